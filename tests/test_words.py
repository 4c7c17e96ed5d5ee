"""Words (issue 22, item 5): every message about players agrees with its subject, every count with its number, and
each title says one thing one way.

- Every event of random games of every table title is told by its log's `describe` as each seat would see it (so
  every seat is "You" once, the others named, several-seat events name two or more) in both languages.
- Every key with a subject variant (`_you`, `_many`: game.services.i18n.said) is rendered for you, one name and two
  names; every key with a count variant (`_one`: i18n.counted) at 1 and 2.
- No English text has "{name}" as the subject of a third-person verb without a `_you` form (unless the name can
  never be yours, listed below), nor a plural noun after a count without a `_one` form (unless the count is never 1).
- Each title's GLOSSARY (its strings.py): no text of the title (strings, rules page, pitch) uses a listed wrong
  variant of a term.
"""

from __future__ import annotations

import contextlib
import re
import string
from random import Random

import pytest

from game.app.table_scene import seat_names
from game.services import i18n
from game.services.i18n import counted, said
from game.titles import registry

ENGLISH_WRONG = [
    re.compile(r"\b[Yy]ou (is|was|has|does)\b"),
    re.compile(r"\b[Yy]ou (?!\w*ss\b)[a-z]+[^s\W]s\b"),  # "You wins", "You flips", "You fights" (not "You pass")
    re.compile(r"\bYou's\b"),
    re.compile(r"\bYou: (?!\w*ss\b)[a-z]+[^s\W]s\b"),  # "You: plays"
    re.compile(r"\bYou lied and is\b"),
    re.compile(r"\b[Yy]ou\b[^.!:;]* and is dragged"),
    re.compile(r"\b1 (pts|points|cards|dice|souls|foxes|reversals|rounds|records|entries|hits|lives)\b"),
    re.compile(r"\(s\)"),  # "reversal(s)": say it at 1 and at 2
    re.compile(r"& [^&:,.]+? (is|was|has|wins|draws|flips|totals|loses)\b"),  # "Kaede & Sakura wins"
    re.compile(r"\bWinner: [^.;]*&"),  # one winner noun for several names
]
JAPANESE_WRONG = [re.compile(r"[A-Za-z]*\b[Yy]ou\b")]  # an English pronoun left in a Japanese line

# Keys whose {name} is never the human's seat, so no "_you" form is needed: {name} is a bot or another player.
NEVER_YOU = {
    "hm.waiting",  # Hige-mekuri's own `say` gives "hm.waiting_you"; kept as the named form
    "hm.bot_wins",  # only shown when a bot wins
    "fj.log.draw",  # your own draw is "fj.log.draw_mine"
    "fj.sixth",  # {name} is a kick target: never you
    "sb.challenged",  # {name} is the challenger of you
    "sb.forced_on_you",
    "table.bot_restarted", "table.bot_error",  # a bot's name
    "setup.level_of",
    "fj.sixth_confirm_button",  # {name} is a kick target: never you
    "sb.log.duel_lost",  # {name} beat you in the duel
    "summary.winner",  # the summary's headline says "summary.you_win" / "summary.you_share" when you are a winner
    "hc.waiting",  # the toy title (tests/fixtures): its scene is not a player's screen
}
# Keys with a count that is never 1 (no "_one" form needed).
NEVER_ONE = {
    "ds.next_roll",  # always 3 dice
    "dc.won_in", "dc.lost_in",  # a duel takes at least 3 rounds
    "fj.end.points",  # the rounds of a match
    "sb.end",  # END_SCORE points
    "menu.players_exact",
}
SUBJECT_VERB = re.compile(r"\{name\} (is|was|has|must|(?!\w*ss\b)[a-z]+[^s\W]s)\b")
COUNT_NOUN = re.compile(r"\{(n|count)\} (pts|points|cards|dice|souls|foxes|reversals|rounds|records|entries|hits)\b")


def english_errors(text: str) -> list[str]:
    return [pattern.pattern for pattern in ENGLISH_WRONG if pattern.search(text)]


def check(text: str, language: str, where: str) -> list[str]:
    """What is wrong with a message as shown: grammar patterns of its language, and characters the font lacks (the
    glyph test over formatted messages: a card symbol or an emoji filled in at run time would draw as a box)."""
    from game.ui.fonts import missing_glyphs

    patterns = ENGLISH_WRONG if language == "en" else JAPANESE_WRONG
    missing = missing_glyphs(text)
    return [f"{where} [{language}]: {text!r} matches {p.pattern}" for p in patterns if p.search(text)] + (
        [f"{where} [{language}]: {text!r} has characters the font lacks: {sorted(missing)}"] if missing else [])


@pytest.fixture(params=i18n.LANGUAGES)
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def table_titles():
    found = []
    for slug, spec in sorted(registry.TITLES.items()):
        if spec.solo:
            continue
        with contextlib.suppress(ModuleNotFoundError):
            found.append((slug, spec.module("log")))
    return found


def random_events(spec, players: int, seed: int) -> list:
    state, rng, events = spec.new_state(players, {}), Random(seed), []
    for _ in range(spec.max_actions + 1):
        if state.is_terminal():
            break
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        events.extend(state.apply(action))
    return events


def names_for(viewer: int, players: int) -> list[str]:
    """The table's names as seat `viewer` sees them: "You" there, bots elsewhere."""
    bots = seat_names(players)[1:] + ["Extra"] * players
    names = bots[:players]
    names.insert(viewer, i18n.t("level.you"))
    return names[:players]


@pytest.mark.parametrize("slug,log", table_titles(), ids=[slug for slug, _ in table_titles()])
def test_every_event_line_agrees_with_its_subject(slug, log, language):
    spec = registry.TITLES[slug]
    errors, told = [], 0
    for players in sorted({spec.min_players, spec.max_players}):
        for seed in range(6):
            for event in random_events(spec, players, 1000 * players + seed):
                for viewer in range(players):
                    line = log.describe(event, viewer, names_for(viewer, players))
                    if line:
                        told += 1
                        errors += check(line[0], language, f"{slug} {type(event).__name__}")
    assert told
    assert not errors, "\n".join(sorted(set(errors))[:40])


def dummy_fields(text: str) -> dict[str, object]:
    return {name: 2 if name in ("n", "count") else "X" for _, name, _, _ in string.Formatter().parse(text) if name}


def variants(suffix: str) -> list[str]:
    catalogue = i18n.catalogue()
    return sorted(key.removesuffix(suffix) for key in catalogue if key.endswith(suffix)
                  and key.removesuffix(suffix) in catalogue)


def test_every_subject_variant_agrees(language):
    names = ["You" if language == "en" else "あなた", "Kaede", "Sakura", "Jin"]
    errors = []
    for key in sorted(set(variants("_you")) | set(variants("_many"))):
        fields = {k: v for k, v in dummy_fields(i18n.catalogue()[key]["en"]).items() if k not in ("name", "names")}
        subjects = ([0] if f"{key}_you" in i18n.catalogue() else []) + [1] + ([[1, 2], [0, 3]] if f"{key}_many" in i18n.catalogue() else [])
        for seats in subjects:
            try:
                text = said(key, seats, names, 0, **fields)
            except KeyError as exc:
                errors.append(f"{key} for seats {seats}: {exc}")
                continue
            errors += check(text, language, key)
    assert not errors, "\n".join(errors)


def test_every_count_variant_agrees_at_one_and_two(language):
    errors = []
    for key in variants("_one"):
        fields = {k: v for k, v in dummy_fields(i18n.catalogue()[key]["en"]).items() if k != "n"}
        for n in (1, 2):
            errors += check(counted(key, n, **fields), language, f"{key} at {n}")
    assert not errors, "\n".join(errors)


def test_japanese_counters_are_the_same_at_one_and_many():
    """Japanese has no plural: a count's two forms differ only in English, the counter (点, 枚, 個, 人...) stays."""
    catalogue = i18n.catalogue()
    differ = [key for key in variants("_one") if catalogue[key]["ja"] != catalogue[f"{key}_one"]["ja"]]
    assert not differ, differ


def test_a_name_that_can_be_yours_has_a_you_form():
    catalogue = i18n.catalogue()
    missing = sorted(key for key, entry in catalogue.items()
                     if SUBJECT_VERB.search(entry["en"]) and f"{key}_you" not in catalogue
                     and not key.endswith(("_you", "_many")) and key not in NEVER_YOU)
    assert not missing, f"{{name}} is the subject of a third-person verb but there is no _you form: {missing}"
    plural = sorted(key for key, entry in catalogue.items() if re.search(r"\{names\} (is|was|has|[a-z]+[^s\W]s)\b",
                                                                          entry["en"]))
    assert not plural, f"several names with a singular verb: {plural}"


def test_a_count_that_can_be_one_has_a_one_form():
    catalogue = i18n.catalogue()
    missing = sorted(key for key, entry in catalogue.items()
                     if COUNT_NOUN.search(entry["en"]) and f"{key}_one" not in catalogue
                     and not key.endswith("_one") and key not in NEVER_ONE)
    assert not missing, f"a plural noun after a count with no _one form: {missing}"


def test_the_helpers():
    names = ["You", "Kaede", "Sakura"]
    assert said("summary.winner", [0], names, 0) if "summary.winner_you" in i18n.catalogue() else True
    assert said("summary.winner", [1, 2], names, 0) == "Kaede & Sakura win"
    # you among several: lower case mid-list, capitalised where the list begins the sentence (playtest round 14:
    # "Deck empty: Jin & You & Hayate draw nothing")
    assert said("fj.log.missed", [2, 0, 1], names, 0) == "Deck empty: Sakura, you & Kaede draw nothing."
    assert said("summary.winner", [0, 1], names, 0) == "You & Kaede win"
    assert said("summary.winner", 1, names, 0) == "Kaede wins"
    assert said("fj.waiting", 0, names, 0) == "Your move next…"  # your seat waits only for a banner to play out
    assert said("fj.waiting", 0, ["Jin", *names[1:]], None) == "Jin is thinking…"  # a demo: no human seat
    assert counted("summary.points", 1) == "1 point" and counted("summary.points", 2) == "2 points"
    assert i18n.person(0, names, 0) == "you" and i18n.person(1, names, 0) == "Kaede"
    i18n.set_language("ja")
    try:  # Japanese joins two names with と, as a sentence would: 「楓と桜」, not "楓 & 桜"
        assert i18n.joined([1, 2], ["あなた", "楓", "桜"]) == "楓と桜"
        assert i18n.listed(["赤●2", "黒◆3"]) == "赤●2、黒◆3"  # and lists with 、, not ", "
    finally:
        i18n.set_language("en")


# --- one glossary per title ---------------------------------------------------------------------------------------
def title_texts(spec, language: str) -> list[tuple[str, str]]:
    texts = [(key, entry[language]) for key, entry in spec.strings().items()]
    texts.append(("pitch", spec.pitch_ja if language == "ja" else spec.pitch_en))
    for heading, bullets in spec.module("rules_text").RULES[language]:
        texts += [("rules", text) for text in (heading, *bullets)]
    return texts


GLOSSED = [slug for slug, spec in sorted(registry.TITLES.items())
           if hasattr(spec.module("strings"), "GLOSSARY")]


def test_every_landed_title_has_a_glossary():
    landed = {slug for slug in registry.TITLES if slug != "high_card"}
    assert landed <= set(GLOSSED), sorted(landed - set(GLOSSED))


@pytest.mark.parametrize("slug", GLOSSED)
def test_a_title_uses_its_glossary_terms_only(slug):
    spec = registry.TITLES[slug]
    glossary = spec.module("strings").GLOSSARY
    wrong = []
    for term, entry in glossary.items():
        assert entry["en"] and entry["ja"], term
        for language in i18n.LANGUAGES:
            for variant in entry[f"not_{language}"]:
                pattern = re.compile(rf"\b{re.escape(variant)}", re.I) if language == "en" else re.compile(
                    re.escape(variant))
                wrong += [f"{where}: {variant!r} for {term!r} ({entry[language]!r}) in {text!r}"
                          for where, text in title_texts(spec, language) if pattern.search(text)]
    assert not wrong, "\n".join(wrong)


def test_dice_combat_names_the_oni_one_way():
    spec = registry.TITLES["dice_combat"]
    ja = " ".join(text for _, text in title_texts(spec, "ja"))
    en = " ".join(text for _, text in title_texts(spec, "en"))
    assert "鬼" in ja and "モンスター" not in ja
    assert "oni" in en and "monster" not in en.lower()

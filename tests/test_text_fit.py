"""Text stays in its box, and every character shown is in the font (issue 22, item 4).

Boxed text is drawn by `game.ui.text.block` (wrapped to its box, smaller type when needed), buttons shrink their
label to fit, and a table's decision panel (`game.ui.actions`) wraps its prompt whole and grows toward the move log.
Whatever still leaves its box is noted in `text.OVERFLOWS`; every string rendered is noted in `text.SHOWN`. Here every
title's screens are played in English and Japanese at its largest table (the longest bot names): games played
through by random choices, and thousands of random key and mouse events; nothing may overflow, and no string shown,
formatted ones included, may have a character the bundled font lacks (an emoji would draw as an empty box).
"""

import random

import pygame
import pytest
from test_smoke import drive, make, random_event, title_scenes

from game.app.app import STEP
from game.app.setup import GameSetup, start_scene
from game.app.table_scene import TableScene
from game.services import i18n
from game.titles import registry
from game.ui import text
from game.ui.actions import ActionPanel, Note
from game.ui.fonts import missing_glyphs
from game.ui.movelog import MoveLog
from game.ui.widgets import Button, ButtonRow

LANGUAGES = ("en", "ja")


@pytest.fixture(params=LANGUAGES)
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


# --- the pieces can fail -----------------------------------------------------------------------------------------
def test_a_block_notes_text_that_leaves_its_box(watched):
    overflows, shown = watched
    surface = pygame.Surface((400, 300))
    used = text.block(surface, "A short line.", 17, pygame.Rect(10, 10, 300, 60))
    assert used == text.line_height(17) and not overflows and "A short line." in shown
    long = "word " * 80
    text.block(surface, long, 17, pygame.Rect(10, 10, 300, 60))
    assert [entry for entry, _ in overflows] == [long]


def test_a_block_sets_smaller_type_before_it_overflows(watched):
    overflows, _ = watched
    lines, size, fits = text.block_size("word " * 16, 20, 200, 4 * text.line_height(16))
    assert fits and size < 20 and len(lines) * text.line_height(size) <= 4 * text.line_height(16)
    assert not overflows


def katakana(ch: str) -> bool:
    return "\u30a1" <= ch <= "\u30fa" or ch == "ー"


def test_japanese_breaks_between_words_where_it_can(watched):
    """A katakana word (カード) stays on one line, no line starts with 、 or ー nor ends with 「; a katakana word
    longer than the line still breaks (it may not run out of its box)."""
    sentence = "あなたは「ダブル」のカードを出しました、次のプレイヤーの番です。" * 3
    for width in range(120, 400, 7):  # プレイヤー fits each width
        lines = text.wrap(sentence, 17, width)
        assert "".join(lines) == sentence
        for before, after in zip(lines, lines[1:], strict=False):
            assert after[0] not in text.NO_BREAK_BEFORE and before[-1] not in text.NO_BREAK_AFTER
            assert not (katakana(before[-1]) and katakana(after[0])), (width, before, after)
    for width in range(150, 330, 3):  # a closing dash stays with the line it closes
        lines = text.wrap("— 第1セット ラウンド1：疾風が親 —", 16, width)
        assert all(line.strip() != "—" for line in lines) and not any(row.startswith("—") for row in lines[1:]), (width, lines)
    for sentence, word in (("嘘の宣言：次の人が魂を失えば、あなたも失う。", "あなた"), ("（山札をクリック）", "山札"),
                           ("ヴィクトリア女王をめくる", "女王"), ("大きい方が強い。", "強い"),
                           ("命令3：攻撃しなければならない。光っている自軍（2枚以上）をクリック。", "命令"),
                           ("内陸国：侵略権は隣国から", "内陸国")):
        widest = max(text.font(17).size(phrase)[0] for phrase in text._phrases_parser().parse(sentence))
        for width in range(widest + 1, 400, 5):  # words split in playtests; a line fits the widest phrase
            assert any(word in line for line in text.wrap(sentence, 17, width)), (sentence, width)
    long_word = "ア" * 40
    lines = text.wrap(long_word, 17, 120)
    assert len(lines) > 1 and all(text.font(17).size(line)[0] <= 120 for line in lines)


def test_a_button_shrinks_its_label_and_notes_one_that_cannot_fit(watched):
    overflows, _ = watched
    surface = pygame.Surface((400, 100))
    Button(pygame.Rect(0, 0, 150, 34), "Watch demo", lambda: None, size=20).draw(surface, False, False)
    assert not overflows
    Button(pygame.Rect(0, 0, 60, 34), "A label far too long for its button", lambda: None).draw(surface, False, False)
    assert overflows


def test_an_emoji_shown_is_caught_by_the_glyph_check(watched):
    overflows, shown = watched
    text.render("Jin flips 🦊", 17)
    assert "🦊" in report(overflows, shown)


def panel_with_log() -> tuple[ActionPanel, MoveLog]:
    log = MoveLog(pygame.Rect(992, 14, 276, 380))
    return ActionPanel(pygame.Rect(992, 404, 276, 302), log), log


def buttons(count: int) -> list[Button]:
    return [Button(pygame.Rect(1006, 470 + 38 * i, 248, 34), f"Choice {i}", lambda: None) for i in range(count)]


def test_a_marked_symbol_takes_its_own_colour_inside_the_block_only(watched):
    """Shinobazu's "red●": the dot red, the word in the text's colour, the width as one run; outside `marked`
    (the menu's "▲ 3 more") the symbol keeps the text's colour."""
    red, white = (236, 92, 98), (255, 255, 255)

    def colours(image):
        return {tuple(image.get_at((x, y)))[:3] for x in range(image.get_width()) for y in range(image.get_height())
                if image.get_at((x, y)).a == 255}

    plain = text.render("red●", 20, white)
    with text.marked({"●": red}):
        marked = text.render("red●", 20, white)
        assert text.render("red", 20, white) is text.render("red", 20, white)  # unmarked text: the same cache
    assert red in colours(marked) and white in colours(marked) and red not in colours(plain)
    assert abs(marked.get_width() - plain.get_width()) <= 2 and marked.get_height() == plain.get_height()
    assert text.render("red●", 20, white) is plain  # outside the block: as before


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_question_dialog_is_as_tall_as_its_text(app, language, watched):
    """Playtest round 10: a one-line question sat in a dialog of fixed height with an empty band over its buttons.
    The dialog takes its text's height: the buttons come a little under the text, and a long detail still fits."""
    from game.app.overlays import ConfirmScene

    i18n.set_language(language)
    overflows, _ = watched
    short = ConfirmScene(app, i18n.t("menu.quit_question"), i18n.t("menu.quit"), lambda: None, i18n.t("menu.quit_no"))
    long_detail = " ".join([i18n.t("menu.discard_detail")] * 6)
    tall = ConfirmScene(app, i18n.t("menu.discard_question", title="Shinobazu"), i18n.t("menu.discard_yes"),
                        lambda: None, i18n.t("menu.discard_no"), long_detail)
    for dialog in (short, tall):
        dialog.draw(app.screen, 0.0)
        room = dialog.row.buttons[0].rect.top - dialog.rect.top - 44 - 40  # text room: the top margin, the gap
        assert 0 < dialog._text_height() <= room <= max(dialog._text_height(), 220 - 44 - 40 - 86)
        assert dialog.rect.height <= 400 and dialog.rect.center == (640, 360)
    assert short.rect.height < tall.rect.height
    assert not overflows

def test_the_panel_puts_the_buttons_under_the_whole_prompt():
    actions, log = panel_with_log()
    row = buttons(2)
    prompt = "Kaede forced a card on you, face down. Fight or pass? It is the lead card, black◆."
    layout = actions.layout(prompt, row)
    actions.place(row, layout)
    assert len(layout.prompt) == 3 and layout.fits and layout.rect == actions.home  # it needs no more room
    prompt_bottom = layout.rect.y + 12 + 3 * text.line_height(17)
    assert row[0].rect.top > prompt_bottom and row[1].rect.top - row[0].rect.top == 38  # arrangement kept
    actions.place(row, layout)
    assert row[0].rect.top == layout.buttons_top  # placing again moves nothing


def test_the_panel_grows_toward_the_log_which_gives_way_and_overflows_only_past_its_tallest(watched):
    overflows, _ = watched
    actions, log = panel_with_log()
    row = buttons(5)
    notes = [Note("A warning that takes a few lines to say, as warnings do. " * 3)]
    layout = actions.layout("Choose. " * 30, row, notes)
    actions.place(row, layout)
    assert layout.fits and layout.rect.height > actions.home.height and layout.rect.bottom == actions.home.bottom
    assert log.rect.bottom <= layout.rect.top - 10 and log.rect.height >= 150
    actions.draw(pygame.Surface((1280, 720)), layout, (255, 255, 255), True, ButtonRow(row))
    assert not overflows
    huge = actions.layout("Choose. " * 300, row, notes)
    assert not huge.fits and huge.rect.height == actions.tallest
    actions.draw(pygame.Surface((1280, 720)), huge, (255, 255, 255), True, ButtonRow(row))
    assert overflows


def test_a_hint_under_the_mouse_does_not_move_the_panel():
    actions, _ = panel_with_log()
    row = buttons(5)
    hints = [Note("Short."), Note("A much longer hint that wraps over two or three lines of the panel, " * 2)]
    reserve = actions.roomiest(hints)
    prompt = "Choose one of these, reading each hint. " * 4
    tops = {actions.layout(prompt, row, [hint], reserve=reserve).buttons_top for hint in hints}
    rects = {tuple(actions.layout(prompt, row, [hint], reserve=reserve).rect) for hint in hints}
    assert len(tops) == 1 and len(rects) == 1


# --- every title's screens -------------------------------------------------------------------------------------
def longest_table(spec) -> int:
    return 1 if spec.solo else spec.max_players


def play_through(app, slug: str, seed: int, frames: int) -> int:
    """A game at the title's largest table, the human choosing at random and the mouse roaming: frames drawn."""
    spec = registry.get(slug)
    players = longest_table(spec)
    setup = GameSetup(slug, ["easy"] * (players - 1), seed=seed, options=spec.default_options())
    scene = start_scene(app, setup)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    rng = random.Random(seed)
    for frame in range(frames):
        if app.stack.top is not scene:
            return frame
        if rng.random() < 0.3:
            app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(rng.randrange(1280), rng.randrange(720)),
                                          rel=(0, 0), buttons=(0, 0, 0)))
        if isinstance(scene, TableScene) and scene.human_turn() and rng.random() < 0.2:
            scene.choose(rng.choice(list(scene.view.legal)))
        elif isinstance(scene, TableScene) and scene.awaits_player and rng.random() < 0.2:
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        elif not isinstance(scene, TableScene) and rng.random() < 0.1:
            app.handle(random_event(rng))
        app.tick(STEP)
    return frames


def report(overflows, shown) -> str:
    lines = [f"left its box {box}: {entry!r}" for entry, box in dict.fromkeys(overflows)]
    missing = {ch for entry in shown for ch in missing_glyphs(entry)}
    lines += [f"not in the font: {''.join(sorted(missing))!r} in "
              f"{[entry for entry in shown if set(entry) & missing][:5]}"] if missing else []
    return "\n".join(lines[:30])


@pytest.mark.parametrize("slug", sorted(registry.TITLES))
def test_every_screen_keeps_its_text_in_its_boxes(app, slug, language, watched, quick_bots, brisk):
    overflows, shown = watched
    drawn = sum(play_through(app, slug, seed, 1500) for seed in (1, 2))
    for k, make_scene in enumerate(title_scenes(app, slug)):
        drawn += drive(app, make_scene, random.Random(f"{slug}/{language}/{k}"), 900)
    assert drawn > 1000 and len(shown) > 50
    problems = report(overflows, shown)
    assert not problems, f"{slug} ({language}):\n{problems}"


APP_SCREENS = ["menu", "settings", "scores", "pause", "notice", "summary", "statistics", "dice_combat_scores"]


def test_the_apps_own_screens_keep_their_text_in_their_boxes(app, language, watched):
    """The menu with every title in turn (its pitch, players, best), and the shared screens under random input."""
    overflows, shown = watched
    app.stack.clear_to(make(app, "menu"))
    app.stack.apply_pending()
    for _ in range(len(registry.TITLES) + 1):
        app.tick(STEP)
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    for name in APP_SCREENS:
        drive(app, lambda name=name: make(app, name), random.Random(f"{name}/{language}"), 600)
    problems = report(overflows, shown)
    assert not problems, f"({language}):\n{problems}"


def test_the_games_screen_and_the_theatre_keep_their_text_in_their_boxes(app, play_to_summary, language, watched,
                                                                        monkeypatch):
    from test_theatre import played, theatre_for

    from game.ai import worker
    from game.app.games_scene import GamesScene

    overflows, shown = watched
    monkeypatch.setattr(worker, "COACH_ITERATIONS", 100)  # the coach's advice as it reads, not as good as it gets
    played(app, play_to_summary, "fusejika", seed=2)
    app.storage.record_game("dice_slayer", "end", 12, {"score": 150}, "")
    drive(app, lambda: GamesScene(app), random.Random(f"games/{language}"), 900)
    (game,) = app.storage.stored_games("fusejika")
    drive(app, lambda: theatre_for(app, game), random.Random(f"theatre/{language}"), 900)
    theatre = theatre_for(app, game, coach=True)  # the coach's panel, at the first decision of yours
    app.stack.clear_to(theatre)
    app.stack.apply_pending()
    next(k for k in range(len(theatre.moves)) if (theatre.jump(k) or theatre.your_decision()))
    for _ in range(3):
        app.tick(STEP)
    problems = report(overflows, shown)
    assert not problems, f"({language}):\n{problems}"


# --- a language switch mid-game leaves no English behind ---------------------------------------------------------
def english_only() -> set[str]:
    """Catalogue texts that read differently in Japanese and have no {field}: shown as they are in English."""
    return {entry["en"] for entry in i18n.catalogue().values()
            if "{" not in entry["en"] and entry["en"] != entry["ja"] and any(ch.isalpha() for ch in entry["en"])}


@pytest.mark.parametrize("slug", sorted(slug for slug, spec in registry.TITLES.items() if not spec.solo))
def test_a_table_switched_to_japanese_mid_game_shows_no_english_left(app, slug, watched):
    """Played a while in English, switched to Japanese in the settings: once what was on show has played out,
    no string the table draws is an English catalogue text (a cached label, a name or a log line made before); and
    switched back, the log told again is the log as it was shown."""
    _, shown = watched
    i18n.set_language("en")
    app.change_settings(anim_speed="fast")
    play_through(app, slug, 5, 200)  # mid-game (the toy title's game is over in 387 frames)
    scene = app.stack.top
    assert isinstance(scene, TableScene)

    def settle() -> None:
        """On to your decision (or the end): the table waits, so the log holds still."""
        def waiting() -> bool:
            return scene.human_turn() or (scene.over and not scene.timeline.busy)
        for _ in range(6000):
            if waiting():
                break
            if scene.awaits_player:  # a result waits for the player to go on
                scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
            scene.update(STEP)
        scene.update(STEP)
        assert waiting()

    settle()
    english = list(scene.log.entries)
    app.change_settings(language="ja")
    settle()
    shown.clear()
    scene.draw(app.screen, 0.0)
    left = sorted(shown & english_only())
    told = len(scene.log.entries)
    app.change_settings(language="en")
    settle()
    assert len(shown) > 10 and not left, f"{slug}: still English after the switch: {left[:10]}"
    assert told == len(english) and scene.log.entries == english, f"{slug}: the log told again is not the log"


def test_a_short_aside_in_brackets_stays_on_one_line():
    """Playtest round 15: Powers' log broke 「疾風が10♥を出す（10、｜戦力10）。」 inside its brackets. A short aside
    stays whole where the line can hold it; a narrower line still breaks it rather than overflow."""
    sentence = "疾風が10♥を出す（10、戦力10）。"
    for width in range(text.font(17).size("（10、戦力10）。")[0], 300, 6):
        lines = text.wrap(sentence, 17, width)
        assert "".join(lines) == sentence and any("（10、戦力10）" in line for line in lines), (width, lines)
    narrow = text.wrap(sentence, 17, 60)
    assert all(text.font(17).size(line)[0] <= 60 for line in narrow)


def test_a_line_may_end_after_a_colon_or_a_full_stop_inside_a_phrase():
    """Playtest round 17: BudouX found 令3：攻撃しなければならない。 as one phrase; glued to 命 it ran wider than the
    panel and its 。 touched the edge. A line may now end after ： or 。 wherever they stand, so every line fits."""
    sentence = "命令3：攻撃しなければならない。光っている自軍（2枚以上）をクリック。"
    for width in range(200, 400, 4):
        lines = text.wrap(sentence, 17, width, True)
        assert "".join(lines) == sentence and "命令3：" in lines[0], width
        assert all(text.font(17, True).size(line)[0] <= width for line in lines), (width, lines)


def test_nothing_to_show_is_not_shortened_to_an_ellipsis():
    """A hidden button's empty label, in a box too narrow for anything, drew a lone "…" (found by a probe of every
    shortened text, round 18)."""
    assert text.fit("", 17, -15, True)[0] == ""
    assert text.fit("Double", 17, 10, True, 17)[0].endswith("…")


def test_a_small_card_says_a_short_word_not_a_cut_one(app, monkeypatch):
    """Round 18's probe: Neu/Noir's Turn read 「タ…」 on a 30-pixel card in Japanese, Fusejika's A 「オールマイ…」 on a
    narrow column card; both now have short names that fit."""
    from game.services import i18n
    from game.titles.fusejika import cards as fusejika_cards
    from game.titles.neu_noir import cards as neu_noir_cards

    shown = []
    real = text.render
    for module in (neu_noir_cards, fusejika_cards):
        monkeypatch.setattr(module, "render", lambda words, *a, **k: (shown.append(words), real(words, *a, **k))[1])
    for language in ("en", "ja"):
        i18n.set_language(language)
        for width in (30, 34, 40, 62):
            for kind in ("SHOT", "TURN", "DOUBLE", "PASS"):
                neu_noir_cards.card_face.__wrapped__(kind, width)
        for width in range(44, 90, 2):
            fusejika_cards.card_face.__wrapped__("A", "S", width)
    i18n.set_language("en")
    assert shown and not [words for words in shown if words.endswith("…")]


def test_condensed_text_keeps_every_character_and_its_width(app):
    """`text.condensed` (Fusejika's card words): a name that fits keeps its size; a long one is made smaller down
    to the smallest size, then squeezed sideways to the width, never cut short with "…"."""
    from game.ui import text

    roomy = text.condensed("kick", 13, 200)
    assert roomy.get_size() == text.render("kick", 13).get_size()
    name = "オールマイティ"
    assert text.font(10).size(name)[0] > 52  # too long for a row card even at the smallest size
    squeezed = text.condensed(name, 13, 52)
    assert squeezed.get_width() == 52 and squeezed.get_height() == text.render(name, 10).get_height()

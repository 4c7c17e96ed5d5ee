"""What every table scene shares (issue 14, items 3 and 4): events shown by their class, rule helpers that agree with
the engine, `draw` that changes nothing, and the toy title played through the shared loop at 2 to 7 seats."""

import random
from dataclasses import fields, is_dataclass

import pygame
import pytest

from game.app.app import STEP
from game.app.setup import GameSetup, start_scene
from game.app.summary import SummaryScene
from game.app.table_scene import seat_names
from game.core.engine import State
from game.services import i18n
from game.titles import registry

TABLE_TITLES = ["shinobazu", "fusejika", "kitsune_gaeshi", "high_card"]


# --- dispatch on the event class --------------------------------------------------------------------------------
@pytest.mark.parametrize("slug", TABLE_TITLES)
def test_events_are_told_by_their_class(slug):
    """A title's animations and log tellers are keyed by its rules' event classes, never by names."""
    spec = registry.get(slug)
    rules, scene, log = spec.module("rules"), spec.module("scene"), spec.module("log")
    scene_class = next(value for value in vars(scene).values()
                       if isinstance(value, type) and value.__module__ == scene.__name__ and hasattr(value, "rules"))
    for table in (scene_class.animations, log.TELLERS):
        assert table and all(isinstance(key, type) and vars(rules).get(key.__name__) is key for key in table)


# --- rule helpers agree with the engine -------------------------------------------------------------------------
def random_states(slug: str, games: int, seed: int, players: tuple[int, ...]):
    """Every decision state (a clone) of `games` random games."""
    rng = random.Random(seed)
    spec = registry.get(slug)
    for _ in range(games):
        state = spec.new_state(rng.choice(players))
        while not state.is_terminal():
            if not state.is_chance_node():
                yield state.clone()
            state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))


def test_fusejika_helpers_match_the_engine():
    from game.titles.fusejika import rules

    for state in random_states("fusejika", 40, 1, (3, 4, 5)):
        for seat in range(state.n):
            view = state.view(seat)
            assert rules.kickable_cards(view.rows, seat, state.source) == state.kickable(seat, state.source)
            assert rules.copyable_ranks(view.rows, seat, state.source, view.deck_size) == state.copyable(seat,
                                                                                                         state.source)
        for action in state.legal_actions():
            if type(action) is not rules.Play:
                continue
            row, p = state.row[state.cur], state.cur
            wins = rules.completes(row, action.card)
            reason = None if wins else rules.no_effect(action.card.rank, rules.laid(tuple(state.row), p, action.card),
                                                      p, action.card, state.deck_size)
            events = state.clone().apply(action)
            assert [e.reason for e in events if type(e) is rules.NoEffect] == ([reason] if reason else [])
            assert any(type(e) is rules.SuddenDeath for e in events) == wins and not rules.dead(row, action.card)


def test_shinobazu_helpers_match_the_engine():
    from game.titles.shinobazu import rules

    for state in random_states("shinobazu", 30, 2, (3, 4, 5)):
        for seat in range(state.n):
            view = state.view(seat)
            assert rules.playable_cards(view) == state.legal_cards(seat)
            assert all((rules.must_follow(view, card) is None) == (card in state.legal_cards(seat))
                       for card in view.hand)
            assert rules.stack_size(view, seat) == len(state.stack(seat))


def test_kitsune_helpers_match_the_engine():
    from game.titles.kitsune_gaeshi import rules

    rng, checked = random.Random(3), 0
    for _ in range(200):
        state = rules.new_state(rng.choice((3, 4)), companion=rng.choice((rules.STANDARD, rules.CASUAL)))
        while not state.is_terminal():
            before = len(state.past)
            alive = state.alive_seats()
            state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
            if len(state.past) > before:
                record = state.past[-1]
                expected = next((s for k in range(1, state.n) if (s := (record.main_loser - k) % state.n) in alive),
                                None)
                assert rules.checked_companion(record, state.view(0).souls) == expected
                if record.companion is not None:
                    assert record.companion == expected
                checked += 1
    assert checked > 300


def test_kitsune_declaration_and_flip_helpers():
    from game.titles.kitsune_gaeshi import rules

    state = rules.position(3, 0)
    assert rules.flip_must_fail(state.view(0))
    state.apply(rules.DRAW)
    state.apply(rules.BRIDE)
    view = state.view(0)
    assert rules.liable_declaration(view, rules.DECLARE_FOX) and not rules.liable_declaration(view,
                                                                                              rules.DECLARE_BRIDE)
    assert not rules.liable_declaration(state.view(1), rules.DECLARE_FOX)  # seat 1 holds nothing
    state.apply(rules.DECLARE_BRIDE)
    assert rules.flip_must_fail(state.view(1))  # one card on the table: two foxes cannot be found
    rules.lay(state, "F>f")
    assert not rules.flip_must_fail(state.view(2))


# --- draw never changes anything --------------------------------------------------------------------------------
def fingerprint(value, depth: int = 0):
    """A comparable picture of `value`: containers and our own objects by content, down a few levels."""
    if isinstance(value, (int, float, str, bytes, type(None))) or depth > 5:
        return value if depth <= 5 else id(value)
    if isinstance(value, State):
        return "state", id(value), tuple(value.history)
    if isinstance(value, random.Random):
        return "rng", value.getstate()
    if isinstance(value, pygame.Rect):
        return "rect", tuple(value)
    if isinstance(value, (list, tuple)):
        return type(value).__name__, id(value), tuple(fingerprint(item, depth + 1) for item in value)
    if isinstance(value, dict):
        return "dict", id(value), tuple((key, fingerprint(item, depth + 1)) for key, item in value.items())
    if is_dataclass(value) and not isinstance(value, type):
        return "dc", id(value), tuple(fingerprint(getattr(value, f.name), depth + 1) for f in fields(value))
    if type(value).__module__.startswith("game.") and hasattr(value, "__dict__"):
        return "obj", id(value), tuple((key, fingerprint(item, depth + 1)) for key, item in vars(value).items()
                                       if key != "app")
    return "id", id(value)


@pytest.mark.parametrize(("slug", "players"), [("shinobazu", 4), ("fusejika", 3), ("kitsune_gaeshi", 4),
                                               ("high_card", 7)])
def test_draw_changes_nothing(app, slug, players):
    app.change_settings(anim_speed="fast")
    scene = start_scene(app, GameSetup(slug, ["easy"] * (players - 1), seed=4))
    app.stack.push(scene)
    app.stack.apply_pending()
    rng, surface, drawn = random.Random(4), pygame.Surface((1280, 720)), 0
    for frame in range(1500):
        if app.stack.top is not scene:
            break
        if scene.human_turn() and frame % 5 == 0:
            scene.choose(rng.choice(list(scene.view.legal)))
        app.stack.update(STEP)  # one step of the app's loop, drawn by hand: right after an update
        app.stack.apply_pending()
        before = fingerprint(scene)
        scene.draw(surface, 0.5)
        assert fingerprint(scene) == before, f"{slug}: draw changed the scene at frame {frame}"
        drawn += 1
    assert drawn > 50


# --- the toy title at the table ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 8))
def test_the_toy_title_plays_through_the_shared_loop(app, play_to_summary, players):
    """A title dropped into the titles folder reaches the table and plays to the summary, at every count."""
    scene = start_scene(app, GameSetup("high_card", ["easy"] * (players - 1), seed=players))
    assert isinstance(play_to_summary(scene, players), SummaryScene)
    state = scene.state
    (game,) = app.storage.finished_games("high_card")
    assert game["details"]["players"] == players and game["details"]["cards"] == list(state.cards)
    winners = [seat for seat in range(players) if state.cards[seat] == max(state.cards)]
    assert game["details"]["winners"] == winners
    assert len(scene.log.entries) >= players + 2  # a line per choice, the deal, the cards shown, the winner


def test_the_toy_table_shows_only_seat_0s_secrets(app):
    i18n.set_language("en")
    scene = start_scene(app, GameSetup("high_card", ["easy"] * 6, seed=9))
    app.stack.push(scene)
    app.stack.apply_pending()
    for _ in range(400):
        app.tick(STEP)
        assert scene.view == scene.state.view(0)
        if scene.shown is None:
            assert all(scene._face(seat) is None for seat in range(1, 7))
            assert scene._face(0) == (scene.state.cards[0] or None)
        if scene.human_turn():
            assert [b.label for b in scene.buttons.buttons] == [t.title() for t in scene.view.legal]
            scene.choose(scene.view.legal[0])
    text = " ".join(entry for entry, _ in scene.log.entries)
    assert "You draw a" in text and "You keep your card." in text


# --- your seat (a game played on from another seat of a replay) --------------------------------------------------
@pytest.mark.parametrize("slug", sorted(slug for slug, spec in registry.TITLES.items() if not spec.solo))
def test_you_can_sit_in_any_seat(app, play_to_summary, monkeypatch, slug):
    """With you at the last seat the table is laid out around that seat, shows its view, asks you its decisions and
    the bots the others', and records the game as yours: every title, through the shared loop."""
    from game.ui.seats import SEAT_0

    i18n.set_language("en")
    spec = registry.get(slug)
    players = max(spec.min_players, min(4, spec.max_players))
    me = players - 1
    scene = start_scene(app, GameSetup(slug, ["easy"] * (players - 1), seed=8, options=spec.default_options(),
                                       seat=me))
    assert scene.me == me and scene.names[me] == "You" and scene.levels[me] == "you"
    assert scene.names[1:me] == seat_names(players)[1:me]  # the others keep their names; seat 0 takes a new one
    assert scene.names[0] not in seat_names(players)
    assert scene.layout.plate_rect(me).center == SEAT_0 and scene.others() == list(range(me))
    asked = []
    submit = app.bots.submit
    monkeypatch.setattr(app.bots, "submit", lambda slug, options, history, seat, *rest, **kw:
                        asked.append(seat) or submit(slug, options, history, seat, *rest, **kw))
    decided = []
    original = scene.choose
    monkeypatch.setattr(scene, "choose", lambda action: (decided.append(scene.state.current_player()),
                                                         original(action)))
    play_to_summary(scene, 8)
    assert scene.state.is_terminal() and scene.view.legal == scene.state.view(me).legal
    assert decided and set(decided) == {me} and asked and me not in asked
    (game,) = app.storage.finished_games(slug)
    assert game["details"]["levels"][me] == "you"
    assert (game["outcome"] == "win") == (me in game["details"]["winners"])


# --- a language switch mid-game ---------------------------------------------------------------------------------
@pytest.mark.parametrize("slug", ["shinobazu", "powers"])
def test_a_language_switch_mid_game_tells_the_log_and_the_names_anew(app, slug):
    """Switched in the settings during a game (the table under the pause menu): the names change at once, and the
    move log, once what is on show has played out, reads as a game begun in the new language."""
    i18n.set_language("en")
    spec = registry.get(slug)
    players = max(spec.min_players, 4)
    scene = start_scene(app, GameSetup(slug, ["easy"] * (players - 1), seed=3, options=spec.default_options()))
    app.stack.push(scene)
    app.stack.apply_pending()
    rng = random.Random(3)
    for _ in range(3000):
        app.tick(STEP)
        if scene.human_turn() and scene.view.legal:
            scene.choose(rng.choice(scene.view.legal))
        if len(scene.state.history) > 12 and scene.timeline.busy:
            break
    assert scene.log.entries and scene.names[0] == "You"
    assert not any(ord(ch) > 0x3000 for entry, _ in scene.log.entries for ch in entry)
    app.change_settings(language="ja")  # what the settings scene does (behind it, the table under its pause menu)
    assert scene.names[0] == "あなた" and scene.names[1] == "疾風"
    while scene.timeline.busy:
        app.tick(STEP)
    app.tick(STEP)
    fresh = start_scene(app, GameSetup(slug, ["easy"] * (players - 1), seed=3, options=spec.default_options()))
    told = []
    scene.save().state(tell=lambda event: told.append(fresh.describe(event, fresh.me, fresh.names)))
    assert [entry for entry, _ in scene.log.entries] == [line[0] for line in told if line]
    assert all(any(ord(ch) > 0x3000 for ch in entry) for entry, _ in scene.log.entries)  # it read English before
    assert scene.log.title == fresh.log.title
    i18n.set_language("en")


@pytest.mark.parametrize("slug", ["hexa", "neu_noir", "kitsune_gaeshi"])
def test_your_buttons_behind_the_pause_menu_switch_language_at_once(app, slug):
    """Playtest round 11: switched to Japanese in the settings over a paused table, the table's buttons behind the
    pause menu kept their English labels until the game went on. They change with the switch."""
    i18n.set_language("en")
    spec = registry.get(slug)
    players = max(spec.min_players, 4) if spec.max_players >= 4 else spec.min_players
    scene = start_scene(app, GameSetup(slug, ["easy"] * (players - 1), seed=5, options=spec.default_options()))
    app.stack.push(scene)
    app.stack.apply_pending()
    for _ in range(20000):
        app.tick(STEP)
        if scene.human_turn() and scene.buttons.buttons:
            break
        if scene.awaits_player:
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert scene.human_turn() and scene.buttons.buttons
    english = [button.label for button in scene.buttons.buttons]
    try:
        app.change_settings(language="ja")  # no tick: the table is paused under the settings
        japanese = [button.label for button in scene.buttons.buttons]
        assert japanese != english and any(ord(ch) > 0x3000 for label in japanese for ch in label), (english, japanese)
    finally:
        app.change_settings(language="en")


# --- "You start" on the setup screen ----------------------------------------------------------------------------
@pytest.mark.parametrize("slug", sorted(slug for slug, spec in registry.TITLES.items()
                                         if not spec.solo and spec.start_chance))
def test_you_start_when_the_setup_says_so(app, slug):
    """Neu/Noir and Shinoburi deal before the start is picked: "You start" once crashed them (it was given to their
    first chance node, a card or a country). Over four seeds, chance alone starts someone else at least once."""
    spec = registry.get(slug)
    players = min(4, spec.max_players)
    starters = {}
    for human_starts in (True, False):
        for seed in range(1, 5):
            setup = GameSetup(slug, ["easy"] * (players - 1), seed=seed, human_starts=human_starts,
                              options=spec.default_options())
            scene = start_scene(app, setup, autoplay=True)
            app.stack.clear_to(scene)
            app.stack.apply_pending()
            replayed = spec.new_state(players, setup.options)
            start = None
            for _ in range(3000):
                app.tick(STEP)
                while len(replayed.history) < len(scene.state.history) and start is None:
                    action = scene.state.history[len(replayed.history)]
                    if replayed.is_chance_node() and replayed.picks_start():
                        start = action
                    replayed.apply(action)
                if start is not None:
                    break
            starters[human_starts, seed] = start
    assert all(starters[True, seed] == 0 for seed in range(1, 5))
    assert any(starters[False, seed] != 0 for seed in range(1, 5))


@pytest.mark.parametrize("slug", sorted(slug for slug, spec in registry.TITLES.items()
                                         if not spec.solo and slug != "hige_mekuri"))
def test_no_one_is_thinking_while_the_table_shows_what_they_did(app, slug):
    """While a reveal holds the table at the moment before a seat's move, that seat has decided: the panel does
    not say "… is thinking" (Kitsune-gaeshi said it under Jin's Kaeshi banner, playtest round 21) or "Your move
    next…". Hige-mekuri's turn is a run of flips with its own prompt. Random play of yours, real pacing."""
    spec = registry.get(slug)
    players = min(4, spec.max_players)
    scene = start_scene(app, GameSetup(slug, ["easy"] * (players - 1), seed=5, options=spec.default_options()))
    if not scene.reveals:
        pytest.skip("no reveal ever holds this table")  # the toy title
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    rng, held = random.Random(5), 0
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    for _ in range(40_000):
        if scene.over or held >= 30:
            break
        if scene.human_turn():
            scene.choose(rng.choice(list(scene.view.legal)))
        elif scene.awaits_player:
            app.handle(enter)
        app.tick(STEP)
        mover = scene.view.to_move
        if scene.view is not scene.coming and isinstance(mover, int) and 0 <= mover < players \
                and not scene.human_turn():
            held += 1
            shown = scene.shown_prompt()[0]
            assert shown != i18n.said(f"{spec.prefix}.waiting", mover, scene.names, scene.me), shown
    assert held, "no reveal held the table: the test saw nothing"

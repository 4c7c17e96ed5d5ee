"""Hige-mekuri at the table: games through the shared table loop (bots in the worker), a recorded series that
alternates the start, the demo, random input."""

import random

import pygame
import pytest

from game.ai.worker import InlineWorker
from game.app.app import STEP
from game.app.setup import GameSetup
from game.app.table_scene import SERIES_BREAK
from game.core import replay
from game.services.i18n import t
from game.titles import registry
from game.titles.hige_mekuri import rules
from game.titles.hige_mekuri.cards import SPRITE_DIR, portrait
from game.titles.hige_mekuri.scene import HigeScene, make_scene
from game.titles.territories import MCKINLEY, leaders
from game.ui import theme


class Spy(InlineWorker):
    """The in-process worker, keeping every request it was asked."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[tuple] = []

    def submit(self, slug, options, history, seat, level, seed, iterations=None, think_ms=None):
        self.requests.append((slug, dict(options), len(history), seat, level))
        return super().submit(slug, options, history, seat, level, seed, iterations, think_ms)


def press(app, key):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def setup_of(seed=3, human_starts=True, level="normal", variant="default"):
    return GameSetup("hige_mekuri", [level], human_starts=human_starts, seed=seed, options={"variant": variant})


def start(app, seed=3, human_starts=True, level="normal", autoplay=False):
    app.change_settings(anim_speed="fast")
    scene = HigeScene(app, setup_of(seed, human_starts, level), autoplay)
    app.stack.push(scene)
    app.stack.apply_pending()
    return scene


def play_to_end(app, scene, keys=(pygame.K_f,), limit=20_000):
    rng = random.Random(1)
    for _ in range(limit):
        if scene.over:
            return
        if scene.human_turn():
            press(app, rng.choice(keys))
        app.tick(STEP)
    raise AssertionError("the game did not end")


def decisions_by_seat(state) -> list[int]:
    """Who made each decision of `state`'s game (chance left out), replayed from its history."""
    again, seats = rules.new_state(variant=state.variant), []
    for action in state.history:
        if not again.is_chance_node():
            seats.append(again.current_player())
        again.apply(action)
    return seats


def recorded_replays(app) -> list[replay.Replay]:
    rows = app.storage._conn.execute("SELECT replay FROM games WHERE title = 'hige_mekuri' ORDER BY rowid")
    return [replay.loads(text) for (text,) in rows]


def test_a_game_through_the_shared_loop_with_the_bot_in_the_worker(app, play_to_summary):
    """You choose at random; every move of seat 1 was asked of the app's worker with the setup's rules (McKinley);
    the game ends on Hige's own panel, recorded once, and its replay plays back."""
    app.bots = Spy()
    scene = HigeScene(app, setup_of(seed=7, human_starts=False, variant=MCKINLEY))
    assert play_to_summary(scene, 2) is scene and scene.over and len(scene.end_row.buttons) == 2
    seats = decisions_by_seat(scene.state)
    assert app.bots.requests
    assert all(r[:2] == ("hige_mekuri", {"players": 2, "variant": MCKINLEY}) for r in app.bots.requests)
    assert [r[3] for r in app.bots.requests] == [1] * seats.count(1) and {r[4] for r in app.bots.requests} == {"normal"}
    assert seats.count(0) > 0  # and you made your own
    for _ in range(300):  # the end stays on show and is recorded once
        app.tick(STEP)
    (game,) = app.storage.finished_games("hige_mekuri")
    winner = scene.state.winner
    assert game["outcome"] == ("win" if winner == 0 else "loss")
    details = game["details"]
    assert details["levels"] == ["you", "normal"] and details["winners"] == [winner]
    assert details["human_share"] == (1.0 if winner == 0 else 0.0) and details["series"] == scene.wins
    assert details["first"] == scene.state.first and details["flips"] == len(scene.state.revealed)
    assert details["options"] == {"variant": MCKINLEY}
    (played,) = recorded_replays(app)
    assert played.options == {"players": 2, "variant": MCKINLEY}
    again = replay.play_back(played, rules.new_state)
    assert again.revealed == scene.state.revealed and again.winner == winner and again.variant == MCKINLEY
    app.change_settings(language="ja")  # switched with the end panel up: its buttons follow
    assert [b.label for b in scene.end_row.buttons] == ["もう一度遊ぶ", "メニュー"]
    app.change_settings(language="en")
    told = list(scene.log.entries)
    scene.play_again()  # the series goes on; a switch now tells both games again, the first above the break
    scene._retell()
    assert scene.log.entries == [*told, (SERIES_BREAK, theme.INK_FAINT)] and len(told) > 5


def test_a_series_by_keys_alternates_the_start_and_keeps_the_wins(app):
    """"You start" fixes the first game only; Play again hands the first flip to the other player each time."""
    scene = start(app, seed=5)
    firsts = []
    for game in range(3):
        play_to_end(app, scene, (pygame.K_f, pygame.K_SPACE, pygame.K_s))
        firsts.append(scene.state.first)
        assert sum(scene.wins) == game + 1 and scene.games == game + 1
        press(app, pygame.K_RETURN)  # Play again
        app.tick(STEP)
        assert not scene.over and scene.state.revealed == [] and sum(scene.wins) == game + 1
    assert firsts == [0, 1, 0]
    games = app.storage.finished_games("hige_mekuri")
    assert len(games) == 3
    assert sorted(g["details"]["first"] for g in games) == [0, 0, 1]
    assert sorted(sum(g["details"]["series"]) for g in games) == [1, 2, 3]
    for played in recorded_replays(app):  # each game of the series is its own replay
        assert replay.play_back(played, rules.new_state).is_terminal()


def test_without_you_start_chance_picks_the_first_then_the_series_alternates(app):
    scene = start(app, seed=11, human_starts=False)
    play_to_end(app, scene)
    first = scene.state.first
    scene.play_again()
    app.tick(STEP)
    assert scene.state.first == 1 - first


def test_the_screen_catches_up_with_the_engine(app):
    scene = start(app, seed=8)
    for _ in range(3000):
        if scene.over:
            break
        if scene.human_turn():
            assert scene.shown == len(scene.state.revealed)  # nothing left to show when you decide
            assert scene.shown_left() == scene.state.left()
            press(app, pygame.K_f)
        app.tick(STEP)
    assert scene.over and scene.shown == len(scene.state.revealed)


def test_stop_is_refused_at_the_start_of_a_turn(app):
    scene = start(app, seed=2)
    while not scene.human_turn():
        app.tick(STEP)
    assert len(scene.state.history) == 1  # only the chance node that chose you to start
    press(app, pygame.K_s)
    assert len(scene.state.history) == 1 and app.audio.played[-1] == "error"
    assert scene.log.entries[-1][0] == t("hm.stop_refused")  # in words, not only a beep (playtest round 22)
    app.tick(STEP)
    odds_button = scene.buttons.buttons[-1]
    press(app, pygame.K_o)
    assert scene.show_odds and odds_button.label == scene.odds_label()


class Unseen:
    """Stands in for the state while the scene draws: drawing may read only the view."""

    def __getattr__(self, name):
        raise AssertionError(f"draw read state.{name}")


def test_drawing_changes_nothing_and_reads_only_the_view(app):
    """draw reads the view and the screen's own state; it moves no timer and makes no button."""
    scene = start(app, seed=9)
    surface = pygame.Surface((1280, 720))
    ended = 0
    for _ in range(3000):
        ended += scene.over
        if ended > 60:  # the end panel drawn for a second too
            break
        if scene.human_turn():
            if len(scene.state.history) % 3 == 0:
                press(app, pygame.K_o)
            press(app, pygame.K_f)
        app.tick(STEP)
        before = (scene.now, scene.shown, scene.view, list(scene.buttons.buttons), list(scene.end_row.buttons),
                  [b.label for b in scene.buttons.buttons], len(scene.timeline.beats), scene.show_odds)
        state, scene.state = scene.state, Unseen()
        try:
            scene.draw(surface, 0.5)
        finally:
            scene.state = state
        after = (scene.now, scene.shown, scene.view, list(scene.buttons.buttons), list(scene.end_row.buttons),
                 [b.label for b in scene.buttons.buttons], len(scene.timeline.beats), scene.show_odds)
        assert before == after
    assert scene.over and scene.victory_at is not None


def test_the_quip_and_the_fanfare(app):
    """A long beard run brings the source's quip; Victoria brings the fanfare."""
    quipped = False
    for seed in range(1, 40):
        scene = start(app, seed=seed)
        for _ in range(20_000):
            if scene.over:
                break
            quipped |= scene.now < scene.quip_until
            if scene.human_turn():
                press(app, pygame.K_f)
            app.tick(STEP)
        assert scene.victory_at is not None and {"all_clear", "highscore"} <= set(app.audio.played)
        app.stack.clear_to(HigeScene(app, GameSetup("hige_mekuri", ["easy"], seed=0)))
        app.stack.apply_pending()
        if quipped:
            break
    assert quipped


def test_the_demo_plays_both_seats_through_the_worker_and_plays_on(app):
    app.bots = Spy()
    scene = start(app, seed=4, autoplay=True)
    for _ in range(30_000):
        if scene.games >= 1 and not scene.over:
            break
        app.tick(STEP)
    assert scene.games == 1 and app.storage.finished_games("hige_mekuri") == []
    assert {r[3] for r in app.bots.requests} == {0, 1}
    assert scene.names[0] != scene.names[1] and scene.state.history  # the next game is under way


def test_random_input_never_crashes(app):
    from test_smoke import random_event

    rng = random.Random("hige")
    scene = start(app, seed=6)
    for i in range(3000):
        app.handle(random_event(rng))
        if i % 2 == 0:
            app.tick(STEP)
        if not app.stack.scenes or not app.running or not isinstance(app.stack.top, HigeScene):
            app.running = True
            scene = HigeScene(app, GameSetup("hige_mekuri", ["hard"], seed=i))
            app.stack.clear_to(scene)
            app.stack.apply_pending()
    app.tick(STEP)


def test_setup_leads_to_the_scene(app):
    from game.app.setup_scene import GameSetupScene

    info = registry.get("hige_mekuri")
    assert (info.min_players, info.max_players) == (2, 2)
    app.stack.push(GameSetupScene(app, "hige_mekuri"))
    app.stack.apply_pending()
    setup = app.stack.top.setup
    assert setup.players == 2
    app.stack.top.start()
    app.tick(STEP)
    assert isinstance(app.stack.top, HigeScene)
    assert isinstance(make_scene(app, autoplay=True), HigeScene)


@pytest.mark.parametrize("variant", ["default", MCKINLEY])
def test_every_portrait_ships(app, variant):
    for leader in leaders(variant).values():
        assert (SPRITE_DIR / f"{leader.sprite}.png").stat().st_size < 40_000
        assert portrait(leader.sprite).get_size() == (192, 240)


def test_a_resumed_game_tells_its_moves_again(app):
    """A restore writes the log lines the table showed (issue 22: only "Game resumed" was left)."""
    from random import Random

    from game.app.saves import Save
    from game.app.setup import GameSetup
    from game.services.i18n import t
    from game.titles.hige_mekuri.rules import new_state
    from game.titles.hige_mekuri.scene import HigeScene

    state, rng = new_state(), Random(4)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    setup = GameSetup("hige_mekuri", ["normal"], seed=4)
    scene = HigeScene(app, setup)
    scene.restore(Save(setup, [state.action_to_json(a) for a in state.history]))
    texts = [text for text, _ in scene.log.entries]
    assert len(texts) >= 4 and texts[-1] == t("table.resumed"), texts  # the moves, then "Game resumed"


def test_the_small_cards_name_their_territory_in_the_language_shown():
    """Japanese small cards read 独, not GER (a playtest found the ids in Japanese)."""
    from game.services import i18n
    from game.titles.hige_mekuri.cards import territory_label

    lineup = leaders("default")
    try:
        i18n.set_language("ja")
        labels = {card: territory_label(leader) for card, leader in lineup.items()}
        assert labels["GER"] == "独" and labels["GBR"] == "英"
        assert all(len(label) == 1 and not label.isascii() for label in labels.values())
        assert len(set(labels.values())) == len(labels)  # no two alike
        i18n.set_language("en")
        assert territory_label(lineup["GER"]) == "GER"
    finally:
        i18n.set_language("en")


def test_victoria_is_told_once_and_a_sure_chance_in_words(app):
    """Playtest round 15: the log read "Hayate turns Queen Victoria (Britain): Victoria." then "Hayate turns up Queen
    Victoria and wins!"; the odds said "you win 1 (100%)"."""
    from fractions import Fraction

    from game.titles.hige_mekuri.scene import odds

    scene = start(app)
    scene.log.entries.clear()
    scene.log_line(rules.Flipped(1, "GBR", rules.VICTORIA, 0, 3))
    scene.log_line(rules.Won(1, 5))
    assert [text for text, _ in scene.log.entries] == [f"{scene.names[1]} turns up Queen Victoria and wins!"]
    assert odds("hm.odds_flip_again", Fraction(1)) == "Flip again: a sure win (100%)"
    assert odds("hm.odds_stop", Fraction(0)) == "Stop: no chance to win (0%)"
    assert odds("hm.odds_flip_again", Fraction(2, 3)) == "Flip again: you win 2/3 (66.7%)"


def test_your_turn_is_said_from_the_start_not_that_you_are_turning_cards(app):
    """A playtest saw "You are turning cards…" while the start was told, before the buttons came."""
    scene = start(app, human_starts=True)
    app.tick(STEP)
    assert scene.timeline.busy and not scene.human_turn()  # the start is still being told
    assert scene.prompt() == (t("hm.your_turn"), theme.INK_DIM)
    for _ in range(200):
        if scene.human_turn():
            break
        app.tick(STEP)
    assert scene.prompt() == (t("hm.your_turn"), theme.ACCENT)
    press(app, pygame.K_f)  # your card flies and turns: now you are turning cards
    app.tick(STEP)
    app.tick(STEP)
    assert scene.prompt()[0] == t("hm.waiting_you")


def test_the_queen_on_show_is_said_not_that_anyone_is_turning_cards(app):
    """Playtest round 22: "Hayate is turning cards…" stood beside Queen Victoria, turned, until the result came."""
    for seed in range(1, 40):
        scene = start(app, seed=seed, human_starts=True)
        for _ in range(20_000):
            if scene.over or scene.victory_at is not None:
                break
            if scene.human_turn():
                press(app, pygame.K_f)
            app.tick(STEP)
        if scene.victory_at is None or scene.over:
            continue
        finder = scene.state.winner
        key = "hm.found_you" if finder == scene.me else "hm.found"
        while not scene.over:
            assert scene.prompt()[0] == t(key, name=scene.names[finder])
            app.tick(STEP)
        assert scene.prompt()[0] != t(key, name=scene.names[finder])
        return
    raise AssertionError("no game showed the queen before its result")

"""Dice Combat in the app: a duel played by keys, runs of games, and verified table entries."""

import json
import random

import pygame

from game.app.app import STEP
from game.core import chance
from game.titles.dice_combat.game_over import DiceCombatOverScene, replay_text, verify_run
from game.titles.dice_combat.rules import WIN, new_state
from game.titles.dice_combat.scene import DiceCombatScene, Run


def duel(seed: int):
    """A game whose dice come from `seed` (as the scene draws them), decisions at random."""
    state, decisions = new_state(), random.Random(seed)
    while not state.is_terminal():
        state.apply(chance.outcome(state, seed) if state.is_chance_node()
                    else decisions.choice(state.legal_actions()))
    return state


def seed_where(result: str, start: int = 0) -> int:
    return next(s for s in range(start, 500) if duel(s).result == result)


def press(app, key):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))


def test_a_duel_played_by_keys_reaches_the_end(app):
    app.change_settings(anim_speed="fast")
    app.stack.push(DiceCombatScene(app, seed=3))
    app.stack.apply_pending()
    rng = random.Random(1)
    for _ in range(20_000):
        if isinstance(app.stack.top, DiceCombatOverScene):
            break
        press(app, rng.choice((pygame.K_a, pygame.K_d)))
        app.tick(STEP)
    over = app.stack.top
    assert isinstance(over, DiceCombatOverScene)
    assert over.state.is_terminal()
    assert sum(app.storage.game_counts("dice_combat").values()) == 1


def test_run_verification_counts_wins_and_refuses_tampering():
    wins = [seed_where(WIN, s) for s in (0, 50)]
    loss = seed_where("loss")
    replays = [replay_text(duel(s), s) for s in (*wins, loss)]
    run = verify_run(replays)
    assert run is not None and run.wins == 2
    assert run.rounds == sum(duel(s).round for s in (*wins, loss))
    assert verify_run([replays[2], replays[0]]) is None  # a loss may only end a run
    edited = json.loads(replays[0])
    edited["result"]["rounds"] += 1
    assert verify_run([json.dumps(edited)]) is None


def test_a_win_enters_the_fastest_table_and_a_defeat_the_streak_table(app):
    win_seed = seed_where(WIN)
    run = Run()
    over = DiceCombatOverScene(app, duel(win_seed), win_seed, run)
    assert over.asking == "fastest"
    over.field.text = "Rin"
    over.save()
    (fastest,) = app.storage.top_scores("dice_combat", "fastest")
    assert (fastest.name, fastest.rounds, fastest.tiebreak) == ("Rin", duel(win_seed).round, duel(win_seed).damage)
    assert over.asking is None and over.labels == ["dc.next_game", "dc.end_run"]
    loss_seed = seed_where("loss")
    over = DiceCombatOverScene(app, duel(loss_seed), loss_seed, run)
    assert over.asking == "streak"
    over.save()
    (streak,) = app.storage.top_scores("dice_combat", "streak")
    assert (streak.name, streak.score) == ("Rin", 1)
    assert len(json.loads(streak.replay)["games"]) == 2


def test_demo_games_are_not_recorded(app):
    seed = seed_where(WIN)
    over = DiceCombatOverScene(app, duel(seed), seed, Run(), autoplay=True)
    assert over.asking is None
    assert app.storage.game_counts("dice_combat") == {}
    assert app.storage.top_scores("dice_combat", "fastest") == []


def test_a_defeat_with_no_table_to_enter_says_how_to_reach_one(app):
    """Playtest round 20: two runs lost at once never met the high scores, and nothing said why."""
    from game.services.i18n import t

    loss_seed = seed_where("loss")
    over = DiceCombatOverScene(app, duel(loss_seed), loss_seed, Run())
    assert over.asking is None and over.note == (t("dc.how_to_score"), over.note[1])
    demo = DiceCombatOverScene(app, duel(loss_seed), loss_seed, Run(), autoplay=True)
    assert demo.note is None

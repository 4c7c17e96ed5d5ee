"""The reveal comes before the result (issue 22, item 1): cards turn face up where they lie, the result shows, and only
then do the scores, the header and the log move on; the last reveal can be opened again; the log names every card
shown. Dice Combat: the round's result after its dice have landed, the headline win chance after a choice."""

import pygame

from game.app.app import STEP
from game.app.setup import GameSetup
from game.services import i18n
from game.titles.dice_combat import odds
from game.titles.dice_combat.rules import ATTACK, DEFEND
from game.titles.dice_combat.scene import DiceCombatScene
from game.titles.kitsune_gaeshi import rules as kg
from game.titles.kitsune_gaeshi.log import face_name
from game.titles.kitsune_gaeshi.scene import KitsuneScene
from game.titles.shinobazu import rules as sb
from game.titles.shinobazu.log import card_name
from game.titles.shinobazu.scene import ShinobazuScene

ENTER = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
L_KEY = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0)


def last_line(scene) -> str:
    lines = scene.log.lines()
    return lines[-1][0] if lines else ""


def drive_to_reveal(app, scene, revealing, frames: int = 20_000):
    """Play the scene (the human picks the first legal action) frame by frame until `revealing(scene)`; return the
    (scores, header, last log line) on show on every frame before it, and on the first frame of the reveal."""
    i18n.set_language("en")
    app.stack.push(scene)
    app.stack.apply_pending()
    for _ in range(frames):
        shown = (scene.view, last_line(scene))
        if scene.human_turn():
            legal = list(scene.view.legal)
            scene.choose(kg.DRAW if kg.DRAW in legal else legal[0])
        app.tick(STEP)
        if revealing(scene):
            return shown
    raise AssertionError("no reveal reached")


def test_shinobazu_scores_header_and_log_wait_for_the_showdown(app):
    scene = ShinobazuScene(app, GameSetup("shinobazu", ["easy"] * 2, seed=4))
    seen = []

    def revealing(s):
        seen.append((tuple(s.view.scores), s.view.round_in_set, s.view.deal, last_line(s), bool(s.face_up),
                     s.result))
        return s.result is not None and isinstance(s.result, sb.Showdown)

    drive_to_reveal(app, scene, revealing)
    event = scene.result
    # From the frame the engine played the showdown until the result shows, nothing on show moved on.
    start = max(i for i, row in enumerate(seen) if not row[4]) + 1  # the first frame with a stack face up
    scores, round_in_set, deal, line = seen[start - 1][:4]
    for row in seen[start:]:
        assert row[:3] == (scores, round_in_set, deal)
    assert tuple(scene.view.scores) == scores
    assert scene.state.view(0).scores != scene.view.scores or not any(
        d for d in (scene.state.scores[s] - scores[s] for s in range(scene.n)))
    # Every compared stack is face up where it lies, and the log named each card shown.
    for seat, stack in zip(event.participants, event.stacks, strict=True):
        assert scene.face_up[seat] == stack
    log = " ".join(text for text, _ in scene.log.lines())
    for stack in event.stacks:
        for card in stack:
            assert card_name(card) in log
    # The player goes on: the scores change only now.
    scene.handle(ENTER)
    for _ in range(5):
        app.tick(STEP)
    assert scene.result is None and not scene.face_up
    assert tuple(scene.view.scores) != scores or scene.view.round_in_set != round_in_set
    # The last showdown opens again until the next one.
    while scene.timeline.busy:
        app.tick(STEP)
    scene.handle(L_KEY)
    assert scene.review and scene.last is event
    scene.draw(app.screen, 0.0) if hasattr(app, "screen") else None
    scene.handle(ENTER)
    assert not scene.review


def test_shinobazu_draw_never_changes_the_display(app):
    scene = ShinobazuScene(app, GameSetup("shinobazu", ["easy"] * 2, seed=4))
    drive_to_reveal(app, scene, lambda s: s.result is not None)
    surface = pygame.Surface((1280, 720))
    before = (scene.view, dict(scene.face_up), scene.result, len(scene.log.lines()))
    scene.draw(surface, 0.0)
    assert (scene.view, dict(scene.face_up), scene.result, len(scene.log.lines())) == before


def test_kitsune_souls_round_and_log_wait_for_the_flip(app):
    scene = KitsuneScene(app, GameSetup("kitsune_gaeshi", ["easy"] * 2, seed=3))
    seen = []

    def revealing(s):
        seen.append((tuple(s.view.souls), s.view.round_no, last_line(s), s.revealing))
        return s.revealing

    drive_to_reveal(app, scene, revealing)
    info = scene.reveal
    event = info["event"]
    souls, round_no = seen[-2][0], seen[-2][1]
    # The flip is on the table: the souls and the round have not moved; the fox count is not yet in the log.
    assert (tuple(scene.view.souls), scene.view.round_no) == (souls, round_no)
    assert str(event.foxes) not in last_line(scene) or "fox" not in last_line(scene).lower()
    assert any(row for row in scene.view.table)  # the table is not cleared yet
    total = sum(len(cards) for cards in event.tables)
    seen_counts = []
    for _ in range(int(10 / STEP)):  # ten seconds: the cards turn over, then the flip waits for the player
        seen_counts.append(len(scene.visible(info)))
        assert (tuple(scene.view.souls), scene.view.round_no) == (souls, round_no)
        app.tick(STEP)
    assert seen_counts[0] < total and seen_counts[-1] == total  # turned over one by one, all before the souls
    assert scene.revealing and scene.awaits_player
    scene.handle(ENTER)  # the player goes on: the souls change only now
    for _ in range(3):
        app.tick(STEP)
    assert not scene.revealing and tuple(scene.view.souls) != souls
    # The log names every card shown, seat by seat, then the count.
    log = [text for text, _ in scene.log.lines()]
    for seat, cards in enumerate(event.tables):
        if cards:
            line = next(text for text in log if text.startswith(scene.names[seat] + ":"))
            assert line.count(face_name(kg.FOX)) + line.count(face_name(kg.BRIDE)) >= len(cards)
    # The last flip opens again until the next one.
    while scene.timeline.busy:
        app.tick(STEP)
    scene.handle(L_KEY)
    assert scene.review and scene.last is info
    assert not scene.human_turn()
    scene.handle(ENTER)
    assert not scene.review


def test_kitsune_the_player_goes_on_from_the_flip(app):
    scene = KitsuneScene(app, GameSetup("kitsune_gaeshi", ["easy"] * 2, seed=3))
    drive_to_reveal(app, scene, lambda s: s.revealing)
    info = scene.reveal
    total = sum(len(cards) for cards in info["event"].tables)
    scene.handle(ENTER)  # every card at once
    app.tick(STEP)
    assert scene.revealing and len(scene.visible(info)) == total
    scene.handle(ENTER)  # on to the souls
    for _ in range(3):
        app.tick(STEP)
    assert not scene.revealing


def run_to_decision(app, scene) -> None:
    for _ in range(2000):
        app.tick(STEP)
        if scene.deciding:
            return
    raise AssertionError("no decision")


def test_dice_combat_result_after_the_dice_land(app):
    for speed in ("normal", "fast"):
        app.change_settings(anim_speed=speed)
        scene = DiceCombatScene(app, seed=7)
        app.stack.clear_to(scene)
        run_to_decision(app, scene)
        scene.choose(ATTACK)
        landed_when_shown = None
        for _ in range(600):
            app.tick(STEP)
            if scene.clash is not None:
                landed_when_shown = all(sprite.pos == sprite.target and scene.now >= sprite.t0 + sprite.duration
                                        for sprite in scene.rolled)
                break
        assert landed_when_shown is True
        assert len(scene.rolled) == 2


def test_dice_combat_win_chance_follows_the_choice(app):
    scene = DiceCombatScene(app, seed=11)
    app.stack.clear_to(scene)
    for _ in range(20):  # find a decision where the two choices differ
        run_to_decision(app, scene)
        state = scene.state
        wins = odds.choice_win_chances(state.collection, state.damage, state.small, state.target)
        if abs(wins[ATTACK] - wins[DEFEND]) > 1e-6:
            break
        scene.choose(ATTACK)
    assert scene.headline_chance() == max(wins.values())
    worse = min(wins, key=wins.get)
    scene.choose(worse)
    assert scene.headline_chance() == wins[worse] != max(wins.values())
    while scene.timeline.busy or scene.state.is_chance_node() and not scene.state.is_terminal():
        app.tick(STEP)
        if scene.deciding or scene.state.is_terminal():
            break
    if not scene.state.is_terminal():
        assert scene.headline_chance() != wins[worse]


def test_dice_combat_tray_and_round_wait_for_the_dice(app):
    """The collected dice's "wins" line and the round number change only after the round has played out on screen
    (they read the state, which moves on at the click: a playtester saw the won prize counted mid-roll)."""
    scene = DiceCombatScene(app, seed=3)
    app.stack.clear_to(scene)
    for _ in range(40):  # a round where an attack wins the prize
        run_to_decision(app, scene)
        before = (scene.shown.round, tuple(scene.shown.collection))
        scene.choose(ATTACK)
        while scene.clash is None:  # until the dice's verdict shows, nothing else has moved on
            assert (scene.shown.round, tuple(scene.shown.collection)) == before
            app.tick(STEP)
        if len(scene.state.collection) > len(before[1]) and not scene.state.is_terminal():
            break
    assert (scene.shown.round, tuple(scene.shown.collection)) == before  # the verdict first
    run_to_decision(app, scene)
    assert (scene.shown.round, scene.shown.collection) == (scene.state.round, scene.state.collection)
    assert scene.shown.round == before[0] + 1 and len(scene.shown.collection) == len(before[1]) + 1


def test_dice_combat_enter_defaults_to_defend_unless_attack_cannot_fail(app):
    scene = DiceCombatScene(app, seed=5)
    app.stack.clear_to(scene)
    surface = pygame.Surface((1280, 720))
    decisions = 0
    for _ in range(20_000):
        app.tick(STEP)
        if scene.state.is_terminal():
            break
        if scene.deciding:
            scene.draw(surface, 0.0)
            target = scene.state.target
            assert scene.buttons.focus == (0 if odds.attack_chance(target) == 1 else 1), target
            scene.choose(DEFEND if decisions % 2 else ATTACK)
            decisions += 1
    assert decisions >= 3


def to_next_pick(app, scene) -> bool:
    """Tick a Dice Slayer table on to the player's next pick; False if the game ends first."""
    for _ in range(3000):
        app.tick(STEP)
        if scene.picking or scene.state.is_terminal():
            break
    return not scene.state.is_terminal()


def test_dice_slayer_result_round_and_meter_wait_for_the_dice(app):
    """A pick's result line, the round number and the plate meter are told when the dice burst or land, not at the
    click (a playtester read "Straight! 2 dice gone: +4" while the die was still on its way)."""
    from game.titles.dice_slayer.scene import DiceSlayerScene

    scene = DiceSlayerScene(app, seed=7)
    app.stack.clear_to(scene)
    seen_set = False
    for _ in range(60):
        if not to_next_pick(app, scene):
            break
        before = (scene.shown.round, len(scene.shown.plate))
        scene.pick(scene.state.legal_actions()[0])
        while scene.stock and scene.stock[-1].pos != scene.stock[-1].target or not scene.stock:
            assert scene.last_result is None  # the die is still on its way to the stock
            assert (scene.shown.round, len(scene.shown.plate)) == before
            app.tick(STEP)
        while scene.timeline.busy and scene.last_result is None:
            assert (scene.shown.round, len(scene.shown.plate)) == before
            app.tick(STEP)
        seen_set |= bool(scene.state.history) and scene.score_target > 0
        if seen_set:
            break
    assert seen_set


def test_dice_slayer_enter_takes_the_hinted_die(app):
    from game.titles.dice_slayer.scene import DiceSlayerScene

    scene = DiceSlayerScene(app, seed=7)
    app.stack.clear_to(scene)
    for _ in range(3000):
        app.tick(STEP)
        if scene.picking:
            break
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    hinted = scene.hint()[0]
    scene.cursor = None
    scene.handle(ENTER)
    assert scene.state.stock[-1] == hinted


def test_dice_slayer_meter_never_counts_the_picked_die(app):
    """Playtest round 12: while a pick played out (a set's flash), the plate meter counted the picked die again and
    read a red "9 / 8" after the preview's "8 / 8"; then it kept "8 / 8" over a cleared plate, and "3 / 8" while
    five dice had dropped in. The meter counts the dice drawn on the plate, less the one picked: from the click
    never more than the preview said, down with the burst, up as the dice drop in."""
    from game.titles.dice_slayer.scene import DiceSlayerScene

    scene = DiceSlayerScene(app, seed=7)
    app.stack.clear_to(scene)
    picks = bursts = 0
    while picks < 25:
        if not to_next_pick(app, scene):
            break
        at_pick, after = scene.plate_meter()
        assert after and at_pick == len(scene.state.plate) - 1 == len(scene.plate) - 1
        scene.pick(scene.state.legal_actions()[0])
        picks += 1
        rolled = False
        while not scene.picking and not scene.state.is_terminal():
            count, after = scene.plate_meter()
            assert not after and count == len([s for s in scene.plate if s is not scene.picked])
            rolled |= count > at_pick  # new dice dropping in
            if not rolled:
                assert count <= at_pick, (picks, count, at_pick)
                bursts += count < at_pick
            app.tick(STEP)
    assert picks >= 10 and bursts


def test_dice_combat_lights_one_button_at_a_decision(app):
    """Playtest round 12: with the pointer left over Attack while the dice rolled, the decision lit Defend (Enter's
    default) and Attack (under the pointer) alike. At a new decision only Enter's button is lit, until the pointer
    moves."""
    scene = DiceCombatScene(app, seed=5)
    app.stack.clear_to(scene)
    attack = scene.buttons.buttons[0].rect.center
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=attack, rel=(0, 0), buttons=(0, 0, 0)))
    decisions = 0
    for _ in range(20_000):
        app.tick(STEP)
        if scene.state.is_terminal() or decisions >= 3:
            break
        if scene.deciding:
            assert scene.buttons.hover is None or scene.buttons.hover == scene.buttons.focus
            scene.choose(DEFEND)
            decisions += 1
            app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=attack, rel=(0, 0), buttons=(0, 0, 0)))
    assert decisions >= 2


def test_dice_combat_verdict_says_what_the_round_did(app):
    """Playtest round 12: a successful Defend read "9 vs 7 — success!", taken for a prize won."""
    i18n.set_language("en")
    scene = DiceCombatScene(app, seed=5)
    assert scene._clash_line(9, 7, True, DEFEND)[0] == "9 vs 7 — blocked, prize lost"
    assert scene._clash_line(9, 7, True, ATTACK)[0] == "9 vs 7 — prize won!"
    assert scene._clash_line(5, 7, False, DEFEND)[0] == scene._clash_line(5, 7, False, ATTACK)[0] == "5 vs 7 — a hit taken"

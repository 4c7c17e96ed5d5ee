"""Hexa's screenshots: a move with an attack preview, a battle being turned over, a recovery, a goal reached."""

from __future__ import annotations

import random

from game.app.setup import GameSetup, start_scene


def take(shooter) -> None:
    wanted = {"hexa_attack_preview", "hexa_battle", "hexa_recovery", "hexa_goal"}
    for seed in range(1, 40):
        scene = start_scene(shooter.app, GameSetup("hexa", ["normal"], seed=seed))
        shooter.show(scene)
        shooter.follow(scene, moment, wanted)
        if not wanted:
            return


def moment(shooter, scene, wanted: set[str]) -> None:
    from game.titles.hexa.bots import rollout_policy
    from game.titles.hexa.rules import MOVE, RECOVER_PICK, RECOVERY, Advance

    if scene.last_battle is not None and scene.flip_at is not None and "hexa_battle" in wanted \
            and scene.now - scene.flip_at > scene.speed(1.3):
        shooter.shot("hexa_battle")
        wanted.discard("hexa_battle")
    if scene.ended_at is not None and scene.now - scene.ended_at > 0.4 and "hexa_goal" in wanted \
            and scene.state.winner is not None:
        shooter.shot("hexa_goal")
        wanted.discard("hexa_goal")
    if not scene.human_turn():
        return
    view = scene.view
    if view.phase == MOVE and "hexa_attack_preview" in wanted:
        attacks = [a for a in view.legal if view.positions[1 - scene.me]["LCR".index(a.column)]
                   == view.positions[scene.me]["LCR".index(a.column)] + scene.forward()]
        if attacks:
            scene.buttons.focus = scene.ordered(view.legal).index(attacks[0])
            shooter.settle(3)
            shooter.shot("hexa_attack_preview")
            wanted.discard("hexa_attack_preview")
            scene.choose(Advance(attacks[0].column))
            return
    if view.phase == RECOVERY and len(view.legal) > 1 and "hexa_recovery" in wanted:
        scene.buttons.focus = 1
        shooter.settle(3)
        scene.choose(scene.ordered(view.legal)[1])
        shooter.settle(150)
        shooter.shot("hexa_recovery")
        wanted.discard("hexa_recovery")
        return
    if view.phase == RECOVER_PICK:
        scene.choose(scene.ordered(view.legal)[0])
        return
    scene.choose(rollout_policy(scene.state, random.Random(len(scene.state.history))))

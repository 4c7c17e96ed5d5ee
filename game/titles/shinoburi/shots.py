"""Shinoburi's screenshots: a deployment choice, an attack with its lit targets, the final round, the reveal."""

from __future__ import annotations

import random

from game.app.setup import GameSetup, start_scene


def take(shooter) -> None:
    wanted = {"shinoburi_deploy", "shinoburi_attack", "shinoburi_final", "shinoburi_reveal"}
    for seed in range(1, 40):
        scene = start_scene(shooter.app, GameSetup("shinoburi", ["easy"] * 3, seed=seed))
        shooter.show(scene)
        shooter.follow(scene, moment, wanted)
        if not wanted:
            return


def moment(shooter, scene, wanted: set[str]) -> None:
    from game.titles.shinoburi.bots import EasyBot
    from game.titles.shinoburi.rules import ATTACK_ON, CMD1, NinjaOn

    if scene.reveal is not None and "shinoburi_reveal" in wanted and scene.turned(scene.reveal) == scene.n:
        shooter.settle(30)
        shooter.shot("shinoburi_reveal")
        wanted.discard("shinoburi_reveal")
    if not scene.human_turn():
        return
    view = scene.view
    if view.phase == CMD1 and "shinoburi_deploy" in wanted and any(type(a) is NinjaOn for a in view.legal):
        shooter.settle(5)
        shooter.shot("shinoburi_deploy")
        wanted.discard("shinoburi_deploy")
    if view.phase == ATTACK_ON and "shinoburi_attack" in wanted and len(view.legal) >= 2:
        shooter.settle(5)
        shooter.shot("shinoburi_attack")
        wanted.discard("shinoburi_attack")
    if view.final_left is not None and "shinoburi_final" in wanted:
        shooter.settle(5)
        shooter.shot("shinoburi_final")
        wanted.discard("shinoburi_final")
    scene.choose(EasyBot().choose(scene.state, random.Random(len(scene.state.history))))

"""Kitsune-gaeshi's screenshots: a declaration choice, a reveal with a companion-soul loss, an elimination."""

from __future__ import annotations

import random

from game.app.setup import GameSetup, start_scene


def take(shooter) -> None:
    from game.titles.kitsune_gaeshi.scene import KitsuneScene

    app = shooter.app
    wanted = {"kitsune_gaeshi_declare", "kitsune_gaeshi_reveal", "kitsune_gaeshi_eliminated"}
    for seed in range(1, 80):
        scene = start_scene(app, GameSetup("kitsune_gaeshi", ["easy"] * 3, seed=seed))
        shooter.show(scene)
        while wanted and isinstance(app.stack.top, KitsuneScene):
            shooter.settle(1)
            moment(shooter, scene, wanted)
        if not wanted:
            return


def moment(shooter, scene, wanted: set[str]) -> None:
    from game.titles.kitsune_gaeshi.bots import EasyBot

    info = scene.reveal
    if info is not None and info["opened"] and scene.reveal_until - 1.2 < scene.now < scene.reveal_until:
        dragged = any(e.companion for e in info["lost"])
        name = "kitsune_gaeshi_eliminated" if info["out"] else "kitsune_gaeshi_reveal" if dragged else None
        if name in wanted:
            shooter.shot(name)
            wanted.discard(name)
    if not scene.human_turn():
        return
    view = scene.view
    if view.drawn == "fox" and "kitsune_gaeshi_declare" in wanted and view.declared_foxes() >= 1:
        shooter.settle(10)
        shooter.shot("kitsune_gaeshi_declare")
        wanted.discard("kitsune_gaeshi_declare")
    scene.choose(EasyBot().choose(scene.state, random.Random(len(view.legal) * 31 + view.round_no)))

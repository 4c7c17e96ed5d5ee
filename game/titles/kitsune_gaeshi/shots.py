"""Kitsune-gaeshi's screenshots: a declaration choice, a reveal with a companion-soul loss, an elimination."""

from __future__ import annotations

import random

import pygame

from game.app.setup import GameSetup, start_scene


def take(shooter) -> None:

    app = shooter.app
    wanted = {"kitsune_gaeshi_declare", "kitsune_gaeshi_reveal", "kitsune_gaeshi_eliminated"}
    for seed in range(1, 80):
        scene = start_scene(app, GameSetup("kitsune_gaeshi", ["easy"] * 3, seed=seed))
        shooter.show(scene)
        shooter.follow(scene, moment, wanted)
        if not wanted:
            return


def moment(shooter, scene, wanted: set[str]) -> None:
    from game.titles.kitsune_gaeshi.bots import EasyBot

    info = scene.reveal
    if scene.revealing and scene.visible(info) and len(scene.visible(info)) == sum(map(len, info["event"].tables)):
        dragged = any(e.companion for e in info["lost"])
        name = "kitsune_gaeshi_eliminated" if info["out"] else "kitsune_gaeshi_reveal" if dragged else None
        if name in wanted:
            shooter.settle(20)  # every card face up where it lies, the result on show
            shooter.shot(name)
            shooter.key(pygame.K_RETURN)  # the flip waits for the player to go on
            while scene.revealing:
                shooter.settle(1)
            shooter.settle(10)  # just after: the souls and the log have moved on
            shooter.shot(name + "_after")
            shooter.key(pygame.K_l)  # the last flip, laid out again
            shooter.shot("kitsune_gaeshi_last_flip")
            shooter.key(pygame.K_l)
            wanted.discard(name)
    if not scene.human_turn():
        return
    view = scene.view
    if view.drawn == "fox" and "kitsune_gaeshi_declare" in wanted and view.declared_foxes() >= 1:
        shooter.settle(10)
        shooter.shot("kitsune_gaeshi_declare")
        wanted.discard("kitsune_gaeshi_declare")
    scene.choose(EasyBot().choose(scene.state, random.Random(len(view.legal) * 31 + view.round_no)))

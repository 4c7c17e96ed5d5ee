"""Shinobazu's screenshots: the setup, a forced card waiting for your stance, a showdown with a reversal, a duel
offer, the summary."""

from __future__ import annotations

import random

import pygame

from game.app.setup import GameSetup, start_scene
from game.titles.shinobazu.rules import Showdown


def take(shooter) -> None:
    from game.app.setup_scene import GameSetupScene
    from game.app.summary import SummaryScene

    app = shooter.app
    shooter.show(GameSetupScene(app, "shinobazu"), 5)
    shooter.shot("shinobazu_setup")
    wanted = {"shinobazu_stance", "shinobazu_showdown", "shinobazu_duel", "shinobazu_summary"}
    for seed in range(1, 60):
        scene = start_scene(app, GameSetup("shinobazu", ["easy"] * 3, seed=seed))
        shooter.show(scene)
        shooter.follow(scene, moment, wanted)
        if isinstance(app.stack.top, SummaryScene) and "shinobazu_summary" in wanted:
            shooter.settle(40)
            shooter.shot("shinobazu_summary")
            wanted.discard("shinobazu_summary")
        if not wanted:
            return


def moment(shooter, scene, wanted: set[str]) -> None:
    """Take the pictures still wanted at this moment of the game; otherwise play the human's turn."""
    event = scene.result
    if isinstance(event, Showdown) and "shinobazu_showdown" in wanted and event.reversals % 2:
        shooter.settle(30)  # the stacks face up where they lie, the result on show
        shooter.shot("shinobazu_showdown")
        shooter.key(pygame.K_RETURN)  # the result waits for the player to go on
        while scene.result is not None:
            shooter.settle(1)
        shooter.settle(10)  # just after: the scores and the log have moved on
        shooter.shot("shinobazu_showdown_after")
        shooter.key(pygame.K_l)  # the last showdown, laid out again
        shooter.shot("shinobazu_last_showdown")
        shooter.key(pygame.K_l)
        wanted.discard("shinobazu_showdown")
    if not scene.human_turn():
        return
    name = {"stance": "shinobazu_stance", "challenge": "shinobazu_duel",
            "response": "shinobazu_duel"}.get(scene.view.phase)
    if name in wanted:
        shooter.settle(20)
        shooter.shot(name)
        wanted.discard(name)
    scene.choose(random.Random(len(scene.view.legal) * 7 + scene.n).choice(list(scene.view.legal)))

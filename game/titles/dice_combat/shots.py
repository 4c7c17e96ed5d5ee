"""Dice Combat's screenshots: a decision with the win chances shown, a hit, a victory and a defeat."""

from __future__ import annotations

import pygame

from game.app.setup import GameSetup, start_scene


def take(shooter) -> None:
    from game.titles.dice_combat.scene import DiceCombatScene

    app, taken = shooter.app, set()
    for seed in range(1, 40):
        scene = start_scene(app, GameSetup("dice_combat", [], seed=seed))
        shooter.show(scene)
        if seed == 1:
            while not scene.deciding:
                shooter.settle(1)
            shooter.key(pygame.K_h)
            shooter.settle(20)
            shooter.shot("dice_combat_decision")
        while isinstance(app.stack.top, DiceCombatScene):
            if scene.deciding:
                scene.choose(scene.bot.choose(scene.state, scene.bot_rng))
            shooter.settle(1)
            if "hit" not in taken and scene.shown_damage == 1 and scene.now < scene.shake_until:
                shooter.shot("dice_combat_hit")
                taken.add("hit")
        result = "win" if app.stack.top.won else "defeat"
        if result not in taken:
            shooter.settle(90)
            shooter.shot(f"dice_combat_{result}")
            taken.add(result)
        if {"hit", "win", "defeat"} <= taken:
            return

"""Dice Slayer's screenshots: a game in progress (and the same game resumed from its save), a pick previewed with the
hint, pause, rules, the game over and the high-score table."""

from __future__ import annotations

import pygame

from game.app import saves
from game.app.setup import GameSetup, start_scene


def play_until(shooter, scene, rounds: int | None) -> None:
    """Let the hint bot make the human's picks for `rounds` rounds (None: to the end)."""
    while (rounds is None or scene.state.round < rounds) and not scene.state.is_terminal():
        if scene.picking:
            scene.pick(scene.bot.choose(scene.state, scene.bot_rng))
        shooter.settle(5)
    shooter.settle(120)


def take(shooter) -> None:
    from game.titles.dice_slayer.game_over import GameOverScene
    from game.titles.dice_slayer.scene import DIE

    app = shooter.app
    scene = start_scene(app, GameSetup("dice_slayer", [], seed=2024))
    shooter.show(scene, 60)
    play_until(shooter, scene, 7)
    shooter.shot("dice_slayer")
    save = saves.load(app.storage, "dice_slayer")
    shooter.show(start_scene(app, save.setup, save=save))
    shooter.shot("dice_slayer_resumed")  # the same position, rebuilt from the save as after a restart
    shooter.show(scene)
    clearing = [s for s in scene.plate if scene.preview(s.value)["removed"]]
    sprite = (clearing or scene.plate)[0]
    pos = (int(sprite.pos[0] + DIE / 2), int(sprite.pos[1] + DIE / 2))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    shooter.key(pygame.K_h)
    shooter.shot("dice_slayer_hover")
    shooter.key(pygame.K_ESCAPE)
    shooter.settle(3)
    shooter.shot("pause")
    shooter.key(pygame.K_ESCAPE)
    app.open_rules()
    shooter.settle(3)
    shooter.shot("rules")
    shooter.key(pygame.K_ESCAPE)
    shooter.settle(3)
    play_until(shooter, scene, None)
    if isinstance(app.stack.top, GameOverScene):
        shooter.settle(60)
        shooter.shot("game_over")
        shooter.text("Aoi")
        shooter.key(pygame.K_RETURN)
        shooter.settle(40)
        shooter.shot("high_scores")

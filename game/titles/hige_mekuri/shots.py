"""Hige-mekuri's screenshots: your turn, a beard with the odds shown, the quip on a long beard run, Victoria's
reveal, the game's end."""

from __future__ import annotations

import pygame

from game.app.setup import GameSetup, start_scene
from game.titles.hige_mekuri.rules import AFTER_BEARD, TURN_START, left_in_pile


def take(shooter) -> None:
    app = shooter.app
    wanted = ["hige_mekuri_turn", "hige_mekuri_odds", "hige_mekuri_quip", "hige_mekuri_victoria", "hige_mekuri_end"]
    for seed in range(1, 80):
        scene = start_scene(app, GameSetup("hige_mekuri", ["normal"], human_starts=seed % 2 == 1, seed=seed))
        shooter.show(scene)
        shooter.follow(scene, moment, wanted)
        if scene.over and "hige_mekuri_end" in wanted and "hige_mekuri_victoria" not in wanted:
            shooter.settle(90)
            shooter.shot("hige_mekuri_end")
            wanted.remove("hige_mekuri_end")
        if not wanted:
            return


def moment(shooter, scene, wanted: list[str]) -> None:
    """Take the pictures still wanted at this moment; on the human's turn, always flip (again)."""
    if "hige_mekuri_quip" in wanted and scene.now < scene.quip_until - 2.4:
        shooter.shot("hige_mekuri_quip")
        wanted.remove("hige_mekuri_quip")
    if "hige_mekuri_victoria" in wanted and scene.victory_at is not None and scene.now > scene.victory_at + 0.7:
        shooter.shot("hige_mekuri_victoria")
        wanted.remove("hige_mekuri_victoria")
    if not scene.human_turn():
        return
    view = scene.view
    if "hige_mekuri_turn" in wanted and view.phase == TURN_START and scene.shown >= 2:
        shooter.settle(10)
        shooter.shot("hige_mekuri_turn")
        wanted.remove("hige_mekuri_turn")
    if "hige_mekuri_odds" in wanted and view.phase == AFTER_BEARD \
            and left_in_pile(view.variant, view.revealed)["clean"] % 2 == 0:
        shooter.key(pygame.K_o)
        shooter.settle(10)
        shooter.shot("hige_mekuri_odds")
        wanted.remove("hige_mekuri_odds")
        shooter.key(pygame.K_o)
    shooter.key(pygame.K_f)

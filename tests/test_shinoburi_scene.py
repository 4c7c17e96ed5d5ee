"""Shinoburi's table, from a playtest: the ninja count cannot pass the ninjas in your hand."""

from __future__ import annotations

import pygame

from game.app.setup import GameSetup
from game.titles.shinoburi.rules import CMD1, position
from game.titles.shinoburi.scene import ShinoburiScene


def test_the_ninja_count_stops_at_the_ninjas_you_hold(app):
    state = position(4, 0, hands={0: "NIN TAK"}, table={1: "ODA:3"})
    state.phase = CMD1
    scene = ShinoburiScene(app, GameSetup("shinoburi", ["normal"] * 3, seed=3))
    scene.state = state
    scene.view = scene.coming = state.view(0)
    app.stack.push(scene)
    app.stack.apply_pending()
    for _ in range(3):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode=""))
    assert scene.ninjas_held() == 1 and scene.ninjas == 1

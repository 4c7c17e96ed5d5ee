"""Fusejika's screenshots: a kick target choice, an almighty copy choice, an effect stamped on a seat, a stuck hand
turned face up, a round-end breakdown, a sudden-death win, the summary."""

from __future__ import annotations

import random

import pygame

from game.app.setup import GameSetup, start_scene


def take(shooter) -> None:
    from game.app.summary import SummaryScene

    app = shooter.app
    wanted = {"fusejika_kick", "fusejika_copy", "fusejika_stamp", "fusejika_stuck", "fusejika_round_end",
              "fusejika_sudden_death", "fusejika_summary"}
    for seed in range(1, 80):
        scene = start_scene(app, GameSetup("fusejika", ["easy"] * 3, seed=seed))
        shooter.show(scene)
        shooter.follow(scene, moment, wanted)
        if isinstance(app.stack.top, SummaryScene) and "fusejika_summary" in wanted:
            shooter.settle(40)
            shooter.shot("fusejika_summary")
            wanted.discard("fusejika_summary")
        if not wanted:
            return


def moment(shooter, scene, wanted: set[str]) -> None:
    """Take the pictures still wanted now; otherwise let the Easy bot make the human's choice."""
    from game.titles.fusejika.bots import EasyBot
    from game.titles.fusejika.rules import Kick

    if scene.stamps and "fusejika_stamp" in wanted:
        shooter.shot("fusejika_stamp")
        wanted.discard("fusejika_stamp")
    if scene.stuck is not None and scene.stuck.seat != scene.me and "fusejika_stuck" in wanted:
        shooter.settle(20)
        shooter.shot("fusejika_stuck")
        wanted.discard("fusejika_stuck")
    if scene.breakdown is not None and "fusejika_round_end" in wanted:  # (it waits for the player: let it come in)
        shooter.settle(40)
        shooter.shot("fusejika_round_end")
        wanted.discard("fusejika_round_end")
    if scene.sudden is not None and "fusejika_sudden_death" in wanted:
        shooter.settle(50)
        shooter.shot("fusejika_sudden_death")
        wanted.discard("fusejika_sudden_death")
    if not scene.human_turn():
        return
    name = {"kick_to": "fusejika_kick", "copy": "fusejika_copy"}.get(scene.view.phase)
    if name in wanted and len(scene.view.legal) > 1:
        scene._refresh_buttons()
        if name == "fusejika_kick":
            target = scene.target_rect(scene.view.legal[0].target).center
            scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)))
            scene.dragging = True
        shooter.settle(20)
        shooter.shot(name)
        wanted.discard(name)
        scene.dragging = False
    state = scene.state
    if scene.kick_from is not None:  # the card to kick is picked (the table shows its targets): the target next
        state = state.clone()
        state.apply(Kick(scene.view.kick_card))
    scene.choose(EasyBot().choose(state, random.Random(len(scene.view.legal))))

"""Powers' screenshots: a conscription discard, an invasion with strengths, an occupation, a defence, the map at the
end."""

from __future__ import annotations

import random

from game.app.setup import GameSetup, start_scene


def take(shooter) -> None:
    wanted = {"powers_discard", "powers_invasion", "powers_occupy", "powers_defend", "powers_end"}
    for seed in range(1, 60):
        scene = start_scene(shooter.app, GameSetup("powers", ["easy"] * 3, seed=seed))
        shooter.show(scene)
        shooter.follow(scene, moment, wanted)
        if not wanted:
            return


def moment(shooter, scene, wanted: set[str]) -> None:
    from game.titles.powers.bots import rollout_policy
    from game.titles.powers.rules import DECLINE, DEFEND, DISCARD, INVADE, OCCUPY

    if scene.state.is_terminal() and "powers_end" in wanted:  # the finished table, as the ranking's Table shows it
        while shooter.app.stack.top is scene:
            shooter.settle(1)
        shooter.settle(60)
        shooter.app.stack.top.show_table()
        shooter.settle(20)
        shooter.shot("powers_end")
        wanted.discard("powers_end")
        return
    if not scene.human_turn():
        return
    view = scene.view
    action = rollout_policy(scene.state, random.Random(len(scene.state.history)))
    if view.phase == DISCARD and "powers_discard" in wanted:
        for card in action:
            scene.toggle(card)
        shooter.settle(3)
        shooter.shot("powers_discard")
        wanted.discard("powers_discard")
    if view.phase == INVADE and "powers_invasion" in wanted and len(view.table) >= 3:
        shooter.settle(3)
        shooter.shot("powers_invasion")
        wanted.discard("powers_invasion")
    if view.phase == OCCUPY and action != DECLINE and "powers_occupy" in wanted:
        for card in action.cards.split()[:-1]:
            scene.toggle(card)
        shooter.settle(3)
        shooter.shot("powers_occupy")
        wanted.discard("powers_occupy")
        scene.picked = []
    if view.phase == DEFEND and "powers_defend" in wanted:
        shooter.settle(3)
        shooter.shot("powers_defend")
        wanted.discard("powers_defend")
    scene.picked = []
    scene.choose(action)

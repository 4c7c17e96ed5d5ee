"""Neu/Noir's screenshots: a 7-player table mid-round, a play being built under a Double, a bet being placed, the
declaration's consequences, the pile choice, the end with the ranking."""

from __future__ import annotations

import random

from game.app.setup import GameSetup, start_scene


def take(shooter) -> None:
    app = shooter.app
    app.change_settings(anim_speed="fast")
    wanted = {"neu_noir_table7", "neu_noir_double", "neu_noir_bet", "neu_noir_declare", "neu_noir_take_pile",
              "neu_noir_end"}
    for seed in range(1, 40):
        scene = start_scene(app, GameSetup("neu_noir", ["easy"] * 6, seed=seed))
        shooter.show(scene)
        shooter.follow(scene, moment, wanted)
        if "neu_noir_end" in wanted and scene.over:
            shooter.settle(30)
            shooter.shot("neu_noir_end")
            wanted.discard("neu_noir_end")
        if not wanted:
            return


def moment(shooter, scene, wanted: set[str]) -> None:
    from game.titles.neu_noir import bots
    from game.titles.neu_noir.rules import BUILD, DECLARE, TAKE_PILE, TURN_PHASE, Bet, Card, EndPlay

    view = scene.view
    if "neu_noir_table7" in wanted and view.line and scene.state.current_player() != 0 and view.round_no >= 2:
        shooter.shot("neu_noir_table7")
        wanted.discard("neu_noir_table7")
    if not scene.human_turn():
        return
    rng = random.Random(len(scene.state.history))
    if view.phase == TAKE_PILE:
        if "neu_noir_take_pile" in wanted:
            shooter.settle(4)
            shooter.shot("neu_noir_take_pile")
            wanted.discard("neu_noir_take_pile")
        scene.choose(bots.decide(scene.state, rng))
        return
    if view.phase == TURN_PHASE:
        plan = bots.candidates(scene.state)
        if view.doubles and "neu_noir_double" in wanted:
            longest = max((extra for extra, _ in plan), key=len, default=())
            for kind in longest[:-1] or longest:
                scene.add_card(kind)
            shooter.settle(2)
            shooter.shot("neu_noir_double")
            wanted.discard("neu_noir_double")
            scene.clear_line()
        bets = [a for a in view.legal if type(a) is Bet]
        if bets and "neu_noir_bet" in wanted and view.value >= 60:
            scene.start_bet()
            shooter.settle(2)
            shooter.shot("neu_noir_bet")
            wanted.discard("neu_noir_bet")
            scene.bet(bets[0].target)
            return
        if DECLARE in view.legal and (not any(type(a) is Card for a in view.legal) or rng.random() < 0.25):
            if "neu_noir_declare" in wanted:
                scene.ask_declare()
                shooter.settle(2)
                shooter.shot("neu_noir_declare")
                wanted.discard("neu_noir_declare")
                shooter.app.stack.top.confirm()
                shooter.settle(2)
                return
            if view.white[0] > 1:
                scene.choose(DECLARE)
                return
    if view.phase == BUILD or view.phase == TURN_PHASE:
        action = bots.decide(scene.state, rng)
        if type(action) is Card:  # the whole play the rules bot wants, built and played
            extra, shot = next(((extra, shot) for extra, shot in bots.candidates(scene.state)
                                if extra and extra[0] == action.kind), ((action.kind,), None))
            for kind in extra:
                scene.add_card(kind)
            if scene.line_problem() is None:
                scene.confirm_play()
                if scene.mode == "shot":
                    scene._submit(shot if shot is not None else scene._any_target())
                return
            scene.clear_line()
            scene.choose(action)
            return
        if type(action) is EndPlay:
            scene.choose(action)
            return
        scene.choose(action)
        return
    scene.choose(bots.decide(scene.state, rng))

"""Dice Combat (ダイス戦闘): solo duels against an oni, for win streaks (spec: shared/rules/dice_combat.md)."""

from game.titles.spec import TitleSpec

TITLE = TitleSpec(
    "dice_combat", "Dice Combat", "ダイス戦闘",
    "Duel an oni round by round: attack with two dice for its prize, or defend with three.",
    "鬼との一騎打ち。2個で攻撃して賞品を奪うか、3個で守るか。",
    min_players=1, max_players=1, prefix="dc", order=20,
    # no round limit: longest of 54,000 measured games 518 (a bot that always defends; 1e-9 tail ~1,350): 3,000
    max_actions=3_000,
    levels=(), start_chance=False, hidden_information=False, chart=("rounds", "scores.rounds"),
    chart_best="fewest_in_a_win",
    score_boards={
        "streak": [("dc.scores.streak", "score"), ("scores.rounds", "rounds"), ("dc.scores.damage", "tiebreak")],
        "fastest": [("scores.rounds", "rounds"), ("dc.scores.damage", "tiebreak")],
    },
)

"""Dice Slayer (ダイススレイヤー): solo, for a high score (spec: shared/rules/dice_slayer.md)."""

from game.titles.spec import TitleSpec

TITLE = TitleSpec(
    "dice_slayer", "Dice Slayer", "ダイススレイヤー",
    "Pick dice into a 3-slot stock; a triple or a straight blasts its neighbours off the plate.",
    "3つのストックで刻子か順子を作り、その両脇の数字を皿から消し去れ。",
    min_players=1, max_players=1, prefix="ds", order=10,
    # no round limit: longest of 46,000 measured games 944 (the optimal bot; 1e-9 tail ~2,250): 5,000
    max_actions=5_000,
    levels=(), start_chance=False, hidden_information=False, chart=("score", "ds.scores.score"),
    score_boards={"score": [("ds.scores.score", "score"), ("scores.rounds", "rounds"),
                            ("ds.scores.largest", "details.largest_clear"), ("ds.scores.all_clears", "details.all_clears"),
                            ("ds.scores.removed", "details.dice_removed_total")]},
)

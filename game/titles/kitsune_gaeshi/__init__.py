"""Kitsune-gaeshi (狐返し): declare bride or fox, true or not, or flip them all; 3-4 players
(spec: shared/rules/kitsune_gaeshi.md)."""

from game.titles.spec import Option, TitleSpec

TITLE = TitleSpec(
    "kitsune_gaeshi", "Kitsune-gaeshi", "狐返し",
    "Draw, peek and declare bride or fox, true or not; or flip them all, betting on two foxes.",
    "札を引いて花嫁か狐かを宣言（嘘でもよい）。狐が2枚以上と読んだら全部返せ。",
    min_players=3, max_players=4, prefix="kg", order=60,
    max_actions=1 + 11 * 34,  # the start, then at most 3*4-1 rounds (a soul each) of 11 draws (3 actions) + flip
    options=(Option("companion", ("standard", "casual"), "standard"),
             Option("two_left", ("continue", "early_finish"), "continue"),
             Option("fox_count", (2, 3, 4, 5), 3)),
)

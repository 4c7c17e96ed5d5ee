"""Shinobazu (不忍): force cards, fight or pass, dodge the points; 3-5 players (spec: shared/rules/shinobazu.md)."""

from game.titles.spec import TitleSpec

TITLE = TitleSpec(
    "shinobazu", "Shinobazu", "不忍",
    "Play a card to yourself or force it on a rival; fight or pass, and dodge the points.",
    "札を自分に出すか相手に押し付けるか。勝負かパスか、点を避けて忍べ。",
    min_players=3, max_players=5, prefix="sb", order=30,
    # no round limit: longest of 120,000 random and Easy games 557 (5 players; 1e-9 tail ~920): 2,000
    max_actions=2_000,
)

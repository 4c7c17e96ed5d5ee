"""Hige-mekuri (ヒゲめくり): turn over the leaders of 1900 in turn; 2 players (spec: shared/rules/hige_mekuri.md)."""

from game.titles.spec import Option, TitleSpec

TITLE = TitleSpec(
    "hige_mekuri", "Hige-mekuri", "ヒゲめくり",
    "Turn over leaders of 1900 in turn: Queen Victoria wins, and a beard lets you flip again.",
    "1900年頃の指導者を交互にめくる。ヴィクトリアで勝ち、ヒゲならもう一枚。",
    min_players=2, max_players=2, prefix="hm", order=50,
    max_actions=1 + 14 * 3,  # the start, then per card of the 14: a stop, a flip or continue, and the card itself
    options=(Option("variant", ("default", "mckinley"), "default"),),
)

"""Hexa (ヘキサ): a two-player duel on sixteen hexes with hidden battle cards (spec: shared/rules/hexa.md)."""

from game.titles.spec import Option, TitleSpec

TITLE = TitleSpec(
    "hexa", "Hexa", "ヘキサ",
    "March three pieces up their columns; battles are fought with one hidden card each, turned over together.",
    "3つの駒で列を進め、敵陣の奥を目指す。戦いは伏せた札1枚ずつの同時公開。",
    min_players=2, max_players=2, prefix="hx", order=80,
    # per player-turn at most: a draw, a redraw (two), the recovery's end, a move, two emergency draws, two battle
    # cards, the loser's draw = 10, for 300 turns; each set (two actions) shrinks a hand by two, and hands grow by
    # at most four cards a turn, so at most 27 + 600 sets in a game; the start and the deal: 7
    max_actions=10 * 300 + 2 * 627 + 7,
    options=(Option("field", ("standard", "long"), "standard"), Option("wrap", ("on", "off"), "on")),
)

"""Powers (パワーズ): conquer the map of 1900 with a deck of playing cards, for four or five players
(spec: shared/rules/powers.md)."""

from game.titles.spec import Option, TitleSpec

TITLE = TitleSpec(
    "powers", "Powers", "パワーズ",
    "Bid playing cards for the territories of 1900: neighbours add strength, islands and inland lands dim a colour, "
    "30 points conquer the world.",
    "トランプで1900年の領土を競り合う。近接で戦力が増え、島国・内陸国では色が弱まる。30点で制覇。",
    min_players=4, max_players=5, prefix="pw", order=90,
    # per round at most: 5 conscription draws, 5 discards and recoveries (10), an invasion of at most 54 plays and
    # passes between plays (55 * 5), 54 redraws, 6 occupation steps, 4 defences and their draws (8): about 360, and
    # 14 rounds, plus the parent and the deal (26)
    max_actions=14 * 360 + 26,
    options=(Option("parent", ("acquirer", "rotating"), "acquirer"),
             Option("defence", ("acquired", "blitzkrieg"), "acquired")),
)

"""Powers (パワーズ): conquer the map of 1900 with a deck of playing cards, for four or five players
(spec: shared/rules/powers.md).

Not in the menu yet: the rules engine (rules.py) has landed with its tests; the bots and the map scene come next
(issue 18), and the package declares its `TITLE` when they do.
"""

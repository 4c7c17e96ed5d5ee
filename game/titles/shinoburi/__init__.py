"""Shinoburi (忍): deploy, move and attack with a hidden allegiance, for two to five players
(spec: shared/rules/shinoburi.md)."""

from game.titles.spec import TitleSpec

TITLE = TitleSpec(
    "shinoburi", "Shinoburi", "忍",
    "Serve a hidden house: deploy, move and attack, and let nobody guess whose side you are on.",
    "ひそかに仕える国を勝たせよ。配置・移動・攻撃で、誰の味方かを悟らせずに。",
    min_players=2, max_players=5, prefix="sr", order=70,
    # chance: the houses, the first player, at most 58 draws; at most 58 - 4n turns before the deck runs out
    # (each plays a card and draws it back) and n after, each at most 6 decisions: 59 + n + 6 (58 - 3n) <= 373
    max_actions=380,
)

"""Fusejika (不確定世界の時空干渉者): lay six persons without a repeat; 3-5 players (spec: shared/rules/fusejika.md)."""

from game.titles.spec import TitleSpec

TITLE = TitleSpec(
    "fusejika", "Fusejika", "不確定世界の時空干渉者",
    "Lay the six persons 9 to A without a repeat; get, lost, jump, quick, kick and almighty twist the race.",
    "9からAの6人を重ねずに並べろ。ゲット・ロスト・ジャンプ・クイック・キック・オールマイティが競争を揺さぶる。",
    min_players=3, max_players=5, prefix="fj", order=40,
    # longest of 120,000 random and Easy games 352 (5 players; 1e-9 tail ~460; the spec's turn cap is far looser)
    max_actions=1_000,
)

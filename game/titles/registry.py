"""Registered titles: slug -> what the menu shows, with the title's modules imported lazily.

A title is registered here once it is playable; its package holds rules.py, bots.py, scene.py and
rules_text.py (the in-game rules in both languages).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from game.services.i18n import pick


@dataclass(frozen=True)
class Option:
    """A rule variant the setup screen offers: its engine keyword, the values in the order shown, and the
    default (the spec's). Labels are the strings "option.<key>" and "option.<key>.<value>"."""

    key: str
    values: tuple
    default: object

    def label(self, value: object) -> str:
        return f"option.{self.key}.{value}"


@dataclass(frozen=True)
class TitleInfo:
    """One title as the menu lists it."""

    slug: str
    name_en: str
    name_ja: str
    min_players: int
    max_players: int
    pitch_en: str
    pitch_ja: str
    options: tuple[Option, ...] = ()  # rule variants, passed to the engine's new_state by keyword

    @property
    def solo(self) -> bool:
        return self.max_players == 1

    def name(self) -> str:
        return pick(self.name_en, self.name_ja)

    def pitch(self) -> str:
        return pick(self.pitch_en, self.pitch_ja)

    def module(self, part: str) -> ModuleType:
        """Import `game.titles.<slug>.<part>` on first use."""
        return importlib.import_module(f"game.titles.{self.slug}.{part}")


TITLES: dict[str, TitleInfo] = {
    info.slug: info
    for info in [
        TitleInfo(
            "dice_slayer", "Dice Slayer", "ダイススレイヤー", 1, 1,
            "Pick dice into a 3-slot stock; a triple or a straight blasts its neighbours off the plate.",
            "3つのストックで刻子か順子を作り、その両脇の数字を皿から消し去れ。",
        ),
        TitleInfo(
            "dice_combat", "Dice Combat", "ダイス戦闘", 1, 1,
            "Duel an oni round by round: attack with two dice for its prize, or defend with three.",
            "鬼との一騎打ち。2個で攻撃して賞品を奪うか、3個で守るか。",
        ),
        TitleInfo(
            "shinobazu", "Shinobazu", "不忍", 3, 5,
            "Play a card to yourself or force it on a rival; fight or pass, and dodge the points.",
            "札を自分に出すか相手に押し付けるか。勝負かパスか、点を避けて忍べ。",
        ),
        TitleInfo(
            "fusejika", "Fusejika", "不確定世界の時空干渉者", 3, 5,
            "Lay the six persons 9 to A without a repeat; get, lost, jump, quick, kick and almighty twist the race.",
            "9からAの6人を重ねずに並べろ。ゲット・ロスト・ジャンプ・クイック・キック・オールマイティが競争を揺さぶる。",
        ),
        TitleInfo(
            "hige_mekuri", "Hige-mekuri", "ヒゲめくり", 2, 2,
            "Turn over leaders of 1900 in turn: Queen Victoria wins, and a beard lets you flip again.",
            "1900年頃の指導者を交互にめくる。ヴィクトリアで勝ち、ヒゲならもう一枚。",
            (Option("variant", ("default", "mckinley"), "default"),),
        ),
        TitleInfo(
            "kitsune_gaeshi", "Kitsune-gaeshi", "狐返し", 3, 4,
            "Draw, peek and declare bride or fox, true or not; or flip them all, betting on two foxes.",
            "札を引いて花嫁か狐かを宣言（嘘でもよい）。狐が2枚以上と読んだら全部返せ。",
            (Option("companion", ("standard", "casual"), "standard"),
             Option("two_left", ("continue", "early_finish"), "continue"),
             Option("fox_count", (2, 3, 4, 5), 3)),
        ),
    ]
}


def get(slug: str) -> TitleInfo:
    try:
        return TITLES[slug]
    except KeyError:
        raise KeyError(f"unknown title {slug!r}; known titles: {', '.join(TITLES)}") from None

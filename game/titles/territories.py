"""The 14 territory cards of Powers, shared by every title that uses them (Powers, Hige-mekuri).

Pure data, no pygame: `TERRITORIES` (shared/rules/powers.md 2.1) and `HIGE_CARDS`, the leader pictured on
each card with its facial-hair category (shared/rules/hige_mekuri.md 2.2, decision HA1), both copied as is,
plus the names in English and Japanese for the screen. The category is the rule, whatever history says.
"""

from __future__ import annotations

from dataclasses import dataclass

VICTORIA, BEARDED, CLEAN = "victoria", "bearded", "clean"
CATEGORIES = (VICTORIA, BEARDED, CLEAN)
DEFAULT, MCKINLEY = "default", "mckinley"
VARIANTS = (DEFAULT, MCKINLEY)

# powers.md 2.1, copied as is; neighbour order is significant (the order of the defence phase)
TERRITORIES = {  # id: (points, cost, type, neighbours in printed order)
    "USA": (10, 5, "island", ["GBR", "JPN", "IDN"]),
    "CHN": (10, 5, "normal", ["KOR", "RUS", "IND"]),
    "RUS": ( 9, 5, "inland", ["KOR", "CHN", "OTT", "GER"]),  # noqa: E201
    "IND": ( 9, 5, "normal", ["OTT", "CHN", "IDN"]),  # noqa: E201
    "OTT": ( 8, 4, "normal", ["RUS", "IND", "AUT", "ITA"]),  # noqa: E201
    "FRA": ( 8, 4, "normal", ["GER", "GBR", "ITA", "SUI"]),  # noqa: E201
    "GER": ( 7, 4, "normal", ["FRA", "AUT", "SUI", "RUS"]),  # noqa: E201
    "GBR": ( 7, 3, "island", ["FRA", "USA"]),  # noqa: E201
    "JPN": ( 6, 3, "island", ["KOR", "IDN", "USA"]),  # noqa: E201
    "AUT": ( 6, 3, "normal", ["GER", "ITA", "SUI", "OTT"]),  # noqa: E201
    "ITA": ( 5, 3, "normal", ["FRA", "SUI", "AUT", "OTT"]),  # noqa: E201
    "KOR": ( 5, 3, "normal", ["CHN", "RUS", "JPN"]),  # noqa: E201
    "IDN": ( 4, 3, "island", ["IND", "JPN", "USA"]),  # noqa: E201
    "SUI": ( 4, 3, "inland", ["GER", "FRA", "ITA", "AUT"]),  # noqa: E201
}
TERRITORY_IDS = tuple(TERRITORIES)

# hige_mekuri.md 2.2, copied as is
HIGE_CARDS = {   # territory id: (person, category)
    "USA": ("Theodore Roosevelt", "bearded"),
    "CHN": ("Guangxu Emperor",    "clean"),
    "RUS": ("Nicholas II",        "bearded"),
    "IND": ("Lord Curzon",        "clean"),
    "OTT": ("Abdul Hamid II",     "bearded"),
    "FRA": ("Emile Loubet",       "bearded"),
    "GER": ("Wilhelm II",         "bearded"),
    "GBR": ("Queen Victoria",     "victoria"),
    "JPN": ("Emperor Meiji",      "bearded"),
    "AUT": ("Franz Joseph I",     "bearded"),
    "ITA": ("Umberto I",          "bearded"),
    "KOR": ("Gojong",             "bearded"),
    "IDN": ("Queen Wilhelmina",   "clean"),
    "SUI": ("Walter Hauser",      "bearded"),
}
MCKINLEY_CARD = ("William McKinley", "clean")  # variant "McKinley": HIGE_CARDS["USA"] = this

TERRITORY_NAMES = {  # id: (English, Japanese), powers.md 2.1
    "USA": ("America", "アメリカ"), "CHN": ("China", "中国"), "RUS": ("Russia", "ロシア"),
    "IND": ("India", "インド"), "OTT": ("Ottoman Empire", "オスマン"), "FRA": ("France", "フランス"),
    "GER": ("Germany", "ドイツ"), "GBR": ("Britain", "イギリス"), "JPN": ("Japan", "日本"),
    "AUT": ("Austria", "オーストリア"), "ITA": ("Italy", "イタリア"), "KOR": ("Korea", "朝鮮"),
    "IDN": ("Indonesia", "インドネシア"), "SUI": ("Switzerland", "スイス"),
}
TERRITORY_SHORT_JA = {  # one kanji, as newspapers write 日米英仏独伊: the small cards' label in Japanese (the id in English)
    "USA": "米", "CHN": "中", "RUS": "露", "IND": "印", "OTT": "土", "FRA": "仏", "GER": "独", "GBR": "英",
    "JPN": "日", "AUT": "墺", "ITA": "伊", "KOR": "朝", "IDN": "尼", "SUI": "瑞",
}
PERSON_NAMES_JA = {
    "Theodore Roosevelt": "セオドア・ルーズベルト", "Guangxu Emperor": "光緒帝", "Nicholas II": "ニコライ2世",
    "Lord Curzon": "カーゾン卿", "Abdul Hamid II": "アブデュルハミト2世", "Emile Loubet": "エミール・ルーベ",
    "Wilhelm II": "ヴィルヘルム2世", "Queen Victoria": "ヴィクトリア女王", "Emperor Meiji": "明治天皇",
    "Franz Joseph I": "フランツ・ヨーゼフ1世", "Umberto I": "ウンベルト1世", "Gojong": "高宗",
    "Queen Wilhelmina": "ウィルヘルミナ女王", "Walter Hauser": "ヴァルター・ハウザー",
    "William McKinley": "ウィリアム・マッキンリー",
}
FACIAL_HAIR = {  # hige_mekuri.md 2.1, what the portrait must show
    "Theodore Roosevelt": "thick moustache", "Guangxu Emperor": "none", "Nicholas II": "full beard and moustache",
    "Lord Curzon": "none", "Abdul Hamid II": "full beard", "Emile Loubet": "beard and moustache",
    "Wilhelm II": "upturned moustache", "Queen Victoria": "none", "Emperor Meiji": "beard and moustache",
    "Franz Joseph I": "side-whiskers and moustache", "Umberto I": "large moustache",
    "Gojong": "moustache and goatee", "Queen Wilhelmina": "none", "Walter Hauser": "full beard",
    "William McKinley": "none",
}


@dataclass(frozen=True)
class Leader:
    """One territory card as a portrait: who is shown and their category."""

    territory: str  # the id, e.g. "GBR"
    person: str  # English name, as in HIGE_CARDS
    category: str  # victoria / bearded / clean

    @property
    def territory_en(self) -> str:
        return TERRITORY_NAMES[self.territory][0]

    @property
    def territory_ja(self) -> str:
        return TERRITORY_NAMES[self.territory][1]

    @property
    def territory_short_ja(self) -> str:
        return TERRITORY_SHORT_JA[self.territory]

    @property
    def person_ja(self) -> str:
        return PERSON_NAMES_JA[self.person]

    @property
    def facial_hair(self) -> str:
        return FACIAL_HAIR[self.person]

    @property
    def sprite(self) -> str:
        """The portrait's file stem under sprites/hige_mekuri/ (McKinley has his own)."""
        return "USA_mckinley" if self.person == MCKINLEY_CARD[0] else self.territory


def leaders(variant: str = DEFAULT) -> dict[str, Leader]:
    """Territory id -> Leader for a line-up ("default" or "mckinley"), in the table's order."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown line-up {variant!r}; choose from {', '.join(VARIANTS)}")
    cards = dict(HIGE_CARDS)
    if variant == MCKINLEY:
        cards["USA"] = MCKINLEY_CARD
    return {tid: Leader(tid, person, category) for tid, (person, category) in cards.items()}

"""Kitsune-gaeshi's in-game rules, in our own words (source: shared/rules/kitsune_gaeshi.md)."""

RULES = {
    "en": [
        ("Goal", [
            "Everyone has 3 souls. Lose them all and you are out; the last player standing wins.",
            "11 cards: 3 foxes (狐) and 8 brides (嫁). The deck is reshuffled every round.",
        ]),
        ("Your turn", [
            "Draw: look at the card in secret, then declare it a bride (lay it upright) or a fox (lay it sideways). "
            "You may lie.",
            "Or Kaeshi! (flip): every card on the table is turned over. With 2 or more real foxes the flip "
            "succeeds and the player before you loses a soul; otherwise you lose one.",
            "When the deck is empty you must flip.",
        ]),
        ("Companion soul (伴魂)", [
            "The player before whoever lost the soul is dragged down too if they lied this round (any of their "
            "cards). No chain: only one companion per flip.",
            "Casual rule (option): a bride declared a fox never drags you in; only a hidden fox does.",
        ]),
        ("Rounds and the end", [
            "The flipper starts the next round (if out, the next player).",
            "Two players left: play on heads-up. If the last two lose their last souls together, they share the win.",
            "Under each opponent, 'lies' counts the false declarations seen at flips: use it to read them.",
        ]),
        ("Keys", [
            "Buttons on the right: Draw / Kaeshi!, then Declare bride / Declare fox. Enter confirms, arrows choose.",
            "Esc pause · F1 these rules · the log on the right tells every move.",
        ]),
    ],
    "ja": [
        ("目的", [
            "全員が魂を3つ持つ。すべて失うと脱落し、最後に残った人の勝ち。",
            "札は11枚：狐3枚と花嫁8枚。山札は毎ラウンド切り直す。",
        ]),
        ("手番", [
            "引く：札をこっそり見て、花嫁（真っ直ぐ置く）か狐（90度傾けて置く）と宣言して伏せる。嘘でもよい。",
            "または「返し」：場の札をすべて表にする。本物の狐が2枚以上なら成功で前のプレイヤーが魂を1つ失い、"
            "そうでなければ自分が失う。",
            "山札が切れたら返すしかない。",
        ]),
        ("伴魂", [
            "魂を失った人の前のプレイヤーも、このラウンドに札を偽っていれば（どの札でも）魂を1つ失う。連鎖はしない。",
            "カジュアルルール（選択）：花嫁を狐と偽っても巻き込まれない。狐を隠した場合だけ。",
        ]),
        ("ラウンドと終了", [
            "次のラウンドは返した人から（脱落していればその次の人から）。",
            "残り2人でもそのまま続ける。最後の2人が同時に魂を失えば勝利を分け合う。",
            "相手の下の「嘘」は、返しで見えた偽りの宣言の数。読み合いに使おう。",
        ]),
        ("キー操作", [
            "右のボタン：引く／返し、続いて花嫁と宣言／狐と宣言。Enter で決定、矢印で選択。",
            "Esc 一時停止・F1 このルール・右のログにすべての手が表示される。",
        ]),
    ],
}

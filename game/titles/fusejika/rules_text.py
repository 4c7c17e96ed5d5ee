"""Fusejika's in-game rules, in our own words (source: shared/rules/fusejika.md)."""

RULES = {
    "en": [
        ("Goal", [
            "Lay the six persons 9, 10, J, Q, K, A in your row, never the same rank twice. All six at once wins "
            "the whole match (sudden death).",
            "24 cards: each rank in ♠ ♥ ♦ ♣. A match has as many rounds as players; the highest total wins (ties "
            "share).",
        ]),
        ("Your turn", [
            "You are dealt 3 cards. On your turn, play one whose rank is not in your row yet, and use its effect. "
            "Playing is mandatory.",
            "If you cannot play at the start of your turn, you reveal your hand and the round ends at once.",
            "Three of one rank in your starting hand: you may reveal them for a fresh deal, or keep quiet.",
        ]),
        ("Effects", [
            "9 get: draw a card.  10 lost: put a card of your row (this 10 too) under the deck, face down.",
            "J jump: the next player is skipped.  Q quick: everyone draws one, from your left; you draw last.",
            "K kick: move a card of your row (not this K) to a player who lacks that rank.",
            "A almighty: use the effect of any 9, 10, J, Q or K lying in any row (only usable effects).",
            "Cards put under the deck are known to everyone; whoever draws them, everyone knows.",
        ]),
        ("Scoring", [
            "Each round: 1 point per card in your row; the player who got stuck scores half (rounded down).",
            "Bonus for your largest group of one suit: 2 cards +1, 3 +3, 4 +5, 5 +8.",
        ]),
        ("Keys", [
            "Click a lit card in your hand to play it (hover to see what it does). K: click or drag a card of your "
            "row onto a lit player. A: click a lit card on the table to copy it.",
            "The buttons on the right do the same; arrows + Enter work too. Esc pause · F1 these rules.",
        ]),
    ],
    "ja": [
        ("目的", [
            "9・10・J・Q・K・Aの6人を自分の前に並べる。同じ人物は2枚置けない。6人そろえば即座にゲームの勝者（サドンデス）。",
            "カードは24枚（各ランク ♠♥♦♣）。ラウンドは人数分。合計点が最も高い人の勝ち（同点は勝利を分け合う）。",
        ]),
        ("手番", [
            "手札は3枚配られる。手番には自分の列にまだないランクのカードを1枚出し、その効果を使う。出せるなら必ず出す。",
            "手番の開始時に出せるカードがなければ、手札を公開してラウンドは即座に終了。",
            "配られた3枚が同じランクなら、公開して配り直すか、黙って続けるかを選べる。",
        ]),
        ("効果", [
            "9 ゲット：1枚引く。10 ロスト：自分の列のカード1枚（この10も可）を裏向きで山札の一番下へ。",
            "J ジャンプ：次の人の手番を飛ばす。Q クイック：左隣から順に全員1枚引く（自分は最後）。",
            "K キック：自分の列のカード1枚（このK以外）を、そのランクを持たない人の列へ移す。",
            "A オールマイティ：どの列にある9・10・J・Q・Kの効果でも1つ使える（使える効果のみ）。",
            "山札の下に入れたカードは全員が知っている。誰が引いたかも全員がわかる。",
        ]),
        ("得点", [
            "各ラウンド：列のカード1枚につき1点。出せなくなった人は半分（切り捨て）。",
            "最も多い同じスートの枚数でボーナス：2枚+1、3枚+3、4枚+5、5枚+8。",
        ]),
        ("キー操作", [
            "光っている手札をクリックして出す（マウスを乗せると効果を表示）。K：自分の列のカードをクリックかドラッグし、"
            "光っている相手へ。A：場の光っているカードをクリックしてコピー。",
            "右のボタンでも同じ操作ができる。矢印キー＋Enterでも可。Esc 一時停止・F1 このルール。",
        ]),
    ],
}

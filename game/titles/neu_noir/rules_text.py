"""Neu/Noir's in-game rules, in our own words (source: shared/rules/neu_noir.md)."""

RULES = {
    "en": [
        ("Goal", [
            "Collect black chips: 5 with 4 players, 4 with 5, 3 with 6 or 7. Or have the most when someone runs out "
            "of white chips (lives: 5, 4, 3, 3).",
            "All 58 cards are dealt at the start; the few left over go face down to the first player who declares "
            "defeat. The only other way to get cards is to take a pile.",
        ]),
        ("Your turn: one of three", [
            "Play: one card or more, in an order you state. Numbers add to the current value (−1 and −10 take away, "
            "never below 0; 101 sets it to 101). The value may never pass 101, not even halfway through a play.",
            "Bet: put your one bet chip under another player's marker (not one already covered). That player moves "
            "next, and any Double on you is cancelled.",
            "Declare defeat (not on a round's first turn): lose a white chip; whoever has a bet under you, else the "
            "player who took the turn before you, gains a black chip. Then take any pile into your hand.",
        ]),
        ("Instruction cards", [
            "Turn reverses the direction of play. Shot names who plays next. Double: the next player must play at "
            "least one card more (they add up). Pass answers every Double at once and hands them on; without a "
            "Double it is +0.",
        ]),
        ("The end", [
            "Reaching the black-chip target wins at once. When a player loses their last white chip they are "
            "disqualified: the most black chips wins, then the last round's winner, then the most white chips; a "
            "tie left after that plays one overtime round.",
        ]),
        ("Keys", [
            "Click your cards into the play line (the value after each card shows under it); click a card of the "
            "line to take it back; Play when it is legal. Bet… and Declare defeat… ask before they act.",
            "Hover a pile to see every card in it. Esc pause · F1 these rules.",
        ]),
    ],
    "ja": [
        ("目的", [
            "黒チップを集める：4人なら5枚、5人なら4枚、6・7人なら3枚。または誰かの白チップ（4人5枚・5人4枚・"
            "6・7人3枚）が尽きたとき、黒チップが最も多い人の勝ち。",
            "58枚の札は最初にすべて配る。余った数枚は伏せておき、最初に敗北宣言した人のものになる。"
            "ほかに札を得るのは場札を取るときだけ。",
        ]),
        ("手番：3つから1つ", [
            "札を出す：1枚以上を、順番を決めて出す。数字は現在値に足す（−1・−10は引くが0未満にはならない。"
            "101は現在値を101にする）。出す途中でも101を超えてはならない。",
            "ベット：自分のベットチップを、まだ誰のチップも敷かれていない相手のマーカーの下に置く。"
            "その相手が次の手番になり、自分にかかったダブルは消える。",
            "敗北宣言（ラウンド最初の手番ではできない）：白チップを1枚失い、自分の下にベットした人、"
            "いなければ直前の手番の人が黒チップを得る。その後、好きな場札を1つ手札に取る。",
        ]),
        ("指示カード", [
            "ターン：進行方向を逆に。ショット：次の手番を指名。ダブル：次の人は1枚多く出さなければならない"
            "（重なる）。パス：ダブルをすべて次の人へ渡す。ダブルがなければ＋0。",
        ]),
        ("終了", [
            "黒チップが目標に達したら即勝利。白チップが尽きた人は失格：黒チップの多い人、同点なら直前のラウンドの"
            "勝者、次に白チップの多い人の勝ち。それでも同点なら延長戦を1ラウンド行う。",
        ]),
        ("操作", [
            "手札をクリックして出し札に並べる（各札の下に出した後の現在値）。出し札をクリックすると戻る。"
            "出せるときに「出す」。ベットと敗北宣言は確認してから。",
            "場札にマウスを乗せると中身がすべて見える。Esc 一時停止・F1 このルール。",
        ]),
    ],
}

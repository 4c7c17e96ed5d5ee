"""Hige-mekuri's in-game rules, in our own words (source: shared/rules/hige_mekuri.md)."""

RULES = {
    "en": [
        ("Goal", [
            "The 14 territory cards of Powers lie shuffled face down. Each shows a leader of around 1900.",
            "Two players take turns turning cards over. Whoever turns up Queen Victoria (Britain) wins at once.",
        ]),
        ("A turn", [
            "Every turn begins with one compulsory flip.",
            "A bearded leader (any facial hair: moustache, beard or side-whiskers): you may flip again, or stop "
            "and hand the turn over.",
            "A clean-shaven leader ends your turn. There are 10 bearded and 3 clean-shaven cards beside Victoria: "
            "almost everyone has a beard.",
        ]),
        ("The odds", [
            "Flipping again is never worse than stopping. With an odd number of clean-shaven cards left the two "
            "are exactly equal; with an even number, flipping again is better.",
            "With best play the first player wins exactly 1/2: the game is fair. Press O to see your exact "
            "chances. The players take turns to start.",
        ]),
        ("Keys", [
            "F, Space or a click on the pile: flip (or flip again). S: stop. O: show or hide the odds.",
            "Esc pause · F1 these rules · the log on the right tells every flip (wheel to scroll back).",
        ]),
    ],
    "ja": [
        ("目的", [
            "パワーズの領土札14枚を裏向きに切って山にする。札には1900年頃の各国の指導者が描かれている。",
            "2人で交互に札をめくる。ヴィクトリア女王（イギリス）をめくった人がその場で勝ち。",
        ]),
        ("手番", [
            "手番の最初の1枚は必ずめくる。",
            "ヒゲの人（口ヒゲ・あごヒゲ・もみあげ、どれでも）が出たら、続けてめくってもよいし、やめて手番を渡してもよい。",
            "ヒゲのない人が出たら手番は終わり。ヴィクトリアのほかはヒゲ10枚、ヒゲなし3枚：ほぼ全員ヒゲ。",
        ]),
        ("確率", [
            "続けてめくるのが、やめるより不利になることはない。残りのヒゲなしが奇数枚なら両者はまったく同じ、偶数枚なら続ける方が有利。",
            "最善手なら先手の勝率はちょうど1/2で公平。Oキーで正確な勝率を表示。先手は1ゲームごとに交代。",
        ]),
        ("キー操作", [
            "F・Space・山札クリック：めくる（もう一枚）。S：やめる。O：勝率の表示切り替え。",
            "Esc 一時停止・F1 このルール・右のログにすべてのめくりが表示される（ホイールでさかのぼる）。",
        ]),
    ],
}

"""Shinoburi's in-game rules, in our own words (source: shared/rules/shinoburi.md)."""

RULES = {
    "en": [
        ("Goal", [
            "You secretly serve one of five houses: Hōjō 北, Mōri 毛, Oda 織, Takeda 武, Uesugi 上. Nobody knows "
            "the others' houses; with fewer than five players some houses are neutral (nobody's).",
            "At the end, the house with the most cards on the table (all territories together) wins for whoever "
            "serves it. Cards in hands do not count. Neutral houses never win.",
            "Tie: the most cards of your house in your own territory; still tied, the win is shared.",
        ]),
        ("Your turn: three commands, in order", [
            "1 Deploy: put a soldier card from your hand into another player's territory (any house), or play "
            "ninjas against one army in another territory: each ninja removes one of its cards.",
            "2 Reinforce or move: put a soldier card into your own territory, or move one soldier from an army "
            "in another territory to any other territory (yours included).",
            "3 Attack (you must, if you can): an army of 2 or more cards in your territory removes one card "
            "from a smaller army of another house in another territory.",
            "Armies you touched in commands 1 and 2 (shield) cannot be attacked this turn.",
            "Then draw back up to 4 cards. A command with no legal choice is skipped.",
        ]),
        ("The end", [
            "When someone takes the last card of the deck, everyone plays one more turn without drawing.",
            "Then every house card is turned over and the houses are counted.",
        ]),
        ("Keys", [
            "Click a card or a lit army, then a lit territory. ←→ choose, Enter take; ↑↓ set the ninjas.",
            "H hides your house · Esc pause · F1 these rules · the log on the right tells every move.",
        ]),
    ],
    "ja": [
        ("目的", [
            "あなたは5つの国（北条 北・毛利 毛・織田 織・武田 武・上杉 上）のどれかにひそかに仕えている。"
            "他の人の国は分からない。5人未満のときは誰の国でもない中立の国がある。",
            "終了時、場（全員の陣地の合計）の札が最も多い国に仕える人の勝ち。手札は数えない。中立の国は勝たない。",
            "同数なら自陣にある自国の札が多い人。それでも同じなら勝利を分け合う。",
        ]),
        ("手番：命令を3つ、この順に", [
            "1 配置：手札の兵を他の人の陣地に出す（どの国でもよい）。または他の陣地の軍1つに忍者を送り、1人につき1枚減らす。",
            "2 増援か移動：手札の兵を自陣に出す。または他の陣地の軍から兵1人を別の陣地（自陣も可）へ移す。",
            "3 攻撃（できるなら必ず）：自陣の2枚以上の軍が、他の陣地のより少ない他国の軍を1枚減らす。",
            "命令1と2で動かした軍（盾の印）はこの手番では攻撃できない。",
            "最後に手札が4枚になるまで引く。できる選択肢がない命令は省略。",
        ]),
        ("終了", [
            "誰かが山札の最後の札を取ったら、全員があと1手番ずつ（札は引かない）行う。",
            "そして全員の国を公開し、国ごとに数える。",
        ]),
        ("キー操作", [
            "札か光っている軍をクリックし、次に光っている陣地をクリック。←→ で選び Enter で決定、↑↓ で忍者の数。",
            "H 自国を隠す・Esc 一時停止・F1 このルール・右のログにすべての手が表示される。",
        ]),
    ],
}

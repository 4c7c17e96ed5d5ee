"""Hexa's in-game rules, in our own words (source: shared/rules/hexa.md)."""

RULES = {
    "en": [
        ("Goal", [
            "Each player has three pieces, one per column of the hex board. Reach the far end of any column to win: "
            "that means beating the enemy piece that stands on its own rear hex, which is then destroyed.",
        ]),
        ("Your turn", [
            "Draw a card (not on the very first turn). If you own the flag you may throw the card away, face up, "
            "and draw another once.",
            "Recovery (any number of times): discard a set (three of a kind, or a run such as A-2-3, Q-K-A, K-A-2; "
            "never jokers) and take any one card back from the discard pile. The other player sees that card.",
            "Move one piece one hex straight forward (you must). Stepping into the enemy piece starts a battle. "
            "Entering the flag hex (the hex with the flag) makes the flag yours until the other player enters it.",
        ]),
        ("Battles", [
            "The attacker puts a card face down, then the defender; both are turned over together.",
            "A joker forces a draw. A face (J Q K) beats any number; an ace beats any face. Otherwise the higher total "
            "wins: the card's value (A 1, J 11, Q 12, K 13) +3 for each of your other pieces next to the enemy piece. "
            "Equal totals: a draw.",
            "The loser goes back to its rear hex (a defender already there is destroyed), the winning attacker steps "
            "in, and the loser draws a card. After a draw nothing moves and nobody draws.",
            "A player with no card draws one before the battle.",
        ]),
        ("Keys", [
            "Click an arrow to move, a card of your hand to fight with, the discard pile to look through it. "
            "↑↓ and Enter choose the buttons. Esc pause · F1 these rules.",
        ]),
    ],
    "ja": [
        ("目的", [
            "各自の駒は3つ、ヘクス盤の3列に1つずつ。どれかの列の一番奥に着けば勝ち。そのためには最後尾にいる"
            "敵の駒に攻撃で勝つ（その駒は消滅する）。",
        ]),
        ("手番", [
            "札を1枚引く（最初の手番を除く）。旗を持っていれば、引いた札を表向きに捨ててもう1回だけ引き直せる。",
            "回収（何回でも）：組（3枚同数、またはA-2-3・Q-K-A・K-A-2のような3枚連番。ジョーカー不可）を捨てて、"
            "捨て札から好きな1枚を取る。取った札は相手に見せる。",
            "駒を1つ、まっすぐ1マス前進させる（必ず）。敵の駒に進むと戦闘。旗のあるヘクスに入ると、相手が入るまで"
            "旗はあなたのもの。",
        ]),
        ("戦闘", [
            "攻撃側が札を1枚伏せ、次に防御側が伏せ、同時に公開する。",
            "ジョーカーは引き分け。絵札（J Q K）は数字に勝ち、エースは絵札に勝つ。それ以外は合計の大きい方の勝ち："
            "札の値（A 1・J 11・Q 12・K 13）に、敵の駒に隣接する自分の他の駒1つにつき+3。同じなら引き分け。",
            "負けた駒は最後尾に戻る（すでに最後尾の防御側は消滅）。勝った攻撃側は前進し、負けた側は1枚引く。"
            "引き分けなら何も動かず、誰も引かない。",
            "手札がない人は戦闘の前に1枚引く。",
        ]),
        ("キー操作", [
            "矢印をクリックで移動、手札をクリックで戦う札、捨て札をクリックで一覧。↑↓とEnterでボタンを選ぶ。"
            "Esc 一時停止・F1 このルール。",
        ]),
    ],
}

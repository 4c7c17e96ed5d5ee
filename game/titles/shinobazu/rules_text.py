"""Shinobazu's in-game rules, in our own words (source: shared/rules/shinobazu.md)."""

RULES = {
    "en": [
        ("Goal", [
            "Points are bad. The game ends when anyone reaches 5 points; the fewest points wins (ties share).",
            "15 ninja cards: black ◆, red ●, blue ▲, each −3, 1, 2, 4, 5. Every 2 and 4 carries the Off-colour Reversal.",
        ]),
        ("A round", [
            "Everyone holds 3 cards per deal and plays exactly one card each round; a deal is 3 rounds.",
            "The start player plays a card to themselves (always Fight) or forces it face down on someone. Its colour "
            "is the lead colour.",
            "Then, going left, each player plays to themselves (Fight or Pass) or forces a card on a player who has "
            "no face-down card yet. You must follow the lead colour if you can.",
            "A player given a forced card does not look at it: they declare Fight or Pass blind. If they have not "
            "played yet, they must then force a card on someone else.",
        ]),
        ("Showdown", [
            "Fighters reveal their stacks (cards carried from earlier rounds + this round's card) and add them up.",
            "Normally the higher total is stronger. Each 2 or 4 not of the lead colour flips the order (odd count = "
            "lower is stronger).",
            "The weakest get +1 point; a unique strongest gets −1 (never below 0). All equal: everyone +1.",
            "Nobody fights: everyone is compared. One fighter: they leave, and the card in front of their left "
            "neighbour sets the lead colour. Three technique: a fighter totalling exactly 3 drags every passer in.",
        ]),
        ("Passing and the duel", [
            "Passed cards stay (face up next round) and keep adding to your stack until the deal ends.",
            "At the end of a deal, a stack still in front of a passer goes back into that player's hand, face up "
            "for all to know; the other cards are shuffled and dealt until every hand holds 3 again.",
            "A single loser may challenge one passer to a Shinobazu duel. Refusing costs 1 point per card in the "
            "stack; accepting compares the two stacks (lead = the loser's card): loser +1, winner −1, tie both +1.",
        ]),
        ("Keys", [
            "Click a card, then Fight / Pass / a player to force it on. ←→ choose a card, Enter confirm.",
            "Esc pause · F1 these rules · the log on the right tells every move (wheel to scroll back).",
        ]),
    ],
    "ja": [
        ("目的", [
            "点数は少ないほど良い。誰かが5点に達したら終了し、最も点数が少ない人の勝ち（同点は勝利を分け合う）。",
            "忍者札は15枚：黒◆・赤●・青▲、各色 −3, 1, 2, 4, 5。2と4には「異色順逆の術」がある。",
        ]),
        ("ラウンドの流れ", [
            "手札は1セットで3枚。毎ラウンド全員がちょうど1枚ずつ出す。1セットは3ラウンド。",
            "親は札を自分に出す（必ず勝負）か、誰かに裏向きで押し付ける。その色が主導色。",
            "続いて左回りに、自分に出す（勝負かパス）か、まだ裏向きの札がない人に押し付ける。主導色があれば必ず出す。",
            "押し付けられた人は札を見ずに勝負かパスを宣言する。まだ手番前なら、その後で別の人に札を押し付ける。",
        ]),
        ("決戦", [
            "勝負した人は勝負札（持ち越した札＋今回の札）をめくり合計する。",
            "ふつうは合計が大きいほど強い。主導色でない2と4の枚数が奇数なら強弱が逆になる。",
            "最も弱い人は+1点、最も強い人（1人だけ）は−1点（0未満にはならない）。全員同じなら全員+1点。",
            "誰も勝負しない：全員で比べる。勝負が1人：その人は抜け、左隣の前の札の色が主導色。参の術：合計ちょうど3の勝負者がいればパスした人も全員参加。",
        ]),
        ("パスと不忍勝負", [
            "パスした札は残り（次のラウンドで表向き）、そのセットの間は勝負札に加わり続ける。",
            "セットの終わりにパスした人の前に残った札は、その人の手札に戻る（全員に公開）。残りの札を切り直し、全員の手札が3枚になるまで配る。",
            "負け忍が1人なら、パスした人1人に不忍勝負を挑める。断ると札1枚につき1点。受けると2人の勝負札で勝負（主導色は負け忍の札）：負けた方+1、勝った方−1、引き分けは両方+1。",
        ]),
        ("キー操作", [
            "札をクリックし、勝負／パス／押し付ける相手を選ぶ。←→ で札を選び Enter で決定。",
            "Esc 一時停止・F1 このルール・右のログにすべての手が表示される（ホイールでさかのぼる）。",
        ]),
    ],
}

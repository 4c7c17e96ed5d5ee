"""Powers' in-game rules, in our own words (source: shared/rules/powers.md)."""

RULES = {
    "en": [
        ("Goal", [
            "Fourteen territories of 1900 come up one per round. Reach 30 points of territory to win at once "
            "(conquest); otherwise the most points when all 14 are taken (then more territories, then more cards).",
        ]),
        ("A round", [
            "Conscription (from round 2): each player draws a card from the parent on; at 8 cards discard 3. Three "
            "of one colour take back any card of the discard pile but an ace or a joker.",
            "Invasion: the parent opens with any card; then each in turn plays a stronger card or passes (passing "
            "is not final). When all the others pass in a row, the last player wins the invasion right. A joker "
            "wins it at once.",
            "Strength: the card's number (J 11, Q 12, K 13; an ace is 1 first, else the previous number + 1) +1 "
            "for each neighbour of the territory you own. On an island black cards are 1 and neighbours do not "
            "count; inland, red cards are 1.",
            "Every card played (not a joker) is replaced from the draw pile.",
            "Occupation: the holder pays the cost in cards or declines; then the next seat holds the right at one "
            "less. At cost 0 it is taken free. Whoever takes it is the next parent.",
            "Defence: every rival owning a neighbour of the new territory defends with a J, Q or K (and draws a "
            "card) or yields that territory to the occupier.",
        ]),
        ("Options", [
            "Next parent: who took the territory (the rule), or the next seat each round.",
            "Defence: of the new territory's neighbours only (the rule), or Blitzkrieg: a yielded territory's "
            "neighbours are asked too, before the rest, each territory once a round.",
        ]),
        ("Keys", [
            "Click a highlighted card to play it, cards to pick them for a discard or a payment; the buttons do the "
            "rest (↑↓ Enter). The mouse on the line under the title shows the discard pile. Esc pause · F1 these rules.",
        ]),
    ],
    "ja": [
        ("目的", [
            "1900年の14の領土が1ラウンドに1つずつ出る。領土の合計が30点に達したら即勝利（制覇勝利）。達しなければ"
            "14すべて獲得された時点で最高得点の人の勝ち（同点なら領土の数、次に手札の枚数）。",
        ]),
        ("ラウンド", [
            "徴兵（第2ラウンドから）：親から順に1枚引く。手札が8枚になったら3枚捨てる。3枚が同じ色なら、捨て札から"
            "エースとジョーカー以外の1枚を取る。",
            "侵略：親は任意の札で始める。以後、順により強い札を出すかパス（パスしても次に出せる）。他の全員が続けて"
            "パスしたら、最後に出した人が侵略権を得る。ジョーカーは即座に侵略権。",
            "戦力：札の数字（J 11・Q 12・K 13。エースは最初なら1、そうでなければ直前の数字+1）に、その領土に近接する"
            "自分の領土1つにつき+1。島国では黒の札は1で近接も無効、内陸国では赤の札は1。",
            "出した札（ジョーカー以外）は山札から補充する。",
            "占領：侵略権を持つ人はコストの枚数を払うか見送る。見送ると次の席がコスト1減で持つ。コスト0なら無償で"
            "獲得。獲得した人が次の親。",
            "防衛：新しい領土に近接する領土を持つ他の人は、J・Q・Kで防衛（1枚引く）するか、その領土を明け渡す。",
        ]),
        ("オプション", [
            "次の親：領土を得た人（本来のルール）か、毎ラウンド次の席。",
            "防衛：新しい領土の近接国だけ（本来のルール）か、電撃戦：明け渡した領土の近接国も先に防衛を問われる"
            "（各領土1ラウンドに1回まで）。",
        ]),
        ("キー操作", [
            "光る札をクリックで出す。捨てる札・払う札はクリックで選ぶ。ボタンは↑↓とEnter。タイトルの下の行にマウスを"
            "置くと捨て札が見える。Esc 一時停止・F1 このルール。",
        ]),
    ],
}

"""Dice Combat's in-game rules, in our own words (source: shared/rules/dice_combat.md)."""

RULES = {
    "en": [
        ("Goal", [
            "Collect three prize dice that make a run (3 4 5) or a set (4 4 4) before the oni lands 3 hits.",
        ]),
        ("Each round", [
            "One die rolls onto the small plate: the prize. Two dice roll onto the big plate: "
            "the oni's strength. Their sum is the target.",
            "You see both plates, then choose: Attack or Defend.",
        ]),
        ("Attack — 2 dice", [
            "Roll 2 dice. If their sum is at least the target, you win the prize die (with its face).",
            "If it is lower, you take 1 hit.",
        ]),
        ("Defend — 3 dice", [
            "Roll 3 dice. If their sum is at least the target, nothing happens: you are safe, but the prize is lost.",
            "If it is lower, you take 1 hit. Defending is safer but can never win the game.",
        ]),
        ("Winning and losing", [
            "Any three of your collected dice count: a set (x x x) or a run of three in a row. "
            "1 and 6 are not neighbours: 5 6 1 is not a run.",
            "You win the moment three collected dice make one. The third hit ends the game.",
            "The Attack and Defend buttons show each roll's chance of success. H shows your chance to win the whole "
            "game with each choice, if you play perfectly from then on.",
        ]),
        ("High scores", [
            "Win games back to back for a streak; a defeat ends the run. Fastest wins (fewest rounds) have a table too.",
        ]),
        ("Keys", [
            "A attack · D defend · H win chances · Esc pause · F1 these rules · F11 fullscreen.",
        ]),
    ],
    "ja": [
        ("目的", [
            "鬼に3回打撃を受ける前に、獲得ダイス3つで順子（3 4 5）か刻子（4 4 4）を作ろう。",
        ]),
        ("ラウンドの流れ", [
            "小皿にダイスを1個振る。これが賞品。大皿にダイスを2個振る。これが鬼の強さで、合計が目標値。",
            "両方の皿を見てから「攻撃」か「防御」を選ぶ。",
        ]),
        ("攻撃 — ダイス2個", [
            "ダイスを2個振る。合計が目標値以上なら、小皿のダイスを出目のまま獲得。",
            "目標値未満なら打撃を1点受ける。",
        ]),
        ("防御 — ダイス3個", [
            "ダイスを3個振る。合計が目標値以上なら何も起きない。安全だが賞品はなくなる。",
            "目標値未満なら打撃を1点受ける。防御は安全だが、防御だけでは勝てない。",
        ]),
        ("勝ちと負け", [
            "獲得ダイスのうちどの3つでもよい。刻子（x x x）か、連続する3つの数字の順子。1と6はつながっていない（5 6 1 は順子ではない）。",
            "3つそろった瞬間に勝ち。3回目の打撃で負け。",
            "攻撃・防御ボタンには成功率が表示される。H キーで、それぞれを選んだ場合の（以後最善手での）勝率を表示。",
        ]),
        ("ハイスコア", [
            "続けて勝つと連勝記録。負けると記録が確定する。最短勝利（少ないラウンド数）の記録もある。",
        ]),
        ("キー操作", [
            "A 攻撃・D 防御・H 勝率・Esc 一時停止・F1 このルール・F11 フルスクリーン。",
        ]),
    ],
}

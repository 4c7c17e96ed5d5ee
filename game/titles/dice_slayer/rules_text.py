"""Dice Slayer's in-game rules, in our own words (source: shared/rules/dice_slayer.md)."""

RULES = {
    "en": [
        ("Goal", [
            "Clear dice off the plate for points before it fills up. Play for a high score.",
        ]),
        ("Each round", [
            "New dice roll onto the plate: 2 dice, or 3 if the plate is empty.",
            "Pick one die from the plate (click it, or press 1–6). It joins the end of your stock.",
            "The stock keeps your last 3 picks. A 4th pick pushes the oldest die out (marked \"leaves next\").",
        ]),
        ("Sets", [
            "When the 3 stock dice form a triple (2 2 2) or a straight (2 3 4, in any order), the set fires.",
            "It removes every plate die showing a value just below or just above the set: "
            "2 2 2 removes all 1s and 3s; 2 3 4 removes all 1s and 5s.",
            "1 and 6 are not neighbours: 4 5 6 removes only 3s, 6 6 6 only 5s, 1 2 3 only 4s.",
            "The stock is not emptied, so a set can fire again next round.",
        ]),
        ("Scoring", [
            "Removing k dice at once scores k × k: 2 dice = 4, 3 = 9, 5 = 25. Big clears pay!",
            "Empty the plate with a clear for an ALL CLEAR bonus of +20.",
        ]),
        ("Game over", [
            "If a round ends with 8 dice on the plate, the game is over.",
            "The danger meter turns red when your pick would leave 7 or more: clear, or you are close to the end.",
        ]),
        ("Keys", [
            "1–6 pick that value · ←→ and Enter choose · H shows the computer's hint and its expected points.",
            "Esc pause · F1 these rules · F11 fullscreen.",
        ]),
    ],
    "ja": [
        ("目的", [
            "皿がダイスでいっぱいになる前に、ダイスを消して得点を稼ごう。ハイスコアを目指すひとり用ゲーム。",
        ]),
        ("ラウンドの流れ", [
            "新しいダイスを皿に振る（2個。皿が空なら3個）。",
            "皿からダイスを1つ選ぶ（クリックか 1〜6 キー）。選んだダイスはストックの最後に入る。",
            "ストックは最新の3つだけを持つ。4つ目を入れると一番古いダイス（「次に出る」）が出ていく。",
        ]),
        ("役", [
            "ストックの3つが刻子（2 2 2）か順子（2 3 4、並びは自由）になると役が成立する。",
            "役の両脇の数字を皿からすべて消す。2 2 2 なら1と3、2 3 4 なら1と5が消える。",
            "1と6はつながっていない。4 5 6 は3だけ、6 6 6 は5だけ、1 2 3 は4だけを消す。",
            "役が成立してもストックは空にならない。次のラウンドでまた役になることもある。",
        ]),
        ("得点", [
            "一度に消したダイスの数の二乗が得点：2個で4点、3個で9点、5個で25点。まとめて消すほど高得点！",
            "皿のダイスを全部消すと全消しボーナス +20点。",
        ]),
        ("ゲームオーバー", [
            "ラウンドの終わりに皿のダイスが8個あるとゲームオーバー。",
            "選んだ後の皿が7個以上になると危険メーターが赤くなる。消さないと終わりが近い。",
        ]),
        ("キー操作", [
            "1〜6 その数字を選ぶ・←→ と Enter で選ぶ・H でヒント（おすすめと期待得点）を表示。",
            "Esc 一時停止・F1 このルール・F11 フルスクリーン。",
        ]),
    ],
}

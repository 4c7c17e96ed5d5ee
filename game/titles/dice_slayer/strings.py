"""Dice Slayer's UI strings in English and Japanese, every key under "ds."."""

STRINGS: dict[str, dict[str, str]] = {
    "ds.score": {"en": "Score", "ja": "得点"},
    "ds.round": {"en": "Round", "ja": "ラウンド"},
    "ds.best": {"en": "Best", "ja": "最高"},
    "ds.plate": {"en": "Plate", "ja": "皿"},
    "ds.stock": {"en": "Stock", "ja": "ストック"},
    "ds.leaves_next": {"en": "leaves next", "ja": "次に押し出される"},
    "ds.danger": {"en": "Plate {n} / 8", "ja": "皿 {n} / 8"},
    "ds.danger_after": {"en": "Plate after pick: {n} / 8", "ja": "選んだ後の皿: {n} / 8"},
    "ds.must_clear": {"en": "Clear this round or the game ends!", "ja": "このラウンドで消さないと終了！"},
    "ds.next_roll": {"en": "Next roll: {n} dice", "ja": "次のロール: {n}個"},
    "ds.coach_pick": {"en": "Pick {v}: {what}", "ja": "{v} を選ぶ：{what}"},
    "ds.pick_prompt": {"en": "Pick a die for the stock", "ja": "ストックに移すダイスを選ぼう"},
    "ds.goal": {"en": "Three of a kind or a run of three in the stock destroys the plate's dice on both sides of it "
                      "(points: their count squared). The game ends when the plate fills up.",
                "ja": "ストックに同じ数字3つか連番3つがそろうと、その両脇の数字のダイスが皿から消えて得点（消えた数の2乗）。"
                      "皿が埋まると終了。"},
    "ds.preview_title": {"en": "If you pick {v}:", "ja": "{v} を選ぶと:"},
    "ds.preview_none": {"en": "No set — nothing is removed", "ja": "役なし — 何も消えない"},
    "ds.preview_set": {"en": "{kind}! removes {n} dice: +{points}", "ja": "{kind}！ {n}個消える: +{points}"},
    "ds.preview_set_one": {"en": "{kind}! removes {n} die: +{points}", "ja": "{kind}！ {n}個消える: +{points}"},
    "ds.preview_set_empty": {"en": "{kind}, but no {sides} on the plate: +0", "ja": "{kind}。でも皿に{sides}がない: +0"},
    "ds.preview_game_over": {"en": "the plate would hold 8: game over", "ja": "皿が8個になり終了"},
    "ds.set.triple": {"en": "Triple", "ja": "刻子"},
    "ds.set.straight": {"en": "Straight", "ja": "順子"},
    "ds.all_clear": {"en": "ALL CLEAR +20", "ja": "全消し +20"},
    "ds.hint": {"en": "Hint: pick {v} (+{ev} to come, on average)", "ja": "ヒント: {v} を選ぶ（今後の平均 +{ev}）"},
    "ds.no_such_die": {"en": "There is no {v} on the plate.", "ja": "皿に {v} はありません。"},
    "ds.hint_off": {"en": "show the computer's hint", "ja": "コンピュータのヒントを表示"},
    "ds.result_clear": {"en": "{kind}! {n} dice gone: +{points}", "ja": "{kind}！ {n}個消去: +{points}"},
    "ds.result_clear_one": {"en": "{kind}! {n} die gone: +{points}", "ja": "{kind}！ {n}個消去: +{points}"},
    "ds.result_empty": {"en": "{kind}, but nothing to remove", "ja": "{kind}。でも消すダイスなし"},
    "ds.result_none": {"en": "No set this round", "ja": "このラウンドは役なし"},
    "ds.demo": {"en": "DEMO — the computer is playing", "ja": "デモ — コンピュータがプレイ中"},
    "ds.help": {
        "en": "Click a die or press 1–6 · ←→ Enter · H hint · Esc pause · F1 rules",
        "ja": "ダイスをクリックか1〜6キー・←→ Enter・H ヒント・Esc 一時停止・F1 ルール",
    },
    "ds.demo_help": {"en": "Esc pause · F1 rules", "ja": "Esc 一時停止・F1 ルール"},
    # --- game over ------------------------------------------------------------------------------
    "ds.over.title": {"en": "GAME OVER", "ja": "ゲームオーバー"},
    "ds.over.reason": {"en": "The plate filled up.", "ja": "皿がいっぱいになった。"},
    "ds.over.final": {"en": "Final score", "ja": "最終得点"},
    "ds.over.largest": {"en": "Largest clear", "ja": "最大同時消去"},
    "ds.over.all_clears": {"en": "All clears", "ja": "全消し回数"},
    "ds.over.removed": {"en": "Dice removed", "ja": "消したダイス"},
    "ds.over.new_high": {"en": "New high score! Rank #{rank}", "ja": "ハイスコア！ {rank}位"},
    "ds.over.not_saved": {"en": "Score could not be verified and was not saved.", "ja": "得点を検証できず保存しませんでした。"},
    "ds.over.next_demo": {"en": "Next demo game in {n}…", "ja": "{n}秒後に次のデモ…"},
    # --- high scores (the title menu's best line; the columns of TITLE.score_boards) -------------
    "ds.menu.best.score": {"en": "Best: {score}", "ja": "最高: {score}点"},
    "ds.scores.score": {"en": "Score", "ja": "得点"},
    "ds.scores.largest": {"en": "Best clear", "ja": "最大消去"},
    "ds.scores.all_clears": {"en": "All clears", "ja": "全消し"},
    "ds.scores.removed": {"en": "Dice removed", "ja": "消したダイス"},
}

# The spec's terms, one word per language, used by every screen (strings, rules page, menu pitch); `not_en` and
# `not_ja` are variants once used for the same thing, which tests/test_words.py keeps out of this title's texts.
GLOSSARY: dict[str, dict[str, object]] = {
    "die": {"en": "die", "ja": "ダイス", "not_en": (), "not_ja": ("サイコロ",)},
    "plate": {"en": "plate", "ja": "皿", "not_en": (), "not_ja": ("プレート",)},
    "straight": {"en": "straight", "ja": "順子", "not_en": (), "not_ja": ("ストレート",)},
    "triple": {"en": "triple", "ja": "刻子", "not_en": (), "not_ja": ("スリーカード",)},
}

"""Dice Combat's UI strings in English and Japanese, every key under "dc."."""

STRINGS: dict[str, dict[str, str]] = {
    "dc.action.attack": {"en": "Attack · 2 dice", "ja": "攻撃・ダイス2個"},
    "dc.action.defend": {"en": "Defend · 3 dice", "ja": "防御・ダイス3個"},
    "dc.success_chance": {"en": "success {p}%", "ja": "成功率 {p}%"},
    "dc.win_chance": {"en": "win {p}%", "ja": "勝率 {p}%"},
    "dc.win_now": {"en": "win chance {p}%", "ja": "勝率 {p}%"},
    "dc.target": {"en": "Target {n}", "ja": "目標 {n}"},
    "dc.prize": {"en": "Prize · small plate", "ja": "賞品・小皿"},
    "dc.prize_wins": {"en": "This prize would win!", "ja": "この賞品で勝ち！"},
    "dc.clash": {"en": "{total} vs {target} — {verdict}", "ja": "{total} 対 {target} — {verdict}"},
    # the round's verdict says what it did (playtest round 12: a Defend's "success!" read as the prize won)
    "dc.verdict.attack": {"en": "prize won!", "ja": "賞品獲得！"},
    "dc.verdict.defend": {"en": "blocked, prize lost", "ja": "防御成功・賞品は失う"},
    "dc.verdict.failure": {"en": "a hit taken", "ja": "失敗・打撃を受けた"},
    "dc.lives": {"en": "Lives left: {n} of {max}", "ja": "命 {n}/{max}（打撃で1つ減る）"},
    "dc.run": {"en": "Win streak: {n}", "ja": "連勝: {n}"},
    "dc.collection": {"en": "Collected dice", "ja": "獲得したダイス"},
    "dc.needs": {"en": "A prize of {values} wins", "ja": "賞品が {values} なら勝ち"},
    "dc.needs_any": {"en": "Any prize wins", "ja": "どの賞品でも勝ち"},
    "dc.tray_empty": {"en": "Win prizes by attacking; three in a run or a set win the duel.",
                      "ja": "攻撃で賞品を獲得。順子か刻子がそろえば勝ち。"},
    "dc.victory": {"en": "VICTORY!", "ja": "勝利！"},
    "dc.defeat": {"en": "DEFEAT", "ja": "敗北"},
    "dc.won_in": {"en": "The oni falls after {n} rounds.", "ja": "{n}ラウンドで鬼を倒した。"},
    "dc.lost_in": {"en": "The oni landed three hits in {n} rounds.", "ja": "{n}ラウンドで3回の打撃を受けた。"},
    "dc.damage_taken": {"en": "Hits taken", "ja": "受けた打撃"},
    "dc.attacks": {"en": "Attacks won", "ja": "攻撃成功"},
    "dc.defences": {"en": "Defences held", "ja": "防御成功"},
    "dc.streak_now": {"en": "Win streak", "ja": "連勝"},
    "dc.record": {"en": "All games", "ja": "通算"},
    "dc.record_value": {"en": "{wins} W · {losses} L", "ja": "{wins}勝 {losses}敗"},
    "dc.new_fastest": {"en": "A fastest win for the table!", "ja": "最短勝利の記録！"},
    "dc.new_streak": {"en": "A win streak for the table!", "ja": "連勝の記録！"},
    "dc.not_saved": {"en": "The result could not be verified and was not saved.",
                     "ja": "結果を検証できず保存しませんでした。"},
    "dc.next_game": {"en": "Next duel", "ja": "次の対戦"},
    "dc.end_run": {"en": "End the run", "ja": "ここで終える"},
    "dc.new_run": {"en": "New run", "ja": "新しく始める"},
    # two lines by hand, so no key is parted from its word in the 330-pixel box
    "dc.help": {"en": "A attack · D defend · H win chances\nEsc pause · F1 rules",
                "ja": "A 攻撃・D 防御・H 勝率\nEsc 一時停止・F1 ルール"},
    "dc.round": {"en": "Round", "ja": "ラウンド"},
    "dc.demo_help": {"en": "H win chances\nEsc pause · F1 rules", "ja": "H 勝率\nEsc 一時停止・F1 ルール"},
    # --- high scores (the title menu's best line; the boards and columns of TITLE.score_boards) --
    "dc.menu.best.streak": {"en": "Longest streak: {score}", "ja": "最長連勝: {score}"},
    "dc.scores.board.streak": {"en": "Longest win streak", "ja": "最長連勝"},
    "dc.scores.board.fastest": {"en": "Fastest win", "ja": "最短勝利"},
    "dc.scores.streak": {"en": "Streak", "ja": "連勝"},
    "dc.scores.damage": {"en": "Damage", "ja": "打撃"},
}

# The spec's terms, one word per language, used by every screen (strings, rules page, menu pitch); `not_en` and
# `not_ja` are variants once used for the same thing, which tests/test_words.py keeps out of this title's texts.
GLOSSARY: dict[str, dict[str, object]] = {
    "oni": {"en": "oni", "ja": "鬼", "not_en": ("monster",), "not_ja": ("モンスター", "怪物")},
    "prize": {"en": "prize", "ja": "賞品", "not_en": (), "not_ja": ("景品",)},
    "hit": {"en": "hit", "ja": "打撃", "not_en": ("damage point",), "not_ja": ("ダメージ",)},
    "die": {"en": "die", "ja": "ダイス", "not_en": (), "not_ja": ("サイコロ",)},
    "run": {"en": "run", "ja": "順子", "not_en": (), "not_ja": ("ストレート",)},
    "set": {"en": "set", "ja": "刻子", "not_en": (), "not_ja": ("スリーカード",)},
}

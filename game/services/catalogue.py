"""The app's own UI strings in English and Japanese, keyed by where they are used.

A string only one title uses lives in that title's strings.py under its prefix; the ones here serve the app
(menus, setup, pause, high scores, summaries) or several titles. Keep both languages short enough for the same
button; `{name}` fields are filled by `t()`. tests/test_strings.py checks that every key is used and owned once.
"""

STRINGS: dict[str, dict[str, str]] = {
    # --- app and menus ----------------------------------------------------------------------------
    "app.name": {"en": "Asobiba", "ja": "遊び場"},
    "app.tagline": {"en": "Japanese doujin card & dice games", "ja": "同人カード＆ダイスゲームの遊び場"},
    "menu.play": {"en": "Play", "ja": "プレイ"},
    "menu.demo": {"en": "Watch demo", "ja": "デモを見る"},
    "menu.highscores": {"en": "High scores", "ja": "ハイスコア"},
    "menu.rules": {"en": "Rules", "ja": "ルール"},
    "menu.settings": {"en": "Settings", "ja": "設定"},
    "menu.quit": {"en": "Quit", "ja": "終了"},
    "menu.continue": {"en": "▶ Continue your game (left {when})", "ja": "▶ 続きから（{when}に中断）"},
    "menu.discard_question": {"en": "Start a new game of {title}?", "ja": "{title}を新しく始めますか？"},
    "menu.discard_detail": {"en": "Your unfinished game is replaced once the new one starts.",
                            "ja": "新しいゲームが始まると、中断中のゲームは消えます。"},
    "menu.discard_yes": {"en": "New game", "ja": "新しく始める"},
    "menu.discard_no": {"en": "Keep my game", "ja": "中断中のゲームを残す"},
    "menu.quit_question": {"en": "Quit Asobiba?", "ja": "遊び場を終了しますか？"},
    "menu.quit_kept": {"en": "Your unfinished games are kept: continue them from this menu next time.",
                       "ja": "中断中のゲームは保存されています。次回このメニューから続けられます。"},
    "menu.quit_no": {"en": "Stay", "ja": "戻る"},
    "menu.solo": {"en": "Solo · high score", "ja": "ひとり用・ハイスコア"},
    "menu.players": {"en": "{low}–{high} players", "ja": "{low}〜{high}人"},
    "table.resumed": {"en": "— Game resumed where you left it —", "ja": "— 中断したところから再開 —"},
    "table.bot_restarted": {"en": "{name} took too long to think; the computer players were restarted.",
                            "ja": "{name}の思考が長すぎたため、コンピューターを再起動しました。"},
    "table.bot_error": {"en": "{name} could not decide; a random legal move was played.",
                        "ja": "{name}が決められなかったため、ランダムな手を指した。"},
    "menu.players_exact": {"en": "{count} players", "ja": "{count}人"},
    "menu.more_above": {"en": "▲ {count} more", "ja": "▲ ほか{count}件"},
    "menu.more_below": {"en": "▼ {count} more", "ja": "▼ ほか{count}件"},
    "menu.no_best": {"en": "No score yet", "ja": "記録なし"},
    "menu.help": {
        "en": "↑↓ choose · Enter play · D demo · S scores · F1 rules · Esc quit",
        "ja": "↑↓ 選ぶ・Enter プレイ・D デモ・S スコア・F1 ルール・Esc 終了",
    },
    "common.back": {"en": "Back", "ja": "戻る"},
    "common.ok": {"en": "OK", "ja": "OK"},
    "common.on": {"en": "On", "ja": "オン"},
    "common.off": {"en": "Off", "ja": "オフ"},
    "common.demo": {"en": "DEMO — the computer is playing", "ja": "デモ — コンピュータがプレイ中"},
    # --- settings ---------------------------------------------------------------------------------
    "settings.title": {"en": "Settings", "ja": "設定"},
    "settings.language": {"en": "Language", "ja": "言語"},
    "settings.volume": {"en": "Sound volume", "ja": "音量"},
    "settings.mute": {"en": "Mute", "ja": "ミュート"},
    "settings.fullscreen": {"en": "Fullscreen (F11)", "ja": "フルスクリーン (F11)"},
    "settings.anim_speed": {"en": "Animation speed", "ja": "アニメ速度"},
    "settings.speed.slow": {"en": "Slow", "ja": "ゆっくり"},
    "settings.speed.normal": {"en": "Normal", "ja": "ふつう"},
    "settings.speed.fast": {"en": "Fast", "ja": "はやい"},
    "settings.help": {
        "en": "↑↓ choose · ←→ change · Esc back — changes are saved at once",
        "ja": "↑↓ 選ぶ・←→ 変更・Esc 戻る — 変更はすぐ保存されます",
    },
    "settings.no_audio": {"en": "No audio device: playing silently.", "ja": "音声デバイスがありません（無音で動作中）"},
    # --- game setup -------------------------------------------------------------------------------
    "setup.title": {"en": "New game · {title}", "ja": "新しいゲーム・{title}"},
    "setup.opponents": {"en": "Opponents", "ja": "対戦相手の数"},
    "setup.level_of": {"en": "{name}'s level", "ja": "{name}の強さ"},
    "setup.starts": {"en": "Who starts", "ja": "スタートプレイヤー"},
    "setup.you_start": {"en": "You", "ja": "あなた"},
    "setup.random_start": {"en": "Random", "ja": "ランダム"},
    "setup.seed": {"en": "Seed (type digits, empty = random)", "ja": "シード（数字を入力、空ならランダム）"},
    "setup.seed_random": {"en": "random", "ja": "ランダム"},
    "setup.start": {"en": "Start", "ja": "開始"},
    "setup.help": {"en": "↑↓ choose · ←→ change · Enter start · Esc back",
                   "ja": "↑↓ 選ぶ・←→ 変更・Enter 開始・Esc 戻る"},
    "level.easy": {"en": "Easy", "ja": "やさしい"},
    "level.normal": {"en": "Normal", "ja": "ふつう"},
    "level.hard": {"en": "Hard", "ja": "むずかしい"},
    "level.you": {"en": "You", "ja": "あなた"},
    # --- end of game and statistics ------------------------------------------------------------------
    "summary.title": {"en": "{title} · final ranking", "ja": "{title}・最終順位"},
    "summary.you_win": {"en": "You win!", "ja": "あなたの勝ち！"},
    "summary.you_share": {"en": "You share the win!", "ja": "同点で勝利を分け合った！"},
    "summary.winner": {"en": "{names} wins", "ja": "{names} の勝ち"},
    "summary.points": {"en": "{n} pts", "ja": "{n}点"},
    "summary.rematch": {"en": "Rematch", "ja": "再戦"},
    "menu.statistics": {"en": "Statistics", "ja": "成績"},
    "stats.title": {"en": "Statistics", "ja": "成績"},
    "stats.title_col": {"en": "Title", "ja": "タイトル"},
    "stats.opponents": {"en": "Opponents", "ja": "対戦相手"},
    "stats.games": {"en": "Games", "ja": "回数"},
    "stats.wins": {"en": "Your wins", "ja": "勝利"},
    "stats.mean_score": {"en": "Mean score", "ja": "平均点"},
    "stats.empty": {"en": "No finished games yet.", "ja": "まだ終わったゲームがありません。"},
    "stats.help": {"en": "Esc close", "ja": "Esc 閉じる"},
    # --- pause ------------------------------------------------------------------------------------
    "pause.title": {"en": "Paused", "ja": "一時停止"},
    "pause.resume": {"en": "Resume", "ja": "再開"},
    "pause.rules": {"en": "Rules", "ja": "ルール"},
    "pause.settings": {"en": "Settings", "ja": "設定"},
    "pause.quit": {"en": "Quit to menu (game kept)", "ja": "中断してメニューへ"},
    "pause.quit_demo": {"en": "Quit to menu", "ja": "メニューに戻る"},
    # --- rules ------------------------------------------------------------------------------------
    "rules.title": {"en": "How to play · {title}", "ja": "遊び方・{title}"},
    "rules.help": {"en": "↑↓ scroll · Esc / F1 close", "ja": "↑↓ スクロール・Esc / F1 閉じる"},
    # --- high scores ------------------------------------------------------------------------------
    "scores.title": {"en": "High scores · {title}", "ja": "ハイスコア・{title}"},
    "scores.rank": {"en": "#", "ja": "順位"},
    "scores.name": {"en": "Name", "ja": "名前"},
    "scores.unverified": {"en": "{count} stored entries did not verify against their dice and are not shown",
                          "ja": "サイコロの検証に失敗した記録{count}件は表示していません"},
    "scores.rounds": {"en": "Rounds", "ja": "ラウンド"},
    "scores.date": {"en": "Date", "ja": "日付"},
    "scores.empty": {"en": "No scores yet. Be the first!", "ja": "まだ記録がありません。最初の記録を！"},
    "scores.help": {"en": "Enter play again · Esc menu", "ja": "Enter もう一度・Esc メニュー"},
    "scores.help_boards": {"en": "↑↓ switch table · Enter play again · Esc menu",
                           "ja": "↑↓ 表を切り替え・Enter もう一度・Esc メニュー"},
    # --- storage notices --------------------------------------------------------------------------
    "storage.damaged": {
        "en": "Your save data was damaged and could not be read. It was kept as {path} and a fresh save was started.",
        "ja": "セーブデータが壊れていて読めませんでした。{path} として保管し、新しいセーブデータを作りました。",
    },
    "storage.too_new": {
        "en": "Your save data is from a newer version of Asobiba. It was kept as {path} and a fresh save was started.",
        "ja": "セーブデータが新しいバージョンのものでした。{path} として保管し、新しいセーブデータを作りました。",
    },
    "storage.unavailable": {
        "en": "Your save data could not be opened or created, so nothing will be saved this time.",
        "ja": "セーブデータを開けず作成もできませんでした。今回は何も保存されません。",
    },
    "storage.busy": {
        "en": "Your save file is busy (is another copy of Asobiba running?). This session runs from memory; what you"
              " save is written to the file when it is free.",
        "ja": "セーブデータが使用中です（遊び場をもう一つ起動していませんか？）。今回はメモリ上で動き、保存した内容は"
              "ファイルが空いたときに書き込みます。",
    },
    "storage.read_only": {
        "en": "Your save file (or its folder) is read-only. You can see your records; new results are kept while"
              " Asobiba runs and saved once the file can be written.",
        "ja": "セーブデータ（またはそのフォルダー）が読み取り専用です。記録は見られます。新しい結果は起動中は残り、"
              "書き込めるようになったら保存します。",
    },
    "storage.repaired": {
        "en": "Part of your save data was missing and has been rebuilt; what that part held is lost.",
        "ja": "セーブデータの一部が見つからなかったため作り直しました。その部分の内容は失われました。",
    },
    "storage.write_failed": {
        "en": "Your result could not be written to the save file yet (it is busy or read-only). It is kept, and"
              " written as soon as the file allows.",
        "ja": "結果をまだセーブデータに書き込めません（使用中か読み取り専用です）。結果は残してあり、書き込めるように"
              "なりしだい保存します。",
    },
    "storage.skipped": {"en": "{count} damaged records skipped", "ja": "壊れた記録 {count} 件を飛ばしました"},
    "notice.title": {"en": "Notice", "ja": "お知らせ"},
    # --- game over --------------------------------------------------------------------------------
    "over.rounds": {"en": "Rounds played", "ja": "ラウンド数"},
    "over.enter_name": {"en": "Your name:", "ja": "名前:"},
    "over.name_help": {"en": "Type your name, Enter to save", "ja": "名前を入力して Enter で保存"},
    "over.demo_score": {"en": "Demo games are not recorded.", "ja": "デモのゲームは記録されません。"},
    "over.play_again": {"en": "Play again", "ja": "もう一度"},
    "over.menu": {"en": "Menu", "ja": "メニュー"},
    "over.default_name": {"en": "Player", "ja": "プレイヤー"},
}

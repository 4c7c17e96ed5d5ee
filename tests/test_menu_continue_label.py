"""The menu's Continue names when the game was left so that it reads as a moment, not a duration (playtest
round 7: "paused at 03:10" read as three hours ten)."""

from datetime import datetime, timedelta

from game.app.menu import left_at
from game.services import i18n


def test_a_game_left_today_says_today_and_an_older_one_its_date():
    now = datetime.now().replace(microsecond=0)
    earlier = now.replace(hour=3, minute=10, second=0)
    assert left_at(earlier.isoformat()) == "today at 03:10"
    old = now - timedelta(days=3)
    assert left_at(old.isoformat()) == f"on {old:%Y-%m-%d} at {old:%H:%M}"
    assert left_at("not a time") == "?"
    i18n.set_language("ja")
    try:
        assert left_at(earlier.isoformat()) == "今日の03:10"
    finally:
        i18n.set_language("en")

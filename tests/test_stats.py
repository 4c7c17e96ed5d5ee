"""The statistics pages (issue 20, item 6): the numbers behind each chart, and every page drawn with its text in its
boxes, in both languages."""

import random

import pygame
import pytest
from test_text_fit import report

from game.app.app import STEP
from game.app.stats_scene import (
    StatsScene,
    fair,
    histogram,
    moving_mean,
    share,
    strongest,
    table_rows,
    win_shares,
)
from game.services import i18n
from game.titles import registry
from game.ui import text
from game.ui.charts import scale_for


def game(outcome: str, levels: list[str], share_: float | None = None) -> dict:
    details = {"players": len(levels), "levels": levels}
    if share_ is not None:
        details["human_share"] = share_
    return {"outcome": outcome, "rounds": 3, "played_at": "2026-11-25 06:00:00", "details": details}


def test_win_shares_group_by_the_strongest_opponent_and_by_the_table():
    games = [game("win", ["you", "easy", "hard"]), game("loss", ["you", "hard", "normal", "easy"]),
             game("win", ["you", "easy"], 0.5), game("loss", ["you", "easy"])]
    assert [strongest(g) for g in games] == ["hard", "hard", "easy", "easy"]
    assert share(games[2]) == 0.5 and share(games[0]) == 1.0 and fair(games[1]) == 0.25
    by_level = {level: rest for level, *rest in win_shares(games, strongest)}
    assert by_level == {"hard": [2, 0.5, pytest.approx((1 / 3 + 1 / 4) / 2)], "easy": [2, 0.25, 0.5]}
    by_table = {n: rest for n, *rest in win_shares(games, lambda g: round(1 / fair(g)))}
    assert by_table == {3: [1, 1.0, pytest.approx(1 / 3)], 4: [1, 0.0, 0.25], 2: [2, 0.25, 0.5]}
    assert win_shares([game("loss", ["you"])], strongest) == []  # no opponent recorded: no group


def test_the_moving_mean_the_bins_and_the_scale():
    assert moving_mean([1, 0, 1, 1], window=2) == [1, 0.5, 0.5, 1]
    assert histogram([]) == []
    assert histogram([3, 3, 4]) == [(3, 3, 2), (4, 4, 1)]
    bins = histogram([0, 12, 99, 250, 251])
    assert len(bins) <= 8 and sum(n for *_, n in bins) == 5
    assert all(hi - lo + 1 == 50 for lo, hi, _ in bins) and bins[0][0] == 0 and bins[-1][1] >= 251
    for highest in (0.5, 1, 3, 5, 9, 17, 216, 1234):
        top, steps = scale_for(highest)
        assert top >= highest and 1 <= steps <= 4 and (top / steps) == int(top / steps)


def records(app, rng: random.Random) -> None:
    """Finished games of every title, as their scenes record them."""
    for spec in registry.TITLES.values():
        for _ in range(rng.randint(0, 50)):
            if spec.solo:
                key = spec.chart[0] if spec.chart else "score"
                app.storage.record_game(spec.slug, rng.choice(["end", "win", "loss"]), 9,
                                        {key: rng.randint(0, 400)}, "{}")
                continue
            n = rng.randint(spec.min_players, spec.max_players)
            won = rng.random() < 0.4
            app.storage.record_game(spec.slug, "win" if won else "loss", 3,
                                    {"players": n, "levels": ["you"] + [rng.choice(["easy", "normal", "hard"])
                                                                        for _ in range(n - 1)],
                                     "human_share": rng.choice([1.0, 0.5]) if won else 0.0}, "{}")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_page_keeps_its_text_in_its_boxes(app, language, monkeypatch):
    overflows, shown = [], set()
    monkeypatch.setattr(text, "OVERFLOWS", overflows)
    monkeypatch.setattr(text, "SHOWN", shown)
    text.forget()
    i18n.set_language(language)
    try:
        records(app, random.Random(5))
        stats = StatsScene(app)
        app.stack.clear_to(stats)
        app.stack.apply_pending()
        seen = []
        for _ in range(len(stats.pages)):
            app.tick(STEP)
            seen.append(stats.pages[stats.page])
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
        assert seen == [None, *registry.TITLES] and stats.page == 0
        problems = report(overflows, shown)
        assert not problems, problems
    finally:
        i18n.set_language("en")


def test_a_title_page_opens_at_once_and_says_when_there_is_nothing(app):
    stats = StatsScene(app, "dice_slayer")
    assert stats.pages[stats.page] == "dice_slayer" and stats.games == []
    rows, skipped = table_rows(app.storage)
    assert rows == [] and skipped == 0


def test_dice_combats_best_is_its_fastest_win(app):
    """Playtest round 12: a lost Dice Combat game of 11 rounds and a win in 6 read "Best 11". Its best is the
    fewest rounds of a won game; Dice Slayer's stays its highest score."""
    app.storage.record_game("dice_combat", "loss", 11, {"rounds": 11}, "{}")
    app.storage.record_game("dice_combat", "win", 6, {"rounds": 6}, "{}")
    app.storage.record_game("dice_combat", "win", 8, {"rounds": 8}, "{}")
    stats = StatsScene(app, "dice_combat")
    rows = dict(stats._figures([11.0, 6.0, 8.0], "rounds", registry.get("dice_combat").chart_best))
    assert rows[i18n.t("stats.f_fastest_win")] == "6" and i18n.t("stats.f_best") not in rows
    app.storage.record_game("dice_slayer", "end", 9, {"score": 40}, "{}")
    app.storage.record_game("dice_slayer", "end", 9, {"score": 120}, "{}")
    slayer = StatsScene(app, "dice_slayer")
    assert dict(slayer._figures([40.0, 120.0], "score"))[i18n.t("stats.f_best")] == "120"
    only_losses = StatsScene(app, "dice_combat")
    only_losses.games = [g for g in only_losses.games if g["outcome"] == "loss"]
    assert dict(only_losses._figures([11.0], "rounds", "fewest_in_a_win"))[i18n.t("stats.f_fastest_win")] == "—"

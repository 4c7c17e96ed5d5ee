"""The bot worker: a spawned process answers requests from an action history, survives errors and being killed."""

from __future__ import annotations

import os
import signal
import time
from random import Random

import pytest

from game.ai.levels import make_bot
from game.ai.worker import BotResult, BotWorker, InlineWorker
from game.core.engine import play_chance
from game.titles.dice_combat.rules import new_state

GUARD_S = 60.0  # only a guard against a hang: no assertion depends on timing


def decision_history(seed: int) -> list:
    """The history of a Dice Combat game up to its first decision."""
    state = new_state()
    play_chance(state, Random(seed))
    return [state.action_to_json(a) for a in state.history]


def wait(worker, ticket: int) -> BotResult:
    """Poll until the answer comes (the guard only stops a broken worker from hanging the test run)."""
    give_up = time.monotonic() + GUARD_S
    while time.monotonic() < give_up:
        result = worker.poll(ticket)
        if result is not None:
            return result
        time.sleep(0.005)
    raise AssertionError(f"no answer to ticket {ticket} within {GUARD_S} s")


def expected_action(history: list, level: str, seed: int, iterations: int | None = None):
    state = new_state()
    for raw in history:
        state.apply(state.action_from_json(raw))
    return state.action_to_json(make_bot("dice_combat", level, iterations).choose(state, Random(seed)))


@pytest.fixture(scope="module")
def worker():
    bot_worker = BotWorker(preload=("dice_combat",))
    bot_worker.start()
    yield bot_worker
    bot_worker.stop()


def test_inline_worker_answers_like_the_bot():
    inline, history = InlineWorker(), decision_history(1)
    ticket = inline.submit("dice_combat", {}, history, 0, "normal", 7, iterations=60)
    result = inline.poll(ticket)
    assert result.ok and result.ticket == ticket and result.think_ms >= 0
    assert result.action == expected_action(history, "normal", 7, 60)
    assert inline.poll(ticket) is None  # handed over once
    # the budget, not the deadline: a deadline already past would cut the search to one iteration ("attack")
    late = inline.submit("dice_combat", {}, history, 0, "normal", 7, iterations=60, think_ms=0.001)
    assert inline.poll(late).action == expected_action(history, "normal", 7, 60) == "defend"
    cancelled = inline.submit("dice_combat", {}, history, 0, "random", 1)
    inline.cancel(cancelled)
    assert inline.poll(cancelled) is None


@pytest.mark.parametrize("slug,history,seat,level,message", [
    ("no_such_title", [], 0, "random", "unknown title"),
    ("../evil", [], 0, "random", "unknown title"),
    ("dice_combat", [9], 0, "random", "IllegalAction"),
    ("dice_combat", [], 0, "random", "not to move"),
    ("dice_combat", "first", 0, "expert", "unknown bot level"),
])
def test_inline_worker_reports_bad_requests(slug, history, seat, level, message):
    inline = InlineWorker()
    if history == "first":
        history = decision_history(2)
    result = inline.poll(inline.submit(slug, {}, history, seat, level, 0))
    assert not result.ok and result.action is None and message in result.error


def test_worker_round_trip_matches_inline(worker):
    inline = InlineWorker()
    requests = [(decision_history(s), level, s) for s in range(3) for level in ("random", "easy", "normal")]
    tickets = [worker.submit("dice_combat", {}, h, 0, lv, s, iterations=40) for h, lv, s in requests]
    assert len(set(tickets)) == len(tickets)
    for ticket, (history, level, seed) in zip(tickets, requests, strict=True):
        result = wait(worker, ticket)
        twin = inline.poll(inline.submit("dice_combat", {}, history, 0, level, seed, iterations=40))
        assert result.ok and result.ticket == ticket and result.action == twin.action


def test_worker_reports_errors_and_goes_on(worker):
    bad = worker.submit("dice_combat", {}, [9], 0, "random", 0)
    good = worker.submit("dice_combat", {}, decision_history(4), 0, "random", 0)
    failure = wait(worker, bad)
    assert not failure.ok and "IllegalAction" in failure.error
    assert wait(worker, good).ok


def test_cancelled_tickets_never_answer(worker):
    history = decision_history(5)
    first = worker.submit("dice_combat", {}, history, 0, "normal", 1, iterations=200)
    second = worker.submit("dice_combat", {}, history, 0, "random", 1)
    third = worker.submit("dice_combat", {}, history, 0, "random", 2)
    worker.cancel(first)
    worker.cancel(second)
    assert wait(worker, third).ok
    assert worker.poll(first) is None and worker.poll(second) is None


def test_worker_survives_being_killed():
    bot_worker = BotWorker()
    try:
        bot_worker.start()
        history = decision_history(6)
        assert wait(bot_worker, bot_worker.submit("dice_combat", {}, history, 0, "random", 0)).ok
        slow = bot_worker.submit("dice_combat", {}, history, 0, "normal", 0, iterations=10**9)
        queued = bot_worker.submit("dice_combat", {}, history, 0, "random", 0)
        os.kill(bot_worker._process.pid, signal.SIGKILL)
        for ticket in (slow, queued):
            result = wait(bot_worker, ticket)
            assert not result.ok and "stopped" in result.error
        assert not bot_worker.alive()
        again = bot_worker.submit("dice_combat", {}, history, 0, "normal", 3, iterations=30)  # restarts it
        assert bot_worker.alive()
        assert wait(bot_worker, again).action == expected_action(history, "normal", 3, 30)
    finally:
        bot_worker.stop()
    assert not bot_worker.alive()


def test_worker_think_time_deadline(worker):
    """A deadline stops an unbounded search (the guard in wait() is the only timing here)."""
    ticket = worker.submit("dice_combat", {}, decision_history(8), 0, "hard", 0, iterations=10**9, think_ms=50)
    result = wait(worker, ticket)
    assert result.ok and result.action in ("attack", "defend")


def test_the_watchdog_restarts_a_hung_worker_and_retries_the_move():
    """A stopped (SIGSTOP) process never answers: past the deadline plus the grace period the watchdog kills it,
    starts a new one and sends the request again. The clock is a fake one the test moves on."""
    now = [0.0]
    bot_worker = BotWorker(grace_s=1.0, clock=lambda: now[0])
    try:
        bot_worker.start()
        history = decision_history(6)
        assert wait(bot_worker, bot_worker.submit("dice_combat", {}, history, 0, "random", 0)).ok
        hung = bot_worker._process.pid
        os.kill(hung, signal.SIGSTOP)
        ticket = bot_worker.submit("dice_combat", {}, history, 0, "normal", 3, iterations=30, think_ms=300)
        assert bot_worker.poll(ticket) is None and bot_worker.take_notices() == []
        now[0] += 1.2  # 300 ms deadline + 1 s grace: not yet
        assert bot_worker.poll(ticket) is None and bot_worker.restarts == 0
        now[0] += 0.2
        result = wait(bot_worker, ticket)
        assert result.ok and result.action == expected_action(history, "normal", 3, 30)
        assert bot_worker.restarts == 1 and bot_worker.take_notices() == ["restarted"]
        assert bot_worker.take_notices() == [] and bot_worker._process.pid != hung
    finally:
        bot_worker.stop()


def test_the_watchdog_gives_up_after_its_retries():
    """A request that hangs every process it is sent to is answered with an error, not retried forever."""
    from game.ai import worker as worker_module

    now = [0.0]
    bot_worker = BotWorker(grace_s=0.5, clock=lambda: now[0])
    try:
        history = decision_history(6)
        ticket = bot_worker.submit("dice_combat", {}, history, 0, "random", 0)
        for _ in range(worker_module.RETRIES + 1):
            os.kill(bot_worker._process.pid, signal.SIGSTOP)
            now[0] += worker_module.EASY_DEADLINE_S + 1
            result = bot_worker.poll(ticket)
        assert result is not None and not result.ok and "in time" in result.error
        assert bot_worker.restarts == worker_module.RETRIES + 1
    finally:
        bot_worker.stop()


def test_the_table_tells_the_player_when_the_watchdog_stepped_in(app):
    """A restart notice from the worker becomes a line in the table's log; the move is still made."""
    from game.app.setup import GameSetup, start_scene

    class Restarting(InlineWorker):
        def __init__(self) -> None:
            super().__init__()
            self.pending = ["restarted"]

        def take_notices(self) -> list[str]:
            notices, self.pending = self.pending, []
            return notices

    app.bots = Restarting()
    scene = start_scene(app, GameSetup("shinobazu", ["easy"] * 3, seed=4), autoplay=True)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    for _ in range(400):
        app.tick(1 / 60)
    assert any("took too long" in text for text, _ in scene.log.entries)
    assert len(scene.state.history) > 10


def test_the_worker_gives_the_coachs_advice(worker):
    from game.ai.worker import COACH
    from game.titles.dice_combat.bots import OptimalBot

    history = decision_history(6)
    result = wait(worker, worker.submit("dice_combat", {}, history, 0, COACH, 0))
    assert result.ok and result.action is None and result.advice["measure"] == "win"
    state = new_state()
    for raw in history:
        state.apply(state.action_from_json(raw))
    exact = OptimalBot().evaluate(state)
    assert [c["value"] for c in result.advice["choices"]] == sorted(exact.values(), reverse=True)
    assert result.advice["choices"][0]["action"] == state.action_to_json(max(exact, key=exact.get))

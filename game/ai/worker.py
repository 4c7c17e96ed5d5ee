"""Bots thinking outside the frame loop: `BotWorker` runs them in a process started at launch, `InlineWorker` in-process.

A request carries the game as its action history (JSON), so the worker rebuilds the state through the title's rules;
the answer is the chosen action (JSON) with the think time, or an error message: never a hang. A request at level
COACH asks for the coach's advice on the seat's decision instead (the replay theatre's coach). A watchdog restarts
a process that has not answered within the request's deadline plus a grace period, and sends the request again.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from random import Random
from typing import Any

from game.ai.coach import COACH_ITERATIONS, values_of
from game.ai.levels import make_bot
from game.core.engine import State
from game.titles import registry


@dataclass(frozen=True)
class BotRequest:
    """What to think about: title, rule options (with "players") and history rebuild the state; the rest picks
    the bot."""

    slug: str
    options: dict
    history: list
    seat: int
    level: str
    seed: int
    iterations: int | None = None  # search levels: the iteration budget (None: the level's default)
    think_ms: float | None = None  # search levels: the deadline per decision, counted from when thinking starts


COACH = "coach"  # the level of a request for the coach's advice instead of a move


@dataclass(frozen=True)
class BotResult:
    """The answer to one ticket: an action in JSON form, or an error message."""

    ticket: int
    action: Any = None
    think_ms: float = 0.0
    error: str | None = None
    advice: dict | None = None  # a COACH request: {"measure": ..., "choices": [{"action", "value", "visits"}]}

    @property
    def ok(self) -> bool:
        return self.error is None


def rebuild(request: BotRequest) -> State:
    """The state after the request's history, from the title's declared spec and the setup's rule options
    ("players" and the title's options: the same dict the scene made its state from and records)."""
    options = dict(request.options)
    state = registry.get(request.slug).new_state(options.pop("players", None), options)
    for raw in request.history:
        state.apply(state.action_from_json(raw))
    if state.current_player() != request.seat:
        raise ValueError(f"seat {request.seat} is not to move after this history (player "
                         f"{state.current_player()} is)")
    return state


def answer(ticket: int, request: BotRequest) -> BotResult:
    """Rebuild the state, let the bot choose, and report the action; any exception becomes an error result."""
    try:
        state = rebuild(request)
        if request.level == COACH:
            return coach_answer(ticket, request, state)
        bot = make_bot(request.slug, request.level, request.iterations, request.think_ms)
        began = time.perf_counter()
        action = bot.choose(state, Random(request.seed))
        think_ms = 1000 * (time.perf_counter() - began)
        return BotResult(ticket, state.action_to_json(action), think_ms)
    except Exception as exc:  # the app must get an answer, whatever went wrong
        return BotResult(ticket, error=f"{type(exc).__name__}: {exc}")


def coach_answer(ticket: int, request: BotRequest, state: State) -> BotResult:
    """The coach's value of every choice of the seat to move, best first (game.ai.coach), within the request's
    deadline: the theatre shows the top ones and the one played."""
    began = time.perf_counter()
    deadline = None if request.think_ms is None else began + request.think_ms / 1000
    choices, measure = values_of(registry.get(request.slug).kit(), state, state.current_player(),
                                 request.iterations or COACH_ITERATIONS, request.seed, deadline)  # every choice
    advice = {"measure": measure, "choices": [{"action": state.action_to_json(c.action), "value": c.value,
                                               "visits": c.visits} for c in choices]}
    return BotResult(ticket, think_ms=1000 * (time.perf_counter() - began), advice=advice)


def serve(conn: Connection, preload: tuple[str, ...]) -> None:
    """The worker process: answer (ticket, request) messages one by one until None or the pipe closes."""
    with contextlib.suppress(OSError, AttributeError):  # thinking yields to the frames (no nice() on Windows)
        os.nice(10)
    for slug in preload:
        registry.get(slug).module("rules")
        registry.get(slug).kit()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        conn.send(answer(*message))


@dataclass
class InlineWorker:
    """The worker API in-process (tests, headless runs): `submit` thinks at once, `poll` hands the answer over.

    It thinks by the iteration budget alone, without the request's deadline: an answer then depends on the request
    only, never on how busy the machine is, so a test or a screenshot plays the same game every time (a deadline
    cut a demo's Normal short on a loaded machine and sent the game another way)."""

    results: dict[int, BotResult] = field(default_factory=dict)
    next_ticket: int = 1

    def start(self) -> None:
        """Nothing to start."""

    def stop(self) -> None:
        self.results.clear()

    def submit(self, slug: str, options: dict, history: list, seat: int, level: str, seed: int,
               iterations: int | None = None, think_ms: float | None = None) -> int:
        ticket, self.next_ticket = self.next_ticket, self.next_ticket + 1
        request = BotRequest(slug, dict(options), list(history), seat, level, seed, iterations, None)
        self.results[ticket] = answer(ticket, request)
        return ticket

    def poll(self, ticket: int) -> BotResult | None:
        """The answer (once), or None."""
        return self.results.pop(ticket, None)

    def cancel(self, ticket: int) -> None:
        self.results.pop(ticket, None)

    def take_notices(self) -> list[str]:
        """In-process bots never hang the table: no notices."""
        return []


GRACE_S = 5.0  # seconds past a request's own deadline before the watchdog restarts the process
EASY_DEADLINE_S = 5.0  # the deadline of a request without one (rules bots answer in milliseconds)
RETRIES = 2  # a request the watchdog restarted for is sent again this many times, then answered with an error


class BotWorker:
    """One bot process (spawned, so it shares nothing with the pygame parent); requests are answered in order.

    One request is in the pipe at a time; the rest wait here, so `submit` never blocks and `cancel` of a waiting
    request costs nothing. A cancelled request already being thought about finishes (its deadline bounds it) and
    its answer is dropped. If the process dies, the open tickets get error results and the next `submit` starts a
    new one.
    """

    def __init__(self, preload: tuple[str, ...] = (), grace_s: float = GRACE_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.preload = preload  # title slugs the process imports before its first request
        self.grace_s, self.clock = grace_s, clock
        self.restarts = 0  # how many times the watchdog restarted the process
        self.notices: list[str] = []  # what the table should tell the player (taken with take_notices)
        self._sent_at = 0.0
        self._tries: dict[int, int] = {}
        self._process: Any = None
        self._conn: Connection | None = None
        self._waiting: deque[tuple[int, BotRequest]] = deque()
        self._in_flight: int | None = None
        self._cancelled: set[int] = set()
        self._results: dict[int, BotResult] = {}
        self._requests: dict[int, BotRequest] = {}  # every open request by ticket (the watchdog resends them)
        self._next_ticket = 1

    def start(self) -> None:
        """Start the process if it is not running (returns at once; the process imports in the background)."""
        if self.alive():
            return
        if self._conn is not None:  # a process that died since the last poll
            self._died()
        context = multiprocessing.get_context("spawn")
        parent, child = context.Pipe()
        self._process = context.Process(target=serve, args=(child, self.preload), name="asobiba-bot", daemon=True)
        self._process.start()
        child.close()  # the parent keeps only its own end, so the child's death reads as end-of-file
        self._conn, self._in_flight = parent, None

    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def submit(self, slug: str, options: dict, history: list, seat: int, level: str, seed: int,
               iterations: int | None = None, think_ms: float | None = None) -> int:
        """Queue a request (starting the process if needed) and return its ticket."""
        if not self.alive():
            self.start()
        ticket, self._next_ticket = self._next_ticket, self._next_ticket + 1
        request = BotRequest(slug, dict(options), list(history), seat, level, seed, iterations, think_ms)
        self._requests[ticket] = request
        self._waiting.append((ticket, request))
        self._pump()
        return ticket

    def poll(self, ticket: int) -> BotResult | None:
        """The answer to `ticket` (handed over once), or None while it is still being thought about."""
        self._pump()
        return self._results.pop(ticket, None)

    def cancel(self, ticket: int) -> None:
        """Forget `ticket`: a waiting request is dropped, a running one's answer ignored."""
        self._waiting = deque(item for item in self._waiting if item[0] != ticket)
        if ticket != self._in_flight:
            self._requests.pop(ticket, None)
        if ticket == self._in_flight:
            self._cancelled.add(ticket)
        self._results.pop(ticket, None)

    def stop(self) -> None:
        """Ask the process to finish, and end it if it does not within a second."""
        if self._conn is not None:
            with contextlib.suppress(OSError):  # already gone
                self._conn.send(None)
        if self._process is not None:
            self._process.join(timeout=1.0)
            if self._process.is_alive():
                self._process.terminate()
                self._process.join(timeout=1.0)
        self._close()
        self._waiting.clear()
        self._results.clear()
        self._cancelled.clear()

    # --- plumbing ---------------------------------------------------------------------------------------
    def _pump(self) -> None:
        """Collect finished answers and send the next waiting request; notice a dead process."""
        if self._conn is None:
            return
        try:
            while self._conn.poll():
                self._receive(self._conn.recv())
            if self._in_flight is None and self._waiting:
                ticket, request = self._waiting.popleft()
                self._in_flight, self._sent_at = ticket, self.clock()
                self._conn.send((ticket, request))
            elif self._in_flight is not None and not self._process.is_alive():
                self._died()
            elif self._in_flight is not None and self.clock() - self._sent_at > self._allowed():
                self._restart_hung()
        except (EOFError, OSError):
            self._died()

    def _allowed(self) -> float:
        """Seconds the request in flight may take before the watchdog steps in."""
        request = self._requests.get(self._in_flight)
        think = request.think_ms / 1000 if request is not None and request.think_ms else EASY_DEADLINE_S
        return think + self.grace_s

    def _restart_hung(self) -> None:
        """The process has not answered in time (hung or stopped): kill it, start a new one, send the request
        again (or answer it with an error after RETRIES), and leave a notice for the table."""
        ticket = self._in_flight
        request = self._requests.get(ticket)
        self.restarts += 1
        self.notices.append("restarted")
        with contextlib.suppress(OSError, AttributeError):
            self._process.kill()  # SIGKILL also ends a stopped process
            self._process.join(timeout=1.0)
        self._close()
        tries = self._tries.get(ticket, 0) + 1
        self._tries[ticket] = tries
        if request is not None and ticket not in self._cancelled and tries <= RETRIES:
            self._waiting.appendleft((ticket, request))
        elif ticket not in self._cancelled:
            self._results[ticket] = BotResult(ticket, error="the bot did not answer in time")
        self._cancelled.discard(ticket)
        self.start()
        self._pump()

    def take_notices(self) -> list[str]:
        """The watchdog's notices since the last call ("restarted"), handed over once."""
        notices, self.notices = self.notices, []
        return notices

    def _receive(self, result: BotResult) -> None:
        self._in_flight = None
        self._requests.pop(result.ticket, None)
        self._tries.pop(result.ticket, None)
        if result.ticket in self._cancelled:
            self._cancelled.discard(result.ticket)
        else:
            self._results[result.ticket] = result

    def _died(self) -> None:
        """Give every open ticket an error result and forget the process."""
        code = self._process.exitcode if self._process is not None else None
        open_tickets = [t for t, _ in self._waiting]
        if self._in_flight is not None:
            open_tickets.insert(0, self._in_flight)
        for ticket in open_tickets:
            if ticket not in self._cancelled:
                self._results[ticket] = BotResult(ticket, error=f"the bot process stopped (exit code {code})")
        self._waiting.clear()
        self._cancelled.clear()
        self._close()

    def _close(self) -> None:
        if self._conn is not None:
            self._conn.close()
        self._conn, self._process, self._in_flight = None, None, None

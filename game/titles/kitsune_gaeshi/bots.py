"""Kitsune-gaeshi bots: a belief-based policy (rollouts and Easy), a soul-based evaluation, and ISMCTS bots that
read bluffs through an opponent model.

Belief (spec 9): the foxes the mover cannot place are spread over every card it cannot see (others' table cards,
the deck) with a hypergeometric prior, and each unknown table card is weighed by how likely its declaration was
under a lie model: P(declare fox | fox) and P(declare fox | bride).

The opponent model (Normal and Hard, `ModelSearchBot`), all from the seat's view:
- the search's determinizations are drawn from the exact posterior of that belief instead of uniformly; each
  opponent gets its own lie rates, fitted from its lies revealed at earlier flips (Beta priors pooled over the
  table), and a fox's chance of being hidden depends on whether a fox was already declared when it was laid;
- inside the search the others are played as read (`Reading`): each declares by its fitted rates and, deciding to
  flip, heeds declarations as far as its earlier draw-or-flip choices show it does (`reads`). A lie to players who
  count cards and ignore declarations buys nothing and risks the companion soul;
- a lie is told only where the search values it BLUFF_MARGIN above the truth (its values of two declarations
  differ by little more than its noise).
Hard adds what Normal bots really do: they hardly ever lie (HARD_PRIOR, in place of neutral rates that expect a
table of liars until the reveals say otherwise), they flip a little below the rules' threshold (DRAW_SHIFT), and a
draw where a flip looked good is evidence about the drawer's own cards (DrawReading).
The state's own `resample` stays uniform; the bot's search starts from `ModelRoot`, whose resample reads only the
seat's view, so the fairness test holds. `plain` is ISMCTS Normal without the model.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb, exp, log
from random import Random
from typing import Any

from game.ai.ismcts import ISMCTS
from game.ai.levels import DEFAULTS, BotKit, SearchBot, SearchBotV1
from game.ai.search import Search
from game.core.engine import State
from game.titles.kitsune_gaeshi.rules import (
    BRIDE,
    CARDS,
    CASUAL,
    CHANCE_PHASES,
    DECLARATIONS,
    DECLARE,
    DECLARE_BRIDE,
    DECLARE_FOX,
    DECLARED_FACE,
    DRAW,
    DRAWING,
    EARLY_FINISH,
    FACES,
    FLIP,
    FOX,
    OVER,
    TURN,
    KitsuneState,
    KitsuneView,
    build,
    draw_face,
    lie_stats,
    unknown_slots,
)

SEARCH = {"normal": 250, "hard": 1000, "c": 0.7, "max_rollout_depth": 0, "opponents": "policy"}  # normal_v1
NEW_SEARCH = {"normal": 1200, "hard": 4800, "max_rollout_depth": 0}  # the levels' search (game.ai.search)
FLIP_AT = 0.5  # flip when the estimated chance of two or more foxes reaches this
CAUTIOUS = 0.12  # added to FLIP_AT with one soul left
HUNT = 0.08  # taken from FLIP_AT when the player before has one soul left
HONEST_FOX = {"standard": 0.6, CASUAL: 0.6}  # the rollout belief: P(declare fox | fox), contexts mixed
FAKE_FOX = {"standard": 0.06, CASUAL: 0.2}  # P(declare fox | bride)
HIDE_SECOND = 0.6  # the policy hides a fox this often once a fox is declared (spec 9: 0.5-0.7)
HIDE_FIRST = 0.1  # ... and this often when no fox is declared yet
FAKE = {"standard": 0.04, CASUAL: 0.25}  # the policy declares a bride a fox this often (casual: with one fox shown)
# The opponent model: neutral base rates (per context), pulled toward the table's revealed lies (TABLE_WEIGHT
# pseudo-observations of the base), which in turn are each opponent's prior (PRIOR_WEIGHT pseudo-observations).
# Measured lie rates (docs/measurements.md): Easy hides 10% / 60% and fakes 4%; plain ISMCTS hides 51% / 48%
# and fakes 19%. Priors fixed at Easy's rates made the model misread search bots for half a game.
PRIOR_HIDE = (0.3, 0.5)  # P(declare bride | fox) with no fox declared yet / with one or more declared
PRIOR_FAKE = {"standard": 0.12, CASUAL: 0.25}
TABLE_WEIGHT = 4.0
PRIOR_WEIGHT = 4.0
# Does an opponent read declarations? Its draw-or-flip choices are scored under a soft threshold at FLIP_AT.
READ_SPREAD, READ_LAPSE = 0.1, 0.05
COUNTING = 0.3  # P(declare fox | fox) == P(declare fox | bride): the declarations say nothing
# Hard's reading of the others' draws (DrawReading): Normal flips from about 0.08 under the rules' threshold, sharply.
# Fitted by likelihood to 1,170 draw-or-flip choices of Normal bots in 60 games at 3 and 4 seats (its success chance
# read by its own lie model; docs/decisions.md): log-likelihood -0.099 a choice, against -0.151 with READ_SPREAD and
# READ_LAPSE at the threshold itself.
DRAW_SHIFT, DRAW_SPREAD, DRAW_LAPSE = -0.08, 0.06, 0.01
# A lie risks the companion soul; the search's values of two declarations differ by little more than its noise
# (measured: its lies were mostly coin flips between near-equal values), so the model lies only on a clear gain.
BLUFF_MARGIN = 0.03
# Hard's lie rates before any reveal (hide with no fox declared, hide with one or more, fake): as Normal bots really
# lie, where Normal's neutral PRIOR_* expect a table of liars. Measured on games of four Normals (2026-11-28): 40
# standard games hid 0 of 397 foxes laid with none declared, 6 of 290 with one or more, and declared 16 of 1,510
# brides foxes; 25 casual games 0 of 245, 0 of 187 and 31 of 1,015.
HARD_PRIOR = {"standard": (0.01, 0.02, 0.01), CASUAL: (0.01, 0.01, 0.03)}


# --- beliefs -------------------------------------------------------------------------------------------------------
@lru_cache(maxsize=1 << 16)
def p_success(fox_count: int, own_foxes: int, unknown: int, d_fox: int, d_bride: int, honest: float,
              fake: float) -> float:
    """P(two or more foxes on the table) for a player holding `own_foxes` real foxes on it, with `unknown` cards it
    cannot see, of which d_fox (d_bride) are others' table cards declared fox (bride); honest = P(declare fox |
    fox), fake = P(declare fox | bride). honest == fake ignores the declarations (pure hypergeometric)."""
    need = 2 - own_foxes
    if need <= 0:
        return 1.0
    rest, pool = fox_count - own_foxes, unknown - d_fox - d_bride
    num = den = 0.0
    for a in range(min(d_fox, rest) + 1):
        for b in range(min(d_bride, rest - a) + 1):
            off = rest - a - b
            if off > pool:
                continue
            w = (comb(d_fox, a) * comb(d_bride, b) * comb(pool, off) * honest ** a * fake ** (d_fox - a)
                 * (1 - honest) ** b * (1 - fake) ** (d_bride - b))
            den += w
            if a + b >= need:
                num += w
    return num / den if den else 0.0


def belief(state: KitsuneState, seat: int, honest: float | None = None, fake: float | None = None) -> float:
    """The policy's P(flip succeeds) for `seat`, from what it may know; the lie model is the policy's own unless
    `honest` and `fake` are given."""
    own = state.table[seat]
    own_foxes = sum(card.face == FOX for card in own)
    d_fox = d_bride = 0
    for at, cards in enumerate(state.table):
        if at != seat:
            for card in cards:
                if card.declared == FOX:
                    d_fox += 1
                else:
                    d_bride += 1
    unknown = CARDS - len(own) - (state.phase == DECLARE and state.cur == seat)
    if honest is None or fake is None:
        honest, fake = HONEST_FOX[state.companion], FAKE_FOX[state.companion]
    return p_success(state.fox_count, own_foxes, unknown, d_fox, d_bride, honest, fake)


# --- the policy ----------------------------------------------------------------------------------------------------
def flip_threshold(state: KitsuneState, seat: int) -> float:
    theta = FLIP_AT
    if state.souls[seat] == 1:
        theta += CAUTIOUS
    if state.souls[state.prev_alive(seat)] == 1:
        theta -= HUNT
    return theta


def turn(state: KitsuneState, seat: int, honest: float | None = None, fake: float | None = None,
         shift: float = 0.0) -> str:
    """TURN: flip when forced, certain, or likely enough (`belief` with the lie model given); never with fewer
    than 2 cards out."""
    if not state.deck_size:
        return FLIP
    if sum(card.face == FOX for card in state.table[seat]) >= 2:
        return FLIP
    if state.on_table() < 2:
        return DRAW
    return FLIP if belief(state, seat, honest, fake) >= flip_threshold(state, seat) + shift else DRAW


def declare(state: KitsuneState, seat: int, rng: Random) -> str:
    """DECLARE: brides honestly (a rare fake fox; casual: bait with one fox shown); a fox honestly while none is
    declared, else hidden often (less when the next player is on one soul, more when I have more souls)."""
    shown, rule = state.declared_foxes(), state.companion
    roll = rng.random()
    if state.drawn == BRIDE:
        fake = FAKE[rule] if rule != CASUAL or shown == 1 else FAKE["standard"]
        return DECLARE_FOX if roll < fake else DECLARE_BRIDE
    if shown == 0:
        return DECLARE_BRIDE if roll < HIDE_FIRST else DECLARE_FOX
    hide, nxt = HIDE_SECOND, state.next_alive(seat)
    if state.souls[nxt] == 1:
        hide -= 0.25
    elif state.souls[seat] > state.souls[nxt]:
        hide += 0.15
    return DECLARE_BRIDE if roll < hide else DECLARE_FOX


def decide(state: KitsuneState, rng: Random) -> str:
    """The rules-based move for whoever is to move (it reads only what that player may know)."""
    seat = state.cur
    return declare(state, seat, rng) if state.phase == DECLARE else turn(state, seat)  # type: ignore[arg-type]


def rollout_policy(state: KitsuneState, rng: Random) -> str:
    return decide(state, rng)


class EasyBot:
    """The rules-based policy as a bot (levels.py adds some noise)."""

    name = "easy"

    def choose(self, state: KitsuneState, rng: Random) -> str:
        return decide(state, rng)


# --- evaluation ----------------------------------------------------------------------------------------------------
def soul_shares(souls: list[int]) -> list[float]:
    """Win shares estimated from the souls alone: proportional to souls squared."""
    weights = [s * s for s in souls]
    norm = sum(weights)
    return [w / norm for w in weights]


def evaluate(state: KitsuneState, policy: Any = decide) -> list[float]:
    """Finish the current round with the policy, then estimate from the souls (`evaluate_by_rules`); inside a round
    `decide`'s moves are played on counts (`finish_round`: the same draws and moves, without the cards and records
    the rules keep)."""
    if policy is decide and state.phase in ROUND_PHASES:
        return finish_round(state, round_rng(state), None, None, None)
    return evaluate_by_rules(state, policy)


def round_rng(state: KitsuneState) -> Random:
    """The round's draws in an evaluation: a generator seeded by the position itself (the evaluation must be a
    function of the state)."""
    return Random(len(state.history) * 1_000_003 + state.deck_foxes * 131 + state.deck_size * 7 + sum(state.souls))


def evaluate_by_rules(state: KitsuneState, policy: Any = decide) -> list[float]:
    """`evaluate` through the rules, with any policy. It plays on `state`: search hands it a determinization of its
    own that is thrown away afterwards."""
    rng = round_rng(state)
    start = state.round_no
    while state.round_no == start and state.phase != OVER:
        if state.phase in CHANCE_PHASES:
            state._apply_quietly(state.sample_chance(rng))
        else:
            state._apply_quietly(policy(state, rng))
    return state.returns() if state.phase == OVER else soul_shares(state.souls)


ROUND_PHASES = (TURN, DRAWING, DECLARE)


def finish_round(state: KitsuneState, rng: Random, reader: int | None, rates: list | None,
                 lie_model: list | None, shift: float = 0.0) -> list[float]:
    """`evaluate` inside a round, on counts: the rest of the round played by `decide` (rates None) or by a
    `Reading` of seat `reader` (its fitted `rates` and `lie_model`), with exactly the draws and choices of playing
    it through the rules (one `rng.random()` per draw and per declaration, as `sample_chance`, `declare` and
    `Reading.decide` use it; `turn` and `flip_threshold` computed in the same order), then the flip resolved as
    `_flip` does and the souls (or the game's end) scored. Reads `state`, changes nothing; the seats alive are the
    state's (souls change only at the flip, after its last lookup)."""
    n, companion, fox_count = state.n, state.companion, state.fox_count
    souls = state.souls[:]
    casual = companion == CASUAL
    cards, own_foxes, declared, liable_seat = [0] * n, [0] * n, [0] * n, [False] * n
    for seat, laid in enumerate(state.table):
        cards[seat] = len(laid)
        for card in laid:
            fox, said_fox = card.face == FOX, card.declared == FOX
            own_foxes[seat] += fox
            declared[seat] += said_fox
            if (fox and not said_fox) if casual else card.face != card.declared:
                liable_seat[seat] = True
    out_cards, shown = sum(cards), sum(declared)
    deck_foxes, deck_size, phase, seat, drawn = state.deck_foxes, state.deck_size, state.phase, state.cur, state.drawn
    honest0, fake0 = HONEST_FOX[companion], FAKE_FOX[companion]
    fake_bride = FAKE[companion] if not casual else None

    while True:
        if phase == DRAWING:
            drawn = draw_face(rng, deck_foxes, deck_size)
            deck_size -= 1
            deck_foxes -= drawn == FOX
            phase = DECLARE
        elif phase == DECLARE:
            roll = rng.random()
            if rates is None or seat == reader:  # declare()
                if drawn == BRIDE:
                    fake = fake_bride if fake_bride is not None else (FAKE[CASUAL] if shown == 1 else FAKE["standard"])
                    say_fox = roll < fake
                elif shown == 0:
                    say_fox = not roll < HIDE_FIRST
                else:
                    hide, nxt = HIDE_SECOND, state.next_alive(seat)
                    if souls[nxt] == 1:
                        hide -= 0.25
                    elif souls[seat] > souls[nxt]:
                        hide += 0.15
                    say_fox = not roll < hide
            else:  # Reading.decide for another seat
                hide0, hide1, fake = rates[seat]
                say_fox = roll < fake if drawn == BRIDE else not roll < (hide0 if shown == 0 else hide1)
            fox = drawn == FOX
            cards[seat] += 1
            own_foxes[seat] += fox
            declared[seat] += say_fox
            out_cards += 1
            shown += say_fox
            if (fox and not say_fox) if casual else fox != say_fox:
                liable_seat[seat] = True
            drawn, phase, seat = None, TURN, state.next_alive(seat)
        else:  # TURN: turn() with the lie model given
            if not deck_size or own_foxes[seat] >= 2:
                flip = True
            elif out_cards < 2:
                flip = False
            else:
                honest, fake = (honest0, fake0) if lie_model is None else lie_model[seat]
                d_fox = shown - declared[seat]
                chance = p_success(fox_count, own_foxes[seat], CARDS - cards[seat], d_fox,
                                   out_cards - cards[seat] - d_fox, honest, fake)
                theta = FLIP_AT
                if souls[seat] == 1:
                    theta += CAUTIOUS
                if souls[state.prev_alive(seat)] == 1:
                    theta -= HUNT
                if seat != reader:
                    theta += shift
                flip = chance >= theta
            if not flip:
                phase = DRAWING
                continue
            main = state.prev_alive(seat) if sum(own_foxes) >= 2 else seat  # _flip
            mate = state.prev_alive(main)
            dragged = mate if mate != main and liable_seat[mate] else None
            souls[main] -= 1
            if dragged is not None:
                souls[dragged] -= 1
            alive = tuple(at for at in range(n) if souls[at] > 0)
            if len(alive) <= 1:
                winners = alive or tuple(sorted(at for at in {main, dragged} if at is not None and souls[at] == 0))
            elif len(alive) == 2 and state.two_left == EARLY_FINISH:
                best = max(souls[at] for at in alive)
                winners = tuple(at for at in alive if souls[at] == best)
            else:
                return soul_shares(souls)
            share = 1 / len(winners)
            return [share if at in winners else 0.0 for at in range(n)]


# --- the opponent model --------------------------------------------------------------------------------------------
def contexts(tables: tuple) -> dict[int, int]:
    """Draw index -> how many foxes were declared before that card was laid this round."""
    declared = sorted((card.index, card.declared == FOX) for cards in tables for card in cards)
    shown, out = 0, {}
    for index, fox in declared:
        out[index] = shown
        shown += fox
    return out


def fit(view: KitsuneView, base: tuple[float, float, float] | None = None) -> list[tuple[float, float, float]]:
    """Per seat (hide with no fox declared, hide with a fox declared, fake): Beta-posterior means of the lie
    rates, from the cards revealed at earlier flips; the prior of each opponent is the rate of all opponents
    together (so a table of liars is read from its first reveals), itself drawn toward neutral base rates."""
    rule = view.companion
    counts = [[0, 0, 0, 0, 0, 0] for _ in range(view.players)]  # foxes0, hidden0, foxes1, hidden1, brides, fakes
    for record in view.past:
        ctx = contexts(record.tables)
        for seat, cards in enumerate(record.tables):
            c = counts[seat]
            for card in cards:
                if card.face == FOX:
                    k = 0 if ctx[card.index] == 0 else 2
                    c[k] += 1
                    c[k + 1] += card.declared == BRIDE
                else:
                    c[4] += 1
                    c[5] += card.declared == FOX
    table = [sum(c[i] for seat, c in enumerate(counts) if seat != view.seat) for i in range(6)]
    if base is None:
        base = (PRIOR_HIDE[0], PRIOR_HIDE[1], PRIOR_FAKE[rule])
    prior = [(TABLE_WEIGHT * base[j] + table[2 * j + 1]) / (TABLE_WEIGHT + table[2 * j]) for j in range(3)]
    w = PRIOR_WEIGHT
    return [tuple((w * prior[j] + c[2 * j + 1]) / (w + c[2 * j]) for j in range(3)) for c in counts]


def likelihoods(view: KitsuneView, slots: list[tuple[int, int]], rates: list[tuple[float, float, float]]
                ) -> list[tuple[float, float]]:
    """(P(declaration | fox), P(declaration | bride)) of each unknown table card under the fitted `rates`."""
    ctx = contexts(view.table)
    out = []
    for at, k in slots:
        card = view.table[at][k]
        hide0, hide1, fake = rates[at]
        hide = hide0 if ctx[card.index] == 0 else hide1
        out.append((1 - hide, fake) if card.declared == FOX else (hide, 1 - fake))
    return out


class Posterior:
    """The exact posterior over which unknown table cards are foxes, for sampling determinizations."""

    def __init__(self, view: KitsuneView, rates: list[tuple[float, float, float]] | None = None) -> None:
        self.view = view
        self.slots, self.hidden_drawn, self.foxes = unknown_slots(view)
        lik = likelihoods(view, self.slots, fit(view) if rates is None else rates)
        u, rest = len(self.slots), self.foxes
        pool = view.deck_size + self.hidden_drawn
        # suffix[i][k]: the sum over the ways to make k foxes among slots i.. of the likelihood products
        suffix = [[0.0] * (rest + 2) for _ in range(u + 1)]
        suffix[u][0] = 1.0
        for i in range(u - 1, -1, -1):
            lf, lb = lik[i]
            for k in range(rest + 1):
                suffix[i][k] = lb * suffix[i + 1][k] + (lf * suffix[i + 1][k - 1] if k else 0.0)
        self.suffix, self.lik, self.pool = suffix, lik, pool
        self.k_weights = [suffix[0][k] * comb(pool, rest - k) if rest - k <= pool else 0.0 for k in range(rest + 1)]

    def sample(self, rng: Random) -> KitsuneState:
        rest, pool = self.foxes, self.pool
        k = rng.choices(range(rest + 1), weights=self.k_weights)[0] if rest else 0
        picked = []
        for i, (lf, _) in enumerate(self.lik):
            if k and rng.random() * self.suffix[i][k] < lf * self.suffix[i + 1][k - 1]:
                picked.append(self.slots[i])
                k -= 1
        off = rest - len(picked)  # foxes off the table: in the deck, or the card another seat holds
        drawn_fox = self.hidden_drawn and rng.random() * pool < off
        return build(self.view, picked, drawn_fox, off - drawn_fox)


def flip_chance(p: float, theta: float = FLIP_AT, shift: float = 0.0, spread: float = READ_SPREAD,
                lapse: float = READ_LAPSE) -> float:
    """P(a player flips) when it puts the chance of success at p: a soft threshold at theta + shift, with lapses
    (by default the opponent model's; Hard's reading of draws passes Normal's fitted DRAW_* and its threshold)."""
    return lapse + (1 - 2 * lapse) / (1 + exp(-(p - theta - shift) / spread))


def reads(view: KitsuneView) -> list[float]:
    """Per seat: the probability that it reads declarations when it decides to flip (the policy's belief:
    declared foxes are mostly real) rather than counting cards (declarations say nothing), from its draw-or-flip
    choices in revealed rounds; even odds before any."""
    honest, fake = HONEST_FOX[view.companion], FAKE_FOX[view.companion]
    llr = [0.0] * view.players
    for record in view.past:
        laid = sorted((card.index, at, card) for at, cards in enumerate(record.tables) for card in cards)
        choices = [(i, laid[i][1], False) for i in range(2, len(laid))]  # drew with i cards out
        if 2 <= len(laid) < CARDS:  # flipped by choice, not forced by the empty deck
            choices.append((len(laid), record.flipper, True))
        for i, at, flipped in choices:
            mine = [card for _, who, card in laid[:i] if who == at]
            theirs = [card for _, who, card in laid[:i] if who != at]
            d_fox = sum(card.declared == FOX for card in theirs)
            args = (view.fox_count, sum(card.face == FOX for card in mine), CARDS - len(mine), d_fox,
                    len(theirs) - d_fox)
            as_reader = flip_chance(p_success(*args, honest, fake))
            as_counter = flip_chance(p_success(*args, COUNTING, COUNTING))
            llr[at] += log(as_reader / as_counter) if flipped else log((1 - as_reader) / (1 - as_counter))
    return [1 / (1 + exp(-x)) for x in llr]


def quantized(x: float) -> float:
    return round(x * 50) / 50  # keeps p_success's cache small


class Reading:
    """The table as the model reads it, to play the other seats inside the search: each opponent declares by
    its fitted lie rates and, deciding to flip, reads declarations as far as it has shown it does (`reads`); the
    seat itself reads the table by the fitted rates. Against players who ignore declarations a lie buys nothing
    and risks the companion soul, and the search sees that."""

    def __init__(self, view: KitsuneView, shift: float = 0.0, base: tuple[float, float, float] | None = None
                 ) -> None:
        # shift: the others' flip threshold moved; base: the lie rates expected before any reveal (fit's)
        self.seat, self.rates, self.shift = view.seat, fit(view, base), shift
        honest, fake = HONEST_FOX[view.companion], FAKE_FOX[view.companion]
        mid = (honest + fake) / 2
        self.lie_model = [(quantized(r * honest + (1 - r) * mid), quantized(r * fake + (1 - r) * mid))
                          for r in reads(view)]
        others = [rates for at, rates in enumerate(self.rates) if at != self.seat]
        hide = sum(hide0 + hide1 for hide0, hide1, _ in others) / (2 * len(others))
        self.lie_model[self.seat] = (quantized(1 - hide), quantized(sum(rates[2] for rates in others) / len(others)))

    def decide(self, state: KitsuneState, rng: Random) -> str:
        seat = state.cur
        assert seat is not None
        if state.phase != DECLARE:
            return turn(state, seat, *self.lie_model[seat], shift=0.0 if seat == self.seat else self.shift)
        if seat == self.seat:
            return declare(state, seat, rng)
        hide0, hide1, fake = self.rates[seat]
        if state.drawn == BRIDE:
            return DECLARE_FOX if rng.random() < fake else DECLARE_BRIDE
        hide = hide0 if state.declared_foxes() == 0 else hide1
        return DECLARE_BRIDE if rng.random() < hide else DECLARE_FOX

    def evaluate(self, state: KitsuneState) -> list[float]:
        if state.phase in ROUND_PHASES:  # the round on counts, the others played as read
            return finish_round(state, round_rng(state), self.seat, self.rates, self.lie_model, self.shift)
        return evaluate_by_rules(state, self.decide)


class DrawReading:
    """Hard's belief (issue 21): each time another seat drew where it could have flipped, its own cards then
    spoke for drawing: with a fox of its own among them the flip looked better to it, with two it would have been
    certain. A world is weighed by the chance of every such draw under the cards it gives that seat, each seat
    reading the table by its lie model (`Reading.lie_model`, as the search plays it) against its own threshold."""

    def __init__(self, reading: Reading) -> None:
        self.lie_model = reading.lie_model

    def __call__(self, world: KitsuneState, seat: int) -> float:
        laid = sorted((card.index, at, card) for at, cards in enumerate(world.table) for card in cards)
        # the card drawn i-th was drawn by a seat that chose to draw with i cards out (a choice from 2 cards on)
        choices = [(i, laid[i][1]) for i in range(2, len(laid))]
        if world.phase == DECLARE and world.cur != seat and len(laid) >= 2:
            choices.append((len(laid), world.cur))  # the card in its hand: it drew with every laid card out
        weight = 1.0
        for i, at in choices:
            if at == seat:
                continue
            own_foxes = mine = d_fox = theirs = 0
            for _, who, card in laid[:i]:
                if who == at:
                    mine += 1
                    own_foxes += card.face == FOX
                else:
                    theirs += 1
                    d_fox += card.declared == FOX
            chance = p_success(world.fox_count, own_foxes, CARDS - mine, d_fox, theirs - d_fox, *self.lie_model[at])
            weight *= 1 - flip_chance(chance, flip_threshold(world, at), DRAW_SHIFT, DRAW_SPREAD, DRAW_LAPSE)
        return weight


class ModelRoot:
    """The search root seen through the opponent model: `resample` draws from the posterior of the seat's view."""

    def __init__(self, posterior: Posterior, player: int) -> None:
        self.posterior, self.player = posterior, player

    def current_player(self) -> int:
        return self.player

    def resample(self, seat: int, rng: Random) -> KitsuneState:
        return self.posterior.sample(rng)


class ModelSearchBot(SearchBotV1):
    """The levels' ISMCTS over determinizations drawn through the opponent model (Normal and Hard); `model=False`
    is the plain search, for comparison."""

    def __init__(self, name: str, iterations: int | None, think_ms: float | None = None, model: bool = True,
                 c: float = SEARCH["c"]) -> None:
        super().__init__(name, iterations, think_ms, rollout_policy, evaluate, c, SEARCH["max_rollout_depth"],
                         SEARCH["opponents"])
        self.model = model

    def choose(self, state: State, rng: Random) -> str:
        """The search's choice, but a lie only where the search sees it pay (BLUFF_MARGIN over the truth)."""
        action = super().choose(state, rng)
        if not self.model or state.phase != DECLARE:  # type: ignore[attr-defined]
            return action
        truth = DECLARE_FOX if state.drawn == FOX else DECLARE_BRIDE  # type: ignore[attr-defined]  # its own card
        values = self.last.values()  # type: ignore[union-attr]  # a declaration is always searched
        if action != truth and truth in values and values[action] - values[truth] < BLUFF_MARGIN:
            return truth
        return action

    def search(self, state: State, rng: Random) -> ISMCTS:
        if not self.model:
            return super().search(state, rng)
        seat = state.current_player()
        view: KitsuneView = state.view(seat)  # type: ignore[assignment]
        reading = Reading(view)
        root = ModelRoot(Posterior(view, reading.rates), seat)
        return ISMCTS(root, seat, rng, reading.decide, reading.evaluate, self.c,
                      self.max_rollout_depth, self.opponents)


class ReadingSearchBot(SearchBot):
    """The levels' search (game.ai.search) through the opponent model (Normal and Hard): worlds drawn from the
    posterior of the seat's view, the others played as read, and a lie told only on a clear gain (BLUFF_MARGIN)."""

    def __init__(self, name: str, iterations: int | None, think_ms: float | None = None,
                 read_draws: bool = False) -> None:
        super().__init__(name, iterations, think_ms, policy=rollout_policy, settings={**DEFAULTS, **SEARCH},
                         prior=prior, evaluate=evaluate)
        # Hard: the others' draws read as evidence (DrawReading), their flips played as Normal makes them
        # (DRAW_SHIFT from the rules' threshold), and their declarations expected as Normal makes them before
        # anything is revealed (HARD_PRIOR)
        self.read_draws = read_draws

    def search(self, state: State, rng: Random) -> Search:
        seat = state.current_player()
        view: KitsuneView = state.view(seat)  # type: ignore[assignment]
        reading = Reading(view, DRAW_SHIFT if self.read_draws else 0.0,
                          HARD_PRIOR[view.companion] if self.read_draws else None)
        root = ModelRoot(Posterior(view, reading.rates), seat)
        config = self.settings
        return Search(root, seat, rng, reading.decide, prior=prior, evaluate=reading.evaluate,  # type: ignore[arg-type]
                      belief=DrawReading(reading) if self.read_draws else None,  # type: ignore[arg-type]
                      c_puct=config["c_puct"], rollout_noise=config["rollout_noise"],
                      max_rollout_depth=config["max_rollout_depth"], worlds=config["worlds"])

    def choose(self, state: State, rng: Random) -> str:
        action = super().choose(state, rng)
        if state.phase != DECLARE:  # type: ignore[attr-defined]
            return action
        truth = DECLARE_FOX if state.drawn == FOX else DECLARE_BRIDE  # type: ignore[attr-defined]  # its own card
        values = self.last.values()  # type: ignore[union-attr]
        if action != truth and truth in values and values[action] - values[truth] < BLUFF_MARGIN:
            return truth
        return action


TRUTH_PRIOR = {face: [3.0 if DECLARED_FACE[action] == face else 1.0 for action in DECLARATIONS] for face in FACES}


def prior(state: KitsuneState) -> list[float]:
    """The rules' leaning, from the mover's view: the true declaration three times a lie (the legal declarations
    are DECLARATIONS); DRAW and FLIP by the belief."""
    if state.phase == DECLARE:
        return TRUTH_PRIOR[state.drawn]  # type: ignore[index]
    if not state.deck_size:  # FLIP alone
        return [1.0]
    p = belief(state, state.cur)  # type: ignore[arg-type]
    return [0.2 + 2 * (1 - p), 0.2 + 2 * p]  # [DRAW, FLIP]


BOTS = {
    "plain": lambda: ModelSearchBot("plain", SEARCH["normal"], model=False),
    "plain_hard": lambda: ModelSearchBot("plain_hard", SEARCH["hard"], model=False),
    # Normal's budget with Hard's reading of the draws: the belief against Normal's, budget aside (issue 21)
    "normal_draws": lambda: ReadingSearchBot("normal_draws", NEW_SEARCH["normal"], read_draws=True),
}


def arena_counts(state: KitsuneState) -> dict[str, list[int]]:
    """Per seat, summed by the arena: declarations, lies among them (hidden and fake foxes), flips, successful flips."""
    return lie_stats(state.past, state.num_players)


KIT = BotKit(rollout_policy=rollout_policy, easy=EasyBot, evaluate=evaluate, prior=prior, search=NEW_SEARCH,
             search_bot=lambda level, iterations, think_ms: ReadingSearchBot(
                 level, iterations, think_ms, read_draws=level.startswith("hard")),
             search_v1=SEARCH, search_bot_v1=ModelSearchBot, named=BOTS, arena_counts=arena_counts)

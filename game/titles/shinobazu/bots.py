"""Shinobazu bots: a rules-based policy (ISMCTS rollouts and Easy), a score-based evaluation and search settings.

Every rule reads only what the player to move may know, so the fast rollout policy is also a fair Easy bot.
"""

from __future__ import annotations

import math
from functools import cache
from random import Random
from typing import Any

from game.ai.levels import DEFAULTS, BotKit, SearchBot
from game.titles.shinobazu.rules import (
    ACCEPT,
    CHALLENGE,
    COLOURS,
    DEAL,
    DECK,
    DECK_INDEX,
    END_SCORE,
    FIGHT,
    NO_CHALLENGE,
    OVER,
    PASS,
    PLAY,
    REFUSE,
    RESPONSE,
    REVERSING_VALUES,
    ROUNDS_PER_DEAL,
    STANCE,
    THREE,
    VALUES,
    Card,
    Challenge,
    Declare,
    Force,
    PlayOwn,
    ShinobazuState,
    compare,
    count_reversals,
    followed,
    total,
)

SEARCH = {"max_rollout_depth": 0, "normal": 600, "hard": 2400}  # the levels' search (game.ai.search): DEFAULTS otherwise
SEARCH_V1 = {"normal": 200, "hard": 600, "c": 0.7, "max_rollout_depth": 0, "opponents": "policy"}  # normal_v1
FIGHT_AT = 0.55  # fight with an own card whose estimated strength reaches this
OTHERS_REVERSE = 0.4  # chance that the other participants bring an odd number of reversals
CHALLENGE_AT = 0.5  # challenge a passer when the duel win chance reaches this
REFUSE_BELOW = 0.2  # refuse a one-card duel against a rival when the win chance is below this
STANCE_CARRIED = 4  # fight blind when the carried cards total at least this


# --- strength estimates ------------------------------------------------------------------------------------------
@cache
def percentile(stack_total: int) -> float:
    """How often a total beats a single random card in normal order (ties count half)."""
    return sum(1.0 if stack_total > v else 0.5 if stack_total == v else 0.0 for v in VALUES) / len(VALUES)


@cache
def total_strength(stack_total: int, own_odd: bool) -> float:
    """Estimated chance that a total beats a typical stack, given the parity of its own reversals."""
    p_reversed = 1 - OTHERS_REVERSE if own_odd else OTHERS_REVERSE
    p = percentile(stack_total)
    return (1 - p_reversed) * p + p_reversed * (1 - p)


def strength(stack: tuple[Card, ...], lead: str) -> float:
    """Estimated chance that `stack` beats a typical stack under `lead`."""
    stack_total, odd = 0, False
    for card in stack:
        stack_total += card.value
        odd ^= card.value in REVERSING_VALUES and card.colour != lead
    return total_strength(stack_total, odd)


def unseen(state: ShinobazuState, seat: int) -> list[Card]:
    """Cards `seat` cannot place: not in its hand, not public, not placed by it."""
    known = set(state.hand[seat]) | set(state.discard)
    for at in range(state.n):
        known.update(state.carried[at])
        known.update(state.public_known(at))  # a returned card is out of the unknown cards, face down or not
        card = state.current[at]
        if card is not None and (state.revealed[at] or state.placed_by[at] == seat):
            known.add(card)
    return [card for card in DECK if card not in known]


def duel_chances(state: ShinobazuState, seat: int, loser: int, passer: int) -> tuple[float, float]:
    """(win, tie) chances of `seat` (the loser or the passer) in a duel, over the cards it cannot see."""
    lead = state.current[loser].colour
    card = state.current[passer]
    if state.revealed[passer] or state.placed_by[passer] == seat:
        cases = [card]
    else:
        placer = state.placed_by[passer]
        cases = unseen(state, seat) + list(state.public_known(placer))  # the placer's returned cards may be it
        if placer == state.start:
            cases = [c for c in cases if c.colour == state.lead] or cases
    wins = ties = 0
    mine = state.stack(loser)
    for case in cases:
        theirs = (*state.carried[passer], case)
        reversed_ = count_reversals((mine, theirs), lead) % 2 == 1
        winner, _ = compare((loser, passer), (total(mine), total(theirs)), reversed_)
        wins += winner == seat
        ties += winner is None
    return wins / len(cases), ties / len(cases)


# --- the policy ----------------------------------------------------------------------------------------------------
def rival(state: ShinobazuState, seat: int, among: list[int]) -> int:
    """The seat among `among` with the fewest points (the nearest of equals to the left)."""
    n = state.n
    return min(among, key=lambda q: (state.score[q], (q - seat) % n))


def play(state: ShinobazuState) -> Any:
    """PLAY: fight with a strong card; else force the worst card on a rival, or pass with it."""
    cur, lead = state.cur, state.lead
    carried = state.carried[cur]
    ranked = sorted(state.legal_cards(cur), key=lambda card: strength((*carried, card), lead or card.colour))
    worst, best = ranked[0], ranked[-1]
    targets = [q for q in range(state.n) if q != cur and state.current[q] is None]
    if state.current[cur] is not None:  # a card was forced on me: I must force one in turn
        return Force(worst, rival(state, cur, targets))
    if lone_exit(state):
        return PlayOwn(worst, FIGHT)
    if strength((*carried, best), lead or best.colour) >= FIGHT_AT:
        return PlayOwn(best, FIGHT)
    if targets and (cur == state.start or worst.value < 0):  # the start player may not pass; dump a -3
        return Force(worst, rival(state, cur, targets))
    return PlayOwn(worst, PASS)


def lone_exit(state: ShinobazuState) -> bool:
    """Whether the mover is the last to take a stance and nobody fights: a lone fighter leaves unscored."""
    stances = [state.stance[q] for q in range(state.n) if q != state.cur]
    return FIGHT not in stances and None not in stances


def declare(state: ShinobazuState) -> Declare:
    """STANCE: blind; fight as the last undecided when nobody fights (a lone fighter is safe), else pass."""
    cur = state.cur
    if lone_exit(state):
        return Declare(FIGHT)
    return Declare(FIGHT if total(state.carried[cur]) >= STANCE_CARRIED else PASS)


def challenge(state: ShinobazuState) -> Any:
    """CHALLENGE: the passer I most likely beat (then the one with the fewest points), if the chance is good."""
    cur, n = state.cur, state.n
    best, best_key = NO_CHALLENGE, (CHALLENGE_AT, 0, 0)
    for passer in state.passers_left:
        win, _ = duel_chances(state, cur, cur, passer)
        key = (win, -state.score[passer], -((passer - cur) % n))
        if key >= best_key:
            best, best_key = Challenge(passer), key
    return best


def respond(state: ShinobazuState) -> str:
    """RESPONSE: accept, unless a one-card stack would likely hand a rival challenger a duel win."""
    cur, challenger = state.cur, state.challenger
    if len(state.stack(cur)) >= 2 or state.score[challenger] > state.score[cur]:
        return ACCEPT
    win, _ = duel_chances(state, cur, challenger, cur)
    return REFUSE if win < REFUSE_BELOW else ACCEPT


def decide(state: ShinobazuState) -> Any:
    """The rules-based move for whoever is to move (it reads only what that player may know)."""
    phase = state.phase
    if phase == PLAY:
        return play(state)
    if phase == STANCE:
        return declare(state)
    if phase == CHALLENGE:
        return challenge(state)
    return respond(state)


def rollout_policy(state: ShinobazuState, rng: Random) -> Any:
    """The rules-based move for whoever is to move (deterministic: `rng` is not needed)."""
    return decide(state)


class EasyBot:
    """The rules-based policy as a bot (levels.py adds some noise)."""

    name = "easy"

    def choose(self, state: ShinobazuState, rng: Random) -> Any:
        return decide(state)


# --- the belief (Hard) ------------------------------------------------------------------------------------------
# How a seat lays its card this round, by kind: forced on another seat, or played to itself to fight or to pass. A
# card's chance of being the one laid is a softmax over the mover's legal cards of LAY_WEIGHTS[kind] . features
# (lay_features), fitted by tools/shinobazu_belief_fit.py to the cards Normal bots really laid (docs/measurements.md).
LAY_KINDS = ("force", "fight", "pass")
LAY_WEIGHTS = {"force": (-0.07, -0.17, -3.97), "fight": (-0.58, -0.3, 29.19), "pass": (1.1, -0.95, 10.38)}


def lay_features(card: Card, lead: str | None, stack: tuple[Card, ...]) -> tuple[float, float, float]:
    """What the fitted choice reads of a card laid under `lead` (None: the start player's card sets it) on the
    carried cards `stack` of the seat it goes to: its value, whether it reverses the order, its stack's strength."""
    lead = lead or card.colour
    return (card.value / 5, float(card.value in REVERSING_VALUES and card.colour != lead),
            strength((*stack, card), lead))


def lay_way(action: Any, cur: int) -> tuple[str, int]:
    """How the mover `cur` lays its card by `action` (PlayOwn or Force), and on whose carried cards it lands."""
    if type(action) is Force:
        return "force", action.target
    return ("fight" if action.stance == FIGHT else "pass"), cur


def lay_kind(state: ShinobazuState, at: int) -> str:
    """How the card lying at `at` was laid."""
    if state.placed_by[at] != at:
        return "force"
    return "fight" if state.stance[at] == FIGHT else "pass"


def lay_record(state: ShinobazuState, action: Any) -> dict[str, Any]:
    """A card about to be laid by the mover (tools/shinobazu_belief_fit.py): its legal cards, the one laid, how,
    under which lead, on whose carried cards."""
    cur = state.cur
    kind, to = lay_way(action, cur)
    lead = None if cur == state.start else state.lead
    return {"kind": kind, "legal": [str(card) for card in state.legal_cards(cur)], "laid": str(action.card),
            "lead": lead, "stack": [str(card) for card in state.carried[to]], "players": state.n}


def lay_chances(kind: str, legal: tuple[Card, ...], lead: str | None, stack: tuple[Card, ...]) -> list[float]:
    """The fitted chance that a seat with `legal` cards lays each of them in this way."""
    weights = LAY_WEIGHTS[kind]
    scores = [sum(w * x for w, x in zip(weights, lay_features(c, lead, stack), strict=True)) for c in legal]
    top = max(scores)
    norm = sum(math.exp(s - top) for s in scores)
    return [math.exp(s - top) / norm for s in scores]


def lay_chance(kind: str, card: Card, legal: tuple[Card, ...], lead: str | None, stack: tuple[Card, ...]) -> float:
    """The fitted chance that a seat with `legal` cards lays `card` (one of them) in this way."""
    return lay_chances(kind, legal, lead, stack)[legal.index(card)]


def lay_prior(state: ShinobazuState) -> list[float]:
    """How another seat chooses inside Hard's search (`BotKit.opponent_prior`): in PLAY, each card of a way of laying
    it (to whom, with which stance) by `lay_chance`, so that every way weighs the same as with a uniform choice and
    only the card within it follows the fitted model; every other decision uniformly."""
    legal = state.legal_actions()
    if state.phase != PLAY:
        return [1.0] * len(legal)
    cur = state.cur
    cards = state.legal_cards(cur)
    lead = None if cur == state.start else state.lead
    ways: dict[tuple[str, int], list[float]] = {}  # each way's chances, by card, worked out once
    out = []
    for action in legal:
        way = lay_way(action, cur)
        chances = ways.get(way)
        if chances is None:
            chances = ways[way] = lay_chances(way[0], cards, lead, state.carried[way[1]])
        out.append(chances[cards.index(action.card)])
    return out


def belief(world: ShinobazuState, seat: int) -> float:
    """The weight of a world for `seat`: how likely the others were to lay, from the hands the world gives them,
    the face-down cards it puts on the table this round (each by LAY_WEIGHTS); the seat's own cards and the cards
    turned up count alike in every world."""
    weight = 1.0
    for at in range(world.n):
        placer, card = world.placed_by[at], world.current[at]
        if card is None or placer == seat or world.revealed[at]:
            continue
        lead = None if placer == world.start else world.lead
        legal = followed((card, *world.hand[placer]), lead)  # one card a round: its hand when it laid this one
        if len(legal) > 1:
            weight *= lay_chance(lay_kind(world, at), card, legal, lead, world.carried[at])
    return weight


# --- evaluation ----------------------------------------------------------------------------------------------------
def score_shares(scores: list[int]) -> list[float]:
    """Win shares estimated from the scores alone: a softmax of minus the points, sharper as the scores rise.

    Fitted to self-play games of the rollout policy (3-5 players): weight exp(-beta * points) with
    beta = 0.2 * max + 0.1 * min, so equal scores are even and a lead counts more near the end.
    """
    beta = 0.2 * max(scores) + 0.1 * min(scores)
    weights = [math.exp(-beta * s) for s in scores]
    norm = sum(weights)
    return [w / norm for w in weights]


def evaluate(state: ShinobazuState) -> list[float]:
    """Finish the current deal with the rules-based policy (it has no chance), then estimate from the scores: from
    a decision on card numbers (`Deal`: the same moves and scores as `evaluate_by_rules`, without the rules' events
    and log), elsewhere (a deal under way, the end) through the rules."""
    if state.phase in DECISIONS:
        return Deal(state).finish()
    return evaluate_by_rules(state)


def evaluate_by_rules(state: ShinobazuState) -> list[float]:
    """`evaluate` through the rules. It plays on `state` itself: search hands it a determinization of its own that
    is thrown away afterwards."""
    while state.current_player() >= 0:
        state._apply(decide(state))
    return state.returns() if state.is_terminal() else score_shares(state.score)


# --- the deal finished on card numbers (evaluate) -------------------------------------------------------------------
DECISIONS = (PLAY, STANCE, CHALLENGE, RESPONSE)
VALUE = tuple(card.value for card in DECK)  # by card number: DECK's order
COLOUR = tuple(card.colour for card in DECK)
REVERSING = tuple(card.value in REVERSING_VALUES for card in DECK)
ALL_CARDS = range(len(DECK))
NO_REVERSALS = dict.fromkeys(COLOURS, False)


class Deal:
    """The rest of the deal played by `decide` on card numbers (hands and stacks as lists, the discard pile and
    the known cards as bit masks): each step is the rules' (`ShinobazuState._apply` and the methods it calls) and
    each choice the policy's (`play`, `declare`, `challenge`, `respond`, with `duel_chances`' win share), in the
    same order and with the same ties, so `finish` gives what `evaluate`'s loop through the rules gives. Reads the
    state it is made from, changes nothing."""

    __slots__ = ("n", "start", "score", "hand", "carried", "known", "down", "current", "placed_by", "stance",
                 "finished", "revealed", "discard", "lead", "phase", "cur", "passers_left", "challenger", "challenged",
                 "last_gainers", "round_in_set")

    def __init__(self, state: ShinobazuState) -> None:
        self.n, self.start, self.score = state.n, state.start, state.score[:]
        self.hand = [[DECK_INDEX[card] for card in cards] for cards in state.hand]
        self.carried = [[DECK_INDEX[card] for card in cards] for cards in state.carried]
        self.known = [mask(cards) for cards in state.known_in_hand]
        down = state.known_down
        self.down = [0 if card is None else 1 << DECK_INDEX[card] for card in down] if any(down) else [0] * self.n
        self.current = [None if card is None else DECK_INDEX[card] for card in state.current]
        self.placed_by, self.stance = state.placed_by[:], state.stance[:]
        self.finished, self.revealed = state.finished[:], state.revealed[:]
        self.discard = mask(state.discard)
        self.lead, self.phase, self.cur = state.lead, state.phase, state.cur
        self.passers_left, self.challenger, self.challenged = state.passers_left, state.challenger, state.challenged
        self.last_gainers, self.round_in_set = state.last_gainers, state.round_in_set

    def finish(self) -> list[float]:
        """Play to the end of the deal (its win-share estimate) or of the game (its returns)."""
        while True:
            phase = self.phase
            if phase == PLAY:
                self.play()
            elif phase == STANCE:
                self.declare()
            elif phase == CHALLENGE:
                self.challenge()
            elif phase == RESPONSE:
                self.respond()
            elif phase == OVER:
                low = min(self.score)
                winners = [seat for seat in range(self.n) if self.score[seat] == low]
                return [1 / len(winners) if seat in winners else 0.0 for seat in range(self.n)]
            else:  # the next deal
                return score_shares(self.score)

    # --- what the policy reads ----------------------------------------------------------------------------------
    def stack(self, seat: int) -> list[int]:
        card = self.current[seat]
        return self.carried[seat] if card is None else [*self.carried[seat], card]

    def lone_exit(self) -> bool:
        cur = self.cur
        for q, stance in enumerate(self.stance):
            if q != cur and (stance is None or stance == FIGHT):
                return False
        return True

    def rival(self) -> int:
        """`rival` among the seats a card may be forced on (no current card): the fewest points, then the nearest
        to the left."""
        cur, n, score, current = self.cur, self.n, self.score, self.current
        best, low = -1, 0
        for k in range(1, n):  # nearest first, so a later seat takes it only with fewer points
            q = (cur + k) % n
            if current[q] is None and (best < 0 or score[q] < low):
                best, low = q, score[q]
        return best

    def unseen(self, seat: int) -> list[int]:
        known = self.discard | mask_of(self.hand[seat])
        for at in range(self.n):
            known |= mask_of(self.carried[at]) | self.known[at] | self.down[at]
            card = self.current[at]
            if card is not None and (self.revealed[at] or self.placed_by[at] == seat):
                known |= 1 << card
        return [card for card in ALL_CARDS if not known >> card & 1]

    def duel_win(self, seat: int, loser: int, passer: int) -> float:
        """`duel_chances(state, seat, loser, passer)[0]`."""
        lead = COLOUR[self.current[loser]]
        if self.revealed[passer] or self.placed_by[passer] == seat:
            cases = [self.current[passer]]
        else:
            placer = self.placed_by[passer]
            returned = self.known[placer] | self.down[placer]  # the placer's returned cards may be it
            cases = self.unseen(seat) + [card for card in ALL_CARDS if returned >> card & 1]
            if placer == self.start:
                cases = [card for card in cases if COLOUR[card] == self.lead] or cases
        mine = self.stack(loser)
        mine_total = sum(VALUE[card] for card in mine)
        mine_reversals = sum(REVERSING[card] and COLOUR[card] != lead for card in mine)
        carried = self.carried[passer]
        carried_total = sum(VALUE[card] for card in carried)
        carried_reversals = sum(REVERSING[card] and COLOUR[card] != lead for card in carried)
        wins = 0
        for case in cases:
            reversed_ = (mine_reversals + carried_reversals + (REVERSING[case] and COLOUR[case] != lead)) % 2 == 1
            theirs_total = carried_total + VALUE[case]
            mine_strength = -mine_total if reversed_ else mine_total
            theirs_strength = -theirs_total if reversed_ else theirs_total
            if mine_strength != theirs_strength:  # compare() of two: the stronger wins, equals tie
                wins += (loser if mine_strength > theirs_strength else passer) == seat
        return wins / len(cases)

    # --- the decisions: the policy's choice, then the rules' step ------------------------------------------------
    def play(self) -> None:
        cur, lead = self.cur, self.lead
        legal = self.hand[cur]
        if cur != self.start and lead is not None:
            follow = [card for card in legal if COLOUR[card] == lead]
            if follow:
                legal = follow
        carried = self.carried[cur]
        carried_total = 0
        for card in carried:
            carried_total += VALUE[card]
        # strength((*carried, card), lead or card's colour): the carried cards' reversals under each possible lead
        odd = {colour: sum(REVERSING[card] and COLOUR[card] != colour for card in carried) % 2 == 1
               for colour in COLOURS} if carried else NO_REVERSALS
        strengths = {card: total_strength(carried_total + VALUE[card],
                                          odd[lead or COLOUR[card]] ^ (REVERSING[card] and COLOUR[card] != (lead or COLOUR[card])))
                     for card in legal}
        ranked = sorted(legal, key=strengths.__getitem__)
        worst, best = ranked[0], ranked[-1]
        if self.current[cur] is not None:
            self.force(worst, self.rival())
        elif self.lone_exit():
            self.play_own(worst, FIGHT)
        elif strengths[best] >= FIGHT_AT:
            self.play_own(best, FIGHT)
        elif (cur == self.start or VALUE[worst] < 0) and None in self.current[:cur] + self.current[cur + 1:]:
            self.force(worst, self.rival())
        else:
            self.play_own(worst, PASS)

    def declare(self) -> None:
        if self.lone_exit():
            stance = FIGHT
        else:
            stance = FIGHT if stack_value(self.carried[self.cur]) >= STANCE_CARRIED else PASS
        self.stance[self.cur] = stance
        self.next_turn(self.cur)

    def challenge(self) -> None:
        cur, n = self.cur, self.n
        best, best_key = None, (CHALLENGE_AT, 0, 0)
        for passer in self.passers_left:
            key = (self.duel_win(cur, cur, passer), -self.score[passer], -((passer - cur) % n))
            if key >= best_key:
                best, best_key = passer, key
        if best is None:  # no challenge
            self.last_gainers = (cur,)
            self.discard_stack(cur)
            self.round_end()
        else:
            self.phase, self.cur, self.challenged = RESPONSE, best, best

    def respond(self) -> None:
        passer, loser = self.challenged, self.challenger
        accept = (len(self.stack(passer)) >= 2 or self.score[loser] > self.score[passer]
                  or self.duel_win(passer, loser, passer) >= REFUSE_BELOW)
        self.passers_left = tuple(seat for seat in self.passers_left if seat != passer)
        if accept:
            self.duel(loser, passer)
        else:
            self.revealed[passer] = True
            self.last_gainers = (passer,)
            self.add(passer, len(self.stack(passer)))
            self.discard_stack(loser)
            self.discard_stack(passer)
        self.round_end()

    # --- the rules' steps ----------------------------------------------------------------------------------------
    def take(self, card: int) -> None:
        cur = self.cur
        self.hand[cur].remove(card)
        if self.known[cur] >> card & 1:  # a returned card goes down face down
            self.known[cur] &= ~(1 << card)
            self.down[cur] = 1 << card
        if self.cur == self.start:  # the start player's card sets the lead colour
            self.lead = COLOUR[card]

    def play_own(self, card: int, stance: str) -> None:
        cur = self.cur
        self.take(card)
        self.current[cur], self.placed_by[cur], self.stance[cur] = card, cur, stance
        self.finished[cur] = True
        self.next_turn(cur)

    def force(self, card: int, target: int) -> None:
        cur = self.cur
        self.take(card)
        self.current[target], self.placed_by[target] = card, cur
        self.finished[cur] = True
        self.phase, self.cur = STANCE, target

    def next_turn(self, seat: int) -> None:
        n = self.n
        for k in range(n):
            nxt = (seat + k) % n
            if not self.finished[nxt]:
                self.phase, self.cur = PLAY, nxt
                return
        self.showdown()

    def showdown(self) -> None:
        n, stance, revealed = self.n, self.stance, self.revealed
        fighters = [seat for seat in range(n) if stance[seat] == FIGHT]
        lead = self.lead
        if len(fighters) == 1:  # case B: the lone fighter leaves
            lone = fighters[0]
            revealed[lone] = True
            lead = COLOUR[self.current[(lone + 1) % n]]
            self.discard |= mask_of(self.stack(lone))
            self.carried[lone], self.current[lone] = [], None
            parts = [seat for seat in range(n) if seat != lone]
            for seat in parts:
                revealed[seat] = True
        else:
            for seat in fighters:
                revealed[seat] = True
            carried, current = self.carried, self.current
            three = any(sum(VALUE[card] for card in carried[seat]) + VALUE[current[seat]] == THREE
                        for seat in fighters)
            if three or not fighters:  # case C with the Three technique, or case A
                parts = list(range(n))
                for seat in parts:
                    revealed[seat] = True
            else:
                self.passers_left = tuple(seat for seat in range(n) if seat not in fighters)
                parts = fighters
        totals, reversals = [], 0
        carried, current = self.carried, self.current
        for seat in parts:
            stack_total = 0
            for card in carried[seat]:
                stack_total += VALUE[card]
                if REVERSING[card] and COLOUR[card] != lead:
                    reversals += 1
            card = current[seat]
            if card is not None:
                stack_total += VALUE[card]
                if REVERSING[card] and COLOUR[card] != lead:
                    reversals += 1
            totals.append(stack_total)
        if reversals % 2 == 1:  # compare(): the lowest total is the strongest
            totals = [-stack_total for stack_total in totals]
        high, low = max(totals), min(totals)
        losers = tuple(seat for seat, strength in zip(parts, totals, strict=True) if strength == low)
        top = [seat for seat, strength in zip(parts, totals, strict=True) if strength == high]
        winner = top[0] if len(top) == 1 and high != low else None
        self.score_result(winner, losers)
        for seat in parts:
            if seat not in losers:
                self.discard_stack(seat)
        if len(losers) == 1 and self.passers_left:
            self.phase = CHALLENGE
            self.cur = self.challenger = losers[0]
            return
        for seat in losers:
            self.discard_stack(seat)
        self.last_gainers = losers
        self.round_end()

    def duel(self, loser: int, passer: int) -> None:
        lead = COLOUR[self.current[loser]]
        self.revealed[passer] = True
        stacks = (self.stack(loser), self.stack(passer))
        totals = (stack_value(stacks[0]), stack_value(stacks[1]))
        reversals = sum(REVERSING[card] and COLOUR[card] != lead for cards in stacks for card in cards)
        winner, losers = compare((loser, passer), totals, reversals % 2 == 1)
        self.score_result(winner, losers)
        self.last_gainers = tuple(sorted(losers))
        self.discard_stack(loser)
        self.discard_stack(passer)

    def add(self, seat: int, delta: int) -> None:
        self.score[seat] = max(0, self.score[seat] + delta)

    def score_result(self, winner: int | None, losers: tuple[int, ...]) -> None:
        if winner is not None:
            self.add(winner, -1)
        for seat in losers:
            self.add(seat, 1)

    def discard_stack(self, seat: int) -> None:
        bits = self.discard
        for card in self.carried[seat]:
            bits |= 1 << card
        card = self.current[seat]
        if card is not None:
            bits |= 1 << card
        self.discard = bits
        self.carried[seat], self.current[seat] = [], None

    def round_end(self) -> None:
        n, start, gainers = self.n, self.start, self.last_gainers
        for k in range(n):  # the first gainer from the start player on (there is always one)
            nxt = (start + k) % n
            if nxt in gainers:
                break
        if max(self.score) >= END_SCORE:
            self.phase = OVER
            return
        if self.round_in_set >= ROUNDS_PER_DEAL:  # the deal is over: the next is dealt by chance
            self.phase = DEAL
            return
        for seat in self.passers_left:  # carried over, face up
            self.carried[seat] = [*self.carried[seat], self.current[seat]]
            self.current[seat] = None
        self.current, self.placed_by, self.stance = [None] * n, [None] * n, [None] * n
        self.finished, self.revealed, self.down = [False] * n, [False] * n, [0] * n
        self.lead, self.passers_left, self.challenger, self.challenged = None, (), None, None
        self.start = self.cur = nxt
        self.round_in_set += 1
        self.phase = PLAY


def stack_value(numbers: list[int]) -> int:
    value = 0
    for number in numbers:
        value += VALUE[number]
    return value


def mask(cards) -> int:
    """The bit mask of some cards (by their number in DECK)."""
    bits = 0
    for card in cards:
        bits |= 1 << DECK_INDEX[card]
    return bits


def mask_of(numbers: list[int]) -> int:
    bits = 0
    for number in numbers:
        bits |= 1 << number
    return bits


# No prior: with the rules' move weighted three to one, Normal took 0.240 (0.164-0.316) of 100 games against three
# normal_v1, against 0.403 (0.292-0.513) of 60 games with a uniform prior (seed 90210, docs/measurements.md).
def normal_belief() -> SearchBot:
    """Normal's budget with Hard's belief and opponent prior: the belief against uniform worlds, budget aside
    (issue 21, item 3)."""
    return SearchBot("normal_belief", SEARCH["normal"], policy=rollout_policy, settings={**DEFAULTS, **SEARCH},
                     evaluate=evaluate, belief=belief, opponent_prior=lay_prior)


KIT = BotKit(rollout_policy=rollout_policy, easy=EasyBot, evaluate=evaluate, belief=belief,
             opponent_prior=lay_prior, search=SEARCH, search_v1=SEARCH_V1, named={"normal_belief": normal_belief})

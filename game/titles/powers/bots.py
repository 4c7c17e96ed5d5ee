"""Powers bots: the heuristic bot of spec section 9 (rollouts and Easy), its scores as the search's prior, and an
evaluation of a position for truncated rollouts.

Every rule reads only what the player to move may know: its hand, the map, the table, the discard pile.
- A territory's value to a seat: its points, +2 per neighbour the seat owns, +1 per unowned neighbour, -1 per
  neighbour of a rival (it may come back through a defence); winning outright (30) is worth everything, and keeping
  a rival from 25 or more is worth the territory to that rival (denial).
- A card's worth (what it is worth keeping): its number, more for faces (they also defend) and most for a joker;
  a card spent costs its worth, and a card played in an invasion comes back as a random draw (so a low card is
  nearly free to bid with).
- Occupation: pay if the territory is worth more than the cards (each card about 2.5 points early, 1.5 late); the
  cheapest cards pay. Invasion: bid with the cheapest card that beats the top while the territory is worth having,
  a joker only for a territory that is worth a lot. Defence: keep the territory if it is worth more than the face
  card, always if yielding would give the occupier 25 or more. Conscription: discard the three least worth keeping,
  a one-colour three when the pile holds a face to take back; take back the best card.
"""

from __future__ import annotations

import math

from game.ai.levels import BotKit, ScoredRules
from game.titles.powers.rules import (
    CARDS,
    COLOUR,
    CONQUEST,
    DECLINE,
    DEFEND,
    DISCARD,
    INVADE,
    JOKERS,
    OCCUPY,
    OPEN,
    OVER,
    PASS,
    RECOVER,
    TERRITORIES,
    VALUE,
    YIELD,
    PowersState,
    rank,
)

SEARCH = {"max_rollout_depth": 20, "normal": 300, "hard": 1200}
TEMPERATURE = 0.6  # the prior's softmax temperature over the rules scores
FACE_BONUS = 0.8  # a face card also defends
JOKER_WORTH = 7.0
ACE_WORTH = 2.5
PRICE_EARLY, PRICE_LATE = 1.5, 0.8
BID_REFILL = 0.7  # a card bid comes back as a random draw: only this share of its worth is lost
DENIAL = 25  # a rival this close to the conquest must not get the territory
JOKER_TERRITORY = 14.0  # a joker is spent only on a territory worth at least this much
HAND_WORTH = 0.25  # the evaluation's points per point of a card's worth in hand (an average card about 0.5)


def card_worth(card: str) -> float:
    """What a card is worth keeping, in points of territory (a face about 3.5 to 4.5: spec 9)."""
    if card in JOKERS:
        return JOKER_WORTH
    r = rank(card)
    if r == "A":
        return ACE_WORTH
    value = VALUE[r]
    return value / 4 + (FACE_BONUS if value > 10 else 0.0)


WORTH = {card: card_worth(card) for card in CARDS}  # worked out once: search asks all the time
worth = WORTH.__getitem__
RECOVERABLE = frozenset(card for card in CARDS if card not in JOKERS and rank(card) != "A")  # what a bonus can buy


def card_price(state: PowersState) -> float:
    """What one card of the hand is worth in territory points, beyond the card itself: less as the map fills."""
    return PRICE_EARLY - (PRICE_EARLY - PRICE_LATE) * state.round / 14


def territory_value(state: PowersState, seat: int, territory: str) -> float:
    points, _, _, neighbours = TERRITORIES[territory]
    owners = [state.owner[x] for x in neighbours]
    value = points + 2 * owners.count(seat) + owners.count(None) - sum(1 for o in owners if o not in (None, seat))
    score = state.seat_scores()
    if score[seat] + points >= CONQUEST:
        return 100.0
    threat = max((score[s] + points for s in range(state.n) if s != seat), default=0)
    if threat >= DENIAL:  # keeping it from a rival near the conquest
        value += points
    return value


# --- the decisions -------------------------------------------------------------------------------------------------
def invasion_scores(state: PowersState, seat: int, legal: list) -> list[float]:
    """Bid when the territory is worth having (or denying), with the cheapest card that beats the top; never for a
    right the hand could not use (a card bid comes back as a draw, a joker does not: with fewer cards than the cost
    the occupation is a forced decline)."""
    territory = state.on_offer
    value = territory_value(state, seat, territory)  # type: ignore[arg-type]
    cost = TERRITORIES[territory][1]  # type: ignore[index]
    wanted = value - cost * card_price(state)
    cards = len(state.hand[seat])
    out = []
    for action in legal:
        if action == PASS:
            out.append(0.0)
            continue
        card = action.card
        if card in JOKERS:
            useful = value >= JOKER_TERRITORY and cards - 1 >= cost
            out.append(wanted - JOKER_WORTH if useful else -JOKER_WORTH)
            continue
        spent = BID_REFILL * worth(card)
        if state.phase == OPEN:  # forced: the least useful card
            out.append(-worth(card))
        else:
            out.append(wanted * 0.5 - spent if cards >= cost else -spent)
    return out


def occupation_scores(state: PowersState, seat: int, legal: list) -> list[float]:
    value = territory_value(state, seat, state.on_offer)  # type: ignore[arg-type]
    price = card_price(state)
    out = []
    for action in legal:
        if action == DECLINE:
            out.append(0.0)
            continue
        cards = action.cards.split()
        out.append(value - len(cards) * price - 0.3 * sum(worth(c) for c in cards))
    return out


def defence_scores(state: PowersState, seat: int, legal: list) -> list[float]:
    territory = state.to_defend[0]
    points = TERRITORIES[territory][0]
    occupier = state.occupier
    keep = points + (100.0 if state.score(occupier) + points >= DENIAL else 0.0)  # type: ignore[arg-type]
    return [0.0 if action == YIELD else keep - worth(action.card) for action in legal]


def discard_scores(state: PowersState, legal: list) -> list[float]:
    """Keep the most worth; a one-colour three buys back the best card of the pile (it may be one of the three)."""
    pile_best = max((WORTH[c] for c in state.discard if c in RECOVERABLE), default=-math.inf)
    out = []
    for action in legal:
        a, b, c = action
        spent = WORTH[a] + WORTH[b] + WORTH[c]
        shade = COLOUR[a]
        if shade is not None and shade == COLOUR[b] == COLOUR[c]:  # the colour bonus: the best of the pile and the three
            spent -= max(pile_best, *(WORTH[x] for x in action if x in RECOVERABLE))
        out.append(-spent)
    return out


def scores(state: PowersState, legal: list) -> list[float]:
    """The rules' score of each legal action of the player to move (higher is better)."""
    phase, seat = state.phase, state.current_player()
    if phase in (OPEN, INVADE):
        return invasion_scores(state, seat, legal)
    if phase == OCCUPY:
        return occupation_scores(state, seat, legal)
    if phase == DEFEND:
        return defence_scores(state, seat, legal)
    if phase == DISCARD:
        return discard_scores(state, legal)
    if phase == RECOVER:
        return [worth(a.card) for a in legal]
    return [0.0] * len(legal)


RULES = ScoredRules(scores, TEMPERATURE)
rollout_policy = RULES.policy  # the rules' best action (Easy plays it with noise)
prior = RULES.prior


def evaluate(state: PowersState) -> list[float]:
    """Win shares from the scores (the conquest at 30 near: sharper as the map fills) and the cards in hand by
    what each is worth keeping (a joker more than a 2: counting cards alone, a deeper search spent jokers and faces
    freely)."""
    if state.phase == OVER:
        return state.returns()
    owned = sum(1 for o in state.owner.values() if o is not None)
    sharp = 0.12 + 0.02 * owned
    keys = [sharp * (score + HAND_WORTH * sum(WORTH[card] for card in hand))
            for score, hand in zip(state.seat_scores(), state.hand, strict=True)]
    top = max(keys)
    weights = [math.exp(k - top) for k in keys]
    total = sum(weights)
    return [w / total for w in weights]


KIT = BotKit(rollout_policy=rollout_policy, evaluate=evaluate, prior=prior, search=SEARCH,
             search_v1={"normal": 200, "hard": 800, "max_rollout_depth": 20, "opponents": "policy"})

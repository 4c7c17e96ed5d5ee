"""Hexa bots: the rules of thumb of spec section 9 (rollouts and Easy), their scores as the search's prior, and an
evaluation of a position for truncated rollouts (Normal and Hard search with them).

Every rule reads only what the player to move may know: its own hand, the board, the discard pile, the cards of
the other's hand it has seen (`known`) and the other's hand size. The other's battle card is guessed from those:
each known card, and for each unknown card of its hand the unseen cards in proportion (spec 9, "Determinization").
- Battle card: each card's chance to win, draw or lose against that guess, with the stakes (a battle at a rear hex
  decides the game), less what the card is worth keeping; the cheapest card that does the job.
- Move: an attack by its expected result; otherwise the flag, stepping off a rear hex, progress, and not stepping
  in front of an enemy piece that can hit back harder.
- Flag redraw: throw away a number of 6 or less. Recovery: a set of cards worth less than the best card of the
  discard pile buys it back.
"""

from __future__ import annotations

import math

from game.ai.levels import BotKit, ScoredRules
from game.titles.hexa.rules import (
    ATTACK,
    ATTACKER,
    BLANK,
    CATEGORY,
    COLUMNS,
    COPIES,
    DEFEND,
    DEFENDER,
    DRAWN,
    END_RECOVERY,
    FLAG_REDRAW,
    INDEX,
    JOKER,
    KINDS,
    MOVE,
    NUMBER,
    OVER,
    RECOVER_PICK,
    RECOVERY,
    HexaState,
    battle_outcome,
)

SEARCH = {"max_rollout_depth": 24, "normal": 300, "hard": 1200}
TEMPERATURE = 0.4  # the prior's softmax temperature over the rules scores
WORTH = {**{r: 0.2 + 0.05 * INDEX[r] for r in KINDS if CATEGORY[r] == NUMBER}, "A": 1.0, "J": 0.9, "Q": 1.0,
         "K": 1.1, JOKER: 1.4}  # what a card is worth keeping (in battles won), roughly
SPEND = 0.15  # the cost of spending a card, per point of worth
REAR_STAKES = 10.0  # a battle at a rear hex decides the game
WIN_STAKES, LOSS_STAKES = 1.0, 0.8  # an ordinary battle: a step won, a piece thrown back
FLAG = 0.8
OFF_REAR = 0.35  # a piece that leaves its rear hex can no longer be destroyed there
PROGRESS = 0.1
EXPOSED = 0.25  # stepping in front of an enemy piece that has more support
REDRAW_BELOW = 6  # throw away a drawn number of this value or less


# --- the other's battle card, as far as the mover can tell -------------------------------------------------------
def guess(state: HexaState, seat: int) -> dict[str, float]:
    """The other seat's possible cards with weights (in ODDS_ORDER): its known cards, and its unknown ones as the
    unseen cards."""
    other = 1 - seat
    size = state.hand_size(other)
    if size == 0:
        return {BLANK: 1.0}
    known, mine = state.known[other], state.hand[seat]
    pool = {rank: COPIES[rank] - mine[rank] - known[rank] for rank in KINDS}
    for rank in state.discard:
        pool[rank] -= 1
    unknown = max(0, size - sum(known.values()))
    total = sum(pool.values())
    weights = {}
    for rank in KINDS:
        weight = known[rank] + (unknown * pool[rank] / total if total else 0.0)
        if weight > 0:
            weights[rank] = weight
    return weights or {BLANK: 1.0}


# +1 where the first card wins, -1 where it loses, 0 for a draw: by (first card's side attacking, supports, first
# card, other card); worked out once (the battle rules are pure), looked up in the search's rollouts
RESULT = {(attacking, sa, sd, mine, other): 0 if outcome == DRAWN else
          (1 if outcome == (ATTACKER if attacking else DEFENDER) else -1)
          for attacking in (True, False) for sa in range(3) for sd in range(3)
          for mine in (*KINDS, BLANK) for other in (*KINDS, BLANK)
          for outcome in [battle_outcome(mine, other, sa, sd) if attacking else battle_outcome(other, mine, sa, sd)]}


ODDS_ORDER = (*KINDS, BLANK)
# the other cards that `mine` beats and that beat it, in ODDS_ORDER: by (mine attacking, supports, mine)
BEATEN = {(attacking, sa, sd, mine): tuple(o for o in ODDS_ORDER if RESULT[attacking, sa, sd, mine, o] > 0)
          for attacking in (True, False) for sa in range(3) for sd in range(3) for mine in ODDS_ORDER}
BEATS = {(attacking, sa, sd, mine): tuple(o for o in ODDS_ORDER if RESULT[attacking, sa, sd, mine, o] < 0)
         for attacking in (True, False) for sa in range(3) for sd in range(3) for mine in ODDS_ORDER}


def card_odds(card: str, others: dict[str, float], total: float, attacking: bool, support: tuple[int, int]
              ) -> tuple[float, float]:
    """(win, lose) chances of `card` against the guessed cards of the other side (`guess`; `total`: the sum of
    its weights)."""
    key = (attacking, support[0], support[1], card)
    win = lose = 0.0
    for other in BEATEN[key]:
        if other in others:
            win += others[other]
    for other in BEATS[key]:
        if other in others:
            lose += others[other]
    return win / total, lose / total


def stakes(state: HexaState, seat: int) -> tuple[float, float]:
    """What winning and losing the battle in progress are worth to `seat`."""
    battle = state.battle
    attacking = battle.attacker == seat  # type: ignore[union-attr]
    defender = 1 - battle.attacker  # type: ignore[union-attr]
    on_rear = state.piece(defender, battle.column) == state.rear(defender, battle.column)  # type: ignore[union-attr]
    if attacking:
        return (REAR_STAKES if on_rear else WIN_STAKES), LOSS_STAKES
    return WIN_STAKES * 0.5, (REAR_STAKES if on_rear else LOSS_STAKES)


def battle_scores(state: HexaState, seat: int, cards: list[str]) -> list[float]:
    """Each card's expected result in the battle in progress, less what it costs to spend."""
    battle = state.battle
    attacking = battle.attacker == seat  # type: ignore[union-attr]
    others = guess(state, seat)
    total = sum(others.values())
    win_value, loss_value = stakes(state, seat)
    out = []
    for card in cards:
        win, lose = card_odds(card, others, total, attacking, battle.support)  # type: ignore[union-attr]
        out.append(win_value * win - loss_value * lose - SPEND * WORTH.get(card, 0.0))
    return out


# --- moves -------------------------------------------------------------------------------------------------------
def move_scores(state: HexaState, seat: int, columns: list[str]) -> list[float]:
    other = 1 - seat
    fwd = state.forward(seat)
    out = []
    others: dict[str, float] | None = None  # the other's guessed card, once for every attack of the move
    for column in columns:
        source = state.piece(seat, column)
        target = source + fwd  # type: ignore[operator]
        if state.piece(other, column) == target:
            if others is None:
                others = guess(state, seat)
            out.append(attack_score(state, seat, column, source, target, others))  # type: ignore[arg-type]
            continue
        score = PROGRESS
        if (column, target) == state.flag_hex and state.flag != seat:
            score += FLAG
        if source == state.rear(seat, column):
            score += OFF_REAR
        enemy = state.piece(other, column)
        if enemy is not None and enemy == target + fwd:  # the enemy can attack this piece next
            theirs = state.support(other, column, (column, target))
            mine = state.support(seat, column, (column, enemy))
            if theirs > mine:
                score -= EXPOSED * (theirs - mine)
        out.append(score)
    return out


def attack_score(state: HexaState, seat: int, column: str, source: int, target: int,
                 others: dict[str, float]) -> float:
    """An attack's expected result with the best card in hand against the guessed card `others` (the supports
    are public before it starts)."""
    other = 1 - seat
    support = (state.support(seat, column, (column, target)), state.support(other, column, (column, source)))
    hand = state.hand[seat]
    cards = [r for r in KINDS if hand[r]] or [BLANK]
    total = sum(others.values())
    on_rear = target == state.rear(other, column)
    win_value = REAR_STAKES if on_rear else WIN_STAKES + (FLAG if (column, target) == state.flag_hex else 0.0)
    best = -math.inf
    for card in cards:
        win, lose = card_odds(card, others, total, True, support)
        best = max(best, win_value * win - LOSS_STAKES * lose - SPEND * WORTH.get(card, 0.0))
    return best


# --- recovery and the flag ---------------------------------------------------------------------------------------
def set_scores(state: HexaState, seat: int, legal: list) -> list[float]:
    """A set is worth the best card the discard pile would give back less the three cards spent; ending is 0."""
    best = max((WORTH[r] for r in state.discard), default=0.0)
    out = []
    for action in legal:
        if action == END_RECOVERY:
            out.append(0.0)
        else:
            gain = max(best, max(WORTH[r] for r in action))  # one of the three may be taken back
            out.append(gain - sum(WORTH[r] for r in action) * 0.6)
    return out


def scores(state: HexaState, legal: list) -> list[float]:
    """The rules' score of each legal action of the player to move (higher is better)."""
    phase, seat = state.phase, state.current_player()
    if phase == MOVE:
        return move_scores(state, seat, [a.column for a in legal])
    if phase in (ATTACK, DEFEND):
        return battle_scores(state, seat, [a.rank for a in legal])
    if phase == RECOVERY:
        return set_scores(state, seat, legal)
    if phase == RECOVER_PICK:
        return [WORTH[a.rank] for a in legal]
    if phase == FLAG_REDRAW:
        drawn = state.drawn
        low = drawn is not None and CATEGORY[drawn] == NUMBER and INDEX[drawn] <= REDRAW_BELOW
        return [0.0 if low else 1.0, 1.0 if low else 0.0]  # keep, redraw
    return [0.0] * len(legal)


RULES = ScoredRules(scores, TEMPERATURE)
rollout_policy = RULES.policy  # the rules' best action (Easy plays it with noise)
prior = RULES.prior


# --- evaluation --------------------------------------------------------------------------------------------------
def evaluate(state: HexaState) -> list[float]:
    """Win shares from the board and the hands: progress up the columns, pieces on a rear hex with an enemy in
    front of them (mortal), the flag, and the strong cards in hand."""
    if state.phase == OVER:
        return state.returns()
    edge = [0.0, 0.0]
    for seat in (0, 1):
        other = 1 - seat
        for column in COLUMNS:
            row = state.piece(seat, column)
            if row is None:
                continue
            rear = state.rear(seat, column)
            edge[seat] += 0.12 * abs(row - rear)
            enemy = state.piece(other, column)
            if row == rear and enemy is not None and enemy == row + state.forward(seat):
                edge[seat] -= 0.6
        edge[seat] += sum(WORTH[r] * n for r, n in state.hand[seat].items()) * 0.25
        if state.flag == seat:
            edge[seat] += 0.3
    share = 1 / (1 + math.exp(-(edge[0] - edge[1])))
    return [share, 1 - share]


KIT = BotKit(rollout_policy=rollout_policy, evaluate=evaluate, prior=prior, search=SEARCH,
             search_v1={"normal": 200, "hard": 800, "max_rollout_depth": 24, "opponents": "policy"})

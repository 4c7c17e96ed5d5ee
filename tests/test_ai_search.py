"""The levels' search (game.ai.search) on the toy hidden-information title: moves filed by what the seat sees, its
own draws split, a prior that orders the first tries, weighted worlds, anytime runs, and fair levels."""

from __future__ import annotations

from random import Random

import pytest
from game.titles.high_card.bots import rollout_policy
from game.titles.high_card.rules import DOUBLE, KEEP, SWAP, HighCard
from test_ai_ismcts import dealt, decisions

from game.ai.fairness import assert_fair
from game.ai.levels import BotKit, SearchBot, level_bot
from game.ai.search import Search


@pytest.mark.parametrize("cards,actions,seat,good", [
    ((1, 4, 5), (), 0, {SWAP}),
    ((6, 2, 3), (), 0, {KEEP, DOUBLE}),
    ((4, 3, 1), (KEEP, KEEP), 2, {SWAP}),
    ((2, 8, 3, 1), (KEEP,), 1, {KEEP, DOUBLE}),
])
def test_search_finds_the_obvious_move(cards, actions, seat, good):
    search = Search(dealt(*cards, actions=actions), seat, Random(3), rollout_policy)
    search.run(iterations=300)
    assert search.best_action() in good, search.stats()
    assert sum(search.stats().values()) == 300 == search.root.visits


def test_moves_are_filed_by_what_the_seat_sees():
    search = Search(dealt(1, 4, 5), 0, Random(5), rollout_policy)
    search.run(iterations=3000)
    root = search.root
    # Seat 0's own draw after a swap splits the tree by the card it will see (1 given up, 4 and 5 unseen to it but
    # held: the draw is one of 2, 3, 6 or one of the others' cards in this world).
    draws = root.children[SWAP].children
    assert len(draws) >= 3 and all(isinstance(card, int) for card in draws)
    # Seat 1's decision is public (keep, swap, double); its draw after a swap is one move to seat 0, whatever card.
    seat1 = root.children[KEEP].children
    assert set(seat1) <= {KEEP, SWAP, DOUBLE} and SWAP in seat1
    assert list(seat1[SWAP].children) == [("card for", 1)]
    assert DOUBLE in seat1  # in the worlds where seat 1 holds 5 or 6


def test_the_prior_orders_the_first_tries():
    state = dealt(1, 4, 5)
    for favourite in (KEEP, SWAP):
        search = Search(state, 0, Random(1), rollout_policy,
                        prior=lambda s, f=favourite: [9.0 if a == f else 1.0 for a in s.legal_actions()])
        search.run(iterations=1)
        assert list(search.root.children) == [favourite]
    with pytest.raises(ValueError, match="prior gave"):
        Search(state, 0, Random(1), rollout_policy, prior=lambda s: [1.0]).run(iterations=1)


def test_the_others_choose_by_the_opponent_prior():
    """The searching seat's own first tries follow the prior, the other seats' the opponent prior (by default the
    prior too)."""
    def favour(move):
        return lambda s: [99.0 if a == move else 1.0 for a in s.legal_actions()]

    state = dealt(1, 4, 5)
    search = Search(state, 0, Random(1), rollout_policy, prior=favour(KEEP), opponent_prior=favour(SWAP))
    search.run(iterations=2)
    assert list(search.root.children) == [KEEP] and list(search.root.children[KEEP].children) == [SWAP]
    same = Search(state, 0, Random(1), rollout_policy, prior=favour(KEEP))
    same.run(iterations=2)
    assert list(same.root.children[KEEP].children) == [KEEP]


def test_a_move_the_seat_never_sees_gets_no_node(monkeypatch):
    """A move keyed UNSEEN (a secret choice the seat never learns was made, as Fusejika's redeal check, A2b) is
    taken by the mover's prior and gets no node: the seat's tree goes on from where it was. Here seat 1's choice is
    made secret for seat 0, so its draw after a swap hangs right under seat 0's KEEP."""
    from game.core.engine import UNSEEN

    plain = HighCard.action_key

    def secret(self, action, observer):
        return UNSEEN if self.current_player() == 1 and observer != 1 else plain(self, action, observer)

    monkeypatch.setattr(HighCard, "action_key", secret)
    monkeypatch.setattr(HighCard, "UNSEEN_MOVES", True)
    search = Search(dealt(1, 4, 5), 0, Random(5), rollout_policy)
    search.run(iterations=2000)
    after = search.root.children[KEEP].children
    assert ("card for", 1) in after and set(after) <= {KEEP, SWAP, DOUBLE, ("card for", 1)}
    nodes = [search.root]
    while nodes:
        node = nodes.pop()
        assert UNSEEN not in node.children
        nodes.extend(node.children.values())


def test_a_belief_weighs_the_worlds():
    state = dealt(2, 4, 5)  # seat 0 holds 2; seats 1 and 2 hold cards seat 0 cannot see

    def believe_six(world: HighCard, seat: int) -> float:  # seat 1 surely holds the 6
        return 1.0 if world.cards[1] == 6 else 0.0

    search = Search(state, 0, Random(2), rollout_policy, belief=believe_six, worlds=32)
    search.run(iterations=20)
    assert {search._world().cards[1] for _ in range(200)} == {6}
    uniform = Search(state, 0, Random(2), rollout_policy, worlds=32)
    uniform.run(iterations=20)
    assert {uniform._world().cards[1] for _ in range(200)} == {1, 3, 4, 5, 6}
    nobody = Search(state, 0, Random(2), rollout_policy, belief=lambda world, seat: 0.0, worlds=32)
    nobody.run(iterations=20)  # no world believed at all: as if no belief
    assert len({nobody._world().cards[1] for _ in range(200)}) == 5


def test_run_is_anytime_resumable_and_deterministic():
    state = dealt(3, 4, 5)
    once = Search(state, 0, Random(8), rollout_policy)
    once.run(iterations=400)
    twice = Search(state, 0, Random(8), rollout_policy)
    assert twice.run(iterations=150) == 150
    twice.run(iterations=250)
    assert twice.iterations == 400 and twice.stats() == once.stats() and twice.values() == once.values()
    late = Search(state, 0, Random(13), rollout_policy)
    assert late.run(deadline=0.0) == 1 and late.best_action() in state.legal_actions()


def test_noise_and_truncated_rollouts():
    calls = []

    def evaluate(state: HighCard) -> list[float]:
        calls.append(state.turn)
        return [c / state.top for c in state.cards]

    search = Search(dealt(1, 4, 5), 0, Random(2), rollout_policy, evaluate=evaluate, max_rollout_depth=1,
                    rollout_noise=0.5)
    search.run(iterations=50)
    assert 0 < len(calls) <= 50 and search.best_action() == SWAP


def test_search_refuses_misuse():
    state = dealt(1, 4, 5)
    with pytest.raises(ValueError, match="not to move"):
        Search(state, 1, Random(0), rollout_policy)
    with pytest.raises(ValueError, match="evaluate"):
        Search(state, 0, Random(0), rollout_policy, max_rollout_depth=3)
    with pytest.raises(ValueError, match="world"):
        Search(state, 0, Random(0), rollout_policy, worlds=0)
    search = Search(state, 0, Random(0), rollout_policy)
    with pytest.raises(ValueError, match="run the search"):
        search.best_action()
    with pytest.raises(ValueError, match="budget"):
        search.run()


def test_levels_differ_in_what_they_are():
    def belief(world, seat):
        return 1.0

    def others(state):
        return [1.0] * len(state.legal_actions())

    toy = BotKit(rollout_policy=rollout_policy, belief=belief, opponent_prior=others)
    normal, hard = level_bot(toy, "normal"), level_bot(toy, "hard")
    assert isinstance(normal, SearchBot) and isinstance(hard, SearchBot)
    assert normal.belief is None and hard.belief is belief and hard.iterations > normal.iterations
    assert normal.opponent_prior is None and hard.opponent_prior is others


def test_search_levels_are_fair():
    toy = BotKit(rollout_policy=rollout_policy, belief=lambda world, seat: 1.0 + world.cards[0] % 2)
    for state in [s for i, s in enumerate(decisions(4, games=6)) if i % 3 == 0]:
        for level in ("normal:40", "hard:40"):
            assert_fair(state, state.current_player(), lambda lv=level: level_bot(toy, lv), seeds=range(2),
                        resamples=3)

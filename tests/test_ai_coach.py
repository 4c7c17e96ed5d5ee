"""The coach: exact values where a title is solved, the Hard search's values elsewhere, and the costliest choices."""

from __future__ import annotations

from random import Random

from game.titles.high_card.bots import rollout_policy
from game.titles.high_card.rules import KEEP, SWAP, HighCard

from game.ai.coach import Advice, Choice, analyse, by_value, costliest, values_of
from game.ai.levels import BotKit, make_bot
from game.titles import registry


def finished(slug: str, players: int, seed: int):
    spec = registry.get(slug)
    kit = spec.kit()
    bot = kit.named["random"]() if "random" in kit.named else make_bot(slug, "random")
    state, rng = spec.new_state(players, {}), Random(seed)
    while not state.is_terminal():
        state.apply(state.sample_chance(rng) if state.is_chance_node() else bot.choose(state, rng))
    return spec, state


def test_solved_titles_are_coached_exactly():
    for slug in ("dice_slayer", "dice_combat"):
        spec, game = finished(slug, 1, 4)
        kit = spec.kit()
        advice = analyse(kit, spec.new_state(1, {}), game.history, 0)
        assert advice and all(a.measure == ("score" if slug == "dice_slayer" else "win") for a in advice)
        optimal = kit.named["optimal"]()
        for a in advice:
            state = spec.new_state(1, {})
            for action in game.history[:a.index]:
                state.apply(action)
            assert a.choices[0].action == optimal.choose(state, Random(0))
            assert [c.value for c in a.choices] == sorted((c.value for c in a.choices), reverse=True)
            assert a.played_value is not None and a.cost == a.choices[0].value - a.played_value >= 0
            assert a.agreed == (a.cost == 0 and a.played == a.choices[0].action)


def test_a_table_title_is_coached_by_its_search():
    toy = BotKit(rollout_policy=rollout_policy)
    state = HighCard(3)
    for card in (1, 4, 5):
        state.apply(card)
    choices, measure = values_of(toy, state, state.current_player(), 300, seed=0)
    assert measure == "win"
    assert choices[0].action == SWAP and choices[0].value >= choices[1].value and 0 <= choices[1].value <= 1
    advice = analyse(toy, HighCard(3), [1, 4, 5, KEEP, KEEP, KEEP], seat=0, iterations=300)
    assert [a.index for a in advice] == [3] and advice[0].played == KEEP and not advice[0].agreed
    assert advice[0].cost > 0.2  # keeping the 1 against a 4 and a 5 throws the game away


def test_the_coach_lists_win_chances_best_first_among_the_choices_it_looked_at():
    values = {"a": 0.41, "b": 0.47, "c": 0.90, "d": 0.30}
    visits = {"a": 400, "b": 120, "c": 20, "d": 99}
    # b (120 visits, a quarter of 400 or more) is worth more than a: it comes first; c and d were looked at too
    # little for their values to be trusted, so they follow by visits, whatever their values say
    assert by_value(values, visits) == ["b", "a", "d", "c"]
    assert by_value({}, {}) == []


def test_the_costliest_choices_come_first():
    def advice(index: int, played: str, values: tuple[float, float]) -> Advice:
        return Advice(index, 0, played, values[1] if played == "b" else values[0],
                      (Choice("a", values[0], 10), Choice("b", values[1], 5)), "win")

    given = [advice(1, "a", (0.6, 0.1)), advice(2, "b", (0.5, 0.4)), advice(3, "b", (0.9, 0.2))]
    assert [a.index for a in costliest(given)] == [3, 2]
    assert given[0].cost == 0 and given[0].agreed


def test_every_title_can_be_coached():
    """The coach answers for every title's decisions (a solved title exactly, the others by their Hard search)."""
    for slug, spec in sorted(registry.TITLES.items()):
        players = spec.min_players
        for seed in range(30):  # a game in which seat 0 has a real choice
            _, game = finished(slug, players, seed)
            wanted, state = 0, spec.new_state(players, {})
            for action in game.history:
                wanted += state.current_player() == 0 and len(state.legal_actions()) > 1
                state.apply(action)
            if wanted:
                break
        advice = analyse(spec.kit(), spec.new_state(players, {}), game.history, 0, iterations=12)
        assert wanted and len(advice) == wanted, slug
        assert all(a.choices and a.measure in ("win", "score") for a in advice), slug

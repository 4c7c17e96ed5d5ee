"""Kitsune-gaeshi bots: legal moves, the spec's obvious choices, the opponent model, and the fairness of the model
search (with and without the model; the levels' fairness is in the generic test_titles_generic.py)."""

from random import Random

import pytest

from game.ai.fairness import assert_fair
from game.ai.levels import make_bot
from game.core.engine import play_chance
from game.titles.kitsune_gaeshi.bots import (
    BLUFF_MARGIN,
    BOTS,
    DRAW_SHIFT,
    HARD_PRIOR,
    PRIOR_FAKE,
    DrawReading,
    EasyBot,
    ModelSearchBot,
    Posterior,
    Reading,
    ReadingSearchBot,
    decide,
    evaluate,
    fit,
    p_success,
    reads,
    rollout_policy,
    soul_shares,
)
from game.titles.kitsune_gaeshi.rules import (
    BRIDE,
    DECLARE_BRIDE,
    DECLARE_FOX,
    DRAW,
    FLIP,
    FOX,
    KitsuneState,
    lay,
    new_state,
    position,
)


def decision_positions(count, seed=0, players=4):
    rng, found = Random(seed), []
    while len(found) < count:
        state = new_state(players)
        while not state.is_terminal() and len(found) < count:
            play_chance(state, rng)
            if state.is_terminal():
                break
            if rng.random() < 0.25:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def test_policy_and_easy_choose_legal_actions_and_games_end():
    for state in decision_positions(200):
        assert rollout_policy(state, Random(1)) in state.legal_actions()
        assert EasyBot().choose(state, Random(1)) in state.legal_actions()
    rng = Random(3)
    for players in (3, 4):
        for _ in range(30):
            state = new_state(players)
            while not state.is_terminal():
                state.apply(state.sample_chance(rng) if state.is_chance_node() else rollout_policy(state, rng))


def test_policy_makes_the_obvious_choices():
    assert EasyBot().choose(position(4, 0), Random(0)) == DRAW  # never flip an empty table
    state = lay(position(3, 0), "F>f B>b B>b F>b B>b B>b")
    assert EasyBot().choose(state, Random(0)) == FLIP  # two real foxes of my own
    state = lay(position(3, 0), "B>b B>b B>b")
    assert EasyBot().choose(state, Random(0)) == DRAW  # 3 cards, no fox declared: about 15%
    state = lay(position(3, 0), "B>b F>f F>f")
    assert EasyBot().choose(state, Random(0)) == FLIP  # two declared foxes


def test_policy_lies_sometimes_but_not_always():
    hidden = 0
    for seed in range(400):
        state = lay(position(3, 0), "B>b F>f")
        state.apply(DRAW)
        state.apply(FOX)  # seat 2 holds a fox with one fox declared
        hidden += rollout_policy(state, Random(seed)) == DECLARE_BRIDE
    assert 0.4 < hidden / 400 < 0.9
    honest = 0
    for seed in range(200):
        state = position(3, 0)
        state.apply(DRAW)
        state.apply(BRIDE)
        honest += rollout_policy(state, Random(seed)) == DECLARE_BRIDE
    assert honest > 180


def test_p_success_reads_declarations():
    neutral = p_success(3, 0, 11, 2, 2, 0.5, 0.5)
    trusting = p_success(3, 0, 11, 2, 2, 0.6, 0.06)
    assert trusting > neutral  # two declared foxes are probably real
    assert p_success(3, 2, 9, 0, 4, 0.6, 0.06) == 1.0


def test_evaluate_and_soul_shares():
    assert soul_shares([3, 0, 1]) == pytest.approx([0.9, 0.0, 0.1])
    state = lay(position(3, 0), "F>f")
    shares = evaluate(state.clone())
    assert sum(shares) == pytest.approx(1) and all(0 <= s <= 1 for s in shares)
    assert evaluate(state.clone()) == shares  # a function of the state


def round_positions(count, seed):
    """Positions inside rounds (turns, draws, declarations) of random games under every setting, souls worn down."""
    rng, found = Random(seed), []
    settings = [(players, foxes, companion, two_left) for players in (3, 4) for foxes in (2, 3, 5)
                for companion in ("standard", "casual") for two_left in ("continue", "early_finish")]
    while len(found) < count:
        state = KitsuneState(*rng.choice(settings))
        while not state.is_terminal():
            if state.phase != "start" and rng.random() < 0.3:
                found.append(state.clone())
            if state.is_chance_node():
                play_chance(state, rng)
            else:
                state.apply(rng.choice(state.legal_actions()))
    return found


def test_evaluate_on_counts_plays_the_round_as_the_rules_do():
    """`evaluate` finishes a round on counts (`finish_round`); the same round played through the rules by the same
    policy (a wrapper, which takes the rules' path) gives the same shares, for the policy and for a Reading."""
    states = round_positions(600, seed=5)
    endings = set()
    for k, state in enumerate(states):
        fast = evaluate(state.clone())
        assert fast == evaluate(state.clone(), lambda s, rng: decide(s, rng)), k
        endings.add(max(fast) == 1.0 or 0.0 in fast)
        if state.current_player() >= 0:
            shift = (0.0, DRAW_SHIFT)[k % 2]  # Normal's reading, and Hard's (the others flip earlier)
            reading = Reading(state.view(state.current_player()), shift)
            world = state.resample(state.current_player(), Random(k))
            assert reading.evaluate(world.clone()) == evaluate(world.clone(), lambda s, rng, r=reading: r.decide(s, rng))
    assert endings == {True, False}  # rounds that end the game (or a seat) and rounds that do not


def test_fit_learns_a_liar_from_revealed_rounds():
    state = lay(position(3, 0), "B>b F>f F>b")  # seat 2 hides the second fox
    state.apply(FLIP)
    rates = fit(state.view(1))
    assert rates[2][1] > rates[0][1] and rates[2][1] > 0.5


def test_fit_reads_a_table_of_liars_from_its_first_reveal():
    """Two opponents faked foxes: every opponent, even one with nothing revealed yet, is now thought likelier to
    fake; the fakers most of all. The viewer's own cards do not count."""
    state = lay(position(4, 0), "B>b B>f B>f")
    state.apply(FLIP)  # seat 3 flips: no fox, it fails
    fresh = fit(position(4, 0).view(0))
    rates = fit(state.view(0))
    assert fresh[3][2] == pytest.approx(PRIOR_FAKE["standard"])
    assert rates[3][2] > 2 * PRIOR_FAKE["standard"]
    assert rates[1][2] > rates[3][2] and rates[2][2] > rates[3][2]
    assert fit(state.view(1))[3][2] < rates[3][2]  # to seat 1, its own fake says nothing about the table


def test_posterior_believes_a_known_liar_hides_foxes():
    """A seat that hid a fox in earlier rounds: its bride after a declared fox is more likely a fox to the model."""
    def share(state):
        post, rng = Posterior(state.view(0)), Random(1)
        return sum(post.sample(rng).table[2][0].face == FOX for _ in range(3000)) / 3000

    fresh = lay(position(3, 0), "B>b F>f B>b")
    liar = position(3, 0)
    for _ in range(3):  # seat 2 hides a second fox three rounds in a row, and each time seat 0 flips
        lay(liar, "B>b F>f F>b")
        liar.apply(FLIP)
        while liar.cur != 0:
            lay(liar, "B>b")
    liar.souls = [3, 3, 3]
    lay(liar, "B>b F>f B>b")
    assert share(liar) > share(fresh) * 1.2


def test_reads_tells_who_reads_declarations_from_their_flips():
    """Seat 2 flips twice on two declared foxes with two cards out (only a reader would); at another table seat 2
    twice draws on two declared foxes (a card counter would: 2 cards rarely hold 2 foxes). The model plays each as
    read inside its search: the reader trusts a declared fox, the counter hardly tells one from a bride."""
    reader, counter = position(3, 0), position(3, 0)
    for _ in range(2):
        lay(reader, "B>f B>f")
        reader.apply(FLIP)
        while reader.cur != 0:
            lay(reader, "B>b")
        lay(counter, "F>f F>f B>b")
        counter.apply(FLIP)
        while counter.cur != 0:
            lay(counter, "B>b")
    assert reads(position(3, 0).view(0)) == [0.5, 0.5, 0.5]  # even odds before any reveal
    assert reads(reader.view(0))[2] > 0.9
    assert reads(counter.view(0))[2] < 0.25
    (trust, fake), (heed, bait) = Reading(reader.view(0)).lie_model[2], Reading(counter.view(0)).lie_model[2]
    assert trust / fake > 5 > 2 > heed / bait


def test_reading_plays_every_seat_legally():
    for state in decision_positions(60, seed=9):
        reading = Reading(state.view(state.current_player()))
        for _ in range(3):
            sample = state.resample(state.current_player(), Random(2))
            assert reading.decide(sample, Random(1)) in sample.legal_actions()
            shares = reading.evaluate(sample.clone())
            assert sum(shares) == pytest.approx(1)


class Searched:
    """A finished search with given values, in place of ISMCTS."""

    def __init__(self, values):
        self.values_ = values

    def run(self, iterations, deadline):
        return iterations

    def best_action(self):
        return max(self.values_, key=self.values_.get)

    def values(self):
        return self.values_


@pytest.mark.parametrize("model", [True, False])
def test_the_model_lies_only_on_a_clear_gain(model, monkeypatch):
    state = lay(position(3, 0), "B>b F>f")
    state.apply(DRAW)
    state.apply(FOX)  # seat 2 holds a fox: DECLARE_FOX is the truth
    bot = ModelSearchBot("t", 10, model=model)
    near = {DECLARE_BRIDE: 0.5 + BLUFF_MARGIN / 2, DECLARE_FOX: 0.5}
    monkeypatch.setattr(bot, "search", lambda state, rng: Searched(near))
    assert bot.choose(state, Random(0)) == (DECLARE_FOX if model else DECLARE_BRIDE)  # plain lies on a hair
    clear = {DECLARE_BRIDE: 0.5 + 2 * BLUFF_MARGIN, DECLARE_FOX: 0.5}
    monkeypatch.setattr(bot, "search", lambda state, rng: Searched(clear))
    assert bot.choose(state, Random(0)) == DECLARE_BRIDE


def fair_positions():
    found = decision_positions(6, seed=5)
    state = lay(position(3, 0), "B>b F>f")
    state.apply(DRAW)
    state.apply(FOX)
    return [*found, state, lay(position(3, 1), "F>b B>f B>b")]


@pytest.mark.parametrize("model", [True, False])
def test_model_search_bot_is_fair(model):
    for state in fair_positions():
        assert_fair(state, state.current_player(), lambda: ModelSearchBot("t", 30, model=model), seeds=range(2),
                    resamples=3)


def test_named_bots_and_the_levels_hook():
    assert set(BOTS) >= {"plain", "plain_hard"} and not BOTS["plain"]().model
    assert make_bot("kitsune_gaeshi", "normal_v1").model  # the first search with the model: the baseline
    assert make_bot("kitsune_gaeshi", "normal:50").iterations == 50
    state = decision_positions(1, seed=2)[0]
    assert ModelSearchBot("t", 20).choose(state, Random(0)) in state.legal_actions()


def test_the_search_levels_use_the_opponent_model():
    for level, budget in (("normal", None), ("hard", None), ("normal:40", 40)):
        bot = make_bot("kitsune_gaeshi", level)
        assert isinstance(bot, ReadingSearchBot), level
        if budget:
            assert bot.iterations == budget
    assert isinstance(make_bot("kitsune_gaeshi", "hard_v1"), ModelSearchBot)
    assert not isinstance(make_bot("kitsune_gaeshi", "easy"), (ModelSearchBot, ReadingSearchBot))
    state = lay(position(3, 0), "B>b F>f")
    state.apply(DRAW)
    state.apply(FOX)
    bot = make_bot("kitsune_gaeshi", "normal:60")
    assert bot.choose(state, Random(0)) in state.legal_actions()
    assert set(bot.last.values()) <= {DECLARE_FOX, DECLARE_BRIDE}


def test_reading_search_bot_is_fair():
    for state in fair_positions():
        assert_fair(state, state.current_player(), lambda: ReadingSearchBot("t", 30), seeds=range(2), resamples=3)


def test_the_arena_tallies_lies_and_flips_per_bot():
    from game.ai.arena import load_title, run_table

    report = run_table(load_title("kitsune_gaeshi"), ["easy", "random", "random", "random"], 12, 5, {"players": 4}, 1)
    easy, randoms = report["bots"]["easy"]["counts"], report["bots"]["random ×3"]["counts"]
    for counts in (easy, randoms):
        assert set(counts) == {"declared", "lies", "hidden_foxes", "fake_foxes", "flips", "flip_wins"}
        assert counts["lies"] == counts["hidden_foxes"] + counts["fake_foxes"] <= counts["declared"]
        assert counts["flip_wins"] <= counts["flips"]
    assert randoms["declared"] > 0 and randoms["lies"] > 0  # random bots declare at random


def test_hard_reads_the_others_draws_as_evidence_about_their_own_cards():
    """Seat 0 drew again with cards of its own out: a world where those were foxes made the flip look good to it,
    so drawing was less likely there; with two foxes of its own it would have flipped for certain. Its own draws
    tell a seat nothing, and only Hard weighs its worlds so."""
    def weight(cards, seat=1):
        state = lay(position(3, 0), cards)
        return DrawReading(Reading(state.view(seat)))(state, seat)

    assert weight("F>b F>b B>b B>b") < 0.95 * weight("B>b F>b B>b B>b")  # seat 0's first card a fox: less likely
    assert weight("F>b B>b B>b F>b B>b B>b B>b") < 0.25 * weight("B>b B>b B>b F>b B>b B>b B>b")
    assert weight("F>b B>b B>b F>b B>b B>b B>b", seat=0) == weight("B>b B>b B>b F>b B>b B>b B>b", seat=0)
    assert make_bot("kitsune_gaeshi", "hard").read_draws and make_bot("kitsune_gaeshi", "hard:30").read_draws
    state = lay(position(3, 0), "B>b F>f B>b B>b")  # seat 1 to move, its flip 0.425 as seat 0 reads it
    assert Reading(state.view(0)).decide(state, Random(0)) == DRAW  # the rules' threshold: 0.5
    assert Reading(state.view(0), DRAW_SHIFT).decide(state, Random(0)) == FLIP  # as Normal flips: from 0.42
    assert not make_bot("kitsune_gaeshi", "normal").read_draws
    reading = BOTS["normal_draws"]()  # the arena's reading of draws against Normal's, at Normal's budget
    assert reading.read_draws and reading.iterations == make_bot("kitsune_gaeshi", "normal").iterations


def test_hard_reads_a_fresh_table_as_normal_bots_declare():
    """Normal bots hardly lie (HARD_PRIOR, measured), and Hard expects that before anything is revealed, where
    Normal's neutral rates expect a table of liars: two foxes declared in a row are two foxes to Hard, which flips;
    Normal draws. One fox declared among six cards is one fox to Hard, which draws; Normal flips."""
    state = lay(position(4, 2), "F>f F>f")
    assert fit(state.view(0), HARD_PRIOR["standard"])[1] == pytest.approx(HARD_PRIOR["standard"])
    for cards, hard, normal in (("F>f F>f", FLIP, DRAW), ("F>f B>b B>b B>b B>b B>b", DRAW, FLIP)):
        state = lay(position(4, -len(cards.split()) % 4), cards)
        assert state.cur == 0
        for seed in range(2):
            assert make_bot("kitsune_gaeshi", "hard:300").choose(state, Random(seed)) == hard
            assert make_bot("kitsune_gaeshi", "normal:300").choose(state, Random(seed)) == normal


def test_hard_is_fair():
    for state in fair_positions():
        assert_fair(state, state.current_player(), lambda: ReadingSearchBot("t", 30, read_draws=True), seeds=range(2),
                    resamples=3)

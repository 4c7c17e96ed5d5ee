"""How sharply should Shinoburi's belief read the rivals' houses? `python tools/shinoburi_belief_fit.py PLAYERS GAMES
[BOT]` plays GAMES games of BOT (default: the arena's "plain" Normal, which samples worlds uniformly) at PLAYERS seats,
and at about a third of seat 0's decisions from turn 2 on takes the rivals' affinity table (game.titles.shinoburi.bots
.affinities) and where their houses really are. For each BETA it prints the mean log-likelihood of the truth under
the belief's weights over every assignment of the unseen houses, the mean probability of the whole truth, and the
mean probability of each rival's house: the best BETA is the one with the highest log-likelihood (bots.BETA).
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.levels import make_bot  # noqa: E402
from game.titles import registry  # noqa: E402
from game.titles.shinoburi import bots  # noqa: E402
from game.titles.shinoburi.rules import COUNTRIES  # noqa: E402

BETAS = (0.0, 0.4, 0.8, 1.2, 1.6, 2.4, 3.2, 4.0, 6.0)


def samples(players: int, games: int, level: str, seed: int = 7) -> list[tuple[list[dict], list[str]]]:
    """(affinity table, true houses) at seat 0's decisions of `games` games."""
    rng, spec, out = random.Random(seed), registry.get("shinoburi"), []
    for _ in range(games):
        state = spec.new_state(players)
        bot = bots.BOTS[level]() if level in bots.BOTS else make_bot("shinoburi", level)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            if state.current_player() == 0 and state.turn >= 2 and rng.random() < 0.3:
                out.append((bots.affinities(state), list(state.nationality)))
            state.apply(bot.choose(state, rng))
    return out


def fit(found: list[tuple[list[dict], list[str]]], beta: float) -> tuple[float, float, float]:
    """(mean log-likelihood of the truth, mean P(all rivals' houses), mean P(one rival's house)) at `beta`."""
    loglik = joint = each = 0.0
    for table, truth in found:
        rivals = len(truth) - 1
        assignments = list(itertools.permutations([c for c in COUNTRIES if c != truth[0]], rivals))
        weights = [math.exp(beta * sum(table[q + 1][c] for q, c in enumerate(a))) for a in assignments]
        total = sum(weights)
        p_true = weights[assignments.index(tuple(truth[1:]))] / total
        loglik += math.log(p_true)
        joint += p_true
        each += sum(w for a, w in zip(assignments, weights, strict=True) for q in range(rivals)
                    if a[q] == truth[q + 1]) / (total * rivals)
    n = len(found)
    return loglik / n, joint / n, each / n


def main() -> None:
    players, games = int(sys.argv[1]), int(sys.argv[2])
    found = samples(players, games, sys.argv[3] if len(sys.argv) > 3 else "plain")
    print(f"{players} players, {games} games, {len(found)} decisions of seat 0; now BETA = {bots.BETA[players]}")
    for beta in BETAS:
        loglik, joint, each = fit(found, beta)
        print(f"BETA {beta:3.1f}: log-likelihood {loglik:7.3f}  P(truth) {joint:.3f}  P(a rival's house) {each:.3f}")


if __name__ == "__main__":
    main()

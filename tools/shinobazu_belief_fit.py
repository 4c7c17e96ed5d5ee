"""How do Shinobazu's search bots choose the card they lay face down? `python tools/shinobazu_belief_fit.py play
FILE GAMES [LEVEL]` plays GAMES games of LEVEL (default normal) at 3, 4 and 5 seats in turn and writes one JSON line
per card laid (the mover's legal cards, the one it laid, how: forced on whom or played to itself with a stance, the
lead colour, the carried cards); `python tools/shinobazu_belief_fit.py fit FILE` fits the belief's weights
(game.titles.shinobazu.bots.LAY_WEIGHTS) by maximum likelihood and prints, per kind of play, the mean
log-likelihood of the card really laid under the fitted weights and under uniform choice.
"""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.levels import make_bot  # noqa: E402
from game.titles import registry  # noqa: E402
from game.titles.shinobazu import bots  # noqa: E402
from game.titles.shinobazu.rules import CARD_BY_ID, PLAY  # noqa: E402


def play(path: Path, games: int, level: str, seed: int = 11) -> None:
    rng, spec = random.Random(seed), registry.get("shinobazu")
    with path.open("w") as out:
        for game in range(games):
            players = 3 + game % 3
            state = spec.new_state(players)
            seats = [make_bot("shinobazu", level) for _ in range(players)]
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng))
                    continue
                action = seats[state.current_player()].choose(state, rng)
                if state.phase == PLAY and len({a.card for a in state.legal_actions()}) > 1:
                    out.write(json.dumps(bots.lay_record(state, action)) + "\n")
                state.apply(action)
            print(f"game {game + 1} of {games} ({players} players)", flush=True)


def fit(path: Path) -> None:
    rows = [json.loads(line) for line in path.open()]
    for kind in bots.LAY_KINDS:
        found = [row for row in rows if row["kind"] == kind]
        if not found:
            continue
        cases = [([bots.lay_features(CARD_BY_ID[c], row["lead"], tuple(CARD_BY_ID[x] for x in row["stack"]))
                   for c in row["legal"]], row["legal"].index(row["laid"])) for row in found]
        weights = newton(cases)
        uniform = sum(-math.log(len(options)) for options, _ in cases) / len(cases)
        print(f"{kind:6} {len(cases):5} plays  weights {[round(w, 2) for w in weights]}  "
              f"log-likelihood {loglik(cases, weights) / len(cases):.4f} (uniform {uniform:.4f})")


def loglik(cases: list, weights: list[float]) -> float:
    total = 0.0
    for options, chosen in cases:
        scores = [sum(w * x for w, x in zip(weights, f, strict=True)) for f in options]
        top = max(scores)
        total += scores[chosen] - top - math.log(sum(math.exp(s - top) for s in scores))
    return total


def newton(cases: list, steps: int = 30) -> list[float]:
    """Conditional logit by Newton's method (a small ridge keeps it finite when a feature separates)."""
    k = len(cases[0][0][0])
    weights = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for options, chosen in cases:
            scores = [sum(w * x for w, x in zip(weights, f, strict=True)) for f in options]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            norm = sum(exps)
            probs = [e / norm for e in exps]
            mean = [sum(p * f[i] for p, f in zip(probs, options, strict=True)) for i in range(k)]
            for i in range(k):
                grad[i] += options[chosen][i] - mean[i]
                for j in range(k):
                    hess[i][j] -= sum(p * (f[i] - mean[i]) * (f[j] - mean[j]) for p, f in zip(probs, options,
                                                                                             strict=True))
        for i in range(k):
            grad[i] -= 0.01 * weights[i]
            hess[i][i] -= 0.01
        step = solve(hess, grad)
        weights = [w - s for w, s in zip(weights, step, strict=True)]
    return weights


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination of a small system."""
    k = len(vector)
    rows = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(k):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][k] / rows[i][i] for i in range(k)]


def main() -> None:
    command, path = sys.argv[1], Path(sys.argv[2])
    if command == "play":
        play(path, int(sys.argv[3]), sys.argv[4] if len(sys.argv) > 4 else "normal")
    else:
        fit(path)


if __name__ == "__main__":
    main()

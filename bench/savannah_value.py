"""Fit On the Savannah's value model (``engines.savannah.bots.MODEL``) from greedy self-play.

Every position of two-player Greedy-vs-Greedy games with cards left in the pile gives, per
player, the model's features (``bots.features``) and her final total; least squares per phase
(``bots.PHASES``) gives the weights, the last quarter of the games is held out to test them.
It prints, per phase, how well the model and the plain "lead if the game ended now" predict the
final lead (correlation, share of decided games whose winner they name, root mean square miss),
and the ``MODEL`` table to paste (each phase's weights, then 1.25 times the held-out miss).

    python -m bench.savannah_value --games 20000     # about 2.5 CPU minutes
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from engines.savannah import Rules, new_game
from engines.savannah import bots as sb

SEED = 10**7
"""First game seed (no bench game uses these)."""


def positions(games: int) -> list[list[tuple]]:
    """Per phase, one row a position: (game number, player 0's features, player 1's, player
    0's lead now, the final totals of players 0 and 1, player 0's win share)."""
    rows: list[list[tuple]] = [[] for _ in range(len(sb.PHASES) + 1)]
    for g in range(games):
        state = new_game(Rules(players=2), seed=SEED + g)
        seats = [sb.GreedyBot(seed=2 * g + SEED), sb.GreedyBot(seed=2 * g + 1 + SEED)]
        seen = []
        while not state.is_over:
            if state.pile_size:
                seen.append(
                    (
                        sb.phase(state.pile_size),
                        sb.features(state, 0),
                        sb.features(state, 1),
                        state.totals(),
                    )
                )
            state.apply(seats[state.current_player].choose(state))
        final = state.totals()
        winners = state.winners
        won = (0 in winners) / len(winners)
        for k, f0, f1, now in seen:
            rows[k].append((g, f0, f1, now[0] - now[1], final[0], final[1], won))
    return rows


def _named(lead: np.ndarray, won: np.ndarray) -> float:
    """The share of decided games whose winner the sign of ``lead`` names."""
    decided = won != 0.5
    return float(np.mean((lead[decided] > 0) == (won[decided] == 1)))


def fit(games: int) -> list[list[float]]:
    """The weights per phase, printing how well they predict on the held-out games."""
    model = []
    cut = games * 3 // 4
    for k, rows in enumerate(positions(games)):
        g = np.array([r[0] for r in rows])
        f0, f1 = np.array([r[1] for r in rows]), np.array([r[2] for r in rows])
        now, t0, t1, won = (np.array([r[i] for r in rows]) for i in (3, 4, 5, 6))
        train = g < cut
        x = np.vstack([f0[train], f1[train]])
        y = np.concatenate([t0[train], t1[train]])
        weights, *_ = np.linalg.lstsq(x, y, rcond=None)
        test = ~train
        lead = (f0[test] - f1[test]) @ weights
        final = t0[test] - t1[test]
        miss = float(np.sqrt(np.mean((lead - final) ** 2)))
        named_now, named_model = _named(now[test], won[test]), _named(lead, won[test])
        print(
            f"phase {k} ({len(final)} positions): correlation with the final lead "
            f"{np.corrcoef(now[test], final)[0, 1]:.3f} now, {np.corrcoef(lead, final)[0, 1]:.3f} "
            f"model; winner named {named_now:.3f} now, {named_model:.3f} model; "
            f"miss {np.sqrt(np.mean((now[test] - final) ** 2)):.1f} now, {miss:.1f} model",
            file=sys.stderr,
        )
        model.append([round(float(w), 3) for w in weights] + [round(1.25 * miss, 1)])
    return model


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    args = parser.parse_args([] if argv is None else argv)
    for weights in fit(args.games):
        print(f"    ({', '.join(map(str, weights))}),")


if __name__ == "__main__":
    main(sys.argv[1:])

#!/usr/bin/env python3
"""Measure MCTS with the paranoid assumption against max^n in 3- and 4-player tables.

Usage: ``python -m scripts.measure_paranoid [--games N] [--iterations N] [--players 3 4] [--workers N]``.

Both MCTS bots get the same iteration budget (reproducible with a seed) and meet
the greedy bot and ``minimax:medium`` at seat-rotated tables
(:func:`logger_widget.tournament.seat_rotated`). Prints each bot's points per
game with its Wilson 95 % interval and the Bradley–Terry ratings; the results
are quoted in ``docs/bots.md``.
"""

from __future__ import annotations

import argparse
import time

from logger_widget.bots import MCTSBot
from logger_widget.tournament import seat_rotated


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="games per table (a multiple of the players)")
    parser.add_argument("--iterations", type=int, default=600, help="MCTS iterations per turn")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    bots = [
        # both on the Python search: paranoid=True always searches in Python, so the
        # compiled kernel would compare two different searches, not two assumptions
        MCTSBot(iterations=args.iterations, paranoid=True, kernel=False, name="mcts-paranoid"),
        MCTSBot(iterations=args.iterations, paranoid=False, kernel=False, name="mcts-maxn"),
        "greedy",
        "minimax:medium",
    ]
    for players in args.players:
        start = time.perf_counter()
        t = seat_rotated(bots, players, args.games, seed=args.seed, workers=args.workers, progress=False)
        print(f"\n{players} players: {len(t)} games in {time.perf_counter() - start:.0f} s")
        for s in t.standings():
            print(
                f"  {s.name:<15} W-D-L {s.wins}-{s.draws}-{s.losses}  "
                f"points/game {s.rate:.3f} [{s.rate_low:.3f}, {s.rate_high:.3f}]"
            )
        for r in sorted(t.bradley_terry(), key=lambda r: -r.rating):
            print(f"  BT {r.name:<15} {r.rating:.0f} ± {r.high - r.rating:.0f}")


if __name__ == "__main__":
    main()

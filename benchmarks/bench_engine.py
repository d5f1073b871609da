"""Engine throughput: random play and successor generation, on one core.

Usage::

    python benchmarks/bench_engine.py [--seconds 5] [--json]

Random play is uniform at each decision — first over destinations, then over
the legal spawn sets, then over legal actions (each plant cell, each protest
subset and each chop is one action): :func:`logger_widget.engine.core.random_turn`.
Games start from the 2-player setup and end normally (or at 1000 turns).

Prints one JSON line with ``--json``::

    {"turns_per_s": ..., "games_per_s": ..., "successors_per_s": ...,
     "successor_positions_per_s": ..., "mean_game_turns": ...}

``successors_per_s`` counts complete ``Position.successors()`` calls (the
distinct positions after one full turn, as ``Position`` objects) on positions
sampled from random games; ``successor_positions_per_s`` counts the positions
they return. Goal (issue "rules engine"): turns_per_s >= 210,000 on one core.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from logger_widget import Position  # noqa: E402
from logger_widget.engine import core  # noqa: E402


def bench_playouts(seconds: float, seed: int = 1) -> tuple[float, float, float]:
    rng = random.Random(seed)
    start = Position.initial(2)._state
    turns = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(50):
            _, n = core.playout(start, rng, max_turns=1000)
            turns += n
            games += 1
    elapsed = time.perf_counter() - t0
    return turns / elapsed, games / elapsed, turns / games


def sample_positions(n: int, seed: int = 2) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    start = Position.initial(2)._state
    while len(out) < n:
        state = start
        for _ in range(rng.randrange(0, 40)):
            if core.is_terminal(state):
                break
            state = core.random_turn(state, rng)[4]
        if not core.is_terminal(state):
            out.append(Position._from_state(state))
    return out


def bench_successors(seconds: float) -> tuple[float, float]:
    positions = sample_positions(2000)
    calls = found = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for p in positions[calls % 1000 : calls % 1000 + 100]:
            found += len(p.successors())
            calls += 1
    elapsed = time.perf_counter() - t0
    return calls / elapsed, found / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args()
    turns_per_s, games_per_s, mean_turns = bench_playouts(args.seconds)
    succ_per_s, positions_per_s = bench_successors(args.seconds)
    result = {
        "turns_per_s": round(turns_per_s),
        "games_per_s": round(games_per_s, 1),
        "successors_per_s": round(succ_per_s),
        "successor_positions_per_s": round(positions_per_s),
        "mean_game_turns": round(mean_turns, 1),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>28}: {v:,}")


if __name__ == "__main__":
    main()

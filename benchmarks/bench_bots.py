"""Bot strength and tournament scaling.

Usage::

    python benchmarks/bench_bots.py --json [--games N] [--seconds 0.2] [--workers W]

Plays three 2-player matches with seats swapped (game k of a match has the
first bot in seat 1 when k is even), each of ``N`` games, on all cores with
:func:`logger_widget.tournament.round_robin`:

* MCTS (``MCTSBot(seconds=S)``, the default settings) against ``GreedyBot``,
* MCTS against ``RandomBot``,
* ``GreedyBot`` against ``RandomBot``;

measures MCTS iterations per second on one core (a fixed set of positions),
and the speed-up of a fixed-work tournament (MCTS with an iteration budget)
on 2 worker processes over 1 (in-process). Rates are ``(wins + draws/2) /
games`` of the first-named bot. With ``--json`` prints one JSON line::

    {"games": N, "mcts_vs_greedy": rate, "mcts_vs_random": rate,
     "greedy_vs_random": rate, "mcts_iterations_per_s": x,
     "mcts_iterations_per_s_python": x0, "speedup_2_cores": y}

``mcts_iterations_per_s`` is the compiled search (the default when Numba is
installed), ``mcts_iterations_per_s_python`` the Python search
(``MCTSBot(kernel=False)``) on the same positions.

Details (intervals, forfeits, timings) go to stderr. Goals (``docs/bots.md``):
MCTS ≥ 0.90 against greedy and ≥ 0.99 against random with N ≥ 200, and a
2-core tournament ≥ 1.7× faster than 1 core.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from logger_widget import Position
from logger_widget.bots import GreedyBot, MCTSBot, RandomBot
from logger_widget.engine import core
from logger_widget.tournament import Tournament, round_robin


def match(
    a: object, b: object, games: int, seed: int, workers: int | None, tolerance: float, progress: bool
) -> tuple[float, Tournament]:
    t = round_robin(
        [a, b], games_per_pair=games, seed=seed, workers=workers, progress=progress, time_tolerance=tolerance
    )
    pair = t.pairs()[0]
    print(
        f"{pair.a} vs {pair.b}: {pair.rate:.3f} [{pair.low:.3f}, {pair.high:.3f}] "
        f"W{pair.a_wins} D{pair.draws} L{pair.b_wins}, {pair.forfeits} forfeits, "
        f"{sum(g.seconds for g in t.games):.0f} s of games",
        file=sys.stderr,
    )
    return pair.rate, t


def iterations_per_second(seconds: float, kernel: bool | None = None) -> float:
    """Median MCTS iterations per second on this core, over 20 positions from random games.

    ``kernel``: as in :class:`MCTSBot` (``False`` = the Python search, ``True``
    = the compiled one; its compile or cache load happens before the timing).

    The median, because in a position whose search is already decided (a
    winning chop) iterations only revisit finished games and are much cheaper.
    """
    rng = random.Random(2024)
    positions = []
    while len(positions) < 20:
        state = Position.initial(2)._state
        for _ in range(rng.randrange(0, 24)):
            nxt = core.random_turn(state, rng)[4]
            if core.is_terminal(nxt):
                break
            state = nxt
        positions.append(Position._from_state(state))
    rates = []
    for p in positions:
        bot = MCTSBot(seconds=seconds, seed=1, reuse=False, kernel=kernel)
        bot.choose(p)
        rates.append(bot.last_stats["iterations"] / bot.last_stats["seconds"])
    print(
        f"MCTS ({'compiled' if kernel else 'Python'}) iterations/s over {len(rates)} positions: "
        f"min {min(rates):.0f}, max {max(rates):.0f}",
        file=sys.stderr,
    )
    return statistics.median(rates)


def speedup(games: int, progress: bool) -> float:
    """Wall time of a fixed-work tournament in-process divided by its time on 2 processes."""
    bots = [MCTSBot(iterations=200, name="mcts200"), "greedy"]
    began = time.perf_counter()
    one = round_robin(bots, games_per_pair=games, seed=7, executor="serial", progress=progress)
    t1 = time.perf_counter() - began
    began = time.perf_counter()
    with ProcessPoolExecutor(2) as pool:
        two = round_robin(bots, games_per_pair=games, seed=7, executor=pool, progress=progress)
    t2 = time.perf_counter() - began
    assert one.games == two.games, "executors disagree"
    print(f"fixed-work tournament ({games} games): 1 core {t1:.1f} s, 2 cores {t2:.1f} s", file=sys.stderr)
    return t1 / t2


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true", help="print one JSON line on stdout")
    parser.add_argument("--games", type=int, default=200, help="games per match (default 200)")
    parser.add_argument(
        "--seconds", type=float, default=0.2, help="MCTS thinking time per turn (default 0.2)"
    )
    parser.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--only-iterations", action="store_true", help="measure MCTS iterations per second only"
    )
    parser.add_argument("--speedup-games", type=int, default=24, help="games of the scaling run (default 24)")
    parser.add_argument(
        "--tolerance", type=float, default=5.0, help="seconds a turn may overrun before a forfeit"
    )
    args = parser.parse_args()
    progress = not args.json
    print(
        f"{os.cpu_count()} cores, {args.games} games per match, MCTS {args.seconds} s per turn",
        file=sys.stderr,
    )
    if args.only_iterations:
        rates = {
            "mcts_iterations_per_s": round(iterations_per_second(args.seconds, kernel=True)),
            "mcts_iterations_per_s_python": round(iterations_per_second(args.seconds, kernel=False)),
        }
        print(json.dumps(rates))
        return
    mcts = MCTSBot(seconds=args.seconds, name="mcts")
    greedy = GreedyBot(name="greedy")
    rnd = RandomBot(name="random")
    w = args.workers
    result = {
        "games": args.games,
        "mcts_vs_greedy": match(mcts, greedy, args.games, args.seed, w, args.tolerance, progress)[0],
        "mcts_vs_random": match(mcts, rnd, args.games, args.seed + 1, w, args.tolerance, progress)[0],
        "greedy_vs_random": match(greedy, rnd, args.games, args.seed + 2, w, args.tolerance, progress)[0],
        "mcts_iterations_per_s": round(iterations_per_second(args.seconds, kernel=True)),
        "mcts_iterations_per_s_python": round(iterations_per_second(args.seconds, kernel=False)),
        "speedup_2_cores": round(speedup(args.speedup_games, progress), 2),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>24}: {value}")


if __name__ == "__main__":
    main()

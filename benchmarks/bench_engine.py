"""Engine throughput: random play and successor generation, on one core.

Usage::

    python -m benchmarks.bench_engine [--seconds 5] [--json] [--c-source PATH]

Random play is uniform at each decision — first over destinations, then over
the legal spawn sets, then over legal actions (each plant cell, each protest
subset and each chop is one action): :func:`logger_widget.engine.core.random_turn`.
Games start from the 2-player setup and end normally (or at 1000 turns).

Prints one JSON line with ``--json``::

    {"turns_per_s": ..., "games_per_s": ..., "successors_per_s": ...,
     "successor_positions_per_s": ..., "mean_game_turns": ...,
     "turns_per_s_fast": ..., "successors_per_s_fast": ..., "compile_s": ...,
     "turns_per_s_c": ..., "fast_vs_c": ..., "successors_per_s_naive": ..., "python_vs_naive": ...}

``*_fast`` figures are the compiled kernel (:mod:`logger_widget.engine.fast`,
Numba, one core, the same random policy; its compile or cache load,
``compile_s``, is excluded). ``turns_per_s_c`` is the plain C program of the
same policy, ``benchmarks/limit/random_play.c`` (or
``--c-source``), built with ``cc -O2 -march=native`` and run in the same
process run, alternating with the kernel (two rounds each, best of each):
the machine is shared, so only figures taken side by side compare fairly;
``fast_vs_c`` is their ratio. ``successors_per_s_naive`` is the naive
reference model (``tests/reference/naive.py``) on the same positions,
``first_player_100k_s`` is the time of the classroom's first-player experiment with
100,000 random games (``classroom.exercises.simulate_first_player(games=100_000)``,
on ``engine.fast.random_outcomes``); ``first_player_rate_fast`` is Player 1's
rate there ``[rate, low, high]`` (Wilson 95 %), ``first_player_rate_python``
the same on the old per-game path (``--first-player-games`` games of
``play_game``), ``first_player_same`` whether the kernel's rate lies in the old
path's interval (the games differ — the kernel draws protests by index — the
statistic must not). ``load`` is ``os.getloadavg()`` before and after.
``python_vs_naive`` = ``successors_per_s`` / that; ``python_lpn_vs_naive`` counts
the engine doing the naive model's whole job (LPN in, a set of LPN strings out).

``successors_per_s`` counts complete ``Position.successors()`` calls (the
distinct positions after one full turn, as ``Position`` objects) on positions
sampled from random games; ``successor_positions_per_s`` counts the positions
they return. Goal: turns_per_s >= 210,000 on one core.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from logger_widget import Position
from logger_widget.engine import core, fast

ROOT = Path(__file__).resolve().parents[1]


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


def bench_playouts_fast(seconds: float, seed: int = 1) -> float:
    start = Position.initial(2)._state
    turns = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        _, n = fast.playouts(start, 2000, seed=seed, max_turns=1000)
        turns += int(n.sum())
        seed += 1
    return turns / (time.perf_counter() - t0)


def bench_successors_fast(seconds: float) -> float:
    positions = [p._state for p in sample_positions(2000)]
    calls = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for s in positions[calls % 1000 : calls % 1000 + 100]:
            fast.successors(s)
            calls += 1
    return calls / (time.perf_counter() - t0)


def bench_successors_naive(seconds: float, lpn_engine: bool = False) -> float:
    """Successor calls per second of the naive model (or, with ``lpn_engine``, of the engine doing the same LPN in, LPN out work)."""
    from tests.reference import naive

    lpns = [p.to_lpn() for p in sample_positions(2000)]

    def engine(lpn: str) -> set[str]:
        return {p.to_lpn() for p in Position.from_lpn(lpn).successors()}

    call = engine if lpn_engine else naive.successors
    calls = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for lpn in lpns[calls % 1000 : calls % 1000 + 100]:
            call(lpn)
            calls += 1
    return calls / (time.perf_counter() - t0)


def first_player_statistics(python_games: int) -> dict[str, object]:
    """The classroom's first-player experiment: 100,000 games on the kernel, timed, against the old per-game path.

    The kernel's games (``engine.fast.random_outcomes``, drawn from NumPy's
    Mersenne Twister, a protest subset drawn by its index, ``core.nth_protest``)
    are not the games the per-game path (``play_game`` of two ``RandomBot`` s,
    one seed per game, as in version 0.1) plays with the same seed; the
    statistic must be the same: Player 1's points per game with its Wilson 95 %
    interval, for both paths.
    """
    from logger_widget.classroom.exercises import simulate_first_player

    t0 = time.perf_counter()
    fast_data = simulate_first_player(games=100_000, progress=False)
    seconds = time.perf_counter() - t0
    old = simulate_first_player(games=python_games, progress=False)
    f_low, f_high = fast_data.interval()
    p_low, p_high = old.interval()
    return {
        "first_player_100k_s": round(seconds, 2),
        "first_player_rate_fast": [round(fast_data.rate, 4), round(f_low, 4), round(f_high, 4)],
        "first_player_rate_python": [round(old.rate, 4), round(p_low, 4), round(p_high, 4)],
        "first_player_python_games": python_games,
        "first_player_same": p_low <= fast_data.rate <= p_high,
    }


def build_c(source: Path, workdir: Path) -> Path | None:
    """Build the C random-play program; ``None`` (with a note on stderr) when it cannot be."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if not source.is_file() or cc is None:
        print(
            f"C program not run: {'no C compiler' if cc is None else f'{source} not found'}", file=sys.stderr
        )
        return None
    exe = workdir / "random_play"
    subprocess.run([cc, "-O2", "-march=native", "-o", str(exe), str(source)], check=True)
    return exe


def run_c(exe: Path, seconds: float) -> float:
    out = subprocess.run([str(exe), str(seconds)], check=True, capture_output=True, text=True).stdout
    return float(out.split()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument(
        "--c-source",
        type=Path,
        default=ROOT / "benchmarks" / "limit" / "random_play.c",
        help="the C random-play program (default: benchmarks/limit/random_play.c)",
    )
    parser.add_argument(
        "--first-player-games",
        type=int,
        default=2000,
        help="games of the old per-game path compared with the kernel's 100,000 (first-player rate)",
    )
    args = parser.parse_args()
    load_before = [round(x, 2) for x in os.getloadavg()]
    turns_per_s, games_per_s, mean_turns = bench_playouts(args.seconds)
    succ_per_s, positions_per_s = bench_successors(args.seconds)
    naive_per_s = bench_successors_naive(args.seconds)
    lpn_per_s = bench_successors_naive(args.seconds, lpn_engine=True)
    result: dict[str, object] = {
        "turns_per_s": round(turns_per_s),
        "games_per_s": round(games_per_s, 1),
        "successors_per_s": round(succ_per_s),
        "successor_positions_per_s": round(positions_per_s),
        "mean_game_turns": round(mean_turns, 1),
        "successors_per_s_naive": round(naive_per_s),
        "python_vs_naive": round(succ_per_s / naive_per_s, 2),
        "python_lpn_vs_naive": round(lpn_per_s / naive_per_s, 2),
    }
    if fast.warm_up():
        result["compile_s"] = round(fast.compile_seconds() or 0.0, 2)
        result["successors_per_s_fast"] = round(bench_successors_fast(args.seconds))
        result.update(first_player_statistics(args.first_player_games))
        with tempfile.TemporaryDirectory() as tmp:
            exe = build_c(args.c_source, Path(tmp))
            fast_rates, c_rates = [], []
            for _ in range(2):  # alternate, so both see the same load on a shared machine
                fast_rates.append(bench_playouts_fast(args.seconds))
                if exe is not None:
                    c_rates.append(run_c(exe, args.seconds))
        result["turns_per_s_fast"] = round(max(fast_rates))
        if c_rates:
            result["turns_per_s_c"] = round(max(c_rates))
            result["fast_vs_c"] = round(max(fast_rates) / max(c_rates), 3)
    else:
        print(
            "Numba is not installed: no compiled-kernel figures (pip install logger_widget[fast])",
            file=sys.stderr,
        )
    result["load"] = [load_before, [round(x, 2) for x in os.getloadavg()]]
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>28}: {v:,}")


if __name__ == "__main__":
    main()

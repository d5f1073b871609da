"""Cost of isolating pupils' bots, and a class tournament with every kind of misbehaviour.

Usage::

    python -m benchmarks.bench_sandbox --json [--bots 30] [--games-per-pair 1] [--time-limit 1] [--dask]

Measures, for ``isolation="bwrap"`` (the default) and ``isolation="none"``:

* ``start_ms``: starting a sandbox and loading a pupil's file (median and p95 of 10);
* ``turn_ms``: one turn of a cheap bot (first legal turn) asked through the
  sandbox, over 300 turns of real games, and ``overhead_ms`` = that minus the
  same function called in-process (median and p95);
* a class tournament of ``--bots`` generated pupils' files
  (``tests/pupil_bots.py``: every misbehaving kind, broken files, and
  well-behaved bots of several styles) with :func:`class_tournament` on 2
  worker processes (``workers=2``): wall time, games expected and recorded,
  forfeits by kind. ``accounted`` is true when every expected game is there
  with a valid reason and every misbehaving bot forfeited all its games.
  ``--dask`` repeats the isolated one on a Dask ``LocalCluster`` of 2 processes.

Prints one JSON line with ``--json``; details go to stderr.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

from logger_widget import Position
from logger_widget.tournament import play_game
from logger_widget.tournament.classbots import ClassTournament, class_tournament
from logger_widget.tournament.sandbox import (
    SandboxedBot,
    SandboxLimits,
    UnisolatedWarning,
    probe,
    shutdown_workers,
)
from tests.pupil_bots import BROKEN, MISBEHAVING, write_class

CHEAP = "def choose(position):\n    return next(iter(position.legal_turns()))\n"


def _quantiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered), 2),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
    }


def _positions(n: int) -> list[Position]:
    """``n`` positions of real games (random against random), in order."""
    out: list[Position] = []
    seed = 0
    while len(out) < n:
        game = play_game(["random", "random"], seed=seed)
        position = Position.initial(2)
        for turn in game.turns:
            out.append(position)
            position = position.play(turn)
        seed += 1
    return out[:n]


def _overhead(folder: Path, isolation: str) -> dict[str, Any]:
    path = folder / "cheap.py"
    path.write_text(CHEAP, encoding="utf-8")
    starts = []
    for k in range(10):
        limits = SandboxLimits(isolation=isolation, memory_mb=512 + k)  # a new sandbox each time
        began = time.perf_counter()
        probe(str(path), limits)
        starts.append((time.perf_counter() - began) * 1000)
        shutdown_workers()
    namespace: dict[str, Any] = {}
    exec(CHEAP, namespace)
    positions = _positions(300)
    bot = SandboxedBot(str(path), limits=SandboxLimits(isolation=isolation))
    bot.choose(positions[0])  # warm: started and loaded
    turns, plain = [], []
    for position in positions:
        began = time.perf_counter()
        bot.choose(position)
        turns.append((time.perf_counter() - began) * 1000)
        began = time.perf_counter()
        position.parse_turn(namespace["choose"](position).notation())
        plain.append((time.perf_counter() - began) * 1000)
    bot.close()
    shutdown_workers()
    base = statistics.median(plain)
    return {
        "start_ms": _quantiles(starts),
        "turn_ms": _quantiles(turns),
        "overhead_ms": _quantiles([t - base for t in turns]),
        "turns_measured": len(turns),
    }


def _account(result: ClassTournament, stems: list[str], games_per_pair: int) -> dict[str, Any]:
    """Is every game there, with a valid reason, and did every misbehaving bot forfeit all its games?"""
    t = result.tournament
    n = len(t.names)
    expected = n * (n - 1) // 2 * games_per_pair
    forfeits = result.forfeits()
    by_kind: Counter[str] = Counter()
    for name, reasons in forfeits.items():
        by_kind[MISBEHAVING.get(name, "well-behaved")] += len(reasons)
    bad = {stem for stem, kind in MISBEHAVING.items() if kind != "load" and stem in stems}
    bad_ok = all(
        g.reason == "forfeit" and g.forfeit_seat is not None and g.names[g.forfeit_seat - 1] in bad
        for g in t.games
        if bad & set(g.names)
    ) and all(len(forfeits.get(stem, [])) >= (n - len(bad)) * games_per_pair for stem in bad)
    valid = all(g.reason in ("target", "repetition", "turn_limit", "forfeit") for g in t.games)
    problems_ok = sorted(result.problems) == sorted(f"{s}.py" for s in BROKEN if s in stems)
    return {
        "games_expected": expected,
        "games_recorded": len(t.games),
        "reasons": dict(Counter(g.reason for g in t.games)),
        "forfeits_by_kind": dict(by_kind),
        "problem_files": len(result.problems),
        "accounted": len(t.games) == expected and valid and bad_ok and problems_ok,
    }


def _tournament(folder: Path, stems: list[str], args: argparse.Namespace, isolation: str, **how: Any) -> dict:
    limits = SandboxLimits(time_limit=args.time_limit, isolation=isolation)
    began = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UnisolatedWarning)
        result = class_tournament(folder, args.games_per_pair, seed=1, progress=False, limits=limits, **how)
    out = {"seconds": round(time.perf_counter() - began, 1), **_account(result, stems, args.games_per_pair)}
    print(f"{isolation} {how or ''}: {out}", file=sys.stderr)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--bots", type=int, default=30)
    parser.add_argument("--games-per-pair", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=1.0)
    parser.add_argument("--dask", action="store_true")
    args = parser.parse_args()
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp, warnings.catch_warnings():
        warnings.simplefilter("ignore", UnisolatedWarning)
        folder = Path(tmp)
        for isolation in ("bwrap", "none"):
            out[isolation] = _overhead(folder, isolation)
            print(f"{isolation}: {out[isolation]}", file=sys.stderr)
        stems = write_class(folder / "bots", n=args.bots)
        for isolation in ("bwrap", "none"):
            out[isolation]["class_tournament_2_workers"] = _tournament(
                folder / "bots", stems, args, isolation, workers=2
            )
        if args.dask:
            from dask.distributed import Client, LocalCluster

            with (
                LocalCluster(
                    n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
                ) as cluster,
                Client(cluster) as client,
            ):
                out["bwrap"]["class_tournament_dask_2"] = _tournament(
                    folder / "bots", stems, args, "bwrap", executor=client.get_executor()
                )
    out["bots"] = args.bots
    out["time_limit_s"] = args.time_limit
    print(json.dumps(out) if args.json else json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

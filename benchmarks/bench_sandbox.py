"""Cost of running pupils' bots in worker processes, and a class tournament with every kind of misbehaviour.

Usage::

    python benchmarks/bench_sandbox.py --json [--bots 30] [--games-per-pair 1] [--time-limit 1]

Measures:

* ``startup_ms``: starting a worker and loading a pupil's file (median of 5);
* ``overhead_ms_per_turn``: (time of a game with the bot sandboxed − the same
  game with the same function in-process) / turns, median of 5 games of a
  cheap bot (first legal turn) against ``random``;
* a class tournament of ``--bots`` generated pupils' files
  (``tests/pupil_bots.py``: every misbehaving kind, broken files, and
  well-behaved bots of several styles) with :func:`class_tournament`, once on
  2 worker processes (``workers=2``) and once on a Dask ``LocalCluster`` of 2
  single-threaded worker processes: wall time, games expected and recorded,
  forfeits by kind. ``accounted`` is true when every expected game is there
  with a valid reason and every misbehaving bot forfeited all its games.

Prints one JSON line with ``--json``; details go to stderr.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from pupil_bots import BROKEN, MISBEHAVING, write_class  # noqa: E402

from logger_widget.bots import FunctionBot  # noqa: E402
from logger_widget.tournament import play_game  # noqa: E402
from logger_widget.tournament.classbots import ClassTournament, class_tournament  # noqa: E402
from logger_widget.tournament.sandbox import SandboxedBot, SandboxLimits, probe  # noqa: E402

CHEAP = "def choose(position):\n    return next(iter(position.legal_turns()))\n"


def _overhead(folder: Path) -> dict[str, float]:
    path = folder / "cheap.py"
    path.write_text(CHEAP, encoding="utf-8")
    startups = []
    for _ in range(5):
        began = time.perf_counter()
        probe(str(path), SandboxLimits(memory_mb=512 + len(startups)))  # a new worker each time
        startups.append((time.perf_counter() - began) * 1000)
    namespace: dict[str, Any] = {}
    exec(CHEAP, namespace)
    inproc = FunctionBot(namespace["choose"], "cheap")
    per_turn = []
    turns = 0
    for seed in range(5):
        bot = SandboxedBot(str(path))
        play_game([bot, "random"], seed=seed)  # warm: the worker is loaded and pooled
        began = time.perf_counter()
        game = play_game([SandboxedBot(str(path)), "random"], seed=seed)
        sandboxed = time.perf_counter() - began
        began = time.perf_counter()
        same = play_game([inproc, "random"], seed=seed)
        plain = time.perf_counter() - began
        assert [t.notation() for t in game.turns] == [t.notation() for t in same.turns]
        mine = (len(game.turns) + 1) // 2  # the sandboxed bot plays seat 1
        turns += mine
        per_turn.append((sandboxed - plain) * 1000 / mine)
    return {
        "startup_ms": round(statistics.median(startups), 1),
        "overhead_ms_per_turn": round(statistics.median(per_turn), 3),
        "turns_measured": turns,
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


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--bots", type=int, default=30)
    parser.add_argument("--games-per-pair", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=1.0)
    parser.add_argument("--skip-dask", action="store_true")
    args = parser.parse_args()
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        out.update(_overhead(folder))
        print(f"overhead: {out}", file=sys.stderr)
        stems = write_class(folder / "bots", n=args.bots)
        limits = SandboxLimits(time_limit=args.time_limit)
        began = time.perf_counter()
        result = class_tournament(
            folder / "bots", args.games_per_pair, seed=1, workers=2, progress=False, limits=limits
        )
        out["pool_2_cores"] = {
            "seconds": round(time.perf_counter() - began, 1),
            **_account(result, stems, args.games_per_pair),
        }
        print(f"2 cores: {out['pool_2_cores']}", file=sys.stderr)
        print(result.loaded.report(), file=sys.stderr)
        if not args.skip_dask:
            from dask.distributed import Client, LocalCluster

            with (
                LocalCluster(
                    n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
                ) as cluster,
                Client(cluster) as client,
            ):
                began = time.perf_counter()
                result = class_tournament(
                    folder / "bots",
                    args.games_per_pair,
                    seed=1,
                    executor=client.get_executor(),
                    progress=False,
                    limits=limits,
                )
                out["dask_local_cluster_2"] = {
                    "seconds": round(time.perf_counter() - began, 1),
                    **_account(result, stems, args.games_per_pair),
                }
            print(f"dask: {out['dask_local_cluster_2']}", file=sys.stderr)
    out["bots"] = args.bots
    out["time_limit_s"] = args.time_limit
    print(json.dumps(out) if args.json else json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

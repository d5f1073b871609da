"""How long the game-theory exercise notebooks take to run top to bottom, as a pupil's Run All does.

Usage::

    .venv/bin/python -m benchmarks.bench_exercises [--json] [--rounds 1]

Each round executes every ``notebooks/game_theory_exercises*.ipynb`` (pupils' and teacher's,
uk/es/en, with the quick settings they ship with) in a fresh Python kernel through nbclient,
in a temporary folder (the exercises write the pupil's bot file beside the notebook), and
reports the wall time of each in seconds. Target: each well within a classroom minute
(under 60 s). The machine's load (``os.getloadavg()``) is reported before and after: on a
busy machine the times grow with it.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 60.0


def run_once(path: Path) -> float:
    """Execute the notebook at ``path`` in a temporary folder; its wall time in seconds."""
    nb = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory(prefix="bench-exercises-") as folder:
        client = NotebookClient(
            nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": folder}}
        )
        began = time.perf_counter()
        client.execute()
        return time.perf_counter() - began


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1, help="runs of each notebook (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args(argv)
    load_before = os.getloadavg()[0]
    times = {
        path.name: [run_once(path) for _ in range(args.rounds)]
        for path in sorted((ROOT / "notebooks").glob("game_theory_exercises*.ipynb"))
    }
    seconds = {name: round(min(ts), 1) for name, ts in times.items()}
    result = {
        "seconds": seconds,
        "target_seconds": TARGET_SECONDS,
        "within_target": all(min(ts) < TARGET_SECONDS for ts in times.values()),
        "load_before": round(load_before, 2),
        "load_after": round(os.getloadavg()[0], 2),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for name, took in seconds.items():
            print(f"{name:45s} {took:6.1f} s")
        print(f"target < {TARGET_SECONDS:.0f} s each: {'met' if result['within_target'] else 'NOT met'}; "
              f"load {result['load_before']} -> {result['load_after']}")  # fmt: skip
    return 0 if result["within_target"] else 1


if __name__ == "__main__":
    raise SystemExit(main())

"""Re-proving the shipped puzzle set: the cost the test suite pays (docs/puzzles.md).

Usage::

    python benchmarks/bench_puzzles.py [--json] [--python]

Proves every shipped puzzle again with :func:`logger_widget.puzzles.verify`
(the acceptance rule) on one core and prints one JSON line::

    {"puzzles": N, "seconds": s, "per_puzzle_ms": m, "kernel": true, "ok": N}

``--python`` takes the pure-Python successors instead of the compiled kernel.
Goal: the whole set in ≤ 120 s on one core (the slow test
``tests/test_puzzles.py::test_every_shipped_puzzle_is_proved_again_by_search``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from contextlib import nullcontext

from logger_widget.engine import fast
from logger_widget.puzzles import load_puzzles, verify

GOAL_SECONDS = 120.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--python", action="store_true", help="without the compiled kernel")
    args = parser.parse_args()
    if not args.python:
        fast.warm_up()
    puzzles = load_puzzles()
    with fast.python_only() if args.python else nullcontext():
        start = time.perf_counter()
        ok = sum(verify(p.lpn, p.solutions).ok for p in puzzles)
        seconds = time.perf_counter() - start
    result = {
        "puzzles": len(puzzles),
        "seconds": round(seconds, 2),
        "per_puzzle_ms": round(1000 * seconds / len(puzzles), 1),
        "kernel": not args.python and fast.ready(),
        "ok": ok,
    }
    print(json.dumps(result) if args.json else result)
    print(
        f"goal: <= {GOAL_SECONDS:.0f} s: {'met' if seconds <= GOAL_SECONDS else 'NOT met'}", file=sys.stderr
    )


if __name__ == "__main__":
    main()

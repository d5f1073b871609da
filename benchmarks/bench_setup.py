"""A teacher's first start against the full test set-up, side by side, each from an empty environment.

Usage::

    .venv/bin/python -m benchmarks.bench_setup [--json] [--rounds 1]

Each round copies the repository (tracked and new files, no ``.venv``: a fresh clone,
``tests/fresh_checkout.py``) twice and runs, under GNU ``/usr/bin/time``:

* ``lab``: ``bash scripts/lab.sh --version`` — the README's first command up to the
  point where JupyterLab would start (``--version`` makes it print and stop);
* ``test``: ``bash scripts/env.sh`` — the set-up of the README's second command
  (``scripts/test.sh`` runs pytest after it), Numba's compile included.

Measured per set-up: wall time (s), peak memory of its largest process (MiB, GNU
time's maximum resident set size), installed size of ``.venv`` (MiB) and number of
installed distributions; ``ratio`` is lab / test for each. Run it with the pip cache
warm (any earlier ``scripts/env.sh`` run warms it; a first round on a cold cache times
the downloads instead). The machine's load (``os.getloadavg()``) is reported before and
after. Target: the lab's wall time at most a third of the test set-up's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.fresh_checkout import fresh_copy, installed, setup_env

SETUPS = {"lab": ["bash", "scripts/lab.sh", "--version"], "test": ["bash", "scripts/env.sh"]}


def _du_mib(path: Path) -> float:
    out = subprocess.run(["du", "-sb", str(path)], check=True, capture_output=True, text=True, timeout=300)
    return round(int(out.stdout.split()[0]) / 2**20, 1)


def measure(name: str, work: Path) -> dict[str, Any]:
    """Run set-up ``name`` in a fresh copy under ``work``; its figures."""
    copy = fresh_copy(work / name)
    timing = work / f"{name}.time"
    cmd = ["/usr/bin/time", "-f", "%e %M", "-o", str(timing), *SETUPS[name]]
    run = subprocess.run(cmd, cwd=copy, env=setup_env(copy), capture_output=True, text=True, timeout=1800)
    if run.returncode != 0:
        raise RuntimeError(f"{' '.join(SETUPS[name])} failed:\n{run.stderr[-3000:]}")
    wall, rss_kib = timing.read_text().split()[-2:]
    return {
        "wall_s": float(wall),
        "peak_rss_mib": round(int(rss_kib) / 1024, 1),
        "venv_mib": _du_mib(copy / ".venv"),
        "packages": len(installed(copy / ".venv")),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of both set-ups (default 1)")
    args = parser.parse_args()
    load_before = [round(x, 2) for x in os.getloadavg()]
    rounds = []
    for i in range(args.rounds):
        with tempfile.TemporaryDirectory(prefix="bench-setup-") as tmp:
            figures = {name: measure(name, Path(tmp)) for name in SETUPS}
        figures["ratio"] = {k: round(figures["lab"][k] / figures["test"][k], 3) for k in figures["lab"]}
        rounds.append(figures)
        print(f"round {i + 1}: {json.dumps(figures)}", file=sys.stderr)
    result = {
        "rounds": rounds,
        "load": [load_before, [round(x, 2) for x in os.getloadavg()]],
        "target_met": all(r["ratio"]["wall_s"] <= 1 / 3 for r in rounds),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for figures in rounds:
            for name in (*SETUPS, "ratio"):
                print(f"{name:>5}: " + ", ".join(f"{k} {v}" for k, v in figures[name].items()))
        print(f"load (1-min average) before/after: {result['load'][0][0]} / {result['load'][1][0]}")
        print("target (lab ≤ 1/3 of test, wall time):", "met" if result["target_met"] else "NOT met")


if __name__ == "__main__":
    main()

"""Regenerate tests/data/golden_successors.tsv: successor counts and digests of fixed positions.

Usage: ``python -m scripts.make_golden`` (rewrites the file; review the diff).

Each line: ``LPN<TAB>number of successors<TAB>sha256 of the sorted successor LPNs``
(first 16 hex digits). The positions are the hand-made tricky positions plus
positions reached by seeded random play for 2, 3 and 4 players. A change in
this file is a change in the rules engine's behaviour: it must be explained.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from pathlib import Path

from logger_widget import Position
from logger_widget.engine import core

ROOT = Path(__file__).resolve().parents[1]

DATA = ROOT / "tests" / "data"


def digest(lpns: set[str]) -> str:
    return hashlib.sha256("\n".join(sorted(lpns)).encode()).hexdigest()[:16]


def golden_positions() -> list[str]:
    out = []
    for line in (DATA / "tricky_positions.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(line.strip())
    rng = random.Random(20080801)
    for players in (2, 3, 4):
        for _ in range(20):
            state = Position.initial(players)._state
            for _ in range(rng.randrange(1, 60)):
                if core.is_terminal(state):
                    break
                state = core.random_turn(state, rng)[4]
            out.append(Position._from_state(state).to_lpn())
    return out


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n", 1)[0]).parse_args()
    lines = []
    for lpn in golden_positions():
        succ = {p.to_lpn() for p in Position.from_lpn(lpn).successors()}
        lines.append(f"{lpn}\t{len(succ)}\t{digest(succ)}")
    (DATA / "golden_successors.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} positions")


if __name__ == "__main__":
    main()

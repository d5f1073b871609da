"""Regenerate tests/data/golden_successors.tsv: successor counts and digests of fixed positions.

Usage: ``python -m scripts.make_golden [--out FILE]`` (rewrites the file; review the diff).

Each line: ``LPN<TAB>number of successors<TAB>sha256 of the sorted successor LPNs``
(first 16 hex digits). The positions are fixed: the hand-made tricky positions
(``tests/data/tricky_positions.txt``), then the positions once reached by seeded random play
for 2, 3 and 4 players, recorded in ``tests/data/golden_sampled_positions.txt`` (the random
policy may change; these positions do not). So the file depends on the rules engine alone:
a change in it is a change in the engine's behaviour, and it must be explained.
"""

from __future__ import annotations

import argparse
import hashlib
from pathlib import Path

from logger_widget import Position

ROOT = Path(__file__).resolve().parents[1]

DATA = ROOT / "tests" / "data"
GOLDEN = DATA / "golden_successors.tsv"
#: the files of the golden positions, in the golden file's order
POSITIONS = (DATA / "tricky_positions.txt", DATA / "golden_sampled_positions.txt")


def digest(lpns: set[str]) -> str:
    return hashlib.sha256("\n".join(sorted(lpns)).encode()).hexdigest()[:16]


def golden_positions() -> list[str]:
    """The golden positions' LPNs: every line of :data:`POSITIONS` but comments (``#``) and blank ones."""
    out = []
    for path in POSITIONS:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                out.append(line.strip())
    return out


def golden_line(lpn: str) -> str:
    """The golden file's line of the position ``lpn`` (without its newline)."""
    succ = {p.to_lpn() for p in Position.from_lpn(lpn).successors()}
    return f"{lpn}\t{len(succ)}\t{digest(succ)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--out", type=Path, default=GOLDEN, help=f"where to write (default {GOLDEN.relative_to(ROOT)})"
    )
    args = parser.parse_args()
    lines = [golden_line(lpn) for lpn in golden_positions()]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} positions to {args.out}")


if __name__ == "__main__":
    main()

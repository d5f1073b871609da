"""Golden successor counts and digests (regenerate with ``python -m scripts.make_golden``)."""

from __future__ import annotations

import hashlib

import pytest
from support import DATA, successor_lpns

GOLDEN_TEXT = (DATA / "golden_successors.tsv").read_text(encoding="utf-8")
GOLDEN = [line.split("\t") for line in GOLDEN_TEXT.splitlines()]


def test_golden_file_is_substantial() -> None:
    assert len(GOLDEN) >= 100
    assert sum(int(count) for _, count, _ in GOLDEN) > 2000


@pytest.mark.parametrize("lpn, count, digest", GOLDEN)
def test_golden_successors(lpn: str, count: str, digest: str) -> None:
    succ = successor_lpns(lpn)
    assert len(succ) == int(count)
    assert hashlib.sha256("\n".join(sorted(succ)).encode()).hexdigest()[:16] == digest


def test_the_script_makes_the_golden_file_again() -> None:
    """scripts/make_golden.py lists the golden file's positions in its order and makes the same
    lines, byte for byte, for every tenth of them (tricky and sampled ones, 2 to 4 players); the
    figures of every line are checked against the engine above."""
    from scripts.make_golden import golden_line, golden_positions

    positions = golden_positions()
    assert positions == [lpn for lpn, _count, _digest in GOLDEN]
    lines = GOLDEN_TEXT.splitlines(keepends=True)
    assert all(line.endswith("\n") for line in lines) and "\r" not in GOLDEN_TEXT
    assert [golden_line(lpn) + "\n" for lpn in positions[::10]] == lines[::10]

"""Golden successor counts and digests (regenerate with scripts/make_golden.py)."""

from __future__ import annotations

import hashlib

import pytest
from support import DATA, successor_lpns

GOLDEN = [line.split("\t") for line in (DATA / "golden_successors.tsv").read_text().splitlines()]


def test_golden_file_is_substantial() -> None:
    assert len(GOLDEN) >= 100
    assert sum(int(count) for _, count, _ in GOLDEN) > 2000


@pytest.mark.parametrize("lpn, count, digest", GOLDEN)
def test_golden_successors(lpn: str, count: str, digest: str) -> None:
    succ = successor_lpns(lpn)
    assert len(succ) == int(count)
    assert hashlib.sha256("\n".join(sorted(succ)).encode()).hexdigest()[:16] == digest

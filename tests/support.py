"""Shared data helpers for the engine tests (imported as ``support``)."""

from __future__ import annotations

from pathlib import Path

from logger_widget import Position

DATA = Path(__file__).parent / "data"


def tricky_positions() -> list[tuple[str, str]]:
    """``(comment, lpn)`` pairs from tests/data/tricky_positions.txt."""
    out = []
    comment = ""
    for line in (DATA / "tricky_positions.txt").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("#"):
            comment = line[1:].strip()
        elif line:
            out.append((comment, line))
    return out


def successor_lpns(lpn: str) -> set[str]:
    """The successors of ``lpn`` as a set of LPN strings."""
    return {p.to_lpn() for p in Position.from_lpn(lpn).successors()}

"""Shared data helpers and hypothesis strategies for the tests (imported as ``support``)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

from logger_widget import Game, Position

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


# --------------------------------------------------------------------------- hypothesis strategies


@st.composite
def games(draw: st.DrawFn, max_turns: int = 80, stop_before_end: bool = False) -> Game:
    """A game of 2–4 players whose every turn hypothesis draws itself.

    Each turn is an index into the position's legal turns, so a failing example
    shrinks to a short game of low indices instead of an opaque random seed.
    With ``stop_before_end`` the game stops before a turn that would end it.
    """
    game = Game.new(draw(st.integers(2, 4), label="players"))
    for _ in range(draw(st.integers(0, max_turns), label="turns")):
        if game.is_over:
            break
        options = list(game.legal_turns())
        turn = options[draw(st.integers(0, len(options) - 1), label="turn index")]
        if stop_before_end and game.position.play(turn).is_terminal:
            break
        game.play(turn)
    return game


def positions(max_turns: int = 70) -> st.SearchStrategy[Position]:
    """Positions reached by drawn legal turns (see :func:`games`), never a finished one."""
    return games(max_turns, stop_before_end=True).map(lambda game: game.position)

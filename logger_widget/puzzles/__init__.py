"""Logger puzzles cut from the bots' self-play games (docs/puzzles.md).

Text-free, like the bots: the board and the notebooks put the words around it.

Quick start::

    from logger_widget.puzzles import load_puzzles
    puzzle = load_puzzles()[0]
    puzzle.position, puzzle.seat, puzzle.theme, puzzle.rating
    puzzle.is_solution("a1-b2 xc2")

* :mod:`.puzzle` — the :class:`Puzzle` value, :data:`THEMES`, the loader.
* :mod:`.search` — the acceptance rule (:func:`verify`, :func:`analyse_position`).
* :mod:`.themes` — theme detection from the engine's facts.
* :mod:`.rating` — difficulty from the bots' attempts, the pupil's Glicko rating.
* :mod:`.generate` — cutting puzzles from self-play games (``scripts/make_puzzles.py``).
"""

from __future__ import annotations

from .puzzle import THEMES, Puzzle, PuzzleDataError, Source, load_puzzles, puzzle_by_id, read_puzzles
from .rating import PupilRating, update_rating
from .search import MARGIN, TIE, analyse_position, choice_values, refutation, single_kinds, turn_value, verify
from .themes import detect_theme, facts

__all__ = [
    "MARGIN",
    "THEMES",
    "TIE",
    "PupilRating",
    "Puzzle",
    "PuzzleDataError",
    "Source",
    "analyse_position",
    "choice_values",
    "detect_theme",
    "facts",
    "load_puzzles",
    "puzzle_by_id",
    "read_puzzles",
    "refutation",
    "single_kinds",
    "turn_value",
    "update_rating",
    "verify",
]

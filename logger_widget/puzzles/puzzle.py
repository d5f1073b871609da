"""The :class:`Puzzle` value, its themes, and loading the shipped set (package data).

A puzzle is a position cut from a self-play game of the bots, the seat to
play, and the set of turns that solve it: every solution is proved better for
the mover than every other turn by :mod:`logger_widget.puzzles.search`'s
margin (docs/puzzles.md, "Acceptance"). The set lives in
``logger_widget/puzzles/data/puzzles.json`` (written by
``scripts/make_puzzles.py``) and is read by :func:`load_puzzles`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..engine.errors import LoggerError
from ..engine.position import Position
from ..engine.turn import Turn

__all__ = [
    "DATA_FILE",
    "FORMAT",
    "THEMES",
    "Puzzle",
    "PuzzleDataError",
    "Source",
    "load_puzzles",
    "puzzle_by_id",
    "read_puzzles",
]

#: Theme keys, in the order of precedence used by :func:`logger_widget.puzzles.themes.detect_theme`
#: (docs/puzzles.md, "Themes"). Their translated names live in ``i18n/texts/puzzles.py``.
THEMES: tuple[str, ...] = (
    "endgame_tiebreak",
    "spawn_placement",
    "domino_chop",
    "protect",
    "block_chop",
    "deny_opponent",
    "chop",
    "quiet",
)

#: Version of the JSON file layout understood by :func:`read_puzzles`.
FORMAT = 1

#: The shipped set, inside the package (included in the wheel).
DATA_FILE = "puzzles.json"


class PuzzleDataError(ValueError):
    """A puzzle file cannot be used: the message names the file, the puzzle and the field."""


@dataclass(frozen=True, slots=True)
class Source:
    """Where a puzzle was cut from.

    Attributes:
        seed: the game seed given to :func:`logger_widget.tournament.play_game`.
        bots: the bot spec of each seat, seat 1 first (2–4 entries).
        ply: turns played in that game before the puzzle's position (≥ 0).
        variation: ``""`` when the position is the game's own; else the turn (notation)
            played instead of the game's turn ``ply - 1`` — a side line one turn off the game,
            drawn where a theme arises (``puzzles.generate``).
    """

    seed: int
    bots: tuple[str, ...]
    ply: int
    variation: str = ""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: a position, the seat to play, its solutions, theme and difficulty.

    Attributes:
        id: unique key, e.g. ``"p0042"``.
        lpn: the position in LPN (docs/rules.md, "LPN").
        seat: the seat to play (1-based), the position's seat to move.
        solutions: every solving turn in canonical turn notation (docs/notation.md).
        theme: one of :data:`THEMES`.
        rating: difficulty on the Elo scale (docs/puzzles.md, "Difficulty").
        deviation: its standard error in Elo points (> 0; Glicko's RD).
        source: the game the position comes from.
        margin: the proved gap, in evaluation points, between the worst
            solution and the best other turn (≥ the acceptance margin).
    """

    id: str
    lpn: str
    seat: int
    solutions: frozenset[str]
    theme: str
    rating: float
    deviation: float
    source: Source
    margin: float = 0.0
    _position: Position | None = field(default=None, compare=False, repr=False)

    @property
    def position(self) -> Position:
        """The puzzle's :class:`Position` (parsed once)."""
        if self._position is None:
            object.__setattr__(self, "_position", Position.from_lpn(self.lpn))
        assert self._position is not None
        return self._position

    @property
    def players(self) -> int:
        """Number of seats (2–4)."""
        return self.position.players

    def is_solution(self, turn: Turn | str) -> bool:
        """Whether ``turn`` (a :class:`Turn` or notation) solves the puzzle.

        Notation is read against the position, so a turn written without its
        origin or forced spawns is accepted. An illegal or malformed turn is no solution.
        """
        if isinstance(turn, str):
            try:
                turn = self.position.parse_turn(turn)
            except LoggerError:
                return False
        return turn.notation() in self.solutions

    def solution_turns(self) -> list[Turn]:
        """The solutions as :class:`Turn` values, in notation order."""
        return [self.position.parse_turn(s) for s in sorted(self.solutions)]

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready record (the file's format, see :func:`read_puzzles`)."""
        return {
            "id": self.id,
            "lpn": self.lpn,
            "seat": self.seat,
            "solutions": sorted(self.solutions),
            "theme": self.theme,
            "rating": round(self.rating, 1),
            "deviation": round(self.deviation, 1),
            "margin": round(self.margin, 3),
            "source": {"seed": self.source.seed, "bots": list(self.source.bots), "ply": self.source.ply}
            | ({"variation": self.source.variation} if self.source.variation else {}),
        }


def _fail(where: str, what: str) -> PuzzleDataError:
    return PuzzleDataError(f"{where}: {what}")


def _number(record: dict[str, Any], key: str, where: str) -> float:
    value = record.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _fail(where, f"field {key!r} must be a number, not {value!r:.40}")
    return float(value)


def puzzle_from_dict(record: Any, where: str) -> Puzzle:
    """One :class:`Puzzle` from its JSON record, every field checked.

    Args:
        record: a dict as written by :meth:`Puzzle.to_dict`.
        where: names the record in error messages (file and index).

    Raises:
        PuzzleDataError: a field is missing or wrong; the message names it and why.
    """
    if not isinstance(record, dict):
        raise _fail(where, f"a puzzle must be an object, not {type(record).__name__}")
    missing = [
        k
        for k in ("id", "lpn", "seat", "solutions", "theme", "rating", "deviation", "source")
        if k not in record
    ]
    if missing:
        raise _fail(where, f"missing field(s) {', '.join(missing)}")
    pid = record["id"]
    if not isinstance(pid, str) or not pid:
        raise _fail(where, f"field 'id' must be a non-empty string, not {pid!r:.40}")
    where = f"{where} (id {pid})"
    try:
        position = Position.from_lpn(record["lpn"]) if isinstance(record["lpn"], str) else None
    except LoggerError as error:
        raise _fail(where, f"field 'lpn' is not a valid position: {error}") from None
    if position is None:
        raise _fail(where, "field 'lpn' must be a string")
    if position.is_terminal:
        raise _fail(where, "field 'lpn' is a finished game: there is no turn to play")
    seat = record["seat"]
    if seat != position.to_move:
        raise _fail(where, f"field 'seat' is {seat!r}, but the position has seat {position.to_move} to move")
    solutions = record["solutions"]
    if not isinstance(solutions, list) or not solutions or not all(isinstance(s, str) for s in solutions):
        raise _fail(where, "field 'solutions' must be a non-empty list of turns in notation")
    canonical = set()
    for text in solutions:
        try:
            turn = position.parse_turn(text)
        except LoggerError as error:
            raise _fail(where, f"solution {text!r} is not a legal turn here: {error}") from None
        canonical.add(turn.notation())
    theme = record["theme"]
    if theme not in THEMES:
        raise _fail(where, f"field 'theme' is {theme!r}, not one of {', '.join(THEMES)}")
    rating = _number(record, "rating", where)
    deviation = _number(record, "deviation", where)
    if deviation <= 0:
        raise _fail(where, f"field 'deviation' must be > 0, not {deviation}")
    margin = _number(record, "margin", where) if "margin" in record else 0.0
    src = record["source"]
    if (
        not isinstance(src, dict)
        or not isinstance(src.get("seed"), int)
        or not isinstance(src.get("ply"), int)
        or src["ply"] < 0
        or not isinstance(src.get("bots"), list)
        or not 2 <= len(src["bots"]) <= 4
        or not all(isinstance(b, str) for b in src["bots"])
        or not isinstance(src.get("variation", ""), str)
        or (src.get("variation") and src["ply"] < 1)
    ):
        raise _fail(
            where,
            "field 'source' must be {'seed': int, 'bots': [2-4 bot names], 'ply': int >= 0"
            "[, 'variation': turn played instead of the game's turn ply - 1, with ply >= 1]}",
        )
    return Puzzle(
        id=pid,
        lpn=position.to_lpn(),
        seat=seat,
        solutions=frozenset(canonical),
        theme=theme,
        rating=rating,
        deviation=deviation,
        source=Source(src["seed"], tuple(src["bots"]), src["ply"], src.get("variation", "")),
        margin=margin,
        _position=position,
    )


def read_puzzles(path: str | Path) -> tuple[Puzzle, ...]:
    """Read and check a puzzle file (JSON: ``{"format": 1, "puzzles": [record, …]}``).

    Args:
        path: the file.

    Returns:
        The puzzles in file order.

    Raises:
        PuzzleDataError: the file is missing, not JSON, of another format, or a
            record is wrong (the message names the file, the record's index and
            id, the field and why), or two puzzles share an id.
    """
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise _fail(name, f"cannot be read ({error.strerror or error})") from None
    return parse_puzzles(text, name)


def parse_puzzles(text: str, name: str = "<text>") -> tuple[Puzzle, ...]:
    """Parse the text of a puzzle file; see :func:`read_puzzles` (``name`` is used in messages)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _fail(
            name, f"is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
    if (
        not isinstance(data, dict)
        or data.get("format") != FORMAT
        or not isinstance(data.get("puzzles"), list)
    ):
        raise _fail(name, f'must be an object {{"format": {FORMAT}, "puzzles": [...]}}')
    puzzles = tuple(puzzle_from_dict(r, f"{name}, puzzle {i}") for i, r in enumerate(data["puzzles"]))
    seen: set[str] = set()
    for p in puzzles:
        if p.id in seen:
            raise _fail(name, f"the id {p.id!r} is used twice")
        seen.add(p.id)
    return puzzles


@lru_cache(maxsize=1)
def load_puzzles() -> tuple[Puzzle, ...]:
    """The shipped puzzles (package data ``puzzles/data/puzzles.json``), read once.

    Raises:
        PuzzleDataError: the shipped file is broken (see :func:`read_puzzles`).
    """
    ref = resources.files(__package__).joinpath("data").joinpath(DATA_FILE)
    return parse_puzzles(ref.read_text(encoding="utf-8"), f"logger_widget/puzzles/data/{DATA_FILE}")


def puzzle_by_id(pid: str) -> Puzzle:
    """The shipped puzzle with id ``pid``.

    Raises:
        KeyError: no such puzzle (the message says how many there are).
    """
    for p in load_puzzles():
        if p.id == pid:
            return p
    raise KeyError(f"no puzzle with id {pid!r} (the set has {len(load_puzzles())} puzzles)")

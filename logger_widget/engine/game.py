"""A game: the history of positions and turns, undo/redo, the end, and JSON records.

Record format (``"format": "logger-widget-record"``, ``"version": 1``)::

    {
      "format": "logger-widget-record",
      "version": 1,
      "players": 2,
      "start": "....2/...../..s../...../1.... 1 0,0 2,2",
      "turns": ["a1-a3", "e5-c5 +c4 xc4", ...],
      "repetition_rule": true,
      "turn_limit": null,
      "metadata": {"names": ["Ann", "greedy"], ...},
      "final": "<LPN after the last turn>",
      "outcome": {"winners": [1], ..., "reason": "target"} or null
    }

``final`` and ``outcome`` are written for people and checked on load: a
record whose turns do not lead there was edited by hand and is refused.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from .errors import IllegalTurnError, LoggerError, RecordError
from .outcome import Outcome, decide
from .position import Position
from .turn import Turn

__all__ = ["Game", "RECORD_FORMAT", "RECORD_VERSION"]

RECORD_FORMAT = "logger-widget-record"
RECORD_VERSION = 1
#: Deepest nesting of a game's metadata (the object itself is level 1); deeper is refused
#: (``ValueError``, ``RecordError`` when read), so that no reader ever recurses past its limit.
MAX_METADATA_DEPTH = 32

#: Times the same position must occur for the termination rule (docs/rules.md [decision]).
REPETITIONS = 3


def _depth(value: Any) -> int:
    """How deeply ``value`` nests (a leaf: 0, ``{}``: 1), counted level by level, never past the limit + 1."""
    depth, level = 0, [value]
    while depth <= MAX_METADATA_DEPTH:
        containers = [item for item in level if isinstance(item, (Mapping, list, tuple))]
        if not containers:
            break
        depth += 1
        level = [
            inner for item in containers for inner in (item.values() if isinstance(item, Mapping) else item)
        ]
    return depth


class Game:
    """A game of Logger in progress or finished.

    Args:
        start: the starting position (a :class:`Position` or LPN); default the
            standard setup for ``players`` with ``corners``.
        players: 2–4, when ``start`` is not given.
        corners: one corner per seat, when ``start`` is not given.
        repetition_rule: end the game at once when a position occurs for the
            third time (docs/rules.md termination rule; on by default).
        turn_limit: end the game (reason ``"turn_limit"``) after this many
            turns; ``None`` for no limit.
        metadata: JSON-ready information saved with the record (names, bots…).

    Raises:
        ValueError: bad players, corners, start position or turn limit.

    >>> game = Game.new(players=3)
    >>> game.play("a1-a3 *b3").to_move
    2
    >>> game.undo(), game.can_redo
    (Turn.parse('a1-a3 *b3'), True)
    >>> Game.from_json(game.to_json()).positions == game.positions
    True
    """

    def __init__(
        self,
        start: Position | str | None = None,
        *,
        players: int = 2,
        corners: list[str] | tuple[str, ...] | None = None,
        repetition_rule: bool = True,
        turn_limit: int | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> None:
        if start is None:
            start = Position.initial(players, corners)
        elif isinstance(start, str):
            start = Position.from_lpn(start)
        elif not isinstance(start, Position):
            raise TypeError(f"start must be a Position, an LPN string or None, not {type(start).__name__}")
        if turn_limit is not None and (
            not isinstance(turn_limit, int) or isinstance(turn_limit, bool) or turn_limit < 0
        ):
            raise ValueError(f"turn_limit must be a whole number >= 0 or None, not {turn_limit!r}")
        if not isinstance(repetition_rule, bool):
            raise TypeError(f"repetition_rule must be True or False, not {repetition_rule!r}")
        if metadata is not None and not isinstance(metadata, Mapping):
            raise TypeError(f"metadata must be a dict, not {type(metadata).__name__}")
        if _depth(metadata) > MAX_METADATA_DEPTH:
            raise ValueError(f"metadata is nested deeper than {MAX_METADATA_DEPTH} levels")
        try:
            json.dumps(dict(metadata or {}))
        except (TypeError, ValueError) as e:
            raise ValueError(f"metadata must be JSON-ready (it is saved with the record): {e}") from None
        self.start: Position = start
        self.repetition_rule = repetition_rule
        self.turn_limit = turn_limit
        self.metadata: dict[str, Any] = dict(metadata or {})
        self._positions: list[Position] = [start]
        self._turns: list[Turn] = []
        self._redo: list[Turn] = []
        self._seen: Counter[Position] = Counter([start])

    @classmethod
    def new(
        cls, players: int = 2, corners: list[str] | tuple[str, ...] | None = None, **options: Any
    ) -> Game:
        """A new game from the standard setup (see :meth:`Position.initial`)."""
        return cls(None, players=players, corners=corners, **options)

    # ------------------------------------------------------------------ state

    @property
    def position(self) -> Position:
        """The current position."""
        return self._positions[-1]

    @property
    def positions(self) -> tuple[Position, ...]:
        """Every position so far, the start first (``len(turns) + 1`` of them)."""
        return tuple(self._positions)

    @property
    def turns(self) -> tuple[Turn, ...]:
        """Every turn played so far."""
        return tuple(self._turns)

    @property
    def players(self) -> int:
        """Number of players."""
        return self.start.players

    def repetitions(self, position: Position | None = None) -> int:
        """How often ``position`` (default: the current one) has occurred in this game."""
        return self._seen[position if position is not None else self.position]

    @property
    def end_reason(self) -> str | None:
        """Why the game is over (``"target"``, ``"repetition"``, ``"turn_limit"``) or ``None``."""
        if self.position.is_terminal:
            return "target"
        if self.repetition_rule and self._seen[self.position] >= REPETITIONS:
            return "repetition"
        if self.turn_limit is not None and len(self._turns) >= self.turn_limit:
            return "turn_limit"
        return None

    @property
    def is_over(self) -> bool:
        """True when no more turns can be played."""
        return self.end_reason is not None

    @property
    def outcome(self) -> Outcome | None:
        """Winners, scores, tie-break and reason once the game is over, else ``None``."""
        reason = self.end_reason
        if reason is None:
            return None
        p = self.position
        return decide(p.scores, p.supplies, reason)  # type: ignore[arg-type]

    def legal_turns(self) -> Iterator[Turn]:
        """Legal turns in the current position (none once the game is over)."""
        if self.is_over:
            return iter(())
        return self.position.legal_turns()

    # ------------------------------------------------------------------ playing

    def play(self, turn: Turn | str) -> Position:
        """Play ``turn`` (a :class:`Turn` or notation) and return the new position.

        Raises:
            NotationError: malformed notation.
            IllegalTurnError: the turn is illegal, or the game is over; the game is unchanged.
        """
        if self.is_over:
            raise IllegalTurnError(str(turn), self.position.to_lpn(), "game_over")
        if isinstance(turn, str):
            turn = self.position.parse_turn(turn)
        nxt = self.position.play(turn)
        self._push(turn, nxt)
        self._redo.clear()
        return nxt

    def _push(self, turn: Turn, position: Position) -> None:
        self._turns.append(turn)
        self._positions.append(position)
        self._seen[position] += 1

    def undo(self) -> Turn:
        """Take back the last turn and return it (it can be redone).

        Raises:
            ValueError: no turn to undo.
        """
        if not self._turns:
            raise ValueError("nothing to undo: no turn has been played")
        position = self._positions.pop()
        self._seen[position] -= 1
        turn = self._turns.pop()
        self._redo.append(turn)
        return turn

    def redo(self) -> Turn:
        """Play again the last undone turn and return it.

        Raises:
            ValueError: nothing to redo (no undo since the last new turn).
        """
        if not self._redo:
            raise ValueError("nothing to redo")
        turn = self._redo.pop()
        self._push(turn, self.position.play(turn))
        return turn

    def discard_redo(self) -> None:
        """Forget the undone turns, so that :meth:`redo` cannot play them again."""
        self._redo.clear()

    @property
    def can_undo(self) -> bool:
        """A turn can be undone."""
        return bool(self._turns)

    @property
    def can_redo(self) -> bool:
        """An undone turn can be redone."""
        return bool(self._redo)

    def copy(self) -> Game:
        """An independent copy (same history, same redo stack)."""
        other = Game.from_record(self.to_record())
        other._redo = list(self._redo)
        return other

    # ------------------------------------------------------------------ records

    def to_record(self) -> dict[str, Any]:
        """The game as a JSON-ready dict (see the module docstring)."""
        outcome = self.outcome
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "players": self.players,
            "start": self.start.to_lpn(),
            "turns": [t.notation() for t in self._turns],
            "repetition_rule": self.repetition_rule,
            "turn_limit": self.turn_limit,
            "metadata": self.metadata,
            "final": self.position.to_lpn(),
            "outcome": outcome.to_dict() if outcome else None,
        }

    def to_json(self, indent: int | None = 2) -> str:
        """The record as JSON text (UTF-8 safe, non-ASCII kept)."""
        return json.dumps(self.to_record(), indent=indent, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        """Write the JSON record to ``path`` (UTF-8)."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Game:
        """Read a JSON record from ``path``; see :meth:`from_json`."""
        return cls.from_json(Path(path).read_text(encoding="utf-8"))

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a record from JSON text, replaying and checking every turn.

        Raises:
            RecordError: invalid JSON, wrong format or version, a bad field, or a
                turn that is malformed or illegal (named as ``turns[i]``); no
                partially loaded game is ever returned.
        """
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as e:  # ValueError: JSONDecodeError, huge ints
            raise RecordError("json", f"not valid JSON ({type(e).__name__}: {str(e)[:200]})") from None
        return cls.from_record(data)

    @classmethod
    def from_record(cls, data: Any) -> Game:
        """Build a game from a record dict (see :meth:`from_json`)."""
        if not isinstance(data, dict):
            raise RecordError("record", f"must be a JSON object, not {type(data).__name__}")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError("format", f"expected {RECORD_FORMAT!r}, found {data.get('format')!r}")
        if type(data.get("version")) is not int or data.get("version") != RECORD_VERSION:
            raise RecordError(
                "version", f"this version reads version {RECORD_VERSION}, found {data.get('version')!r}"
            )
        for key in ("start", "turns"):
            if key not in data:
                raise RecordError(key, "missing")
        if not isinstance(data["start"], str):
            raise RecordError("start", "must be an LPN string")
        try:
            start = Position.from_lpn(data["start"])
        except LoggerError as e:
            raise RecordError("start", str(e)) from None
        if "players" in data and (type(data["players"]) is not int or data["players"] != start.players):
            raise RecordError(
                "players", f"{data['players']!r} does not match the start position ({start.players})"
            )
        turns = data["turns"]
        if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
            raise RecordError("turns", "must be a list of turn notations (strings)")
        limit = data.get("turn_limit")
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
            raise RecordError("turn_limit", f"must be a whole number >= 0 or null, not {limit!r}")
        rep = data.get("repetition_rule", True)
        if not isinstance(rep, bool):
            raise RecordError("repetition_rule", f"must be true or false, not {rep!r}")
        meta = data.get("metadata", {})
        if meta is None:
            meta = {}
        if not isinstance(meta, dict):
            raise RecordError("metadata", "must be a JSON object")
        if _depth(meta) > MAX_METADATA_DEPTH:
            raise RecordError("metadata", f"nested deeper than {MAX_METADATA_DEPTH} levels")
        game = cls(start, repetition_rule=rep, turn_limit=limit, metadata=meta)
        for i, text in enumerate(turns):
            try:
                game.play(text)
            except LoggerError as e:
                raise RecordError(f"turns[{i}] {text!r}", str(e)) from None
        final = data.get("final")
        if final is not None and final != game.position.to_lpn():
            raise RecordError("final", f"the turns lead to {game.position.to_lpn()!r}, not {final!r}")
        outcome = data.get("outcome")
        have = game.outcome.to_dict() if game.outcome else None
        if "outcome" in data and outcome != have:
            raise RecordError("outcome", f"the turns give {have!r}, not {outcome!r}")
        return game

    def __repr__(self) -> str:
        state = f"over ({self.end_reason})" if self.is_over else f"Player {self.position.to_move} to move"
        return f"<Game {self.players} players, {len(self._turns)} turns, {state}>"

"""Turns and the turn notation.

A :class:`Turn` is an immutable value: where the mover's logger goes, which
cells the seedlings spawned by growth take, and the action. Its notation is
language-neutral (cells and symbols only), documented in ``docs/notation.md``::

    turn   := move [" +" cells] [" " action]
    move   := cell | cell "-" cell        "a1" = stay on a1, "a1-b2" = move a1 → b2
    action := "*" cell                    plant a seedling
            | "!" cells                   protest: protesters on these trees
            | "x" cell                    chop this tree (the domino effect follows)
    cells  := cell ("," cell)*            sorted a1 < a2 < … < e5, no repeats

No action written means the action phase was skipped (only legal when no
action is possible). Examples: ``a1-a3 +b4 xb3``, ``e5 !c3,d4``, ``a1-b2 *b1``.

:meth:`Turn.parse` and :meth:`Turn.notation` round-trip: ``Turn.parse(t.notation())
== t`` for every turn, and ``Turn.parse(s).notation() == s`` for every
canonical string ``s``. Parsing here is notation only and never looks at a
position; ``Position.parse_turn`` checks a turn against the rules (as
python-chess keeps ``Move.from_uci`` pure and puts ``parse_san`` on the board).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from . import core
from .cells import CELL_NAMES, cell_index, cells_of
from .errors import NotationError, shown

__all__ = ["Action", "ActionKind", "RawTurn", "Turn", "WrittenTurn", "read_notation"]

#: ``(destination, spawn_mask, kind, target_mask)`` as used by :mod:`logger_widget.engine.core`.
RawTurn = tuple[int, int, int, int]

ActionKind = Literal["plant", "protest", "chop"]

_SYMBOL: dict[str, str] = {"plant": "*", "protest": "!", "chop": "x"}
_KIND = {"*": "plant", "!": "protest", "x": "chop", "X": "chop"}
_KIND_CODE: dict[str, int] = {"plant": core.PLANT, "protest": core.PROTEST, "chop": core.CHOP}
_KIND_NAME: dict[int, ActionKind] = {core.PLANT: "plant", core.PROTEST: "protest", core.CHOP: "chop"}
_CELL = re.compile(r"^[a-eA-E][1-5]$")


def _cell(text: str, whole: str) -> str:
    if not _CELL.match(text):
        raise NotationError(whole, f"{shown(text, 20)} is not a cell (a1 to e5)")
    return text.lower()


def _cells(text: str, whole: str) -> tuple[str, ...]:
    if not text:
        raise NotationError(whole, "a list of cells is empty")
    cells = tuple(_cell(c, whole) for c in text.split(","))
    if len(set(cells)) != len(cells):
        raise NotationError(whole, f"a cell is repeated in {shown(text, 40)}")
    return tuple(sorted(cells))


@dataclass(frozen=True, slots=True, repr=False)
class Action:
    """The action of a turn: ``kind`` and the ``cells`` it uses.

    Attributes:
        kind: ``"plant"`` (one cell: the new seedling), ``"protest"`` (1 to 4
            cells: the protested mature trees, sorted) or ``"chop"`` (one cell:
            the chopped tree; the trees it knocks down follow from the position).
        cells: cell names, sorted.

    Raises:
        ValueError: unknown kind, wrong number of cells, or a bad cell name.
    """

    kind: ActionKind
    cells: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.kind not in _SYMBOL:
            raise ValueError(f"action kind must be 'plant', 'protest' or 'chop', not {self.kind!r}")
        cells = tuple(sorted(str(c).lower() for c in self.cells))
        for c in cells:
            if c not in CELL_NAMES:
                raise ValueError(f"{c!r} is not a cell (a1 to e5)")
        wanted = "one or more cells" if self.kind == "protest" else "exactly one cell"
        if not cells or (self.kind != "protest" and len(cells) != 1):
            raise ValueError(f"a {self.kind} action takes {wanted}, not {len(cells)}")
        if len(set(cells)) != len(cells):
            raise ValueError(f"a cell is repeated in {cells}")
        object.__setattr__(self, "cells", cells)

    def notation(self) -> str:
        """The action in turn notation, e.g. ``"xc3"``, ``"!c3,d4"``, ``"*b1"``."""
        return _SYMBOL[self.kind] + ",".join(self.cells)

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {self.cells!r})"


#: What a turn's notation says, before a position fills in what it may leave out:
#: ``(origin or None, destination, spawns or None, action)``.
WrittenTurn = tuple[str | None, str, tuple[str, ...] | None, Action | None]


@dataclass(frozen=True, slots=True, repr=False)
class Turn:
    """One complete turn: movement, spawned seedlings and action.

    Attributes:
        origin: the cell the mover's logger starts on (``"a1"``).
        destination: where it ends its movement (equal to ``origin`` when it stays).
        spawns: cells of the seedlings spawned by growth, sorted (empty when none).
        action: the action, or ``None`` when the action phase was skipped.
    """

    origin: str
    destination: str
    spawns: tuple[str, ...] = ()
    action: Action | None = None

    def __post_init__(self) -> None:
        for name in ("origin", "destination"):
            value = getattr(self, name)
            if not isinstance(value, str) or value.lower() not in CELL_NAMES:
                raise ValueError(f"Turn {name} must be a cell a1 to e5, not {value!r}")
            object.__setattr__(self, name, value.lower())
        spawns = tuple(sorted(str(c).lower() for c in self.spawns))
        for c in spawns:
            if c not in CELL_NAMES:
                raise ValueError(f"spawned seedling cell {c!r} is not a cell (a1 to e5)")
        if len(set(spawns)) != len(spawns):
            raise ValueError(f"a spawn cell is repeated in {spawns}")
        object.__setattr__(self, "spawns", spawns)
        if self.action is not None and not isinstance(self.action, Action):
            raise ValueError(f"Turn action must be an Action or None, not {self.action!r}")

    # ------------------------------------------------------------------ notation

    def notation(self) -> str:
        """The canonical notation of this turn (see the module docstring)."""
        parts = [self.origin if self.origin == self.destination else f"{self.origin}-{self.destination}"]
        if self.spawns:
            parts.append("+" + ",".join(self.spawns))
        if self.action is not None:
            parts.append(self.action.notation())
        return " ".join(parts)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Turn.parse({self.notation()!r})"

    @classmethod
    def parse(cls, text: str) -> Turn:
        """Parse turn notation (see the module docstring); a lone cell means staying there.

        This reads notation only; to read a turn *in a position* (where the
        origin and a forced spawn set may be left out, and legality is
        checked) use ``Position.parse_turn``.

        Raises:
            NotationError: the text is not turn notation (names the text and why).

        >>> turn = Turn.parse("a1-a3 +b4 xb3")
        >>> turn.destination, turn.spawns, turn.action
        ('a3', ('b4',), Action('chop', ('b3',)))
        >>> Turn.parse(turn.notation()) == turn
        True
        """
        origin, destination, spawns, action = read_notation(text)
        return cls(origin or destination, destination, spawns or (), action)

    @classmethod
    def from_raw(cls, origin: int, raw: RawTurn) -> Turn:
        """The turn of the raw engine form ``raw`` played by a logger on cell index ``origin``."""
        dest, spawn, kind, target = raw
        action = None if kind == core.NONE else Action(_KIND_NAME[kind], cells_of(target))
        return cls(CELL_NAMES[origin], CELL_NAMES[dest], cells_of(spawn), action)

    def raw_action(self) -> tuple[int, int]:
        """The action as the engine's ``(kind, target_mask)``; ``(core.NONE, 0)`` when skipped."""
        if self.action is None:
            return core.NONE, 0
        return _KIND_CODE[self.action.kind], mask_of_cells(self.action.cells)


def mask_of_cells(cells: tuple[str, ...]) -> int:
    """Bit mask of cell names (already valid, e.g. a :class:`Turn`'s)."""
    m = 0
    for c in cells:
        m |= 1 << cell_index(c)
    return m


def read_notation(text: str) -> WrittenTurn:
    """Split turn notation into what it writes: ``(origin, destination, spawns, action)``.

    ``origin`` is ``None`` when only the destination is written, and
    ``spawns`` is ``None`` when no ``+cells`` part is written.

    Raises:
        NotationError: the text is not turn notation (names the text and why).
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), f"turn notation must be a string, not {type(text).__name__}")
    parts = text.split()
    if not parts:
        raise NotationError(text, "it is empty")
    move = parts[0]
    if "-" in move:
        origin_text, _, dest_text = move.partition("-")
        origin: str | None = _cell(origin_text, text)
        destination = _cell(dest_text, text)
    else:
        destination = _cell(move, text)
        origin = None
    spawns: tuple[str, ...] | None = None
    action: Action | None = None
    for part in parts[1:]:
        if action is not None:
            raise NotationError(text, f"{shown(part, 20)} follows the action; the action comes last")
        if part[0] == "+":
            if spawns is not None:
                raise NotationError(text, "spawned seedlings are listed twice")
            spawns = _cells(part[1:], text)
        elif part[0] in _KIND:
            kind = _KIND[part[0]]
            cells = _cells(part[1:], text)
            if kind != "protest" and len(cells) != 1:
                raise NotationError(text, f"{shown(part, 20)}: a {kind} takes exactly one cell")
            action = Action(kind, cells)  # type: ignore[arg-type]
        else:
            raise NotationError(
                text,
                f"{shown(part, 20)} is neither spawned seedlings (+c4) nor an action "
                "(*b2 plant, !c3 protest, xc3 chop)",
            )
    return origin, destination, spawns, action

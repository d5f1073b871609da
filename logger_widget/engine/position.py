"""The immutable Logger :class:`Position`: the board, the seat to move, scores and supplies.

A position is read and written in LPN (:mod:`~logger_widget.engine.lpn`), plays
turns checked by :mod:`~logger_widget.engine.rules_check`, and starts a turn
decision by decision (:class:`~logger_widget.engine.decisions.TurnInProgress`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from . import core
from .cells import CELL_NAMES, CORNERS, cell_index, cells_of
from .core import LOGGERS, MATURE, MOVER, PROTESTED, SAPLINGS, SCORES, SEEDLINGS, SUPPLIES
from .decisions import TurnInProgress
from .lpn import format_lpn, parse_lpn
from .outcome import Outcome, decide
from .rules_check import check_turn, complete_turn
from .turn import Turn, read_notation

__all__ = ["Position", "STAGES"]

#: Tree stages, smallest first (docs/rules.md, "Pieces and board").
STAGES = ("seedling", "sapling", "mature")

_DEFAULT_CORNERS = {2: ("a1", "e5"), 3: ("a1", "e1", "e5"), 4: ("a1", "e1", "e5", "a5")}


class Position:
    """A Logger position: the board, the seat to move, scores and supplies. Immutable and hashable.

    Build one with :meth:`initial` or :meth:`from_lpn`; get new ones with
    :meth:`play`. Two positions are equal when their LPN is equal.

    >>> p = Position.initial(2)
    >>> p.to_lpn()
    '....2/...../..s../...../1.... 1 0,0 2,2'
    >>> p.parse_turn("a3 *b3")  # in a position, the origin may be left out
    Turn.parse('a1-a3 *b3')
    >>> p.play("a1-a3 *b3").to_move
    2
    """

    __slots__ = ("_state", "_hash")

    _state: core.State
    _hash: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("create positions with Position.initial(...) or Position.from_lpn(...)")

    @classmethod
    def _from_state(cls, state: core.State) -> Position:
        self = object.__new__(cls)
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_hash", hash(state))
        return self

    @classmethod
    def from_raw(cls, state: core.State) -> Position:
        """The position of a raw state tuple (the bridge for bots, puzzles and charts; see :attr:`raw`).

        Args:
            state: ``(seedlings, saplings, mature, protested, loggers, mover, scores, supplies)``:
                four 25-bit cell masks, the loggers' cell indices (0–24, a1 = 0, one per seat,
                2–4 seats), the mover's 0-based seat, and one score and protester count per seat.

        Raises:
            ValueError: ``state`` is not such a tuple, or not a legal position (an
                :class:`~logger_widget.engine.errors.LPNError` saying why, as for LPN).
        """
        ok = isinstance(state, tuple) and len(state) == 8
        if ok:
            masks, loggers, mover, scores, supplies = state[:4], state[4], state[5], state[6], state[7]
            seats = [loggers, scores, supplies]
            ok = all(isinstance(m, int) and 0 <= m < 1 << 25 for m in masks) and isinstance(mover, int)
            ok = ok and all(isinstance(t, tuple) and all(isinstance(v, int) for v in t) for t in seats)
            ok = ok and 2 <= len(loggers) <= 4 and len(scores) == len(supplies) == len(loggers)
            ok = ok and all(0 <= c < 25 for c in loggers)
        if not ok:
            raise ValueError(
                "a raw position is (seedlings, saplings, mature, protested, loggers, mover, scores, "
                f"supplies) with 25-bit masks and one logger, score and supply per seat, not {state!r}"
            )
        parsed = parse_lpn(format_lpn(state))
        if parsed != state:
            raise ValueError(f"{state!r} is not a legal position (as LPN it reads {format_lpn(parsed)!r})")
        return cls._from_state(parsed)

    @property
    def raw(self) -> core.State:
        """The raw state tuple of the rules (:mod:`~logger_widget.engine.core`), for bots and analysis code.

        ``(seedlings, saplings, mature, protested, loggers, mover, scores, supplies)``; read fields
        by name (``core.MOVER``, ``core.mover_cell``). ``Position.from_raw(p.raw) == p``.
        """
        return self._state

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable; play(turn) returns a new position")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Position is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._state == other._state

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        return (Position.from_lpn, (self.to_lpn(),))

    # ------------------------------------------------------------------ construction

    @classmethod
    def initial(cls, players: int = 2, corners: Iterable[str] | None = None) -> Position:
        """The starting position: a seedling on c3, loggers on corners, full supplies.

        Args:
            players: 2, 3 or 4.
            corners: one distinct corner (``a1``, ``e1``, ``e5``, ``a5``) per seat,
                in seat order; default a1/e5 (2 players), a1/e1/e5 (3), a1/e1/e5/a5 (4)
                (docs/rules.md, "Setup").

        Raises:
            ValueError: players not 2–4, or corners not distinct corners, one per seat.
        """
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
        names = tuple(corners) if corners is not None else _DEFAULT_CORNERS[players]
        if len(names) != players:
            raise ValueError(f"corners must name one corner per seat ({players}), got {list(names)}")
        loggers = []
        for name in names:
            i = cell_index(name)
            if i not in CORNERS:
                raise ValueError(f"{name!r} is not a corner: loggers start on a1, e1, e5 or a5")
            if i in loggers:
                raise ValueError(f"corner {name!r} is chosen twice: each logger needs its own corner")
            loggers.append(i)
        each = core.total_protesters(players) // players
        state = (1 << cell_index("c3"), 0, 0, 0, tuple(loggers), 0, (0,) * players, (each,) * players)
        return cls._from_state(state)

    @classmethod
    def from_lpn(cls, text: str) -> Position:
        """Parse an LPN string (leading/trailing white space is ignored); see :mod:`~logger_widget.engine.lpn`.

        Raises:
            LPNError: a ``ValueError`` naming the input, the wrong field and why:
                wrong number of fields, bad ranks or characters, missing or
                duplicated loggers, counts out of range, more than 20 trees, or
                a protester total different from the game's.
        """
        return cls._from_state(parse_lpn(text))

    def to_lpn(self) -> str:
        """This position in LPN (round-trips: ``Position.from_lpn(p.to_lpn()) == p``)."""
        return format_lpn(self._state)

    @property
    def lpn(self) -> str:
        """Same as :meth:`to_lpn`."""
        return self.to_lpn()

    # ------------------------------------------------------------------ reading

    @property
    def players(self) -> int:
        """Number of players, 2–4."""
        return len(self._state[LOGGERS])

    @property
    def to_move(self) -> int:
        """Seat to move, 1-based (as printed to players)."""
        return self._state[MOVER] + 1

    @property
    def scores(self) -> tuple[int, ...]:
        """Points of each seat, in seat order."""
        return self._state[SCORES]

    @property
    def supplies(self) -> tuple[int, ...]:
        """Protesters in each seat's supply, in seat order."""
        return self._state[SUPPLIES]

    @property
    def loggers(self) -> tuple[str, ...]:
        """Cell of each seat's logger, in seat order."""
        return tuple(CELL_NAMES[c] for c in self._state[LOGGERS])

    def logger(self, seat: int) -> str:
        """Cell of the logger of ``seat`` (1-based). Raises ValueError for a seat not in the game."""
        if not isinstance(seat, int) or not 1 <= seat <= self.players:
            raise ValueError(f"seat must be 1 to {self.players}, not {seat!r}")
        return CELL_NAMES[self._state[LOGGERS][seat - 1]]

    @property
    def seedlings(self) -> frozenset[str]:
        """Cells holding a seedling."""
        return frozenset(cells_of(self._state[SEEDLINGS]))

    @property
    def saplings(self) -> frozenset[str]:
        """Cells holding a sapling."""
        return frozenset(cells_of(self._state[SAPLINGS]))

    @property
    def mature_trees(self) -> frozenset[str]:
        """Cells holding a mature tree (protested or not)."""
        return frozenset(cells_of(self._state[MATURE]))

    @property
    def protested(self) -> frozenset[str]:
        """Cells holding a mature tree with a protester."""
        return frozenset(cells_of(self._state[PROTESTED]))

    @property
    def trees(self) -> dict[str, str]:
        """Every tree: cell → ``"seedling"``, ``"sapling"`` or ``"mature"``, in cell order."""
        seed, sap, mat = self._state[:3]
        out = {}
        for i, name in enumerate(CELL_NAMES):
            b = 1 << i
            if seed & b:
                out[name] = "seedling"
            elif sap & b:
                out[name] = "sapling"
            elif mat & b:
                out[name] = "mature"
        return out

    @property
    def tree_count(self) -> int:
        """Trees on the board, 0–20."""
        return core.tree_mask(self._state).bit_count()

    @property
    def pool(self) -> int:
        """Trees that can still be added (large pyramids left in the pool): ``20 - tree_count``."""
        return core.MAX_TREES - self.tree_count

    def piece_at(self, cell: str) -> str | None:
        """What stands on ``cell``, by name.

        One of ``"seedling"``, ``"sapling"``, ``"mature"``, ``"protested"``
        (mature with a protester), ``"logger-N"`` or ``None``.

        Raises:
            ValueError: ``cell`` is not a cell name (``"a1"`` to ``"e5"``).
        """
        i = cell_index(cell)
        b = 1 << i
        seed, sap, mat, prot, loggers = self._state[:5]
        if i in loggers:
            return f"logger-{loggers.index(i) + 1}"
        if seed & b:
            return "seedling"
        if sap & b:
            return "sapling"
        if prot & b:
            return "protested"
        if mat & b:
            return "mature"
        return None

    @property
    def end_triggered(self) -> bool:
        """Some seat has 10 or more points: the current round is the last."""
        return max(self._state[SCORES]) >= core.TARGET_SCORE

    @property
    def is_terminal(self) -> bool:
        """The rules end the game here: the end was triggered and the round is complete (seat 1 to move).

        This is the position's own end (docs/rules.md, "End of the game"). A
        :class:`~logger_widget.Game` can also end by threefold repetition or a
        turn limit, which a single position cannot know: see ``Game.is_over``.
        """
        return core.is_terminal(self._state)

    def outcome(self) -> Outcome | None:
        """The result when :attr:`is_terminal`, else ``None`` (reason ``"target"``)."""
        if not self.is_terminal:
            return None
        return decide(self.scores, self.supplies, "target")

    # ------------------------------------------------------------------ moves

    def successors(self) -> set[Position]:
        """The distinct positions after one complete legal turn (docs/rules.md, "Successors").

        Empty when the game is over.
        """
        return {Position._from_state(s) for s in core.successors(self._state)}

    def legal_turns(self) -> Iterator[Turn]:
        """Every legal turn, each once: by destination, spawn set, then action.

        Different turns may lead to the same position (see :meth:`successors`).
        Yields nothing when the game is over.
        """
        origin = core.mover_cell(self._state)
        for raw, _ in core.legal_turns(self._state):
            yield Turn.from_raw(origin, raw)

    def parse_turn(self, text: str) -> Turn:
        """Parse turn notation and check that the turn is legal here.

        Unlike :meth:`Turn.parse` (notation only), the origin may be left out
        (``"b2 xb3"`` moves the mover's logger to b2), and a forced spawn set
        (the only legal one) may be left out too: both are filled in.

        Raises:
            NotationError: the text is not turn notation (names the text and why).
            IllegalTurnError: the turn breaks a rule here (names the turn, this LPN and the rule).
        """
        return complete_turn(self._state, read_notation(text), text)

    def play(self, turn: Turn | str) -> Position:
        """The position after ``turn`` (a :class:`Turn` or its notation, see :meth:`parse_turn`).

        Raises:
            NotationError: ``turn`` is a malformed string.
            IllegalTurnError: the turn breaks a rule here; nothing is changed.
            TypeError: ``turn`` is neither a :class:`Turn` nor a string.
        """
        if isinstance(turn, str):
            turn = self.parse_turn(turn)
        elif not isinstance(turn, Turn):
            raise TypeError(f"play() takes a Turn or turn notation, not {type(turn).__name__}")
        raw = check_turn(self._state, turn)
        return Position._from_state(core.apply_turn(self._state, *raw))

    def is_legal(self, turn: Turn | str) -> bool:
        """True when ``turn`` can be played here (never raises for illegal or malformed turns)."""
        try:
            self.play(turn)
        except ValueError:
            return False
        return True

    def start_turn(self) -> TurnInProgress:
        """Begin a turn step by step (see :class:`~logger_widget.engine.decisions.TurnInProgress`).

        Raises:
            IllegalTurnError: the game is over here.
        """
        return TurnInProgress.start(self)

    # ------------------------------------------------------------------ display

    def board_text(self) -> str:
        """A text diagram with coordinates on the edges (LPN letters, loggers as seat digits)."""
        rows = ["    a b c d e"]
        lpn_rows = self.to_lpn().split(" ")[0].split("/")
        for k, row in enumerate(lpn_rows):
            rank = 5 - k
            rows.append(f" {rank}  " + " ".join(row) + f"  {rank}")
        rows.append("    a b c d e")
        return "\n".join(rows)

    def __str__(self) -> str:
        seat = self.to_move
        if self.is_terminal:
            status = "game over"
        else:
            status = f"Player {seat} to move" + (" (end triggered: last round)" if self.end_triggered else "")
        scores = ", ".join(f"P{i + 1} {s}" for i, s in enumerate(self.scores))
        supplies = ", ".join(f"P{i + 1} {s}" for i, s in enumerate(self.supplies))
        return (
            f"{self.board_text()}\n"
            f"{status}\n"
            f"points: {scores}\n"
            f"protesters in supply: {supplies}\n"
            f"s seedling, a sapling, m mature tree, p protested tree, 1-{self.players} loggers"
        )

    def __repr__(self) -> str:
        return f"Position.from_lpn({self.to_lpn()!r})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

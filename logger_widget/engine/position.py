"""Immutable Logger positions and LPN (Logger Position Notation).

LPN (RULES.md, "LPN") is one line of four space-separated fields, e.g. the
2-player start ``....2/...../..s../...../1.... 1 0,0 2,2``:

1. the board, ranks 5 down to 1 separated by ``/``, files a→e:
   ``.`` empty, ``s`` seedling, ``a`` sapling, ``m`` mature tree,
   ``p`` mature tree with a protester, ``1``–``4`` the logger of that seat;
2. the seat to move, 1-based;
3. the scores by seat, comma separated (their number is the number of players);
4. the protesters in each seat's supply, comma separated.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from . import core
from .cells import CELL_NAMES, CORNERS, cell_index, cells_of
from .errors import LPNError
from .outcome import Outcome, decide
from .turn import Turn

if TYPE_CHECKING:
    from .decisions import TurnInProgress

__all__ = ["Position", "STAGES"]

#: Tree stages, smallest first (RULES.md, "Pieces and board").
STAGES = ("seedling", "sapling", "mature")

_NUMBER = re.compile(r"^(0|[1-9][0-9]{0,5})$")

_DEFAULT_CORNERS = {2: ("a1", "e5"), 3: ("a1", "e1", "e5"), 4: ("a1", "e1", "e5", "a5")}


class Position:
    """A Logger position: the board, the seat to move, scores and supplies. Immutable and hashable.

    Build one with :meth:`initial` or :meth:`from_lpn`; get new ones with
    :meth:`play`. Two positions are equal when their LPN is equal.
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
                (RULES.md, "Setup").
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
        """Parse an LPN string (leading/trailing white space is ignored).

        Raises:
            LPNError: a ``ValueError`` naming the input, the wrong field and why:
                wrong number of fields, bad ranks or characters, missing or
                duplicated loggers, counts out of range, more than 20 trees, or
                a protester total different from the game's.
        """
        if not isinstance(text, str):
            raise LPNError(repr(text), "format", f"LPN must be a string, not {type(text).__name__}")
        fields = text.strip().split(" ")
        if len(fields) != 4:
            raise LPNError(
                text, "format", f"expected 4 fields separated by single spaces, found {len(fields)}"
            )
        board, to_move_s, scores_s, supplies_s = fields

        def numbers(field: str, value: str) -> tuple[int, ...]:
            items = value.split(",")
            for item in items:
                if not _NUMBER.fullmatch(item):
                    raise LPNError(
                        text, field, f"{item!r} is not a whole number >= 0 (no signs, no leading zeros)"
                    )
            return tuple(int(item) for item in items)

        scores = numbers("scores", scores_s)
        players = len(scores)
        if not 2 <= players <= 4:
            raise LPNError(text, "scores", f"{players} entries: Logger is for 2, 3 or 4 players")
        supplies = numbers("supplies", supplies_s)
        if len(supplies) != players:
            raise LPNError(text, "supplies", f"{len(supplies)} entries for {players} players")
        if not _NUMBER.fullmatch(to_move_s) or not 1 <= int(to_move_s) <= players:
            raise LPNError(text, "to_move", f"{to_move_s!r} is not a seat from 1 to {players}")

        ranks = board.split("/")
        if len(ranks) != 5:
            raise LPNError(text, "board", f"expected 5 ranks separated by '/', found {len(ranks)}")
        seed = sap = mat = prot = 0
        loggers: list[int | None] = [None] * players
        for row, rank in enumerate(ranks):
            if len(rank) != 5:
                raise LPNError(text, "board", f"rank {5 - row} {rank!r} has {len(rank)} cells, expected 5")
            for f, ch in enumerate(rank):
                i = (4 - row) * 5 + f
                b = 1 << i
                if ch == ".":
                    continue
                if ch == "s":
                    seed |= b
                elif ch == "a":
                    sap |= b
                elif ch == "m":
                    mat |= b
                elif ch == "p":
                    mat |= b
                    prot |= b
                elif ch in "1234":
                    seat = int(ch)
                    if seat > players:
                        raise LPNError(
                            text, "board", f"logger {seat} on {CELL_NAMES[i]} but there are {players} players"
                        )
                    if loggers[seat - 1] is not None:
                        raise LPNError(text, "board", f"logger {seat} appears twice")
                    loggers[seat - 1] = i
                else:
                    raise LPNError(
                        text, "board", f"unknown character {ch!r} on {CELL_NAMES[i]} (use . s a m p 1-4)"
                    )
        missing = [str(s + 1) for s, c in enumerate(loggers) if c is None]
        if missing:
            raise LPNError(text, "board", f"logger(s) {', '.join(missing)} missing")
        trees = (seed | sap | mat).bit_count()
        if trees > core.MAX_TREES:
            raise LPNError(
                text, "board", f"{trees} trees, but at most {core.MAX_TREES} fit (the pool has 20)"
            )
        total = core.total_protesters(players)
        if prot.bit_count() + sum(supplies) != total:
            raise LPNError(
                text,
                "supplies",
                f"{sum(supplies)} in supplies + {prot.bit_count()} on trees != {total}, "
                f"the protesters of a {players}-player game",
            )
        cells = tuple(c for c in loggers if c is not None)
        state = (seed, sap, mat, prot, cells, int(to_move_s) - 1, scores, supplies)
        return cls._from_state(state)

    def to_lpn(self) -> str:
        """This position in LPN (round-trips: ``Position.from_lpn(p.to_lpn()) == p``)."""
        seed, sap, mat, prot, loggers, mover, scores, supplies = self._state
        chars = ["."] * 25
        for i in range(25):
            b = 1 << i
            if seed & b:
                chars[i] = "s"
            elif sap & b:
                chars[i] = "a"
            elif prot & b:
                chars[i] = "p"
            elif mat & b:
                chars[i] = "m"
        for seat, c in enumerate(loggers):
            chars[c] = str(seat + 1)
        board = "/".join("".join(chars[r * 5 : r * 5 + 5]) for r in range(4, -1, -1))
        return f"{board} {mover + 1} {','.join(map(str, scores))} {','.join(map(str, supplies))}"

    @property
    def lpn(self) -> str:
        """Same as :meth:`to_lpn`."""
        return self.to_lpn()

    # ------------------------------------------------------------------ reading

    @property
    def players(self) -> int:
        """Number of players, 2–4."""
        return len(self._state[4])

    @property
    def to_move(self) -> int:
        """Seat to move, 1-based (as printed to players)."""
        return self._state[5] + 1

    @property
    def scores(self) -> tuple[int, ...]:
        """Points of each seat, in seat order."""
        return self._state[6]

    @property
    def supplies(self) -> tuple[int, ...]:
        """Protesters in each seat's supply, in seat order."""
        return self._state[7]

    @property
    def loggers(self) -> tuple[str, ...]:
        """Cell of each seat's logger, in seat order."""
        return tuple(CELL_NAMES[c] for c in self._state[4])

    def logger(self, seat: int) -> str:
        """Cell of the logger of ``seat`` (1-based). Raises ValueError for a seat not in the game."""
        if not isinstance(seat, int) or not 1 <= seat <= self.players:
            raise ValueError(f"seat must be 1 to {self.players}, not {seat!r}")
        return CELL_NAMES[self._state[4][seat - 1]]

    @property
    def seedlings(self) -> frozenset[str]:
        """Cells holding a seedling."""
        return frozenset(cells_of(self._state[0]))

    @property
    def saplings(self) -> frozenset[str]:
        """Cells holding a sapling."""
        return frozenset(cells_of(self._state[1]))

    @property
    def mature_trees(self) -> frozenset[str]:
        """Cells holding a mature tree (protested or not)."""
        return frozenset(cells_of(self._state[2]))

    @property
    def protested(self) -> frozenset[str]:
        """Cells holding a mature tree with a protester."""
        return frozenset(cells_of(self._state[3]))

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
        return (self._state[0] | self._state[1] | self._state[2]).bit_count()

    @property
    def pool(self) -> int:
        """Trees that can still be added (large pyramids left in the pool): ``20 - tree_count``."""
        return core.MAX_TREES - self.tree_count

    def piece_at(self, cell: str) -> str | None:
        """What stands on ``cell``: ``"seedling"``, ``"sapling"``, ``"mature"``,
        ``"protested"`` (mature with a protester), ``"logger-N"`` or ``None``."""
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
        return max(self._state[6]) >= core.TARGET_SCORE

    @property
    def is_game_over(self) -> bool:
        """The end was triggered and the round is complete (seat 1 to move)."""
        return core.is_over(self._state)

    def outcome(self) -> Outcome | None:
        """The result when :attr:`is_game_over`, else ``None`` (reason ``"target"``)."""
        if not self.is_game_over:
            return None
        return decide(self.scores, self.supplies, "target")

    # ------------------------------------------------------------------ moves

    def successors(self) -> set[Position]:
        """The distinct positions after one complete legal turn (RULES.md, "Successors").

        Empty when the game is over.
        """
        return {Position._from_state(s) for s in core.successors(self._state)}

    def legal_turns(self) -> Iterator[Turn]:
        """Every legal turn, each once: by destination, spawn set, then action.

        Different turns may lead to the same position (see :meth:`successors`).
        Yields nothing when the game is over.
        """
        from .rules_check import raw_to_turn

        origin = self._state[4][self._state[5]]
        for raw, _ in core.legal_turns(self._state):
            yield raw_to_turn(origin, raw)

    def play(self, turn: Turn | str) -> Position:
        """The position after ``turn`` (a :class:`Turn` or its notation).

        Raises:
            NotationError: ``turn`` is a malformed string.
            IllegalTurnError: the turn breaks a rule here; nothing is changed.
        """
        from .rules_check import check_turn

        if isinstance(turn, str):
            turn = Turn.parse(turn, self)
        elif not isinstance(turn, Turn):
            raise TypeError(f"play() takes a Turn or turn notation, not {type(turn).__name__}")
        raw = check_turn(self, turn)
        return Position._from_state(core.apply_turn(self._state, *raw))

    def is_legal(self, turn: Turn | str) -> bool:
        """True when ``turn`` can be played here (never raises for illegal or malformed turns)."""
        try:
            self.play(turn)
        except ValueError:
            return False
        return True

    def start_turn(self) -> TurnInProgress:
        """Begin a turn step by step (see :class:`~logger_widget.engine.decisions.TurnInProgress`)."""
        from .decisions import TurnInProgress

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
        if self.is_game_over:
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

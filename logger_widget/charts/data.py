"""What the game charts show, as plain data (no matplotlib).

:func:`score_history` and :func:`forest_history` read a :class:`~logger_widget.Game`
(finished or in progress) and return frozen records; the charts draw them and
the tests compare them with the game record. Felled trees are computed with
the engine's own :func:`logger_widget.engine.core.chop_felled` (the rule is never
re-implemented here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..engine import core
from ..engine.cells import CELL_NAMES, cell_index, mask_of
from ..engine.game import Game
from ..engine.outcome import Outcome

__all__ = [
    "Axis",
    "Chop",
    "ScoreHistory",
    "ForestHistory",
    "TurnAction",
    "score_history",
    "forest_history",
    "x_values",
]

#: What the x axis counts: ``"turn"`` (0 = the start, k = after the k-th turn)
#: or ``"round"`` (k / players, so a round ends on each whole number).
Axis = Literal["turn", "round"]


@dataclass(frozen=True, slots=True)
class Chop:
    """One chop of the game.

    Attributes:
        turn: the turn number (1 = the first turn of the game).
        seat: who chopped (1-based).
        cell: the chopped tree.
        felled: every felled tree, from the chopped one outwards (domino effect).
        protesters: protesters on the felled trees (they go to the chopper's supply).
        score: the chopper's points after the chop.
    """

    turn: int
    seat: int
    cell: str
    felled: tuple[str, ...]
    protesters: int
    score: int

    @property
    def points(self) -> int:
        """Points scored: one per felled tree."""
        return len(self.felled)


@dataclass(frozen=True, slots=True)
class TurnAction:
    """The action of one turn: ``kind`` is ``"plant"``, ``"protest"``, ``"chop"`` or ``None`` (skipped)."""

    turn: int
    seat: int
    kind: str | None
    cells: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ScoreHistory:
    """Everything the score progression chart shows.

    Attributes:
        players: 2–4.
        first_seat: the seat to move in the starting position (1 in a normal game).
        movers: the seat that played each turn (``movers[k - 1]`` played turn ``k``).
        scores: ``scores[k]`` = every seat's points after ``k`` turns (``scores[0]`` = the start).
        supplies: protesters in supply, same layout.
        chops: every chop, in turn order.
        trigger: the first ``k`` with some score >= 10 (the end triggered), else ``None``.
        trigger_seat: the seat whose chop triggered it (``None`` when the game started triggered).
        end_reason: ``"target"``, ``"repetition"``, ``"turn_limit"`` or ``None`` (in progress).
        outcome: the game's :class:`~logger_widget.Outcome` when over.
        to_move: the seat to move now.
    """

    players: int
    first_seat: int
    movers: tuple[int, ...]
    scores: tuple[tuple[int, ...], ...]
    supplies: tuple[tuple[int, ...], ...]
    chops: tuple[Chop, ...]
    trigger: int | None
    trigger_seat: int | None
    end_reason: str | None
    outcome: Outcome | None
    to_move: int

    @property
    def turns(self) -> int:
        """Turns played."""
        return len(self.movers)

    @property
    def is_over(self) -> bool:
        """The game is over."""
        return self.end_reason is not None

    def seat_scores(self, seat: int) -> tuple[int, ...]:
        """Cumulative points of ``seat`` (1-based) after 0, 1, … turns."""
        return tuple(row[seat - 1] for row in self.scores)

    def x(self, by: Axis = "turn") -> tuple[float, ...]:
        """The x value of ``scores[k]`` for every ``k`` (see :func:`x_values`)."""
        return x_values(self.turns, self.players, self.first_seat, by)


@dataclass(frozen=True, slots=True)
class ForestHistory:
    """The forest after each turn (index 0 = the start).

    Attributes:
        seedlings, saplings: counts of each stage.
        mature: mature trees *without* a protester.
        protested: mature trees with a protester.
        actions: the action of every turn (``actions[k - 1]`` for turn ``k``).
        players, first_seat: as in :class:`ScoreHistory`.
    """

    players: int
    first_seat: int
    seedlings: tuple[int, ...]
    saplings: tuple[int, ...]
    mature: tuple[int, ...]
    protested: tuple[int, ...]
    actions: tuple[TurnAction, ...]

    @property
    def turns(self) -> int:
        """Number of turns played."""
        return len(self.actions)

    @property
    def trees(self) -> tuple[int, ...]:
        """All trees on the board after each turn."""
        return tuple(
            a + b + c + d for a, b, c, d in zip(self.seedlings, self.saplings, self.mature, self.protested)
        )

    def x(self, by: Axis = "turn") -> tuple[float, ...]:
        """The x coordinate of each position, by turn or by round (see :func:`x_values`)."""
        return x_values(self.turns, self.players, self.first_seat, by)


def x_values(turns: int, players: int, first_seat: int = 1, by: Axis = "turn") -> tuple[float, ...]:
    """X of the position after ``k`` turns, ``k = 0 … turns``.

    ``by="turn"``: ``k``. ``by="round"``: ``(k + first_seat - 1) / players``,
    so each whole number is the end of a round (seat 1 to move again) and the
    turns of a round fall in between.

    Raises:
        ValueError: ``by`` is neither ``"turn"`` nor ``"round"``.
    """
    if by == "turn":
        return tuple(float(k) for k in range(turns + 1))
    if by == "round":
        return tuple((k + first_seat - 1) / players for k in range(turns + 1))
    raise ValueError(f"by must be 'turn' or 'round', not {by!r}")


def _felled(state: core.State, destination: str, cell: str) -> tuple[tuple[str, ...], int]:
    """Cells felled (outwards from the logger) and protesters on them, for a chop from ``destination``."""
    dest = cell_index(destination)
    grown, _, _ = core.after_growth(state, dest)
    line = core.chop_line(grown[core.MATURE], dest, cell_index(cell))
    mask = mask_of(line)
    return tuple(CELL_NAMES[c] for c in line), (mask & grown[core.PROTESTED]).bit_count()


def _check(game: object) -> Game:
    if not isinstance(game, Game):
        raise TypeError(f"expected a logger_widget.Game, not {type(game).__name__}")
    return game


def score_history(game: Game) -> ScoreHistory:
    """Read the scores, chops and end of ``game`` (finished or in progress).

    Raises:
        TypeError: ``game`` is not a :class:`~logger_widget.Game`.
    """
    game = _check(game)
    positions: Sequence = game.positions
    turns = game.turns
    movers = tuple(p.to_move for p in positions[:-1])
    chops = []
    for k, turn in enumerate(turns, 1):
        if turn.action is None or turn.action.kind != "chop":
            continue
        before = positions[k - 1]
        seat = before.to_move
        felled, protesters = _felled(before.raw, turn.destination, turn.action.cells[0])
        chops.append(Chop(k, seat, turn.action.cells[0], felled, protesters, positions[k].scores[seat - 1]))
    trigger = next((k for k, p in enumerate(positions) if p.end_triggered), None)
    trigger_seat = movers[trigger - 1] if trigger else None
    return ScoreHistory(
        players=game.players,
        first_seat=positions[0].to_move,
        movers=movers,
        scores=tuple(p.scores for p in positions),
        supplies=tuple(p.supplies for p in positions),
        chops=tuple(chops),
        trigger=trigger,
        trigger_seat=trigger_seat,
        end_reason=game.end_reason,
        outcome=game.outcome,
        to_move=game.position.to_move,
    )


def forest_history(game: Game) -> ForestHistory:
    """Count the forest's parts after every turn of ``game``.

    Raises:
        TypeError: ``game`` is not a :class:`~logger_widget.Game`.
    """
    game = _check(game)
    positions = game.positions
    seedlings, saplings, mature, protested = [], [], [], []
    for p in positions:
        prot = len(p.protested)
        seedlings.append(len(p.seedlings))
        saplings.append(len(p.saplings))
        mature.append(len(p.mature_trees) - prot)
        protested.append(prot)
    actions = tuple(
        TurnAction(
            k,
            positions[k - 1].to_move,
            t.action.kind if t.action is not None else None,
            t.action.cells if t.action is not None else (),
        )
        for k, t in enumerate(game.turns, 1)
    )
    return ForestHistory(
        game.players,
        positions[0].to_move,
        tuple(seedlings),
        tuple(saplings),
        tuple(mature),
        tuple(protested),
        actions,
    )

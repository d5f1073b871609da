"""A turn in progress, one decision at a time.

The board widget and the search bots never re-implement the rules: they ask a
:class:`TurnInProgress` which choices are legal at the current stage, pick
one, and get a new (immutable) :class:`TurnInProgress` back. Stages:

``"move"``
    options: the destination cells (the logger's own cell = stay).
``"spawn"``
    growth spawns seedlings and the mover must place them: options are the
    cells that can still be part of a maximum spawn set given the cells
    already chosen (docs/rules.md, maximal-spawn [decision]). Chosen one by one.
``"action"``
    options: the action kinds that are possible (``"plant"``, ``"protest"``,
    ``"chop"``). When none is possible the stage is skipped (``skipped``).
``"plant"`` / ``"chop"``
    options: the target cells. :meth:`chop_preview` tells what would fall.
``"protest"``
    multi-select: options are the unprotested mature trees not chosen yet
    (while the supply lasts) and ``"done"`` once at least one is chosen;
    choosing a chosen tree again un-chooses it.
``"done"``
    the turn is complete: :attr:`turn` and :attr:`result`.

Forced stages (a single option) can be resolved with :meth:`auto`.

This module sits below :mod:`~logger_widget.engine.position` (which imports it
for ``Position.start_turn``): it never imports ``Position`` at run time and
builds the positions it returns with the class of the position it started from.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from . import core
from .cells import CELL_NAMES, LINES, cell_index, cells_of
from .core import MATURE, PROTESTED, SAPLINGS, SEEDLINGS
from .errors import IllegalTurnError
from .lpn import format_lpn
from .turn import RawTurn, Turn

if TYPE_CHECKING:
    from .position import Position

__all__ = ["ChopPreview", "Stage", "TurnInProgress", "DONE"]

Stage = Literal["move", "spawn", "action", "plant", "protest", "chop", "done"]

#: The option that finishes a protest multi-selection.
DONE = "done"

_KINDS = (("plant", core.PLANT), ("protest", core.PROTEST), ("chop", core.CHOP))


@dataclass(frozen=True, slots=True)
class ChopPreview:
    """What chopping a tree would do.

    Attributes:
        target: the chopped tree's cell.
        felled: every felled tree's cell, from the chopped one outwards (domino effect).
        points: points scored (one per felled tree).
        protesters_gained: protesters on felled trees, going to the mover's supply.
    """

    target: str
    felled: tuple[str, ...]
    points: int
    protesters_gained: int


@dataclass(frozen=True, slots=True)
class TurnInProgress:
    """An immutable partial turn of ``position``'s seat to move. See the module docstring.

    Create with :meth:`Position.start_turn`; advance with :meth:`choose`.

    >>> from logger_widget import Position
    >>> t = Position.initial(2).start_turn()
    >>> t.stage, t.options()
    ('move', ('a1', 'b1', 'c1', 'a2', 'b2', 'a3'))
    >>> t = t.choose("a3")  # c3 grows; the only possible action is planting
    >>> t.stage, t.options(), t.grown_trees
    ('action', ('plant',), ('c3',))
    >>> t.choose("plant").choose("b3").turn
    Turn.parse('a1-a3 *b3')
    """

    position: Position
    stage: Stage
    dest: int = -1  # the destination's cell index once moved, else -1 (see :attr:`destination`)
    state: core.State | None = None  # after movement, growth and the spawns chosen so far
    spawners: int = 0
    free: int = 0  # free cells after growth, before spawns
    spawn_sets: tuple[int, ...] = (0,)
    spawn: int = 0
    kind: int = core.NONE
    chosen: int = 0  # protest trees chosen so far, or the plant/chop target when done
    grew: int = 0  # trees that grew one stage this turn

    @classmethod
    def start(cls, position: Position) -> TurnInProgress:
        """The first stage (``"move"``) of ``position``'s next turn.

        Raises:
            IllegalTurnError: the game is over.
        """
        if core.is_terminal(position._state):
            raise IllegalTurnError("(start)", format_lpn(position._state), "game_over")
        return cls(position, "move")

    # ------------------------------------------------------------------ reading

    @property
    def seat(self) -> int:
        """The seat (1-based) whose turn this is."""
        return self.position.to_move

    @property
    def origin(self) -> str:
        """The cell the mover's logger starts on."""
        return CELL_NAMES[core.mover_cell(self.position._state)]

    @property
    def destination(self) -> str | None:
        """The cell the logger moved to, or ``None`` at stage ``"move"`` (as :attr:`Turn.destination`)."""
        return CELL_NAMES[self.dest] if self.dest >= 0 else None

    def options(self, canonical: bool = False) -> tuple[str, ...]:
        """The legal choices at this stage (cell names, action kinds or ``"done"``).

        Args:
            canonical: for search: offer spawn and protest cells only in
                increasing cell order, so that each set is reached by exactly
                one sequence of choices.

        Returns:
            A tuple; empty only at stage ``"done"``.
        """
        stage = self.stage
        if stage == "move":
            s = self.position._state
            return tuple(
                CELL_NAMES[c] for c in core.destinations(core.mover_cell(s), core.occupied_for_move(s))
            )
        if stage == "spawn":
            return cells_of(self._spawn_cells(canonical))
        if stage == "action":
            plant, unprotected, supply, chop = self._action_sets()
            kinds = []
            if plant:
                kinds.append("plant")
            if supply and unprotected:
                kinds.append("protest")
            if chop:
                kinds.append("chop")
            return tuple(kinds)
        if stage == "plant":
            return cells_of(self._action_sets()[0])
        if stage == "chop":
            return cells_of(self._action_sets()[3])
        if stage == "protest":
            _, unprotected, supply, _ = self._action_sets()
            cells = unprotected & ~self.chosen if self.chosen.bit_count() < supply else 0
            if canonical and self.chosen:
                cells &= ~((1 << self.chosen.bit_length()) - 1)
            return cells_of(cells) + ((DONE,) if self.chosen else ())
        return ()

    def _spawn_cells(self, canonical: bool) -> int:
        return core.next_spawn_cells(self.spawn_sets, self.spawn, canonical)

    def _action_sets(self) -> tuple[int, int, int, int]:
        s = self.state
        assert s is not None
        return core.action_sets(s, self.dest, core.tree_mask(s), self.free & ~self.spawn)

    @property
    def spawns_needed(self) -> int:
        """How many spawned seedlings the mover must still place at stage ``"spawn"``."""
        return self.spawn_sets[0].bit_count() - self.spawn.bit_count()

    @property
    def spawning_trees(self) -> tuple[str, ...]:
        """Cells of the mature trees that spawn this turn (after the movement)."""
        return cells_of(self.spawners)

    @property
    def grown_trees(self) -> tuple[str, ...]:
        """Cells of the trees that grew one stage this turn (after the movement)."""
        return cells_of(self.grew)

    @property
    def spawned(self) -> tuple[str, ...]:
        """Cells of the spawned seedlings placed so far."""
        return cells_of(self.spawn)

    @property
    def protest_chosen(self) -> tuple[str, ...]:
        """Trees chosen so far at stage ``"protest"``."""
        return cells_of(self.chosen) if self.stage == "protest" else ()

    @property
    def skipped(self) -> bool:
        """The turn is done and its action phase was skipped (no action was possible)."""
        return self.stage == "done" and self.kind == core.NONE

    def chop_preview(self, cell: str) -> ChopPreview:
        """What chopping ``cell`` would fell; stage ``"action"`` or ``"chop"`` only.

        Raises:
            IllegalTurnError: ``cell`` cannot be chopped now.
        """
        i = cell_index(cell)
        if self.stage not in ("action", "chop") or not self._action_sets()[3] >> i & 1:
            raise self._refuse(cell)
        assert self.state is not None
        line = core.chop_line(self.state[MATURE], self.dest, i)
        felled = sum(1 << c for c in line)
        return ChopPreview(
            CELL_NAMES[i],
            tuple(CELL_NAMES[c] for c in line),
            len(line),
            (felled & self.state[PROTESTED]).bit_count(),
        )

    def board(self) -> Position:
        """The board as it stands in this turn so far (logger moved, growth and spawns placed).

        The seat to move is unchanged; at stage ``"done"`` this is :attr:`result`.
        """
        if self.stage == "done":
            return self.result
        if self.state is None:
            return self.position
        return self.position._from_state(self.state)

    # ------------------------------------------------------------------ choosing

    def _refuse(self, choice: object) -> IllegalTurnError:
        return IllegalTurnError(str(choice), format_lpn(self.position._state), "not_an_option", choice=choice)

    def choose(self, option: str) -> TurnInProgress:
        """The partial turn after taking ``option``.

        ``option`` is one of :meth:`options`, or a chosen protest tree to un-choose.

        Raises:
            IllegalTurnError: ``option`` is not legal at this stage (rule ``"not_an_option"``).
        """
        if not isinstance(option, str):
            raise self._refuse(option)
        option = option.strip().lower()
        stage = self.stage
        if (
            stage == "protest"
            and option != DONE
            and option in CELL_NAMES
            and self.chosen >> cell_index(option) & 1
        ):
            return replace(self, chosen=self.chosen & ~(1 << cell_index(option)))
        if option not in self.options():
            raise self._refuse(option)
        if stage == "move":
            dest = cell_index(option)
            state = self.position._state
            grown, spawners, free = core.after_growth(state, dest)
            sets = core.spawn_sets(spawners, free, core.MAX_TREES - core.tree_mask(grown).bit_count())
            grew = (state[SEEDLINGS] | state[SAPLINGS]) & LINES[dest]
            nxt = replace(
                self,
                stage="spawn",
                dest=dest,
                state=grown,
                spawners=spawners,
                free=free,
                spawn_sets=sets,
                grew=grew,
            )
            return nxt._enter_action() if sets == (0,) else nxt
        if stage == "spawn":
            b = 1 << cell_index(option)
            assert self.state is not None
            nxt = replace(self, state=core.with_spawns(self.state, b), spawn=self.spawn | b)
            return nxt._enter_action() if nxt.spawn in self.spawn_sets else nxt
        if stage == "action":
            return replace(self, stage=option)  # type: ignore[arg-type]
        if stage in ("plant", "chop"):
            return replace(
                self,
                stage="done",
                kind=core.PLANT if stage == "plant" else core.CHOP,
                chosen=1 << cell_index(option),
            )
        if stage == "protest":
            if option == DONE:
                return replace(self, stage="done", kind=core.PROTEST)
            return replace(self, chosen=self.chosen | 1 << cell_index(option))
        raise self._refuse(option)

    def _enter_action(self) -> TurnInProgress:
        if core.action_count(*self._action_sets()):
            return replace(self, stage="action")
        return replace(self, stage="done", kind=core.NONE, chosen=0)

    def back(self) -> TurnInProgress:
        """From a target stage (``"plant"``, ``"chop"``, ``"protest"``) back to ``"action"``.

        Raises:
            IllegalTurnError: at any other stage (earlier choices are undone by keeping the earlier object).
        """
        if self.stage not in ("plant", "chop", "protest"):
            raise self._refuse("back")
        return replace(self, stage="action", chosen=0)

    def auto(self) -> TurnInProgress:
        """Resolve forced stages: take every choice that is the only one possible.

        A spawn stage whose remaining cells form the only legal completion is
        placed at once. The protest multi-selection is never finished for the
        player unless ``"done"`` is the only option left.
        """
        t = self
        while t.stage != "done":
            if t.stage == "spawn":
                fits = core.spawn_prefix_sets(t.spawn_sets, t.spawn)
                if len(fits) != 1:
                    break
                for c in cells_of(fits[0] & ~t.spawn):
                    t = t.choose(c)
                continue
            opts = t.options()
            if len(opts) != 1:
                break
            t = t.choose(opts[0])
        return t

    # ------------------------------------------------------------------ result

    def _raw(self) -> RawTurn:
        if self.stage != "done":
            raise ValueError(f"the turn is not complete: it is at stage {self.stage!r}")
        return self.dest, self.spawn, self.kind, self.chosen

    @property
    def turn(self) -> Turn:
        """The completed :class:`~logger_widget.engine.turn.Turn`. Raises ValueError before stage ``"done"``."""
        return Turn.from_raw(core.mover_cell(self.position._state), self._raw())

    @property
    def result(self) -> Position:
        """The position after the completed turn. Raises ValueError before stage ``"done"``."""
        return self.position._from_state(core.apply_turn(self.position._state, *self._raw()))

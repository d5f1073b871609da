"""A turn in progress, one decision at a time.

The board widget and the search bots never re-implement the rules: they ask a
:class:`TurnInProgress` which choices are legal at the current stage, pick
one, and get a new (immutable) :class:`TurnInProgress` back. Stages:

``"move"``
    options: the destination cells (the logger's own cell = stay).
``"spawn"``
    growth spawns seedlings and the mover must place them: options are the
    cells that can still be part of a maximum spawn set given the cells
    already chosen (RULES.md, maximal-spawn [decision]). Chosen one by one.
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
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from . import core
from .cells import CELL_NAMES, LINES, bits, cell_index, cells_of
from .errors import IllegalTurnError

if TYPE_CHECKING:
    from .position import Position
    from .turn import Turn

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
    """

    position: Position
    stage: Stage
    destination: int = -1
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
        if core.is_over(position._state):
            raise IllegalTurnError("(start)", position.to_lpn(), "game_over")
        return cls(position, "move")

    # ------------------------------------------------------------------ reading

    @property
    def seat(self) -> int:
        """The seat (1-based) whose turn this is."""
        return self.position.to_move

    @property
    def origin(self) -> str:
        """The cell the mover's logger starts on."""
        s = self.position._state
        return CELL_NAMES[s[4][s[5]]]

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
            return tuple(CELL_NAMES[c] for c in core.destinations(s[4][s[5]], core.occupied_for_move(s)))
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
        chosen = self.spawn
        union = 0
        if canonical:
            # Each legal set is reached by taking its cells in increasing order: a set
            # fits when the chosen cells are exactly its lowest cells; offer its next one.
            below = (1 << chosen.bit_length()) - 1 if chosen else 0
            for m in self.spawn_sets:
                if m & below == chosen:
                    rest = m & ~chosen
                    union |= rest & -rest
            return union
        for m in self.spawn_sets:
            if m & chosen == chosen:
                union |= m
        return union & ~chosen

    def _action_sets(self) -> tuple[int, int, int, int]:
        s = self.state
        assert s is not None
        trees = s[0] | s[1] | s[2]
        return core.action_sets(s, self.destination, trees, self.free & ~self.spawn)

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
        felled = core.chop_felled(self.state[2], self.destination, i)
        order = sorted(
            bits(felled),
            key=lambda c: abs(c % 5 - self.destination % 5) + abs(c // 5 - self.destination // 5),
        )
        return ChopPreview(
            CELL_NAMES[i],
            tuple(CELL_NAMES[c] for c in order),
            felled.bit_count(),
            (felled & self.state[3]).bit_count(),
        )

    def board(self) -> Position:
        """The board as it stands in this turn so far (logger moved, growth and spawns placed).

        The seat to move is unchanged; at stage ``"done"`` this is :attr:`result`.
        """
        from .position import Position

        if self.stage == "done":
            return self.result
        if self.state is None:
            return self.position
        return Position._from_state(self.state)

    # ------------------------------------------------------------------ choosing

    def _refuse(self, choice: object) -> IllegalTurnError:
        return IllegalTurnError(str(choice), self.position.to_lpn(), "not_an_option", choice=choice)

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
            trees = grown[0] | grown[1] | grown[2]
            sets = core.spawn_sets(spawners, free, core.MAX_TREES - trees.bit_count())
            line = LINES[dest]
            grew = (state[0] | state[1]) & line
            nxt = replace(
                self,
                stage="spawn",
                destination=dest,
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
            state = (self.state[0] | b,) + self.state[1:]
            nxt = replace(self, state=state, spawn=self.spawn | b)
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
                fits = [m for m in t.spawn_sets if m & t.spawn == t.spawn]
                if len(fits) != 1:
                    break
                for c in bits(fits[0] & ~t.spawn):
                    t = t.choose(CELL_NAMES[c])
                continue
            opts = t.options()
            if len(opts) != 1:
                break
            t = t.choose(opts[0])
        return t

    # ------------------------------------------------------------------ result

    def _raw(self) -> tuple[int, int, int, int]:
        if self.stage != "done":
            raise ValueError(f"the turn is not complete: it is at stage {self.stage!r}")
        return self.destination, self.spawn, self.kind, self.chosen

    @property
    def turn(self) -> Turn:
        """The completed :class:`~logger_widget.engine.turn.Turn`. Raises ValueError before stage ``"done"``."""
        from .rules_check import raw_to_turn

        s = self.position._state
        return raw_to_turn(s[4][s[5]], self._raw())

    @property
    def result(self) -> Position:
        """The position after the completed turn. Raises ValueError before stage ``"done"``."""
        from .position import Position

        return Position._from_state(core.apply_turn(self.position._state, *self._raw()))

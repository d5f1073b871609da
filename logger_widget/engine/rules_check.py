"""Checking a proposed :class:`~logger_widget.engine.turn.Turn` against the rules, with reasons.

The legal moves themselves come from :mod:`logger_widget.engine.core`; this
module only explains *why* a turn is not among them, naming the rule it breaks
(docs/rules.md), so that an :class:`~logger_widget.engine.errors.IllegalTurnError`
can tell a player "e4 is not reachable in two steps" instead of "illegal".
It works on the raw :data:`~logger_widget.engine.core.State`;
:class:`~logger_widget.Position` calls it.
"""

from __future__ import annotations

from . import core
from .cells import ADJACENT, CELL_NAMES, cell_index, cells_of, distance
from .core import LOGGERS, MATURE, MOVER, PROTESTED, SUPPLIES
from .errors import IllegalTurnError
from .lpn import format_lpn
from .turn import RawTurn, Turn, WrittenTurn, mask_of_cells

__all__ = ["check_turn", "complete_turn"]


def complete_turn(state: core.State, written: WrittenTurn, text: str) -> Turn:
    """Fill in what the notation ``text`` left out, then check the turn (see :func:`check_turn`).

    An omitted origin is the mover's logger; an omitted spawn set is the only
    legal one when there is exactly one (else none).

    Raises:
        IllegalTurnError: the completed turn breaks a rule in ``state``.
    """
    origin, destination, spawns, action = written
    mover_cell = core.mover_cell(state)
    if origin is None:
        origin = CELL_NAMES[mover_cell]
    if spawns is None:
        spawns = ()
        dest = cell_index(destination)
        if (
            not core.is_terminal(state)
            and origin == CELL_NAMES[mover_cell]
            and dest in core.destinations(mover_cell, core.occupied_for_move(state))
        ):
            grown, spawners, free = core.after_growth(state, dest)
            sets = core.spawn_sets(spawners, free, core.MAX_TREES - core.tree_mask(grown).bit_count())
            if len(sets) == 1:
                spawns = cells_of(sets[0])
    turn = Turn(origin, destination, spawns, action)
    check_turn(state, turn, text)
    return turn


def check_turn(state: core.State, turn: Turn, text: str | None = None) -> RawTurn:
    """Check ``turn`` in the raw ``state`` and return it as a raw turn.

    Raises:
        IllegalTurnError: naming the turn, the position (LPN) and the first
            rule the turn breaks, in the order movement, growth, action.
    """
    label = text if text is not None else turn.notation()

    def fail(rule: str, **params: object) -> IllegalTurnError:
        return IllegalTurnError(label, format_lpn(state), rule, **params)

    if core.is_terminal(state):
        raise fail("game_over")
    loggers, mover = state[LOGGERS], state[MOVER]
    origin = loggers[mover]
    if cell_index(turn.origin) != origin:
        raise fail("wrong_origin", seat=mover + 1, logger=CELL_NAMES[origin], origin=turn.origin)

    # Movement
    dest = cell_index(turn.destination)
    if dest not in core.destinations(origin, core.occupied_for_move(state)):
        bit = 1 << dest
        if core.tree_mask(state) & bit:
            raise fail("destination_tree", cell=turn.destination)
        if dest in loggers:
            raise fail("destination_logger", cell=turn.destination, other=loggers.index(dest) + 1)
        if distance(dest, origin) > 2:
            raise fail("destination_too_far", cell=turn.destination, origin=turn.origin)
        raise fail("destination_blocked", cell=turn.destination, origin=turn.origin)

    # Growth
    grown, spawners, free = core.after_growth(state, dest)
    trees = core.tree_mask(grown)
    sets = core.spawn_sets(spawners, free, core.MAX_TREES - trees.bit_count())
    spawn = mask_of_cells(turn.spawns)
    if spawn not in sets:
        reach = 0
        for s in range(25):
            if spawners >> s & 1:
                reach |= ADJACENT[s]
        for c in turn.spawns:
            b = 1 << cell_index(c)
            if not free & b:
                raise fail("spawn_not_free", cell=c)
            if not reach & b:
                raise fail("spawn_not_adjacent", cell=c)
        expected = sets[0].bit_count()
        if len(turn.spawns) != expected:
            raise fail("spawn_count", expected=expected, given=len(turn.spawns))
        raise fail("spawn_not_maximal")
    grown = core.with_spawns(grown, spawn)
    trees |= spawn
    free &= ~spawn

    # Action
    plant, unprotected, supply, chop = core.action_sets(grown, dest, trees, free)
    action = turn.action
    if action is None:
        if core.action_count(plant, unprotected, supply, chop):
            raise fail("action_required")
        return dest, spawn, core.NONE, 0
    kind, target = turn.raw_action()
    first = action.cells[0]
    if action.kind == "plant":
        if not plant & target:
            if trees.bit_count() >= core.MAX_TREES:
                raise fail("plant_limit")
            if not ADJACENT[dest] & target:
                raise fail("plant_not_adjacent", cell=first)
            raise fail("plant_not_free", cell=first)
    elif action.kind == "protest":
        own = grown[SUPPLIES][mover]
        if len(action.cells) > own:
            raise fail("protest_no_supply", supply=own, count=len(action.cells))
        for c in action.cells:
            b = 1 << cell_index(c)
            if not grown[MATURE] & b:
                raise fail("protest_not_mature", cell=c)
            if grown[PROTESTED] & b:
                raise fail("protest_already", cell=c)
    else:
        if not ADJACENT[dest] & target:
            raise fail("chop_not_adjacent", cell=first)
        if not grown[MATURE] & target:
            raise fail("chop_not_mature", cell=first)
        if grown[PROTESTED] & target:
            raise fail("chop_protested", cell=first)
    return dest, spawn, kind, target

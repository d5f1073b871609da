"""Checking a proposed :class:`~logger_widget.engine.turn.Turn` against the rules, with reasons.

The legal moves themselves come from :mod:`logger_widget.engine.core`; this module
only explains *why* a turn is not among them, naming the rule it breaks
(RULES.md), so that an :class:`~logger_widget.engine.errors.IllegalTurnError` can tell
a player "e4 is not reachable in two steps" instead of "illegal".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import core
from .cells import ADJACENT, CELL_NAMES, cell_index, cells_of
from .errors import IllegalTurnError
from .turn import Action, Turn

if TYPE_CHECKING:
    from .position import Position

__all__ = ["RawTurn", "check_turn", "complete_and_check", "raw_to_turn"]

#: ``(destination, spawn_mask, kind, target_mask)`` as used by :mod:`logger_widget.engine.core`.
RawTurn = tuple[int, int, int, int]

_KIND_CODE = {"plant": core.PLANT, "protest": core.PROTEST, "chop": core.CHOP}
_KIND_NAME = {core.PLANT: "plant", core.PROTEST: "protest", core.CHOP: "chop"}


def _mask(cells: tuple[str, ...]) -> int:
    m = 0
    for c in cells:
        m |= 1 << cell_index(c)
    return m


def raw_to_turn(origin: int, raw: RawTurn) -> Turn:
    """Build the :class:`Turn` value for a raw turn played from ``origin``."""
    dest, spawn, kind, target = raw
    action = None if kind == core.NONE else Action(_KIND_NAME[kind], cells_of(target))  # type: ignore[arg-type]
    return Turn(CELL_NAMES[origin], CELL_NAMES[dest], cells_of(spawn), action)


def complete_and_check(
    position: Position,
    origin: str | None,
    destination: str,
    spawns: tuple[str, ...] | None,
    action: Action | None,
    text: str,
) -> Turn:
    """Fill in an omitted origin or forced spawn set, then check the turn (see :func:`check_turn`)."""
    state = position._state
    mover_cell = state[4][state[5]]
    if origin is None:
        origin = CELL_NAMES[mover_cell]
    if spawns is None:
        spawns = ()
        dest = cell_index(destination)
        if (
            not core.is_over(state)
            and origin == CELL_NAMES[mover_cell]
            and dest in core.destinations(mover_cell, core.occupied_for_move(state))
        ):
            grown, spawners, free = core.after_growth(state, dest)
            trees = grown[0] | grown[1] | grown[2]
            sets = core.spawn_sets(spawners, free, core.MAX_TREES - trees.bit_count())
            if len(sets) == 1:
                spawns = cells_of(sets[0])
    turn = Turn(origin, destination, spawns, action)
    check_turn(position, turn, text)
    return turn


def check_turn(position: Position, turn: Turn, text: str | None = None) -> RawTurn:
    """Check ``turn`` in ``position`` and return it as a raw turn.

    Raises:
        IllegalTurnError: naming the turn, the position (LPN) and the first
            rule the turn breaks, in the order movement, growth, action.
    """
    state = position._state
    label = text if text is not None else turn.notation()

    def fail(rule: str, **params: object) -> IllegalTurnError:
        return IllegalTurnError(label, position.to_lpn(), rule, **params)

    if core.is_over(state):
        raise fail("game_over")
    seed, sap, mat, prot, loggers, mover, scores, supplies = state
    origin = loggers[mover]
    if cell_index(turn.origin) != origin:
        raise fail("wrong_origin", seat=mover + 1, logger=CELL_NAMES[origin], origin=turn.origin)

    # Movement
    dest = cell_index(turn.destination)
    if dest not in core.destinations(origin, core.occupied_for_move(state)):
        bit = 1 << dest
        distance = abs(dest % 5 - origin % 5) + abs(dest // 5 - origin // 5)
        if (seed | sap | mat) & bit:
            raise fail("destination_tree", cell=turn.destination)
        if dest in loggers:
            raise fail("destination_logger", cell=turn.destination, other=loggers.index(dest) + 1)
        if distance > 2:
            raise fail("destination_too_far", cell=turn.destination, origin=turn.origin)
        raise fail("destination_blocked", cell=turn.destination, origin=turn.origin)

    # Growth
    grown, spawners, free = core.after_growth(state, dest)
    trees = grown[0] | grown[1] | grown[2]
    sets = core.spawn_sets(spawners, free, core.MAX_TREES - trees.bit_count())
    spawn = _mask(turn.spawns)
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
    if spawn:
        grown = (grown[0] | spawn,) + grown[1:]
        trees |= spawn
        free &= ~spawn

    # Action
    plant, unprotected, supply, chop = core.action_sets(grown, dest, trees, free)
    action = turn.action
    if action is None:
        if core.action_count(plant, unprotected, supply, chop):
            raise fail("action_required")
        return dest, spawn, core.NONE, 0
    target = _mask(action.cells)
    first = action.cells[0]
    if action.kind == "plant":
        if not plant & target:
            if trees.bit_count() >= core.MAX_TREES:
                raise fail("plant_limit")
            if not ADJACENT[dest] & target:
                raise fail("plant_not_adjacent", cell=first)
            raise fail("plant_not_free", cell=first)
    elif action.kind == "protest":
        own = grown[7][mover]
        if len(action.cells) > own:
            raise fail("protest_no_supply", supply=own, count=len(action.cells))
        for c in action.cells:
            b = 1 << cell_index(c)
            if not grown[2] & b:
                raise fail("protest_not_mature", cell=c)
            if grown[3] & b:
                raise fail("protest_already", cell=c)
    else:
        if not ADJACENT[dest] & target:
            raise fail("chop_not_adjacent", cell=first)
        if not grown[2] & target:
            raise fail("chop_not_mature", cell=first)
        if grown[3] & target:
            raise fail("chop_protested", cell=first)
    return dest, spawn, _KIND_CODE[action.kind], target

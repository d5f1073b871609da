"""A greedy bot: the best immediate gain, with a simple defence. Deterministic."""

from __future__ import annotations

from typing import Any

from ..engine import core
from ..engine.position import Position
from ..engine.turn import Turn
from .base import BaseBot, Candidate, best_chop, legal_raw_turns, raw_turn_to_turn

__all__ = ["GreedyBot", "greedy_value"]

#: Worth of one protester, in points, for the greedy bot's bookkeeping.
PROTESTER_WORTH = 0.5


def _with_mover(state: core.State, mover: int) -> core.State:
    return state[:5] + (mover,) + state[6:]


def greedy_value(before: core.State, raw: tuple[int, int, int, int], after: core.State) -> float:
    """The greedy score of one turn, in points.

    ``gain - threat`` where

    * gain = points scored by the turn's chop + 0.5 × protesters gained from it
      − 0.5 × protesters spent by a protest;
    * threat = the next seat's biggest possible chop in the resulting
      position (:func:`~logger_widget.bots.base.best_chop`: points + 0.5 ×
      protesters it would gain); 0 if the game is over.

    So a turn that protests the tree the next player would chop, or chops it
    first, scores better than one that leaves it standing.
    """
    mover = before[5]
    points = after[core.SCORES][mover] - before[core.SCORES][mover]
    supply_change = after[core.SUPPLIES][mover] - before[core.SUPPLIES][mover]
    gain = points + PROTESTER_WORTH * supply_change
    if core.is_terminal(after):
        return gain
    threat_points, threat_protesters = best_chop(after)
    return gain - threat_points - PROTESTER_WORTH * threat_protesters


class GreedyBot(BaseBot):
    """Best immediate gain with a simple defence; no look-ahead beyond the next seat's chop.

    Every legal turn is scored with :func:`greedy_value` (points from the chop
    and protesters gained, minus protesters spent, minus the next seat's biggest
    chop afterwards). Ties are broken deterministically, in this order:

    1. the bigger chop this bot could make from the resulting position if it
       moved again (prepare the next chop);
    2. the action: chop, then plant, then skipped, then protest (keep protesters);
    3. the first turn in :meth:`Position.legal_turns` order (destination cell
       a1…e5, spawn set, then action).

    The ``seed`` is accepted for a uniform interface and not used.
    """

    default_name = "greedy"

    def __init__(self, seed: Any = None, name: str | None = None) -> None:
        super().__init__(seed, name)

    def _scored(self, state: core.State) -> list[tuple[float, tuple[int, int, int, int], core.State]]:
        seen: set[core.State] = set()
        out = []
        for raw, after in legal_raw_turns(state):
            if after in seen:
                continue
            seen.add(after)
            out.append((greedy_value(state, raw, after), raw, after))
        return out

    def analyse(self, position: Position) -> list[Candidate]:
        """Every distinct legal turn with its :func:`greedy_value`, best first (ties in choice order)."""
        state = position.raw
        scored = self._scored(state)
        ranked = sorted(range(len(scored)), key=lambda i: self._key(state, scored[i], i))
        return [Candidate(raw_turn_to_turn(state, scored[i][1]), scored[i][0]) for i in ranked]

    _ACTION_RANK = {core.CHOP: 0, core.PLANT: 1, core.NONE: 2, core.PROTEST: 3}

    def _key(self, state: core.State, item: tuple[Any, ...], index: int) -> tuple[Any, ...]:
        value, raw, after = item
        prepare = best_chop(_with_mover(after, state[core.MOVER]))[0] if not core.is_terminal(after) else 0
        return (-value, -prepare, self._ACTION_RANK[raw[2]], index)

    def choose(self, position: Position) -> Turn:
        """The greedy turn (see the class docstring). Raises IllegalTurnError if the game is over."""
        state = position.raw
        if core.is_terminal(state):
            position.start_turn()  # raises IllegalTurnError("game_over")
        scored = self._scored(state)
        top = max(v for v, _, _ in scored)
        best = min(
            (i for i, item in enumerate(scored) if item[0] >= top - 1e-9),
            key=lambda i: self._key(state, scored[i], i),
        )
        return raw_turn_to_turn(state, scored[best][1])

"""A depth-limited minimax bot for teaching: alpha-beta (2 players), paranoid (3–4 players).

Search
    The tree's moves are complete turns; positions reached by several turns
    are searched once (:meth:`Position.successors` level). Depth is counted in
    turns (plies): depth 1 looks at our own turn only, depth 2 also at the
    next seat's reply, and so on.

    * 2 players: minimax with alpha-beta pruning (Knuth, D. E. & Moore, R. W.
      (1975), "An analysis of alpha-beta pruning", Artificial Intelligence 6).
    * 3–4 players: the *paranoid* assumption (Sturtevant, N. & Korf, R. (2000),
      "On pruning techniques for multi-player games", AAAI 2000): every other
      seat plays to minimise our evaluation, which turns the game into a
      two-sided one so alpha-beta still applies.

    Children are ordered by the static :func:`evaluate` (best first for the
    side choosing), and with ``width`` only the best ``width`` children of each
    node below the root are searched (a "beam"; the root always looks at all).
"""

from __future__ import annotations

from typing import Any

from ..engine import core
from ..engine.outcome import decide
from ..engine.position import Position
from ..engine.turn import Turn
from .base import (
    CHOP_LATER,
    CHOP_NOW,
    POINT,
    PROTESTER_WEIGHT,
    BaseBot,
    Candidate,
    legal_raw_turns,
    raw_turn_to_turn,
    seat_value,
)

__all__ = ["CHOP_LATER", "CHOP_NOW", "POINT", "PROTESTER_WEIGHT", "MinimaxBot", "WIN", "evaluate"]

#: Value of a won game (a lost one is ``-WIN``; a k-way shared win ``WIN / k``).
WIN = 1_000_000.0


def evaluate(position: Position | core.State, seat: int) -> float:
    """How good ``position`` is for ``seat`` (1-based), in points; larger is better.

    For a finished game: ``WIN / k`` if ``seat`` is one of ``k`` winners,
    else ``-WIN``. Otherwise ``mine - best other`` where for each seat::

        value = 1.0 × points
              + 0.5 × protesters in supply
              + w × (biggest chop it could make now: points + 0.5 × protesters gained)

    with ``w = 0.8`` for the seat to move (it can chop right away) and
    ``w = 0.3`` for the others (the mature trees near their logger may be
    protested or chopped first). In the last round (the end is triggered)
    ``w`` is 1 for the seat to move, 0.3 for the seats after it and 0 for
    those that have played their last turn, and a protester is worth only
    0.01 (a tie-break). See :func:`logger_widget.bots.base.seat_value`.

    Args:
        position: a :class:`Position` (or its raw state).
        seat: 1 to the number of players.

    Raises:
        ValueError: ``seat`` out of range.
    """
    state = position.raw if isinstance(position, Position) else position
    players = len(state[core.SCORES])
    if not isinstance(seat, int) or not 1 <= seat <= players:
        raise ValueError(f"seat must be 1 to {players}, not {seat!r}")
    if core.is_terminal(state):
        winners = decide(state[core.SCORES], state[core.SUPPLIES], "target").winners
        return WIN / len(winners) if seat in winners else -WIN
    me = seat - 1
    mine = seat_value(state, me)
    best_other = max(seat_value(state, i) for i in range(players) if i != me)
    return mine - best_other


class MinimaxBot(BaseBot):
    """Depth-limited alpha-beta (2 players) / paranoid (3–4 players) search with :func:`evaluate`.

    Args:
        depth: search depth in turns, >= 1.
        width: search only the ``width`` best children (by static evaluation)
            of each node below the root; ``None`` searches all.
        seed: accepted for a uniform interface; the bot is deterministic (ties:
            the first turn in :meth:`Position.legal_turns` order).
        name: default ``"minimax"``.

    Raises:
        ValueError: depth < 1 or width < 1.
    """

    default_name = "minimax"
    _params = ("depth", "width")

    def __init__(
        self, depth: int = 2, width: int | None = None, seed: Any = None, name: str | None = None
    ) -> None:
        super().__init__(seed, name)
        if not isinstance(depth, int) or depth < 1:
            raise ValueError(f"depth must be a whole number >= 1, not {depth!r}")
        if width is not None and (not isinstance(width, int) or width < 1):
            raise ValueError(f"width must be a whole number >= 1 or None, not {width!r}")
        self.depth = depth
        self.width = width

    def choose(self, position: Position) -> Turn:
        """The turn with the best backed-up value. Raises IllegalTurnError if the game is over."""
        return self.analyse(position)[0].turn

    def analyse(self, position: Position) -> list[Candidate]:
        """Every distinct turn with its backed-up value for the mover, best first.

        Values of turns after the first are exact only when they beat the
        alpha-beta bound; the others are upper bounds (enough to rank them below).
        Raises IllegalTurnError if the game is over.
        """
        state = position.raw
        if core.is_terminal(state):
            position.start_turn()  # raises IllegalTurnError("game_over")
        me = state[core.MOVER] + 1
        children: dict[core.State, tuple[int, int, int, int]] = {}
        for raw, after in legal_raw_turns(state):
            children.setdefault(after, raw)
        order = sorted(children, key=lambda s: -evaluate(s, me))
        alpha = -float("inf")
        scored = []
        for child in order:
            value = self._search(child, self.depth - 1, alpha, float("inf"), me)
            scored.append((value, child))
            if value > alpha:
                alpha = value
        ranked = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
        return [Candidate(raw_turn_to_turn(state, children[scored[i][1]]), scored[i][0]) for i in ranked]

    def _search(self, state: core.State, depth: int, alpha: float, beta: float, me: int) -> float:
        if depth == 0 or core.is_terminal(state):
            return evaluate(state, me)
        maximising = state[core.MOVER] + 1 == me
        kids = list(core.successors(state))
        if depth == 1 and self.width is None:
            values = [evaluate(k, me) for k in kids]
            return max(values) if maximising else min(values)
        scored = sorted(((evaluate(k, me), k) for k in kids), key=lambda vk: -vk[0] if maximising else vk[0])
        if self.width is not None:
            scored = scored[: self.width]
        if maximising:
            value = -float("inf")
            for _, k in scored:
                value = max(value, self._search(k, depth - 1, alpha, beta, me))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        else:
            value = float("inf")
            for _, k in scored:
                value = min(value, self._search(k, depth - 1, alpha, beta, me))
                beta = min(beta, value)
                if alpha >= beta:
                    break
        return value

"""A bot that plays uniformly at random at each decision (the policy of MCTS playouts)."""

from __future__ import annotations

from typing import Any

from ..engine import core
from ..engine.position import Position
from ..engine.turn import Turn
from .base import BaseBot

__all__ = ["RandomBot"]


class RandomBot(BaseBot):
    """Uniform at each decision: destination, then spawn set, then action.

    Each plant cell, each protest subset and each chop counts as one action.
    This is exactly :func:`logger_widget.engine.core.random_turn`, the policy of the
    MCTS playouts, so a :class:`RandomBot` game is an MCTS playout.

    Args:
        seed: seed of the bot's own :class:`random.Random` (``None``: not reproducible).
        name: default ``"random"``.
    """

    default_name = "random"

    def __init__(self, seed: Any = None, name: str | None = None) -> None:
        super().__init__(seed, name)

    def choose(self, position: Position) -> Turn:
        """A random legal turn. Raises ``IllegalTurnError`` (via the engine) only if the game is over."""
        state = position.raw
        if core.is_terminal(state):
            position.start_turn()  # raises IllegalTurnError("game_over")
        dest, spawn, kind, target, _ = core.random_turn(state, self.rng)
        return Turn.from_raw(core.mover_cell(state), (dest, spawn, kind, target))

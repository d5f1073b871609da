"""Tournaments between bots (:mod:`.runner`) and the ratings computed from them (:mod:`.ratings`).

Imports the engine and the bots, never the board, charts or classroom.
"""

from .ratings import Comparison, Rating, bradley_terry, elo, wilson_interval
from .runner import *  # noqa: F403
from .runner import __all__ as _runner_all

__all__ = [*_runner_all, "Comparison", "Rating", "bradley_terry", "elo", "wilson_interval"]

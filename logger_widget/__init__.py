"""Logger (Erik Dresner, 2008) in Jupyter: rules engine, bots, board widget, charts.

The rules engine (``Position``, ``Turn``, ``Game`` and friends) is pure Python
with no UI imports; the widget and charts are imported lazily so that
``import logger_widget`` stays light.
"""

from __future__ import annotations

from typing import Any

from .engine import (
    Action,
    ChopPreview,
    Game,
    IllegalTurnError,
    LoggerError,
    LPNError,
    NotationError,
    Outcome,
    Position,
    RecordError,
    Turn,
    TurnInProgress,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ChopPreview",
    "Game",
    "IllegalTurnError",
    "LPNError",
    "LoggerError",
    "NotationError",
    "Outcome",
    "Position",
    "RecordError",
    "Turn",
    "TurnInProgress",
]


def __getattr__(name: str) -> Any:
    if name == "Board":
        from .board import Board

        return Board
    raise AttributeError(f"module 'logger_widget' has no attribute {name!r}")

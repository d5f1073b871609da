"""The rules engine: pure Python, no UI imports.

Layers, lowest first (each module imports only those above it):

- :mod:`.cells` — cell names, indices and bit masks of the 5×5 board;
- :mod:`.core` — the rules as stateless functions over the raw bitboard state;
- :mod:`.errors`, :mod:`.outcome` — error types and the scoring of an ended game;
- :mod:`.lpn` — reading and writing Logger Position Notation;
- :mod:`.turn` — the :class:`Turn`/:class:`Action` value types and their notation;
- :mod:`.rules_check` — why a proposed turn is illegal, on the raw state;
- :mod:`.decisions` — :class:`TurnInProgress`, a turn one decision at a time;
- :mod:`.position` — the immutable :class:`Position`;
- :mod:`.game` — :class:`Game`, a record with undo/redo and end-of-game rules.

The rules themselves are in ``docs/rules.md``.
"""

from .decisions import ChopPreview, TurnInProgress
from .errors import IllegalTurnError, LoggerError, LPNError, NotationError, RecordError
from .game import Game
from .outcome import Outcome
from .position import Position
from .turn import Action, Turn

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

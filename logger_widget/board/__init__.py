"""The anywidget board: Python holds the rules, ``static/board.js`` only draws and sends intents.

- :mod:`.widget` — the :class:`Board` widget (it owns the game, the seats and a stack of modes);
- :mod:`.host` — what the board's collaborators may ask of it, and what a mode is;
- :mod:`.controller`, :mod:`.modes`, :mod:`.review_mode`, :mod:`.puzzle_mode` — the modes:
  Play, Setup and Replay, Review, and :class:`PuzzleBoard`'s Puzzle;
- :mod:`.online_mode` — :class:`OnlineBoard`, a class game played live through the class game service,
  and :mod:`.lobby` — :class:`Lobby`, who is online, seeks, challenges, the pupil's games;
- :mod:`.view` — the JSON view model the ES module draws;
- ``static/`` — ``board.js`` (exports ``{ render }``) and ``board.css``.
"""

from .lobby import Lobby
from .online_mode import OnlineBoard
from .puzzle_mode import PuzzleBoard
from .widget import Board

__all__ = ["Board", "Lobby", "OnlineBoard", "PuzzleBoard"]

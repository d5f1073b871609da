"""The anywidget board: Python holds the rules, ``static/board.js`` only draws and sends intents.

- :mod:`.widget` — the :class:`Board` widget (it owns the game, the seats and a stack of modes);
- :mod:`.host` — what the board's collaborators may ask of it, and what a mode is;
- :mod:`.controller`, :mod:`.modes`, :mod:`.review_mode`, :mod:`.puzzle_mode` — the modes:
  Play, Setup and Replay, Review, and :class:`PuzzleBoard`'s Puzzle;
- :mod:`.online_mode` — :class:`OnlineBoard`, a class game played live through the class game service,
  and :mod:`.lobby` — :class:`Lobby`, who is online, seeks, challenges, the pupil's games;
- :mod:`.mistakes_mode` — :class:`MistakesBoard`: the pupil's own mistakes as puzzles;
- :mod:`.progress_link` — which progress a board saves into, and saving games and reviews;
- :mod:`.view` — the JSON view model the ES module draws;
- ``static/`` — ``board.js`` (exports ``{ render }``) and ``board.css``.
"""

from .lobby import Lobby
from .mistakes_mode import MistakesBoard, my_mistakes
from .online_mode import OnlineBoard
from .puzzle_mode import PuzzleBoard
from .widget import Board

__all__ = ["Board", "Lobby", "MistakesBoard", "OnlineBoard", "PuzzleBoard", "my_mistakes"]

"""The anywidget board: Python holds the rules, ``static/board.js`` only draws and sends intents.

- :mod:`.widget` — the :class:`Board` widget (it owns the game, the seats and a stack of modes);
- :mod:`.host` — what the board's collaborators may ask of it, and what a mode is;
- :mod:`.controller`, :mod:`.modes`, :mod:`.review_mode`, :mod:`.puzzle_mode` — the modes:
  Play, Setup and Replay, Review, and :class:`PuzzleBoard`'s Puzzle;
- :mod:`.delivery` — the one way a background result reaches the kernel's thread;
- :mod:`.mistakes_mode` — :class:`MistakesBoard`: the pupil's own mistakes as puzzles;
- :mod:`.progress_link` — which progress a board saves into, and saving games and reviews;
- :mod:`.view` — the JSON view model the ES module draws;
- ``static/`` — ``board.js`` (exports ``{ render }``) and ``board.css``.
"""

from .mistakes_mode import MistakesBoard, my_mistakes
from .puzzle_mode import PuzzleBoard
from .widget import Board

__all__ = ["Board", "MistakesBoard", "PuzzleBoard", "my_mistakes"]

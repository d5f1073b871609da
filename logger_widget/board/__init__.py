"""The anywidget board: Python holds the rules, ``static/board.js`` only draws and sends intents.

- :mod:`.widget` — the :class:`Board` widget;
- :mod:`.view` — the JSON view model the ES module draws;
- ``static/`` — ``board.js`` (exports ``{ render }``) and ``board.css``.
"""

from .widget import Board

__all__ = ["Board"]

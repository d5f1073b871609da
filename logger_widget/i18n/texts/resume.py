"""Texts of a board that finds its game saved beside the notebook (:mod:`logger_widget.board.persistence`)."""

from __future__ import annotations

from .. import NNP_, NP_

__all__ = ["SAVED_GAME", "RESUMED", "RESUME_BUTTON", "NOTHING_SAVED", "NOT_SAVED"]

# TRANSLATORS: shown on a board when the notebook's folder holds this board's unfinished game
# (the kernel was restarted). The quoted words are the button RESUME_BUTTON (without the count);
# "board.resume()" is Python code: keep it as it is.
SAVED_GAME = NNP_(
    "board:notice",
    "An unfinished game of this board was saved ({n} turn). To continue it, press “Resume the saved "
    "game” (or run board.resume() in code).",
    "An unfinished game of this board was saved ({n} turns). To continue it, press “Resume the saved "
    "game” (or run board.resume() in code).",
)
# TRANSLATORS: a button on a board whose unfinished game was saved; {n} turns were played in it.
RESUME_BUTTON = NNP_("board", "Resume the saved game ({n} turn)", "Resume the saved game ({n} turns)")
# TRANSLATORS: the resume button was pressed, but the saved game has gone meanwhile.
NOTHING_SAVED = NP_("board:notice", "No unfinished game of this board is saved any more.")
# TRANSLATORS: after board.resume(): the saved game is back.
RESUMED = NNP_("board:notice", "Saved game resumed after {n} turn.", "Saved game resumed after {n} turns.")
# TRANSLATORS: on a new board in JupyterLite (Python in the browser) when
# the browser keeps no files beyond the page: the game cannot be kept.
NOT_SAVED = NP_(
    "board:notice",
    "Games on this board are not saved: this browser keeps no files for the notebook. "
    "Closing or reloading the page loses the game.",
)

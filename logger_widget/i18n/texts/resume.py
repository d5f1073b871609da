"""Texts of a board that finds its game saved beside the notebook (:mod:`logger_widget.board.persistence`)."""

from __future__ import annotations

from .. import NNP_

__all__ = ["SAVED_GAME", "RESUMED"]

# TRANSLATORS: shown on a board when the notebook's folder holds this board's unfinished game
# (the kernel was restarted). "board.resume()" is Python code: keep it as it is.
SAVED_GAME = NNP_(
    "board:notice",
    "An unfinished game of this board was saved ({n} turn). To continue it, run board.resume() "
    "(with your board's name).",
    "An unfinished game of this board was saved ({n} turns). To continue it, run board.resume() "
    "(with your board's name).",
)
# TRANSLATORS: after board.resume(): the saved game is back.
RESUMED = NNP_("board:notice", "Saved game resumed after {n} turn.", "Saved game resumed after {n} turns.")

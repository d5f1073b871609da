"""Texts of the pupil's progress on the boards (:mod:`logger_widget.progress`): saving, lessons done, personal puzzles."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from .. import NNP_, NP_, PMessage

__all__ = ["AGAIN", "LESSON_DONE", "NOT_SAVED", "PERSONAL", "REASONS", "REVIEWED", "REVIEW_OUTCOME"]

# TRANSLATORS: shown on a lesson, puzzle or game board when the pupil's progress (lessons done,
# puzzle rating, games) cannot be saved; {reason} is one sentence of the "progress:reason" context.
NOT_SAVED = NP_(
    "progress",
    "Your progress is not being saved: {reason} The board works as usual, but what you do here is "
    "lost when the notebook is closed.",
)

#: Why progress is not saved, one per kind of :class:`logger_widget.progress.ProgressError`.
# TRANSLATORS: {where} is a file name or a web address: keep it as it is.
REASONS: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "corrupt": NP_(
            "progress:reason",
            "the progress file {where} is damaged. It is left as it is: show it to your teacher.",
        ),
        "locked": NP_("progress:reason", "the progress file {where} is in use by another program."),
        "readonly": NP_("progress:reason", "the progress file {where} cannot be written."),
        "unavailable": NP_("progress:reason", "the progress file {where} cannot be opened."),
        "unreachable": NP_("progress:reason", "the class game service does not answer."),
        "refused": NP_("progress:reason", "the class game service did not accept this notebook's login."),
        "invalid": NP_("progress:reason", "the saved progress could not be read."),
    }
)

# TRANSLATORS: after a lesson's task, when the pupil finished this lesson before (on another
# day, in another notebook).
LESSON_DONE = NP_("progress", "✓ You have finished this lesson before.")

#: The personal puzzle board ("learn from your mistakes"), context ``progress:personal``.
PERSONAL: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        # TRANSLATORS: the header of a personal puzzle; {theme} is a puzzle theme's name,
        # {label} is "an inaccuracy", "a mistake" or "a blunder" (context review:label-lower).
        "header": NP_("progress:personal", "Your own puzzle {n} of {total} · {theme} · {label} in your game"),
        # TRANSLATORS: {ply} is the turn's number in the pupil's game, {turn} its notation.
        "task": NP_(
            "progress:personal",
            "Turn {ply} of your game: you played {turn} here. Find a better turn!",
        ),
        # TRANSLATORS: the task of a personal puzzle whose answers are every turn clearly better
        # than the one played (not only the best); {ply} and {turn} as above.
        "task_better": NP_(
            "progress:personal",
            "Turn {ply} of your game: you played {turn} here. Find a turn that is clearly better than yours!",
        ),
        # TRANSLATORS: the task of a personal puzzle whose answer is the better turn the review's
        # search found; {ply} and {turn} as above.
        "task_review": NP_(
            "progress:personal",
            "Turn {ply} of your game: you played {turn} here. The review found a better turn: can you find it?",
        ),
        # TRANSLATORS: after the answer; {sentence} is what the review said about the turn in the game,
        # a whole sentence that opens with a capital ("Turn 3, Player 1: an error…"): do not join it
        # with a colon.
        "coach": NP_("progress:personal", "From your game. {sentence}"),
        "none": NP_(
            "progress:personal",
            "No puzzles from your games yet. They come from your errors: after a game on the board of the "
            "play notebook, press “Review the game”, and the board says how many puzzles it made.",
        ),
    }
)

#: When the personal puzzle comes back (context ``progress:again``).
# TRANSLATORS: the last sentence of a personal puzzle's verdict, after the reasons ("This turn
# ends the game…"): do not open it with "this" as well.
AGAIN = MappingProxyType(
    {
        "minutes": NNP_(
            "progress:again",
            "You will see this puzzle again in {n} minute.",
            "You will see this puzzle again in {n} minutes.",
        ),
        "hours": NNP_(
            "progress:again",
            "You will see this puzzle again in {n} hour.",
            "You will see this puzzle again in {n} hours.",
        ),
        "days": NNP_(
            "progress:again",
            "You will see this puzzle again in {n} day.",
            "You will see this puzzle again in {n} days.",
        ),
    }
)

# TRANSLATORS: after a game's review on the board: {n} turns of the pupil's became personal puzzles.
REVIEWED = NNP_(
    "progress",
    "{n} of your turns became a puzzle for you: solve it in the puzzles notebook, under “Puzzles from "
    "your own games”.",
    "{n} of your turns became puzzles for you: solve them in the puzzles notebook, under “Puzzles from "
    "your own games”.",
)

#: What came of a review when no new personal puzzle was made (context ``progress:review``).
REVIEW_OUTCOME: MappingProxyType[str, Any] = MappingProxyType(  # PMessage or PPluralMessage
    {
        "clean": NP_(
            "progress:review",
            "The review found no inaccuracy, mistake or blunder in your turns: nothing new to practise.",
        ),
        "known": NP_(
            "progress:review",
            "Your errors in this game are already among your puzzles: solve them in the puzzles notebook, "
            "under “Puzzles from your own games”.",
        ),
        # TRANSLATORS: {n} errors of the pupil, none of which could become a puzzle (a search disagreed).
        "none": NNP_(
            "progress:review",
            "The review found {n} error in your turns, but the searches do not agree on a better turn, "
            "so it did not become a puzzle.",
            "The review found {n} errors in your turns, but the searches do not agree on a better turn, "
            "so they did not become puzzles.",
        ),
    }
)

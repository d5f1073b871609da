"""A pupil's progress that lasts: lessons finished, puzzle attempts and rating, games, reviews, personal puzzles.

See docs/progress.md. Quick start (in a notebook; the boards do this by themselves)::

    from logger_widget.progress import Progress
    progress = Progress.open()        # the class game service on the hub, else a file beside the notebooks
    progress.lessons_done(), progress.rating(), progress.due()

* :mod:`.records` — the values (:class:`LessonDone`, :class:`Attempt`, :class:`SavedGame`,
  :class:`PersonalPuzzle`, :class:`Snapshot`) and their JSON forms.
* :mod:`.store` — the :class:`ProgressStore` protocol and :class:`ProgressError`.
* :mod:`.sql` — :class:`SQLProgressStore` (SQLAlchemy Core: the local SQLite file, the class database).
* :mod:`.remote` — :class:`ServiceProgressStore` (the kernel on the hub, through the class game service).
* :mod:`.mistakes` — learn from your mistakes: a review's proved errors become personal puzzles.
* :mod:`.schedule` — when a personal puzzle comes back (FSRS spaced repetition).
* :mod:`.tracker` — :class:`Progress`, what the boards use: it never breaks a board.

Text-free: the boards put the words around it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .mistakes import personal_puzzles, review_summary
from .records import Attempt, LessonDone, PersonalPuzzle, ProgressRecordError, SavedGame, Snapshot
from .remote import ServiceProgressStore
from .schedule import GRADES, grade_of
from .store import ProgressError, ProgressStore
from .tracker import Progress, default_progress

if TYPE_CHECKING:  # imported on first use (see __getattr__)
    from .sql import SQLProgressStore, local_url

__all__ = [
    "GRADES",
    "Attempt",
    "LessonDone",
    "PersonalPuzzle",
    "Progress",
    "ProgressError",
    "ProgressRecordError",
    "ProgressStore",
    "SQLProgressStore",
    "SavedGame",
    "ServiceProgressStore",
    "Snapshot",
    "default_progress",
    "grade_of",
    "local_url",
    "personal_puzzles",
    "review_summary",
]


def __getattr__(name: str) -> object:
    """The SQL store, imported on first use (SQLAlchemy takes a few hundred milliseconds to import)."""
    if name in ("SQLProgressStore", "local_url"):
        from . import sql

        return getattr(sql, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

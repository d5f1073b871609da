"""The :class:`ProgressStore` protocol: where one pupil's progress is kept, and its one error.

Two stores implement it: :class:`~logger_widget.progress.sql.SQLProgressStore` (SQLAlchemy
Core over SQLite or PostgreSQL: the kernel's local file off the hub, and the class game
service's class database) and :class:`~logger_widget.progress.remote.ServiceProgressStore`
(the kernel on the hub, over the service's progress endpoints, so a pupil's kernel never
opens the class database). A store serves **one pupil**: it is opened for that pupil and
cannot read or write anyone else's records.

Every method raises :class:`ProgressError` — and only that — when the store cannot be used
(damaged or locked file, unreachable service, refused request), with a ``kind`` a board
turns into a sentence and a message naming the place and why.
"""

from __future__ import annotations

from typing import Protocol

from .records import Attempt, LessonDone, PersonalPuzzle, SavedGame, Snapshot

__all__ = ["KINDS", "ProgressError", "ProgressStore"]

#: The kinds of :class:`ProgressError`.
KINDS = ("corrupt", "locked", "readonly", "unavailable", "unreachable", "refused", "invalid")


class ProgressError(Exception):
    """The progress store cannot be used.

    Attributes:
        kind: one of :data:`KINDS`: ``corrupt`` (the file is not a database or is damaged),
            ``locked`` (another program holds the database), ``readonly`` (no permission to
            write), ``unavailable`` (the file or server cannot be opened), ``unreachable``
            (the class game service does not answer), ``refused`` (the service refused the
            request: not logged in, not allowed), ``invalid`` (a record sent or read is malformed).
        where: the file, database URL (without password) or service address.
        detail: the underlying reason (English, for logs and teachers).
    """

    def __init__(self, kind: str, where: str, detail: str) -> None:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        self.kind = kind
        self.where = where
        self.detail = detail
        super().__init__(f"progress store {where}: {kind}: {detail}")


class ProgressStore(Protocol):
    """One pupil's progress (see the module docstring). Every method may raise :class:`ProgressError`."""

    @property
    def pupil(self) -> str:
        """The pupil whose progress this is."""

    @property
    def where(self) -> str:
        """Where it is kept (a file, a database URL without password, a service address)."""

    def snapshot(self) -> Snapshot:
        """Everything saved for the pupil."""

    def finish_lesson(self, lesson: LessonDone) -> None:
        """Record a finished lesson (a lesson finished again keeps its first time)."""

    def add_attempt(self, attempt: Attempt) -> None:
        """Record a rated puzzle attempt."""

    def save_game(self, game: SavedGame) -> None:
        """Save a game (replacing the saved game with the same id; a saved review is kept unless given)."""

    def save_personal(self, puzzle: PersonalPuzzle) -> None:
        """Save a personal puzzle (replacing the one with the same id: its schedule after an answer)."""

"""The pupil's progress as the boards of one kernel use it: :class:`Progress`, which never breaks a board.

:meth:`Progress.open` picks the store: on the classroom hub the class game service
(:class:`~.remote.ServiceProgressStore`), else ``LW_PROGRESS_DB`` (any SQLAlchemy URL) or the
local file beside the notebooks (:func:`~.sql.local_url`). What was saved is read once;
every change is kept in the kernel and written at once.

When the store cannot be used — a damaged or locked file, a read-only folder, a service
that does not answer — :attr:`Progress.problem` holds the :class:`~.store.ProgressError`,
the boards say that progress is not being saved and why, and everything goes on: lessons,
puzzles and games work, their progress lives in the kernel only. Nothing here raises
for a store's sake.
"""

from __future__ import annotations

import getpass
import logging
import os
import threading
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any, TypeVar

from ..engine.game import Game
from ..puzzles import PupilRating
from ..review import Review
from .mistakes import personal_puzzles, review_summary
from .records import Attempt, LessonDone, PersonalPuzzle, SavedGame, Snapshot, as_utc, now, rating_of
from .remote import ServiceProgressStore, on_hub
from .schedule import grade_of, review
from .store import ProgressError, ProgressStore

__all__ = ["Progress", "default_progress"]

log = logging.getLogger(__name__)

T = TypeVar("T")


def _local_pupil() -> str:
    try:
        return getpass.getuser() or "pupil"
    except (KeyError, OSError):  # no name for this uid (a container)
        return "pupil"


class Progress:
    """One pupil's progress in this kernel (see the module docstring).

    Args:
        store: where it is saved, or ``None`` (nothing is saved: ``problem`` says why, when known).
        problem: why nothing is saved.
        pupil: the pupil's name while the store cannot say it (default: the account's name).
    """

    def __init__(
        self, store: ProgressStore | None, problem: ProgressError | None = None, pupil: str | None = None
    ) -> None:
        self._store = store
        self._lock = threading.RLock()
        #: why progress is not saved (``None`` while it is)
        self.problem: ProgressError | None = problem
        snap: Snapshot | None = None
        if store is not None and problem is None:
            snap = self._try(store.snapshot, None)
        self._snap = snap or Snapshot(pupil=pupil or _local_pupil())

    @classmethod
    def open(cls, database: str | None = None, pupil: str | None = None) -> Progress:
        """Open the pupil's progress (never raises: a store that cannot be used is the :attr:`problem`).

        Args:
            database: a SQLAlchemy URL; default: the class game service on the hub, else
                ``LW_PROGRESS_DB`` or the local file in the working directory.
            pupil: the name saved with the records in a SQL store (default: the account's name).
        """
        name = pupil or _local_pupil()
        try:
            if database is None and on_hub():
                return cls(ServiceProgressStore())
            from .sql import SQLProgressStore, local_url  # SQLAlchemy only for a SQL store

            url = database or os.environ.get("LW_PROGRESS_DB") or local_url()
            return cls(SQLProgressStore(url, name), pupil=name)
        except ProgressError as error:
            log.warning("logger_widget: progress is not saved: %s", error)
            return cls(None, error, name)
        except Exception as error:  # noqa: BLE001 - no SQLite in this Python, a bad URL…: the board goes on
            log.warning("logger_widget: progress is not saved: %s", error)
            where = database or os.environ.get("LW_PROGRESS_DB") or "the local progress file"
            return cls(None, ProgressError("unavailable", where, f"{type(error).__name__}: {error}"), name)

    # ------------------------------------------------------------------ state

    @property
    def saving(self) -> bool:
        """Progress is being saved (a store, and no problem so far)."""
        return self._store is not None and self.problem is None

    @property
    def where(self) -> str:
        """Where progress is saved (file, URL or service), ``""`` with no store."""
        return self._store.where if self._store is not None else ""

    @property
    def snapshot(self) -> Snapshot:
        """Everything known of the pupil's progress in this kernel (saved or not)."""
        return self._snap

    def _try(self, work: Callable[[], T], default: T) -> T:
        """Run a store call; a :class:`ProgressError` becomes :attr:`problem` (saving stops) and ``default``."""
        if self._store is None or self.problem is not None:
            return default
        try:
            return work()
        except ProgressError as error:
            log.warning("logger_widget: progress is not saved any more: %s", error)
            self.problem = error  # the boards say so at their next redraw
            return default

    # ------------------------------------------------------------------ lessons

    def lessons_done(self) -> set[str]:
        """Keys of the lessons the pupil has finished."""
        return {x.lesson for x in self._snap.lessons}

    def finish_lesson(self, key: str, when: datetime | None = None) -> None:
        """Record that the pupil finished the lesson ``key`` (the first time is kept)."""
        with self._lock:
            if key in self.lessons_done():
                return
            done = LessonDone(key, as_utc(when or now()))
            self._snap = _with(self._snap, lessons=(*self._snap.lessons, done))
            self._try(lambda: self._store.finish_lesson(done), None)  # type: ignore[union-attr]

    # ------------------------------------------------------------------ puzzles

    def rating(self) -> PupilRating:
        """The pupil's puzzle rating (the last rated attempt's; 1500 ± 200 at first)."""
        return rating_of(list(self._snap.attempts))

    def record_attempt(
        self,
        puzzle: str,
        solved: bool,
        before: PupilRating,
        after: PupilRating,
        personal: bool = False,
        turn: str = "",
    ) -> None:
        """Record a rated first try at ``puzzle``: the rating before and after it, the turn played (notation)."""
        attempt = Attempt(
            puzzle, bool(solved), before.rating, after.rating, after.deviation, now(), personal, turn
        )
        with self._lock:
            self._snap = _with(self._snap, attempts=(*self._snap.attempts, attempt))
            self._try(lambda: self._store.add_attempt(attempt), None)  # type: ignore[union-attr]

    # ------------------------------------------------------------------ games and reviews

    def save_game(self, game_id: str, game: Game, summary: dict[str, Any] | None = None) -> None:
        """Save ``game`` under ``game_id`` (with its review's summary, when given)."""
        with self._lock:
            old = next((g for g in self._snap.games if g.game == game_id), None)
            review_kept = summary if summary is not None else (old.review if old is not None else None)
            saved = SavedGame(game_id, game.to_record(), game.is_over, now(), review_kept)
            others = tuple(g for g in self._snap.games if g.game != game_id)
            self._snap = _with(self._snap, games=(*others, saved))
            self._try(lambda: self._store.save_game(saved), None)  # type: ignore[union-attr]

    def reviewed(
        self, game_id: str, game: Game, result: Review, seats: Iterable[int], when: datetime | None = None
    ) -> list[PersonalPuzzle]:
        """Save the game with its review, and make the pupil's proved errors personal puzzles.

        Args:
            game_id: the game's id.
            game: the reviewed game.
            result: its review.
            seats: the pupil's seats (1-based): their errors become puzzles.
            when: the new puzzles' creation time (default now).

        Returns:
            The new personal puzzles (a puzzle made from the same turn before keeps its schedule).
        """
        self.save_game(game_id, game, review_summary(result))
        known = {p.id for p in self._snap.personal}
        fresh = [p for p in personal_puzzles(game_id, result, seats, when) if p.id not in known]
        for puzzle in fresh:
            self._put_personal(puzzle)
        return fresh

    def personal(self) -> list[PersonalPuzzle]:
        """The pupil's personal puzzles, the soonest due first."""
        return sorted(self._snap.personal, key=lambda p: (p.due, p.id))

    def due(self, when: datetime | None = None) -> list[PersonalPuzzle]:
        """The personal puzzles due at ``when`` (default now), the longest due first."""
        at = as_utc(when or now())
        return [p for p in self.personal() if p.due <= at]

    def answer(
        self, puzzle_id: str, solved: bool, hints: int, when: datetime | None = None
    ) -> PersonalPuzzle:
        """Schedule a personal puzzle after an answer (:func:`~.schedule.grade_of`): solved ones later, failed sooner.

        Raises:
            KeyError: no personal puzzle ``puzzle_id``.
        """
        with self._lock:
            puzzle = next((p for p in self._snap.personal if p.id == puzzle_id), None)
            if puzzle is None:
                raise KeyError(f"no personal puzzle {puzzle_id!r}")
            grade = grade_of(solved, hints)
            card, due = review(puzzle.card, grade, when)
            updated = puzzle.answered(card, due, grade != "failed")
            self._put_personal(updated)
            return updated

    def _put_personal(self, puzzle: PersonalPuzzle) -> None:
        with self._lock:  # (a review's thread adds puzzles while the board may answer one)
            others = tuple(p for p in self._snap.personal if p.id != puzzle.id)
            self._snap = _with(self._snap, personal=(*others, puzzle))
            self._try(lambda: self._store.save_personal(puzzle), None)  # type: ignore[union-attr]


def _with(snap: Snapshot, **changes: Any) -> Snapshot:
    from dataclasses import replace

    return replace(snap, **changes)


_default: dict[tuple[str, str, str], Progress] = {}
_default_lock = threading.Lock()


def default_progress() -> Progress:
    """The kernel's :class:`Progress` (opened once per working directory and setting; see :meth:`Progress.open`)."""
    key = (os.getcwd(), os.environ.get("LW_PROGRESS_DB", ""), os.environ.get("JUPYTERHUB_API_TOKEN", ""))
    with _default_lock:
        if key not in _default:
            _default[key] = Progress.open()
        return _default[key]

"""What a pupil's progress is made of: finished lessons, puzzle attempts, games and personal puzzles.

Plain frozen values with a JSON form (``to_dict`` / ``from_dict``, every field checked), shared
by the SQL store, the class game service's progress endpoints and the kernel's service-backed
store, so the three read and write the same records. Times are timezone-aware UTC
:class:`~datetime.datetime` values (ISO 8601 text in JSON).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import Any, TypeVar

from ..puzzles import PupilRating
from ..puzzles.rating import START, START_DEVIATION

__all__ = [
    "Attempt",
    "LessonDone",
    "PersonalPuzzle",
    "ProgressRecordError",
    "SavedGame",
    "Snapshot",
    "as_utc",
    "now",
    "rating_of",
]


_S = TypeVar("_S")


class ProgressRecordError(ValueError):
    """A progress record is malformed: the message names the record, the field and why."""


def now() -> datetime:
    """The current time, UTC, to the microsecond."""
    return datetime.now(timezone.utc)


def as_utc(value: datetime) -> datetime:
    """``value`` as an aware UTC time (a naive time, as SQLite returns them, is taken as UTC)."""
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


def _time(record: dict[str, Any], key: str, where: str) -> datetime:
    value = record.get(key)
    if isinstance(value, datetime):
        return as_utc(value)
    if not isinstance(value, str):
        raise ProgressRecordError(f"{where}: field {key!r} must be an ISO 8601 time, not {value!r:.40}")
    try:
        return as_utc(datetime.fromisoformat(value))
    except ValueError:
        raise ProgressRecordError(f"{where}: field {key!r} is not an ISO 8601 time: {value!r:.40}") from None


def _text(record: dict[str, Any], key: str, where: str, limit: int = 200) -> str:
    value = record.get(key)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise ProgressRecordError(
            f"{where}: field {key!r} must be a non-empty string of at most {limit} characters, not {value!r:.40}"
        )
    return value


def _number(record: dict[str, Any], key: str, where: str) -> float:
    value = record.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ProgressRecordError(f"{where}: field {key!r} must be a finite number, not {value!r:.40}")
    return float(value)


def _int(record: dict[str, Any], key: str, where: str, low: int = 0) -> int:
    value = record.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ProgressRecordError(f"{where}: field {key!r} must be an integer >= {low}, not {value!r:.40}")
    return value


def _schema(record: Any, kind: type[_S], where: str) -> _S:
    """``record`` read by its bounded schema (:mod:`logger_widget.online.schema`); naming the field."""
    from ..online.schema import SchemaError, convert

    try:
        return convert(_object(record, where), kind)
    except SchemaError as error:
        raise ProgressRecordError(
            f"{where}: field {error.field!r}: {error.reason}" if error.field else f"{where}: {error.reason}"
        ) from None


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProgressRecordError(f"{where}: must be a JSON object, not {type(value).__name__}")
    return value


@dataclass(frozen=True, slots=True)
class LessonDone:
    """A tutorial lesson the pupil solved: its key (``"chop"``) and when (first time)."""

    lesson: str
    at: datetime

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"lesson": self.lesson, "at": self.at.isoformat()}

    @classmethod
    def from_dict(cls, record: Any, where: str = "lesson") -> LessonDone:
        """Read the JSON form. Raises :class:`ProgressRecordError` naming the field."""
        from ..online.schema import LessonRecord

        read = _schema(record, LessonRecord, where)
        return cls(read.lesson, as_utc(read.at))


@dataclass(frozen=True, slots=True)
class Attempt:
    """One rated first try at a puzzle.

    Attributes:
        puzzle: the puzzle's id (a shipped puzzle's ``"p0042"``, a personal one's ``"m-…"``).
        solved: the pupil's turn solved it (no hint, or after the first hint only).
        rating_before, rating_after: the pupil's puzzle rating (Elo scale) before and after.
        deviation_after: its deviation after (Elo points, > 0).
        at: when.
        personal: a personal puzzle (from the pupil's own game): its rating does not move.
        turn: the turn played (notation), ``""`` when the solution was shown before any turn.
    """

    puzzle: str
    solved: bool
    rating_before: float
    rating_after: float
    deviation_after: float
    at: datetime
    personal: bool = False
    turn: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "puzzle": self.puzzle,
            "solved": self.solved,
            "rating_before": self.rating_before,
            "rating_after": self.rating_after,
            "deviation_after": self.deviation_after,
            "at": self.at.isoformat(),
            "personal": self.personal,
            "turn": self.turn,
        }

    @classmethod
    def from_dict(cls, record: Any, where: str = "attempt") -> Attempt:
        """Read the JSON form. Raises :class:`ProgressRecordError` naming the field."""
        from ..online.schema import AttemptRecord

        read = _schema(record, AttemptRecord, where)
        return cls(
            puzzle=read.puzzle, solved=read.solved, rating_before=read.rating_before,
            rating_after=read.rating_after, deviation_after=read.deviation_after, at=as_utc(read.at),
            personal=read.personal, turn=read.turn,
        )  # fmt: skip


def rating_of(attempts: list[Attempt]) -> PupilRating:
    """The pupil's puzzle rating after ``attempts`` (oldest first): the last rated one's, with the counts.

    Personal puzzles are counted in neither ``played`` nor the rating (they have no measured
    difficulty). No attempt: the start, 1500 ± 200.
    """
    rated = [a for a in attempts if not a.personal]
    if not rated:
        return PupilRating(START, START_DEVIATION, 0, 0)
    last = rated[-1]
    return PupilRating(last.rating_after, last.deviation_after, len(rated), sum(a.solved for a in rated))


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game of the pupil's, as saved: its record (``Game.to_record()``), and its review once made.

    Attributes:
        game: the game's id (unique for the pupil; 1–80 characters).
        record: the game record (JSON-ready dict, ``Game.from_record`` reads it).
        finished: the game is over.
        updated: when it was last saved.
        review: ``None``, or the review's summary (:func:`logger_widget.progress.mistakes.review_summary`).
    """

    game: str
    record: dict[str, Any]
    finished: bool
    updated: datetime
    review: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "game": self.game,
            "record": self.record,
            "finished": self.finished,
            "updated": self.updated.isoformat(),
            "review": self.review,
        }

    @classmethod
    def from_dict(cls, record: Any, where: str = "game") -> SavedGame:
        """Read the JSON form. Raises :class:`ProgressRecordError` naming the field."""
        from ..online.schema import SavedGameRecord

        read = _schema(record, SavedGameRecord, where)
        return cls(
            game=read.game, record=_object(record.get("record"), f"{where}: field 'record'"),
            finished=read.finished, updated=as_utc(read.updated), review=read.review,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class PersonalPuzzle:
    """A turn of the pupil's own game that the review judged an error, made a puzzle ("learn from your mistakes").

    Attributes:
        id: ``"m-"`` and a hash of the game, the ply and the position (unique for the pupil).
        game: the id of the game it comes from.
        ply: the turn's number in that game (1-based).
        lpn: the position before the turn (LPN).
        seat: the pupil's seat there (the seat to move).
        played: the turn the pupil played (canonical notation).
        label: the review's label: ``"inaccuracy"``, ``"mistake"`` or ``"blunder"``.
        loss: the review's loss (winning chances, 0–1).
        best: the review's better turn (notation), told by the coach after the answer.
        played_value, best_value: the review's values of the two turns for the pupil (0–1).
        solutions: the turns accepted as answers (notation); never ``played``.
        value: the worst solution's value in the acceptance search (evaluation points).
        bound: with proof ``"clear"`` the best other turn's value (≤ ``value`` − the margin:
            the proof), else the value of the turn played.
        theme: the puzzle theme (:data:`logger_widget.puzzles.THEMES`).
        card: the spaced-repetition state (:mod:`logger_widget.progress.schedule`).
        due: when it is to be shown again (UTC).
        solved, failed: how many times it was answered right and wrong.
        created: when it was made.
        proof: how the solutions are proved, one of :data:`logger_widget.progress.mistakes.PROOFS`:
            ``"clear"`` (they beat every other turn), ``"better"`` (each beats the turn played
            clearly), ``"review"`` (the review's better turn, softer).
    """

    id: str
    game: str
    ply: int
    lpn: str
    seat: int
    played: str
    label: str
    loss: float
    best: str
    played_value: float
    best_value: float
    solutions: frozenset[str]
    value: float
    bound: float
    theme: str
    card: dict[str, Any] = field(compare=False)
    due: datetime = field(compare=False)
    solved: int = 0
    failed: int = 0
    created: datetime = field(default_factory=now, compare=False)
    proof: str = "clear"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "id": self.id,
            "game": self.game,
            "ply": self.ply,
            "lpn": self.lpn,
            "seat": self.seat,
            "played": self.played,
            "label": self.label,
            "loss": self.loss,
            "best": self.best,
            "played_value": self.played_value,
            "best_value": self.best_value,
            "solutions": sorted(self.solutions),
            "value": self.value,
            "bound": self.bound,
            "theme": self.theme,
            "card": self.card,
            "due": self.due.isoformat(),
            "solved": self.solved,
            "failed": self.failed,
            "created": self.created.isoformat(),
            "proof": self.proof,
        }

    @classmethod
    def from_dict(cls, record: Any, where: str = "personal puzzle") -> PersonalPuzzle:
        """Read the JSON form (the position and turns are checked by the engine).

        Raises:
            ProgressRecordError: a field is missing or wrong; the message names it and why.
        """
        from ..engine.errors import LoggerError
        from ..engine.position import Position
        from ..online.schema import PersonalRecord
        from ..puzzles import THEMES
        from ..review import THRESHOLDS

        _schema(record, PersonalRecord, where)  # the shape and its bounds first, then the engine
        pid = _text(record, "id", where, 80)
        where = f"{where} {pid}"
        lpn = _text(record, "lpn", where)
        try:
            position = Position.from_lpn(lpn)
            played = position.parse_turn(_text(record, "played", where)).notation()
            best = position.parse_turn(_text(record, "best", where)).notation()
            raw = record.get("solutions")
            if not isinstance(raw, list) or not raw or not all(isinstance(s, str) for s in raw):
                raise ProgressRecordError(f"{where}: field 'solutions' must be a non-empty list of turns")
            solutions = frozenset(position.parse_turn(s).notation() for s in raw)
        except LoggerError as error:
            raise ProgressRecordError(f"{where}: {error}") from None
        if played in solutions:
            raise ProgressRecordError(f"{where}: the turn played ({played}) cannot be a solution")
        seat = _int(record, "seat", where, 1)
        if seat != position.to_move:
            raise ProgressRecordError(
                f"{where}: field 'seat' is {seat}, the position has {position.to_move} to move"
            )
        label = record.get("label")
        if label not in THRESHOLDS:
            raise ProgressRecordError(
                f"{where}: field 'label' must be one of {', '.join(THRESHOLDS)}, not {label!r}"
            )
        theme = record.get("theme")
        if theme not in THEMES:
            raise ProgressRecordError(
                f"{where}: field 'theme' must be one of {', '.join(THEMES)}, not {theme!r}"
            )
        proof = record.get("proof", "clear")  # records saved before softer proofs are all "clear"
        if proof not in ("clear", "better", "review"):
            raise ProgressRecordError(
                f"{where}: field 'proof' must be one of clear, better, review, not {proof!r}"
            )
        return cls(
            id=pid,
            game=_text(record, "game", where, 80),
            ply=_int(record, "ply", where, 1),
            lpn=position.to_lpn(),
            seat=seat,
            played=played,
            label=label,
            loss=_number(record, "loss", where),
            best=best,
            played_value=_number(record, "played_value", where),
            best_value=_number(record, "best_value", where),
            solutions=solutions,
            value=_number(record, "value", where),
            bound=_number(record, "bound", where),
            theme=theme,
            card=_object(record.get("card"), f"{where}: field 'card'"),
            due=_time(record, "due", where),
            solved=_int(record, "solved", where),
            failed=_int(record, "failed", where),
            created=_time(record, "created", where),
            proof=proof,
        )

    def answered(self, card: dict[str, Any], due: datetime, solved: bool) -> PersonalPuzzle:
        """This puzzle after an answer: the new card and due time, one more solved or failed."""
        return replace(
            self, card=card, due=due, solved=self.solved + int(solved), failed=self.failed + int(not solved)
        )


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything saved for one pupil, as the teacher's view and the kernel read it.

    Attributes:
        pupil: the pupil's name (the hub's user name on the hub).
        lessons: finished lessons, in the order they were first finished.
        attempts: rated puzzle attempts, oldest first (the rating history).
        games: saved games, oldest first.
        personal: personal puzzles, the soonest due first.
        unreadable: the stored records that could not be read (each ``"game <id>: why"``), left
            out of the others: one bad row never hides the rest of a pupil's progress.
    """

    pupil: str
    lessons: tuple[LessonDone, ...] = ()
    attempts: tuple[Attempt, ...] = ()
    games: tuple[SavedGame, ...] = ()
    personal: tuple[PersonalPuzzle, ...] = ()
    unreadable: tuple[str, ...] = ()

    @property
    def rating(self) -> PupilRating:
        """The pupil's puzzle rating now (:func:`rating_of`)."""
        return rating_of(list(self.attempts))

    def to_dict(self, records: bool = True) -> dict[str, Any]:
        """The JSON form (with the rating, for readers that do not compute it).

        ``records=False`` leaves out each game's record (its turns), keeping the rest: the
        teacher's view of a whole class stays small.
        """
        r = self.rating
        games = [x.to_dict() for x in self.games]
        if not records:
            games = [{k: v for k, v in g.items() if k != "record"} for g in games]
        return {
            "pupil": self.pupil,
            "lessons": [x.to_dict() for x in self.lessons],
            "attempts": [x.to_dict() for x in self.attempts],
            "games": games,
            "personal": [x.to_dict() for x in self.personal],
            "rating": {"rating": r.rating, "deviation": r.deviation, "played": r.played, "solved": r.solved},
            "unreadable": list(self.unreadable),
        }

    @classmethod
    def from_dict(cls, record: Any, where: str = "progress") -> Snapshot:
        """Read the JSON form. Raises :class:`ProgressRecordError` naming the field."""
        record = _object(record, where)

        def items(key: str) -> list[Any]:
            value = record.get(key, [])
            if not isinstance(value, list):
                raise ProgressRecordError(f"{where}: field {key!r} must be a list")
            return value

        return cls(
            pupil=_text(record, "pupil", where),
            lessons=tuple(
                LessonDone.from_dict(x, f"{where}: lesson {i}") for i, x in enumerate(items("lessons"))
            ),
            attempts=tuple(
                Attempt.from_dict(x, f"{where}: attempt {i}") for i, x in enumerate(items("attempts"))
            ),
            games=tuple(SavedGame.from_dict(x, f"{where}: game {i}") for i, x in enumerate(items("games"))),
            personal=tuple(
                PersonalPuzzle.from_dict(x, f"{where}: personal puzzle {i}")
                for i, x in enumerate(items("personal"))
            ),
            unreadable=tuple(str(x)[:400] for x in items("unreadable")[:100]),
        )

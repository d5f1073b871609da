"""The SQL progress store (SQLAlchemy Core): a local SQLite file, or the class database.

Off the classroom hub the kernel keeps the pupil's progress in a SQLite file beside the
notebooks (:data:`LOCAL_FILE` in the working directory, which Jupyter sets to the notebook's
folder), so a new kernel, a new day or another notebook of the folder picks it up. The class
game service keeps every pupil's progress in the class database (its own URL: SQLite by
default, PostgreSQL by URL) through the same tables (:data:`METADATA`, created with
:func:`create_tables`).

The local file is created readable and writable by its owner only (mode 0600; SQLite gives
its journal the same mode): other accounts on a shared machine cannot read a pupil's games.
A file that is not a database (damaged, or something else under that name) raises
:class:`~logger_widget.progress.store.ProgressError` ``corrupt`` and is never overwritten;
a database another program holds locked raises ``locked`` after :data:`BUSY_SECONDS`.

Times are seconds since the epoch (UTC) as double-precision floats (:class:`EpochTime`), the
one time type of the class database; the records keep timezone-aware UTC datetimes. A local
file written before (times as text) has its times turned into numbers when it is opened.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy import exc as sa_exc

from ..puzzles import PupilRating
from ..puzzles.rating import START, START_DEVIATION
from .records import Attempt, LessonDone, PersonalPuzzle, ProgressRecordError, SavedGame, Snapshot, as_utc
from .store import ProgressError

__all__ = [
    "BUSY_SECONDS",
    "EPOCH_SECONDS",
    "LOCAL_FILE",
    "METADATA",
    "EpochTime",
    "SQLProgressStore",
    "create_tables",
    "local_url",
    "pupils",
    "snapshots",
]

#: The local progress file's name, beside the notebooks.
LOCAL_FILE = ".logger_progress.sqlite"
#: Seconds a write waits for a database another program holds before giving up (``locked``).
BUSY_SECONDS = 2.0

#: The database type of every time of the class database (the service's, the arena's, the
#: progress tables') and of the local file: seconds since the epoch (UTC), a double.
EPOCH_SECONDS = sa.Float(precision=53)

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


class EpochTime(sa.types.TypeDecorator[datetime]):
    """A time stored as seconds since the epoch (:data:`EPOCH_SECONDS`), read as an aware UTC datetime.

    Units: seconds since 1970-01-01 00:00 UTC, a double-precision float (negative before 1970).
    Range: Python's datetimes, years 1 to 9999. Between the years 1828 and 2112 a time comes
    back to the microsecond; further away it may move by up to 16 µs (a double's 53 bits), and
    a time in the last 16 µs of the year 9999 cannot be read back. A naive datetime is taken as
    UTC (:func:`~logger_widget.progress.records.as_utc`, as the records do); any other
    timezone is converted to UTC.

    Raises:
        TypeError: the value written is not a datetime (SQLAlchemy raises it as
            :class:`sqlalchemy.exc.StatementError`), or the value read is not a number (a cell
            of a local file written before, left as text: :class:`SQLProgressStore` converts them).
        OverflowError: the value read is outside Python's datetimes.
    """

    impl = sa.Float
    cache_ok = True

    def __init__(self) -> None:
        super().__init__(precision=53)

    def process_bind_param(self, value: datetime | None, dialect: sa.Dialect) -> float | None:
        """``value`` as seconds since the epoch."""
        if value is None:
            return None
        if not isinstance(value, datetime):
            raise TypeError(f"a time must be a datetime, not {value!r:.60}")
        return (as_utc(value) - _EPOCH) / timedelta(seconds=1)

    def process_result_value(self, value: float | None, dialect: sa.Dialect) -> datetime | None:
        """Seconds since the epoch as an aware UTC datetime (rounded to the microsecond)."""
        if value is None:
            return None
        if not isinstance(value, (int, float)):
            raise TypeError(f"a stored time must be seconds since the epoch, not {value!r:.60}")
        return _EPOCH + timedelta(seconds=float(value))


METADATA = sa.MetaData()

lessons = sa.Table(
    "progress_lessons",
    METADATA,
    sa.Column("pupil", sa.String(200), primary_key=True),
    sa.Column("lesson", sa.String(60), primary_key=True),
    sa.Column("at", EpochTime(), nullable=False),
)
attempts = sa.Table(
    "progress_attempts",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("pupil", sa.String(200), nullable=False, index=True),
    sa.Column("puzzle", sa.String(80), nullable=False),
    sa.Column("personal", sa.Boolean, nullable=False),
    sa.Column("solved", sa.Boolean, nullable=False),
    sa.Column("rating_before", sa.Float, nullable=False),
    sa.Column("rating_after", sa.Float, nullable=False),
    sa.Column("deviation_after", sa.Float, nullable=False),
    sa.Column("at", EpochTime(), nullable=False),
    sa.Column("turn", sa.String(80), nullable=False, default=""),
    sa.Index("ix_progress_attempts_pupil_puzzle", "pupil", "puzzle"),  # a pupil's tries at a puzzle
)
games = sa.Table(
    "progress_games",
    METADATA,
    sa.Column("pupil", sa.String(200), primary_key=True),
    sa.Column("game", sa.String(80), primary_key=True),
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("updated", EpochTime(), nullable=False),
    sa.Column("review", sa.Text, nullable=True),
)
personal = sa.Table(
    "progress_personal",
    METADATA,
    sa.Column("pupil", sa.String(200), primary_key=True),
    sa.Column("id", sa.String(80), primary_key=True),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("due", EpochTime(), nullable=False),
)


#: The progress tables by record kind.
TABLES = {"lessons": lessons, "attempts": attempts, "games": games, "personal": personal}
#: Every time column of the progress tables.
TIME_COLUMNS = (lessons.c.at, attempts.c.at, games.c.updated, personal.c.due)


def local_url(folder: str | os.PathLike[str] | None = None) -> str:
    """The SQLAlchemy URL of the local progress file in ``folder`` (default: the working directory)."""
    path = Path(folder if folder is not None else os.getcwd()) / LOCAL_FILE
    return f"sqlite:///{path}"


def create_tables(engine: sa.Engine) -> None:
    """Create the progress tables in ``engine``'s database when they are missing (the service calls this)."""
    METADATA.create_all(engine)


def _where(url: sa.URL) -> str:
    if url.get_backend_name() == "sqlite":
        return url.database or ":memory:"
    return url.render_as_string(hide_password=True)


#: SQLite's primary result codes (``sqlite_errorcode & 0xFF``) by the kind of error they are.
_SQLITE_KINDS = {11: "corrupt", 26: "corrupt", 5: "locked", 6: "locked", 8: "readonly", 3: "readonly",
                 23: "readonly", 14: "unavailable", 10: "unavailable", 13: "unavailable"}  # fmt: skip

#: PostgreSQL's SQLSTATEs (or their two-character classes) by the kind of error they are.
_SQLSTATE_KINDS = {"XX001": "corrupt", "XX002": "corrupt", "55P03": "locked", "40P01": "locked",
                   "57014": "locked", "25006": "readonly", "42501": "readonly", "08": "unavailable",
                   "53": "unavailable", "57P": "unavailable", "58": "unavailable"}  # fmt: skip


def _kind(error: sa_exc.SQLAlchemyError) -> tuple[str, str]:
    """``(kind, detail)`` of a database error (see :class:`~logger_widget.progress.store.ProgressError`).

    Told by the driver's code: PostgreSQL's SQLSTATE (its messages are in the server's
    language), SQLite's result code (Python 3.11 and later). Only SQLite on Python 3.10, which
    gives no code, is told by its (English) message.
    """
    orig = getattr(error, "orig", None)
    text = str(orig or error)
    state = getattr(orig, "sqlstate", None)
    code = getattr(orig, "sqlite_errorcode", None)
    if isinstance(state, str) and state:
        for key in (state, state[:3], state[:2]):
            if key in _SQLSTATE_KINDS:
                return _SQLSTATE_KINDS[key], text
    elif isinstance(code, int):
        if code & 0xFF in _SQLITE_KINDS:
            return _SQLITE_KINDS[code & 0xFF], text
    elif orig is not None and type(orig).__module__ == "sqlite3":  # Python 3.10: no result code
        low = text.lower()
        if "not a database" in low or "malformed" in low or "file is encrypted" in low:
            return "corrupt", text
        if "locked" in low or "busy" in low:
            return "locked", text
        if "readonly" in low or "read-only" in low:
            return "readonly", text
    if isinstance(error, sa_exc.OperationalError):
        return "unavailable", text
    return "invalid", text


T = TypeVar("T")


class SQLProgressStore:
    """One pupil's progress in a SQL database (a :class:`~logger_widget.progress.store.ProgressStore`).

    Args:
        database: a SQLAlchemy URL (``"sqlite:///path"``, ``"postgresql+psycopg://…"``) or an
            :class:`sqlalchemy.Engine` (the service shares its own).
        pupil: whose progress (1–200 characters); every query is limited to it.
        create: create the tables when missing (the local file; the service creates them itself);
            in a SQLite file, the times the earlier code kept as text become seconds.

    Raises:
        ValueError: an empty or too long pupil name.
        ProgressError: the database cannot be opened (corrupt, locked, unavailable, read-only).
    """

    def __init__(self, database: str | sa.Engine, pupil: str, *, create: bool = True) -> None:
        if not isinstance(pupil, str) or not 1 <= len(pupil) <= 200:
            raise ValueError(f"pupil must be a name of 1 to 200 characters, not {pupil!r:.40}")
        self._pupil = pupil
        self._lock = threading.Lock()
        if isinstance(database, sa.Engine):
            self._engine = database
        else:
            url = sa.make_url(database)
            if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
                _create_private(Path(url.database))
            args = {"timeout": BUSY_SECONDS} if url.get_backend_name() == "sqlite" else {"connect_timeout": 5}
            # no pool: a connection lives for one read or write, so the kernel never holds the file open
            self._engine = sa.create_engine(url, connect_args=args, poolclass=sa.pool.NullPool)
        self._where = _where(self._engine.url)
        if create:
            self._run(lambda: METADATA.create_all(self._engine))
            if self._engine.url.get_backend_name() == "sqlite":
                self._run(lambda: _times_as_numbers(self._engine))

    @property
    def pupil(self) -> str:
        """The pupil whose progress this is."""
        return self._pupil

    @property
    def where(self) -> str:
        """The file or the URL (without password)."""
        return self._where

    @property
    def engine(self) -> sa.Engine:
        """The SQLAlchemy engine."""
        return self._engine

    def close(self) -> None:
        """Release the database's connections (an engine given by the caller stays the caller's)."""
        self._engine.dispose()

    def _run(self, work: Callable[[], T]) -> T:
        try:
            with self._lock:
                return work()
        except sa_exc.SQLAlchemyError as error:
            kind, detail = _kind(error)
            raise ProgressError(kind, self._where, detail) from None
        except ProgressRecordError as error:
            raise ProgressError("invalid", self._where, str(error)) from None

    @contextmanager
    def _begin(self) -> Iterator[sa.Connection]:
        with self._engine.begin() as conn:
            yield conn

    # ------------------------------------------------------------------ reads

    def snapshot(self) -> Snapshot:
        """Everything saved for the pupil (see :class:`~logger_widget.progress.records.Snapshot`)."""

        def read() -> Snapshot:
            with self._engine.connect() as conn:
                return _snapshots(conn, [self._pupil])[self._pupil]

        return self._run(read)

    def rating(self) -> PupilRating:
        """The pupil's puzzle rating (:func:`~logger_widget.progress.records.rating_of`), from three rows' worth of queries.

        Costs the same with 10 or 20,000 attempts saved (no attempt is read but the last rated one).
        """

        def read() -> PupilRating:
            rated = (attempts.c.pupil == self._pupil) & attempts.c.personal.is_(False)
            with self._engine.connect() as conn:
                played, solved = conn.execute(
                    sa.select(sa.func.count(), sa.func.sum(sa.case((attempts.c.solved, 1), else_=0))).where(
                        rated
                    )
                ).one()
                last = conn.execute(
                    sa.select(attempts.c.rating_after, attempts.c.deviation_after)
                    .where(rated).order_by(attempts.c.id.desc()).limit(1)
                ).first()  # fmt: skip
            if last is None:
                return PupilRating(START, START_DEVIATION, 0, 0)
            return PupilRating(last.rating_after, last.deviation_after, int(played), int(solved or 0))

        return self._run(read)

    def tried(self, puzzle: str) -> bool:
        """True when the pupil has a rated attempt at ``puzzle`` already (only the first try is rated)."""

        def read() -> bool:
            with self._engine.connect() as conn:
                return conn.execute(
                    sa.select(attempts.c.id).where(attempts.c.pupil == self._pupil, attempts.c.puzzle == puzzle)
                    .limit(1)
                ).first() is not None  # fmt: skip

        return self._run(read)

    def personal_puzzle(self, pid: str) -> PersonalPuzzle | None:
        """The pupil's personal puzzle ``pid``, ``None`` when there is none (or its row cannot be read)."""

        def read() -> PersonalPuzzle | None:
            with self._engine.connect() as conn:
                row = conn.execute(
                    sa.select(personal.c.data).where(personal.c.pupil == self._pupil, personal.c.id == pid)
                ).first()
            return None if row is None else _personal(row.data, [])

        return self._run(read)

    def count(self, kind: str) -> int:
        """How many records of ``kind`` (``"lessons"``, ``"attempts"``, ``"games"``, ``"personal"``) the pupil has."""
        table = TABLES[kind]

        def read() -> int:
            with self._engine.connect() as conn:
                return int(
                    conn.execute(
                        sa.select(sa.func.count()).select_from(table).where(table.c.pupil == self._pupil)
                    ).scalar_one()
                )

        return self._run(read)

    def has_game(self, game: str) -> bool:
        """True when the pupil has saved the game ``game``."""

        def read() -> bool:
            key = (games.c.pupil == self._pupil) & (games.c.game == game)
            with self._engine.connect() as conn:
                return conn.execute(sa.select(games.c.game).where(key)).first() is not None

        return self._run(read)

    # ------------------------------------------------------------------ writes

    def delete_game(self, game: str) -> bool:
        """Remove the saved game ``game`` (the teacher's removal of a record): True when there was one."""
        return self._delete(games, games.c.game == game)

    def delete_personal(self, pid: str) -> bool:
        """Remove the personal puzzle ``pid``: True when there was one."""
        return self._delete(personal, personal.c.id == pid)

    def _delete(self, table: sa.Table, which: Any) -> bool:
        def write() -> bool:
            with self._begin() as conn:
                return bool(
                    conn.execute(table.delete().where((table.c.pupil == self._pupil) & which)).rowcount
                )

        return self._run(write)

    def finish_lesson(self, lesson: LessonDone) -> None:
        """Record a finished lesson; finishing it again keeps the first time."""

        def write() -> None:
            with self._begin() as conn:
                found = conn.execute(
                    sa.select(lessons.c.lesson).where(
                        lessons.c.pupil == self._pupil, lessons.c.lesson == lesson.lesson
                    )
                ).first()
                if found is None:
                    conn.execute(
                        lessons.insert().values(pupil=self._pupil, lesson=lesson.lesson, at=lesson.at)
                    )

        self._run(write)

    def add_attempt(self, attempt: Attempt) -> None:
        """Record a rated puzzle attempt."""

        def write() -> None:
            with self._begin() as conn:
                conn.execute(
                    attempts.insert().values(
                        pupil=self._pupil,
                        puzzle=attempt.puzzle,
                        personal=attempt.personal,
                        solved=attempt.solved,
                        rating_before=attempt.rating_before,
                        rating_after=attempt.rating_after,
                        deviation_after=attempt.deviation_after,
                        at=attempt.at,
                        turn=attempt.turn,
                    )
                )

        self._run(write)

    def save_game(self, game: SavedGame) -> None:
        """Save ``game`` (replaces the one with its id; its saved review stays unless ``game`` has one)."""

        def write() -> None:
            values: dict[str, Any] = {
                "record": json.dumps(game.record, ensure_ascii=True),
                "finished": game.finished,
                "updated": game.updated,
            }
            if game.review is not None:
                values["review"] = json.dumps(game.review, ensure_ascii=True)
            key = (games.c.pupil == self._pupil) & (games.c.game == game.game)
            with self._begin() as conn:
                if conn.execute(sa.select(games.c.game).where(key)).first() is None:
                    conn.execute(games.insert().values(pupil=self._pupil, game=game.game, **values))
                else:
                    conn.execute(games.update().where(key).values(**values))

        self._run(write)

    def save_personal(self, puzzle: PersonalPuzzle) -> None:
        """Save a personal puzzle (replaces the one with its id)."""

        def write() -> None:
            data = json.dumps(puzzle.to_dict(), ensure_ascii=True)
            key = (personal.c.pupil == self._pupil) & (personal.c.id == puzzle.id)
            with self._begin() as conn:
                if conn.execute(sa.select(personal.c.id).where(key)).first() is None:
                    conn.execute(
                        personal.insert().values(pupil=self._pupil, id=puzzle.id, data=data, due=puzzle.due)
                    )
                else:
                    conn.execute(personal.update().where(key).values(data=data, due=puzzle.due))

        self._run(write)


def _attempt(r: Any) -> Attempt:
    return Attempt(
        r.puzzle, bool(r.solved), r.rating_before, r.rating_after, r.deviation_after, as_utc(r.at),
        bool(r.personal), r.turn or "",
    )  # fmt: skip


def _saved_game(r: Any, unreadable: list[str]) -> SavedGame | None:
    """A saved game's row as a :class:`SavedGame` checked by its schema; ``None`` (noted in ``unreadable``) when it cannot be."""
    try:
        return SavedGame.from_dict(
            {"game": r.game, "record": json.loads(r.record), "finished": bool(r.finished), "updated": as_utc(r.updated),
             "review": None if r.review is None else json.loads(r.review)}, f"game {r.game}",
        )  # fmt: skip
    except (ValueError, RecursionError) as error:  # a row written before the schema's bounds
        unreadable.append(str(error)[:400])  # "game <id>: why"
        return None


def _personal(data: str, unreadable: list[str]) -> PersonalPuzzle | None:
    try:
        return PersonalPuzzle.from_dict(json.loads(data))
    except (ValueError, RecursionError) as error:
        unreadable.append(f"personal puzzle: {str(error)[:300]}")
        return None


def _snapshots(conn: sa.Connection, names: list[str]) -> dict[str, Snapshot]:
    """The snapshot of each pupil of ``names``, every table read once for all of them."""
    rows: dict[str, dict[str, list[Any]]] = {n: {"les": [], "att": [], "gam": [], "per": []} for n in names}
    queries = {
        "les": sa.select(lessons.c.pupil, lessons.c.lesson, lessons.c.at).order_by(lessons.c.at),
        "att": sa.select(attempts).order_by(attempts.c.id),
        "gam": sa.select(games).order_by(games.c.updated, games.c.game),
        "per": sa.select(personal.c.pupil, personal.c.data).order_by(personal.c.due, personal.c.id),
    }
    tables = {"les": lessons, "att": attempts, "gam": games, "per": personal}
    for kind, query in queries.items():
        for r in conn.execute(query.where(tables[kind].c.pupil.in_(names))):
            rows[r.pupil][kind].append(r)
    found = {}
    for name, mine in rows.items():
        unreadable: list[str] = []
        saved = [g for g in (_saved_game(r, unreadable) for r in mine["gam"]) if g is not None]
        kept = [x for x in (_personal(r.data, unreadable) for r in mine["per"]) if x is not None]
        found[name] = Snapshot(
            pupil=name,
            lessons=tuple(LessonDone(r.lesson, as_utc(r.at)) for r in mine["les"]),
            attempts=tuple(_attempt(r) for r in mine["att"]),
            games=tuple(saved),
            personal=tuple(kept),
            unreadable=tuple(unreadable),
        )
    return found


def snapshots(engine: sa.Engine, names: list[str]) -> dict[str, Snapshot]:
    """``{pupil: snapshot}`` of every pupil of ``names`` (the teacher's view), in one query per table.

    Raises:
        ProgressError: the database cannot be read.
    """
    try:
        with engine.connect() as conn:
            return _snapshots(conn, list(dict.fromkeys(names)))
    except sa_exc.SQLAlchemyError as error:
        kind, detail = _kind(error)
        raise ProgressError(kind, _where(engine.url), detail) from None


def pupils(engine: sa.Engine) -> list[str]:
    """Every pupil with saved progress in the class database, sorted (the teacher's view).

    Raises:
        ProgressError: the database cannot be read.
    """
    try:
        with engine.connect() as conn:
            names: set[str] = set()
            for table in (lessons, attempts, games, personal):
                names.update(conn.execute(sa.select(table.c.pupil).distinct()).scalars())
    except sa_exc.SQLAlchemyError as error:
        kind, detail = _kind(error)
        raise ProgressError(kind, _where(engine.url), detail) from None
    return sorted(names)


def _seconds(text: str, where: str) -> float:
    try:
        return (as_utc(datetime.fromisoformat(text)) - _EPOCH) / timedelta(seconds=1)
    except ValueError:
        raise ProgressRecordError(f"{where}: {text!r:.40} is not a time") from None


def _times_as_numbers(engine: sa.Engine) -> int:
    """Turn the times a local file written before keeps as text into seconds since the epoch: how many.

    SQLAlchemy wrote them as ``YYYY-MM-DD HH:MM:SS.ffffff`` (UTC); each such cell becomes the
    same time to the microsecond (SQLite's ``julianday`` keeps milliseconds only, so Python
    reads the text); the column keeps its declared type, in which SQLite keeps a number as a
    number. Nothing is written when no cell is text (a file of today, or read-only); a second
    call finds none.

    Raises:
        ProgressRecordError: a time cell holds text that is not a time.
    """
    with engine.connect() as conn:
        old = [c for c in TIME_COLUMNS if conn.execute(sa.text(_text_cells(c) + " LIMIT 1")).first()]
    changed = 0
    if old:
        with engine.begin() as conn:
            for c in old:
                where = f"{c.table.name}.{c.name}"
                rows = [
                    {"t": _seconds(text, where), "r": r} for r, text in conn.execute(sa.text(_text_cells(c)))
                ]
                update = (
                    f"UPDATE {c.table.name} SET {c.name} = :t WHERE rowid = :r AND typeof({c.name}) = 'text'"
                )
                if rows:
                    conn.execute(sa.text(update), rows)
                changed += len(rows)
    return changed


def _text_cells(column: sa.Column[Any]) -> str:
    """The query of ``(rowid, text)`` of the cells of ``column`` that SQLite holds as text."""
    return f"SELECT rowid, {column.name} FROM {column.table.name} WHERE typeof({column.name}) = 'text'"


def _create_private(path: Path) -> None:
    """Create the SQLite file ``path`` with mode 0600 when it does not exist (never truncates one)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    except OSError as error:
        raise ProgressError("unavailable", str(path), error.strerror or str(error)) from None
    os.close(fd)

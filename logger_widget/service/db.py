"""The class database: SQLAlchemy Core tables of the class game service.

One :data:`metadata` holds every table; the service's other modules (the arena) add their
own tables to it, and the progress store's tables are :data:`logger_widget.progress.sql.METADATA`.
Their versions are alembic revisions (:mod:`logger_widget.service.migrations`), whose
``connect`` brings a database to the newest one, keeping every row.

The database URL comes from ``LW_CLASSGAME_DB``; by default it is a SQLite file
``classgame.sqlite`` in the folder ``LW_CLASSGAME_STATE`` (``STATE/classgame`` when the class
hub starts the service: the service account's folder, mode 0700), created with mode 0600 so
that only the service's account reads it. Any SQLAlchemy URL works, e.g.
``postgresql+psycopg://classgame@db.school/classgame`` (PostgreSQL with psycopg 3:
``pip install "logger_widget[classroom]"``).

Every time, in every table, is :data:`TIME`: seconds since the epoch (UTC) as a double (the
progress tables read and write them as timezone-aware UTC datetimes through
:class:`logger_widget.progress.sql.EpochTime`, the same type in the database); names are
:data:`NAME`; JSON columns hold lists and dicts (the seats of a seek, a game's result).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ..progress.sql import EPOCH_SECONDS

__all__ = [
    "DEFAULT_FILE",
    "NAME",
    "TIME",
    "copy_sqlite",
    "arena_sessions",
    "connect",
    "database_url",
    "events",
    "games",
    "metadata",
    "players",
    "seats",
    "seek_members",
    "seeks",
    "settings",
    "turns",
]

#: The SQLite file's name in the state folder when no URL is given.
DEFAULT_FILE = "classgame.sqlite"

metadata = sa.MetaData()

#: The one name type of the class database: a hub user name (JupyterHub allows 255; the progress
#: tables and the schema's :data:`~logger_widget.online.schema.MAX_NAME_CHARS` take 200).
NAME = sa.String(200)
_name = NAME
#: The one time type of the class database: seconds since the epoch (UTC), a double
#: (:data:`logger_widget.progress.sql.EPOCH_SECONDS`, which the progress tables use too).
TIME = EPOCH_SECONDS
_time = TIME

#: Everyone who has used the service: the hub's user name, a rating and presence.
players = sa.Table(
    "players",
    metadata,
    sa.Column("name", _name, primary_key=True),
    sa.Column("rating", sa.Float(precision=53), nullable=False, default=1500.0),
    sa.Column("created", _time, nullable=False),
    sa.Column("last_seen", _time, nullable=False),  # the last heartbeat or request
)

#: A game: ``status`` ``"active"`` or ``"finished"``; ``result`` the engine's outcome dict
#: with ``reason`` (``target``, ``repetition``, ``turn_limit``, ``forfeit``, ``resign``).
games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("start", sa.String(128), nullable=False),  # LPN
    sa.Column("lpn", sa.String(128), nullable=False),  # the current position
    sa.Column("ply", sa.Integer, nullable=False, default=0),  # turns played
    sa.Column("last_seq", sa.Integer, nullable=False, default=0),  # the last event's number
    sa.Column("created", _time, nullable=False),
    sa.Column("finished", _time, nullable=True),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("seek", sa.Integer, nullable=True),  # the seek it came from
    sa.Column("arena", sa.Integer, nullable=True, index=True),  # the arena session it belongs to
    sa.Column("turn_limit", sa.Integer, nullable=True),  # the game ends after this many turns
)

#: The seats of a game: a pupil (``player``) or a bot preset (``bot``), 1-based.
seats = sa.Table(
    "seats",
    metadata,
    sa.Column("game", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player", _name, nullable=True, index=True),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("last_seen", _time, nullable=True),  # the player's last request about this game
    sa.Column("away", sa.Boolean, nullable=False, default=False),  # not seen for the online time
)

#: Every turn of every game, ``ply`` 0 first, in the project's notation.
turns = sa.Table(
    "turns",
    metadata,
    sa.Column("game", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("ply", sa.Integer, primary_key=True),
    sa.Column("turn", sa.String(80), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("by", _name, nullable=False),  # the pupil's name or the bot preset
    sa.Column("at", _time, nullable=False),
)

#: The events of a game, numbered from 1 (:class:`logger_widget.online.protocol.Event`).
events = sa.Table(
    "events",
    metadata,
    sa.Column("game", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("at", _time, nullable=False),
    sa.Column("data", sa.JSON, nullable=False),
)

#: Open seeks (``invite`` empty) and challenges; ``status`` ``open``, ``started``, ``cancelled``.
seeks = sa.Table(
    "seeks",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("creator", _name, nullable=False, index=True),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("invite", sa.JSON, nullable=False),  # names
    sa.Column("bots", sa.JSON, nullable=False),  # presets
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("created", _time, nullable=False),
    sa.Column("game", sa.Integer, nullable=True),
    sa.Column("turn_limit", sa.Integer, nullable=True),
)

#: Who has joined a seek (the creator first), in the order they joined.
seek_members = sa.Table(
    "seek_members",
    metadata,
    sa.Column("seek", sa.Integer, sa.ForeignKey("seeks.id"), primary_key=True),
    sa.Column("player", _name, primary_key=True),
    sa.Column("joined", _time, nullable=False),
)

#: The class arena's sessions (the arena module adds its own tables beside this one).
arena_sessions = sa.Table(
    "arena_sessions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("created_by", _name, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("created", _time, nullable=False),
    sa.Column("ends", _time, nullable=True),
    sa.Column("options", sa.JSON, nullable=False),
)

#: The teacher's settings, one row per key (``forfeit_after``…), values as JSON.
settings = sa.Table(
    "settings",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.JSON, nullable=False),
)


def database_url(environ: dict[str, str] | None = None) -> str:
    """The database URL: ``LW_CLASSGAME_DB``, else a SQLite file in ``LW_CLASSGAME_STATE`` (default ``.``).

    Raises:
        ValueError: ``LW_CLASSGAME_DB`` is set but empty.
    """
    env = os.environ if environ is None else environ
    if "LW_CLASSGAME_DB" in env:
        url = env["LW_CLASSGAME_DB"].strip()
        if not url:
            raise ValueError("LW_CLASSGAME_DB is empty: give a database URL or unset it")
        return url
    folder = Path(env.get("LW_CLASSGAME_STATE", ".")).resolve()
    return f"sqlite:///{folder / DEFAULT_FILE}"


def _private_sqlite_file(url: sa.URL) -> None:
    """Create a SQLite file (and its journal's folder) readable by the service's account only.

    An existing file made with a wider mode is narrowed, and so are the write-ahead log and
    shared-memory files a crash left beside it (SQLite gives the mode of the database file to
    new ones only: an old log would stay readable while it holds the latest turns).
    """
    if not url.database or url.database == ":memory:":
        return
    path = Path(url.database)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
    os.close(fd)
    os.chmod(path, 0o600)
    for suffix in ("-wal", "-shm", "-journal"):
        left = Path(f"{path}{suffix}")
        if left.is_file() and not left.is_symlink():
            os.chmod(left, 0o600)


def connect(url: str) -> Engine:
    """An engine for ``url`` (no table made: :func:`logger_widget.service.migrations.connect` makes them).

    A SQLite file is created with mode 0600, or narrowed to it (SQLite gives its write-ahead
    log and shared-memory files ``-wal``, ``-shm`` the database file's mode, whatever the
    umask), and runs in WAL mode (:func:`_sqlite_wal`); SQLite waits up to 30 s for a lock
    instead of failing at once. A database server's connections are not pinged before each
    use: after the server restarts, the first request fails and the next ones reconnect.

    Raises:
        sqlalchemy.exc.ArgumentError: ``url`` is not a database URL.
        sqlalchemy.exc.OperationalError: the database cannot be reached.
    """
    parsed = sa.make_url(url)
    options: dict[str, object] = {"future": True}
    if parsed.get_backend_name() == "sqlite":
        _private_sqlite_file(parsed)
        options["connect_args"] = {"timeout": 30}
    else:
        # no ping before each use (a round trip per request): a connection the server dropped
        # fails one request and SQLAlchemy then replaces every pooled connection; none is kept
        # longer than half an hour (a server's or a firewall's idle limit)
        options["pool_recycle"] = 1800
    engine = sa.create_engine(parsed, **options)
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        sa.event.listen(engine, "connect", _sqlite_wal)
    return engine


def copy_sqlite(source: Path, target: Path) -> None:
    """Copy the SQLite database ``source`` to ``target`` with SQLite's online backup (consistent while others use it).

    ``source`` is opened read-only; ``target`` is replaced.

    Raises:
        sqlite3.Error: ``source`` is not a database or cannot be read.
    """
    old, new = sqlite3.connect(f"file:{source}?mode=ro", uri=True), sqlite3.connect(target)
    try:
        old.backup(new)
    finally:
        old.close()
        new.close()


def _sqlite_wal(connection: Any, record: Any) -> None:
    """Write-ahead log, synced at checkpoints: a turn commits without waiting for the disk.

    A crash of the service loses nothing committed; a power cut may lose the last turns
    (SQLite's ``synchronous=NORMAL`` in WAL mode), never leaves the database corrupt.
    """
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()

"""The class database's schema versions (alembic): a database the service made before versions is upgraded, every row kept.

``tests/data/classgame-before-versions.sqlite`` was made by the service as released before the
schema had versions (a challenge played three turns and resigned, an open seek, the teacher's
settings, a pupil's lesson, attempt and saved game).
"""

from __future__ import annotations

import shutil
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from dbkit import db_url, postgres_server  # noqa: F401  (fixtures)
from progress_before import TIME_COLUMNS, old_tables, write_rows
from servicekit import in_process_service

from logger_widget.progress.records import as_utc
from logger_widget.service import db, migrations

BEFORE = Path(__file__).resolve().parent / "data" / "classgame-before-versions.sqlite"
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


#: after any browser test, Playwright keeps its event loop marked running in this thread
#: (tests/conftest.py, no_running_loop): these tests run asyncio loops of their own
pytestmark = pytest.mark.usefixtures("no_running_loop")


def _seconds(value: object) -> object:
    """A progress time as seconds since the epoch (the earlier code kept it as text)."""
    if not isinstance(value, str):
        return value
    return (datetime.fromisoformat(value).replace(tzinfo=timezone.utc) - EPOCH) / timedelta(seconds=1)


def _rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, the progress times as seconds (revision 0003 turned their text into seconds)."""
    times = dict(TIME_COLUMNS)
    found = {}
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        tables = [t for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for t in tables:
            if t == "alembic_version":
                continue
            cursor = conn.execute(f"SELECT * FROM {t}")
            names = [d[0] for d in cursor.description]
            rows = [tuple(_seconds(v) if n == times.get(t) else v for n, v in zip(names, r)) for r in cursor]
            found[t] = sorted(rows, key=repr)
    return found


def test_a_database_made_before_versions_is_upgraded_at_start_without_losing_a_row(tmp_path: Path) -> None:
    path = tmp_path / "classgame.sqlite"
    shutil.copy(BEFORE, path)
    before = _rows(path)
    assert sum(len(r) for r in before.values()) >= 20 and before["turns"]
    with in_process_service(tmp_path, ["ann", "bob", "cat"]) as running:
        assert migrations.current(running.service.engine) == migrations.HEAD
        after = _rows(path)
        assert after == before, "every row kept, none changed"
        state = running.client("ann").ok("GET", "games/1")
        assert state["status"] == "finished" and len(state["turns"]) == 3
        progress = running.client("ann").ok("GET", "progress/me")
        assert [g["game"] for g in progress["games"]] == ["g-1"] and progress["rating"]["played"] == 1
    copy = tmp_path / "classgame.sqlite.before-versions"
    assert _rows(copy) == before, "the copy made before the upgrade is the database as it was"
    assert copy.stat().st_mode & 0o777 == 0o600


def test_the_newest_revision_describes_exactly_the_tables_the_code_declares(tmp_path: Path) -> None:
    engine = migrations.connect(f"sqlite:///{tmp_path / 'new.sqlite'}")
    try:
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), migrations.metadata())
        assert diff == [], diff
        again = migrations.upgrade(engine)  # a second start changes nothing
        assert again == migrations.HEAD and not list(tmp_path.glob("*.before-*"))
    finally:
        engine.dispose()


def test_an_old_database_gets_a_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    shutil.copy(BEFORE, path)
    engine = migrations.connect(f"sqlite:///{path}")
    try:
        with engine.connect() as conn:
            assert (
                conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar_one()
                == migrations.HEAD
            )
            indexes = {i["name"] for i in sa.inspect(conn).get_indexes("progress_attempts")}
        assert "ix_progress_attempts_pupil_puzzle" in indexes
    finally:
        engine.dispose()


#: Every column of the class database that holds a hub user's name.
NAME_COLUMNS = {
    "players.name", "seats.player", "turns.by", "seeks.creator", "seek_members.player",
    "arena_sessions.created_by", "arena_entries.player", "progress_lessons.pupil",
    "progress_attempts.pupil", "progress_games.pupil", "progress_personal.pupil",
}  # fmt: skip


def test_every_name_column_of_the_class_database_has_the_one_name_type() -> None:
    """The service's tables took 64 characters for a name and the progress store's 200: a name the
    progress store kept could not sit at a game. The database made at start is checked the same way
    (the newest revision describes the tables the code declares)."""
    from logger_widget.online.schema import MAX_NAME_CHARS

    columns = {f"{t.name}.{c.name}": c for t in migrations.metadata().tables.values() for c in t.columns}
    assert NAME_COLUMNS <= set(columns), NAME_COLUMNS - set(columns)
    lengths = {name: getattr(columns[name].type, "length", None) for name in NAME_COLUMNS}
    assert set(lengths.values()) == {db.NAME.length} == {MAX_NAME_CHARS}, lengths


def _alembic(engine: sa.Engine, how: str, revision: str) -> None:
    """Run alembic's ``upgrade`` or ``downgrade`` to ``revision`` on ``engine``."""
    cfg = migrations.config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        getattr(command, how)(cfg, revision)


def _times(engine: sa.Engine, tables: dict[str, sa.Table]) -> dict[str, list[datetime]]:
    """``{table: its times}`` read through ``tables`` (today's or the earlier code's), in the order written."""
    order = {"progress_attempts": "id", "progress_personal": "due"}
    found = {}
    with engine.connect() as conn:
        for name, column in TIME_COLUMNS:
            table = tables[name]
            query = sa.select(table.c[column]).order_by(table.c[order.get(name, column)])
            found[name] = [as_utc(t) for t in conn.execute(query).scalars()]
    return found


def _same(got: dict[str, list[datetime]], written: dict[str, list[datetime]]) -> None:
    assert {t: len(v) for t, v in got.items()} == {t: len(v) for t, v in written.items()}, "every row kept"
    for table, times in written.items():
        for was, now in zip(times, got[table]):
            assert abs(now - was) <= timedelta(microseconds=1), (table, was, now)


def test_progress_times_of_a_class_database_at_0002_become_seconds_keeping_every_row_and_time(
    db_url: str,  # noqa: F811
) -> None:
    """A class database at revision 0002 with rows the earlier code wrote in every progress table is
    upgraded to the newest revision: its time columns hold seconds, every row and time is kept,
    today's store reads them; a downgrade and a second upgrade keep them too."""
    from logger_widget.progress import sql as progress_sql

    engine = db.connect(db_url)
    try:
        _alembic(engine, "upgrade", "0002")
        written = write_rows(engine)
        assert migrations.upgrade(engine) == migrations.HEAD == migrations.current(engine)
        for table, column in TIME_COLUMNS:
            declared = {c["name"]: c["type"] for c in sa.inspect(engine).get_columns(table)}[column]
            assert isinstance(declared, sa.Float), (table, declared)
        _same(_times(engine, dict(progress_sql.METADATA.tables)), written)
        snap = progress_sql.SQLProgressStore(engine, "ann", create=False).snapshot()
        assert not snap.unreadable and [p.id for p in snap.personal] == ["m-soon", "m-later"]
        assert [g.updated for g in snap.games] == written["progress_games"]
        assert [p.id for p in snap.personal if p.due <= written["progress_personal"][0]] == ["m-soon"]

        _alembic(engine, "downgrade", "0002")
        _same(_times(engine, old_tables()), written)
        _alembic(engine, "upgrade", "head")
        _same(_times(engine, dict(progress_sql.METADATA.tables)), written)
    finally:
        engine.dispose()


def test_revision_0003_works_on_a_class_database_without_progress_tables(tmp_path: Path) -> None:
    engine = db.connect(f"sqlite:///{tmp_path / 'class.sqlite'}")
    try:
        _alembic(engine, "upgrade", "0002")
        with engine.begin() as conn:
            for table, _ in TIME_COLUMNS:
                conn.execute(sa.text(f"DROP TABLE {table}"))
        _alembic(engine, "upgrade", "0003")
        _alembic(engine, "downgrade", "0002")
        assert migrations.upgrade(engine) == migrations.HEAD
    finally:
        engine.dispose()


#: Every column of the class database that holds a time.
TIME_COLUMN_NAMES = {
    "players.created", "players.last_seen", "games.created", "games.finished", "seats.last_seen", "turns.at",
    "events.at", "seeks.created", "seek_members.joined", "arena_sessions.created", "arena_sessions.ends",
    "arena_entries.joined", "arena_entries.seen", "progress_lessons.at", "progress_attempts.at",
    "progress_games.updated", "progress_personal.due",
}  # fmt: skip


def test_every_time_column_of_the_class_database_has_the_one_time_type() -> None:
    """The service's tables kept seconds since the epoch and the progress tables ``DateTime``: every
    time is now :data:`~logger_widget.service.db.TIME` in the database (the progress tables read it
    as aware datetimes), and no column has a date or time type of the database's own."""
    from sqlalchemy.dialects import postgresql, sqlite

    columns = {f"{t.name}.{c.name}": c for t in migrations.metadata().tables.values() for c in t.columns}
    assert TIME_COLUMN_NAMES <= set(columns), TIME_COLUMN_NAMES - set(columns)
    for dialect in (sqlite.dialect(), postgresql.dialect()):
        one = db.TIME.compile(dialect=dialect)
        stored = {name: columns[name].type.compile(dialect=dialect) for name in TIME_COLUMN_NAMES}
        assert set(stored.values()) == {one}, stored
    stored_types = {n: getattr(c.type, "impl", c.type) for n, c in columns.items()}
    dates = {
        n for n, t in stored_types.items() if isinstance(t, (sa.DateTime, sa.Date, sa.Time, sa.Interval))
    }
    assert not dates, dates

"""The class database's schema versions (alembic): a database the service made before versions is upgraded, every row kept.

``tests/data/classgame-before-versions.sqlite`` was made by the service as released before the
schema had versions (a challenge played three turns and resigned, an open seek, the teacher's
settings, a pupil's lesson, attempt and saved game).
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from servicekit import in_process_service

from logger_widget.service import migrations

BEFORE = Path(__file__).resolve().parent / "data" / "classgame-before-versions.sqlite"


#: after any browser test, Playwright keeps its event loop marked running in this thread
#: (tests/conftest.py, no_running_loop): these tests run asyncio loops of their own
pytestmark = pytest.mark.usefixtures("no_running_loop")


def _rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        tables = [t for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {
            t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr)
            for t in tables
            if t != "alembic_version"
        }


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
    from logger_widget.service import db

    columns = {f"{t.name}.{c.name}": c for t in migrations.metadata().tables.values() for c in t.columns}
    assert NAME_COLUMNS <= set(columns), NAME_COLUMNS - set(columns)
    lengths = {name: getattr(columns[name].type, "length", None) for name in NAME_COLUMNS}
    assert set(lengths.values()) == {db.NAME.length} == {MAX_NAME_CHARS}, lengths

"""The class database (logger_widget.service.db) on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa
from dbkit import db_url, postgres_server  # noqa: F401  (fixtures)

from logger_widget.service import db, migrations


def test_every_table_is_created_and_kept(db_url: str) -> None:  # noqa: F811
    engine = migrations.connect(db_url)
    try:
        assert set(sa.inspect(engine).get_table_names()) >= {
            "players", "games", "seats", "turns", "events", "seeks", "seek_members", "arena_sessions", "settings",
        }  # fmt: skip
        with engine.begin() as conn:
            conn.execute(sa.insert(db.settings).values(key="forfeit_after", value=120.0))
    finally:
        engine.dispose()
    again = migrations.connect(db_url)  # a restart: the upgrade keeps the rows
    try:
        with again.connect() as conn:
            assert conn.execute(sa.select(db.settings.c.value)).scalar_one() == 120.0
    finally:
        again.dispose()


def test_the_sqlite_file_is_readable_by_the_service_only(tmp_path: Path) -> None:
    path = tmp_path / "state" / db.DEFAULT_FILE
    path.parent.mkdir()
    path.write_text("")
    path.chmod(0o644)  # a file left readable by everyone is narrowed at start
    migrations.connect(db.database_url({"LW_CLASSGAME_STATE": str(path.parent)})).dispose()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_an_empty_database_url_is_refused() -> None:
    with pytest.raises(ValueError, match="LW_CLASSGAME_DB is empty"):
        db.database_url({"LW_CLASSGAME_DB": " "})


def test_the_write_ahead_log_and_shared_memory_files_are_the_services_only_whatever_the_umask(
    tmp_path: Path,
) -> None:
    path = tmp_path / db.DEFAULT_FILE
    old = os.umask(0o022)  # a process that did not narrow its umask, as the service's __main__ does
    try:
        engine = migrations.connect(f"sqlite:///{path}")
        try:
            with engine.begin() as conn:  # a write: the log holds it until a checkpoint
                conn.execute(sa.insert(db.settings).values(key="forfeit_after", value=120.0))
            with engine.connect():
                files = [path, Path(f"{path}-wal"), Path(f"{path}-shm")]
                assert Path(f"{path}-wal").stat().st_size > 0
                assert {p.name: oct(stat.S_IMODE(p.stat().st_mode)) for p in files} == {
                    p.name: "0o600" for p in files
                }
        finally:
            engine.dispose()
    finally:
        os.umask(old)


def test_a_database_left_readable_with_its_log_after_a_crash_is_narrowed_log_and_all(tmp_path: Path) -> None:
    path = tmp_path / db.DEFAULT_FILE
    crash = (  # another program's database in WAL mode, readable by everyone, killed before a checkpoint
        "import os, sqlite3, sys; os.umask(0o022); c = sqlite3.connect(sys.argv[1]);"
        "c.execute('PRAGMA journal_mode=WAL'); c.execute('CREATE TABLE t (x)');"
        "c.execute('INSERT INTO t VALUES (1)'); c.commit(); os._exit(0)"
    )
    subprocess.run([sys.executable, "-c", crash, str(path)], check=True)
    files = [path, Path(f"{path}-wal"), Path(f"{path}-shm")]
    assert {oct(stat.S_IMODE(p.stat().st_mode)) for p in files} == {"0o644"}
    engine = migrations.connect(f"sqlite:///{path}")
    try:
        with engine.begin() as conn:
            conn.execute(sa.insert(db.settings).values(key="forfeit_after", value=120.0))
        assert {p.name: oct(stat.S_IMODE(p.stat().st_mode)) for p in files} == {
            p.name: "0o600" for p in files
        }
    finally:
        engine.dispose()

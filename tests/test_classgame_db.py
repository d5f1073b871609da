"""The class database (logger_widget.service.db) on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
import sqlalchemy as sa
from dbkit import db_url, postgres_server  # noqa: F401  (fixtures)

from logger_widget.service import db


def test_every_table_is_created_and_kept(db_url: str) -> None:  # noqa: F811
    engine = db.connect(db_url)
    try:
        assert set(sa.inspect(engine).get_table_names()) >= {
            "players", "games", "seats", "turns", "events", "seeks", "seek_members", "arena_sessions", "settings",
        }  # fmt: skip
        with engine.begin() as conn:
            conn.execute(sa.insert(db.settings).values(key="forfeit_after", value=120.0))
    finally:
        engine.dispose()
    again = db.connect(db_url)  # a restart: create_all keeps the rows
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
    db.connect(db.database_url({"LW_CLASSGAME_STATE": str(path.parent)})).dispose()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_an_empty_database_url_is_refused() -> None:
    with pytest.raises(ValueError, match="LW_CLASSGAME_DB is empty"):
        db.database_url({"LW_CLASSGAME_DB": " "})

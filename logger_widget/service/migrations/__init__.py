"""The class database's schema versions: alembic migrations, run at the service's start.

Every table of the class database (the service's :data:`logger_widget.service.db.metadata`,
the arena's, the progress store's :data:`logger_widget.progress.sql.METADATA`) is described by
the revisions in ``versions/``: ``0001`` the baseline (the tables as the first released service
created them), then one revision per change. :func:`upgrade` brings a database to the newest
revision (:data:`HEAD`):

* an empty database gets every table from the revisions;
* a database made before the schema had versions (it has the baseline's tables and no
  ``alembic_version`` table) gets the baseline's missing tables only, nothing rewritten, then
  the later revisions;
* before a SQLite file is changed, a copy of it is made beside it
  (``classgame.sqlite.before-<revision>``, mode 0600; SQLite's online backup, consistent
  while other readers hold it).

A developer adds a revision with ``alembic`` itself (``script.py.mako`` is its template); the
test ``tests/test_migrations.py`` checks that the newest revision describes exactly the tables
the code declares.
"""

from __future__ import annotations

import os
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

__all__ = ["BASELINE", "HEAD", "config", "connect", "current", "metadata", "upgrade"]

FOLDER = Path(__file__).resolve().parent
#: The baseline revision: the tables of the first released service.
BASELINE = "0001"


def config() -> Config:
    """Alembic's configuration for the class database (no ``alembic.ini``: this folder's scripts)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(FOLDER))
    return cfg


#: The newest revision.
HEAD: str = ScriptDirectory.from_config(config()).get_current_head() or BASELINE


def metadata() -> sa.MetaData:
    """Every table of the class database as the code declares it (the service's, the arena's, the progress store's)."""
    from ...progress import sql as progress_sql
    from .. import arena, db  # noqa: F401 - the arena adds its tables to db.metadata

    every = sa.MetaData()
    for table in [*db.metadata.tables.values(), *progress_sql.METADATA.tables.values()]:
        table.to_metadata(every)
    return every


def current(engine: sa.Engine) -> str | None:
    """The database's revision, ``None`` when it has none (empty, or made before versions)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def _backup(engine: sa.Engine, revision: str | None) -> Path | None:
    url = engine.url
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    source = Path(url.database)
    if not source.exists() or not sa.inspect(engine).get_table_names():  # a new database: nothing to keep
        return None
    target = source.with_name(f"{source.name}.before-{revision or 'versions'}")
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.close(fd)
    from .. import db

    db.copy_sqlite(source, target)
    return target


def upgrade(engine: sa.Engine) -> str:
    """Bring the class database to :data:`HEAD` (see the module docstring): its revision now.

    Tables of other names in the database are left alone.

    Raises:
        sqlalchemy.exc.SQLAlchemyError: the database refused a change (the SQLite copy is there).
    """
    revision = current(engine)
    if revision == HEAD:
        return HEAD
    cfg = config()
    _backup(engine, revision)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
    return HEAD


def connect(url: str) -> sa.Engine:
    """:func:`logger_widget.service.db.connect` with the database brought to :data:`HEAD` (:func:`upgrade`).

    Raises:
        sqlalchemy.exc.ArgumentError: ``url`` is not a database URL.
        sqlalchemy.exc.SQLAlchemyError: the database cannot be reached or refused a change.
    """
    from .. import db

    engine = db.connect(url)
    upgrade(engine)
    return engine

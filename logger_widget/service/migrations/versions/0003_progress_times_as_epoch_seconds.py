"""One time type: the progress tables' times become seconds since the epoch, as the service's are.

The four time columns of the progress tables (``progress_lessons.at``, ``progress_attempts.at``,
``progress_games.updated``, ``progress_personal.due``) were timezone-aware ``DateTime``; they
are now double-precision seconds since the epoch (UTC), the type of every other time of the
class database. Every row is kept with its time to the microsecond:

* PostgreSQL: ``ALTER COLUMN … TYPE double precision USING EXTRACT(EPOCH FROM …)``;
* SQLite, where SQLAlchemy kept the times as text (``YYYY-MM-DD HH:MM:SS.ffffff``, UTC): each
  text cell is read in Python and written back as seconds (SQLite's ``julianday`` keeps
  milliseconds only), then alembic's batch mode copies the table with the column's new type.

A table that is missing is left alone, and so is a column that has the new type already (the
progress store of today created it). Other databases are refused before anything is changed.
The downgrade turns the seconds back into times.

Revision ID: 0003
Revises: 0002
"""

from datetime import datetime, timedelta, timezone

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

#: ``(table, column)`` of every time column of the progress tables (none is nullable).
TIME_COLUMNS = [
    ("progress_lessons", "at"),
    ("progress_attempts", "at"),
    ("progress_games", "updated"),
    ("progress_personal", "due"),
]

SECONDS = sa.Float(precision=53)
DATETIME = sa.DateTime(timezone=True)
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def _columns(bind: sa.Connection) -> list[tuple[str, str, sa.types.TypeEngine[object]]]:
    """``(table, column, declared type)`` of the time columns whose table exists."""
    inspector = sa.inspect(bind)
    tables = set(inspector.get_table_names())
    found = []
    for table, column in TIME_COLUMNS:
        if table in tables:
            declared = {c["name"]: c["type"] for c in inspector.get_columns(table)}
            found.append((table, column, declared[column]))
    return found


def _dialect(bind: sa.Connection) -> str:
    name = bind.dialect.name
    if name not in ("sqlite", "postgresql"):
        raise NotImplementedError(
            f"revision 0003 converts the progress times on SQLite and PostgreSQL, not {name}"
        )
    return name


def _seconds(text: str) -> float:
    moment = datetime.fromisoformat(text)
    moment = moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment
    return (moment - EPOCH) / timedelta(seconds=1)


def _text(seconds: float) -> str:
    return (EPOCH + timedelta(seconds=float(seconds))).strftime("%Y-%m-%d %H:%M:%S.%f")


def _rewrite(bind: sa.Connection, table: str, column: str, kind: str, convert: object) -> None:
    """Rewrite the SQLite cells of ``column`` whose storage class is ``kind`` with ``convert``."""
    cells = f"SELECT rowid, {column} FROM {table} WHERE typeof({column}) IN ({kind})"
    rows = [{"v": convert(value), "r": rowid} for rowid, value in bind.execute(sa.text(cells))]  # type: ignore[operator]
    if rows:
        bind.execute(
            sa.text(f"UPDATE {table} SET {column} = :v WHERE rowid = :r AND typeof({column}) IN ({kind})"),
            rows,
        )


def upgrade() -> None:
    """Bring the database to this revision."""
    bind = op.get_bind()
    dialect = _dialect(bind)
    for table, column, declared in _columns(bind):
        if dialect == "sqlite":
            _rewrite(bind, table, column, "'text'", _seconds)
            if not isinstance(declared, sa.Float):
                with op.batch_alter_table(table) as batch:
                    batch.alter_column(column, type_=SECONDS, existing_type=declared, existing_nullable=False)
        elif not isinstance(declared, sa.Float):
            op.alter_column(
                table, column, type_=SECONDS, existing_type=declared, existing_nullable=False,
                postgresql_using=f"EXTRACT(EPOCH FROM {column})",
            )  # fmt: skip


def downgrade() -> None:
    """Bring the database back to the revision before."""
    bind = op.get_bind()
    dialect = _dialect(bind)
    for table, column, declared in _columns(bind):
        if not isinstance(declared, sa.Float):
            continue
        if dialect == "sqlite":
            with op.batch_alter_table(table) as batch:
                batch.alter_column(column, type_=DATETIME, existing_type=declared, existing_nullable=False)
            _rewrite(bind, table, column, "'real', 'integer'", _text)
        else:
            op.alter_column(
                table, column, type_=DATETIME, existing_type=declared, existing_nullable=False,
                postgresql_using=f"to_timestamp({column})",
            )  # fmt: skip

"""One name type (200 characters, as the progress tables have it) and an index for a pupil's tries at a puzzle.

The service's name columns were 64 characters, the progress tables' 200: every name column
is now 200 (on SQLite, alembic's batch mode copies each table into its new form). The index
on ``progress_attempts (pupil, puzzle)`` lets the service find a pupil's earlier try at a
puzzle without reading their attempts.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

#: ``(table, column, nullable)`` of every name column of the service's tables.
NAME_COLUMNS = [
    ("players", "name", False),
    ("seats", "player", True),
    ("turns", "by", False),
    ("seeks", "creator", False),
    ("seek_members", "player", False),
    ("arena_sessions", "created_by", False),
    ("arena_entries", "player", False),
]


def _names(new: int, old: int) -> None:
    for table, column, nullable in NAME_COLUMNS:
        with op.batch_alter_table(table) as batch:
            batch.alter_column(
                column, type_=sa.String(new), existing_type=sa.String(old), existing_nullable=nullable
            )


def upgrade() -> None:
    """Bring the database to this revision."""
    _names(200, 64)
    # the progress store's own create_tables (a pupil's store opened before the service) may have made it
    existing = {ix["name"] for ix in sa.inspect(op.get_bind()).get_indexes("progress_attempts")}
    if "ix_progress_attempts_pupil_puzzle" not in existing:
        op.create_index("ix_progress_attempts_pupil_puzzle", "progress_attempts", ["pupil", "puzzle"])


def downgrade() -> None:
    """Bring the database back to the revision before."""
    op.drop_index("ix_progress_attempts_pupil_puzzle", table_name="progress_attempts")
    _names(64, 200)

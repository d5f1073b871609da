"""The class database as the first released service made it (``create_all`` of its tables): the baseline.

A database made before the schema had versions holds these tables (or some of them, from a
service without the arena or the progress store): each table is created only when it is
missing, so such a database is upgraded from here without a row rewritten.

Revision ID: 0001
Revises: (none)
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Bring the database to this revision: create whichever of the baseline's tables is missing."""
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    _class_tables(existing)
    _progress_tables(existing)


def _class_tables(existing: set[str]) -> None:
    """The service's and the arena's tables."""
    if "arena_sessions" not in existing:
        op.create_table(
            "arena_sessions",
            sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
            sa.Column("created_by", sa.String(length=64), nullable=False),
            sa.Column("status", sa.String(length=16), nullable=False),
            sa.Column("created", sa.Float(precision=53), nullable=False),
            sa.Column("ends", sa.Float(precision=53), nullable=True),
            sa.Column("options", sa.JSON(), nullable=False),
            sa.PrimaryKeyConstraint("id"),
        )
    if "games" not in existing:
        op.create_table(
            "games",
            sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
            sa.Column("status", sa.String(length=16), nullable=False),
            sa.Column("players", sa.Integer(), nullable=False),
            sa.Column("start", sa.String(length=128), nullable=False),
            sa.Column("lpn", sa.String(length=128), nullable=False),
            sa.Column("ply", sa.Integer(), nullable=False),
            sa.Column("last_seq", sa.Integer(), nullable=False),
            sa.Column("created", sa.Float(precision=53), nullable=False),
            sa.Column("finished", sa.Float(precision=53), nullable=True),
            sa.Column("result", sa.JSON(), nullable=True),
            sa.Column("seek", sa.Integer(), nullable=True),
            sa.Column("arena", sa.Integer(), nullable=True),
            sa.Column("turn_limit", sa.Integer(), nullable=True),
            sa.PrimaryKeyConstraint("id"),
        )
    if "games" not in existing:
        op.create_index(op.f("ix_games_arena"), "games", ["arena"], unique=False)
    if "games" not in existing:
        op.create_index(op.f("ix_games_status"), "games", ["status"], unique=False)
    if "players" not in existing:
        op.create_table(
            "players",
            sa.Column("name", sa.String(length=64), nullable=False),
            sa.Column("rating", sa.Float(precision=53), nullable=False),
            sa.Column("created", sa.Float(precision=53), nullable=False),
            sa.Column("last_seen", sa.Float(precision=53), nullable=False),
            sa.PrimaryKeyConstraint("name"),
        )
    if "seeks" not in existing:
        op.create_table(
            "seeks",
            sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
            sa.Column("creator", sa.String(length=64), nullable=False),
            sa.Column("players", sa.Integer(), nullable=False),
            sa.Column("invite", sa.JSON(), nullable=False),
            sa.Column("bots", sa.JSON(), nullable=False),
            sa.Column("status", sa.String(length=16), nullable=False),
            sa.Column("created", sa.Float(precision=53), nullable=False),
            sa.Column("game", sa.Integer(), nullable=True),
            sa.Column("turn_limit", sa.Integer(), nullable=True),
            sa.PrimaryKeyConstraint("id"),
        )
    if "seeks" not in existing:
        op.create_index(op.f("ix_seeks_creator"), "seeks", ["creator"], unique=False)
    if "seeks" not in existing:
        op.create_index(op.f("ix_seeks_status"), "seeks", ["status"], unique=False)
    if "settings" not in existing:
        op.create_table(
            "settings",
            sa.Column("key", sa.String(length=64), nullable=False),
            sa.Column("value", sa.JSON(), nullable=False),
            sa.PrimaryKeyConstraint("key"),
        )
    if "arena_entries" not in existing:
        op.create_table(
            "arena_entries",
            sa.Column("arena", sa.Integer(), nullable=False),
            sa.Column("player", sa.String(length=64), nullable=False),
            sa.Column("joined", sa.Float(precision=53), nullable=False),
            sa.Column("active", sa.Boolean(), nullable=False),
            sa.Column("seen", sa.Float(precision=53), nullable=False),
            sa.ForeignKeyConstraint(
                ["arena"],
                ["arena_sessions.id"],
            ),
            sa.PrimaryKeyConstraint("arena", "player"),
        )
    if "events" not in existing:
        op.create_table(
            "events",
            sa.Column("game", sa.Integer(), nullable=False),
            sa.Column("seq", sa.Integer(), nullable=False),
            sa.Column("kind", sa.String(length=16), nullable=False),
            sa.Column("at", sa.Float(precision=53), nullable=False),
            sa.Column("data", sa.JSON(), nullable=False),
            sa.ForeignKeyConstraint(
                ["game"],
                ["games.id"],
            ),
            sa.PrimaryKeyConstraint("game", "seq"),
        )
    if "seats" not in existing:
        op.create_table(
            "seats",
            sa.Column("game", sa.Integer(), nullable=False),
            sa.Column("seat", sa.Integer(), nullable=False),
            sa.Column("player", sa.String(length=64), nullable=True),
            sa.Column("bot", sa.String(length=32), nullable=True),
            sa.Column("last_seen", sa.Float(precision=53), nullable=True),
            sa.Column("away", sa.Boolean(), nullable=False),
            sa.ForeignKeyConstraint(
                ["game"],
                ["games.id"],
            ),
            sa.PrimaryKeyConstraint("game", "seat"),
        )
    if "seats" not in existing:
        op.create_index(op.f("ix_seats_player"), "seats", ["player"], unique=False)
    if "seek_members" not in existing:
        op.create_table(
            "seek_members",
            sa.Column("seek", sa.Integer(), nullable=False),
            sa.Column("player", sa.String(length=64), nullable=False),
            sa.Column("joined", sa.Float(precision=53), nullable=False),
            sa.ForeignKeyConstraint(
                ["seek"],
                ["seeks.id"],
            ),
            sa.PrimaryKeyConstraint("seek", "player"),
        )
    if "turns" not in existing:
        op.create_table(
            "turns",
            sa.Column("game", sa.Integer(), nullable=False),
            sa.Column("ply", sa.Integer(), nullable=False),
            sa.Column("turn", sa.String(length=80), nullable=False),
            sa.Column("seat", sa.Integer(), nullable=False),
            sa.Column("by", sa.String(length=64), nullable=False),
            sa.Column("at", sa.Float(precision=53), nullable=False),
            sa.ForeignKeyConstraint(
                ["game"],
                ["games.id"],
            ),
            sa.PrimaryKeyConstraint("game", "ply"),
        )


def _progress_tables(existing: set[str]) -> None:
    """The progress store's tables."""
    if "progress_attempts" not in existing:
        op.create_table(
            "progress_attempts",
            sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
            sa.Column("pupil", sa.String(length=200), nullable=False),
            sa.Column("puzzle", sa.String(length=80), nullable=False),
            sa.Column("personal", sa.Boolean(), nullable=False),
            sa.Column("solved", sa.Boolean(), nullable=False),
            sa.Column("rating_before", sa.Float(), nullable=False),
            sa.Column("rating_after", sa.Float(), nullable=False),
            sa.Column("deviation_after", sa.Float(), nullable=False),
            sa.Column("at", sa.DateTime(timezone=True), nullable=False),
            sa.Column("turn", sa.String(length=80), nullable=False),
            sa.PrimaryKeyConstraint("id"),
        )
    if "progress_attempts" not in existing:
        op.create_index(op.f("ix_progress_attempts_pupil"), "progress_attempts", ["pupil"], unique=False)
    if "progress_games" not in existing:
        op.create_table(
            "progress_games",
            sa.Column("pupil", sa.String(length=200), nullable=False),
            sa.Column("game", sa.String(length=80), nullable=False),
            sa.Column("record", sa.Text(), nullable=False),
            sa.Column("finished", sa.Boolean(), nullable=False),
            sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
            sa.Column("review", sa.Text(), nullable=True),
            sa.PrimaryKeyConstraint("pupil", "game"),
        )
    if "progress_lessons" not in existing:
        op.create_table(
            "progress_lessons",
            sa.Column("pupil", sa.String(length=200), nullable=False),
            sa.Column("lesson", sa.String(length=60), nullable=False),
            sa.Column("at", sa.DateTime(timezone=True), nullable=False),
            sa.PrimaryKeyConstraint("pupil", "lesson"),
        )
    if "progress_personal" not in existing:
        op.create_table(
            "progress_personal",
            sa.Column("pupil", sa.String(length=200), nullable=False),
            sa.Column("id", sa.String(length=80), nullable=False),
            sa.Column("data", sa.Text(), nullable=False),
            sa.Column("due", sa.DateTime(timezone=True), nullable=False),
            sa.PrimaryKeyConstraint("pupil", "id"),
        )


def downgrade() -> None:
    """Bring the database back to the revision before."""
    op.drop_table("turns")
    op.drop_table("seek_members")
    op.drop_index(op.f("ix_seats_player"), table_name="seats")
    op.drop_table("seats")
    op.drop_table("events")
    op.drop_table("arena_entries")
    op.drop_table("settings")
    op.drop_index(op.f("ix_seeks_status"), table_name="seeks")
    op.drop_index(op.f("ix_seeks_creator"), table_name="seeks")
    op.drop_table("seeks")
    op.drop_table("progress_personal")
    op.drop_table("progress_lessons")
    op.drop_table("progress_games")
    op.drop_index(op.f("ix_progress_attempts_pupil"), table_name="progress_attempts")
    op.drop_table("progress_attempts")
    op.drop_table("players")
    op.drop_index(op.f("ix_games_status"), table_name="games")
    op.drop_index(op.f("ix_games_arena"), table_name="games")
    op.drop_table("games")
    op.drop_table("arena_sessions")

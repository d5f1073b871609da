"""The progress tables as the earlier code declared them (times as ``DateTime``), and rows written through them.

Used to make a class database or a pupil's local progress file "made by earlier code": on
SQLite SQLAlchemy's ``DateTime`` keeps a time as text (``YYYY-MM-DD HH:MM:SS.ffffff``), on
PostgreSQL as ``timestamp with time zone``. :func:`write_rows` puts a row in every progress
table, with times to the microsecond, and returns the times written.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from typing import Any

import sqlalchemy as sa

from logger_widget.progress.records import PersonalPuzzle
from logger_widget.progress.schedule import new_card
from logger_widget.progress.sql import METADATA
from logger_widget.puzzles import load_puzzles
from logger_widget.tournament import play_game

__all__ = ["TIME_COLUMNS", "WHEN", "old_tables", "write_rows"]

#: ``(table, column)`` of the progress tables' time columns.
TIME_COLUMNS = [
    ("progress_lessons", "at"),
    ("progress_attempts", "at"),
    ("progress_games", "updated"),
    ("progress_personal", "due"),
]
#: The first time written (with microseconds, which a time must keep).
WHEN = datetime(2026, 11, 30, 10, 0, 0, 123457, tzinfo=timezone.utc)


def old_tables() -> dict[str, sa.Table]:
    """The four progress tables with the earlier code's time type, ``DateTime(timezone=True)``."""
    old = sa.MetaData()
    for table in METADATA.tables.values():
        table.to_metadata(old)
    for table, column in TIME_COLUMNS:
        old.tables[table].c[column].type = sa.DateTime(timezone=True)
    return dict(old.tables)


def _personal(pid: str, when: datetime) -> tuple[str, datetime]:
    """A personal puzzle's JSON and its due time, on a shipped puzzle's position."""
    puzzle = load_puzzles()[3]
    played = next(t for t in puzzle.position.legal_turns() if not puzzle.is_solution(t)).notation()
    card, due = new_card(when)
    record = PersonalPuzzle(
        id=pid, game="g-1", ply=1, lpn=puzzle.lpn, seat=puzzle.seat, played=played, label="mistake",
        loss=0.3, best=sorted(puzzle.solutions)[0], played_value=0.2, best_value=0.5,
        solutions=puzzle.solutions, value=10.0, bound=5.0, theme=puzzle.theme, card=card, due=due, created=when,
    )  # fmt: skip
    return json.dumps(record.to_dict()), due


def write_rows(engine: sa.Engine, pupil: str = "ann") -> dict[str, list[datetime]]:
    """A row (two personal puzzles: one due at once, one in a year) in each progress table, through :func:`old_tables`.

    Returns ``{table: [its times, in the order the store reads them]}``.
    """
    tables = old_tables()
    soon, soon_due = _personal("m-soon", WHEN)
    later, later_due = _personal("m-later", WHEN + timedelta(days=365, microseconds=3))
    rows: dict[str, list[dict[str, Any]]] = {
        "progress_lessons": [{"lesson": "plant", "at": WHEN}],
        "progress_attempts": [{
            "puzzle": "p0004", "personal": False, "solved": True, "rating_before": 1500.0, "rating_after": 1520.0,
            "deviation_after": 300.0, "at": WHEN + timedelta(seconds=1, microseconds=1), "turn": "",
        }],
        "progress_games": [{"game": "g-1", "record": json.dumps(play_game(["random", "greedy"], seed=3).to_record()),
                            "finished": True, "updated": WHEN + timedelta(days=2, microseconds=999999)}],
        "progress_personal": [{"id": "m-soon", "data": soon, "due": soon_due},
                              {"id": "m-later", "data": later, "due": later_due}],
    }  # fmt: skip
    with engine.begin() as conn:
        for name, values in rows.items():
            conn.execute(tables[name].insert(), [{"pupil": pupil, **v} for v in values])
    column = dict(TIME_COLUMNS)
    return {name: [v[column[name]] for v in values] for name, values in rows.items()}

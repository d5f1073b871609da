"""A pupil's progress that lasts, on real databases (SQLite and PostgreSQL): games, reviews, personal puzzles, lessons.

Every test writes through the boards a pupil uses and reads back through a *new* store (and,
for the personal puzzles, a new Python process), as after a kernel restart. About 25 s
for the file (both databases; the PostgreSQL server starts once, ~2 s).
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import progress_before
import pytest
import sqlalchemy as sa
from dbkit import db_url, postgres_server  # noqa: F401  (fixtures)

from logger_widget import Board
from logger_widget.board import MistakesBoard, PuzzleBoard
from logger_widget.board.review_mode import BOARD_SECONDS
from logger_widget.classroom.tutorial import LessonBoard, lesson
from logger_widget.progress import Progress, ProgressError, SQLProgressStore, local_url
from logger_widget.progress.mistakes import check_proof
from logger_widget.progress.records import now
from logger_widget.progress.schedule import STEP
from logger_widget.progress.sql import personal
from logger_widget.puzzles import analyse_position, load_puzzles, verify
from logger_widget.review import review
from logger_widget.tournament import play_game

REPO = Path(__file__).resolve().parents[1]
#: a game whose pupil (seat 1, playing like the random bot) makes errors the acceptance search can prove
GAME = {"bots": ["random", "greedy"], "seed": 2}


def _reviewed_on_a_board(progress: Progress) -> Board:
    """The pupil's game on a play board, reviewed with the board's Review button."""
    board = Board(["human", "greedy"], locale="en", bot_mode="sync", autosave=False, progress=progress)
    board.load(play_game(GAME["bots"], seed=GAME["seed"]))
    assert (
        board.handle_message(
            {"type": "intent", "action": "review", "op": "open", "version": board.view["version"]}
        )
        == "ok"
    )
    return board


def _personal_in_a_new_process(url: str) -> list[dict]:
    code = (
        "import json, sys\n"
        "from logger_widget.progress import Progress\n"
        "p = Progress.open(sys.argv[1], pupil='ann')\n"
        "assert p.saving, p.problem\n"
        "print(json.dumps([x.to_dict() for x in p.personal()]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, url], capture_output=True, text=True, timeout=120, cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_reviewed_game_gives_personal_puzzles_with_their_positions_and_proofs_after_a_restart(
    db_url,  # noqa: F811
) -> None:
    progress = Progress.open(db_url, pupil="ann")
    board = _reviewed_on_a_board(progress)
    notice = board.view["notice"]["text"]
    made = progress.personal()
    assert made and notice.startswith(f"{len(made)} of your turns became puzzles for you")

    saved = _personal_in_a_new_process(db_url)  # a new kernel on the same database
    assert sorted(p["id"] for p in saved) == sorted(p.id for p in made)
    game = board.game
    again = review(game, seconds=BOARD_SECONDS, seed=0)  # the board's review, reproduced
    errors = {t.ply: t for t in again.mistakes(1)}
    for record in saved:
        turn = errors[record["ply"]]  # an error of the pupil's own seat
        assert record["seat"] == 1 and record["label"] == turn.label
        assert record["lpn"] == game.positions[record["ply"] - 1].to_lpn() == turn.position.to_lpn()
        assert record["played"] == game.turns[record["ply"] - 1].notation()
        assert record["played"] not in record["solutions"], "the turn played is never a solution"
        solutions = frozenset(record["solutions"])
        if record["proof"] == "clear":  # the acceptance search's proof
            analysis = analyse_position(turn.position)
            assert analysis.accepted and solutions == analysis.solutions
            assert verify(record["lpn"], solutions).ok and record["bound"] <= record["value"] - 1.5
        else:  # a softer proof, checked again as the class service does
            assert record["proof"] in ("better", "review")
            assert (
                check_proof(record["lpn"], record["proof"], solutions, record["played"], record["best"]) == ""
            )
    # every error of the pupil's seat that is not forced gives a puzzle; the greedy bot's never count
    assert len(saved) == len([t for t in errors.values() if not t.forced]) > 0
    fresh = Progress.open(db_url, pupil="ann")
    (played,) = fresh.snapshot.games
    assert played.finished and played.review["counts"]["1"]["best"] >= 0
    assert len(played.review["errors"]) == len(again.mistakes())


def test_solving_one_and_failing_one_changes_their_schedule_as_documented(db_url) -> None:  # noqa: F811
    progress = Progress.open(db_url, pupil="ann")
    _reviewed_on_a_board(progress)
    board = MistakesBoard(locale="en", progress=Progress.open(db_url, pupil="ann"), bot_mode="sync")
    first = board.session.current
    assert board.view["task"].startswith("Your own puzzle 1 of ")
    assert f"Turn {first.ply} of your game: you played" in board.view["task"]
    wrong = next(t for t in board.position.legal_turns() if t.notation() not in first.solutions)
    start = now()
    board.play(wrong)
    text = board.view["notice"]["text"]
    assert (
        text.endswith("You will see this puzzle again in 10 minutes.")  # the verdict's last sentence
        and "From your game. Turn " in text
        and ": Turn" not in text
    )
    assert (
        board.handle_message({"type": "intent", "action": "next_lesson", "version": board.view["version"]})
        == "ok"
    )
    second = board.session.current
    board.play(sorted(second.solutions)[0])
    assert "You will see this puzzle again in 2 days." in board.view["notice"]["text"]
    end = now()

    after = {p.id: p for p in Progress.open(db_url, pupil="ann").personal()}  # a restart
    failed, solved = after[first.id], after[second.id]
    assert (failed.failed, failed.solved) == (1, 0) and (solved.failed, solved.solved) == (0, 1)
    assert start + STEP <= failed.due <= end + STEP
    assert start + timedelta(days=2) <= solved.due <= end + timedelta(days=2)
    # the failed one comes back first: due in 11 minutes, the solved one is not
    later = Progress.open(db_url, pupil="ann").due(end + timedelta(minutes=11))
    assert first.id in {p.id for p in later} and second.id not in {p.id for p in later}
    # solved again when it comes back: later still (11 days, docs/progress.md); failed again: 10 minutes
    reopened = Progress.open(db_url, pupil="ann")
    assert reopened.answer(second.id, True, 0, solved.due).due == solved.due + timedelta(days=11)
    assert reopened.answer(first.id, False, 0, failed.due).due == failed.due + STEP


def test_two_finished_lessons_show_as_done_after_a_restart(db_url) -> None:  # noqa: F811
    progress = Progress.open(db_url, pupil="ann")
    for key in ("board", "plant"):
        board = LessonBoard(key, "en", progress=progress, bot_mode="sync")
        assert "You have finished this lesson before" not in board.view["task"]
        board.play(lesson(key).solution)
        assert board.view["notice"]["kind"] == "success"
    restarted = Progress.open(db_url, pupil="ann")
    assert restarted.lessons_done() == {"board", "plant"}
    for key, done in (("board", True), ("plant", True), ("chop", False)):
        task = LessonBoard(key, "en", progress=restarted, bot_mode="sync").view["task"]
        assert ("✓ You have finished this lesson before." in task) is done, (key, task)
    other = Progress.open(db_url, pupil="bob")  # the same database, another pupil: nothing done
    assert other.lessons_done() == set()


def test_the_puzzle_rating_goes_on_after_a_restart(db_url) -> None:  # noqa: F811
    puzzles = list(load_puzzles()[:2])
    progress = Progress.open(db_url, pupil="ann")
    board = PuzzleBoard(puzzles, locale="en", progress=progress, bot_mode="sync")
    wrong = next(t for t in board.position.legal_turns() if not puzzles[0].is_solution(t))
    board.play(wrong)
    assert board.rating.rating < 1500
    again = PuzzleBoard(puzzles, locale="en", progress=Progress.open(db_url, pupil="ann"), bot_mode="sync")
    assert again.rating == board.rating and "Your puzzle rating: 1,500" not in again.view["task"]
    (attempt,) = Progress.open(db_url, pupil="ann").snapshot.attempts
    assert attempt.puzzle == puzzles[0].id and not attempt.solved and attempt.turn == wrong.notation()


def test_a_corrupt_file_is_said_and_left_alone_and_the_board_still_plays(tmp_path: Path) -> None:
    path = tmp_path / ".logger_progress.sqlite"
    garbage = b"this is a pupil's essay, not a database\n" * 200
    path.write_bytes(garbage)
    progress = Progress.open(local_url(tmp_path))
    assert progress.problem is not None and progress.problem.kind == "corrupt" and not progress.saving
    board = LessonBoard("plant", "en", progress=progress, bot_mode="sync")
    task = board.view["task"]
    assert f"Your progress is not being saved: the progress file {path} is damaged." in task
    board.play(lesson("plant").solution)  # the lesson still works
    assert board.view["notice"]["kind"] == "success" and progress.lessons_done() == {"plant"}
    assert path.read_bytes() == garbage, "a damaged file is never overwritten"
    es = LessonBoard("plant", "es", progress=progress, bot_mode="sync").view["task"]
    assert "Tu progreso no se está guardando" in es
    puzzles = PuzzleBoard(list(load_puzzles()[:1]), locale="uk", progress=progress, bot_mode="sync")
    assert "Твій прогрес не зберігається: файл прогресу" in puzzles.view["task"]


def test_a_database_locked_by_another_program_is_said_and_the_board_still_plays(tmp_path: Path) -> None:
    url = local_url(tmp_path)
    progress = Progress.open(url)
    board = LessonBoard("plant", "en", progress=progress, bot_mode="sync")
    assert progress.saving and "not being saved" not in board.view["task"]
    holder = subprocess.Popen(  # another program holds the file: an exclusive transaction, kept open
        [sys.executable, "-c",
         "import sqlite3, sys, time\n"
         "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
         "c.execute('BEGIN EXCLUSIVE')\nprint('locked', flush=True)\ntime.sleep(60)\n",
         str(tmp_path / ".logger_progress.sqlite")],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        board.play(lesson("plant").solution)  # saving waits BUSY_SECONDS, then gives up
        assert board.view["notice"]["kind"] == "success"
        assert progress.problem is not None and progress.problem.kind == "locked"
        assert (
            "the progress file" in board.view["task"] and "is in use by another program" in board.view["task"]
        )
        board.handle_message({"type": "intent", "action": "restart", "version": board.view["version"]})
        board.play(lesson("plant").solution)  # and goes on playing
        assert board.view["notice"]["kind"] == "success"
    finally:
        holder.kill()
        holder.wait()
    with sqlite3.connect(tmp_path / ".logger_progress.sqlite") as check:
        assert check.execute("select count(*) from progress_lessons").fetchone() == (0,)


def test_the_local_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    folder = tmp_path / "notebooks"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)  # a shared folder: others may list it
    progress = Progress.open(local_url(folder), pupil="ann")
    progress.finish_lesson("plant")
    path = folder / ".logger_progress.sqlite"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    leftovers = [p for p in folder.iterdir() if p.name.startswith(".logger_progress") and p != path]
    assert all(stat.S_IMODE(p.stat().st_mode) & 0o077 == 0 for p in leftovers)
    if os.geteuid() == 0:  # as root: another account really cannot read it
        tmp_path.chmod(0o755)
        other = subprocess.run(
            ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "cat", str(path)],
            capture_output=True, text=True,
        )  # fmt: skip
        assert other.returncode != 0 and "Permission denied" in other.stderr


@pytest.mark.parametrize(
    ("answers", "intervals"),
    [  # docs/progress.md, "The schedule"
        (["solved"], ["2 days"]),
        (["solved"] * 4, ["2 days", "11 days", "46 days", "163 days"]),
        (["failed", "solved", "solved", "solved"], ["10 minutes", "1 day", "2 days", "6 days"]),
        (["hinted", "solved", "solved"], ["15 minutes", "1 day", "5 days"]),
        (
            ["solved", "solved", "failed", "solved", "solved"],
            ["2 days", "11 days", "10 minutes", "2 days", "5 days"],
        ),
    ],
)
def test_the_schedule_is_the_documented_one(answers: list[str], intervals: list[str]) -> None:
    from logger_widget.progress import schedule

    card, due = schedule.new_card(now())
    got = []
    for grade in answers:
        at = due
        card, due = schedule.review(card, grade, at)
        minutes = (due - at).total_seconds() / 60
        got.append(f"{round(minutes)} minutes" if minutes < 60 * 24 else f"{round(minutes / 1440)} days")
    assert [g if g != "1 days" else "1 day" for g in got] == intervals


def test_a_store_serves_one_pupil_only(db_url) -> None:  # noqa: F811
    ann = SQLProgressStore(db_url, "ann")
    Progress(ann).finish_lesson("chop")
    bob = SQLProgressStore(db_url, "bob")
    assert bob.snapshot().lessons == () and ann.snapshot().lessons[0].lesson == "chop"
    with pytest.raises(ValueError, match="pupil must be a name"):
        SQLProgressStore(db_url, "")
    ann.close()
    bob.close()


def test_a_game_board_with_no_progress_problem_says_nothing_and_one_with_a_problem_says_it(
    tmp_path: Path,
) -> None:
    (tmp_path / ".logger_progress.sqlite").write_bytes(b"\x00" * 4096)
    broken = Progress.open(local_url(tmp_path))
    board = Board(["human", "greedy"], locale="en", bot_mode="sync", autosave=False, progress=broken)
    assert "Your progress is not being saved" in board.view["task"]
    board.play(next(iter(board.position.legal_turns())))
    assert len(board.game.turns) == 2  # the bot answered: the board plays
    fine = Board(["human", "greedy"], locale="en", bot_mode="sync", autosave=False, progress=False)
    assert not fine.view.get("task")


def test_progress_error_kinds_are_checked() -> None:
    with pytest.raises(ValueError, match="kind must be one of"):
        ProgressError("exploded", "here", "why")


def test_my_mistakes_is_a_sentence_until_a_review_made_puzzles(tmp_path: Path) -> None:
    from logger_widget.board import my_mistakes

    progress = Progress.open(local_url(tmp_path), pupil="ann")
    none_yet = my_mistakes("es", progress=progress)
    assert repr(none_yet).startswith("Todavía no hay problemas de tus partidas")
    assert repr(my_mistakes("en", progress=False)).startswith("No puzzles from your games yet")
    _reviewed_on_a_board(progress)
    board = my_mistakes("uk", progress=progress, bot_mode="sync")
    assert isinstance(board, MistakesBoard) and board.view["task"].startswith("Власна задача 1 з ")


def test_lw_progress_db_puts_a_boards_progress_in_that_database(
    db_url,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "notebooks"
    folder.mkdir()
    monkeypatch.chdir(folder)
    for name in [n for n in os.environ if n.startswith("JUPYTERHUB_")]:
        monkeypatch.delenv(name)  # off the hub
    monkeypatch.setenv("LW_PROGRESS_DB", db_url)
    progress = Progress.open()  # what a kernel opens for its boards
    board = LessonBoard("plant", "en", progress=progress, bot_mode="sync")
    board.play(lesson("plant").solution)
    assert board.view["notice"]["kind"] == "success" and progress.saving, progress.problem
    assert not list(folder.iterdir()), "nothing beside the notebooks"
    assert Progress.open(db_url, pupil=progress.snapshot.pupil).lessons_done() == {"plant"}


def _sqlite_error(kind: type, message: str, code: int, name: str) -> Exception:
    error = kind(message)
    error.sqlite_errorcode, error.sqlite_errorname = code, name
    return error


@pytest.mark.parametrize(
    ("orig", "kind"),
    [
        # PostgreSQL says it in the server's language (lc_messages): its SQLSTATE says what happened
        (
            lambda e: e.ReadOnlySqlTransaction("не можна виконати INSERT у транзакції лише для читання"),
            "readonly",
        ),
        (lambda e: e.InsufficientPrivilege("permiso denegado a la tabla progress_games"), "readonly"),
        (lambda e: e.LockNotAvailable("не вдалося отримати блокування рядка"), "locked"),
        (lambda e: e.DataCorrupted("página inválida en el bloque 12"), "corrupt"),
        (lambda e: e.ConnectionFailure("з'єднання розірвано"), "unavailable"),
        # a constraint's message that names a column "locked" is no lock
        (lambda e: e.CheckViolation('new row violates check constraint "locked_or_busy"'), "invalid"),
    ],
)
def test_a_database_servers_errors_are_told_apart_by_their_code_not_their_words(orig: Any, kind: str) -> None:
    import psycopg.errors
    from sqlalchemy import exc as sa_exc

    from logger_widget.progress.sql import _kind

    error = orig(psycopg.errors)
    wrapped = sa_exc.DBAPIError.instance("INSERT …", {}, error, psycopg.Error)
    assert _kind(wrapped)[0] == kind


@pytest.mark.skipif(sys.version_info < (3, 11), reason="SQLite's result codes reach Python from 3.11")
@pytest.mark.parametrize(
    ("code", "name", "message", "kind"),
    [
        (5, "SQLITE_BUSY", "database is locked", "locked"),
        (8, "SQLITE_READONLY", "attempt to write a readonly database", "readonly"),
        (26, "SQLITE_NOTADB", "file is not a database", "corrupt"),
        (14, "SQLITE_CANTOPEN", "unable to open database file", "unavailable"),
        (275, "SQLITE_CONSTRAINT_CHECK", "CHECK constraint failed: busy_or_locked", "invalid"),
    ],
)
def test_sqlites_errors_are_told_apart_by_their_result_code(
    code: int, name: str, message: str, kind: str
) -> None:
    import sqlite3

    from sqlalchemy import exc as sa_exc

    from logger_widget.progress.sql import _kind

    base = sqlite3.IntegrityError if name.startswith("SQLITE_CONSTRAINT") else sqlite3.OperationalError
    error = _sqlite_error(base, message, code, name)
    wrapped = sa_exc.DBAPIError.instance("INSERT …", {}, error, sqlite3.Error)
    assert _kind(wrapped)[0] == kind


def test_a_local_file_written_with_text_times_is_read_with_the_same_times_and_its_due_puzzles_found(
    tmp_path: Path,
) -> None:
    """The earlier code kept a local file's times as text; opening it turns them into seconds in place
    (the same times to the microsecond), and the file reads, sorts and schedules as one of today."""
    url = local_url(tmp_path)
    old = sa.create_engine(url)
    try:
        progress_before.old_tables()["progress_lessons"].metadata.create_all(old)
        written = progress_before.write_rows(old)
    finally:
        old.dispose()
    path = tmp_path / ".logger_progress.sqlite"

    def kinds() -> set[str]:
        with sqlite3.connect(path) as conn:
            return {
                conn.execute(f"SELECT typeof({c}) FROM {t}").fetchone()[0]
                for t, c in progress_before.TIME_COLUMNS
            }

    assert kinds() == {"text"}, "the file is as the earlier code wrote it"
    progress = Progress.open(url, pupil="ann")
    assert progress.saving, progress.problem
    assert kinds() == {"real"}, "its times are seconds now"
    snap = progress.snapshot
    assert not snap.unreadable
    assert [x.at for x in snap.lessons] == written["progress_lessons"]
    assert [x.at for x in snap.attempts] == written["progress_attempts"]
    assert [x.updated for x in snap.games] == written["progress_games"]
    assert [x.due for x in snap.personal] == written["progress_personal"]
    soon, later = written["progress_personal"]
    assert [p.id for p in progress.due(soon)] == ["m-soon"]
    assert [p.id for p in progress.due(later)] == ["m-soon", "m-later"]
    store = SQLProgressStore(url, "ann")  # a second opening finds nothing to change
    with store.engine.connect() as conn:
        query = sa.select(personal.c.id).where(personal.c.due <= soon).order_by(personal.c.due)
        assert conn.execute(query).scalars().all() == ["m-soon"], "a time compares in SQL too"
    store.close()
    progress.finish_lesson("chop")  # today's rows beside the converted ones
    again = {x.lesson: x.at for x in Progress.open(url, pupil="ann").snapshot.lessons}
    assert set(again) == {"plant", "chop"} and again["plant"] == written["progress_lessons"][0]

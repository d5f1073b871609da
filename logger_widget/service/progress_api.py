"""The class game service's progress endpoints: each pupil's own progress, and the teacher's view of all.

Mounted by :mod:`logger_widget.service.app` (:data:`~logger_widget.service.app.HANDLER_MODULES`)
under ``api/progress/``; the kernel's :class:`~logger_widget.progress.ServiceProgressStore`
speaks to them (the table of routes is in :mod:`logger_widget.progress.remote`). The records are
kept in the class database by :class:`~logger_widget.progress.SQLProgressStore` (tables
``progress_*``, created at start).

Who may do what — the requester is who the hub says (:class:`~logger_widget.service.auth.APIHandler`):

* ``me`` and everything under it is the requester's own progress: a pupil reads and writes
  only their own, whatever a body says (the records carry no pupil's name);
* ``pupils`` (every pupil, games without their records) and ``pupils/<name>`` (one pupil, whole)
  are the teacher's view (hub admin or teacher role); a pupil
  asking for ``pupils`` is refused (``forbidden``) and ``pupils/<name>`` answers a pupil only
  for their own name.

What the service checks in a pupil's records, so the teacher's view cannot be faked from a
kernel: every record is read field by field (``malformed`` names the field); a lesson done must
be one of the tutorial's (:data:`logger_widget.i18n.texts.lessons.KEYS`); a personal
puzzle's position and turns by the rules engine, and its solutions proved again by its proof's search
(:func:`logger_widget.progress.mistakes.check_proof`)
(afterwards only its schedule may change); a rated attempt at a shipped puzzle is scored
again here — the turn played must be a solution for a "solved", a non-solution for a "not
solved", and the rating before and after is the service's own Glicko update from the pupil's
previous attempts and the puzzle's difficulty; an attempt at a personal puzzle is judged against
that puzzle's proved solutions as saved. Each pupil may keep at most :data:`LIMITS` records of
each kind (``too_many``).
"""

from __future__ import annotations

import asyncio
from typing import Any

import sqlalchemy as sa

from ..i18n.texts.lessons import KEYS as LESSON_KEYS
from ..online.protocol import PROTOCOL_VERSION, ProtocolError
from ..progress import Attempt, LessonDone, PersonalPuzzle, ProgressError, ProgressRecordError
from ..progress import sql as progress_sql
from ..progress.mistakes import check_proof
from ..progress.sql import SQLProgressStore
from ..puzzles import puzzle_by_id, update_rating
from .auth import APIHandler

__all__ = ["LIMITS", "routes"]

#: The most records of each kind one pupil may keep in the class database.
LIMITS = {"attempts": 20_000, "games": 2_000, "personal": 5_000, "lessons": 200}


def routes(service: Any) -> list[tuple[Any, ...]]:
    """The progress endpoints (relative to the service's prefix); creates the progress tables."""
    progress_sql.create_tables(service.engine)
    return [
        (r"api/progress/me", MyProgressHandler),
        (r"api/progress/me/lessons", LessonsHandler),
        (r"api/progress/me/attempts", AttemptsHandler),
        (r"api/progress/me/games/([^/]{1,80})", GameHandler),
        (r"api/progress/me/personal/([^/]{1,80})", PersonalHandler),
        (r"api/progress/pupils", PupilsHandler),
        (r"api/progress/pupils/([^/]{1,200})", PupilHandler),
        (r"api/progress/pupils/([^/]{1,200})/games/([^/]{1,80})", RemoveGameHandler),
        (r"api/progress/pupils/([^/]{1,200})/personal/([^/]{1,80})", RemovePersonalHandler),
    ]


class _ProgressHandler(APIHandler):
    """A progress endpoint: the requester's store, records read from the body."""

    def store(self, pupil: str | None = None) -> SQLProgressStore:
        """The progress of ``pupil`` (default: the requester) in the class database."""
        return SQLProgressStore(self.service.engine, pupil or self.pupil, create=False)

    def record(self, kind: Any, what: str) -> Any:
        """The body as a record of ``kind`` (its ``from_dict``); ``malformed`` naming the field."""
        try:
            return kind.from_dict(self.json_body(), what)
        except ProgressRecordError as error:
            raise ProtocolError("malformed", what, str(error)) from None

    def limit(self, kind: str, table: sa.Table) -> None:
        """Refuse a new record of ``kind`` (its ``table``) beyond :data:`LIMITS`."""
        if self.store().count(kind) >= LIMITS[kind]:
            raise ProtocolError("too_many", kind, f"at most {LIMITS[kind]} {kind} are kept for one pupil")

    def done(self, status: int = 200) -> None:
        """Answer a write."""
        self.send({"protocol": PROTOCOL_VERSION, "ok": True}, status)

    def _handle_request_exception(self, e: BaseException) -> None:
        if isinstance(e, ProgressError):  # the class database failed: the service's fault, said as such
            self.service_error(e)
            return
        super()._handle_request_exception(e)

    def service_error(self, e: ProgressError) -> None:
        """Answer 503 naming the database's problem (no pupil's data in it)."""
        if not self._finished:
            body = {"protocol": PROTOCOL_VERSION, "error": {"code": "server", "field": "", "message": e.kind}}
            self.send(body, 503)


class MyProgressHandler(_ProgressHandler):
    """``GET api/progress/me``: the requester's progress."""

    async def get(self) -> None:  # noqa: D102
        self.send(await self.service.db(lambda: self.store().snapshot().to_dict()))


class LessonsHandler(_ProgressHandler):
    """``POST api/progress/me/lessons``: a finished lesson."""

    async def post(self) -> None:  # noqa: D102
        lesson: LessonDone = self.record(LessonDone, "lesson")
        if lesson.lesson not in LESSON_KEYS:  # only the tutorial's lessons count as done
            raise ProtocolError(
                "malformed", "lesson", f"{lesson.lesson[:40]!r} is not one of the tutorial's lessons"
            )

        def write() -> None:
            self.limit("lessons", progress_sql.lessons)
            self.store().finish_lesson(lesson)

        await self.service.db(write)
        self.done(201)


class AttemptsHandler(_ProgressHandler):
    """``POST api/progress/me/attempts``: a rated first try, judged and scored by the service (module docstring).

    Reads no more than the puzzle and the pupil's current rating: an attempt costs the same
    with 10 or 20,000 records saved.
    """

    async def post(self) -> None:  # noqa: D102
        attempt: Attempt = self.record(Attempt, "attempt")
        body, status = await self.service.db(self.judge, attempt)
        self.send(body, status)

    def judge(self, attempt: Attempt) -> tuple[dict[str, Any], int]:
        """``attempt`` judged, rated and stored (on the database worker): the answer and its HTTP status."""
        self.limit("attempts", progress_sql.attempts)
        store = self.store()
        if attempt.personal:
            puzzle = store.personal_puzzle(attempt.puzzle)
            if puzzle is None:
                raise ProtocolError("not_found", "puzzle", f"no personal puzzle {attempt.puzzle!r} of yours")
            _check_answer(puzzle.lpn, puzzle.solutions, attempt)
            checked = attempt
        else:
            try:
                shipped = puzzle_by_id(attempt.puzzle)
            except KeyError as error:
                raise ProtocolError("not_found", "puzzle", str(error.args[0])) from None
            _check_answer(shipped.lpn, shipped.solutions, attempt)
            if store.tried(attempt.puzzle):  # only the first try is rated: a repeat changes nothing
                return {"protocol": PROTOCOL_VERSION, "ok": True, "rated": False,
                        "message": f"puzzle {attempt.puzzle!r} was tried already: only the first try is rated"}, 200  # fmt: skip
            before = store.rating()
            after = update_rating(before, shipped.rating, shipped.deviation, attempt.solved)
            checked = Attempt(
                attempt.puzzle, attempt.solved, before.rating, after.rating, after.deviation,
                attempt.at, False, attempt.turn,
            )  # fmt: skip
        store.add_attempt(checked)
        return {"protocol": PROTOCOL_VERSION, "ok": True, "rated": True, "attempt": checked.to_dict()}, 201


def _check_answer(lpn: str, solutions: frozenset[str], attempt: Attempt) -> None:
    """A "solved" needs a solution played; a turn that solves cannot be "not solved" (unless no turn: shown)."""
    from ..engine.errors import LoggerError
    from ..engine.position import Position

    if not attempt.turn:
        if attempt.solved:
            raise ProtocolError("malformed", "turn", "a solved puzzle needs the turn that solved it")
        return
    try:
        notation = Position.from_lpn(lpn).parse_turn(attempt.turn).notation()
    except LoggerError as error:
        raise ProtocolError(
            "malformed", "turn", f"{attempt.turn!r} is not a legal turn of the puzzle: {error}"
        ) from None
    if attempt.solved and notation not in solutions:
        raise ProtocolError(
            "malformed", "solved", f"{attempt.turn!r} does not solve puzzle {attempt.puzzle!r}"
        )


class GameHandler(_ProgressHandler):
    """``PUT api/progress/me/games/<id>``: a game of the requester's (and its review)."""

    async def put(self, game: str) -> None:  # noqa: D102
        from ..engine.errors import LoggerError
        from ..engine.game import Game
        from ..progress import SavedGame

        saved: SavedGame = self.record(SavedGame, "game")
        if saved.game != game:
            raise ProtocolError(
                "malformed", "game", f"the body's game {saved.game!r} is not the URL's {game!r}"
            )
        try:
            replayed = Game.from_record(saved.record)
        except (LoggerError, ValueError, TypeError) as error:
            raise ProtocolError("malformed", "record", f"not a game record: {error}") from None
        if replayed.is_over != saved.finished:
            raise ProtocolError("malformed", "finished", "says otherwise than the record")

        def write() -> None:
            store = self.store()
            if not store.has_game(game):
                self.limit("games", progress_sql.games)
            store.save_game(saved)

        await self.service.db(write)
        self.done()


class PersonalHandler(_ProgressHandler):
    """``PUT api/progress/me/personal/<id>``: a personal puzzle (new, or its schedule after an answer)."""

    async def put(self, pid: str) -> None:  # noqa: D102
        puzzle: PersonalPuzzle = self.record(PersonalPuzzle, "personal")
        if puzzle.id != pid:
            raise ProtocolError("malformed", "id", f"the body's id {puzzle.id!r} is not the URL's {pid!r}")
        proved = False
        if await self.service.db(lambda: self.store().personal_puzzle(pid)) is None:
            # a new one: its proof is a search (up to seconds of CPU), run in a thread of its own so that the
            # one database worker goes on serving every other request meanwhile
            self.refuse_unproved(await asyncio.to_thread(self.why_unproved, puzzle))
            proved = True
        await self.service.db(self.keep, puzzle, proved)
        self.done()

    @staticmethod
    def why_unproved(puzzle: PersonalPuzzle) -> str:
        """Why the search does not prove ``puzzle``'s solutions (``""`` when it does): a new puzzle's check."""
        return check_proof(puzzle.lpn, puzzle.proof, puzzle.solutions, puzzle.played, puzzle.best)

    @staticmethod
    def refuse_unproved(why: str) -> None:
        """Raise the 400 answer for a puzzle whose proof does not hold (``why`` non-empty)."""
        if why:
            raise ProtocolError("malformed", "solutions", f"the search does not prove these solutions: {why}")

    def keep(self, puzzle: PersonalPuzzle, proved: bool) -> None:
        """Store ``puzzle`` (on the database worker): a new one once proved, or only its schedule changed.

        ``proved`` says its proof was checked before (off this worker); a puzzle that was removed
        meanwhile, and so is new again, is checked here.
        """
        pid = puzzle.id
        saved = self.store().personal_puzzle(pid)
        if saved is None:  # a new one: within the limit, and proved (here only if it became new meanwhile)
            self.limit("personal", progress_sql.personal)
            if not proved:
                self.refuse_unproved(self.why_unproved(puzzle))
        elif (saved.lpn, saved.played, saved.solutions, saved.game, saved.ply, saved.proof) != (
            puzzle.lpn, puzzle.played, puzzle.solutions, puzzle.game, puzzle.ply, puzzle.proof,
        ):  # fmt: skip
            raise ProtocolError("malformed", "personal", "only a personal puzzle's schedule may change")
        self.store().save_personal(puzzle)


class PupilsHandler(_ProgressHandler):
    """``GET api/progress/pupils``: every pupil's progress (the teacher only)."""

    async def get(self) -> None:  # noqa: D102
        if not self.teacher:
            raise ProtocolError("forbidden", "", "only the teacher sees every pupil's progress")

        def everyone() -> list[dict[str, Any]]:
            names = progress_sql.pupils(self.service.engine)
            found = progress_sql.snapshots(self.service.engine, names)  # one query per table for the class
            return [found[n].to_dict(records=False) for n in names]

        self.send({"protocol": PROTOCOL_VERSION, "pupils": await self.service.db(everyone)})


class PupilHandler(_ProgressHandler):
    """``GET api/progress/pupils/<name>``: one pupil's progress (the teacher, or that pupil)."""

    async def get(self, name: str) -> None:  # noqa: D102
        if name != self.pupil and not self.teacher:
            raise ProtocolError("forbidden", "name", "a pupil sees only their own progress")
        self.send(await self.service.db(lambda: self.store(name).snapshot().to_dict()))


class _RemoveHandler(_ProgressHandler):
    """The teacher removes one record of a pupil's (a record that breaks a view, or should not count)."""

    kind = ""

    async def delete(self, name: str, key: str) -> None:  # noqa: D102
        if not self.teacher:
            raise ProtocolError("forbidden", "", "only the teacher removes a pupil's records")
        store = self.store(name)
        removed = await self.service.db(
            store.delete_game if self.kind == "game" else store.delete_personal, key
        )
        if not removed:
            raise ProtocolError("not_found", self.kind, f"{name} has no {self.kind} {key[:80]!r}")
        self.done()


class RemoveGameHandler(_RemoveHandler):
    """``DELETE api/progress/pupils/<name>/games/<id>``: remove a pupil's saved game (the teacher only)."""

    kind = "game"


class RemovePersonalHandler(_RemoveHandler):
    """``DELETE api/progress/pupils/<name>/personal/<id>``: remove a pupil's personal puzzle (the teacher only)."""

    kind = "personal"

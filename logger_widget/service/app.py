"""The class game service's Tornado application: its routes, its settings, its background work.

Routes, below the service's prefix (``JUPYTERHUB_SERVICE_PREFIX``, ``/services/classgame/``
on the hub); every ``api/`` route answers JSON (:mod:`logger_widget.online.protocol`):

=====================================  =====================================================
``GET api/``                           the protocol version and who the requester is
``GET api/me``                         :class:`~logger_widget.online.protocol.PlayerInfo`
``GET|POST api/presence``              who is online / the requester's heartbeat
``GET|POST api/seeks``                 the seeks the requester may see / a new seek or challenge
``GET|DELETE api/seeks/<id>``          one seek / cancel (creator, invited, teacher)
``POST api/seeks/<id>/accept``         take a seat
``GET api/games``                      the requester's games (``?status=active|finished``,
                                       ``?class=1``: the whole class's, to watch; ``?limit=N``: the newest)
``GET api/games/<id>``                 :class:`~logger_widget.online.protocol.GameState`
``POST api/games/<id>/turns``          play a :class:`~logger_widget.online.protocol.TurnMessage`
``GET api/games/<id>/events``          long-poll ``?after=<seq>&timeout=<s>``
``POST api/games/<id>/resign``         give up
``GET api/games/<id>/record``          the game record (``Game.from_record`` reads it)
``GET|PUT api/settings``               the teacher's settings (``forfeit_after``; PUT: teacher)
``GET oauth_callback``                 the hub's OAuth login for browser pages
=====================================  =====================================================

The arena, the teacher's dashboard and the progress API are mounted from
:data:`HANDLER_MODULES`: each module has ``routes(service) -> list`` of tornado rules
``(pattern, handler class[, kwargs])`` relative to the prefix (``api/arena/...``,
``dashboard/...``, ``api/progress/...``); handlers subclass
:class:`~logger_widget.service.auth.APIHandler` or
:class:`~logger_widget.service.auth.PageHandler` and reach the service as ``self.service``.
A handler never reads or writes the database on the event loop: it gives that work to
:meth:`ClassGameService.db` (one worker thread) and answers with what comes back, so a slow
database holds up only the requests that need it.

Bot seats are played by the service in a worker process (the project's presets only; a
pupil's code never runs here). A background task ends the games a pupil has left for longer
than the teacher's ``forfeit_after``.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import logging
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tornado import web

from ..i18n.runtime import LANGUAGES
from ..online.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    read_seek_request,
    read_settings,
    read_turn_message,
)
from . import db, migrations
from .auth import APIHandler, HubUsers, hub_auth
from .games import ClassGames, TurnRequest, bot_turn
from .state import AlreadyRunning, cookie_secret, hold_database

__all__ = [
    "HANDLER_MODULES",
    "ClassGameService",
    "ServiceConfig",
    "make_app",
]

log = logging.getLogger("logger_widget.service")

T = TypeVar("T")

#: Seconds between the writes of who was seen (one transaction for every pupil seen meanwhile).
FLUSH_SECONDS = 1.0

#: Long-polls one pupil may keep waiting at once (more: ``too_many``); a board keeps one.
MAX_POLLS = 16

#: The service's own route modules beside the core API (see the module docstring). Each is
#: imported at start, so a missing one fails loudly.
#: The arena, the teacher's dashboard and the progress API.
HANDLER_MODULES: tuple[str, ...] = (
    "logger_widget.service.arena",
    "logger_widget.service.dashboard",
    "logger_widget.service.progress_api",
)


@dataclass
class ServiceConfig:
    """The service's settings (from the environment in :func:`ServiceConfig.from_env`).

    Attributes:
        db_url: the class database (:func:`logger_widget.service.db.database_url`).
        prefix: the URL prefix (``JUPYTERHUB_SERVICE_PREFIX``), starts and ends with ``/``.
        hub_api_url, api_token: the hub's API and the service's token.
        teacher_roles: hub roles that make a teacher (``LW_CLASSGAME_TEACHER_ROLES``, comma-separated).
        forfeit_after: default seconds away before forfeiting (``LW_CLASSGAME_FORFEIT``; the teacher
            changes it with ``PUT api/settings``).
        online_seconds: a heartbeat within this many seconds counts as online (``LW_CLASSGAME_ONLINE``).
        poll_timeout: the longest long-poll, in seconds (``LW_CLASSGAME_POLL``).
        sweep_seconds: how often the forfeit check runs (``LW_CLASSGAME_SWEEP``).
        bot_workers: processes that play the bot seats.
        language: the class's language until the teacher sets one (``LW_CLASSGAME_LANGUAGE``).
        idle_timeout: seconds a connection may wait for a request's headers, also between
            requests (``LW_CLASSGAME_IDLE_TIMEOUT``); then it is closed.
        body_timeout: seconds a request's body may take to arrive (``LW_CLASSGAME_BODY_TIMEOUT``);
            then its connection is closed (a client that sends headers and no body holds a
            connection that long, nothing else: everyone else is served meanwhile).
        state_folder: the service's own folder (``LW_CLASSGAME_STATE``): the cookie secret
            (:func:`~logger_widget.service.state.cookie_secret`), and the SQLite database by default.
    """

    db_url: str
    prefix: str = "/"
    hub_api_url: str = ""
    api_token: str = ""
    teacher_roles: frozenset[str] = frozenset({"teacher"})
    forfeit_after: float = 600.0
    online_seconds: float = 60.0
    poll_timeout: float = 30.0
    sweep_seconds: float = 5.0
    bot_workers: int = 1
    language: str = "en"
    idle_timeout: float = 120.0
    body_timeout: float = 20.0
    state_folder: str = "."
    handler_modules: Sequence[str] = field(default_factory=lambda: HANDLER_MODULES)

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> ServiceConfig:
        """The settings the hub gives a service (``JUPYTERHUB_*``) and the ``LW_CLASSGAME_*`` ones.

        Raises:
            ValueError: a number that is not one, naming the variable.
        """
        env = dict(os.environ if environ is None else environ)

        def number(key: str, default: float) -> float:
            text = env.get(key, "")
            try:
                value = float(text) if text.strip() else default
            except ValueError:
                raise ValueError(f"{key}={text!r} is not a number of seconds") from None
            if not value > 0:
                raise ValueError(f"{key}={text!r} must be more than 0")
            return value

        roles = env.get("LW_CLASSGAME_TEACHER_ROLES", "teacher")
        language = env.get("LW_CLASSGAME_LANGUAGE", "en").strip() or "en"
        if language not in LANGUAGES:
            raise ValueError(f"LW_CLASSGAME_LANGUAGE={language!r} is not one of {', '.join(LANGUAGES)}")
        return cls(
            db_url=db.database_url(env),
            prefix=env.get("JUPYTERHUB_SERVICE_PREFIX", "/"),
            hub_api_url=env.get("JUPYTERHUB_API_URL", ""),
            api_token=env.get("JUPYTERHUB_API_TOKEN", ""),
            teacher_roles=frozenset(r.strip() for r in roles.split(",") if r.strip()),
            forfeit_after=number("LW_CLASSGAME_FORFEIT", 600.0),
            online_seconds=number("LW_CLASSGAME_ONLINE", 60.0),
            poll_timeout=number("LW_CLASSGAME_POLL", 30.0),
            sweep_seconds=number("LW_CLASSGAME_SWEEP", 5.0),
            language=language,
            idle_timeout=number("LW_CLASSGAME_IDLE_TIMEOUT", 120.0),
            body_timeout=number("LW_CLASSGAME_BODY_TIMEOUT", 20.0),
            state_folder=env.get("LW_CLASSGAME_STATE", ".") or ".",
        )


class ClassGameService:
    """The running service: the database, the games, the waiting long-polls, the bot worker.

    One process per class database (:func:`~logger_widget.service.state.hold_database`).

    Args:
        config: the settings.
        bot_executor: where bot seats are computed (default: a process pool of ``config.bot_workers``).

    Raises:
        AlreadyRunning: another service process holds the class database.
    """

    def __init__(self, config: ServiceConfig, bot_executor: Executor | None = None) -> None:
        self.config = config
        # the route modules first: tables they add to db.metadata are created with the others
        self.modules = [importlib.import_module(name) for name in config.handler_modules]
        self.engine = db.connect(config.db_url)
        try:
            self._hold = hold_database(self.engine)
        except AlreadyRunning:
            self.engine.dispose()
            raise
        migrations.upgrade(self.engine)  # the newest schema, a SQLite file copied first
        self.cookie_secret = cookie_secret(config.state_folder)
        self.games = ClassGames(
            self.engine, on_event=self._on_event, online_seconds=config.online_seconds,
            forfeit_default=config.forfeit_after,
        )  # fmt: skip
        self.users = HubUsers(config.hub_api_url, config.api_token, config.teacher_roles)
        self._waiters: dict[int, set[asyncio.Future[None]]] = {}
        self._bots = bot_executor or self._new_bot_pool()
        self._bot_jobs: set[int] = set()
        self._bot_again: set[int] = set()  # games kicked while their bot job ran: looked at again after it
        self._seen: dict[str, float] = {}
        self.teachers: set[str] = set()  # the names seen as the teacher (presence marks them)
        self._seat_seen: dict[tuple[int, str], float] = {}
        self._pending_names: set[str] = set()  # seen since the last flush_presence
        self._pending_seats: set[tuple[int, str]] = set()
        self._polls: dict[str, int] = {}  # long-polls waiting, by pupil
        self._watching: dict[tuple[int, str], int] = {}  # long-polls waiting, by game and pupil
        self._tasks: list[asyncio.Task[None]] = []
        self._turns: list[
            tuple[TurnRequest, asyncio.Future[Any]]
        ] = []  # turns waiting for the next transaction
        self._playing = False  # a transaction of turns is on the database worker
        # the database's work runs here, off the event loop (one thread: ClassGames is serialized anyway)
        self._db = ThreadPoolExecutor(1, thread_name_prefix="classgame-db")
        self._loop: asyncio.AbstractEventLoop | None = None

    def _new_bot_pool(self) -> Executor:
        return ProcessPoolExecutor(self.config.bot_workers, mp_context=multiprocessing.get_context("spawn"))

    # ------------------------------------------------------------------ presence

    def seen(self, name: str, teacher: bool = False) -> None:
        """``name`` made a request: online now (noted at most every 5 s per pupil, written by :meth:`flush_presence`).

        ``teacher``: the hub says ``name`` teaches the class; ``GET api/presence`` marks her so.
        """
        if teacher:
            self.teachers.add(name)
        else:
            self.teachers.discard(name)
        now = time.monotonic()
        if now - self._seen.get(name, -1e9) >= 5.0:
            self._seen[name] = now
            self._pending_names.add(name)

    def touch_seat(self, game_id: int, name: str) -> None:
        """``name`` is looking at ``game_id``.

        Noted at most every 5 s per pupil and game, and every third of the online time, so that
        a pupil who keeps polling is never taken for away; written by :meth:`flush_presence`.
        """
        now = time.monotonic()
        key = (game_id, name)
        if now - self._seat_seen.get(key, -1e9) >= min(5.0, self.config.online_seconds / 3):
            self._seat_seen[key] = now
            self._pending_seats.add(key)

    async def flush_presence(self) -> None:
        """Write who was seen since the last flush, in one transaction (every :data:`FLUSH_SECONDS`)."""
        names, seats = self._pending_names, self._pending_seats
        if not names and not seats:
            return
        self._pending_names, self._pending_seats = set(), set()
        await self.db(self.games.touch_all, names, seats)

    async def flush_forever(self) -> None:
        """:meth:`flush_presence` every :data:`FLUSH_SECONDS`: one commit for everyone's presence."""
        while True:
            await asyncio.sleep(FLUSH_SECONDS)
            try:
                await self.flush_presence()
            except Exception:  # noqa: BLE001 - the database is unreachable for a moment: try again
                log.exception("presence write failed")

    async def db(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``work(*args, **kwargs)`` run on the database worker thread (off the event loop): its result.

        Raises:
            whatever ``work`` raises (a :class:`ProtocolError` refusal, a database error).
        """
        return await asyncio.get_running_loop().run_in_executor(
            self._db, functools.partial(work, *args, **kwargs)
        )

    async def play(self, game_id: int, by: str, ply: int, text: str, *, bot: bool = False) -> Any:
        """:meth:`ClassGames.play` in a transaction with every other turn sent meanwhile: its event.

        Turns arriving while the database worker writes others wait for the next transaction,
        which takes all of them (:meth:`ClassGames.play_many`): a class whose turns come in
        bursts costs one commit per burst, not one per turn.

        Raises:
            ProtocolError: the turn's refusal, as :meth:`ClassGames.play`; a database error.
        """
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._turns.append((TurnRequest(game_id, by, ply, text, bot), future))
        if not self._playing:
            self._playing = True
            task = asyncio.get_running_loop().create_task(self._play_waiting())
            self._tasks.append(task)
            task.add_done_callback(self._tasks.remove)
        return await future

    async def _play_waiting(self) -> None:
        """Play the waiting turns, a transaction at a time, until none waits."""
        batch: list[tuple[TurnRequest, asyncio.Future[Any]]] = []
        try:
            while self._turns:
                batch, self._turns = self._turns, []
                try:
                    results = await self.db(self.games.play_many, [request for request, _ in batch])
                except Exception as e:  # noqa: BLE001 - every caller gets it
                    results = [e] * len(batch)
                for (_, future), result in zip(batch, results):
                    if future.done():
                        continue
                    if isinstance(result, BaseException):
                        future.set_exception(result)
                    else:
                        future.set_result(result)
        finally:  # stopped (the service closes): nobody waits for ever
            self._playing = False
            for _, future in [*batch, *self._turns]:
                if not future.done():
                    future.cancel()
            self._turns = []

    # ------------------------------------------------------------------ events

    def _on_event(self, game_id: int) -> None:
        """:meth:`_wake`, on the event loop whichever thread the event happened on."""
        loop = self._loop
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if loop is None or running is loop:
            self._wake(game_id)
        else:
            loop.call_soon_threadsafe(self._wake, game_id)

    def _wake(self, game_id: int) -> None:
        for future in self._waiters.pop(game_id, set()):
            if not future.done():
                future.set_result(None)
        self.kick_bot(game_id)

    async def wait_events(
        self, game_id: int, after: int, timeout: float, who: str = ""
    ) -> tuple[list[Any], str, int]:
        """The events of ``game_id`` after ``after``: at once if any, else the next ones or ``[]`` after ``timeout``.

        The events are read from memory when the service keeps them (a game in progress whose
        events were read once: each turn adds its own), else on the database worker; ``who``
        is seen in the game (:meth:`touch_seat`) once it is known to exist.

        Returns:
            ``(events, status, last_seq)`` as :meth:`ClassGames.events_since`.

        Raises:
            ProtocolError: ``not_found``; ``too_many``: ``who`` already waits in :data:`MAX_POLLS` long-polls.
        """
        # waiting before the read: an event that comes while the database reads (its wake-up
        # queued on the loop before this read's answer) wakes this poll instead of being missed
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(game_id, set()).add(future)
        key = (game_id, who)
        counted = False
        try:
            found = await self._events_since(game_id, after)
            if who:
                self.touch_seat(game_id, who)
            if found[0] or timeout <= 0:
                return found
            if self._polls.get(who, 0) >= MAX_POLLS:
                raise ProtocolError(
                    "too_many", "", f"{who} already waits for {MAX_POLLS} games' events: close a board first"
                )
            self._polls[who] = self._polls.get(who, 0) + 1
            self._watching[key] = self._watching.get(key, 0) + 1
            counted = True
            try:
                await asyncio.wait_for(asyncio.shield(future), timeout)
            except asyncio.TimeoutError:
                pass
        finally:
            if counted:
                self._polls[who] -= 1
                self._watching[key] -= 1
                if not self._watching[key]:
                    del self._watching[key]
            waiting = self._waiters.get(game_id)
            if waiting is not None:
                waiting.discard(future)
                if not waiting:
                    del self._waiters[game_id]
        return await self._events_since(game_id, after)

    async def _events_since(self, game_id: int, after: int) -> tuple[list[Any], str, int]:
        """:meth:`ClassGames.events_since`, from memory when the service keeps the game's events."""
        kept = self.games.kept_events_since(game_id, after)
        if kept is not None:
            return kept
        found: tuple[list[Any], str, int] = await self.db(self.games.events_since, game_id, after)
        return found

    # ------------------------------------------------------------------ bots

    def kick_bot(self, game_id: int) -> None:
        """If a bot seat is to move in ``game_id``, have the bot worker play it (once at a time per game).

        A kick that comes while the game's bot job runs is never lost: the job looks again when
        it ends (its look at whose turn it is may have been taken before the event that kicked).
        """
        if not self.games.may_have_bot(game_id):
            return
        if game_id in self._bot_jobs:
            self._bot_again.add(game_id)
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._bot_jobs.add(game_id)
        task = loop.create_task(self._play_bot(game_id))
        self._tasks.append(task)
        task.add_done_callback(self._tasks.remove)

    def _bot_job_done(self, game_id: int, *, look_again: bool) -> None:
        """The bot job of ``game_id`` ended: kick again if an event came meanwhile and ``look_again``."""
        self._bot_jobs.discard(game_id)
        if game_id in self._bot_again:
            self._bot_again.discard(game_id)
            if look_again:
                self.kick_bot(game_id)

    async def _play_bot(self, game_id: int) -> None:
        try:
            job = await self.db(self.games.bot_to_move, game_id)
        except Exception:  # noqa: BLE001 - the database is unreachable for a moment: the next event retries
            log.exception("bot check failed in game %s", game_id)
            job = None
        if job is None:
            self._bot_job_done(game_id, look_again=True)
            return
        spec, ply, record = job
        try:
            notation = await asyncio.get_running_loop().run_in_executor(
                self._bots, bot_turn, spec, record, game_id * 1000 + ply
            )
        except BrokenProcessPool:  # the worker died (out of memory?): a new one plays the turn
            log.exception("the bot worker died in game %s: starting a new one", game_id)
            self._bot_job_done(game_id, look_again=False)
            self._bots = self._new_bot_pool()
            asyncio.get_running_loop().call_later(1.0, self.kick_bot, game_id)
            return
        except Exception:  # noqa: BLE001 - a preset that raised (a bug): logged, the game waits
            log.exception("bot %s failed in game %s at ply %s", spec, game_id, ply)
            self._bot_job_done(game_id, look_again=False)
            return
        # the turn's own event kicks the next seat; one that came meanwhile is answered by this turn
        self._bot_job_done(game_id, look_again=False)
        try:
            await self.play(game_id, spec, ply, notation, bot=True)
        except ProtocolError as e:  # the game moved on meanwhile (a forfeit): look at it again
            log.info("bot turn in game %s not played: %s", game_id, e)
            self.kick_bot(game_id)

    def resume_bots(self) -> None:
        """Kick the bot seats to move in every game in progress (after a restart)."""
        for summary in self.games.games(status="active"):
            self.kick_bot(summary["id"])

    # ------------------------------------------------------------------ forfeits

    async def sweep_forever(self) -> None:
        """Every ``sweep_seconds``: say who went away, end the games left for longer than the forfeit time."""
        while True:
            await asyncio.sleep(self.config.sweep_seconds)
            try:
                for game_id, name in list(self._watching):  # a pupil waiting in a long-poll is there
                    self.touch_seat(game_id, name)
                await self.flush_presence()
                await self.db(self.games.mark_away)
                await self.db(self.games.forfeit_absent)
            except Exception:  # noqa: BLE001 - the database is unreachable for a moment: try again
                log.exception("forfeit check failed")

    def start(self) -> None:
        """Start the background work on the running loop (bots to move, the forfeit check)."""
        loop = self._loop = asyncio.get_running_loop()
        self.resume_bots()
        self._tasks.append(loop.create_task(self.sweep_forever()))
        self._tasks.append(loop.create_task(self.flush_forever()))

    def close(self) -> None:
        """Stop the background work and the bot worker; close the database."""
        for task in list(self._tasks):
            task.cancel()
        try:
            self.games.touch_all(self._pending_names, self._pending_seats)
        except Exception:  # noqa: BLE001 - closing anyway: the next start sees them again
            log.exception("presence write failed at close")
        self._db.shutdown(wait=True)
        self._bots.shutdown(wait=False, cancel_futures=True)
        self._hold.release()
        self.engine.dispose()


# ---------------------------------------------------------------------------- handlers


def _id(text: str, what: str) -> int:
    if not text.isdigit() or len(text) > 12:
        raise ProtocolError("malformed", what, f"{text[:20]!r} is not a {what} number")
    return int(text)


class InfoHandler(APIHandler):
    """``GET api/``."""

    def get(self) -> None:  # noqa: D102
        self.send(
            {
                "protocol": PROTOCOL_VERSION,
                "service": "classgame",
                "name": self.pupil,
                "teacher": self.teacher,
            }
        )


class MeHandler(APIHandler):
    """``GET api/me``."""

    async def get(self) -> None:  # noqa: D102
        rating = await self.service.db(self.service.games.rating, self.pupil)
        self.send(
            {"protocol": PROTOCOL_VERSION, "name": self.pupil, "teacher": self.teacher, "rating": rating}
        )


class PresenceHandler(APIHandler):
    """``GET api/presence`` (who is online), ``POST api/presence`` (heartbeat)."""

    async def get(self) -> None:  # noqa: D102
        await self.service.flush_presence()
        players = await self.service.db(self.service.games.presence, self.service.config.online_seconds)
        teachers = self.service.teachers  # the teacher is no classmate to challenge
        for player in players:
            player["teacher"] = player["name"] in teachers
        self.send({"protocol": PROTOCOL_VERSION, "players": players})

    async def post(self) -> None:  # noqa: D102
        await self.service.db(self.service.games.touch, self.pupil)
        self.send({"protocol": PROTOCOL_VERSION, "name": self.pupil, "online": True})


class SeeksHandler(APIHandler):
    """``GET api/seeks``, ``POST api/seeks``."""

    async def get(self) -> None:  # noqa: D102
        seeks = await self.service.db(self.service.games.seeks, self.pupil, self.teacher)
        self.send({"protocol": PROTOCOL_VERSION, "seeks": seeks})

    async def post(self) -> None:  # noqa: D102
        players, invite, bots, turn_limit = read_seek_request(self.json_body())
        for i, name in enumerate(invite):
            if not await self.service.users.exists(name):
                raise ProtocolError("not_found", f"invite[{i}]", f"{name!r} is not a user of this hub")
        games = self.service.games
        self.send(
            await self.service.db(games.create_seek, self.pupil, players, invite, bots, turn_limit), 201
        )


class SeekHandler(APIHandler):
    """``GET api/seeks/<id>``, ``DELETE api/seeks/<id>``."""

    async def get(self, seek: str) -> None:  # noqa: D102
        self.send(await self.service.db(self.service.games.seek, _id(seek, "seek"), self.pupil, self.teacher))

    async def delete(self, seek: str) -> None:  # noqa: D102
        self.send(
            await self.service.db(self.service.games.cancel, _id(seek, "seek"), self.pupil, self.teacher)
        )


class AcceptHandler(APIHandler):
    """``POST api/seeks/<id>/accept``."""

    async def post(self, seek: str) -> None:  # noqa: D102
        self.send(await self.service.db(self.service.games.accept, _id(seek, "seek"), self.pupil))


class GamesHandler(APIHandler):
    """``GET api/games``."""

    async def get(self) -> None:  # noqa: D102
        status = self.get_argument("status", None)
        if status not in (None, "active", "finished"):
            raise ProtocolError("malformed", "status", f"{status[:20]!r} is not active or finished")
        whole_class = self.get_argument("class", "0") not in ("0", "")
        limit_text = self.get_argument("limit", "")
        if limit_text and (not limit_text.isdigit() or not 0 < int(limit_text[:6]) <= 1000):
            raise ProtocolError(
                "malformed", "limit", f"{limit_text[:20]!r} is not a number of games from 1 to 1000"
            )
        games = await self.service.db(
            self.service.games.games, None if whole_class else self.pupil, status,
            int(limit_text) if limit_text else None,
        )  # fmt: skip
        self.send({"protocol": PROTOCOL_VERSION, "games": games})


class GameHandler(APIHandler):
    """``GET api/games/<id>``."""

    async def get(self, game: str) -> None:  # noqa: D102
        game_id = _id(game, "game")
        state = await self.service.db(self.service.games.state, game_id, self.pupil)
        self.service.touch_seat(game_id, self.pupil)
        self.send(state)


class TurnsHandler(APIHandler):
    """``POST api/games/<id>/turns``."""

    async def post(self, game: str) -> None:  # noqa: D102
        game_id = _id(game, "game")
        ply, text = read_turn_message(self.json_body())
        self.service.touch_seat(game_id, self.pupil)
        event = await self.service.play(game_id, self.pupil, ply, text)
        self.send({"protocol": PROTOCOL_VERSION, "event": event})


class EventsHandler(APIHandler):
    """``GET api/games/<id>/events?after=<seq>&timeout=<s>`` (long-poll)."""

    async def get(self, game: str) -> None:  # noqa: D102
        game_id = _id(game, "game")
        after_text = self.get_argument("after", "0")
        if not after_text.isdigit() or len(after_text) > 12:
            raise ProtocolError("malformed", "after", f"{after_text[:20]!r} is not an event number >= 0")
        timeout_text = self.get_argument("timeout", str(self.service.config.poll_timeout))
        try:
            timeout = min(max(float(timeout_text), 0.0), self.service.config.poll_timeout)
        except ValueError:
            raise ProtocolError(
                "malformed", "timeout", f"{timeout_text[:20]!r} is not a number of seconds"
            ) from None
        if timeout != timeout:  # NaN
            raise ProtocolError("malformed", "timeout", "not a number of seconds")
        found, status, last_seq = await self.service.wait_events(
            game_id, int(after_text), timeout, self.pupil
        )
        self.service.touch_seat(game_id, self.pupil)
        if self.request.connection.stream.closed():  # type: ignore[union-attr]
            return
        self.send({"protocol": PROTOCOL_VERSION, "game": game_id, "events": found, "last_seq": last_seq,
                   "status": status})  # fmt: skip


class ResignHandler(APIHandler):
    """``POST api/games/<id>/resign``."""

    async def post(self, game: str) -> None:  # noqa: D102
        event = await self.service.db(self.service.games.resign, _id(game, "game"), self.pupil)
        self.send({"protocol": PROTOCOL_VERSION, "event": event})


class RecordHandler(APIHandler):
    """``GET api/games/<id>/record``: the project's game record (``Game.from_record``)."""

    async def get(self, game: str) -> None:  # noqa: D102
        self.send(await self.service.db(self.service.games.record, _id(game, "game")))


class SettingsHandler(APIHandler):
    """``GET api/settings``, ``PUT api/settings`` (the teacher only).

    Settings: ``forfeit_after`` (seconds, 10 to 604800) and ``language`` (the class's language,
    one of :data:`~logger_widget.i18n.runtime.LANGUAGES`; default ``LW_CLASSGAME_LANGUAGE``
    or English). A PUT may give either or both.
    """

    def _current(self) -> dict[str, Any]:
        games = self.service.games
        return {"protocol": PROTOCOL_VERSION, "forfeit_after": games.forfeit_after(),
                "language": games.setting("language", self.service.config.language)}  # fmt: skip

    async def get(self) -> None:  # noqa: D102
        self.send(await self.service.db(self._current))

    async def put(self) -> None:  # noqa: D102
        if not self.teacher:
            raise ProtocolError("forbidden", "", "only the teacher changes the settings")
        changes = read_settings(self.json_body())
        if changes.get("language", "en") not in LANGUAGES:
            raise ProtocolError(
                "malformed", "language",
                f"{changes['language'][:20]!r} is not one of {', '.join(LANGUAGES)}",
            )  # fmt: skip

        def write() -> dict[str, Any]:
            for key, value in changes.items():  # every value checked first: a refusal changes nothing
                self.service.games.set_setting(key, value)
            return self._current()

        self.send(await self.service.db(write))


class NotFoundHandler(APIHandler):
    """Any other ``api/`` address."""

    def prepare(self) -> None:  # type: ignore[override]  # noqa: D102
        raise ProtocolError("not_found", "", f"no such address: {self.request.path[:100]}")


def core_routes() -> list[tuple[Any, ...]]:
    """The core API's rules, relative to the prefix."""
    game = r"api/games/(\w+)"
    return [
        (r"api/?", InfoHandler),
        (r"api/me", MeHandler),
        (r"api/presence", PresenceHandler),
        (r"api/seeks", SeeksHandler),
        (r"api/seeks/(\w+)", SeekHandler),
        (r"api/seeks/(\w+)/accept", AcceptHandler),
        (r"api/games", GamesHandler),
        (game, GameHandler),
        (game + "/turns", TurnsHandler),
        (game + "/events", EventsHandler),
        (game + "/resign", ResignHandler),
        (game + "/record", RecordHandler),
        (r"api/settings", SettingsHandler),
    ]


def make_app(service: ClassGameService, *, auth: Any = None) -> web.Application:
    """The Tornado application of ``service`` (core routes, :data:`HANDLER_MODULES`, OAuth callback).

    Args:
        service: the running service.
        auth: the :class:`~jupyterhub.services.auth.HubOAuth` (default: from the hub's environment).

    Raises:
        ImportError: a module of ``service.config.handler_modules`` is missing.
    """
    from jupyterhub.services.auth import HubOAuthCallbackHandler

    prefix = service.config.prefix
    if not prefix.endswith("/"):
        prefix += "/"
    rules: list[tuple[Any, ...]] = list(core_routes())
    for module in service.modules:
        rules.extend(module.routes(service))
    rules.append((r"oauth_callback", HubOAuthCallbackHandler))
    rules.append((r"api/.*", NotFoundHandler))
    handlers = [(prefix + rule[0], *rule[1:]) for rule in rules]
    auth = auth or hub_auth()
    return web.Application(
        handlers,
        hub_auth=auth,
        classgame=service,
        cookie_secret=service.cookie_secret,
        xsrf_cookies=False,
        log_function=_log_request,
    )


def _log_request(handler: web.RequestHandler) -> None:
    status = handler.get_status()
    level = logging.INFO if status < 400 else logging.WARNING if status < 500 else logging.ERROR
    user = getattr(handler, "_hub_auth_user_cache", None)
    log.log(level, "%d %s %s (%s) %.1f ms", status, handler.request.method, handler.request.path,
            (user or {}).get("name", "-"), 1000.0 * handler.request.request_time())  # fmt: skip

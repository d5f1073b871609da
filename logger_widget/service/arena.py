"""The class arena on the class game service: sessions, entries, pairing rounds, standings, the API.

The teacher opens an arena for a number of minutes; pupils join from their notebooks and are
paired as they finish (the rules are :mod:`logger_widget.service.pairing`'s: by rating, no
immediate rematch when another pairing exists, two-player games, the odd pupil waits for the next
game to end). When the time is up nobody new is paired; the games in progress play to their end
and count. The teacher may close the arena earlier (the same: games in progress count).

Everything is in the class database, so the next lesson starts from it: the arena games are
ordinary games of the service (``games.arena`` is the session), their results are the games'
results, and every pupil's rating is the sequential Elo of every finished arena game of the
class (:func:`logger_widget.service.pairing.ratings`), written to ``players.rating`` after each
result.

Who may do what: only the teacher (as the hub says: an admin or the teacher role, never a name in
a request) opens and closes an arena; a pupil joins and leaves only as themselves (the name is
the hub token's); the standings are the class's (names, arena points, ratings) and everybody in
the class may read them.

A pupil waiting to be paired keeps asking ``GET api/arena/<id>/me`` (the notebook does, every
couple of seconds), and these requests run the pairing rounds (at most one every
:data:`PAIRING_SECONDS`): a pupil is paired within a poll of the end of a classmate's game, and
no background task is needed. A pupil not heard from for :data:`PRESENT_SECONDS` is not paired,
so nobody is paired with a closed notebook.

API (below the service's prefix; JSON; refusals are :class:`~logger_widget.online.protocol.ProtocolError`):

==============================  ======================================================================
``GET api/arena``               the current arena (the open one, else the latest) and its standings
``POST api/arena``              open an arena: ``{"minutes": 20}`` (teacher; 1–240 minutes)
``GET api/arena/<id>``          that arena and its standings
``POST api/arena/<id>/close``   close it now (teacher)
``POST api/arena/<id>/join``    join as yourself (again after a restart: the same entry)
``POST api/arena/<id>/leave``   stop being paired (a game in progress goes on)
``GET api/arena/<id>/me``       your state: ``waiting``, ``playing`` (with ``game``), ``left``, ``out``
==============================  ======================================================================
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from ..online.protocol import PROTOCOL_VERSION, ProtocolError
from . import db
from .auth import APIHandler
from .pairing import ArenaResult, Standing, Waiting, pair, ratings, standings

__all__ = [
    "MAX_MINUTES",
    "PAIRING_SECONDS",
    "PRESENT_SECONDS",
    "ClassArena",
    "arena_entries",
    "class_arena",
    "routes",
]

log = logging.getLogger("logger_widget.service.arena")

#: The longest arena, in minutes.
MAX_MINUTES = 240
#: A waiting pupil not heard from for this long (seconds) is not paired.
PRESENT_SECONDS = 30.0
#: A pairing round runs at most this often (seconds): on the requests of waiting pupils.
PAIRING_SECONDS = 0.5

#: Who joined which arena: ``active`` false once they left; ``seen`` their last request.
arena_entries = sa.Table(
    "arena_entries",
    db.metadata,
    sa.Column("arena", sa.Integer, sa.ForeignKey("arena_sessions.id"), primary_key=True),
    sa.Column("player", db.NAME, primary_key=True),
    sa.Column("joined", db.TIME, nullable=False),
    sa.Column("active", sa.Boolean, nullable=False),
    sa.Column("seen", db.TIME, nullable=False),
)


def _score(result: Any) -> float | None:
    """Seat 1's score in a finished 2-player game's ``result`` (1, ½, 0), or ``None`` (nobody won)."""
    winners = set((result or {}).get("winners") or ())
    if winners == {1}:
        return 1.0
    if winners == {2}:
        return 0.0
    if winners == {1, 2}:
        return 0.5
    return None


class ClassArena:
    """The arena over the class database, without HTTP (the handlers below call it).

    Args:
        engine: the class database (its tables created, ``arena_entries`` too).
        start_game: starts a service game in its own transaction: ``(names by seat, arena id) -> game id``.
        clock: seconds since the epoch (tests give their own).
    """

    def __init__(
        self,
        engine: Engine,
        start_game: Callable[[list[str], int], int],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.engine = engine
        self.start_game = start_game
        self.clock = clock
        self._last_round = float("-inf")
        self._rated = -1  # the number of rated results when players.rating was last written
        arena_entries.create(engine, checkfirst=True)

    # ------------------------------------------------------------------ sessions

    def _session(self, conn: Connection, arena_id: int) -> Any:
        row = conn.execute(
            sa.select(db.arena_sessions).where(db.arena_sessions.c.id == arena_id)
        ).one_or_none()
        if row is None:
            raise ProtocolError("not_found", "arena", f"there is no arena {arena_id}")
        return row

    def _expire(self, conn: Connection, now: float) -> None:
        """Arenas whose time is up are ``finished`` (nobody new is paired in them)."""
        conn.execute(
            sa.update(db.arena_sessions)
            .where(db.arena_sessions.c.status == "open", db.arena_sessions.c.ends <= now)
            .values(status="finished")
        )

    def open(self, teacher: str, minutes: Any) -> dict[str, Any]:
        """Open an arena for ``minutes`` (a whole number 1–:data:`MAX_MINUTES`), opened by ``teacher``.

        Raises:
            ProtocolError: ``malformed`` (minutes), ``conflict`` (an arena is open already).
        """
        if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= MAX_MINUTES:
            raise ProtocolError(
                "malformed",
                "minutes",
                f"minutes must be a whole number from 1 to {MAX_MINUTES}, not {minutes!r}",
            )
        now = self.clock()
        with self.engine.begin() as conn:
            self._expire(conn, now)
            already = conn.execute(
                sa.select(db.arena_sessions.c.id).where(db.arena_sessions.c.status == "open")
            ).scalar()
            if already is not None:
                raise ProtocolError("conflict", "", f"arena {already} is open: close it first")
            inserted = conn.execute(
                sa.insert(db.arena_sessions).values(
                    created_by=teacher, status="open", created=now, ends=now + 60.0 * minutes,
                    options={"minutes": minutes},
                )
            )  # fmt: skip
            arena_id = int(inserted.inserted_primary_key[0])  # type: ignore[index]
        return self.info(arena_id)

    def close(self, arena_id: int) -> dict[str, Any]:
        """Close ``arena_id`` now: nobody new is paired; games in progress play on and count.

        Raises:
            ProtocolError: ``not_found``.
        """
        now = self.clock()
        with self.engine.begin() as conn:
            row = self._session(conn, arena_id)
            if row.status == "open":
                conn.execute(
                    sa.update(db.arena_sessions).where(db.arena_sessions.c.id == arena_id)
                    .values(status="closed", ends=min(row.ends, now))
                )  # fmt: skip
        return self.info(arena_id)

    def current(self) -> int | None:
        """The open arena's id, else the latest arena's, else ``None``."""
        with self.engine.begin() as conn:
            self._expire(conn, self.clock())
            open_id = conn.execute(
                sa.select(db.arena_sessions.c.id).where(db.arena_sessions.c.status == "open")
            ).scalar()
            if open_id is not None:
                return int(open_id)
            latest = conn.execute(sa.select(sa.func.max(db.arena_sessions.c.id))).scalar()
        return None if latest is None else int(latest)

    def info(self, arena_id: int) -> dict[str, Any]:
        """The arena as a dict.

        Keys: ``id``, ``status`` (``open``, ``finished``: time up, ``closed``), ``created``,
        ``ends`` (seconds since the epoch), ``minutes``, ``created_by``, ``entrants`` (names).

        Raises:
            ProtocolError: ``not_found``.
        """
        with self.engine.begin() as conn:
            self._expire(conn, self.clock())
            row = self._session(conn, arena_id)
            names = conn.execute(
                sa.select(arena_entries.c.player).where(arena_entries.c.arena == arena_id)
                .order_by(arena_entries.c.joined, arena_entries.c.player)
            ).scalars().all()  # fmt: skip
        return {
            "id": row.id, "status": row.status, "created": row.created, "ends": row.ends,
            "minutes": (row.options or {}).get("minutes"), "created_by": row.created_by, "entrants": list(names),
        }  # fmt: skip

    # ------------------------------------------------------------------ entries

    def join(self, arena_id: int, name: str) -> dict[str, Any]:
        """``name`` joins ``arena_id`` (again: the same entry, made active). Returns :meth:`me`.

        Raises:
            ProtocolError: ``not_found``, ``conflict`` (the arena is not open).
        """
        now = self.clock()
        with self.engine.begin() as conn:
            self._expire(conn, now)
            row = self._session(conn, arena_id)
            if row.status != "open":
                raise ProtocolError(
                    "conflict", "arena", f"arena {arena_id} is {row.status}: it takes nobody new"
                )
            done = conn.execute(
                sa.update(arena_entries)
                .where(arena_entries.c.arena == arena_id, arena_entries.c.player == name)
                .values(active=True, seen=now)
            )
            if done.rowcount == 0:
                conn.execute(
                    sa.insert(arena_entries).values(
                        arena=arena_id, player=name, joined=now, active=True, seen=now
                    )
                )
        return self.me(arena_id, name)

    def leave(self, arena_id: int, name: str) -> dict[str, Any]:
        """``name`` is no longer paired in ``arena_id`` (a game in progress goes on). Returns :meth:`me`.

        Raises:
            ProtocolError: ``not_found`` (no such arena, or ``name`` never joined it).
        """
        with self.engine.begin() as conn:
            self._session(conn, arena_id)
            done = conn.execute(
                sa.update(arena_entries)
                .where(arena_entries.c.arena == arena_id, arena_entries.c.player == name)
                .values(active=False)
            )
            if done.rowcount == 0:
                raise ProtocolError("not_found", "arena", f"you have not joined arena {arena_id}")
        return self.me(arena_id, name)

    def _active_game(self, conn: Connection, arena_id: int, name: str) -> int | None:
        return conn.execute(
            sa.select(db.games.c.id).join(db.seats, db.seats.c.game == db.games.c.id)
            .where(db.games.c.arena == arena_id, db.games.c.status == "active", db.seats.c.player == name)
        ).scalar()  # fmt: skip

    def me(self, arena_id: int, name: str, touch: bool = True) -> dict[str, Any]:
        """``name``'s state in ``arena_id``: ``{"arena", "state", "game"}``; ``touch`` counts as present.

        ``state``: ``playing`` (``game`` is the arena game in progress), ``waiting`` (to be
        paired), ``left`` (left the arena), ``out`` (never joined), ``over`` (the arena ended and
        no game of theirs is in progress).

        Raises:
            ProtocolError: ``not_found``.
        """
        now = self.clock()
        with self.engine.begin() as conn:
            self._expire(conn, now)
            row = self._session(conn, arena_id)
            entry = conn.execute(
                sa.select(arena_entries).where(
                    arena_entries.c.arena == arena_id, arena_entries.c.player == name
                )
            ).one_or_none()
            if entry is not None and touch:
                conn.execute(
                    sa.update(arena_entries)
                    .where(arena_entries.c.arena == arena_id, arena_entries.c.player == name)
                    .values(seen=now)
                )
            game = self._active_game(conn, arena_id, name) if entry is not None else None
        if entry is None:
            state = "out"
        elif game is not None:
            state = "playing"
        elif row.status != "open":
            state = "over"
        else:
            state = "waiting" if entry.active else "left"
        return {"protocol": PROTOCOL_VERSION, "arena": arena_id, "name": name, "state": state, "game": game}

    # ------------------------------------------------------------------ results and pairing

    def _results(self, conn: Connection) -> list[tuple[int, ArenaResult]]:
        """Every finished, rated arena game of the class as ``(arena, result)``, in the order they finished."""
        query = (
            sa.select(db.games.c.id, db.games.c.arena, db.games.c.result, db.seats.c.seat, db.seats.c.player)
            .join(db.seats, db.seats.c.game == db.games.c.id)
            .where(db.games.c.arena.is_not(None), db.games.c.status == "finished")
            .order_by(db.games.c.finished, db.games.c.id, db.seats.c.seat)
        )
        seats: dict[int, dict[int, str]] = {}
        meta: dict[int, tuple[int, Any]] = {}
        for r in conn.execute(query):
            seats.setdefault(r.id, {})[r.seat] = r.player
            meta[r.id] = (r.arena, r.result)
        out = []
        for game_id, by_seat in seats.items():  # dicts keep the finishing order
            arena, result = meta[game_id]
            score = _score(result)
            if score is None or set(by_seat) != {1, 2} or None in by_seat.values():
                continue  # nobody won (both left), or not a game between two pupils: not rated
            out.append((arena, ArenaResult(game_id, by_seat[1], by_seat[2], score)))
        return out

    def standings(self, arena_id: int) -> list[Standing]:
        """The standings of ``arena_id`` (see :func:`logger_widget.service.pairing.standings`).

        Raises:
            ProtocolError: ``not_found``.
        """
        with self.engine.connect() as conn:
            row = self._session(conn, arena_id)
            entrants = conn.execute(
                sa.select(arena_entries.c.player).where(arena_entries.c.arena == arena_id)
                .order_by(arena_entries.c.joined, arena_entries.c.player)
            ).scalars().all()  # fmt: skip
            every = self._results(conn)
        here = [r for a, r in every if a == arena_id]
        before = [r for a, r in every if a != arena_id and a < row.id]
        return standings(here, entrants, before)

    def ratings(self) -> dict[str, float]:
        """Every pupil's rating after all finished arena games (Elo points; 1500 to start)."""
        with self.engine.connect() as conn:
            return ratings(r for _, r in self._results(conn))

    def maybe_pair(self) -> list[int]:
        """:meth:`pair_round` unless one ran in the last :data:`PAIRING_SECONDS`; the games started."""
        if time.monotonic() - self._last_round < PAIRING_SECONDS:
            return []
        self._last_round = time.monotonic()
        return self.pair_round()

    def pair_round(self) -> list[int]:
        """One pairing round in the open arena (if any): start a game for each pair of waiting pupils.

        A pupil is waiting when their entry is active, they were heard from in the last
        :data:`PRESENT_SECONDS`, and no arena game of theirs is in progress. New results since
        the last round update ``players.rating`` first.

        Returns:
            The ids of the games started.
        """
        now = self.clock()
        with self.engine.begin() as conn:
            self._expire(conn, now)
            arena_id = conn.execute(
                sa.select(db.arena_sessions.c.id).where(db.arena_sessions.c.status == "open")
            ).scalar()
            results = self._results(conn)
            rated = ratings(r for _, r in results)
            if len(results) != self._rated:  # a new result: the ratings the rest of the service shows
                for name, rating in rated.items():
                    conn.execute(sa.update(db.players).where(db.players.c.name == name).values(rating=rating))
                self._rated = len(results)
            if arena_id is None:
                return []
            entries = conn.execute(
                sa.select(arena_entries).where(
                    arena_entries.c.arena == arena_id, arena_entries.c.active.is_(True),
                    arena_entries.c.seen >= now - PRESENT_SECONDS,
                )
            ).all()  # fmt: skip
            mine = [r for a, r in results if a == arena_id]
            waiting = []
            for e in entries:
                if self._active_game(conn, arena_id, e.player) is not None:
                    continue
                played = [r for r in mine if e.player in (r.first, r.second)]
                last = played[-1] if played else None
                finished_at = self._finished_at(conn, last.game) if last else None
                waiting.append(
                    Waiting(
                        e.player, rating=rated.get(e.player, 1500.0),
                        since=max(e.joined, finished_at or e.joined),
                        last_opponent=None if last is None else (last.second if last.first == e.player else last.first),
                        seat_balance=self._seat_balance(conn, arena_id, e.player),
                    )
                )  # fmt: skip
            pairs, _ = pair(waiting)
        # one game per pair, each in the service's own transaction; a round runs without a pause on
        # the service's one event loop, so nobody is paired twice in between
        started = []
        for p in pairs:
            game_id = self.start_game([p.first, p.second], arena_id)
            log.info("arena %s: game %s, %s - %s", arena_id, game_id, p.first, p.second)
            started.append(game_id)
        return started

    def _finished_at(self, conn: Connection, game_id: int) -> float | None:
        return conn.execute(sa.select(db.games.c.finished).where(db.games.c.id == game_id)).scalar()

    def _seat_balance(self, conn: Connection, arena_id: int, name: str) -> int:
        seats = conn.execute(
            sa.select(db.seats.c.seat).join(db.games, db.games.c.id == db.seats.c.game)
            .where(db.games.c.arena == arena_id, db.seats.c.player == name)
        ).scalars().all()  # fmt: skip
        return sum(1 if s == 1 else -1 for s in seats)


def _standings_json(table: list[Standing]) -> list[dict[str, Any]]:
    return [
        {"rank": s.rank, "name": s.name, "points": s.points, "games": s.games, "wins": s.wins, "draws": s.draws,
         "losses": s.losses, "rating": round(s.rating, 1), "rating_change": round(s.rating_change, 1)}
        for s in table
    ]  # fmt: skip


def _arena_id(text: str) -> int:
    if not text.isdigit() or len(text) > 12:
        raise ProtocolError("malformed", "arena", f"{text[:20]!r} is not an arena number")
    return int(text)


class _ArenaHandler(APIHandler):
    def initialize(self, arena: ClassArena) -> None:  # noqa: D102
        self.arena = arena

    def no_body(self) -> None:
        """Refuse a body that says anything: who joins is the hub token's user, never a name sent."""
        if not (self.request.body or b"").strip():
            return
        body = self.json_body()
        if not isinstance(body, dict) or set(body) - {"protocol"}:
            raise ProtocolError(
                "malformed", "", "this request takes no body: you act as the hub's user of your token"
            )

    def teacher_only(self, what: str) -> None:
        if not self.teacher:
            raise ProtocolError("forbidden", "", f"only the teacher {what}")

    def arena_answer(self, arena_id: int | None) -> dict[str, Any]:
        """The arena ``arena_id`` (``None``: none) as the API answers it (reads the database)."""
        if arena_id is None:
            return {"protocol": PROTOCOL_VERSION, "arena": None, "standings": [], "you": None}
        return {
            "protocol": PROTOCOL_VERSION, "arena": self.arena.info(arena_id),
            "standings": _standings_json(self.arena.standings(arena_id)),
            "you": self.arena.me(arena_id, self.pupil, touch=False),
        }  # fmt: skip


class ArenasHandler(_ArenaHandler):
    """``GET api/arena`` (the current arena), ``POST api/arena`` (open one: the teacher)."""

    async def get(self) -> None:  # noqa: D102
        self.send(await self.service.db(lambda: self.arena_answer(self.arena.current())))

    async def post(self) -> None:  # noqa: D102
        self.teacher_only("opens an arena")
        body = self.json_body()
        if not isinstance(body, dict) or set(body) - {"protocol", "minutes"}:
            raise ProtocolError("malformed", "", 'an arena is opened with {"minutes": 20}')

        def open_arena() -> dict[str, Any]:
            return self.arena_answer(self.arena.open(self.pupil, body.get("minutes"))["id"])

        self.send(await self.service.db(open_arena), 201)


class ArenaHandler(_ArenaHandler):
    """``GET api/arena/<id>``."""

    async def get(self, arena: str) -> None:  # noqa: D102
        self.send(await self.service.db(self.arena_answer, _arena_id(arena)))


class CloseHandler(_ArenaHandler):
    """``POST api/arena/<id>/close`` (the teacher)."""

    async def post(self, arena: str) -> None:  # noqa: D102
        self.teacher_only("closes an arena")
        self.no_body()
        arena_id = _arena_id(arena)

        def close() -> dict[str, Any]:
            self.arena.close(arena_id)
            return self.arena_answer(arena_id)

        self.send(await self.service.db(close))


class JoinHandler(_ArenaHandler):
    """``POST api/arena/<id>/join``."""

    async def post(self, arena: str) -> None:  # noqa: D102
        self.no_body()
        arena_id = _arena_id(arena)

        def join() -> dict[str, Any]:
            self.arena.join(arena_id, self.pupil)
            self.arena.maybe_pair()
            return self.arena.me(arena_id, self.pupil)

        self.send(await self.service.db(join))


class LeaveHandler(_ArenaHandler):
    """``POST api/arena/<id>/leave``."""

    async def post(self, arena: str) -> None:  # noqa: D102
        self.no_body()
        self.send(await self.service.db(self.arena.leave, _arena_id(arena), self.pupil))


class MeHandler(_ArenaHandler):
    """``GET api/arena/<id>/me``."""

    async def get(self, arena: str) -> None:  # noqa: D102
        arena_id = _arena_id(arena)

        def me() -> dict[str, Any]:
            self.arena.me(arena_id, self.pupil)  # present: counted in this round
            self.arena.maybe_pair()
            return self.arena.me(arena_id, self.pupil)

        self.send(await self.service.db(me))


def class_arena(service: Any) -> ClassArena:
    """The arena of ``service`` (a :class:`~logger_widget.service.app.ClassGameService`).

    It uses the service's database and clock; its games are started by the service's own game creation.
    """

    def start_game(names: list[str], arena_id: int) -> int:
        return int(service.games.start_game(names, [], arena=arena_id))

    return ClassArena(service.engine, start_game, clock=service.games.clock)


def routes(service: Any) -> list[tuple[Any, ...]]:
    """The arena's API rules (relative to the service's prefix)."""
    kwargs = {"arena": class_arena(service)}
    arena = r"api/arena/(\w+)"
    return [
        (r"api/arena/?", ArenasHandler, kwargs),
        (arena, ArenaHandler, kwargs),
        (arena + "/close", CloseHandler, kwargs),
        (arena + "/join", JoinHandler, kwargs),
        (arena + "/leave", LeaveHandler, kwargs),
        (arena + "/me", MeHandler, kwargs),
    ]

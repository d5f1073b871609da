"""The class's seeks, challenges and games, kept in the class database; the rules engine is the authority.

:class:`ClassGames` is everything the API does, without HTTP: it takes the requester's hub
name (never a name from a request's body) and raises
:class:`~logger_widget.online.protocol.ProtocolError` for every refusal, before anything is
written, so that a refused request leaves the game exactly as it was.

Every turn is replayed through :class:`~logger_widget.engine.Game` (its ``Position.parse_turn``
checks the notation and every rule); the games in progress are kept in memory, rebuilt from
their turns in the database when the service starts again.

Who sees what: an open seek is seen by every classmate, a challenge only by its creator, the
classmates it invites and the teacher; games (in progress or finished), their events and
records are the class's: any classmate may watch a game. Only a game's seated players play
in it, each only at their own seat.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from ..bots import make_bot
from ..bots.presets import PRESETS
from ..engine import Game, IllegalTurnError, NotationError
from ..online.protocol import (
    PROTOCOL_VERSION,
    Event,
    GameState,
    GameSummary,
    ProtocolError,
    SeatInfo,
)
from . import db
from .parts import event, new_id, serialized
from .presence import Presence
from .seeks import MAX_ACTIVE_GAMES, MAX_BOT_SEATS, MAX_OPEN_SEEKS, Seeks

__all__ = ["ClassGames", "TurnRequest", "MAX_ACTIVE_GAMES", "MAX_BOT_SEATS", "MAX_OPEN_SEEKS", "bot_turn"]


class GameHead(NamedTuple):
    """What a turn needs of a game's row: its status, its ply and its last event's number."""

    status: str
    ply: int
    last_seq: int


# A database server gets each table's rows of a transaction of turns as one statement with one
# array per column (a round trip each, whatever the number of turns; psycopg's executemany sends
# a statement per row); SQLite's executemany runs in this process and stays.
_PG_TURNS = sa.text(
    'INSERT INTO turns (game, ply, turn, seat, "by", at) SELECT * FROM unnest('
    "CAST(:game AS INTEGER[]), CAST(:ply AS INTEGER[]), CAST(:turn AS VARCHAR[]), CAST(:seat AS INTEGER[]), "
    "CAST(:by AS VARCHAR[]), CAST(:at AS DOUBLE PRECISION[]))"
)
_PG_EVENTS = sa.text(
    "INSERT INTO events (game, seq, kind, at, data) SELECT g, s, k, a, CAST(d AS JSON) FROM unnest("
    "CAST(:game AS INTEGER[]), CAST(:seq AS INTEGER[]), CAST(:kind AS VARCHAR[]), "
    "CAST(:at AS DOUBLE PRECISION[]), CAST(:data AS TEXT[])) AS v(g, s, k, a, d)"
)
_PG_MOVED = sa.text(
    "UPDATE games SET ply = v.ply, lpn = v.lpn, last_seq = v.seq FROM unnest("
    "CAST(:id AS INTEGER[]), CAST(:ply AS INTEGER[]), CAST(:lpn AS VARCHAR[]), CAST(:seq AS INTEGER[])) "
    "AS v(id, ply, lpn, seq) WHERE games.id = v.id"
)


def _columns(rows: list[dict[str, Any]], keys: dict[str, str]) -> dict[str, list[Any]]:
    """``{parameter: [row[key] for each row]}`` for ``keys`` ``{parameter: key}``."""
    return {name: [row[key] for row in rows] for name, key in keys.items()}


def _write_turns(
    conn: Connection,
    turn_rows: list[dict[str, Any]],
    event_rows: list[dict[str, Any]],
    moved: list[dict[str, Any]],
) -> None:
    """Write a transaction's turns, their events and the games' new ply, position and last event number."""
    if conn.dialect.name == "postgresql":
        conn.execute(
            _PG_TURNS, _columns(turn_rows, {k: k for k in ("game", "ply", "turn", "seat", "by", "at")})
        )
        events = _columns(event_rows, {k: k for k in ("game", "seq", "kind", "at")})
        events["data"] = [json.dumps(row["data"]) for row in event_rows]
        conn.execute(_PG_EVENTS, events)
        conn.execute(_PG_MOVED, _columns(moved, {"id": "id_", "ply": "ply_", "lpn": "lpn_", "seq": "seq_"}))
        return
    conn.execute(sa.insert(db.turns), turn_rows)
    conn.execute(sa.insert(db.events), event_rows)
    conn.execute(
        sa.update(db.games).where(db.games.c.id == sa.bindparam("id_"))
        .values(ply=sa.bindparam("ply_"), lpn=sa.bindparam("lpn_"), last_seq=sa.bindparam("seq_")),
        moved,
    )  # fmt: skip


class TurnRequest(NamedTuple):
    """A turn to play (:meth:`ClassGames.play`): the game, who plays it (a pupil, or a bot seat's preset), its ply, its notation."""

    game: int
    by: str
    ply: int
    text: str
    bot: bool = False


def bot_turn(spec: str, record: dict[str, Any], seed: int) -> str:
    """The turn (notation) the bot preset ``spec`` plays in the game ``record`` (a ``Game.to_record()``).

    Runs in the service's bot worker process; only the project's presets exist here.
    """
    game = Game.from_record(record)
    return make_bot(spec, seed=seed).choose(game.position).notation()


class ClassGames(Seeks, Presence):
    """Seeks, challenges and games over the class database.

    Its parts: the seeks (:class:`.seeks.Seeks`), presence and forfeits
    (:class:`.presence.Presence`), and here the games, their turns and events, and the
    teacher's settings.

    Thread-safe: every public method runs under one lock, so the service's database worker
    thread and its event loop may both call it; ``on_event`` is called on the calling thread.

    Args:
        engine: the database (:func:`logger_widget.service.db.connect`).
        clock: seconds since the epoch (tests give their own).
        on_event: called with a game's id after every new event of it (wakes the long-polls).
        online_seconds: a pupil who asked about a game within this many seconds is online in it.
        forfeit_default: seconds away before forfeiting, until the teacher sets ``forfeit_after``.
    """

    @serialized
    def start_game(
        self, names: list[str | None], bots: list[str], *, arena: int | None = None, seek: int | None = None,
        turn_limit: int | None = None,
    ) -> int:  # fmt: skip
        """Start a game at once (the arena's pairings): its id.

        Args:
            names: one entry per seat, in seat order: a pupil's hub name, or ``None`` for the
                next bot of ``bots``. 2–4 seats.
            bots: bot presets, one per ``None`` in ``names``.
            arena: the arena session the game belongs to (``games.arena``), or ``None``.
            seek: the seek it comes from (``games.seek``), or ``None``.
            turn_limit: the game ends after this many turns (reason ``"turn_limit"``), ``None``: no limit.

        Raises:
            ValueError: not 2–4 seats, bots that do not match the ``None`` seats, an unknown
                preset, a pupil seated twice.
        """
        pupils = [n for n in names if n is not None]
        if not 2 <= len(names) <= 4 or names.count(None) != len(bots) or len(set(pupils)) != len(pupils):
            raise ValueError(
                f"seats {names!r} with bots {bots!r}: 2-4 seats, one bot per empty seat, nobody twice"
            )
        unknown = [b for b in bots if b not in PRESETS]
        if unknown:
            raise ValueError(f"{unknown[0]!r} is not a bot preset: choose one of {', '.join(PRESETS)}")
        with self.engine.begin() as conn:
            game_id = self._insert_game(conn, names, bots, seek=seek, arena=arena, turn_limit=turn_limit)
        self.on_event(game_id)
        return game_id

    def _insert_game(
        self, conn: Connection, names: list[str | None], bots: list[str], *, seek: int | None, arena: int | None,
        turn_limit: int | None,
    ) -> int:  # fmt: skip
        now = self.clock()
        game = Game.new(players=len(names), turn_limit=turn_limit)
        game_id = new_id(conn.execute(
            sa.insert(db.games).values(
                status="active", players=len(names), start=game.start.to_lpn(), lpn=game.position.to_lpn(),
                ply=0, last_seq=0, created=now, seek=seek, arena=arena, turn_limit=turn_limit,
            )
        ))  # fmt: skip
        queue = list(bots)
        seated: list[str] = []
        for seat, name in enumerate(names, start=1):
            bot = None if name is not None else queue.pop(0)
            seated.append(name if name is not None else str(bot))
            conn.execute(
                sa.insert(db.seats).values(
                    game=game_id, seat=seat, player=name, bot=bot, last_seen=now, away=False
                )
            )
        game.metadata = {"names": seated, "game": game_id}
        self._games[game_id] = game
        return game_id

    # ------------------------------------------------------------------ games

    def _game_row(self, conn: Connection, game_id: int) -> Any:
        row = conn.execute(sa.select(db.games).where(db.games.c.id == game_id)).one_or_none()
        if row is None:
            raise ProtocolError("not_found", "game", f"there is no game {game_id}")
        return row

    def _holders(self, conn: Connection, game_id: int) -> list[tuple[str | None, str | None]]:
        """``(player, bot)`` of each seat of ``game_id``, seat 1 first."""
        found = self._seat_holders.get(game_id)
        if found is None:
            rows = conn.execute(
                sa.select(db.seats.c.player, db.seats.c.bot).where(db.seats.c.game == game_id)
                .order_by(db.seats.c.seat)
            ).all()  # fmt: skip
            found = self._seat_holders[game_id] = [(r.player, r.bot) for r in rows]
        return found

    def _seats(self, conn: Connection, game_id: int, active: bool = False) -> list[SeatInfo]:
        return self._seats_of(conn, {game_id: active})[game_id]

    def _seats_of(self, conn: Connection, games: dict[int, bool]) -> dict[int, list[SeatInfo]]:
        """The seats of each game of ``{game id: active}`` (seat 1 first), read in one query."""
        seats: dict[int, list[SeatInfo]] = {g: [] for g in games}
        if not games:
            return seats
        rows = conn.execute(
            sa.select(db.seats)
            .where(db.seats.c.game.in_(list(games)))
            .order_by(db.seats.c.game, db.seats.c.seat)
        ).all()
        now = self.clock()
        forfeit = self.forfeit_after() if any(games.values()) else 0.0
        for r in rows:
            active = games[r.game]
            online = r.player is None or now - r.last_seen <= self.online_seconds
            left = None if online or not active else max(0.0, r.last_seen + forfeit - now)
            seats[r.game].append(
                {"seat": r.seat, "player": r.player, "bot": r.bot, "online": online, "forfeit_in": left}
            )
        return seats

    @serialized
    def game(self, game_id: int, conn: Connection | None = None) -> Game:
        """The engine's :class:`Game` of ``game_id`` (every turn replayed and checked).

        Raises:
            ProtocolError: ``not_found``.
        """
        cached = self._games.get(game_id)
        if cached is not None:
            return cached
        if conn is None:
            with self.reads.connect() as own:
                return self.game(game_id, own)
        row = self._game_row(conn, game_id)
        seats = self._seats(conn, game_id)
        game = Game(
            row.start, turn_limit=row.turn_limit,
            metadata={"names": [s["player"] or s["bot"] for s in seats], "game": game_id},
        )  # fmt: skip
        for text in conn.execute(
            sa.select(db.turns.c.turn).where(db.turns.c.game == game_id).order_by(db.turns.c.ply)
        ).scalars():
            game.play(text)
        if row.status == "active":  # finished games are read again when asked for (rarely)
            self._games[game_id] = game
        return game

    def _forget_if_finished(self, game_id: int) -> None:
        if game_id in self._finished:
            self._games.pop(game_id, None)
            self._feeds.pop(game_id, None)

    def _summary(self, conn: Connection, row: Any) -> GameSummary:
        return self._summaries(conn, [row])[0]

    def _summaries(self, conn: Connection, rows: list[Any]) -> list[GameSummary]:
        """The :class:`GameSummary` of each game row, every game's seats read in one query."""
        seats = self._seats_of(conn, {r.id: r.status == "active" for r in rows})
        return [
            {
                "id": row.id,
                "status": row.status,
                "players": row.players,
                "seats": seats[row.id],
                # a finished game is not replayed for its summary
                "ply": row.ply,
                "to_move": self.game(row.id, conn).position.to_move if row.status == "active" else None,
                "created": row.created,
                "finished": row.finished,
                "result": row.result,
                "last_seq": row.last_seq,
                "turn_limit": row.turn_limit,
            }  # fmt: skip
            for row in rows
        ]

    @serialized
    def games(
        self, viewer: str | None = None, status: str | None = None, limit: int | None = None
    ) -> list[GameSummary]:
        """Games, newest first.

        Args:
            viewer: only this pupil's games; ``None``: the whole class's.
            status: ``"active"`` or ``"finished"`` only; ``None``: both.
            limit: the newest ``limit`` games only; ``None``: all.
        """
        with self.reads.connect() as conn:
            query = sa.select(db.games).order_by(db.games.c.id.desc()).limit(limit)
            if viewer is not None:
                query = query.where(
                    db.games.c.id.in_(sa.select(db.seats.c.game).where(db.seats.c.player == viewer))
                )
            if status is not None:
                query = query.where(db.games.c.status == status)
            return self._summaries(conn, list(conn.execute(query).all()))

    @serialized
    def state(self, game_id: int, viewer: str) -> GameState:
        """The whole game for ``viewer`` (a player or a watcher).

        Raises:
            ProtocolError: ``not_found``.
        """
        with self.reads.connect() as conn:
            row = self._game_row(conn, game_id)
            summary = self._summary(conn, row)
            game = self.game(game_id, conn)
        return {
            **summary, "protocol": PROTOCOL_VERSION, "start": game.start.to_lpn(), "lpn": game.position.to_lpn(),
            "turns": [t.notation() for t in game.turns],
            "you": [s["seat"] for s in summary["seats"] if s["player"] == viewer],
        }  # fmt: skip

    def _add_event(
        self,
        conn: Connection,
        game_id: int,
        kind: str,
        data: dict[str, Any],
        now: float,
        seq: int | None = None,
    ) -> Event:
        """Insert the next event of ``game_id``; ``seq``: its number, already written to ``games.last_seq``."""
        self._feeds.pop(game_id, None)  # read again once this transaction is over
        self._heads.pop(game_id, None)
        if seq is None:
            seq = (
                conn.execute(sa.select(db.games.c.last_seq).where(db.games.c.id == game_id)).scalar_one() + 1
            )
            conn.execute(sa.update(db.games).where(db.games.c.id == game_id).values(last_seq=seq))
        conn.execute(sa.insert(db.events).values(game=game_id, seq=seq, kind=kind, at=now, data=data))
        return event(seq, kind, now, data)

    def _finish(self, conn: Connection, game_id: int, result: dict[str, Any], now: float) -> Event:
        """End ``game_id`` with ``result``: its ``"over"`` event."""
        self._finished.add(game_id)
        conn.execute(
            sa.update(db.games)
            .where(db.games.c.id == game_id)
            .values(status="finished", finished=now, result=result)
        )
        return self._add_event(conn, game_id, "over", {"result": result}, now)

    @serialized
    def play(self, game_id: int, by: str, ply: int, text: str, *, bot: bool = False) -> Event:
        """Play ``text`` at ``ply`` in ``game_id`` for ``by`` (a pupil, or with ``bot`` the service's bot seat).

        Checked in this order, nothing written on a refusal: the game exists; it is not over;
        ``by`` sits at the seat to move; ``ply`` is the game's current ply; the notation parses
        and the rules allow the turn.

        Returns:
            The ``"turn"`` event.

        Raises:
            ProtocolError: ``not_found``, ``game_over``, ``not_your_seat``, ``stale_ply``,
                ``malformed`` (notation), ``illegal_turn`` (with the engine's rule and params).
        """
        found = self._play_together([TurnRequest(game_id, by, ply, text, bot)])[0]
        if isinstance(found, Exception):
            raise found
        return found

    @serialized
    def play_many(self, requests: list[TurnRequest]) -> list[Event | Exception]:
        """Play several turns (of any games) in one transaction: each one's event, or its refusal (or failure).

        Each turn is checked as by :meth:`play`, in the order given (two turns of one game: the
        second sees the first), a refusal leaving the others be. Should the database refuse
        the transaction, each turn is tried again in a transaction of its own, so that one
        turn's failure is its own (the database's exception in its place).
        """
        try:
            return self._play_together(requests)
        except Exception as e:  # noqa: BLE001 - given to the callers below
            if len(requests) == 1:
                return [e]
        results: list[Event | Exception] = []
        for request in requests:
            try:
                results.extend(self._play_together([request]))
            except Exception as e:  # noqa: BLE001 - the database's failure, given to this turn's caller
                results.append(e)
        return results

    def _check_turn(self, request: TurnRequest, row: Any, ply: int, game: Game, holders: Any) -> Any:
        """The engine's turn of ``request`` at the game's ``ply``, or the :class:`ProtocolError` refusing it."""
        game_id, by, bot = request.game, request.by, request.bot
        if row.status != "active" or game.is_over:
            return ProtocolError("game_over", "game", f"game {game_id} is finished: no more turns")
        seat = game.position.to_move
        player, preset = holders[seat - 1]
        if (preset if bot else player) != by or (bot and player is not None):
            mine = [i for i, (name, _) in enumerate(holders, start=1) if name == by]
            who = player or f"the bot {preset}"
            where = f"you sit at seat {', '.join(map(str, mine))}" if mine else "you do not play in this game"
            return ProtocolError(
                "not_your_seat", "turn", f"seat {seat} is to move, which is {who}'s; {where}"
            )
        if request.ply != ply:
            return ProtocolError(
                "stale_ply", "ply",
                f"the turn is for ply {request.ply} but game {game_id} is at ply {ply} "
                "(an old or repeated message: reload the game)", params={"ply": ply},
            )  # fmt: skip
        try:
            return game.position.parse_turn(request.text)
        except NotationError as e:
            return ProtocolError("malformed", "turn", str(e))
        except IllegalTurnError as e:
            return ProtocolError("illegal_turn", "turn", str(e), e.rule, e.params)

    def _play_together(self, requests: list[TurnRequest]) -> list[Event | Exception]:
        """:meth:`play_many` in one transaction: the games' rows read in one query, the rows written in one each."""
        now = self.clock()
        results: list[Event | Exception] = []
        played: list[Game] = []  # every turn played in memory, undone if the database refuses
        kept: dict[int, Any] = {}  # each game's events as last read, and the ones added
        last: dict[int, tuple[int, int]] = {}  # each game's (ply, last_seq) as this transaction leaves it
        turn_rows: list[dict[str, Any]] = []
        event_rows: list[dict[str, Any]] = []
        finished: dict[int, dict[str, Any]] = {}
        try:  # the commit included: should it fail, the games in memory go back too
            with self.engine.begin() as conn:
                ids = sorted({r.game for r in requests})
                rows = {g: self._heads[g] for g in ids if g in self._heads}
                missing = [g for g in ids if g not in rows]
                if missing:  # the games this process has not written yet (or since another event)
                    for read in conn.execute(
                        sa.select(db.games.c.id, db.games.c.status, db.games.c.ply, db.games.c.last_seq)
                        .where(db.games.c.id.in_(missing))
                    ):  # fmt: skip
                        rows[read.id] = GameHead(read.status, read.ply, read.last_seq)
                unknown = [g for g in rows if g not in self._seat_holders]
                if unknown:  # who holds each seat, read once for every game new to this process
                    seated: dict[int, list[tuple[str | None, str | None]]] = {g: [] for g in unknown}
                    for r in conn.execute(
                        sa.select(db.seats.c.game, db.seats.c.player, db.seats.c.bot)
                        .where(db.seats.c.game.in_(unknown)).order_by(db.seats.c.game, db.seats.c.seat)
                    ):  # fmt: skip
                        seated[r.game].append((r.player, r.bot))
                    self._seat_holders.update(seated)
                for request in requests:
                    game_id = request.game
                    row = rows.get(game_id)
                    if row is None:
                        results.append(ProtocolError("not_found", "game", f"there is no game {game_id}"))
                        continue
                    game = self.game(game_id, conn)
                    if game_id not in last:
                        last[game_id] = (row.ply, row.last_seq)
                        feed = self._feeds.get(game_id)
                        kept[game_id] = feed if feed is not None and feed[1] == row.last_seq else None
                    ply, seq = last[game_id]
                    turn = self._check_turn(request, row, ply, game, self._holders(conn, game_id))
                    if isinstance(turn, ProtocolError):
                        results.append(turn)
                        continue
                    seat = game.position.to_move
                    game.play(turn)  # the cached game moves only once the turn is legal
                    played.append(game)
                    notation = turn.notation()
                    turn_rows.append({"game": game_id, "ply": ply, "turn": notation, "seat": seat,
                                      "by": request.by, "at": now})  # fmt: skip
                    data = {"ply": ply, "turn": notation, "seat": seat, "by": request.by,
                            "lpn": game.position.to_lpn()}  # fmt: skip
                    added = [event(seq + 1, "turn", now, data)]
                    if game.is_over:
                        outcome = game.outcome
                        assert outcome is not None
                        finished[game_id] = outcome.to_dict()
                        added.append(event(seq + 2, "over", now, {"result": finished[game_id]}))
                    for e in added:
                        body = {k: v for k, v in e.items() if k not in ("seq", "kind", "at")}
                        event_rows.append({"game": game_id, "seq": e["seq"], "kind": e["kind"], "at": now,
                                           "data": body})  # fmt: skip
                    last[game_id] = (ply + 1, added[-1]["seq"])
                    if kept[game_id] is not None:
                        kept[game_id] = ("active", added[-1]["seq"], [*kept[game_id][2], *added])
                    results.append(added[0])
                    self._feeds.pop(game_id, None)  # read again if this transaction fails
                if turn_rows:
                    moved = [
                        {"id_": g, "ply_": p, "lpn_": self._games[g].position.to_lpn(), "seq_": q}
                        for g, (p, q) in last.items() if p != rows[g].ply
                    ]  # fmt: skip
                    _write_turns(conn, turn_rows, event_rows, moved)
                    for game_id, result in finished.items():
                        conn.execute(
                            sa.update(db.games).where(db.games.c.id == game_id)
                            .values(status="finished", finished=now, result=result)
                        )  # fmt: skip
        except BaseException:
            for game in reversed(played):  # the database refused: the cache follows it
                game.undo()
                game.discard_redo()
            raise
        for game_id, head in rows.items():  # committed: the next turns need not read these rows
            ply, seq = last.get(game_id, (head.ply, head.last_seq))
            self._heads[game_id] = GameHead("finished" if game_id in finished else head.status, ply, seq)
        for game_id, feed in kept.items():
            if game_id in finished:
                self._finished.add(game_id)
                self._forget_if_finished(game_id)
            elif feed is not None:
                # committed: every long-poll these turns wake reads them from memory, none from the database
                self._feeds[game_id] = feed
        for game_id in last:
            if last[game_id][0] != rows[game_id].ply:
                self.on_event(game_id)
        return results

    @serialized
    def resign(self, game_id: int, name: str) -> Event:
        """``name`` gives up: the game ends, reason ``"resign"`` (see :meth:`_abandon`).

        Raises:
            ProtocolError: ``not_found``, ``game_over``, ``not_your_seat`` (not playing in it).
        """
        return self._abandon(game_id, [name], "resign")

    def _abandon(self, game_id: int, leavers: Iterable[str], reason: str) -> Event:
        """End ``game_id`` because ``leavers`` left: the best score among the others wins.

        The result is the engine's outcome of the current position over the seats that stay
        (``winners``: the highest score among them, tie-break by protesters in supply), with
        ``reason`` and the seats that left in ``"left"``.
        """
        leavers = set(leavers)
        now = self.clock()
        with self.engine.begin() as conn:
            row = self._game_row(conn, game_id)
            if row.status != "active":
                raise ProtocolError("game_over", "game", f"game {game_id} is finished already")
            seats = self._seats(conn, game_id)
            left = [s["seat"] for s in seats if s["player"] in leavers]
            if not left:
                raise ProtocolError("not_your_seat", "game", f"you do not play in game {game_id}")
            position = self.game(game_id, conn).position
            staying = [s["seat"] for s in seats if s["seat"] not in left]
            if staying:
                best = max((position.scores[s - 1], position.supplies[s - 1]) for s in staying)
                winners = [s for s in staying if (position.scores[s - 1], position.supplies[s - 1]) == best]
            else:
                winners = []
            result = {
                "winners": winners, "scores": list(position.scores), "supplies": list(position.supplies),
                "tie_break": None, "reason": reason, "left": left,
            }  # fmt: skip
            self._finish(conn, game_id, result, now)
            last = conn.execute(
                sa.select(db.events)
                .where(db.events.c.game == game_id)
                .order_by(db.events.c.seq.desc())
                .limit(1)
            ).one()
        self._forget_if_finished(game_id)
        self.on_event(game_id)
        return event(last.seq, last.kind, last.at, last.data)

    @serialized
    def events(self, game_id: int, after: int) -> list[Event]:
        """The events of ``game_id`` with ``seq > after``, in order.

        Raises:
            ProtocolError: ``not_found``.
        """
        return self.events_since(game_id, after)[0]

    @serialized
    def events_since(self, game_id: int, after: int) -> tuple[list[Event], str, int]:
        """``(the events with seq > after, status, last_seq)`` of ``game_id``, read together.

        Raises:
            ProtocolError: ``not_found``.
        """
        status, last_seq, found = self._feed_of(game_id)
        return [e for e in found if e["seq"] > after], status, last_seq

    def kept_events_since(self, game_id: int, after: int) -> tuple[list[Event], str, int] | None:
        """:meth:`events_since` from memory, without the lock (for the event loop); ``None`` when not kept.

        A feed kept in memory is never changed, only replaced (after each commit), so it is
        read whole or not at all while the database worker writes.
        """
        feed = self._feeds.get(game_id)
        if feed is None:
            return None
        status, last_seq, found = feed
        return [e for e in found if e["seq"] > after], status, last_seq

    def may_have_bot(self, game_id: int) -> bool:
        """False when ``game_id``'s seats are known (in memory) and none is a bot's; no lock, no database."""
        holders = self._seat_holders.get(game_id)
        return holders is None or any(bot is not None for _, bot in holders)

    def _feed_of(self, game_id: int) -> tuple[str, int, list[Event]]:
        """``(status, last_seq, every event)`` of ``game_id`` as last read: read again after each new event.

        Every long-poll of a game that an event wakes asks for it: one read serves them all.
        """
        feed = self._feeds.get(game_id)
        if feed is None:
            with self.reads.connect() as conn:
                row = self._game_row(conn, game_id)
                rows = conn.execute(
                    sa.select(db.events).where(db.events.c.game == game_id).order_by(db.events.c.seq)
                ).all()
            feed = self._feeds[game_id] = (
                row.status,
                row.last_seq,
                [event(r.seq, r.kind, r.at, r.data) for r in rows],
            )
        return feed

    @serialized
    def progress(self, game_id: int) -> tuple[str, int]:
        """``(status, last_seq)`` of ``game_id``: ``"active"`` or ``"finished"``, its last event's number.

        Raises:
            ProtocolError: ``not_found``.
        """
        status, last_seq, _ = self._feed_of(game_id)
        return status, last_seq

    @serialized
    def record(self, game_id: int) -> dict[str, Any]:
        """The game record (``Game.to_record()``, the project's game-record format) of ``game_id``.

        Its metadata: ``names`` by seat, ``game`` (the id), and ``result`` when the game ended
        by a forfeit or resignation (the record's ``outcome`` is the engine's, of the board).

        Raises:
            ProtocolError: ``not_found``.
        """
        with self.reads.connect() as conn:
            row = self._game_row(conn, game_id)
            game = self.game(game_id, conn)
            seats = self._seats(conn, game_id)
        record = game.to_record()
        record["metadata"] = {"names": [s["player"] or s["bot"] for s in seats], "game": game_id}
        if row.result and row.result.get("reason") in ("forfeit", "resign"):
            record["metadata"]["result"] = row.result
        return record

    @serialized
    def bot_to_move(self, game_id: int) -> tuple[str, int, dict[str, Any]] | None:
        """``(preset, ply, record)`` when a bot seat is to move in the active game ``game_id``, else ``None``."""
        if game_id in self._finished or not self.may_have_bot(game_id):
            return None
        with self.reads.connect() as conn:
            game = self.game(game_id, conn)
            if game.is_over:
                return None
            player, preset = self._holders(conn, game_id)[game.position.to_move - 1]
            if preset is None:
                return None
            if self._game_row(conn, game_id).status != "active":
                self._finished.add(game_id)
                return None
        return preset, len(game.turns), game.to_record()

    @serialized
    def setting(self, key: str, default: Any) -> Any:
        """A teacher's setting (``default`` when never set); read from the database once, then kept."""
        if key not in self._settings:
            with self.reads.connect() as conn:
                self._settings[key] = conn.execute(
                    sa.select(db.settings.c.value).where(db.settings.c.key == key)
                ).scalar()
        value = self._settings[key]
        return default if value is None else value

    @serialized
    def set_setting(self, key: str, value: Any) -> None:
        """Store a teacher's setting."""
        with self.engine.begin() as conn:
            done = conn.execute(sa.update(db.settings).where(db.settings.c.key == key).values(value=value))
            if done.rowcount == 0:
                conn.execute(sa.insert(db.settings).values(key=key, value=value))
        self._settings[key] = value

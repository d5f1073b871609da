"""Who is there: players' presence, a pupil's presence in each game, and the forfeits of those who left.

A part of :class:`~logger_widget.service.games.ClassGames` (its state: :class:`.parts.GamesState`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa

from ..online.protocol import ProtocolError
from . import db
from .parts import GamesState, serialized

__all__ = ["Presence"]


class Presence(GamesState):
    """Presence and forfeits (a part of ``ClassGames``)."""

    @serialized
    def forfeit_after(self) -> float:
        """Seconds a pupil may be away from a game in progress: the teacher's setting, else the default."""
        return float(self.setting("forfeit_after", self.forfeit_default))

    @serialized
    def touch(self, name: str, now: float | None = None) -> None:
        """Record that ``name`` is online now (a heartbeat or any request)."""
        now = self.clock() if now is None else now
        with self.engine.begin() as conn:
            done = conn.execute(sa.update(db.players).where(db.players.c.name == name).values(last_seen=now))
            if done.rowcount == 0:
                conn.execute(
                    sa.insert(db.players).values(name=name, rating=1500.0, created=now, last_seen=now)
                )

    @serialized
    def touch_all(
        self, names: Iterable[str], seats: Iterable[tuple[int, str]], now: float | None = None
    ) -> list[int]:
        """Record in one transaction that ``names`` are online and each ``(game, name)`` of ``seats`` looks at that game.

        A pupil marked away in a game in progress gets a ``presence`` event saying they are back
        (as :meth:`touch_seat`).

        Returns:
            The games that got an event (their long-polls are woken).
        """
        now = self.clock() if now is None else now
        names, seats = sorted(set(names)), sorted(set(seats))
        changed: set[int] = set()
        with self.engine.begin() as conn:
            if names:
                conn.execute(sa.update(db.players).where(db.players.c.name.in_(names)).values(last_seen=now))
                known = set(
                    conn.execute(sa.select(db.players.c.name).where(db.players.c.name.in_(names))).scalars()
                )
                new = [n for n in names if n not in known]
                if new:
                    conn.execute(
                        sa.insert(db.players),
                        [{"name": n, "rating": 1500.0, "created": now, "last_seen": now} for n in new],
                    )
            if seats:
                pair = sa.tuple_(db.seats.c.game, db.seats.c.player)
                away = conn.execute(
                    sa.select(db.seats.c.game, db.seats.c.seat, db.seats.c.player)
                    .join(db.games, db.games.c.id == db.seats.c.game)
                    .where(pair.in_(seats), db.seats.c.away.is_(True), db.games.c.status == "active")
                ).all()  # fmt: skip
                conn.execute(sa.update(db.seats).where(pair.in_(seats)).values(last_seen=now, away=False))
                for game_id, seat, player in away:
                    self._add_event(
                        conn, game_id, "presence", {"seat": seat, "by": player, "online": True}, now
                    )
                    changed.add(game_id)
        for game_id in sorted(changed):
            self.on_event(game_id)
        return sorted(changed)

    @serialized
    def presence(self, online_seconds: float) -> list[dict[str, Any]]:
        """Every player the service has seen: name, online (seen within ``online_seconds``), last seen, rating."""
        now = self.clock()
        with self.reads.connect() as conn:
            rows = conn.execute(sa.select(db.players).order_by(db.players.c.name)).all()
        return [
            {"name": r.name, "online": now - r.last_seen <= online_seconds, "last_seen": r.last_seen,
             "rating": r.rating}
            for r in rows
        ]  # fmt: skip

    @serialized
    def rating(self, name: str) -> float:
        """``name``'s rating (1500 for a new player)."""
        with self.reads.connect() as conn:
            value = conn.execute(sa.select(db.players.c.rating).where(db.players.c.name == name)).scalar()
        return 1500.0 if value is None else float(value)

    @serialized
    def touch_seat(self, game_id: int, name: str) -> None:
        """``name`` is looking at ``game_id`` now; if they were away, a ``presence`` event says they are back."""
        now = self.clock()
        back = []
        with self.engine.begin() as conn:
            rows = conn.execute(
                sa.select(db.seats.c.seat, db.seats.c.away)
                .where(db.seats.c.game == game_id, db.seats.c.player == name)
            ).all()  # fmt: skip
            if not rows:
                return
            conn.execute(
                sa.update(db.seats).where(db.seats.c.game == game_id, db.seats.c.player == name)
                .values(last_seen=now, away=False)
            )  # fmt: skip
            if self._game_row(conn, game_id).status == "active":
                for seat, away in rows:
                    if away:
                        back.append(
                            self._add_event(
                                conn, game_id, "presence", {"seat": seat, "by": name, "online": True}, now
                            )
                        )
        if back:
            self.on_event(game_id)

    @serialized
    def mark_away(self) -> list[int]:
        """A ``presence`` event for every pupil not seen in a game in progress for ``online_seconds``.

        Returns:
            The games that got an event.
        """
        now = self.clock()
        changed: set[int] = set()
        with self.engine.begin() as conn:
            rows = conn.execute(
                sa.select(db.seats.c.game, db.seats.c.seat, db.seats.c.player)
                .join(db.games, db.games.c.id == db.seats.c.game)
                .where(db.games.c.status == "active", db.seats.c.player.is_not(None),
                       db.seats.c.away.is_(False), db.seats.c.last_seen < now - self.online_seconds)
            ).all()  # fmt: skip
            for game_id, seat, player in rows:
                conn.execute(
                    sa.update(db.seats)
                    .where(db.seats.c.game == game_id, db.seats.c.seat == seat)
                    .values(away=True)
                )
                self._add_event(conn, game_id, "presence", {"seat": seat, "by": player, "online": False}, now)
                changed.add(game_id)
        for game_id in sorted(changed):
            self.on_event(game_id)
        return sorted(changed)

    @serialized
    def forfeit_absent(self) -> list[int]:
        """End every game in progress where a pupil has not been seen for :meth:`forfeit_after` seconds.

        Returns:
            The ids of the games ended (reason ``"forfeit"``).
        """
        deadline = self.clock() - self.forfeit_after()
        with self.reads.connect() as conn:
            rows = conn.execute(
                sa.select(db.seats.c.game, db.seats.c.player).join(db.games, db.games.c.id == db.seats.c.game)
                .where(db.games.c.status == "active", db.seats.c.player.is_not(None),
                       db.seats.c.last_seen < deadline)
            ).all()  # fmt: skip
        away: dict[int, list[str]] = {}
        for game_id, player in rows:
            away.setdefault(game_id, []).append(player)
        ended = []
        for game_id, names in sorted(away.items()):
            try:
                self._abandon(game_id, names, "forfeit")
                ended.append(game_id)
            except ProtocolError:  # finished meanwhile
                pass
        return ended

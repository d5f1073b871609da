"""The class's seeks and challenges: open seeks, invitations, who joins, the game they start.

A part of :class:`~logger_widget.service.games.ClassGames` (its state: :class:`.parts.GamesState`).
Who sees what: an open seek is seen by every classmate, a challenge only by its creator, the
classmates it invites and the teacher.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from ..bots.presets import PRESETS
from ..online.protocol import ProtocolError, SeekInfo
from . import db
from .parts import GamesState, new_id, serialized

__all__ = ["MAX_ACTIVE_GAMES", "MAX_BOT_SEATS", "MAX_OPEN_SEEKS", "Seeks"]

#: Open seeks and challenges one pupil may have at once (more: ``too_many``).
MAX_OPEN_SEEKS = 3
#: Games in progress one pupil may sit in at once (more: ``too_many``).
MAX_ACTIVE_GAMES = 8
#: Bot seats in the games in progress one pupil sits in (more: ``too_many``): the service's bot
#: worker is the class's, one pupil's bot games must not keep it busy for everyone.
MAX_BOT_SEATS = 6


class Seeks(GamesState):
    """Seeks and challenges (a part of ``ClassGames``)."""

    def _seek_info(self, conn: Connection, row: Any) -> SeekInfo:
        return self._seek_infos(conn, [row])[0]

    def _seek_infos(self, conn: Connection, rows: list[Any]) -> list[SeekInfo]:
        """The :class:`SeekInfo` of each seek row, their members read in one query."""
        joined: dict[int, list[str]] = {r.id: [] for r in rows}
        if rows:
            for seek, player in conn.execute(
                sa.select(db.seek_members.c.seek, db.seek_members.c.player)
                .where(db.seek_members.c.seek.in_(list(joined)))
                .order_by(db.seek_members.c.joined, db.seek_members.c.player)
            ):  # fmt: skip
                joined[seek].append(player)
        return [
            {
                "id": row.id,
                "creator": row.creator,
                "players": row.players,
                "invite": list(row.invite),
                "bots": list(row.bots),
                "joined": joined[row.id],
                "status": row.status,
                "game": row.game,
                "created": row.created,
                "turn_limit": row.turn_limit,
            }  # fmt: skip
            for row in rows
        ]

    @staticmethod
    def _may_see_seek(row: Any, viewer: str, teacher: bool) -> bool:
        return teacher or not row.invite or viewer == row.creator or viewer in row.invite

    @serialized
    def create_seek(
        self, creator: str, players: int, invite: list[str], bots: list[str], turn_limit: int | None = None
    ) -> SeekInfo:
        """A new open seek (``invite`` empty) or challenge; the game starts at once when no seat is left open.

        ``invite`` must be classmates the caller has checked exist (the hub's users); ``bots`` presets.

        Raises:
            ProtocolError: ``malformed`` (an unknown bot preset, inviting oneself), ``too_many``
                (:data:`MAX_OPEN_SEEKS` open already, or :data:`MAX_ACTIVE_GAMES` in progress).
        """
        for i, spec in enumerate(bots):
            if spec not in PRESETS:
                raise ProtocolError(
                    "malformed",
                    f"bots[{i}]",
                    f"{spec!r} is not a bot preset: choose one of {', '.join(PRESETS)}",
                )
        if creator in invite:
            raise ProtocolError("malformed", "invite", "you cannot invite yourself")
        now = self.clock()
        with self.engine.begin() as conn:
            open_count = conn.execute(
                sa.select(sa.func.count()).select_from(db.seeks)
                .where(db.seeks.c.creator == creator, db.seeks.c.status == "open")
            ).scalar_one()  # fmt: skip
            if open_count >= MAX_OPEN_SEEKS:
                raise ProtocolError(
                    "too_many",
                    "",
                    f"you have {open_count} open seeks: cancel one first (at most {MAX_OPEN_SEEKS})",
                )
            self._check_active(conn, creator, len(bots))
            seek_id = new_id(
                conn.execute(
                    sa.insert(db.seeks).values(
                        creator=creator,
                        players=players,
                        invite=invite,
                        bots=bots,
                        status="open",
                        created=now,
                        turn_limit=turn_limit,
                    )
                )
            )
            info, game = self._join(conn, seek_id, creator)
        self._started(game)
        return info

    def _join(self, conn: Connection, seek_id: int, name: str) -> tuple[SeekInfo, int | None]:
        """Seat ``name`` in the seek, start its game when every seat is filled: the seek now, the game or ``None``."""
        conn.execute(sa.insert(db.seek_members).values(seek=seek_id, player=name, joined=self.clock()))
        game = self._start_if_full(
            conn, conn.execute(sa.select(db.seeks).where(db.seeks.c.id == seek_id)).one()
        )
        return self._seek_info(
            conn, conn.execute(sa.select(db.seeks).where(db.seeks.c.id == seek_id)).one()
        ), game

    def _started(self, game: int | None) -> None:
        """Once committed, a new game wakes the bot worker (a bot may sit at seat 1)."""
        if game is not None:
            self.on_event(game)

    def _check_active(self, conn: Connection, name: str, bots: int = 0) -> None:
        mine = (
            sa.select(db.seats.c.game)
            .join(db.games, db.games.c.id == db.seats.c.game)
            .where(db.seats.c.player == name, db.games.c.status == "active")
        )
        active = conn.execute(sa.select(sa.func.count()).select_from(mine.subquery())).scalar_one()
        if active >= MAX_ACTIVE_GAMES:
            raise ProtocolError(
                "too_many", "", f"{name} plays {active} games already (at most {MAX_ACTIVE_GAMES} at once)"
            )
        if bots:
            seated = conn.execute(
                sa.select(sa.func.count()).select_from(db.seats)
                .where(db.seats.c.game.in_(mine), db.seats.c.bot.is_not(None))
            ).scalar_one()  # fmt: skip
            if seated + bots > MAX_BOT_SEATS:
                raise ProtocolError(
                    "too_many", "bots",
                    f"{name}'s games in progress have {seated} bot seats; {bots} more would pass {MAX_BOT_SEATS}",
                )  # fmt: skip

    def _start_if_full(self, conn: Connection, row: Any) -> int | None:
        joined = self._seek_info(conn, row)["joined"]
        if len(joined) + len(row.bots) < row.players or (row.invite and set(row.invite) - set(joined)):
            return None
        game_id = self._insert_game(conn, [*joined, *[None] * len(row.bots)], list(row.bots),
                                    seek=row.id, arena=None, turn_limit=row.turn_limit)  # fmt: skip
        conn.execute(
            sa.update(db.seeks).where(db.seeks.c.id == row.id).values(status="started", game=game_id)
        )
        return game_id

    @serialized
    def seeks(self, viewer: str, teacher: bool = False) -> list[SeekInfo]:
        """The open seeks and challenges ``viewer`` may see (open seeks, their own, those inviting them)."""
        with self.reads.connect() as conn:
            rows = conn.execute(
                sa.select(db.seeks).where(db.seeks.c.status == "open").order_by(db.seeks.c.id)
            ).all()
            return self._seek_infos(conn, [r for r in rows if self._may_see_seek(r, viewer, teacher)])

    def _seek_row(self, conn: Connection, seek_id: int, viewer: str, teacher: bool) -> Any:
        row = conn.execute(sa.select(db.seeks).where(db.seeks.c.id == seek_id)).one_or_none()
        if row is None:
            raise ProtocolError("not_found", "seek", f"there is no seek {seek_id}")
        if not self._may_see_seek(row, viewer, teacher):
            raise ProtocolError(
                "forbidden", "seek", f"seek {seek_id} is a challenge between other classmates"
            )
        return row

    @serialized
    def seek(self, seek_id: int, viewer: str, teacher: bool = False) -> SeekInfo:
        """One seek or challenge, for a viewer allowed to see it.

        Raises:
            ProtocolError: ``not_found``; ``forbidden`` for another pupils' challenge.
        """
        with self.reads.connect() as conn:
            return self._seek_info(conn, self._seek_row(conn, seek_id, viewer, teacher))

    @serialized
    def accept(self, seek_id: int, name: str) -> SeekInfo:
        """``name`` takes a seat in an open seek, or accepts a challenge addressed to them.

        Raises:
            ProtocolError: ``not_found``, ``forbidden`` (a challenge to others), ``conflict``
                (not open any more, already joined, full), ``too_many``.
        """
        with self.engine.begin() as conn:
            row = self._seek_row(conn, seek_id, name, False)
            if row.status != "open":
                raise ProtocolError("conflict", "seek", f"seek {seek_id} is {row.status}, not open")
            info = self._seek_info(conn, row)
            if name in info["joined"]:
                raise ProtocolError("conflict", "seek", f"you have already joined seek {seek_id}")
            self._check_active(conn, name)
            info, game = self._join(conn, seek_id, name)
        self._started(game)
        return info

    @serialized
    def cancel(self, seek_id: int, name: str, teacher: bool = False) -> SeekInfo:
        """The creator (or the teacher) cancels an open seek; an invited classmate declines it likewise.

        Raises:
            ProtocolError: ``not_found``, ``forbidden`` (someone else's seek), ``conflict`` (not open).
        """
        with self.engine.begin() as conn:
            row = self._seek_row(conn, seek_id, name, teacher)
            if not (teacher or name == row.creator or name in row.invite):
                raise ProtocolError(
                    "forbidden", "seek", f"seek {seek_id} is {row.creator}'s: only they cancel it"
                )
            if row.status != "open":
                raise ProtocolError("conflict", "seek", f"seek {seek_id} is {row.status}, not open")
            conn.execute(sa.update(db.seeks).where(db.seeks.c.id == seek_id).values(status="cancelled"))
            return self._seek_info(
                conn, conn.execute(sa.select(db.seeks).where(db.seeks.c.id == seek_id)).one()
            )

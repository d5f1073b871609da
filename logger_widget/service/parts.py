"""What the parts of :class:`~logger_widget.service.games.ClassGames` share: its state, its lock, the event helper.

:class:`GamesState` holds what one service process keeps (the database, the clock, the games in
memory, the lock); the parts (:mod:`.seeks`, :mod:`.presence`, :mod:`.games`) are mixins over it,
each one concern, and :class:`~logger_widget.service.games.ClassGames` puts them together.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.engine import Connection, Engine

from ..online.protocol import Event

if TYPE_CHECKING:
    from ..engine import Game

__all__ = ["GamesState", "event", "new_id", "serialized"]

F = TypeVar("F", bound=Callable[..., Any])


def serialized(method: F) -> F:
    """``method`` run by one thread at a time (the instance's lock).

    The service's database worker and its event loop may both call a ``ClassGames``, whose
    games in memory move with each turn.
    """

    @functools.wraps(method)
    def run(self: GamesState, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return run  # type: ignore[return-value]


def event(seq: int, kind: str, at: float, data: dict[str, Any]) -> Event:
    """An :class:`~logger_widget.online.protocol.Event` from its number, kind, time and data."""
    found: dict[str, Any] = {"seq": seq, "kind": kind, "at": at, **data}
    return found  # type: ignore[return-value]  # the data's keys are the Event's (protocol.py)


def new_id(result: Any) -> int:
    """The primary key of the row an insert made."""
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


class GamesState:
    """The state every part of ``ClassGames`` reads (see :class:`~logger_widget.service.games.ClassGames`)."""

    def __init__(
        self,
        engine: Engine,
        clock: Callable[[], float] = time.time,
        on_event: Callable[[int], None] | None = None,
        *,
        online_seconds: float = 60.0,
        forfeit_default: float = 600.0,
    ) -> None:
        self.engine = engine
        # reads on a database server in no transaction of their own (its BEGIN and ROLLBACK were two
        # more round trips per read): this process is the database's only writer, and its reads and
        # writes take turns under the lock, so a read sees no half-written change; SQLite as it was
        self.reads = (
            engine
            if engine.dialect.name == "sqlite"
            else engine.execution_options(isolation_level="AUTOCOMMIT")
        )
        self.clock = clock
        self.on_event = on_event or (lambda game: None)
        self.online_seconds = online_seconds
        self.forfeit_default = forfeit_default
        # what one service process keeps in memory (it is the database's only writer): the games
        # (replayed once), who holds each seat (never changes), the games that ended
        self._games: dict[int, Game] = {}
        self._seat_holders: dict[int, list[tuple[str | None, str | None]]] = {}
        self._finished: set[int] = set()
        self._settings: dict[str, Any] = {}  # the teacher's settings, as written
        self._feeds: dict[int, tuple[str, int, list[Event]]] = {}  # each game's events as last read
        # each game's (status, ply, last_seq) as this process last committed or read it (games.GameHead);
        # dropped by any other write to the game's row or events
        self._heads: dict[int, Any] = {}
        self._lock = threading.RLock()  # one caller at a time (see serialized)

    if TYPE_CHECKING:  # what the parts call of each other (defined in games.py, seeks.py, presence.py)
        # ruff: noqa: D102

        def setting(self, key: str, default: Any) -> Any: ...
        def forfeit_after(self) -> float: ...
        def game(self, game_id: int, conn: Connection | None = None) -> Game: ...
        def _game_row(self, conn: Connection, game_id: int) -> Any: ...
        def _add_event(
            self,
            conn: Connection,
            game_id: int,
            kind: str,
            data: dict[str, Any],
            now: float,
            seq: int | None = None,
        ) -> Event: ...
        def _abandon(self, game_id: int, leavers: Iterable[str], reason: str) -> Event: ...
        def _insert_game(
            self,
            conn: Connection,
            names: list[str | None],
            bots: list[str],
            *,
            seek: int | None,
            arena: int | None,
            turn_limit: int | None,
        ) -> int: ...

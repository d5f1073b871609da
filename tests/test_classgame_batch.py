"""What a turn costs the class database: turns sent together share one transaction, long-polls read from memory.

On SQLite and on a real PostgreSQL server (tests/dbkit.py). The statements counted are the
ones SQLAlchemy sends (``before_cursor_execute``); a transaction's begin and commit are not
among them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from dbkit import db_url, postgres_server  # noqa: F401  (fixtures)

from logger_widget.bots import make_bot
from logger_widget.online.protocol import ProtocolError
from logger_widget.service import db, migrations
from logger_widget.service.games import ClassGames, TurnRequest


class Statements:
    """The statements sent to the database since :meth:`reset`."""

    def __init__(self, engine: sa.Engine) -> None:
        self.sent: list[str] = []
        self.many: list[str] = []  # sent as executemany (a statement per row on PostgreSQL)
        sa.event.listen(engine, "before_cursor_execute", self._seen)

    def _seen(self, conn: object, cursor: object, statement: str, parameters: object, context: object,
              executemany: bool) -> None:  # fmt: skip
        self.sent.append(statement)
        if executemany:
            self.many.append(statement)

    def reset(self) -> None:
        self.sent.clear()
        self.many.clear()


@pytest.fixture
def games(db_url: str) -> Iterator[ClassGames]:  # noqa: F811
    engine = migrations.connect(db_url)
    try:
        yield ClassGames(engine)
    finally:
        engine.dispose()


def _next_turn(games: ClassGames, game_id: int) -> str:
    return make_bot("random", seed=game_id).choose(games.game(game_id).position).notation()


def test_turns_of_many_games_sent_together_cost_the_statements_of_one(games: ClassGames) -> None:
    ids = [games.start_game([f"a{i}", f"b{i}"], []) for i in range(10)]
    for game_id in ids:
        games.events_since(game_id, 0)  # as the boards' long-polls do: the events are kept
    counted = Statements(games.engine)
    requests = [TurnRequest(g, f"a{i}", 0, _next_turn(games, g)) for i, g in enumerate(ids)]
    stale = TurnRequest(ids[0], "b0", 0, "whatever")  # seat 2 is to move by then, but at ply 1
    results = games.play_many([*requests, stale])
    # one read of the games, one of their seats (the first time only), one write per table
    assert len(counted.sent) <= 5, counted.sent
    assert [r["seq"] for r in results[:10]] == [1] * 10  # type: ignore[index]
    assert isinstance(results[10], ProtocolError) and results[10].code == "stale_ply"
    counted.reset()
    answers = games.play_many([TurnRequest(g, f"b{i}", 1, _next_turn(games, g)) for i, g in enumerate(ids)])
    # the games' rows as this process wrote them are known: one write per table, no read
    assert len(counted.sent) == 3 and not [s for s in counted.sent if s.lstrip().upper().startswith("SELECT")]
    if games.engine.dialect.name == "postgresql":  # one statement per table, not one per row
        assert counted.many == [], counted.many
    assert [r["seq"] for r in answers] == [2] * 10  # type: ignore[index]
    with games.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(db.turns)).scalar_one() == 20
        assert set(conn.execute(sa.select(db.games.c.ply, db.games.c.last_seq)).all()) == {(2, 2)}


def test_a_long_poll_woken_by_a_turn_reads_it_from_memory(games: ClassGames) -> None:
    game_id = games.start_game(["ann", "ben"], [])
    assert games.events_since(game_id, 0) == ([], "active", 0)
    games.play(game_id, "ann", 0, _next_turn(games, game_id))
    counted = Statements(games.engine)
    found, status, last_seq = games.events_since(game_id, 0)
    assert counted.sent == []
    assert [e["kind"] for e in found] == ["turn"] and (status, last_seq) == ("active", 1)
    assert games.kept_events_since(game_id, 0) == (found, status, last_seq)


def test_two_turns_of_one_game_in_one_transaction_the_second_sees_the_first(games: ClassGames) -> None:
    game_id = games.start_game(["ann", "ben"], [], turn_limit=2)
    first = _next_turn(games, game_id)
    games.game(game_id).play(first)  # to find the classmate's answer, then back
    second = _next_turn(games, game_id)
    games.game(game_id).undo()
    games.game(game_id).discard_redo()
    results = games.play_many(
        [TurnRequest(game_id, "ann", 0, first), TurnRequest(game_id, "ann", 1, second),
         TurnRequest(game_id, "ben", 1, second)]
    )  # fmt: skip
    assert isinstance(results[1], ProtocolError) and results[1].code == "not_your_seat"
    assert [r["seq"] for r in (results[0], results[2])] == [1, 2]  # type: ignore[index]
    found, status, last_seq = games.events_since(game_id, 0)  # the turn limit: the game is over
    assert [e["kind"] for e in found] == ["turn", "turn", "over"] and (status, last_seq) == ("finished", 3)
    with games.engine.connect() as conn:
        row = conn.execute(sa.select(db.games).where(db.games.c.id == game_id)).one()
    assert (row.status, row.ply, row.last_seq, row.result["reason"]) == ("finished", 2, 3, "turn_limit")


def test_a_transaction_the_database_refuses_leaves_every_game_as_it_was(games: ClassGames) -> None:
    ids = [games.start_game([f"a{i}", f"b{i}"], []) for i in range(2)]
    turns = [_next_turn(games, g) for g in ids]
    with games.engine.begin() as conn:  # a turn row already there: the database refuses the insert
        conn.execute(sa.insert(db.turns).values(game=ids[1], ply=0, turn=turns[1], seat=1, by="a1", at=0.0))
    results = games.play_many([TurnRequest(g, f"a{i}", 0, t) for i, (g, t) in enumerate(zip(ids, turns))])
    assert results[0]["seq"] == 1  # type: ignore[index]  # tried again alone, it is played
    assert isinstance(results[1], sa.exc.IntegrityError)
    assert len(games.game(ids[1]).turns) == 0  # the refused turn is not kept in memory
    assert games.events_since(ids[1], 0) == ([], "active", 0)


def test_an_event_between_two_turns_is_numbered_and_the_next_turn_follows_it(games: ClassGames) -> None:
    """The game's row as the last turn left it is kept in memory: any other event of the game drops it."""
    game_id = games.start_game(["ann", "ben"], [])
    games.play(game_id, "ann", 0, _next_turn(games, game_id))
    with games.engine.begin() as conn:  # ben was marked away; his look at the game says he is back
        conn.execute(sa.update(db.seats).where(db.seats.c.player == "ben").values(away=True))
    games.touch_seat(game_id, "ben")
    turn = games.play(game_id, "ben", 1, _next_turn(games, game_id))
    assert turn["seq"] == 3
    found, status, last_seq = games.events_since(game_id, 0)
    assert [(e["seq"], e["kind"]) for e in found] == [(1, "turn"), (2, "presence"), (3, "turn")]
    games.resign(game_id, "ann")
    with pytest.raises(ProtocolError) as refused:
        games.play(game_id, "ann", 2, _next_turn(games, game_id))
    assert refused.value.code == "game_over"
    with games.engine.connect() as conn:
        row = conn.execute(sa.select(db.games).where(db.games.c.id == game_id)).one()
    assert (row.status, row.ply, row.last_seq) == ("finished", 2, 4)


def test_a_read_takes_no_transaction_of_its_own_on_a_database_server(games: ClassGames) -> None:
    """A board's state or a game list on PostgreSQL cost BEGIN and ROLLBACK beside its queries: two round trips."""
    game_id = games.start_game(["ann", "ben"], [])
    games.play(game_id, "ann", 0, _next_turn(games, game_id))
    games._feeds.clear()  # the events are read from the database again
    in_transaction: list[bool] = []

    def seen(conn: sa.Connection, *args: object) -> None:
        dbapi = conn.connection.dbapi_connection
        in_transaction.append(not getattr(dbapi, "autocommit", False) if dbapi is not None else True)

    sa.event.listen(games.engine, "before_cursor_execute", seen)
    state = games.state(game_id, "ben")
    assert games.events_since(game_id, 0)[2] == 1 and games.record(game_id)["turns"]
    assert [g["id"] for g in games.games("ann")] == [game_id] and state["ply"] == 1
    assert in_transaction
    if games.engine.dialect.name == "postgresql":
        assert not any(in_transaction), in_transaction
    else:  # SQLite's reads are in-process: as they were
        assert games.reads is games.engine

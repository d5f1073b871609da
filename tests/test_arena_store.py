"""The arena over the class database, without the web (logger_widget.service.arena.ClassArena).

The service's own games (ClassGames) start the paired games; a clock of the test's own makes the
arena's time, the pupils' presence and the pairing pace exact. SQLite and PostgreSQL (tests/dbkit.py);
about 10 s.
"""

from __future__ import annotations

import pytest
from dbkit import db_url, postgres_server  # noqa: F401  (fixtures)

from logger_widget.online.protocol import ProtocolError
from logger_widget.service import migrations
from logger_widget.service.arena import PRESENT_SECONDS, ClassArena
from logger_widget.service.games import ClassGames


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def arena(db_url):  # noqa: F811
    engine = migrations.connect(db_url)
    clock = Clock()
    games = ClassGames(engine, clock=clock)
    for name in ("olena", "taras", "ivan", "maria", "teacher"):
        games.touch(name)
    a = ClassArena(engine, lambda names, arena_id: games.start_game(names, [], arena=arena_id), clock=clock)
    a.games, a.test_clock = games, clock
    yield a
    engine.dispose()


def _tick(arena, seconds=1.0):
    arena.test_clock.now += seconds


def test_the_odd_pupil_waits_and_is_the_last_to_arrive(arena):
    aid = arena.open("teacher", 20)["id"]
    for name in ("olena", "taras", "ivan"):
        arena.join(aid, name)
        _tick(arena)
    started = arena.pair_round()
    assert len(started) == 1
    states = {n: arena.me(aid, n) for n in ("olena", "taras", "ivan")}
    assert states["ivan"]["state"] == "waiting"
    assert {n for n, s in states.items() if s["state"] == "playing"} == {"olena", "taras"}
    assert arena.pair_round() == []  # alone: waits; nobody playing is paired again


def test_who_left_or_went_quiet_is_not_paired_and_can_come_back(arena):
    aid = arena.open("teacher", 20)["id"]
    for name in ("olena", "taras", "ivan", "maria"):
        arena.join(aid, name)
    arena.leave(aid, "maria")
    assert arena.me(aid, "maria")["state"] == "left"
    _tick(arena, PRESENT_SECONDS + 1)  # nobody has asked for 31 s: a closed notebook is not paired
    assert arena.pair_round() == []
    for name in ("olena", "taras"):
        arena.me(aid, name)
    started = arena.pair_round()
    assert len(started) == 1 and arena.me(aid, "ivan")["state"] == "waiting"
    arena.join(aid, "maria")  # back: the same entry
    arena.me(aid, "ivan")
    assert len(arena.pair_round()) == 1
    assert arena.info(aid)["entrants"].count("maria") == 1
    with pytest.raises(ProtocolError) as e:
        arena.leave(aid, "nobody")
    assert e.value.code == "not_found"


def test_time_up_pairs_nobody_and_the_games_in_progress_still_count(arena):
    aid = arena.open("teacher", 1)["id"]
    for name in ("olena", "taras"):
        arena.join(aid, name)
    (game,) = arena.pair_round()
    _tick(arena, 61)
    assert arena.info(aid)["status"] == "finished"
    with pytest.raises(ProtocolError) as e:
        arena.join(aid, "ivan")
    assert e.value.code == "conflict"
    assert arena.me(aid, "olena")["state"] == "playing"
    seats = [s["player"] for s in arena.games.state(game, "olena")["seats"]]
    arena.games.resign(game, seats[1])
    assert arena.me(aid, "olena")["state"] == "over"
    table = {s.name: s for s in arena.standings(aid)}
    assert table[seats[0]].points == 2 and table[seats[1]].points == 0
    assert arena.pair_round() == []
    # a new arena can open now, and the ratings carry into it
    new = arena.open("teacher", 10)["id"]
    arena.join(new, seats[0])
    assert arena.standings(new)[0].rating == pytest.approx(table[seats[0]].rating)


def test_bad_requests_name_the_input(arena):
    for minutes in (0, 241, 2.5, True, "20", None):
        with pytest.raises(ProtocolError) as e:
            arena.open("teacher", minutes)
        assert e.value.code == "malformed" and e.value.field == "minutes"
    with pytest.raises(ProtocolError) as e:
        arena.info(99)
    assert e.value.code == "not_found"
    aid = arena.open("teacher", 5)["id"]
    with pytest.raises(ProtocolError) as e:
        arena.open("teacher", 5)
    assert e.value.code == "conflict"
    arena.close(aid)
    assert arena.info(aid)["status"] == "closed"
    assert arena.me(aid, "olena")["state"] == "out"


def test_a_game_nobody_won_because_both_left_is_not_rated(arena):
    aid = arena.open("teacher", 20)["id"]
    for name in ("olena", "taras", "ivan", "maria"):
        arena.join(aid, name)
    games = arena.pair_round()
    assert len(games) == 2
    seats = {g: [s["player"] for s in arena.games.state(g, "teacher")["seats"]] for g in games}
    both_left, one_left = games
    _tick(arena, arena.games.forfeit_after() + 1)
    arena.games.touch_seat(one_left, seats[one_left][0])  # one stays; everyone else has gone
    assert sorted(arena.games.forfeit_absent()) == sorted(games)
    results = {g: arena.games.state(g, "teacher")["result"] for g in games}
    assert results[both_left]["winners"] == [] and sorted(results[both_left]["left"]) == [1, 2]
    assert results[one_left]["winners"] == [1]
    table = {s.name: s for s in arena.standings(aid)}
    for name in seats[both_left]:
        assert (table[name].games, table[name].points, table[name].rating_change) == (0, 0, 0), table[name]
        assert table[name].rating == 1500.0
    winner, loser = seats[one_left]
    assert table[winner].rating > 1500.0 > table[loser].rating and table[winner].points == 2
    assert set(arena.ratings()) == {winner, loser}

"""A bounded load test of the class game service: 15 games at once, bots choosing on both sides.

30 pupils of a real JupyterHub (tests/classgamekit.py), each with their own token, play 15 games
of 30 turns (the seek's turn limit) through the same API as the board: long-polls for the
opponent's turns, turns posted at their ply. Every turn must be accepted, reach the opponent
and be in the server's record; the service must answer the whole time. About 30 s on SQLite
and as much on PostgreSQL on this 2-core machine (benchmarks/bench_relay.py measures latencies).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from classgamekit import Client, MiniHub, mini_hub, running_service, start_bot_games
from dbkit import module_db_url, postgres_server  # noqa: F401  (fixtures)

from logger_widget.engine import Game

pytestmark = pytest.mark.slow

PUPILS = [f"p{i:02d}" for i in range(1, 31)]
TURNS = 30


@pytest.fixture(scope="module")
def hub() -> Iterator[MiniHub]:
    with mini_hub(PUPILS) as hub:
        yield hub


def test_fifteen_games_at_once_every_turn_arrives_and_is_recorded(hub: MiniHub, module_db_url: str) -> None:  # noqa: F811
    with running_service(hub, module_db_url) as service:
        people = [Client(service.url, hub.token(name), name) for name in PUPILS]
        games = start_bot_games(people, "greedy", TURNS)
        assert len(games) == 15
        for _, pupils in games:
            for pupil in pupils:
                pupil.join(240)
                assert not pupil.is_alive(), f"{pupil.name} is still playing"
        assert service.process.poll() is None, service.log.read_text()[-3000:]
        for game, pupils in games:
            record = Game.from_record(people[0].ok("GET", f"games/{game}/record"))
            turns = [t.notation() for t in record.turns]
            assert record.end_reason in ("turn_limit", "target", "repetition") and len(turns) <= TURNS
            for pupil in pupils:
                assert pupil.refused == [], pupil.refused
                assert pupil.status == "finished"
                assert pupil.turns == turns, (game, pupil.name)  # every turn reached both boards, in order
                assert pupil.seqs == list(range(1, len(turns) + 2))  # no event lost or repeated

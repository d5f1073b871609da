"""The class game service as the hub runs it, with real hub tokens, on SQLite and on PostgreSQL.

A real JupyterHub (tests/classgamekit.py: no servers, no proxy process, no Unix users) makes the
pupils' and the teacher's tokens; the service (``python -m logger_widget.service``) runs once per
database backend, as a process of its own: only the hub's tokens for this service are accepted,
and a turn acknowledged just before the process is killed is kept. Every other rule of the
service is tested in process, in the quick tier: tests/test_classgame_rules.py.
"""

from __future__ import annotations

import os
import signal
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classgamekit import Client, MiniHub, Service, mini_hub, running_service, start_game
from dbkit import module_db_url, postgres_server  # noqa: F401  (fixtures)

from logger_widget.engine import Game, Position
from logger_widget.online.protocol import turn_message

pytestmark = pytest.mark.slow

PUPILS = ["ann", "ben", "cat", "dan"]


@pytest.fixture(scope="module")
def hub() -> Iterator[MiniHub]:
    with mini_hub(PUPILS) as hub:
        yield hub


class Running:
    """The service of this module's backend, which a test may restart on the same database."""

    def __init__(self, hub: MiniHub, url: str) -> None:
        self.hub, self.url = hub, url
        self._context: Any = None
        self.service: Service | None = None

    def start(self) -> None:
        self._context = running_service(self.hub, self.url, LW_CLASSGAME_SWEEP="1", LW_CLASSGAME_ONLINE="5")
        self.service = self._context.__enter__()

    def stop(self) -> None:
        if self._context is not None:
            self._context.__exit__(None, None, None)
            self._context = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def kill(self) -> None:
        """Kill the service and its bot worker at once (SIGKILL: a crash, no clean stop)."""
        assert self.service is not None
        os.killpg(self.service.pid, signal.SIGKILL)
        self.service.process.wait(15)


@pytest.fixture(scope="module")
def running(hub: MiniHub, module_db_url: str) -> Iterator[Running]:  # noqa: F811
    service = Running(hub, module_db_url)
    service.start()
    try:
        yield service
    finally:
        service.stop()


@pytest.fixture(scope="module")
def people(hub: MiniHub) -> dict[str, Client]:
    """A client per pupil and the teacher, each with a token of their own."""
    base = hub.service_url + "/services/classgame/"
    return {name: Client(base, hub.token(name), name) for name in [*PUPILS, "teacher"]}


def test_only_hub_tokens_for_this_service_are_accepted(
    running: Running, hub: MiniHub, people: dict[str, Client]
) -> None:
    base = people["ann"].base
    for token in ["", "0" * 32, hub.token("ann", ["read:users:name!user=ann"]), hub.admin_token]:
        status, reply = Client(base, token).call("GET", "me")
        assert status == 403 and reply["error"]["code"] in ("not_authenticated", "forbidden"), (
            token[:4],
            reply,
        )
    assert people["ann"].ok("GET", "me") == {"protocol": 1, "name": "ann", "teacher": False, "rating": 1500.0}
    assert people["teacher"].ok("GET", "me")["teacher"] is True
    # no name in a request makes anyone the teacher
    status, reply = people["ann"].call("PUT", "settings", {"forfeit_after": 60, "teacher": "ann"})
    assert status == 403 and reply["error"]["code"] == "forbidden", reply


def test_a_turn_acknowledged_just_before_the_service_is_killed_is_kept(
    running: Running, people: dict[str, Client]
) -> None:
    """A crash (SIGKILL) right after the service answered a turn: the restarted service has the turn.

    On SQLite the write-ahead log left by the crash (``-wal``, ``-shm``) is the service's only.
    """
    game = start_game(people, ["ben", "cat"])
    position = Game.new(players=2).position
    turns = []
    for ply, who in enumerate(("ben", "cat", "ben")):
        turn = next(iter(position.legal_turns()))
        reply = people[who].ok("POST", f"games/{game}/turns", turn_message(ply, turn))
        position = Position.from_lpn(reply["event"]["lpn"])
        turns.append(turn.notation())
    running.kill()  # the moment the last answer came
    if running.url.startswith("sqlite"):
        main = Path(running.url.removeprefix("sqlite:///"))
        left = [Path(f"{main}{suffix}") for suffix in ("", "-wal", "-shm")]
        assert all(p.exists() for p in left) and left[1].stat().st_size > 0, "the crash left its log"
        assert {p.name: oct(stat.S_IMODE(p.stat().st_mode)) for p in left} == {p.name: "0o600" for p in left}
    running.restart()
    state = people["cat"].ok("GET", f"games/{game}")
    assert state["turns"] == turns and state["ply"] == 3 and state["lpn"] == position.to_lpn()
    people["cat"].ok("POST", f"games/{game}/resign")

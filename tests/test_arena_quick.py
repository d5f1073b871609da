"""The class arena and the dashboard's live parts, in process (tests/servicekit.py: a fake hub identity, a SQLite file).

The teacher opens an arena, the pupils join, the service pairs them, results count, a pupil
leaves, the teacher closes it; the dashboard's live fragments and static files. The real-hub
test (tests/test_classgame_arena.py, slow tier) plays a whole arena on each database.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from classgamekit import arena_games, request
from servicekit import Running, in_process_service

PUPILS = ["ann", "bob", "cat", "dan"]

#: after any browser test, Playwright keeps its event loop marked running in this thread
#: (tests/conftest.py, no_running_loop): these tests run asyncio loops of their own
pytestmark = pytest.mark.usefixtures("no_running_loop")


@pytest.fixture()
def running(tmp_path: Path) -> Iterator[Running]:
    with in_process_service(tmp_path, PUPILS) as service:
        yield service


def test_an_arena_is_the_teachers_pairs_who_joined_counts_results_and_closes(running: Running) -> None:
    people = {n: running.client(n) for n in [*PUPILS, "teacher"]}
    teacher, ann = people["teacher"], people["ann"]
    assert ann.call("POST", "arena", {"minutes": 20})[0] == 403
    status, body = teacher.call("POST", "arena", {"minutes": 0})
    assert status == 400 and body["error"]["field"] == "minutes"
    aid = teacher.ok("POST", "arena", {"minutes": 20})["arena"]["id"]
    assert teacher.call("POST", "arena", {"minutes": 5})[0] == 409  # one arena at a time
    assert ann.ok("GET", "arena")["arena"]["id"] == aid
    status, body = ann.call("POST", f"arena/{aid}/join", {"name": "bob"})
    assert status == 400 and body["error"]["code"] == "malformed"  # as yourself only
    for name in PUPILS:
        people[name].ok("POST", f"arena/{aid}/join")
    assert sorted(ann.ok("GET", f"arena/{aid}")["arena"]["entrants"]) == PUPILS
    games = arena_games(people, aid, PUPILS)
    assert len(set(games.values())) == 2
    # each game ends by a resignation: the other seat's pupil wins 2 points
    winners = set()
    for game in set(games.values()):
        first, second = (s["player"] for s in ann.ok("GET", f"games/{game}")["seats"])
        people[second].ok("POST", f"games/{game}/resign")
        winners.add(first)
    table = {s["name"]: s for s in ann.ok("GET", f"arena/{aid}")["standings"]}
    assert {n for n, s in table.items() if s["points"] == 2} == winners
    # a pupil who leaves is paired no more; the teacher (not a pupil) closes the arena
    leaver = sorted(winners)[0]
    people[leaver].ok("POST", f"arena/{aid}/leave")
    assert people[leaver].ok("GET", f"arena/{aid}/me")["state"] != "playing"
    assert ann.call("POST", f"arena/{aid}/close")[0] == 403
    assert teacher.ok("POST", f"arena/{aid}/close")["arena"]["status"] == "closed"
    assert people["dan"].call("POST", f"arena/{aid}/join")[0] == 409


def test_the_dashboards_live_parts_are_the_teachers_and_its_static_files_its_own(running: Running) -> None:
    teacher, ann = running.client("teacher"), running.client("ann")
    status, reply = request("GET", running.url + "dashboard/live", teacher.token)
    assert status == 200 and set(reply["parts"]) == {"games", "arena", "finished"}
    status, reply = request("GET", running.url + "dashboard/live", ann.token)
    assert status == 403 and reply["error"]["code"] == "forbidden"
    status, text = request("GET", running.url + "dashboard/static/dashboard.js", ann.token)
    assert status == 200 and "function" in str(text)
    for path in ("dashboard/static/..%2Fdashboard.py", "dashboard/static/%2E%2E/dashboard.py"):
        status, text = request("GET", running.url + path, ann.token)
        assert status in (403, 404) and "import" not in str(text), path

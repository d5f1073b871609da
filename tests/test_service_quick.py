"""The class game service's rules in this process (tests/servicekit.py: fake hub identity, a SQLite file).

The quick tier of the server: no JupyterHub, no PostgreSQL, no second process. The real-hub
tests (tests/test_classgame_*.py, tests/test_progress_api.py) keep what only a hub shows.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
import tomllib
from classgamekit import request
from servicekit import Running, in_process_service

from logger_widget import Game
from logger_widget.online import protocol
from logger_widget.progress import sql as progress_sql
from logger_widget.puzzles import load_puzzles
from logger_widget.service.app import ClassGameService, ServiceConfig
from logger_widget.service.state import AlreadyRunning

REPO = Path(__file__).resolve().parents[1]
PUPILS = ["ann", "bob", "cat", "dan"]
AT = "2026-12-01T10:00:00+00:00"


#: after any browser test, Playwright keeps its event loop marked running in this thread
#: (tests/conftest.py, no_running_loop): these tests run asyncio loops of their own
pytestmark = pytest.mark.usefixtures("no_running_loop")


@pytest.fixture()
def running(tmp_path: Path) -> Iterator[Running]:
    with in_process_service(tmp_path, PUPILS) as service:
        yield service


def _saved(game: Game, gid: str = "g1") -> dict[str, Any]:
    return {"game": gid, "record": game.to_record(), "finished": game.is_over, "updated": AT, "review": None}


def _deep(levels: int) -> dict[str, Any]:
    deep: dict[str, Any] = {}
    for _ in range(levels):
        deep = {"x": deep}
    return deep


# ---------------------------------------------------------------------------- finding 1


def test_a_game_with_deeply_nested_metadata_is_refused_when_written(running: Running) -> None:
    ann = running.client("ann")
    game = Game.new()
    record = _saved(game)
    record["record"]["metadata"] = _deep(900)
    status, body = ann.call("PUT", "progress/me/games/g1", record)
    assert status == 400 and body["error"]["code"] == "malformed", (status, body)
    assert "metadata" in body["error"]["message"]
    assert ann.ok("GET", "progress/me")["games"] == []


def test_game_from_record_says_deep_metadata_is_too_deep() -> None:
    record = Game.new().to_record()
    record["metadata"] = _deep(900)
    with pytest.raises(ValueError, match="metadata: nested deeper than 32 levels"):
        Game.from_record(record)
    with pytest.raises(ValueError, match="nested deeper"):
        Game.from_json(json.dumps(record))


def _plant_bad_game(running: Running, pupil: str) -> None:
    """A saved game as a first version of the service accepted it: metadata 900 levels deep."""
    record = Game.new().to_record()
    record["metadata"] = _deep(900)
    with running.service.engine.begin() as conn:
        conn.execute(
            progress_sql.games.insert().values(
                pupil=pupil, game="bad", record=json.dumps(record), finished=False,
                updated=datetime.fromisoformat(AT),
            )
        )  # fmt: skip


def test_one_bad_row_never_breaks_the_class_views_and_the_teacher_removes_it(running: Running) -> None:
    ann, teacher = running.client("ann"), running.client("teacher")
    ann.ok("POST", "progress/me/lessons", {"lesson": "chop", "at": AT})
    ann.ok("PUT", "progress/me/games/good", _saved(Game.new(), "good"))
    _plant_bad_game(running, "ann")
    mine = ann.ok("GET", "progress/me")
    assert [g["game"] for g in mine["games"]] == ["good"] and mine["lessons"][0]["lesson"] == "chop"
    assert len(mine["unreadable"]) == 1 and mine["unreadable"][0].startswith("game bad:")
    assert teacher.ok("GET", "progress/pupils/ann")["unreadable"] == mine["unreadable"]
    everyone = teacher.ok("GET", "progress/pupils")
    assert "ann" in {p["pupil"] for p in everyone["pupils"]}
    for page in ("dashboard/", "dashboard/progress.csv", "dashboard/me"):
        status, _ = request("GET", running.url + page, teacher.token)
        assert status == 200, page
    status, html = request("GET", running.url + "dashboard/?lang=uk", teacher.token)
    assert (
        "Пропущено 1 збережений запис, який неможливо прочитати" in html
        and 'data-testid="kernel-word"' in html
    )
    # a pupil cannot remove records; the teacher can, once
    assert ann.call("DELETE", "progress/pupils/ann/games/bad")[0] == 403
    teacher.ok("DELETE", "progress/pupils/ann/games/bad")
    assert teacher.call("DELETE", "progress/pupils/ann/games/bad")[0] == 404
    assert ann.ok("GET", "progress/me")["unreadable"] == []


# ---------------------------------------------------------------------------- finding 2


def _attempt(puzzle: Any, turn: str, solved: bool) -> dict[str, Any]:
    return {"puzzle": puzzle.id, "solved": solved, "rating_before": 1500, "rating_after": 1500,
            "deviation_after": 200, "at": AT, "turn": turn}  # fmt: skip


def test_a_second_first_try_at_a_puzzle_is_not_rated(running: Running) -> None:
    bob = running.client("bob")
    puzzle = load_puzzles()[3]
    right = sorted(puzzle.solutions)[0]
    first = bob.ok("POST", "progress/me/attempts", _attempt(puzzle, right, True))["attempt"]
    for _ in range(3):
        status, body = bob.call("POST", "progress/me/attempts", _attempt(puzzle, right, True))
        assert status == 200 and body["rated"] is False and "tried already" in body["message"]
    progress = bob.ok("GET", "progress/me")
    assert progress["rating"]["played"] == 1 and progress["rating"]["rating"] == first["rating_after"]


# ---------------------------------------------------------------------------- finding 3


def _statements(running: Running) -> list[str]:
    seen: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement)

    sa.event.listen(running.service.engine, "before_cursor_execute", record)
    return seen


def test_an_attempt_reads_no_saved_games_or_earlier_attempts(running: Running) -> None:
    bob = running.client("bob")
    for i in range(3):
        bob.ok("PUT", f"progress/me/games/g{i}", _saved(Game.new(), f"g{i}"))
    puzzles = load_puzzles()
    bob.ok("POST", "progress/me/attempts", _attempt(puzzles[0], sorted(puzzles[0].solutions)[0], True))
    seen = _statements(running)
    bob.ok("POST", "progress/me/attempts", _attempt(puzzles[1], sorted(puzzles[1].solutions)[0], True))
    reads = [s for s in seen if s.lstrip().upper().startswith("SELECT")]
    assert not [s for s in reads if "progress_games" in s or "progress_personal" in s], reads
    assert not [
        s for s in reads if "FROM progress_attempts" in s and "LIMIT" not in s and "count" not in s
    ], reads


# ---------------------------------------------------------------------------- finding 4


def _queries_for(running: Running, client: Any, path: str) -> int:
    """How many SELECTs the service runs to answer ``GET api/<path>``."""
    client.ok("GET", path)  # what is read once (the teacher's settings) is read now
    seen: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement)

    sa.event.listen(running.service.engine, "before_cursor_execute", record)
    try:
        client.ok("GET", path)
    finally:
        sa.event.remove(running.service.engine, "before_cursor_execute", record)
    return len([s for s in seen if s.lstrip().upper().startswith("SELECT")])


def test_listing_seeks_and_games_costs_the_same_number_of_queries_for_one_or_many(running: Running) -> None:
    ann, bob, cat, dan = (running.client(n) for n in ("ann", "bob", "cat", "dan"))
    ann.ok("POST", "seeks", protocol.seek_request(3))
    one = _queries_for(running, dan, "seeks")
    bob.ok("POST", "seeks", protocol.seek_request(3))
    cat.ok("POST", "seeks", protocol.seek_request(4))
    assert _queries_for(running, dan, "seeks") == one
    first = ann.ok("POST", "seeks", protocol.seek_request(2, invite=["bob"]))
    bob.ok("POST", f"seeks/{first['id']}/accept")
    one = _queries_for(running, dan, "games?class=1")
    for host, guest in ((cat, "dan"), (bob, "cat")):
        seek = host.ok("POST", "seeks", protocol.seek_request(2, invite=[guest]))
        running.client(guest).ok("POST", f"seeks/{seek['id']}/accept")
    assert len(dan.ok("GET", "games?class=1")["games"]) == 3
    assert _queries_for(running, dan, "games?class=1") == one
    # the teacher's view of the class's progress: the same queries for one pupil or four
    teacher = running.client("teacher")
    ann.ok("POST", "progress/me/lessons", {"lesson": "chop", "at": AT})
    one = _queries_for(running, teacher, "progress/pupils")
    for pupil in (bob, cat, dan):
        pupil.ok("POST", "progress/me/lessons", {"lesson": "chop", "at": AT})
    assert len(teacher.ok("GET", "progress/pupils")["pupils"]) == 4
    assert _queries_for(running, teacher, "progress/pupils") == one


# ---------------------------------------------------------------------------- finding 6


def test_the_settings_shape_has_every_setting_the_service_takes(running: Running) -> None:
    assert set(protocol.Settings.__annotations__) == {"protocol", "forfeit_after", "language"}
    teacher = running.client("teacher")
    status, body = teacher.call("PUT", "settings", {"protocol": 1, "colour": "red"})
    assert status == 400 and body["error"]["field"] == "colour"
    status, body = teacher.call("PUT", "settings", {"protocol": 1, "forfeit_after": 5})
    assert status == 400 and body["error"]["field"] == "forfeit_after"
    assert teacher.ok("PUT", "settings", {"protocol": 1, "language": "uk"})["language"] == "uk"
    assert running.client("ann").call("PUT", "settings", {"protocol": 1, "language": "es"})[0] == 403


def test_the_class_language_may_be_latin_american_spanish(running: Running) -> None:
    """The teacher's dashboard and the class's setting take ``es_419`` like any language of the list
    (``LW_CLASSGAME_LANGUAGE=es_419``, ``PUT api/settings``, ``?lang=es-419``); its menu offers it.
    Before: ``es_419`` was refused by the service and missing from the menu."""
    assert ServiceConfig.from_env({"LW_CLASSGAME_LANGUAGE": "es_419"}).language == "es_419"
    with pytest.raises(ValueError, match="LW_CLASSGAME_LANGUAGE='es-MX' is not one of uk, es, es_419, en"):
        ServiceConfig.from_env({"LW_CLASSGAME_LANGUAGE": "es-MX"})
    teacher = running.client("teacher")
    assert teacher.ok("PUT", "settings", {"protocol": 1, "language": "es_419"})["language"] == "es_419"
    status, html = request("GET", running.url + "dashboard/", teacher.token)  # the class's language
    assert status == 200 and '<html lang="es-419">' in html
    assert 'href="?lang=es_419" hreflang="es-419" lang="es-419"' in html and "Español (Latinoamérica)" in html
    status, html = request("GET", running.url + "dashboard/?lang=es", teacher.token)
    assert '<html lang="es">' in html and 'href="?lang=es_419"' in html


# ---------------------------------------------------------------------------- finding 7


def test_a_second_service_on_the_same_database_is_refused(running: Running, tmp_path: Path) -> None:
    config = ServiceConfig(db_url=str(running.service.engine.url), state_folder=str(tmp_path))
    with pytest.raises(AlreadyRunning, match="another class game service runs on"):
        ClassGameService(config)


# ---------------------------------------------------------------------------- finding 8


def test_the_suite_has_a_timeout() -> None:
    options = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert 0 < int(options["timeout"]) <= 1800


# ---------------------------------------------------------------------------- finding 9


def test_the_cookie_secret_survives_a_restart(tmp_path: Path) -> None:
    with in_process_service(tmp_path, PUPILS) as first:
        secret = first.service.cookie_secret
    with in_process_service(tmp_path, PUPILS) as second:
        assert second.service.cookie_secret == secret and len(secret) == 32
    assert (tmp_path / "cookie_secret").stat().st_mode & 0o777 == 0o600


def test_no_doc_says_the_client_uses_the_standard_library_only() -> None:
    for path in [REPO / "docs" / "class_play.md", REPO / "docs" / "progress.md"]:
        text = " ".join(path.read_text(encoding="utf-8").split())
        assert "standard library only" not in text, path


# ---------------------------------------------------------------------------- the handlers


def test_a_challenge_is_played_to_a_resignation(running: Running) -> None:
    ann, bob, cat = running.client("ann"), running.client("bob"), running.client("cat")
    status, body = ann.call("POST", "seeks", {"protocol": 1, "players": 2, "invite": ["nobody"]})
    assert status == 404 and body["error"]["field"] == "invite[0]"
    seek = ann.ok("POST", "seeks", protocol.seek_request(2, invite=["bob"]))
    assert [s["id"] for s in cat.ok("GET", "seeks")["seeks"]] == []  # a challenge is theirs
    assert cat.call("POST", f"seeks/{seek['id']}/accept")[0] == 403
    started = bob.ok("POST", f"seeks/{seek['id']}/accept")
    game = started["game"]
    state = ann.ok("GET", f"games/{game}")
    assert state["you"] == [1] and state["ply"] == 0
    turn = next(
        iter(Game.from_record(ann.ok("GET", f"games/{game}/record")).position.legal_turns())
    ).notation()
    assert (
        bob.call("POST", f"games/{game}/turns", protocol.turn_message(0, turn))[1]["error"]["code"]
        == "not_your_seat"
    )
    ann.ok("POST", f"games/{game}/turns", protocol.turn_message(0, turn))
    status, body = ann.call("POST", f"games/{game}/turns", protocol.turn_message(0, turn))
    assert status == 403 and body["error"]["code"] == "not_your_seat"  # the replay: bob is to move now
    status, body = bob.call("POST", f"games/{game}/turns", protocol.turn_message(0, turn))
    assert status == 409 and body["error"]["code"] == "stale_ply" and body["error"]["params"] == {"ply": 1}
    events = ann.ok("GET", f"games/{game}/events?after=0&timeout=0")
    assert [e["kind"] for e in events["events"]] == ["turn"] and events["last_seq"] == 1
    bob.ok("POST", f"games/{game}/resign")
    over = ann.ok("GET", f"games/{game}")
    assert over["status"] == "finished" and over["result"]["reason"] == "resign"
    assert [g["id"] for g in ann.ok("GET", "games?status=finished")["games"]] == [game]
    assert game in [g["id"] for g in cat.ok("GET", "games?class=1")["games"]]


def test_the_info_me_and_presence_endpoints(running: Running) -> None:
    ann = running.client("ann")
    assert ann.ok("GET", "")["name"] == "ann"
    me = ann.ok("GET", "me")
    assert me == {"protocol": 1, "name": "ann", "teacher": False, "rating": 1500.0}
    ann.ok("POST", "presence")
    assert "ann" in {p["name"] for p in ann.ok("GET", "presence")["players"]}
    assert running.client("nobody").call("GET", "me")[0] == 403
    assert ann.call("GET", "no-such-thing")[0] == 404


def test_presence_marks_the_teacher_so_no_lobby_offers_her_as_a_classmate(running: Running) -> None:
    """Before: the teacher, seen by the service as anyone else, was listed among the classmates with Challenge."""
    ann, teacher = running.client("ann"), running.client("teacher")
    ann.ok("POST", "presence")
    teacher.ok("POST", "presence")
    players = {p["name"]: p for p in ann.ok("GET", "presence")["players"]}
    assert players["teacher"]["teacher"] is True
    assert players["ann"]["teacher"] is False


# ---------------------------------------------------------------------------- a class's load


def test_who_was_seen_is_written_for_everyone_in_one_commit(running: Running) -> None:
    commits: list[int] = []
    sa.event.listen(running.service.engine, "commit", lambda conn: commits.append(1))

    def everyone_asks() -> None:
        for name in PUPILS:
            running.service.seen(name)

    running.call_in_loop(everyone_asks)
    running.call_in_loop(running.service.flush_presence)
    with running.service.engine.connect() as conn:
        seen = set(conn.execute(sa.text("SELECT name FROM players")).scalars())
    assert set(PUPILS) <= seen and len(commits) == 1, commits


def test_a_request_waiting_for_the_database_holds_up_no_other(running: Running, tmp_path: Path) -> None:
    """Another program holds the class database's write lock: a seek waits for it, the other requests do not.

    Before, every handler ran its database work on the event loop: while one write waited for
    the lock (up to SQLite's 30 s), no pupil got an answer, not even one the service keeps in memory.
    """
    import sqlite3
    import threading
    import time

    ann, bob, cat = running.client("ann"), running.client("bob"), running.client("cat")
    seek = ann.ok("POST", "seeks", protocol.seek_request(2, invite=["bob"]))
    game = bob.ok("POST", f"seeks/{seek['id']}/accept")["game"]
    turn = next(iter(Game.from_record(ann.ok("GET", f"games/{game}/record")).position.legal_turns()))
    ann.ok("POST", f"games/{game}/turns", protocol.turn_message(0, turn.notation()))
    bob.ok("GET", f"games/{game}/events?after=0&timeout=0")  # the game's events are kept from now on
    holder = sqlite3.connect(tmp_path / "classgame.sqlite", timeout=0, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # the write lock, as a backup tool or a second program would hold it
    answers: dict[str, Any] = {}

    def seek_waits() -> None:
        answers["seek"] = cat.call("POST", "seeks", protocol.seek_request(3))

    waiting = threading.Thread(target=seek_waits)
    try:
        waiting.start()
        time.sleep(0.5)  # the seek's write is waiting for the lock
        assert "seek" not in answers
        start = time.monotonic()
        assert ann.ok("GET", "")["name"] == "ann"
        events = bob.ok("GET", f"games/{game}/events?after=0&timeout=0")["events"]
        took = time.monotonic() - start
        assert [e["kind"] for e in events] == ["turn"] and "seek" not in answers
        assert took < 1.0, f"answers took {took:.1f} s while a write waited for the database"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
        waiting.join(30)
    assert answers["seek"][0] in (200, 201), answers


#: Requests whose handlers read or write the class database besides the games' (``(who, method, path, body)``).
DATABASE_REQUESTS = [
    ("teacher", "GET", "dashboard/", None),
    ("teacher", "GET", "dashboard/live", None),
    ("teacher", "GET", "dashboard/progress.csv", None),
    ("ann", "GET", "dashboard/me", None),
    ("ann", "GET", "api/arena", None),
    ("teacher", "PUT", "api/settings", {"forfeit_after": 600}),
    ("ann", "GET", "api/progress/me", None),
    ("ann", "POST", "api/progress/me/lessons", {"lesson": "chop", "at": AT}),
    ("teacher", "GET", "api/progress/pupils", None),
    ("teacher", "DELETE", "api/progress/pupils/ann/games/none", None),
]


@pytest.mark.parametrize(("who", "method", "path", "body"), DATABASE_REQUESTS, ids=lambda x: str(x))
def test_the_dashboard_arena_settings_and_progress_wait_for_the_database_off_the_event_loop(
    running: Running, who: str, method: str, path: str, body: Any
) -> None:
    """A slow database (every statement 1 s: a PostgreSQL server far away, a lock held) holds up no other request.

    The dashboard, the arena, the settings and the progress API ran their database work on the
    event loop: while one of them waited for the database, no pupil's turn or long poll was answered.
    """
    import threading
    import time

    slow = threading.Event()

    def statement(*args: Any) -> None:
        if slow.is_set():
            time.sleep(1.0)

    sa.event.listen(sa.engine.Engine, "before_cursor_execute", statement)
    answers: dict[str, Any] = {}
    waiting = threading.Thread(
        target=lambda: answers.setdefault(
            "slow", request(method, running.url + path, running.client(who).token, body)
        )
    )
    try:
        slow.set()
        waiting.start()
        time.sleep(0.3)  # the request waits for its first statement
        start = time.monotonic()
        assert running.client("bob").ok("GET", "")["name"] == "bob"
        took = time.monotonic() - start
        slow.clear()
        assert took < 0.5, f"GET api/ took {took:.2f} s while {method} {path} waited for the database"
    finally:
        slow.clear()
        waiting.join(60)
        sa.event.remove(sa.engine.Engine, "before_cursor_execute", statement)
    assert answers["slow"][0] < 400 or path.endswith("/none"), answers["slow"]


def test_a_turn_played_while_a_long_poll_reads_the_database_wakes_that_poll(running: Running) -> None:
    """The turn's wake-up reached the loop before the read's answer: the poll slept to its timeout."""
    from logger_widget.bots import make_bot

    games = running.service.games
    game_id = games.start_game(["ann", "bob"], [])
    turn = make_bot("random", seed=1).choose(games.game(game_id).position).notation()
    games._feeds.pop(game_id, None)  # the events are not kept: the poll reads them on the database worker
    read = games.events_since

    def read_then_a_turn_comes(game: int, after: int) -> Any:
        found = read(game, after)  # nothing yet
        games.events_since = read  # type: ignore[method-assign]
        games.play(game_id, "ann", 0, turn)  # committed: its wake-up is queued on the loop first
        return found

    games.events_since = read_then_a_turn_comes  # type: ignore[method-assign]
    found, status, last_seq = running.call_in_loop(running.service.wait_events, game_id, 0, 3600.0, "bob")
    assert [e["kind"] for e in found] == ["turn"] and (status, last_seq) == ("active", 1)
    assert game_id not in running.service._waiters  # no waiting poll left behind


def test_the_hub_is_asked_once_per_pupil_and_never_waited_for_once_it_answered() -> None:
    """300 pupils' kept answers ageing together queued 300 questions to the hub (each waiting up to 10 s)."""
    import asyncio

    from logger_widget.service.auth import HubUsers

    class CountingUsers(HubUsers):
        asked = 0
        release: asyncio.Event

        async def _ask(self, name: str) -> dict[str, Any] | None:
            self.asked += 1
            await self.release.wait()
            self._cache[name] = (0.0 if self.asked == 1 else 1e18, {"name": name, "roles": ["teacher"]})
            return self._cache[name][1]

    async def run() -> None:
        users = CountingUsers("http://hub.invalid/hub/api", "token", frozenset({"teacher"}), cache_seconds=60)
        users.release = asyncio.Event()
        waiting = [
            asyncio.ensure_future(users.is_teacher({"name": "ann", "kind": "user"})) for _ in range(50)
        ]
        await asyncio.sleep(0)
        users.release.set()
        assert await asyncio.gather(*waiting) == [True] * 50 and users.asked == 1
        users.release.clear()  # the hub is slow now; the kept answer is old
        answers = await asyncio.wait_for(
            asyncio.gather(*(users.is_teacher({"name": "ann", "kind": "user"}) for _ in range(50))), 5
        )
        assert answers == [True] * 50 and users.asked == 2  # one refresh on its way, nobody waited
        users.release.set()
        # the refresh on its way ends before the loop closes (a wait on it, not a guess of its time)
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        await asyncio.wait_for(asyncio.gather(*others), 30)

    asyncio.run(run())


def test_a_pupils_token_is_asked_about_once_and_an_aged_answer_is_not_waited_for() -> None:
    """Every 60 s each of 300 pupils' requests waited for the hub again (JupyterHub's cache forgot the token)."""
    import asyncio
    import time

    from logger_widget.service.auth import KeptHubOAuth

    class CountingAuth(KeptHubOAuth):
        asked = 0
        release: asyncio.Event
        answer: dict[str, Any] | None = {"name": "ann", "kind": "user", "scopes": []}

        async def _api_request(self, method: str, url: str, /, **kwargs: Any) -> Any:
            self.asked += 1
            await self.release.wait()
            return self.answer

    async def run() -> None:
        auth = CountingAuth(api_token="service", api_url="http://hub.invalid/hub/api", cache_max_age=300)
        auth.release = asyncio.Event()

        def ask() -> Any:
            return auth.user_for_token("pupil-token", sync=False)

        waiting = [asyncio.ensure_future(ask()) for _ in range(50)]
        await asyncio.sleep(0)
        auth.release.set()
        assert [m["name"] for m in await asyncio.gather(*waiting)] == ["ann"] * 50 and auth.asked == 1
        (key,) = auth._kept
        auth._kept[key] = (time.monotonic() - 61, auth._kept[key][1])  # the answer is a minute old
        auth.release.clear()  # and the hub is slow
        auth.answer = None  # the token was revoked meanwhile
        answers = await asyncio.wait_for(asyncio.gather(*(ask() for _ in range(50))), 5)
        assert [m["name"] for m in answers] == ["ann"] * 50 and auth.asked == 2  # one question, nobody waited
        auth.release.set()
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        await asyncio.wait_for(asyncio.gather(*others), 30)
        assert await ask() is None and auth.asked == 2  # the hub's new answer serves the next request
        auth.answer = {"name": "ann", "kind": "user", "scopes": []}
        auth._kept[key] = (time.monotonic() - 301, {"name": "ann", "kind": "user", "scopes": []})
        auth.release.clear()
        too_old = asyncio.ensure_future(ask())  # past the longest age: the hub is waited for
        await asyncio.sleep(0.05)
        assert not too_old.done() and auth.asked == 3
        auth.release.set()
        assert (await too_old)["name"] == "ann"

    asyncio.run(run())


def test_a_new_personal_puzzles_proof_is_searched_off_the_database_worker(
    running: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The proof of a new personal puzzle is a search (up to seconds of CPU): the other requests go on meanwhile.

    It ran on the one database worker thread, so every pupil's turn, poll and progress write waited
    behind it.
    """
    import threading
    import time
    from datetime import datetime, timezone

    from logger_widget.progress import PersonalPuzzle
    from logger_widget.progress.schedule import new_card
    from logger_widget.service import progress_api

    puzzle = load_puzzles()[3]
    played = next(t for t in puzzle.position.legal_turns() if not puzzle.is_solution(t)).notation()
    when = datetime(2026, 12, 1, 10, tzinfo=timezone.utc)
    card, due = new_card(when)
    record = PersonalPuzzle(
        id="m-slow", game="g-1", ply=1, lpn=puzzle.lpn, seat=puzzle.seat, played=played, label="mistake",
        loss=0.3, best=sorted(puzzle.solutions)[0], played_value=0.2, best_value=0.5,
        solutions=puzzle.solutions, value=10.0, bound=5.0, theme=puzzle.theme, card=card, due=due, created=when,
    ).to_dict()  # fmt: skip
    searching = threading.Event()
    check = progress_api.check_proof

    def slow_search(*args: Any) -> str:
        searching.set()
        time.sleep(1.5)
        return check(*args)

    monkeypatch.setattr(progress_api, "check_proof", slow_search)
    answers: dict[str, Any] = {}
    ann = running.client("ann")
    putting = threading.Thread(
        target=lambda: answers.setdefault("put", ann.call("PUT", "progress/me/personal/m-slow", record))
    )
    putting.start()
    try:
        assert searching.wait(10), "the new puzzle's proof was never searched"
        start = time.monotonic()
        running.client("bob").ok("POST", "progress/me/lessons", {"lesson": "chop", "at": AT})
        took = time.monotonic() - start
        assert "put" not in answers, "the search ended before the other request was answered"
        assert took < 0.5, f"a lesson's write took {took:.2f} s while a puzzle's proof was searched"
    finally:
        putting.join(60)
    assert answers["put"][0] == 200, answers
    assert [p["id"] for p in ann.ok("GET", "progress/me")["personal"]] == ["m-slow"]

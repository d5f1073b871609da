"""The class game service's rules through its API, in process (tests/servicekit.py: a fake hub identity).

The service's real handlers and database code over a SQLite file, the hub replaced by a fake
identity (the token ``token-<name>`` is the user ``<name>``). Every refusal is checked to leave
the game exactly as it was. The forfeit test waits the teacher's 10 s, the presence tests the
service's 5 s online time. What only a hub or a separate process shows is in
tests/test_classgame_service.py (slow tier).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classgamekit import Client, snapshot, start_game
from portkit import free_port
from servicekit import in_process_service

from logger_widget.engine import Game, Position
from logger_widget.online.protocol import MAX_BODY_BYTES, turn_message

PUPILS = ["ann", "ben", "cat", "dan"]


#: after any browser test, Playwright keeps its event loop marked running in this thread
#: (tests/conftest.py, no_running_loop): these tests run asyncio loops of their own
pytestmark = pytest.mark.usefixtures("no_running_loop")


class Running:
    """This module's service, which a test may restart on the same database (same address)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()  # below the ephemeral range: still free when the service restarts
        self._context: Any = None
        self.inside: Any = None  # servicekit's Running: the service object and its loop
        self.base = f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        self._context = in_process_service(
            self.folder, PUPILS, port=self.port, sweep_seconds=1.0, online_seconds=5.0
        )
        self.inside = self._context.__enter__()

    def stop(self) -> None:
        if self._context is not None:
            self._context.__exit__(None, None, None)
            self._context = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    service = Running(tmp_path_factory.mktemp("classgame"))
    service.start()
    try:
        yield service
    finally:
        service.stop()


@pytest.fixture(scope="module")
def people(running: Running) -> dict[str, Client]:
    """A client per pupil and the teacher, each with a token of their own."""
    return {name: Client(running.base, f"token-{name}", name) for name in [*PUPILS, "teacher"]}


def _refused(client: Client, path: str, body: Any, status: int, code: str, field: str, *, raw: bytes | None = None) -> dict[str, Any]:  # fmt: skip
    got, reply = client.call("POST", path, body, raw=raw)
    assert (got, reply["error"]["code"], reply["error"]["field"]) == (status, code, field), reply
    assert reply["error"]["message"], reply
    return reply["error"]


def test_forged_stale_foreign_and_late_turns_are_refused_the_game_unchanged(
    running: Running, people: dict[str, Client]
) -> None:
    ann, ben, cat = people["ann"], people["ben"], people["cat"]
    game = start_game(people, ["ann", "ben"])
    turns = f"games/{game}/turns"
    engine = Game.new(players=2)
    before = snapshot(ann, game)
    # a forged turn: well-formed, but the rules refuse it (ann's logger is on a1, not c3)
    error = _refused(ann, turns, turn_message(0, "c3-c4"), 422, "illegal_turn", "turn")
    assert error["rule"] == "wrong_origin" and "a1" in error["message"], error
    _refused(ann, turns, turn_message(0, "a1-a3 *a3"), 422, "illegal_turn", "turn")  # plant under the logger
    _refused(ann, turns, turn_message(0, "z9"), 400, "malformed", "turn")  # not notation
    # a turn for another pupil's seat: ben (seat 2) and cat (not playing) at ann's seat
    assert "seat 1" in _refused(ben, turns, turn_message(0, "a1-a3"), 403, "not_your_seat", "turn")["message"]
    _refused(cat, turns, turn_message(0, "a1-a3"), 403, "not_your_seat", "turn")
    # malformed bodies
    _refused(ann, turns, None, 400, "malformed", "", raw=b"{not json")
    _refused(ann, turns, [0, "a1-a3"], 400, "malformed", "")
    _refused(ann, turns, {"protocol": 1, "turn": "a1-a3"}, 400, "malformed", "ply")
    _refused(ann, turns, {"protocol": 1, "ply": "0", "turn": "a1-a3"}, 400, "malformed", "ply")
    _refused(ann, turns, {"protocol": 1, "ply": 0, "turn": "a1-a3", "seat": 2}, 400, "malformed", "seat")
    _refused(ann, turns, {"protocol": 99, "ply": 0, "turn": "a1-a3"}, 400, "malformed", "protocol")
    _refused(ann, turns, {"protocol": 1, "ply": 0, "turn": "a1 " * 40}, 400, "malformed", "turn")
    _refused(
        ann, turns, None, 413, "too_large", "", raw=b'{"ply": 0, "turn": "' + b"a" * MAX_BODY_BYTES + b'"}'
    )
    assert snapshot(ann, game) == before
    # ann plays, ben plays: ann's first message sent again is an old ply
    first = next(iter(engine.legal_turns()))
    ann.ok("POST", turns, turn_message(0, first))
    engine.play(first)
    reply = next(iter(engine.legal_turns()))
    ben.ok("POST", turns, turn_message(1, reply))
    engine.play(reply)
    before = snapshot(ann, game)
    error = _refused(ann, turns, turn_message(0, first), 409, "stale_ply", "ply")
    assert "ply 0" in error["message"] and "ply 2" in error["message"], error
    _refused(
        ann, turns, turn_message(3, next(iter(engine.legal_turns()))), 409, "stale_ply", "ply"
    )  # from the future
    assert snapshot(ann, game) == before
    assert (
        before[0]["turns"] == [t.notation() for t in engine.turns]
        and before[0]["lpn"] == engine.position.to_lpn()
    )
    # nobody resigns for another
    _refused(cat, f"games/{game}/resign", None, 403, "not_your_seat", "game")
    assert snapshot(ann, game) == before
    # a turn on a finished game
    ann.ok("POST", f"games/{game}/resign")
    before = snapshot(ann, game)
    assert before[0]["status"] == "finished" and before[0]["result"]["winners"] == [2], before[0]
    _refused(ann, turns, turn_message(2, next(iter(engine.legal_turns()))), 409, "game_over", "game")
    _refused(ann, f"games/{game}/resign", None, 409, "game_over", "game")
    assert snapshot(ann, game) == before


def test_a_pupil_cannot_read_or_take_a_challenge_between_classmates(
    running: Running, people: dict[str, Client]
) -> None:
    ann, cat, teacher = people["ann"], people["cat"], people["teacher"]
    seek = ann.ok("POST", "seeks", {"players": 2, "invite": ["ben"]})
    assert seek["id"] in [s["id"] for s in people["ben"].ok("GET", "seeks")["seeks"]]
    assert seek["id"] in [s["id"] for s in teacher.ok("GET", "seeks")["seeks"]]
    assert seek["id"] not in [s["id"] for s in cat.ok("GET", "seeks")["seeks"]]
    for method, path in [("GET", f"seeks/{seek['id']}"), ("POST", f"seeks/{seek['id']}/accept"),
                         ("DELETE", f"seeks/{seek['id']}")]:  # fmt: skip
        status, reply = cat.call(method, path)
        assert (status, reply["error"]["code"]) == (403, "forbidden"), (method, path, reply)
    assert ann.ok("GET", f"seeks/{seek['id']}")["status"] == "open"  # cat changed nothing
    # an open seek is the class's: anyone sees and takes it; nobody takes it twice
    open_seek = ann.ok("POST", "seeks", {"players": 2})
    assert open_seek["id"] in [s["id"] for s in cat.ok("GET", "seeks")["seeks"]]
    game = cat.ok("POST", f"seeks/{open_seek['id']}/accept")["game"]
    assert cat.ok("GET", f"games/{game}")["you"] == [2]
    status, reply = people["dan"].call("POST", f"seeks/{open_seek['id']}/accept")
    assert (status, reply["error"]["code"]) == (409, "conflict"), reply
    # watching a classmate's game is allowed (the third pupil watches), playing in it is not
    watcher = people["dan"].ok("GET", f"games/{game}")
    assert watcher["you"] == [] and [s["player"] for s in watcher["seats"]] == ["ann", "cat"]
    assert game in [g["id"] for g in people["dan"].ok("GET", "games?class=1&status=active")["games"]]
    assert game not in [g["id"] for g in people["dan"].ok("GET", "games")["games"]]  # not dan's own
    assert [g["id"] for g in people["dan"].ok("GET", "games?class=1&limit=1")["games"]] == [
        game
    ]  # the newest
    ann.ok("DELETE", f"seeks/{seek['id']}")
    cat.ok("POST", f"games/{game}/resign")


def test_seeks_are_limited_and_checked(running: Running, people: dict[str, Client]) -> None:
    dan = people["dan"]
    for seek in dan.ok("GET", "seeks")["seeks"]:
        if seek["creator"] == "dan":
            dan.ok("DELETE", f"seeks/{seek['id']}")
    games = [dan.ok("POST", "seeks", {"players": 2, "bots": ["random"]})["game"] for _ in range(6)]
    status, reply = dan.call("POST", "seeks", {"players": 2, "bots": ["random"]})  # the class's bot worker
    assert (status, reply["error"]["field"]) == (429, "bots") and "6 bot seats" in reply["error"][
        "message"
    ], reply
    games += [start_game(people, ["dan", "cat"]), start_game(people, ["dan", "ben"])]
    status, reply = dan.call("POST", "seeks", {"players": 2})
    assert (status, reply["error"]["code"]) == (429, "too_many") and "8 games" in reply["error"]["message"], (
        reply
    )
    for game in games:
        dan.ok("POST", f"games/{game}/resign")
    made = [dan.ok("POST", "seeks", {"players": 2})["id"] for _ in range(3)]
    status, reply = dan.call("POST", "seeks", {"players": 2})
    assert (status, reply["error"]["code"]) == (429, "too_many"), reply
    for body, code, field in [
        ({"players": 5}, "malformed", "players"),
        ({"players": 2, "invite": ["nobody_here"]}, "not_found", "invite[0]"),
        ({"players": 2, "invite": ["dan"]}, "malformed", "invite"),
        ({"players": 2, "bots": ["my_bot.py"]}, "malformed", "bots[0]"),
        ({"players": 3, "invite": ["ann"]}, "malformed", "invite"),  # a challenge names every seat
    ]:
        for seek in made:
            dan.ok("DELETE", f"seeks/{seek}")
        made = []
        status, reply = dan.call("POST", "seeks", body)
        assert (reply["error"]["code"], reply["error"]["field"]) == (code, field), (body, reply)


def test_a_long_poll_returns_the_turn_as_soon_as_it_is_played(
    running: Running, people: dict[str, Client]
) -> None:
    game = start_game(people, ["ann", "ben"])
    replies: list[Any] = []
    poll = threading.Thread(
        target=lambda: replies.append(people["ben"].ok("GET", f"games/{game}/events?after=0&timeout=25"))
    )
    started = time.monotonic()
    poll.start()
    time.sleep(0.5)  # ben is waiting
    turn = next(iter(Game.new(players=2).legal_turns()))
    people["ann"].ok("POST", f"games/{game}/turns", turn_message(0, turn))
    poll.join(30)
    assert time.monotonic() - started < 20, "the long-poll waited for its timeout instead of the turn"
    (event,) = replies[0]["events"]
    assert (event["kind"], event["ply"], event["turn"], event["seat"], event["by"]) == (
        "turn",
        0,
        turn.notation(),
        1,
        "ann",
    )
    assert Position.from_lpn(event["lpn"]) == Game.new(players=2).play(turn)
    people["ann"].ok("POST", f"games/{game}/resign")


def test_bots_fill_seats_the_record_opens_with_game(running: Running, people: dict[str, Client]) -> None:
    """ann plays a whole 3-player game against two bot presets played by the service."""
    cat = people["cat"]
    game = start_game(people, ["cat"], ["greedy", "random"])
    rng = random.Random(7)
    after, seen = 0, 0
    for _ in range(400):
        state = cat.ok("GET", f"games/{game}")
        if state["status"] == "finished":
            break
        if state["to_move"] == 1:
            turn = rng.choice(list(Position.from_lpn(state["lpn"]).legal_turns()))
            cat.ok("POST", f"games/{game}/turns", turn_message(state["ply"], turn))
        reply = cat.ok("GET", f"games/{game}/events?after={after}&timeout=10")
        after = reply["last_seq"]
        seen += len(reply["events"])
    seen += len(cat.ok("GET", f"games/{game}/events?after={after}&timeout=0")["events"])  # the last ones
    state = cat.ok("GET", f"games/{game}")
    assert state["status"] == "finished", state
    record = cat.ok("GET", f"games/{game}/record")
    replayed = Game.from_record(record)  # every turn replays, the final position and outcome check
    assert [t.notation() for t in replayed.turns] == state["turns"] and replayed.is_over
    assert record["metadata"]["names"] == ["cat", "greedy", "random"]
    assert replayed.outcome.to_dict() == state["result"]  # type: ignore[union-attr]
    assert seen == state["last_seq"] == len(state["turns"]) + 1  # every turn and the end, each once
    assert {
        e["by"]
        for e in cat.ok("GET", f"games/{game}/events?after=0&timeout=0")["events"]
        if e["kind"] == "turn"
    } == {"cat", "greedy", "random"}


def test_a_bot_seat_kicked_while_the_service_looks_at_its_game_still_plays(
    running: Running, people: dict[str, Client]
) -> None:
    """An event that comes while the bot job looks at whose turn it is gets the bot's turn played.

    The look may have been taken before that event's turn was written (it said "a pupil's
    turn"); the event's own kick arrives while the job still runs. The service must look again:
    a kick dropped there left a class game waiting for its bot for ever.
    """
    service = running.inside.service
    cat = people["cat"]
    game = start_game(people, ["cat"], ["greedy"])
    real = service.games.bot_to_move
    looks: list[int] = []

    def stale_look(game_id: int) -> Any:
        looks.append(game_id)
        if len(looks) == 1:  # as if read before cat's turn: no bot to move; the next event comes now
            service._on_event(game_id)
            return None
        return real(game_id)

    service.games.bot_to_move = stale_look
    try:
        state = cat.ok("GET", f"games/{game}")
        turn = next(iter(Position.from_lpn(state["lpn"]).legal_turns()))
        cat.ok("POST", f"games/{game}/turns", turn_message(state["ply"], turn))
        # the fake event above wakes the long-poll too, with nothing new: a client asks again
        deadline = time.monotonic() + 10
        reply = {"events": []}
        while not reply["events"] and time.monotonic() < deadline:
            left = max(0.1, deadline - time.monotonic())
            reply = cat.ok("GET", f"games/{game}/events?after={state['last_seq'] + 1}&timeout={left:.1f}")
    finally:
        service.games.bot_to_move = real
    assert [e["by"] for e in reply["events"] if e["kind"] == "turn"] == ["greedy"], (looks, reply)
    assert len(looks) >= 2, looks
    people["cat"].ok("POST", f"games/{game}/resign")


def test_a_game_survives_a_service_restart_and_the_pupil_finds_it_again(
    running: Running, people: dict[str, Client]
) -> None:
    game = start_game(people, ["ann", "dan"])
    turn = next(iter(Game.new(players=2).legal_turns()))
    people["ann"].ok("POST", f"games/{game}/turns", turn_message(0, turn))
    running.restart()
    # a new kernel has a new token: the pupil's games in progress are listed for them
    dan = Client(people["dan"].base, people["dan"].token, "dan")
    mine = dan.ok("GET", "games?status=active")["games"]
    assert game in [g["id"] for g in mine]
    state = dan.ok("GET", f"games/{game}")
    assert state["turns"] == [turn.notation()] and state["you"] == [2] and state["ply"] == 1
    status, reply = dan.call(
        "POST", f"games/{game}/turns", turn_message(0, turn)
    )  # the old ply, after the restart
    assert (status, reply["error"]["code"]) == (409, "stale_ply"), reply
    reply_turn = next(iter(Position.from_lpn(state["lpn"]).legal_turns()))
    dan.ok("POST", f"games/{game}/turns", turn_message(1, reply_turn))
    dan.ok("POST", f"games/{game}/resign")


def test_a_pupil_who_leaves_forfeits_after_the_teachers_time(
    running: Running, people: dict[str, Client]
) -> None:
    ann, ben, teacher = people["ann"], people["ben"], people["teacher"]
    status, reply = ann.call("PUT", "settings", {"forfeit_after": 10})
    assert (status, reply["error"]["code"]) == (403, "forbidden")
    status, reply = teacher.call("PUT", "settings", {"forfeit_after": 1})
    assert (status, reply["error"]["field"]) == (400, "forfeit_after"), reply
    status, reply = teacher.call("PUT", "settings", {"forfeit_after": 10, "language": "fr"})
    assert (status, reply["error"]["field"]) == (400, "language"), reply
    assert teacher.ok("GET", "settings")["forfeit_after"] == 600  # the refused PUT changed nothing
    assert teacher.ok("PUT", "settings", {"language": "uk"})["language"] == "uk"
    assert ann.ok("GET", "settings")["language"] == "uk"
    assert teacher.ok("PUT", "settings", {"forfeit_after": 10})["forfeit_after"] == 10
    try:
        game = start_game(people, ["ann", "ben"])
        after, away = 0, []
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:  # ann stays; ben has gone
            reply = ann.ok("GET", f"games/{game}/events?after={after}&timeout=1")
            after = reply["last_seq"]
            if reply["status"] == "finished":
                break
            now = ann.ok("GET", f"games/{game}")
            if now["status"] == "finished":  # forfeited between the long-poll's answer and this read
                break
            (ann_seat, ben_seat) = now["seats"]
            assert ann_seat["online"] and ann_seat["forfeit_in"] is None, ann_seat
            if not ben_seat["online"]:
                away.append(ben_seat["forfeit_in"])
        assert away and all(0 <= left <= 10 for left in away) and away == sorted(away, reverse=True), away
        state = ann.ok("GET", f"games/{game}")
        assert state["status"] == "finished", state
        kinds = [
            (e["kind"], e.get("seat"), e.get("online"))
            for e in ann.ok("GET", f"games/{game}/events?after=0")["events"]
        ]
        assert kinds == [("presence", 2, False), ("over", None, None)], kinds
        assert (state["result"]["reason"], state["result"]["left"], state["result"]["winners"]) == (
            "forfeit",
            [2],
            [1],
        )
        assert ben.ok("GET", f"games/{game}/record")["metadata"]["result"]["reason"] == "forfeit"
    finally:
        teacher.ok("PUT", "settings", {"forfeit_after": 600})


def test_classmates_see_who_went_away_and_came_back(running: Running, people: dict[str, Client]) -> None:
    ann, ben = people["ann"], people["ben"]
    game = start_game(people, ["ann", "ben"])
    after, events = 0, []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not events:  # ben is silent for longer than the online time (5 s)
        reply = ann.ok("GET", f"games/{game}/events?after={after}&timeout=2")
        after, events = reply["last_seq"], reply["events"]
    assert [(e["kind"], e["seat"], e["by"], e["online"]) for e in events] == [("presence", 2, "ben", False)]
    ben.ok("GET", f"games/{game}")  # ben's board reconnects
    events = ann.ok("GET", f"games/{game}/events?after={after}&timeout=5")["events"]
    assert [(e["kind"], e["seat"], e["online"]) for e in events] == [("presence", 2, True)]
    assert ann.ok("GET", f"games/{game}")["seats"][1]["online"] is True
    ann.ok("POST", f"games/{game}/resign")


def test_a_seek_with_a_turn_limit_ends_by_the_engines_turn_limit(
    running: Running, people: dict[str, Client]
) -> None:
    dan = people["dan"]
    seek = dan.ok("POST", "seeks", {"players": 2, "bots": ["greedy"], "turn_limit": 4})
    game = seek["game"]
    for _ in range(20):
        state = dan.ok("GET", f"games/{game}")
        if state["status"] == "finished":
            break
        if state["to_move"] == 1:
            turn = next(iter(Position.from_lpn(state["lpn"]).legal_turns()))
            dan.ok("POST", f"games/{game}/turns", turn_message(state["ply"], turn))
        dan.ok("GET", f"games/{game}/events?after={state['last_seq']}&timeout=5")
    assert (state["status"], state["ply"], state["turn_limit"], state["result"]["reason"]) == (
        "finished",
        4,
        4,
        "turn_limit",
    )
    record = Game.from_record(dan.ok("GET", f"games/{game}/record"))
    assert record.turn_limit == 4 and record.end_reason == "turn_limit"
    status, reply = dan.call("POST", "seeks", {"players": 2, "bots": ["greedy"], "turn_limit": 0})
    assert (status, reply["error"]["field"]) == (400, "turn_limit"), reply


def test_a_pupil_cannot_hold_open_more_long_polls_than_boards_need(
    running: Running, people: dict[str, Client]
) -> None:
    game = start_game(people, ["ben", "cat"])
    replies: list[Any] = []
    polls = [
        threading.Thread(
            target=lambda: replies.append(people["ben"].call("GET", f"games/{game}/events?after=0&timeout=4"))
        )
        for _ in range(16)
    ]
    for poll in polls:
        poll.start()
    time.sleep(1.5)  # all sixteen are waiting
    status, reply = people["ben"].call("GET", f"games/{game}/events?after=0&timeout=4")
    assert (status, reply["error"]["code"]) == (429, "too_many"), reply
    assert (
        people["cat"].call("GET", f"games/{game}/events?after=0&timeout=0")[0] == 200
    )  # others are not limited
    for poll in polls:
        poll.join(10)
    assert [r[0] for r in replies] == [200] * 16
    people["ben"].ok("POST", f"games/{game}/resign")


def test_four_seats_three_pupils_and_a_bot_each_plays_only_their_own(
    running: Running, people: dict[str, Client]
) -> None:
    game = start_game(people, ["ann", "ben", "cat"], ["random"])
    state = people["ann"].ok("GET", f"games/{game}")
    assert [(s["player"], s["bot"]) for s in state["seats"]] == [
        ("ann", None),
        ("ben", None),
        ("cat", None),
        (None, "random"),
    ]
    engine = Game.new(players=4)
    for ply, name in enumerate(["ann", "ben", "cat"]):
        turn = next(iter(engine.legal_turns()))
        for other in {"ann", "ben", "cat", "dan"} - {name}:  # nobody else plays this seat
            status, reply = people[other].call("POST", f"games/{game}/turns", turn_message(ply, turn))
            assert (status, reply["error"]["code"]) == (403, "not_your_seat"), (other, reply)
        people[name].ok("POST", f"games/{game}/turns", turn_message(ply, turn))
        engine.play(turn)
    after, turns = 3, []
    deadline = time.monotonic() + 30
    while (
        not turns and time.monotonic() < deadline
    ):  # dan watches for the bot's turn (presence events may come too)
        reply = people["dan"].ok("GET", f"games/{game}/events?after={after}&timeout=10")
        after, turns = reply["last_seq"], [e for e in reply["events"] if e["kind"] == "turn"]
    assert [(e["seat"], e["by"], e["ply"]) for e in turns] == [(4, "random", 3)]
    assert people["ann"].ok("GET", f"games/{game}")["to_move"] == 1
    people["ann"].ok("POST", f"games/{game}/resign")


def test_a_pupil_waiting_in_a_long_poll_is_not_taken_for_away(
    running: Running, people: dict[str, Client]
) -> None:
    """Both players wait in long-polls longer than the online time (5 s): neither is away, nobody forfeits."""
    game = start_game(people, ["ann", "ben"])
    replies: dict[str, Any] = {}
    polls = [
        threading.Thread(
            target=lambda n=name: replies.update(
                {n: people[n].ok("GET", f"games/{game}/events?after=0&timeout=8")}
            )
        )
        for name in ("ann", "ben")
    ]
    for poll in polls:
        poll.start()
    for poll in polls:
        poll.join(20)
    assert replies["ann"]["events"] == [] and replies["ben"]["events"] == [], replies
    assert all(seat["online"] for seat in people["ann"].ok("GET", f"games/{game}")["seats"])
    people["ann"].ok("POST", f"games/{game}/resign")

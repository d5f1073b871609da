"""The progress endpoints' rules, in process (tests/servicekit.py: a fake hub identity, a SQLite file).

A pupil's kernel (its environment: a token and ``LW_CLASSGAME_URL``) and pupils' JSON clients
against the service's real handlers: another pupil tries to read and overwrite a pupil's
progress; the service scores attempts itself; the teacher reads everyone's; each pupil keeps
at most the limits. The real-hub test is tests/test_progress_api.py (slow tier).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timezone
from typing import Any

import pytest
import sqlalchemy as sa
from classgamekit import Client, request
from servicekit import Running, in_process_service

from logger_widget import Position
from logger_widget.progress import PersonalPuzzle, Progress, SavedGame
from logger_widget.progress import sql as progress_sql
from logger_widget.progress.schedule import new_card
from logger_widget.puzzles import Puzzle, load_puzzles
from logger_widget.service.progress_api import LIMITS
from logger_widget.tournament import play_game

PUPILS = ["ann", "bob"]
FULL = {kind: f"full_{kind}" for kind in LIMITS}  # a pupil who has reached the limit of one kind


#: after any browser test, Playwright keeps its event loop marked running in this thread
#: (tests/conftest.py, no_running_loop): these tests run asyncio loops of their own
pytestmark = pytest.mark.usefixtures("no_running_loop")


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    with in_process_service(tmp_path_factory.mktemp("classgame"), [*PUPILS, *FULL.values()]) as running:
        yield running


@pytest.fixture(scope="module")
def people(service: Running) -> dict[str, Client]:
    return {name: service.client(name) for name in [*PUPILS, "teacher"]}


def _kernel_of(monkeypatch: pytest.MonkeyPatch, service: Running, token: str) -> Progress:
    """The progress a pupil's kernel on the hub opens (its server's environment)."""
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", token)
    monkeypatch.setenv("JUPYTERHUB_API_URL", service.url + "hub/api")
    monkeypatch.setenv("LW_CLASSGAME_URL", service.url)
    return Progress.open()


def test_a_pupil_cannot_read_or_overwrite_another_pupils_progress(
    monkeypatch: pytest.MonkeyPatch, service: Running, people: dict[str, Client]
) -> None:
    ann, bob = people["ann"], people["bob"]
    ann.ok("POST", "progress/me/lessons", {"lesson": "chop", "at": "2026-12-01T10:00:00+00:00"})
    before = ann.ok("GET", "progress/me")
    assert before["pupil"] == "ann"
    # bob reads: only his own
    assert bob.ok("GET", "progress/me")["pupil"] == "bob"
    for path in ("progress/pupils", "progress/pupils/ann", "progress/pupils/..%2Fann"):
        status, body = bob.call("GET", path)
        assert status == 403 and body["error"]["code"] == "forbidden", (path, status, body)
    # bob writes with ann's records (her name in the body, her puzzle ids): they land in his own progress
    status, _ = bob.call(
        "POST", "progress/me/lessons", {"lesson": "end", "at": "2026-12-01T10:00:00+00:00", "pupil": "ann"}
    )
    assert status == 201
    if before["personal"]:
        theirs = dict(before["personal"][0], solved=99, due="2099-01-01T00:00:00+00:00")
        assert bob.call("PUT", f"progress/me/personal/{theirs['id']}", theirs)[0] == 200
    after = ann.ok("GET", "progress/me")
    assert after == before, "nothing bob sent changed ann's progress"
    if before["personal"]:  # and he cannot make a puzzle of his own whose "solutions" are not proved
        real = before["personal"][0]
        other = next(
            t.notation()
            for t in Position.from_lpn(real["lpn"]).legal_turns()
            if t.notation() not in real["solutions"] and t.notation() != real["played"]
        )
        status, body = bob.call(
            "PUT", "progress/me/personal/m-fake", dict(real, id="m-fake", solutions=[other])
        )
        assert status == 400 and body["error"]["field"] == "solutions", body
        changed = dict(theirs, ply=theirs["ply"] + 1)  # bob's copy of it: only its schedule may change
        status, body = bob.call("PUT", f"progress/me/personal/{theirs['id']}", changed)
        assert status == 400, "a saved puzzle's position, turns and solutions never change"
    # no token, a wrong token: refused
    assert request("GET", service.url + "api/progress/me", None)[0] == 403
    assert request("GET", service.url + "api/progress/me", "not-a-token")[0] == 403
    # and a kernel with bob's token sees bob's progress only
    progress = _kernel_of(monkeypatch, service, bob.token)
    assert progress.snapshot.pupil == "bob" and "chop" not in progress.lessons_done()


def test_the_service_scores_attempts_itself(people: dict[str, Client]) -> None:
    bob = people["bob"]
    puzzle = load_puzzles()[5]
    wrong = next(t for t in puzzle.position.legal_turns() if not puzzle.is_solution(t)).notation()
    forged = {"puzzle": puzzle.id, "solved": True, "rating_before": 1500, "rating_after": 3000,
              "deviation_after": 50, "at": "2026-12-01T10:00:00+00:00", "turn": wrong}  # fmt: skip
    status, body = bob.call("POST", "progress/me/attempts", forged)
    assert status == 400 and body["error"]["field"] == "solved"
    status, body = bob.call("POST", "progress/me/attempts", dict(forged, turn=""))
    assert status == 400 and body["error"]["field"] == "turn"
    right = sorted(puzzle.solutions)[0]
    reply = bob.ok("POST", "progress/me/attempts", dict(forged, turn=right))
    assert 1500 < reply["attempt"]["rating_after"] < 1800, "the service's own Glicko update, not 3000"
    assert bob.ok("GET", "progress/me")["rating"]["rating"] == reply["attempt"]["rating_after"]
    status, body = bob.call("POST", "progress/me/attempts", dict(forged, puzzle="p-nonexistent"))
    assert status == 404
    status, body = bob.call(
        "POST", "progress/me/lessons", {"lesson": "x" * 500, "at": "2026-12-01T10:00:00+00:00"}
    )
    assert status == 400 and body["error"]["code"] == "malformed"


def test_a_personal_puzzle_with_a_softer_proof_is_checked_by_its_own_search(
    people: dict[str, Client],
) -> None:
    """A "better" proof: every answer must beat the turn played by the margin; a padded one is refused."""
    from logger_widget.puzzles import MARGIN, analyse_position, choice_values

    bob = people["bob"]
    lpn, played = "....2/...../...../m..../1mmma 1 0,0 2,2", "a1 +a3,b2,c2,d2 xa2"
    position = Position.from_lpn(lpn)
    best = sorted(analyse_position(position).solutions)[0]
    values = choice_values(position)
    mine = values[position.parse_turn(played).notation()]
    weak = next(
        t for t, v in values.items() if v < mine + MARGIN and t != position.parse_turn(played).notation()
    )
    when = datetime(2026, 12, 1, 10, tzinfo=timezone.utc)
    card, due = new_card(when)
    record = PersonalPuzzle(
        id="m-soft", game="g-1", ply=1, lpn=lpn, seat=1, played=played, label="mistake", loss=0.3, best=best,
        played_value=0.2, best_value=0.5, solutions=frozenset({best}), value=values[best], bound=mine,
        theme="domino_chop", card=card, due=due, created=when, proof="better",
    ).to_dict()  # fmt: skip
    status, body = bob.call("PUT", "progress/me/personal/m-soft", dict(record, solutions=[best, weak]))
    assert (
        status == 400
        and body["error"]["field"] == "solutions"
        and "not clearly better" in body["error"]["message"]
    )
    bob.ok("PUT", "progress/me/personal/m-soft", record)
    saved = {p["id"]: p for p in bob.ok("GET", "progress/me")["personal"]}
    assert saved["m-soft"]["proof"] == "better"
    status, body = bob.call("PUT", "progress/me/personal/m-soft", dict(record, proof="clear"))
    assert status == 400, "a saved puzzle's proof never changes"
    # the pupil cannot remove it; the teacher can, once
    assert bob.call("DELETE", "progress/pupils/bob/personal/m-soft")[0] == 403
    people["teacher"].ok("DELETE", "progress/pupils/bob/personal/m-soft")
    assert people["teacher"].call("DELETE", "progress/pupils/bob/personal/m-soft")[0] == 404
    assert "m-soft" not in {p["id"] for p in bob.ok("GET", "progress/me")["personal"]}


def test_a_lesson_not_in_the_tutorial_is_refused_and_nothing_stored(people: dict[str, Client]) -> None:
    """A well-formed key that is no lesson of the tutorial cannot pad a pupil's "lessons done"."""
    bob = people["bob"]
    before = bob.ok("GET", "progress/me")["lessons"]
    status, body = bob.call(
        "POST", "progress/me/lessons", {"lesson": "xyz", "at": "2026-12-01T10:00:00+00:00"}
    )
    assert status == 400, (status, body)
    assert body["error"]["code"] == "malformed" and body["error"]["field"] == "lesson"
    assert body["error"]["message"] == "'xyz' is not one of the tutorial's lessons"
    assert bob.ok("GET", "progress/me")["lessons"] == before
    bob.ok("POST", "progress/me/lessons", {"lesson": "protest", "at": "2026-12-01T10:00:00+00:00"})
    assert "protest" in {x["lesson"] for x in bob.ok("GET", "progress/me")["lessons"]}


def test_the_teacher_reads_every_pupils_progress(people: dict[str, Client]) -> None:
    when = datetime(2026, 12, 1, 10, tzinfo=timezone.utc)
    game = SavedGame("g-ann", play_game(["random", "greedy"], seed=1).to_record(), True, when)
    people["ann"].ok("PUT", "progress/me/games/g-ann", game.to_dict())
    people["ann"].ok("POST", "progress/me/lessons", {"lesson": "growth", "at": "2026-12-01T10:00:00+00:00"})
    people["bob"].ok("POST", "progress/me/lessons", {"lesson": "movement", "at": "2026-12-01T10:00:00+00:00"})
    everyone = people["teacher"].ok("GET", "progress/pupils")
    by_name = {p["pupil"]: p for p in everyone["pupils"]}
    assert {"ann", "bob"} <= set(by_name)
    assert "growth" in {x["lesson"] for x in by_name["ann"]["lessons"]}
    assert "movement" in {x["lesson"] for x in by_name["bob"]["lessons"]}
    one = people["teacher"].ok("GET", "progress/pupils/ann")
    assert one["pupil"] == "ann" and one["lessons"] == by_name["ann"]["lessons"]
    assert by_name["ann"]["games"] and all("record" not in g for g in by_name["ann"]["games"])
    assert all("record" in g for g in one["games"]), "one pupil's view has the games' turns"


def _personal(puzzle: Puzzle, pid: str, when: datetime) -> dict[str, Any]:
    """A personal puzzle's JSON form on a shipped puzzle's position (a non-solution played)."""
    position = puzzle.position
    played = next(t for t in position.legal_turns() if not puzzle.is_solution(t)).notation()
    card, due = new_card(when)
    return PersonalPuzzle(
        id=pid, game="g-1", ply=1, lpn=puzzle.lpn, seat=puzzle.seat, played=played, label="mistake",
        loss=0.3, best=sorted(puzzle.solutions)[0], played_value=0.2, best_value=0.5,
        solutions=puzzle.solutions, value=10.0, bound=5.0, theme=puzzle.theme, card=card, due=due, created=when,
    ).to_dict()  # fmt: skip


def test_each_pupil_keeps_at_most_the_limits_and_one_more_is_refused(service: Running) -> None:
    """One pupil per kind, filled to the limit in the database, then one request over it (about 10 s)."""
    when = datetime(2026, 12, 1, 10, tzinfo=timezone.utc)
    puzzle = load_puzzles()[3]
    record = play_game(["random", "greedy"], seed=3).to_record()
    saved_record, mistake = json.dumps(record), _personal(puzzle, "m-new", when)
    rows = {  # kind: (its table, a stored row, the request one over the limit)
        "lessons": (progress_sql.lessons, lambda i: {"lesson": f"lesson_{i}", "at": when},
                    ("POST", "progress/me/lessons", {"lesson": "chop", "at": when.isoformat()})),
        "attempts": (progress_sql.attempts, lambda i: {
            "puzzle": puzzle.id, "personal": False, "solved": False, "rating_before": 1500.0,
            "rating_after": 1490.0, "deviation_after": 300.0, "at": when, "turn": ""},
            ("POST", "progress/me/attempts", {"puzzle": puzzle.id, "solved": False, "rating_before": 1500,
             "rating_after": 1500, "deviation_after": 350, "at": when.isoformat(), "turn": ""})),
        "games": (progress_sql.games, lambda i: {
            "game": f"g-{i}", "record": saved_record, "finished": True, "updated": when},
            ("PUT", "progress/me/games/g-new", SavedGame("g-new", record, True, when).to_dict())),
        "personal": (progress_sql.personal, lambda i: {
            "id": f"m-{i}", "data": json.dumps(dict(mistake, id=f"m-{i}")), "due": when},
            ("PUT", "progress/me/personal/m-new", mistake)),
    }  # fmt: skip
    engine = service.service.engine
    for kind, (table, row, (method, path, body)) in rows.items():
        name = FULL[kind]
        with engine.begin() as conn:
            conn.execute(table.insert(), [{"pupil": name, **row(i)} for i in range(LIMITS[kind])])

        def stored(table: sa.Table = table, name: str = name) -> list[Any]:
            with engine.connect() as conn:
                return sorted(tuple(r) for r in conn.execute(sa.select(table).where(table.c.pupil == name)))

        before = stored()
        pupil = service.client(name)
        status, reply = pupil.call(method, path, body)
        assert status == 429 and reply["error"]["code"] == "too_many", (kind, status, reply)
        assert (
            reply["error"]["field"] == kind
            and f"{LIMITS[kind]:,}".replace(",", "") in reply["error"]["message"]
        )
        assert stored() == before, kind

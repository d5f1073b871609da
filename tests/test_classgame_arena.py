"""The class arena and the teacher's dashboard through the service's API, on SQLite and PostgreSQL.

A real JupyterHub (tests/classgamekit.py: no servers, no proxy) says who everybody is; the class
game service runs as its own process on each database (tests/dbkit.py). Pupils act with their own
hub tokens; the teacher holds the hub's ``teacher`` role.

About 25 s per database on this machine (the hub starts once, the service once per test).
"""

from __future__ import annotations

import csv
import io
import time
import urllib.request

import pytest
from classgamekit import Client, arena_games, mini_hub, request, running_service
from dbkit import db_url, postgres_server  # noqa: F401  (fixtures)
from nbgraderkit import make_gradebook

from logger_widget.i18n import Translator
from logger_widget.i18n.texts import dashboard as texts
from logger_widget.progress.records import Attempt, LessonDone, now
from logger_widget.progress.sql import SQLProgressStore

PUPILS = ["olena", "taras", "ivan", "maria"]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def gradebook(tmp_path_factory):
    path = tmp_path_factory.mktemp("course") / "gradebook.db"
    make_gradebook(path)  # olena 5 of 6, taras 0 of 6
    return f"sqlite:///{path}"


@pytest.fixture(scope="module")
def hub():
    with mini_hub(
        PUPILS, teacher="teacher", admins=("head",)
    ) as h:  # the allowed users exist in the hub already
        yield h


def _clients(hub, service):
    people = {n: Client(service.url, hub.token(n), n) for n in [*PUPILS, "teacher"]}
    return people


def test_an_arena_pairs_the_class_keeps_results_and_carries_ratings_over(hub, db_url):  # noqa: F811
    with running_service(hub, db_url) as service:
        people = _clients(hub, service)
        teacher, olena = people["teacher"], people["olena"]
        # only the teacher opens an arena; the hub says who the teacher is, never the request
        status, body = olena.call("POST", "arena", {"minutes": 20})
        assert status == 403 and body["error"]["code"] == "forbidden"
        status, body = olena.call("POST", "arena", {"minutes": 20, "teacher": True, "name": "teacher"})
        assert status == 403
        status, body = teacher.call("POST", "arena", {"minutes": 0})
        assert status == 400 and body["error"]["field"] == "minutes"
        arena = teacher.ok("POST", "arena", {"minutes": 20})["arena"]
        status, body = teacher.call("POST", "arena", {"minutes": 5})
        assert status == 409  # one arena at a time
        aid = arena["id"]
        assert olena.ok("GET", "arena")["arena"]["id"] == aid

        # joining: as yourself only; twice is the same entry
        status, body = olena.call("POST", f"arena/{aid}/join", {"name": "taras"})
        assert status == 400 and body["error"]["code"] == "malformed"
        for n in PUPILS:
            people[n].ok("POST", f"arena/{aid}/join")
        people["olena"].ok("POST", f"arena/{aid}/join")
        info = olena.ok("GET", f"arena/{aid}")["arena"]
        assert sorted(info["entrants"]) == sorted(PUPILS)

        games = arena_games(people, aid, PUPILS)
        assert len(set(games.values())) == 2  # two games, each pupil in exactly one
        first_pairs = set()
        for game_id in set(games.values()):
            state = olena.ok("GET", f"games/{game_id}")
            seats = [s["player"] for s in state["seats"]]
            assert len(seats) == 2 and len(set(seats)) == 2 and set(seats) <= set(PUPILS)
            first_pairs.add(frozenset(seats))
        # a pupil's second join while playing starts nothing new; later rounds pair nobody who plays
        people["taras"].ok("POST", f"arena/{aid}/join")
        for _ in range(2):
            time.sleep(0.6)  # past the pairing rounds' pace (one every 0.5 s at most)
            for n in PUPILS:
                assert people[n].ok("GET", f"arena/{aid}/me")["game"] == games[n]
        active = olena.ok("GET", "games?class=1&status=active")["games"]
        assert sorted(g["id"] for g in active) == sorted(set(games.values()))

        # each game ends: seat 2 resigns; seat 1 wins 2 arena points
        winners = set()
        for game_id in set(games.values()):
            state = olena.ok("GET", f"games/{game_id}")
            first, second = (s["player"] for s in state["seats"])
            people[second].ok("POST", f"games/{game_id}/resign")
            winners.add(first)
        table = {s["name"]: s for s in olena.ok("GET", f"arena/{aid}")["standings"]}
        assert sum(s["points"] for s in table.values()) == 4
        assert {n for n, s in table.items() if s["points"] == 2} == winners
        assert all(table[n]["rating"] > 1500 for n in winners)
        assert [s["rank"] for s in olena.ok("GET", f"arena/{aid}")["standings"]] == [1, 1, 3, 3]

        # the next round: nobody meets their last opponent again (another pairing exists)
        again = arena_games(people, aid, PUPILS)
        assert not set(again.values()) & set(games.values())
        second_pairs = set()
        for game_id in set(again.values()):
            second_pairs.add(frozenset(s["player"] for s in olena.ok("GET", f"games/{game_id}")["seats"]))
        assert not second_pairs & first_pairs
        ratings = {n: people[n].ok("GET", "me")["rating"] for n in PUPILS}
        assert {n for n, r in ratings.items() if r > 1500} == winners  # players.rating follows the arena

        # a pupil cannot close it; the teacher closes it: nobody new, the games in progress go on and count
        assert olena.call("POST", f"arena/{aid}/close")[0] == 403
        teacher.ok("POST", f"arena/{aid}/close")
        status, body = people["ivan"].call("POST", f"arena/{aid}/join")
        assert status == 409
        game_id = next(iter(set(again.values())))
        state = olena.ok("GET", f"games/{game_id}")
        loser = state["seats"][0]["player"]
        people[loser].ok("POST", f"games/{game_id}/resign")
        table = {s["name"]: s for s in olena.ok("GET", f"arena/{aid}")["standings"]}
        assert table[loser]["games"] == 2
        while people[loser].ok("GET", f"arena/{aid}/me")["state"] != "over":
            time.sleep(0.2)
        time.sleep(0.6)  # the next pairing round (they run at most every 0.5 s) writes the ratings
        people[loser].ok("GET", f"arena/{aid}/me")
        carried = {n: people[n].ok("GET", "me")["rating"] for n in PUPILS}
        assert carried == pytest.approx(
            {s["name"]: s["rating"] for s in olena.ok("GET", f"arena/{aid}")["standings"]}, abs=0.06
        )

    # the next lesson: a new service on the same database; ratings carry over into a new arena
    with running_service(hub, db_url) as service:
        people = _clients(hub, service)
        assert {n: people[n].ok("GET", "me")["rating"] for n in PUPILS} == pytest.approx(carried)
        new = people["teacher"].ok("POST", "arena", {"minutes": 10})
        table = {s["name"]: s for s in new["standings"]}
        assert table == {}  # nobody has joined yet
        people["olena"].ok("POST", f"arena/{new['arena']['id']}/join")
        table = {s["name"]: s for s in people["olena"].ok("GET", "arena")["standings"]}
        assert table["olena"]["rating"] == pytest.approx(carried["olena"])
        assert table["olena"]["points"] == 0


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the redirect itself is the answer


_OPENER = urllib.request.build_opener(_NoRedirect)


def _get(url, token, headers=None):
    """``(status, headers, text)`` of a GET with a hub token (redirects not followed)."""
    req = urllib.request.Request(url, headers={"Authorization": f"token {token}", **(headers or {})})
    try:
        with _OPENER.open(req, timeout=30) as r:
            return r.status, r.headers, r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        with e:
            return e.code, e.headers, e.read().decode("utf-8", errors="replace")


def test_the_dashboard_is_the_teachers_and_a_pupil_reads_only_their_own_progress(hub, db_url, gradebook):  # noqa: F811
    olena_store = SQLProgressStore(db_url, "olena")
    olena_store.finish_lesson(LessonDone("olena-only-lesson", now()))
    olena_store.add_attempt(Attempt("p0001", True, 1500.0, 1540.0, 180.0, now()))
    taras_store = SQLProgressStore(db_url, "taras")
    taras_store.finish_lesson(LessonDone('=HYPERLINK("http://x")', now()))  # a formula in a lesson's name
    taras_store.finish_lesson(LessonDone("<img src=x onerror=alert(1)>", now()))  # markup in another
    olena_store.close()
    taras_store.close()
    with running_service(hub, db_url, LW_CLASSGAME_GRADEBOOK=gradebook) as service:
        base = service.url
        tokens = {n: hub.token(n) for n in ("olena", "taras", "teacher")}
        # a pupil: 403 on every teacher page, whatever the parameters
        for path in ("dashboard/", "dashboard", "dashboard/live", "dashboard/progress.csv",
                     "dashboard/progress.csv?pupil=taras", "dashboard/?teacher=1"):  # fmt: skip
            status, _, text = _get(base + path, tokens["olena"])
            assert status == 403, (path, status)
            assert "olena-only-lesson" not in text and "HYPERLINK" not in text
        status, _, text = _get(base + "dashboard/", tokens["olena"], {"Accept-Language": "uk"})
        assert Translator("uk").translate(texts.PAGE["forbidden_title"]) in text and "dashboard/me" in text
        # a pupil's own page: their progress only, a parameter naming another changes nothing
        for path in ("dashboard/me", "dashboard/me?pupil=taras", "dashboard/me?name=taras"):
            status, _, text = _get(base + path, tokens["olena"])
            assert status == 200 and "olena-only-lesson" in text and "HYPERLINK" not in text
        status, _, text = _get(base + "dashboard/me", tokens["taras"])
        assert "olena-only-lesson" not in text
        # no login: the hub's login, not the page
        status, headers, _ = _get(base + "dashboard/", "not-a-token")
        assert status == 302 and "oauth2/authorize" in headers["Location"]
        # the teacher: the page in the chosen language, the CSV
        status, _, text = _get(base + "dashboard/?lang=es", tokens["teacher"])
        assert (
            status == 200 and Translator("es").translate(texts.PAGE["title"]) in text and 'lang="es"' in text
        )
        status, _, text = _get(
            base + "dashboard/", tokens["teacher"], {"Accept-Language": "uk-UA,uk;q=0.9,en;q=0.5"}
        )
        assert Translator("uk").translate(texts.PAGE["title"]) in text and "olena-only-lesson" in text
        assert "<img src=x" not in text and "&lt;img src=x onerror=alert(1)&gt;" in text  # shown, never run
        status, _, text = _get(base + "dashboard/", tokens["teacher"], {"Accept-Language": "fr"})
        assert (
            Translator("en").translate(texts.PAGE["title"]) in text
        )  # the class's default language (English unless set)
        status, headers, text = _get(base + "dashboard/progress.csv?lang=uk", tokens["teacher"])
        assert status == 200 and headers["Content-Type"].startswith("text/csv")
        assert text.startswith("\ufeff")
        rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
        assert rows[0][0] == "ім’я" and len(rows[0]) == 11
        by_name = {r[0]: r for r in rows[1:]}
        assert by_name["olena"][1] == "1" and by_name["olena"][2] == "olena-only-lesson"
        assert by_name["olena"][3] == "1540.0" and by_name["olena"][4] == "1"
        assert by_name["taras"][2].startswith("'=")  # a spreadsheet shows it as text, never runs it
        assert by_name["olena"][8:10] == ["5.0", "6.0"] and by_name["taras"][8:10] == [
            "0.0",
            "6.0",
        ]  # nbgrader's
        status, _, text = _get(base + "dashboard/?lang=en", tokens["teacher"])
        olena_row = text[text.index('<tr data-pupil="olena">') :].split("</tr>", 1)[0]
        label = Translator("en").translate(texts.PROGRESS["grade"])
        assert f'<td class="c-grade" data-label="{label}">5 / 6</td>' in olena_row
        # the static files are only the pages' own: no way out of their folder
        for path in ("dashboard/static/..%2Fdashboard.py", "dashboard/static/%2E%2E/dashboard.py",
                     "dashboard/static/../../db.py"):  # fmt: skip
            status, _, text = _get(base + path, tokens["olena"])
            assert status in (403, 404) and "import" not in text, path
        assert _get(base + "dashboard/static/dashboard.js", tokens["olena"])[0] == 200
        # the live fragments: the teacher only
        status, reply = request("GET", base + "dashboard/live", tokens["teacher"])
        assert status == 200 and set(reply["parts"]) == {"games", "arena", "finished"}
        status, reply = request("GET", base + "dashboard/live", tokens["olena"])
        assert status == 403 and reply["error"]["code"] == "forbidden"


def test_a_hub_admin_without_the_teacher_role_is_the_teacher_and_a_pupil_is_not(hub, tmp_path):
    """The service's teacher is a hub admin or a holder of the ``teacher`` role, as the hub says (SQLite only:
    the claim is about the hub, not the database)."""
    head_model = hub.api("GET", "users/head")
    assert head_model["admin"] and "teacher" not in head_model["roles"]
    with running_service(hub, f"sqlite:///{tmp_path / 'class.sqlite'}") as service:
        head, olena = (
            Client(service.url, hub.token("head"), "head"),
            Client(service.url, hub.token("olena"), "olena"),
        )
        for who, allowed in ((olena, False), (head, True)):
            status, body = who.call("POST", "arena", {"minutes": 5})
            assert (status < 400) is allowed, (who.name, status, body)
            status, _ = who.call("GET", "progress/pupils")
            assert (status == 200) is allowed, (who.name, status)
            assert (_get(service.url + "dashboard/", who.token)[0] == 200) is allowed, who.name
            status, _ = request("GET", service.url + "dashboard/live", who.token)
            assert (status == 200) is allowed, (who.name, status)
        arena = olena.ok("GET", "arena")["arena"]
        status, _ = olena.call("POST", f"arena/{arena['id']}/close")
        assert status == 403
        assert head.ok("POST", f"arena/{arena['id']}/close")["arena"]["status"] == "closed"

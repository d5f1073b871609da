"""Class play through the class hub, in Chromium: two pupils play a whole game by clicking, a third
watches it live, the teacher's dashboard shows it in progress and then its result; one pupil's
kernel is restarted (and her tab reloaded) mid-game and the game goes on.

The hub is the project's (deploy/jupyterhub, tests/hosts/hubkit.py): the class game service is its
service, each pupil's kernel reaches it with the server's own token. The pupils open the class play
notebook (notebooks/class_play_<lang>.ipynb), run it, and use the lobby's buttons: Open an invitation,
Accept, Watch, Resume. Each turn is chosen by the project's greedy bot (a game of about 24 turns)
and played by clicking the board's cells and buttons.

Measured: a pupil's last click of a turn → the classmate's board redrawn with it (page clocks,
``performance.timeOrigin + performance.now()``, the same machine). Slow: about 4 to 6 minutes
(the hub's set-up, three servers, a whole game). Run it under the hub lock:
``flock /work/hub.lock timeout 1500 .venv/bin/python -m pytest tests/hosts/test_classplay_hub.py -q``.
"""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classplay_helpers import CLOCKS, LOBBY, play_whole_game, report, resume, wait_board, wait_over
from hubkit import REPO, Hub, HubError, chosen_password, pupil_token, running_hub, token_json

from logger_widget import Position

pytestmark = pytest.mark.slow

PUPILS = {"olena": "uk", "diego": "es", "amy": "en"}
TEACHER = "teacher"
MEM_LIMIT = 768 * 2**20  # bytes, each pupil's cap
#: the turn after which olena's kernel is restarted and her tab reloaded
RESTART_AT = 7
#: each pupil's password once they have chosen it (first login with their one-time code)
PASSWORDS: dict[str, str] = {}


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    pytest.importorskip("jupyterhub")
    PASSWORDS.clear()
    try:
        with running_hub(PUPILS, TEACHER, MEM_LIMIT) as hub:
            PASSWORDS[TEACHER] = hub.teacher_password
            yield hub
    except HubError as e:
        pytest.fail(str(e))


def _open_class_play(hub: Hub, browser: Any, name: str) -> Any:
    """``name`` logs in through Chromium and opens the class play notebook (the hub seeds it), run."""
    language = PUPILS[name]
    notebook = f"class_play_{language}.ipynb"
    hub.start(name)
    token = pupil_token(hub, name, chosen_password(hub, name, PASSWORDS))
    seeded = token_json(
        hub, token, "GET", f"user/{name}/api/contents/{notebook}"
    )  # in the pupil's home already
    shipped = json.loads((REPO / "notebooks" / notebook).read_text(encoding="utf-8"))
    assert [c["id"] for c in seeded["content"]["cells"]] == [c["id"] for c in shipped["cells"]]
    context = browser.new_context(viewport={"width": 1300, "height": 1400})
    context.set_default_timeout(120_000)
    page = context.new_page()
    page.add_init_script(CLOCKS)
    target = urllib.parse.quote(f"/user/{name}/lab/tree/{notebook}")
    page.goto(hub.url + f"hub/login?next={target}")
    page.fill("#username_input", name)
    page.fill("#password_input", PASSWORDS[name])
    page.click("#login_submit")
    page.wait_for_url(f"**/user/{name}/lab/tree/{notebook}*", timeout=240_000)
    _run(page)
    return page


def _run(page: Any) -> None:
    from hostkit import run_all_cells

    run_all_cells(page, ready=f"{LOBBY}:visible")
    page.wait_for_selector(f"{LOBBY} .lw-lobby-refresh", timeout=120_000)


def _game_id(hub: Hub, token: str) -> int:
    games = token_json(hub, token, "GET", "services/classgame/api/games?status=active")["games"]
    assert len(games) == 1, games
    return int(games[0]["id"])


def test_two_pupils_play_a_whole_game_by_clicking_a_third_watches_the_teacher_sees_it(
    hub: Hub, browser: Any, screenshots: Path
) -> None:
    olena = _open_class_play(hub, browser, "olena")
    diego = _open_class_play(hub, browser, "diego")
    amy = _open_class_play(hub, browser, "amy")
    # olena opens a seek; diego accepts it; both boards come up (olena's by the lobby's own refresh)
    olena.click(f"{LOBBY} .lw-lobby-open")
    olena.wait_for_selector(f"{LOBBY} .lw-lobby-cancel")  # her seek, waiting for players
    diego.click(f"{LOBBY} .lw-lobby-refresh")
    diego.click(f"{LOBBY} .lw-lobby-accept", timeout=60_000)
    wait_board(diego)
    wait_board(olena, timeout=60_000)
    game = _game_id(hub, pupil_token(hub, "olena", PASSWORDS["olena"]))
    amy.click(f"{LOBBY} .lw-lobby-refresh")
    amy.click(f"{LOBBY} .lw-lobby-watch", timeout=60_000)
    wait_board(amy)
    # the teacher's dashboard, logged in through the hub
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(120_000)
    teacher = context.new_page()
    teacher.goto(hub.url + "hub/login?next=" + urllib.parse.quote("/services/classgame/dashboard/?lang=uk"))
    teacher.fill("#username_input", TEACHER)
    teacher.fill("#password_input", hub.teacher_password)
    teacher.click("#login_submit")
    teacher.wait_for_selector(f"article.game[data-game='{game}']", timeout=120_000)

    def after_turn(ply: int, position: Position) -> None:
        if ply == 2:  # the teacher's dashboard follows the game live
            teacher.wait_for_selector(f"article.game[data-game='{game}'][data-ply='2']", timeout=60_000)
            teacher.screenshot(path=str(screenshots / "classplay-dashboard-live.png"))
        if ply == RESTART_AT:  # olena's kernel restarts and she reloads her tab: Resume, and play on
            token = pupil_token(hub, "olena", PASSWORDS["olena"])
            for session in token_json(hub, token, "GET", "user/olena/api/sessions"):
                token_json(hub, token, "POST", f"user/olena/api/kernels/{session['kernel']['id']}/restart")
            olena.reload()
            resume(olena, _run, position)

    position, relay = play_whole_game({1: olena, 2: diego}, [amy], after_turn)
    wait_over(olena, diego, amy)
    olena.locator(".lw-board").screenshot(path=str(screenshots / "classplay-olena-over.png"))
    amy.locator(".lw-board").screenshot(path=str(screenshots / "classplay-amy-watching.png"))
    state = token_json(
        hub, pupil_token(hub, "amy", PASSWORDS["amy"]), "GET", f"services/classgame/api/games/{game}"
    )
    assert (
        state["status"] == "finished" and state["ply"] == len(relay) and state["lpn"] == position.to_lpn()
    ), state
    teacher.wait_for_selector(f"li.record[data-game='{game}']", timeout=60_000)
    teacher.screenshot(path=str(screenshots / "classplay-dashboard-result.png"))
    report(relay, screenshots, "classplay")

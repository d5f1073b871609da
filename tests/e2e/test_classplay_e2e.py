"""Class play in Chromium on one JupyterLab: two pupils' notebooks play a whole game by clicking, a
third pupil's notebook watches it, the teacher's dashboard follows it; one pupil's kernel is restarted
and her tab reloaded mid-game: she resumes from the lobby and the game goes on.

The class game service (``python -m logger_widget.service``, SQLite) and a real JupyterHub that
issues the pupils' tokens (tests/classgamekit.py); each notebook makes its lobby with its pupil's
client (on the class hub the kernel reads both from its environment: tests/hosts/test_classplay_hub.py).
The lobby's buttons are clicked (Open an invitation, Accept, Watch, Resume), the board's cells and buttons too.
About 1 to 2 minutes.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classgamekit import Client, mini_hub, running_service
from classplay_helpers import CLOCKS, LOBBY, play_whole_game, report, resume, wait_board, wait_over
from hostkit import run_all_cells

pytestmark = pytest.mark.slow

PUPILS = {"olena": "uk", "diego": "es", "amy": "en"}
RESTART_AT = 7  # the turn after which olena's kernel restarts and her tab reloads


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Any]]:
    with mini_hub(list(PUPILS)) as hub:
        db = tmp_path_factory.mktemp("classplay") / "class.sqlite"
        with running_service(hub, f"sqlite:///{db}") as running:
            yield hub, running


def _notebook(lab: Any, name: str, url: str, token: str) -> str:
    code = (
        "from logger_widget.classplay import Lobby\n"
        "from logger_widget.online.client import ClassClient\n\n"
        f"lobby = Lobby({PUPILS[name]!r}, ClassClient({url!r}, {token!r}), refresh=2)\n"
        "lobby"
    )
    return str(lab.write_notebook(f"class_play_{name}.ipynb", code))


def _open(browser: Any, lab: Any, address: str) -> Any:
    # one JupyterLab for three pupils: "?reset" keeps each page to its own notebook (one workspace)
    context = browser.new_context(viewport={"width": 1300, "height": 1300})
    context.set_default_timeout(120_000)
    page = context.new_page()
    page.add_init_script(CLOCKS)
    page.goto(address)
    _run(page)
    return page


def _run(page: Any) -> None:
    """Run the notebook as a pupil does (Run → Run All Cells; a "Select Kernel" dialog accepted)."""
    run_all_cells(page, ready=f"{LOBBY}:visible")
    page.wait_for_selector(f"{LOBBY} .lw-lobby-refresh", timeout=120_000)


def test_two_notebooks_play_a_whole_game_by_clicking_a_third_watches_a_kernel_restarts(
    lab: Any, browser: Any, screenshots: Path, service: tuple[Any, Any]
) -> None:
    hub, running = service
    tokens = {name: hub.token(name) for name in PUPILS}
    pages = {name: _open(browser, lab, _notebook(lab, name, running.url, tokens[name])) for name in PUPILS}
    olena, diego, amy = pages["olena"], pages["diego"], pages["amy"]
    olena.click(f"{LOBBY} .lw-lobby-open")
    olena.wait_for_selector(f"{LOBBY} .lw-lobby-cancel")  # her seek waits for a player
    diego.click(f"{LOBBY} .lw-lobby-refresh")
    diego.click(f"{LOBBY} .lw-lobby-accept", timeout=30_000)
    wait_board(diego)
    wait_board(olena, timeout=30_000)  # her lobby's own refresh opens the game
    games = Client(running.url, tokens["olena"]).ok("GET", "games?status=active")["games"]
    assert len(games) == 1
    game = games[0]["id"]
    amy.click(f"{LOBBY} .lw-lobby-refresh")
    amy.click(f"{LOBBY} .lw-lobby-watch", timeout=30_000)
    wait_board(amy)
    context = browser.new_context(
        viewport={"width": 1400, "height": 1000},
        extra_http_headers={"Authorization": f"token {hub.token('teacher')}"},
    )
    teacher = context.new_page()
    teacher.goto(f"{running.url}dashboard/?lang=uk")
    teacher.wait_for_selector(f"article.game[data-game='{game}']", timeout=60_000)

    def after_turn(ply: int, position: Any) -> None:
        if ply == 2:  # the teacher's dashboard follows the game live
            teacher.wait_for_selector(f"article.game[data-game='{game}'][data-ply='2']", timeout=60_000)
        if ply != RESTART_AT:
            return
        kernels = json.loads(urllib.request.urlopen(lab.url + "api/sessions", timeout=30).read())
        kernel = next(s["kernel"]["id"] for s in kernels if s["path"].endswith("class_play_olena.ipynb"))
        urllib.request.urlopen(
            urllib.request.Request(f"{lab.url}api/kernels/{kernel}/restart", data=b"", method="POST"),
            timeout=60,
        ).close()
        olena.goto(f"{lab.url}lab/tree/class_play_olena.ipynb?reset")  # her tab closed and opened again
        resume(olena, _run, position)

    position, relay = play_whole_game({1: olena, 2: diego}, [amy], after_turn)
    wait_over(olena, diego, amy)
    state = Client(running.url, tokens["amy"]).ok("GET", f"games/{game}")
    assert state["status"] == "finished" and state["lpn"] == position.to_lpn(), state
    teacher.wait_for_selector(f"li.record[data-game='{game}']", timeout=60_000)  # and then its result
    olena.locator(".lw-board").screenshot(path=str(screenshots / "classplay-e2e-olena-over.png"))
    amy.locator(".lw-board").screenshot(path=str(screenshots / "classplay-e2e-amy-watching.png"))
    report(relay, screenshots, "classplay-e2e")

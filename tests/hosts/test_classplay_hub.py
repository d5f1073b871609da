"""Class play through the class hub, in Chromium: two pupils play a whole game by clicking, a third
watches it live, the teacher's dashboard shows it in progress and then its result; one pupil's
kernel is restarted (and her tab reloaded) mid-game and the game goes on.

The hub is the project's (deploy/jupyterhub, tests/hosts/hubkit.py): the class game service is its
service, each pupil's kernel reaches it with the server's own token. The pupils open the class play
notebook (notebooks/class_play_<lang>.ipynb), run it, and use the lobby's buttons: Open a seek,
Accept, Watch, Resume. Each turn is chosen by the project's greedy bot (a game of about 24 turns)
and played by clicking the board's cells and buttons.

Measured: a pupil's last click of a turn → the classmate's board redrawn with it (page clocks,
``performance.timeOrigin + performance.now()``, the same machine). Slow: about 4 to 6 minutes
(the hub's set-up, three servers, a whole game). Run it under the hub lock:
``flock /work/hub.lock timeout 1500 .venv/bin/python -m pytest tests/hosts/test_classplay_hub.py -q``.
"""

from __future__ import annotations

import json
import statistics
import sys
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hubkit import REPO, Hub, HubError, pupil_token, running_hub

sys.path.insert(0, str(REPO / "tests" / "e2e"))
from board_helpers import attr, lpn, play_by_clicks  # noqa: E402

from logger_widget import Position  # noqa: E402
from logger_widget.bots import make_bot  # noqa: E402

pytestmark = pytest.mark.slow

PUPILS = {"olena": "uk", "diego": "es", "amy": "en"}
TEACHER = "teacher"
MEM_LIMIT = 768 * 2**20  # bytes, each pupil's cap
PASSWORDS: dict[str, str] = {}
BOARD = ".lw-board"
LOBBY = ".lw-lobby"
#: the turn after which olena's kernel is restarted and her tab reloaded
RESTART_AT = 7

# Page side: the time of the last click in a board, and every redraw of the board with its position.
_CLOCKS = """
() => {
  if (window.__lwRelay) return;
  const r = (window.__lwRelay = { click: null, draws: [] });
  const now = () => performance.timeOrigin + performance.now();
  document.addEventListener('click', (e) => {
    if (e.target && e.target.closest && e.target.closest('.lw-board')) r.click = now();
  }, true);
  new MutationObserver((muts) => {
    for (const m of muts) {
      if (m.attributeName !== 'data-version') continue;
      const board = m.target;
      requestAnimationFrame(() => {
        const input = board.querySelector('[data-testid=lpn]');
        r.draws.push({ t: now(), lpn: input ? input.value : '' });
      });
    }
  }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-version'] });
}
"""


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


def _password(hub: Hub, name: str) -> str:
    """``name``'s password; the first time, the pupil logs in with the class sheet's code and chooses it."""
    if name not in PASSWORDS:
        chosen = f"{name}-secret"
        assert hub.session().login(name, hub.codes[name], new_password=chosen) == 302, f"{name}'s code failed"
        PASSWORDS[name] = chosen
    return PASSWORDS[name]


def _rest(hub: Hub, token: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        hub.url + path, data=data, method=method, headers={"Authorization": f"token {token}"}
    )
    with urllib.request.urlopen(req, timeout=120) as r:
        text = r.read().decode()
        return json.loads(text) if text else None


def _open_class_play(hub: Hub, browser: Any, name: str) -> Any:
    """``name`` logs in through Chromium and opens the class play notebook (put in their home), run."""
    language = PUPILS[name]
    notebook = f"class_play_{language}.ipynb"
    hub.start(name)
    token = pupil_token(hub, name, _password(hub, name))
    content = json.loads((REPO / "notebooks" / notebook).read_text(encoding="utf-8"))
    _rest(
        hub,
        token,
        "PUT",
        f"user/{name}/api/contents/{notebook}",
        {"type": "notebook", "format": "json", "content": content},
    )
    context = browser.new_context(viewport={"width": 1300, "height": 1400})
    context.set_default_timeout(120_000)
    page = context.new_page()
    page.add_init_script(f"({_CLOCKS})()")
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

    run_all_cells(page, ready=LOBBY)
    page.wait_for_selector(f"{LOBBY} .lw-lobby-refresh", timeout=120_000)


def _board(page: Any, timeout: float = 120_000) -> None:
    page.wait_for_selector(BOARD, timeout=timeout)
    page.wait_for_function(
        "() => Number(document.querySelector('.lw-board').dataset.version) > 0", timeout=timeout
    )


def _wait_lpn(page: Any, expected: str, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "lpn => { const i = document.querySelector('.lw-board [data-testid=lpn]'); return i && i.value === lpn; }",
        arg=expected,
        timeout=timeout,
    )


def _drawn_at(page: Any, position: str) -> float:
    """When ``page``'s board was first drawn at ``position`` (ms, page clock)."""
    draws = page.evaluate("() => window.__lwRelay.draws")
    return min(d["t"] for d in draws if d["lpn"] == position)


def _game_id(hub: Hub, token: str) -> int:
    games = _rest(hub, token, "GET", "services/classgame/api/games?status=active")["games"]
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
    _board(diego)
    _board(olena, timeout=60_000)
    game = _game_id(hub, pupil_token(hub, "olena", PASSWORDS["olena"]))
    amy.click(f"{LOBBY} .lw-lobby-refresh")
    amy.click(f"{LOBBY} .lw-lobby-watch", timeout=60_000)
    _board(amy)
    # the teacher's dashboard, logged in through the hub
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(120_000)
    teacher = context.new_page()
    teacher.goto(hub.url + "hub/login?next=" + urllib.parse.quote("/services/classgame/dashboard/?lang=uk"))
    teacher.fill("#username_input", TEACHER)
    teacher.fill("#password_input", hub.teacher_password)
    teacher.click("#login_submit")
    teacher.wait_for_selector(f"article.game[data-game='{game}']", timeout=120_000)

    pages = {1: olena, 2: diego}
    bot = make_bot("greedy", seed=0)
    position = Position.from_lpn(lpn(olena))
    relay: list[float] = []
    ply = 0
    while not position.is_terminal:
        seat = position.to_move
        mover, other = pages[seat], pages[3 - seat]
        mover.wait_for_function(
            "seat => { const r = document.querySelector('.lw-board');"
            " return r.dataset.interactive === 'true' && r.dataset.toMove === String(seat); }",
            arg=seat,
            timeout=90_000,
        )
        assert lpn(mover) == position.to_lpn()
        assert attr(other, "interactive") == "false"  # not the classmate's turn: no clicks taken there
        turn = bot.choose(position)
        play_by_clicks(mover, turn)
        position = position.play(turn)
        ply += 1
        _wait_lpn(other, position.to_lpn())
        clicked = mover.evaluate("() => window.__lwRelay.click")
        relay.append(_drawn_at(other, position.to_lpn()) - clicked)
        _wait_lpn(amy, position.to_lpn())
        if ply == 2:
            teacher.wait_for_selector(f"article.game[data-game='{game}'][data-ply='2']", timeout=60_000)
            teacher.screenshot(path=str(screenshots / "classplay-dashboard-live.png"))
        if ply == RESTART_AT:  # olena's kernel restarts and she reloads her tab: Resume, and play on
            token = pupil_token(hub, "olena", PASSWORDS["olena"])
            for session in _rest(hub, token, "GET", "user/olena/api/sessions"):
                _rest(hub, token, "POST", f"user/olena/api/kernels/{session['kernel']['id']}/restart")
            olena.reload()
            _run(olena)
            olena.click(f"{LOBBY} .lw-lobby-resume", timeout=60_000)
            _board(olena)
            _wait_lpn(olena, position.to_lpn())
    for page in (olena, diego, amy):
        page.wait_for_function(
            "() => document.querySelector('.lw-board').dataset.over === 'true'", timeout=60_000
        )
    olena.locator(BOARD).screenshot(path=str(screenshots / "classplay-olena-over.png"))
    amy.locator(BOARD).screenshot(path=str(screenshots / "classplay-amy-watching.png"))
    state = _rest(
        hub, pupil_token(hub, "amy", PASSWORDS["amy"]), "GET", f"services/classgame/api/games/{game}"
    )
    assert state["status"] == "finished" and state["ply"] == ply and state["lpn"] == position.to_lpn(), state
    teacher.wait_for_selector(f"li.record[data-game='{game}']", timeout=60_000)
    teacher.screenshot(path=str(screenshots / "classplay-dashboard-result.png"))
    figures = {
        "turns": ply,
        "relay_ms_median": round(statistics.median(relay)),
        "relay_ms_p95": round(sorted(relay)[max(0, round(0.95 * (len(relay) - 1)))]),
        "relay_ms_max": round(max(relay)),
    }
    print("\nclass play through the hub:", json.dumps(figures))
    (screenshots / "classplay.json").write_text(json.dumps(figures, indent=2) + "\n")

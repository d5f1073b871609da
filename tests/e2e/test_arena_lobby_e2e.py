"""The class arena from a pupil's notebook in Chromium (JupyterLab): the pupil clicks Join in the lobby,
is paired with a classmate (a second pupil's client, in the test), the game's board appears by itself;
at 360 px in Ukrainian neither the lobby nor the board scrolls sideways; the pupil clicks Resign and
confirms, and the board says the game is over.

The class game service (SQLite) and a real JupyterHub issuing the pupils' tokens (tests/classgamekit.py).
About 40 s (JupyterLab's start and the notebook's kernel most of it).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classgamekit import mini_hub, running_service
from classplay_helpers import LOBBY, wait_board, wait_over
from hostkit import run_all_cells
from layout_helpers import SETTLE

from logger_widget.online.client import ClassClient

pytestmark = pytest.mark.slow

#: horizontal overflow of an element: its content wider than its box, a descendant past its right
#: edge, or the element past the window's right edge (measured once the page has settled)
_OVERFLOW = """
(root) => {
  const box = root.getBoundingClientRect();
  const out = [];
  if (root.scrollWidth > root.clientWidth + 1) out.push(`scrollWidth ${root.scrollWidth} > ${root.clientWidth}`);
  if (box.right > window.innerWidth + 1) out.push(`right edge ${box.right} > window ${window.innerWidth}`);
  for (const el of root.querySelectorAll('*')) {
    if (el.closest('details:not([open])') && !el.closest('summary')) continue; // folded: not on screen
    const r = el.getBoundingClientRect();
    if (r.width > 0 && getComputedStyle(el).display !== 'none' && r.right > box.right + 1) {
      out.push(`${el.tagName}.${String(el.className).slice(0, 50)} ends at ${Math.round(r.right)} > ${Math.round(box.right)}`);
    }
  }
  return out.slice(0, 12);
}
"""


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Any]]:
    with mini_hub(["olena", "diego"]) as hub:
        db = tmp_path_factory.mktemp("arena") / "class.sqlite"
        with running_service(hub, f"sqlite:///{db}") as running:
            yield hub, running


def _overflow(page: Any, selector: str) -> list[str]:
    root = page.locator(selector).first
    root.scroll_into_view_if_needed()
    root.evaluate(SETTLE)
    return list(root.evaluate(_OVERFLOW))


def test_a_pupil_joins_the_arena_is_paired_the_board_appears_and_resigns(
    lab: Any, browser: Any, screenshots: Path, service: tuple[Any, Any]
) -> None:
    hub, running = service
    teacher = ClassClient(running.url, hub.token("teacher"))
    arena = int(teacher.request("POST", "arena", {"minutes": 20})["arena"]["id"])
    code = (
        "from logger_widget.classplay import Lobby\n"
        "from logger_widget.online.client import ClassClient\n\n"
        f"lobby = Lobby('uk', ClassClient({running.url!r}, {hub.token('olena')!r}), refresh=5)\n"
        "lobby"
    )
    address = lab.write_notebook("arena_olena.ipynb", code)
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    context.set_default_timeout(120_000)
    page = context.new_page()
    page.goto(address)
    run_all_cells(page, ready=f"{LOBBY}:visible")
    page.click(f"{LOBBY} .lw-arena-join")
    page.wait_for_selector(f"{LOBBY} .lw-arena-leave:visible")
    diego = ClassClient(running.url, hub.token("diego"))
    diego.join_arena(arena)  # the classmate joins: the service pairs the two
    deadline = time.monotonic() + 60
    while (state := diego.arena_me(arena))["state"] != "playing":
        assert time.monotonic() < deadline, state
        time.sleep(0.5)
    game = state["game"]
    wait_board(page, timeout=30_000)  # olena clicked nothing more: her lobby's arena poll opened it
    page.wait_for_selector(f"{LOBBY} .lw-arena-standings td.lw-arena-name:text-is('diego')")
    page.set_viewport_size({"width": 360, "height": 900})
    page.evaluate("() => { const s = window.jupyterapp.shell; if (!s.leftCollapsed) s.collapseLeft(); }")
    page.wait_for_function("() => window.innerWidth === 360")
    problems = {sel: _overflow(page, sel) for sel in (LOBBY, ".lw-board", ".lw-online-bar")}
    page.locator(".lw-board").evaluate("el => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(screenshots / "arena-board-uk-360.png"))
    assert not any(problems.values()), json.dumps(problems, indent=1)
    page.click(".lw-online-resign")
    page.wait_for_selector(".lw-online-resign-yes:visible")
    assert page.locator(".lw-online-resign:visible").count() == 0  # asked first: nothing sent yet
    assert diego.game(game)["status"] == "active"
    page.click(".lw-online-resign-yes")
    wait_over(page)
    state = diego.game(game)
    (seat,) = state["you"]
    assert state["result"]["reason"] == "resign" and state["result"]["left"] == [3 - seat]  # olena's seat
    page.wait_for_selector(".lw-online-bar", state="hidden")
    context.close()

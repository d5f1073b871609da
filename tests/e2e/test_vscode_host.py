"""The board in VS Code's own widget manager, offline: rendered, played by clicks, keys kept to the board.

The harness (``tests/e2e/vscode_harness``) is a VS Code notebook webview in Chromium: require.js and
``@vscode/jupyter-ipywidgets8`` preloaded as VS Code's Jupyter Renderers extension does, the Jupyter
extension's webview side, and its extension host relaying a real kernel. Every request that does not
go to the harness's loopback server is refused, as behind a school's filter: anywidget's front end
must come from the kernel environment's ``share/jupyter/nbextensions``, as VS Code loads it with no
CDN. Run time: 7–16 s for the file on a 2-core machine under load 3–5 (a Chromium, one kernel for both tests).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hostkit import (
    FIRST_TURN,
    KERNEL_TIMEOUT_MS,
    ROOT,
    lpn,
    play_first_turn,
    version,
    wait_ready,
    watch_errors,
)
from vscode_harness import Harness, install

from logger_widget import Position, Turn

BOARD_CELL = (
    "from logger_widget import Board\n"
    "board = Board(players=['human', 'random'], locale='en', seed=5, autosave=False, progress=False{extra})\n"
    "board"
)


@pytest.fixture(scope="module")
def vscode(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Harness]:
    install()  # a no-op once scripts/env.sh has installed it
    with Harness(tmp_path_factory.mktemp("vscode")) as harness:
        yield harness


def open_webview(page: Any, vscode: Harness) -> list[str]:
    """Open the notebook's webview with every outside request refused; return the refused URLs."""
    refused: list[str] = []

    def only_loopback(route: Any) -> None:
        if route.request.url.startswith(vscode.url):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort("blockedbyclient")

    page.context.route("**/*", only_loopback)
    page.goto(vscode.url)
    page.wait_for_function("() => window.vscHarness && window.vscHarness.connection === 'connected'")
    return refused


def run_board_cell(page: Any, vscode: Harness, extra: str = "") -> dict[str, Any]:
    """Run the board's cell; once the widget manager has drawn it or given up, what the webview recorded."""
    vscode.printed(BOARD_CELL.format(extra=extra))
    page.wait_for_function(
        "() => { const h = window.vscHarness; return h.rendered + h.failed.length + h.renderErrors.length > 0; }",
        timeout=KERNEL_TIMEOUT_MS,
    )
    return dict(page.evaluate("() => window.vscHarness"))


def test_board_renders_and_plays_in_vscode_widget_manager_offline(
    page: Any, vscode: Harness, screenshots: Path
) -> None:
    errors = watch_errors(page)
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    refused = open_webview(page, vscode)
    state = run_board_cell(page, vscode)
    assert state["failed"] == [] and state["renderErrors"] == [], state
    board = page.locator(ROOT)
    wait_ready(board)
    # anywidget came from the kernel's environment, through the extension host's answer and require.js
    assert [s["moduleName"] for s in state["sources"]] == ["anywidget"], state["sources"]
    source = state["sources"][0]
    assert source["source"] == "local" and source["scriptUri"].endswith(
        "/jupyter/nbextensions/anywidget/index"
    )
    assert f"{vscode.url}jupyter/nbextensions/anywidget/index.js" in requested
    assert {"anywidget:AnyModel", "anywidget:AnyView"} <= set(state["loaded"]), state["loaded"]

    # a pupil's clicks on the board play the turn; the kernel's game has it
    play_first_turn(board)
    first = vscode.printed("print(board.game.turns[0])")
    assert Turn.parse(first.strip()) == Position.initial(2).parse_turn(FIRST_TURN)

    # keys the board acts on stay in the board: VS Code's webview listens for keydown on its window (bubbling)
    # and hands each key it sees to the editor's shortcuts
    page.wait_for_function(
        "el => el.dataset.interactive === 'true' && el.dataset.toMove === '1'", arg=board.element_handle()
    )
    page.evaluate(
        "() => { window.lwKeys = []; window.addEventListener('keydown', e => lwKeys.push(e.key)); }"
    )
    before = lpn(board)
    chosen = board.locator("[data-cell][tabindex='0']").first  # the grid's focus stop: a cell one can choose
    cell = chosen.get_attribute("data-cell")
    chosen.focus()
    for key in ("ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"):  # moves the focus in the grid
        page.keyboard.press(key)
    board.locator(f"[data-cell={cell}]").focus()
    v0 = version(board)
    page.keyboard.press("Enter")  # choose the focused cell (a redraw)…
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[board.element_handle(), v0])
    v1 = version(board)
    page.keyboard.press("Escape")  # …and back (a redraw)
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[board.element_handle(), v1])
    page.keyboard.press("Tab")  # a key the board leaves alone reaches the window, as always
    assert page.evaluate("() => lwKeys") == ["Tab"]
    assert lpn(board) == before  # choosing and going back played nothing

    assert refused == [], f"the page asked for outside resources: {refused}"
    # and outside requests were indeed refused (the CDN VS Code would try when allowed to)
    probe = "() => fetch('https://cdn.jsdelivr.net/npm/anywidget/package.json').then(() => 'got', () => 'refused')"
    assert page.evaluate(probe) == "refused"
    assert errors == []
    board.screenshot(path=str(screenshots / "hosts-vscode-board.png"))


def test_a_widget_module_the_kernel_environment_lacks_is_reported_not_drawn(
    page: Any, vscode: Harness
) -> None:
    """The harness fails as VS Code would: no nbextensions entry for the model's module, no board."""
    open_webview(page, vscode)
    state = run_board_cell(page, vscode, extra=", _model_module='logger-widget-not-installed'")
    assert state["sources"] == [{"moduleName": "logger-widget-not-installed"}]  # no script found
    assert [f["module"] for f in state["failed"]] == ["logger-widget-not-installed"]
    assert page.locator(ROOT).count() == 0

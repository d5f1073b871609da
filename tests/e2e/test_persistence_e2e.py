"""Saved games in the browser: a saved game comes back after a kernel restart (the Resume button), and a
notebook saved with its widget state shows the last board when it is reopened without running a cell.

Both use the shared JupyterLab server and Chromium of ``tests/browser_fixtures.py``.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from board_helpers import (
    KERNEL_TIMEOUT_MS,
    ROOT,
    _wait_kernel_idle,
    attr,
    click_and_wait,
    lpn,
    open_board,
    play_by_clicks,
    wait_human_turn,
)

from logger_widget import Game, Position
from logger_widget.bots import make_bot

Lab = Any
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
#: ipywidgets' JupyterLab setting "Save Widget State Automatically"
WIDGETS_PLUGIN = "@jupyter-widgets/jupyterlab-manager:plugin"


def _play_turns(page: Any, turns: int) -> list[str]:
    """Play ``turns`` whole turns by clicking (both seats are people); return the history shown."""
    planner = make_bot("greedy", seed=2)
    for _ in range(turns):
        seat = int(attr(page, "toMove"))
        assert wait_human_turn(page, seat)
        play_by_clicks(page, planner.choose(Position.from_lpn(lpn(page))))
    page.wait_for_function(
        "n => document.querySelectorAll('.lw-board [data-testid=history] .lw-history-item').length === n",
        arg=turns,
        timeout=30_000,
    )
    return _history(page)


def _history(page: Any) -> list[str]:
    return page.eval_on_selector_all(
        f"{ROOT} [data-testid=history] .lw-history-item code", "els => els.map(e => e.textContent)"
    )


def test_resume_button_after_a_kernel_restart(page: Any, lab: Lab, screenshots: Path) -> None:
    code = "from logger_widget import Board\nboard = Board(players=['human', 'human'], locale='uk', seed=5)\nboard"
    open_board(page, lab, "resume.ipynb", code)
    assert page.locator("[data-testid=resume]").is_hidden()
    history = _play_turns(page, 3)
    before = lpn(page)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:restart-kernel'); }")
    page.click(".jp-Dialog .jp-mod-accept", timeout=60_000)
    _wait_kernel_idle(page)
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_selector("[data-testid=resume]:not([hidden])", timeout=KERNEL_TIMEOUT_MS)
    button = page.inner_text("[data-testid=resume]")
    assert button == "Продовжити збережену гру (3 ходи)", button
    assert lpn(page) != before and _history(page) == []  # a fresh board, the saved game offered
    page.locator(ROOT).screenshot(path=str(screenshots / "20-resume-offered-uk.png"))
    click_and_wait(page, "[data-testid=resume]")
    assert lpn(page) == before and _history(page) == history
    assert page.locator("[data-testid=resume]").is_hidden()
    assert page.inner_text("[data-testid=message]").startswith("Збережену гру відновлено")
    page.locator(ROOT).screenshot(path=str(screenshots / "21-resumed-uk.png"))
    saved = list((lab.root / ".logger_games").glob("resume-*.json"))
    assert len(saved) == 1 and Game.load(saved[0]).position.to_lpn() == before
    assert page.lw_errors == []  # type: ignore[attr-defined]


def _set_save_widget_state(lab: Lab, on: bool) -> None:
    """Turn JupyterLab's "Save Widget State Automatically" on or off (settings REST API)."""
    body = json.dumps({"raw": json.dumps({"saveState": on})}).encode()
    req = urllib.request.Request(
        f"{lab.url}lab/api/settings/{WIDGETS_PLUGIN}",
        data=body,
        method="PUT",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        assert r.status in (200, 204)


def test_notebook_saved_with_widget_state_reopens_with_the_last_board(
    page: Any, lab: Lab, screenshots: Path
) -> None:
    name = "saved_state.ipynb"
    code = (
        "from logger_widget import Board\n"
        "board = Board(players=['human', 'human'], locale='es', seed=6, autosave=False)\nboard"
    )
    _set_save_widget_state(lab, True)
    try:
        open_board(page, lab, name, code)
        start = lpn(page)
        history = _play_turns(page, 2)
        last = lpn(page)
        assert last != start
        page.evaluate("async () => { await window.jupyterapp.commands.execute('docmanager:save'); }")
        page.wait_for_function(
            "() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=30_000
        )
        saved = json.loads((lab.root / name).read_text(encoding="utf-8"))
        states = [
            m["state"]
            for m in saved["metadata"]["widgets"][WIDGET_STATE]["state"].values()
            if "lpn" in m.get("state", {})
        ]
        assert [s["lpn"] for s in states] == [last], "the saved widget state holds the last position"

        # close everything, then reopen the notebook: no cell is run
        page.evaluate("async () => { await window.jupyterapp.commands.execute('kernelmenu:shutdown'); }")
        page.goto(f"{lab.url}lab/tree/{name}?reset")
        page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.shell", timeout=KERNEL_TIMEOUT_MS
        )
        _wait_kernel_idle(page)
        page.wait_for_selector(f"{ROOT}[data-version]:not([data-version='0'])", timeout=KERNEL_TIMEOUT_MS)
        assert lpn(page) == last and _history(page) == history
        pieces = page.eval_on_selector_all(f"{ROOT} [data-piece]", "els => els.length")
        assert pieces >= 3  # two loggers and the trees: not a blank board
        page.locator(ROOT).screenshot(path=str(screenshots / "22-reopened-with-widget-state-es.png"))
    finally:
        _set_save_widget_state(lab, False)
    assert page.lw_errors == []  # type: ignore[attr-defined]

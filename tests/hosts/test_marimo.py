"""marimo: ``marimo run notebooks/play_marimo.py`` headless, a turn played by clicking in Chromium.

The board is wrapped as ``mo.ui.anywidget(Board(...))``; the notebook's third cell
reads ``board.value["lpn"]`` and the game, so after a turn that cell's output must
show the new position (the wrapped widget's state is readable from another cell).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hostkit import FIRST_TURN, REPO, ROOT, e2e, play_first_turn, wait_ready
from portkit import free_port

from logger_widget import Position

NOTEBOOK = REPO / "notebooks" / "play_marimo.py"


@pytest.fixture(scope="module")
def marimo_app() -> Iterator[str]:
    pytest.importorskip("marimo", reason="marimo is in the dev extra: bash scripts/env.sh installs it")
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="logger-marimo-"))
    log = tmp / "marimo.log"
    env = dict(os.environ, PYTHONPATH=str(REPO), HOME=str(tmp), MARIMO_SKIP_UPDATE_CHECK="1")
    cmd = [sys.executable, "-m", "marimo", "run", str(NOTEBOOK), "--headless", "--host", "127.0.0.1"]
    cmd += ["--port", str(port), "--no-token"]
    with log.open("wb") as out:
        proc = subprocess.Popen(
            cmd, cwd=tmp, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        e2e.wait_until_serving(proc, url, "marimo", 120, lambda: log.read_text(errors="replace")[-3000:])
        yield url
    finally:
        e2e._stop(proc)
        assert proc.poll() is not None, "marimo is still running"


def test_marimo_run_play_a_turn_state_read_by_another_cell(
    page: Any, marimo_app: str, screenshots: Path
) -> None:
    page.goto(marimo_app + "?lang=es")
    board = page.locator(ROOT)
    wait_ready(board)
    assert board.get_attribute("lang") == "es"
    start = Position.initial(2).to_lpn()
    cell = page.locator("[data-testid=marimo-lpn]")
    cell.wait_for(timeout=60_000)
    assert cell.inner_text() == start
    play_first_turn(board)
    after = Position.initial(2).play(FIRST_TURN).to_lpn()
    # the other cell reran with the board's new state (the bot may have replied since)
    page.wait_for_function(
        "s => { const c = document.querySelector('[data-testid=marimo-lpn]'); return c && c.innerText !== s; }",
        arg=start,
        timeout=30_000,
    )
    shown = cell.inner_text()
    assert shown == after or int(page.locator("[data-testid=marimo-plies]").inner_text()) >= 2
    page.screenshot(path=str(screenshots / "hosts-marimo-es.png"), full_page=True)
    assert page.lw_errors == []  # type: ignore[attr-defined]

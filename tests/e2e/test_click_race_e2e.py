"""End to end: a click racing a background repaint of the board, in a real JupyterLab and Chromium.

The kernel repaints the board every 20 ms (what a bot's "thinking…" line, the review's progress or a
classmate's presence does) while the pupil clicks a turn: every click is taken.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from board_helpers import ROOT, attr, open_board

pytestmark = pytest.mark.e2e

Lab = Any  # conftest.Lab

CODE = """\
import asyncio
from logger_widget import Board
board = Board(players=['human', 'human'], locale='en', seed=1, autosave=False, progress=False)

async def repaint():  # on the kernel's loop, between the page's messages
    i = 0
    while len(board.game.turns) < 2:
        i += 1
        board.notify('info', f'background line {i}')
        await asyncio.sleep(0.02)

task = asyncio.ensure_future(repaint())
board
"""


def _click_until(page: Any, cell: str, stage: str) -> None:
    """A real click on ``cell``; it must be taken (the board reaches ``stage``), never dropped."""
    page.click(f"{ROOT} [data-cell={cell}]")
    page.wait_for_function(
        """stage => { const r = document.querySelector('.lw-board');
                      return r.dataset.stage === stage && r.dataset.answer === 'ok'; }""",
        arg=stage,
        timeout=30_000,
    )


def test_clicks_racing_a_background_repaint_are_all_taken(page: Any, lab: Lab, screenshots: Path) -> None:
    open_board(page, lab, "click_race.ipynb", CODE)
    v0 = int(attr(page, "version"))
    page.wait_for_function(  # the repaints are running
        "v => Number(document.querySelector('.lw-board')?.dataset.version) > v + 5", arg=v0, timeout=30_000
    )
    _click_until(page, "a3", "plant")  # Player 1: a1 to a3 (c3 grows), then plant
    page.click(f"{ROOT} [data-cell=b3]")  # the turn a1-a3 *b3: Player 2 to move
    page.wait_for_function(
        "() => document.querySelector('.lw-board')?.dataset.toMove === '2'", timeout=30_000
    )
    _click_until(page, "e4", "plant")
    page.locator(ROOT).screenshot(path=str(screenshots / "click-race-800.png"))
    assert "not taken" not in page.locator(f"{ROOT} .lw-notice-text").inner_text()

"""A board of four bots in JupyterLab plays at its ``bot_delay`` pace from the first turn.

Before, the kernel counted as headless until the board's view sent a message, so the whole game was
played inside the cell and the page first showed it over. JupyterLab sends each cell's id with the code
it runs; a board made by such a cell plays its bots in the background, turn by turn.
"""

from __future__ import annotations

import time
from typing import Any

from board_helpers import ROOT, attr, lpn, open_board

CODE = (
    "from logger_widget import Board\n"
    "board = Board(['random'] * 4, seed=1, bot_delay=0.3, locale='en', autosave=False)\nboard"
)


def test_a_bots_only_board_is_watchable_from_the_first_turn(page: Any, lab: Any) -> None:
    open_board(page, lab, "four_bots.ipynb", CODE)
    assert attr(page, "over") == "false", "the game was over before the board was drawn"
    seen = {lpn(page)}
    end = time.monotonic() + 20
    while time.monotonic() < end and len(seen) < 4 and attr(page, "over") == "false":
        page.wait_for_timeout(100)
        seen.add(lpn(page))
    assert len(seen) >= 4, "the page showed the bots' turns one by one"
    assert page.eval_on_selector(ROOT, "el => el.isConnected")

"""Progress that lasts, in the browser: a lesson solved by clicks shows as done after a kernel restart.

The default of a lesson board (``progress=True``) in a JupyterLab notebook: the kernel writes the
progress file beside the notebook (mode 0600), and the lesson board of the restarted kernel says
the lesson was finished before. Uses the shared JupyterLab server and Chromium of
``tests/browser_fixtures.py``; about 40 s.
"""

from __future__ import annotations

import stat
from pathlib import Path
from typing import Any

from board_helpers import KERNEL_TIMEOUT_MS, ROOT, _wait_kernel_idle, open_board, play_by_clicks

from logger_widget.classroom.tutorial import lesson

Lab = Any
DONE = "✓ You have finished this lesson before."


def test_a_lesson_solved_by_clicks_shows_as_done_after_a_kernel_restart(
    page: Any, lab: Lab, screenshots: Path
) -> None:
    (lab.root / ".logger_progress.sqlite").unlink(missing_ok=True)
    code = "from logger_widget.classroom.tutorial import LessonBoard\nLessonBoard('plant', 'en')"
    open_board(page, lab, "progress.ipynb", code)
    task = page.locator(f"{ROOT} [data-testid=task]")
    assert DONE not in task.inner_text()
    plant = lesson("plant")
    play_by_clicks(page, plant.position.parse_turn(plant.solution))
    page.wait_for_selector(f"{ROOT} [data-testid=message]", timeout=30_000)
    saved = lab.root / ".logger_progress.sqlite"
    assert saved.exists() and stat.S_IMODE(saved.stat().st_mode) == 0o600
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:restart-kernel'); }")
    page.click(".jp-Dialog .jp-mod-accept", timeout=60_000)
    _wait_kernel_idle(page)
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(
        "text => [...document.querySelectorAll('.lw-board [data-testid=task]')].some(e => e.textContent.includes(text))",
        arg=DONE,
        timeout=KERNEL_TIMEOUT_MS,
    )
    page.locator(ROOT).screenshot(path=str(screenshots / "30-lesson-done-after-restart-en.png"))
    assert page.lw_errors == []  # type: ignore[attr-defined]

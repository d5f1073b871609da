"""Jupyter Notebook 7 and Voilà app mode, served by the shared test server, driven in Chromium.

Notebook 7 (``/notebooks/<path>``) and Voilà (``/voila/render/<path>``) are
server extensions of the same ``jupyter_server`` as JupyterLab, so the
``lab`` fixture's server serves them (no second server to start).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hostkit import (
    KERNEL_TIMEOUT_MS,
    ROOT,
    copy_notebooks,
    lpn,
    play_first_turn,
    run_all_cells,
    wait_ready,
    watch_errors,
)

from logger_widget import Position
from logger_widget.classroom.tutorial import LESSONS
from logger_widget.i18n import Translator
from logger_widget.i18n.texts.notebooks import PLAY


def test_notebook7_tutorial_renders_and_final_game_is_playable(
    page: Any, lab: Any, screenshots: Path
) -> None:
    copy_notebooks(lab.root, "tutorial_uk.ipynb")
    errors = watch_errors(page)
    page.goto(f"{lab.url}notebooks/tutorial_uk.ipynb")
    # Notebook 7's own shell, not JupyterLab's
    page.wait_for_selector("#main-panel, .jp-NotebookApp, #top-panel", timeout=KERNEL_TIMEOUT_MS)
    assert "/lab" not in page.url
    run_all_cells(page)
    boards = page.locator(ROOT)
    # one board per lesson plus the final game
    boards.nth(len(LESSONS)).wait_for(state="attached", timeout=KERNEL_TIMEOUT_MS)
    assert boards.count() == len(LESSONS) + 1
    for i in range(boards.count()):
        wait_ready(boards.nth(i))
        assert boards.nth(i).get_attribute("lang") == "uk"
    final = boards.last
    final.scroll_into_view_if_needed()
    play_first_turn(final)
    final.screenshot(path=str(screenshots / "hosts-notebook7-tutorial-uk.png"))
    assert errors == []


def test_notebook7_play_notebook(page: Any, lab: Any, screenshots: Path) -> None:
    copy_notebooks(lab.root, "play_vs_bots_es.ipynb")
    errors = watch_errors(page)
    page.goto(f"{lab.url}notebooks/play_vs_bots_es.ipynb")
    run_all_cells(page)
    board = page.locator(ROOT).first
    wait_ready(board)
    assert board.get_attribute("lang") == "es"
    play_first_turn(board)
    board.screenshot(path=str(screenshots / "hosts-notebook7-play-es.png"))
    assert errors == []


def test_voila_app_language_from_url_and_two_tabs_two_games(page: Any, lab: Any, screenshots: Path) -> None:
    copy_notebooks(lab.root, "play_app.ipynb")
    errors = watch_errors(page)
    url = f"{lab.url}voila/render/play_app.ipynb"
    page.goto(url + "?lang=es")
    board = page.locator(ROOT)
    wait_ready(board)
    # Voilà shows no code: no input areas, only the title and the board
    assert page.locator(".jp-InputArea, .CodeMirror, .cm-editor").count() == 0
    assert board.get_attribute("lang") == "es"
    title = Translator("es").translate(PLAY["title"])
    assert page.locator("h1.lw-app-title").inner_text() == title
    play_first_turn(board)
    page.screenshot(path=str(screenshots / "hosts-voila-es.png"), full_page=True)

    # a second tab: its own kernel, its own game, its own language
    tab2 = page.context.new_page()
    tab2.goto(url + "?lang=uk")
    board2 = tab2.locator(ROOT)
    wait_ready(board2)
    assert board2.get_attribute("lang") == "uk"
    assert lpn(board2) == Position.initial(2).to_lpn()
    assert "a1-a3" not in board2.locator("[data-testid=history]").inner_text()  # tab 1's turn is not here
    play_first_turn(board2)
    # the first tab's game is still its own: its position is not tab 2's
    assert "a1-a3" in board.locator("[data-testid=history]").inner_text()
    assert board.get_attribute("lang") == "es"
    tab2.close()
    assert errors == []


def test_keys_the_board_acts_on_do_not_reach_the_page(page: Any, lab: Any) -> None:
    """Hosts that bind keys on the document (VS Code's notebook) must not also act on the board's keys.
    Before: the board called preventDefault only, and a listener on the document saw every key."""
    copy_notebooks(lab.root, "play_app.ipynb")
    page.goto(f"{lab.url}voila/render/play_app.ipynb?lang=en")
    board = page.locator(ROOT)
    wait_ready(board)
    page.evaluate(
        "() => { window.lwKeys = []; document.addEventListener('keydown', e => lwKeys.push(e.key)); }"
    )
    page.focus("[data-cell][tabindex='0']")  # a cell that can be chosen
    cell = page.evaluate("() => document.activeElement.dataset.cell")
    for key in ("ArrowLeft", "ArrowDown", "ArrowUp", "ArrowRight"):
        page.keyboard.press(key)
    page.focus(f"[data-cell={cell}]")
    v0 = int(board.get_attribute("data-version") or 0)
    page.keyboard.press("Enter")  # choose the focused cell…
    page.wait_for_function("v => Number(document.querySelector('.lw-board')?.dataset.version) > v", arg=v0)
    v1 = int(board.get_attribute("data-version") or 0)
    page.keyboard.press("Escape")  # …and back
    page.wait_for_function("v => Number(document.querySelector('.lw-board')?.dataset.version) > v", arg=v1)
    page.keyboard.press("Tab")  # a key the board leaves alone reaches the page, as always
    assert page.evaluate("() => lwKeys") == ["Tab"]

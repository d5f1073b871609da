"""The puzzle board in a real JupyterLab: a wrong turn by clicks ("wrong" + why, the reply
on the board), then the right one, then Next; screenshots at 800 and 1400 px, light and dark, in uk and es."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from board_helpers import ROOT, attr, click_and_wait, lpn, open_board, play_by_clicks, wrong_turn
from layout_helpers import MEASURE, set_theme, set_width

from logger_widget import Position
from logger_widget.puzzles import load_puzzles

pytestmark = pytest.mark.e2e

WORDS = {
    "uk": {
        "wrong": "Це не найкращий хід.",
        "right": "Правильно!",
        "second": "Задача 2 з",
        "hint": "Підказка. ",
        "solution": "Розв’язок",
    },
    "es": {
        "wrong": "No es la mejor jugada.",
        "right": "¡Correcto!",
        "second": "Problema 2 de",
        "hint": "Pista: ",
        "solution": "Solución",
    },
}
HINT_TEXT = "[data-testid=hint-text]"


@pytest.mark.parametrize("lang", ["uk", "es"])
def test_puzzle_wrong_then_right_then_next(page: Any, lab: Any, screenshots: Path, lang: str) -> None:
    puzzle = load_puzzles()[0]
    code = f"from logger_widget.board import PuzzleBoard\nboard = PuzzleBoard(locale={lang!r}, bot_mode='sync')\nboard"
    open_board(page, lab, f"puzzle_{lang}.ipynb", code)
    assert lpn(page) == puzzle.lpn
    task = page.inner_text("[data-testid=task]")
    assert task.startswith("Задача 1 з" if lang == "uk" else "Problema 1 de")

    shots = screenshots / "puzzles"
    shots.mkdir(exist_ok=True)
    # the first hint: the idea and one cell, the button now offers the solution
    click_and_wait(page, "[data-testid=hint]")
    page.wait_for_selector(f"{HINT_TEXT}:not([hidden])")
    first_hint = page.inner_text(HINT_TEXT)
    assert first_hint.startswith(WORDS[lang]["hint"]), first_hint
    solution = Position.from_lpn(puzzle.lpn).parse_turn(sorted(puzzle.solutions)[0])
    assert solution.notation() not in first_hint
    assert page.inner_text("[data-testid=hint]") == WORDS[lang]["solution"]
    assert page.locator(".lw-cell.lw-suggested").count() == 1
    page.set_viewport_size({"width": 1400, "height": 2000})
    page.wait_for_timeout(300)
    page.locator(ROOT).screenshot(path=str(shots / f"puzzle-hint-{lang}.png"))

    play_by_clicks(page, wrong_turn(puzzle))
    page.wait_for_selector(f"{ROOT}[data-stage=solved]")
    message = page.inner_text("[data-testid=message]")
    assert message.startswith(WORDS[lang]["wrong"]), message
    assert lpn(page) != puzzle.lpn, "the reply is on the board"
    assert page.locator("[data-testid=next-lesson]").is_visible()

    problems = {}
    for theme in ("light", "dark"):
        set_theme(page, theme)
        for width in (800, 1400):
            set_width(page, width)
            root = page.locator(ROOT)
            root.scroll_into_view_if_needed()
            found = root.evaluate(MEASURE)
            if found:
                problems[f"{theme}-{width}"] = found
            page.set_viewport_size({"width": width, "height": 2000})  # the whole board in the picture
            page.wait_for_timeout(300)
            root.screenshot(path=str(shots / f"puzzle-wrong-{lang}-{theme}-{width}.png"))
    set_theme(page, "light")
    set_width(page, 1400)
    assert not problems, problems

    click_and_wait(page, "[data-testid=restart-lesson]")
    assert lpn(page) == puzzle.lpn and attr(page, "interactive") == "true"
    # both hints: the second shows the solution's notation
    click_and_wait(page, "[data-testid=hint]")
    click_and_wait(page, "[data-testid=hint]")
    page.wait_for_function(
        "n => (document.querySelector('[data-testid=hint-text]')?.textContent || '').includes(n)",
        arg=solution.notation().replace(" ", "\u00a0"),  # a turn in a sentence never breaks
        timeout=30_000,
    )
    assert page.is_disabled("[data-testid=hint]")
    play_by_clicks(page, solution)
    page.wait_for_selector(f"{ROOT}[data-stage=solved]")
    assert page.inner_text("[data-testid=message]").startswith(WORDS[lang]["right"])
    page.set_viewport_size({"width": 1400, "height": 2000})
    page.wait_for_timeout(300)
    page.locator(ROOT).screenshot(path=str(shots / f"puzzle-right-{lang}.png"))

    click_and_wait(page, "[data-testid=next-lesson]")
    assert lpn(page) == load_puzzles()[1].lpn
    assert page.inner_text("[data-testid=task]").startswith(WORDS[lang]["second"])
    assert not page.lw_errors, page.lw_errors

"""The board's Review mode in a real JupyterLab with Chromium.

A loaded record where Player 1 walked away from a three-tree chop: the pupil presses
"Review the game" (clicked at its on-screen position), waits for the search, reads the
sentence, sees the better chop drawn on the board, steps with the buttons and the arrow
keys, switches language, and leaves the review. Screenshots at 800 and 1400 px in uk and
es, light and dark, checked for clipped text with the layout sweep's measure.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from board_helpers import ROOT, attr, click_at_and_wait, open_board
from layout_helpers import MEASURE, set_theme, set_width

pytestmark = pytest.mark.e2e

MISS = "...../...../....2/...../1mmm. 1 0,0 2,2"

CODE = (
    "from logger_widget import Board, Game\n"
    f"game = Game({MISS!r})\n"
    "game.play('a1-a3 *b3'); game.play('e3-e1 +b2,c2,d2 xd1')\n"
    "board = Board(players=['human', 'human'], locale='uk', record=game, seed=0, autosave=False)\n"
    "board"
)

SENTENCE = "[data-testid=review-sentence]"
EXPECTED = {
    "uk": "Якби зрубати b1, упали б 3 дерева: +3 очки.",
    "es": "Cortar b1 habría derribado 3 árboles: +3 puntos.",
}


#: how many elements on screen show ``text`` in their own text (elements hidden or clipped to 1 px not counted)
_SHOWN_TIMES = """
(root, text) => [...root.querySelectorAll('*')].filter((el) => {
  const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('');
  const r = el.getBoundingClientRect();
  return own.includes(text) && r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
}).length
"""


def _sentence(page: Any) -> str:
    return page.inner_text(SENTENCE)


def _wait_step(page: Any, ply: int) -> None:
    """Wait until the review shows turn ``ply``: the step line's first number ("Jugada 2 de 2").

    Not "the line contains the number": the line of turn 1 of 2 also contains a 2.
    """
    page.wait_for_function(
        "p => { const s = document.querySelector('[data-testid=review-step]');"
        " const first = s && s.offsetParent !== null && /\\d+/.exec(s.textContent);"
        " return !!first && first[0] === String(p); }",
        arg=ply,
        timeout=30_000,
    )


def test_review_mode_in_the_browser(page: Any, lab: Any, screenshots: Path) -> None:
    shots = screenshots / "review"
    shots.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1400, "height": 900})
    open_board(page, lab, "review.ipynb", CODE)
    page.wait_for_selector("[data-testid=review-open]:not([hidden])")
    assert page.inner_text("[data-testid=review-open]") == "Розібрати гру"
    click_at_and_wait(page, "[data-testid=review-open]")
    # the search runs in the background: the progress shows, then the first mistake
    page.wait_for_selector(f"{SENTENCE}:not([hidden])", timeout=120_000)
    assert attr(page, "review") == "blunder"
    assert EXPECTED["uk"] in _sentence(page)
    assert page.get_attribute(SENTENCE, "aria-live") == "polite"
    # the title is printed once (the status line "Розбір гри: Хід 1 з 2"), the panel keeps it as its name
    shown = page.eval_on_selector(ROOT, _SHOWN_TIMES, "Розбір гри")
    assert shown == 1, f"'Розбір гри' is shown {shown} times"
    assert (
        page.eval_on_selector(
            "[data-testid=review]",
            "el => document.getElementById(el.getAttribute('aria-labelledby')).textContent",
        )
        == "Розбір гри"
    )
    # the better chop (b1, felling b1-d1) and the turn played (to a3, planting b3) are drawn
    assert page.get_attribute("[data-cell=b1]", "data-review") == "better"
    assert page.get_attribute("[data-cell=a3]", "data-review") == "played"
    assert "lw-review-fell" in (page.get_attribute("[data-cell=d1]", "class") or "")
    assert page.locator(".lw-arrow-played").count() == 1
    # buttons are labelled and the board refuses clicks while reviewing
    for testid in ("review-prev", "review-next", "review-exit"):
        assert page.inner_text(f"[data-testid={testid}]").strip()
    assert page.is_disabled("[data-testid=review-prev]")
    assert page.is_hidden("[data-testid=replay-exit]")  # one way out: "Exit review"
    # the game's replay slider names the reviewed turn (it read "Start": the position before turn 1)
    assert page.get_attribute("[data-testid=replay]", "aria-valuetext") == "Хід 1 з 2"
    assert page.locator(".lw-historybox .lw-replay-value").inner_text() == "Хід 1 з 2"
    history = page.locator(".lw-historybox")
    history.scroll_into_view_if_needed()
    history.screenshot(path=str(shots / "review-uk-history.png"))
    click_at_and_wait(page, "[data-cell=c3]")
    assert "Вийти з розбору" in page.inner_text("[data-testid=message]")

    for lang in ("uk", "es"):
        if lang == "es":
            page.select_option("[data-testid=locale]", "es")
            page.wait_for_function("() => document.querySelector('.lw-board')?.getAttribute('lang') === 'es'")
            assert EXPECTED["es"] in _sentence(page)
        for theme in ("light", "dark"):
            set_theme(page, theme)
            for width in (800, 1400):
                set_width(page, width)
                tag = f"review-{lang}-{theme}-{width}"
                page.eval_on_selector(ROOT, "el => el.scrollIntoView({ block: 'start' })")
                page.screenshot(path=str(shots / f"{tag}-board.png"))
                page.locator("[data-testid=review]").scroll_into_view_if_needed()
                page.screenshot(path=str(shots / f"{tag}-panel.png"))
                problems = page.eval_on_selector(ROOT, MEASURE)
                clipped = [p for p in problems if p["kind"] in ("clipped", "outside")]
                assert clipped == [], (tag, clipped)

    # step on with the button and back with the keyboard
    click_at_and_wait(page, "[data-testid=review-next]")
    _wait_step(page, 2)
    assert page.is_disabled("[data-testid=review-next]")
    assert page.get_attribute("[data-testid=replay]", "aria-valuetext") == "Jugada 2 de 2"
    # turn 2 was the best turn: drawn as the best (solid, star), never with the mistake's ✗ and dashes
    assert page.get_attribute("[data-cell=e1]", "data-review") == "better"
    assert page.locator(".lw-arrow-played").count() == 0
    page.focus("[data-testid=review-exit]")
    page.keyboard.press("ArrowLeft")
    _wait_step(page, 1)
    assert EXPECTED["es"] in _sentence(page)
    # the review's slider steps with the arrows and keeps the focus (it fell onto the notebook's next cell)
    page.focus("[data-testid=review-slider]")
    page.keyboard.press("ArrowRight")
    _wait_step(page, 2)
    focused = "() => document.activeElement && document.activeElement.dataset.testid"
    assert page.evaluate(focused) == "review-slider"
    page.keyboard.press("ArrowLeft")
    _wait_step(page, 1)
    assert page.evaluate(focused) == "review-slider"
    click_at_and_wait(page, "[data-testid=review-exit]")
    page.wait_for_selector(
        "[data-testid=review]", state="hidden", timeout=30_000
    )  # the redraw may follow the answer
    assert attr(page, "review") == "false"
    assert page.locator("[data-cell][data-review]").count() == 0
    assert page.lw_errors == []  # type: ignore[attr-defined]

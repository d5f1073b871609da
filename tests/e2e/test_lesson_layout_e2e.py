"""What a pupil sees of a lesson or puzzle board while clicking: at 400 px a notice shown after a
click never moves the board; no word is broken in the middle at 360–400 px; a 4-player puzzle's
status line, board, action buttons and Hint fit one 1400 × 900 window (JupyterLab's default layout,
file browser open). Every measurement is taken on a settled page (``layout_helpers.SETTLE``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from board_helpers import click_at_and_wait, open_board, play_by_clicks
from layout_helpers import BROKEN_WORDS, MEASURE, SETTLE, set_width

from logger_widget import Position

pytestmark = pytest.mark.e2e

#: the board's top-left corner relative to the board's root (moves when something is inserted above)
_GRID_OFFSET = """(root) => { const g = root.querySelector('.lw-gridwrap').getBoundingClientRect();
  const r = root.getBoundingClientRect(); return [Math.round(g.left - r.left), Math.round(g.top - r.top)]; }"""


def _lesson(page: Any, lab: Any, name: str, lang: str) -> Any:
    code = f"from logger_widget.classroom.tutorial import LessonBoard\nboard = LessonBoard('movement', {lang!r})\nboard"
    return open_board(page, lab, name, code)


def test_a_notice_after_a_click_does_not_move_the_board(page: Any, lab: Any, screenshots: Path) -> None:
    root = _lesson(page, lab, "lesson_notice.ipynb", "en")
    for width in (400, 1400):
        set_width(page, width)
        root.evaluate("el => el.scrollIntoView({block: 'start'})")
        root.evaluate(SETTLE)
        assert page.is_hidden("[data-testid=notice]")
        before = root.evaluate(_GRID_OFFSET)
        click_at_and_wait(page, "[data-cell=a3]")  # a wrong walk: the lesson explains and takes it back
        page.wait_for_selector("[data-testid=notice]:not([hidden])")
        root.evaluate(SETTLE)
        after = root.evaluate(_GRID_OFFSET)
        root.screenshot(path=str(screenshots / f"lesson-notice-{width}.png"))
        assert after == before, f"{width} px: the board moved from {before} to {after} when the notice came"
        click_at_and_wait(page, "[data-testid=restart-lesson]")  # the notice goes: again no move
        root.evaluate(SETTLE)
        assert root.evaluate(_GRID_OFFSET) == before
    assert not page.lw_errors, page.lw_errors


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_word_breaks_in_the_middle_on_a_narrow_screen(page: Any, lab: Any, lang: str) -> None:
    root = _lesson(page, lab, f"lesson_words_{lang}.ipynb", lang)
    broken = {}
    for width in (400, 360):
        set_width(page, width)
        root.evaluate("el => el.scrollIntoView({block: 'start'})")
        root.evaluate(SETTLE)
        words = root.evaluate(BROKEN_WORDS)
        if words:
            broken[width] = words
    assert not broken, broken


def test_a_four_player_puzzle_fits_one_1400_by_900_screen(page: Any, lab: Any, screenshots: Path) -> None:
    code = (
        "from logger_widget.board import PuzzleBoard\nfrom logger_widget.puzzles import load_puzzles\n"
        "four = next(p.id for p in load_puzzles() if len(p.position.scores) == 4)\n"
        "board = PuzzleBoard([four], locale='uk', bot_mode='sync')\nboard"
    )  # the first puzzle of four players (the set's first may have two)
    root = open_board(page, lab, "puzzle_fold.ipynb", code)
    assert page.locator(".lw-player").count() == 4
    set_width(page, 1400)  # the file browser open, as JupyterLab starts
    parts = "['[data-testid=status]', '.lw-gridwrap', '[data-testid=action-chop]', '[data-testid=hint]']"
    root.evaluate(
        f"""root => {{ const els = {parts}.map((s) => root.querySelector(s));
            const first = els.reduce((a, b) => (b.getBoundingClientRect().top < a.getBoundingClientRect().top ? b : a));
            first.scrollIntoView({{ block: 'start' }}); }}"""
    )
    root.evaluate(SETTLE)
    fit = root.evaluate(
        f"""root => {{
          const sc = root.closest('.jp-WindowedPanel-outer').getBoundingClientRect();
          const top = Math.max(sc.top, 0), bottom = Math.min(sc.bottom, window.innerHeight);
          return {parts}.map((s) => {{ const r = root.querySelector(s).getBoundingClientRect();
            return [s, Math.round(r.top), Math.round(r.bottom), r.top >= top - 1 && r.bottom <= bottom + 1]; }})
            .concat([['shown', Math.round(top), Math.round(bottom), true]]);
        }}"""
    )
    page.screenshot(path=str(screenshots / "puzzle-4-players-1400x900.png"))
    assert all(inside for _, _, _, inside in fit), fit


def test_after_a_turn_the_keyboard_cursor_goes_to_the_next_logger(page: Any, lab: Any) -> None:
    # it went to the first selectable cell in reading order: c5, far from both loggers
    code = "from logger_widget import Board\nboard = Board(['human', 'human'], locale='en', autosave=False)\nboard"
    open_board(page, lab, "focus.ipynb", code)
    play_by_clicks(page, Position.initial(2).parse_turn("a1-b2 *b3"))
    page.wait_for_function("() => document.querySelector('.lw-board')?.dataset.toMove === '2'")
    focused = page.evaluate("() => document.activeElement && document.activeElement.dataset.cell")
    assert focused == "e5", f"the cursor is on {focused}, not on player 2's logger"
    page.keyboard.press("ArrowLeft")  # the arrows go on from there
    assert page.evaluate("() => document.activeElement.dataset.cell") == "d5"


#: the history list's problems: wider than its box (it scrolls sideways), or an item sticking out
_HISTORY = """(root) => {
  const list = root.querySelector('[data-testid=history]');
  const box = list.getBoundingClientRect();
  const out = [];
  if (list.scrollWidth > list.clientWidth + 1) out.push({ kind: 'h-scroll', scroll: list.scrollWidth, client: list.clientWidth });
  for (const item of list.querySelectorAll('.lw-history-item')) {
    const r = item.getBoundingClientRect();
    if (r.right > box.right + 1 || r.left < box.left - 1) out.push({ kind: 'outside', text: item.textContent, width: r.width });
  }
  return out;
}"""


#: player 2 on d5 spawns five seedlings and protests three trees: the longest words of a turn's notation
LONG_SPAWNS = "mma2s/.a.m./.m.m./sssm./1spm. 2 0,3 0,3"


@pytest.mark.parametrize("lang", ["uk", "es", "en"])
def test_the_history_list_fits_a_narrow_screen(page: Any, lab: Any, screenshots: Path, lang: str) -> None:
    """A game whose first turn spawns five seedlings ("d5 +a4,c3,e1,e2,e4 !b3,d2,d4") in the
    history list at 360 and 400 px: no sideways scrolling, no item sticking out, no word broken."""
    code = (
        "from logger_widget import Board\nfrom logger_widget.tournament import play_game\n"
        f"game = play_game(['greedy', 'random'], start={LONG_SPAWNS!r}, seed=1, turn_limit=12)\n"
        f"board = Board(['human'] * 2, locale={lang!r}, record=game, bot_mode='sync')\nboard"
    )
    root = open_board(page, lab, f"history_{lang}.ipynb", code)
    found = {}
    for width in (360, 400):
        set_width(page, width)
        box = root.locator(".lw-historybox")
        box.scroll_into_view_if_needed()
        root.evaluate(SETTLE)
        box.screenshot(path=str(screenshots / f"history-{lang}-{width}.png"))
        box.evaluate("el => { el.querySelector('[data-testid=history]').scrollTop = 0; }")
        root.evaluate(SETTLE)
        box.screenshot(path=str(screenshots / f"history-{lang}-{width}-top.png"))
        sideways = [  # (an item below the list's scrolled part is clipped by it: only left and right count)
            p
            for p in root.evaluate(MEASURE)
            if "history" in str(p.get("el", ""))
            and (p["kind"] != "outside" or p["rect"][0] < p["box"][0] - 1 or p["rect"][1] > p["box"][1] + 1)
        ]
        problems = root.evaluate(_HISTORY) + sideways
        words = [w for w in root.evaluate(BROKEN_WORDS) if "history" in w]
        if problems or words:
            found[width] = problems + words
    assert not found, found
    assert not page.lw_errors, page.lw_errors


@pytest.mark.parametrize("lang", ["uk", "es"])
def test_next_lesson_shows_the_new_lessons_explanation_on_the_board(
    page: Any, lab: Any, screenshots: Path, lang: str
) -> None:
    """ "Next lesson" on a solved lesson: the board explains the new lesson above its task (the notebook's
    text above the board is the old lesson's); at 360 px no word of it breaks in the middle."""
    code = (
        "from logger_widget.classroom.tutorial import lesson, LessonBoard\n"
        f"board = LessonBoard('movement', {lang!r})\nboard.play(lesson('movement').solution)\nboard"
    )
    root = open_board(page, lab, f"lesson_next_{lang}.ipynb", code)
    assert page.is_hidden("[data-testid=lesson-intro]")
    click_at_and_wait(page, "[data-testid=next-lesson]")
    page.wait_for_selector("[data-testid=lesson-intro]:not([hidden])")
    for width in (360, 1000):
        set_width(page, width)
        root.evaluate("el => el.scrollIntoView({block: 'start'})")
        root.evaluate(SETTLE)
        root.screenshot(path=str(screenshots / f"lesson-next-{lang}-{width}.png"))
        words = [w for w in root.evaluate(BROKEN_WORDS) if "intro" in w]
        assert not words, (width, words)
    intro = page.inner_text("[data-testid=lesson-intro]")
    assert {"uk": "Урок 3 з 10", "es": "Lección 3 de 10"}[lang] in intro
    assert not page.lw_errors, page.lw_errors

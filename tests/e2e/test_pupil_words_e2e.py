"""What a pupil reads after a wrong puzzle answer, after a review and in a lesson's hint, in a real JupyterLab.

Each board is driven by clicks; its notice is read in uk, es and en, and screenshots at 360,
800 and 1400 px, light and dark, are checked for clipped text with the layout sweep's measure
(and looked at: ``screenshots/words/``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from board_helpers import ROOT, click_at_and_wait, open_board, play_by_clicks
from layout_helpers import BROKEN_WORDS, MEASURE, SETTLE, set_theme, set_width

from logger_widget.puzzles import load_puzzles

pytestmark = pytest.mark.e2e

LANGS = ("uk", "es", "en")
#: the start of the count sentence of a wrong answer, by language
FELLED = {"uk": "Повалено дерев:", "es": "Árboles derribados:", "en": "Trees felled:"}
#: a word of what the board says after a review that made puzzles, by language
MADE = {"uk": "Задач", "es": "problema", "en": "became"}
#: the lesson's hint for the chop lesson, by language
WALK = {
    "uk": "Твій лісоруб переходить на c1.",
    "es": "Tu leñador va hasta c1.",
    "en": "Your logger goes to c1.",
}
NOTICE = "[data-testid=message]"
#: what "More" unfolds (``data-testid``s): the notation box, the position and its Copy button, Save and Open
TOOLS = {"notation-input", "notation-submit", "lpn", "copy-lpn", "export", "import"}


def _sweep(page: Any, shots: Path, tag: str) -> None:
    for theme in ("light", "dark"):
        set_theme(page, theme)
        for width in (360, 800, 1400):
            set_width(page, width)
            page.eval_on_selector(ROOT, "el => el.scrollIntoView({ block: 'start' })")
            page.eval_on_selector(ROOT, SETTLE)
            page.screenshot(path=str(shots / f"{tag}-{theme}-{width}.png"), full_page=False)
            shown = page.locator(f"{NOTICE}:visible, [data-testid=hint-text]:visible").first
            shown.scroll_into_view_if_needed()
            page.eval_on_selector(ROOT, SETTLE)
            page.screenshot(path=str(shots / f"{tag}-{theme}-{width}-text.png"), full_page=False)
            # the text this file is about (the notice, the hint) whole and inside its box; the rest of
            # the board is the layout sweep's (test_layout_sweep.py)
            box = page.locator(".lw-notice:visible, [data-testid=hint-text]:visible").first
            problems = box.evaluate(MEASURE) + [
                {"kind": "broken", "words": w} for w in box.evaluate(BROKEN_WORDS)
            ]
            clipped = [p for p in problems if p["kind"] in ("clipped", "outside", "broken")]
            assert clipped == [], (tag, theme, width, clipped)
    set_theme(page, "light")


def _felled_wrong(puzzle: Any) -> Any:
    """A wrong turn that fells fewer trees than the best solution (so the count sentence compares trees)."""
    from logger_widget.board.puzzle_mode import best_solution
    from logger_widget.puzzles import facts

    best = facts(puzzle.position, best_solution(puzzle)).felled
    wrong = [
        t
        for t in puzzle.position.legal_turns()
        if not puzzle.is_solution(t) and facts(puzzle.position, t).felled != best
    ]
    return min(
        wrong, key=lambda t: (len(t.spawns), t.action is None or t.action.kind != "chop", t.notation())
    )


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_puzzle_answer_in_trees(page: Any, lab: Any, screenshots: Path, lang: str) -> None:
    shots = screenshots / "words"
    shots.mkdir(exist_ok=True)
    puzzle = next(p for p in load_puzzles() if p.theme == "domino_chop" and p.players == 2)
    code = (
        "from logger_widget.board import PuzzleBoard\n"
        f"board = PuzzleBoard([{puzzle.id!r}], locale={lang!r}, bot_mode='sync', progress=False)\nboard"
    )
    open_board(page, lab, f"words_puzzle_{lang}.ipynb", code)
    page.set_viewport_size({"width": 1400, "height": 1000})
    play_by_clicks(page, _felled_wrong(puzzle))
    page.wait_for_selector(f"{NOTICE}:not([hidden])")
    text = page.inner_text(NOTICE)
    assert FELLED[lang] in text and "4,8" not in text and "−" not in text, text
    _sweep(page, shots, f"puzzle-wrong-{lang}")


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_says_what_came_of_the_review(page: Any, lab: Any, screenshots: Path, lang: str) -> None:
    shots = screenshots / "words"
    shots.mkdir(exist_ok=True)
    code = (
        "import tempfile\n"
        "from logger_widget import Board\n"
        "from logger_widget.progress import Progress\n"
        "from logger_widget.tournament import play_game\n"
        "progress = Progress.open('sqlite:///' + tempfile.mkdtemp() + '/p.sqlite', pupil='ann')\n"
        "game = play_game(['random', 'greedy'], seed=3)\n"
        f"board = Board(['human', 'greedy'], locale={lang!r}, record=game, autosave=False, progress=progress)\n"
        "board"
    )
    open_board(page, lab, f"words_review_{lang}.ipynb", code)
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.wait_for_selector("[data-testid=review-open]:not([hidden])")
    click_at_and_wait(page, "[data-testid=review-open]")
    page.wait_for_function(
        "(w) => { const n = document.querySelector('[data-testid=message]');"
        " return n && n.offsetParent !== null && n.textContent.includes(w); }",
        arg=MADE[lang],
        timeout=120_000,
    )
    _sweep(page, shots, f"review-made-{lang}")


@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_hint_names_each_cell(page: Any, lab: Any, screenshots: Path, lang: str) -> None:
    shots = screenshots / "words"
    shots.mkdir(exist_ok=True)
    code = f"from logger_widget.classroom.tutorial import LessonBoard\nLessonBoard('chop', {lang!r})"
    open_board(page, lab, f"words_hint_{lang}.ipynb", code)
    page.set_viewport_size({"width": 1400, "height": 1000})
    click_at_and_wait(page, "[data-testid=hint]")
    page.wait_for_selector("[data-testid=hint-text]:not([hidden])")
    assert WALK[lang] in page.inner_text("[data-testid=hint-text]")
    _sweep(page, shots, f"lesson-hint-{lang}")


@pytest.mark.parametrize("lang", ["uk", "es"])
def test_the_result_box_keeps_its_words_whole_at_360_px(
    page: Any, lab: Any, screenshots: Path, lang: str
) -> None:
    """Before: "Перемага/є", "протест/увальн/иків" at 360 px; the notation box's Play button out of the board at
    400 px, "Копіюват/и" under it."""
    shots = screenshots / "words"
    shots.mkdir(exist_ok=True)
    code = (
        "from logger_widget import Board\n"
        f"board = Board(['random', 'random'], seed=5, bot_mode='sync', autosave=False, locale={lang!r})\nboard"
    )
    open_board(page, lab, f"words_result_{lang}.ipynb", code)
    page.wait_for_selector(".lw-result:not([hidden])")
    page.click("[data-testid=more]")  # the notation box is folded under "More"
    page.wait_for_selector("[data-testid=notation-submit]:visible")
    for theme in ("light", "dark"):
        set_theme(page, theme)
        for width in (360, 400):
            set_width(page, width)
            page.locator(".lw-result").scroll_into_view_if_needed()
            page.eval_on_selector(ROOT, SETTLE)
            page.screenshot(path=str(shots / f"result-{lang}-{theme}-{width}.png"))
            broken = [
                w for w in page.eval_on_selector(ROOT, BROKEN_WORDS) if "lw-result" in w or "notation" in w
            ]
            assert broken == [], (width, broken)
            result = [
                p for p in page.eval_on_selector(".lw-result", MEASURE) if p["kind"] in ("clipped", "outside")
            ]
            assert result == [], (width, result)
            # under "More": the notation field and its Play button, the position and Copy, Save and
            # Open inside the board, each word whole
            page.locator(".lw-notation").scroll_into_view_if_needed()
            page.eval_on_selector(ROOT, SETTLE)
            page.screenshot(path=str(shots / f"more-{lang}-{theme}-{width}.png"))
            more = [
                p
                for p in page.eval_on_selector(ROOT, MEASURE)
                if p.get("el") in TOOLS and p["kind"] in ("clipped", "outside")
            ] + page.eval_on_selector(".lw-more-body", BROKEN_WORDS)
            assert more == [], (width, more)
    set_theme(page, "light")

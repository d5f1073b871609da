"""End to end: the board in a real JupyterLab, driven by headless Chromium.

Run with ``pytest tests/e2e`` (marked ``e2e``). Screenshots and latency
figures are written to ``tests/e2e/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from board_helpers import (
    KERNEL_TIMEOUT_MS,
    ROOT,
    _percentile,
    _wait_kernel_idle,
    attr,
    click_and_wait,
    latency_samples,
    lpn,
    open_board,
    play_by_clicks,
    status,
    version,
    wait_human_turn,
)

from logger_widget import Position
from logger_widget.bots import make_bot

pytestmark = pytest.mark.e2e

#: Near the end: Player 1 (7 points) and Player 2 (6) among mature trees; the
#: greedy plan of Player 1 needs spawn choices, several chops and ends the game.
NEAR_END = "m.m.2/.m.m./m.a.m/.m.s./1.m.. 1 7,6 2,2"

Lab = Any  # conftest.Lab


# ---------------------------------------------------------------------------- tests


def test_complete_game_by_clicking(page: Any, lab: Lab, screenshots: Path) -> None:
    code = (
        "from logger_widget import Board\n"
        f"board = Board(players=['human', 'random'], locale='uk', seed=7, record={NEAR_END!r})\n"
        "board"
    )
    open_board(page, lab, "complete_game.ipynb", code)
    page.locator(ROOT).screenshot(path=str(screenshots / "01-start-uk.png"))
    assert "Гравець 1" in status(page)

    planner = make_bot("greedy")
    bot_replies: list[float] = []
    human_turns = 0
    while wait_human_turn(page):
        position = Position.from_lpn(lpn(page))
        turn = planner.choose(position)
        tag = f"02-turn{human_turns + 1}-" if human_turns < 2 else None
        play_by_clicks(page, turn, screenshots if tag else None, tag or "")
        human_turns += 1
        t0 = time.perf_counter()
        if attr(page, "over") == "true":
            break
        if human_turns == 1:
            # the bot's stage may be over before a loaded machine looks: wait for it or what follows
            page.wait_for_function(
                """() => { const r = document.querySelector('.lw-board');
                           return r.dataset.stage === 'bot' || r.dataset.over === 'true'
                                  || r.dataset.toMove === '1'; }""",
                timeout=30_000,
            )
            if attr(page, "stage") == "bot":
                page.locator(ROOT).screenshot(path=str(screenshots / "03-bot-thinking.png"))
        if not wait_human_turn(page):
            bot_replies.append(time.perf_counter() - t0)
            break
        bot_replies.append(time.perf_counter() - t0)
        if human_turns == 1:
            page.locator(ROOT).screenshot(path=str(screenshots / "04-after-bot-reply.png"))
        assert human_turns < 15, "the game should end quickly from this position"

    page.wait_for_selector("[data-testid=result]:not([hidden])", timeout=30_000)
    result = page.inner_text("[data-testid=result]")
    assert "гравець 1" in result.casefold()
    page.locator(ROOT).screenshot(path=str(screenshots / "05-game-over-uk.png"))
    assert human_turns >= 2
    assert page.lw_errors == []  # type: ignore[attr-defined]

    samples = latency_samples(page)
    assert len(samples) >= 6
    figures = {
        "click_to_redraw_ms": {
            "n": len(samples),
            "median": round(statistics.median(samples), 1),
            "p95": round(_percentile(samples, 0.95), 1),
            "max": round(max(samples), 1),
        },
        "bot_reply_s": {
            "n": len(bot_replies),
            "median": round(statistics.median(bot_replies), 3) if bot_replies else None,
            "max": round(max(bot_replies), 3) if bot_replies else None,
            "note": "random bot; includes the board's minimal visible thinking time (bot_delay=0.4 s)",
        },
    }
    print("\nlatency:", json.dumps(figures, indent=2))
    (screenshots / "latency.json").write_text(json.dumps(figures, indent=2) + "\n")
    # goals: median <= 100 ms, p95 <= 250 ms (generous bound here for a loaded 2-core CI machine)
    assert figures["click_to_redraw_ms"]["median"] <= 250
    assert figures["click_to_redraw_ms"]["p95"] <= 1000


def test_language_undo_and_notation(page: Any, lab: Lab, screenshots: Path) -> None:
    code = (
        "from logger_widget import Board\n"
        "board = Board(players=['human', 'greedy'], locale='uk', seed=3)\n"
        "board"
    )
    open_board(page, lab, "language_undo.ipynb", code)
    start = lpn(page)
    # one turn by clicks: move a1-a3 then plant (the only possible action, chosen automatically)
    click_and_wait(page, "[data-cell=a3]")
    assert page.get_attribute("[data-testid=action-plant]", "aria-pressed") == "true"
    click_and_wait(page, "[data-cell=b3]")
    assert wait_human_turn(page)
    assert len(page.query_selector_all("[data-testid=history] li")) == 2
    assert page.is_enabled("[data-testid=undo]")
    click_and_wait(page, "[data-testid=undo]")
    assert lpn(page) == start, "undo takes back the bot's reply and our turn"
    click_and_wait(page, "[data-testid=redo]")
    assert lpn(page) != start

    # language switch: every label follows
    for lang, plant, word in (
        ("es", "Plantar", "Jugador 1"),
        ("en", "Plant", "Player 1"),
        ("uk", "Посадити", "Гравець 1"),
    ):
        v0 = version(page)
        page.select_option("[data-testid=locale]", lang)
        page.wait_for_function(
            "v => Number(document.querySelector('.lw-board')?.dataset.version) > v", arg=v0, timeout=30_000
        )
        assert page.inner_text("[data-testid=action-plant]").strip() == plant
        assert word in status(page)
        assert page.get_attribute(ROOT, "lang") == lang
        if lang != "uk":
            page.locator(ROOT).screenshot(path=str(screenshots / f"06-language-{lang}.png"))

    # expert tools are folded under "More"
    assert not page.is_visible("[data-testid=notation-input]")
    page.click("[data-testid=more]")
    # a wrong turn typed in notation is explained in Ukrainian, a right one is played
    page.fill("[data-testid=notation-input]", "a3-e3")
    click_and_wait(page, "[data-testid=notation-submit]")
    message = page.inner_text("[data-testid=message]")
    assert "e3" in message and any("а" <= ch <= "я" for ch in message.lower())
    page.locator(ROOT).screenshot(path=str(screenshots / "07-notation-error-uk.png"))
    before = lpn(page)
    legal = next(iter(Position.from_lpn(before).legal_turns()))
    page.fill("[data-testid=notation-input]", legal.notation())
    click_and_wait(page, "[data-testid=notation-submit]")
    assert lpn(page) != before

    # the hint button asks the search bot
    click_and_wait(page, "[data-testid=hint]")
    page.wait_for_selector("[data-testid=hint-text]:not([hidden])")
    page.wait_for_function(
        # the suggestion names cells (it may be a stay, without a dash); "thinking…" names none
        "() => /[a-e][1-5]/.test(document.querySelector('[data-testid=hint-text]')?.textContent)",
        timeout=60_000,
    )

    # save the game (a download) and open it again
    with page.expect_download() as info:
        page.click("[data-testid=export]")
    path = info.value.path()
    record = json.loads(Path(path).read_text(encoding="utf-8"))
    assert record["final"] == lpn(page)
    click_and_wait(page, "[data-testid=undo]")
    assert lpn(page) != record["final"]
    v0 = version(page)
    page.set_input_files("[data-testid=import-file]", path)
    page.wait_for_function(
        "v => Number(document.querySelector('.lw-board')?.dataset.version) > v", arg=v0, timeout=30_000
    )
    assert lpn(page) == record["final"]
    # "Game loaded." judges nothing: a note ("info"), never labelled "✓ Correct"
    assert page.get_attribute("[data-testid=message]", "data-kind") == "info"
    assert "✓" not in page.inner_text("[data-testid=message]")

    # replay slider: view only
    wait_human_turn(page)
    total = len(page.query_selector_all("[data-testid=history] li"))
    page.evaluate(
        """() => { const r = document.querySelector('[data-testid=replay]'); r.value = '1';
                   r.dispatchEvent(new Event('input', {bubbles: true})); }"""
    )
    page.wait_for_selector(f"{ROOT}[data-replay='true']")
    page.locator(ROOT).screenshot(path=str(screenshots / "08-replay.png"))
    click_and_wait(page, "[data-testid=replay-exit]")
    assert attr(page, "replay") == "false"
    assert len(page.query_selector_all("[data-testid=history] li")) == total
    assert page.lw_errors == []  # type: ignore[attr-defined]


def test_keyboard_path(page: Any, lab: Lab, screenshots: Path) -> None:
    code = (
        "from logger_widget import Board\n"
        "board = Board(players=['human', 'random'], locale='en', seed=5)\n"
        "board"
    )
    open_board(page, lab, "keyboard.ipynb", code)
    # Tab into the board: the focus cursor starts on a cell that can be chosen
    page.focus("[data-testid=locale]")
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('.lw-grid')"):
            break
    focused = page.evaluate("() => document.activeElement.dataset.cell")
    assert focused, "Tab reaches the board"
    # walk to a3 with the arrow keys: from the bottom-left corner, up twice
    for _ in range(4):
        page.keyboard.press("ArrowLeft")
    for _ in range(4):
        page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.dataset.cell") == "a1"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("() => document.activeElement.dataset.cell") == "a3"
    label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert label.startswith("a3")
    v0 = version(page)
    page.keyboard.press("Enter")
    page.wait_for_function("v => Number(document.querySelector('.lw-board')?.dataset.version) > v", arg=v0)
    assert attr(page, "stage") == "plant"
    # Esc goes back to the movement
    v0 = version(page)
    page.keyboard.press("Escape")
    page.wait_for_function("v => Number(document.querySelector('.lw-board')?.dataset.version) > v", arg=v0)
    assert attr(page, "stage") == "move"
    # again, and plant with the keyboard: the cursor jumps to a cell that can be chosen
    page.keyboard.press("Enter")
    page.wait_for_function(
        "v => Number(document.querySelector('.lw-board')?.dataset.version) > v + 1", arg=v0
    )
    assert attr(page, "stage") == "plant"
    cell = page.evaluate("() => document.activeElement.dataset.cell")
    assert page.get_attribute(f"[data-cell={cell}]", "data-mark") == "plant"
    page.locator(ROOT).screenshot(path=str(screenshots / "09-keyboard-focus.png"))
    before = lpn(page)
    page.keyboard.press(" ")
    page.wait_for_function("s => document.querySelector('[data-testid=lpn]')?.value !== s", arg=before)
    # the buttons are reachable with Tab from the board
    assert wait_human_turn(page)
    page.focus("[data-cell][tabindex='0']")
    reached = set()
    for _ in range(12):
        page.keyboard.press("Tab")
        reached.add(page.evaluate("() => document.activeElement.dataset.testid || ''"))
    assert {"undo", "hint"} <= reached, reached
    assert page.lw_errors == []  # type: ignore[attr-defined]


def test_kernel_restart_then_rerun(page: Any, lab: Lab, screenshots: Path) -> None:
    code = (
        "from logger_widget import Board\n"
        "board = Board(players=['human', 'random'], locale='es', seed=1)\n"
        "board"
    )
    open_board(page, lab, "restart.ipynb", code)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:restart-kernel'); }")
    page.click(".jp-Dialog .jp-mod-accept", timeout=60_000)
    _wait_kernel_idle(page)
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(
        """() => { const r = document.querySelectorAll('.lw-board');
                   return r.length === 1 && r[0].dataset.version !== '0'
                          && r[0].dataset.interactive === 'true'; }""",
        timeout=KERNEL_TIMEOUT_MS,
    )
    click_and_wait(page, "[data-cell=b1]")
    assert attr(page, "stage") in ("plant", "action")
    assert "Jugador 1" in status(page)
    assert page.lw_errors == []  # type: ignore[attr-defined]


def test_tutorial_lesson_by_clicking(page: Any, lab: Lab, screenshots: Path) -> None:
    """A pupil sees the lesson's task, solves it by clicking and is praised in Ukrainian."""
    from logger_widget.classroom.tutorial import lesson
    from logger_widget.i18n import Translator

    chop = lesson("chop")
    tr = Translator("uk")
    open_board(
        page,
        lab,
        "lesson_chop.ipynb",
        'from logger_widget.classroom.tutorial import LessonBoard\nLessonBoard("chop", "uk")',
    )
    assert page.inner_text("[data-testid=task]").strip().endswith(tr.translate(chop.task))
    page.locator(ROOT).screenshot(path=str(screenshots / "10-lesson-task-uk.png"))
    play_by_clicks(page, chop.position.parse_turn(chop.solution))
    page.wait_for_selector("[data-testid=message][data-kind=success]", timeout=30_000)
    assert page.inner_text("[data-testid=message]") == chop.check(chop.solution).text(tr)
    assert page.inner_text("[data-testid=task]").strip().endswith(tr.translate(chop.task)), "the task stays"
    page.locator(ROOT).screenshot(path=str(screenshots / "11-lesson-solved-uk.png"))


def test_lesson_hint_marks_the_task_under_the_status(page: Any, lab: Lab, screenshots: Path) -> None:
    """In the spawning lesson Hint marks b2 and d2 (the task, not a bot's turn), its text right under the status."""
    page.set_viewport_size({"width": 1400, "height": 900})
    open_board(
        page,
        lab,
        "lesson_spawning_hint.ipynb",
        'from logger_widget.classroom.tutorial import LessonBoard\nLessonBoard("spawning", "en")',
    )
    click_and_wait(page, "[data-testid=hint]")
    page.wait_for_selector("[data-testid=hint-text]:not([hidden])")
    text = page.inner_text("[data-testid=hint-text]")
    assert "b2" in text and "d2" in text and "a1-c1" not in text
    marked = page.eval_on_selector_all(
        ".lw-suggested[data-cell]", "els => els.map(e => e.dataset.cell).sort()"
    )
    assert {"b2", "d2"} <= set(marked) and "c1" not in marked
    boxes = page.evaluate(
        """() => Object.fromEntries(["status", "hint-text"].map(id => {
               const r = document.querySelector(`[data-testid=${id}]`).getBoundingClientRect();
               return [id, {top: r.top, bottom: r.bottom}]; }).concat(
               [["actions", (() => { const r = document.querySelector('.lw-board .lw-actions')
                                                   .getBoundingClientRect(); return {top: r.top}; })()]]))"""
    )
    assert boxes["status"]["bottom"] <= boxes["hint-text"]["top"] + 1, boxes
    assert boxes["hint-text"]["bottom"] <= boxes["actions"]["top"] + 1, (
        f"the hint sits above the buttons: {boxes}"
    )
    page.locator(ROOT).screenshot(path=str(screenshots / "12-lesson-hint-en.png"))
    assert page.lw_errors == []  # type: ignore[attr-defined]

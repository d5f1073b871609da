"""Browser tests of the board in a real classroom, one per major item.

Clicks are real mouse clicks at on-screen positions; screenshots go to
``tests/e2e/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from board_helpers import (
    ROOT,
    attr,
    click_and_wait,
    click_at_and_wait,
    open_board,
    play_by_clicks,
    version,
    wait_human_turn,
)
from support import npm_tool

pytestmark = pytest.mark.e2e
Lab = Any

#: Player 1 on a1 next to one mature tree (a2): one chop target, one protest target.
ONE_TARGET = "....2/...../...../m..../1.... 1 0,0 2,2"


def _click_first_marked(page: Any, mark: str) -> None:
    cell = page.get_attribute(f"{ROOT} [data-mark={mark}]", "data-cell")
    click_and_wait(page, f"[data-cell={cell}]")


def test_single_chop_target_is_previewed_and_the_round_stays_visible(
    page: Any, lab: Lab, screenshots: Path
) -> None:
    code = (
        "from logger_widget import Board\n"
        f"board = Board(players=['human', 'greedy'], locale='en', seed=2, record={ONE_TARGET!r})\n"
        "board"
    )
    open_board(page, lab, "single_target.ipynb", code)
    click_and_wait(page, "[data-cell=a1]")  # stay
    while attr(page, "stage") == "spawn":
        _click_first_marked(page, "spawn")
    assert attr(page, "stage") == "action"
    click_and_wait(page, "[data-testid=action-chop]")
    page.mouse.move(1, 1)  # no hovering: the only target's preview shows by itself
    assert attr(page, "stage") == "chop", "pressing Chop must not chop the only target at once"
    page.wait_for_selector("[data-testid=chop-preview]:not([hidden])")
    assert "a2" in page.inner_text("[data-testid=chop-preview]")
    assert page.get_attribute("[data-cell=a2]", "class").count("lw-fall") == 1
    page.locator(ROOT).screenshot(path=str(screenshots / "20-single-target-preview.png"))
    click_and_wait(page, "[data-cell=a2]")  # the click confirms
    assert wait_human_turn(page)
    # both turns of the round: the pupil's chop and the bot's reply
    items = page.query_selector_all("[data-testid=last-turn] .lw-round li")
    texts = [i.inner_text() for i in items]
    assert len(texts) == 2 and texts[0].startswith("Player 1") and "a2" in texts[0], texts
    assert texts[1].startswith("Player 2")
    page.locator(ROOT).screenshot(path=str(screenshots / "21-round-after-bot-reply.png"))
    assert page.lw_errors == []  # type: ignore[attr-defined]


def test_move_arrow_goes_round_the_corner(page: Any, lab: Lab, screenshots: Path) -> None:
    code = "from logger_widget import Board\nboard = Board(players=['human', 'human'], locale='en')\nboard"
    open_board(page, lab, "arrow.ipynb", code)
    start = page.input_value("[data-testid=lpn]")
    click_and_wait(page, "[data-cell=b2]")  # diagonal destination: two orthogonal steps
    for _ in range(8):
        if page.input_value("[data-testid=lpn]") != start:
            break
        stage = attr(page, "stage")
        if stage == "action":
            click_and_wait(page, "[data-testid=action-plant]")
        else:
            _click_first_marked(page, {"spawn": "spawn", "plant": "plant"}[stage])
    points = page.get_attribute(f"{ROOT} .lw-arrow-move:not(.lw-arrow-old) polyline", "points")
    xy = [tuple(round(float(v)) for v in p.split(",")) for p in points.split()]
    assert len(xy) == 3, f"a 2-step move is drawn as two orthogonal segments, got {xy}"
    (x0, y0), (x1, y1), (x2, y2) = xy
    assert (x0 == x1 or y0 == y1) and (x1 == x2 or y1 == y2), f"no diagonal segment: {xy}"
    assert (x1, y1) in ((50, 350), (150, 450)), "through a2 or b1, the free middle cells"
    page.locator(ROOT).screenshot(path=str(screenshots / "22-orthogonal-arrow.png"))


def test_lesson_board_restart_solve_and_next(page: Any, lab: Lab, screenshots: Path) -> None:
    from logger_widget.classroom.tutorial import LESSONS, lesson
    from logger_widget.i18n import Translator

    chop = lesson("chop")
    nxt = LESSONS[[les.key for les in LESSONS].index("chop") + 1]
    tr = Translator("uk")
    code = 'from logger_widget.classroom.tutorial import LessonBoard\nLessonBoard("chop", "uk")'
    open_board(page, lab, "lesson_flow.ipynb", code)
    assert not page.is_visible("[data-testid=new-game]"), "a lesson board has no New game"
    assert page.inner_text("[data-testid=restart-lesson]").strip() == tr.translate(
        __import__("logger_widget.i18n.texts.board", fromlist=["LABELS"]).LABELS["restart_lesson"]
    )
    assert not page.is_visible("[data-testid=next-lesson]")
    # a first step, then Restart lesson puts the lesson back
    click_and_wait(page, f"[data-cell={chop.position.parse_turn(chop.solution).destination}]")
    click_and_wait(page, "[data-testid=restart-lesson]")
    assert page.input_value("[data-testid=lpn]") == chop.lpn and attr(page, "stage") == "move"
    play_by_clicks(page, chop.position.parse_turn(chop.solution))
    page.wait_for_selector("[data-testid=status][data-kind=solved]", timeout=30_000)
    assert attr(page, "interactive") == "false", "a solved lesson does not ask player 2 to move"
    assert page.is_visible("[data-testid=next-lesson]")
    page.locator(ROOT).screenshot(path=str(screenshots / "23-lesson-solved-uk.png"))
    click_and_wait(page, "[data-testid=next-lesson]")
    assert page.inner_text("[data-testid=task]").strip().endswith(tr.translate(nxt.task))
    assert page.input_value("[data-testid=lpn]") == nxt.lpn
    assert page.lw_errors == []  # type: ignore[attr-defined]


def test_a_refused_click_names_the_rule(page: Any, lab: Lab, screenshots: Path) -> None:
    code = "from logger_widget import Board\nboard = Board(players=['human', 'human'], locale='uk')\nboard"
    open_board(page, lab, "refused.ipynb", code)
    click_at_and_wait(page, "[data-cell=e1]")
    text = page.inner_text("[data-testid=message]")
    assert "e1" in text and "a1" in text, text  # "… e1 розташована далі ніж за два кроки від a1."
    # the notice has an icon and a word, never an emoji
    assert page.query_selector("[data-testid=notice] .lw-notice-icon svg") is not None
    assert page.inner_text("[data-testid=notice] .lw-notice-word").strip()
    page.locator(ROOT).screenshot(path=str(screenshots / "24-refused-click-uk.png"))


def _axe_source() -> str:
    """axe-core from npm (tests/e2e/package.json), installed on first use."""
    return npm_tool("axe-core/axe.min.js").read_text(encoding="utf-8")


def test_axe_finds_no_serious_violations_in_three_languages(page: Any, lab: Lab, screenshots: Path) -> None:
    source = _axe_source()
    code = (
        "from logger_widget import Board\n"
        f"board = Board(players=['human', 'random'], locale='uk', seed=3, record={ONE_TARGET!r})\n"
        "board"
    )
    open_board(page, lab, "axe.ipynb", code)
    page.add_script_tag(content=source)
    report: dict[str, Any] = {}
    for lang in ("uk", "es", "en"):
        if page.get_attribute(ROOT, "lang") != lang:
            v0 = version(page)
            page.select_option("[data-testid=locale]", lang)
            page.wait_for_function(
                "v => Number(document.querySelector('.lw-board')?.dataset.version) > v",
                arg=v0,
                timeout=30_000,
            )
        page.click("[data-testid=more]")  # the folded tools are checked too
        result = page.evaluate(
            """async () => {
                const r = await axe.run(document.querySelector('.lw-board'),
                                        { resultTypes: ['violations'] });
                return r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
                                                nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5) }));
            }"""
        )
        page.click("[data-testid=more]")
        report[lang] = result
    # dark theme: the "type a turn" placeholder stays readable (it was white on white)
    page.evaluate(
        "async () => { await window.jupyterapp.commands.execute('apputils:change-theme', "
        "{theme: 'JupyterLab Dark'}); }"
    )
    page.wait_for_function("() => document.body.dataset.jpThemeName === 'JupyterLab Dark'", timeout=30_000)
    page.click("[data-testid=more]")
    ratio = page.evaluate(
        """() => {
            const el = document.querySelector('[data-testid=notation-input]');
            const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
            const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255;
                return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
                .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
            const fg = lum(rgb(getComputedStyle(el, '::placeholder').color));
            const bg = lum(rgb(getComputedStyle(el).backgroundColor));
            return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
        }"""
    )
    report["dark_placeholder_contrast"] = round(ratio, 2)
    page.locator(ROOT).screenshot(path=str(screenshots / "26-dark-more-open.png"))
    assert ratio >= 4.5, f"placeholder contrast in the dark theme is {ratio:.2f}:1"
    (screenshots / "axe.json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    bad = {
        lang: [v for v in vs if v["impact"] in ("serious", "critical")]
        for lang, vs in report.items()
        if isinstance(vs, list)
    }
    assert not any(bad.values()), json.dumps(bad, indent=2, ensure_ascii=False)


def test_corners_chosen_by_clicking(page: Any, lab: Lab, screenshots: Path) -> None:
    code = (
        "from logger_widget import Board\n"
        "board = Board(players=['human', 'human'], locale='es', corners='choose')\n"
        "board"
    )
    open_board(page, lab, "corners.ipynb", code)
    assert attr(page, "stage") == "setup"
    marked = {el.get_attribute("data-cell") for el in page.query_selector_all(f"{ROOT} [data-mark=corner]")}
    assert marked == {"a1", "e1", "e5", "a5"}
    page.locator(ROOT).screenshot(path=str(screenshots / "25-corner-choice-es.png"))
    click_at_and_wait(page, "[data-cell=e1]")  # seat 1
    assert attr(page, "stage") == "setup" and attr(page, "toMove") == "2"
    click_at_and_wait(page, "[data-cell=a5]")  # seat 2
    assert attr(page, "stage") == "move"
    lpn = page.input_value("[data-testid=lpn]")
    assert lpn.split(" ")[0].startswith("2") and lpn.split(" ")[0].split("/")[-1].endswith("1"), lpn

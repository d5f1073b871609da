"""The game-theory exercises as an nbgrader course, graded by real nbgrader (slow: runs kernels).

Three submissions of the Ukrainian assignment: right answers (all points), the usual
mistakes (the partial credit that :data:`logger_widget.classroom.grading.GRADED` gives),
empty (0). The feedback in the graded notebook is in the pupil's language.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from logger_widget.classroom.exercises import exercise
from logger_widget.classroom.grading import GRADED, grade, score
from logger_widget.i18n import Translator

REPO = Path(__file__).resolve().parents[1]
COURSE = REPO / "deploy" / "nbgrader"
TOTAL = sum(g.points for g in GRADED)

RIGHT = {
    "sample_size": "answer_sample_size = 1068",
    "game_value": "answer_game_value = 1",
    "kingmaker": 'answer_kingmaker = "b"',
    "protester": 'answer_protester = "e5-c5 +b4,c2 xc4"',
}
#: the usual mistakes: whole width for half-width (partial), the other side's value, a wrong
#: letter, a shared win instead of the tie-break win (partial)
MISTAKES = {
    "sample_size": "answer_sample_size = 4269",
    "game_value": "answer_game_value = 0",
    "kingmaker": 'answer_kingmaker = "A"',
    "protester": 'answer_protester = "e5 +d4,e2 xe4"',
}
MISTAKES_POINTS = 1.0 + 0 + 0 + 1.0


def test_sources_are_generated_and_current(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(REPO / "scripts" / "make_nbgrader.py"), "--out", str(tmp_path)], check=True
    )
    for made in sorted(tmp_path.glob("*/*.ipynb")):
        committed = COURSE / "source" / made.parent.name / made.name
        assert committed.exists(), f"{made.name} is generated but not committed"
        assert committed.read_text(encoding="utf-8") == made.read_text(encoding="utf-8"), (
            f"{committed} is stale: run python scripts/make_nbgrader.py"
        )


def test_points_and_partial_credit_without_nbgrader() -> None:
    assert grade("sample_size", 1068, locale="uk", show=False) == 2
    assert grade("sample_size", 4269, locale="uk", show=False) == 1  # the usual mistake: half the points
    assert grade("sample_size", 33, locale="uk", show=False) == 0  # the square root: no credit
    assert grade("sample_size", ..., locale="uk", show=False) == 0
    assert grade("protester", "e5 +d4,e2 xe4", locale="es", show=False) == 1
    hint = exercise("kingmaker").check("Z", locale="en")
    assert hint.kind == "hint" and score("kingmaker", hint) == 0
    with pytest.raises(KeyError, match="'nope' is not a graded exercise"):
        grade("nope", 1, locale="en")


def _answer(nb: nbformat.NotebookNode, answers: dict[str, str]) -> nbformat.NotebookNode:
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
        key = grade_id.removesuffix("_answer")
        if grade_id.endswith("_answer") and key in answers:
            assert "# YOUR CODE HERE" in cell.source, "the released notebook kept the solution"
            cell.source = cell.source.replace("# YOUR CODE HERE", answers[key])
    return nb


@pytest.mark.slow
def test_nbgrader_autograde_right_mistakes_empty(tmp_path: Path) -> None:
    pytest.importorskip("nbgrader", reason="nbgrader is in the dev extra (bash scripts/env.sh)")
    course = tmp_path / "course"
    shutil.copytree(
        COURSE, course, ignore=shutil.ignore_patterns("gradebook.db", "release", "submitted", "autograded")
    )
    # nbgrader runs `alembic` (its gradebook migrations) from PATH: the environment's bin first
    path = os.pathsep.join((str(Path(sys.executable).parent), os.environ.get("PATH", "")))
    env = dict(os.environ, PYTHONPATH=str(REPO), JUPYTER_CONFIG_DIR=str(tmp_path / "cfg"), PATH=path)
    nbgrader = [sys.executable, "-m", "nbgrader"]
    run = dict(cwd=course, env=env, check=True, capture_output=True, text=True, timeout=900)
    subprocess.run([*nbgrader, "generate_assignment", "game_theory_uk", "--force"], **run)  # type: ignore[call-overload]
    released = course / "release" / "game_theory_uk" / "game_theory_uk.ipynb"
    text = released.read_text(encoding="utf-8")
    assert "BEGIN SOLUTION" not in text and "1068" not in text  # the answers are not handed out
    for pupil, answers in (("right", RIGHT), ("mistakes", MISTAKES), ("empty", {})):
        nb = _answer(nbformat.read(released, as_version=4), answers)
        folder = course / "submitted" / pupil / "game_theory_uk"
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / "game_theory_uk.ipynb")
    subprocess.run([*nbgrader, "autograde", "game_theory_uk", "--force"], **run)  # type: ignore[call-overload]

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        scores = {p: gb.find_submission("game_theory_uk", p).score for p in ("right", "mistakes", "empty")}
    assert scores == {"right": TOTAL, "mistakes": MISTAKES_POINTS, "empty": 0}, json.dumps(scores)

    # the pupil sees the checker's feedback in Ukrainian in the graded notebook
    graded = nbformat.read(course / "autograded" / "mistakes" / "game_theory_uk" / "game_theory_uk.ipynb", 4)
    outputs = "".join(
        o.get("text", "") for c in graded.cells if c.cell_type == "code" for o in c.get("outputs", [])
    )
    expected = exercise("sample_size").check(4269, locale="uk").text(Translator("uk"))
    assert expected in outputs
    assert "whole interval" not in outputs  # not the English text


@pytest.mark.slow
def test_autograding_a_submission_with_a_board_hands_back_no_autosave_file(tmp_path: Path) -> None:
    """Before: the teacher's run saved the board's game to ``.logger_games/`` in ``autograded/``,
    and ``generate_feedback`` copied it into ``feedback/``."""
    pytest.importorskip("nbgrader", reason="nbgrader is in the dev extra (bash scripts/env.sh)")
    course = tmp_path / "course"
    shutil.copytree(COURSE, course, ignore=shutil.ignore_patterns("gradebook.db", "release", "submitted"))
    path = os.pathsep.join((str(Path(sys.executable).parent), os.environ.get("PATH", "")))
    env = dict(os.environ, PYTHONPATH=str(REPO), JUPYTER_CONFIG_DIR=str(tmp_path / "cfg"), PATH=path)
    run = dict(cwd=course, env=env, check=True, capture_output=True, text=True, timeout=900)
    nbgrader = [sys.executable, "-m", "nbgrader"]
    subprocess.run([*nbgrader, "generate_assignment", "game_theory_en", "--force"], **run)  # type: ignore[call-overload]
    nb = nbformat.read(course / "release" / "game_theory_en" / "game_theory_en.ipynb", as_version=4)
    nb.cells.append(
        nbformat.v4.new_code_cell(
            "from logger_widget import Board\nb = Board(['human', 'random'], seed=1)\n"
            "b.play(next(iter(b.position.legal_turns())))\nb"
        )
    )
    folder = course / "submitted" / "pupil" / "game_theory_en"
    folder.mkdir(parents=True)
    nbformat.write(nb, folder / "game_theory_en.ipynb")
    subprocess.run([*nbgrader, "autograde", "game_theory_en", "--force"], **run)  # type: ignore[call-overload]
    subprocess.run([*nbgrader, "generate_feedback", "game_theory_en", "--force"], **run)  # type: ignore[call-overload]
    assert (course / "feedback" / "pupil" / "game_theory_en" / "game_theory_en.html").exists()
    graded = nbformat.read(course / "autograded" / "pupil" / "game_theory_en" / "game_theory_en.ipynb", 4)
    board_outputs = graded.cells[-1].outputs  # the board cell ran
    assert [o["output_type"] for o in board_outputs] == ["execute_result"], board_outputs
    left = sorted(str(p.relative_to(course)) for p in course.rglob(".logger_games"))
    assert left == [], left

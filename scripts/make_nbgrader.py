"""Generate the nbgrader course's source notebook from the exercises and their checkers.

Usage: ``python -m scripts.make_nbgrader [--out DIR] [--class CSV]`` (default
``deploy/nbgrader/source`` and the hub's example class list).

Writes one assignment for the whole class, ``game_theory/game_theory.ipynb``, and its
``languages.csv`` (a copy of the class list, ``name,language``). The notebook's cells are
language-neutral code: each pupil's kernel shows the questions in the pupil's language
(:mod:`logger_widget.classroom.course`). For each exercise of
:data:`logger_widget.classroom.grading.GRADED`: a locked question cell, an answer cell with
nbgrader's solution region (the worked answer between ``### BEGIN SOLUTION`` /
``### END SOLUTION``, in the teacher's source only; pupils get ``answer_<key> = ...``) and a
locked autograded test cell: a visible form check and a hidden part (``### BEGIN HIDDEN
TESTS``) that reports the answer to the teacher's judge
(:class:`logger_widget.classroom.judge.JudgeAnswers`). ``tests/test_nbgrader.py`` checks
the files are current and grades submissions with real nbgrader.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell

from logger_widget.classroom.course import LANGUAGES_FILE
from logger_widget.classroom.exercises import NOTEBOOK
from logger_widget.classroom.grading import GRADED
from logger_widget.i18n import LANGUAGES, Translator

try:  # python -m scripts.make_nbgrader (from the repository's root)
    from scripts.make_notebooks import notebook
except ModuleNotFoundError:  # python scripts/make_nbgrader.py, or ../../scripts/… from deploy/nbgrader
    from make_notebooks import notebook  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parents[1]

ASSIGNMENT = "game_theory"
CLASS_LIST = ROOT / "deploy" / "jupyterhub" / "class.example.csv"

#: The worked answers (the solution regions), and the objects each question is about.
#: Each pupil's is computed for the pupil's variant (``VARIANT``, set up by the first cell).
SOLUTIONS = {
    "sample_size": "import math\n\nanswer_sample_size = math.ceil("
    "(1.96 * (VARIANT.rate * (1 - VARIANT.rate)) ** 0.5 / VARIANT.half_width) ** 2)",
    "game_value": "answer_game_value = 1",
    "kingmaker": 'answer_kingmaker = VARIANT.option("B")',
    "protester": "from logger_widget.classroom.variants import transform_cells\n\n"
    'answer_protester = transform_cells("e5-c5 +b4,c2 xc4", VARIANT.symmetry)',
}
#: ``VARIANTS = {}`` is filled with the class's variants by nbgrader's generate_assignment
#: (:class:`logger_widget.classroom.judge.ShowVariants`).
SETUP = """\
from logger_widget.classroom.course import form_check, introduction, pupil_language, pupil_variant, question, submit

VARIANTS = {}
LANGUAGE, VARIANT = pupil_language(), pupil_variant(VARIANTS)
introduction(LANGUAGE)"""


def _meta(cell: nbformat.NotebookNode, grade_id: str, *, solution: bool, grade: bool, locked: bool,
          points: float = 0) -> nbformat.NotebookNode:  # fmt: skip
    cell.metadata["nbgrader"] = {
        "grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3, "solution": solution,
        **({"points": points} if grade else {}),
    }  # fmt: skip
    return cell


def assignment() -> nbformat.NotebookNode:
    """The course's one notebook: language-neutral cells that show the pupil's language."""
    # every language's title once (es_419 says it as es does)
    titles = " · ".join(
        dict.fromkeys(Translator(language).translate(NOTEBOOK["title"]) for language in LANGUAGES)
    )
    cells = [
        _meta(new_markdown_cell(f"# {titles}"), "title", solution=False, grade=False, locked=True),
        _meta(new_code_cell(SETUP), "setup", solution=False, grade=False, locked=True),
    ]
    for number, g in enumerate(GRADED, start=1):
        shown = f'question("{g.key}", LANGUAGE, {number}, VARIANT)'
        cells.append(
            _meta(new_code_cell(shown), f"{g.key}_question", solution=False, grade=False, locked=True)
        )
        answer = SOLUTIONS[g.key]
        name = f"answer_{g.key}"
        source = f"{name} = ...\n### BEGIN SOLUTION\n{answer}\n### END SOLUTION"
        cells.append(
            _meta(new_code_cell(source), f"{g.key}_answer", solution=True, grade=False, locked=False)
        )
        test = (
            f'form_check("{g.key}", {name}, LANGUAGE, VARIANT)\n'
            f'### BEGIN HIDDEN TESTS\nsubmit("{g.key}", {name})\n### END HIDDEN TESTS'
        )
        cells.append(
            _meta(
                new_code_cell(test), f"{g.key}_test", solution=False, grade=True, locked=True, points=g.points
            )
        )
    nb = notebook(cells, "all")  # the same kernelspec and cell ids as the other notebooks
    nb.metadata["logger_widget"]["generated_by"] = "scripts/make_nbgrader.py"
    return nb


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "deploy" / "nbgrader" / "source", help="output folder"
    )
    parser.add_argument(
        "--class", dest="class_list", type=Path, default=CLASS_LIST, help="class list (name,language)"
    )
    args = parser.parse_args(argv)
    folder = args.out / ASSIGNMENT
    folder.mkdir(parents=True, exist_ok=True)
    nb = assignment()
    nbformat.validate(nb)
    (folder / f"{ASSIGNMENT}.ipynb").write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
    shutil.copyfile(args.class_list, folder / LANGUAGES_FILE)
    print(f"wrote {folder}")


if __name__ == "__main__":
    main()

"""Generate the nbgrader course's source notebooks from the exercises and their checkers.

Usage: ``python scripts/make_nbgrader.py [--out DIR]`` (default ``deploy/nbgrader/source``).

Writes ``game_theory_<lang>/game_theory_<lang>.ipynb`` for ``uk``, ``es``, ``en``: for each
exercise of :data:`logger_widget.classroom.grading.GRADED`, its question (translated), an
answer cell with nbgrader's solution region (the worked answer between
``### BEGIN SOLUTION`` / ``### END SOLUTION``; pupils get ``answer_<key> = ...``) and a
locked autograded test cell that calls :func:`~logger_widget.classroom.grading.grade`
with the exercise's points. ``tests/hosts/test_nbgrader.py`` checks the files are current
and grades submissions with real nbgrader.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from make_notebooks import notebook  # noqa: E402  (scripts/, beside this file)

from logger_widget.classroom.exercises import NOTEBOOK, exercise  # noqa: E402
from logger_widget.classroom.grading import GRADED  # noqa: E402
from logger_widget.i18n import Translator  # noqa: E402

LANGUAGES = ("uk", "es", "en")

#: The worked answers (the solution regions), and the objects each question is about.
SOLUTIONS = {
    "sample_size": "answer_sample_size = 1068",
    "game_value": "answer_game_value = 1",
    "kingmaker": 'answer_kingmaker = "B"',
    "protester": 'answer_protester = "e5-c5 +b4,c2 xc4"',
}
SHOW = {
    "game_value": "from logger_widget.classroom.exercises import BACKWARD_INDUCTION\n\nprint(BACKWARD_INDUCTION.position)",
    "kingmaker": "from logger_widget.classroom.exercises import KINGMAKER\n\nprint(KINGMAKER.position)",
    "protester": "from logger_widget.classroom.exercises import PROTESTER\n\nprint(PROTESTER.position)",
}


def _meta(cell: nbformat.NotebookNode, grade_id: str, *, solution: bool, grade: bool, locked: bool,
          points: float = 0) -> nbformat.NotebookNode:  # fmt: skip
    cell.metadata["nbgrader"] = {
        "grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3, "solution": solution,
        **({"points": points} if grade else {}),
    }  # fmt: skip
    return cell


def assignment(language: str) -> nbformat.NotebookNode:
    tr = Translator(language)
    cells = [
        _meta(
            new_markdown_cell(f"# {tr.translate(NOTEBOOK['title'])}"),
            "title",
            solution=False,
            grade=False,
            locked=True,
        ),  # fmt: skip
        _meta(
            new_code_cell("from logger_widget.classroom.grading import grade"),
            "setup",
            solution=False,
            grade=False,
            locked=True,
        ),  # fmt: skip
    ]
    for number, g in enumerate(GRADED, start=1):
        ex = exercise(g.key)
        cells.append(
            _meta(
                new_markdown_cell(f"## {number}.\n\n{tr.translate(ex.question)}"),
                f"{g.key}_question",
                solution=False,
                grade=False,
                locked=True,
            )  # fmt: skip
        )
        if g.key in SHOW:
            cells.append(
                _meta(new_code_cell(SHOW[g.key]), f"{g.key}_show", solution=False, grade=False, locked=True)
            )
        answer = SOLUTIONS[g.key]
        name = answer.split(" = ")[0]
        source = f"{name} = ...\n### BEGIN SOLUTION\n{answer}\n### END SOLUTION"
        cells.append(
            _meta(new_code_cell(source), f"{g.key}_answer", solution=True, grade=False, locked=False)
        )
        test = f'grade("{g.key}", {name}, locale="{language}")'
        cells.append(
            _meta(
                new_code_cell(test), f"{g.key}_test", solution=False, grade=True, locked=True, points=g.points
            )
        )
    nb = notebook(cells, language)  # the same kernelspec and cell ids as the other notebooks
    nb.metadata["logger_widget"]["generated_by"] = "scripts/make_nbgrader.py"
    return nb


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "deploy" / "nbgrader" / "source", help="output folder"
    )
    args = parser.parse_args(argv)
    for language in LANGUAGES:
        folder = args.out / f"game_theory_{language}"
        folder.mkdir(parents=True, exist_ok=True)
        nb = assignment(language)
        nbformat.validate(nb)
        (folder / f"game_theory_{language}.ipynb").write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
    print(f"wrote {len(LANGUAGES)} assignments to {args.out}")


if __name__ == "__main__":
    main()

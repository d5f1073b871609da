"""The nbgrader course's judge: answers are checked in the teacher's process, never in the pupil's kernel.

``deploy/nbgrader/nbgrader_config.py`` puts :class:`JudgeAnswers` into nbgrader's
autograding steps, right after the notebook has been executed and before the
grades are saved. For every autograded test cell it reads the answer that the
cell's hidden part printed (:func:`logger_widget.classroom.course.submit`), checks
it with the package's checker (:func:`logger_widget.classroom.grading.grade`) and
replaces the cell's outputs by the feedback, in the pupil's language from the class
list, and the points, which nbgrader saves as the cell's score. It also shows every
question in that language.

So whatever a submission does in its kernel — redefining ``grade``, patching a checker,
replacing the display hook, swallowing errors — it only changes which answer is
reported: the judging code is the teacher's, loaded before any pupil's code ran.
A missing or unreadable report scores 0.
"""

from __future__ import annotations

import ast
import os
from typing import Any

from nbconvert.preprocessors import Preprocessor
from nbformat import NotebookNode
from nbformat.v4 import new_output
from traitlets import Bool, Unicode

from .course import MARKER, MAX_ANSWER, question, read_languages
from .exercises import exercise
from .grading import GRADED, score

__all__ = ["JudgeAnswers", "reported_answer"]


def reported_answer(cell: NotebookNode, key: str) -> Any:
    """The answer a test cell reported for ``key``: exactly one marked line in its printed output.

    ``...`` (no answer) when there is none, more than one, or it is not a Python literal
    of at most :data:`~logger_widget.classroom.course.MAX_ANSWER` characters.
    """
    printed = "".join(
        o.get("text", "")
        for o in cell.get("outputs", [])
        if o.get("output_type") == "stream" and o.get("name") == "stdout"
    )
    prefix = f"{MARKER}{key} "
    lines = [line[len(prefix) :] for line in printed.splitlines() if line.startswith(prefix)]
    if len(lines) != 1 or len(lines[0]) > MAX_ANSWER:
        return Ellipsis
    try:
        return ast.literal_eval(lines[0])
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return Ellipsis


class JudgeAnswers(Preprocessor):
    """nbgrader autograding step: judge the reported answers and write feedback and points.

    ``class_list``: the class list (``name,language``) that gives each pupil's language;
    ``{assignment}`` is replaced by the assignment's name. A pupil not on it, or no list,
    gets English.
    """

    enabled = Bool(True, help="Judge the answers (nbconvert runs a preprocessor only when enabled)").tag(
        config=True
    )
    class_list = Unicode("", help="The class list (name,language); {assignment} is the assignment").tag(
        config=True
    )

    def language(self, resources: dict[str, Any]) -> str:
        """The language of the pupil whose notebook is being graded."""
        info = resources.get("nbgrader", {})
        path = self.class_list.format(assignment=info.get("assignment", ""))
        if not path or not os.path.exists(path):
            return "en"
        return read_languages(path).get(str(info.get("student", "")).lower(), "en")

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any]) -> tuple[NotebookNode, dict[str, Any]]:
        """Show every question in the pupil's language; judge every test cell's reported answer."""
        locale = self.language(resources)
        numbers = {g.key: number for number, g in enumerate(GRADED, start=1)}
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            grade_id = str(meta.get("grade_id", ""))
            key, _, part = grade_id.rpartition("_")
            if cell.cell_type != "code" or key not in numbers:
                continue
            if part == "question":
                shown = question(key, locale, numbers[key])
                cell.outputs = [
                    new_output("display_data", {"text/markdown": str(shown), "text/plain": str(shown)})
                ]
            elif part == "test" and meta.get("grade"):
                verdict = exercise(key).check(reported_answer(cell, key), locale=locale)
                points = score(key, verdict)
                cell.outputs = [
                    new_output("stream", name="stdout", text=f"{verdict}\n"),
                    new_output(
                        "execute_result",
                        {"text/plain": repr(points)},
                        execution_count=cell.get("execution_count"),
                    ),
                ]
        return nb, resources

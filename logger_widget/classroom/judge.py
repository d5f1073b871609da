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
A missing or unreadable report scores 0, and so does a cell that printed a second marked
line (it is told so).

Each pupil is judged on their own variant (:mod:`logger_widget.classroom.variants`), drawn
again here from the teacher's secret (``secret_file``) and the pupil's name; :class:`ShowVariants`,
a step of nbgrader's ``generate_assignment``, writes the class's variants into the released
notebook's set-up cell, so that each pupil's kernel shows their own. :class:`FeedbackView`, a
step of ``generate_feedback``, leaves the hidden tests' code and everything the pupil's code printed
or displayed out of what the pupil gets back (only the judge's outputs stay), and
:func:`clean_feedback_html` lets the feedback's Markdown show as headings and paragraphs (nbconvert's
own cleaner escapes them) while still removing scripts.
"""

from __future__ import annotations

import ast
import json
import os
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from nbconvert.preprocessors import Preprocessor
from nbformat import NotebookNode
from nbformat.v4 import new_output
from traitlets import Bool, Unicode

from ..i18n import NP_, Translator
from ..i18n.explain import RuleNote
from .course import MARKER, MAX_ANSWER, introduction, question, read_languages
from .exercises import NOTEBOOK, exercise
from .feedback import ExerciseFeedback, feedback
from .grading import GRADED, score
from .variants import DEFAULT, Variant, draw, judging, read_secret

__all__ = [
    "JUDGE_MARK",
    "MANY_ANSWERS",
    "QUOTE_LIMIT",
    "AsThePupil",
    "FeedbackView",
    "JudgeAnswers",
    "ShowVariants",
    "clean_feedback_html",
    "judged_part",
    "quote",
    "reported_answer",
]

#: What :func:`reported_answer` gives for a cell that printed more than one marked line.
MANY_ANSWERS = object()
#: At most this many characters of a text the pupil wrote (an unreadable turn, an error she raised) are quoted
#: in her feedback; a longer one is cut and ends with "…".
QUOTE_LIMIT = 100
#: The mark the judge puts on the outputs it writes (``output.metadata["logger_widget"]``); not a signature:
#: the judge's cells keep only the judge's outputs because :class:`JudgeAnswers` replaces all of theirs.
JUDGE_MARK = {"judge": True}
#: The line of the set-up cell that :class:`ShowVariants` fills with the class's variants.
VARIANTS_LINE = "VARIANTS = {}"
_MANY = NP_(
    "exercise:course:many",
    "This cell reported more than one answer (a second line starting with `logger-widget-answer` was "
    "printed): only one answer counts, so this question scores 0. Do not print that line yourself.",
)
_TOTAL = NP_("exercise:course:feedback", "Your points: {score} of {points}")
_POINTS = NP_("exercise:course:feedback", "Question {number}: {score} of {points}")
_LATE = NP_("exercise:course:feedback", "Handed in late: minus {penalty}")
_ANSWER = NP_("exercise:course:feedback", "Your answer")
_TOP = NP_("exercise:course:feedback", "to the top")
_CHECK = NP_("exercise:course:feedback", "The check of your answer")
_COMMENT = NP_("exercise:course:feedback", "Your teacher's comment")
_HIDDEN = re.compile(r"\n?### BEGIN HIDDEN TESTS\n.*?### END HIDDEN TESTS", re.S)


def reported_answer(cell: NotebookNode, key: str) -> Any:
    """The answer a test cell reported for ``key``: exactly one marked line in its printed output.

    ``...`` (no answer) when there is none or it is not a Python literal of at most
    :data:`~logger_widget.classroom.course.MAX_ANSWER` characters; :data:`MANY_ANSWERS` when
    there is more than one.
    """
    printed = "".join(
        o.get("text", "")
        for o in cell.get("outputs", [])
        if o.get("output_type") == "stream" and o.get("name") == "stdout"
    )
    prefix = f"{MARKER}{key} "
    lines = [line[len(prefix) :] for line in printed.splitlines() if line.startswith(prefix)]
    if len(lines) > 1:
        return MANY_ANSWERS
    if len(lines) != 1 or len(lines[0]) > MAX_ANSWER:
        return Ellipsis
    try:
        return ast.literal_eval(lines[0])
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return Ellipsis


def judged_part(cell: NotebookNode) -> str | None:
    """Which of the judge's cells ``cell`` is: ``"setup"``, ``"question"``, ``"test"``, or ``None`` (not one).

    :class:`JudgeAnswers` replaces every output of these cells (the set-up cell's introduction, each
    graded question's text, each graded test cell's verdict and points); every other cell is left
    as the pupil's kernel ran it.
    """
    meta = cell.metadata.get("nbgrader", {})
    grade_id = str(meta.get("grade_id", ""))
    if cell.cell_type != "code":
        return None
    if grade_id == "setup":
        return "setup"
    key, _, part = grade_id.rpartition("_")
    if key not in {g.key for g in GRADED}:
        return None
    if part == "question" or (part == "test" and meta.get("grade")):
        return part
    return None


def quote(text: str, limit: int = QUOTE_LIMIT, markdown: bool = True) -> str:
    """``text``, which the pupil wrote, for her feedback: plain text on one line, at most ``limit`` characters.

    Control characters and runs of white space become one space; a longer text is cut to ``limit``
    characters, the last one "…". With ``markdown`` (for a ``text/markdown`` output) it is a code
    span, fenced by more backticks than it holds, so links, HTML, headings and ``$…$`` in it show as
    the characters she typed; without, the bare text (for ``text/plain``).
    """
    flat = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    if len(flat) > limit:
        flat = flat[: limit - 1] + "…"
    if not markdown:
        return flat
    fence = "`" * (max((len(run) for run in re.findall("`+", flat)), default=0) + 1)
    return f"{fence} {flat} {fence}"


def _quoting(verdict: ExerciseFeedback, markdown: bool) -> ExerciseFeedback:
    """``verdict`` with every text value of its placeholders :func:`quote`-d (numbers and turns stay)."""

    def each(params: Mapping[str, Any]) -> dict[str, Any]:
        return {k: quote(v, markdown=markdown) if isinstance(v, str) else v for k, v in params.items()}

    notes = tuple((m, params if isinstance(m, RuleNote) else each(params)) for m, params in verdict.notes)
    return replace(verdict, params=each(verdict.params), notes=notes)


class _ClassListed(Preprocessor):
    """A step that knows the pupil's language from the class list (``class_list``, ``{assignment}`` replaced)."""

    class_list = Unicode("", help="The class list (name,language); {assignment} is the assignment").tag(
        config=True
    )

    def _pupils(self, resources: dict[str, Any]) -> dict[str, str]:
        path = self.class_list.format(assignment=resources.get("nbgrader", {}).get("assignment", ""))
        return read_languages(path) if path and os.path.exists(path) else {}

    def language(self, resources: dict[str, Any]) -> str:
        """The language of the pupil whose notebook this is (English for a pupil not on the list)."""
        student = str(resources.get("nbgrader", {}).get("student", "")).lower()
        return self._pupils(resources).get(student, "en")


class JudgeAnswers(_ClassListed):
    """nbgrader autograding step: judge the reported answers and write feedback and points.

    ``class_list``: the class list (``name,language``) that gives each pupil's language;
    ``{assignment}`` is replaced by the assignment's name. A pupil not on it, or no list,
    gets English.
    """

    enabled = Bool(True, help="Judge the answers (nbconvert runs a preprocessor only when enabled)").tag(
        config=True
    )
    secret_file = Unicode("", help="The file of the variants' secret (the teacher's only)").tag(config=True)

    def pupil(self, resources: dict[str, Any]) -> tuple[bytes, str]:
        """``(secret, pupil)`` of the notebook being graded: ``(b"", "")`` for a pupil not on the list (the default variant).

        Raises:
            FileNotFoundError: no secret file while the pupil is on the class list.
        """
        student = str(resources.get("nbgrader", {}).get("student", "")).lower()
        if not self.secret_file or student not in self._pupils(resources):
            return b"", ""
        return read_secret(self.secret_file), student

    def variant(self, resources: dict[str, Any]) -> Variant:
        """The variant of the pupil whose notebook is being graded (the default for a pupil not on the list).

        Raises:
            FileNotFoundError: no secret file while the pupil is on the class list.
        """
        secret, pupil = self.pupil(resources)
        return draw(secret, pupil) if secret else DEFAULT

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any]) -> tuple[NotebookNode, dict[str, Any]]:
        """Show the introduction and every question in the pupil's language and variant; judge every answer."""
        locale = self.language(resources)
        secret, pupil = self.pupil(resources)
        variant = draw(secret, pupil) if secret else DEFAULT
        numbers = {g.key: number for number, g in enumerate(GRADED, start=1)}
        for cell in nb.cells:
            part = judged_part(cell)
            key = str(cell.metadata.get("nbgrader", {}).get("grade_id", "")).rpartition("_")[0]
            if part == "setup":
                cell.outputs = [_markdown(str(introduction(locale)))]
            elif part == "question":
                cell.outputs = [_markdown(str(question(key, locale, numbers[key], variant)))]
            elif part == "test":
                verdict = self.judge(key, reported_answer(cell, key), locale, secret, pupil)
                points = score(key, verdict)
                cell.outputs = [
                    _markdown(str(_quoting(verdict, markdown=True)), str(_quoting(verdict, markdown=False))),
                    new_output(
                        "execute_result",
                        {"text/plain": repr(points)},
                        metadata={"logger_widget": dict(JUDGE_MARK)},
                        execution_count=cell.get("execution_count"),
                    ),
                ]
        return nb, resources

    @staticmethod
    def judge(key: str, answer: Any, locale: str, secret: bytes = b"", pupil: str = "") -> ExerciseFeedback:
        """The verdict on ``answer`` to ``key`` for pupil ``pupil``'s variant under ``secret``.

        Without a secret, for the formative question (:data:`DEFAULT`); a second reported answer is
        wrong (0 points). The variant is drawn here from the secret: a pupil's variant is judged only by who reads the secret
        (:func:`~logger_widget.classroom.variants.judging`).
        """
        if answer is MANY_ANSWERS:
            return feedback("wrong", _MANY, locale)
        if not secret:
            return exercise(key).check(answer, locale=locale)
        with judging(secret, pupil) as variant:
            return exercise(key).check(answer, locale=locale, **variant.checker_kwargs(key))


def _markdown(text: str, plain: str | None = None) -> NotebookNode:
    """The judge's display output of Markdown ``text`` (its plain form ``plain``, default the same text)."""
    data = {"text/markdown": text, "text/plain": text if plain is None else plain}
    return new_output("display_data", data, metadata={"logger_widget": dict(JUDGE_MARK)})


def _by_the_judge(output: NotebookNode) -> bool:
    """Whether ``output`` is a display or result that :class:`JudgeAnswers` wrote (it carries :data:`JUDGE_MARK`)."""
    mark = output.get("metadata", {}).get("logger_widget", {})
    return output.get("output_type") in ("display_data", "execute_result") and mark == JUDGE_MARK


class ShowVariants(Preprocessor):
    """nbgrader ``generate_assignment`` step: the class's variants into the set-up cell's ``VARIANTS = {}`` line.

    Every pupil on the class list (``class_list``, ``{assignment}`` replaced) gets
    :func:`~logger_widget.classroom.variants.draw` of the secret in ``secret_file`` (made, mode
    0600, when there is none). Put it first, before nbgrader locks the cells and records their
    checksums. Re-generate the assignment after changing the class list.

    Raises:
        ValueError: the set-up cell has no ``VARIANTS = {}`` line.
    """

    enabled = Bool(True, help="Write the variants").tag(config=True)
    class_list = Unicode("", help="The class list (name,language); {assignment} is the assignment").tag(
        config=True
    )
    secret_file = Unicode("", help="The file of the variants' secret (made when missing)").tag(config=True)

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any]) -> tuple[NotebookNode, dict[str, Any]]:
        """Write ``VARIANTS = {name: fields, ...}`` into the set-up cell."""
        path = self.class_list.format(assignment=resources.get("nbgrader", {}).get("assignment", ""))
        pupils = sorted(read_languages(path)) if path and os.path.exists(path) else []
        secret = read_secret(self.secret_file, create=True) if pupils else b""
        variants = {name: draw(secret, name).to_json() for name in pupils}
        for cell in nb.cells:
            if cell.metadata.get("nbgrader", {}).get("grade_id") == "setup":
                if VARIANTS_LINE not in cell.source:
                    raise ValueError(f"the set-up cell has no line {VARIANTS_LINE!r} for the variants")
                cell.source = cell.source.replace(VARIANTS_LINE, f"VARIANTS = {json.dumps(variants)}")
        return nb, resources


class AsThePupil(Preprocessor):
    """nbgrader ``autograde`` step, before executing: the set-up cell names the pupil whose notebook it is.

    Autograding runs the notebook in a kernel of the grading account, where the pupil's name
    (``JUPYTERHUB_USER``) is unknown: the set-up cell's ``pupil_language()`` and
    ``pupil_variant(VARIANTS)`` get ``user=<the pupil>``, so the pupil's code computes with the
    variant the pupil worked on, the one the judge grades. nbgrader has restored the locked
    cells from the teacher's version just before (``OverwriteCells``).
    """

    enabled = Bool(True, help="Name the pupil in the set-up cell").tag(config=True)

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any]) -> tuple[NotebookNode, dict[str, Any]]:
        """Write ``user=<student>`` into the set-up cell's two calls."""
        user = repr(str(resources.get("nbgrader", {}).get("student", "")))
        for cell in nb.cells:
            if cell.metadata.get("nbgrader", {}).get("grade_id") == "setup":
                cell.source = cell.source.replace("pupil_language()", f"pupil_language(user={user})").replace(
                    "pupil_variant(VARIANTS)", f"pupil_variant(VARIANTS, user={user})"
                )
        return nb, resources


class FeedbackView(_ClassListed):
    """nbgrader ``generate_feedback`` step: what the pupil reads back, in the pupil's language.

    The hidden tests' code is left out, the title is the pupil's language's only, and the feedback page's headings (the course's template
    ``logger_widget/classroom/templates/feedback``) are written into the notebook: the total
    (``nb.metadata.logger_widget.feedback``) and each question's points (its test cell's
    ``metadata.logger_widget.label``). Put it after nbgrader's ``GetGrades``, which brings the scores.

    Nothing the pupil's code printed or displayed reaches the feedback. The rule, for every code
    cell: an output is kept only when the cell is one the judge writes (:func:`judged_part`: the
    set-up cell, a graded question's cell, a graded test cell) *and* the output is one the judge
    wrote (a display or result with :data:`JUDGE_MARK`). So the pupil's answer cells and any cell
    she added show her code without its outputs (prints, HTML, images, errors), and a test cell
    shows the verdict and the points only — not what her functions printed or displayed while the
    test called them, nor an error it raised. :class:`JudgeAnswers` replaces every output of the
    cells it writes, so in the course's pipeline the marked outputs there are the judge's (the mark
    is not a signature: it keeps the pupil's prints, errors and unmarked displays out of a notebook
    autograded without the judge). The verdict quotes a text the pupil wrote only through
    :func:`quote` (plain text, at most :data:`QUOTE_LIMIT` characters).
    """

    enabled = Bool(True, help="Leave the hidden tests and the pupil's outputs out; write the headings").tag(
        config=True
    )

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any]) -> tuple[NotebookNode, dict[str, Any]]:
        """Remove the ``### BEGIN/END HIDDEN TESTS`` regions and every output not the judge's; write the headings."""
        tr = Translator(self.language(resources))
        info = resources.get("nbgrader", {})
        numbers = {g.key: number for number, g in enumerate(GRADED, start=1)}

        def shown(x: Any) -> str:
            return tr.format_decimal(float(x or 0), format="0.##")

        nb.metadata.setdefault("logger_widget", {})["feedback"] = {
            "total": tr.format(_TOTAL, score=shown(info.get("score")), points=shown(info.get("max_score"))),
            "late": tr.format(_LATE, penalty=shown(info.get("late_penalty"))),
            "answer": tr.translate(_ANSWER),
            "check": tr.translate(_CHECK),
            "comment": tr.translate(_COMMENT),
            "top": tr.translate(_TOP),
        }
        for cell in nb.cells:
            if cell.cell_type == "markdown" and cell.metadata.get("nbgrader", {}).get("grade_id") == "title":
                cell.source = (
                    f"# {tr.translate(NOTEBOOK['title'])}"  # the released title is in every language
                )
            if cell.cell_type != "code":
                continue
            cell.source = _HIDDEN.sub("", cell.source)
            judged = judged_part(cell) is not None
            cell.outputs = [o for o in cell.get("outputs", []) if judged and _by_the_judge(o)]
            meta = cell.metadata.get("nbgrader", {})
            key = str(meta.get("grade_id", "")).removesuffix("_test")
            if meta.get("grade") and key in numbers:
                label = tr.format(_POINTS, number=numbers[key], score=shown(meta.get("score")),
                                  points=shown(meta.get("points")))  # fmt: skip
                cell.metadata.setdefault("logger_widget", {})["label"] = label
        return nb, resources


#: The tags of rendered Markdown that the feedback keeps (bleach escapes any other, e.g. ``<script>``).
FEEDBACK_TAGS = frozenset({
    "a", "abbr", "b", "blockquote", "br", "code", "div", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
    "i", "li", "ol", "p", "pre", "span", "strong", "table", "tbody", "td", "th", "thead", "tr", "ul",
})  # fmt: skip


def clean_feedback_html(html: str | bytes) -> str:
    """``html`` cleaned by bleach, keeping headings, paragraphs, lists, tables and code (``clean_html`` filter).

    nbconvert's own ``clean_html`` escapes ``<p>`` and ``<h2>``, which would show rendered Markdown as
    tag text; this one keeps :data:`FEEDBACK_TAGS` with ``class``/``id`` (and links' ``href``) and
    escapes the rest, scripts and event attributes included.
    """
    import bleach  # type: ignore[import-untyped]

    text = html.decode() if isinstance(html, bytes) else str(html)
    attributes = {"*": ["class", "id"], "a": ["href", "title", "class"]}
    return bleach.clean(text, tags=FEEDBACK_TAGS, attributes=attributes)

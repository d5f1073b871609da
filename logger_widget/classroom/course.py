"""The nbgrader course as the pupil's kernel sees it: the pupil's language, the questions, the form checks.

One released notebook serves the whole class. Its locked cells call this module:

* :func:`pupil_language` — the pupil's language from the class list (``languages.csv``
  beside the notebook, ``name,language`` per line, the hub's class-list format), found by
  the pupil's account name (``JUPYTERHUB_USER``, else the Unix user); ``"en"`` when the
  pupil is not on it;
* :func:`pupil_variant` — the pupil's own version of the questions (numbers and positions,
  :mod:`logger_widget.classroom.variants`) from the class's variants that the teacher's
  nbgrader wrote into the set-up cell; from then on the kernel's checkers refuse to judge
  (:func:`logger_widget.classroom.feedback.refuse_judging`): nothing in a graded notebook's
  kernel tells a right answer from a wrong one;
* :func:`question` — a question with its introduction and its position, in that language;
* :func:`form_check` — whether an answer has the right *form* (a number, a letter, turn
  notation); it never says whether the answer is right;
* :func:`submit` — the hidden part of a test cell: it prints the answer as a Python
  literal on a marked line. Nothing is judged in the pupil's kernel: at autograding,
  :class:`logger_widget.classroom.judge.JudgeAnswers` reads that line in the teacher's
  process, checks it there and writes the feedback and the points, so redefining or
  patching anything in the kernel changes at most the answer reported.
"""

from __future__ import annotations

import csv
import getpass
import math
import os
from collections.abc import Mapping
from numbers import Real
from pathlib import Path
from typing import Any, cast

from ..engine.position import Position
from ..engine.turn import Turn
from ..i18n import LANGUAGES, NP_, PMessage, Translator, language_choice, negotiate, sentence_start
from ..i18n.texts.board import LABELS
from ..i18n.texts.charts import SCORES, STATUS
from ..i18n.texts.terms import PIECES
from .exercises import BACKWARD_INDUCTION, KINGMAKER, PROTESTER_ENDGAME, exercise
from .exercises.catalogue import SECTIONS
from .exercises.common import Ask, Md, Table, resolve
from .exercises.kingmaker import order_options
from .feedback import REFUSED, ExerciseFeedback, Players, feedback, localise, points, refuse_judging, text
from .variants import DEFAULT, Variant

__all__ = [
    "LANGUAGES_FILE",
    "MARKER",
    "POSITIONS",
    "Question",
    "board_diagram",
    "encode_answer",
    "form_check",
    "introduction",
    "pupil_language",
    "pupil_variant",
    "question",
    "read_languages",
    "submit",
]

#: The class list handed out with the assignment: ``name,language`` per line, ``#`` comments.
LANGUAGES_FILE = "languages.csv"
#: The start of the line :func:`submit` prints (the answer follows as a Python literal).
MARKER = "logger-widget-answer "
#: The longest answer literal that is read (longer ones count as no answer).
MAX_ANSWER = 2000

#: The position each question of the course is about (shown under the question).
POSITIONS: Mapping[str, str] = {
    "game_value": BACKWARD_INDUCTION.lpn,
    "best_turn": BACKWARD_INDUCTION.lpn,
    "kingmaker": KINGMAKER.lpn,
    "protester": PROTESTER_ENDGAME.lpn,
}

_FORM_OK = NP_(
    "exercise:form:ok",
    "The form of your answer is right. Whether the answer itself is right you will see in the "
    "feedback after you submit the notebook.",
)
_INTRODUCTION = NP_(
    "exercise:course:intro",
    "Run the cells in order with **Shift + Enter**: each question appears in your language. "
    "Write your answer in the cell under the question, in place of the three dots `...`. The cell "
    "after it checks only the form of your answer (a number, a letter, a turn), not whether it is "
    "right. When you are done, save the notebook and submit it: the feedback shows your points.",
)
_QUESTION = NP_("exercise:notebook", "**Question.** {question}")


def read_languages(path: str | os.PathLike[str]) -> dict[str, str]:
    """``{pupil: language}`` from a class list (``name,language``; ``#`` lines and blank lines skipped).

    The language is one of :data:`logger_widget.i18n.LANGUAGES` (``uk``, ``es``, ``es_419``, ``en``;
    any case, ``es-419`` for ``es_419``), as the hub's class list writes it.

    Raises:
        FileNotFoundError: no such file.
        ValueError: a line that is not ``name,language`` with one of those languages (naming the line).
    """
    pupils: dict[str, str] = {}
    with open(path, encoding="utf-8", newline="") as f:
        for number, row in enumerate(csv.reader(f), start=1):
            if not row or not "".join(row).strip() or row[0].strip().startswith("#"):
                continue
            language = language_choice(row[1]) if len(row) == 2 else None
            if language is None:
                raise ValueError(
                    f"{path}:{number}: expected 'name,language' with {', '.join(LANGUAGES)}, got {row!r}"
                )
            pupils[row[0].strip().lower()] = language
    return pupils


def pupil_language(folder: str | os.PathLike[str] | None = None, user: str | None = None) -> str:
    """The pupil's language: their line of ``languages.csv`` in ``folder`` (default: the working folder).

    ``user`` defaults to ``JUPYTERHUB_USER`` (set by the hub in the pupil's server), else the
    Unix account. ``"en"`` when there is no list, the list is unreadable or the pupil is not on it.
    """
    name = (user or os.environ.get("JUPYTERHUB_USER") or getpass.getuser()).strip().lower()
    try:
        return read_languages(Path(folder or ".") / LANGUAGES_FILE).get(name, "en")
    except (OSError, ValueError):
        return "en"


_SEAT_POINTS = cast(PMessage, SCORES["seat"])  # "Player 1: 12 points"


def board_diagram(position: Position, locale: str | None = None) -> str:
    """A text diagram of ``position`` in ``locale``: the board, who moves, points, supplies, the pieces."""
    tr = Translator(negotiate(locale))
    seats = range(1, position.players + 1)
    lines = [position.board_text(), ""]
    if not position.is_terminal:
        status = STATUS["last_round" if position.end_triggered else "in_progress"]
        lines.append(tr.format(status, seat=position.to_move))
    players = [sentence_start(localise({"p": Players((s,))}, tr)["p"]) for s in seats]
    lines.append(
        " · ".join(
            text(_SEAT_POINTS, tr, player=p, points=points(n)) for p, n in zip(players, position.scores)
        )
    )
    supplies = ", ".join(f"{p}: {tr.format_number(n)}" for p, n in zip(players, position.supplies))
    lines.append(f"{tr.translate(LABELS['supply'])}: {supplies}")
    legend = [
        f"s {tr.translate(PIECES['seedling'])}",
        f"a {tr.translate(PIECES['sapling'])}",
        f"m {tr.translate(PIECES['mature'])}",
        f"p {tr.translate(LABELS['protested_tree'])}",
        f"1–{position.players} {tr.translate(PIECES['logger'])}",
    ]
    lines.append(f"{tr.translate(LABELS['legend'])}: " + ", ".join(legend))
    return "\n".join(lines)


class Question(Table):
    """A question of the course as Markdown (shown as such by Jupyter; ``str()`` gives the same text)."""


def _introduction(key: str) -> tuple[Md, ...]:
    """The explanations a pupil reads before question ``key`` in the exercises notebook."""
    for section in SECTIONS:
        since: list[Md] = []
        for cell in section.cells:
            if isinstance(cell, Ask):
                if cell.key == key:
                    return tuple(since)
                since = []
            elif isinstance(cell, Md) and cell.audience in ("all", "student"):
                since.append(cell)
    raise KeyError(f"no exercise {key!r} in the notebooks' sections")


def introduction(locale: str | None = None) -> Question:
    """How the course's notebook is used, in ``locale``."""
    return Question(Translator(negotiate(locale)).translate(_INTRODUCTION))


def pupil_variant(variants: Mapping[str, Mapping[str, Any]], user: str | None = None) -> Variant:
    """The pupil's variant among the class's ``variants`` (``{name: Variant fields}``), and no judging after.

    ``user`` defaults to ``JUPYTERHUB_USER``, else the Unix account; a pupil not among
    ``variants`` gets :data:`~logger_widget.classroom.variants.DEFAULT`. Switches this
    kernel's checkers to refusing (:func:`~logger_widget.classroom.feedback.refuse_judging`).

    Raises:
        TypeError: a variant's fields are not :class:`~logger_widget.classroom.variants.Variant`'s.
    """
    refuse_judging()
    name = (user or os.environ.get("JUPYTERHUB_USER") or getpass.getuser()).strip().lower()
    fields = variants.get(name)
    return Variant(**fields) if fields is not None else DEFAULT


def question(
    key: str, locale: str | None = None, number: int | None = None, variant: Variant = DEFAULT
) -> Question:
    """Question ``key`` in ``locale`` for ``variant``: its introduction, the question and its position's diagram.

    Raises:
        KeyError: ``key`` is not an exercise.
    """
    tr = Translator(negotiate(locale))
    ex = exercise(key)
    own = variant.params(key)
    parts = [f"## {number}." if number is not None else ""]
    for md in _introduction(key):
        params = {**resolve(md.params), **own}
        parts += [text(p, tr, **params) for p in (md.parts if md.course is None else md.course)]
    asked = text(ex.question, tr, **{**resolve(ex.params), **own})
    if key == "kingmaker":
        asked = order_options(asked, variant.options)
    parts.append(tr.format(_QUESTION, question=asked))
    if key in POSITIONS:
        lpn = variant.lpn(key) or POSITIONS[key]
        parts.append("```text\n" + board_diagram(Position.from_lpn(lpn), tr.language) + "\n```")
    return Question("\n\n".join(p for p in parts if p))


def form_check(
    key: str, answer: Any, locale: str | None = None, variant: Variant = DEFAULT
) -> ExerciseFeedback:
    """Whether ``answer`` has the form question ``key`` asks for — never whether it is right.

    Returns the checker's hint when the answer cannot be read (empty, wrong type, not
    notation, a turn that cannot be played in ``variant``'s position), otherwise the same
    "the form is right" note for a right and a wrong answer.
    """
    verdict = exercise(key).check(answer, locale=locale, **variant.checker_kwargs(key))
    if verdict.kind == "hint" and verdict.message != REFUSED:
        return verdict
    return feedback("hint", _FORM_OK, locale)


def encode_answer(answer: Any) -> str:
    """``answer`` as a Python literal that :func:`ast.literal_eval` reads back.

    Numbers (also numpy's), text, turns (as notation), ``...``, ``None`` and tuples or lists
    of these (as tuples) are kept; anything else becomes the text ``<type name>`` (an answer the
    checkers explain as unreadable). Not-a-number and infinities become text too.
    """
    if answer is Ellipsis:
        return "..."
    if answer is None or type(answer) in (bool, int, str):
        return repr(answer)
    if isinstance(answer, Turn):
        return repr(answer.notation())
    if isinstance(answer, str):
        return repr(str.__str__(answer))
    if isinstance(answer, Real) and not isinstance(answer, bool):
        value = float(answer)
        if not math.isfinite(value):
            return repr(repr(value))
        return repr(int(value)) if value.is_integer() and "int" in type(answer).__name__ else repr(value)
    if isinstance(answer, (tuple, list)):
        return "(" + "".join(encode_answer(x) + ", " for x in answer) + ")"
    return repr(f"<{type(answer).__name__}>")


def submit(key: str, answer: Any) -> None:
    """Print ``answer`` to question ``key`` on one marked line, for the teacher's autograder."""
    print(f"{MARKER}{key} {encode_answer(answer)}")

"""What every exercise shares: the question record, prepared positions, reading a student's turn, tables.

Also the notebook cell types a topic is written in (:class:`Md`, :class:`Code`,
:class:`Ask`, :class:`Section`) and the settings of every simulation
(:data:`SEED`, :data:`TOLERANCE`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from numbers import Real
from typing import Any

from ...bots.base import Candidate
from ...engine.errors import RULE_MESSAGES, IllegalTurnError, LoggerError, NotationError
from ...engine.position import Position
from ...engine.turn import Turn
from ...i18n import NP_, PMessage, Translator, negotiate
from ...i18n.texts.board import BOT_LABELS
from ..feedback import ExerciseFeedback, feedback, is_empty, note

#: The seed of every simulation in the notebooks (the whole class gets the same games).
SEED = 2024
#: How close a student's number must be to the computed one (rates and interval ends).
TOLERANCE = 0.005

EMPTY = NP_(
    "exercise:empty",
    "There is no answer yet: replace the three dots `...` with your answer and run the cell again.",
)
NOT_A_TURN = NP_(
    "exercise:turn:type",
    'Write the turn as text in turn notation, in quotes, for example `"a1-b2 xb3"`.',
)
_MALFORMED = NP_(
    "exercise:turn:malformed",
    'I cannot read "{text}" as a turn. Turn notation: where the logger goes, '
    'spawned seedlings after "+", then the action, for example `"a1-b2 +c3 xb3"`.',
)
_ILLEGAL = NP_("exercise:turn:illegal", "The turn {turn} cannot be played in this position.")
PROGRESS_GAMES = NP_("exercise:progress", "Games")

#: Values of a text's ``{placeholders}``, or a function computing them when the text is shown
#: (for numbers that need a search of the position).
Params = Mapping[str, Any] | Callable[[], Mapping[str, Any]]


def resolve(params: Params) -> Mapping[str, Any]:
    """The placeholder values of ``params`` (calling it when it is a function)."""
    return params() if callable(params) else params


# --------------------------------------------------------------------------- questions and topics


@dataclass(frozen=True)
class Exercise:
    """One question: its text, the checker, and what the notebooks put in the answer cell.

    Attributes:
        key: stable identifier; the checker is ``check_<key>``.
        question: the question (Markdown, a message).
        checker: ``checker(answer, ...) -> ExerciseFeedback``; never raises for an answer.
        check_call: the code of the notebook cell that calls the checker.
        student_code: the student's answer cell (a placeholder the checker answers with a hint).
        solution_code: the teacher's worked solution cell.
        solution: the teacher's explanation (messages, one paragraph each).
        comments: translated comments for ``$name`` in the code templates.
        params: values of the ``{placeholders}`` of the question and the solution (numbers
            taken from the positions and constants, see :func:`~logger_widget.classroom.feedback.localise`),
            or a function returning them.
    """

    key: str
    question: PMessage
    checker: Callable[..., ExerciseFeedback]
    check_call: str
    student_code: str
    solution_code: str
    solution: tuple[PMessage, ...]
    comments: Mapping[str, PMessage] = field(default_factory=dict)
    params: Params = field(default_factory=dict)

    def check(self, *args: Any, **kwargs: Any) -> ExerciseFeedback:
        """Call the checker (see ``check_<key>``)."""
        return self.checker(*args, **kwargs)


@dataclass(frozen=True)
class Md:
    """A Markdown cell: paragraphs (messages) with ``params`` for their placeholders.

    Shown to ``audience``: ``"all"``, ``"student"`` or ``"teacher"``. ``course``: the
    paragraphs the nbgrader course shows in their place (it has a text diagram, no board and
    no tables of the bots; ``()``: none), ``None`` for the same.
    """

    parts: tuple[PMessage, ...]
    audience: str = "all"
    params: Params = field(default_factory=dict)
    course: tuple[PMessage, ...] | None = None


@dataclass(frozen=True)
class Code:
    """A code cell: ``template`` with ``$name`` comments filled from ``comments`` (translated)."""

    template: str
    comments: Mapping[str, PMessage] = field(default_factory=dict)
    audience: str = "all"


@dataclass(frozen=True)
class Ask:
    """The question of :class:`Exercise` ``key``: its text, the answer cell, the check cell."""

    key: str


@dataclass(frozen=True)
class Section:
    """One topic of the notebooks: a title and its cells."""

    key: str
    title: PMessage
    cells: tuple[Md | Code | Ask, ...]


@dataclass(frozen=True)
class Endgame:
    """A prepared end-game position.

    Its result with best play and the winning turns are not stored (a pupil could print
    them): the checkers work them out by full search (:func:`~logger_widget.classroom.exercises.exact_value`).

    Attributes:
        lpn: the position.
    """

    lpn: str

    @property
    def position(self) -> Position:
        """The position."""
        return Position.from_lpn(self.lpn)


# --------------------------------------------------------------------------- reading answers


def numbers(answer: Any, count: int) -> tuple[float, ...] | None:
    """``answer`` as ``count`` finite real numbers, or ``None``."""
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        return None
    items = list(answer)
    if len(items) != count or not all(isinstance(x, Real) and not isinstance(x, bool) for x in items):
        return None
    values = tuple(float(x) for x in items)
    return values if all(math.isfinite(v) for v in values) else None


def close(a: float, b: float, tolerance: float = TOLERANCE) -> bool:
    """``a`` and ``b`` differ by at most ``tolerance``."""
    return abs(a - b) <= tolerance


#: Dashes and minus signs a keyboard or a word processor may type for notation's hyphen.
_DASHES = str.maketrans(
    {"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-"}
)


def _adjacent(a: str, b: str) -> bool:
    """Cells ``a`` and ``b`` (``"c4"``) are one orthogonal step apart."""
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:])) == 1


def _without_path(position: Position, text: str) -> str:
    """Turn notation with a logger's path (``e5-d5-c5 xc4``) written as its move (``e5-c5 xc4``).

    The path is dropped only when each step is orthogonal and the cell passed through is
    free; otherwise the text is returned as it was (and read as malformed).
    """
    head, _, rest = text.partition(" ")
    cells = head.split("-")
    if len(cells) != 3 or not all(len(c) == 2 and c[0] in "abcde" and c[1] in "12345" for c in cells):
        return text
    start, middle, end = cells
    if not (_adjacent(start, middle) and _adjacent(middle, end)) or position.piece_at(middle) is not None:
        return text
    return f"{start}-{end} {rest}".strip()


def read_turn(
    position: Position, answer: Any, locale: str | None, strict: bool = False
) -> list[Turn] | ExerciseFeedback:
    """The legal turns meant by ``answer``, or the feedback explaining why it is not one.

    Unless ``strict``, spawned seedlings may be left out: then every legal
    spawn choice with the same movement and action is returned.
    """
    if isinstance(answer, Turn):
        text = answer.notation()
    elif isinstance(answer, str):
        text = _without_path(position, " ".join(answer.translate(_DASHES).split()))
    else:
        return feedback("hint", NOT_A_TURN, locale)
    try:
        turn = position.parse_turn(text)
        position.play(turn)
        return [turn]
    except NotationError:
        return feedback("hint", _MALFORMED, locale, {"text": text})
    except IllegalTurnError as error:
        if error.rule == "spawn_count" and "+" not in text and not strict:
            bare = Turn.parse(text)
            moved = "-" in text.split()[0]
            matches = [
                t
                for t in position.legal_turns()
                if t.destination == bare.destination
                and t.action == bare.action
                and (not moved or t.origin == bare.origin)
            ]
            if matches:
                return matches
        detail = (error.rule, dict(error.params)) if error.rule in RULE_MESSAGES else None
        return feedback("wrong", _ILLEGAL, locale, {"turn": text}, detail=detail)
    except LoggerError:
        return feedback("wrong", _ILLEGAL, locale, {"turn": text})


def played_turn(
    position: Position, answer: Any, locale: str | None
) -> tuple[Turn, Position] | ExerciseFeedback:
    """The student's turn and the position after it, or the feedback that explains why it cannot be played."""
    if is_empty(answer):
        return feedback("hint", EMPTY, locale, notes=[note(NOT_A_TURN)])
    turns = read_turn(position, answer, locale)
    if isinstance(turns, ExerciseFeedback):
        return turns
    return turns[0], position.play(turns[0])


# --------------------------------------------------------------------------- showing results


@dataclass(frozen=True)
class Table:
    """Markdown text that a notebook shows as a table (``str()`` gives the same text)."""

    markdown: str

    def _repr_markdown_(self) -> str:
        return self.markdown

    def __str__(self) -> str:
        return self.markdown


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A Markdown table: a header row, then ``rows`` (cells already as text)."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def bot_label(name: str, tr: Translator) -> str:
    """A bot's translated preset label with its name (``"greedy (`greedy`)"``), or just the name."""
    return f"{tr.translate(BOT_LABELS[name])} (`{name}`)" if name in BOT_LABELS else f"`{name}`"


def progress_bar(total: int, desc: PMessage, progress: bool, tr: Translator) -> Any:
    """A ``tqdm.auto`` bar of ``total`` steps labelled ``desc`` in ``tr``'s language (hidden unless ``progress``)."""
    from tqdm.auto import tqdm  # type: ignore[import-untyped]

    return tqdm(
        total=total,
        desc=tr.translate(desc),
        disable=not progress,
        leave=True,
        bar_format="{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}]",
    )


_COL_TURN = NP_("exercise:table", "turn")
_COL_VALUE = NP_("exercise:table", "value")
_COL_VISITS = NP_("exercise:table", "visits")


def analysis_table(candidates: Sequence[Candidate], locale: str | None = None, limit: int = 8) -> Table:
    """A bot's ``analyse(...)`` list as a table with translated headings (best first, at most ``limit``)."""
    tr = Translator(negotiate(locale))
    shown = list(candidates)[:limit]
    visits = any(c.visits for c in shown)
    header = [tr.translate(_COL_TURN), tr.translate(_COL_VALUE)]
    if visits:
        header.append(tr.translate(_COL_VISITS))
    rows = []
    for c in shown:
        row = [f"`{c.turn.notation()}`", tr.format_decimal(c.value, format="#,##0.###")]
        if visits:
            row.append(tr.format_number(c.visits))
        rows.append(row)
    return Table(markdown_table(header, rows))

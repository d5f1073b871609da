"""Verdicts on a pupil's answer, translated when they are shown: :class:`Feedback` and helpers.

Shared by the tutorial (:mod:`.tutorial`) and the exercises (:mod:`.exercises`).
A verdict keeps its messages untranslated (gettext markers with ``{placeholders}``)
and their values as Python objects; :meth:`Feedback.text` renders it in any
language, formatting numbers, turns and lists of players for that language
(:func:`localise`).
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from ..engine.turn import Turn
from ..i18n import NP_, PluralMessage, PMessage, Translator, negotiate
from ..i18n.explain import RuleNote, explain_rule
from ..i18n.runtime import min_grouping_digits
from ..i18n.texts.terms import GAMES, POINTS, PROTESTERS
from ..tournament.ratings import LEVEL

__all__ = [
    "REFUSED",
    "Count",
    "ExerciseFeedback",
    "Feedback",
    "HALF",
    "Interval",
    "Message",
    "Number",
    "Players",
    "Rendered",
    "Whole",
    "feedback",
    "formative_unless_judged",
    "games",
    "is_empty",
    "localise",
    "note",
    "points",
    "protesters",
    "refuse_judging",
    "text",
    "whole",
]

#: A translatable message: with a context (``NP_``), without (``N_``), or a broken rule to explain.
Message = PMessage | str | RuleNote

#: The checkers' marks: text characters of DejaVu Sans (the font the project installs), never emoji,
#: which show as empty boxes on a classroom machine with no emoji font.
ICONS = {"ok": "✓", "wrong": "✗", "hint": "☞"}
#: Half a point, the rate of two equal players: the texts say it as ``{half}`` («0,5», es-MX «0.5»).
HALF = 0.5
# TRANSLATORS: a seat inside a sentence ("Then Player 3 wins."), also in lists ("Player 1 and Player 3").
_PLAYER = NP_("exercise:player", "Player {seat}")


@dataclass(frozen=True)
class Feedback:
    """The verdict on a pupil's turn.

    Attributes:
        ok: the task was done.
        message: what to tell the pupil (translatable, with ``{placeholders}``).
        params: values for the placeholders (cell names, numbers).
        detail: for an illegal turn, the broken rule's key in
            :data:`~logger_widget.engine.errors.RULE_MESSAGES` and its parameters
            (explained by :func:`~logger_widget.i18n.explain.explain_rule`).
    """

    ok: bool
    message: PMessage
    params: Mapping[str, Any] = field(default_factory=dict)
    detail: tuple[str, Mapping[str, Any]] | None = None

    def text(self, translator: Translator) -> str:
        """The feedback in ``translator``'s language (the broken rule appended when there is one)."""
        out = translator.format(self.message, **self.params)
        if self.detail is not None:
            rule, params = self.detail
            out += " " + explain_rule(translator, rule, params)
        return out


@dataclass(frozen=True)
class Whole:
    """A rating shown as a whole number (or ∞ when it cannot be estimated)."""

    value: float


@dataclass(frozen=True)
class Number:
    """A number shown with a Babel/CLDR decimal pattern (``"0.00"``: two decimals) in the reader's locale."""

    value: float
    format: str = "0.##"


def _grouped(number: Number, tr: Translator) -> str:
    """``number``'s pattern with digit groups where :meth:`Translator.format_number` puts them.

    So that «≈ 1 067,1» and «1 068 ігор» stand in one sentence: uk groups from 1 000 on,
    Spain's es from 10 000 on (CLDR's minimum grouping digits; es_419 and its regions from 1 000), en from 1,000 on.
    """
    pattern = number.format
    if "," in pattern or not math.isfinite(number.value):
        return pattern
    whole = len(str(abs(int(number.value))))
    if whole >= 3 + min_grouping_digits(tr.locale):
        return "#,##" + pattern
    return pattern


@dataclass(frozen=True)
class Interval:
    """An interval ``[low; high]`` as the reader's locale writes it (:meth:`Translator.format_interval`)."""

    low: float
    high: float
    format: str = "0.000"


@dataclass(frozen=True)
class Rendered:
    """A value written for the reader's language when the feedback is shown: ``render(translator) -> str``."""

    render: Callable[[Translator], str]


@dataclass(frozen=True)
class Players:
    """Seats to be shown as "Player 1 and Player 3" in the reader's language."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class Count:
    """A number with its noun, in the reader's plural form: uk "1 очко", "2 очки", "5 очок", "21 очко".

    A message never puts a number placeholder beside a fixed noun ("{points} points" is wrong
    for 1 in English and for most numbers in Ukrainian); it takes ``{points}`` and the value
    ``Count(POINTS, n)``, shown with :meth:`Translator.count`. ``message`` is a count message
    (``NN_``/``NNP_``, placeholder ``{n}``); ``n`` the whole number.
    """

    message: PluralMessage
    n: int


def points(n: int) -> Count:
    """``n`` game points ("1 point", uk "5 очок")."""
    return Count(POINTS, n)


def protesters(n: int) -> Count:
    """``n`` protesters ("1 protester", uk "2 протестувальники")."""
    return Count(PROTESTERS, n)


def games(n: int) -> Count:
    """``n`` games ("1 game", uk "5 ігор")."""
    return Count(GAMES, n)


def whole(x: float, tr: Translator) -> str:
    """``x`` as a whole number in ``tr``'s locale, or ∞ / −∞."""
    if math.isfinite(x):
        return tr.format_decimal(x, format="0")
    return "∞" if x > 0 else "−∞"


def localise(params: Mapping[str, Any], tr: Translator) -> dict[str, Any]:
    """Placeholder values as text for ``tr``.

    Rates (floats) get three decimals, counts (ints) the locale's digits, a
    :class:`Number` its own pattern, a :class:`Whole` none, turns their
    notation, :class:`Players` a localised list, messages their translation.
    ``{level}`` (the confidence level of every interval, "95 %") and ``{half}`` (0.5, half a point,
    in the reader's decimal mark) are always there; an :class:`Interval` is written with
    :meth:`Translator.format_interval`.
    """
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, bool) or isinstance(value, str):
            out[key] = value
        elif isinstance(value, float):
            out[key] = tr.format_decimal(value, format="0.000")
        elif isinstance(value, int):
            out[key] = tr.format_number(value)
        elif isinstance(value, Number):
            out[key] = tr.format_decimal(value.value, format=_grouped(value, tr))
        elif isinstance(value, Turn):
            out[key] = value.notation()
        elif isinstance(value, PMessage):
            out[key] = tr.translate(value)
        elif isinstance(value, Count):
            out[key] = tr.count(value.message, value.n)
        elif isinstance(value, Whole):
            out[key] = whole(value.value, tr)
        elif isinstance(value, Interval):
            out[key] = tr.format_interval(value.low, value.high, value.format)
        elif isinstance(value, Rendered):
            out[key] = value.render(tr)
        elif isinstance(value, Players):
            out[key] = tr.format_list([tr.format(_PLAYER, seat=s) for s in value.seats])
        else:
            out[key] = str(value)
    out.setdefault("level", tr.format_percent(LEVEL))
    out.setdefault("half", tr.format_decimal(HALF))  # «0,5» / «0.5»: no text writes a decimal itself
    return out


def text(message: Message, tr: Translator, **params: Any) -> str:
    """``message`` translated, with ``{level}`` and ``params`` filled in (see :func:`localise`).

    A :class:`~logger_widget.i18n.explain.RuleNote` is explained by :func:`~logger_widget.i18n.explain.explain_rule`.
    """
    if isinstance(message, RuleNote):
        return explain_rule(tr, message.rule, params)
    return tr.format(message, **localise(params, tr))


@dataclass(frozen=True)
class ExerciseFeedback(Feedback):
    """The verdict on an answer: a :class:`Feedback` with more to say.

    Attributes (besides those of ``Feedback``):
        notes: further sentences, each ``(message, params)``, shown after the main one.
        kind: ``"ok"`` (right), ``"wrong"`` (an explained mistake) or ``"hint"``
            (nothing to judge yet: an empty or unreadable answer).
        locale: the language it is shown in by ``str()`` and in a notebook
            (``"uk"``, ``"es"`` or ``"en"``); :meth:`text` takes any translator.
    """

    notes: tuple[tuple[Message, Mapping[str, Any]], ...] = ()
    kind: str = "wrong"
    locale: str = "en"

    def text(self, translator: Translator | None = None) -> str:
        """Every sentence in ``translator``'s language (default: :attr:`locale`)."""
        tr = translator if translator is not None else Translator(self.locale)
        main = Feedback(self.ok, self.message, localise(self.params, tr), self.detail)
        parts = [main.text(tr)]
        parts += [text(message, tr, **params) for message, params in self.notes]
        return " ".join(parts)

    def in_language(self, locale: str) -> ExerciseFeedback:
        """The same feedback shown in another language."""
        return replace(self, locale=negotiate(locale))

    def __str__(self) -> str:
        return f"{ICONS[self.kind]} {self.text()}"

    def _repr_markdown_(self) -> str:
        return str(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


REFUSED = NP_(
    "exercise:graded:refused",
    "In a graded assignment the checkers do not say whether an answer is right: you will see it in "
    "the feedback after you submit the notebook.",
)
#: Whether this process's checkers judge the formative questions (a graded assignment's kernel switches it off).
_judging = True
#: Set while a checker runs on a question other than its formative one outside the judge: a hint only.
_hint_only: ContextVar[bool] = ContextVar("logger_widget_hint_only", default=False)
#: The variant the teacher's judge grades, drawn from the secret (``variants.judging``): what it asks its checkers.
_judged: ContextVar[Any] = ContextVar("logger_widget_judged", default=None)

_Checker = TypeVar("_Checker", bound=Callable[..., "ExerciseFeedback"])


def refuse_judging() -> None:
    """From now on every checker in this process answers :data:`REFUSED` (a hint) instead of right or wrong.

    Called by a graded assignment's set-up in the pupil's kernel
    (:func:`logger_widget.classroom.course.pupil_variant`): the kernel keeps telling an answer
    it cannot read (a hint), never whether one is right. The teacher's judge runs in its own
    process, where the checkers judge. A pupil's own question (her variant) is never judged
    outside the judge, in any process (:func:`formative_unless_judged`).
    """
    global _judging
    _judging = False


def formative_unless_judged(key: str) -> Callable[[_Checker], _Checker]:
    """The checker of graded question ``key`` judges its formative question only, unless the judge asks.

    Called with question parameters other than the checker's defaults (a pupil's variant: another
    position, half-width, rate or order of statements), the checker answers :data:`REFUSED` for a
    readable answer (an unreadable one still gets its hint) — in every process, whatever the
    process's switch (:func:`refuse_judging`) says — except inside
    :func:`logger_widget.classroom.variants.judging`, which the teacher's judge enters with the
    course's secret and the pupil's name: there the variant drawn from them, and only that one,
    is judged. So without the secret (which only the teacher's account reads) a pupil's variant
    gets no verdict from the package's checkers, nor from the judge's functions that use them,
    called as they are: in her graded kernel, after switching its checkers back on or reloading
    this module, in a terminal or a new interpreter (``tests/test_variants.py``,
    ``tests/hosts/test_hub_nbgrader.py``). It is no wall against a pupil who rewrites the package's
    code or private state in her own process — nothing in her process is — and the questions
    stay solvable with the package's game tools, as the course intends; her marks never depend on
    it: the judge reads only the answer her notebook reported.
    """

    def wrap(checker: _Checker) -> _Checker:
        defaults = {
            name: p.default
            for name, p in inspect.signature(checker).parameters.items()
            if p.kind is p.KEYWORD_ONLY and name != "locale"
        }

        def checked(answer: Any, *, locale: str | None = None, **params: Any) -> ExerciseFeedback:
            own = {k: v for k, v in params.items() if k not in defaults or v != defaults[k]}
            if own and not _judged_here(key, own):
                token = _hint_only.set(True)
                try:
                    return checker(answer, locale=locale, **params)
                finally:
                    _hint_only.reset(token)
            return checker(answer, locale=locale, **params)

        for name in ("__module__", "__name__", "__qualname__", "__doc__"):
            setattr(checked, name, getattr(checker, name))
        checked.__signature__ = inspect.signature(checker)  # type: ignore[attr-defined]
        return checked  # type: ignore[return-value]

    return wrap


def _judged_here(key: str, own: Mapping[str, Any]) -> bool:
    """Whether the judge is grading, in this context, a pupil whose question ``key`` has parameters ``own``."""
    judged = _judged.get()
    if judged is None:
        return False
    drawn = judged.checker_kwargs(key)
    return all(k in drawn and drawn[k] == v for k, v in own.items())


def feedback(
    kind: str,
    message: PMessage,
    locale: str | None,
    params: Mapping[str, Any] | None = None,
    notes: Iterable[tuple[Message, Mapping[str, Any]]] = (),
    detail: tuple[str, Mapping[str, Any]] | None = None,
) -> ExerciseFeedback:
    """An :class:`ExerciseFeedback` of ``kind`` (``"ok"``, ``"wrong"``, ``"hint"``) in ``locale``.

    After :func:`refuse_judging`, and for a question that is not the formative one outside the
    judge (:func:`formative_unless_judged`), a right or wrong verdict comes back as the hint :data:`REFUSED`.
    """
    if kind != "hint" and (not _judging or _hint_only.get()):
        return ExerciseFeedback(False, REFUSED, {}, None, (), "hint", negotiate(locale))
    return ExerciseFeedback(
        kind == "ok", message, dict(params or {}), detail, tuple(notes), kind, negotiate(locale)
    )


def note(message: PMessage, **params: Any) -> tuple[Message, Mapping[str, Any]]:
    """A further sentence for :attr:`ExerciseFeedback.notes`."""
    return (message, params)


def is_empty(answer: Any) -> bool:
    """A placeholder left in a student's cell: ``...``, ``None``, blank text or a tuple of those."""
    if answer is None or answer is Ellipsis:
        return True
    if isinstance(answer, str):
        return not answer.strip()
    if isinstance(answer, (tuple, list)):
        return not answer or any(a is Ellipsis or a is None for a in answer)
    return False

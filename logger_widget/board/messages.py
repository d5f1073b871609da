"""Deferred board messages: functions ``translator -> text`` built when something happens.

A notice is stored untranslated and rendered each time the view is built, so
it follows a language switch. The texts are in
:data:`logger_widget.i18n.texts.board.NOTICES`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.errors import NotationError
from ..i18n import PMessage, PPluralMessage, Translator
from ..i18n.texts import terms
from ..i18n.texts.board import LABELS, NOTICES
from .view import explain_error, player_in_sentence, player_of

__all__ = [
    "text",
    "raw",
    "illegal_text",
    "player_text",
    "player_of_text",
    "error_text",
    "short",
    "action_label",
]

Message = Callable[[Translator], str]


def text(key: str, **params: Any) -> Message:
    """The notice ``NOTICES[key]``; ``params`` may be values or functions of the translator.

    A plural notice takes its count from the parameter ``n``.
    """
    message = NOTICES[key]

    def render(tr: Translator) -> str:
        values = {k: (v(tr) if callable(v) else v) for k, v in params.items()}
        if isinstance(message, PPluralMessage):
            return tr.count(message, int(values.pop("n")), **values)
        return tr.format(message, **values)

    return render


def raw(value: str) -> Message:
    """A text shown as it is (not translated)."""
    return lambda tr: value


def illegal_text(error: BaseException) -> Message:
    """A refused typed turn: the rule it breaks, or why it cannot be read."""

    def render(tr: Translator) -> str:
        if isinstance(error, NotationError):
            return explain_error(tr, error)
        return tr.format(NOTICES["illegal"], reason=explain_error(tr, error))

    return render


def player_text(seat: int) -> Message:
    """``"Player {seat}"`` inside a sentence, in the language of the view (es ``"jugador 2"``: the notice adds «el»)."""
    return lambda tr: player_in_sentence(tr, seat)


def player_of_text(seat: int) -> Message:
    """``"Player {seat}"`` as the owner inside a sentence ("player 2's bot"; uk genitive ``"гравця 2"``)."""
    return lambda tr: player_of(tr, seat)


def error_text(error: BaseException) -> Message:
    """An engine error explained in the language of the view."""
    return lambda tr: explain_error(tr, error)


def short(error: BaseException) -> str:
    """``"TypeError: …"``, cut to 200 characters (for a bot's or a hint's failure)."""
    value = f"{type(error).__name__}: {error}"
    return value if len(value) <= 200 else value[:199] + "…"


def action_label(kind: str) -> PMessage:
    """The glossary name of an action kind (``"plant"``…), or "Done"."""
    return terms.ACTIONS[kind] if kind in terms.ACTIONS else LABELS["done"]

"""The one way of turning an engine error into a sentence in the player's language.

The board (:mod:`logger_widget.board.view`), the tutorial
(:mod:`logger_widget.classroom.tutorial`) and the exercises
(:mod:`logger_widget.classroom.exercises`) all explain a refused turn with
:func:`explain_rule` / :func:`explain_error`, so a rule reads the same
everywhere and every placeholder value is localised the same way:

* counts and seat numbers are formatted with the translator's Babel locale
  (``1500`` -> es ``"1.500"``, uk ``"1 500"``);
* an option name of the step-by-step API (``"plant"``, ``"protest"``,
  ``"chop"``, ``"done"``) is replaced by its translated label (uk
  ``"Посадити"``), so no raw English word lands in a translated sentence;
* cell names (``"b2"``) and notation stay as they are.

Example::

    from logger_widget.i18n import Translator
    from logger_widget.i18n.explain import explain_error
    try:
        position.play("a1-a3")
    except IllegalTurnError as error:
        explain_error(Translator("uk"), error)   # '"a3 ..." in Ukrainian'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..engine.errors import IllegalTurnError, NotationError, RecordError, rule_template
from .runtime import PMessage, Translator
from .texts.board import LABELS, NOTICES
from .texts.terms import ACTIONS

__all__ = ["RuleNote", "explain_error", "explain_rule", "option_label", "OPTION_LABELS"]

#: Translated labels of the step-by-step API's non-cell options (``TurnInProgress.options()``).
OPTION_LABELS: Mapping[str, PMessage] = {
    "plant": ACTIONS["plant"],
    "protest": ACTIONS["protest"],
    "chop": ACTIONS["chop"],
    "done": LABELS["done"],
}


class RuleNote(NamedTuple):
    """A reference to a broken rule, to be explained later in some language.

    ``rule`` is a key of :data:`~logger_widget.engine.errors.RULE_MESSAGES`.
    Used where a sentence is stored before its language is known (exercise notes).
    """

    rule: str


def option_label(tr: Translator, choice: object) -> str:
    """``choice`` as the player sees it: an option name translated, anything else as given."""
    key = choice.strip().lower() if isinstance(choice, str) else ""
    if key in OPTION_LABELS:
        return tr.translate(OPTION_LABELS[key])
    return str(choice)


def _localise(tr: Translator, key: str, value: Any) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return tr.format_number(value)
    if key == "choice":
        return option_label(tr, value)
    return str(value)


def explain_rule(tr: Translator, rule: str, params: Mapping[str, Any]) -> str:
    """The sentence of broken rule ``rule`` in ``tr``'s language, placeholders filled from ``params``.

    Args:
        tr: the translator of the board, lesson or exercise.
        rule: a key of :data:`~logger_widget.engine.errors.RULE_MESSAGES`
            (``IllegalTurnError.rule``).
        params: the error's ``params`` (cell names, seat numbers, counts, option names).

    Raises:
        KeyError: ``rule`` is not a known rule key, or ``params`` lacks a placeholder
            of its message (both are programming errors; catalogues are checked at load).
    """
    template = rule_template(rule, dict(params))
    return tr.format(template, **{k: _localise(tr, k, v) for k, v in params.items()})


def explain_error(tr: Translator, error: BaseException) -> str:
    """An engine error as one sentence in ``tr``'s language.

    :class:`~logger_widget.engine.errors.IllegalTurnError` gives its rule's
    sentence (:func:`explain_rule`); a
    :class:`~logger_widget.engine.errors.NotationError` says the turn cannot be
    read; a :class:`~logger_widget.engine.errors.RecordError` names the bad
    field of a game record. Any other exception gives ``str(error)`` (it is
    not a pupil's mistake and has no translation).
    """
    if isinstance(error, IllegalTurnError):
        return explain_rule(tr, error.rule, error.params)
    if isinstance(error, NotationError):
        return tr.format(NOTICES["notation"], text=error.text)
    if isinstance(error, RecordError):
        return tr.format(NOTICES["bad_record"], where=error.where)
    return str(error)

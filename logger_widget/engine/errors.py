"""Errors raised by the rules engine.

Every error is a :class:`ValueError` (bad input, never a broken engine) and
carries a machine-readable ``rule`` key and ``params`` so that the board and
the tutorials can explain it in the player's language: the English template
for each key is in :data:`RULE_MESSAGES`, and the same text is the gettext
msgid in ``locales/`` (see :mod:`logger_widget.i18n`).
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "IllegalTurnError",
    "LoggerError",
    "LPNError",
    "NotationError",
    "RULE_MESSAGES",
    "RULE_MESSAGES_NONE",
    "RecordError",
    "rule_template",
]


def N_(message: str) -> str:
    """Mark ``message`` for extraction into the catalogues without translating it."""
    return message


#: English template of each rule an illegal turn can break, keyed by ``IllegalTurnError.rule``.
#: Placeholders are filled with cell names, seat numbers and counts.
RULE_MESSAGES: dict[str, str] = {
    "game_over": N_("The game is over: no more turns can be played."),
    "wrong_origin": N_("Player {seat}'s logger is on {logger}, not on {origin}."),
    "destination_tree": N_("{cell} is not free: a tree stands there."),
    "destination_logger": N_("{cell} is not free: Player {other}'s logger stands there."),
    "destination_too_far": N_("{cell} is more than two steps away from {origin}."),
    "destination_blocked": N_("{cell} is not reachable in two steps: the way from {origin} is blocked."),
    "spawn_not_free": N_("A seedling cannot be spawned on {cell}: it is not a free cell."),
    "spawn_not_adjacent": N_(
        "A seedling cannot be spawned on {cell}: no spawning mature tree is next to it."
    ),
    "spawn_count": N_("Growth must spawn as many seedlings as possible: {expected} here, not {given}."),
    "spawn_not_maximal": N_(
        "These spawned seedlings cannot all come from different mature trees: "
        "choose cells so that as many trees as possible spread their seeds."
    ),
    "action_required": N_("An action is possible, so it cannot be skipped."),
    "plant_not_adjacent": N_("You can plant only next to your logger, and {cell} is not."),
    "plant_not_free": N_("You cannot plant on {cell}: it is not free."),
    "plant_limit": N_("No seedling can be planted: 20 trees are already on the board."),
    "protest_no_supply": N_(
        "Not enough protesters in the supply: it holds {supply}, and the turn chooses {count}."
    ),
    "protest_not_mature": N_("Protesters go on mature trees only, and {cell} is not one."),
    "protest_already": N_("{cell} already has a protester."),
    "protest_empty": N_("Choose at least one tree to protest on."),
    "chop_not_adjacent": N_("You can chop only a tree next to your logger, and {cell} is not."),
    "chop_not_mature": N_("Only mature trees can be chopped, and {cell} is not one."),
    "chop_protested": N_("{cell} is protected by a protester and cannot be chopped."),
    "not_an_option": N_("{choice} is not one of the choices now."),
}


#: The message of a rule when one of its counts is zero, keyed by the rule: (that count's parameter, the
#: English template). A count of nothing is said in words, never "you have 0" (docs/i18n.md).
RULE_MESSAGES_NONE: dict[str, tuple[str, str]] = {
    "spawn_count": (
        "given",
        N_("Growth must spawn as many seedlings as possible: {expected} here, and this turn spawns none."),
    ),
    "protest_no_supply": ("supply", N_("There is no protester in the supply, and the turn chooses {count}.")),
}


def rule_template(rule: str, params: dict[str, Any]) -> str:
    """The English template of ``rule`` for ``params``: its :data:`RULE_MESSAGES_NONE` one when that count is 0."""
    zero = RULE_MESSAGES_NONE.get(rule)
    if zero is not None and params.get(zero[0]) == 0:
        return zero[1]
    return RULE_MESSAGES[rule]


def shown(text: object, limit: int = 80) -> str:
    """``repr`` of a rejected input for a message, cut to ``limit`` characters."""
    r = repr(text)
    return r if len(r) <= limit else r[: limit - 1] + "…"


class LoggerError(ValueError):
    """Base of the engine's errors: all of them are ``ValueError`` errors about the input."""


class LPNError(LoggerError):
    """An LPN position string is malformed or describes an impossible position.

    Attributes:
        field: which LPN field is wrong: ``"board"``, ``"to_move"``, ``"scores"``,
            ``"supplies"`` or ``"format"`` (the number of fields).
        text: the rejected input.
    """

    def __init__(self, text: str, field: str, reason: str) -> None:
        self.text = text
        self.field = field
        self.reason = reason
        super().__init__(f"invalid LPN {shown(text)}: {field} field: {reason}")


class NotationError(LoggerError):
    """A turn in notation is malformed (a syntax error, not an illegal turn).

    Attributes:
        text: the rejected input.
        reason: what is wrong with it.
    """

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"malformed turn notation {shown(text)}: {reason}")


class IllegalTurnError(LoggerError):
    """A well-formed turn (or a step of one) that the rules do not allow here.

    Attributes:
        turn: the turn's notation (or the choice) that was refused.
        lpn: the position it was played in.
        rule: key into :data:`RULE_MESSAGES` naming the broken rule.
        params: values for the placeholders of that rule's message.
    """

    def __init__(self, turn: str, lpn: str, rule: str, **params: Any) -> None:
        self.turn = turn
        self.lpn = lpn
        self.rule = rule
        self.params = params
        self.explanation = rule_template(rule, params).format(**params)
        super().__init__(f"illegal turn {shown(turn)} in position {lpn!r}: {self.explanation}")


class RecordError(LoggerError):
    """A game record (JSON) is malformed, of an unknown version, or does not replay.

    Attributes:
        where: the field or turn (e.g. ``"turns[12]"``) that is wrong.
    """

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"invalid game record: {where}: {reason}")

"""Every exercise and topic in notebook order: :data:`EXERCISES`, :data:`SECTIONS`, :func:`exercise`.

A new exercise is a module beside the others (its texts, positions, checker,
:class:`~.common.Exercise` records and :class:`~.common.Section`), listed here.
"""

from __future__ import annotations

from . import backward_induction, first_player, kingmaker, nash, own_bot, protester, ranking
from .common import Exercise, Section

#: Every question, in the order of the notebooks.
EXERCISES: tuple[Exercise, ...] = (
    first_player.FIRST_PLAYER,
    first_player.SAMPLE_SIZE,
    backward_induction.GAME_VALUE,
    backward_induction.BEST_TURN,
    own_bot.OWN_BOT,
    ranking.RANKING,
    kingmaker.KINGMAKER_QUESTION,
    protester.PROTESTER_QUESTION,
    nash.NASH,
)

#: The seven topics of the notebooks, in order.
SECTIONS: tuple[Section, ...] = (
    first_player.SECTION,
    backward_induction.SECTION,
    own_bot.SECTION,
    ranking.SECTION,
    kingmaker.SECTION,
    protester.SECTION,
    nash.SECTION,
)

_BY_KEY = {e.key: e for e in EXERCISES}


def exercise(key: str) -> Exercise:
    """The exercise called ``key``. Raises KeyError naming the known keys."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise KeyError(f"no exercise {key!r}; exercises are {', '.join(_BY_KEY)}") from None

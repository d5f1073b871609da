"""The tutorial's lessons by key, with their titles (context ``tutorial:<key>:title``), in tutorial order.

Only the key and the title live here: the class game service checks a pupil's "lesson done" against
:data:`KEYS` and shows the teacher :data:`TITLES`; the lessons themselves (explanations, positions,
tasks, judges) are :data:`logger_widget.classroom.tutorial.LESSONS`, which take their keys and
titles from here.
"""

from __future__ import annotations

from types import MappingProxyType

from .. import NP_, PMessage

__all__ = ["KEYS", "MORE_BELOW", "TITLES"]

#: ``{key: title}`` of every lesson of the tutorial, in the tutorial's order.
TITLES: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "board": NP_("tutorial:board:title", "The board and the pieces"),
        "movement": NP_("tutorial:movement:title", "Movement"),
        "growth": NP_("tutorial:growth:title", "Growth"),
        "spawning": NP_("tutorial:spawning:title", "Mature trees spawn seedlings"),
        "plant": NP_("tutorial:plant:title", "Plant"),
        "protest": NP_("tutorial:protest:title", "Protest"),
        "chop": NP_("tutorial:chop:title", "Chop and the domino effect"),
        "end": NP_("tutorial:end:title", "The end of the game"),
        "tiebreak": NP_("tutorial:tiebreak:title", "Ties"),
        "repetition": NP_("tutorial:repetition:title", "When nothing can change"),
    }
)

#: The lessons' keys (``"board"``, ``"movement"`` …), in the tutorial's order.
KEYS: tuple[str, ...] = tuple(TITLES)

# TRANSLATORS: under the explanation of the lesson a lesson board went on to with "Next lesson":
# the notebook's text above the board explains the lesson before; this one has its own part further
# down the notebook, with the rules.
MORE_BELOW = NP_(
    "tutorial",
    "The notebook explains this lesson again further down, with its rules. Try the task here or there.",
)

"""The project glossary (docs/glossary.md) as message tables.

Every label that names a game concept comes from here, so that the same
Ukrainian and Spanish term is used everywhere (board, tutorial, charts).
Translate with a :class:`~logger_widget.i18n.Translator`::

    tr.translate(PIECES["seedling"])     # uk 'саджанець', es 'plántula'
    tr.format(PLAYER, seat=2)            # uk 'Гравець 2' (a label)
    tr.format(PLAYER_IN_SENTENCE, seat=2)  # uk 'гравець 2', es 'jugador 2' (inside a sentence)
    tr.format(PLAYER_OF, seat=2)         # uk 'гравця 2', es 'jugador 2' (whose: "player 2's bot")
    tr.count(POINTS, 5)                  # uk '5 очок', es '5 puntos'
    tr.ngettext(*TREES, 3).format(n=3)   # uk '3 дерева'
"""

from __future__ import annotations

from types import MappingProxyType

from .. import N_, NN_, NP_, PluralMessage, PMessage

__all__ = [
    "GAME_NAME",
    "PIECES",
    "PHASES",
    "ACTIONS",
    "TERMS",
    "PLAYER",
    "PLAYER_IN_SENTENCE",
    "PLAYER_SUBJECT",
    "PLAYER_OF",
    "POINTS",
    "PROTESTERS",
    "TREES",
    "TURNS",
    "GAMES",
    "COUNTS",
]

#: The name of the game (uk "Logger (Лісоруб)", es "Logger (Leñador)").
GAME_NAME: PMessage = NP_("term", "Logger")

#: Piece names, keyed by the engine's identifiers.
PIECES: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "logger": NP_("piece", "logger"),
        "tree": NP_("piece", "tree"),
        "seedling": NP_("piece", "seedling"),
        "sapling": NP_("piece", "sapling"),
        "mature": NP_("piece", "mature tree"),
        "protester": NP_("piece", "protester"),
    }
)

#: The three phases of a turn, in order.
PHASES: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "movement": NP_("phase", "Movement"),
        "growth": NP_("phase", "Growth"),
        "action": NP_("phase", "Action"),
    }
)

#: The three actions.
ACTIONS: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "plant": NP_("action", "Plant"),
        "protest": NP_("action", "Protest"),
        "chop": NP_("action", "Chop"),
    }
)

#: Other glossary concepts.
TERMS: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "supply": NP_("term", "supply"),
        "pool": NP_("term", "pool"),
        "domino_effect": NP_("term", "domino effect"),
        "point": NP_("term", "point"),
        # TRANSLATORS: "turn" is what a player plays (es «jugada», as a chess move; uk «хід»).
        "turn": NP_("term", "turn"),
        # TRANSLATORS: whose turn it is (es «turno»: «es el turno del jugador 2»; uk «черга»).
        "turn_to_play": NP_("term", "turn to play"),
        "round": NP_("term", "round"),
        "first_player": NP_("term", "first player"),
        "end_game": NP_("term", "end game"),
        # TRANSLATORS: "tie" is equal points before the tie-break on protesters
        # (uk «рівність очок», not «нічия»: «нічия» is only a shared win).
        "tie": NP_("term", "tie"),
        "bot": NP_("term", "bot"),
    }
)

#: A seat label, on its own or before a colon ("Player 2: chop …"); fill with ``seat=1..4``.
PLAYER: str = N_("Player {seat}")

#: A seat's name inside a sentence ("Then player 2 plays …"); fill with ``seat=1..4``.
#: Every message whose ``{player}`` is this form says so in its translator comment.
# TRANSLATORS: a player's name inside a sentence, not at its start: uk «гравець {seat}» (lower
# case, nominative), es «jugador {seat}» WITHOUT the article: the sentences write «el {player}»,
# «del {player}», «al {player}», so that Spanish reads «del jugador 2».
PLAYER_IN_SENTENCE: PMessage = NP_("player:sentence", "Player {seat}")

#: A seat as the owner inside a sentence ("player 2's bot", "the bot of player 2"); fill with ``seat=1..4``.
#: Every message whose ``{player}`` is this form says "in the genitive" in its translator comment.
# TRANSLATORS: a player's name as the owner of something, inside a sentence ("Player 2's bot"):
# uk «гравця {seat}» (lower case, genitive: «Бот гравця 2 зупинився», «За гравця 2 тепер грає
# людина»), es «jugador {seat}» WITHOUT the article, as for the sentence form: the sentences write
# «del {player}» («el bot del jugador 2»).
PLAYER_OF: PMessage = NP_("player:of", "Player {seat}")

#: A seat as a sentence's subject, in a list of seats («the round ended because Player 1 and Player 3
#: reached 10 points»); fill with ``seat=1..4``. Spanish gives every item its article («el jugador 1 y
#: el jugador 3»), which one article before the whole list cannot do.
# TRANSLATORS: a player's name as the subject of a sentence, also as an item of a list of players
# ("Player 1 and Player 3 reached…"): uk «гравець {seat}» (lower case, nominative), es «el jugador
# {seat}» WITH the article, so that a list reads «el jugador 1 y el jugador 3».
PLAYER_SUBJECT: PMessage = NP_("player:subject", "Player {seat}")

# Count messages: (singular, plural) tuples for ngettext; placeholder {n}.
POINTS: PluralMessage = NN_("{n} point", "{n} points")
PROTESTERS: PluralMessage = NN_("{n} protester", "{n} protesters")
TREES: PluralMessage = NN_("{n} tree", "{n} trees")
TURNS: PluralMessage = NN_("{n} turn", "{n} turns")
GAMES: PluralMessage = NN_("{n} game", "{n} games")

COUNTS: MappingProxyType[str, PluralMessage] = MappingProxyType(
    {"points": POINTS, "protesters": PROTESTERS, "trees": TREES, "turns": TURNS}
)

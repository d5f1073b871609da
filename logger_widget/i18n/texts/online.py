"""Texts of class play: the board's online state, its refusals, and the lobby (:mod:`logger_widget.online`).

Names (``{name}``, ``{names}``) are classmates' names on the class hub, shown as they are;
``{player}`` follows the board's conventions (see :mod:`logger_widget.i18n.texts.board`).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from .. import NNP_, NP_

__all__ = ["ARENA", "ERRORS", "LOBBY", "NOTEBOOK", "ONLINE", "RESIGN", "SEEK", "STATUS"]

# TRANSLATORS: class play (context "online…"): pupils play each other through the class hub.
# {name} is a classmate's name on the hub (e.g. "olena"), shown as it is: never inflect it, and
# word the sentence so that it reads right whatever the classmate's gender.

#: The line above the status: which class game this is and who plays which seat (context ``online``).
ONLINE: MappingProxyType[str, Any] = MappingProxyType(
    {
        # TRANSLATORS: the standing line above an online board; {game} is the game's number.
        "task": NP_("online", "Class game {game}. Your seat: {you}."),
        # TRANSLATORS: the standing line of a pupil who watches a classmates' game.
        "watching": NP_("online", "Class game {game}. You are watching: the board follows the game live."),
        # TRANSLATORS: the kind of a seat on the players' cards of an online board.
        "you": NP_("online", "you"),
        "classmate": NP_("online", "classmate"),
        "bot": NP_("online", "bot"),
        # TRANSLATORS: on a player's card: this classmate's kernel is not connected now.
        "away": NP_("online", "away"),
    }
)

#: The status line of an online board while it is not the pupil's turn (context ``online:status``).
STATUS: MappingProxyType[str, Any] = MappingProxyType(
    {
        "thinking": NP_("online:status", "{name} is thinking…"),
        "sending": NP_("online:status", "Sending your turn to the class game…"),
        "reconnecting": NP_("online:status", "The connection to the class game was lost. Reconnecting…"),
        "away": NNP_(
            "online:status",
            "{name} is not connected. If {name} is not back within {n} minute, {name} loses by forfeit.",
            "{name} is not connected. If {name} is not back within {n} minutes, {name} loses by forfeit.",
        ),
        "away_now": NP_("online:status", "{name} is not connected. The game waits for {name} to come back."),
        # TRANSLATORS: {name} is one or more classmates' names.
        "forfeit": NP_(
            "online:status", "The game is over: {name} did not come back in time and lost by forfeit."
        ),
        # TRANSLATORS: {name} is one or more classmates' names.
        "resigned": NP_("online:status", "The game is over: {name} resigned."),
        "winners": NP_("online:status", "The game is over. Won: {names}."),
    }
)

#: One-off notices of an online board, and errors of the client (context ``online:notice``).
ERRORS: MappingProxyType[str, Any] = MappingProxyType(
    {
        "not_your_turn": NP_(
            "online:notice", "It is {name}'s turn, not yours: wait until {name} has played."
        ),
        "watching": NP_("online:notice", "You are watching this game: only its players can play turns."),
        "sending": NP_("online:notice", "Your turn is on its way to the class game: wait a moment."),
        "over": NP_("online:notice", "This class game is over."),
        "off": NP_(
            "online:notice",
            "In a class game there is no Undo, Redo, New game or Hint, and you cannot open another game.",
        ),
        # TRANSLATORS: {reason} is the rule as a whole sentence of its own.
        "refused": NP_("online:notice", "The class game did not accept that turn. {reason}"),
        "moved_on": NP_("online:notice", "The game had already moved on: the board now shows it as it is."),
        "reconnected": NP_("online:notice", "Connected to the class game again."),
        # TRANSLATORS: {error} is the technical reason, e.g. "connection refused".
        "unreachable": NP_(
            "online:notice",
            "The class game service does not answer ({error}). Try again in a moment; "
            "if it keeps failing, tell your teacher.",
        ),
        "not_on_hub": NP_(
            "online:notice",
            "Class play needs the class hub: open this notebook on your class's JupyterHub "
            "(its address is on the slip with your code). Here you can play against bots with Board().",
        ),
        # TRANSLATORS: {code} is the service's error code, {message} its explanation (in English).
        "service": NP_("online:notice", "The class game service refused: {message} ({code})."),
    }
)

#: The lobby of class play (context ``online:lobby``).
LOBBY: MappingProxyType[str, Any] = MappingProxyType(
    {
        "title": NP_("online:lobby", "Class games"),
        # TRANSLATORS: {name} is the pupil's own name on the hub.
        "me": NP_("online:lobby", "You are {name}."),
        "online": NP_("online:lobby", "Online now"),
        "nobody": NP_("online:lobby", "Nobody else from your class is online now."),
        "seeks": NP_("online:lobby", "Open invitations"),
        "no_seeks": NP_("online:lobby", "No open invitations: open one and wait for a classmate."),
        "games": NP_("online:lobby", "Your games"),
        "no_games": NP_("online:lobby", "No games in progress."),
        "watch_title": NP_("online:lobby", "Games in the class"),
        "no_watch": NP_("online:lobby", "No other games in progress."),
        "refresh": NP_("online:lobby", "Refresh"),
        "working": NP_("online:lobby", "Asking the class game service…"),
        "open_seek": NP_("online:lobby", "Open an invitation"),
        "players": NP_("online:lobby", "Seats"),
        "bots": NP_("online:lobby", "Bots"),
        "challenge": NP_("online:lobby", "Challenge"),
        "accept": NP_("online:lobby", "Accept"),
        "resume": NP_("online:lobby", "Resume"),
        "watch": NP_("online:lobby", "Watch"),
        "cancel": NP_("online:lobby", "Cancel"),
        # TRANSLATORS: a seek in the list: who opened it and how many seats it has, e.g. "olena · 3 seats".
        "seek": NNP_("online:lobby", "{name} · {n} seat", "{name} · {n} seats"),
        # TRANSLATORS: a game in the list: its number and who sits in it, e.g. "Game 12: olena, diego".
        "game": NP_("online:lobby", "Game {game}: {names}"),
        # TRANSLATORS: a game in the list that waits for players.
        "game_waiting": NP_("online:lobby", "Game {game}: {names} (waiting for players)"),
        "your_turn": NP_("online:lobby", "your turn"),
        # TRANSLATORS: {name} challenges the pupil to a game.
        "challenged": NP_("online:lobby", "{name} challenges you"),
        # TRANSLATORS: the pupil's own seek: {joined} of {total} seats are taken (numbers).
        "waiting": NP_("online:lobby", "Waiting for players: {joined} of {total} seats taken."),
        "opened": NP_("online:lobby", "Invitation opened: the game starts when every seat is taken."),
        "started": NP_("online:lobby", "The game has started: its board is below."),
    }
)

#: Turn limit of a new seek in the lobby (context ``online:lobby``).
SEEK: MappingProxyType[str, Any] = MappingProxyType(
    {
        # TRANSLATORS: the field of a new invitation: the game ends after that many turns.
        "turn_limit": NP_("online:lobby", "Turn limit"),
        # TRANSLATORS: shown in the empty turn limit field.
        "no_limit": NP_("online:lobby", "no limit"),
        # TRANSLATORS: {value} is what the pupil typed, {max} the largest limit (a number).
        "bad_turn_limit": NP_(
            "online:lobby",
            'Turn limit "{value}" is not a whole number of turns from 1 to {max}. '
            "Leave the field empty for a game with no limit.",
        ),
        # TRANSLATORS: added to an invitation in the list: the game ends after {n} turns.
        "limit": NNP_("online:lobby", "at most {n} turn", "at most {n} turns"),
    }
)

#: The class arena in the lobby (context ``online:arena``); its title and the standings' columns are the dashboard's.
ARENA: MappingProxyType[str, Any] = MappingProxyType(
    {
        "none": NP_("online:arena", "No arena is open now. When your teacher opens one, join it here."),
        # TRANSLATORS: the open arena: {n} minutes are left before it ends.
        "open": NNP_(
            "online:arena",
            "The arena is open: {n} minute left.",
            "The arena is open: {n} minutes left.",
        ),
        "ended": NP_("online:arena", "The arena is over. Its final standings:"),
        "join": NP_("online:arena", "Join the arena"),
        "leave": NP_("online:arena", "Leave the arena"),
        "out": NP_("online:arena", "Join, and you will play a classmate as soon as one is free."),
        "waiting": NP_("online:arena", "You are in the arena: waiting for a classmate to play…"),
        # TRANSLATORS: {game} is the game's number.
        "playing": NP_("online:arena", "You are playing arena game {game}: its board is below."),
        "left": NP_("online:arena", "You have left the arena: no new games. Join again to play on."),
        # TRANSLATORS: the pupil's own line in the standings, {rank} of {total} places (numbers).
        "place": NP_("online:arena", "Your place: {rank} of {total}."),
        "joined": NP_("online:arena", "You have joined the arena."),
    }
)

#: Giving up a class game on its board (context ``online:resign``).
RESIGN: MappingProxyType[str, Any] = MappingProxyType(
    {
        "resign": NP_("online:resign", "Resign"),
        "confirm": NP_("online:resign", "Do you really want to give up this game? You lose it."),
        "yes": NP_("online:resign", "Yes, resign"),
        "no": NP_("online:resign", "No, play on"),
    }
)

#: The class play notebook (``scripts/make_notebooks.py``, context ``notebook:online``).
NOTEBOOK: MappingProxyType[str, Any] = MappingProxyType(
    {
        "title": NP_("notebook:online", "Logger: play your classmates"),
        "intro": NP_(
            "notebook:online",
            "On the class hub you play Logger against your classmates, each on your own board, live. "
            "Run the cell below with **Shift + Enter**: the lobby shows who is online, the open invitations "
            "and your games.",
        ),
        "code_lobby": NP_("notebook:online", "the lobby of class play"),
        "how_title": NP_("notebook:online", "How to start a game"),
        "how_text": NP_(
            "notebook:online",
            "Press **Open an invitation** (2 to 4 seats; bots may take some of them) and wait for classmates, "
            "**Accept** a classmate's invitation, or **Challenge** a classmate who is online. When every seat "
            "is taken, the game's board appears under the lobby. On your turn, click as usual; the others' "
            "turns appear by themselves. The line above the board says what is going on: whose turn it is, "
            "whether your turn is on its way, whether a classmate has lost the connection.",
        ),
        "arena_title": NP_("notebook:online", "The class arena, and giving up"),
        "arena_text": NP_(
            "notebook:online",
            "When your teacher opens an arena, press **Join the arena** in the lobby: you play one classmate "
            "after another until the time is up, and the board of each game appears under the lobby by "
            "itself. The standings show everyone's points and rating. **Leave the arena** stops new games. "
            "To give up a game, press **Resign** under the board and then **Yes, resign**: you lose the game.",
        ),
        "back_title": NP_("notebook:online", "If you close the tab or the kernel restarts"),
        "back_text": NP_(
            "notebook:online",
            "Your game is kept by the class hub, not by this notebook. Open the notebook again, run the "
            "lobby and press **Resume**: the game goes on where it was. Do not stay away too long: after "
            "the time your teacher has set, a player who does not come back loses by forfeit.",
        ),
        "record_title": NP_("notebook:online", "After the game"),
        "record_text": NP_(
            "notebook:online",
            "Run the cell below after the game to see the score chart of the game on the board.",
        ),
        "code_record": NP_("notebook:online", "the score chart of the game on the board"),
        # TRANSLATORS: the link to the class play notebooks on the start page.
        "start_page": NP_("notebook:online", "Class play"),
    }
)

"""Every text the board widget shows, as a message table.

Nothing here is translated at import time: each entry is a marker
(:func:`~logger_widget.i18n.N_`, :func:`~logger_widget.i18n.NP_`,
:func:`~logger_widget.i18n.NNP_`) that ``scripts/i18n.py`` extracts into the
catalogues; :mod:`logger_widget.board.view` translates them with the board's
:class:`~logger_widget.i18n.Translator` every time the view is built, so a
language switch changes every string at once. The ES module
(``static/board.js``) never contains user-visible text: it only shows the
strings of the view model.

Glossary terms (pieces, phases, actions, "Player {seat}", point counts) come
from :mod:`logger_widget.i18n.texts.terms`; the rule explanations of illegal turns come
from :data:`logger_widget.engine.errors.RULE_MESSAGES` (their English text is the
msgid).

Placeholders use ``str.format`` braces and are filled after translation.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from .. import NNP_, NP_, PMessage, PPluralMessage

__all__ = [
    "LABELS",
    "PROMPTS",
    "FORCED",
    "QUOTED",
    "CELL",
    "HINTS",
    "NOTICES",
    "RESULT",
    "DESCRIBE",
    "COUNTS",
    "BOT_LABELS",
    "LANGUAGE_NAMES",
]

# TRANSLATORS: texts of the board widget (context "board"). The board is used
# by 12-year-olds in class: short, friendly sentences. Glossary terms exactly.

#: Labels of buttons, headings and fields (context ``board``).
LABELS: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "board": NP_("board", "Game board"),
        "board_help": NP_(
            "board",
            "Board of 5\u00a0×\u00a05 cells, a1 bottom left. Arrow keys move between cells, "
            "Enter or Space chooses, Esc goes back.",
        ),
        "language": NP_("board", "Language"),
        "new_game": NP_("board", "New game"),
        "confirm_new_game": NP_("board", "Sure? Click again for a new game"),
        "undo": NP_("board", "Undo"),
        "redo": NP_("board", "Redo"),
        "hint": NP_("board", "Hint"),
        "done": NP_("board", "Done"),
        "back": NP_("board", "Back"),
        "players": NP_("board", "Players"),
        "to_move": NP_("board", "to move"),
        "thinking": NP_("board", "thinking…"),
        "paused": NP_("board", "paused"),
        "winner": NP_("board", "winner"),
        "human": NP_("board", "human"),
        "bot": NP_("board", "bot"),
        "supply": NP_("board", "Protesters in supply"),
        "actions": NP_("board", "Action"),
        "history": NP_("board", "Turns played"),
        "no_turns": NP_("board", "No turn played yet."),
        "start": NP_("board", "Start"),
        "replay": NP_("board", "Replay"),
        "back_to_game": NP_("board", "Back to the game"),
        "notation": NP_("board", "Type a turn"),
        "notation_placeholder": NP_("board", "for example a1-b2 xb3"),
        "play": NP_("board", "Play"),
        "game": NP_("board", "Game"),
        "copy_lpn": NP_("board", "Copy position (LPN)"),
        "copied": NP_("board", "Position copied."),
        "copy_failed": NP_("board", "Could not copy: select the text and copy it yourself."),
        "export": NP_("board", "Save game (JSON)"),
        "import": NP_("board", "Open game (JSON)"),
        "retry": NP_("board", "Try again"),
        "take_over": NP_("board", "Play this seat myself"),
        "legend": NP_("board", "Pieces"),
        "protested_tree": NP_("board", "mature tree with a protester"),
        "last_turn": NP_("board", "Last turn"),
        "phase": NP_("board", "Phase"),
        "keyboard": NP_("board", "Keyboard: arrows move, Enter chooses, Esc goes back."),
        "end_game": NP_("board", "End game"),
        "result": NP_("board", "Result"),
        "chop_preview": NP_("board", "If you chop here"),
        "last_turns": NP_("board", "Last turns"),
        "restart_lesson": NP_("board", "Restart lesson"),
        "next_lesson": NP_("board", "Next lesson"),
        "more": NP_("board", "More"),
        "not_yet": NP_("board", "Not yet"),
        "correct": NP_("board", "Correct"),
        "note": NP_("board", "Note"),
        "choose_corner": NP_("board", "choose this corner"),
    }
)

#: What the player to move should do now (context ``board:prompt``).
PROMPTS: MappingProxyType[str, Any] = MappingProxyType(  # PMessage or PPluralMessage
    {
        "move": NP_(
            "board:prompt",
            "{player}: move your logger up to 2 steps. Click a marked cell, or your logger to stay.",
        ),
        "spawn": NNP_(
            "board:prompt",
            "{player}: growth! Choose where the new seedling grows ({n} to place).",
            "{player}: growth! Choose where the new seedlings grow ({n} to place).",
        ),
        # TRANSLATORS: {actions} lists the actions possible now, each in quotes ("board:quoted"):
        # “Plant” or “Chop”. No second colon: the list goes in brackets.
        "action": NP_("board:prompt", "{player}: choose your action ({actions})."),
        "plant": NP_("board:prompt", "{player}: plant a seedling on a marked cell next to your logger."),
        "chop": NP_("board:prompt", "{player}: chop a marked mature tree next to your logger."),
        "protest": NP_(
            "board:prompt",
            "{player}: choose mature trees for your protesters ({n} in your supply), then press Done.",
        ),
        # TRANSLATORS: {player} inside a sentence (es «jugador 2»: write «el {player}», «del {player}»).
        "thinking": NP_("board:prompt", "{player} (bot) is thinking…"),
        # TRANSLATORS: {player} inside a sentence (es «jugador 2»: write «el {player}», «del {player}»).
        "bot_waiting": NP_("board:prompt", "{player} (bot) is about to play."),
        # TRANSLATORS: {player} inside a sentence, in the genitive (the owner: uk «гравця 2»; es «jugador 2»: write «del {player}»).
        "paused": NP_("board:prompt", "{player}'s bot has stopped. Try again, or play this seat yourself."),
        "over": NP_("board:prompt", "The game is over."),
        "lesson_solved": NP_(
            "board:prompt", "Lesson solved! Press “Next lesson” to go on, or “Restart lesson” to try again."
        ),
        "lesson_solved_last": NP_(
            "board:prompt", "Lesson solved! That was the last lesson. Press “Restart lesson” to try again."
        ),
        "corner": NP_(
            "board:prompt", "{player}: choose the starting corner of your logger (a marked corner)."
        ),
        "replay_start": NP_(
            "board:prompt", "Replay: the start of the game. Press “Back to the game” to play on."
        ),
        "replay": NP_(
            "board:prompt",
            "Replay: the board after turn {ply} of {total}. Press “Back to the game” to play on.",
        ),
    }
)

#: Spoken descriptions of cells (context ``board:cell``).
CELL: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "empty": NP_("board:cell", "empty"),
        "logger": NP_("board:cell", "logger of Player {seat}"),
        "protested": NP_("board:cell", "mature tree with a protester"),
        # TRANSLATORS: a cell label read by screen readers: "c3, seedling".
        "label": NP_("board:cell", "{cell}, {content}"),
        # TRANSLATORS: a cell label with what the player can do there: "c3, seedling: plant here".
        "label_hint": NP_("board:cell", "{cell}, {content}: {hint}"),
    }
)

#: What a cell offers at the current step (context ``board:hint``).
HINTS: MappingProxyType[str, Any] = MappingProxyType(  # PMessage or PPluralMessage
    {
        "move": NP_("board:hint", "move here"),
        "stay": NP_("board:hint", "stay here"),
        "spawn": NP_("board:hint", "a new seedling can grow here"),
        "plant": NP_("board:hint", "plant here"),
        "chop": NNP_("board:hint", "chop here: {n} tree falls", "chop here: {n} trees fall"),
        "protest": NP_("board:hint", "put a protester here"),
        "chosen": NP_("board:hint", "protester chosen, choose again to remove it"),
        "suggested": NP_("board:hint", "suggested by the hint"),
    }
)

#: One-off messages (context ``board:notice``).
NOTICES: MappingProxyType[str, Any] = MappingProxyType(  # PMessage or PPluralMessage
    {
        # TRANSLATORS: {player} inside a sentence (es «jugador 2»: write «el {player}», «del {player}»).
        "skipped": NP_("board:notice", "{player} could not do any action, so the action phase was skipped."),
        # TRANSLATORS: {player} inside a sentence (es «jugador 2»: write «el {player}», «del {player}»).
        "not_your_turn": NP_("board:notice", "Wait, please: it is {player}'s turn."),
        "choose_action": NP_("board:notice", "First choose an action: Plant, Protest or Chop."),
        "not_selectable": NP_("board:notice", "{cell} cannot be chosen now."),
        # TRANSLATORS: {reason} is the rule as a whole sentence of its own, e.g. "e1 is more than
        # two steps away from a1." Keep it after the full stop, never after a colon.
        # {reason} often opens with the cell: do not open this sentence with {cell}.
        "not_selectable_because": NP_("board:notice", "Right now, {cell} cannot be chosen. {reason}"),
        # TRANSLATORS: {reason} is the rule as a whole sentence of its own.
        "illegal": NP_("board:notice", "That turn is not allowed. {reason}"),
        "notation": NP_(
            "board:notice",
            "“{text}” is not a turn in turn notation. Example: a1-b2 +c4 xb3",
        ),
        "notation_empty": NP_("board:notice", "Type a turn first, for example a1-b2 xb3."),
        "nothing_to_undo": NP_("board:notice", "There is no turn to undo."),
        "nothing_to_redo": NP_("board:notice", "There is no turn to redo."),
        "undone": NNP_("board:notice", "{n} turn taken back.", "{n} turns taken back."),
        "redone": NNP_("board:notice", "{n} turn played again.", "{n} turns played again."),
        "new_game": NP_("board:notice", "New game. Good luck!"),
        "loaded": NP_("board:notice", "Game loaded."),
        "bad_record": NP_("board:notice", "This is not a Logger game record that can be opened ({where})."),
        # TRANSLATORS: {player} inside a sentence, in the genitive (the owner: uk «гравця 2»; es «jugador 2»: write «del {player}»).
        "bot_failed": NP_("board:notice", "{player}'s bot failed: {error}"),
        # TRANSLATORS: {reason} is the rule as a whole sentence of its own, and
        # {player} inside a sentence, in the genitive (the owner: uk «гравця 2»; es «jugador 2»: write «del {player}»).
        "bot_illegal": NP_("board:notice", "{player}'s bot chose a turn that is not allowed. {reason}"),
        "hint": NP_("board:notice", "Hint: {turn}"),
        "hint_thinking": NP_("board:notice", "Looking for a good turn…"),
        "hint_failed": NP_("board:notice", "No hint this time: {error}"),
        "replay_only": NP_("board:notice", "This is a replay. Press “Back to the game” to play."),
        "game_over": NP_("board:notice", "The game is over. Start a new game to play again."),
        "busy": NP_("board:notice", "Wait, please: a bot is thinking."),
        "stale": NP_(
            "board:notice",
            "The board changed just before your click, so the click was not taken. Look and choose again.",
        ),
        "setup": NP_("board:notice", "First every player chooses a starting corner."),
        "lesson_solved": NP_(
            "board:notice",
            "This lesson is solved. Press “Next lesson”, or “Restart lesson” to play it again.",
        ),
        # TRANSLATORS: {player} inside a sentence, in the genitive (uk «гравця 2»: «За {player} тепер грає людина»;
        # es «jugador 2»: write «del {player}»).
        "took_over": NP_("board:notice", "{player} is now played by a person."),
        # TRANSLATORS: {players} is "Player 2" or a list ("Player 1 and Player 3"): who has 10 points or more,
        # as labels (uk «Гравець 2», es «Jugador 2»: capitalised, without an article), so it may open the text.
        "end_triggered": NNP_(
            "board:notice",
            "{players} reached 10 points: {n} more turn in this round, then the game ends.",
            "{players} reached 10 points: {n} more turns in this round, then the game ends.",
        ),
    }
)

# TRANSLATORS: an action's name (a button's label: Plant, Protest, Chop) quoted inside a sentence,
# in the language's quotes (uk, es «{name}»).
QUOTED = NP_("board:quoted", "“{name}”")

#: What the board did for the player because it was the only choice (context ``board:forced``),
#: said before the prompt (they happened before the step the prompt asks for).
FORCED: MappingProxyType[str, Any] = MappingProxyType(  # PMessage or PPluralMessage
    {
        # TRANSLATORS: {player} inside a sentence, in the genitive (the owner: uk «гравця 1»; es «jugador 1»:
        # write «del {player}»). Told before the prompt of the step left to the player, which opens with
        # the seat ("Player 1: growth!"): never "your logger" before the seat is named.
        "stay": NP_("board:forced", "Walled in, {player}'s logger stays on {cell}."),
        # TRANSLATORS: the prompt when the only move is to stay (the player clicks the logger).
        "stay_click": NP_(
            "board:forced", "{player}: your logger is walled in and can only stay on {cell}. Click it."
        ),
        # TRANSLATORS: {cells} is one cell or a list of cells ("b2 and d2").
        "spawn": NNP_(
            "board:forced",
            "The new seedling could only grow on {cells}, so it is there already.",
            "The new seedlings could only grow on {cells}, so they are there already.",
        ),
        # TRANSLATORS: {action} is the name of the action button, already in quotes: “Plant”, “Protest”
        # or “Chop” (uk «Зрубати», es «Cortar»: the quotes come from "board:quoted").
        "action": NP_("board:forced", "Only one action is possible now: {action}."),
    }
)

#: The final result (context ``board:result``).
RESULT: MappingProxyType[str, Any] = MappingProxyType(  # PMessage or PPluralMessage
    {
        # TRANSLATORS: {player} inside a sentence (es «jugador 2»: write «el {player}», «del {player}»).
        "winner": NP_("board:result", "{player} wins with {points}!"),
        # TRANSLATORS: {player} inside a sentence (es «jugador 2»: write «el {player}», «del {player}»).
        "protesters": NP_(
            "board:result",
            "Tie on points ({points}). {player} wins with more protesters in supply "
            "({supply} against {other}).",
        ),
        "shared": NP_(
            "board:result",
            "{players} share the win: the same points ({points}) and the same protesters in supply.",
        ),
        # TRANSLATORS: {players} is "Player 2" or a list ("Player 1 and Player 3"): who has 10 points or
        # more, as the subject of the sentence, each seat with its article (uk «гравець 1 і гравець 3», es
        # «el jugador 1 y el jugador 3»: write no article before {players}); the form follows how many they
        # are, so the verb can agree. The result's headline just above opens with the winners: do not open
        # this sentence with {players} too.
        "reason_target": NNP_(
            "board:result",
            "The game ended with the round in which {players} reached 10 points.",
            "The game ended with the round in which {players} reached 10 points.",
        ),
        # TRANSLATORS: the same, when the headline just above named the winner(s) and their points and
        # they are the ones who reached 10 points: do not name them again ({n} is how many they are).
        "reason_target_winners": NNP_(
            "board:result",
            "The game ended with the round in which the winner reached 10 points.",
            "The game ended with the round in which the winners reached 10 points.",
        ),
        "reason_repetition": NP_(
            "board:result", "The same position came up for the third time, so the game ended there."
        ),
        "reason_turn_limit": NP_("board:result", "The game was stopped by the turn limit."),
    }
)

#: Turns described in words (context ``board:turn``).
DESCRIBE: MappingProxyType[str, Any] = MappingProxyType(  # PMessage or PPluralMessage
    {
        "move": NP_("board:turn", "move {origin}\u00a0→\u00a0{destination}"),
        "stay": NP_("board:turn", "stay on {cell}"),
        "spawn": NNP_("board:turn", "{n} new seedling on {cells}", "{n} new seedlings on {cells}"),
        "plant": NP_("board:turn", "plant on {cell}"),
        # TRANSLATORS: {cells} is one cell or a list ("c2 and d2"); the form follows how many cells (uk «поставити
        # протестувальника на d1», «поставити протестувальників на c2 і d2»).
        "protest": NNP_("board:turn", "protest on {cells}", "protest on {cells}"),
        # TRANSLATORS: {points} is "2 points". No colon: the description sits after a label's colon
        # ("Hint: a1-b2 xb3 (move a1 → b2; chop b3 and score 2 points)", "Player 1: move…").
        "chop": NP_("board:turn", "chop {cell} and score {points}"),
        "skip": NP_("board:turn", "no action possible"),
        "who": NP_("board:turn", "{player}: {description}"),
        # TRANSLATORS: joins the parts of a turn description: "move a1 → b2; chop b3 and score 2 points".
        "join": NP_("board:turn", "{first}; {second}"),
        "entry": NP_("board:turn", "{ply}. {player}"),
    }
)

#: Counts shown on the player cards and in the chop preview.
COUNTS: MappingProxyType[str, PPluralMessage] = MappingProxyType(
    {
        "felled": NNP_("board:count", "{n} tree falls", "{n} trees fall"),
        # TRANSLATORS: the protesters on the trees a chop fells go to the chopper's supply, whoever
        # put them there.
        "gained": NNP_("board:count", "+{n} protester to your supply", "+{n} protesters to your supply"),
        "points_gain": NNP_("board:count", "+{n} point", "+{n} points"),
    }
)

#: Names of the bot presets of :func:`logger_widget.bots.make_bot`, keyed by the bot's name.
BOT_LABELS: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "random": NP_("board:bot", "random moves"),
        "greedy": NP_("board:bot", "greedy"),
        "mcts:easy": NP_("board:bot", "Monte Carlo, easy"),
        "mcts:medium": NP_("board:bot", "Monte Carlo, medium"),
        "mcts:hard": NP_("board:bot", "Monte Carlo, hard"),
        "minimax:easy": NP_("board:bot", "minimax, easy"),
        "minimax:medium": NP_("board:bot", "minimax, medium"),
        "minimax:hard": NP_("board:bot", "minimax, hard"),
    }
)

#: Language names in their own language (autonyms, never translated).
LANGUAGE_NAMES: MappingProxyType[str, str] = MappingProxyType(
    {"uk": "Українська", "es": "Español (España)", "es_419": "Español (Latinoamérica)", "en": "English"}
)

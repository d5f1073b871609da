"""Texts of the puzzle board (:mod:`logger_widget.board.puzzle_mode`), as translatable messages.

Theme names and the task sentence of each theme (:data:`logger_widget.puzzles.THEMES`),
the verdicts, the reasons ("why") built from the engine's facts, and the
pupil's rating. Placeholders use ``str.format`` braces.
"""

from __future__ import annotations

from types import MappingProxyType

from .. import NNP_, NP_, PMessage, PPluralMessage

__all__ = [
    "HINT",
    "HINT_IDEAS",
    "LABELS",
    "TASKS",
    "TASKS_ONE",
    "THEME_NAMES",
    "VERDICT",
    "WHY",
    "WHY_COUNTS",
]

# TRANSLATORS: the puzzle board (context "puzzle"). Pupils are about 12 years
# old: short, friendly sentences; glossary terms exactly.

#: The name of each theme (context ``puzzle:theme``).
THEME_NAMES: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "endgame_tiebreak": NP_("puzzle:theme", "End game and tie-break"),
        "spawn_placement": NP_("puzzle:theme", "Where seedlings spawn"),
        "domino_chop": NP_("puzzle:theme", "Domino chop"),
        "protect": NP_("puzzle:theme", "Protect with a protester"),
        "block_chop": NP_("puzzle:theme", "Block a chop"),
        "deny_opponent": NP_("puzzle:theme", "Deny the opponent"),
        "chop": NP_("puzzle:theme", "Take the chop"),
        "quiet": NP_("puzzle:theme", "A quiet turn"),
    }
)

#: The task of each theme; ``{player}`` is "Player 2" inside a sentence (context ``puzzle:task``).
# TRANSLATORS: in every puzzle:task, {player} is a name inside a sentence (es «jugador 2»:
# write «Juega el {player}: …»; uk «гравець 2»: «Ходить {player}: …»).
TASKS: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "endgame_tiebreak": NP_(
            "puzzle:task",
            "The game is ending. {player} to play: find the turn with the best result — count the points "
            "and the protesters in supply.",
        ),
        "spawn_placement": NP_(
            "puzzle:task", "{player} to play: find the best turn. Think about where the new seedlings grow."
        ),
        "domino_chop": NP_("puzzle:task", "{player} to play: find the chop that fells the most trees."),
        "protect": NP_("puzzle:task", "{player} to play: save a tree from the other players' axes."),
        "block_chop": NP_("puzzle:task", "{player} to play: stop the big chop another player is preparing."),
        "deny_opponent": NP_("puzzle:task", "{player} to play: chop before another player can."),
        "chop": NP_("puzzle:task", "{player} to play: find the best chop."),
        "quiet": NP_("puzzle:task", "{player} to play: find the best turn."),
    }
)

#: The tasks that name the other players, as said in a 2-player puzzle, where the pupil has one opponent
#: (as ``WHY["threat_one"]``); the other themes' tasks name nobody and serve every puzzle.
# TRANSLATORS: "protect", "block_chop" and "deny_opponent" above, in a 2-player puzzle: one opponent.
TASKS_ONE: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "protect": NP_("puzzle:task", "{player} to play: save a tree from your opponent's axe."),
        "block_chop": NP_("puzzle:task", "{player} to play: stop the big chop your opponent is preparing."),
        "deny_opponent": NP_("puzzle:task", "{player} to play: chop before your opponent can."),
    }
)

#: The first hint: the idea of each theme, one sentence without a colon, as it follows "Hint:" (context
#: ``puzzle:idea``).
HINT_IDEAS: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "endgame_tiebreak": NP_(
            "puzzle:idea",
            "The game is about to end; the most points wins, and on a tie the protesters in supply decide.",
        ),
        "spawn_placement": NP_("puzzle:idea", "Where the new seedlings grow decides this puzzle."),
        "domino_chop": NP_("puzzle:idea", "One chop can fell a whole line of mature trees."),
        "protect": NP_("puzzle:idea", "A protester keeps a mature tree safe from every axe."),
        "block_chop": NP_("puzzle:idea", "Break the line of trees another player wants to chop."),
        "deny_opponent": NP_("puzzle:idea", "Chop first, so that another player's big chop is gone."),
        "chop": NP_("puzzle:idea", "A mature tree is waiting for your axe."),
        "quiet": NP_("puzzle:idea", "No chop is best here, so move, plant or wait."),
    }
)

#: The ideas that name the other players, as said in a 2-player puzzle, where the pupil has one opponent
#: (as :data:`TASKS_ONE`); the other themes' ideas name nobody and serve every puzzle.
# TRANSLATORS: "block_chop" and "deny_opponent" above, in a 2-player puzzle: one opponent.
HINT_IDEAS_ONE: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "block_chop": NP_("puzzle:idea", "Break the line of trees your opponent wants to chop."),
        "deny_opponent": NP_("puzzle:idea", "Chop first, so that your opponent's big chop is gone."),
    }
)

#: The graded hint (context ``puzzle:hint``): first the idea and where to start, then the solution.
HINT: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        # TRANSLATORS: the first hint; {idea} is one sentence of the puzzle:idea context (without a colon),
        # {start} is "Look at the tree on c3.", "Your logger goes to c3." or "Your logger stays on c3.".
        "first": NP_("puzzle:hint", "Hint: {idea} {start} Press “Solution” to see the whole turn."),
        "tree": NP_("puzzle:hint", "Look at the tree on {cell}."),
        "logger": NP_("puzzle:hint", "Your logger goes to {cell}; the rest of the turn is yours to find."),
        # TRANSLATORS: "logger" when the logger stays on {cell}, where it stands.
        "logger_stays": NP_(
            "puzzle:hint", "Your logger stays on {cell}; the rest of the turn is yours to find."
        ),
        # TRANSLATORS: the label of the Hint button after the first hint: keep it about as short
        # as the board's "Hint" label it replaces (uk «Розв’язок», es «Solución»).
        "button": NP_("puzzle:hint", "Solution"),
        # TRANSLATORS: the solution shown after "Solution" was pressed (the label of the Solution
        # button, not the board's "Hint: …"): {turn} is "a1-c1 *b1 (move a1 → c1; plant on b1)".
        "solution": NP_("puzzle:hint", "Solution: {turn}"),
        # TRANSLATORS: the solution shown after "Solution" was pressed on a first try.
        # {hint} is the line above, "Solution: a1-c1 *b1 (move a1 → c1;
        # plant on b1)", which ends without a full stop; "it" is that solution (do not name it again).
        "counted": NP_(
            "puzzle:hint",
            "{hint}. Since you saw it, this puzzle counts as not solved: your rating {before}\u00a0→\u00a0{after}.",
        ),
    }
)

#: Labels and headings (context ``puzzle``).
LABELS: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "header": NP_("puzzle", "Puzzle {n} of {total} · {theme} · difficulty {rating}"),
        "rating": NP_("puzzle", "Your puzzle rating: {rating}\u00a0±\u00a0{deviation}."),
        # TRANSLATORS: in the puzzle's header, after the difficulty: where the position comes from.
        "from_game": NP_("puzzle", "from a bots' game"),
        "side_line": NP_("puzzle", "side line: one turn off a bots' game"),
        "try_again": NP_("puzzle", "Try again"),
        "next": NP_("puzzle", "Next puzzle"),
        "status_right": NP_("puzzle", "Solved! Press “Next puzzle” to go on."),
        "status_wrong": NP_("puzzle", "Not solved. Press “Try again” or “Next puzzle”."),
        # TRANSLATORS: the status after the pupil played the solution that the Solution button showed.
        "status_shown": NP_(
            "puzzle",
            "You played the solution shown: it does not count as solved. Press “Try again” or “Next puzzle”.",
        ),
        "status_last": NP_("puzzle", "That was the last puzzle. Press “Try again” to play it again."),
    }
)

#: The verdict and the rating change (context ``puzzle:verdict``).
VERDICT: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "right": NP_("puzzle:verdict", "Right!"),
        "wrong": NP_("puzzle:verdict", "Not the best turn."),
        # TRANSLATORS: the last sentence of a verdict, after the reasons, which
        # may open with "Your…" ("Your chop fells 3 trees."): do not open this
        # one with "your" as well.
        "rating": NP_("puzzle:verdict", "Puzzle rating: {before}\u00a0→\u00a0{after}."),
        "hinted": NP_("puzzle:verdict", "You used the hint, so your rating stays the same."),
        "shown": NP_("puzzle:verdict", "You saw the solution: this puzzle counted as not solved."),
        "again": NP_("puzzle:verdict", "Only the first try counts for your rating."),
    }
)

#: Why a turn is right or wrong, from the engine's facts (context ``puzzle:why``).
WHY: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        # TRANSLATORS: {player} inside a sentence (es «jugador 2»: write «el {player}», «del {player}»).
        "threat": NP_("puzzle:why", "The biggest chop {player} can make drops from {before} to {after}."),
        # TRANSLATORS: the same when, after the turn, the player can fell no tree at all with one chop
        # ({before} is the trees of the biggest chop before it). {player} inside a sentence (es «jugador
        # 2»: write «el {player}»).
        "threat_gone": NP_(
            "puzzle:why",
            "Before this turn {player} could fell {before} with one chop; now not a single tree.",
        ),
        "protect": NP_("puzzle:why", "Your protester keeps the tree safe: nobody can choose it for a chop."),
        "ends": NP_("puzzle:why", "This turn ends the game or decides its last round."),
        "spawn": NP_("puzzle:why", "Where the new seedlings grow matters here."),
        "margin": NP_("puzzle:why", "Every other turn is clearly worse after the best reply."),
        # TRANSLATORS: instead of "margin" in a personal puzzle whose answers are every turn clearly better
        # than the one played in the pupil's game (other answers may be as good). "From your game. …" (the
        # review's note) follows: do not name the game here.
        "margin_better": NP_("puzzle:why", "This turn is clearly better than the one played."),
        # TRANSLATORS: instead of "margin" in a personal puzzle whose answer is the better turn the review of
        # the pupil's game found; "From your game. …" follows, as above.
        "margin_review": NP_("puzzle:why", "This is the better turn the review found."),
        # TRANSLATORS: {player} inside a sentence (es «jugador 2»: write «el {player}», «del {player}»).
        "reply": NP_("puzzle:why", "Then {player} plays {turn} (shown on the board)."),
        "no_reply": NP_("puzzle:why", "After this turn the game is over."),
        # TRANSLATORS: a wrong answer that ends the game, and the pupil does not win it.
        "no_reply_lost": NP_("puzzle:why", "After this turn the game is over, and you do not win it."),
        # TRANSLATORS: {mine} and {best} are numbers of trees felled by the pupil's turn and by the best turn.
        # Keep each number after its own separator, never beside another noun (es «jugadores 2»).
        "felled_both": NP_("puzzle:why", "Trees felled: with yours, {mine}; with the best turn, {best}."),
        # TRANSLATORS: the most trees another player can fell with one chop on their next turn,
        # after the pupil's turn ({mine}) and after the best turn ({best}).
        "threat_both": NP_(
            "puzzle:why",
            "Trees in the biggest chop left to the others: {mine} after yours, {best} after the best turn.",
        ),
        # TRANSLATORS: the points after the reply, each with its noun: the pupil's ({mine}, "2 points" or
        # "no points") and the best other player's ({theirs}).
        # Keep each number after its own separator, never beside "players" (it would read as a seat).
        "points_both": NP_(
            "puzzle:why",
            "Points after that reply: you, {mine}; the best other player, {theirs}. "
            "The best turn keeps you better off.",
        ),
        # TRANSLATORS: "threat_both" and "points_both" in a 2-player puzzle, where the pupil has one opponent.
        "threat_one": NP_(
            "puzzle:why",
            "Trees in the biggest chop left to your opponent: {mine} after yours, {best} after the best turn.",
        ),
        "points_one": NP_(
            "puzzle:why",
            "Points after that reply: you, {mine}; your opponent, {theirs}. The best turn keeps you better off.",
        ),
        "win": NP_("puzzle:why", "The best turn wins the game."),
        "loss": NP_("puzzle:why", "After that reply you cannot win any more."),
    }
)

#: A count of nothing in the reasons above, said in words where {mine}, {best} or {theirs} would show "0"
#: (docs/i18n.md: zero has words of its own).
WHY_NONE: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        # TRANSLATORS: stands for {mine} or {best} in "Trees felled: …" and "Trees in the biggest chop left to
        # the others: …" when that number is zero: "Trees felled: with yours, none; with the best turn, 4."
        # (uk «жодного», es «ninguno»).
        "trees": NP_("puzzle:why:trees", "none"),
        # TRANSLATORS: stands for {mine} or {theirs} in "Points after that reply: …" when that number is zero:
        # "Points after that reply: you, no points; the best other player, 3 points." (uk «жодного очка», es
        # «ningún punto»).
        "points": NP_("puzzle:why:points", "no points"),
    }
)

#: Why-texts with a number of trees (context ``puzzle:why``).
WHY_COUNTS: MappingProxyType[str, PPluralMessage] = MappingProxyType(
    {
        "felled": NNP_(
            "puzzle:why", "Your chop fells {n} tree: +{n} point.", "Your chop fells {n} trees: +{n} points."
        ),
        # TRANSLATORS: {player} inside a sentence (es «jugador 2»: write «el {player}», «del {player}»).
        "reply_felled": NNP_(
            "puzzle:why",
            "Then {player} plays {turn} (shown on the board) and fells {n} tree.",
            "Then {player} plays {turn} (shown on the board) and fells {n} trees.",
        ),
    }
)

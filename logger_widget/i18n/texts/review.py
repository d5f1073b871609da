"""Texts of the post-game review (``logger_widget.review``): labels and the sentences built from its facts.

Used by the board's Review mode and the evaluation chart. Contexts:
``review:label`` (the five labels), ``review`` (sentences). Placeholders:

* ``{ply}`` — the turn's number; ``{player}`` — an already translated "Player 2" inside a sentence
  (:data:`~logger_widget.i18n.texts.terms.PLAYER_IN_SENTENCE`: es "jugador 2", the sentence adds «del»);
* ``{label}`` — an already translated label (lower case inside a sentence: ``label_lower``);
* ``{loss}`` — a percentage already formatted for the locale ("12 %");
* ``{cell}`` — a cell name (``b4``, never translated); ``{cells}`` — a localised list of cells;
* ``{points}`` — an already translated count of points ("3 points");
* ``{n}`` — a count, formatted for the locale.
"""

from __future__ import annotations

from types import MappingProxyType

from .. import NNP_, NP_, PMessage, PPluralMessage

__all__ = ["LABELS", "LABELS_LOWER", "SENTENCES", "BOARD", "COUNTS", "ALL_MESSAGES"]

# TRANSLATORS: the review of a game, for pupils of 12 (chess sites say "inaccuracy",
# "mistake", "blunder"; use the words chess players of your language know).

#: The label of a reviewed turn, as a heading ("Mistake").
LABELS: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "best": NP_("review:label", "Best turn"),
        "good": NP_("review:label", "Good turn"),
        "inaccuracy": NP_("review:label", "Inaccuracy"),
        "mistake": NP_("review:label", "Mistake"),
        "blunder": NP_("review:label", "Blunder"),
    }
)

#: The same labels inside a sentence ("Player 1: a mistake").
LABELS_LOWER: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "best": NP_("review:label-lower", "the best turn"),
        "good": NP_("review:label-lower", "a good turn"),
        "inaccuracy": NP_("review:label-lower", "an inaccuracy"),
        "mistake": NP_("review:label-lower", "a mistake"),
        "blunder": NP_("review:label-lower", "a blunder"),
    }
)

#: Sentences built from the review's facts.
SENTENCES: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        # TRANSLATORS: first sentence of a reviewed turn: "Turn 5, Player 1: a mistake (12 % of the winning chances lost)."
        # {player} inside a sentence (es «jugador 2»: write «del {player}»).
        "verdict": NP_("review", "Turn {ply}, {player}: {label} ({loss} of the winning chances lost)."),
        # TRANSLATORS: first sentence of a reviewed turn that was the best one found.
        # {player} inside a sentence (es «jugador 2»: write «del {player}»).
        "verdict_best": NP_("review", "Turn {ply}, {player}: {label}."),
        # TRANSLATORS: a turn where every legal turn led to the same position.
        # {player} inside a sentence (es «jugador 2»: write «del {player}»).
        "forced": NP_("review", "Turn {ply}, {player}: the only possible turn."),
        "best_plant": NP_("review", "Planting a seedling on {cell} was better."),
        # TRANSLATORS: the better turn had no action (none was possible) or only its move differs.
        "best_move": NP_("review", "Moving to {cell} was better."),
        # TRANSLATORS: the same, when the better turn's logger stays on its cell {cell}.
        "best_stay": NP_("review", "Staying on {cell} was better."),
        # TRANSLATORS: what the turn played scored, after the better turn's sentence. {points} is "0 points".
        "played_points": NP_("review", "The turn played scored {points}."),
        # TRANSLATORS: the same when the turn played scored nothing (never "0 points").
        "played_no_points": NP_("review", "The turn played scored no points."),
        # TRANSLATORS: the pupil chopped the right tree, from a cell where it felled as many trees as from
        # {destination}, but moving to {destination} was better (for a reason told after this sentence).
        "same_chop": NP_(
            "review", "Chopping {cell} was right, but moving to {destination} first was better."
        ),
        # TRANSLATORS: the same chop, from the same cell; the better turn (notation) differs in growth or spawn.
        "same_chop_other": NP_("review", "Chopping {cell} was right; the better turn was {turn}."),
        # TRANSLATORS: no fact of this turn (points, the chops it leaves or prepares) shows why the better
        # turn is better; the review's search found it.
        "search_only": NP_(
            "review", "The search found that the better turn keeps more winning chances for the turns after."
        ),
        # TRANSLATORS: a turn that lost few winning chances, and no fact tells the better turn apart: the
        # points, the chops left to the next player and got ready, the protesters are the same for both.
        "as_good": NP_(
            "review",
            "In trees and points both turns come to the same over the next turns: this turn was fine too.",
        ),
        # TRANSLATORS: accessible names of the two turns drawn on the board in review mode.
        "played_turn": NP_("review", "Turn played: {turn}"),
        "better_turn": NP_("review", "Better turn: {turn}"),
    }
)

#: The board's Review mode: buttons, headings and notices (context ``review:board``).
BOARD: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        # TRANSLATORS: button shown when a game can be reviewed.
        "open": NP_("review:board", "Review the game"),
        "title": NP_("review:board", "Game review"),
        "prev": NP_("review:board", "Previous turn"),
        "next": NP_("review:board", "Next turn"),
        "exit": NP_("review:board", "Exit review"),
        # TRANSLATORS: progress of the review's search; {done} and {total} are numbers of turns.
        "progress": NP_("review:board", "Looking for better turns… {done} / {total}"),
        # TRANSLATORS: position of the review's slider: "Turn 3 of 12".
        "step": NP_("review:board", "Turn {ply} of {total}"),
        "slider": NP_("review:board", "Reviewed turn"),
        # TRANSLATORS: a click on the board while it shows the review.
        "review_only": NP_(
            "review:board", "The board shows the review. Press “Exit review” to go back to the game."
        ),
        "failed": NP_("review:board", "The review failed: {error}"),
        # TRANSLATORS: the Review button was pressed in a game with no turn yet.
        "nothing": NP_("review:board", "There is no turn to review yet."),
        # TRANSLATORS: the Review button was pressed while a bot is thinking.
        "busy": NP_("review:board", "Wait until the bot has played, then review."),
    }
)

#: Sentences with a count of felled trees (plural forms).
COUNTS: MappingProxyType[str, PPluralMessage] = MappingProxyType(
    {
        # TRANSLATORS: the better turn was a protest with {n} protesters, one per tree, on {cells}
        # (a list of cells: "e3" or "c2 and d2").
        # TRANSLATORS: the first sentence of a reviewed turn that lost few winning chances but let the
        # next player ({next}) start the end of the game with a chop of {n} trees (reaching 10 points: the
        # round is still finished, docs/rules.md "End game"), which the better turn did not.
        # {player} inside a sentence (es «jugador 2»: write «del {player}»), {next} too («al {next}»).
        "lets_end": NNP_(
            "review",
            "Turn {ply}, {player}: {loss} of the winning chances lost, but this turn let {next} start the "
            "end of the game with a chop of {n} tree.",
            "Turn {ply}, {player}: {loss} of the winning chances lost, but this turn let {next} start the "
            "end of the game with a chop of {n} trees.",
        ),
        "best_protest": NNP_(
            "review",
            "Putting a protester on {cells} was better.",
            "Putting protesters on {cells} was better.",
        ),
        # TRANSLATORS: the better turn was a chop. {points} is "3 points".
        "best_chop": NNP_(
            "review",
            "Chopping {cell} would have felled {n} tree: +{points}.",
            "Chopping {cell} would have felled {n} trees: +{points}.",
        ),
        # TRANSLATORS: the pupil chopped {cell}, but from {destination} the same chop fells {n} trees
        # instead of {played} (a number).
        "same_chop_felled": NNP_(
            "review",
            "Chopping {cell} after moving to {destination} would have felled {n} tree instead of {played}.",
            "Chopping {cell} after moving to {destination} would have felled {n} trees instead of {played}.",
        ),
        # TRANSLATORS: what the better turn leaves to the next player: their biggest chop right after it
        # is {n} trees; after the turn played it is {played} (a number). {player} inside a sentence
        # (es «jugador 2»: write «el {player}»).
        "leaves": NNP_(
            "review",
            "After it, the biggest chop {player} could make would be {n} tree, not {played}.",
            "After it, the biggest chop {player} could make would be {n} trees, not {played}.",
        ),
        # TRANSLATORS: "leaves" when the better turn leaves the next player ({player}) no tree to fell with
        # one chop (never "a chop of 0 trees"); after the turn played they could fell {n} trees with one.
        # {player} inside a sentence (es «jugador 2»: write «el {player}»).
        "leaves_none": NNP_(
            "review",
            "After it, {player} could not fell a single tree with one chop; after the turn played, {n} tree.",
            "After it, {player} could not fell a single tree with one chop; after the turn played, {n} trees.",
        ),
        # TRANSLATORS: the threat the better turn ("that turn", told just before) makes: the biggest chop
        # of its mover ({mover}) on their next turn would be {n} trees; after the turn played, {played}
        # (a number). Name the subject and whose next turn it is: the very next turn is another
        # player's. {mover} inside a sentence (es «jugador 2»: write «del {mover}»).
        "prepares": NNP_(
            "review",
            "That turn gets a chop of {n} tree ready for {mover}'s next turn, not {played}.",
            "That turn gets a chop of {n} trees ready for {mover}'s next turn, not {played}.",
        ),
        # TRANSLATORS: "prepares" when the turn played gets no chop ready for its mover's next turn
        # (never "not 0"): the better turn gets a chop of {n} trees ready. {mover} inside a sentence
        # (es «jugador 2»: write «del {mover}»).
        "prepares_played_none": NNP_(
            "review",
            "That turn gets a chop of {n} tree ready for {mover}'s next turn; the turn played, none.",
            "That turn gets a chop of {n} trees ready for {mover}'s next turn; the turn played, none.",
        ),
        # TRANSLATORS: the chop the better turn keeps ready for its mover's ({mover}) next turn whatever
        # the next player ({player}) answers: {n} trees; after the turn played, {played} (a number).
        # {player} inside a sentence, and so is {mover} (es «jugador 2»: write «el {player}», «del {mover}»).
        "secures": NNP_(
            "review",
            "Whatever {player} answers, that turn keeps a chop of {n} tree ready for {mover}'s next turn, "
            "not {played}.",
            "Whatever {player} answers, that turn keeps a chop of {n} trees ready for {mover}'s next turn, "
            "not {played}.",
        ),
        # TRANSLATORS: "secures" when the turn played keeps no chop ready (never "not 0"). {player} inside
        # a sentence, and so is {mover} (es «jugador 2»: write «el {player}», «del {mover}»).
        "secures_played_none": NNP_(
            "review",
            "Whatever {player} answers, that turn keeps a chop of {n} tree ready for {mover}'s next turn; "
            "the turn played, none.",
            "Whatever {player} answers, that turn keeps a chop of {n} trees ready for {mover}'s next turn; "
            "the turn played, none.",
        ),
        # TRANSLATORS: the biggest chop the next player ({player}) can get ready with their answer after the
        # better turn: {n} trees; after the turn played, {played} (a number).
        # {player} inside a sentence (es «jugador 2»: write «el {player}»).
        "answer": NNP_(
            "review",
            "After it, {player} could get a chop of at most {n} tree ready, not {played}.",
            "After it, {player} could get a chop of at most {n} trees ready, not {played}.",
        ),
        # TRANSLATORS: "answer" when the next player ({player}) could get no chop ready at all after the
        # better turn (never "a chop of 0 trees"); after the turn played, a chop of {n} trees.
        # {player} inside a sentence (es «jugador 2»: write «el {player}»).
        "answer_none": NNP_(
            "review",
            "After it, {player} could get no chop ready; after the turn played, a chop of {n} tree.",
            "After it, {player} could get no chop ready; after the turn played, a chop of {n} trees.",
        ),
        # TRANSLATORS: the better turn leaves {n} protesters in the mover's ({player}) supply; the turn played
        # {played} (a number). Protesters in supply decide who wins when the points are level.
        # {player} inside a sentence (es «jugador 2»: write «el {player}»).
        "supply": NNP_(
            "review",
            "With it, {player} keeps {n} protester, not {played}: protesters decide a tie on points.",
            "With it, {player} keeps {n} protesters, not {played}: protesters decide a tie on points.",
        ),
        # TRANSLATORS: "supply" when the turn played leaves {player} no protester (never "not 0").
        # {player} inside a sentence (es «jugador 2»: write «el {player}»).
        "supply_played_none": NNP_(
            "review",
            "With it, {player} keeps {n} protester; after the turn played, none: protesters decide a tie "
            "on points.",
            "With it, {player} keeps {n} protesters; after the turn played, none: protesters decide a tie "
            "on points.",
        ),
        # TRANSLATORS: how many rounds everyone plays on in the two sentences below ("If everyone plays on
        # well for {rounds}, …"): uk «{n} раунд / раунди / раундів», es «{n} ronda / rondas».
        "rounds": NNP_("review", "{n} round", "{n} rounds"),
        # TRANSLATORS: nothing differs within one turn, so both turns were played on: every player plays
        # {rounds} more well (as a simple bot does); {rounds} is "2 rounds" (its own plural message,
        # uk «ще {rounds}» → «ще 2 раунди», «ще 5 раундів»; es «{rounds} más»). After the better turn the
        # mover ({player}) scores {n} points in them, after the turn played {played} (a number).
        # {player} inside a sentence (es «jugador 2»: write «el {player}»).
        "future_mine": NNP_(
            "review",
            "If everyone plays on well for {rounds}, {player} scores {n} point in them after it, "
            "but {played} after the turn played.",
            "If everyone plays on well for {rounds}, {player} scores {n} points in them after it, "
            "but {played} after the turn played.",
        ),
        # TRANSLATORS: "future_mine" when {player} scores nothing in those rounds after the turn played
        # (never "but 0"). {player} inside a sentence (es «jugador 2»: write «el {player}»).
        "future_mine_played_none": NNP_(
            "review",
            "If everyone plays on well for {rounds}, {player} scores {n} point in them after it, "
            "but none after the turn played.",
            "If everyone plays on well for {rounds}, {player} scores {n} points in them after it, "
            "but none after the turn played.",
        ),
        # TRANSLATORS: as above, but what differs is the other players' points: the best of them scores
        # {n} points in those rounds after the better turn, {played} (a number) after the turn played;
        # {rounds} is "2 rounds", as above.
        "future_others": NNP_(
            "review",
            "If everyone plays on well for {rounds}, the others score at most {n} point in them "
            "after it, but {played} after the turn played.",
            "If everyone plays on well for {rounds}, the others score at most {n} points in them "
            "after it, but {played} after the turn played.",
        ),
        # TRANSLATORS: "future_others" when the others score nothing in those rounds after the better turn
        # (never "at most 0 points"); {n} points after the turn played.
        "future_others_none": NNP_(
            "review",
            "If everyone plays on well for {rounds}, the others score no point in them after it, "
            "but {n} point after the turn played.",
            "If everyone plays on well for {rounds}, the others score no point in them after it, "
            "but {n} points after the turn played.",
        ),
        # TRANSLATORS: "future_others" in a 2-player game, where there is one other player: they score
        # {n} points in those rounds after the better turn, {played} (a number) after the turn played.
        "future_other": NNP_(
            "review",
            "If everyone plays on well for {rounds}, the other player scores {n} point in them "
            "after it, but {played} after the turn played.",
            "If everyone plays on well for {rounds}, the other player scores {n} points in them "
            "after it, but {played} after the turn played.",
        ),
        # TRANSLATORS: "future_other" when the other player scores nothing in those rounds after the
        # better turn (never "0 points"); {n} points after the turn played.
        "future_other_none": NNP_(
            "review",
            "If everyone plays on well for {rounds}, the other player scores no point in them after it, "
            "but {n} point after the turn played.",
            "If everyone plays on well for {rounds}, the other player scores no point in them after it, "
            "but {n} points after the turn played.",
        ),
        # TRANSLATORS: the turn played was the best found: what it did. {points} is "2 points".
        "played_chop": NNP_(
            "review",
            "Chopping {cell} felled {n} tree: +{points}.",
            "Chopping {cell} felled {n} trees: +{points}.",
        ),
    }
)

#: Every message of this table.
ALL_MESSAGES: tuple[PMessage | PPluralMessage, ...] = (
    *LABELS.values(),
    *LABELS_LOWER.values(),
    *SENTENCES.values(),
    *COUNTS.values(),
    *BOARD.values(),
)

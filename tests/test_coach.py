"""The coach's sentences (logger_widget.board.coach) on real positions found by playing greedy against random.

Each case is a position of such a game, the turn played and the better turn; the facts are the
engine's (``turn_facts``), only the label and the values are given (the search is tested in
test_review.py).
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from coachkit import (
    ANSWER,
    FUTURE_MINE,
    FUTURE_OTHERS,
    QUIET_LEAVES,
    QUIET_PREPARES,
    SAME_CHOP_EQUAL,
    SAME_CHOP_MORE,
    SAME_FACTS,
    SECURES,
    SUPPLY,
    turn_review,
)

from logger_widget.board.coach import better_reasons, review_sentence
from logger_widget.i18n import Translator
from logger_widget.review import turn_label
from scripts.measure_coach import PAIRINGS, measure

GENERIC = "The search found that the better turn keeps more winning chances for the turns after."


def test_a_quiet_turn_gets_a_reason_from_what_it_leaves_to_the_next_player() -> None:
    """Before: "Putting protesters on c3 was better. The turn played scored 0 points." (no reason; both 0; plural for one)."""
    text = review_sentence(Translator("en"), turn_review(QUIET_LEAVES))
    assert text == (
        "Turn 7, Player 2: a mistake (12% of the winning chances lost). Putting a protester on c3 was better. "
        "After it, Player 1 could not fell a single tree with one chop; after the turn played, 1 tree."
    )


def test_a_quiet_turn_gets_a_reason_from_the_threat_it_makes() -> None:
    """The threat survives every answer of the next player: the note says so (the stronger fact)."""
    text = review_sentence(Translator("en"), turn_review(QUIET_PREPARES))
    assert "Planting a seedling on d3 was better." in text
    assert (
        "Whatever Player 1 answers, that turn keeps a chop of 1 tree ready for Player 2's next turn; the turn played, none."
        in text
    )  # the subject and whose next turn it is are named (the very next turn is Player 1's)
    assert "That turn gets a chop" not in text  # the same threat is not told twice


#: (case, label, the one reason expected): notes that were only the search's reason before
CONCRETE = [
    (
        SECURES,
        "blunder",
        "Whatever Player 1 answers, that turn keeps a chop of 1 tree ready for Player 2's next turn; the turn played, none.",
    ),
    (ANSWER, "inaccuracy", "After it, Player 2 could get a chop of at most 1 tree ready, not 2."),
    (SUPPLY, "good", "With it, Player 1 keeps 2 protesters, not 1: protesters decide a tie on points."),
    (
        FUTURE_MINE,
        "good",
        "If everyone plays on well for 2 rounds, Player 1 scores 3 points in them after it, "
        "but 2 after the turn played.",
    ),
    (
        FUTURE_OTHERS,
        "inaccuracy",
        "If everyone plays on well for 2 rounds, the other player scores 1 point in them after it, "
        "but 2 after the turn played.",  # a 2-player game: one other player, never "the others"
    ),
]


@pytest.mark.parametrize(("case", "label", "reason"), CONCRETE)
def test_a_note_says_in_trees_and_points_what_the_better_turn_gains(case, label, reason) -> None:
    """Before: only "The search found that the better turn keeps more winning chances…" for these."""
    turn = turn_review(case, label=label)
    reasons = better_reasons(Translator("en"), turn)
    assert reasons == [reason]
    for language in ("uk", "es"):
        translated = better_reasons(Translator(language), turn)
        assert len(translated) == 1 and translated != reasons
        assert all(n in translated[0] for n in re.findall(r"\d+", reason)), translated


def test_a_good_turn_equal_in_trees_and_points_is_told_so_and_an_error_gets_the_search() -> None:
    turn = turn_review(SAME_FACTS, label="good")
    same = "In trees and points both turns come to the same over the next turns: this turn was fine too."
    assert better_reasons(Translator("en"), dataclasses.replace(turn, loss=0.01)) == [same]
    # an error with no fact to tell still names the search, never "fine too"
    assert better_reasons(Translator("en"), turn_review(SAME_FACTS, label="mistake")) == [GENERIC]


def test_few_notes_of_real_games_fall_back_to_the_search() -> None:
    """Seeded bot games reviewed as the board does: before, 45 % of the notes gave only the generic reason."""
    rows = [measure(pairing, games=2, seed=1) for pairing in PAIRINGS]
    notes, generic = sum(r["notes"] for r in rows), sum(r["generic"] for r in rows)
    assert notes >= 60, rows
    assert generic / notes < 0.1, (generic, notes)
    assert sum(r["good_hands_over"] for r in rows) == 0


@pytest.mark.parametrize("case", [QUIET_LEAVES, QUIET_PREPARES, SAME_CHOP_EQUAL])
def test_no_points_are_compared_when_both_turns_score_the_same(case) -> None:
    turn = turn_review(case)
    assert turn.played_facts.points == turn.best_facts.points
    for language, words in (("en", "scored"), ("uk", "приніс"), ("es", "sumó")):
        assert words not in review_sentence(Translator(language), turn)


def test_the_same_chop_from_a_better_cell_says_what_differs() -> None:
    """Before: "Chopping b4 would have felled 2 trees" to a pupil who did chop b4."""
    turn = turn_review(SAME_CHOP_MORE)
    assert turn.played_facts.cells == turn.best_facts.cells == ("b4",)
    text = review_sentence(Translator("en"), turn)
    assert "Chopping b4 after moving to a4 would have felled 2 trees instead of 1." in text
    assert "would have felled 2 trees: +" not in text
    # only facts in the better turn's favour: it leaves Player 1 no chop (the turn played left 2)
    assert "Player 1 could not fell a single tree with one chop; after the turn played, 2 trees." in text
    assert "next turn" not in text  # it prepares less (1, not 2): no reason


def test_the_same_chop_while_staying_names_the_better_turn_and_the_search() -> None:
    text = review_sentence(Translator("en"), turn_review(SAME_CHOP_EQUAL))
    assert "Chopping d3 was right; the better turn was e3\u00a0+d5\u00a0xd3." in text  # never broken
    assert text.endswith(
        "The search found that the better turn keeps more winning chances for the turns after."
    )


@pytest.mark.parametrize("language", ["uk", "es"])
@pytest.mark.parametrize("case", [QUIET_LEAVES, QUIET_PREPARES, SAME_CHOP_MORE, SAME_CHOP_EQUAL])
def test_every_reason_is_translated(language: str, case) -> None:
    turn = turn_review(case)
    reasons = better_reasons(Translator(language), turn)
    assert reasons and reasons != better_reasons(Translator("en"), turn)
    assert not re.search(r"\b(the|chop|turn|search|biggest|ready|trees?)\b", " ".join(reasons)), reasons


#: the better turn plants on d5 as the turn played did, but from the logger's start cell e5: only
#: its move differs, and it is no move
STAYS = ("....2/...../..a../...../.s1.. 2 0,0 2,2", "e5-d4 *d5", "e5 *d5")


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "Staying on e5 was better."),
        ("uk", "Варто було лишитися на e5."),
        ("es", "Habría sido mejor quedarse en e5."),
    ],
)
def test_a_better_turn_that_stays_says_so(language: str, sentence: str) -> None:
    """Before: "Moving to e5 was better." to a pupil whose logger had started on e5."""
    turn = turn_review(STAYS)
    assert turn.best.destination == turn.best.origin == "e5"
    text = review_sentence(Translator(language), turn)
    assert sentence in text, text


def test_the_best_turn_gets_no_reason() -> None:
    lpn, played, _ = QUIET_LEAVES
    turn = turn_review((lpn, played, played), label="best")
    assert better_reasons(Translator("en"), turn) == []


#: after a3-a4 *a3 Player 2 (7 points) can chop 3 trees and reach 10, the end; after a3-a5 *b5 not
LETS_END = ("...../.2a../1sm../spa../sms.. 1 2,7 0,3", "a3-a4 *a3", "a3-a5 *b5")


def test_a_turn_that_hands_over_the_end_of_the_game_is_never_called_good() -> None:
    """Before: "Good turn (2 % lost)" for the turn that left the opponent the chop that ended the game."""
    turn = dataclasses.replace(
        turn_review(LETS_END, label="good"), loss=0.02, played_value=0.01, best_value=0.03
    )
    text = review_sentence(Translator("en"), turn)
    assert text.startswith(
        "Turn 7, Player 1: 2% of the winning chances lost, but this turn let Player 2 start the end of the game "
        "with a chop of 3 trees."
    ), text
    assert "good turn" not in text.lower()
    for language in ("uk", "es"):
        assert "3" in review_sentence(Translator(language), turn).split(".")[0]
    # the label (the board's heading "Good turn") follows: a mistake, whatever the values say
    assert turn.played_facts.hands_over == 3 and not turn.best_facts.hands_over
    assert turn_label(0.02, turn.played_facts, turn.best_facts) == "mistake"
    assert turn_label(0.02, turn.played_facts, None) == "best"  # nothing better was found
    quiet = turn_review(QUIET_LEAVES)
    assert turn_label(0.02, quiet.played_facts, quiet.best_facts) == "good"

"""Learn from your mistakes: every error gives a puzzle with a proof, forged proofs are refused, the board tells."""

from __future__ import annotations

import dataclasses

import pytest

from logger_widget import Board, Position
from logger_widget.board.progress_link import GameProgress
from logger_widget.board.review_mode import BOARD_SECONDS
from logger_widget.i18n import Translator
from logger_widget.progress import Progress, ProgressRecordError
from logger_widget.progress.mistakes import check_proof, personal_puzzles
from logger_widget.progress.records import PersonalPuzzle
from logger_widget.puzzles import MARGIN, TIE, analyse_position, choice_values
from logger_widget.review import review
from logger_widget.tournament import play_game

#: a position where a clear best chop fells 4 trees; WRONG fells 1
DOMINO = "....2/...../...../m..../1mmma 1 0,0 2,2"
WRONG = "a1 +a3,b2,c2,d2 xa2"


@pytest.fixture(scope="module")
def reviewed():
    game = play_game(["random", "greedy"], seed=3)
    return game, review(game, seconds=BOARD_SECONDS, seed=0)


def test_every_error_becomes_a_puzzle_with_a_proof_that_holds_unless_the_searches_disagree(
    reviewed,
) -> None:
    game, result = reviewed
    errors = [t for t in result.mistakes(1) if not t.forced]
    made = personal_puzzles("g-1", result, [1])
    assert made and {p.proof for p in made} - {"clear"}, "softer proofs give practice the strict one does not"
    plies = {p.ply for p in made}
    for t in errors:  # left out only where the searches disagree (docs/progress.md)
        if t.ply not in plies:
            values = choice_values(t.position)
            assert values[t.played.notation()] > values[t.best.notation()] + TIE, t.ply
    for p in made:
        assert p.played not in p.solutions
        assert check_proof(p.lpn, p.proof, p.solutions, p.played, p.best) == ""
        again = PersonalPuzzle.from_dict(p.to_dict())
        assert again.proof == p.proof and again.solutions == p.solutions


def test_a_better_proof_holds_only_for_turns_clearly_better_than_the_one_played() -> None:
    position = Position.from_lpn(DOMINO)
    best = sorted(analyse_position(position).solutions)[0]
    played = position.parse_turn(WRONG).notation()
    values = choice_values(position)
    assert values[best] >= values[played] + MARGIN
    assert check_proof(DOMINO, "better", frozenset({best}), played, best) == ""
    # a forged puzzle: a turn no better than the one played listed as an answer
    weak = next(t for t, v in values.items() if v < values[played] + MARGIN and t != played)
    assert "not clearly better" in check_proof(DOMINO, "better", frozenset({best, weak}), played, best)
    assert "position of the turn played" in check_proof(DOMINO, "review", frozenset({played}), played, best)
    with pytest.raises(ValueError, match="proof must be one of"):
        check_proof(DOMINO, "trust me", frozenset({best}), played, best)


def test_a_record_with_an_unknown_proof_is_refused_and_an_old_record_is_clear(reviewed) -> None:
    _, result = reviewed
    record = personal_puzzles("g-1", result, [1])[0].to_dict()
    old = {k: v for k, v in record.items() if k != "proof"}
    if record["proof"] == "clear":
        assert PersonalPuzzle.from_dict(old).proof == "clear"
    with pytest.raises(ProgressRecordError, match="field 'proof'"):
        PersonalPuzzle.from_dict({**record, "proof": "believe me"})


def _board_notice(board: Board, game, result) -> str:
    mode = board._progress
    assert isinstance(mode, GameProgress)
    then = mode.prepare_review()
    assert then is not None
    said = then(game, result)
    assert said is not None, "the board says what came of every review"
    return said(Translator("en"))


def test_the_board_says_what_came_of_the_review_in_every_case(reviewed, tmp_path) -> None:
    game, result = reviewed
    progress = Progress.open(f"sqlite:///{tmp_path / 'p.sqlite'}", pupil="ann")
    board = Board(["human", "greedy"], locale="en", bot_mode="sync", autosave=False, progress=progress)
    board.load(game)
    made = len(personal_puzzles("g-x", result, [1]))
    assert _board_notice(board, game, result).startswith(f"{made} of your turns became puzzles")
    # the same game reviewed again: its errors are puzzles already
    assert _board_notice(board, game, result).startswith("Your errors in this game are already among")
    clean = dataclasses.replace(
        result, turns=tuple(t for t in result.turns if not (t.seat == 1 and t.is_error))
    )
    assert _board_notice(board, game, clean).startswith("The review found no inaccuracy, mistake or blunder")
    # errors none of which gives a puzzle: the pupil is told why
    other = Board(["human", "greedy"], locale="en", bot_mode="sync", autosave=False, progress=progress)
    other.load(game)
    forced = dataclasses.replace(
        result, turns=tuple(dataclasses.replace(t, forced=True) if t.seat == 1 else t for t in result.turns)
    )
    errors = len(forced.mistakes(1))
    assert _board_notice(other, game, forced).startswith(
        f"The review found {errors} errors in your turns, but"
    )


@pytest.mark.parametrize(
    ("proof", "said"),
    [
        ("clear", "Every other turn is clearly worse after the best reply."),
        ("better", "This turn is clearly better than the one played."),
        ("review", "This is the better turn the review found."),
    ],
)
def test_a_right_answer_with_no_fact_to_tell_says_what_the_puzzles_proof_proved(
    reviewed, proof, said
) -> None:
    """A "better" puzzle accepts every turn clearly better than the one played: its right answer said
    "Every other turn is clearly worse", which its own task ("Find a turn that is clearly better than
    yours!") contradicts."""
    from logger_widget.board.mistakes_mode import MistakesSession, as_puzzle
    from logger_widget.board.puzzle_mode import explain_right

    _, result = reviewed
    made = personal_puzzles("g-1", result, [1])[0]
    session = MistakesSession.__new__(MistakesSession)
    session.personal, session.index = [dataclasses.replace(made, proof=proof)], 0
    from logger_widget.puzzles import facts

    puzzle = dataclasses.replace(as_puzzle(made), theme="quiet")

    def quiet(turn) -> bool:  # no chop, no protest, no threat taken away: no fact to tell
        f = facts(puzzle.position, turn)
        return f.kind not in ("chop", "protest") and not (f.threat_seat and f.threat_before > f.threat_after)

    turn = next(t for t in puzzle.position.legal_turns() if quiet(t))
    assert explain_right(Translator("en"), puzzle, turn, session.proved()) == f"Right! {said}"

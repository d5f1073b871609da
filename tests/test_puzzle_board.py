"""The puzzle board (issue 15): task in words, right/wrong and why, consequence, hint, next, rating."""

from __future__ import annotations

import pytest
from test_widget import Driver, english_words

from logger_widget import Position
from logger_widget.board import PuzzleBoard
from logger_widget.i18n import Translator
from logger_widget.i18n.texts import puzzles as texts
from logger_widget.puzzles import THEMES, Puzzle, Source, analyse_position

DOMINO = "....2/...../...../m..../1mmma 1 0,0 2,2"
#: the same idea with a protest threat for the other side: the second puzzle of the board
SECOND = "2..../...../...../.s.../1ammm 1 0,0 2,2"
WRONG = "a1 +a3,b2,c2,d2 xa2"


def _puzzle(pid: str, lpn: str, rating: float) -> Puzzle:
    analysis = analyse_position(Position.from_lpn(lpn))
    assert analysis.accepted
    return Puzzle(
        pid, lpn, 1, analysis.solutions, "domino_chop", rating, 60.0, Source(1, ("greedy", "random"), 3)
    )


@pytest.fixture()
def board() -> PuzzleBoard:
    return PuzzleBoard(
        [_puzzle("t1", DOMINO, 1500.0), _puzzle("t2", SECOND, 1600.0)], locale="en", bot_mode="sync"
    )


def test_the_task_names_the_puzzle_theme_seat_and_rating(board) -> None:
    view = board.view
    assert view["task"].startswith("Puzzle 1 of 2 · Domino chop · difficulty 1,500.")
    assert "Player 1 to play: find the chop that fells the most trees." in view["task"]
    assert "Your puzzle rating: 1,500 ± 200." in view["task"]
    assert view["lesson"]["restart"] == "Try again" and view["lesson"]["next"] is None
    assert view["interactive"] and view["puzzle"] == {
        "id": "t1",
        "theme": "domino_chop",
        "result": None,
        "rating": 1500,
    }


def test_a_wrong_turn_is_answered_with_the_reply_on_the_board_and_the_rating_drops(board) -> None:
    Driver(board).play(board.position.parse_turn(WRONG))
    view = board.view
    assert board.session.result == "wrong" and view["puzzle"]["result"] == "wrong"
    assert len(board.game.turns) == 2, "the best reply is played: the consequence is on the board"
    assert board.game.turns[1].origin == "e5"
    notice = view["notice"]
    assert notice["kind"] == "error" and notice["text"].startswith(
        "Not the best turn. Then Player 2 plays e5"
    )
    assert "your lead in points is" in notice["text"] and "Your rating: 1,500 → " in notice["text"]
    assert board.rating.rating < 1500 and not view["interactive"] and view["stage"] == "solved"
    assert view["status"]["text"] == "Not solved. Press “Try again” or “Next puzzle”."
    assert view["lesson"]["next"] == "Next puzzle"
    # a click after the answer is refused with the puzzle's words, not the tutorial's
    assert Driver(board, client="another-view").cell("a1") == "rejected"
    assert board.view["notice"]["text"] == "Not solved. Press “Try again” or “Next puzzle”."


def test_try_again_then_right_counts_only_the_first_try_then_next(board) -> None:
    d = Driver(board)
    d.play(board.position.parse_turn(WRONG))
    after_wrong = board.rating
    assert d.send("restart") == "ok"
    assert board.game.position.to_lpn() == DOMINO and board.session.result is None
    d.play(board.position.parse_turn(sorted(board.puzzle.solutions)[0]))
    view = board.view
    assert board.session.result == "right" and view["notice"]["kind"] == "success"
    assert view["notice"]["text"].startswith("Right! Your chop fells 4 trees: +4 points.")
    assert "Only the first try counts" in view["notice"]["text"] and board.rating == after_wrong
    assert d.send("next_lesson") == "ok"
    assert board.puzzle.id == "t2" and board.game.position.to_lpn() == SECOND
    assert board.view["task"].startswith("Puzzle 2 of 2")


def test_solving_at_the_first_try_raises_the_rating(board) -> None:
    board.play(sorted(board.puzzle.solutions)[0])
    assert board.rating.rating > 1500 and board.rating.solved == 1
    assert "Your rating: 1,500 → 1," in board.view["notice"]["text"]


def test_the_hint_marks_a_solution_and_leaves_the_rating_alone(board) -> None:
    d = Driver(board)
    assert d.send("hint") == "ok"
    assert board.session.hinted and board.view["hint"]
    board.play(sorted(board.puzzle.solutions)[0])
    assert board.rating.rating == 1500 and "You used the hint" in board.view["notice"]["text"]


@pytest.mark.parametrize("locale", ["uk", "es"])
def test_the_puzzle_texts_are_translated(locale) -> None:
    b = PuzzleBoard([_puzzle("t1", DOMINO, 1500.0)], locale=locale, bot_mode="sync")
    english = PuzzleBoard([_puzzle("t1", DOMINO, 1500.0)], locale="en", bot_mode="sync")
    b.play(WRONG)
    english.play(WRONG)
    view, en_view = b.view, english.view
    for key in ("task", "notice", "status"):
        text, en_text = (
            view[key]["text"] if key != "task" else view[key],
            en_view[key]["text"] if key != "task" else en_view[key],
        )
        assert text != en_text
        if locale == "uk":  # Cyrillic: no English word may be left (names and notation aside)
            assert english_words(text) == [], text
    assert view["lesson"]["restart"] != en_view["lesson"]["restart"]
    tr, en = Translator(locale), Translator("en")
    for table in (texts.THEME_NAMES, texts.TASKS):
        assert set(table) == set(THEMES)
    for table in (texts.THEME_NAMES, texts.TASKS, texts.LABELS, texts.VERDICT, texts.WHY):
        for key, message in table.items():
            assert tr.translate(message) != en.translate(message), (locale, key)
    for message in texts.WHY_COUNTS.values():
        for n in (1, 2, 5):
            assert tr.count(message, n, player="X") != en.count(message, n, player="X")


def test_next_puzzle_with_more_players_gives_every_seat_to_a_person() -> None:
    from logger_widget.puzzles import load_puzzles

    two = next(p for p in load_puzzles() if p.players == 2)
    four = next(p for p in load_puzzles() if p.players == 4)
    b = PuzzleBoard([two.id, four.id], locale="en", bot_mode="sync")
    b.play(sorted(two.solutions)[0])
    assert b.session.result == "right"
    assert Driver(b).send("next_lesson") == "ok"
    assert b.game.position.to_lpn() == four.lpn and b.seats == ("human",) * 4
    assert b.view["interactive"] and b.view["to_move"] == four.seat

"""The puzzle board: task in words, right/wrong and why, consequence, hint, next, rating."""

from __future__ import annotations

import re

import pytest
from support import Driver, english_words

from logger_widget import Position
from logger_widget.board import PuzzleBoard
from logger_widget.board.view import notation_in_text
from logger_widget.i18n import Translator
from logger_widget.i18n.texts import puzzles as texts
from logger_widget.puzzles import THEMES, Puzzle, Source, analyse_position

DOMINO = "....2/...../...../m..../1mmma 1 0,0 2,2"
#: the same idea, with a second, smaller chop (a2) so the answer is a choice: the second puzzle of the board
SECOND = "2..../...../...../ms.../1ammm 1 0,0 2,2"
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
    assert view["task"].startswith("Puzzle 1 of 2 · Domino chop · difficulty 1,500 · from a bots' game.")
    assert "Player 1 to play: find the chop that fells the most trees." in view["task"]
    assert "Your puzzle rating: 1,500\u00a0±\u00a0200." in view["task"]
    assert view["lesson"]["restart"] == "Try again" and view["lesson"]["next"] is None
    assert view["interactive"] and view["puzzle"] == {
        "id": "t1",
        "theme": "domino_chop",
        "result": None,
        "rating": 1500,
        "hints": 0,
        "side_line": False,
        "values": None,
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
    # in a pupil's words: the trees each turn fells, the reply told once, no search values
    assert (
        "Trees felled: with yours, 1; with the best turn, 4." in notice["text"]
        and "Puzzle rating: 1,500\u00a0→\u00a0" in notice["text"]
    )
    assert notice["text"].count("e5-d4") == 1 and "difference" not in notice["text"]
    assert not re.search(r"\d[.,]\d(?!\d\d)", notice["text"].replace("1,500", "")), "no evaluation decimals"
    values = view["puzzle"]["values"]  # the numbers behind the words, kept for the teacher
    assert values is not None and values["best"] - values["played"] >= 1.5
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
    assert "Puzzle rating: 1,500\u00a0→\u00a01," in board.view["notice"]["text"]


def _suggested(board: PuzzleBoard) -> list[str]:
    return sorted(c["id"] for row in board.view["cells"] for c in row if c["suggested"])


def test_the_first_hint_gives_the_idea_and_one_cell_not_the_solution(board) -> None:
    d = Driver(board)
    solution = board.puzzle.solution_turns()[0]
    assert solution.action is not None and solution.action.kind == "chop"
    target = solution.action.cells[0]
    assert d.send("hint") == "ok"
    hint = board.view["hint"]
    assert board.session.hints == 1 and board._bots.hint is None
    assert hint["text"] == (
        f"Hint: One chop can fell a whole line of mature trees. Look at the tree on {target}. "
        "Press “Solution” to see the whole turn."
    )
    assert solution.notation() not in hint["text"] and solution.destination not in hint["text"]
    assert hint["label"] == "Solution" and hint["enabled"]
    assert _suggested(board) == [target], "only the start is marked, not the solution's cells"
    # solved after the first hint: no rise, and the notice says why
    board.play(solution)
    assert board.session.result == "right"
    assert board.rating.rating == 1500 and board.session.history == []
    assert "You used the hint, so your rating stays the same." in board.view["notice"]["text"]
    assert not board.view["hint"]["enabled"] and board.view["hint"]["text"] is None


def test_the_second_hint_shows_the_solution_and_counts_as_not_solved(board) -> None:
    d = Driver(board)
    solution = board.puzzle.solution_turns()[0]
    assert d.send("hint") == "ok" and d.send("hint") == "ok"
    hint = board.view["hint"]
    assert board.session.hints == 2 and board._bots.hint == solution
    # the turn shown is the solution the button named, not a hint
    assert hint["text"].startswith(f"Solution: {notation_in_text(solution)} (")
    assert "Since you saw it, this puzzle counts as not solved" in hint["text"]
    assert "counts as not solved: your rating 1,500\u00a0→\u00a01,4" in hint["text"]
    assert not hint["enabled"] and "label" not in hint
    marked = set(_suggested(board))
    assert board.view["stage"] == "action"
    assert set(solution.action.cells) <= marked  # the movement is forced here: the action stage
    dropped = board.rating
    assert dropped.rating < 1500 and dropped.played == 1 and dropped.solved == 0
    assert f"Your puzzle rating: {round(dropped.rating):,}" in board.view["task"]
    # playing the shown solution earns nothing back
    board.play(solution)
    assert board.session.result == "right" and board.rating == dropped
    assert "You saw the solution: this puzzle counted as not solved." in board.view["notice"]["text"]
    assert [h[:2] for h in board.session.history] == [("t1", False)]
    # "Try again" gives the hints again, but the rating stays: only the first try counts
    assert d.send("restart") == "ok" and board.session.hints == 0
    assert d.send("hint") == "ok" and d.send("hint") == "ok" and board.rating == dropped
    assert "counts as not solved" not in board.view["hint"]["text"]
    assert board.view["hint"]["text"].startswith(f"Solution: {notation_in_text(solution)} (")
    # the shown solution played after "Try again": no "✓ Correct" under a "not solved" status
    board.play(solution)
    view = board.view
    assert view["notice"]["kind"] == "info" and view["notice"]["text"].startswith("Right!")
    assert view["status"]["text"].startswith("You played the solution shown: it does not count as solved.")


def test_a_wrong_turn_after_the_first_hint_still_lowers_the_rating(board) -> None:
    assert Driver(board).send("hint") == "ok"
    board.play(WRONG)
    assert board.session.result == "wrong" and board.rating.rating < 1500
    assert "Puzzle rating: 1,500\u00a0→\u00a01,4" in board.view["notice"]["text"]


def test_a_hint_is_refused_once_the_puzzle_is_answered(board) -> None:
    board.play(WRONG)
    assert Driver(board).send("hint") == "rejected" and board.session.hints == 0


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("tree", "Look at the tree on"),
        ("logger", "Your logger goes to"),
        ("logger_stays", "Your logger stays on"),
    ],
)
def test_the_first_hint_of_a_shipped_puzzle_names_a_tree_or_the_loggers_cell(kind, expected) -> None:
    from logger_widget.puzzles import load_puzzles

    def start(p: Puzzle) -> str:
        t = p.solution_turns()[0]
        if t.action is not None and t.action.kind in ("chop", "protest"):
            return "tree"
        return "logger_stays" if t.destination == t.origin else "logger"  # never "goes to" its own cell

    puzzle = next(p for p in load_puzzles() if start(p) == kind)
    b = PuzzleBoard([puzzle], locale="en", bot_mode="sync")
    assert Driver(b).send("hint") == "ok"
    kind_found, cell = b.session.start_cell()
    assert kind_found == kind and f"{expected} {cell}" in b.view["hint"]["text"]
    assert _suggested(b) == [cell]
    assert b.view["hint"]["text"].startswith(
        "Hint: " + Translator("en").translate(texts.HINT_IDEAS[puzzle.theme])
    )


def test_the_header_says_whether_the_puzzle_is_a_side_line() -> None:
    from logger_widget.puzzles import load_puzzles

    shipped = load_puzzles()
    side = next(p for p in shipped if p.source.variation)
    own = next(p for p in shipped if not p.source.variation)
    b = PuzzleBoard([own, side], locale="en", bot_mode="sync")
    assert " · from a bots' game. " in b.view["task"] and not b.view["puzzle"]["side_line"]
    b.session.go_next()
    assert " · side line: one turn off a bots' game. " in b.view["task"] and b.view["puzzle"]["side_line"]
    uk = PuzzleBoard([side], locale="uk", bot_mode="sync")
    assert english_words(uk.view["task"]) == []


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
    for table in (texts.THEME_NAMES, texts.TASKS, texts.HINT_IDEAS):
        assert set(table) == set(THEMES)
    tables = (
        texts.THEME_NAMES,
        texts.TASKS,
        texts.TASKS_ONE,
        texts.LABELS,
        texts.VERDICT,
        texts.WHY,
        texts.HINT,
        texts.HINT_IDEAS,
    )
    for table in tables:
        for key, message in table.items():
            assert tr.translate(message) != en.translate(message), (locale, key)
    for message in texts.WHY_COUNTS.values():
        for n in (1, 2, 5):
            assert tr.count(message, n, player="X", turn="a1") != en.count(message, n, player="X", turn="a1")


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


def test_after_show_the_solution_next_is_offered_at_once_and_nothing_says_solved(board) -> None:
    d = Driver(board)
    assert d.send("hint") == "ok" and d.send("hint") == "ok"
    assert board.view["lesson"]["next"] == "Next puzzle", "the solution is shown: go on at once"
    assert d.send("next_lesson") == "ok" and board.puzzle.id == "t2"
    assert d.send("hint") == "ok" and d.send("hint") == "ok"
    board.play(board.puzzle.solution_turns()[0])
    status = board.view["status"]["text"]
    assert "Solved" not in status and status != "Solved! Press “Next puzzle” to go on."


def test_undo_and_redo_are_off_on_a_puzzle_board(board) -> None:
    board.play(WRONG)
    view = board.view
    assert len(board.game.turns) == 2 and not view["undo"]["enabled"] and not view["redo"]["enabled"]
    assert Driver(board).send("undo") == "rejected" and len(board.game.turns) == 2


FELLED_WORDS = {
    "en": "Trees felled: with yours, 1; with the best turn, 4.",
    "uk": "Повалено дерев: твоїм ходом\u00a0— 1; найкращим ходом\u00a0— 4.",
    "es": "Árboles derribados: con la tuya, 1; con la mejor jugada, 4.",
}


@pytest.mark.parametrize("language", ["en", "uk", "es"])
def test_a_wrong_answer_is_told_in_trees_never_in_search_values(language: str) -> None:
    """Before: "the difference between your points and the best other player's is −4.8; with the best turn…"."""
    from logger_widget.board.puzzle_mode import explain_wrong

    puzzle = _puzzle("t1", DOMINO, 1500.0)
    turn = puzzle.position.parse_turn(WRONG)
    reply = next(iter(puzzle.position.play(turn).legal_turns()))
    text = explain_wrong(Translator(language), puzzle, turn, reply, -4.83)
    assert FELLED_WORDS[language] in text, text
    assert not re.search(r"4[.,]8|\u2212", text), "the search's value is kept for the teacher, not told"
    assert text.count(notation_in_text(reply)) == 1, "the reply is told once"


def test_a_reply_that_chops_is_told_in_one_sentence() -> None:
    """Before: "Then Player 2 plays … (shown on the board). Then Player 2 chops and fells 3 trees."."""
    from logger_widget.board.puzzle_mode import explain_wrong
    from logger_widget.puzzles import load_puzzles

    def wrong_with_a_chop_reply():  # a shipped puzzle and a wrong turn after which the reply chops
        for puzzle in load_puzzles():
            if puzzle.players != 2:
                continue
            for turn in puzzle.position.legal_turns():
                if puzzle.is_solution(turn):
                    continue
                after = puzzle.position.play(turn)
                for reply in after.legal_turns():
                    if reply.action is not None and reply.action.kind == "chop":
                        return puzzle, turn, after, reply
        raise AssertionError("no wrong turn with a chop in reply")

    puzzle, turn, after, reply = wrong_with_a_chop_reply()
    text = explain_wrong(Translator("en"), puzzle, turn, reply, 0.0)
    seat = after.to_move
    felled = after.play(reply).scores[seat - 1] - after.scores[seat - 1]
    assert felled > 0
    sentence = (
        f"Then Player {seat} plays {notation_in_text(reply)} (shown on the board) and fells {felled} tree"
    )
    assert sentence in text and text.count("Then Player") == 1 and "chops and fells" not in text, text


@pytest.mark.parametrize(
    ("language", "points"),
    [
        ("en", "Points after that reply: you, 2 points; your opponent, 2 points."),
        ("uk", "Очки після цієї відповіді: у тебе\u00a0— 2 очки; у суперника\u00a0— 2 очки."),
        ("es", "Puntos tras esa respuesta: tú, 2 puntos; tu rival, 2 puntos."),
    ],
)
def test_the_points_after_the_reply_carry_their_noun(language: str, points: str) -> None:
    """Before: «у тебе — жодного очка; у найкращого з інших гравців — 2»: a bare «2» beside a count with its
    noun, and es «tú, ninguno» (you, nobody). Both counts now carry their noun, a zero «жодного очка»,
    «ningún punto». A 2-player puzzle names the one opponent, not "the best other player"."""
    from logger_widget.board.puzzle_mode import explain_wrong
    from logger_widget.puzzles import load_puzzles
    from logger_widget.puzzles.search import refutation

    puzzle = next(p for p in load_puzzles() if p.id == "p0023")
    turn = puzzle.position.parse_turn("b4 *a4")
    reply, value = refutation(puzzle.position, turn)
    text = explain_wrong(Translator(language), puzzle, turn, reply, value)
    assert points in text, text


@pytest.mark.parametrize("locale", ["en", "uk", "es"])
def test_a_two_player_puzzles_task_names_the_one_opponent(locale: str) -> None:
    """In a 2-player puzzle the task and the first hint say "your opponent" (as the why-notes do), never
    "another player" or "the other players"; with more players they name the others."""
    from logger_widget.puzzles import load_puzzles

    tr = Translator(locale)
    others = {
        "en": r"another player|other players",
        "uk": r"інш\w+ грав",
        "es": r"otro jugador|demás jugadores",
    }
    for theme in texts.TASKS_ONE:
        two = [p for p in load_puzzles() if p.players == 2 and p.theme == theme]
        more = [p for p in load_puzzles() if p.players > 2 and p.theme == theme]
        for puzzle, one in ((two[:1], True), (more[:1], False)):
            for p in puzzle:
                task = PuzzleBoard([p.id], locale=locale, bot_mode="sync").session.task(tr)
                assert bool(re.search(others[locale], task)) != one, (theme, p.players, task)
    for theme in texts.HINT_IDEAS_ONE:  # and so does the first hint's idea, just under the task
        two = [p for p in load_puzzles() if p.players == 2 and p.theme == theme]
        more = [p for p in load_puzzles() if p.players > 2 and p.theme == theme]
        assert two, theme
        for puzzle, one in ((two[:1], True), (more[:1], False)):
            for p in puzzle:
                board = PuzzleBoard([p.id], locale=locale, bot_mode="sync")
                assert Driver(board).send("hint") == "ok"
                hint = board.view["hint"]["text"]
                assert bool(re.search(others[locale], hint)) != one, (theme, p.players, hint)

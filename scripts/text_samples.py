"""Every composed text of logger_widget, rendered as a pupil reads it (``scripts/i18n.py samples``).

Usage: ``python scripts/i18n.py samples [--out build/texts] [--language es ...]``, or
``python -m scripts.text_samples`` with the same options.

A *composed* text is one the program builds by putting messages together with real values:
a puzzle's verdict, a review's note, the board's status line, a lesson's hint, an exercise
checker's feedback. Reading the catalogue message by message never shows how such a text reads
as a whole ("Then Player 2 plays … Then Player 2 chops …"); this module drives the package's own
code paths — a real :class:`~logger_widget.board.Board`, :class:`~logger_widget.board.PuzzleBoard`,
:class:`~logger_widget.board.mistakes_mode.MistakesBoard`, lesson boards, the review and its
coach, the exercise checkers — on seeded games and fixed answers, and collects what each shows.

:func:`render` gives the texts of one language (:class:`Sample`: its kind, where it was shown,
the text); :func:`markdown` one Markdown page of them; :func:`write` a page per language
(``build/texts/{uk,es,es_419,en}.md``). ``tests/test_composed_texts.py`` reads every text
:func:`render` gives in every language.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import itertools
import logging
import re
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from logger_widget import Game, Position
from logger_widget.board import PuzzleBoard
from logger_widget.board.coach import review_sentence
from logger_widget.board.widget import Board
from logger_widget.classroom import exercises as ex
from logger_widget.classroom.tutorial import LESSONS, LessonBoard
from logger_widget.i18n import Translator
from logger_widget.puzzles import THEMES, load_puzzles
from logger_widget.review import Review, review
from logger_widget.tournament import GameResult, Tournament, play_game

__all__ = ["KINDS", "LANGUAGES", "Sample", "markdown", "render", "write"]

LANGUAGES = ("uk", "es", "es_419", "en")

#: The kinds of composed text, in the order of the page, with their English headings.
KINDS = {
    "puzzle": "Puzzles: task, verdicts, hints",
    "mistakes": "Your own puzzles (from your games' errors)",
    "review": "Post-game review: the coach's notes",
    "game": "The board during a game and at its end",
    "lesson": "Lessons: tasks, hints, verdicts",
    "exercise": "Game-theory exercises: the checkers' feedback",
    "progress": "Progress",
    "chart": "Charts: the lines under the score chart's title",
}


@dataclass(frozen=True)
class Sample:
    """One composed text as shown: its kind (a key of :data:`KINDS`), where it was shown, the text."""

    kind: str
    where: str
    text: str


# --------------------------------------------------------------------------- driving a board


_SEQ = itertools.count(1)


def _intent(board: Any, action: str, **extra: Any) -> str:
    """Send ``action`` as the board's front end does (the view's version and basis)."""
    view = board.view
    msg = {
        "type": "intent",
        "client": "samples",
        "seq": next(_SEQ),
        "version": view["version"],
        "basis": view["basis"],
        "action": action,
        **extra,
    }
    return board.handle_message(msg)


def _texts(view: dict[str, Any], *keys: str) -> Iterator[tuple[str, str]]:
    """``(key, text)`` of the view's panels ``keys`` that show a text."""
    for key in keys:
        panel = view.get(key)
        if key == "result" and panel:  # the headline above the detail: read as one text
            yield key, " ".join(panel[k] for k in ("headline", "detail") if panel.get(k))
        elif isinstance(panel, str):
            yield key, panel
        elif isinstance(panel, dict):
            for field in ("text", "detail"):
                if isinstance(panel.get(field), str) and panel[field]:
                    yield f"{key} {field}" if field != "text" else key, panel[field]


# --------------------------------------------------------------------------- the language-independent inputs


@functools.cache
def _puzzles() -> tuple[Any, ...]:
    """One shipped puzzle per theme (2 players first), then a 3- and a 4-player one."""
    shipped = load_puzzles()
    chosen = []
    for theme in THEMES:
        of_theme = sorted((p for p in shipped if p.theme == theme), key=lambda p: (p.players, p.id))
        if of_theme:
            chosen.append(of_theme[0])
    for players in (3, 4):
        more = [p for p in shipped if p.players == players and p not in chosen]
        if more:
            chosen.append(more[0])
    ending = next((p for p in shipped if p not in chosen and _ending_wrong_turn(p) is not None), None)
    if ending is not None:
        chosen.append(ending)
    return tuple(chosen)


def _ending_wrong_turn(puzzle: Any) -> Any:
    """A wrong answer to an end-game puzzle after which the game is over and lost, or ``None``."""
    from logger_widget.bots.minimax import WIN
    from logger_widget.puzzles import refutation

    if puzzle.theme != "endgame_tiebreak":
        return None
    for turn in puzzle.position.legal_turns():
        if not puzzle.is_solution(turn) and puzzle.position.play(turn).is_terminal:
            if refutation(puzzle.position, turn)[1] <= -WIN / 2:
                return turn
    return None


@functools.cache
def _wrong_turn(puzzle: Any) -> Any:
    """A wrong answer to ``puzzle``: one that ends the game lost, else one after which the next player can chop."""
    ending = _ending_wrong_turn(puzzle)
    if ending is not None:
        return ending
    position = puzzle.position
    wrong = [t for t in position.legal_turns() if not puzzle.is_solution(t)]
    for turn in wrong:
        after = position.play(turn)
        if not after.is_terminal and any(
            r.action is not None and r.action.kind == "chop" for r in after.legal_turns()
        ):
            return turn
    return wrong[0]


#: The seeded games the review reads: (bots, seed, turns); ``None``: the whole game.
REVIEWED = (
    (("greedy", "random"), 1, None),
    (("random", "greedy"), 2, None),
    (("greedy", "random", "random"), 2, 12),
)


@functools.cache
def _reviews() -> tuple[Review, ...]:
    """The review of each game of :data:`REVIEWED`, as the board's Review gives it (a small search budget)."""
    out = []
    for bots, seed, turns in REVIEWED:
        game = play_game(list(bots), seed=seed, turn_limit=turns)
        out.append(review(game, seconds=0.004, seed=1))
    return tuple(out)


@functools.cache
def _progress_dir() -> Path:
    return Path(tempfile.mkdtemp(prefix="logger-samples-"))


def _progress(name: str) -> Any:
    """A pupil's progress in a fresh SQLite file (nothing of the real pupil's is read or written)."""
    from logger_widget.progress import Progress

    path = _progress_dir() / f"{name}.sqlite"
    path.unlink(missing_ok=True)
    return Progress.open(f"sqlite:///{path}", pupil="ann")


# --------------------------------------------------------------------------- the kinds


def _puzzle_samples(language: str) -> Iterator[Sample]:
    """Each puzzle of :func:`_puzzles` on a board of two puzzles: wrong, right, after a hint, after "Solution"."""
    chosen = _puzzles()
    for index, puzzle in enumerate(chosen):
        pair = [puzzle, chosen[(index + 1) % len(chosen)]]
        board = functools.partial(
            PuzzleBoard, pair, locale=language, bot_mode="sync", progress=False, autosave=False
        )
        where = f"puzzle {puzzle.id} ({puzzle.theme}, {puzzle.players} players)"
        solution = puzzle.solution_turns()[0]
        wrong = _wrong_turn(puzzle)
        again = board()
        yield Sample("puzzle", f"{where}: the task", again.view["task"])
        again.play(wrong)
        yield Sample("puzzle", f"{where}: a wrong answer ({wrong.notation()})", again.view["notice"]["text"])
        yield Sample("puzzle", f"{where}: a wrong answer, the status", again.view["status"]["text"])
        _intent(again, "restart")
        again.play(solution)
        yield Sample("puzzle", f"{where}: right at the second try", again.view["notice"]["text"])
        first = board()
        first.play(solution)
        yield Sample("puzzle", f"{where}: right at the first try", first.view["notice"]["text"])
        yield Sample("puzzle", f"{where}: right at the first try, the status", first.view["status"]["text"])
        hinted = board()
        _intent(hinted, "hint")
        yield Sample("puzzle", f"{where}: the first hint", hinted.view["hint"]["text"])
        hinted.play(solution)
        yield Sample("puzzle", f"{where}: right after the first hint", hinted.view["notice"]["text"])
        shown = board()
        _intent(shown, "hint")
        _intent(shown, "hint")
        yield Sample("puzzle", f"{where}: the solution shown", shown.view["hint"]["text"])
        shown.play(solution)
        yield Sample("puzzle", f"{where}: the solution shown, then played", shown.view["notice"]["text"])
        yield Sample(
            "puzzle", f"{where}: the solution shown, then played, the status", shown.view["status"]["text"]
        )


def _review_samples(language: str) -> Iterator[Sample]:
    tr = Translator(language)
    for (bots, seed, _), result in zip(REVIEWED, _reviews()):
        for turn in result.turns:
            where = f"{'–'.join(bots)} game (seed {seed}), turn {turn.ply} ({turn.label})"
            yield Sample("review", where, review_sentence(tr, turn))


def _mistakes_samples(language: str) -> Iterator[Sample]:
    """Games reviewed on a board with the pupil's progress, then the personal puzzles they made.

    Each personal puzzle is answered once with the game's turn and once with its solution: the
    first answer (the one that counts) alternates, so both verdicts are read with their tail.
    """
    from logger_widget.board.mistakes_mode import MistakesBoard

    tr = Translator(language)
    progress = _progress(f"mistakes-{language}")
    for name, (game, result, seat) in zip(("a game", "an end game"), _mistakes_games()):
        seats = ["greedy"] * game.players
        seats[seat - 1] = "human"
        board = Board(seats, locale=language, bot_mode="sync", autosave=False, progress=progress)
        board.load(game)
        for moment in ("reviewed", "reviewed again"):
            said = board._progress.prepare_review()(game, result)
            if said is not None:
                yield Sample("progress", f"{name} {moment}", said(tr))
    board = MistakesBoard(locale=language, progress=progress, bot_mode="sync", autosave=False)
    for index in range(len(board.session.personal)):
        personal = board.session.current
        where = f"own puzzle {index + 1} ({personal.theme}, turn {personal.ply})"
        yield Sample("mistakes", f"{where}: the task", board.view["task"])
        answers = [("the game's turn", personal.played), ("the solution", board.puzzle.solution_turns()[0])]
        for attempt, (what, turn) in enumerate(answers[:: 1 if index % 2 == 0 else -1]):
            if attempt:
                _intent(board, "restart")
            board.play(turn)
            try_ = "first" if attempt == 0 else "second"
            yield Sample("mistakes", f"{where}: {what} at the {try_} try", board.view["notice"]["text"])
        board.session.go_next()


@functools.cache
def _mistakes_games() -> tuple[tuple[Game, Review, int], ...]:
    """``(game, review, the pupil's seat)``: random (the pupil) against greedy, 8 turns; an end game.

    The end game starts at the first 2-player end-game puzzle's position, the pupil (random) at its seat.
    """
    game = play_game(["random", "greedy"], seed=4, turn_limit=8)
    out = [(game, review(game, seconds=0.004, seed=1), 1)]
    start = next(p for p in load_puzzles() if p.theme == "endgame_tiebreak" and p.players == 2)
    bots = ["random" if seat == start.seat else "greedy" for seat in (1, 2)]
    ending = play_game(bots, seed=2, start=start.lpn)
    out.append((ending, review(ending, seconds=0.004, seed=1), start.seat))
    return tuple(out)


def _game_samples(language: str) -> Iterator[Sample]:
    """Seeded games of 2, 3 and 4 players, the last seat greedy, the others playing a seeded random bot's turns."""
    from logger_widget.bots import make_bot

    for players, seed in ((2, 1), (3, 2), (4, 3)):
        seats = ["human"] * (players - 1) + ["greedy"]
        board = Board(
            seats,
            locale=language,
            bot_mode="sync",
            autosave=False,
            progress=False,
            seed=seed,
            hint_bot="greedy",
        )
        pupil = make_bot("random", seed=seed)
        where = f"{players} players, the last a bot (seed {seed})"
        seen: set[str] = set()
        shown = functools.partial(_new_lines, board, where, seen)
        yield from shown("at the start")
        yield from _clicks(board, where)
        _intent(board, "hint")
        yield Sample("game", f"{where}, at the start: the hint", board.view["hint"]["text"])
        while not board.game.is_over and len(board.game.turns) < 200:
            board.play(pupil.choose(board.position))
            yield from shown(f"turn {len(board.game.turns)}")
            if len(board.game.turns) == 12:
                yield from _clicks(board, f"{where}, turn 12")
        yield from shown("at the end")
    for name, lpn in SHARED_AND_ENDS.items():
        players = lpn.split()[2].count(",") + 1
        board = Board(
            ["human"] * players, locale=language, record=lpn, autosave=False, bot_mode="sync", progress=False
        )
        for key, text in _texts(board.view, "status", "banner"):
            yield Sample("game", f"{name}: before the last turn: {key}", text)
        while not board.game.is_over:  # no chop: the points stay as they are
            board.play(
                next(t for t in board.position.legal_turns() if t.action is None or t.action.kind == "plant")
            )
        for key, text in _texts(board.view, "status", "banner", "notice", "result"):
            yield Sample("game", f"{name}: at the end: {key}", text)


def _chart_samples(language: str) -> Iterator[Sample]:
    """The lines under the score chart's title and its description (the alt text a screen reader reads)
    at the end of each game of :data:`SHARED_AND_ENDS`; the evaluation chart's description of a review
    and the first-player chart's of a tournament."""
    import matplotlib.pyplot as plt

    from logger_widget.charts import evaluation, first_player_chart, result_lines, score_progression
    from logger_widget.charts._common import description
    from logger_widget.charts.data import score_history

    tr = Translator(language)
    for name, lpn in SHARED_AND_ENDS.items():
        game = Game(lpn)
        while not game.is_over:  # no chop: the points stay as they are
            game.play(
                next(t for t in game.position.legal_turns() if t.action is None or t.action.kind == "plant")
            )
        yield Sample("chart", f"{name}: the score chart", "\n".join(result_lines(score_history(game), tr)))
        figure = score_progression(game, locale=language)
        yield Sample("chart", f"{name}: the score chart's description", description(figure))
        plt.close(figure)
    figure = evaluation(_reviews()[2], locale=language)
    yield Sample(
        "chart", "the review of a 3-player game: the evaluation chart's description", description(figure)
    )
    plt.close(figure)
    rates = [(0.41, 0.37, 0.45), (0.33, 0.29, 0.37), (0.26, 0.22, 0.30)]  # a 3-player tournament's seats
    figure = first_player_chart(rates, games=600, locale=language)
    yield Sample("chart", "a 3-player tournament: the first-player chart's description", description(figure))
    plt.close(figure)


def _new_lines(board: Board, where: str, seen: set[str], moment: str) -> Iterator[Sample]:
    """The board's status, banner, notice and result lines not ``seen`` before in this game."""
    for key, text in _texts(board.view, "status", "banner", "notice", "result"):
        if text not in seen:
            seen.add(text)
            yield Sample("game", f"{where}, {moment}: {key}", text)


def _clicks(board: Board, where: str) -> Iterator[Sample]:
    """What the board says to a click on each cell that cannot be chosen now (one notice per reason)."""
    reasons: set[str] = set()
    before, stage = board.position.to_lpn(), board.view["stage"]
    for cell in (f"{file}{rank}" for rank in "12345" for file in "abcde"):
        if _intent(board, "cell", cell=cell) != "rejected" or not board.view["notice"]:
            if board.position.to_lpn() != before:  # the click completed a forced turn: take it back
                _intent(board, "undo")
            elif board.view["stage"] != stage:  # a legal click began a turn: take it back
                _intent(board, "back")
            if (board.position.to_lpn(), board.view["stage"]) != (before, stage):
                raise RuntimeError(f"{where}: the board did not come back from a click on {cell}")
            continue
        text = board.view["notice"]["text"]
        reason = re.sub(r"\b[a-e][1-5]\b", "#", text)
        if reason not in reasons:
            reasons.add(reason)
            yield Sample("game", f"{where}: a click on {cell}", text)


#: End games built to show every ending: one player at 10 points, two, and a shared win.
SHARED_AND_ENDS = {
    "one player reached 10 points": "....2/...../..a../...../.s1.. 2 10,3 2,2",
    "two of three players reached 10 points": "....2/...../..a../...../.s1.3 2 10,3,11 1,1,1",
    "a shared win (equal points and protesters)": "....2/...../..a../...../.s1.. 2 10,10 2,2",
    "a tie on points, won with more protesters": "....2/...../..a../...../.p1.. 2 10,10 2,1",
}


def _lesson_samples(language: str) -> Iterator[Sample]:
    """Each lesson on its board: the task, the hint, a mistake, the solution; an illegal turn checked."""
    tr = Translator(language)
    for les in LESSONS:
        where = f"lesson {les.key}"
        board = LessonBoard(les.key, language, progress=False, bot_mode="sync", autosave=False)
        yield Sample("lesson", f"{where}: the task", board.view["task"])
        _intent(board, "hint")
        yield Sample("lesson", f"{where}: the hint", board.view["hint"]["text"])
        if les.plays == 1 and les.position.is_legal(les.mistake):
            board.play(les.mistake)
            yield Sample("lesson", f"{where}: a mistake ({les.mistake})", board.view["notice"]["text"])
            board.play(les.solution)
            yield Sample("lesson", f"{where}: the solution ({les.solution})", board.view["notice"]["text"])
        else:  # several turns, or a mistake the board refuses: what the lesson's check says
            yield Sample("lesson", f"{where}: a mistake, checked", les.check(les.mistake).text(tr))
            yield Sample("lesson", f"{where}: the solution, checked", les.check(les.solution).text(tr))
        yield Sample("lesson", f"{where}: an illegal turn, checked", les.check("a1-e5").text(tr))


def ranking_tournament(results: list[tuple[int, int, float]], names: tuple[str, ...]) -> Tournament:
    """A two-player round of ``results`` (``(seat-1 bot, seat-2 bot, Player 1's score)``, bots as indices
    into ``names``): the ranking exercise's table without playing a game."""
    games = []
    for i, (a, b, score) in enumerate(results):
        winners = (1,) if score == 1 else (2,) if score == 0 else (1, 2)
        games.append(
            GameResult(
                i, (a, b), (names[a], names[b]), i, winners, (score, 1 - score), (10, 5), (0, 0), "target", ()
            )
        )
    return Tournament(names, 2, 0, games)


def _exercise_checks() -> list[tuple[str, str, Callable[[], Any]]]:
    """``(exercise, answer described, check)``: right, wrong, partial, unreadable and empty answers."""
    data = ex.FirstPlayerData("random", 0, (1.0,) * 62 + (0.0,) * 38)
    rate = sum(data.points) / data.n
    low, high = data.interval()
    half = 1.959964 * (rate * (1 - rate) / data.n) ** 0.5
    names = ("greedy", "random", "my_bot")
    clear = ex.Ranking(
        ranking_tournament([(0, 1, 1.0)] * 30 + [(0, 2, 1.0)] * 30 + [(2, 1, 1.0)] * 30, names), "en"
    )
    close = ranking_tournament([(0, 1, 1.0), (0, 1, 0.0)] * 3 + [(0, 1, 1.0)], names[:2])
    rps = ex.MetaGame(
        ("greedy", "minimax:easy", "mcts:easy"),
        *([((0.5, 1.0, 0.0), (0.0, 0.5, 1.0), (1.0, 0.0, 0.5))] * 3),
        10,
        10,
    )
    checks: list[tuple[str, str, Callable[[], Any]]] = [
        ("first_player", "right", lambda: ex.check_first_player((rate, low, high), data)),
        ("first_player", "Player 2's rate", lambda: ex.check_first_player((1 - rate, low, high), data)),
        (
            "first_player",
            "percentages",
            lambda: ex.check_first_player((rate * 100, low * 100, high * 100), data),
        ),
        (
            "first_player",
            "Wald's interval",
            lambda: ex.check_first_player((rate, rate - half, rate + half), data),
        ),
        ("first_player", "ends swapped", lambda: ex.check_first_player((rate, high, low), data)),
        ("first_player", "a wrong interval", lambda: ex.check_first_player((rate, 0.01, 0.99), data)),
        ("first_player", "two numbers", lambda: ex.check_first_player((rate, low), data)),
        ("first_player", "unreadable", lambda: ex.check_first_player("x", data)),
        ("first_player", "empty", lambda: ex.check_first_player(..., data)),
        ("sample_size", "right", lambda: ex.check_sample_size(1068)),
        ("sample_size", "a few too few", lambda: ex.check_sample_size(1040)),
        ("sample_size", "far too few", lambda: ex.check_sample_size(300)),
        ("sample_size", "far too many", lambda: ex.check_sample_size(5000)),
        ("sample_size", "unreadable", lambda: ex.check_sample_size("many")),
        ("sample_size", "empty", lambda: ex.check_sample_size(None)),
        ("game_value", "right", lambda: ex.check_game_value(1)),
        ("game_value", "wrong", lambda: ex.check_game_value(0.5)),
        ("game_value", "Player 2's", lambda: ex.check_game_value((0.0, 1.0))),
        ("game_value", "unreadable", lambda: ex.check_game_value(7)),
        ("game_value", "empty", lambda: ex.check_game_value("")),
        ("best_turn", "right", lambda: ex.check_best_turn("b4 xa4")),
        ("best_turn", "wrong", lambda: ex.check_best_turn("b4 xc4")),
        ("best_turn", "illegal", lambda: ex.check_best_turn("a1-b2")),
        ("best_turn", "unreadable", lambda: ex.check_best_turn("chop everything")),
        ("best_turn", "empty", lambda: ex.check_best_turn(...)),
        ("own_bot", "not a bot", lambda: ex.check_own_bot(42, games=2, progress=False)),
        ("own_bot", "a bot that raises", lambda: ex.check_own_bot(_raises, games=2, progress=False)),
        ("own_bot", "the first legal turn", lambda: ex.check_own_bot(_first_turn, games=2, progress=False)),
        ("own_bot", "empty", lambda: ex.check_own_bot(None, games=2, progress=False)),
        ("ranking", "right", lambda: ex.check_ranking(("greedy", True), clear)),
        (
            "ranking",
            "right bot, not clearly better",
            lambda: ex.check_ranking(("greedy", False), clear),
        ),
        ("ranking", "a wrong bot", lambda: ex.check_ranking(("random", True), clear)),
        ("ranking", "few games, clearly better", lambda: ex.check_ranking(("greedy", True), close)),
        (
            "ranking",
            "few games, not clearly better",
            lambda: ex.check_ranking(("greedy", False), close),
        ),
        ("ranking", "an unknown bot", lambda: ex.check_ranking(("nobody", True), clear)),
        ("ranking", "unreadable", lambda: ex.check_ranking("greedy", clear)),
        ("kingmaker", "right", lambda: ex.check_kingmaker("B")),
        *[("kingmaker", f"answer {x}", lambda x=x: ex.check_kingmaker(x)) for x in "ACD"],
        ("kingmaker", "two letters", lambda: ex.check_kingmaker("AB")),
        ("kingmaker", "unreadable", lambda: ex.check_kingmaker("E")),
        ("protester", "right", lambda: ex.check_protester("e5-c5 xc4")),
        ("protester", "a shared win", lambda: ex.check_protester("e5 xe4")),
        ("protester", "the protesters spent", lambda: ex.check_protester("e5 +d3,d4 !e4")),
        ("protester", "too short", lambda: ex.check_protester("e5-d5 *d4")),
        ("protester", "illegal", lambda: ex.check_protester("e5-a1 xc4")),
        ("protester", "empty", lambda: ex.check_protester("")),
        ("nash", "right", lambda: ex.check_nash((1 / 3, 1 / 3, 1 / 3), rps)),
        ("nash", "a pure strategy", lambda: ex.check_nash((1, 0, 0), rps)),
        ("nash", "not summing to 1", lambda: ex.check_nash((0.5, 0.5, 0.5), rps)),
        ("nash", "unreadable", lambda: ex.check_nash("x", rps)),
        ("nash", "empty", lambda: ex.check_nash(None, rps)),
    ]
    return checks


def _raises(position: Position) -> Any:
    raise ValueError("my bot is not finished")


def _first_turn(position: Position) -> Any:
    return next(position.legal_turns())


@functools.cache
def _exercise_feedback() -> tuple[tuple[str, str, Any], ...]:
    return tuple((key, answer, check()) for key, answer, check in _exercise_checks())


def _exercise_samples(language: str) -> Iterator[Sample]:
    tr = Translator(language)
    for key, answer, feedback in _exercise_feedback():
        yield Sample("exercise", f"{key}: {answer}", feedback.text(tr))


def _progress_samples(language: str) -> Iterator[Sample]:
    """A lesson's task while progress is not saved (each reason), and the class dashboard's result lines."""
    from logger_widget.progress import Progress
    from logger_widget.progress.store import KINDS as PROBLEMS
    from logger_widget.progress.store import ProgressError
    from logger_widget.service.dashboard import _result_text

    for kind in PROBLEMS:
        progress = Progress(None, ProgressError(kind, "progress.sqlite", "(sample)"))
        board = LessonBoard("chop", language, progress=progress, bot_mode="sync", autosave=False)
        yield Sample("progress", f"a lesson's task, progress not saved ({kind})", board.view["task"])
    tr = Translator(language)
    names = ["olena", "taras", "bot greedy"]
    for where, result in (
        ("one winner", {"winners": [1], "reason": "target"}),
        ("a shared win", {"winners": [1, 2], "reason": "target"}),
        ("won by the opponent's forfeit", {"winners": [2], "reason": "forfeit"}),
        ("won by the opponent's resignation", {"winners": [1], "reason": "resign"}),
        ("no winner", {"winners": [], "reason": "turn_limit"}),
    ):
        yield Sample(
            "progress", f"the class dashboard, a finished game: {where}", _result_text(result, names, tr)
        )


def _bot_seat_samples(language: str) -> Iterator[Sample]:
    """A bot seat that fails, one that plays a turn the rules refuse, a person taking over; a typed turn."""
    with _quiet("logger_widget.board.widget"):  # the failures are meant: not logged as the board logs them
        yield from _bot_seats(language)
    board = Board(
        ["human", "greedy"], locale=language, bot_mode="sync", autosave=False, progress=False, seed=1
    )
    for typed in ("a1-e5 xc3", "a1-a3 *a2 xa4", "chop everything"):
        _intent(board, "notation", text=typed)
        for key, text in _texts(board.view, "notice"):
            yield Sample("game", f"a turn typed: {typed}: {key}", text)


@contextlib.contextmanager
def _quiet(name: str) -> Iterator[None]:
    log = logging.getLogger(name)
    was = log.disabled
    log.disabled = True
    try:
        yield
    finally:
        log.disabled = was


def _bot_seats(language: str) -> Iterator[Sample]:
    for name, bot in (("a bot that raises", _raises), ("a bot that plays an illegal turn", _illegal)):
        board = Board(
            ["human", bot], locale=language, bot_mode="sync", autosave=False, progress=False, seed=1
        )
        board.play(next(board.position.legal_turns()))
        for key, text in _texts(board.view, "notice", "status"):
            yield Sample("game", f"{name}: {key}", text)
        _intent(board, "take_over", seat=2)
        for key, text in _texts(board.view, "notice", "status"):
            yield Sample("game", f"{name}, its seat taken over: {key}", text)


def _illegal(position: Position) -> str:
    return f"{position.loggers[position.to_move - 1]}-a5 xc3"


# --------------------------------------------------------------------------- the page


def render(language: str) -> list[Sample]:
    """Every composed text in ``language`` (``uk``, ``es``, ``es_419``, ``en``), kind by kind."""
    out: list[Sample] = []
    for produce in (
        _puzzle_samples,
        _mistakes_samples,
        _review_samples,
        _game_samples,
        _bot_seat_samples,
        _lesson_samples,
        _exercise_samples,
        _progress_samples,
        _chart_samples,
    ):
        out.extend(produce(language))
    return out


def markdown(language: str, samples: list[Sample]) -> str:
    """One Markdown page: a heading per kind, each text as the pupil reads it, where it was shown in italics."""
    lines = [f"# Composed texts ({language})", ""]
    lines.append(f"{len(samples)} texts, rendered by `python scripts/i18n.py samples`.")
    for kind, heading in KINDS.items():
        of_kind = [s for s in samples if s.kind == kind]
        if not of_kind:
            continue
        lines += ["", f"## {heading}", ""]
        for sample in of_kind:
            lines += [f"*{sample.where}*", "", sample.text.replace("\n", "  \n"), ""]
    return "\n".join(lines).rstrip() + "\n"


def write(out: Path, languages: tuple[str, ...] = LANGUAGES) -> dict[str, int]:
    """Write ``out/<language>.md`` for each language; the number of texts of each."""
    out.mkdir(parents=True, exist_ok=True)
    counts = {}
    for language in languages:
        samples = render(language)
        (out / f"{language}.md").write_text(markdown(language, samples), encoding="utf-8")
        counts[language] = len(samples)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=Path("build") / "texts", help="folder of the pages (default: build/texts)"
    )
    parser.add_argument(
        "--language", action="append", choices=LANGUAGES, help="only this language (repeatable; default: all)"
    )
    args = parser.parse_args(argv)
    counts = write(args.out, tuple(args.language or LANGUAGES))
    for language, n in counts.items():
        print(f"{language}: {n} texts -> {args.out / (language + '.md')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

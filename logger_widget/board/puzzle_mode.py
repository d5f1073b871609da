"""The puzzle mode of the board: a task in words, one turn, right or wrong and why, hint, next, rating.

:class:`PuzzleBoard` is a :class:`~logger_widget.board.widget.Board` whose
"lesson" is a :class:`PuzzleSession` (the board's lesson hooks: the task line,
"Try again" and "Next puzzle" in place of "Restart lesson" / "Next lesson").
Every seat is played by a person, so nothing moves by itself.

* The pupil plays one turn with the normal turn flow (or ``board.play(...)``).
* **Right** (a solution of :class:`~logger_widget.puzzles.Puzzle`): the board
  stops and says why, from the engine's facts (trees felled, the biggest chop
  another seat can make before and after, protest, end of game).
* **Wrong**: the next seat's best reply (:func:`logger_widget.puzzles.refutation`)
  is played on the board — the consequence is drawn as the last turns — and
  the notice says what it does and how much the turn lost.
* **Hint**, graded like lichess's: the first press names the theme's idea and
  where to start — the tree the solution chops or protects, else the cell its
  logger goes to — and marks that one cell; the second press ("Show the
  solution") shows the whole solution turn and marks its cells.
* The pupil's Glicko rating (:func:`logger_widget.puzzles.update_rating`)
  changes after the first try at each puzzle and is shown in the task line.
  A hint never earns a point (docs/puzzles.md, "The pupil's rating"): a puzzle
  solved after the first hint leaves the rating as it was, a wrong turn after it
  counts as a miss, and showing the solution counts as a miss at once.

Python decides everything; :func:`puzzle_view` puts the texts into the view
model (task, status, the lesson buttons' labels), which ``board.js`` draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..bots.minimax import WIN
from ..engine.position import Position
from ..engine.turn import Turn
from ..i18n import Translator
from ..i18n.texts import puzzles as texts
from ..i18n.texts.board import NOTICES
from ..puzzles import PupilRating, Puzzle, facts, load_puzzles, refutation, turn_value, update_rating
from .view import notation_in_text, player_in_sentence
from .widget import Board

__all__ = ["PuzzleBoard", "PuzzleSession", "explain_right", "explain_wrong", "puzzle_view"]


def _points(tr: Translator, value: float) -> str:
    return tr.format_decimal(round(value, 1), format="#,##0.#")


def explain_right(tr: Translator, puzzle: Puzzle, turn: Turn) -> str:
    """Why ``turn`` (a solution) is right, in ``tr``'s language: the facts of the turn and the margin."""
    f = facts(puzzle.position, turn)
    parts = [tr.translate(texts.VERDICT["right"])]
    if f.kind == "chop":
        parts.append(tr.count(texts.WHY_COUNTS["felled"], f.felled))
    elif f.kind == "protest":
        parts.append(tr.translate(texts.WHY["protect"]))
    if f.threat_seat and f.threat_before > f.threat_after:
        parts.append(
            tr.format(
                texts.WHY["threat"],
                player=player_in_sentence(tr, f.threat_seat),
                before=tr.format_number(f.threat_before),
                after=tr.format_number(f.threat_after),
            )
        )
    if puzzle.theme == "endgame_tiebreak":
        parts.append(tr.translate(texts.WHY["ends"]))
    elif puzzle.theme == "spawn_placement":
        parts.append(tr.translate(texts.WHY["spawn"]))
    if len(parts) == 1:  # no fact to tell: say what the search proved
        parts.append(tr.translate(texts.WHY["margin"]))
    return " ".join(parts)


def explain_wrong(tr: Translator, puzzle: Puzzle, turn: Turn, reply: Turn | None, value: float) -> str:
    """Why ``turn`` is not a solution: the best reply (played on the board) and the lead lost."""
    parts = [tr.translate(texts.VERDICT["wrong"])]
    after = puzzle.position.play(turn)
    if reply is None:
        parts.append(tr.translate(texts.WHY["no_reply"]))
    else:
        player = player_in_sentence(tr, after.to_move)
        replied = after.play(reply)
        felled = replied.scores[after.to_move - 1] - after.scores[after.to_move - 1]
        parts.append(tr.format(texts.WHY["reply"], player=player, turn=notation_in_text(reply)))
        if felled:
            parts.append(tr.count(texts.WHY_COUNTS["reply_felled"], felled, player=player))
    best = min(turn_value(puzzle.position, s) for s in sorted(puzzle.solutions)[:1])
    if best >= WIN / 4:
        parts.append(tr.translate(texts.WHY["win"]))
    elif value <= -WIN / 2:
        parts.append(tr.translate(texts.WHY["loss"]))
    else:
        parts.append(tr.format(texts.WHY["compare"], mine=_points(tr, value), best=_points(tr, best)))
    return " ".join(parts)


class PuzzleSession:
    """The puzzles shown on one board, the pupil's rating, and the state of the current puzzle.

    Implements the board's lesson hooks (:class:`~logger_widget.board.widget.LessonHost`).

    Attributes:
        puzzles: the puzzles, in the order they are offered.
        index: the current puzzle's index.
        rating: the pupil's :class:`~logger_widget.puzzles.PupilRating`.
        result: ``None`` while the puzzle is open, ``"right"`` or ``"wrong"`` after the turn.
        hints: hints given for the current puzzle: 0, 1 (the idea and where to start) or
            2 (the solution shown).
        revealed: ``(rating before, rating after)`` when showing the solution counted as a
            miss (a first try), else ``None``.
        history: ``(puzzle id, solved, rating before, rating after)`` of every rated first try.
    """

    def __init__(self, puzzles: Sequence[Puzzle], index: int = 0, rating: PupilRating | None = None) -> None:
        if not puzzles:
            raise ValueError("a puzzle board needs at least one puzzle")
        if not 0 <= index < len(puzzles):
            raise ValueError(f"start must be 0 to {len(puzzles) - 1}, not {index!r}")
        self.puzzles = tuple(puzzles)
        self.index = index
        self.rating = rating or PupilRating()
        self.result: str | None = None
        self.hints = 0
        self.revealed: tuple[float, float] | None = None
        self.tried: set[str] = set()
        self.history: list[tuple[str, bool, float, float]] = []
        self._why: Any = None

    @property
    def puzzle(self) -> Puzzle:
        """The current puzzle."""
        return self.puzzles[self.index]

    # -- the board's lesson hooks
    @property
    def solved(self) -> bool:
        """The current puzzle has been answered (right or wrong): the board stops."""
        return self.result is not None

    @property
    def next(self) -> str | None:
        """The next puzzle's id, or ``None`` after the last one."""
        return self.puzzles[self.index + 1].id if self.index + 1 < len(self.puzzles) else None

    def restart(self, board: Board) -> None:
        """Put the current puzzle back on ``board`` ("Try again")."""
        self.result, self.hints, self.revealed, self._why = None, 0, None, None
        board.replace_game(board.to_game(self.puzzle.lpn))

    def go_next(self, board: Board) -> None:
        """Show the next puzzle ("Next puzzle")."""
        if self.next is not None:
            self.index += 1
            self.restart(board)

    @property
    def hinted(self) -> bool:
        """A hint was given for the current puzzle."""
        return self.hints > 0

    def hint_turn(self, position: Position) -> Turn:
        """The hint bot: the solution the hints name (the first in notation order)."""
        return self.puzzle.solution_turns()[0]

    def start_cell(self) -> tuple[str, str]:
        """The first hint's start: ``("tree", cell)`` the solution chops or protests, else ``("logger", cell)``.

        Only part of the answer: for a chop or a protest, where the logger stands and the rest
        of the turn are left to find; for any other turn, its spawns and action.
        """
        turn = self.hint_turn(self.puzzle.position)
        if turn.action is not None and turn.action.kind in ("chop", "protest"):
            return "tree", turn.action.cells[0]
        return "logger", turn.destination

    def give_hint(self, board: Board) -> str:
        """The Hint button: the first press gives the idea, the second the solution (and the miss).

        Returns the intent's result: ``"ok"``, or ``"rejected"`` once the puzzle is answered.
        """
        if self.result is not None:
            return "rejected"
        if self.hints == 0:
            self.hints = 1
            board.redraw()
            return "ok"
        if self.hints == 1:
            self.hints = 2
            puzzle = self.puzzle
            if puzzle.id not in self.tried:  # seeing the solution on a first try is a miss (lichess)
                self.tried.add(puzzle.id)
                self.revealed = self._rate(False)
        return board.bots.start_hint()

    def _rate(self, solved: bool) -> tuple[float, float]:
        """Rate the pupil's first try at the current puzzle; ``(rating before, rating after)``."""
        puzzle, before = self.puzzle, self.rating
        self.rating = update_rating(before, puzzle.rating, puzzle.deviation, solved)
        self.history.append((puzzle.id, solved, before.rating, self.rating.rating))
        return before.rating, self.rating.rating

    def judge(self, board: Board) -> None:
        """After the pupil's turn: right or wrong, why, the consequence on the board, the rating."""
        puzzle = self.puzzle
        game = board.game
        if self.result is not None or len(game.turns) != 1 or game.start.to_lpn() != puzzle.lpn:
            return
        turn = game.turns[0]
        right = puzzle.is_solution(turn)
        self.result = "right" if right else "wrong"
        first = puzzle.id not in self.tried
        self.tried.add(puzzle.id)
        before = self.rating
        # a hint never earns a point: right after the first hint leaves the rating, wrong is a miss
        counted = first and not (right and self.hints > 0)
        if counted:
            self._rate(right)
        after = self.rating
        hinted, shown = first and right and self.hints > 0, self.revealed is not None

        if right:
            why = lambda tr: explain_right(tr, puzzle, turn)  # noqa: E731
        else:
            reply, value = refutation(puzzle.position, turn)
            why = lambda tr: explain_wrong(tr, puzzle, turn, reply, value)  # noqa: E731
            if reply is not None:
                board.play(reply)  # the consequence, drawn as the last turns

        def message(tr: Translator) -> str:
            text = why(tr)
            if shown:
                return text + " " + tr.translate(texts.VERDICT["shown"])
            if hinted:
                return text + " " + tr.translate(texts.VERDICT["hinted"])
            if not counted:
                return text + " " + tr.translate(texts.VERDICT["again"])
            return (
                text
                + " "
                + tr.format(
                    texts.VERDICT["rating"],
                    before=tr.format_number(round(before.rating)),
                    after=tr.format_number(round(after.rating)),
                )
            )

        self._why = message
        board.notify("success" if right else "error", message)


def puzzle_view(session: PuzzleSession, tr: Translator, view: dict[str, Any]) -> dict[str, Any]:
    """The puzzle's part of the board's view model: the task line, the status and the buttons' labels.

    ``view`` is the board's view model (see :func:`logger_widget.board.view.build_view`);
    the returned one has ``task`` (header, task sentence, the pupil's rating),
    ``status`` (after the turn), ``lesson`` labels ("Try again", "Next puzzle")
    and a ``puzzle`` entry (id, theme, result, rating) for tests and notebooks.
    """
    puzzle = session.puzzle
    header = tr.format(
        texts.LABELS["header"],
        n=tr.format_number(session.index + 1),
        total=tr.format_number(len(session.puzzles)),
        theme=tr.translate(texts.THEME_NAMES[puzzle.theme]),
        rating=tr.format_number(round(puzzle.rating)),
    )
    task = tr.format(texts.TASKS[puzzle.theme], player=player_in_sentence(tr, puzzle.seat))
    rating = tr.format(
        texts.LABELS["rating"],
        rating=tr.format_number(round(session.rating.rating)),
        deviation=tr.format_number(round(session.rating.deviation)),
    )
    source = tr.translate(texts.LABELS["side_line" if puzzle.source.variation else "from_game"])
    view["task"] = f"{header} · {source}. {task} {rating}"
    view["hint"] = _hint_view(session, tr, view["hint"])
    if view.get("lesson") is not None:
        lesson = dict(view["lesson"])
        lesson["restart"] = tr.translate(texts.LABELS["try_again"])
        lesson["next"] = tr.translate(texts.LABELS["next"]) if session.solved and session.next else None
        view["lesson"] = lesson
    if session.result is not None:
        key = "status_last" if session.next is None else f"status_{session.result}"
        view["status"] = {"kind": "solved", "text": tr.translate(texts.LABELS[key])}
        view["stage"] = "solved"  # the board's hook: answered, whatever turn is set up next
        notice = view.get("notice")
        if notice and notice["text"] == tr.translate(NOTICES["lesson_solved"]):  # a click after the answer
            view["notice"] = {"kind": "info", "text": view["status"]["text"]}
    view["puzzle"] = {
        "id": puzzle.id,
        "theme": puzzle.theme,
        "result": session.result,
        "rating": round(session.rating.rating),
        "hints": session.hints,
        "side_line": bool(puzzle.source.variation),
    }
    return view


def _hint_view(session: PuzzleSession, tr: Translator, hint: dict[str, Any]) -> dict[str, Any]:
    """The Hint button and text of the puzzle board: the idea first, then the solution (see the module)."""
    if session.result is not None:
        return {**hint, "enabled": False, "text": None}
    if session.hints == 0:
        return hint
    if session.hints == 1:
        kind, cell = session.start_cell()
        text = tr.format(
            texts.HINT["first"],
            idea=tr.translate(texts.HINT_IDEAS[session.puzzle.theme]),
            start=tr.format(texts.HINT[kind], cell=cell),
        )
        return {**hint, "text": text, "label": tr.translate(texts.HINT["button"])}
    out = {**hint, "enabled": False}
    if session.revealed is not None and hint.get("text"):
        before, after = session.revealed
        counted = tr.format(
            texts.HINT["counted"],
            before=tr.format_number(round(before)),
            after=tr.format_number(round(after)),
        )
        out["text"] = f"{hint['text']} {counted}"
    return out


class PuzzleBoard(Board):
    """A board that shows puzzles one after the other (see the module docstring).

    Args:
        puzzles: the puzzles (default: the shipped set, :func:`~logger_widget.puzzles.load_puzzles`),
            or puzzle ids of the shipped set.
        start: index of the first puzzle shown.
        locale: ``"uk"``, ``"es"`` or ``"en"``.
        rating: the pupil's rating so far (default 1500 ± 200).
        options: more keyword arguments for :class:`~logger_widget.board.widget.Board`
            (``players``, ``record`` and ``hint_bot`` are set by the puzzle board).

    Raises:
        ValueError: no puzzles, or ``start`` out of range.
        KeyError: an unknown puzzle id.
    """

    def __init__(
        self,
        puzzles: Sequence[Puzzle | str] | None = None,
        start: int = 0,
        locale: str = "uk",
        rating: PupilRating | None = None,
        **options: Any,
    ) -> None:
        shipped = (
            {p.id: p for p in load_puzzles()}
            if puzzles is None or any(isinstance(p, str) for p in puzzles)
            else {}
        )
        chosen = (
            list(shipped.values())
            if puzzles is None
            else [shipped[p] if isinstance(p, str) else p for p in puzzles]
        )
        session = PuzzleSession(chosen, start, rating)
        options.setdefault("autosave", False)
        super().__init__(
            ["human"] * session.puzzle.players,
            locale=locale,
            record=session.puzzle.lpn,
            hint_bot=session.hint_turn,
            **options,
        )
        self.session = session
        self.lesson = session
        self.on_change(session.judge)
        self.redraw()

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on the board."""
        return self.session.puzzle

    @property
    def rating(self) -> PupilRating:
        """The pupil's rating."""
        return self.session.rating

    def ask_hint(self) -> str:
        """The Hint button, graded: the idea and where to start, then the solution (module docstring)."""
        return self.session.give_hint(self)

    def _hint_cells(self) -> tuple[str, ...]:
        """The cells the puzzle's hint marks at every step of the turn.

        The first hint's start cell; after the second, the solution's action cells (a forced
        movement skips the step where the board marks a hint's whole turn).
        """
        session = getattr(self, "session", None)
        if session is None or session.hints == 0 or session.result is not None:
            return ()
        if session.hints == 1:
            return (session.start_cell()[1],)
        action = session.hint_turn(session.puzzle.position).action
        return action.cells if action is not None else ()

    def _decorate_view(self, view: dict[str, Any]) -> dict[str, Any]:
        session = getattr(self, "session", None)
        return puzzle_view(session, self._tr, view) if session is not None else view

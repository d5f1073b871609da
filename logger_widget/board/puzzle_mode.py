"""The puzzle mode of the board: a task in words, one turn, right or wrong and why, hint, next, rating.

:class:`PuzzleSession` is the board's **Puzzle** mode (a
:class:`~logger_widget.board.modes.TeachingMode`: the task line, "Try again" and
"Next puzzle" in place of "Restart lesson" / "Next lesson", Undo and Redo off);
:class:`PuzzleBoard` is a :class:`~logger_widget.board.widget.Board` made with it.
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
  solution") shows the whole solution turn and marks its cells; "Next puzzle" is offered
  at once (the shown turn may still be played, it earns nothing).
* The pupil's Glicko rating (:func:`logger_widget.puzzles.update_rating`)
  changes after the first try at each puzzle and is shown in the task line.
  A hint never earns a point (docs/puzzles.md, "The pupil's rating"): a puzzle
  solved after the first hint leaves the rating as it was, a wrong turn after it
  counts as a miss, and showing the solution counts as a miss at once.

Python decides everything; :func:`puzzle_view` gives the puzzle's panels of the view
model (task, status, hint, the lesson buttons' labels), which ``board.js`` draws.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..bots.minimax import WIN
from ..engine.position import Position
from ..engine.turn import Turn
from ..i18n import PMessage, Translator
from ..i18n.texts import puzzles as texts
from ..i18n.texts import terms
from ..progress import Progress
from ..puzzles import PupilRating, Puzzle, facts, load_puzzles, refutation, turn_value, update_rating
from .modes import TeachingMode
from .progress_link import board_progress, not_saved_text
from .view import Notice, ViewModel, notation_in_text, player_in_sentence
from .widget import Board

__all__ = ["PuzzleBoard", "PuzzleSession", "best_solution", "explain_right", "explain_wrong", "puzzle_view"]


def _points(tr: Translator, value: float) -> str:
    return tr.format_decimal(round(value, 1), format="#,##0.#")


def explain_right(tr: Translator, puzzle: Puzzle, turn: Turn, margin: PMessage = texts.WHY["margin"]) -> str:
    """Why ``turn`` (a solution) is right, in ``tr``'s language: the facts of the turn, else ``margin``.

    ``margin`` says what the search proved when the turn has no fact to tell: by default that every other
    turn is clearly worse (a shipped puzzle's proof).
    """
    f = facts(puzzle.position, turn)
    parts = [tr.translate(texts.VERDICT["right"])]
    if f.kind == "chop":
        parts.append(tr.count(texts.WHY_COUNTS["felled"], f.felled))
    elif f.kind == "protest":
        parts.append(tr.translate(texts.WHY["protect"]))
    if f.threat_seat and f.threat_before > f.threat_after:
        player = player_in_sentence(tr, f.threat_seat)
        if f.threat_after == 0:  # no chop of 0 trees is named
            before = tr.count(terms.TREES, f.threat_before)
            parts.append(tr.format(texts.WHY["threat_gone"], player=player, before=before))
        else:
            parts.append(
                tr.format(
                    texts.WHY["threat"],
                    player=player,
                    before=tr.format_number(f.threat_before),
                    after=tr.format_number(f.threat_after),
                )
            )
    if puzzle.theme == "endgame_tiebreak":
        parts.append(tr.translate(texts.WHY["ends"]))
    elif puzzle.theme == "spawn_placement":
        parts.append(tr.translate(texts.WHY["spawn"]))
    if len(parts) == 1:  # no fact to tell: say what the search proved
        parts.append(tr.translate(margin))
    return " ".join(parts)


def best_solution(puzzle: Puzzle) -> Turn:
    """The solution the wrong-answer feedback compares with: the one felling the most trees (then notation order)."""
    turns = puzzle.solution_turns()
    return max(turns, key=lambda t: (facts(puzzle.position, t).felled, -turns.index(t)))


def explain_wrong(tr: Translator, puzzle: Puzzle, turn: Turn, reply: Turn | None, value: float) -> str:
    """Why ``turn`` is not a solution, in counts a pupil reads: trees, the chop left to the others, points.

    One sentence for the reply (played on the board), then what differs from the best turn:
    the trees each fells ("Trees felled: with yours, none; with the best turn, 3."), else the biggest chop
    another player is left, else the points after the reply; the search's values (``value``)
    are not told (they are kept in the puzzle panel of the view, :func:`puzzle_view`). A zero is said in
    words ("none", uk «жодного»), never as the digit.
    """

    def shown_count(n: int, what: str) -> str:
        return tr.format_number(n) if n else tr.translate(texts.WHY_NONE[what])

    def shown_points(n: int) -> str:  # with their noun: "2 points", "no points" (never "none … 2")
        return tr.count(terms.POINTS, n) if n else tr.translate(texts.WHY_NONE["points"])

    parts = [tr.translate(texts.VERDICT["wrong"])]
    position = puzzle.position
    after = position.play(turn)
    lost = value <= -WIN / 2
    if reply is None:  # the game is over: whether it is lost is told here (there is no reply)
        parts.append(tr.translate(texts.WHY["no_reply_lost" if lost else "no_reply"]))
    else:
        player = player_in_sentence(tr, after.to_move)
        replied = after.play(reply)
        felled = replied.scores[after.to_move - 1] - after.scores[after.to_move - 1]
        shown = notation_in_text(reply)
        if felled:
            parts.append(tr.count(texts.WHY_COUNTS["reply_felled"], felled, player=player, turn=shown))
        else:
            parts.append(tr.format(texts.WHY["reply"], player=player, turn=shown))
    one_opponent = len(position.scores) == 2  # "your opponent", not "the others"
    best = best_solution(puzzle)
    mine, theirs = facts(position, turn), facts(position, best)
    best_value = turn_value(position, best)
    if best_value >= WIN / 4:
        parts.append(tr.translate(texts.WHY["win"]))
    elif lost and reply is not None:
        parts.append(tr.translate(texts.WHY["loss"]))
    if mine.felled != theirs.felled:
        parts.append(
            tr.format(
                texts.WHY["felled_both"],
                mine=shown_count(mine.felled, "trees"),
                best=shown_count(theirs.felled, "trees"),
            )
        )
    elif mine.threat_after != theirs.threat_after:
        parts.append(
            tr.format(
                texts.WHY["threat_one" if one_opponent else "threat_both"],
                mine=shown_count(mine.threat_after, "trees"),
                best=shown_count(theirs.threat_after, "trees"),
            )
        )
    elif reply is not None and best_value < WIN / 4 and value > -WIN / 2:
        me = position.to_move
        replied = after.play(reply)
        others = max(p for s, p in enumerate(replied.scores, start=1) if s != me)
        parts.append(
            tr.format(
                texts.WHY["points_one" if one_opponent else "points_both"],
                mine=shown_points(replied.scores[me - 1]),
                theirs=shown_points(others),
            )
        )
    return " ".join(parts)


class PuzzleSession(TeachingMode):
    """The puzzles shown on one board, the pupil's rating, and the state of the current puzzle.

    The board's Puzzle mode (:class:`~logger_widget.board.modes.TeachingMode`).

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
        values: after a wrong turn, the search's numbers behind the words the pupil reads, for
            the teacher: ``{"played": v, "best": w}``, the acceptance values
            (:func:`logger_widget.puzzles.turn_value`, evaluation points) of the turn played
            (after the reply shown) and of the best solution; else ``None``.
        progress: where every rated first try is saved (the rating goes on from it), or ``None``.
    """

    name = "puzzle"

    def __init__(
        self,
        puzzles: Sequence[Puzzle],
        index: int = 0,
        rating: PupilRating | None = None,
        progress: Progress | None = None,
    ) -> None:
        if not puzzles:
            raise ValueError("a puzzle board needs at least one puzzle")
        if not 0 <= index < len(puzzles):
            raise ValueError(f"start must be 0 to {len(puzzles) - 1}, not {index!r}")
        self.puzzles = tuple(puzzles)
        self.index = index
        self.progress = progress
        self.rating = rating or (progress.rating() if progress is not None else PupilRating())
        self.result: str | None = None
        self.hints = 0
        self.revealed: tuple[float, float] | None = None
        self.values: dict[str, float] | None = None
        self.tried: set[str] = set()
        #: the turn being judged (notation), ``""`` when the solution is shown before any turn
        self.answer = ""
        self.history: list[tuple[str, bool, float, float]] = []

    @property
    def puzzle(self) -> Puzzle:
        """The current puzzle."""
        return self.puzzles[self.index]

    # -- the teaching mode
    @property
    def solved(self) -> bool:
        """The current puzzle has been answered (right or wrong): the board stops."""
        return self.result is not None

    @property
    def next(self) -> str | None:
        """The next puzzle's id, or ``None`` after the last one."""
        return self.puzzles[self.index + 1].id if self.index + 1 < len(self.puzzles) else None

    @property
    def next_offered(self) -> bool:
        """Whether "Next puzzle" is offered: once the puzzle is answered or its solution shown."""
        return self.next is not None and (self.result is not None or self.hints >= 2)

    @property
    def undo_allowed(self) -> bool:
        """A puzzle is one turn: no Undo, no Redo ("Try again" starts it again)."""
        return False

    def restart(self) -> None:
        """Put the current puzzle back on the board ("Try again")."""
        self.result, self.hints, self.revealed, self.values = None, 0, None, None
        host = self.host
        host.replace_game(host.to_game(self.puzzle.lpn))

    def go_next(self) -> None:
        """Show the next puzzle ("Next puzzle")."""
        if self.next is not None:
            self.index += 1
            self.restart()

    def task(self, tr: Translator) -> str:
        """The task line: header, source, task sentence and the pupil's rating."""
        puzzle = self.puzzle
        header = tr.format(
            texts.LABELS["header"],
            n=tr.format_number(self.index + 1),
            total=tr.format_number(len(self.puzzles)),
            theme=tr.translate(texts.THEME_NAMES[puzzle.theme]),
            rating=tr.format_number(round(puzzle.rating)),
        )
        task = tr.format(
            _of_theme(puzzle, texts.TASKS_ONE, texts.TASKS), player=player_in_sentence(tr, puzzle.seat)
        )
        rating = tr.format(
            texts.LABELS["rating"],
            rating=tr.format_number(round(self.rating.rating)),
            deviation=tr.format_number(round(self.rating.deviation)),
        )
        source = tr.translate(texts.LABELS["side_line" if puzzle.source.variation else "from_game"])
        return self._with_saving(tr, f"{header} · {source}. {task} {rating}")

    def _with_saving(self, tr: Translator, task: str) -> str:
        """The task line, and the sentence saying progress is not saved when it is not."""
        problem = not_saved_text(tr, self.progress)
        return task if problem is None else f"{task} {problem}"

    def status_text(self, tr: Translator) -> str | None:
        """The status once answered (``None`` while open): solved, not solved (a shown solution too), the last."""
        if self.result is None:
            return None
        if self.next is None:
            return tr.translate(texts.LABELS["status_last"])
        if self.result == "right" and self.hints >= 2:  # the solution shown, then played: no verdict
            return tr.translate(texts.LABELS["status_shown"])
        return tr.translate(texts.LABELS["status_right" if self.result == "right" else "status_wrong"])

    def refusal(self, action: str) -> Notice:
        """A click after the answer: the puzzle's own status, not the tutorial's."""
        return Notice("info", lambda tr: self.status_text(tr) or "")

    def handle(self, action: str, msg: dict[str, Any]) -> str | None:
        """The graded Hint button, and the teaching mode's intents."""
        if action == "hint":
            return self.give_hint()
        return super().handle(action, msg)

    def hint_cells(self) -> tuple[str, ...]:
        """The cells the puzzle's hint marks at every step of the turn.

        The first hint's start cell; after the second, the solution's action cells (a forced
        movement skips the step where the board marks a hint's whole turn).
        """
        if self.hints == 0 or self.result is not None:
            return ()
        if self.hints == 1:
            return (self.start_cell()[1],)
        action = self.hint_turn(self.puzzle.position).action
        return action.cells if action is not None else ()

    def panels(self, view: ViewModel, tr: Translator) -> dict[str, Any]:
        """The teaching mode's panels and the puzzle's (:func:`puzzle_view`)."""
        out = super().panels(view, tr)
        out.update(puzzle_view(self, tr, view))
        return out

    def after_change(self) -> None:
        """The pupil's turn was played: judge it."""
        self.judge()

    # -- hints
    @property
    def hinted(self) -> bool:
        """A hint was given for the current puzzle."""
        return self.hints > 0

    def hint_turn(self, position: Position) -> Turn:
        """The hint bot: the solution the hints name (the first in notation order)."""
        return self.puzzle.solution_turns()[0]

    def start_cell(self) -> tuple[str, str]:
        """The first hint's start: the tree, or where the logger goes or stays.

        ``("tree", cell)`` the solution chops or protests, else ``("logger", cell)``
        (``("logger_stays", cell)`` when the logger stays where it stands: never "goes to" its own cell).
        Only part of the answer: for a chop or a protest, where the logger stands and the rest
        of the turn are left to find; for any other turn, its spawns and action.
        """
        turn = self.hint_turn(self.puzzle.position)
        if turn.action is not None and turn.action.kind in ("chop", "protest"):
            return "tree", turn.action.cells[0]
        return ("logger_stays" if turn.destination == turn.origin else "logger"), turn.destination

    def give_hint(self) -> str:
        """The Hint button: the first press gives the idea, the second the solution (and the miss).

        Returns the intent's result: ``"ok"``, or ``"rejected"`` once the puzzle is answered.
        """
        if self.result is not None:
            return "rejected"
        if self.hints == 0:
            self.hints = 1
            return "ok"
        if self.hints == 1:
            self.hints = 2
            puzzle = self.puzzle
            if puzzle.id not in self.tried:  # seeing the solution on a first try is a miss (lichess)
                self.tried.add(puzzle.id)
                self.answer = ""
                self.revealed = self._rate(False)
        return self.host.start_hint()

    def _rate(self, solved: bool) -> tuple[float, float]:
        """Rate the pupil's first try at the current puzzle; ``(rating before, rating after)``."""
        puzzle, before = self.puzzle, self.rating
        self.rating = update_rating(before, puzzle.rating, puzzle.deviation, solved)
        self.history.append((puzzle.id, solved, before.rating, self.rating.rating))
        if self.progress is not None:
            self.progress.record_attempt(puzzle.id, solved, before, self.rating, turn=self.answer)
        return before.rating, self.rating.rating

    def _score(self, right: bool, first: bool) -> bool:
        """Score the pupil's answer; whether it counted (only a first try counts, a hint earns no point)."""
        counted = first and not (right and self.hints > 0)
        if counted:
            self._rate(right)
        return counted

    def verdict_tail(self, tr: Translator, right: bool, counted: bool, before: float, after: float) -> str:
        """What follows the reason of a first-try answer that counted: the rating change."""
        return tr.format(
            texts.VERDICT["rating"],
            before=tr.format_number(round(before)),
            after=tr.format_number(round(after)),
        )

    def proved(self) -> PMessage:
        """What the puzzle's search proved, said of a right answer with no fact of its own to tell."""
        return texts.WHY["margin"]

    def explanation(self, tr: Translator) -> str | None:
        """A sentence after the reasons, before the last one.

        ``None`` here; a personal puzzle tells the review's words about the turn in the game.
        """
        return None

    def judge(self) -> None:
        """After the pupil's turn: right or wrong, why, the consequence on the board, the rating."""
        puzzle = self.puzzle
        host = self.host
        game = host.game
        if self.result is not None or len(game.turns) != 1 or game.start.to_lpn() != puzzle.lpn:
            return
        turn = game.turns[0]
        self.answer = turn.notation()
        self.values = None
        right = puzzle.is_solution(turn)
        self.result = "right" if right else "wrong"
        first = puzzle.id not in self.tried
        self.tried.add(puzzle.id)
        before = self.rating
        # a hint never earns a point: right after the first hint leaves the rating, wrong is a miss
        counted = self._score(right, first)
        after = self.rating
        hinted, shown = first and right and self.hints > 0, self.revealed is not None

        if right:
            why = lambda tr: explain_right(tr, puzzle, turn, self.proved())  # noqa: E731
        else:
            reply, value = refutation(puzzle.position, turn)
            self.values = {"played": value, "best": turn_value(puzzle.position, best_solution(puzzle))}
            why = lambda tr: explain_wrong(tr, puzzle, turn, reply, value)  # noqa: E731
            if reply is not None:
                host.play_turn(reply)  # the consequence, drawn as the last turns

        def message(tr: Translator) -> str:
            # the reasons, a personal puzzle's review note, and last what the answer earned or when the
            # puzzle comes back
            more = self.explanation(tr)
            text = why(tr) if more is None else f"{why(tr)} {more}"
            if shown:
                return text + " " + tr.translate(texts.VERDICT["shown"])
            if hinted:
                return text + " " + tr.translate(texts.VERDICT["hinted"])
            if not counted:
                return text + " " + tr.translate(texts.VERDICT["again"])
            return text + " " + self.verdict_tail(tr, right, counted, before.rating, after.rating)

        # the solution shown, then played, is no success (the status says it did not count)
        with_solution = right and self.hints >= 2
        host.show(Notice("info" if with_solution else "success" if right else "error", message))


def puzzle_view(session: PuzzleSession, tr: Translator, view: ViewModel) -> dict[str, Any]:
    """The puzzle's panels of the board's view model: the task line, the status, the hint and the buttons' labels.

    ``view`` is the board's view model (see :func:`logger_widget.board.view.build_view`);
    returned: ``task`` (header, task sentence, the pupil's rating), ``hint``, ``lesson``
    labels ("Try again", "Next puzzle"), after the turn ``status`` and ``stage``, and a
    ``puzzle`` panel (id, theme, result, rating) for tests and notebooks.
    """
    puzzle = session.puzzle
    out: dict[str, Any] = {"task": session.task(tr), "hint": _hint_view(session, tr, view["hint"])}
    if view.get("lesson") is not None:
        out["lesson"] = {
            **view["lesson"],
            "restart": tr.translate(texts.LABELS["try_again"]),
            "next": tr.translate(texts.LABELS["next"]) if session.next_offered else None,
        }
    status = session.status_text(tr)
    if status is not None:
        out["status"] = {"kind": "solved", "text": status}
        out["stage"] = "solved"  # answered, whatever turn is set up next
    out["puzzle"] = {
        "id": puzzle.id,
        "theme": puzzle.theme,
        "result": session.result,
        "rating": round(session.rating.rating),
        "hints": session.hints,
        "side_line": bool(puzzle.source.variation),
        "values": session.values,
    }
    return out


def _of_theme(puzzle: Puzzle, one: Mapping[str, PMessage], every: Mapping[str, PMessage]) -> PMessage:
    """``puzzle``'s theme's message, from ``one`` in a 2-player puzzle when ``one`` has that theme.

    A 2-player puzzle names "your opponent", never "another player"; else the message is from ``every``.
    """
    return one[puzzle.theme] if puzzle.players == 2 and puzzle.theme in one else every[puzzle.theme]


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
            idea=tr.translate(_of_theme(session.puzzle, texts.HINT_IDEAS_ONE, texts.HINT_IDEAS)),
            start=tr.format(texts.HINT[kind], cell=cell),
        )
        return {**hint, "text": text, "label": tr.translate(texts.HINT["button"])}
    out = {**hint, "enabled": False}
    if hint.get("turn") is None:  # the solution is still being looked up
        return out
    # the pupil pressed "Solution": the turn shown is the solution, not a hint
    out["text"] = tr.format(texts.HINT["solution"], turn=hint["turn"])
    if session.revealed is not None:
        before, after = session.revealed
        out["text"] = tr.format(
            texts.HINT["counted"],
            hint=out["text"],
            before=tr.format_number(round(before)),
            after=tr.format_number(round(after)),
        )
    return out


class PuzzleBoard(Board):
    """A board that shows puzzles one after the other (see the module docstring).

    A :class:`~logger_widget.board.widget.Board` made with a :class:`PuzzleSession` as its mode
    (:attr:`session`); everything of a board (``view``, ``game``, ``play``, ``observe``…) is its own.

    Args:
        puzzles: the puzzles (default: the shipped set, :func:`~logger_widget.puzzles.load_puzzles`),
            or puzzle ids of the shipped set.
        start: index of the first puzzle shown.
        locale: ``"uk"``, ``"es"`` or ``"en"``.
        rating: the pupil's rating so far (default: the saved one, else 1500 ± 200).
        progress: where the rated tries are saved: ``True`` (default) the kernel's progress
            (:mod:`~logger_widget.board.progress_link`: in a notebook, the class game service on
            the hub or the file beside the notebooks), ``False`` none, or a
            :class:`~logger_widget.progress.Progress`.
        options: more keyword arguments for :class:`~logger_widget.board.widget.Board`
            (``players``, ``record``, ``hint_bot`` and ``mode`` are set by the puzzle board).

    Raises:
        ValueError: no puzzles, or ``start`` out of range.
        KeyError: an unknown puzzle id.
    """

    #: the puzzle mode: the puzzles, the current one's state, the pupil's rating and history
    session: PuzzleSession

    def __init__(
        self,
        puzzles: Sequence[Puzzle | str] | None = None,
        start: int = 0,
        locale: str = "uk",
        rating: PupilRating | None = None,
        progress: Any = True,
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
        self._show(PuzzleSession(chosen, start, rating, board_progress(progress)), locale, options)

    def _show(self, session: PuzzleSession, locale: str, options: dict[str, Any]) -> None:
        """Make the board with ``session`` as its mode (a puzzle is no game: no autosave)."""
        self.session = session
        options.setdefault("autosave", False)
        super().__init__(
            ["human"] * session.puzzle.players,
            locale=locale,
            record=session.puzzle.lpn,
            hint_bot=session.hint_turn,
            mode=session,
            **options,
        )

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on the board."""
        return self.session.puzzle

    @property
    def rating(self) -> PupilRating:
        """The pupil's rating."""
        return self.session.rating

    def __repr__(self) -> str:
        return f"<logger_widget.{type(self).__name__} {self.puzzle.id} {self.game!r}>"

"""Learn from your mistakes: the pupil's personal puzzles on the puzzle board.

:class:`MistakesBoard` shows the :class:`~logger_widget.progress.PersonalPuzzle` values of
the pupil's progress — positions of the pupil's own reviewed games where the turn played was
an inaccuracy, mistake or blunder and a search proves a better turn
(:mod:`logger_widget.progress.mistakes`) — due ones first. The board is the puzzle board
(:class:`~logger_widget.board.puzzle_mode.PuzzleSession`: one turn, right or wrong and why,
the graded hint), with three differences:

* the task says where the position comes from and what to find, by the puzzle's proof
  (:data:`logger_widget.progress.mistakes.PROOFS`): "Turn 12 of your game: you played
  a1-b2 xc2 here. Find a better turn!" (``"clear"``), "…Find a turn that is clearly better
  than yours!" (``"better"``), "…The review found a better turn: can you find it?" (``"review"``);
* the answer changes the puzzle's schedule (:mod:`logger_widget.progress.schedule`), not the
  puzzle rating (a position of one's own game has no difficulty measured by the bots), and
  the notice says when the puzzle comes back;
* after the answer, the coach's sentence about the turn in the game
  (:func:`~logger_widget.board.coach.review_sentence`).

Only the first answer of a session counts for the schedule, as for the rating.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..engine.position import Position
from ..i18n import PMessage, Translator
from ..i18n.texts import puzzles as texts
from ..i18n.texts.progress import AGAIN, PERSONAL
from ..i18n.texts.review import LABELS_LOWER
from ..progress import PersonalPuzzle, Progress, default_progress, grade_of
from ..progress.records import now
from ..puzzles import Puzzle, Source
from ..puzzles.rating import PUZZLE_DEVIATION, START
from ..review import TurnReview, turn_facts
from .coach import review_sentence
from .progress_link import board_progress
from .puzzle_mode import PuzzleBoard, PuzzleSession
from .view import notation_in_text

__all__ = [
    "MistakesBoard",
    "MistakesSession",
    "NoMistakes",
    "as_puzzle",
    "as_turn_review",
    "comes_back",
    "my_mistakes",
]


def as_puzzle(personal: PersonalPuzzle) -> Puzzle:
    """The personal puzzle as a :class:`~logger_widget.puzzles.Puzzle` for the puzzle board.

    Its difficulty is unmeasured (the scale's start, the largest deviation); its source is the
    pupil's game at the turn's ply.
    """
    position = Position.from_lpn(personal.lpn)
    seats = tuple("human" for _ in range(position.players))
    return Puzzle(
        id=personal.id,
        lpn=personal.lpn,
        seat=personal.seat,
        solutions=personal.solutions,
        theme=personal.theme,
        rating=START,
        deviation=PUZZLE_DEVIATION,
        source=Source(0, seats, personal.ply - 1),
        margin=personal.value - personal.bound,
        _position=position,
    )


def as_turn_review(personal: PersonalPuzzle) -> TurnReview:
    """The review of the turn the puzzle was made of, again (the engine's facts recomputed)."""
    position = Position.from_lpn(personal.lpn)
    played = position.parse_turn(personal.played)
    best = position.parse_turn(personal.best)
    played_facts = turn_facts(position, played)
    return TurnReview(
        ply=personal.ply,
        seat=personal.seat,
        position=position,
        played=played,
        best=best,
        played_value=personal.played_value,
        best_value=personal.best_value,
        loss=personal.loss,
        label=personal.label,
        forced=False,
        played_facts=played_facts,
        best_facts=turn_facts(position, best),
    )


def comes_back(tr: Translator, due: datetime, when: datetime) -> str:
    """The sentence "You will see this puzzle again in 2 days." for a puzzle due at ``due``, said at ``when``."""
    seconds = max(0.0, (due - when).total_seconds())
    if seconds < 3600:
        return tr.count(AGAIN["minutes"], max(1, round(seconds / 60)))
    if seconds < 86400:
        return tr.count(AGAIN["hours"], round(seconds / 3600))
    return tr.count(AGAIN["days"], round(seconds / 86400))


class MistakesSession(PuzzleSession):
    """The puzzle mode over personal puzzles (see the module docstring).

    Attributes:
        personal: the personal puzzles shown, in order (updated after each scheduled answer).
        scheduled: ``{puzzle id: (due before, due after)}`` of the answers scheduled on this board.
    """

    name = "puzzle"

    def __init__(self, personal: Sequence[PersonalPuzzle], progress: Progress, index: int = 0) -> None:
        super().__init__([as_puzzle(p) for p in personal], index, progress.rating(), progress)
        self.personal = list(personal)
        self.scheduled: dict[str, tuple[datetime, datetime]] = {}
        self._answered_at = now()

    @property
    def current(self) -> PersonalPuzzle:
        """The personal puzzle on the board."""
        return self.personal[self.index]

    def task(self, tr: Translator) -> str:
        """The task line: "Your own puzzle 1 of 3 · Domino chop · a mistake in your game. Turn 12 of your game: …"."""
        p = self.current
        header = tr.format(
            PERSONAL["header"],
            n=tr.format_number(self.index + 1),
            total=tr.format_number(len(self.personal)),
            theme=tr.translate(texts.THEME_NAMES[p.theme]),
            label=tr.translate(LABELS_LOWER[p.label]),
        )
        task = tr.format(
            PERSONAL[{"clear": "task", "better": "task_better", "review": "task_review"}[p.proof]],
            ply=tr.format_number(p.ply),
            turn=notation_in_text(Position.from_lpn(p.lpn).parse_turn(p.played)),
        )
        return self._with_saving(tr, f"{header}. {task}")

    def _rate(self, solved: bool) -> tuple[float, float]:
        """Schedule the first answer (the rating stays: see the module docstring)."""
        assert self.progress is not None
        p = self.current
        self._answered_at = now()
        updated = self.progress.answer(p.id, solved, self.hints, self._answered_at)
        self.personal[self.index] = updated
        self.scheduled[p.id] = (p.due, updated.due)
        solved_now = grade_of(solved, self.hints) != "failed"
        self.progress.record_attempt(p.id, solved_now, self.rating, self.rating, True, self.answer)
        return self.rating.rating, self.rating.rating

    def _score(self, right: bool, first: bool) -> bool:
        """Every first answer is scheduled, a hinted one too (FSRS's *Hard*)."""
        if first:
            self._rate(right)
        return first

    def verdict_tail(self, tr: Translator, right: bool, counted: bool, before: float, after: float) -> str:
        """When the puzzle comes back."""
        return comes_back(tr, self.current.due, self._answered_at)

    def proved(self) -> PMessage:
        """What the personal puzzle's proof says of a right answer with no fact of its own to tell.

        Every other turn clearly worse (``"clear"``), the answer clearly better than the turn played
        (``"better"``), or the review's better turn (``"review"``).
        """
        return texts.WHY[
            {"clear": "margin", "better": "margin_better", "review": "margin_review"}[self.current.proof]
        ]

    def explanation(self, tr: Translator) -> str:
        """The coach's sentence about the turn in the game (before the verdict's last sentence)."""
        return tr.format(PERSONAL["coach"], sentence=review_sentence(tr, as_turn_review(self.current)))


class MistakesBoard(PuzzleBoard):
    """A puzzle board of the pupil's personal puzzles ("learn from your mistakes"), due ones first.

    A :class:`~logger_widget.board.puzzle_mode.PuzzleBoard` made with a :class:`MistakesSession`
    as its mode (:attr:`session`).

    Args:
        locale: ``"uk"``, ``"es"`` or ``"en"``.
        progress: the pupil's progress (default: the kernel's,
            :func:`~logger_widget.progress.default_progress`, also outside a notebook), or a
            database URL.
        everything: also the puzzles not due yet (after the due ones, the soonest first).
        when: the time the due puzzles are chosen at (default now).
        options: more keyword arguments for :class:`~logger_widget.board.widget.Board`.

    Raises:
        LookupError: no personal puzzle to show (the message says how to get some).
    """

    #: the puzzle mode over the personal puzzles
    session: MistakesSession

    def __init__(
        self,
        locale: str = "uk",
        progress: Any = None,
        everything: bool = True,
        when: datetime | None = None,
        **options: Any,
    ) -> None:
        chosen = board_progress(progress) if progress is not None else default_progress()
        if chosen is None:
            raise TypeError("MistakesBoard needs the pupil's progress: progress=False shows nothing")
        due = chosen.due(when)
        rest = [p for p in chosen.personal() if p not in due] if everything else []
        puzzles = due + rest
        if not puzzles:
            raise LookupError(Translator(locale).translate(PERSONAL["none"]))
        self._show(MistakesSession(puzzles, chosen), locale, options)


class NoMistakes:
    """What :func:`my_mistakes` shows when the pupil has no personal puzzle yet: a sentence, in the pupil's language.

    Attributes:
        text: the sentence ("No puzzles from your games yet: play a game, then press “Review the game”.").
    """

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        return self.text


def my_mistakes(locale: str = "uk", progress: Any = True, **options: Any) -> MistakesBoard | NoMistakes:
    """The pupil's personal puzzles on a :class:`MistakesBoard`, or a sentence saying how to get some.

    For a notebook cell: ``progress=True`` is the kernel's progress where a board saves it
    (:mod:`~logger_widget.board.progress_link`: in a notebook with a front end), so an executed or
    graded notebook reads and writes no progress and shows the sentence.

    Args:
        locale: ``"uk"``, ``"es"`` or ``"en"``.
        progress: ``True``, a :class:`~logger_widget.progress.Progress` or a database URL.
        options: more keyword arguments for :class:`MistakesBoard`.
    """
    chosen = board_progress(progress)
    if chosen is None or not chosen.personal():
        return NoMistakes(Translator(locale).translate(PERSONAL["none"]))
    return MistakesBoard(locale=locale, progress=chosen, **options)

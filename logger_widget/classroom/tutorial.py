"""The interactive rules tutorial: lessons as data, tasks as checks on turns.

Each :class:`Lesson` teaches one rule: a short explanation (its own text plus
the matching sections of the full rules in :mod:`logger_widget.i18n.texts.rules`), a
prepared position (LPN), a task, and :meth:`Lesson.check` that judges a
pupil's turn and returns :class:`~logger_widget.classroom.feedback.Feedback` in the pupil's language. The
notebooks (``notebooks/tutorial_<lang>.ipynb``) only show lessons; everything
that can be tested lives here, so the three languages never drift apart.

Example::

    from logger_widget.classroom.tutorial import LESSONS, lesson
    chop = lesson("chop")
    chop.check("a1-c1 +b2,b3,b4 xc2").text(Translator("uk"))   # praise in Ukrainian
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..board.modes import TeachingMode
from ..board.progress_link import board_progress, not_saved_text
from ..board.view import Notice, move_path, turn_view
from ..board.widget import Board
from ..engine.decisions import TurnInProgress
from ..engine.errors import RULE_MESSAGES, LoggerError, NotationError
from ..engine.position import Position
from ..engine.turn import Turn
from ..i18n import NNP_, NP_, PMessage, Translator
from ..i18n.texts.lessons import KEYS as LESSON_KEYS
from ..i18n.texts.lessons import MORE_BELOW
from ..i18n.texts.lessons import TITLES as LESSON_TITLES
from ..i18n.texts.progress import LESSON_DONE
from .feedback import Feedback

__all__ = ["Feedback", "LESSONS", "Lesson", "LessonBoard", "lesson", "lesson_board"]


Check = Callable[[Position, Turn, Position], Feedback]

_ILLEGAL = NP_("tutorial:illegal", "That turn is not allowed here.")
_TRY_AGAIN = NP_("tutorial:try_again", "Try again!")
_MALFORMED = NP_("tutorial:malformed", "I could not read that turn. Try clicking on the board.")
# TRANSLATORS: {steps} is one or more sentences of the "tutorial:hint-step" context, naming what each
# marked cell is for (the lesson's task stands just above the board, so the hint does not repeat it).
_HINT = NP_("tutorial:hint", "Hint: {steps}")
# TRANSLATORS: {n} protesters, one on each of {cells} (a list of cells).
_HINT_PROTEST = NNP_(
    "tutorial:hint-step", "Then put a protester on {cells}.", "Then put protesters on {cells}."
)
# TRANSLATORS: the same, as the hint's first step (nothing is done before it).
_HINT_PROTEST_FIRST = NNP_("tutorial:hint-step", "Put a protester on {cells}.", "Put protesters on {cells}.")
# TRANSLATORS: the cells (as many as {n}) where the mature trees' new seedlings grow (the pupil
# clicks them).
_HINT_SPAWN = NNP_(
    "tutorial:hint-step", "The new seedling grows on {cells}.", "The new seedlings grow on {cells}."
)
#: What each marked cell of a lesson's hint is for (context ``tutorial:hint-step``).
_HINT_STEPS = {
    "walk": NP_("tutorial:hint-step", "Your logger goes to {cells}."),
    "stay": NP_("tutorial:hint-step", "Your logger stays on {cells}."),
    "plant": NP_("tutorial:hint-step", "Then plant on {cells}."),
    "chop": NP_("tutorial:hint-step", "Then chop the tree on {cells}."),
}
#: The action steps as the hint's first step, without "Then" (nothing is done before them).
_HINT_FIRST_STEPS = {
    "plant": NP_("tutorial:hint-step", "Plant on {cells}."),
    "chop": NP_("tutorial:hint-step", "Chop the tree on {cells}."),
}
# TRANSLATORS: the first line of a lesson's board, before the task: "Lesson 2 of 10 · Movement".
_HEADER = NP_("tutorial:header", "Lesson {n} of {total} · {title}")
_REPEATED = NNP_(
    "tutorial:repetition:count",
    "This position has now come up {n} time.",
    "This position has now come up {n} times.",
)


@dataclass(frozen=True)
class Lesson:
    """One lesson of the tutorial.

    Attributes:
        key: stable identifier (``"movement"``, ``"chop"`` …).
        title: the lesson's title.
        explanation: the lesson's own paragraphs.
        rules_sections: sections of :mod:`logger_widget.i18n.texts.rules` to show with it.
        lpn: the prepared position.
        task: what the pupil must do.
        judge: ``(before, turn, after) -> Feedback`` for a *legal* turn.
        solution: one turn (notation) that solves the task: the board's Hint marks its
            cells (see :attr:`hint_cells`), and the tests play it.
        mistake: one legal turn that does not — used by the tests.
        judged_after: the step after which a lesson board judges the turn in progress
            (``"move"`` or ``"spawn"``), for a lesson about that step; ``None``: the whole turn.
        plays: the turns a lesson board lets the players make before it judges the last
            one (1 for most lessons; the repetition lesson needs 4: both loggers stay twice
            and the start position stands on the board for the third time).
    """

    key: str
    title: PMessage
    explanation: tuple[PMessage, ...]
    rules_sections: tuple[str, ...]
    lpn: str
    task: PMessage
    judge: Check
    solution: str
    mistake: str
    judged_after: str | None = None
    plays: int = 1

    @property
    def position(self) -> Position:
        """The lesson's prepared position."""
        return Position.from_lpn(self.lpn)

    @property
    def hint_cells(self) -> tuple[str, ...]:
        """The cells the board's Hint marks: the part of :attr:`solution` the task is about.

        The logger's destination (unless it stays), then, unless the lesson is judged after
        the move, the seedlings spawned, and for a lesson judged on the whole turn the action's
        cells; in that order, without repeats. A turn that is only a stay marks the logger's cell.
        """
        turn = self.position.parse_turn(self.solution)
        cells = [turn.destination] if turn.destination != turn.origin else []
        if self.judged_after != "move":
            cells += turn.spawns
        if self.judged_after is None and turn.action is not None:
            cells += turn.action.cells
        return tuple(dict.fromkeys(cells)) or (turn.destination,)

    def hint_steps(self, tr: Translator) -> list[str]:
        """What the marked cells of :attr:`hint_cells` are for, one sentence per role, in their order."""
        turn = self.position.parse_turn(self.solution)
        marked = set(self.hint_cells)
        out = []
        if turn.destination in marked and turn.destination != turn.origin:
            out.append(tr.format(_HINT_STEPS["walk"], cells=turn.destination))
        spawns = [c for c in turn.spawns if c in marked]
        if spawns:
            out.append(tr.count(_HINT_SPAWN, len(spawns), cells=tr.format_list(spawns)))
        if turn.action is not None:
            cells = [c for c in turn.action.cells if c in marked]
            # "Then …" only after a step the hint has said.
            if cells and turn.action.kind == "protest":
                message = _HINT_PROTEST if out else _HINT_PROTEST_FIRST
                out.append(tr.count(message, len(cells), cells=tr.format_list(cells)))
            elif cells:
                steps = _HINT_STEPS if out else _HINT_FIRST_STEPS
                out.append(tr.format(steps[turn.action.kind], cells=tr.format_list(cells)))
        if not out:  # a stay
            out.append(tr.format(_HINT_STEPS["stay"], cells=turn.destination))
        return out

    def check(self, turn: Turn | str) -> Feedback:
        """Judge ``turn`` (a :class:`Turn` or notation) played in the lesson's position.

        Never raises for a pupil's mistake: malformed or illegal turns give a
        negative :class:`Feedback` that explains the rule.
        """
        before = self.position
        try:
            if isinstance(turn, str):
                turn = before.parse_turn(turn)
            after = before.play(turn)
        except (NotationError, TypeError):
            return Feedback(False, _MALFORMED)
        except LoggerError as e:
            rule = getattr(e, "rule", None)
            detail = (rule, dict(e.params)) if rule in RULE_MESSAGES else None  # type: ignore[attr-defined]
            return Feedback(False, _ILLEGAL, detail=detail)
        return self.judge(before, turn, after)


def _points(before: Position, after: Position) -> int:
    seat = before.to_move
    return after.scores[seat - 1] - before.scores[seat - 1]


# --------------------------------------------------------------------------- the lessons


def _judge_board(before: Position, turn: Turn, after: Position) -> Feedback:
    if turn.destination == "b2":
        return Feedback(
            True,
            NP_(
                "tutorial:board:ok",
                "Well done! Your logger moved one step up and one step right, "
                "and you planted a seedling next to it.",
            ),
        )
    return Feedback(
        False,
        NP_(
            "tutorial:board:wrong",
            "Your logger went to {cell}, so the board is set back to the start. "
            "Find the cell in column b, row 2.",
        ),
        {"cell": turn.destination},
    )


def _judge_movement(before: Position, turn: Turn, after: Position) -> Feedback:
    if turn.destination == "b2":
        return Feedback(
            True, NP_("tutorial:movement:ok", "Yes! Two steps, turning the corner around the sapling.")
        )
    return Feedback(
        False,
        NP_("tutorial:movement:wrong", "You stopped on {cell}. Go up to a2 first, then right to b2."),
        {"cell": turn.destination},
    )


def _judge_growth(before: Position, turn: Turn, after: Position) -> Feedback:
    if after.trees.get("c4") == "mature":
        return Feedback(
            True,
            NP_("tutorial:growth:ok", "The sapling on c4 is a mature tree now: {cell} is in its column."),
            {"cell": turn.destination},
        )
    return Feedback(
        False,
        NP_(
            "tutorial:growth:wrong",
            "From {cell}, the sapling on c4 did not grow. Stand in its column: from a1, c1 is two steps to the right.",
        ),
        {"cell": turn.destination},
    )


def _judge_spawning(before: Position, turn: Turn, after: Position) -> Feedback:
    if turn.destination == "b2" and "d2" in turn.spawns:
        return Feedback(
            True, NP_("tutorial:spawning:ok", "Right: the mature tree on c2 spawned a seedling on d2.")
        )
    if turn.destination != "b2":
        return Feedback(
            False,
            NP_("tutorial:spawning:move", "First move your logger to b2, in the same row as c2."),
        )
    return Feedback(
        False,
        NP_("tutorial:spawning:wrong", "The seedling went to {cells}. Choose d2 for it."),
        {"cells": ", ".join(turn.spawns) or "-"},
    )


def _plants_b2(turn: Turn) -> bool:
    return turn.action is not None and turn.action.kind == "plant" and turn.action.cells == ("b2",)


def _judge_plant(before: Position, turn: Turn, after: Position) -> Feedback:
    if _plants_b2(turn):
        return Feedback(True, NP_("tutorial:plant:ok", "A new seedling grows on b2."))
    # where the logger may stand to plant on b2, as the engine says (from a1: b1 and a2)
    spots = {t.destination for t in before.legal_turns() if _plants_b2(t)}
    if turn.destination in spots and turn.action is not None and turn.action.kind == "plant":
        # the logger stood next to b2: the slip was the cell planted on, not the move
        return Feedback(
            False,
            NP_(
                "tutorial:plant:wrong",
                "On {cell} your logger is next to b2: choose Plant, then b2, not {planted}.",
            ),
            {"cell": turn.destination, "planted": ", ".join(turn.action.cells)},
        )
    return Feedback(
        False,
        NP_("tutorial:plant:wrong", "Plant on b2: stand next to it first (on b1 or a2), then choose Plant."),
    )


def _judge_protest(before: Position, turn: Turn, after: Position) -> Feedback:
    if "d5" in after.protested:
        return Feedback(
            True,
            NP_(
                "tutorial:protest:ok",
                "The tree on d5 has a protester now: nobody can choose it for chopping.",
            ),
        )
    return Feedback(
        False,
        NP_(
            "tutorial:protest:wrong",
            "The tree on d5 has no protester yet. Choose Protest, then the tree on d5.",
        ),
    )


def _judge_chop(before: Position, turn: Turn, after: Position) -> Feedback:
    points = _points(before, after)
    if points == 3:
        return Feedback(True, NP_("tutorial:chop:ok", "Timber! Three trees fell like dominoes: 3 points."))
    if points == 0:  # a zero is said in words, never «Árboles derribados: 0»
        return Feedback(
            False,
            NP_(
                "tutorial:chop:wrong",
                "No tree fell. Stand at the end of the line of mature trees and chop the first one.",
            ),
        )
    return Feedback(
        False,
        NP_(
            "tutorial:chop:wrong",
            "Trees felled: {points}. Stand at the end of the line of mature trees and chop the first one.",
        ),
        {"points": points},
    )


def _judge_end(before: Position, turn: Turn, after: Position) -> Feedback:
    if after.end_triggered:
        return Feedback(
            True,
            NP_(
                "tutorial:end:ok",
                "10 points! The end is triggered: Player 2 plays once more to finish the round.",
            ),
        )
    return Feedback(
        False,
        NP_("tutorial:end:wrong", "Your points so far: {score}. Chop a mature tree to score."),
        {"score": after.scores[0]},
    )


def _judge_tiebreak(before: Position, turn: Turn, after: Position) -> Feedback:
    outcome = after.outcome()
    if outcome is not None and outcome.winners == (2,):
        return Feedback(
            True,
            NP_(
                "tutorial:tiebreak:ok",
                "10 to 10 — and you win the tie with more protesters in your supply!",
            ),
        )
    return Feedback(
        False,
        NP_(
            "tutorial:tiebreak:wrong",
            "Player 1 wins this way. Tie at 10 points and keep your protesters in your supply.",
        ),
    )


def _judge_repetition(before: Position, turn: Turn, after: Position) -> Feedback:
    # every turn here is the only one; the lesson board judges the fourth, which brings the
    # start position back for the third time (Lesson.plays)
    return Feedback(
        True,
        NP_(
            "tutorial:repetition:done",
            "The same position came up for the third time, so the game ended at once, "
            "with the points as they stand.",
        ),
    )


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        key="board",
        title=LESSON_TITLES["board"],
        explanation=(
            NP_(
                "tutorial:board:1",
                "The board has 5\u00a0×\u00a05 cells, named like a map: columns a to e, rows 1 to 5. "
                "Your logger stands on a1, the bottom-left corner.",
            ),
        ),
        rules_sections=("pieces", "setup"),
        lpn="....2/...../..s../...../1.... 1 0,0 2,2",
        task=NP_("tutorial:board:task", "Move your logger to b2, then plant a seedling anywhere next to it."),
        judge=_judge_board,
        solution="a1-b2 *b3",
        mistake="a1-a2 *a3",
    ),
    Lesson(
        key="movement",
        title=LESSON_TITLES["movement"],
        explanation=(
            NP_(
                "tutorial:movement:1",
                "Your logger walks 0, 1 or 2 steps, never diagonally, and only through free cells. "
                "A two-step walk may turn a corner.",
            ),
        ),
        rules_sections=("turn", "movement"),
        lpn="....2/...../..s../...../1a... 1 0,0 2,2",
        task=NP_("tutorial:movement:task", "A sapling blocks b1. Walk around it to b2."),
        judge=_judge_movement,
        judged_after="move",
        solution="a1-b2 xb1",
        mistake="a1-a3 *a4",
    ),
    Lesson(
        key="growth",
        title=LESSON_TITLES["growth"],
        explanation=(
            NP_(
                "tutorial:growth:1",
                "After you move, every tree in your row and in your column grows one stage: "
                "a seedling becomes a sapling, a sapling becomes a mature tree.",
            ),
        ),
        rules_sections=("growth",),
        lpn="....2/..a../...../...../1.... 1 0,0 2,2",
        task=NP_("tutorial:growth:task", "Move so that the sapling on c4 becomes a mature tree."),
        judge=_judge_growth,
        judged_after="move",
        solution="a1-c1 *d1",
        mistake="a1-b1 *c1",
    ),
    Lesson(
        key="spawning",
        title=LESSON_TITLES["spawning"],
        explanation=(
            NP_(
                "tutorial:spawning:1",
                "A mature tree in your row or column spawns a new seedling on a free cell next to it, "
                "if it was mature already before this turn. You choose where. When several trees want the same free cells, place the seedlings "
                "so that as many trees as possible get one.",
            ),
        ),
        rules_sections=("growth",),
        lpn="....2/...../...../..m../1.... 1 0,0 2,2",
        task=NP_(
            "tutorial:spawning:task",
            "Move to b2 and let the mature tree on c2 spawn its seedling on d2.",
        ),
        judge=_judge_spawning,
        judged_after="spawn",
        solution="a1-b2 +d2 xc2",
        mistake="a1-b2 +c1 xc2",
    ),
    Lesson(
        key="plant",
        title=LESSON_TITLES["plant"],
        explanation=(
            NP_(
                "tutorial:plant:1",
                "Your action: plant a seedling on a free cell next to your logger.",
            ),
        ),
        rules_sections=("action", "plant"),
        lpn="....2/...../..s../...../1.... 1 0,0 2,2",
        task=NP_("tutorial:plant:task", "Plant a seedling on b2."),
        judge=_judge_plant,
        solution="a1-b1 *b2",
        mistake="a1-a2 *a3",
    ),
    Lesson(
        key="protest",
        title=LESSON_TITLES["protest"],
        explanation=(
            NP_(
                "tutorial:protest:1",
                "Put protesters from your supply on mature trees anywhere on the board. "
                "A tree with a protester cannot be chosen for chopping, but the domino effect "
                "of another chopped tree still fells it.",
            ),
        ),
        rules_sections=("protest",),
        lpn="...m2/...../..s../...../1.... 1 0,0 2,2",
        task=NP_(
            "tutorial:protest:task",
            "Player 2 wants to chop the mature tree on d5. Protect it with a protester.",
        ),
        judge=_judge_protest,
        solution="a1 !d5",
        mistake="a1 *b1",
    ),
    Lesson(
        key="chop",
        title=LESSON_TITLES["chop"],
        explanation=(
            NP_(
                "tutorial:chop:1",
                "Chop a mature tree next to your logger. It falls away from you in a straight line "
                "and knocks down the mature trees behind it, one after another, until the chain "
                "reaches the edge of the board or a cell without a mature tree (an empty cell, "
                "a seedling, a sapling or a logger). You score one point per felled tree.",
            ),
        ),
        rules_sections=("chop",),
        lpn="....2/..m../..m../..m../1.... 1 0,0 2,2",
        task=NP_("tutorial:chop:task", "Chop so that three trees fall."),
        judge=_judge_chop,
        solution="a1-c1 +b2,b3,b4 xc2",
        mistake="a1-b2 +c1 xc2",
    ),
    Lesson(
        key="end",
        title=LESSON_TITLES["end"],
        explanation=(
            NP_(
                "tutorial:end:1",
                "When someone has 10 points at the end of a turn, the round is finished "
                "so that everybody has played the same number of turns. Then the game ends.",
            ),
        ),
        rules_sections=("end",),
        lpn="....2/...../...../...../1m... 1 9,5 2,2",
        task=NP_("tutorial:end:task", "You have 9 points. Score one more to trigger the end of the game."),
        judge=_judge_end,
        solution="a1 +c1 xb1",
        mistake="a1 +c1 *a2",
    ),
    Lesson(
        key="tiebreak",
        title=LESSON_TITLES["tiebreak"],
        explanation=(
            NP_(
                "tutorial:tiebreak:1",
                "Most points wins. On a tie, the player with more protesters in their supply wins; "
                "if that is a tie too, they share the win.",
            ),
        ),
        rules_sections=("winner",),
        lpn="....2/....m/...../p.p../1.... 2 10,9 0,2",
        task=NP_(
            "tutorial:tiebreak:task",
            "You are Player 2 and this is the last turn. Win the game!",
        ),
        judge=_judge_tiebreak,
        solution="e5 +d4 xe4",
        mistake="e5 +d4 !e4",
    ),
    Lesson(
        key="repetition",
        title=LESSON_TITLES["repetition"],
        explanation=(
            NP_(
                "tutorial:repetition:1",
                "Sometimes both loggers are walled in and no action is possible: every turn changes "
                "nothing. This project ends the game when the same position appears for the third time.",
            ),
        ),
        rules_sections=("decisions",),
        lpn="mmmp2/m.mmp/mm.mm/p.mmm/1pmmm 1 0,0 0,0",
        task=NP_(
            "tutorial:repetition:turns",
            "Neither logger can move and no action is possible. Play the only turn of each player, "
            "again and again, until the same position comes up for the third time.",
        ),
        judge=_judge_repetition,
        plays=4,
        solution="a1",
        mistake="a1 *b2",  # illegal: shows the rule explanation instead of praise
    ),
)

if tuple(x.key for x in LESSONS) != LESSON_KEYS:  # the service accepts exactly these keys
    raise RuntimeError("the tutorial's lessons are not logger_widget.i18n.texts.lessons.KEYS, in that order")

_BY_KEY = {les.key: les for les in LESSONS}


def lesson(key: str) -> Lesson:
    """The lesson called ``key``. Raises KeyError naming the known keys."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise KeyError(f"no lesson {key!r}; lessons are {', '.join(_BY_KEY)}") from None


class LessonBoard(Board):
    """A live board for one lesson, with feedback in the pupil's language.

    A :class:`~logger_widget.board.widget.Board` made with a :class:`LessonMode` as its mode
    (:attr:`mode`). Every seat is played by a person. The task stays above the status; the first
    turn played (or, for a lesson about one step, that step) is judged with the lesson's
    judge: a success is praised, the board stops, shows the result and says the lesson
    is solved (with "Next lesson" when one follows; Undo and Redo are off); a mistake is
    explained and taken back so the pupil can try again. The board offers "Restart lesson"
    instead of "New game". A lesson solved is saved in the pupil's progress, and a lesson
    finished before (another day, another notebook) says so after its task.

    Args:
        key: a lesson key (``"chop"``) or a :class:`Lesson`.
        locale: ``"uk"``, ``"es"`` or ``"en"`` (negotiated like the board's).
        progress: where finished lessons are saved: ``True`` (default) the kernel's progress
            (:mod:`logger_widget.board.progress_link`), ``False`` none, or a
            :class:`~logger_widget.progress.Progress`.
        options: more keyword arguments for :class:`~logger_widget.board.widget.Board`.

    Raises:
        KeyError: no lesson with that key.
    """

    #: the lesson mode: the lesson shown (it changes with "Next lesson"), solved or not
    mode: LessonMode

    def __init__(self, key: str | Lesson, locale: str = "uk", progress: Any = True, **options: Any) -> None:
        les = key if isinstance(key, Lesson) else lesson(key)
        self.mode = LessonMode(les, board_progress(progress))
        super().__init__(
            ["human"] * les.position.players, locale=locale, record=les.lpn, mode=self.mode, **options
        )

    def __repr__(self) -> str:
        return f"<logger_widget.LessonBoard {self.mode.lesson.key} {self.game!r}>"


#: The name the notebooks copied before :class:`LessonBoard` call (``lesson_board("chop", "uk")``):
#: the same class.
lesson_board = LessonBoard


class LessonMode(TeachingMode):
    """The lesson on a board (a :class:`~logger_widget.board.modes.TeachingMode`).

    Judges the first turn (or the lesson's step), restarts, goes on to the next lesson.
    Its Hint comes from the lesson, never from a bot: it marks :attr:`Lesson.hint_cells`
    and repeats the task, until the lesson is solved or restarted.

    Attributes:
        lesson: the lesson shown.
        solved: its task is done.
        shown_step: the step that solved a lesson about one step, drawn while the board stops.
        progress: where solved lessons are saved and read back, or ``None``.
    """

    name = "lesson"

    def __init__(self, les: Lesson, progress: Any = None) -> None:
        self.lesson = les
        #: the lesson the board was opened with: the one the notebook's text above it explains
        self.first = les
        self.progress = progress
        self._solved = False
        self._hinted = False
        self.shown_step: TurnInProgress | None = None
        #: the move praised by a lesson judged after its move (drawn as the last turn's arrow)
        self._walked: Turn | None = None

    @property
    def solved(self) -> bool:
        """The lesson's task is done."""
        return self._solved

    @property
    def next(self) -> str | None:
        """The key of the next lesson, or ``None`` after the last one."""
        keys = [les.key for les in LESSONS]
        i = keys.index(self.lesson.key) if self.lesson.key in keys else len(keys)
        return keys[i + 1] if i + 1 < len(keys) else None

    @property
    def next_offered(self) -> bool:
        """Whether "Next lesson" is offered: once solved, when one follows."""
        return self._solved and self.next is not None

    @property
    def done_before(self) -> bool:
        """The pupil's progress says this lesson was finished before (another time, or another board)."""
        return (
            not self._solved and self.progress is not None and self.lesson.key in self.progress.lessons_done()
        )

    def header(self, tr: Translator) -> str:
        """Which lesson this is: "Lesson 2 of 10 · Movement" (a lesson made outside the tutorial: its title)."""
        les = self.lesson
        keys = [other.key for other in LESSONS]
        if les.key not in keys:
            return tr.translate(les.title)
        return tr.format(
            _HEADER,
            n=tr.format_number(keys.index(les.key) + 1),
            total=tr.format_number(len(keys)),
            title=tr.translate(les.title),
        )

    def task(self, tr: Translator) -> str:
        """The board's task line: which lesson this is ("Lesson 2 of 10 · Movement"), its task, and more.

        Then whether the lesson was finished before, and whether progress is not saved.
        """
        parts = [f"{self.header(tr)}. {tr.translate(self.lesson.task)}"]
        if self.done_before:
            parts.append(tr.translate(LESSON_DONE))
        problem = not_saved_text(tr, self.progress)
        if problem is not None:
            parts.append(problem)
        return " ".join(parts)

    def restart(self) -> None:
        """The lesson's position again (the task stays)."""
        self._solved, self._hinted, self.shown_step, self._walked = False, False, None, None
        host = self.host
        host.replace_game(host.to_game(self.lesson.lpn))

    def go_next(self) -> None:
        """Show the next lesson."""
        if self.next is not None:
            self.lesson = lesson(self.next)
            self.restart()

    def adjust(self, state: Any) -> None:
        """The teaching mode's state, and the step that solved the lesson."""
        super().adjust(state)
        state.shown_step = self.shown_step

    def handle(self, action: str, msg: dict[str, Any]) -> str | None:
        """``hint``: the lesson's own hint (no bot search); the teaching mode's intents."""
        if action == "hint":
            if self._solved:
                return "rejected"
            self._hinted = True
            return "ok"
        return super().handle(action, msg)

    def hint_cells(self) -> tuple[str, ...]:
        """The lesson's hint cells once Hint was pressed, until the lesson is solved."""
        return self.lesson.hint_cells if self._hinted and not self._solved else ()

    def hint_text(self, tr: Translator) -> str:
        """The hint's sentences: what each marked cell is for (walk, spawn, action), not the task again."""
        return tr.format(_HINT, steps=" ".join(self.lesson.hint_steps(tr)))

    def panels(self, view: Any, tr: Translator) -> dict[str, Any]:
        """The teaching mode's panels and the lesson's Hint (offered until pressed, its text until solved)."""
        out = super().panels(view, tr)
        if view.get("lesson") is not None:
            # gone on with "Next lesson": the notebook's text above explains the first lesson, so the
            # board shows this one's explanation above its task
            intro = None
            if self.lesson.key != self.first.key:
                intro = {
                    "title": self.header(tr),
                    "text": " ".join(tr.translate(p) for p in self.lesson.explanation),
                    "more": tr.translate(MORE_BELOW),
                }
            out["lesson"] = {**view["lesson"], "intro": intro}
        shown = self._hinted and not self._solved
        out["hint"] = {
            **view["hint"],
            "enabled": not self._solved and not self._hinted,
            "text": self.hint_text(tr) if shown else None,
        }
        walked = self._walked if self._solved else None
        if (
            walked is not None
            and view.get("last") is None
            and len(move_path(self.lesson.position, walked)) > 1
        ):
            out["last"] = turn_view(
                tr, self.lesson.position, walked, finished=False
            )  # the praised walk's arrow
        return out

    def _praise(self, feedback: Feedback) -> None:
        self._solved = True
        if self.progress is not None:
            self.progress.finish_lesson(self.lesson.key)
        self.host.show(Notice("success", feedback.text))

    def _try_again(self, feedback: Feedback) -> None:
        self.host.show(Notice("error", lambda tr: feedback.text(tr) + " " + tr.translate(_TRY_AGAIN)))

    def on_step(self, tip: TurnInProgress) -> None:
        """Judge a lesson about one step as soon as that step is done (not after the action)."""
        les = self.lesson
        after_step = {"move": ("move",), "spawn": ("move", "spawn")}.get(les.judged_after or "")
        if self._solved or after_step is None or tip.stage in after_step:
            return
        game = self.host.game
        if game.turns or game.start.to_lpn() != les.lpn:
            return
        board = tip.board()
        turn = Turn(tip.origin, board.loggers[tip.seat - 1], tip.spawned, None)
        feedback = les.judge(les.position, turn, board)
        if feedback.ok:
            self.shown_step = tip
            self._walked = turn
            self._praise(feedback)
        else:
            self.host.restart_turn()
            self._try_again(feedback)

    def after_change(self) -> None:
        """Judge the first turn played in the lesson's own position (not after loading another one)."""
        les = self.lesson
        game = self.host.game
        played = len(game.turns)
        if self._solved or not 1 <= played <= les.plays or game.start.to_lpn() != les.lpn:
            return
        if played < les.plays:  # a lesson of several turns: say how often the position came up
            seen = game.repetitions()
            if seen > 1:
                self.host.show(Notice("info", lambda tr: tr.count(_REPEATED, seen)))
            return
        if les.plays == 1:
            feedback = les.check(game.turns[0])
        else:
            feedback = les.judge(game.positions[-2], game.turns[-1], game.position)
        if feedback.ok:
            self._praise(feedback)
        else:
            self.host.take_back(discard_redo=True)  # the mistake is not offered again by Redo
            self._try_again(feedback)

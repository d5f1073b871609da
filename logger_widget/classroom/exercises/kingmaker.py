"""Exercise 5, three players: the kingmaker, paranoid search against max^n.

:data:`KINGMAKER` is a last-round position where the player to move cannot
win but decides who does; :func:`outcomes_by_turn` and :func:`outcomes_table`
list every result, :func:`check_kingmaker` judges the multiple-choice answer. A pupil's
variant of the question (:mod:`logger_widget.classroom.variants`) adds points to every
player's score (:func:`with_points`: the same game, other numbers) and shows the four
statements under other letters (:func:`order_options`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ...bots.minimax import WIN
from ...engine.position import Position
from ...engine.turn import Turn
from ...i18n import NP_, Translator, negotiate, sentence_start
from ..feedback import (
    ExerciseFeedback,
    Players,
    feedback,
    formative_unless_judged,
    is_empty,
    note,
    points,
    text,
)
from .common import EMPTY, Ask, Code, Exercise, Md, Section, Table, markdown_table

_COL_RESULT = NP_("exercise:table", "after the last turn")
_TABLE_WIN = NP_("exercise:table", "{players} wins")
_TABLE_SHARED = NP_("exercise:table", "{players} share the win")
_COL_TURNS = NP_("exercise:table", "turns of the player to move")
_COL_EXAMPLE = NP_("exercise:table", "for example")
_KM_FORMAT = NP_("exercise:kingmaker:format", 'Answer with one letter: `"A"`, `"B"`, `"C"` or `"D"`.')
_KM_OK = NP_(
    "exercise:kingmaker:ok",
    "Right: Player 2 cannot win any more, yet its turn decides who wins. Player 2 is a kingmaker.",
)
_KM_WRONG = {
    # TRANSLATORS: {points}, {chop} and {leader} are points with their noun ("3 points").
    "A": NP_(
        "exercise:kingmaker:A",
        "Player 2 has {points}: even the longest chop on the board gives at most {chop} more, "
        "and Player 1 already has {leader}.",
    ),
    "B": NP_("exercise:kingmaker:B", "Look again at the possible results of Player 2's turns."),
    "C": NP_(
        "exercise:kingmaker:C",
        "Not whatever Player 2 does: if Player 2 leaves the trees on e2, e3 and e4 alone, "
        "Player 3 chops all three and overtakes Player 1.",
    ),
    "D": NP_(
        "exercise:kingmaker:D",
        "Not whatever Player 2 does: Player 2 can put its protester on e4, or chop the line "
        "e2–e4 itself, and then Player 3 has nothing to chop.",
    ),
}


@dataclass(frozen=True)
class Kingmaker:
    """A 3-player position in the last round where the seat to move cannot win.

    Attributes:
        lpn: the position (Player 2 to move, Player 3 plays the last turn).

    Neither the possible results nor the right option of the question are stored (a pupil
    could print them): the checker works them out by full search (:func:`outcomes_by_turn`).
    """

    lpn: str

    @property
    def position(self) -> Position:
        """The position."""
        return Position.from_lpn(self.lpn)


#: Player 1 has 10 points (last round). Player 3 can chop e4, e3, e2 for 11 points unless
#: Player 2 protests e4 or chops the line itself; Player 2 cannot reach 10 points.
KINGMAKER = Kingmaker(
    "...s3/....m/..s.m/....m/1...2 2 10,4,8 1,1,1",
)


#: The statements of the question in the order the formative notebooks show them (A–D).
OPTIONS = "ABCD"
#: A statement's mark in the question's text, ``**A.**`` (any one letter: a translation's own).
_OPTION_MARK = re.compile(r"\*\*(\w)\.\*\* ")


def with_points(lpn: str, added: int) -> str:
    """Position ``lpn`` with ``added`` points (0 or more) more for every player: the same game.

    Who wins after which turns depends only on the differences of the scores (the last
    round is already on), so every outcome and the right statement stay those of ``lpn``.

    Raises:
        ValueError: ``added`` is negative; :class:`~logger_widget.engine.errors.NotationError`
            for a malformed ``lpn``.
    """
    if added < 0:
        raise ValueError(f"added points must be 0 or more, not {added!r}")
    board, mover, scores, rest = Position.from_lpn(lpn).to_lpn().split(" ", 3)
    more = ",".join(str(int(n) + added) for n in scores.split(","))
    return " ".join((board, mover, more, rest))


def _options(options: str) -> str:
    """``options`` checked: an order of the four statements A–D (``"ABCD"``: the usual one)."""
    if not isinstance(options, str) or sorted(options) != list(OPTIONS):
        raise ValueError(f"options must be an order of the letters A, B, C and D, not {options!r}")
    return options


def order_options(question: str, options: str = OPTIONS) -> str:
    """The question's text (translated) with letter ``i`` showing statement ``options[i]``.

    ``question`` has its four statements marked ``**A.**`` … ``**D.**`` (in this order) and
    ends with the line of code after the last one; each statement moves with its sentence.

    Raises:
        ValueError: ``options`` is not an order of A–D, or ``question`` has not four marked statements.
    """
    options = _options(options)
    marks = list(_OPTION_MARK.finditer(question))
    code = question.find("`", marks[-1].end()) if marks else -1
    if len(marks) != 4 or code < 0:
        raise ValueError(f"the question has not four statements **A.** to **D.** then code: {question!r}")
    ends = [m.start() for m in marks[1:]] + [code]
    statements = [question[m.end() : end] for m, end in zip(marks, ends)]
    shown = "".join(
        f"{m.group(0)}{statements[OPTIONS.index(statement)]}" for m, statement in zip(marks, options)
    )
    return question[: marks[0].start()] + shown + question[code:]


def outcomes_by_turn(position: Position) -> list[tuple[Turn, frozenset[tuple[int, ...]]]]:
    """For every distinct turn of the mover: the possible winners after the last turn of the game.

    The next seat plays the last turn and picks any turn that is best for
    itself (most tournament points); every set of winners it may so produce
    is listed (one set when it has a single best result).

    Raises:
        ValueError: the game does not end right after the next seat's turn.
    """
    seen: set[Position] = set()
    out = []
    for turn in position.legal_turns():
        after = position.play(turn)
        if after in seen:
            continue
        seen.add(after)
        if after.is_terminal:
            outcome = after.outcome()
            assert outcome is not None
            out.append((turn, frozenset({outcome.winners})))
            continue
        last = after.to_move
        best = -1.0
        winners: set[tuple[int, ...]] = set()
        for final in after.successors():
            outcome = final.outcome()
            if outcome is None:
                raise ValueError(f"the game does not end after the next turn in {position.to_lpn()!r}")
            points = outcome.points(last)
            if points > best:
                best, winners = points, {outcome.winners}
            elif points == best:
                winners.add(outcome.winners)
        out.append((turn, frozenset(winners)))
    return out


def outcomes_table(position: Position, locale: str | None = None) -> Table:
    """:func:`outcomes_by_turn` summed up: who can win, after how many of the mover's turns, an example."""
    tr = Translator(negotiate(locale))
    counts: Counter[frozenset[tuple[int, ...]]] = Counter()
    example: dict[frozenset[tuple[int, ...]], Turn] = {}
    for turn, winners in outcomes_by_turn(position):
        counts[winners] += 1
        example.setdefault(winners, turn)

    def who(winners: frozenset[tuple[int, ...]]) -> str:
        parts = []
        for w in sorted(winners):
            message = _TABLE_SHARED if len(w) > 1 else _TABLE_WIN
            sentence = text(message, tr, players=Players(w))
            parts.append(sentence_start(sentence))
        return " / ".join(parts)

    header = [tr.translate(_COL_RESULT), tr.translate(_COL_TURNS), tr.translate(_COL_EXAMPLE)]
    rows = [
        [who(w), tr.format_number(counts[w]), f"`{example[w].notation()}`"]
        for w in sorted(counts, key=lambda w: (-counts[w], sorted(w)))
    ]
    return Table(markdown_table(header, rows))


def _kingmaker_option(position: Position) -> str:
    """The right option (A–D) of the kingmaker question, computed by full search."""
    mover = position.to_move
    possible = set().union(*(w for _, w in outcomes_by_turn(position)))
    if any(mover in w for w in possible):
        return "A"
    if possible == {(1,)}:
        return "C"
    if possible == {(3,)}:
        return "D"
    return "B"


#: Letters a Cyrillic keyboard types for the options (look-alikes А, В, С; Д for D).
_CYRILLIC = str.maketrans({"А": "A", "В": "B", "С": "C", "Д": "D", "а": "A", "в": "B", "с": "C", "д": "D"})


#: Brackets, punctuation and quotes a pupil may write around the letter: "(B)", "B.", "`B`".
_AROUND = "()[]{}.:*\"'` "


def read_letter(answer: Any) -> str | None:
    """The option meant by ``answer``: ``"B"``, ``"b"``, ``"(B)"``, ``"B."``, ``"B)"``, Cyrillic ``"В"`` → ``"B"``.

    ``None`` for anything else (not text, no letter A–D, or more than one letter).
    """
    if not isinstance(answer, str):
        return None
    letter = answer.translate(_CYRILLIC).strip().strip(_AROUND).upper()
    return letter if letter in ("A", "B", "C", "D") else None


@formative_unless_judged("kingmaker")
def check_kingmaker(
    answer: Any, *, locale: str | None = None, position: Position | None = None, options: str = OPTIONS
) -> ExerciseFeedback:
    """Check the letter (A, B, C or D) chosen for ``position`` (default :data:`KINGMAKER`).

    ``options``: the statement each letter shows (:func:`order_options`; a pupil's variant).

    Raises:
        ValueError: ``options`` is not an order of A–D.
    """
    options = _options(options)
    if is_empty(answer):
        return feedback("hint", EMPTY, locale, notes=[note(_KM_FORMAT)])
    letter = read_letter(answer)
    if letter is None:
        return feedback("hint", _KM_FORMAT, locale)
    board = position if position is not None else KINGMAKER.position
    statement = options[OPTIONS.index(letter)]
    if statement == _kingmaker_option(board):
        return feedback("ok", _KM_OK, locale)
    numbers = _mover_numbers(board) if statement == "A" else None
    return feedback("wrong", _KM_WRONG[statement], locale, numbers)


def score_params(position: Position | None = None) -> dict[str, Any]:
    """The scores of ``position`` (default :data:`KINGMAKER`): the placeholders of the question's texts.

    By seat as ``p1``, ``p2``, ``p3``, and the leader's as ``leader``.
    """
    numbers = (position if position is not None else KINGMAKER.position).scores
    return {**{f"p{seat}": points(n) for seat, n in enumerate(numbers, 1)}, "leader": points(max(numbers))}


def _mover_numbers(position: Position) -> dict[str, Any]:
    """The mover's points, the most its best turn can add (a full search), and the leader's points."""
    seat = position.to_move - 1
    before = position.scores[seat]
    gain = max(after.scores[seat] for after in position.successors()) - before
    return {"points": points(before), "chop": points(gain), "leader": points(max(position.scores))}


KINGMAKER_QUESTION = Exercise(
    key="kingmaker",
    question=NP_(
        "exercise:kingmaker:question",
        "What is true about Player 2 here? "
        "**A.** Player 2 can still win with the right turn. "
        "**B.** Player 2 cannot win, but its turn decides who wins. "
        "**C.** Player 1 wins whatever Player 2 does. "
        "**D.** Player 3 wins whatever Player 2 does. "
        '`answer = "A"`, `"B"`, `"C"` or `"D"`.',
    ),
    checker=check_kingmaker,
    check_call="ex.check_kingmaker(answer, locale=LANGUAGE)",
    student_code="# $your_answer\nanswer = ...",
    solution_code="""\
answer = "B"
ex.outcomes_table(kingmaker, locale=LANGUAGE)""",
    solution=(
        NP_(
            "exercise:kingmaker:solution",
            "The table goes through every turn of Player 2 and Player 3's best reply. Player 2 "
            "never wins. If it protests e4, or chops e2 from e1 (the domino effect fells e2, e3 and "
            "e4), Player 1 wins; if it chops only e2 from d2, Player 3 ties Player 1 at {leader} "
            "with as many protesters and they share the win; after any other turn Player 3 chops "
            'three trees and wins. So the answer is B: `answer = "B"`.',
        ),
        NP_(
            "exercise:kingmaker:solution",
            "For Player 2 every turn is worth the same: a loss. Paranoid search sees {loss} "
            "everywhere; for max^n every turn is worth 0 (the small MCTS values only reflect the "
            "difference in points). So the bots choose by their tie-break rules, not by strategy: "
            "whoever wins, wins by Player 2's whim.",
        ),
    ),
    params=lambda: {**score_params(), "loss": -int(WIN)},
)

SECTION = Section(
    "kingmaker",
    NP_("exercise:kingmaker:title", "Three players: the kingmaker"),
    (
        Md(
            (
                NP_(
                    "exercise:kingmaker:intro:1",
                    "With three or four players a new problem appears. Here Player 1 has {p1}, "
                    "so this is the last round: Player 2 plays, then Player 3, then the game ends. "
                    "Player 2 has {p2}, Player 3 has {p3}.",
                ),
            ),
            params=lambda: score_params(),
        ),
        Code(
            "kingmaker = ex.KINGMAKER.position\n"
            'Board(["human", "human", "human"], locale=LANGUAGE, record=kingmaker, hint_bot=None)'
        ),
        Md(
            (
                NP_(
                    "exercise:kingmaker:intro:2",
                    "A search bot must assume something about the other players. **Paranoid** search "
                    "(our `MinimaxBot` with three players) assumes that all the others play against "
                    "it. **Max^n** (our `MCTSBot`) assumes that every player makes their own result "
                    "as good as possible. Here is what both think Player 2 should do:",
                ),
            ),
            course=(),
        ),
        Code("ex.analysis_table(MinimaxBot(depth=2).analyse(kingmaker), locale=LANGUAGE, limit=5)"),
        Code(
            "ex.analysis_table(MCTSBot(iterations=300, seed=1).analyse(kingmaker), locale=LANGUAGE, limit=5)"
        ),
        Ask("kingmaker"),
        Md(
            (
                NP_(
                    "exercise:kingmaker:discuss",
                    "**To discuss.** Is it fair that a player who cannot win decides who wins? "
                    'What would you do as Player 2? Some players follow a rule such as "help the '
                    'one who is behind" or "score as many points as you can". Which rule would you '
                    "give a bot?",
                ),
            )
        ),
    ),
)

"""Exercise 2, backward induction: the exact value of a prepared end-game and the best turn.

:func:`exact_value` and :func:`best_turns` search every continuation
(max^n, minimax with two players); :data:`BACKWARD_INDUCTION` is the position
of the exercise, judged by :func:`check_game_value` and :func:`check_best_turn`.
"""

from __future__ import annotations

from collections.abc import Mapping
from numbers import Real
from typing import Any

from ...bots.minimax import WIN
from ...engine.position import Position
from ...engine.turn import Turn
from ...i18n import NP_
from ..feedback import (
    ExerciseFeedback,
    Message,
    Players,
    feedback,
    formative_unless_judged,
    is_empty,
    note,
    points,
    protesters,
)
from .common import EMPTY, Ask, Code, Endgame, Exercise, Md, Section, close, played_turn

_GV_FORMAT = NP_(
    "exercise:game_value:format",
    "The value for Player 1 is `1` (Player 1 wins), `0.5` (a shared win) or `0` (Player 2 wins).",
)
_GV_OK = NP_(
    "exercise:game_value:ok",
    "Right: with best play Player 1 wins, whatever Player 2 does in the last turn. "
    "Now find a turn that does it.",
)
_GV_OK_SHARED = NP_(
    "exercise:game_value:ok:shared",
    "Right: with best play the players share the win. Player 1 has a turn after which Player 2 "
    "cannot win, but none after which Player 2 cannot draw level.",
)
_GV_OK_LOSS = NP_(
    "exercise:game_value:ok:loss",
    "Right: with best play Player 2 wins. Whatever Player 1 chops, Player 2 has a last turn that wins.",
)
_GV_LOW = NP_(
    "exercise:game_value:low",
    "Player 1 can do better. Look at each of Player 1's turns and then at Player 2's best reply: "
    "is there a turn after which Player 2 cannot catch up?",
)
_GV_HIGH = NP_(
    "exercise:game_value:high",
    "Too optimistic: for every turn of Player 1, look at Player 2's best reply.",
)
_RESULT_WIN = NP_("exercise:result:win", "Then {players} wins.")
_RESULT_SHARED = NP_("exercise:result:shared", "Then {players} share the win.")
_BT_OK = NP_(
    "exercise:best_turn:ok",
    "Right: after {turn} Player 1 has {points} and Player 2 cannot catch up in the last turn.",
)
_BT_WRONG = NP_(
    "exercise:best_turn:wrong",
    "After {turn} Player 2 answers {reply} and reaches {points}.",
)
_BT_HINT = NP_(
    "exercise:best_turn:hint",
    "The biggest chop is not always the best: look at what the falling trees open up for Player 2.",
)


def exact_value(position: Position, max_turns: int = 4) -> tuple[float, ...]:
    """The result of every seat with best play, by full search over :meth:`Position.successors`.

    Each seat to move picks the successor that is best for itself (max^n;
    with 2 players this is minimax, since the results add up to 1). Results
    are tournament points: 1 for a sole win, 1/k for a k-way shared win, 0
    for a loss. With 3 or 4 players a seat may be indifferent between
    successors that are different for the others; then the first one found
    is taken (see :func:`outcomes_by_turn` for every possibility).

    Args:
        position: a position in which the game ends within ``max_turns`` turns
            whatever is played (an end-game position in the last round).
        max_turns: the search depth allowed.

    Raises:
        ValueError: the game does not end within ``max_turns`` turns.
    """

    def search(p: Position, left: int) -> tuple[float, ...]:
        outcome = p.outcome()
        if outcome is not None:
            return tuple(outcome.points(s) for s in range(1, p.players + 1))
        if left == 0:
            raise ValueError(f"the game does not end within {max_turns} turns from {position.to_lpn()!r}")
        mover = p.to_move - 1
        best: tuple[float, ...] | None = None
        for child in sorted(p.successors(), key=Position.to_lpn):
            value = search(child, left - 1)
            if best is None or value[mover] > best[mover]:
                best = value
        assert best is not None
        return best

    return search(position, max_turns)


def best_turns(position: Position, max_turns: int = 4) -> list[Turn]:
    """The mover's turns that achieve its :func:`exact_value` (every one, in legal-turn order)."""
    mover = position.to_move - 1
    target = exact_value(position, max_turns)[mover]
    out = []
    cache: dict[Position, float] = {}
    for turn in position.legal_turns():
        after = position.play(turn)
        if after not in cache:
            cache[after] = exact_value(after, max_turns - 1)[mover]
        if cache[after] == target:
            out.append(turn)
    return out


#: Player 1 must chop (walled in, 20 trees, no protesters), so the end is triggered and
#: Player 2 plays the last turn. The biggest chop (c4, 3 trees and a protester) frees
#: Player 2, who then chops 3 trees and wins the tie on protesters; the small chops win.
BACKWARD_INDUCTION = Endgame("mmmp2/m1mmp/mmamm/.m.mm/.ssmm 1 9,9 0,2")
#: The graded course's positions of the same story (Player 1 walled in with 9 points, any chop ends
#: the game, Player 2 plays the last turn), a tree or two changed so that the value for Player 1 is
#: never :data:`BACKWARD_INDUCTION`'s 1. Worth 0: d5 holds a sapling no one protests, or e4 a
#: seedling, and Player 2's last turn wins after every turn of Player 1. Worth ½: d5 is not protested
#: and d4 is; after every small chop Player 2's last turn wins, after the biggest chop (c4) it ties
#: on points and protesters.
GAME_VALUE_VARIANTS: tuple[Endgame, ...] = (
    Endgame("mmma2/m1mmp/mmamm/.m.mm/.ssmm 1 9,9 0,3"),
    Endgame("mmmp2/m1mms/mmamm/.m.mm/.ssmm 1 9,8 0,3"),
    Endgame("mmma2/m1mpp/mmamm/.m.mm/.ssmm 1 9,8 0,2"),
    Endgame("mmmm2/m1mpp/mmamm/.m.mm/.ssmm 1 9,8 0,2"),
)


def _value_of(answer: Any) -> float | None:
    """A value written as 1, 0.5, ½, "1/2", "1.0", 0…, or every seat's (``exact_value``'s tuple ``(1.0, 0.0)``).

    Player 1's value as a float, or ``None``.
    """
    if isinstance(answer, bool):
        return None
    if isinstance(answer, (tuple, list)):
        seats = [_value_of(x) for x in answer]
        if len(seats) == 2 and None not in seats and abs(sum(seats) - 1) < 1e-6:  # type: ignore[arg-type]
            return seats[0]
        return None
    if isinstance(answer, Real):
        return float(answer)
    if isinstance(answer, str):
        written = answer.strip().replace(",", ".").replace("½", "0.5").replace("\u2212", "-")
        if "/" in written:
            top, _, bottom = written.partition("/")
            try:
                return float(top) / float(bottom)
            except (ValueError, ZeroDivisionError):
                return None
        try:
            return float(written)
        except ValueError:
            return None
    return None


@formative_unless_judged("game_value")
def check_game_value(
    answer: Any, *, locale: str | None = None, position: Position | None = None
) -> ExerciseFeedback:
    """Check the value for Player 1 of ``position`` (default :data:`BACKWARD_INDUCTION`): 1, ½ or 0.

    ``position``: a 2-player end-game with the same story (a pupil's variant of it, see
    :mod:`logger_widget.classroom.variants`).
    """
    if is_empty(answer):
        return feedback("hint", EMPTY, locale, notes=[note(_GV_FORMAT)])
    value = _value_of(answer)
    if value is None or not any(close(value, v, 1e-6) for v in (0.0, 0.5, 1.0)):
        return feedback("hint", _GV_FORMAT, locale)
    exact = exact_value(position or BACKWARD_INDUCTION.position)[0]
    if close(value, exact, 1e-6):
        return feedback(
            "ok", _GV_OK if exact == 1 else _GV_OK_SHARED if exact == 0.5 else _GV_OK_LOSS, locale
        )
    return feedback("wrong", _GV_LOW if value < exact else _GV_HIGH, locale)


def _result_note(after: Position) -> tuple[Message, Mapping[str, Any]]:
    outcome = after.outcome()
    assert outcome is not None
    if len(outcome.winners) > 1:
        return note(_RESULT_SHARED, players=Players(outcome.winners))
    return note(_RESULT_WIN, players=Players(outcome.winners))


def _best_reply(position: Position) -> Turn:
    mover = position.to_move - 1
    return max(position.legal_turns(), key=lambda t: exact_value(position.play(t), 1)[mover])


def check_best_turn(answer: Any, *, locale: str | None = None) -> ExerciseFeedback:
    """Check a turn of Player 1 in :data:`BACKWARD_INDUCTION`: does it keep the exact value?"""
    played = played_turn(BACKWARD_INDUCTION.position, answer, locale)
    if isinstance(played, ExerciseFeedback):
        return played
    turn, after = played
    value = exact_value(after, 1)[0]
    if value == exact_value(BACKWARD_INDUCTION.position)[0]:
        return feedback("ok", _BT_OK, locale, {"turn": turn, "points": points(after.scores[0])})
    reply = _best_reply(after)
    final = after.play(reply)
    return feedback(
        "wrong", _BT_WRONG, locale, {"turn": turn, "reply": reply, "points": points(final.scores[1])},
        notes=[_result_note(final), note(_BT_HINT)],
    )  # fmt: skip


def _biggest_chop_numbers() -> dict[str, Any]:
    """The numbers of the worked solution: Player 1's biggest chop and Player 2's best reply to it."""
    position = BACKWARD_INDUCTION.position
    biggest = max(position.legal_turns(), key=lambda t: position.play(t).scores[0])
    after = position.play(biggest)
    final = after.play(_best_reply(after))
    return {
        "points": points(after.scores[0]),
        "reply_points": points(final.scores[1]),
        "protesters": protesters(final.supplies[1]),
        "ours": protesters(final.supplies[0]),
    }


GAME_VALUE = Exercise(
    key="game_value",
    question=NP_(
        "exercise:game_value:question",
        "What is the value of this position for Player 1 when both players play their best? "
        "`answer = 1`, `0.5` or `0`.",
    ),
    checker=check_game_value,
    check_call="ex.check_game_value(answer, locale=LANGUAGE)",
    student_code="# $your_answer\nanswer = ...",
    solution_code='''\
def value(p):
    """$value_doc"""
    if p.is_terminal:
        return p.outcome().points(1)
    results = [value(q) for q in p.successors()]
    return max(results) if p.to_move == 1 else min(results)


answer = value(position)
answer''',
    solution=(
        NP_(
            "exercise:game_value:solution",
            "Backward induction in code: a finished game is worth its result; Player 1 takes the "
            "best successor, Player 2 the worst one for Player 1. The search visits every position "
            "of the two remaining turns.",
        ),
    ),
    comments={"value_doc": NP_("exercise:game_value:code", "Player 1's result with best play from p.")},
)

BEST_TURN = Exercise(
    key="best_turn",
    question=NP_(
        "exercise:best_turn:question",
        'Which turn should Player 1 play? Write it in turn notation, for example `answer = "a1-b2 xb3"`.',
    ),
    checker=check_best_turn,
    check_call="ex.check_best_turn(answer, locale=LANGUAGE)",
    student_code="# $your_answer\nanswer = ...",
    solution_code="""\
for turn in position.legal_turns():
    print(turn, value(position.play(turn)))
answer = max(position.legal_turns(), key=lambda turn: value(position.play(turn)))
answer""",
    solution=(
        NP_(
            "exercise:best_turn:solution",
            "Chopping c4 fells three mature trees, one of them protested: {points} and a "
            "protester. But the line c4–e4 is the wall around Player 2's logger. Player 2 walks out "
            "and chops three trees in column d or e: {reply_points} as well, and with "
            "{protesters} against {ours} Player 2 wins the tie-break. Any of the small "
            "chops (a4, b5 or b3) keeps Player 2 walled in, and Player 1 wins.",
        ),
    ),
    params=lambda: _biggest_chop_numbers(),
)

_INTRO_1 = NP_(
    "exercise:backward_induction:intro:1",
    "Near the end of a game you can look at **every** possible continuation and find "
    "the exact result. This is **backward induction**: start at the end. In the last "
    "turn the player picks the turn that is best for them. One turn earlier, the "
    "player expects the next one to do exactly that, and so on back to the present. "
    "With two players this is the **minimax** rule: I make my result as big as "
    "possible, you make it as small as possible.",
)

SECTION = Section(
    "backward_induction",
    NP_("exercise:backward_induction:title", "Backward induction: think from the end"),
    (
        Md(
            (
                _INTRO_1,
                NP_(
                    "exercise:backward_induction:intro:2",
                    "Here Player 1 has {points} and must chop: the logger cannot move, there is no "
                    "free cell to plant on and the supply is empty. So any turn triggers the end of "
                    "the game, and Player 2 plays the last turn. Explore the board: play a turn, then "
                    "take it back with the Undo button.",
                ),
            ),
            params={"points": points(BACKWARD_INDUCTION.position.scores[0])},
            course=(
                _INTRO_1,
                NP_(
                    "exercise:backward_induction:intro:2:course",
                    "Here Player 1 has {points} and must chop: the logger cannot move, there is no "
                    "free cell to plant on and the supply is empty. So any turn triggers the end of "
                    "the game, and Player 2 plays the last turn.",
                ),
            ),
        ),
        Code(
            "position = ex.BACKWARD_INDUCTION.position\n"
            'Board(["human", "human"], locale=LANGUAGE, record=position, hint_bot=None)'
        ),
        Md(
            (
                NP_(
                    "exercise:backward_induction:intro:3",
                    "The value of a position for Player 1 is 1 if Player 1 wins when both play their "
                    "best, {half} if the win is shared, and 0 if Player 2 wins. Useful tools: "
                    "`position.successors()` gives every position after one turn, "
                    "`position.legal_turns()` every turn, `position.play(turn)` the position after "
                    "it, and `p.outcome().points(1)` Player 1's result in a finished game `p`.",
                ),
            ),
            course=(
                NP_(
                    "exercise:backward_induction:intro:3:course",
                    "The value of a position for Player 1 is 1 if Player 1 wins when both play their "
                    "best, {half} if the win is shared, and 0 if Player 2 wins. To explore it in code, "
                    '`position = VARIANT.position("game_value")` is the position below; '
                    "`position.successors()` gives every position after one turn, "
                    "`position.legal_turns()` every turn, `position.play(turn)` the position after "
                    "it, and `p.outcome().points(1)` Player 1's result in a finished game `p`.",
                ),
            ),
        ),
        Ask("game_value"),
        Ask("best_turn"),
        Md(
            (
                NP_(
                    "exercise:backward_induction:bots",
                    "How do the bots see it? Minimax with depth 2 searches both remaining turns, so "
                    "here it is exact (a win is worth {win}). Monte Carlo tree search (MCTS) "
                    "only tries samples: its values are estimates between 0 and 1, and visits show "
                    "where it looked most.",
                ),
            ),
            params={"win": int(WIN)},
        ),
        Code("ex.analysis_table(MinimaxBot(depth=2).analyse(position), locale=LANGUAGE)"),
        Code("ex.analysis_table(MCTSBot(iterations=300, seed=1).analyse(position), locale=LANGUAGE)"),
        Md(
            (
                NP_(
                    "exercise:backward_induction:discuss",
                    "**To discuss.** Which turn scores the most points, and why is it the worst? "
                    "Full search is exact, but the number of positions grows very fast with the "
                    "number of turns left: why can no bot do it from the start of the game?",
                ),
            )
        ),
    ),
)

"""Exercise 6, the value of a protester: the tie-break and chop chains in the last turn.

:data:`PROTESTER_ENDGAME` is the last turn of a game in which only a chop
that also fells a protested tree wins; :func:`check_protester` judges a turn.
"""

from __future__ import annotations

from typing import Any

from ...engine.position import Position
from ...i18n import NP_
from ..feedback import (
    ExerciseFeedback,
    feedback,
    formative_unless_judged,
    points,
    protesters,
)
from .common import Ask, Code, Endgame, Exercise, Md, Section, played_turn

_PR_OK = NP_(
    "exercise:protester:ok",
    "Right! After {turn} you have {points}, like Player 1, but {mine} in your supply "
    "against {theirs}: the protested tree fell with the domino effect and its protester went to your supply. "
    "You win the tie-break.",
)
_PR_SHARED = NP_(
    "exercise:protester:shared",
    "A shared win: {points} each, and the same number of protesters in each supply ({mine}). "
    "Is there a chop that also brings a protester into your supply?",
)
_PR_SPENT = NP_(
    "exercise:protester:spent",
    "You spent a protester and scored nothing: Player 1 wins with {leader} against {points}. "
    "In the last turn a protester protects nothing; in your supply it can still decide a tie.",
)
_PR_SHORT = NP_(
    "exercise:protester:short",
    "Player 1 wins: after {turn} you have only {points}. You need {leader}, and then the tie-break.",
)


#: The last turn: Player 2 (8 points, 1 protester) against Player 1 (10 points, 1 protester).
#: Chopping e4 from e5 ties on points and protesters (a shared win); chopping c4 from c5
#: also fells the protested c3, whose protester decides the tie-break.
PROTESTER_ENDGAME = Endgame("....2/..m.m/p.p.m/...../1.... 2 10,8 1,1")


@formative_unless_judged("protester")
def check_protester(
    answer: Any, *, locale: str | None = None, position: Position | None = None
) -> ExerciseFeedback:
    """Check Player 2's last turn in ``position`` (default :data:`PROTESTER_ENDGAME`): does it win the game?

    ``position``: an end-game with the same story (a pupil's variant, see
    :mod:`logger_widget.classroom.variants`).
    """
    played = played_turn(position or PROTESTER_ENDGAME.position, answer, locale)
    if isinstance(played, ExerciseFeedback):
        return played
    turn, after = played
    outcome = after.outcome()
    assert outcome is not None
    params = {
        "turn": turn, "points": points(after.scores[1]), "mine": protesters(after.supplies[1]),
        "theirs": protesters(after.supplies[0]), "leader": points(after.scores[0]),
    }  # fmt: skip
    if outcome.winners == (2,):
        return feedback("ok", _PR_OK, locale, params)
    if outcome.is_draw:
        return feedback("wrong", _PR_SHARED, locale, params)
    if turn.action is not None and turn.action.kind == "protest":
        return feedback("wrong", _PR_SPENT, locale, params)
    return feedback("wrong", _PR_SHORT, locale, params)


def _numbers() -> dict[str, Any]:
    """Scores and supplies of :data:`PROTESTER_ENDGAME`: Player 2's (the mover's) and Player 1's."""
    position = PROTESTER_ENDGAME.position
    return {
        "points": points(position.scores[1]),
        "supply": protesters(position.supplies[1]),
        "leader": points(position.scores[0]),
        "their_supply": protesters(position.supplies[0]),
    }


PROTESTER_QUESTION = Exercise(
    key="protester",
    question=NP_(
        "exercise:protester:question",
        "Which turn wins the game for Player 2? Write it in turn notation; you may leave out the "
        "spawned seedlings when they do not matter.",
    ),
    checker=check_protester,
    check_call="ex.check_protester(answer, locale=LANGUAGE)",
    student_code="# $your_answer\nanswer = ...",
    solution_code="""\
winning = [t for t in last_turn.legal_turns() if last_turn.play(t).outcome().winners == (2,)]
print(len(winning), [str(t) for t in winning])
answer = winning[0]
answer""",
    solution=(
        NP_(
            "exercise:protester:solution",
            "Chopping e4 from e5 gives {leader}: a tie on points and on protesters (one each), "
            "so the win is shared. Chopping c4 from c5 also fells c3, which is protested: {leader} "
            "and a second protester in the supply, so Player 2 wins the tie-break. A protest scores "
            "nothing and spends the protester that could decide the tie.",
        ),
    ),
    params=lambda: _numbers(),
)

SECTION = Section(
    "protester",
    NP_("exercise:protester:title", "What is a protester worth?"),
    (
        Md(
            (
                NP_(
                    "exercise:protester:intro:1",
                    "Protesters are not only shields for mature trees. When the points are tied at the end, the "
                    "player with more protesters in their supply wins. And when the domino effect "
                    "fells a protested tree (it fells protested trees too), its protester goes to "
                    "your supply. So a protester you keep is worth something, and a protester you "
                    "spend is gone.",
                ),
                NP_(
                    "exercise:protester:intro:2",
                    "This is the last turn of the game: Player 2 has {points} and {supply} "
                    "in the supply, Player 1 has {leader} and also {their_supply}.",
                ),
            ),
            params=lambda: _numbers(),
        ),
        Code(
            "last_turn = ex.PROTESTER_ENDGAME.position\n"
            'Board(["human", "human"], locale=LANGUAGE, record=last_turn, hint_bot=None)'
        ),
        Ask("protester"),
        Md(
            (
                NP_(
                    "exercise:protester:discuss",
                    "**To discuss.** Player 1 kept its protester until the end: that is why the "
                    "easy chop of e4 only gives a shared win. When is it better to spend a protester early to protect a tree, and "
                    "when is it better to keep it?",
                ),
            )
        ),
    ),
)

"""The theme of a puzzle, detected from the position and its solutions by the engine's facts.

Themes (keys of :data:`~logger_widget.puzzles.puzzle.THEMES`), the first that applies wins:

* ``endgame_tiebreak`` — the end of the game is triggered already, or a
  solution triggers it (a seat reaches 10 points): count the points and the
  protesters in supply that break a tie.
* ``spawn_placement`` — some other turn has the same movement and action as a
  solution and differs only in where the spawned seedlings go: the spawn choice decides.
* ``domino_chop`` — every solution chops and fells two or more trees in a line.
* ``protect`` — every solution protests (a protester saves a mature tree from being chopped).
* ``block_chop`` — no solution chops or protests, and the biggest chop another
  seat could make drops by two trees or more (a seedling or the logger breaks the line).
* ``deny_opponent`` — a solution chops one tree, and the biggest chop another
  seat could make drops by two trees or more.
* ``chop`` — every solution chops (one tree: take the point that is there).
* ``quiet`` — none of these: the best turn moves, plants or waits.

When the solutions are of different kinds (a protest and a chop both keep the margin), the
themes after ``spawn_placement`` look only at the solutions of the kind of the first one in
notation order — the one the board's hints name — so a puzzle whose hint shows a protest
is never called a quiet turn.

"The biggest chop another seat could make" is
:func:`logger_widget.bots.base.best_chop` for each other seat as if it were
to move (every destination, with growth), in trees felled.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots.base import best_chop
from ..engine import core
from ..engine.position import Position
from ..engine.turn import Turn

__all__ = ["Facts", "detect_theme", "facts", "threat"]

#: A chop of the others that drops by this many trees counts as blocked or denied.
DROP = 2


def threat(state: core.State, me: int) -> tuple[int, int]:
    """``(trees, seat)``: the biggest chop a seat other than ``me`` (1-based) could make if it moved now.

    ``(0, 0)`` when nobody else can chop.
    """
    best = (0, 0)
    for i in range(len(state[core.SCORES])):
        if i + 1 == me:
            continue
        trees = best_chop(state[:5] + (i,) + state[6:])[0]
        if trees > best[0]:
            best = (trees, i + 1)
    return best


@dataclass(frozen=True, slots=True)
class Facts:
    """What a turn does, for the theme and for the board's explanation.

    Attributes:
        kind: the action: ``"chop"``, ``"protest"``, ``"plant"`` or ``"none"`` (skipped).
        felled: trees felled by the turn's chop (0 if it does not chop).
        protesters: protesters won back by the chop.
        threat_before, threat_after: the biggest chop another seat could make
            before and after the turn, in trees (see :func:`threat`).
        threat_seat: the seat of ``threat_before`` (0 when none).
        ends: the end of the game is triggered before or by the turn.
    """

    kind: str
    felled: int
    protesters: int
    threat_before: int
    threat_after: int
    threat_seat: int
    ends: bool


def facts(position: Position, turn: Turn | str) -> Facts:
    """The :class:`Facts` of ``turn`` played in ``position``.

    Raises:
        NotationError, IllegalTurnError: ``turn`` is not legal here.
    """
    if isinstance(turn, str):
        turn = position.parse_turn(turn)
    me = position.to_move
    after = position.play(turn)
    felled = after.scores[me - 1] - position.scores[me - 1]
    won = (
        max(0, after.supplies[me - 1] - position.supplies[me - 1])
        if turn.action and turn.action.kind == "chop"
        else 0
    )
    before, seat = threat(position.raw, me)
    now, _ = threat(after.raw, me)
    return Facts(
        kind=turn.action.kind if turn.action else "none",
        felled=felled,
        protesters=won,
        threat_before=before,
        threat_after=now,
        threat_seat=seat,
        ends=max(after.scores) >= core.TARGET_SCORE,
    )


def detect_theme(position: Position, solutions: frozenset[str] | set[str]) -> str:
    """The theme key of a puzzle (see the module docstring for the rules, in order).

    Raises:
        NotationError, IllegalTurnError: a solution is not legal in ``position``.
    """
    turns = [position.parse_turn(s) for s in sorted(solutions)]
    all_facts = [facts(position, t) for t in turns]
    if any(f.ends for f in all_facts):
        return "endgame_tiebreak"
    keys = {(t.destination, t.action) for t in turns}
    names = {t.notation() for t in turns}
    for other in position.legal_turns():
        if (other.destination, other.action) in keys and other.notation() not in names:
            return "spawn_placement"
    kinds = {f.kind for f in all_facts}
    if len(kinds) > 1 and kinds & {"chop", "protest"}:
        # solutions of different kinds: the theme is the one of the solution the hints name
        # (the first in notation order), so the first hint never contradicts the second
        all_facts = [f for f in all_facts if f.kind == all_facts[0].kind]
        kinds = {all_facts[0].kind}
    if kinds == {"chop"} and all(f.felled >= 2 for f in all_facts):
        return "domino_chop"
    if kinds == {"protest"}:
        return "protect"
    dropped = all(f.threat_before - f.threat_after >= DROP for f in all_facts)
    if not kinds & {"chop", "protest"} and dropped:
        return "block_chop"
    if kinds == {"chop"}:
        return "deny_opponent" if dropped else "chop"
    return "quiet"

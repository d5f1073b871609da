"""Acceptance of a puzzle by search: every solution clearly beats every other turn.

The rule (docs/puzzles.md, "Acceptance")
    The value of a turn for the mover ``m`` is a depth-2 *paranoid* search
    (Sturtevant & Korf 2000), the one of :class:`~logger_widget.bots.MinimaxBot`:
    after the turn, the next seat plays the reply that is worst for ``m``, and
    the position is scored by :func:`logger_widget.bots.minimax.evaluate`
    (``m``'s points + ½ per protester + the chop it can make next − the best
    other seat's same value, in points; a finished game is worth ±1 000 000).
    A turn that ends the game is scored as it stands.

    A position is a puzzle when the turns split into *solutions* and the rest
    such that **the worst solution is worth at least** :data:`MARGIN` **points
    more than the best other turn**, the mover has at least :data:`MIN_CHOICES`
    distinct positions to choose from, and the solutions lead to at most
    :data:`MAX_SHARE` of them. Turns leading to the same position are the same
    choice (all of them are solutions, or none). **Every kind of answer has a
    wrong one too** (:func:`single_kinds`): when a solution chops, some other
    choice chops and is no solution (likewise for protests, plants and turns
    without an action) — a "find the chop" with one legal chop asks nothing.

Proof and cost
    A solution's value is exact (every reply is scored). For every other
    turn it is enough to find *one* reply that brings ``m`` down to the
    threshold (worst solution − margin): the paranoid value is a minimum, so
    that reply bounds it from above. Replies are tried biggest chop first, so
    the bound is usually found on the first try; this is what keeps
    re-verifying the whole set cheap. Successor positions come from the
    compiled kernel :mod:`logger_widget.engine.fast` when it is ready (the same
    results as the pure-Python :mod:`~logger_widget.engine.core`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..bots.minimax import evaluate
from ..engine import core, fast
from ..engine.position import Position
from ..engine.turn import Turn

__all__ = [
    "MARGIN",
    "MAX_SHARE",
    "MIN_CHOICES",
    "TIE",
    "Analysis",
    "Proof",
    "analyse_position",
    "choice_values",
    "refutation",
    "single_kinds",
    "turn_value",
    "verify",
]

#: The clear margin, in evaluation points: more than one tree felled (1 point) or one protester (½).
MARGIN = 1.5
#: Turns within this many points of the best one are solutions too (when the margin holds for all of them).
TIE = 0.25
#: At least this many distinct positions after the mover's turn (no puzzle without a choice).
MIN_CHOICES = 6
#: Solutions lead to at most this share of the distinct positions.
MAX_SHARE = 0.25
#: The best-looking choices (static evaluation) searched exactly when looking for a puzzle.
EXACT = 8


def _children(state: core.State) -> dict[core.State, list[tuple[int, int, int, int]]]:
    """Distinct positions after the mover's turn, each with the raw turns that lead there."""
    out: dict[core.State, list[tuple[int, int, int, int]]] = {}
    for raw, after in fast.legal_turns(state):
        out.setdefault(after, []).append(raw)
    return out


def _replies(state: core.State) -> list[core.State]:
    """The next seat's distinct replies, biggest score gain first (the likeliest refutations)."""
    seat = state[core.MOVER]
    kids = list(fast.successors(state))
    kids.sort(key=lambda s: (-s[core.SCORES][seat], s))
    return kids


def _value(state: core.State, me: int) -> tuple[float, core.State | None]:
    """The paranoid depth-2 value of ``state`` (after ``me``'s turn) for ``me``, and the worst reply."""
    if core.is_terminal(state):
        return evaluate(state, me), None
    worst, reply = float("inf"), None
    for r in _replies(state):
        v = evaluate(r, me)
        if v < worst:
            worst, reply = v, r
    return worst, reply


def _at_most(state: core.State, me: int, threshold: float) -> bool:
    """Whether the value of ``state`` for ``me`` is ≤ ``threshold`` (stops at the first reply proving it)."""
    if core.is_terminal(state):
        return evaluate(state, me) <= threshold
    return any(evaluate(r, me) <= threshold for r in _replies(state))


def turn_value(position: Position, turn: Turn | str) -> float:
    """The acceptance value (paranoid depth 2, in evaluation points) of ``turn`` for the mover.

    Raises:
        NotationError, IllegalTurnError: ``turn`` is not a legal turn here.
    """
    after = position.play(turn)
    return _value(after.raw, position.to_move)[0]


def choice_values(position: Position) -> dict[str, float]:
    """The exact acceptance value (:func:`turn_value`) of every legal turn, by notation.

    Turns leading to the same position share one search. Costs one depth-2 search per
    distinct choice (every reply scored), so it is meant for one position at a time (a
    personal puzzle), not for a search over many.

    Raises:
        IllegalTurnError: the game is over in ``position``.
    """
    state = position.raw
    if core.is_terminal(state):
        position.start_turn()  # raises IllegalTurnError("game_over")
    me = position.to_move
    origin = core.mover_cell(state)
    out: dict[str, float] = {}
    for child, raws in _children(state).items():
        value = _value(child, me)[0]
        for raw in raws:
            out[Turn.from_raw(origin, raw).notation()] = value
    return out


#: The action kinds' names (:data:`logger_widget.engine.core` constants), for :func:`single_kinds`.
_KIND_NAMES = {core.NONE: "none", core.PLANT: "plant", core.PROTEST: "protest", core.CHOP: "chop"}


def _single_kinds(
    children: dict[core.State, list[tuple[int, int, int, int]]], solutions: Iterable[core.State]
) -> list[str]:
    chosen = set(solutions)
    kinds = {raw[2] for c in chosen for raw in children[c]}
    wrong = {raw[2] for c, raws in children.items() if c not in chosen for raw in raws}
    return sorted(_KIND_NAMES[k] for k in kinds - wrong)


def single_kinds(position: Position, solutions: frozenset[str] | set[str]) -> list[str]:
    """The kinds of action (``"chop"``, ``"protest"``, ``"plant"``, ``"none"``) of ``solutions`` that no wrong turn has.

    Empty for a real puzzle: for every kind of answer among the solutions, some choice of
    the same kind is not a solution. ``["chop"]`` when the only chops are solutions (one
    legal chop, say): the answer is forced by its kind. Notation not legal here is ignored.
    """
    state = position.raw
    children = _children(state)
    origin = core.mover_cell(state)
    chosen = [
        c
        for c, raws in children.items()
        if any(Turn.from_raw(origin, r).notation() in solutions for r in raws)
    ]
    return _single_kinds(children, chosen)


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the acceptance search found in a position.

    Attributes:
        solutions: the best turns' notation (the solutions when accepted; empty with too few choices).
        value: the worst of them's value (evaluation points).
        bound: the best other turn's value (≤ ``value - margin`` when accepted).
        choices: distinct positions after the mover's turn.
        reason: ``""`` when accepted, else ``"few choices"``, ``"many solutions"``, ``"no clear margin"``
            or ``"one answer of its kind"`` (:func:`single_kinds`).
    """

    solutions: frozenset[str]
    value: float
    bound: float
    choices: int
    reason: str = ""

    @property
    def accepted(self) -> bool:
        """The position is a puzzle."""
        return not self.reason


def analyse_position(position: Position, margin: float = MARGIN) -> Analysis:
    """Whether ``position`` is a puzzle by the acceptance rule (module docstring), and its solutions.

    The :data:`EXACT` best-looking choices (static evaluation) are searched
    exactly; the solutions are those within :data:`TIE` of the best of them;
    every other choice must then be proved worth at most ``worst solution −
    margin`` (one reply suffices, see the module docstring). A choice outside
    the searched ones that this bound cannot dismiss is searched exactly and
    the solutions are chosen again, so a best turn that looks bad at first
    sight (a protest, a block) is still found and nothing is accepted by
    mistake; ``bound`` is an upper bound of the best other choice.

    Raises:
        IllegalTurnError: the game is over in ``position``.
    """
    state = position.raw
    if core.is_terminal(state):
        position.start_turn()  # raises IllegalTurnError("game_over")
    me = position.to_move
    children = _children(state)
    if len(children) < MIN_CHOICES:
        return Analysis(frozenset(), 0.0, 0.0, len(children), "few choices")
    order = sorted(children, key=lambda c: -evaluate(c, me))
    values = {c: _value(c, me)[0] for c in order[:EXACT]}
    rest = order[EXACT:]
    while True:
        best = max(values.values())
        solutions = [c for c, v in values.items() if v >= best - TIE]
        worst = min(values[c] for c in solutions)
        bound = max((v for v in values.values() if v < best - TIE), default=-float("inf"))
        reason = ""
        if len(solutions) > MAX_SHARE * len(children):
            reason = "many solutions"
        elif bound > worst - margin:
            reason = "no clear margin"
        else:
            # a choice outside the searched ones that the bound cannot dismiss is searched
            # exactly: it joins the solutions (the best turn looked bad) or ends the proof
            unproved = next((c for c in rest if not _at_most(c, me, worst - margin)), None)
            if unproved is not None:
                values[unproved] = _value(unproved, me)[0]
                rest = [c for c in rest if c != unproved]
                continue
            bound = max(bound, worst - margin) if rest else bound  # the rest was proved <= worst - margin
            if _single_kinds(children, solutions):
                reason = "one answer of its kind"
        break
    origin = core.mover_cell(state)
    turns = frozenset(Turn.from_raw(origin, raw).notation() for c in solutions for raw in children[c])
    return Analysis(turns, worst, bound, len(children), reason)


@dataclass(frozen=True, slots=True)
class Proof:
    """The outcome of :func:`verify`.

    Attributes:
        ok: the puzzle satisfies the acceptance rule with the given margin.
        reason: why not (English, for test output), ``""`` when ok.
        value: the worst solution's exact value.
        choices: distinct positions after the mover's turn.
    """

    ok: bool
    reason: str
    value: float
    choices: int


def verify(lpn: str, solutions: frozenset[str] | set[str], margin: float = MARGIN) -> Proof:
    """Prove (again) that ``solutions`` solve the position ``lpn`` by the acceptance rule.

    Every solution must be legal; the turns leading to the same position as a
    solution must all be listed; each other choice must be worth at most the
    worst solution − ``margin``.

    Raises:
        LPNError: ``lpn`` is not a position.
    """
    position = Position.from_lpn(lpn)
    state = position.raw
    me = position.to_move
    children = _children(state)
    origin = core.mover_cell(state)
    by_notation = {Turn.from_raw(origin, raw).notation(): c for c, raws in children.items() for raw in raws}
    missing = sorted(s for s in solutions if s not in by_notation)
    if missing:
        return Proof(False, f"not legal turns here: {', '.join(missing)}", 0.0, len(children))
    chosen = {by_notation[s] for s in solutions}
    unlisted = sorted(n for n, c in by_notation.items() if c in chosen and n not in solutions)
    if unlisted:
        return Proof(
            False, f"turns leading to a solution's position are not listed: {', '.join(unlisted)}", 0.0, 0
        )
    if len(children) < MIN_CHOICES or len(chosen) > MAX_SHARE * len(children):
        return Proof(False, f"{len(chosen)} solutions among {len(children)} choices", 0.0, len(children))
    forced = _single_kinds(children, chosen)
    if forced:
        return Proof(
            False,
            f"no wrong turn of the solutions' kind ({', '.join(forced)}): the answer is forced",
            0.0,
            len(children),
        )
    worst = min(_value(c, me)[0] for c in chosen)
    threshold = worst - margin
    for c, raws in children.items():
        if c not in chosen and not _at_most(c, me, threshold):
            name = Turn.from_raw(origin, raws[0]).notation()
            return Proof(
                False,
                f"{name} is worth more than {threshold:.2f} (worst solution {worst:.2f})",
                worst,
                len(children),
            )
    return Proof(True, "", worst, len(children))


def refutation(position: Position, turn: Turn | str) -> tuple[Turn | None, float]:
    """The next seat's reply that is worst for the mover after ``turn``, and the resulting value.

    Returns ``(None, value)`` when ``turn`` ends the game.

    Raises:
        NotationError, IllegalTurnError: ``turn`` is not a legal turn here.
    """
    after = position.play(turn)
    value, reply = _value(after.raw, position.to_move)
    if reply is None:
        return None, value
    for raw, nxt in fast.legal_turns(after.raw):
        if nxt == reply:
            return Turn.from_raw(core.mover_cell(after.raw), raw), value
    raise AssertionError("a reply state has no turn")  # pragma: no cover - successors come from legal turns

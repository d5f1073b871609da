"""Learn from your mistakes: the errors of a reviewed game become the pupil's own puzzles.

After a game is reviewed (:func:`logger_widget.review.review`), every turn of the pupil's
seats labelled inaccuracy, mistake or blunder (and not forced) becomes a
:class:`~logger_widget.progress.records.PersonalPuzzle`, with the strongest proof that holds
(:data:`PROOFS`, strongest first; docs/review.md, "Learn from your mistakes"):

``"clear"``
    The project's puzzle acceptance search (:func:`logger_widget.puzzles.analyse_position`,
    docs/puzzles.md, "Acceptance") accepts the position before the turn and the turn played
    is not among its solutions: the solutions beat *every* other turn by the search's margin
    (1.5 points). Re-checked by :func:`logger_widget.puzzles.verify`.
``"better"``
    The solutions are every turn that the same depth-2 search values at least the margin
    (1.5 points) above the turn played: each is proved clearly better than the pupil's turn,
    though not necessarily the only good one. The task asks for "a turn clearly better than
    yours".
``"review"``
    No turn is that much better by the depth-2 search (the review's deeper Monte Carlo
    search saw what it does not): the solutions are the review's better turn (and the turns
    leading to the same position) and every turn the depth-2 search values within
    :data:`~logger_widget.puzzles.TIE` of it and above the turn played by more than ``TIE``.
    Left out only when the depth-2 search values the turn played above the review's better
    turn by more than ``TIE`` (the two searches disagree: a puzzle would teach a guess).

A proof is re-checked by :func:`check_proof` (the class service does it for every saved
personal puzzle). A new personal puzzle is due at once; :mod:`.schedule` decides when it
comes back.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from ..engine.position import Position
from ..puzzles import MARGIN, TIE, analyse_position, choice_values, detect_theme, verify
from ..review import Review, TurnReview
from .records import PersonalPuzzle, now
from .schedule import new_card

__all__ = [
    "PROOFS",
    "candidate",
    "check_proof",
    "personal_puzzles",
    "puzzle_id",
    "review_summary",
]

#: The kinds of proof of a personal puzzle, strongest first (module docstring).
PROOFS = ("clear", "better", "review")


def puzzle_id(game: str, turn: TurnReview) -> str:
    """The personal puzzle's id: ``"m-"`` and a hash of the game's id, the ply and the position."""
    text = f"{game}\n{turn.ply}\n{turn.position.to_lpn()}"
    return "m-" + hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def _same_position(position: Position, turn: str) -> set[str]:
    """The turns leading to the same position as ``turn`` (``turn`` included)."""
    after = position.play(turn).raw
    return {t.notation() for t in position.legal_turns() if position.play(t).raw == after}


def _softer(position: Position, played: str, best: str) -> tuple[str, frozenset[str], float, float] | None:
    """``(proof, solutions, worst solution's value, played turn's value)`` of a softer proof, or ``None``."""
    values = choice_values(position)
    mine = values[played]
    clearly = frozenset(t for t, v in values.items() if v >= mine + MARGIN)
    if clearly:
        return "better", clearly, min(values[t] for t in clearly), mine
    if best == played or values[best] < mine - TIE:
        return None
    near = {t for t, v in values.items() if v >= values[best] - TIE and v > mine + TIE}
    chosen = frozenset(near | _same_position(position, best)) - _same_position(position, played)
    if not chosen:
        return None
    return "review", chosen, min(values[t] for t in chosen), mine


def check_proof(lpn: str, proof: str, solutions: frozenset[str], played: str, best: str) -> str:
    """Re-check a personal puzzle's proof (module docstring); ``""`` when it holds, else why not (English).

    Raises:
        LPNError: ``lpn`` is not a position.
        ValueError: ``proof`` is not one of :data:`PROOFS`.
    """
    if proof not in PROOFS:
        raise ValueError(f"proof must be one of {', '.join(PROOFS)}, not {proof!r}")
    if proof == "clear":
        return verify(lpn, solutions).reason
    position = Position.from_lpn(lpn)
    values = choice_values(position)
    unknown = sorted(t for t in (*solutions, played, best) if t not in values)
    if unknown:
        return f"not legal turns here: {', '.join(unknown)}"
    mine = values[played]
    if _same_position(position, played) & solutions:
        return f"a solution leads to the position of the turn played ({played})"
    if proof == "better":
        weak = sorted(t for t in solutions if values[t] < mine + MARGIN)
        return f"not clearly better than {played}: {', '.join(weak)}" if weak else ""
    if values[best] < mine - TIE:
        return f"the search values {played} above {best}"
    review_best = _same_position(position, best)
    if not review_best <= solutions:
        return f"the turns leading to {best}'s position are not all solutions"
    weak = sorted(
        t for t in solutions - review_best if not (values[t] >= values[best] - TIE and values[t] > mine + TIE)
    )
    return f"not as good as {best}: {', '.join(weak)}" if weak else ""


def candidate(game: str, turn: TurnReview, when: datetime | None = None) -> PersonalPuzzle | None:
    """The personal puzzle made of ``turn`` (an error of the review), or ``None`` (module docstring: when).

    Args:
        game: the id of the game the turn comes from.
        turn: a reviewed turn (any label: only inaccuracies, mistakes and blunders qualify).
        when: its creation and first due time (default: now).
    """
    if not turn.is_error or turn.forced:
        return None
    played = turn.played.notation()
    best = turn.best.notation()
    analysis = analyse_position(turn.position)
    if analysis.accepted and played not in analysis.solutions:
        proof, solutions, value, bound = "clear", analysis.solutions, analysis.value, analysis.bound
    else:
        softer = _softer(turn.position, played, best)
        if softer is None:
            return None
        proof, solutions, value, bound = softer
    lpn = turn.position.to_lpn()
    if check_proof(lpn, proof, solutions, played, best):  # pragma: no cover - each proof is its own check
        return None
    created = when or now()
    card, due = new_card(created)
    return PersonalPuzzle(
        id=puzzle_id(game, turn),
        game=game,
        ply=turn.ply,
        lpn=lpn,
        seat=turn.seat,
        played=played,
        label=turn.label,
        loss=turn.loss,
        best=best,
        played_value=turn.played_value,
        best_value=turn.best_value,
        solutions=solutions,
        value=value,
        bound=bound,
        theme=detect_theme(turn.position, solutions),
        card=card,
        due=due,
        created=created,
        proof=proof,
    )


def personal_puzzles(
    game: str, review: Review, seats: Iterable[int], when: datetime | None = None
) -> list[PersonalPuzzle]:
    """The personal puzzles of a reviewed game: the errors of ``seats`` (1-based) with a proof, in turn order.

    Raises:
        ValueError: a seat is not a seat of the game.
    """
    chosen = set(seats)
    bad = sorted(s for s in chosen if not (isinstance(s, int) and 1 <= s <= review.players))
    if bad:
        raise ValueError(f"seats must be 1 to {review.players}, not {bad}")
    out = []
    for turn in review.turns:
        if turn.seat in chosen:
            puzzle = candidate(game, turn, when)
            if puzzle is not None:
                out.append(puzzle)
    return out


def review_summary(review: Review) -> dict[str, Any]:
    """The review as saved with the game (JSON-ready): the search's settings, each seat's counts, the errors.

    ``{"seed": repr, "iterations": n, "counts": {seat: {label: n}}, "errors": [{"ply", "seat",
    "label", "loss", "played", "best"}, …]}``.
    """
    return {
        "seed": repr(review.seed),
        "iterations": review.iterations,
        "counts": {str(s): review.counts(s) for s in range(1, review.players + 1)},
        "errors": [
            {
                "ply": t.ply,
                "seat": t.seat,
                "label": t.label,
                "loss": round(t.loss, 4),
                "played": t.played.notation(),
                "best": t.best.notation(),
            }
            for t in review.mistakes()
        ],
    }

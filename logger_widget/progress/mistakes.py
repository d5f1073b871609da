"""Learn from your mistakes: the errors of a reviewed game become the pupil's own puzzles.

After a game is reviewed (:func:`logger_widget.review.review`), every turn of the pupil's
seats labelled inaccuracy, mistake or blunder is a candidate. It becomes a
:class:`~logger_widget.progress.records.PersonalPuzzle` only when the project's puzzle
acceptance search (:func:`logger_widget.puzzles.analyse_position`, docs/puzzles.md,
"Acceptance") accepts the position before the turn **and** the turn played is not among the
solutions it proves — so every personal puzzle has a turn proved clearly better (by the
search's margin, 1.5 points) than the one the pupil played, re-checked by
:func:`logger_widget.puzzles.verify`. Forced turns and positions the search cannot settle
(few choices, many equal turns, no clear margin) are left out: a puzzle without a proved
answer would teach nothing.

A new personal puzzle is due at once; :mod:`.schedule` decides when it comes back.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from ..puzzles import analyse_position, detect_theme, verify
from ..review import Review, TurnReview
from .records import PersonalPuzzle, now
from .schedule import new_card

__all__ = ["candidate", "personal_puzzles", "puzzle_id", "review_summary"]


def puzzle_id(game: str, turn: TurnReview) -> str:
    """The personal puzzle's id: ``"m-"`` and a hash of the game's id, the ply and the position."""
    text = f"{game}\n{turn.ply}\n{turn.position.to_lpn()}"
    return "m-" + hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def candidate(game: str, turn: TurnReview, when: datetime | None = None) -> PersonalPuzzle | None:
    """The personal puzzle made of ``turn`` (an error of the review), or ``None`` when the search proves nothing.

    Args:
        game: the id of the game the turn comes from.
        turn: a reviewed turn (any label: only inaccuracies, mistakes and blunders qualify).
        when: its creation and first due time (default: now).
    """
    if not turn.is_error or turn.forced:
        return None
    analysis = analyse_position(turn.position)
    played = turn.played.notation()
    if not analysis.accepted or played in analysis.solutions:
        return None
    lpn = turn.position.to_lpn()
    if not verify(lpn, analysis.solutions).ok:  # pragma: no cover - the analysis is its own proof
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
        best=turn.best.notation(),
        played_value=turn.played_value,
        best_value=turn.best_value,
        solutions=analysis.solutions,
        value=analysis.value,
        bound=analysis.bound,
        theme=detect_theme(turn.position, analysis.solutions),
        card=card,
        due=due,
        created=created,
    )


def personal_puzzles(
    game: str, review: Review, seats: Iterable[int], when: datetime | None = None
) -> list[PersonalPuzzle]:
    """The personal puzzles of a reviewed game: the proved errors of ``seats`` (1-based), in turn order.

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

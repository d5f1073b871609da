"""Post-game review: for every turn of a game, the turn played, the best turn found, and how much was lost.

Quick start::

    from logger_widget.review import review
    result = review(game, seconds=0.05, seed=0)
    for turn in result.mistakes():
        print(turn.ply, turn.label, turn.played.notation(), "→", turn.best.notation())

Text-free like the bots (it imports only ``engine`` and ``bots``): the board
and the charts turn its structured facts into sentences. See ``docs/review.md``.
"""

from __future__ import annotations

from .analysis import (
    LABELS,
    PLAY_ON_ROUNDS,
    THRESHOLDS,
    Review,
    TurnFacts,
    TurnReview,
    label_for,
    review,
    turn_facts,
    turn_label,
)

__all__ = [
    "LABELS",
    "PLAY_ON_ROUNDS",
    "THRESHOLDS",
    "Review",
    "TurnFacts",
    "TurnReview",
    "label_for",
    "review",
    "turn_facts",
    "turn_label",
]

"""The result of a finished (or stopped) game: winners, scores and the tie-break."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["EndReason", "Outcome", "TieBreak", "decide"]

#: Why the game ended: ``"target"`` (10 points reached and the round completed),
#: ``"repetition"`` (the same position a third time, docs/rules.md termination rule),
#: ``"turn_limit"`` (a limit set by the caller; never a normal end).
EndReason = Literal["target", "repetition", "turn_limit"]

#: How the winner was decided: ``"score"`` (most points), ``"protesters"``
#: (tied on points, more protesters in supply) or ``"shared"`` (still tied: the
#: tied players share the win, a draw between them).
TieBreak = Literal["score", "protesters", "shared"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.

    Attributes:
        winners: seats (1-based) that won; more than one means a shared win.
        scores: final points of every seat, in seat order.
        supplies: protesters in each seat's supply at the end.
        tie_break: what decided it, see :data:`TieBreak`.
        reason: why the game ended, see :data:`EndReason`.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    supplies: tuple[int, ...]
    tie_break: TieBreak
    reason: EndReason

    @property
    def is_draw(self) -> bool:
        """True when several seats share the win."""
        return len(self.winners) > 1

    def points(self, seat: int) -> float:
        """Tournament points of ``seat`` (1-based): 1 for a sole win, 1/k for a k-way shared win, else 0."""
        return 1 / len(self.winners) if seat in self.winners else 0.0

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready dict."""
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "supplies": list(self.supplies),
            "tie_break": self.tie_break,
            "reason": self.reason,
        }


def decide(scores: tuple[int, ...], supplies: tuple[int, ...], reason: EndReason) -> Outcome:
    """Winners by docs/rules.md, "End of the game".

    Most points wins; on a tie, more protesters in supply; still tied, the win is shared.
    """
    best = max(scores)
    tied = [i for i, s in enumerate(scores) if s == best]
    if len(tied) == 1:
        return Outcome((tied[0] + 1,), scores, supplies, "score", reason)
    most = max(supplies[i] for i in tied)
    winners = tuple(i + 1 for i in tied if supplies[i] == most)
    return Outcome(winners, scores, supplies, "protesters" if len(winners) == 1 else "shared", reason)

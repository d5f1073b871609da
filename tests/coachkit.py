"""Real positions for the coach's sentences (logger_widget.board.coach): cases and their turn reviews.

Each case is ``(position, turn played, better turn)``, a position of a game of greedy against
random; :func:`turn_review` makes it the :class:`~logger_widget.review.TurnReview` a review gives,
the facts the engine's (``turn_facts``), the values and the label given.
"""

from __future__ import annotations

from logger_widget import Position
from logger_widget.review import TurnReview, turn_facts

#: (position, turn played, better turn), from ``play_game(["greedy", "random"], seed=1..5)``
QUIET_LEAVES = ("....2/...../..a../...../.s1.. 2 0,0 2,2", "e5 *d5", "e5-e3 !c3")
QUIET_PREPARES = ("...s2/...../...../..1../.s... 2 1,0 2,2", "e5-e4 *d4", "e5-d4 *d3")
SAME_CHOP_MORE = ("2...s/.aas./.s.../.s.../1.... 2 7,3 2,2", "a5-b5 xb4", "a5-a4 xb4")
SAME_CHOP_EQUAL = ("....m/...../1..a2/.s.s./..... 2 9,1 3,1", "e3-d4 xd3", "e3 +d5 xd3")

#: (position, turn played, better turn) from the seeded games of ``scripts/measure_coach.py``
#: (seed 1) whose note was only the search's reason before the facts below were looked at:
#: the chop kept ready whatever the next player answers (1 tree, not 0)
SECURES = ("...../...../.sa../...2./1p... 2 0,1 1,2", "d2-c2 xc3", "d2-b2 +c1 *a2")
#: the biggest chop the next player can get ready with its answer (1 tree, not 2)
ANSWER = ("...../...../..a.2/....s/1s... 1 0,0 2,2", "a1-b2 *b3", "a1 *a2")
#: the protesters kept (2, not 1)
SUPPLY = ("...../.2.../...../...../.1s.a 1 0,4 2,2", "b1 !e1", "b1 *a1")
#: two rounds played on: the mover scores 3 points after the better turn, 2 after the one played
FUTURE_MINE = (".s.../.1.../..s2./ss.../.pa.. 1 0,3 1,2", "b4 +a1 *a4", "b4-b3 +a1 *b4")
#: two rounds played on: the other player scores 1 point after the better turn, 2 after the one played
FUTURE_OTHERS = ("...../a..../1a.../.2.../mps.. 1 1,3 2,1", "a3 +a2 xa4", "a3 +a2 xb3")
#: Player 2's first turn, two ways of walking: nothing differs in trees or points, even two rounds on
SAME_FACTS = ("....2/...../..s../...../1s... 2 0,0 2,2", "e5-e3 *e2", "e5-c5 *b5")


def turn_review(case: tuple[str, str, str], label: str = "mistake") -> TurnReview:
    """The review of ``case``'s turn at ply 7: 12 % of the winning chances lost (0.4 for 0.52), ``label``."""
    lpn, played, best = case
    position = Position.from_lpn(lpn)
    p, b = position.parse_turn(played), position.parse_turn(best)
    return TurnReview(
        ply=7,
        seat=position.to_move,
        position=position,
        played=p,
        best=b,
        played_value=0.4,
        best_value=0.52,
        loss=0.12,
        label=label,
        forced=False,
        played_facts=turn_facts(position, p),
        best_facts=turn_facts(position, b),
    )

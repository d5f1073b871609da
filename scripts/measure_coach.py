#!/usr/bin/env python3
"""Measure how concrete the coach's notes are on reviewed bot games (docs/review.md, "The coach's notes").

Usage: ``python -m scripts.measure_coach [--games N] [--seed S] [--seconds X]``.

Plays seeded games between bots of different strengths (:data:`PAIRINGS`, game seed
``S * 1000 + g``), reviews each as the board does (:data:`logger_widget.board.review_mode.BOARD_SECONDS`
per position, seed 0) and reads the coach's note of every turn for which a better turn was
found (:func:`logger_widget.board.coach.better_reasons`, English). Prints, per pairing and
in all: the notes, how many give only the generic reason (the search's, no fact in trees or
points), how many say that both turns come to the same in trees and points (a good turn), and how many turns labelled best or good let the next player end the game with
one chop while the better turn did not (the goal: none).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from logger_widget.board.coach import better_reasons
from logger_widget.board.review_mode import BOARD_SECONDS
from logger_widget.engine.core import TARGET_SCORE
from logger_widget.i18n import Translator
from logger_widget.i18n.texts.review import SENTENCES
from logger_widget.review import TurnReview, review
from logger_widget.tournament import play_game

#: (seat 1, seat 2) bots of the measured games.
PAIRINGS = (
    ("random", "greedy"),
    ("greedy", "mcts:easy"),
    ("mcts:easy", "mcts:medium"),
    ("random", "mcts:easy"),
)


def hands_over(turn: TurnReview) -> bool:
    """The turn lets the next seat reach the target with one chop, and the better turn does not."""

    def reaches(position_after: object, leaves: int) -> bool:
        seat = position_after.to_move  # type: ignore[attr-defined]
        return position_after.scores[seat - 1] + leaves >= TARGET_SCORE  # type: ignore[attr-defined]

    if turn.played_facts.ends_game:
        return False
    if not reaches(turn.position.play(turn.played), turn.played_facts.leaves):
        return False
    if turn.best == turn.played:
        return False
    return turn.best_facts.ends_game or not reaches(turn.position.play(turn.best), turn.best_facts.leaves)


def measure(
    pairing: tuple[str, str], games: int, seed: int = 1, seconds: float = BOARD_SECONDS, show: bool = False
) -> Counter[str]:
    """The counts of :func:`main` for ``games`` games of ``pairing`` (game seeds ``seed * 1000 + g``)."""
    tr = Translator("en")
    generic = tr.translate(SENTENCES["search_only"])
    same = tr.translate(SENTENCES["as_good"]) if "as_good" in SENTENCES else None
    row = Counter[str]()
    for g in range(games):
        game = play_game(list(pairing), seed=seed * 1000 + g)
        result = review(game, seconds=seconds, seed=0)
        row["games"] += 1
        for turn in result.turns:
            row["turns"] += 1
            if turn.label in ("best", "good") and hands_over(turn):
                row["good_hands_over"] += 1
            if turn.best == turn.played:
                continue
            reasons = better_reasons(tr, turn)
            row["notes"] += 1
            if same in reasons:
                row["same"] += 1
            if generic in reasons:
                row["generic"] += 1
                if show:
                    print(f"  {turn.position.lpn} played {turn.played} better {turn.best}")
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games per pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=BOARD_SECONDS, help="review budget per position")
    parser.add_argument("--show", action="store_true", help="print every generic note's position and turns")
    args = parser.parse_args()
    began = time.perf_counter()
    total = Counter[str]()
    for pairing in PAIRINGS:
        row = measure(pairing, args.games, args.seed, args.seconds, args.show)
        total.update(row)
        _print(" vs ".join(pairing), row)
    _print("all", total)
    print(f"{time.perf_counter() - began:.0f} s")


def _print(name: str, row: Counter[str]) -> None:
    share = row["generic"] / row["notes"] if row["notes"] else 0.0
    print(
        f"{name}: {row['games']} games, {row['turns']} turns, {row['notes']} notes with a better turn; "
        f"generic reason only {row['generic']} ({share:.1%}); "
        f"'both come to the same' {row['same']}; best/good turns that hand over the end "
        f"{row['good_hands_over']}"
    )


if __name__ == "__main__":
    main()

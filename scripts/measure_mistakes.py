#!/usr/bin/env python3
"""Measure how often a reviewed game gives the pupil something to practise ("learn from your mistakes").

Usage: ``python -m scripts.measure_mistakes [--games N] [--seed S] [--seconds X]``.

Plays games between bots of different strengths, the "pupil" in seat 1 always the weaker
bot (``random``, ``greedy``, ``mcts:easy`` against ``greedy``, ``mcts:easy``,
``mcts:medium``), reviews each game as the board does (:data:`logger_widget.board.review_mode.BOARD_SECONDS`
per position, the board's seed), makes the pupil's personal puzzles
(:func:`logger_widget.progress.mistakes.personal_puzzles`) and prints, per pairing and in
all: the games with at least one blunder of the pupil, how many of them yield at least one
personal puzzle (the goal: all; and how many would with the acceptance search's
"clear" proof alone), the errors with no puzzle, and the puzzles by proof
(:data:`logger_widget.progress.mistakes.PROOFS`). The figures of ``--games 8`` are quoted in docs/progress.md.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from logger_widget.board.review_mode import BOARD_SECONDS
from logger_widget.progress.mistakes import PROOFS, personal_puzzles
from logger_widget.review import review
from logger_widget.tournament import play_game

#: (pupil's bot, opponent's bot): the pupil is always the weaker one.
PAIRINGS = (
    ("random", "greedy"),
    ("greedy", "mcts:easy"),
    ("mcts:easy", "mcts:medium"),
    ("random", "mcts:easy"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games per pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=BOARD_SECONDS, help="review budget per position")
    args = parser.parse_args()
    began = time.perf_counter()
    total = Counter[str]()
    for pupil, opponent in PAIRINGS:
        row = Counter[str]()
        for g in range(args.games):
            game = play_game([pupil, opponent], seed=args.seed * 1000 + g)
            result = review(game, seconds=args.seconds, seed=0)
            made = personal_puzzles(f"g-{pupil}-{g}", result, [1])
            errors = result.mistakes(1)
            blunders = sum(t.label == "blunder" for t in errors)
            row["games"] += 1
            row["errors"] += len(errors)
            row["unpuzzled"] += len(errors) - len(made)
            row["with_error"] += bool(errors)
            row["with_error_practice"] += bool(errors) and bool(made)
            row["with_error_clear"] += bool(errors) and any(p.proof == "clear" for p in made)
            row["with_blunder"] += bool(blunders)
            row["with_blunder_practice"] += bool(blunders) and bool(made)
            row["with_blunder_clear"] += bool(blunders) and any(p.proof == "clear" for p in made)
            for p in made:
                row[p.proof] += 1
        total.update(row)
        _print(f"{pupil} vs {opponent}", row)
    _print("all", total)
    print(f"{time.perf_counter() - began:.0f} s")


def _print(name: str, row: Counter[str]) -> None:
    proofs = ", ".join(f"{kind} {row[kind]}" for kind in PROOFS)
    clear = 'with a "clear" proof only'
    print(
        f"{name}: {row['games']} games; with a blunder {row['with_blunder']}, yielding practice "
        f"{row['with_blunder_practice']} ({clear}: {row['with_blunder_clear']}); with an error "
        f"{row['with_error']}, yielding practice {row['with_error_practice']} ({clear}: "
        f"{row['with_error_clear']}); errors {row['errors']}, without a puzzle {row['unpuzzled']}; "
        f"puzzles by proof: {proofs}"
    )


if __name__ == "__main__":
    main()

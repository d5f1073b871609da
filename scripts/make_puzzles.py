#!/usr/bin/env python3
"""Regenerate the shipped puzzle set from self-play games of the bots (docs/puzzles.md).

Usage: ``nice python -m scripts.make_puzzles --seed S --count N [--workers 1|2] [--max-games G]
[--theme-goal T] [--rerate FILE] [--out FILE] [--report FILE]``.

Plays games (``logger_widget.puzzles.generate.game_specs``) in batches until
``spare`` × ``count`` puzzles were accepted and each rare theme
(``generate.VARIATION_THEMES``) has ``--theme-goal`` of them (or ``--max-games``), keeps ``count``
of them with the themes taken in turn, lets the bot ladder attempt each one
(``rating.LADDER``), fits the difficulty, and writes the set (default: the
package data ``logger_widget/puzzles/data/puzzles.json``). Prints a report:
positions examined and accepted, per theme; rejections by reason; times;
the difficulty spread. The same seed and count give the same file. ``--rerate FILE`` skips
the games and takes the puzzles of FILE as the candidates (the bots' attempts and the fit
only: after a change of the ladder or of the fit).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from logger_widget.puzzles.generate import (
    VARIATION_THEMES,
    Candidate,
    Harvest,
    attempts,
    cut_game,
    game_specs,
    rate,
    select,
)
from logger_widget.puzzles.puzzle import FORMAT, THEMES, read_puzzles
from logger_widget.puzzles.rating import CHOICE, LADDER, band
from logger_widget.puzzles.search import MARGIN

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "logger_widget" / "puzzles" / "data" / "puzzles.json"
BATCH = 20


class _Serial(Executor):
    def map(self, fn: Any, *iterables: Any, timeout: Any = None, chunksize: int = 1) -> Any:  # type: ignore[override]
        return map(fn, *iterables)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--count", type=int, default=240, help="puzzles to ship")
    parser.add_argument(
        "--workers", type=int, default=2, choices=(1, 2), help="worker processes (the machine is shared)"
    )
    parser.add_argument("--max-games", type=int, default=2000)
    parser.add_argument(
        "--spare", type=float, default=1.15, help="play until spare × count puzzles were accepted"
    )
    parser.add_argument(
        "--theme-goal",
        type=int,
        default=12,
        help="also play until each of the rare themes (generate.VARIATION_THEMES) has this many accepted",
    )
    parser.add_argument(
        "--rerate",
        type=Path,
        default=None,
        help="skip the games: take the puzzles of this file (positions, solutions, themes, sources) "
        "and only let the bots attempt them and fit the difficulty again",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--report", type=Path, default=None, help="also write the report as JSON here")
    args = parser.parse_args()

    executor: Executor = ProcessPoolExecutor(args.workers) if args.workers > 1 else _Serial()
    start = time.perf_counter()
    harvest = Harvest()
    games = 0
    with executor:

        def wanting() -> bool:
            rare = Counter(c.theme for c in harvest.accepted)
            return len(harvest.accepted) < args.spare * args.count or any(
                rare[t] < args.theme_goal for t in VARIATION_THEMES
            )

        if args.rerate is not None:
            harvest.accepted.extend(
                Candidate(p.lpn, p.solutions, p.theme, p.margin, p.source) for p in read_puzzles(args.rerate)
            )
        while args.rerate is None and games < args.max_games and wanting():
            specs = game_specs(args.seed, min(games + BATCH, args.max_games))[games:]
            for h in executor.map(cut_game, specs):
                harvest.add(h)
            games += len(specs)
            by_theme = Counter(c.theme for c in harvest.accepted)
            print(
                f"games {games}: examined {harvest.examined}, accepted {len(harvest.accepted)} {dict(by_theme)}",
                flush=True,
            )
        cut_seconds = time.perf_counter() - start
        chosen = select(harvest.accepted, args.count)
        t = time.perf_counter()
        tries = [a for batch in executor.map(attempts, chosen, [args.seed] * len(chosen)) for a in batch]
        attempt_seconds = time.perf_counter() - t
    puzzles, bots = rate(chosen, tries)
    args.out.write_text(
        json.dumps(
            {
                "format": FORMAT,
                "seed": args.seed,
                "margin": MARGIN,
                "bots": {b: round(r, 1) for b, r in sorted(bots.items(), key=lambda kv: kv[1])},
                "puzzles": [p.to_dict() for p in puzzles],
            },
            ensure_ascii=False,
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    ratings = [p.rating for p in puzzles]
    solved: dict[str, float] = {}
    for a in tries:  # the random bot's tries score its exact chance
        solved[a.bot] = solved.get(a.bot, 0.0) + a.score
    tried = Counter(a.bot for a in tries)
    report = {
        "seed": args.seed,
        "games": games,
        "workers": args.workers,
        "examined": harvest.examined,
        "side_lines_examined": harvest.variations,
        "side_lines_accepted": sum(bool(c.source.variation) for c in harvest.accepted),
        "side_lines_shipped": sum(bool(p.source.variation) for p in puzzles),
        "rejected": dict(harvest.rejected),
        "examined_by_theme": {t: harvest.examined_by_theme[t] for t in THEMES},
        "accepted_by_theme": {t: sum(c.theme == t for c in harvest.accepted) for t in THEMES},
        "shipped_by_theme": {t: sum(p.theme == t for p in puzzles) for t in THEMES},
        "shipped": len(puzzles),
        "cut_seconds": round(cut_seconds, 1),
        "attempt_seconds": round(attempt_seconds, 1),
        "bot_ratings": {b: round(r) for b, r in sorted(bots.items(), key=lambda kv: kv[1])},
        "bot_solve_rate": {
            b: round(solved.get(b, 0.0) / tried[b], 3) for b in [*(b for b, _ in LADDER), CHOICE]
        },
        "rating_quartiles": [round(q) for q in statistics.quantiles(ratings, n=4)]
        if len(ratings) > 1
        else ratings,
        "rating_range": [round(min(ratings)), round(max(ratings))] if ratings else [],
        "bands": dict(Counter(band(r, bots) for r in ratings)),
    }
    text = json.dumps(report, indent=1)
    print(text)
    if args.report:
        args.report.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

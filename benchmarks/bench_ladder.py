"""The Elo ladder of the MCTS presets (easy < medium < hard) with 2 and 4 players.

Usage::

    nice python benchmarks/bench_ladder.py [--json] [--games2 12] [--games3 36] [--games4 144]
                                           [--workers 2] [--seed 21] [--only 2|3|4]
                                           [--easy N --medium N --hard N]

Plays, with the project's own tournament code (:mod:`logger_widget.tournament`):

* **2 players**: a round robin of ``mcts:easy``, ``mcts:medium``,
  ``mcts:hard`` and ``random`` (the anchor), ``--games2`` games per pair with
  the seats swapped (:func:`~logger_widget.tournament.round_robin`);
* **3 players**: the four tables of three of the presets and ``greedy`` (the
  anchor), ``--games3`` games each with every seat order equally often;
* **4 players**: one table of the three presets and ``greedy`` (the anchor),
  ``--games4`` games with the seat order permuted (game ``k`` plays the
  table's ``k``-th of the 24 seat orders, :func:`~logger_widget.tournament.seat_rotated`
  with ``orders="permuted"``): with rotation only, each bot always plays after
  the same neighbour, and that order swung ratings by ~300 Elo (docs/bots.md).

Each is rated by Bradley–Terry on the Elo scale with 95 % intervals
(:meth:`Tournament.bradley_terry`, ratings 1500 on average); the *steps* are
medium − easy and hard − medium. The bots are the presets of
:data:`logger_widget.bots.PRESETS` (iteration budgets, so the games do not depend on the
machine's speed or load: the same seed gives the same games on any machine
with the same search — compiled or Python); ``--easy/--medium/--hard`` try
other budgets with the presets' other settings. Goal: each step
≥ +150 Elo with 2 and with 4 players (3 players measured too). Prints a Markdown table (or one JSON
line with ``--json``) with the games, W-D-L, ratings, steps, the search used
(compiled or Python), wall time and the load average (``os.getloadavg``) before
and after. Run it with ``nice`` on a shared machine: with the defaults it took
233 s on a quiet 2-core machine (load ~2), 2 workers.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from logger_widget.bots import PRESETS, MCTSBot
from logger_widget.engine import fast
from logger_widget.tournament import Tournament, round_robin, seat_rotated

LEVELS = ("easy", "medium", "hard")


def presets(budgets: dict[str, int | None]) -> list[Any]:
    """The three MCTS presets (or the same with other iteration budgets), named ``mcts:<level>``."""
    out: list[Any] = []
    for level in LEVELS:
        spec = f"mcts:{level}"
        bot = PRESETS[spec].make()
        if budgets.get(level):
            config = {p: getattr(bot, p) for p in bot._params}
            bot = MCTSBot(**{**config, "iterations": budgets[level], "name": spec})
        out.append(bot)
    return out


def rate(t: Tournament) -> dict[str, Any]:
    """Ratings, W-D-L and steps of a tournament."""
    bt = {r.name: r for r in t.bradley_terry()}
    st = {s.name: s for s in t.standings()}
    rows = {
        name: {
            "rating": round(bt[name].rating),
            "pm": round((bt[name].high - bt[name].low) / 2),
            "wdl": f"{st[name].wins}-{st[name].draws}-{st[name].losses}",
        }
        for name in t.names
    }
    levels = [f"mcts:{lv}" for lv in LEVELS]
    steps = [round(bt[b].rating - bt[a].rating) for a, b in zip(levels, levels[1:], strict=False)]
    separated = [bt[a].high < bt[b].low for a, b in zip(levels, levels[1:], strict=False)]
    return {"games": len(t.games), "bots": rows, "steps": steps, "separated": separated}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--games2", type=int, default=12, help="2-player games per pair (even)")
    ap.add_argument(
        "--games3", type=int, default=36, help="3-player games per table of 3 (4 tables; a multiple of 6)"
    )
    ap.add_argument("--games4", type=int, default=144, help="4-player games (a multiple of 24)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=21)
    for level in LEVELS:
        ap.add_argument(
            f"--{level}",
            type=int,
            default=None,
            help=f"iterations of {level} at every table size (default: the preset's)",
        )
    ap.add_argument("--only", choices=("2", "3", "4"), default=None, help="run one ladder only")
    args = ap.parse_args()
    budgets = {level: getattr(args, level) for level in LEVELS}
    fast.warm_up()
    load_before = [round(x, 2) for x in os.getloadavg()]
    began = time.perf_counter()
    result: dict[str, Any] = {
        "budgets": {lv: b.iterations for lv, b in zip(LEVELS, presets(budgets), strict=True)},
        "search": "compiled" if fast.ready() else "python",
        "load_before": load_before,
    }
    if args.only in (None, "2"):
        t0 = time.perf_counter()
        t2 = round_robin(
            [*presets(budgets), "random"],
            games_per_pair=args.games2,
            seed=args.seed,
            workers=args.workers,
            progress=False,
        )
        result["players2"] = {**rate(t2), "seconds": round(time.perf_counter() - t0)}
    for players, games in ((3, args.games3), (4, args.games4)):
        if args.only not in (None, str(players)):
            continue
        t0 = time.perf_counter()
        table = seat_rotated(
            [*presets(budgets), "greedy"],
            players=players,
            games=games,
            seed=args.seed,
            workers=args.workers,
            progress=False,
            orders="permuted",
        )
        result[f"players{players}"] = {**rate(table), "seconds": round(time.perf_counter() - t0)}
    result["seconds"] = round(time.perf_counter() - began)
    result["load_after"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"budgets {result['budgets']}, {result['search']} search, {result['seconds']} s, "
        f"load {load_before} -> {result['load_after']}"
    )
    for key in ("players2", "players3", "players4"):
        if key not in result:
            continue
        r = result[key]
        cells = [f"{b['rating']} ± {b['pm']} ({b['wdl']})" for b in r["bots"].values()]
        print(
            f"| {key[-1]} | {r['games']} | " + " | ".join(cells) + f" | +{r['steps'][0]}, +{r['steps'][1]} |"
        )
    print("columns: players | games | easy | medium | hard | anchor (2: random, 3 and 4: greedy) | steps")


if __name__ == "__main__":
    main()

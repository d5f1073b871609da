"""The pupil's first bot move on a fresh install: compile time and how long the board's thread is blocked.

Usage::

    python benchmarks/bench_first_move.py [--json] [--bot mcts:hard] [--after 0]

Runs two fresh Python processes one after the other with the same new, empty
Numba cache (``NUMBA_CACHE_DIR`` = a new temporary folder): the first finds
the cache empty (a fresh install: everything is compiled), the second finds
it filled (every later session: the compiled code is loaded). Each process
does what a notebook cell with a board does, on an :mod:`asyncio` event loop
standing in for the kernel's:

1. builds ``Board(["human", bot], bot_mode="thread", bot_delay=0)`` (the
   board starts loading the compiled search in a background thread);
2. plays the pupil's first turn (the first legal turn) with :meth:`Board.play`;
3. waits for the bot's reply, then for the compiled search to be ready.

A ticker coroutine on the loop wakes every 10 ms; the longest gap between two
ticks after the board is built is how long the loop (the kernel's main
thread, which handles the board's messages) was blocked while the board was
in use (building the board is the cell's own work, reported as ``board_s``). Prints one JSON object per process with
``--json`` (``cache``: ``"cold"`` or ``"warm"``)::

    {"cache": "cold", "board_s": ..., "reply_s": ..., "reply_compiled": false,
     "kernel_compile_s": ..., "search_ready_s": ..., "max_gap_s": ...,
     "max_gap_until_reply_s": ..., "numba_imported_on_main_thread": false, "load": [1m, 5m, 15m]}

``board_s``: building the board; ``reply_s``: from the pupil's turn to the
bot's turn on the board; ``reply_compiled``: the reply came from the compiled
search (else the Python search, capped at ``bots.mcts.WARM_UP_CAP`` seconds);
``kernel_compile_s``: ``engine.fast.compile_seconds()`` (importing Numba and
compiling or loading the kernel); ``search_ready_s``: from building the board
until the compiled search is ready (kernel and search); ``max_gap_s``: the
longest block of the loop over the whole run, ``max_gap_until_reply_s`` until
the reply. Goal: no block longer than 2 s. ``load`` is
``os.getloadavg()`` at the end (the machine is shared; compile times grow with
the load). ``--child`` runs one process's part in this process (used by
``tests/test_fast.py`` with ``--no-wait``: stop after the reply).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any


def child(bot: str, wait_compile: bool) -> dict[str, Any]:
    """One fresh process's run (see the module docstring); returns its JSON object."""
    imported_on_main: list[bool] = []

    def audit(event: str, args: tuple[Any, ...]) -> None:
        if event == "import" and args and args[0] == "numba":
            imported_on_main.append(threading.current_thread() is threading.main_thread())

    sys.addaudithook(audit)
    from logger_widget.board.widget import Board
    from logger_widget.bots import mcts
    from logger_widget.engine import fast

    async def run() -> dict[str, Any]:
        gaps = {"max": 0.0}
        stop = asyncio.Event()

        async def ticker() -> None:
            last = time.perf_counter()
            while not stop.is_set():
                await asyncio.sleep(0.01)
                now = time.perf_counter()
                gaps["max"] = max(gaps["max"], now - last - 0.01)
                last = now

        tick = asyncio.create_task(ticker())
        await asyncio.sleep(0.05)
        t0 = time.perf_counter()
        board = Board(["human", bot], locale="en", bot_mode="thread", bot_delay=0, seed=1)
        board_s = (
            time.perf_counter() - t0
        )  # a cell's own work (imports), not a block while the board is shown
        await asyncio.sleep(0.05)
        gaps["max"] = 0.0
        turn = next(iter(board.game.position.legal_turns()))
        t1 = time.perf_counter()
        board.play(turn)
        while len(board.game.turns) < 2:
            await asyncio.sleep(0.01)
            if time.perf_counter() - t1 > 120:
                raise SystemExit("no reply from the bot within 120 s")
        reply_s = time.perf_counter() - t1
        seat_bot = board._seats[1].bot
        compiled = bool(seat_bot.last_stats.get("compiled"))
        gap_until_reply = gaps["max"]
        ready_s = None
        if wait_compile:
            while not mcts._compiled_ready.is_set():
                await asyncio.sleep(0.05)
            ready_s = time.perf_counter() - t0
            await asyncio.sleep(0.2)
        stop.set()
        await tick
        return {
            "board_s": round(board_s, 3),
            "reply_s": round(reply_s, 3),
            "reply_compiled": compiled,
            "kernel_compile_s": None if fast.compile_seconds() is None else round(fast.compile_seconds(), 2),
            "search_ready_s": None if ready_s is None else round(ready_s, 2),
            "max_gap_s": round(gaps["max"], 3),
            "max_gap_until_reply_s": round(gap_until_reply, 3),
            "numba_imported_on_main_thread": any(imported_on_main),
            "load": [round(x, 2) for x in os.getloadavg()],
        }

    return asyncio.run(run())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--bot", default="mcts:hard")
    ap.add_argument("--child", action="store_true", help="run one process's part here")
    ap.add_argument("--no-wait", action="store_true", help="with --child: stop after the bot's reply")
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.bot, not args.no_wait)), flush=True)
        return
    results = []
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        for kind in ("cold", "warm"):
            out = subprocess.run(
                [sys.executable, __file__, "--child", "--bot", args.bot],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            result = {"cache": kind, **json.loads(out.strip().splitlines()[-1])}
            results.append(result)
            print(json.dumps(result) if args.json else result, flush=True)


if __name__ == "__main__":
    main()

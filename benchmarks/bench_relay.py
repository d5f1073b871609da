"""The class game service: turn relay latency with 15 games running, memory and CPU for 30 pupils.

Usage (needs the project's environment; PostgreSQL's server for ``--db postgresql``)::

    python -m benchmarks.bench_relay --json [--games 15] [--turns 40] [--think 1] [--spread 0.5] [--idle 30] [--db sqlite|postgresql]
        [--processes 8] [--client kernel|urllib]

A real JupyterHub (``tests/classgamekit.py``: no single-user servers) gives ``2 × games`` pupils a
token each; the service (``python -m logger_widget.service``) runs on a SQLite file or on a
PostgreSQL server started for the run (``tests/dbkit.py``). Then:

1. **30 connected pupils, idle**: every pupil sits in a game and keeps a long-poll open on its
   events (as a board does) and posts a presence heartbeat every 10 s, for ``--idle`` seconds;
   the service's resident memory (RSS: the service and its bot worker process) and CPU (% of one
   core: user + system time over the wall time);
2. **relay latency with the games running**: ``--games`` games at once (spread over
   ``--processes`` client processes; with ``--client kernel``, the default, every pupil is a
   coroutine on its process's one event loop using the boards' own client, ``AsyncClassClient``,
   whose connections stay open, as a pupil's kernel does; with ``--client urllib`` a thread per
   pupil opening a new connection per request), each pupil's turns chosen by the
   ``greedy`` preset before the timed phase starts (a pupil's click costs the machine nothing:
   the figure is the service's, not 300 bots' competing with it for the 2 cores) and posted at
   their ply after ``--think`` seconds (1 s: a brisk class; 0: as fast as the machine goes, a
   stress test) on average: each wait is drawn uniformly from ``think × (1 ± spread)``
   (``--spread``, default 0.5; seeded per pupil), as pupils of a class do not all take the same
   time; ``--spread 0`` has every pupil wait exactly ``--think``, so that the games started
   together stay in step and every pupil's turn comes in the same moment as 149 others (the
   heaviest burst the service can meet), the opponent long-polling;
   the latency of a turn is from the moment its pupil starts the POST to the moment the opponent's
   long-poll returns it (both in this process: one clock) — median, p95 and max over every turn;
   the service's RSS and CPU meanwhile; with ``--client kernel`` also the turn's POST alone
   (``post_ms``: from its start to the service's answer, the turn written to the database).

What it does not include: the hub's proxy (the clients talk to the service's port, as the hub's
proxy would forward them; one more local hop) and the board's drawing (the widget's own redraw is
measured in the browser tests, docs/benchmarks.md "Board").

Prints one JSON line (``--json``) with the figures and the 1-minute load averages at the start and
the end (the machine is shared: report them with the figures); details go to stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import psutil

from tests.classgamekit import (
    BotPupil,
    Client,
    mini_hub,
    relay_latencies,
    running_service,
    scripted_game,
    thinking_times,
)
from tests.dbkit import PostgresServer


def log(*args: Any) -> None:
    print(*args, file=sys.stderr, flush=True)


class Usage:
    """CPU time and peak RSS of a process and its children between :meth:`start` and :meth:`stop`."""

    def __init__(self, pid: int) -> None:
        self.process = psutil.Process(pid)
        self.peak_rss = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _tree(self) -> list[psutil.Process]:
        return [self.process, *self.process.children(recursive=True)]

    def _cpu(self) -> float:
        total = 0.0
        for p in self._tree():
            try:
                t = p.cpu_times()
                total += t.user + t.system
            except psutil.NoSuchProcess:
                pass
        return total

    def _sample(self) -> None:
        while not self._stop.wait(0.5):
            rss = 0
            for p in self._tree():
                try:
                    rss += p.memory_info().rss
                except psutil.NoSuchProcess:
                    pass
            self.peak_rss = max(self.peak_rss, rss)

    def start(self) -> None:
        self.t0, self.cpu0 = time.monotonic(), self._cpu()
        self._thread.start()

    def stop(self) -> dict[str, float]:
        self._stop.set()
        self._thread.join()
        wall = time.monotonic() - self.t0
        return {"seconds": round(wall, 1), "cpu_percent_of_one_core": round(100 * (self._cpu() - self.cpu0) / wall, 1),
                "peak_rss_mb": round(self.peak_rss / 2**20, 1)}  # fmt: skip


def idle_pupils(people: list[Client], seconds: float) -> None:
    """Every pupil in a game (pairs), a long-poll open on it and a heartbeat every 10 s, for ``seconds``."""
    games = []
    for i in range(0, len(people) - 1, 2):
        seek = people[i].ok("POST", "seeks", {"players": 2, "invite": [people[i + 1].name]})
        games.append(int(people[i + 1].ok("POST", f"seeks/{seek['id']}/accept")["game"]))
    end = time.monotonic() + seconds

    def connected(client: Client, game: int) -> None:
        beat = 0.0
        while time.monotonic() < end:
            if time.monotonic() - beat >= 10:
                client.ok("POST", "presence")
                beat = time.monotonic()
            wait = max(0.0, min(10.0, end - time.monotonic()))
            client.ok("GET", f"games/{game}/events?after=0&timeout={wait:.1f}")

    threads = [threading.Thread(target=connected, args=(c, games[i // 2])) for i, c in enumerate(people)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, game in enumerate(games):
        people[2 * i].ok("POST", f"games/{game}/resign")


class KernelPupil:
    """A pupil's board as the class loop of its kernel plays it: :class:`AsyncClassClient`, kept connections.

    The same turns and requests as :class:`tests.classgamekit.BotPupil` (post the turn at its ply
    after each of ``waits``' seconds, long-poll the game's events), through the client every pupil's board
    uses (aiohttp, its connections kept open), on the process's one event loop: a pupil's kernel
    runs its class requests on one loop too. ``sent``, ``received`` and ``refused`` as BotPupil's
    (:func:`tests.classgamekit.relay_latencies` reads them).
    """

    def __init__(
        self, base: str, token: str, game: int, waits: Any, script: list[str], poll: float = 10.0
    ) -> None:
        from logger_widget.online.client import AsyncClassClient

        self.client, self.game, self.waits, self.script, self.poll = (
            AsyncClassClient(base, token),
            game,
            waits,
            script,
            poll,
        )
        self.sent: dict[int, float] = {}
        self.received: dict[int, float] = {}
        self.answered: dict[int, float] = {}  # when the service's answer to the turn's POST came
        self.refused: list[Any] = []

    async def run(self) -> None:
        from logger_widget.engine import Position
        from logger_widget.online.client import Refused

        try:
            state = await self.client.game(self.game)
            (seat,) = state["you"]
            position, ply, after, status = Position.from_lpn(state["lpn"]), state["ply"], 0, state["status"]
            while status == "active":
                if position.to_move == seat and ply not in self.sent:
                    await asyncio.sleep(next(self.waits))
                    self.sent[ply] = time.monotonic()
                    try:
                        await self.client.play(self.game, ply, self.script[ply])
                    except Refused as e:
                        self.refused.append(e.body)
                        return
                    self.answered[ply] = time.monotonic()
                reply = await self.client.events(self.game, after, self.poll)
                now = time.monotonic()
                for event in reply["events"]:
                    if event["kind"] == "turn":
                        if event["seat"] != seat:
                            self.received[event["ply"]] = now
                        position, ply = Position.from_lpn(event["lpn"]), event["ply"] + 1
                after, status = reply["last_seq"], reply["status"]
        finally:
            await self.client.aclose()


def play_games(
    jobs: list[tuple[str, int, list[tuple[str, str]], float, float, int]],
    ready: Any,
    go: Any,
    client: str = "kernel",
) -> list[dict[str, Any]]:
    """Play some games, each between two pupils of this process: their relay latencies and refusals.

    Every game's turns are chosen first (the ``greedy`` preset, as each pupil's board would be
    told them), then the process says ``ready`` and waits for ``go``: the timed phase measures
    the service, not the pupils' bots starting up. ``client``: ``"kernel"``, every pupil a
    :class:`KernelPupil` on this process's one event loop (what a pupil's board does), or
    ``"urllib"``, every pupil a thread of :class:`tests.classgamekit.BotPupil` opening a new
    connection per request.
    """
    games: list[tuple[int, list[Any]]] = []
    for base, game, seats, think, spread, turns in jobs:
        script = scripted_game("greedy", [2 * game, 2 * game + 1], turns)
        if client == "kernel":
            pupils: list[Any] = [
                KernelPupil(base, token, game, thinking_times(think, spread, 2 * game + i), script)
                for i, (_, token) in enumerate(seats)
            ]
        else:
            pupils = [
                BotPupil(
                    Client(base, token, name),
                    game,
                    "greedy",
                    seed=2 * game + i,
                    think=think,
                    script=script,
                    spread=spread,
                )
                for i, (name, token) in enumerate(seats)
            ]
        games.append((game, pupils))
        ready.release()
    go.wait()
    if client == "kernel":

        async def everyone() -> None:
            await asyncio.gather(*(pupil.run() for _, pupils in games for pupil in pupils))

        asyncio.run(everyone())
    else:
        for _, pupils in games:
            for pupil in pupils:
                pupil.start()
        for _, pupils in games:
            for pupil in pupils:
                pupil.join(600)
    return [
        {
            "latencies": relay_latencies([(game, pupils)]),
            "posts": [t - p.sent[ply] for p in pupils for ply, t in getattr(p, "answered", {}).items()],
            "refused": [r for p in pupils for r in p.refused],
        }
        for game, pupils in games
    ]


def _worker(jobs: list[Any], ready: Any, go: Any, out: Any, client: str) -> None:
    out.put(play_games(jobs, ready, go, client))


def run_games(pairs: list[Any], processes: int, on_go: Any, client: str = "kernel") -> list[dict[str, Any]]:
    """Play ``pairs`` spread over ``processes`` client processes; ``on_go()`` is called as the timed phase starts."""
    context = multiprocessing.get_context("spawn")
    ready, go, out = context.Semaphore(0), context.Event(), context.Queue()
    shares = [pairs[i::processes] for i in range(min(processes, len(pairs)))]
    workers = [context.Process(target=_worker, args=(share, ready, go, out, client)) for share in shares]
    for w in workers:
        w.start()
    for _ in pairs:
        ready.acquire()
    on_go()
    go.set()
    played = [game for _ in workers for game in out.get()]
    for w in workers:
        w.join()
    return played


def _figures(seconds: list[float]) -> dict[str, float] | None:
    """Median, p95 and max of sorted ``seconds``, in ms (``None``: none measured)."""
    if not seconds:
        return None
    p95 = seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))]
    return {"median": round(1000 * statistics.median(seconds), 1), "p95": round(1000 * p95, 1),
            "max": round(1000 * seconds[-1], 1)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--turns", type=int, default=40, help="each game's turn limit")
    parser.add_argument("--idle", type=float, default=30.0, help="seconds of the idle phase")
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument(
        "--think", type=float, default=1.0, help="seconds each pupil waits before a turn (0: flat out)"
    )
    parser.add_argument(
        "--spread",
        type=float,
        default=0.5,
        help="each wait is drawn uniformly from think × (1 ± spread), seeded per pupil "
        "(0: every pupil waits exactly --think, all in step)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=8,
        help="client processes the games are spread over (threads in each)",
    )
    parser.add_argument(
        "--client",
        choices=["kernel", "urllib"],
        default="kernel",
        help="kernel: the pupils' boards' client (aiohttp, kept connections, one event loop per process); "
        "urllib: a thread per pupil, a new connection per request",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load_start = os.getloadavg()[0]
    names = [f"p{i:02d}" for i in range(1, 2 * args.games + 1)]
    folder = Path(tempfile.mkdtemp(prefix="bench-relay-"))
    postgres = None
    try:
        if args.db == "postgresql":
            postgres = PostgresServer(folder)
            postgres.start()
            url = postgres.new_database()
        else:
            url = f"sqlite:///{folder / 'classgame.sqlite'}"
        with mini_hub(names) as hub, running_service(hub, url) as service:
            people = [Client(service.url, hub.token(n), n) for n in names]
            log(f"== {len(people)} pupils connected, idle, {args.idle:.0f} s")
            usage = Usage(service.pid)
            usage.start()
            idle_pupils(people, args.idle)
            idle = usage.stop()
            log("idle:", idle)
            log(f"== {args.games} games of {args.turns} turns at once")
            pairs = []
            for i in range(0, len(people) - 1, 2):
                first, second = people[i], people[i + 1]
                seek = first.ok(
                    "POST", "seeks", {"players": 2, "invite": [second.name], "turn_limit": args.turns}
                )
                game = int(second.ok("POST", f"seeks/{seek['id']}/accept")["game"])
                pairs.append(
                    (service.url, game, [(first.name, first.token), (second.name, second.token)], args.think, args.spread,
                     args.turns)
                )  # fmt: skip
            usage = Usage(service.pid)

            def timed_phase() -> None:
                usage.start()
                log("== the timed phase starts")

            played = run_games(pairs, args.processes, timed_phase, args.client)
            playing = usage.stop()
            if os.environ.get("BENCH_RELAY_LOG"):
                shutil.copy(service.log, os.environ["BENCH_RELAY_LOG"])
            refused = [r for game in played for r in game["refused"]]
            latencies = sorted(x for game in played for x in game["latencies"])
            posts = sorted(x for game in played for x in game["posts"])
            log("playing:", playing, "refused:", refused[:3])
    finally:
        if postgres is not None:
            postgres.stop()
        shutil.rmtree(folder, ignore_errors=True)
    p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
    result = {
        "db": args.db, "client": args.client, "games": args.games, "think_s": args.think, "spread": args.spread, "pupils": len(names), "turns_relayed": len(latencies),
        "refused": len(refused),
        "relay_ms": {"median": round(1000 * statistics.median(latencies), 1), "p95": round(1000 * p95, 1),
                     "max": round(1000 * latencies[-1], 1)},
        "post_ms": _figures(posts),
        "turns_per_second": round(len(latencies) / playing["seconds"], 1),
        "idle_30_pupils": idle, "playing": playing,
        "load_1min": {"start": round(load_start, 2), "end": round(os.getloadavg()[0], 2)},
    }  # fmt: skip
    print(json.dumps(result) if args.json else json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

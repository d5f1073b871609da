"""Class play, the whole turn path: one pupil's click on a live board → the classmate's board redrawn.

Usage (needs the project's environment)::

    python -m benchmarks.bench_class_boards --json [--games 15] [--turns 40] [--think 1]

A real JupyterHub gives the pupils their tokens (``tests/classgamekit.py``) and the class game
service runs on a SQLite file, as in ``benchmarks/bench_relay.py``. ``--games`` − 1 games are
bot-driven through the API (one process per game, each pupil thinking ``--think`` s per turn, as
``bench_relay`` does); in the last game both seats are **real boards**: two IPython kernels
(``jupyter_client``), each running ``OnlineBoard(game, client=ClassClient(…))`` as a pupil's
notebook does. This process is both pupils' front ends: it sends each click's intent as the
board's front end does (a ``comm_msg`` custom message to the board's widget) and reads the
boards' views (the widget's ``update`` messages on the kernels' IOPub channels).

The figure, per turn: from sending the last intent of the turn (the click that completes it) to
the classmate's kernel sending the view that shows the new position (one clock, this process)
— **intent → classmate's view**. The browser's own render of that view is not in it (measured
by ``tests/e2e/test_classplay_e2e.py`` and ``tests/e2e/test_latency_e2e.py``). Each turn is
also broken down with timestamps taken in the kernels (wall clock, one machine):

* ``to_kernel``: intent sent → the mover's kernel handles it;
* ``to_post``: → the mover's ``AsyncClassClient.play`` starts its request (on the class play loop);
* ``post``: the request (the service checks and commits the turn) until its answer;
* ``to_feed``: the request's start → the classmate's long poll returns the turn (on its class play loop);
* ``to_loop``: → the answer is handled on the classmate kernel's event loop;
* ``to_view``: → the classmate's view message arrives here.

Prints one JSON line (``--json``) with median, p95 and max of each, and the 1-minute load
averages at the start and the end (the machine is shared: report them with the figures).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import queue
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks.bench_relay import log
from tests.classgamekit import REPO, BotPupil, Client, mini_hub, relay_latencies, running_service


def play_game(job: tuple[str, int, list[tuple[str, str]], float]) -> dict[str, Any]:
    """Play one game between two bot-driven pupils in this process: its relay latencies and refusals."""
    base, game, seats, think = job
    pupils = [
        BotPupil(Client(base, token, name), game, "greedy", seed=2 * game + i, think=think)
        for i, (name, token) in enumerate(seats)
    ]
    for pupil in pupils:
        pupil.start()
    for pupil in pupils:
        pupil.join(600)
    return {"latencies": relay_latencies([(game, pupils)]), "refused": [r for p in pupils for r in p.refused]}


#: Run in each kernel: the pupil's board, and timestamps of the hops (this benchmark's own wrappers).
_KERNEL_CODE = """
import time
from logger_widget.classplay.online_mode import OnlineBoard
from logger_widget.online.client import ClassClient
__hops = {{"intent": [], "post": [], "posted": [], "feed": [], "loop": []}}
__client = ClassClient({url!r}, {token!r})
__aio = __client.aio
__play, __events = __aio.play, __aio.events
async def _play(*a, **k):
    __hops["post"].append(time.time())
    try:
        return await __play(*a, **k)
    finally:
        __hops["posted"].append(time.time())
async def _events(*a, **k):
    answer = await __events(*a, **k)
    if any(e.get("kind") == "turn" for e in answer.get("events") or ()):
        __hops["feed"].append(time.time())
    return answer
__aio.play, __aio.events = _play, _events
board = OnlineBoard({game}, "en", client=__client)
__on_events = board.mode._on_events
def _on_events(answer):
    if any(e.get("kind") == "turn" for e in answer.get("events") or ()):
        __hops["loop"].append(time.time())
    __on_events(answer)
board.mode._on_events = _on_events
__handle = board.handle_message
def _handle(content):
    __hops["intent"].append(time.time())
    return __handle(content)
board.handle_message = _handle
board
"""


class KernelBoard:
    """One pupil's kernel with an :class:`OnlineBoard`, driven as its front end drives it."""

    def __init__(self, name: str) -> None:
        from jupyter_client.manager import KernelManager

        self.name = name
        self.manager = KernelManager(kernel_name="python3")
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        env = {k: v for k, v in env.items() if not k.startswith(("JUPYTERHUB_", "LW_CLASSGAME"))}
        self.manager.start_kernel(env=env, cwd=tempfile.gettempdir())
        self.client = self.manager.client()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=120)
        self.cond = threading.Condition()
        self.model = ""
        self.state: dict[str, Any] = {}
        self.views: list[tuple[float, str]] = []  # (time, lpn) of every view update
        self.output: dict[str, str] = {}
        self.idle: set[str] = set()
        self.errors: dict[str, str] = {}
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.seq = 0

    def _read(self) -> None:
        while True:
            try:
                msg = self.client.get_iopub_msg(timeout=1)
            except queue.Empty:
                continue
            except Exception:  # noqa: BLE001 - the channels closed
                return
            now = time.time()
            kind, content = msg["msg_type"], msg["content"]
            parent = msg["parent_header"].get("msg_id", "")
            with self.cond:
                if kind == "comm_open" and "_view" in content["data"].get("state", {}):
                    self.model = content["comm_id"]
                    self.state = dict(content["data"]["state"])
                elif kind == "comm_msg" and content.get("comm_id") == self.model:
                    state = content["data"].get("state") or {}
                    self.state.update(state)
                    if "_view" in state:
                        self.views.append((now, str(state["_view"].get("lpn", ""))))
                elif kind == "stream" and parent:
                    self.output[parent] = self.output.get(parent, "") + content["text"]
                elif kind == "error" and parent:
                    self.errors[parent] = f"{content['ename']}: {content['evalue']}"
                elif kind == "status" and parent and content["execution_state"] == "idle":
                    self.idle.add(parent)
                self.cond.notify_all()

    def run(self, code: str, timeout: float = 180) -> str:
        """Run ``code`` as a cell; its printed output (raises with the cell's error)."""
        msg_id = self.client.execute(code)
        self.wait(lambda: msg_id in self.idle, timeout, "a cell")
        if msg_id in self.errors:
            raise RuntimeError(f"{self.name}: {self.errors[msg_id]}")
        return self.output.get(msg_id, "")

    def wait(self, predicate: Any, timeout: float, what: str) -> None:
        with self.cond:
            if not self.cond.wait_for(predicate, timeout):
                raise TimeoutError(f"{self.name}: {what}: nothing after {timeout:.0f} s")

    @property
    def view(self) -> dict[str, Any]:
        with self.cond:
            return dict(self.state.get("_view", {}))

    def intent(self, action: str, **extra: Any) -> float:
        """Send the board an intent as its front end does; when it was sent (``time.time()``)."""
        self.seq += 1
        content = {"type": "intent", "client": f"bench-{self.name}", "seq": self.seq,
                   "version": self.view["version"], "action": action, **extra}  # fmt: skip
        msg = self.client.session.msg(
            "comm_msg", {"comm_id": self.model, "data": {"method": "custom", "content": content}}
        )
        version = content["version"]
        sent = time.time()
        self.client.shell_channel.send(msg)
        self.wait(lambda: self.view.get("version", 0) > version, 60, f"the view after {action}")
        return sent

    def stop(self) -> None:
        self.client.stop_channels()
        self.manager.shutdown_kernel(now=True)


def play_turn(board: KernelBoard, turn: Any) -> float:
    """Play ``turn`` by the board's clicks (cells and buttons, as the view offers them); the last click's time."""
    spawns = list(turn.spawns)
    protests = list(turn.action.cells) if turn.action and turn.action.kind == "protest" else []
    start, last = board.view["lpn"], 0.0
    for _ in range(20):
        view = board.view
        if view["lpn"] != start or not view["interactive"]:
            return last
        marks = {c["id"]: c["mark"] for row in view["cells"] for c in row if c["mark"]}
        stage = view["stage"]
        if stage == "move":
            last = board.intent("cell", cell=turn.destination)
        elif stage == "spawn":
            cell = next(c for c in spawns if marks.get(c) == "spawn")
            spawns.remove(cell)
            last = board.intent("cell", cell=cell)
        elif stage == "action":
            last = board.intent("action", kind=turn.action.kind)
        elif stage in ("plant", "chop"):
            last = board.intent("cell", cell=turn.action.cells[0])
        elif stage == "protest":
            last = board.intent("cell", cell=protests.pop(0)) if protests else board.intent("done")
        else:
            return last
    raise RuntimeError(f"{turn} did not finish on {board.name}'s board")


def live_game(boards: dict[int, KernelBoard], think: float) -> list[dict[str, float]]:
    """Play the real boards' game to its end (greedy turns); each turn's timestamps."""
    from logger_widget.bots import make_bot
    from logger_widget.engine import Position

    bot = make_bot("greedy", seed=0)
    turns: list[dict[str, float]] = []
    while True:
        first = boards[1].view
        if first.get("over"):
            return turns
        position = Position.from_lpn(first["lpn"])
        if position.is_terminal:
            return turns
        mover, other = boards[position.to_move], boards[3 - position.to_move]
        mover.wait(
            lambda m=mover: bool(m.view.get("interactive") or m.view.get("over")), 60, "the pupil's turn"
        )
        if mover.view.get("over"):
            return turns
        if turns:
            turns[-1]["until"] = time.time()
        time.sleep(think)
        turn = bot.choose(position)
        target = position.play(turn).to_lpn()
        clicked = play_turn(mover, turn)
        other.wait(lambda o=other, t=target: any(lpn == t for _, lpn in o.views), 60, "the classmate's view")
        seen = next(t for t, lpn in other.views if lpn == target)
        turns.append({"clicked": clicked, "seen": seen, "mover": position.to_move, "until": float("inf")})


def breakdown(boards: dict[int, KernelBoard], turns: list[dict[str, float]]) -> dict[str, list[float]]:
    """Each turn's hops (ms) from the kernels' timestamps."""
    hops = {seat: json.loads(b.run("import json; print(json.dumps(__hops))")) for seat, b in boards.items()}
    out: dict[str, list[float]] = {k: [] for k in ("whole", "to_kernel", "to_post", "post", "to_feed",
                                                    "to_loop", "to_view", "views_mover", "views_classmate")}  # fmt: skip
    for turn in turns:
        seat = int(turn["mover"])
        mine, theirs = hops[seat], hops[3 - seat]
        t0, seen = turn["clicked"], turn["seen"]

        def after(values: list[float], t: float) -> float:
            return min((v for v in values if v >= t - 0.001), default=float("nan"))

        intent = after(mine["intent"], t0)
        post = after(mine["post"], intent)
        posted = after(mine["posted"], post)
        feed = after(theirs["feed"], post)
        loop = after(theirs["loop"], feed)
        for key, a, b in (("whole", t0, seen), ("to_kernel", t0, intent), ("to_post", intent, post),
                          ("post", post, posted), ("to_feed", post, feed), ("to_loop", feed, loop),
                          ("to_view", loop, seen)):  # fmt: skip
            if a == a and b == b:
                out[key].append(1000 * (b - a))
        # views each board sent from the completing click until the next turn began (the redraws)
        for key, board in (
            ("views_mover", boards[seat]),
            ("views_classmate", boards[3 - seat]),
        ):
            out[key].append(sum(1 for t, _ in board.views if t0 <= t < turn["until"]))
    return out


def figures(values: list[float]) -> dict[str, float]:
    s = sorted(values)
    if not s:
        return {}
    return {"median": round(statistics.median(s), 1), "p95": round(s[min(len(s) - 1, int(0.95 * len(s)))], 1),
            "max": round(s[-1], 1), "n": len(s)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=15, help="games at once, one of them on two real boards")
    parser.add_argument("--turns", type=int, default=40, help="each game's turn limit")
    parser.add_argument("--think", type=float, default=1.0, help="seconds each pupil waits before a turn")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load_start = os.getloadavg()[0]
    names = [f"p{i:02d}" for i in range(1, 2 * args.games + 1)]
    folder = Path(tempfile.mkdtemp(prefix="bench-boards-"))
    kernels: list[KernelBoard] = []
    try:
        with (
            mini_hub(names) as hub,
            running_service(hub, f"sqlite:///{folder / 'classgame.sqlite'}") as service,
        ):
            people = [Client(service.url, hub.token(n), n) for n in names]
            games = []
            for i in range(0, len(people) - 1, 2):
                first, second = people[i], people[i + 1]
                seek = first.ok(
                    "POST", "seeks", {"players": 2, "invite": [second.name], "turn_limit": args.turns}
                )
                games.append((int(second.ok("POST", f"seeks/{seek['id']}/accept")["game"]), first, second))
            live, *bots = games
            log("== two kernels with a board each")
            boards: dict[int, KernelBoard] = {}
            for seat, pupil in ((1, live[1]), (2, live[2])):
                board = KernelBoard(pupil.name)
                kernels.append(board)
                board.run(_KERNEL_CODE.format(url=service.url, token=pupil.token, game=live[0]))
                board.wait(lambda b=board: bool(b.model), 60, "the board's widget")
                boards[seat] = board
            jobs = [(service.url, g, [(a.name, a.token), (b.name, b.token)], args.think) for g, a, b in bots]
            log(f"== {len(jobs)} bot games and the boards' game of {args.turns} turns at once")
            with multiprocessing.get_context("spawn").Pool(max(1, len(jobs))) as pool:
                running = pool.map_async(play_game, jobs)
                turns = live_game(boards, args.think)
                load_mid = os.getloadavg()[0]
                played = running.get(900)
            hops = breakdown(boards, turns)
            relay = sorted(x * 1000 for game in played for x in game["latencies"])
    finally:
        for board in kernels:
            board.stop()
        shutil.rmtree(folder, ignore_errors=True)
    result = {
        "games": args.games, "think_s": args.think, "turns_on_boards": len(turns),
        "intent_to_classmate_view_ms": figures(hops.pop("whole")),
        "views_per_turn": {k: figures(hops.pop(k)) for k in ("views_mover", "views_classmate")},
        "hops_ms": {k: figures(v) for k, v in hops.items()},
        "bot_games_relay_ms": figures(relay),
        "load_1min": {"start": round(load_start, 2), "during": round(load_mid, 2), "end": round(os.getloadavg()[0], 2)},
    }  # fmt: skip
    print(json.dumps(result) if args.json else json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

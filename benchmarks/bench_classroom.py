"""A class on one machine: a whole class logging in within a minute and playing bots at once.

Usage (as root, like the classroom; needs the project's environment, Chromium and npm; it makes
the same Unix accounts and state folders as the hub tests, so never run it beside them: on a
shared machine, under the lock file those runs share, ``flock LOCKFILE ...``)::

    python -m benchmarks.bench_classroom --json [--pupils 30] [--browsers 3] \
        [--login-window 60] [--think 3] [--play 120] [--mem-limit-mb 768]

(from the repository's root: it imports the browser tests' kits as ``tests.e2e.board_helpers``,
``tests.hosts.hubkit``…)

Sets the class up (``deploy/jupyterhub/classsetup.py``: codes, the pupils' environment) and
starts its hub (the pupils' own Unix accounts, home disks, private /tmp and /dev/shm, one
memory cgroup each, capped at ``--mem-limit-mb``) for ``N + 1`` pupils, the class's compiled
kernel built at the hub's start; then:

1. **login → playable**, one pupil on an otherwise idle hub: in Chromium, the first login (the
   code from the class sheet and a new password) with ``next`` = their
   ``play_vs_bots_<lang>.ipynb``, from submitting the form until that notebook, opened and run
   (Run All), shows a board that has received its first view. That pupil's server is then
   stopped: the class below is ``N`` servers.
2. **the class logs in within ``--login-window`` seconds** (one pupil every
   ``window / N`` s), each with their code and a new password, and plays ``mcts:easy`` at once:
   - ``--browsers`` of them (spread over the window) in Chromium, each in a browser of their
     own: the login form, ``next`` = ``play_vs_bots_<lang>.ipynb``, Run All, then turns played
     by mouse clicks on the board (``board_helpers.play_by_clicks``); **click → redraw** is
     the time from the click event to the frame after the board's next view (page-side
     instrumentation, as in the JupyterLab latency test);
   - the others through the hub's HTTP API as a browser would: the login form, their server
     started, a kernel with ``Board(players=["human", "mcts:easy"], locale=...)``, then turns
     played with the very messages the board's front end sends (``comm_msg`` intents over the
     kernel websocket, through the hub's proxy: ``tests/support.py``'s ``Driver.play``); **intent →
     view** is the time from sending a click's intent to the arrival of the board's next view
     (no browser drawing).

   Each pupil thinks ``--think`` seconds (±50 %) before a turn and starts a new game when one
   ends; all play until ``--play`` seconds after the last board of the class is ready, so the
   figures marked ``all_playing`` are from the time every pupil was playing. A server that is not
   ready within the spawner's ``start_timeout`` (180 s) or that fails is a spawn failure.
3. **memory and CPU**: each pupil's cgroup (``memory.usage_in_bytes``, v2 ``memory.current``:
   server + kernel, page cache charged to it included) and its peak, the RSS and CPU seconds of
   the processes in it, OOM kills; the machine's used memory (``MemTotal - MemAvailable``) before
   the class and its peak while it plays; the machine's CPU busy share during the logins and
   during play.

At the end every server is stopped through the hub, the hub stopped, and any process still
running as a pupil's account is listed in the figures (``leftover_processes``) and killed; the
accounts the hub made (the pupils', the teacher's and the class's two service accounts, each with
its group; not one that was there before) are removed, and the hub's folder deleted. The same
happens when the run fails or is stopped (SIGTERM, e.g. from ``timeout``); an account or group
left or removed, or a changed mode of ``/root`` and the other folders tests/machinekit.py
watches, is listed in ``machine_changes`` (and the exit status is 1). Kept on the machine:
the pupils' environment and compiled kernel the hub tests share (README, "What a test run keeps").

Prints one JSON line (``--json``) with the figures, the 1-minute load averages along the run and
``uptime`` before and after (the machine is shared: report them with the figures); details go to
stderr. Exits 1 when a pupil failed (spawn, kernel or game). The figures and the capacity planning
built on them are in ``docs/classroom.md``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pwd
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from logger_widget import Position
from tests.browser_fixtures import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.board_helpers import (
    _INSTRUMENT,
    ROOT,
    _percentile,
    click_and_wait,
    latency_samples,
    lpn,
    play_by_clicks,
    wait_human_turn,
)
from tests.hosts.hostkit import run_all_cells, wait_ready
from tests.hosts.hubkit import BoardSocket, Hub, Kernel, Session, running_hub
from tests.machinekit import changes, snapshot
from tests.support import Driver

LANGUAGES = ("uk", "es", "en")
BOARD = (
    "from logger_widget import Board\n"
    "board = Board(players=['human', 'mcts:easy'], locale={lang!r})\n"
    "display(board)\n"
    "print(board.model_id)"
)
#: LocalProcessSpawner.start_timeout in deploy/jupyterhub/jupyterhub_config.py
START_TIMEOUT = 600


def log(*args: Any) -> None:
    print(f"[{time.strftime('%H:%M:%S')}]", *args, file=sys.stderr, flush=True)


def _password(name: str) -> str:
    return f"{name}-pw-1"


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def machine_used_mb() -> int:
    """The machine's used memory: ``MemTotal - MemAvailable`` (MB)."""
    import psutil

    vm = psutil.virtual_memory()
    return round((vm.total - vm.available) / 2**20)


# ---------------------------------------------------------------------------- one pupil


@dataclass
class Pupil:
    """One pupil of the class: how they play and what was measured (seconds from their login)."""

    name: str
    language: str
    browser: bool
    login_at: float  # seconds after the class's start
    login_s: float | None = None  # the login form (code + new password) answered
    ready_s: float | None = None  # the server ready (hub API), or JupyterLab's page for a browser pupil
    board_s: float | None = None  # a board with its first view
    spawn_s: float | None = None  # the server's start alone (request → ready)
    kernel_s: float | None = None  # the kernel's start alone (request → it ran the board's cell)
    failure: str | None = None
    latencies: list[tuple[float, bool]] = field(default_factory=list)  # (ms, every pupil playing)
    turns: int = 0
    games: int = 1

    def fail(self, stage: str, error: BaseException | str) -> None:
        self.failure = f"{stage}: {error if isinstance(error, str) else repr(error)}"
        log(f"{self.name}: FAILED at {self.failure}")


class Class:
    """What the pupils' threads share: the hub, the clock, the pace and the end of play."""

    def __init__(self, hub: Hub, pupils: list[Pupil], think: float, play: float, seed: int) -> None:
        self.hub, self.pupils, self.think, self.play = hub, pupils, think, play
        self.t0 = time.perf_counter()
        self.stop = threading.Event()  # play is over (or the run failed)
        self.all_playing = threading.Event()  # every pupil has a board (or has failed)
        self.all_playing_at: float | None = None
        self._lock = threading.Lock()
        self._settled = 0
        self.seed = seed

    def now(self) -> float:
        return time.perf_counter() - self.t0

    def settled(self) -> None:
        """A pupil has a board or has failed; the last one starts the common time of play."""
        with self._lock:
            self._settled += 1
            if self._settled == len(self.pupils):
                self.all_playing_at = self.now()
                self.all_playing.set()
                log(f"the whole class plays ({self.all_playing_at:.1f} s after the first login)")

    def playing(self) -> bool:
        """Play on: until ``play`` seconds after the whole class plays."""
        if self.stop.is_set():
            return False
        return self.all_playing_at is None or self.now() < self.all_playing_at + self.play

    def pause(self, rng: random.Random, seconds: float) -> None:
        """A pupil's thinking time: ``seconds`` ± 50 %."""
        self.stop.wait(seconds * rng.uniform(0.5, 1.5))

    def wait_login_time(self, pupil: Pupil) -> None:
        self.stop.wait(max(0.0, pupil.login_at - self.now()))


def first_login(hub: Hub, name: str) -> Session:
    """``name`` logs in with the code from the class sheet, choosing their password; their session."""
    session = hub.session()
    status = session.login(name, hub.codes[name], new_password=_password(name))
    if status != 302:
        raise RuntimeError(f"{name}'s first login with their code failed (HTTP {status})")
    return session


def spawn(hub: Hub, name: str, timeout: float = START_TIMEOUT + 30) -> float:
    """Start ``name``'s server through the hub and wait until it is ready; the seconds taken.

    Waits on the hub's progress event stream, as the spawn-pending page does (polling the
    hub's API for 30 pupils would load the hub itself). Raises ``RuntimeError`` when the hub
    gives the spawn up (its ``start_timeout``, a server that exits) or after ``timeout`` seconds.
    """
    t0 = time.perf_counter()
    try:
        hub.api("POST", f"users/{name}/server")
    except urllib.error.HTTPError as e:
        with e:
            raise RuntimeError(
                f"the hub refused to start the server (HTTP {e.code}: {e.read()[:300]!r})"
            ) from e
    req = urllib.request.Request(f"{hub.url}hub/api/users/{name}/server/progress")
    req.add_header("Authorization", f"token {hub.token}")
    with urllib.request.urlopen(req, timeout=timeout) as stream:
        for line in stream:
            if not line.startswith(b"data:"):
                continue
            event = json.loads(line[5:])
            if event.get("ready"):
                return time.perf_counter() - t0
            if event.get("failed"):
                raise RuntimeError(
                    f"the spawn failed after {time.perf_counter() - t0:.0f} s: {event.get('message')}"
                )
            if time.perf_counter() - t0 > timeout:
                raise RuntimeError(f"not ready after {timeout:.0f} s")
    raise RuntimeError(f"the hub's progress stream ended, the server not ready (see {hub.log})")


# ------------------------------------------------------------- the kernel API's pupils


class SocketDriver(Driver):
    """``tests.support.Driver`` over a pupil's kernel websocket: each intent timed, a pupil's pace between clicks."""

    def __init__(
        self, socket: BoardSocket, model: str, pupil: Pupil, klass: Class, rng: random.Random
    ) -> None:
        super().__init__(board=self, client=f"bench-{pupil.name}")  # the board: its lpn below
        self.socket, self.model, self.pupil, self.klass, self.rng = socket, model, pupil, klass, rng

    @property
    def view(self) -> dict[str, Any]:
        return self.socket.view(self.model)

    @property
    def lpn(self) -> str:
        return str(self.view.get("lpn", ""))

    def send(self, action: str, *, version: int | None = None, seq: int | None = None, **extra: Any) -> str:
        self.seq += 1
        content = {"type": "intent", "client": self.client, "seq": self.seq,
                   "version": self.view["version"], "action": action, **extra}  # fmt: skip
        ms = self.socket.intent(self.model, content)
        self.pupil.latencies.append((ms, self.klass.all_playing.is_set()))
        self.klass.pause(self.rng, 0.3)  # between the clicks of one turn
        return "ok"

    def wait_my_turn(self, timeout: float = 90) -> bool:
        """Until the pupil (seat 1) can play or the game is over; True when they can play."""
        self.socket.wait(
            lambda: bool(
                self.view.get("over") or (self.view.get("interactive") and self.view.get("to_move") == 1)
            ),
            timeout,
            "the bot's reply",
        )
        return not self.view.get("over")


def kernel_pupil(klass: Class, pupil: Pupil) -> None:
    rng = random.Random(f"{klass.seed}-{pupil.name}")
    socket = None
    stage = "login"
    try:
        klass.wait_login_time(pupil)
        t0 = time.perf_counter()
        session = first_login(klass.hub, pupil.name)
        pupil.login_s = time.perf_counter() - t0
        stage = "spawn"
        pupil.spawn_s = spawn(klass.hub, pupil.name)
        pupil.ready_s = time.perf_counter() - t0
        stage = "kernel"
        t1 = time.perf_counter()
        # the pupil's token once their server runs, as a browser gets its own after the spawn (a
        # token made while the server was starting was once refused by it: 404, "Not allowing user")
        token = str(session.post_json(f"hub/api/users/{pupil.name}/tokens", {"note": "bench"})["token"])
        kernel = Kernel(klass.hub, pupil.name, token)
        socket = BoardSocket(kernel)
        model = socket.execute(BOARD.format(lang=pupil.language)).strip().splitlines()[-1]
        pupil.kernel_s = time.perf_counter() - t1
        pupil.board_s = time.perf_counter() - t0
        log(f"{pupil.name}: login {pupil.login_s:.1f} s, server {pupil.spawn_s:.1f} s, "
            f"kernel + board {pupil.kernel_s:.1f} s; load {os.getloadavg()[0]:.1f}")  # fmt: skip
    except Exception as e:  # noqa: BLE001 - a pupil's failure is a figure, the class goes on
        pupil.fail(stage, e)
        klass.settled()
        if socket is not None:
            socket.close()
        return
    klass.settled()
    stage = "play"
    try:
        driver = SocketDriver(socket, model, pupil, klass, rng)
        while klass.playing():
            if not driver.wait_my_turn():
                driver.send("new_game")
                pupil.games += 1
                continue
            klass.pause(rng, klass.think)
            if not klass.playing():
                break
            turns = list(Position.from_lpn(driver.lpn).legal_turns())
            driver.play(rng.choice(turns))
            pupil.turns += 1
    except Exception as e:  # noqa: BLE001
        pupil.fail(stage, e)
    finally:
        socket.close()


# ------------------------------------------------------------------ the browser's pupils


@contextlib.contextmanager
def chromium_page() -> Iterator[Any]:
    """A page in a Chromium of its own (Playwright's sync API: one instance per thread)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            page.set_default_timeout(300_000)
            yield page
        finally:
            browser.close()


def fill_first_login(page: Any, hub: Hub, name: str, lang: str) -> None:
    """The login form filled as at a first login (the code, a new password), ``next`` = the play notebook."""
    target = f"/hub/user-redirect/lab/tree/play_vs_bots_{lang}.ipynb"
    page.goto(f"{hub.url}hub/login?next={urllib.parse.quote(target)}")
    page.fill("#username_input", name)
    page.fill("#password_input", hub.codes[name])
    page.fill("#new_password_input", _password(name))


def submit_login(page: Any, name: str, lang: str) -> None:
    """Submit the form; wait for the login, the server's start and JupyterLab's page of the notebook."""
    page.click("#login_submit")
    page.wait_for_url(f"**/user/{name}/lab/tree/play_vs_bots_{lang}.ipynb*", timeout=300_000)


def browser_pupil(klass: Class, pupil: Pupil, figures_dir: Path | None) -> None:
    """A pupil in Chromium: the login form, Run All, turns played by mouse clicks."""
    rng = random.Random(f"{klass.seed}-{pupil.name}")
    stage, settled = "browser", False
    try:
        with chromium_page() as page:
            fill_first_login(page, klass.hub, pupil.name, pupil.language)
            klass.wait_login_time(pupil)
            stage = "spawn"  # the login, the server's start and JupyterLab's page
            t0 = time.perf_counter()
            submit_login(page, pupil.name, pupil.language)
            pupil.ready_s = time.perf_counter() - t0
            stage = "board"
            run_all_cells(page)
            wait_ready(page.locator(ROOT).first, timeout=300_000)
            pupil.board_s = time.perf_counter() - t0
            log(f"{pupil.name} (Chromium): login → JupyterLab {pupil.ready_s:.1f} s, → board "
                f"{pupil.board_s:.1f} s; load {os.getloadavg()[0]:.1f}")  # fmt: skip
            # Run All goes on with the notebook's later cells (the chart, the record, the review):
            # clicks wait in the kernel's queue behind them, as for a pupil who ran them all
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status=idle]", timeout=300_000)
            page.evaluate(_INSTRUMENT)
            klass.settled()
            settled = True
            stage = "play"
            seen = 0
            while klass.playing():
                if not wait_human_turn(page, 1, timeout=90_000):
                    click_and_wait(page, f"{ROOT} [data-testid=new-game]")
                    pupil.games += 1
                    continue
                klass.pause(rng, klass.think)
                if not klass.playing():
                    break
                play_by_clicks(page, rng.choice(list(Position.from_lpn(lpn(page)).legal_turns())))
                pupil.turns += 1
                samples = latency_samples(page)
                everyone = klass.all_playing.is_set()
                pupil.latencies += [(ms, everyone) for ms in samples[seen:]]
                seen = len(samples)
            if figures_dir is not None:
                page.screenshot(path=str(figures_dir / f"classroom-{pupil.name}.png"))
    except Exception as e:  # noqa: BLE001 - a pupil's failure is a figure, the class goes on
        pupil.fail(stage, e)
        log(traceback.format_exc(limit=3))
    finally:
        if not settled:
            klass.settled()


# ------------------------------------------------------------------------------ figures


def summary(values: list[float], digits: int = 1) -> dict[str, float] | None:
    if not values:
        return None
    return {"n": len(values), "median": round(statistics.median(values), digits),
            "p95": round(_percentile(values, 0.95), digits), "max": round(max(values), digits)}  # fmt: skip


def latency_figures(pupils: list[Pupil]) -> dict[str, Any]:
    """click → redraw (or intent → view) over all pupils, and the worst pupil's p95; while all played."""
    every = [ms for p in pupils for ms, everyone in p.latencies if everyone]
    per = [
        _percentile([ms for ms, e in p.latencies if e], 0.95)
        for p in pupils
        if any(e for _, e in p.latencies)
    ]
    return {
        "all_playing": summary(every),
        "whole_run": summary([ms for p in pupils for ms, _ in p.latencies]),
        "worst_pupil_p95": round(max(per), 1) if per else None,
        "pupils_p95_over_250_ms": sum(1 for x in per if x > 250),
    }


def cgroup_figures(hub: Hub, name: str) -> dict[str, float]:
    """The pupil's cgroup: MB now and at its peak, OOM kills; RSS (MB) and CPU seconds of its processes."""
    import psutil

    cgroup = hub.cgroup(name)
    if cgroup is None:
        raise SystemExit(f"{name}'s server is in no memory cgroup (run as root; see the hub's log {hub.log})")
    peak_file = cgroup.path / ("memory.max_usage_in_bytes" if cgroup.version == 1 else "memory.peak")
    peak = int(peak_file.read_text()) if peak_file.exists() else cgroup.usage()
    rss = cpu = 0.0
    for pid in cgroup.pids():
        try:
            proc = psutil.Process(pid)
            rss += proc.memory_info().rss
            times = proc.cpu_times()
            cpu += times.user + times.system + times.children_user + times.children_system
        except psutil.NoSuchProcess:
            continue
    return {"cgroup_mb": round(cgroup.usage() / 2**20), "peak_mb": round(peak / 2**20),
            "rss_mb": round(rss / 2**20), "cpu_s": round(cpu, 1), "oom_kills": cgroup.oom_kills()}  # fmt: skip


def hub_cpu_s(hub: Hub) -> float:
    """CPU seconds of the hub's own process and its proxy (the pupils' servers are in their cgroups)."""
    import psutil

    proc = psutil.Process(hub.process.pid)
    procs = [proc, *(c for c in proc.children() if "configurable-http-proxy" in " ".join(c.cmdline()))]
    return sum(
        t.user + t.system + t.children_user + t.children_system for t in (p.cpu_times() for p in procs)
    )


class Sampler(threading.Thread):
    """Every 5 s: the machine's used memory and the 1-minute load (their peaks kept)."""

    def __init__(self) -> None:
        super().__init__(daemon=True, name="sampler")
        self.done = threading.Event()
        self.peak_mb = machine_used_mb()
        self.loads: list[float] = []

    def run(self) -> None:
        while not self.done.wait(5):
            self.peak_mb = max(self.peak_mb, machine_used_mb())
            self.loads.append(os.getloadavg()[0])


def cpu_busy(before: Any, after: Any) -> float:
    """The machine's CPU busy share between two ``psutil.cpu_times()`` (0–1, all cores)."""
    idle = (after.idle + after.iowait) - (before.idle + before.iowait)
    total = sum(after) - sum(before)
    return round(1 - idle / total, 2) if total > 0 else 0.0


def leftover_processes(names: list[str], grace: float = 15) -> list[str]:
    """Processes still running as a pupil's account ``grace`` seconds after the hub stopped;
    killed (they would outlive the class). Each as ``name: pid status command``."""
    import psutil

    uids = {}
    for name in names:
        try:
            uids[pwd.getpwnam(name).pw_uid] = name
        except KeyError:
            continue

    def alive() -> list[psutil.Process]:
        found = []
        for proc in psutil.process_iter(["uids", "status"]):
            if (
                proc.info["uids"]
                and proc.info["uids"].real in uids
                and proc.info["status"] != psutil.STATUS_ZOMBIE
            ):
                found.append(proc)
        return found

    deadline = time.monotonic() + grace
    while alive() and time.monotonic() < deadline:
        time.sleep(0.5)
    left = []
    for proc in alive():
        try:
            command = " ".join(proc.cmdline())[:120] or proc.name()
            left.append(f"{uids[proc.uids().real]}: {proc.pid} {proc.status()} {command}")
            proc.kill()
        except psutil.NoSuchProcess:
            continue
    return left


# ------------------------------------------------------------------------------ the run


def idle_login(hub: Hub, name: str, lang: str) -> float:
    """One pupil on an otherwise idle hub: login form → a playable board in their play notebook (s)."""
    with chromium_page() as page:
        fill_first_login(page, hub, name, lang)
        t0 = time.perf_counter()
        submit_login(page, name, lang)
        run_all_cells(page)
        wait_ready(page.locator(ROOT).first, timeout=300_000)
        return time.perf_counter() - t0


def run(args: argparse.Namespace) -> dict[str, Any]:
    import psutil

    names = {f"p{i:02d}": LANGUAGES[i % 3] for i in range(0, args.pupils + 1)}
    first, *crowd = names
    step = args.login_window / args.pupils
    browsers = {crowd[round(i * (args.pupils - 1) / max(args.browsers - 1, 1))] for i in range(args.browsers)}
    pupils = [Pupil(n, names[n], n in browsers, i * step) for i, n in enumerate(crowd)]
    figures: dict[str, Any] = {
        "pupils": args.pupils, "browser_pupils": len(browsers), "login_window_s": args.login_window,
        "think_s": args.think, "play_s": args.play, "cores": os.cpu_count(),
        "memory_total_mb": round(psutil.virtual_memory().total / 2**20),
        "uptime_start": uptime(), "load_avg_start": os.getloadavg()[0],
    }  # fmt: skip
    figures["machine_used_mb_before"] = machine_used_mb()
    machine = snapshot()  # the accounts, groups and folders' modes, as the run must leave them
    log(f"start: {figures['uptime_start']}")
    threads: list[threading.Thread] = []
    klass: Class | None = None
    sampler = Sampler()
    hub: Hub | None = None
    try:
        with running_hub(names, "teacher", args.mem_limit_mb * 2**20) as hub:
            figures["load_avg_hub_ready"] = os.getloadavg()[0]
            # 1. one pupil on an otherwise idle hub, then their server stopped
            figures["idle_login_to_playable_s"] = round(idle_login(hub, first, names[first]), 1)
            log(f"{first}: login → playable {figures['idle_login_to_playable_s']} s (idle hub)")
            hub.api("DELETE", f"users/{first}/server")
            deadline = time.monotonic() + 60
            while hub.api("GET", f"users/{first}")["servers"] and time.monotonic() < deadline:
                time.sleep(0.5)
            # 2. the class logs in within the window and plays
            figures["machine_used_mb_before_class"] = machine_used_mb()
            figures["load_avg_before_class"] = os.getloadavg()[0]
            figures["uptime_before_class"] = uptime()
            sampler.start()
            cpu0, class0, t0 = psutil.cpu_times(), hub_cpu_s(hub), time.perf_counter()
            klass = Class(hub, pupils, args.think, args.play, args.seed)
            for p in pupils:
                target = (lambda p=p: browser_pupil(klass, p, args.screenshots)) if p.browser else (
                    lambda p=p: kernel_pupil(klass, p))  # fmt: skip
                threads.append(threading.Thread(target=target, name=p.name, daemon=True))
                threads[-1].start()
            settle_by = args.login_window + START_TIMEOUT + 300
            if not klass.all_playing.wait(settle_by):
                raise RuntimeError(f"the class was not playing {settle_by:.0f} s after the first login")
            cpu1, t1 = psutil.cpu_times(), time.perf_counter()
            class1 = hub_cpu_s(hub) + sum(
                cgroup_figures(hub, p.name)["cpu_s"] for p in pupils if p.failure is None
            )
            figures["load_avg_all_playing"] = os.getloadavg()[0]
            figures["class_playing_after_s"] = round(klass.all_playing_at or 0, 1)
            klass.stop.wait(max(0.0, args.play - 10))
            # while they all still play: each pupil's cgroup
            per = {p.name: cgroup_figures(hub, p.name) for p in pupils if p.failure is None}
            cpu2, t2 = psutil.cpu_times(), time.perf_counter()
            class2 = hub_cpu_s(hub) + sum(m["cpu_s"] for m in per.values())
            klass.stop.wait(max(0.0, klass.all_playing_at + args.play - klass.now()))
            klass.stop.set()
            for t in threads:
                t.join(120)
            figures["threads_still_running"] = [t.name for t in threads if t.is_alive()]
            figures["load_avg_end_of_play"] = os.getloadavg()[0]
            figures["uptime_end_of_play"] = uptime()
            sampler.done.set()
            figures["cpu_busy_logins"] = cpu_busy(cpu0, cpu1)
            figures["cpu_busy_play"] = cpu_busy(cpu1, cpu2)
            # the class's own processes (hub, proxy, pupils' servers and kernels; not the browsers)
            figures["class_cpu_s_logins"] = round(class1 - class0, 1)
            figures["class_cores_logins"] = round((class1 - class0) / (t1 - t0), 2)
            figures["class_cores_play"] = round((class2 - class1) / (t2 - t1), 2)
            figures.update(class_figures(pupils, per, sampler, figures["machine_used_mb_before_class"]))
    finally:
        if klass is not None:
            klass.stop.set()
        for t in threads:
            t.join(60)
        sampler.done.set()
        # the hub's teardown killed those of the accounts it made (and removed them); the rest here
        killed = hub.leftover_processes if hub is not None else []
        figures["leftover_processes"] = killed + leftover_processes([*names, "teacher"])
        figures["machine_changes"] = changes(machine, snapshot())  # an account left, a mode changed
        figures["uptime_end"] = uptime()
        figures["load_avg_end"] = os.getloadavg()[0]
        log(f"end: {figures['uptime_end']}; leftover processes: {figures['leftover_processes']}")
    return figures


def class_figures(
    pupils: list[Pupil], per: dict[str, dict[str, float]], sampler: Sampler, used_before: int
) -> dict[str, Any]:
    ok = [p for p in pupils if p.failure is None]
    cg = [m["cgroup_mb"] for m in per.values()]

    def times(key: str) -> dict[str, float] | None:
        return summary([getattr(p, key) for p in pupils if getattr(p, key) is not None])

    return {
        "failures": {p.name: p.failure for p in pupils if p.failure},
        "spawn_failures": sum(1 for p in pupils if p.failure and p.failure.startswith("spawn")),
        "login_to_ready_s": times("ready_s"),
        "login_to_board_s": times("board_s"),
        "login_form_s": times("login_s"),
        "server_start_s": times("spawn_s"),
        "kernel_and_board_s": times("kernel_s"),
        "browser_login_to_board_s": summary([p.board_s for p in ok if p.browser and p.board_s is not None]),
        "click_to_redraw_ms": latency_figures([p for p in pupils if p.browser]),
        "intent_to_view_ms": latency_figures([p for p in pupils if not p.browser]),
        "turns_played": sum(p.turns for p in pupils),
        "turns_per_pupil": summary([float(p.turns) for p in ok], 0),
        "games": sum(p.games for p in pupils),
        "memory_per_pupil_mb": {
            "cgroup": summary(cg, 0),
            "peak_max": max((m["peak_mb"] for m in per.values()), default=None),
            "rss": summary([m["rss_mb"] for m in per.values()], 0),
        },  # fmt: skip
        "memory_class_mb": sum(cg),
        "oom_kills": sum(int(m["oom_kills"]) for m in per.values()),
        "cpu_s_per_pupil": summary([m["cpu_s"] for m in per.values()]),
        "machine_used_mb_peak": sampler.peak_mb,
        "machine_used_mb_peak_over_before": sampler.peak_mb - used_before,
        "load_avg_during_class": summary(sampler.loads),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pupils", type=int, default=30, help="the class: pupils logging in (default 30)")
    parser.add_argument("--browsers", type=int, default=3, help="of them, pupils in Chromium (default 3)")
    parser.add_argument(
        "--login-window", type=float, default=60, help="seconds over which they log in (default 60)"
    )
    parser.add_argument(
        "--think", type=float, default=3, help="a pupil's seconds before a turn, ±50 %% (default 3)"
    )
    parser.add_argument("--play", type=float, default=120, help="seconds of play once all play (default 120)")
    parser.add_argument("--mem-limit-mb", type=int, default=768, help="each pupil's memory cap (default 768)")
    parser.add_argument("--seed", type=int, default=1, help="the pupils' choices of turns and pace")
    parser.add_argument(
        "--screenshots", type=Path, default=None, help="save the browser pupils' pages in this folder"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    args = parser.parse_args()
    if args.pupils < 1:
        parser.error(f"--pupils must be at least 1, got {args.pupils}")
    if not 0 <= args.browsers <= args.pupils:
        parser.error(f"--browsers must be between 0 and --pupils ({args.pupils}), got {args.browsers}")
    if args.login_window < 0 or args.play < 10 or args.think < 0:
        parser.error("--login-window and --think must be ≥ 0 and --play ≥ 10 seconds")
    if os.geteuid() != 0:
        parser.error("run as root: the classroom gives each pupil a Unix account and a memory cgroup")
    # stopped by `timeout` (SIGTERM): unwind, so that every server, the hub and the pupils' processes are stopped
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    figures = run(args)
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))
    if any(
        figures.get(k) for k in ("failures", "leftover_processes", "threads_still_running", "machine_changes")
    ):
        sys.exit(1)


if __name__ == "__main__":
    main()

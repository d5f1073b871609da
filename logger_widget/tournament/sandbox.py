"""Untrusted bots (pupils' files) in their own isolated worker process, with enforced limits.

A :class:`SandboxedBot` is a bot (``name``, ``choose``, ``with_seed``, ``close``)
whose code never runs in this process. Its file is loaded by a fresh Python
interpreter (:mod:`logger_widget.tournament._sandbox_worker`) that receives a
*copy* of each position as LPN and answers with turn notation over a pipe; no
object is shared. By default the worker runs under bubblewrap with a seccomp
filter and a minimal read-only filesystem (:mod:`logger_widget.tournament.isolation`
says exactly what it sees); where that cannot run, :class:`SandboxUnavailable`
is raised before any pupil's code runs. Per turn:

* **time**: the answer must come within ``limits.time_limit`` seconds of
  wall-clock time, otherwise the whole sandbox (every process in it) is killed
  and the bot forfeits with kind ``"time"``; using up ``limits.cpu_seconds``
  of CPU time is ``"time"`` too;
* **memory**: the address space is capped at ``limits.memory_mb`` MiB (a
  ``MemoryError``, or ``"crash"`` when the allocator aborts instead); ``/tmp``
  and ``/dev/shm`` are private and hold at most ``limits.tmp_mb`` MiB each;
* **crashes**: ``os.abort()``/``os._exit``/a segfault/closing its pipes
  (``"crash"``), its process killed from outside (``"killed"``);
* **reported failures**: an exception, ``MemoryError``, ``sys.exit`` or a return
  value that is not a turn, which the worker reports, is ``"exception"`` with the
  worker's text after ``reported:`` (the bot's code shares the worker's process, so
  the kind is never taken from a reply's words);
* **output**: the bot's printing goes to ``/dev/null``; an answer line over
  64 KiB, not JSON or nested too deeply is ``"garbage"`` (and the worker is
  killed); an unparsable or illegal turn ``"illegal"``.

Between two requests every process of a sandbox is stopped (``SIGSTOP``, see
:meth:`_Worker.pause`): an idle pooled worker, its timers and its children use no CPU.

Every failure raises :class:`~logger_widget.bots.BotError` with that kind, so
:func:`~logger_widget.tournament.play_game` and the tournaments record a
forfeit with the reason and go on, and the board pauses the seat. Texts that
come from a bot (its ``NAME``, an exception's message) are shortened and shown
with control characters and lone surrogates escaped (:func:`safe_text`).

Workers are reused: after a game (:meth:`SandboxedBot.close`) a live worker
goes back to a per-process pool for the same file content and limits, and a new game
re-seeds the global :mod:`random` and rebuilds a ``Bot`` class; module-level
variables of the pupil's file persist between that worker's games.
:func:`shutdown_workers` ends them all (the class tournament does at its end).
Every worker is started by one long-lived thread of this process, so that a
worker dies with this process, not with the thread that asked for it.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import multiprocessing.util
import os
import queue
import select
import signal
import stat
import subprocess
import threading
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots.base import BotError
from ..engine.errors import LoggerError
from ..engine.position import Position
from ..engine.turn import Turn
from ..sandboxing import tmpfs_entries
from .isolation import (
    ISOLATIONS,
    SandboxUnavailable,
    UnisolatedWarning,
    bwrap_available,
    warn_unisolated,
    worker_command,
)

__all__ = [
    "SandboxLimits",
    "SandboxUnavailable",
    "SandboxedBot",
    "UnisolatedWarning",
    "bwrap_available",
    "check_isolation",
    "probe",
    "safe_text",
    "shutdown_workers",
]

#: Longest answer line accepted from a worker, in bytes.
MAX_REPLY = 64 * 1024
#: Largest bot file accepted, in bytes.
MAX_SOURCE = 1024 * 1024
#: Longest ``NAME`` label shown, in characters.
MAX_LABEL = 40
#: Seconds to wait for a killed worker to be gone.
_REAP_TIMEOUT = 5.0
#: Kinds a worker may write in a failed reply (anything else is garbage).
_WORKER_KINDS = {"load", "exception", "memory", "exit", "type"}
#: The kind of every failure a worker reports itself: its words cannot choose another.
_REPORTED = "exception"
#: Most entries (files, folders, links) a sandbox may make in its ``/tmp`` and ``/dev/shm`` together. A
#: tmpfs's size caps its bytes, not its entries, and each costs about 1 KiB of kernel memory that no
#: limit of the sandbox counts: the parent counts them while it waits for an answer and kills a
#: sandbox past this number (between requests every process of it is stopped).
MAX_FILES = 4096
#: Seconds between two counts of those entries while a request is in flight.
_FILES_EVERY = 0.05


def safe_text(text: Any, limit: int = 300) -> str:
    r"""``text`` made safe to print anywhere: at most ``limit`` characters, no control or format characters.

    Lone surrogates, control characters (including line breaks) and invisible
    format characters (e.g. right-to-left overrides) are shown as ``\uXXXX``
    escapes; a longer text is cut and ends with ``…``.
    """
    if not isinstance(text, str):
        text = repr(text)
    out = []
    for ch in str.__str__(text)[: limit * 2]:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            out.append(f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}")
        else:
            out.append(ch)
    shown = "".join(out)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class SandboxLimits:
    """Limits and isolation of a sandboxed bot.

    Attributes:
        time_limit: wall-clock seconds per turn (> 0), including the worker's
            reply; the whole sandbox is killed when it is exceeded. Default 2 s.
        memory_mb: the worker's address-space limit in MiB (≥ 64; the
            interpreter with the engine needs about 30 MiB). Default 512.
        load_timeout: seconds to start the sandbox and load the file (> 0). Default 20.
        isolation: ``"bwrap"`` (default: bubblewrap, seccomp, a minimal
            read-only filesystem, see :mod:`logger_widget.tournament.isolation`)
            or ``"none"`` (a plain child process, for trusted code only; warns with
            :class:`UnisolatedWarning`).
        cpu_seconds: CPU seconds one worker may use over its whole life (all
            its games in this process; whole number ≥ 1). Default 600.
        processes: processes and threads the bot's user may have inside the
            sandbox (``RLIMIT_NPROC``, ≥ 1), the worker included; 1 means the bot
            can start neither threads nor processes. Default 1.
        open_files: open file descriptors (``RLIMIT_NOFILE``, 16–4096). Default 64.
        file_mb: largest file the bot may write, in MiB (``RLIMIT_FSIZE``, ≥ 1). Default 1.
        tmp_mb: size of the private ``/tmp`` and of ``/dev/shm``, each, in MiB (≥ 1). Default 8.

    Raises:
        ValueError: a limit out of its range, or an unknown ``isolation``.
    """

    time_limit: float = 2.0
    memory_mb: int = 512
    load_timeout: float = 20.0
    isolation: str = "bwrap"
    cpu_seconds: int = 600
    processes: int = 1
    open_files: int = 64
    file_mb: int = 1
    tmp_mb: int = 8

    def __post_init__(self) -> None:
        for name in ("time_limit", "load_timeout"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise ValueError(f"{name} must be a number of seconds > 0, not {value!r}")
        ranges = {
            "memory_mb": (64, 1 << 20),
            "cpu_seconds": (1, 1 << 30),
            "processes": (1, 4096),
            "open_files": (16, 4096),
            "file_mb": (1, 1 << 20),
            "tmp_mb": (1, 1 << 20),
        }
        for name, (low, high) in ranges.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ValueError(f"{name} must be a whole number in [{low}, {high}], not {value!r}")
        if self.isolation not in ISOLATIONS:
            raise ValueError(f"isolation must be one of {ISOLATIONS}, not {self.isolation!r}")

    def worker_args(self) -> list[str]:
        """The worker's command-line limits (``RLIMIT_*`` values)."""
        return [
            "--memory", str(self.memory_mb * 1024 * 1024),
            "--cpu", str(self.cpu_seconds),
            "--fsize", str(self.file_mb * 1024 * 1024),
            "--nofile", str(self.open_files),
            "--nproc", str(self.processes),
        ]  # fmt: skip


class _Failure(Exception):
    def __init__(self, kind: str, what: str) -> None:
        super().__init__(what)
        self.kind = kind
        self.what = what


# ----------------------------------------------------------------------------- starting workers


class _Spawner:
    """One long-lived daemon thread that starts every worker of this process.

    ``PR_SET_PDEATHSIG`` (bubblewrap's ``--die-with-parent``) fires when the
    *thread* that forked exits; a board starts a thread per bot turn, so workers
    are forked here instead, by a thread that lives as long as the process.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.owner = -1
        self.jobs: queue.SimpleQueue[tuple[Callable[[], Any], dict[str, Any], threading.Event]] = (
            queue.SimpleQueue()
        )

    def _serve(self) -> None:
        while True:
            job, box, done = self.jobs.get()
            try:
                box["value"] = job()
            except BaseException as exc:  # noqa: BLE001 - handed back to the caller
                box["error"] = exc
            done.set()

    def run(self, job: Callable[[], Any], timeout: float) -> Any:
        with self.lock:
            if self.owner != os.getpid():  # first use, or a forked child: its own thread
                self.jobs = queue.SimpleQueue()
                threading.Thread(target=self._serve, name="logger-sandbox-spawner", daemon=True).start()
                self.owner = os.getpid()
        box: dict[str, Any] = {}
        done = threading.Event()
        self.jobs.put((job, box, done))
        if not done.wait(timeout):
            raise _Failure("crash", f"its sandbox did not start within {timeout:g} s")
        if "error" in box:
            raise box["error"]
        return box["value"]


_SPAWNER = _Spawner()


def _ready(fd: int, events: int, timeout: float) -> bool:
    """Whether ``fd`` is ready (or closed) within ``timeout`` seconds (``poll``: any descriptor number)."""
    poller = select.poll()
    poller.register(fd, events)
    return bool(poller.poll(max(0, int(timeout * 1000) + 1)))


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _stat(pid: int) -> list[str]:
    """The fields of ``/proc/<pid>/stat`` after the command name (state first, then the parent's PID...).

    Raises:
        OSError: no such process.
        IndexError: the file is not of that form.
    """
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


class _Worker:
    """One worker process (or sandbox) and its pipes."""

    def __init__(self, limits: SandboxLimits, source: bytes, capture: bool = False) -> None:
        launch = worker_command(limits.isolation, source, limits.worker_args(), limits.tmp_mb * 1024 * 1024)
        root = launch.user is not None

        def start() -> subprocess.Popen[bytes]:
            return subprocess.Popen(
                launch.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE if capture else subprocess.DEVNULL,
                start_new_session=True,
                env=launch.env,
                cwd="/",
                pass_fds=launch.fds,
                user=launch.user,
                group=launch.user,
                extra_groups=[] if root else None,
            )

        try:
            self.process = _SPAWNER.run(start, limits.load_timeout)
        except BaseException:
            if launch.info_read is not None:
                os.close(launch.info_read)
            raise
        finally:
            for fd in launch.fds:
                os.close(fd)
        self.info_read = launch.info_read
        self.pid1: int | None = None  # pidfd of the sandbox's PID 1 (the worker itself), once known
        self.pid1_number = 0  # its PID on the host
        self.paused: list[int] = []  # pidfds of the sandbox's processes stopped between two requests
        self.cpu_used = 0.0  # the worker's CPU seconds when last read (before a request, after its answer)
        self.asked_at = 0.0  # time.monotonic() of the request in flight
        self.isolated = limits.isolation == "bwrap"
        self.buffer = b""
        self.limits = limits
        self.key: tuple[Any, ...] | None = None
        self.label = ""
        self.captured: str | None = None
        assert self.process.stdout is not None and self.process.stdin is not None
        os.set_blocking(self.process.stdin.fileno(), False)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def _read_info(self) -> None:
        """Learn the host PID of the sandbox's PID 1 from bubblewrap's ``--info-fd``."""
        if self.info_read is None or self.pid1 is not None:
            return
        try:
            data = os.read(self.info_read, 4096)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        try:
            pid = int(json.loads(data)["child-pid"])
            if self.alive:  # PID 1 is bwrap's child: not reaped (nor reused) while bwrap runs
                self.pid1 = os.pidfd_open(pid)
                self.pid1_number = pid
        except (ValueError, KeyError, TypeError, OSError):
            pass
        os.close(self.info_read)
        self.info_read = None

    def _processes(self, known: set[int]) -> dict[int, int]:
        """Pidfds of the sandbox's processes (its PID namespace) not in ``known``, by host PID.

        With ``processes=1`` the worker is the only one (``RLIMIT_NPROC``); otherwise ``/proc``
        is searched for the processes whose PID namespace is the worker's. A PID is checked
        after its pidfd is open, so the pidfd is that process's.
        """
        assert self.pid1 is not None
        found = {} if self.pid1_number in known else {self.pid1_number: os.dup(self.pid1)}
        if self.limits.processes == 1:
            return found
        try:
            mine = os.stat(f"/proc/{self.pid1_number}/ns/pid")
        except OSError:
            return found
        for name in os.listdir("/proc"):
            if not name.isdigit() or int(name) in known or int(name) == self.pid1_number:
                continue
            try:
                fd = os.pidfd_open(int(name))
            except OSError:
                continue
            try:
                ns = os.stat(f"/proc/{name}/ns/pid")
                if (ns.st_ino, ns.st_dev) == (mine.st_ino, mine.st_dev):
                    found[int(name)] = fd
                    continue
            except OSError:
                pass
            os.close(fd)
        return found

    def _read_cpu(self) -> None:
        """Note the worker's CPU seconds so far (user and system, ``/proc/<pid>/stat``) in ``cpu_used``."""
        self._read_info()
        if self.pid1 is None:
            return
        try:
            fields = _stat(self.pid1_number)
            self.cpu_used = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            pass

    def pause(self) -> None:
        """Stop every process of the sandbox (``SIGSTOP``) until the next request: no CPU between turns.

        Searched again until a search finds no process not stopped yet (a stopped process
        cannot fork); signal handlers and timers of the bot's cannot run meanwhile.
        """
        if self.pid1 is None or self.paused or not self.alive:
            return
        self._read_cpu()
        stopped: set[int] = set()
        for _ in range(4 * self.limits.processes + 8):
            fresh = self._processes(stopped)
            for pid, fd in fresh.items():
                try:
                    signal.pidfd_send_signal(fd, signal.SIGSTOP)
                except OSError:
                    pass
                self.paused.append(fd)
                stopped.add(pid)
            if not fresh or self.limits.processes == 1:
                break
        # SIGSTOP is delivered asynchronously: wait (bounded) until each process is seen stopped,
        # so that no process of the bot's runs on after the turn, even on a loaded machine
        deadline = time.monotonic() + 2.0
        for pid in stopped:
            while time.monotonic() < deadline:
                try:
                    state = _stat(pid)[0]
                except (OSError, IndexError):
                    break  # gone
                if state in ("T", "t", "Z", "X"):
                    break
                time.sleep(0.001)

    def resume(self) -> None:
        """Let the sandbox's processes run again (``SIGCONT``) for a request."""
        paused, self.paused = self.paused, []
        for fd in paused:
            try:
                signal.pidfd_send_signal(fd, signal.SIGCONT)
            except OSError:
                pass
            os.close(fd)

    def kill(self) -> None:
        """Kill the whole sandbox (its PID 1 takes every process in it along) and reap it, bounded."""
        self._read_info()
        if self.pid1 is not None:
            try:
                signal.pidfd_send_signal(self.pid1, signal.SIGKILL)
            except OSError:
                pass
        if self.process.poll() is None:  # not reaped: its PID (and group) cannot have been reused
            for kill in (lambda: os.killpg(self.process.pid, signal.SIGKILL), self.process.kill):
                try:
                    kill()
                except (ProcessLookupError, PermissionError):
                    pass
        try:
            self.process.wait(timeout=_REAP_TIMEOUT)
        except subprocess.TimeoutExpired:  # pragma: no cover - a process in uninterruptible sleep
            pass
        if self.captured is None:
            self.captured = self.stderr_text()
        self.close_fds()

    def close_fds(self) -> None:
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass
        if self.pid1 is not None:
            os.close(self.pid1)
            self.pid1 = None
        for fd in self.paused:
            os.close(fd)
        self.paused = []
        if self.info_read is not None:
            os.close(self.info_read)
            self.info_read = None

    def stderr_text(self, timeout: float = 2.0) -> str:
        """What the sandbox wrote to its standard error (only with ``capture``), read within ``timeout``."""
        if self.captured is not None:
            return self.captured
        stream = self.process.stderr
        if stream is None or stream.closed:
            return ""
        chunks: list[bytes] = []
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            ready = _ready(stream.fileno(), select.POLLIN, left)
            chunk = os.read(stream.fileno(), 65536) if ready else b""
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks).decode(errors="replace")[-4000:]

    def _exit_code(self) -> int | None:
        try:
            return self.process.wait(timeout=0.3)
        except subprocess.TimeoutExpired:
            return None

    def _died(self) -> _Failure:
        """The worker's pipe closed: why, as seen from here (its exit status, its CPU time), after making sure the sandbox is gone.

        As its PID namespace's first process the worker ignores every signal it sends
        itself or gets from inside its sandbox without a handler of its own (Linux's rule
        for a namespace's init); only faults (``SIGSEGV``...), ``SIGSYS`` from the filter
        and ``SIGKILL`` from outside end it. A ``SIGKILL`` that came when its CPU time
        (when it last answered, plus the time of this request) reached ``cpu_seconds`` is
        ``RLIMIT_CPU``'s.
        """
        code = self._exit_code()
        cpu_bound = self.cpu_used + (time.monotonic() - self.asked_at) + 0.02  # /proc counts in ticks
        self.kill()
        if code is None:
            return _Failure("crash", "closed its pipes (its process was killed)")
        number = -code if code < 0 else (code - 128 if self.isolated and 128 < code < 160 else 0)
        if number == signal.SIGXCPU or (number == signal.SIGKILL and cpu_bound >= self.limits.cpu_seconds):
            return _Failure("time", f"used up its {self.limits.cpu_seconds} s of CPU time")
        if number == signal.SIGSYS:
            return _Failure("crash", "made a forbidden system call (SIGSYS)")
        if number in (signal.SIGSEGV, signal.SIGABRT, signal.SIGBUS, signal.SIGILL, signal.SIGFPE):
            return _Failure("crash", f"its process crashed ({_signal_name(number)})")
        if number:
            return _Failure("killed", f"its process was killed ({_signal_name(number)})")
        return _Failure("crash", f"its process ended (exit code {code})")

    def _send(self, data: bytes, deadline: float) -> None:
        assert self.process.stdin is not None
        fd = self.process.stdin.fileno()
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                raise _Failure("time", "stopped reading its requests (its process was killed)")
            try:
                ready = _ready(fd, select.POLLOUT, left)
                if ready:
                    view = view[os.write(fd, view) :]
            except BlockingIOError:
                continue
            except OSError:
                raise self._died() from None

    def files(self) -> int:
        """Entries in the sandbox's ``/tmp`` and ``/dev/shm``, counted from outside.

        0 while that is not known: no bubblewrap, its first process not yet known or not yet in its
        own root, or gone.
        """
        self._read_info()
        if not self.isolated or self.pid1 is None:
            return 0
        return tmpfs_entries(self.pid1_number, ("tmp", "dev/shm"), self.limits.tmp_mb << 20)

    def ask(self, request: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Send one request and wait for the reply; kill the worker on any failure."""
        assert self.process.stdout is not None
        self._read_cpu()  # the CPU time of its start counts too (a first request comes before any pause)
        self.asked_at = time.monotonic()
        deadline = self.asked_at + timeout
        self.resume()
        self._send((json.dumps(request) + "\n").encode(), deadline)
        fd = self.process.stdout.fileno()
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                raise _Failure("time", f"gave no answer within {timeout:g} s (its sandbox was killed)")
            ready = _ready(fd, select.POLLIN, min(left, _FILES_EVERY))
            if self.files() > MAX_FILES:
                self.kill()
                raise _Failure(
                    "memory",
                    f"made more than {MAX_FILES} files in /tmp and /dev/shm (its sandbox was killed)",
                )
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                raise self._died()
            self.buffer += chunk
            if len(self.buffer) > MAX_REPLY:
                self.kill()
                raise _Failure("garbage", f"answered with more than {MAX_REPLY} bytes")
        self._read_info()
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            reply = json.loads(line)
            ok = reply["ok"]
        except (ValueError, KeyError, TypeError, RecursionError):
            self.kill()
            raise _Failure("garbage", f"answered with garbage {safe_text(line[:60])}") from None
        if ok is not True:
            if reply.get("kind") not in _WORKER_KINDS or not isinstance(reply.get("what"), str):
                self.kill()
                raise _Failure("garbage", f"answered with garbage {safe_text(line[:60])}")
            # what a reply says is the bot's to write (its code shares the worker's process):
            # the kind is ours, the text is shown as its report
            self.pause()
            raise _Failure(_REPORTED, "reported: " + safe_text(reply["what"]))
        self.pause()
        return dict(reply)


# ----------------------------------------------------------------------------- the pool


# Idle workers of this process by (content hash, limits), reused across games.
_IDLE: dict[tuple[Any, ...], list[_Worker]] = {}
_ALL: list[_Worker] = []
_CHECKED: set[str] = set()  # isolations that started here
_POOL_LOCK = threading.Lock()  # a board's turn threads and the caller's thread share the pool


def shutdown_workers() -> None:
    """Kill every worker of this process (idle or not) and forget them; bounded in time."""
    with _POOL_LOCK:
        workers = list(_ALL)
        _ALL.clear()
        _IDLE.clear()
    for worker in workers:
        worker.kill()


def _forget_after_fork() -> None:
    """In a forked child (a process pool): the parent's workers are not ours to use or kill.

    A pool's process ends through :mod:`multiprocessing`, which runs its own finalizers and
    not :mod:`atexit`: the child's workers are shut down by one of those
    (:func:`_shut_down_at_exit_of_a_pool_process`). They must be: a worker is stopped between
    turns and would never read the end of its closed input.
    """
    global _POOL_LOCK
    _POOL_LOCK = threading.Lock()  # another thread may have held it at the fork
    for worker in _ALL:
        worker.close_fds()
    _ALL.clear()
    _IDLE.clear()


def _shut_down_at_exit_of_a_pool_process(_: object) -> None:
    """Run by :mod:`multiprocessing` in each child it starts, after it has cleared the finalizers."""
    multiprocessing.util.Finalize(None, shutdown_workers, exitpriority=10)


atexit.register(shutdown_workers)
os.register_at_fork(after_in_child=_forget_after_fork)
multiprocessing.util.register_after_fork(_SPAWNER, _shut_down_at_exit_of_a_pool_process)


_NAMESPACE_HINT = (
    "this machine does not let an unprivileged user create the namespaces bubblewrap needs. "
    "As root: `sysctl -w user.max_user_namespaces=15000` (Debian 10 and older also "
    "`sysctl -w kernel.unprivileged_userns_clone=1`; Ubuntu 23.10 and newer "
    "`sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` or an AppArmor profile for bwrap); "
    "in a container, allow user namespaces (e.g. Docker's `--security-opt seccomp=unconfined "
    "--security-opt apparmor=unconfined`)"
)


def _explain(stderr: str) -> str:
    text = stderr.strip().splitlines()[-1] if stderr.strip() else "no message"
    low = stderr.lower()
    # bubblewrap: "Creating new namespace failed: nesting depth or /proc/sys/user/max_*_namespaces exceeded"
    if "nesting depth" in low or "enospc" in low:
        return (
            f"pupils' bots cannot be isolated here: bubblewrap said {text!r}: this program runs inside "
            "a namespace that forbids new user namespaces (a container, or a server started with "
            "`unshare --disable-userns`), or 32 namespaces are nested already, or the machine's "
            "`user.max_user_namespaces` is used up (`cat /proc/sys/user/max_user_namespaces`); start "
            "the program outside that namespace, or raise the limit as root"
        )
    if any(k in low for k in ("namespace", "uid map", "operation not permitted", "setting up uid")):
        return f"pupils' bots cannot be isolated here: bubblewrap said {text!r}: {_NAMESPACE_HINT}"
    if "unknown option" in low:
        return (
            f"pupils' bots cannot be isolated here: bubblewrap said {text!r}: bubblewrap 0.8 or "
            "newer is needed (Debian 12 has 0.8.0): `apt-get install bubblewrap`"
        )
    if "can't find source path" in low or "permission denied" in low:
        return (
            f"pupils' bots cannot be isolated here: bubblewrap said {text!r}: a file the sandbox "
            "needs (the interpreter, its libraries, the logger_widget package) is missing or "
            "cannot be read; run it as root, or as a user who can read them"
        )
    return f"pupils' bots cannot be isolated here: the sandbox did not start ({text!r})"


def check_isolation(limits: SandboxLimits | None = None) -> None:
    """Make sure pupils' code can run with ``limits.isolation`` here (one probe sandbox per process).

    With ``isolation="none"`` nothing is checked.

    Raises:
        SandboxUnavailable: bubblewrap or libseccomp is missing, or the sandbox
            cannot start on this machine; the message names what and how to fix it.
    """
    limits = limits or SandboxLimits()
    if limits.isolation in _CHECKED or limits.isolation == "none":
        return
    probe_limits = SandboxLimits(isolation=limits.isolation, load_timeout=max(limits.load_timeout, 20.0))
    try:
        worker = _Worker(probe_limits, b"def choose(position):\n    return None\n", capture=True)
    except OSError as exc:
        raise SandboxUnavailable(
            f"pupils' bots cannot be isolated here: the sandbox could not be started ({exc})"
        ) from None
    try:
        worker.ask({"op": "load"}, probe_limits.load_timeout)
    except _Failure as failure:
        stderr = worker.stderr_text()
        worker.kill()
        raise SandboxUnavailable(f"{_explain(stderr)} [{failure.what}]") from None
    finally:
        worker.kill()
    _CHECKED.add(limits.isolation)


def _read_source(path: str) -> bytes:
    """The bot file's content, at most :data:`MAX_SOURCE` bytes.

    A regular file, not a symbolic link (which could point at a file only the teacher may read).
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        if os.path.islink(path):
            raise _Failure("load", "is a symbolic link, not a bot file") from None
        raise _Failure("load", f"cannot be read ({exc.strerror})") from None
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _Failure("load", "is not a regular file")
        source = file.read(MAX_SOURCE + 1)
    if len(source) > MAX_SOURCE:
        raise _Failure("load", f"is larger than {MAX_SOURCE // 1024} KiB")
    return source


def _loaded_worker(path: str, limits: SandboxLimits) -> _Worker:
    """An idle live worker with ``path``'s current content loaded, or a new one.

    Raises:
        _Failure: the file cannot be loaded (kind ``"load"``) or the worker failed.
        SandboxUnavailable: the isolation cannot run here.
    """
    check_isolation(limits)
    source = _read_source(path)
    key = (hashlib.sha256(source).hexdigest(), limits)
    while True:
        with _POOL_LOCK:
            idle = _IDLE.get(key, [])
            worker = idle.pop() if idle else None
        if worker is None:
            break
        if worker.alive:
            return worker
        worker.kill()
    worker = _Worker(limits, source)
    with _POOL_LOCK:
        _ALL[:] = [w for w in _ALL if w.alive]
        _ALL.append(worker)
    try:
        reply = worker.ask({"op": "load"}, limits.load_timeout)
    except _Failure as failure:
        worker.kill()
        if failure.kind == _REPORTED:
            raise _Failure("load", failure.what) from None
        raise
    worker.key = key
    worker.label = safe_text(reply.get("name", ""), MAX_LABEL).strip()
    return worker


def _release(worker: _Worker) -> None:
    if worker.alive and worker.key is not None:
        with _POOL_LOCK:
            _IDLE.setdefault(worker.key, []).append(worker)


def _stem(path: str) -> str:
    return safe_text(os.path.splitext(os.path.basename(path))[0], 80)


def probe(path: str, limits: SandboxLimits | None = None) -> str:
    """Load a pupil's file in a worker and return its ``NAME`` label (made safe, or ``""``).

    The worker is kept for the next game of that file in this process.

    Raises:
        BotError: kind ``"load"`` (syntax error, import error, no ``choose``/``Bot``,
            ``sys.exit`` at import, unreadable or larger than 1 MiB), ``"time"``
            (loading took longer than ``limits.load_timeout``), ``"crash"``,
            ``"killed"``, ``"garbage"``.
        SandboxUnavailable: the isolation cannot run here (before any pupil's code runs).
    """
    limits = limits or SandboxLimits()
    path = os.path.abspath(path)
    try:
        worker = _loaded_worker(path, limits)
    except _Failure as failure:
        raise BotError(_stem(path), "", failure.what, failure.kind) from None
    _release(worker)
    return worker.label


class SandboxedBot:
    """A pupil's bot file played in its own isolated worker process (see the module docstring).

    Args:
        path: the ``.py`` file (defining ``choose(position)`` or a class ``Bot``).
        name: the bot's name in tables (default: the file stem; a file's
            ``NAME`` is only a label, see :func:`~logger_widget.tournament.classbots.load_class_bots`).
        limits: :class:`SandboxLimits` (default: 2 s per turn, 512 MiB, bubblewrap).
        seed: seed of the game (the worker seeds :mod:`random` with it and passes it to ``Bot(seed=...)``).

    Raises:
        SandboxUnavailable: the isolation cannot run here (checked once per process,
            before any pupil's code runs).

    With ``limits.isolation="none"`` a :class:`UnisolatedWarning` is issued.
    Picklable (only the path, name, limits and seed travel), so it can be sent
    to process pools and Dask workers; the worker is started on first use in
    the process that plays.
    """

    def __init__(
        self, path: str, name: str | None = None, limits: SandboxLimits | None = None, seed: Any = None
    ) -> None:
        self.path = os.path.abspath(path)
        self.name = name if name is not None else _stem(self.path)
        self.limits = limits or SandboxLimits()
        self.seed = seed
        self._worker: _Worker | None = None
        if self.limits.isolation == "none":
            warn_unisolated(self.path)
        check_isolation(self.limits)

    def with_seed(self, seed: Any) -> SandboxedBot:
        """A copy for another game with ``seed`` (no worker attached yet)."""
        copy = SandboxedBot.__new__(SandboxedBot)
        copy.__setstate__({**self.__getstate__(), "seed": seed})
        return copy

    def __getstate__(self) -> dict[str, Any]:
        return {"path": self.path, "name": self.name, "limits": self.limits, "seed": self.seed}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._worker = None

    def __repr__(self) -> str:
        return f"SandboxedBot({self.path!r}, name={self.name!r}, limits={self.limits!r})"

    def _fail(self, position: Position, failure: _Failure) -> BotError:
        if self._worker is not None and not self._worker.alive:
            self._worker = None
        return BotError(self.name, position.to_lpn(), failure.what, failure.kind)

    def choose(self, position: Position) -> Turn:
        """Ask the worker for a turn in a copy of ``position``.

        Raises:
            BotError: the bot failed; ``kind`` is one of ``"time"``,
                ``"crash"``, ``"killed"``, ``"exception"``,
                ``"garbage"``, ``"illegal"``, ``"load"``.
            SandboxUnavailable: the isolation cannot run here.
        """
        try:
            if self._worker is None:
                worker = _loaded_worker(self.path, self.limits)
                self._worker = worker
                worker.ask({"op": "new", "seed": self.seed}, self.limits.time_limit)
            reply = self._worker.ask({"op": "choose", "lpn": position.to_lpn()}, self.limits.time_limit)
        except _Failure as failure:
            raise self._fail(position, failure) from None
        notation = reply.get("turn")
        if not isinstance(notation, str):
            raise self._fail(position, _Failure("garbage", f"answered {safe_text(notation, 60)}"))
        try:
            return position.parse_turn(notation)
        except LoggerError as exc:
            raise self._fail(
                position,
                _Failure("illegal", f"returned {safe_text(notation, 80)}, not a legal turn here: {exc}"),
            ) from None

    def close(self) -> None:
        """The game is over: give a live worker back to this process's pool."""
        if self._worker is not None:
            _release(self._worker)
            self._worker = None

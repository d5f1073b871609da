"""Untrusted bots (pupils' files) in their own worker process, with enforced limits.

A :class:`SandboxedBot` is a bot (``name``, ``choose``, ``with_seed``, ``close``)
whose code never runs in this process. Its file is loaded by a fresh Python
interpreter (:mod:`logger_widget.tournament._sandbox_worker`, started with
:class:`subprocess.Popen`, ``python -s`` in ``/`` with a minimal environment, in a new session) that
receives a *copy* of each position as LPN and answers with turn notation; no
object is shared. Per turn:

* **time**: the answer must come within ``limits.time_limit`` seconds of
  wall-clock time, otherwise the worker's whole process group is killed
  (``SIGKILL``) and the bot forfeits with kind ``"time"``;
* **memory**: the worker's address space is capped with
  ``resource.setrlimit(RLIMIT_AS)`` at ``limits.memory_mb`` MiB; a bot that
  exceeds it gets a ``MemoryError`` (kind ``"memory"``) or dies (``"crash"``);
* **crashes**: ``sys.exit`` (``"exit"``), ``os.abort()``/``os._exit``/a segfault
  (``"crash"``, with the exit code or signal), an exception (``"exception"``);
* **output**: the bot's printing goes to ``/dev/null``; an answer line over
  64 KiB or not JSON is ``"garbage"``; a non-notation answer ``"type"``, an
  unparsable or illegal turn ``"illegal"``.

Every failure raises :class:`~logger_widget.bots.BotError` with that kind, so
:func:`~logger_widget.tournament.play_game` and the tournaments record a
forfeit with the reason and go on, and the board pauses the seat.

With ``limits.bwrap=True`` (needs the Debian package ``bubblewrap``) the
worker runs under ``bwrap``: no network (``--unshare-net``), the whole
filesystem read-only (``--ro-bind / /``), a private empty ``/tmp`` (the bot's
folder stays readable), its own
PID namespace, killed with its parent. **Without bubblewrap** a pupil's bot
runs with the teacher's user rights: it can read and write the teacher's files
(files it writes are capped at 1 MiB each by ``RLIMIT_FSIZE``), open network
connections, and start other programs (they are killed with the worker's
process group on a timeout, unless they start their own session). Time,
memory, crashes, printing and the game objects are protected either way.

Workers are reused: after a game (:meth:`SandboxedBot.close`) a live worker
goes back to a per-process pool for the same file and limits, and a new game
re-seeds the global :mod:`random` and rebuilds a ``Bot`` class; module-level
variables of the pupil's file persist between that worker's games.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

from ..bots.base import BotError
from ..engine.errors import LoggerError
from ..engine.position import Position
from ..engine.turn import Turn

__all__ = ["SandboxLimits", "SandboxedBot", "bwrap_available"]

#: Longest answer line accepted from a worker, in bytes.
MAX_REPLY = 64 * 1024


def bwrap_available() -> bool:
    """True when the ``bwrap`` program (Debian package ``bubblewrap``) is on ``PATH``."""
    return shutil.which("bwrap") is not None


@dataclass(frozen=True, slots=True)
class SandboxLimits:
    """Limits of a sandboxed bot.

    Attributes:
        time_limit: wall-clock seconds per turn (> 0), including the worker's
            reply; the worker is killed when it is exceeded. Default 2 s.
        memory_mb: the worker's address-space limit in MiB (≥ 64; a Python
            interpreter with the engine needs about 30 MiB). Default 512.
        load_timeout: seconds to start the interpreter and load the file (> 0). Default 20.
        bwrap: run the worker under bubblewrap (no network, read-only
            filesystem); :class:`RuntimeError` at start when ``bwrap`` is missing.
    """

    time_limit: float = 2.0
    memory_mb: int = 512
    load_timeout: float = 20.0
    bwrap: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.time_limit, (int, float)) or not self.time_limit > 0:
            raise ValueError(f"time_limit must be a number of seconds > 0, not {self.time_limit!r}")
        if not isinstance(self.memory_mb, int) or self.memory_mb < 64:
            raise ValueError(f"memory_mb must be a whole number of MiB >= 64, not {self.memory_mb!r}")
        if not isinstance(self.load_timeout, (int, float)) or not self.load_timeout > 0:
            raise ValueError(f"load_timeout must be a number of seconds > 0, not {self.load_timeout!r}")


class _Failure(Exception):
    def __init__(self, kind: str, what: str) -> None:
        super().__init__(what)
        self.kind = kind
        self.what = what


def _command(limits: SandboxLimits, path: str) -> list[str]:
    python = [
        sys.executable,
        "-s",
        "-m",
        "logger_widget.tournament._sandbox_worker",
        str(limits.memory_mb * 1024 * 1024),
    ]
    if not limits.bwrap:
        return python
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise RuntimeError("bwrap=True needs bubblewrap: apt-get install bubblewrap")
    # /tmp is emptied; what the worker needs from it is bound back, read-only: the bot's own
    # folder, the environment and interpreter, and the package's work tree (editable installs)
    package_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    needed = dict.fromkeys([os.path.dirname(path), sys.prefix, sys.base_prefix, package_root])
    return [
        bwrap,
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--tmpfs",
        "/tmp",
        *(arg for folder in needed for arg in ("--ro-bind", folder, folder)),
        "--unshare-net",
        "--unshare-pid",
        "--unshare-ipc",
        "--die-with-parent",
        "--new-session",
        *python,
    ]


class _Worker:
    """One worker process and its pipes."""

    def __init__(self, limits: SandboxLimits, path: str) -> None:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
        package_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env["PYTHONPATH"] = package_root  # the worker imports only this package's engine
        self.process = subprocess.Popen(
            _command(limits, path),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            env=env,
            cwd="/",
        )
        self.buffer = b""
        self.limits = limits
        self.path: str | None = None
        self.name = ""

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.process.kill()
        except ProcessLookupError:
            pass
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()

    def _died(self) -> _Failure:
        code = self.process.wait()
        if code < 0:
            try:
                how = f"signal {signal.Signals(-code).name}"
            except ValueError:
                how = f"signal {-code}"
        else:
            how = f"exit code {code}"
        self.kill()
        return _Failure("crash", f"its process died ({how})")

    def ask(self, request: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Send one request and wait for the reply; kill the worker on any failure."""
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write((json.dumps(request) + "\n").encode())
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._died() from None
        deadline = time.monotonic() + timeout
        fd = self.process.stdout.fileno()
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                raise _Failure("time", f"gave no answer within {timeout:g} s (its process was killed)")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise self._died()
            self.buffer += chunk
            if len(self.buffer) > MAX_REPLY:
                self.kill()
                raise _Failure("garbage", f"answered with more than {MAX_REPLY} bytes")
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            reply = json.loads(line)
            ok = reply["ok"]
        except (ValueError, KeyError, TypeError):
            self.kill()
            raise _Failure("garbage", f"answered with garbage {line[:60]!r}") from None
        if not ok:
            raise _Failure(str(reply.get("kind", "exception")), str(reply.get("what", "failed")))
        return dict(reply)


# Idle workers of this process by (path, limits), reused across games.
_IDLE: dict[tuple[str, SandboxLimits], list[_Worker]] = {}
_ALL: list[_Worker] = []


def _shutdown() -> None:
    for worker in _ALL:
        if worker.alive:
            worker.kill()
    _ALL.clear()
    _IDLE.clear()


atexit.register(_shutdown)


def _loaded_worker(path: str, limits: SandboxLimits) -> _Worker:
    """An idle live worker with ``path`` loaded, or a new one.

    Raises:
        _Failure: the file cannot be loaded (kind ``"load"``) or the worker failed.
    """
    idle = _IDLE.get((path, limits), [])
    while idle:
        worker = idle.pop()
        if worker.alive:
            return worker
    worker = _Worker(limits, path)
    _ALL[:] = [w for w in _ALL if w.alive]
    _ALL.append(worker)
    try:
        reply = worker.ask({"op": "load", "path": path}, limits.load_timeout)
    except _Failure as failure:
        worker.kill()
        if failure.kind in ("exception", "exit", "memory"):
            raise _Failure("load", failure.what) from None
        raise
    worker.path = path
    worker.name = str(reply["name"])
    return worker


def _release(worker: _Worker) -> None:
    if worker.alive and worker.path is not None:
        _IDLE.setdefault((worker.path, worker.limits), []).append(worker)


def probe(path: str, limits: SandboxLimits | None = None) -> str:
    """Load a pupil's file in a worker and return the bot's name (``NAME`` or the file stem).

    The worker is kept for the next game of that file in this process.

    Raises:
        BotError: kind ``"load"`` (syntax error, import error, no ``choose``/``Bot``,
            ``sys.exit`` at import), ``"time"`` (loading took longer than
            ``limits.load_timeout``), ``"crash"``, ``"garbage"``.
    """
    limits = limits or SandboxLimits()
    path = os.path.abspath(path)
    stem = os.path.splitext(os.path.basename(path))[0]
    try:
        worker = _loaded_worker(path, limits)
    except _Failure as failure:
        raise BotError(stem, "", failure.what, failure.kind) from None
    _release(worker)
    return worker.name


class SandboxedBot:
    """A pupil's bot file played in its own worker process (see the module docstring).

    Args:
        path: the ``.py`` file (defining ``choose(position)`` or a class ``Bot``).
        name: the bot's name in tables (default: the file stem).
        limits: :class:`SandboxLimits` (default: 2 s per turn, 512 MiB, no bubblewrap).
        seed: seed of the game (the worker seeds :mod:`random` with it and passes it to ``Bot(seed=...)``).

    Picklable (only the path, name, limits and seed travel), so it can be sent
    to process pools and Dask workers; the worker is started on first use in
    the process that plays.
    """

    def __init__(
        self, path: str, name: str | None = None, limits: SandboxLimits | None = None, seed: Any = None
    ) -> None:
        self.path = os.path.abspath(path)
        self.name = name if name is not None else os.path.splitext(os.path.basename(path))[0]
        self.limits = limits or SandboxLimits()
        self.seed = seed
        self._worker: _Worker | None = None

    def with_seed(self, seed: Any) -> SandboxedBot:
        """A copy for another game with ``seed`` (no worker attached yet)."""
        return SandboxedBot(self.path, self.name, self.limits, seed)

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
            BotError: the bot failed; ``kind`` is one of ``"time"``, ``"memory"``,
                ``"crash"``, ``"exit"``, ``"exception"``, ``"type"``, ``"garbage"``,
                ``"illegal"``, ``"load"``.
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
            raise self._fail(position, _Failure("garbage", f"answered {notation!r:.60}"))
        try:
            return position.parse_turn(notation)
        except LoggerError as exc:
            raise self._fail(
                position, _Failure("illegal", f"returned {notation!r:.80}, not a legal turn here: {exc}")
            ) from None

    def close(self) -> None:
        """The game is over: give a live worker back to this process's pool."""
        if self._worker is not None:
            _release(self._worker)
            self._worker = None

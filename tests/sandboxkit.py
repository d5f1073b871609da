"""Measuring sandboxes from outside: every process of one, its whole footprint, and a sampler of peaks.

Shared by the bots' sandbox tests (``tests/test_hostile_bots.py``) and the grading kernels'
(``tests/test_autograde_sandbox.py``): a sandbox is found in ``/proc`` as the first process of a
PID namespace of its own that descends from this test process (through bubblewrap, and the
privileged bubblewrap and ``setpriv`` of a root teacher's private view), never asked of the code
that started it.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import cast

#: The keys of a footprint that a :class:`PeakSampler` keeps the peak of.
PEAK_KEYS = ("processes", "bytes", "tmpfs", "memfds", "rss")


def pid_of(pidfd: int) -> int:
    """The process number a pidfd of this process stands for."""
    info = Path(f"/proc/self/fdinfo/{pidfd}").read_text()
    return int(next(line.split()[1] for line in info.splitlines() if line.startswith("Pid:")))


def footprint(pid1: int, folders: Iterable[str]) -> dict[str, object]:
    """The whole sandbox whose first process is host PID ``pid1``, seen from outside.

    Its processes (every one in its PID namespace), their states, CPU seconds and resident
    memory, what its writable in-memory ``folders`` (paths inside the sandbox, e.g. ``"tmp"``,
    ``"dev/shm"``) hold, and the memfds its processes keep open, each counted once (bytes).
    ``bytes`` is the sum of the three.

    Raises:
        OSError: the sandbox's first process is gone.
    """
    mine = os.stat(f"/proc/{pid1}/ns/pid")
    states, cpu, rss, memfds = [], 0.0, 0, {}
    for name in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            ns = os.stat(f"/proc/{name}/ns/pid")
            if (ns.st_ino, ns.st_dev) != (mine.st_ino, mine.st_dev):
                continue
            fields = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
            status = Path(f"/proc/{name}/status").read_text()
            for fd in os.listdir(f"/proc/{name}/fd"):
                if os.readlink(f"/proc/{name}/fd/{fd}").startswith("/memfd:"):
                    info = os.stat(f"/proc/{name}/fd/{fd}")
                    memfds[(info.st_dev, info.st_ino)] = info.st_size
        except (OSError, IndexError):
            continue
        states.append(fields[0])
        cpu += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        rss += next((int(x.split()[1]) * 1024 for x in status.splitlines() if x.startswith("VmRSS:")), 0)
    tmpfs = 0
    for folder in folders:
        info = os.statvfs(f"/proc/{pid1}/root/{folder.strip('/')}")
        tmpfs += (info.f_blocks - info.f_bfree) * info.f_frsize
    held = sum(memfds.values())
    return {
        "processes": len(states), "states": states, "cpu": cpu, "bytes": rss + tmpfs + held,
        "tmpfs": tmpfs, "memfds": held, "rss": rss,
    }  # fmt: skip


def sandboxes_of(ancestor: int | None = None) -> dict[tuple[int, int], int]:
    """Every live sandbox started from process ``ancestor`` (default: this one), found in ``/proc``.

    Returns ``{(st_dev, st_ino) of its PID namespace: host PID of its first process}``: each
    process that is PID 1 of a namespace of its own and descends from ``ancestor`` (at most
    ten generations down).
    """
    top = str(ancestor or os.getpid())
    parent, firsts = {}, []
    for name in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            status = Path(f"/proc/{name}/status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        parent[name] = fields.get("PPid", "").strip()
        inside = fields.get("NSpid", "").split()
        if len(inside) > 1 and inside[-1] == "1":
            firsts.append(name)
    found = {}
    for pid in firsts:
        up, hops = parent.get(pid), 0
        while up not in (None, "", "0", "1") and up != top and hops < 10:
            up, hops = parent.get(up), hops + 1
        if up == top:
            try:
                ns = os.stat(f"/proc/{pid}/ns/pid")
            except OSError:
                continue
            found[(ns.st_dev, ns.st_ino)] = int(pid)
    return found


class PeakSampler:
    """A thread that, until stopped, finds every sandbox of this process and keeps each one's peak footprint.

    ``folders``: the sandbox's writable in-memory folders (see :func:`footprint`); ``label``:
    names the sandbox of a first process, or returns ``None`` while it is not yet to be measured
    (still being set up: its root and folders are not yet its own). Use it as a context manager::

        with PeakSampler(("tmp", "dev/shm", "dev")) as sampler:
            ...  # run the sandboxes
        sampler.peaks  # {PID namespace: {"processes": n, "bytes": n, ...}}
    """

    def __init__(
        self, folders: Iterable[str], label: Callable[[int], str | None] = lambda pid1: "sandbox"
    ) -> None:
        self.folders = tuple(folders)
        self.label = label
        self.peaks: dict[tuple[int, int], dict[str, int]] = {}
        self.labels: dict[tuple[int, int], str] = {}
        self.samples = 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._done.is_set():
            for ns, pid1 in sandboxes_of().items():
                name = self.label(pid1)
                if name is None:
                    continue
                try:
                    now = footprint(pid1, self.folders)
                except OSError:
                    continue  # ended meanwhile
                self.labels[ns] = name
                peak = self.peaks.setdefault(ns, dict.fromkeys(PEAK_KEYS, 0))
                for key in peak:
                    peak[key] = max(peak[key], cast(int, now[key]))
                self.samples += 1
            time.sleep(0.01)  # leave the tested code's threads the interpreter most of the time

    def __enter__(self) -> PeakSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()

    def by_label(self) -> dict[str, list[dict[str, int]]]:
        """The peaks, listed by the label of their sandbox."""
        found: dict[str, list[dict[str, int]]] = {}
        for ns, peak in self.peaks.items():
            found.setdefault(self.labels[ns], []).append(peak)
        return found

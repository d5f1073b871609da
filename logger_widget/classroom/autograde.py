"""nbgrader's autograding with each submission's kernel contained (bubblewrap).

``nbgrader autograde`` executes every pupil's notebook in a kernel of the account that grades
(the teacher's). Unconfined, a pupil's cell could do whatever that account may: rewrite
``gradebook.db`` or ``nbgrader_config.py`` (their marks, the judge), read the course's
solutions, the classmates' submissions and feedback, or the teacher's hub token in the
environment. :class:`ContainedExecute` (``c.Autograde.autograde_preprocessors`` in
``deploy/nbgrader/nbgrader_config.py``) is nbgrader's ``Execute`` step with a kernel started by
:class:`ContainedKernelManager`, inside the project's bubblewrap sandbox
(:class:`logger_widget.sandboxing.Bubblewrap`, the builder the pupils' bots use too):

* a **minimal view**, read-only: the machine's programs and libraries (``/usr``, ``/lib*``,
  ``/bin``, ``/sbin``), ``/etc/ld.so.cache`` and ``/etc/localtime``, the interpreter's prefixes,
  the folders on ``PYTHONPATH``, the ``logger_widget`` package (and its ``locales/`` in a source
  tree), and the notebook's own folder
  (its copy in ``autograded/``: nbgrader writes the graded notebook there afterwards). Nothing
  else of the machine is there: no ``/etc/shadow``, no ``/home``, no course folder but that one
  notebook's folder, no exchange, no grading account's home;
* **sized writable folders** only: ``/tmp`` (``HOME``), ``/dev/shm`` and ``/run`` (the kernel's
  Unix sockets, :data:`INSIDE_SOCKETS`) as tmpfs of :attr:`ContainedKernelManager.tmp_mb` MiB each;
  the folder of its connection file is read-only, ``/dev`` too, with ``null``, ``zero``, ``full``,
  ``random``, ``urandom``. Nothing it writes lands on the machine's disk: nbgrader reaches the
  kernel's sockets through ``/proc/PID/root`` of the kernel's process;
* **no capability**, also when grading as root, and as root the kernel runs as the
  unprivileged uid :data:`~logger_widget.sandboxing.SANDBOX_UID` (root is bound neither by
  the process limit nor by the files' owners); **limits** set before the kernel starts
  (util-linux ``prlimit``): address space :attr:`ContainedKernelManager.memory_mb` MiB per
  process, :attr:`ContainedKernelManager.processes` processes and threads, files of at most
  :attr:`ContainedKernelManager.file_mb` MiB (an in-memory file, ``memfd``, too),
  :attr:`ContainedKernelManager.open_files` descriptors, no core dumps. The whole sandbox
  therefore holds at most :meth:`GradingLimits.budget_mb` of memory (its processes, folders
  and memfds);
* **its files counted from outside**: a tmpfs's size caps its bytes, not its files, and each
  file costs about 1 KiB of kernel memory that no limit counts. While the kernel lives a thread
  of the grading process (:class:`FileWatch`) counts the entries of its three folders every
  :data:`FILES_EVERY` s and kills the sandbox (``SIGKILL`` to its first process) past
  :attr:`ContainedKernelManager.max_files`: the cell fails (nbclient's "Kernel died") and
  nbgrader goes on with the next notebook;
* the bots' **seccomp filter** (:func:`logger_widget.tournament.isolation.seccomp_program`:
  no mounting, ``ptrace``, SysV IPC, namespaces... and no socket but ``AF_UNIX``, ``AF_INET``
  (ipykernel's own pipe on 127.0.0.1) and route ``AF_NETLINK`` (ZeroMQ lists the interfaces))
  and **no network**: in a network namespace of its own (a loopback of its own only), the
  kernel talks to nbgrader through Unix sockets (ZeroMQ's ``ipc`` transport);
* its own PID, IPC, UTS and cgroup namespaces, the kernel its PID namespace's first process
  (everything it starts dies with it), no further user namespace, an **empty environment** but
  ``PATH``, ``LANG``, ``HOME`` and :data:`PASSED`.

What the kernel can still do: use CPU until nbgrader's cell timeout
(``ExecutePreprocessor.timeout``), and take memory up to its budget. What it prints is only read by
:class:`logger_widget.classroom.judge.JudgeAnswers`, in the grading process.

Raises :class:`~logger_widget.sandboxing.SandboxUnavailable` (naming what to install) when
``bwrap`` or ``prlimit`` is missing: the course never grades unconfined by accident.
"""

from __future__ import annotations

import asyncio
import logging
import os
import select
import shutil
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from typing import Any

from jupyter_client.manager import AsyncKernelManager
from nbgrader.preprocessors import Execute  # type: ignore[import-untyped]
from traitlets import Int, List, Unicode

from ..sandboxing import (
    SANDBOX_UID,
    Bubblewrap,
    SandboxUnavailable,
    bwrap_program,
    hidden_folders,
    private_view,
    tmpfs_entries,
    unprivileged,
)
from ..tournament.isolation import AF_INET, AF_NETLINK, AF_UNIX, seccomp_program

__all__ = [
    "ContainedExecute",
    "ContainedKernelManager",
    "FileWatch",
    "GradingLimits",
    "SandboxUnavailable",
    "contained_command",
]


#: the grading process's variables the kernel keeps (where the package and its compiled kernel are)
PASSED = ("PYTHONPATH", "NUMBA_CACHE_DIR", "LOGGER_WIDGET_NO_JIT")

#: Where the kernel's Unix sockets are inside its sandbox (ZeroMQ's ``ipc`` endpoints ``{path}-{port}``),
#: in the sized tmpfs ``/run``.
INSIDE_SOCKETS = "/run/kernel-ipc"
#: The kernel's ``HOME`` inside (IPython's profile goes there), the sized tmpfs ``/tmp``.
INSIDE_HOME = "/tmp"

#: The machine's folders of programs and libraries a kernel sees (read-only), where they exist.
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
#: Single files of ``/etc`` a kernel needs (the dynamic linker's cache, the time zone).
ETC = ("/etc/ld.so.cache", "/etc/localtime")
#: The kernel's sized writable folders (tmpfs), inside its root.
WRITABLE = ("/tmp", "/dev/shm", "/run")
#: Seconds between two counts of a grading sandbox's files (:class:`FileWatch`).
FILES_EVERY = 0.01


@dataclass(frozen=True)
class GradingLimits:
    """Limits of one grading kernel's sandbox.

    Attributes:
        memory_mb: address space of each process, MiB (≥ 256; a kernel with NumPy and
            Matplotlib maps about 1 GiB of address space).
        processes: processes and threads (``RLIMIT_NPROC``, ≥ 8; a kernel runs about 10 threads).
        file_mb: largest file it may write, MiB (≥ 1), an in-memory one (``memfd``) too.
        tmp_mb: size of each of ``/tmp``, ``/dev/shm``, ``/run``, MiB (≥ 1).
        open_files: descriptors of each process (``RLIMIT_NOFILE``, ≥ 64; a kernel keeps about 50).
        max_files: entries (files, folders, links) in ``/tmp``, ``/dev/shm`` and ``/run``
            together past which the sandbox is killed (≥ 64; counted every :data:`FILES_EVERY` s by
            :class:`FileWatch`, so a fast cell makes more before it dies; a kernel makes about 15: its
            sockets, IPython's profile).

    Raises:
        ValueError: a limit out of its range (naming it).
    """

    memory_mb: int = 2048
    processes: int = 64
    file_mb: int = 64
    tmp_mb: int = 64
    open_files: int = 256
    max_files: int = 4096

    def __post_init__(self) -> None:
        bounds = (
            ("memory_mb", 256), ("processes", 8), ("file_mb", 1), ("tmp_mb", 1), ("open_files", 64),
            ("max_files", 64),
        )  # fmt: skip
        for name, low in bounds:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= 1 << 20:
                raise ValueError(f"{name} must be a whole number in [{low}, {1 << 20}], not {value!r}")

    def budget_mb(self) -> int:
        """The most memory the whole sandbox can hold, MiB, whatever the kernel does (docs/classroom.md).

        ``processes × (memory_mb + open_files × file_mb) + 3 × tmp_mb``: each process's address
        space and the memfds it can hold open, and the three tmpfs folders (plus ``/dev``'s
        :data:`~logger_widget.sandboxing.DEV_SIZE`, read-only). Not in it: what Linux keeps for
        each process (page tables, kernel stacks), pipe and socket buffers, and the files in
        memory shared with the machine (the interpreter, libraries: read-only).
        """
        return self.processes * (self.memory_mb + self.open_files * self.file_mb) + 3 * self.tmp_mb


def _under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _package_folders() -> list[str]:
    """The package's folder and, in a source tree, the ``locales/`` beside it (its catalogues)."""
    import logger_widget

    package = os.path.realpath(os.path.dirname(logger_widget.__file__))
    beside = os.path.join(os.path.dirname(package), "locales")
    return [package, beside] if os.path.isdir(beside) else [package]


def contained_command(
    command: list[str],
    workdir: str,
    connection: str,
    hidden: list[str],
    shown: list[str],
    limits: GradingLimits | None = None,
    seccomp_fd: int | None = None,
) -> list[str]:
    """``bwrap`` arguments running ``command`` as described in the module docstring.

    ``workdir``: the notebook's folder (read-only, the working folder);
    ``connection``: the folder of the kernel's connection file (read-only; the kernel's sockets
    go to :data:`INSIDE_SOCKETS`, its ``HOME`` is :data:`INSIDE_HOME`);
    ``hidden``: folders never shown, even inside a shown one (the course folder, the exchange:
    only ``workdir`` of them is); ``shown``: the interpreter's prefixes (read-only).
    ``seccomp_fd``: a descriptor holding :func:`~logger_widget.tournament.isolation.seccomp_program`
    (passed to the kernel's process by the caller). Paths must be absolute. As root, the command
    runs as :data:`~logger_widget.sandboxing.SANDBOX_UID`, which must be able to read
    ``workdir`` and ``connection`` (:class:`ContainedKernelManager` hands it the latter).

    Raises:
        SandboxUnavailable: ``bwrap`` or ``prlimit`` is not on ``PATH``.
        ValueError: a path that is not absolute (naming it).
    """
    limits = limits or GradingLimits()
    bwrap = bwrap_program("autograding")
    prlimit = shutil.which("prlimit")
    if prlimit is None:
        raise SandboxUnavailable(
            "`prlimit` (Debian package util-linux) is missing: it sets the grading kernels' limits"
        )
    for path in (workdir, connection, *hidden, *shown):
        if not os.path.isabs(path):
            raise ValueError(f"the sandbox needs absolute paths, got {path!r}")
    system = [d for d in SYSTEM if os.path.isdir(d) and not os.path.islink(d)]
    links = tuple((os.readlink(d), d) for d in SYSTEM if os.path.islink(d))
    folders = [*system]
    for path in [*shown, *os.environ.get("PYTHONPATH", "").split(os.pathsep), *_package_folders()]:
        path = os.path.realpath(path) if path else ""
        if path and os.path.isdir(path) and not any(_under(path, f) for f in folders):
            folders.append(path)
    numba = os.environ.get("NUMBA_CACHE_DIR")
    if numba and os.path.isdir(numba) and not any(_under(os.path.realpath(numba), f) for f in folders):
        folders.append(os.path.realpath(numba))
    files = [f for f in ETC if os.path.exists(f)]
    hide = tuple(
        sorted({os.path.realpath(h) for h in hidden if any(_under(os.path.realpath(h), f) for f in folders)})
    )
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "HOME": INSIDE_HOME}
    env.update({name: os.environ[name] for name in PASSED if name in os.environ})
    sandbox = Bubblewrap(
        ro_binds=tuple((f, f) for f in [*folders, *files]),
        hidden=hide,
        shown=((workdir, workdir), (connection, connection)),
        symlinks=links,
        tmpfs=tuple((inside, limits.tmp_mb << 20) for inside in WRITABLE),
        hostname="grading",
        chdir=workdir,
        env=env,
        seccomp_fd=seccomp_fd,
    )
    mib = 1 << 20
    limited = [
        prlimit, f"--as={limits.memory_mb * mib}", f"--nproc={limits.processes}",
        f"--fsize={limits.file_mb * mib}", f"--nofile={limits.open_files}", "--core=0", "--", *command,
    ]  # fmt: skip
    argv = sandbox.argv(limited, bwrap)
    if os.geteuid() == 0:  # as SANDBOX_UID, through a private view of what it could not enter
        sources = [*folders, *files, workdir, connection]
        folded = hidden_folders([os.path.join(s, ".") if os.path.isdir(s) else s for s in sources])
        argv = [*(private_view(bwrap, sources, folded) if folded else unprivileged()), *argv]
    return argv


def _first_process(ancestor: int) -> int | None:
    """The sandbox's kernel: the first process of a PID namespace descending from ``ancestor``.

    Its host PID, or ``None`` while there is none (bubblewrap is still starting it).
    """
    parent, firsts = {}, []
    for name in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            with open(f"/proc/{name}/status") as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
        except OSError:
            continue
        parent[name] = fields.get("PPid", "").strip()
        if fields.get("NSpid", "").split()[1:][-1:] == ["1"]:
            firsts.append(name)
    for pid in firsts:
        up, hops = parent.get(pid), 0
        while up not in (None, "", "0", "1", str(ancestor)) and hops < 10:
            up, hops = parent.get(up), hops + 1
        if up == str(ancestor):
            return int(pid)
    return None


class FileWatch:
    """A daemon thread that counts a grading sandbox's entries and kills the sandbox past a limit.

    Every ``every`` seconds it counts the entries of the sandbox's :data:`WRITABLE` folders
    (:func:`~logger_widget.sandboxing.tmpfs_entries`, tmpfs of ``size`` bytes each) through
    ``/proc/PID/root`` of its first process ``pid1`` (a host PID); past ``most`` it sends that
    process ``SIGKILL`` (through a pidfd: never another process that took its PID), which ends the
    whole PID namespace, and stops. It also stops when that process ends or on :meth:`stop`. A
    watchdog, not a limit Linux enforces: a cell making files as fast as it can makes some more
    before the next count. Allowed as root and as the unprivileged account that started the sandbox.

    Attributes:
        killed_at: the entries counted when it killed the sandbox, else ``None``.

    Raises:
        OSError: ``pid1`` is not a running process (``ProcessLookupError``).
    """

    def __init__(self, pid1: int, size: int, most: int, every: float = FILES_EVERY) -> None:
        self.pid1, self.size, self.most, self.every = pid1, size, most, every
        self.killed_at: int | None = None
        self._pidfd = os.pidfd_open(pid1)
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._watch, name=f"grading-files-{pid1}", daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        folders = [inside.lstrip("/") for inside in WRITABLE]
        watch = select.poll()
        watch.register(self._pidfd, select.POLLIN)  # readable once the process has ended
        try:
            while not self._stopped.is_set() and not watch.poll(self.every * 1000):
                made = tmpfs_entries(self.pid1, folders, self.size)
                if made > self.most:
                    try:
                        signal.pidfd_send_signal(self._pidfd, signal.SIGKILL)
                    except OSError:  # it has just ended
                        return
                    self.killed_at = made
                    logging.getLogger(__name__).warning(
                        "a grading kernel made %d files in /tmp, /dev/shm and /run (at most %d): "
                        "its sandbox was killed",
                        made,
                        self.most,
                    )
                    return
        finally:
            os.close(self._pidfd)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop counting and wait for the thread to end (at most ``timeout`` seconds)."""
        self._stopped.set()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout)


class ContainedKernelManager(AsyncKernelManager):
    """A kernel manager whose kernels run in :func:`contained_command`'s sandbox.

    ``hidden``: the folders hidden from the kernel (``deploy/nbgrader/nbgrader_config.py`` names
    the course folder and the exchange); the grading account's home is always hidden.
    """

    hidden = List(Unicode(), help="Folders the pupils' kernels must not see (absolute paths)").tag(
        config=True
    )
    memory_mb = Int(GradingLimits.memory_mb, help="Address space of each kernel process, MiB").tag(
        config=True
    )
    processes = Int(GradingLimits.processes, help="Processes and threads of a kernel").tag(config=True)
    file_mb = Int(GradingLimits.file_mb, help="Largest file a kernel may write, MiB").tag(config=True)
    tmp_mb = Int(GradingLimits.tmp_mb, help="Size of the kernel's /tmp, /dev/shm and /run each, MiB").tag(
        config=True
    )
    open_files = Int(GradingLimits.open_files, help="Descriptors of each kernel process").tag(config=True)
    max_files = Int(
        GradingLimits.max_files,
        help="Files, folders and links in the kernel's /tmp, /dev/shm and /run together past which "
        "its sandbox is killed (counted every 0.01 s)",
    ).tag(config=True)

    _sockets: str = ""
    _seccomp: int = -1
    #: The watchdog of the running kernel's files, ``None`` while none runs.
    files_watch: FileWatch | None = None

    async def _async_pre_start_kernel(self, **kw: Any) -> tuple[list[str], dict[str, Any]]:
        if not self._sockets:
            self._sockets = tempfile.mkdtemp(prefix="lw-grade-")
            self.transport = "ipc"
            self.connection_file = os.path.join(self._sockets, "kernel.json")
        self.ip = INSIDE_SOCKETS  # in the connection file; reached from here once the kernel runs
        command, kw = await super()._async_pre_start_kernel(**kw)
        workdir = os.path.realpath(kw.get("cwd") or os.getcwd())
        hidden = [*self.hidden, os.path.expanduser("~")]
        shown = sorted(
            {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, os.path.dirname(command[0]))}
        )
        if os.geteuid() == 0:  # the kernel runs as SANDBOX_UID: its folder (and connection file) are its
            for folder, _, names in os.walk(self._sockets):
                for path in (folder, *(os.path.join(folder, n) for n in names)):
                    os.chown(path, SANDBOX_UID, SANDBOX_UID)
        if self._seccomp < 0:
            self._seccomp = os.memfd_create("seccomp", 0)
            os.write(self._seccomp, seccomp_program((AF_UNIX, AF_INET, AF_NETLINK)))
        os.lseek(self._seccomp, 0, os.SEEK_SET)
        limits = self._limits()
        argv = contained_command(command, workdir, self._sockets, hidden, shown, limits, self._seccomp)
        kw["pass_fds"] = (*kw.get("pass_fds", ()), self._seccomp)
        return argv, kw

    def _limits(self) -> GradingLimits:
        return GradingLimits(
            self.memory_mb, self.processes, self.file_mb, self.tmp_mb, self.open_files, self.max_files
        )

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw: Any) -> None:
        await super()._async_launch_kernel(kernel_cmd, **kw)
        assert self.provisioner is not None
        process = getattr(self.provisioner, "process", None)
        if process is None:
            raise RuntimeError("the grading kernel's sandbox did not start")
        began = time.monotonic()
        while (pid1 := _first_process(process.pid)) is None:
            if process.poll() is not None or time.monotonic() - began > 60:
                raise RuntimeError(
                    f"the grading kernel's sandbox did not start (exit status {process.poll()})"
                )
            await asyncio.sleep(0.02)
        self.ip = f"/proc/{pid1}/root{INSIDE_SOCKETS}"  # the kernel's sockets, in its own /run
        limits = self._limits()
        try:
            self.files_watch = FileWatch(pid1, limits.tmp_mb << 20, limits.max_files)
        except ProcessLookupError:
            raise RuntimeError("the grading kernel's sandbox ended as it started") from None

    def cleanup_ipc_files(self) -> None:
        """Nothing to remove: the kernel's sockets lie in its sandbox's ``/run``, gone with it."""

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        if self.files_watch is not None:
            self.files_watch.stop()
            self.files_watch = None
        await super()._async_cleanup_resources(restart=restart)
        if not restart and self._sockets:
            shutil.rmtree(self._sockets, ignore_errors=True)
            self._sockets = ""
        if not restart and self._seccomp >= 0:
            os.close(self._seccomp)
            self._seccomp = -1

    # nbclient cleans a dead kernel's resources up through this name, which AsyncKernelManager binds to
    # the base class's method: without it, a killed kernel's watchdog, folder and memfd would be left
    cleanup_resources = _async_cleanup_resources


class ContainedExecute(Execute):
    """nbgrader's ``Execute`` autograding step with :class:`ContainedKernelManager`'s kernels."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["kernel_manager_class"] = ContainedKernelManager
        super().__init__(*args, **kwargs)

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
* **sized writable folders** only: the kernel's private socket folder (its connection file,
  ``HOME``), and ``/tmp``, ``/dev/shm`` and ``/run`` as tmpfs of :attr:`ContainedKernelManager.tmp_mb`
  MiB each; ``/dev`` is read-only with ``null``, ``zero``, ``full``, ``random``, ``urandom``;
* **no capability**, also when grading as root, and as root the kernel runs as the
  unprivileged uid :data:`~logger_widget.sandboxing.SANDBOX_UID` (root is bound neither by
  the process limit nor by the files' owners); **limits** set before the kernel starts
  (util-linux ``prlimit``): address space :attr:`ContainedKernelManager.memory_mb` MiB per
  process, :attr:`ContainedKernelManager.processes` processes and threads, files of at most
  :attr:`ContainedKernelManager.file_mb` MiB, no core dumps;
* the bots' **seccomp filter** (:func:`logger_widget.tournament.isolation.seccomp_program`:
  no mounting, ``ptrace``, SysV IPC, namespaces... and no socket but ``AF_UNIX``, ``AF_INET``
  (ipykernel's own pipe on 127.0.0.1) and route ``AF_NETLINK`` (ZeroMQ lists the interfaces))
  and **no network**: in a network namespace of its own (a loopback of its own only), the
  kernel talks to nbgrader through Unix sockets (ZeroMQ's ``ipc`` transport);
* its own PID, IPC, UTS and cgroup namespaces, the kernel its PID namespace's first process
  (everything it starts dies with it), no further user namespace, an **empty environment** but
  ``PATH``, ``LANG``, ``HOME`` and :data:`PASSED`.

What the kernel can still do: use CPU until nbgrader's cell timeout
(``ExecutePreprocessor.timeout``), and fill its sized folders. What it prints is only read by
:class:`logger_widget.classroom.judge.JudgeAnswers`, in the grading process.

Raises :class:`~logger_widget.sandboxing.SandboxUnavailable` (naming what to install) when
``bwrap`` or ``prlimit`` is missing: the course never grades unconfined by accident.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
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
    unprivileged,
)
from ..tournament.isolation import AF_INET, AF_NETLINK, AF_UNIX, seccomp_program

__all__ = [
    "ContainedExecute",
    "ContainedKernelManager",
    "GradingLimits",
    "SandboxUnavailable",
    "contained_command",
]


#: the grading process's variables the kernel keeps (where the package and its compiled kernel are)
PASSED = ("PYTHONPATH", "NUMBA_CACHE_DIR", "LOGGER_WIDGET_NO_JIT")

#: The machine's folders of programs and libraries a kernel sees (read-only), where they exist.
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
#: Single files of ``/etc`` a kernel needs (the dynamic linker's cache, the time zone).
ETC = ("/etc/ld.so.cache", "/etc/localtime")


@dataclass(frozen=True)
class GradingLimits:
    """Limits of one grading kernel's sandbox.

    Attributes:
        memory_mb: address space of each process, MiB (≥ 256; a kernel with NumPy and
            Matplotlib maps about 1 GiB of address space).
        processes: processes and threads (``RLIMIT_NPROC``, ≥ 8; a kernel runs about 10 threads).
        file_mb: largest file it may write, MiB (≥ 1).
        tmp_mb: size of each of ``/tmp``, ``/dev/shm``, ``/run``, MiB (≥ 1).

    Raises:
        ValueError: a limit out of its range (naming it).
    """

    memory_mb: int = 2048
    processes: int = 64
    file_mb: int = 64
    tmp_mb: int = 64

    def __post_init__(self) -> None:
        for name, low in (("memory_mb", 256), ("processes", 8), ("file_mb", 1), ("tmp_mb", 1)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= 1 << 20:
                raise ValueError(f"{name} must be a whole number in [{low}, {1 << 20}], not {value!r}")


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
    sockets: str,
    hidden: list[str],
    shown: list[str],
    limits: GradingLimits | None = None,
    seccomp_fd: int | None = None,
) -> list[str]:
    """``bwrap`` arguments running ``command`` as described in the module docstring.

    ``workdir``: the notebook's folder (read-only, the working folder);
    ``sockets``: the folder of the kernel's connection file and Unix sockets (writable, ``HOME``:
    IPython's profile goes there, not into the graded folder);
    ``hidden``: folders never shown, even inside a shown one (the course folder, the exchange:
    only ``workdir`` of them is); ``shown``: the interpreter's prefixes (read-only).
    ``seccomp_fd``: a descriptor holding :func:`~logger_widget.tournament.isolation.seccomp_program`
    (passed to the kernel's process by the caller). Paths must be absolute. As root, the command
    runs as :data:`~logger_widget.sandboxing.SANDBOX_UID`, which must be able to read
    ``workdir`` and write ``sockets`` (:class:`ContainedKernelManager` hands it the latter).

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
    for path in (workdir, sockets, *hidden, *shown):
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
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "HOME": sockets}
    env.update({name: os.environ[name] for name in PASSED if name in os.environ})
    sandbox = Bubblewrap(
        ro_binds=tuple((f, f) for f in [*folders, *files]),
        hidden=hide,
        shown=((workdir, workdir),),
        binds=((sockets, sockets),),
        symlinks=links,
        tmpfs=tuple((inside, limits.tmp_mb << 20) for inside in ("/tmp", "/dev/shm", "/run")),
        hostname="grading",
        chdir=workdir,
        env=env,
        seccomp_fd=seccomp_fd,
    )
    mib = 1 << 20
    limited = [
        prlimit, f"--as={limits.memory_mb * mib}", f"--nproc={limits.processes}",
        f"--fsize={limits.file_mb * mib}", "--core=0", "--", *command,
    ]  # fmt: skip
    argv = sandbox.argv(limited, bwrap)
    if os.geteuid() == 0:  # as SANDBOX_UID, through a private view of what it could not enter
        sources = [*folders, *files, workdir, sockets]
        folded = hidden_folders([os.path.join(s, ".") if os.path.isdir(s) else s for s in sources])
        argv = [
            *(private_view(bwrap, sources, folded, writable=(sockets,)) if folded else unprivileged()),
            *argv,
        ]
    return argv


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

    _sockets: str = ""
    _seccomp: int = -1

    async def _async_pre_start_kernel(self, **kw: Any) -> tuple[list[str], dict[str, Any]]:
        if not self._sockets:
            self._sockets = tempfile.mkdtemp(prefix="lw-grade-")
            self.transport = "ipc"
            self.connection_file = os.path.join(self._sockets, "kernel.json")
            self.ip = os.path.join(self._sockets, "kernel-ipc")
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
        limits = GradingLimits(self.memory_mb, self.processes, self.file_mb, self.tmp_mb)
        argv = contained_command(command, workdir, self._sockets, hidden, shown, limits, self._seccomp)
        kw["pass_fds"] = (*kw.get("pass_fds", ()), self._seccomp)
        return argv, kw

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart=restart)
        if not restart and self._sockets:
            shutil.rmtree(self._sockets, ignore_errors=True)
            self._sockets = ""
        if not restart and self._seccomp >= 0:
            os.close(self._seccomp)
            self._seccomp = -1


class ContainedExecute(Execute):
    """nbgrader's ``Execute`` autograding step with :class:`ContainedKernelManager`'s kernels."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["kernel_manager_class"] = ContainedKernelManager
        super().__init__(*args, **kwargs)

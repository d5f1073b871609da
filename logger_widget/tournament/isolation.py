"""How a pupil's bot process is isolated: bubblewrap, a seccomp filter, resource limits.

:func:`worker_command` builds the command line that starts one worker
(:mod:`logger_widget.tournament._sandbox_worker`) for a pupil's file. With
``isolation="bwrap"`` (the default everywhere pupils' code runs) the worker
runs under `bubblewrap <https://github.com/containers/bubblewrap>`_ (``bwrap``,
as Flatpak uses it):

* **namespaces**: new user, PID, IPC, network, UTS and cgroup namespaces
  (``--unshare-all --unshare-user``), the unprivileged uid/gid
  :data:`SANDBOX_UID` inside, every capability dropped (``--cap-drop ALL``),
  no further user namespaces (``--disable-userns``), a new session, killed
  with the thread that started it (``--die-with-parent``; every worker is
  started by one long-lived thread, see :mod:`.sandbox`). The worker is its PID
  namespace's first process (``--as-pid-1``): no process of bubblewrap's runs
  inside, every process there descends from the worker and inherits its limits.
  The command line is built by :class:`logger_widget.sandboxing.Bubblewrap`. When the teacher is
  root, bubblewrap itself is started as :data:`SANDBOX_UID`, so the worker has
  no privilege outside either and the process limit (``RLIMIT_NPROC``, which
  does not apply to root) holds. Nothing on the host is made reachable for
  that uid: when a file the sandbox needs lies under a folder it cannot enter
  (a Python under ``/root``, mode 0700), a first, privileged bubblewrap gives
  the launch a private view (its own mount namespace, gone with it) in which
  each such folder is an empty read-only tmpfs holding only the needed files,
  bound from the host at their own paths, and ``setpriv`` then starts the
  sandbox's bubblewrap as :data:`SANDBOX_UID` (:func:`hidden_folders`).
* **filesystem**: an empty root, read-only, holding only the interpreter, its
  standard library (without ``site-packages``), the shared libraries those
  need, the package's ``engine`` and ``bots`` modules, the worker and the one
  bot file (copied in through a file descriptor, not its folder). The
  interpreter's installation is mounted at the neutral :data:`INSIDE_PYTHON`
  whatever its place on the host, and the package's modules and the worker are
  copied in (``--file``), not bound: no path the bot sees names the host's layout,
  but for the "root" field of ``/proc/self/mountinfo``, where Linux shows each
  bind mount's path within its source filesystem (the interpreter's installation,
  the system libraries); a private
  ``/proc`` of its own PID namespace; a read-only ``/dev`` of five device nodes;
  private, size-capped ``/tmp`` and ``/dev/shm``. No host socket, no network but a
  loopback of its own.
* **seccomp**: a filter built by libseccomp (through the ``seccomp`` or
  ``pyseccomp`` binding) that refuses (``EPERM``) the system calls a bot never
  needs: mounting, ``ptrace``, ``process_vm_*``, keyrings, namespaces,
  ``bpf``, ``perf_event_open``, modules, ``kexec``, ``reboot``, ``swapon``,
  ``personality``, SysV IPC, ``io_uring`` and the like (:data:`REFUSED`), and
  sockets of every address family but ``AF_UNIX`` (``EAFNOSUPPORT``: no vsock,
  netlink, packet or inet socket); system calls of another ABI (32-bit, x32) kill
  the process.

:func:`check_isolation` starts one probe sandbox per process and raises
:class:`SandboxUnavailable` (one teacher-facing message naming what is missing
and how to install or enable it) when it cannot run here.

``isolation="none"`` runs the worker as a plain child process (trusted code
only; :class:`UnisolatedWarning`): limits and the pipe protocol, nothing else.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import warnings
from dataclasses import dataclass
from typing import Any

from ..sandboxing import SANDBOX_UID, Bubblewrap, SandboxUnavailable, bwrap_program, hidden_folders
from ..sandboxing import private_view as _private_view

__all__ = [
    "ISOLATIONS",
    "REFUSED",
    "SANDBOX_UID",
    "SandboxUnavailable",
    "UnisolatedWarning",
    "Launch",
    "bwrap_available",
    "hidden_folders",
    "worker_command",
]

#: Ways to run a worker: under bubblewrap, or as a plain process (trusted code only).
ISOLATIONS = ("bwrap", "none")

#: System calls the seccomp filter refuses with ``EPERM`` (names unknown to this
#: kernel's architecture are skipped). ``clone`` is refused only with a namespace flag,
#: ``clone3`` (whose flags a filter cannot read) answers ``ENOSYS`` so that the C
#: library falls back to ``clone``.
REFUSED = (
    "mount", "umount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen",
    "fsconfig", "fsmount", "fspick", "mount_setattr",
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    "keyctl", "add_key", "request_key",
    "unshare", "setns",
    "bpf", "perf_event_open", "userfaultfd", "fanotify_init",
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
    "reboot", "swapon", "swapoff", "acct", "quotactl", "quotactl_fd", "syslog", "uselib",
    "personality", "ioperm", "iopl", "vhangup", "lookup_dcookie",
    "open_by_handle_at", "name_to_handle_at",
    "settimeofday", "clock_settime", "clock_adjtime", "adjtimex", "sethostname", "setdomainname",
    "shmget", "shmat", "shmctl", "shmdt", "msgget", "msgsnd", "msgrcv", "msgctl",
    "semget", "semop", "semtimedop", "semctl", "mq_open", "mq_timedsend", "mq_timedreceive",
    "mq_notify", "mq_getsetattr", "mq_unlink",
    "io_uring_setup", "io_uring_enter", "io_uring_register",
)  # fmt: skip

_CLONE_NAMESPACES = (
    0x00020000,  # CLONE_NEWNS
    0x02000000,  # CLONE_NEWCGROUP
    0x04000000,  # CLONE_NEWUTS
    0x08000000,  # CLONE_NEWIPC
    0x10000000,  # CLONE_NEWUSER
    0x20000000,  # CLONE_NEWPID
    0x40000000,  # CLONE_NEWNET
    0x00000080,  # CLONE_NEWTIME
)
_TIOCSTI, _TIOCLINUX = 0x5412, 0x541C
#: Socket address families (Linux's numbers): the one a bot's sandbox may create, and the
#: ones a grading kernel needs besides (in a network namespace of its own).
AF_UNIX, AF_INET, AF_NETLINK = 1, 2, 16

#: Where things are inside the sandbox.
INSIDE_LIB = "/sandbox/lib"
INSIDE_WORKER = "/sandbox/worker.py"
INSIDE_BOT = "/sandbox/bot.py"
INSIDE_HOME = "/tmp"
#: The interpreter's installation inside (``bin/``, its standard library, its own libraries), a
#: neutral path whatever the host's (e.g. pyenv's under ``/root``).
INSIDE_PYTHON = "/usr/lib/sandbox/python"

_PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_sandbox_worker.py")
#: The parts of the package a worker (and a pupil's bot) may import: pure Python.
_PACKAGE_PARTS = ("__init__.py", "engine", "bots")


class UnisolatedWarning(UserWarning):
    """A bot file runs with ``isolation="none"``: only for code the teacher trusts."""


def bwrap_available() -> bool:
    """True when the ``bwrap`` program (Debian package ``bubblewrap``) is on ``PATH``."""
    return shutil.which("bwrap") is not None


@dataclass
class Launch:
    """How to start one worker: its command, environment, descriptors to pass, and user to run as.

    ``fds`` are owned by the caller, who closes them once the process started;
    ``info_read`` (bwrap only) is the read end of bubblewrap's ``--info-fd`` pipe,
    which reports the host PID of the sandbox's PID 1.
    """

    argv: list[str]
    env: dict[str, str]
    fds: list[int]
    user: int | None
    info_read: int | None


def _interpreter() -> str:
    """The real interpreter binary (a venv's ``python`` is a symlink to it)."""
    base = getattr(sys, "_base_executable", None) or sys.executable
    return os.path.realpath(base)


def _memfd(name: str, data: bytes) -> int:
    fd = os.memfd_create(name, 0)  # not close-on-exec: passed to bwrap by number
    os.write(fd, data)
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


def _seccomp_binding() -> Any:
    try:
        import seccomp  # type: ignore[import-not-found]  # libseccomp's own binding (Debian: python3-seccomp)
    except ImportError:
        try:
            import pyseccomp as seccomp  # type: ignore[import-untyped]  # the same API over ctypes (PyPI)
        except (ImportError, RuntimeError, OSError) as exc:
            raise SandboxUnavailable(
                "pupils' bots run with a seccomp filter built by libseccomp, which is missing here "
                f"({type(exc).__name__}: {exc}): install it with `apt-get install libseccomp2` and "
                "`pip install pyseccomp` (scripts/env.sh does both)"
            ) from None
    return seccomp


@functools.lru_cache(maxsize=4)
def seccomp_program(families: tuple[int, ...] = (AF_UNIX,)) -> bytes:
    """The seccomp BPF program (bytes, for ``bwrap --seccomp FD``) refusing :data:`REFUSED`.

    ``socket`` and ``socketpair`` of an address family not in ``families`` are refused
    (``EAFNOSUPPORT``); the bots need only ``AF_UNIX`` (1). A grading kernel also needs
    ``AF_INET`` (2: ipykernel's pipe for its subprocesses' output, on 127.0.0.1) and
    ``AF_NETLINK`` (16: ZeroMQ lists the interfaces), both in a network namespace of its
    own; with 16 in ``families`` only its ``NETLINK_ROUTE`` protocol is allowed.

    Raises:
        ValueError: ``families`` is empty or holds a number outside [0, 64).
        SandboxUnavailable: libseccomp or its Python binding is missing.
    """
    if not families or any(not 0 <= f < 64 for f in families):
        raise ValueError(f"address families are numbers in [0, 64), not {families!r}")
    sc = _seccomp_binding()
    import errno

    flt = sc.SyscallFilter(sc.ALLOW)  # default: allow; bad architecture (32-bit calls): kill
    for name in REFUSED:
        try:
            flt.add_rule(sc.ERRNO(errno.EPERM), name)
        except (OSError, ValueError, RuntimeError):
            continue  # not a system call of this architecture
    for flag in _CLONE_NAMESPACES:
        flt.add_rule(sc.ERRNO(errno.EPERM), "clone", sc.Arg(0, sc.MASKED_EQ, flag, flag))
    flt.add_rule(sc.ERRNO(errno.ENOSYS), "clone3")
    for call in ("socket", "socketpair"):  # every other address family (vsock, netlink, packet...)
        refuse = sc.ERRNO(errno.EAFNOSUPPORT)
        flt.add_rule(refuse, call, sc.Arg(0, sc.GT, max(families)))
        for family in range(max(families)):
            if family not in families:
                flt.add_rule(refuse, call, sc.Arg(0, sc.EQ, family))
    if AF_NETLINK in families:  # NETLINK_ROUTE (0) only: no audit, uevents, sock_diag...
        flt.add_rule(
            sc.ERRNO(errno.EPROTONOSUPPORT), "socket", sc.Arg(0, sc.EQ, AF_NETLINK), sc.Arg(2, sc.NE, 0)
        )
    for request in (_TIOCSTI, _TIOCLINUX):
        flt.add_rule(sc.ERRNO(errno.EPERM), "ioctl", sc.Arg(1, sc.MASKED_EQ, 0xFFFFFFFF, request))
    fd = os.memfd_create("seccomp-export", os.MFD_CLOEXEC)
    try:
        with os.fdopen(os.dup(fd), "wb") as out:
            flt.export_bpf(out)
        os.lseek(fd, 0, os.SEEK_SET)
        chunks = []
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks)


_LDD_LINE = re.compile(r"(?:=>\s*)?(/\S+)\s+\(0x")


@dataclass(frozen=True)
class _Layout:
    """What a bot's sandbox holds of the host, and where.

    ``binds``: (host path, sandbox path) pairs, read-only (host paths resolved): the interpreter,
    its standard library and the shared libraries they need. ``masked``: the standard library's
    third-party package folders, inside (covered by empty read-only ones). ``python``: the
    interpreter, inside. ``library_path``: ``LD_LIBRARY_PATH`` inside: the folders of those
    libraries (the dynamic linker's cache, ``/etc/ld.so.cache``, which lists every library of
    the machine, is not there). ``files``: (host path, sandbox path) of the
    package's modules and the worker, copied in at each start (not bound: a bind mount names its
    source's path in the sandbox's ``/proc/self/mountinfo``).
    """

    binds: tuple[tuple[str, str], ...]
    masked: tuple[str, ...]
    python: str
    library_path: str
    files: tuple[tuple[str, str], ...]


@functools.lru_cache(maxsize=1)
def _layout() -> _Layout:
    """The sandbox's view of the interpreter and package, at neutral paths (:data:`INSIDE_PYTHON`, :data:`INSIDE_LIB`)."""
    python = _interpreter()
    prefix = os.path.realpath(sys.base_prefix)
    stdlib = os.path.realpath(sysconfig.get_paths(vars={"base": sys.base_prefix})["stdlib"])
    inside_stdlib = f"{INSIDE_PYTHON}/{sys.platlibdir}/{os.path.basename(stdlib)}"
    dynload = os.path.join(stdlib, "lib-dynload")
    objects = [python]
    if os.path.isdir(dynload):
        objects += sorted(os.path.join(dynload, f) for f in os.listdir(dynload) if f.endswith(".so"))
    libraries: set[str] = set()
    ldd = shutil.which("ldd")
    if ldd is None:
        raise SandboxUnavailable(
            "`ldd` (Debian package libc-bin) is missing: it finds the interpreter's libraries"
        )
    result = subprocess.run(
        [ldd, *objects], capture_output=True, text=True, timeout=60, check=False, env={"LC_ALL": "C"}
    )
    for line in result.stdout.splitlines():
        match = _LDD_LINE.search(line)
        if match and os.path.exists(match.group(1)):
            libraries.add(match.group(1))
    inside_python = f"{INSIDE_PYTHON}/bin/{os.path.basename(python)}"
    binds = [(python, inside_python), (stdlib, inside_stdlib)]
    folders: list[str] = []  # of the libraries inside, for the dynamic linker (no cache there)
    for lib in sorted(libraries):
        if prefix not in ("/", "/usr") and lib.startswith(prefix + "/"):
            binds.append((os.path.realpath(lib), f"{INSIDE_PYTHON}/lib/{os.path.basename(lib)}"))
        else:
            binds.append((os.path.realpath(lib), lib))
        folder = os.path.dirname(binds[-1][1])
        if folder not in folders:
            folders.append(folder)
    masked = tuple(
        f"{inside_stdlib}/{sub}"
        for sub in ("site-packages", "dist-packages")
        if os.path.isdir(os.path.join(stdlib, sub))
    )
    package = os.path.join(_PACKAGE_ROOT, "logger_widget")
    files = []
    for part in _PACKAGE_PARTS:
        host = os.path.join(package, part)
        found = [host] if os.path.isfile(host) else []
        for folder, subfolders, names in os.walk(host):
            subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
            found += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".py")]
        files += [(f, f"{INSIDE_LIB}/logger_widget/{os.path.relpath(f, package)}") for f in found]
    files.append((os.path.realpath(_WORKER), INSIDE_WORKER))
    return _Layout(tuple(binds), masked, inside_python, ":".join(sorted(folders)), tuple(files))


def worker_command(isolation: str, source: bytes, worker_args: list[str], tmp_bytes: int) -> Launch:
    """The command, environment and descriptors that start one worker for a bot file's ``source``.

    Args:
        isolation: ``"bwrap"`` or ``"none"`` (see the module docstring).
        source: the bot file's content (copied into the sandbox, read-only).
        worker_args: the worker's own arguments (its limits).
        tmp_bytes: size cap of the private ``/tmp`` and of ``/dev/shm`` each, in bytes.

    Raises:
        SandboxUnavailable: ``isolation="bwrap"`` and bubblewrap or libseccomp is missing.
    """
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": INSIDE_HOME}
    python = _interpreter()
    flags = ["-I", "-S", "-B", "-X", "utf8"]
    if isolation == "none":
        bot = _memfd("bot", source)
        argv = [
            python,
            *flags,
            _WORKER,
            "--lib",
            _PACKAGE_ROOT,
            "--bot",
            f"/proc/self/fd/{bot}",
            *worker_args,
        ]
        return Launch(argv, {**env, "HOME": "/"}, [bot], None, None)
    bwrap = bwrap_program("pupils' code")
    program = seccomp_program()
    layout = _layout()
    copies = []
    try:
        for host, inside in layout.files:
            with open(host, "rb") as module:
                copies.append((_memfd("module", module.read()), inside))
    except OSError:
        for fd, _ in copies:
            os.close(fd)
        raise
    bot = _memfd("bot", source)
    seccomp = _memfd("seccomp", program)
    info_read, info_write = os.pipe()
    os.set_inheritable(info_write, True)
    os.set_blocking(info_read, False)
    inside_env = {**env, "LD_LIBRARY_PATH": layout.library_path} if layout.library_path else env
    sandbox = Bubblewrap(
        ro_binds=layout.binds,
        data=((bot, INSIDE_BOT),),
        files=tuple(copies),
        tmpfs=((INSIDE_HOME, tmp_bytes), ("/dev/shm", tmp_bytes)),
        hidden=layout.masked,
        uid=SANDBOX_UID,
        gid=SANDBOX_UID,
        hostname="sandbox",
        chdir=INSIDE_HOME,
        env=inside_env,
        info_fd=info_write,
        seccomp_fd=seccomp,
    )
    argv = sandbox.argv(
        [layout.python, *flags, INSIDE_WORKER, "--lib", INSIDE_LIB, "--bot", INSIDE_BOT, *worker_args], bwrap
    )
    user = SANDBOX_UID if os.geteuid() == 0 else None
    if user is not None:
        sources = [host for host, _ in layout.binds]
        hidden = hidden_folders(sources)
        if hidden:
            argv = _private_view(bwrap, sources, hidden) + argv
            user = None  # the privileged bubblewrap starts as root; setpriv drops to SANDBOX_UID
    return Launch(argv, env, [bot, seccomp, info_write, *(fd for fd, _ in copies)], user, info_read)


def warn_unisolated(path: str) -> None:
    """Warn (once per file and place) that ``path`` runs without isolation."""
    warnings.warn(
        f"{path} runs without isolation (isolation='none'): only for code you trust",
        UnisolatedWarning,
        stacklevel=3,
    )

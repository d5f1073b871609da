"""nbgrader's autograding with each submission's kernel contained (bubblewrap).

``nbgrader autograde`` executes every pupil's notebook in a kernel of the account that grades
(the teacher's). Unconfined, a pupil's cell could do whatever that account may: rewrite
``gradebook.db`` or ``nbgrader_config.py`` (their marks, the judge), read the course's
solutions, the classmates' submissions and feedback, or the teacher's hub token in the
environment. :class:`ContainedExecute` (``c.Autograde.autograde_preprocessors`` in
``deploy/nbgrader/nbgrader_config.py``) is nbgrader's ``Execute`` step with a kernel started by
:class:`ContainedKernelManager`, inside `bubblewrap <https://github.com/containers/bubblewrap>`_:

* the whole filesystem **read-only**, the notebook's own folder (its copy in ``autograded/``)
  too: nbgrader writes the graded notebook there afterwards, and a link the kernel put in its
  place would have it written over a file of the teacher's (the course's source); private,
  empty, writable ``/tmp`` and ``/dev/shm``;
* **hidden** (an empty folder in their place): the course folder (solutions, gradebook, every
  submission), the exchange (classmates' submissions and feedback), the grading account's home
  (its Jupyter tokens, the teacher's notebooks), each unless the interpreter lives there (then
  only its own prefix is shown again, read-only);
* **no network** but a loopback of its own: the kernel talks to nbgrader through Unix sockets
  (ZeroMQ's ``ipc`` transport) in a private folder, the only thing bound in with the notebook;
* its own PID, IPC and UTS namespaces (``/proc`` shows only the kernel's processes, nothing of
  the grading process), no further user namespace, an **empty environment** but ``PATH``,
  ``LANG``, ``HOME`` (the private socket folder) and :data:`PASSED`; everything it started dies
  with it.

What the kernel can still do: use CPU and memory until nbgrader's cell timeout
(``ExecutePreprocessor.timeout``) and write into its private ``/tmp`` (gone with it). What it prints is
only read by :class:`logger_widget.classroom.judge.JudgeAnswers`, in the grading process.

Raises :class:`SandboxUnavailable` (naming what to install) when ``bwrap`` is missing: the
course never grades unconfined by accident.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from typing import Any

from jupyter_client.manager import AsyncKernelManager
from nbgrader.preprocessors import Execute  # type: ignore[import-untyped]
from traitlets import List, Unicode

__all__ = ["ContainedExecute", "ContainedKernelManager", "SandboxUnavailable", "contained_command"]


#: the grading process's variables the kernel keeps (where the package and its compiled kernel are)
PASSED = ("PYTHONPATH", "NUMBA_CACHE_DIR", "LOGGER_WIDGET_NO_JIT")


class SandboxUnavailable(RuntimeError):
    """bubblewrap cannot be used here: autograding would run pupils' code unconfined."""


def _under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def contained_command(
    command: list[str], workdir: str, sockets: str, hidden: list[str], shown: list[str]
) -> list[str]:
    """``bwrap`` arguments running ``command`` as described in the module docstring.

    ``workdir``: the notebook's folder (read-only, the working folder);
    ``sockets``: the folder of the kernel's connection file and Unix sockets (writable, ``HOME``:
    IPython's profile goes there, not into the graded folder);
    ``hidden``: folders replaced by empty ones; ``shown``: folders under a hidden one that are
    shown again read-only (the interpreter's prefix). Paths must be absolute.

    Raises:
        SandboxUnavailable: ``bwrap`` is not on ``PATH``.
        ValueError: a path that is not absolute (naming it).
    """
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise SandboxUnavailable(
            "bubblewrap (bwrap) is not installed: autograding would run the pupils' code with the "
            "teacher's rights. Install it (Debian: apt-get install bubblewrap)."
        )
    for path in (workdir, sockets, *hidden, *shown):
        if not os.path.isabs(path):
            raise ValueError(f"the sandbox needs absolute paths, got {path!r}")
    argv = [bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
            "--tmpfs", "/tmp", "--tmpfs", "/dev/shm", "--tmpfs", "/run"]  # fmt: skip
    for folder in sorted({os.path.realpath(h) for h in hidden if os.path.isdir(h)}):
        argv += ["--tmpfs", folder]
        argv += [a for s in shown if _under(s, folder) and os.path.isdir(s) for a in ("--ro-bind", s, s)]
    argv += ["--ro-bind", workdir, workdir, "--bind", sockets, sockets, "--chdir", workdir]
    for folder in sorted({os.path.realpath(h) for h in hidden if os.path.isdir(h)}):  # empty and read-only
        argv += ["--remount-ro", folder]
    argv += ["--unshare-user", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-net",
             "--unshare-cgroup-try", "--disable-userns", "--die-with-parent", "--new-session",
             "--clearenv", "--setenv", "PATH", os.environ.get("PATH", "/usr/bin:/bin"),
             "--setenv", "LANG", "C.UTF-8", "--setenv", "HOME", sockets]  # fmt: skip
    for name in PASSED:
        if name in os.environ:
            argv += ["--setenv", name, os.environ[name]]
    return [*argv, "--", *command]


class ContainedKernelManager(AsyncKernelManager):
    """A kernel manager whose kernels run in :func:`contained_command`'s sandbox.

    ``hidden``: the folders hidden from the kernel (``deploy/nbgrader/nbgrader_config.py`` names
    the course folder and the exchange); the grading account's home is always hidden.
    """

    hidden = List(Unicode(), help="Folders the pupils' kernels must not see (absolute paths)").tag(
        config=True
    )

    _sockets: str = ""

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
        return contained_command(command, workdir, self._sockets, hidden, shown), kw

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart=restart)
        if not restart and self._sockets:
            shutil.rmtree(self._sockets, ignore_errors=True)
            self._sockets = ""


class ContainedExecute(Execute):
    """nbgrader's ``Execute`` autograding step with :class:`ContainedKernelManager`'s kernels."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["kernel_manager_class"] = ContainedKernelManager
        super().__init__(*args, **kwargs)

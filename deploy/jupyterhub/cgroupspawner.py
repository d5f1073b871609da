"""JupyterHub spawners that cap each user's memory and processes with Linux cgroups (docs/classroom.md).

JupyterHub's ``LocalProcessSpawner`` sets ``MEM_LIMIT`` in the environment but does not enforce
``Spawner.mem_limit``. These subclasses put each user's single-user server in its own memory
cgroup, ``<the hub's memory cgroup>/<cgroup_group>/<username>``, with the limit; kernels are
the server's children and inherit it, so a kernel that allocates past the cap is killed by the
kernel's OOM killer (``oom_kill`` in the cgroup's counters) while the hub and the other users
carry on. The cgroup is removed when the server stops.

* cgroup v1: ``/sys/fs/cgroup/memory/...``, ``memory.limit_in_bytes`` (and
  ``memory.memsw.limit_in_bytes`` where swap accounting exists), usage ``memory.usage_in_bytes``.
* cgroup v2 (unified): ``/sys/fs/cgroup/<cgroup_group>/<username>`` (v2 forbids processes in a
  cgroup whose children have controllers, so the group hangs from the root, with ``+memory``
  in ``cgroup.subtree_control``), ``memory.max``, ``memory.swap.max = 0``, usage ``memory.current``.

The same server is also in a pids cgroup (v1 ``/sys/fs/cgroup/pids/<the hub's>/<cgroup_group>/
<username>``; v2 the same folder as the memory one) capped at ``pids_limit`` tasks (processes
and threads, default 512): a fork bomb in a kernel gets ``EAGAIN`` at the cap while the machine
(``/proc/sys/kernel/pid_max`` PIDs for everyone) keeps its PIDs.

Creating cgroups needs root (or a delegated, writable cgroup). Where that fails, the server
starts anyway and the hub logs a WARNING saying that the limit is not enforced.
Kernel interfaces: Documentation/admin-guide/cgroup-v1/memory.rst, cgroup-v1/pids.rst and
cgroup-v2.rst (Linux).
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path
from typing import Any

from jupyterhub.spawner import LocalProcessSpawner, SimpleLocalProcessSpawner
from spawnprogress import ProgressMixin
from traitlets import HasTraits, Integer, Unicode


class Cgroup:
    """One cgroup directory (``version`` 1 or 2): its processes, joining, removal."""

    def __init__(self, path: Path, version: int) -> None:
        if version not in (1, 2):
            raise ValueError(f"cgroup version must be 1 or 2, got {version!r}")
        self.path, self.version = Path(path), version

    @property
    def procs(self) -> Path:
        return self.path / "cgroup.procs"

    def _enable(self, controller: str) -> None:
        """v2: every ancestor below the mount hands ``controller`` down (``cgroup.subtree_control``)."""
        for ancestor in reversed(self.path.parents):
            control = ancestor / "cgroup.subtree_control"
            if control.exists() and controller not in control.read_text().split():
                control.write_text(f"+{controller}")

    def pids(self) -> list[int]:
        try:
            return [int(p) for p in self.procs.read_text().split()]
        except FileNotFoundError:
            return []

    def remove(self, timeout: float = 10.0) -> None:
        """Kill what is left in the cgroup (orphaned kernels) and remove the directory."""
        deadline = time.monotonic() + timeout
        while self.path.exists():
            for pid in self.pids():
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            try:
                self.path.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError:  # EBUSY: processes are still exiting
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)


class MemoryCgroup(Cgroup):
    """One memory cgroup directory (``version`` 1 or 2): limit, join, usage, OOM kills, removal."""

    def create(self, limit_bytes: int) -> None:
        """Make the directory (and its parents, enabling the memory controller on v2); set the cap.

        Raises ``OSError`` when the cgroup filesystem is not writable.
        """
        if limit_bytes <= 0:
            raise ValueError(f"memory limit must be a positive number of bytes, got {limit_bytes!r}")
        if self.version == 2:
            self._enable("memory")
        self.path.mkdir(parents=True, exist_ok=True)
        if self.version == 1:
            (self.path / "memory.limit_in_bytes").write_text(str(limit_bytes))
            memsw = self.path / "memory.memsw.limit_in_bytes"
            if memsw.exists():  # swap accounting: the cap covers memory + swap
                memsw.write_text(str(limit_bytes))
        else:
            (self.path / "memory.max").write_text(str(limit_bytes))
            swap = self.path / "memory.swap.max"
            if swap.exists():
                swap.write_text("0")

    def limit(self) -> int:
        """The cap in bytes."""
        text = (self.path / ("memory.limit_in_bytes" if self.version == 1 else "memory.max")).read_text()
        return int(text.strip())

    def usage(self) -> int:
        """Memory charged to the cgroup now, bytes (page cache included, as the kernel counts it)."""
        name = "memory.usage_in_bytes" if self.version == 1 else "memory.current"
        return int((self.path / name).read_text().strip())

    def oom_kills(self) -> int:
        """How many processes the OOM killer has killed in this cgroup."""
        name = "memory.oom_control" if self.version == 1 else "memory.events"
        for line in (self.path / name).read_text().splitlines():
            key, _, value = line.partition(" ")
            if key == "oom_kill":
                return int(value)
        return 0


class PidsCgroup(Cgroup):
    """One pids cgroup directory (``version`` 1 or 2): at most ``limit`` tasks (processes and threads).

    A ``fork`` or a new thread past the cap fails with ``EAGAIN`` ("Resource temporarily
    unavailable") inside the cgroup only; the machine's other processes keep their PIDs.
    Kernel interface: Documentation/admin-guide/cgroup-v1/pids.rst and cgroup-v2.rst (Linux).
    """

    def create(self, limit: int) -> None:
        """Make the directory (v2: the pids controller handed down to it) and set the cap.

        Raises ``ValueError`` for a cap below 1, ``OSError`` when the cgroup filesystem is not writable.
        """
        if limit < 1:
            raise ValueError(f"a pids limit must be a positive number of tasks, got {limit!r}")
        if self.version == 2:
            self._enable("pids")
        self.path.mkdir(parents=True, exist_ok=True)
        (self.path / "pids.max").write_text(str(limit))

    def limit(self) -> int:
        """The cap, tasks."""
        return int((self.path / "pids.max").read_text().strip())

    def current(self) -> int:
        """Tasks in the cgroup now (processes and their threads)."""
        return int((self.path / "pids.current").read_text().strip())


def _own_cgroup(self_cgroup: Path, controller: str) -> str:
    """This process's cgroup path in the v1 hierarchy of ``controller`` (from ``/proc/self/cgroup``)."""
    own = "/"
    for line in self_cgroup.read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controller in controllers.split(","):
            own = path
    return own


def hub_memory_cgroup(
    root: Path = Path("/sys/fs/cgroup"), self_cgroup: Path = Path("/proc/self/cgroup")
) -> MemoryCgroup | None:
    """The memory cgroup that new per-user cgroups hang from, or None without a memory controller.

    v1 (``root/memory`` mounted): this process's own memory cgroup (from ``/proc/self/cgroup``),
    so users' memory is also counted in the hub's container. v2 (``root/cgroup.controllers``
    lists ``memory``): the root of the hierarchy.
    """
    v1 = root / "memory"
    if (v1 / "memory.limit_in_bytes").exists():
        return MemoryCgroup(v1 / _own_cgroup(self_cgroup, "memory").lstrip("/"), 1)
    controllers = root / "cgroup.controllers"
    if controllers.exists() and "memory" in controllers.read_text().split():
        return MemoryCgroup(root, 2)
    return None


def hub_pids_cgroup(
    root: Path = Path("/sys/fs/cgroup"), self_cgroup: Path = Path("/proc/self/cgroup")
) -> PidsCgroup | None:
    """The pids cgroup that new per-user ones hang from, or None without a pids controller.

    v1 (``root/pids`` mounted): this process's own pids cgroup; v2 (``root/cgroup.controllers``
    lists ``pids``): the root of the hierarchy (each user's memory and pids cgroup are one folder).
    """
    v1 = root / "pids"
    if (v1 / "cgroup.procs").exists() and not (root / "cgroup.controllers").exists():
        return PidsCgroup(v1 / _own_cgroup(self_cgroup, "pids").lstrip("/"), 1)
    controllers = root / "cgroup.controllers"
    if controllers.exists() and "pids" in controllers.read_text().split():
        return PidsCgroup(root, 2)
    return None


class MemoryCgroupMixin(HasTraits):
    """Put the server in ``<hub cgroup>/<cgroup_group>/<username>`` capped at ``mem_limit`` bytes
    and at ``pids_limit`` tasks (a memory and a pids cgroup; one folder on cgroup v2)."""

    cgroup_root = Unicode("/sys/fs/cgroup", config=True, help="Where the cgroup filesystem is mounted.")
    cgroup_group = Unicode(
        "jupyterhub",
        config=True,
        help="The folder holding one memory cgroup per user (one per hub, if several run).",
    )
    pids_limit = Integer(
        512,
        config=True,
        help="At most this many tasks (processes and threads) per user's server and its kernels; 0: no cap.",
    )

    # provided by the Spawner this is mixed into
    log: Any
    user: Any
    mem_limit: Any

    def memory_cgroup(self) -> MemoryCgroup | None:
        """This user's cgroup (it may not exist yet); None when the machine has no memory controller."""
        parent = hub_memory_cgroup(Path(self.cgroup_root))
        if parent is None:
            return None
        return MemoryCgroup(parent.path / self.cgroup_group / self.user.name, parent.version)

    def _create_cgroup(self) -> MemoryCgroup | None:
        if not self.mem_limit:
            return None
        cgroup = self.memory_cgroup()
        try:
            if cgroup is None:
                raise OSError(f"no memory cgroup controller under {self.cgroup_root}")
            if cgroup.path.exists():  # left over from a server that died: clear it
                cgroup.remove()
            cgroup.create(int(self.mem_limit))
        except OSError as e:
            self.log.warning(
                "Memory limit %s for %s is NOT enforced: cannot create a memory cgroup (%s). "
                "Run the hub as root on a machine with a writable cgroup filesystem "
                "(v1 /sys/fs/cgroup/memory or v2 with the memory controller).",
                self.mem_limit,
                self.user.name,
                e,
            )
            return None
        self.log.info("Memory cgroup for %s: %s, limit %d bytes", self.user.name, cgroup.path, cgroup.limit())
        return cgroup

    def pids_cgroup(self) -> PidsCgroup | None:
        """This user's pids cgroup (it may not exist yet); None when the machine has no pids controller."""
        parent = hub_pids_cgroup(Path(self.cgroup_root))
        if parent is None:
            return None
        return PidsCgroup(parent.path / self.cgroup_group / self.user.name, parent.version)

    def _create_pids_cgroup(self) -> PidsCgroup | None:
        if not self.pids_limit:
            return None
        cgroup = self.pids_cgroup()
        try:
            if cgroup is None:
                raise OSError(f"no pids cgroup controller under {self.cgroup_root}")
            if cgroup.version == 1 and cgroup.path.exists():  # v2: the memory cgroup's folder, cleared
                cgroup.remove()
            cgroup.create(int(self.pids_limit))
        except OSError as e:
            self.log.warning(
                "Process limit %s for %s is NOT enforced: cannot create a pids cgroup (%s). "
                "Run the hub as root on a machine with a writable cgroup filesystem "
                "(v1 /sys/fs/cgroup/pids or v2 with the pids controller).",
                self.pids_limit,
                self.user.name,
                e,
            )
            return None
        self.log.info("Pids cgroup for %s: %s, limit %d tasks", self.user.name, cgroup.path, cgroup.limit())
        return cgroup

    def _remove_cgroup(self) -> None:
        for cgroup in (self.memory_cgroup(), self.pids_cgroup()):
            if cgroup is not None and cgroup.path.exists():
                try:
                    cgroup.remove()
                except OSError as e:
                    self.log.warning("Could not remove the cgroup %s: %s", cgroup.path, e)
                with contextlib.suppress(OSError):  # the group goes with the last user's cgroup
                    cgroup.path.parent.rmdir()

    def make_preexec_fn(self, name: str) -> Any:
        inner = super().make_preexec_fn(name)  # type: ignore[misc]
        cgroups = [g for g in (self._create_cgroup(), self._create_pids_cgroup()) if g is not None]
        if not cgroups:
            return inner
        procs = sorted({str(g.procs) for g in cgroups})

        def preexec() -> None:
            # in the child, after fork and before exec, still root: join the cgroups, then
            # drop to the user; the server and every kernel it starts are charged to them
            for path in procs:
                fd = os.open(path, os.O_WRONLY)
                try:
                    os.write(fd, str(os.getpid()).encode())
                finally:
                    os.close(fd)
            if inner is not None:
                inner()

        return preexec

    def get_state(self) -> dict[str, Any]:
        state = super().get_state()  # type: ignore[misc]
        cgroup = self.memory_cgroup()
        if state.get("pid") and cgroup is not None and cgroup.path.exists():
            state["cgroup"] = str(cgroup.path)
        return dict(state)

    async def poll(self) -> int | None:
        status = await super().poll()  # type: ignore[misc]
        if status is not None:
            self._remove_cgroup()
        return status  # type: ignore[no-any-return]

    async def stop(self, now: bool = False) -> None:
        await super().stop(now)  # type: ignore[misc]
        self._remove_cgroup()


class CgroupSpawner(ProgressMixin, MemoryCgroupMixin, LocalProcessSpawner):
    """Each user's server runs as that user's Unix account (the hub runs as root), memory-capped.

    ``home_dir_template`` (``{username}``) sets ``HOME``, overriding the account's home.
    """

    home_dir_template = Unicode("", config=True, help="HOME for the server; {username} is expanded.")

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        env = super().user_env(env)
        if self.home_dir_template:
            env["HOME"] = self.home_dir_template.format(username=self.user.name)
        return env


class SimpleCgroupSpawner(ProgressMixin, MemoryCgroupMixin, SimpleLocalProcessSpawner):
    """Every server runs as the hub's own Unix user (no root needed, no Unix isolation), memory-capped."""

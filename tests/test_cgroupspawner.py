"""deploy/jupyterhub/cgroupspawner.py against fake cgroup trees (v1 and v2) and a missing one.

The real kernel enforcement (a kernel past the cap is OOM-killed) is tested with a running hub
in tests/hosts/test_jupyterhub.py; the pids cap with a real fork bomb in a real pids cgroup here.
"""

from __future__ import annotations

import errno
import logging
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("jupyterhub")
from cgroupspawner import (  # noqa: E402
    MemoryCgroup,
    MemoryCgroupMixin,
    PidsCgroup,
    SimpleCgroupSpawner,
    hub_memory_cgroup,
    hub_pids_cgroup,
)

#: after any browser test, Playwright keeps its event loop marked running in this thread
#: (tests/conftest.py, no_running_loop): these tests run asyncio loops of their own
pytestmark = pytest.mark.usefixtures("no_running_loop")


def _v1(tmp: Path) -> Path:
    (tmp / "memory" / "process_api" / "abc").mkdir(parents=True)
    (tmp / "memory" / "memory.limit_in_bytes").write_text("9223372036854771712\n")
    cg = tmp / "self_cgroup"
    cg.write_text("9:name=systemd:/\n4:memory:/process_api/abc\n1:cpu:/\n0::/\n")
    return cg


def test_v1_the_users_cgroup_hangs_from_the_hubs_own_memory_cgroup(tmp_path: Path) -> None:
    parent = hub_memory_cgroup(tmp_path, _v1(tmp_path))
    assert parent is not None and parent.version == 1
    assert parent.path == tmp_path / "memory" / "process_api" / "abc"
    user = MemoryCgroup(parent.path / "hub" / "amy", 1)
    user.create(768 * 2**20)
    assert (user.path / "memory.limit_in_bytes").read_text() == str(768 * 2**20)
    assert user.limit() == 768 * 2**20
    (user.path / "memory.oom_control").write_text("oom_kill_disable 0\nunder_oom 0\noom_kill 2\n")
    assert user.oom_kills() == 2
    for f in user.path.iterdir():  # a fake tree: the kernel's files would go with the directory
        f.unlink()
    user.remove()
    assert not user.path.exists()


def test_v2_enables_the_memory_controller_down_to_the_group_and_sets_memory_max(tmp_path: Path) -> None:
    (tmp_path / "cgroup.controllers").write_text("cpu io memory pids\n")
    (tmp_path / "cgroup.subtree_control").write_text("cpu\n")
    own = tmp_path / "self_cgroup"
    own.write_text("0::/init.scope\n")
    parent = hub_memory_cgroup(tmp_path, own)
    assert parent is not None and parent.version == 2 and parent.path == tmp_path
    group = tmp_path / "hub"
    group.mkdir()
    (group / "cgroup.subtree_control").write_text("")
    user = MemoryCgroup(group / "amy", 2)
    user.create(500_000_000)
    # the fake files are overwritten: a real kernel would add +memory to what is there
    assert (tmp_path / "cgroup.subtree_control").read_text() == "+memory"
    assert (group / "cgroup.subtree_control").read_text() == "+memory"
    assert (user.path / "memory.max").read_text() == "500000000"
    (user.path / "memory.events").write_text("low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n")
    assert user.oom_kills() == 1
    # the pids cap: the same folder on v2, +pids handed down
    pids = hub_pids_cgroup(tmp_path, own)
    assert pids is not None and pids.version == 2 and pids.path == tmp_path
    PidsCgroup(group / "amy", 2).create(300)
    assert (group / "cgroup.subtree_control").read_text() == "+pids"
    assert (user.path / "pids.max").read_text() == "300"
    with pytest.raises(ValueError, match="positive number of tasks"):
        PidsCgroup(group / "amy", 2).create(0)


def test_no_memory_controller_is_none_and_bad_limits_are_refused(tmp_path: Path) -> None:
    assert hub_memory_cgroup(tmp_path, tmp_path / "missing") is None
    with pytest.raises(ValueError, match="positive"):
        MemoryCgroup(tmp_path / "x", 1).create(0)
    with pytest.raises(ValueError, match="version"):
        MemoryCgroup(tmp_path / "x", 3)


def test_without_a_writable_cgroup_the_server_starts_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    spawner = SimpleCgroupSpawner(
        user=SimpleNamespace(name="amy", url="/user/amy/", state=None, settings={}, server=None),
        cgroup_root=str(tmp_path / "no-cgroups"),
        mem_limit="100M",
        home_dir_template=str(tmp_path / "{username}"),
    )
    spawner.log = logging.getLogger("test-cgroupspawner")
    with caplog.at_level(logging.WARNING, logger="test-cgroupspawner"):
        preexec = spawner.make_preexec_fn("amy")
    assert callable(preexec)  # SimpleLocalProcessSpawner's own (makes and enters the home)
    assert "NOT enforced" in caplog.text and "amy" in caplog.text


_FORK_BOMB = """
import os, time
made, refused = 0, None
for _ in range(400):
    try:
        pid = os.fork()
    except OSError as e:
        refused = e.errno
        break
    if pid == 0:
        time.sleep(120)
        os._exit(0)
    made += 1
print(made, refused, flush=True)
time.sleep(120)
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="cgroups are made by root (CI runs as root)")
def test_a_fork_bomb_in_a_pupils_server_stops_at_her_pids_limit_and_is_gone_with_it() -> None:
    """The spawner's pids cgroup: forks past ``pids_limit`` fail with EAGAIN; stopping kills them all."""

    class _Base:  # the part of LocalProcessSpawner the mixin calls
        def make_preexec_fn(self, name: str) -> None:
            return None

    class _Spawner(MemoryCgroupMixin, _Base):
        pass

    spawner = _Spawner(cgroup_group=f"lw-test-pids-{os.getpid()}", pids_limit=40)
    spawner.user, spawner.log, spawner.mem_limit = (
        SimpleNamespace(name="olena"),
        logging.getLogger("t"),
        2**28,
    )
    pids = spawner.pids_cgroup()
    assert pids is not None, "this machine has a pids controller (/sys/fs/cgroup/pids or cgroup v2)"
    with subprocess.Popen([sys.executable, "-c", _FORK_BOMB], preexec_fn=spawner.make_preexec_fn("olena"),
                          stdout=subprocess.PIPE, text=True) as child:  # fmt: skip
        try:
            made, refused = child.stdout.readline().split()  # type: ignore[union-attr]
            assert refused == str(errno.EAGAIN) and int(made) < 40, (made, refused)
            assert pids.limit() == 40 and pids.current() <= 40 and child.pid in pids.pids()
            memory = spawner.memory_cgroup()
            assert memory is not None and child.pid in memory.pids()  # still in her memory cgroup too
        finally:
            spawner._remove_cgroup()
            child.wait(timeout=30)
    assert not pids.path.exists() and not pids.path.parent.exists()


def test_a_waiting_pupil_is_told_each_step_in_her_language_and_that_the_page_keeps_waiting() -> None:
    """spawnprogress.ProgressMixin: the waiting page's events follow the spawn hook's steps, in the
    pupil's language, then say "still starting" until the spawn is over. Before: JupyterHub's
    English "Spawning server..." and, past 180 s, a failed spawn."""
    import asyncio

    from spawnprogress import ProgressMixin

    class _Spawner(ProgressMixin):
        _spawn_pending = True

    spawner = _Spawner(progress_every=0.0, progress_poll=0.0)
    spawner.lw_language = "uk"

    async def steps() -> list[dict[str, object]]:
        events = []
        progress = spawner.progress()
        spawner.lw_phase = "home"
        events.append(await progress.__anext__())
        spawner.lw_phase = "server"
        events.append(await progress.__anext__())
        events.append(await progress.__anext__())  # no new step: still starting
        spawner._spawn_pending = False
        events += [event async for event in progress]  # the spawn is over: the events end
        return events

    events = asyncio.run(steps())
    assert events[0] == {"progress": 30, "message": "Готуємо твою теку й твої блокноти…"}
    assert events[1] == {"progress": 60, "message": "Запускаємо твій JupyterLab…"}
    assert (
        str(events[2]["message"]).startswith("JupyterLab ще запускається (") and "progress" not in events[2]
    )
    assert len(events) <= 4

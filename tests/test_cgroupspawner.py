"""deploy/jupyterhub/cgroupspawner.py against fake cgroup trees (v1 and v2) and a missing one.

The real kernel enforcement (a kernel past the cap is OOM-killed) is tested with a running hub
in tests/hosts/test_jupyterhub.py.
"""

from __future__ import annotations

import logging
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("jupyterhub")
from cgroupspawner import MemoryCgroup, SimpleCgroupSpawner, hub_memory_cgroup  # noqa: E402


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

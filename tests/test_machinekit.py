"""tests/machinekit.py: what the run's check of the machine sees, and removing a test's account."""

from __future__ import annotations

import grp
import os
import pwd
import subprocess
from pathlib import Path
from typing import Any

import pytest
from machinekit import Machine, changes, remove_account, snapshot


def _machine(accounts: set[str], groups: set[str], folders: dict[str, tuple[int, int, int]]) -> Machine:
    return Machine(frozenset(accounts), frozenset(groups), folders)


def test_a_left_or_removed_account_and_a_changed_mode_are_each_one_line_unless_kept() -> None:
    before = _machine({"root", "amy"}, {"root", "amy"}, {"/root": (0o700, 0, 0), "/opt": (0o755, 0, 0)})
    after = _machine(
        {"root", "lwsandbox"}, {"root", "lwsandbox"}, {"/root": (0o711, 0, 0), "/opt": (0o755, 0, 1)}
    )
    assert changes(before, after) == [
        "account 'lwsandbox' made by the run and left",
        "account 'amy' removed by the run (it was there at the start)",
        "group 'lwsandbox' made by the run and left",
        "group 'amy' removed by the run (it was there at the start)",
        "/opt: owner 0:0 at the start, 0:1 at the end",
        "/root: mode 0700 at the start, 0711 at the end",
    ]
    kept = {"lw*": "the sandbox's account", "amy": "a pupil's", "/root": "opened on purpose", "/opt": "..."}
    assert changes(before, after, kept) == []
    assert changes(before, before) == []


def test_the_snapshot_reads_the_account_tables_and_the_folders_modes(tmp_path: Path) -> None:
    (tmp_path / "passwd").write_text(
        "root:x:0:0::/root:/bin/sh\n# a comment\n\namy:x:1001:1001::/h:/bin/sh\n"
    )
    (tmp_path / "group").write_text("root:x:0:\namy:x:1001:\n")
    folder = tmp_path / "folder"
    folder.mkdir(mode=0o700)
    folder.chmod(0o700)
    before = snapshot([str(folder), str(tmp_path / "missing")], etc=tmp_path)
    assert before.accounts == {"root", "amy"} and before.groups == {"root", "amy"}
    assert set(before.folders) == {str(folder)} and before.folders[str(folder)][0] == 0o700
    folder.chmod(0o711)
    assert changes(before, snapshot([str(folder)], etc=tmp_path)) == [
        f"{folder}: mode 0700 at the start, 0711 at the end"
    ]


@pytest.mark.skipif(os.geteuid() != 0, reason="making a Unix account needs root (CI runs as root)")
def test_a_tests_account_is_removed_with_its_group_and_its_processes_left_running() -> None:
    name = f"lwtest-rm-{os.getpid()}"
    with pytest.raises(KeyError):
        pwd.getpwnam(name)
    subprocess.run(["useradd", "--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
                   check=True, timeout=30)  # fmt: skip
    sleeper = None
    try:
        account = pwd.getpwnam(name)
        sleeper = subprocess.Popen(
            ["sleep", "120"], user=account.pw_uid, group=account.pw_gid, extra_groups=[], cwd="/"
        )
        killed = remove_account(name, grace=0.5)
        assert sleeper.wait(10) == -9
        assert [line.split()[0] for line in killed] == [str(sleeper.pid)], killed
        with pytest.raises(KeyError):
            pwd.getpwnam(name)
        with pytest.raises(KeyError):
            grp.getgrnam(name)
        assert remove_account(name) == []  # gone already: nothing to do
    finally:
        if sleeper is not None:
            sleeper.kill()
            sleeper.wait()
        subprocess.run(["userdel", name], capture_output=True, check=False)


def test_the_machine_group_holds_the_machine_lock_from_its_first_test_to_its_last(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pytestconfig: pytest.Config
) -> None:
    """Another run's hub test waits while this run's machine group runs, and gets the lock after its last test."""
    import fcntl

    here = str(Path(__file__).with_name("conftest.py"))  # tests/conftest.py: hosts/ has a "conftest" too
    conftest = next(
        m for m in pytestconfig.pluginmanager.get_plugins() if getattr(m, "__file__", None) == here
    )
    lock_file = tmp_path / "machine.lock"
    monkeypatch.setattr(conftest, "MACHINE_LOCK", str(lock_file))
    monkeypatch.delenv("LW_MACHINE_LOCK", raising=False)

    class Item:
        def __init__(self, group: str | None) -> None:
            self.group = group

        def get_closest_marker(self, name: str) -> Any:
            return pytest.mark.xdist_group(self.group).mark if self.group and name == "xdist_group" else None

    def others_may_take_it() -> bool:
        with open(lock_file, "a") as other:  # another open file: another run, as far as flock is concerned
            try:
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return False
            fcntl.flock(other, fcntl.LOCK_UN)
            return True

    first, second, free = Item("machine"), Item("machine"), Item(None)
    for item, nextitem, held_during in ((free, first, False), (first, second, True), (second, free, True)):
        protocol = conftest.pytest_runtest_protocol(item, nextitem)
        next(protocol)
        assert others_may_take_it() is not held_during, (item.group, nextitem.group)
        with pytest.raises(StopIteration):
            next(protocol)
    assert others_may_take_it()  # after the group's last test

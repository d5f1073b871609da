"""Shared fixtures (data helpers live in tests/support.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_fixtures import browser, lab, page, screenshots  # noqa: F401  (one JupyterLab, one Chromium per run)
from fresh_checkout import outside_env
from litekit import lite_build  # noqa: F401  (one JupyterLite site per run)
from machinekit import Machine, changes, snapshot

from logger_widget import Position

pytest_plugins = ["no_skips"]  # with LW_NO_SKIPS=1 (the README's test command) a skip fails the run

# The README's test command runs on pytest-xdist workers (``--dist loadgroup``, two by default).
# Tests that share something fixed on the machine run in one group, one after another, on one worker:
# "machine": the hubs' and nbgrader's Unix accounts (olena, diego, amy, teacher...), the hubs' state
#   folder under /var/lib, the class services' accounts and the cgroup tree,
#   and, with them, whatever builds environments or wheels from the checkout itself (`python -m build`,
#   the release, the JupyterLite site in .lite/, lab.sh on a fresh clone): a class set-up's first
#   environment once failed in pip's bootstrap while those ran beside it; and the sandbox's budget tests,
#   whose sampler measures every sandbox it finds in /proc.
# Not in it: what only counts its own processes (the Voilà page's kernels are its server's children).
SERIAL_GROUPS = {
    "machine": (
        "hosts/test_classplay_hub.py", "hosts/test_hub_culler.py", "hosts/test_hub_nbgrader.py",
        "hosts/test_hub_not_root.py", "hosts/test_jupyterhub.py", "hosts/test_progress_hub.py",
        "hosts/test_two_classes.py",
        "test_classroom_setup.py", "test_nbgrader.py", "test_hostile_bots.py",
        "test_cgroupspawner.py",
        "test_packaging.py", "test_hosts_lite.py", "test_release.py", "test_lite_site.py",
        "hosts/test_lite_browser.py", "test_setup.py",
    ),
}  # fmt: skip


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test of a file in ``SERIAL_GROUPS`` with its ``xdist_group``.

    First among the hooks: a pytest-xdist worker turns the mark into its work unit (the ``@group``
    suffix of the test's id) in a hook of its own, registered after this file, so called before it;
    marked later, the group's tests were handed out one by one to every worker."""
    here = Path(__file__).resolve().parent
    group_of = {here / name: group for group, names in SERIAL_GROUPS.items() for name in names}
    missing = sorted(str(path) for path in group_of if not path.exists())
    if missing:
        raise pytest.UsageError(f"SERIAL_GROUPS names test files that do not exist: {missing}")
    for item in items:
        group = group_of.get(Path(str(item.fspath)).resolve())
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))


#: Held from the first test of the "machine" group until its last one ends (its hubs' teardown
#: included): two test runs on one machine (a developer's and CI's, or two worktrees') never make
#: the same pupils' accounts or hubs at the same time. A shell takes it with ``flock FILE COMMAND``;
#: ``LW_MACHINE_LOCK=0`` is a run started by a test that holds it (it would wait for itself).
MACHINE_LOCK = "/tmp/lw-machine.lock"
_held: list[Any] = []


def _in_machine_group(item: pytest.Item | None) -> bool:
    marker = item.get_closest_marker("xdist_group") if item is not None else None
    return marker is not None and "machine" in marker.args


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Take :data:`MACHINE_LOCK` (``flock``) before a test of the machine group; let it go after the
    group's last test here, so that a hub a module keeps between its tests is covered."""
    if _in_machine_group(item) and not _held and os.environ.get("LW_MACHINE_LOCK") != "0":
        import fcntl

        lock = open(MACHINE_LOCK, "a")  # noqa: SIM115 - held across tests, closed below
        fcntl.flock(lock, fcntl.LOCK_EX)
        _held.append(lock)
    yield
    if _held and not _in_machine_group(nextitem):
        _held.pop().close()  # closing the file lets the lock go


#: What a run may leave changed on the machine: ``{fnmatch pattern of an account, group or folder:
#: why it is kept}``. Nothing: every account a test makes goes with it, every mode is put back.
#: The folders a run keeps (caches, the hubs' shared environment) are not checked here; the
#: README's "What a test run keeps on the machine" lists them.
KEPT: dict[str, str] = {}
_MACHINE = pytest.StashKey[Machine]()
_CHANGED = pytest.StashKey[list[str]]()


def pytest_sessionstart(session: pytest.Session) -> None:
    """The machine's accounts, groups and watched folders' modes at the start (tests/machinekit.py)."""
    if _machine_checked(session.config):
        session.config.stash[_MACHINE] = snapshot()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The run fails if it left an account or group, removed one, or changed a watched folder's mode
    or owner, unless ``KEPT`` says why (the lines in the terminal summary)."""
    before = session.config.stash.get(_MACHINE, None)
    if before is None:
        return
    changed = changes(before, snapshot(), KEPT)
    session.config.stash[_CHANGED] = changed
    if changed and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    changed = config.stash.get(_CHANGED, [])
    if changed:
        terminalreporter.section("the machine is not as the run found it", sep="=", red=True, bold=True)
        for line in changed:
            terminalreporter.line(f"- {line}", red=True)
        terminalreporter.line(
            "Each test removes what it made and puts back what it changed (tests/machinekit.py:"
            " remove_account); what must stay goes on KEPT in tests/conftest.py with the reason. Another"
            " run on this machine at the same time changes it too: LW_MACHINE_CHECK=0 turns the check off."
        )


def _machine_checked(config: pytest.Config) -> bool:
    """The check runs in the run's main process (not in a pytest-xdist worker) unless LW_MACHINE_CHECK=0."""
    return os.environ.get("LW_MACHINE_CHECK", "1") != "0" and not hasattr(config, "workerinput")


@pytest.fixture(autouse=True)
def _every_view_has_the_declared_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every view a board draws in the test suite is a ``board/panels.py`` ``BoardView`` (checked by typeguard).

    Only where the board is loaded already (a test of the engine alone does not load it).
    """
    import sys

    widget = sys.modules.get("logger_widget.board.widget")
    if widget is None:
        return
    from typeguard import CollectionCheckStrategy, check_type

    from logger_widget.board.panels import BoardView

    board = widget.Board
    draw = board._draw

    def checked(self: Any) -> None:
        draw(self)
        check_type(
            {**self._static, **self._view},
            BoardView,
            collection_check_strategy=CollectionCheckStrategy.ALL_ITEMS,
        )

    monkeypatch.setattr(board, "_draw", checked)


@pytest.fixture
def start2() -> Position:
    return Position.initial(2)


@pytest.fixture
def no_running_loop() -> Iterator[None]:
    """The test runs as a plain Python process would: no asyncio loop marked running in this thread.

    The session's Chromium (Playwright's sync API, ``browser_fixtures.browser``) keeps its own
    event loop marked running in the main thread for the rest of the run, so after any browser
    test ``asyncio.run`` refuses to start and a board takes that idle loop for the kernel's.
    """
    import asyncio

    running = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(running)


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The project's sdist and the wheel built from it (``python -m build``, as the release check builds
    them), once for the run: the release, packaging and JupyterLite tests read the same files."""
    from scripts.release import build

    return build(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="session")
def bare_env(dist: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The interpreter of a new virtual environment holding the wheel and its required dependencies only
    (no extra: as a plain ``pip install logger_widget``, or micropip in JupyterLite, installs it)."""
    import subprocess
    import venv

    env = tmp_path_factory.mktemp("bare") / "venv"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(dist[1])],
                   check=True, timeout=900, env=outside_env())  # fmt: skip
    return python

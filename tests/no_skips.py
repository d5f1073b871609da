"""A pytest plugin: with ``LW_NO_SKIPS=1`` (set by ``scripts/test.sh``) a skipped test fails the run."""

from __future__ import annotations

import os

import pytest


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """With ``LW_NO_SKIPS=1`` (the README's test command sets it) a skipped test fails the run.

    A skip would hide a missing dependency or a machine the suite cannot test on (not root, no
    Chromium): the project's own set-up installs everything the tests need, so none may skip.
    """
    if os.environ.get("LW_NO_SKIPS") != "1" or exitstatus != 0:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter is not None else []
    if skipped:
        reporter.ensure_newline()
        reporter.write_line(f"{len(skipped)} test(s) skipped, which LW_NO_SKIPS=1 refuses:", red=True)
        for report in skipped:
            reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr
            reporter.write_line(f"  {report.nodeid}: {reason}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED

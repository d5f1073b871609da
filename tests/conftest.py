"""Shared fixtures (data helpers live in tests/support.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_fixtures import browser, lab, page, screenshots  # noqa: F401  (one JupyterLab, one Chromium per run)

from logger_widget import Position

pytest_plugins = ["no_skips"]  # with LW_NO_SKIPS=1 (the README's test command) a skip fails the run


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

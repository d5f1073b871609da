"""Shared fixtures (data helpers live in tests/support.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_fixtures import browser, lab, page, screenshots  # noqa: F401  (one JupyterLab, one Chromium per run)

from logger_widget import Position

pytest_plugins = ["no_skips"]  # with LW_NO_SKIPS=1 (the README's test command) a skip fails the run


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

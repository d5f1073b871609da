"""Fixtures for the other hosts' browser tests (Notebook 7, Voilà, marimo, JupyterHub, nbgrader).

The server, Chromium and screenshot fixtures are the JupyterLab end-to-end ones
(``tests/browser_fixtures.py``, imported by ``tests/conftest.py``), shared rather than copied: the
JupyterLab server started there also serves Notebook 7 (``/notebooks/...``) and
Voilà (``/voila/render/...``), which are server extensions of the same
``jupyter_server``, so one server carries the Notebook 7 and Voilà tests.

Everything here is marked ``e2e`` (deselect with ``-m "not e2e"``).  The board
helpers act on one board (a Playwright locator of its ``.lw-board`` root), since
a tutorial page holds many boards.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.e2e)

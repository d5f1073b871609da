"""Shared fixtures (data helpers live in tests/support.py)."""

from __future__ import annotations

import pytest
from browser_fixtures import browser, lab, page, screenshots  # noqa: F401  (one JupyterLab, one Chromium per run)

from logger_widget import Position


@pytest.fixture
def start2() -> Position:
    return Position.initial(2)

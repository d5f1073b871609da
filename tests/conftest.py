"""Shared fixtures (data helpers live in tests/support.py)."""

from __future__ import annotations

import pytest

from logger_widget import Position


@pytest.fixture
def start2() -> Position:
    return Position.initial(2)

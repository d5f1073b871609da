"""Code quality gates: ruff (lint + format) and mypy over the package, as configured in pyproject.toml.

Marked ``lint``: the quick tier (``bash scripts/test.sh --quick``) leaves them out, and
``bash scripts/test.sh -m lint`` runs them alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.lint

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_lint_is_clean() -> None:
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = run("ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    result = run("mypy", "logger_widget")
    assert result.returncode == 0, result.stdout + result.stderr

"""The developer programs in scripts/ and the benchmarks are modules (``python -m scripts.<name>``,
``python -m benchmarks.<name>``), and none of them nor any test edits ``sys.path`` (the tests'
helpers are on pytest's ``pythonpath``; a benchmark imports one as ``tests.<name>``). Shared test
helpers live in kits (``tests/*kit.py``, ``tests/e2e/*_helpers.py``): no module imports a test module."""

from __future__ import annotations

import ast
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: the programs of scripts/ that take options (lite_wheels.py is scripts/lite.sh's helper), and the benchmarks
PROGRAMS = sorted(
    f"scripts.{p.stem}" for p in (ROOT / "scripts").glob("*.py") if p.stem not in ("__init__", "lite_wheels")
) + sorted(f"benchmarks.{p.stem}" for p in (ROOT / "benchmarks").glob("bench_*.py"))
_EDIT = re.compile(r"\bsys\.path\.(insert|append|extend)\(|\bsys\.path\s*(\+=|=[^=])")


def sys_path_edits(paths: list[Path]) -> list[str]:
    """``file:line`` of every statement that changes ``sys.path`` in these Python files."""
    out = []
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if _EDIT.search(line.split("#", 1)[0]):
                out.append(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{n}")
    return out


def test_no_script_benchmark_or_test_edits_sys_path() -> None:
    files = [
        *(ROOT / "scripts").glob("*.py"),
        *(ROOT / "benchmarks").glob("*.py"),
        *(ROOT / "tests").rglob("*.py"),
    ]
    files.sort()
    files.remove(Path(__file__).resolve())  # its planted edits below are strings
    assert sys_path_edits(files) == []


def test_the_check_finds_each_kind_of_edit(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import sys\nsys.path.insert(0, 'x')\nsys.path.append('y')\nsys.path = ['z']\n"
        "sys.path += ['w']\nprint(sys.path[0])  # sys.path.insert(0, 'comment')\n"
    )
    assert [hit.rsplit(":", 1)[1] for hit in sys_path_edits([bad])] == ["2", "3", "4", "5"]


def imports_of_test_modules(paths: list[Path]) -> list[str]:
    """``file:line module`` of every import of a test module (``test_*``, by name or in a package)."""
    out = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                if any(part.startswith("test_") for part in name.split(".")):
                    out.append(
                        f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{node.lineno} {name}"
                    )
    return out


def test_no_module_imports_a_test_module() -> None:
    files = [
        *(ROOT / "scripts").glob("*.py"),
        *(ROOT / "benchmarks").glob("*.py"),
        *(ROOT / "tests").rglob("*.py"),
    ]
    assert imports_of_test_modules(sorted(files)) == []


def test_the_check_finds_each_import_of_a_test_module(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import test_a\nfrom test_b import x\nfrom tests.e2e.test_c import y\nimport testing, tests.kit\n"
        "def f():\n    from test_d import z\n"
    )
    assert [hit.rsplit(":", 1)[1] for hit in imports_of_test_modules([bad])] == [
        "1 test_a", "2 test_b", "3 tests.e2e.test_c", "6 test_d",
    ]  # fmt: skip


@pytest.mark.parametrize("name", PROGRAMS)
def test_every_program_runs_as_a_module(name: str) -> None:
    out = subprocess.run(
        [sys.executable, "-m", name, "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0 and "usage:" in out.stdout, out.stdout + out.stderr


def test_the_test_command_fails_a_run_with_a_skipped_test(tmp_path: Path) -> None:
    """scripts/test.sh sets LW_NO_SKIPS=1, and with it a skip (a missing dependency) fails the run."""
    assert "export LW_NO_SKIPS=1" in (ROOT / "scripts" / "test.sh").read_text(encoding="utf-8")
    (tmp_path / "test_one.py").write_text(
        "import pytest\n\ndef test_needs_a_tool():\n    pytest.importorskip('no_such_tool_here')\n\n"
        "def test_fine():\n    pass\n",
        encoding="utf-8",
    )
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "no_skips",
        "-c",
        "/dev/null",
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "tests")}
    refused = subprocess.run(
        [*command, str(tmp_path)], env={**env, "LW_NO_SKIPS": "1"}, capture_output=True, text=True
    )
    assert refused.returncode == 1, refused.stdout
    assert "1 test(s) skipped, which LW_NO_SKIPS=1 refuses" in refused.stdout
    assert "test_one.py::test_needs_a_tool" in refused.stdout and "no_such_tool_here" in refused.stdout
    allowed = subprocess.run(
        [*command, str(tmp_path)], env={**env, "LW_NO_SKIPS": "0"}, capture_output=True, text=True
    )
    assert allowed.returncode == 0, allowed.stdout


def test_a_hanging_test_fails_the_run_instead_of_hanging_it(tmp_path: Path) -> None:
    """The suite's pytest-timeout (pyproject.toml's ``timeout``) ends a test that never returns."""
    import tomllib

    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    limit = options["tool"]["pytest"]["ini_options"]["timeout"]
    assert 60 <= limit <= 900, limit
    (tmp_path / "test_hang.py").write_text(
        "import time\n\ndef test_never_returns():\n    time.sleep(3600)\n", encoding="utf-8"
    )
    # the same option, shortened so that the check takes two seconds, not ten minutes
    (tmp_path / "pytest.ini").write_text("[pytest]\ntimeout = 2\n", encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 1, out.stdout + out.stderr
    assert "Timeout" in out.stdout and "1 failed" in out.stdout, out.stdout


def test_the_review_snapshot_gives_es_419_readers_the_overrides_and_spains_text_elsewhere() -> None:
    """A Latin-American reader reads each override in place of Spain's text, and Spain's text where none is."""
    from babel.messages.pofile import read_po

    from scripts.review_snapshot import effective_es_419

    root = Path(__file__).resolve().parents[1]
    effective = read_po(io.BytesIO(effective_es_419(root)), locale="es")
    with open(root / "locales" / "es_419" / "LC_MESSAGES" / "logger_widget.po", "rb") as f:
        overrides = [m for m in read_po(f, locale="es_419") if m.id and m.string]
    with open(root / "locales" / "es" / "LC_MESSAGES" / "logger_widget.po", "rb") as f:
        spain = read_po(f, locale="es")
    assert len(overrides) > 100
    for message in overrides:
        assert effective.get(message.id, message.context).string == message.string, message.id
    kept = [m for m in spain if m.id and effective.get(m.id, m.context).string == m.string]
    assert len(kept) > len(spain) - len(overrides) - 20  # everything not overridden is Spain's

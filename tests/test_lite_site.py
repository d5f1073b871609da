"""scripts/lite.sh builds a JupyterLite site whose kernel can install the package from the site itself.

The site in a browser, offline, is tests/hosts/test_lite_browser.py; here, on the same build (one for
the run, tests/litekit.py: built without ``--pyodide``, then with a Pyodide distribution from PyPI),
what the build guarantees:
the package's wheel and every pure-Python package it needs beside Pyodide's are in the site's
piplite index (``%pip install logger_widget`` needs no network for them), the page's widget
front ends (anywidget, ipywidgets' manager) are those of the bundled wheels' versions, every
notebook starts by installing the package (a line JupyterLite's ``%pip`` can read: nothing after
the package's name), the site lists its files (jupyter_server in the build), and ``--pyodide``
makes the site load Pyodide from itself.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from fresh_checkout import REPO
from litekit import LiteBuild


def _wheel_versions(folder: Path) -> dict[str, str]:
    return {w.name.split("-")[0].lower(): w.name.split("-")[1] for w in folder.glob("*.whl")}


@pytest.mark.slow
def test_lite_sh_bundles_the_package_and_its_pure_python_needs(lite_build: LiteBuild) -> None:
    copy, site = lite_build.copy, lite_build.site
    assert (site / "lab" / "index.html").is_file()
    ignored = subprocess.run(["git", "check-ignore", "-q", ".lite/site/lab/index.html"], cwd=REPO, timeout=30)
    assert ignored.returncode == 0, ".lite/ must be ignored by git"

    # piplite's index: the package and what it needs beside Pyodide, all pure Python
    index = json.loads((site / "pypi" / "all.json").read_text(encoding="utf-8"))
    assert {"logger-widget", "anywidget", "ipywidgets", "babel", "jupyterlab-widgets"} <= set(index)
    lock = json.loads((lite_build.pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    shipped = {name.lower().replace("_", "-") for name in lock["packages"]}
    assert {"numpy", "matplotlib"} <= shipped
    assert not set(index) & shipped, f"Pyodide ships these already: {sorted(set(index) & shipped)}"
    wheels = list((site / "pypi").glob("*.whl"))
    assert wheels and all(w.name.endswith("-py3-none-any.whl") for w in wheels)

    # the page's front ends are the versions the kernel installs ("No version of module anywidget…")
    bundled = _wheel_versions(site / "pypi")
    page = {
        name: json.loads((site / "extensions" / name / "package.json").read_text(encoding="utf-8"))["version"]
        for name in ("anywidget", "@jupyter-widgets/jupyterlab-manager")
    }
    assert page["anywidget"] == bundled["anywidget"]
    widgets_lab = json.loads(
        subprocess.run(
            [str(copy / ".lite" / "venv" / "bin" / "python"), "-c",
             "import importlib.metadata as m, json; print(json.dumps(m.version('jupyterlab_widgets')))"],
            check=True, capture_output=True, text=True, timeout=60,
        ).stdout
    )  # fmt: skip
    assert widgets_lab == bundled["jupyterlab_widgets"]

    # every notebook installs the package first; Pyodide is loaded from the site itself
    notebooks = sorted((site / "files").glob("*.ipynb"))
    assert len(notebooks) == len(list((copy / "notebooks").glob("*.ipynb")))
    for nb in notebooks:
        first = json.loads(nb.read_text(encoding="utf-8"))["cells"][0]
        assert "".join(first["source"]) == "%pip install -q logger_widget", nb.name
    # the file list the browser shows (written only when jupyter_server is in the build environment)
    listed = json.loads((site / "api" / "contents" / "all.json").read_text(encoding="utf-8"))
    assert {nb.name for nb in notebooks} <= {item["name"] for item in listed["content"]}
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    url = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["pyodideUrl"]
    assert url.startswith("./static/pyodide/") and (site / url).is_file()

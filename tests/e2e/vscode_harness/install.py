"""Install what the VS Code harness needs from npm, pinned (run by scripts/env.sh; no network at test time).

``python tests/e2e/vscode_harness/install.py`` installs, into ``tests/e2e/vscode_harness/node_modules``:

* the packages of ``package.json`` (``npm install``): ``@jupyterlab/services`` (the kernel connection
  of the webview, as VS Code's Jupyter extension bundles it), ``requirejs`` (as VS Code's Jupyter
  Renderers extension preloads it), ``esbuild`` (bundles the webview side, ``webview.js``);
* VS Code's widget manager, ``package.json``'s ``vscodeWidgetManager`` (``@vscode/jupyter-ipywidgets8``),
  unpacked from ``npm pack`` (its one file, ``dist/ipywidgets.js``, is self-contained).

A second run with nothing changed does nothing (a stamp holds the hash of ``package.json``).
Errors: ``RuntimeError`` naming the npm command that failed and its output.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
NODE_MODULES = HERE / "node_modules"
#: VS Code's widget manager bundle, unpacked
BUNDLE = NODE_MODULES / "@vscode" / "jupyter-ipywidgets8" / "dist" / "ipywidgets.js"
REQUIRE_JS = NODE_MODULES / "requirejs" / "require.js"
ESBUILD = NODE_MODULES / ".bin" / "esbuild"
_STAMP = NODE_MODULES / ".harness-installed"


def _stamp() -> str:
    return hashlib.sha256((HERE / "package.json").read_bytes()).hexdigest()[:16]


def _npm(*args: str, cwd: Path) -> str:
    if shutil.which("npm") is None:
        raise RuntimeError("npm is not installed (scripts/env.sh installs it: apt-get install npm)")
    done = subprocess.run(
        ["npm", *args, "--no-audit", "--no-fund"], cwd=cwd, capture_output=True, text=True, timeout=600
    )
    if done.returncode:
        raise RuntimeError(f"npm {' '.join(args)} failed in {cwd}:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def installed() -> bool:
    """True when everything is installed for this ``package.json``."""
    ok = all(p.exists() for p in (BUNDLE, REQUIRE_JS, ESBUILD, _STAMP))
    return ok and _STAMP.read_text(encoding="utf-8").strip() == _stamp()


def install() -> None:
    """Install the harness's npm packages and VS Code's widget manager (see the module's docstring)."""
    if installed():
        return
    _npm("install", "--no-package-lock", cwd=HERE)
    spec = json.loads((HERE / "package.json").read_text(encoding="utf-8"))["vscodeWidgetManager"]
    with tempfile.TemporaryDirectory() as tmp:
        packed = json.loads(_npm("pack", spec, "--json", "--pack-destination", tmp, cwd=Path(tmp)))
        with tarfile.open(Path(tmp) / packed[0]["filename"]) as tar:
            tar.extractall(tmp, filter="data")
        if BUNDLE.parent.parent.exists():
            shutil.rmtree(BUNDLE.parent.parent)
        shutil.copytree(Path(tmp) / "package", BUNDLE.parent.parent)
    _STAMP.write_text(_stamp() + "\n", encoding="utf-8")


if __name__ == "__main__":
    try:
        install()
    except RuntimeError as e:
        sys.exit(str(e))

"""A VS Code notebook in Chromium, for the browser tests: VS Code's own widget manager, a real kernel.

VS Code is not run: what renders a widget in it is, as VS Code loads it. The notebook's
webview preloads require.js and ``@vscode/jupyter-ipywidgets8`` (the widget manager bundle that
VS Code's Jupyter Renderers extension ships, from npm, pinned in ``package.json``); the
webview side of the Jupyter extension (``webview.js``, written after its source) connects it to
the kernel through ``@jupyterlab/services``; the extension host (``bridge.py``) starts the kernel
with ``jupyter_client``, runs the cells and relays the kernel's messages, and answers where a
third-party widget module is as VS Code does with no CDN: from the kernel environment's
``share/jupyter/nbextensions``.

:class:`Harness` runs ``bridge.py`` in its own process (a kernel and a server on a free
loopback port) and stops both on exit. ``install.py`` installs the npm packages.
"""

from __future__ import annotations

import json
import select
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import TracebackType
from typing import Any

from .install import install, installed

__all__ = ["Harness", "install", "installed"]

BRIDGE = Path(__file__).resolve().parent / "bridge.py"
START_TIMEOUT = 120.0  # seconds: a kernel start and the esbuild bundle on a loaded 2-core machine


class Harness:
    """``bridge.py`` in a subprocess: :attr:`url` of the webview, :meth:`execute` to run a cell.

    Args:
        cwd: the kernel's working folder (created if missing).
    Raises:
        RuntimeError: the bridge did not start within ``START_TIMEOUT`` seconds (its log is in the message).
    """

    def __init__(self, cwd: Path) -> None:
        self.cwd = cwd
        self.url = ""
        self._log = cwd / "bridge.log"
        self._process: subprocess.Popen[str] | None = None

    def __enter__(self) -> Harness:
        self.cwd.mkdir(parents=True, exist_ok=True)
        with self._log.open("w", encoding="utf-8") as log:
            self._process = subprocess.Popen(
                [sys.executable, str(BRIDGE), "--cwd", str(self.cwd)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True,
            )  # fmt: skip
        assert self._process.stdout is not None
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline and self._process.poll() is None:
            ready, _, _ = select.select([self._process.stdout], [], [], 1.0)
            line = self._process.stdout.readline() if ready else ""
            if line.startswith("READY "):
                self.url = line.split()[1]
                return self
        self._stop()
        raise RuntimeError(f"the VS Code harness's bridge did not start:\n{self.log_tail()}")

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self._stop()

    def execute(self, code: str, timeout: float = 120.0) -> dict[str, Any]:
        """Run ``code`` as a notebook cell; ``{"status": "ok"|"error", "outputs": [...]}`` (nbformat outputs)."""
        request = urllib.request.Request(
            self.url + "execute", data=json.dumps({"code": code, "timeout": timeout}).encode(), method="POST"
        )
        with urllib.request.urlopen(request, timeout=timeout + 10) as response:
            return dict(json.load(response))

    def printed(self, code: str) -> str:
        """Run ``code`` as a cell; what it printed. Raises ``AssertionError`` with the traceback on an error."""
        result = self.execute(code)
        errors = [o for o in result["outputs"] if o["output_type"] == "error"]
        assert result["status"] == "ok" and not errors, "\n".join(
            "\n".join(e.get("traceback", [])) for e in errors
        )
        return "".join(o.get("text", "") for o in result["outputs"] if o["output_type"] == "stream")

    def log_tail(self, n: int = 40) -> str:
        lines = self._log.read_text(encoding="utf-8", errors="replace").splitlines()
        return "\n".join(lines[-n:])

    def _stop(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if process.stdin is not None:
            process.stdin.close()  # the bridge stops and shuts its kernel down
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        if process.stdout is not None:
            process.stdout.close()

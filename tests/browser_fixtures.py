"""Browser fixtures shared by every browser test (tests/e2e, tests/hosts): one JupyterLab server, one Chromium.

Imported by tests/conftest.py, so that the session-scoped server and browser are
started once for the whole run (two Playwright sessions cannot run in one process).

* JupyterLab runs on a free port of 127.0.0.1 with no token, in a temporary
  root folder, with temporary config, data, runtime, settings and workspace
  folders (nothing leaks into the user's Jupyter setup), and is shut down
  with its kernels at the end of the session.
* Chromium is Debian's ``/usr/bin/chromium`` driven by Playwright (no
  browser download). Tests are skipped when either is missing.
* Screenshots and the latency figures go to ``tests/e2e/screenshots/``
  (git-ignored).

Everything is sized for a 2-core machine: generous timeouts for the server
and the first kernel start.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

try:
    from portkit import free_port
except ModuleNotFoundError:  # imported as tests.browser_fixtures (python -m benchmarks...)
    from tests.portkit import free_port

REPO = Path(__file__).resolve().parents[1]
SCREENSHOTS = Path(__file__).resolve().parent / "e2e" / "screenshots"
CHROMIUM = os.environ.get("LOGGER_E2E_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_START_TIMEOUT = 180  # seconds; JupyterLab is slow to start on 2 cores
KERNEL_TIMEOUT_MS = 180_000  # first kernel start + first widget render


def _have_jupyterlab() -> bool:
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        return False
    return True


class Lab:
    """A running JupyterLab server: its URL and its notebook folder."""

    def __init__(self, url: str, root: Path, process: subprocess.Popen[bytes], log: Path) -> None:
        self.url = url
        self.root = root
        self.process = process
        self.log = log

    def write_notebook(self, name: str, *sources: str) -> str:
        """Write a notebook with these code cells; return its URL (workspace reset)."""
        nb = {
            "cells": [
                {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": src}
                for src in sources
            ],
            "metadata": {
                "kernelspec": {
                    "display_name": "Python 3 (ipykernel)",
                    "language": "python",
                    "name": "python3",
                },
                "language_info": {"name": "python"},
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        }
        (self.root / name).write_text(json.dumps(nb), encoding="utf-8")
        return f"{self.url}lab/tree/{name}?reset"

    def log_tail(self, n: int = 60) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""


@pytest.fixture(scope="session")
def lab() -> Iterator[Lab]:
    if not _have_jupyterlab():
        pytest.skip("jupyterlab is not installed")
    tmp = Path(tempfile.mkdtemp(prefix="logger-e2e-"))
    root = tmp / "notebooks"
    root.mkdir()
    dirs = {name: tmp / name for name in ("config", "data", "runtime", "ipython", "settings", "workspaces")}
    for d in dirs.values():
        d.mkdir()
    # no news, no update checks, no toasts over the board
    notif = dirs["settings"] / "@jupyterlab" / "apputils-extension"
    notif.mkdir(parents=True)
    (notif / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True})
    )
    env = dict(os.environ)
    env.update(
        {
            "JUPYTER_CONFIG_DIR": str(dirs["config"]),
            "JUPYTER_DATA_DIR": str(dirs["data"]),
            "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]),
            "IPYTHONDIR": str(dirs["ipython"]),
            "JUPYTER_PLATFORM_DIRS": "1",
            "PYTHONPATH": os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p),
            "PYDEVD_DISABLE_FILE_VALIDATION": "1",
        }
    )
    port = free_port()
    log = tmp / "jupyterlab.log"
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ServerApp.open_browser=False",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.user_settings_dir={dirs['settings']}",
        f"--LabApp.workspaces_dir={dirs['workspaces']}",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=",
        "--MappingKernelManager.cull_idle_timeout=0",
        "--ServerApp.terminals_enabled=False",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # containers and CI run as root
        cmd.append("--allow-root")
    with log.open("wb") as out:
        process = subprocess.Popen(
            cmd, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    url = f"http://127.0.0.1:{port}/"
    server = Lab(url, root, process, log)
    try:
        wait_until_serving(process, url + "api/status", "JupyterLab", SERVER_START_TIMEOUT, server.log_tail)
        yield server
    finally:
        _stop(process, url)
        shutil.rmtree(tmp, ignore_errors=True)


def wait_until_serving(
    process: subprocess.Popen[bytes], url: str, name: str, timeout: float, log_tail: Callable[[], str]
) -> None:
    """Poll ``url`` until it answers 200; fail the test (with the log's tail) if ``process`` exits or ``timeout`` s pass."""
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            pytest.fail(f"{name} exited with code {process.returncode}:\n{log_tail()}")
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"{name} did not start in {timeout} s:\n{log_tail()}")
        time.sleep(0.5)


def _stop(process: subprocess.Popen[bytes], url: str | None = None) -> None:
    """Stop the server and its kernels: the shutdown API first, then signals to its process group."""
    if process.poll() is not None:
        return
    if url is not None:
        try:
            req = urllib.request.Request(url + "api/shutdown", method="POST", data=b"")
            urllib.request.urlopen(req, timeout=10).close()
            process.wait(timeout=30)
            return
        except (urllib.error.URLError, OSError, subprocess.TimeoutExpired):
            pass
    try:
        pgid = os.getpgid(process.pid)
    except OSError:
        return
    for sig, wait in ((signal.SIGINT, 15), (signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        try:
            os.killpg(pgid, sig)
            if sig == signal.SIGINT:  # jupyter asks for confirmation on the first ^C
                time.sleep(0.2)
                os.killpg(pgid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=wait)
            # kernels are in the same process group: make sure none survives
            try:
                os.killpg(pgid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            return
        except subprocess.TimeoutExpired:
            continue


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(
        viewport={"width": 1400, "height": 1300}, device_scale_factor=1, accept_downloads=True
    )
    context.set_default_timeout(60_000)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.lw_errors = errors  # type: ignore[attr-defined]
    try:
        yield pg
    finally:
        context.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS

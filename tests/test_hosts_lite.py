"""JupyterLite (Pyodide) readiness: no threads needed, no optional extras needed.

JupyterLite itself cannot be started here (its kernel is Pyodide in a browser,
fetched from a CDN); docs/hosts.md has the ``jupyter lite build`` recipe. What
can be checked here is what Pyodide changes for the package: threads cannot
start, and only the required dependencies are installed.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import venv
from pathlib import Path

import pytest

from logger_widget import Board, Position
from logger_widget.board.bot_runner import threads_available

REPO = Path(__file__).resolve().parents[1]


def _no_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make this Python look like Pyodide: sys.platform 'emscripten' and Thread.start failing as there."""
    monkeypatch.setattr(sys, "platform", "emscripten")

    def start(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", start)


def test_threads_available_here_but_not_in_pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    assert threads_available()
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert not threads_available()
    monkeypatch.setattr(sys, "platform", "wasi")
    assert not threads_available()


def test_default_board_plays_bots_without_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """The notebooks' default board (bot_mode="thread") falls back to sync mode where threads can't start."""
    _no_threads(monkeypatch)
    board = Board(players=["human", "mcts:easy"], locale="es", seed=5)
    assert board.bot_mode == "sync"
    board.play("a1-a3 *b3")
    # the bot answered inside the call, with no thread
    assert len(board.game.turns) == 2
    assert board.game.position.to_move == 1
    assert board.lpn == board.game.position.to_lpn() != Position.initial(2).to_lpn()


def test_bots_first_seat_without_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    _no_threads(monkeypatch)
    board = Board(players=["random", "human"], locale="uk", seed=2)
    assert len(board.game.turns) == 1  # the bot in seat 1 already played, in the constructor


@pytest.mark.slow
def test_fresh_install_without_extras(tmp_path: Path) -> None:
    """The wheel in a fresh venv with only its required dependencies (as micropip would install in JupyterLite).

    Builds the wheel (the one ``jupyter lite build --piplite-wheels`` ships), installs it
    into a new virtual environment, and plays a game with a bot, with threads disabled as in
    Pyodide; no optional extra (dask, pandas, Jupyter servers) may be installed or needed.
    """
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(REPO)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (wheel,) = dist.glob("logger_widget-*.whl")
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        check=True,
        timeout=900,
    )
    script = r"""
import importlib.metadata as md, json, sys, threading
import logger_widget
from logger_widget import Board
# then as in Pyodide (patched after the imports: the standard library's sysconfig knows no emscripten here)
def no_start(self): raise RuntimeError("can't start new thread")
threading.Thread.start = no_start
sys.platform = "emscripten"
b = Board(players=["human", "mcts:easy"], locale="uk", seed=1)
b.play("a1-a3 *b3")
installed = {d.metadata["Name"].lower() for d in md.distributions()}
print(json.dumps({"mode": b.bot_mode, "turns": len(b.game.turns), "view": sorted(b._view)[:3],
                  "installed": sorted(installed),
                  "imported": sorted(m for m in ("dask", "pandas", "jupyterlab", "jupyter_server", "notebook")
                                     if m in sys.modules)}))
"""
    out = subprocess.run([str(py), "-c", script], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    import json

    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["mode"] == "sync" and result["turns"] == 2
    assert result["view"], "the board built no view"
    assert result["imported"] == []
    for extra in ("dask", "pandas", "jupyterlab", "jupyter-server", "notebook", "pytest"):
        assert extra not in result["installed"], f"{extra} came with the required dependencies"

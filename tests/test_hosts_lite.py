"""JupyterLite (Pyodide) readiness, with Pyodide simulated in this Python.

What Pyodide changes for the package: threads and processes cannot start (boards play
bots in the click's handler, tournaments play game after game), Numba is absent, games
are saved in the browser's ``/drive`` (or the board says they are not), and only the
required dependencies are installed. The site's build is tests/test_lite_site.py.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from fresh_checkout import outside_env

from logger_widget import Board, Position
from logger_widget.board.bot_runner import threads_available

REPO = Path(__file__).resolve().parents[1]


def _no_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make this Python look like Pyodide: sys.platform 'emscripten', no Numba, Thread.start failing as there."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setenv("LOGGER_WIDGET_NO_JIT", "1")  # no Numba for Pyodide: no compile in the background

    def start(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", start)


def _no_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pyodide has no ``_multiprocessing``: a process pool can't even be made there."""
    import concurrent.futures as cf

    def pool(*args: object, **kwargs: object) -> None:
        raise ModuleNotFoundError("No module named '_multiprocessing'")

    monkeypatch.setattr(cf, "ProcessPoolExecutor", pool)


def test_round_robin_plays_in_this_process_where_processes_cannot_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The default executor plays the games one after another in Pyodide: same results, no warning."""
    from tqdm.auto import tqdm

    from logger_widget.tournament import round_robin, seat_rotated

    expected = round_robin(["random", "greedy"], games_per_pair=2, seed=3, executor="serial", progress=False)
    _no_threads(monkeypatch)
    _no_processes(monkeypatch)
    monkeypatch.setattr(tqdm, "monitor", None)  # tqdm would start its monitor thread afresh
    got = round_robin(["random", "greedy"], games_per_pair=2, seed=3)  # warnings are errors here
    assert len(got.games) == 2 and [g.turns for g in got.games] == [g.turns for g in expected.games]
    assert [g.winners for g in got.games] == [g.winners for g in expected.games]
    table = seat_rotated(["random", "greedy", "random"], players=3, games=1, seed=1, progress=False)
    assert table.games and all(len(g.points) == 3 for g in table.games)


def _play_some(board: Board, n: int = 3) -> list[str]:
    import random

    rng = random.Random(4)
    for _ in range(n):
        board.play(rng.choice(list(board.position.legal_turns())))
    return [t.notation() for t in board.game.turns]


def test_boards_autosave_to_the_browsers_drive_and_resume(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """In JupyterLite the notebook runs in /drive/<folder> (kept by the browser): games are saved there."""
    from logger_widget.board import persistence

    drive = tmp_path / "drive"
    folder = drive / "lessons"
    folder.mkdir(parents=True)
    monkeypatch.setattr(persistence, "BROWSER_DRIVE", str(drive), raising=False)
    monkeypatch.chdir(folder)
    _no_threads(monkeypatch)
    board = Board(["human", "human"], seed=3, locale="es")
    assert board.autosave.enabled
    turns = _play_some(board)
    (saved,) = (folder / ".logger_games").glob("*.json")
    # the page is reloaded: a new kernel, the same cell
    again = Board(["human", "human"], seed=3, locale="es")
    assert "board.resume()" in again.view["notice"]["text"]
    again.resume()
    assert [t.notation() for t in again.game.turns] == turns
    # a notebook opened outside the drive (cwd "/") saves at the drive's top
    monkeypatch.chdir(tmp_path)
    assert persistence.save_folder() == str(drive)


def test_a_browser_without_drive_says_games_are_not_saved(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from logger_widget.board import persistence

    monkeypatch.setattr(persistence, "BROWSER_DRIVE", str(tmp_path / "no-drive"), raising=False)
    monkeypatch.chdir(tmp_path)
    _no_threads(monkeypatch)
    board = Board(["human", "human"], seed=3, locale="en")
    assert not board.autosave.enabled
    assert "not saved" in board.view["notice"]["text"]
    _play_some(board, 1)
    assert not list(tmp_path.rglob("*.json"))
    # asked not to save: no notice; outside the browser: no notice either
    assert Board(["human", "human"], autosave=False, locale="en").view["notice"] is None
    monkeypatch.setattr(sys, "platform", "linux")
    assert Board(["human", "human"], locale="en").view["notice"] is None


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
def test_fresh_install_without_extras(bare_env: Path) -> None:
    """The wheel in a fresh venv with only its required dependencies (as micropip would install in JupyterLite).

    The wheel is the one ``jupyter lite build --piplite-wheels`` ships (the ``bare_env`` fixture installs
    it into a new virtual environment); a game with a bot is played with threads disabled as in
    Pyodide; no optional extra (dask, pandas, Jupyter servers) may be installed or needed.
    """
    py = bare_env
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
    out = subprocess.run(
        [str(py), "-c", script], capture_output=True, text=True, timeout=300, env=outside_env()
    )
    assert out.returncode == 0, out.stderr[-3000:]
    import json

    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["mode"] == "sync" and result["turns"] == 2
    assert result["view"], "the board built no view"
    assert result["imported"] == []
    for extra in ("dask", "pandas", "jupyterlab", "jupyter-server", "notebook", "pytest"):
        assert extra not in result["installed"], f"{extra} came with the required dependencies"


def test_the_package_imports_without_the_modules_pyodide_lacks() -> None:
    """``import logger_widget`` and its pupils' entry points work in a Python without ``pwd`` (Pyodide has none)."""
    code = (
        "import sys\n"
        "class Missing:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'pwd':\n"
        "            raise ModuleNotFoundError(\"No module named 'pwd'\", name=name)\n"
        "sys.modules.pop('pwd', None)\n"  # loaded at start-up here; Pyodide has none to load
        "sys.meta_path.insert(0, Missing())\n"
        "import logger_widget\n"
        "from logger_widget import Board\n"
        "from logger_widget.tournament import round_robin\n"
        "from logger_widget.board import persistence\n"
        "assert 'pwd' not in sys.modules\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={"LOGGER_WIDGET_NO_JIT": "1", "PATH": "/usr/bin:/bin"})  # fmt: skip
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]

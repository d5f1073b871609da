"""What a board keeps beside its notebook, and whether a front end is watching.

**Autosave.** In a Jupyter kernel, a :class:`~logger_widget.Board` writes its
game record (the JSON of :meth:`~logger_widget.Game.to_record`) after every
change to ``.logger_games/<key>.json`` in the kernel's working directory,
which Jupyter sets to the notebook's folder. ``<key>`` is the notebook's name
(``JPY_SESSION_NAME``, set by jupyter_server) plus a hash of the board's
settings (seats as written, seed, corners), so re-running the same cell after a
kernel restart (or a culled classroom server) finds the same file. The board
then shows a notice and :meth:`Board.resume` continues that game: the same
position and history. Writes are atomic (a temporary file renamed over the
old one), so a kernel killed mid-write leaves the previous record whole.
In JupyterLite (Pyodide in the browser) the board writes to the browser's
persistent ``/drive`` (the notebook's folder there), and says on the board that
games are not saved when the browser has no such drive (:func:`save_folder`).
Outside a kernel (scripts, tests) nothing is written unless ``autosave=`` names
a folder. Nor is anything written while no widget front end is attached
(:func:`headless_kernel`: a notebook executed by nbclient, ``jupyter nbconvert
--execute``, papermill or nbgrader's autograde): nobody plays there, and a
teacher's grading run must not leave files in the folders handed back to pupils.
A board that named its folder (``autosave="games"``) always writes.

**Front end.** :func:`front_end_attached` tells whether a widget front end
(JupyterLab, Notebook 7, VS Code…) is connected to this kernel: ipywidgets'
front ends open the ``jupyter.widget.control`` comm when they connect, and a
board's own view sends messages. Headless runs (nbclient, ``jupyter nbconvert
--execute``, papermill) have neither, so the board plays bot turns at once
(as ``bot_mode="sync"``): the saved widget state and the exported page show the
game as it really is, never a board stuck on "thinking…".
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from ..engine.errors import LoggerError
from ..engine.game import Game

__all__ = [
    "AutoSave",
    "front_end_attached",
    "headless_kernel",
    "note_front_end",
    "in_kernel",
    "save_folder",
    "browser_without_drive",
]

#: Folder (beside the notebook) where boards keep their games.
FOLDER = ".logger_games"

_seen_front_end = False


def note_front_end() -> None:
    """A board's view sent a message: a front end is attached to this kernel."""
    global _seen_front_end
    _seen_front_end = True


def front_end_attached() -> bool:
    """True when a widget front end is connected (see the module docstring)."""
    if _seen_front_end:
        return True
    widgets = sys.modules.get("ipywidgets.widgets.widget")
    widget = getattr(widgets, "Widget", None)
    return getattr(widget, "_control_comm", None) is not None


def in_kernel() -> bool:
    """True inside a Jupyter (ipykernel) kernel."""
    kernelapp = sys.modules.get("ipykernel.kernelapp")
    app = getattr(kernelapp, "IPKernelApp", None)
    return bool(app is not None and app.initialized())


#: The browser's persistent folder in JupyterLite's Pyodide kernel (the site's files, kept by the browser).
BROWSER_DRIVE = "/drive"


def save_folder() -> str | None:
    """Where boards autosave by default in this host, or ``None`` when the host keeps no files.

    A Jupyter kernel: its working directory (the notebook's folder). Pyodide
    (JupyterLite, ``sys.platform == "emscripten"``): the working directory when it
    lies in the browser's persistent :data:`BROWSER_DRIVE` (the notebook's folder
    there), else that drive's top; ``None`` when there is no such drive (Pyodide's
    own memory file system is lost with the page). Plain Python (scripts, tests): ``None``.
    """
    if sys.platform == "emscripten":
        if not os.path.isdir(BROWSER_DRIVE):
            return None
        cwd = os.getcwd()
        return cwd if (cwd + "/").startswith(BROWSER_DRIVE + "/") else BROWSER_DRIVE
    return os.getcwd() if in_kernel() else None


def browser_without_drive() -> bool:
    """True in Pyodide with no :data:`BROWSER_DRIVE`: games played here are lost with the page."""
    return sys.platform == "emscripten" and save_folder() is None


def headless_kernel() -> bool:
    """A Jupyter kernel with no widget front end (nbclient, nbconvert --execute, papermill).

    Plain Python (scripts, tests) is not headless in this sense: there the board
    keeps its ``bot_mode``.
    """
    return in_kernel() and not front_end_attached()


def _spec_text(spec: Any) -> str:
    """A seat spec as stable text (no memory addresses): the preset string or the bot's name."""
    if isinstance(spec, str):
        return spec.strip().lower()
    return str(getattr(spec, "name", None) or getattr(spec, "__name__", None) or type(spec).__name__)


class AutoSave:
    """The record file of one board (see the module docstring).

    Args:
        folder: where ``.logger_games`` goes; ``None`` = off.
        key: the file's name without ``.json``.
    """

    def __init__(self, folder: str | os.PathLike[str] | None, key: str, watched_only: bool = False) -> None:
        self.path = Path(folder) / FOLDER / f"{key}.json" if folder is not None else None
        #: write only while a front end is attached (the default folder: the notebook's)
        self.watched_only = watched_only

    @classmethod
    def for_board(cls, setting: Any, specs: list[Any], seed: Any, corners: Any, players: int) -> AutoSave:
        """The autosave of a board built with these settings.

        Args:
            setting: ``True`` (default: on where :func:`save_folder` finds a
                folder), ``False`` (off), or a folder (on, there).
            specs: the seats' specs as given to the board (people and bots).
            seed: the board's seed.
            corners: the board's corners setting.
            players: the number of seats, 2–4.

        Raises:
            TypeError: ``setting`` is neither a bool nor a path.
        """
        if setting is False:
            return cls(None, "")
        if setting is True:
            folder: str | os.PathLike[str] | None = save_folder()
        elif isinstance(setting, (str, os.PathLike)):
            folder = setting
        else:
            raise TypeError(f"autosave must be True, False or a folder, not {type(setting).__name__}")
        notebook = os.path.basename(os.environ.get("JPY_SESSION_NAME", "")) or "board"
        stem = "".join(c if c.isalnum() or c in "-_" else "_" for c in os.path.splitext(notebook)[0])[:40]
        settings = json.dumps([[_spec_text(s) for s in specs], repr(seed), repr(corners), players])
        digest = hashlib.blake2b(settings.encode("utf-8"), digest_size=6).hexdigest()
        return cls(folder, f"{stem}-{digest}", watched_only=setting is True)

    @property
    def enabled(self) -> bool:
        """The board autosaves its game (it knows the notebook's folder)."""
        return self.path is not None

    def save(self, game: Game) -> None:
        """Write ``game``'s record atomically (a fresh game with no turn is not written).

        Nothing is written in a kernel with no front end unless the folder was named
        (see the module docstring). Errors writing (read-only folder, full disk) are
        ignored: saving is a safety net, never a reason for a turn to fail.
        """
        if self.path is None or not game.turns or (self.watched_only and headless_kernel()):
            return
        try:
            self.path.parent.mkdir(exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=self.path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(game.to_json() + "\n")
            os.replace(tmp, self.path)
        except OSError:
            pass

    def saved(self) -> Game | None:
        """The saved game when there is one to resume (readable, with turns, not over), else ``None``."""
        if self.path is None or not self.path.exists():
            return None
        try:
            game = Game.load(self.path)
        except (OSError, LoggerError, ValueError):
            return None
        return game if game.turns and not game.is_over else None

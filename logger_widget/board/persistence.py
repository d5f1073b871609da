"""What a board keeps beside its notebook, and whether a front end is watching.

**Autosave.** In a Jupyter kernel, a :class:`~logger_widget.Board` writes its
game record (the JSON of :meth:`~logger_widget.Game.to_record`) after every
change to ``.logger_games/`` in the kernel's working directory, which Jupyter
sets to the notebook's folder. Every game gets a file of its own,
``<key>.<game>.json``; the board's ``<key>`` is the notebook's name
(``JPY_SESSION_NAME``, set by jupyter_server), the cell the board was made in
(its id, or its code when the front end sends no id), the board's place in
that cell, and a hash of its settings (seats as written, seed, corners). A
kernel started without a notebook name (Voilà starts one per visitor) adds its
own kernel id, so one visitor is never offered another's game.

Re-running the same cell (after a kernel restart, a culled classroom server,
or a stray Shift+Enter) finds the board's last game, finished or not: the
board shows a notice and a button, and :meth:`Board.resume` puts that game
back (the same position and history), so the cells below that read
``board.game`` still have it. Playing on before pressing the button starts a
new file: the offered game stays on disk and the button stays. The last
:data:`KEEP` games of a board are kept (``Game.load`` reads any of them).

Writes are atomic (a temporary ``.tmp-<pid>-…`` file renamed over the old
one), so a kernel killed mid-write leaves the previous record whole; the
temporary files of killed kernels are removed the next time a board looks at
the folder. Saving never breaks a turn: an error writing (read-only folder,
full disk, a record JSON cannot encode) is logged and the game goes on.
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
(JupyterLab, Notebook 7, VS Code, Voilà…) is connected to this kernel:
ipywidgets' front ends open the ``jupyter.widget.control`` comm when they
connect, a board's view announces itself when it renders and sends messages,
and JupyterLab and Notebook 7 send each cell's id with the code they run
(:func:`cell_sent_by_front_end`), so a board of bots made in a watched notebook
plays at a pace one can follow from its first turn. Headless runs (nbclient,
``jupyter nbconvert --execute``, papermill) have none of these, so the board plays bot turns at once
(as ``bot_mode="sync"``): the saved widget state and the exported page show the
game as it really is, never a board stuck on "thinking…".
"""

from __future__ import annotations

import glob
import hashlib
import json
import logging
import os
import re
import secrets
import sys
import tempfile
import time
import weakref
from collections.abc import Iterable
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
    "cell_sent_by_front_end",
    "remove_stale_temporaries",
    "save_folder",
    "browser_without_drive",
]

#: Folder (beside the notebook) where boards keep their games.
FOLDER = ".logger_games"
#: Games kept per board (the oldest beyond these are removed when a new game is saved).
KEEP = 8
#: Game files kept in one ``.logger_games`` folder, all boards together (kernels without a notebook
#: name each have their own key, so their files are bounded here).
FOLDER_KEEP = 200
#: Seconds after which a temporary file whose writer cannot be checked counts as left by a killed kernel.
STALE_TMP_SECONDS = 60.0

log = logging.getLogger(__name__)

_seen_front_end = False


def note_front_end() -> None:
    """A board's view sent a message: a front end is attached to this kernel."""
    global _seen_front_end
    _seen_front_end = True


def front_end_attached() -> bool:
    """True when a widget front end is connected or about to draw the board (see the module docstring)."""
    if _seen_front_end or cell_sent_by_front_end():
        return True
    widgets = sys.modules.get("ipywidgets.widgets.widget")
    widget = getattr(widgets, "Widget", None)
    return getattr(widget, "_control_comm", None) is not None


def cell_sent_by_front_end() -> bool:
    """True when the running cell was sent by a front end that will draw its widgets.

    JupyterLab and Notebook 7 send each cell's id with the request
    (``metadata.cellId``); nbclient, nbconvert and papermill send none. Voilà
    sends none either but draws the page's widgets: its kernels have
    ``VOILA_SERVER_URL`` in their environment. This tells a board made in a
    watched notebook apart before its view has rendered.
    """
    metadata = _shell_request().get("metadata")
    sent = (isinstance(metadata, dict) and bool(metadata.get("cellId"))) or voila_kernel()
    if sent:  # remembered: bot threads, which have no request of their own, ask too
        note_front_end()
    return sent


def voila_kernel() -> bool:
    """True in a kernel Voilà started for a visitor (Voilà sets ``VOILA_SERVER_URL`` / ``VOILA_BASE_URL``)."""
    return in_kernel() and bool(os.environ.get("VOILA_SERVER_URL") or os.environ.get("VOILA_BASE_URL"))


def in_kernel() -> bool:
    """True inside a Jupyter (ipykernel) kernel."""
    return _kernel_app() is not None


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


def _kernel_app() -> Any:
    kernelapp = sys.modules.get("ipykernel.kernelapp")
    app = getattr(kernelapp, "IPKernelApp", None)
    return app.instance() if app is not None and app.initialized() else None


def _shell_request() -> dict[str, Any]:
    """The ``execute_request`` the kernel runs (or ran last), ``{}`` outside a kernel."""
    kernel = getattr(_kernel_app(), "kernel", None)
    try:
        parent = kernel.get_parent("shell") if kernel is not None else None
    except Exception:  # an old or unusual kernel: no request to read
        return {}
    if not isinstance(parent, dict):
        return {}
    header = parent.get("header")
    if not isinstance(header, dict) or header.get("msg_type") != "execute_request":
        return {}
    return parent


def _running_cell() -> tuple[str, str]:
    """``(execution, cell)`` of the request the kernel is running, ``("", "")`` outside one.

    ``execution`` is the request's message id (one per run of a cell); ``cell`` is
    the cell's id when the front end sends it (JupyterLab, Notebook 7, VS Code do),
    else a hash of the cell's code (nbclient, ``jupyter console``).
    """
    parent = _shell_request()
    if not parent:
        return "", ""
    execution = str(parent["header"].get("msg_id", ""))
    cell = (parent.get("metadata") or {}).get("cellId")
    if not isinstance(cell, str) or not cell:
        code = str((parent.get("content") or {}).get("code", ""))
        cell = "code:" + hashlib.blake2b(code.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()
    return execution, cell


def _kernel_id() -> str:
    """The kernel's id (its connection file's name), ``""`` outside a kernel."""
    app = _kernel_app()
    return os.path.basename(str(getattr(app, "connection_file", "") or ""))


#: boards made so far by the running cell: ``(execution, base key) -> count``
_made_in_cell: dict[tuple[str, str], int] = {}
#: the AutoSave writing each game file in this process (a newer one takes a file over)
_writers: weakref.WeakValueDictionary[Path, AutoSave] = weakref.WeakValueDictionary()
#: the game file each live board of this process offers to resume (never pruned)
_offers: weakref.WeakValueDictionary[Path, AutoSave] = weakref.WeakValueDictionary()
_TMP = re.compile(r"\.tmp-(\d+)-")


def _board_key(specs: list[Any], seed: Any, corners: Any, players: int) -> str:
    """The file-name key of a board made now with these settings (see the module docstring)."""
    session = os.path.basename(os.environ.get("JPY_SESSION_NAME", ""))
    stem = "".join(c if c.isalnum() or c in "-_" else "_" for c in os.path.splitext(session or "board")[0])[
        :40
    ]
    execution, cell = _running_cell()
    settings = [[_spec_text(s) for s in specs], repr(seed), repr(corners), players, cell]
    if not session:  # no notebook name (Voilà, a bare kernel): this kernel's games are its own
        settings.append(_kernel_id())
    base = json.dumps(settings)
    if execution:  # a second board with the same settings in the same cell is another board
        if not any(k[0] == execution for k in _made_in_cell):
            _made_in_cell.clear()
        place = _made_in_cell.get((execution, base), 0)
        _made_in_cell[(execution, base)] = place + 1
        settings.append(place)
    digest = hashlib.blake2b(json.dumps(settings).encode("utf-8", "surrogatepass"), digest_size=6).hexdigest()
    return f"{stem}-{digest}"


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def remove_stale_temporaries(folder: str | os.PathLike[str]) -> list[Path]:
    """Remove the ``.tmp-*`` files that killed kernels left in ``folder``; return the removed paths.

    A temporary file is stale when the process named in it (``.tmp-<pid>-…``) is
    gone, or when it names none and is older than :data:`STALE_TMP_SECONDS`. A
    file being written right now by a live kernel is left alone. Errors
    (a file gone meanwhile, no permission) are ignored.
    """
    removed: list[Path] = []
    try:
        candidates = list(Path(folder).glob(".tmp-*"))
    except OSError:
        return removed
    now = time.time()
    for path in candidates:
        match = _TMP.match(path.name)
        try:
            if match is not None:
                stale = int(match.group(1)) != os.getpid() and not _pid_alive(int(match.group(1)))
            else:
                stale = now - path.stat().st_mtime > STALE_TMP_SECONDS
            if stale:
                path.unlink()
                removed.append(path)
        except (OSError, ValueError):
            continue
    return removed


def _record_text(game: Game) -> str:
    r"""The record as JSON text that reads back as the same record.

    Non-ASCII text is kept as it is; a record holding text UTF-8 cannot encode
    (a lone surrogate, e.g. from a name pasted by a pupil) is written with
    ``\uXXXX`` escapes instead, which read back as the same text.
    """
    text = game.to_json() + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(game.to_record(), indent=2, ensure_ascii=True) + "\n"
    return text


class AutoSave:
    """The game files of one board (see the module docstring).

    Args:
        folder: where ``.logger_games`` goes; ``None`` = off.
        key: the start of the files' names (each game adds ``.<game>.json``).
    """

    def __init__(self, folder: str | os.PathLike[str] | None, key: str, watched_only: bool = False) -> None:
        self.folder = Path(folder) / FOLDER if folder is not None else None
        self.key = key
        #: write only while a front end is attached (the default folder: the notebook's)
        self.watched_only = watched_only
        #: the file of the game being saved now (``None`` until the first save)
        self.path: Path | None = None
        self._game: Game | None = None
        self._offered: Path | None = None
        self._looked = False
        self._adopt: tuple[weakref.ref[Game], Path] | None = None

    @classmethod
    def for_board(cls, setting: Any, specs: list[Any], seed: Any, corners: Any, players: int) -> AutoSave:
        """The autosave of a board built now with these settings (in the running cell).

        Args:
            setting: ``True`` (default: on where :func:`save_folder` finds a
                folder; off in Voilà), ``False`` (off), or a folder (on, there).
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
            # (a Voilà visitor's kernel ends with the visit: nobody could resume its games)
            folder: str | os.PathLike[str] | None = None if voila_kernel() else save_folder()
        elif isinstance(setting, (str, os.PathLike)):
            folder = setting
        else:
            raise TypeError(f"autosave must be True, False or a folder, not {type(setting).__name__}")
        return cls(folder, _board_key(specs, seed, corners, players), watched_only=setting is True)

    @property
    def enabled(self) -> bool:
        """The board autosaves its game (it knows the notebook's folder)."""
        return self.folder is not None

    def games(self) -> list[Path]:
        """This board's saved game files, the most recently saved last."""
        if self.folder is None:
            return []
        self._look()
        return _by_age(self.folder.glob(f"{glob.escape(self.key)}.*.json"))

    def _look(self) -> None:
        """The first look at the folder: remove what killed kernels left."""
        if not self._looked and self.folder is not None:
            self._looked = True
            remove_stale_temporaries(self.folder)

    def save(self, game: Game) -> None:
        """Write ``game``'s record atomically into its own file (a fresh game with no turn is not written).

        The same :class:`Game` object (played on, undone) keeps its file; another
        game (a new game, a loaded record) gets a new one, so no save ever replaces
        another game. Never raises: saving is a safety net, not a reason for a turn
        to fail (errors are logged).
        Nothing is written in a kernel with no front end unless the folder was named
        (see the module docstring).
        """
        if self.folder is None or not game.turns or (self.watched_only and headless_kernel()):
            return
        try:
            self._write(game)
        except Exception as e:  # read-only folder, full disk, a record JSON cannot encode…
            log.warning("logger_widget: the game could not be saved in %s: %s", self.folder, e)

    def _write(self, game: Game) -> None:
        assert self.folder is not None
        self._look()
        adopt, fresh, previous = self._adopt, False, self.path
        if adopt is not None and adopt[0]() is game:  # the resumed game goes on in its own file
            self._game, self.path, self._adopt = game, adopt[1], None
        elif game is not self._game or self.path is None or _writers.get(self.path) is not self:
            self._game = game
            self.path = (
                self.folder / f"{self.key}.{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}.json"
            )
            fresh = True
        if previous is not None and previous != self.path and _writers.get(previous) is self:
            del _writers[previous]  # that game is over for this board: its file may be pruned
        _writers[self.path] = self
        self.folder.mkdir(exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".tmp-{os.getpid()}-", suffix=".json", dir=self.folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(_record_text(game))
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        if fresh:
            self._prune()

    def _prune(self) -> None:
        """Keep this board's last :data:`KEEP` games and the folder's last :data:`FOLDER_KEEP`.

        The games that live boards of this process offer or save are always kept.
        """
        assert self.folder is not None

        def removable(paths: list[Path], keep: int) -> list[Path]:
            free = [p for p in paths if p != self.path and p not in _offers and p not in _writers]
            return free[: max(0, len(paths) - keep)]

        for path in {
            *removable(self.games(), KEEP),
            *removable(_by_age(self.folder.glob("*.json")), FOLDER_KEEP),
        }:
            path.unlink(missing_ok=True)

    def saved(self) -> Game | None:
        """The game this board offers to resume, or ``None`` (nothing readable with turns is saved).

        The first call picks the board's most recently saved game (finished or not);
        later calls read that same file again, whatever was saved since. The
        returned :class:`Game`, when the board saves it, goes on in that file.
        """
        if self.folder is None:
            return None
        if self._offered is None:
            for path in reversed(self.games()):
                if path != self.path and _readable(path) is not None:
                    self._offered = path
                    _offers[path] = self
                    break
        if self._offered is None:
            return None
        game = _readable(self._offered)
        if game is not None:
            self._adopt = (weakref.ref(game), self._offered)
        return game


def _by_age(paths: Iterable[Path]) -> list[Path]:
    """``paths`` that still exist, the least recently written first."""
    found = []
    for path in paths:
        try:
            found.append((path.stat().st_mtime_ns, path.name, path))
        except OSError:
            continue
    return [path for *_, path in sorted(found)]


def _readable(path: Path) -> Game | None:
    """The game recorded in ``path``, ``None`` when it cannot be read or has no turn."""
    try:
        game = Game.load(path)
    except (OSError, LoggerError, ValueError):
        return None
    return game if game.turns else None

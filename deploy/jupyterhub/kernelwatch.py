"""The hub's watch on the pupils' Python: can a pupil's kernel still start and import? (docs/classroom.md)

A pupil's kernel can stop working while the hub runs on (a folder above the class's Python made
0700, a package removed, a disk full): every pupil's next import then fails, and nothing told the
teacher. :func:`check_pupil_python` runs the class's Python as an account with a pupil's rights
(``nobody``: no file of its own, in no group) importing what a pupil's kernel imports first;
:func:`watch_once` turns its answer into the hub's announcement (JupyterHub's ``announcement``
template variable: a banner on every hub page the teacher opens, the admin page included) and a
log line; :func:`keep_watching` does it every :data:`INTERVAL` seconds in a daemon thread.
"""

from __future__ import annotations

import html
import logging
import subprocess
import threading
import time
from collections.abc import Callable, MutableMapping
from pathlib import Path

from logger_widget.i18n import Translator
from logger_widget.i18n.texts.classsheet import HUB

log = logging.getLogger("logger_widget.kernelwatch")

#: seconds between two checks (each is one short-lived interpreter: about a second of CPU)
INTERVAL = 120
#: what a pupil's kernel imports first: its kernel, the package, and standard modules a lesson's
#: first cells load later (a folder closed above the interpreter breaks those first)
MODULES = ("ipykernel", "logger_widget", "difflib", "fractions", "sqlite3")
#: the account the check runs as (uid, gid): ``nobody``, with a pupil's rights and no file of its own
NOBODY = (65534, 65534)
#: the announcement's key in the hub's template variables
KEY = "announcement"
#: what marks the announcement as this watch's (an HTML comment: JupyterHub shows it as HTML)
MARK = "<!-- kernel watch -->"


def check_pupil_python(python: Path, modules: tuple[str, ...] = MODULES, as_user: tuple[int, int] | None = NOBODY,
                       timeout: float = 120) -> str | None:  # fmt: skip
    """Why ``python`` cannot import ``modules`` as ``as_user`` (None: as this process), or None when it can.

    The answer is the last line the interpreter wrote (e.g. ``ModuleNotFoundError: No module
    named 'difflib'``) or why it did not run (``PermissionError: ...``).
    """
    ids = {} if as_user is None else {"user": as_user[0], "group": as_user[1], "extra_groups": []}
    try:
        done = subprocess.run([str(python), "-c", "import " + ", ".join(modules)], cwd="/",
                              env={"PATH": "/usr/bin:/bin", "HOME": "/nonexistent"}, capture_output=True,
                              text=True, timeout=timeout, check=False, **ids)  # type: ignore[call-overload]  # fmt: skip
    except (OSError, subprocess.SubprocessError) as e:
        return f"{type(e).__name__}: {e}"
    if done.returncode == 0:
        return None
    lines = (done.stderr or done.stdout).strip().splitlines()
    return lines[-1] if lines else f"{python} exited with status {done.returncode}"


def watch_once(python: Path, announcements: MutableMapping[str, str], language: str = "en",
               check: Callable[[Path], str | None] = check_pupil_python) -> str | None:  # fmt: skip
    """One check: on a problem, the hub's announcement says it in ``language`` (and the log, once per
    new problem); when the problem is gone, the announcement this watch made is removed. Returns
    the problem."""
    problem = check(python)
    text = None if problem is None else html.escape(
        Translator(language).format(HUB["kernels_fail"], python=str(python), problem=problem)
    )  # fmt: skip
    mine = announcements.get(KEY, "").startswith(MARK)
    if text is not None and announcements.get(KEY) != MARK + text:
        log.error("pupils' kernels cannot start: %s fails to import: %s", python, problem)
        announcements[KEY] = MARK + text
    elif text is None and mine:
        log.warning("pupils' kernels start again: %s imports %s", python, ", ".join(MODULES))
        del announcements[KEY]
    return problem


def keep_watching(python: Path, announcements: Callable[[], MutableMapping[str, str] | None],
                  language: str = "en") -> threading.Thread:  # fmt: skip
    """A daemon thread running :func:`watch_once` every :data:`INTERVAL` s; ``announcements`` gives the
    running hub's template variables (None while the hub is not up yet: the round is skipped)."""

    def run() -> None:
        while True:
            time.sleep(INTERVAL)
            target = announcements()
            if target is not None:
                try:
                    watch_once(python, target, language)
                except Exception:  # noqa: BLE001 - the next round tries again
                    log.exception("checking the pupils' Python %s failed", python)

    thread = threading.Thread(target=run, name="kernel-watch", daemon=True)
    thread.start()
    return thread

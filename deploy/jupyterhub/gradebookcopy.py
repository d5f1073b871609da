"""The teacher's nbgrader gradebook, copied for the class game service's account (by the hub, as root).

The class game service runs as ``lw-classgame-<class>``, which cannot enter the teacher's home, where
nbgrader keeps the gradebook (``~/course/gradebook.db``). Every :data:`INTERVAL` seconds the hub
reads the gradebook **as the teacher** (a child process with the teacher's uid and group only:
it opens nothing the teacher could not; a link the teacher planted to a file of root's is not
read), with SQLite's backup (a consistent snapshot while nbgrader writes), and, when it
changed, writes it into the service's folder (``gradebook.db``: a new file renamed into place,
no link followed, owned by the service's account, mode 0600). The service's dashboard reads
that copy. Nothing of the teacher's is written.
"""

from __future__ import annotations

import logging
import os
import pwd
import subprocess
import sys
import threading
import time
from pathlib import Path

__all__ = ["INTERVAL", "MAX_BYTES", "copy_gradebook", "keep_gradebook_copied"]

#: Seconds between two reads of the teacher's gradebook.
INTERVAL = 30.0
#: A gradebook larger than this (bytes) is not copied (a class's is well under 1 MiB).
MAX_BYTES = 64 * 2**20

log = logging.getLogger("logger_widget.gradebook")

_READER = """
import sqlite3, sys
source = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
target = sqlite3.connect(":memory:")
source.backup(target)
sys.stdout.buffer.write(target.serialize())
"""


def copy_gradebook(source: Path, target: Path, reader: pwd.struct_passwd, owner: pwd.struct_passwd,
                   python: str = sys.executable) -> bool:  # fmt: skip
    """Copy the SQLite file ``source`` (read as ``reader``, by the interpreter ``python``, which that
    account must be able to run) to ``target`` (owned by ``owner``, 0600).

    Returns:
        True when ``target`` was written; False when ``source`` cannot be read by ``reader`` (or is
        missing, or larger than :data:`MAX_BYTES`) or ``target`` already holds the same bytes.
    """
    done = subprocess.run(
        [python, "-c", _READER, str(source)], user=reader.pw_uid, group=reader.pw_gid, extra_groups=[],
        cwd="/", env={"PATH": "/usr/bin:/bin"}, capture_output=True, timeout=120, check=False,
    )  # fmt: skip
    data = done.stdout
    if done.returncode != 0 or not data or len(data) > MAX_BYTES:
        return False
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        pass
    else:
        with os.fdopen(fd, "rb") as f:
            if f.read(MAX_BYTES + 1) == data:
                return False
    new = target.with_name(f".{target.name}.new")
    if os.path.lexists(new):
        os.unlink(new)  # not followed
    fd = os.open(new, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "wb") as f:
        os.fchown(fd, owner.pw_uid, owner.pw_gid)
        f.write(data)
    os.replace(new, target)
    return True


def keep_gradebook_copied(source: Path, target: Path, teacher: str, owner: str,
                          python: str = sys.executable) -> threading.Thread:  # fmt: skip
    """A daemon thread copying ``source`` to ``target`` every :data:`INTERVAL` s (:func:`copy_gradebook`).

    ``teacher`` reads (a round is skipped while that account does not exist yet: it is made at the
    teacher's first login), ``owner`` (the service's account) gets the copy.
    """

    def run() -> None:
        while True:
            try:
                copy_gradebook(source, target, pwd.getpwnam(teacher), pwd.getpwnam(owner), python)
            except KeyError:
                pass
            except Exception:  # noqa: BLE001 - the next round tries again
                log.exception("copying the gradebook %s failed", source)
            time.sleep(INTERVAL)

    thread = threading.Thread(target=run, name="gradebook-copy", daemon=True)
    thread.start()
    return thread

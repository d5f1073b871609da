"""What the class game service keeps beside its database: the cookie secret, and the one-process rule.

The service is one process per class database: it keeps the games in progress and who holds
each seat in memory (:class:`~logger_widget.service.games.ClassGames`), so a second process
on the same database would play from a stale copy. :func:`hold_database` enforces it: on a
SQLite file, an exclusive ``flock`` on ``<database>.lock`` beside it; on PostgreSQL, a
session advisory lock (``pg_try_advisory_lock``) held on a connection of its own. A second
process gets :class:`AlreadyRunning` naming the database, and starts nothing.

The browser pages' login cookie is signed with :func:`cookie_secret`, kept in the service's
state folder (file ``cookie_secret``, mode 0600): the teacher stays logged in across restarts.
"""

from __future__ import annotations

import fcntl
import os
import secrets
from pathlib import Path
from typing import Any

import sqlalchemy as sa

__all__ = ["AlreadyRunning", "COOKIE_FILE", "DatabaseHold", "cookie_secret", "hold_database"]

#: The cookie secret's file in the state folder.
COOKIE_FILE = "cookie_secret"
#: The advisory lock's key on PostgreSQL (any constant the class database's users agree on).
ADVISORY_KEY = 0x4C57_C1A5


class AlreadyRunning(RuntimeError):
    """Another class game service process holds this class database."""


def cookie_secret(folder: str | os.PathLike[str]) -> bytes:
    """The service's cookie secret: 32 random bytes, made once in ``folder``'s ``cookie_secret`` (mode 0600).

    Raises:
        OSError: the folder cannot be written.
        ValueError: the file is there but does not hold a secret (64 hex digits).
    """
    path = Path(folder) / COOKIE_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        text = path.read_text(encoding="ascii", errors="replace").strip()
        secret = (
            bytes.fromhex(text)
            if len(text) == 64 and all(c in "0123456789abcdefABCDEF" for c in text)
            else b""
        )
        if len(secret) != 32:
            raise ValueError(
                f"{path} does not hold a cookie secret (64 hex digits): remove it to make a new one"
            ) from None
        return secret
    secret = secrets.token_bytes(32)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(secret.hex() + "\n")
    return secret


class DatabaseHold:
    """The hold :func:`hold_database` took; :meth:`release` gives it up (at the service's end)."""

    def __init__(self, release: Any) -> None:
        self._release = release

    def release(self) -> None:
        """Give the database up (another process may then start)."""
        if self._release is not None:
            self._release()
            self._release = None


def hold_database(engine: sa.Engine) -> DatabaseHold:
    """Take the class database for this process (see the module docstring).

    Raises:
        AlreadyRunning: another process holds it; the message names the database.
    """
    url = engine.url
    backend = url.get_backend_name()
    if backend == "sqlite":
        if url.database in (None, "", ":memory:"):
            return DatabaseHold(None)
        lock = Path(f"{url.database}.lock")
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise AlreadyRunning(
                f"another class game service runs on {url.database} (it holds {lock}): stop it first"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        return DatabaseHold(lambda: os.close(fd))
    if backend == "postgresql":
        conn = engine.connect()
        if not conn.execute(sa.text("SELECT pg_try_advisory_lock(:key)"), {"key": ADVISORY_KEY}).scalar():
            conn.close()
            raise AlreadyRunning(
                f"another class game service runs on {url.render_as_string(hide_password=True)}: stop it first"
            )
        conn.commit()
        return DatabaseHold(conn.close)
    return DatabaseHold(None)

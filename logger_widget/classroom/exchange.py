"""The course's nbgrader exchange on the class machine: submissions belong to the account that made them.

nbgrader's exchange is a folder every pupil may write into (``inbound``): ``nbgrader submit``
names a submission ``<account>+<assignment>+<time>+<random>``, and ``nbgrader collect``
believes that name and copies whatever the folder holds, following links, with the teacher's
rights. :class:`OwnedCollect` (set in ``deploy/nbgrader/nbgrader_config.py``):

* attributes every submission to the Unix account that **owns** it, so a copy under a
  classmate's name only ever replaces the copier's own work;
* collects only **real folders of regular files**: an entry of ``inbound`` that is a link (to
  the course's ``source/`` with the worked answers, say), a link or a named pipe inside a
  submission (a pipe would hang the collect), or anything not a plain file or folder is left
  out, each with a warning; files are read without following links;
* skips, with a warning, a submission without a readable ``timestamp.txt`` and
  ``submission_secret.txt`` (a folder made by hand: releasing the feedback would fail for the
  whole class), and an entry whose name is not a submission's (one pupil's
  ``x+game_theory+not-a-time`` would otherwise stop the collect for the whole class).
"""

from __future__ import annotations

import datetime
import os
import pwd
import stat
import tempfile
from typing import Any

from nbgrader.exchange.abc.exchange import ExchangeError  # type: ignore[import-untyped]
from nbgrader.exchange.default.collect import ExchangeCollect  # type: ignore[import-untyped]

__all__ = ["OwnedCollect", "copy_plain_files"]

#: the files ``nbgrader submit`` writes into every submission (release_feedback reads them)
SUBMIT_FILES = ("timestamp.txt", "submission_secret.txt")
#: the time given to an entry that is left out: never later than a real submission
_NEVER = datetime.datetime.min  # nbgrader's times are naive (UTC)


def _owner(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:  # an account removed since: nobody's
        return f"uid{uid}"


def copy_plain_files(src: str, dest: str, max_bytes: int) -> list[str]:
    """Copy the folder ``src`` to the new folder ``dest``: its folders and regular files only.

    Nothing is followed: links, pipes, sockets and devices are left out, and so is a file of
    more than ``max_bytes`` bytes. Every folder and file is opened relative to its parent's
    descriptor with ``O_NOFOLLOW`` and checked after opening, so a pupil who swaps a folder for
    a link meanwhile gets nothing through it. Returns what was left out.

    Raises:
        ExchangeError: ``src`` is not a real folder (a link, a file).
    """
    try:
        fd = os.open(src, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as e:
        raise ExchangeError(f"{src} is not a folder (a link or a file): not collected") from e
    try:
        return _copy_folder(fd, src, dest, max_bytes)
    finally:
        os.close(fd)


def _copy_folder(folder: int, shown: str, dest: str, max_bytes: int) -> list[str]:
    left_out: list[str] = []
    os.makedirs(dest)
    for name in sorted(os.listdir(folder)):
        path = os.path.join(shown, name)
        try:
            fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
        except OSError:  # a link (ELOOP), or gone
            left_out.append(path)
            continue
        try:
            mode = os.fstat(fd).st_mode
            if stat.S_ISDIR(mode):
                left_out += _copy_folder(fd, path, os.path.join(dest, name), max_bytes)
            elif stat.S_ISREG(mode) and os.fstat(fd).st_size <= max_bytes:
                with open(os.path.join(dest, name), "wb") as out:
                    while chunk := os.read(fd, 1 << 20):
                        out.write(chunk)
            else:
                left_out.append(path)
        finally:
            os.close(fd)
    return left_out


class OwnedCollect(ExchangeCollect):
    """``nbgrader collect`` that takes a submission's pupil from its owner and copies plain files only."""

    def _path_to_record(self, path: str) -> dict[str, Any]:
        info = os.lstat(path)
        owner = _owner(info.st_uid)
        try:
            record: dict[str, Any] = super()._path_to_record(path)
        except (ExchangeError, ValueError, OverflowError) as e:
            self.log.warning("%s is not a submission's name (%s): not collected", path, e)
            return {"username": owner, "filename": os.path.basename(path), "timestamp": _NEVER, "skip": True}
        if not stat.S_ISDIR(info.st_mode):
            self.log.warning("%s is not a folder (a link or a file): not collected", path)
            record.update(timestamp=_NEVER, skip=True)
        elif not all(os.access(os.path.join(path, n), os.R_OK) for n in SUBMIT_FILES):
            self.log.warning("%s has no readable %s: not collected", path, " and ".join(SUBMIT_FILES))
            record.update(timestamp=_NEVER, skip=True)
        if owner != record["username"]:
            self.log.warning(
                "%s carries the name %r but belongs to %r: collected as %r's", record["filename"],
                record["username"], owner, owner,
            )  # fmt: skip
            record["username"] = owner
        return record

    def init_src(self) -> None:
        """Each pupil's latest submission as nbgrader chooses it, without the entries left out."""
        super().init_src()
        records: list[dict[str, Any]] = getattr(self, "src_records")  # noqa: B009 - nbgrader's, untyped
        self.src_records = [r for r in records if not r.get("skip")]

    def do_copy(self, src: str, dest: str, log: Any = None) -> None:
        """Copy a submission's plain files (:func:`copy_plain_files`), then as nbgrader does."""
        with tempfile.TemporaryDirectory(prefix="lw-collect-") as staging:
            plain = os.path.join(staging, "submission")
            try:
                left_out = copy_plain_files(src, plain, 1000 * self.coursedir.max_file_size)
            except ExchangeError as e:  # swapped for a link since it was listed
                self.log.warning("%s", e)
                return
            for path in left_out:
                self.log.warning(
                    "%s is not a plain file (a link, a pipe, too large, unreadable): not collected", path
                )
            missing = [n for n in SUBMIT_FILES if not os.path.isfile(os.path.join(plain, n))]
            if missing:  # not made by `nbgrader submit`: releasing the feedback would fail for the class
                self.log.warning("%s has no readable %s: not collected", src, " or ".join(missing))
                return
            super().do_copy(plain, dest, log)

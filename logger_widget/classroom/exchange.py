"""The course's nbgrader exchange on the class machine: submissions belong to the account that made them.

nbgrader's exchange is a folder every pupil may write into (``inbound``): ``nbgrader submit``
names a submission ``<account>+<assignment>+<time>+<random>``, and ``nbgrader collect``
believes that name. A pupil could copy a folder there under a classmate's name, newer
than the classmate's own submission. :class:`OwnedCollect` (set in
``deploy/nbgrader/nbgrader_config.py``) attributes every submission to the Unix account that
owns it, so such a copy only ever replaces the copier's own work.
"""

from __future__ import annotations

import os
import pwd
from typing import Any

from nbgrader.exchange.default.collect import ExchangeCollect  # type: ignore[import-untyped]

__all__ = ["OwnedCollect"]


class OwnedCollect(ExchangeCollect):
    """``nbgrader collect`` that takes a submission's pupil from its owner, not from its name."""

    def _path_to_record(self, path: str) -> dict[str, Any]:
        record: dict[str, Any] = super()._path_to_record(path)
        uid = os.lstat(path).st_uid
        try:
            owner = pwd.getpwuid(uid).pw_name
        except KeyError:  # an account removed since: nobody's
            owner = f"uid{uid}"
        if owner != record["username"]:
            self.log.warning(
                "%s carries the name %r but belongs to %r: collected as %r's", record["filename"],
                record["username"], owner, owner,
            )  # fmt: skip
            record["username"] = owner
        return record

"""The class list (``name,language`` per line, see class.example.csv), read by the set-up and the hub."""

from __future__ import annotations

import csv
import pwd
import re
from pathlib import Path

#: lowest uid of a person's account (Debian's /etc/login.defs UID_MIN); below are system accounts
UID_MIN = 1000
LANGUAGES = ("uk", "es", "en")
#: a class-list name (lowercased): ASCII letters, digits or ``_``, a letter or ``_`` first, at
#: most 32 characters (useradd's limit for a Unix account's name)
NAME = re.compile(r"[a-z_][a-z0-9_]{0,31}")


def read_class(path: Path) -> dict[str, str]:
    """``{pupil: language}`` from the class list; a bad line is an error naming the line."""
    pupils: dict[str, str] = {}
    with Path(path).open(encoding="utf-8") as f:
        for number, row in enumerate(csv.reader(f), start=1):
            if not row or row[0].strip().startswith("#"):
                continue
            if len(row) != 2 or row[1].strip() not in LANGUAGES:
                raise SystemExit(f"{path}:{number}: expected 'name,language' with uk, es or en, got {row!r}")
            name = row[0].strip().lower()
            if not NAME.fullmatch(name):
                raise SystemExit(
                    f"{path}:{number}: the name {name!r} must be ASCII letters, digits or _, "
                    "a letter or _ first, at most 32 characters"
                )
            pupils[name] = row[1].strip()
    return pupils


def refuse_system_accounts(names: set[str]) -> None:
    """A class-list name that is an existing system account (``root``, ``daemon``...) is an error."""
    for name in sorted(names):
        try:
            uid = pwd.getpwnam(name).pw_uid
        except KeyError:
            continue
        if uid < UID_MIN:
            raise SystemExit(
                f"the class-list name {name!r} is the system account uid {uid}: rename the pupil"
            )


def read_admins(text: str, allowed: set[str]) -> set[str]:
    """The hub's admins from ``LW_ADMINS`` (``text``: comma-separated names, lowercased).

    Each must be in ``allowed`` (the class list and the teacher): any other name, e.g. ``root``
    or a stranger's, is an error naming it and why. An empty ``text`` is no admin.
    """
    admins = {n.strip().lower() for n in text.split(",") if n.strip()}
    strangers = sorted(admins - allowed)
    if strangers:
        raise SystemExit(
            f"LW_ADMINS={text!r}: {', '.join(map(repr, strangers))} neither on the class list nor "
            "the teacher; an admin must be one of the class's own users (docs/classroom.md)"
        )
    return admins

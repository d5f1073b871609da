"""The class list (``name,language`` per line, see class.example.csv), read by the set-up and the hub."""

from __future__ import annotations

import csv
import pwd
import re
import warnings
from pathlib import Path

from logger_widget.i18n import LANGUAGES, LanguageFallbackWarning, language_choice, negotiate

#: lowest uid of a person's account (Debian's /etc/login.defs UID_MIN); below are system accounts
UID_MIN = 1000
#: a class-list name (lowercased): ASCII letters, digits or ``_``, a letter or ``_`` first, at
#: most 32 characters (useradd's limit for a Unix account's name)
NAME = re.compile(r"[a-z_][a-z0-9_]{0,31}")


#: the header line a spreadsheet writes above the pupils (any case): the first cell's and the second's
HEADER_NAMES = ("name", "pupil", "student", "ім'я", "учень", "nombre", "alumno", "alumna")
HEADER_LANGUAGES = ("language", "lang", "мова", "idioma")
#: the languages as a class list's error names them: "uk, es, es_419 (or es-419) or en"
_CHOICES = (
    ", ".join(f"{lang} (or {lang.replace('_', '-')})" if "_" in lang else lang for lang in LANGUAGES[:-1])
    + f" or {LANGUAGES[-1]}"
)
#: the separators a spreadsheet's CSV export uses (LibreOffice and Excel in a uk/es locale: ``;``)
SEPARATORS = (",", ";", "\t")


def _separator(lines: list[str]) -> str:
    """The separator of the first line that is neither empty nor a comment (``,`` when it has none)."""
    for line in lines:
        if line.strip() and not line.lstrip().startswith("#"):
            found = [s for s in SEPARATORS if s in line]
            return min(found, key=line.index) if found else ","
    return ","


def _hint(text: str) -> str:
    """What a class list should say for a language tag it does not take: ``es-MX`` -> use ``es_419``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LanguageFallbackWarning)
        meant = negotiate(text) if text.strip() else None
    if meant in LANGUAGES and (meant != "en" or text.strip().lower().startswith("en")):
        return f" (for {text!r} write {meant})"
    return ""


def read_class(path: Path) -> dict[str, str]:
    """``{pupil: language}`` from the class list; a bad line is an error (``SystemExit``) naming the line.

    The list is what a spreadsheet exports as CSV: UTF-8 (a byte-order mark is skipped), one pupil
    per line ``name,language``, the separator ``,``, ``;`` or a tab (the first line's), an optional
    header line (``name,language``, ``ім'я;мова``, ``nombre;idioma``...), empty cells after the
    second ignored, lines starting with ``#`` ignored. The languages are :data:`logger_widget.i18n.LANGUAGES`
    in any case: ``uk``, ``es`` (Spain), ``es_419`` (Latin America; ``es-419`` too), ``en``.
    A name listed twice, a missing language or a file that is not UTF-8 is an error naming it.
    """
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise SystemExit(
            f"{path}: not UTF-8 text (byte {e.start}): save the class list as 'CSV UTF-8' from the spreadsheet"
        ) from None
    lines = text.splitlines()
    pupils: dict[str, str] = {}
    first = True
    for number, row in enumerate(csv.reader(lines, delimiter=_separator(lines)), start=1):
        while row and not row[-1].strip():  # a spreadsheet's empty columns
            row = row[:-1]
        if not row or row[0].strip().startswith("#"):
            continue
        cells = [cell.strip() for cell in row]
        if (
            first
            and len(cells) == 2
            and cells[0].lower() in HEADER_NAMES
            and cells[1].lower() in HEADER_LANGUAGES
        ):
            first = False
            continue  # the header line
        first = False
        language = language_choice(cells[1]) if len(cells) == 2 else None
        if language is None:
            raise SystemExit(
                f"{path}:{number}: expected 'name,language' (or 'name;language') with {_CHOICES}, got {row!r}"
                + (_hint(cells[1]) if len(cells) == 2 else "")
            )
        name = cells[0].lower()
        if not NAME.fullmatch(name):
            raise SystemExit(
                f"{path}:{number}: the name {name!r} must be ASCII letters, digits or _, "
                "a letter or _ first, at most 32 characters"
            )
        if name in pupils:
            raise SystemExit(
                f"{path}:{number}: the name {name!r} is listed twice: every pupil needs a name of their own"
            )
        pupils[name] = language
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

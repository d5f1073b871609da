"""The class's credentials (docs/classroom.md): one-time codes for the pupils, passwords, the class sheet.

* :class:`CodeBook` — each pupil's one-time code, stored hashed (``hashlib.scrypt``, a random salt
  per code) in a JSON file only root can read (mode 0600). A code is shown once, when it is
  issued (on the class sheet or the teacher's reset page), and works for one first login.
* :class:`PasswordBook` — the passwords, in jupyterhub-firstuseauthenticator's own format (a dbm
  file, ``name -> bcrypt hash``), so the hub's authenticator reads what the set-up wrote (the
  teacher's password) and a pupil's first login writes theirs.
* :func:`class_sheet` — the printable sheet (HTML, A4) the teacher hands out: name, language,
  code and address for each pupil.
"""

from __future__ import annotations

import dbm
import hashlib
import hmac
import html
import json
import os
import secrets
import threading
from pathlib import Path

import bcrypt
from babel import Locale

from logger_widget.i18n import Translator, base_language
from logger_widget.i18n.texts.classsheet import SHEET

#: the letters of a code: no 0/O, 1/I/L, 5/S, 2/Z, 8/B (read aloud or from paper without doubt)
ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
#: a code is three groups of four letters (25**12: about 56 bits), e.g. ``K7QM-XPAT-9HTR``
GROUPS, GROUP = 3, 4
#: scrypt's cost (RFC 7914): 2**14 x 8 x 128 bytes = 16 MiB and ~50 ms per check
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "maxmem": 64 * 2**20, "dklen": 32}


def new_code() -> str:
    """A fresh random code, ``XXXX-XXXX-XXXX`` from :data:`ALPHABET` (the ``secrets`` module)."""
    letters = "".join(secrets.choice(ALPHABET) for _ in range(GROUPS * GROUP))
    return "-".join(letters[i : i + GROUP] for i in range(0, len(letters), GROUP))


def normalize_code(text: str) -> str:
    """The code as typed, without spaces or dashes, in capitals (``k7qm xpat`` -> ``K7QMXPAT``)."""
    return "".join(ch for ch in text.upper() if ch not in " -\t")


def _write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically, the file mode 0600 (root's only when run as root)."""
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)


class CodeBook:
    """The pupils' unused one-time codes, hashed, in the JSON file ``path`` (``{name: {salt, hash}}``)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    def _load(self) -> dict[str, dict[str, str]]:
        try:
            return dict(json.loads(self.path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            return {}

    def _save(self, book: dict[str, dict[str, str]]) -> None:
        _write_private(self.path, json.dumps(book, indent=1, sort_keys=True).encode())

    def names(self) -> set[str]:
        """The names that hold an unused code."""
        return set(self._load())

    def issue(self, name: str) -> str:
        """A new code for ``name`` (replacing any unused one); the only time it is shown."""
        code = new_code()
        salt = secrets.token_bytes(16)
        digest = hashlib.scrypt(normalize_code(code).encode(), salt=salt, **_SCRYPT)
        book = self._load()
        book[name] = {"salt": salt.hex(), "hash": digest.hex()}
        self._save(book)
        return code

    def check(self, name: str, code: str) -> bool:
        """Whether ``code`` is ``name``'s unused code (compared in constant time)."""
        entry = self._load().get(name)
        if entry is None or not code:
            return False
        digest = hashlib.scrypt(normalize_code(code).encode(), salt=bytes.fromhex(entry["salt"]), **_SCRYPT)
        return hmac.compare_digest(digest, bytes.fromhex(entry["hash"]))

    def spend(self, name: str) -> None:
        """Remove ``name``'s code: it no longer works."""
        book = self._load()
        if book.pop(name, None) is not None:
            self._save(book)


class PasswordBook:
    """Passwords as jupyterhub-firstuseauthenticator keeps them: dbm ``path``, ``name -> bcrypt hash``.

    Safe to use from several threads (the hub checks logins in threads): the file is opened
    by one at a time, and bcrypt's hashing (~250 ms of CPU) runs outside that lock.
    """

    #: dbm files allow one writer at a time (gdbm refuses a second), so every opening takes it
    _lock = threading.Lock()

    def __init__(self, path: Path) -> None:
        self.path = str(path)

    def _get(self, name: str) -> bytes | None:
        with self._lock, dbm.open(self.path, "c", 0o600) as db:
            return db.get(name.encode())

    def has(self, name: str) -> bool:
        return self._get(name) is not None

    def check(self, name: str, password: str) -> bool:
        """Whether ``password`` is ``name``'s (bcrypt's check, as FirstUseAuthenticator's)."""
        stored = self._get(name)
        return stored is not None and bcrypt.checkpw(password.encode(), stored)

    def set(self, name: str, password: str) -> None:
        hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt())
        with self._lock, dbm.open(self.path, "c", 0o600) as db:
            db[name.encode()] = hashed

    def remove(self, name: str) -> None:
        with self._lock, dbm.open(self.path, "c", 0o600) as db:
            if name.encode() in db:
                del db[name.encode()]


_SHEET = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
<style>
@page {{ size: A4; margin: 15mm; }}
body {{ font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; }}
.slip {{ border: 1px dashed #777; padding: 6mm 8mm; margin-bottom: 6mm; break-inside: avoid; }}
.code {{ font-family: "DejaVu Sans Mono", monospace; font-size: 18pt; letter-spacing: 1pt; overflow-wrap: anywhere; }}
.address {{ font-family: "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }}
</style></head><body>
<h1>{heading}</h1>
<p>{cut}</p>
{slips}
</body></html>
"""

_SLIP = """<div class="slip" lang="{lang}" data-pupil="{name}">
<p>{how}</p>
<p>{name_label}: <b class="name">{name}</b> &nbsp; {language_label}: <span class="language">{language}</span></p>
<p>{code_label}: <span class="code">{code}</span></p>
{address_line}</div>"""
_ADDRESS = """<p>{address_label}: <span class="address">{address}</span></p>
"""


def slip(name: str, language: str, code: str | None, address: str | None = None) -> str:
    """One pupil's slip, HTML, in ``language`` (``uk``, ``es``, ``es_419``, ``en``): how to log in, the name, the
    language's own name, the ``code`` (None: issued earlier, cannot be shown again), the hub's
    ``address`` (None: no address line)."""
    tr = Translator(language)
    own_name = Locale.parse(tr.language).get_display_name(tr.language) or tr.language
    return _SLIP.format(
        lang=html.escape(tr.language.replace('_', '-')), name=html.escape(name), how=html.escape(tr.translate(SHEET["how"])),
        name_label=html.escape(tr.translate(SHEET["name"])), language_label=html.escape(tr.translate(SHEET["language"])),
        language=html.escape(own_name), code_label=html.escape(tr.translate(SHEET["code"])),
        code=html.escape(code if code is not None else tr.translate(SHEET["earlier"])),
        address_line="" if address is None else _ADDRESS.format(
            address_label=html.escape(tr.translate(SHEET["address"])), address=html.escape(address)),
    )  # fmt: skip


def _most(languages: list[str]) -> list[str]:
    """The languages said most often in ``languages`` (several on a tie), sorted."""
    counts = {lang: languages.count(lang) for lang in set(languages)}
    best = max(counts.values(), default=0)
    return sorted(lang for lang, n in counts.items() if n == best)


def class_language(pupils: dict[str, str]) -> str:
    """The class's language: the one most pupils of ``{name: language}`` have (``en`` on a tie or none).

    A language's regional variant counts with it (``es`` and ``es_419`` are Spanish): a class of
    two ``es`` and two ``es_419`` pupils and three ``uk`` ones is a Spanish class, in the variant
    most of its Spanish speakers have (the base language, ``es``, on a tie between them).
    """
    winners = _most([base_language(lang) for lang in pupils.values()])
    if len(winners) != 1:
        return "en"
    family = _most([lang for lang in pupils.values() if base_language(lang) == winners[0]])
    return family[0] if len(family) == 1 else winners[0]


def class_sheet(pupils: dict[str, str], codes: dict[str, str], address: str) -> str:
    """The class sheet, HTML for A4: one slip per pupil (``{name: language}``) in the pupil's language.

    ``codes`` holds the codes issued now (``{name: code}``); a pupil without one gets "issued
    earlier" (the codes are stored hashed: an old code cannot be shown again). The sheet's heading
    and first line (for the teacher) are in :func:`class_language`.
    """
    tr = Translator(class_language(pupils))
    slips = [slip(name, lang, codes.get(name), address) for name, lang in pupils.items()]
    return _SHEET.format(
        lang=html.escape(tr.language.replace('_', '-')), title=html.escape(tr.translate(SHEET["title"])),
        heading=html.escape(tr.translate(SHEET["heading"])), cut=html.escape(tr.translate(SHEET["cut"])),
        slips="\n".join(slips),
    )  # fmt: skip

#!/usr/bin/env python3
"""Maintain the gettext catalogues of logger_widget (domain ``logger_widget``).

Workflow (also in docs/i18n.md)
===============================

1. In code, mark every user-visible text:

   * with a translator:  ``tr.gettext("...")``, ``tr.ngettext("{n} tree", "{n} trees", n)``,
     ``tr.pgettext("ctx", "...")``, ``tr.npgettext("ctx", "...", "...", n)``
     (any object name works: ``self._tr.pgettext(...)`` is found too);
   * in module-level tables: ``N_("...")``, ``NP_("ctx", "...")``, ``NN_("{n} x", "{n} xs")``,
     ``NNP_("ctx", "{n} x", "{n} xs")`` from ``logger_widget.i18n``.

   Only string literals are extracted.  Use brace placeholders (``{points}``),
   filled with ``str.format`` after translation.  A comment starting with
   ``TRANSLATORS:`` on the line(s) before a call is copied into the catalogue.

2. Run ``python scripts/i18n.py update``.  It

   * extracts ``logger_widget/**.py`` into ``locales/logger_widget.pot``
     (sorted by file, file-only locations; the .pot is rewritten only when its
     messages changed, so dates do not churn);
   * updates ``locales/{en,uk,es}/LC_MESSAGES/logger_widget.po`` without fuzzy
     matching (a changed English text becomes a new, empty entry; the old
     translation stays below as an obsolete ``#~`` entry for reference);
   * compiles every catalogue to ``build/locales/<lang>/LC_MESSAGES/logger_widget.mo``
     (git-ignored; only for checking, the package reads the .po files) and runs
     ``msgfmt --check`` on each .po when GNU gettext is installed.

3. Translate every new empty ``msgstr`` in the three .po files (English too:
   usually msgstr = msgid).  Use the glossary terms of docs/glossary.md.
   Plural entries need every form: en/es ``msgstr[0..1]``, uk ``msgstr[0..2]``
   (1, 21 очко / 2, 3, 4 очки / 0, 5…20, 25 очок).  Then delete the obsolete
   ``#~`` entries, or run ``python scripts/i18n.py update --drop-obsolete``.

4. ``python scripts/i18n.py check`` (run by tests/test_i18n.py) exits non-zero
   when the committed .pot is stale against the code, or when a .po is out of
   sync with the .pot, has untranslated, fuzzy or obsolete entries.

5. A regional variant (``es_419``, Latin-American Spanish) holds only the messages its
   region says differently; the runtime takes every other message from its base (``es``).
   ``update`` never adds the template's messages to it, drops the ones gone from the code
   and refreshes the others' comments; ``check`` fails when one of its messages is not in
   the .pot, is empty, or repeats the base's text. To make a message differ, copy its entry
   from the base .po into the variant's and translate it.

6. ``update`` also regenerates the pseudo-locale ``en_XA``
   (``locales/en_XA/LC_MESSAGES/logger_widget.po``) from the .pot: every
   message accented, about 40 % longer and wrapped in ``⟦ ⟧``, placeholders and
   markup kept (:func:`pseudo_text`).  Never edit it by hand; ``check`` fails
   when it is stale.  Try it with ``Board(locale="en-XA")``.

Other commands: ``extract`` (only the .pot), ``compile`` (only .mo + msgfmt), ``samples``
(every composed text — puzzle verdicts, review notes, the board's lines, lesson hints, the
exercises' feedback — rendered from seeded games into ``build/texts/<language>.md``, to read
the texts as a pupil does: :mod:`scripts.text_samples`).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DIR = ROOT / "logger_widget"
LOCALES_DIR = ROOT / "locales"
BUILD_DIR = ROOT / "build" / "locales"
DOMAIN = "logger_widget"
POT_FILE = LOCALES_DIR / f"{DOMAIN}.pot"
LANGUAGES = ("en", "uk", "es")
#: Pseudo-locales generated from the .pot (never translated by hand) and the
#: real language whose plural rules they use.
PSEUDO = {"en_XA": "en"}
#: Regional variants and their base language: a variant's .po holds only the messages its
#: region says differently (the runtime falls back to the base message by message), so
#: ``update`` never adds the template's messages to it; it drops the ones gone from the code.
VARIANTS = {"es_419": "es"}

#: Keyword specs for ``pybabel extract`` (``1c`` = the context argument).
KEYWORDS = (
    "_",
    "gettext",
    "ngettext:1,2",
    "pgettext:1c,2",
    "npgettext:1c,2,3",
    "N_",
    "NP_:1c,2",
    "NN_:1,2",
    "NNP_:1c,2,3",
)

#: Plural-Forms of each catalogue.  uk is CLDR's (three gettext forms).  en and
#: es use the classic two forms: recent CLDR (Babel >= 2.15) adds a third "many"
#: form to Spanish only for exact multiples of a million, which never occur in a
#: game of Logger, so the project keeps nplurals=2 for es (see docs/i18n.md).
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "uk": "nplurals=3; plural=(n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && "
    "n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2);",
}
PLURAL_FORMS.update({variant: PLURAL_FORMS[base] for variant, base in VARIANTS.items()})

HEADER_COMMENT = (
    "# Translations for logger_widget (gettext domain logger_widget).\n"
    "# This file is distributed under the same license as the logger_widget project.\n"
    "# Workflow: see scripts/i18n.py and docs/i18n.md.\n"
    "#"
)
TEAM = "logger_widget translators"
BUGS_ADDRESS = "logger_widget maintainers"


# --------------------------------------------------------------------------- pseudo-locale

_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
#: Spans kept as they are: placeholders, inline code, HTML tags and entities,
#: Markdown link targets, URLs.
_KEEP = re.compile(r"\{[^{}]*\}|`[^`]*`|<[^<>]+>|&[a-zA-Z]+;|\]\([^()]*\)|https?://\S+")
#: A Markdown block prefix (heading, list item, quote) stays outside the brackets.
_BLOCK_PREFIX = re.compile(r"^\s*(?:#{1,6}\s+|[-*+]\s+|\d+\.\s+|>\s*)?")
_PADDING = " ·ļöŕéɱ îþšûɱ ðöļöŕ šîţ áɱéţ çöñšéçţéţûŕ áðîþîšçîñĝ éļîţ"
#: Pseudo texts are this much longer than the English (Ukrainian and Spanish run
#: 20–35 % longer; 40 % leaves room for the next language).
PSEUDO_GROWTH = 0.4


def pseudo_text(text: str) -> str:
    """The pseudo-locale form of an English message.

    Letters are accented (``Chop`` -> ``Çĥöþ``), the text is padded to about
    140 % of its length (at least 2 more characters) and wrapped in ``⟦ ⟧``.
    Placeholders (``{n}``), inline code, HTML tags, link targets and URLs are
    kept unchanged, and a leading Markdown block marker (``# ``, ``- ``)
    stays in front of the opening bracket.  Empty text stays empty.
    """
    if not text.strip():
        return text
    prefix = _BLOCK_PREFIX.match(text).group(0)  # type: ignore[union-attr]
    body = text[len(prefix) :]
    stripped = body.rstrip()
    trailing = body[len(stripped) :]
    out, last = [], 0
    for match in _KEEP.finditer(stripped):
        out.append(stripped[last : match.start()].translate(_ACCENTS))
        out.append(match.group(0))
        last = match.end()
    out.append(stripped[last:].translate(_ACCENTS))
    visible = len(_KEEP.sub("", stripped))
    extra = max(2, round(visible * PSEUDO_GROWTH))
    padding = (_PADDING * (extra // len(_PADDING) + 1))[:extra]
    return f"{prefix}⟦{''.join(out)}{padding}⟧{trailing}"


def pseudo_catalogue(template: Catalog, language: str) -> Catalog:
    """A catalogue for pseudo-locale ``language`` with every message of ``template`` pseudo-translated."""
    catalog = Catalog(
        locale=language,
        domain=DOMAIN,
        project=template.project,
        version=template.version,
        copyright_holder=template.copyright_holder,
        msgid_bugs_address=BUGS_ADDRESS,
        creation_date=template.creation_date,
        revision_date=template.creation_date,
        last_translator=f"generated by scripts/i18n.py from {POT_FILE.name}",
        language_team=f"{language} (pseudo-locale) <{TEAM}>",
        header_comment=HEADER_COMMENT.replace("Translations", "Pseudo-translations (generated, do not edit)"),
        fuzzy=False,
    )
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[PSEUDO[language]])]
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, (tuple, list)):
            forms = [message.id[0]] + [message.id[1]] * (catalog.num_plurals - 1)
            string: str | tuple[str, ...] = tuple(pseudo_text(form) for form in forms)
        else:
            string = pseudo_text(message.id)
        catalog.add(
            message.id,
            string,
            locations=message.locations,
            flags=message.flags,
            auto_comments=message.auto_comments,
            context=message.context,
        )
    return catalog


def write_pseudo(language: str, dest: Path | None = None) -> Path:
    """Write the pseudo-locale catalogue generated from the committed .pot; returns its path."""
    path = dest if dest is not None else po_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        write_po(fh, pseudo_catalogue(_read(POT_FILE), language))
    return path


def pseudo_is_current(language: str) -> bool:
    """Whether the committed pseudo-locale catalogue is what ``update`` would write now."""
    if not po_path(language).exists():
        return False
    with tempfile.TemporaryDirectory() as tmp:
        fresh = write_pseudo(language, Path(tmp) / f"{DOMAIN}.po")
        return _without_tool_version(fresh) == _without_tool_version(po_path(language))


def _without_tool_version(path: Path) -> list[str]:
    """The lines of a .po file without Babel's ``Generated-By`` header (its version may differ)."""
    return [line for line in path.read_text(encoding="utf-8").splitlines() if "Generated-By:" not in line]


def _version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    match = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M)
    return match.group(1) if match else "0"


def run_tool(cmd: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run a tool and capture its output as text.

    The output is decoded as UTF-8 with ``errors="replace"`` whatever the
    machine's locale: msgfmt and pybabel quote catalogue lines (Cyrillic,
    accented Spanish), and a stray byte must not crash the script with
    ``UnicodeDecodeError``.
    """
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, encoding="utf-8", errors="replace")


def pybabel(*args: str) -> None:
    """Run ``pybabel ARGS`` (Babel's command line, with this interpreter)."""
    cmd = [sys.executable, "-m", "babel.messages.frontend", "--quiet", *args]
    result = run_tool(cmd, cwd=ROOT)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"pybabel {args[0]} failed (exit {result.returncode})")


def po_path(language: str) -> Path:
    return LOCALES_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract(dest: Path) -> None:
    """Extract the messages of ``logger_widget/`` into ``dest``."""
    args = ["extract", "--no-default-keywords"]
    for keyword in KEYWORDS:
        args += ["-k", keyword]
    args += [
        "--sort-by-file",
        "--add-location=file",
        "--add-comments=TRANSLATORS:",
        "--project=logger_widget",
        f"--version={_version()}",
        "--copyright-holder=logger_widget contributors",
        f"--msgid-bugs-address={BUGS_ADDRESS}",
        f"--header-comment={HEADER_COMMENT}",
        "-o",
        str(dest),
        str(PACKAGE_DIR.relative_to(ROOT)),
    ]
    pybabel(*args)


def _read(path: Path) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh)


def _key(message) -> tuple[str | None, str]:
    msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
    return (message.context, msgid)


def signature(catalog: Catalog) -> dict:
    """What matters of a template, ignoring its header (dates, version) and flags."""
    sig = {}
    for message in catalog:
        if not message.id:
            continue
        plural = message.id[1] if isinstance(message.id, (tuple, list)) else None
        files = tuple(sorted({filename for filename, _line in message.locations}))
        sig[_key(message)] = (plural, files, tuple(message.auto_comments))
    return sig


def _describe(key: tuple[str | None, str]) -> str:
    context, msgid = key
    short = msgid if len(msgid) <= 60 else msgid[:57] + "..."
    return f"[{context}] {short!r}" if context else repr(short)


def diff_signatures(old: dict, new: dict) -> list[str]:
    lines = []
    for key in new.keys() - old.keys():
        lines.append(f"  new in code:       {_describe(key)}")
    for key in old.keys() - new.keys():
        lines.append(f"  gone from code:    {_describe(key)}")
    for key in old.keys() & new.keys():
        if old[key] != new[key]:
            lines.append(f"  changed plural/location/comment: {_describe(key)}")
    return sorted(lines)


def _plural_params(value: str) -> tuple[int, str]:
    match = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", value)
    if not match:
        raise ValueError(f"bad Plural-Forms {value!r}")
    return int(match.group(1)), re.sub(r"\s+", "", match.group(2))


def header_problems(catalog: Catalog, language: str) -> list[str]:
    """What is wrong in a .po header (Plural-Forms, fuzzy, template placeholders)."""
    problems = []
    expected = _plural_params(PLURAL_FORMS[language])
    actual = _plural_params(catalog.plural_forms)
    if actual != expected:
        problems.append(f"Plural-Forms is {catalog.plural_forms!r}, expected {PLURAL_FORMS[language]!r}")
    if catalog.fuzzy:
        problems.append("the header is marked fuzzy")
    for name, value in (
        ("Last-Translator", catalog.last_translator),
        ("Language-Team", catalog.language_team),
        ("Report-Msgid-Bugs-To", catalog.msgid_bugs_address),
    ):
        if not value or "EMAIL@ADDRESS" in value or "LL@li.org" in value:
            problems.append(f"header field {name} still has the template value {value!r}")
    return problems


def fix_header(language: str) -> None:
    """Make a .po header match the project's (Plural-Forms, not fuzzy, team)."""
    path = po_path(language)
    catalog = _read(path)
    if not header_problems(catalog, language):
        return
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]
    catalog.fuzzy = False
    if not catalog.language_team or "LL@li.org" in catalog.language_team:
        catalog.language_team = f"{language} <{TEAM}>"
    if not catalog.last_translator or "EMAIL@ADDRESS" in catalog.last_translator:
        catalog.last_translator = TEAM
    if not catalog.msgid_bugs_address or "EMAIL@ADDRESS" in catalog.msgid_bugs_address:
        catalog.msgid_bugs_address = BUGS_ADDRESS
    for message in catalog:
        if message.id and message.pluralizable:
            current = message.string if isinstance(message.string, (tuple, list)) else ()
            forms = [*current, *[""] * catalog.num_plurals]
            message.string = tuple(forms[: catalog.num_plurals])
    with path.open("wb") as fh:
        write_po(fh, catalog)
    print(f"{language}: header fixed ({PLURAL_FORMS[language]})")


def cmd_extract() -> bool:
    """Refresh the .pot; returns True when it changed."""
    LOCALES_DIR.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / f"{DOMAIN}.pot"
        extract(fresh)
        if POT_FILE.exists() and signature(_read(POT_FILE)) == signature(_read(fresh)):
            print(f"{POT_FILE.relative_to(ROOT)}: unchanged")
            return False
        shutil.copyfile(fresh, POT_FILE)
    print(f"{POT_FILE.relative_to(ROOT)}: written ({len(signature(_read(POT_FILE)))} messages)")
    return True


def cmd_update(drop_obsolete: bool = False) -> None:
    cmd_extract()
    for language in LANGUAGES:
        path = po_path(language)
        if not path.exists():
            pybabel("init", "-i", str(POT_FILE), "-d", str(LOCALES_DIR), "-D", DOMAIN, "-l", language)
            print(f"{language}: created {path.relative_to(ROOT)}")
        else:
            args = [
                "update",
                "-i",
                str(POT_FILE),
                "-d",
                str(LOCALES_DIR),
                "-D",
                DOMAIN,
                "-l",
                language,
                "--no-fuzzy-matching",
                "--ignore-pot-creation-date",
            ]
            if drop_obsolete:
                args.append("--ignore-obsolete")
            pybabel(*args)
        fix_header(language)
        report_catalogue(language)
    for language in VARIANTS:
        update_variant(language)
    for language in PSEUDO:
        print(f"{language}: pseudo-locale written to {write_pseudo(language).relative_to(ROOT)}")
    cmd_compile()


def update_variant(language: str) -> None:
    """Drop a variant's messages gone from the template; refresh the others' locations and comments."""
    path = po_path(language)
    template = {_key(m): m for m in _read(POT_FILE) if m.id}
    catalog = _read(path)
    for message in list(catalog):
        if not message.id:
            continue
        source = template.get(_key(message))
        if source is None:
            catalog.delete(message.id, context=message.context)
            print(f"{language}: dropped {_describe(_key(message))} (gone from the code)")
        else:
            message.locations, message.auto_comments = source.locations, source.auto_comments
    with path.open("wb") as fh:
        write_po(fh, catalog)
    report_variant(language, signature(_read(POT_FILE)))


def variant_problems(language: str, template: dict) -> list[str]:
    """A variant's header, and each message: in the template, translated, different from the base."""
    catalog = _read(po_path(language))
    base = {_key(m): m.string for m in _read(po_path(VARIANTS[language])) if m.id}
    problems = header_problems(catalog, language)
    if catalog.obsolete:
        problems.append(f"{len(catalog.obsolete)} obsolete (#~) entries")
    for message in catalog:
        if not message.id:
            continue
        key = _key(message)
        strings = message.string if isinstance(message.string, (tuple, list)) else [message.string]
        if key not in template:
            problems.append(f"not in the .pot (run update): {_describe(key)}")
        if message.fuzzy:
            problems.append(f"fuzzy: {_describe(key)}")
        if not all(strings):
            problems.append(f"untranslated: {_describe(key)}")
        elif base.get(key) == message.string:
            problems.append(f"the same as {VARIANTS[language]} (delete it: it falls back): {_describe(key)}")
    return problems


def report_variant(language: str, template: dict) -> None:
    problems = variant_problems(language, template)
    count = sum(1 for m in _read(po_path(language)) if m.id)
    if problems:
        print(f"{language}: {len(problems)} entries to do:")
        for line in problems:
            print(f"    {line}")
    else:
        print(
            f"{language}: {count} messages that differ from {VARIANTS[language]}, the rest from {VARIANTS[language]}"
        )


def catalogue_problems(language: str, template: dict | None = None) -> list[str]:
    """Untranslated, fuzzy, obsolete entries and drift from the template."""
    catalog = _read(po_path(language))
    problems = header_problems(catalog, language)
    if catalog.obsolete:
        problems.append(f"{len(catalog.obsolete)} obsolete (#~) entries")
    keys = set()
    for message in catalog:
        if not message.id:
            continue
        keys.add(_key(message))
        strings = message.string if isinstance(message.string, (tuple, list)) else [message.string]
        if message.fuzzy:
            problems.append(f"fuzzy: {_describe(_key(message))}")
        if not all(strings):
            problems.append(f"untranslated: {_describe(_key(message))}")
    if template is not None:
        for key in sorted(template.keys() - keys, key=str):
            problems.append(f"missing (run update): {_describe(key)}")
        for key in sorted(keys - template.keys(), key=str):
            problems.append(f"not in the .pot (run update): {_describe(key)}")
    return problems


def report_catalogue(language: str) -> None:
    problems = catalogue_problems(language)
    if problems:
        print(f"{language}: {len(problems)} entries to do:")
        for line in problems:
            print(f"    {line}")
    else:
        print(f"{language}: complete")


def cmd_compile() -> bool:
    ok = True
    msgfmt = shutil.which("msgfmt")
    for language in (*LANGUAGES, *VARIANTS, *PSEUDO):
        src = po_path(language)
        dest = BUILD_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        dest.parent.mkdir(parents=True, exist_ok=True)
        if language in PSEUDO:  # Babel does not know the pseudo-locale: compile it as its base
            pybabel("compile", "-i", str(src), "-o", str(dest), "-l", PSEUDO[language], "-D", DOMAIN)
        else:
            pybabel("compile", "-i", str(src), "-o", str(dest), "-l", language, "-D", DOMAIN)
        if msgfmt:
            result = run_tool([msgfmt, "--check", "--statistics", "-o", "/dev/null", str(src)])
            status = "ok" if result.returncode == 0 else "FAILED"
            print(f"{language}: msgfmt --check {status}: {result.stderr.strip()}")
            ok = ok and result.returncode == 0
    if not msgfmt:
        print("msgfmt not found (apt-get install gettext): .po files not checked by GNU gettext")
    print(f"compiled to {BUILD_DIR.relative_to(ROOT)}/")
    return ok


def _report(language: str, problems: list[str], ok: str) -> bool:
    """Print a catalogue's problems, or ``ok`` when it has none; True when it has some."""
    if not problems:
        print(f"{language}: {ok}")
        return False
    print(f"{language}: {len(problems)} problems:")
    for line in problems:
        print(f"    {line}")
    return True


def cmd_check() -> int:
    failed = False
    if not POT_FILE.exists():
        print(f"{POT_FILE.relative_to(ROOT)} is missing: run `python scripts/i18n.py update`")
        return 1
    committed = signature(_read(POT_FILE))
    with tempfile.TemporaryDirectory() as tmp:
        fresh_path = Path(tmp) / f"{DOMAIN}.pot"
        extract(fresh_path)
        fresh = signature(_read(fresh_path))
    differences = diff_signatures(committed, fresh)
    if differences:
        failed = True
        print(
            f"{POT_FILE.relative_to(ROOT)} is stale against the code (run `python scripts/i18n.py update`):"
        )
        print("\n".join(differences))
    else:
        print(f"{POT_FILE.relative_to(ROOT)}: up to date ({len(fresh)} messages)")
    for language in LANGUAGES:
        if not po_path(language).exists():
            failed = True
            print(f"{language}: {po_path(language).relative_to(ROOT)} is missing")
            continue
        failed |= _report(language, catalogue_problems(language, committed), "complete")
    for language in VARIANTS:
        failed |= _report(
            language,
            variant_problems(language, committed),
            f"only messages that differ from {VARIANTS[language]}, all current",
        )
    for language in PSEUDO:
        if pseudo_is_current(language):
            print(f"{language}: pseudo-locale up to date")
        else:
            failed = True
            print(f"{language}: pseudo-locale is stale or missing (run `python scripts/i18n.py update`)")
    return 1 if failed else 0


def cmd_samples(out: Path, languages: list[str] | None = None) -> int:
    """Render every composed text into ``out/<language>.md``: ``python -m scripts.text_samples`` in this checkout."""
    cmd = [sys.executable, "-m", "scripts.text_samples", "--out", str(out)]
    for language in languages or ():
        cmd += ["--language", language]
    return subprocess.run(cmd, cwd=ROOT).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    sub = parser.add_subparsers(dest="command", required=True)
    update = sub.add_parser("update", help="extract, update the .po files, compile")
    update.add_argument(
        "--drop-obsolete", action="store_true", help="remove obsolete (#~) entries from the .po files"
    )
    sub.add_parser("check", help="fail when the .pot is stale or a .po is incomplete")
    sub.add_parser("extract", help="only refresh locales/logger_widget.pot")
    sub.add_parser("compile", help="only compile .mo files into build/ and run msgfmt --check")
    samples = sub.add_parser(
        "samples", help="render every composed text as a pupil reads it: one Markdown file per language"
    )
    samples.add_argument(
        "--out",
        type=Path,
        default=ROOT / "build" / "texts",
        help="folder of the pages (default: build/texts)",
    )
    samples.add_argument(
        "--language", action="append", help="only this language (uk, es, es_419, en; repeatable)"
    )
    args = parser.parse_args(argv)
    if args.command == "update":
        cmd_update(drop_obsolete=args.drop_obsolete)
        return 0
    if args.command == "check":
        return cmd_check()
    if args.command == "extract":
        cmd_extract()
        return 0
    if args.command == "compile":
        return 0 if cmd_compile() else 1
    if args.command == "samples":
        return cmd_samples(args.out, args.language)
    return 2  # pragma: no cover


if __name__ == "__main__":
    sys.exit(main())

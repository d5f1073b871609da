#!/usr/bin/env python3
"""Fill catalogue entries from a pending-translations file (``locales/_pending/*.json``).

Helpers that may not edit the catalogues hand their translations over as JSON
(see ``locales/_pending/chart_text_translations.json``). After
``python scripts/i18n.py update`` has added their messages to the .po files as
empty entries, this script fills them in::

    python scripts/i18n.py update
    python scripts/apply_pending_translations.py            # every locales/_pending/*.json
    python scripts/i18n.py check

Only empty entries are filled (``--force`` overwrites existing translations
too); entries of the JSON file that are not in a catalogue are reported.
``--locales DIR`` works on another copy of the ``locales`` folder. The
.po files are rewritten the way ``scripts/i18n.py`` writes them (Babel's
``write_po``).

JSON format: ``{"messages": [{"context": ..., "msgid": ..., ["msgid_plural": ...,]
"en": ..., "uk": ..., "es": ...}]}``; for plural entries each language gives
a list with all its forms (en/es 2, uk 3).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
DOMAIN = "logger_widget"
LANGUAGES = ("en", "uk", "es")


def apply(pending: list[Path], locales: Path, force: bool = False) -> int:
    """Fill the catalogues under ``locales``; returns the number of problems."""
    messages = []
    for path in pending:
        data = json.loads(path.read_text(encoding="utf-8"))
        messages.extend(data["messages"])
    problems = 0
    for language in LANGUAGES:
        po = locales / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        with po.open("rb") as fh:
            catalog = read_po(fh, locale=language, domain=DOMAIN)
        filled = 0
        for entry in messages:
            key = (entry["msgid"], entry["msgid_plural"]) if "msgid_plural" in entry else entry["msgid"]
            message = catalog.get(entry["msgid"], context=entry.get("context"))
            if message is None:
                print(
                    f"{language}: not in the catalogue (run scripts/i18n.py update): {key!r}", file=sys.stderr
                )
                problems += 1
                continue
            text = entry[language]
            if message.pluralizable:
                forms = list(text) if isinstance(text, list) else [text]
                if len(forms) != catalog.num_plurals:
                    print(
                        f"{language}: {key!r} has {len(forms)} forms, "
                        f"the catalogue needs {catalog.num_plurals}",
                        file=sys.stderr,
                    )
                    problems += 1
                    continue
                current = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
                if force or not any(current):
                    message.string = tuple(forms)
                    filled += 1
            else:
                if isinstance(text, list):
                    print(f"{language}: {key!r} is not a plural entry in the catalogue", file=sys.stderr)
                    problems += 1
                    continue
                if force or not message.string:
                    message.string = text
                    filled += 1
            message.flags.discard("fuzzy")
        with po.open("wb") as fh:
            write_po(fh, catalog)
        print(f"{language}: {filled} entries filled in {po}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "files", nargs="*", type=Path, help="pending JSON files (default: locales/_pending/*.json)"
    )
    parser.add_argument("--locales", type=Path, default=ROOT / "locales", help="the locales folder to fill")
    parser.add_argument("--force", action="store_true", help="overwrite existing translations too")
    args = parser.parse_args(argv)
    files = args.files or sorted((ROOT / "locales" / "_pending").glob("*.json"))
    if not files:
        print("no pending translation files", file=sys.stderr)
        return 1
    return 1 if apply(files, args.locales, args.force) else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Reading the catalogues for the writing-convention tests: one message as an :class:`Entry`, and
the checks that more than one language's convention tests share."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Entry:
    """One catalogue message: context, English text, translated forms, translator comments."""

    context: str | None
    msgid: str
    forms: tuple[str, ...]
    comments: str = ""


def read_entries(language: str) -> list[Entry]:
    path = ROOT / "locales" / language / "LC_MESSAGES" / "logger_widget.po"
    with path.open("rb") as fh:
        catalogue = read_po(fh)
    entries = []
    for m in catalogue:
        if not m.id:
            continue
        msgid = m.id if isinstance(m.id, str) else m.id[0]
        forms = (m.string,) if isinstance(m.string, str) else tuple(m.string)
        entries.append(Entry(m.context, msgid, forms, " ".join(m.auto_comments)))
    return entries


def outside_code(text: str) -> str:
    """The text without its `code spans` (Python names, notation examples)."""
    return re.sub(r"`[^`]*`", "`…`", text)


#: Contexts that address the teacher (*ви*, the plural imperative), not the pupil: a pupil's notebook is *ти*
#: to its last line, and the rules speak to the one player reading them (*ти*), as the rest of the texts do.
UK_CLASS_ADDRESS = {"class sheet", "class codes", "exercise:notebook:teacher"}
#: Words that end like a plural imperative but are not one.
UK_NOT_IMPERATIVE = {"навіть"}
WORD = r"[\w’]"


def uk_plural_imperative(entry: Entry, form: str) -> str | None:
    """A Ukrainian plural imperative (*-іть*, *-йте*) addressed to a pupil, who is *ти*; None if there is none."""
    if entry.context in UK_CLASS_ADDRESS:
        return None
    pattern = rf"(?<!{WORD}){WORD}{{2,}}(?:іть|йте|ьте)(?:ся)?(?!{WORD})"
    for m in re.finditer(pattern, outside_code(form), re.IGNORECASE):
        if m.group(0).casefold() not in UK_NOT_IMPERATIVE:
            return m.group(0)
    return None


def rule_problems(
    entries: Iterable[Entry], rules: list[tuple[str, str, Callable[[Entry, str], str | None]]]
) -> list[str]:
    """Every broken rule ``(name, what it asks, check)``: ``"[context] 'English text…': name (asks) — «excerpt»"``."""
    problems = []
    for entry in entries:
        for name, asks, check in rules:
            for form in entry.forms:
                found = check(entry, form)
                if found:
                    problems.append(f"[{entry.context}] {entry.msgid[:60]!r}: {name} ({asks}) — «{found}»")
                    break
    return problems

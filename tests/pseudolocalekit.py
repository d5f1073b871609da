"""The pseudo-locale check of the tests: which texts of a board's view bypassed the catalogues.

In the pseudo-locale ``en-XA`` every catalogue text is bracketed (``⟦Ţéxţ⟧``, docs/i18n.md), so a
word outside the brackets came from somewhere else. :func:`view_strings` walks a view model's
texts for people (not its machine values, :data:`MACHINE_KEYS`), :func:`unbracketed` tells one
that has a word outside ``⟦ ⟧``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

#: View-model keys whose values are machine values, not text for people.
MACHINE_KEYS = {
    "lang", "id", "piece", "mark", "kind", "state", "stage", "lpn", "shown_lpn", "cell_names",
    "files", "ranks", "bot_name", "bot_name_full", "badge", "src", "gid", "seq", "level", "colour", "color",
    "fill", "stroke", "text_colour", "palette", "pieces", "turn_notation", "notation",
    # the last turn and the result as data for drawing (cells, action and reason keys)
    "action", "destination", "origin", "felled", "grew", "spawned", "targets", "reason", "tie_break",
}  # fmt: skip


def outside(text: str) -> str:
    """``text`` without its bracketed (catalogue) parts, innermost first."""
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if shorter == text:
            return text
        text = shorter


def unbracketed(text: str) -> bool:
    """Whether ``text`` has a word outside ``⟦ ⟧`` (numbers, signs and cell names may stand outside)."""
    rest = re.sub(r"\b[a-e][1-5]\b", "", outside(text))
    return bool(re.search(r"[^\W\d_]", rest))


def view_strings(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """``(path, text)`` of every text for people in the view model ``value`` (``.key``, ``[]`` for an item)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in MACHINE_KEYS:
                continue
            if key == "languages":  # each language's own name (endonym) is never translated
                continue
            yield from view_strings(item, f"{path}.{key}")
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from view_strings(item, f"{path}[]")
    elif isinstance(value, str) and value.strip() and not re.fullmatch(r"#[0-9a-fA-F]{3,8}|data:.*", value):
        yield path, value

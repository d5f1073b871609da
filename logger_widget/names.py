"""Shortening player and bot names for display: one rule for the board and the charts.

A leaf module (imports nothing of the package), like :mod:`logger_widget.palette`.
Where a name is drawn shortened, the full name goes into the tooltip or alt
text, never lost.
"""

from __future__ import annotations

import unicodedata

__all__ = ["NAME_LIMIT", "short_name"]

#: Longest name drawn in full, in characters (user-perceived, see :func:`short_name`).
NAME_LIMIT = 24

_ELLIPSIS = "…"


def short_name(name: object, limit: int = NAME_LIMIT) -> str:
    """``name`` shortened for display (charts, board), at most ``limit`` characters.

    Whitespace runs (newlines, tabs) are collapsed to one space, and a long
    name is cut at a word boundary when one is near and ended by "…".

    Combining marks stay with their letter (a cut never separates an accent
    from its base). Names within the limit are returned with only the spaces tidied.

    Args:
        name: any object (``str()`` is taken).
        limit: maximal length of the result, ≥ 2.

    Returns:
        The display name (never longer than ``limit`` user-perceived characters).

    Raises:
        ValueError: ``limit`` < 2.
    """
    if not isinstance(limit, int) or limit < 2:
        raise ValueError(f"limit must be a whole number >= 2, not {limit!r}")
    text = " ".join(str(name).split())
    clusters: list[str] = []
    for char in text:
        if clusters and unicodedata.combining(char):
            clusters[-1] += char
        else:
            clusters.append(char)
    if len(clusters) <= limit:
        return text
    head = clusters[: limit - 1]
    space = max((i for i, c in enumerate(head) if c == " "), default=-1)
    if space >= (limit - 1) * 2 // 3:  # a word boundary in the last third: cut there
        head = head[:space]
    return "".join(head).rstrip(" -_.,;:") + _ELLIPSIS

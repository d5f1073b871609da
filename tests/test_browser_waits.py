"""The browser tests' polled predicates survive an element that is not on the page yet, or not any more.

``page.wait_for_function`` polls its predicate until it is true, but a predicate that *throws* ends the
wait at once with the error: ``document.querySelector('.lw-board').dataset`` throws while the board is
being drawn again (a kernel restart replaces it), and a clean-clone run failed so on a loaded machine.
Every ``querySelector(…)`` in a polled predicate is followed by ``?.`` (or guarded by ``&&``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent
#: ``querySelector(…)`` (which gives null for a missing element; ``querySelectorAll`` never does) dereferenced without ``?.``
_BARE = re.compile(r"querySelector\((?:[^()]|\([^()]*\))*\)\.(?!\?)")


def bare_lookups(source: str) -> list[str]:
    """The predicates of ``wait_for_function`` calls in ``source`` that dereference a lookup bare."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "wait_for_function"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            predicate = node.args[0].value
            if "&&" not in predicate and _BARE.search(predicate):
                found.append(f"line {node.lineno}: {predicate.strip()[:100]}")
    return found


def test_a_bare_lookup_in_a_polled_predicate_is_found() -> None:
    assert bare_lookups("page.wait_for_function(\"() => document.querySelector('.lw-board').dataset.over\")")
    assert bare_lookups(
        "page.wait_for_function(\"v => Number(document.querySelector('.lw-board').dataset.v) > v\")"
    )
    assert not bare_lookups(
        "page.wait_for_function(\"() => document.querySelector('.lw-board')?.dataset.over\")"
    )
    assert not bare_lookups(
        'page.wait_for_function("s => document.querySelector(s) && document.querySelector(s).x")'
    )


@pytest.mark.parametrize(
    "path", sorted([*ROOT.glob("e2e/*.py"), *ROOT.glob("hosts/*.py")]), ids=lambda p: p.name
)
def test_no_polled_predicate_dereferences_a_lookup_bare(path: Path) -> None:
    assert bare_lookups(path.read_text(encoding="utf-8")) == []

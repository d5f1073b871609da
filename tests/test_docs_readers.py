"""The docs and the package's docstrings speak to their readers (teachers, pupils, bot authors).

No issue numbers, no "session N", no development diary, and no path outside the repository:
history goes to ``CHANGELOG.md`` and the developers' notes (``notes/``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: what a reader of the docs cannot follow: the tracker's numbers, the team's sessions, other folders
FORBIDDEN = {
    "an issue number": re.compile(
        r"\bissues? #?\d+|\(issue\b|\bthe issue (asked|quoted|said)", re.IGNORECASE
    ),
    "a work session": re.compile(r"\bsessions? \d+\b|\bthis session\b", re.IGNORECASE),
    "a path outside the repository": re.compile(r"\.\./shared\b|\bshared/(GLOSSARY|RULES|limit)|/work/"),
    "a development diary": re.compile(
        r"\bused to (leave|be|have|show|say|compile|fail|run)\b|\bafter the fix\b|\bbefore the fix\b"
        r"|\bin the earlier run\b|\bthe old path\b|\bthe earlier budgets\b|\bwas void\b"
        r"|\bnow reports\b|(?-i:(^\s*|\. )Before, )|\bbefore, \d+ KB\b",
        re.IGNORECASE,
    ),
}


def _reader_files() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    files += sorted((ROOT / "logger_widget").rglob("*.py"))
    files += sorted((ROOT / "logger_widget" / "board" / "static").glob("*.js"))
    files += sorted((ROOT / "benchmarks").glob("*.py")) + sorted((ROOT / "scripts").glob("*"))
    return [f for f in files if f.is_file()]


def _findings(text: str) -> list[tuple[int, str, str]]:
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        for what, pattern in FORBIDDEN.items():
            match = pattern.search(line)
            if match:
                out.append((number, what, match.group(0)))
    return out


def test_docs_and_docstrings_name_no_issue_session_or_outside_path() -> None:
    problems = []
    for path in _reader_files():
        for number, what, text in _findings(path.read_text(encoding="utf-8", errors="replace")):
            problems.append(f"{path.relative_to(ROOT)}:{number}: {what} ({text!r})")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "line",
    [
        "Goal (issue 14, item 5): no block",
        "Puzzles (issue 15): the shipped set",
        "until session 5 the compiled search",
        "Measured 2026-11-30 (session 4)",
        "as measured in this session",
        "the glossary (shared/GLOSSARY.md)",
        "built from ../shared/limit/random_play.c",
        "The issue quoted ~1.7 ×",
        "every closed tab used to leave its kernel running",
        "Re-measured after the fix with",
        "(2.03 s in the earlier run)",
        "Before, every pupil's kernel compiled on its own",
        "the benchmark now reports the median",
    ],
)
def test_the_check_catches_each_kind(line: str) -> None:
    assert _findings(line), line


@pytest.mark.parametrize(
    "line",
    [
        "issues one `CatalogueWarning`",
        "a kernel session",
        "the session's name",
        "puzzle_view(session, tr)",
        "the seed used to generate the set",
        "the board reports the turn",
    ],
)
def test_ordinary_words_pass(line: str) -> None:
    assert not _findings(line), line


def test_the_developers_notes_exist_for_the_history() -> None:
    assert (ROOT / "notes" / "README.md").is_file()
    assert (ROOT / "notes" / "measurements.md").is_file()

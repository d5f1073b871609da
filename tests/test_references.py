"""The project stands alone: every file it cites is in the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tracked_text_files() -> list[Path]:
    """Every file of the repository (git's index plus new files, .git excluded) that reads as UTF-8 text."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    out = []
    for name in listed:
        path = ROOT / name
        if not path.is_file():
            continue
        try:
            path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        out.append(path)
    return out


def test_no_file_cites_the_outside_rules_file() -> None:
    # the rules are docs/rules.md; the project's original spec lives outside the repository
    needle = "RULES" + ".md"
    files = tracked_text_files()
    assert len(files) > 50 and ROOT / "docs" / "rules.md" in files
    citing = [str(p.relative_to(ROOT)) for p in files if needle in p.read_text(encoding="utf-8")]
    assert not citing, f"{needle} is outside the repository; cite docs/rules.md in: {citing}"


def test_scripts_and_locale_folders_that_docs_and_code_name_exist() -> None:
    pattern = re.compile(r"\b((?:scripts|locales)/[\w./*{},-]*\w)")
    missing = set()
    for path in tracked_text_files():
        if path.suffix not in (".py", ".md", ".sh", ".toml", ".ipynb", ".txt", ".cfg"):
            continue
        for cited in pattern.findall(path.read_text(encoding="utf-8")):
            if "{" in cited or "*" in cited:
                cited = cited.split("{")[0].split("*")[0].rstrip("/_") or cited
            if not (ROOT / cited).exists() and not list(ROOT.glob(cited + "*")):
                missing.add((str(path.relative_to(ROOT)), cited))
    assert not missing, sorted(missing)

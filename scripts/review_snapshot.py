"""Make the read-only folder a fresh reader of the texts is given: ``python -m scripts.review_snapshot DEST``.

A reader who grades the Ukrainian or Spanish texts must not have seen them before and must not
read earlier reviews. The folder holds what a pupil, a teacher and a translator read, and
nothing of the project's history:

* ``project/``: the committed tree (``git archive HEAD``) without ``notes/`` (earlier reviews),
  ``CHANGELOG.md`` and ``tests/`` (which quote reviewers' findings);
* ``composed/<language>.md``: every composed text as a pupil reads it (``scripts.text_samples``);
* ``es_419_effective.po``: the Spanish catalogue with the Latin-American overrides applied, i.e.
  what an ``es_419`` pupil reads, message by message.

Every file is made read-only. Raises ``SystemExit`` with the reason when ``DEST`` exists.
"""

from __future__ import annotations

import argparse
import io
import shutil
import stat
import subprocess
import sys
import tarfile
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
WITHHELD = ("notes", "CHANGELOG.md", "tests")
LANGUAGES = ("uk", "es", "es_419")


def effective_es_419(root: Path) -> bytes:
    """The ``es`` catalogue of ``root`` with each message that ``es_419`` translates replaced by its override."""
    folder = root / "locales"
    with open(folder / "es" / "LC_MESSAGES" / "logger_widget.po", "rb") as f:
        spain = read_po(f, locale="es")
    with open(folder / "es_419" / "LC_MESSAGES" / "logger_widget.po", "rb") as f:
        overrides = read_po(f, locale="es_419")
    for message in overrides:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        target = spain.get(message.id, message.context) if message.id else None
        if target is not None and all(strings):
            target.string = message.string
            target.user_comments = [*target.user_comments, "es_419 override"]
    out = io.BytesIO()
    write_po(out, spain, width=0)
    return out.getvalue()


def make(dest: Path) -> None:
    if dest.exists():
        raise SystemExit(f"{dest} exists already: give a new folder (a reader starts from nothing)")
    project = dest / "project"
    project.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(project, filter="data")
    for name in WITHHELD:
        path = project / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    composed = dest / "composed"
    command = [sys.executable, "-m", "scripts.text_samples", "--out", str(composed)]
    for language in LANGUAGES:
        command += ["--language", language]
    subprocess.run(command, cwd=ROOT, check=True)
    (dest / "es_419_effective.po").write_bytes(effective_es_419(project))
    for path in sorted(dest.rglob("*"), reverse=True):
        mode = path.stat().st_mode
        path.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    print(f"{dest}: project/, composed/{{{','.join(LANGUAGES)}}}.md, es_419_effective.po (read-only)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("dest", type=Path, help="a folder that does not exist yet")
    make(parser.parse_args(argv).dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())

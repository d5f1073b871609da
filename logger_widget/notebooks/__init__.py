"""The project's notebooks for a pip user: ``python -m logger_widget.notebooks uk DIR`` copies them out.

The wheel carries the notebooks in ``logger_widget/notebooks/files``; an editable install reads the
source tree's ``notebooks/`` folder. A notebook is in a language when its name ends in ``_<lang>``
(``tutorial_uk.ipynb``, ``tutorial_es_419.ipynb``: Latin-American Spanish); the notebooks of no language (``play_app.ipynb``, ``play_marimo.py``, which
take the language from the page's address or a setting) come with every language.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from ..i18n.runtime import LANGUAGES

__all__ = ["notebooks_dir", "notebook_files", "copy_notebooks"]

_HERE = Path(__file__).resolve().parent
#: Where the notebooks are looked for, the first existing folder wins: the wheel's, then the source tree's.
NOTEBOOKS_DIR_CANDIDATES: tuple[Path, ...] = (_HERE / "files", _HERE.parents[1] / "notebooks")
#: a notebook's language: the end of its name, ``_uk``, ``_es``, ``_es_419`` (a language and a region)
_LANG_SUFFIX = re.compile(r"_([a-z]{2}(?:_(?:[0-9]{3}|[A-Z]{2}))?)$")


def notebooks_dir() -> Path:
    """The folder that holds the notebooks (:data:`NOTEBOOKS_DIR_CANDIDATES`); ``FileNotFoundError`` if none."""
    for path in NOTEBOOKS_DIR_CANDIDATES:
        if path.is_dir():
            return path
    raise FileNotFoundError(
        "no notebooks folder; looked in: " + ", ".join(map(str, NOTEBOOKS_DIR_CANDIDATES))
    )


def notebook_files(language: str) -> list[Path]:
    """The notebooks (``.ipynb`` and marimo's ``.py``) of ``language`` and those of no language, sorted.

    Raises:
        ValueError: ``language`` is not one of :data:`logger_widget.i18n.runtime.LANGUAGES`.
    """
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    chosen = []
    for path in sorted(notebooks_dir().iterdir()):
        if path.suffix not in (".ipynb", ".py") or path.name.startswith(("_", ".")):
            continue
        tag = _LANG_SUFFIX.search(path.stem)
        if tag is None or tag.group(1) == language:
            chosen.append(path)
    return chosen


def copy_notebooks(language: str, dest: Path | str) -> list[Path]:
    """Copy the notebooks of ``language`` into ``dest`` (made if missing); return the copies' paths.

    A notebook already in ``dest`` is left as it is (a pupil's work is never overwritten).

    Raises:
        ValueError: an unknown ``language``.
        NotADirectoryError: ``dest`` exists and is not a folder.
    """
    files = notebook_files(language)
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise NotADirectoryError(f"{dest} is not a folder")
    dest.mkdir(parents=True, exist_ok=True)
    copies = []
    for path in files:
        target = dest / path.name
        if not target.exists():
            shutil.copyfile(path, target)
        copies.append(target)
    return copies

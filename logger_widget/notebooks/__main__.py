"""``python -m logger_widget.notebooks LANGUAGE FOLDER``: the notebooks in a language, copied into a folder."""

from __future__ import annotations

import argparse

from ..i18n.runtime import LANGUAGES, language_choice
from . import copy_notebooks


def main(argv: list[str] | None = None) -> int:
    """Copy the notebooks; print the folder and what to run next. Returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m logger_widget.notebooks", description=__doc__)
    parser.add_argument(
        "language",
        type=lambda text: language_choice(text) or text,  # es-419 and ES_419 are es_419
        choices=LANGUAGES,
        help="the pupils' language (es_419: Latin-American Spanish)",
    )
    parser.add_argument("folder", help="where to put the notebooks (made if missing)")
    args = parser.parse_args(argv)
    try:
        copies = copy_notebooks(args.language, args.folder)
    except (ValueError, OSError) as error:
        parser.error(str(error))
    for path in copies:
        print(path)
    print(f"jupyter lab {args.folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

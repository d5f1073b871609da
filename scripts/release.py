"""The release check: build the sdist and the wheel, check them, install the wheel fresh and open a board.

    python -m scripts.release [--out DIST]        (from the project's folder; DIST defaults to dist/)

1. ``python -m build``: the sdist, then the wheel built from that sdist (what PyPI users get).
2. ``twine check --strict`` of both (the metadata PyPI shows: README, classifiers, licence).
3. The wheel's contents: the board's front end (``board/static``: board.js, board.css, loader.js),
   the catalogues of every pupil's language (uk, es, es_419, en) and no test locale (en_XA), the notebooks,
   the puzzle set, the Voilà template with nothing from a CDN, the LICENSE; its metadata: the licence,
   the Jupyter classifiers, no test-only extra, no exact pin, and every project URL an absolute web
   address (PyPI cannot follow a path inside the repository).
4. A fresh virtual environment in a temporary folder outside the project: ``pip install 'WHEEL[lab]'``;
   there, ``python -m logger_widget.notebooks uk DIR`` copies the Ukrainian notebooks out, and a
   ``Board()`` is made (headless) with its view model in Ukrainian and its front end loaded from the
   installed package; a turn is played against a bot.

Exits 1 with every problem found, one per line; 0 when the release is fit to publish. Run by
``tests/test_release.py`` (slow).
"""

from __future__ import annotations

import argparse
import email.parser
import json
import subprocess
import sys
import tempfile
import venv
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

from packaging.requirements import Requirement

from logger_widget.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
FRONT_END = ("board.js", "board.css", "loader.js")
JUPYTER_CLASSIFIERS = ("Framework :: Jupyter", "Framework :: Jupyter :: JupyterLab")
TEST_ONLY = ("dev", "test", "tests")

#: Run in the fresh environment: the notebooks of a language, then a board.
PROBE = """
import json, pathlib, subprocess, sys
folder = pathlib.Path(sys.argv[1])
subprocess.run([sys.executable, "-m", "logger_widget.notebooks", "uk", str(folder)], check=True,
               capture_output=True)
import logger_widget
from logger_widget import Board
board = Board(players=["human", "random"], locale="uk", seed=1, autosave=False, progress=False, bot_mode="sync")
view = board.view
turn = next(iter(board.position.legal_turns()))
board.play(turn)
print(json.dumps({
    "package": logger_widget.__file__,
    "notebooks": sorted(p.name for p in folder.iterdir()),
    "view_text": json.dumps(view, ensure_ascii=False),
    "esm": len(str(board._esm)), "css": len(str(board._css)),
    "turns": len(board.game.turns),
}))
"""


def build(out: Path) -> tuple[Path, Path]:
    """The sdist and the wheel (built from the sdist) in ``out``; their paths."""
    out.mkdir(parents=True, exist_ok=True)
    for old in (*out.glob("logger_widget-*.whl"), *out.glob("logger_widget-*.tar.gz")):
        old.unlink()
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], check=True,
                   capture_output=True, timeout=900)  # fmt: skip
    (sdist,) = out.glob("logger_widget-*.tar.gz")
    (wheel,) = out.glob("logger_widget-*.whl")
    return sdist, wheel


def twine_problems(*dists: Path) -> list[str]:
    """What ``twine check --strict`` says is wrong with the distributions (empty if nothing)."""
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, dists)],
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    return [] if done.returncode == 0 else [f"twine check: {(done.stdout + done.stderr).strip()}"]


def wheel_problems(wheel: Path) -> list[str]:
    """What the wheel lacks or carries by mistake (files and metadata), one sentence each."""
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        (meta_name,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        meta = email.parser.Parser().parsestr(z.read(meta_name).decode("utf-8"))
    problems = []
    for f in FRONT_END:
        if f"logger_widget/board/static/{f}" not in names:
            problems.append(f"the wheel has no front-end file logger_widget/board/static/{f}")
    for lang in LANGUAGES:
        if f"logger_widget/locales/{lang}/LC_MESSAGES/logger_widget.po" not in names:
            problems.append(f"the wheel has no {lang} catalogue")
    if any(n.startswith("logger_widget/locales/en_XA/") for n in names):
        problems.append("the wheel carries the en_XA test locale")
    for lang in LANGUAGES:
        if not any(
            n.startswith("logger_widget/notebooks/files/") and n.endswith(f"_{lang}.ipynb") for n in names
        ):
            problems.append(f"the wheel has no {lang} notebook")
    if not any(n.startswith("logger_widget/puzzles/data/") for n in names):
        problems.append("the wheel has no puzzle set")
    if not any(n.endswith(".data/data/share/jupyter/voila/templates/logger/index.html.j2") for n in names):
        problems.append("the wheel has no Voilà template 'logger' (share/jupyter/voila/templates/logger)")
    if not any(n.endswith(".dist-info/licenses/LICENSE") for n in names):
        problems.append("the wheel has no LICENSE")
    if any(n.startswith(("tests/", "logger_widget/tests/")) for n in names):
        problems.append("the wheel carries the tests")
    if meta.get("License-Expression") != "MIT":
        problems.append(f"the licence is {meta.get('License-Expression')!r}, not MIT")
    classifiers = meta.get_all("Classifier") or []
    problems += [f"no classifier {c!r}" for c in JUPYTER_CLASSIFIERS if c not in classifiers]
    extras = meta.get_all("Provides-Extra") or []
    problems += [f"a test-only extra {e!r} is published" for e in extras if e in TEST_ONLY]
    pinned = [r for r in meta.get_all("Requires-Dist") or []
              if any(s.operator in ("==", "===") for s in Requirement(r).specifier)]  # fmt: skip
    if pinned:
        problems.append("an exact pin is published: " + ", ".join(pinned))
    for entry in meta.get_all("Project-URL") or []:
        label, _, url = (part.strip() for part in entry.partition(","))
        address = urlsplit(url)
        if address.scheme not in ("http", "https") or not address.netloc:
            problems.append(f"the project URL {label!r} is not an address on the web: {url!r}")
    return problems


def fresh_install_problems(wheel: Path) -> list[str]:
    """Install ``wheel[lab]`` in a new venv outside the project; copy the notebooks out, open a board."""
    with tempfile.TemporaryDirectory(prefix="logger-release-") as tmp:
        env = Path(tmp) / "venv"
        venv.create(env, with_pip=True)
        python = env / "bin" / "python"
        done = subprocess.run([str(python), "-m", "pip", "install", "-q", f"{wheel}[lab]"],
                              capture_output=True, text=True, timeout=1200)  # fmt: skip
        if done.returncode:
            return [f"pip install '{wheel.name}[lab]' failed: {done.stderr[-2000:]}"]
        run = subprocess.run([str(python), "-c", PROBE, str(Path(tmp) / "lesson")], capture_output=True, text=True,
                             timeout=600, cwd=tmp, env={"PATH": f"{env / 'bin'}:/usr/bin:/bin", "HOME": tmp})  # fmt: skip
        if run.returncode:
            return [f"the fresh install cannot open a board: {run.stderr[-2000:]}"]
        got = json.loads(run.stdout.strip().splitlines()[-1])
    problems = []
    if not got["package"].startswith(str(env)):
        problems.append(f"the board came from {got['package']}, not from the fresh install")
    if "tutorial_uk.ipynb" not in got["notebooks"] or any(
        n.endswith(("_es.ipynb", "_en.ipynb")) for n in got["notebooks"]
    ):
        problems.append(f"the Ukrainian notebooks were not copied out as they should: {got['notebooks']}")
    if not any("\u0400" <= ch <= "\u04ff" for ch in got["view_text"]):
        problems.append("the board's view has no Ukrainian text")
    if got["esm"] < 1000 or got["css"] < 100:
        problems.append("the board's front end (board.js, board.css) did not load from the package")
    if got["turns"] < 2:
        problems.append(f"the bot did not answer the pupil's turn ({got['turns']} turns)")
    return problems


def check(sdist: Path, wheel: Path) -> list[str]:
    """Steps 2–4 on distributions built already: every problem found, one sentence each (empty if none)."""
    problems = twine_problems(sdist, wheel) + wheel_problems(wheel)
    return problems or fresh_install_problems(wheel)


def main(argv: list[str] | None = None) -> int:
    """Run the whole check; print the problems; 0 if none."""
    parser = argparse.ArgumentParser(prog="python -m scripts.release", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "dist", help="where to put the sdist and the wheel"
    )
    args = parser.parse_args(argv)
    sdist, wheel = build(args.out.resolve())
    problems = check(sdist, wheel)
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"release check passed: {sdist.name}, {wheel.name}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Shipping: a wheel built from the sdist carries the catalogues and speaks Ukrainian
in a clean environment; the editable install reads the source tree's locales/."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from fresh_checkout import outside_env

import logger_widget
from logger_widget.i18n import find_locales_dir

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import logger_widget, pathlib, sys
from logger_widget.i18n import Translator, find_locales_dir
from logger_widget import Game
game = Game.new()
tr = Translator("uk")
print(pathlib.Path(logger_widget.__file__).resolve())
print(find_locales_dir().resolve())
print(tr.pgettext("rules:movement:title", "Movement"))
print(tr.format_list([1, 2, 3]))
from logger_widget.puzzles import load_puzzles
print(len(load_puzzles()))
print(Translator("es-MX").pgettext("board", "Keyboard: arrows move, Enter chooses, Esc goes back."))
"""


def test_editable_install_reads_the_source_locales() -> None:
    assert Path(logger_widget.__file__).resolve().parent == ROOT / "logger_widget"
    assert find_locales_dir().resolve() == (ROOT / "locales").resolve()


@pytest.mark.slow
def test_wheel_from_sdist_installs_with_catalogues_in_a_clean_environment(
    dist: tuple[Path, Path], bare_env: Path, tmp_path: Path
) -> None:
    """The wheel (built from the sdist) in a new environment: its own catalogues, puzzles and locales."""
    assert dist[1].name.startswith("logger_widget-") and dist[0].name.endswith(".tar.gz")
    out = subprocess.run(
        [str(bare_env), "-c", PROBE],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=outside_env(),
    ).stdout.splitlines()
    package, locales, title, listed, puzzles, latin = out
    env = bare_env.parents[1]
    assert str(env) in package, "the wheel's package is used, not the source tree"
    assert locales.startswith(str(env)) and locales.endswith("logger_widget/locales")
    assert title == "Рух"
    assert listed == "1, 2 і 3"
    assert int(puzzles) >= 200, "the puzzle set (package data) is in the wheel"
    assert "Enter para elegir" in latin, "the Latin-American catalogue (es_419) is in the wheel"


def test_the_version_is_written_in_one_place() -> None:
    """pyproject.toml takes the version from ``logger_widget.__version__`` (hatch's dynamic version)."""
    import tomllib

    project = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    assert "version" not in project["project"], "the version is typed in pyproject.toml as well"
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["hatch"]["version"]["path"] == "logger_widget/__init__.py"
    from importlib.metadata import version

    assert version("logger_widget") == logger_widget.__version__


def test_the_environment_script_changes_no_permission_on_the_machine() -> None:
    """scripts/env.sh (run by both README commands, as root too) makes the project's own folders only:
    no ``chmod``/``chown``/ACL of the user's folders (the classroom set-up says before it opens a path)."""
    import re

    text = (Path(__file__).resolve().parents[1] / "scripts" / "env.sh").read_text()
    code = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
    assert not re.search(r"\b(chmod|chown|chgrp|setfacl)\b", code), "scripts/env.sh changes permissions"


PUPIL = r"""
import json, pathlib, re, sys, time
import logger_widget
from logger_widget import Board
lesson = pathlib.Path(sys.argv[1])
imports = set()
for nb in sorted(lesson.glob("*.ipynb")):
    for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            for line in "".join(cell["source"]).splitlines():
                if re.match(r"\s*(from logger_widget[\w.]* import [\w, ]+|import logger_widget[\w.]*)\s*$", line):
                    imports.add(line.strip())
for line in sorted(imports):
    exec(line)  # every import the notebooks make resolves in the installed wheel
board = Board(players=["human", "random"], locale="uk", seed=1)
sent = []
board.send = lambda content, buffers=None: sent.append(content)
for seq, cell in enumerate(("a3", "b3"), 1):  # a click on a seedling's cell, then on the felling target
    view = board.view
    board._on_custom_msg(board, {"type": "intent", "client": "page", "seq": seq, "version": view["version"],
                                 "basis": view["basis"], "action": "cell", "cell": cell})
for _ in range(300):  # the bot answers from its own thread
    if len(board.game.turns) >= 2:
        break
    time.sleep(0.1)
print(json.dumps({"package": logger_widget.__file__, "imports": len(imports),
                  "turns": [t.notation() for t in board.game.turns], "answers": [m.get("result") for m in sent],
                  "status": board.view["status"]["text"]}, ensure_ascii=False))
"""


def test_a_pupil_who_installs_the_wheel_gets_her_notebooks_and_a_board_that_answers_clicks(
    bare_env: Path, tmp_path: Path
) -> None:
    """The wheel in a fresh venv, run outside the repository: the Ukrainian notebooks copied out, their
    imports found in the installed package, and a board that takes two clicks and the bot's reply."""
    out = subprocess.run([str(bare_env), "-m", "logger_widget.notebooks", "uk", "lesson"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=120, env=outside_env())  # fmt: skip
    assert out.returncode == 0, out.stderr
    names = sorted(p.name for p in (tmp_path / "lesson").glob("*.ipynb"))
    assert "tutorial_uk.ipynb" in names and not [n for n in names if n.endswith(("_es.ipynb", "_en.ipynb"))]
    tutorial = (tmp_path / "lesson" / "tutorial_uk.ipynb").read_text(encoding="utf-8")
    assert "Logger" in tutorial and re.search("[а-яіїєґ]{4}", tutorial), "the tutorial is in Ukrainian"
    out = subprocess.run([str(bare_env), "-c", PUPIL, "lesson"], capture_output=True, text=True,
                         cwd=tmp_path, timeout=300, env=outside_env())  # fmt: skip
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["package"].startswith(str(bare_env.parents[1])), (
        "the wheel's package is used, not the source"
    )
    assert result["imports"] >= 3, result
    assert result["turns"][0] == "a1-a3 *b3" and len(result["turns"]) == 2, result  # the bot answered
    assert result["answers"][:2] == ["ok", "ok"], result
    assert re.search("[а-яіїєґ]{3}", result["status"]), result["status"]  # the board speaks her language

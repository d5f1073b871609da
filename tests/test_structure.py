"""Structure rules: the engine is pure Python and never imports UI, i18n or chart code."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "logger_widget" / "engine"
ENGINE = ["cells", "core", "decisions", "errors", "game", "outcome", "position", "rules_check", "turn"]
FORBIDDEN = {"anywidget", "ipywidgets", "traitlets", "matplotlib", "IPython", "babel"}
FORBIDDEN_LOCAL = {"widget", "board_view", "charts", "i18n", "bots", "tournament"}


def imported_names(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from .x import y
                names.add("." + (node.module or ""))
            else:
                names.add(node.module or "")
    return names


def test_engine_modules_import_no_ui_code() -> None:
    for module in ENGINE:
        names = imported_names(PACKAGE / f"{module}.py")
        top = {n.split(".")[0] for n in names if not n.startswith(".")}
        local = {n[1:].split(".")[0] for n in names if n.startswith(".")}
        assert not top & FORBIDDEN, (module, top & FORBIDDEN)
        assert not local & FORBIDDEN_LOCAL, (module, local & FORBIDDEN_LOCAL)


def test_importing_the_engine_loads_no_ui_library() -> None:
    code = (
        "import sys, logger_widget\n"
        "from logger_widget import Game, Position\n"
        "Game.new().play('a1-a3 *b3')\n"
        f"bad = sorted(m for m in {sorted(FORBIDDEN)!r} if m in sys.modules)\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=PACKAGE.parent)

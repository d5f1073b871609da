"""The package's layers (docs/architecture.md): import-linter contracts, no import cycle, a light engine."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "logger_widget"
UI_LIBRARIES = ["IPython", "anywidget", "babel", "ipywidgets", "matplotlib", "traitlets"]


def test_import_linter_contracts_are_kept() -> None:
    """The layers and forbidden imports of pyproject.toml's [tool.importlinter] hold."""
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def _runtime_edges(graph: grimp.ImportGraph) -> set[tuple[str, str]]:
    return {
        (importer, imported)
        for importer in graph.modules
        for imported in graph.find_modules_directly_imported_by(importer)
        if imported.startswith("logger_widget.")
    }


def test_no_import_cycle_between_modules() -> None:
    """No module reaches itself through imports, including imports inside functions."""
    graph = grimp.build_graph("logger_widget", exclude_type_checking_imports=True)
    cycles = []
    for importer, imported in sorted(_runtime_edges(graph)):
        if importer == imported or imported == "logger_widget":
            continue
        # package __init__ re-exports are not cycles of behaviour: skip edges into a parent package
        if importer.startswith(imported + "."):
            continue
        chain = graph.find_shortest_chain(importer=imported, imported=importer)
        if chain and not any(importer.startswith(m + ".") for m in chain):
            cycles.append(" -> ".join((importer, *chain)))
    assert not cycles, "\n".join(cycles)


def test_the_cycle_check_finds_a_planted_cycle(tmp_path: Path, monkeypatch) -> None:
    """The check above can fail: a package with a function-level cycle is caught."""
    pkg = tmp_path / "cyclic_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n    return a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("cyclic_pkg")
    assert graph.find_shortest_chain(importer="cyclic_pkg.b", imported="cyclic_pkg.a")
    assert graph.find_shortest_chain(importer="cyclic_pkg.a", imported="cyclic_pkg.b")


def test_importing_the_engine_loads_no_ui_library() -> None:
    code = (
        "import sys, logger_widget\n"
        "from logger_widget import Game, Position\n"
        "Game.new().play('a1-a3 *b3')\n"
        f"bad = sorted(m for m in {UI_LIBRARIES!r} if m in sys.modules)\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def _functions(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            out.append((node.end_lineno - node.lineno + 1, f"{path.relative_to(ROOT)}:{node.name}"))  # type: ignore[operator]
    return out


def test_architecture_doc_reports_the_longest_function_and_largest_module() -> None:
    """docs/architecture.md names the current longest function and largest module, with their sizes."""
    files = sorted(PACKAGE.rglob("*.py"))
    longest = max(f for p in files for f in _functions(p))
    largest = max((len(p.read_text(encoding="utf-8").splitlines()), str(p.relative_to(ROOT))) for p in files)
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    expected = [
        f"- Longest function: `{longest[1]}` ({longest[0]} lines).",
        f"- Largest module: `{largest[1]}` ({largest[0]} lines).",
    ]
    missing = [line for line in expected if line not in doc]
    assert not missing, "docs/architecture.md, section Size, should say:\n" + "\n".join(expected)

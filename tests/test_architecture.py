"""The package's layers (docs/architecture.md): import-linter contracts, no import cycle, a light engine."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

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


#: The one type-only back edge left: ``TurnInProgress`` annotates the position it starts from
#: (``decisions`` builds positions with that position's own class, never importing ``position``).
TYPE_ONLY_PAIR = {"logger_widget.engine.decisions", "logger_widget.engine.position"}


@pytest.mark.parametrize("type_checking", [False, True], ids=["runtime", "with-type-checking"])
def test_no_import_cycle_between_modules(type_checking: bool) -> None:
    """No module reaches itself through imports: inside functions, and ``TYPE_CHECKING``-only ones too."""
    graph = grimp.build_graph(
        "logger_widget", exclude_type_checking_imports=not type_checking, cache_dir=None
    )
    cycles = []
    for importer, imported in sorted(_runtime_edges(graph)):
        if importer == imported or imported == "logger_widget":
            continue
        # package __init__ re-exports are not cycles of behaviour: skip edges into a parent package
        if importer.startswith(imported + "."):
            continue
        chain = graph.find_shortest_chain(importer=imported, imported=importer)
        if type_checking and {importer, imported} <= TYPE_ONLY_PAIR:
            continue
        if chain and not any(importer.startswith(m + ".") for m in chain):
            cycles.append(" -> ".join((importer, *chain)))
    assert not cycles, "\n".join(cycles)


@pytest.mark.parametrize(
    ("name", "back_import"),
    [
        ("cyclic_pkg", "def f():\n    from . import a\n    return a\n"),  # inside a function
        ("typed_cycle_pkg", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n"),
    ],
)
def test_the_cycle_check_finds_a_planted_cycle(
    name: str, back_import: str, tmp_path: Path, monkeypatch
) -> None:
    """The check above can fail: a cycle through a function-level or a ``TYPE_CHECKING`` import is caught."""
    pkg = tmp_path / name
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text(back_import)
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph(name, exclude_type_checking_imports=False, cache_dir=None)
    assert graph.find_shortest_chain(importer=f"{name}.b", imported=f"{name}.a")
    assert graph.find_shortest_chain(importer=f"{name}.a", imported=f"{name}.b")


#: The board's collaborators (its modes and the bot runner) and what they may not do: reach
#: through the board to the game, the seats or each other, or redraw (docs/architecture.md).
COLLABORATORS = [
    "logger_widget/board/controller.py",
    "logger_widget/board/bot_runner.py",
    "logger_widget/board/modes.py",
    "logger_widget/board/review_mode.py",
    "logger_widget/board/puzzle_mode.py",
    "logger_widget/classroom/tutorial.py",
]
_BOARD_PARTS = ("game", "bots", "_bots", "controller", "_controller", "review", "_review", "lesson", "_seats")
_BOARD_PARTS += ("seat", "lock", "_lock", "set_notice", "replace_game", "replay_ply", "_notice")
_GAME_CHANGES = ("play", "undo", "redo", "discard_redo")


def _reaches(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        where = f"{path.name}:{node.lineno}"
        owner = node.value
        if isinstance(owner, ast.Attribute) and owner.attr == "game" and node.attr in _GAME_CHANGES:
            found.append(f"{where}: .game.{node.attr}")  # a change of the game behind the board's back
        if node.attr in ("redraw", "_redraw", "_draw", "game_changed", "_game_changed") and not (
            isinstance(owner, ast.Name) and owner.id in ("mode", "super")
        ):
            found.append(f"{where}: .{node.attr}")
        if (
            isinstance(owner, ast.Attribute)
            and owner.attr in ("board", "_board")
            and node.attr in _BOARD_PARTS
        ):
            found.append(f"{where}: .{owner.attr}.{node.attr}")  # through a back-pointer to the board
        if isinstance(owner, ast.Attribute) and owner.attr in ("bots", "_bots", "controller", "_controller"):
            found.append(f"{where}: .{owner.attr}.{node.attr}")  # to another collaborator
        if isinstance(owner, ast.Name) and owner.id in ("b", "board") and node.attr in _BOARD_PARTS:
            found.append(f"{where}: {owner.id}.{node.attr}")
    return found


def test_the_boards_collaborators_do_not_reach_through_it() -> None:
    """Controller, bot runner and modes use only the board's Host interface: no back-pointer, no redraw."""
    found = [hit for name in COLLABORATORS for hit in _reaches(ROOT / name)]
    assert not found, "\n".join(found)


def test_the_reach_check_finds_a_reach_through(tmp_path: Path) -> None:
    """The check above can fail: the old controller's habits are caught."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "def commit(self, b):\n"
        "    b.game.play(t)\n"
        "    b.game_changed()\n"
        "    self.board.bots.forget(1)\n"
        "    self.board.controller.steps = []\n"
        "    board.bots.start_hint()\n"
    )
    hits = _reaches(bad)
    for expected in (
        ".game.play",
        ".game_changed",
        ".board.bots",
        ".bots.forget",
        ".board.controller",
        "board.bots",
    ):
        assert any(expected in h for h in hits), (expected, hits)


def test_importing_the_engine_loads_no_ui_library() -> None:
    code = (
        "import sys, logger_widget\n"
        "from logger_widget import Game, Position\n"
        "Game.new().play('a1-a3 *b3')\n"
        f"bad = sorted(m for m in {UI_LIBRARIES!r} if m in sys.modules)\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


#: Class play's one thread: the kernel's class play loop (``online/client.py``'s ``ClassLoop``).
CLASS_PLAY = ["logger_widget/online", "logger_widget/classplay"]


def _waits_and_threads(path: Path) -> list[str]:
    """``file:line`` of each thread started, ``time.sleep`` and blocking queue in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            call = f"{node.value.id}.{node.attr}"
            if call in (
                "threading.Thread",
                "time.sleep",
                "concurrent.futures.ThreadPoolExecutor",
                "queue.Queue",
            ):
                found.append(f"{path.name}:{node.lineno}: {call}")
        if isinstance(node, ast.ImportFrom) and node.module in ("threading", "time", "concurrent.futures"):
            found += [f"{path.name}:{node.lineno}: from {node.module} import {a.name}" for a in node.names]
    return found


def test_class_play_runs_on_its_one_loop_no_other_thread_and_no_sleep() -> None:
    """Every request of class play is a coroutine on the kernel's one loop: no thread of its own, no sleep."""
    found = [
        hit
        for folder in CLASS_PLAY
        for p in sorted((ROOT / folder).glob("*.py"))
        for hit in _waits_and_threads(p)
    ]
    assert [hit.split(":")[0] + hit.split(":", 2)[2] for hit in found] == ["client.py threading.Thread"], (
        found
    )


def test_the_thread_check_finds_a_thread_and_a_sleep(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text("import threading, time\nthreading.Thread(target=print).start()\ntime.sleep(1)\n")
    assert sorted(_waits_and_threads(planted)) == [
        "planted.py:2: threading.Thread",
        "planted.py:3: time.sleep",
    ]


def _functions(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            out.append((node.end_lineno - node.lineno + 1, f"{path.relative_to(ROOT)}:{node.name}"))  # type: ignore[operator]
    return out


def _js_functions(path: Path) -> list[tuple[int, str]]:
    """``(lines, "file:name")`` of each ``function name(…) {…}`` of an ES module (braces matched per line)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for i, line in enumerate(lines):
        m = re.match(r"\s*(?:export\s+)?(?:async\s+)?function\s+(\w+)", line)
        if not m:
            continue
        depth, opened = 0, False
        for j in range(i, len(lines)):
            depth += lines[j].count("{") - lines[j].count("}")
            opened = opened or "{" in lines[j]
            if opened and depth <= 0:
                out.append((j - i + 1, f"{path.name}:{m.group(1)}"))
                break
    return out


def test_architecture_doc_reports_the_longest_function_and_largest_module() -> None:
    """docs/architecture.md names the current longest function and largest module, with their sizes."""
    files = sorted(PACKAGE.rglob("*.py"))
    longest = max(f for p in files for f in _functions(p))
    largest = max((len(p.read_text(encoding="utf-8").splitlines()), str(p.relative_to(ROOT))) for p in files)
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    scripts = sorted(PACKAGE.rglob("*.js"))
    js_longest = max(f for p in scripts for f in _js_functions(p))
    js_largest = max(
        (len(p.read_text(encoding="utf-8").splitlines()), str(p.relative_to(ROOT))) for p in scripts
    )
    expected = [
        f"- Longest function: `{longest[1]}` ({longest[0]} lines).",
        f"- Largest module: `{largest[1]}` ({largest[0]} lines).",
        f"- Longest JavaScript function: `{js_longest[1]}` ({js_longest[0]} lines).",
        f"- Largest JavaScript module: `{js_largest[1]}` ({js_largest[0]} lines).",
    ]
    missing = [line for line in expected if line not in doc]
    assert not missing, "docs/architecture.md, section Size, should say:\n" + "\n".join(expected)


#: the longest a function may be (Python or the ES module): a longer one is split into named steps
MAX_FUNCTION_LINES = 150


def test_no_function_is_longer_than_the_limit() -> None:
    found = [f for p in sorted(PACKAGE.rglob("*.py")) for f in _functions(p)]
    found += [f for p in sorted(PACKAGE.rglob("*.js")) for f in _js_functions(p)]
    too_long = sorted((f for f in found if f[0] > MAX_FUNCTION_LINES), reverse=True)
    assert not too_long, f"functions over {MAX_FUNCTION_LINES} lines: {too_long}"


_PRIVATE_STATE = re.compile(r"\._state\b|\._from_state\(")


def _private_state_reads(files: list[Path]) -> list[str]:
    """``file:line`` of each use of ``Position._state`` / ``Position._from_state`` in these files."""
    return [
        f"{p.relative_to(ROOT) if p.is_relative_to(ROOT) else p}:{n}"
        for p in files
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
        if _PRIVATE_STATE.search(line.split("#", 1)[0])
    ]


def test_outside_the_engine_positions_are_read_through_raw() -> None:
    """``Position.raw`` / ``Position.from_raw`` are the bridge; ``_state`` stays the engine's own."""
    files = sorted(p for p in PACKAGE.rglob("*.py") if (PACKAGE / "engine") not in p.parents)
    assert _private_state_reads(files) == []


def test_the_private_state_check_finds_a_read(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("x = after._state[0]\ny = Position._from_state(s)\nz = p.raw  # p._state\n")
    assert [hit.rsplit(":", 1)[1] for hit in _private_state_reads([bad])] == ["1", "2"]

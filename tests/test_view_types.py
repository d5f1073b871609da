"""The view model's shape is declared once: the TypedDicts of logger_widget/board/panels.py.

Three links, each checked here: every view a board sends has that shape (checked at run time
with typeguard); board.js declares the same shapes as JSDoc types (compared key by key); and
TypeScript (``tsc --checkJs``, from npm) checks board.js's code against those types.
"""

from __future__ import annotations

import re
import subprocess
import types
import typing
from pathlib import Path
from typing import Any

import pytest
from support import Driver, npm_tool
from typeguard import CollectionCheckStrategy, TypeCheckError, check_type

from logger_widget import Game
from logger_widget.board import panels
from logger_widget.board.panels import BoardView
from logger_widget.board.widget import Board

ROOT = Path(__file__).resolve().parents[1]
BOARD_JS = ROOT / "logger_widget" / "board" / "static" / "board.js"

#: Near the end, many mature trees: chops, spawns and protests are all possible.
NEAR_END = "m.m.2/.m.m./m.a.m/.m.s./1.m.. 1 7,6 2,2"


def _new_game() -> Board:
    return Board(["human", "random"], locale="uk", bot_mode="sync", seed=1, autosave=False)


def _chop_stage() -> Board:
    b = Board(["human", "human"], locale="es", bot_mode="sync", record=NEAR_END, autosave=False)
    d = Driver(b)
    assert d.cell("b1") == "ok"
    while d.view["stage"] == "spawn":  # through the spawn choices, to the action step
        assert d.cell(next(c for c, m in d.marks().items() if m == "spawn")) == "ok"
    assert d.send("action", kind="chop") == "ok"
    return b


def _over() -> Board:
    b = Board(["random", "random"], locale="en", bot_mode="sync", seed=2, autosave=False)
    assert b.view["result"] is not None
    return b


def _live_chart() -> Board:
    b = Board(["human", "random"], locale="es", bot_mode="sync", seed=3, autosave=False, live_chart=True)
    assert b.view["chart"] is not None
    return b


def _setup() -> Board:
    return Board(["human", "random", "human"], locale="en", bot_mode="sync", corners="choose", autosave=False)


def _review() -> Board:
    game = Game.new(2)
    game.play("a1-a3 *b3")
    game.play("e5-e3 *d3")
    b = Board(["human", "human"], locale="en", bot_mode="sync", record=game, autosave=False, seed=0)
    assert Driver(b).send("review", op="open") == "ok" and b.view["review"]["step"] is not None
    return b


def _lesson() -> Board:
    from logger_widget.classroom.tutorial import LESSONS, lesson_board

    return lesson_board(LESSONS[0].key, "uk", bot_mode="sync")


def _puzzle() -> Any:
    from logger_widget.board import PuzzleBoard

    board = PuzzleBoard(locale="es", bot_mode="sync")
    assert board.view["puzzle"]["id"]
    return board


def check(view: dict[str, Any]) -> None:
    """Raise typeguard's TypeCheckError unless ``view`` is a :class:`BoardView` (every item of every list)."""
    check_type(view, BoardView, collection_check_strategy=CollectionCheckStrategy.ALL_ITEMS)


BOARDS = {
    "new game": _new_game,
    "chop stage": _chop_stage,
    "game over": _over,
    "live chart": _live_chart,
    "choosing corners": _setup,
    "review": _review,
    "lesson": _lesson,
    "puzzle": _puzzle,
}


@pytest.mark.parametrize("make", BOARDS.values(), ids=BOARDS.keys())
def test_every_view_a_board_sends_has_the_declared_shape(make: Any) -> None:
    board = make()
    check(board.view)


def test_the_chop_stage_is_a_view_with_previews() -> None:
    """The scenario above reaches what it is named after (so the previews' shape is checked)."""
    view = _chop_stage().view
    assert view["stage"] == "chop" and view["previews"], (view["stage"], view["previews"])


def test_the_shape_check_finds_a_missing_an_extra_and_a_mistyped_key() -> None:
    view = _new_game().view
    check(view)
    for broken in (
        {k: v for k, v in view.items() if k != "lpn"},
        {**view, "lpm": view["lpn"]},
        {
            **view,
            "cells": [*view["cells"][:4], [*view["cells"][4][:4], {**view["cells"][4][4], "logger": "1"}]],
        },
        {**view, "players": [view["players"][0], {**view["players"][1], "score": None}]},
        {**view, "review": {**view["review"], "status": {"kind": "replay"}}},
    ):
        with pytest.raises(TypeCheckError):
            check(broken)


# ---------------------------------------------------------------- board.js declares the same shapes


def js_type(hint: Any) -> str:
    """The JSDoc spelling of a Python type hint of panels.py (``list[str] | None`` → ``string[]|null``)."""
    if hint is type(None):
        return "null"
    if hint is Any:
        return "any"
    simple = {str: "string", int: "number", float: "number", bool: "boolean"}
    if hint in simple:
        return simple[hint]
    if typing.is_typeddict(hint):
        return hint.__name__
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        return "|".join([js_type(a) for a in rest] + (["null"] if len(rest) < len(args) else []))
    if origin is list:
        inner = js_type(args[0])
        return f"({inner})[]" if "|" in inner else f"{inner}[]"
    if origin is dict:
        return f"Object<{js_type(args[0])}, {js_type(args[1])}>"
    raise TypeError(f"no JSDoc spelling for {hint!r}")


def python_shapes() -> dict[str, dict[str, str]]:
    """Every TypedDict of panels.py: key → JSDoc type (``[key]`` for a key that may be missing)."""
    out = {}
    for name in panels.__all__:
        td = getattr(panels, name)
        hints = typing.get_type_hints(td)
        out[name] = {(k if k in td.__required_keys__ else f"[{k}]"): js_type(t) for k, t in hints.items()}
    return out


_TYPEDEF = re.compile(r"/\*\*((?:(?!\*/).)*?@typedef \{object\} (\w+)(?:(?!\*/).)*)\*/", re.S)
_PROPERTY = re.compile(r"@property \{([^}]*)\} (\[?\w+\]?)")


def js_shapes(source: str) -> dict[str, dict[str, str]]:
    """Every ``@typedef {object} Name`` of an ES module with its ``@property {type} key`` lines."""
    return {
        m[2]: {key: t.replace(" ", "").replace(",", ", ") for t, key in _PROPERTY.findall(m[1])}
        for m in _TYPEDEF.finditer(source)
    }


def shape_differences(python: dict[str, dict[str, str]], js: dict[str, dict[str, str]]) -> list[str]:
    out = []
    for name in sorted(set(python) | set(js)):
        if name not in js:
            out.append(f"{name}: declared in panels.py, not in board.js")
        elif name not in python:
            out.append(f"{name}: declared in board.js, not in panels.py")
        elif python[name] != js[name]:
            for key in sorted(set(python[name]) | set(js[name])):
                py_t, js_t = python[name].get(key), js[name].get(key)
                if py_t != js_t:
                    out.append(f"{name}.{key}: panels.py says {py_t}, board.js says {js_t}")
    return out


def test_board_js_declares_the_shapes_of_panels_py() -> None:
    differences = shape_differences(python_shapes(), js_shapes(BOARD_JS.read_text(encoding="utf-8")))
    assert not differences, "board.js's JSDoc types and board/panels.py disagree:\n" + "\n".join(differences)


def test_the_comparison_finds_a_changed_key() -> None:
    python = python_shapes()
    js = js_shapes(BOARD_JS.read_text(encoding="utf-8"))
    assert set(js) == set(python) and js["CellView"]["logger"] == "number|null"
    changed = {**js, "CellView": {**js["CellView"], "logger": "number"}}
    assert shape_differences(python, changed) == [
        "CellView.logger: panels.py says number|null, board.js says number"
    ]
    missing = {k: v for k, v in js.items() if k != "ChartPanel"}
    assert shape_differences(python, missing) == ["ChartPanel: declared in panels.py, not in board.js"]


# ---------------------------------------------------------------- TypeScript checks board.js against them


def typecheck(path: Path) -> subprocess.CompletedProcess[str]:
    """``tsc --noEmit --checkJs`` on one ES module (the browser's DOM types)."""
    cmd = [
        str(npm_tool(".bin/tsc")),
        "--noEmit",
        "--allowJs",
        "--checkJs",
        "--strictNullChecks",
        "--target",
        "es2022",
    ]
    cmd += ["--module", "es2022", "--lib", "es2022,dom,dom.iterable", str(path)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.lint
def test_typescript_finds_no_type_error_in_board_js() -> None:
    out = typecheck(BOARD_JS)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.lint
def test_typescript_finds_no_type_error_in_the_lobbys_module() -> None:
    out = typecheck(BOARD_JS.parents[2] / "classplay" / "static" / "lobby.js")
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.lint
def test_typescript_finds_a_misspelt_key_of_the_view(tmp_path: Path) -> None:
    """The check can fail: a panel that reads a key the view does not have is a type error."""
    source = BOARD_JS.read_text(encoding="utf-8")
    assert "view.status.text" in source
    bad = tmp_path / "board.js"
    bad.write_text(source.replace("view.status.text", "view.status.txt", 1), encoding="utf-8")
    out = typecheck(bad)
    assert out.returncode != 0 and "'txt' does not exist on type 'StatusPanel'" in out.stdout, out.stdout


def test_every_draw_in_the_test_suite_is_checked_so_an_undeclared_key_fails() -> None:
    """tests/conftest.py checks every view a board draws: a mode adding an undeclared panel fails at once."""
    from logger_widget.board.host import BaseMode

    class Leaky(BaseMode):
        name = "leaky"

        def panels(self, view: Any, tr: Any) -> dict[str, Any]:
            return {"extra": 1}

    with pytest.raises(TypeCheckError):
        Board(["human", "human"], locale="en", bot_mode="sync", autosave=False, mode=Leaky())

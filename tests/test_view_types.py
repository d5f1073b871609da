"""The view model's shape is declared once: the TypedDicts of logger_widget/board/panels.py.

Three links, each checked here: every view a board sends has that shape (checked at run time
with typeguard); board.js declares the same shapes as JSDoc types (compared key by key); and
TypeScript (``tsc --checkJs``, from npm) checks board.js's code against those types. Every kind of
board (lesson, puzzle, own mistakes, class game) is drawn here, and each is a ``Board`` made with its
mode, never a wrapper around one.
"""

from __future__ import annotations

import concurrent.futures
import re
import shutil
import subprocess
import tempfile
import types
import typing
import weakref
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import ipywidgets  # type: ignore[import-untyped]
import pytest
from support import Driver, npm_tool
from typeguard import CollectionCheckStrategy, TypeCheckError, check_type

from logger_widget import Game, Position
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
    from logger_widget.classroom.tutorial import LESSONS, LessonBoard

    return LessonBoard(LESSONS[0].key, "uk", bot_mode="sync")


def _puzzle() -> Any:
    from logger_widget.board import PuzzleBoard

    board = PuzzleBoard(locale="es", bot_mode="sync")
    assert board.view["puzzle"]["id"]
    return board


def _mistakes() -> Any:
    """A board of the pupil's own puzzles, answered wrong (the verdict, the schedule, the coach's sentence)."""
    from logger_widget.board import MistakesBoard
    from logger_widget.progress import PersonalPuzzle, Progress
    from logger_widget.progress.schedule import new_card
    from logger_widget.puzzles import load_puzzles

    puzzle = load_puzzles()[3]
    played = next(t for t in puzzle.position.legal_turns() if not puzzle.is_solution(t))
    when = datetime(2026, 12, 1, 10, tzinfo=timezone.utc)
    card, due = new_card(when)
    folder = tempfile.mkdtemp(prefix="lw-mistakes-")
    progress = Progress.open(f"sqlite:///{folder}/progress.sqlite", pupil="ann")
    progress._put_personal(
        PersonalPuzzle(
            id="m-1", game="g-1", ply=1, lpn=puzzle.lpn, seat=puzzle.seat, played=played.notation(),
            label="mistake", loss=0.3, best=sorted(puzzle.solutions)[0], played_value=0.2, best_value=0.5,
            solutions=puzzle.solutions, value=10.0, bound=5.0, theme=puzzle.theme, card=card, due=due,
            created=when,
        )
    )  # fmt: skip
    board = MistakesBoard(locale="uk", progress=progress, bot_mode="sync")
    weakref.finalize(board, shutil.rmtree, folder, True)
    board.play(played)
    assert board.view["puzzle"]["result"] == "wrong" and board.view["stage"] == "solved"
    return board


class _Unsent:
    """A pupil's class client whose requests never leave the kernel (the board's view is what is read)."""

    who = "olena"

    def submit(self, coro: Any) -> concurrent.futures.Future[Any]:
        coro.close()
        return concurrent.futures.Future()  # never answered


def _class_game(**info: Any) -> Any:
    from logger_widget.classplay import OnlineBoard

    seats = [{"player": "olena", "online": True}, {"player": "diego", "online": True}]
    game = {"id": 7, "seats": seats, "status": "active", "start": Position.initial(2).to_lpn(), "turns": [],
            "last_seq": 0, "result": None, "you": [1], **info}  # fmt: skip
    return OnlineBoard(7, "es", _Unsent(), info=game)  # type: ignore[arg-type]


def _online() -> Any:
    board = _class_game()
    assert board.view["online"]["state"] == "my_turn" and board.view["resign"]["shown"]
    return board


def _online_resigned() -> Any:
    board = _class_game(status="finished", result={"reason": "resign", "left": [2], "winners": [1]}, you=[])
    assert board.view["online"]["state"] == "over" and board.view["online"]["watching"]
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
    "own mistakes": _mistakes,
    "class game": _online,
    "class game watched, resigned": _online_resigned,
}


@pytest.mark.parametrize("make", BOARDS.values(), ids=BOARDS.keys())
def test_every_view_a_board_sends_has_the_declared_shape(make: Any) -> None:
    board = make()
    check(board.view)


def test_the_chop_stage_is_a_view_with_previews() -> None:
    """The scenario above reaches what it is named after (so the previews' shape is checked)."""
    view = _chop_stage().view
    assert view["stage"] == "chop" and view["previews"], (view["stage"], view["previews"])


# ---------------------------------------------------------------- every kind of board is a Board

#: a board of each kind the package exports, made with its mode (a new kind gets a maker here and in BOARDS)
KINDS = {"LessonBoard": _lesson, "PuzzleBoard": _puzzle, "MistakesBoard": _mistakes, "OnlineBoard": _online}


def exported_kinds() -> dict[str, type]:
    """Every kind of board the package exports: its public names ending in ``Board``, but ``Board``."""
    from logger_widget import board, classplay
    from logger_widget.classroom import tutorial

    return {
        name: getattr(module, name)
        for module in (board, classplay, tutorial)
        for name in module.__all__
        if name.endswith("Board") and name != "Board"
    }


def test_every_exported_kind_of_board_is_a_board_that_delegates_nothing() -> None:
    """One way to make a board with a mode: a subclass of Board, never a wrapper reaching one through __getattr__."""
    kinds = exported_kinds()
    assert set(kinds) == set(KINDS), "a new kind of board needs a maker in KINDS (and in BOARDS)"
    for name, kind in kinds.items():
        assert issubclass(kind, Board), f"{name} is not a Board"
        for klass in kind.__mro__[: kind.__mro__.index(Board)]:
            delegating = {"__getattr__", "__getattribute__", "__setattr__"} & vars(klass).keys()
            assert not delegating, f"{klass.__name__} defines {sorted(delegating)}"


@pytest.mark.parametrize("name", KINDS)
def test_each_kind_of_board_is_the_widget_the_notebook_shows(name: str) -> None:
    """No board inside a board: the board made is the widget displayed, and it holds no other widget."""
    board = KINDS[name]()
    assert isinstance(board, exported_kinds()[name])
    held = sorted(key for key, value in vars(board).items() if isinstance(value, ipywidgets.Widget))
    assert not held, f"{name} holds the widgets {held}"
    shown = board._repr_mimebundle_()[0]["application/vnd.jupyter.widget-view+json"]
    assert shown["model_id"] == board.model_id


def test_closing_a_class_game_board_ends_its_requests_and_closes_the_widget() -> None:
    board = _online()
    following = board.mode._feed
    assert following is not None and not following.cancelled() and board.comm is not None
    board.close()
    assert following.cancelled() and board.mode.requests.closed
    assert board.comm is None  # ipywidgets' close: the front end removes the board's views


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

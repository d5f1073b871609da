"""The one SVG renderer of a position (:mod:`logger_widget.svg`) and the service that draws with it load no UI."""

from __future__ import annotations

import json
import subprocess
import sys

from logger_widget import Game, Turn
from logger_widget.i18n import Translator
from logger_widget.svg import board_svg, move_path

#: What a kernel's board needs and a web service must not load (traitlets comes with JupyterHub's auth).
UI = ("anywidget", "ipywidgets", "IPython", "matplotlib", "logger_widget.board")


def test_the_class_game_service_and_the_renderer_load_no_ui_library() -> None:
    code = (
        "import sys, json\n"
        "import logger_widget.service.app, logger_widget.service.dashboard, logger_widget.svg\n"
        f"print(json.dumps(sorted(m for m in {UI!r} if m in sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert json.loads(out.stdout) == []


def test_the_renderer_draws_the_position_and_the_last_turns_path() -> None:
    game = Game.new(2)
    before = game.position
    game.play("a1-a3 *b3")
    svg = board_svg(game.position, Translator("en"), label="Game 1", last=(before, game.turns[-1]))
    assert svg.startswith("<svg") and svg.endswith("</svg>") and 'aria-label="Game 1"' in svg
    assert svg.count("data-cell=") == 25
    assert 'class="last-turn" points="100,500 100,400 100,300"' in svg  # a1, a2, a3: the cells' centres
    assert move_path(before, Turn.parse("a1-a3")) == ["a1", "a2", "a3"]


def test_every_board_draws_its_pieces_with_this_renderer() -> None:
    """The widget's front end gets its pieces' markup from here and draws none of its own.

    Before, ``board.js`` had its own trees and pawns (other colours than the dashboard's): a
    colour changed in the palette changed one board and not the other.
    """
    from pathlib import Path

    from logger_widget.board.view import static_view
    from logger_widget.palette import SEAT_COLOURS, TREE_COLOURS
    from logger_widget.svg import logger, pieces, tree

    js = (Path(__file__).parents[1] / "logger_widget/board/static/board.js").read_text(encoding="utf-8")
    for drawn in ("M28 86 Q28 56 40 48", "M25 60 L50 18 L75 60 Z", TREE_COLOURS["tiers"][0], "#7cc68a"):
        assert drawn not in js, f"board.js draws a piece of its own ({drawn})"
    assert static_view(Translator("uk"))["pieces"] == pieces()
    # the dashboard's board: the same markup in its cells
    position = Game.new(2).position  # the start: both loggers in their corners, trees of each stage
    svg = board_svg(position, Translator("en"), label="Game 1")
    for cell, stage in position.trees.items():
        assert tree(stage, cell in position.protested) in svg
    for seat in (1, 2):
        assert logger(seat) in svg and SEAT_COLOURS[seat] in logger(seat)
    assert TREE_COLOURS["seedling"] in tree("seedling") and TREE_COLOURS["tiers"][2] in tree("mature")

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

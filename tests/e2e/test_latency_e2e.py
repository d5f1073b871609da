"""Benchmark-like browser test: click → redraw latency at 800 px, and on a 1,000-turn game.

The figures (median, p95 of click → next frame after the redraw, and the board's own
draw time ``data-draw-ms``) are written to ``tests/e2e/screenshots/latency-long.json``
and reported in ``docs/benchmarks.md``. The goals are median ≤ 100 ms and p95 ≤ 250 ms,
and the redraw at turn 1,000 within 1.5× of turn 10; the asserted bounds are loose
(a 2-core CI machine shared with other jobs).
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

import pytest
from board_helpers import ROOT, _percentile, click_at_and_wait, latency_samples, open_board

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
Lab = Any

#: Both loggers walled in by protested trees, 20 trees: every turn is a stay with no action,
#: so a game with the repetition rule off goes on for ever (1,000 turns in a fraction of a second).
WALLED = "mm.p2/mm.mp/mm.mm/pm.mm/1p.mm 1 0,0 0,0"

_GAME = """
import random
from logger_widget import Board, Game, Position
game = Game(Position.from_lpn({lpn!r}), repetition_rule=False)
rng = random.Random(1)
while len(game.turns) < {turns}:
    game.play(rng.choice(list(game.position.legal_turns())))
board = Board(players=['human', 'human'], locale='uk', record=game, repetition_rule=False)
board
"""


def _measure(page: Any, clicks: int) -> dict[str, float]:
    """Click the mover's logger (a whole turn) ``clicks`` times; latency and draw-time figures."""
    page.evaluate("() => { window.__lwLat.samples = []; }")
    draws: list[float] = []
    for _ in range(clicks):
        seat = page.get_attribute(ROOT, "data-to-move")
        cell = "a1" if seat == "1" else "e5"
        v0 = int(page.get_attribute(ROOT, "data-version"))
        page.click(f"[data-cell={cell}]")
        page.wait_for_function(
            "v => Number(document.querySelector('.lw-board')?.dataset.version) > v", arg=v0, timeout=30_000
        )
        page.wait_for_timeout(30)
        draws.append(float(page.get_attribute(ROOT, "data-draw-ms")))
    samples = latency_samples(page)
    return {
        "n": len(samples),
        "median_ms": round(statistics.median(samples), 1),
        "p95_ms": round(_percentile(samples, 0.95), 1),
        "draw_median_ms": round(statistics.median(draws), 2),
    }


def test_click_to_redraw_at_800px_and_on_a_long_game(page: Any, lab: Lab, screenshots: Path) -> None:
    page.set_viewport_size({"width": 800, "height": 900})
    figures: dict[str, Any] = {}
    for turns in (10, 1000):
        open_board(page, lab, f"long_{turns}.ipynb", _GAME.format(lpn=WALLED, turns=turns))
        click_at_and_wait(page, f"{ROOT} [data-cell=c3]")  # warm up (a refused click)
        figures[f"turn_{turns}"] = _measure(page, 16)
    short, long = figures["turn_10"], figures["turn_1000"]
    figures["ratio_median_1000_vs_10"] = round(long["median_ms"] / short["median_ms"], 2)
    figures["ratio_draw_1000_vs_10"] = round(long["draw_median_ms"] / max(short["draw_median_ms"], 0.01), 2)
    print("\nlatency at 800 px:", json.dumps(figures, indent=2))
    (screenshots / "latency-long.json").write_text(json.dumps(figures, indent=2) + "\n")
    # loose bounds for a loaded 2-core machine (goals: median <= 100 ms, p95 <= 250 ms,
    # turn 1000 within 1.5x of turn 10; the measured figures are in docs/benchmarks.md)
    for f in (short, long):
        assert f["median_ms"] <= 1000 and f["p95_ms"] <= 3000, figures
    assert figures["ratio_median_1000_vs_10"] <= 3 and figures["ratio_draw_1000_vs_10"] <= 3, figures

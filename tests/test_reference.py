"""Cross-check the bitboard engine against the independent naive model (tests/reference)."""

from __future__ import annotations

import random

import pytest
from reference import naive
from support import successor_lpns, tricky_positions

from logger_widget import Position
from logger_widget.engine import core


@pytest.mark.parametrize("comment, lpn", tricky_positions())
def test_tricky_positions_agree(comment: str, lpn: str) -> None:
    assert successor_lpns(lpn) == naive.successors(lpn), comment


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_positions_agree(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for _ in range(12):
        state = Position.initial(players)._state
        for _ in range(150):
            if core.is_terminal(state):
                break
            if rng.random() < 0.25:
                lpn = Position._from_state(state).to_lpn()
                assert successor_lpns(lpn) == naive.successors(lpn), lpn
                assert core.is_terminal(state) == naive.is_game_over(lpn)
                checked += 1
            state = core.random_turn(state, rng)[4]
    assert checked > 50

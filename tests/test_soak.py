"""Soak: thousands of random games for 2, 3 and 4 players all end with a valid outcome."""

from __future__ import annotations

import random

import pytest

from logger_widget import Game, Position
from logger_widget.engine import core
from logger_widget.engine.outcome import decide


@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_random_games_end_validly(players: int) -> None:
    rng = random.Random(1000 + players)
    start = Position.initial(players)._state
    reasons = {"target": 0, "limit": 0}
    for _ in range(1500):
        state, turns = core.playout(start, rng, max_turns=400)
        if core.is_terminal(state):
            reasons["target"] += 1
            outcome = decide(state[core.SCORES], state[core.SUPPLIES], "target")
            assert max(state[core.SCORES]) >= 10
            assert all(state[core.SCORES][w - 1] == max(state[core.SCORES]) for w in outcome.winners)
        else:
            reasons["limit"] += 1
            assert turns == 400
        assert sum(state[core.SUPPLIES]) + state[core.PROTESTED].bit_count() == core.total_protesters(players)
    assert reasons["target"] > 1400


@pytest.mark.parametrize("players", [2, 3, 4])
def test_full_games_through_the_public_api_end_with_an_outcome(players: int) -> None:
    rng = random.Random(players)
    for _ in range(30):
        game = Game.new(players, turn_limit=500)
        while not game.is_over:
            game.play(rng.choice(list(game.legal_turns())))
        outcome = game.outcome
        assert outcome is not None and outcome.reason in ("target", "repetition", "turn_limit")
        assert set(outcome.winners) <= set(range(1, players + 1))
        assert Game.from_json(game.to_json()).outcome == outcome

"""Property tests (hypothesis) over random legal play for 2–4 players."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from support import games

from logger_widget import Game, Position
from logger_widget.engine import core

SETTINGS = settings(max_examples=60, deadline=None)


def invariants(p: Position) -> None:
    seed, sap, mat, prot, loggers, mover, scores, supplies = p._state
    masks = [seed, sap, mat]
    for i, a in enumerate(masks):
        for b in masks[i + 1 :]:
            assert a & b == 0, "one tree per cell"
    assert prot & ~mat == 0, "protesters sit on mature trees"
    assert len(set(loggers)) == len(loggers), "one logger per cell"
    assert all(not (seed | sap | mat) >> c & 1 for c in loggers), "no logger on a tree"
    assert p.tree_count <= 20
    assert prot.bit_count() + sum(supplies) == core.total_protesters(p.players), "protesters conserved"
    assert Position.from_lpn(p.to_lpn()) == p, "LPN round-trip"


@SETTINGS
@given(games())
def test_invariants_hold_along_every_game(game: Game) -> None:
    previous = None
    for p in game.positions:
        invariants(p)
        if previous is not None:
            assert all(a >= b for a, b in zip(p.scores, previous.scores)), "scores never decrease"
        previous = p


@SETTINGS
@given(games())
def test_played_turn_is_a_successor_and_round_trips(game: Game) -> None:
    for before, turn, after in zip(game.positions, game.turns, game.positions[1:]):
        assert after in before.successors()
        assert before.parse_turn(turn.notation()) == turn
        assert after.to_move == before.to_move % before.players + 1


@SETTINGS
@given(games())
def test_record_save_load_gives_the_identical_game(game: Game) -> None:
    loaded = Game.from_json(game.to_json())
    assert loaded.positions == game.positions
    assert loaded.turns == game.turns
    assert loaded.outcome == game.outcome


@SETTINGS
@given(games(), st.integers(0, 80))
def test_undo_redo_is_the_identity(game: Game, k: int) -> None:
    positions, turns = game.positions, game.turns
    k = min(k, len(turns))
    for _ in range(k):
        game.undo()
    assert game.positions == positions[: len(positions) - k]
    for _ in range(k):
        game.redo()
    assert game.positions == positions and game.turns == turns


@SETTINGS
@given(st.integers(2, 4), st.integers(0, 2**32 - 1))
def test_random_turn_policy_plays_legal_turns(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = Position.initial(players)._state
    for _ in range(60):
        if core.is_terminal(state):
            break
        nxt = core.random_turn(state, rng)[4]
        assert nxt in core.successors(state)
        state = nxt

"""The compiled kernel (logger_widget.engine.fast) against the pure-Python engine (core).

Both paths must give identical successor sets, identical legal turns in the
same order, identical next states and identical random games from the same
random numbers. The test environment installs the ``fast`` extra (Numba), so
the compiled path is really exercised here; a test checks that.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import tricky_positions

from logger_widget import Position
from logger_widget.engine import core, fast
from logger_widget.engine.cells import FULL, bits
from logger_widget.engine.outcome import decide

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    assert fast.warm_up(), "the compiled kernel did not start"


def test_numba_is_installed_in_the_test_environment_and_the_kernel_is_compiled() -> None:
    import numba  # noqa: F401  (the dev extra installs it: no silent fallback in the tests)

    assert fast.available() and fast.ready()
    assert fast.compile_seconds() is not None


# --------------------------------------------------------------------------- positions


def game_positions(players: int, games: int, rng: random.Random) -> list[core.State]:
    """Every position of ``games`` random games, the finished ones included."""
    out = []
    for _ in range(games):
        state = Position.initial(players)._state
        out.append(state)
        while not core.is_terminal(state):
            state = core.random_turn(state, rng)[4]
            out.append(state)
    return out


def dense_position(players: int, rng: random.Random) -> core.State:
    """A random legal (not necessarily reachable) position, often with 20 trees and competing spawns."""
    loggers = tuple(rng.sample(range(25), players))
    free = [c for c in range(25) if c not in loggers]
    trees = rng.sample(free, min(len(free), rng.choice((20, 20, 19, 18, rng.randrange(0, 21)))))
    seed = sap = mat = 0
    for c in trees:
        stage = rng.random()
        if stage < 0.2:
            seed |= 1 << c
        elif stage < 0.4:
            sap |= 1 << c
        else:
            mat |= 1 << c
    total = core.total_protesters(players)
    on_board = rng.randrange(0, min(total, mat.bit_count()) + 1)
    prot = sum(1 << c for c in rng.sample(list(bits(mat)), on_board))
    supplies = [0] * players
    for _ in range(total - on_board):
        supplies[rng.randrange(players)] += 1
    # keep the protest subsets (and so the pure-Python run time) bounded: some mature trees become saplings
    while core.PROTEST_SUBSETS[(mat & ~prot).bit_count()][max(supplies)] > 400:
        low = (mat & ~prot) & -(mat & ~prot)
        mat ^= low
        sap |= low
    scores = tuple(rng.choice((0, 3, 7, 9, 10, 12)) for _ in range(players))
    return (seed, sap, mat, prot, loggers, rng.randrange(players), scores, tuple(supplies))


def position_sample(n: int, seed: int = 14) -> list[core.State]:
    rng = random.Random(seed)
    out: list[core.State] = [Position.from_lpn(lpn)._state for _, lpn in tricky_positions()]
    per_players = n * 3 // 4 // 3
    for players in (2, 3, 4):
        found: list[core.State] = []
        while len(found) < per_players:
            found += game_positions(players, 5, rng)
        out += found[:per_players]
    while len(out) < n:
        out.append(dense_position(rng.choice((2, 3, 4)), rng))
    return out


def features(state: core.State) -> set[str]:
    """Which of the hard cases a position exercises."""
    seed, sap, mat, prot, loggers, mover, scores, supplies = state
    found = {f"{len(loggers)} players"}
    trees = seed | sap | mat
    if trees.bit_count() == core.MAX_TREES:
        found.add("20 trees")
    if prot:
        found.add("protested trees")
    if max(scores) >= core.TARGET_SCORE:
        found.add("end game" if not core.is_terminal(state) else "finished")
    if supplies[mover] and mat & ~prot:
        found.add("protest possible")
    for dest in core.destinations(loggers[mover], core.occupied_for_move(state)):
        grown, spawners, free = core.after_growth(state, dest)
        n_trees = (grown[0] | grown[1] | grown[2]).bit_count()
        sets = core.spawn_sets(spawners, free, core.MAX_TREES - n_trees)
        if spawners.bit_count() > 1 and len(sets) > 1 and sets[0].bit_count() < spawners.bit_count():
            found.add("spawn conflict")
        if (
            spawners
            and n_trees + max(s.bit_count() for s in sets) == core.MAX_TREES
            and spawners.bit_count() > 1
        ):
            found.add("spawns capped at 20 trees")
    return found


def check_same(states: list[core.State]) -> Counter[str]:
    seen: Counter[str] = Counter()
    for state in states:
        python_turns = list(core.legal_turns(state))
        assert fast.legal_turns(state) == python_turns, Position._from_state(state).to_lpn()
        assert fast.successors(state) == core.successors(state), Position._from_state(state).to_lpn()
        for turn, after in python_turns[:: max(1, len(python_turns) // 5)]:
            assert fast.apply_turn(state, *turn) == after
        seen.update(features(state))
    return seen


def test_the_position_sample_covers_the_hard_cases() -> None:
    seen: Counter[str] = Counter()
    for state in position_sample(1500):
        seen.update(features(state))
    for case in (
        "2 players",
        "3 players",
        "4 players",
        "20 trees",
        "spawn conflict",
        "spawns capped at 20 trees",
        "protested trees",
        "protest possible",
        "end game",
        "finished",
    ):
        assert seen[case] >= 20, (case, seen)


def test_kernel_and_engine_agree_on_1500_positions() -> None:
    check_same(position_sample(1500))


@pytest.mark.slow
def test_kernel_and_engine_agree_on_10000_positions() -> None:
    seen = check_same(position_sample(10_000, seed=2026))
    assert sum(seen[f"{p} players"] for p in (2, 3, 4)) >= 10_000


def test_row_round_trip() -> None:
    for state in position_sample(200, seed=3):
        assert fast.from_row(fast.to_row(state)) == state


# --------------------------------------------------------------------------- turn sequences and random games


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replaying_the_same_turns_gives_the_same_games(players: int) -> None:
    rng = random.Random(players)
    for _ in range(60):
        state = kernel_state = Position.initial(players)._state
        while not core.is_terminal(state):
            dest, spawn, kind, target, state = core.random_turn(state, rng)
            kernel_state = fast.apply_turn(kernel_state, dest, spawn, kind, target)
            assert kernel_state == state
        assert decide(kernel_state[core.SCORES], kernel_state[core.SUPPLIES], "target") == decide(
            state[core.SCORES], state[core.SUPPLIES], "target"
        )


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), turns=st.integers(1, 120))
def test_random_games_through_the_python_and_the_compiled_rules_pass_the_same_positions(
    players: int, seed: int, turns: int
) -> None:
    """Turn by turn, core.random_turn in Python and compiled: the same turns, positions and successors."""
    from logger_widget.engine.fast import _jit

    draws = np.random.RandomState(seed).random_sample(3 * turns)
    rng = fast._Uniform(draws.tolist())
    state = Position.initial(players)._state
    row = fast.to_row(state)
    dpos = np.zeros(1, dtype=np.int64)
    work = np.empty(4096, dtype=np.int64)
    turn = np.empty(4, dtype=np.int64)
    for _ in range(turns):
        if core.is_terminal(state):
            assert _jit.is_over(row)
            break
        assert not _jit.is_over(row)
        dest, spawn, kind, target, state = core.random_turn(state, rng)
        _jit.random_turn(row, draws, dpos, work, turn)
        assert tuple(turn.tolist()) == (dest, spawn, kind, target)
        assert fast.from_row(row) == state, Position._from_state(state).to_lpn()
        assert fast.successors(state) == core.successors(state), Position._from_state(state).to_lpn()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playouts_from_the_same_numbers_are_the_same_games(players: int) -> None:
    rng = random.Random(10 + players)
    start = Position.initial(players)._state
    for _ in range(30):
        draws = [rng.random() for _ in range(3000)]
        compiled = fast.playout(start, draws, 1000)
        with fast.python_only():
            python = fast.playout(start, draws, 1000)
        assert compiled == python
        assert compiled[1] > 0 and core.is_terminal(compiled[0])
    # and a cut-off playout stops after max_turns
    assert fast.playout(start, [0.5] * 30, 7)[1] == 7


def test_batches_of_games_are_identical_on_both_paths_and_follow_the_policy() -> None:
    start = Position.initial(3)._state
    finals, turns = fast.playouts(start, 400, seed=5, max_turns=1000)
    with fast.python_only():
        py_finals, py_turns = fast.playouts(start, 400, seed=5, max_turns=1000)
    assert (finals == py_finals).all() and (turns == py_turns).all()
    states = [fast.from_row(r) for r in finals]
    assert all(core.is_terminal(s) for s in states)
    # the same policy as core.random_turn with Python's own generator: similar game lengths
    rng = random.Random(5)
    lengths = [core.playout(start, rng)[1] for _ in range(400)]
    assert abs(turns.mean() - sum(lengths) / len(lengths)) < 3.0
    # another seed gives other games
    other, _ = fast.playouts(start, 400, seed=6, max_turns=1000)
    assert not (other == finals).all()


def test_bad_arguments_are_refused_with_the_name() -> None:
    start = Position.initial(2)._state
    with pytest.raises(ValueError, match="games"):
        fast.playouts(start, -1, seed=1)
    with pytest.raises(ValueError, match="seed"):
        fast.playouts(start, 3, seed=-5)
    with pytest.raises(ValueError, match="max_turns"):
        fast.playout(start, [0.5], max_turns=-1)
    with pytest.raises(ValueError, match="exhausted"):
        fast.playout(start, [0.5, 0.5], max_turns=10)
    with fast.python_only(), pytest.raises(ValueError, match="exhausted"):
        fast.playout(start, [0.5, 0.5], max_turns=10)


def test_full_mask_constant_matches() -> None:
    assert fast.to_row(Position.initial(4)._state)[:4].max() <= FULL


# --------------------------------------------------------------------------- without Numba


def test_without_numba_everything_runs_on_the_python_engine() -> None:
    code = (
        "import sys\n"
        "sys.modules['numba'] = None  # as if Numba were not installed\n"
        "from logger_widget import Position\n"
        "from logger_widget.engine import core, fast\n"
        "assert not fast.available() and not fast.warm_up()\n"
        "s = Position.initial(4)._state\n"
        "assert fast.successors(s) == core.successors(s)\n"
        "f, t = fast.playouts(s, 5, seed=1)\n"
        "assert len(t) == 5 and all(core.is_terminal(fast.from_row(r)) for r in f)\n"
        "assert 'numba' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "from logger_widget.bots import MCTSBot\n"
        "p = Position.initial(2)\n"
        "assert MCTSBot(iterations=50, seed=1).choose(p) in set(p.legal_turns())\n"
        "try:\n"
        "    MCTSBot(iterations=50, kernel=True).choose(p)\n"
        "except RuntimeError as e:\n"
        "    assert 'Numba' in str(e)\n"
        "else:\n"
        "    raise AssertionError('kernel=True without Numba must fail')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_importing_the_engine_does_not_import_numba() -> None:
    code = (
        "import sys, logger_widget\n"
        "from logger_widget import Game\n"
        "from logger_widget.engine import fast\n"
        "Game.new().play('a1-a3 *b3')\n"
        "assert 'numba' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# --------------------------------------------------------------------------- MCTS on the kernel


def mid_game(players: int, turns: int = 10, seed: int = 4) -> Position:
    rng = random.Random(seed)
    state = Position.initial(players)._state
    for _ in range(turns):
        state = core.random_turn(state, rng)[4]
    return Position._from_state(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_compiled_mcts_plays_legal_turns_reproducibly(players: int) -> None:
    from logger_widget.bots import MCTSBot

    position = mid_game(players)
    bot = MCTSBot(iterations=400, seed=9, kernel=True)
    turn = bot.choose(position)
    assert turn in set(position.legal_turns())
    assert bot.last_stats["iterations"] == 400 and bot.last_stats["nodes"] <= 401
    ranked = MCTSBot(iterations=400, seed=9, kernel=True).analyse(position)
    assert MCTSBot(iterations=400, seed=9, kernel=True).analyse(position) == ranked
    assert ranked[0].turn == turn
    assert [c.visits for c in ranked] == sorted((c.visits for c in ranked), reverse=True)
    assert sum(c.visits for c in ranked) == 400


def test_compiled_mcts_takes_the_big_chop() -> None:
    from logger_widget.bots import MCTSBot

    # seat 1 on a1 with three mature trees in a row to its right: chopping b1 fells all three
    position = Position.from_lpn("....2/...../...../...../1mmm. 1 0,0 2,2")
    turn = MCTSBot(iterations=300, seed=1, kernel=True).choose(position)
    after = position.play(turn)
    assert after.scores[0] == 3, turn


def test_compiled_mcts_honours_ordering_and_evaluation_like_the_python_search() -> None:
    """``ordering=False`` tries children in random order; ``evaluation=False`` scores leaves on the points.

    The compiled search used to ignore both (the textbook MCTS of docs/bots.md was not textbook there).
    """
    from logger_widget.bots import MCTSBot
    from logger_widget.bots.mcts import playout_reward

    position = Position.from_lpn("....2/...../...../...../1mmm. 1 0,0 2,2")  # b1 fells three trees
    for seed in range(8):  # one iteration: the first child tried is the turn played
        ordered = MCTSBot(iterations=1, seed=seed, kernel=True).choose(position)
        assert position.play(ordered).scores[0] == 3, ordered
    unordered = {
        MCTSBot(iterations=1, seed=seed, kernel=True, ordering=False).choose(position) for seed in range(8)
    }
    assert len(unordered) >= 4 and any(position.play(t).scores[0] < 3 for t in unordered), unordered
    for evaluation in (True, False):
        bot = MCTSBot(iterations=1, seed=2, kernel=True, playout_turns=0, evaluation=evaluation)
        [candidate] = bot.analyse(position)
        after = position.play(candidate.turn)._state
        expected = bot._evaluate(after) if evaluation else playout_reward(after, bot.margin)
        assert candidate.value == pytest.approx(expected[0]), (evaluation, candidate)


def test_mcts_kernel_argument_is_checked() -> None:
    from logger_widget.bots import MCTSBot

    with pytest.raises(ValueError, match="kernel"):
        MCTSBot(kernel="yes")  # type: ignore[arg-type]


def test_random_outcomes_for_classroom_experiments() -> None:
    outcomes = fast.random_outcomes(2, 300, seed=3, turn_limit=400)
    with fast.python_only():
        assert fast.random_outcomes(2, 300, seed=3, turn_limit=400) == outcomes
    assert {o.reason for o in outcomes} <= {"target", "turn_limit"}
    assert all(max(o.scores) >= core.TARGET_SCORE for o in outcomes if o.reason == "target")
    rate = sum(o.points(1) for o in outcomes) / len(outcomes)
    assert 0.3 < rate < 0.7  # random play: near an even share (the exercise measures it)
    cut = fast.random_outcomes(4, 20, seed=3, turn_limit=5)
    assert all(o.reason == "turn_limit" and len(o.scores) == 4 for o in cut)
    with pytest.raises(ValueError, match="players"):
        fast.random_outcomes(5, 1, seed=1)
    with pytest.raises(ValueError, match="turn_limit"):
        fast.random_outcomes(2, 1, seed=1, turn_limit=0)


def test_the_first_player_exercise_runs_many_random_games_on_the_kernel() -> None:
    from logger_widget.classroom import exercises as ex

    data = ex.simulate_first_player(games=ex.FAST_GAMES, seed=7, progress=False)
    expected = fast.random_outcomes(2, ex.FAST_GAMES, 7, turn_limit=400)
    assert data.points == tuple(o.points(1) for o in expected) and data.n == ex.FAST_GAMES
    low, high = data.interval()
    assert 0.35 < low < data.rate < high < 0.6
    assert data.wins + data.losses + data.shared == data.n


def test_background_warm_up_is_started_only_for_bots_that_use_the_kernel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from logger_widget.bots import GreedyBot, MCTSBot, mcts

    asked: list[bool] = []
    monkeypatch.setattr(fast, "warm_up", lambda background=False: asked.append(background) or True)
    mcts.warm_up_in_background(GreedyBot())
    mcts.warm_up_in_background(MCTSBot(kernel=False))
    assert asked == []
    mcts.warm_up_in_background(MCTSBot(iterations=10))
    assert asked[:1] == [True]  # (the search's own loader may then ask to wait, in its thread)


def test_the_first_bot_move_on_a_fresh_install_does_not_wait_for_the_compiler(tmp_path: Path) -> None:
    """A board with a bot seat in a fresh process with an empty Numba cache.

    ``benchmarks/bench_first_move.py --child`` builds the board on an asyncio
    loop (standing in for the kernel's), plays the pupil's first turn and
    waits for the bot's reply while a ticker measures how long the loop was
    blocked. Numba must be imported off the main thread, the reply must come
    from the Python search (the compile of a cold cache takes far longer
    than the reply), and the loop must never be blocked for 2 s.
    """
    import json
    import os

    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba-cache"))
    script = ROOT / "benchmarks" / "bench_first_move.py"
    out = subprocess.run(
        [sys.executable, str(script), "--child", "--no-wait"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert not result["numba_imported_on_main_thread"], result
    assert not result["reply_compiled"], result  # the fallback answered; the compiler was still busy
    assert result["max_gap_until_reply_s"] < 2.0, result

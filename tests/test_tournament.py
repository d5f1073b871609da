"""Tests of games between bots, tournaments, executors, intervals and ratings."""

from __future__ import annotations

import itertools
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from math import log10
from statistics import NormalDist

import pytest

from logger_widget import Action, Game, Position, Turn
from logger_widget.bots import BotError, MCTSBot
from logger_widget.bots.base import derive_seed
from logger_widget.tournament import GameResult, Tournament, play_game, round_robin, seat_rotated
from logger_widget.tournament.ratings import Z95, Comparison, bradley_terry, elo, wilson_interval

# --------------------------------------------------------------------------- misbehaving bots
# (module level, so that they could be pickled)


def crasher(position: Position) -> Turn:
    raise KeyError("boom")


def late_crasher(position: Position) -> Turn:
    if position.mature_trees:
        raise ZeroDivisionError("no more ideas")
    return next(position.legal_turns())


def illegal(position: Position) -> Turn:
    here = position.logger(position.to_move)
    return Turn(here, here, (), Action("chop", ("c3",)))  # c3 is never next to a corner


def garbage(position: Position) -> object:
    return 42


def bad_notation(position: Position) -> str:
    return "a1-z9 !!"


def sleeper(position: Position) -> Turn:
    time.sleep(0.3)
    return next(position.legal_turns())


def first_legal(position: Position) -> Turn:
    return next(position.legal_turns())


START_2 = Position.initial(2).to_lpn()


# --------------------------------------------------------------------------- play_game


def test_play_game_records_names_and_derived_seeds() -> None:
    game = play_game(["random", "greedy"], seed=5)
    assert isinstance(game, Game) and game.is_over
    assert game.metadata["names"] == ["random", "greedy"]
    assert game.metadata["seeds"] == [derive_seed(5, "seat", 1), derive_seed(5, "seat", 2)]
    assert game.metadata["game_seed"] == 5
    again = play_game(["random", "greedy"], seed=5)
    assert again.turns == game.turns
    other = play_game(["random", "greedy"], seed=6)
    assert other.turns != game.turns
    # the record replays
    assert Game.from_record(game.to_record()).position == game.position


def test_play_game_turn_limit_and_start() -> None:
    game = play_game(["random", "random"], seed=1, turn_limit=3)
    assert len(game.turns) == 3 and game.end_reason == "turn_limit"
    three = play_game(["random", first_legal, "random"], seed=2, turn_limit=30)
    assert three.players == 3
    with pytest.raises(ValueError, match="one bot per seat"):
        play_game(["random", "random", "random"], start=START_2)


@pytest.mark.parametrize(
    "bot,kind,words",
    [
        (crasher, "exception", "raised KeyError"),
        (illegal, "illegal", "illegal turn"),
        (garbage, "type", "returned int 42"),
        (bad_notation, "illegal", "not a legal turn"),
    ],
)
def test_misbehaving_bots_raise_bot_error(bot: object, kind: str, words: str) -> None:
    with pytest.raises(BotError) as info:
        play_game(["random", bot], seed=3)
    err = info.value
    assert err.kind == kind and err.seat == 2 and err.name == bot.__name__  # type: ignore[attr-defined]
    assert words in str(err) and bot.__name__ in str(err)  # type: ignore[attr-defined]
    assert err.lpn == err.game.position.to_lpn() and err.lpn in str(err)
    assert err.game.position.to_move == 2


def test_bot_error_after_some_turns_names_the_position() -> None:
    with pytest.raises(BotError) as info:
        play_game([late_crasher, "greedy"], seed=1)
    err = info.value
    assert err.kind == "exception" and "ZeroDivisionError: no more ideas" in str(err)
    assert len(err.game.turns) > 0 and Position.from_lpn(err.lpn).mature_trees


def test_time_overrun_is_a_bot_error() -> None:
    with pytest.raises(BotError) as info:
        play_game([sleeper, "random"], seed=1, time_limit=0.05, time_tolerance=0.05)
    assert info.value.kind == "time" and "budget of 0.05 s" in str(info.value)
    # the bot's own budget is used when no time limit is given
    slow = MCTSBot(seconds=0.01, seed=1, name="slow")
    slow.choose = sleeper  # type: ignore[method-assign]
    with pytest.raises(BotError, match="slow"):
        play_game([slow, "random"], time_tolerance=0.05)


# --------------------------------------------------------------------------- tournaments


def test_round_robin_swaps_seats_and_forfeits_misbehaving_bots() -> None:
    t = round_robin(
        ["random", crasher, first_legal], games_per_pair=2, seed=1, executor="serial", progress=False
    )
    assert [g.entrants for g in t.games] == [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    assert [g.index for g in t.games] == list(range(6))
    for g in t.games:
        if 1 in g.entrants:
            seat = g.entrants.index(1) + 1
            assert g.reason == "forfeit" and g.forfeit_seat == seat
            assert g.winners == (3 - seat,) and g.points[seat - 1] == 0.0
            assert "KeyError" in (g.error or "")
        else:
            assert g.reason in ("target", "repetition", "turn_limit") and g.forfeit_seat is None
    standings = {s.name: s for s in t.standings()}
    assert standings["crasher"].forfeits == 4 and standings["crasher"].points == 0.0
    assert standings["crasher"].losses == 4
    assert standings["random"].games == 4
    with pytest.raises(BotError):
        round_robin(
            ["random", crasher], games_per_pair=1, executor="serial", progress=False, on_error="raise"
        )


def test_seat_rotated_tables_and_forfeits() -> None:
    t = seat_rotated(
        ["random", first_legal, crasher], players=3, games=3, seed=2, executor="serial", progress=False
    )
    assert [g.entrants for g in t.games] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    for g in t.games:
        seat = g.entrants.index(2) + 1
        assert g.reason == "forfeit" and g.forfeit_seat == seat
        assert sorted(g.winners) == [s for s in (1, 2, 3) if s != seat]
        assert sum(g.points) == pytest.approx(1.0)
    four = seat_rotated(["random"] * 5, players=4, games=1, seed=1, executor="serial", progress=False)
    assert len(four.games) == 5 and four.names == ("random", "random#2", "random#3", "random#4", "random#5")
    with pytest.raises(ValueError):
        seat_rotated(["random", "random"], players=3)
    with pytest.raises(ValueError, match="orders"):
        seat_rotated(["random"] * 3, players=3, orders="shuffled")
    with pytest.raises(ValueError):
        seat_rotated(["random"] * 3, players=2)


def test_seat_permuted_tables_put_every_bot_after_every_other() -> None:
    """Rotation keeps each bot's left-hand neighbour; permuted orders vary it (every order once)."""
    bots = ["random", "greedy", first_legal, "random"]
    rotated = seat_rotated(bots, players=4, games=24, seed=3, executor="serial", progress=False)
    permuted = seat_rotated(
        bots, players=4, games=24, seed=3, executor="serial", progress=False, orders="permuted"
    )

    def before(t: Tournament) -> set[tuple[int, int]]:  # (bot, the bot seated right before it)
        return {(g.entrants[s], g.entrants[s - 1]) for g in t.games for s in range(4)}

    assert len(before(rotated)) == 4  # always the same neighbour
    assert len(before(permuted)) == 12  # every ordered pair of the 4 bots
    assert sorted(g.entrants for g in permuted.games) == sorted(itertools.permutations(range(4)))
    assert all(len(set(g.entrants)) == 4 for g in permuted.games)


def _hand_made() -> Tournament:
    def result(index: int, entrants: tuple[int, ...], winners: tuple[int, ...]) -> GameResult:
        points = tuple((1 / len(winners) if s in winners else 0.0) for s in range(1, 3))
        return GameResult(
            index,
            entrants,
            tuple("AB"[e] for e in entrants),
            index,
            winners,
            points,
            (0, 0),
            (0, 0),
            "target",
            (),
        )

    games = [
        result(0, (0, 1), (1,)),  # A (seat 1) wins
        result(1, (1, 0), (1,)),  # B (seat 1) wins
        result(2, (0, 1), (1, 2)),  # shared win: a draw
        result(3, (1, 0), (2,)),  # A (seat 2) wins
    ]
    return Tournament(("A", "B"), 2, 0, games)


def test_bookkeeping_on_a_hand_checked_case() -> None:
    t = _hand_made()
    a, b = t.standings()
    assert (a.name, a.games, a.wins, a.draws, a.losses, a.points) == ("A", 4, 2, 1, 1, 2.5)
    assert (b.name, b.wins, b.draws, b.losses, b.points) == ("B", 1, 1, 2, 1.5)
    assert a.rate == 0.625 and (a.rate_low, a.rate_high) == wilson_interval(2.5, 4)
    assert a.rate_low < a.rate < a.rate_high
    pair = t.pair("A", "B")
    assert (pair.games, pair.a_wins, pair.draws, pair.b_wins, pair.rate) == (4, 2, 1, 1, 0.625)
    with pytest.raises(KeyError, match="'C'.*bots are A, B"):  # as documented: KeyError naming the bots
        t.pair("A", "C")
    with pytest.raises(KeyError, match="'a'"):
        t.pair("a", "B")
    seat1, seat2 = t.first_player_advantage()
    assert (seat1.points, seat1.rate, seat2.points) == (2.5, 0.625, 1.5)
    assert seat1.low < seat1.rate < seat1.high and seat1.expected == 0.5
    comps = t.comparisons()
    assert [(c.a, c.b, c.score) for c in comps] == [(0, 1, 1.0), (1, 0, 1.0), (0, 1, 0.5), (1, 0, 0.0)]
    bt = {r.name: r for r in t.bradley_terry()}
    assert bt["A"].rating > 1500 > bt["B"].rating
    assert "A vs B: 0.625" in t.summary()


def test_wilson_interval_matches_hand_computation() -> None:
    # p = 0.8, n = 10, z = 1.96: centre = (0.8 + z²/20) / (1 + z²/10) = 0.71674,
    # half = z / (1 + z²/10) * sqrt(0.016 + z²/400) = 0.22658
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    low, high = wilson_interval(0, 10)  # centre = half = z²/20 / (1 + z²/10)
    assert low == pytest.approx(0.0, abs=1e-12) and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(1 - high) and low == pytest.approx(0.4038, abs=1e-4)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_ratings_move_the_right_way_with_hand_checked_numbers() -> None:
    comps = [Comparison(0, 1, 1.0, g) for g in range(8)] + [Comparison(0, 1, 0.0, g) for g in range(8, 10)]
    bt = bradley_terry(comps, ["A", "B"], prior=0.0)
    # maximum likelihood: pi_A / pi_B = 8 / 2, so 400 log10(4) Elo apart, centred on 1500
    assert bt[0].rating - bt[1].rating == pytest.approx(400 * log10(4), abs=1e-6)
    assert bt[0].rating + bt[1].rating == pytest.approx(3000)
    # Fisher information of d = theta_A - theta_B: n p (1 - p) = 1.6; se(theta_A) = sqrt(1 / 1.6 / 4)
    assert bt[0].se == pytest.approx((1 / 1.6 / 4) ** 0.5 * 400 / 2.302585092994046, rel=1e-6)
    assert bt[0].low < bt[0].rating < bt[0].high
    # with the prior the estimate is pulled towards 1500 but keeps its order
    shrunk = bradley_terry(comps, ["A", "B"])
    assert bt[0].rating > shrunk[0].rating > 1500 > shrunk[1].rating
    # unbeaten bots stay finite thanks to the prior
    unbeaten = bradley_terry([Comparison(0, 1, 1.0, g) for g in range(5)], ["A", "B"])
    assert 1500 < unbeaten[0].rating < 3000
    # Elo: one win from 1500 each is +8 / -8 with K = 16
    one = elo([Comparison(0, 1, 1.0, 0)], ["A", "B"], bootstrap=0)
    assert (one[0].rating, one[1].rating) == (1508.0, 1492.0)
    e = elo(comps, ["A", "B"], bootstrap=100, seed=1)
    assert e[0].rating > 1500 > e[1].rating
    assert e[0].low <= e[0].rating <= e[0].high and e[0].se > 0
    assert elo(comps, ["A", "B"], bootstrap=100, seed=1) == e


def test_to_dataframe_and_records() -> None:
    t = _hand_made()
    rows = t.records()
    assert len(rows) == 8 and rows[0]["bot"] == "A" and rows[0]["won"] is True
    import pandas as pd  # in the dev extra: a missing pandas must fail, not skip

    df = t.to_dataframe()
    assert isinstance(df, pd.DataFrame) and len(df) == 8
    assert df.groupby("bot")["points"].sum().to_dict() == {"A": 2.5, "B": 1.5}


def test_progress_bar_runs(capsys: pytest.CaptureFixture[str]) -> None:
    t = round_robin(["random", "random"], games_per_pair=2, seed=1, executor="serial", progress=True)
    assert len(t) == 2
    assert "round robin" in capsys.readouterr().err


# --------------------------------------------------------------------------- executors

EQUIVALENCE_BOTS = ["random", "greedy", MCTSBot(iterations=25, name="mcts25")]


def test_same_seeds_same_results_on_every_executor() -> None:
    from distributed import Client, LocalCluster, get_task_stream

    serial = round_robin(EQUIVALENCE_BOTS, games_per_pair=2, seed=11, executor="serial", progress=False)
    assert len(serial.games) == 6
    with ProcessPoolExecutor(2) as pool:
        pooled = round_robin(EQUIVALENCE_BOTS, games_per_pair=2, seed=11, executor=pool, progress=False)
    assert pooled.games == serial.games
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with Client(cluster) as client:
            executor = client.get_executor()  # the documented recipe (docs/bots.md)
            with get_task_stream(client) as stream:
                dasked = round_robin(
                    EQUIVALENCE_BOTS, games_per_pair=2, seed=11, executor=executor, progress=False
                )
            assert len(stream.data) >= 6  # the games really ran on the Dask workers
            assert len({task["worker"] for task in stream.data}) >= 1
            # the same tournament again is played again, not handed Dask's results of the first run
            with get_task_stream(client) as again:
                second = round_robin(
                    EQUIVALENCE_BOTS, games_per_pair=2, seed=11, executor=executor, progress=False
                )
            assert len(again.data) >= 6
            # each run's games are tasks of their own: under the first run's keys (Dask's default,
            # pure=True, keys from the arguments), Dask hands back the results it still holds
            first_keys = {task["key"] for task in stream.data}
            assert not first_keys & {task["key"] for task in again.data}, (
                "the second run reused the first's tasks"
            )
            assert second.games == dasked.games
    assert dasked.games == serial.games
    three = seat_rotated(
        ["random", "greedy", "random"], players=3, games=3, seed=4, executor="serial", progress=False
    )
    with ProcessPoolExecutor(2) as pool:
        assert (
            seat_rotated(
                ["random", "greedy", "random"], players=3, games=3, seed=4, executor=pool, progress=False
            ).games
            == three.games
        )


def test_default_executor_with_one_worker_runs_in_process() -> None:
    one = round_robin(["random", "greedy"], games_per_pair=2, seed=3, workers=1, progress=False)
    assert (
        one.games
        == round_robin(
            ["random", "greedy"], games_per_pair=2, seed=3, executor="serial", progress=False
        ).games
    )
    with pytest.raises(ValueError):
        round_robin(["random", "greedy"], executor="threads", progress=False)
    with pytest.raises(ValueError):
        round_robin(["random"], progress=False)
    with pytest.raises(ValueError, match="unknown bot"):
        round_robin(["random", "nobody"], progress=False)


def test_progress_bar_label_can_be_translated(capsys) -> None:
    round_robin(
        ["random", "greedy"], games_per_pair=2, seed=1, executor="serial", progress=True, desc="турнір"
    )
    err = capsys.readouterr().err
    assert "турнір" in err and "round robin" not in err


def _mixed_comparisons() -> list[Comparison]:
    """60 seeded comparisons between five bots of different strength, with draws."""
    rng = random.Random(4)
    strength = [0.0, 0.5, 1.0, 1.5, 2.5]
    comps = []
    for g in range(60):
        a, b = rng.sample(range(5), 2)
        p = 1 / (1 + 10 ** (-(strength[a] - strength[b]) / 2))
        u = rng.random()
        comps.append(Comparison(a, b, 1.0 if u < p * 0.9 else (0.5 if u < p * 0.9 + 0.1 else 0.0), g))
    return comps


#: (rating, low, high, se) of A..E from the pure-Python version of ratings.py (hand-written
#: Gauss-Jordan inverse, percentiles and standard deviation, z typed in), before numpy took over.
PURE_PYTHON_BT = [
    (1426.1509468368797, 1303.7967737087163, 1548.5051199650431, 62.42674564087792),
    (1361.0597333253818, 1241.8993674585884, 1480.2200991921752, 60.79722219730319),
    (1450.8378649171743, 1349.8310141817074, 1551.8447156526413, 51.535054486815135),
    (1617.9835153900756, 1482.954207796503, 1753.0128229836482, 68.89376981345914),
    (1643.9679395304886, 1522.7007871042329, 1765.2350919567443, 61.87213305080883),
]
PURE_PYTHON_ELO = [
    (1468.9385913306899, 1427.2355183216346, 1514.614910415906, 22.42187099143864),
    (1407.635675279401, 1373.436360128887, 1452.209162360032, 20.356796989309025),
    (1478.251320038396, 1419.050742831867, 1541.391762324391, 29.964341081451465),
    (1553.805785313889, 1515.9657102134252, 1591.6377523707947, 20.46642390229594),
    (1591.3686280376244, 1546.6633885694973, 1625.4940201501647, 20.541293995051404),
]


def test_numpy_ratings_equal_the_pure_python_ones() -> None:
    comps = _mixed_comparisons()
    names = ["A", "B", "C", "D", "E"]
    for ratings, expected in (
        (bradley_terry(comps, names), PURE_PYTHON_BT),
        (elo(comps, names), PURE_PYTHON_ELO),
    ):
        for r, (rating, low, high, se) in zip(ratings, expected, strict=True):
            assert (r.rating, r.low, r.high, r.se) == pytest.approx((rating, low, high, se), rel=1e-9)
            assert r.games == sum(c.a == names.index(r.name) or c.b == names.index(r.name) for c in comps)


def test_z95_is_the_normal_quantile_and_intervals_use_it() -> None:
    assert Z95 == NormalDist().inv_cdf(0.975)
    low, high = wilson_interval(30, 50)
    assert (low, high) == wilson_interval(30, 50, NormalDist().inv_cdf(0.975))
    bt = bradley_terry(_mixed_comparisons(), ["A", "B", "C", "D", "E"])
    assert all(r.high - r.rating == pytest.approx(NormalDist().inv_cdf(0.975) * r.se) for r in bt)


def test_singular_information_leaves_standard_errors_infinite() -> None:
    # two separate pairs that never met each other: the ratings of the field are not connected
    comps = [Comparison(0, 1, 1.0, 0), Comparison(0, 1, 0.0, 1), Comparison(2, 3, 0.5, 2)]
    for prior in (1.0, 0.0):
        ratings = bradley_terry(comps, ["A", "B", "C", "D"], prior=prior)
        assert [r.rating for r in ratings] == pytest.approx([1500.0] * 4)
        assert all(r.se == math.inf and (r.low, r.high) == (-math.inf, math.inf) for r in ratings)


def test_round_robin_in_rounds_mixes_the_pairs_with_the_same_seatings() -> None:
    bots = ["random", "greedy", "random"]
    by_pairs = round_robin(bots, games_per_pair=2, seed=4, executor="serial", progress=False)
    by_rounds = round_robin(bots, games_per_pair=2, seed=4, executor="serial", progress=False, order="rounds")
    assert [g.entrants for g in by_pairs.games] == [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    assert [g.entrants for g in by_rounds.games] == [(0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1)]
    assert by_rounds.names == ("random", "greedy", "random#2")
    with pytest.raises(ValueError, match="order"):
        round_robin(bots, order="shuffled", executor="serial", progress=False)  # type: ignore[arg-type]

"""The arena's pure rules (logger_widget.service.pairing): pairing rounds, arena points, standings.

Property tests (hypothesis) against a brute-force oracle that tries every way of pairing a small
group; a few fixed cases spell the rules out.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from logger_widget.service.pairing import (
    RATING_COST_CAP,
    REMATCH_COST,
    WAIT_COST,
    ArenaResult,
    Pair,
    Waiting,
    arena_points,
    pair,
    ratings,
    standings,
)
from logger_widget.tournament.ratings import AVERAGE

NAMES = [f"p{i}" for i in range(10)]


@st.composite
def rounds(draw, max_size=8):
    names = draw(st.lists(st.sampled_from(NAMES), min_size=0, max_size=max_size, unique=True))
    out = []
    for n in names:
        out.append(
            Waiting(
                n,
                rating=draw(st.floats(1000, 2000, allow_nan=False).map(lambda x: round(x, 1))),
                since=draw(st.integers(0, 5)),  # ties in waiting time happen
                last_opponent=draw(st.none() | st.sampled_from(NAMES)),
                seat_balance=draw(st.integers(-3, 3)),
            )
        )
    return out


def _rematch(a: Waiting, b: Waiting) -> bool:
    return a.last_opponent == b.name or b.last_opponent == a.name


def _pairings(people):
    """Every way to pair ``people`` (a list), leaving one out when their number is odd."""
    if len(people) <= 1:
        yield [], list(people)
        return
    if len(people) % 2:
        for k, out in enumerate(people):
            for pairs, _ in _pairings(people[:k] + people[k + 1 :]):
                yield pairs, [out]
        return
    first, rest = people[0], people[1:]
    for k, other in enumerate(rest):
        for pairs, left in _pairings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *pairs], left


def _queue_place(waiting, name):
    queue = sorted(waiting, key=lambda w: (w.since, w.name))
    return len(queue) - 1 - [w.name for w in queue].index(name)


def _cost(waiting, pairs, left):
    by = {w.name: w for w in waiting}
    total = 0
    for a, b in pairs:
        wa, wb = by[a], by[b]
        total += min(round((wa.rating - wb.rating) ** 2), RATING_COST_CAP) + (
            REMATCH_COST if _rematch(wa, wb) else 0
        )
    for name in left:
        total += WAIT_COST * _queue_place(waiting, name)
    return total


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds())
def test_a_round_pairs_everyone_it_can_once_and_never_with_themselves(waiting):
    pairs, left = pair(waiting)
    names = [w.name for w in waiting]
    placed = [n for p in pairs for n in (p.first, p.second)] + left
    assert sorted(placed) == sorted(names)  # everyone exactly once: paired once, or waiting
    assert all(p.first != p.second for p in pairs)
    assert len(left) == len(names) % 2  # everyone waiting is paired when possible


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds(max_size=7))
def test_a_round_is_the_cheapest_pairing_so_no_rematch_when_avoidable(waiting):
    pairs, left = pair(waiting)
    by = {w.name: w for w in waiting}
    best = min(_cost(waiting, p, lf) for p, lf in _pairings([w.name for w in waiting]))
    assert _cost(waiting, [(p.first, p.second) for p in pairs], left) == best
    avoidable = any(
        not any(_rematch(by[a], by[b]) for a, b in p) for p, _ in _pairings([w.name for w in waiting])
    )
    if avoidable:
        assert not any(_rematch(by[p.first], by[p.second]) for p in pairs)


@settings(max_examples=200, deadline=None)
@given(rounds(max_size=7))
def test_the_one_left_waiting_arrived_last_unless_a_rematch_needs_otherwise(waiting):
    pairs, left = pair(waiting)
    if len(waiting) % 2 == 0 or len(waiting) < 3:
        return
    by = {w.name: w for w in waiting}
    rematches = sum(_rematch(by[p.first], by[p.second]) for p in pairs)
    last = sorted(waiting, key=lambda w: (w.since, w.name))[-1].name
    others = [w.name for w in waiting if w.name != last]
    fewest_without_last = min(sum(_rematch(by[a], by[b]) for a, b in p) for p, _ in _pairings(others))
    if fewest_without_last <= rematches:
        assert left == [last]


def test_seat_one_goes_to_who_had_seat_two_more_often():
    pairs, _ = pair([Waiting("olena", seat_balance=1), Waiting("taras", seat_balance=-1)])
    assert pairs == [Pair("taras", "olena")]


def test_the_closest_ratings_meet_and_last_games_are_not_replayed():
    w = [
        Waiting("a", 1500, last_opponent="b"),
        Waiting("b", 1510, last_opponent="a"),
        Waiting("c", 1700),
        Waiting("d", 1710),
    ]
    pairs, left = pair(w)
    assert left == []
    assert {frozenset((p.first, p.second)) for p in pairs} == {frozenset("ac"), frozenset("bd")}
    without_history = [Waiting(x.name, x.rating) for x in w]
    pairs, _ = pair(without_history)
    assert {frozenset((p.first, p.second)) for p in pairs} == {frozenset("ab"), frozenset("cd")}


def test_two_alone_play_again():
    pairs, left = pair([Waiting("a", last_opponent="b"), Waiting("b", last_opponent="a")])
    assert len(pairs) == 1 and left == []


def test_a_name_twice_is_refused_by_name():
    with pytest.raises(ValueError, match="'olena' is waiting twice"):
        pair([Waiting("olena"), Waiting("olena", since=3)])


def test_arena_points_and_bad_scores():
    assert [arena_points(s) for s in (1, 0.5, 0)] == [(2, 0), (1, 1), (0, 2)]
    for bad in (0.25, 2, True, -1):
        with pytest.raises(ValueError, match="1, 0.5 or 0"):
            arena_points(bad)


@st.composite
def histories(draw):
    names = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=6, unique=True))
    n = draw(st.integers(0, 15))
    out = []
    for g in range(n):
        a, b = draw(st.lists(st.sampled_from(names), min_size=2, max_size=2, unique=True))
        out.append(ArenaResult(g + 1, a, b, draw(st.sampled_from([0.0, 0.5, 1.0]))))
    split = draw(st.integers(0, n))
    return names, out[:split], out[split:]


@settings(max_examples=200, deadline=None)
@given(histories())
def test_standings_sum_correctly(history):
    names, before, now = history
    table = standings(now, names, before)
    assert sorted(s.name for s in table) == sorted(names)
    assert sum(s.points for s in table) == 2 * len(now)  # every game hands out 2 points
    assert sum(s.games for s in table) == 2 * len(now)
    for s in table:
        assert s.games == s.wins + s.draws + s.losses
        assert s.games == sum(s.name in (r.first, r.second) for r in now)
        assert s.points == 2 * s.wins + s.draws
    # Elo is zero-sum: the field's average stays 1500; the changes add up to 0
    assert sum(s.rating for s in table) == pytest.approx(AVERAGE * len(names))
    assert sum(s.rating_change for s in table) == pytest.approx(0, abs=1e-6)
    # best first, ranks shared only by equals
    keys = [(-s.points, -s.wins, -s.rating) for s in table]
    assert keys == sorted(keys)
    assert table[0].rank == 1
    for x, y in zip(table, table[1:]):
        assert (
            y.rank == x.rank
            if (x.points, x.wins, round(x.rating, 6)) == (y.points, y.wins, round(y.rating, 6))
            else y.rank > x.rank
        )


def test_ratings_carry_over_from_earlier_arenas():
    monday = [ArenaResult(1, "olena", "taras", 1.0), ArenaResult(2, "taras", "olena", 0.0)]
    tuesday = [ArenaResult(3, "olena", "taras", 0.5)]
    r = ratings(monday)
    assert r["olena"] > AVERAGE > r["taras"]
    table = {s.name: s for s in standings(tuesday, ["olena", "taras"], before=monday)}
    assert table["olena"].rating == pytest.approx(ratings([*monday, *tuesday])["olena"])
    assert table["olena"].rating_change < 0  # the favourite drew: she loses a little
    assert table["olena"].points == table["taras"].points == 1


def test_pupils_without_games_are_listed_at_the_start_rating():
    table = standings([], ["olena", "taras"])
    assert [(s.rank, s.points, s.rating) for s in table] == [(1, 0, AVERAGE), (1, 0, AVERAGE)]

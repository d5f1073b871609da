"""The class arena's rules, with no database and no web: who plays whom, arena points, standings.

An arena (lichess's tournament format) runs for a fixed time. A pupil who joins, or whose game
has just ended, **waits**; every pairing round pairs the pupils waiting at that moment into
two-player games. :func:`pair` chooses the pairs as a minimum-cost maximum matching
(Edmonds' blossom algorithm, :func:`networkx.max_weight_matching` with ``maxcardinality=True``)
on the complete graph of the waiting pupils, so that, in this order of importance:

1. as many pupils as possible are paired: with an even number waiting, all of them; with an
   odd number, all but one;
2. nobody plays the opponent of their last game again when another pairing exists
   (:data:`REMATCH_COST`); with only two pupils waiting they do play again;
3. the one left waiting (odd number) is the one who started waiting last (:data:`WAIT_COST`
   per place in the queue), unless only leaving someone else out avoids a rematch (rule 2
   comes first): then it is the one who started waiting last among those whose waiting avoids it;
4. opponents are as close in rating as possible (cost: the square of the rating difference,
   so two pairs 200 and 200 points apart beat 10 and 390).

**The odd pupil waits**: no bot takes the empty seat. They are paired as soon as another game
ends (a Logger game between two pupils takes a few minutes). Every arena game is then a game
between classmates, and every one counts for the ratings.

**Seats**: the pupil who has had seat 2 more often (:attr:`Waiting.seat_balance`) gets
seat 1, so everybody starts about half of their games.

**Arena points** (:func:`arena_points`): a win 2, a shared win (the 2-player form of a draw) 1
each, a loss 0; every finished game hands out 2 points in all.

**Ratings** (:func:`ratings`): sequential Elo (:func:`logger_widget.tournament.ratings.elo`, the
project's rating code) over *every* rated arena game of the class in the order they finished,
starting at 1500: results stay in the database, so a rating carries over to the next lesson.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import networkx as nx  # type: ignore[import-untyped]

from ..tournament.ratings import AVERAGE, Comparison, elo

__all__ = [
    "ELO_K",
    "RATING_COST_CAP",
    "REMATCH_COST",
    "WAIT_COST",
    "ArenaResult",
    "Pair",
    "Standing",
    "Waiting",
    "arena_points",
    "pair",
    "ratings",
    "standings",
]

# Costs are whole numbers, so the matching is exact.
#: Most a rating difference costs: its square in Elo points², at most this (a 10 000-point gap).
RATING_COST_CAP = 10**8
#: Cost of leaving a pupil waiting, per place they hold in the queue (0 for the last to arrive):
#: more than the rating differences of a thousand pairs.
WAIT_COST = 10**11
#: Cost of an immediate rematch: more than every other cost of a round of a thousand pupils.
REMATCH_COST = 10**15
#: The Elo K-factor of arena games (Elo points per unit of surprise): 32, quick to settle for a class.
ELO_K = 32.0


@dataclass(frozen=True, slots=True)
class Waiting:
    """A pupil waiting to be paired.

    Attributes:
        name: the pupil's hub name (unique in a round).
        rating: their rating, Elo points.
        since: when they started waiting, in seconds on any one clock (smaller = waited longer).
        last_opponent: the opponent of their last arena game, or ``None``.
        seat_balance: games they had in seat 1 minus games in seat 2.
    """

    name: str
    rating: float = AVERAGE
    since: float = 0.0
    last_opponent: str | None = None
    seat_balance: int = 0


@dataclass(frozen=True, slots=True)
class Pair:
    """A game to start: ``first`` takes seat 1, ``second`` seat 2."""

    first: str
    second: str


def _cost(a: Waiting, b: Waiting) -> int:
    rematch = a.last_opponent == b.name or b.last_opponent == a.name
    return min(round((a.rating - b.rating) ** 2), RATING_COST_CAP) + (REMATCH_COST if rematch else 0)


def pair(waiting: Sequence[Waiting]) -> tuple[list[Pair], list[str]]:
    """One pairing round over the pupils waiting now (rules in the module docstring).

    Args:
        waiting: the waiting pupils, in any order; names unique.

    Returns:
        ``(pairs, left)``: the games to start (each pupil in at most one) and the names left
        waiting (none, or one when ``len(waiting)`` is odd). Deterministic for the same input.

    Raises:
        ValueError: a name appears twice (it names it) or is empty.
    """
    seen: set[str] = set()
    for w in waiting:
        if not isinstance(w.name, str) or not w.name:
            raise ValueError(f"a waiting pupil needs a name, not {w.name!r}")
        if w.name in seen:
            raise ValueError(f"{w.name!r} is waiting twice: a pupil plays one arena game at a time")
        seen.add(w.name)
    queue = sorted(waiting, key=lambda w: (w.since, w.name))  # longest waiting first
    if len(queue) < 2:
        return [], [w.name for w in queue]
    graph = nx.Graph()
    nodes: list[Waiting | None] = list(queue)
    if len(queue) % 2:
        nodes.append(None)  # the empty place: whoever is matched to it waits
    for i, a in enumerate(nodes):
        for j in range(i + 1, len(nodes)):
            b = nodes[j]
            # i < j, so only b can be the empty place; a's place in the queue is i
            cost = WAIT_COST * (len(queue) - 1 - i) if b is None or a is None else _cost(a, b)
            graph.add_edge(i, j, weight=-cost)
    # a perfect matching (every node has a partner) of least total cost
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[Pair] = []
    left: list[str] = []
    for i, j in sorted(tuple(sorted(e)) for e in matching):
        a, b = nodes[i], nodes[j]
        if a is None or b is None:
            left.append((a if a is not None else b).name)
            continue
        first, second = (
            (a, b) if (a.seat_balance, a.since, a.name) <= (b.seat_balance, b.since, b.name) else (b, a)
        )
        pairs.append(Pair(first.name, second.name))
    return pairs, left


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """A finished arena game.

    Attributes:
        game: the game's id.
        first, second: the pupils in seat 1 and seat 2.
        score: seat 1's score, 1 (seat 1 won), 0.5 (shared win) or 0 (seat 2 won).
    """

    game: int
    first: str
    second: str
    score: float


def arena_points(score: float) -> tuple[int, int]:
    """Arena points of seat 1 and seat 2 for seat 1's ``score`` (1, 0.5 or 0): 2–0, 1–1, 0–2.

    Raises:
        ValueError: another score.
    """
    table = {1.0: (2, 0), 0.5: (1, 1), 0.0: (0, 2)}
    if isinstance(score, bool) or score not in table:
        raise ValueError(f"a game's score is 1, 0.5 or 0 for seat 1, not {score!r}")
    return table[float(score)]


def ratings(results: Iterable[ArenaResult], names: Iterable[str] = ()) -> dict[str, float]:
    """Everybody's Elo rating after ``results`` (in the order played), starting at 1500.

    Args:
        results: every rated game, oldest first.
        names: pupils to include even without a game (they get 1500).

    Returns:
        ``{name: rating}`` in Elo points, for every name in ``results`` and ``names``.
    """
    games = list(results)
    order: dict[str, int] = {}
    for name in [*names, *(n for r in games for n in (r.first, r.second))]:
        order.setdefault(name, len(order))
    comparisons = [Comparison(order[r.first], order[r.second], r.score, r.game) for r in games]
    rated = elo(comparisons, list(order), k=ELO_K, initial=AVERAGE, bootstrap=0)
    return {r.name: r.rating for r in rated}


@dataclass(frozen=True, slots=True)
class Standing:
    """A pupil's line in an arena's standings.

    Attributes:
        rank: 1 for the leader; pupils level on points, wins and rating share a rank.
        name: hub name.
        points: arena points in this arena.
        games, wins, draws, losses: this arena's finished games.
        rating: Elo rating after every rated game so far (all arenas).
        rating_change: the rating gained (or lost) in this arena, Elo points.
    """

    rank: int
    name: str
    points: int
    games: int
    wins: int
    draws: int
    losses: int
    rating: float
    rating_change: float


def standings(
    results: Sequence[ArenaResult],
    entrants: Iterable[str] = (),
    before: Sequence[ArenaResult] = (),
) -> list[Standing]:
    """The standings of one arena.

    Args:
        results: this arena's finished games, in the order they finished.
        entrants: everybody who joined (a pupil without a finished game is listed with 0).
        before: every rated game of the class before this arena, oldest first (for the ratings).

    Returns:
        One :class:`Standing` per pupil, best first: by points, then wins, then rating, then name.
    """
    names = list(dict.fromkeys([*entrants, *(n for r in results for n in (r.first, r.second))]))
    start = ratings(before, names)
    now = ratings([*before, *results], names)
    tally: Mapping[str, list[int]] = {n: [0, 0, 0, 0] for n in names}  # points, wins, draws, losses
    for r in results:
        p1, p2 = arena_points(r.score)
        for name, p in ((r.first, p1), (r.second, p2)):
            t = tally[name]
            t[0] += p
            t[1 + {2: 0, 1: 1, 0: 2}[p]] += 1
    key = {n: (-tally[n][0], -tally[n][1], -round(now[n], 6)) for n in names}
    ordered = sorted(names, key=lambda n: (key[n], n))
    out: list[Standing] = []
    for i, n in enumerate(ordered):
        rank = out[-1].rank if out and key[ordered[i - 1]] == key[n] else i + 1
        points, wins, draws, losses = tally[n]
        out.append(
            Standing(rank, n, points, wins + draws + losses, wins, draws, losses, now[n], now[n] - start[n])
        )
    return out

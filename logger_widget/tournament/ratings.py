"""Confidence intervals and ratings for bot tournaments: Wilson, Elo, Bradley–Terry.

The linear algebra and statistics are NumPy's (:func:`numpy.linalg.inv`,
:func:`numpy.percentile`, :func:`numpy.std`); the normal quantile is
:class:`statistics.NormalDist`'s.

Formulas and sources
    * Wilson score interval — Wilson, E. B. (1927), "Probable inference, the
      law of succession, and statistical inference", JASA 22(158): 209–212::

          centre = (p + z²/2n) / (1 + z²/n)
          half   = z / (1 + z²/n) · sqrt(p(1 − p)/n + z²/4n²)

      with p = successes / n and z = :data:`Z95` ≈ 1.959964 for 95 %. A draw counts as half
      a success (the usual "score rate"); the interval is then approximate.
    * Elo — Elo, A. E. (1978), *The Rating of Chessplayers, Past and Present*:
      expected score ``E_a = 1 / (1 + 10^((R_b − R_a)/400))`` and after each
      game ``R_a += K (S_a − E_a)``, ``R_b −= K (S_a − E_a)``. The result depends
      on the order of the games (here: the tournament's task order); its
      uncertainty is estimated with a seeded bootstrap over games (Efron, B.
      (1979), "Bootstrap methods: another look at the jackknife", Ann. Stat. 7).
    * Bradley–Terry — Bradley, R. A. & Terry, M. E. (1952), "Rank analysis of
      incomplete block designs: I. The method of paired comparisons",
      Biometrika 39: 324–345: ``P(i beats j) = π_i / (π_i + π_j)``. Fitted by
      the MM algorithm of Hunter, D. R. (2004), "MM algorithms for generalized
      Bradley–Terry models", Ann. Stat. 32(1): 384–406::

          π_i ← W_i / Σ_j n_ij / (π_i + π_j)

      (a draw counts half a win for each side). Standard errors come from the
      Fisher information of θ = ln π at the estimate, ``I_ii = Σ_j n_ij p_ij
      p_ji``, ``I_ij = −n_ij p_ij p_ji``, inverted under the constraint Σθ = 0
      with the Laplacian pseudo-inverse ``(I + J/m)⁻¹ − J/m``. Ratings are
      reported on the Elo scale ``1500 + 400/ln 10 · θ``. A weak prior of
      ``prior`` virtual drawn games between every pair that met (as in
      Coulom's BayesElo) keeps the estimate finite when a bot wins every game.

Comparisons
    Every game becomes paired comparisons between its seats with different
    bots: the seat with more tournament points scores 1, equal points > 0 (a
    shared win) is a draw (½ each), and two seats that both lost are not
    compared. In 2-player games this is simply win / draw / loss.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import exp, inf, log, sqrt
from statistics import NormalDist

import numpy as np

__all__ = [
    "Comparison",
    "Rating",
    "Z95",
    "bradley_terry",
    "elo",
    "wilson_interval",
]

#: The confidence level of every interval here (two-sided).
LEVEL = 0.95
#: The normal quantile of a two-sided :data:`LEVEL` interval: the 97.5 % quantile, ≈ 1.959964.
Z95 = NormalDist().inv_cdf(0.5 + LEVEL / 2)

ELO_SCALE = 400.0 / log(10.0)
#: The average rating of a field, on the Elo scale: everybody's start in :func:`elo`, the mean of :func:`bradley_terry`.
AVERAGE = 1500.0


def wilson_interval(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval (Wilson 1927) for a proportion ``successes / n``.

    Args:
        successes: 0 ≤ successes ≤ n (may be fractional: draws count ½).
        n: number of trials, ≥ 0.
        z: normal quantile, default 95 % two-sided.

    Returns:
        ``(low, high)`` with 0 ≤ low ≤ high ≤ 1; ``(0.0, 1.0)`` when ``n == 0``.

    Raises:
        ValueError: successes outside [0, n] or n < 0.
    """
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got successes={successes!r}, n={n!r}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denominator = 1.0 + z2 / n
    centre = (p + z2 / (2.0 * n)) / denominator
    half = z / denominator * sqrt(max(p * (1.0 - p) / n + z2 / (4.0 * n * n), 0.0))
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Comparison:
    """One paired comparison: ``a`` against ``b`` (indices of bots), ``score`` of ``a`` in {0, ½, 1}."""

    a: int
    b: int
    score: float
    game: int = 0


@dataclass(frozen=True, slots=True)
class Rating:
    """A bot's rating on the Elo scale (1500 = average of the field).

    Attributes:
        name: the bot's name.
        rating: the estimate, in Elo points.
        low, high: a 95 % interval, in Elo points.
        se: standard error in Elo points (``inf`` when it cannot be estimated).
        games: comparisons the bot took part in.
    """

    name: str
    rating: float
    low: float
    high: float
    se: float
    games: int


def _elo_pass(comparisons: Sequence[Comparison], m: int, k: float, initial: float) -> list[float]:
    r = [initial] * m
    for c in comparisons:
        expected = 1.0 / (1.0 + 10.0 ** ((r[c.b] - r[c.a]) / 400.0))
        delta = k * (c.score - expected)
        r[c.a] += delta
        r[c.b] -= delta
    return r


def elo(
    comparisons: Iterable[Comparison],
    names: Sequence[str],
    k: float = 16.0,
    initial: float = AVERAGE,
    bootstrap: int = 200,
    seed: int = 0,
) -> list[Rating]:
    """Sequential Elo ratings (Elo 1978) with a bootstrap 95 % interval.

    Args:
        comparisons: in the order they were played (see :class:`Comparison`).
        names: bot names; ``Comparison.a``/``b`` index this list.
        k: the K-factor (Elo points per unit of surprise), > 0.
        initial: everybody's starting rating.
        bootstrap: number of resamples of the games (with replacement, kept in
            their original order) for the interval and standard error; 0 = none.
        seed: seed of the bootstrap's own :class:`random.Random`.

    Returns:
        One :class:`Rating` per name, in the order of ``names``.
    """
    comps = list(comparisons)
    m = len(names)
    point = _elo_pass(comps, m, k, initial)
    counts = [0] * m
    for c in comps:
        counts[c.a] += 1
        counts[c.b] += 1
    games = sorted({c.game for c in comps})
    by_game: dict[int, list[Comparison]] = {}
    for c in comps:
        by_game.setdefault(c.game, []).append(c)
    samples: list[list[float]] = [[] for _ in range(m)]
    if bootstrap and games:
        rng = random.Random(seed)
        for _ in range(bootstrap):
            picked = sorted(rng.choice(games) for _ in games)
            resampled = [c for g in picked for c in by_game[g]]
            r = _elo_pass(resampled, m, k, initial)
            for i in range(m):
                samples[i].append(r[i])
    out = []
    tail = 100.0 * (1.0 - LEVEL) / 2.0
    for i, name in enumerate(names):
        if len(samples[i]) > 1:
            s = np.asarray(samples[i])
            se = float(np.std(s, ddof=1))
            low, high = (float(q) for q in np.percentile(s, [tail, 100.0 - tail]))
        else:
            se, low, high = inf, -inf, inf
        out.append(Rating(name, point[i], low, high, se, counts[i]))
    return out


def _bt_covariance(n: list[list[float]], pi: list[float], active: list[int], m: int) -> list[list[float]]:
    """Covariance of the log-strengths: the Fisher information inverted under sum(theta) = 0.

    ``inf`` everywhere for bots outside ``active`` or a field split into groups that never met.
    """
    k = len(active)
    cov = [[inf] * m for _ in range(m)]
    if k < 2:
        return cov
    info = [[0.0] * k for _ in range(k)]
    for x, i in enumerate(active):
        for y, j in enumerate(active):
            if i != j and n[i][j]:
                p = pi[i] / (pi[i] + pi[j])
                v = n[i][j] * p * (1.0 - p)
                info[x][y] -= v
                info[x][x] += v
    shifted = np.asarray(info) + 1.0 / k  # the Laplacian made invertible on the constraint
    # a field split into groups that never met has no joint scale: the errors stay infinite
    if np.linalg.matrix_rank(shifted) != k:
        return cov
    inverse = np.linalg.inv(shifted) - 1.0 / k
    for x, i in enumerate(active):
        for y, j in enumerate(active):
            cov[i][j] = float(inverse[x][y])
    return cov


def _bt_fit(
    comparisons: Iterable[Comparison], m: int, prior: float, tol: float, max_iter: int
) -> tuple[list[float], list[list[float]], list[int]]:
    """Log-strengths (mean 0), their covariance and the games of each of ``m`` bots (see :func:`bradley_terry`)."""
    n = [[0.0] * m for _ in range(m)]
    wins = [0.0] * m
    for c in comparisons:
        if c.a == c.b:
            continue
        n[c.a][c.b] += 1.0
        n[c.b][c.a] += 1.0
        wins[c.a] += c.score
        wins[c.b] += 1.0 - c.score
    games = [int(sum(row)) for row in n]
    if prior:
        for i in range(m):
            for j in range(m):
                if i != j and n[i][j]:
                    n[i][j] += prior
                    wins[i] += prior / 2.0
    active = [i for i in range(m) if any(n[i])]
    pi = [1.0] * m
    for _ in range(max_iter):
        moved = 0.0
        for i in active:
            denominator = sum(n[i][j] / (pi[i] + pi[j]) for j in active if n[i][j])
            new = wins[i] / denominator if denominator else pi[i]
            new = max(new, 1e-300)
            moved = max(moved, abs(log(new) - log(pi[i])))
            pi[i] = new
        if active:
            g = exp(sum(log(pi[i]) for i in active) / len(active))
            for i in active:
                pi[i] /= g
        if moved < tol:
            break
    theta = [log(p) for p in pi]
    return theta, _bt_covariance(n, pi, active, m), games


def bradley_terry_difference(
    comparisons: Iterable[Comparison], names: Sequence[str], a: str, b: str, prior: float = 1.0
) -> tuple[float, float, float]:
    """Bradley–Terry rating of ``a`` minus that of ``b`` (Elo points) with its 95 % interval.

    The interval of the *difference* uses the covariance of the two estimates (they share
    games, so it is not the two ratings' intervals side by side); ``a`` is clearly stronger
    when the lower end is above 0. The ends are ±∞ when the two cannot be compared.

    Raises:
        ValueError: ``a`` or ``b`` is not in ``names``.
    """
    for name in (a, b):
        if name not in names:
            raise ValueError(f"{name!r} is not one of the bots {list(names)}")
    i, j = list(names).index(a), list(names).index(b)
    theta, cov, _ = _bt_fit(comparisons, len(names), prior, 1e-10, 10_000)
    difference = ELO_SCALE * (theta[i] - theta[j])
    variance = cov[i][i] + cov[j][j] - 2 * cov[i][j] if i != j else 0.0
    half = Z95 * ELO_SCALE * sqrt(variance) if 0 <= variance < inf else inf
    return difference, difference - half, difference + half


def bradley_terry(
    comparisons: Iterable[Comparison],
    names: Sequence[str],
    prior: float = 1.0,
    tol: float = 1e-10,
    max_iter: int = 10_000,
) -> list[Rating]:
    """Bradley–Terry strengths (MM algorithm, Hunter 2004) on the Elo scale, with Fisher-information errors.

    Args:
        comparisons: see :class:`Comparison`; order does not matter.
        names: bot names; ``Comparison.a``/``b`` index this list.
        prior: virtual drawn games added between every pair that met (≥ 0);
            0 gives the plain maximum-likelihood estimate, which is infinite
            for a bot that won every comparison.
        tol: stop when no log-strength moves more than this.
        max_iter: at most this many MM sweeps.

    Returns:
        One :class:`Rating` per name (mean rating 1500), in the order of
        ``names``; the interval is ``rating ± Z95 · se`` (Z95 ≈ 1.96). A bot without
        comparisons gets 1500 with an infinite ``se``.
    """
    theta, cov, games = _bt_fit(comparisons, len(names), prior, tol, max_iter)
    m = len(names)
    se = [sqrt(cov[i][i]) * ELO_SCALE if 0 < cov[i][i] < inf else inf for i in range(m)]
    out = []
    for i, name in enumerate(names):
        r = AVERAGE + ELO_SCALE * theta[i]
        out.append(Rating(name, r, r - Z95 * se[i], r + Z95 * se[i], se[i], games[i]))
    return out

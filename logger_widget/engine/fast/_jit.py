"""The compiled kernel: Numba ``@njit(cache=True)`` functions over the engine's bitboards.

Imported only by :mod:`logger_widget.engine.fast` when Numba is installed.
Every rule here mirrors :mod:`logger_widget.engine.core` (the readable
reference, source of each rule: ``docs/rules.md``) step by
step and in the same order, so that enumerations come out in the same order
and random play consumes random numbers exactly like
:func:`logger_widget.engine.core.random_turn`. The tests compare both on
thousands of positions (``tests/test_fast.py``).

State row
    A position is one ``int64`` row of :data:`WIDTH` entries: ``[seedlings,
    saplings, mature, protested, mover, players, logger × 4, score × 4,
    supply × 4]`` (unused seats are 0). Turns are rows ``[dest, spawn_mask,
    kind, target_mask]``.

Random numbers
    Every random choice is ``int(u * n)`` for a uniform ``u`` in [0, 1), as in
    ``core.random_turn``. ``u`` comes from the array ``draws`` (position
    ``dpos[0]``), or from Numba's own Mersenne Twister (``np.random``) when
    ``dpos[0] < 0``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..cells import ADJACENT, LINES
from ..core import MAX_TREES, PROTEST_SUBSETS, TARGET_SCORE

SEED, SAP, MAT, PROT, MOVER, PLAYERS, LOG, SCORE, SUP = 0, 1, 2, 3, 4, 5, 6, 10, 14
WIDTH = 18
NONE, PLANT, PROTEST, CHOP = 0, 1, 2, 3

_FULL = (1 << 25) - 1
_ADJ = np.array(ADJACENT, dtype=np.int64)
_LINE = np.array(LINES, dtype=np.int64)
_SUBSETS = np.array(PROTEST_SUBSETS, dtype=np.int64)
#: ``_COMB[n, k]``: the binomial coefficient n choose k (0 when k > n).
_COMB = np.zeros((26, 26), dtype=np.int64)
for _n in range(26):
    _COMB[_n, 0] = 1
    for _k in range(1, _n + 1):
        _COMB[_n, _k] = _COMB[_n - 1, _k - 1] + _COMB[_n - 1, _k]
_DEBRUIJN = np.zeros(32, dtype=np.int64)
for _i in range(32):
    _DEBRUIJN[((0x077CB531 << _i) & 0xFFFFFFFF) >> 27] = _i


@njit(cache=True, inline="always")
def popcount(x: int) -> int:
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    return (((x + (x >> 4)) & 0x0F0F0F0F) * 0x01010101 & 0xFFFFFFFF) >> 24


@njit(cache=True, inline="always")
def low_index(x: int) -> int:
    """Index of the lowest set bit of ``x`` (> 0, below bit 32)."""
    return _DEBRUIJN[(((x & -x) * 0x077CB531) & 0xFFFFFFFF) >> 27]


@njit(cache=True, inline="always")
def nth_bit(mask: int, n: int) -> int:
    for _ in range(n):
        mask &= mask - 1
    return mask & -mask


@njit(cache=True, inline="always")
def _draw(draws: np.ndarray, dpos: np.ndarray) -> float:
    i = dpos[0]
    if i < 0:
        return np.random.random()
    if i >= draws.shape[0]:
        raise ValueError("the array of random draws is exhausted")
    dpos[0] = i + 1
    return draws[i]


@njit(cache=True)
def reach(origin: int, occupied: int) -> int:
    """Mask of the cells a logger on ``origin`` can end on (core.destinations)."""
    free = _FULL & ~occupied
    one = _ADJ[origin] & free
    out = one | (1 << origin)
    c = one
    while c:
        low = c & -c
        out |= _ADJ[low_index(low)] & free
        c ^= low
    return out


@njit(cache=True)
def spawn_sets(spawners: int, free: int, room: int, work: np.ndarray) -> tuple[np.ndarray, int]:
    """Every legal spawn set (core.spawn_sets), sorted, as ``(array, count)``.

    ``work`` is a scratch buffer; the result is its first ``count`` entries
    (or a bigger array allocated when ``work`` is too small).
    """
    if spawners == 0:
        work[0] = 0
        return work, 1
    if spawners & (spawners - 1) == 0:
        cand = _ADJ[low_index(spawners)] & free
        if cand == 0 or room <= 0:
            work[0] = 0
            return work, 1
        n = 0
        while cand:
            low = cand & -cand
            work[n] = low
            n += 1
            cand ^= low
        return work, n
    # the spawners that have a free neighbour, and whether their choices overlap
    cands = np.empty(8, dtype=np.int64)
    k = 0
    union = 0
    overlap = False
    s = spawners
    while s:
        cand = _ADJ[low_index(s)] & free
        s &= s - 1
        if cand:
            overlap = overlap or (union & cand) != 0
            union |= cand
            cands[k] = cand
            k += 1
    if k == 0 or room <= 0:
        work[0] = 0
        return work, 1
    if not overlap and room >= k:
        # independent choices: every combination of one cell per spawner, all of size k
        count = 1
        for i in range(k):
            count *= popcount(cands[i])
        if 2 * count > work.shape[0]:
            work = np.empty(2 * count, dtype=np.int64)
        work[0] = 0
        n = 1
        for i in range(k):
            grown = 0
            for j in range(n):
                c = cands[i]
                while c:
                    low = c & -c
                    c ^= low
                    work[n + grown] = work[j] | low
                    grown += 1
            work[:grown] = work[n : n + grown]
            n = grown
        if n > 1:
            work[:n].sort()
        return work, n
    work[0] = 0
    count = 1
    s = spawners
    while s:
        cell = low_index(s)
        s &= s - 1
        cand = _ADJ[cell] & free
        if cand == 0:
            continue
        need = count * (1 + popcount(cand))
        if need > work.shape[0]:
            bigger = np.empty(2 * need, dtype=np.int64)
            bigger[:count] = work[:count]
            work = bigger
        grown = count
        for i in range(count):
            m = work[i]
            c = cand & ~m
            while c:
                low = c & -c
                work[grown] = m | low
                grown += 1
                c ^= low
        work[:grown].sort()
        count = 1
        for i in range(1, grown):
            if work[i] != work[count - 1]:
                work[count] = work[i]
                count += 1
    best = 0
    for i in range(count):
        b = popcount(work[i])
        if b > best:
            best = b
    if room < best:
        best = room
    n = 0
    for i in range(count):
        if popcount(work[i]) == best:
            work[n] = work[i]
            n += 1
    return work, n


@njit(cache=True)
def chop_felled(mat: int, logger: int, target: int) -> int:
    """Trees felled by chopping ``target`` from ``logger`` (core.chop_felled)."""
    df = target % 5 - logger % 5
    dr = target // 5 - logger // 5
    felled = 1 << target
    f = target % 5 + df
    r = target // 5 + dr
    while 0 <= f < 5 and 0 <= r < 5:
        b = 1 << (r * 5 + f)
        if not mat & b:
            break
        felled |= b
        f += df
        r += dr
    return felled


@njit(cache=True)
def act(st: np.ndarray, kind: int, target: int) -> None:
    """Apply an action to the row ``st`` in place and pass the turn (core._act)."""
    mover = st[MOVER]
    if kind == PLANT:
        st[SEED] |= target
    elif kind == PROTEST:
        st[PROT] |= target
        st[SUP + mover] -= popcount(target)
    elif kind == CHOP:
        felled = chop_felled(st[MAT], st[LOG + mover], low_index(target))
        gained = popcount(felled & st[PROT])
        st[MAT] &= ~felled
        st[PROT] &= ~felled
        st[SCORE + mover] += popcount(felled)
        st[SUP + mover] += gained
    mover += 1
    if mover == st[PLAYERS]:
        mover = 0
    st[MOVER] = mover


@njit(cache=True)
def is_over(st: np.ndarray) -> bool:
    if st[MOVER] != 0:
        return False
    for i in range(st[PLAYERS]):
        if st[SCORE + i] >= TARGET_SCORE:
            return True
    return False


@njit(cache=True)
def _loggers(st: np.ndarray) -> int:
    lm = 0
    for i in range(st[PLAYERS]):
        lm |= 1 << st[LOG + i]
    return lm


@njit(cache=True)
def grow_move(st: np.ndarray, dest: int) -> tuple[int, int]:
    """Move the mover to ``dest`` and grow, in place; return ``(spawners, free)`` (core.after_growth)."""
    line = _LINE[dest]
    seed = st[SEED]
    sap = st[SAP]
    mat = st[MAT]
    gs = seed & line
    ga = sap & line
    spawners = mat & line
    st[SEED] = seed ^ gs
    st[SAP] = (sap ^ ga) | gs
    st[MAT] = mat | ga
    st[LOG + st[MOVER]] = dest
    free = _FULL & ~(st[SEED] | st[SAP] | st[MAT] | _loggers(st))
    return spawners, free


@njit(cache=True)
def unrank_protest(unprotected: int, supply: int, r: int) -> int:
    """The protest subset number ``r`` in core.iter_actions order (by size, then combinations order)."""
    u = popcount(unprotected)
    k = 1
    while r >= _COMB[u, k]:
        r -= _COMB[u, k]
        k += 1
    out = 0
    start = 0
    rest = unprotected
    for slot in range(k):
        # skip cells below ``start``; the slot's cell is the first whose combinations include r
        e = start
        while True:
            c = _COMB[u - e - 1, k - slot - 1]
            if r < c:
                break
            r -= c
            e += 1
        out |= nth_bit(rest, e)
        start = e + 1
    return out


@njit(cache=True)
def random_turn(
    st: np.ndarray, draws: np.ndarray, dpos: np.ndarray, work: np.ndarray, turn: np.ndarray
) -> None:
    """Play one random turn on the row ``st`` in place (core.random_turn); the turn goes to ``turn``."""
    mover = st[MOVER]
    origin = st[LOG + mover]
    trees = st[SEED] | st[SAP] | st[MAT]
    lm = _loggers(st)
    dests = reach(origin, trees | (lm ^ (1 << origin)))
    dest = low_index(nth_bit(dests, int(_draw(draws, dpos) * popcount(dests))))
    spawners, free = grow_move(st, dest)
    spawn = 0
    if spawners:
        sets, n = spawn_sets(spawners, free, MAX_TREES - popcount(trees), work)
        spawn = sets[int(_draw(draws, dpos) * n)] if n > 1 else sets[0]
        if spawn:
            st[SEED] |= spawn
            trees |= spawn
            free &= ~spawn
    adj = _ADJ[dest]
    plant = adj & free if popcount(trees) < MAX_TREES else 0
    unprotected = st[MAT] & ~st[PROT]
    chop = adj & unprotected
    supply = st[SUP + mover]
    n_plant = popcount(plant)
    n_protest = _SUBSETS[popcount(unprotected), supply]
    total = n_plant + n_protest + popcount(chop)
    kind = NONE
    target = 0
    if total:
        r = int(_draw(draws, dpos) * total)
        if r < n_plant:
            kind, target = PLANT, nth_bit(plant, r)
        elif r < n_plant + n_protest:
            kind, target = PROTEST, unrank_protest(unprotected, supply, r - n_plant)
        else:
            kind, target = CHOP, nth_bit(chop, r - n_plant - n_protest)
    act(st, kind, target)
    turn[0] = dest
    turn[1] = spawn
    turn[2] = kind
    turn[3] = target


@njit(cache=True)
def playout(st: np.ndarray, max_turns: int, draws: np.ndarray, dpos: np.ndarray, work: np.ndarray) -> int:
    """Random play on ``st`` in place until the game is over or ``max_turns`` turns (core.playout)."""
    turn = np.empty(4, dtype=np.int64)
    turns = 0
    while turns < max_turns and not is_over(st):
        random_turn(st, draws, dpos, work, turn)
        turns += 1
    return turns


@njit(cache=True)
def seed_rng(seed: int) -> None:
    """Seed Numba's own generator (np.random of compiled code), like ``np.random.RandomState(seed)``."""
    np.random.seed(seed)


@njit(cache=True)
def playouts(start: np.ndarray, games: int, max_turns: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``games`` random games from the row ``start``: final rows ``(games, WIDTH)`` and turns played."""
    np.random.seed(seed)
    finals = np.empty((games, WIDTH), dtype=np.int64)
    turns = np.empty(games, dtype=np.int64)
    work = np.empty(4096, dtype=np.int64)
    draws = np.empty(0, dtype=np.float64)
    dpos = np.full(1, -1, dtype=np.int64)
    for g in range(games):
        st = finals[g]
        st[:] = start
        turns[g] = playout(st, max_turns, draws, dpos, work)
    return finals, turns


@njit(cache=True)
def state_key(st: np.ndarray) -> int:
    h = np.int64(1469598103934665603)
    for i in range(WIDTH):
        h = (h ^ st[i]) * np.int64(1099511628211)
    return h


@njit(cache=True)
def _one_per_cell(turns: np.ndarray, n: int, kind: int, mask: int) -> int:
    """Write one action of ``kind`` per cell of ``mask`` (lowest first) from row ``n``; return the next row."""
    while mask:
        low = mask & -mask
        mask ^= low
        turns[n, 2] = kind
        turns[n, 3] = low
        n += 1
    return n


@njit(cache=True)
def legal_turns(st: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every legal turn in core.legal_turns order: ``(turns (k, 4), next_rows (k, WIDTH))``."""
    cap = 64
    turns = np.empty((cap, 4), dtype=np.int64)
    rows = np.empty((cap, WIDTH), dtype=np.int64)
    if is_over(st):
        return turns[:0], rows[:0]
    n = 0
    work = np.empty(1024, dtype=np.int64)
    idx = np.empty(25, dtype=np.int64)
    cells = np.empty(25, dtype=np.int64)
    mover = st[MOVER]
    origin = st[LOG + mover]
    lm = _loggers(st)
    trees0 = st[SEED] | st[SAP] | st[MAT]
    dests = reach(origin, trees0 | (lm ^ (1 << origin)))
    grown = np.empty(WIDTH, dtype=np.int64)
    s = np.empty(WIDTH, dtype=np.int64)
    while dests:
        dest = low_index(dests)
        dests &= dests - 1
        grown[:] = st
        spawners, free = grow_move(grown, dest)
        sets, nsets = spawn_sets(spawners, free, MAX_TREES - popcount(trees0), work)
        for si in range(nsets):
            spawn = sets[si]
            s[:] = grown
            s[SEED] |= spawn
            trees = trees0 | spawn
            fr = free & ~spawn
            plant = _ADJ[dest] & fr if popcount(trees) < MAX_TREES else 0
            unprot = s[MAT] & ~s[PROT]
            supply = s[SUP + mover] if unprot else 0
            chop = _ADJ[dest] & unprot
            u = popcount(unprot)
            count = popcount(plant) + popcount(chop) + _SUBSETS[u, supply]
            if count == 0:
                count = 1
            if n + count > cap:
                while n + count > cap:
                    cap *= 2
                t2 = np.empty((cap, 4), dtype=np.int64)
                r2 = np.empty((cap, WIDTH), dtype=np.int64)
                t2[:n] = turns[:n]
                r2[:n] = rows[:n]
                turns = t2
                rows = r2
            start = n
            n = _one_per_cell(turns, n, PLANT, plant)
            if supply and u:
                c = unprot
                for i in range(u):
                    cells[i] = c & -c
                    c &= c - 1
                for k in range(1, min(supply, u) + 1):
                    for i in range(k):
                        idx[i] = i
                    while True:
                        m = 0
                        for i in range(k):
                            m |= cells[idx[i]]
                        turns[n, 2] = PROTEST
                        turns[n, 3] = m
                        n += 1
                        i = k - 1
                        while i >= 0 and idx[i] == u - k + i:
                            i -= 1
                        if i < 0:
                            break
                        idx[i] += 1
                        for j in range(i + 1, k):
                            idx[j] = idx[j - 1] + 1
            n = _one_per_cell(turns, n, CHOP, chop)
            if n == start:
                turns[n, 2] = NONE
                turns[n, 3] = 0
                n += 1
            for j in range(start, n):
                turns[j, 0] = dest
                turns[j, 1] = spawn
                row = rows[j]
                row[:] = s
                act(row, turns[j, 2], turns[j, 3])
    return turns[:n], rows[:n]


@njit(cache=True)
def first_occurrences(rows: np.ndarray) -> np.ndarray:
    """Indices of the distinct rows, each at its first occurrence, in order."""
    n = rows.shape[0]
    keys = np.empty(n, dtype=np.int64)
    for i in range(n):
        keys[i] = state_key(rows[i])
    order = np.argsort(keys, kind="mergesort")
    keep = np.ones(n, dtype=np.bool_)
    i = 0
    while i < n:
        j = i + 1
        while j < n and keys[order[j]] == keys[order[i]]:
            j += 1
        for a in range(i + 1, j):
            for b in range(i, a):
                if keep[order[b]] and np.all(rows[order[a]] == rows[order[b]]):
                    keep[order[a]] = False
                    break
        i = j
    return np.nonzero(keep)[0]


@njit(cache=True)
def successors(st: np.ndarray) -> np.ndarray:
    """The distinct next rows after one complete legal turn (core.successors), first occurrences in order."""
    _, rows = legal_turns(st)
    return rows[first_occurrences(rows)]


@njit(cache=True)
def apply_turn(st: np.ndarray, dest: int, spawn: int, kind: int, target: int) -> np.ndarray:
    """The row after a turn already known to be legal (core.apply_turn)."""
    out = st.copy()
    grow_move(out, dest)
    out[SEED] |= spawn
    act(out, kind, target)
    return out

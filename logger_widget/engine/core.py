"""The rules of Logger as fast, stateless functions over bitboards.

This is the one place where the rules are implemented; :class:`~logger_widget.Position`,
the step-by-step :class:`~logger_widget.engine.decisions.TurnInProgress`, the bots and
the benchmarks all call these functions, and the compiled kernel
(:mod:`logger_widget.engine.fast`) compiles those :data:`COMPILED` lists as they are
(see "Written once for both paths" below). Source of every rule: ``docs/rules.md``
(the project's rule specification, after Erik Dresner's published rules).

Raw state
    A position is the plain tuple ``(seedlings, saplings, mature, protested,
    loggers, mover, scores, supplies)``: four 25-bit masks (``protested`` is a
    subset of ``mature``), the logger cell index of each seat, the 0-based seat
    to move, and per-seat scores and protester supplies (tuples of ints). The
    public :class:`~logger_widget.Position` is this tuple with a friendly face.
    Read its fields by name: ``state[MOVER]``, ``state[SCORES]`` … (the
    constants :data:`SEEDLINGS` to :data:`SUPPLIES`), :func:`mover_cell` and
    :func:`tree_mask`; hot loops unpack the tuple once. It stays a plain tuple
    because a ``NamedTuple`` costs about 1.7 µs more per state built (measured
    with ``timeit`` on this project's machine: 1.9 µs against 0.2 µs), over a
    quarter of a random turn.

Action encoding
    ``kind`` is one of :data:`NONE`, :data:`PLANT`, :data:`PROTEST`,
    :data:`CHOP`; ``target`` is a mask: the planted cell, the protested trees,
    or the chopped (first) tree.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from math import comb
from typing import Any, Final

from .cells import ADJACENT, FULL, LINES, NEIGHBOURHOOD2, bits

__all__ = [
    "CHOP",
    "LOGGERS",
    "MATURE",
    "MAX_TREES",
    "MOVER",
    "NONE",
    "PLANT",
    "PROTEST",
    "PROTESTED",
    "SAPLINGS",
    "SCORES",
    "SEEDLINGS",
    "SUPPLIES",
    "TARGET_SCORE",
    "action_count",
    "action_masks",
    "action_sets",
    "act_masks",
    "after_growth",
    "apply_action",
    "occupied_for_move",
    "apply_turn",
    "chop_felled",
    "chop_line",
    "destinations",
    "grow",
    "is_terminal",
    "iter_actions",
    "legal_turns",
    "logger_mask",
    "mover_cell",
    "nth_bit",
    "nth_protest",
    "playout",
    "playout_seats",
    "protest_count",
    "random_turn_masks",
    "reach",
    "random_turn",
    "next_spawn_cells",
    "spawn_prefix_sets",
    "spawn_sets",
    "spawn_sets_into",
    "successors",
    "target_reached",
    "total_protesters",
    "tree_mask",
    "with_spawns",
]

#: At most 20 trees on the board: the game has 20 large pyramids (docs/rules.md, [decision]).
MAX_TREES = 20
#: A score of at least this many points triggers the end (docs/rules.md, "End of the game").
TARGET_SCORE = 10

NONE, PLANT, PROTEST, CHOP = 0, 1, 2, 3

#: (seedlings, saplings, mature, protested, loggers, mover, scores, supplies) — see the module docstring.
State = tuple[int, int, int, int, tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]

# Index of each field of the raw State tuple (Final, so that type checkers know each field's type).
SEEDLINGS: Final = 0
SAPLINGS: Final = 1
MATURE: Final = 2
PROTESTED: Final = 3
LOGGERS: Final = 4
MOVER: Final = 5
SCORES: Final = 6
SUPPLIES: Final = 7


def mover_cell(state: State) -> int:
    """Cell index (0–24) of the logger of the seat to move."""
    return state[LOGGERS][state[MOVER]]


def tree_mask(state: State) -> int:
    """Mask of every tree on the board (seedlings, saplings and mature trees)."""
    return state[SEEDLINGS] | state[SAPLINGS] | state[MATURE]


def with_spawns(state: State, spawn: int) -> State:
    """``state`` with the seedlings of the mask ``spawn`` added (spawned this turn, before the action)."""
    return (state[SEEDLINGS] | spawn,) + state[SAPLINGS:] if spawn else state


def total_protesters(players: int) -> int:
    """Protesters in the game: 2 per seat with 2 players, 1 per seat with 3 or 4 (docs/rules.md, "Setup")."""
    return 4 if players == 2 else players


def logger_mask(loggers: tuple[int, ...]) -> int:
    """Mask of the cells occupied by loggers."""
    m = 0
    for c in loggers:
        m |= 1 << c
    return m


def is_terminal(state: State) -> bool:
    """The rules end the game here: the end was triggered (a score >= 10) and seat 1 is to move.

    docs/rules.md, "End of the game" and "LPN": the round is completed after the
    trigger, so the game ends when a new round would begin. This is the
    position's own end; a :class:`~logger_widget.Game` can also end by
    threefold repetition or a turn limit (``Game.is_over``).
    """
    return state[MOVER] == 0 and max(state[SCORES]) >= TARGET_SCORE


# --------------------------------------------------------------------------- written once for both paths
#
# The functions from here to the end of the module that :data:`COMPILED` lists are the rules
# as the compiled kernel runs them too: ``engine/fast/_jit.py`` compiles each with Numba as it
# is, binding the few names of :data:`TWINS` to compiled versions (a machine instruction for
# ``popcount``, a scratch buffer instead of a memo, NumPy arrays for the tables). So they use
# only what Numba compiles: ints, tuples of ints, ``while``/``for`` loops, the tables by index,
# indexable buffers; no dicts, sets, generators, ``bits()`` or ``int`` methods.

#: Number of set bits of a mask >= 0 (``int.bit_count``; the kernel's ``popcount`` instruction).
popcount = int.bit_count


def low_index(mask: int) -> int:
    """Index of the lowest set bit of ``mask`` (> 0)."""
    return (mask & -mask).bit_length() - 1


def uniform(rng: random.Random) -> float:
    """The next uniform number in [0, 1) of ``rng`` (any object with ``random()``)."""
    return rng.random()


def _sort_prefix(buf: list[int], n: int) -> None:
    buf[:n] = sorted(buf[:n])


def _enlarge(buf: list[int], size: int, keep: int) -> list[int]:
    buf.extend([0] * (size - len(buf)))
    return buf


#: ``COMB[n * 26 + k]``: the binomial coefficient n choose k (0 when k > n), 0 <= n, k <= 25.
COMB: tuple[int, ...] = tuple(comb(n, k) for n in range(26) for k in range(26))

#: ``PROTEST_SUBSETS[u][s]``: non-empty subsets of at most ``s`` of ``u`` trees.
PROTEST_SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(comb(u, k) for k in range(1, min(s, u) + 1)) for s in range(26)) for u in range(26)
)
#: ``PROTEST_COUNTS[u * 26 + s]`` = ``PROTEST_SUBSETS[u][s]`` (one flat table for the kernel).
PROTEST_COUNTS: tuple[int, ...] = tuple(n for row in PROTEST_SUBSETS for n in row)


# --------------------------------------------------------------------------- movement


def reach(origin: int, occupied: int) -> int:
    """Mask of the cells a logger on ``origin`` can end its movement on.

    Movement is 0, 1 or 2 orthogonal steps, each into a free cell (no tree, no
    logger); the path may turn; staying put is allowed (docs/rules.md, "Movement").

    Args:
        origin: the mover's cell index (0–24).
        occupied: mask of cells holding a tree or *another* logger.

    Returns:
        A 25-bit mask, always containing ``origin``.
    """
    free = FULL & ~occupied
    one = ADJACENT[origin] & free
    out = one | (1 << origin)
    c = one
    while c:
        low = c & -c
        out |= ADJACENT[low_index(low)] & free
        c ^= low
    return out


_DEST_CACHE: dict[int, tuple[int, ...]] = {}


def destinations(origin: int, occupied: int, work: object = None) -> tuple[int, ...]:
    """Cells a logger on ``origin`` can end its movement on (:func:`reach`), in index order.

    Args:
        origin: the mover's cell index (0–24).
        occupied: mask of cells holding a tree or *another* logger.
        work: the kernel's scratch buffer (its compiled twin writes the cells
            there); ignored here, where the answer is remembered.

    Returns:
        Sorted tuple of cell indices, always containing ``origin``.
    """
    key = (origin << 25) | (occupied & NEIGHBOURHOOD2[origin])
    found = _DEST_CACHE.get(key)
    if found is None:
        found = _DEST_CACHE[key] = tuple(bits(reach(origin, occupied)))
    return found


# --------------------------------------------------------------------------- growth


def grow(seed: int, sap: int, mat: int, cell: int) -> tuple[int, int, int, int]:
    """Grow every tree in the rank and file of ``cell`` one stage, simultaneously.

    Seedling → sapling, sapling → mature tree; a tree that was already mature
    spawns (docs/rules.md, "Growth"). No tree grows twice.

    Returns:
        ``(seedlings, saplings, mature, spawners)``: the masks after growth and
        the mask of the mature trees that must spawn a seedling.
    """
    line = LINES[cell]
    gs = seed & line
    ga = sap & line
    return seed ^ gs, (sap ^ ga) | gs, mat | ga, mat & line


def spawn_sets_into(spawners: int, free: int, room: int, buf: Any) -> tuple[Any, int]:
    """Every legal set of cells for the seedlings spawned by ``spawners``, written into ``buf``.

    Each spawning tree puts one seedling on an orthogonally adjacent free cell,
    all at once; the set must be as large as possible — a maximum matching
    between spawning trees and free cells — capped by the room left under the
    20-tree limit; the mover chooses which maximum set (docs/rules.md, "Growth",
    [decision] on competing trees).

    Args:
        spawners: mask of the mature trees that spawn.
        free: mask of the free cells (no tree after growth, no logger).
        room: how many more trees fit on the board (``20 - trees``).
        buf: a writable sequence of ints (a list here, an ``int64`` array in
            the kernel) of length >= 1, used as scratch space.

    Returns:
        ``(buf, n)``: the sets are ``buf[:n]``, ascending masks (``[0]`` when
        nothing can be spawned); ``buf`` is a larger buffer when the given
        one was too small.
    """
    if spawners == 0 or room <= 0:
        buf[0] = 0
        return buf, 1
    # the spawners with a free neighbour, and whether their choices overlap
    union = 0
    overlap = False
    k = 0
    s = spawners
    while s:
        cand = ADJACENT[low_index(s)] & free
        s &= s - 1
        if cand:
            if union & cand:
                overlap = True
            union |= cand
            k += 1
    if k == 0:
        buf[0] = 0
        return buf, 1
    # every spawner fills one of its cells when the choices are independent and all fit
    independent = not overlap and room >= k
    buf[0] = 0
    count = 1
    s = spawners
    while s:
        cand = ADJACENT[low_index(s)] & free
        s &= s - 1
        if cand == 0:
            continue
        need = count * (1 + popcount(cand))
        if need > len(buf):
            buf = _enlarge(buf, 2 * need, count)
        grown = count
        for i in range(count):
            m = buf[i]
            c = cand & ~m
            while c:
                low = c & -c
                buf[grown] = m | low
                grown += 1
                c ^= low
        if independent:  # only the sets just made, none repeated
            for j in range(grown - count):
                buf[j] = buf[count + j]
            count = grown - count
        else:  # the spawner may also fill none, and two orders may make one set: each set once
            _sort_prefix(buf, grown)
            count = 1
            for i in range(1, grown):
                if buf[i] != buf[count - 1]:
                    buf[count] = buf[i]
                    count += 1
    if independent:
        _sort_prefix(buf, count)
        return buf, count
    best = 0
    for i in range(count):
        b = popcount(buf[i])
        if b > best:
            best = b
    if room < best:
        best = room
    n = 0
    for i in range(count):
        if popcount(buf[i]) == best:
            buf[n] = buf[i]
            n += 1
    return buf, n


_SPAWN_CACHE: dict[int, tuple[int, ...]] = {}
_NEAR: dict[int, int] = {}
_SINGLE: dict[int, tuple[int, ...]] = {}
_SPAWN_CACHE_LIMIT = 200_000


def spawn_sets(spawners: int, free: int, room: int, work: object = None) -> tuple[int, ...]:
    """Every legal set of cells for the seedlings spawned by ``spawners`` (:func:`spawn_sets_into`).

    Args:
        spawners: mask of the mature trees that spawn.
        free: mask of the free cells (no tree after growth, no logger).
        room: how many more trees fit on the board (``20 - trees``), >= 0.
        work: the kernel's scratch buffer (its compiled twin writes the sets
            there); ignored here, where the answer is remembered.

    Returns:
        Sorted tuple of masks, each a legal set of spawned cells; ``(0,)`` when
        nothing can be spawned.
    """
    if not spawners:
        return (0,)
    if not spawners & (spawners - 1):  # a single spawning tree: any one free neighbour
        cand = ADJACENT[spawners.bit_length() - 1] & free
        if not cand or room <= 0:
            return (0,)
        found = _SINGLE.get(cand)
        if found is None:
            found = _SINGLE[cand] = tuple(1 << c for c in bits(cand))
        return found
    near = _NEAR.get(spawners)
    if near is None:
        near = 0
        for s in bits(spawners):
            near |= ADJACENT[s]
        _NEAR[spawners] = near
    need = spawners.bit_count()
    if room < need:
        need = room  # the sets depend on the room only up to the number of spawners
    key = (need << 50) | (spawners << 25) | (free & near)
    found = _SPAWN_CACHE.get(key)
    if found is None:
        if len(_SPAWN_CACHE) >= _SPAWN_CACHE_LIMIT:
            _SPAWN_CACHE.clear()
        buf, n = spawn_sets_into(spawners, free & near, need, [0] * 64)
        found = _SPAWN_CACHE[key] = tuple(buf[:n])
    return found


def spawn_prefix_sets(sets: tuple[int, ...], chosen: int, canonical: bool = False) -> tuple[int, ...]:
    """The legal spawn sets still reachable once the cells of ``chosen`` are placed.

    Args:
        sets: the legal spawn sets (:func:`spawn_sets`).
        chosen: mask of the spawned cells placed so far, one at a time.
        canonical: cells are placed in increasing order (as search does, so
            that each set is reached by exactly one sequence of choices): keep
            only the sets whose lowest cells are exactly ``chosen``.
    """
    if canonical:
        below = (1 << chosen.bit_length()) - 1 if chosen else 0
        return tuple(m for m in sets if m & below == chosen)
    return tuple(m for m in sets if m & chosen == chosen)


def next_spawn_cells(sets: tuple[int, ...], chosen: int, canonical: bool = False) -> int:
    """Mask of the cells that can be placed next (see :func:`spawn_prefix_sets`).

    In canonical order only the lowest remaining cell of each reachable set is offered.
    """
    union = 0
    for m in spawn_prefix_sets(sets, chosen, canonical):
        rest = m & ~chosen
        union |= rest & -rest if canonical else rest
    return union


# --------------------------------------------------------------------------- actions


def chop_felled(mature: int, logger: int, target: int) -> int:
    """Mask of the trees felled by chopping ``target`` from ``logger``.

    The chopped tree falls away from the logger and knocks down every further
    mature tree (protested or not) in the same straight line, until the edge
    or a cell holding anything but a mature tree (docs/rules.md, "Chop").
    Preconditions (checked by callers): the cells are adjacent, ``target`` is
    an unprotected mature tree.
    """
    df = target % 5 - logger % 5
    dr = target // 5 - logger // 5
    felled = 1 << target
    f = target % 5 + df
    r = target // 5 + dr
    while 0 <= f < 5 and 0 <= r < 5:
        b = 1 << (r * 5 + f)
        if not mature & b:
            break
        felled |= b
        f += df
        r += dr
    return felled


def chop_line(mature: int, logger: int, target: int) -> tuple[int, ...]:
    """The cells felled by chopping ``target`` from ``logger``, in the order they fall.

    The same trees as :func:`chop_felled`, as cell indices from the chopped
    tree outwards (the domino effect), e.g. for a preview or an animation.
    """
    felled = bits(chop_felled(mature, logger, target))
    return tuple(sorted(felled, key=lambda c: abs(c % 5 - target % 5) + abs(c // 5 - target // 5)))


def action_masks(dest: int, free: int, trees: int, mature: int, protested: int) -> tuple[int, int, int]:
    """``(plant_mask, unprotected_mask, chop_mask)`` for a logger on ``dest`` after growth and spawns.

    Plant on an adjacent free cell while fewer than 20 trees stand; protest
    unprotected mature trees anywhere; chop an adjacent unprotected mature
    tree (docs/rules.md, "Actions"). ``free``: no tree, no logger.
    """
    plant = ADJACENT[dest] & free if popcount(trees) < MAX_TREES else 0
    unprotected = mature & ~protested
    return plant, unprotected, ADJACENT[dest] & unprotected


def protest_count(unprotected: int, supply: int) -> int:
    """Number of protests: non-empty subsets of at most ``supply`` (0–25) of the ``unprotected`` trees."""
    return PROTEST_COUNTS[popcount(unprotected) * 26 + supply]


def action_sets(state: State, cell: int, trees: int, free: int) -> tuple[int, int, int, int]:
    """``(plant_mask, protestable_mask, supply, chop_mask)`` for a logger on ``cell`` (:func:`action_masks`)."""
    plant, unprotected, chop = action_masks(cell, free, trees, state[MATURE], state[PROTESTED])
    supply = state[SUPPLIES][state[MOVER]] if unprotected else 0
    return plant, unprotected, supply, chop


def action_count(plant: int, unprotected: int, supply: int, chop: int) -> int:
    """Number of distinct actions: each plant cell, each protest subset, each chop."""
    return plant.bit_count() + chop.bit_count() + PROTEST_SUBSETS[unprotected.bit_count()][supply]


def iter_actions(plant: int, unprotected: int, supply: int, chop: int) -> Iterator[tuple[int, int]]:
    """Yield every action as ``(kind, target_mask)``: plants, protests, chops.

    Protest subsets are yielded by size, then in lexicographic cell order (the
    order of :func:`nth_protest`). Yields ``(NONE, 0)`` alone when no action is
    possible (the phase is skipped).
    """
    any_action = False
    for c in bits(plant):
        any_action = True
        yield PLANT, 1 << c
    if supply and unprotected:
        trees = [1 << c for c in bits(unprotected)]
        for k in range(1, min(supply, len(trees)) + 1):
            for combo in combinations(trees, k):
                any_action = True
                yield PROTEST, sum(combo)
    for c in bits(chop):
        any_action = True
        yield CHOP, 1 << c
    if not any_action:
        yield NONE, 0


def nth_bit(mask: int, n: int) -> int:
    """The ``n``-th lowest set bit of ``mask`` as a mask (0 <= ``n`` < its bit count)."""
    for _ in range(n):
        mask &= mask - 1
    return mask & -mask


def nth_protest(unprotected: int, r: int) -> int:
    """The protest subset with index ``r`` in :func:`iter_actions` order.

    Subsets come by size, then in :func:`itertools.combinations` order of the
    cells of ``unprotected``; ``0 <= r`` < the number of subsets (of the sizes
    the supply allows). A uniform ``r`` gives a uniform protest.
    """
    u = popcount(unprotected)
    k = 1
    while r >= COMB[u * 26 + k]:
        r -= COMB[u * 26 + k]
        k += 1
    out = 0
    e = 0
    for slot in range(k):
        # the subsets with the e-th tree in this slot come first: comb(u - e - 1, k - slot - 1) of them
        while r >= COMB[(u - e - 1) * 26 + k - slot - 1]:
            r -= COMB[(u - e - 1) * 26 + k - slot - 1]
            e += 1
        out |= nth_bit(unprotected, e)
        e += 1
    return out


def act_masks(
    seed: int, mat: int, prot: int, logger: int, kind: int, target: int
) -> tuple[int, int, int, int, int]:
    """The masks after an action (already known to be legal) of the logger on cell ``logger``.

    Plant: a seedling on ``target``. Protest: the trees of ``target`` are
    protested, one protester from the supply each. Chop: the felled trees
    (:func:`chop_felled`) leave the board, a point each, and the protesters on
    them return to the chopper's supply (docs/rules.md, "Actions").

    Returns:
        ``(seedlings, mature, protested, points, supply_change)``.
    """
    if kind == PLANT:
        return seed | target, mat, prot, 0, 0
    if kind == PROTEST:
        return seed, mat, prot | target, 0, -popcount(target)
    if kind == CHOP:
        felled = chop_felled(mat, logger, low_index(target))
        return seed, mat & ~felled, prot & ~felled, popcount(felled), popcount(felled & prot)
    return seed, mat, prot, 0, 0


def random_turn_masks(
    seed: int, sap: int, mat: int, prot: int, origin: int, others: int, supply: int, rng: Any, work: Any
) -> tuple[int, int, int, int, int, int, int, int, int, int]:
    """One random turn on the masks, uniform at each decision (see :func:`random_turn`).

    Args:
        seed: mask of the seedlings.
        sap: mask of the saplings.
        mat: mask of the mature trees.
        prot: mask of the protested trees (within ``mat``).
        origin: the mover's logger cell (0–24).
        others: mask of the other seats' loggers.
        supply: the mover's protesters in supply.
        rng: the source of :func:`uniform` numbers (the kernel's: its draws).
        work: the kernel's scratch buffer (``None`` here).

    Returns:
        ``(dest, spawn_mask, kind, target_mask, seedlings, saplings, mature,
        protested, points, supply_change)``: the turn and the masks after it.
    """
    trees = seed | sap | mat
    dests = destinations(origin, trees | others, work)
    dest = dests[int(uniform(rng) * len(dests))]
    seed, sap, mat, spawners = grow(seed, sap, mat, dest)
    free = FULL & ~(trees | others | (1 << dest))
    spawn = 0
    if spawners:
        sets = spawn_sets(spawners, free, MAX_TREES - popcount(trees), work)
        spawn = sets[int(uniform(rng) * len(sets))] if len(sets) > 1 else sets[0]
        seed |= spawn
        trees |= spawn
        free &= ~spawn
    plant, unprotected, chop = action_masks(dest, free, trees, mat, prot)
    n_plant = popcount(plant)
    n_protest = protest_count(unprotected, supply)
    total = n_plant + n_protest + popcount(chop)
    kind = NONE
    target = 0
    if total:
        r = int(uniform(rng) * total)
        if r < n_plant:
            kind = PLANT
            target = nth_bit(plant, r)
        elif r < n_plant + n_protest:
            kind = PROTEST
            target = nth_protest(unprotected, r - n_plant)
        else:
            kind = CHOP
            target = nth_bit(chop, r - n_plant - n_protest)
    seed, mat, prot, points, change = act_masks(seed, mat, prot, dest, kind, target)
    return dest, spawn, kind, target, seed, sap, mat, prot, points, change


def target_reached(scores: Any) -> bool:
    """Some seat has at least :data:`TARGET_SCORE` points (``scores``: a sequence of ints)."""
    for s in scores:
        if s >= TARGET_SCORE:
            return True
    return False


def playout_seats(
    seed: int,
    sap: int,
    mat: int,
    prot: int,
    mover: int,
    loggers: Any,
    scores: Any,
    supplies: Any,
    rng: Any,
    work: Any,
    max_turns: int,
) -> tuple[int, int, int, int, int, int]:
    """Random play (:func:`random_turn_masks`) until the game is over or ``max_turns`` turns.

    ``loggers``, ``scores`` and ``supplies`` are mutable sequences with one
    entry per seat (lists here, rows of the state in the kernel), updated in place.

    Returns:
        ``(seedlings, saplings, mature, protested, mover, turns_played)``.
    """
    players = len(loggers)
    turns = 0
    while turns < max_turns and not (mover == 0 and target_reached(scores)):
        origin = loggers[mover]
        others = 0
        for i in range(players):
            if i != mover:
                others |= 1 << loggers[i]
        dest, _, _, _, seed, sap, mat, prot, points, change = random_turn_masks(
            seed, sap, mat, prot, origin, others, supplies[mover], rng, work
        )
        loggers[mover] = dest
        scores[mover] += points
        supplies[mover] += change
        mover += 1
        if mover == players:
            mover = 0
        turns += 1
    return seed, sap, mat, prot, mover, turns


#: The functions above that the compiled kernel compiles as they are, in this order.
COMPILED: tuple[str, ...] = (
    "reach",
    "grow",
    "spawn_sets_into",
    "chop_felled",
    "action_masks",
    "protest_count",
    "nth_bit",
    "nth_protest",
    "act_masks",
    "random_turn_masks",
    "target_reached",
    "playout_seats",
)
#: Names the kernel binds to compiled versions of its own when compiling :data:`COMPILED`:
#: the machine's bit count, its draws, a scratch buffer in place of the memos, NumPy tables.
TWINS: tuple[str, ...] = (
    "popcount",
    "low_index",
    "uniform",
    "_sort_prefix",
    "_enlarge",
    "destinations",
    "spawn_sets",
    "ADJACENT",
    "LINES",
    "COMB",
    "PROTEST_COUNTS",
)


# --------------------------------------------------------------------------- turns (Python)


def after_growth(state: State, dest: int) -> tuple[State, int, int]:
    """Move the mover's logger to ``dest`` and grow.

    Returns:
        ``(state, spawners, free)``: the state after movement and growth
        (spawns not yet placed, mover unchanged), the spawning trees and the
        free cells for spawned seedlings.
    """
    seed, sap, mat, prot, loggers, mover, scores, supplies = state
    seed, sap, mat, spawners = grow(seed, sap, mat, dest)
    if loggers[mover] != dest:
        loggers = loggers[:mover] + (dest,) + loggers[mover + 1 :]
    free = FULL & ~(seed | sap | mat | logger_mask(loggers))
    return (seed, sap, mat, prot, loggers, mover, scores, supplies), spawners, free


def apply_action(state: State, kind: int, target: int) -> State:
    """Apply an action (already known to be legal) and pass the turn to the next seat."""
    seed, sap, mat, prot, loggers, mover, scores, supplies = state
    points = change = 0
    if kind:
        seed, mat, prot, points, change = act_masks(seed, mat, prot, loggers[mover], kind, target)
    return _passed(seed, sap, mat, prot, loggers, mover, scores, supplies, points, change)


def _passed(
    seed: int,
    sap: int,
    mat: int,
    prot: int,
    loggers: tuple[int, ...],
    mover: int,
    scores: tuple[int, ...],
    supplies: tuple[int, ...],
    points: int,
    change: int,
) -> State:
    """The state after the mover's action, with its points and supply change, and the turn passed on."""
    if points:
        scores = _plus(scores, mover, points)
    if change:
        supplies = _plus(supplies, mover, change)
    nxt = mover + 1
    if nxt == len(loggers):
        nxt = 0
    return (seed, sap, mat, prot, loggers, nxt, scores, supplies)


def _plus(values: tuple[int, ...], seat: int, delta: int) -> tuple[int, ...]:
    """``values`` with ``delta`` added to the entry of ``seat``."""
    return values[:seat] + (values[seat] + delta,) + values[seat + 1 :]


def apply_turn(state: State, dest: int, spawn: int, kind: int, target: int) -> State:
    """Play a complete turn that is already known to be legal; return the next state."""
    grown, _, _ = after_growth(state, dest)
    return apply_action(with_spawns(grown, spawn), kind, target)


def occupied_for_move(state: State) -> int:
    """Cells the mover's logger cannot step into: trees and the other loggers."""
    others = logger_mask(state[LOGGERS]) & ~(1 << mover_cell(state))
    return tree_mask(state) | others


def legal_turns(state: State) -> Iterator[tuple[tuple[int, int, int, int], State]]:
    """Every legal turn as ``((dest, spawn_mask, kind, target_mask), next_state)``.

    By destination, then spawn set (:func:`spawn_sets`), then action
    (:func:`iter_actions`, the skipped action when none is possible).
    Different turns may lead to the same state. Nothing when the game is over.
    """
    if is_terminal(state):
        return
    # The hot loop of search and of successors(): the state is unpacked once per destination and
    # the next state built here (a function call per turn costs ~5 % of successors()).
    for dest in destinations(mover_cell(state), occupied_for_move(state)):
        grown, spawners, free = after_growth(state, dest)
        grown_seed, sap, mat, prot, loggers, mover, scores, supplies = grown
        nxt = mover + 1 if mover + 1 < len(loggers) else 0
        trees = grown_seed | sap | mat
        for spawn in spawn_sets(spawners, free, MAX_TREES - trees.bit_count()):
            seed = grown_seed | spawn
            plant, unprotected, chop = action_masks(dest, free & ~spawn, trees | spawn, mat, prot)
            supply = supplies[mover] if unprotected else 0
            for kind, target in iter_actions(plant, unprotected, supply, chop):
                if not kind:
                    yield (dest, spawn, kind, target), (seed, sap, mat, prot, loggers, nxt, scores, supplies)
                    continue
                seed_, mat_, prot_, points, change = act_masks(seed, mat, prot, dest, kind, target)
                yield (
                    (dest, spawn, kind, target),
                    (
                        seed_,
                        sap,
                        mat_,
                        prot_,
                        loggers,
                        nxt,
                        _plus(scores, mover, points) if points else scores,
                        _plus(supplies, mover, change) if change else supplies,
                    ),
                )


def successors(state: State) -> set[State]:
    """Every distinct state after one complete legal turn of the seat to move.

    docs/rules.md, "Successors": movement × every legal spawn set × every legal
    action (or the skipped action). Empty when the game is over.
    """
    return {nxt for _, nxt in legal_turns(state)}


def random_turn(state: State, rng: random.Random) -> tuple[int, int, int, int, State]:
    """Play one random turn, uniform at each decision (:func:`random_turn_masks`).

    First uniform over destinations, then over the legal spawn sets, then over
    the legal actions (each plant cell, each protest subset and each chop is
    one action; the action drawn is the one with that index in
    :func:`iter_actions` order). Every choice is ``int(rng.random() * n)``;
    the destination is always drawn, a spawn set only when there are several,
    an action whenever there is one; so the compiled kernel
    (:mod:`logger_widget.engine.fast`), which runs the same function, replays
    the same game from the same numbers. This is the policy of
    :class:`~logger_widget.bots.RandomBot`, of MCTS playouts and of
    ``benchmarks/bench_engine.py``.

    Returns:
        ``(dest, spawn_mask, kind, target_mask, next_state)``.
    """
    seed, sap, mat, prot, loggers, mover, scores, supplies = state
    origin = loggers[mover]
    others = 0
    for c in loggers:
        others |= 1 << c
    dest, spawn, kind, target, seed, sap, mat, prot, points, change = random_turn_masks(
        seed, sap, mat, prot, origin, others ^ (1 << origin), supplies[mover], rng, None
    )
    if dest != origin:
        loggers = loggers[:mover] + (dest,) + loggers[mover + 1 :]
    return (
        dest,
        spawn,
        kind,
        target,
        _passed(seed, sap, mat, prot, loggers, mover, scores, supplies, points, change),
    )


def playout(state: State, rng: random.Random, max_turns: int = 1000) -> tuple[State, int]:
    """Random play (see :func:`random_turn`) until the game is over or ``max_turns`` turns.

    Returns:
        ``(final_state, turns_played)``. Repetition is not tracked here; the
        turn limit guarantees termination.
    """
    seed, sap, mat, prot, loggers, mover, scores, supplies = state
    loggers_, scores_, supplies_ = list(loggers), list(scores), list(supplies)
    seed, sap, mat, prot, mover, turns = playout_seats(
        seed, sap, mat, prot, mover, loggers_, scores_, supplies_, rng, None, max_turns
    )
    return (seed, sap, mat, prot, tuple(loggers_), mover, tuple(scores_), tuple(supplies_)), turns

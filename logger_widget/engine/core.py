"""The rules of Logger as fast, stateless functions over bitboards.

This is the one place where the rules are implemented; :class:`~logger_widget.Position`,
the step-by-step :class:`~logger_widget.engine.decisions.TurnInProgress`, the bots and
the benchmarks all call these functions. Source of every rule: ``docs/rules.md``
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
from typing import Final

from .cells import ADJACENT, FULL, LINES, NEIGHBOURHOOD2, RAYS, bits

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
    "action_sets",
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
    "nth_protest",
    "playout",
    "random_turn",
    "next_spawn_cells",
    "spawn_prefix_sets",
    "spawn_sets",
    "successors",
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


# --------------------------------------------------------------------------- movement

_DEST_CACHE: dict[int, tuple[int, ...]] = {}


def destinations(origin: int, occupied: int) -> tuple[int, ...]:
    """Cells a logger on ``origin`` can end its movement on, in index order.

    Movement is 0, 1 or 2 orthogonal steps, each into a free cell (no tree, no
    logger); the path may turn; staying put is allowed (docs/rules.md, "Movement").

    Args:
        origin: the mover's cell index (0–24).
        occupied: mask of cells holding a tree or *another* logger.

    Returns:
        Sorted tuple of cell indices, always containing ``origin``.
    """
    key = (origin << 25) | (occupied & NEIGHBOURHOOD2[origin])
    found = _DEST_CACHE.get(key)
    if found is None:
        free = FULL & ~occupied
        one = ADJACENT[origin] & free
        reach = one | (1 << origin)
        for c in bits(one):
            reach |= ADJACENT[c] & free
        found = _DEST_CACHE[key] = tuple(bits(reach))
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


_SPAWN_CACHE: dict[int, tuple[int, ...]] = {}
_NEAR: dict[int, int] = {}
_SINGLE: dict[int, tuple[int, ...]] = {}
_SPAWN_CACHE_LIMIT = 200_000


def spawn_sets(spawners: int, free: int, room: int) -> tuple[int, ...]:
    """Every legal set of cells for the seedlings spawned by ``spawners``.

    Each spawning tree puts one seedling on an orthogonally adjacent free cell,
    all at once; the set must be as large as possible — a maximum matching
    between spawning trees and free cells — capped by the room left under the
    20-tree limit; the mover chooses which maximum set (docs/rules.md, "Growth",
    [decision] on competing trees).

    Args:
        spawners: mask of the mature trees that spawn.
        free: mask of the free cells (no tree after growth, no logger).
        room: how many more trees fit on the board (``20 - trees``), >= 0.

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
        need = room
    key = (need << 50) | (spawners << 25) | (free & near)
    found = _SPAWN_CACHE.get(key)
    if found is None:
        if len(_SPAWN_CACHE) >= _SPAWN_CACHE_LIMIT:
            _SPAWN_CACHE.clear()
        found = _SPAWN_CACHE[key] = _matchable_maximum(spawners, free & near, need)
    return found


def _matchable_maximum(spawners: int, free: int, room: int) -> tuple[int, ...]:
    # All cell sets that distinct spawners can fill (each spawner: one adjacent
    # free cell or none). Subsets of a matchable set are matchable, so the
    # legal sets are exactly the matchable sets of size min(room, maximum).
    reached = {0}
    for s in bits(spawners):
        cand = ADJACENT[s] & free
        if not cand:
            continue
        grown = set(reached)
        for m in reached:
            c = cand & ~m
            while c:
                low = c & -c
                grown.add(m | low)
                c ^= low
        reached = grown
    best = min(room, max(m.bit_count() for m in reached))
    return tuple(sorted(m for m in reached if m.bit_count() == best))


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
    an unprotested mature tree.
    """
    felled = 1 << target
    for b in RAYS[(logger, target)]:
        if not mature & b:
            break
        felled |= b
    return felled


def chop_line(mature: int, logger: int, target: int) -> tuple[int, ...]:
    """The cells felled by chopping ``target`` from ``logger``, in the order they fall.

    The same trees as :func:`chop_felled`, as cell indices from the chopped
    tree outwards (the domino effect), e.g. for a preview or an animation.
    """
    line = [target]
    for b in RAYS[(logger, target)]:
        if not mature & b:
            break
        line.append(b.bit_length() - 1)
    return tuple(line)


def action_sets(state: State, cell: int, trees: int, free: int) -> tuple[int, int, int, int]:
    """``(plant_mask, protestable_mask, supply, chop_mask)`` for a logger on ``cell``."""
    plant = ADJACENT[cell] & free if trees.bit_count() < MAX_TREES else 0
    unprotected = state[MATURE] & ~state[PROTESTED]
    supply = state[SUPPLIES][state[MOVER]] if unprotected else 0
    return plant, unprotected, supply, ADJACENT[cell] & unprotected


#: ``PROTEST_SUBSETS[u][s]``: non-empty subsets of at most ``s`` of ``u`` trees.
PROTEST_SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(comb(u, k) for k in range(1, min(s, u) + 1)) for s in range(26)) for u in range(26)
)


def action_count(plant: int, unprotected: int, supply: int, chop: int) -> int:
    """Number of distinct actions: each plant cell, each protest subset, each chop."""
    return plant.bit_count() + chop.bit_count() + PROTEST_SUBSETS[unprotected.bit_count()][supply]


def iter_actions(plant: int, unprotected: int, supply: int, chop: int) -> Iterator[tuple[int, int]]:
    """Yield every action as ``(kind, target_mask)``: plants, protests, chops.

    Protest subsets are yielded by size, then in lexicographic cell order.
    Yields ``(NONE, 0)`` alone when no action is possible (the phase is skipped).
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


# --------------------------------------------------------------------------- turns


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
    return _act(*state, kind, target)


def _act(
    seed: int,
    sap: int,
    mat: int,
    prot: int,
    loggers: tuple[int, ...],
    mover: int,
    scores: tuple[int, ...],
    supplies: tuple[int, ...],
    kind: int,
    target: int,
) -> State:
    if kind == PLANT:
        seed |= target
    elif kind == PROTEST:
        prot |= target
        supplies = supplies[:mover] + (supplies[mover] - target.bit_count(),) + supplies[mover + 1 :]
    elif kind == CHOP:
        felled = chop_felled(mat, loggers[mover], target.bit_length() - 1)
        gained = (felled & prot).bit_count()
        mat &= ~felled
        prot &= ~felled
        scores = scores[:mover] + (scores[mover] + felled.bit_count(),) + scores[mover + 1 :]
        if gained:
            supplies = supplies[:mover] + (supplies[mover] + gained,) + supplies[mover + 1 :]
    nxt = mover + 1
    if nxt == len(loggers):
        nxt = 0
    return (seed, sap, mat, prot, loggers, nxt, scores, supplies)


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
    # The hot loop of search and of successors(): tree_mask() and with_spawns() are written
    # out here (a function call per destination and per spawn set costs ~15 % of successors()).
    for dest in destinations(mover_cell(state), occupied_for_move(state)):
        grown, spawners, free = after_growth(state, dest)
        trees = grown[SEEDLINGS] | grown[SAPLINGS] | grown[MATURE]
        rest = grown[SAPLINGS:]
        for spawn in spawn_sets(spawners, free, MAX_TREES - trees.bit_count()):
            s = (grown[SEEDLINGS] | spawn,) + rest if spawn else grown
            for kind, target in iter_actions(*action_sets(s, dest, trees | spawn, free & ~spawn)):
                yield (dest, spawn, kind, target), _act(*s, kind, target)


def successors(state: State) -> set[State]:
    """Every distinct state after one complete legal turn of the seat to move.

    docs/rules.md, "Successors": movement × every legal spawn set × every legal
    action (or the skipped action). Empty when the game is over.
    """
    return {nxt for _, nxt in legal_turns(state)}


def random_turn(state: State, rng: random.Random) -> tuple[int, int, int, int, State]:
    """Play one random turn, uniform at each decision.

    First uniform over destinations, then over the legal spawn sets, then over
    the legal actions (each plant cell, each protest subset and each chop is
    one action; the action drawn is the one with that index in
    :func:`iter_actions` order). Every choice is ``int(rng.random() * n)``,
    and a choice with one option draws nothing, so the compiled kernel
    (:mod:`logger_widget.engine.fast`) replays the same game from the same numbers. This is the policy of :class:`~logger_widget.bots.RandomBot`,
    of MCTS playouts and of ``benchmarks/bench_engine.py``.

    Returns:
        ``(dest, spawn_mask, kind, target_mask, next_state)``.
    """
    seed, sap, mat, prot, loggers, mover, scores, supplies = state
    origin = loggers[mover]
    lm = 0
    for c in loggers:
        lm |= 1 << c
    trees = seed | sap | mat
    occupied = trees | (lm ^ (1 << origin))
    dests = _DEST_CACHE.get((origin << 25) | (occupied & NEIGHBOURHOOD2[origin]))
    if dests is None:
        dests = destinations(origin, occupied)
    dest = dests[int(rng.random() * len(dests))]
    # growth (see grow())
    line = LINES[dest]
    gs = seed & line
    ga = sap & line
    spawners = mat & line
    seed ^= gs
    sap = (sap ^ ga) | gs
    mat |= ga
    lm ^= (1 << origin) | (1 << dest) if dest != origin else 0
    free = FULL & ~(trees | lm)
    spawn = 0
    if spawners:
        sets = spawn_sets(spawners, free, MAX_TREES - trees.bit_count())
        spawn = sets[int(rng.random() * len(sets))] if len(sets) > 1 else sets[0]
        if spawn:
            seed |= spawn
            trees |= spawn
            free &= ~spawn
    if dest != origin:
        loggers = loggers[:mover] + (dest,) + loggers[mover + 1 :]
    adj = ADJACENT[dest]
    plant = adj & free if trees.bit_count() < MAX_TREES else 0
    unprotected = mat & ~prot
    chop = adj & unprotected
    supply = supplies[mover]
    n_plant = plant.bit_count()
    n_chop = chop.bit_count()
    n_protest = PROTEST_SUBSETS[unprotected.bit_count()][supply]
    total = n_plant + n_protest + n_chop
    if not total:
        return dest, spawn, NONE, 0, _act(seed, sap, mat, prot, loggers, mover, scores, supplies, NONE, 0)
    r = int(rng.random() * total)
    if r < n_plant:
        kind, target = PLANT, _nth_bit(plant, r)
    elif r < n_plant + n_protest:
        kind, target = PROTEST, nth_protest(unprotected, r - n_plant)
    else:
        kind, target = CHOP, _nth_bit(chop, r - n_plant - n_protest)
    return (
        dest,
        spawn,
        kind,
        target,
        _act(seed, sap, mat, prot, loggers, mover, scores, supplies, kind, target),
    )


def _nth_bit(mask: int, n: int) -> int:
    for _ in range(n):
        mask &= mask - 1
    return mask & -mask


def nth_protest(unprotected: int, r: int) -> int:
    """The protest subset with index ``r`` in :func:`iter_actions` order.

    Subsets come by size, then in :func:`itertools.combinations` order of the
    cells of ``unprotected``; ``0 <= r`` < the number of subsets (of the sizes
    the supply allows). A uniform ``r`` gives a uniform protest.
    """
    trees = [1 << c for c in bits(unprotected)]
    u = len(trees)
    k = 1
    while r >= comb(u, k):
        r -= comb(u, k)
        k += 1
    out = 0
    e = 0
    for slot in range(k):
        # the subsets with trees[e] in this slot come first: comb(u - e - 1, k - slot - 1) of them
        while r >= comb(u - e - 1, k - slot - 1):
            r -= comb(u - e - 1, k - slot - 1)
            e += 1
        out |= trees[e]
        e += 1
    return out


def playout(state: State, rng: random.Random, max_turns: int = 1000) -> tuple[State, int]:
    """Random play (see :func:`random_turn`) until the game is over or ``max_turns`` turns.

    Returns:
        ``(final_state, turns_played)``. Repetition is not tracked here; the
        turn limit guarantees termination.
    """
    turns = 0
    while turns < max_turns and not (state[MOVER] == 0 and max(state[SCORES]) >= TARGET_SCORE):
        state = random_turn(state, rng)[4]
        turns += 1
    return state, turns

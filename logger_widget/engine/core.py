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

One source for Python and the compiled kernel
    The functions below are written in the subset of Python that Numba
    compiles (ints, tuples, lists, ``while`` loops, the tables of
    :mod:`.cells` as tuples): :mod:`logger_widget.engine.fast` compiles these
    very functions with ``numba.njit`` when Numba is installed, and they run
    here unchanged without it. A few helpers only remember results for the
    Python path (:func:`destinations`, :func:`spawn_sets`,
    :func:`protest_subsets`, :func:`_pick_destination`); the kernel gives
    each of them a compiled twin that computes the same value from the same
    rule function (:func:`reach`, :func:`spawn_choices`, :func:`nth_protest`)
    without the memo. ``int.bit_count`` / ``int.bit_length`` and
    :func:`_put` get compiled versions there too. So a rule is changed here,
    once (``docs/architecture.md``).

Action encoding
    ``kind`` is one of :data:`NONE`, :data:`PLANT`, :data:`PROTEST`,
    :data:`CHOP`; ``target`` is a mask: the planted cell, the protested trees,
    or the chopped (first) tree.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import comb
from typing import Final, Protocol

from .cells import ADJACENT, FULL, LINES, NEIGHBOURHOOD2, SIZE, bits

__all__ = [
    "CHOP",
    "LOGGERS",
    "MATURE",
    "MAX_TREES",
    "MOVER",
    "NONE",
    "PLANT",
    "PROTEST",
    "COMB",
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
    "protest_subsets",
    "random_turn",
    "reach",
    "next_spawn_cells",
    "spawn_choices",
    "spawn_prefix_sets",
    "spawn_sets",
    "successors",
    "total_protesters",
    "tree_mask",
    "turn_list",
    "with_spawns",
]

#: At most 20 trees on the board: the pool has 20 large pyramids (docs/rules.md, [decision]).
MAX_TREES = 20
#: A score of at least this many points triggers the end (docs/rules.md, "End of the game").
TARGET_SCORE = 10

NONE, PLANT, PROTEST, CHOP = 0, 1, 2, 3

#: (seedlings, saplings, mature, protested, loggers, mover, scores, supplies) — see the module docstring.
State = tuple[int, int, int, int, tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]


class Uniform(Protocol):
    """What random play draws from: ``random()``, a uniform number in [0, 1) (e.g. :class:`random.Random`)."""

    def random(self) -> float: ...


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


def _put(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``values`` with entry ``i`` replaced by ``value`` (the kernel compiles this to an in-register update)."""
    return values[:i] + (value,) + values[i + 1 :]


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
        out |= ADJACENT[low.bit_length() - 1] & free
        c ^= low
    return out


_DEST_CACHE: dict[int, tuple[int, ...]] = {}


def destinations(origin: int, occupied: int) -> tuple[int, ...]:
    """The cells of :func:`reach` as a sorted tuple of cell indices (remembered on the Python path)."""
    key = (origin << 25) | (occupied & NEIGHBOURHOOD2[origin])
    found = _DEST_CACHE.get(key)
    if found is None:
        found = _DEST_CACHE[key] = tuple(bits(reach(origin, occupied)))
    return found


def _pick_destination(origin: int, occupied: int, u: float) -> int:
    """The destination with index ``int(u * n)`` among the ``n`` of :func:`destinations` (0 <= u < 1)."""
    cells = _DEST_CACHE.get((origin << 25) | (occupied & NEIGHBOURHOOD2[origin]))
    if cells is None:
        cells = destinations(origin, occupied)
    return cells[int(u * len(cells))]


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


def spawn_choices(spawners: int, free: int, room: int) -> list[int]:
    """Every legal set of cells for the seedlings spawned by ``spawners``, sorted.

    Each spawning tree puts one seedling on an orthogonally adjacent free cell,
    all at once; the set must be as large as possible — a maximum matching
    between spawning trees and free cells — capped by the room left under the
    20-tree limit; the mover chooses which maximum set (docs/rules.md, "Growth",
    [decision] on competing trees).

    All cell sets that distinct spawners can fill are built (each spawner: one
    adjacent free cell or none); subsets of a matchable set are matchable, so
    the legal sets are exactly the matchable sets of size ``min(room, maximum)``.

    Args:
        spawners: mask of the mature trees that spawn.
        free: mask of the free cells (no tree after growth, no logger).
        room: how many more trees fit on the board (``20 - trees``), >= 0.

    Returns:
        Sorted list of masks (a NumPy array in the compiled kernel), each a
        legal set of spawned cells; ``[0]`` when nothing can be spawned.
    """
    reached = _masks(64)
    n = 1  # reached[:n]: the sets found so far, sorted, distinct; the empty set first
    s = spawners
    while s:
        low = s & -s
        s ^= low
        cand = ADJACENT[low.bit_length() - 1] & free
        if not cand:
            continue
        grown = n
        for i in range(n):
            m = reached[i]
            c = cand & ~m
            while c:
                b = c & -c
                reached = _set_mask(reached, grown, m | b)
                grown += 1
                c ^= b
        _sort_masks(reached, grown)
        n = 1
        for i in range(1, grown):
            if reached[i] != reached[n - 1]:
                reached[n] = reached[i]
                n += 1
    best = 0
    for i in range(n):
        if reached[i].bit_count() > best:
            best = reached[i].bit_count()
    if room < best:
        best = room
    k = 0
    for i in range(n):
        if reached[i].bit_count() == best:
            reached[k] = reached[i]
            k += 1
    return reached[:k]


# Containers of masks for spawn_choices (the kernel swaps in NumPy arrays: fast/_jit.py)


def _masks(size: int) -> list[int]:
    """A buffer of ``size`` masks, all 0."""
    return [0] * size


def _set_mask(buffer: list[int], i: int, mask: int) -> list[int]:
    """``buffer`` with ``buffer[i] = mask``, grown when ``i`` is past its end (returned: it may be a new one)."""
    if i < len(buffer):
        buffer[i] = mask
    else:
        buffer.append(mask)
    return buffer


def _sort_masks(buffer: list[int], n: int) -> None:
    """Sort the first ``n`` masks of ``buffer`` in place."""
    buffer[:n] = sorted(buffer[:n])


_SPAWN_CACHE: dict[int, tuple[int, ...]] = {}
_NEAR: dict[int, int] = {}
_SPAWN_CACHE_LIMIT = 200_000


def spawn_sets(spawners: int, free: int, room: int) -> tuple[int, ...]:
    """:func:`spawn_choices` as a tuple, remembered on the Python path (arguments as there)."""
    if not spawners:
        return (0,)
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
        found = _SPAWN_CACHE[key] = tuple(spawn_choices(spawners, free & near, need))
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
    df = target % SIZE - logger % SIZE
    dr = target // SIZE - logger // SIZE
    felled = 1 << target
    f = target % SIZE + df
    r = target // SIZE + dr
    while 0 <= f < SIZE and 0 <= r < SIZE:
        b = 1 << (r * SIZE + f)
        if not mature & b:
            break
        felled |= b
        f += df
        r += dr
    return felled


def chop_line(mature: int, logger: int, target: int) -> tuple[int, ...]:
    """The cells felled by chopping ``target`` from ``logger``, in the order they fall.

    The trees of :func:`chop_felled` as cell indices from the chopped tree
    outwards (the domino effect), e.g. for a preview or an animation.
    """
    tf, tr = target % SIZE, target // SIZE
    return tuple(
        sorted(
            bits(chop_felled(mature, logger, target)), key=lambda c: abs(c % SIZE - tf) + abs(c // SIZE - tr)
        )
    )


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

#: ``COMB[n][k]``: the binomial coefficient n choose k (0 when k > n), 0 <= n, k <= 25.
COMB: tuple[tuple[int, ...], ...] = tuple(tuple(comb(n, k) for k in range(26)) for n in range(26))


def action_count(plant: int, unprotected: int, supply: int, chop: int) -> int:
    """Number of distinct actions: each plant cell, each protest subset, each chop."""
    return plant.bit_count() + chop.bit_count() + PROTEST_SUBSETS[unprotected.bit_count()][supply]


def protest_choices(unprotected: int, supply: int) -> list[int]:
    """Every protest: the non-empty subsets of at most ``supply`` trees of ``unprotected``, as masks.

    By size, then in lexicographic order of the cells (the order of
    :func:`itertools.combinations` over the cells in index order); the
    subsets of size ``k + 1`` extend each subset of size ``k`` with one
    later cell. :func:`nth_protest` gives the one with a given index.
    """
    cells = []
    c = unprotected
    while c:
        low = c & -c
        cells.append(low)
        c ^= low
    u = len(cells)
    out = []
    level = [(0, -1)]
    k = 0
    while k < supply and k < u:
        nxt = []
        for m, last in level:
            for j in range(last + 1, u):
                nxt.append((m | cells[j], j))
        for m, _ in nxt:
            out.append(m)
        level = nxt
        k += 1
    return out


_PROTEST_CACHE: dict[int, tuple[int, ...]] = {}
_PROTEST_CACHE_LIMIT = 100_000
_PROTEST_CACHE_LARGEST = 4096


def protest_subsets(unprotected: int, supply: int) -> tuple[int, ...]:
    """:func:`protest_choices` as a tuple, remembered on the Python path (up to 4,096 subsets)."""
    if supply > 25:
        supply = 25
    key = (unprotected << 5) | supply
    found = _PROTEST_CACHE.get(key)
    if found is None:
        found = tuple(protest_choices(unprotected, supply))
        if len(found) <= _PROTEST_CACHE_LARGEST:
            if len(_PROTEST_CACHE) >= _PROTEST_CACHE_LIMIT:
                _PROTEST_CACHE.clear()
            _PROTEST_CACHE[key] = found
    return found


def iter_actions(plant: int, unprotected: int, supply: int, chop: int) -> Iterator[tuple[int, int]]:
    """Yield every action as ``(kind, target_mask)``: plants, protests, chops.

    Protest subsets come in :func:`protest_choices` order. Yields
    ``(NONE, 0)`` alone when no action is possible (the phase is skipped).
    """
    any_action = False
    for c in bits(plant):
        any_action = True
        yield PLANT, 1 << c
    if supply and unprotected:
        for m in protest_subsets(unprotected, supply):
            any_action = True
            yield PROTEST, m
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
        loggers = _put(loggers, mover, dest)
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
        supplies = _put(supplies, mover, supplies[mover] - target.bit_count())
    elif kind == CHOP:
        felled = chop_felled(mat, loggers[mover], target.bit_length() - 1)
        gained = (felled & prot).bit_count()
        mat &= ~felled
        prot &= ~felled
        scores = _put(scores, mover, scores[mover] + felled.bit_count())
        if gained:
            supplies = _put(supplies, mover, supplies[mover] + gained)
    nxt = mover + 1
    if nxt == len(loggers):
        nxt = 0
    return (seed, sap, mat, prot, loggers, nxt, scores, supplies)


def apply_turn(state: State, dest: int, spawn: int, kind: int, target: int) -> State:
    """Play a complete turn that is already known to be legal; return the next state."""
    grown, _, _ = after_growth(state, dest)
    seed, sap, mat, prot, loggers, mover, scores, supplies = grown
    return _act(seed | spawn, sap, mat, prot, loggers, mover, scores, supplies, kind, target)


def occupied_for_move(state: State) -> int:
    """Cells the mover's logger cannot step into: trees and the other loggers."""
    others = logger_mask(state[LOGGERS]) & ~(1 << mover_cell(state))
    return tree_mask(state) | others


def turn_list(state: State) -> list[tuple[tuple[int, int, int, int], State]]:
    """Every legal turn as ``((dest, spawn_mask, kind, target_mask), next_state)``, in a list.

    By destination, then spawn set (:func:`spawn_sets`), then action: each
    plant cell, each protest (:func:`protest_subsets`), each chop, or the
    skipped action when none is possible. Different turns may lead to the
    same state. Empty when the game is over.
    """
    out: list[tuple[tuple[int, int, int, int], State]] = []
    if is_terminal(state):
        return out
    seed, sap, mat, prot, loggers, mover, scores, supplies = state
    origin = loggers[mover]
    supply = supplies[mover]
    occupied = seed | sap | mat | (logger_mask(loggers) & ~(1 << origin))
    for dest in destinations(origin, occupied):
        grown, spawners, free = after_growth(state, dest)
        g_seed, g_sap, g_mat, g_prot, g_loggers, _, _, _ = grown
        trees = g_seed | g_sap | g_mat
        adj = ADJACENT[dest]
        unprotected = g_mat & ~g_prot
        chop = adj & unprotected
        protests = protest_subsets(unprotected, supply) if supply and unprotected else protest_subsets(0, 0)
        for spawn in spawn_sets(spawners, free, MAX_TREES - trees.bit_count()):
            s_seed = g_seed | spawn
            start = len(out)
            if (trees | spawn).bit_count() < MAX_TREES:
                p = adj & free & ~spawn
                while p:
                    low = p & -p
                    p ^= low
                    nxt = _act(s_seed, g_sap, g_mat, g_prot, g_loggers, mover, scores, supplies, PLANT, low)
                    out.append(((dest, spawn, PLANT, low), nxt))
            for m in protests:
                nxt = _act(s_seed, g_sap, g_mat, g_prot, g_loggers, mover, scores, supplies, PROTEST, m)
                out.append(((dest, spawn, PROTEST, m), nxt))
            c = chop
            while c:
                low = c & -c
                c ^= low
                nxt = _act(s_seed, g_sap, g_mat, g_prot, g_loggers, mover, scores, supplies, CHOP, low)
                out.append(((dest, spawn, CHOP, low), nxt))
            if len(out) == start:
                nxt = _act(s_seed, g_sap, g_mat, g_prot, g_loggers, mover, scores, supplies, NONE, 0)
                out.append(((dest, spawn, NONE, 0), nxt))
    return out


def legal_turns(state: State) -> Iterator[tuple[tuple[int, int, int, int], State]]:
    """Every legal turn as ``((dest, spawn_mask, kind, target_mask), next_state)``: :func:`turn_list`'s order.

    Nothing when the game is over.
    """
    return iter(turn_list(state))


def successors(state: State) -> set[State]:
    """Every distinct state after one complete legal turn of the seat to move.

    docs/rules.md, "Successors": movement × every legal spawn set × every legal
    action (or the skipped action). Empty when the game is over.
    """
    return {nxt for _, nxt in turn_list(state)}


def random_turn(state: State, rng: Uniform) -> tuple[int, int, int, int, State]:
    """Play one random turn, uniform at each decision.

    First uniform over destinations, then over the legal spawn sets, then over
    the legal actions (each plant cell, each protest subset and each chop is
    one action; the action drawn is the one with that index in
    :func:`iter_actions` order). Every choice is ``int(rng.random() * n)``
    (the destination is always drawn; a spawn set only when there are two or
    more; an action only when there is one), so the compiled kernel
    (:mod:`logger_widget.engine.fast`), which runs this very function, replays
    the same game from the same numbers. This is the policy of
    :class:`~logger_widget.bots.RandomBot`, of MCTS playouts and of
    ``benchmarks/bench_engine.py``.

    Returns:
        ``(dest, spawn_mask, kind, target_mask, next_state)``.
    """
    seed, sap, mat, prot, loggers, mover, scores, supplies = state
    origin = loggers[mover]
    lm = 0
    for c in loggers:
        lm |= 1 << c
    trees = seed | sap | mat
    dest = _pick_destination(origin, trees | (lm ^ (1 << origin)), rng.random())
    seed, sap, mat, spawners = grow(seed, sap, mat, dest)
    if dest != origin:
        lm ^= (1 << origin) | (1 << dest)
        loggers = _put(loggers, mover, dest)
    free = FULL & ~(trees | lm)
    spawn = 0
    if spawners & (spawners - 1):  # two or more spawning trees
        sets = spawn_sets(spawners, free, MAX_TREES - trees.bit_count())
        spawn = sets[int(rng.random() * len(sets))] if len(sets) > 1 else sets[0]
    elif spawners and trees.bit_count() < MAX_TREES:
        # one spawning tree: spawn_choices() is each free neighbour alone (or nothing); drawn without building it
        spawn = ADJACENT[spawners.bit_length() - 1] & free
        if spawn & (spawn - 1):
            spawn = _nth_bit(spawn, int(rng.random() * spawn.bit_count()))
    if spawn:
        seed |= spawn
        trees |= spawn
        free &= ~spawn
    adj = ADJACENT[dest]
    plant = adj & free if trees.bit_count() < MAX_TREES else 0
    unprotected = mat & ~prot
    chop = adj & unprotected
    n_plant = plant.bit_count()
    n_protest = PROTEST_SUBSETS[unprotected.bit_count()][supplies[mover]]
    total = n_plant + n_protest + chop.bit_count()
    kind = NONE
    target = 0
    if total:
        r = int(rng.random() * total)
        if r < n_plant:
            kind = PLANT
            target = _nth_bit(plant, r)
        elif r < n_plant + n_protest:
            kind = PROTEST
            target = nth_protest(unprotected, r - n_plant)
        else:
            kind = CHOP
            target = _nth_bit(chop, r - n_plant - n_protest)
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
    """The protest subset with index ``r`` in :func:`protest_choices` order, without building the others.

    ``0 <= r`` < the number of subsets (of the sizes the supply allows). A
    uniform ``r`` gives a uniform protest.
    """
    u = unprotected.bit_count()
    k = 1
    while r >= COMB[u][k]:
        r -= COMB[u][k]
        k += 1
    out = 0
    e = 0
    for slot in range(k):
        # the subsets with the e-th tree in this slot come first: COMB[u - e - 1][k - slot - 1] of them
        while r >= COMB[u - e - 1][k - slot - 1]:
            r -= COMB[u - e - 1][k - slot - 1]
            e += 1
        out |= _nth_bit(unprotected, e)
        e += 1
    return out


def playout(state: State, rng: Uniform, max_turns: int = 1000) -> tuple[State, int]:
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

"""The compiled kernel: :mod:`logger_widget.engine.core`'s rules compiled by Numba, over state rows.

Imported only by :mod:`logger_widget.engine.fast` when Numba is installed.
No rule is written here: the functions named in :data:`core.COMPILED
<logger_widget.engine.core.COMPILED>` (movement, growth and spawning, the
actions, a random turn, random play) are ``core``'s own, compiled as they are
with ``numba.njit(cache=True)``. Compiling them binds the names of
:data:`core.TWINS <logger_widget.engine.core.TWINS>` to the versions here: the
machine's bit count, the kernel's random numbers, a scratch buffer where Python
remembers results, and the tables as NumPy arrays. What is left here is the
state row and its plumbing: applying a turn to a row, listing every legal turn
into arrays, and the distinct successors.

State row
    A position is one ``int64`` row of :data:`WIDTH` entries: ``[seedlings,
    saplings, mature, protested, mover, players, logger × 4, score × 4,
    supply × 4]`` (unused seats are 0). Turns are rows ``[dest, spawn_mask,
    kind, target_mask]``.

Random numbers
    Every random choice is ``int(u * n)`` for a uniform ``u`` in [0, 1), as in
    ``core.random_turn_masks``. ``u`` comes from the array ``draws`` (position
    ``dpos[0]``), or from Numba's own Mersenne Twister (``np.random``) when
    ``dpos[0] < 0``.

Disk cache
    Numba checks a cached function against its own source file only, but these
    functions carry ``core``'s rules compiled in; so the cache's stamp of every
    function of the package also covers ``core.py``, ``cells.py`` and this file
    (:func:`_stamp_rules`): a rule change recompiles the kernel and the search.
"""

from __future__ import annotations

import hashlib
import os
import types
from typing import Any

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba import carray, njit
from numba import types as nbtypes
from numba.cpython.randomimpl import get_next_double, get_state_ptr, rnd_state_ptr_t
from numba.extending import intrinsic

from .. import cells, core
from ..core import CHOP, MAX_TREES, NONE, PLANT, PROTEST, TARGET_SCORE  # noqa: F401 - re-exported names

SEED, SAP, MAT, PROT, MOVER, PLAYERS, LOG, SCORE, SUP = 0, 1, 2, 3, 4, 5, 6, 10, 14
WIDTH = 18
#: The scratch buffer's first entries hold the destinations; spawn sets follow.
_SPAWN_AT = 25

_PACKAGE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _stamp_rules() -> None:
    """Make Numba's cache stamp of the package's functions cover the rules' source files too."""
    try:
        from numba.core import caching
    except ImportError:  # pragma: no cover - a Numba without this module: its own stamps only
        return
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    names = ("UserProvidedCacheLocator", "InTreeCacheLocator", "UserWideCacheLocator")
    bases = [getattr(caching, n, None) or getattr(caching, "_" + n, None) for n in names]
    if impl is None or any(b is None for b in bases) or getattr(impl, "_logger_widget", False):
        return
    digest = hashlib.sha256()
    for module in (core, cells):
        with open(str(module.__file__), "rb") as f:
            digest.update(f.read())
    with open(__file__, "rb") as f:
        digest.update(f.read())
    rules = digest.hexdigest()

    def stamped(base: Any) -> Any:
        class Locator(base):
            def get_source_stamp(self) -> Any:
                return (super().get_source_stamp(), rules)

            @classmethod
            def from_function(cls, py_func: Any, py_file: str) -> Any:
                if not os.path.abspath(py_file).startswith(_PACKAGE + os.sep):
                    return None
                return super().from_function(py_func, py_file)

        Locator.__name__ = "Rules" + base.__name__
        return Locator

    impl._locator_classes = [stamped(b) for b in bases] + list(impl._locator_classes)
    impl._logger_widget = True


_stamp_rules()


# --------------------------------------------------------------------------- the twins


def _popcount_ir(typingctx: Any, x: Any) -> Any:
    """Number of set bits of an ``int64`` mask (the ``popcnt`` instruction)."""
    sig = nbtypes.int64(x)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(context.cast(builder, args[0], signature.args[0], nbtypes.int64))

    return sig, codegen


popcount: Any = intrinsic(_popcount_ir)


def _low_index_ir(typingctx: Any, x: Any) -> Any:
    """Index of the lowest set bit of an ``int64`` mask > 0 (the ``tzcnt`` instruction)."""
    sig = nbtypes.int64(x)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(
            context.cast(builder, args[0], signature.args[0], nbtypes.int64), ir.Constant(ir.IntType(1), 1)
        )

    return sig, codegen


low_index: Any = intrinsic(_low_index_ir)


def _random_state_ir(typingctx: Any) -> Any:
    """A pointer to the thread's state of Numba's Mersenne Twister (the generator of ``np.random``)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.bitcast(get_state_ptr(context, builder, "np"), ir.IntType(8).as_pointer())

    return nbtypes.voidptr(), codegen


random_state: Any = intrinsic(_random_state_ir)


def _next_double_ir(typingctx: Any, state: Any) -> Any:
    """``np.random.random()`` from the state :func:`random_state` gave, written into the caller."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return get_next_double(context, builder, builder.bitcast(args[0], rnd_state_ptr_t))

    return nbtypes.float64(nbtypes.voidptr), codegen


_next_double: Any = intrinsic(_next_double_ir)


@njit(cache=True, inline="always")
def uniform(rng: Any) -> float:
    """The next number of ``rng = (draws, dpos, state)``: ``draws[dpos[0]]``, or the generator's when ``dpos[0] < 0``.

    ``state`` is :func:`random_state`, fetched once per game rather than once per number:
    the same numbers as ``np.random.random()``.
    """
    draws, dpos, state = rng
    i = dpos[0]
    if i < 0:
        return _next_double(state)
    if i >= draws.shape[0]:
        raise ValueError("the array of random draws is exhausted")
    dpos[0] = i + 1
    return draws[i]


@njit(cache=True)
def _sort_prefix(buf: np.ndarray, n: int) -> None:
    """Sort ``buf[:n]`` in place: Shell sort, allocating nothing (Numba's sort allocates its work space)."""
    gap = 1
    while gap < n // 3:
        gap = 3 * gap + 1
    while gap >= 1:
        for i in range(gap, n):
            x = buf[i]
            j = i - gap
            while j >= 0 and buf[j] > x:
                buf[j + gap] = buf[j]
                j -= gap
            buf[j + gap] = x
        gap //= 3


def _data_ir(typingctx: Any, arr: Any) -> Any:
    sig = nbtypes.CPointer(arr.dtype)(arr)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return context.make_array(signature.args[0])(context, builder, value=args[0]).data

    return sig, codegen


_data: Any = intrinsic(_data_ir)


@njit(inline="always")
def unmanaged(arr: np.ndarray) -> np.ndarray:
    """A view of the 1-D array ``arr`` that is not reference counted; ``arr`` must outlive it.

    Numba counts the references to an array with atomic operations, at every call
    that passes it on; in the random-play loop that was half of the time.
    """
    return carray(_data(arr), arr.shape[0])


@njit(cache=True)
def _enlarge(buf: np.ndarray, size: int, keep: int) -> np.ndarray:
    bigger = np.empty(size, dtype=np.int64)
    bigger[:keep] = buf[:keep]
    return bigger


_G: dict[str, Any] = dict(vars(core))


#: Compiled into their callers (Numba's ``inline="always"``): the arrays they pass on then cost
#: no reference counting (atomic increments and decrements, half of a random turn's time otherwise).
_INLINE = ("random_turn_masks", "target_reached")


def _compile(name: str) -> Any:
    """``core``'s function ``name``, compiled as it is, with the twins bound (see the module docstring)."""
    f = getattr(core, name)
    copy = types.FunctionType(f.__code__, _G, f.__name__, f.__defaults__, f.__closure__)
    copy.__qualname__ = f.__qualname__
    copy.__doc__ = f.__doc__
    copy.__kwdefaults__ = f.__kwdefaults__
    return njit(cache=True, inline="always" if name in _INLINE else "never")(copy)


_G.update(
    popcount=popcount,
    low_index=low_index,
    uniform=uniform,
    _sort_prefix=_sort_prefix,
    _enlarge=_enlarge,
    ADJACENT=np.array(core.ADJACENT, dtype=np.int64),
    LINES=np.array(core.LINES, dtype=np.int64),
    COMB=np.array(core.COMB, dtype=np.int64),
    PROTEST_COUNTS=np.array(core.PROTEST_COUNTS, dtype=np.int64),
)
for _name in core.COMPILED:
    _G[_name] = _compile(_name)

reach = _G["reach"]
grow = _G["grow"]
spawn_sets_into = _G["spawn_sets_into"]
chop_felled = _G["chop_felled"]
action_masks = _G["action_masks"]
protest_count = _G["protest_count"]
nth_protest = _G["nth_protest"]
act_masks = _G["act_masks"]
random_turn_masks = _G["random_turn_masks"]
target_reached = _G["target_reached"]
playout_seats = _G["playout_seats"]


@njit(cache=True, inline="always")
def destinations(origin: int, occupied: int, work: np.ndarray) -> np.ndarray:
    """core.destinations' twin: the cells of ``reach``, in index order, written to ``work[:n]``."""
    m = reach(origin, occupied)
    n = 0
    while m:
        work[n] = low_index(m)
        m &= m - 1
        n += 1
    return work[:n]


@njit(cache=True, inline="always")
def spawn_sets(spawners: int, free: int, room: int, work: np.ndarray) -> np.ndarray:
    """core.spawn_sets' twin: the legal spawn sets, written after the destinations in ``work``."""
    buf, n = spawn_sets_into(spawners, free, room, work[_SPAWN_AT:])
    return buf[:n]


_G.update(destinations=destinations, spawn_sets=spawn_sets)
_missing = [name for name in core.TWINS if _G[name] is getattr(core, name)]
assert not _missing, f"twins not bound: {_missing}"


# --------------------------------------------------------------------------- rows


@njit(cache=True)
def is_over(st: np.ndarray) -> bool:
    """The row's game is over (core.is_terminal)."""
    return st[MOVER] == 0 and target_reached(unmanaged(st)[SCORE : SCORE + st[PLAYERS]])


@njit(cache=True)
def _others(st: np.ndarray, mover: int) -> int:
    lm = 0
    for i in range(st[PLAYERS]):
        if i != mover:
            lm |= 1 << st[LOG + i]
    return lm


@njit(cache=True)
def _passed(st: np.ndarray, seed: int, mat: int, prot: int, points: int, change: int) -> None:
    """Write the masks after the mover's action, its points and supply change, and pass the turn."""
    mover = st[MOVER]
    st[SEED] = seed
    st[MAT] = mat
    st[PROT] = prot
    st[SCORE + mover] += points
    st[SUP + mover] += change
    mover += 1
    if mover == st[PLAYERS]:
        mover = 0
    st[MOVER] = mover


@njit(cache=True)
def act(st: np.ndarray, kind: int, target: int) -> None:
    """Apply an action to the row ``st`` in place and pass the turn (core.apply_action)."""
    seed, mat, prot, points, change = act_masks(
        st[SEED], st[MAT], st[PROT], st[LOG + st[MOVER]], kind, target
    )
    _passed(st, seed, mat, prot, points, change)


@njit(cache=True)
def grow_move(st: np.ndarray, dest: int) -> tuple[int, int]:
    """Move the mover to ``dest`` and grow, in place; return ``(spawners, free)`` (core.after_growth)."""
    seed, sap, mat, spawners = grow(st[SEED], st[SAP], st[MAT], dest)
    st[SEED] = seed
    st[SAP] = sap
    st[MAT] = mat
    st[LOG + st[MOVER]] = dest
    free = (1 << 25) - 1 & ~(seed | sap | mat | _others(st, -1))
    return spawners, free


@njit(cache=True)
def random_turn(
    st: np.ndarray, draws: np.ndarray, dpos: np.ndarray, work: np.ndarray, turn: np.ndarray
) -> None:
    """Play one random turn on the row ``st`` in place (core.random_turn); the turn goes to ``turn``."""
    mover = st[MOVER]
    dest, spawn, kind, target, seed, sap, mat, prot, points, change = random_turn_masks(
        st[SEED],
        st[SAP],
        st[MAT],
        st[PROT],
        st[LOG + mover],
        _others(st, mover),
        st[SUP + mover],
        (draws, dpos, random_state()),
        work,
    )
    st[SAP] = sap
    st[LOG + mover] = dest
    _passed(st, seed, mat, prot, points, change)
    turn[0] = dest
    turn[1] = spawn
    turn[2] = kind
    turn[3] = target


@njit(cache=True)
def playout(st: np.ndarray, max_turns: int, draws: np.ndarray, dpos: np.ndarray, work: np.ndarray) -> int:
    """Random play on ``st`` in place until the game is over or ``max_turns`` turns (core.playout_seats)."""
    n = st[PLAYERS]
    row = unmanaged(st)
    seed, sap, mat, prot, mover, turns = playout_seats(
        st[SEED],
        st[SAP],
        st[MAT],
        st[PROT],
        st[MOVER],
        row[LOG : LOG + n],
        row[SCORE : SCORE + n],
        row[SUP : SUP + n],
        (unmanaged(draws), unmanaged(dpos), random_state()),
        unmanaged(work),
        max_turns,
    )
    st[SEED] = seed
    st[SAP] = sap
    st[MAT] = mat
    st[PROT] = prot
    st[MOVER] = mover
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
def legal_turns(st: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every legal turn in core.legal_turns order: ``(turns (k, 4), next_rows (k, WIDTH))``."""
    cap = 64
    turns = np.empty((cap, 4), dtype=np.int64)
    rows = np.empty((cap, WIDTH), dtype=np.int64)
    if is_over(st):
        return turns[:0], rows[:0]
    n = 0
    work = np.empty(1024, dtype=np.int64)
    mover = st[MOVER]
    trees0 = st[SEED] | st[SAP] | st[MAT]
    dests = reach(st[LOG + mover], trees0 | _others(st, mover))
    grown = np.empty(WIDTH, dtype=np.int64)
    s = np.empty(WIDTH, dtype=np.int64)
    while dests:
        dest = low_index(dests)
        dests &= dests - 1
        grown[:] = st
        spawners, free = grow_move(grown, dest)
        sets, nsets = spawn_sets_into(spawners, free, MAX_TREES - popcount(trees0), work)
        for si in range(nsets):
            spawn = sets[si]
            s[:] = grown
            s[SEED] |= spawn
            fr = free & ~spawn
            plant, unprot, chop = action_masks(dest, fr, trees0 | spawn, s[MAT], s[PROT])
            n_protest = protest_count(unprot, s[SUP + mover])
            count = popcount(plant) + n_protest + popcount(chop)
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
            while plant:
                turns[n, 2] = PLANT
                turns[n, 3] = plant & -plant
                plant &= plant - 1
                n += 1
            for r in range(n_protest):
                turns[n, 2] = PROTEST
                turns[n, 3] = nth_protest(unprot, r)
                n += 1
            while chop:
                turns[n, 2] = CHOP
                turns[n, 3] = chop & -chop
                chop &= chop - 1
                n += 1
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

"""The compiled kernel: the functions of :mod:`logger_widget.engine.core` compiled by Numba, as they are.

Imported only by :mod:`logger_widget.engine.fast` when Numba is installed.
The rules are not written here: :mod:`~logger_widget.engine.core` is written
in the subset of Python that Numba compiles, and this module hands its very
functions to ``numba.njit`` (``cache=True``: compiled once per install into
Numba's disk cache). What this module adds is what Numba needs to compile
them and the kernel's own entry points:

- compiled versions of ``int.bit_count`` and ``int.bit_length`` (LLVM's
  ``ctpop`` and ``ctlz``) and of :func:`core._put <logger_widget.engine.core._put>`
  (an in-register tuple update);
- the compiled twins of core's remembering helpers (``destinations``,
  ``spawn_sets``, ``protest_subsets``, ``_pick_destination``): each computes
  its value from the same rule function the Python helper remembers
  (``reach``, ``spawn_choices``, ``protest_choices``), without the memo;
- :class:`Draws`, the random numbers of compiled play: ``rng.random()`` reads
  the array ``draws`` in order, or Numba's own Mersenne Twister
  (``np.random``) when its position is negative;
- drivers over state rows (``int64`` arrays of :data:`WIDTH` entries:
  ``[seedlings, saplings, mature, protested, mover, players, logger × 4,
  score × 4, supply × 4]``, unused seats 0) for NumPy callers: many games,
  distinct successors, conversions.

A state inside compiled code is core's raw tuple; Numba compiles each
function once per number of seats (the lengths of the seat tuples).
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit, types
from numba.cpython.unsafe.tuple import tuple_setitem
from numba.experimental import structref
from numba.extending import intrinsic, overload, overload_method, register_jitable

from .. import cells, core

SEED, SAP, MAT, PROT, MOVER, PLAYERS, LOG, SCORE, SUP = 0, 1, 2, 3, 4, 5, 6, 10, 14
WIDTH = 18

# --------------------------------------------------------------------------- what Numba needs


@intrinsic
def _ctpop(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return x(x), codegen


@intrinsic
def _ctlz(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

    return x(x), codegen


@overload_method(types.Integer, "bit_count", inline="always")
def _bit_count(x):
    return lambda x: _ctpop(x)


@overload_method(types.Integer, "bit_length", inline="always")
def _bit_length(x):
    width = x.bitwidth
    return lambda x: width - _ctlz(x)  # for the non-negative masks and counts of the rules


@overload(core._put, inline="always")
def _put(values, i, value):
    return lambda values, i, value: tuple_setitem(values, i, value)


@overload(core.destinations)
def _destinations(origin, occupied):
    def impl(origin, occupied):
        m = core.reach(origin, occupied)
        out = []
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        return out

    return impl


@overload(core._pick_destination, inline="always")
def _pick_destination(origin, occupied, u):
    def impl(origin, occupied, u):
        m = core.reach(origin, occupied)
        return core._nth_bit(m, int(u * m.bit_count())).bit_length() - 1

    return impl


@overload(core._masks, inline="always")
def _masks(size):
    return lambda size: np.zeros(size, dtype=np.int64)


@overload(core._set_mask, inline="always")
def _set_mask(buffer, i, mask):
    def impl(buffer, i, mask):
        if i >= buffer.shape[0]:
            bigger = np.zeros(2 * buffer.shape[0], dtype=np.int64)
            bigger[: buffer.shape[0]] = buffer
            buffer = bigger
        buffer[i] = mask
        return buffer

    return impl


@overload(core._sort_masks, inline="always")
def _sort_masks(buffer, n):
    def impl(buffer, n):
        buffer[:n].sort()

    return impl


@overload(core.spawn_sets)
def _spawn_sets(spawners, free, room):
    return lambda spawners, free, room: core.spawn_choices(spawners, free, room)


@overload(core.protest_subsets)
def _protest_subsets(unprotected, supply):
    return lambda unprotected, supply: core.protest_choices(unprotected, supply)


#: core's rule functions, compiled wherever compiled code calls them.
RULES = (
    cells.bits,
    core.mover_cell,
    core.tree_mask,
    core.logger_mask,
    core.is_terminal,
    core.reach,
    core.grow,
    core.spawn_choices,
    core.chop_felled,
    core.protest_choices,
    core.after_growth,
    core._act,
    core.apply_turn,
    core.occupied_for_move,
    core.turn_list,
    core.random_turn,
    core._nth_bit,
    core.nth_protest,
    core.playout,
)
for _f in RULES:
    register_jitable(_f)


@structref.register
class DrawsType(types.StructRef):
    def preprocess_fields(self, fields):
        return tuple((name, types.unliteral(t)) for name, t in fields)


class Draws(structref.StructRefProxy):
    """``random()`` for compiled play: ``draws[pos]``, ``draws[pos + 1]``, … or, with ``pos < 0``, ``np.random.random()``."""

    def __new__(cls, draws: np.ndarray, pos: int):
        return structref.StructRefProxy.__new__(cls, draws, pos)

    @property
    def pos(self) -> int:
        """How many numbers of ``draws`` were read (or a negative number: Numba's generator is used)."""
        return _draws_pos(self)

    def random(self) -> float:
        """The next number (what compiled code calls as ``rng.random()``)."""
        return _draws_random(self)


structref.define_proxy(Draws, DrawsType, ["draws", "pos"])


@njit(cache=True)
def _draws_random(draws):
    return draws.random()


@njit(cache=True)
def _draws_pos(draws):
    return draws.pos


@overload_method(DrawsType, "random", inline="always")
def _random(self):
    def impl(self):
        i = self.pos
        if i < 0:
            return np.random.random()
        if i >= self.draws.shape[0]:
            raise ValueError("the array of random draws is exhausted")
        self.pos = i + 1
        return self.draws[i]

    return impl


# --------------------------------------------------------------------------- the kernel's entry points

random_turn = njit(cache=True)(core.random_turn)
apply_turn = njit(cache=True)(core.apply_turn)
turn_list = njit(cache=True)(core.turn_list)
spawn_choices = njit(cache=True)(core.spawn_choices)


@njit(cache=True)
def store(state, row):
    """Write the raw state ``state`` into the row ``row`` (in place)."""
    seed, sap, mat, prot, loggers, mover, scores, supplies = state
    row[:] = 0
    row[SEED] = seed
    row[SAP] = sap
    row[MAT] = mat
    row[PROT] = prot
    row[MOVER] = mover
    row[PLAYERS] = len(loggers)
    for i in range(len(loggers)):
        row[LOG + i] = loggers[i]
        row[SCORE + i] = scores[i]
        row[SUP + i] = supplies[i]


@njit(cache=True)
def load(row, like):
    """The raw state of ``row``, of the same number of seats as the raw state ``like``."""
    loggers = like[core.LOGGERS]
    scores = like[core.SCORES]
    supplies = like[core.SUPPLIES]
    for i in range(len(loggers)):
        loggers = tuple_setitem(loggers, i, row[LOG + i])
        scores = tuple_setitem(scores, i, row[SCORE + i])
        supplies = tuple_setitem(supplies, i, row[SUP + i])
    return (row[SEED], row[SAP], row[MAT], row[PROT], loggers, row[MOVER], scores, supplies)


@njit(cache=True)
def playout(state, max_turns, draws):
    """core.playout with the random numbers ``draws`` read in order: ``(final_state, turns)``."""
    return core.playout(state, Draws(draws, 0), max_turns)


@njit(cache=True)
def seed_rng(seed):
    """Seed Numba's own generator (np.random of compiled code), like ``np.random.RandomState(seed)``."""
    np.random.seed(seed)


@njit(cache=True)
def playouts(start, games, max_turns, seed):
    """``games`` games of core.playout from ``start``: final rows ``(games, WIDTH)`` and turns played."""
    np.random.seed(seed)
    rng = Draws(np.empty(0, dtype=np.float64), -1)
    finals = np.zeros((games, WIDTH), dtype=np.int64)
    turns = np.zeros(games, dtype=np.int64)
    for g in range(games):
        final, n = core.playout(start, rng, max_turns)
        store(final, finals[g])
        turns[g] = n
    return finals, turns


@njit(cache=True)
def state_key(st):
    h = np.int64(1469598103934665603)
    for i in range(WIDTH):
        h = (h ^ st[i]) * np.int64(1099511628211)
    return h


@njit(cache=True)
def first_occurrences(rows):
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
def legal_turns(state):
    """core.turn_list as arrays: ``(turns (k, 4), next_rows (k, WIDTH))``, in core's order."""
    found = core.turn_list(state)
    k = len(found)
    turns = np.empty((k, 4), dtype=np.int64)
    rows = np.empty((k, WIDTH), dtype=np.int64)
    for i in range(k):
        turn, nxt = found[i]
        turns[i, 0] = turn[0]
        turns[i, 1] = turn[1]
        turns[i, 2] = turn[2]
        turns[i, 3] = turn[3]
        store(nxt, rows[i])
    return turns, rows


@njit(cache=True)
def successors(state):
    """The distinct next rows after one complete legal turn (core.successors), first occurrences in order."""
    _, rows = legal_turns(state)
    return rows[first_occurrences(rows)]

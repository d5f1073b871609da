"""The compiled MCTS of :class:`~logger_widget.bots.MCTSBot` (Numba; imported only when the kernel is ready).

The same search as the Python path of :mod:`.mcts` — UCT with max^n reward
vectors, heuristic cut-off after ``playout_turns`` random turns (or, with
``evaluation=False``, a score on the points), implicit minimax backups and
best-first ordering of new children (or random order, ``ordering=False``) — but with complete
turns as the tree's edges (the distinct successors of a position, from
:func:`logger_widget.engine.fast._jit.legal_turns`) and everything in compiled
code over the kernel's state rows. No transposition table and no reuse of the
tree between turns: the tree lives in flat arrays for one search.

Tree arrays (``N`` nodes, ``E`` edges; see :func:`new_tree`)
    ``rows (N, 18)`` node states; ``stats (N, 4)`` int64 ``[visits,
    first_edge (-1 = not expanded), edge_count, edges_tried]``; ``w (N, 4)``
    reward sums; ``mm (N, 4)`` implicit minimax values; ``turns (E, 4)`` raw
    turns; ``child (E,)`` the node of a tried edge; ``prior (E,)`` ordering
    scores; ``used`` = ``[nodes, edges]``.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..engine.core import TARGET_SCORE
from ..engine.fast._jit import (
    CHOP,
    LOG,
    MAT,
    MOVER,
    PLAYERS,
    PROT,
    PROTEST,
    SCORE,
    SUP,
    WIDTH,
    act,
    action_masks,
    chop_felled,
    first_occurrences,
    grow_move,
    is_over,
    legal_turns,
    low_index,
    popcount,
    random_turn,
    reach,
    unmanaged,
)
from .base import CHOP_LATER, CHOP_NOW, POINT, PROTESTER_WEIGHT


@njit(cache=True)
def best_chop(st: np.ndarray, seat: int) -> tuple[int, int]:
    """``(points, protesters_gained)`` of the biggest chop ``seat`` could make (bots.base.best_chop)."""
    mover = st[MOVER]
    st[MOVER] = seat
    over = is_over(st)
    st[MOVER] = mover
    if over:
        return 0, 0
    origin = st[LOG + seat]
    trees = st[0] | st[1] | st[2]
    lm = 0
    for i in range(st[PLAYERS]):
        lm |= 1 << st[LOG + i]
    dests = reach(origin, trees | (lm ^ (1 << origin)))
    best_p = 0
    best_g = 0
    grown = np.empty(WIDTH, dtype=np.int64)
    while dests:
        dest = low_index(dests)
        dests &= dests - 1
        grown[:] = st
        grown[MOVER] = seat
        grow_move(grown, dest)
        mat = grown[MAT]
        prot = grown[PROT]
        chop = action_masks(dest, 0, 0, mat, prot)[2]
        while chop:
            cell = low_index(chop)
            chop &= chop - 1
            felled = chop_felled(mat, dest, cell)
            p = popcount(felled)
            g = popcount(felled & prot)
            if p > best_p or (p == best_p and g > best_g):
                best_p = p
                best_g = g
    return best_p, best_g


@njit(cache=True)
def seat_value(st: np.ndarray, seat: int) -> float:
    """bots.base.seat_value on a state row."""
    mover = st[MOVER]
    n = st[PLAYERS]
    top = 0
    for i in range(n):
        if st[SCORE + i] > top:
            top = st[SCORE + i]
    if top >= TARGET_SCORE:
        weight = 1.0 if seat == mover else (CHOP_LATER if seat > mover else 0.0)
        protester = 0.01
    else:
        weight = CHOP_NOW if seat == mover else CHOP_LATER
        protester = PROTESTER_WEIGHT
    value = POINT * st[SCORE + seat] + protester * st[SUP + seat]
    if weight:
        p, g = best_chop(st, seat)
        value += weight * (p + protester * g)
    return value


@njit(cache=True)
def evaluate(st: np.ndarray, scale: float, out: np.ndarray) -> None:
    """``sigmoid((value - best other value) / scale)`` for every seat, into ``out`` (MCTSBot._evaluate)."""
    n = st[PLAYERS]
    values = np.empty(n)
    for i in range(n):
        values[i] = seat_value(st, i)
    for i in range(n):
        other = -1e300
        for j in range(n):
            if j != i and values[j] > other:
                other = values[j]
        lead = (values[i] - other) / scale
        lead = -30.0 if lead < -30.0 else (30.0 if lead > 30.0 else lead)
        out[i] = 1.0 / (1.0 + math.exp(-lead))


@njit(cache=True)
def final_reward(st: np.ndarray, margin: float, out: np.ndarray) -> None:
    """mcts.playout_reward on a state row, into ``out``."""
    n = st[PLAYERS]
    best = -1
    for i in range(n):
        if st[SCORE + i] > best:
            best = st[SCORE + i]
    most = -1
    for i in range(n):
        if st[SCORE + i] == best and st[SUP + i] > most:
            most = st[SUP + i]
    k = 0
    for i in range(n):
        if st[SCORE + i] == best and st[SUP + i] == most:
            k += 1
    for i in range(n):
        other = -1
        for j in range(n):
            if j != i and st[SCORE + j] > other:
                other = st[SCORE + j]
        lead = (st[SCORE + i] - other) / 10.0
        lead = -1.0 if lead < -1.0 else (1.0 if lead > 1.0 else lead)
        win = 1.0 / k if st[SCORE + i] == best and st[SUP + i] == most else 0.0
        out[i] = (1.0 - margin) * win + margin * (0.5 + 0.5 * lead)


@njit(cache=True)
def _value(st: np.ndarray, scale: float, margin: float, out: np.ndarray) -> None:
    """The result of a finished game, else the heuristic evaluation (a node's first implicit minimax value)."""
    if is_over(st):
        final_reward(st, margin, out)
    else:
        evaluate(st, scale, out)


@njit(cache=True)
def new_tree(root: np.ndarray, nodes: int, edges: int, scale: float, margin: float) -> tuple:
    rows = np.zeros((nodes, WIDTH), dtype=np.int64)
    stats = np.zeros((nodes, 4), dtype=np.int64)
    w = np.zeros((nodes, 4))
    mm = np.zeros((nodes, 4))
    turns = np.zeros((edges, 4), dtype=np.int64)
    child = np.full(edges, -1, dtype=np.int64)
    prior = np.zeros(edges)
    used = np.zeros(2, dtype=np.int64)
    rows[0] = root
    stats[0, 1] = -1
    _value(root, scale, margin, mm[0])
    used[0] = 1
    return rows, stats, w, mm, turns, child, prior, used


@njit(cache=True)
def _expand(node: int, rows, stats, turns, child, prior, used, ordering: bool) -> bool:
    """Give ``node`` its edges (distinct successors); False when out of room.

    The edges are sorted best-first by a cheap hint, or left in random order without ``ordering``.
    """
    st = rows[node]
    all_turns, next_rows = legal_turns(st)
    keep = first_occurrences(next_rows)
    k = keep.shape[0]
    e0 = used[1]
    if e0 + k > turns.shape[0]:
        return False
    mover = st[MOVER]
    for i in range(k):
        t = all_turns[keep[i]]
        nxt = next_rows[keep[i]]
        # hint: points and protesters gained by a chop, then protests, then the rest; random ties
        h = np.random.random() * 0.01
        if not ordering:
            pass
        elif t[2] == CHOP:
            h += 10.0 + (nxt[SCORE + mover] - st[SCORE + mover]) + 0.5 * (nxt[SUP + mover] - st[SUP + mover])
        elif t[2] == PROTEST:
            h += 1.0
        prior[e0 + i] = h
        turns[e0 + i] = t
    order = np.argsort(-prior[e0 : e0 + k])
    turns[e0 : e0 + k] = turns[e0 : e0 + k][order]
    prior[e0 : e0 + k] = prior[e0 : e0 + k][order]
    stats[node, 1] = e0
    stats[node, 2] = k
    stats[node, 3] = 0
    used[1] = e0 + k
    return True


@njit(cache=True)
def search(
    tree: tuple,
    iterations: int,
    c: float,
    alpha: float,
    scale: float,
    margin: float,
    playout_turns: int,
    ordering: bool,
    evaluation: bool,
) -> int:
    """Run up to ``iterations`` iterations on ``tree``; return how many ran (fewer when the arrays are full).

    ``c``, ``alpha``, ``scale`` (eval_scale), ``margin``, ``playout_turns``, ``ordering`` and
    ``evaluation`` are :class:`~logger_widget.bots.MCTSBot`'s parameters of the same names.
    """
    rows, stats, w, mm, turns, child, prior, used = tree
    beta = 1.0 - alpha
    path = np.empty(4096, dtype=np.int64)
    reward = np.zeros(4)
    # the buffers of the random turns, as views that are not reference counted (see unmanaged)
    buffers = np.empty(WIDTH + 4096 + 4 + 1, dtype=np.int64)
    held = unmanaged(buffers)
    sim = held[:WIDTH]
    work = held[WIDTH : WIDTH + 4096]
    turn = held[WIDTH + 4096 : WIDTH + 4100]
    dpos = held[WIDTH + 4100 :]
    dpos[0] = -1
    no_draws = np.empty(0)
    draws = unmanaged(no_draws)
    done = 0
    while done < iterations:
        if used[0] >= rows.shape[0]:
            break
        node = 0
        depth = 0
        path[0] = 0
        while True:
            st = rows[node]
            if is_over(st):
                final_reward(st, margin, reward)
                break
            if stats[node, 1] < 0:
                if not _expand(node, rows, stats, turns, child, prior, used, ordering):
                    return done
            e0 = stats[node, 1]
            k = stats[node, 2]
            tried = stats[node, 3]
            if tried < k:
                e = e0 + tried
                stats[node, 3] = tried + 1
                new = used[0]
                used[0] = new + 1
                rows[new] = st
                grow_move(rows[new], turns[e, 0])
                rows[new, 0] |= turns[e, 1]
                act(rows[new], turns[e, 2], turns[e, 3])
                stats[new, 0] = 0
                stats[new, 1] = -1
                child[e] = new
                _value(rows[new], scale, margin, mm[new])
                depth += 1
                path[depth] = new
                # the sample: a few random turns, then the evaluation (or the result)
                if playout_turns > 0 and not is_over(rows[new]):
                    sim[:] = rows[new]
                    t = 0
                    while t < playout_turns and not is_over(sim):
                        random_turn(sim, draws, dpos, work, turn)
                        t += 1
                    if evaluation:
                        _value(sim, scale, margin, reward)
                    else:  # scored on the points, as if the game ended here (mcts.playout_reward)
                        final_reward(sim, margin, reward)
                elif evaluation or is_over(rows[new]):
                    reward[:] = mm[new]
                else:
                    final_reward(rows[new], margin, reward)
                break
            m = st[MOVER]
            logn = math.log(stats[node, 0]) if stats[node, 0] > 1 else 0.0
            best = -1
            best_value = -1e300
            for e in range(e0, e0 + k):
                ch = child[e]
                n = stats[ch, 0]
                q = w[ch, m] / n if n else mm[ch, m]
                value = beta * q + alpha * mm[ch, m] + c * math.sqrt(logn / (n + 1))
                if value > best_value:
                    best_value = value
                    best = ch
            node = best
            depth += 1
            if depth >= path.shape[0]:
                break
            path[depth] = node
        players = rows[0, PLAYERS]
        for d in range(depth + 1):
            nd = path[d]
            stats[nd, 0] += 1
            for i in range(players):
                w[nd, i] += reward[i]
        if alpha > 0.0:
            for d in range(depth - 1, -1, -1):
                nd = path[d]
                m = rows[nd, MOVER]
                e0 = stats[nd, 1]
                best = -1
                for e in range(e0, e0 + stats[nd, 3]):
                    ch = child[e]
                    if best < 0 or mm[ch, m] > mm[best, m]:
                        best = ch
                if best >= 0:
                    mm[nd] = mm[best]
        done += 1
    buffers[0] = no_draws.shape[0]  # both stay alive until here, beyond their unmanaged views
    return done


@njit(cache=True)
def root_edges(tree: tuple) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The root's tried edges: ``(turns (k, 4), visits (k,), mover's mean value (k,))``."""
    rows, stats, w, mm, turns, child, prior, used = tree
    e0 = stats[0, 1]
    k = stats[0, 3] if e0 >= 0 else 0
    m = rows[0, MOVER]
    visits = np.zeros(k, dtype=np.int64)
    values = np.zeros(k)
    for i in range(k):
        ch = child[e0 + i]
        visits[i] = stats[ch, 0]
        values[i] = w[ch, m] / stats[ch, 0] if stats[ch, 0] else mm[ch, m]
    return turns[e0 : e0 + k].copy(), visits, values

"""Monte Carlo tree search (UCT) over the engine's decisions, for 2–4 players.

Algorithm
    UCT: Kocsis, L. & Szepesvári, C. (2006), "Bandit based Monte-Carlo
    Planning", ECML 2006, LNCS 4212, pp. 282–293 — select the child maximising
    ``Q + c * sqrt(ln N_parent / n_edge)`` (UCB1: Auer, Cesa-Bianchi & Fischer
    (2002), Machine Learning 47). Multi-player: every node keeps a reward
    *vector*, one entry per seat, and each node maximises the entry of its own
    mover (max^n backup: Sturtevant, N. (2008), "An Analysis of UCT in
    Multi-Player Games", CG 2008).

Tree
    The nodes are the stages of :class:`~logger_widget.engine.decisions.TurnInProgress`,
    worked on raw states (:mod:`logger_widget.engine.core`) for speed: a ``move`` node
    chooses the destination, a ``spawn`` node one spawned seedling at a time
    (canonical order: the next cell is the lowest cell still to place of some
    legal spawn set, so each set is reached by exactly one sequence of
    choices and never a dead end), an ``action`` node the action and its
    target at once (a plant cell, a chop cell, or the first protested tree),
    a ``protest`` node one more tree (in increasing cell order) or "done".
    Stages with a single option are resolved on the way, and an expansion
    goes on to the end of the turn so that every leaf is the start of a turn.
    Turn-start nodes are shared by every path that reaches the same position
    (a transposition table), with visit counts kept on the edges (Childs,
    Brodeur & Kocsis (2008), "Transpositions and Move Groups in Monte Carlo
    Tree Search", CIG 2008).

Evaluation (the heuristics that make it strong)
    * Playouts with a cut-off: from a new leaf, ``playout_turns`` random turns
      are played with :func:`logger_widget.engine.core.playout` (uniform at each
      decision, the policy of :class:`~logger_widget.bots.RandomBot`); a game
      that ended is scored by :func:`playout_reward` (win 1, k-way shared win
      1/k, plus a small score-margin term), otherwise the position is scored
      by the heuristic :func:`~logger_widget.bots.base.seat_value` of every
      seat: ``sigmoid((mine − best other) / eval_scale)``. With
      ``evaluation=False`` playouts run to the end of the game instead (at
      most ``playout_turns`` turns, then scored on the points).
    * Implicit minimax backups (Lanctot, M., Winands, M. H. M., Pepels, T. &
      Sturtevant, N. R. (2014), "Monte Carlo Tree Search with Heuristic
      Evaluations using Implicit Minimax Backups", CIG 2014): every node also
      keeps the max^n value of the heuristic evaluations below it, and
      selection uses ``Q = (1 − alpha) · mean + alpha · minimax``. This finds
      the opponent's one strong reply much sooner than averages alone.
    * Move ordering: new children are tried best-first by a cheap hint
      (destinations by the biggest chop they allow; chops by trees felled,
      then protests, then plants), ties in random order.

    Measured at 0.2 s a turn (see ``docs/bots.md``), random playouts to the
    end alone score about 0.1 against :class:`~logger_widget.bots.GreedyBot`;
    with these heuristics about 0.95 or more.

Reuse
    The subtree of the position the bot is asked about next is kept (it is
    found through the transposition table), so thinking done on earlier turns
    is not thrown away. :meth:`MCTSBot.reset` forgets it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from math import exp, log, sqrt
from typing import Any

from ..engine import core, fast
from ..engine.cells import ADJACENT, bits
from ..engine.outcome import decide
from ..engine.position import Position
from ..engine.turn import Turn
from .base import BaseBot, Candidate, seat_value

__all__ = ["MCTSBot", "playout_reward", "warm_up_in_background"]

_MOVE, _SPAWN, _ACTION, _PROTEST, _END = range(5)
_DONE = 31  # the "done" option of a protest node
_KIND_SHIFT = 5  # action option = kind << 5 | cell


def playout_reward(state: core.State, margin: float = 0.1) -> tuple[float, ...]:
    """The reward of each seat for a finished (or cut-off) playout, each in [0, 1].

    ``(1 - margin) * share + margin * (0.5 + 0.5 * clip(lead / 10, -1, 1))``
    where ``share`` is 1 for a sole winner, ``1/k`` for each of ``k`` seats
    sharing the win, 0 otherwise (winners by the rules: points, then
    protesters in supply, :func:`logger_widget.engine.outcome.decide`), and ``lead``
    is the seat's points minus the best other seat's points.

    Args:
        state: a raw state; if the game is not over it is scored as if it were.
        margin: weight of the score-margin term, 0 ≤ margin ≤ 1.

    Returns:
        A tuple with one reward per seat, in seat order.
    """
    scores, supplies = state[core.SCORES], state[core.SUPPLIES]
    winners = decide(scores, supplies, "target").winners
    share = 1.0 / len(winners)
    out = []
    for i, s in enumerate(scores):
        other = max(scores[:i] + scores[i + 1 :])
        lead = (s - other) / 10.0
        lead = -1.0 if lead < -1.0 else (1.0 if lead > 1.0 else lead)
        win = share if (i + 1) in winners else 0.0
        out.append((1.0 - margin) * win + margin * (0.5 + 0.5 * lead))
    return tuple(out)


def _chop_from(state: core.State, dest: int) -> int:
    """Trees felled by the biggest chop after moving to ``dest`` (an ordering hint)."""
    grown = core.after_growth(state, dest)[0]
    mat = grown[2]
    best = 0
    for c in bits(ADJACENT[dest] & mat & ~grown[3]):
        n = core.chop_felled(mat, dest, c).bit_count()
        if n > best:
            best = n
    return best


def _action_priority(mat: int, dest: int, option: int) -> int:
    """Ordering hint for an action: chops by trees felled, then protests, then plants."""
    kind = option >> _KIND_SHIFT
    if kind == core.CHOP:
        return 10 + core.chop_felled(mat, dest, option & 31).bit_count()
    return 1 if kind == core.PROTEST else 0


class _Node:
    """A decision node. ``kids`` holds ``[option, child, edge_visits]`` lists."""

    __slots__ = (
        "stage",
        "state",
        "mover",
        "dest",
        "sets",
        "free",
        "trees",
        "spawn",
        "chosen",
        "supply",
        "unprot",
        "n",
        "w",
        "kids",
        "untried",
        "ends",
        "reward",
        "mm",
    )

    def __init__(self, stage: int, state: core.State) -> None:
        self.stage = stage
        self.state = state
        self.mover = state[core.MOVER]
        self.dest = -1
        self.sets: tuple[int, ...] = ()
        self.free = 0
        self.trees = 0
        self.spawn = 0
        self.chosen = 0
        self.supply = 0
        self.unprot = 0
        self.n = 0
        self.w: list[float] = [0.0] * len(state[core.SCORES])
        self.kids: list[list[Any]] = []
        self.untried: list[int] = []
        self.ends: dict[int, tuple[int, int, int, int]] = {}
        self.reward: tuple[float, ...] | None = None
        self.mm: tuple[float, ...] | None = None


#: While the compiled search is built in the background (interactive boards), the Python
#: search stops after at most this many seconds, whatever its iteration budget.
WARM_UP_CAP = 1.5

_compiled: Any = None
_compiled_ready = threading.Event()


def _load_compiled() -> None:
    global _compiled
    if fast.warm_up():
        from . import _mcts_jit

        if fast.background_requested():  # an interactive session: a fresh install compiles in a child
            fast.fill_cache_in_child(_mcts_jit, _COMPILE_SEARCH)
        tree = _mcts_jit.new_tree(fast.to_row(_TINY), 64, 4096, 2.0, 0.1)
        _mcts_jit.search(tree, 8, 0.15, 0.5, 2.0, 0.1, 2, True, True)
        _mcts_jit.root_edges(tree)
        _compiled = _mcts_jit
    _compiled_ready.set()


_LOAD_COMPILED = fast.OnceInBackground(_load_compiled, "logger_widget-mcts-warm-up")
_COMPILE_SEARCH = "from logger_widget.bots import mcts; mcts.compiled_search(True)"
fast.also_compile("logger_widget.bots._mcts_jit", _COMPILE_SEARCH)  # one child fills the whole cache


def _is_budget(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 1


_TINY: core.State = (1 << 12, 0, 0, 0, (0, 24), 0, (0, 0), (2, 2))


def compiled_search(wait: bool) -> Any:
    """The compiled search module when it can be used now, else ``None``.

    Without Numba: ``None``. Otherwise the kernel and the search are compiled
    (or loaded from Numba's disk cache) once per process: with ``wait`` this
    call waits for that; without, it starts it in a background thread and
    returns ``None`` until it is done (the caller then searches in Python, so
    a board never waits for the compiler).
    """
    if _compiled_ready.is_set():
        return _compiled
    if not (fast.available() if wait else fast.installed()):
        return None
    _LOAD_COMPILED.start(wait)
    return _compiled if wait else None


def warm_up_in_background(bot: Any) -> None:
    """Make ``bot`` an interactive front-end's bot (the board's): it never waits for the compiler.

    If ``bot`` is an :class:`MCTSBot` that may use the compiled search, set its
    ``wait_for_compiler`` option to ``False`` and start loading the compiled search in a
    background thread; until it is ready this bot plays the Python search (at most
    :data:`WARM_UP_CAP` seconds a turn). Other bots of the process are not changed.
    Does nothing for other bots or without Numba.
    """
    if isinstance(bot, MCTSBot) and bot.kernel is None:
        bot.wait_for_compiler = False
    if isinstance(bot, MCTSBot) and bot.kernel is not False and fast.installed():
        fast.warm_up(background=True)
        compiled_search(wait=False)


class MCTSBot(BaseBot):
    """UCT Monte Carlo tree search, multi-player aware (see the module docstring).

    Args:
        seconds: thinking time per turn, in seconds (> 0), measured with
            :func:`time.perf_counter`; the search stops at the first iteration
            boundary after it.
        iterations: number of iterations (selection, expansion, playout,
            backup) per turn, >= 1, or a mapping ``{2: n2, 3: n3, 4: n4}``
            from the number of players to that budget (how the presets are
            calibrated: more search buys less with more players, see
            docs/bots.md). With both ``None``: 1000 iterations. With
            both given, whichever comes first. Only an iteration budget is
            reproducible (same seed, same positions asked in the same order →
            same turns).
        seed: seed of the bot's own :class:`random.Random`.
        c: UCT exploration constant (>= 0); rewards are in [0, 1].
        playout_turns: random turns of each playout (>= 0) before the
            evaluation (or, with ``evaluation=False``, the turn cap of a
            playout to the end).
        margin: weight of the score-margin term in :func:`playout_reward`, in [0, 1].
        evaluation: score cut-off playouts with the heuristic evaluation.
        eval_scale: points of heuristic lead worth ``sigmoid(1)`` ≈ 0.73 (> 0).
        ordering: try new children best-first by a cheap hint.
        alpha: weight of the implicit minimax value in selection, in [0, 1]
            (0 = plain UCT).
        reuse: keep the subtree between turns (Python search only).
        kernel: search with the compiled kernel (:mod:`logger_widget.engine.fast`,
            needs Numba): ``True`` = always (waits for the first compile or
            the disk-cache load, about 1–3 s on an idle machine, once per
            process), ``False`` = never (the readable Python search), ``None``
            (default) = when Numba is installed, waiting for it unless
            ``wait_for_compiler`` is false. The
            compiled search works on complete turns (see the module
            docstring), so its games differ from the Python search's; each is
            reproducible with an iteration budget and a seed. ``paranoid``
            searches always run in Python.
        name: default ``"mcts"``.
        wait_for_compiler: with ``kernel=None``, wait for the compiled search (default).
            ``False`` (the bots a board makes, :func:`warm_up_in_background`): play the
            Python search, at most :data:`WARM_UP_CAP` seconds a turn, until the compiled one
            is ready, so no move waits for the compiler — the games then depend on when the
            compile ends. An option of this bot only: other bots of the process, seeded,
            play the same games whether a board exists or not.

    Raises:
        ValueError: a budget or parameter out of range.
    """

    default_name = "mcts"
    _params = (
        "seconds",
        "iterations",
        "c",
        "playout_turns",
        "margin",
        "evaluation",
        "eval_scale",
        "ordering",
        "alpha",
        "paranoid",
        "reuse",
        "kernel",
        "wait_for_compiler",
    )
    _transient = ("_table",)

    def __init__(
        self,
        seconds: float | None = None,
        iterations: int | Mapping[int, int] | None = None,
        seed: Any = None,
        c: float = 0.15,
        playout_turns: int = 2,
        margin: float = 0.1,
        evaluation: bool = True,
        eval_scale: float = 2.0,
        ordering: bool = True,
        alpha: float = 0.5,
        paranoid: bool | None = False,
        reuse: bool = True,
        kernel: bool | None = None,
        name: str | None = None,
        wait_for_compiler: bool = True,
    ) -> None:
        super().__init__(seed, name)
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be > 0 or None, not {seconds!r}")
        if isinstance(iterations, Mapping):
            iterations = dict(iterations)
            if sorted(iterations) != [2, 3, 4] or not all(_is_budget(n) for n in iterations.values()):
                raise ValueError(
                    "iterations by number of players must give a whole number >= 1 for each of "
                    f"2, 3 and 4 players, not {iterations!r}"
                )
        elif iterations is not None and not _is_budget(iterations):
            raise ValueError(
                f"iterations must be a whole number >= 1, a mapping {{players: iterations}} or None, "
                f"not {iterations!r}"
            )
        if not c >= 0:
            raise ValueError(f"c must be >= 0, not {c!r}")
        if not 0 <= margin <= 1:
            raise ValueError(f"margin must be in [0, 1], not {margin!r}")
        if not isinstance(playout_turns, int) or playout_turns < 0:
            raise ValueError(f"playout_turns must be a whole number >= 0, not {playout_turns!r}")
        if seconds is None and iterations is None:
            iterations = 1000
        self.seconds = seconds
        self.iterations = iterations
        self.c = float(c)
        self.playout_turns = playout_turns
        self.margin = float(margin)
        if not eval_scale > 0:
            raise ValueError(f"eval_scale must be > 0, not {eval_scale!r}")
        self.evaluation = bool(evaluation)
        self.eval_scale = float(eval_scale)
        self.ordering = bool(ordering)
        if not 0 <= alpha <= 1:
            raise ValueError(f"alpha must be in [0, 1], not {alpha!r}")
        self.alpha = float(alpha)
        self.paranoid = paranoid
        self._paranoid = False
        self._seat = -1
        self.reuse = bool(reuse)
        if kernel not in (None, True, False):
            raise ValueError(f"kernel must be True, False or None, not {kernel!r}")
        self.kernel = kernel
        if not isinstance(wait_for_compiler, bool):
            raise ValueError(f"wait_for_compiler must be True or False, not {wait_for_compiler!r}")
        self.wait_for_compiler = wait_for_compiler
        self._table: dict[core.State, _Node] | None = None
        #: Statistics of the last search: ``{"iterations", "seconds", "nodes", "reused", "compiled"}``
        #: (``compiled`` is 1.0 for the compiled search, 0.0 for the Python one).
        self.last_stats: dict[str, float] = {}

    # ------------------------------------------------------------------ public

    def choose(self, position: Position) -> Turn:
        """Search from ``position`` within the budget and return the most visited turn.

        Raises:
            IllegalTurnError: the game is over.
        """
        compiled = self._compiled_candidates(position)
        if compiled is not None:
            return compiled[0][0].turn
        root = self._search(position)
        return Turn.from_raw(root.state[core.LOGGERS][root.mover], self._principal(root))

    def analyse(self, position: Position) -> list[Candidate]:
        """Search from ``position`` and list every turn the search completed, best first.

        Returns:
            Candidates in the order :meth:`choose` prefers them: by the visits
            of the first decision (destination), then of the next ones, then
            value; the first is the turn :meth:`choose` would play. ``value``
            is the mover's mean reward in [0, 1] (the playout/evaluation
            average, not the implicit minimax value); ``visits`` the visits of
            the turn's last decision; ``share`` = visits / root visits.

        Raises:
            IllegalTurnError: the game is over.
        """
        return self.analyse_with_values(position)[0]

    def analyse_with_values(self, position: Position) -> tuple[list[Candidate], tuple[float, ...]]:
        """:meth:`analyse`, plus the search's value of ``position`` for every seat.

        Returns:
            ``(candidates, values)``: the candidates of :meth:`analyse`, and one
            value per seat (seat order, each in [0, 1]): the mean reward vector
            of all the search's iterations at the root (the playout/evaluation
            average, as in :meth:`analyse`; it tends to the max^n value as the
            budget grows). With ``paranoid`` the other seats' entries are
            ``1 −`` the mover's.

        Raises:
            IllegalTurnError: the game is over.
        """
        compiled = self._compiled_candidates(position)
        if compiled is not None:
            return compiled
        root = self._search(position)
        m = root.mover
        found: list[tuple[tuple[float, ...], tuple[int, int, int, int], int, float]] = []
        stack: list[tuple[_Node, tuple[float, ...]]] = [(root, ())]
        while stack:
            node, key = stack.pop()
            for option, child, visits in node.kids:
                # rank like choose(): by the visits of each decision along the path, then value
                value = child.w[m] / child.n
                k = key + (-visits, -value, option)
                if option in node.ends:
                    found.append((k, node.ends[option], visits, value))
                else:
                    stack.append((child, k))
        found.sort(key=lambda f: (f[0], f[1]))
        total = max(root.n, 1)
        origin = root.state[core.LOGGERS][m]
        candidates = [
            Candidate(Turn.from_raw(origin, raw), value, visits, min(visits / total, 1.0))
            for _, raw, visits, value in found
        ]
        return candidates, tuple(w / total for w in root.w)

    def reset(self) -> None:
        """Forget the kept search tree."""
        self._table = None

    # ------------------------------------------------------------------ compiled search

    def budget(self, players: int) -> int | None:
        """The iteration budget of one search in a game of ``players`` (2–4) players; ``None`` = time only."""
        if isinstance(self.iterations, dict):
            return self.iterations[players]
        return self.iterations

    def _compiled_candidates(self, position: Position) -> tuple[list[Candidate], tuple[float, ...]] | None:
        """Search with the compiled kernel, or ``None`` when the Python search should run."""
        state = position.raw
        if self.kernel is False or self.paranoid or (self.paranoid is None and len(state[core.SCORES]) >= 3):
            return None
        if core.is_terminal(state):
            position.start_turn()  # raises IllegalTurnError("game_over")
        wait = self.kernel is True or self.wait_for_compiler
        jit = compiled_search(wait)
        if jit is None:
            if self.kernel is True:
                raise RuntimeError("MCTSBot(kernel=True) needs Numba: pip install logger_widget[fast]")
            return None
        start = time.perf_counter()
        rng = self.rng
        fast.seed_compiled(rng.getrandbits(32))
        row = fast.to_row(state)
        limit = self.budget(len(state[core.SCORES]))
        deadline = start + self.seconds if self.seconds is not None else None
        # at most one new node per iteration; about 8 edges per node were measured (room grows if needed)
        nodes = limit + 2 if limit is not None else max(4096, int((self.seconds or 0) * 200_000))
        tree = jit.new_tree(row, nodes, 16 * nodes, self.eval_scale, self.margin)
        done = 0
        while True:
            chunk = 256 if limit is None else min(256, limit - done)
            if chunk <= 0 or (deadline is not None and done and time.perf_counter() >= deadline):
                break
            ran = jit.search(
                tree,
                chunk,
                self.c,
                self.alpha,
                self.eval_scale,
                self.margin,
                self.playout_turns,
                self.ordering,
                self.evaluation,
            )
            done += ran
            if ran < chunk:
                tree = _grown(tree)  # out of room for nodes or edges
        turns, visits, values = jit.root_edges(tree)
        order = sorted(range(len(visits)), key=lambda i: (-visits[i], -values[i], i))
        total = max(int(tree[1][0, 0]), 1)
        origin = state[core.LOGGERS][state[core.MOVER]]
        self.last_stats = {
            "iterations": done,
            "seconds": time.perf_counter() - start,
            "nodes": int(tree[7][0]),
            "reused": 0,
            "compiled": 1.0,
        }
        candidates = [
            Candidate(
                Turn.from_raw(origin, tuple(int(x) for x in turns[i])),  # type: ignore[arg-type]
                float(values[i]),
                int(visits[i]),
                min(int(visits[i]) / total, 1.0),
            )
            for i in order
        ]
        root_values = tuple(float(tree[2][0, i]) / total for i in range(len(state[core.SCORES])))
        return candidates, root_values

    # ------------------------------------------------------------------ Python search

    def _search(self, position: Position) -> _Node:
        state = position.raw
        if core.is_terminal(state):
            position.start_turn()  # raises IllegalTurnError("game_over")
        start = time.perf_counter()
        players = len(state[core.SCORES])
        paranoid = self.paranoid if self.paranoid is not None else players >= 3
        if (paranoid or self._paranoid) and (paranoid, state[core.MOVER]) != (self._paranoid, self._seat):
            self._table = None  # values seen from another seat cannot be reused
        self._paranoid = paranoid
        self._seat = state[core.MOVER]
        old = self._table if self.reuse else None
        root = old.get(state) if old else None
        reused = root.n if root is not None else 0
        table: dict[core.State, _Node] = {}
        self._table = table
        if root is None:
            root = self._turn_node(state)
        else:
            self._collect(root, table)
        table[state] = root
        rng = self.rng
        deadline = start + self.seconds if self.seconds is not None else None
        if self.kernel is None and not self.wait_for_compiler and not _compiled_ready.is_set():
            # the compiled search is still being built in the background: answer within the cap
            cap = start + WARM_UP_CAP
            deadline = cap if deadline is None else min(deadline, cap)
        limit = self.budget(len(state[core.SCORES]))
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(root, rng)
            done += 1
        self.last_stats = {
            "iterations": done,
            "seconds": time.perf_counter() - start,
            "nodes": len(table),
            "reused": reused,
            "compiled": 0.0,
        }
        return root

    def _collect(self, root: _Node, table: dict[core.State, _Node]) -> None:
        """Put every turn-start node reachable from ``root`` into ``table``."""
        stack = [root]
        seen = {id(root)}
        while stack:
            node = stack.pop()
            if node.stage == _MOVE or node.stage == _END:
                table[node.state] = node
            for kid in node.kids:
                child = kid[1]
                if id(child) not in seen:
                    seen.add(id(child))
                    stack.append(child)

    def _turn_node(self, state: core.State) -> _Node:
        table = self._table
        assert table is not None
        node = table.get(state)
        if node is not None:
            return node
        if core.is_terminal(state):
            node = _Node(_END, state)
            node.reward = node.mm = self._view(playout_reward(state, self.margin))
        else:
            node = _Node(_MOVE, state)
            if self.alpha:
                node.mm = self._view(self._evaluate(state))
            origin = state[core.LOGGERS][state[core.MOVER]]
            node.untried = list(core.destinations(origin, core.occupied_for_move(state)))
            self.rng.shuffle(node.untried)
            if self.ordering:
                node.untried.sort(key=lambda dest: _chop_from(state, dest))
        table[state] = node
        return node

    def _iterate(self, root: _Node, rng: Any) -> None:
        path = [root]
        on_path = {id(root)}
        node = root
        c = self.c
        alpha = self.alpha
        beta = 1.0 - alpha
        while True:
            if node.stage == _END:
                reward = node.reward
                break
            if node.untried:
                child = self._expand(node, node.untried.pop())
                path.append(child)
                # finish the turn inside the tree, so that leaves are turn starts
                while child.stage != _MOVE and child.stage != _END:
                    parent = child
                    child = self._expand(parent, parent.untried.pop())
                    path.append(child)
                if child.stage == _END:
                    reward = child.reward
                elif child.n:
                    # a transposition into a visited node: its mean is the sample
                    reward = tuple(x / child.n for x in child.w)
                else:
                    reward = self._simulate(child, rng)
                break
            # UCT selection on the mover's reward (blended with the implicit minimax value)
            m = node.mover
            logn = log(node.n) if node.n > 1 else 0.0
            best = None
            best_value = -1e300
            for kid in node.kids:
                child = kid[1]
                q = child.w[m] / child.n
                if alpha:
                    q = beta * q + alpha * child.mm[m]
                value = q + c * sqrt(logn / kid[2])
                if value > best_value:
                    best_value = value
                    best = kid
            assert best is not None
            best[2] += 1
            child = best[1]
            path.append(child)
            if id(child) in on_path:
                # a cycle (a position repeated): stop here with a fresh sample
                reward = self._simulate(child, rng)
                break
            on_path.add(id(child))
            node = child
        for n in path:
            n.n += 1
            w = n.w
            for i, r in enumerate(reward):  # type: ignore[arg-type]
                w[i] += r
        if alpha:
            # implicit minimax backup: each node takes the value vector of the kid best for its mover
            for n in reversed(path[:-1]):
                m = n.mover
                best_mm = None
                for kid in n.kids:
                    mm = kid[1].mm
                    if mm is not None and (best_mm is None or mm[m] > best_mm[m]):
                        best_mm = mm
                if best_mm is n.mm:
                    break
                n.mm = best_mm

    # ------------------------------------------------------------------ stages

    def _expand(self, node: _Node, option: int) -> _Node:
        result = self._advance(node, option)
        if isinstance(result, _Node):
            child = result
        else:
            raw, nxt = result
            node.ends[option] = raw
            child = self._turn_node(nxt)
        node.kids.append([option, child, 1])
        return child

    def _advance(self, node: _Node, option: int) -> _Node | tuple[tuple[int, int, int, int], core.State]:
        """The node after ``option``, or ``(raw_turn, next_state)`` when the option ends the turn."""
        stage = node.stage
        if stage == _MOVE:
            state = node.state
            grown, spawners, free = core.after_growth(state, option)
            trees = grown[0] | grown[1] | grown[2]
            sets = core.spawn_sets(spawners, free, core.MAX_TREES - trees.bit_count())
            if len(sets) == 1:
                return self._enter_action(grown, option, sets[0], free, trees)
            child = _Node(_SPAWN, grown)
            child.dest = option
            child.sets = sets
            child.free = free
            child.trees = trees
            child.untried = self._spawn_options(sets, 0)
            return child
        if stage == _SPAWN:
            b = 1 << option
            chosen = node.spawn | b
            sets = core.spawn_prefix_sets(node.sets, chosen, canonical=True)
            if len(sets) == 1:
                return self._enter_action(node.state, node.dest, sets[0], node.free, node.trees)
            child = _Node(_SPAWN, node.state)
            child.dest = node.dest
            child.sets = sets
            child.free = node.free
            child.trees = node.trees
            child.spawn = chosen
            child.untried = self._spawn_options(sets, chosen)
            return child
        if stage == _ACTION:
            return self._take_action(node, option >> _KIND_SHIFT, option & 31)
        # protest
        if option == _DONE:
            return (node.dest, node.spawn, core.PROTEST, node.chosen), core.apply_action(
                node.state, core.PROTEST, node.chosen
            )
        return self._protest_node(node, node.chosen | (1 << option))

    def _spawn_options(self, sets: tuple[int, ...], chosen: int) -> list[int]:
        options = list(bits(core.next_spawn_cells(sets, chosen, canonical=True)))
        self.rng.shuffle(options)
        return options

    def _enter_action(
        self, grown: core.State, dest: int, spawn: int, free: int, trees: int
    ) -> _Node | tuple[tuple[int, int, int, int], core.State]:
        s = (grown[0] | spawn,) + grown[1:] if spawn else grown
        plant, unprot, supply, chop = core.action_sets(s, dest, trees | spawn, free & ~spawn)
        options = [core.PLANT << _KIND_SHIFT | c for c in bits(plant)]
        if supply:
            options += [core.PROTEST << _KIND_SHIFT | c for c in bits(unprot)]
        options += [core.CHOP << _KIND_SHIFT | c for c in bits(chop)]
        node = _Node(_ACTION, s)
        node.dest = dest
        node.spawn = spawn
        node.free = free & ~spawn
        node.trees = trees | spawn
        node.supply = supply
        node.unprot = unprot
        if not options:
            return (dest, spawn, core.NONE, 0), core.apply_action(s, core.NONE, 0)
        if len(options) == 1:
            return self._take_action(node, options[0] >> _KIND_SHIFT, options[0] & 31)
        self.rng.shuffle(options)
        if self.ordering:
            mat = s[2]
            options.sort(key=lambda o: _action_priority(mat, dest, o))
        node.untried = options
        return node

    def _take_action(
        self, node: _Node, kind: int, cell: int
    ) -> _Node | tuple[tuple[int, int, int, int], core.State]:
        if kind == core.PROTEST:
            return self._protest_node(node, 1 << cell)
        target = 1 << cell
        return (node.dest, node.spawn, kind, target), core.apply_action(node.state, kind, target)

    def _protest_node(self, node: _Node, chosen: int) -> _Node | tuple[tuple[int, int, int, int], core.State]:
        more = node.unprot & ~((1 << chosen.bit_length()) - 1) if chosen.bit_count() < node.supply else 0
        if not more:
            return (node.dest, node.spawn, core.PROTEST, chosen), core.apply_action(
                node.state, core.PROTEST, chosen
            )
        child = _Node(_PROTEST, node.state)
        child.dest = node.dest
        child.spawn = node.spawn
        child.supply = node.supply
        child.unprot = node.unprot
        child.chosen = chosen
        child.untried = list(bits(more)) + [_DONE]
        self.rng.shuffle(child.untried)
        return child

    # ------------------------------------------------------------------ playouts

    def _finish_turn(self, node: _Node, rng: Any) -> core.State:
        """Finish the turn of an intra-turn node at random and return the next state."""
        while True:
            stage = node.stage
            if stage == _MOVE:
                return core.random_turn(node.state, rng)[4]
            if stage == _SPAWN:
                spawn = node.sets[int(rng.random() * len(node.sets))]
                result = self._enter_action(node.state, node.dest, spawn, node.free, node.trees)
            elif stage == _ACTION:
                acts = list(
                    core.iter_actions(*core.action_sets(node.state, node.dest, node.trees, node.free))
                )
                kind, target = acts[int(rng.random() * len(acts))]
                return core.apply_action(node.state, kind, target)
            else:
                options = list(bits(node.unprot & ~((1 << node.chosen.bit_length()) - 1))) + [_DONE]
                result = self._advance(node, options[int(rng.random() * len(options))])
            if isinstance(result, _Node):
                node = result
            else:
                return result[1]

    def _simulate(self, node: _Node, rng: Any) -> tuple[float, ...]:
        if node.stage == _END:
            assert node.reward is not None
            return node.reward
        turns = self.playout_turns
        if node.stage == _MOVE:
            state = node.state
            if turns <= 0 and self.evaluation and node.mm is not None:
                return node.mm
        else:
            state = self._finish_turn(node, rng)
            turns -= 1
        if turns > 0:
            state, _ = core.playout(state, rng, turns)
        if self.evaluation and not core.is_terminal(state):
            return self._view(self._evaluate(state))
        return self._view(playout_reward(state, self.margin))

    def _view(self, reward: tuple[float, ...]) -> tuple[float, ...]:
        """The reward as the search sees it: unchanged (max^n), or paranoid (every other seat gets 1 − ours)."""
        if not self._paranoid:
            return reward
        mine = reward[self._seat]
        return tuple(mine if i == self._seat else 1.0 - mine for i in range(len(reward)))

    def _evaluate(self, state: core.State) -> tuple[float, ...]:
        values = [seat_value(state, i) for i in range(len(state[core.SCORES]))]
        out = []
        for i, v in enumerate(values):
            lead = (v - max(values[:i] + values[i + 1 :])) / self.eval_scale
            lead = -30.0 if lead < -30.0 else (30.0 if lead > 30.0 else lead)
            out.append(1.0 / (1.0 + exp(-lead)))
        return tuple(out)

    # ------------------------------------------------------------------ result

    def _principal(self, root: _Node) -> tuple[int, int, int, int]:
        """The raw turn of the most visited path from the root (ties: value, then option order)."""
        node = root
        m = root.mover
        while True:
            if not node.kids:
                # not expanded yet (tiny budgets): take the lowest legal option
                result = self._advance(node, min(node.untried))
                if not isinstance(result, _Node):
                    return result[0]
                node = result
                continue
            kid = min(node.kids, key=lambda k: (-k[2], -k[1].w[m] / k[1].n, k[0]))
            if kid[0] in node.ends:
                return node.ends[kid[0]]
            node = kid[1]


def _grown(tree: tuple[Any, ...]) -> tuple[Any, ...]:
    """The compiled search's tree arrays with twice the room for nodes and edges."""
    import numpy as np

    rows, stats, w, mm, turns, child, prior, used = tree
    n = rows.shape[0]
    rows, stats, w, mm = (np.concatenate([a, np.zeros_like(a)]) for a in (rows, stats, w, mm))
    stats[n:, 1] = -1
    turns, prior = (np.concatenate([a, np.zeros_like(a)]) for a in (turns, prior))
    child = np.concatenate([child, np.full_like(child, -1)])
    return rows, stats, w, mm, turns, child, prior, used

"""A compiled simulation kernel beside the pure-Python engine (optional: ``pip install logger_widget[fast]``).

With `Numba <https://numba.pydata.org>`_ installed, the functions here run
``@njit(cache=True)`` code over the same bitboards as
:mod:`logger_widget.engine.core` (:mod:`._jit`); without it — or where it
cannot run, e.g. Pyodide, or with the environment variable
``LOGGER_WIDGET_NO_JIT=1`` — they call :mod:`~logger_widget.engine.core` and
return **identical results**: the same successor sets, the same legal turns in
the same order, the same next states, and the same random games for the same
seed (both paths draw ``int(u * n)`` for each choice, with ``u`` from
:class:`numpy.random.RandomState` ``(seed)``'s Mersenne Twister, which is also
what Numba's own generator gives for that seed).

The kernel is compiled on first use and the machine code is cached on disk
(Numba's ``__pycache__``), so later processes only load it. Loading or
compiling is done by :func:`warm_up`, which can run in a background thread;
:func:`ready` says whether the compiled path is in use yet — until then every
function here takes the Python path, so nothing waits for the compiler.

States are the engine's raw states (:data:`logger_widget.engine.core.State`);
turns are raw turns ``(dest, spawn_mask, kind, target_mask)``.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

try:
    import numpy as np
except ImportError:  # a pupil's bot in the sandbox has the standard library only: no compiled kernel there
    np = None  # type: ignore[assignment]

from .. import core
from ..outcome import Outcome

__all__ = [
    "apply_turn",
    "available",
    "background_requested",
    "compile_seconds",
    "OnceInBackground",
    "also_compile",
    "fill_cache_in_child",
    "from_row",
    "installed",
    "legal_turns",
    "playout",
    "playouts",
    "python_only",
    "random_outcomes",
    "ready",
    "seed_compiled",
    "successors",
    "to_row",
    "warm_up",
]

#: Entries of a state row: seedlings, saplings, mature, protested, mover, players, 4 loggers, 4 scores, 4 supplies.
WIDTH = 18

_kernel: Any = None
_import_failed = False
_ready = threading.Event()
_compile_seconds: float | None = None
_background = False


def available() -> bool:
    """Numba can be imported here (and ``LOGGER_WIDGET_NO_JIT`` is not set). Does not compile anything."""
    return _module() is not None


def installed() -> bool:
    """Numba can be found here (and ``LOGGER_WIDGET_NO_JIT`` is not set), without importing it.

    Cheap (no import, no compile): interactive front-ends call it on the
    kernel's main thread, where importing Numba (1–4 s) would freeze the board;
    the import itself is then done by :func:`warm_up` in its background thread.
    """
    if _kernel is not None:
        return True
    if _import_failed or os.environ.get("LOGGER_WIDGET_NO_JIT"):
        return False
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):
        return False


def _module() -> Any:
    global _kernel, _import_failed
    if _kernel is None and not _import_failed:
        if os.environ.get("LOGGER_WIDGET_NO_JIT"):
            _import_failed = True
            return None
        try:
            from . import _jit as module
        except Exception:  # ImportError, or Numba failing to start on this platform
            _import_failed = True
            return None
        _kernel = module
    return _kernel


def ready() -> bool:
    """The compiled kernel is loaded and in use (after :func:`warm_up` finished)."""
    return _ready.is_set()


def compile_seconds() -> float | None:
    """Seconds the last :func:`warm_up` took to import Numba and compile (or load from the disk cache), or ``None``."""
    return _compile_seconds


def warm_up(background: bool = False) -> bool:
    """Compile (or load from the disk cache) every kernel function, once per process.

    Args:
        background: do it in a daemon thread and return at once; the
            functions here use the Python path until it is done.

    Returns:
        :func:`ready` after the call (with ``background=True``, usually
        ``False`` the first time). ``False`` when Numba is not available.
    """
    global _background
    if background:
        _background = True
    if _ready.is_set():
        return True
    if background:
        # importing Numba takes seconds too: do it in the thread, not in the caller's
        if installed():
            _WARM_UP.start(wait=False)
        return _ready.is_set()
    if _module() is None:
        return False
    _WARM_UP.start(wait=True)
    return _ready.is_set()


class OnceInBackground:
    """Run ``target`` once per process, in a daemon thread (compiling or loading compiled code).

    :meth:`start` starts it unless it was started before, and with ``wait``
    waits for it to finish. A fork of the process (a process pool's worker) waits
    for a run in progress first: a child forked in the middle of an import would wait
    for the import lock of a thread it does not have, and would never load the kernel.
    """

    def __init__(self, target: Callable[[], None], name: str) -> None:
        self._target = target
        self._name = name
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        _ONCE.append(self)

    def finish(self) -> None:
        """Wait for a run in progress (not from its own thread)."""
        thread = self._thread
        if thread is not None and thread.is_alive() and thread is not threading.current_thread():
            thread.join()

    def start(self, wait: bool) -> None:
        """Start the target in its thread unless it was started already; with ``wait``, join it."""
        with self._lock:
            if self._thread is None:
                _wait_before_fork()
                self._thread = threading.Thread(target=self._target, name=self._name, daemon=True)
                self._thread.start()
            thread = self._thread
        if wait:
            thread.join()


_ONCE: list[OnceInBackground] = []
_FORK_HOOK: list[bool] = []


def _finish_before_fork() -> None:
    for once in list(_ONCE):
        once.finish()


def _wait_before_fork() -> None:
    """Make a fork wait for the background runs in progress (registered once, when the first starts).

    Registered after :mod:`logging` is imported, so that it runs before logging's own fork hook
    takes the logging lock (Python calls the "before" hooks in reverse order of registration),
    which the import in progress may need.
    """
    if _FORK_HOOK or not hasattr(os, "register_at_fork"):  # no fork on Windows
        return
    import logging  # noqa: F401 - see above

    _FORK_HOOK.append(True)
    os.register_at_fork(before=_finish_before_fork)


def background_requested() -> bool:
    """:func:`warm_up` was asked to run in the background in this process (an interactive session).

    Searches that can use the kernel then play in Python until it is ready
    instead of waiting for the compiler (:class:`~logger_widget.bots.MCTSBot`).
    """
    return _background


def seed_compiled(seed: int) -> None:
    """Seed the compiled code's own generator (Numba's ``np.random``), as ``RandomState(seed)``.

    Raises:
        RuntimeError: the kernel is not :func:`ready`.
    """
    if not _ready.is_set():
        raise RuntimeError("the compiled kernel is not ready: call warm_up() first")
    _kernel.seed_rng(seed)


def _compile_all() -> None:
    """Import Numba and compile (or load) every kernel function by calling it once on a small input."""
    global _compile_seconds
    t0 = time.perf_counter()
    jit = _module()
    if jit is None:
        return
    if _background:
        more = [(importlib.import_module(name), statement) for name, statement in _ALSO_COMPILE]
        fill_cache_in_child(
            [jit, *(module for module, _ in more)],
            "\n".join(["from logger_widget.engine import fast; fast.warm_up()", *(s for _, s in more)]),
        )
    row = to_row(_START_2)
    jit.legal_turns(row)
    jit.successors(row)
    jit.apply_turn(row, 0, 0, 0, 0)
    jit.playouts(row, 1, 10, 1)
    draws = np.zeros(4, dtype=np.float64)
    jit.playout(row.copy(), 1, draws, np.zeros(1, dtype=np.int64), np.empty(64, dtype=np.int64))
    jit.seed_rng(1)
    _compile_seconds = time.perf_counter() - t0
    _ready.set()


#: (module name, statement) of other compiled modules to fill in the same child (:func:`also_compile`).
_ALSO_COMPILE: list[tuple[str, str]] = []


def also_compile(module: str, statement: str) -> None:
    """Have the warm-up's child also compile ``module`` (a module name) by running ``statement``.

    One child then fills the whole cache, so a kernel shut down during the compile
    leaves nothing for the next one to compile (the MCTS search registers its module).
    """
    if (module, statement) not in _ALSO_COMPILE:
        _ALSO_COMPILE.append((module, statement))


def _index_paths(module: Any) -> list[str]:
    """The index files in Numba's disk cache of the ``cache=True`` functions defined in ``module``.

    Functions compiled only into their callers (``inline="always"``) never get a cache
    file of their own and are left out; so are those imported from another module.
    """
    paths = []
    for obj in vars(module).values():
        path = getattr(getattr(getattr(obj, "_cache", None), "_cache_file", None), "_index_path", None)
        py_func = getattr(obj, "py_func", None)
        if not isinstance(path, str) or getattr(py_func, "__module__", None) != module.__name__:
            continue
        if getattr(obj, "targetoptions", {}).get("inline", "never") == "always":
            continue
        paths.append(path)
    return paths


def _cache_missing(modules: Any) -> bool:
    """Some ``cache=True`` function of ``modules`` (a module or a list) has no index file in Numba's disk cache yet."""
    modules = modules if isinstance(modules, (list, tuple)) else [modules]
    return any(not os.path.exists(path) for module in modules for path in _index_paths(module))


@contextmanager
def _compile_lock() -> Iterator[int | None]:
    """Hold a lock file beside the kernel's cache (one compile at a time on the machine).

    Yields the lock's file descriptor (``None`` where there is no ``fcntl`` or the folder is
    not writable: no lock). Another kernel's compile holds it until its child ends.
    """
    paths = _index_paths(_module())
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield None
        return
    try:
        os.makedirs(os.path.dirname(paths[0]), exist_ok=True)
        fd = os.open(
            os.path.join(os.path.dirname(paths[0]), ".logger_widget-compile.lock"), os.O_RDWR | os.O_CREAT
        )
    except (IndexError, OSError):
        yield None
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield fd
    finally:
        os.close(fd)


def fill_cache_in_child(module: Any, statement: str) -> bool:
    """On a fresh install, compile ``module``'s functions in a child Python and wait for it.

    Compiling takes minutes on a busy machine, and parts of Numba's compiler
    hold the GIL for seconds at a time: in the kernel's process that would
    freeze the board (measured: the event loop blocked 7.5 s at load 16).
    A child process does the compile and fills Numba's disk cache (the same
    folder: ``NUMBA_CACHE_DIR`` and the package path are passed on); this
    process then only loads it. Called from a warm-up thread.

    The child runs in its own session and outlives this process: a kernel shut
    down during the compile (a closed notebook, a culled server) still leaves a
    filled cache for the next one. A lock file beside the cache lets one child
    compile at a time; the others wait for it and then find the cache filled.

    Args:
        module: a module of ``@njit(cache=True)`` functions (already imported), or a list of them.
        statement: Python code that compiles them, run with ``python -c``.

    Returns:
        Whether a child ran (``False``: the cache was already filled, or the
        child failed and the caller compiles in this process as before).
    """
    if not _cache_missing(module):
        return False
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
    with _compile_lock() as lock:
        if not _cache_missing(module):  # another process filled it while this one waited
            return False
        try:
            done = subprocess.run(
                [sys.executable, "-c", statement],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=() if lock is None else (lock,),  # the child holds the lock to its end
                start_new_session=True,  # not stopped with the kernel's process group
                check=False,
            )
        except OSError:
            return False
    return done.returncode == 0


_WARM_UP = OnceInBackground(_compile_all, "logger_widget-jit-warm-up")


_python_only = 0


@contextmanager
def python_only() -> Iterator[None]:
    """Inside this block every function here takes the pure-Python path (for comparisons and lessons)."""
    global _python_only
    _python_only += 1
    try:
        yield
    finally:
        _python_only -= 1


def _fast() -> Any:
    """The compiled module if :func:`ready` (and not inside :func:`python_only`), else ``None``."""
    return _kernel if _ready.is_set() and not _python_only else None


# --------------------------------------------------------------------------- conversions


def to_row(state: core.State) -> np.ndarray:
    """The raw state as one ``int64`` row of :data:`WIDTH` entries (unused seats are 0)."""
    seed, sap, mat, prot, loggers, mover, scores, supplies = state
    n = len(loggers)
    row = np.zeros(WIDTH, dtype=np.int64)
    row[:6] = (seed, sap, mat, prot, mover, n)
    row[6 : 6 + n] = loggers
    row[10 : 10 + n] = scores
    row[14 : 14 + n] = supplies
    return row


def from_row(row: Any) -> core.State:
    """The raw state of a row (a NumPy row or a list of :data:`WIDTH` ints)."""
    r = row.tolist() if isinstance(row, np.ndarray) else row
    n = r[5]
    return (r[0], r[1], r[2], r[3], tuple(r[6 : 6 + n]), r[4], tuple(r[10 : 10 + n]), tuple(r[14 : 14 + n]))


def _from_rows(rows: np.ndarray) -> list[core.State]:
    return [from_row(r) for r in rows.tolist()]


_START_2: core.State = (1 << 12, 0, 0, 0, (0, 24), 0, (0, 0), (2, 2))


# --------------------------------------------------------------------------- turns and successors


def legal_turns(state: core.State) -> list[tuple[tuple[int, int, int, int], core.State]]:
    """Every legal turn with its next state, in the order of :func:`core.legal_turns <logger_widget.engine.core.legal_turns>`."""
    jit = _fast()
    if jit is None:
        return list(core.legal_turns(state))
    turns, rows = jit.legal_turns(to_row(state))
    return [(tuple(t), s) for t, s in zip(turns.tolist(), _from_rows(rows))]


def successors(state: core.State) -> set[core.State]:
    """Every distinct state after one complete legal turn (:func:`core.successors <logger_widget.engine.core.successors>`)."""
    jit = _fast()
    if jit is None:
        return core.successors(state)
    return set(_from_rows(jit.successors(to_row(state))))


def apply_turn(state: core.State, dest: int, spawn: int, kind: int, target: int) -> core.State:
    """The state after a turn already known to be legal (:func:`core.apply_turn <logger_widget.engine.core.apply_turn>`)."""
    jit = _fast()
    if jit is None:
        return core.apply_turn(state, dest, spawn, kind, target)
    return from_row(jit.apply_turn(to_row(state), dest, spawn, kind, target))


# --------------------------------------------------------------------------- random play


class _Uniform:
    """``random()`` from a fixed sequence of numbers (the same ones the kernel reads)."""

    __slots__ = ("_it",)

    def __init__(self, numbers: Any) -> None:
        self._it = iter(numbers)

    def random(self) -> float:
        return next(self._it)


def _check(max_turns: int, games: int = 1) -> None:
    if not isinstance(max_turns, int) or max_turns < 0:
        raise ValueError(f"max_turns must be a whole number >= 0, not {max_turns!r}")
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, not {games!r}")


def playout(state: core.State, draws: Any, max_turns: int = 1000) -> tuple[core.State, int]:
    """Random play from ``state`` with the given random numbers (:func:`core.playout <logger_widget.engine.core.playout>`).

    Args:
        state: a raw state.
        draws: uniform numbers in [0, 1), one per random choice, used in
            order; at most 3 per turn are read.
        max_turns: turn cap, >= 0.

    Returns:
        ``(final_state, turns_played)``.

    Raises:
        ValueError: ``max_turns`` out of range, or ``draws`` ran out.
    """
    _check(max_turns)
    jit = _fast()
    if jit is None:
        try:
            return core.playout(state, _Uniform(draws), max_turns)  # type: ignore[arg-type]
        except StopIteration:
            raise ValueError("the array of random draws is exhausted") from None
    row = to_row(state)
    turns = jit.playout(
        row, max_turns, np.asarray(draws, dtype=np.float64), np.zeros(1, dtype=np.int64), _WORK
    )
    return from_row(row), turns


_WORK = np.empty(4096, dtype=np.int64) if np is not None else None


def playouts(
    state: core.State, games: int, seed: int, max_turns: int = 1000
) -> tuple[np.ndarray, np.ndarray]:
    """``games`` random games from ``state`` (the policy of :func:`core.random_turn <logger_widget.engine.core.random_turn>`).

    The random numbers come from ``numpy.random.RandomState(seed)``, one
    stream for all the games in order, on both paths.

    Args:
        state: a raw state.
        games: number of games, >= 0.
        seed: 0 <= seed < 2**32.
        max_turns: turn cap of each game, >= 0 (no repetition rule is applied).

    Returns:
        ``(finals, turns)``: ``finals`` an ``int64`` array ``(games, 18)`` of
        final state rows (:func:`from_row` turns one into a state; scores are
        columns 10–13, supplies 14–17), ``turns`` the turns each game took.

    Raises:
        ValueError: an argument out of range.
    """
    _check(max_turns, games)
    if not isinstance(seed, int) or not 0 <= seed < 2**32:
        raise ValueError(f"seed must be a whole number from 0 to 2**32 - 1, not {seed!r}")
    jit = _fast()
    if jit is not None:
        return jit.playouts(to_row(state), games, max_turns, seed)
    rng = _Stream(seed)
    finals = np.zeros((games, WIDTH), dtype=np.int64)
    turns = np.zeros(games, dtype=np.int64)
    for g in range(games):
        final, n = core.playout(state, rng, max_turns)  # type: ignore[arg-type]
        finals[g] = to_row(final)
        turns[g] = n
    return finals, turns


def random_outcomes(players: int, games: int, seed: int, turn_limit: int = 400) -> list[Outcome]:
    """The outcomes of ``games`` random games from the start position of ``players`` seats.

    Random play is :func:`core.random_turn <logger_widget.engine.core.random_turn>`'s
    policy (the :class:`~logger_widget.bots.RandomBot`), numbers from
    :func:`playouts` with ``seed``. A game still running after ``turn_limit``
    turns ends with reason ``"turn_limit"`` (as in tournaments); the
    repetition rule is not tracked here (random games practically never
    repeat a position three times). About 100,000 games of 2 players take a
    few seconds on the compiled kernel (``docs/benchmarks.md``).

    Args:
        players: 2 to 4.
        games: >= 0.
        seed: 0 <= seed < 2**32.
        turn_limit: >= 1.

    Raises:
        ValueError: an argument out of range.
    """
    from ..outcome import decide
    from ..position import Position

    if players not in (2, 3, 4):
        raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
    if not isinstance(turn_limit, int) or turn_limit < 1:
        raise ValueError(f"turn_limit must be a whole number >= 1, not {turn_limit!r}")
    finals, _ = playouts(Position.initial(players).raw, games, seed, turn_limit)
    out = []
    for row in finals.tolist():
        scores = tuple(row[10 : 10 + players])
        supplies = tuple(row[14 : 14 + players])
        over = row[4] == 0 and max(scores) >= core.TARGET_SCORE
        out.append(decide(scores, supplies, "target" if over else "turn_limit"))
    return out


class _Stream:
    """``random()`` of ``numpy.random.RandomState(seed)`` in blocks (Numba's generator gives the same numbers)."""

    __slots__ = ("_rs", "_block", "_i")

    def __init__(self, seed: int) -> None:
        self._rs = np.random.RandomState(seed)
        self._block: list[float] = []
        self._i = 0

    def random(self) -> float:
        if self._i == len(self._block):
            self._block = self._rs.random_sample(4096).tolist()
            self._i = 0
        self._i += 1
        return self._block[self._i - 1]

"""Games between bots, round robins and seat-rotated tables, on any executor.

* :func:`play_game` plays one game and returns the :class:`~logger_widget.Game`;
  a bot that raises, returns something that is not a legal turn, or overruns
  its time raises :class:`~logger_widget.bots.BotError`.
* :func:`round_robin` (2 players, seats swapped) and :func:`seat_rotated`
  (3–4 players) build a list of independent games, each with its seed fixed
  up front, run them on a :class:`concurrent.futures.Executor` (by default a
  :class:`~concurrent.futures.ProcessPoolExecutor` on every core), and return a
  :class:`Tournament`: plain frozen :class:`GameResult` records sorted by task
  index, standings and pairwise rates with Wilson 95 % intervals, Elo and
  Bradley–Terry ratings with uncertainty (:mod:`logger_widget.tournament.ratings`), the
  first-player advantage, and ``to_dataframe()`` when pandas is installed.

Same bots, same seed → the same results on any executor (serial, a process
pool, Dask's ``client.get_executor()``…), provided the bots are reproducible
with a seed (the presets are; MCTS with a ``seconds`` budget is not).

Seeds: the seed of task ``i`` is ``derive_seed(seed, "game", i)`` and the
seed of the bot in seat ``s`` (1-based) of a game with seed ``g`` is
``derive_seed(g, "seat", s)`` (BLAKE2b of their repr, independent of the
process and of ``PYTHONHASHSEED``).
"""

from __future__ import annotations

import concurrent.futures as cf
import functools
import os
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations, permutations
from typing import Any, Literal

from ..bots.base import BaseBot, BotError, FunctionBot, derive_seed
from ..bots.presets import make_bot
from ..engine.errors import LoggerError
from ..engine.game import Game
from ..engine.position import Position
from ..engine.turn import Turn
from .isolation import SandboxUnavailable
from .ratings import Z95, Comparison, Rating, bradley_terry, elo, wilson_interval

__all__ = [
    "GameResult",
    "PairResult",
    "SeatResult",
    "Standing",
    "Tournament",
    "play_game",
    "round_robin",
    "seat_rotated",
]

#: Turn limit of tournament games unless told otherwise (a game so long is reported as ``"turn_limit"``).
DEFAULT_TURN_LIMIT = 400
#: Seconds a bot may exceed its time budget before it is judged to have overrun.
DEFAULT_TIME_TOLERANCE = 0.5

OnError = Literal["forfeit", "raise"]
Order = Literal["pairs", "rounds"]

#: The progress bar: label, percentage, bar, count and times — no English unit, since the label may be translated.
_BAR_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}]"


# --------------------------------------------------------------------------- one game


def _describe(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _spec_text(spec: Any) -> str:
    """A stable, readable description of a bot spec for game records."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, BaseBot):
        return repr(spec)
    if isinstance(spec, FunctionBot):
        spec = spec.function
    module = getattr(spec, "__module__", None)
    qualname = getattr(spec, "__qualname__", None)
    if module and qualname:
        return f"{module}.{qualname}"
    return type(spec).__name__


def play_game(
    bots: Sequence[Any],
    seed: int | None = None,
    turn_limit: int | None = DEFAULT_TURN_LIMIT,
    start: Position | str | None = None,
    *,
    time_limit: float | None = None,
    time_tolerance: float = DEFAULT_TIME_TOLERANCE,
    repetition_rule: bool = True,
    metadata: dict[str, Any] | None = None,
) -> Game:
    """Play one game between ``bots`` (one per seat, seat 1 first) and return it.

    Args:
        bots: 2–4 bot specs, one per seat: :class:`~logger_widget.bots.Bot`
            objects, plain functions ``position -> Turn | str``, or preset
            names (see :func:`~logger_widget.bots.make_bot`).
        seed: the game seed. When given, the bot in seat ``s`` gets the seed
            ``derive_seed(seed, "seat", s)`` (bots with ``with_seed`` are
            copied with it, presets are built with it); when ``None``, bot
            objects are used as they are.
        turn_limit: stop after this many turns (outcome reason
            ``"turn_limit"``); ``None`` for none.
        start: starting position (default: the standard setup for ``len(bots)`` players).
        time_limit: seconds each ``choose`` may take; ``None`` uses the bot's
            own ``seconds`` attribute when it has one (MCTS with a time
            budget), otherwise time is not checked. Measured with
            :func:`time.perf_counter` around ``choose``; an in-process bot
            cannot be interrupted, so an endless bot blocks the game: run
            untrusted bots as :class:`~logger_widget.tournament.sandbox.SandboxedBot`,
            which enforces its own limit by killing its worker process.
        time_tolerance: seconds allowed beyond the budget (≥ 0).
        repetition_rule: the docs/rules.md termination rule ("End of the game") (third repetition ends the game).
        metadata: extra JSON-ready metadata for the game record.

    Returns:
        The finished :class:`~logger_widget.Game`; ``game.metadata`` holds
        ``"names"`` (bot names by seat), ``"seeds"`` (bot seeds by seat),
        ``"game_seed"`` and ``"bots"`` (the specs as text: preset name, bot
        repr, or ``module.function``).

    Raises:
        BotError: a bot raised, returned something that is not a Turn or
            notation, returned an illegal turn, or overran its time (the
            error names the bot, the position's LPN and what went wrong;
            ``error.game`` is the game so far).
        ValueError: the number of bots does not match the start position.
    """
    if start is None:
        start_position = Position.initial(len(bots))
    elif isinstance(start, str):
        start_position = Position.from_lpn(start)
    else:
        start_position = start
    if len(bots) != start_position.players:
        raise ValueError(
            f"{len(bots)} bots for a {start_position.players}-player game: give one bot per seat"
        )
    seeds = [derive_seed(seed, "seat", s + 1) if seed is not None else None for s in range(len(bots))]
    seated = [make_bot(spec, seeds[s]) for s, spec in enumerate(bots)]
    names = [str(b.name) for b in seated]
    meta = {
        "names": names,
        "seeds": seeds,
        "game_seed": seed,
        "bots": [_spec_text(spec) for spec in bots],
    }
    meta.update(metadata or {})
    game = Game(start_position, repetition_rule=repetition_rule, turn_limit=turn_limit, metadata=meta)
    try:
        _play_out(game, seated, names, time_limit, time_tolerance)
    finally:
        for bot in seated:  # sandboxed bots give their worker process back
            close = getattr(bot, "close", None)
            if callable(close):
                close()
    return game


def _play_out(
    game: Game, seated: Sequence[Any], names: Sequence[str], time_limit: float | None, time_tolerance: float
) -> None:
    while not game.is_over:
        position = game.position
        seat = position.to_move
        bot = seated[seat - 1]
        name = names[seat - 1]
        lpn = position.to_lpn()

        def fail(what: str, kind: str, name: str = name, lpn: str = lpn, seat: int = seat) -> BotError:
            return BotError(name, lpn, what, kind, seat, game)

        # a wrapped function is called directly, so that what it returns is judged here
        choose = bot.function if isinstance(bot, FunctionBot) else bot.choose
        began = time.perf_counter()
        try:
            turn = choose(position)
        except BotError as exc:  # a sandboxed bot reports what went wrong itself
            raise fail(exc.what, exc.kind) from exc
        except SandboxUnavailable:  # the teacher's setup, not the bot: no forfeit
            raise
        except Exception as exc:  # a bot must never break a game: report it
            raise fail(f"raised {_describe(exc)}", "exception") from exc
        elapsed = time.perf_counter() - began
        budget = time_limit if time_limit is not None else getattr(bot, "seconds", None)
        if isinstance(budget, (int, float)) and elapsed > budget + time_tolerance:
            raise fail(
                f"took {elapsed:.3f} s, over its budget of {budget:g} s (+{time_tolerance:g} s tolerance)",
                "time",
            )
        if isinstance(turn, str):
            try:
                turn = position.parse_turn(turn)
            except LoggerError as exc:
                raise fail(
                    f"returned {turn!r:.80}, which is not a legal turn here: {exc}", "illegal"
                ) from exc
        if not isinstance(turn, Turn):
            raise fail(f"returned {type(turn).__name__} {turn!r:.60}, not a Turn", "type")
        try:
            game.play(turn)
        except LoggerError as exc:
            raise fail(f"returned the illegal turn {turn.notation()!r}: {exc}", "illegal") from exc


# --------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class GameResult:
    """The result of one tournament game (a plain, picklable record).

    Attributes:
        index: task index (results are sorted by it).
        entrants: index of the tournament bot in each seat, seat 1 first.
        names: their names, seat 1 first.
        game_seed: the game's seed.
        winners: winning seats (1-based); several = a shared win; after a
            forfeit, every other seat.
        points: tournament points per seat: 1 for a sole win, 1/k each for a
            k-way shared win (after a forfeit the other seats share 1), 0 else.
        scores: points on the board per seat when the game ended.
        supplies: protesters in supply per seat when the game ended.
        reason: ``"target"``, ``"repetition"``, ``"turn_limit"`` or ``"forfeit"``.
        turns: the turns played, in notation.
        forfeit_seat: the seat that forfeited (``None`` if none).
        error: the :class:`~logger_widget.bots.BotError` message of a forfeit.
        seconds: wall-clock time of the game (not part of equality).
    """

    index: int
    entrants: tuple[int, ...]
    names: tuple[str, ...]
    game_seed: int
    winners: tuple[int, ...]
    points: tuple[float, ...]
    scores: tuple[int, ...]
    supplies: tuple[int, ...]
    reason: str
    turns: tuple[str, ...]
    forfeit_seat: int | None = None
    error: str | None = None
    seconds: float = field(default=0.0, compare=False)

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.entrants)

    @property
    def is_draw(self) -> bool:
        """Several seats share the win."""
        return len(self.winners) > 1 and self.forfeit_seat is None

    def to_game(self, start: Position | str | None = None) -> Game:
        """Replay the turns into a :class:`~logger_widget.Game` (for the board or a record)."""
        game = Game(start if start is not None else Position.initial(self.players), turn_limit=None)
        for t in self.turns:
            game.play(t)
        return game

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        d = asdict(self)
        for key, value in d.items():
            if isinstance(value, tuple):
                d[key] = list(value)
        return d


@dataclass(frozen=True, slots=True)
class _Task:
    index: int
    entrants: tuple[int, ...]
    names: tuple[str, ...]
    specs: tuple[Any, ...]
    game_seed: int
    turn_limit: int | None
    on_error: str
    time_limit: float | None
    time_tolerance: float
    start: str | None


def _run_task(task: _Task) -> GameResult:
    """Play one tournament game (runs in a worker process)."""
    began = time.perf_counter()
    players = len(task.specs)
    try:
        game = play_game(
            task.specs,
            seed=task.game_seed,
            turn_limit=task.turn_limit,
            start=task.start,
            time_limit=task.time_limit,
            time_tolerance=task.time_tolerance,
        )
    except BotError as err:
        if task.on_error != "forfeit":
            raise
        partial = err.game
        position = partial.position if partial is not None else Position.initial(players)
        seat = err.seat or 0
        others = tuple(s for s in range(1, players + 1) if s != seat)
        return GameResult(
            task.index,
            task.entrants,
            task.names,
            task.game_seed,
            others,
            tuple(0.0 if s == seat else 1.0 / len(others) for s in range(1, players + 1)),
            position.scores,
            position.supplies,
            "forfeit",
            tuple(t.notation() for t in partial.turns) if partial is not None else (),
            seat,
            str(err),
            time.perf_counter() - began,
        )
    outcome = game.outcome
    assert outcome is not None
    return GameResult(
        task.index,
        task.entrants,
        task.names,
        task.game_seed,
        outcome.winners,
        tuple(outcome.points(s) for s in range(1, players + 1)),
        outcome.scores,
        outcome.supplies,
        outcome.reason,
        tuple(t.notation() for t in game.turns),
        None,
        None,
        time.perf_counter() - began,
    )


# --------------------------------------------------------------------------- running


def processes_available() -> bool:
    """Whether this Python can start worker processes (and threads).

    False in Pyodide (JupyterLite; ``sys.platform == "emscripten"``) and WASI builds: they
    have no ``_multiprocessing`` and no threads, so the default executor of
    :func:`round_robin` and :func:`seat_rotated` plays the games one after another there.
    """
    return sys.platform not in ("emscripten", "wasi")


def _submitter(pool: cf.Executor) -> Any:
    """``pool.submit``; for Dask's executor (``client.get_executor()``), with ``pure=False``.

    Dask takes a submitted call as pure by default: the same function with the same arguments
    gets the result it already holds, so a tournament run again (the same bots and seed) would
    come back at once with the first run's games and times instead of being played.
    """
    if type(pool).__module__.split(".")[0] == "distributed":
        return functools.partial(pool.submit, pure=False)  # ClientExecutor passes it on to Client.submit
    return pool.submit


def _run_tasks(
    tasks: Sequence[_Task],
    executor: cf.Executor | str | None,
    workers: int | None,
    progress: bool,
    desc: str,
) -> list[GameResult]:
    from tqdm.auto import tqdm  # type: ignore[import-untyped]

    local = processes_available()
    # no thread for tqdm's monitor of stalled bars either there (it would warn that it can't start one)
    bar_type = tqdm if local else type("tqdm", (tqdm,), {"monitor_interval": 0})
    results: list[GameResult | None] = [None] * len(tasks)
    bar = bar_type(total=len(tasks), desc=desc, disable=not progress, leave=True, bar_format=_BAR_FORMAT)
    try:
        serial = executor == "serial" or (executor is None and (workers == 1 or not local))
        if serial or not tasks:
            for i, task in enumerate(tasks):
                results[i] = _run_task(task)
                bar.update(1)
        else:
            if isinstance(executor, str):
                raise ValueError(f"executor must be an Executor, 'serial' or None, not {executor!r}")
            own = executor is None
            if executor is None:
                pool: cf.Executor = cf.ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1)
            else:
                pool = executor
            try:
                submit = _submitter(pool)
                futures = {submit(_run_task, task): i for i, task in enumerate(tasks)}
                try:
                    for future in cf.as_completed(futures):
                        results[futures[future]] = future.result()
                        bar.update(1)
                except BaseException:
                    for future in futures:
                        future.cancel()
                    raise
            finally:
                if own:
                    pool.shutdown(wait=True, cancel_futures=True)
    finally:
        bar.close()
    return [r for r in results if r is not None]


def _names(specs: Sequence[Any]) -> tuple[str, ...]:
    names: list[str] = []
    for spec in specs:
        base = str(make_bot(spec, 0).name)
        name = base
        k = 2
        while name in names:
            name = f"{base}#{k}"
            k += 1
        names.append(name)
    return tuple(names)


def _check_common(on_error: str, time_tolerance: float) -> None:
    if on_error not in ("forfeit", "raise"):
        raise ValueError(f"on_error must be 'forfeit' or 'raise', not {on_error!r}")
    if time_tolerance < 0:
        raise ValueError(f"time_tolerance must be >= 0, not {time_tolerance!r}")


def round_robin(
    bots: Sequence[Any],
    games_per_pair: int = 2,
    seed: int = 0,
    executor: cf.Executor | str | None = None,
    progress: bool = True,
    desc: str | None = None,
    *,
    workers: int | None = None,
    turn_limit: int | None = DEFAULT_TURN_LIMIT,
    on_error: OnError = "forfeit",
    time_limit: float | None = None,
    time_tolerance: float = DEFAULT_TIME_TOLERANCE,
    order: Order = "pairs",
) -> Tournament:
    """Every pair of ``bots`` plays ``games_per_pair`` 2-player games, seats swapped.

    Game ``k`` of pair ``(i, j)`` (``i < j``) has bot ``i`` in seat 1 when
    ``k`` is even, bot ``j`` when odd, so an even ``games_per_pair`` gives
    both seats equally. Tasks are ordered pair by pair, game by game
    (``order="pairs"``), or round by round: game ``k`` of every pair, then
    game ``k + 1`` (``order="rounds"``, so that sequential Elo sees the
    pairs mixed).

    Args:
        bots: at least 2 bot specs (see :func:`play_game`); they must be
            picklable for process executors (presets, bot objects, module-level
            functions—not lambdas).
        games_per_pair: games for each pair, ≥ 1.
        seed: the tournament seed; every game's seed derives from it.
        executor: ``None`` (a new ProcessPoolExecutor with ``workers`` processes,
            default every core; ``workers=1`` runs in this process, and so does
            a Python that cannot start processes: Pyodide in JupyterLite, see
            :func:`processes_available`), ``"serial"``
            (in this process), or any :class:`concurrent.futures.Executor`
            (e.g. Dask's ``client.get_executor()``), which is not shut down.
        progress: show a ``tqdm.auto`` progress bar.
        desc: the progress bar's label (e.g. in the class's language); default in English.
        workers: process count for the default executor.
        turn_limit: per game (see :func:`play_game`).
        on_error: ``"forfeit"``: a :class:`~logger_widget.bots.BotError` loses
            that game (the other seat wins) and the tournament goes on;
            ``"raise"``: it stops the tournament.
        time_limit: seconds per turn (see :func:`play_game`).
        time_tolerance: seconds over ``time_limit`` before an overrun (see :func:`play_game`).
        order: ``"pairs"`` or ``"rounds"``: the order of the games (and so of the task indices and seeds).

    Returns:
        A :class:`Tournament`.

    Raises:
        ValueError: fewer than 2 bots, games_per_pair < 1, bad options, an unknown order or preset.
        BotError: with ``on_error="raise"``.
    """
    if len(bots) < 2:
        raise ValueError("a round robin needs at least 2 bots")
    if not isinstance(games_per_pair, int) or games_per_pair < 1:
        raise ValueError(f"games_per_pair must be a whole number >= 1, not {games_per_pair!r}")
    _check_common(on_error, time_tolerance)
    if order not in ("pairs", "rounds"):
        raise ValueError(f"order must be 'pairs' or 'rounds', not {order!r}")
    games = [(pair, k) for pair in combinations(range(len(bots)), 2) for k in range(games_per_pair)]
    if order == "rounds":
        games.sort(key=lambda game: game[1])  # stable: pairs stay in order within a round
    seatings = [(i, j) if k % 2 == 0 else (j, i) for (i, j), k in games]
    return _play_seatings(
        bots,
        seatings,
        2,
        seed,
        (turn_limit, on_error, time_limit, time_tolerance),
        executor,
        workers,
        progress,
        desc or "round robin",
    )


def seat_rotated(
    bots: Sequence[Any],
    players: int = 3,
    games: int = 6,
    seed: int = 0,
    executor: cf.Executor | str | None = None,
    progress: bool = True,
    desc: str | None = None,
    *,
    workers: int | None = None,
    turn_limit: int | None = DEFAULT_TURN_LIMIT,
    on_error: OnError = "forfeit",
    time_limit: float | None = None,
    time_tolerance: float = DEFAULT_TIME_TOLERANCE,
    orders: str = "rotated",
) -> Tournament:
    """Tables of 3 or 4 players with the seats rotated (or permuted) game by game.

    Every combination of ``players`` bots out of ``bots`` forms a table that
    plays ``games`` games; in game ``k`` of a table, seat ``s`` (0-based) is
    taken by the table's bot ``(s + k) % players``, so with ``games`` a
    multiple of ``players`` every bot sits in every seat equally often.

    Rotation keeps the order around the table: each bot always plays right
    after the same neighbour, who leaves it (or denies it) the chops. With
    ``orders="permuted"`` game ``k`` uses the table's ``k``-th seat order
    (of ``players!``, in :func:`itertools.permutations` order, cycling), so
    with ``games`` a multiple of 6 (3 players) or 24 (4 players) every bot
    follows every other equally often too — measured in ``docs/bots.md``, the
    fixed order swung a 4-player rating by ~300 Elo.

    Args:
        bots: at least ``players`` bot specs.
        players: 3 or 4.
        games: games per table, ≥ 1.
        seed: as in :func:`round_robin`.
        executor: as in :func:`round_robin`.
        progress: as in :func:`round_robin`.
        desc: as in :func:`round_robin`.
        workers: as in :func:`round_robin`.
        turn_limit: as in :func:`round_robin`.
        on_error: as in :func:`round_robin`.
        time_limit: as in :func:`round_robin`.
        time_tolerance: as in :func:`round_robin`.
        orders: ``"rotated"`` (default) or ``"permuted"``.

    Returns:
        A :class:`Tournament`.

    Raises:
        ValueError: players not 3 or 4, fewer bots than players, games < 1,
            ``orders`` not one of the two, bad options.
        BotError: with ``on_error="raise"``.
    """
    if orders not in ("rotated", "permuted"):
        raise ValueError(f'orders must be "rotated" or "permuted", not {orders!r}')
    if players not in (3, 4):
        raise ValueError(f"players must be 3 or 4 (use round_robin for 2), not {players!r}")
    if len(bots) < players:
        raise ValueError(f"{len(bots)} bots cannot fill a {players}-player table")
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    _check_common(on_error, time_tolerance)
    if orders == "rotated":
        seatings = [
            tuple(table[(s + k) % players] for s in range(players))
            for table in combinations(range(len(bots)), players)
            for k in range(games)
        ]
    else:
        seatings = []
        for table in combinations(range(len(bots)), players):
            every = list(permutations(table))
            seatings += [every[k % len(every)] for k in range(games)]
    return _play_seatings(
        bots,
        seatings,
        players,
        seed,
        (turn_limit, on_error, time_limit, time_tolerance),
        executor,
        workers,
        progress,
        desc or f"{players}-player tables",
    )


def _play_seatings(
    bots: Sequence[Any],
    seatings: Sequence[tuple[int, ...]],
    players: int,
    seed: Any,
    rules: tuple[Any, str, Any, float],
    executor: Any,
    workers: Any,
    progress: bool,
    desc: str,
) -> Tournament:
    """Play one game per seating (bot indices in seat order), seeds fixed up front by game index."""
    turn_limit, on_error, time_limit, time_tolerance = rules
    names = _names(bots)
    tasks = [
        _Task(
            index,
            seats,
            tuple(names[s] for s in seats),
            tuple(bots[s] for s in seats),
            derive_seed(seed, "game", index),
            turn_limit,
            on_error,
            time_limit,
            time_tolerance,
            None,
        )
        for index, seats in enumerate(seatings)
    ]
    results = _run_tasks(tasks, executor, workers, progress, desc)
    return Tournament(names, players, seed, results)


# --------------------------------------------------------------------------- summaries


@dataclass(frozen=True, slots=True)
class Standing:
    """One bot's results over a tournament. Rates are in [0, 1]; intervals are Wilson 95 %.

    Attributes:
        name: the bot.
        games: games played.
        wins: sole wins and wins by an opponent's forfeit; draws: shared
            wins; losses: the rest (own forfeits included).
        forfeits: games this bot forfeited.
        points: tournament points (1 per sole win, 1/k per k-way shared win).
        rate, rate_low, rate_high: ``points / games`` with its interval.
        win_rate, win_low, win_high: ``wins / games`` with its interval.
        draw_rate, draw_low, draw_high: ``draws / games`` with its interval.
    """

    name: str
    games: int
    wins: int
    draws: int
    losses: int
    forfeits: int
    points: float
    rate: float
    rate_low: float
    rate_high: float
    win_rate: float
    win_low: float
    win_high: float
    draw_rate: float
    draw_low: float
    draw_high: float


@dataclass(frozen=True, slots=True)
class PairResult:
    """Head-to-head result of bot ``a`` against bot ``b`` in 2-player games.

    Attributes:
        a, b: names.
        games: games between them; a_wins, draws, b_wins: their outcomes;
        forfeits: games that ended by a forfeit (counted as a win of the other).
        rate: ``(a_wins + draws / 2) / games``; low, high: Wilson 95 %.
    """

    a: str
    b: str
    games: int
    a_wins: int
    draws: int
    b_wins: int
    forfeits: int
    rate: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How a seat fared over the games (forfeits left out).

    Attributes:
        seat: 1-based. games: games counted. points: tournament points of the seat.
        rate, low, high: ``points / games`` with its Wilson 95 % interval.
        expected: ``1 / players``, the rate if seats made no difference.
    """

    seat: int
    games: int
    points: float
    rate: float
    low: float
    high: float
    expected: float


def _rate(points: float, n: int) -> tuple[float, float, float]:
    low, high = wilson_interval(points, n)
    return (points / n if n else 0.0, low, high)


class Tournament:
    """Results of :func:`round_robin` or :func:`seat_rotated`.

    Attributes:
        names: the bots' names (unique; duplicates get ``#2``, ``#3``…).
        players: seats per game.
        seed: the tournament seed.
        games: the :class:`GameResult` records, sorted by task index.
    """

    def __init__(self, names: Sequence[str], players: int, seed: Any, games: Iterable[GameResult]) -> None:
        self.names = tuple(names)
        self.players = players
        self.seed = seed
        self.games: list[GameResult] = sorted(games, key=lambda g: g.index)

    def __len__(self) -> int:
        return len(self.games)

    def __repr__(self) -> str:
        return f"<Tournament {len(self.names)} bots, {self.players} players, {len(self.games)} games>"

    # ------------------------------------------------------------------ tables

    def standings(self) -> list[Standing]:
        """Every bot's results, best rate first (ties: name order)."""
        out = []
        for b, name in enumerate(self.names):
            games = wins = draws = forfeits = 0
            points = 0.0
            for g in self.games:
                for seat, entrant in enumerate(g.entrants, 1):
                    if entrant != b:
                        continue
                    games += 1
                    points += g.points[seat - 1]
                    if g.forfeit_seat == seat:
                        forfeits += 1
                    if seat in g.winners:
                        if len(g.winners) == 1 or g.forfeit_seat is not None:
                            wins += 1  # a sole win, or a win by the other seat's forfeit
                        else:
                            draws += 1
            out.append(
                Standing(
                    name,
                    games,
                    wins,
                    draws,
                    games - wins - draws,
                    forfeits,
                    points,
                    *_rate(points, games),
                    *_rate(wins, games),
                    *_rate(draws, games),
                )
            )
        return sorted(out, key=lambda s: (-s.rate, self.names.index(s.name)))

    def pair(self, a: str, b: str) -> PairResult:
        """Head-to-head of ``a`` against ``b`` (names) over their 2-player games.

        Raises:
            KeyError: ``a`` or ``b`` is not one of :attr:`names` (the message lists them).
        """
        ia, ib = self._index(a), self._index(b)
        games = a_wins = draws = b_wins = forfeits = 0
        points = 0.0
        for g in self.games:
            if g.players != 2 or set(g.entrants) != {ia, ib}:
                continue
            seat_a = g.entrants.index(ia) + 1
            games += 1
            forfeits += g.forfeit_seat is not None
            points += g.points[seat_a - 1]
            if len(g.winners) > 1:
                draws += 1
            elif seat_a in g.winners:
                a_wins += 1
            else:
                b_wins += 1
        return PairResult(a, b, games, a_wins, draws, b_wins, forfeits, *_rate(points, games))

    def _index(self, name: str) -> int:
        """The index of bot ``name`` in :attr:`names`. Raises KeyError naming the known bots."""
        try:
            return self.names.index(name)
        except ValueError:
            raise KeyError(f"no bot {name!r} in this tournament; bots are {', '.join(self.names)}") from None

    def pairs(self) -> list[PairResult]:
        """:meth:`pair` for every pair of bots that met in 2-player games, in name order."""
        out = []
        for ia, ib in combinations(range(len(self.names)), 2):
            p = self.pair(self.names[ia], self.names[ib])
            if p.games:
                out.append(p)
        return out

    def first_player_advantage(self) -> list[SeatResult]:
        """Tournament points by seat, forfeits left out, with Wilson 95 % intervals.

        With 2 players, the first entry's rate above 0.5 (its interval above
        0.5) means the first player has an advantage.
        """
        out = []
        played = [g for g in self.games if g.forfeit_seat is None]
        for seat in range(1, self.players + 1):
            points = sum(g.points[seat - 1] for g in played)
            out.append(SeatResult(seat, len(played), points, *_rate(points, len(played)), 1.0 / self.players))
        return out

    # ------------------------------------------------------------------ ratings

    def comparisons(self) -> list[Comparison]:
        """The games as paired comparisons (see :mod:`logger_widget.tournament.ratings`), in task order."""
        out = []
        for g in self.games:
            for s, t in combinations(range(g.players), 2):
                a, b = g.entrants[s], g.entrants[t]
                if a == b:
                    continue
                pa, pb = g.points[s], g.points[t]
                if pa == pb == 0:
                    continue
                score = 1.0 if pa > pb else (0.0 if pa < pb else 0.5)
                out.append(Comparison(a, b, score, g.index))
        return out

    def elo(self, k: float = 16.0, bootstrap: int = 200) -> list[Rating]:
        """Sequential Elo ratings in task order with a bootstrap 95 % interval.

        See :func:`logger_widget.tournament.ratings.elo`.
        """
        return elo(
            self.comparisons(), self.names, k=k, bootstrap=bootstrap, seed=derive_seed(self.seed, "elo")
        )

    def bradley_terry(self, prior: float = 1.0) -> list[Rating]:
        """Bradley–Terry ratings on the Elo scale with Fisher-information intervals.

        See :func:`logger_widget.tournament.ratings.bradley_terry`.
        """
        return bradley_terry(self.comparisons(), self.names, prior=prior)

    # ------------------------------------------------------------------ export

    def records(self) -> list[dict[str, Any]]:
        """One plain dict per game and seat (long format).

        Keys: ``game``, ``seat``, ``bot``, ``points`` (tournament points),
        ``won`` (sole win), ``shared`` (shared win), ``score``, ``supply``,
        ``reason``, ``turns`` (count), ``forfeit`` (this seat forfeited),
        ``game_seed``, ``seconds``.
        """
        rows = []
        for g in self.games:
            for seat in range(1, g.players + 1):
                rows.append(
                    {
                        "game": g.index,
                        "seat": seat,
                        "bot": g.names[seat - 1],
                        "points": g.points[seat - 1],
                        "won": seat in g.winners and len(g.winners) == 1,
                        "shared": seat in g.winners and len(g.winners) > 1,
                        "score": g.scores[seat - 1],
                        "supply": g.supplies[seat - 1],
                        "reason": g.reason,
                        "turns": len(g.turns),
                        "forfeit": g.forfeit_seat == seat,
                        "game_seed": g.game_seed,
                        "seconds": g.seconds,
                    }
                )
        return rows

    def to_dataframe(self) -> Any:
        """:meth:`records` as a :class:`pandas.DataFrame`.

        Raises:
            ImportError: pandas is not installed (``pip install logger_widget[pandas]``).
        """
        try:
            import pandas as pd  # type: ignore[import-untyped]
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise ImportError("to_dataframe() needs pandas: pip install 'logger_widget[pandas]'") from exc
        return pd.DataFrame.from_records(self.records())

    def summary(self) -> str:
        """A plain-text table: standings, head-to-head rates, ratings and seats."""
        lines = [f"{len(self.games)} games, {self.players} players per game, seed {self.seed}", ""]
        lines.append(f"{'bot':<16} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'rate':>6}  95% interval")
        for s in self.standings():
            lines.append(
                f"{s.name:<16} {s.games:>5} {s.wins:>4} {s.draws:>4} {s.losses:>4} {s.rate:>6.3f}  "
                f"[{s.rate_low:.3f}, {s.rate_high:.3f}]"
            )
        pairs = self.pairs()
        if pairs:
            lines.append("")
            for p in pairs:
                lines.append(f"{p.a} vs {p.b}: {p.rate:.3f} [{p.low:.3f}, {p.high:.3f}] over {p.games} games")
        lines.append("")
        lines.append(f"{'bot':<16} {'Bradley-Terry':>14}  {'Elo':>14}")
        bt = {r.name: r for r in self.bradley_terry()}
        for r in self.elo():
            b = bt[r.name]
            bt_text = f"{b.rating:>7.0f} ±{Z95 * b.se:>5.0f}"
            lines.append(f"{r.name:<16} {bt_text}  {r.rating:>7.0f} [{r.low:.0f}, {r.high:.0f}]")
        lines.append("")
        for seat in self.first_player_advantage():
            interval = f"[{seat.low:.3f}, {seat.high:.3f}]"
            lines.append(f"seat {seat.seat}: {seat.rate:.3f} {interval} (no advantage: {seat.expected:.3f})")
        return "\n".join(lines)

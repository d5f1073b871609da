"""The bot interface, wrapping of plain functions, and helpers shared by the bots.

A **bot** is anything with a ``name`` and a ``choose(position) -> Turn`` method
(:class:`Bot`). Students usually write a plain function ``position -> Turn``
(or ``position -> "turn notation"``); :func:`as_bot` wraps it.

Randomness: a bot that needs random numbers owns a :class:`random.Random`
built from the ``seed`` it was given (or is given one directly); no bot reads
or writes the global :mod:`random` state. :meth:`BaseBot.with_seed` returns a
fresh copy with another seed, which is how tournaments give every game its own
reproducible seeds.

The helpers at the end (:func:`legal_raw_turns`, :func:`best_chop`,
:func:`derive_seed`) only combine the functions of :mod:`logger_widget.engine.core`;
no rule is implemented here.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..engine import core
from ..engine.cells import ADJACENT, bits
from ..engine.position import Position
from ..engine.turn import RawTurn, Turn

__all__ = [
    "BaseBot",
    "Bot",
    "BotError",
    "Candidate",
    "FunctionBot",
    "as_bot",
    "best_chop",
    "derive_seed",
    "legal_raw_turns",
    "seat_value",
]


class BotError(RuntimeError):
    """A bot misbehaved: it raised, returned something that is not a legal turn, or overran its time.

    This is a :class:`RuntimeError`, not a :class:`~logger_widget.engine.errors.LoggerError`
    (those are ``ValueError`` errors about bad input from the caller): here the
    caller's input was fine and a piece of code—the bot—failed.

    Attributes:
        name: the bot's name.
        lpn: the position (LPN) the bot was asked to play in.
        what: what went wrong, one short English sentence.
        kind: ``"exception"``, ``"illegal"`` (an illegal or malformed turn),
            ``"type"`` (not a Turn nor notation) or ``"time"`` (overran its budget);
            bots in a worker process (:mod:`logger_widget.tournament.sandbox`) also
            ``"crash"`` (the process died), ``"killed"`` (from outside),
            ``"garbage"`` (an unreadable answer), ``"memory"`` (too many files in its
            in-memory folders) and ``"load"`` (the file did not load).
        seat: the bot's seat (1-based) when known, else ``None``.
        game: the :class:`~logger_widget.Game` so far, when raised by
            :func:`~logger_widget.tournament.play_game`, else ``None``.
    """

    def __init__(
        self,
        name: str,
        lpn: str,
        what: str,
        kind: str = "exception",
        seat: int | None = None,
        game: Any = None,
    ) -> None:
        self.name = name
        self.lpn = lpn
        self.what = what
        self.kind = kind
        self.seat = seat
        self.game = game
        where = f" (seat {seat})" if seat is not None else ""
        super().__init__(f"bot {name!r}{where} failed in position {lpn!r}: {what}")

    def __reduce__(self) -> tuple[Any, ...]:
        # picklable across processes (the game is dropped: it may be large)
        return (BotError, (self.name, self.lpn, self.what, self.kind, self.seat))


@runtime_checkable
class Bot(Protocol):
    """What every bot provides.

    Attributes:
        name: a short name for tables and game records.
    """

    name: str

    def choose(self, position: Position) -> Turn:
        """A legal turn for the seat to move in ``position`` (which is not over)."""
        ...


@dataclass(frozen=True, slots=True)
class Candidate:
    """One turn considered by a search bot (see ``analyse``).

    Attributes:
        turn: the complete turn.
        value: the bot's estimate for the mover. MCTS: mean playout reward of
            the mover in [0, 1] (1 = certain sole win). Minimax: the backed-up
            :func:`~logger_widget.bots.minimax.evaluate` score (unbounded; wins
            are ±1e6).
        visits: MCTS visits through this turn (0 for minimax).
        share: ``visits / root visits`` in [0, 1] (0.0 for minimax).
    """

    turn: Turn
    value: float
    visits: int = 0
    share: float = 0.0

    def __str__(self) -> str:
        if self.visits:
            return (
                f"{self.turn.notation():<22} value {self.value:.3f}  visits {self.visits} ({self.share:.1%})"
            )
        return f"{self.turn.notation():<22} value {self.value:.3f}"


class BaseBot:
    """Convenience base class: a name, a seed and a private :class:`random.Random`.

    Subclasses implement :meth:`choose` and list their constructor arguments
    in ``_params`` (names of attributes) so that :meth:`with_seed` can rebuild them.

    Args:
        seed: any hashable seed for :class:`random.Random`; ``None`` seeds
            from the operating system (not reproducible).
        name: the bot's name; default the class's ``default_name``.
    """

    default_name = "bot"
    _params: tuple[str, ...] = ()

    def __init__(self, seed: Any = None, name: str | None = None) -> None:
        self.seed = seed
        self.name = name if name is not None else self.default_name
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> Turn:  # pragma: no cover - abstract
        """The bot's turn for the seat to move in ``position`` (see :class:`Bot`)."""
        raise NotImplementedError

    def with_seed(self, seed: Any) -> BaseBot:
        """A fresh bot with the same settings and name but another seed (no search state kept)."""
        kwargs = {p: getattr(self, p) for p in self._params}
        return type(self)(seed=seed, name=self.name, **kwargs)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        for key in getattr(self, "_transient", ()):
            state[key] = None
        return state

    def __repr__(self) -> str:
        args = "".join(f", {p}={getattr(self, p)!r}" for p in self._params)
        return f"{type(self).__name__}(name={self.name!r}, seed={self.seed!r}{args})"


class FunctionBot:
    """A plain function ``position -> Turn | str`` used as a bot (see :func:`as_bot`).

    Args:
        function: called with the :class:`Position`; returns a :class:`Turn` or
            turn notation (``"a1-b2 xb3"``; the origin and forced spawns may be
            left out, see :meth:`Turn.parse`).
        name: default: the function's ``__name__``.
    """

    def __init__(self, function: Callable[[Position], Turn | str], name: str | None = None) -> None:
        if not callable(function):
            raise TypeError(f"a bot function must be callable, not {type(function).__name__}")
        self.function = function
        self.name = name if name is not None else getattr(function, "__name__", type(function).__name__)

    def choose(self, position: Position) -> Turn:
        """Call the function; parse notation it returns.

        Raises:
            TypeError: the function returned neither a :class:`Turn` nor a string.
            NotationError, IllegalTurnError: the returned notation is malformed or illegal.
        """
        result = self.function(position)
        if isinstance(result, str):
            return position.parse_turn(result)
        if not isinstance(result, Turn):
            raise TypeError(
                f"returned {type(result).__name__} {result!r:.60}, expected a Turn or turn notation"
            )
        return result

    def __repr__(self) -> str:
        return f"FunctionBot({self.function!r}, name={self.name!r})"


def as_bot(obj: Any, name: str | None = None) -> Bot:
    """``obj`` as a :class:`Bot`: a bot is returned as it is, a plain callable is wrapped.

    Args:
        obj: an object with ``name`` and ``choose``, or a function
            ``position -> Turn | str``.
        name: a name for a wrapped function (ignored for bots).

    Raises:
        TypeError: ``obj`` is neither a bot nor callable.
    """
    if callable(getattr(obj, "choose", None)) and isinstance(getattr(obj, "name", None), str):
        return obj
    if callable(obj):
        return FunctionBot(obj, name)
    raise TypeError(f"{obj!r:.60} is not a bot: give an object with name and choose(position), or a function")


# --------------------------------------------------------------------------- helpers over core


#: Every legal turn as ``((dest, spawn_mask, kind, target_mask), next_state)``: the engine's
#: :func:`logger_widget.engine.core.legal_turns`, re-exported for bot authors.
legal_raw_turns = core.legal_turns


def raw_turn_to_turn(state: core.State, raw: RawTurn) -> Turn:
    """The :class:`Turn` for a raw turn played by the mover of ``state``."""
    return Turn.from_raw(core.mover_cell(state), raw)


def best_chop(state: core.State) -> tuple[int, int]:
    """The biggest chop the seat to move could make this turn: ``(points, protesters_gained)``.

    Tries every destination, grows, and every chop from there (spawned
    seedlings only land on free cells, which stop a domino effect anyway, so
    they never change a chop). ``(0, 0)`` when no chop is possible or the game is over.
    Ordered by points, then protesters gained.
    """
    if core.is_terminal(state):
        return (0, 0)
    best = (0, 0)
    origin = core.mover_cell(state)
    for dest in core.destinations(origin, core.occupied_for_move(state)):
        grown, _, _ = core.after_growth(state, dest)
        mat, prot = grown[core.MATURE], grown[core.PROTESTED]
        chop = ADJACENT[dest] & mat & ~prot
        for c in bits(chop):
            felled = core.chop_felled(mat, dest, c)
            value = (felled.bit_count(), (felled & prot).bit_count())
            if value > best:
                best = value
    return best


#: Weights of :func:`seat_value` (and so of the minimax evaluation and the MCTS cut-off), in points.
POINT = 1.0
PROTESTER_WEIGHT = 0.5  # a protester in the supply (not the exercises' PROTESTER_ENDGAME position)
CHOP_NOW = 0.8  # the seat to move will probably make its biggest chop
CHOP_LATER = 0.3  # other seats' chops may be spoilt before their turn


def seat_value(state: core.State, seat: int) -> float:
    """A heuristic worth of the position for ``seat`` (0-based), in points.

    ``1.0 × points + 0.5 × protesters in supply + w × (biggest chop the seat
    could make now: points + 0.5 × protesters gained)``, with ``w = 0.8`` for
    the seat to move and ``w = 0.3`` for the others (see :func:`best_chop`).
    In the last round (the end is triggered) only the seats still to play can
    chop: ``w = 1`` for the seat to move, 0.3 for the seats after it, 0 for
    the seats before it, and protesters count only as a tie-break (0.01).
    """
    mover = state[core.MOVER]
    if max(state[core.SCORES]) >= core.TARGET_SCORE:
        weight = 1.0 if seat == mover else (CHOP_LATER if seat > mover else 0.0)
        protester = 0.01
    else:
        weight = CHOP_NOW if seat == mover else CHOP_LATER
        protester = PROTESTER_WEIGHT
    value = POINT * state[core.SCORES][seat] + protester * state[core.SUPPLIES][seat]
    if weight:
        points, protesters = best_chop(state[:5] + (seat,) + state[6:])
        value += weight * (points + protester * protesters)
    return value


def derive_seed(*parts: Any) -> int:
    """A 63-bit seed derived from ``parts`` (their ``repr``), the same in every process and run.

    Uses BLAKE2b, so it does not depend on ``PYTHONHASHSEED``.
    """
    digest = hashlib.blake2b(repr(parts).encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1

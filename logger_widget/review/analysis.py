"""The review of a game, turn by turn: values from Monte Carlo tree search, labels, and facts.

The measure
    The **value** of a position for a seat is the search's expected result for
    that seat, in [0, 1]: the mean reward vector at the root of an
    :class:`~logger_widget.bots.MCTSBot` search from that position
    (:meth:`~logger_widget.bots.MCTSBot.analyse_with_values`). A reward is 1 for a
    sole win, ``1/k`` for each of ``k`` seats sharing the win, 0 for a loss, plus
    a small score-margin term (:func:`logger_widget.bots.mcts.playout_reward`);
    cut-off playouts are scored by ``sigmoid(points lead / 2)``. It plays the
    role of lichess's "win percentage": comparable across turns, seats and
    games, and a finished game's value is exact.

    The value of a **turn** for its mover is the value, for that seat, of the
    position the turn leads to. So the turn played and the best turn found are
    measured the same way (one search from each resulting position), and the
    **loss** is ``max(0, value(best) − value(played))``.

The best turn
    The search's first choice from the position before the turn (the most
    visited turn of :meth:`~logger_widget.bots.MCTSBot.analyse_with_values`). When
    the played turn measures better than that choice, the played turn is the
    best turn found (loss 0). A turn whose position has a single successor
    (every legal turn leads to the same position) is *forced*: ``best``, no search.

Labels (:data:`THRESHOLDS`)
    Lichess judges a move by the drop of the mover's winning chances on a
    [−1, +1] scale: 0.1 inaccuracy, 0.2 mistake, 0.3 blunder (lila,
    ``modules/tree/src/main/Advice.scala``, ``CpAdvice.winningChanceJudgements``),
    that is 5, 10 and 15 points of win percentage. Our values are on the
    [0, 1] scale of win percentage, so the same thresholds are **0.05, 0.10,
    0.15**. Below 0.05 a turn that is not the best found is ``good``.
    **A turn that hands over the end** (:attr:`TurnFacts.hands_over`: the next
    seat can then reach the target with one chop and lead, which the better turn
    found does not allow) is never ``best`` or ``good``: it is at least a
    ``mistake``, whatever the search's values say (when the game is lost anyway
    they may differ little).

Determinism
    Every search is an :class:`~logger_widget.bots.MCTSBot` with an *iteration*
    budget and its own seed, derived from ``seed``, the turn's index and the
    position searched, so a review is the same for the same game, seed and
    budget on any machine (time budgets are not reproducible). ``seconds`` is a
    nominal budget turned into iterations at a fixed rate (:data:`ITERATIONS_PER_SECOND`).
    With the compiled kernel installed (Numba) every search is compiled (the
    first one waits for it); without it, the Python search.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..bots.base import best_chop, derive_seed
from ..bots.mcts import MCTSBot, playout_reward
from ..bots.presets import make_bot
from ..engine import core, fast
from ..engine.game import Game
from ..engine.position import Position
from ..engine.turn import Turn

__all__ = [
    "ITERATIONS_PER_SECOND",
    "LABELS",
    "THRESHOLDS",
    "Review",
    "TurnFacts",
    "TurnReview",
    "label_for",
    "review",
    "turn_facts",
    "turn_label",
]

#: The labels, best first.
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")

#: Smallest loss (value in [0, 1]) for each label; lichess's 0.1 / 0.2 / 0.3 on [−1, +1], halved.
THRESHOLDS = {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.15}

#: Iterations a ``seconds`` budget buys, per second: the compiled search (measured ~100,000–200,000/s
#: on one core, docs/bots.md) and the Python search (~9,500/s), rounded down so a review stays near
#: the nominal time on a shared machine.
ITERATIONS_PER_SECOND = {"compiled": 100_000, "python": 5_000}

#: The bot every seat plays on with for :attr:`TurnFacts.future`, and for how many rounds.
PLAY_ON_BOT = "minimax:easy"
PLAY_ON_ROUNDS = 2

#: Fewest iterations of a search, whatever ``seconds`` says.
MIN_ITERATIONS = 50

ProgressCallback = Callable[[int, int], Any]


@dataclass(frozen=True, slots=True)
class TurnFacts:
    """What a turn did, computed by the engine (never guessed): the material for a sentence.

    Attributes:
        turn: the turn.
        seat: its mover, 1-based.
        kind: ``"chop"``, ``"plant"``, ``"protest"`` or ``None`` (no action possible).
        cells: the action's cells (the chopped tree; the planted seedling; the protested trees).
        felled: cells of every tree the turn removed (the chopped tree and its domino), sorted.
        points: points the mover gained (= ``len(felled)``), ≥ 0.
        protesters_gained: protesters that went to the mover's supply from felled trees (whoever had put them there).
        protesters_spent: protesters the mover placed.
        ends_game: the turn ended the game.
        leaves: the biggest chop (trees) the next seat can make right after the turn, ≥ 0
            (0 when the game is over).
        prepares: the biggest chop (trees) the mover could make from the new position if it
            were its turn again (the threat the turn makes), ≥ 0 (0 when the game is over).
        secures: the chop (trees) the mover is sure of after the next seat's reply: the
            smallest, over every reply, of the mover's biggest chop then (as if it moved next).
        answer: the biggest chop (trees) the next seat can get ready with its reply: the
            largest, over every reply, of its own biggest chop after it (as if it moved again).
        supply: protesters in the mover's supply after the turn.
        hands_over: the trees of the next seat's biggest chop when that chop would end the
            game with the next seat reaching the target and ahead of the mover; else 0.
        future: ``(the mover's points, the most points of another seat)`` scored in the
            :data:`PLAY_ON_ROUNDS` rounds after the turn when every seat plays on as
            ``minimax:easy`` (:data:`PLAY_ON_BOT`, a fixed seed): what the turn leads to a little
            further on; ``(0, 0)`` when not ``deep`` or the game is over.
        deep: ``secures``, ``answer`` and ``future`` were computed (a look at every reply and a
            short play-on; the review does it only for turns compared with a better one).
    """

    turn: Turn
    seat: int
    kind: str | None
    cells: tuple[str, ...]
    felled: tuple[str, ...]
    points: int
    protesters_gained: int
    protesters_spent: int
    ends_game: bool
    leaves: int = 0
    prepares: int = 0
    secures: int = 0
    answer: int = 0
    supply: int = 0
    hands_over: int = 0
    future: tuple[int, int] = (0, 0)
    deep: bool = False


@dataclass(frozen=True, slots=True)
class TurnReview:
    """The review of one turn.

    Attributes:
        ply: the turn's index in the game, 1-based.
        seat: the mover, 1-based.
        position: the position before the turn.
        played: the turn played.
        best: the best turn found (equal to ``played`` when it was best).
        played_value: value of ``played`` for the mover, in [0, 1].
        best_value: value of ``best`` for the mover, in [0, 1] (≥ ``played_value``).
        loss: ``best_value − played_value``, in [0, 1].
        label: one of :data:`LABELS`.
        forced: the position had one successor: nothing to choose, no search.
        played_facts: :class:`TurnFacts` of ``played``.
        best_facts: :class:`TurnFacts` of ``best``.
    """

    ply: int
    seat: int
    position: Position
    played: Turn
    best: Turn
    played_value: float
    best_value: float
    loss: float
    label: str
    forced: bool
    played_facts: TurnFacts
    best_facts: TurnFacts

    @property
    def is_error(self) -> bool:
        """The label is ``inaccuracy``, ``mistake`` or ``blunder``."""
        return self.label in THRESHOLDS


@dataclass(frozen=True, slots=True)
class Review:
    """The review of a game.

    Attributes:
        game: a copy of the reviewed game.
        turns: one :class:`TurnReview` per turn, in order.
        values: the value of every position of the game (``len(turns) + 1`` rows: the
            start, then after each turn), one entry per seat in seat order, each in [0, 1].
        seed: the seed of the searches.
        iterations: the iteration budget of each search (0 with a caller's ``bot``).
    """

    game: Game
    turns: tuple[TurnReview, ...]
    values: tuple[tuple[float, ...], ...]
    seed: Any
    iterations: int

    @property
    def players(self) -> int:
        """Number of seats, 2–4."""
        return self.game.players

    def mistakes(self, seat: int | None = None) -> list[TurnReview]:
        """Turns labelled inaccuracy, mistake or blunder (of ``seat``, 1-based, or of everyone)."""
        return [t for t in self.turns if t.is_error and (seat is None or t.seat == seat)]

    def counts(self, seat: int) -> dict[str, int]:
        """How many turns of ``seat`` (1-based) got each label: ``{label: count}`` in :data:`LABELS` order.

        Raises:
            ValueError: ``seat`` is not a seat of this game.
        """
        if not isinstance(seat, int) or not 1 <= seat <= self.players:
            raise ValueError(f"seat must be 1 to {self.players}, not {seat!r}")
        out = dict.fromkeys(LABELS, 0)
        for t in self.turns:
            if t.seat == seat:
                out[t.label] += 1
        return out


def label_for(loss: float, is_best: bool = False) -> str:
    """The label of a turn that lost ``loss`` (value in [0, 1]) against the best turn found.

    ``best`` when ``is_best`` (it is the best turn found) or the loss is 0; then
    :data:`THRESHOLDS` (inaccuracy ≥ 0.05, mistake ≥ 0.10, blunder ≥ 0.15); else ``good``.

    Raises:
        ValueError: ``loss`` is not a number ≥ 0.
    """
    if isinstance(loss, bool) or not isinstance(loss, (int, float)) or not loss >= 0:
        raise ValueError(f"loss must be a number >= 0, not {loss!r}")
    if is_best or loss == 0:
        return "best"
    for name in ("blunder", "mistake", "inaccuracy"):
        if loss >= THRESHOLDS[name]:
            return name
    return "good"


def _replies_facts(after: core.State, mover: int) -> tuple[int, int]:
    """``(secures, answer)`` of :class:`TurnFacts` for the position ``after`` a turn of ``mover``."""
    if core.is_terminal(after):
        return 0, 0
    nxt = after[core.MOVER]
    secures, answer = None, 0
    for reply in fast.successors(after):
        mine = best_chop(_with_mover(reply, mover))[0] if not core.is_terminal(reply) else 0
        secures = mine if secures is None else min(secures, mine)
        if not core.is_terminal(reply):
            answer = max(answer, best_chop(_with_mover(reply, nxt))[0])
    return secures or 0, answer


def _play_on(after: Position, seat: int) -> tuple[int, int]:
    """``future`` of :class:`TurnFacts`: points scored in :data:`PLAY_ON_ROUNDS` rounds of :data:`PLAY_ON_BOT` play."""
    bot = make_bot(PLAY_ON_BOT, seed=0)
    position = after
    for _ in range(PLAY_ON_ROUNDS * after.players):
        if position.is_terminal:
            break
        position = position.play(bot.choose(position))
    gained = [position.scores[k] - after.scores[k] for k in range(after.players)]
    return gained[seat - 1], max(g for k, g in enumerate(gained) if k != seat - 1)


def turn_label(loss: float, played: TurnFacts, better: TurnFacts | None) -> str:
    """The label of a reviewed turn: :func:`label_for`, but never ``best`` or ``good`` for a hand-over.

    Args:
        loss: the winning chances lost against the better turn (value in [0, 1]).
        played: the facts of the turn played.
        better: the facts of the better turn found, or ``None`` when the turn played is the best found.

    A turn that hands the next seat the game's end (:attr:`TurnFacts.hands_over`) when the
    better turn does not is at least a ``mistake``.

    Raises:
        ValueError: ``loss`` is not a number ≥ 0.
    """
    label = label_for(loss, is_best=better is None)
    if better is not None and label in ("best", "good") and played.hands_over and not better.hands_over:
        return "mistake"
    return label


def turn_facts(position: Position, turn: Turn, deep: bool = True) -> TurnFacts:
    """What ``turn`` does in ``position``, by the engine (see :class:`TurnFacts`).

    ``deep``: also look at every reply of the next seat (``secures``, ``answer``).

    Raises:
        IllegalTurnError: the turn is illegal in ``position``.
    """
    after = position.play(turn)
    seat = position.to_move
    i = seat - 1
    before_trees = set(position.trees)
    felled = tuple(sorted(before_trees - set(after.trees)))
    kind = turn.action.kind if turn.action is not None else None
    cells = turn.action.cells if turn.action is not None else ()
    spent = len(cells) if kind == "protest" else 0
    gained = after.supplies[i] - position.supplies[i] + spent
    leaves = best_chop(after.raw)[0]
    hands_over = 0
    if not after.is_terminal:
        nxt = after.to_move - 1
        reached = after.scores[nxt] + leaves
        if leaves and reached >= core.TARGET_SCORE and reached > after.scores[i]:
            hands_over = leaves
    secures, answer = _replies_facts(after.raw, position.raw[core.MOVER]) if deep else (0, 0)
    future = _play_on(after, seat) if deep and not after.is_terminal else (0, 0)
    return TurnFacts(
        turn=turn,
        seat=seat,
        kind=kind,
        cells=cells,
        felled=felled,
        points=after.scores[i] - position.scores[i],
        protesters_gained=gained,
        protesters_spent=spent,
        ends_game=after.is_terminal,
        leaves=leaves,
        prepares=best_chop(_with_mover(after.raw, position.raw[core.MOVER]))[0],
        secures=secures,
        answer=answer,
        supply=after.supplies[i],
        hands_over=hands_over,
        future=future,
        deep=deep,
    )


def _with_mover(state: core.State, mover: int) -> core.State:
    """``state`` with ``mover`` (the engine's index) to move: what that seat could do next."""
    return state[: core.MOVER] + (mover,) + state[core.MOVER + 1 :]  # type: ignore[return-value]


def _iterations(seconds: float) -> int:
    rate = ITERATIONS_PER_SECOND["compiled" if fast.available() else "python"]
    return max(MIN_ITERATIONS, int(seconds * rate))


def _check(game: Any, seconds: Any, progress: Any) -> None:
    if not isinstance(game, Game):
        raise TypeError(f"review() needs a Game (logger_widget.Game), not {type(game).__name__}")
    if not game.turns:
        raise ValueError("review() needs a game with at least one turn played; this game has none")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise TypeError(f"seconds must be a number of seconds > 0, not {seconds!r}")
    if not (math.isfinite(seconds) and seconds > 0):
        raise ValueError(f"seconds must be a finite number > 0, not {seconds!r}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function progress(done, total) or None, not {progress!r}")


def _searcher(bot: Any, iterations: int) -> Any:
    if bot is None:
        return MCTSBot(iterations=iterations, kernel=True if fast.available() else False, name="review")
    if isinstance(bot, str):
        bot = make_bot(bot)
    if not callable(getattr(bot, "analyse_with_values", None)) or not callable(
        getattr(bot, "with_seed", None)
    ):
        raise TypeError(
            f"bot must be None, an MCTS preset name ('mcts:hard') or an MCTSBot (a search bot with "
            f"analyse_with_values() and with_seed()), not {bot!r}"
        )
    return bot


class _Searches:
    """The searches of one review, each with its own derived seed; values of positions are kept."""

    def __init__(self, bot: Any, seed: Any) -> None:
        self.bot = bot
        self.seed = seed
        self.values: dict[Position, tuple[float, ...]] = {}

    def run(self, position: Position, ply: int) -> tuple[Turn | None, tuple[float, ...]]:
        """``(the search's first choice or None, value of every seat)`` of ``position``."""
        if position.is_terminal:
            values = playout_reward(position.raw)
            self.values[position] = values
            return None, values
        bot = self.bot.with_seed(derive_seed(self.seed, "review", ply, position.lpn))
        candidates, values = bot.analyse_with_values(position)
        self.values[position] = tuple(float(v) for v in values)
        return candidates[0].turn, self.values[position]

    def value(self, position: Position, ply: int) -> tuple[float, ...]:
        """The value of every seat in ``position`` (searched once)."""
        if position not in self.values:
            self.run(position, ply)
        return self.values[position]


def review(
    game: Game,
    seconds: float = 0.05,
    bot: Any = None,
    seed: Any = 0,
    progress: ProgressCallback | None = None,
) -> Review:
    """Review every turn of ``game``: the best turn found, the values, the loss and a label.

    Args:
        game: a :class:`~logger_widget.Game` with at least one turn (finished or not).
        seconds: nominal search budget per searched position, > 0; turned into an
            iteration budget (:data:`ITERATIONS_PER_SECOND`, at least
            :data:`MIN_ITERATIONS`), so the result does not depend on the machine's speed.
            A turn needs one or two searches (its position, and the best turn's result
            when it differs from the played one).
        bot: ``None`` (an :class:`~logger_widget.bots.MCTSBot` with that budget, compiled
            when Numba is installed), an MCTS preset name (``"mcts:hard"``) or an
            ``MCTSBot`` — then its own budget is used (reproducible only with ``iterations``).
        seed: any value with a stable ``repr``; each search gets a seed derived from it.
        progress: called as ``progress(done, total)`` after each turn (``total`` = turns).

    Returns:
        A :class:`Review`; the same for the same game, seed and budget.

    Raises:
        TypeError: ``game`` is not a Game, ``seconds`` is not a number, ``progress``
            is not callable, or ``bot`` is not an MCTS search bot.
        ValueError: the game has no turn, ``seconds`` ≤ 0 or not finite, or ``bot``
            is an unknown preset name.
    """
    _check(game, seconds, progress)
    iterations = _iterations(float(seconds))
    searcher = _searcher(bot, iterations)
    searches = _Searches(searcher, seed)
    game = game.copy()
    positions = game.positions
    turns = game.turns
    total = len(turns)
    reviewed: list[TurnReview] = []
    values: list[tuple[float, ...] | None] = [None] * (total + 1)
    values[total] = searches.value(positions[total], total + 1)
    # backwards: a forced turn's position takes the value of the position after it
    for t in range(total - 1, -1, -1):
        before, after, played = positions[t], positions[t + 1], turns[t]
        seat = before.to_move
        i = seat - 1
        forced = len(before.successors()) == 1
        played_value = searches.value(after, t + 2)[i]
        if forced:
            values[t] = searches.value(after, t + 2)
            best, best_value = played, played_value
        else:
            choice, values[t] = searches.run(before, t + 1)
            assert choice is not None
            best_after = before.play(choice)
            if best_after == after:
                best, best_value = played, played_value
            else:
                best, best_value = choice, searches.value(best_after, t + 2)[i]
                if played_value >= best_value:
                    best, best_value = played, played_value
        loss = max(0.0, best_value - played_value)
        compared = best is not played
        facts = turn_facts(before, played, deep=compared)
        best_facts = turn_facts(before, best) if compared else facts
        label = turn_label(loss, facts, best_facts if compared else None)
        reviewed.append(
            TurnReview(
                ply=t + 1,
                seat=seat,
                position=before,
                played=played,
                best=best,
                played_value=played_value,
                best_value=best_value,
                loss=loss,
                label=label,
                forced=forced,
                played_facts=facts,
                best_facts=best_facts,
            )
        )
        if progress is not None:
            progress(total - t, total)
    reviewed.reverse()
    return Review(
        game=game,
        turns=tuple(reviewed),
        values=tuple(v for v in values if v is not None),
        seed=seed,
        iterations=iterations if bot is None else 0,
    )

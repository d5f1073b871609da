"""Ratings: a puzzle's difficulty from the bots' attempts, and the pupil's rating after each puzzle.

Difficulty (docs/puzzles.md, "Difficulty")
    Bots of increasing strength (:data:`LADDER`) try every puzzle several times
    with different seeds. Each attempt is a game between the bot and the
    puzzle: the bot wins when it plays a solution. The ``random`` bot's tries are
    not drawn: its chance of playing a solution is computed exactly from the
    engine's legal turns (:func:`random_chance`: uniform over destinations, then
    spawn sets, then actions), and each of its tries scores that chance — so two
    puzzles that every other bot solves alike still differ by how many of the
    legal turns solve them. A virtual player ``choice`` (:data:`CHOICE`) tries too: it
    picks one of the distinct positions the turn can lead to at random, so its
    score is the exact share of those positions that solve the puzzle
    (:func:`choice_share`) — a puzzle with 2 good positions among 80 is harder
    than one with 2 among 12. :func:`fit_difficulty` fits
    all bots and puzzles together with the project's Bradley–Terry model
    (:func:`logger_widget.tournament.ratings.bradley_terry`, Hunter 2004; Elo
    scale, one virtual draw per pair as a prior), then shifts the scale so that
    the ``mcts:easy`` bot sits at :data:`EASY_ANCHOR`: a puzzle rated below it
    is solved by ``easy`` more often than not. A puzzle's deviation is the
    model's standard error.

The pupil's rating
    Glicko (Glickman, M. E. (1999), "Parameter estimation in large dynamic
    paired comparison experiments", Applied Statistics 48): one puzzle is one
    rating period with one game; the pupil starts at :data:`START` ± :data:`START_DEVIATION`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from math import log, pi, sqrt
from typing import Any

from ..bots.base import Bot
from ..bots.mcts import MCTSBot
from ..bots.presets import make_bot
from ..engine import core
from ..engine.position import Position
from ..engine.turn import Turn
from ..tournament.ratings import Comparison, bradley_terry

__all__ = [
    "EASY_ANCHOR",
    "LADDER",
    "MIN_DEVIATION",
    "START",
    "START_DEVIATION",
    "Attempt",
    "PupilRating",
    "band",
    "fit_difficulty",
    "CHOICE",
    "CHOICE_TRIES",
    "choice_share",
    "ladder_bot",
    "random_chance",
    "update_rating",
]

#: The bots that attempt every puzzle (weakest first) and how many seeds each tries: the
#: presets, plus MCTS with 5 and 15 iterations (``"mcts@5"``, see :func:`ladder_bot`) between
#: random and the presets, so that the easy puzzles are told apart too. Deterministic
#: bots (greedy, minimax) need one attempt.
LADDER: tuple[tuple[str, int], ...] = (
    ("random", 4),
    ("mcts@5", 3),
    ("mcts@15", 3),
    ("minimax:easy", 1),
    ("greedy", 1),
    ("mcts:easy", 3),
    ("mcts:medium", 2),
    ("mcts:hard", 2),
)
#: The virtual player that picks one of the distinct positions after the turn at random
#: (:func:`choice_share`), and how many tries it gets (as many as ``random``).
CHOICE = "choice"
CHOICE_TRIES = 4
#: The rating given to the ``mcts:easy`` bot: the scale's anchor (and the pupil's start).
EASY_ANCHOR = 1500.0
START = 1500.0
#: The pupil's starting deviation: 200 keeps the first changes below about 200 points
#: (350, Glicko's usual start, moved a pupil by 500 points after one missed easy puzzle).
START_DEVIATION = 200.0
#: The largest deviation given to a puzzle (one nobody tried, or an unbounded estimate).
PUZZLE_DEVIATION = 350.0
#: A deviation never shrinks below this (Glicko's usual floor), so a pupil's rating keeps moving.
MIN_DEVIATION = 50.0

_Q = log(10.0) / 400.0


def ladder_bot(spec: str, seed: int) -> Bot:
    """A bot of :data:`LADDER`: ``"mcts@N"`` is :class:`~logger_widget.bots.MCTSBot` with N iterations, else a preset.

    Raises:
        ValueError: an unknown spec.
    """
    if spec.startswith("mcts@"):
        return MCTSBot(iterations=int(spec[5:]), seed=seed, name=spec)
    return make_bot(spec, seed=seed)


def _turns_solving(
    position: Position, solutions: frozenset[str] | set[str]
) -> Iterator[tuple[Any, Any, bool]]:
    """Every legal turn of ``position`` (raw), the state after it, and whether it is in ``solutions``.

    Raises:
        IllegalTurnError: the game is over in ``position``.
    """
    state = position.raw
    if core.is_terminal(state):
        position.start_turn()  # raises IllegalTurnError("game_over")
    origin = core.mover_cell(state)
    for raw, after in core.legal_turns(state):
        yield raw, after, Turn.from_raw(origin, raw).notation() in solutions


def random_chance(position: Position, solutions: frozenset[str] | set[str]) -> float:
    """The exact chance that the ``random`` bot plays one of ``solutions`` (notation) in ``position``.

    The random policy (:func:`logger_widget.engine.core.random_turn`) is uniform over the
    destinations, then over the spawn sets there, then over the actions; this adds up the
    chance of every legal turn that is a solution. In [0, 1].

    Raises:
        IllegalTurnError: the game is over in ``position``.
    """
    tree: dict[int, dict[int, list[bool]]] = {}
    for raw, _, solves in _turns_solving(position, solutions):
        tree.setdefault(raw[0], {}).setdefault(raw[1], []).append(solves)
    chance = 0.0
    for spawns in tree.values():
        for actions in spawns.values():
            chance += sum(actions) / len(actions) / len(spawns) / len(tree)
    return chance


def choice_share(position: Position, solutions: frozenset[str] | set[str]) -> float:
    """The share of the distinct positions after the mover's turn that ``solutions`` (notation) lead to.

    Turns that lead to the same position are one choice. In [0, 1].

    Raises:
        IllegalTurnError: the game is over in ``position``.
    """
    choices: dict[core.State, bool] = {}
    for _, after, solves in _turns_solving(position, solutions):
        choices[after] = choices.get(after, False) or solves
    return sum(choices.values()) / len(choices)


@dataclass(frozen=True, slots=True)
class Attempt:
    """One bot's try at one puzzle: ``score`` 1 when it played a solution, 0 when not.

    The ``random`` bot's tries score its exact chance of playing a solution
    (:func:`random_chance`), the virtual :data:`CHOICE` player's the share of solving
    positions (:func:`choice_share`): numbers in [0, 1].
    """

    bot: str
    puzzle: str
    seed: int
    score: float

    @property
    def solved(self) -> bool:
        """The try counts as solved (score above one half)."""
        return self.score > 0.5


def fit_difficulty(
    attempts: Iterable[Attempt], puzzles: Sequence[str]
) -> tuple[dict[str, tuple[float, float]], dict[str, float]]:
    """Difficulty of every puzzle from the bots' attempts (module docstring).

    Args:
        attempts: the attempts; every bot named must have tried at least one puzzle.
        puzzles: the puzzle ids to rate.

    Returns:
        ``(puzzles, bots)``: ``{id: (rating, deviation)}`` and ``{bot: rating}``,
        on the Elo scale with ``mcts:easy`` at :data:`EASY_ANCHOR` (when it attempted).
        A puzzle nobody tried gets the anchor with deviation :data:`PUZZLE_DEVIATION`.
    """
    tries = list(attempts)
    bots = sorted({a.bot for a in tries})
    names = bots + list(puzzles)
    index = {n: i for i, n in enumerate(names)}
    comparisons = [
        Comparison(index[a.bot], index[a.puzzle], float(a.score), k)
        for k, a in enumerate(tries)
        if a.puzzle in index
    ]
    fitted = bradley_terry(comparisons, names)
    shift = EASY_ANCHOR - fitted[index["mcts:easy"]].rating if "mcts:easy" in index else 0.0
    rated = {}
    for p in puzzles:
        r = fitted[index[p]]
        dev = r.se if r.se != float("inf") else PUZZLE_DEVIATION
        rated[p] = (r.rating + shift, min(dev, PUZZLE_DEVIATION))
    return rated, {b: fitted[index[b]].rating + shift for b in bots}


def band(rating: float, bots: dict[str, float]) -> str:
    """``"easy"``, ``"medium"`` or ``"hard"``: the weakest MCTS preset rated at or above ``rating``."""
    for name in ("easy", "medium"):
        if rating <= bots.get(f"mcts:{name}", EASY_ANCHOR):
            return name
    return "hard"


@dataclass(frozen=True, slots=True)
class PupilRating:
    """A pupil's puzzle rating (Glicko): ``rating`` ± ``deviation`` Elo points after ``solved``/``played`` puzzles."""

    rating: float = START
    deviation: float = START_DEVIATION
    played: int = 0
    solved: int = 0


def _g(deviation: float) -> float:
    return 1.0 / sqrt(1.0 + 3.0 * _Q * _Q * deviation * deviation / (pi * pi))


def update_rating(
    pupil: PupilRating, puzzle_rating: float, puzzle_deviation: float, solved: bool
) -> PupilRating:
    """The pupil's rating after one puzzle (Glicko-1, one game in the period).

    Args:
        pupil: the rating before.
        puzzle_rating: the puzzle's difficulty (Elo scale).
        puzzle_deviation: its deviation (> 0).
        solved: the pupil's first turn was a solution.

    Returns:
        The new :class:`PupilRating`: the rating goes up when solved and down
        otherwise, more when the result was a surprise; the deviation shrinks
        (never below :data:`MIN_DEVIATION`).

    Raises:
        ValueError: a deviation ≤ 0.
    """
    if puzzle_deviation <= 0 or pupil.deviation <= 0:
        raise ValueError(f"deviations must be > 0, not {pupil.deviation!r} and {puzzle_deviation!r}")
    g = _g(puzzle_deviation)
    e = 1.0 / (1.0 + 10.0 ** (-g * (pupil.rating - puzzle_rating) / 400.0))
    d2 = 1.0 / (_Q * _Q * g * g * e * (1.0 - e))
    precision = 1.0 / (pupil.deviation**2) + 1.0 / d2
    rating = pupil.rating + _Q / precision * g * ((1.0 if solved else 0.0) - e)
    deviation = max(MIN_DEVIATION, sqrt(1.0 / precision))
    return PupilRating(rating, deviation, pupil.played + 1, pupil.solved + int(solved))

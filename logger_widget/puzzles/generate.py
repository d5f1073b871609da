"""Cutting puzzles from self-play games of the bots (used by ``scripts/make_puzzles.py``).

Reproducible from a seed: game ``k`` of a run has ``2 + k mod 3`` seats,
bots drawn from :data:`SELF_PLAY` with ``random.Random(derive_seed(seed, "game", k))``
and game seed ``derive_seed(seed, "play", k)``; the bots' attempts at a puzzle
use ``derive_seed(seed, puzzle position, bot, try)``. Side lines: before every
turn of a game, :data:`VARIATIONS` other choices of the mover (drawn with
``derive_seed(game seed, "variation", ply)``) are examined too, and kept when
their theme is one of :data:`VARIATION_THEMES` (rare on the games' own line). Every function here is a
pure function of its arguments, so the same seed gives the same set on any
number of worker processes (results are gathered in game order).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from ..bots.base import derive_seed
from ..engine import core, fast
from ..engine.position import Position
from ..engine.turn import Turn
from ..tournament.runner import play_game
from .puzzle import THEMES, Puzzle, Source
from .rating import (
    CHOICE,
    CHOICE_TRIES,
    LADDER,
    Attempt,
    choice_share,
    fit_difficulty,
    ladder_bot,
    random_chance,
)
from .search import MARGIN, analyse_position
from .themes import detect_theme

__all__ = [
    "SELF_PLAY",
    "Candidate",
    "GameSpec",
    "Harvest",
    "attempts",
    "cut_game",
    "game_specs",
    "rate",
    "select",
    "side_lines",
]

#: The bots whose games are cut into puzzles: their mistakes make the positions.
SELF_PLAY: tuple[str, ...] = ("greedy", "mcts:easy", "minimax:easy", "random", "mcts:medium")
#: At most this many puzzles from one game (variety of games).
PER_GAME = 6
#: Turn limit of the self-play games.
TURN_LIMIT = 200
#: Themes a side line (one turn off the game) is kept for: they seldom arise on the game's own line.
VARIATION_THEMES: tuple[str, ...] = ("spawn_placement", "protect", "block_chop", "deny_opponent")
#: Side lines examined before every turn of a game.
VARIATIONS = 10
#: At most this many side-line puzzles from one game.
PER_GAME_VARIATIONS = 6


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One self-play game: its index in the run, its seed and its bots (seat 1 first)."""

    index: int
    seed: int
    bots: tuple[str, ...]


def game_specs(seed: int, count: int) -> list[GameSpec]:
    """The first ``count`` games of the run with ``seed`` (module docstring)."""
    specs = []
    for k in range(count):
        rng = random.Random(derive_seed(seed, "game", k))
        players = 2 + k % 3
        specs.append(
            GameSpec(k, derive_seed(seed, "play", k), tuple(rng.choice(SELF_PLAY) for _ in range(players)))
        )
    return specs


@dataclass(frozen=True, slots=True)
class Candidate:
    """An accepted position, before its difficulty is measured."""

    lpn: str
    solutions: frozenset[str]
    theme: str
    margin: float
    source: Source


@dataclass
class Harvest:
    """What one or more games gave: positions examined, rejected by reason, accepted candidates.

    Attributes:
        examined: positions searched (side lines included).
        variations: side-line positions searched.
        rejected: reason → count (see :class:`~logger_widget.puzzles.search.Analysis`).
        examined_by_theme: theme of the best turns → positions examined (only where the
            best turns were few enough to have a theme).
        accepted: the accepted candidates, in game and ply order.
    """

    examined: int = 0
    variations: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    examined_by_theme: Counter[str] = field(default_factory=Counter)
    accepted: list[Candidate] = field(default_factory=list)

    def add(self, other: Harvest) -> None:
        """Add ``other``'s counts and candidates to this one."""
        self.examined += other.examined
        self.variations += other.variations
        self.rejected.update(other.rejected)
        self.examined_by_theme.update(other.examined_by_theme)
        self.accepted.extend(other.accepted)


def _examine(position: Position, margin: float, harvest: Harvest) -> Candidate | None:
    """Search ``position``, count it in ``harvest``; the candidate when accepted (source to be filled)."""
    analysis = analyse_position(position, margin)
    harvest.examined += 1
    if analysis.reason not in (
        "",
        "no clear margin",
        "one answer of its kind",
    ):  # too many (or too few) best turns: no theme
        harvest.rejected[analysis.reason] += 1
        return None
    theme = detect_theme(position, analysis.solutions)
    harvest.examined_by_theme[theme] += 1
    if not analysis.accepted:
        harvest.rejected[analysis.reason] += 1
        return None
    return Candidate(
        position.to_lpn(), analysis.solutions, theme, analysis.value - analysis.bound, Source(0, (), 0)
    )


def side_lines(position: Position, played: core.State, seed: int, ply: int) -> list[tuple[Turn, Position]]:
    """:data:`VARIATIONS` other choices of the mover than the game's turn (leading to ``played``), drawn reproducibly."""
    state = position.raw
    origin = core.mover_cell(state)
    firsts: dict[core.State, tuple[int, int, int, int]] = {}
    for raw, after in fast.legal_turns(state):
        if after != played and not core.is_terminal(after):
            firsts.setdefault(after, raw)
    options = sorted(firsts)
    picked = random.Random(derive_seed(seed, "variation", ply)).sample(options, min(VARIATIONS, len(options)))
    out = []
    for after in picked:
        turn = Turn.from_raw(origin, firsts[after])
        out.append((turn, position.play(turn)))
    return out


def cut_game(spec: GameSpec, margin: float = MARGIN) -> Harvest:
    """Play ``spec``'s game and examine the position before every turn, and a few side lines (module docstring)."""
    fast.warm_up()
    game = play_game(list(spec.bots), seed=spec.seed, turn_limit=TURN_LIMIT)
    harvest = Harvest()
    position = game.start
    mainline = side = 0
    for ply, turn in enumerate(game.turns):
        found = _examine(position, margin, harvest)
        if found is not None and mainline < PER_GAME:
            mainline += 1
            harvest.accepted.append(replace(found, source=Source(spec.seed, spec.bots, ply)))
        following = position.play(turn)
        for other, after in side_lines(position, following.raw, spec.seed, ply):
            harvest.variations += 1
            found = _examine(after, margin, harvest)
            if found is not None and found.theme in VARIATION_THEMES and side < PER_GAME_VARIATIONS:
                side += 1
                harvest.accepted.append(
                    replace(found, source=Source(spec.seed, spec.bots, ply + 1, other.notation()))
                )
        position = following
    return harvest


def select(candidates: Iterable[Candidate], count: int) -> list[Candidate]:
    """At most ``count`` candidates, distinct positions, themes taken in turn (so no theme crowds out the others)."""
    by_theme: dict[str, list[Candidate]] = {t: [] for t in THEMES}
    seen: set[str] = set()
    for c in candidates:
        if c.lpn not in seen:
            seen.add(c.lpn)
            by_theme[c.theme].append(c)
    chosen: list[Candidate] = []
    while len(chosen) < count and any(by_theme.values()):
        for theme in THEMES:
            if by_theme[theme] and len(chosen) < count:
                chosen.append(by_theme[theme].pop(0))
    return chosen


def attempts(candidate: Candidate, seed: int) -> list[Attempt]:
    """Every bot of :data:`~logger_widget.puzzles.rating.LADDER` tries ``candidate`` with its own seeds.

    The ``random`` bot is not played: each of its tries scores its exact chance of a solution
    (:func:`~logger_widget.puzzles.rating.random_chance`); the virtual ``choice`` player's
    tries score the share of solving positions (:func:`~logger_widget.puzzles.rating.choice_share`).
    """
    fast.warm_up()
    position = Position.from_lpn(candidate.lpn)
    chance = random_chance(position, candidate.solutions)
    out = []
    for bot, tries in LADDER:
        for k in range(tries):
            s = derive_seed(seed, candidate.lpn, bot, k)
            if bot == "random":
                out.append(Attempt(bot, candidate.lpn, s, chance))
                continue
            turn = ladder_bot(bot, s).choose(position)
            out.append(Attempt(bot, candidate.lpn, s, float(turn.notation() in candidate.solutions)))
    share = choice_share(position, candidate.solutions)
    out.extend(Attempt(CHOICE, candidate.lpn, k, share) for k in range(CHOICE_TRIES))
    return out


def rate(
    chosen: list[Candidate], tries: list[Attempt], id_of: Callable[[int], str] = lambda i: f"p{i + 1:04d}"
) -> tuple[list[Puzzle], dict[str, float]]:
    """Fit the difficulty of ``chosen`` from ``tries``; the puzzles sorted easiest first with ids ``id_of(i)``.

    Returns:
        ``(puzzles, bot ratings)`` (see :func:`~logger_widget.puzzles.rating.fit_difficulty`).
    """
    rated, bots = fit_difficulty(tries, [c.lpn for c in chosen])
    order = sorted(chosen, key=lambda c: (rated[c.lpn][0], c.lpn))
    puzzles = [
        Puzzle(
            id=id_of(i),
            lpn=c.lpn,
            seat=Position.from_lpn(c.lpn).to_move,
            solutions=c.solutions,
            theme=c.theme,
            rating=rated[c.lpn][0],
            deviation=rated[c.lpn][1],
            source=c.source,
            margin=c.margin,
        )
        for i, c in enumerate(order)
    ]
    return puzzles, bots

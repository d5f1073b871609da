"""Exercise 7, the bots' meta-game: a payoff matrix measured from games, its Nash equilibrium by linear programming.

Bringing a bot to a class tournament is a choice in a game whose payoffs are the bots'
points per game against each other. :func:`meta_game` measures that matrix (with a
Wilson interval for every entry) from seeded, varied openings; :func:`equilibrium`
solves its mixed Nash equilibrium as a linear programme with
:func:`scipy.optimize.linprog`; :func:`check_nash` accepts any mix that is an
equilibrium of the measured matrix (an equilibrium need not be unique).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from ...bots.base import derive_seed
from ...i18n import NP_, Translator, negotiate
from ...tournament.ratings import wilson_interval
from ..feedback import ExerciseFeedback, Interval, Number, Rendered, feedback, games, is_empty, note, text
from .common import (
    EMPTY,
    PROGRESS_GAMES,
    SEED,
    Ask,
    Code,
    Exercise,
    Md,
    Section,
    bot_label,
    markdown_table,
    numbers,
    progress_bar,
)
from .own_bot import _play, openings

#: The bots of the meta-game (fast enough for a lesson; ``minimax:medium`` would beat all three).
META_BOTS = ("greedy", "minimax:easy", "mcts:easy")
#: Openings per pair (each played twice, seats swapped): ``QUICK = True`` in the notebooks or not.
META_OPENINGS = {True: 10, False: 50}
#: How far a mix's probabilities may add up away from 1 (probabilities written with two decimals).
SUM_TOLERANCE = 0.01

_NE_FORMAT = NP_(
    "exercise:nash:format",
    "The answer is one probability for each bot, in the order of `meta.bots`: `answer = (p1, p2, p3)`, "
    "each between 0 and 1, adding up to 1.",
)
_NE_NO_DATA = NP_(
    "exercise:nash:no_data", "Run the cell with `meta_game` first and give its result to the checker."
)
_NE_SUM = NP_("exercise:nash:sum", "Your probabilities add up to {total}, not 1.")
_NE_OK = NP_(
    "exercise:nash:ok",
    "Right for the measured table: this mixed strategy scores at least {value} per game against every "
    "bot in the table, up to the table's resolution of {step} per game.",
)
_NE_UNSURE = NP_(
    "exercise:nash:unsure",
    "But the table is an estimate. With {games} a pair, the bots of these pairs cannot be told apart, "
    "as their intervals contain {half}: {pairs}. Solved with the ends of the intervals, the equilibrium "
    "is {mixes}, so these games do not tell which bot to bring.",
)
_NE_STEADY = NP_(
    "exercise:nash:steady",
    "Some rates are uncertain, as these pairs' intervals contain {half}: {pairs}. Solved with the ends "
    "of the intervals, the equilibrium still stays close to this one: {mixes}.",
)
# TRANSLATORS: one pair of bots in a list of pairs ("`greedy` against `random` [0.40, 0.75] and …"):
# no colon and no "and" inside an item, so the pairs stay apart.
_NE_APART = NP_("exercise:nash:apart", "{a} against {b} {interval}")
_NE_CANNOT_TELL = NP_(
    "exercise:nash:cannot_tell",
    "These pairs' intervals contain {half}, so {games} a pair cannot tell them apart: {pairs}. Solved "
    "with the ends of these intervals, the equilibrium is {mixes}.",
)
_NE_EXPLOITED = NP_(
    "exercise:nash:exploited",
    "Against this strategy {bot} scores {score} per game, more than the {value} an equilibrium "
    "allows: the strategy can be exploited.",
)
_COL_AGAINST = NP_("exercise:nash:table", "row against column")


@dataclass(frozen=True)
class MetaGame:
    """The measured payoff matrix of the bots' meta-game.

    Attributes:
        bots: the bots' preset names, the order of rows and columns.
        rates: ``rates[i][j]``: bot ``i``'s points per game against bot ``j`` (0–1; 0.5 on the
            diagonal; ``rates[i][j] + rates[j][i] == 1``).
        low, high: the Wilson 95 % interval of every rate (the diagonal: 0.5).
        games: games of every pair.
        distinct: different games of every pair (copies of a game counted once).
        locale: the language of the table.
    """

    bots: tuple[str, ...]
    rates: tuple[tuple[float, ...], ...]
    low: tuple[tuple[float, ...], ...]
    high: tuple[tuple[float, ...], ...]
    games: int
    distinct: int
    locale: str = "en"

    @property
    def step(self) -> float:
        """The resolution of a rate: half a point in :attr:`games` games (points per game)."""
        return 0.5 / self.games

    def undecided(self) -> list[tuple[int, int]]:
        """The pairs ``(i, j)``, ``i < j``, whose rate's interval contains 0.5: the games cannot tell them apart."""
        k = len(self.bots)
        return [(i, j) for i in range(k) for j in range(i + 1, k) if self.low[i][j] <= 0.5 <= self.high[i][j]]

    def equilibria_at_interval_ends(self) -> list[tuple[float, ...]]:
        """The equilibria of the tables made from the rates with every undecided pair at either end of its interval.

        One mix per choice of ends (2 ** len(undecided()) tables; just the rates' equilibrium when
        every pair is decided), in a fixed order, each solved by :func:`equilibrium`.
        """
        pairs = self.undecided()
        found = []
        for ends in product((0, 1), repeat=len(pairs)):
            table = [list(row) for row in self.rates]
            for (i, j), end in zip(pairs, ends):
                table[i][j] = self.high[i][j] if end else self.low[i][j]
                table[j][i] = 1 - table[i][j]
            found.append(equilibrium(table)[0])
        return found

    def _uncertainty(self, tr: Translator) -> dict[str, str]:
        """The undecided pairs with their intervals, and the equilibria at the intervals' ends, as text."""
        pairs = [
            text(_NE_APART, tr, a=f"`{self.bots[i]}`", b=f"`{self.bots[j]}`",
                 interval=Interval(self.low[i][j], self.high[i][j], "0.00"))
            for i, j in self.undecided()
        ]  # fmt: skip
        mixes = []
        for mix in self.equilibria_at_interval_ends():
            shown = "(" + tr.tuple_separator.join(tr.format_decimal(p, format="0.00") for p in mix) + ")"
            if shown not in mixes:
                mixes.append(shown)
        return {"pairs": tr.format_list(pairs), "mixes": tr.format_list(mixes, style="or")}

    def _repr_markdown_(self) -> str:
        tr = Translator(self.locale)

        def cell(i: int, j: int) -> str:
            rate = tr.format_decimal(self.rates[i][j], format="0.00")
            if i == j:
                return rate
            return f"{rate} {tr.format_interval(self.low[i][j], self.high[i][j], '0.00')}"

        header = [tr.translate(_COL_AGAINST), *(bot_label(b, tr) for b in self.bots)]
        rows = [
            [bot_label(b, tr), *(cell(i, j) for j in range(len(self.bots)))] for i, b in enumerate(self.bots)
        ]
        table = markdown_table(header, rows)
        if not self.undecided():
            return table
        shown = text(_NE_CANNOT_TELL, tr, games=games(self.games), **self._uncertainty(tr))
        return f"{table}\n\n{shown}"

    def __str__(self) -> str:
        return self._repr_markdown_()


def meta_game(
    quick: bool = True,
    *,
    bots: Sequence[str] = META_BOTS,
    openings_per_pair: int | None = None,
    seed: int = SEED,
    progress: bool = True,
    locale: str | None = None,
) -> MetaGame:
    """Measure the meta-game: every pair of ``bots`` plays each seeded opening twice, seats swapped.

    Args:
        quick: :data:`META_OPENINGS` ``[quick]`` openings per pair unless ``openings_per_pair`` is given.
        bots: at least 2 preset names.
        openings_per_pair: openings per pair (>= 1), from :func:`~.own_bot.openings`.
        seed: the seed of the openings and the games.
        progress: show a progress bar.
        locale: language of the table and the progress bar.

    Raises:
        ValueError: fewer than 2 bots or openings_per_pair < 1.
    """
    k = len(bots)
    n_open = openings_per_pair if openings_per_pair is not None else META_OPENINGS[bool(quick)]
    if k < 2 or not isinstance(n_open, int) or n_open < 1:
        raise ValueError(f"need at least 2 bots and openings_per_pair >= 1, not {list(bots)!r}, {n_open!r}")
    language = negotiate(locale)
    starts = openings(n_open, seed)
    rates = [[0.5] * k for _ in range(k)]
    low = [[0.5] * k for _ in range(k)]
    high = [[0.5] * k for _ in range(k)]
    distinct = 2 * n_open
    bar = progress_bar(k * (k - 1) * n_open, PROGRESS_GAMES, progress, Translator(language))
    try:
        for i, j in combinations(range(k), 2):
            points, different = 0.0, set()
            for o, start in enumerate(starts):
                for seat in (1, 2):
                    seats = [bots[i], bots[j]] if seat == 1 else [bots[j], bots[i]]
                    game = _play(seats, derive_seed(seed, "meta", i, j, o, seat), start, tuple(seats))
                    points += game.points[seat - 1]
                    different.add((o, seat, game.turns))
                    bar.update(1)
            n = 2 * n_open
            rates[i][j], rates[j][i] = points / n, 1 - points / n
            low[i][j], high[i][j] = wilson_interval(points, n)
            low[j][i], high[j][i] = 1 - high[i][j], 1 - low[i][j]
            distinct = min(distinct, len(different))
    finally:
        bar.close()
    as_tuple = lambda m: tuple(tuple(row) for row in m)  # noqa: E731
    return MetaGame(
        tuple(bots), as_tuple(rates), as_tuple(low), as_tuple(high), 2 * n_open, distinct, language
    )


def equilibrium(payoff: Sequence[Sequence[float]]) -> tuple[tuple[float, ...], float]:
    """A mixed Nash equilibrium of the zero-sum game with row payoffs ``payoff``, and its value.

    Solves: maximise v subject to Σᵢ xᵢ·payoff[i][j] ≥ v for every column j, Σ xᵢ = 1,
    xᵢ ≥ 0, with :func:`scipy.optimize.linprog` (HiGHS). For a meta-game matrix
    (``payoff[i][j] + payoff[j][i] == 1``) the value is 0.5.

    Returns:
        The row player's probabilities (one per row, summing to 1) and the value v.

    Raises:
        ValueError: the matrix is empty or not square-free of NaN; RuntimeError: the solver failed.
    """
    import numpy as np
    from scipy.optimize import linprog  # type: ignore[import-untyped]

    a = np.asarray(payoff, dtype=float)
    if a.ndim != 2 or a.size == 0 or not np.isfinite(a).all():
        raise ValueError(f"payoff must be a non-empty matrix of finite numbers, not {payoff!r}")
    rows, cols = a.shape
    c = np.zeros(rows + 1)
    c[-1] = -1.0  # maximise v
    a_ub = np.hstack([-a.T, np.ones((cols, 1))])  # v - Σ x_i a_ij <= 0 for every column j
    a_eq = np.hstack([np.ones((1, rows)), np.zeros((1, 1))])
    bounds = [(0.0, None)] * rows + [(None, None)]
    result = linprog(c, A_ub=a_ub, b_ub=np.zeros(cols), A_eq=a_eq, b_eq=[1.0], bounds=bounds, method="highs")
    if not result.success:
        raise RuntimeError(f"linprog failed: {result.message}")
    x = np.clip(result.x[:rows], 0.0, None)
    return tuple(float(p) for p in x / x.sum()), float(result.x[-1])


def _mix(answer: Any, bots: Sequence[str]) -> tuple[float, ...] | None:
    """The probabilities meant by ``answer``: a sequence in the bots' order, or a mapping bot -> probability."""
    if isinstance(answer, Mapping):
        if set(answer) - set(bots):
            return None
        answer = [answer.get(b, 0.0) for b in bots]
    values = numbers(answer, len(bots))
    if values is None and hasattr(answer, "tolist"):  # a numpy array
        values = numbers(answer.tolist(), len(bots))
    return values


def check_nash(answer: Any, meta: Any, *, locale: str | None = None) -> ExerciseFeedback:
    """Check ``answer``: the probabilities of a mixed equilibrium of ``meta`` (a :class:`MetaGame`).

    Any mix is right that guarantees the game's value (from :func:`equilibrium`) against every
    column up to a quarter of the rates' resolution (:attr:`MetaGame.step`: 0.025 per game with
    20 games a pair, so a pure strategy that gains 0.00625 or more refuses the mix): a mix that
    some bot exploits by a step of the table is refused, every equilibrium of the table (also
    one written with three decimals) accepted. The answer may be a tuple, list, numpy array,
    or a mapping from bot name to probability (missing bots 0). A right answer says too when
    the table cannot tell bots apart (:meth:`MetaGame.undecided`) and what the equilibrium is at
    the ends of their intervals.
    """
    if is_empty(answer):
        return feedback("hint", EMPTY, locale, notes=[note(_NE_FORMAT)])
    if not isinstance(meta, MetaGame):
        return feedback("hint", _NE_NO_DATA, locale)
    mix = _mix(answer, meta.bots)
    if mix is None or any(p < -1e-9 or p > 1 + 1e-9 for p in mix):
        return feedback("hint", _NE_FORMAT, locale)
    total = sum(mix)
    if abs(total - 1) > SUM_TOLERANCE:
        return feedback("wrong", _NE_SUM, locale, {"total": Number(total, "0.###")})
    _, value = equilibrium(meta.rates)
    k = len(meta.bots)
    guaranteed = [sum(mix[i] * meta.rates[i][j] for i in range(k)) for j in range(k)]
    worst = min(range(k), key=lambda j: guaranteed[j])
    if guaranteed[worst] >= value - meta.step / 4:
        notes: list[tuple[Any, Any]] = []
        if meta.undecided():
            ends = meta.equilibria_at_interval_ends()
            spread = max(abs(a[i] - b[i]) for a in ends for b in ends for i in range(k))
            message = _NE_UNSURE if spread > 0.05 else _NE_STEADY
            pairs = Rendered(lambda tr: meta._uncertainty(tr)["pairs"])
            mixes = Rendered(lambda tr: meta._uncertainty(tr)["mixes"])
            notes.append(note(message, games=games(meta.games), pairs=pairs, mixes=mixes))
        return feedback(
            "ok",
            _NE_OK,
            locale,
            {"value": Number(value, "0.00"), "step": Number(meta.step, "0.####")},
            notes=notes,
        )
    return feedback(
        "wrong", _NE_EXPLOITED, locale,
        {"bot": f"`{meta.bots[worst]}`", "score": Number(1 - guaranteed[worst], "0.00"),
         "value": Number(1 - value, "0.00")},
    )  # fmt: skip


NASH = Exercise(
    key="nash",
    question=NP_(
        "exercise:nash:question",
        "Solve the meta-game with `linprog`: with which probability should each bot be brought, in the "
        "order of `meta.bots`? `answer = (p1, p2, p3)`.",
    ),
    checker=check_nash,
    check_call="ex.check_nash(answer, meta, locale=LANGUAGE)",
    student_code="# $your_answer\nanswer = ...",
    solution_code="""\
import numpy as np
from scipy.optimize import linprog

A = np.array(meta.rates)
k = len(A)
# $variables
c = [0.0] * k + [-1.0]
A_ub = np.hstack([-A.T, np.ones((k, 1))])
A_eq = [[1.0] * k + [0.0]]
bounds = [(0, None)] * k + [(None, None)]
result = linprog(c, A_ub=A_ub, b_ub=[0.0] * k, A_eq=A_eq, b_eq=[1.0], bounds=bounds)
answer = tuple(result.x[:k])
answer""",
    solution=(
        NP_(
            "exercise:nash:solution",
            "The unknowns are the probabilities and the guaranteed score v; every column (a bot the "
            "others may bring) gives one constraint, and `linprog` minimises, so it gets −v to "
            "minimise. A rate and its opposite add up to 1, so the value of the meta-game is {half}: an "
            "equilibrium mixed strategy scores at least half of the points against every bot of the table. "
            "Whether a bot it leaves out is really weaker, the intervals tell: where an interval "
            "contains {half}, the games cannot tell the two bots apart, and the advice may change with "
            "more games.",
        ),
    ),
    comments={"variables": NP_("exercise:nash:code", "unknowns: p1 … pk and v; minimise −v")},
)

SECTION = Section(
    "nash",
    NP_("exercise:nash:title", "Which bot to bring: a Nash equilibrium"),
    (
        Md(
            (
                NP_(
                    "exercise:nash:intro:1",
                    "A class tournament is a game too: everybody chooses which bot to bring. The payoff "
                    "of bringing the bot of a row when someone else brings the bot of a column is the "
                    "row's points per game against the column. The next cell measures this **meta-game** "
                    "from games ({games} for each pair with `QUICK = True`, from several different openings, the same "
                    "ones for every pair), with each rate's {level} interval.",
                ),
            ),
            params={"games": games(2 * META_OPENINGS[True])},
        ),
        Code(
            "# $measure\nmeta = ex.meta_game(QUICK, locale=LANGUAGE)\nmeta",
            {"measure": NP_("exercise:nash:code", "every pair of bots plays the same set of openings")},
        ),
        Md(
            (
                NP_(
                    "exercise:nash:intro:2",
                    "In a **Nash equilibrium** nobody gains by changing their choice alone. A mixed "
                    "equilibrium gives each bot a probability pᵢ so that this mixed strategy guarantees the "
                    "most points "
                    "whatever the others bring: maximise v with Σᵢ pᵢ · A[i][j] ≥ v for every column j, "
                    "Σᵢ pᵢ = 1 and every pᵢ ≥ 0. That is a linear programme, and "
                    "`scipy.optimize.linprog` solves it.",
                ),
            )
        ),
        Ask("nash"),
        Md(
            (
                NP_(
                    "exercise:nash:discuss",
                    "**To discuss.** Which bots does the equilibrium use, and which does it leave out? Some "
                    "intervals contain {half}: solve again with `meta.low` or `meta.high` instead of "
                    "`meta.rates`. Does the advice change? Which bot would you bring to the class "
                    "tournament, and how could a classmate's new bot change the answer?",
                ),
            )
        ),
    ),
)

"""Exercise 1, the first-player advantage: simulate games, a Wilson interval, the sample size.

Two seeded bots play each other (:func:`simulate_first_player`); the student
computes Player 1's rate and its Wilson interval (:func:`check_first_player`)
and the number of games for a given precision (:func:`check_sample_size`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Real
from statistics import NormalDist
from typing import Any

from ...bots.base import derive_seed
from ...i18n import NNP_, NP_, Translator, negotiate
from ...i18n.texts.board import BOT_LABELS
from ...tournament import play_game
from ...tournament.ratings import Z95, wilson_interval
from ...tournament.runner import DEFAULT_TURN_LIMIT
from ..feedback import (
    ExerciseFeedback,
    Interval,
    Number,
    feedback,
    formative_unless_judged,
    games,
    is_empty,
    note,
    text,
)
from .common import (
    EMPTY,
    PROGRESS_GAMES,
    SEED,
    Ask,
    Code,
    Exercise,
    Md,
    Section,
    Table,
    bot_label,
    close,
    markdown_table,
    numbers,
    progress_bar,
)

#: Games of the simulation: ``QUICK = True`` in the notebooks (fast, wide intervals) or not.
FIRST_PLAYER_GAMES = {True: 100, False: 10_000}
#: Games of ``mcts:easy`` against itself in the skill comparison (a bot that looks ahead).
SKILL_GAMES = {True: 200, False: 2000}
#: From this many games on, random self-play runs on :mod:`logger_widget.engine.fast`: the same
#: policy and statistics, other individual games (its own random numbers), seconds instead of minutes.
FAST_GAMES = 10_000
#: Half-width asked for in the sample-size question, the finer one of its follow-up, and the rate both assume.
SAMPLE_HALF_WIDTH = 0.03
FINE_HALF_WIDTH = 0.01
SAMPLE_RATE = 0.5
#: How close an interval's ends must be: written with three decimals (± 0.0005) and a little more.
#: Closer than this, a Wald interval (0.0018 narrower at 100 games and a rate of ½) is told apart.
INTERVAL_TOLERANCE = 0.0006

#: The numbers the texts quote, as placeholders: z of the confidence level, p(1 − p) at the
#: assumed rate, and the two half-widths.
NUMBERS = {
    "z": Number(Z95, "0.00"),
    "variance": Number(SAMPLE_RATE * (1 - SAMPLE_RATE)),
    "half_width": Number(SAMPLE_HALF_WIDTH),
    "fine": Number(FINE_HALF_WIDTH),
}
#: Normal quantiles of other levels (68.27 %, 90 %, 99 %): a Wilson interval with one of them is a wrong level.
_OTHER_Z = (1.0, *(NormalDist().inv_cdf(0.5 + level / 2) for level in (0.90, 0.99)))

_DATA_GAMES = NNP_(
    "exercise:first_player:data",
    "**{n} game** between two bots ({bot}).",
    "**{n} games** between two bots ({bot}).",
)
_DATA_RESULTS = NP_(
    "exercise:first_player:data",
    "Player 1 won {wins}, Player 2 won {losses}, shared wins: {shared}.",
)
_FP_FORMAT = NP_(
    "exercise:first_player:format",
    "The answer is three numbers between 0 and 1: `answer = (rate, low, high)`.",
)
_FP_NO_DATA = NP_(
    "exercise:first_player:no_data",
    "Run the cell with `simulate_first_player` first and give its result to the checker.",
)
_FP_PERCENT = NP_(
    "exercise:first_player:percent",
    "Write the rate and the interval as fractions between 0 and 1 (`0.45`, not `45`).",
)
_FP_SEAT2 = NP_(
    "exercise:first_player:seat2",
    "Your rate {rate} is Player 2's. `data.points` holds Player 1's points in every game.",
)
_FP_SHARED = NP_(
    "exercise:first_player:shared",
    "Your rate {rate} counts only the games Player 1 won alone. A shared win is worth half a point: "
    "add up `data.points` and divide by the number of games.",
)
_FP_RATE = NP_(
    "exercise:first_player:rate",
    "The rate {rate} is not right. Rate = Player 1's points (the sum of `data.points`) "
    "divided by the number of games.",
)
_FP_ORDER = NP_(
    "exercise:first_player:order",
    "The lower end {low} is above the upper end {high}: write `(rate, low, high)`.",
)
_FP_CONTAINS = NP_(
    "exercise:first_player:contains",
    "The interval {interval} does not contain the rate {rate}. A Wilson interval always does.",
)
_FP_WALD = NP_(
    "exercise:first_player:wald",
    "The rate is right, but {interval} is the simple (Wald) interval p\u00a0±\u00a0{z} · √(p(1 − p)/n). "
    "The question asks for the Wilson interval: use the formula above or `wilson_interval`.",
)
_FP_LEVEL = NP_(
    "exercise:first_player:level",
    "The rate is right and {interval} is a Wilson interval, but not a {level} one: use z = {z}.",
)
_FP_INTERVAL = NP_(
    "exercise:first_player:interval",
    "The rate is right, but {interval} is not the Wilson {level} interval. Check the formula "
    "(z = {z}, n = the number of games) or compare with `wilson_interval(sum(data.points), len(data.points))`.",
)
_FP_OK = NP_(
    "exercise:first_player:ok",
    "Right: Player 1 scored {rate} points per game, {level} interval {interval}.",
)
_FP_ABOVE = NP_(
    "exercise:first_player:above",
    "The whole interval is above {half}: in these games moving first is an advantage.",
)
_FP_BELOW = NP_(
    "exercise:first_player:below",
    "The whole interval is below {half}: in these games it is better to move second!",
)
_FP_CONTAINS_HALF = NP_(
    "exercise:first_player:contains_half",
    "The interval contains {half}: with {n}, you cannot tell whether either seat has an advantage.",
)
_FP_COPIES = NP_(
    "exercise:first_player:copies",
    "Different games among these {n}: {distinct}. The bots played the same games again, turn for "
    "turn, and a copy adds no information. Counted once each:",
)
_SS_FORMAT = NP_("exercise:sample_size:format", "The answer is one number: how many games.")
_SS_OK = NP_(
    "exercise:sample_size:ok",
    "Right: about {n}. With fewer, the {level} interval is wider than\u00a0±\u00a0{half_width}.",
)
_SS_MORE = NP_(
    "exercise:sample_size:more",
    "For\u00a0±\u00a0{fine} you would need about {n}: three times more precision costs nine times more games.",
)
_SS_POSITIVE = NP_("exercise:sample_size:positive", "A number of games must be positive, not {given}.")
_SS_SQUARE = NP_(
    "exercise:sample_size:square",
    "{given} is the square root of the answer: solve {z} · √({variance} / n) = {half_width} for n, "
    "which means squaring.",
)
_SS_HALF = NP_(
    "exercise:sample_size:half",
    "With {games} the whole interval is {half_width} wide. The question asks for\u00a0±\u00a0{half_width}, "
    "a half-width of {half_width}: fewer games are enough.",
)
_SS_FEW = NP_(
    "exercise:sample_size:few",
    "With {games} the half-width is still more than {half_width}. "
    "Solve {z} · √({variance} / n) = {half_width} for n.",
)
_SS_MANY = NP_(
    "exercise:sample_size:many",
    "With {games} you have more than needed. Solve {z} · √({variance} / n) = {half_width} for n.",
)


@dataclass(frozen=True)
class FirstPlayerData:
    """The games of :func:`simulate_first_player`.

    Attributes:
        bot: the bot spec that played both seats.
        seed: the simulation's seed.
        points: Player 1's tournament points in each game: 1 (win), ½ (shared win) or 0.
        reasons: why each game ended (``"target"``, ``"repetition"``, ``"turn_limit"``).
        locale: the language it is shown in.
        distinct_points: Player 1's points in each *different* game, once (games played turn
            for turn alike are one game); ``None`` when the games were not recorded (the compiled
            kernel's random games, all but surely different).
    """

    bot: str
    seed: int
    points: tuple[float, ...]
    reasons: tuple[str, ...] = ()
    locale: str = "en"
    distinct_points: tuple[float, ...] | None = None

    @property
    def distinct(self) -> int:
        """Number of different games (:attr:`n` when they were not recorded)."""
        return self.n if self.distinct_points is None else len(self.distinct_points)

    @property
    def n(self) -> int:
        """Number of games."""
        return len(self.points)

    @property
    def wins(self) -> int:
        """Games Player 1 won alone."""
        return sum(1 for p in self.points if p == 1.0)

    @property
    def shared(self) -> int:
        """Games with a shared win."""
        return sum(1 for p in self.points if 0.0 < p < 1.0)

    @property
    def losses(self) -> int:
        """Games Player 2 won alone."""
        return sum(1 for p in self.points if p == 0.0)

    @property
    def rate(self) -> float:
        """Player 1's points per game."""
        return sum(self.points) / self.n if self.n else 0.0

    def interval(self) -> tuple[float, float]:
        """Wilson 95 % interval of :attr:`rate`."""
        return wilson_interval(sum(self.points), self.n)

    def _repr_markdown_(self) -> str:
        tr = Translator(self.locale)
        label = tr.translate(BOT_LABELS[self.bot]) if self.bot in BOT_LABELS else self.bot
        head = tr.count(_DATA_GAMES, self.n, bot=label)
        body = text(_DATA_RESULTS, tr, wins=self.wins, losses=self.losses, shared=self.shared)
        return f"{head} {body}"

    def __str__(self) -> str:
        return self._repr_markdown_()


def simulate_first_player(
    quick: bool = True,
    *,
    games: int | None = None,
    bot: str = "random",
    seed: int = SEED,
    progress: bool = True,
    locale: str | None = None,
) -> FirstPlayerData:
    """Let ``bot`` play against itself and record Player 1's points in every game.

    Args:
        quick: :data:`FIRST_PLAYER_GAMES` ``[quick]`` games (100 or 2000) unless ``games`` is given.
        games: number of games, >= 1.
        bot: a preset name (``"random"``, ``"greedy"``…); both seats play it.
        seed: game ``i`` is played with the seed ``derive_seed(seed, "first_player", i)``
            (with ``bot="random"`` and ``games >= FAST_GAMES``, the games are played by
            :func:`logger_widget.engine.fast.random_outcomes` with ``seed``).
        progress: show a progress bar (``tqdm.auto``).
        locale: language of the progress bar and of the summary.

    Raises:
        ValueError: games < 1 or an unknown bot.
    """
    n = games if games is not None else FIRST_PLAYER_GAMES[bool(quick)]
    if not isinstance(n, int) or n < 1:
        raise ValueError(f"games must be a whole number >= 1, not {n!r}")
    language = negotiate(locale)
    if bot == "random" and n >= FAST_GAMES:
        # the same random policy on engine.fast (compiled with Numba): 100,000 games in seconds
        from ...engine import fast

        fast.warm_up()
        outcomes = fast.random_outcomes(2, n, seed % 2**32, turn_limit=DEFAULT_TURN_LIMIT)
        points_ = tuple(o.points(1) for o in outcomes)
        return FirstPlayerData(bot, seed, points_, tuple(o.reason for o in outcomes), language)
    tr = Translator(language)
    points: list[float] = []
    reasons: list[str] = []
    different: dict[tuple[Any, ...], float] = {}
    bar = progress_bar(n, PROGRESS_GAMES, progress, tr)
    try:
        for i in range(n):
            game = play_game([bot, bot], seed=derive_seed(seed, "first_player", i))
            outcome = game.outcome
            assert outcome is not None
            points.append(outcome.points(1))
            reasons.append(outcome.reason)
            different.setdefault(game.turns, outcome.points(1))
            bar.update(1)
    finally:
        bar.close()
    return FirstPlayerData(bot, seed, tuple(points), tuple(reasons), language, tuple(different.values()))


def _verdict(data: FirstPlayerData) -> list[tuple[Any, Any]]:
    """What the interval says about the seats — from the *different* games only.

    Copies of a game add no information: when the bots played some games turn for turn
    alike (deterministic bots: greedy self-play repeats one game), the verdict uses each
    different game once and says so.
    """
    notes = []
    points = data.points if data.distinct_points is None else data.distinct_points
    n = len(points)
    if n < data.n:
        notes.append(note(_FP_COPIES, distinct=games(n), n=games(data.n)))
    low, high = wilson_interval(sum(points), n)
    verdict = _FP_ABOVE if low > 0.5 else _FP_BELOW if high < 0.5 else _FP_CONTAINS_HALF
    notes.append(note(verdict, n=games(n)))
    return notes


_COL_BOT = NP_("exercise:table", "bots")
_COL_GAMES = NP_("exercise:table", "games (different)")
_COL_RATE = NP_("exercise:table", "Player 1's points per game")
_COL_INTERVAL = NP_("exercise:table", "{level} interval")


def compare_first_player(*runs: FirstPlayerData, locale: str | None = None) -> Table:
    """Simulations side by side: the bots, the games (different ones), Player 1's rate and Wilson interval.

    The interval is that of the different games (see :func:`check_first_player`).
    """
    tr = Translator(negotiate(locale))
    header = [text(c, tr) for c in (_COL_BOT, _COL_GAMES, _COL_RATE, _COL_INTERVAL)]
    rows = []
    for run in runs:
        points = run.points if run.distinct_points is None else run.distinct_points
        low, high = wilson_interval(sum(points), len(points))
        rows.append([
            bot_label(run.bot, tr), f"{tr.format_number(run.n)} ({tr.format_number(run.distinct)})",
            tr.format_decimal(run.rate, format="0.000"),
            tr.format_interval(low, high),
        ])  # fmt: skip
    return Table(markdown_table(header, rows))


def _wald(p: float, n: int) -> tuple[float, float]:
    half = Z95 * math.sqrt(p * (1 - p) / n)
    return (p - half, p + half)


def check_first_player(answer: Any, data: Any, *, locale: str | None = None) -> ExerciseFeedback:
    """Check ``answer = (rate, low, high)``: Player 1's rate and Wilson 95 % interval on ``data``.

    Args:
        answer: three numbers between 0 and 1 (a tuple or list).
        data: the :class:`FirstPlayerData` the student worked on.
        locale: language of the feedback.
    """
    if is_empty(answer):
        return feedback("hint", EMPTY, locale, notes=[note(_FP_FORMAT)])
    if not isinstance(data, FirstPlayerData) or not data.n:
        return feedback("hint", _FP_NO_DATA, locale)
    values = numbers(answer, 3)
    if values is None:
        return feedback("hint", _FP_FORMAT, locale)
    rate, low, high = values
    if any(v > 1 for v in values) and all(0 <= v <= 100 for v in values):
        return feedback("wrong", _FP_PERCENT, locale)
    n = data.n
    points = sum(data.points)
    true_rate = points / n
    true_low, true_high = wilson_interval(points, n)
    params = {"rate": rate, "low": low, "high": high, "interval": Interval(low, high), **NUMBERS}
    if not close(rate, true_rate):
        if close(rate, 1 - true_rate):
            message = _FP_SEAT2
        elif data.shared and close(rate, data.wins / n):
            message = _FP_SHARED
        else:
            message = _FP_RATE
        return feedback("wrong", message, locale, params)
    if low > high:
        return feedback("wrong", _FP_ORDER, locale, params)
    if not low <= rate <= high:
        return feedback("wrong", _FP_CONTAINS, locale, params)
    wald_low, wald_high = _wald(true_rate, n)
    wilson_error = max(abs(low - true_low), abs(high - true_high))
    wald_error = max(abs(low - wald_low), abs(high - wald_high))
    if wilson_error <= INTERVAL_TOLERANCE and wilson_error <= wald_error:
        return feedback(
            "ok", _FP_OK, locale, {"rate": true_rate, "interval": Interval(true_low, true_high)},
            notes=_verdict(data),
        )  # fmt: skip
    if wald_error <= INTERVAL_TOLERANCE:
        return feedback("wrong", _FP_WALD, locale, params)
    for z in _OTHER_Z:
        z_low, z_high = wilson_interval(points, n, z)
        if close(low, z_low, INTERVAL_TOLERANCE) and close(high, z_high, INTERVAL_TOLERANCE):
            return feedback("wrong", _FP_LEVEL, locale, params)
    return feedback("wrong", _FP_INTERVAL, locale, params)


def _sample_size(half_width: float = SAMPLE_HALF_WIDTH, z: float = Z95, rate: float = SAMPLE_RATE) -> int:
    """Games needed for ± ``half_width`` at ``rate`` by the normal approximation (the textbook's rounding up)."""
    return math.ceil(_exact_sample_size(half_width, z, rate))


def _exact_sample_size(
    half_width: float = SAMPLE_HALF_WIDTH, z: float = Z95, rate: float = SAMPLE_RATE
) -> float:
    """``n`` solving ``z · √(p(1 − p) / n) = half_width`` at ``p = rate`` (the normal approximation)."""
    return (z * math.sqrt(rate * (1 - rate)) / half_width) ** 2


def wilson_sample_size(
    half_width: float = SAMPLE_HALF_WIDTH, z: float = Z95, rate: float = SAMPLE_RATE
) -> float:
    """``n`` at which the Wilson interval around ``rate`` is ± ``half_width`` wide (a real number of games).

    The Wilson half-width ``z · √(p q n + z²/4) / (n + z²)`` equals ``h`` where
    ``n = z² (p q − 2h² + √(p² q² − 4 h² p q + h²)) / (2 h²)`` (``q = 1 − p``): the root of the
    quadratic ``h² (n + z²)² = z² (p q n + z²/4)``. For ± 0.03 at ½ and 95 %: 1063.3, so
    1064 games give ± 0.02999 (the normal approximation asks 1068).

    Raises:
        ValueError: ``half_width`` not in (0, 0.5) or ``rate`` not in (0, 1).
    """
    if not 0 < half_width < 0.5 or not 0 < rate < 1:
        raise ValueError(f"need 0 < half_width < 0.5 and 0 < rate < 1, not {half_width!r}, {rate!r}")
    pq, h2 = rate * (1 - rate), half_width**2
    return z**2 * (pq - 2 * h2 + math.sqrt(pq**2 - 4 * h2 * pq + h2)) / (2 * h2)


def read_number(answer: Any, locale: str | None = None) -> float | None:
    """A number written as a number or as text in ``locale``'s notation, or ``None``.

    Text is read with Babel's :func:`babel.numbers.parse_decimal` (strict: a group separator
    where the locale puts one): ``"1,068"`` is 1068 in English and ``"1.068"`` in Spanish, ``"1 068"``
    (any space) in Ukrainian; ``"1067,07"`` is 1067.07 in Spanish and Ukrainian. Text the locale
    cannot read is tried as Python writes numbers (``"1068.0"``); a minus sign ``−`` is a minus.
    Whole numbers come back as ``int``.
    """
    if isinstance(answer, str):
        from babel.numbers import NumberFormatError, get_group_symbol, parse_decimal

        language = negotiate(locale)
        written = " ".join(answer.replace("\u2212", "-").split())
        grouped = written.replace(" ", get_group_symbol(language))
        try:
            value = float(parse_decimal(grouped, locale=language, strict=True))
        except (NumberFormatError, ValueError):
            try:
                value = float(written)
            except ValueError:
                return None
        if not math.isfinite(value):
            return None
        return int(value) if value.is_integer() else value
    if not isinstance(answer, Real) or isinstance(answer, bool) or not math.isfinite(float(answer)):
        return None
    return answer  # type: ignore[return-value]


def right_sample_sizes(
    half_width: float = SAMPLE_HALF_WIDTH, rate: float = SAMPLE_RATE
) -> tuple[float, float]:
    """The right answers to the sample-size question for ± ``half_width`` at ``rate``: ``(least, most)`` games.

    From :func:`wilson_sample_size` (a real number) up to 5 % more than the normal
    approximation's whole number of games: ``(1063.3, 1121.4)`` for ± 0.03 at ½.
    """
    return wilson_sample_size(half_width, Z95, rate), 1.05 * _sample_size(half_width, Z95, rate)


def sample_size_params(half_width: float = SAMPLE_HALF_WIDTH, rate: float = SAMPLE_RATE) -> dict[str, Any]:
    """The placeholders of the sample-size question, solution and feedback for ± ``half_width`` at ``rate``."""
    fine = FINE_HALF_WIDTH if half_width == SAMPLE_HALF_WIDTH else half_width / 3
    return {
        "z": Number(Z95, "0.00"),
        "variance": Number(rate * (1 - rate), "0.####"),
        "half_width": Number(half_width, "0.###"),
        "fine": Number(fine, "0.####"),
        "rate": Number(rate),
        "sd": Number(math.sqrt(rate * (1 - rate)), "0.###"),
        "exact": Number(_exact_sample_size(half_width, Z95, rate), "0.0"),
        "n": games(_sample_size(half_width, Z95, rate)),
        "n_fine": games(_sample_size(fine, Z95, rate)),
    }


@formative_unless_judged("sample_size")
def check_sample_size(
    answer: Any,
    *,
    locale: str | None = None,
    half_width: float = SAMPLE_HALF_WIDTH,
    rate: float = SAMPLE_RATE,
) -> ExerciseFeedback:
    """Check the number of games for a 95 % interval of ± ``half_width`` around ``rate``.

    Right from the games at which the Wilson interval (the one the notebook teaches) reaches
    ± ``half_width`` (:func:`wilson_sample_size`: 1063.3 for ± 0.03 at ½, so 1064 games) up to
    5 % more than the normal approximation's answer (1068; its exact 1067.07 is right too);
    fewer games are too few. Written as a number or as text in the pupil's notation
    (:func:`read_number`: ``"1068"``, ``"1,068"`` en, ``"1.068"`` es, ``"1 068"`` uk).

    Args:
        answer: the pupil's answer.
        locale: the language of the feedback and of numbers written as text.
        half_width: the half-width asked for (0–0.5).
        rate: the rate the question assumes (0–1).
    """
    if is_empty(answer):
        return feedback("hint", EMPTY, locale, notes=[note(_SS_FORMAT)])
    answer = read_number(answer, locale)
    if answer is None:
        return feedback("hint", _SS_FORMAT, locale)
    given = float(answer)
    numbers_ = sample_size_params(half_width, rate)
    needed = _sample_size(half_width, Z95, rate)
    # {games}: the answer with its noun ("1 game", uk "21 гра"); a fraction is rounded for the noun's form
    count = games(answer if isinstance(answer, int) else round(given))
    params = {"given": answer if isinstance(answer, int) else given, "games": count, **numbers_}
    least, most = right_sample_sizes(half_width, rate)
    if least <= given <= most:
        more = note(_SS_MORE, n=numbers_["n_fine"], **{k: v for k, v in numbers_.items() if k != "n"})
        return feedback("ok", _SS_OK, locale, numbers_, notes=[more])
    if given <= 0:
        return feedback("wrong", _SS_POSITIVE, locale, params)
    if abs(given - math.sqrt(needed)) <= 0.1 * math.sqrt(needed):
        return feedback("wrong", _SS_SQUARE, locale, params)
    quarter = _sample_size(half_width / 2, Z95, rate)
    if abs(given - quarter) <= 0.05 * quarter:
        return feedback("wrong", _SS_HALF, locale, params)
    if given < needed:
        return feedback("wrong", _SS_FEW, locale, params)
    return feedback("wrong", _SS_MANY, locale, params)


FIRST_PLAYER = Exercise(
    key="first_player",
    question=NP_(
        "exercise:first_player:question",
        "What are Player 1's rate (points per game) and its Wilson {level} interval? Answer with three "
        "numbers between 0 and 1: `answer = (rate, low, high)`. `data.points` lists Player 1's points "
        "in every game (`1`, `0.5` or `0`). `wilson_interval(points, games)` computes the interval, but try "
        "the formula yourself first.",
    ),
    checker=check_first_player,
    check_call="ex.check_first_player(answer, data, locale=LANGUAGE)",
    student_code="# $your_answer\nanswer = ...",
    solution_code="""\
n = len(data.points)
p = sum(data.points) / n
z = 1.96
centre = (p + z**2 / (2 * n)) / (1 + z**2 / n)
half = z / (1 + z**2 / n) * (p * (1 - p) / n + z**2 / (4 * n**2)) ** 0.5
answer = (p, centre - half, centre + half)
# $compare
print(answer, wilson_interval(sum(data.points), n))""",
    solution=(
        NP_(
            "exercise:first_player:solution",
            "The rate is the sum of Player 1's points divided by the number of games; the interval "
            "comes from the formula with z = {z}. `wilson_interval` gives the same numbers.",
        ),
    ),
    comments={"compare": NP_("exercise:first_player:code", "the same with the package's function")},
    params=NUMBERS,
)

SAMPLE_SIZE = Exercise(
    key="sample_size",
    question=NP_(
        "exercise:sample_size:question",
        "How many games are needed so that the {level} interval reaches at most {half_width} on each side "
        "of the rate (±\u00a0{half_width}), when the rate is about {rate}? `answer = number of games`.",
    ),
    checker=check_sample_size,
    check_call="ex.check_sample_size(answer, locale=LANGUAGE)",
    student_code="# $your_answer\nanswer = ...",
    solution_code="""\
import math

answer = math.ceil((1.96 * 0.5 / 0.03) ** 2)
answer""",
    solution=(
        NP_(
            "exercise:sample_size:solution",
            "Solve {z} · √({variance} / n) ≤ {half_width}: n ≥ ({z} · {sd} / {half_width})² ≈ {exact}, "
            "so {n}. For\u00a0±\u00a0{fine} it takes about {n_fine}: precision is expensive.",
        ),
    ),
    params=sample_size_params(),
)

SECTION = Section(
    "first_player",
    NP_("exercise:first_player:title", "Is it better to move first?"),
    (
        Md(
            (
                NP_(
                    "exercise:first_player:intro:1",
                    "In many games the first player has an advantage. Is that so in Logger? Nobody "
                    "can work it out exactly, but we can estimate it: let two bots play many games "
                    "against each other and measure Player 1's average points per game.",
                ),
                NP_(
                    "exercise:first_player:intro:2",
                    "The cell below lets two random bots play ({quick_games} with `QUICK = True`, "
                    "{full_games} with `QUICK = False`). The bots are seeded: everybody in the class gets "
                    "the same games.",
                ),
            ),
            params={
                "quick_games": games(FIRST_PLAYER_GAMES[True]),
                "full_games": games(FIRST_PLAYER_GAMES[False]),
            },
        ),
        Code(
            "# $simulate\ndata = ex.simulate_first_player(QUICK, locale=LANGUAGE)\ndata",
            {"simulate": NP_("exercise:first_player:code", "two random bots play each other")},
        ),
        Md(
            (
                NP_(
                    "exercise:first_player:intro:3",
                    "A rate measured on n games is only an estimate. The **Wilson {level} interval** "
                    "is the range of true rates that fit the games. With p = points / n and z = {z}: "
                    "centre = (p + z²/2n) / (1 + z²/n), half-width = z / (1 + z²/n) · "
                    "√(p(1 − p)/n + z²/4n²); the interval is centre\u00a0±\u00a0half-width. "
                    "A shared win counts as half a point.",
                ),
            ),
            params=NUMBERS,
        ),
        Ask("first_player"),
        Md(
            (
                NP_(
                    "exercise:first_player:intro:4",
                    "The width of the interval shrinks like 1/√n: four times as many games make "
                    "it only half as wide. When the rate is near {rate}, the half-width is about "
                    "{z} · √({variance} / n).",
                ),
            ),
            params={**NUMBERS, "rate": Number(SAMPLE_RATE)},
        ),
        Ask("sample_size"),
        Md(
            (
                NP_(
                    "exercise:first_player:skill",
                    "Does the answer depend on how well the bots play? In the next cell `mcts:easy`, a "
                    "bot that looks ahead by trying out quick games in its head, plays against itself "
                    "({quick_games} with `QUICK = True`, {full_games} with `QUICK = False`). The table "
                    "puts both simulations side by side: is each interval above {half}, below it, or "
                    "does it contain {half}?",
                ),
            ),
            params={"quick_games": games(SKILL_GAMES[True]), "full_games": games(SKILL_GAMES[False])},
        ),
        Code(
            "# $skill\n"
            'skilled = ex.simulate_first_player(games=ex.SKILL_GAMES[QUICK], bot="mcts:easy", locale=LANGUAGE)\n'
            "ex.compare_first_player(data, skilled, locale=LANGUAGE)",
            {"skill": NP_("exercise:first_player:code", "two bots that look ahead play each other")},
        ),
        Md(
            (
                NP_(
                    "exercise:first_player:discuss",
                    "**To discuss.** Does your interval contain {half}? Run the simulation with "
                    "`QUICK = False`: what happens to the interval? Random bots play badly; would "
                    "good players get the same result? Why would two greedy bots not help here? "
                    '(Try `bot="greedy"` in the simulation cell.)',
                ),
            )
        ),
    ),
)

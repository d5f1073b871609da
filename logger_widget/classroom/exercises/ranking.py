"""Exercise 4, ratings: a class tournament ranked by Elo and Bradley–Terry.

:func:`rank_bots` plays :data:`CLASS_BOTS` and the student's bot (from
exercise 3) in a round robin and shows a :class:`Ranking`;
:func:`check_ranking` judges who is first and whether the intervals overlap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...i18n import LANGUAGES, NP_, Translator, negotiate
from ...i18n.texts.board import BOT_LABELS
from ...tournament import Tournament
from ...tournament.ratings import AVERAGE, Rating, bradley_terry_difference
from ..feedback import (
    ExerciseFeedback,
    Interval,
    Whole,
    feedback,
    is_empty,
    note,
    text,
    whole,
)
from .common import EMPTY, SEED, Ask, Code, Exercise, Md, Section, bot_label, markdown_table
from .own_bot import _OB_DUPLICATES, classroom_round_robin, preflight, pupil_bot

#: The bots of the class tournament, besides the student's.
CLASS_BOTS = ("random", "greedy", "minimax:easy", "mcts:easy")
#: Games of every pair: ``QUICK = True`` in the notebooks or not.
RANKING_GAMES_PER_PAIR = {True: 4, False: 20}

_COL_BOT = NP_("exercise:table", "bot")
_COL_GAMES = NP_("exercise:table", "games")
_COL_RATE = NP_("exercise:table", "points per game")
_COL_BT = NP_("exercise:table", "Bradley–Terry")
_COL_ELO = NP_("exercise:table", "Elo")
_COL_CI = NP_("exercise:table", "{level} interval")
_RK_LEFT_OUT = NP_(
    "exercise:ranking:left_out",
    "Your bot is not in this tournament yet (see exercise 3).",
)
_RK_FORMAT = NP_(
    "exercise:ranking:format",
    "The answer has two parts: the bot's name as in the table and `True` or `False`, "
    'for example `("random", False)`.',
)
_RK_NO_TABLE = NP_(
    "exercise:ranking:no_table",
    "Run the cell with `rank_bots` first and give its result to the checker.",
)
_RK_UNKNOWN = NP_("exercise:ranking:unknown", "There is no bot {name} in the table. The bots: {names}.")
_RK_ELO = NP_(
    "exercise:ranking:elo",
    "{name} is first by Elo, but the question is about Bradley–Terry: look at its column.",
)
_RK_NAME = NP_(
    "exercise:ranking:name",
    "{name} is not first by Bradley–Terry: the table is sorted by that rating, best first.",
)
_RK_APART = NP_(
    "exercise:ranking:apart",
    "Look again: {first} {interval1} and {second} {interval2} do not overlap, "
    "so {first} is clearly stronger.",
)
_RK_OVERLAP = NP_(
    "exercise:ranking:overlap",
    "Look again: {first} {interval1} and {second} {interval2} overlap, "
    "so these games cannot tell for sure which one is stronger.",
)
_RK_OK_APART = NP_(
    "exercise:ranking:ok_apart",
    "Right: {first} is first, and its interval {interval1} lies above {second}'s {interval2}.",
)
_RK_OK_OVERLAP = NP_(
    "exercise:ranking:ok_overlap",
    "Right: {first} is first, but its interval {interval1} overlaps {second}'s "
    "{interval2}, so more games are needed to be sure.",
)


_RK_DIFF_APART = NP_(
    "exercise:ranking:diff_apart",
    "Look again: {first} is rated {difference} above {second}, and the {level} interval of that "
    "difference, {interval}, lies above 0, so {first} is clearly stronger.",
)
_RK_DIFF_OVERLAP = NP_(
    "exercise:ranking:diff_overlap",
    "Look again: {first} is rated {difference} above {second}, but the {level} interval of that "
    "difference, {interval}, contains 0, so these games cannot tell for sure which one is stronger.",
)
_RK_OK_DIFF_APART = NP_(
    "exercise:ranking:ok_diff_apart",
    "Right: {first} is first, rated {difference} above {second}; the {level} interval of the "
    "difference, {interval}, lies above 0.",
)
_RK_OK_DIFF_OVERLAP = NP_(
    "exercise:ranking:ok_diff_overlap",
    "Right: {first} is first, rated {difference} above {second}, but the {level} interval of the "
    "difference, {interval}, contains 0, so more games are needed to be sure.",
)
_RK_TIE = NP_(
    "exercise:ranking:tie",
    "{first} and {second} have the same rating: neither is stronger than the other in these games.",
)
_RK_OK_TIE = NP_(
    "exercise:ranking:ok_tie",
    "Right: {first} and {second} share the first place with the same rating, so neither is clearly "
    "stronger; more games would not change that if they keep scoring alike against everybody.",
)


@dataclass(frozen=True)
class Ranking:
    """The class tournament of :func:`rank_bots` and its table.

    Attributes:
        tournament: the :class:`~logger_widget.tournament.Tournament`.
        locale: the language of the table.
        note: why the student's bot was left out, if it was.
    """

    tournament: Tournament
    locale: str = "en"
    note: ExerciseFeedback | None = None

    def ratings(self) -> list[tuple[Rating, Rating, float]]:
        """``(bradley_terry, elo, rate)`` of every bot, best Bradley–Terry rating first."""
        elo = {r.name: r for r in self.tournament.elo()}
        rate = {s.name: s.rate for s in self.tournament.standings()}
        bt = sorted(self.tournament.bradley_terry(), key=lambda r: -r.rating)
        return [(r, elo[r.name], rate[r.name]) for r in bt]

    def difference(self) -> tuple[float, float, float]:
        """The first bot's Bradley–Terry rating minus the second's, with the 95 % interval of the difference."""
        rows = self.ratings()
        t = self.tournament
        return bradley_terry_difference(t.comparisons(), t.names, rows[0][0].name, rows[1][0].name)

    @property
    def distinct(self) -> int:
        """How many of the tournament's games were different (copies of a game counted once)."""
        return len({(g.entrants, g.turns) for g in self.tournament.games})

    def _repr_markdown_(self) -> str:
        tr = Translator(self.locale)
        header = [text(m, tr) for m in (_COL_BOT, _COL_GAMES, _COL_RATE, _COL_BT, _COL_CI, _COL_ELO, _COL_CI)]

        def number(x: float) -> str:
            return whole(x, tr)

        def interval(low: float, high: float) -> str:
            return tr.format_interval(low, high, "0")  # ∞ / −∞ when a rating cannot be estimated

        rows = []
        for bt, elo, rate in self.ratings():
            rows.append(
                [
                    bot_label(bt.name, tr),
                    tr.format_number(bt.games),
                    tr.format_decimal(rate, format="0.000"),
                    number(bt.rating),
                    interval(bt.low, bt.high),
                    number(elo.rating),
                    interval(elo.low, elo.high),
                ]
            )
        table = markdown_table(header, rows)
        if self.distinct < len(self.tournament.games):
            table += "\n\n" + text(_OB_DUPLICATES, tr, distinct=self.distinct)
        if self.note is not None:
            table = f"{self.note}\n\n{table}"
        return table

    def __str__(self) -> str:
        return self._repr_markdown_()


def rank_bots(
    bot: Any = None,
    quick: bool = True,
    *,
    games_per_pair: int | None = None,
    seed: int = SEED,
    progress: bool = True,
    locale: str | None = None,
) -> Ranking:
    """A round robin of :data:`CLASS_BOTS` and the student's ``bot`` (left out while it does not work).

    Args:
        bot: the pupil's bot file (its path; played in the sandbox), a bot function, or ``None``/``...``.
        quick: 4 games per pair when true, 20 when false (unless ``games_per_pair`` is given).
        games_per_pair: games for each pair (rounded up to an even number).
        seed: the tournament seed.
        progress: show a progress bar.
        locale: language of the table and the progress bar.
    """
    language = negotiate(locale)
    problem = preflight(bot, language)
    bots: list[Any] = list(CLASS_BOTS)
    note = None
    if problem is None:
        bots.append(pupil_bot(bot))
    else:
        note = feedback("hint", _RK_LEFT_OUT, language, notes=[(problem.message, problem.params)])
    n = games_per_pair if games_per_pair is not None else RANKING_GAMES_PER_PAIR[bool(quick)]
    n = max(2, n + n % 2)
    return Ranking(classroom_round_robin(bots, n, seed, progress, Translator(language)), language, note)


def _code(name: str) -> str:
    """A bot's name inside a sentence, as code (`random`), as the Nash texts write it."""
    return f"`{name.replace('`', '')}`"


def check_ranking(answer: Any, table: Any, *, locale: str | None = None) -> ExerciseFeedback:
    """Check ``answer = (name, clearly_better)`` against the Bradley–Terry ratings of ``table``.

    ``name`` is the bot ranked first by Bradley–Terry (any of them when several
    share the top rating); ``clearly_better`` is true when the 95 % interval of the
    *difference* of its rating and the second's lies above 0 (:meth:`Ranking.difference`);
    false for a tie at the top.
    """
    if is_empty(answer):
        return feedback("hint", EMPTY, locale, notes=[note(_RK_FORMAT)])
    if isinstance(table, Tournament):
        table = Ranking(table, negotiate(locale))
    if not isinstance(table, Ranking):
        return feedback("hint", _RK_NO_TABLE, locale)
    if (
        not isinstance(answer, (tuple, list))
        or len(answer) != 2
        or not isinstance(answer[0], str)
        or not isinstance(answer[1], bool)
    ):
        return feedback("hint", _RK_FORMAT, locale)
    name, separated = answer[0].strip().strip("`"), answer[1]
    ratings = table.ratings()
    names = {r.name.casefold(): r.name for r, _, _ in ratings}
    labels = dict(names)  # the labels shown in the table count too, in any language
    for r, _, _ in ratings:
        if r.name in BOT_LABELS:
            for language in LANGUAGES:
                labels.setdefault(Translator(language).translate(BOT_LABELS[r.name]).casefold(), r.name)
    if name.casefold() not in labels:
        return feedback(
            "hint", _RK_UNKNOWN, locale, {"name": _code(name), "names": ", ".join(map(_code, names.values()))}
        )
    name = labels[name.casefold()]
    top = ratings[0][0].rating
    leaders = {r.name for r, _, _ in ratings if r.rating >= top - 0.5}
    first, second = ratings[0][0], ratings[1][0]
    if name not in leaders:
        elo_first = max(ratings, key=lambda row: row[1].rating)[1].name
        return feedback("wrong", _RK_ELO if name == elo_first else _RK_NAME, locale, {"name": _code(name)})
    difference, low, high = table.difference()
    params = {
        "first": _code(first.name), "second": _code(second.name),
        "difference": Whole(difference), "interval": Interval(low, high, "0"),
    }  # fmt: skip
    if abs(first.rating - second.rating) < 0.5:  # a tie at the top: neither is stronger
        if separated:
            return feedback("wrong", _RK_TIE, locale, params)
        return feedback("ok", _RK_OK_TIE, locale, params)
    truly_separated = low > 0
    if separated != truly_separated:
        return feedback("wrong", _RK_DIFF_APART if truly_separated else _RK_DIFF_OVERLAP, locale, params)
    return feedback("ok", _RK_OK_DIFF_APART if truly_separated else _RK_OK_DIFF_OVERLAP, locale, params)


RANKING = Exercise(
    key="ranking",
    question=NP_(
        "exercise:ranking:diff_question",
        "Which bot is the strongest according to Bradley–Terry, and is it clearly stronger than the "
        "second one? Clearly stronger means: the {level} interval of the *difference* of their ratings, "
        "`table.difference()`, lies above 0. "
        '`answer = ("name", True)` or `("name", False)`, with the name as in the table.',
    ),
    checker=check_ranking,
    check_call="ex.check_ranking(answer, table, locale=LANGUAGE)",
    student_code="# $your_answer\nanswer = ...",
    solution_code="""\
rows = table.ratings()
difference, low, high = table.difference()
answer = (rows[0][0].name, low > 0)
answer""",
    solution=(
        NP_(
            "exercise:ranking:diff_solution",
            "The table is sorted by the Bradley–Terry rating. Two ratings estimated from the same "
            "games are not independent, so their intervals side by side do not answer the question: "
            "the interval of the difference does. With `QUICK = True` there are few games, so it is "
            "wide: often the first place is not certain.",
        ),
    ),
)

SECTION = Section(
    "ranking",
    NP_("exercise:ranking:title", "Who is the strongest? Elo and Bradley–Terry"),
    (
        Md(
            (
                NP_(
                    "exercise:ranking:intro:1",
                    "A class has many bots. Every pair plays games with swapped seats, and then we "
                    "rate them. **Elo** updates the ratings after every game: beating a stronger bot "
                    "earns more. **Bradley–Terry** finds the strengths that explain all the results "
                    "at once: bot i beats bot j with probability π_i / (π_i + π_j). Both use the same "
                    "scale ({average} = average) and come with a {level} interval.",
                ),
                NP_(
                    "exercise:ranking:prior",
                    "Bradley–Terry needs a little help: a bot that lost every game would get a strength "
                    "of 0, a rating of −∞. So the fit adds a **prior**: one drawn game between every two "
                    "bots that met, as if they had also shared a win. With few games (4 for each pair) "
                    "it pulls every rating towards {average}; with many games it hardly matters.",
                ),
                NP_(
                    "exercise:ranking:intro:2",
                    "The tournament below has four bots of the package and yours from exercise 3 "
                    "(when it works).",
                ),
            ),
            params={"average": int(AVERAGE)},
        ),
        Code(
            '# $tournament\ntable = ex.rank_bots("my_bot.py", QUICK, locale=LANGUAGE)\ntable',
            {"tournament": NP_("exercise:ranking:code", "every pair plays, seats swapped")},
        ),
        Ask("ranking"),
        Md(
            (
                NP_(
                    "exercise:ranking:discuss",
                    "**To discuss.** Do Elo and Bradley–Terry agree? Elo depends on the order of the "
                    "games, Bradley–Terry does not. Which intervals are the widest, and why? What "
                    "happens with `QUICK = False`?",
                ),
            )
        ),
    ),
)

"""Charts of bot tournaments: win-rate matrix, ratings, first-player advantage.

Each chart takes either a :class:`~logger_widget.tournament.Tournament` or
plain numbers, so it also works for results computed elsewhere:

* :func:`win_rate_matrix` — a :class:`WinRates` table (names, rates and Wilson
  intervals of every row bot against every column bot), or
  ``(names, rates, lows, highs[, games])`` with ``None`` where two bots did not meet;
* :func:`rating_chart` — ratings as ``(name, rating, low, high)`` tuples or
  :class:`~logger_widget.tournament.ratings.Rating` objects;
* :func:`first_player_chart` — one ``(rate, low, high)`` tuple (the first
  player of 2-player games) or one per seat, or seat records with
  ``seat, rate, low, high, expected, games`` like
  :class:`~logger_widget.tournament.SeatResult`.

Rates are fractions in [0, 1]; a shared win counts as a share of a win.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from matplotlib.axes import Axes
from matplotlib.colors import LinearSegmentedColormap, to_rgb
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from ..i18n import Translator
from ..i18n.texts.charts import DESCRIBE, PLAYER, TOURNAMENT
from ..i18n.texts.terms import PLAYER_OF
from ..names import short_name
from ..palette import DIVERGING, NEUTRAL_COLOUR, contrast_ratio, seat_style
from ._common import (
    chart_style,
    describe,
    format_number,
    number_formatter,
    percent_formatter,
    text,
    text_extent,
    translator,
)
from .game import _axes, _subtitle

__all__ = [
    "WinRates",
    "RatingRow",
    "SeatRate",
    "win_rates",
    "ratings_rows",
    "seat_rates",
    "win_rate_matrix",
    "rating_chart",
    "first_player_chart",
    "WIN_RATE_CMAP",
    "CONFIDENCE",
]

#: Confidence level of the intervals the tournament module computes (Wilson 95 %, bootstrap 95 %).
CONFIDENCE = 0.95

#: Colour map of the win-rate matrix: vermillion (0 %) → near-white (50 %) → blue (100 %).
WIN_RATE_CMAP = LinearSegmentedColormap.from_list("logger_win_rate", list(DIVERGING)).with_extremes(
    bad="#EFEFEF"
)

Cell = float | None


@dataclass(frozen=True, slots=True)
class WinRates:
    """How often each row bot beat each column bot.

    Attributes:
        names: the bots, in row (and column) order.
        rate, low, high: ``rate[i][j]`` = bot ``i``'s win rate against bot ``j``
            (a draw counts ½) with its interval; ``None`` where they did not meet
            (and on the diagonal).
        games: games between them (``None`` when unknown).
    """

    names: tuple[str, ...]
    rate: tuple[tuple[Cell, ...], ...]
    low: tuple[tuple[Cell, ...], ...]
    high: tuple[tuple[Cell, ...], ...]
    games: tuple[tuple[int | None, ...], ...] | None = None

    def __post_init__(self) -> None:
        n = len(self.names)
        tables = [("rate", self.rate), ("low", self.low), ("high", self.high)]
        if self.games is not None:
            tables.append(("games", self.games))
        for label, table in tables:
            if len(table) != n or any(len(row) != n for row in table):
                raise ValueError(f"{label} must be a {n} × {n} table (one row and column per name)")


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One bot's rating and its interval."""

    name: str
    rating: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class SeatRate:
    """How a seat fared: its win rate with an interval, and the rate if seats made no difference."""

    seat: int
    rate: float
    low: float
    high: float
    expected: float
    games: int | None = None


# --------------------------------------------------------------------------- adapters


def _table(values: Any, n: int) -> tuple[tuple[Any, ...], ...]:
    rows = []
    for row in values:
        cells = []
        for v in row:
            cells.append(None if v is None or (isinstance(v, float) and math.isnan(v)) else v)
        rows.append(tuple(cells))
    return tuple(rows)


def _is_tournament(obj: Any) -> bool:
    return hasattr(obj, "names") and hasattr(obj, "comparisons") and hasattr(obj, "first_player_advantage")


def win_rates(results: Any) -> WinRates:
    """A :class:`WinRates` from a Tournament, a WinRates, a mapping or a tuple.

    * a :class:`~logger_widget.tournament.Tournament`: with 2 players its
      :meth:`~logger_widget.tournament.Tournament.pair` results; with 3–4,
      the paired comparisons of its games (who finished ahead of whom), with
      Wilson 95 % intervals;
    * a mapping with keys ``names``, ``rate``, ``low``, ``high`` (``games`` optional);
    * a tuple ``(names, rate, low, high[, games])``.

    Raises:
        TypeError: something else.
        ValueError: tables of the wrong shape.
    """
    if isinstance(results, WinRates):
        return results
    if _is_tournament(results):
        return _from_tournament(results)
    if isinstance(results, Mapping):
        parts = [results["names"], results["rate"], results["low"], results["high"], results.get("games")]
    elif isinstance(results, (tuple, list)) and len(results) in (4, 5):
        parts = list(results) + [None] * (5 - len(results))
    else:
        raise TypeError(
            "win_rate_matrix needs a Tournament, a WinRates, a mapping or (names, rate, low, high[, games]), "
            f"not {type(results).__name__}"
        )
    names = tuple(str(n) for n in parts[0])
    n = len(names)
    games = _table(parts[4], n) if parts[4] is not None else None
    return WinRates(names, _table(parts[1], n), _table(parts[2], n), _table(parts[3], n), games)


def _from_tournament(t: Any) -> WinRates:
    from ..tournament.ratings import wilson_interval

    names = tuple(t.names)
    n = len(names)
    rate: list[list[Cell]] = [[None] * n for _ in range(n)]
    low: list[list[Cell]] = [[None] * n for _ in range(n)]
    high: list[list[Cell]] = [[None] * n for _ in range(n)]
    games: list[list[int | None]] = [[None] * n for _ in range(n)]
    if getattr(t, "players", 2) == 2:
        for i in range(n):
            for j in range(n):
                if i != j:
                    p = t.pair(names[i], names[j])
                    if p.games:
                        rate[i][j], low[i][j], high[i][j], games[i][j] = p.rate, p.low, p.high, p.games
    else:
        score = [[0.0] * n for _ in range(n)]
        count = [[0] * n for _ in range(n)]
        for c in t.comparisons():
            score[c.a][c.b] += c.score
            score[c.b][c.a] += 1.0 - c.score
            count[c.a][c.b] += 1
            count[c.b][c.a] += 1
        for i in range(n):
            for j in range(n):
                if i != j and count[i][j]:
                    lo, hi = wilson_interval(score[i][j], count[i][j])
                    rate[i][j], low[i][j], high[i][j] = score[i][j] / count[i][j], lo, hi
                    games[i][j] = count[i][j]
    return WinRates(
        names,
        tuple(map(tuple, rate)),
        tuple(map(tuple, low)),
        tuple(map(tuple, high)),
        tuple(map(tuple, games)),
    )


def ratings_rows(ratings: Any, kind: str = "elo") -> list[RatingRow]:
    """:class:`RatingRow` s from a Tournament, Rating objects or ``(name, rating, low, high)`` tuples.

    For a Tournament, ``kind`` picks ``"elo"`` or ``"bradley_terry"``.
    """
    if _is_tournament(ratings):
        if kind not in ("elo", "bradley_terry"):
            raise ValueError(f"kind must be 'elo' or 'bradley_terry', not {kind!r}")
        ratings = ratings.elo() if kind == "elo" else ratings.bradley_terry()
    rows = []
    for r in ratings:
        if isinstance(r, RatingRow):
            rows.append(r)
        elif all(hasattr(r, a) for a in ("name", "rating", "low", "high")):
            rows.append(RatingRow(str(r.name), float(r.rating), float(r.low), float(r.high)))
        elif isinstance(r, (tuple, list)) and len(r) == 4:
            rows.append(RatingRow(str(r[0]), float(r[1]), float(r[2]), float(r[3])))
        else:
            raise TypeError(f"a rating must be (name, rating, low, high) or have those attributes, not {r!r}")
    if not rows:
        raise ValueError("no ratings to draw")
    return rows


def seat_rates(data: Any, expected: float | None = None, games: int | None = None) -> list[SeatRate]:
    """:class:`SeatRate` s from a Tournament, seat records, one ``(rate, low, high)`` or one per seat.

    A single ``(rate, low, high)`` is the first player of a 2-player game
    (no advantage = 50 %). ``expected`` defaults to ``1 / seats``.
    """
    if _is_tournament(data):
        data = data.first_player_advantage()
    if isinstance(data, tuple) and len(data) == 3 and all(isinstance(v, (int, float)) for v in data):
        data = [data]
        seats = 2
    else:
        data = list(data)
        seats = len(data)
    rows = []
    for k, item in enumerate(data, 1):
        if isinstance(item, SeatRate):
            rows.append(item)
        elif all(hasattr(item, a) for a in ("rate", "low", "high")):
            rows.append(
                SeatRate(
                    int(getattr(item, "seat", k)),
                    float(item.rate),
                    float(item.low),
                    float(item.high),
                    float(getattr(item, "expected", expected if expected is not None else 1 / seats)),
                    getattr(item, "games", games),
                )
            )
        elif isinstance(item, (tuple, list)) and len(item) == 3:
            rows.append(
                SeatRate(
                    k,
                    float(item[0]),
                    float(item[1]),
                    float(item[2]),
                    expected if expected is not None else 1 / seats,
                    games,
                )
            )
        else:
            raise TypeError(f"a seat rate must be (rate, low, high) or a seat record, not {item!r}")
    if not rows:
        raise ValueError("no seat rates to draw")
    return rows


# --------------------------------------------------------------------------- helpers


def _pct(tr: Translator, value: float) -> str:
    return tr.format_percent(value)


def _level(tr: Translator) -> str:
    return tr.format_percent(CONFIDENCE)


def _text_colour(rgb: tuple[float, float, float]) -> str:
    hexa = "#{:02X}{:02X}{:02X}".format(*(round(c * 255) for c in rgb))
    return "#000000" if contrast_ratio(hexa, "#000000") >= contrast_ratio(hexa, "#FFFFFF") else "#FFFFFF"


# --------------------------------------------------------------------------- charts


def win_rate_matrix(
    results: Any,
    *,
    locale: str | Translator | None = None,
    ax: Axes | None = None,
    figsize: tuple[float, float] | None = None,
    title: bool = True,
    colorbar: bool = True,
) -> Figure:
    """Heatmap of how often each row bot beat each column bot, with the Wilson interval in every cell.

    Each cell shows the rate (large), its interval and the number of games;
    the colour runs from vermillion (never won) through white (50 %) to blue
    (always won). Cells where two bots did not meet are grey.

    Args:
        results: a Tournament, a :class:`WinRates` or plain tables (see :func:`win_rates`).
        locale: a language tag or a Translator (default English).
        ax: draw into these axes instead of a new figure.
        title: write the chart's title.
        figsize: size of a new figure (default grows with the number of bots).
        colorbar: draw the colour bar.

    Returns:
        The figure.
    """
    tr = translator(locale)
    table = win_rates(results)
    n = len(table.names)
    values = [[math.nan if v is None else float(v) for v in row] for row in table.rate]
    big, small = (12.0, 8.5) if n <= 4 else (10.0, 7.5) if n <= 6 else (8.0, 6.5)
    labels = [short_name(name) for name in table.names]
    heading = text(tr, TOURNAMENT["matrix_title"]) if title else None
    notes = [
        text(tr, TOURNAMENT["matrix_note"], level=_level(tr)),
        text(tr, TOURNAMENT["share_note"]),
    ]
    with chart_style():
        layout = _matrix_layout(tr, labels, heading, notes, big, small, colorbar)
        fig, ax, own = _axes(ax, figsize or layout.size)
        image = ax.imshow(values, cmap=WIN_RATE_CMAP, vmin=0.0, vmax=1.0, aspect="auto", gid="win-rates")
        ax.grid(False)
        for spine in ax.spines.values():
            spine.set_visible(False)
        for i in range(n):
            for j in range(n):
                rate = table.rate[i][j]
                if i == j:
                    ax.text(j, i, "—", ha="center", va="center", color=NEUTRAL_COLOUR, fontsize=big)
                    continue
                if rate is None:
                    ax.text(
                        j,
                        i,
                        text(tr, TOURNAMENT["no_games"]),
                        ha="center",
                        va="center",
                        color="#555555",
                        fontsize=small,
                    )
                    continue
                colour = _text_colour(to_rgb(WIN_RATE_CMAP(float(rate))))
                ax.text(
                    j,
                    i - 0.13,
                    _pct(tr, rate),
                    ha="center",
                    va="center",
                    color=colour,
                    fontsize=big,
                    fontweight="bold",
                    gid=f"rate-{i}-{j}",
                )
                lines = []
                lo, hi = table.low[i][j], table.high[i][j]
                if lo is not None and hi is not None:
                    lines.append(text(tr, TOURNAMENT["interval"], low=_pct(tr, lo), high=_pct(tr, hi)))
                games = table.games[i][j] if table.games is not None else None
                if games is not None and n <= 6:
                    lines.append(text(tr, TOURNAMENT["games"], int(games)))
                if lines:
                    ax.text(
                        j,
                        i + 0.2,
                        "\n".join(lines),
                        ha="center",
                        va="center",
                        color=colour,
                        fontsize=small,
                        linespacing=1.15,
                        gid=f"interval-{i}-{j}",
                    )
        ax.set_xticks(range(n))
        ax.set_yticks(range(n))
        rotate = layout.rotate or figsize is not None and n > 3
        ax.set_xticklabels(labels, rotation=30 if rotate else 0, ha="right" if rotate else "center")
        ax.set_yticklabels(labels)
        ax.tick_params(length=0)
        ax.set_xlabel(text(tr, TOURNAMENT["opponent"]))
        ax.set_ylabel(text(tr, TOURNAMENT["bot"]))
        if colorbar:
            bar = fig.colorbar(image, ax=ax, shrink=0.85, pad=0.02)
            bar.ax.yaxis.set_major_formatter(percent_formatter(tr))
            bar.set_label(text(tr, TOURNAMENT["win_rate"]))
            bar.outline.set_visible(False)
        if own:
            _matrix_heading(fig, heading, notes, layout.top)
        else:  # a teacher's own layout: above the axes, as the other charts
            _subtitle(ax, heading, notes, fontsize=MATRIX_NOTE_SIZE)
    names = tr.format_list(list(table.names))
    describe(fig, text(tr, DESCRIBE["matrix"], n, names=names), "logger-win-rate-matrix")
    return fig


#: Font size of the notes under the win-rate matrix's title (points).
MATRIX_NOTE_SIZE = 8.5


@dataclass(frozen=True, slots=True)
class _MatrixLayout:
    size: tuple[float, float]  # figure size, inches
    rotate: bool  # column labels at 30°
    top: float  # height of the title and notes band, inches


def _matrix_layout(
    tr: Translator,
    labels: list[str],
    heading: str | None,
    notes: list[str],
    big: float,
    small: float,
    colorbar: bool,
) -> _MatrixLayout:
    """Size of the win-rate matrix's figure from its texts in ``tr``'s language.

    Cells are as wide as their widest text (a rate, an interval, "no games",
    a game count) plus padding; the figure is at least as wide as the title and
    each note, and as tall as the title band, the cells and the column labels
    (turned 30° when they are wider than a cell or there are more than 3).
    So 2 bots in Ukrainian get room for the long notes, and 30 bots get cells,
    not slivers.
    """
    n = len(labels)
    sample = [
        text_extent(tr.format_percent(1.0), big, "bold")[0],
        text_extent(text(tr, TOURNAMENT["interval"], low=_pct(tr, 0.88), high=_pct(tr, 1.0)), small)[0],
        text_extent(text(tr, TOURNAMENT["no_games"]), small)[0],
    ]
    lines = 2 if n <= 6 else 1
    if n <= 6:
        sample.append(text_extent(text(tr, TOURNAMENT["games"], 888), small)[0])
    cell_w = max(sample) + 0.3
    cell_h = text_extent("0", big)[1] + lines * text_extent("0", small)[1] + 0.3
    label_w = max(text_extent(label, 10.0)[0] for label in labels)
    label_h = text_extent("Ag", 10.0)[1]
    rotate = n > 3 or label_w > cell_w - 0.1
    axis_label_h = text_extent("Ag", 11.0)[1] + 0.15
    bar_w = (text_extent(tr.format_percent(1.0), 10.0)[0] + axis_label_h + 0.45) if colorbar else 0.0
    x_labels_h = label_w * 0.5 + label_h * 0.87 if rotate else label_h
    width = axis_label_h + label_w + 0.15 + n * cell_w + bar_w + 0.3
    texts_w = [text_extent(note, MATRIX_NOTE_SIZE)[0] for note in notes]
    if heading:
        texts_w.append(text_extent(heading, 13.0, "bold")[0])
    width = max(width, max(texts_w) + 0.4)
    top = (text_extent("Ag", 13.0)[1] + 0.05 if heading else 0.0) + len(notes) * MATRIX_NOTE_SIZE * 1.3 / 72
    top += 0.25
    height = top + n * cell_h + x_labels_h + axis_label_h + 0.3
    return _MatrixLayout((round(width, 2), round(height, 2)), rotate, top)


def _matrix_heading(fig: Figure, heading: str | None, notes: list[str], top: float) -> None:
    """Title and notes in a band across the top of the figure, outside constrained layout.

    Drawn above the axes' area (the layout works below ``top`` inches), so long
    notes in any language never squeeze the heatmap.
    """
    width, height = fig.get_size_inches()
    engine: Any = fig.get_layout_engine()
    engine.set(rect=(0.0, 0.0, 1.0, 1.0 - top / height))
    x = 0.12 / width
    y = 1.0 - 0.1 / height
    if heading:
        fig.text(x, y, heading, ha="left", va="top", fontsize=13, fontweight="bold", gid="title")
        y -= (text_extent("Ag", 13.0)[1] + 0.05) / height
    if notes:
        fig.text(
            x,
            y,
            "\n".join(notes),
            ha="left",
            va="top",
            fontsize=MATRIX_NOTE_SIZE,
            linespacing=1.25,
            gid="result",
        )


def rating_chart(
    ratings: Any,
    *,
    kind: str = "elo",
    locale: str | Translator | None = None,
    ax: Axes | None = None,
    average: float | None = 1500.0,
    figsize: tuple[float, float] | None = None,
    title: bool = True,
) -> Figure:
    """Ratings with their intervals as horizontal error bars, best bot on top.

    Args:
        ratings: a Tournament (then ``kind`` picks ``"elo"`` or ``"bradley_terry"``),
            :class:`~logger_widget.tournament.ratings.Rating` objects or ``(name, rating, low, high)`` tuples.
        kind: which rating a Tournament gives, and the x axis label.
        average: where to draw the "average of the field" line (1500 on the
            project's Elo scale), ``None`` for none.
        locale: as in :func:`win_rate_matrix`.
        ax: as in :func:`win_rate_matrix`.
        figsize: size of a new figure, inches (default from the number of bots).
        title: as in :func:`win_rate_matrix`.

    Returns:
        The figure.
    """
    tr = translator(locale)
    rows = sorted(ratings_rows(ratings, kind), key=lambda r: r.rating)
    n = len(rows)
    with chart_style():
        fig, ax, own = _axes(ax, figsize or (8.0, 2.0 + 0.55 * n))
        ys = list(range(n))
        for y, r in zip(ys, rows):
            finite = math.isfinite(r.low) and math.isfinite(r.high)
            if finite:
                ax.errorbar(
                    [r.rating],
                    [y],
                    xerr=[[r.rating - r.low], [r.high - r.rating]],
                    fmt="o",
                    color="#1A1A1A",
                    ecolor="#1A1A1A",
                    elinewidth=1.8,
                    capsize=5,
                    markersize=7,
                    gid=f"rating-{r.name}",
                )
            else:
                ax.plot([r.rating], [y], "o", color="#1A1A1A", markersize=7, gid=f"rating-{r.name}")
            ax.annotate(
                format_number(tr, round(r.rating)),
                xy=(r.rating, y),
                xytext=(0, 7),
                textcoords="offset points",
                ha="center",
                va="bottom",
                fontsize=9,
            )
        handles = []
        if average is not None:
            handles.append(_reference_line(ax, average, text(tr, TOURNAMENT["average"]), "average"))
        ax.set_yticks(ys)
        ax.set_yticklabels([short_name(r.name) for r in rows])
        ax.set_ylim(-0.7, n - 0.3)
        ax.grid(axis="y", visible=False)
        ax.xaxis.set_major_formatter(number_formatter(tr))
        label = TOURNAMENT["bradley_terry"] if kind == "bradley_terry" else TOURNAMENT["elo"]
        ax.set_xlabel(text(tr, label))
        if handles:
            ax.legend(handles=handles, loc="lower right")
        heading = text(tr, TOURNAMENT["ratings_title"], level=_level(tr)) if title else None
        _subtitle(ax, heading, [])
    items = [  # after the sentence's colon, no second one: "anna with 1,520 (1,480–1,560)"
        text(
            tr,
            DESCRIBE["rating_item"],
            name=r.name,
            rating=text(
                tr,
                TOURNAMENT["rate_interval"],
                rate=format_number(tr, round(r.rating)),
                low=format_number(tr, round(r.low)) if math.isfinite(r.low) else "?",
                high=format_number(tr, round(r.high)) if math.isfinite(r.high) else "?",
            ),
        )
        for r in reversed(rows)
    ]
    sentence = text(tr, DESCRIBE["ratings"], level=_level(tr), ratings=tr.format_list(items))
    describe(fig, sentence, "logger-rating-chart")
    return fig


def first_player_chart(
    data: Any,
    *,
    locale: str | Translator | None = None,
    ax: Axes | None = None,
    expected: float | None = None,
    games: int | None = None,
    figsize: tuple[float, float] | None = None,
    title: bool = True,
) -> Figure:
    """Each seat's win rate with its interval, against the rate if seats made no difference.

    The first player is seat 1; a rate whose interval lies right of the
    dashed "no advantage" line means the seat is an advantage.

    Args:
        data: a Tournament, its ``first_player_advantage()`` records, one
            ``(rate, low, high)`` (the first player of 2-player games) or one per seat.
        expected: the no-advantage rate for plain tuples (default ``1 / seats``).
        games: number of games for plain tuples (written in the note).
        locale: as in :func:`win_rate_matrix`.
        ax: as in :func:`win_rate_matrix`.
        figsize: size of a new figure, inches.
        title: as in :func:`win_rate_matrix`.

    Returns:
        The figure.
    """
    tr = translator(locale)
    rows = seat_rates(data, expected, games)
    n = len(rows)
    with chart_style():
        fig, ax, own = _axes(ax, figsize or (8.0, 2.3 + 0.6 * n))
        ys = list(range(n))[::-1]  # seat 1 on top
        for y, r in zip(ys, rows):
            style = seat_style(r.seat) if 1 <= r.seat <= 4 else None
            colour = style.colour if style else "#1A1A1A"
            ax.errorbar(
                [r.rate],
                [y],
                xerr=[[r.rate - r.low], [r.high - r.rate]],
                fmt=style.marker if style else "o",
                color=colour,
                ecolor=colour,
                elinewidth=2.2,
                capsize=6,
                markersize=9,
                markeredgecolor="#1A1A1A",
                linestyle=style.linestyle if style else "-",
                gid=f"seat-{r.seat}",
            )
            ax.annotate(
                _rate_text(tr, r),
                xy=(r.high, y),
                xytext=(8, 0),
                textcoords="offset points",
                ha="left",
                va="center",
                fontsize=9.5,
                color="#1A1A1A",
            )
        expected_rates = sorted({round(r.expected, 6) for r in rows})
        handles = [
            _reference_line(ax, e, text(tr, TOURNAMENT["no_advantage"], rate=_pct(tr, e)), "no-advantage")
            for e in expected_rates
        ]
        labels = []
        for r in rows:
            player = text(tr, PLAYER, seat=r.seat)
            labels.append(text(tr, TOURNAMENT["first_player"], player=player) if r.seat == 1 else player)
        ax.set_yticks(ys)
        ax.set_yticklabels(labels)
        ax.set_ylim(-0.7, n - 0.3)
        ax.grid(axis="y", visible=False)
        ax.set_xlim(0.0, 1.0)
        ax.xaxis.set_major_formatter(percent_formatter(tr))
        ax.set_xlabel(text(tr, TOURNAMENT["win_rate"]))
        ax.legend(handles=handles, loc="best")
        notes = []
        counts = {r.games for r in rows if r.games is not None}
        if len(counts) == 1:
            notes.append(text(tr, TOURNAMENT["seats_note"], counts.pop(), level=_level(tr)))
        notes.append(text(tr, TOURNAMENT["share_note"]))
        _subtitle(ax, text(tr, TOURNAMENT["first_title"]) if title else None, notes, fontsize=9)
    sentence = text(tr, DESCRIBE["first"], level=_level(tr), seats=first_list(tr, rows))
    describe(fig, sentence, "logger-first-player-chart")
    return fig


def first_list(tr: Translator, rows: Sequence[SeatRate]) -> str:
    """Each seat's rate in the first-player chart's description, after the sentence's colon.

    No second colon, the owner first and "; " between the seats (uk «у гравця 1 (перший гравець) — 41 %
    (37 %–45 %); у гравця 2 — …»), as the other charts' descriptions.
    """
    items = []
    for r in rows:
        player = tr.format(PLAYER_OF, seat=r.seat)
        label = text(tr, TOURNAMENT["first_player"], player=player) if r.seat == 1 else player
        items.append(text(tr, DESCRIBE["first_item"], player=label, rate=_rate_text(tr, r)))
    return "; ".join(items)


def _rate_text(tr: Translator, r: SeatRate) -> str:
    """A seat's rate with its interval for the locale, e.g. "56 % (51 %–61 %)"."""
    return text(
        tr, TOURNAMENT["rate_interval"], rate=_pct(tr, r.rate), low=_pct(tr, r.low), high=_pct(tr, r.high)
    )


def _reference_line(ax: Axes, x: float, label: str, gid: str) -> Line2D:
    """Draw a dashed vertical reference line at ``x``; return its legend handle."""
    dash = (0, (5, 3))
    ax.axvline(x, color=NEUTRAL_COLOUR, linestyle=dash, linewidth=1.2, gid=gid)
    return Line2D([], [], color=NEUTRAL_COLOUR, linestyle=dash, linewidth=1.2, label=label)

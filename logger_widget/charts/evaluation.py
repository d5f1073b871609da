"""The evaluation chart of a reviewed game (:func:`evaluation`): every seat's winning chances, mistakes marked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import MaxNLocator

from ..i18n import Translator
from ..i18n.texts.charts import EVALUATION, PLAYER, SCORES
from ..i18n.texts.review import LABELS
from ..i18n.texts.terms import PLAYER_OF
from ..palette import NEUTRAL_COLOUR, REVIEW_COLOURS, REVIEW_GLYPHS, seat_style
from ..review import Review
from ._common import chart_style, describe, new_figure, percent_formatter, root_figure, text, translator

__all__ = ["evaluation"]

#: The labels marked on the chart, mildest first (``best`` and ``good`` are not marked).
MARKED = ("inaccuracy", "mistake", "blunder")
#: Edge of the label marks: dark, so the light colours (sky blue, orange) stand out on white.
MARK_EDGE = "#1A1A1A"


def evaluation(
    review: Review,
    *,
    locale: str | Translator | None = None,
    ax: Axes | None = None,
    figsize: tuple[float, float] = (9.0, 4.8),
    title: bool = True,
) -> Figure:
    """Every seat's winning chances over a reviewed game, with its inaccuracies, mistakes and blunders.

    * one line per seat: the value of each position of the game for that seat
      (:attr:`Review.values <logger_widget.review.Review.values>`, 0–100 %), in the
      seat's colour and line style (:mod:`logger_widget.palette`, as on the board);
    * at each turn labelled inaccuracy, mistake or blunder, a mark on the mover's line
      after that turn: a disc in the label's colour, larger for worse labels, with its
      glyph (``?!``, ``?``, ``??``) written above it, so the marks differ by size and
      text, not only colour;
    * a grey line at the even share ``1 / players``.

    Args:
        review: a :class:`~logger_widget.review.Review` (from :func:`logger_widget.review.review`).
        locale: ``"uk"``, ``"es"``, ``"en"``, ``None`` (English) or a Translator.
        ax: draw into these axes instead of a new figure.
        figsize: size in inches of a new figure.
        title: write the title.

    Returns:
        The figure (``ax``'s figure when ``ax`` is given); its description (alt text)
        counts each seat's marks.

    Raises:
        TypeError: ``review`` is not a Review, or ``ax`` not an Axes.
    """
    if not isinstance(review, Review):
        raise TypeError(
            f"evaluation() needs a Review (logger_widget.review.review(game)), not {type(review).__name__}"
        )
    if ax is not None and not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes or None, not {type(ax).__name__}")
    tr = translator(locale)
    players = review.players
    x = list(range(len(review.values)))
    with chart_style():
        if ax is None:
            fig: Figure = new_figure(figsize)
            ax = fig.add_subplot()
            own = True
        else:
            fig, own = root_figure(ax), False
        handles: list[Any] = []
        ax.axhline(1.0 / players, color=NEUTRAL_COLOUR, linewidth=1.0, linestyle=(0, (1, 2)), zorder=1)
        for seat in range(1, players + 1):
            style = seat_style(seat)
            y = [row[seat - 1] for row in review.values]
            ax.plot(
                x,
                y,
                color=style.colour,
                linestyle=style.linestyle,
                linewidth=3.0 - 0.4 * (seat - 1),
                zorder=3 + seat,
                gid=f"seat-{seat}",
            )
            handles.append(
                Line2D(
                    [],
                    [],
                    color=style.colour,
                    linestyle=cast(Any, style.linestyle),
                    linewidth=2.4,
                    label=tr.format(PLAYER, seat=seat),
                )
            )
        for index, label in enumerate(MARKED):
            turns = [t for t in review.turns if t.label == label]
            area = 110.0 + 70.0 * index
            if turns:
                xs = [t.ply for t in turns]
                ys = [review.values[t.ply][t.seat - 1] for t in turns]
                ax.scatter(
                    xs,
                    ys,
                    s=area,
                    color=REVIEW_COLOURS[label],
                    edgecolors=MARK_EDGE,
                    linewidths=1.0,
                    zorder=10,
                    gid=f"mark-{label}",
                )
                for px, py in zip(xs, ys):
                    ax.annotate(
                        REVIEW_GLYPHS[label],
                        xy=(px, py),
                        xytext=(0, 8 + 0.5 * area**0.5),
                        textcoords="offset points",
                        ha="center",
                        va="bottom",
                        fontsize=10,
                        fontweight="bold",
                        color="#000000",
                        bbox={
                            "boxstyle": "round,pad=0.15",
                            "facecolor": "white",
                            "edgecolor": "none",
                            "alpha": 0.8,
                        },
                        zorder=11,
                        gid=f"glyph-{label}",
                    )
            handles.append(
                Line2D(
                    [],
                    [],
                    linestyle="none",
                    marker="o",
                    markersize=(area**0.5) * 0.9,
                    markerfacecolor=REVIEW_COLOURS[label],
                    markeredgecolor=MARK_EDGE,
                    label=text(
                        tr, EVALUATION["mark"], label=tr.translate(LABELS[label]), glyph=REVIEW_GLYPHS[label]
                    ),
                )
            )
        ax.set_ylim(-0.04, 1.12)
        ax.set_yticks([0.0, 0.2, 0.4, 0.6, 0.8, 1.0])
        ax.set_xlim(-0.5, max(x[-1], 1) + 0.5)
        ax.yaxis.set_major_formatter(percent_formatter(tr))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel(text(tr, SCORES["turn"]))
        ax.set_ylabel(text(tr, EVALUATION["value"]))
        if title:
            ax.set_title(text(tr, EVALUATION["title"]), loc="left")
        if own:
            ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)
        else:
            ax.legend(handles=handles, loc="best")
    _describe(fig, tr, review)
    return fig


def _describe(fig: Figure, tr: Translator, review: Review) -> None:
    """The chart's description: the number of turns and each seat's inaccuracies, mistakes and blunders."""
    seats = marks_list(tr, [review.counts(seat) for seat in range(1, review.players + 1)])
    sentence = text(tr, EVALUATION["describe"], len(review.turns), seats=seats)
    describe(fig, sentence, "logger-evaluation-chart")


def marks_list(tr: Translator, counts: Sequence[Mapping[str, int]]) -> str:
    """Each seat's inaccuracies, mistakes and blunders (``counts[seat - 1]``), in the chart's description.

    A zero is left out («1 неточність і 1 груба помилка»), none at all is said in words («жодної неточності
    чи помилки»). "; " between the seats: each seat's item is itself a list, and opens with its owner after
    the sentence's colon, with no second colon (uk «у гравця 1 — 1 неточність; у гравця 2 — …»).
    """
    seats = []
    for seat, marked in enumerate(counts, start=1):
        found = [text(tr, EVALUATION[f"count_{label}"], marked[label]) for label in MARKED if marked[label]]
        marks = tr.format_list(found) if found else text(tr, EVALUATION["count_none"])
        seats.append(text(tr, EVALUATION["seat"], player=tr.format(PLAYER_OF, seat=seat), marks=marks))
    return "; ".join(seats)

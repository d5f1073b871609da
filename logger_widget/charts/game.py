"""Charts of one game: the score progression and the forest over time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from ..engine import core
from ..engine.game import Game
from ..i18n import Translator
from ..i18n.texts import terms
from ..i18n.texts.charts import (
    ACTION_PHASE,
    ACTIONS,
    DESCRIBE,
    FOREST,
    PLAYER,
    POINTS,
    RESULT,
    SCORES,
    STAGES,
    STATUS,
)
from ..names import short_name
from ..palette import (
    ACTION_COLOURS,
    ACTION_MARKERS,
    EVENT_COLOUR,
    FOREST_COLOURS,
    FOREST_HATCHES,
    NEUTRAL_COLOUR,
    seat_style,
)
from ._common import chart_style, describe, integer_axis, new_figure, root_figure, text, translator
from .data import Axis, ForestHistory, ScoreHistory, forest_history, score_history

__all__ = ["score_progression", "board_history", "live_chart", "chop_marker_area", "result_lines"]

#: Marker area (points²) per felled tree: a chop of ``n`` trees gets ``n`` times this area.
CHOP_AREA = 34.0
#: Edge of the chop markers: dark, so that the light seat colours (orange) stand out on white.
MARKER_EDGE = "#1A1A1A"
#: The trigger star's area (points²).
TRIGGER_AREA = 360.0
#: Area (points²) of the hollow "now" marker of each seat in a game in progress.
NOW_AREA = 70.0
#: Opacity of the grey band over the last round.
LAST_ROUND_ALPHA = 0.08
STAGE_ORDER = ("seedling", "sapling", "mature", "protested")


def chop_marker_area(felled: int) -> float:
    """Scatter area (points²) of a chop that felled ``felled`` trees: proportional to the count."""
    return CHOP_AREA * felled


def _player(tr: Translator, seat: int) -> str:
    return text(tr, PLAYER, seat=seat)


def _seat_label(
    tr: Translator,
    seat: int,
    points: int,
    names: Sequence[str] | None,
    full: bool = False,
    inside: bool = False,
) -> str:
    """A seat's score line, e.g. "Player 1 (anna): 12 points"; the name shortened (:func:`~logger_widget.names.short_name`) unless ``full``.

    ``inside``: an item of a list inside a sentence that a colon already opened, "12 points for Player 1
    (anna)" (uk «у гравця 1 (anna) — 12 очок», es «12 puntos del jugador 1 (anna)»): no second colon.
    """
    player = tr.format(terms.PLAYER_OF, seat=seat) if inside else _player(tr, seat)
    if names is not None:
        name = names[seat - 1] if full else short_name(names[seat - 1])
        player = text(tr, SCORES["named_seat"], player=player, name=name)
    if inside:
        return text(tr, DESCRIBE["score_item"], player=player, points=text(tr, POINTS, points))
    return text(tr, SCORES["seat"], player=player, points=text(tr, POINTS, points))


def _names(game: Game) -> list[str] | None:
    names = game.metadata.get("names")
    if (
        isinstance(names, (list, tuple))
        and len(names) == game.players
        and all(isinstance(n, str) and n for n in names)
    ):
        return list(names)
    return None


def result_lines(history: ScoreHistory, tr: Translator) -> list[str]:
    """The sentences written under the chart's title: the winner and tie-break, or the game's state.

    Examples (en): ``["Player 2 wins with 11 points"]``,
    ``["Player 2 wins on protesters in supply",
    "Tied on 10 points; protesters in supply: Player 1 has 0; Player 2 has 2"]``,
    ``["Players 1 and 3 share the win", …]``, ``["Game in progress: Player 2 to move"]``.
    """
    outcome = history.outcome
    if outcome is None:
        key = "last_round" if history.trigger is not None else "in_progress"
        return [text(tr, STATUS[key], seat=history.to_move)]
    lines: list[str] = []
    best = max(outcome.scores)
    tied = [s for s in range(1, history.players + 1) if outcome.scores[s - 1] == best]
    if outcome.reason == "repetition":
        lines.append(text(tr, RESULT["repetition"]))
    if outcome.reason == "turn_limit":
        lines.append(text(tr, RESULT["turn_limit"]))
        # the seats inside the sentence («En cabeza al detenerse: jugador 1 y jugador 3»), not labels
        players = tr.format_list([tr.format(terms.PLAYER_IN_SENTENCE, seat=s) for s in outcome.winners])
        lines.append(text(tr, RESULT["ahead"], players=players))
        return lines
    if outcome.tie_break == "score":
        lines.append(text(tr, RESULT["wins"], best, seat=outcome.winners[0]))
        return lines
    if outcome.tie_break == "protesters":
        lines.append(text(tr, RESULT["wins_on_protesters"], seat=outcome.winners[0]))
    else:
        players = tr.format_list([tr.format(terms.PLAYER_IN_SENTENCE, seat=s) for s in outcome.winners])
        lines.append(text(tr, RESULT["share"], players=players))
    supplies = supply_list(tr, {s: outcome.supplies[s - 1] for s in tied})
    lines.append(text(tr, RESULT["tied"], best, supplies=supplies))
    return lines


def supply_list(tr: Translator, supplies: dict[int, int]) -> str:
    """The protesters in each tied seat's supply, after the tie line's colon: "Player 1 has 2; Player 2 has 1".

    No second colon; the items are joined by "; ", not by the language's "and": each item opens with its
    owner (uk «у гравця 1 — 2; у гравця 2 — 1»), and «… 2 і у гравця 2» would put «у» between vowels.
    """
    return "; ".join(
        text(tr, RESULT["supply"], player=tr.format(terms.PLAYER_OF, seat=seat), n=tr.format_number(n))
        for seat, n in supplies.items()
    )


def score_list(tr: Translator, points: Sequence[int], names: Sequence[str] | None = None) -> str:
    """Every seat's final points in the score chart's description, joined by "; " as :func:`supply_list`.

    "10 points for Player 1; 3 points for Player 2" (uk «у гравця 1 — 10 очок; у гравця 2 — 3 очки»).
    """
    return "; ".join(
        _seat_label(tr, seat, p, names, full=True, inside=True) for seat, p in enumerate(points, start=1)
    )


def _subtitle(ax: Axes, title: str | None, lines: list[str], fontsize: float = 10.0) -> None:
    """Title (bold) with ``lines`` under it, both above the axes; constrained layout keeps room for them."""
    line_height = fontsize * 1.3
    pad = 6.0 + line_height * len(lines)
    if title:
        ax.set_title(title, loc="left", pad=pad)
    if lines:
        ax.annotate(
            "\n".join(lines),
            xy=(0, 1),
            xycoords="axes fraction",
            xytext=(0, 5),
            textcoords="offset points",
            ha="left",
            va="bottom",
            fontsize=fontsize,
            linespacing=1.25,
            gid="result",
            annotation_clip=False,
        )


def _axes(ax: Axes | None, figsize: tuple[float, float]) -> tuple[Figure, Axes, bool]:
    if ax is None:
        fig = new_figure(figsize)
        return fig, fig.add_subplot(), True
    if not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes or None, not {type(ax).__name__}")
    return root_figure(ax), ax, False


def _legend(ax: Axes, handles: list[Any], own: bool) -> None:
    if own:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)
    else:
        ax.legend(handles=handles, loc="best")


def _xlim(ax: Axes, x: Sequence[float], minimum: float, step: float) -> None:
    """X limits from the start to the last turn (at least ``minimum`` wide), with room for markers."""
    right = max(x[-1], x[0] + minimum)
    margin = max(0.8 * step, (right - x[0]) * 0.012)
    ax.set_xlim(x[0] - margin, right + margin)


def _step(by: Axis, players: int) -> float:
    """Width of one turn on the x axis."""
    return 1.0 if by == "turn" else 1.0 / players


def score_progression(
    game: Game,
    *,
    locale: str | Translator | None = None,
    ax: Axes | None = None,
    by: Axis = "turn",
    figsize: tuple[float, float] = (9.0, 5.0),
    title: bool = True,
) -> Figure:
    """Every seat's points over the game, with its chops, the 10-point line and the end.

    * one step line per seat (colour, line style and marker of the seat, see
      :mod:`logger_widget.palette`), its legend entry giving the final points;
    * a marker of the seat's shape at every chop, its area proportional to the
      trees felled (domino effect included);
    * a dashed line at 10 points (reaching it triggers the end), a star where
      the end was triggered, the last round shaded, a black line where the game
      ended;
    * under the title, the winner and, on a tie, the tie-break ("Player 2 wins
      on protesters in supply", "Players 1 and 3 share the win"), or the state
      of a game still in progress.

    Args:
        game: a finished game or one in progress (2–4 players).
        locale: ``"uk"``, ``"es"``, ``"en"`` (any tag :func:`~logger_widget.i18n.negotiate`
            accepts), ``None`` for English, or a :class:`~logger_widget.i18n.Translator`.
        ax: draw into these axes (a teacher's own figure) instead of a new figure.
        by: x axis in ``"turn"`` s or ``"round"`` s.
        figsize: size in inches of a new figure.
        title: write the chart's title (the result lines are always written).

    Returns:
        The figure (``ax``'s figure when ``ax`` is given).

    Raises:
        TypeError: ``game`` is not a Game or ``ax`` not an Axes.
        ValueError: ``by`` is not ``"turn"`` or ``"round"``.
    """
    tr = translator(locale)
    history = score_history(game)
    x = history.x(by)
    names = _names(game)
    with chart_style():
        fig, ax, own = _axes(ax, figsize)
        handles = _seat_lines(ax, tr, history, x, names)
        handles += _chop_size_handles(tr, history)
        handles += _end_events(ax, tr, history, x)
        top = max(max(max(row) for row in history.scores) + 1.5, core.TARGET_SCORE + 2.0)
        ax.set_ylim(-0.3, top)
        _xlim(ax, x, 2.0 * history.players * _step(by, history.players), _step(by, history.players))
        integer_axis(ax.xaxis, tr)
        integer_axis(ax.yaxis, tr)
        ax.set_xlabel(text(tr, SCORES["round" if by == "round" else "turn"]))
        ax.set_ylabel(text(tr, SCORES["points"]))
        _subtitle(ax, text(tr, SCORES["title"]) if title else None, result_lines(history, tr))
        _legend(ax, handles, own)
    _describe_scores(fig, tr, history, names)
    return fig


def _seat_lines(
    ax: Axes, tr: Translator, history: ScoreHistory, x: Sequence[float], names: list[str] | None
) -> list[Any]:
    """Each seat's step line, chop markers and (game in progress) where it stands; its legend handles."""
    handles: list[Any] = []
    # a marker on the line would be misplaced; the legend shows the seat's full style
    for seat in range(1, history.players + 1):
        style = seat_style(seat)
        y = history.seat_scores(seat)
        label = _seat_label(tr, seat, y[-1], names)
        ax.plot(
            x,
            y,
            drawstyle="steps-post",
            color=style.colour,
            linestyle=style.linestyle,
            linewidth=3.6 - 0.5 * (seat - 1),
            zorder=3 + seat,
            label=label,
            gid=f"seat-{seat}",
            solid_capstyle="butt",
            dash_capstyle="butt",
        )
        handles.append(
            Line2D(
                [],
                [],
                color=style.colour,
                linestyle=cast(Any, style.linestyle),
                linewidth=2.2,
                marker=style.marker,
                markersize=7,
                markeredgecolor=MARKER_EDGE,
                label=label,
            )
        )
        chops = [c for c in history.chops if c.seat == seat]
        if chops:
            ax.scatter(
                [x[c.turn] for c in chops],
                [c.score for c in chops],
                s=[chop_marker_area(c.points) for c in chops],
                marker=style.marker,
                color=style.colour,
                edgecolors=MARKER_EDGE,
                linewidths=0.7,
                zorder=10 + seat,
                gid=f"chops-{seat}",
            )
        if not history.is_over:  # where each seat stands now (a new game has no line to see yet)
            ax.scatter(
                [x[-1]],
                [y[-1]],
                s=NOW_AREA * (1.6 - 0.25 * (seat - 1)),
                marker=style.marker,
                facecolors="none",
                edgecolors=style.colour,
                linewidths=2.0,
                zorder=15 + seat,
                gid=f"now-{seat}",
            )
    return handles


def _chop_size_handles(tr: Translator, history: ScoreHistory) -> list[Any]:
    """Legend entries for up to four chop sizes of the game (marker area = trees felled)."""
    handles: list[Any] = []
    sizes = sorted({c.points for c in history.chops})
    if len(sizes) > 4:
        sizes = [sizes[0], sizes[len(sizes) // 3], sizes[2 * len(sizes) // 3], sizes[-1]]
    for n in sizes:
        handles.append(
            Line2D(
                [],
                [],
                linestyle="none",
                marker="o",
                color=NEUTRAL_COLOUR,
                markeredgecolor=MARKER_EDGE,
                markersize=chop_marker_area(n) ** 0.5,
                label=text(tr, SCORES["chop"], n),
            )
        )

    return handles


def _end_events(ax: Axes, tr: Translator, history: ScoreHistory, x: Sequence[float]) -> list[Any]:
    """The 10-point line, where the end was triggered, the last round and the end; their legend handles."""
    handles: list[Any] = []
    target = core.TARGET_SCORE
    ax.axhline(target, color=NEUTRAL_COLOUR, linestyle=(0, (5, 3)), linewidth=1.2, zorder=2, gid="target")
    ax.annotate(
        text(tr, SCORES["target"], target),
        xy=(0, target),
        xycoords=("axes fraction", "data"),
        xytext=(4, 3),
        textcoords="offset points",
        ha="left",
        va="bottom",
        fontsize=9,
        color="#4D4D4D",
        gid="target-label",
    )

    end_x = x[-1] if history.is_over else None
    if history.trigger is not None:
        tx = x[history.trigger]
        ax.axvspan(
            tx, x[-1], color=EVENT_COLOUR, alpha=LAST_ROUND_ALPHA, linewidth=0, zorder=1, gid="last-round"
        )
        if history.trigger_seat is not None:
            ty = history.scores[history.trigger][history.trigger_seat - 1]
            ax.scatter(
                [tx],
                [ty],
                marker="*",
                s=TRIGGER_AREA,
                facecolors="none",
                edgecolors=EVENT_COLOUR,
                linewidths=1.4,
                zorder=20,
                gid="end-triggered",
            )
            handles.append(
                Line2D(
                    [],
                    [],
                    linestyle="none",
                    marker="*",
                    markersize=14,
                    markerfacecolor="none",
                    markeredgecolor=EVENT_COLOUR,
                    markeredgewidth=1.4,
                    label=text(tr, SCORES["triggered"]),
                )
            )
        if tx < x[-1] or not history.is_over:  # no last round when the last seat triggered it
            handles.append(
                Patch(
                    facecolor=EVENT_COLOUR,
                    alpha=LAST_ROUND_ALPHA,
                    linewidth=0,
                    label=text(tr, SCORES["last_round"]),
                )
            )
    if end_x is not None and history.end_reason != "turn_limit":
        ax.axvline(end_x, color=EVENT_COLOUR, linewidth=1.4, zorder=2, gid="game-over")
        handles.append(Line2D([], [], color=EVENT_COLOUR, linewidth=1.4, label=text(tr, SCORES["game_over"])))

    return handles


def _describe_scores(fig: Figure, tr: Translator, history: ScoreHistory, names: list[str] | None) -> None:
    """The score chart's description: every seat's final points (full names) and the result."""
    finals = score_list(tr, history.scores[-1][: history.players], names)
    result = ". ".join(result_lines(history, tr)) + "."  # each line under the title, a sentence here
    sentence = text(tr, DESCRIBE["score"], history.turns, players=finals, result=result)
    describe(fig, sentence, "logger-score-chart")


def live_chart(game: Game, locale: str | Translator | None = None) -> Figure:
    """The chart the board widget refreshes after each turn: :func:`score_progression`, compact.

    ``board.chart()`` is ``live_chart(board.game, board.locale)``; to show it in
    an ``ipywidgets.Image``, use ``to_png(live_chart(game, locale))``.
    """
    return score_progression(game, locale=locale, figsize=(7.5, 4.2))


# --------------------------------------------------------------------------- the forest


def _stage_values(history: ForestHistory) -> dict[str, tuple[int, ...]]:
    return {
        "seedling": history.seedlings,
        "sapling": history.saplings,
        "mature": history.mature,
        "protested": history.protested,
    }


def _stage_patch(tr: Translator, stage: str) -> Patch:
    return Patch(
        facecolor=FOREST_COLOURS[stage],
        edgecolor="#333333",
        hatch=FOREST_HATCHES[stage],
        linewidth=0.6,
        label=text(tr, STAGES[stage]),
    )


def _bands(x: Sequence[float], values: Sequence[float]) -> tuple[list[float], list[float]]:
    """Step data where the position after turn ``k`` is a band one turn wide centred on ``x[k]``.

    Drawn with ``step="post"``, every position has its own width, the start
    (turn 0) and the last position included; plain ``x`` would give the last
    position no width at all and a new game (one position) nothing to see.
    """
    half = (x[1] - x[0]) / 2 if len(x) > 1 else 0.5
    edges = [v - half for v in x] + [x[-1] + half]
    return edges, [*values, values[-1]]


def _fill(
    ax: Axes, x: Sequence[float], low: Sequence[float], high: Sequence[float], stage: str, gid: str
) -> None:
    edges, low_steps = _bands(x, low)
    _, high_steps = _bands(x, high)
    ax.fill_between(
        edges,
        low_steps,
        high_steps,
        step="post",
        facecolor=FOREST_COLOURS[stage],
        edgecolor="#333333",
        hatch=FOREST_HATCHES[stage],
        linewidth=0.0,
        gid=gid,
    )


def _forest_top(history: ForestHistory) -> float:
    """Top of the y axis: room above the biggest forest; the whole 20-tree limit once the forest nears it."""
    most = max(history.trees)
    return core.MAX_TREES + 1.5 if most >= core.MAX_TREES - 6 else max(10.0, most + 3.0)


def _limit_line(ax: Axes, tr: Translator) -> Line2D:
    ax.axhline(core.MAX_TREES, color=NEUTRAL_COLOUR, linestyle=(0, (5, 3)), linewidth=1.2, gid="limit")
    return Line2D(
        [],
        [],
        color=NEUTRAL_COLOUR,
        linestyle=(0, (5, 3)),
        linewidth=1.2,
        label=text(tr, FOREST["limit"], core.MAX_TREES),
    )


def _action_strip(ax: Axes, history: ForestHistory, x: Sequence[float], tr: Translator) -> list[Any]:
    handles = []
    for kind in ("plant", "protest", "chop"):
        turns = [a for a in history.actions if a.kind == kind]
        if turns:
            ax.scatter(
                [x[a.turn] for a in turns],
                [a.seat for a in turns],
                marker=ACTION_MARKERS[kind],
                color=ACTION_COLOURS[kind],
                s=30,
                linewidths=0.4,
                edgecolors="#333333",
                zorder=3,
                gid=f"action-{kind}",
            )
        handles.append(
            Line2D(
                [],
                [],
                linestyle="none",
                marker=ACTION_MARKERS[kind],
                color=ACTION_COLOURS[kind],
                markeredgecolor="#333333",
                markeredgewidth=0.4,
                markersize=7,
                label=text(tr, ACTIONS[kind]),
            )
        )
    ax.set_ylim(history.players + 0.6, 0.4)
    ax.set_yticks(range(1, history.players + 1))
    ax.set_yticklabels([_player(tr, s) for s in range(1, history.players + 1)], fontsize=8)
    ax.grid(axis="y", visible=False)
    ax.set_title(text(tr, ACTION_PHASE), loc="left", fontsize=10, fontweight="normal", pad=3)
    return handles


def board_history(
    game: Game,
    *,
    locale: str | Translator | None = None,
    ax: Axes | Sequence[Axes] | None = None,
    by: Axis = "turn",
    kind: str = "area",
    figsize: tuple[float, float] | None = None,
    title: bool = True,
) -> Figure:
    """The forest over the game: seedlings, saplings, mature trees and protested trees after every turn.

    ``kind="area"`` (default): one stacked area (seedlings at the bottom,
    protested trees on top, total = trees on the board, the 20-tree limit
    dashed), with a strip underneath showing who did which action each turn.
    ``kind="small"``: small multiples, one panel per part of the forest on the
    same scales, the total as a thin grey line in each.

    Args:
        game: a finished game or one in progress.
        locale: as in :func:`score_progression`.
        ax: draw into existing axes: for ``"area"`` one Axes (no action strip)
            or two (area, strip); for ``"small"`` four.
        by: ``"turn"`` or ``"round"``.
        kind: ``"area"`` or ``"small"``.
        figsize: size of a new figure (default 9 × 5.6 in for "area", 9 × 6 for "small").
        title: write the title.

    Returns:
        The figure.

    Raises:
        ValueError: unknown ``kind`` or ``by``, or the wrong number of axes.
    """
    if kind not in ("area", "small"):
        raise ValueError(f"kind must be 'area' or 'small', not {kind!r}")
    tr = translator(locale)
    history = forest_history(game)
    fig = _board_history(history, tr, ax, by, kind, figsize, title)
    values = _stage_values(history)
    # after the sentence's colon, counts without a colon of their own («3 seedlings, 2 saplings…»), a stage
    # with none left out
    found = [
        text(tr, DESCRIBE[f"forest_{stage}"], values[stage][-1]) for stage in STAGE_ORDER if values[stage][-1]
    ]
    stages = tr.format_list(found) if found else text(tr, DESCRIBE["forest_none"])
    describe(fig, text(tr, DESCRIBE["forest"], history.turns, stages=stages), "logger-forest-chart")
    return fig


def _board_history(
    history: ForestHistory,
    tr: Translator,
    ax: Axes | Sequence[Axes] | None,
    by: Axis,
    kind: str,
    figsize: tuple[float, float] | None,
    title: bool,
) -> Figure:
    x = history.x(by)
    values = _stage_values(history)
    xlabel = text(tr, SCORES["round" if by == "round" else "turn"])
    ylabel = text(tr, FOREST["trees"])
    heading = text(tr, FOREST["title"]) if title else None
    axes: list[Axes]
    fig: Figure
    with chart_style():
        if kind == "area":
            strip: Axes | None
            if ax is None:
                fig = new_figure(figsize or (9.0, 5.6))
                main, strip = fig.subplots(2, 1, sharex=True, height_ratios=[4, 0.6 + 0.35 * history.players])
                own = True
            else:
                axes = [ax] if isinstance(ax, Axes) else list(ax)
                if len(axes) not in (1, 2) or not all(isinstance(a, Axes) for a in axes):
                    raise ValueError("for kind='area', ax must be one Axes or a pair (area, action strip)")
                main, strip = axes[0], (axes[1] if len(axes) == 2 else None)
                fig, own = root_figure(main), False
            low = [0] * len(x)
            handles: list[Any] = []
            for stage in STAGE_ORDER:
                high = [a + b for a, b in zip(low, values[stage])]
                _fill(main, x, low, high, stage, gid=f"stage-{stage}")
                low = high
            main.plot(*_bands(x, low), drawstyle="steps-post", color="#1A1A1A", linewidth=1.0, gid="total")
            handles.extend(_stage_patch(tr, stage) for stage in reversed(STAGE_ORDER))
            top = _forest_top(history)
            if top > core.MAX_TREES:
                handles.append(_limit_line(main, tr))
            main.set_ylim(0, top)
            _xlim(main, x, 2.0 * history.players * _step(by, history.players), _step(by, history.players))
            integer_axis(main.yaxis, tr)
            integer_axis(main.xaxis, tr)
            main.set_ylabel(ylabel)
            if heading:
                main.set_title(heading, loc="left")
            if strip is not None:
                handles.extend(_action_strip(strip, history, x, tr))
                strip.set_xlabel(xlabel)
                integer_axis(strip.xaxis, tr)
            else:
                main.set_xlabel(xlabel)
            if own:
                main.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)
            else:
                main.legend(handles=handles, loc="upper left", fontsize=8)
            return fig
        # small multiples
        if ax is None:
            fig = new_figure(figsize or (9.0, 6.0))
            grid = fig.subplots(2, 2, sharex=True, sharey=True)
            axes = list(grid.flat)
            own = True
        else:
            axes = [ax] if isinstance(ax, Axes) else list(ax)
            if len(axes) != 4 or not all(isinstance(a, Axes) for a in axes):
                raise ValueError("for kind='small', ax must be a sequence of four Axes")
            fig, own = root_figure(axes[0]), False
        total = history.trees
        for panel, stage in zip(axes, STAGE_ORDER):
            panel.plot(*_bands(x, total), drawstyle="steps-post", color="#9A9A9A", linewidth=1.0, gid="total")
            _fill(panel, x, [0] * len(x), values[stage], stage, gid=f"stage-{stage}")
            panel.plot(
                *_bands(x, values[stage]),
                drawstyle="steps-post",
                color="#1A1A1A",
                linewidth=1.0,
                gid=f"line-{stage}",
            )
            panel.set_title(text(tr, STAGES[stage]), loc="left", fontsize=10, fontweight="normal")
            panel.set_ylim(0, _forest_top(history))
            if panel is axes[0]:
                panel.legend(
                    handles=[
                        Line2D([], [], color="#9A9A9A", linewidth=1.0, label=text(tr, FOREST["all_trees"]))
                    ],
                    loc="upper right",
                    fontsize=8,
                )
            _xlim(panel, x, 2.0 * history.players * _step(by, history.players), _step(by, history.players))
            integer_axis(panel.xaxis, tr)
            integer_axis(panel.yaxis, tr)
        if own:
            for panel in axes[2:]:
                panel.set_xlabel(xlabel)
            for panel in axes[::2]:
                panel.set_ylabel(ylabel)
            if heading:
                fig.suptitle(heading, x=0.01, ha="left", fontsize=13, fontweight="bold")
        else:
            for panel in axes:
                panel.set_xlabel(xlabel)
                panel.set_ylabel(ylabel)
    return fig

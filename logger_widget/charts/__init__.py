"""Charts of Logger games and bot tournaments, in Ukrainian, Spanish and English.

Object-oriented matplotlib only (no pyplot): every function returns a
:class:`matplotlib.figure.Figure` that shows itself as a picture in Jupyter,
or draws into the ``ax`` it is given and returns that axes' figure. Texts come
from :mod:`logger_widget.i18n.texts.charts` through a
:class:`~logger_widget.i18n.Translator`; numbers are formatted for the locale;
seats use :mod:`logger_widget.palette` (colour-blind safe, and told apart by
marker and line style too). See ``docs/charts.md``.

Game charts
    :func:`score_progression`, :func:`board_history`, :func:`live_chart`
Review charts
    :func:`evaluation`
Tournament charts
    :func:`win_rate_matrix`, :func:`rating_chart`, :func:`first_player_chart`
Descriptions (alt text)
    :func:`description`
Data behind the game charts
    :func:`score_history`, :func:`forest_history`
"""

from __future__ import annotations

from ._common import CHART_RC, REFERENCE_RC, ChartFigure, chart_style, description, reference_style, to_png
from .data import Chop, ForestHistory, ScoreHistory, TurnAction, forest_history, score_history
from .evaluation import evaluation
from .game import board_history, live_chart, result_lines, score_progression
from .tournament import (
    RatingRow,
    SeatRate,
    WinRates,
    first_player_chart,
    rating_chart,
    ratings_rows,
    seat_rates,
    win_rate_matrix,
    win_rates,
)

__all__ = [
    "CHART_RC",
    "REFERENCE_RC",
    "ChartFigure",
    "Chop",
    "ForestHistory",
    "RatingRow",
    "SeatRate",
    "WinRates",
    "ScoreHistory",
    "TurnAction",
    "board_history",
    "chart_style",
    "description",
    "evaluation",
    "first_player_chart",
    "forest_history",
    "live_chart",
    "rating_chart",
    "ratings_rows",
    "reference_style",
    "result_lines",
    "score_history",
    "score_progression",
    "seat_rates",
    "to_png",
    "win_rate_matrix",
    "win_rates",
]

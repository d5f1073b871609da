"""Shared plumbing of the charts: style, figures, translators and number formatters.

Object-oriented matplotlib only: figures are :class:`ChartFigure` objects (a
:class:`matplotlib.figure.Figure` that knows how to show itself as a PNG in
Jupyter), never pyplot figures, so nothing touches pyplot's global state and
a figure that is no longer referenced is simply garbage-collected.
"""

from __future__ import annotations

import base64
import contextlib
import html
import io
from collections.abc import Iterator
from typing import Any

import matplotlib
import matplotlib.style
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import TextToPath
from matplotlib.ticker import FuncFormatter, MaxNLocator

from ..i18n import PluralMessage, PMessage, PPluralMessage, Translator

__all__ = [
    "CHART_RC",
    "REFERENCE_RC",
    "DPI",
    "ChartFigure",
    "chart_style",
    "reference_style",
    "translator",
    "text",
    "new_figure",
    "root_figure",
    "format_number",
    "number_formatter",
    "percent_formatter",
    "integer_axis",
    "to_png",
    "describe",
    "description",
    "text_extent",
]

#: Resolution of the figures (and of the PNG shown in a notebook).
DPI = 100

#: The charts' own look, applied on top of whatever style is active while a
#: chart is built. DejaVu Sans ships with matplotlib and has Cyrillic, so
#: Ukrainian text never falls back to a font without the glyphs.
CHART_RC: dict[str, Any] = {
    "font.family": ["DejaVu Sans"],
    "font.size": 10.0,
    "axes.titlesize": 13.0,
    "axes.titleweight": "bold",
    "axes.titlelocation": "left",
    "axes.labelsize": 11.0,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "axes.axisbelow": True,
    "grid.color": "#DDDDDD",
    "grid.linewidth": 0.8,
    "grid.linestyle": "-",
    "legend.fontsize": 9.0,
    "legend.frameon": False,
    "lines.linewidth": 2.2,
    "lines.markersize": 6.0,
    "figure.facecolor": "white",
    "axes.facecolor": "white",
    "savefig.facecolor": "white",
    "text.parse_math": False,  # bot names and "$" in labels are shown as written
    "axes.unicode_minus": True,
}

#: Settings that make renderings reproducible, for baselines and image tests:
#: matplotlib's default style, DejaVu Sans and the hinting matplotlib's own
#: image tests use (``matplotlib.testing.set_font_settings_for_testing``).
REFERENCE_RC: dict[str, Any] = {
    "font.family": ["DejaVu Sans"],
    "text.hinting": "default",
    "text.antialiased": True,
    "svg.hashsalt": "matplotlib",
    "path.simplify": True,
}


@contextlib.contextmanager
def chart_style() -> Iterator[None]:
    """Apply :data:`CHART_RC` while a chart's artists are created."""
    rc: Any = CHART_RC
    with matplotlib.rc_context(rc):
        yield


@contextlib.contextmanager
def reference_style() -> Iterator[None]:
    """Matplotlib's ``"default"`` style plus :data:`REFERENCE_RC`, the baselines' rendering.

    Wrap both building *and* saving a chart in it to get the committed baselines' rendering.
    """
    rc: Any = REFERENCE_RC
    with matplotlib.style.context("default"), matplotlib.rc_context(rc):
        yield


class ChartFigure(Figure):
    """A :class:`~matplotlib.figure.Figure` that shows itself as a PNG in Jupyter, with alt text.

    In a fresh kernel where pyplot was never imported, IPython has no
    formatter for figures and would print ``<Figure size …>``; this class adds
    ``_repr_mimebundle_``: the PNG (with its localized description as the
    ``alt`` metadata), an ``<img alt="…">`` for HTML exports (nbconvert's lab
    template ignores PNG metadata) and the description as plain text.
    """

    def _repr_png_(self) -> bytes:
        return to_png(self)

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        png = to_png(self)
        alt = description(self)
        encoded = base64.b64encode(png).decode("ascii")
        data = {
            "image/png": encoded,
            "text/html": f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{encoded}">',
            "text/plain": alt or repr(self),
        }
        return data, {"image/png": {"alt": alt}}


def describe(figure: Figure, sentence: str, gid: str) -> None:
    """Give ``figure`` a chart's localized description (alt text) and a ``gid``.

    The description is kept on the figure (:func:`description`), written into
    PNG files made by :func:`to_png` (the ``Description`` text chunk) and
    shown as the ``alt`` text of the notebook output. Several charts drawn into
    one figure (``ax=``) add their sentences one after the other.
    """
    sentences = list(getattr(figure, "_logger_descriptions", []))
    sentences.append(sentence)
    figure._logger_descriptions = sentences  # type: ignore[attr-defined]
    if figure.get_gid() is None:
        figure.set_gid(gid)


def description(figure: Figure) -> str:
    """The localized description of the charts in ``figure`` ("" when it has none)."""
    return " ".join(getattr(figure, "_logger_descriptions", []))


def to_png(figure: Figure, dpi: float | None = None) -> bytes:
    """The figure as PNG bytes (for an ``ipywidgets.Image`` or a file).

    ``savefig`` picks the Agg renderer for PNG whatever the figure's canvas,
    so no backend or pyplot is involved. The chart's description (see
    :func:`describe`) is stored in the PNG's ``Description`` text chunk.
    """
    buf = io.BytesIO()
    metadata = {"Description": description(figure)} if description(figure) else None
    figure.savefig(buf, format="png", dpi=dpi if dpi is not None else figure.dpi, metadata=metadata)
    return buf.getvalue()


_TEXT_TO_PATH = TextToPath()


def text_extent(value: str, size: float, weight: str = "normal") -> tuple[float, float]:
    """Width and height in inches of ``value`` (one or more lines) in the charts' font at ``size`` points.

    Measured with the font's glyph metrics (no renderer needed), so figure
    sizes can be computed from their texts before anything is drawn.
    """
    prop = FontProperties(family=CHART_RC["font.family"], size=size, weight=weight)
    lines = value.split("\n") or [""]
    width = 0.0
    for line in lines:
        w, _, _ = _TEXT_TO_PATH.get_text_width_height_descent(line or " ", prop, ismath=False)
        width = max(width, w)
    return width / 72.0, len(lines) * size * 1.25 / 72.0


def translator(locale: str | Translator | None) -> Translator:
    """A :class:`~logger_widget.i18n.Translator` for ``locale``.

    ``locale`` is a language tag, ``None`` (English) or a Translator (used as it is).
    """
    if isinstance(locale, Translator):
        return locale
    return Translator(locale)


def text(
    tr: Translator,
    message: str | PMessage | PluralMessage | PPluralMessage,
    n: int | None = None,
    /,
    **kwargs: Any,
) -> str:
    """Translate a message of :mod:`logger_widget.i18n.texts.charts` and fill its placeholders.

    Count messages (``NN_``/``NNP_``) need ``n`` (formatted for the locale into ``{n}``).
    """
    if isinstance(message, (PluralMessage, PPluralMessage)):
        if n is None:
            raise TypeError(f"{message!r} is a count message: give n")
        return tr.count(message, n, **kwargs)
    return tr.format(message, **kwargs)


def new_figure(figsize: tuple[float, float], dpi: float = DPI) -> ChartFigure:
    """A new :class:`ChartFigure` with constrained layout."""
    return ChartFigure(figsize=figsize, dpi=dpi, layout="constrained")


def root_figure(ax: Axes) -> Figure:
    """The top-level figure of ``ax`` (through sub-figures)."""
    fig: Any = ax.figure
    while (
        fig is not None
        and getattr(fig, "figure", fig) is not fig
        and getattr(fig, "figure", None) is not None
    ):
        fig = fig.figure
    return fig


def format_number(tr: Translator, value: float) -> str:
    """``value`` for the locale, by the package's one formatter :meth:`Translator.format_number`."""
    return tr.format_number(value)


def number_formatter(tr: Translator) -> FuncFormatter:
    """Tick labels as locale numbers (decimal comma in uk/es), see :func:`format_number`."""
    return FuncFormatter(lambda value, _pos=None: format_number(tr, value))


def percent_formatter(tr: Translator) -> FuncFormatter:
    """Tick labels as locale percentages (``0.5`` → en "50%", es "50 %")."""
    return FuncFormatter(lambda value, _pos=None: tr.format_percent(value))


def integer_axis(axis: Any, tr: Translator) -> None:
    """Whole-number ticks with locale formatting."""
    axis.set_major_locator(MaxNLocator(integer=True))
    axis.set_major_formatter(number_formatter(tr))

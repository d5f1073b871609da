"""The seat palette: one colour, marker, line style and hatch per seat, defined once.

Seat colours come from the Okabe–Ito palette (Okabe, M. & Ito, K. (2008),
"Color Universal Design — how to make figures and presentations that are
friendly to colorblind people"), which stays distinguishable for the common
colour-vision deficiencies (protanopia, deuteranopia, tritanopia). On top of
that, every seat also has its own **marker**, **line style** and **hatch**, so
that seats can be told apart with no colour at all (a black-and-white print, a
projector that washes colours out, a colour-blind student).

The charts (:mod:`logger_widget.charts`) and the board widget
(:mod:`logger_widget.board.widget`, ``static/``) both import this module: change a
colour here and it changes everywhere.

Usage::

    from logger_widget.palette import SEAT_COLOURS, seat_style
    SEAT_COLOURS[1]                     # '#0072B2' (seat 1, blue)
    style = seat_style(2)               # SeatStyle(seat=2, colour='#D55E00', marker='s', …)
    ax.plot(x, y, **style.line_kwargs())
    palette_json()                      # plain dict for the widget's JavaScript / CSS

Names: British spelling (``colour``) as elsewhere in the project; the
matplotlib keyword is ``color``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from types import MappingProxyType
from typing import Any

__all__ = [
    "OKABE_ITO",
    "SEAT_COLOURS",
    "SEAT_MARKERS",
    "SEAT_LINESTYLES",
    "SEAT_DASHARRAYS",
    "SEAT_SHAPES",
    "SEAT_HATCHES",
    "SEAT_TEXT_COLOURS",
    "SeatStyle",
    "SEAT_STYLES",
    "seat_style",
    "FOREST_COLOURS",
    "FOREST_HATCHES",
    "TREE_COLOURS",
    "ACTION_COLOURS",
    "ACTION_MARKERS",
    "EVENT_COLOUR",
    "NEUTRAL_COLOUR",
    "DIVERGING",
    "REVIEW_COLOURS",
    "REVIEW_GLYPHS",
    "REVIEW_TURN_COLOURS",
    "contrast_ratio",
    "palette_json",
]

#: The eight Okabe–Ito colours, by their usual names.
OKABE_ITO: MappingProxyType[str, str] = MappingProxyType(
    {
        "black": "#000000",
        "orange": "#E69F00",
        "sky_blue": "#56B4E9",
        "bluish_green": "#009E73",
        "yellow": "#F0E442",
        "blue": "#0072B2",
        "vermillion": "#D55E00",
        "reddish_purple": "#CC79A7",
    }
)

# The seat colours are the ones the board has always used (static/board.js):
# blue, vermillion, reddish purple, orange. Bluish green is kept out of the
# seats because the board marks growth in green, and yellow and sky blue are
# too light for pieces and lines. Orange is the lightest (contrast 2.25:1 on
# white), so seat 4 never relies on colour alone: it is the only dotted line
# and the only diamond, and chart markers get a dark edge.

#: Colour of each seat (1–4), hex ``#RRGGBB``.
SEAT_COLOURS: MappingProxyType[int, str] = MappingProxyType(
    {
        1: OKABE_ITO["blue"],
        2: OKABE_ITO["vermillion"],
        3: OKABE_ITO["reddish_purple"],
        4: OKABE_ITO["orange"],
    }
)

#: Matplotlib marker of each seat: circle, square, triangle, diamond.
SEAT_MARKERS: MappingProxyType[int, str] = MappingProxyType({1: "o", 2: "s", 3: "^", 4: "D"})

#: The same shapes by name, for the widget's SVG/CSS.
SEAT_SHAPES: MappingProxyType[int, str] = MappingProxyType(
    {1: "circle", 2: "square", 3: "triangle", 4: "diamond"}
)

#: Matplotlib line style of each seat: solid, dashed, dash-dot, dotted.
SEAT_LINESTYLES: MappingProxyType[int, str] = MappingProxyType({1: "-", 2: "--", 3: "-.", 4: ":"})

#: The same line styles as SVG ``stroke-dasharray`` values (in units of the line width ≈ 2 px).
SEAT_DASHARRAYS: MappingProxyType[int, str] = MappingProxyType({1: "none", 2: "7 3", 3: "7 2 2 2", 4: "2 2"})

#: Matplotlib hatch of each seat, for bars and areas.
SEAT_HATCHES: MappingProxyType[int, str] = MappingProxyType({1: "", 2: "//", 3: "\\\\", 4: "xx"})


def _luminance(colour: str) -> float:
    """Relative luminance (WCAG 2.x) of a ``#RRGGBB`` colour."""
    text = colour.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"expected a colour like '#0072B2', not {colour!r}")
    channels = []
    for i in (0, 2, 4):
        c = int(text[i : i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG contrast ratio (1–21) between two ``#RRGGBB`` colours."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _text_on(colour: str) -> str:
    """Black or white, whichever contrasts more with ``colour``."""
    return "#000000" if contrast_ratio(colour, "#000000") >= contrast_ratio(colour, "#FFFFFF") else "#FFFFFF"


#: Text colour to write on each seat colour (black or white, the higher WCAG contrast).
SEAT_TEXT_COLOURS: MappingProxyType[int, str] = MappingProxyType(
    {seat: _text_on(colour) for seat, colour in SEAT_COLOURS.items()}
)


@dataclass(frozen=True, slots=True)
class SeatStyle:
    """Everything that tells a seat apart, with or without colour.

    Attributes:
        seat: 1–4.
        colour: ``#RRGGBB`` (Okabe–Ito).
        text_colour: black or white, readable on ``colour``.
        marker: matplotlib marker (``"o"``, ``"s"``, ``"^"``, ``"D"``).
        shape: the marker's name for SVG/CSS (``"circle"``, ``"square"``…).
        linestyle: matplotlib line style (``"-"``, ``"--"``, ``"-."``, ``":"``).
        dasharray: the line style as an SVG ``stroke-dasharray``.
        hatch: matplotlib hatch for filled areas and bars.
    """

    seat: int
    colour: str
    text_colour: str
    marker: str
    shape: str
    linestyle: str
    dasharray: str
    hatch: str

    def line_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``Axes.plot``: colour, line style and marker."""
        return {"color": self.colour, "linestyle": self.linestyle, "marker": self.marker}

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict."""
        return asdict(self)


#: The style of each seat (1–4).
SEAT_STYLES: MappingProxyType[int, SeatStyle] = MappingProxyType(
    {
        seat: SeatStyle(
            seat=seat,
            colour=SEAT_COLOURS[seat],
            text_colour=SEAT_TEXT_COLOURS[seat],
            marker=SEAT_MARKERS[seat],
            shape=SEAT_SHAPES[seat],
            linestyle=SEAT_LINESTYLES[seat],
            dasharray=SEAT_DASHARRAYS[seat],
            hatch=SEAT_HATCHES[seat],
        )
        for seat in (1, 2, 3, 4)
    }
)


def seat_style(seat: int) -> SeatStyle:
    """The :class:`SeatStyle` of ``seat`` (1–4).

    Raises:
        ValueError: a seat outside 1–4.
    """
    if isinstance(seat, bool) or seat not in SEAT_STYLES:
        raise ValueError(f"seat must be 1, 2, 3 or 4, not {seat!r}")
    return SEAT_STYLES[seat]


# --------------------------------------------------------------------------- the forest

#: Colours of the forest's parts (board history chart): a light-to-dark green
#: ramp for the growth stages (told apart by lightness, so safe for every
#: colour vision and in grey scale) and Okabe–Ito sky blue for protested trees
#: (no seat colour, so nobody reads a seat into it).
FOREST_COLOURS: MappingProxyType[str, str] = MappingProxyType(
    {
        "seedling": "#C7E9C0",
        "sapling": "#74C476",
        "mature": "#1B7837",
        "protested": OKABE_ITO["sky_blue"],
    }
)

#: Colours of a tree drawn as a piece (the board widget and every static board, :mod:`logger_widget.svg`):
#: the fills of its tiers, the large (bottom) pyramid first, dark to light so the tiers read apart; a
#: seedling's one tier in a lighter green of its own; the pyramids' outline, the trunk and its
#: outline; the protester's cap (Okabe–Ito yellow, no seat colour).
TREE_COLOURS: MappingProxyType[str, Any] = MappingProxyType(
    {
        "tiers": ("#1e6b35", "#2f8f4b", "#55b365"),
        "seedling": "#7cc68a",
        "outline": "#0f2d18",
        "trunk": "#7a4b24",
        "trunk_outline": "#3b2410",
        "protester": OKABE_ITO["yellow"],
    }
)

#: Hatches of the forest's parts, so the stacked areas read without colour too.
FOREST_HATCHES: MappingProxyType[str, str] = MappingProxyType(
    {"seedling": "", "sapling": "..", "mature": "", "protested": "xx"}
)

#: Colours of the three actions (action strip of the board history chart); none is a seat colour.
ACTION_COLOURS: MappingProxyType[str, str] = MappingProxyType(
    {"plant": OKABE_ITO["bluish_green"], "protest": OKABE_ITO["sky_blue"], "chop": "#1A1A1A"}
)

#: Markers of the three actions: plant ▲ (a tree appears), protest ✚, chop ▼ (trees fall).
ACTION_MARKERS: MappingProxyType[str, str] = MappingProxyType({"plant": "^", "protest": "P", "chop": "v"})

#: Colour of game events drawn over the seats (end triggered, game over, the 10-point line).
EVENT_COLOUR = "#000000"
#: Grey for reference lines, grids and missing cells.
NEUTRAL_COLOUR = "#767676"

# --------------------------------------------------------------------------- the review

#: Colour of each review label. Inaccuracy, mistake and blunder are lichess's choice
#: (sky blue, orange, red), here their Okabe–Ito versions; they never stand alone: every
#: mark also carries its glyph (:data:`REVIEW_GLYPHS`).
REVIEW_COLOURS: MappingProxyType[str, str] = MappingProxyType(
    {
        "best": OKABE_ITO["bluish_green"],
        "good": NEUTRAL_COLOUR,
        "inaccuracy": OKABE_ITO["sky_blue"],
        "mistake": OKABE_ITO["orange"],
        "blunder": OKABE_ITO["vermillion"],
    }
)

#: The chess annotation glyph of each label (the same in every language, like cell names).
REVIEW_GLYPHS: MappingProxyType[str, str] = MappingProxyType(
    {"best": "!", "good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
)

#: The two turns drawn on the board in review mode: the turn played (vermillion, dashed) and the
#: better turn (bluish green, solid). Told apart by line style and an icon, not only colour.
REVIEW_TURN_COLOURS: MappingProxyType[str, str] = MappingProxyType(
    {"played": OKABE_ITO["vermillion"], "better": OKABE_ITO["bluish_green"]}
)

#: Diverging colour ramp for win rates (low → 50 % → high): Okabe–Ito vermillion,
#: near-white, Okabe–Ito blue. Red–blue diverging ramps stay readable for
#: red–green colour blindness.
DIVERGING: tuple[str, str, str] = (OKABE_ITO["vermillion"], "#F7F7F7", OKABE_ITO["blue"])


def palette_json() -> dict[str, Any]:
    """The whole palette as a JSON-ready dict (for the widget's JavaScript and CSS).

    Keys: ``seats`` (seat number as text → :meth:`SeatStyle.to_dict`),
    ``forest``, ``actions``, ``event``, ``neutral``, ``diverging``, ``review`` (label → colour),
    ``review_turns`` (``played``/``better`` → colour).
    """
    return {
        "seats": {str(seat): style.to_dict() for seat, style in SEAT_STYLES.items()},
        "forest": dict(FOREST_COLOURS),
        "actions": dict(ACTION_COLOURS),
        "event": EVENT_COLOUR,
        "neutral": NEUTRAL_COLOUR,
        "diverging": list(DIVERGING),
        "review": dict(REVIEW_COLOURS),
        "review_turns": dict(REVIEW_TURN_COLOURS),
    }

"""A Logger position drawn as static SVG: the one pure renderer (python-chess's ``chess.svg`` is the model).

It imports no UI library (no widget, no kernel): the class game service draws the teacher's
dashboard with it, and so can anything else that shows a position without the board widget. The
pieces (:func:`tree`, :func:`logger`, :func:`ghost`, :func:`stump`) are drawn here only: the board
widget's front end gets their markup with its view (:func:`pieces`), so a piece or a colour changed
here changes on every board.

The dashboard shows many games at once on a projector and on a phone: each board is one
``<svg>`` drawn from the position, with the project's
palette (:mod:`logger_widget.palette`: the seat colours of the loggers, the tree's colours) and
the cell names a1–e5 along the edges, as on the widget. Every
cell has a ``<title>`` in the reader's language (the board's own cell labels, "c3, seedling"),
so a screen reader or a hover says what stands there; the last turn's path is a dashed line in
the colour of the seat that played it.

The colours of the squares come from CSS variables (``--lw-cell-a``, ``--lw-cell-b``,
``--lw-frame``, ``--lw-ink``) that the page sets for its light and dark themes.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .engine import Position
from .engine.cells import FILES, RANKS
from .engine.turn import Turn
from .i18n import Translator
from .i18n.texts import terms
from .i18n.texts.board import CELL
from .palette import SEAT_COLOURS, SEAT_TEXT_COLOURS, TREE_COLOURS

__all__ = ["CELL_SIZE", "board_svg", "ghost", "logger", "move_path", "pieces", "stump", "tree"]

#: Side of a cell in SVG units; the board is 5 cells plus a margin of half a cell for the names.
CELL_SIZE = 100
_MARGIN = 50

# tiers of a tree seen from the side (large, medium, small pyramid): 1, 2 or 3 stacked, so the stage
# shows in the silhouette as well as the size (a seedling 60 %, a sapling 80 % of a mature tree)
_TIERS = ("M15 86 L50 36 L85 86 Z", "M25 60 L50 18 L75 60 Z", "M34 36 L50 5 L66 36 Z")
_STAGE_TIERS = {"seedling": 1, "sapling": 2, "mature": 3}
_STAGE_SCALE = {"seedling": "0.6", "sapling": "0.8"}
_INK = "#1b1b1b"  # the outline of loggers and protesters


def move_path(before: Position, turn: Turn) -> list[str]:
    """The cells the logger went through: start, the free middle cell of a 2-step move, end.

    Movement is orthogonal only (docs/rules.md, "Movement"): a diagonal or
    straight 2-step move goes through a middle cell next to both ends that was
    free (no tree, no logger) before the turn. A stay is one cell.
    """
    o, d = turn.origin, turn.destination
    if o == d:
        return [o]
    fo, ro = FILES.index(o[0]), int(o[1])
    fd, rd = FILES.index(d[0]), int(d[1])
    if abs(fo - fd) + abs(ro - rd) <= 1:
        return [o, d]
    occupied = set(before.trees) | set(before.loggers)
    middles = [f"{FILES[f]}{r}" for f, r in ((fo, rd), (fd, ro), ((fo + fd) // 2, (ro + rd) // 2))]
    for m in middles:
        mf, mr = FILES.index(m[0]), int(m[1])
        next_to_both = abs(mf - fo) + abs(mr - ro) == 1 and abs(mf - fd) + abs(mr - rd) == 1
        if next_to_both and m not in occupied:
            return [o, m, d]
    return [o, d]  # pragma: no cover - a legal 2-step move always has a free middle cell


def tree(stage: str, protested: bool = False) -> str:
    """A tree of ``stage`` (``"seedling"``, ``"sapling"``, ``"mature"``) as SVG markup in a 100 × 100 cell.

    One ``<g class="lw-piece lw-tree">`` with ``data-piece`` (and ``data-protested``); ``protested``
    puts the protester's cap on its top. The board widget draws its trees with this markup (its
    view's ``pieces``) and :func:`board_svg` its cells, so every board shows the same tree.

    Raises:
        KeyError: an unknown stage.
    """
    tiers = _STAGE_TIERS[stage]
    fills = (TREE_COLOURS["seedling"],) if stage == "seedling" else TREE_COLOURS["tiers"]
    scale = _STAGE_SCALE.get(stage)
    out = [
        f'<g class="lw-piece lw-tree" data-piece="{stage}"'
        + (' data-protested="true"' if protested else "")
        + (f' transform="translate(50 94) scale({scale}) translate(-50 -94)"' if scale else "")
        + ">",
        f'<rect x="44" y="84" width="12" height="10" rx="2" fill="{TREE_COLOURS["trunk"]}" '
        f'stroke="{TREE_COLOURS["trunk_outline"]}" stroke-width="2"/>',
    ]
    for path, fill in zip(_TIERS[:tiers], fills):
        out.append(
            f'<path d="{path}" fill="{fill}" stroke="{TREE_COLOURS["outline"]}" stroke-width="3" '
            'stroke-linejoin="round"/>'
        )
    if protested:  # the protester: a bright cap on the top of the tree, with a "!" sign
        cap = TREE_COLOURS["protester"]
        out.append(
            f'<g class="lw-protester"><path d="M33 17 Q33 -3 50 -3 Q67 -3 67 17 Z" fill="{cap}" stroke="{_INK}" '
            f'stroke-width="3" stroke-linejoin="round"/><rect x="27" y="15" width="46" height="8" rx="4" '
            f'fill="{cap}" stroke="{_INK}" stroke-width="3"/><rect x="47.5" y="1" width="5" height="8" '
            f'rx="1.5" fill="{_INK}"/><circle cx="50" cy="12.5" r="2.2" fill="{_INK}"/></g>'
        )
    return "".join(out) + "</g>"


_PAWN = "M28 86 Q28 56 40 48 L60 48 Q72 56 72 86 Z"


def logger(seat: int) -> str:
    """Seat ``seat``'s logger (1–4) as SVG markup in a 100 × 100 cell: a pawn in the seat's colour with its number.

    Raises:
        KeyError: a seat outside 1–4.
    """
    fill, ink = SEAT_COLOURS[seat], SEAT_TEXT_COLOURS[seat]
    return (
        f'<g class="lw-piece lw-logger" data-piece="logger-{seat}">'
        '<ellipse cx="50" cy="86" rx="27" ry="7" fill="rgba(0,0,0,0.18)"/>'
        f'<path d="{_PAWN}" fill="{fill}" stroke="{_INK}" stroke-width="3" stroke-linejoin="round"/>'
        f'<circle cx="50" cy="31" r="15" fill="{fill}" stroke="{_INK}" stroke-width="3"/>'
        f'<text x="50" y="79" text-anchor="middle" font-size="27" font-weight="800" fill="{ink}" '
        f'font-family="system-ui, sans-serif">{seat}</text></g>'
    )


def ghost(seat: int) -> str:
    """Where seat ``seat``'s logger stood before the last turn: a dashed outline of its pawn (SVG markup).

    Raises:
        KeyError: a seat outside 1–4.
    """
    colour = SEAT_COLOURS[seat]
    return (
        '<g class="lw-ghost" aria-hidden="true" opacity="0.8">'
        f'<path d="{_PAWN}" fill="none" stroke="{colour}" stroke-width="4" stroke-dasharray="7 5" '
        'stroke-linejoin="round"/>'
        f'<circle cx="50" cy="31" r="15" fill="none" stroke="{colour}" stroke-width="4" stroke-dasharray="7 5"/></g>'
    )


def stump() -> str:
    """A felled tree's stump (SVG markup in a 100 × 100 cell)."""
    outline = TREE_COLOURS["trunk_outline"]
    return (
        '<g class="lw-stump" aria-hidden="true">'
        f'<ellipse cx="50" cy="84" rx="14" ry="5" fill="#a8743f" stroke="{outline}" stroke-width="2.5"/>'
        f'<path d="M36 84 L36 74 Q50 68 64 74 L64 84" fill="#c58d52" stroke="{outline}" stroke-width="2.5"/>'
        f'<ellipse cx="50" cy="74" rx="14" ry="5" fill="#e2b07a" stroke="{outline}" stroke-width="2.5"/></g>'
    )


def pieces() -> dict[str, Any]:
    """Every piece's markup, for the board widget's front end (sent once, with the view's static part).

    Keys: ``tree`` and ``protested`` (stage → :func:`tree`), ``logger`` and ``ghost`` (seat as
    text, ``"1"``–``"4"`` → :func:`logger`, :func:`ghost`), ``stump`` (:func:`stump`).
    """
    return {
        "tree": {stage: tree(stage) for stage in _STAGE_TIERS},
        "protested": {stage: tree(stage, protested=True) for stage in _STAGE_TIERS},
        "logger": {str(seat): logger(seat) for seat in SEAT_COLOURS},
        "ghost": {str(seat): ghost(seat) for seat in SEAT_COLOURS},
        "stump": stump(),
    }


def _origin(cell: str) -> tuple[int, int]:
    """Top-left corner of ``cell`` in SVG units (rank 5 at the top)."""
    return _MARGIN + FILES.index(cell[0]) * CELL_SIZE, _MARGIN + (4 - RANKS.index(cell[1])) * CELL_SIZE


def _content(tr: Translator, position: Position, cell: str, loggers: dict[str, int]) -> str:
    if cell in loggers:
        return tr.format(CELL["logger"], seat=loggers[cell])
    stage = position.trees.get(cell)
    if stage is None:
        return tr.translate(CELL["empty"])
    if cell in position.protested:
        return tr.translate(CELL["protested"])
    return tr.translate(terms.PIECES[stage])


def board_svg(
    position: Position, tr: Translator, *, label: str, last: tuple[Position, Turn] | None = None
) -> str:
    """The position as an ``<svg>`` element (text), 600 × 600 units, scaled by its container.

    Args:
        position: the position to draw.
        tr: the reader's translator (cell titles).
        label: the board's accessible name (``aria-label``), e.g. "Game 12: olena – taras".
        last: ``(position before, turn)`` of the last turn, to draw the logger's path; or ``None``.

    Returns:
        SVG markup; every cell is a ``<g data-cell="c3" data-piece="...">`` with a ``<title>``.
    """
    side = 2 * _MARGIN + 5 * CELL_SIZE
    loggers = {cell: seat for seat, cell in enumerate(position.loggers, start=1)}
    parts = [
        f'<svg class="board" viewBox="0 0 {side} {side}" role="img" aria-label="{escape(label)}" '
        f'xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">',
        f'<rect x="{_MARGIN - 8}" y="{_MARGIN - 8}" width="{5 * CELL_SIZE + 16}" height="{5 * CELL_SIZE + 16}" '
        'rx="14" class="frame"/>',
    ]
    for r, rank in enumerate(RANKS):
        for f, file in enumerate(FILES):
            cell = file + rank
            x, y = _origin(cell)
            piece = position.piece_at(cell) or "empty"
            title = tr.format(CELL["label"], cell=cell, content=_content(tr, position, cell, loggers))
            shade = "a" if (r + f) % 2 == 0 else "b"
            parts.append(
                f'<g data-cell="{cell}" data-piece="{piece}" transform="translate({x} {y})">'
                f"<title>{escape(title)}</title>"
                f'<rect width="{CELL_SIZE}" height="{CELL_SIZE}" class="cell-{shade}"/>'
            )
            if cell in loggers:
                parts.append(logger(loggers[cell]))
            elif cell in position.trees:
                parts.append(tree(position.trees[cell], cell in position.protested))
            parts.append("</g>")
    for i, file in enumerate(FILES):  # cell names along the edges, as on the widget
        cx = _MARGIN + i * CELL_SIZE + CELL_SIZE // 2
        parts.append(
            f'<text class="coord" x="{cx}" y="{side - 12}" text-anchor="middle" font-size="30">{file}</text>'
        )
    for i, rank in enumerate(RANKS):
        cy = _MARGIN + (4 - i) * CELL_SIZE + CELL_SIZE // 2 + 10
        parts.append(
            f'<text class="coord" x="{_MARGIN // 2 - 4}" y="{cy}" text-anchor="middle" font-size="30">{rank}</text>'
        )
    if last is not None:
        before, turn = last
        seat = before.to_move
        path = move_path(before, turn)
        points = " ".join(f"{_origin(c)[0] + CELL_SIZE // 2},{_origin(c)[1] + CELL_SIZE // 2}" for c in path)
        if len(path) > 1:
            parts.append(
                f'<polyline class="last-turn" points="{points}" fill="none" stroke="{SEAT_COLOURS[seat]}" '
                'stroke-width="8" stroke-dasharray="14 8" stroke-linecap="round" opacity="0.8"/>'
            )
    parts.append("</svg>")
    return "".join(parts)

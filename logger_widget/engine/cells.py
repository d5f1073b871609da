"""Cells of the 5×5 Logger board: names, indices and precomputed bit masks.

A cell is addressed by an index ``0 <= i < 25`` with ``i = rank * 5 + file``
(``file`` 0–4 for ``a``–``e``, ``rank`` 0–4 for ``1``–``5``), so ``a1`` is 0,
``e1`` is 4, ``c3`` is 12 and ``e5`` is 24 (docs/rules.md, "Pieces and board":
files ``a``–``e`` left to right, ranks ``1``–``5`` bottom to top).

A set of cells is an ``int`` bit mask with bit ``i`` set for cell ``i``
(a "bitboard"). Everything here is orthogonal only: the rules have no
diagonals.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

__all__ = [
    "ADJACENT",
    "CELL_NAMES",
    "CORNERS",
    "FILES",
    "FULL",
    "LINES",
    "NEIGHBOURHOOD2",
    "RANKS",
    "RAYS",
    "bits",
    "cell_index",
    "cell_name",
    "cells_of",
    "distance",
    "mask_of",
]

#: File letters, left to right, and rank digits, bottom to top (docs/rules.md, "Pieces and board").
FILES = "abcde"
RANKS = "12345"
SIZE = 5
N_CELLS = SIZE * SIZE
FULL = (1 << N_CELLS) - 1

CELL_NAMES: tuple[str, ...] = tuple(FILES[i % SIZE] + RANKS[i // SIZE] for i in range(N_CELLS))
_INDEX = {name: i for i, name in enumerate(CELL_NAMES)}

#: Corner cells in the order used for default setups (docs/rules.md, "Setup").
CORNERS: tuple[int, ...] = (0, 4, 24, 20)  # a1, e1, e5, a5


def cell_index(name: str) -> int:
    """Index 0–24 of the cell called ``name`` (``"a1"`` … ``"e5"``, case-insensitive).

    Raises:
        ValueError: ``name`` is not a cell of the 5×5 board (the message names it).
        TypeError: ``name`` is not a string.

    >>> cell_index("a1"), cell_index("C3"), cell_index("e5")
    (0, 12, 24)
    """
    if not isinstance(name, str):
        raise TypeError(f"cell name must be a string like 'c3', not {type(name).__name__} {name!r}")
    i = _INDEX.get(name.strip().lower())
    if i is None:
        raise ValueError(f"{name!r} is not a cell: cells are a1 to e5 (files a-e, ranks 1-5)")
    return i


def cell_name(index: int) -> str:
    """Name (``"a1"`` … ``"e5"``) of the cell with index ``0 <= index < 25``.

    Raises:
        ValueError: the index is out of range.
    """
    if not isinstance(index, int) or not 0 <= index < N_CELLS:
        raise ValueError(f"cell index must be an int from 0 to 24, not {index!r}")
    return CELL_NAMES[index]


def distance(a: int, b: int) -> int:
    """Orthogonal (Manhattan) distance between cells ``a`` and ``b``: the steps a logger needs, 0–8."""
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


def bits(mask: int) -> Iterator[int]:
    """Yield the cell indices set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cells_of(mask: int) -> tuple[str, ...]:
    """Cell names in ``mask``, in index order (a1, b1, …, e1, a2, …)."""
    return tuple(CELL_NAMES[i] for i in bits(mask))


def mask_of(cells: Iterable[int]) -> int:
    """Bit mask of an iterable of cell indices."""
    m = 0
    for i in cells:
        m |= 1 << i
    return m


def _adjacent(i: int) -> int:
    f, r = i % SIZE, i // SIZE
    m = 0
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        ff, rr = f + df, r + dr
        if 0 <= ff < SIZE and 0 <= rr < SIZE:
            m |= 1 << (rr * SIZE + ff)
    return m


#: ``ADJACENT[i]``: mask of the (2 to 4) cells orthogonally adjacent to cell ``i``.
ADJACENT: tuple[int, ...] = tuple(_adjacent(i) for i in range(N_CELLS))

#: ``LINES[i]``: mask of the whole rank and file through cell ``i`` (cell ``i`` included).
LINES: tuple[int, ...] = tuple(
    mask_of(j for j in range(N_CELLS) if j % SIZE == i % SIZE or j // SIZE == i // SIZE)
    for i in range(N_CELLS)
)

#: ``NEIGHBOURHOOD2[i]``: cells at orthogonal (Manhattan) distance 1 or 2 from ``i``.
NEIGHBOURHOOD2: tuple[int, ...] = tuple(
    mask_of(j for j in range(N_CELLS) if 1 <= abs(j % SIZE - i % SIZE) + abs(j // SIZE - i // SIZE) <= 2)
    for i in range(N_CELLS)
)


def _ray(origin: int, target: int) -> tuple[int, ...]:
    """Bits of the cells beyond ``target`` on the line from ``origin`` through it."""
    df = target % SIZE - origin % SIZE
    dr = target // SIZE - origin // SIZE
    out = []
    f, r = target % SIZE + df, target // SIZE + dr
    while 0 <= f < SIZE and 0 <= r < SIZE:
        out.append(1 << (r * SIZE + f))
        f, r = f + df, r + dr
    return tuple(out)


#: ``RAYS[(origin, target)]`` for adjacent cells: the bits of the cells further
#: along the straight line from ``origin`` through ``target`` (the direction a
#: chopped tree falls: away from the logger), nearest first.
RAYS: dict[tuple[int, int], tuple[int, ...]] = {
    (i, j): _ray(i, j) for i in range(N_CELLS) for j in bits(ADJACENT[i])
}

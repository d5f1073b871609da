"""LPN — Logger Position Notation: reading and writing the raw state.

LPN (docs/rules.md, "LPN") is one line of four space-separated fields, e.g. the
2-player start ``....2/...../..s../...../1.... 1 0,0 2,2``:

1. the board, ranks 5 down to 1 separated by ``/``, files a→e:
   ``.`` empty, ``s`` seedling, ``a`` sapling, ``m`` mature tree,
   ``p`` mature tree with a protester, ``1``–``4`` the logger of that seat;
2. the seat to move, 1-based;
3. the scores by seat, comma separated (their number is the number of players);
4. the protesters in each seat's supply, comma separated.

:func:`parse_lpn` and :func:`format_lpn` are a round-tripping pair over the raw
:data:`~logger_widget.engine.core.State`; :class:`~logger_widget.Position`
wraps them as ``Position.from_lpn`` and ``Position.to_lpn``.
"""

from __future__ import annotations

import re

from . import core
from .cells import CELL_NAMES
from .errors import LPNError

__all__ = ["format_lpn", "parse_lpn"]

_NUMBER = re.compile(r"^(0|[1-9][0-9]{0,5})$")


def parse_lpn(text: str) -> core.State:
    """The raw state written by the LPN string ``text`` (outer white space is ignored).

    Raises:
        LPNError: a ``ValueError`` naming the input, the wrong field and why:
            wrong number of fields, bad ranks or characters, missing or
            duplicated loggers, counts out of range, more than 20 trees, or
            a protester total different from the game's.
    """
    if not isinstance(text, str):
        raise LPNError(repr(text), "format", f"LPN must be a string, not {type(text).__name__}")
    fields = text.strip().split(" ")
    if len(fields) != 4:
        raise LPNError(text, "format", f"expected 4 fields separated by single spaces, found {len(fields)}")
    board, to_move_s, scores_s, supplies_s = fields

    def numbers(field: str, value: str) -> tuple[int, ...]:
        items = value.split(",")
        for item in items:
            if not _NUMBER.fullmatch(item):
                raise LPNError(
                    text, field, f"{item!r} is not a whole number >= 0 (no signs, no leading zeros)"
                )
        return tuple(int(item) for item in items)

    scores = numbers("scores", scores_s)
    players = len(scores)
    if not 2 <= players <= 4:
        raise LPNError(text, "scores", f"{players} entries: Logger is for 2, 3 or 4 players")
    supplies = numbers("supplies", supplies_s)
    if len(supplies) != players:
        raise LPNError(text, "supplies", f"{len(supplies)} entries for {players} players")
    if not _NUMBER.fullmatch(to_move_s) or not 1 <= int(to_move_s) <= players:
        raise LPNError(text, "to_move", f"{to_move_s!r} is not a seat from 1 to {players}")

    ranks = board.split("/")
    if len(ranks) != 5:
        raise LPNError(text, "board", f"expected 5 ranks separated by '/', found {len(ranks)}")
    seed = sap = mat = prot = 0
    loggers: list[int | None] = [None] * players
    for row, rank in enumerate(ranks):
        if len(rank) != 5:
            raise LPNError(text, "board", f"rank {5 - row} {rank!r} has {len(rank)} cells, expected 5")
        for f, ch in enumerate(rank):
            i = (4 - row) * 5 + f
            b = 1 << i
            if ch == ".":
                continue
            if ch == "s":
                seed |= b
            elif ch == "a":
                sap |= b
            elif ch == "m":
                mat |= b
            elif ch == "p":
                mat |= b
                prot |= b
            elif ch in "1234":
                seat = int(ch)
                if seat > players:
                    raise LPNError(
                        text, "board", f"logger {seat} on {CELL_NAMES[i]} but there are {players} players"
                    )
                if loggers[seat - 1] is not None:
                    raise LPNError(text, "board", f"logger {seat} appears twice")
                loggers[seat - 1] = i
            else:
                raise LPNError(
                    text, "board", f"unknown character {ch!r} on {CELL_NAMES[i]} (use . s a m p 1-4)"
                )
    missing = [str(s + 1) for s, c in enumerate(loggers) if c is None]
    if missing:
        raise LPNError(text, "board", f"logger(s) {', '.join(missing)} missing")
    trees = (seed | sap | mat).bit_count()
    if trees > core.MAX_TREES:
        raise LPNError(
            text, "board", f"{trees} trees, but at most {core.MAX_TREES} fit (the game has 20 large pyramids)"
        )
    total = core.total_protesters(players)
    if prot.bit_count() + sum(supplies) != total:
        raise LPNError(
            text,
            "supplies",
            f"{sum(supplies)} in supplies + {prot.bit_count()} on trees != {total}, "
            f"the protesters of a {players}-player game",
        )
    cells = tuple(c for c in loggers if c is not None)
    return (seed, sap, mat, prot, cells, int(to_move_s) - 1, scores, supplies)


def format_lpn(state: core.State) -> str:
    """The LPN string of a raw state (``parse_lpn(format_lpn(s)) == s``)."""
    seed, sap, mat, prot, loggers, mover, scores, supplies = state
    chars = ["."] * 25
    for i in range(25):
        b = 1 << i
        if seed & b:
            chars[i] = "s"
        elif sap & b:
            chars[i] = "a"
        elif prot & b:
            chars[i] = "p"
        elif mat & b:
            chars[i] = "m"
    for seat, c in enumerate(loggers):
        chars[c] = str(seat + 1)
    board = "/".join("".join(chars[r * 5 : r * 5 + 5]) for r in range(4, -1, -1))
    return f"{board} {mover + 1} {','.join(map(str, scores))} {','.join(map(str, supplies))}"

"""Each pupil's own version of the nbgrader course: numbers and positions drawn from a secret and the name.

A shared answer sheet is worthless when two pupils' questions differ. :func:`draw` turns the
teacher's secret (:func:`read_secret`: 32 random bytes in a file only the teacher can read) and a
pupil's account name into a :class:`Variant` with HMAC-SHA256 (:mod:`hmac`): the sample-size
question's half-width and rate, the game-value question's position (one of
:data:`~logger_widget.classroom.exercises.backward_induction.GAME_VALUE_VARIANTS`, worth 0 or ½ to
Player 1), one of the board's eight symmetries (rotations and reflections of the 5 × 5 board, which
keep every rule: :func:`transform_lpn`) for the positions of the game-value and protester
questions, and for the kingmaker question the points added to every
player's score (the same game with other numbers) and the letters its four statements are shown
under (:func:`~logger_widget.classroom.exercises.kingmaker.order_options`). The parameters of the formative notebooks
(:data:`DEFAULT`) are never drawn, so their answers are wrong in the course: no variant's game
value is the formative position's 1.

The teacher's side only holds the secret: the judge (:mod:`logger_widget.classroom.judge`)
draws each pupil's variant again when it grades; the released notebook carries the
class's variants (parameters, no answers), so that each pupil's kernel shows its own
(:func:`logger_widget.classroom.course.pupil_variant`). The package's checkers judge a
variant's question only inside :func:`judging`, entered with the secret and the pupil's name
(:func:`~logger_widget.classroom.feedback.formative_unless_judged`); anywhere else — the
pupil's kernel, a terminal, a new interpreter — they answer that they do not judge it.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import itertools
import os
import re
import secrets
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..engine.position import Position
from . import feedback
from .exercises import BACKWARD_INDUCTION, KINGMAKER, PROTESTER_ENDGAME
from .exercises.backward_induction import GAME_VALUE_VARIANTS
from .exercises.first_player import SAMPLE_HALF_WIDTH, SAMPLE_RATE, right_sample_sizes, sample_size_params
from .exercises.kingmaker import OPTIONS, score_params, with_points

__all__ = [
    "DEFAULT",
    "GAME_VALUE_LPNS",
    "HALF_WIDTHS",
    "KINGMAKER_POINTS",
    "RATES",
    "Variant",
    "draw",
    "judging",
    "read_secret",
    "transform_cells",
    "transform_lpn",
]

#: The half-widths and rates a pupil's sample-size question may ask for (never both the default's).
HALF_WIDTHS = (0.02, 0.025, 0.03, 0.035, 0.04, 0.05)
RATES = (0.5, 0.4, 0.3)
#: The points a pupil's kingmaker position adds to every player's score (never the default's 0).
KINGMAKER_POINTS = (1, 2, 3, 4, 5)
#: The positions of the course's questions, before a variant's symmetry (the game-value
#: question's is one of :data:`GAME_VALUE_LPNS`).
POSITIONS: Mapping[str, str] = {"game_value": BACKWARD_INDUCTION.lpn, "protester": PROTESTER_ENDGAME.lpn}
#: The game-value question's positions by :attr:`Variant.game_value`: 0 the formative notebooks'
#: (worth 1 to Player 1), then the course's own (worth 0 or ½).
GAME_VALUE_LPNS: tuple[str, ...] = (BACKWARD_INDUCTION.lpn, *(e.lpn for e in GAME_VALUE_VARIANTS))
_SIZE = 5
_CELL = re.compile(r"([a-e])([1-5])(?![0-9])")


def _map(file: int, rank: int, symmetry: int) -> tuple[int, int]:
    """Cell ``(file, rank)`` (0–4 each) under symmetry 0–7: bit 0 mirrors files, bit 1 ranks, bit 2 swaps them."""
    if symmetry & 1:
        file = _SIZE - 1 - file
    if symmetry & 2:
        rank = _SIZE - 1 - rank
    return (rank, file) if symmetry & 4 else (file, rank)


def transform_lpn(lpn: str, symmetry: int) -> str:
    """The position ``lpn`` with its board turned or mirrored by ``symmetry`` (0–7; 0 keeps it).

    Every rule is about orthogonal neighbours, whole rows and columns and straight lines, so
    each of the square's eight symmetries maps a position to one with the same game: the
    same value, the same number of legal turns, its turns' cells mapped the same way
    (:func:`transform_cells`).

    Raises:
        ValueError: ``symmetry`` is not 0–7; :class:`~logger_widget.engine.errors.NotationError`
            for a malformed ``lpn``.
    """
    if symmetry not in range(8):
        raise ValueError(f"symmetry must be 0-7, not {symmetry!r}")
    position = Position.from_lpn(lpn)
    board, rest = position.to_lpn().split(" ", 1)
    ranks = board.split("/")  # rank 5 first
    cells = [["."] * _SIZE for _ in range(_SIZE)]
    for row, line in enumerate(ranks):
        for file, piece in enumerate(line):
            f, r = _map(file, _SIZE - 1 - row, symmetry)
            cells[_SIZE - 1 - r][f] = piece
    return "/".join("".join(line) for line in cells) + " " + rest


def transform_cells(notation: str, symmetry: int) -> str:
    """Every cell name (``a1``–``e5``) in ``notation`` (a turn, a sentence) mapped by ``symmetry``."""

    def cell(match: re.Match[str]) -> str:
        f, r = _map("abcde".index(match[1]), int(match[2]) - 1, symmetry)
        return f"{'abcde'[f]}{r + 1}"

    return _CELL.sub(cell, notation)


@dataclass(frozen=True)
class Variant:
    """One pupil's version of the course.

    Attributes:
        half_width: the sample-size question's half-width (0–0.5).
        rate: the rate it assumes (0–1).
        symmetry: the symmetry (0–7) of the game-value and protester positions.
        game_value: the game-value question's position, an index of :data:`GAME_VALUE_LPNS`.
        kingmaker_points: the points the kingmaker position adds to every player's score.
        options: the kingmaker question's statements in the order letters A–D show them.
    """

    half_width: float = SAMPLE_HALF_WIDTH
    rate: float = SAMPLE_RATE
    symmetry: int = 0
    kingmaker_points: int = 0
    options: str = OPTIONS
    game_value: int = 0

    def lpn(self, key: str) -> str | None:
        """The position of question ``key`` in this variant, or ``None`` when it has none of its own."""
        if key == "kingmaker":
            return with_points(KINGMAKER.lpn, self.kingmaker_points)
        if key == "game_value":
            return transform_lpn(GAME_VALUE_LPNS[self.game_value], self.symmetry)
        return transform_lpn(POSITIONS[key], self.symmetry) if key in POSITIONS else None

    def option(self, statement: str) -> str:
        """The letter under which this variant shows the kingmaker question's ``statement`` (A–D).

        Raises:
            ValueError: ``statement`` is not one of A, B, C, D.
        """
        if statement not in tuple(OPTIONS):
            raise ValueError(f"statement must be one of A, B, C, D, not {statement!r}")
        return OPTIONS[self.options.index(statement)]

    def position(self, key: str) -> Position:
        """The position of question ``key`` in this variant (the one its diagram shows).

        Raises:
            KeyError: question ``key`` has no position of its own.
        """
        lpn = self.lpn(key)
        if lpn is None:
            raise KeyError(f"question {key!r} has no position; these have: {', '.join(POSITIONS)}, kingmaker")
        return Position.from_lpn(lpn)

    def checker_kwargs(self, key: str) -> dict[str, Any]:
        """What the checker of ``key`` is given besides the answer, for this variant."""
        if key == "sample_size":
            return {"half_width": self.half_width, "rate": self.rate}
        if key == "kingmaker":
            return {"position": self.position(key), "options": self.options}
        lpn = self.lpn(key)
        return {"position": Position.from_lpn(lpn)} if lpn is not None else {}

    def params(self, key: str) -> dict[str, Any]:
        """The placeholders of question ``key``'s texts that this variant changes (empty: the exercise's own).

        Only what the question shows: never a number of its answer (the sample-size question's
        games, :data:`ANSWER_PARAMS`).
        """
        if key == "sample_size":
            shown = sample_size_params(self.half_width, self.rate)
            return {k: v for k, v in shown.items() if k not in ANSWER_PARAMS}
        if key == "kingmaker":
            return score_params(self.position(key))
        return {}

    def to_json(self) -> dict[str, Any]:
        """The variant as JSON-ready values (read back by ``Variant(**value)``)."""
        return asdict(self)


#: The formative notebooks' version: what a pupil without a variant is asked.
DEFAULT = Variant()
#: The sample-size texts' placeholders that hold its answer (the solution's and the feedback's only).
ANSWER_PARAMS = frozenset({"exact", "n", "n_fine"})


@contextlib.contextmanager
def judging(secret: bytes, pupil: str) -> Iterator[Variant]:
    """Within it, the checkers judge pupil ``pupil``'s variant under ``secret`` (:func:`draw`), and no other.

    The teacher's judge grades a notebook in it. Outside it the checkers judge only the formative
    questions (:data:`DEFAULT`'s): another variant's question gets the hint
    :data:`~logger_widget.classroom.feedback.REFUSED`. Yields the pupil's variant.

    Raises:
        ValueError: an empty secret.
    """
    variant = draw(secret, pupil)
    token = feedback._judged.set(variant)
    try:
        yield variant
    finally:
        feedback._judged.reset(token)


def _apart(half_width: float, rate: float) -> bool:
    """No answer right for ± ``half_width`` at ``rate`` is right for the default question too."""
    low, high = right_sample_sizes(half_width, rate)
    default_low, default_high = right_sample_sizes(SAMPLE_HALF_WIDTH, SAMPLE_RATE)
    return high < default_low or low > default_high


#: The sample-size questions a variant may ask: (half-width, rate).
_PAIRS = tuple((h, r) for r in RATES for h in HALF_WIDTHS if _apart(h, r))
#: The kingmaker statements' orders a variant may show: none with the default's letter of the
#: right statement (B), so the formative notebooks' answer is wrong in every variant.
_ORDERS = tuple("".join(order) for order in itertools.permutations(OPTIONS) if order[1] != "B")


def draw(secret: bytes, pupil: str) -> Variant:
    """Pupil ``pupil``'s variant under ``secret`` (the same every time; case of the name ignored).

    The HMAC-SHA256 of the name picks the half-width and the rate among the pairs whose right
    answers (:func:`~logger_widget.classroom.exercises.first_player.right_sample_sizes`) share
    none with the default's (0.03 at 0.5: 1064–1121 games), a symmetry other than the identity,
    the kingmaker's added points (1–5) and an order of its statements that does not show the
    right one (B) under B; a second HMAC (of the name after ``game_value:``) picks the game-value
    question's position among the course's own (never the formative one, worth 1).

    Raises:
        ValueError: an empty secret.
    """
    if not secret:
        raise ValueError("the variants' secret is empty")
    digest = hmac.new(secret, pupil.strip().lower().encode("utf-8"), hashlib.sha256).digest()
    pairs = _PAIRS
    half_width, rate = pairs[int.from_bytes(digest[:8], "big") % len(pairs)]
    symmetry = 1 + int.from_bytes(digest[8:16], "big") % 7
    added = KINGMAKER_POINTS[int.from_bytes(digest[16:24], "big") % len(KINGMAKER_POINTS)]
    options = _ORDERS[int.from_bytes(digest[24:32], "big") % len(_ORDERS)]
    more = hmac.new(secret, b"game_value:" + pupil.strip().lower().encode("utf-8"), hashlib.sha256).digest()
    game_value = 1 + int.from_bytes(more[:8], "big") % (len(GAME_VALUE_LPNS) - 1)
    return Variant(half_width, rate, symmetry, added, options, game_value)


def read_secret(path: str | os.PathLike[str], create: bool = False) -> bytes:
    """The secret in ``path``; with ``create``, a new one (32 random bytes, mode 0600) when there is none.

    Raises:
        FileNotFoundError: no file and not ``create``.
        ValueError: the file holds fewer than 16 bytes (naming it).
    """
    file = Path(path)
    if create and not file.exists():
        fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(secrets.token_hex(32) + "\n")
    value = file.read_text(encoding="ascii").strip().encode("ascii")
    if len(value) < 16:
        raise ValueError(f"{file}: the variants' secret is too short ({len(value)} characters, at least 16)")
    return value

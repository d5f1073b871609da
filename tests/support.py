"""Shared helpers of the tests (imported as ``support``): data, hypothesis strategies, a board driver."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hypothesis import strategies as st

from logger_widget import Game, Position, Turn

if TYPE_CHECKING:
    from logger_widget.board.widget import Board

DATA = Path(__file__).parent / "data"
#: the tests' npm tools (tests/e2e/package.json: axe-core, TypeScript)
NODE_MODULES = Path(__file__).parent / "e2e" / "node_modules"


def npm_tool(relative: str) -> Path:
    """``tests/e2e/node_modules/<relative>``, installed from npm (tests/e2e/package.json) on first use."""
    path = NODE_MODULES / relative
    if not path.exists():
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--prefix", str(NODE_MODULES.parent)],
            check=True,
            capture_output=True,
            timeout=300,
        )
    return path


def tricky_positions() -> list[tuple[str, str]]:
    """``(comment, lpn)`` pairs from tests/data/tricky_positions.txt."""
    out = []
    comment = ""
    for line in (DATA / "tricky_positions.txt").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("#"):
            comment = line[1:].strip()
        elif line:
            out.append((comment, line))
    return out


def successor_lpns(lpn: str) -> set[str]:
    """The successors of ``lpn`` as a set of LPN strings."""
    return {p.to_lpn() for p in Position.from_lpn(lpn).successors()}


# --------------------------------------------------------------------------- hypothesis strategies


@st.composite
def games(draw: st.DrawFn, max_turns: int = 80, stop_before_end: bool = False) -> Game:
    """A game of 2–4 players whose every turn hypothesis draws itself.

    Each turn is an index into the position's legal turns, so a failing example
    shrinks to a short game of low indices instead of an opaque random seed.
    With ``stop_before_end`` the game stops before a turn that would end it.
    """
    game = Game.new(draw(st.integers(2, 4), label="players"))
    for _ in range(draw(st.integers(0, max_turns), label="turns")):
        if game.is_over:
            break
        options = list(game.legal_turns())
        turn = options[draw(st.integers(0, len(options) - 1), label="turn index")]
        if stop_before_end and game.position.play(turn).is_terminal:
            break
        game.play(turn)
    return game


def positions(max_turns: int = 70) -> st.SearchStrategy[Position]:
    """Positions reached by drawn legal turns (see :func:`games`), never a finished one."""
    return games(max_turns, stop_before_end=True).map(lambda game: game.position)


class Driver:
    """Sends intents like the ES module does (client id, sequence number, view version and basis)."""

    def __init__(self, board: Board, client: str = "test-view") -> None:
        self.board = board
        self.client = client
        self.seq = 0

    @property
    def view(self) -> dict[str, Any]:
        return self.board.view

    def send(self, action: str, *, version: int | None = None, seq: int | None = None, **extra: Any) -> str:
        if seq is None:
            self.seq += 1
            seq = self.seq
        msg = {
            "type": "intent",
            "client": self.client,
            "seq": seq,
            "version": self.view["version"] if version is None else version,
            "action": action,
            **extra,
        }
        if version is None:  # an explicit version: the view it names (its basis is looked up)
            msg["basis"] = self.view["basis"]
        return self.board.handle_message(msg)

    def cell(self, cell: str) -> str:
        return self.send("cell", cell=cell)

    def marks(self) -> dict[str, str]:
        return {c["id"]: c["mark"] for row in self.view["cells"] for c in row if c["mark"]}

    def play(self, turn: Turn) -> None:
        """Play ``turn`` with clicks only (cells and buttons), following what the view offers."""
        start = self.board.lpn
        spawns = list(turn.spawns)
        protests = list(turn.action.cells) if turn.action and turn.action.kind == "protest" else []
        for _ in range(20):
            if self.board.lpn != start or not self.view["interactive"]:
                return
            stage = self.view["stage"]
            if stage == "move":
                assert self.cell(turn.destination) == "ok"
            elif stage == "spawn":
                cell = next(c for c in spawns if self.marks().get(c) == "spawn")
                spawns.remove(cell)
                assert self.cell(cell) == "ok"
            elif stage == "action":
                assert turn.action is not None
                assert self.send("action", kind=turn.action.kind) == "ok"
            elif stage in ("plant", "chop"):
                assert turn.action is not None
                assert self.cell(turn.action.cells[0]) == "ok"
            elif stage == "protest":
                if protests:
                    assert self.cell(protests.pop(0)) == "ok"
                else:
                    assert self.send("done") == "ok"
            else:
                return
        raise AssertionError(f"{turn} did not finish")


_ALLOWED_LATIN = re.compile(
    r"^(?:[a-e][1-5]|[a-e]\d-[a-e]\d|x[a-e]\d|\*[a-e]\d"  # cells and notation
    r"|Logger|LPN|JSON|Enter|Esc"  # names of the game, formats and keys
    r"|\w+Error|format|version|record|start|turns|players"  # exception types and record fields (technical)
    r")$"
)


def english_words(text: str) -> list[str]:
    """Latin-script words that are not coordinates, notation or the few allowed names."""
    words = re.findall(r"[A-Za-z][A-Za-z'\-]*[A-Za-z0-9]|[A-Za-z]", text)
    return [w for w in words if not _ALLOWED_LATIN.match(w) and not re.fullmatch(r"[a-e]", w)]

"""The board's small modes: Setup (corner choice), Replay (the slider), and the base of Lesson and Puzzle.

Each is a :class:`~logger_widget.board.host.Mode` (see :mod:`.host`); the Play mode is the
:class:`~logger_widget.board.controller.Controller`, Review is :mod:`.review_mode`, a lesson
is :mod:`logger_widget.classroom.tutorial`'s and a puzzle :mod:`.puzzle_mode`'s.
"""

from __future__ import annotations

from typing import Any

from ..i18n import Translator
from .host import TURN_INTENTS, BaseMode
from .messages import text
from .view import BoardState, LessonInfo, Notice, SetupInfo, ViewModel

__all__ = ["CORNERS", "ReplayMode", "SetupMode", "TeachingMode"]

#: The corners a seat may choose at setup, in the order a bot seat takes a free one.
CORNERS = ("a1", "e1", "e5", "a5")


class SetupMode(BaseMode):
    """Each seat clicks its starting corner in seat order (``Board(corners="choose")``).

    Args:
        players: the number of seats.
        defaults: each seat's default corner (a bot seat takes it, or the first free one).
    """

    name = "setup"

    def __init__(self, players: int, defaults: tuple[str, ...]) -> None:
        self._players = players
        self._defaults = defaults
        #: corners chosen so far, in seat order (``None``: no setup going on)
        self.chosen: list[str] | None = None

    @property
    def active(self) -> bool:
        """The seats are choosing."""
        return self.chosen is not None

    def begin(self) -> None:
        """Start choosing (a new game); bot seats that come first take their corners at once."""
        self.chosen = []
        self._bots_choose()

    def end(self) -> None:
        """Stop choosing: the board has a game with its corners (a loaded or resumed game)."""
        self.chosen = None

    @property
    def free(self) -> tuple[str, ...]:
        """Corners no seat has taken."""
        chosen = self.chosen or []
        return tuple(c for c in CORNERS if c not in chosen)

    def allows(self, action: str) -> bool:
        """No turn before every seat has its corner (a click on a cell chooses one)."""
        return action == "cell" or action not in TURN_INTENTS

    def refusal(self, action: str) -> Notice:
        """Choose the corners first."""
        return Notice("info", text("setup"))

    def handle(self, action: str, msg: dict[str, Any]) -> str | None:
        """``cell`` / ``corner``: take the clicked corner for the seat that chooses next."""
        if not self.active or action not in ("cell", "corner"):
            return None
        cell = msg.get("cell")
        if not isinstance(cell, str):
            return "invalid"
        return self.choose(cell)

    def choose(self, cell: str) -> str:
        """Take ``cell`` as the corner of the next seat; ``"ok"``, ``"rejected"`` or ``"invalid"``."""
        if self.chosen is None:
            return "invalid"
        host = self.host
        if not host.is_human(len(self.chosen) + 1) or cell not in self.free:
            host.show(Notice("info", text("not_selectable", cell=cell)))
            return "rejected"
        self.chosen.append(cell)
        host.show(None)
        self._bots_choose()
        return "ok"

    def _bots_choose(self) -> None:
        """Bot seats take their default corner (or the first free one); start the game when all have one."""
        assert self.chosen is not None
        host = self.host
        while len(self.chosen) < self._players and not host.is_human(len(self.chosen) + 1):
            default = self._defaults[len(self.chosen)]
            self.chosen.append(default if default in self.free else self.free[0])
        if len(self.chosen) == self._players:
            corners = tuple(self.chosen)
            self.chosen = None
            host.start_game(corners)

    def adjust(self, state: BoardState) -> None:
        """The corners chosen so far, the free ones, and whether a person chooses next."""
        if self.chosen is not None:
            state.setup = SetupInfo(tuple(self.chosen), self.free, self.host.is_human(len(self.chosen) + 1))


class ReplayMode(BaseMode):
    """The replay slider and the history list: an earlier position is shown, the game waits."""

    name = "replay"

    def __init__(self) -> None:
        #: The ply shown, or ``None`` for the live game.
        self.ply: int | None = None

    @property
    def active(self) -> bool:
        """An earlier position is shown."""
        return self.ply is not None

    def allows(self, action: str) -> bool:
        """No turn is made on a replayed position."""
        return action not in TURN_INTENTS

    def refusal(self, action: str) -> Notice:
        """Go back to the game first."""
        return Notice("info", text("replay_only"))

    def handle(self, action: str, msg: dict[str, Any]) -> str | None:
        """``replay``: show ``ply`` (``None`` or the last ply: the live game); Undo/Redo leave the replay first."""
        if action in ("undo", "redo"):
            self.ply = None
            return None
        if action != "replay":
            return None
        ply = msg.get("ply")
        total = len(self.host.game.turns)
        if ply is None or (isinstance(ply, int) and not isinstance(ply, bool) and ply >= total):
            self.ply = None
        elif isinstance(ply, int) and not isinstance(ply, bool):
            self.ply = max(0, ply)
        else:
            return "invalid"
        return "ok"

    def shown_ply(self) -> int | None:
        """The replayed ply."""
        return self.ply

    def game_changed(self) -> None:
        """A change of the game shows the live game."""
        self.ply = None


class TeachingMode(BaseMode):
    """The common part of a lesson and a puzzle board: a task, "Restart", "Next", a stop once answered.

    The board offers "Restart lesson" (or the subclass's label) instead of "New game" and,
    once :attr:`solved` or :attr:`next_offered`, "Next". While it is solved no turn is made;
    Undo and Redo are off when :attr:`undo_allowed` is false (a lesson once solved, a
    puzzle always); the game review is not offered. Subclasses implement :meth:`restart`,
    :meth:`go_next`, :meth:`task` and the two properties.
    """

    name = "lesson"

    @property
    def active(self) -> bool:
        """A teaching mode is on for the board's whole life."""
        return True

    @property
    def solved(self) -> bool:
        """The task is answered: the board stops."""
        raise NotImplementedError

    @property
    def next_offered(self) -> bool:
        """Whether "Next" is offered now."""
        raise NotImplementedError

    @property
    def undo_allowed(self) -> bool:
        """Undo and Redo may be used (a solved lesson keeps its solution on the board)."""
        return not self.solved

    def restart(self) -> None:
        """Put the task's position back on the board."""
        raise NotImplementedError

    def go_next(self) -> None:
        """Show the next task."""
        raise NotImplementedError

    def task(self, tr: Translator) -> str:
        """The standing task above the status, in ``tr``'s language."""
        raise NotImplementedError

    def allows(self, action: str) -> bool:
        """No turn once solved, no Undo/Redo unless :attr:`undo_allowed`."""
        if action in ("undo", "redo"):
            return self.undo_allowed
        return not (self.solved and action in TURN_INTENTS)

    def refusal(self, action: str) -> Notice:
        """The lesson is solved: go on or start again."""
        return Notice("info", text("lesson_solved"))

    def handle(self, action: str, msg: dict[str, Any]) -> str | None:
        """``restart`` (and ``new_game``) restart the task; ``next_lesson`` goes on; no review here."""
        if action in ("restart", "new_game"):
            self.restart()
            return "ok"
        if action == "next_lesson":
            if not self.next_offered:
                return "invalid"
            self.go_next()
            return "ok"
        if action == "review":
            return "invalid"
        return None

    def adjust(self, state: BoardState) -> None:
        """Solved? Next? and the task."""
        state.lesson = LessonInfo(self.solved, self.next_offered)
        state.task = self.task

    def panels(self, view: ViewModel, tr: Translator) -> dict[str, Any]:
        """Undo/Redo off unless allowed; no review button."""
        out: dict[str, Any] = {"review": {**view["review"], "available": False}}
        if not self.undo_allowed:
            out["undo"] = {"enabled": False}
            out["redo"] = {"enabled": False}
        return out

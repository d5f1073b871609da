"""What the board's collaborators may ask of it (:class:`Host`), and what a mode is (:class:`Mode`).

The :class:`~logger_widget.board.widget.Board` owns the game, the seats, the lock,
the view version and a stack of modes. Its collaborators — the controller (the
Play mode), the bot runner, Setup, Replay, Review, a lesson or a puzzle — get the
board only as a :class:`Host`: they read the game, ask for a change (a turn, a take-back,
a notice) and return the intent's result. They never change the game, the seats or
each other directly, and they never redraw: the board redraws after every handled
intent and after every change it makes (a collaborator that changed its own state
outside an intent, as a background search does, says so with :meth:`Host.changed`).

A mode decides, while it is *active*, which intents reach the modes below it
(:meth:`Mode.allows`), handles its own intents (:meth:`Mode.handle`), contributes
panels to the view model (:meth:`Mode.panels`), and may show another ply than the
live game (:meth:`Mode.shown_ply`) or mark cells (:meth:`Mode.hint_cells`).
:class:`BaseMode` is a mode that does nothing: a new mode overrides what it needs.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol

from ..engine.decisions import TurnInProgress
from ..engine.game import Game
from ..engine.turn import Turn
from ..i18n import Translator
from .view import BoardState, Notice, Seat, ViewModel

__all__ = ["BaseMode", "Host", "Mode", "TURN_INTENTS", "TurnSink"]

#: Intents that make or prepare a person's turn: refused while a mode stops play (setup, replay, a solved lesson).
TURN_INTENTS = frozenset({"cell", "action", "done", "back", "notation", "hint"})


class TurnSink(Protocol):
    """Where a person's completed turn goes: local play (the board's game) or the class game service.

    The Play mode never changes the game itself: it submits the turn to the host
    (:meth:`Host.submit_turn`), and the host hands it to its sink. The board's own sink plays it
    on the board's game; a class game's sink (:class:`~logger_widget.classplay.online_mode.OnlineMode`)
    plays it at once, sends it to the service and confirms it, or takes it back with a notice.
    """

    def submit(self, turn: Turn, notice: Notice | None = None) -> None:
        """Play the person's ``turn`` (for the seat to move) and show ``notice``.

        Raises:
            IllegalTurnError: ``turn`` is not legal here; the game is unchanged.
            ValueError: this sink does not take a turn from that seat now; the game is unchanged.
        """


class Host(Protocol):
    """The board as its collaborators see it (every call is made under :attr:`lock`)."""

    @property
    def lock(self) -> threading.RLock:
        """The lock every change of the board is made under."""

    @property
    def game(self) -> Game:
        """The game, to read only: changes go through the methods below."""

    @property
    def thinking(self) -> int | None:
        """Seat of the bot that is computing its turn, or ``None``."""

    @property
    def setup_pending(self) -> bool:
        """The seats are still choosing their corners: no bot plays, no turn starts."""

    @property
    def sync(self) -> bool:
        """Background work runs at once (sync bot mode, or nobody sees the board)."""

    def is_human(self, seat: int) -> bool:
        """Whether ``seat`` (1-based) is played by a person."""

    def seat(self, seat: int) -> Seat:
        """The :class:`Seat` of ``seat`` (1-based), to read only."""

    def play_turn(self, turn: Turn | str, notice: Notice | None = None) -> None:
        """Play ``turn`` on the board's game at once (a bot's turn, a classmate's from the service).

        A person's turn goes through :meth:`submit_turn` instead. Raises the engine's errors, the game unchanged.
        """

    def submit_turn(self, turn: Turn | str, notice: Notice | None = None) -> None:
        """A person's completed turn (a :class:`Turn`, or notation parsed once here) to the board's :class:`TurnSink`.

        Raises:
            NotationError, IllegalTurnError, ValueError: as :meth:`TurnSink.submit`; the game unchanged.
        """

    def take_back(self, discard_redo: bool = False) -> None:
        """Undo the last turn (and forget it for Redo with ``discard_redo``)."""

    def undo(self, turns: int | None = None) -> int:
        """The Undo button (:meth:`Board.undo <logger_widget.board.widget.Board.undo>`)."""

    def redo(self, turns: int | None = None) -> int:
        """The Redo button (:meth:`Board.redo <logger_widget.board.widget.Board.redo>`)."""

    def new_game(self) -> Game:
        """The New game button."""

    def replace_game(self, game: Game, notice: Notice | None = None) -> None:
        """Continue with ``game`` (seats fitted to its player count; any corner choice ends)."""

    def start_game(self, corners: tuple[str, ...]) -> None:
        """A new game from ``corners`` (the seats' chosen starting corners)."""

    def to_game(self, source: Any) -> Game:
        """A :class:`Game` from a record, LPN or position (see :meth:`Board.load`)."""

    def resume_saved(self) -> Game | None:
        """Put the game saved beside the notebook on the board; ``None`` when there is none."""

    def show(self, notice: Notice | None) -> None:
        """Show ``notice`` from the next redraw on (``None`` clears it)."""

    def restart_turn(self) -> None:
        """Begin the person's turn again (the steps taken so far are dropped)."""

    def step_made(self, tip: TurnInProgress) -> None:
        """A person's turn reached ``tip`` (a step that does not end it)."""

    def pause_seat(self, seat: int, paused: bool) -> None:
        """Pause (a failed bot) or resume ("Try again") the bot of ``seat``."""

    def take_seat(self, seat: int) -> None:
        """Make ``seat`` a person's ("Play this seat myself"); its bot's answer is dropped."""

    def start_hint(self) -> str:
        """Ask the hint bot for a turn (its answer is drawn when it comes); ``"ok"`` or ``"rejected"``."""

    def deliver(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` (a background result) on the kernel's event loop, under no lock."""

    def changed(self) -> None:
        """A collaborator's own state changed outside an intent (a search progressed): redraw."""


class Mode(Protocol):
    """A mode of the board: Play, Setup, Replay, Review, Lesson, Puzzle (see the module docstring)."""

    #: Short name (``"play"``, ``"setup"``, ``"replay"``, ``"review"``, ``"lesson"``, ``"puzzle"``).
    name: str

    @property
    def active(self) -> bool:
        """The mode is on: it filters intents, shows its ply and cells. An inactive mode is transparent."""

    def attach(self, host: Host) -> None:
        """Called once by the board that the mode belongs to, before the first redraw."""

    def allows(self, action: str) -> bool:
        """While active: whether intent ``action`` may reach this mode and the modes below it."""

    def refusal(self, action: str) -> Notice:
        """The notice shown when :meth:`allows` refuses ``action``."""

    def handle(self, action: str, msg: dict[str, Any]) -> str | None:
        """Handle an intent: ``"ok"``, ``"rejected"`` or ``"invalid"``; ``None`` passes it to the mode below.

        Called even while inactive, so that a mode can be entered by its own intent.
        """

    def shown_ply(self) -> int | None:
        """The ply drawn instead of the live position, or ``None``."""

    def hint_cells(self) -> tuple[str, ...]:
        """Cells the mode marks as a hint at every step of the turn."""

    def adjust(self, state: BoardState) -> None:
        """Put what the mode shows into the view's snapshot (setup corners, lesson state, a shown step)."""

    def panels(self, view: ViewModel, tr: Translator) -> dict[str, Any]:
        """Panels the mode adds to (or puts in place of those of) ``view``; ``{}`` for none."""

    def game_changed(self) -> None:
        """The game changed (a turn, undo, load…): forget what belonged to the old game."""

    def after_change(self) -> None:
        """After a change of the game, once the board is consistent again (a lesson judges the turn here)."""

    def on_step(self, tip: TurnInProgress) -> None:
        """A person's turn reached ``tip`` (a step that does not end it)."""


class BaseMode:
    """A mode that changes nothing: always inactive, allows everything, handles nothing.

    Subclasses override what their mode needs; :attr:`host` is set by :meth:`attach`.
    """

    name = "base"
    _host: Host | None = None

    @property
    def host(self) -> Host:
        """The board this mode belongs to.

        Raises:
            RuntimeError: the mode is not on a board yet.
        """
        if self._host is None:
            raise RuntimeError(f"the {self.name} mode is not on a board")
        return self._host

    @property
    def active(self) -> bool:
        """Inactive unless a subclass says otherwise."""
        return False

    def attach(self, host: Host) -> None:
        """Remember the board (see :class:`Mode`)."""
        self._host = host

    def allows(self, action: str) -> bool:
        """Every intent passes."""
        return True

    def refusal(self, action: str) -> Notice:  # pragma: no cover - only called when allows() refuses
        """Never needed here: nothing is refused."""
        raise NotImplementedError

    def handle(self, action: str, msg: dict[str, Any]) -> str | None:
        """No intent of its own."""
        return None

    def shown_ply(self) -> int | None:
        """The live game."""
        return None

    def hint_cells(self) -> tuple[str, ...]:
        """No cells."""
        return ()

    def adjust(self, state: BoardState) -> None:
        """Nothing to add to the snapshot."""

    def panels(self, view: ViewModel, tr: Translator) -> dict[str, Any]:
        """No panels."""
        return {}

    def game_changed(self) -> None:
        """Nothing belongs to the old game."""

    def after_change(self) -> None:
        """Nothing to judge."""

    def on_step(self, tip: TurnInProgress) -> None:
        """Nothing to judge."""

"""The board's bot runner: lets bot seats play and runs the Hint button's search.

In ``"thread"`` mode a bot thinks in a background thread (one search at a
time: a bot object is not thread-safe) for at least ``bot_delay`` seconds, so
children can follow; its answer is applied on the kernel's event loop, never in
the bot's thread (some front ends, Colab's among them, drop widget updates sent
from other threads). In ``"sync"`` mode bots play at once, inside the call that
made it their turn; so do bots and the Hint in a kernel with no widget front end
(:func:`~.persistence.headless_kernel`: nbclient, nbconvert, nbgrader), where
nobody would see "thinking…".

**Every update belongs to a cell.** A client that records a notebook
(nbclient, and so nbconvert, papermill, nbgrader) keeps only the messages sent
while the cell it runs is executing; an answer applied on the event loop after
the cell ended would reach the kernel's board but not the saved notebook. So at
the end of every cell (IPython's ``post_run_cell`` event) the answers that are
waiting are applied, and when the cell was sent by a recording client (an
``execute_request`` with ``allow_stdin`` false, as nbclient sends; JupyterLab,
Notebook 7 and VS Code send true) the cell also waits for the bots and the hint
that are still thinking: the saved widget state is then exactly the kernel's.
Where threads cannot start (Pyodide in JupyterLite, WASI) ``"thread"`` falls back
to ``"sync"`` (:func:`threads_available`), so the default board works there too.

Every answer carries the *epoch* it was computed for; the epoch changes with
every change of the game (turn, undo, new game…), so a late answer for a game
that has changed is dropped. A bot that raises or returns an illegal turn
pauses its seat with a message ("Try again" / "Play this seat myself").
"""

from __future__ import annotations

import logging
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

from ..engine.errors import LoggerError
from ..engine.position import Position
from ..engine.turn import Turn
from .delivery import Inbox, kernel, on_cell_end
from .host import Host
from .messages import error_text, player_of_text, short, text
from .persistence import headless_kernel
from .view import Notice

__all__ = ["BotRunner", "BOT_MODES", "threads_available"]

log = logging.getLogger("logger_widget.board.widget")

#: How bots are run: in a background thread, or at once.
BOT_MODES = ("thread", "sync")


def threads_available() -> bool:
    """Whether this Python can start threads.

    False in Pyodide (JupyterLite; ``sys.platform == "emscripten"``) and WASI builds, where
    ``threading.Thread.start`` raises ``RuntimeError`` (Pyodide docs, "WebAssembly constraints":
    no threading).
    """
    return sys.platform not in ("emscripten", "wasi")


#: Seconds a recorded cell waits at its end for the bots and the hint still thinking.
SETTLE_TIMEOUT = 300.0

_runners: weakref.WeakSet[BotRunner] = weakref.WeakSet()


def _recording_cell() -> bool:
    """The cell running now was sent by a client that records outputs (``allow_stdin`` false: nbclient)."""
    k = kernel()
    if k is None:
        return False
    try:
        parent = k.get_parent("shell")
    except Exception:  # noqa: BLE001 - an older ipykernel: no per-channel parent
        parent = getattr(k, "_parent_header", None) or {}
    header = parent.get("header") or {}
    content = parent.get("content") or {}
    return header.get("msg_type") == "execute_request" and not content.get("allow_stdin", False)


def _cell_finished() -> None:
    """At a cell's end (the inboxes drained already): a recording client's cell waits for the bots."""
    if not _recording_cell():
        return
    for runner in list(_runners):
        if runner.mode == "thread" and not runner.settle(SETTLE_TIMEOUT):
            log.warning("logger_widget: a bot still thinks %.0f s after its cell", SETTLE_TIMEOUT)


def _compute(bot: Any, position: Position) -> tuple[Any, BaseException | None]:
    try:
        return bot.choose(position), None
    except (Exception, SystemExit) as e:  # noqa: BLE001 - a bot may fail in any way; the seat is paused
        return None, e


class BotRunner:
    """Schedules the bot seats of a board and the hint search.

    Args:
        host: the board whose bot seats it runs (its :class:`~logger_widget.board.host.Host`).
        mode: ``"thread"`` or ``"sync"`` (see the module docstring).
        delay: minimal seconds a bot "thinks" in thread mode (0–10).
        hint_spec: the bot asked by the Hint button (any ``make_bot`` spec), or ``None``.
        seed: the board's seed (the hint bot gets ``"{seed}:hint"``).

    Raises:
        ValueError: unknown ``mode`` or a ``delay`` out of range.
    """

    def __init__(self, host: Host, mode: str, delay: float, hint_spec: Any, seed: Any) -> None:
        if mode not in BOT_MODES:
            raise ValueError(f"bot_mode must be one of {BOT_MODES}, not {mode!r}")
        if not isinstance(delay, (int, float)) or not 0 <= delay <= 10:
            raise ValueError(f"bot_delay must be a number of seconds from 0 to 10, not {delay!r}")
        if mode == "thread" and not threads_available():
            log.info("logger_widget: no threads on %s; bots play in sync mode", sys.platform)
            mode = "sync"
        self._host = host
        self.mode = mode
        self.delay = float(delay)
        self.hint_spec = hint_spec
        self._seed = seed
        self._hint_bot: Any = None
        self._compute_lock = threading.Lock()
        self._inbox = Inbox()
        #: The game's epoch: answers computed for an older epoch are dropped.
        self.epoch = 0
        #: Seat of the bot that is computing, or None.
        self.thinking: int | None = None
        #: The hint's suggestion for the current turn, and whether it is being computed.
        self.hint: Turn | None = None
        self.hint_pending = False
        _runners.add(self)
        on_cell_end(_cell_finished)

    # ------------------------------------------------------------------ game changes

    def game_changed(self) -> None:
        """A new epoch: no bot thinks for the new game yet, the hint is gone."""
        self.epoch += 1
        self.thinking = None
        self.hint = None
        self.hint_pending = False

    def forget(self, seat: int) -> None:
        """Drop the answer of ``seat``'s bot that is being computed (the seat is now a person's)."""
        if self.thinking == seat:
            self.thinking = None
            self.epoch += 1

    @property
    def busy(self) -> bool:
        """A bot or the hint is computing."""
        return self.thinking is not None or self.hint_pending

    # ------------------------------------------------------------------ the event loop

    def capture_loop(self) -> None:
        """Remember the running event loop (the kernel's), if there is one."""
        self._inbox.capture_loop()

    def deliver(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` (a bot's or the hint's answer, from the bot's thread) on the kernel's event loop.

        The board's :class:`~.delivery.Inbox`: the one path of every background result to the board
        (bots, the hint, a review, a class game's service). Outside a kernel (a script, no front
        end, no loop) it is applied at once.
        """
        self._inbox.deliver(fn)

    def settle(self, timeout: float) -> bool:
        """Apply answers until no bot thinks and no hint is pending (blocking); False after ``timeout`` s."""
        end = time.monotonic() + timeout
        while True:
            self.drain()
            with self._host.lock:
                if not self.busy:
                    return True
            if time.monotonic() >= end:
                return False
            time.sleep(0.01)

    def drain(self) -> None:
        """Apply the answers that are waiting."""
        self._inbox.drain()

    # ------------------------------------------------------------------ bot seats

    def schedule(self) -> None:
        """If a bot is to move, let it play (now in sync mode, in a thread otherwise)."""
        host = self._host
        if self.mode == "sync" or headless_kernel():  # nobody would see "thinking…": play at once
            for _ in range(10_000):
                with host.lock:
                    job = self._next_job()
                    if job is None:
                        return
                    seat, epoch, bot, position = job
                    turn, error = _compute(bot, position)
                    self._apply(seat, epoch, turn, error)
            return
        with host.lock:
            job = self._next_job()
            if job is None:
                return
            host.changed()  # show "thinking…"
        seat, epoch, bot, position = job
        delay = self.delay

        def work() -> None:
            start = time.monotonic()
            with self._compute_lock:
                turn, error = _compute(bot, position)
            rest = delay - (time.monotonic() - start)
            if rest > 0:
                time.sleep(rest)
            self.deliver(lambda: self._finish(seat, epoch, turn, error))

        threading.Thread(target=work, name=f"logger-bot-{seat}", daemon=True).start()

    def _next_job(self) -> tuple[int, int, Any, Position] | None:
        host = self._host
        if self.thinking is not None or host.game.is_over or host.setup_pending:
            return None
        seat = host.game.position.to_move
        s = host.seat(seat)
        if not s.is_bot or s.paused:
            return None
        self.thinking = seat
        return seat, self.epoch, s.bot, host.game.position

    def _finish(self, seat: int, epoch: int, turn: Any, error: BaseException | None) -> None:
        with self._host.lock:  # re-entrant: the next bot is scheduled before anyone sees "nobody thinks"
            self._apply(seat, epoch, turn, error)
            self.schedule()

    def _apply(self, seat: int, epoch: int, turn: Any, error: BaseException | None) -> None:
        host = self._host
        if epoch != self.epoch or self.thinking != seat:
            return  # the game changed meanwhile (undo, new game…): drop this answer
        self.thinking = None
        if error is None:
            try:
                if isinstance(turn, str):
                    turn = host.game.position.parse_turn(turn)
                if not isinstance(turn, Turn):
                    raise TypeError(f"the bot returned {type(turn).__name__}, not a Turn")
                host.play_turn(turn)  # the board: the game changed, a new epoch, redrawn
                return
            except (LoggerError, TypeError) as e:
                error = e
        if error is not None:
            host.pause_seat(seat, True)
            if isinstance(error, LoggerError):
                notice = Notice(
                    "error", text("bot_illegal", player=player_of_text(seat), reason=error_text(error))
                )
            else:
                notice = Notice("error", text("bot_failed", player=player_of_text(seat), error=short(error)))
            host.show(notice)
            log.warning("logger_widget: bot of seat %s failed: %s", seat, short(error))
            host.changed()

    # ------------------------------------------------------------------ hints

    def start_hint(self) -> str:
        """Ask the hint bot for a turn (in the background in thread mode); ``"ok"`` or ``"rejected"``."""
        host = self._host
        if self.hint_spec is None:
            return "rejected"
        if self.hint is not None or self.hint_pending:
            return "ok"
        try:
            if self._hint_bot is None:
                from ..bots import make_bot
                from ..bots.mcts import warm_up_in_background

                seed = None if self._seed is None else f"{self._seed}:hint"
                self._hint_bot = make_bot(self.hint_spec, seed=seed)
                warm_up_in_background(self._hint_bot)  # no hint waits for the compiler
        except Exception as e:  # noqa: BLE001 - shown to the player
            host.show(Notice("error", text("hint_failed", error=short(e))))
            return "ok"
        epoch, position, bot = self.epoch, host.game.position, self._hint_bot

        def compute() -> tuple[Turn | None, BaseException | None]:
            try:
                with self._compute_lock:
                    analyse = getattr(bot, "analyse", None)
                    return (analyse(position)[0].turn if callable(analyse) else bot.choose(position)), None
            except (Exception, SystemExit) as e:  # noqa: BLE001
                return None, e

        if self.mode == "sync" or headless_kernel():  # nobody would see "Looking for a good turn…"
            self.hint_pending = True
            self._finish_hint(epoch, *compute())
            return "ok"
        self.hint_pending = True
        host.changed()

        def work() -> None:
            turn, error = compute()
            self.deliver(lambda: self._finish_hint(epoch, turn, error))

        threading.Thread(target=work, name="logger-hint", daemon=True).start()
        return "ok"

    def _finish_hint(self, epoch: int, turn: Turn | None, error: BaseException | None) -> None:
        host = self._host
        with host.lock:
            if epoch != self.epoch:
                return
            self.hint_pending = False
            if error is not None or turn is None:
                host.show(Notice("error", text("hint_failed", error=short(error or ValueError("no turn")))))
            else:
                self.hint = turn
            host.changed()

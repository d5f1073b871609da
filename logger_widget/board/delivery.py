"""The one way a background result reaches the kernel's thread: an :class:`Inbox` drained on its event loop.

A bot's turn, the hint, a review's progress, a classmate's turn from the class game service, a
lobby's answer: each is computed or read away from the kernel's thread (a bot's thread, the class
play loop of :mod:`logger_widget.online.client`), and each is applied on the kernel's thread, where
the widgets live (some front ends, Colab's among them, drop widget updates sent from other
threads). The producer calls :meth:`Inbox.deliver` with a function; the function waits in the inbox
and the kernel's event loop runs it.

**Every update belongs to a cell.** A client that records a notebook (nbclient, and so nbconvert,
papermill, nbgrader) keeps only the messages sent while the cell it runs is executing; so at the end
of every cell (IPython's ``post_run_cell`` event) every inbox is drained too, and a board's bot
runner then also waits for its bots when the cell was sent by such a client
(:mod:`~logger_widget.board.bot_runner`).

Outside a kernel (a script, a test: no loop runs) a delivered function runs at once, in the
producer's thread.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import sys
import weakref
from collections.abc import Callable
from typing import Any

from .persistence import in_kernel

__all__ = ["Inbox", "kernel", "on_cell_end"]

log = logging.getLogger("logger_widget.board.widget")

_inboxes: weakref.WeakSet[Inbox] = weakref.WeakSet()
_cell_end: list[Callable[[], None]] = []
_hooked: set[int] = set()


def kernel() -> Any:
    """The ipykernel kernel object of this process, or ``None`` outside a kernel."""
    if not in_kernel():
        return None
    app = sys.modules["ipykernel.kernelapp"].IPKernelApp.instance()
    return getattr(app, "kernel", None)


def _cell_finished(*_args: Any) -> None:
    """IPython's ``post_run_cell``: every inbox drained, then what else waits for the cell's end."""
    for inbox in list(_inboxes):
        inbox.drain()
    for fn in _cell_end:
        fn()


def on_cell_end(fn: Callable[[], None]) -> None:
    """Run ``fn`` at the end of every cell, after the inboxes are drained (registered once per function)."""
    if fn not in _cell_end:
        _cell_end.append(fn)
    _hook_cell_end()


def _hook_cell_end() -> None:
    """Register :func:`_cell_finished` once with this kernel's IPython shell."""
    shell = getattr(kernel(), "shell", None)
    if shell is None or id(shell) in _hooked:
        return
    shell.events.register("post_run_cell", _cell_finished)
    _hooked.add(id(shell))


class Inbox:
    """Functions from background work, run on the kernel's event loop (see the module docstring).

    The loop is the one running when the inbox was made or :meth:`capture_loop` was last called
    (the kernel's), else the kernel's own IO loop.
    """

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self.capture_loop()
        _inboxes.add(self)
        _hook_cell_end()

    def capture_loop(self) -> None:
        """Remember the running event loop (the kernel's), if there is one."""
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            pass

    def deliver(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the kernel's event loop (from any thread); at once when no loop runs and no kernel.

        ``fn`` waits in the inbox that the loop drains; :meth:`drain` (at the end of every cell, and
        ``Board.wait``) drains it too, so a cell that blocks still gets the results.
        """
        self._queue.put(fn)
        loop = self._loop
        if loop is not None and loop.is_running() and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self.drain)
                return
            except RuntimeError:
                pass
        io_loop = getattr(kernel(), "io_loop", None)
        if io_loop is not None:
            io_loop.add_callback(self.drain)  # thread-safe (tornado)
            return
        if not in_kernel():
            self.drain()

    def drain(self) -> None:
        """Run the functions that are waiting, in the order they came (one that raises is logged)."""
        while True:
            try:
                fn = self._queue.get_nowait()
            except queue.Empty:
                return
            try:
                fn()
            except Exception:  # pragma: no cover - never break the event loop
                log.exception("logger_widget: applying a background result failed")

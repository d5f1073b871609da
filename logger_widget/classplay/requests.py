"""The requests of one class board or one lobby: coroutines on the kernel's class loop, answers on its thread.

:class:`Requests` is the one way a class play widget talks to the service. Each request is a
coroutine of the pupil's :class:`~logger_widget.online.client.AsyncClassClient`, run on the kernel's
one class play loop (:func:`~logger_widget.online.client.class_loop`); the kernel's thread never
waits for it. Its answer (or its error) is handed to the widget's ``deliver`` — a board's
:meth:`Host.deliver <logger_widget.board.host.Host.deliver>`, a lobby's
:class:`~logger_widget.board.delivery.Inbox` — and so applied on the kernel's event loop.
:meth:`Requests.close` cancels every request and every loop (a game followed, a lobby's refresh)
at once, and drops the answers still on their way.
"""

from __future__ import annotations

import concurrent.futures
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine
from functools import partial
from typing import Any, TypeVar

from ..online.client import AsyncClassClient, ClassClient, ClassGameError

__all__ = ["Requests"]

log = logging.getLogger(__name__)

_T = TypeVar("_T")


class Requests:
    """The class game requests of one widget (see the module docstring).

    Args:
        client: the pupil's :class:`~logger_widget.online.client.ClassClient`.
        deliver: runs a function on the kernel's event loop (from any thread).
    """

    def __init__(self, client: ClassClient, deliver: Callable[[Callable[[], None]], None]) -> None:
        self.client = client
        self._deliver = deliver
        #: each request or loop running, and whether it is a loop (it never ends by itself)
        self._futures: dict[concurrent.futures.Future[Any], bool] = {}
        self._lock = threading.Lock()
        #: :meth:`close` was called: nothing more is asked, no answer is applied
        self.closed = False

    def ask(
        self,
        request: Callable[[AsyncClassClient], Awaitable[_T]],
        then: Callable[[_T], Any],
        failed: Callable[[ClassGameError], Any],
    ) -> None:
        """Ask ``request(aio)`` on the class loop; ``then(answer)`` or ``failed(error)`` on the kernel's loop."""

        async def work() -> None:
            try:
                answer = await request(self.client.aio)
            except ClassGameError as e:
                self.deliver(partial(failed, e))
            else:
                self.deliver(partial(then, answer))

        self.start(work())

    def start(
        self, coro: Coroutine[Any, Any, Any], *, loop: bool = False
    ) -> concurrent.futures.Future[Any] | None:
        """Run ``coro`` on the class loop until it ends or :meth:`close`; ``loop``: it asks again and again.

        Returns its future (``cancel()`` ends it), or ``None`` when closed already.
        """
        if self.closed:
            coro.close()
            return None
        future = self.client.submit(coro)
        with self._lock:
            self._futures[future] = loop
        future.add_done_callback(self._done)
        return future

    def _done(self, future: concurrent.futures.Future[Any]) -> None:
        with self._lock:
            self._futures.pop(future, None)
        if not future.cancelled() and future.exception() is not None:
            log.error("logger_widget: a class play request failed", exc_info=future.exception())

    def deliver(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` (an answer) on the kernel's event loop, unless :meth:`close` comes first."""
        if not self.closed:
            self._deliver(lambda: None if self.closed else fn())

    def close(self) -> None:
        """Cancel every request and loop at once; answers still on their way are dropped."""
        self.closed = True
        with self._lock:
            futures = list(self._futures)
        for future in futures:
            future.cancel()

    @property
    def running(self) -> int:
        """How many requests and loops run now (0 after :meth:`close`, once each has seen its cancel)."""
        with self._lock:
            return len(self._futures)

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until every request (not the loops) has ended; False after ``timeout`` s.

        For code and tests: a widget never waits. A request's answer is handed to ``deliver`` before
        the request ends.
        """
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                pending = [f for f, forever in self._futures.items() if not forever]
            left = deadline - time.monotonic()
            if not pending:
                return True
            if left <= 0:
                return False
            concurrent.futures.wait(pending, timeout=left)

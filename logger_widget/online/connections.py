"""Persistent HTTP connections to one service: a small pool of keep-alive connections, standard library only.

A pupil's turn, the board's reads and the long poll of the game's events all go to the class game
service (through the hub's proxy on a class hub). Opening a new TCP connection for each request
costs a handshake through the proxy (and a new connection from the proxy to the service) on every
turn; :class:`Connections` keeps the connections open (HTTP/1.1 keep-alive) and hands an idle one
to the next request. Each request holds its connection alone (a long poll in one thread, a turn in
another each get their own), so it is safe to use from several threads.

A connection the server (or the proxy, after its idle time) has closed is noticed before it is
reused, and a request that finds it closed without an answer is sent once more on a new one.
When the environment names an HTTP proxy for the address (``http_proxy`` …, not bypassed by
``no_proxy``), :func:`urllib.request.urlopen` is used instead, as before: one connection per request.
"""

from __future__ import annotations

import http.client
import select
import ssl
import threading
import urllib.error
import urllib.parse
import urllib.request
import weakref
from collections.abc import Mapping

__all__ = ["Connections"]

#: Idle connections kept per service (a board's long poll, a turn, a read and the lobby's refresh).
MAX_IDLE = 4


class Connections:
    """Keep-alive connections to the host of ``url`` (``http://`` or ``https://``).

    :meth:`send` returns ``(status, body bytes)`` for any status (errors too) and raises
    :class:`OSError` or :class:`http.client.HTTPException` when no answer came.
    :attr:`opened` counts the connections opened (tests, benchmarks).
    """

    def __init__(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"url must be an http(s) address, not {url!r}")
        self.scheme, self.host, self.port = parts.scheme, parts.hostname, parts.port
        self.opened = 0
        self._idle: list[http.client.HTTPConnection] = []
        self._lock = threading.Lock()
        # a client dropped with idle connections closes them (no socket left to the garbage collector)
        weakref.finalize(self, _close_all, self._idle)
        proxies = urllib.request.getproxies()
        self._via_proxy = parts.scheme in proxies and not urllib.request.proxy_bypass(parts.netloc)

    def _new(self, timeout: float) -> http.client.HTTPConnection:
        with self._lock:
            self.opened += 1
        if self.scheme == "https":
            return http.client.HTTPSConnection(
                self.host, self.port, timeout=timeout, context=ssl.create_default_context()
            )
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    def _take(self, timeout: float) -> tuple[http.client.HTTPConnection, bool]:
        """An idle connection still open (``True``: reused), else a new one."""
        with self._lock:
            while self._idle:
                conn = self._idle.pop()
                if not _dropped(conn):
                    conn.timeout = timeout
                    if conn.sock is not None:
                        conn.sock.settimeout(timeout)
                    return conn, True
                conn.close()
        return self._new(timeout), False

    def _give_back(self, conn: http.client.HTTPConnection) -> None:
        with self._lock:
            if conn.sock is not None and len(self._idle) < MAX_IDLE:
                self._idle.append(conn)
                return
        conn.close()

    def send(
        self, method: str, url: str, body: bytes | None, headers: Mapping[str, str], timeout: float
    ) -> tuple[int, bytes]:
        """``method url`` with ``body`` and ``headers``; ``(status, body)``.

        Raises:
            OSError, http.client.HTTPException: no answer (refused, timed out, cut off).
        """
        if self._via_proxy:
            return _urlopen(method, url, body, headers, timeout)
        parts = urllib.parse.urlsplit(url)
        target = parts.path + ("?" + parts.query if parts.query else "")
        while True:
            conn, reused = self._take(timeout)
            try:
                conn.request(method, target, body=body, headers=dict(headers))
                response = conn.getresponse()
                data = response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                conn.close()
                if reused:  # closed while idle, the request unanswered: once more on a new connection
                    continue
                raise
            except BaseException:
                conn.close()
                raise
            if response.will_close:
                conn.close()
            else:
                self._give_back(conn)
            return response.status, data

    def close(self) -> None:
        """Close the idle connections."""
        with self._lock:
            _close_all(self._idle)


def _close_all(idle: list[http.client.HTTPConnection]) -> None:
    while idle:
        idle.pop().close()


def _dropped(conn: http.client.HTTPConnection) -> bool:
    """The idle connection was closed by the other side.

    An idle connection has nothing to read: readable means closed (end of file, a TLS close) or broken.
    """
    sock = conn.sock
    if sock is None:
        return True
    try:
        readable, _, _ = select.select([sock], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(readable)


def _urlopen(
    method: str, url: str, body: bytes | None, headers: Mapping[str, str], timeout: float
) -> tuple[int, bytes]:
    request = urllib.request.Request(url, data=body, method=method, headers=dict(headers))
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        with e:
            return e.code, e.read()
    except urllib.error.URLError as e:
        reason = e.reason
        raise reason if isinstance(reason, OSError) else OSError(str(reason)) from None

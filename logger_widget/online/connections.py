"""Persistent HTTP connections to one service, kept by urllib3's connection pool.

A pupil's turn, the board's reads and the long poll of the game's events all go to the class game
service (through the hub's proxy on a class hub). Opening a new TCP connection for each request
costs a handshake through the proxy (and a new connection from the proxy to the service) on every
turn; :class:`Connections` keeps them open (HTTP/1.1 keep-alive) in a `urllib3
<https://urllib3.readthedocs.io>`_ pool and hands an idle one to the next request. Each request
holds its connection alone (a long poll in one thread, a turn in another each get their own), so it
is safe to use from several threads.

urllib3 notices a connection the server (or the proxy, after its idle time) has closed before it
reuses it; a read (``GET``) cut off without an answer is sent once more, a turn (``POST``) never (the
service would refuse it as stale, and the board reads the game again). When the environment names an
HTTP proxy for the address (``http_proxy`` …, not bypassed by ``no_proxy``),
:func:`urllib.request.urlopen` is used instead: one connection per request, through that proxy.
"""

from __future__ import annotations

import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping

import urllib3

__all__ = ["Connections"]

#: Idle connections kept per service (a board's long poll, a turn, a read and the lobby's refresh).
MAX_IDLE = 4


class Connections:
    """Keep-alive connections to the host of ``url`` (``http://`` or ``https://``).

    :meth:`send` returns ``(status, body bytes)`` for any status (errors too) and raises
    :class:`OSError` when no answer came.

    Raises:
        ValueError: ``url`` is not an http(s) address.
    """

    def __init__(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"url must be an http(s) address, not {url!r}")
        self._pool = urllib3.PoolManager(num_pools=1, maxsize=MAX_IDLE, block=False)
        proxies = urllib.request.getproxies()
        self._via_proxy = parts.scheme in proxies and not urllib.request.proxy_bypass(parts.netloc)

    def send(
        self, method: str, url: str, body: bytes | None, headers: Mapping[str, str], timeout: float
    ) -> tuple[int, bytes]:
        """``method url`` with ``body`` and ``headers``, waiting at most ``timeout`` s; ``(status, body)``.

        Raises:
            OSError: no answer (refused, timed out, cut off).
        """
        if self._via_proxy:
            return _urlopen(method, url, body, headers, timeout)
        try:
            response = self._pool.request(
                method,
                url,
                body=body,
                headers=dict(headers),
                timeout=urllib3.Timeout(connect=timeout, read=timeout),
                retries=urllib3.Retry(total=1, connect=1, read=1, redirect=False, status=0, other=0),
                redirect=False,
            )
        except urllib3.exceptions.HTTPError as e:
            raise OSError(str(e) or type(e).__name__) from None
        return response.status, response.data

    def close(self) -> None:
        """Close the idle connections (a later request opens a new one)."""
        self._pool.clear()


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

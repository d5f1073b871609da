"""The pupil's side of class play: an HTTP client of the class game service, from the pupil's kernel.

On the class hub a pupil's kernel has the hub's token for the pupil (``JUPYTERHUB_API_TOKEN``)
and the service's address (``LW_CLASSGAME_URL``, set by the hub's configuration; else
``{JUPYTERHUB_PUBLIC_HUB_URL or JUPYTERHUB_BASE_URL}services/classgame/``). :func:`connect` makes
a :class:`ClassClient` from them; off the hub it raises :class:`NotOnHub`, whose message says
that class play needs the class hub.

**One event loop per kernel.** Every request is a coroutine of :class:`AsyncClassClient` (an `aiohttp
<https://docs.aiohttp.org>`_ ``ClientSession``, its connections kept open and reused: a turn
does not wait for a new connection through the hub's proxy). They all run on one asyncio loop in
one background thread of the kernel (:func:`class_loop`), never on the kernel's own thread, so a
service that is slow or down never freezes the notebook. :class:`ClassClient` is the synchronous
face of the same client for code in a cell (as python-chess's ``SimpleEngine`` is over its
protocol): each method waits for its coroutine on that loop; :meth:`ClassClient.submit` starts one
without waiting (the lobby's and a class board's requests) and returns its future, which
``cancel()`` stops at once.

Every request sends ``Authorization: token …``: the service knows the pupil from the token alone,
so no request names a player or a seat (a turn is "mine" because of who sends it).

Errors: :class:`ServiceUnreachable` (no answer, a proxy error), :class:`Refused` (the service
answered with one of :data:`~logger_widget.online.protocol.ERROR_CODES`: the code, its message
and, for an illegal turn, the rule broken and its parameters).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import hashlib
import json
import os
import threading
import urllib.parse
import weakref
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar

import aiohttp

from .protocol import MAX_BODY_BYTES, PROTOCOL_VERSION, seek_request, turn_message

__all__ = [
    "AsyncClassClient",
    "ClassClient",
    "ClassGameError",
    "ClassLoop",
    "NotOnHub",
    "Refused",
    "ServiceUnreachable",
    "class_loop",
    "connect",
    "service_url",
]

_P = ParamSpec("_P")
_T = TypeVar("_T")

#: The service's path below the hub's base URL.
SERVICE_PATH = "services/classgame/"
#: Seconds a long poll waits for an event before the service answers "nothing new".
POLL_WAIT = 25.0


class ClassGameError(Exception):
    """Class play failed: the base of the client's errors."""


class NotOnHub(ClassGameError):
    """This kernel does not run on the class hub (no hub token or no service address)."""

    def __init__(self, missing: str) -> None:
        super().__init__(
            f"class play needs the class hub: this kernel has no {missing} "
            "(open the notebook on your class's JupyterHub; off the hub, play bots with Board())"
        )
        self.missing = missing


class ServiceUnreachable(ClassGameError):
    """The class game service did not answer (refused connection, timeout, an HTTP 5xx: down or restarting)."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(f"the class game service at {url} does not answer: {reason}")
        self.url, self.reason = url, reason


class Refused(ClassGameError):
    """The service answered with an error.

    Attributes:
        status: the HTTP status (400, 403, 404, 409…).
        code: the protocol's error code (``illegal_turn``, ``stale_ply``, ``not_your_seat``,
            ``game_over``, ``malformed``, ``forbidden``, ``not_found``), or ``"http_<status>"``.
        message: the service's explanation (English).
        field: the request's field that is wrong (``""``: the whole request).
        rule: for ``illegal_turn``, the engine's rule key (``IllegalTurnError.rule``), else ``None``.
        params: the rule's parameters (cells, seats, counts).
        body: the whole error body.
    """

    def __init__(self, status: int, body: Mapping[str, Any]) -> None:
        error = body.get("error") if isinstance(body.get("error"), Mapping) else body
        assert isinstance(error, Mapping)
        self.status = status
        self.code = str(error.get("code") or f"http_{status}")
        self.message = str(error.get("message") or "")
        self.field = str(error.get("field") or "")
        rule = error.get("rule")
        self.rule = rule if isinstance(rule, str) else None
        params = error.get("params")
        self.params: dict[str, Any] = dict(params) if isinstance(params, Mapping) else {}
        self.body = dict(body)
        super().__init__(f"{self.code}: {self.message}" if self.message else self.code)


def service_url(environ: Mapping[str, str] | None = None) -> str:
    """The class game service's address as this kernel reaches it (ends with ``/``).

    Raises:
        NotOnHub: no ``LW_CLASSGAME_URL`` and no hub address in ``environ``.
    """
    env = os.environ if environ is None else environ
    url = env.get("LW_CLASSGAME_URL", "").strip()
    if not url:
        hub = env.get("JUPYTERHUB_PUBLIC_HUB_URL", "").strip()
        if hub:  # the hub's public URL ends with "hub/": the services are its siblings
            url = urllib.parse.urljoin(hub.rstrip("/") + "/", "../" + SERVICE_PATH)
    if not url:
        raise NotOnHub("LW_CLASSGAME_URL")
    return url if url.endswith("/") else url + "/"


def connect(environ: Mapping[str, str] | None = None, timeout: float = 10.0) -> ClassClient:
    """A :class:`ClassClient` for this kernel's pupil, from the hub's environment.

    Raises:
        NotOnHub: the kernel is not on the class hub (no ``JUPYTERHUB_API_TOKEN``, no service address).
    """
    env = os.environ if environ is None else environ
    token = env.get("JUPYTERHUB_API_TOKEN", "").strip()
    if not token:
        raise NotOnHub("JUPYTERHUB_API_TOKEN")
    return ClassClient(service_url(env), token, timeout=timeout)


class ClassLoop:
    """One asyncio event loop in a background (daemon) thread: where every class play request runs.

    :func:`class_loop` gives the kernel's one loop; it is started on first use.
    """

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="classgame-loop", daemon=True)
        self._thread.start()

    def submit(self, coro: Coroutine[Any, Any, _T]) -> concurrent.futures.Future[_T]:
        """Start ``coro`` on the loop; its future (``cancel()`` cancels the coroutine at its next ``await``)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def run(self, coro: Coroutine[Any, Any, _T]) -> _T:
        """Run ``coro`` on the loop and wait for its result (its exception is raised here).

        An interrupt (``KeyboardInterrupt``) while waiting cancels the coroutine.

        Raises:
            RuntimeError: called from the loop's own thread (it would wait for itself forever).
        """
        if threading.current_thread() is self._thread:
            coro.close()
            raise RuntimeError("a class play request cannot wait on the class play loop's own thread")
        future = self.submit(coro)
        try:
            return future.result()
        except BaseException:
            future.cancel()
            raise


_loop: ClassLoop | None = None
_loop_lock = threading.Lock()


def class_loop() -> ClassLoop:
    """This process's (the kernel's) one :class:`ClassLoop`, started on first use."""
    global _loop
    with _loop_lock:
        if _loop is None:
            _loop = ClassLoop()
        return _loop


def _close_soon(loop: asyncio.AbstractEventLoop, http: aiohttp.ClientSession) -> None:
    if not loop.is_closed():
        asyncio.run_coroutine_threadsafe(http.close(), loop)


class AsyncClassClient:
    """The class game service's API, with one pupil's token: every method a coroutine.

    Args:
        url: the service's address (``…/services/classgame/``).
        token: the pupil's hub token.
        timeout: seconds a request (other than a long poll) may take.

    Every method returns the service's JSON answer (dicts and lists, see
    :mod:`logger_widget.online.protocol`) and raises :class:`ServiceUnreachable` or :class:`Refused`.
    Its connections belong to the loop it first runs on (the kernel's :func:`class_loop`).

    Raises:
        ValueError: ``url`` is not an http(s) address.
    """

    def __init__(self, url: str, token: str, *, timeout: float = 10.0) -> None:
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"url must be an http(s) address, not {url!r}")
        self.url = url if url.endswith("/") else url + "/"
        self._token = token
        self.timeout = timeout
        self._http: aiohttp.ClientSession | None = None

    @property
    def who(self) -> str:
        """Who this client speaks for, as a key (the service's address and a digest of the token, never the token)."""
        return self.url + "#" + hashlib.sha256(self._token.encode()).hexdigest()[:16]

    def __repr__(self) -> str:  # never the token
        return f"<AsyncClassClient {self.url}>"

    async def aclose(self) -> None:
        """Close the connections kept open to the service (a later request opens a new one)."""
        http, self._http = self._http, None
        if http is not None:
            await http.close()

    async def _send(self, method: str, url: str, data: bytes | None, timeout: float) -> tuple[int, bytes]:
        """``(status, body)`` of ``method url``; a read cut off on a kept connection is asked once more."""
        if self._http is None:  # kept open: no new connection per turn (HTTP keep-alive)
            connector = aiohttp.TCPConnector(limit=0, limit_per_host=0)
            # trust_env: an HTTP proxy the environment names (http_proxy, no_proxy) is used, as urllib does
            self._http = aiohttp.ClientSession(connector=connector, trust_env=True)
            # a client dropped without aclose() (a cell run again) closes its connections on its loop
            weakref.finalize(self, _close_soon, asyncio.get_running_loop(), self._http)
        headers = {"Authorization": f"token {self._token}", "Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        limit = aiohttp.ClientTimeout(total=timeout)
        for attempt in (1, 2):
            try:
                async with self._http.request(
                    method, url, data=data, headers=headers, timeout=limit, allow_redirects=False
                ) as response:
                    return response.status, await response.read()
            except (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError) as e:
                # a kept connection the service (or the proxy) closed meanwhile: a read is asked once
                # more on a new one, a turn never (the service would refuse it as stale; the board reads again)
                if method != "GET" or attempt == 2:
                    raise ServiceUnreachable(self.url, str(e) or type(e).__name__) from None
            except (aiohttp.ClientError, asyncio.TimeoutError) as e:
                raise ServiceUnreachable(self.url, str(e) or type(e).__name__) from None
        raise AssertionError("unreachable")  # pragma: no cover

    async def request(self, method: str, path: str, body: Any = None, timeout: float | None = None) -> Any:
        """``method`` ``path`` (below ``api/``) with ``body`` as JSON; the answer's JSON (``None`` if empty).

        ``timeout``: seconds (default :attr:`timeout`).
        """
        url = self.url + "api/" + path.lstrip("/")
        data = None if body is None else json.dumps(body).encode("utf-8")
        if data is not None and len(data) > MAX_BODY_BYTES:  # refused before it is sent: no reset connection
            raise Refused(413, {"code": "too_large", "message": f"the body ({len(data)} bytes) is larger than "
                                f"the service's limit of {MAX_BODY_BYTES} bytes; not sent"})  # fmt: skip
        status, raw = await self._send(method, url, data, self.timeout if timeout is None else timeout)
        text = raw.decode("utf-8", errors="replace")
        if status >= 500:  # the service is down, restarting (a poll cut short) or the proxy cannot reach it
            raise ServiceUnreachable(self.url, f"HTTP {status}")
        if status >= 400:
            code = "too_large" if status == 413 else f"http_{status}"  # a proxy's 413 too
            try:
                answer = json.loads(text)
            except ValueError:
                answer = {"code": code, "message": text[:200]}
            if not isinstance(answer, Mapping):
                answer = {"code": code, "message": str(answer)[:200]}
            raise Refused(status, answer)
        if status >= 300:  # not the service's answer (it never redirects): the proxy's or the hub's
            raise ServiceUnreachable(self.url, f"HTTP {status}, not the service's answer")
        try:
            return json.loads(text) if text.strip() else None
        except ValueError:
            raise ServiceUnreachable(self.url, f"HTTP {status} with a body that is not JSON") from None

    # -- who and what
    async def me(self) -> dict[str, Any]:
        """The pupil as the service knows them (``name``, ``teacher``, ``rating``)."""
        return dict(await self.request("GET", "me"))

    async def presence(self) -> list[dict[str, Any]]:
        """Every player the service has seen (``name``, ``online``, ``last_seen``, ``rating``, ``teacher``)."""
        return list((await self.request("GET", "presence"))["players"])

    async def heartbeat(self) -> None:
        """Tell the service the pupil is online (the lobby does it at every refresh)."""
        await self.request("POST", "presence", {"protocol": PROTOCOL_VERSION})

    async def seeks(self) -> list[dict[str, Any]]:
        """The open seeks and the challenges addressed to the pupil (:class:`~.protocol.SeekInfo`)."""
        return list((await self.request("GET", "seeks"))["seeks"])

    async def open_seek(
        self,
        players: int = 2,
        invite: Sequence[str] = (),
        bots: Sequence[str] = (),
        turn_limit: int | None = None,
    ) -> dict[str, Any]:
        """Open a seek for ``players`` seats (2–4), ``bots`` (presets) taking some; ``invite``: a challenge.

        A challenge names everyone who plays: the pupil, the invited classmates and the bots fill
        exactly ``players`` seats. ``turn_limit``: the game ends after that many turns (a short
        game). Returns the :class:`~.protocol.SeekInfo`.
        """
        body = seek_request(players, list(invite), list(bots), turn_limit=turn_limit)
        return dict(await self.request("POST", "seeks", body))

    async def accept(self, seek: int) -> dict[str, Any]:
        """Take a seat in seek ``seek``; its :class:`~.protocol.SeekInfo` (``game`` once every seat is taken)."""
        return dict(await self.request("POST", f"seeks/{int(seek)}/accept", {"protocol": PROTOCOL_VERSION}))

    async def cancel(self, seek: int) -> dict[str, Any]:
        """Withdraw the pupil's own seek (or decline a challenge)."""
        return dict(await self.request("DELETE", f"seeks/{int(seek)}"))

    async def games(self, *, whole_class: bool = False, status: str | None = None) -> list[dict[str, Any]]:
        """The pupil's games (or the whole class's, to watch), newest first; ``status``: active or finished."""
        query = {k: v for k, v in (("class", "1" if whole_class else ""), ("status", status or "")) if v}
        path = "games" + ("?" + urllib.parse.urlencode(query) if query else "")
        return list((await self.request("GET", path))["games"])

    async def game(self, game: int) -> dict[str, Any]:
        """Game ``game`` (:class:`~.protocol.GameState`): seats, status, start and turns, ``you``, result."""
        return dict(await self.request("GET", f"games/{int(game)}"))

    async def play(self, game: int, ply: int, turn: str) -> dict[str, Any]:
        """Play ``turn`` (notation) at ``ply`` (turns played before it) for the pupil's own seat; the turn event.

        Raises:
            Refused: ``illegal_turn`` (with the rule), ``stale_ply``, ``not_your_seat``, ``game_over``…
        """
        return dict(
            (await self.request("POST", f"games/{int(game)}/turns", turn_message(ply, turn)))["event"]
        )

    async def resign(self, game: int) -> dict[str, Any]:
        """Give up game ``game``; the ``over`` event."""
        return dict(
            (await self.request("POST", f"games/{int(game)}/resign", {"protocol": PROTOCOL_VERSION}))["event"]
        )

    # -- the class arena
    async def arena(self) -> dict[str, Any]:
        """The class arena now: the open one, else the latest (``GET api/arena``).

        Returns ``{"arena": info or None, "standings": [...], "you": state or None}``: ``info`` has
        ``id``, ``status`` (``open``, ``finished``, ``closed``), ``ends`` (seconds since the epoch),
        ``minutes`` and ``entrants``; each standing ``rank``, ``name``, ``points``, ``games``,
        ``wins``, ``draws``, ``losses``, ``rating``, ``rating_change`` (the class's standings, the
        same for every pupil); ``you`` is :meth:`arena_me` read without counting as present.
        """
        return dict(await self.request("GET", "arena"))

    async def join_arena(self, arena: int) -> dict[str, Any]:
        """Join arena ``arena`` (again after a restart: the same entry); the pupil's state, as :meth:`arena_me`.

        Raises:
            Refused: ``not_found`` (no such arena), ``conflict`` (the arena is over: it takes nobody new).
        """
        return dict(await self.request("POST", f"arena/{int(arena)}/join", {"protocol": PROTOCOL_VERSION}))

    async def leave_arena(self, arena: int) -> dict[str, Any]:
        """Stop being paired in arena ``arena`` (a game in progress goes on); the pupil's state.

        Raises:
            Refused: ``not_found`` (no such arena, or the pupil never joined it).
        """
        return dict(await self.request("POST", f"arena/{int(arena)}/leave", {"protocol": PROTOCOL_VERSION}))

    async def arena_me(self, arena: int) -> dict[str, Any]:
        """The pupil's state in arena ``arena``, counting as present (the service pairs who asks).

        Returns ``{"arena", "name", "state", "game"}``; ``state``: ``waiting`` (to be paired),
        ``playing`` (``game`` is the arena game in progress), ``left``, ``out`` (never joined),
        ``over`` (the arena ended). A pupil waiting must ask every few seconds: the service does
        not pair a pupil it has not heard from for 30 s.
        """
        return dict(await self.request("GET", f"arena/{int(arena)}/me"))

    async def events(self, game: int, after: int, timeout: float = POLL_WAIT) -> dict[str, Any]:
        """The game's events after ``after`` (:class:`~.protocol.EventsReply`; a long poll of up to ``timeout`` s)."""
        query = urllib.parse.urlencode({"after": int(after), "timeout": timeout})
        return dict(
            await self.request("GET", f"games/{int(game)}/events?{query}", timeout=timeout + self.timeout)
        )


def _blocking(
    method: Callable[Concatenate[AsyncClassClient, _P], Awaitable[_T]],
) -> Callable[Concatenate[ClassClient, _P], _T]:
    """The synchronous face of ``method``: the same arguments, its answer waited for on the class loop."""

    @functools.wraps(method)
    def call(self: ClassClient, /, *args: _P.args, **kwargs: _P.kwargs) -> _T:
        return self.run(method(self.aio, *args, **kwargs))  # type: ignore[arg-type]

    return call


class ClassClient:
    """The class game service's API for code in a cell: :class:`AsyncClassClient`'s methods, waited for.

    Args:
        url: the service's address (``…/services/classgame/``).
        token: the pupil's hub token.
        timeout: seconds a request (other than a long poll) may take.

    Each method of :class:`AsyncClassClient` (``me``, ``presence``, ``heartbeat``, ``seeks``,
    ``open_seek``, ``accept``, ``cancel``, ``games``, ``game``, ``play``, ``resign``, ``arena``,
    ``join_arena``, ``leave_arena``, ``arena_me``, ``events``, ``request``) is here with the same
    arguments and answer; it runs on the kernel's :func:`class_loop` and the calling thread waits
    for it. The widgets never wait: they :meth:`submit` the coroutines of :attr:`aio`.

    Raises:
        ValueError: ``url`` is not an http(s) address.
    """

    def __init__(self, url: str, token: str, *, timeout: float = 10.0) -> None:
        #: the same client, every method a coroutine (to :meth:`submit`)
        self.aio = AsyncClassClient(url, token, timeout=timeout)
        self.loop = class_loop()

    @property
    def url(self) -> str:
        """The service's address (ends with ``/``)."""
        return self.aio.url

    @property
    def who(self) -> str:
        """Who this client speaks for (see :attr:`AsyncClassClient.who`)."""
        return self.aio.who

    def __repr__(self) -> str:  # never the token
        return f"<ClassClient {self.url}>"

    def run(self, coro: Coroutine[Any, Any, _T]) -> _T:
        """Wait for ``coro`` on the class loop (:meth:`ClassLoop.run`); its answer or its error."""
        return self.loop.run(coro)

    def submit(self, coro: Coroutine[Any, Any, _T]) -> concurrent.futures.Future[_T]:
        """Start ``coro`` on the class loop without waiting; its future (``cancel()`` ends it at once)."""
        return self.loop.submit(coro)

    def close(self) -> None:
        """Close the connections kept open to the service (a later request opens a new one)."""
        self.run(self.aio.aclose())

    request = _blocking(AsyncClassClient.request)
    me = _blocking(AsyncClassClient.me)
    presence = _blocking(AsyncClassClient.presence)
    heartbeat = _blocking(AsyncClassClient.heartbeat)
    seeks = _blocking(AsyncClassClient.seeks)
    open_seek = _blocking(AsyncClassClient.open_seek)
    accept = _blocking(AsyncClassClient.accept)
    cancel = _blocking(AsyncClassClient.cancel)
    games = _blocking(AsyncClassClient.games)
    game = _blocking(AsyncClassClient.game)
    play = _blocking(AsyncClassClient.play)
    resign = _blocking(AsyncClassClient.resign)
    arena = _blocking(AsyncClassClient.arena)
    join_arena = _blocking(AsyncClassClient.join_arena)
    leave_arena = _blocking(AsyncClassClient.leave_arena)
    arena_me = _blocking(AsyncClassClient.arena_me)
    events = _blocking(AsyncClassClient.events)

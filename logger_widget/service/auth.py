"""Who is asking: JupyterHub's authentication for the class game service's handlers.

:class:`APIHandler` is the base of every JSON endpoint: the request carries a hub token
(``Authorization: token …``; a pupil's kernel has its server's ``JUPYTERHUB_API_TOKEN``) or
the service's OAuth cookie, and :class:`KeptHubOAuth` asks the hub whose it is (an answer is
kept, and refreshed in the background after a minute: a request never waits for the hub about
a token it knew); a token needs the scope ``access:services!service=<this service>``. :class:`PageHandler`
is the base of browser pages (the teacher's dashboard): with no login the browser is sent
through the hub's OAuth login.

The requester is who the hub says: :attr:`APIHandler.pupil` is the hub's user name and
:attr:`APIHandler.teacher` is true only for a hub admin or a user holding one of the hub roles
in ``LW_CLASSGAME_TEACHER_ROLES`` (default ``teacher``), which the service reads from the
hub's API with its own token (scopes ``read:users``, ``read:roles:users``). No name in a
request body or URL ever makes anyone a teacher or another pupil.

Bodies are refused above :data:`~logger_widget.online.protocol.MAX_BODY_BYTES` (HTTP 413,
``too_large``, the message naming the limit). :class:`APIHandler` streams the body: a declared
``Content-Length`` past :data:`DRAIN_BYTES` is answered at once, before the body is read (a
client sending ``Expect: 100-continue`` never sends it; the connection is then closed); a
smaller one, or a chunked body, is read to its end (no more than ``MAX_BODY_BYTES`` kept in
memory) and answered on a connection that stays open, so that a client which sends its whole
body before reading (``urllib``, ``requests``) gets the answer and not a reset connection. Every
refusal is a :class:`~logger_widget.online.protocol.ProtocolError` rendered as its
:class:`~logger_widget.online.protocol.ErrorBody`.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import json
import logging
import os
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from jupyterhub.services.auth import HubOAuth, HubOAuthenticated
from tornado import web
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

from ..online.protocol import MAX_BODY_BYTES, PROTOCOL_VERSION, ProtocolError

__all__ = [
    "DRAIN_BYTES",
    "TOKEN_MAX_AGE_SECONDS",
    "TOKEN_REFRESH_SECONDS",
    "APIHandler",
    "KeptHubOAuth",
    "PageHandler",
    "HubUsers",
    "hub_auth",
    "too_large",
]

log = logging.getLogger("logger_widget.service")

#: Bytes of a body past :data:`~logger_widget.online.protocol.MAX_BODY_BYTES` that the service
#: still reads (and drops) to answer 413 on a connection that stays open; a body declared
#: larger is answered at once and its connection closed. Also the server's ``max_body_size``:
#: a chunked body past it is cut off by Tornado (a bare 400, the connection closed).
DRAIN_BYTES = 256 * 1024

#: The HTTP methods whose handlers run only once the whole body is in (:class:`APIHandler`).
_METHODS = ("get", "post", "put", "delete", "patch")


def too_large(size: int | None) -> ProtocolError:
    """The ``too_large`` refusal of a body of ``size`` bytes (``None``: not known), naming the limit."""
    sent = "the body" if size is None else f"the body ({size} bytes)"
    return ProtocolError(
        "too_large", "", f"{sent} is larger than the service's limit of {MAX_BODY_BYTES} bytes"
    )


#: The range of a whole number in a request body (what the databases' 64-bit integers hold).
_WHOLE_RANGE = (-(2**63), 2**63 - 1)


def _whole_number(text: str) -> int:
    if len(text) > 20 or not _WHOLE_RANGE[0] <= (value := int(text)) <= _WHOLE_RANGE[1]:
        shown = text if len(text) <= 24 else text[:24] + "…"
        raise ProtocolError("malformed", "", f"the whole number {shown} is past the 64-bit range")
    return value


def _finite_number(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ProtocolError("malformed", "", f"the number {text[:24]} is past the range of a float")
    return value


def _no_constant(text: str) -> float:
    raise ProtocolError("malformed", "", f"{text} is not a number this protocol takes (not standard JSON)")


def _after_body(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` run once the streamed body is complete and within the limit (else ``too_large``)."""

    @functools.wraps(method)
    async def run(self: APIHandler, *args: Any, **kwargs: Any) -> None:
        self._take_body()
        result = method(self, *args, **kwargs)
        if inspect.isawaitable(result):
            await result

    run._after_body = True  # type: ignore[attr-defined]
    return run


#: Seconds the hub's answer about a token is used as it is; past that, a request still gets it
#: at once while one new question about the token goes to the hub (:class:`KeptHubOAuth`).
TOKEN_REFRESH_SECONDS = 60.0

#: Seconds after which the hub's answer about a token is no longer used at all: a request with
#: a token nobody used for that long waits for the hub (JupyterHub's own cache default).
TOKEN_MAX_AGE_SECONDS = 300.0


class KeptHubOAuth(HubOAuth):
    """:class:`HubOAuth` whose answers about tokens age without making a request wait for the hub.

    JupyterHub's own cache forgets an answer after ``cache_max_age``: the next request with
    that token then waits for the hub, and 300 pupils whose answers age together all wait at
    once, behind each other's questions (seconds on a loaded machine). Here an answer younger
    than :data:`TOKEN_REFRESH_SECONDS` is used as it is; an older one, up to
    ``cache_max_age`` (:data:`TOKEN_MAX_AGE_SECONDS`), is still used at once while one new
    question goes to the hub in the background, whose answer serves the next requests (a
    token the hub no longer knows is then refused). Questions about one token at the same
    moment share one request to the hub. A token the hub did not know is asked about again
    after :data:`TOKEN_REFRESH_SECONDS`, and waited for.
    """

    refresh_seconds = TOKEN_REFRESH_SECONDS

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._kept: dict[str, tuple[float, dict[str, Any] | None]] = {}
        self._asking: dict[str, asyncio.Future[dict[str, Any] | None]] = {}

    async def _check_hub_authorization(
        self, url: str, api_token: str, cache_key: str | None = None, use_cache: bool = True
    ) -> dict[str, Any] | None:
        if not use_cache or cache_key is None:
            return await super()._check_hub_authorization(url, api_token, cache_key, use_cache=use_cache)
        kept = self._kept.get(cache_key)
        if kept is not None:
            age = time.monotonic() - kept[0]
            if age < self.refresh_seconds:
                return kept[1]
            if kept[1] is not None and age < self.cache_max_age:
                self._asked(url, api_token, cache_key)  # the hub's new answer serves the next requests
                return kept[1]
        return await asyncio.shield(self._asked(url, api_token, cache_key))

    def _asked(self, url: str, api_token: str, key: str) -> asyncio.Future[dict[str, Any] | None]:
        """The one question about the token of ``key`` on its way to the hub (a new one when none is)."""
        future = self._asking.get(key)
        if future is None:
            future = self._asking[key] = asyncio.ensure_future(self._ask(url, api_token, key))
            future.add_done_callback(lambda done: self._answered(key, done))
        return future

    async def _ask(self, url: str, api_token: str, key: str) -> dict[str, Any] | None:
        model: dict[str, Any] | None = await super()._check_hub_authorization(
            url, api_token, key, use_cache=False
        )
        now = time.monotonic()
        if len(self._kept) > 10_000:  # tokens nobody used for the longest age go
            self._kept = {k: v for k, v in self._kept.items() if now - v[0] < self.cache_max_age}
        self._kept[key] = (now, model)
        return model

    def _answered(self, key: str, done: asyncio.Future[dict[str, Any] | None]) -> None:
        if self._asking.get(key) is done:
            del self._asking[key]
        if not done.cancelled() and done.exception() is not None and key in self._kept:
            log.warning("the hub did not answer about a token (%s): its last answer stays", done.exception())


def hub_auth() -> HubOAuth:
    """The service's :class:`KeptHubOAuth`, configured from the ``JUPYTERHUB_*`` environment the hub gives it."""
    return KeptHubOAuth.instance(
        api_token=os.environ.get("JUPYTERHUB_API_TOKEN", ""), cache_max_age=int(TOKEN_MAX_AGE_SECONDS)
    )


class HubUsers:
    """The hub's users as the service sees them: who exists, who is the teacher.

    The teacher is a hub admin or a holder of one of ``roles``. Asks ``GET {hub api}/users/<name>``
    with the service's own token (scopes ``read:users``, ``read:roles:users``) and keeps each
    answer for ``cache_seconds``. A kept answer past that age is still given at once while one
    new question goes to the hub in the background (so a class's requests never wait on the
    hub once it knows them, and 300 pupils' answers ageing together do not queue 300 questions);
    questions about one name at the same moment share one request to the hub.

    Args:
        api_url: the hub's API (``JUPYTERHUB_API_URL``).
        token: the service's token (``JUPYTERHUB_API_TOKEN``).
        roles: role names that make a teacher.
    """

    def __init__(self, api_url: str, token: str, roles: frozenset[str], cache_seconds: float = 60.0) -> None:
        self.api_url = api_url.rstrip("/")
        self.token = token
        self.roles = roles
        self.cache_seconds = cache_seconds
        self._cache: dict[str, tuple[float, dict[str, Any] | None]] = {}
        self._asking: dict[str, asyncio.Future[dict[str, Any] | None]] = {}

    async def _ask(self, name: str) -> dict[str, Any] | None:
        request = HTTPRequest(
            f"{self.api_url}/users/{quote(name, safe='')}",
            headers={"Authorization": f"token {self.token}"}, request_timeout=10,
        )  # fmt: skip
        try:
            reply = await AsyncHTTPClient().fetch(request)
            user = json.loads(reply.body)
        except HTTPClientError as e:
            if e.code != 404:
                raise
            user = None
        self._cache[name] = (time.monotonic(), user)
        return user

    def _asked(self, name: str) -> asyncio.Future[dict[str, Any] | None]:
        """The one question about ``name`` on its way to the hub (a new one when none is)."""
        future = self._asking.get(name)
        if future is None:
            future = self._asking[name] = asyncio.ensure_future(self._ask(name))
            future.add_done_callback(lambda done: self._forget(name, done))
        return future

    def _forget(self, name: str, done: asyncio.Future[dict[str, Any] | None]) -> None:
        if self._asking.get(name) is done:
            del self._asking[name]
        if not done.cancelled() and done.exception() is not None and name in self._cache:
            log.warning("the hub did not say who %s is (%s): the last answer stays", name, done.exception())

    async def _user(self, name: str) -> dict[str, Any] | None:
        hit = self._cache.get(name)
        if hit is not None:
            if time.monotonic() - hit[0] >= self.cache_seconds:
                self._asked(name)  # refreshed in the background; the kept answer now
            return hit[1]
        return await asyncio.shield(self._asked(name))

    async def exists(self, name: str) -> bool:
        """True when ``name`` is a user of the hub."""
        return await self._user(name) is not None

    async def is_teacher(self, model: dict[str, Any]) -> bool:
        """True for a hub admin or a holder of a teacher role; a service or unknown user is not one."""
        if model.get("kind", "user") != "user":
            return False
        if model.get("admin"):
            return True
        user = await self._user(model["name"])
        return user is not None and (
            bool(user.get("admin")) or bool(self.roles & set(user.get("roles") or ()))
        )


class _Authenticated(HubOAuthenticated):
    """The hub's user of a request, found once per request (asynchronously) in :meth:`prepare`."""

    @property
    def hub_auth(self) -> HubOAuth:
        return self.settings["hub_auth"]

    @property
    def service(self) -> Any:
        """The :class:`~logger_widget.service.app.ClassGameService` this handler belongs to."""
        return self.settings["classgame"]

    async def _find_user(self) -> dict[str, Any] | None:
        model = await self.hub_auth.get_user(self, sync=False)
        if not model:
            self._hub_auth_user_cache = None
            return None
        try:
            self._hub_auth_user_cache = self.check_hub_user(model)
        except web.HTTPError:
            self._hub_auth_user_cache = None
        except Exception:  # noqa: BLE001 - jupyterhub's UserNotAllowed
            self._hub_auth_user_cache = None
        return self._hub_auth_user_cache

    @property
    def pupil(self) -> str:
        """The requester's hub user name (every authenticated request has one)."""
        return self.current_user["name"]

    @property
    def teacher(self) -> bool:
        """True when the hub makes the requester the teacher (admin or a teacher role)."""
        return self._teacher


@web.stream_request_body
class APIHandler(_Authenticated, web.RequestHandler):
    """Base of the JSON API: hub token or cookie required, JSON in and out, refusals as error bodies.

    The body is streamed (:func:`tornado.web.stream_request_body`): :meth:`prepare` runs on the
    headers (the declared size, who is asking), :meth:`data_received` keeps at most
    :data:`~logger_widget.online.protocol.MAX_BODY_BYTES`, and a subclass's ``get``, ``post``,
    ``put``, ``delete`` and ``patch`` run once the body is complete, with ``self.request.body``
    set, or not at all when it was too large (``too_large``, HTTP 413).
    """

    _teacher = False
    _taken = False
    _received = 0  # bytes of the body come so far
    _body: bytearray | None = None  # its first MAX_BODY_BYTES

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in _METHODS:
            method = cls.__dict__.get(name)
            if method is not None and not getattr(method, "_after_body", False):
                setattr(cls, name, _after_body(method))

    async def prepare(self) -> None:  # noqa: D102
        length = self.request.headers.get("Content-Length", "").strip()
        declared = int(length) if length.isdigit() and len(length) < 19 else None
        if declared is not None and declared > DRAIN_BYTES:
            # answered now; Tornado then drops what comes (no second, bare answer) until it closes
            self.request.connection.set_max_body_size(declared)  # type: ignore[union-attr]
            raise too_large(declared)
        user = await self._find_user()
        if user is None:
            raise ProtocolError("not_authenticated", "Authorization", "no valid hub token for this service")
        if user.get("kind", "user") != "user":
            raise ProtocolError(
                "forbidden", "Authorization", "only the hub's users play (this is a service's token)"
            )
        self._teacher = await self.service.users.is_teacher(user)
        self.service.seen(user["name"], self._teacher)

    def data_received(self, chunk: bytes) -> None:  # noqa: D102
        self._received += len(chunk)
        if self._received <= MAX_BODY_BYTES:
            if self._body is None:
                self._body = bytearray()
            self._body += chunk

    def _take_body(self) -> None:
        """The streamed body as ``self.request.body``.

        Raises:
            ProtocolError: ``too_large``: more than ``MAX_BODY_BYTES`` came.
        """
        if self._taken:
            return
        self._taken = True
        if self._received > MAX_BODY_BYTES:
            raise too_large(self._received)
        self.request.body = bytes(self._body or b"")

    def json_body(self) -> Any:
        """The request body as JSON: whole numbers within 64 bits, finite numbers only.

        Raises:
            ProtocolError: ``malformed``: not UTF-8 JSON (or nested too deep), a whole number
                past the 64-bit range, ``NaN``, ``Infinity`` or a number past the float range.
        """
        try:
            return json.loads(
                self.request.body.decode("utf-8"),
                parse_int=_whole_number, parse_float=_finite_number, parse_constant=_no_constant,
            )  # fmt: skip
        except ProtocolError:
            raise
        except (UnicodeDecodeError, ValueError, RecursionError) as e:
            raise ProtocolError("malformed", "", f"the body is not UTF-8 JSON ({type(e).__name__})") from None

    def send(self, body: Any, status: int = 200) -> None:
        """Answer with ``body`` as JSON."""
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body, ensure_ascii=False))

    def _handle_request_exception(self, e: BaseException) -> None:
        if isinstance(e, ProtocolError):
            if not self._finished:
                self.send(e.body(), e.status)
            return
        super()._handle_request_exception(e)

    def write_error(self, status_code: int, **kwargs: Any) -> None:  # noqa: D102
        code = {404: "not_found", 403: "forbidden", 405: "malformed", 413: "too_large"}.get(
            status_code, "malformed"
        )
        reason = self._reason
        if status_code >= 500:
            self.send({"protocol": PROTOCOL_VERSION, "error": {"code": "server", "field": "", "message": reason}},
                      status_code)  # fmt: skip
            return
        self.send(
            {"protocol": PROTOCOL_VERSION, "error": {"code": code, "field": "", "message": reason}},
            status_code,
        )


class PageHandler(_Authenticated, web.RequestHandler):
    """Base of browser pages: the hub's OAuth login when needed (``@web.authenticated`` on ``get``)."""

    _teacher = False

    async def prepare(self) -> None:  # noqa: D102
        user = await self._find_user()
        if user is not None:
            self._teacher = await self.service.users.is_teacher(user)
            self.service.seen(user["name"], self._teacher)

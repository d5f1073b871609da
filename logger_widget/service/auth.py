"""Who is asking: JupyterHub's authentication for the class game service's handlers.

:class:`APIHandler` is the base of every JSON endpoint: the request carries a hub token
(``Authorization: token …``; a pupil's kernel has its server's ``JUPYTERHUB_API_TOKEN``) or
the service's OAuth cookie, and :class:`jupyterhub.services.auth.HubOAuth` asks the hub whose
it is; a token needs the scope ``access:services!service=<this service>``. :class:`PageHandler`
is the base of browser pages (the teacher's dashboard): with no login the browser is sent
through the hub's OAuth login.

The requester is who the hub says: :attr:`APIHandler.pupil` is the hub's user name and
:attr:`APIHandler.teacher` is true only for a hub admin or a user holding one of the hub roles
in ``LW_CLASSGAME_TEACHER_ROLES`` (default ``teacher``), which the service reads from the
hub's API with its own token (scopes ``read:users``, ``read:roles:users``). No name in a
request body or URL ever makes anyone a teacher or another pupil.

Bodies are refused above :data:`~logger_widget.online.protocol.MAX_BODY_BYTES` (``too_large``);
every refusal is a :class:`~logger_widget.online.protocol.ProtocolError` rendered as its
:class:`~logger_widget.online.protocol.ErrorBody`.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any
from urllib.parse import quote

from jupyterhub.services.auth import HubOAuth, HubOAuthenticated
from tornado import web
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

from ..online.protocol import MAX_BODY_BYTES, PROTOCOL_VERSION, ProtocolError

__all__ = ["APIHandler", "PageHandler", "HubUsers", "hub_auth"]


def hub_auth() -> HubOAuth:
    """The service's :class:`HubOAuth`, configured from the ``JUPYTERHUB_*`` environment the hub gives it."""
    return HubOAuth.instance(api_token=os.environ.get("JUPYTERHUB_API_TOKEN", ""), cache_max_age=60)


class HubUsers:
    """The hub's users as the service sees them: who exists, who is the teacher.

    The teacher is a hub admin or a holder of one of ``roles``. Asks ``GET {hub api}/users/<name>``
    with the service's own token (scopes ``read:users``, ``read:roles:users``) and keeps each
    answer for ``cache_seconds``.

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

    async def _user(self, name: str) -> dict[str, Any] | None:
        hit = self._cache.get(name)
        if hit and time.monotonic() - hit[0] < self.cache_seconds:
            return hit[1]
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


class APIHandler(_Authenticated, web.RequestHandler):
    """Base of the JSON API: hub token or cookie required, JSON in and out, refusals as error bodies."""

    _teacher = False

    async def prepare(self) -> None:  # noqa: D102
        length = self.request.headers.get("Content-Length")
        if (length and length.isdigit() and int(length) > MAX_BODY_BYTES) or len(
            self.request.body or b""
        ) > MAX_BODY_BYTES:
            raise ProtocolError("too_large", "", f"the body is larger than {MAX_BODY_BYTES} bytes")
        user = await self._find_user()
        if user is None:
            raise ProtocolError("not_authenticated", "Authorization", "no valid hub token for this service")
        if user.get("kind", "user") != "user":
            raise ProtocolError(
                "forbidden", "Authorization", "only the hub's users play (this is a service's token)"
            )
        self._teacher = await self.service.users.is_teacher(user)
        self.service.seen(user["name"])

    def json_body(self) -> Any:
        """The request body as JSON.

        Raises:
            ProtocolError: ``malformed``: not UTF-8 JSON.
        """
        try:
            return json.loads(self.request.body.decode("utf-8"))
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
            self.service.seen(user["name"])

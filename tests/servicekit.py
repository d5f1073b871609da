"""The class game service in this process, with a fake hub identity: the server's quick tier.

:func:`in_process_service` runs :class:`~logger_widget.service.app.ClassGameService` and its
Tornado application (the real handlers, the real database code) on a free port of
127.0.0.1, in a thread of its own with its own event loop, over a SQLite file in a temporary
folder. The hub is replaced by :class:`FakeHubAuth`: the token ``"token-<name>"`` is the hub
user ``<name>``, any other token is nobody, and :class:`FakeUsers` says who exists and who is
the teacher. Bot seats are played in a thread (no process pool to start). Everything else is
what the service does on the hub: the tests speak HTTP to it with
:class:`classgamekit.Client`.

With ``LW_SERVICE_ROUTES_LOG`` set to a file, every answer of every in-process service is
appended to it as a line ``<handler class> <method> <status>`` (:func:`handlers_answered` reads
it back): ``tests/test_service_routes.py`` checks that the in-process tests reach every handler.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import os
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from classgamekit import Client
from tornado import web
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from logger_widget.service.app import ClassGameService, ServiceConfig, make_app
from logger_widget.service.auth import DRAIN_BYTES

SCOPE = "access:services!service=classgame"

#: The file every in-process service appends its answers to, when set (see the module's text).
ROUTES_LOG = "LW_SERVICE_ROUTES_LOG"


def handler_name(handler_class: type) -> str:
    """``module.Class`` of a Tornado handler class, as the routes log names it."""
    return f"{handler_class.__module__}.{handler_class.__qualname__}"


def _log_answers(app: web.Application, path: str) -> None:
    """Have ``app`` append ``<handler> <method> <status>`` to ``path`` for every answer, besides its own log."""
    own = app.settings["log_function"]

    def log_function(handler: web.RequestHandler) -> None:
        own(handler)
        line = f"{handler_name(type(handler))} {handler.request.method} {handler.get_status()}\n"
        with open(path, "a", encoding="utf-8") as f:
            f.write(line)

    app.settings["log_function"] = log_function


def handlers_answered(path: Path) -> set[tuple[str, str, int]]:
    """``(handler, method, status)`` of every answer logged in ``path`` (:data:`ROUTES_LOG`)."""
    if not path.is_file():
        return set()
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        name, method, status = line.split()
        found.add((name, method, int(status)))
    return found


def token(name: str) -> str:
    """The fake hub token of ``name``."""
    return f"token-{name}"


class FakeHubAuth:
    """The part of :class:`jupyterhub.services.auth.HubOAuth` the handlers use, answering from a name list."""

    access_scopes = {SCOPE}
    login_url = "/hub/login"
    base_url = "/"

    def __init__(self, users: set[str], teachers: set[str]) -> None:
        self.users, self.teachers = users, teachers

    async def get_user(self, handler: Any, sync: bool = True) -> dict[str, Any] | None:
        """The user whose fake token the request carries, else ``None``."""
        header = handler.request.headers.get("Authorization", "")
        name = (
            header.removeprefix("token ").removeprefix("token-") if header.startswith("token token-") else ""
        )
        if name not in self.users:
            return None
        return {"name": name, "kind": "user", "admin": False, "scopes": [SCOPE], "groups": []}

    def check_scopes(self, required: set[str], model: dict[str, Any]) -> set[str]:
        """The required scopes the user holds."""
        return set(required) & set(model["scopes"])


class FakeUsers:
    """:class:`~logger_widget.service.auth.HubUsers` without a hub: ``users`` exist, ``teachers`` teach."""

    def __init__(self, users: set[str], teachers: set[str]) -> None:
        self.users, self.teachers = users, teachers

    async def exists(self, name: str) -> bool:  # noqa: D102
        return name in self.users

    async def is_teacher(self, model: dict[str, Any]) -> bool:  # noqa: D102
        return model.get("kind", "user") == "user" and model["name"] in self.teachers


class Running:
    """A service run by :func:`in_process_service`: its address, the service object, clients."""

    def __init__(
        self, url: str, service: ClassGameService, loop: asyncio.AbstractEventLoop, app: web.Application
    ) -> None:
        self.url, self.service, self.loop, self.app = url, service, loop, app

    def client(self, name: str) -> Client:
        """``name``'s client (their fake hub token)."""
        return Client(self.url, token(name), name)

    def call_in_loop(self, function: Any, *args: Any) -> Any:
        """``function(*args)`` run on the service's event loop (as its handlers run), its result (awaited)."""

        async def run() -> Any:
            result = function(*args)
            return await result if inspect.isawaitable(result) else result

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout=60)


@contextlib.contextmanager
def in_process_service(
    folder: Path,
    users: list[str],
    teachers: tuple[str, ...] = ("teacher",),
    db_url: str | None = None,
    port: int | None = None,
    **settings: Any,
) -> Iterator[Running]:
    """The service over ``db_url`` (default: a SQLite file in ``folder``) for ``users`` and ``teachers``.

    ``settings``: more :class:`~logger_widget.service.app.ServiceConfig` fields (``forfeit_after=30``…).
    """
    people = set(users) | set(teachers)
    config = ServiceConfig(
        db_url=db_url or f"sqlite:///{folder / 'classgame.sqlite'}",
        prefix="/",
        state_folder=str(folder),
        **settings,
    )
    ready = threading.Event()
    state: dict[str, Any] = {}

    def serve() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            service = ClassGameService(config, bot_executor=ThreadPoolExecutor(1))
            service.users = FakeUsers(people, set(teachers))  # type: ignore[assignment]
            app = make_app(service, auth=FakeHubAuth(people, set(teachers)))
            if os.environ.get(ROUTES_LOG):
                _log_answers(app, os.environ[ROUTES_LOG])
            server = HTTPServer(app, max_body_size=DRAIN_BYTES)
            if port is None:
                sock, chosen = bind_unused_port()
                server.add_sockets([sock])
            else:
                server.listen(port, "127.0.0.1")
                chosen = port
            loop.run_until_complete(_start(service))
        except BaseException as error:  # noqa: BLE001 - handed to the test's thread
            state["error"] = error
            ready.set()
            return
        state.update(service=service, port=chosen, loop=loop, server=server, app=app)
        ready.set()
        loop.run_forever()
        server.stop()
        service.close()
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()

    thread = threading.Thread(target=serve, name="classgame-quick", daemon=True)
    thread.start()
    ready.wait(60)
    if "error" in state:
        raise state["error"]
    loop = state["loop"]
    try:
        yield Running(f"http://127.0.0.1:{state['port']}/", state["service"], loop, state["app"])
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(60)


async def _start(service: ClassGameService) -> None:
    service.start()

"""The pupil's side of class play: an HTTP client of the class game service, from the pupil's kernel.

On the class hub a pupil's kernel has the hub's token for the pupil (``JUPYTERHUB_API_TOKEN``)
and the service's address (``LW_CLASSGAME_URL``, set by the hub's configuration; else
``{JUPYTERHUB_PUBLIC_HUB_URL or JUPYTERHUB_BASE_URL}services/classgame/``). :func:`connect` makes
a :class:`ClassClient` from them; off the hub it raises :class:`NotOnHub`, whose message says
that class play needs the class hub.

Only the standard library is used (``http.client``, ``threading``): a pupil's environment gains
nothing. The connections to the service are kept open and reused (HTTP keep-alive,
:class:`~logger_widget.online.connections.Connections`): a turn does not wait for a new
connection through the hub's proxy. Every request sends ``Authorization: token …``: the service knows the pupil from the
token alone, so no request names a player or a seat (a turn is "mine" because of who sends it).

:class:`GameFeed` follows one game live: a background thread long-polls the game's events
(``GET api/games/<id>/events?after=<seq>``, which passes the hub's proxy with no websocket) and
hands each batch to a ``deliver`` function (the board's: the kernel's event loop), reconnecting
with a growing pause (0.5 s to 5 s) while the service cannot be reached.

Errors: :class:`ServiceUnreachable` (no answer, a proxy error), :class:`Refused` (the service
answered with one of :data:`~logger_widget.online.protocol.ERROR_CODES`: the code, its message
and, for an illegal turn, the rule broken and its parameters).
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import threading
import urllib.parse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .connections import Connections
from .protocol import MAX_BODY_BYTES, PROTOCOL_VERSION, seek_request, turn_message

__all__ = [
    "ClassClient",
    "ClassGameError",
    "GameFeed",
    "NotOnHub",
    "Refused",
    "ServiceUnreachable",
    "connect",
    "service_url",
]

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


class ClassClient:
    """The class game service's API, with one pupil's token.

    Args:
        url: the service's address (``…/services/classgame/``).
        token: the pupil's hub token.
        timeout: seconds a request (other than a long poll) may take.

    Every method returns the service's JSON answer (dicts and lists, see
    :mod:`logger_widget.online.protocol`) and raises :class:`ServiceUnreachable` or :class:`Refused`.
    """

    def __init__(self, url: str, token: str, *, timeout: float = 10.0) -> None:
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"url must be an http(s) address, not {url!r}")
        self.url = url if url.endswith("/") else url + "/"
        self._token = token
        self.timeout = timeout
        self._connections = Connections(self.url)  # kept open: no new connection per turn

    @property
    def who(self) -> str:
        """Who this client speaks for, as a key (the service's address and a digest of the token, never the token)."""
        return self.url + "#" + hashlib.sha256(self._token.encode()).hexdigest()[:16]

    def __repr__(self) -> str:  # never the token
        return f"<ClassClient {self.url}>"

    def close(self) -> None:
        """Close the connections kept open to the service (a later request opens a new one)."""
        self._connections.close()

    def request(self, method: str, path: str, body: Any = None, timeout: float | None = None) -> Any:
        """``method`` ``path`` (below ``api/``) with ``body`` as JSON; the answer's JSON (``None`` if empty)."""
        url = self.url + "api/" + path.lstrip("/")
        data = None if body is None else json.dumps(body).encode("utf-8")
        if data is not None and len(data) > MAX_BODY_BYTES:  # refused before it is sent: no reset connection
            raise Refused(413, {"code": "too_large", "message": f"the body ({len(data)} bytes) is larger than "
                                f"the service's limit of {MAX_BODY_BYTES} bytes; not sent"})  # fmt: skip
        headers = {"Authorization": f"token {self._token}", "Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        try:
            status, raw = self._connections.send(
                method, url, data, headers, self.timeout if timeout is None else timeout
            )
        except (OSError, http.client.HTTPException) as e:
            raise ServiceUnreachable(self.url, str(e) or type(e).__name__) from None
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
    def me(self) -> dict[str, Any]:
        """The pupil as the service knows them (``name``, ``teacher``, ``rating``)."""
        return dict(self.request("GET", "me"))

    def presence(self) -> list[dict[str, Any]]:
        """Every player the service has seen (``name``, ``online``, ``last_seen``, ``rating``)."""
        return list(self.request("GET", "presence")["players"])

    def heartbeat(self) -> None:
        """Tell the service the pupil is online (the lobby does it at every refresh)."""
        self.request("POST", "presence", {"protocol": PROTOCOL_VERSION})

    def seeks(self) -> list[dict[str, Any]]:
        """The open seeks and the challenges addressed to the pupil (:class:`~.protocol.SeekInfo`)."""
        return list(self.request("GET", "seeks")["seeks"])

    def open_seek(
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
        return dict(self.request("POST", "seeks", body))

    def accept(self, seek: int) -> dict[str, Any]:
        """Take a seat in seek ``seek``; its :class:`~.protocol.SeekInfo` (``game`` once every seat is taken)."""
        return dict(self.request("POST", f"seeks/{int(seek)}/accept", {"protocol": PROTOCOL_VERSION}))

    def cancel(self, seek: int) -> dict[str, Any]:
        """Withdraw the pupil's own seek (or decline a challenge)."""
        return dict(self.request("DELETE", f"seeks/{int(seek)}"))

    def games(self, *, whole_class: bool = False, status: str | None = None) -> list[dict[str, Any]]:
        """The pupil's games (or the whole class's, to watch), newest first; ``status``: active or finished."""
        query = {k: v for k, v in (("class", "1" if whole_class else ""), ("status", status or "")) if v}
        path = "games" + ("?" + urllib.parse.urlencode(query) if query else "")
        return list(self.request("GET", path)["games"])

    def game(self, game: int) -> dict[str, Any]:
        """Game ``game`` (:class:`~.protocol.GameState`): seats, status, start and turns, ``you``, result."""
        return dict(self.request("GET", f"games/{int(game)}"))

    def play(self, game: int, ply: int, turn: str) -> dict[str, Any]:
        """Play ``turn`` (notation) at ``ply`` (turns played before it) for the pupil's own seat; the turn event.

        Raises:
            Refused: ``illegal_turn`` (with the rule), ``stale_ply``, ``not_your_seat``, ``game_over``…
        """
        return dict(self.request("POST", f"games/{int(game)}/turns", turn_message(ply, turn))["event"])

    def resign(self, game: int) -> dict[str, Any]:
        """Give up game ``game``; the ``over`` event."""
        return dict(
            self.request("POST", f"games/{int(game)}/resign", {"protocol": PROTOCOL_VERSION})["event"]
        )

    # -- the class arena
    def arena(self) -> dict[str, Any]:
        """The class arena now: the open one, else the latest (``GET api/arena``).

        Returns ``{"arena": info or None, "standings": [...], "you": state or None}``: ``info`` has
        ``id``, ``status`` (``open``, ``finished``, ``closed``), ``ends`` (seconds since the epoch),
        ``minutes`` and ``entrants``; each standing ``rank``, ``name``, ``points``, ``games``,
        ``wins``, ``draws``, ``losses``, ``rating``, ``rating_change`` (the class's standings, the
        same for every pupil); ``you`` is :meth:`arena_me` read without counting as present.
        """
        return dict(self.request("GET", "arena"))

    def join_arena(self, arena: int) -> dict[str, Any]:
        """Join arena ``arena`` (again after a restart: the same entry); the pupil's state, as :meth:`arena_me`.

        Raises:
            Refused: ``not_found`` (no such arena), ``conflict`` (the arena is over: it takes nobody new).
        """
        return dict(self.request("POST", f"arena/{int(arena)}/join", {"protocol": PROTOCOL_VERSION}))

    def leave_arena(self, arena: int) -> dict[str, Any]:
        """Stop being paired in arena ``arena`` (a game in progress goes on); the pupil's state.

        Raises:
            Refused: ``not_found`` (no such arena, or the pupil never joined it).
        """
        return dict(self.request("POST", f"arena/{int(arena)}/leave", {"protocol": PROTOCOL_VERSION}))

    def arena_me(self, arena: int) -> dict[str, Any]:
        """The pupil's state in arena ``arena``, counting as present (the service pairs who asks).

        Returns ``{"arena", "name", "state", "game"}``; ``state``: ``waiting`` (to be paired),
        ``playing`` (``game`` is the arena game in progress), ``left``, ``out`` (never joined),
        ``over`` (the arena ended). A pupil waiting must ask every few seconds: the service does
        not pair a pupil it has not heard from for 30 s.
        """
        return dict(self.request("GET", f"arena/{int(arena)}/me"))

    def events(self, game: int, after: int, timeout: float = POLL_WAIT) -> dict[str, Any]:
        """The game's events after ``after`` (:class:`~.protocol.EventsReply`; a long poll of up to ``timeout`` s)."""
        query = urllib.parse.urlencode({"after": int(after), "timeout": timeout})
        return dict(self.request("GET", f"games/{int(game)}/events?{query}", timeout=timeout + self.timeout))


@dataclass
class GameFeed:
    """One game followed live: a background thread long-polls its events and delivers them.

    Args:
        client: the pupil's :class:`ClassClient`.
        game: the game's id.
        after: the ``seq`` of the last event already known (the game's ``last_seq``).
        on_events: called with every answer (:class:`~.protocol.EventsReply`: ``events``, ``last_seq``,
            ``status``), also an empty one (the long poll's time ran out: a moment to re-read presence).
        on_trouble: called with the :class:`ClassGameError` while the service cannot be reached,
            and with ``None`` once it answers again.
        deliver: runs a callback where the board wants it (the kernel's event loop); default: at once.

    :meth:`start` starts the thread, :meth:`stop` ends it (at its next answer; it is a daemon).
    """

    client: ClassClient
    game: int
    after: int
    on_events: Callable[[dict[str, Any]], None]
    on_trouble: Callable[[ClassGameError | None], None]
    deliver: Callable[[Callable[[], None]], None] = lambda fn: fn()
    wait: float = POLL_WAIT
    _stop: threading.Event = field(default_factory=threading.Event, repr=False)
    _thread: threading.Thread | None = field(default=None, repr=False)

    def start(self) -> None:
        """Follow the game in a background thread (once)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=f"classgame-{self.game}", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop following (the thread ends at its next answer)."""
        self._stop.set()

    @property
    def running(self) -> bool:
        """The thread is following the game."""
        return self._thread is not None and self._thread.is_alive() and not self._stop.is_set()

    def _run(self) -> None:
        pause, troubled = 0.5, False
        while not self._stop.is_set():
            try:
                answer = self.client.events(self.game, self.after, self.wait)
            except ServiceUnreachable as e:
                if not troubled:
                    troubled = True
                    self.deliver(partial(self.on_trouble, e))
                self._stop.wait(pause)
                pause = min(5.0, pause * 2)
                continue
            except Refused as e:  # the game is gone, or the pupil may not follow it: stop
                self.deliver(partial(self.on_trouble, e))
                return
            if troubled:
                troubled, pause = False, 0.5
                self.deliver(lambda: self.on_trouble(None))
            events = answer.get("events") or []
            seqs = [e["seq"] for e in events if isinstance(e.get("seq"), int)]
            if seqs:
                self.after = max(self.after, *seqs)
            if self._stop.is_set():
                return  # a newer board follows the game now
            self.deliver(partial(self.on_events, answer))
            if answer.get("status") == "finished" and not events:
                return

    def wait_until_stopped(self, timeout: float = 5.0) -> None:
        """Block until the thread has ended (tests)."""
        self.stop()
        if self._thread is not None:
            self._thread.join(timeout)

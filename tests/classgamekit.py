"""A real JupyterHub and the class game service for the service's tests, load test and benchmark.

:func:`mini_hub` starts a JupyterHub process of its own (temporary state folder, free ports, no
Unix users, no single-user servers, no proxy process: an in-memory proxy class, since the tests
talk to the hub's API and to the service directly). It knows the ``classgame`` service (run by
:func:`running_service`, not by the hub, so that one hub serves several databases) and an
``admin`` service whose token creates users and tokens through the hub's REST API, as a
teacher's script would. Needs no hub lock: it touches nothing the class hub uses.

:class:`Client` is a pupil's JSON client with the pupil's own hub token.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

try:
    from dbkit import free_port
except (
    ModuleNotFoundError
):  # imported as tests.classgamekit by a benchmark (python -m benchmarks.bench_relay)
    from tests.dbkit import free_port

REPO = Path(__file__).resolve().parents[1]
SERVICE = "classgame"
PREFIX = f"/services/{SERVICE}/"

_CONFIG = '''
from jupyterhub.proxy import Proxy

class MemoryProxy(Proxy):
    """No proxy process: the tests reach the hub and the service on their own ports."""
    should_start = False
    _routes = {{}}
    async def start(self):
        pass
    async def stop(self):
        pass
    async def add_route(self, routespec, target, data):
        self._routes[routespec] = {{"routespec": routespec, "target": target, "data": data}}
    async def delete_route(self, routespec):
        self._routes.pop(routespec, None)
    async def get_all_routes(self):
        return dict(self._routes)

c = get_config()
c.JupyterHub.proxy_class = MemoryProxy
c.JupyterHub.bind_url = "http://127.0.0.1:{public}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub}"
c.JupyterHub.db_url = "sqlite:///{state}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret = bytes.fromhex("{secret}")
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allowed_users = {users!r}
c.Authenticator.admin_users = {admins!r}
c.JupyterHub.cleanup_servers = False
c.JupyterHub.services = [
    {{"name": "{service}", "url": "{service_url}", "api_token": "{service_token}", "oauth_no_confirm": True}},
    {{"name": "admin", "api_token": "{admin_token}"}},
]
c.JupyterHub.load_roles = [
    # every user of the hub (pupils and the teacher) may use the class game service
    {{"name": "user", "scopes": ["self", "access:services!service={service}"]}},
    {{"name": "teacher", "scopes": ["list:users", "read:users"], "users": ["{teacher}"]}},
    {{"name": "{service}", "scopes": ["list:users", "read:users", "read:roles:users"], "services": ["{service}"]}},
    {{"name": "admin-script", "scopes": ["admin:users", "tokens", "read:roles"], "services": ["admin"]}},
]
'''


class MiniHub:
    """A running JupyterHub for the service's tests (see the module docstring)."""

    def __init__(self, state: Path, api_url: str, service_url: str, service_token: str, admin_token: str,
                 process: subprocess.Popen[bytes], log: Path) -> None:  # fmt: skip
        self.state, self.api_url, self.service_url = state, api_url, service_url
        self.service_token, self.admin_token, self.process, self.log = (
            service_token,
            admin_token,
            process,
            log,
        )

    def api(self, method: str, path: str, body: Any = None) -> Any:
        """The hub's REST API as the admin script."""
        status, reply = request(method, self.api_url + path, self.admin_token, body)
        if status >= 400:
            raise RuntimeError(f"hub API {method} {path}: {status} {reply}")
        return reply

    def token(self, name: str, scopes: list[str] | None = None) -> str:
        """A new token of ``name``'s (default scope: the class game service only, like a server's token)."""
        body = {"note": "classgame test", "scopes": scopes or [f"access:services!service={SERVICE}"]}
        return str(self.api("POST", f"users/{name}/tokens", body)["token"])

    def add_user(self, name: str) -> None:
        """Create the hub user ``name`` (no server, no Unix account)."""
        self.api("POST", f"users/{name}")


def request(method: str, url: str, token: str | None, body: Any = None, raw: bytes | None = None,
            timeout: float = 60) -> tuple[int, Any]:  # fmt: skip
    """``(status, JSON body or text)`` of an HTTP request with ``Authorization: token …``."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    req = urllib.request.Request(url, data=data, method=method)
    if token:
        req.add_header("Authorization", f"token {token}")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            status, text = r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        with e:
            status, text = e.code, e.read().decode(errors="replace")
    try:
        return status, json.loads(text) if text else None
    except ValueError:
        return status, text


def _wait(url: str, process: subprocess.Popen[bytes], log: Path, what: str, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited:\n{log.read_text(errors='replace')[-4000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except urllib.error.HTTPError:
            return  # it answers
        except (urllib.error.URLError, OSError):
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"{what} did not start:\n{log.read_text(errors='replace')[-4000:]}"
                ) from None
            time.sleep(0.2)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(15)


@contextlib.contextmanager
def mini_hub(users: list[str], teacher: str = "teacher", admins: tuple[str, ...] = ()) -> Iterator[MiniHub]:
    """A JupyterHub with ``users`` and ``teacher`` (holding the ``teacher`` role); stopped at the end.

    ``admins``: more users, hub admins without the ``teacher`` role.

    Starts in about 3 s.
    """
    state = Path(tempfile.mkdtemp(prefix="lw-minihub-"))
    public, hub_port, service_port = free_port(), free_port(), free_port()
    service_token, admin_token = secrets.token_hex(16), secrets.token_hex(16)
    service_url = f"http://127.0.0.1:{service_port}"
    (state / "jupyterhub_config.py").write_text(_CONFIG.format(
        public=public, hub=hub_port, state=state, secret=secrets.token_hex(32), users=set(users) | {teacher} | set(admins), admins=set(admins),
        service=SERVICE, service_url=service_url, service_token=service_token, admin_token=admin_token,
        teacher=teacher,
    ))  # fmt: skip
    log = state / "hub.log"
    with log.open("wb") as f:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(state / "jupyterhub_config.py")],
            cwd=state, stdout=f, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    hub = MiniHub(state, f"http://127.0.0.1:{hub_port}/hub/api/", service_url, service_token, admin_token,
                  process, log)  # fmt: skip
    try:
        _wait(hub.api_url, process, log, "the hub")
        yield hub
    finally:
        _stop(process)
        shutil.rmtree(state, ignore_errors=True)


class Service:
    """The class game service process started by :func:`running_service`."""

    def __init__(self, url: str, process: subprocess.Popen[bytes], log: Path) -> None:
        self.url, self.process, self.log = url, process, log

    @property
    def pid(self) -> int:
        """The service's process id."""
        return self.process.pid


@contextlib.contextmanager
def running_service(hub: MiniHub, db_url: str, **settings: str) -> Iterator[Service]:
    """``python -m logger_widget.service`` as the hub's ``classgame`` service on ``db_url``; stopped at the end.

    ``settings``: more environment (``LW_CLASSGAME_FORFEIT="30"``…).
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTERHUB_", "LW_CLASSGAME"))}
    env.update(
        JUPYTERHUB_SERVICE_NAME=SERVICE, JUPYTERHUB_API_TOKEN=hub.service_token, JUPYTERHUB_API_URL=hub.api_url,
        JUPYTERHUB_SERVICE_URL=hub.service_url, JUPYTERHUB_SERVICE_PREFIX=PREFIX,
        JUPYTERHUB_CLIENT_ID=f"service-{SERVICE}", JUPYTERHUB_BASE_URL="/",
        LW_CLASSGAME_DB=db_url, PYTHONPATH=str(REPO),
    )  # fmt: skip
    env.update(settings)
    log = hub.state / f"service-{secrets.token_hex(4)}.log"
    with log.open("wb") as f:
        process = subprocess.Popen(
            [sys.executable, "-m", "logger_widget.service"], cwd=hub.state, env=env,
            stdout=f, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    service = Service(hub.service_url + PREFIX, process, log)
    try:
        _wait(service.url + "api/", process, log, "the class game service")
        yield service
    finally:
        _stop(process)


class Client:
    """A pupil's (or the teacher's) JSON client of the service, with their own hub token."""

    def __init__(self, base: str, token: str, name: str = "") -> None:
        self.base, self.token, self.name = base, token, name

    def call(self, method: str, path: str, body: Any = None, raw: bytes | None = None,
             timeout: float = 60) -> tuple[int, Any]:  # fmt: skip
        """``(status, body)`` of ``method api/<path>``."""
        return request(method, self.base + "api/" + path, self.token, body, raw, timeout)

    def ok(self, method: str, path: str, body: Any = None) -> Any:
        """The body of a request that must succeed."""
        status, reply = self.call(method, path, body)
        assert status < 400, f"{self.name}: {method} {path} -> {status} {reply}"
        return reply


class BotPupil(threading.Thread):
    """A pupil whose turns a bot preset chooses, playing one game through the API like a board would.

    Long-polls the game's events; when its seat is to move it plays the bot's turn at the current
    ply. ``sent[ply]`` is when it posted its turn at ``ply`` and ``received[ply]`` when its
    long-poll brought a classmate's turn (``time.monotonic()``), for relay latencies; ``refused``
    collects any refusal (none is expected); ``turns`` are the turns in the order the events
    brought them. ``think``: seconds the pupil waits before choosing each turn (a class's pace);
    ``spread``: each wait is drawn uniformly from ``think × (1 ± spread)`` (seeded by ``seed``),
    0 for exactly ``think`` every time.
    ``script``: the game's turns chosen beforehand (:func:`scripted_game`), played at their ply
    instead of asking the bot then (a pupil's click costs the machine nothing; a benchmark of the
    service does not measure the pupils' bots).
    """

    def __init__(
        self, client: Client, game: int, bot: str, seed: int, poll: float = 10.0, think: float = 0.0,
        script: list[str] | None = None, spread: float = 0.0,
    ) -> None:  # fmt: skip
        super().__init__(daemon=True, name=f"{client.name}-game-{game}")
        self.client, self.game, self.poll, self.think, self.script = client, game, poll, think, script
        from logger_widget.bots import make_bot

        self.bot = make_bot(bot, seed=seed)
        self.waits = thinking_times(think, spread, seed)
        self.sent: dict[int, float] = {}
        self.received: dict[int, float] = {}
        self.refused: list[Any] = []
        self.turns: list[str] = []
        self.seqs: list[int] = []
        self.status = ""

    def run(self) -> None:
        from logger_widget.engine import Position
        from logger_widget.online.protocol import turn_message

        state = self.client.ok("GET", f"games/{self.game}")
        (seat,) = state["you"]
        position, ply, after = Position.from_lpn(state["lpn"]), state["ply"], 0
        self.status = state["status"]
        while self.status == "active":
            if position.to_move == seat and ply not in self.sent:
                time.sleep(next(self.waits))
                turn = self.script[ply] if self.script is not None else self.bot.choose(position)
                self.sent[ply] = time.monotonic()
                status, reply = self.client.call("POST", f"games/{self.game}/turns", turn_message(ply, turn))
                if status != 200:
                    self.refused.append(reply)
                    return
            reply = self.client.ok("GET", f"games/{self.game}/events?after={after}&timeout={self.poll}")
            now = time.monotonic()
            for event in reply["events"]:
                self.seqs.append(event["seq"])
                if event["kind"] == "turn":
                    if event["seat"] != seat:
                        self.received[event["ply"]] = now
                    self.turns.append(event["turn"])
                    position, ply = Position.from_lpn(event["lpn"]), event["ply"] + 1
            after, self.status = reply["last_seq"], reply["status"]


def thinking_times(think: float, spread: float, seed: int) -> Iterator[float]:
    """A pupil's waits before their turns (seconds): uniform in ``think × (1 ± spread)``, seeded; ``spread`` 0: ``think``."""
    rng = random.Random(seed)
    while True:
        yield think * (1.0 + spread * (2.0 * rng.random() - 1.0)) if spread else think


def scripted_game(bot: str, seeds: list[int], turn_limit: int | None, players: int = 2) -> list[str]:
    """The turns a game of ``bot`` presets plays (seat ``i`` seeded ``seeds[i]``), as :class:`BotPupil` would choose them."""
    from logger_widget.bots import make_bot
    from logger_widget.engine import Game

    bots = [make_bot(bot, seed=seed) for seed in seeds]
    game = Game.new(players=players, turn_limit=turn_limit)
    while not game.is_over:
        game.play(bots[game.position.to_move - 1].choose(game.position))
    return [t.notation() for t in game.turns]


def start_bot_games(people: list[Client], bot: str, turn_limit: int) -> list[tuple[int, list[BotPupil]]]:
    """Pair ``people`` two by two (the first challenges the second) and start a :class:`BotPupil` per seat.

    Returns:
        ``(game id, [its two pupils])`` per pair; every thread is started.
    """
    games = []
    for i in range(0, len(people) - 1, 2):
        first, second = people[i], people[i + 1]
        seek = first.ok("POST", "seeks", {"players": 2, "invite": [second.name], "turn_limit": turn_limit})
        game = int(second.ok("POST", f"seeks/{seek['id']}/accept")["game"])
        pupils = [BotPupil(first, game, bot, seed=2 * game), BotPupil(second, game, bot, seed=2 * game + 1)]
        games.append((game, pupils))
    for _, pupils in games:
        for pupil in pupils:
            pupil.start()
    return games


def relay_latencies(games: list[tuple[int, list[BotPupil]]]) -> list[float]:
    """Seconds from a pupil posting a turn to the opponent's long-poll bringing it, every turn of every game."""
    found = []
    for _, (a, b) in games:
        for sender, receiver in ((a, b), (b, a)):
            found += [
                receiver.received[ply] - t for ply, t in sender.sent.items() if ply in receiver.received
            ]
    return found


def start_game(people: dict[str, Client], players: list[str], bots: list[str] = ()) -> int:  # type: ignore[assignment]
    """A game between ``players`` (the first invites the others) and ``bots``; its id."""
    first, *others = players
    seek = people[first].ok(
        "POST", "seeks", {"players": len(players) + len(bots), "invite": others, "bots": list(bots)}
    )
    for name in others:
        seek = people[name].ok("POST", f"seeks/{seek['id']}/accept")
    assert seek["status"] == "started", seek
    return int(seek["game"])


def arena_games(
    people: dict[str, Client], arena: int, names: list[str], timeout: float = 30.0
) -> dict[str, int]:
    """Each of ``names``' game in arena ``arena``, once the service has paired them all (every 0.2 s until ``timeout``)."""
    deadline = time.monotonic() + timeout
    while True:
        states = {n: people[n].ok("GET", f"arena/{arena}/me") for n in names}
        if all(s["state"] == "playing" for s in states.values()):
            return {n: s["game"] for n, s in states.items()}
        assert time.monotonic() < deadline, states
        time.sleep(0.2)


def snapshot(client: Client, game: int) -> tuple[Any, Any]:
    """``game`` as ``client`` sees it (without its ``you``) and all its events: to compare before and after."""
    state = client.ok("GET", f"games/{game}")
    events = client.ok("GET", f"games/{game}/events?after=0&timeout=0")["events"]
    for key in ("you",):
        state.pop(key)
    return state, events

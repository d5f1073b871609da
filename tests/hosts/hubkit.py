"""A JupyterHub classroom for the tests and benchmarks/bench_classroom.py (deploy/jupyterhub).

:func:`running_hub` starts the hub on 127.0.0.1 with the project's config, configurable-http-proxy
from npm (scripts/proxy.sh), a temporary state folder and a given class list; every server and
process is stopped at the end, and the Unix accounts it made (the class's services', the pupils'
and the teacher's that did not exist before) are removed with their groups, whatever way the hub
ends (a failed set-up or start too); their processes still alive 15 s after the hub stopped are
killed first (:attr:`Hub.leftover_processes`). :class:`Session` is a browser-like client (cookies, the login
form's ``_xsrf``); :func:`run_in_kernel` runs code in a pupil's kernel through the hub, with the
pupil's own token, over the Jupyter kernel websocket.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import http.cookiejar
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

try:
    from browser_fixtures import _stop  # (stops a server's process group)
    from machinekit import account_exists, remove_account
    from portkit import free_port
except ModuleNotFoundError:  # imported as tests.hosts.hubkit (python -m benchmarks.bench_classroom)
    from tests.browser_fixtures import _stop
    from tests.machinekit import account_exists, remove_account
    from tests.portkit import free_port

REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
try:
    from classsetup import culler_account, service_account
except (
    ImportError
):  # python -m benchmarks.bench_classroom: not pytest's pythonpath (classsetup finds its own folder)
    import importlib.util

    _spec = importlib.util.spec_from_file_location("classsetup", CONFIG.parent / "classsetup.py")
    assert _spec is not None and _spec.loader is not None
    _classsetup = importlib.util.module_from_spec(_spec)
    sys.modules["classsetup"] = _classsetup
    _spec.loader.exec_module(_classsetup)
    culler_account, service_account = _classsetup.culler_account, _classsetup.service_account


class HubError(RuntimeError):
    """The hub could not be installed or started (the message holds the end of its log)."""


#: the pupils' environment the tests' hubs share (classsetup.py rebuilds it when the project's
#: dependencies change, and puts the package's fresh wheel in it at every start)
#: Not below /tmp or /var/tmp: each pupil's server sees its own, empty ones (homedisk.private_tmp_command).
TESTS_ROOT = Path(os.environ.get("LW_TEST_HUB_ROOT", "/var/lib/logger_widget-hub-tests"))
CLASS_ENV = TESTS_ROOT / "class-env"


#: The class's compiled kernel (Numba's disk cache, ``state/jit-cache``) kept between the tests' hubs,
#: one folder per content of the package in :data:`CLASS_ENV`: every hub's set-up reinstalls the package
#: (new file times, which Numba's cache is keyed on), so each hub compiled the kernel again (~35 s).
#: :func:`_reuse_jit_cache` gives an unchanged package its kept file times back and the hub a copy of
#: the kept cache, which the hub's start then loads in seconds; the first hub of a new package compiles.
JIT_STORE = TESTS_ROOT / "jit-cache"
#: how many packages' caches :data:`JIT_STORE` keeps (the newest)
JIT_KEPT = 3


def _class_package_files() -> tuple[Path, dict[str, int]] | None:
    """The package's folder in :data:`CLASS_ENV` and its files' times (ns) by relative path, or None."""
    found = sorted(CLASS_ENV.glob("lib/python3*/site-packages/logger_widget"))
    if len(found) != 1:
        return None
    package = found[0]
    files = sorted(p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return package, {str(p.relative_to(package)): p.stat().st_mtime_ns for p in files}


def _package_digest(package: Path, files: dict[str, int]) -> str:
    import hashlib

    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + (package / rel).read_bytes() + b"\0")
    return digest.hexdigest()[:24]


def _reuse_jit_cache(state: Path) -> tuple[str, dict[str, int]] | None:
    """Before the hub starts: an unchanged package gets the times of the one whose compiled kernel
    was kept, and ``state`` a copy of that cache (then None); else what :func:`_keep_jit_cache` needs."""
    found = _class_package_files()
    if found is None:
        return None
    package, files = found
    digest = _package_digest(package, files)
    kept = JIT_STORE / digest
    try:
        times = json.loads((kept / "times.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return digest, files
    if set(times) != set(files) or not (kept / "cache").is_dir():
        return digest, files
    for rel, ns in times.items():
        os.utime(package / rel, ns=(ns, ns))
    # the bytecode follows its sources' times (else every import in a pupil's kernel recompiles)
    subprocess.run([str(CLASS_ENV / "bin" / "python"), "-m", "compileall", "-q", str(package)],
                   capture_output=True, check=False)  # fmt: skip
    shutil.copytree(kept / "cache", state / "jit-cache")
    return None


def _keep_jit_cache(state: Path, digest: str, files: dict[str, int]) -> None:
    """After the hub's start compiled the kernel into ``state/jit-cache``: keep it in :data:`JIT_STORE`
    if the package is still the one it was compiled from (no other hub reinstalled it meanwhile)."""
    found = _class_package_files()
    cache = state / "jit-cache"
    if found is None or found[1] != files or not cache.is_dir() or (JIT_STORE / digest).exists():
        return
    JIT_STORE.mkdir(mode=0o700, parents=True, exist_ok=True)
    new = Path(tempfile.mkdtemp(prefix="new-", dir=JIT_STORE))
    try:
        shutil.copytree(cache, new / "cache")
        (new / "times.json").write_text(json.dumps(files), encoding="utf-8")
        new.rename(JIT_STORE / digest)  # whole or not at all, for a hub started meanwhile
    except OSError:
        shutil.rmtree(new, ignore_errors=True)
        return
    kept = sorted((p for p in JIT_STORE.iterdir() if not p.name.startswith("new-")),
                  key=lambda p: p.stat().st_mtime, reverse=True)  # fmt: skip
    for old in kept[JIT_KEPT:]:
        shutil.rmtree(old, ignore_errors=True)


class Hub:
    """A running hub: its URL, the ``classroom-admin`` service token, state folder and log.

    ``codes`` are the pupils' one-time codes read from the class sheet the set-up wrote
    (``sheet``), ``teacher_password`` the teacher's password given to the set-up.
    """

    def __init__(
        self, url: str, token: str, state: Path, process: subprocess.Popen[bytes], log: Path
    ) -> None:
        self.url, self.token, self.state, self.process, self.log = url, token, state, process, log
        self.sheet = state / "class-sheet.html"
        self.codes: dict[str, str] = {}
        self.teacher_password = ""
        self.proxy_api = ""  # configurable-http-proxy's REST API (its routing table)
        #: after the hub stopped: processes of its accounts still alive 15 s later, killed
        #: (``"name: pid command"``; they would have outlived the class)
        self.leftover_processes: list[str] = []

    def api(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + "hub/api/" + path, data=data, method=method)
        req.add_header("Authorization", f"token {self.token}")
        with urllib.request.urlopen(req, timeout=60) as r:
            text = r.read().decode()
            return json.loads(text) if text else None

    def session(self) -> Session:
        return Session(self.url)

    def ready(self, name: str) -> bool:
        return bool(self.api("GET", f"users/{name}")["servers"].get("", {}).get("ready"))

    def wait_ready(self, name: str, timeout: float = 240) -> None:
        deadline = time.monotonic() + timeout
        while not self.ready(name):
            assert time.monotonic() < deadline, f"{name}'s server did not start"
            time.sleep(1)

    def cgroup(self, name: str) -> Any:
        """``name``'s running server's memory cgroup (``cgroupspawner.MemoryCgroup``), or ``None``.

        The spawner's state keeps the path only; a v1 hierarchy is mounted under ``.../memory/``.
        """
        try:
            from cgroupspawner import MemoryCgroup
        except ModuleNotFoundError:  # imported as tests.hosts.hubkit, from the repository's root
            from deploy.jupyterhub.cgroupspawner import MemoryCgroup

        path = self.api("GET", f"users/{name}")["servers"][""]["state"].get("cgroup")
        return MemoryCgroup(Path(path), 1 if "/memory/" in path else 2) if path else None

    def start(self, name: str) -> None:
        """Start ``name``'s server (unless it runs) and wait until it is ready."""
        if not self.ready(name):
            self.api("POST", f"users/{name}/server")
        self.wait_ready(name)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Session:
    """A browser-like client: cookies, the login form's _xsrf, no automatic redirects."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect)

    def get(self, path: str) -> tuple[int, str]:
        try:
            with self.opener.open(self.url + path, timeout=60) as r:
                return r.status, r.headers.get("Location", "")
        except urllib.error.HTTPError as e:
            with e:
                return e.code, e.headers.get("Location", "")

    def follow(self, path: str, hops: int = 10) -> int:
        """GET ``path`` following redirects on the same host (the OAuth dance); the final status."""
        status = 0
        for _ in range(hops):
            status, location = self.get(path)
            if status not in (301, 302, 303, 307):
                return status
            parsed = urllib.parse.urlsplit(location)
            if parsed.path:
                path = parsed.path.lstrip("/") + ("?" + parsed.query if parsed.query else "")
        return status

    def post_json(self, path: str, body: Any) -> Any:
        """POST JSON as the logged-in user (the hub wants the _xsrf cookie echoed in a header)."""
        xsrf = next((c.value for c in self.jar if c.name == "_xsrf"), "")
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(), method="POST")
        req.add_header("Content-Type", "application/json")
        req.add_header("X-XSRFToken", xsrf)
        with self.opener.open(req, timeout=60) as r:
            return json.loads(r.read().decode())

    def xsrf(self) -> str:
        return next((c.value for c in self.jar if c.name == "_xsrf"), "")

    def login(self, name: str, password: str, new_password: str = "") -> int:
        """Submit the login form (``new_password``: the first login's, with the code as ``password``)."""
        self.get("hub/login")
        fields = {"username": name, "password": password, "_xsrf": self.xsrf()}
        if new_password:
            fields["new_password"] = new_password
        return self.post_form("hub/login", fields)[0]

    def post_form(self, path: str, fields: dict[str, str]) -> tuple[int, str]:
        """POST a form as a browser would (the ``_xsrf`` field added); the status and the body."""
        data = urllib.parse.urlencode({"_xsrf": self.xsrf(), **fields}).encode()
        try:
            with self.opener.open(self.url + path, data=data, timeout=60) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            with e:
                return e.code, e.read().decode(errors="replace")


def read_sheet(sheet: Path) -> dict[str, str]:
    """``{pupil: code}`` from a class sheet (classcodes.class_sheet's slips)."""
    import re

    text = sheet.read_text(encoding="utf-8")
    slips = re.findall(r'data-pupil="([^"]+)".*?<span class="code">([^<]+)</span>', text, re.S)
    return dict(slips)


def fill_login(page: Any, hub: Hub, name: str, passwords: dict[str, str]) -> None:
    """Log ``name`` in on the hub's login page open in ``page`` (Playwright), as a pupil or the teacher would.

    The first time (``name`` not in ``passwords``): the one-time code from the class sheet and a new
    password, ``name-secret``, then kept in ``passwords``.
    """
    page.fill("#username_input", name)
    if name in passwords:
        page.fill("#password_input", passwords[name])
    else:
        page.fill("#password_input", hub.codes[name])
        page.fill("#new_password_input", f"{name}-secret")
        passwords[name] = f"{name}-secret"
    page.click("#login_submit")


def chosen_password(hub: Hub, name: str, passwords: dict[str, str]) -> str:
    """``name``'s password, kept in ``passwords``; the first time, the pupil logs in with the code
    from the class sheet and chooses it (``<name>-secret``)."""
    if name not in passwords:
        chosen = f"{name}-secret"
        assert hub.session().login(name, hub.codes[name], new_password=chosen) == 302, f"{name}'s code failed"
        passwords[name] = chosen
    return passwords[name]


def pupil_token(hub: Hub, name: str, password: str) -> str:
    """The pupil logs in and asks the hub for an API token of their own (as on /hub/token)."""
    session = hub.session()
    status = session.login(name, password)
    assert status == 302, f"{name} could not log in (HTTP {status})"
    return str(session.post_json(f"hub/api/users/{name}/tokens", {"note": "classroom test"})["token"])


def token_status(hub: Hub, token: str, method: str, path: str, body: Any = None) -> int:
    """The HTTP status of a request to the hub (``path`` below the hub's URL) with ``token``."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        hub.url + path, data=data, method=method, headers={"Authorization": f"token {token}"}
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        with e:
            return int(e.code)


def token_json(hub: Hub, token: str, method: str, path: str, body: Any = None) -> Any:
    """The JSON answer (``None`` if empty) of a request to the hub (``path`` below its URL) with ``token``."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        hub.url + path, data=data, method=method, headers={"Authorization": f"token {token}"}
    )
    with urllib.request.urlopen(req, timeout=120) as r:
        text = r.read().decode()
        return json.loads(text) if text else None


def kernel_message(username: str, session: str, msg_type: str, content: dict[str, Any]) -> tuple[str, str]:
    """A shell-channel message of the Jupyter protocol (5.3) as the kernel websocket takes it: its id and JSON."""
    msg_id = uuid.uuid4().hex
    header = {"msg_id": msg_id, "msg_type": msg_type, "username": username, "session": session,
              "version": "5.3", "date": ""}  # fmt: skip
    message = {"header": header, "parent_header": {}, "metadata": {}, "content": content,
               "channel": "shell", "buffers": []}  # fmt: skip
    return msg_id, json.dumps(message)


def execute_content(code: str) -> dict[str, Any]:
    """An ``execute_request``'s content: run ``code``, stop at the first error, no input."""
    return {"code": code, "silent": False, "store_history": False, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": True}  # fmt: skip


class Kernel:
    """A kernel in ``name``'s server, reached through the hub with the pupil's ``token``."""

    def __init__(self, hub: Hub, name: str, token: str) -> None:
        self.base = f"{hub.url}user/{name}/api/kernels"
        self.name, self.headers = name, {"Authorization": f"token {token}"}
        self.id = str(self._rest("POST", self.base, {"name": "python3"})["id"])

    @property
    def channels(self) -> str:
        """The kernel's websocket (``ws://…/api/kernels/<id>/channels``)."""
        return self.base.replace("http://", "ws://") + f"/{self.id}/channels"

    def _rest(self, method: str, url: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(url, data=data, method=method, headers=self.headers)
        with urllib.request.urlopen(req, timeout=120) as r:
            text = r.read().decode()
            return json.loads(text) if text else None

    def run(self, code: str, timeout: float = 180) -> dict[str, Any]:
        """Run ``code``; its ``stdout``, ``error`` (the exception's name or None) and ``states``
        (the server's news about the kernel: ``restarting`` / ``dead`` when it died)."""
        # in a thread of its own: a test run with the browser tests has Playwright's event loop
        # running in this thread, where asyncio.run() refuses to start another one
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(lambda: asyncio.run(self._execute(code, timeout))).result()

    async def _execute(self, code: str, timeout: float) -> dict[str, Any]:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        conn = await websocket_connect(HTTPRequest(self.channels, headers=self.headers))
        msg_id, message = kernel_message(
            self.name, uuid.uuid4().hex, "execute_request", execute_content(code)
        )
        conn.write_message(message)
        result: dict[str, Any] = {"stdout": "", "error": None, "states": []}
        try:
            while True:
                raw = await asyncio.wait_for(conn.read_message(), timeout)
                if raw is None:
                    break
                msg = json.loads(raw)
                kind, parent = msg["msg_type"], msg["parent_header"].get("msg_id")
                if kind == "status" and not parent:  # the server's news about its kernel
                    result["states"].append(msg["content"]["execution_state"])
                    if msg["content"]["execution_state"] in ("restarting", "dead"):
                        break
                if parent != msg_id:
                    continue
                if kind == "stream":
                    result["stdout"] += msg["content"]["text"]
                elif kind == "error":
                    result["error"] = msg["content"]["ename"]
                elif kind == "status" and msg["content"]["execution_state"] == "idle":
                    break  # after every output (the shell's execute_reply may come first)
        finally:
            conn.close()
            with contextlib.suppress(Exception):  # until the server's close frame: no socket left open
                while await asyncio.wait_for(conn.read_message(), 10) is not None:
                    pass
        return result

    def shutdown(self) -> None:
        try:
            self._rest("DELETE", f"{self.base}/{self.id}")
        except urllib.error.HTTPError as e:
            e.close()
        except (urllib.error.URLError, OSError):
            pass


class BoardSocket:
    """A pupil's kernel websocket (through the hub's proxy) held open, read by a thread of its own.

    :meth:`execute` runs a cell; the widgets' models (``comm_open`` / ``update`` messages) are
    kept by comm id, so :meth:`intent` can send a board's intent as its front end does
    (``comm_msg``, ``method: custom``) and wait for the board's next view.
    """

    def __init__(self, kernel: Kernel, timeout: float = 60) -> None:
        self.kernel, self.session = kernel, uuid.uuid4().hex
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True, name=f"ws-{kernel.name}")
        self._thread.start()
        self.cond = threading.Condition()
        self.models: dict[str, dict[str, Any]] = {}
        self.updated_at = 0.0  # perf_counter() when the last model update arrived
        self.closed = False
        self._stdout: dict[str, str] = {}
        self._errors: dict[str, str] = {}
        self._idle: set[str] = set()
        self.conn = asyncio.run_coroutine_threadsafe(self._connect(), self.loop).result(timeout)
        self._reader = asyncio.run_coroutine_threadsafe(self._read(), self.loop)

    async def _connect(self) -> Any:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        return await websocket_connect(HTTPRequest(self.kernel.channels, headers=self.kernel.headers))

    async def _read(self) -> None:
        while True:
            raw = await self.conn.read_message()
            arrived = time.perf_counter()
            if raw is None:
                with self.cond:
                    self.closed = True
                    self.cond.notify_all()
                return
            if isinstance(raw, bytes):  # a message with binary buffers: no board view in it
                continue
            msg = json.loads(raw)
            kind, content = msg["msg_type"], msg["content"]
            parent = msg["parent_header"].get("msg_id", "")
            with self.cond:
                if kind == "comm_open":
                    self.models[content["comm_id"]] = dict(content["data"].get("state", {}))
                elif kind == "comm_msg" and content["data"].get("method") == "update":
                    self.models.setdefault(content["comm_id"], {}).update(content["data"]["state"])
                    self.updated_at = arrived
                elif kind == "stream" and parent:
                    self._stdout[parent] = self._stdout.get(parent, "") + content["text"]
                elif kind == "error" and parent:
                    self._errors[parent] = f"{content['ename']}: {content['evalue']}"
                elif kind == "status" and parent and content["execution_state"] == "idle":
                    self._idle.add(parent)
                self.cond.notify_all()

    def _send(self, msg_type: str, content: dict[str, Any]) -> str:
        msg_id, message = kernel_message(self.kernel.name, self.session, msg_type, content)
        self.loop.call_soon_threadsafe(self.conn.write_message, message)
        return msg_id

    def wait(self, predicate: Callable[[], bool], timeout: float, what: str) -> None:
        with self.cond:
            if not self.cond.wait_for(lambda: self.closed or predicate(), timeout):
                raise TimeoutError(f"{what}: nothing after {timeout:.0f} s")
            if self.closed and not predicate():
                raise ConnectionError(f"{what}: the kernel's websocket closed")

    def execute(self, code: str, timeout: float = 240) -> str:
        """Run ``code``; its printed output. Raises ``RuntimeError`` with the error it raised."""
        msg_id = self._send("execute_request", execute_content(code))
        self.wait(lambda: msg_id in self._idle, timeout, "running a cell")
        if msg_id in self._errors:
            raise RuntimeError(self._errors[msg_id])
        return self._stdout.get(msg_id, "")

    def view(self, model: str) -> dict[str, Any]:
        with self.cond:
            return dict(self.models.get(model, {}).get("_view", {}))

    def intent(self, model: str, content: dict[str, Any], timeout: float = 60) -> float:
        """Send the board ``model`` a front end's intent; ms until its next view arrived."""
        version = self.view(model).get("version", 0)
        t0 = time.perf_counter()
        self._send("comm_msg", {"comm_id": model, "data": {"method": "custom", "content": content}})
        self.wait(
            lambda: self.view(model).get("version", 0) > version,
            timeout,
            f"the view after {content['action']}",
        )
        return (self.updated_at - t0) * 1000

    def close(self) -> None:
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.conn.close)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(10)


def run_in_kernel(hub: Hub, name: str, token: str, code: str, timeout: float = 180) -> dict[str, Any]:
    """Start a kernel in ``name``'s server, run ``code`` (:meth:`Kernel.run`), shut the kernel down."""
    kernel = Kernel(hub, name, token)
    try:
        return kernel.run(code, timeout)
    finally:
        kernel.shutdown()


@contextlib.contextmanager
def running_hub(
    pupils: dict[str, str], teacher: str, mem_limit: int, timeout: float = 900, **settings: str
) -> Iterator[Hub]:
    """Set up the class (classsetup.py) and start its hub for ``pupils`` (``{name: language}``) and
    ``teacher``, each server capped at ``mem_limit`` bytes (whole MiB); stop every server and
    process, remove the accounts the hub made (not one that was there before) and unmount and
    delete its folder at the end. ``settings``: more ``LW_...`` variables for the hub
    (e.g. ``LW_DISK_LIMIT="64M"``). ``timeout`` (s) covers the set-up and the hub's start, which
    compiles the class's kernel first (~1 min idle).

    Raises :class:`HubError` when the proxy cannot be installed or the hub does not start.
    """
    out = subprocess.run(
        ["bash", str(REPO / "scripts" / "proxy.sh")], capture_output=True, text=True, timeout=600
    )
    chp = REPO / "deploy" / "jupyterhub" / "node_modules" / ".bin" / "configurable-http-proxy"
    if not chp.exists():
        raise HubError(f"configurable-http-proxy was not installed from npm:\n{out.stdout}{out.stderr}")
    TESTS_ROOT.mkdir(mode=0o711, parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="hub-", dir=TESTS_ROOT))
    tmp.chmod(0o711)  # as root the pupils' own Unix accounts pass through to their homes
    (tmp / "class.csv").write_text("".join(f"{n},{lang}\n" for n, lang in pupils.items()))
    port, token = free_port(), secrets.token_hex(16)
    env = dict(os.environ)
    env.update(
        LW_CLASS=str(tmp / "class.csv"), LW_TEACHER=teacher, LW_STATE=str(tmp / "state"), LW_PORT=str(port),
        LW_PROXY_API_PORT=str(free_port()), LW_PROXY=str(chp), LW_API_TOKEN=token, LW_MEM_LIMIT=f"{mem_limit // 2**20}M",
        LW_CLASS_ENV=str(CLASS_ENV), LW_HUB_PORT=str(free_port()), LW_CLASSGAME_PORT=str(free_port()),
        LW_EXCHANGE=str(tmp / "exchange"),
        PATH=os.pathsep.join((str(Path(sys.executable).parent), env.get("PATH", ""))),
    )  # fmt: skip
    env.update(settings)
    (tmp / "state").mkdir()
    # the accounts this hub makes (its services', the pupils' and the teacher's) go with it;
    # one that was there before (another class's, a person's) stays
    accounts = [n for n in [*pupils, teacher, service_account(tmp / "state"), culler_account(tmp / "state")]
                if not account_exists(n)]  # fmt: skip
    log = tmp / "hub.log"
    teacher_password = secrets.token_urlsafe(12)
    proc: subprocess.Popen[bytes] | None = None
    hub: Hub | None = None
    try:
        setup = subprocess.run(
            [sys.executable, str(CONFIG.parent / "classsetup.py"), "--class", str(tmp / "class.csv"),
             "--state", str(tmp / "state"), "--teacher", teacher,
             "--address", f"http://127.0.0.1:{port}/", "--env", str(CLASS_ENV), "--exchange", env["LW_EXCHANGE"]],
            env=dict(env, LW_TEACHER_PASSWORD=teacher_password),  # not in argv, which ps shows to all
            capture_output=True, text=True, timeout=timeout, check=False,
        )  # fmt: skip
        log.write_text(setup.stdout + setup.stderr)
        if setup.returncode != 0:
            raise HubError(f"the class set-up failed:\n{setup.stdout[-2000:]}{setup.stderr[-4000:]}")
        compile_new = _reuse_jit_cache(tmp / "state")
        with log.open("ab") as f:
            proc = subprocess.Popen(
                [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)],
                cwd=tmp / "state", env=env, stdout=f, stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip
        hub = Hub(f"http://127.0.0.1:{port}/", token, tmp / "state", proc, log)
        hub.codes, hub.teacher_password = read_sheet(hub.sheet), teacher_password
        hub.proxy_api = f"http://127.0.0.1:{env['LW_PROXY_API_PORT']}/api/routes"
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise HubError(f"the hub exited:\n{log.read_text(errors='replace')[-4000:]}")
            try:
                hub.api("GET", "")
                break
            except (urllib.error.URLError, OSError) as e:
                if time.monotonic() > deadline:
                    raise HubError(
                        f"the hub did not start:\n{log.read_text(errors='replace')[-4000:]}"
                    ) from e
                time.sleep(0.5)
        if compile_new is not None:
            _keep_jit_cache(tmp / "state", *compile_new)
        yield hub
    finally:
        try:
            if hub is not None:
                _stop_servers(hub, [*pupils, teacher])
        finally:
            if proc is not None:
                _stop(proc)  # the hub, its proxy and the culler share its process group
                with contextlib.suppress(OSError):  # the last hub's log, for a failed test's reader
                    shutil.copy(log, TESTS_ROOT / "last-hub.log")
            # the accounts first: their processes that outlived the hub hold no home disk then
            killed, left = _remove_accounts(accounts)
            if hub is not None:
                hub.leftover_processes = killed
            _unmount_under(tmp)
            shutil.rmtree(tmp, ignore_errors=True)
            if left:  # (an error under pytest's filterwarnings: the test's teardown fails)
                warnings.warn(f"the hub's accounts were left on the machine: {'; '.join(left)}", stacklevel=1)


def _stop_servers(hub: Hub, names: list[str]) -> None:
    """Stop ``names``' servers through the hub (they run in their own sessions); wait ≤ 60 s."""
    for name in names:
        with contextlib.suppress(urllib.error.URLError, OSError):
            hub.api("DELETE", f"users/{name}/server")
    deadline = time.monotonic() + 60
    for name in names:
        with contextlib.suppress(urllib.error.URLError, OSError, KeyError):
            while hub.api("GET", f"users/{name}")["servers"] and time.monotonic() < deadline:
                time.sleep(0.5)


def _remove_accounts(names: list[str], grace: float = 15) -> tuple[list[str], list[str]]:
    """Remove each of ``names`` that exists, with its group (root only; not root, the hub made none):
    machinekit.remove_account, which first kills the account's processes still alive ``grace``
    seconds (for all of them together) after the hub stopped.

    Returns the processes killed (``"name: pid command"``) and why an account could not be removed.
    """
    if os.geteuid() != 0:
        return [], []
    killed, left = [], []
    deadline = time.monotonic() + grace
    for name in names:
        try:
            killed += [
                f"{name}: {line}" for line in remove_account(name, max(0.0, deadline - time.monotonic()))
            ]
        except RuntimeError as e:
            left.append(str(e))
    return killed, left


def _unmount_under(folder: Path) -> None:
    """Unmount the pupils' home disks mounted below ``folder`` (before removing it)."""
    with open("/proc/self/mounts", encoding="utf-8") as f:
        targets = [line.split()[1] for line in f]
    for target in sorted(targets, reverse=True):
        if target.startswith(str(folder) + "/"):
            subprocess.run(["umount", "-l", target], check=False, capture_output=True)


def hub_fixture(
    pupils: dict[str, str],
    teacher: str,
    mem_limit: int,
    passwords: dict[str, str],
    as_root: bool = False,
    **settings: str,
) -> Iterator[Hub]:
    """:func:`running_hub` for a module's ``hub`` fixture: ``passwords`` (emptied) gets the
    teacher's; a hub that cannot start fails the test with its log. ``as_root``: the test fails
    unless it runs as root (the hub gives the pupils Unix accounts, as on a class machine)."""
    import pytest

    if as_root and os.geteuid() != 0:
        pytest.fail(
            "needs root: the hub gives the pupils and the teacher Unix accounts, as on a class machine"
        )
    passwords.clear()
    try:
        with running_hub(pupils, teacher, mem_limit, **settings) as hub:
            passwords[teacher] = hub.teacher_password
            yield hub
    except HubError as e:
        pytest.fail(str(e))

"""JupyterHub for a class (deploy/jupyterhub): who may log in, and who may open which server.

The hub runs on 127.0.0.1 with the project's config, configurable-http-proxy from npm
(scripts/proxy.sh), a temporary state folder and a class list of three pupils; every
process is stopped at the end. Slow (a single-user server and its kernel start).
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hostkit import REPO, e2e

pytestmark = pytest.mark.slow

PUPILS = {"olena": "uk", "diego": "es", "amy": "en"}
TEACHER = "teacher"


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Hub:
    def __init__(
        self, url: str, token: str, state: Path, process: subprocess.Popen[bytes], log: Path
    ) -> None:
        self.url, self.token, self.state, self.process, self.log = url, token, state, process, log

    def api(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + "hub/api/" + path, data=data, method=method)
        req.add_header("Authorization", f"token {self.token}")
        with urllib.request.urlopen(req, timeout=60) as r:
            text = r.read().decode()
            return json.loads(text) if text else None

    def session(self) -> Session:
        return Session(self.url)


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
            return e.code, e.headers.get("Location", "")

    def login(self, name: str, password: str) -> int:
        self.get("hub/login")
        xsrf = next((c.value for c in self.jar if c.name == "_xsrf"), "")
        data = urllib.parse.urlencode({"username": name, "password": password, "_xsrf": xsrf}).encode()
        try:
            with self.opener.open(self.url + "hub/login", data=data, timeout=60) as r:
                return r.status
        except urllib.error.HTTPError as e:
            return e.code


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    pytest.importorskip("jupyterhub")
    pytest.importorskip("firstuseauthenticator")
    out = subprocess.run(
        ["bash", str(REPO / "scripts" / "proxy.sh")], capture_output=True, text=True, timeout=600
    )
    chp = REPO / "deploy" / "jupyterhub" / "node_modules" / ".bin" / "configurable-http-proxy"
    assert chp.exists(), f"configurable-http-proxy was not installed from npm:\n{out.stdout}{out.stderr}"
    tmp = Path(tempfile.mkdtemp(prefix="logger-hub-"))
    (tmp / "class.csv").write_text("".join(f"{n},{lang}\n" for n, lang in PUPILS.items()))
    port, token = _port(), secrets.token_hex(16)
    env = dict(os.environ)
    env.update(
        LW_CLASS=str(tmp / "class.csv"), LW_TEACHER=TEACHER, LW_STATE=str(tmp / "state"), LW_PORT=str(port),
        LW_PROXY_API_PORT=str(_port()), LW_PROXY=str(chp), LW_API_TOKEN=token,
        PATH=os.pathsep.join((str(Path(sys.executable).parent), env.get("PATH", ""))),
    )  # fmt: skip
    (tmp / "state").mkdir()
    log = tmp / "hub.log"
    cmd = [
        sys.executable,
        "-m",
        "jupyterhub",
        "-f",
        str(REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"),
    ]
    with log.open("wb") as f:
        proc = subprocess.Popen(
            cmd, cwd=tmp / "state", env=env, stdout=f, stderr=subprocess.STDOUT, start_new_session=True
        )
    url = f"http://127.0.0.1:{port}/"
    hub = Hub(url, token, tmp / "state", proc, log)
    try:
        deadline = time.monotonic() + 180
        while True:
            if proc.poll() is not None:
                pytest.fail(f"the hub exited:\n{log.read_text(errors='replace')[-4000:]}")
            try:
                hub.api("GET", "")
                break
            except (urllib.error.URLError, OSError):
                if time.monotonic() > deadline:
                    pytest.fail(f"the hub did not start:\n{log.read_text(errors='replace')[-4000:]}")
                time.sleep(0.5)
        yield hub
    finally:
        try:
            for name in [*PUPILS, TEACHER]:
                try:
                    hub.api("DELETE", f"users/{name}/server")
                except (urllib.error.URLError, OSError):
                    pass
        finally:
            e2e._stop(proc)  # the hub, its proxy, the culler and the servers share its process group
            shutil.rmtree(tmp, ignore_errors=True)


def test_a_name_not_on_the_class_list_cannot_log_in(hub: Hub) -> None:
    assert hub.session().login("mallory", "whatever1") == 403
    assert hub.session().login("Olena2", "whatever1") == 403
    names = {u["name"] for u in hub.api("GET", "users")}
    assert "mallory" not in names


def test_first_login_sets_the_password_a_wrong_one_is_refused(hub: Hub) -> None:
    assert hub.session().login("amy", "amy-secret") == 302  # first login: the password is set
    assert hub.session().login("amy", "not-hers") == 403
    assert hub.session().login("amy", "amy-secret") == 302


def test_a_pupil_cannot_open_another_pupils_server(hub: Hub) -> None:
    hub.api("POST", "users/diego/server")
    deadline = time.monotonic() + 240
    while not hub.api("GET", "users/diego")["servers"].get("", {}).get("ready"):
        assert time.monotonic() < deadline, "diego's server did not start"
        time.sleep(1)
    # the home was seeded with diego's notebooks, in Spanish
    assert (hub.state / "homes" / "diego" / "tutorial_es.ipynb").exists()
    assert not (hub.state / "homes" / "diego" / "tutorial_uk.ipynb").exists()

    diego = hub.session()
    assert diego.login("diego", "diego-secret") == 302
    status, _ = diego.get("user/diego/files/tutorial_es.ipynb")
    if status == 302:  # the single-user server's OAuth round trip
        status = _follow(diego, "user/diego/files/tutorial_es.ipynb")
    assert status == 200

    olena = hub.session()
    assert olena.login("olena", "olena-secret") == 302
    status = _follow(olena, "user/diego/files/tutorial_es.ipynb")
    assert status in (403, 404), f"olena reached diego's server (HTTP {status})"
    # the teacher (an admin) sees the running server
    servers = {u["name"]: u["servers"] for u in hub.api("GET", "users")}
    assert servers["diego"].get("", {}).get("ready")


def _follow(session: Session, path: str, hops: int = 10) -> int:
    """GET ``path`` following redirects on the same host (the OAuth dance); the final status."""
    for _ in range(hops):
        status, location = session.get(path)
        if status not in (301, 302, 303, 307):
            return status
        parsed = urllib.parse.urlsplit(location)
        path = (
            (parsed.path.lstrip("/") + ("?" + parsed.query if parsed.query else "")) if parsed.path else path
        )
    return status


def _wait_ready(hub: Hub, name: str, timeout: float = 240) -> None:
    deadline = time.monotonic() + timeout
    while not hub.api("GET", f"users/{name}")["servers"].get("", {}).get("ready"):
        assert time.monotonic() < deadline, f"{name}'s server did not start"
        time.sleep(1)


def _memory_mb(hub: Hub, name: str) -> float:
    """Resident memory of a pupil's single-user server and its kernels (MB)."""
    import psutil

    pid = hub.api("GET", f"users/{name}")["servers"][""]["state"]["pid"]
    proc = psutil.Process(pid)
    return sum(p.memory_info().rss for p in [proc, *proc.children(recursive=True)]) / 2**20


def test_three_pupils_play_their_tutorial_teacher_sees_them(
    hub: Hub, browser: Any, screenshots: Path
) -> None:
    """Three pupils log in through Chromium, each plays a turn in their own tutorial; the teacher sees 3 servers."""
    from hostkit import ROOT, play_first_turn, run_all_cells, wait_ready

    from logger_widget.classroom.tutorial import LESSONS

    figures: dict[str, Any] = {"login_to_playable_s": {}, "click_to_redraw_ms": [], "memory_mb": {}}
    for name, language in PUPILS.items():
        context = browser.new_context(viewport={"width": 1400, "height": 1300})
        context.set_default_timeout(120_000)
        page = context.new_page()
        t0 = time.perf_counter()
        page.goto(hub.url + "hub/login")
        page.fill("#username_input", name)
        page.fill("#password_input", f"{name}-secret")
        page.click("#login_submit")
        # the hub starts the server and opens the tutorial in the pupil's language
        page.wait_for_url(f"**/user/{name}/lab/tree/tutorial_{language}.ipynb*", timeout=240_000)
        run_all_cells(page)
        boards = page.locator(ROOT)
        boards.nth(len(LESSONS)).wait_for(state="attached", timeout=240_000)
        final = boards.last
        wait_ready(final, timeout=240_000)
        figures["login_to_playable_s"][name] = round(time.perf_counter() - t0, 1)
        assert final.get_attribute("lang") == language
        final.scroll_into_view_if_needed()
        figures["click_to_redraw_ms"] += [round(1000 * x) for x in play_first_turn(final)]
        final.screenshot(path=str(screenshots / f"hosts-hub-{name}-{language}.png"))
        figures["memory_mb"][name] = round(
            _memory_mb(hub, name)
        )  # server + kernel with the tutorial's boards
        context.close()
    # the teacher's view: every pupil's server is running
    users = {u["name"]: u for u in hub.api("GET", "users")}
    running = sorted(n for n, u in users.items() if u["servers"].get("", {}).get("ready"))
    assert running == sorted(PUPILS), running
    print("\nclassroom:", json.dumps(figures, indent=2))
    (screenshots / "classroom.json").write_text(json.dumps(figures, indent=2) + "\n")

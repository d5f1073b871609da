"""JupyterHub for a class (deploy/jupyterhub): who may log in, and who may open which server.

The hub runs on 127.0.0.1 with the project's config, configurable-http-proxy from npm
(scripts/proxy.sh), a temporary state folder and a class list of three pupils; every
process is stopped at the end. Slow (a single-user server and its kernel start).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import pwd
import re
import shutil
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from accountkit import read_probe, run_as
from classsetup import culler_account, service_account
from hubkit import CLASS_ENV, REPO, Hub, HubError, chosen_password, pupil_token, run_in_kernel, running_hub
from hubkit import token_status as _status

pytestmark = pytest.mark.slow

PUPILS = {"olena": "uk", "diego": "es", "amy": "en"}
TEACHER = "teacher"
MEM_LIMIT = 768 * 2**20  # bytes, each pupil's cap (LW_MEM_LIMIT)
DISK_LIMIT = 64 * 2**20  # bytes, each home's disk image (LW_DISK_LIMIT)
SHM_SIZE = 32 * 2**20  # bytes, each server's private /dev/shm (LW_SHM_SIZE)
TMP_SIZE = 16 * 2**20  # bytes, each server's private /tmp and /var/tmp (LW_TMP_SIZE)
#: JupyterLab's "File" menu in each language pack (jupyterlab-language-pack-uk-UA, -es-ES)
LAB_FILE_MENU = {"uk": "Файл", "es": "Archivo", "en": "File"}
PIDS_LIMIT = 256  # tasks, each pupil's server and kernels (LW_PIDS_LIMIT)
#: a secret in the hub's environment (as a teacher who exported it for the set-up leaves it):
#: no pupil's kernel may see it
HUB_SECRET = "hub-env-secret-" + os.urandom(8).hex()
#: each pupil's password once they have chosen it (first login with their one-time code)
PASSWORDS: dict[str, str] = {}


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    pytest.importorskip("jupyterhub")
    pytest.importorskip("firstuseauthenticator")
    PASSWORDS.clear()
    try:
        with running_hub(
            PUPILS,
            TEACHER,
            MEM_LIMIT,
            LW_DISK_LIMIT=f"{DISK_LIMIT // 2**20}M",
            LW_SHM_SIZE=f"{SHM_SIZE // 2**20}M",
            LW_TMP_SIZE=f"{TMP_SIZE // 2**20}M",
            LW_PIDS_LIMIT=str(PIDS_LIMIT),
            LW_TEACHER_PASSWORD=HUB_SECRET,
            PYTHONPATH=str(REPO),  # as the tests run: the pupils must still get the class's wheel
            VIRTUAL_ENV=str(Path(sys.prefix)),
        ) as hub:
            PASSWORDS[TEACHER] = hub.teacher_password
            yield hub
    except HubError as e:
        pytest.fail(str(e))


def _password(hub: Hub, name: str) -> str:
    """``name``'s password; the first time, the pupil logs in with the code from the class sheet and chooses it."""
    return chosen_password(hub, name, PASSWORDS)


def _token(hub: Hub, name: str) -> str:
    return pupil_token(hub, name, _password(hub, name))


def test_a_name_not_on_the_class_list_cannot_log_in(hub: Hub) -> None:
    """Unknown, homoglyph (Cyrillic о), full-width, path-like and empty names: 403, no account."""
    for name in (
        "mallory",
        "Olena2",
        "\u043elena",
        "\uff41\uff4d\uff59",
        "../olena",
        "olena/..",
        "teacher/",
        "",
        " ",
    ):
        assert hub.session().login(name, hub.codes["olena"], new_password="whatever1") == 403, name
    names = {u["name"] for u in hub.api("GET", "users")}
    assert names == set(PUPILS) | {TEACHER}, names


def test_nobody_can_claim_the_teacher_or_a_classmate_by_logging_in_first(hub: Hub) -> None:
    """Before: first-use sign-up, whoever came first as ``teacher`` (an admin) or as a classmate got the name."""
    for password in ("whatever1", hub.codes["diego"], ""):
        assert hub.session().login(TEACHER, password, new_password="mine-now-1") == 403
    # diego without his code: a made-up one, a classmate's, none
    for code in ("AAAA-BBBB-CCCC", hub.codes["olena"], "", "mine-now-1"):
        assert hub.session().login("diego", code, new_password="mine-now-1") == 403
    assert hub.session().login(TEACHER, hub.teacher_password) == 302  # the set-up's password
    assert _password(hub, "diego")  # diego's own code still works: nobody took his name


def test_the_class_sheet_and_a_code_that_works_once(hub: Hub) -> None:
    """The sheet (A4, root's only) lists every pupil; a code opens the first login once; codes kept hashed."""
    sheet = hub.sheet.read_text(encoding="utf-8")
    assert "size: A4" in sheet and hub.sheet.stat().st_mode & 0o777 == 0o600
    for name, language in PUPILS.items():  # each slip in the pupil's language (before: English only)
        assert f'<div class="slip" lang="{language}" data-pupil="{name}">' in sheet, sheet
    assert sheet.count(hub.url) == len(PUPILS)
    codes_file = (hub.state / "codes.json").read_text()
    assert (hub.state / "codes.json").stat().st_mode & 0o777 == 0o600
    assert not any(code.replace("-", "") in codes_file or code in codes_file for code in hub.codes.values())
    # amy: her code without a new password does not spend it; with one, it does
    assert hub.session().login("amy", hub.codes["amy"]) == 403
    assert hub.session().login("amy", hub.codes["amy"], new_password="short") == 403  # < 8 characters
    password = _password(hub, "amy")
    dbm_files = list(hub.state.glob("passwords.dbm*"))  # her chosen password, written by the hub
    assert dbm_files and all(p.stat().st_mode & 0o777 == 0o600 for p in dbm_files), dbm_files
    assert hub.session().login("amy", hub.codes["amy"], new_password="another-one") == 403  # spent
    assert hub.session().login("amy", hub.codes["amy"]) == 403
    assert hub.session().login("amy", "not-hers-at-all") == 403
    assert hub.session().login("amy", password) == 302


def test_the_teacher_resets_a_pupil_the_new_code_works_the_old_does_not(hub: Hub) -> None:
    """A new code for olena from the teacher's page: her old code and password stop working; a pupil may not reset."""
    old_password = _password(hub, "olena")
    olena = hub.session()  # logged in before the reset: logged out by it
    assert olena.login("olena", old_password) == 302 and olena.get("hub/home")[0] == 200
    amy = hub.session()
    assert amy.login("amy", _password(hub, "amy")) == 302
    assert amy.post_form("hub/class/codes", {"name": "olena"})[0] == 403
    teacher = hub.session()
    assert teacher.login(TEACHER, hub.teacher_password) == 302
    status, page = teacher.post_form("hub/class/codes", {"name": "olena"})
    assert status == 200, page
    match = re.search(r'<code id="new-code">([^<]+)</code>', page)
    assert match, page
    new_code = match.group(1)
    # the slip to hand her, in her language (Ukrainian), with the new code
    assert re.search(
        r'<div class="slip" lang="uk" data-pupil="olena">\s*<p>Відкрий сторінку за адресою.*' + new_code,
        page,
        re.S,
    )
    assert teacher.post_form("hub/class/codes", {"name": "mallory"})[0] == 404
    assert olena.get("hub/home")[0] == 302, "olena's session outlived the reset"  # to the login page
    assert hub.session().login("olena", old_password) == 403
    assert hub.session().login("olena", hub.codes["olena"], new_password="olena-again") == 403
    assert hub.session().login("olena", new_code, new_password="olena-new-secret") == 302
    assert hub.session().login("olena", new_code, new_password="olena-newer") == 403
    PASSWORDS["olena"] = "olena-new-secret"
    assert hub.session().login("olena", "olena-new-secret") == 302


def test_the_teacher_is_not_an_admin_and_cannot_reach_a_pupils_files(hub: Hub) -> None:
    """The teacher's role: the class, servers, activity, start/stop; not a pupil's files, tokens, or users.

    Before: the teacher was the hub's admin (``admin_access`` is ignored since JupyterHub 2):
    diego's files 200, a token for diego 201, a new user and a deleted pupil.
    """
    hub.start("diego")
    teacher = _token(hub, TEACHER)
    assert _status(hub, teacher, "GET", "hub/api/users") == 200
    req = urllib.request.Request(hub.url + "hub/api/users", headers={"Authorization": f"token {teacher}"})
    with urllib.request.urlopen(req, timeout=60) as r:
        users = {u["name"]: u for u in json.loads(r.read())}
    assert set(users) == set(PUPILS) | {TEACHER}
    assert not users[TEACHER]["admin"] and users["diego"]["servers"][""]["ready"]
    assert "last_activity" in users["diego"]
    assert hub.api("GET", "users/diego")["admin"] is False
    # diego's server and files, through the hub's proxy with the teacher's token and session
    assert _status(hub, teacher, "GET", "user/diego/api/contents/tutorial_es.ipynb") == 403
    session = hub.session()
    assert session.login(TEACHER, hub.teacher_password) == 302
    assert session.follow("user/diego/files/tutorial_es.ipynb") in (403, 404)
    assert _status(hub, teacher, "POST", "hub/api/users/diego/tokens", {"note": "x"}) == 403
    assert _status(hub, teacher, "POST", "hub/api/users/mallory") == 403
    assert _status(hub, teacher, "DELETE", "hub/api/users/amy") == 403
    assert _status(hub, teacher, "PATCH", "hub/api/users/teacher", {"admin": True}) == 403
    assert _status(hub, teacher, "POST", "hub/api/shutdown") == 403  # the admin page's "Shutdown Hub"
    # ... but may stop and start it
    assert _status(hub, teacher, "DELETE", "hub/api/users/diego/server") in (202, 204)
    deadline = time.monotonic() + 60
    while hub.api("GET", "users/diego")["servers"]:
        assert time.monotonic() < deadline, "the teacher's stop did not stop diego's server"
        time.sleep(0.5)
    assert _status(hub, teacher, "POST", "hub/api/users/diego/server") in (201, 202)
    hub.wait_ready("diego")


def test_a_pupil_cannot_open_another_pupils_server(hub: Hub) -> None:
    hub.start("diego")
    # the home was seeded with diego's notebooks, in Spanish
    assert (hub.state / "homes" / "diego" / "tutorial_es.ipynb").exists()
    assert not (hub.state / "homes" / "diego" / "tutorial_uk.ipynb").exists()
    diego = hub.session()
    assert diego.login("diego", _password(hub, "diego")) == 302
    assert diego.follow("user/diego/files/tutorial_es.ipynb") == 200
    olena = hub.session()
    assert olena.login("olena", _password(hub, "olena")) == 302
    status = olena.follow("user/diego/files/tutorial_es.ipynb")
    assert status in (403, 404), f"olena reached diego's server (HTTP {status})"


def test_a_pupils_token_opens_nothing_of_a_classmate(hub: Hub) -> None:
    """amy's token against diego's server, files, kernels and tokens: refused."""
    hub.start("diego")
    amy = _token(hub, "amy")
    for method, path in [("GET", "user/diego/api/contents"), ("GET", "user/diego/api/kernels"),
                         ("GET", "user/diego/files/tutorial_es.ipynb"), ("GET", "hub/api/users/diego/tokens"),
                         ("POST", "hub/api/users/diego/tokens"), ("GET", "hub/api/users")]:  # fmt: skip
        status = _status(hub, amy, method, path, {} if method == "POST" else None)
        assert status in (403, 404), f"{method} {path}: HTTP {status}"


def _memory_mb(hub: Hub, name: str) -> float:
    """Resident memory of a pupil's single-user server and its kernels (MB)."""
    import psutil

    pid = hub.api("GET", f"users/{name}")["servers"][""]["state"]["pid"]
    proc = psutil.Process(pid)
    return sum(p.memory_info().rss for p in [proc, *proc.children(recursive=True)]) / 2**20


def _assert_within_the_cap_and_not_recompiled(hub: Hub, name: str) -> None:
    """The pupil's kernel ran the tutorial with no OOM kill, loading the class's compiled kernel.

    Before the hub compiled once for the class, each pupil's kernel compiled Numba's kernel in a
    child process (~350 MB beside a ~400 MB server and kernel): past the 768 MiB cap, the OOM
    killer killed the kernel and JupyterLab showed "Kernel Restarting" (a CI run on a fresh machine).
    """
    cgroup = hub.cgroup(name)
    if cgroup is not None:  # root: each server in its own memory cgroup
        assert cgroup.oom_kills() == 0, f"{name}'s kernel was OOM-killed under the cap (hub log {hub.log})"
    shared = {
        p.relative_to(hub.state / "jit-cache"): p.stat().st_mtime
        for p in (hub.state / "jit-cache").rglob("*.nb*")
    }
    assert shared, "the hub compiled no kernel for the class (is the [fast] extra installed?)"
    jit = hub.state / "homes" / name / ".numba-cache"
    own = {p.relative_to(jit): p.stat().st_mtime for p in jit.rglob("*.nb*")}
    assert own == shared, f"{name}'s kernel compiled again instead of loading the class's copy"
    elsewhere = [p for p in (hub.state / "homes" / name).rglob("*.nbi") if jit not in p.parents]
    assert not elsewhere, f"{name}'s kernel compiled into its home instead: {elsewhere}"


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
        if name in PASSWORDS:
            page.fill("#password_input", PASSWORDS[name])
        else:  # the first login: the code from the class sheet, and a password of their own
            page.fill("#password_input", hub.codes[name])
            page.fill("#new_password_input", f"{name}-secret")
            PASSWORDS[name] = f"{name}-secret"
        page.click("#login_submit")
        # the hub starts the server and opens the tutorial in the pupil's language
        page.wait_for_url(f"**/user/{name}/lab/tree/tutorial_{language}.ipynb*", timeout=240_000)
        # JupyterLab itself in her language (the language packs; before: English for everyone)
        menus = page.locator("#jp-MainMenu .lm-MenuBar-itemLabel")
        menus.first.wait_for()
        assert LAB_FILE_MENU[language] in menus.all_inner_texts(), menus.all_inner_texts()
        page.screenshot(path=str(screenshots / f"hosts-hub-{name}-{language}-lab.png"))
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
        _assert_within_the_cap_and_not_recompiled(hub, name)
    # the teacher's view: every pupil's server is running, in the hub's API ...
    users = {u["name"]: u for u in hub.api("GET", "users")}
    running = sorted(n for n, u in users.items() if u["servers"].get("", {}).get("ready"))
    assert running == sorted(PUPILS), running
    # ... and on the real admin page, the teacher logged in through Chromium
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(120_000)
    page = context.new_page()
    page.goto(hub.url + "hub/login?next=%2Fhub%2Fadmin")
    page.fill("#username_input", TEACHER)
    page.fill("#password_input", hub.teacher_password)
    page.click("#login_submit")
    page.wait_for_url("**/hub/admin*")
    rows = page.locator("tr.user-row")
    rows.filter(has_text=TEACHER).wait_for()
    for name in PUPILS:  # a running server has a Stop button
        row = rows.filter(has=page.locator("[data-testid=user-row-name]", has_text=name))
        row.locator(".stop-button", has_text="Stop Server").wait_for()
    teacher_row = rows.filter(has=page.locator("[data-testid=user-row-name]", has_text=TEACHER))
    assert teacher_row.locator(".stop-button", has_text="Stop Server").count() == 0  # no server of their own
    assert page.locator("th", has_text="Last Activity").count() == 1
    page.screenshot(path=str(screenshots / "hosts-hub-teacher-admin.png"))
    # the teacher stops amy's server from the page ...
    amy_row = rows.filter(has=page.locator("[data-testid=user-row-name]", has_text="amy"))
    amy_row.locator(".stop-button", has_text="Stop Server").click()
    deadline = time.monotonic() + 60
    while hub.api("GET", "users/amy")["servers"]:
        assert time.monotonic() < deadline, "the teacher's Stop Server did not stop amy's server"
        time.sleep(0.5)
    # ... but the page's "Access Server" to a pupil's files is refused (the teacher has no access:servers)
    response = page.goto(hub.url + "user/diego/files/tutorial_es.ipynb")
    assert response is not None and response.status in (403, 404), response and response.status
    context.close()
    print("\nclassroom:", json.dumps(figures, indent=2))
    (screenshots / "classroom.json").write_text(json.dumps(figures, indent=2) + "\n")


def test_a_pupils_kernel_runs_as_the_pupil_and_cannot_read_another_home(hub: Hub) -> None:
    """Unix-level isolation (hub run as root): amy's kernel has amy's uid; diego's home is closed to it."""
    if os.geteuid() != 0:
        pytest.fail("needs root: the hub creates the pupils' Unix accounts (CI and this machine run as root)")
    for name in ("diego", "amy"):
        hub.start(name)
    diego_home = hub.state / "homes" / "diego"
    assert (diego_home / "tutorial_es.ipynb").exists()
    assert diego_home.stat().st_mode & 0o777 == 0o700
    assert diego_home.stat().st_uid == pwd.getpwnam("diego").pw_uid
    hub.start(TEACHER)  # the teacher's home holds the teacher notebooks
    repo = Path(__file__).resolve().parents[2]
    secret = [
        diego_home / "tutorial_es.ipynb",
        hub.state / "jupyterhub.sqlite", hub.state / "jupyterhub_cookie_secret", hub.state / "codes.json",
        hub.state / "class-sheet.html", *hub.state.glob("passwords.dbm*"), hub.state / "disks" / "diego.img",
        hub.state / "homes" / TEACHER / "game_theory_exercises_teacher_en.ipynb",
        repo / "notebooks" / "game_theory_exercises_teacher_en.ipynb",
        repo / "deploy" / "nbgrader" / "source" / "game_theory" / "game_theory.ipynb",
    ]  # fmt: skip
    assert all(p.exists() for p in secret), [p for p in secret if not p.exists()]
    code = (
        "import os, pathlib, sys, logger_widget\n"
        "print('uid', os.getuid(), 'home', os.environ['HOME'])\n"
        "print('package', logger_widget.__file__)\n"
        f"print('repo on path', any(p and pathlib.Path(p).resolve() == pathlib.Path({str(repo)!r}) for p in sys.path))\n"
        "import urllib.request, urllib.error\n"
        "try:\n"
        f"    urllib.request.urlopen({hub.proxy_api!r}, timeout=30)\n"
        "    print('PROXY OPEN')\n"
        "except urllib.error.HTTPError as e:\n"
        "    print('proxy', e.code)\n"
        f"for path in {[str(p) for p in secret]!r}:\n"
        "    try:\n"
        "        pathlib.Path(path).read_bytes()\n"
        "        print('READ', path)\n"
        "    except PermissionError:\n"
        "        print('DENIED', path)\n"
        "    except FileNotFoundError:\n"  # a folder her server does not show at all (its private /tmp)
        "        print('DENIED', path, 'not even shown')\n"
    )
    out = run_in_kernel(hub, "amy", _token(hub, "amy"), code)
    assert out["error"] is None, out
    assert f"uid {pwd.getpwnam('amy').pw_uid} home {hub.state / 'homes' / 'amy'}" in out["stdout"], out
    # the package from the class's wheel, not the repository (before: PYTHONPATH was the repository)
    assert f"package {CLASS_ENV}" in out["stdout"] and "repo on path False" in out["stdout"], out
    assert "READ" not in out["stdout"] and out["stdout"].count("DENIED") == len(secret), out["stdout"]
    assert "proxy 403" in out["stdout"], out  # the proxy's routing table wants the hub's token
    # /root closed mid-lesson, as a stock Debian has it: amy's next imports still work (before: the
    # pupils ran pyenv's Python under /root, and "No module named 'difflib'"); her kernel starts the
    # bot sandbox (before: "nesting depth ... exceeded"); a fork bomb stops at her pids cap
    root_mode = Path("/root").stat().st_mode
    Path("/root").chmod(0o700)
    try:
        out = run_in_kernel(hub, "amy", _token(hub, "amy"), _CLOSED_ROOT_LESSON)
    finally:
        os.chmod("/root", root_mode)
    assert out["error"] is None, out
    assert "imports fine" in out["stdout"] and "SANDBOX OK" in out["stdout"], out
    made, refused, cgroup = re.search(r"forked (\d+) refused (\d+) cgroup (\S+)", out["stdout"]).groups()  # type: ignore[union-attr]
    assert int(refused) == errno.EAGAIN and 0 < int(made) < PIDS_LIMIT, out
    assert Path(f"/sys/fs/cgroup/pids{cgroup}/pids.max").read_text().strip() == str(PIDS_LIMIT)


#: run in a pupil's kernel with /root at 0700: modules not imported yet, the bot sandbox, a fork bomb
_CLOSED_ROOT_LESSON = """
import difflib, fractions, statistics
print('imports fine')
from logger_widget.tournament.sandbox import check_isolation
check_isolation()
print('SANDBOX OK')
import os, signal
children, refused = [], None
while len(children) < 2000:
    try:
        pid = os.fork()
    except OSError as e:
        refused = e.errno
        break
    if pid == 0:
        signal.pause()
        os._exit(0)
    children.append(pid)
for pid in children:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
cgroup = [line.split(':', 2)[2] for line in open('/proc/self/cgroup') if ':pids:' in line][0]
print('forked', len(children), 'refused', refused, 'cgroup', cgroup.strip())
"""


def test_private_tmp_and_shm_gone_after_the_stop_and_a_disk_limit(hub: Hub) -> None:
    """amy's /tmp and /dev/shm are hers alone, capped, gone with her server; her home holds DISK_LIMIT at most.

    Before: her files in /dev/shm stayed after her server and cgroup were gone (200 MiB), and she
    wrote 1 GiB into the shared state folder's home.
    """
    if os.geteuid() != 0:
        pytest.fail("needs root: the hub creates the pupils' Unix accounts (CI and this machine run as root)")
    for name in ("diego", "amy"):
        hub.start(name)
    uid = pwd.getpwnam("amy").pw_uid
    code = (
        "import errno, os, pathlib\n"
        "for path in ('/dev/shm/amy-notes', '/tmp/amy-notes'):\n"
        "    pathlib.Path(path).write_bytes(b'1' * 2**20)\n"
        "try:\n"
        f"    pathlib.Path('/dev/shm/amy-big').write_bytes(b'1' * {2 * SHM_SIZE})\n"
        "    print('SHM UNCAPPED')\n"
        "except OSError as e:\n"
        "    print('shm full', e.errno == errno.ENOSPC)\n"
        "big = pathlib.Path(os.environ['HOME']) / 'big.bin'\n"
        "try:\n"
        "    with big.open('wb') as f:\n"
        f"        for _ in range({2 * DISK_LIMIT // 2**20}):\n"
        "            f.write(b'1' * 2**20)\n"
        "    print('DISK UNLIMITED')\n"
        "except OSError as e:\n"
        "    print('disk full', e.errno == errno.ENOSPC)\n"
        "big.unlink()\n"
    )
    out = run_in_kernel(hub, "amy", _token(hub, "amy"), code)
    assert out["error"] is None and "shm full True" in out["stdout"] and "disk full True" in out["stdout"], (
        out
    )
    # not on the machine's /tmp and /dev/shm, nor in diego's
    assert not Path("/dev/shm/amy-notes").exists() and not Path("/tmp/amy-notes").exists()
    seen = run_in_kernel(hub, "diego", _token(hub, "diego"),
                         "import os; print(sorted(os.listdir('/dev/shm')), sorted(os.listdir('/tmp')))")  # fmt: skip
    assert "amy-notes" not in seen["stdout"], seen
    hub.api("DELETE", "users/amy/server")
    deadline = time.monotonic() + 60
    while hub.api("GET", "users/amy")["servers"]:
        assert time.monotonic() < deadline, "amy's server did not stop"
        time.sleep(0.5)
    left = []
    for root in ("/dev/shm", "/tmp", "/var/tmp"):
        for path in Path(root).iterdir():
            with contextlib.suppress(FileNotFoundError):  # another program's file, just removed
                if path.lstat().st_uid == uid:
                    left.append(path)
    assert not left, f"amy's files outlived her server: {left}"
    # nothing of hers runs: no process, no mount namespace holding her tmpfs
    import psutil

    alive = [
        (p.pid, p.info["status"], p.info["cmdline"])
        for p in psutil.process_iter(["uids", "status", "cmdline"])
        if p.info["uids"] and p.info["uids"].real == uid and p.info["status"] != psutil.STATUS_ZOMBIE
    ]  # (a zombie is an exit status waiting for its parent: no memory, no mounts)
    assert not alive, alive


def test_a_kernel_past_the_memory_cap_is_killed_the_hub_and_others_carry_on(hub: Hub) -> None:
    """amy's kernel allocates past LW_MEM_LIMIT: the OOM killer kills it in amy's cgroup only."""
    for name in ("diego", "amy"):
        hub.start(name)
    state = hub.api("GET", "users/amy")["servers"][""]["state"]
    cgroup = hub.cgroup("amy")
    assert cgroup is not None, f"amy's server is in no memory cgroup: {state} (see the hub's log {hub.log})"
    assert cgroup.limit() == MEM_LIMIT
    assert state["pid"] in cgroup.pids()
    kills = cgroup.oom_kills()
    out = run_in_kernel(
        hub,
        "amy",
        _token(hub, "amy"),
        f"x = b'1' * {2 * MEM_LIMIT}\nprint('survived')",
    )
    assert "survived" not in out["stdout"], out
    assert "restarting" in out["states"] or "dead" in out["states"], out
    assert cgroup.oom_kills() > kills
    # the hub, amy's own server and diego carry on
    assert hub.ready("amy")
    assert run_in_kernel(hub, "amy", _token(hub, "amy"), "print(6 * 7)")["stdout"].strip() == "42"
    assert run_in_kernel(hub, "diego", _token(hub, "diego"), "print(6 * 7)")["stdout"].strip() == "42"
    # stopping the server removes its cgroup
    hub.api("DELETE", "users/amy/server")
    deadline = time.monotonic() + 60
    while cgroup.path.exists() or hub.ready("amy"):
        assert time.monotonic() < deadline, f"amy's cgroup {cgroup.path} is still there after the stop"
        time.sleep(0.5)


def test_the_hub_follows_no_link_a_pupil_plants_in_their_home(hub: Hub) -> None:
    """At spawn the hub (root) copies into homes and chowns: a pupil's symbolic links are not followed.

    amy replaces a notebook the hub seeds, and her compiled-kernel folder's files, with links to a
    file of root's; after a restart of her server the file is still root's, unchanged (before: the
    hub chowned a notebook link's target to amy, and a dangling link got root's copy written through it).
    """
    if os.geteuid() != 0:
        pytest.fail("needs root: the hub creates the pupils' Unix accounts (CI and this machine run as root)")
    canary = hub.state / "canary"
    canary.write_text("root's")
    canary.chmod(0o644)
    hub.start("amy")
    jit = hub.state / "homes" / "amy" / ".numba-cache"
    index = sorted(jit.rglob("*.nbi"))[0]
    code = (
        "import os, pathlib\n"
        f"home = pathlib.Path(os.environ['HOME'])\n"
        "(home / 'game_theory_exercises_en.ipynb').unlink()\n"
        f"os.symlink({str(canary)!r}, home / 'game_theory_exercises_en.ipynb')\n"
        "(home / 'play_vs_bots_en.ipynb').unlink()\n"
        f"os.symlink({str(hub.state / 'written-by-root')!r}, home / 'play_vs_bots_en.ipynb')\n"
        f"pathlib.Path({str(index)!r}).unlink()\n"
        f"os.symlink({str(canary)!r}, {str(index)!r})\n"
        "print('planted')\n"
    )
    out = run_in_kernel(hub, "amy", _token(hub, "amy"), code)
    assert "planted" in out["stdout"], out
    hub.api("DELETE", "users/amy/server")
    deadline = time.monotonic() + 60
    while hub.ready("amy"):
        assert time.monotonic() < deadline, "amy's server did not stop"
        time.sleep(0.5)
    hub.start("amy")
    assert canary.stat().st_uid == 0 and canary.read_text() == "root's"
    assert not (hub.state / "written-by-root").exists()
    assert (hub.state / "homes" / "amy" / "game_theory_exercises_en.ipynb").is_symlink()  # hers, left alone
    assert not index.is_symlink() and index.stat().st_uid == pwd.getpwnam("amy").pw_uid  # a fresh copy


def _classgame(hub: Hub, token: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """``(status, JSON)`` of the class game service's ``api/<path>`` through the hub's proxy."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(hub.url + "services/classgame/api/" + path, data=data, method=method,
                                 headers={"Authorization": f"token {token}"})  # fmt: skip
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return int(r.status), json.loads(r.read().decode())
    except urllib.error.HTTPError as e:
        with e:
            return int(e.code), json.loads(e.read().decode() or "null")


def _proc_ids(pid: int) -> dict[str, list[int]]:
    """The ``Uid``, ``Gid`` and ``Groups`` lines of ``/proc/<pid>/status`` (real, effective, saved, fs)."""
    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    return {k: [int(v) for v in rest.split()] for k, _, rest in (line.partition(":\t") for line in lines)
            if k in ("Uid", "Gid", "Groups")}  # fmt: skip


def test_the_hub_starts_the_class_game_service_and_a_pupils_kernel_reaches_it(hub: Hub) -> None:
    """The class game service runs as the hub's service: a pupil's kernel is known by its server's
    token, a classmate's challenge is closed to a third pupil, the teacher is the hub's teacher,
    a game plays through it, no pupil's code runs in the service. As root it runs as its own
    account (lw-classgame-<class>: no pupil's home, no hub secret readable), its database that
    account's alone; the idle culler runs as lw-culler-<class>."""
    import psutil

    folder = hub.state / "classgame"
    database = folder / "classgame.sqlite"
    hub.start("amy")
    code = (
        "import json, os, pathlib, urllib.request\n"
        "base = os.environ['LW_CLASSGAME_URL']\n"
        "def call(method, path, body=None):\n"
        "    data = None if body is None else json.dumps(body).encode()\n"
        "    req = urllib.request.Request(base + 'api/' + path, data=data, method=method,\n"
        "        headers={'Authorization': 'token ' + os.environ['JUPYTERHUB_API_TOKEN']})\n"
        "    with urllib.request.urlopen(req, timeout=60) as r:\n"
        "        return json.loads(r.read().decode())\n"
        "print('me', call('GET', 'me')['name'])\n"
        "print('seek', call('POST', 'seeks', {'protocol': 1, 'players': 2, 'invite': ['diego']})['id'])\n"
        f"for path in ({str(database)!r}, {str(folder)!r}):\n"
        "    try:\n        p = pathlib.Path(path)\n        p.read_bytes() if p.name.endswith('.sqlite') else list(p.iterdir())\n"
        "        print('READ', path)\n"
        "    except PermissionError:\n        print('DENIED', path)\n"
    )
    out = run_in_kernel(hub, "amy", _token(hub, "amy"), code)
    assert out["error"] is None, out
    assert "me amy" in out["stdout"] and "READ" not in out["stdout"], out
    assert f"DENIED {database}" in out["stdout"] and f"DENIED {folder}" in out["stdout"], out
    seek = int(re.search(r"seek (\d+)", out["stdout"]).group(1))  # type: ignore[union-attr]
    status, body = _classgame(hub, _token(hub, "diego"), "GET", f"seeks/{seek}")
    assert status == 200 and body["invite"] == ["diego"], body
    status, body = _classgame(hub, _token(hub, "olena"), "GET", f"seeks/{seek}")
    assert status == 403 and body["error"]["code"] == "forbidden", body
    status, body = _classgame(hub, _token(hub, TEACHER), "GET", "me")
    assert status == 200 and body["teacher"] is True, body
    status, body = _classgame(hub, _token(hub, "olena"), "GET", "me")
    assert status == 200 and body["teacher"] is False, body
    # a game plays through it: diego accepts, amy plays the first turn, diego sees it
    from logger_widget import Position

    status, body = _classgame(hub, _token(hub, "diego"), "POST", f"seeks/{seek}/accept")
    assert status == 200 and body["status"] == "started", body
    game = body["game"]
    status, state = _classgame(hub, _token(hub, "amy"), "GET", f"games/{game}")
    turn = next(iter(Position.from_lpn(state["lpn"]).legal_turns())).notation()
    status, body = _classgame(hub, _token(hub, "amy"), "POST", f"games/{game}/turns",
                              {"protocol": 1, "ply": 0, "turn": turn})  # fmt: skip
    assert status == 200, body
    status, state = _classgame(hub, _token(hub, "diego"), "GET", f"games/{game}")
    assert status == 200 and state["turns"] == [turn], state
    services = [p for p in psutil.process_iter(["cmdline", "cwd"])  # this hub's (other hubs may run one)
                if p.info["cmdline"] and "logger_widget.service" in p.info["cmdline"]
                and p.info["cwd"] == str(folder)]  # fmt: skip
    assert len(services) == 1, services
    pupils = {pwd.getpwnam(n).pw_uid for n in PUPILS} if os.geteuid() == 0 else set()
    for process in [services[0], *services[0].children(recursive=True)]:  # the service and its bot worker
        assert process.uids().real not in pupils, process
        assert not any("pupil" in part or "/homes/" in part for part in process.cmdline()), process.cmdline()
    if os.geteuid() != 0:  # not root: the service is the hub's user's, its database too
        assert database.stat().st_mode & 0o777 == 0o600 and database.stat().st_uid == os.geteuid()
        return
    # this class's own accounts (another class on the machine has its own pair)
    account, culler = pwd.getpwnam(service_account(hub.state)), pwd.getpwnam(culler_account(hub.state))
    assert account.pw_uid < 1000 and account.pw_shell == "/usr/sbin/nologin" and account.pw_dir == str(folder)
    for process in [services[0], *services[0].children(recursive=True)]:
        ids = _proc_ids(process.pid)
        assert ids["Uid"] == [account.pw_uid] * 4 and ids["Gid"] == [account.pw_gid] * 4, ids
        assert ids["Groups"] in ([], [account.pw_gid]), ids
    assert (folder.stat().st_uid, folder.stat().st_mode & 0o777) == (account.pw_uid, 0o700)
    assert (database.stat().st_uid, database.stat().st_mode & 0o777) == (account.pw_uid, 0o600)
    cullers = [p for p in psutil.Process(hub.process.pid).children()  # this hub's culler
               if "jupyterhub_idle_culler" in p.cmdline()]  # fmt: skip
    assert len(cullers) == 1 and _proc_ids(cullers[0].pid)["Uid"] == [culler.pw_uid] * 4, cullers
    # what the service's account may open: its own folder; not a pupil's home, not the hub's secrets
    probe = read_probe([
        str(hub.state / "homes" / "amy"),
        str(hub.state / "homes" / "amy" / "tutorial_en.ipynb"),
        str(hub.state / "jupyterhub_cookie_secret"),
        str(hub.state / "codes.json"),
        str(hub.state / "jupyterhub.sqlite"),
        str(database),
    ])  # fmt: skip
    seen = run_as(account, probe)
    assert seen.count("DENIED") == 5 and f"READ {database}" in seen, seen
    assert "READ" not in run_as(culler, probe), "the culler's account reads what it has no need of"


def _progress_code(lesson: str, other: str) -> str:
    """A pupil's kernel: solve ``lesson`` on a lesson board saving into the hub's progress, try to read ``other``'s."""
    return (
        "import json, os, pathlib, urllib.error, urllib.request\n"
        "from logger_widget.classroom.tutorial import lesson, LessonBoard\n"
        "from logger_widget.progress import Progress\n"
        "p = Progress.open()\n"
        "print('store', type(p._store).__name__, p.saving, p.problem)\n"
        f"board = LessonBoard({lesson!r}, 'en', progress=p, bot_mode='sync')\n"
        f"board.play(lesson({lesson!r}).solution)\n"
        "print('notice', board.view['notice']['kind'])\n"
        "print('again', sorted(Progress.open().lessons_done()))\n"
        "def get(path):\n"
        "    req = urllib.request.Request(os.environ['LW_CLASSGAME_URL'] + 'api/progress/' + path,\n"
        "        headers={'Authorization': 'token ' + os.environ['JUPYTERHUB_API_TOKEN']})\n"
        "    try:\n"
        "        with urllib.request.urlopen(req, timeout=60) as r:\n"
        "            return r.status\n"
        "    except urllib.error.HTTPError as e:\n"
        "        return e.code\n"
        f"print('other', get('pupils/{other}'), get('pupils'))\n"
        "print('local file', pathlib.Path('.logger_progress.sqlite').exists())\n"
    )


def test_two_pupils_progress_is_kept_by_the_service_the_teacher_sees_both_neither_sees_the_other(
    hub: Hub,
) -> None:
    """On the hub, a pupil's kernel saves progress through the class game service (never a file of its
    own, never the class database); each pupil reads only their own; the teacher reads both."""
    for name, lesson, other in (("amy", "plant", "diego"), ("diego", "chop", "amy")):
        hub.start(name)
        out = run_in_kernel(hub, name, _token(hub, name), _progress_code(lesson, other))
        assert out["error"] is None, out
        text = out["stdout"]
        assert "store ServiceProgressStore True None" in text, text
        assert "notice success" in text and f"again ['{lesson}']" in text, text
        assert "other 403 403" in text and "local file False" in text, text
    status, body = _classgame(hub, _token(hub, TEACHER), "GET", "progress/pupils")
    assert status == 200, body
    lessons = {p["pupil"]: {x["lesson"] for x in p["lessons"]} for p in body["pupils"]}
    assert lessons.get("amy") == {"plant"} and lessons.get("diego") == {"chop"}, lessons
    status, body = _classgame(hub, _token(hub, "olena"), "GET", "progress/me")
    assert status == 200 and body["pupil"] == "olena" and body["lessons"] == [], body


def test_the_pupils_environment_leaves_out_what_only_slows_each_servers_start(hub: Hub) -> None:
    """classsetup.LEFT_OUT: ``rfc3987-syntax`` (a CPU second of every server's start) is not in the
    pupils' environment, and their servers start without it."""
    from classsetup import LEFT_OUT

    for name in LEFT_OUT:
        assert not list(CLASS_ENV.glob(f"lib/python*/site-packages/{name.replace('-', '_')}*")), name
    hub.start("amy")


def test_a_pupils_kernel_sees_none_of_the_hubs_environment_and_its_tmp_is_capped(hub: Hub) -> None:
    """amy's kernel: no hub secret and no path of the hub's in its environment (env_keep), the package
    from the class's environment (not the repository on the hub's PYTHONPATH); /tmp and /var/tmp
    full at LW_TMP_SIZE."""
    if os.geteuid() != 0:
        pytest.fail("needs root: the hub creates the pupils' Unix accounts (CI and this machine run as root)")
    hub.start("amy")
    code = (
        "import errno, json, os\n"
        "import logger_widget\n"
        "print('ENV', json.dumps(dict(os.environ)))\n"
        "print('PACKAGE', logger_widget.__file__)\n"
        "for folder in ('/tmp', '/var/tmp'):\n"
        "    path = os.path.join(folder, 'amy-fill')\n"
        "    try:\n"
        "        with open(path, 'wb') as f:\n"
        f"            for _ in range({TMP_SIZE // 2**20 + 1}):\n"
        "                f.write(b'1' * 2**20)\n"
        "        print('UNCAPPED', folder)\n"
        "    except OSError as e:\n"
        "        print('full', folder, e.errno == errno.ENOSPC)\n"
        "    finally:\n"
        "        os.remove(path)\n"
    )
    out = run_in_kernel(hub, "amy", _token(hub, "amy"), code)
    assert (
        out["error"] is None and "full /tmp True" in out["stdout"] and "full /var/tmp True" in out["stdout"]
    ), out
    env = json.loads(out["stdout"].split("ENV ", 1)[1].splitlines()[0])
    leaked = {k: v for k, v in env.items() if HUB_SECRET in v or hub.token in v or k == "LW_API_TOKEN"}
    assert not leaked, leaked
    assert not {"PYTHONPATH", "VIRTUAL_ENV"} & set(env), sorted(env)
    package = out["stdout"].split("PACKAGE ", 1)[1].splitlines()[0]
    assert package.startswith(str(CLASS_ENV) + "/"), package
    # of the hub's LW_ settings only those the config hands to every server
    assert {k for k in env if k.startswith("LW_")} == {"LW_MEM_LIMIT", "LW_CLASSGAME_URL"}, sorted(env)


def test_the_teacher_cannot_change_the_autograding_config_nor_a_pupil_a_classmates_submission(
    hub: Hub,
) -> None:
    """The set-up's copy of the course's nbgrader config is root's; the exchange's inbound/ is sticky."""
    if os.geteuid() != 0:
        pytest.fail("needs root: the hub creates the pupils' Unix accounts (CI and this machine run as root)")
    from classsetup import COURSE_ID, role_config

    hub.start(TEACHER)  # its first start hands the exchange's course folder to the teacher
    config = role_config(CLASS_ENV, "teacher")
    code = (
        "import os\n"
        "print('config path', os.environ['JUPYTER_CONFIG_PATH'])\n"
        f"folder = {str(config)!r}\n"
        "attempts = {\n"
        "    'append': lambda: open(os.path.join(folder, 'course_config.py'), 'a').close(),\n"
        "    'replace': lambda: os.replace(os.path.join(folder, 'nbgrader_config.py'), os.path.join(folder, 'x.py')),\n"
        "    'remove': lambda: os.remove(os.path.join(folder, 'course_config.py')),\n"
        "    'add': lambda: open(os.path.join(folder, 'new.py'), 'x').close(),\n"
        "    'chmod': lambda: os.chmod(os.path.join(folder, 'course_config.py'), 0o666),\n"
        "}\n"
        "for name, attempt in attempts.items():\n"
        "    try:\n"
        "        attempt()\n"
        "        print('CHANGED', name)\n"
        "    except PermissionError:\n"
        "        print('refused', name)\n"
    )
    out = run_in_kernel(hub, TEACHER, _token(hub, TEACHER), code)
    assert out["error"] is None and f"config path {config}" in out["stdout"], out
    assert "CHANGED" not in out["stdout"] and out["stdout"].count("refused") == 5, out["stdout"]
    # amy submits (an entry named as nbgrader names one); diego knows its name and tries to take it away
    inbound = hub.state.parent / "exchange" / COURSE_ID / "inbound"
    entry = inbound / "amy+game_theory+2026-01-01 10:00:00.000000 UTC+0123456789abcdef"
    for name in ("amy", "diego"):
        hub.start(name)
    made = run_in_kernel(hub, "amy", _token(hub, "amy"), (
        "import os\n"
        f"os.mkdir({str(entry)!r}); os.chmod({str(entry)!r}, 0o755)\n"  # as nbgrader's submit leaves it
        f"open(os.path.join({str(entry)!r}, 'a.ipynb'), 'w').close()\n"
        f"open({str(entry)!r} + '.txt', 'w').close()\n"  # an entry that is a file
    ))  # fmt: skip
    assert made["error"] is None and entry.is_dir(), made
    code = (
        "import os, shutil\n"
        f"entry = {str(entry)!r}\n"
        "attempts = {\n"
        "    'rename': lambda: os.rename(entry, entry.replace('amy+', 'diego+')),\n"
        "    'remove a file': lambda: os.remove(entry + '.txt'),\n"
        "    'rename a file': lambda: os.rename(entry + '.txt', entry + '.old'),\n"
        "}\n"
        "for name, attempt in attempts.items():\n"
        "    try:\n"
        "        attempt()\n"
        "        print('TAKEN', name)\n"
        "    except PermissionError:\n"
        "        print('refused', name)\n"
    )
    out = run_in_kernel(hub, "diego", _token(hub, "diego"), code)
    assert out["error"] is None and "TAKEN" not in out["stdout"] and out["stdout"].count("refused") == 3, out
    assert (entry / "a.ipynb").exists() and Path(f"{entry}.txt").exists()
    assert entry.stat().st_uid == pwd.getpwnam("amy").pw_uid
    shutil.rmtree(entry)
    Path(f"{entry}.txt").unlink()


def test_the_hub_its_proxy_services_and_every_server_listen_on_127_0_0_1_only(hub: Hub) -> None:
    """Every listening TCP socket of the hub's process tree (proxy, services, servers, kernels) is loopback."""
    import psutil

    for name in ("amy", TEACHER):
        hub.start(name)
    run_in_kernel(hub, "amy", _token(hub, "amy"), "print(1)")  # a kernel's sockets too, while it runs
    tree = psutil.Process(hub.process.pid)
    listening = set()
    for process in [tree, *tree.children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess):
            for conn in process.net_connections(kind="inet"):
                if conn.status == psutil.CONN_LISTEN:
                    listening.add((process.name(), conn.laddr.ip, conn.laddr.port))
    port = int(hub.url.rsplit(":", 1)[1].strip("/"))
    assert any(p == port for _, _, p in listening), listening  # the proxy's public port is among them
    assert len({p for _, _, p in listening}) >= 5, listening  # proxy, its API, the hub, the service, servers
    assert {ip for _, ip, _ in listening} <= {"127.0.0.1", "::1"}, listening

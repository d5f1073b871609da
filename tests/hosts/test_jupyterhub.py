"""JupyterHub for a class (deploy/jupyterhub): who may log in, and who may open which server.

The hub runs on 127.0.0.1 with the project's config, configurable-http-proxy from npm
(scripts/proxy.sh), a temporary state folder and a class list of three pupils; every
process is stopped at the end. Slow (a single-user server and its kernel start).
"""

from __future__ import annotations

import json
import os
import pwd
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hubkit import Hub, HubError, pupil_token, run_in_kernel, running_hub

pytestmark = pytest.mark.slow

PUPILS = {"olena": "uk", "diego": "es", "amy": "en"}
TEACHER = "teacher"
MEM_LIMIT = 768 * 2**20  # bytes, each pupil's cap (LW_MEM_LIMIT)


def _password(name: str) -> str:
    return f"{name}-secret"


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    pytest.importorskip("jupyterhub")
    pytest.importorskip("firstuseauthenticator")
    try:
        with running_hub(PUPILS, TEACHER, MEM_LIMIT) as hub:
            yield hub
    except HubError as e:
        pytest.fail(str(e))


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
    hub.start("diego")
    # the home was seeded with diego's notebooks, in Spanish
    assert (hub.state / "homes" / "diego" / "tutorial_es.ipynb").exists()
    assert not (hub.state / "homes" / "diego" / "tutorial_uk.ipynb").exists()

    diego = hub.session()
    assert diego.login("diego", "diego-secret") == 302
    status, _ = diego.get("user/diego/files/tutorial_es.ipynb")
    if status == 302:  # the single-user server's OAuth round trip
        status = diego.follow("user/diego/files/tutorial_es.ipynb")
    assert status == 200

    olena = hub.session()
    assert olena.login("olena", "olena-secret") == 302
    status = olena.follow("user/diego/files/tutorial_es.ipynb")
    assert status in (403, 404), f"olena reached diego's server (HTTP {status})"
    # the teacher (an admin) sees the running server
    servers = {u["name"]: u["servers"] for u in hub.api("GET", "users")}
    assert servers["diego"].get("", {}).get("ready")


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
    own = {
        p.relative_to(hub.state / "jit-homes" / name): p.stat().st_mtime
        for p in (hub.state / "jit-homes" / name).rglob("*.nb*")
    }
    assert own == shared, f"{name}'s kernel compiled again instead of loading the class's copy"
    elsewhere = list((hub.state / "homes" / name).rglob("*.nbi"))
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
    page.fill("#password_input", f"{TEACHER}-secret")
    page.click("#login_submit")
    page.wait_for_url("**/hub/admin*")
    rows = page.locator("tr.user-row")
    rows.filter(has_text=TEACHER).wait_for()
    for name in PUPILS:  # a running server has a Stop button
        row = rows.filter(has=page.locator("[data-testid=user-row-name]", has_text=name))
        row.locator(".stop-button", has_text="Stop Server").wait_for()
    teacher_row = rows.filter(has=page.locator("[data-testid=user-row-name]", has_text=TEACHER))
    assert teacher_row.locator(".stop-button", has_text="Stop Server").count() == 0  # no server of their own
    # (the page shows "Access Server" too; with admin_access = False the hub refuses it)
    page.screenshot(path=str(screenshots / "hosts-hub-teacher-admin.png"))
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
    code = (
        "import os, pathlib\n"
        "print('uid', os.getuid(), 'home', os.environ['HOME'])\n"
        "try:\n"
        f"    pathlib.Path({str(diego_home / 'tutorial_es.ipynb')!r}).read_text()\n"
        "    print('READ')\n"
        "except PermissionError:\n"
        "    print('DENIED')\n"
    )
    out = run_in_kernel(hub, "amy", pupil_token(hub, "amy", _password("amy")), code)
    assert out["error"] is None, out
    assert f"uid {pwd.getpwnam('amy').pw_uid} home {hub.state / 'homes' / 'amy'}" in out["stdout"], out
    assert "DENIED" in out["stdout"] and "READ" not in out["stdout"], out


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
        pupil_token(hub, "amy", _password("amy")),
        f"x = b'1' * {2 * MEM_LIMIT}\nprint('survived')",
    )
    assert "survived" not in out["stdout"], out
    assert "restarting" in out["states"] or "dead" in out["states"], out
    assert cgroup.oom_kills() > kills
    # the hub, amy's own server and diego carry on
    assert hub.ready("amy")
    assert (
        run_in_kernel(hub, "amy", pupil_token(hub, "amy", _password("amy")), "print(6 * 7)")["stdout"].strip()
        == "42"
    )
    assert (
        run_in_kernel(hub, "diego", pupil_token(hub, "diego", _password("diego")), "print(6 * 7)")[
            "stdout"
        ].strip()
        == "42"
    )
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
    jit = hub.state / "jit-homes" / "amy"
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
    out = run_in_kernel(hub, "amy", pupil_token(hub, "amy", _password("amy")), code)
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

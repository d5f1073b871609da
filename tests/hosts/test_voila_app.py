"""The Voilà play page as a teacher serves it (``bash scripts/voila.sh``), driven in Chromium.

A pupil's closed or refreshed tab must not leave its kernel running (each is ~200 MB), a tab that
stays open keeps its kernel and its game, and with Voilà's pre-heated kernels each page still comes
in the language of its address (``?lang=``).
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import browser_fixtures as e2e
import pytest
from hostkit import REPO, ROOT, play_first_turn, wait_ready
from portkit import free_port

#: The culler's settings for the test (scripts/voila.sh: 60 s idle, checked every 10 s). Not
#: shorter: a page still loading on a loaded machine has no connection yet, and would be culled.
CULL = {"CULL_IDLE_TIMEOUT": "15", "CULL_INTERVAL": "3"}
#: Opens and closes, and refreshes, of the play page.
CYCLES = 20


class Voila:
    def __init__(self, url: str, process: subprocess.Popen[bytes]) -> None:
        self.url, self.process = url, process

    def kernels(self) -> list[int]:
        """Process ids of the kernels Voilà runs (its ipykernel children)."""
        found = []
        for task in Path(f"/proc/{self.process.pid}/task").iterdir():
            for pid in (task / "children").read_text().split():
                try:
                    cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
                except OSError:
                    continue
                if b"ipykernel" in cmdline:
                    found.append(int(pid))
        return found


def _serve(tmp_path: Path, *args: str, **env: str) -> Iterator[Voila]:
    port = free_port()
    log = open(tmp_path / "voila.log", "wb")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        ["bash", str(REPO / "scripts" / "voila.sh"), "--port", str(port), *args],
        env=dict(os.environ, **CULL, **env),
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 240
        while True:  # the port answers (a GET of the page would start a kernel)
            assert process.poll() is None, (tmp_path / "voila.log").read_text()
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert time.monotonic() < deadline, (tmp_path / "voila.log").read_text()
            time.sleep(0.5)
        yield Voila(f"http://127.0.0.1:{port}/", process)
    finally:
        e2e._stop(process)
        log.close()


@pytest.fixture()
def voila(tmp_path: Path) -> Iterator[Voila]:
    yield from _serve(tmp_path)


@pytest.fixture()
def culling_open_tabs(tmp_path: Path) -> Iterator[Voila]:
    yield from _serve(tmp_path, CULL_CONNECTED="True")


@pytest.fixture()
def preheated(tmp_path: Path) -> Iterator[Voila]:
    yield from _serve(tmp_path, "--preheat_kernel=True", "--pool_size=1")


def test_closed_and_refreshed_tabs_leave_no_kernel_the_open_tab_keeps_its_own(
    page: Any, voila: Voila
) -> None:
    """Before: every close and refresh left its kernel running until the server stopped (21 after 20)."""
    page.goto(voila.url + "?lang=en")
    wait_ready(page.locator(ROOT))
    for i in range(CYCLES):
        if i % 2:
            page.reload()
            wait_ready(page.locator(ROOT))
        else:
            tab = page.context.new_page()
            tab.goto(voila.url + "?lang=es")
            wait_ready(tab.locator(ROOT))
            tab.close()
    # the culler's bound: idle timeout + two check intervals, with room for a loaded machine
    deadline = time.monotonic() + int(CULL["CULL_IDLE_TIMEOUT"]) + 2 * int(CULL["CULL_INTERVAL"]) + 60
    while len(voila.kernels()) > 1:
        assert time.monotonic() < deadline, f"{len(voila.kernels())} kernels for 1 open tab"
        time.sleep(1)
    time.sleep(2 * int(CULL["CULL_IDLE_TIMEOUT"]))  # idle, but connected: the open tab is never culled
    assert len(voila.kernels()) == 1
    play_first_turn(page.locator(ROOT))  # its kernel is there and plays


@pytest.mark.parametrize("language", ["uk", "es"])
def test_preheated_kernels_serve_the_language_of_the_address(
    page: Any, preheated: Voila, language: str
) -> None:
    """Before: a pre-heated kernel ran the notebook before the request; every page came in English."""
    page.goto(preheated.url + f"?lang={language}")
    board = page.locator(ROOT)
    wait_ready(board)
    assert board.get_attribute("lang") == language
    assert page.locator("h1.lw-app-title").get_attribute("lang") == language


def test_a_pupil_who_only_clicks_is_not_culled(page: Any, culling_open_tabs: Voila) -> None:
    """Even a culler that stops idle open tabs leaves a clicking pupil alone: the board's clicks
    are kernel activity (no cell runs). Once the clicks stop, the kernel goes."""
    voila = culling_open_tabs
    page.goto(voila.url + "?lang=uk")
    board = page.locator(ROOT)
    wait_ready(board)
    (kernel,) = voila.kernels()
    cell = board.locator("[data-cell][tabindex='0']").get_attribute("data-cell")  # a cell that can be chosen
    idle = int(CULL["CULL_IDLE_TIMEOUT"])
    end = time.monotonic() + 3 * idle + 2 * int(CULL["CULL_INTERVAL"])
    while time.monotonic() < end:  # choose the cell, and back: two intents, no cell run
        for action in (
            lambda: board.locator(f"[data-cell={cell}]").click(),
            lambda: page.keyboard.press("Escape"),
        ):
            v = int(board.get_attribute("data-version") or 0)
            action()
            page.wait_for_function(
                "v => Number(document.querySelector('.lw-board')?.dataset.version) > v", arg=v
            )
        time.sleep(idle / 3)
    assert voila.kernels() == [kernel]
    deadline = time.monotonic() + idle + 2 * int(CULL["CULL_INTERVAL"]) + 60
    while voila.kernels():  # no more clicks: the culler is on, and takes it
        assert time.monotonic() < deadline, "the idle open tab was not culled"
        time.sleep(1)


def test_the_play_page_needs_no_internet(page: Any, voila: Voila) -> None:
    """Every request that does not go to the Voilà server is refused (a school network without Internet):
    the page asks for nothing outside (Voilà's lab template linked Font Awesome from a CDN) and no request fails."""
    outside: list[str] = []
    failed: list[str] = []

    def only_loopback(route: Any) -> None:
        if route.request.url.startswith(voila.url) or route.request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort("blockedbyclient")

    page.context.route("**/*", only_loopback)
    page.on("requestfailed", lambda r: failed.append(f"{r.url} {r.failure}"))
    page.goto(voila.url + "?lang=uk")
    board = page.locator(ROOT)
    wait_ready(board)
    play_first_turn(board)
    assert outside == [], f"the page asked outside the server: {outside}"
    assert failed == [], failed

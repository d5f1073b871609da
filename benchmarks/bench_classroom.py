"""A class on one machine: login → playable, a class logging in at once, click → redraw, memory per pupil.

Usage (as root, like the classroom; needs the project's environment, Chromium and npm)::

    python benchmarks/bench_classroom.py --json [--pupils 10] [--clicks 20] [--mem-limit-mb 768]

Sets the class up (``deploy/jupyterhub/classsetup.py``: codes, the pupils' environment) and
starts its hub (the pupils' own Unix accounts, home disks, private /tmp and /dev/shm, one
memory cgroup each, capped at ``--mem-limit-mb``) for ``N + 1`` pupils, the class's compiled
kernel built at the hub's start; then:

1. **login → playable**, one pupil on an otherwise idle hub: in Chromium, the first login (the
   code from the class sheet and a new password) with ``next`` = their
   ``play_vs_bots_<lang>.ipynb``, from submitting the form until that notebook, opened and run
   (Run All), shows a board that has received its first view;
2. **N pupils at once** (threads): each logs in with their code, their server is started through
   the hub and a kernel with one board (``Board(players=["human", "mcts:easy"], locale=...)``)
   is run with the pupil's own token; the time from login to board per pupil (median, max) and
   for the whole class; a spawn past ``Spawner.start_timeout`` (180 s) fails the run;
3. **click → redraw** in the first pupil's JupyterLab: a human-vs-human board on a position where
   every click on the mover's logger is a whole turn (``tests/e2e/test_latency_e2e.py``),
   ``--clicks`` real mouse clicks; the time from the click event to the frame after the
   board's next view (page-side instrumentation, as in the JupyterLab latency test);
4. **memory per pupil** with one board: each pupil's cgroup ``memory.usage_in_bytes`` (v2:
   ``memory.current``: server + kernel, page cache charged to it included) and the RSS
   (psutil) of the processes in it.

Prints one JSON line (``--json``) with the figures and the 1-minute load averages along the run
(the machine is shared: report them with the figures); details go to stderr.
The figures and the capacity planning built on them are in ``docs/classroom.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
for sub in ("tests", "tests/e2e", "tests/hosts", "deploy/jupyterhub"):
    sys.path.insert(0, str(REPO / sub))

from board_helpers import _INSTRUMENT, ROOT, click_at_and_wait  # noqa: E402
from browser_fixtures import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from hostkit import run_all_cells, wait_ready  # noqa: E402
from hubkit import Hub, Kernel, pupil_token, running_hub  # noqa: E402
from test_latency_e2e import _GAME, WALLED, _measure  # noqa: E402

LANGUAGES = ("uk", "es", "en")
BOARD = "from logger_widget import Board\nboard = Board(players=['human', 'mcts:easy'], locale={lang!r})\ndisplay(board)\nprint('board')"


def log(*args: Any) -> None:
    print(*args, file=sys.stderr, flush=True)


def _password(name: str) -> str:
    return f"{name}-pw-1"


class PupilLab:
    """``write_notebook`` of the JupyterLab fixture, for a pupil's server behind the hub."""

    def __init__(self, hub: Hub, name: str, token: str) -> None:
        self.url = f"{hub.url}user/{name}/"
        self.headers = {"Authorization": f"token {token}", "Content-Type": "application/json"}

    def write_notebook(self, name: str, *sources: str) -> str:
        cells = [
            {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": s}
            for s in sources
        ]
        nb = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
              "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}  # fmt: skip
        body = json.dumps({"type": "notebook", "format": "json", "content": nb}).encode()
        req = urllib.request.Request(
            f"{self.url}api/contents/{name}", data=body, method="PUT", headers=self.headers
        )
        urllib.request.urlopen(req, timeout=60).close()
        return f"{self.url}lab/tree/{name}?reset"


def memory(hub: Hub, name: str) -> dict[str, float]:
    """MB charged to the pupil's cgroup, and RSS of the processes in it."""
    import psutil

    cgroup = hub.cgroup(name)
    if cgroup is None:
        raise SystemExit(f"{name}'s server is in no memory cgroup (run as root; see the hub's log {hub.log})")
    rss = 0
    for pid in cgroup.pids():
        try:
            rss += psutil.Process(pid).memory_info().rss
        except psutil.NoSuchProcess:
            continue
    return {"cgroup_mb": round(cgroup.usage() / 2**20), "rss_mb": round(rss / 2**20)}


def first_login(hub: Hub, name: str) -> str:
    """``name`` logs in with the code from the class sheet, choosing their password; their API token."""
    session = hub.session()
    status = session.login(name, hub.codes[name], new_password=_password(name))
    if status != 302:
        raise RuntimeError(f"{name}'s first login with their code failed (HTTP {status})")
    return str(session.post_json(f"hub/api/users/{name}/tokens", {"note": "bench"})["token"])


def login_spawn_board(hub: Hub, name: str, language: str) -> tuple[float, Kernel]:
    """One pupil of the crowd: first login, server started, a kernel with one board; seconds taken."""
    t0 = time.perf_counter()
    token = first_login(hub, name)
    hub.start(name)  # the spawn (LocalProcessSpawner.start_timeout: 180 s)
    kernel = Kernel(hub, name, token)
    out = kernel.run(BOARD.format(lang=language))
    if "board" not in out["stdout"]:
        raise RuntimeError(f"{name}'s board did not start: {out}")
    return time.perf_counter() - t0, kernel


def run(pupils: int, clicks: int, mem_limit_mb: int, screenshot: Path | None) -> dict[str, Any]:
    from concurrent.futures import ThreadPoolExecutor

    from playwright.sync_api import sync_playwright

    names = {f"p{i:02d}": LANGUAGES[i % 3] for i in range(1, pupils + 2)}
    first, *crowd = names
    figures: dict[str, Any] = {
        "pupils": pupils,
        "cores": os.cpu_count(),
        "load_avg_start": os.getloadavg()[0],
    }
    with running_hub(names, "teacher", mem_limit_mb * 2**20) as hub, sync_playwright() as pw:
        figures["load_avg_hub_ready"] = os.getloadavg()[0]
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        page.set_default_timeout(240_000)
        # 1. one pupil on an otherwise idle hub: the first login through the form (code + own password)
        lang = names[first]
        target = f"/hub/user-redirect/lab/tree/play_vs_bots_{lang}.ipynb"
        page.goto(f"{hub.url}hub/login?next={urllib.parse.quote(target)}")
        page.fill("#username_input", first)
        page.fill("#password_input", hub.codes[first])
        page.fill("#new_password_input", _password(first))
        t0 = time.perf_counter()
        page.click("#login_submit")
        page.wait_for_url(f"**/user/{first}/lab/tree/play_vs_bots_{lang}.ipynb*", timeout=300_000)
        run_all_cells(page)
        wait_ready(page.locator(ROOT).first, timeout=300_000)
        figures["login_to_playable_s"] = round(time.perf_counter() - t0, 1)
        log(f"{first}: login → playable {figures['login_to_playable_s']} s; load {os.getloadavg()[0]:.1f}")
        # 2. the class logs in at once: first login, spawn, a kernel with one board each
        figures["load_avg_before_crowd"] = os.getloadavg()[0]
        t0 = time.perf_counter()
        with ThreadPoolExecutor(len(crowd)) as pool:
            done = list(pool.map(lambda n: login_spawn_board(hub, n, names[n]), crowd))
        figures["crowd_all_playable_s"] = round(time.perf_counter() - t0, 1)
        each = [t for t, _ in done]
        kernels = [k for _, k in done]
        figures["crowd_login_to_board_s"] = {
            "median": round(statistics.median(each), 1), "max": round(max(each), 1),
        }  # fmt: skip
        figures["load_avg_after_crowd"] = os.getloadavg()[0]
        log(f"{len(crowd)} pupils at once: {figures['crowd_login_to_board_s']}")
        # 3. click → redraw in the first pupil's JupyterLab, the others' servers running
        token = pupil_token(hub, first, _password(first))
        # (open_board's shortcuts need JupyterLab's expose_app_in_browser; a pupil's server
        # has the plain JupyterLab, so the notebook is run from the menu as the pupil would)
        page.goto(
            PupilLab(hub, first, token).write_notebook("latency.ipynb", _GAME.format(lpn=WALLED, turns=10))
        )
        run_all_cells(page)
        wait_ready(page.locator(ROOT).first, timeout=300_000)
        page.evaluate(_INSTRUMENT)
        click_at_and_wait(page, f"{ROOT} [data-cell=c3]")  # warm up (a refused click)
        figures["click_to_redraw"] = _measure(page, clicks)
        log(f"{first}: click → redraw {figures['click_to_redraw']}")
        if screenshot is not None:
            page.screenshot(path=str(screenshot))
        per = {name: memory(hub, name) for name in crowd}
        figures["memory_first_pupil_two_boards"] = memory(hub, first)  # play notebook + latency board
        browser.close()
        cg = [m["cgroup_mb"] for m in per.values()]
        rss = [m["rss_mb"] for m in per.values()]
        figures["memory_per_pupil_mb"] = {
            "cgroup_median": statistics.median(cg), "cgroup_max": max(cg),
            "rss_median": statistics.median(rss), "rss_max": max(rss),
        }  # fmt: skip
        figures["memory_all_pupils_mb"] = sum(cg) + figures["memory_first_pupil_two_boards"]["cgroup_mb"]
        figures["load_avg_end"] = os.getloadavg()[0]
        for kernel in kernels:
            kernel.shutdown()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pupils", type=int, default=10, help="pupils logging in at once (default 10)")
    parser.add_argument("--clicks", type=int, default=20, help="clicks measured (default 20)")
    parser.add_argument("--mem-limit-mb", type=int, default=768, help="each pupil's memory cap (default 768)")
    parser.add_argument("--screenshot", type=Path, default=None, help="save the last pupil's page here")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    args = parser.parse_args()
    if args.pupils < 1:
        parser.error(f"--pupils must be at least 1, got {args.pupils}")
    if os.geteuid() != 0:
        parser.error("run as root: the classroom gives each pupil a Unix account and a memory cgroup")
    figures = run(args.pupils, args.clicks, args.mem_limit_mb, args.screenshot)
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()

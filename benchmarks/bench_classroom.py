"""A class on one machine: memory per pupil, login → playable, click → redraw with N pupil servers.

Usage (as root, like the classroom; needs the project's environment, Chromium and npm)::

    python benchmarks/bench_classroom.py --json [--pupils 10] [--clicks 20] [--mem-limit-mb 768]

Starts the JupyterHub classroom (``deploy/jupyterhub``: the pupils' own Unix accounts, one
memory cgroup each, capped at ``--mem-limit-mb``) for ``N`` pupils, then:

1. pupils 1..N-1: the server is started through the hub's API, then one kernel with one board
   (``Board(players=["human", "mcts:easy"], locale=...)``, the play notebook's cell), run
   through the Jupyter kernel API with the pupil's own token;
2. pupil N logs in through Chromium with ``next`` = their ``play_vs_bots_<lang>.ipynb``:
   **login → playable** is from submitting the login form until that notebook, opened and run
   (Run All), shows a board that has received its first view;
3. **click → redraw** in pupil N's JupyterLab: a human-vs-human board on a position where
   every click on the mover's logger is a whole turn (``tests/e2e/test_latency_e2e.py``),
   ``--clicks`` real mouse clicks; the time from the click event to the frame after the
   board's next view (page-side instrumentation, as in the JupyterLab latency test);
4. **memory per pupil** with one board: each pupil's cgroup ``memory.usage_in_bytes`` (v2:
   ``memory.current``: server + kernel, page cache charged to it included) and the RSS
   (psutil) of the processes in it, after the board is drawn.

Prints one JSON line (``--json``) with the figures and the 1-minute load average at start
and end (the machine is shared: report it with the figures); details go to stderr.
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


def run(pupils: int, clicks: int, mem_limit_mb: int, screenshot: Path | None) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    names = {f"p{i:02d}": LANGUAGES[i % 3] for i in range(1, pupils + 1)}
    figures: dict[str, Any] = {
        "pupils": pupils,
        "cores": os.cpu_count(),
        "load_avg_start": os.getloadavg()[0],
    }
    with running_hub(names, "teacher", mem_limit_mb * 2**20) as hub:
        *others, last = names
        spawn: list[float] = []
        kernels: list[Kernel] = []
        for name in others:  # N-1 pupils with a kernel and one board each
            t0 = time.perf_counter()
            hub.start(name)
            spawn.append(time.perf_counter() - t0)
            kernel = Kernel(hub, name, pupil_token(hub, name, _password(name)))
            out = kernel.run(BOARD.format(lang=names[name]))
            if "board" not in out["stdout"]:
                raise RuntimeError(f"{name}'s board did not start: {out}")
            kernels.append(kernel)
            log(f"{name}: server in {spawn[-1]:.1f} s, board made; load {os.getloadavg()[0]:.1f}")
        figures["server_start_s"] = {
            "median": round(statistics.median(spawn), 1),
            "max": round(max(spawn), 1),
        }
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            page.set_default_timeout(240_000)
            lang = names[last]
            target = f"/hub/user-redirect/lab/tree/play_vs_bots_{lang}.ipynb"
            page.goto(f"{hub.url}hub/login?next={urllib.parse.quote(target)}")
            page.fill("#username_input", last)
            page.fill("#password_input", _password(last))
            t0 = time.perf_counter()
            page.click("#login_submit")
            page.wait_for_url(f"**/user/{last}/lab/tree/play_vs_bots_{lang}.ipynb*", timeout=300_000)
            run_all_cells(page)
            wait_ready(page.locator(ROOT).first, timeout=300_000)
            figures["login_to_playable_s"] = round(time.perf_counter() - t0, 1)
            log(f"{last}: login → playable {figures['login_to_playable_s']} s")
            token = pupil_token(hub, last, _password(last))
            # (open_board's shortcuts need JupyterLab's expose_app_in_browser; a pupil's server
            # has the plain JupyterLab, so the notebook is run from the menu as the pupil would)
            page.goto(
                PupilLab(hub, last, token).write_notebook("latency.ipynb", _GAME.format(lpn=WALLED, turns=10))
            )
            run_all_cells(page)
            wait_ready(page.locator(ROOT).first, timeout=300_000)
            page.evaluate(_INSTRUMENT)
            click_at_and_wait(page, f"{ROOT} [data-cell=c3]")  # warm up (a refused click)
            figures["click_to_redraw"] = _measure(page, clicks)
            log(f"{last}: click → redraw {figures['click_to_redraw']}")
            if screenshot is not None:
                page.screenshot(path=str(screenshot))
            per = {name: memory(hub, name) for name in others}
            figures["memory_last_pupil_two_boards"] = memory(hub, last)  # play notebook + latency board
            browser.close()
        cg = [m["cgroup_mb"] for m in per.values()]
        rss = [m["rss_mb"] for m in per.values()]
        figures["memory_per_pupil_mb"] = {
            "cgroup_median": statistics.median(cg), "cgroup_max": max(cg),
            "rss_median": statistics.median(rss), "rss_max": max(rss),
        }  # fmt: skip
        figures["memory_all_pupils_mb"] = sum(cg) + figures["memory_last_pupil_two_boards"]["cgroup_mb"]
        figures["load_avg_end"] = os.getloadavg()[0]
        for kernel in kernels:
            kernel.shutdown()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pupils", type=int, default=10, help="pupil servers to run (default 10)")
    parser.add_argument("--clicks", type=int, default=20, help="clicks measured (default 20)")
    parser.add_argument("--mem-limit-mb", type=int, default=768, help="each pupil's memory cap (default 768)")
    parser.add_argument("--screenshot", type=Path, default=None, help="save the last pupil's page here")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    args = parser.parse_args()
    if args.pupils < 2:
        parser.error(f"--pupils must be at least 2, got {args.pupils}")
    if os.geteuid() != 0:
        parser.error("run as root: the classroom gives each pupil a Unix account and a memory cgroup")
    figures = run(args.pupils, args.clicks, args.mem_limit_mb, args.screenshot)
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()

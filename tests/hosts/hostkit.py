"""Helpers for the hosts' browser tests: act on ONE board (a Playwright locator of its root)."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path
from typing import Any

try:  # re-exported: the shared server/browser module and its _stop
    import browser_fixtures as e2e  # noqa: F401
except ModuleNotFoundError:  # imported as tests.hosts.hostkit (python -m benchmarks.bench_classroom)
    from tests import browser_fixtures as e2e  # noqa: F401

from logger_widget import Position

REPO = Path(__file__).resolve().parents[2]

KERNEL_TIMEOUT_MS = 180_000  # first kernel start + first widget render on a loaded 2-core machine
ROOT = ".lw-board"
#: The first turn of a 2-player game that the tests play by clicking: move a1→a3, plant on b3.
FIRST_TURN = "a1-a3 *b3"


def copy_notebooks(root: Path, *names: str) -> None:
    """Copy committed notebooks (``notebooks/<name>``) into a server's root folder."""
    for name in names:
        shutil.copy(REPO / "notebooks" / name, root / name)


def version(board: Any) -> int:
    return int(board.get_attribute("data-version") or 0)


def wait_ready(board: Any, timeout: float = KERNEL_TIMEOUT_MS) -> None:
    """Wait until the board has received a view from the kernel."""
    board.wait_for(state="attached", timeout=timeout)
    board.page.wait_for_function(
        "el => Number(el.dataset.version) > 0", arg=board.element_handle(), timeout=timeout
    )


def click_and_wait(board: Any, selector: str, timeout: float = 60_000) -> float:
    """A real mouse click inside ``board``; wait for the next view. Return seconds click → redraw."""
    v0 = version(board)
    t0 = time.perf_counter()
    board.locator(selector).click()
    board.page.wait_for_function(
        "([el, v]) => Number(el.dataset.version) > v", arg=[board.element_handle(), v0], timeout=timeout
    )
    return time.perf_counter() - t0


def lpn(board: Any) -> str:
    return str(board.locator("[data-testid=lpn]").input_value())


def play_first_turn(board: Any) -> list[float]:
    """Play :data:`FIRST_TURN` on a fresh 2-player board by clicks; check the position; return latencies.

    The plant is the only action after that move, so the board chooses it itself
    and the second click plants.
    """
    start = Position.initial(2)
    assert lpn(board) == start.to_lpn(), "the board is not at the start of a 2-player game"
    board.page.wait_for_function(
        "el => el.dataset.interactive === 'true' && el.dataset.toMove === '1'",
        arg=board.element_handle(),
        timeout=60_000,
    )
    lat = [click_and_wait(board, "[data-cell=a3]"), click_and_wait(board, "[data-cell=b3]")]
    after = start.play(FIRST_TURN).to_lpn()
    # the bot may already be replying: our turn is the first of the record either way
    first = board.locator("[data-testid=history] li").first
    first.wait_for(timeout=30_000)
    assert "a1-a3" in first.inner_text() and "b3" in first.inner_text(), first.inner_text()
    assert lpn(board) == after or board.locator("[data-testid=history] li").count() >= 2
    return lat


def watch_errors(page: Any) -> list[str]:
    """Collect the page's uncaught errors, except those thrown inside the host's own bundles.

    Notebook 7.6 throws ``Cannot read properties of undefined (reading 'schema')`` from its
    ``notebook_core`` bundle when a notebook opens, with no widget on the page (seen
    with a plain notebook); such host errors are not the board's. Everything else counts.
    """
    errors: list[str] = []

    def record(e: Any) -> None:
        stack = getattr(e, "stack", None) or ""
        frames = [line.strip() for line in stack.splitlines() if line.strip().startswith("at ")]
        if frames and "/static/notebook/notebook_core" in frames[0]:
            return
        errors.append(f"{e}\n{stack}")

    page.on("pageerror", record)
    return errors


#: the title of JupyterLab's "Select Kernel" dialog in English and its uk-UA and es-ES language packs
SELECT_KERNEL = re.compile("Select Kernel|Вибрати ядро|Seleccione Kernel")
#: the menu item "Run All Cells" in English and the uk-UA and es-ES language packs (Lumino's menu
#: items carry no command name in the page)
RUN_ALL_LABEL = re.compile("^(Run All Cells|Запустити всі клітинки|Ejecutar todas las celdas)$")
RUN_ALL = ".lm-Menu-item:not(.lm-mod-disabled) .lm-Menu-itemLabel"


def _open_menu_with(page: Any, item: Any) -> None:
    """Open the menu bar's menu that holds ``item`` (a locator): each menu in turn, as a pupil who
    does not know where it is would (the labels are JupyterLab's language, e.g. «Запустити»)."""
    labels = page.locator(".lm-MenuBar-itemLabel")
    labels.first.wait_for()
    for index in range(labels.count()):
        labels.nth(index).click()
        if item.count():
            return
        page.keyboard.press("Escape")
    raise AssertionError(f"no menu of the menu bar holds {item}")


def run_all_cells(page: Any, timeout: float = 240_000, ready: str = ROOT) -> None:
    """Run → Run All Cells from the menu bar (JupyterLab and Notebook 7) once the kernel is idle.

    Clicked too early (the notebook still loading), the command does nothing: then it is
    clicked again, up to three times, until a board (or what ``ready`` selects) appears.
    """
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=timeout)
    for _attempt in range(4):
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status=idle]", timeout=timeout)
        _accept_kernel_choice(page)
        page.keyboard.press("Escape")  # close a toast or a menu that may be open
        run_all = page.locator(RUN_ALL, has_text=RUN_ALL_LABEL)
        _open_menu_with(page, run_all)
        run_all.first.click()
        try:  # a board, or JupyterLab asking which kernel (then Run All again)
            page.wait_for_selector(f"{ready}, .jp-Dialog", state="attached", timeout=60_000)
        except Exception:  # noqa: BLE001 - playwright's TimeoutError: try again
            _fail_on_dialog(page)
            continue
        if page.locator(ready).count():
            return
        if not _accept_kernel_choice(page):
            _fail_on_dialog(page)
    raise AssertionError("Run All Cells did not start the notebook")


def _accept_kernel_choice(page: Any) -> bool:
    """Accept JupyterLab's "Select Kernel" dialogs with the kernel each proposes (the notebook's own).

    On a loaded machine JupyterLab sometimes opens a notebook in several sessions at once (the
    server's log shows the POSTs) and asks for a kernel once for each; pressing Escape there
    leaves the notebook with no kernel, and Run All asks again. A pupil presses "Select" on each;
    so does this, then reloads the page if they keep coming. True if there was a dialog.
    """
    dialogs = page.locator(".jp-Dialog", has_text=SELECT_KERNEL)
    if not dialogs.count():
        return False
    for _ in range(10):
        if not dialogs.count():
            return True
        dialogs.first.locator(".jp-mod-accept").click()
        page.wait_for_timeout(1000)
    page.reload()
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=120_000)
    return True


def _fail_on_dialog(page: Any) -> None:
    """A JupyterLab dialog (e.g. "Kernel Restarting": the kernel died) fails the test with its text.

    Left open, it would catch every later click until a timeout that does not say why.
    """
    dialog = page.locator(".jp-Dialog")
    if dialog.count():
        raise AssertionError(f"JupyterLab shows a dialog: {dialog.first.inner_text()!r}")

"""Helpers of the browser tests: open a board in JupyterLab, click like a pupil, wait for redraws.

Every board root carries ``data-version`` (changes on every new view), ``data-stage``,
``data-to-move``, ``data-interactive`` and ``data-over``; the helpers wait on them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from logger_widget import Position, Turn

ROOT = ".lw-board"
KERNEL_TIMEOUT_MS = 180_000  # first kernel start and widget render on a loaded 2-core machine
Lab = Any  # conftest.Lab

# Page-side instrumentation: time from a click inside the board to the frame
# after the next redraw (the root's data-version changes on every new view).
_INSTRUMENT = """
() => {
  if (window.__lwLat) return;
  const lat = (window.__lwLat = { t0: null, samples: [] });
  document.addEventListener('click', (e) => {
    if (e.target && e.target.closest && e.target.closest('.lw-board')) lat.t0 = performance.now();
  }, true);
  document.addEventListener('keydown', (e) => {
    const inGrid = e.target && e.target.closest && e.target.closest('.lw-grid');
    if ((e.key === 'Enter' || e.key === ' ') && inGrid) lat.t0 = performance.now();
  }, true);
  new MutationObserver((muts) => {
    for (const m of muts) {
      if (m.attributeName === 'data-version' && lat.t0 !== null) {
        const t0 = lat.t0;
        lat.t0 = null;
        requestAnimationFrame(() => lat.samples.push(performance.now() - t0));
      }
    }
  }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-version'] });
}
"""


# ---------------------------------------------------------------------------- helpers


def open_board(page: Any, lab: Lab, name: str, code: str) -> Any:
    """Open a new notebook with ``code``, run it and wait for the board; return the root locator."""
    page.goto(lab.write_notebook(name, code))
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=KERNEL_TIMEOUT_MS)
    _wait_kernel_idle(page)
    # more room for the board: hide the file browser
    page.evaluate(
        """() => { const s = window.jupyterapp.shell; if (s.leftCollapsed === false) s.collapseLeft(); }"""
    )
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_selector(f"{ROOT}[data-version]:not([data-version='0'])", timeout=KERNEL_TIMEOUT_MS)
    page.evaluate(_INSTRUMENT)
    return page.locator(ROOT)


def _wait_kernel_idle(page: Any) -> None:
    page.wait_for_function(
        """() => {
            const w = window.jupyterapp.shell.currentWidget;
            const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
            return !!k && k.status === 'idle';
        }""",
        timeout=KERNEL_TIMEOUT_MS,
        polling=200,
    )


def attr(page: Any, name: str) -> str:
    return page.eval_on_selector(ROOT, f"el => el.dataset.{name}")


def version(page: Any) -> int:
    return int(attr(page, "version"))


def click_and_wait(page: Any, selector: str) -> None:
    """Click (a real mouse click) and wait for the next view."""
    v0 = version(page)
    page.click(selector)
    page.wait_for_function(
        "v => Number(document.querySelector('.lw-board')?.dataset.version) > v", arg=v0, timeout=30_000
    )


def wait_human_turn(page: Any, seat: int = 1, timeout: float = 90_000) -> bool:
    """Wait until ``seat`` (a person) can play, or the game is over; True when it can play."""
    page.wait_for_function(
        """seat => { const r = document.querySelector('.lw-board');
                     return r.dataset.over === 'true' ||
                            (r.dataset.interactive === 'true' && r.dataset.toMove === String(seat)); }""",
        arg=seat,
        timeout=timeout,
    )
    return attr(page, "over") != "true"


def lpn(page: Any) -> str:
    return page.input_value("[data-testid=lpn]")


def status(page: Any) -> str:
    return page.inner_text("[data-testid=status]")


def play_by_clicks(page: Any, turn: Turn, shots: Path | None = None, tag: str = "") -> None:
    """Play ``turn`` by clicking cells and buttons, like a child would."""
    start = lpn(page)
    spawns = list(turn.spawns)
    protest_left = list(turn.action.cells) if turn.action and turn.action.kind == "protest" else []
    for _ in range(20):
        if lpn(page) != start or attr(page, "interactive") != "true":
            return
        stage = attr(page, "stage")
        if stage == "move":
            if shots is not None:
                page.locator(ROOT).screenshot(path=str(shots / f"{tag}move-targets.png"))
            click_and_wait(page, f"[data-cell={turn.destination}]")
        elif stage == "spawn":
            cell = next(c for c in spawns if page.get_attribute(f"[data-cell={c}]", "data-mark") == "spawn")
            spawns.remove(cell)
            if shots is not None:
                page.locator(ROOT).screenshot(path=str(shots / f"{tag}spawn-choice.png"))
            click_and_wait(page, f"[data-cell={cell}]")
        elif stage == "action":
            assert turn.action is not None, "the action was skipped in the plan but the board asks for one"
            click_and_wait(page, f"[data-testid=action-{turn.action.kind}]")
        elif stage in ("plant", "chop"):
            assert turn.action is not None and turn.action.kind == stage
            target = turn.action.cells[0]
            if stage == "chop" and shots is not None:
                page.hover(f"[data-cell={target}]")
                page.wait_for_selector("[data-testid=chop-preview]:not([hidden])")
                page.locator(ROOT).screenshot(path=str(shots / f"{tag}chop-preview.png"))
            click_and_wait(page, f"[data-cell={target}]")
        elif stage == "protest":
            if protest_left:
                click_and_wait(page, f"[data-cell={protest_left.pop(0)}]")
            else:
                click_and_wait(page, "[data-testid=protest-done]")
        else:
            return
    raise AssertionError(f"the turn {turn} did not finish by clicking")


def latency_samples(page: Any) -> list[float]:
    return list(page.evaluate("() => window.__lwLat.samples.slice()"))


def _percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    k = max(0, min(len(s) - 1, round(q * (len(s) - 1))))
    return s[k]


def click_at_and_wait(page: Any, selector: str) -> None:
    """A mouse click at the element's on-screen centre (also on a cell marked aria-disabled), then the next view."""
    v0 = version(page)
    page.locator(selector).scroll_into_view_if_needed()
    box = page.locator(selector).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(
        "v => Number(document.querySelector('.lw-board')?.dataset.version) > v", arg=v0, timeout=30_000
    )


def wrong_turn(puzzle: Any) -> Turn:
    """A legal turn that is no solution, the fewest clicks first (no spawn choice, a chop if any)."""
    position = Position.from_lpn(puzzle.lpn)  # puzzle: a logger_widget.puzzles.Puzzle
    others = [t for t in position.legal_turns() if t.notation() not in puzzle.solutions]
    return min(
        others, key=lambda t: (len(t.spawns), t.action is None or t.action.kind != "chop", t.notation())
    )

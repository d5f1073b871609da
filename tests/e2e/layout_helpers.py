"""Layout measurements of the browser tests, taken in the page on one board's root (``.lw-board``).

:data:`SETTLE` waits until the board has stopped moving (JupyterLab's windowed notebook keeps moving
for a few frames after a scroll or a resize); :data:`MEASURE` and :data:`BROKEN_WORDS` then find
what is clipped, outside the board or broken across lines. :func:`set_theme` and :func:`set_width`
change JupyterLab's theme and the window's width (they need JupyterLab's ``window.jupyterapp``).
"""

from __future__ import annotations

from typing import Any

#: the themes the layout tests try: name → JupyterLab's theme
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
#: the window's height in the layout tests (px)
HEIGHT = 900

#: the layout problems of a board: elements outside its box, clipped texts, the board off the
#: screen or scrolling its notebook sideways
MEASURE = """
(root) => {
  const problems = [];
  const rb = root.getBoundingClientRect();
  const name = (el) => (el.dataset && el.dataset.testid) || el.className || el.tagName;
  const shown = (el) => {
    const s = getComputedStyle(el);
    if (s.display === 'none' || s.visibility === 'hidden') return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  for (const el of root.querySelectorAll('*')) {
    if (el instanceof SVGElement || el.closest('.lw-sr') || !shown(el)) continue;
    const folded = el.closest('details:not([open])');
    if (folded && !el.closest('summary')) continue; // folded under "More": not on screen
    const r = el.getBoundingClientRect();
    if (r.left < rb.left - 1 || r.right > rb.right + 1 || r.top < rb.top - 1 || r.bottom > rb.bottom + 1) {
      problems.push({ kind: 'outside', el: String(name(el)), rect: [r.left, r.right, r.top, r.bottom],
                      box: [rb.left, rb.right, rb.top, rb.bottom] });
    }
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (text && getComputedStyle(el).display !== 'inline' && el.scrollWidth > el.clientWidth + 1) {
      problems.push({ kind: 'clipped', el: String(name(el)), text: el.textContent.trim().slice(0, 40),
                      scroll: el.scrollWidth, client: el.clientWidth });
    }
  }
  if (rb.right > window.innerWidth + 1 || rb.left < -1) {
    problems.push({ kind: 'off-screen', box: [rb.left, rb.right], width: window.innerWidth });
  }
  for (let p = root.parentElement; p && !p.classList.contains('jp-WindowedPanel-outer'); p = p.parentElement) {
    if (p.scrollWidth > p.clientWidth + 1 && getComputedStyle(p).overflowX !== 'visible') {
      problems.push({ kind: 'h-scroll', el: String(p.className).slice(0, 60), scroll: p.scrollWidth, client: p.clientWidth });
      break;
    }
  }
  return problems;
}
"""

#: words broken across two lines inside the board (a word is letters between spaces, dashes,
#: slashes and middle dots, where a line may break): "word (where)" for each, once
BROKEN_WORDS = """
(root) => {
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('.lw-sr') || (el.closest('details:not([open])') && !el.closest('summary'))) continue;
    const s = getComputedStyle(el);
    if (s.display === 'none' || s.visibility === 'hidden' || !el.getClientRects().length) continue;
    const words = /[^\\s\\u00a0\\u202f\\-\u2010\u2011\u2013\u2014\\/\u00b7]{2,}/g;
    for (let m = words.exec(n.data); m; m = words.exec(n.data)) {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      const lines = new Set([...r.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
      const where = `${m[0]} (${(el.dataset && el.dataset.testid) || el.className || el.tagName})`;
      if (lines.size > 1 && !out.includes(where)) out.push(where);
    }
  }
  return out;
}
"""

#: wait (async) until the board has stopped moving; whether it did within 5 s
SETTLE = """
async (root) => {
  // wait until the board's box and the notebook's scroll position are unchanged for 5 animation
  // frames in a row (at most 5 s): JupyterLab's windowed notebook may still be moving after a scroll
  const scroller = root.closest('.jp-WindowedPanel-outer') || document.scrollingElement;
  const key = () => { const r = root.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height, scroller.scrollTop, window.innerWidth].join(','); };
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  let last = key(), same = 0;
  const end = performance.now() + 5000;
  while (same < 5 && performance.now() < end) {
    await frame();
    const now = key();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return same >= 5;
}
"""


def set_theme(page: Any, theme: str) -> None:
    """Switch JupyterLab to ``theme`` (a key of :data:`THEMES`) and wait until the page shows it."""
    page.evaluate(
        "async t => { await window.jupyterapp.commands.execute('apputils:change-theme', {theme: t}); }",
        THEMES[theme],
    )
    page.wait_for_function("t => document.body.dataset.jpThemeName === t", arg=THEMES[theme], timeout=30_000)


def set_width(page: Any, width: int, file_browser: bool | None = None) -> None:
    """Resize the window; the file browser open as given, else as JupyterLab's default layout (open at 1400)."""
    if file_browser is None:
        file_browser = width >= 1400
    page.set_viewport_size({"width": width, "height": HEIGHT})
    if file_browser:  # JupyterLab's default layout: the file browser open
        page.evaluate(
            "() => { const s = window.jupyterapp.shell; s.expandLeft(); s.activateById('filebrowser'); }"
        )
    else:
        page.evaluate("() => { const s = window.jupyterapp.shell; if (!s.leftCollapsed) s.collapseLeft(); }")
    page.wait_for_timeout(400)  # JupyterLab re-lays out its panels

"""Helpers of the class play browser tests (tests/e2e/test_classplay_e2e.py, tests/hosts/test_classplay_hub.py).

A page holds one class play notebook: the lobby (``.lw-lobby``) and, once a game is opened, one
board (``.lw-board``). :data:`CLOCKS` (an init script) keeps the time of the last click in the
board, and :func:`wait_lpn` says when a page's board first showed a position (``performance.timeOrigin + performance.now()``: the
pages' clocks agree, they run on one machine), so a turn's relay — the mover's last click → the
classmate's board drawn with the new position — is measured across two pages.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from board_helpers import attr, lpn, play_by_clicks

from logger_widget import Position
from logger_widget.bots import make_bot

BOARD = ".lw-board"
#: Each relayed turn's parts (ms) of the last :func:`play_whole_game` (see there).
HOPS: list[dict[str, float]] = []
LOBBY = ".lw-lobby"

CLOCKS = """
(() => {
  if (window.__lwRelay) return;
  const r = (window.__lwRelay = { click: null, intent: null, arrived: {} });
  const now = () => performance.timeOrigin + performance.now();
  document.addEventListener('click', (e) => {
    if (e.target && e.target.closest && e.target.closest('.lw-board')) r.click = now();
  }, true);
  // the kernel websocket's frames: when a board's intent left the page, when a view with a position came
  const text = (d) => (typeof d === 'string' ? d : d instanceof ArrayBuffer ? new TextDecoder().decode(d) : '');
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        const m = /"lpn": ?"([^"]+)"/.exec(text(e.data));
        if (m && !(m[1] in r.arrived)) r.arrived[m[1]] = now();
      });
    }
    send(data) {
      if (/"type": ?"intent"/.test(text(data))) r.intent = now();
      return super.send(data);
    }
  };
})()
"""


def wait_board(page: Any, timeout: float = 120_000) -> None:
    """Wait until the page's board has a view from the kernel."""
    page.wait_for_selector(BOARD, timeout=timeout)
    page.wait_for_function(
        "() => Number(document.querySelector('.lw-board')?.dataset.version) > 0", timeout=timeout
    )


def wait_lpn(page: Any, expected: str, timeout: float = 60_000) -> float:
    """Wait until the page's board shows the position ``expected`` (LPN); when it was seen (ms, page clock).

    The page is polled every 5 ms (animation frames do not come to a page that is not in front).
    """
    seen = page.wait_for_function(
        """lpn => { const i = document.querySelector('.lw-board [data-testid=lpn]');
                    return !!i && i.value === lpn && performance.timeOrigin + performance.now(); }""",
        arg=expected,
        timeout=timeout,
        polling=5,
    )
    return float(seen.json_value())


def play_whole_game(
    players: dict[int, Any],
    watchers: list[Any],
    after_turn: Callable[[int, Position], None] = lambda p, q: None,
) -> tuple[Position, list[float]]:
    """Play the game on the players' pages (seat → page) to its end by clicking, turns chosen by the
    greedy bot; each turn must reach the other player's and every watcher's board.

    Returns the final position and each turn's relay (ms). ``after_turn(ply, position)`` runs after
    each turn has reached every board (a kernel restart, a dashboard check). :data:`HOPS` gets each
    turn's parts (ms): the click → its intent leaving the page, → the classmate's page receiving the
    view, → that page showing it; and ``draw``, that page's own redraw (the board's ``data-draw-ms``).
    """
    bot = make_bot("greedy", seed=0)
    first = next(iter(players.values()))
    position = Position.from_lpn(lpn(first))
    relay: list[float] = []
    HOPS.clear()
    ply = 0
    while not position.is_terminal:
        seat = position.to_move
        mover = players[seat]
        others = [page for s, page in players.items() if s != seat]
        mover.wait_for_function(
            "seat => { const r = document.querySelector('.lw-board');"
            " return r.dataset.interactive === 'true' && r.dataset.toMove === String(seat); }",
            arg=seat,
            timeout=90_000,
        )
        assert lpn(mover) == position.to_lpn()
        for other in others:  # not their turn: their boards take no click
            assert attr(other, "interactive") == "false"
        turn = bot.choose(position)
        play_by_clicks(mover, turn)
        position = position.play(turn)
        ply += 1
        seen = [wait_lpn(page, position.to_lpn()) for page in others]
        for page in watchers:
            wait_lpn(page, position.to_lpn())
        clicked = float(mover.evaluate("() => window.__lwRelay.click"))
        relay.append(min(seen) - clicked)
        intent = mover.evaluate("() => window.__lwRelay.intent")
        arrived = others[0].evaluate("lpn => window.__lwRelay.arrived[lpn]", position.to_lpn())
        if isinstance(intent, (int, float)) and isinstance(arrived, (int, float)):
            draw = float(attr(others[0], "drawMs") or "nan")  # its last redraw: the one showing the turn
            HOPS.append({"to_intent": intent - clicked, "to_page": arrived - intent, "to_drawn": seen[0] - arrived,
                         "draw": draw})  # fmt: skip
        after_turn(ply, position)
    return position, relay


def resume(page: Any, run: Callable[[Any], None], position: Position) -> None:
    """After a kernel restart and a reopened tab: run the notebook, press Resume, see the game as it is."""
    run(page)
    page.click(f"{LOBBY} .lw-lobby-resume", timeout=60_000)
    wait_board(page)
    wait_lpn(page, position.to_lpn())


def wait_over(*pages: Any) -> None:
    """Wait until every page's board says the game is over."""
    for page in pages:
        page.wait_for_function(
            "() => document.querySelector('.lw-board')?.dataset.over === 'true'", timeout=60_000
        )


def report(relay: list[float], screenshots: Any, name: str) -> dict[str, Any]:
    """The relay's figures (ms: median, p95, max, the turns, and its parts), printed and written to ``screenshots/<name>.json``."""
    import json
    import statistics

    figures: dict[str, Any] = {
        "turns": len(relay),
        "relay_ms_median": round(statistics.median(relay)),
        "relay_ms_p95": round(percentile(relay, 0.95)),
        "relay_ms_max": round(max(relay)),
    }
    for hop in ("to_intent", "to_page", "to_drawn", "draw"):  # the relay's parts, where the page saw them
        values = [h[hop] for h in HOPS]
        if values:
            figures[f"{hop}_ms"] = {"median": round(statistics.median(values)), "p95": round(percentile(values, 0.95)),
                                    "max": round(max(values))}  # fmt: skip
    print(f"\n{name}:", json.dumps(figures))
    (screenshots / f"{name}.json").write_text(json.dumps(figures, indent=2) + "\n")
    return figures


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values``, nearest rank."""
    s = sorted(values)
    return s[max(0, min(len(s) - 1, round(q * (len(s) - 1))))]

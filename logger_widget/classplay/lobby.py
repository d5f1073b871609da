"""The lobby of class play: who is online, open seeks, challenges, the pupil's games (ipywidgets).

``Lobby(locale="uk")`` in a notebook on the class hub shows

* **Class arena**: the arena the teacher has opened (the minutes left), **Join the arena** and
  **Leave the arena**, the pupil's state (waiting, playing game N) and place, and the class's
  standings; when the service pairs the pupil, the game's board comes up by itself;
* **Online now**: classmates whose kernels are connected, each with **Challenge**;
* **Open seeks**: games waiting for players, with **Accept** (or **Cancel** for the pupil's own);
  **Open a seek** with 2–4 seats, bots filling some of them, and a **Turn limit** (empty: none);
* **Your games**: the pupil's games in progress with **Resume** — after a kernel restart, a
  closed tab or a culled server the game is still the service's, and Resume puts it on a new
  board — and the class's other games with **Watch**;

and, below, the board of the game opened (an :class:`~.online_mode.OnlineBoard`). The lists are
refreshed by **Refresh** and every ``refresh`` seconds in the background, the arena every
:data:`ARENA_POLL` seconds while the pupil is in it (the service pairs only pupils it hears from).

No button waits for the service on the kernel's thread: a press says "Asking the class game
service…" at once; its request, the lists read again (six reads at once) and the game's record for
a board to open are coroutines on the kernel's class play loop (:class:`~.requests.Requests`), and
their answers are applied on the kernel's event loop (the lobby's
:class:`~logger_widget.board.delivery.Inbox`); a service that cannot be reached is said so.
:meth:`Lobby.close` cancels the background refresh and every request at once, and drops the answers
still to come. Off the hub the lobby says that class play needs the class hub (it never raises in a
notebook); a service that does not answer is said so too.
"""

from __future__ import annotations

import asyncio
import html
import logging
import math
import time
import weakref
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ..board.delivery import Inbox
from ..i18n import Translator
from ..i18n.texts.dashboard import ARENA as BOARD_ARENA
from ..i18n.texts.dashboard import COLUMNS, PAGE
from ..i18n.texts.online import ARENA, ERRORS, LOBBY, SEEK
from ..online.client import AsyncClassClient, ClassClient, ClassGameError, NotOnHub, Refused, connect
from ..online.protocol import MAX_TURN_LIMIT
from .online_mode import OnlineBoard
from .requests import Requests

__all__ = ["Lobby"]

log = logging.getLogger(__name__)


#: Seconds between the arena's reads while the pupil is in an open arena (the service pairs only
#: pupils it has heard from in the last 30 s).
ARENA_POLL = 2.0
#: The standings' columns in the lobby (the dashboard's headings).
STANDING_COLUMNS = ("rank", "name", "points", "rating")

#: The lobby of each pupil in this kernel (a new one closes the old one).
_lobbies: weakref.WeakValueDictionary[str, Lobby] = weakref.WeakValueDictionary()


async def _nothing(_aio: AsyncClassClient) -> None:
    """No request of its own (**Refresh**, the first read): only the lists are read."""


async def _known(value: dict[str, Any]) -> dict[str, Any]:
    return value


def _lists_key(data: dict[str, list[dict[str, Any]]], name: str) -> tuple[Any, ...]:
    """What the lobby's lists show (names, seeks and their seats, games and their seats)."""
    players = tuple(sorted(str(p.get("name")) for p in data["players"] if p.get("name") != name))
    seeks = tuple((s["id"], tuple(s.get("joined", ())), tuple(s.get("invite", ()))) for s in data["seeks"])
    games = tuple(
        (kind, g["id"], tuple(str(s.get("player") or s.get("bot")) for s in g.get("seats", ())))
        for kind in ("games", "class")
        for g in data[kind]
    )
    return players, seeks, games


def _games_of(name: str, games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games in ``games`` where ``name`` has a seat, each once (by id), in their order."""
    out: dict[int, dict[str, Any]] = {}
    for g in games:
        if any(s.get("player") == name for s in g.get("seats", ())):
            out.setdefault(int(g["id"]), g)
    return list(out.values())


def _fill(box: w.Box, rows: list[w.Widget]) -> None:
    """Put ``rows`` in ``box``; the rows they replace are closed (their models leave the kernel and the page)."""
    old = list(box.children)
    box.children = rows
    for row in old:
        for child in getattr(row, "children", ()):
            child.close()
        row.close()


def turn_limit(text: str) -> int | None:
    """The turn limit typed in the lobby's field: ``None`` for an empty field, else 1 to ``MAX_TURN_LIMIT``.

    Raises:
        ValueError: ``text`` is not a whole number in that range (the message names it).
    """
    value = text.strip()
    if not value:
        return None
    if not value.isdecimal() or not 1 <= int(value) <= MAX_TURN_LIMIT:
        raise ValueError(f"turn limit {value!r} is not a whole number from 1 to {MAX_TURN_LIMIT}")
    return int(value)


#: The lobby's own styles (scoped to it): texts wrap instead of being cut, the form fits 360 px, the standings
#: table scrolls inside itself when a name is very long (the page never scrolls sideways).
_LOBBY_CSS = (
    "<style>"
    ".lw-lobby .widget-label{white-space:normal;height:auto;line-height:1.35;overflow:visible;min-width:0}"
    ".lw-lobby .widget-html-content{line-height:1.35}"
    ".lw-lobby .widget-hbox>.widget-label{flex:0 1 auto}"
    ".lw-lobby .widget-hbox{max-width:100%;align-items:center}"
    ".lw-lobby .lw-lobby-turn-limit{max-width:100%}"
    ".lw-lobby .jupyter-button{height:auto;min-height:var(--jp-widgets-inline-height);white-space:normal}"
    ".lw-arena-table .widget-html-content{overflow-x:auto;max-width:100%}"
    ".lw-arena-standings{border-collapse:collapse}"
    ".lw-arena-standings th,.lw-arena-standings td{padding:0 .6em 0 0;text-align:left;white-space:nowrap}"
    ".lw-arena-standings tr.lw-arena-me{font-weight:bold}"
    "</style>"
)


def _standings_html(standings: list[dict[str, Any]], name: str, headings: list[str], tr: Translator) -> str:
    """The class's standings as a table (names escaped, numbers in the pupil's language), the pupil's row bold."""
    # the place's column is narrow: its heading is said to screen readers and shown as a tooltip only
    place, *rest = headings
    head = f'<th title="{html.escape(place)}" aria-label="{html.escape(place)}"></th>'
    head += "".join(f"<th>{html.escape(h)}</th>" for h in rest)
    rows = []
    for s in standings:
        mine = ' class="lw-arena-me"' if s.get("name") == name else ""
        cells = []
        for column in STANDING_COLUMNS:
            value = s.get(column, "")
            if column == "name":
                cells.append(f'<td class="lw-arena-name">{html.escape(str(value))}</td>')
                continue
            text = tr.format_number(round(value)) if isinstance(value, (int, float)) else str(value)
            if column == "rank":
                text += "."
            cells.append(f"<td>{html.escape(text)}</td>")
        rows.append(f"<tr{mine}>{''.join(cells)}</tr>")
    body = "".join(rows)
    return f'<table class="lw-arena-standings"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


async def _challenge(name: str, aio: AsyncClassClient) -> None:
    await aio.open_seek(2, (name,))


async def _cancel(seek: int, aio: AsyncClassClient) -> None:
    await aio.cancel(seek)


class Lobby:
    """The class play lobby (see the module docstring).

    Args:
        locale: ``"uk"``, ``"es"`` or ``"en"`` (the boards it opens speak it too).
        client: the pupil's client (default: :func:`~logger_widget.online.client.connect`).
        refresh: seconds between background refreshes (``0``: only on **Refresh**).
        poll_wait: passed to the boards it opens (tests shorten the long poll).

    Attributes:
        board: the :class:`~.online_mode.OnlineBoard` opened last, or ``None``.
        error: the :class:`~logger_widget.online.client.ClassGameError` of the last refresh, or ``None``.
        arena: the class arena as last read (:meth:`~logger_widget.online.client.ClassClient.arena`,
            ``you`` read as present while the pupil is in it).
        widget: the ipywidgets box shown.
    """

    def __init__(
        self,
        locale: str = "uk",
        client: ClassClient | None = None,
        *,
        refresh: float = 5.0,
        poll_wait: float | None = None,
    ) -> None:
        self.tr = Translator(locale)
        self.locale = self.tr.language
        self.poll_wait = poll_wait
        self.board: OnlineBoard | None = None
        self.error: ClassGameError | None = None
        self.me: dict[str, Any] = {}
        self.data: dict[str, list[dict[str, Any]]] = {"players": [], "seeks": [], "games": [], "class": []}
        #: the answers of the lobby's requests, applied on the kernel's event loop
        self._inbox = Inbox()
        self._requests: Requests | None = None
        t = self._t
        self._title = w.HTML(f"<h3>{html.escape(t('title'))}</h3>")
        self._notice = w.HTML("")
        self._online = w.VBox()
        self._seeks = w.VBox()
        self._games = w.VBox()
        self._watch = w.VBox()
        self._drawn = False
        self._key: tuple[Any, ...] = ()
        narrow = {"width": "auto", "max_width": "100%"}
        self._seats = w.Dropdown(options=[2, 3, 4], value=2, description=t("players"), layout=narrow)
        self._bots = w.Dropdown(options=[0, 1, 2, 3], value=0, description=t("bots"), layout=narrow)
        # the limit's label apart from its field: on a narrow screen the field goes under it
        self._turn_limit_label = w.Label(t("turn_limit", SEEK), layout={"width": "auto", "flex": "0 1 auto"})
        self._turn_limit = w.Text(value="", placeholder=t("no_limit", SEEK), layout={"width": "10em"})
        self._turn_limit.add_class("lw-lobby-turn-limit")
        for field in (self._seats, self._bots):
            field.style.description_width = "initial"
        self._open = w.Button(description=t("open_seek"), layout={"width": "auto"})
        self._open.add_class("lw-lobby-open")
        self._open.on_click(lambda _b: self._open_seek())
        self.arena: dict[str, Any] = {"arena": None, "standings": [], "you": None}
        self._arena_opened: set[int] = set()
        self._arena_status = w.HTML("")
        self._arena_you = w.HTML("")
        self._arena_table = w.HTML("")
        self._arena_table.add_class("lw-arena-table")
        self._join = self._button("join", self._join_arena, table=ARENA, css="lw-arena-join")
        self._leave = self._button("leave", self._leave_arena, table=ARENA, css="lw-arena-leave")
        self._arena_resume = self._button("resume", self._open_arena_game, css="lw-arena-resume")
        for button in (self._join, self._leave, self._arena_resume):
            button.layout.display = "none"
        self._refresh = w.Button(description=t("refresh"), icon="refresh")
        self._refresh.add_class("lw-lobby-refresh")
        self._refresh.on_click(lambda _b: self._submit(_nothing))
        self._output = w.Output()
        self.client: ClassClient | None
        try:
            self.client = client if client is not None else connect()
        except NotOnHub as e:
            self.client = None
            self.error = e
            self._notice.value = self._box("info", t("not_on_hub", ERRORS))
            self.widget = w.VBox([self._title, self._notice])
            self.widget.add_class("lw-lobby")
            return
        self.widget = w.VBox(
            [
                w.HTML(_LOBBY_CSS, layout={"display": "none"}),
                self._title,
                self._notice,
                self._heading("class_standings", PAGE),  # the arena first: a pupil in it must not look for it
                self._arena_status,
                self._arena_you,
                w.HBox(
                    [self._join, self._leave, self._arena_resume],
                    layout={"flex_flow": "row wrap", "max_width": "100%"},
                ),
                self._arena_table,
                self._heading("online"),
                self._online,
                self._heading("seeks"),
                self._seeks,
                w.HBox(
                    [self._seats, self._bots, self._turn_limit_label, self._turn_limit, self._open],
                    layout={"flex_flow": "row wrap", "max_width": "100%"},
                ),
                self._heading("games"),
                self._games,
                self._heading("watch_title"),
                self._watch,
                self._refresh,
                self._output,
            ]
        )
        self.widget.add_class("lw-lobby")
        old = _lobbies.get(self.client.who)
        if old is not None:
            old.close()  # the cell was run again: one lobby (and one refresh) per pupil
        _lobbies[self.client.who] = self
        self._requests = Requests(self.client, self._inbox.deliver)
        self._submit(_nothing)  # the first read, in the background
        if refresh > 0:
            self._requests.start(self._every(refresh), loop=True)

    # ------------------------------------------------------------------ texts

    def _t(self, key: str, table: Any = LOBBY, **params: Any) -> str:
        return self.tr.format(table[key], **params)

    def _heading(self, key: str, table: Any = LOBBY) -> w.HTML:
        return w.HTML(f"<b>{html.escape(self._t(key, table))}</b>")

    def _box(self, kind: str, text: str) -> str:
        return f'<div class="lw-lobby-notice" data-kind="{kind}">{html.escape(text)}</div>'

    # ------------------------------------------------------------------ the lists

    def refresh(self) -> None:
        """Read who is online, the seeks and the games again, and redraw the lists."""
        if self.client is None:
            return
        try:
            data = self.client.run(self._read(self.client.aio))
        except ClassGameError as e:
            self._show_error(e)
            return
        self._draw(data)

    async def _read(self, aio: AsyncClassClient) -> dict[str, Any]:
        """The lists: the heartbeat first (the pupil is online), then the six reads at once."""
        await aio.heartbeat()
        me, players, seeks, games, whole, arena = await asyncio.gather(
            _known(self.me) if self.me else aio.me(),
            aio.presence(),
            aio.seeks(),
            aio.games(status="active"),
            aio.games(whole_class=True, status="active"),
            self._read_arena(aio),
        )
        return {
            "me": me,
            "players": [p for p in players if p.get("online")],
            "seeks": seeks,
            "games": games,
            "class": whole,
            "arena": arena,
        }

    @staticmethod
    async def _read_arena(aio: AsyncClassClient) -> dict[str, Any]:
        """The current arena; in an open one the pupil has joined, the pupil's state read as present."""
        answer = await aio.arena()
        info, you = answer.get("arena"), answer.get("you")
        if info and info.get("status") == "open" and you and you.get("state") in ("waiting", "playing"):
            answer["you"] = await aio.arena_me(int(info["id"]))  # present: the service pairs the pupil now
        return answer

    def in_arena(self) -> bool:
        """The pupil waits or plays in an open arena (the lobby then reads it every :data:`ARENA_POLL` s)."""
        info, you = self.arena.get("arena") or {}, self.arena.get("you") or {}
        return info.get("status") == "open" and you.get("state") in ("waiting", "playing")

    async def _every(self, seconds: float) -> None:
        """Background refresh on the class loop; each answer drawn on the kernel's loop.

        Everything every ``seconds``; in between, only the arena every :data:`ARENA_POLL` s while
        the pupil is in it. Ends with :meth:`close`.
        """
        aio, requests = self.client_aio, self._requests
        assert requests is not None
        last = time.monotonic()
        while True:
            await asyncio.sleep(min(seconds, ARENA_POLL))
            full = time.monotonic() - last >= seconds - 0.01
            if not full and not self.in_arena():
                continue
            try:
                if full:
                    last = time.monotonic()
                    draw = partial(self._draw, await self._read(aio))
                else:
                    draw = partial(self._draw_arena, await self._read_arena(aio))
            except ClassGameError as e:
                requests.deliver(partial(self._show_error, e))
                continue
            requests.deliver(draw)

    @property
    def client_aio(self) -> AsyncClassClient:
        """The pupil's client, every request a coroutine.

        Raises:
            NotOnHub: the lobby is not on the class hub.
        """
        if self.client is None:
            raise NotOnHub("JUPYTERHUB_API_TOKEN")
        return self.client.aio

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until the requests in flight (not the background refresh) are answered and applied.

        For code and tests (a button never waits); False after ``timeout`` s.
        """
        requests = self._requests
        for _ in range(3):  # an answer may ask once more (a board to open)
            if requests is not None and not requests.wait(timeout):
                return False
            self._inbox.drain()
        return True

    def close(self) -> None:
        """Stop the background refresh and every request at once (and the open board's)."""
        if self._requests is not None:
            self._requests.close()
        if self.board is not None:
            self.board.close()

    def _show_error(self, error: ClassGameError) -> None:
        self.error = error
        if isinstance(error, Refused):
            text = self.tr.format(ERRORS["service"], code=error.code, message=error.message)
        else:
            text = self.tr.format(ERRORS["unreachable"], error=getattr(error, "reason", str(error)))
        self._notice.value = self._box("error", text)

    def _draw(self, data: dict[str, Any]) -> None:
        t = self._t
        self.error = None
        self.me = dict(data["me"])
        name = str(self.me.get("name", ""))
        mine = _games_of(name, [*data["games"], *data["class"]])
        known = {int(g["id"]) for g in self.data.get("games", ())}
        fresh = [g for g in mine if int(g["id"]) not in known]
        first = not self._drawn
        self._drawn = True
        ids = {int(g["id"]) for g in mine}
        self.data = {
            # classmates only: the teacher is not one to challenge (PresenceEntry's optional ``teacher``)
            "players": [p for p in data["players"] if not p.get("teacher")],
            "seeks": list(data["seeks"]),
            "games": mine,  # the pupil's own games, with Resume
            "class": [g for g in data["class"] if int(g["id"]) not in ids],  # the others', with Watch
        }
        if not self._notice.value or 'data-kind="error"' in self._notice.value:
            self._notice.value = self._box("info", t("me", name=name))
        key = _lists_key(self.data, name)
        if key != self._key:  # rebuilt only when a list changed: a button is never swapped under a click
            self._key = key
            self._rows(name)
        if fresh and not first and (self.board is None or self.board.mode.over):
            self._open_later(
                int(fresh[0]["id"])
            )  # a seek of the pupil's has just started: its board comes up
        self._draw_arena(data["arena"])

    def _draw_arena(self, answer: dict[str, Any]) -> None:
        """Show the arena ``answer`` (:meth:`ClassClient.arena`); a new arena game of the pupil's opens on the board."""
        t = self._t
        self.arena = dict(answer)
        info, you = answer.get("arena") or {}, answer.get("you") or {}
        state = str(you.get("state") or "out")
        is_open = info.get("status") == "open"
        if not info:
            status = t("none", ARENA)
        elif is_open:
            left = max(1, math.ceil((float(info.get("ends") or 0) - time.time()) / 60))
            status = self.tr.count(ARENA["open"], left)
        else:
            status = t("ended", ARENA)
        self._set(self._arena_status, f'<div class="lw-arena-status">{html.escape(status)}</div>')
        game = you.get("game") if state == "playing" else None
        lines = []
        if is_open:
            key = {"waiting": "waiting", "playing": "playing", "left": "left"}.get(state, "out")
            lines.append(t(key, ARENA, game=game))
        standings = list(answer.get("standings") or ())
        name = str(self.me.get("name") or you.get("name") or "")
        mine = next((s for s in standings if s.get("name") == name), None)
        if mine is not None:
            lines.append(t("place", ARENA, rank=mine.get("rank"), total=len(standings)))
        self._set(self._arena_you, "".join(f"<div>{html.escape(line)}</div>" for line in lines))
        self._show(self._join, is_open and state in ("out", "left"))
        self._show(self._leave, is_open and state in ("waiting", "playing"))
        self._show(self._arena_resume, isinstance(game, int) and not self._showing(game))
        if info and standings:
            headings = [t(c, COLUMNS) for c in STANDING_COLUMNS]
            table = _standings_html(standings, name, headings, self.tr)
        elif info:
            table = html.escape(t("no_entrants", BOARD_ARENA))
        else:
            table = ""
        self._set(self._arena_table, table)
        if isinstance(game, int) and game not in self._arena_opened:
            busy = self.board is not None and not self.board.mode.over and not self.board.mode.watching
            if not busy or self._showing(game):
                self._arena_opened.add(game)  # paired: the game's board comes up by itself (once)
                if not self._showing(game):
                    self._open_later(game)
                    self._show(self._arena_resume, False)

    def _showing(self, game: int) -> bool:
        return self.board is not None and self.board.mode.game_id == game

    @staticmethod
    def _set(widget: w.HTML, value: str) -> None:
        if widget.value != value:  # no message to the page when nothing changed
            widget.value = value

    @staticmethod
    def _show(widget: w.Widget, shown: bool) -> None:
        display = "" if shown else "none"
        if widget.layout.display != display:
            widget.layout.display = display

    async def _join_arena(self, aio: AsyncClassClient) -> Callable[[], Any]:
        info = self.arena.get("arena") or {}
        await aio.join_arena(int(info["id"]))
        return lambda: setattr(self._notice, "value", self._box("success", self._t("joined", ARENA)))

    async def _leave_arena(self, aio: AsyncClassClient) -> None:
        info = self.arena.get("arena") or {}
        await aio.leave_arena(int(info["id"]))

    async def _open_arena_game(self, aio: AsyncClassClient) -> Callable[[], Any] | None:
        game = (self.arena.get("you") or {}).get("game")
        if not isinstance(game, int):
            return None
        self._arena_opened.add(game)
        return partial(self._put_board, await aio.game(game))

    def _rows(self, name: str) -> None:
        t = self._t
        others = [p for p in self.data["players"] if p.get("name") != name]
        _fill(
            self._online,
            [
                w.HBox(
                    [
                        w.Label(str(p["name"])),
                        self._button("challenge", partial(_challenge, str(p["name"])), "opened"),
                    ]
                )
                for p in others
            ]
            or [w.Label(t("nobody"))],
        )
        rows = []
        for seek in self.data["seeks"]:
            label = self.tr.count(
                LOBBY["seek"], int(seek.get("players", 2)), name=str(seek.get("creator", ""))
            )
            if isinstance(seek.get("turn_limit"), int):
                label += " · " + self.tr.count(SEEK["limit"], seek["turn_limit"])
            if name in seek.get("joined", ()):
                taken = len(seek.get("joined", ())) + len(seek.get("bots", ()))
                waiting = t("waiting", joined=taken, total=int(seek.get("players", 2)))
                rows.append(
                    w.HBox(
                        [
                            w.Label(f"{label} · {waiting}"),
                            self._button("cancel", partial(_cancel, int(seek["id"]))),
                        ]
                    )
                )
            else:
                key = "challenged" if name in seek.get("invite", ()) else None
                text = f"{label} · {t(key, name=seek.get('creator', ''))}" if key else label
                rows.append(
                    w.HBox(
                        [
                            w.Label(text),
                            self._button("accept", partial(self._accept, int(seek["id"]))),
                        ]
                    )
                )
        _fill(self._seeks, rows or [w.Label(t("no_seeks"))])
        _fill(
            self._games, [self._game_row(g, "resume") for g in self.data["games"]] or [w.Label(t("no_games"))]
        )
        _fill(
            self._watch, [self._game_row(g, "watch") for g in self.data["class"]] or [w.Label(t("no_watch"))]
        )

    def _game_row(self, game: dict[str, Any], action: str) -> w.HBox:
        names = ", ".join(str(s.get("player") or s.get("bot") or "—") for s in game.get("seats", ()))
        label = self._t("game", game=game["id"], names=names)
        return w.HBox([w.Label(label), self._button(action, partial(self._open_with, int(game["id"])))])

    def _bot_specs(self) -> tuple[str, ...]:
        return ("mcts:easy",) * min(int(self._bots.value), int(self._seats.value) - 1)

    def _open_seek(self) -> None:
        """**Open an invitation**: the seats, bots and turn limit of the form (a bad limit is said, nothing sent)."""
        try:
            limit = turn_limit(self._turn_limit.value)
        except ValueError:
            text = self._t(
                "bad_turn_limit", SEEK, value=self._turn_limit.value.strip()[:20], max=MAX_TURN_LIMIT
            )
            self._notice.value = self._box("error", text)
            return
        seats, bots = self._seats.value, self._bot_specs()

        async def work(aio: AsyncClassClient) -> Callable[[], Any] | None:
            return await self._accepted(await aio.open_seek(seats, (), bots, turn_limit=limit), aio)

        self._submit(work, "opened")

    def _button(
        self,
        key: str,
        act: Callable[[AsyncClassClient], Awaitable[Any]],
        done: str | None = None,
        table: Any = LOBBY,
        css: str | None = None,
    ) -> w.Button:
        button = w.Button(description=self._t(key, table), layout={"width": "auto"})
        button.add_class(css or f"lw-lobby-{key}")
        button.on_click(lambda _b: self._submit(act, done))
        return button

    def _submit(
        self, work: Callable[[AsyncClassClient], Awaitable[Callable[[], Any] | None]], done: str | None = None
    ) -> None:
        """A button's ``work`` (its requests, a coroutine) on the class loop, then the lists read again.

        The kernel's thread only says "Asking the class game service…"; on the kernel's loop the lists
        are drawn, ``done``'s notice (or who the pupil is) shown, and what ``work`` returned run (a
        board to open), or the error said.
        """
        requests = self._requests
        if requests is None or requests.closed:
            return
        self._notice.value = self._box("info", self._t("working"))

        async def job(aio: AsyncClassClient) -> tuple[Callable[[], Any] | None, dict[str, Any]]:
            then = await work(aio)
            return then, await self._read(aio)

        def apply(answer: tuple[Callable[[], Any] | None, dict[str, Any]]) -> None:
            then, data = answer
            self._notice.value = ""  # the lists say who the pupil is again
            self._draw(data)
            if done is not None:
                self._notice.value = self._box("success", self._t(done))
            if then is not None:
                then()

        requests.ask(job, apply, self._show_error)

    async def _accept(self, seek: int, aio: AsyncClassClient) -> Callable[[], Any] | None:
        return await self._accepted(await aio.accept(seek), aio)

    async def _open_with(self, game: int, aio: AsyncClassClient) -> Callable[[], Any]:
        return partial(self._put_board, await aio.game(game))

    async def _accepted(self, seek: dict[str, Any], aio: AsyncClassClient) -> Callable[[], Any] | None:
        """A seek joined or opened: its game's board comes up once every seat is taken."""
        if isinstance(seek.get("game"), int):
            return partial(self._put_board, await aio.game(seek["game"]))
        return None

    def _open_later(self, game: int) -> None:
        """Open game ``game``'s board once its record is read (in the background)."""
        if self._requests is not None:
            self._requests.ask(lambda aio: aio.game(game), self._put_board, self._show_error)

    # ------------------------------------------------------------------ boards

    def open(self, game: int) -> OnlineBoard:
        """Put game ``game`` on a board below the lobby (the pupil's seat, or as a spectator).

        Raises:
            NotOnHub: the lobby is not on the class hub.
            ServiceUnreachable, Refused: the game's record cannot be read.
        """
        if self.client is None:
            raise NotOnHub("JUPYTERHUB_API_TOKEN")
        return self._put_board(self.client.game(game))

    def _put_board(self, info: dict[str, Any]) -> OnlineBoard:
        """Put the game ``info`` (its record, read already) on a board below the lobby."""
        assert self.client is not None
        if self.board is not None:
            self.board.close()
        self.board = OnlineBoard(
            int(info["id"]), self.locale, self.client, poll_wait=self.poll_wait, info=info
        )
        # set as the output's data, not displayed into it: the lobby also opens a board from its
        # background refresh, where no cell is running to route a display message
        self._output.outputs = ()
        self._output.append_display_data(self.board.widget)
        return self.board

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<logger_widget.Lobby {self.client!r}>"

"""The lobby of class play: who is online, open seeks, challenges, the pupil's games.

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

and, below, the board of the game opened (an :class:`~.online_mode.OnlineBoard`). The lobby is drawn
by its own front end (``static/lobby.js``, an anywidget with the board's styles): Python builds its
view (:attr:`Lobby.view`) and handles the intents its buttons send (:meth:`Lobby.handle_message`),
as the board does. The lists are
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
import logging
import math
import time
import weakref
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w  # type: ignore[import-untyped]
import traitlets

from ..board.assets import STATIC as BOARD_STATIC
from ..board.delivery import Inbox
from ..i18n import Translator
from ..i18n.texts.dashboard import ARENA as BOARD_ARENA
from ..i18n.texts.dashboard import COLUMNS, PAGE
from ..i18n.texts.online import ARENA, ERRORS, LOBBY, SEEK
from ..online.client import AsyncClassClient, ClassClient, ClassGameError, NotOnHub, Refused, connect
from ..online.protocol import MAX_TURN_LIMIT
from .online_mode import OnlineBoard
from .requests import Requests

__all__ = ["Lobby", "LobbyWidget"]

log = logging.getLogger(__name__)


#: The lobby's front end (``lobby.js``) and its styles (``lobby.css``, beside the board's).
STATIC = Path(__file__).resolve().parent / "static"
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


def _games_of(name: str, games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games in ``games`` where ``name`` has a seat, each once (by id), in their order."""
    out: dict[int, dict[str, Any]] = {}
    for g in games:
        if any(s.get("player") == name for s in g.get("seats", ())):
            out.setdefault(int(g["id"]), g)
    return list(out.values())


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


def _standings(
    standings: list[dict[str, Any]], name: str, headings: list[str], tr: Translator
) -> dict[str, Any]:
    """The class's standings as the lobby's table: headings, rows of texts (numbers in the pupil's language)."""
    rows = []
    for s in standings:
        cells = []
        for column in STANDING_COLUMNS:
            value = s.get(column, "")
            text = (
                tr.format_number(round(value))
                if isinstance(value, (int, float)) and column != "name"
                else str(value)
            )
            cells.append(text + "." if column == "rank" else text)
        rows.append({"cells": cells, "me": s.get("name") == name})
    return {"place": headings[0], "headings": headings, "rows": rows}


def _lobby_css() -> str:
    """The board's stylesheet scoped to the lobby (its colours, type, buttons, fields), then the lobby's own.

    The lobby's root is not a ``.lw-board`` (a page finds its board by that class), so the board's
    rules are given the lobby's root class instead.
    """
    board = (BOARD_STATIC / "board.css").read_text(encoding="utf-8").replace(".lw-board", ".lw-lobby-panel")
    return board + (STATIC / "lobby.css").read_text(encoding="utf-8")


class LobbyWidget(anywidget.AnyWidget):
    """The lobby's front end (``static/lobby.js``): it draws :attr:`view` and sends the presses as intents."""

    _esm = STATIC / "lobby.js"
    _css = _lobby_css()
    #: what the front end draws (built by :class:`Lobby`)
    view = traitlets.Dict().tag(sync=True)


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
        panel: the lobby's front end (:class:`LobbyWidget`).
        widget: what the notebook shows: the panel and, under it, the board opened.
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
        self.arena: dict[str, Any] = {"arena": None, "standings": [], "you": None}
        #: the notice over the lists: ``(kind, text)`` (``info``, ``success``, ``error``) or ``None``
        self.notice: tuple[str, str] | None = None
        #: the answers of the lobby's requests, applied on the kernel's event loop
        self._inbox = Inbox()
        self._requests: Requests | None = None
        self._drawn = False
        self._arena_opened: set[int] = set()
        self.panel = LobbyWidget()
        self.panel.on_msg(lambda _w, content, _buffers: self.handle_message(content))
        self._output = w.Output()
        self.client: ClassClient | None
        try:
            self.client = client if client is not None else connect()
        except NotOnHub as e:
            self.client = None
            self.error = e
            self.notice = ("info", self._t("not_on_hub", ERRORS))
            self.widget = w.VBox([self.panel])
            self.widget.add_class("lw-lobby")
            self._render()
            return
        self.widget = w.VBox([self.panel, self._output])
        self.widget.add_class("lw-lobby")
        old = _lobbies.get(self.client.who)
        if old is not None:
            old.close()  # the cell was run again: one lobby (and one refresh) per pupil
        _lobbies[self.client.who] = self
        self._requests = Requests(self.client, self._inbox.deliver)
        self._render()
        self._submit(_nothing)  # the first read, in the background
        if refresh > 0:
            self._requests.start(self._every(refresh), loop=True)

    # ------------------------------------------------------------------ texts

    def _t(self, key: str, table: Any = LOBBY, **params: Any) -> str:
        return self.tr.format(table[key], **params)

    def _say(self, kind: str, text: str) -> None:
        """Show ``text`` over the lists (``kind``: ``info``, ``success`` or ``error``)."""
        self.notice = (kind, text)
        self._render()

    @property
    def view(self) -> dict[str, Any]:
        """What the lobby's front end draws (the last view sent to it)."""
        return dict(self.panel.view)

    # ------------------------------------------------------------------ the pupil's presses

    def handle_message(self, content: Any) -> str:
        """One press of the lobby's front end: ``{"type": "intent", "action": …}``; ``"ok"`` or ``"invalid"``.

        Actions: ``refresh``; ``open_seek`` (``players``, ``bots``, ``limit`` as typed); ``challenge``
        (``name``); ``accept`` and ``cancel`` (``seek``); ``open`` (``game``: Resume, Watch); ``join``,
        ``leave`` and ``arena_game`` (the arena). Each is answered at once ("Asking the class game
        service…"); its requests run in the background.
        """
        if not isinstance(content, dict) or content.get("type") != "intent":
            return "invalid"
        action, number = content.get("action"), content.get("seek", content.get("game"))
        if action == "open_seek":
            self._open_seek(content.get("players"), content.get("bots"), str(content.get("limit") or ""))
            return "ok"
        simple: dict[str, Callable[[AsyncClassClient], Awaitable[Any]]] = {
            "refresh": _nothing,
            "join": self._join_arena,
            "leave": self._leave_arena,
            "arena_game": self._open_arena_game,
        }
        if action in simple:
            self._submit(simple[action])
        elif action == "challenge" and isinstance(content.get("name"), str):
            self._submit(partial(_challenge, content["name"]), "opened")
        elif action in ("accept", "cancel", "open") and isinstance(number, int):
            work = {"accept": self._accept, "cancel": _cancel, "open": self._open_with}[action]
            self._submit(partial(work, number))
        else:
            return "invalid"
        return "ok"

    def buttons(self) -> list[dict[str, Any]]:
        """Every button the lobby shows now (``label``, ``css``, ``intent``), Open and Refresh last."""
        view = self.view
        shown = [
            *view["arena"]["buttons"],
            *(b for lst in view["lists"] for r in lst["rows"] for b in r["buttons"]),
        ]
        if self.client is not None:
            shown.append({"label": view["form"]["open"], "css": "lw-lobby-open",
                          "intent": {"action": "open_seek", "players": 2, "bots": 0, "limit": ""}})  # fmt: skip
            shown.append(
                {"label": view["refresh"], "css": "lw-lobby-refresh", "intent": {"action": "refresh"}}
            )
        return shown

    def press(self, css: str, text: str = "", **values: Any) -> str:
        """Press the button of class ``css`` (in the row whose text has ``text``) as the front end does.

        For code and tests. ``values``: the form's fields for **Open an invitation** (``players``,
        ``bots``, ``limit`` as typed). Returns what :meth:`handle_message` returns.

        Raises:
            LookupError: no such button is shown.
        """
        view = self.view
        rows = [(r["text"], b) for lst in view["lists"] for r in lst["rows"] for b in r["buttons"]]
        rows += [("", b) for b in self.buttons() if not any(b is other for _t, other in rows)]
        for row_text, button in rows:
            if button["css"] == css and text in row_text:
                return self.handle_message({"type": "intent", **button["intent"], **values})
        raise LookupError(f"no button {css!r} in a row with {text!r}: {[(t, b['css']) for t, b in rows]}")

    # ------------------------------------------------------------------ the lists

    def refresh(self) -> None:
        """Read who is online, the seeks and the games again, and redraw the lists (waits for the service)."""
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
        """Stop the background refresh and every request at once, the open board's too (it stays on the page as it is)."""
        if self._requests is not None:
            self._requests.close()
        if self.board is not None:
            self.board.mode.close()

    def _show_error(self, error: ClassGameError) -> None:
        self.error = error
        if isinstance(error, Refused):
            text = self.tr.format(ERRORS["service"], code=error.code, message=error.message)
        else:
            text = self.tr.format(ERRORS["unreachable"], error=getattr(error, "reason", str(error)))
        self._say("error", text)

    def _draw(self, data: dict[str, Any]) -> None:
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
            # classmates only: the teacher is not one to challenge (PresenceEntry's ``teacher``)
            "players": [p for p in data["players"] if not p.get("teacher")],
            "seeks": list(data["seeks"]),
            "games": mine,  # the pupil's own games, with Resume
            "class": [g for g in data["class"] if int(g["id"]) not in ids],  # the others', with Watch
        }
        if self.notice is None or self.notice[0] == "error":
            self.notice = ("info", self._t("me", name=name))
        if fresh and not first and (self.board is None or self.board.mode.over):
            self._open_later(
                int(fresh[0]["id"])
            )  # a seek of the pupil's has just started: its board comes up
        self._draw_arena(data["arena"])

    def _draw_arena(self, answer: dict[str, Any]) -> None:
        """Take the arena ``answer`` (:meth:`ClassClient.arena`) and redraw; a new arena game of the pupil's opens."""
        self.arena = dict(answer)
        you = answer.get("you") or {}
        game = you.get("game") if you.get("state") == "playing" else None
        if isinstance(game, int) and game not in self._arena_opened:
            busy = self.board is not None and not self.board.mode.over and not self.board.mode.watching
            if not busy or self._showing(game):
                self._arena_opened.add(game)  # paired: the game's board comes up by itself (once)
                if not self._showing(game):
                    self._open_later(game)
        self._render()

    def _showing(self, game: int) -> bool:
        return self.board is not None and self.board.mode.game_id == game

    # ------------------------------------------------------------------ the view

    def _button(self, key: str, css: str, table: Any = LOBBY, **intent: Any) -> dict[str, Any]:
        return {"label": self._t(key, table), "css": css, "intent": intent}

    def _render(self) -> None:
        """Send the front end the lobby as it is now (nothing is sent when nothing changed)."""
        t = self._t
        kind, text = self.notice or ("info", "")
        view = {
            "lang": self.locale,
            "hub": self.client is not None,
            "title": t("title"),
            "notice": {"kind": kind, "text": text} if text else None,
            "arena": self._arena_view(),
            "lists": self._lists(str(self.me.get("name", ""))),
            "form": {
                "players": {"label": t("players"), "options": [2, 3, 4]},
                "bots": {"label": t("bots"), "options": [0, 1, 2, 3]},
                "limit": {"label": t("turn_limit", SEEK), "placeholder": t("no_limit", SEEK)},
                "open": t("open_seek"),
            },
            "refresh": t("refresh"),
        }
        if view != self.panel.view:
            self.panel.view = view

    def _arena_view(self) -> dict[str, Any]:
        """The arena's part of the view: its state, the pupil's place, Join/Leave/Resume, the standings."""
        t = self._t
        answer = self.arena
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
        buttons = []
        if is_open and state in ("out", "left"):
            buttons.append(self._button("join", "lw-arena-join", ARENA, action="join"))
        if is_open and state in ("waiting", "playing"):
            buttons.append(self._button("leave", "lw-arena-leave", ARENA, action="leave"))
        if isinstance(game, int) and not self._showing(game) and game not in self._arena_opened:
            buttons.append(self._button("resume", "lw-arena-resume", action="arena_game"))
        table = None
        if info and standings:
            table = _standings(standings, name, [t(c, COLUMNS) for c in STANDING_COLUMNS], self.tr)
        return {
            "heading": t("class_standings", PAGE),  # the arena first: a pupil in it must not look for it
            "status": status,
            "lines": lines,
            "buttons": buttons,
            "table": table,
            "empty": t("no_entrants", BOARD_ARENA) if info else "",
        }

    def _lists(self, name: str) -> list[dict[str, Any]]:
        """Online now, the open invitations, the pupil's games and the class's: rows with their buttons."""
        t = self._t
        online = [
            {
                "text": str(p["name"]),
                "buttons": [
                    self._button("challenge", "lw-lobby-challenge", action="challenge", name=str(p["name"]))
                ],
            }
            for p in self.data["players"]
            if p.get("name") != name
        ]
        seeks = []
        for seek in self.data["seeks"]:
            label = self.tr.count(
                LOBBY["seek"], int(seek.get("players", 2)), name=str(seek.get("creator", ""))
            )
            if isinstance(seek.get("turn_limit"), int):
                label += " · " + self.tr.count(SEEK["limit"], seek["turn_limit"])
            if name in seek.get("joined", ()):
                taken = len(seek.get("joined", ())) + len(seek.get("bots", ()))
                label += " · " + t("waiting", joined=taken, total=int(seek.get("players", 2)))
                button = self._button("cancel", "lw-lobby-cancel", action="cancel", seek=int(seek["id"]))
            else:
                if name in seek.get("invite", ()):
                    label += " · " + t("challenged", name=seek.get("creator", ""))
                button = self._button("accept", "lw-lobby-accept", action="accept", seek=int(seek["id"]))
            seeks.append({"text": label, "buttons": [button]})

        def games(kind: str, action: str) -> list[dict[str, Any]]:
            rows = []
            for g in self.data[kind]:
                names = ", ".join(str(s.get("player") or s.get("bot") or "—") for s in g.get("seats", ()))
                button = self._button(action, f"lw-lobby-{action}", action="open", game=int(g["id"]))
                rows.append({"text": t("game", game=g["id"], names=names), "buttons": [button]})
            return rows

        return [
            {"id": "online", "heading": t("online"), "rows": online, "empty": t("nobody")},
            {"id": "seeks", "heading": t("seeks"), "rows": seeks, "empty": t("no_seeks")},
            {"id": "games", "heading": t("games"), "rows": games("games", "resume"), "empty": t("no_games")},
            {
                "id": "watch",
                "heading": t("watch_title"),
                "rows": games("class", "watch"),
                "empty": t("no_watch"),
            },
        ]

    # ------------------------------------------------------------------ the requests

    async def _join_arena(self, aio: AsyncClassClient) -> Callable[[], Any]:
        info = self.arena.get("arena") or {}
        await aio.join_arena(int(info["id"]))
        return lambda: self._say("success", self._t("joined", ARENA))

    async def _leave_arena(self, aio: AsyncClassClient) -> None:
        info = self.arena.get("arena") or {}
        await aio.leave_arena(int(info["id"]))

    async def _open_arena_game(self, aio: AsyncClassClient) -> Callable[[], Any] | None:
        game = (self.arena.get("you") or {}).get("game")
        if not isinstance(game, int):
            return None
        self._arena_opened.add(game)
        return partial(self._put_board, await aio.game(game))

    def _open_seek(self, players: Any, bots: Any, limit_text: str) -> None:
        """**Open an invitation**: the seats, bots and turn limit of the form (a bad limit is said, nothing sent)."""
        try:
            limit = turn_limit(limit_text)
        except ValueError:
            text = self._t("bad_turn_limit", SEEK, value=limit_text.strip()[:20], max=MAX_TURN_LIMIT)
            self._say("error", text)
            return
        seats = players if players in (2, 3, 4) else 2
        specs = ("mcts:easy",) * min(bots if bots in (0, 1, 2, 3) else 0, seats - 1)

        async def work(aio: AsyncClassClient) -> Callable[[], Any] | None:
            return await self._accepted(await aio.open_seek(seats, (), specs, turn_limit=limit), aio)

        self._submit(work, "opened")

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
        self._say("info", self._t("working"))

        async def job(aio: AsyncClassClient) -> tuple[Callable[[], Any] | None, dict[str, Any]]:
            then = await work(aio)
            return then, await self._read(aio)

        def apply(answer: tuple[Callable[[], Any] | None, dict[str, Any]]) -> None:
            then, data = answer
            self.notice = None  # the lists say who the pupil is again
            self._draw(data)
            if done is not None:
                self._say("success", self._t(done))
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
        self._output.append_display_data(self.board)
        return self.board

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<logger_widget.Lobby {self.client!r}>"

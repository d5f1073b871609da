"""The lobby of class play: who is online, open seeks, challenges, the pupil's games (ipywidgets).

``Lobby(locale="uk")`` in a notebook on the class hub shows

* **Online now**: classmates whose kernels are connected, each with **Challenge**;
* **Open seeks**: games waiting for players, with **Accept** (or **Cancel** for the pupil's own);
  **Open a seek** with 2–4 seats, bots filling some of them;
* **Your games**: the pupil's games in progress with **Resume** — after a kernel restart, a
  closed tab or a culled server the game is still the service's, and Resume puts it on a new
  board — and the class's other games with **Watch**;

and, below, the board of the game opened (an :class:`~.online_mode.OnlineBoard`). The lists are
refreshed by **Refresh** and every ``refresh`` seconds in the background (the answer applied on
the kernel's event loop). Off the hub the lobby says that class play needs the class hub (it
never raises in a notebook); a service that does not answer is said so too.
"""

from __future__ import annotations

import asyncio
import html
import logging
import threading
import weakref
from collections.abc import Callable
from functools import partial
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ..i18n import Translator
from ..i18n.texts.online import ERRORS, LOBBY
from ..online.client import ClassClient, ClassGameError, NotOnHub, Refused, connect
from .online_mode import OnlineBoard

__all__ = ["Lobby"]

log = logging.getLogger(__name__)


#: The lobby of each pupil in this kernel (a new one closes the old one).
_lobbies: weakref.WeakValueDictionary[str, Lobby] = weakref.WeakValueDictionary()


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


def _fill(box: w.Box, rows: list[w.Widget]) -> None:
    """Put ``rows`` in ``box``; the rows they replace are closed (their models leave the kernel and the page)."""
    old = list(box.children)
    box.children = rows
    for row in old:
        for child in getattr(row, "children", ()):
            child.close()
        row.close()


def _challenge(name: str, client: ClassClient) -> None:
    client.open_seek(2, (name,))


def _cancel(seek: int, client: ClassClient) -> None:
    client.cancel(seek)


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
        self._stop = threading.Event()
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        t = self._t
        self._title = w.HTML(f"<h3>{html.escape(t('title'))}</h3>")
        self._notice = w.HTML("")
        self._online = w.VBox()
        self._seeks = w.VBox()
        self._games = w.VBox()
        self._watch = w.VBox()
        self._drawn = False
        self._key: tuple[Any, ...] = ()
        self._seats = w.Dropdown(options=[2, 3, 4], value=2, description=t("players"))
        self._bots = w.Dropdown(options=[0, 1, 2, 3], value=0, description=t("bots"))
        self._open = w.Button(description=t("open_seek"))
        self._open.add_class("lw-lobby-open")
        self._open.on_click(
            lambda _b: self._act(
                lambda c: self._accepted(c.open_seek(self._seats.value, (), self._bot_specs())), "opened"
            )
        )
        self._refresh = w.Button(description=t("refresh"), icon="refresh")
        self._refresh.add_class("lw-lobby-refresh")
        self._refresh.on_click(lambda _b: self.refresh())
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
                self._title,
                self._notice,
                self._heading("online"),
                self._online,
                self._heading("seeks"),
                self._seeks,
                w.HBox([self._seats, self._bots, self._open]),
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
            old.close()  # the cell was run again: one lobby (and one refresh thread) per pupil
        _lobbies[self.client.who] = self
        self.refresh()
        if refresh > 0:
            threading.Thread(target=self._every, args=(refresh,), name="classgame-lobby", daemon=True).start()

    # ------------------------------------------------------------------ texts

    def _t(self, key: str, table: Any = LOBBY, **params: Any) -> str:
        return self.tr.format(table[key], **params)

    def _heading(self, key: str) -> w.HTML:
        return w.HTML(f"<b>{html.escape(self._t(key))}</b>")

    def _box(self, kind: str, text: str) -> str:
        return f'<div class="lw-lobby-notice" data-kind="{kind}">{html.escape(text)}</div>'

    # ------------------------------------------------------------------ the lists

    def refresh(self) -> None:
        """Read who is online, the seeks and the games again, and redraw the lists."""
        if self.client is None:
            return
        try:
            data = self._read(self.client)
        except ClassGameError as e:
            self._show_error(e)
            return
        self._draw(data)

    def _read(self, client: ClassClient) -> dict[str, Any]:
        client.heartbeat()
        me = self.me or client.me()
        return {
            "me": me,
            "players": [p for p in client.presence() if p.get("online")],
            "seeks": client.seeks(),
            "games": client.games(status="active"),
            "class": client.games(whole_class=True, status="active"),
        }

    def _every(self, seconds: float) -> None:
        """Background refresh: read in this thread, redraw on the kernel's loop."""
        while not self._stop.wait(seconds):
            client = self.client
            if client is None:
                return
            try:
                data = self._read(client)
            except ClassGameError as e:
                self._deliver(partial(self._show_error, e))
                continue
            self._deliver(partial(self._draw, data))

    def _deliver(self, fn: Callable[[], None]) -> None:
        loop = self._loop
        if loop is not None and loop.is_running() and not loop.is_closed():
            loop.call_soon_threadsafe(fn)
        else:
            fn()

    def close(self) -> None:
        """Stop the background refresh (and the open board's feed)."""
        self._stop.set()
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
        mine = [g for g in data["games"] if any(s.get("player") == name for s in g.get("seats", ()))]
        known = {int(g["id"]) for g in self.data.get("games", ())}
        fresh = [g for g in mine if int(g["id"]) not in known]
        first = not self._drawn
        self._drawn = True
        self.data = {"players": list(data["players"]), "seeks": list(data["seeks"]), "games": mine,
                     "class": [g for g in data["class"] if g not in mine]}  # fmt: skip
        if not self._notice.value or 'data-kind="error"' in self._notice.value:
            self._notice.value = self._box("info", t("me", name=name))
        key = _lists_key(self.data, name)
        if key != self._key:  # rebuilt only when a list changed: a button is never swapped under a click
            self._key = key
            self._rows(name)
        if fresh and not first and (self.board is None or self.board.mode.over):
            self.open(int(fresh[0]["id"]))  # a seek of the pupil's has just started: its board comes up

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

    def _button(self, key: str, act: Callable[[ClassClient], Any], done: str | None = None) -> w.Button:
        button = w.Button(description=self._t(key))
        button.add_class(f"lw-lobby-{key}")
        button.on_click(lambda _b: self._act(act, done))
        return button

    def _act(self, act: Callable[[ClassClient], Any], done: str | None = None) -> None:
        if self.client is None:
            return
        try:
            act(self.client)
        except ClassGameError as e:
            self._show_error(e)
            return
        if done is not None:
            self._notice.value = self._box("success", self._t(done))
        self.refresh()

    def _accept(self, seek: int, client: ClassClient) -> None:
        self._accepted(client.accept(seek))

    def _open_with(self, game: int, client: ClassClient) -> None:
        self.open(game)

    def _accepted(self, seek: dict[str, Any]) -> None:
        """A seek joined or opened: its game's board comes up once every seat is taken."""
        if isinstance(seek.get("game"), int):
            self.open(seek["game"])

    # ------------------------------------------------------------------ boards

    def open(self, game: int) -> OnlineBoard:
        """Put game ``game`` on a board below the lobby (the pupil's seat, or as a spectator)."""
        if self.client is None:
            raise NotOnHub("JUPYTERHUB_API_TOKEN")
        if self.board is not None:
            self.board.close()
        self.board = OnlineBoard(game, self.locale, self.client, poll_wait=self.poll_wait)
        # set as the output's data, not displayed into it: the lobby also opens a board from its
        # background refresh, where no cell is running to route a display message
        self._output.outputs = ()
        self._output.append_display_data(self.board.board)
        return self.board

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<logger_widget.Lobby {self.client!r}>"

"""The board's Online mode: a class game played through the class game service, live.

:class:`OnlineMode` is a :class:`~logger_widget.board.host.Mode` on top of the board's stack. The
service is the authority; the board shows its game:

* **the pupil's turn**: the normal turn flow (clicks, or typed notation). The mode is the board's
  :class:`~logger_widget.board.host.TurnSink`: the Play mode submits the completed turn to it
  (:meth:`OnlineMode.submit`), which plays it on the board at once and sends it (:meth:`OnlineMode.send`:
  ``POST …/turns`` with its ply, in the background): "Sending your turn…" until the service has it.
  A refusal (an illegal, stale or forged turn) puts the service's game back on the board and says
  why, with the rule.
* **a change made in code** (``board.undo()``, ``board.load()``): the board's game is no more the
  service's game and the pupil's turn on its way, so the service's game goes back on it.
* **the others' turns** (classmates, or bots the service plays) arrive through a long poll of the
  game's events (``GET api/games/<id>/events?after=<seq>``, which passes the hub's proxy with no
  websocket), reconnecting with a growing pause (0.5 s to 5 s) while the service cannot be reached,
  and are played on the board on the kernel's event loop, so the board redraws at once.
* **clicks** are taken only on the pupil's own turn; Undo, Redo, New game, Hint, opening another
  game and the bots' buttons are off (the others are refused with the reason, never silently).
* **the online state** is always on the board (the ``online`` panel, the status line and the task
  line): waiting for players, a classmate thinking, the turn being sent, reconnecting, a classmate
  away (with the minutes left before the forfeit), the result (a forfeit too), or watching.

Every request — the turn, the long poll, a read of the game, Resign — is a coroutine on the
kernel's one class play loop (:class:`~.requests.Requests`), its answer handed to the board's
:meth:`Host.deliver <logger_widget.board.host.Host.deliver>` (the board's one path for background
results); the kernel's thread never waits for the service, and :meth:`OnlineMode.close` (or
:meth:`OnlineBoard.close`, which also closes the widget) ends them all at once.

The mode holds the client and the board's :class:`~logger_widget.board.host.Host`, never the
widget. :class:`OnlineBoard` is a board made with it (as :class:`~logger_widget.board.PuzzleBoard` is).
A kernel restart, a closed tab or a culled server loses nothing: the game is the service's, and
``OnlineBoard(game)`` (or the lobby's Resume) puts it back on a new board.

Under the board of a player (not a watcher) whose game goes on, the board shows **Resign** (the
``resign`` intent, drawn by the board's own front end); it asks first (**Yes, resign** or **No,
play on**), so a misclick loses nothing. The service ends the game, and every board of it says who
resigned.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import math
import time
import weakref
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from typing import Any

from ..board.host import TURN_INTENTS, BaseMode
from ..board.view import BoardState, Notice, ViewModel, players_in_sentence
from ..board.widget import Board
from ..engine.errors import LoggerError
from ..engine.game import Game
from ..engine.turn import Turn
from ..i18n import Translator
from ..i18n.explain import explain_rule
from ..i18n.texts.online import ERRORS, ONLINE, RESIGN, STATUS
from ..online.client import (
    POLL_WAIT,
    AsyncClassClient,
    ClassClient,
    ClassGameError,
    Refused,
    ServiceUnreachable,
    connect,
)
from .requests import Requests

__all__ = ["OFF_INTENTS", "OnlineBoard", "OnlineMode", "game_from"]

log = logging.getLogger(__name__)

#: Intents that have no meaning in a class game (the service holds the game): always refused.
OFF_INTENTS = frozenset(
    {"undo", "redo", "new_game", "import", "resume", "hint", "take_over", "retry", "restart", "next_lesson"}
)

#: The board of each game followed in this kernel, by pupil: a new board of the pupil's for the same game
#: (the cell run again) stops the old one following it.
_followers: weakref.WeakValueDictionary[tuple[str, int], OnlineMode] = weakref.WeakValueDictionary()


def game_from(info: Mapping[str, Any]) -> Game:
    """The :class:`Game` of the service's game ``info``: its start position and turns, replayed by the engine.

    ``info`` is a :class:`~logger_widget.online.protocol.GameState`.

    Raises:
        ClassGameError: the record cannot be replayed (a fault of the service, never of the pupil).
    """
    try:
        game = Game(str(info["start"]), turn_limit=info.get("turn_limit"))
        for turn in info.get("turns") or ():
            game.play(str(turn))
    except (LoggerError, ValueError, TypeError, KeyError) as e:
        raise ClassGameError(f"the service's record of game {info.get('id')} cannot be replayed: {e}") from e
    return game


class OnlineMode(BaseMode):
    """The Online mode (see the module docstring).

    Args:
        client: the pupil's :class:`~logger_widget.online.client.ClassClient`.
        info: the service's game (:class:`~logger_widget.online.protocol.GameState`: id, seats,
            status, start and turns, ``last_seq``, result, ``you``: the pupil's seats).
        poll_wait: seconds a long poll waits for an event (default the client's; tests shorten it).

    Attributes:
        seats: per seat (index = seat − 1) the service's seat (``player`` or ``bot``; ``online`` and
            ``forfeit_in`` where the service tells them).
        mine: the seats the pupil plays (empty: the pupil watches).
        status: ``"active"`` or ``"finished"`` (the service's word).
        result: the service's result once finished (``winners``, ``reason``, ``left``…), else ``None``.
        pending: ``(ply, notation)`` of the pupil's turn on its way to the service, else ``None``.
        trouble: the error while the service cannot be reached, else ``None``.
        resigning: the pupil's resignation is on its way (:meth:`resign`).
        seq: the last event taken.
    """

    name = "online"

    def __init__(
        self, client: ClassClient, info: Mapping[str, Any], *, poll_wait: float | None = None
    ) -> None:
        self.client = client
        self.game_id = int(info["id"])
        self.poll_wait = poll_wait
        self.seats: list[dict[str, Any]] = []
        self.mine: frozenset[int] = frozenset()
        self.status = "active"
        self.result: dict[str, Any] | None = None
        self.pending: tuple[int, str] | None = None
        self.trouble: ClassGameError | None = None
        self.resigning = False  # the pupil's resignation is on its way to the service
        self.asking = False  # Resign was pressed: the board asks before giving up
        self.seq = 0
        self._confirmed = 0  # turns the service has
        #: the game the board must hold: the service's (and the pupil's turn on its way); start and turns
        self._known: tuple[Any, tuple[Any, ...]] | None = None
        self._requests: Requests | None = None  # made on first use (:attr:`requests`)
        self._feed: concurrent.futures.Future[Any] | None = None
        self._closed = False
        self._presence_read = 0.0
        self._looked: tuple[Any, ...] = ()
        self.update(info)
        self.mine = frozenset(int(s) for s in info.get("you") or ())

    def _held(self) -> tuple[Any, tuple[Any, ...]]:
        """The game the board must hold (start and turns): at first the one the board was made with."""
        if self._known is None:
            self._hold()
        assert self._known is not None
        return self._known

    def _hold(self) -> None:
        """The board's game, as it is now, is the one it must hold."""
        game = self.host.game
        self._known = (game.start, tuple(game.turns))

    # ------------------------------------------------------------------ the service's game

    def update(self, info: Mapping[str, Any]) -> None:
        """Take the seats, status, result and event number of the service's game ``info`` (not its turns)."""
        if info.get("seats"):
            self.seats = [dict(s) for s in info["seats"]]
        self.status = str(info.get("status") or self.status)
        if isinstance(info.get("result"), Mapping):
            self.result = dict(info["result"])
        if isinstance(info.get("last_seq"), int):
            self.seq = max(self.seq, info["last_seq"])
        if isinstance(info.get("turns"), list):
            self._confirmed = len(info["turns"])

    @property
    def watching(self) -> bool:
        """The pupil has no seat in this game: the board only follows it."""
        return not self.mine

    @property
    def over(self) -> bool:
        """The service says the game is finished (by its end, the turn limit, a resignation or a forfeit)."""
        return self.status == "finished"

    def my_turn(self) -> bool:
        """The pupil may play now: the game goes on, the seat to move is theirs, no turn is on its way."""
        game = self.host.game
        return (
            not self.over
            and not game.is_over
            and self.pending is None
            and game.position.to_move in self.mine
            and len(game.turns) == self._confirmed
        )

    def seat_name(self, seat: int) -> str:
        """The classmate's hub name of ``seat`` (1-based), a bot's preset, or ``""``."""
        s = self.seats[seat - 1] if 0 < seat <= len(self.seats) else {}
        return str(s.get("player") or s.get("bot") or "")

    # ------------------------------------------------------------------ following the game

    @property
    def requests(self) -> Requests:
        """The mode's requests to the service (see :class:`~.requests.Requests`), answered to its board.

        Raises:
            RuntimeError: the mode is not on a board yet.
        """
        if self._requests is None:  # the board's deliver: its one path for background results
            self._requests = Requests(self.client, self.host.deliver)
        return self._requests

    def start(self) -> None:
        """Follow the game live (a long poll on the class loop); a finished game is not followed."""
        self._hold()  # the board holds the service's game
        if self.over or self._closed:
            return
        key = (self.client.who, self.game_id)
        old = _followers.get(key)
        if old is not None:
            old.stop_following()  # the cell was run again: the old board stops following
        _followers[key] = self
        self._feed = self.requests.start(self._follow(), loop=True)

    def stop_following(self) -> None:
        """Stop following the game (the board hears of no more turns; a turn of its own is still sent)."""
        if self._feed is not None:
            self._feed.cancel()

    def close(self) -> None:
        """Stop following the game and every request at once (the board stays as it is)."""
        self._closed = True
        if self._requests is not None:
            self._requests.close()

    async def _follow(self) -> None:
        """Long-poll the game's events and deliver each answer; reconnect with a growing pause (0.5 s to 5 s)."""
        aio, requests = self.client.aio, self.requests
        wait = POLL_WAIT if self.poll_wait is None else self.poll_wait
        pause, troubled, after = 0.5, False, self.seq
        while True:
            try:
                answer = await aio.events(self.game_id, after, wait)
            except ServiceUnreachable as e:
                if not troubled:
                    troubled = True
                    requests.deliver(partial(self._on_trouble, e))
                await asyncio.sleep(pause)
                pause = min(5.0, pause * 2)
                continue
            except Refused as e:  # the game is gone, or the pupil may not follow it: stop
                requests.deliver(partial(self._on_trouble, e))
                return
            if troubled:
                troubled, pause = False, 0.5
                requests.deliver(partial(self._on_trouble, None))
            events = answer.get("events") or []
            after = max([after, *(e["seq"] for e in events if isinstance(e.get("seq"), int))])
            requests.deliver(partial(self._on_events, answer))
            if answer.get("status") == "finished" and not events:
                return

    def _on_events(self, answer: Mapping[str, Any]) -> None:
        """An answer of the long poll (on the kernel's loop): play the turns, take the rest, redraw."""
        host = self.host
        with host.lock:
            in_step = True
            for event in answer.get("events") or ():
                if not isinstance(event.get("seq"), int) or event["seq"] <= self.seq:
                    continue  # seen already (a resync read it)
                self.seq = event["seq"]
                kind = event.get("kind")
                if kind == "turn":
                    in_step = in_step and self._take_turn(int(event["ply"]), str(event["turn"]))
                elif kind == "over":
                    self.status = "finished"
                    if isinstance(event.get("result"), Mapping):
                        self.result = dict(event["result"])
                elif kind == "presence" and isinstance(event.get("seat"), int):
                    seat = event["seat"]
                    if 0 < seat <= len(self.seats):
                        self.seats[seat - 1]["online"] = bool(event.get("online"))
                    self._presence_read = 0.0  # read the seats at once: the minutes left before a forfeit
            if answer.get("status") == "finished":
                self.status = "finished"
            if not in_step:
                self.resync(Notice("info", lambda tr: tr.translate(ERRORS["moved_on"])))
            elif not self.over and (not answer.get("events") or not self._presence_read):
                self._read_presence()
            self._changed()

    def _look(self) -> tuple[Any, ...]:
        """What the mode adds to the view (its state, the seats' presence, the result): redrawn when it changes."""
        away = tuple(
            (
                s.get("online"),
                math.ceil(float(s["forfeit_in"]) / 60)
                if isinstance(s.get("forfeit_in"), (int, float))
                else None,
            )
            for s in self.seats
        )
        return (self.state_name(), away, self.status, repr(self.result), self._confirmed, self.pending)

    def _changed(self) -> None:
        """Redraw only when what the board shows changed.

        A redraw between the view a pupil sees and their click makes the click stale (refused), so a
        quiet long poll must not redraw.
        """
        if self._look() != self._looked:
            self.host.changed()

    def _take_turn(self, ply: int, notation: str) -> bool:
        """The service's turn at ``ply``: confirm ours, or play a classmate's; False when out of step.

        The notation is parsed once, against the position it was played from.
        """
        game = self.host.game
        if ply > len(game.turns):
            return False
        turn = _parse(game.positions[ply], notation)
        if ply < len(game.turns):
            if game.turns[ply] != turn:
                return False  # the board holds another turn there: the service's game goes back on
            self._confirmed = max(self._confirmed, ply + 1)
            if self.pending is not None and self.pending[0] == ply:
                self.pending = None
            return True
        if turn is None:
            return False
        self._confirmed = ply + 1  # before the turn is played: the board draws it as the service's
        start, turns = self._held()
        self._known = (start, (*turns, turn))
        try:
            self.host.play_turn(turn)
        except LoggerError:
            self._confirmed = ply
            self._hold()
            return False
        return True

    def _on_trouble(self, error: ClassGameError | None) -> None:
        """The feed lost the service (``error``) or reached it again (``None``: the game is read again)."""
        with self.host.lock:
            if error is None:
                if self.trouble is not None:
                    self.trouble = None
                    # a note, not "✓ Correct": it judges nothing
                    self.resync(Notice("info", lambda tr: tr.translate(ERRORS["reconnected"])))
            elif isinstance(error, Refused):  # the service answers, but no more for this game: say why
                self.trouble = None
                self.host.show(Notice("error", refusal_text(error)))
            else:
                self.trouble = error
            self._changed()

    def _read_presence(self) -> None:
        """Re-read the seats (who is connected) at most every 10 s, in the background."""
        now = time.monotonic()
        if now - self._presence_read < 10.0:
            return
        self._presence_read = now
        self._ask(self._take_seats)

    def _take_seats(self, info: Mapping[str, Any]) -> None:
        with self.host.lock:
            if info.get("seats"):
                self.seats = [dict(s) for s in info["seats"]]
            self._changed()

    def resync(self, notice: Notice | None = None) -> None:
        """Put the service's game on the board (read in the background), saying why with ``notice``."""
        self._ask(partial(self._replace, notice=notice))

    def _ask(
        self,
        then: Callable[[Mapping[str, Any]], None],
        request: Callable[[AsyncClassClient], Awaitable[Mapping[str, Any]]] | None = None,
        failed: Callable[[ClassGameError], None] | None = None,
    ) -> None:
        """Ask ``request`` (default: the service's game) in the background; ``then`` its answer, ``failed`` its error.

        Both run on the kernel's event loop (``failed`` defaults to the trouble handler).
        """
        game = self.game_id
        self.requests.ask(request or (lambda aio: aio.game(game)), then, failed or self._on_trouble)

    def _replace(self, info: Mapping[str, Any], notice: Notice | None = None) -> None:
        try:
            game = game_from(info)
        except ClassGameError:
            log.exception("logger_widget: class game %s", self.game_id)
            return
        host = self.host
        with host.lock:
            seq = info.get("last_seq")
            if isinstance(seq, int) and seq < self.seq:  # read before events the board has taken since
                self.resync(notice)  # (a turn sent meanwhile): read again rather than go back
                return
            if self._before_pending(game):  # read before the pupil's turn on its way reached the service:
                self.update(info)  # the turn stays on the board; its answer or its event comes next
                if notice is not None:
                    host.show(notice)
                self._changed()
                return
            self.pending = None
            self.update(info)
            local = host.game
            self._known = (game.start, tuple(game.turns))
            if local.start == game.start and local.turns == game.turns:
                if notice is not None:
                    host.show(notice)
                self._changed()
                return
            host.replace_game(game, notice)

    # ------------------------------------------------------------------ the pupil's turn

    def submit(self, turn: Turn, notice: Notice | None = None) -> None:
        """The pupil's completed turn (the board's :class:`~logger_widget.board.host.TurnSink`).

        It is played on the board at once (optimistically) and sent to the service
        (:meth:`send`); the service confirms it, or refuses it and its game goes back on the board
        with the reason.

        Raises:
            ValueError: the seat to move is not the pupil's now (a watcher, a classmate's turn, the
                game over, a turn still on its way); the board is unchanged.
            IllegalTurnError: ``turn`` is not legal here; the board is unchanged.
        """
        game = self.host.game
        ply, seat = len(game.turns), game.position.to_move
        if not self.my_turn():
            raise ValueError(
                f"turn {turn.notation()!r}: class game {self.game_id} does not take a turn of seat {seat} "
                f"from this board now (its seats: {sorted(self.mine) or 'none, it watches'}; "
                f"state {self.state_name()})"
            )
        known = self._held()
        self._known = (known[0], (*known[1], turn))
        self.pending = (ply, turn.notation())  # before the board draws the turn: it says "sending"
        try:
            self.host.play_turn(turn, notice)
        except LoggerError:
            self._known, self.pending = known, None
            raise
        self.send(ply, turn.notation())

    def after_change(self) -> None:
        """After any change of the board's game: a game other than the service's is undone.

        The board holds the service's game and the pupil's turn on its way; anything else
        (``board.undo()`` or ``board.load()`` in code) is replaced by the service's game.
        """
        game = self.host.game
        if (game.start, tuple(game.turns)) != self._held():
            self._hold()  # until the service's game is read (then it is the one to hold)
            self.resync(Notice("info", lambda tr: tr.translate(ERRORS["off"])))

    def send(self, ply: int, notation: str) -> None:
        """Send the pupil's turn ``notation`` played at ``ply`` (in the background).

        Sent again while the service cannot be reached (after 0.5 s, then longer, up to 5 s), until
        :meth:`close`.
        """
        self.pending = (ply, notation)
        self.requests.start(self._send(ply, notation))

    async def _send(self, ply: int, notation: str) -> None:
        aio, requests, pause = self.client.aio, self.requests, 0.5
        while True:
            try:
                await aio.play(self.game_id, ply, notation)
            except ServiceUnreachable as e:
                requests.deliver(partial(self._on_trouble, e))
                await asyncio.sleep(pause)
                pause = min(5.0, pause * 2)
                continue
            except Refused as e:
                requests.deliver(partial(self._refused, e))
                return
            requests.deliver(partial(self._sent, ply))
            return

    def _sent(self, ply: int) -> None:
        with self.host.lock:
            if self.pending is not None and self.pending[0] == ply:
                self.pending = None
            self._confirmed = max(self._confirmed, ply + 1)
            self.trouble = None
            self._changed()

    def _before_pending(self, game: Game) -> bool:
        """``game`` (the service's) is the board's game without the pupil's turn still on its way."""
        if self.pending is None:
            return False
        ply, local = self.pending[0], self.host.game
        return (
            game.start == local.start
            and tuple(game.turns) == tuple(local.turns[:ply])
            and len(local.turns) > ply
        )

    def _refused(self, error: Refused) -> None:
        """The service refused the pupil's turn: its game goes back on the board, with the reason."""
        with self.host.lock:
            self.pending = None  # the turn is not on its way any more: the service's game replaces it
            self.resync(Notice("error", refusal_text(error)))

    def can_resign(self) -> bool:
        """The pupil plays in this game, it goes on and no resignation is on its way: they may give it up."""
        return not self.watching and not self.over and not self.host.game.is_over and not self.resigning

    def resign(self) -> None:
        """Give the game up (sent in the background): the service ends it, the board shows the result.

        A refusal (the game had ended meanwhile) or a service that does not answer is said on
        the board; the service's game is read again after a refusal.
        """
        self.resigning = True
        game = self.game_id
        self._ask(
            lambda event: self._on_events({"events": [event], "status": "finished"}),
            lambda aio: aio.resign(game),
            self._resign_failed,
        )

    def _resign_failed(self, error: ClassGameError) -> None:
        with self.host.lock:
            self.resigning = False
            if isinstance(error, Refused):
                self._refused(error)  # the game had ended meanwhile: the service's game goes on the board
            else:
                self.host.show(Notice("error", refusal_text(error)))

    # ------------------------------------------------------------------ the mode

    @property
    def active(self) -> bool:
        """Always on: the whole board is a class game."""
        return True

    def handle(self, action: str, msg: dict[str, Any]) -> str | None:
        """The Resign panel's intent ``resign`` (``op``: ``ask``, ``yes`` or ``no``); others pass."""
        if action != "resign":
            return None
        op = msg.get("op")
        if op not in ("ask", "yes", "no"):
            return "invalid"
        if op == "no":
            self.asking = False
            return "ok"
        if not self.can_resign():
            self.asking = False
            self.host.show(self.refusal(action))
            return "rejected"
        self.asking = op == "ask"
        if op == "yes":
            self.resign()
        return "ok"

    def allows(self, action: str) -> bool:
        """Turn steps only on the pupil's own turn; nothing that would change the game otherwise."""
        if action in OFF_INTENTS:
            return False
        if action == "review":
            return self.over or self.host.game.is_over
        if action in TURN_INTENTS:
            return self.my_turn()
        return True

    def refusal(self, action: str) -> Notice:
        """Why the intent is refused: off in a class game, watching, over, on its way, someone else's turn."""
        params: dict[str, str] = {}
        if action in OFF_INTENTS or action == "review":
            key = "off"
        elif action == "resign" and self.resigning:
            key = "sending"
        elif self.watching:
            key = "watching"
        elif self.over or self.host.game.is_over:
            key = "over"
        elif self.pending is not None or len(self.host.game.turns) != self._confirmed:
            key = "sending"
        else:
            key, params = "not_your_turn", {"name": self.seat_name(self.host.game.position.to_move)}
        return Notice("info", lambda tr: tr.format(ERRORS[key], **params))

    def adjust(self, state: BoardState) -> None:
        """Not the pupil's turn: no turn in progress is drawn, and the seat to move "thinks"."""
        if self.my_turn():
            return
        state.tip = None
        state.action_tip = None
        state.can_back = False
        game = self.host.game
        if not self.over and not game.is_over:
            state.thinking = game.position.to_move

    def state_name(self) -> str:
        """The online state: ``my_turn``, ``sending``, ``thinking``, ``away``, ``reconnecting`` or ``over``."""
        game = self.host.game
        if self.over or game.is_over:
            return "over"
        if self.trouble is not None:
            return "reconnecting"
        if self.pending is not None:
            return "sending"
        if self.my_turn():
            return "my_turn"
        if self._away(game.position.to_move) is not None:
            return "away"
        return "thinking"

    def _away(self, seat: int) -> dict[str, Any] | None:
        s = self.seats[seat - 1] if 0 < seat <= len(self.seats) else {}
        return s if s.get("player") and s.get("online") is False else None

    def panels(self, view: ViewModel, tr: Translator) -> dict[str, Any]:
        """The online panel, the task and status lines, named player cards, the game's buttons off."""
        state = self.state_name()
        self._looked = self._look()
        out: dict[str, Any] = {
            "controls": {"new_game": False, "language": False},  # the service's game: neither applies
            "undo": {"enabled": False},
            "redo": {"enabled": False},
            "hint": {**view["hint"], "enabled": False, "text": None},
            "task": self._task(tr),
            "players": [self._card(card, tr) for card in view["players"]],
            "online": {
                "game": self.game_id,
                "state": state,
                "status": self.status,
                "watching": self.watching,
                "mine": sorted(self.mine),
                "seats": [self.seat_name(i + 1) for i in range(len(self.seats))],
                "result": self.result,
                "ply": self._confirmed,
            },
        }
        may = self.can_resign()
        out["resign"] = {
            "shown": may,
            "asking": may and self.asking,
            "label": tr.translate(RESIGN["resign"]),
            "question": tr.translate(RESIGN["confirm"]),
            "yes": tr.translate(RESIGN["yes"]),
            "no": tr.translate(RESIGN["no"]),
        }
        if "review" in view and not (self.over or self.host.game.is_over):
            out["review"] = {**view["review"], "available": False}
        status = self._status(state, tr)
        if status is not None:
            out["status"] = status
        if self.over and not self.host.game.is_over:  # resigned or forfeited: the rules did not end it
            out.update(over=True, interactive=False, stage="over")
        return out

    def _task(self, tr: Translator) -> str:
        if self.watching:
            return tr.format(ONLINE["watching"], game=self.game_id)
        you = players_in_sentence(tr, sorted(self.mine))
        return tr.format(ONLINE["task"], game=self.game_id, you=you)

    def _card(self, card: dict[str, Any], tr: Translator) -> dict[str, Any]:
        seat = int(card["seat"])
        s = self.seats[seat - 1] if seat <= len(self.seats) else {}
        kind = ONLINE["you"] if seat in self.mine else ONLINE["bot"] if s.get("bot") else ONLINE["classmate"]
        out = {**card, "kind_text": tr.translate(kind), "bot_name": self.seat_name(seat),
               "bot_name_full": self.seat_name(seat)}  # fmt: skip
        if self._away(seat) is not None and not (self.over or self.host.game.is_over):
            out["badge"] = tr.translate(ONLINE["away"])
        return out

    def _status(self, state: str, tr: Translator) -> dict[str, str] | None:
        game = self.host.game
        to_move = game.position.to_move
        if state == "over":
            result = self.result or {}
            if result.get("reason") in ("forfeit", "resign"):
                gone = tr.format_list([self.seat_name(int(s)) for s in result.get("left") or ()])
                key = "forfeit" if result["reason"] == "forfeit" else "resigned"
                return {"kind": "over", "text": tr.format(STATUS[key], name=gone)}
            winners = result.get("winners")
            # the rules ended it and the service's verdict is still on its way: the same rules, the same verdict
            if not result and game.outcome is not None:
                winners = list(game.outcome.winners)
            if isinstance(winners, list) and winners:
                names = tr.format_list([self.seat_name(int(w)) for w in winners])
                return {"kind": "over", "text": tr.format(STATUS["winners"], names=names)}
            return None
        if state == "reconnecting":
            return {"kind": "thinking", "text": tr.translate(STATUS["reconnecting"])}
        if state == "sending":
            return {"kind": "thinking", "text": tr.translate(STATUS["sending"])}
        if state == "away":
            away = self._away(to_move) or {}
            left = away.get("forfeit_in")
            minutes = max(1, math.ceil(float(left) / 60)) if isinstance(left, (int, float)) else 0
            if not minutes:
                return {"kind": "paused", "text": tr.format(STATUS["away_now"], name=self.seat_name(to_move))}
            return {"kind": "paused", "text": tr.count(STATUS["away"], minutes, name=self.seat_name(to_move))}
        if state == "thinking":
            return {"kind": "thinking", "text": tr.format(STATUS["thinking"], name=self.seat_name(to_move))}
        return None


def _parse(position: Any, notation: str) -> Any:
    try:
        return position.parse_turn(notation)
    except LoggerError:
        return None


def refusal_text(error: ClassGameError) -> Callable[[Translator], str]:
    """Why the service refused a turn, in the pupil's language: the rule broken, or the service's reason."""

    def render(tr: Translator) -> str:
        if isinstance(error, Refused) and error.rule:
            try:
                return tr.format(ERRORS["refused"], reason=explain_rule(tr, error.rule, error.params))
            except KeyError:
                pass
        if isinstance(error, Refused) and error.code in ("stale_ply", "not_your_seat", "game_over"):
            return tr.translate(ERRORS["moved_on"])
        if isinstance(error, Refused):
            return tr.format(ERRORS["service"], code=error.code, message=error.message)
        return tr.format(ERRORS["unreachable"], error=str(error))

    return render


class OnlineBoard(Board):
    """A board showing class game ``game`` live (see the module docstring).

    A :class:`~logger_widget.board.widget.Board` made with an :class:`OnlineMode` (:attr:`mode`) as
    its mode and its turn sink; Resign is drawn by the board's own front end (the view's ``resign``
    panel).

    Args:
        game: the game's id (from the lobby, or :meth:`ClassClient.games`).
        locale: ``"uk"``, ``"es"`` or ``"en"``.
        client: the pupil's client (default: :func:`~logger_widget.online.client.connect`).
        poll_wait: seconds a long poll waits (tests shorten it).
        info: the game's record as the service sent it, when it is read already (a lobby reads it
            off the kernel's thread); default: read here.
        options: more keyword arguments for :class:`~logger_widget.board.widget.Board`.

    Raises:
        NotOnHub: the kernel is not on the class hub.
        ServiceUnreachable, Refused: the service cannot be reached, or does not know the game.
    """

    #: the pupil's client
    client: ClassClient
    #: the Online mode: the service's seats, status, result and the pupil's turn on its way
    mode: OnlineMode

    def __init__(
        self,
        game: int,
        locale: str = "uk",
        client: ClassClient | None = None,
        *,
        poll_wait: float | None = None,
        info: Mapping[str, Any] | None = None,
        **options: Any,
    ) -> None:
        self.client = client if client is not None else connect()
        if info is None:
            info = self.client.game(game)
        record = game_from(info)
        self.mode = OnlineMode(self.client, info, poll_wait=poll_wait)
        options.setdefault("autosave", False)
        super().__init__(
            ["human"] * record.players,
            locale=locale,
            record=record,
            hint_bot=None,
            mode=self.mode,
            sink=self.mode,  # the pupil's turn goes to the service
            **options,
        )
        self.mode.start()

    def close(self) -> None:
        """Stop following the game and every request at once, and close the widget (its views go)."""
        mode = self.__dict__.get("mode")  # None when the board was never made (the service refused)
        if mode is not None:
            mode.close()
        super().close()

    def __repr__(self) -> str:
        return f"<logger_widget.OnlineBoard game {self.mode.game_id} {self.game!r}>"

"""The Logger board: an anywidget for Jupyter (``logger_widget.Board``).

Python is the single source of truth. The ES module (``static/board.js``)
draws the view model of :mod:`logger_widget.board.view` (synced as the
``_view`` trait) and sends the player's *intents* as custom messages::

    {"type": "intent", "client": "<view id>", "seq": 7, "version": 41,
     "action": "cell", "cell": "c3"}

Every intent carries the view ``version`` it was based on and a per-view
sequence number: duplicates (same client, old ``seq``) and stale intents
(an older ``version``) are ignored, so rapid or repeated clicks can never
play twice or act on a board that has changed. Legality comes only from
:class:`~logger_widget.engine.decisions.TurnInProgress`.

Bots run in a background thread (``bot_mode="thread"``, the default) and
their turn is applied on the kernel's event loop; ``bot_mode="sync"`` plays
them at once, for tests and scripts. A bot that raises or returns an illegal
turn pauses its seat with a message: "Try again" or "Play this seat myself".

Python API: :attr:`Board.game`, :attr:`Board.position`, :meth:`Board.play`,
:meth:`Board.load`, :meth:`Board.undo`, :meth:`Board.redo`,
:meth:`Board.new_game`, :meth:`Board.on_change`, and the synced ``lpn`` and
``locale`` traits (``board.observe(callback, "lpn")``). See ``docs/board.md``.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import queue
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..engine.decisions import TurnInProgress
from ..engine.errors import LoggerError, RecordError
from ..engine.game import Game
from ..engine.position import Position
from ..engine.turn import Turn
from ..i18n import PMessage, PPluralMessage, Translator, negotiate
from ..i18n.texts.board import NOTICES
from .view import BoardState, Notice, Seat, build_view, explain_error, player_name

__all__ = ["Board"]

log = logging.getLogger(__name__)

_STATIC = Path(__file__).resolve().parent / "static"
_TARGET_STAGES = ("plant", "chop", "protest")
_BOT_MODES = ("thread", "sync")


def _text(key: str, **params: Any) -> Callable[[Translator], str]:
    """A notice from :data:`NOTICES`, translated when the view is built."""
    message = NOTICES[key]

    def render(tr: Translator) -> str:
        values = {k: (v(tr) if callable(v) else v) for k, v in params.items()}
        if isinstance(message, PPluralMessage):
            return tr.count(message, int(values.pop("n")), **values)
        return tr.format(message, **values)

    return render


def _raw(text: str) -> Callable[[Translator], str]:
    return lambda tr: text


def _illegal(error: BaseException) -> Callable[[Translator], str]:
    """A refused typed turn: the rule it breaks, or why it cannot be read."""

    def render(tr: Translator) -> str:
        if _is_notation_error(error):
            return explain_error(tr, error)
        return tr.format(NOTICES["illegal"], reason=explain_error(tr, error))

    return render


def _player(seat: int) -> Callable[[Translator], str]:
    return lambda tr: player_name(tr, seat)


def _error(error: BaseException) -> Callable[[Translator], str]:
    return lambda tr: explain_error(tr, error)


def _short(error: BaseException) -> str:
    text = f"{type(error).__name__}: {error}"
    return text if len(text) <= 200 else text[:199] + "…"


class Board(anywidget.AnyWidget):
    """A playable Logger board for Jupyter.

    Args:
        players: 2–4 seats, each ``"human"`` or a bot spec accepted by
            :func:`logger_widget.bots.make_bot` (a preset name such as
            ``"mcts:easy"``, ``"greedy"``, ``"random"``, a Bot object or a
            function ``position -> Turn | str``).
        locale: language of every text: ``"uk"``, ``"es"`` or ``"en"`` (any
            tag such as ``"es-MX"`` is negotiated); switchable live.
        seed: seed for the bots (each seat gets its own derived seed).
        corners: one starting corner per seat (default a1/e5, a1/e1/e5, a1/e1/e5/a5).
        record: start from this game instead: a :class:`Game`, a
            :class:`Position`, an LPN string, a JSON record (dict, text or file path).
        bot_mode: ``"thread"`` (bots think in the background) or ``"sync"``
            (bots play at once, inside the call that made it their turn).
        bot_delay: minimal seconds a bot "thinks", so that children can follow (thread mode).
        hint_bot: the bot asked by the Hint button (its ``analyse`` or ``choose``); ``None`` hides hints.
        repetition_rule: end the game when a position occurs for the third time (RULES.md).
        live_chart: show the score chart under the board, redrawn after every turn
            and on a language switch (:meth:`chart`); it can be switched on or off
            later by setting :attr:`live_chart` and calling :meth:`refresh`.
    """

    _esm = _STATIC / "board.js"
    _css = _STATIC / "board.css"

    locale = traitlets.Unicode("uk").tag(sync=True)
    #: The current position in LPN (read it or observe it; set it with :meth:`load`).
    lpn = traitlets.Unicode("").tag(sync=True)
    _view = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        players: Sequence[Any] = ("human", "mcts:easy"),
        locale: str = "uk",
        seed: Any = None,
        corners: Sequence[str] | None = None,
        record: Any = None,
        *,
        bot_mode: str = "thread",
        bot_delay: float = 0.4,
        hint_bot: Any = "mcts:easy",
        repetition_rule: bool = True,
        live_chart: bool = False,
        **kwargs: Any,
    ) -> None:
        if bot_mode not in _BOT_MODES:
            raise ValueError(f"bot_mode must be one of {_BOT_MODES}, not {bot_mode!r}")
        if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
            raise TypeError("players must be a list of 2 to 4 seats, e.g. ['human', 'mcts:easy']")
        specs = list(players)
        if not 2 <= len(specs) <= 4:
            raise ValueError(f"Logger is for 2 to 4 players, not {len(specs)}")
        self._ready = False
        self._lock = threading.RLock()
        self._compute_lock = threading.Lock()
        self._seed = seed
        self._corners = tuple(corners) if corners is not None else None
        self._repetition_rule = bool(repetition_rule)
        self.live_chart = bool(live_chart)
        self._chart_cache: tuple[tuple[Any, ...], dict[str, str]] | None = None
        self.bot_mode = bot_mode
        if not isinstance(bot_delay, (int, float)) or not 0 <= bot_delay <= 10:
            raise ValueError(f"bot_delay must be a number of seconds from 0 to 10, not {bot_delay!r}")
        self.bot_delay = float(bot_delay)
        self._seats = [self._make_seat(spec, i + 1) for i, spec in enumerate(specs)]
        self._hint_spec = hint_bot
        self._hint_bot: Any = None
        self._game = Game.new(len(specs), self._corners, repetition_rule=self._repetition_rule)
        self._steps: list[TurnInProgress] = []
        self._version = 0
        self._epoch = 0
        self._thinking: int | None = None
        self._hint: Turn | None = None
        self._hint_pending = False
        self._notice: Notice | None = None
        self._task: Callable[[Translator], str] | None = None
        self._replay: int | None = None
        self._last_seq: dict[str, int] = {}
        self._callbacks: list[Callable[[Board], Any]] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._inbox: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._tr = Translator(negotiate(locale))
        unknown = sorted(k for k in kwargs if k not in self.class_trait_names())
        if unknown:
            raise TypeError(f"Board() got unexpected keyword argument(s): {', '.join(unknown)}")
        super().__init__(locale=self._tr.language, **kwargs)
        self.on_msg(self._on_custom_msg)
        self._capture_loop()
        if record is not None:
            self._game = self._to_game(record)
            self._fit_seats(self._game.players)
        self._ready = True
        with self._lock:
            self._game_changed(notify=False)
        self._schedule_bots()

    # ------------------------------------------------------------------ seats and bots

    def _make_seat(self, spec: Any, seat: int) -> Seat:
        if isinstance(spec, str) and spec.strip().lower() in ("human", "person", ""):
            return Seat("human", None, "human")
        from ..bots import make_bot  # imported lazily: the board also works for people only

        seed = None if self._seed is None else f"{self._seed}:{seat}"
        try:
            bot = make_bot(spec, seed=seed)
        except ValueError as e:
            raise ValueError(f'seat {seat}: {e}; or "human" for a person') from None
        return Seat("bot", bot, spec if isinstance(spec, str) else getattr(spec, "name", "bot"))

    def _fit_seats(self, players: int) -> None:
        while len(self._seats) < players:
            self._seats.append(Seat())
        del self._seats[players:]

    @property
    def seats(self) -> tuple[str, ...]:
        """Each seat's kind: ``"human"`` or the bot's name."""
        return tuple("human" if not s.is_bot else s.bot_name for s in self._seats)

    def set_player(self, seat: int, spec: Any) -> None:
        """Make ``seat`` (1-based) a person (``"human"``) or a bot (any :func:`make_bot` spec)."""
        if not 1 <= seat <= len(self._seats):
            raise ValueError(f"seat must be 1 to {len(self._seats)}, not {seat!r}")
        with self._lock:
            self._seats[seat - 1] = self._make_seat(spec, seat)
            self._reset_turn()
            self._refresh()
        self._schedule_bots()

    # ------------------------------------------------------------------ public API

    @property
    def game(self) -> Game:
        """The :class:`Game` (history, undo/redo, outcome, records).

        Call :meth:`refresh` after changing it directly.
        """
        return self._game

    @property
    def position(self) -> Position:
        """The current position."""
        return self._game.position

    @property
    def translator(self) -> Translator:
        """The :class:`Translator` of the current language."""
        return self._tr

    @property
    def view(self) -> dict[str, Any]:
        """The current view model (what the front end draws)."""
        return self._view

    @property
    def thinking(self) -> int | None:
        """Seat of the bot that is computing its turn, or ``None``."""
        return self._thinking

    def play(self, turn: Turn | str) -> Position:
        """Play a whole turn (a :class:`Turn` or notation) for the seat to move, bot seats included.

        Raises:
            NotationError, IllegalTurnError: the game and the board are unchanged.
        """
        with self._lock:
            self._game.play(turn)
            self._notice = None
            self._game_changed()
            position = self._game.position
        self._schedule_bots()
        return position

    def load(self, source: Any) -> Game:
        """Continue from ``source``: a :class:`Game`, :class:`Position`, LPN, JSON record or file path.

        Raises:
            LPNError, RecordError: ``source`` cannot be read; the board is unchanged.
        """
        game = self._to_game(source)
        with self._lock:
            self._game = game
            self._fit_seats(game.players)
            self._notice = Notice("success", _text("loaded"))
            self._game_changed()
        self._schedule_bots()
        return game

    def new_game(self) -> Game:
        """Start again from the standard setup with the same seats."""
        with self._lock:
            self._game = Game.new(len(self._seats), self._corners, repetition_rule=self._repetition_rule)
            for s in self._seats:
                s.paused = False
            self._notice = Notice("success", _text("new_game"))
            self._game_changed()
        self._schedule_bots()
        return self._game

    def undo(self, turns: int | None = None) -> int:
        """Take back turns; return how many.

        ``turns=None`` does what the Undo button does: take back turns until a
        person is to move again (so a bot's reply and your turn go together).

        Raises:
            ValueError: there is no turn to undo.
        """
        with self._lock:
            if not self._game.can_undo:
                raise ValueError("nothing to undo: no turn has been played")
            n = 0
            limit = turns if turns is not None else len(self._game.turns)
            while self._game.can_undo and n < limit:
                self._game.undo()
                n += 1
                if turns is None and self._is_human(self._game.position.to_move):
                    break
            self._notice = Notice("info", _text("undone", n=n))
            self._game_changed()
        self._schedule_bots()
        return n

    def redo(self, turns: int | None = None) -> int:
        """Play again undone turns (``None``: until a person is to move); return how many.

        Raises:
            ValueError: there is nothing to redo.
        """
        with self._lock:
            if not self._game.can_redo:
                raise ValueError("nothing to redo")
            n = 0
            limit = turns if turns is not None else 10**9
            while self._game.can_redo and n < limit and not self._game.is_over:
                self._game.redo()
                n += 1
                if turns is None and self._is_human(self._game.position.to_move):
                    break
            self._notice = Notice("info", _text("redone", n=n))
            self._game_changed()
        self._schedule_bots()
        return n

    def refresh(self) -> None:
        """Redraw after changing :attr:`game` directly."""
        with self._lock:
            self._game_changed(notify=True)
        self._schedule_bots()

    def chart(self, **options: Any) -> Any:
        """The score chart of the game so far, in the board's language.

        Returns a matplotlib ``Figure`` (see :func:`logger_widget.charts.score_progression`;
        ``options`` are passed to it).
        """
        from ..charts import score_progression

        return score_progression(self._record_game(), locale=self._tr, **options)

    def notify(self, kind: str, message: str | Callable[[Translator], str]) -> None:
        """Show a message above the action panel until the next change.

        Args:
            kind: ``"info"``, ``"success"`` or ``"error"`` (its colour and icon).
            message: the text, or a function ``translator -> text`` so that it
                follows a language switch (use this for translated messages).
        Raises:
            ValueError: unknown ``kind``.
        """
        if kind not in ("info", "success", "error"):
            raise ValueError(f"kind must be 'info', 'success' or 'error', not {kind!r}")
        render = message if callable(message) else (lambda tr, text=str(message): text)
        with self._lock:
            self._notice = Notice(kind, render)
            self._refresh()

    def set_task(self, message: str | Callable[[Translator], str] | None) -> None:
        """Show a standing task above the status (kept through turns; ``None`` removes it).

        ``message`` is a text or a function ``translator -> text`` that follows a
        language switch (the tutorial's lessons use this).
        """
        with self._lock:
            if message is None or callable(message):
                self._task = message
            else:
                self._task = lambda tr, text=str(message): text
            self._refresh()

    def on_change(self, callback: Callable[[Board], Any]) -> Callable[[Board], Any]:
        """Call ``callback(board)`` after every change of the game (turn, undo, redo, load, new game).

        Returns the callback, so it can be used as a decorator. Exceptions it raises are logged.
        """
        self._callbacks.append(callback)
        return callback

    def to_json(self) -> str:
        """The game record as JSON text (see :meth:`Game.to_json`)."""
        return self._record_game().to_json()

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until no bot is thinking (for scripts in thread mode); False on timeout."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self._drain()
            with self._lock:
                if self._thinking is None and not self._hint_pending:
                    return True
            time.sleep(0.01)
        return False

    # ------------------------------------------------------------------ front-end messages

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self._capture_loop()
        try:
            self.handle_message(content)
        except Exception:  # never let a front-end message break the kernel side
            log.exception("logger_widget: error while handling %r", content)

    def handle_message(self, content: Any) -> str:
        """Handle one message of the front end; return what happened.

        Returns ``"ok"``, ``"rejected"`` (understood, refused with a message
        to the player), ``"duplicate"``, ``"stale"``, ``"invalid"`` or ``"error"``.
        Tests call this with the same dicts the front end sends.
        """
        if not isinstance(content, dict) or content.get("type") != "intent":
            return "invalid"
        action = content.get("action")
        if not isinstance(action, str):
            return "invalid"
        client, seq = content.get("client"), content.get("seq")
        with self._lock:
            if isinstance(client, str) and isinstance(seq, int) and not isinstance(seq, bool):
                if seq <= self._last_seq.get(client, -1):
                    return "duplicate"
                self._last_seq[client] = seq
                if len(self._last_seq) > 64:  # many re-rendered views: forget the oldest
                    for key in list(self._last_seq)[:32]:
                        del self._last_seq[key]
            if action == "locale":
                value = content.get("locale")
                if isinstance(value, str):
                    self.locale = value
                    return "ok"
                return "invalid"
            if action == "export":
                self._send_download()
                return "ok"
            version = content.get("version")
            if action == "replay":  # view only: a fast slider drag must not be refused as stale
                version = self._version
            if version != self._version:
                return "stale"
            try:
                result = self._dispatch(action, content)
            except Exception as e:  # a bug must not corrupt the game: report and redraw
                log.exception("logger_widget: intent %r failed", content)
                self._notice = Notice("error", _raw(_short(e)))
                self._refresh()
                return "error"
        if result == "ok":
            self._schedule_bots()
        return result

    def _dispatch(self, action: str, msg: dict[str, Any]) -> str:
        handlers: dict[str, Callable[[dict[str, Any]], str]] = {
            "cell": self._intent_cell,
            "action": self._intent_action,
            "done": self._intent_done,
            "back": self._intent_back,
            "notation": self._intent_notation,
            "undo": self._intent_undo,
            "redo": self._intent_redo,
            "new_game": lambda m: self._api(self.new_game),
            "hint": self._intent_hint,
            "replay": self._intent_replay,
            "retry": self._intent_retry,
            "take_over": self._intent_take_over,
            "import": self._intent_import,
            "dismiss": self._intent_dismiss,
        }
        handler = handlers.get(action)
        if handler is None:
            return "invalid"
        return handler(msg)

    def _api(self, method: Callable[[], Any]) -> str:
        method()
        return "ok"

    def _reject(self, key: str, kind: str = "error", **params: Any) -> str:
        self._notice = Notice(kind, _text(key, **params))
        self._refresh()
        return "rejected"

    def _human_turn_guard(self) -> str | None:
        """Why a board intent cannot be taken now (a rejection already shown), or None."""
        if self._replay is not None:
            return self._reject("replay_only", "info")
        if self._game.is_over:
            return self._reject("game_over", "info")
        seat = self._game.position.to_move
        if not self._is_human(seat):
            if self._thinking is not None:
                return self._reject("busy", "info")
            return self._reject("not_your_turn", "info", player=_player(seat))
        if not self._steps:  # pragma: no cover - a human seat always has a turn in progress
            self._reset_turn()
        return None

    def _intent_cell(self, msg: dict[str, Any]) -> str:
        cell = msg.get("cell")
        if not isinstance(cell, str):
            return "invalid"
        guard = self._human_turn_guard()
        if guard:
            return guard
        tip = self._steps[-1]
        if tip.stage == "action":
            kinds = [k for k in tip.options() if cell in tip.choose(k).options()]
            if len(kinds) != 1:
                return self._reject("choose_action", "info")
            self._advance(tip.choose(kinds[0]).choose(cell))
            return "ok"
        opts = tip.options()
        chosen = tip.protest_chosen if tip.stage == "protest" else ()
        if cell not in opts and cell not in chosen:
            return self._reject("not_selectable", "info", cell=cell)
        self._advance(tip.choose(cell))
        return "ok"

    def _intent_action(self, msg: dict[str, Any]) -> str:
        kind = msg.get("kind")
        if kind not in _TARGET_STAGES:
            return "invalid"
        guard = self._human_turn_guard()
        if guard:
            return guard
        tip = self._steps[-1]
        if tip.stage == kind:
            return "ok"  # already chosen: nothing to do
        base = tip.back() if tip.stage in _TARGET_STAGES else tip
        if base.stage != "action" or kind not in base.options():
            return self._reject(
                "not_selectable", "info", cell=lambda tr, k=kind: tr.translate(_action_label(k))
            )
        while len(self._steps) > 1 and self._steps[-1].stage in _TARGET_STAGES:
            self._steps.pop()
        self._advance(base.choose(kind))
        return "ok"

    def _intent_done(self, msg: dict[str, Any]) -> str:
        guard = self._human_turn_guard()
        if guard:
            return guard
        tip = self._steps[-1]
        if tip.stage != "protest" or "done" not in tip.options():
            return self._reject("not_selectable", "info", cell=lambda tr: tr.translate(_action_label("done")))
        self._advance(tip.choose("done"))
        return "ok"

    def _intent_back(self, msg: dict[str, Any]) -> str:
        guard = self._human_turn_guard()
        if guard:
            return guard
        if len(self._steps) > 1:
            self._steps.pop()
        self._notice = None
        self._refresh()
        return "ok"

    def _intent_notation(self, msg: dict[str, Any]) -> str:
        text = msg.get("text")
        if not isinstance(text, str):
            return "invalid"
        guard = self._human_turn_guard()
        if guard:
            return guard
        if not text.strip():
            return self._reject("notation_empty", "info")
        try:
            self._game.play(text.strip())
        except LoggerError as e:
            self._notice = Notice("error", _illegal(e))
            self._refresh()
            return "rejected"
        self._notice = None
        self._game_changed()
        return "ok"

    def _intent_undo(self, msg: dict[str, Any]) -> str:
        if not self._game.can_undo:
            return self._reject("nothing_to_undo", "info")
        self._replay = None
        self.undo()
        return "ok"

    def _intent_redo(self, msg: dict[str, Any]) -> str:
        if not self._game.can_redo:
            return self._reject("nothing_to_redo", "info")
        self._replay = None
        self.redo()
        return "ok"

    def _intent_hint(self, msg: dict[str, Any]) -> str:
        guard = self._human_turn_guard()
        if guard:
            return guard
        if self._hint_spec is None:
            return "rejected"
        if self._hint is not None or self._hint_pending:
            return "ok"
        self._start_hint()
        return "ok"

    def _intent_replay(self, msg: dict[str, Any]) -> str:
        ply = msg.get("ply")
        total = len(self._game.turns)
        if ply is None or (isinstance(ply, int) and not isinstance(ply, bool) and ply >= total):
            self._replay = None
        elif isinstance(ply, int) and not isinstance(ply, bool):
            self._replay = max(0, ply)
        else:
            return "invalid"
        self._refresh()
        return "ok"

    def _intent_retry(self, msg: dict[str, Any]) -> str:
        seat = self._game.position.to_move
        s = self._seats[seat - 1]
        if not s.is_bot or not s.paused:
            return "rejected"
        s.paused = False
        self._notice = None
        self._refresh()
        return "ok"

    def _intent_take_over(self, msg: dict[str, Any]) -> str:
        seat = self._game.position.to_move
        s = self._seats[seat - 1]
        if not s.is_bot:
            return "rejected"
        self._seats[seat - 1] = Seat("human", None, "human")
        if self._thinking == seat:
            self._thinking = None
            self._epoch += 1  # a late answer of the bot is dropped
        self._notice = Notice("info", _text("took_over", player=_player(seat)))
        self._reset_turn()
        self._refresh()
        return "ok"

    def _intent_import(self, msg: dict[str, Any]) -> str:
        text = msg.get("text")
        if not isinstance(text, str):
            return "invalid"
        try:
            game = self._to_game(text)
        except (LoggerError, ValueError, TypeError) as e:
            err = e if isinstance(e, RecordError) else RecordError("record", str(e))
            self._notice = Notice("error", _error(err))
            self._refresh()
            return "rejected"
        self._game = game
        self._fit_seats(game.players)
        self._notice = Notice("success", _text("loaded"))
        self._game_changed()
        return "ok"

    def _intent_dismiss(self, msg: dict[str, Any]) -> str:
        self._notice = None
        self._refresh()
        return "ok"

    # ------------------------------------------------------------------ turn in progress

    def _is_human(self, seat: int) -> bool:
        return not self._seats[seat - 1].is_bot

    def _reset_turn(self) -> None:
        """Begin the turn of the seat to move when it is a person's (forced choices applied)."""
        self._steps = []
        if self._game.is_over or not self._is_human(self._game.position.to_move):
            return
        start = self._game.position.start_turn()
        self._steps = [start]
        auto = start.auto()
        # When everything is forced the player still confirms the only move
        # (their logger), so that a forced turn is seen and never loops.
        if auto is not start and auto.stage != "done":
            self._steps.append(auto)

    def _advance(self, tip: TurnInProgress) -> None:
        self._notice = None
        tip = tip.auto()
        if tip.stage == "done":
            self._commit(tip)
        else:
            self._steps.append(tip)
            self._refresh()

    def _commit(self, tip: TurnInProgress) -> None:
        seat = tip.seat
        skipped = tip.skipped
        self._game.play(tip.turn)
        if skipped:
            self._notice = Notice("info", _text("skipped", player=_player(seat)))
        self._game_changed()

    # ------------------------------------------------------------------ state changes

    def _game_changed(self, notify: bool = True) -> None:
        """The game changed (turn, undo, load…): new epoch, new turn, redraw, callbacks."""
        self._epoch += 1
        self._thinking = None
        self._hint = None
        self._hint_pending = False
        self._replay = None
        if self._game.is_over:
            self._steps = []
        else:
            self._reset_turn()
        self._refresh()
        if notify:
            for callback in list(self._callbacks):
                try:
                    callback(self)
                except Exception:
                    log.exception("logger_widget: on_change callback %r failed", callback)

    def _refresh(self) -> None:
        """Rebuild the view model (new version) and push it to the front end."""
        if not self._ready:
            return
        self._version += 1
        top = self._steps[-1] if self._steps else None
        action_tip = None
        if top is not None:
            if top.stage == "action":
                action_tip = top
            elif top.stage in _TARGET_STAGES:
                action_tip = top.back()
        state = BoardState(
            game=self._game,
            seats=self._seats,
            version=self._version,
            tip=top,
            action_tip=action_tip,
            can_back=len(self._steps) > 1,
            thinking=self._thinking,
            hint=self._hint,
            hint_pending=self._hint_pending,
            hint_available=self._hint_spec is not None,
            notice=self._notice,
            task=self._task,
            replay=self._replay,
        )
        view = build_view(state, self._tr)
        view["chart"] = self._chart_view() if self.live_chart else None
        self._view = view
        self.lpn = self._game.position.to_lpn()

    def _chart_view(self) -> dict[str, str]:
        """The live score chart as a PNG data URL, redrawn only when the game or language changed."""
        key = (len(self._game.turns), self._game.position, self._tr.language, self._game.end_reason)
        if self._chart_cache is None or self._chart_cache[0] != key:
            from ..charts import to_png
            from ..i18n.texts.charts import SCORES

            figure = self.chart()
            data = base64.b64encode(to_png(figure, dpi=80)).decode("ascii")
            title = SCORES["title"]
            assert isinstance(title, PMessage)
            alt = self._tr.translate(title)
            self._chart_cache = (key, {"src": f"data:image/png;base64,{data}", "alt": alt})
        return self._chart_cache[1]

    @traitlets.validate("locale")
    def _validate_locale(self, proposal: dict[str, Any]) -> str:
        value = proposal["value"]
        return negotiate(value if isinstance(value, str) else None)

    @traitlets.observe("locale")
    def _locale_changed(self, change: dict[str, Any]) -> None:
        if not getattr(self, "_ready", False):
            return
        with self._lock:
            self._tr = Translator(change["new"])
            self._refresh()

    # ------------------------------------------------------------------ bots

    def _capture_loop(self) -> None:
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            pass

    def _deliver(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` (a bot's or the hint's answer) on the kernel's event loop when there is one.

        The answer waits in an inbox that the loop drains; :meth:`wait` drains it
        too, so a cell that blocks in ``board.wait()`` still gets the answers.
        Without a running loop (scripts, tests), or in sync mode, it runs here at once.
        """
        self._inbox.put(fn)
        if self.bot_mode == "sync":
            self._drain()
            return
        loop = self._loop
        if loop is not None and loop.is_running() and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._drain)
                return
            except RuntimeError:
                pass
        self._drain()

    def _drain(self) -> None:
        while True:
            try:
                fn = self._inbox.get_nowait()
            except queue.Empty:
                return
            try:
                fn()
            except Exception:  # pragma: no cover - never break the event loop
                log.exception("logger_widget: applying a bot answer failed")

    def _schedule_bots(self) -> None:
        """If a bot is to move, let it play (now in sync mode, in a thread otherwise)."""
        if self.bot_mode == "sync":
            for _ in range(10_000):
                with self._lock:
                    job = self._next_bot_job()
                    if job is None:
                        return
                    seat, epoch, bot, position = job
                    turn, error = _compute(bot, position)
                    self._apply_bot(seat, epoch, turn, error)
            return
        with self._lock:
            job = self._next_bot_job()
            if job is None:
                return
            self._refresh()  # show "thinking…"
        seat, epoch, bot, position = job
        delay = self.bot_delay

        def work() -> None:
            start = time.monotonic()
            with self._compute_lock:  # one search at a time: a bot object is not thread-safe
                turn, error = _compute(bot, position)
            rest = delay - (time.monotonic() - start)
            if rest > 0:
                time.sleep(rest)
            self._deliver(lambda: self._finish_bot(seat, epoch, turn, error))

        threading.Thread(target=work, name=f"logger-bot-{seat}", daemon=True).start()

    def _next_bot_job(self) -> tuple[int, int, Any, Position] | None:
        if self._thinking is not None or self._game.is_over:
            return None
        seat = self._game.position.to_move
        s = self._seats[seat - 1]
        if not s.is_bot or s.paused:
            return None
        self._thinking = seat
        return seat, self._epoch, s.bot, self._game.position

    def _finish_bot(self, seat: int, epoch: int, turn: Any, error: BaseException | None) -> None:
        with self._lock:
            self._apply_bot(seat, epoch, turn, error)
        self._schedule_bots()

    def _apply_bot(self, seat: int, epoch: int, turn: Any, error: BaseException | None) -> None:
        if epoch != self._epoch or self._thinking != seat:
            return  # the game changed meanwhile (undo, new game…): drop this answer
        self._thinking = None
        if error is None:
            try:
                if isinstance(turn, str):
                    turn = Turn.parse(turn, self._game.position)
                if not isinstance(turn, Turn):
                    raise TypeError(f"the bot returned {type(turn).__name__}, not a Turn")
                self._game.play(turn)
            except (LoggerError, TypeError) as e:
                error = e
        if error is not None:
            self._seats[seat - 1].paused = True
            if isinstance(error, LoggerError):
                self._notice = Notice(
                    "error",
                    _text("bot_illegal", player=_player(seat), reason=_error(error)),
                )
            else:
                self._notice = Notice("error", _text("bot_failed", player=_player(seat), error=_short(error)))
            log.warning("logger_widget: bot of seat %s failed: %s", seat, _short(error))
            self._refresh()
            return
        self._game_changed()

    # ------------------------------------------------------------------ hints

    def _start_hint(self) -> None:
        try:
            if self._hint_bot is None:
                from ..bots import make_bot

                self._hint_bot = make_bot(
                    self._hint_spec, seed=None if self._seed is None else f"{self._seed}:hint"
                )
        except Exception as e:  # noqa: BLE001 - shown to the player
            self._notice = Notice("error", _text("hint_failed", error=_short(e)))
            self._refresh()
            return
        epoch, position, bot = self._epoch, self._game.position, self._hint_bot
        self._hint_pending = True
        self._refresh()

        def work() -> None:
            try:
                with self._compute_lock:
                    analyse = getattr(bot, "analyse", None)
                    turn = analyse(position)[0].turn if callable(analyse) else bot.choose(position)
                error = None
            except (Exception, SystemExit) as e:  # noqa: BLE001
                turn, error = None, e
            self._deliver(lambda: self._finish_hint(epoch, turn, error))

        if self.bot_mode == "sync":
            work()
        else:
            threading.Thread(target=work, name="logger-hint", daemon=True).start()

    def _finish_hint(self, epoch: int, turn: Turn | None, error: BaseException | None) -> None:
        with self._lock:
            if epoch != self._epoch:
                return
            self._hint_pending = False
            if error is not None or turn is None:
                self._notice = Notice(
                    "error", _text("hint_failed", error=_short(error or ValueError("no turn")))
                )
            else:
                self._hint = turn
            self._refresh()

    # ------------------------------------------------------------------ records

    def _record_game(self) -> Game:
        game = self._game.copy()
        game.metadata.setdefault(
            "players", [s.spec if isinstance(s.spec, str) else s.bot_name for s in self._seats]
        )
        return game

    def _send_download(self) -> None:
        text = self._record_game().to_json()
        self.send(
            {"type": "download", "filename": "logger-game.json", "mime": "application/json", "text": text}
        )

    def _to_game(self, source: Any) -> Game:
        if isinstance(source, Game):
            return source
        if isinstance(source, Position):
            return Game(source, repetition_rule=self._repetition_rule)
        if isinstance(source, dict):
            return Game.from_record(source)
        if isinstance(source, Path):
            return Game.load(source)
        if isinstance(source, str):
            text = source.strip()
            if text.startswith("{"):
                return Game.from_json(text)
            if "/" in text and len(text.split(" ")) == 4:
                return Game(Position.from_lpn(text), repetition_rule=self._repetition_rule)
            path = Path(text).expanduser()
            if len(text) < 4096 and path.suffix == ".json" and path.is_file():
                return Game.load(path)
            return Game(Position.from_lpn(text), repetition_rule=self._repetition_rule)
        raise TypeError(f"cannot load a game from {type(source).__name__}")

    def __repr__(self) -> str:
        seats = ", ".join(self.seats)
        return f"<logger_widget.Board [{seats}] {self._game!r}>"


def _compute(bot: Any, position: Position) -> tuple[Any, BaseException | None]:
    try:
        return bot.choose(position), None
    except (Exception, SystemExit) as e:  # noqa: BLE001 - a bot may fail in any way; the seat is paused
        return None, e


def _is_notation_error(e: BaseException) -> bool:
    from ..engine.errors import NotationError

    return isinstance(e, NotationError)


def _action_label(kind: str) -> Any:
    from ..i18n.texts import terms
    from ..i18n.texts.board import LABELS

    return terms.ACTIONS[kind] if kind in terms.ACTIONS else LABELS["done"]

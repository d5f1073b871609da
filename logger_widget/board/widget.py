"""The Logger board: an anywidget for Jupyter (``logger_widget.Board``).

Python is the single source of truth. The ES module (``static/board.js``)
draws the view model of :mod:`logger_widget.board.view` (synced as the
``_view`` trait) and sends the player's *intents* as custom messages::

    {"type": "intent", "client": "<view id>", "seq": 7, "version": 41,
     "action": "cell", "cell": "c3"}

The view has two counters. ``version`` counts paints: every redraw adds one (a
bot "thinking…", review progress, a classmate's presence, "sending…").
``basis`` counts what a click refers to: it grows only when the position, the
step of the person's turn, the seats or an active mode change. Every intent
carries the ``basis`` of the view it was based on (or, from older front ends,
its ``version``, mapped to the basis it was drawn with) and a per-view sequence
number: duplicates (same client, old ``seq``) are ignored, and an intent based
on an older basis is *stale*: it is not applied, and the board says so (a
notice). A background repaint never makes a click stale. Every intent with a
client id is answered with a custom message
``{"type": "answer", "client", "seq", "result"}``, so the front end clears its
"pending" mark at once. Rapid or repeated clicks can never play twice or act on
a board that has changed. Legality comes only from
:class:`~logger_widget.engine.decisions.TurnInProgress`.

Bots run in a background thread (``bot_mode="thread"``, the default) and
their turn is applied on the kernel's event loop; ``bot_mode="sync"`` plays
them at once, for tests and scripts. A bot that raises or returns an illegal
turn pauses its seat with a message: "Try again" or "Play this seat myself".

The board owns the game, the seats, the lock, the view version and a stack of
*modes* (:mod:`.host`): Play (:class:`~.controller.Controller`), Setup and Replay
(:mod:`.modes`), Review (:mod:`.review_mode`) and, on a lesson or puzzle board, the
lesson's or puzzle's mode on top. An intent goes down the stack from the top; an active
mode may refuse it or handle it; the modes add their panels to the view, and only the
board redraws. Its collaborators see it as a :class:`~.host.Host` (:class:`_BoardHost`).

Python API: :attr:`Board.game`, :attr:`Board.position`, :meth:`Board.play`,
:meth:`Board.load`, :meth:`Board.undo`, :meth:`Board.redo`,
:meth:`Board.new_game`, :meth:`Board.on_change`, and the synced ``lpn`` and
``locale`` traits (``board.observe(callback, "lpn")``). See ``docs/board.md``.
"""

from __future__ import annotations

import base64
import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..engine.decisions import TurnInProgress
from ..engine.game import Game
from ..engine.position import Position
from ..engine.turn import Turn
from ..i18n import PMessage, Translator, negotiate
from ..i18n.texts.resume import NOT_SAVED, RESUME_BUTTON, RESUME_FINISHED, RESUMED, SAVED_FINISHED, SAVED_GAME
from .assets import asset_traits
from .bot_runner import BotRunner
from .controller import Controller
from .host import Host, Mode, TurnSink
from .messages import raw, short, text
from .modes import ReplayMode, SetupMode
from .persistence import AutoSave, browser_without_drive, headless_kernel, note_front_end
from .progress_link import GameProgress, board_progress
from .review_mode import ReviewMode
from .view import BoardState, Notice, Seat, build_view, static_view

__all__ = ["Board"]

log = logging.getLogger(__name__)

_STATIC = Path(__file__).resolve().parent / "static"


def _count_message(message: Any, n: int) -> Callable[[Translator], str]:
    """A notice ``translator -> text`` for a count message (it follows a language switch)."""
    return lambda tr: tr.count(message, n)


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
        corners: one starting corner per seat (default a1/e5, a1/e1/e5, a1/e1/e5/a5), or
            ``"choose"``: each seat clicks its corner in seat order at the start (a bot
            seat takes its default corner, or the first free one).
        record: start from this game instead: a :class:`Game`, a
            :class:`Position`, an LPN string, a JSON record (dict, text or file path).
        bot_mode: ``"thread"`` (bots think in the background) or ``"sync"``
            (bots play at once, inside the call that made it their turn).
        bot_delay: minimal seconds a bot "thinks", so that children can follow (thread mode).
        hint_bot: the bot asked by the Hint button (its ``analyse`` or ``choose``); ``None`` hides hints.
            Default ``"mcts:medium"``: ``"mcts:easy"`` tries turns in random order, too weak to advise.
        repetition_rule: end the game when a position occurs for the third time (docs/rules.md, "End of the game").
        live_chart: show the score chart under the board, redrawn after every turn
            and on a language switch (:meth:`chart`); it can be switched on or off
            later by setting :attr:`live_chart` and calling :meth:`refresh`.
        autosave: keep the game beside the notebook (see :mod:`.persistence`); ``False`` for none.
        progress: save the pupil's finished games and their reviews, and make the review's
            proved errors of the people's seats personal puzzles (:mod:`.progress_link`):
            ``True`` (default: the kernel's progress, in a notebook), ``False``, or a
            :class:`~logger_widget.progress.Progress`. A board with a teaching mode saves no game.
        mode: a mode over the game (a lesson's, a puzzle's or a class game's, a :class:`~.host.Mode`);
            each kind of board is a subclass made with its mode:
            :class:`~logger_widget.classroom.tutorial.LessonBoard`,
            :class:`~logger_widget.board.puzzle_mode.PuzzleBoard`,
            :class:`~logger_widget.classplay.online_mode.OnlineBoard`.
        sink: where a person's completed turn goes (a :class:`~.host.TurnSink`); default: played
            on this board's game. A class game's board sends it to the service
            (:class:`~logger_widget.classplay.online_mode.OnlineMode`).
    """

    _esm = _STATIC / "board.js"
    _css = _STATIC / "board.css"

    locale = traitlets.Unicode("uk").tag(sync=True)
    #: The current position in LPN (read it or observe it; set it with :meth:`load`).
    lpn = traitlets.Unicode("").tag(sync=True)
    _view = traitlets.Dict().tag(sync=True)
    #: the view's static part (labels, palette, languages, cell names), sent again only with a new language
    _static = traitlets.Dict().tag(sync=True)
    #: the shared model holding the ES module and stylesheet, where the host allows it (:mod:`.assets`)
    _assets = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        players: Sequence[Any] = ("human", "mcts:easy"),
        locale: str = "uk",
        seed: Any = None,
        corners: Sequence[str] | str | None = None,
        record: Any = None,
        *,
        bot_mode: str = "thread",
        bot_delay: float = 0.4,
        hint_bot: Any = "mcts:medium",
        repetition_rule: bool = True,
        live_chart: bool = False,
        autosave: Any = True,
        mode: Mode | None = None,
        sink: TurnSink | None = None,
        progress: Any = True,
        **kwargs: Any,
    ) -> None:
        if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
            raise TypeError("players must be a list of 2 to 4 seats, e.g. ['human', 'mcts:easy']")
        specs = list(players)
        if not 2 <= len(specs) <= 4:
            raise ValueError(f"Logger is for 2 to 4 players, not {len(specs)}")
        self._ready = False
        self._lock = threading.RLock()
        self._seed = seed
        choose = corners == "choose"
        if isinstance(corners, str) and not choose:
            raise ValueError(
                f'corners must be a list of corners (e.g. ["a1", "e5"]) or "choose", not {corners!r}'
            )
        self._corners = tuple(corners) if corners is not None and not choose else None
        self._repetition_rule = bool(repetition_rule)
        self.live_chart = bool(live_chart)
        self._chart_cache: tuple[tuple[Any, ...], dict[str, str]] | None = None
        self._static_language: str | None = None  # the language of the _static trait sent
        self._depth = 0  # nesting of _batch(): redraws wait for its end
        self._dirty = False
        self._host = _BoardHost(self)
        #: where a person's turn goes (:meth:`Host.submit_turn`): this board's game, or the class service
        self._sink: TurnSink = sink if sink is not None else _LocalPlay(self)
        self._bots = BotRunner(self._host, bot_mode, bot_delay, hint_bot, seed)
        self._controller = Controller()
        #: the corner choice (``corners="choose"``), else ``None``
        self._setup = SetupMode(len(specs), Game.new(len(specs)).position.loggers) if choose else None
        self._replay = ReplayMode()
        self._review = ReviewMode(seed=0 if seed is None else seed)
        self._teaching = mode
        saving = board_progress(progress) if mode is None else None
        #: the pupil's games and reviews saved into the progress (``None``: not saved)
        self._progress = None if saving is None else GameProgress(saving, self._human_seats)
        if self._progress is not None:
            self._review.follow_up = self._progress.prepare_review
        #: the stack of modes, bottom first: an intent goes down from the top, panels are added bottom-up
        self._modes: tuple[Mode, ...] = tuple(
            m
            for m in (self._controller, self._progress, self._setup, self._replay, self._review, mode)
            if m is not None
        )
        self._seats = [self._make_seat(spec, i + 1) for i, spec in enumerate(specs)]
        self._game = Game.new(len(specs), self._corners, repetition_rule=self._repetition_rule)
        self.autosave = AutoSave.for_board(autosave, specs, seed, self._corners, len(specs))
        self._version = 0  # the paint counter (see the module docstring)
        self._basis = 0  # what a click refers to
        self._basis_key: tuple[Any, ...] | None = None
        self._bases: dict[int, int] = {}  # recent paint version -> its basis (intents sending a version)
        self._resume_offer: Game | None = None
        self._notice: Notice | None = None
        self._task: Callable[[Translator], str] | None = None
        self._last_seq: dict[str, int] = {}
        self._callbacks: list[Callable[[Board], Any]] = []
        self._step_callbacks: list[Callable[[Board, TurnInProgress], Any]] = []
        self._tr = Translator(negotiate(locale))
        unknown = sorted(k for k in kwargs if k not in self.class_trait_names())
        if unknown:
            raise TypeError(f"Board() got unexpected keyword argument(s): {', '.join(unknown)}")
        super().__init__(locale=self._tr.language, **asset_traits(), **kwargs)
        self.on_msg(self._on_custom_msg)
        for m in self._modes:
            m.attach(self._host)
        if record is not None:
            self._game = self._to_game(record)
            self._fit_seats(self._game.players)
        self._ready = True
        saved = self.autosave.saved() if record is None else None
        #: the saved game offered by the "Resume" button until it is pressed (``None``: no offer)
        self._resume_offer = saved
        with self._lock, self._batch():
            if saved is not None:  # the cell was run again (kernel restart, Shift+Enter): offer the game back
                self._notice = Notice(
                    "info", _count_message(SAVED_FINISHED if saved.is_over else SAVED_GAME, len(saved.turns))
                )
            elif autosave is True and browser_without_drive():
                self._notice = Notice("info", lambda tr: tr.format(NOT_SAVED))
            if self._setup is not None and record is None:
                self._setup.begin()
            self._game_changed(notify=False)
        if saved is None or saved.is_over:  # an unfinished saved game waits for "Resume" or "New game"
            self._bots.schedule()

    # ------------------------------------------------------------------ public API

    def resume(self) -> Game:
        """Continue the game this board saved beside the notebook (see :mod:`.persistence`).

        Returns:
            The resumed :class:`Game` (same position and history as when it was saved).

        Raises:
            LookupError: there is no unfinished saved game for this board.
        """
        saved = self._resume_saved()
        if saved is None:
            raise LookupError("no unfinished game of this board is saved beside the notebook")
        self._bots.schedule()
        return saved

    @property
    def bot_mode(self) -> str:
        """``"thread"`` or ``"sync"`` (see :class:`~logger_widget.board.bot_runner.BotRunner`)."""
        return self._bots.mode

    @property
    def bot_delay(self) -> float:
        """Minimal seconds a bot "thinks" in thread mode."""
        return self._bots.delay

    @property
    def setup_pending(self) -> bool:
        """Whether the seats still choose their starting corners by clicking (no bot plays before)."""
        return self._setup is not None and self._setup.active

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
            self._controller.reset_turn()
            self._redraw()
        self._bots.schedule()

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
        """The current view model (what the front end draws): its static part and its panels."""
        return {**self._static, **self._view}

    @property
    def thinking(self) -> int | None:
        """Seat of the bot that is computing its turn, or ``None``."""
        return self._bots.thinking

    def play(self, turn: Turn | str) -> Position:
        """Play a whole turn (a :class:`Turn` or notation) for the seat to move, bot seats included.

        Raises:
            NotationError, IllegalTurnError: the game and the board are unchanged.
        """
        with self._lock:
            self._submit_turn(turn)
            position = self._game.position
        self._bots.schedule()
        return position

    def load(self, source: Any) -> Game:
        """Continue from ``source``: a :class:`Game`, :class:`Position`, LPN, JSON record or file path.

        A board choosing its corners stops choosing: the game has its corners.

        Raises:
            LPNError, RecordError: ``source`` cannot be read; the board is unchanged.
        """
        game = self._to_game(source)
        with self._lock:
            self._replace_game(game, Notice("info", text("loaded")))
        self._bots.schedule()
        return game

    def new_game(self) -> Game:
        """Start again from the standard setup (or the corner choice) with the same seats."""
        with self._lock, self._batch():
            self._game = Game.new(len(self._seats), self._corners, repetition_rule=self._repetition_rule)
            for s in self._seats:
                s.paused = False
            self._notice = Notice("info", text("new_game"))
            if self._setup is not None:
                self._setup.begin()
            self._game_changed()
        self._bots.schedule()
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
            self._notice = Notice("info", text("undone", n=n))
            self._game_changed()
        self._bots.schedule()
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
            self._notice = Notice("info", text("redone", n=n))
            self._game_changed()
        self._bots.schedule()
        return n

    def refresh(self) -> None:
        """Redraw after changing :attr:`game` directly."""
        with self._lock:
            self._game_changed(notify=True)
        self._bots.schedule()

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
            self._redraw()

    def set_task(self, message: str | Callable[[Translator], str] | None) -> None:
        """Show a standing task above the status (kept through turns; ``None`` removes it).

        ``message`` is a text or a function ``translator -> text`` that follows a
        language switch (a lesson's or puzzle's mode shows its own task).
        """
        with self._lock:
            if message is None or callable(message):
                self._task = message
            else:
                self._task = lambda tr, text=str(message): text
            self._redraw()

    def on_change(self, callback: Callable[[Board], Any]) -> Callable[[Board], Any]:
        """Call ``callback(board)`` after every change of the game (turn, undo, redo, load, new game).

        Returns the callback, so it can be used as a decorator. Exceptions it raises are logged.
        """
        self._callbacks.append(callback)
        return callback

    def on_step(
        self, callback: Callable[[Board, TurnInProgress], Any]
    ) -> Callable[[Board, TurnInProgress], Any]:
        """Call ``callback(board, turn_in_progress)`` after each step of a person's turn that does not end it.

        Returns the callback; exceptions it raises are logged.
        """
        self._step_callbacks.append(callback)
        return callback

    def to_json(self) -> str:
        """The game record as JSON text (see :meth:`Game.to_json`)."""
        return self._record_game().to_json()

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until no bot is thinking and no hint is pending (for scripts in thread mode); False on timeout."""
        return self._bots.settle(timeout)

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
            if action != "replay" and self._based_on(content) != self._basis:
                # (the replay slider is view only: a fast drag must not be refused as stale)
                self._notice = Notice("info", text("stale"))
                self._redraw()
                return "stale"
            drawn = self._version
            with self._batch():
                try:
                    result = self._dispatch(action, content)
                except Exception as e:  # a bug must not corrupt the game: report and redraw
                    log.exception("logger_widget: intent %r failed", content)
                    self._notice = Notice("error", raw(short(e)))
                    result = "error"
                if result != "invalid" and self._version == drawn:  # not drawn yet (for the callbacks)
                    self._redraw()
        if result == "ok":
            self._bots.schedule()
        return result

    def _based_on(self, content: dict[str, Any]) -> int | None:
        """The basis an intent was sent from: its ``basis``, else the basis of the view ``version`` it names."""
        basis = content.get("basis")
        if isinstance(basis, int) and not isinstance(basis, bool):
            return basis
        version = content.get("version")
        if isinstance(version, int) and not isinstance(version, bool):
            return self._bases.get(version)
        return None

    # ------------------------------------------------------------------ the modes

    def _dispatch(self, action: str, msg: dict[str, Any]) -> str:
        """An intent down the stack of modes: refused by an active mode that does not allow it, or handled."""
        if action == "dismiss":
            self._notice = None
            return "ok"
        for mode in reversed(self._modes):
            if mode.active and not mode.allows(action):
                self._notice = mode.refusal(action)
                return "rejected"
            result = mode.handle(action, msg)
            if result is not None:
                return result
        return "invalid"

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        note_front_end()
        self._bots.capture_loop()
        try:
            result = self.handle_message(content)
        except Exception:  # never let a front-end message break the kernel side
            log.exception("logger_widget: error while handling %r", content)
            result = "error"
        if (
            isinstance(content, dict)
            and content.get("type") == "intent"
            and isinstance(content.get("client"), str)
        ):
            # every intent is answered: the front end clears its pending mark (and a stale one shows why)
            self.send(
                {"type": "answer", "client": content["client"], "seq": content.get("seq"), "result": result}
            )

    # ------------------------------------------------------------------ seats and bots

    def _make_seat(self, spec: Any, seat: int) -> Seat:
        if isinstance(spec, str) and spec.strip().lower() in ("human", "person", ""):
            return Seat("human", None, "human")
        from ..bots import make_bot  # imported lazily: the board also works for people only
        from ..bots.mcts import warm_up_in_background

        seed = None if self._seed is None else f"{self._seed}:{seat}"
        try:
            bot = make_bot(spec, seed=seed)
        except ValueError as e:
            raise ValueError(f'seat {seat}: {e}; or "human" for a person') from None
        warm_up_in_background(bot)  # a compiled search loads while people play; no move waits for it
        return Seat("bot", bot, spec if isinstance(spec, str) else getattr(spec, "name", "bot"))

    def _fit_seats(self, players: int) -> None:
        while len(self._seats) < players:
            self._seats.append(Seat())
        del self._seats[players:]

    def _is_human(self, seat: int) -> bool:
        return not self._seats[seat - 1].is_bot

    def _human_seats(self) -> list[int]:
        """The seats played by people now (1-based)."""
        return [i + 1 for i, s in enumerate(self._seats) if not s.is_bot]

    # ------------------------------------------------------------------ state changes

    def _submit_turn(self, turn: Turn | str, notice: Notice | None = None) -> None:
        """A person's turn to the sink (notation is parsed here, once, against the position it is for)."""
        if isinstance(turn, str):
            turn = self._game.position.parse_turn(turn)
        self._sink.submit(turn, notice)

    def _play_turn(self, turn: Turn | str, notice: Notice | None = None) -> None:
        self._game.play(turn)
        self._notice = notice
        self._game_changed()

    def _replace_game(self, game: Game, notice: Notice | None = None) -> None:
        self._game = game
        self._resume_offer = (
            None  # another game is on the board: the saved one is no longer offered beside it
        )
        self._fit_seats(game.players)
        if self._setup is not None:
            self._setup.end()  # the game has its corners
        self._notice = notice
        self._game_changed()

    def _start_game(self, corners: tuple[str, ...]) -> None:
        self._game = Game.new(len(self._seats), corners, repetition_rule=self._repetition_rule)
        self._game_changed()

    def _take_back(self, discard_redo: bool) -> None:
        self._game.undo()
        if discard_redo:
            self._game.discard_redo()
        self._game_changed()

    def _resume_saved(self) -> Game | None:
        """Put the saved game on the board (the "Resume" button; :meth:`resume` in code); ``None``: none."""
        saved = self.autosave.saved()
        if saved is None:
            return None
        with self._lock:
            self._resume_offer = None
            self._replace_game(saved, Notice("info", _count_message(RESUMED, len(saved.turns))))
        return saved

    def _step_made(self, tip: TurnInProgress) -> None:
        for mode in self._modes:
            mode.on_step(tip)
        for callback in list(self._step_callbacks):
            try:
                callback(self, tip)
            except Exception:
                log.exception("logger_widget: on_step callback %r failed", callback)

    def _game_changed(self, notify: bool = True) -> None:
        """The game changed (turn, undo, load…): new epoch, new turn, the modes told, redraw, callbacks."""
        with self._batch():
            self._bots.game_changed()
            self.autosave.save(self._game)  # its own file: the offered game stays, and so does the offer
            for mode in self._modes:
                mode.game_changed()
            self._redraw()
            if notify:
                for mode in self._modes:
                    mode.after_change()
            if notify and self._callbacks:
                self._flush()  # the callbacks read the new view
                for callback in list(self._callbacks):
                    try:
                        callback(self)
                    except Exception:
                        log.exception("logger_widget: on_change callback %r failed", callback)

    # ------------------------------------------------------------------ the view

    @contextmanager
    def _batch(self) -> Iterator[None]:
        """Redraw once at the end of the block, however many changes it makes (held under the lock)."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if self._depth == 0:
                self._flush()

    def _redraw(self) -> None:
        """Rebuild the view model (now, or at the end of the current batch)."""
        if not self._ready:
            return
        if self._depth:
            self._dirty = True
            return
        self._draw()

    def _flush(self) -> None:
        if self._dirty:
            self._dirty = False
            self._draw()

    def _draw(self) -> None:
        """Rebuild the view model (new version) and push it to the front end."""
        self._dirty = False
        self._version += 1
        bots = self._bots
        state = BoardState(
            game=self._game,
            seats=self._seats,
            version=self._version,
            thinking=bots.thinking,
            hint=bots.hint,
            hint_pending=bots.hint_pending,
            hint_available=bots.hint_spec is not None,
            notice=self._notice,
            task=self._task,
        )
        for mode in self._modes:
            mode.adjust(state)
        active = [m for m in reversed(self._modes) if m.active]
        state.replay = next((p for m in active if (p := m.shown_ply()) is not None), None)
        state.hint_cells = next((c for m in active if (c := m.hint_cells())), ())
        state.basis = self._next_basis(state, active)
        view = build_view(state, self._tr)
        view["chart"] = self._chart_view() if self.live_chart else None
        offer = self._resume_offer
        view["resume"] = (
            {"label": self._tr.count(RESUME_FINISHED if offer.is_over else RESUME_BUTTON, len(offer.turns))}
            if offer is not None
            else None
        )
        for mode in self._modes:
            view.update(mode.panels(view, self._tr))
        with self.hold_sync():  # one message to the front end, not one per trait
            if self._static_language != self._tr.language:  # sent again only with a new language
                self._static = dict(static_view(self._tr))
                self._static_language = self._tr.language
            self._view = view
            self.lpn = self._game.position.to_lpn()

    def _next_basis(self, state: BoardState, active: Sequence[Mode]) -> int:
        """The basis of the view being drawn: one more when what a click refers to changed, else the same."""
        game = self._game
        key = (
            game.position,
            len(game.turns),
            game.is_over,
            state.tip,
            state.can_back,
            state.replay,
            state.setup,
            state.lesson,
            state.shown_step,
            tuple((s.is_bot, s.paused) for s in self._seats),
            tuple(m.name for m in active),
        )
        if key != self._basis_key:
            self._basis_key = key
            self._basis += 1
        self._bases[self._version] = self._basis
        if len(self._bases) > 64:  # only recent views still click
            for old in sorted(self._bases)[:32]:
                del self._bases[old]
        return self._basis

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
            self._redraw()

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
        """A :class:`Game` from a Game, Position, LPN, JSON record (dict or text) or file path.

        Raises:
            LPNError, RecordError: ``source`` cannot be read.
            TypeError: ``source`` is of no such kind.
        """
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


class _BoardHost:
    """The board as its collaborators see it: the :class:`~.host.Host` protocol, nothing more."""

    def __init__(self, board: Board) -> None:
        self._board = board

    @property
    def lock(self) -> threading.RLock:
        return self._board._lock

    @property
    def game(self) -> Game:
        return self._board._game

    @property
    def thinking(self) -> int | None:
        return self._board._bots.thinking

    @property
    def setup_pending(self) -> bool:
        return self._board.setup_pending

    @property
    def sync(self) -> bool:
        return self._board._bots.mode == "sync" or headless_kernel()

    def is_human(self, seat: int) -> bool:
        return self._board._is_human(seat)

    def seat(self, seat: int) -> Seat:
        return self._board._seats[seat - 1]

    def play_turn(self, turn: Turn | str, notice: Notice | None = None) -> None:
        self._board._play_turn(turn, notice)

    def submit_turn(self, turn: Turn | str, notice: Notice | None = None) -> None:
        self._board._submit_turn(turn, notice)

    def take_back(self, discard_redo: bool = False) -> None:
        self._board._take_back(discard_redo)

    def undo(self, turns: int | None = None) -> int:
        return self._board.undo(turns)

    def redo(self, turns: int | None = None) -> int:
        return self._board.redo(turns)

    def new_game(self) -> Game:
        return self._board.new_game()

    def replace_game(self, game: Game, notice: Notice | None = None) -> None:
        self._board._replace_game(game, notice)

    def start_game(self, corners: tuple[str, ...]) -> None:
        self._board._start_game(corners)

    def to_game(self, source: Any) -> Game:
        return self._board._to_game(source)

    def resume_saved(self) -> Game | None:
        return self._board._resume_saved()

    def show(self, notice: Notice | None) -> None:
        self._board._notice = notice
        self._board._redraw()

    def restart_turn(self) -> None:
        self._board._controller.reset_turn()

    def step_made(self, tip: TurnInProgress) -> None:
        self._board._step_made(tip)

    def pause_seat(self, seat: int, paused: bool) -> None:
        self._board._seats[seat - 1].paused = paused

    def take_seat(self, seat: int) -> None:
        self._board._seats[seat - 1] = Seat("human", None, "human")
        self._board._bots.forget(seat)

    def start_hint(self) -> str:
        return self._board._bots.start_hint()

    def deliver(self, fn: Callable[[], None]) -> None:
        self._board._bots.deliver(fn)

    def changed(self) -> None:
        self._board._redraw()


class _LocalPlay:
    """The board's own :class:`~.host.TurnSink`: a person's turn is played on the board's game."""

    def __init__(self, board: Board) -> None:
        self._board = board

    def submit(self, turn: Turn, notice: Notice | None = None) -> None:
        self._board._play_turn(turn, notice)


def _check_sink(sink: _LocalPlay) -> TurnSink:
    """Type check only: :class:`_LocalPlay` implements :class:`~.host.TurnSink`."""
    return sink


def _check_host(host: _BoardHost) -> Host:
    """Type check only: :class:`_BoardHost` implements :class:`~.host.Host`."""
    return host

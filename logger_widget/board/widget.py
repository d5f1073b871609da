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

import base64
import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

import anywidget
import traitlets

from ..engine.decisions import TurnInProgress
from ..engine.game import Game
from ..engine.position import Position
from ..engine.turn import Turn
from ..i18n import PMessage, Translator, negotiate
from ..i18n.texts.resume import RESUME_BUTTON, RESUMED, SAVED_GAME
from .assets import asset_traits
from .bot_runner import BotRunner
from .controller import TARGET_STAGES, Controller
from .messages import raw, short, text
from .persistence import AutoSave, note_front_end
from .review_mode import ReviewMode, review_panels, review_view
from .view import BoardState, LessonInfo, Notice, Seat, SetupInfo, build_view

__all__ = ["Board"]

log = logging.getLogger(__name__)

_STATIC = Path(__file__).resolve().parent / "static"


def _count_message(message: Any, n: int) -> Callable[[Translator], str]:
    """A notice ``translator -> text`` for a count message (it follows a language switch)."""
    return lambda tr: tr.count(message, n)


class LessonHost(Protocol):
    """A lesson shown on a board (see :func:`logger_widget.classroom.tutorial.lesson_board`).

    The board offers "Restart lesson" instead of "New game" and, once
    :attr:`solved`, "Next lesson" when :attr:`next` names one; a solved lesson
    stops the board (the status says it is solved).
    """

    @property
    def solved(self) -> bool:
        """The lesson's task is done."""

    @property
    def next(self) -> str | None:
        """The key of the next lesson, or ``None`` after the last one."""

    def restart(self, board: Board) -> None:
        """Put the lesson's position back on ``board`` (the task stays)."""

    def go_next(self, board: Board) -> None:
        """Show the next lesson on ``board``."""


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
    """

    _esm = _STATIC / "board.js"
    _css = _STATIC / "board.css"

    locale = traitlets.Unicode("uk").tag(sync=True)
    #: The current position in LPN (read it or observe it; set it with :meth:`load`).
    lpn = traitlets.Unicode("").tag(sync=True)
    _view = traitlets.Dict().tag(sync=True)
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
        self._choose_corners = corners == "choose"
        if isinstance(corners, str) and not self._choose_corners:
            raise ValueError(
                f'corners must be a list of corners (e.g. ["a1", "e5"]) or "choose", not {corners!r}'
            )
        self._corners = tuple(corners) if corners is not None and not self._choose_corners else None
        #: corners chosen so far at setup (``None``: no setup going on)
        self._chosen: list[str] | None = [] if self._choose_corners and record is None else None
        self._repetition_rule = bool(repetition_rule)
        self.live_chart = bool(live_chart)
        self._chart_cache: tuple[tuple[Any, ...], dict[str, str]] | None = None
        self.bots = BotRunner(self, bot_mode, bot_delay, hint_bot, seed)
        self.controller = Controller(self)
        self.review = ReviewMode(self, seed=0 if seed is None else seed)
        self.lesson: LessonHost | None = None
        self._seats = [self._make_seat(spec, i + 1) for i, spec in enumerate(specs)]
        self._game = Game.new(len(specs), self._corners, repetition_rule=self._repetition_rule)
        self.autosave = AutoSave.for_board(autosave, specs, seed, self._corners, len(specs))
        self._version = 0
        self._resume_offer: int | None = None
        self._notice: Notice | None = None
        self._task: Callable[[Translator], str] | None = None
        self._replay: int | None = None
        self._last_seq: dict[str, int] = {}
        self._callbacks: list[Callable[[Board], Any]] = []
        self._step_callbacks: list[Callable[[Board, TurnInProgress], Any]] = []
        self._tr = Translator(negotiate(locale))
        unknown = sorted(k for k in kwargs if k not in self.class_trait_names())
        if unknown:
            raise TypeError(f"Board() got unexpected keyword argument(s): {', '.join(unknown)}")
        super().__init__(locale=self._tr.language, **asset_traits(), **kwargs)
        self.on_msg(self._on_custom_msg)
        if record is not None:
            self._game = self.to_game(record)
            self._fit_seats(self._game.players)
        self._ready = True
        saved = self.autosave.saved() if record is None else None
        #: turns of the saved game offered by the "Resume" button (``None``: no offer)
        self._resume_offer = len(saved.turns) if saved is not None else None
        with self._lock:
            if saved is not None:  # the kernel died during this board's game: offer it back
                self._notice = Notice("info", _count_message(SAVED_GAME, len(saved.turns)))
            self.game_changed(notify=False)
            if self._chosen is not None:
                self._setup_bots()
        if saved is None:
            self.bots.schedule()

    def resume(self) -> Game:
        """Continue the game this board saved beside the notebook (see :mod:`.persistence`).

        Returns:
            The resumed :class:`Game` (same position and history as when it was saved).

        Raises:
            LookupError: there is no unfinished saved game for this board.
        """
        saved = self.resume_saved()
        if saved is None:
            raise LookupError("no unfinished game of this board is saved beside the notebook")
        self.bots.schedule()
        return saved

    def resume_saved(self) -> Game | None:
        """Put the saved game on the board (the "Resume" button; :meth:`resume` in code).

        Returns the resumed game, or ``None`` when there is none to resume (nothing changes).
        The caller schedules the bots.
        """
        saved = self.autosave.saved()
        if saved is None:
            return None
        with self._lock:
            self._resume_offer = None
            self._chosen = None  # the saved game has its corners: no setup
            self._game = saved
            self._fit_seats(saved.players)
            self._notice = Notice("success", _count_message(RESUMED, len(saved.turns)))
            self.game_changed()
        return saved

    @property
    def bot_mode(self) -> str:
        """``"thread"`` or ``"sync"`` (see :class:`~logger_widget.board.bot_runner.BotRunner`)."""
        return self.bots.mode

    @property
    def bot_delay(self) -> float:
        """Minimal seconds a bot "thinks" in thread mode."""
        return self.bots.delay

    @property
    def setup_pending(self) -> bool:
        """Whether the seats still choose their starting corners by clicking (no bot plays before)."""
        return self._chosen is not None

    def _free_corners(self) -> tuple[str, ...]:
        chosen = self._chosen or []
        return tuple(c for c in ("a1", "e1", "e5", "a5") if c not in chosen)

    def choose_corner(self, cell: str) -> str:
        """Take ``cell`` as the starting corner of the next seat at setup; ``"ok"`` or ``"rejected"``.

        When every seat has its corner the game starts (``Game.new(players, corners)``).
        """
        if self._chosen is None:
            return "invalid"
        seat = len(self._chosen) + 1
        if not self.is_human(seat) or cell not in self._free_corners():
            return self.controller.reject("not_selectable", "info", cell=cell)
        self._chosen.append(cell)
        self._notice = None
        self._setup_bots()
        return "ok"

    def _setup_bots(self) -> None:
        """Bot seats take their default corner (or the first free one); start the game when all have one."""
        assert self._chosen is not None
        n = len(self._seats)
        default = Game.new(n).position.loggers
        while len(self._chosen) < n and not self.is_human(len(self._chosen) + 1):
            seat = len(self._chosen) + 1
            free = self._free_corners()
            self._chosen.append(default[seat - 1] if default[seat - 1] in free else free[0])
        if len(self._chosen) < n:
            self.redraw()
            return
        corners = tuple(self._chosen)
        self._chosen = None
        self._game = Game.new(n, corners, repetition_rule=self._repetition_rule)
        self.game_changed()

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
            self.controller.reset_turn()
            self.redraw()
        self.bots.schedule()

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
        return self.bots.thinking

    def play(self, turn: Turn | str) -> Position:
        """Play a whole turn (a :class:`Turn` or notation) for the seat to move, bot seats included.

        Raises:
            NotationError, IllegalTurnError: the game and the board are unchanged.
        """
        with self._lock:
            self._game.play(turn)
            self._notice = None
            self.game_changed()
            position = self._game.position
        self.bots.schedule()
        return position

    def load(self, source: Any) -> Game:
        """Continue from ``source``: a :class:`Game`, :class:`Position`, LPN, JSON record or file path.

        Raises:
            LPNError, RecordError: ``source`` cannot be read; the board is unchanged.
        """
        game = self.to_game(source)
        with self._lock:
            self._game = game
            self._fit_seats(game.players)
            self._notice = Notice("success", text("loaded"))
            self.game_changed()
        self.bots.schedule()
        return game

    def new_game(self) -> Game:
        """Start again from the standard setup with the same seats."""
        with self._lock:
            self._game = Game.new(len(self._seats), self._corners, repetition_rule=self._repetition_rule)
            if self._choose_corners:
                self._chosen = []
                self._setup_bots()
            for s in self._seats:
                s.paused = False
            self._notice = Notice("success", text("new_game"))
            self.game_changed()
        self.bots.schedule()
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
                if turns is None and self.is_human(self._game.position.to_move):
                    break
            self._notice = Notice("info", text("undone", n=n))
            self.game_changed()
        self.bots.schedule()
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
                if turns is None and self.is_human(self._game.position.to_move):
                    break
            self._notice = Notice("info", text("redone", n=n))
            self.game_changed()
        self.bots.schedule()
        return n

    def refresh(self) -> None:
        """Redraw after changing :attr:`game` directly."""
        with self._lock:
            self.game_changed(notify=True)
        self.bots.schedule()

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
            self.redraw()

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
            self.redraw()

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

        Used by lesson boards to judge a lesson about one step (movement, growth) as
        soon as that step is done. Returns the callback; exceptions it raises are logged.
        """
        self._step_callbacks.append(callback)
        return callback

    def step_made(self, tip: TurnInProgress) -> None:
        """Tell the :meth:`on_step` callbacks that the person's turn reached ``tip``."""
        for callback in list(self._step_callbacks):
            try:
                callback(self, tip)
            except Exception:
                log.exception("logger_widget: on_step callback %r failed", callback)

    def to_json(self) -> str:
        """The game record as JSON text (see :meth:`Game.to_json`)."""
        return self._record_game().to_json()

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until no bot is thinking and no hint is pending (for scripts in thread mode); False on timeout."""
        return self.bots.settle(timeout)

    # ------------------------------------------------------------------ front-end messages

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        note_front_end()
        self.bots.capture_loop()
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
                result = self.controller.dispatch(action, content)
            except Exception as e:  # a bug must not corrupt the game: report and redraw
                log.exception("logger_widget: intent %r failed", content)
                self._notice = Notice("error", raw(short(e)))
                self.redraw()
                return "error"
        if result == "ok":
            self.bots.schedule()
        return result

    # ------------------------------------------------------------------ for the controller and the bot runner

    @property
    def lock(self) -> threading.RLock:
        """The lock every change of the board's state is made under."""
        return self._lock

    def is_human(self, seat: int) -> bool:
        """Whether ``seat`` (1-based) is played by a person."""
        return not self._seats[seat - 1].is_bot

    def seat(self, seat: int) -> Seat:
        """The :class:`Seat` of ``seat`` (1-based)."""
        return self._seats[seat - 1]

    def replace_seat(self, seat: int, value: Seat) -> None:
        """Put ``value`` in ``seat`` (1-based)."""
        self._seats[seat - 1] = value

    def set_notice(self, notice: Notice | None) -> None:
        """Show ``notice`` at the next redraw (``None`` clears it)."""
        self._notice = notice

    def replace_game(self, game: Game, notice: Notice | None = None) -> None:
        """Continue with ``game`` (seats fitted to its player count)."""
        self._game = game
        self._fit_seats(game.players)
        self._notice = notice
        self.game_changed()

    @property
    def replay_ply(self) -> int | None:
        """The ply shown by the replay slider, or ``None`` for the live game."""
        return self._replay

    @replay_ply.setter
    def replay_ply(self, value: int | None) -> None:
        self._replay = value

    # ------------------------------------------------------------------ state changes

    def game_changed(self, notify: bool = True) -> None:
        """The game changed (turn, undo, load…): new epoch, new turn, redraw, callbacks."""
        self.bots.game_changed()
        self.review.game_changed()
        if notify:  # the board went on (a turn, a new game, a record): the saved game is no longer offered
            self._resume_offer = None
        self.autosave.save(self._game)
        self._replay = None
        if self._game.is_over:
            self.controller.steps = []
        else:
            self.controller.reset_turn()
        self.redraw()
        if notify:
            for callback in list(self._callbacks):
                try:
                    callback(self)
                except Exception:
                    log.exception("logger_widget: on_change callback %r failed", callback)

    def redraw(self) -> None:
        """Rebuild the view model (new version) and push it to the front end."""
        if not self._ready:
            return
        self._version += 1
        steps = self.controller.steps
        top = steps[-1] if steps else None
        action_tip = None
        if top is not None:
            if top.stage == "action":
                action_tip = top
            elif top.stage in TARGET_STAGES:
                action_tip = top.back()
        state = BoardState(
            game=self._game,
            seats=self._seats,
            version=self._version,
            tip=top,
            action_tip=action_tip,
            can_back=len(steps) > 1,
            thinking=self.bots.thinking,
            hint=self.bots.hint,
            hint_cells=self._hint_cells(),
            hint_pending=self.bots.hint_pending,
            hint_available=self.bots.hint_spec is not None,
            notice=self._notice,
            task=self._task,
            replay=self._replay if not self.review.active else self.review.shown_ply,
            lesson=LessonInfo(self.lesson.solved, self.lesson.next is not None) if self.lesson else None,
            setup=(
                SetupInfo(tuple(self._chosen), self._free_corners(), self.is_human(len(self._chosen) + 1))
                if self._chosen is not None
                else None
            ),
        )
        view = self._decorate_view(build_view(state, self._tr))
        view["chart"] = self._chart_view() if self.live_chart else None
        view["review"] = review_view(self.review, self._tr)
        if self.review.active:  # the review draws its own two turns, not the last one, and has its own slider
            view["last"] = None
            view["status"] = view["review"]["status"]
            view = review_panels(view)
        offer = self._resume_offer
        view["resume"] = {"label": self._tr.count(RESUME_BUTTON, offer)} if offer is not None else None
        self._view = view
        self.lpn = self._game.position.to_lpn()

    def ask_hint(self) -> str:
        """The Hint button: ask the hint bot for a turn (the puzzle board grades its hints)."""
        return self.bots.start_hint()

    def _hint_cells(self) -> tuple[str, ...]:
        """Cells a partial hint marks on the board (the puzzle board's first hint); none here."""
        return ()

    def _decorate_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """A mode's additions to the view model (the puzzle board's, :mod:`.puzzle_mode`); none here."""
        return view

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
            self.redraw()

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

    def to_game(self, source: Any) -> Game:
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

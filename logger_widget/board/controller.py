"""The board's controller: the player's intents → engine decisions.

The front end sends *intents* (``"cell"``, ``"action"``, ``"done"``, ``"back"``,
``"notation"``, ``"undo"``…); :class:`Controller` turns each into a choice of
a :class:`~logger_widget.engine.decisions.TurnInProgress` (the only place that
knows what is legal) or into a call of the board's public API, and answers
``"ok"``, ``"rejected"`` (with a message for the player) or ``"invalid"``.

It owns the person's turn in progress (:attr:`Controller.steps`: one
``TurnInProgress`` per step, so "Back" pops one). Forced choices are taken
for the player (:func:`forced`), except the *target* of an action: a chop,
plant or protest target is always shown first (with the chop preview) and
confirmed by a click, even when it is the only one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.decisions import DONE, TurnInProgress
from ..engine.errors import IllegalTurnError, LoggerError, RecordError
from ..i18n import Translator
from ..i18n.texts.resume import NOTHING_SAVED
from .messages import action_label, error_text, illegal_text, player_text, text
from .review_mode import ALLOWED_INTENTS
from .view import Notice, Seat

if TYPE_CHECKING:  # pragma: no cover
    from .widget import Board

__all__ = ["Controller", "forced", "TARGET_STAGES"]

#: Stages where the player picks the target of the action.
TARGET_STAGES = ("plant", "chop", "protest")


def forced(tip: TurnInProgress) -> TurnInProgress:
    """Take the choices that are the only ones possible, stopping before any action target.

    The targets of plant, chop and protest are always left to the player (the
    chop preview is seen before the trees fall); a forced movement, forced
    seedlings and a forced action kind are taken (through
    :meth:`TurnInProgress.auto`, so no rule is coded here). A protest
    selection with nothing left to add is finished.
    """
    t = tip
    while t.stage != "done":
        if t.stage in TARGET_STAGES:
            if t.stage == "protest" and t.options() == (DONE,):
                return t.choose(DONE)
            return t
        if t.stage == "spawn":
            resolved = t.auto()
            if resolved.stage == "spawn":
                return t
            for cell in resolved.spawned:
                if cell not in t.spawned:
                    t = t.choose(cell)
            continue
        opts = t.options()
        if len(opts) != 1:
            return t
        t = t.choose(opts[0])
    return t


_CELLS = frozenset(f + r for f in "abcde" for r in "12345")
_SYMBOLS = {"plant": "*", "chop": "x", "protest": "!"}


def why_not(tip: TurnInProgress, cell: str) -> Callable[[Translator], str] | None:
    """Why ``cell`` cannot be chosen at ``tip``'s step: the rule it breaks, in the player's language.

    The turn the click would make is written in notation and checked by the
    engine (:meth:`Position.parse_turn`), so the reason is the
    engine's own rule message. ``None`` when no single rule explains it (the
    spawn step, or a cell that would be legal in another turn).
    """
    stage = tip.stage
    if stage not in ("move", *TARGET_STAGES):
        return None
    dest = cell if stage == "move" else tip.board().loggers[tip.seat - 1]
    notation = tip.origin if dest == tip.origin else f"{tip.origin}-{dest}"
    if stage != "move":
        if tip.spawned:
            notation += " +" + ",".join(tip.spawned)
        targets = [*tip.protest_chosen, cell] if stage == "protest" else [cell]
        notation += f" {_SYMBOLS[stage]}" + ",".join(sorted(targets))
    try:
        tip.position.parse_turn(notation)
    except IllegalTurnError as e:
        if e.rule in ("spawn_count", "spawn_not_maximal", "action_required"):
            return None  # the movement itself is fine: no rule about this cell
        return error_text(e)
    except LoggerError:  # pragma: no cover - the notation is built from legal parts
        return None
    return None


class Controller:
    """Intents of the front end → decisions on the board's game.

    Args:
        board: the :class:`~logger_widget.board.widget.Board` it acts on (its
            game, seats, notice and redraw); every method runs under the board's lock.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        #: The person's turn in progress, one entry per step (empty while a bot or nobody is to move).
        self.steps: list[TurnInProgress] = []
        self._handlers: dict[str, Callable[[dict[str, Any]], str]] = {
            "cell": self._cell,
            "action": self._action,
            "done": self._done,
            "back": self._back,
            "notation": self._notation,
            "undo": self._undo,
            "redo": self._redo,
            "new_game": self._new_game,
            "restart": self._restart,
            "next_lesson": self._next_lesson,
            "hint": self._hint,
            "replay": self._replay,
            "retry": self._retry,
            "take_over": self._take_over,
            "import": self._import,
            "dismiss": self._dismiss,
            "corner": self._corner,
            "resume": self._resume,
        }

    # ------------------------------------------------------------------ the turn in progress

    @property
    def top(self) -> TurnInProgress | None:
        """The current step, or ``None`` when no person is to move."""
        return self.steps[-1] if self.steps else None

    def reset_turn(self) -> None:
        """Begin the turn of the seat to move when it is a person's (forced choices applied)."""
        b = self.board
        self.steps = []
        if b.game.is_over or not b.is_human(b.game.position.to_move):
            return
        start = b.game.position.start_turn()
        self.steps = [start]
        auto = forced(start)
        # When everything is forced the player still confirms the only move
        # (their logger), so that a forced turn is seen and never loops.
        if auto is not start and auto.stage != "done":
            self.steps.append(auto)

    def advance(self, tip: TurnInProgress) -> None:
        """Go on to ``tip`` (after taking its forced choices); play the turn when it is complete."""
        b = self.board
        b.set_notice(None)
        tip = forced(tip)
        if tip.stage == "done":
            self.commit(tip)
        else:
            self.steps.append(tip)
            b.step_made(tip)
            b.redraw()

    def commit(self, tip: TurnInProgress) -> None:
        """Play the completed turn ``tip``."""
        b = self.board
        seat, skipped = tip.seat, tip.skipped
        b.game.play(tip.turn)
        if skipped:
            b.set_notice(Notice("info", text("skipped", player=player_text(seat))))
        b.game_changed()

    # ------------------------------------------------------------------ dispatch

    def dispatch(self, action: str, msg: dict[str, Any]) -> str:
        """Handle one intent (``msg`` as sent by the front end); return ``"ok"``, ``"rejected"`` or ``"invalid"``."""
        if action == "review":
            return self.board.review.handle(msg)
        handler = self._handlers.get(action)
        if handler is None:
            return "invalid"
        if self.board.review.active and action == "replay" and msg.get("ply") is not None:
            # the game's replay slider or history list, while reviewing: the turn to review
            return self.board.review.handle({"op": "goto", "ply": msg.get("ply")})
        if self.board.review.active and action not in ALLOWED_INTENTS:
            return self.board.review.refuse()
        return handler(msg)

    def reject(self, key: str, kind: str = "error", **params: Any) -> str:
        """Show the notice ``key`` (see :data:`~logger_widget.i18n.texts.board.NOTICES`) and refuse."""
        self.board.set_notice(Notice(kind, text(key, **params)))
        self.board.redraw()
        return "rejected"

    def _guard(self) -> str | None:
        """Why a board intent cannot be taken now (a rejection already shown), or None."""
        b = self.board
        if b.replay_ply is not None:
            return self.reject("replay_only", "info")
        if b.lesson is not None and b.lesson.solved:
            return self.reject("lesson_solved", "info")
        if b.setup_pending:
            return self.reject("setup", "info")
        if b.game.is_over:
            return self.reject("game_over", "info")
        seat = b.game.position.to_move
        if not b.is_human(seat):
            if b.thinking is not None:
                return self.reject("busy", "info")
            return self.reject("not_your_turn", "info", player=player_text(seat))
        if not self.steps:  # pragma: no cover - a human seat always has a turn in progress
            self.reset_turn()
        return None

    # ------------------------------------------------------------------ board intents

    def _cell(self, msg: dict[str, Any]) -> str:
        cell = msg.get("cell")
        if not isinstance(cell, str):
            return "invalid"
        if self.board.setup_pending and self.board.replay_ply is None:
            return self.board.choose_corner(cell)
        guard = self._guard()
        if guard:
            return guard
        tip = self.steps[-1]
        if tip.stage == "action":
            kinds = [k for k in tip.options() if cell in tip.choose(k).options()]
            if len(kinds) != 1:
                return self.reject("choose_action", "info")
            # a click on a target at the action stage is the confirmation (its preview was shown)
            self.advance(tip.choose(kinds[0]).choose(cell))
            return "ok"
        opts = tip.options()
        chosen = tip.protest_chosen if tip.stage == "protest" else ()
        if cell not in opts and cell not in chosen:
            reason = why_not(tip, cell) if cell in _CELLS else None
            if reason is None:
                return self.reject("not_selectable", "info", cell=cell)
            return self.reject("not_selectable_because", "info", cell=cell, reason=reason)
        self.advance(tip.choose(cell))
        return "ok"

    def _action(self, msg: dict[str, Any]) -> str:
        kind = msg.get("kind")
        if kind not in TARGET_STAGES:
            return "invalid"
        guard = self._guard()
        if guard:
            return guard
        tip = self.steps[-1]
        if tip.stage == kind:
            return "ok"  # already chosen: nothing to do
        base = tip.back() if tip.stage in TARGET_STAGES else tip
        if base.stage != "action" or kind not in base.options():
            return self.reject(
                "not_selectable", "info", cell=lambda tr, k=kind: tr.translate(action_label(k))
            )
        while len(self.steps) > 1 and self.steps[-1].stage in TARGET_STAGES:
            self.steps.pop()
        self.advance(base.choose(kind))
        return "ok"

    def _done(self, msg: dict[str, Any]) -> str:
        guard = self._guard()
        if guard:
            return guard
        tip = self.steps[-1]
        if tip.stage != "protest" or DONE not in tip.options():
            return self.reject("not_selectable", "info", cell=lambda tr: tr.translate(action_label(DONE)))
        self.advance(tip.choose(DONE))
        return "ok"

    def _back(self, msg: dict[str, Any]) -> str:
        guard = self._guard()
        if guard:
            return guard
        if len(self.steps) > 1:
            self.steps.pop()
        self.board.set_notice(None)
        self.board.redraw()
        return "ok"

    def _notation(self, msg: dict[str, Any]) -> str:
        value = msg.get("text")
        if not isinstance(value, str):
            return "invalid"
        guard = self._guard()
        if guard:
            return guard
        if not value.strip():
            return self.reject("notation_empty", "info")
        b = self.board
        try:
            b.game.play(value.strip())
        except LoggerError as e:
            b.set_notice(Notice("error", illegal_text(e)))
            b.redraw()
            return "rejected"
        b.set_notice(None)
        b.game_changed()
        return "ok"

    def _corner(self, msg: dict[str, Any]) -> str:
        cell = msg.get("cell")
        if not isinstance(cell, str):
            return "invalid"
        return self.board.choose_corner(cell)

    def _resume(self, msg: dict[str, Any]) -> str:
        """The "Resume the saved game" button: the game saved beside the notebook comes back."""
        b = self.board
        if b.resume_saved() is None:  # the file went away since the offer was shown
            b.set_notice(Notice("info", lambda tr: tr.translate(NOTHING_SAVED)))
            b.redraw()
            return "rejected"
        return "ok"

    # ------------------------------------------------------------------ game intents

    def _undo(self, msg: dict[str, Any]) -> str:
        b = self.board
        if not b.game.can_undo:
            return self.reject("nothing_to_undo", "info")
        b.replay_ply = None
        b.undo()
        return "ok"

    def _redo(self, msg: dict[str, Any]) -> str:
        b = self.board
        if not b.game.can_redo:
            return self.reject("nothing_to_redo", "info")
        b.replay_ply = None
        b.redo()
        return "ok"

    def _new_game(self, msg: dict[str, Any]) -> str:
        b = self.board
        if b.lesson is not None:  # a lesson board restarts its lesson instead
            return self._restart(msg)
        b.new_game()
        return "ok"

    def _restart(self, msg: dict[str, Any]) -> str:
        b = self.board
        if b.lesson is None:
            return "invalid"
        b.lesson.restart(b)
        return "ok"

    def _next_lesson(self, msg: dict[str, Any]) -> str:
        b = self.board
        if b.lesson is None or b.lesson.next is None or not b.lesson.solved:
            return "invalid"
        b.lesson.go_next(b)
        return "ok"

    def _hint(self, msg: dict[str, Any]) -> str:
        guard = self._guard()
        if guard:
            return guard
        return self.board.ask_hint()

    def _replay(self, msg: dict[str, Any]) -> str:
        b = self.board
        ply = msg.get("ply")
        total = len(b.game.turns)
        if ply is None or (isinstance(ply, int) and not isinstance(ply, bool) and ply >= total):
            b.replay_ply = None
        elif isinstance(ply, int) and not isinstance(ply, bool):
            b.replay_ply = max(0, ply)
        else:
            return "invalid"
        b.redraw()
        return "ok"

    def _retry(self, msg: dict[str, Any]) -> str:
        b = self.board
        s = b.seat(b.game.position.to_move)
        if not s.is_bot or not s.paused:
            return "rejected"
        s.paused = False
        b.set_notice(None)
        b.redraw()
        return "ok"

    def _take_over(self, msg: dict[str, Any]) -> str:
        b = self.board
        seat = b.game.position.to_move
        if not b.seat(seat).is_bot:
            return "rejected"
        b.replace_seat(seat, Seat("human", None, "human"))
        b.bots.forget(seat)
        b.set_notice(Notice("info", text("took_over", player=player_text(seat))))
        self.reset_turn()
        b.redraw()
        return "ok"

    def _import(self, msg: dict[str, Any]) -> str:
        value = msg.get("text")
        if not isinstance(value, str):
            return "invalid"
        b = self.board
        try:
            game = b.to_game(value)
        except (LoggerError, ValueError, TypeError) as e:
            err = e if isinstance(e, RecordError) else RecordError("record", str(e))
            b.set_notice(Notice("error", error_text(err)))
            b.redraw()
            return "rejected"
        b.replace_game(game, Notice("success", text("loaded")))
        return "ok"

    def _dismiss(self, msg: dict[str, Any]) -> str:
        self.board.set_notice(None)
        self.board.redraw()
        return "ok"

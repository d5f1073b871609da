"""The board's controller: the player's intents → engine decisions.

The front end sends *intents* (``"cell"``, ``"action"``, ``"done"``, ``"back"``,
``"notation"``, ``"undo"``…); :class:`Controller` turns each into a choice of
a :class:`~logger_widget.engine.decisions.TurnInProgress` (the only place that
knows what is legal) or into a call of the board's public API, and answers
``"ok"``, ``"rejected"`` (with a message for the player) or ``"invalid"``.

It is the board's **Play** mode (the bottom of its stack of modes, see
:mod:`.host`): it owns the person's turn in progress (:attr:`Controller.steps`: one
``TurnInProgress`` per step, so "Back" pops one) and asks the board, its
:class:`~logger_widget.board.host.Host`, for every change of the game. A completed
turn is *submitted* (:meth:`Host.submit_turn <logger_widget.board.host.Host.submit_turn>`)
to the board's :class:`~logger_widget.board.host.TurnSink`: local play, or the class
game service (:meth:`OnlineMode.submit <logger_widget.classplay.online_mode.OnlineMode.submit>`). Forced choices are taken
for the player (:func:`forced`), except the *target* of an action: a chop,
plant or protest target is always shown first (with the chop preview) and
confirmed by a click, even when it is the only one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.decisions import DONE, TurnInProgress
from ..engine.errors import IllegalTurnError, LoggerError, RecordError
from ..i18n import Translator
from ..i18n.texts.resume import NOTHING_SAVED
from .host import BaseMode
from .messages import action_label, error_text, illegal_text, player_of_text, player_text, text
from .view import BoardState, Notice

__all__ = ["Controller", "forced", "forced_choices", "TARGET_STAGES"]

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


def forced_choices(steps: list[TurnInProgress]) -> tuple[str, ...]:
    """What :func:`forced` chose for the player in the turn whose steps are ``steps``.

    ``"stay"``: the logger can only stay (the player still confirms it when nothing else is left);
    ``"spawn"``: seedlings were placed and the player never had the spawn step;
    ``"action"``: the action step was passed because one kind was possible.
    """
    if not steps:
        return ()
    start, top = steps[0], steps[-1]
    stages = {s.stage for s in steps}
    out = []
    if start.stage == "move" and start.options() == (start.origin,):
        out.append("stay")
    if top.spawned and "spawn" not in stages:
        out.append("spawn")
    if top.stage in TARGET_STAGES and "action" not in stages:
        out.append("action")
    return tuple(out)


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


class Controller(BaseMode):
    """The Play mode: intents of the front end → decisions on the board's game.

    Attached to its board (a :class:`~logger_widget.board.host.Host`) by the board; every
    method runs under the board's lock. Handlers return the intent's result and never redraw.
    """

    name = "play"

    def __init__(self) -> None:
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
            "hint": self._hint,
            "retry": self._retry,
            "take_over": self._take_over,
            "import": self._import,
            "resume": self._resume,
        }

    @property
    def active(self) -> bool:
        """Play is always on (the bottom of the stack)."""
        return True

    # ------------------------------------------------------------------ the turn in progress

    @property
    def top(self) -> TurnInProgress | None:
        """The current step, or ``None`` when no person is to move."""
        return self.steps[-1] if self.steps else None

    def reset_turn(self) -> None:
        """Begin the turn of the seat to move when it is a person's (forced choices applied)."""
        host = self.host
        game = host.game
        self.steps = []
        if game.is_over or host.setup_pending or not host.is_human(game.position.to_move):
            return
        start = game.position.start_turn()
        self.steps = [start]
        auto = forced(start)
        # When everything is forced the player still confirms the only move
        # (their logger), so that a forced turn is seen and never loops.
        if auto is not start and auto.stage != "done":
            self.steps.append(auto)

    def game_changed(self) -> None:
        """A new position: a new turn in progress."""
        self.reset_turn()

    def advance(self, tip: TurnInProgress) -> None:
        """Go on to ``tip`` (after taking its forced choices); play the turn when it is complete."""
        host = self.host
        host.show(None)
        tip = forced(tip)
        if tip.stage == "done":
            self.commit(tip)
        else:
            self.steps.append(tip)
            host.step_made(tip)

    def commit(self, tip: TurnInProgress) -> None:
        """Play the completed turn ``tip``."""
        seat, skipped = tip.seat, tip.skipped
        notice = Notice("info", text("skipped", player=player_text(seat))) if skipped else None
        self.host.submit_turn(tip.turn, notice)

    def adjust(self, state: BoardState) -> None:
        """The turn in progress, the same turn at its action step, whether "Back" can go back, what was forced."""
        steps = self.steps
        top = steps[-1] if steps else None
        state.tip = top
        state.can_back = len(steps) > 1
        state.forced = forced_choices(steps)
        if top is not None and top.stage == "action":
            state.action_tip = top
        elif top is not None and top.stage in TARGET_STAGES:
            state.action_tip = top.back()

    # ------------------------------------------------------------------ dispatch

    def handle(self, action: str, msg: dict[str, Any]) -> str | None:
        """Handle one intent (``msg`` as sent by the front end); ``"ok"``, ``"rejected"`` or ``"invalid"``."""
        handler = self._handlers.get(action)
        return handler(msg) if handler is not None else None

    def reject(self, key: str, kind: str = "error", **params: Any) -> str:
        """Show the notice ``key`` (see :data:`~logger_widget.i18n.texts.board.NOTICES`) and refuse."""
        self.host.show(Notice(kind, text(key, **params)))
        return "rejected"

    def _guard(self) -> str | None:
        """Why a board intent cannot be taken now (a rejection already shown), or None."""
        host = self.host
        game = host.game
        if game.is_over:
            return self.reject("game_over", "info")
        seat = game.position.to_move
        if not host.is_human(seat):
            if host.thinking is not None:
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
        guard = self._guard()
        if guard:
            return guard
        tip = self.steps[-1]
        if tip.stage == "action":
            kinds = [k for k in tip.options() if cell in tip.choose(k).options()]
            if "chop" in kinds:
                # a tree next to the logger may also take a protester; the click chops it, as the
                # chop preview shown on hover says (a protest goes through the Protest button)
                kinds = ["chop"]
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
        self.host.show(None)
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
        try:
            self.host.submit_turn(value.strip())
        except LoggerError as e:
            self.host.show(Notice("error", illegal_text(e)))
            return "rejected"
        return "ok"

    def _resume(self, msg: dict[str, Any]) -> str:
        """The "Resume the saved game" button: the game saved beside the notebook comes back."""
        if self.host.resume_saved() is None:  # the file went away since the offer was shown
            self.host.show(Notice("info", lambda tr: tr.translate(NOTHING_SAVED)))
            return "rejected"
        return "ok"

    # ------------------------------------------------------------------ game intents

    def _undo(self, msg: dict[str, Any]) -> str:
        if not self.host.game.can_undo:
            return self.reject("nothing_to_undo", "info")
        self.host.undo()
        return "ok"

    def _redo(self, msg: dict[str, Any]) -> str:
        if not self.host.game.can_redo:
            return self.reject("nothing_to_redo", "info")
        self.host.redo()
        return "ok"

    def _new_game(self, msg: dict[str, Any]) -> str:
        self.host.new_game()
        return "ok"

    def _hint(self, msg: dict[str, Any]) -> str:
        guard = self._guard()
        if guard:
            return guard
        return self.host.start_hint()

    def _retry(self, msg: dict[str, Any]) -> str:
        host = self.host
        seat = host.game.position.to_move
        s = host.seat(seat)
        if not s.is_bot or not s.paused:
            return "rejected"
        host.pause_seat(seat, False)
        host.show(None)
        return "ok"

    def _take_over(self, msg: dict[str, Any]) -> str:
        host = self.host
        seat = host.game.position.to_move
        if not host.seat(seat).is_bot:
            return "rejected"
        host.take_seat(seat)
        host.show(Notice("info", text("took_over", player=player_of_text(seat))))
        self.reset_turn()
        return "ok"

    def _import(self, msg: dict[str, Any]) -> str:
        value = msg.get("text")
        if not isinstance(value, str):
            return "invalid"
        host = self.host
        try:
            game = host.to_game(value)
        except (LoggerError, ValueError, TypeError) as e:
            err = e if isinstance(e, RecordError) else RecordError("record", str(e))
            host.show(Notice("error", error_text(err)))
            return "rejected"
        host.replace_game(game, Notice("info", text("loaded")))
        return "ok"

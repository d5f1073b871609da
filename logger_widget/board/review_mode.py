"""The board's Review mode: step through a game's turns with the better turn drawn and explained.

After a game (or on a loaded record) the **Review the game** button runs
:func:`logger_widget.review.review` — in a background thread like the bots
(:class:`~logger_widget.board.bot_runner.BotRunner`: its answer and its progress
are delivered on the kernel's event loop), at once in sync mode and headless
kernels. Then the board shows the position before each turn with the turn played
and the better turn drawn over it, and a sentence built from the review's facts
in the pupil's language ("Chopping b4 would have felled 3 trees: +3 points.").

Intent: ``{"action": "review", "op": "open" | "prev" | "next" | "goto" | "exit", "ply": n}``.
While the review is shown, every other board intent is refused with a notice
(the game itself never changes); a change of the game closes the review.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.game import Game
from ..engine.position import Position
from ..engine.turn import Turn
from ..i18n import Translator
from ..i18n.texts.review import BOARD, LABELS, SENTENCES
from ..palette import REVIEW_COLOURS, REVIEW_GLYPHS, REVIEW_TURN_COLOURS
from ..review import Review, TurnReview, review
from ..svg import move_path
from .coach import review_sentence
from .host import BaseMode
from .messages import short
from .view import Notice, ViewModel, notation_in_text

__all__ = ["ReviewMode", "review_panels", "review_sentence", "review_view", "ALLOWED_INTENTS"]

log = logging.getLogger(__name__)

#: What to do with a finished review, asked when the review starts (``None``: nothing): a function
#: ``(game, review) -> note`` run beside the search (in its thread), whose note (``translator ->
#: text`` or ``None``) is shown when the review is shown. The board's progress uses it.
ReviewFollowUp = Callable[[], Callable[[Game, Review], Callable[[Translator], str] | None] | None]

#: Intents the board still takes while the review is shown (the rest are refused with a notice);
#: the game's replay slider and history list pick the reviewed turn.
ALLOWED_INTENTS = frozenset({"review", "locale", "export", "dismiss", "replay"})

#: Nominal search seconds per position of the board's review (an iteration budget, see docs/review.md).
BOARD_SECONDS = 0.02


def _key(game: Game) -> tuple[Position, tuple[Turn, ...]]:
    return game.start, game.turns


@dataclass
class _Progress:
    done: int = 0
    total: int = 0


class ReviewMode(BaseMode):
    """The Review mode of one board: the review, the turn shown, the search in progress.

    A :class:`~logger_widget.board.host.Mode`: active while the review (or its progress)
    is shown; the search runs like a bot's (delivered on the kernel's event loop by its host).

    Args:
        seconds: nominal search budget per position (> 0), see :func:`logger_widget.review.review`.
        seed: seed of the review's searches.
        follow_up: what to do with each finished review (:data:`ReviewFollowUp`), or ``None``.
    """

    name = "review"

    def __init__(
        self, seconds: float = BOARD_SECONDS, seed: Any = 0, follow_up: ReviewFollowUp | None = None
    ) -> None:
        self.seconds = seconds
        self.seed = seed
        self.follow_up = follow_up
        #: The review shown, when done.
        self.review: Review | None = None
        #: The reviewed turn shown, 0-based index into ``review.turns``.
        self.step = 0
        #: The board shows the review (or its progress).
        self.showing = False
        self.pending = False
        self.progress = _Progress()
        self.epoch = 0
        self._for: tuple[Position, tuple[Turn, ...]] | None = None

    # ------------------------------------------------------------------ state

    @property
    def active(self) -> bool:
        """The board shows the review (or its progress)."""
        return self.showing

    @property
    def available(self) -> bool:
        """The Review button is offered: a game with turns and no bot thinking."""
        host = self.host
        return bool(host.game.turns) and host.thinking is None

    def shown_ply(self) -> int | None:
        """The ply of the position drawn (before the reviewed turn), or ``None`` outside the review."""
        if not self.active:
            return None
        return self.step if self.review is not None else len(self.host.game.turns)

    @property
    def current(self) -> TurnReview | None:
        """The reviewed turn shown, or ``None``."""
        if not self.active or self.review is None:
            return None
        return self.review.turns[self.step]

    def game_changed(self) -> None:
        """The game changed: a review of the old game is dropped and the board leaves review mode."""
        if self._for is not None and self._for != _key(self.host.game):
            self.review = None
            self._for = None
            self.showing = False
            self.pending = False
            self.epoch += 1

    # ------------------------------------------------------------------ intents

    def allows(self, action: str) -> bool:
        """While reviewing: only the review's own intents, the language, the export and dismissing a notice."""
        return action in ALLOWED_INTENTS

    def refusal(self, action: str) -> Notice:
        """How to leave the review."""
        return Notice("info", lambda tr: tr.translate(BOARD["review_only"]))

    def handle(self, action: str, msg: dict[str, Any]) -> str | None:
        """The ``review`` intent (see the module docstring), and ``replay`` while reviewing (the turn to review)."""
        if action == "replay" and self.active:
            if msg.get("ply") is None:
                self.host.show(self.refusal(action))
                return "rejected"
            return self._op({"op": "goto", "ply": msg.get("ply")})
        if action != "review":
            return None
        return self._op(msg)

    def _op(self, msg: dict[str, Any]) -> str:
        op = msg.get("op")
        if op == "open":
            return self.open()
        if op == "exit":
            self.showing = False
            return "ok"
        if not self.active or self.review is None:
            return "invalid" if op not in ("prev", "next", "goto") else "rejected"
        total = len(self.review.turns)
        if op == "prev":
            self.step = max(0, self.step - 1)
        elif op == "next":
            self.step = min(total - 1, self.step + 1)
        elif op == "goto":
            ply = msg.get("ply")
            if not isinstance(ply, int) or isinstance(ply, bool):
                return "invalid"
            self.step = min(max(ply, 1), total) - 1
        else:
            return "invalid"
        return "ok"

    def open(self) -> str:
        """Show the review: start it (in the background) unless the game's review is at hand."""
        host = self.host
        if not host.game.turns:
            host.show(Notice("info", lambda tr: tr.translate(BOARD["nothing"])))
            return "rejected"
        if host.thinking is not None:
            host.show(Notice("info", lambda tr: tr.translate(BOARD["busy"])))
            return "rejected"
        host.show(None)
        self.showing = True
        if (self.review is not None and self._for == _key(host.game)) or self.pending:
            return "ok"
        self._start()
        return "ok"

    # ------------------------------------------------------------------ the search

    def _start(self) -> None:
        host = self.host
        game = host.game.copy()
        self._for = _key(host.game)
        self.epoch += 1
        epoch = self.epoch
        self.pending = True
        self.review = None
        self.progress = _Progress(0, len(game.turns))
        sync = host.sync
        after = self.follow_up() if self.follow_up is not None else None

        def report(done: int, total: int) -> None:
            if sync:
                self.progress = _Progress(done, total)
            else:
                host.deliver(lambda: self._progressed(epoch, done, total))

        def work() -> None:
            result: Review | None = None
            error: BaseException | None = None
            note: Callable[[Translator], str] | None = None
            try:
                result = review(game, seconds=self.seconds, seed=self.seed, progress=report)
            except Exception as e:  # noqa: BLE001 - shown to the pupil, the board goes on
                error = e
            if result is not None and after is not None:
                try:
                    note = after(game, result)
                except Exception:  # noqa: BLE001 - the review is shown all the same
                    log.exception("logger_widget: what follows the review failed")
            if sync:
                self._finished(epoch, result, error, note)
            else:
                host.deliver(lambda: self._finished(epoch, result, error, note))

        if sync:
            work()
        else:
            threading.Thread(target=work, name="logger-review", daemon=True).start()

    def _progressed(self, epoch: int, done: int, total: int) -> None:
        with self.host.lock:
            if epoch == self.epoch and self.pending:
                self.progress = _Progress(done, total)
                self.host.changed()

    def _finished(
        self,
        epoch: int,
        result: Review | None,
        error: BaseException | None,
        note: Callable[[Translator], str] | None = None,
    ) -> None:
        host = self.host
        with host.lock:
            if epoch != self.epoch:
                return
            self.pending = False
            if result is None:
                self.showing = False
                message = short(error or RuntimeError("no review"))
                host.show(Notice("error", lambda tr: tr.format(BOARD["failed"], error=message)))
            else:
                self.review = result
                errors = result.mistakes()
                self.step = errors[0].ply - 1 if errors else 0
                if note is not None:
                    host.show(Notice("info", note))
            host.changed()

    def panels(self, view: ViewModel, tr: Translator) -> dict[str, Any]:
        """The Review panel; while reviewing, its status, its two turns in place of the last one, its slider."""
        panel = review_view(self, tr)
        if not self.active:
            return {"review": panel}
        out = {"review": panel, "last": None, "status": panel["status"]}
        out.update(review_panels({**view, "review": panel}))
        return out


# --------------------------------------------------------------------------- sentences and the view


def _turn_view(tr: Translator, turn: TurnReview, which: str) -> dict[str, Any]:
    facts = turn.played_facts if which == "played" else turn.best_facts
    t = facts.turn
    key = "played_turn" if which == "played" else "better_turn"
    return {
        "path": move_path(turn.position, t),
        "destination": t.destination,
        "kind": facts.kind,
        "targets": list(facts.cells),
        "felled": list(facts.felled),
        "spawns": list(t.spawns),
        "notation": t.notation(),
        "text": tr.format(SENTENCES[key], turn=notation_in_text(t)),
        "colour": REVIEW_TURN_COLOURS[which],
    }


def review_view(mode: ReviewMode, tr: Translator) -> dict[str, Any]:
    """The Review panel of the view model (JSON-ready).

    Keys: ``available`` (show the button), ``open`` (its label), ``active``, ``pending``,
    ``progress`` (``done``, ``total``, ``text``), ``labels`` (title, prev, next, exit, slider),
    ``step`` (``None`` until the review is done; else ``ply``, ``total``, ``text``, ``label``,
    ``label_text``, ``glyph``, ``colour``, ``sentence``, ``played`` and ``better`` — the two
    turns to draw, ``better`` is ``None`` when the played turn was the best found), and the
    ``first``/``last`` flags of the prev/next buttons; ``status``: the board's status line
    while reviewing ("Game review: Turn 1 of 12").
    """
    labels = {k: tr.translate(BOARD[k]) for k in ("title", "prev", "next", "exit", "slider")}
    out: dict[str, Any] = {
        "available": mode.available and not mode.active,
        "open": tr.translate(BOARD["open"]),
        "active": mode.active,
        "pending": mode.pending,
        "labels": labels,
        "progress": None,
        "step": None,
    }
    # the status line while reviewing (the replay's "Back to the game" would be wrong here)
    out["status"] = {"kind": "replay", "text": labels["title"]}
    if mode.pending:
        p = mode.progress
        out["progress"] = {
            "done": p.done,
            "total": p.total,
            "text": tr.format(
                BOARD["progress"], done=tr.format_number(p.done), total=tr.format_number(p.total)
            ),
        }
    turn = mode.current
    if turn is not None and mode.review is not None:
        total = len(mode.review.turns)
        out["step"] = {
            "ply": turn.ply,
            "total": total,
            "text": tr.format(BOARD["step"], ply=tr.format_number(turn.ply), total=tr.format_number(total)),
            "label": turn.label,
            "label_text": tr.translate(LABELS[turn.label]),
            "glyph": REVIEW_GLYPHS[turn.label],
            "colour": REVIEW_COLOURS[turn.label],
            "seat": turn.seat,
            "sentence": review_sentence(tr, turn),
            "played": _turn_view(tr, turn, "played"),
            "better": None if turn.best == turn.played else _turn_view(tr, turn, "better"),
            "first": turn.ply == 1,
            "last": turn.ply == total,
        }
        out["status"]["text"] = f"{labels['title']}: {out['step']['text']}"
    return out


def review_panels(view: ViewModel) -> dict[str, Any]:
    """The game's replay slider and history list while reviewing: on the reviewed turn.

    The board is drawn at the position *before* the reviewed turn (ply ``step``), so the
    game's own panels would name the turn before it — and "Start" on the first turn.
    While a reviewed turn is shown, the replay slider goes from turn 1 to the last
    (``min`` 1, ``value`` and ``text`` the reviewed turn's: "Turn 7 of 23"; moving it
    steps the review) and the history list marks the reviewed turn. ``view`` is the board's
    view model with ``review`` (:func:`review_view`) already in it; returned: the new
    ``replay`` and ``history`` panels.
    """
    step = view["review"]["step"]
    replay = {**view["replay"], "active": False}
    if step is None:  # the search is running: the slider waits on the game's last position
        return {"replay": replay}
    history = view["history"]
    items = [{**it, "current": it["ply"] == step["ply"]} for it in history["items"]]
    return {
        "replay": {**replay, "min": 1, "value": step["ply"], "max": step["total"], "text": step["text"]},
        "history": {**history, "items": items},
    }

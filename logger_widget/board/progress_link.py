"""Which :class:`~logger_widget.progress.Progress` a board saves into, and how a board says it is not saving.

``progress=True`` (the default of lesson, puzzle and game boards) is the kernel's progress
(:func:`logger_widget.progress.default_progress`: the class game service on the hub, else the
file beside the notebooks) — in a Jupyter kernel with a front end only, like the autosave
(:mod:`.persistence`): a script, a test, an executed or autograded notebook and a Voilà visitor
write nothing. ``False`` or ``None``: nothing is saved. A :class:`~logger_widget.progress.Progress`
or a database URL: that one, anywhere.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from ..engine.game import Game
from ..i18n import Translator
from ..i18n.texts.progress import NOT_SAVED, REASONS, REVIEW_OUTCOME, REVIEWED
from ..progress import Progress, default_progress
from ..review import Review
from .host import BaseMode
from .persistence import headless_kernel, in_kernel, voila_kernel
from .view import BoardState

__all__ = ["GameProgress", "board_progress", "not_saved_text"]


def board_progress(setting: Any) -> Progress | None:
    """The progress a board made with ``progress=setting`` saves into (see the module docstring).

    Raises:
        TypeError: ``setting`` is not a bool, ``None``, a Progress or a URL string.
    """
    if setting is None or setting is False:
        return None
    if setting is True:
        if not in_kernel() or headless_kernel() or voila_kernel():
            return None
        return default_progress()
    if isinstance(setting, Progress):
        return setting
    if isinstance(setting, str):
        return Progress.open(setting)
    raise TypeError(
        f"progress must be True, False, a Progress or a database URL, not {type(setting).__name__}"
    )


def not_saved_text(tr: Translator, progress: Progress | None) -> str | None:
    """The sentence saying progress is not saved and why, or ``None`` while it is saved (or not asked for)."""
    if progress is None or progress.problem is None:
        return None
    problem = progress.problem
    reason = tr.format(REASONS[problem.kind], where=problem.where)
    return tr.format(NOT_SAVED, reason=reason)


class GameProgress(BaseMode):
    """The pupil's games and their reviews saved into the progress (a mode of a play board).

    A game is saved when it ends (and again when it is reviewed, with the review's summary);
    after a review the errors of the people's seats become personal puzzles
    (:meth:`logger_widget.progress.Progress.reviewed`, :mod:`logger_widget.progress.mistakes`),
    and the board says what came of it: how many new puzzles, or that there was no error,
    or that the errors are puzzles already, or that the searches found no better turn to ask for. When progress is not
    being saved, the board's task line says so (unless the board has a task of its own).

    Args:
        progress: where to save.
        seats: the seats played by people now (1-based), asked when a game is saved.
    """

    name = "progress"

    def __init__(self, progress: Progress, seats: Callable[[], list[int]]) -> None:
        self.progress = progress
        self._seats = seats
        self._game: Game | None = None
        self._game_id = ""

    def game_id(self, game: Game) -> str:
        """The id the board's current game is saved under (a new game, a new id)."""
        if game is not self._game:
            self._game, self._game_id = game, "g-" + uuid.uuid4().hex[:16]
        return self._game_id

    def game_changed(self) -> None:
        """Save a game that has just ended."""
        game = self.host.game
        if game.is_over and game.turns and self._seats():
            self.progress.save_game(self.game_id(game), game)

    def adjust(self, state: BoardState) -> None:
        """Say that progress is not saved, in the task line (when the board has no task)."""
        if state.task is None and self.progress.problem is not None:
            progress = self.progress
            state.task = lambda tr: not_saved_text(tr, progress) or ""

    def prepare_review(self) -> Callable[[Game, Review], Callable[[Translator], str] | None] | None:
        """Called when a review starts: what to do with its result (``None``: nothing, no person plays)."""
        seats = self._seats()
        if not seats:
            return None
        game_id = self.game_id(self.host.game)
        progress = self.progress

        def reviewed(game: Game, result: Review) -> Callable[[Translator], str] | None:
            fresh = progress.reviewed(game_id, game, result, seats)
            if fresh:
                n = len(fresh)
                return lambda tr: tr.count(REVIEWED, n)
            errors = sum(len(result.mistakes(seat)) for seat in seats)
            if not errors:
                return lambda tr: tr.translate(REVIEW_OUTCOME["clean"])
            if any(p.game == game_id for p in progress.personal()):
                return lambda tr: tr.translate(REVIEW_OUTCOME["known"])
            return lambda tr: tr.count(REVIEW_OUTCOME["none"], errors)

        return reviewed

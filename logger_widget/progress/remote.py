"""The service-backed progress store: the kernel on the classroom hub saves through the class game service.

A pupil's kernel on the hub never opens the class database (it would read everyone's
progress): it sends each record to the class game service's progress endpoints
(``logger_widget/service/progress_api.py``) with the hub's token of the pupil's server, through
the class game client (:func:`logger_widget.online.client.connect`: the service's address
``LW_CLASSGAME_URL`` and ``JUPYTERHUB_API_TOKEN``, standard library only). The service finds the
pupil from the token alone, so a kernel can only read and write its own pupil's progress.

The endpoints (JSON bodies, the records' ``to_dict`` forms), under ``{service}/api/progress/``:

=======  ====================  ==============================================
GET      ``me``                the pupil's :class:`~.records.Snapshot`
POST     ``me/lessons``        a :class:`~.records.LessonDone`
POST     ``me/attempts``       an :class:`~.records.Attempt`
PUT      ``me/games/<id>``     a :class:`~.records.SavedGame`
PUT      ``me/personal/<id>``  a :class:`~.records.PersonalPuzzle`
GET      ``pupils``            the teacher's view: every pupil's snapshot (no game records)
GET      ``pupils/<name>``     the teacher's view of one pupil
=======  ====================  ==============================================
"""

from __future__ import annotations

import urllib.parse
from typing import Any

from ..online.client import ClassClient, NotOnHub, Refused, ServiceUnreachable, connect
from .records import Attempt, LessonDone, PersonalPuzzle, ProgressRecordError, SavedGame, Snapshot
from .store import ProgressError

__all__ = ["TIMEOUT", "ServiceProgressStore", "on_hub"]

#: Seconds one request may take before the store gives up (``unreachable``).
TIMEOUT = 5.0


def on_hub() -> bool:
    """True in a server started by the class hub: the hub's token and the service's address are in its environment."""
    try:
        connect()
    except NotOnHub:
        return False
    return True


class ServiceProgressStore:
    """One pupil's progress kept by the class game service (a :class:`~.store.ProgressStore`).

    Args:
        client: the class game client (default: :func:`~logger_widget.online.client.connect`, this
            kernel's pupil).

    Raises:
        ProgressError: ``unavailable`` (not on the hub); the methods: ``unreachable`` (no answer),
            ``refused`` (the token is not accepted, or the request not allowed), ``invalid`` (a
            record refused or a malformed answer).
    """

    def __init__(self, client: ClassClient | None = None) -> None:
        try:
            self._client = client or connect(timeout=TIMEOUT)
        except NotOnHub as error:
            raise ProgressError("unavailable", "class game service", str(error)) from None
        self._pupil = ""

    @property
    def where(self) -> str:
        """The service's address."""
        return self._client.url

    @property
    def pupil(self) -> str:
        """The pupil the service knows this token as (asked once)."""
        if not self._pupil:
            self._pupil = self.snapshot().pupil
        return self._pupil

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        try:
            return self._client.request(method, "progress/" + path, body)
        except ServiceUnreachable as error:
            raise ProgressError("unreachable", self.where, error.reason) from None
        except Refused as error:
            kind = "refused" if error.status in (401, 403) else "invalid"
            raise ProgressError(
                kind, self.where, f"HTTP {error.status} {error.code}: {error.message}"
            ) from None
        except ValueError as error:  # an answer that is not JSON
            raise ProgressError("invalid", self.where, f"the answer is not JSON: {error}") from None

    def snapshot(self) -> Snapshot:
        """The pupil's progress, as the service has it."""
        answer = self._call("GET", "me")
        try:
            snap = Snapshot.from_dict(answer, "the service's answer")
        except ProgressRecordError as error:
            raise ProgressError("invalid", self.where, str(error)) from None
        self._pupil = snap.pupil
        return snap

    def finish_lesson(self, lesson: LessonDone) -> None:
        """Send a finished lesson."""
        self._call("POST", "me/lessons", lesson.to_dict())

    def add_attempt(self, attempt: Attempt) -> None:
        """Send a rated puzzle attempt."""
        self._call("POST", "me/attempts", attempt.to_dict())

    def save_game(self, game: SavedGame) -> None:
        """Send a game (and its review)."""
        self._call("PUT", "me/games/" + urllib.parse.quote(game.game, safe=""), game.to_dict())

    def save_personal(self, puzzle: PersonalPuzzle) -> None:
        """Send a personal puzzle (new, or after an answer)."""
        self._call("PUT", "me/personal/" + urllib.parse.quote(puzzle.id, safe=""), puzzle.to_dict())

"""The service-backed progress store: the kernel on the classroom hub saves through the class game service.

A pupil's kernel on the hub never opens the class database (it would read everyone's
progress): it sends each record to the class game service's progress endpoints
(``logger_widget/service/progress_api.py``) with the hub's API token that JupyterHub gives
every server (``JUPYTERHUB_API_TOKEN``). The service finds the pupil from the token alone,
so a kernel can only read and write its own pupil's progress. Only the standard library
(``urllib``) is used: a pupil's environment needs nothing more.

The endpoints (JSON bodies, the records' ``to_dict`` forms), under ``{service}/api/progress/``:

=======  ====================  ==============================================
GET      ``me``                the pupil's :class:`~.records.Snapshot`
POST     ``me/lessons``        a :class:`~.records.LessonDone`
POST     ``me/attempts``       an :class:`~.records.Attempt`
PUT      ``me/games/<id>``     a :class:`~.records.SavedGame`
PUT      ``me/personal/<id>``  a :class:`~.records.PersonalPuzzle`
GET      ``pupils``            the teacher's view: every pupil's snapshot
GET      ``pupils/<name>``     the teacher's view of one pupil
=======  ====================  ==============================================
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from .records import Attempt, LessonDone, PersonalPuzzle, ProgressRecordError, SavedGame, Snapshot
from .store import ProgressError

__all__ = ["SERVICE_NAME", "TIMEOUT", "ServiceProgressStore", "on_hub", "service_url"]

#: The class game service's name in the hub (its URL is ``{hub}/services/classgame/``).
SERVICE_NAME = "classgame"
#: Seconds one request may take before the store gives up (``unreachable``).
TIMEOUT = 5.0


def on_hub() -> bool:
    """True in a server started by JupyterHub (it has the hub's API token and URL in its environment)."""
    return bool(os.environ.get("JUPYTERHUB_API_TOKEN") and os.environ.get("JUPYTERHUB_API_URL"))


def service_url() -> str:
    """The class game service's base URL, ending in ``/``.

    ``LW_CLASSGAME_URL`` when set (the hub's configuration sets it for every server); else the
    hub's own address (``JUPYTERHUB_API_URL`` without its ``/hub/api``) and
    ``/services/classgame/``.

    Raises:
        ProgressError: ``unavailable``: neither is set (not on a hub).
    """
    explicit = os.environ.get("LW_CLASSGAME_URL")
    if explicit:
        return explicit.rstrip("/") + "/"
    api = os.environ.get("JUPYTERHUB_API_URL", "")
    if not api:
        raise ProgressError("unavailable", "class game service", "no JUPYTERHUB_API_URL: not on a hub")
    base = api.rstrip("/")
    if base.endswith("/hub/api"):
        base = base[: -len("/hub/api")]
    return f"{base}/services/{SERVICE_NAME}/"


class ServiceProgressStore:
    """One pupil's progress kept by the class game service (a :class:`~.store.ProgressStore`).

    Args:
        url: the service's base URL (default :func:`service_url`).
        token: the hub API token (default ``JUPYTERHUB_API_TOKEN``).

    Raises:
        ProgressError: ``unreachable`` (no answer), ``refused`` (the token is not accepted),
            ``invalid`` (a malformed answer), ``unavailable`` (not on a hub).
    """

    def __init__(self, url: str | None = None, token: str | None = None) -> None:
        self._url = (url or service_url()).rstrip("/") + "/"
        self._token = token if token is not None else os.environ.get("JUPYTERHUB_API_TOKEN", "")
        if not self._token:
            raise ProgressError("refused", self._url, "no hub API token (JUPYTERHUB_API_TOKEN)")
        self._pupil = ""

    @property
    def where(self) -> str:
        """The service's address."""
        return self._url

    @property
    def pupil(self) -> str:
        """The pupil the service knows this token as (asked once)."""
        if not self._pupil:
            self._pupil = self.snapshot().pupil
        return self._pupil

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(
            self._url + "api/progress/" + path,
            data=data,
            method=method,
            headers={"Authorization": f"token {self._token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310 - the hub's URL
                text = response.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            detail = _detail(error)
            kind = "refused" if error.code in (401, 403) else "invalid" if error.code in (400, 404, 422) else "unreachable"
            raise ProgressError(kind, self._url, f"HTTP {error.code}: {detail}") from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise ProgressError("unreachable", self._url, str(reason)) from None
        try:
            return json.loads(text) if text else None
        except json.JSONDecodeError as error:
            raise ProgressError("invalid", self._url, f"the answer is not JSON: {error.msg}") from None

    def snapshot(self) -> Snapshot:
        """The pupil's progress, as the service has it."""
        answer = self._call("GET", "me")
        try:
            snap = Snapshot.from_dict(answer, "the service's answer")
        except ProgressRecordError as error:
            raise ProgressError("invalid", self._url, str(error)) from None
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


def _detail(error: urllib.error.HTTPError) -> str:
    try:
        body = json.loads(error.read().decode("utf-8", "replace"))
    except (ValueError, OSError):
        return error.reason or ""
    if isinstance(body, dict):
        return str(body.get("message") or body.get("error") or error.reason)
    return str(error.reason)

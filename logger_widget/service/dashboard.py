"""The teacher's dashboard and a pupil's own page, served by the class game service.

Pages (below the service's prefix, ``/services/classgame/`` on the hub; a browser without a
login goes through the hub's OAuth login first):

=================================  ===========================================================
``GET dashboard/``                 the teacher's dashboard: games in progress as live boards, the
                                   arena (open, close, standings), finished games with a snippet
                                   to open each in a notebook, every pupil's progress
``GET dashboard/live``             the dashboard's changing parts as HTML fragments in JSON (the
                                   page's small script asks every :data:`POLL_SECONDS`)
``GET dashboard/progress.csv``     every pupil's progress as CSV (UTF-8 with a byte-order mark,
                                   so spreadsheets read Cyrillic and accents)
``GET dashboard/me``               a pupil's own page: their progress and the class standings
``GET dashboard/static/<file>``    the pages' stylesheet and script
=================================  ===========================================================

The teacher is who the hub says (an admin or the ``teacher`` role: :mod:`.auth`); anyone else
gets **403** on ``dashboard/``, ``dashboard/live`` and ``dashboard/progress.csv``, with a link
to their own page. ``dashboard/me`` shows only the requester's own progress: there is no
parameter naming a pupil.

Language: ``?lang=uk|es|es_419|en``, else the browser's ``Accept-Language`` (``es-MX``, ``es-419``…
give Latin-American Spanish), else the class's setting
``language`` (``PUT``-able by the service's settings, default ``LW_CLASSGAME_LANGUAGE`` or
English). Every text comes from the project's catalogues (:mod:`logger_widget.i18n.texts.dashboard`).

Boards are drawn on the server (:mod:`logger_widget.svg`); the page's script only swaps the fragments
that changed. The grading scores come from nbgrader's gradebook when ``LW_CLASSGAME_GRADEBOOK``
is its database URL (e.g. ``sqlite:////srv/course/gradebook.db``); otherwise the column says
"not graded".
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import sqlite3
import tempfile
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from html import escape
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from babel.dates import format_time
from tornado import web

from ..i18n import LANGUAGES, LanguageFallbackWarning, Translator, base_language, language_choice, negotiate
from ..i18n.texts import dashboard as texts
from ..i18n.texts import terms
from ..i18n.texts.board import LANGUAGE_NAMES
from ..i18n.texts.lessons import TITLES as LESSON_TITLES
from ..online.protocol import PROTOCOL_VERSION, ProtocolError
from ..palette import SEAT_COLOURS
from ..progress.records import Snapshot, now
from ..progress.sql import SQLProgressStore, create_tables, pupils, snapshots
from ..progress.store import ProgressError
from ..svg import board_svg
from . import db
from .arena import ClassArena, class_arena
from .auth import APIHandler, PageHandler

__all__ = [
    "GRADEBOOK_ENV",
    "POLL_SECONDS",
    "PupilProgress",
    "class_progress",
    "csv_text",
    "page_language",
    "routes",
]

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"

#: How often the dashboard's script asks for the changing parts, in seconds.
POLL_SECONDS = 2.0
#: The environment variable with nbgrader's gradebook URL.
GRADEBOOK_ENV = "LW_CLASSGAME_GRADEBOOK"
#: Finished games listed, newest first.
FINISHED_SHOWN = 30
#: The pages' language menu: every language of :data:`~logger_widget.i18n.LANGUAGES`, by its own name.
_LANGUAGE_NAMES = {language: LANGUAGE_NAMES[language] for language in LANGUAGES}


def page_language(query: str | None, accept: str | None, default: str) -> str:
    """The page's language: the query's ``lang``, else the best of ``Accept-Language``, else ``default``.

    Args:
        query: the ``lang`` parameter (``None`` when absent; ``es_419`` or ``es-419`` for
            Latin-American Spanish); an unsupported one is ignored.
        accept: the ``Accept-Language`` header (``"uk-UA,uk;q=0.9,en;q=0.5"``), or ``None``; a
            Latin-American tag (``es-MX``, ``es-419``) gives ``es_419``.
        default: the class's language (one of :data:`~logger_widget.i18n.LANGUAGES`).

    Returns:
        ``"uk"``, ``"es"``, ``"es_419"`` or ``"en"``.
    """
    if query and language_choice(query):
        return str(language_choice(query))
    if query and query.lower()[:2] in LANGUAGES:  # "es-ES", "uk_UA": the language
        return query.lower()[:2]
    preferred: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept or "").split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and tag != "*":
            preferred.append((-q, i, tag.replace("_", "-")))
    for _, _, tag in sorted(preferred):  # the first the game speaks, its region's variant if it has one
        with warnings.catch_warnings():
            warnings.simplefilter("error", LanguageFallbackWarning)
            try:
                found = negotiate(tag[:35])
            except LanguageFallbackWarning:
                continue
        return found if found in LANGUAGES else base_language(found)  # en-XA: English
    return default if default in LANGUAGES else "en"


# ---------------------------------------------------------------------------- progress


@dataclass(frozen=True)
class PupilProgress:
    """One pupil's line in the teacher's progress view.

    Attributes:
        name: hub name.
        lessons: the lessons done, in the order first finished.
        puzzle_rating: the puzzle rating now (Elo points), ``played`` and ``solved`` its attempts.
        history: the puzzle rating before the first rated attempt, then after each, oldest first
            (empty before any attempt).
        pending, solved_personal: personal puzzles due now (their schedule says) / solved at least once.
        score, max_score: the nbgrader total, or ``None`` when not graded.
        arena_rating: the rating from the class arena's games.
        unreadable: how many of the pupil's saved records cannot be read (left out of the others).
    """

    name: str
    lessons: tuple[str, ...]
    puzzle_rating: float
    played: int
    solved: int
    history: tuple[float, ...]
    pending: int
    solved_personal: int
    score: float | None
    max_score: float | None
    arena_rating: float
    unreadable: int = 0


_GRADES: dict[tuple[str, int, int], dict[str, tuple[float, float]]] = {}  # by (file, mtime, size)


def _grades() -> dict[str, tuple[float, float]]:
    """``{pupil: (score, max_score)}`` from nbgrader's gradebook (``LW_CLASSGAME_GRADEBOOK``), or ``{}``.

    The gradebook is nbgrader's SQLite file (``sqlite:////path/gradebook.db``). It is never written:
    nbgrader's own :class:`~nbgrader.api.Gradebook` reads a copy (it would add a course row, and
    create a missing file); a missing file means "not graded". The totals are kept until the file
    changes.

    Raises:
        ValueError: the variable is not a SQLite URL (it names the variable).
    """
    url = os.environ.get(GRADEBOOK_ENV, "").strip()
    if not url:
        return {}
    parsed = sa.make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        raise ValueError(
            f"{GRADEBOOK_ENV}={url!r} is not the URL of nbgrader's SQLite gradebook (sqlite:////path/gradebook.db)"
        )
    path = Path(parsed.database)
    try:
        stat = path.stat()
    except FileNotFoundError:
        return {}
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _GRADES:
        from nbgrader.api import Gradebook  # type: ignore[import-untyped]  # only where a course is graded

        with tempfile.TemporaryDirectory(prefix="lw-gradebook-") as folder:
            copy = Path(folder) / "gradebook.db"
            db.copy_sqlite(path, copy)
            with Gradebook(f"sqlite:///{copy}") as gradebook:
                totals = {
                    s["id"]: (float(s["score"]), float(s["max_score"])) for s in gradebook.student_dicts()
                }
        _GRADES.clear()
        _GRADES[key] = totals
    return _GRADES[key]


def class_progress(engine: Any, names: Sequence[str], arena_ratings: dict[str, float]) -> list[PupilProgress]:
    """Every pupil's progress from the class database (and the gradebook), sorted by name.

    Args:
        engine: the class database.
        names: pupils to list even without saved progress (the players the service knows).
        arena_ratings: ``{name: rating}`` of the arena.

    Raises:
        ProgressError: the progress tables or the gradebook cannot be read.
    """
    grades = _readable_grades()
    everyone = sorted(set(names) | set(pupils(engine)))
    found = snapshots(engine, everyone)  # one query per table for the whole class
    return [_pupil_progress(found[n], grades, arena_ratings) for n in everyone]


def _readable_grades() -> dict[str, tuple[float, float]]:
    """:func:`_grades`, a gradebook that cannot be read being a :class:`ProgressError` naming it."""
    try:
        return _grades()
    except ValueError as e:
        raise ProgressError("invalid", GRADEBOOK_ENV, str(e)) from None
    except sqlite3.Error as e:
        raise ProgressError(
            "corrupt", os.environ.get(GRADEBOOK_ENV, ""), f"nbgrader's gradebook: {e}"
        ) from None


def _pupil_progress(
    snap: Snapshot, grades: dict[str, tuple[float, float]], arena_ratings: dict[str, float]
) -> PupilProgress:
    name = snap.pupil
    moment = now()
    rating = snap.rating
    personal = list(snap.personal)
    rated = [a for a in snap.attempts if not a.personal]
    score = grades.get(name)
    return PupilProgress(
        name=name,
        lessons=tuple(x.lesson for x in snap.lessons),
        puzzle_rating=rating.rating, played=rating.played, solved=rating.solved,
        history=(rated[0].rating_before, *(a.rating_after for a in rated)) if rated else (),
        pending=sum(1 for p in personal if p.due <= moment),  # due now (the schedule's)
        solved_personal=sum(1 for p in personal if p.solved),
        score=None if score is None else score[0],
        max_score=None if score is None else score[1],
        arena_rating=arena_ratings.get(name, 1500.0), unreadable=len(snap.unreadable),
    )  # fmt: skip


def _cell(value: object) -> str:
    """A CSV cell that a spreadsheet shows as text, never runs as a formula (=, +, -, @, tab, CR)."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def lesson_titles(keys: Sequence[str], tr: Translator) -> list[str]:
    """The lessons ``keys`` by their titles in ``tr``'s language, in the same order.

    A key that is no lesson of the tutorial (only the service's own checks keep those out) is shown
    as it is, so the teacher still sees it.
    """
    return [tr.translate(LESSON_TITLES[k]) if k in LESSON_TITLES else k for k in keys]


def csv_text(rows: Sequence[PupilProgress], tr: Translator) -> str:
    """The progress as CSV text: translated headings (:data:`texts.CSV`), one line per pupil.

    Numbers are written plainly (``1523.4``) so every spreadsheet reads them; lessons are one
    cell, their titles in ``tr``'s language separated by ``;`` (:func:`lesson_titles`). A cell starting with ``=``, ``+``, ``-`` or ``@`` is prefixed with ``'``.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([tr.translate(h) for h in texts.CSV])
    for p in rows:
        writer.writerow(
            [_cell(x) for x in (
                p.name, len(p.lessons), "; ".join(lesson_titles(p.lessons, tr)), round(p.puzzle_rating, 1), p.played, p.solved,
                p.pending, p.solved_personal, "" if p.score is None else p.score,
                "" if p.max_score is None else p.max_score, round(p.arena_rating, 1),
            )]
        )  # fmt: skip
    return out.getvalue()


def sparkline(values: Sequence[float], label: str) -> str:
    """A small SVG line of ``values`` (the rating history), with ``label`` as its accessible name."""
    if len(values) < 2:
        return ""
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    step = 100.0 / (len(values) - 1)
    points = " ".join(f"{i * step:.1f},{28 - (v - low) / span * 24:.1f}" for i, v in enumerate(values))
    return (
        f'<svg class="spark" viewBox="0 0 100 30" preserveAspectRatio="none" role="img" aria-label="{escape(label)}">'
        f'<polyline points="{points}" fill="none" stroke="currentColor" stroke-width="2" '
        'vector-effect="non-scaling-stroke"/></svg>'
    )


# ---------------------------------------------------------------------------- games


def _names(seats: list[dict[str, Any]], tr: Translator) -> list[str]:
    return [s["player"] or tr.format(texts.PAGE["bot"], name=s["bot"]) for s in seats]


def _result_text(result: dict[str, Any] | None, names: list[str], tr: Translator) -> str:
    if not result:
        return ""
    winners = [names[w - 1] for w in result.get("winners") or () if 0 < w <= len(names)]
    if not winners:
        return tr.translate(texts.PAGE["no_winner"])
    text = tr.format(texts.PAGE["won" if len(winners) == 1 else "shared"], players=tr.format_list(winners))
    if result.get("reason") in ("forfeit", "resign"):
        text += " (" + tr.translate(texts.PAGE[result["reason"]]) + ")"
    return text


def snippet(record: dict[str, Any], language: str) -> str:
    """Python for a notebook cell that shows the game ``record`` on the board, ready for its review."""
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    return (
        "from logger_widget import Board, Game\n\n"
        f"game = Game.from_json({text!r})\n"
        f'Board(players=["human"] * game.players, locale="{language}", record=game)\n'
    )


class _Pages:
    """What the pages show, built for one request's language (shared by the handlers)."""

    def __init__(
        self,
        service: Any,
        arena: ClassArena,
        tr: Translator,
        language: str,
        finished: dict[tuple[int, str], Any],
    ) -> None:
        self.service = service
        self.arena = arena
        self.tr = tr
        self.language = language
        self.finished = finished  # finished games' cards by (game, language): they never change

    def time(self, seconds: float | None) -> str:
        if seconds is None:
            return ""
        return format_time(datetime.fromtimestamp(seconds), "short", locale=self.tr.locale)

    def _boards(
        self, status: str, limit: int | None = None, known: frozenset[int] = frozenset()
    ) -> list[tuple[dict[str, Any], Any, Any, dict[str, Any] | None]]:
        """The games of ``status`` (newest ``limit``) as ``(summary, position, last, record)``.

        Runs on the database worker, where the games in memory move: ``position`` and
        ``last`` (the position before the last turn and that turn, or ``None``) are what the
        game is now; ``record`` is the game's record for a finished one. For the games in
        ``known`` (cards made already) only the summary is read, the rest ``None``.
        """
        games = self.service.games
        found: list[tuple[dict[str, Any], Any, Any, dict[str, Any] | None]] = []
        for summary in games.games(None, status, limit=limit):
            if summary["id"] in known:
                found.append((summary, None, None, None))
                continue
            game = games.game(summary["id"])
            last = (game.positions[-2], game.turns[-1]) if game.turns else None
            record = games.record(summary["id"]) if status == "finished" else None
            found.append((summary, game.position, last, record))
        return found

    def card(self, summary: dict[str, Any], position: Any, last: Any) -> dict[str, Any]:
        game_id = summary["id"]
        names = _names(summary["seats"], self.tr)
        label = self.tr.format(texts.PAGE["game"], game=game_id) + ": " + " – ".join(names)
        seats = [
            {"seat": i, "name": n, "points": self.tr.count(terms.POINTS, position.scores[i - 1]),
             "supply": self.tr.count(terms.PROTESTERS, position.supplies[i - 1])}
            for i, n in enumerate(names, start=1)
        ]  # fmt: skip
        return {
            "id": game_id, "names": names, "seats": seats, "ply": summary["ply"],
            "plies": self.tr.count(terms.TURNS, summary["ply"]),
            "to_move": None if summary["status"] != "active" else self.tr.format(
                texts.PAGE["to_move"], player=names[position.to_move - 1]),
            "svg": board_svg(position, self.tr, label=label, last=last),
            "result": _result_text(summary.get("result"), names, self.tr),
            "finished": self.time(summary.get("finished")),
        }  # fmt: skip

    async def live_games(self) -> list[dict[str, Any]]:
        boards = await self.service.db(self._boards, "active")
        return [self.card(summary, position, last) for summary, position, last, _ in boards]

    async def finished_games(self) -> list[dict[str, Any]]:
        known = frozenset(game for game, language in self.finished if language == self.language)
        boards = await self.service.db(self._boards, "finished", FINISHED_SHOWN, known)
        out = []
        for summary, position, last, record in boards:
            key = (summary["id"], self.language)
            if key not in self.finished:
                if len(self.finished) >= 4 * FINISHED_SHOWN:
                    self.finished.pop(next(iter(self.finished)))  # the oldest card out
                card = self.card(summary, position, last)
                card["snippet"] = snippet(record or {}, self.language)
                self.finished[key] = card
            out.append(self.finished[key])
        return out

    def _arena(self) -> dict[str, Any] | None:
        """The current arena's info, who waits and the standings (on the database worker); ``None``: none."""
        arena_id = self.arena.current()
        if arena_id is None:
            return None
        info = self.arena.info(arena_id)
        waiting = [
            n for n in info["entrants"] if self.arena.me(arena_id, n, touch=False)["state"] == "waiting"
        ]
        return {**info, "waiting": waiting, "standings": self.arena.standings(arena_id)}

    async def arena_view(self) -> dict[str, Any] | None:
        found = await self.service.db(self._arena)
        return None if found is None else {**found, "ends_text": self.time(found["ends"])}

    async def progress(self, teacher: str) -> list[PupilProgress]:
        """Every pupil's line (the players the service knows and everyone with saved progress), not ``teacher``'s."""

        def read() -> list[PupilProgress]:
            known = [p["name"] for p in self.service.games.presence(self.service.config.online_seconds)]
            return class_progress(self.service.engine, known, self.arena.ratings())

        return [r for r in await self.service.db(read) if r.name != teacher]

    async def own_progress(self, name: str) -> PupilProgress:
        """``name``'s own line (never anyone else's: only that name's store is opened)."""

        def read() -> PupilProgress:
            snap = SQLProgressStore(self.service.engine, name, create=False).snapshot()
            return _pupil_progress(snap, _readable_grades(), self.arena.ratings())

        return await self.service.db(read)


class _Dashboard:
    """What the dashboard's handlers share: the arena, the templates, the request's language."""

    def initialize(self, arena: ClassArena, finished: dict[tuple[int, str], dict[str, Any]]) -> None:  # noqa: D102
        self.arena = arena
        self.finished = finished

    def get_template_path(self) -> str:  # noqa: D102
        return str(TEMPLATES)

    async def page_language(self) -> str:
        service = self.service  # type: ignore[attr-defined]
        default = str(await service.db(service.games.setting, "language", service.config.language))
        return page_language(
            self.get_argument("lang", None),  # type: ignore[attr-defined]
            self.request.headers.get("Accept-Language"),  # type: ignore[attr-defined]
            default,
        )

    async def pages(self) -> _Pages:
        language = await self.page_language()
        return _Pages(self.service, self.arena, Translator(language), language, self.finished)  # type: ignore[attr-defined]


#: The seat colours of the project's palette as CSS variables (``--seat-1`` …) for the pages.
SEAT_CSS = ":root{" + "".join(f"--seat-{seat}:{colour};" for seat, colour in SEAT_COLOURS.items()) + "}"


def _xsrf(handler: web.RequestHandler) -> str:
    """The hub's XSRF token for the page's script (JupyterHub checks it on cookie-authenticated fetches)."""
    token = handler.xsrf_token
    return token.decode() if isinstance(token, bytes) else str(token)


def _namespace(pages: _Pages, **extra: Any) -> dict[str, Any]:
    tr = pages.tr
    prefix = (
        pages.service.config.prefix
        if pages.service.config.prefix.endswith("/")
        else pages.service.config.prefix + "/"
    )
    return {
        "tr": tr, "T": texts, "lang": pages.language, "languages": _LANGUAGE_NAMES, "poll": POLL_SECONDS,
        "prefix": prefix, "seat_css": SEAT_CSS,
        "number": tr.format_number, "lesson_titles": lesson_titles, "decimal": lambda x: tr.format_number(round(x)), "sparkline": sparkline,
        "signed": lambda x: ("+" if round(x) > 0 else "") + tr.format_number(round(x)), **extra,
    }  # fmt: skip


class DashboardPage(_Dashboard, PageHandler):
    """``GET dashboard/``: the teacher's page (403 with a link to the pupil's own page for others)."""

    @web.authenticated
    async def get(self) -> None:  # noqa: D102
        pages = await self.pages()
        self.set_header("Cache-Control", "no-store")
        if not self.teacher:
            self.set_status(403)
            self.render("forbidden.html", **_namespace(pages, xsrf=""))
            return
        try:
            progress, progress_error = await pages.progress(self.pupil), None
        except ProgressError as e:
            progress, progress_error = [], e.detail
        games, finished, arena = (
            await pages.live_games(),
            await pages.finished_games(),
            await pages.arena_view(),
        )
        self.render(
            "dashboard.html",
            **_namespace(pages, xsrf=_xsrf(self), games=games, finished=finished, arena=arena,
                         progress=progress, progress_error=progress_error),
        )  # fmt: skip


class MyPage(_Dashboard, PageHandler):
    """``GET dashboard/me``: the requester's own progress and the class standings."""

    @web.authenticated
    async def get(self) -> None:  # noqa: D102
        pages = await self.pages()
        self.set_header("Cache-Control", "no-store")
        try:
            mine, progress_error = await pages.own_progress(self.pupil), None
        except ProgressError as e:
            mine, progress_error = None, e.detail
        arena = await pages.arena_view()
        self.render("me.html", **_namespace(pages, xsrf="", me=mine, name=self.pupil, arena=arena,
                                            progress_error=progress_error))  # fmt: skip


class LiveHandler(_Dashboard, APIHandler):
    """``GET dashboard/live``: the dashboard's fragments (teacher only)."""

    async def get(self) -> None:  # noqa: D102
        if not self.teacher:
            raise ProtocolError("forbidden", "", "only the teacher sees the class dashboard")
        pages = await self.pages()
        names = _namespace(pages, xsrf="")
        games, finished, arena = (
            await pages.live_games(),
            await pages.finished_games(),
            await pages.arena_view(),
        )
        parts = {
            "games": self.render_string("_games.html", games=games, **names).decode(),
            "arena": self.render_string("_arena.html", arena=arena, teacher=True, **names).decode(),
            "finished": self.render_string("_finished.html", finished=finished, **names).decode(),
        }
        versions = {k: hashlib.sha256(v.encode()).hexdigest()[:16] for k, v in parts.items()}
        self.send({"protocol": PROTOCOL_VERSION, "parts": parts, "versions": versions,
                   "updated": pages.tr.format(texts.PAGE["updated"], time=pages.time(self.service.games.clock()))})  # fmt: skip


class ProgressCSV(_Dashboard, APIHandler):
    """``GET dashboard/progress.csv`` (teacher only)."""

    async def get(self) -> None:  # noqa: D102
        if not self.teacher:
            raise ProtocolError("forbidden", "", "only the teacher downloads the class's progress")
        pages = await self.pages()
        try:
            rows = await pages.progress(self.pupil)
        except ProgressError as e:
            raise ProtocolError("not_found", "", f"progress cannot be read: {e.detail}") from None
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class-progress.csv"')
        self.set_header("Cache-Control", "no-store")
        self.finish(("\ufeff" + csv_text(rows, pages.tr)).encode("utf-8"))


def routes(service: Any) -> list[tuple[Any, ...]]:
    """The dashboard's rules (relative to the service's prefix)."""
    create_tables(service.engine)  # the progress tables, empty until the pupils' kernels save
    kwargs = {"arena": class_arena(service), "finished": {}}
    return [
        (r"dashboard/?", DashboardPage, kwargs),
        (r"dashboard/me", MyPage, kwargs),
        (r"dashboard/live", LiveHandler, kwargs),
        (r"dashboard/progress\.csv", ProgressCSV, kwargs),
        (r"dashboard/static/(.*)", web.StaticFileHandler, {"path": str(STATIC)}),
    ]

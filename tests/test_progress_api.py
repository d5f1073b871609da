"""The progress endpoints of the class game service with real hub tokens, once on SQLite and once on PostgreSQL.

A pupil's kernel on the hub (its environment: the hub's token and ``LW_CLASSGAME_URL``) saves
through the service with the boards a pupil uses, and a new kernel finds it. A real
JupyterHub (tests/classgamekit.py: no servers, no proxy, no Unix users, no hub lock needed).
Every rule of the progress API (who reads and writes what, the scoring, the limits) is tested
in process, in the quick tier: tests/test_progress_api_quick.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from classgamekit import Client, MiniHub, Service, mini_hub, running_service
from dbkit import module_db_url, postgres_server  # noqa: F401  (fixtures)

from logger_widget import Board
from logger_widget.board import PuzzleBoard
from logger_widget.classroom.tutorial import LessonBoard, lesson
from logger_widget.progress import Progress, ServiceProgressStore
from logger_widget.puzzles import load_puzzles
from logger_widget.service.progress_api import LIMITS
from logger_widget.tournament import play_game

pytestmark = pytest.mark.slow

PUPILS = ["ann", "bob"]
FULL = {kind: f"full_{kind}" for kind in LIMITS}  # a pupil who has reached the limit of one kind


@pytest.fixture(scope="module")
def hub() -> Iterator[MiniHub]:
    with mini_hub([*PUPILS, *FULL.values()]) as hub:
        yield hub


@pytest.fixture(scope="module")
def service(hub: MiniHub, module_db_url: str) -> Iterator[Service]:  # noqa: F811
    with running_service(hub, module_db_url) as running:
        yield running


@pytest.fixture(scope="module")
def people(hub: MiniHub, service: Service) -> dict[str, Client]:
    return {name: Client(service.url, hub.token(name), name) for name in [*PUPILS, "teacher"]}


def _kernel_of(monkeypatch: pytest.MonkeyPatch, hub: MiniHub, service: Service, token: str) -> Progress:
    """The progress a pupil's kernel on the hub opens (its server's environment)."""
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", token)
    monkeypatch.setenv("JUPYTERHUB_API_URL", hub.api_url)
    monkeypatch.setenv("LW_CLASSGAME_URL", service.url)
    return Progress.open()


def test_a_pupils_kernel_saves_through_the_service_and_a_new_kernel_finds_it(
    monkeypatch: pytest.MonkeyPatch, hub: MiniHub, service: Service, people: dict[str, Client]
) -> None:
    progress = _kernel_of(monkeypatch, hub, service, people["ann"].token)
    assert isinstance(progress._store, ServiceProgressStore) and progress.saving, progress.problem
    assert progress.snapshot.pupil == "ann"
    board = LessonBoard("plant", "en", progress=progress, bot_mode="sync")
    board.play(lesson("plant").solution)
    puzzles = list(load_puzzles()[:2])
    pb = PuzzleBoard(puzzles, locale="en", progress=progress, bot_mode="sync")
    pb.play(next(t for t in pb.position.legal_turns() if not puzzles[0].is_solution(t)))
    game = Board(["human", "greedy"], locale="en", bot_mode="sync", autosave=False, progress=progress)
    game.load(play_game(["random", "greedy"], seed=2))
    game.handle_message({"type": "intent", "action": "review", "op": "open", "version": game.view["version"]})
    assert progress.saving, progress.problem
    made = {p.id for p in progress.personal()}
    assert made

    again = _kernel_of(monkeypatch, hub, service, people["ann"].token)  # a new kernel, another day
    assert again.lessons_done() == {"plant"}
    assert again.rating() == pb.rating, "the service scored the attempt exactly as the kernel did"
    assert {p.id for p in again.personal()} == made and len(again.snapshot.games) == 1
    assert (
        "✓ You have finished this lesson before." in LessonBoard("plant", "en", progress=again).view["task"]
    )

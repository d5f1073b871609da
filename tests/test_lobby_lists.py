"""The lobby's lists from the service's answers, without a service: who is a classmate, whose game is whose."""

from __future__ import annotations

from typing import Any

import pytest

from logger_widget.classplay import Lobby
from logger_widget.online.client import ClassClient, class_loop

pytestmark = pytest.mark.usefixtures("no_running_loop")


def _game(game: int, *players: str) -> dict[str, Any]:
    return {"id": game, "status": "active", "seats": [{"player": p} for p in players], "ply": 3}


class _Service:
    """Answers as the class game service does for olena: the teacher is online, olena plays game 7."""

    who = "fake#olena"

    async def heartbeat(self) -> None:
        pass

    async def me(self) -> dict[str, Any]:
        return {"name": "olena", "teacher": False, "rating": 1500.0}

    async def presence(self) -> list[dict[str, Any]]:
        return [
            {"name": "olena", "online": True},
            {"name": "diego", "online": True},
            {"name": "ms_koval", "online": True, "teacher": True},
        ]

    async def seeks(self) -> list[dict[str, Any]]:
        return []

    async def games(self, *, whole_class: bool = False, status: str | None = None) -> list[dict[str, Any]]:
        if whole_class:  # the class's list: the same game as olena's own, read with other fields
            return [{**_game(7, "olena", "diego"), "ply": 4}, _game(9, "amy", "diego")]
        return [_game(7, "olena", "diego")]

    async def arena(self) -> dict[str, Any]:
        return {"arena": None, "standings": [], "you": None}


class _Client(ClassClient):
    """The pupil's client with :class:`_Service` in place of the HTTP one."""

    def __init__(self) -> None:
        self.aio = _Service()  # type: ignore[assignment]
        self.loop = class_loop()


def _labels(lobby: Lobby, part: str) -> list[tuple[str, str]]:
    rows = next(lst["rows"] for lst in lobby.view["lists"] if lst["id"] == part)
    return [(row["text"], " ".join(b["label"] for b in row["buttons"])) for row in rows]


def test_the_pupils_own_game_is_under_her_games_and_the_teacher_is_no_classmate_to_challenge() -> None:
    lobby = Lobby("en", _Client(), refresh=0)
    assert lobby.wait()  # the first read, done
    try:
        assert _labels(lobby, "games") == [("Game 7: olena, diego", "Resume")]
        assert _labels(lobby, "watch") == [("Game 9: amy, diego", "Watch")]
        assert _labels(lobby, "online") == [("diego", "Challenge")]
    finally:
        lobby.close()

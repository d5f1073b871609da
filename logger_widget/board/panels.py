"""The shapes of the view model's panels (``TypedDict``), declared once.

:mod:`.view` builds them, the modes (:mod:`.host`) add or replace whole panels, and
``static/board.js`` draws them. A panel's keys are JSON-ready: strings already translated,
cell names and notation language-neutral.
"""

from __future__ import annotations

from typing import Any, TypedDict

__all__ = [
    "ActionButton",
    "BannerPanel",
    "HintPanel",
    "HistoryPanel",
    "LessonPanel",
    "PhasePanel",
    "ReplayPanel",
    "StaticPanel",
    "StatusPanel",
]


class StatusPanel(TypedDict):
    """The status line: ``kind`` (prompt, thinking, paused, over, replay, solved) and ``text``."""

    kind: str
    text: str


class PhasePanel(TypedDict):
    """One phase of the turn (Movement, Growth, Action): ``state`` is done, current or todo."""

    id: str
    label: str
    state: str


class ActionButton(TypedDict):
    """The Plant / Protest / Chop buttons."""

    id: str
    label: str
    enabled: bool
    pressed: bool


class BannerPanel(TypedDict):
    """The end-game banner."""

    title: str
    text: str


class ReplayPanel(TypedDict):
    """The replay slider."""

    active: bool
    min: int
    value: int
    max: int
    text: str


class HistoryPanel(TypedDict):
    """The turns played (a window of them)."""

    items: list[dict[str, Any]]
    empty: str
    first: int
    total: int


class HintPanel(TypedDict, total=False):
    """The Hint button and its text (a mode may add its own ``label``)."""

    enabled: bool
    text: str | None
    label: str


class LessonPanel(TypedDict):
    """The lesson buttons ("Restart lesson", "Next lesson" once solved)."""

    solved: bool
    restart: str
    next: str | None


class StaticPanel(TypedDict):
    """The part of the view that changes only with the language (:func:`static_view`)."""

    languages: list[dict[str, str]]
    labels: dict[str, Any]
    palette: dict[str, dict[str, str]]
    files: list[str]
    ranks: list[str]
    cell_names: list[str]

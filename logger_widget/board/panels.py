"""The shapes of the view model's panels (``TypedDict``), declared once.

:mod:`.view` builds them, the modes (:mod:`.host`) add or replace whole panels, and
``static/board.js`` draws them. A panel's keys are JSON-ready: strings already translated,
cell names and notation language-neutral. :class:`BoardView` is the whole view the front end
draws (``_static`` and ``_view`` together); ``board.js`` declares the same shapes as JSDoc
types (a test checks that the two agree, and TypeScript checks ``board.js`` against them).
"""

from __future__ import annotations

from typing import Any, TypedDict

__all__ = [
    "ActionButton",
    "BackButton",
    "BannerPanel",
    "BoardView",
    "CellView",
    "ChartPanel",
    "ChopPreview",
    "ControlsPanel",
    "DoneButton",
    "HintPanel",
    "HistoryItem",
    "HistoryPanel",
    "LanguageOption",
    "LastTurnPanel",
    "LessonIntro",
    "LessonPanel",
    "ModePanels",
    "NoticePanel",
    "OnlinePanel",
    "ResignPanel",
    "PhasePanel",
    "PiecesPanel",
    "PlayerCard",
    "PuzzlePanel",
    "ReplayPanel",
    "ResultPanel",
    "ResumePanel",
    "ReviewLabels",
    "ReviewPanel",
    "ReviewProgress",
    "ReviewStep",
    "ReviewTurn",
    "RoundTurn",
    "SeatStyle",
    "StaticPanel",
    "StatusPanel",
    "Toggle",
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


class HistoryItem(TypedDict):
    """One turn of the history list: ``who`` ("3. Player 1"), its notation, its spoken ``label``."""

    ply: int
    seat: int
    who: str
    notation: str
    label: str
    current: bool


class HistoryPanel(TypedDict):
    """The turns played (a window of them)."""

    items: list[HistoryItem]
    empty: str
    first: int
    total: int


class HintPanel(TypedDict, total=False):
    """The Hint button and its text (a mode may add its own ``label``).

    ``turn``: the suggested turn in notation and words, while it is shown (a mode may label it its own way).
    """

    enabled: bool
    text: str | None
    label: str
    turn: str


class LessonIntro(TypedDict):
    """A lesson the board went on to ("Next lesson"): its header and explanation, shown on the board.

    The notebook's text above the board explains the board's first lesson only.
    """

    title: str
    text: str
    more: str


class LessonPanel(TypedDict):
    """The lesson buttons ("Restart lesson", "Next lesson" once solved), and the lesson gone on to."""

    solved: bool
    restart: str
    next: str | None
    intro: LessonIntro | None


class ControlsPanel(TypedDict):
    """Which of the header's controls apply to this board (a class game has no New game, no language menu)."""

    new_game: bool
    language: bool


class LanguageOption(TypedDict):
    """One entry of the language menu: its ``id`` ("uk") and its name in itself ("Українська")."""

    id: str
    label: str


class SeatStyle(TypedDict):
    """A seat's colours (from :mod:`logger_widget.palette`): fill, text on it, line dashes."""

    colour: str
    text: str
    dash: str


class PiecesPanel(TypedDict):
    """Every piece's SVG markup (:func:`logger_widget.svg.pieces`): the front end draws no piece of its own."""

    tree: dict[str, str]
    protested: dict[str, str]
    logger: dict[str, str]
    ghost: dict[str, str]
    stump: str


class StaticPanel(TypedDict):
    """The part of the view that changes only with the language (:func:`static_view`)."""

    languages: list[LanguageOption]
    labels: dict[str, Any]
    palette: dict[str, SeatStyle]
    pieces: PiecesPanel
    files: list[str]
    ranks: list[str]
    cell_names: list[str]


class CellView(TypedDict):
    """One cell of the grid: its content, its mark (what a click does), its badges, its spoken label."""

    id: str
    piece: str | None
    protested: bool
    logger: int | None
    mark: str | None
    selectable: bool
    grew: bool
    spawner: bool
    new: bool
    suggested: bool
    preview: bool
    parents: list[str]
    label: str


class PlayerCard(TypedDict):
    """One seat's card: name, kind, score and supply (numbers and texts), and its badge."""

    seat: int
    name: str
    kind: str
    kind_text: str
    bot_name: str
    bot_name_full: str
    score: int
    score_text: str
    supply: int
    supply_text: str
    to_move: bool
    first: bool
    thinking: bool
    paused: bool
    winner: bool
    badge: str


class RoundTurn(TypedDict):
    """One turn of the last round (drawn as an arrow along ``path``, the latest one brighter)."""

    seat: int
    text: str
    path: list[str]
    latest: bool


class LastTurnPanel(TypedDict):
    """The last turn: its cells (``origin`` … ``felled``), its sentence, and the round it ends."""

    seat: int
    origin: str
    destination: str
    path: list[str]
    notation: str
    action: str | None
    targets: list[str]
    grew: list[str]
    spawned: list[str]
    felled: list[str]
    text: str
    title: str
    round: list[RoundTurn]


class ChopPreview(TypedDict):
    """What chopping one target would fell and score."""

    felled: list[str]
    points: int
    title: str
    lines: list[str]
    text: str


class ResultPanel(TypedDict):
    """The final result: the winners (seats), the tie-break used, why the game ended."""

    winners: list[int]
    tie_break: str
    reason: str
    headline: str
    detail: str
    title: str


class NoticePanel(TypedDict):
    """A notice to the player: ``kind`` (success, error, info) and its ``text``."""

    kind: str
    text: str


class DoneButton(TypedDict):
    """The "Done" button of a protest."""

    visible: bool
    enabled: bool
    label: str


class BackButton(TypedDict):
    """The "Back" button (a step of the turn in progress back)."""

    enabled: bool
    label: str


class Toggle(TypedDict):
    """A button that is only on or off (Undo, Redo)."""

    enabled: bool


class ChartPanel(TypedDict):
    """The live chart: a PNG data URL and its text alternative."""

    src: str
    alt: str


class ResumePanel(TypedDict):
    """The button that brings back the game this board saved."""

    label: str


class ReviewTurn(TypedDict):
    """A reviewed turn or the better one: its cells, its notation and sentence, its colour."""

    path: list[str]
    destination: str
    kind: str
    targets: list[str]
    felled: list[str]
    spawns: list[str]
    notation: str
    text: str
    colour: str


class ReviewStep(TypedDict):
    """The reviewed turn shown: which of ``total``, its verdict, the turn played and the better one."""

    ply: int
    total: int
    text: str
    label: str
    label_text: str
    glyph: str
    colour: str
    seat: int
    sentence: str
    played: ReviewTurn
    better: ReviewTurn | None
    first: bool
    last: bool


class ReviewProgress(TypedDict):
    """How far the review's search is: ``done`` of ``total`` turns."""

    done: int
    total: int
    text: str


class ReviewLabels(TypedDict):
    """The Review panel's fixed labels."""

    title: str
    prev: str
    next: str
    exit: str
    slider: str


class ReviewPanel(TypedDict):
    """The Review panel: its button, whether it is open or searching, and the step shown."""

    available: bool
    open: str
    active: bool
    pending: bool
    labels: ReviewLabels
    progress: ReviewProgress | None
    step: ReviewStep | None
    status: StatusPanel


class PuzzlePanel(TypedDict):
    """A puzzle board's puzzle (:mod:`~logger_widget.board.puzzle_mode`): its id, theme, result, rating, hints."""

    id: str
    theme: str
    result: str | None
    rating: int
    hints: int
    side_line: bool
    #: after a wrong turn, the search's values behind the words the pupil reads (for the teacher):
    #: ``{"played": v, "best": w}``; ``None`` before one
    values: dict[str, float] | None


class OnlinePanel(TypedDict):
    """A class game's state (:mod:`~logger_widget.classplay.online_mode`), read by code and tests; no panel draws it."""

    game: int
    state: str
    status: str
    watching: bool
    mine: list[int]
    seats: list[str]
    result: dict[str, Any] | None
    ply: int


class ResignPanel(TypedDict):
    """A class game's **Resign** under the board, asked first: its texts in the board's language."""

    #: the pupil plays in this game, it goes on and no resignation is on its way
    shown: bool
    #: Resign was pressed: the question and its two answers are shown instead
    asking: bool
    label: str
    question: str
    yes: str
    no: str


class ModePanels(TypedDict, total=False):
    """What a board with a mode adds to its view: the puzzle, or the class game (its state and Resign)."""

    puzzle: PuzzlePanel
    online: OnlinePanel
    resign: ResignPanel


class BoardView(StaticPanel, ModePanels):
    """The whole view the front end draws: :class:`StaticPanel`, the panels of the moment, a mode's."""

    #: the paint counter: one more on every redraw (a "thinking…" line, review progress, presence)
    version: int
    #: what a click refers to: one more only when the position, the step of the turn or an active mode
    #: changes; an intent sent with an older basis is stale (answered, never dropped silently)
    basis: int
    lang: str
    cells: list[list[CellView]]
    players: list[PlayerCard]
    to_move: int
    stage: str
    interactive: bool
    status: StatusPanel
    phases: list[PhasePanel]
    actions: list[ActionButton]
    show_actions: bool
    protest_done: DoneButton
    back: BackButton
    previews: dict[str, ChopPreview]
    preview_default: str | None
    lesson: LessonPanel | None
    controls: ControlsPanel
    last: LastTurnPanel | None
    banner: BannerPanel | None
    result: ResultPanel | None
    notice: NoticePanel | None
    task: str | None
    hint: HintPanel
    undo: Toggle
    redo: Toggle
    history: HistoryPanel
    replay: ReplayPanel
    lpn: str
    shown_lpn: str
    over: bool
    players_count: int
    chart: ChartPanel | None
    resume: ResumePanel | None
    review: ReviewPanel

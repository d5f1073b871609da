"""The board widget's view model: (game, turn in progress, translator) → plain JSON.

:func:`build_view` is the only place where the widget decides what the
player sees. It is a pure function of a :class:`BoardState` snapshot and a
:class:`~logger_widget.i18n.Translator`, so it is tested without a browser;
the ES module (``static/board.js``) draws the dict it returns and sends
back the player's intents. Every user-visible string in the dict is already
translated (see :mod:`logger_widget.i18n.texts.board`); cell names and turn
notation are language-neutral.

Legality comes only from :class:`~logger_widget.engine.decisions.TurnInProgress`:
a cell is selectable exactly when it is one of ``tip.options()``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..engine import cells, core
from ..engine.cells import CELL_NAMES
from ..engine.decisions import DONE, TurnInProgress
from ..engine.errors import LoggerError
from ..engine.game import Game
from ..engine.position import Position
from ..engine.turn import Turn
from ..i18n import Translator, sentence_start
from ..i18n.explain import explain_error
from ..i18n.texts import terms
from ..i18n.texts.board import (
    BOT_LABELS,
    CELL,
    COUNTS,
    DESCRIBE,
    FORCED,
    HINTS,
    LABELS,
    LANGUAGE_NAMES,
    NOTICES,
    PROMPTS,
    QUOTED,
    RESULT,
)
from ..names import short_name
from ..palette import SEAT_STYLES
from ..svg import move_path, pieces
from . import panels

__all__ = [
    "BoardState",
    "LessonInfo",
    "ViewModel",
    "SetupInfo",
    "turn_view",
    "Frame",
    "frame",
    "Seat",
    "Notice",
    "build_view",
    "static_view",
    "describe_turn",
    "explain_error",
    "turn_effects",
    "TurnEffects",
    "FILES",
    "RANKS",
]

FILES = tuple(cells.FILES)  # left to right
RANKS = tuple(reversed(cells.RANKS))  # top to bottom, as drawn

#: A message that is translated when the view is built (so it follows language switches).
Message = Callable[[Translator], str]

#: The view model: one JSON-ready entry per panel (see :func:`build_view`; the panels' shapes are
#: declared once, in :mod:`.panels`; modes add or replace whole panels).
ViewModel = dict[str, Any]


@dataclass
class Seat:
    """One seat of the board: a person or a bot.

    Attributes:
        kind: ``"human"`` or ``"bot"``.
        bot: the bot object (``.name``, ``.choose``), for bot seats.
        spec: what the seat was created from (a preset name like ``"mcts:easy"``), for records.
        paused: a bot seat whose bot failed; it waits for "try again" or "play this seat myself".
    """

    kind: str = "human"
    bot: Any = None
    spec: Any = "human"
    paused: bool = False

    @property
    def is_bot(self) -> bool:
        """The seat is played by a bot."""
        return self.kind == "bot"

    @property
    def bot_name(self) -> str:
        """The bot's name, or ``""`` for a person's seat."""
        return str(getattr(self.bot, "name", "bot")) if self.bot is not None else ""


@dataclass(frozen=True)
class Notice:
    """A one-off message: ``kind`` is ``"info"``, ``"success"`` or ``"error"``."""

    kind: str
    message: Message


@dataclass
class BoardState:
    """Everything the view depends on (a snapshot taken by the widget under its lock)."""

    game: Game
    seats: Sequence[Seat]
    version: int = 0  # the paint counter: one more on every redraw
    basis: int = (
        0  # what a click refers to: one more only when the position, the turn's step or a mode changes
    )
    tip: TurnInProgress | None = None
    action_tip: TurnInProgress | None = None  # the same turn at stage "action", when reached
    can_back: bool = False
    thinking: int | None = None  # seat of the bot that is computing
    hint: Turn | None = None
    hint_cells: tuple[str, ...] = ()  # cells a partial hint marks (a puzzle's first hint)
    hint_pending: bool = False
    hint_available: bool = True
    notice: Notice | None = None
    task: Message | None = None  # a standing task (tutorial lessons), shown until cleared
    replay: int | None = None  # ply shown by the replay slider, None = live game
    lesson: LessonInfo | None = None  # a lesson board: solved? a next lesson?
    setup: SetupInfo | None = None  # the seats are choosing their starting corners
    shown_step: TurnInProgress | None = None  # a step drawn, not played on (a lesson solved by a step)
    forced: tuple[str, ...] = ()  # choices of the turn in progress the board took for the player


@dataclass(frozen=True)
class SetupInfo:
    """Corner choice at setup: corners taken so far (seat order), the free ones, and whether a person chooses next."""

    chosen: tuple[str, ...]
    free: tuple[str, ...]
    human: bool


@dataclass(frozen=True)
class LessonInfo:
    """What the view shows of a lesson: whether it is solved and whether a next lesson follows."""

    solved: bool = False
    has_next: bool = False


# --------------------------------------------------------------------------- helpers


def player_name(tr: Translator, seat: int) -> str:
    """``"Player 2"`` in the translator's language, as a label (uk ``"Гравець 2"``, es ``"Jugador 2"``)."""
    return tr.format(terms.PLAYER, seat=seat)


def player_in_sentence(tr: Translator, seat: int) -> str:
    """``"Player 2"`` inside a sentence: uk ``"гравець 2"``, es ``"jugador 2"`` (the sentence adds «el»/«del»)."""
    return tr.format(terms.PLAYER_IN_SENTENCE, seat=seat)


def players_in_sentence(tr: Translator, seats: Sequence[int]) -> str:
    """Several seats as a list inside a sentence: es ``"jugador 1 y jugador 3"``, uk ``"гравець 1 і гравець 3"``.

    Every item takes the sentence form (:data:`~logger_widget.i18n.texts.terms.PLAYER_IN_SENTENCE`),
    never the capitalised label, which would stand mid-sentence («Jugador 1 y Jugador 3»); a text
    that starts with the list gets its first letter capitalised by :func:`sentence_start`.
    """
    return tr.format_list([player_in_sentence(tr, s) for s in seats])


def players_as_subject(tr: Translator, seats: Sequence[int]) -> str:
    """Seats as the subject of a sentence, each with its article where the language has one.

    es ``"el jugador 1 y el jugador 3"`` (:data:`~logger_widget.i18n.texts.terms.PLAYER_SUBJECT`), uk
    ``"гравець 1 і гравець 3"``, en ``"Player 1 and Player 3"``.
    """
    return tr.format_list([tr.format(terms.PLAYER_SUBJECT, seat=s) for s in seats])


def player_of(tr: Translator, seat: int) -> str:
    """``"Player 2"`` as the owner inside a sentence ("player 2's bot"): uk ``"гравця 2"`` (genitive), es ``"jugador 2"``."""
    return tr.format(terms.PLAYER_OF, seat=seat)


def notation_in_text(turn: Turn) -> str:
    """``turn``'s notation inside a sentence: its parts joined by no-break spaces (``"a1\u00a0+b2\u00a0xb1"``).

    A line never breaks inside a turn; :meth:`Turn.parse` reads the text back (a no-break space is whitespace).
    """
    return "\u00a0".join(turn.notation().split())


def _cells_text(tr: Translator, cells: Sequence[str]) -> str:
    return tr.format_list(list(cells))


@dataclass(frozen=True)
class TurnEffects:
    """What a turn did: trees that grew, spawned seedlings, felled trees (in falling order)."""

    grew: tuple[str, ...] = ()
    spawned: tuple[str, ...] = ()
    felled: tuple[str, ...] = ()

    @property
    def points(self) -> int:
        """Points the chop scores: one per felled tree."""
        return len(self.felled)


@functools.lru_cache(maxsize=4096)
def turn_effects(position: Position, turn: Turn) -> TurnEffects:
    """What ``turn`` did in ``position``, replayed through :class:`TurnInProgress` (no rule is coded here)."""
    tip = position.start_turn().choose(turn.destination)
    grew = tip.grown_trees
    for cell in turn.spawns:
        if tip.stage == "spawn":
            tip = tip.choose(cell)
    felled: tuple[str, ...] = ()
    if turn.action is not None and turn.action.kind == "chop" and tip.stage == "action":
        felled = tip.chop_preview(turn.action.cells[0]).felled
    return TurnEffects(grew, turn.spawns, felled)


def describe_turn(tr: Translator, position: Position, turn: Turn, finished: bool = True) -> str:
    """A turn in words, e.g. en ``"move a1 → b2; chop b3 and score 2 points"``.

    ``finished=False``: a turn in progress, its action not chosen yet (no "no action possible").
    """
    parts: list[str] = []
    if turn.origin == turn.destination:
        parts.append(tr.format(DESCRIBE["stay"], cell=turn.origin))
    else:
        parts.append(tr.format(DESCRIBE["move"], origin=turn.origin, destination=turn.destination))
    if turn.spawns:
        parts.append(tr.count(DESCRIBE["spawn"], len(turn.spawns), cells=_cells_text(tr, turn.spawns)))
    action = turn.action
    if action is None:
        if finished:  # (a turn in progress has its action still to come)
            parts.append(tr.translate(DESCRIBE["skip"]))
    elif action.kind == "plant":
        parts.append(tr.format(DESCRIBE["plant"], cell=action.cells[0]))
    elif action.kind == "protest":
        parts.append(tr.count(DESCRIBE["protest"], len(action.cells), cells=_cells_text(tr, action.cells)))
    else:
        try:
            points = turn_effects(position, turn).points
        except LoggerError:
            points = 0
        parts.append(tr.format(DESCRIBE["chop"], cell=action.cells[0], points=tr.count(terms.POINTS, points)))
    text = parts[0]
    for part in parts[1:]:
        text = tr.format(DESCRIBE["join"], first=text, second=part)
    return text


def _seat_kind_text(tr: Translator, seat: Seat) -> str:
    """``"human"``, ``"bot · Monte Carlo, easy"`` (a preset) or ``"bot"`` (the bot's own name goes apart)."""
    if not seat.is_bot:
        return tr.translate(LABELS["human"])
    label = BOT_LABELS.get(seat.bot_name) if isinstance(seat.spec, str) else None
    bot = tr.translate(LABELS["bot"])
    return f"{bot} · {tr.translate(label)}" if label is not None else bot


def _seat_bot_name(seat: Seat) -> str:
    """A bot's own name when it is not a preset (a student's function), shown as it is."""
    if seat.is_bot and not (isinstance(seat.spec, str) and seat.bot_name in BOT_LABELS):
        return seat.bot_name
    return ""


# --------------------------------------------------------------------------- the view


@dataclass(frozen=True)
class Frame:
    """What every panel needs to know about the shown moment (derived once from a :class:`BoardState`).

    Attributes:
        state: the snapshot.
        replay: the ply shown by the replay slider (``None``: the live game).
        shown: the position on screen.
        over: the live game is over.
        to_move: seat to move in ``shown``.
        seat: that seat.
        tip: the person's turn in progress (``None`` while a bot, nobody or a replay is shown).
        stage: ``tip.stage`` or ``None``.
        options: ``tip.options()`` or ``()``.
        interactive: the person to move can click now.
        drawn: the step whose board is drawn: ``tip``, or a step a mode shows (``None``: ``shown``).
    """

    state: BoardState
    positions: tuple[Position, ...]
    turns: tuple[Turn, ...]
    replay: int | None
    shown: Position
    over: bool
    to_move: int
    seat: Seat
    tip: TurnInProgress | None
    stage: str | None
    options: tuple[str, ...]
    interactive: bool
    drawn: TurnInProgress | None = None

    @property
    def game(self) -> Game:
        """The game being drawn."""
        return self.state.game

    @property
    def live(self) -> bool:
        """The live game is drawn (not a position picked on the replay slider)."""
        return self.replay is None

    @property
    def waiting(self) -> bool:
        """Someone is to move: the game is live, not over, and no solved lesson stopped it."""
        lesson = self.state.lesson
        return not self.over and not (lesson is not None and lesson.solved)

    @property
    def ply(self) -> int:
        """Turns played up to the shown moment."""
        return self.replay if self.replay is not None else len(self.turns)


def frame(state: BoardState) -> Frame:
    """The :class:`Frame` of ``state`` (an out-of-range replay ply shows the live game)."""
    game = state.game
    positions, turns = game.positions, game.turns  # copied once per view (each read copies the history)
    replay = state.replay
    if replay is not None and not 0 <= replay <= len(turns):
        replay = None
    shown: Position = positions[replay] if replay is not None else game.position
    over = game.is_over and replay is None
    to_move = shown.to_move
    seat = state.seats[to_move - 1] if to_move - 1 < len(state.seats) else Seat()
    solved = state.lesson is not None and state.lesson.solved
    if state.setup is not None:
        to_move = len(state.setup.chosen) + 1
        seat = state.seats[to_move - 1]
    tip = state.tip if replay is None and not over and not seat.is_bot and not solved else None
    if state.setup is not None:
        tip = None
    return Frame(
        state=state,
        positions=positions,
        turns=turns,
        replay=replay,
        shown=shown,
        over=over,
        to_move=to_move,
        seat=seat,
        tip=tip,
        stage=tip.stage if tip is not None else None,
        options=tip.options() if tip is not None else (),
        interactive=(tip is not None and state.thinking is None)
        or (state.setup is not None and state.setup.human),
        drawn=tip if tip is not None else state.shown_step if replay is None else None,
    )


def _turn_text(tr: Translator, before: Position, turn: Turn, finished: bool = True) -> str:
    description = describe_turn(tr, before, turn, finished)
    return tr.format(DESCRIBE["who"], player=player_name(tr, before.to_move), description=description)


def last_turn_view(f: Frame, tr: Translator) -> dict[str, Any] | None:
    """The last turn (drawn on the board while no turn is in progress), or ``None``.

    ``round`` lists the turns since the seat to move last played (at most one
    per seat, oldest first), so a pupil sees their own turn and the bots' replies.
    """
    if f.ply == 0 or not (f.tip is None or f.stage == "move"):
        return None
    before = f.positions[f.ply - 1]
    turn = f.turns[f.ply - 1]
    first = max(0, f.ply - f.shown.players)
    round_items = [
        {
            "seat": f.positions[i].to_move,
            "text": _turn_text(tr, f.positions[i], f.turns[i]),
            "path": move_path(f.positions[i], f.turns[i]),
            "latest": i == f.ply - 1,
        }
        for i in range(first, f.ply)
    ]
    return turn_view(tr, before, turn, round_items)


def turn_view(
    tr: Translator,
    before: Position,
    turn: Turn,
    round_items: list[dict[str, Any]] | None = None,
    finished: bool = True,
) -> dict[str, Any]:
    """The ``last`` panel of the view for ``turn`` played in ``before`` (its path, effects and words).

    ``round_items``: the round's turns (default: this one alone). ``finished=False``: a turn in
    progress whose action is not chosen yet (a lesson judged after its move).
    """
    text = _turn_text(tr, before, turn, finished)
    try:
        fx = turn_effects(before, turn)
    except LoggerError:  # a turn in progress the engine would not finish as it is
        fx = TurnEffects()
    if round_items is None:
        round_items = [
            {"seat": before.to_move, "text": text, "path": move_path(before, turn), "latest": True}
        ]
    return {
        "seat": before.to_move,
        "origin": turn.origin,
        "destination": turn.destination,
        "path": move_path(before, turn),
        "notation": turn.notation(),
        "action": turn.action.kind if turn.action else None,
        "targets": list(turn.action.cells) if turn.action else [],
        "grew": list(fx.grew),
        "spawned": list(fx.spawned),
        "felled": list(fx.felled),
        "text": text,
        "title": tr.translate(LABELS["last_turn"] if len(round_items) == 1 else LABELS["last_turns"]),
        "round": round_items,
    }


def _marks(f: Frame) -> dict[str, str]:
    """What each cell offers at the current step (``"move"``, ``"plant"``, ``"chosen"``…)."""
    tip, stage = f.tip, f.stage
    marks: dict[str, str] = {}
    if f.state.setup is not None:
        return {c: "corner" for c in f.state.setup.free}
    if tip is None:
        return marks
    if stage == "move":
        for c in f.options:
            marks[c] = "stay" if c == tip.origin else "move"
    elif stage in ("spawn", "plant", "chop"):
        for c in f.options:
            marks[c] = str(stage)
    elif stage == "protest":
        for c in f.options:
            if c != DONE:
                marks[c] = "protest"
        for c in tip.protest_chosen:
            marks[c] = "chosen"
    return marks


def _suggested(f: Frame) -> set[str]:
    """Cells the hint marks while a person's turn is in progress.

    The hint's whole turn at the movement step, and at every step the cells a puzzle's
    hint marks (a mode's :meth:`~logger_widget.board.host.Mode.hint_cells`).
    """
    hint = f.state.hint
    cells: set[str] = set()
    if f.tip is None:
        return cells
    cells.update(f.state.hint_cells)
    if hint is not None and f.stage == "move":
        cells.add(hint.destination)
        cells.update(hint.spawns)
        if hint.action is not None:
            cells.update(hint.action.cells)
    return cells


def previews_view(f: Frame, tr: Translator) -> dict[str, dict[str, Any]]:
    """The chop preview of every chop target (at the action and chop steps), by target cell."""
    tip = f.tip
    previews: dict[str, dict[str, Any]] = {}
    if tip is None or f.stage not in ("action", "chop"):
        return previews
    chop_tip = tip if f.stage == "chop" else tip.choose("chop") if "chop" in f.options else None
    if chop_tip is None:
        return previews
    for c in chop_tip.options():
        p = tip.chop_preview(c)
        lines = [tr.count(COUNTS["felled"], p.points), tr.count(COUNTS["points_gain"], p.points)]
        if p.protesters_gained:
            lines.append(tr.count(COUNTS["gained"], p.protesters_gained))
        previews[c] = {
            "felled": list(p.felled),
            "points": p.points,
            "title": tr.translate(LABELS["chop_preview"]) + f" ({c})",
            "lines": lines,
            "text": f"{c}: " + ", ".join(lines),
        }
    return previews


def _adjacent(a: str, b: str) -> bool:
    """Orthogonal neighbours (drawing only: which spawning tree a seedling cell belongs to)."""
    return abs(FILES.index(a[0]) - FILES.index(b[0])) + abs(int(a[1]) - int(b[1])) == 1


def _cell_content(tr: Translator, board: Position, cell: str, logger: int | None) -> str:
    piece = board.trees.get(cell)
    if logger is not None:
        return tr.format(CELL["logger"], seat=logger)
    if piece is None:
        return tr.translate(CELL["empty"])
    if cell in board.protested:
        return tr.translate(CELL["protested"])
    return tr.translate(terms.PIECES[piece])


def cells_view(f: Frame, tr: Translator, previews: dict[str, dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The 5 × 5 cells, top row (rank 5) first: piece, logger, mark, badges and spoken label."""
    step = f.drawn
    stage = step.stage if step is not None else None
    after_move = step is not None and stage != "move"
    board = step.board() if step is not None and after_move else f.shown
    marks = _marks(f)
    suggested = _suggested(f)
    grew = set(step.grown_trees) if step is not None and after_move else set()
    spawners = (
        set(step.spawning_trees) if step is not None and stage == "spawn" and f.tip is not None else set()
    )
    new = set(step.spawned) if step is not None and after_move else set()
    loggers = {c: i + 1 for i, c in enumerate(board.loggers)}
    if f.state.setup is not None:  # only the corners chosen so far carry a logger
        loggers = {c: i + 1 for i, c in enumerate(f.state.setup.chosen)}
    cells: list[list[dict[str, Any]]] = []
    for rank in RANKS:
        row: list[dict[str, Any]] = []
        for file in FILES:
            c = file + rank
            lg = loggers.get(c)
            content = _cell_content(tr, board, c, lg)
            mark = marks.get(c)
            hint_text = None
            if mark == "chop":
                hint_text = tr.count(HINTS["chop"], previews[c]["points"] if c in previews else 1)
            elif mark == "corner":
                hint_text = tr.translate(LABELS["choose_corner"])
            elif mark is not None:
                hint_text = tr.translate(HINTS[mark])
            elif c in suggested:
                hint_text = tr.translate(HINTS["suggested"])
            label = (
                tr.format(CELL["label_hint"], cell=c, content=content, hint=hint_text)
                if hint_text
                else tr.format(CELL["label"], cell=c, content=content)
            )
            row.append(
                {
                    "id": c,
                    "piece": board.trees.get(c),
                    "protested": c in board.protested,
                    "logger": lg,
                    "mark": mark,
                    "selectable": f.interactive and mark is not None,
                    "grew": c in grew,
                    "spawner": c in spawners,
                    "new": c in new,
                    "suggested": c in suggested,
                    "preview": c in previews,
                    # the spawning trees next to a seedling candidate (highlighted on hover/focus)
                    "parents": sorted(p for p in spawners if _adjacent(p, c)) if mark == "spawn" else [],
                    "label": label,
                }
            )
        cells.append(row)
    return cells


def _badge(tr: Translator, f: Frame, n: int, seat: Seat, winners: set[int]) -> str:
    thinking = f.state.thinking == n
    if n in winners:
        return tr.translate(LABELS["winner"])
    if thinking:
        return tr.translate(LABELS["thinking"])
    if seat.paused and n == f.to_move:
        return tr.translate(LABELS["paused"])
    if n == f.to_move and f.waiting:
        return tr.translate(LABELS["to_move"])
    return ""


def players_view(f: Frame, tr: Translator) -> list[dict[str, Any]]:
    """One card per seat: name, kind, score, supply, and a badge (to move, thinking, winner…)."""
    shown = f.shown
    outcome = f.game.outcome if f.live else None
    winners = set(outcome.winners) if outcome else set()
    players = []
    for i, s in enumerate(f.state.seats[: shown.players]):
        n = i + 1
        players.append(
            {
                "seat": n,
                "name": player_name(tr, n),
                "kind": s.kind,
                "kind_text": _seat_kind_text(tr, s),
                "bot_name": short_name(_seat_bot_name(s)),  # drawn; the full name is its tooltip
                "bot_name_full": _seat_bot_name(s),
                "score": shown.scores[i],
                "score_text": tr.count(terms.POINTS, shown.scores[i]),
                "supply": shown.supplies[i],
                "supply_text": tr.count(terms.PROTESTERS, shown.supplies[i]),
                "to_move": n == f.to_move and f.waiting,
                "first": n == 1,
                "thinking": f.state.thinking == n,
                "paused": s.paused,
                "winner": n in winners,
                "badge": _badge(tr, f, n, s, winners),
            }
        )
    return players


def status_view(f: Frame, tr: Translator) -> panels.StatusPanel:
    """The status line (a live region): ``kind`` (prompt, thinking, paused, over, replay) and ``text``."""
    mover = player_name(tr, f.to_move)  # the prompts are "{player}: …" labels
    tip, stage = f.tip, f.stage
    if f.replay is not None:
        if f.replay == 0:
            return {"kind": "replay", "text": tr.translate(PROMPTS["replay_start"])}
        ply, total = tr.format_number(f.replay), tr.format_number(len(f.turns))
        return {"kind": "replay", "text": tr.format(PROMPTS["replay"], ply=ply, total=total)}
    if f.state.setup is not None:
        return {
            "kind": "prompt" if f.state.setup.human else "thinking",
            "text": tr.format(PROMPTS["corner"], player=mover),
        }
    lesson = f.state.lesson
    if lesson is not None and lesson.solved:
        key = "lesson_solved" if lesson.has_next else "lesson_solved_last"
        return {"kind": "solved", "text": tr.translate(PROMPTS[key])}
    if f.over:
        return {"kind": "over", "text": tr.translate(PROMPTS["over"])}
    if f.seat.is_bot:
        bot = player_in_sentence(tr, f.to_move)  # "player 2 (bot) is thinking…" is a sentence
        if f.seat.paused:  # "player 2's bot has stopped": the seat owns the bot (uk genitive «гравця 2»)
            return {"kind": "paused", "text": tr.format(PROMPTS["paused"], player=player_of(tr, f.to_move))}
        key = "thinking" if f.state.thinking == f.to_move else "bot_waiting"
        return {"kind": "thinking", "text": tr.format(PROMPTS[key], player=bot)}
    if tip is None:  # pragma: no cover - a human seat always has a turn in progress
        return {"kind": "prompt", "text": ""}
    if stage == "spawn":
        text = tr.count(PROMPTS["spawn"], tip.spawns_needed, player=mover)
        return {"kind": "prompt", "text": _with_forced(f, tr, text)}
    if stage == "protest":
        left = f.shown.supplies[f.to_move - 1] - len(tip.protest_chosen)
        text = tr.format(PROMPTS["protest"], player=mover, n=tr.format_number(left))
        return {"kind": "prompt", "text": _with_forced(f, tr, text)}
    if stage == "action":  # only the actions that are possible now (their buttons are enabled)
        names = [_action_name(tr, k) for k in ("plant", "protest", "chop") if k in f.options]
        actions = tr.format_list(names, style="or")
        text = tr.format(PROMPTS["action"], player=mover, actions=actions)
        return {"kind": "prompt", "text": _with_forced(f, tr, text)}
    if stage == "move" and "stay" in f.state.forced:
        return {"kind": "prompt", "text": tr.format(FORCED["stay_click"], player=mover, cell=tip.origin)}
    return {"kind": "prompt", "text": _with_forced(f, tr, tr.format(PROMPTS[stage or "move"], player=mover))}


def _action_name(tr: Translator, kind: str) -> str:
    """An action's name quoted inside a sentence (uk «Рубати», es «Cortar»)."""
    return tr.format(QUOTED, name=tr.translate(terms.ACTIONS[kind]))


def _with_forced(f: Frame, tr: Translator, prompt: str) -> str:
    """What the board did for the player because nothing else was possible, then the prompt.

    The forced steps came first (movement before growth, growth before the action), so they are
    told before the prompt of the step left to the player.

    ``f.state.forced`` (from the Play mode) holds ``"stay"`` (a walled-in logger stayed),
    ``"spawn"`` (the new seedlings had one place each) and ``"action"`` (one action kind).
    """
    tip = f.tip
    if tip is None or not f.state.forced:
        return prompt
    notes = []
    if "stay" in f.state.forced:
        notes.append(tr.format(FORCED["stay"], player=player_of(tr, f.to_move), cell=tip.origin))
    if "spawn" in f.state.forced and tip.spawned:
        notes.append(tr.count(FORCED["spawn"], len(tip.spawned), cells=tr.format_list(list(tip.spawned))))
    if "action" in f.state.forced and f.stage in ("plant", "chop", "protest"):
        notes.append(tr.format(FORCED["action"], action=_action_name(tr, str(f.stage))))
    return " ".join([*notes, prompt])


def phases_view(f: Frame, tr: Translator) -> list[panels.PhasePanel]:
    """Movement → Growth → Action, each ``"done"``, ``"current"`` or ``"todo"``."""
    current = {"move": 0, "spawn": 1}.get(f.stage or "", 2) if f.tip is not None else None

    def state_of(k: int) -> str:
        if current is None or k > current:
            return "todo"
        return "done" if k < current else "current"

    return [
        {"id": p, "label": tr.translate(terms.PHASES[p]), "state": state_of(k)}
        for k, p in enumerate(("movement", "growth", "action"))
    ]


def actions_view(f: Frame, tr: Translator) -> list[panels.ActionButton]:
    """The Plant / Protest / Chop buttons: enabled while they can be chosen, pressed when chosen."""
    action_tip = f.state.action_tip
    action_opts = action_tip.options() if action_tip is not None else ()
    in_action = f.stage in ("action", "plant", "chop", "protest")
    return [
        {
            "id": kind,
            "label": tr.translate(terms.ACTIONS[kind]),
            "enabled": f.interactive and in_action and kind in action_opts,
            "pressed": f.stage == kind,
        }
        for kind in ("plant", "protest", "chop")
    ]


def result_view(f: Frame, tr: Translator) -> dict[str, Any] | None:
    """The final result (winners, headline, why the game ended), or ``None`` while it goes on."""
    outcome = f.game.outcome if f.live else None
    if outcome is None:
        return None
    ws = outcome.winners
    if outcome.tie_break == "score":
        headline = tr.format(
            RESULT["winner"],
            player=player_in_sentence(tr, ws[0]),
            points=tr.count(terms.POINTS, outcome.scores[ws[0] - 1]),
        )
    elif outcome.tie_break == "protesters":
        best = outcome.scores[ws[0] - 1]
        others = [
            outcome.supplies[i] for i, sc in enumerate(outcome.scores) if sc == best and i + 1 not in ws
        ]
        headline = tr.format(
            RESULT["protesters"],
            player=player_in_sentence(tr, ws[0]),
            points=tr.count(terms.POINTS, best),
            supply=tr.format_number(outcome.supplies[ws[0] - 1]),
            other=tr.format_number(max(others) if others else 0),
        )
    else:
        headline = sentence_start(
            tr.format(
                RESULT["shared"],
                players=players_in_sentence(tr, ws),
                points=tr.count(terms.POINTS, outcome.scores[ws[0] - 1]),
            )
        )
    return {
        "winners": list(ws),
        "tie_break": outcome.tie_break,
        "reason": outcome.reason,
        "headline": headline,
        "detail": sentence_start(
            _reason(tr, outcome.reason, outcome.scores, ws if outcome.tie_break != "protesters" else ())
        ),
        "title": tr.translate(LABELS["result"]),
    }


def banner_view(f: Frame, tr: Translator) -> panels.BannerPanel | None:
    """The end-game banner (someone has 10 points: the round is completed), or ``None``."""
    shown = f.shown
    if not shown.end_triggered or shown.is_terminal or f.over:
        return None
    left = shown.players - f.to_move + 1
    text = sentence_start(tr.count(NOTICES["end_triggered"], left, players=_reached(tr, shown.scores)))
    return {"title": tr.translate(LABELS["end_game"]), "text": text}


def _reason(tr: Translator, reason: str, scores: Sequence[int], named: Sequence[int] = ()) -> str:
    """Why the game ended; for the round played to its end, who reached 10 points (verb agreeing).

    ``named`` are the seats the headline just named with their points: when they are exactly the
    ones who reached 10 points, the reason calls them "the winner(s)" instead of naming them again.
    """
    if reason != "target":
        return tr.translate(RESULT[f"reason_{reason}"])
    seats = [i + 1 for i, s in enumerate(scores) if s >= core.TARGET_SCORE]
    if seats and sorted(named) == seats:
        return tr.count(RESULT["reason_target_winners"], len(seats))
    return tr.count(RESULT["reason_target"], len(seats), players=players_as_subject(tr, seats))


def _reached(tr: Translator, scores: Sequence[int]) -> str:
    """The players with 10 points or more, as a list inside a sentence (es "jugador 2", "jugador 1 y jugador 3")."""
    return players_in_sentence(tr, [i + 1 for i, s in enumerate(scores) if s >= core.TARGET_SCORE])


#: Turns listed in the history panel: the most recent ones (or those around the replayed turn), so the
#: view model and the redraw do not grow with the game; the replay slider reaches every turn.
HISTORY_WINDOW = 30


@functools.lru_cache(maxsize=8192)
def _history_item(tr: Translator, ply: int, before: Position, turn: Turn) -> dict[str, Any]:
    player = player_name(tr, before.to_move)
    return {
        "ply": ply,
        "seat": before.to_move,
        "who": tr.format(DESCRIBE["entry"], ply=tr.format_number(ply), player=player),
        "notation": turn.notation(),
        "label": tr.format(DESCRIBE["who"], player=player, description=describe_turn(tr, before, turn)),
    }


def history_view(f: Frame, tr: Translator) -> panels.HistoryPanel:
    """The turns played (newest last, at most :data:`HISTORY_WINDOW` of them), the current one marked.

    ``first`` is the ply of the first listed turn and ``total`` the number of turns.
    """
    total = len(f.turns)
    end = min(total, max(f.ply + HISTORY_WINDOW // 2, HISTORY_WINDOW))
    start = max(0, end - HISTORY_WINDOW)
    items = [
        cast(
            panels.HistoryItem,
            {**_history_item(tr, i + 1, f.positions[i], f.turns[i]), "current": f.ply == i + 1},
        )
        for i in range(start, end)
    ]
    return {"items": items, "empty": tr.translate(LABELS["no_turns"]), "first": start + 1, "total": total}


def replay_view(f: Frame, tr: Translator) -> panels.ReplayPanel:
    """The replay slider: ``min`` (0), ``value``, ``max``, and its text (``"Start"`` or ``"3 / 12"``).

    While a game review is shown, :func:`~logger_widget.board.review_mode.review_panels` puts the
    reviewed turn in its place ("Turn 7 of 23").
    """
    total = len(f.turns)
    value = f.ply
    text = (
        tr.translate(LABELS["start"])
        if value == 0
        else f"{tr.format_number(value)} / {tr.format_number(total)}"
    )
    return {"active": f.replay is not None, "min": 0, "value": value, "max": total, "text": text}


def hint_view(f: Frame, tr: Translator) -> panels.HintPanel:
    """The Hint button and its text (the suggestion, or "looking for a good turn…").

    ``turn`` is the suggested turn in notation and in words, for a mode that labels it its own way
    (the puzzle's "Solution: …").
    """
    state = f.state
    text = turn = None
    if state.hint is not None and f.live and f.tip is not None:
        described = describe_turn(tr, f.game.position, state.hint)
        turn = f"{notation_in_text(state.hint)} ({described})"
        text = tr.format(NOTICES["hint"], turn=turn)
    elif state.hint_pending:
        text = tr.translate(NOTICES["hint_thinking"])
    enabled = f.live and not f.over and f.tip is not None and state.hint_available and not state.hint_pending
    out: panels.HintPanel = {"enabled": enabled, "text": text}
    if turn is not None:
        out["turn"] = turn
    return out


def labels_view(tr: Translator) -> dict[str, Any]:
    """Every fixed label of the board (buttons, headings, the legend)."""
    labels: dict[str, Any] = {key: tr.translate(msg) for key, msg in LABELS.items()}
    labels["title"] = tr.translate(terms.GAME_NAME)
    labels["legend_items"] = [
        {"piece": "seedling", "label": tr.translate(terms.PIECES["seedling"])},
        {"piece": "sapling", "label": tr.translate(terms.PIECES["sapling"])},
        {"piece": "mature", "label": tr.translate(terms.PIECES["mature"])},
        {"piece": "protested", "label": tr.translate(LABELS["protested_tree"])},
        {"piece": "logger", "label": tr.translate(terms.PIECES["logger"])},
    ]
    labels["first_player"] = tr.translate(terms.TERMS["first_player"])
    return labels


def palette_view() -> dict[str, panels.SeatStyle]:
    """The seat colours the board draws with (from :mod:`logger_widget.palette`, the one source)."""
    return {
        str(seat): {"colour": style.colour, "text": style.text_colour, "dash": style.dasharray}
        for seat, style in SEAT_STYLES.items()
    }


def lesson_view(f: Frame, tr: Translator) -> panels.LessonPanel | None:
    """The lesson buttons: "Restart lesson" always, "Next lesson" once solved (when there is one)."""
    lesson = f.state.lesson
    if lesson is None:
        return None
    return {
        "solved": lesson.solved,
        "restart": tr.translate(LABELS["restart_lesson"]),
        "next": tr.translate(LABELS["next_lesson"]) if lesson.solved and lesson.has_next else None,
        "intro": None,
    }


def _stage(f: Frame) -> str:
    if f.tip is not None:
        return str(f.stage)
    if f.state.lesson is not None and f.state.lesson.solved:
        return "solved"
    if f.state.setup is not None:
        return "setup"
    return "over" if f.over else "replay" if f.replay is not None else "bot"


def build_view(state: BoardState, tr: Translator) -> dict[str, Any]:
    """The complete view model (JSON-ready) for ``state`` in ``tr``'s language: one entry per panel."""
    f = frame(state)
    game = f.game
    previews = previews_view(f, tr)
    return {
        "version": state.version,
        "basis": state.basis,
        "lang": tr.language,
        "cells": cells_view(f, tr, previews),
        "players": players_view(f, tr),
        "to_move": f.to_move,
        "stage": _stage(f),
        "interactive": f.interactive,
        "status": status_view(f, tr),
        "phases": phases_view(f, tr),
        "actions": actions_view(f, tr),
        "show_actions": f.tip is not None,
        "protest_done": {
            "visible": f.stage == "protest",
            "enabled": f.interactive and DONE in f.options,
            "label": tr.translate(LABELS["done"]),
        },
        "back": {"enabled": f.interactive and state.can_back, "label": tr.translate(LABELS["back"])},
        "previews": previews,
        # a single chop target: its preview is shown without hovering, the click confirms
        "preview_default": next(iter(previews)) if f.stage == "chop" and len(previews) == 1 else None,
        "lesson": lesson_view(f, tr),
        "controls": {"new_game": True, "language": True},
        "last": last_turn_view(f, tr),
        "banner": banner_view(f, tr),
        "result": result_view(f, tr),
        "notice": {"kind": state.notice.kind, "text": state.notice.message(tr)} if state.notice else None,
        "task": state.task(tr) if state.task is not None else None,
        "hint": hint_view(f, tr),
        "undo": {"enabled": f.live and game.can_undo},
        "redo": {"enabled": f.live and game.can_redo and state.thinking is None},
        "history": history_view(f, tr),
        "replay": replay_view(f, tr),
        "lpn": game.position.to_lpn(),
        "shown_lpn": f.shown.to_lpn(),
        "over": bool(f.over),
        "players_count": f.shown.players,
    }


@functools.lru_cache(maxsize=16)
def _static_view(tr: Translator) -> panels.StaticPanel:
    return {
        "languages": [{"id": k, "label": v} for k, v in LANGUAGE_NAMES.items()],
        "labels": labels_view(tr),
        "palette": palette_view(),
        "pieces": cast(panels.PiecesPanel, pieces()),
        "files": list(FILES),
        "ranks": list(RANKS),
        "cell_names": list(CELL_NAMES),
    }


def static_view(tr: Translator) -> panels.StaticPanel:
    """The part of the view model that changes only with the language (sent once per language).

    Keys: ``languages`` (the language menu), ``labels`` (every fixed label, :func:`labels_view`),
    ``palette`` (seat colours, :func:`palette_view`), ``pieces`` (the pieces' SVG markup,
    :func:`logger_widget.svg.pieces`), ``files``, ``ranks`` and ``cell_names``. The front end
    draws ``{**static_view(tr), **build_view(state, tr)}``.
    """
    return _static_view(tr)

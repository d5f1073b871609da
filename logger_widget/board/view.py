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
from typing import Any

from ..engine.cells import CELL_NAMES
from ..engine.decisions import DONE, TurnInProgress
from ..engine.errors import LoggerError
from ..engine.game import Game
from ..engine.position import Position
from ..engine.turn import Turn
from ..i18n import Translator
from ..i18n.explain import explain_error
from ..i18n.texts import terms
from ..i18n.texts.board import (
    BOT_LABELS,
    CELL,
    COUNTS,
    DESCRIBE,
    HINTS,
    LABELS,
    LANGUAGE_NAMES,
    NOTICES,
    PROMPTS,
    RESULT,
)

__all__ = [
    "BoardState",
    "Seat",
    "Notice",
    "build_view",
    "describe_turn",
    "explain_error",
    "turn_effects",
    "TurnEffects",
    "FILES",
    "RANKS",
]

FILES = ("a", "b", "c", "d", "e")
RANKS = ("5", "4", "3", "2", "1")  # top to bottom, as drawn

#: A message that is translated when the view is built (so it follows language switches).
Message = Callable[[Translator], str]


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
        return self.kind == "bot"

    @property
    def bot_name(self) -> str:
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
    version: int = 0
    tip: TurnInProgress | None = None
    action_tip: TurnInProgress | None = None  # the same turn at stage "action", when reached
    can_back: bool = False
    thinking: int | None = None  # seat of the bot that is computing
    hint: Turn | None = None
    hint_pending: bool = False
    hint_available: bool = True
    notice: Notice | None = None
    task: Message | None = None  # a standing task (tutorial lessons), shown until cleared
    replay: int | None = None  # ply shown by the replay slider, None = live game


# --------------------------------------------------------------------------- helpers


def player_name(tr: Translator, seat: int) -> str:
    """``"Player 2"`` in the translator's language."""
    return tr.format(terms.PLAYER, seat=seat)


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


def describe_turn(tr: Translator, position: Position, turn: Turn) -> str:
    """A turn in words, e.g. uk ``"рух a1 → b2; зрубати b3: 2 очки"``."""
    parts: list[str] = []
    if turn.origin == turn.destination:
        parts.append(tr.format(DESCRIBE["stay"], cell=turn.origin))
    else:
        parts.append(tr.format(DESCRIBE["move"], origin=turn.origin, destination=turn.destination))
    if turn.spawns:
        parts.append(tr.count(DESCRIBE["spawn"], len(turn.spawns), cells=_cells_text(tr, turn.spawns)))
    action = turn.action
    if action is None:
        parts.append(tr.translate(DESCRIBE["skip"]))
    elif action.kind == "plant":
        parts.append(tr.format(DESCRIBE["plant"], cell=action.cells[0]))
    elif action.kind == "protest":
        parts.append(tr.format(DESCRIBE["protest"], cells=_cells_text(tr, action.cells)))
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


def build_view(state: BoardState, tr: Translator) -> dict[str, Any]:
    """The complete view model (JSON-ready) for ``state`` in ``tr``'s language."""
    game = state.game
    replay = state.replay
    if replay is not None and not 0 <= replay <= len(game.turns):
        replay = None
    live = replay is None
    shown: Position = game.positions[replay] if replay is not None else game.position
    over = game.is_over and live
    to_move = shown.to_move
    seat = state.seats[to_move - 1] if to_move - 1 < len(state.seats) else Seat()
    tip = state.tip if live and not over and not seat.is_bot else None
    interactive = tip is not None and state.thinking is None
    stage = tip.stage if tip is not None else None
    options: tuple[str, ...] = tip.options() if tip is not None else ()
    mover = player_name(tr, to_move)

    # ---- what the board looks like now
    board = tip.board() if tip is not None and stage != "move" else shown

    # ---- last turn (shown while no turn is in progress)
    last: dict[str, Any] | None = None
    last_ply = replay if replay is not None else len(game.turns)
    if last_ply > 0 and (tip is None or stage == "move"):
        before = game.positions[last_ply - 1]
        turn = game.turns[last_ply - 1]
        try:
            fx = turn_effects(before, turn)
        except LoggerError:  # pragma: no cover - the game only holds legal turns
            fx = TurnEffects()
        last = {
            "seat": before.to_move,
            "origin": turn.origin,
            "destination": turn.destination,
            "notation": turn.notation(),
            "action": turn.action.kind if turn.action else None,
            "targets": list(turn.action.cells) if turn.action else [],
            "grew": list(fx.grew),
            "spawned": list(fx.spawned),
            "felled": list(fx.felled),
            "text": tr.format(
                DESCRIBE["who"],
                player=player_name(tr, before.to_move),
                description=describe_turn(tr, before, turn),
            ),
            "title": tr.translate(LABELS["last_turn"]),
        }

    # ---- per-cell marks
    marks: dict[str, str] = {}
    if tip is not None:
        if stage == "move":
            for c in options:
                marks[c] = "stay" if c == tip.origin else "move"
        elif stage in ("spawn", "plant", "chop"):
            for c in options:
                marks[c] = str(stage)
        elif stage == "protest":
            for c in options:
                if c != DONE:
                    marks[c] = "protest"
            for c in tip.protest_chosen:
                marks[c] = "chosen"
    grew = set(tip.grown_trees) if tip is not None and stage != "move" else set()
    spawners = set(tip.spawning_trees) if tip is not None and stage == "spawn" else set()
    new = set(tip.spawned) if tip is not None and stage != "move" else set()
    suggested: set[str] = set()
    if state.hint is not None and tip is not None and stage == "move":
        suggested.add(state.hint.destination)
        suggested.update(state.hint.spawns)
        if state.hint.action is not None:
            suggested.update(state.hint.action.cells)

    previews: dict[str, dict[str, Any]] = {}
    if tip is not None and stage in ("action", "chop"):
        chop_tip = tip if stage == "chop" else tip.choose("chop") if "chop" in options else None
        if chop_tip is not None:
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

    loggers = {c: i + 1 for i, c in enumerate(board.loggers)}
    protested = board.protested
    trees = board.trees
    cells: list[list[dict[str, Any]]] = []
    for rank in RANKS:
        row: list[dict[str, Any]] = []
        for f in FILES:
            c = f + rank
            piece = trees.get(c)
            lg = loggers.get(c)
            if lg is not None:
                content = tr.format(CELL["logger"], seat=lg)
            elif piece is None:
                content = tr.translate(CELL["empty"])
            elif c in protested:
                content = tr.translate(CELL["protested"])
            else:
                content = tr.translate(terms.PIECES[piece])
            mark = marks.get(c)
            hint_text = None
            if mark == "chop":
                hint_text = tr.count(HINTS["chop"], previews[c]["points"] if c in previews else 1)
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
                    "piece": piece,
                    "protested": c in protested,
                    "logger": lg,
                    "mark": mark,
                    "selectable": interactive and mark is not None,
                    "grew": c in grew,
                    "spawner": c in spawners,
                    "new": c in new,
                    "suggested": c in suggested,
                    "preview": c in previews,
                    "label": label,
                }
            )
        cells.append(row)

    # ---- players
    outcome = game.outcome if live else None
    winners = set(outcome.winners) if outcome else set()
    players = []
    for i, s in enumerate(state.seats[: shown.players]):
        n = i + 1
        players.append(
            {
                "seat": n,
                "name": player_name(tr, n),
                "kind": s.kind,
                "kind_text": _seat_kind_text(tr, s),
                "bot_name": _seat_bot_name(s),
                "score": shown.scores[i],
                "score_text": tr.count(terms.POINTS, shown.scores[i]),
                "supply": shown.supplies[i],
                "supply_text": tr.count(terms.PROTESTERS, shown.supplies[i]),
                "to_move": n == to_move and not over,
                "first": n == 1,
                "thinking": state.thinking == n,
                "paused": s.paused,
                "winner": n in winners,
                "badge": (
                    tr.translate(LABELS["winner"])
                    if n in winners
                    else tr.translate(LABELS["thinking"])
                    if state.thinking == n
                    else tr.translate(LABELS["paused"])
                    if s.paused and n == to_move
                    else tr.translate(LABELS["to_move"])
                    if n == to_move and not over
                    else ""
                ),
            }
        )

    # ---- status line (live region)
    if replay is not None:
        status_kind = "replay"
        status = (
            tr.translate(PROMPTS["replay_start"])
            if replay == 0
            else tr.format(
                PROMPTS["replay"], ply=tr.format_number(replay), total=tr.format_number(len(game.turns))
            )
        )
    elif over:
        status_kind = "over"
        status = tr.translate(PROMPTS["over"])
    elif seat.is_bot:
        if seat.paused:
            status_kind, status = "paused", tr.format(PROMPTS["paused"], player=mover)
        elif state.thinking == to_move:
            status_kind, status = "thinking", tr.format(PROMPTS["thinking"], player=mover)
        else:
            status_kind, status = "thinking", tr.format(PROMPTS["bot_waiting"], player=mover)
    elif tip is not None:
        status_kind = "prompt"
        if stage == "spawn":
            status = tr.count(PROMPTS["spawn"], tip.spawns_needed, player=mover)
        elif stage == "protest":
            left = shown.supplies[to_move - 1] - len(tip.protest_chosen)
            status = tr.format(PROMPTS["protest"], player=mover, n=tr.format_number(left))
        else:
            status = tr.format(PROMPTS[stage or "move"], player=mover)
    else:  # pragma: no cover - a human seat always has a turn in progress
        status_kind, status = "prompt", ""

    # ---- phases (Movement → Growth → Action)
    phase_order = ("movement", "growth", "action")
    current_phase = {"move": 0, "spawn": 1}.get(stage or "", 2) if tip is not None else None
    phases = [
        {
            "id": p,
            "label": tr.translate(terms.PHASES[p]),
            "state": (
                "todo"
                if current_phase is None
                else "done"
                if k < current_phase
                else "current"
                if k == current_phase
                else "todo"
            ),
        }
        for k, p in enumerate(phase_order)
    ]

    # ---- action panel
    action_opts = state.action_tip.options() if state.action_tip is not None else ()
    in_action = stage in ("action", "plant", "chop", "protest")
    actions = [
        {
            "id": kind,
            "label": tr.translate(terms.ACTIONS[kind]),
            "enabled": interactive and in_action and kind in action_opts,
            "pressed": stage == kind,
        }
        for kind in ("plant", "protest", "chop")
    ]

    # ---- result and end-game banner
    result = None
    if outcome is not None:
        ws = outcome.winners
        if outcome.tie_break == "score":
            headline = tr.format(
                RESULT["winner"],
                player=player_name(tr, ws[0]),
                points=tr.count(terms.POINTS, outcome.scores[ws[0] - 1]),
            )
        elif outcome.tie_break == "protesters":
            best = outcome.scores[ws[0] - 1]
            others = [
                outcome.supplies[i] for i, sc in enumerate(outcome.scores) if sc == best and i + 1 not in ws
            ]
            headline = tr.format(
                RESULT["protesters"],
                player=player_name(tr, ws[0]),
                points=tr.count(terms.POINTS, best),
                supply=tr.format_number(outcome.supplies[ws[0] - 1]),
                other=tr.format_number(max(others) if others else 0),
            )
        else:
            headline = tr.format(
                RESULT["shared"],
                players=tr.format_list([player_name(tr, w) for w in ws]),
                points=tr.count(terms.POINTS, outcome.scores[ws[0] - 1]),
            )
        result = {
            "winners": list(ws),
            "tie_break": outcome.tie_break,
            "reason": outcome.reason,
            "headline": headline,
            "detail": tr.translate(RESULT[f"reason_{outcome.reason}"]),
            "title": tr.translate(LABELS["result"]),
        }
    banner = None
    if shown.end_triggered and not shown.is_game_over and not (over and live):
        left = shown.players - to_move + 1
        banner = {"title": tr.translate(LABELS["end_game"]), "text": tr.count(NOTICES["end_triggered"], left)}

    # ---- history
    history = []
    for i, t in enumerate(game.turns):
        before = game.positions[i]
        history.append(
            {
                "ply": i + 1,
                "seat": before.to_move,
                "who": tr.format(
                    DESCRIBE["entry"], ply=tr.format_number(i + 1), player=player_name(tr, before.to_move)
                ),
                "notation": t.notation(),
                "label": tr.format(
                    DESCRIBE["who"],
                    player=player_name(tr, before.to_move),
                    description=describe_turn(tr, before, t),
                ),
                "current": (replay if replay is not None else len(game.turns)) == i + 1,
            }
        )

    notice = None
    if state.notice is not None:
        notice = {"kind": state.notice.kind, "text": state.notice.message(tr)}
    hint_text = None
    if state.hint is not None and live and tip is not None:
        hint_text = tr.format(
            NOTICES["hint"], turn=f"{state.hint.notation()} ({describe_turn(tr, game.position, state.hint)})"
        )
    elif state.hint_pending:
        hint_text = tr.translate(NOTICES["hint_thinking"])

    labels = {key: tr.translate(msg) for key, msg in LABELS.items()}
    labels["title"] = tr.translate(terms.GAME_NAME)
    labels["legend_items"] = [  # type: ignore[assignment]
        {"piece": "seedling", "label": tr.translate(terms.PIECES["seedling"])},
        {"piece": "sapling", "label": tr.translate(terms.PIECES["sapling"])},
        {"piece": "mature", "label": tr.translate(terms.PIECES["mature"])},
        {"piece": "protested", "label": tr.translate(LABELS["protested_tree"])},
        {"piece": "logger", "label": tr.translate(terms.PIECES["logger"])},
    ]
    labels["first_player"] = tr.translate(terms.TERMS["first_player"])

    return {
        "version": state.version,
        "lang": tr.language,
        "languages": [{"id": k, "label": v} for k, v in LANGUAGE_NAMES.items()],
        "labels": labels,
        "files": list(FILES),
        "ranks": list(RANKS),
        "cells": cells,
        "players": players,
        "to_move": to_move,
        "stage": stage
        if tip is not None
        else ("over" if over else "replay" if replay is not None else "bot"),
        "interactive": interactive,
        "status": {"kind": status_kind, "text": status},
        "phases": phases,
        "actions": actions,
        "show_actions": tip is not None,
        "protest_done": {
            "visible": stage == "protest",
            "enabled": interactive and DONE in options,
            "label": tr.translate(LABELS["done"]),
        },
        "back": {"enabled": interactive and state.can_back, "label": tr.translate(LABELS["back"])},
        "previews": previews,
        "last": last,
        "banner": banner,
        "result": result,
        "notice": notice,
        "task": state.task(tr) if state.task is not None else None,
        "hint": {
            "enabled": live
            and not over
            and tip is not None
            and state.hint_available
            and not state.hint_pending,
            "text": hint_text,
        },
        "undo": {"enabled": live and game.can_undo},
        "redo": {"enabled": live and game.can_redo and state.thinking is None},
        "history": {"items": history, "empty": tr.translate(LABELS["no_turns"])},
        "replay": {
            "active": replay is not None,
            "value": replay if replay is not None else len(game.turns),
            "max": len(game.turns),
            "text": (
                tr.translate(LABELS["start"])
                if (replay if replay is not None else len(game.turns)) == 0
                else f"{tr.format_number(replay if replay is not None else len(game.turns))} / "
                f"{tr.format_number(len(game.turns))}"
            ),
        },
        "lpn": game.position.to_lpn(),
        "shown_lpn": shown.to_lpn(),
        "over": bool(over),
        "players_count": shown.players,
        "cell_names": list(CELL_NAMES),
    }

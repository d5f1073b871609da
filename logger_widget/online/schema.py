"""One bounded schema for every message of the class game service and every record of a pupil's progress.

The shapes are :mod:`msgspec` structs with a bound on every size: strings have a longest
length, lists and objects a largest count, whole numbers a range, free JSON (a game's
metadata, a review, a spaced-repetition card) a greatest depth. The service reads every
request body through them, the progress store refuses a record that does not fit them
before it is written, and the kernel-side client reads the service's answers with them, so
a record one reader accepts is a record every reader reads.

Read a value with :func:`convert`; a value that does not fit raises :class:`SchemaError`
(a :class:`ValueError`) naming the field (``"ply"``, ``"invite[0]"``, ``"record.metadata[...]"``: ``[...]`` an object's key)
and why.

>>> convert({"protocol": 1, "ply": 0, "turn": "a1-a3"}, TurnBody)
TurnBody(ply=0, turn='a1-a3', protocol=1)
>>> convert({"protocol": 1, "ply": -1, "turn": "a1"}, TurnBody)
Traceback (most recent call last):
...
logger_widget.online.schema.SchemaError: ply: Expected `int` >= 0
>>> deep: dict = {}
>>> for _ in range(50):
...     deep = {"x": deep}
>>> convert({"format": "logger-widget-record", "version": 1, "start": "x", "turns": [], "metadata": deep}, GameRecord)
Traceback (most recent call last):
...
logger_widget.online.schema.SchemaError: metadata[...][...][...][...][...]: Expected `bool | int | float | str | null`, got `object`
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Any, Literal, TypeVar

import msgspec
from msgspec import Meta, Struct

from .limits import MAX_TURN_CHARS, MAX_TURN_LIMIT

__all__ = [
    "AttemptRecord",
    "GameRecord",
    "JSON_DEPTH",
    "JsonValue",
    "LessonRecord",
    "MAX_LIST",
    "MAX_NAME_CHARS",
    "MAX_RECORD_TURNS",
    "MAX_TEXT_CHARS",
    "Name",
    "PersonalRecord",
    "SavedGameRecord",
    "SchemaError",
    "SeekBody",
    "SettingsBody",
    "TurnBody",
    "convert",
    "json_depth",
]

#: Longest hub user name kept (JupyterHub allows 255; the class database's name columns hold 200).
MAX_NAME_CHARS = 200
#: Longest free text in a record (an LPN, an id, a label) or in free JSON, in characters.
MAX_TEXT_CHARS = 1000
#: Most entries of a list or an object in free JSON.
MAX_LIST = 1000
#: Deepest nesting of free JSON (a game's metadata, a review, a card): 4 levels below the field.
JSON_DEPTH = 4
#: Most turns in a game record (a game with a turn limit stops far sooner; the engine's
#: repetition rule ends an endless one).
MAX_RECORD_TURNS = 2000

T = TypeVar("T")

Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME_CHARS)]
Text = Annotated[str, Meta(max_length=MAX_TEXT_CHARS)]
Key = Annotated[str, Meta(min_length=1, max_length=80)]
TurnText = Annotated[str, Meta(min_length=1, max_length=MAX_TURN_CHARS)]
Whole = Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]
Finite = Annotated[float, Meta(ge=-1e15, le=1e15)]

# Free JSON, bounded in depth by construction: a value of level n holds values of level n - 1.
_Leaf = Text | Whole | Finite | bool | None
_J1 = (
    _Leaf
    | Annotated[list[_Leaf], Meta(max_length=MAX_LIST)]
    | Annotated[dict[Text, _Leaf], Meta(max_length=MAX_LIST)]
)
_J2 = (
    _Leaf
    | Annotated[list[_J1], Meta(max_length=MAX_LIST)]
    | Annotated[dict[Text, _J1], Meta(max_length=MAX_LIST)]
)
_J3 = (
    _Leaf
    | Annotated[list[_J2], Meta(max_length=MAX_LIST)]
    | Annotated[dict[Text, _J2], Meta(max_length=MAX_LIST)]
)
#: Any JSON value at most :data:`JSON_DEPTH` levels deep, :data:`MAX_LIST` entries per level.
JsonValue = (
    _Leaf
    | Annotated[list[_J3], Meta(max_length=MAX_LIST)]
    | Annotated[dict[Text, _J3], Meta(max_length=MAX_LIST)]
)
JsonObject = Annotated[dict[Text, JsonValue], Meta(max_length=MAX_LIST)]


class SchemaError(ValueError):
    """A value that does not fit its schema.

    Attributes:
        field: where (``"ply"``, ``"invite[0]"``, ``"record.metadata.names"``; ``""``: the whole value).
        reason: why, in English (msgspec's words: the expected type or bound).
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}" if field else reason)


_AT = re.compile(r"^(.*?)(?: - at `\$(.*)`)?$", re.DOTALL)
_NAMED = re.compile(r"(?:unknown|missing required) field `([^`]*)`")


def _error(error: msgspec.ValidationError, prefix: str = "") -> SchemaError:
    found = _AT.match(str(error))
    reason, path = (found.group(1), found.group(2) or "") if found else (str(error), "")
    path = path.lstrip(".")
    named = _NAMED.search(reason)  # the field an object lacks or should not have
    if named:
        path = f"{path}.{named.group(1)}" if path else named.group(1)
    return SchemaError(".".join(p for p in (prefix, path) if p), reason)


def convert(value: Any, kind: type[T], field: str = "") -> T:
    """``value`` (decoded JSON, or Python values such as :class:`~datetime.datetime`) as a ``kind``.

    Args:
        value: the value to read.
        kind: one of this module's structs (or any type msgspec reads).
        field: the name the value has in its container, put before the error's path.

    Raises:
        SchemaError: the value does not fit, naming the field and why.
    """
    try:
        return msgspec.convert(value, kind, strict=True)
    except msgspec.ValidationError as error:
        raise _error(error, field) from None
    except RecursionError:
        raise SchemaError(field, "nested too deep") from None


def json_depth(value: Any, limit: int = 64) -> int:
    """How deeply ``value`` (decoded JSON) nests, counting no further than ``limit`` + 1 (so never recursing deep).

    ``1`` for a leaf, ``2`` for a list of leaves, and so on.
    """
    depth, level = 0, [value]
    while level and depth <= limit:
        depth += 1
        following: list[Any] = []
        for item in level:
            if isinstance(item, dict):
                following.extend(item.values())
            elif isinstance(item, (list, tuple)):
                following.extend(item)
        level = following
    return depth


# ---------------------------------------------------------------------------- messages


class _Body(Struct, forbid_unknown_fields=True, kw_only=True):
    """A request body: the protocol's version, then its fields (an unknown field is refused)."""

    protocol: Literal[1] = 1  # limits.PROTOCOL_VERSION


class TurnBody(_Body):
    """``POST api/games/<id>/turns`` (:class:`logger_widget.online.protocol.TurnMessage`)."""

    ply: Annotated[int, Meta(ge=0, le=100_000)]
    turn: TurnText


class SeekBody(_Body):
    """``POST api/seeks`` (:class:`logger_widget.online.protocol.SeekRequest`): 2–4 seats."""

    players: Annotated[int, Meta(ge=2, le=4)]
    invite: Annotated[list[Annotated[str, Meta(min_length=1, max_length=64)]], Meta(max_length=3)] = []
    bots: Annotated[list[Annotated[str, Meta(min_length=1, max_length=64)]], Meta(max_length=3)] = []
    turn_limit: Annotated[int, Meta(ge=1, le=MAX_TURN_LIMIT)] | None = None


class SettingsBody(_Body):
    """``PUT api/settings`` (:class:`logger_widget.online.protocol.Settings`): either setting or both."""

    forfeit_after: Annotated[float, Meta(ge=10, le=7 * 86400)] | None = None
    language: Annotated[str, Meta(max_length=16)] | None = None


# ---------------------------------------------------------------------------- records


class GameRecord(Struct, kw_only=True):
    """The project's game record (``Game.to_record()``), bounded: what ``Game.from_record`` reads.

    Fields the engine does not know are kept out (the record is read again by the engine).
    """

    format: Literal["logger-widget-record"]
    version: int
    start: Text
    turns: Annotated[list[TurnText], Meta(max_length=MAX_RECORD_TURNS)]
    players: Annotated[int, Meta(ge=2, le=4)] | None = None
    repetition_rule: bool = True
    turn_limit: Annotated[int, Meta(ge=0, le=100_000)] | None = None
    metadata: JsonObject | None = None
    final: Text | None = None
    outcome: JsonObject | None = None


class LessonRecord(Struct, kw_only=True):
    """A finished lesson (:class:`logger_widget.progress.LessonDone`)."""

    lesson: Annotated[str, Meta(min_length=1, max_length=60)]
    at: datetime


class AttemptRecord(Struct, kw_only=True):
    """A rated first try (:class:`logger_widget.progress.Attempt`); ratings on the Elo scale."""

    puzzle: Key
    solved: bool
    rating_before: Annotated[float, Meta(ge=-10_000, le=10_000)]
    rating_after: Annotated[float, Meta(ge=-10_000, le=10_000)]
    deviation_after: Annotated[float, Meta(gt=0, le=10_000)]
    at: datetime
    personal: bool = False
    turn: Annotated[str, Meta(max_length=MAX_TURN_CHARS)] = ""


class SavedGameRecord(Struct, kw_only=True):
    """A saved game (:class:`logger_widget.progress.SavedGame`): its record and its review's summary."""

    game: Key
    record: GameRecord
    finished: bool
    updated: datetime
    review: JsonObject | None = None


class PersonalRecord(Struct, kw_only=True):
    """A personal puzzle (:class:`logger_widget.progress.PersonalPuzzle`): the shape only (the engine checks the turns)."""

    id: Key
    game: Key
    ply: Annotated[int, Meta(ge=1, le=100_000)]
    lpn: Text
    seat: Annotated[int, Meta(ge=1, le=4)]
    played: TurnText
    label: Annotated[str, Meta(max_length=20)]
    loss: Finite
    best: TurnText
    played_value: Finite
    best_value: Finite
    solutions: Annotated[list[TurnText], Meta(min_length=1, max_length=MAX_LIST)]
    value: Finite
    bound: Finite
    theme: Annotated[str, Meta(max_length=40)]
    card: JsonObject
    due: datetime
    solved: Annotated[int, Meta(ge=0, le=2**31)] = 0
    failed: Annotated[int, Meta(ge=0, le=2**31)] = 0
    created: datetime | None = None

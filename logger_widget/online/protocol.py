"""The class game service's wire format, shared by the server and the kernel-side client.

Every body is JSON (UTF-8). Shapes are :class:`TypedDict` s declared once here; the server
(:mod:`logger_widget.service`) writes them and the client reads them. The readers
(``read_*``) check a body against the bounded schema of :mod:`logger_widget.online.schema`
(msgspec structs: every length, count and whole number bounded).

Turns travel in the project's turn notation (``"a1-a3 +b4 xb3"``, ``Turn.parse`` /
``Turn.notation``) together with the **ply** they are played at: the number of turns
already played in the game before this one (0 for the first turn). The server accepts a
turn only when its ply is the game's current ply, so a replayed or delayed message (an old
ply) is refused with ``stale_ply`` and can never be played twice.

Events of a game (``GET api/games/<id>/events?after=<seq>``) are numbered 1, 2, 3… by
``seq`` in the order they happened; a client asks for the events after the last ``seq`` it
has seen and the server answers at once when there are some, or when the next one happens
(long-poll), or with an empty list after ``timeout`` seconds.

Refusals have the HTTP status of :data:`ERROR_STATUS` and a body :class:`ErrorBody`: a
machine-readable ``code`` (:data:`ERROR_CODES`), the ``field`` of the request that is
wrong, an English ``message`` naming the input and the rule, and for an illegal turn the
engine's ``rule`` key and ``params`` (so a client can say it in the pupil's language with
the engine's rule messages).

>>> body = turn_message(0, "a1-a3 *b3")
>>> body
{'protocol': 1, 'ply': 0, 'turn': 'a1-a3 *b3'}
>>> read_turn_message(body)
(0, 'a1-a3 *b3')
>>> read_turn_message({"protocol": 1, "ply": -1, "turn": "a1"})
Traceback (most recent call last):
...
logger_widget.online.protocol.ProtocolError: malformed: ply: Expected `int` >= 0
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .limits import MAX_BODY_BYTES, MAX_TURN_CHARS, MAX_TURN_LIMIT, PROTOCOL_VERSION

__all__ = [
    "BotSpec",
    "ERROR_CODES",
    "ERROR_STATUS",
    "ErrorBody",
    "ErrorDetail",
    "Event",
    "EventsReply",
    "GameState",
    "GameSummary",
    "MAX_BODY_BYTES",
    "MAX_TURN_CHARS",
    "MAX_TURN_LIMIT",
    "PROTOCOL_VERSION",
    "PlayerInfo",
    "PresenceEntry",
    "ProtocolError",
    "SeatInfo",
    "SeekInfo",
    "SeekRequest",
    "Settings",
    "TurnMessage",
    "read_seek_request",
    "read_settings",
    "read_turn_message",
    "seek_request",
    "turn_message",
]


ErrorCode = Literal[
    "illegal_turn",  # the rules engine refuses the turn (``rule`` and ``params`` say why)
    "stale_ply",  # the turn is for another ply than the game's current one (replayed or late)
    "not_your_seat",  # the seat to move is not the requester's
    "game_over",  # the game is finished
    "malformed",  # the body or a parameter is not what this protocol says
    "forbidden",  # the requester may not see or do this (another pupil's private data, teacher only)
    "not_found",  # no such game, seek or player
    "conflict",  # the seek is no longer open, the seat is taken, the requester is already in it
    "too_large",  # the body is larger than MAX_BODY_BYTES
    "too_many",  # a limit per pupil (open seeks) is reached
    "not_authenticated",  # no valid hub token or login
    "server",  # the service failed (a bug, or its database is unreachable): try again later
]

#: Every error code and the HTTP status it comes with.
ERROR_STATUS: dict[str, int] = {
    "illegal_turn": 422,
    "stale_ply": 409,
    "not_your_seat": 403,
    "game_over": 409,
    "malformed": 400,
    "forbidden": 403,
    "not_found": 404,
    "conflict": 409,
    "too_large": 413,
    "too_many": 429,
    "not_authenticated": 403,
    "server": 500,
}
ERROR_CODES: tuple[str, ...] = tuple(ERROR_STATUS)


class ProtocolError(ValueError):
    """A request that this protocol refuses.

    Attributes:
        code: one of :data:`ERROR_CODES`.
        field: the request's field (or parameter) that is wrong, ``""`` for the whole request.
        message: English, names the input and the rule.
        rule, params: for ``illegal_turn``, the engine's rule key and its placeholders; for
            ``stale_ply``, ``params["ply"]`` is the game's current ply.
    """

    def __init__(
        self,
        code: str,
        field: str,
        message: str,
        rule: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> None:
        if code not in ERROR_STATUS:
            raise ValueError(f"unknown error code {code!r}")
        self.code = code
        self.field = field
        self.message = message
        self.rule = rule
        self.params = dict(params or {})
        super().__init__(f"{code}: {field}: {message}" if field else f"{code}: {message}")

    @property
    def status(self) -> int:
        """The HTTP status of this refusal."""
        return ERROR_STATUS[self.code]

    def body(self) -> ErrorBody:
        """The JSON body of this refusal."""
        detail: ErrorDetail = {"code": self.code, "field": self.field, "message": self.message}
        if self.rule is not None:
            detail["rule"] = self.rule
        if self.rule is not None or self.params:
            detail["params"] = {k: _jsonable(v) for k, v in self.params.items()}
        return {"protocol": PROTOCOL_VERSION, "error": detail}

    @classmethod
    def from_body(cls, body: Any) -> ProtocolError:
        """The refusal an :class:`ErrorBody` describes (for the client).

        Raises:
            ValueError: ``body`` is not an error body.
        """
        detail = body.get("error") if isinstance(body, dict) else None
        if not isinstance(detail, dict) or detail.get("code") not in ERROR_STATUS:
            raise ValueError(f"not an error body: {str(body)[:200]}")
        return cls(
            detail["code"], str(detail.get("field", "")), str(detail.get("message", "")),
            detail.get("rule"), detail.get("params"),
        )  # fmt: skip


def _jsonable(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


class ErrorDetail(TypedDict, total=False):
    """What went wrong (see :class:`ProtocolError`)."""

    code: str
    field: str
    message: str
    rule: str
    params: dict[str, Any]


class ErrorBody(TypedDict):
    """The body of every refusal."""

    protocol: int
    error: ErrorDetail


# ---------------------------------------------------------------------------- players


class PlayerInfo(TypedDict):
    """``GET api/me``: who the hub says the requester is."""

    protocol: int
    name: str
    teacher: bool
    rating: float


class PresenceEntry(TypedDict):
    """One classmate in ``GET api/presence`` (``POST api/presence`` is the heartbeat)."""

    name: str
    online: bool
    last_seen: float  # seconds since the epoch (UTC)
    rating: float
    teacher: bool  # the class's teacher (seen as one since the service started): no classmate to challenge


# ---------------------------------------------------------------------------- seeks and challenges

#: A bot seat is one of the project's bot presets (``"greedy"``, ``"mcts:easy"``…), run by the service.
BotSpec = str


class SeekRequest(TypedDict, total=False):
    """``POST api/seeks``: an open seek, or a challenge when ``invite`` names classmates.

    ``players`` (2–4) seats in all. A challenge names everyone: the creator, the ``invite`` d
    classmates and the ``bots`` (bot presets) fill exactly ``players`` seats, and the game starts
    when every invited classmate has accepted. An open seek leaves the seats the creator and the
    bots do not take to whoever accepts first; with no seat left open the game starts at once.
    Seat order: the creator, then the pupils in the order they joined, then the bots.
    """

    protocol: int
    players: int
    invite: list[str]
    bots: list[BotSpec]
    turn_limit: int | None  # 1 to MAX_TURN_LIMIT: the game ends after that many turns (reason "turn_limit")


class SeekInfo(TypedDict):
    """A seek or challenge, as its creator and the classmates it is open or addressed to see it."""

    id: int
    creator: str
    players: int
    invite: list[str]  # empty: an open seek, anyone may accept
    bots: list[BotSpec]
    joined: list[str]  # the pupils seated so far, the creator first
    status: Literal["open", "started", "cancelled"]
    game: int | None  # the game, once every seat is filled
    created: float
    turn_limit: int | None


# ---------------------------------------------------------------------------- games


class SeatInfo(TypedDict):
    """A seat: 1-based, a pupil (``player``) or a bot preset (``bot``).

    ``online``: the pupil has asked about this game within the service's online time (always
    true for a bot); ``forfeit_in``: seconds left before an away pupil forfeits the game
    (``None`` while online, for bots and once the game is over).
    """

    seat: int
    player: str | None
    bot: BotSpec | None
    online: bool
    forfeit_in: float | None


class GameSummary(TypedDict):
    """A game in a list (``GET api/games``)."""

    id: int
    status: Literal["active", "finished"]
    players: int
    seats: list[SeatInfo]
    ply: int  # turns played so far = the ply of the next turn
    to_move: int | None  # seat to move, None once finished
    created: float
    finished: float | None
    result: dict[str, Any] | None  # the engine's Outcome.to_dict(); forfeit/resign: reason and "left" seats
    last_seq: int  # the game's last event number
    turn_limit: int | None


class GameState(GameSummary):
    """A whole game (``GET api/games/<id>``): its turns and position."""

    protocol: int
    start: str  # LPN
    lpn: str  # the current position
    turns: list[str]  # notation, turns[i] was played at ply i
    you: list[int]  # the requester's seats (empty for a watcher)


class Event(TypedDict, total=False):
    """One event of a game.

    ``kind``: ``"turn"`` (``ply``, ``turn``, ``seat``, ``by``, ``lpn``), ``"over"``
    (``result``), ``"presence"`` (``seat``, ``by``, ``online``: a player left or came back).
    """

    seq: int
    kind: Literal["turn", "over", "presence"]
    at: float
    ply: int
    turn: str
    seat: int
    by: str
    lpn: str
    result: dict[str, Any]
    online: bool


class EventsReply(TypedDict):
    """``GET api/games/<id>/events?after=<seq>&timeout=<s>``."""

    protocol: int
    game: int
    events: list[Event]
    last_seq: int
    status: Literal["active", "finished"]


class TurnMessage(TypedDict):
    """``POST api/games/<id>/turns``: a turn in notation at a ply."""

    protocol: int
    ply: int
    turn: str


class Settings(TypedDict):
    """``GET``/``PUT api/settings`` (PUT: the teacher only; it may give either setting or both)."""

    protocol: int
    forfeit_after: float  # seconds a player may be away from an active game before forfeiting (10 to 604800)
    language: str  # the class's language: one of logger_widget.i18n.runtime.LANGUAGES


def read_settings(body: Any) -> dict[str, Any]:
    """The settings a ``PUT api/settings`` changes: ``forfeit_after`` (float) and/or ``language``.

    Only the shape and the bounds are checked here; the service checks the language is one it speaks.

    Raises:
        ProtocolError: ``malformed`` naming the field.
    """
    from .schema import SettingsBody

    settings = _read(body, SettingsBody)
    changes: dict[str, Any] = {}
    if settings.forfeit_after is not None:
        changes["forfeit_after"] = float(settings.forfeit_after)
    if settings.language is not None:
        changes["language"] = settings.language
    return changes


# ---------------------------------------------------------------------------- parse/format pairs


def turn_message(ply: int, turn: Any) -> TurnMessage:
    """The body that plays ``turn`` (a ``Turn`` or notation) at ``ply``; read by :func:`read_turn_message`."""
    return {"protocol": PROTOCOL_VERSION, "ply": int(ply), "turn": str(turn)}


def _read(body: Any, kind: Any) -> Any:
    """``body`` read by the schema ``kind`` of :mod:`logger_widget.online.schema`; ``malformed`` naming the field."""
    from .schema import SchemaError, convert

    if not isinstance(body, dict):
        raise ProtocolError("malformed", "", f"the body must be a JSON object, not {type(body).__name__}")
    version = body.get("protocol", PROTOCOL_VERSION)
    if version != PROTOCOL_VERSION or type(version) is not int:
        raise ProtocolError(
            "malformed",
            "protocol",
            f"this service speaks protocol {PROTOCOL_VERSION}, not {str(version)[:20]!r}",
        )
    try:
        return convert(body, kind)
    except SchemaError as error:
        raise ProtocolError("malformed", error.field, error.reason) from None


def read_turn_message(body: Any) -> tuple[int, str]:
    """``(ply, notation)`` of a :class:`TurnMessage`; the notation is not checked against a position here.

    Raises:
        ProtocolError: ``malformed`` naming the field (not an object, unknown protocol, a ply
            that is not a whole number >= 0, a turn that is not a string of 1 to
            :data:`MAX_TURN_CHARS` characters, unknown fields).
    """
    from .schema import TurnBody

    message = _read(body, TurnBody)
    if not message.turn.strip():
        raise ProtocolError("malformed", "turn", "must be turn notation, not blank")
    return message.ply, message.turn.strip()


def seek_request(
    players: int,
    invite: list[str] | tuple[str, ...] = (),
    bots: list[str] | tuple[str, ...] = (),
    turn_limit: int | None = None,
) -> SeekRequest:
    """The body of a seek (``invite`` empty) or a challenge; read by :func:`read_seek_request`."""
    return {
        "protocol": PROTOCOL_VERSION, "players": int(players), "invite": list(invite), "bots": list(bots),
        "turn_limit": turn_limit,
    }  # fmt: skip


def read_seek_request(body: Any) -> tuple[int, list[str], list[str], int | None]:
    """``(players, invite, bots, turn_limit)`` of a :class:`SeekRequest` (names lower-cased, as the hub has them).

    Only the shape is checked here (2–4 players, lists of short strings, no more seats than
    players); the service checks that the names are classmates and the bots presets.

    Raises:
        ProtocolError: ``malformed`` naming the field.
    """
    from .schema import SeekBody

    seek = _read(body, SeekBody)
    players, turn_limit = seek.players, seek.turn_limit
    invite = [v.strip().lower() for v in seek.invite]
    bots = [v.strip().lower() for v in seek.bots]
    if len(set(invite)) != len(invite):
        raise ProtocolError("malformed", "invite", "a classmate is invited twice")
    seated = 1 + len(invite) + len(bots)
    if seated > players or (invite and seated != players):
        raise ProtocolError(
            "malformed", "invite" if invite else "bots",
            f"you, {len(invite)} invited and {len(bots)} bots make {seated} seats, not {players}"
            + (" (a challenge names everyone who plays)" if invite else ""),
        )  # fmt: skip
    return players, invite, bots, turn_limit

"""Turn notation: parse/format round-trip and malformed input (docs/notation.md)."""

from __future__ import annotations

import pytest

from logger_widget import Action, IllegalTurnError, NotationError, Position, Turn


@pytest.mark.parametrize(
    "text, turn",
    [
        ("a1", Turn("a1", "a1")),
        ("a1-b2 *b1", Turn("a1", "b2", (), Action("plant", ("b1",)))),
        ("a1-a3 +b4 xb3", Turn("a1", "a3", ("b4",), Action("chop", ("b3",)))),
        ("e5 !c3,d4", Turn("e5", "e5", (), Action("protest", ("c3", "d4")))),
        ("c1 +a1,e1 !b1,d1", Turn("c1", "c1", ("a1", "e1"), Action("protest", ("b1", "d1")))),
    ],
)
def test_canonical_notation_round_trips(text: str, turn: Turn) -> None:
    assert Turn.parse(text) == turn
    assert turn.notation() == text
    assert str(turn) == text
    assert eval(repr(turn)) == turn  # noqa: S307 - repr is Turn.parse('...')


def test_parse_is_lenient_on_case_order_and_spaces() -> None:
    assert Turn.parse("  A1-B2   +D4,c4  !E3,C3 ").notation() == "a1-b2 +c4,d4 !c3,e3"
    assert Turn.parse("a1 Xb1").notation() == "a1 xb1"


def test_every_legal_turn_round_trips(start2: Position) -> None:
    p = Position.from_lpn("s.a.2/.m.p./a.m.s/.s.m./1..a. 1 3,2 1,2")
    for turn in p.legal_turns():
        assert Turn.parse(turn.notation()) == turn
        assert p.parse_turn(turn.notation()) == turn


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ("   ", "empty"),
        ("f1", "'f1' is not a cell"),
        ("a0-a1", "'a0' is not a cell"),
        ("a1-", "'' is not a cell"),
        ("a1 b2", "neither spawned seedlings"),
        ("a1 *b1,b2", "a plant takes exactly one cell"),
        ("a1 xb1,b2", "a chop takes exactly one cell"),
        ("a1 !", "list of cells is empty"),
        ("a1 !c3,c3", "repeated"),
        ("a1 +c3 +c4", "listed twice"),
        ("a1 xb1 +c4", "the action comes last"),
        ("a1 xb1 *c1", "the action comes last"),
    ],
)
def test_malformed_notation_raises_notation_error(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words) as info:
        Turn.parse(text)
    assert info.value.text == text
    assert not isinstance(info.value, IllegalTurnError)


def test_parse_with_position_fills_origin_and_forced_spawns() -> None:
    p = Position.from_lpn("....2/...../s..../m..../1m... 1 0,0 2,2")
    turn = p.parse_turn("a1 xb1")
    assert turn.notation() == "a1 +b2,c1 xb1"
    moved = Position.initial().parse_turn("b2 *b3")
    assert moved.notation() == "a1-b2 *b3"


def test_parse_with_position_refuses_illegal_turns() -> None:
    with pytest.raises(IllegalTurnError) as info:
        Position.initial().parse_turn("b1-b2 *b3")
    assert info.value.rule == "wrong_origin"
    assert "Player 1's logger is on a1, not on b1" in str(info.value)


def test_turn_parse_is_notation_only() -> None:
    # A lone cell is a stay in pure notation; only a position reads it as "move the mover there".
    assert Turn.parse("b2 *b3") == Turn("b2", "b2", (), Action("plant", ("b3",)))
    # Notation never checks legality: this turn is illegal at the start, yet it parses.
    assert Turn.parse("b1-b2 *b3").origin == "b1"
    with pytest.raises(TypeError):
        Turn.parse("a1", Position.initial())  # type: ignore[call-arg]


def test_turn_values_validate_their_fields() -> None:
    with pytest.raises(ValueError, match="origin"):
        Turn("z9", "a1")
    with pytest.raises(ValueError, match="repeated"):
        Turn("a1", "a1", ("b2", "b2"))
    with pytest.raises(ValueError, match="kind"):
        Action("burn", ("a1",))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="exactly one cell"):
        Action("chop", ("a1", "a2"))
    with pytest.raises(NotationError):
        Turn.parse(None)  # type: ignore[arg-type]

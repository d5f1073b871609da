"""Positions and LPN (docs/rules.md, "Setup" and "LPN — Logger Position Notation")."""

from __future__ import annotations

import pytest

from logger_widget import LPNError, Position


@pytest.mark.parametrize(
    "players, lpn",
    [
        (2, "....2/...../..s../...../1.... 1 0,0 2,2"),
        (3, "....3/...../..s../...../1...2 1 0,0,0 1,1,1"),
        (4, "4...3/...../..s../...../1...2 1 0,0,0,0 1,1,1,1"),
    ],
)
def test_initial_positions_follow_the_setup_rules(players: int, lpn: str) -> None:
    p = Position.initial(players)
    assert p.to_lpn() == lpn
    assert p.to_move == 1
    assert p.trees == {"c3": "seedling"}
    assert sum(p.supplies) == (4 if players == 2 else players)


def test_initial_with_chosen_corners() -> None:
    p = Position.initial(3, corners=["e5", "a5", "e1"])
    assert p.loggers == ("e5", "a5", "e1")
    assert p.to_lpn() == "2...1/...../..s../...../....3 1 0,0,0 1,1,1"


@pytest.mark.parametrize(
    "players, corners, words",
    [
        (5, None, "players must be 2, 3 or 4"),
        (1, None, "players must be 2, 3 or 4"),
        (2, ["a1", "b1"], "'b1' is not a corner"),
        (2, ["a1", "a1"], "chosen twice"),
        (3, ["a1", "e5"], "one corner per seat"),
        (2, ["a1", "z9"], "'z9' is not a cell"),
    ],
)
def test_initial_rejects_bad_setups(players, corners, words) -> None:
    with pytest.raises(ValueError, match=words):
        Position.initial(players, corners)


@pytest.mark.parametrize(
    "lpn",
    [
        "....2/...../..s../...../1.... 1 0,0 2,2",
        "s.a.2/.m.p./a.m.s/.s.m./1..a. 1 3,2 1,2",
        ".m..3/s.a.m/..p.s/m.a../1.s.2 2 2,4,1 1,0,1",
        "4...3/...../..1mp/...../....2 1 0,0,0,0 0,1,1,1",
        "....2/...../...../s..../1m... 2 10,3 2,2",
        "..ss2/sssss/sssss/sssss/.m1m. 1 0,0 2,2",
        "m.ss2/m.ssp/m.pss/pssss/1pmmm 1 0,0 0,0",
    ],
)
def test_lpn_round_trips_exactly(lpn: str) -> None:
    p = Position.from_lpn(lpn)
    assert p.to_lpn() == lpn
    assert Position.from_lpn(p.to_lpn()) == p
    assert hash(Position.from_lpn(lpn)) == hash(p)


def test_position_fields_are_readable_by_name() -> None:
    p = Position.from_lpn("s.a.2/.m.p./a.m.s/.s.m./1..a. 1 3,2 1,2")
    assert p.players == 2
    assert p.scores == (3, 2)
    assert p.supplies == (1, 2)
    assert p.loggers == ("a1", "e5")
    assert p.logger(2) == "e5"
    assert p.seedlings == {"a5", "e3", "b2"}
    assert p.saplings == {"c5", "a3", "d1"}
    assert p.mature_trees == {"b4", "d4", "c3", "d2"}
    assert p.protested == {"d4"}
    assert p.tree_count == 10 and p.pool == 10
    assert p.piece_at("d4") == "protested"
    assert p.piece_at("b4") == "mature"
    assert p.piece_at("a1") == "logger-1"
    assert p.piece_at("b1") is None


def test_position_is_immutable() -> None:
    p = Position.initial()
    with pytest.raises(AttributeError):
        p.foo = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        Position()  # type: ignore[call-arg]


@pytest.mark.parametrize(
    "lpn, field, words",
    [
        ("....2/...../..s../...../1.... 1 0,0", "format", "expected 4 fields"),
        ("....2/...../..s../...../1....  1 0,0 2,2", "format", "expected 4 fields"),
        ("....2/...../..s../.../1.... 1 0,0 2,2", "board", "rank 2"),
        ("....2/...../..s../...../1.... 1 0,0 2,2".replace("/", "|"), "board", "5 ranks"),
        ("....2/...../..x../...../1.... 1 0,0 2,2", "board", "unknown character 'x' on c3"),
        ("....1/...../..s../...../1.... 1 0,0 2,2", "board", "logger 1 appears twice"),
        ("...../...../..s../...../1.... 1 0,0 2,2", "board", "logger.* 2 missing"),
        ("....3/...../..s../...../1...2 1 0,0 2,2", "board", "logger 3 on e5 but there are 2 players"),
        ("....2/...../..s../...../1.... 3 0,0 2,2", "to_move", "'3' is not a seat"),
        ("....2/...../..s../...../1.... 0 0,0 2,2", "to_move", "'0' is not a seat"),
        ("....2/...../..s../...../1.... 1 0,-1 2,2", "scores", "'-1' is not a whole number"),
        ("....2/...../..s../...../1.... 1 0,01 2,2", "scores", "'01'"),
        ("....2/...../..s../...../1.... 1 0 2", "scores", "1 entries"),
        ("....2/...../..s../...../1.... 1 0,0 2", "supplies", "1 entries for 2 players"),
        ("....2/...../..s../...../1.... 1 0,0 2,1", "supplies", "!= 4"),
        ("....2/...../..p../...../1.... 1 0,0 2,2", "supplies", "1 on trees"),
        ("sssss/sssss/sssss/sssss/1.s.2 1 0,0 2,2", "board", "21 trees"),
    ],
)
def test_invalid_lpn_names_the_field(lpn: str, field: str, words: str) -> None:
    with pytest.raises(LPNError, match=words) as info:
        Position.from_lpn(lpn)
    assert info.value.field == field
    assert info.value.text == lpn
    assert isinstance(info.value, ValueError)


def test_lpn_rejects_non_strings() -> None:
    with pytest.raises(LPNError):
        Position.from_lpn(None)  # type: ignore[arg-type]


def test_text_board_has_coordinates_on_the_edges() -> None:
    text = str(Position.initial())
    lines = text.splitlines()
    assert lines[0].split() == ["a", "b", "c", "d", "e"]
    assert lines[1].split() == ["5", ".", ".", ".", ".", "2", "5"]
    assert lines[3].split() == ["3", ".", ".", "s", ".", ".", "3"]
    assert lines[5].split() == ["1", "1", ".", ".", ".", ".", "1"]
    assert "Player 1 to move" in text
    assert repr(Position.initial()) == "Position.from_lpn('....2/...../..s../...../1.... 1 0,0 2,2')"


def test_positions_pickle_by_lpn() -> None:
    import pickle

    p = Position.from_lpn("s.a.2/.m.p./a.m.s/.s.m./1..a. 1 3,2 1,2")
    assert pickle.loads(pickle.dumps(p)) == p


@pytest.mark.parametrize(
    "lpn", ["....2/...../..s../...../1.... 1 0\n,0 2,2", "....2/...../..s../...../1.... 1\n 0,0 2,2"]
)
def test_lpn_numbers_may_not_hide_newlines(lpn: str) -> None:
    with pytest.raises(LPNError):
        Position.from_lpn(lpn)


def test_error_messages_cut_huge_inputs() -> None:
    with pytest.raises(LPNError) as info:
        Position.from_lpn("x" * 1_000_000)
    assert len(str(info.value)) < 300


def test_raw_is_the_public_bridge_and_from_raw_checks_its_input() -> None:
    """``Position.raw`` / ``Position.from_raw`` round-trip; a bad tuple is refused with a reason."""
    for players in (2, 3, 4):
        p = Position.initial(players).play(Position.initial(players).parse_turn("a1-a3 *b3"))
        assert Position.from_raw(p.raw) == p and Position.from_raw(p.raw).to_lpn() == p.to_lpn()
    good = Position.initial(2).raw
    with pytest.raises(ValueError, match="raw position is"):
        Position.from_raw(good[:7])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="one logger, score and supply per seat"):
        Position.from_raw((*good[:6], (0, 0, 0), good[7]))
    with pytest.raises(ValueError, match="not a legal position"):
        Position.from_raw((good[0], good[0], *good[2:]))  # a seedling and a sapling on one cell

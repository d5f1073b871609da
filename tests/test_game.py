"""Games: history, undo/redo, outcome, and JSON records that replay."""

from __future__ import annotations

import json
import random

import pytest

from logger_widget import Game, IllegalTurnError, NotationError, RecordError


def played(seed: int = 1, turns: int = 12, players: int = 2) -> Game:
    rng = random.Random(seed)
    game = Game.new(players, metadata={"names": ["Ann", "Bob", "Cy", "Di"][:players]})
    for _ in range(turns):
        if game.is_over:
            break
        game.play(rng.choice(list(game.legal_turns())))
    return game


def test_new_game_and_play_by_notation() -> None:
    game = Game.new(3, corners=["e5", "a1", "e1"])
    assert game.position.loggers == ("e5", "a1", "e1")
    game.play("e5-e3 *e4")
    assert game.position.to_move == 2
    assert [t.notation() for t in game.turns] == ["e5-e3 *e4"]
    assert len(game.positions) == 2


def test_illegal_or_malformed_turn_leaves_the_game_unchanged() -> None:
    game = played(turns=5)
    before = game.to_record()
    with pytest.raises(NotationError):
        game.play("zz")
    with pytest.raises(IllegalTurnError):
        game.play("a1-e4")
    assert game.to_record() == before


def test_undo_redo_and_new_turn_clears_redo() -> None:
    game = played(turns=4)
    last = game.turns[-1]
    assert game.undo() == last
    assert game.can_redo
    assert game.redo() == last
    game.undo()
    game.play(next(game.legal_turns()))
    assert not game.can_redo
    with pytest.raises(ValueError, match="nothing to redo"):
        game.redo()
    fresh = Game.new()
    with pytest.raises(ValueError, match="nothing to undo"):
        fresh.undo()


def test_outcome_of_a_finished_game() -> None:
    game = Game("....1/...../...../s..../2m... 2 0,9 2,2")
    game.play("a1 +c1 xb1")
    assert game.is_over and game.end_reason == "target"
    outcome = game.outcome
    assert outcome.winners == (2,) and outcome.scores == (0, 10) and outcome.tie_break == "score"
    with pytest.raises(IllegalTurnError, match="game is over"):
        game.play("e5")


def test_record_round_trip_keeps_metadata_and_options(tmp_path) -> None:
    game = played(seed=7, turns=20, players=3)
    game.turn_limit = 50
    path = tmp_path / "game.json"
    game.save(path)
    loaded = Game.load(path)
    assert loaded.positions == game.positions
    assert loaded.metadata == {"names": ["Ann", "Bob", "Cy"]}
    assert loaded.turn_limit == 50 and loaded.repetition_rule
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "logger-widget-record" and data["version"] == 1
    assert data["final"] == game.position.to_lpn()


def _record(**changes):
    data = played(seed=3, turns=10).to_record()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    "data, where",
    [
        (_record(version=2), "version"),
        (_record(format="pgn"), "format"),
        (_record(start="nonsense"), "start"),
        (_record(players=3), "players"),
        (_record(turns="a1 *b1"), "turns"),
        (_record(turn_limit=-1), "turn_limit"),
        (_record(final="....2/...../..s../...../1.... 1 0,0 2,2"), "final"),
        ({k: v for k, v in _record().items() if k != "turns"}, "turns"),
        ([1, 2], "record"),
    ],
)
def test_bad_records_name_the_field(data, where: str) -> None:
    with pytest.raises(RecordError) as info:
        Game.from_record(data)
    assert info.value.where.startswith(where)


def test_hand_edited_turn_is_named_and_nothing_is_returned() -> None:
    data = played(seed=3, turns=10).to_record()
    data["turns"][4] = "a1-e4"
    with pytest.raises(RecordError, match=r"turns\[4\]"):
        Game.from_record(data)
    data["turns"][4] = "garbage!"
    with pytest.raises(RecordError, match=r"turns\[4\].*malformed"):
        Game.from_record(data)


def test_truncated_json_is_refused() -> None:
    text = played().to_json()
    with pytest.raises(RecordError, match="not valid JSON"):
        Game.from_json(text[: len(text) // 2])


def test_truncated_turn_list_is_caught_by_final() -> None:
    data = played(turns=10).to_record()
    data["turns"] = data["turns"][:-1]
    with pytest.raises(RecordError, match="final"):
        Game.from_record(data)


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"turn_limit": True}, ValueError),
        ({"turn_limit": -1}, ValueError),
        ({"repetition_rule": "no"}, TypeError),
        ({"metadata": [1, 2]}, TypeError),
        ({"metadata": {"x": object()}}, ValueError),
    ],
)
def test_bad_game_options_are_refused_up_front(kwargs, error) -> None:
    with pytest.raises(error):
        Game.new(**kwargs)


@pytest.mark.parametrize(
    "text",
    ['{"a":' * 3000, '{"version": ' + "9" * 5000 + "}"],
    ids=["deeply-nested", "huge-number"],
)
def test_hostile_json_gives_a_record_error(text: str) -> None:
    with pytest.raises(RecordError, match="json"):
        Game.from_json(text)


@pytest.mark.parametrize("field, value", [("version", True), ("version", 1.0), ("players", 2.0)])
def test_record_numbers_must_be_whole_numbers(field: str, value) -> None:
    with pytest.raises(RecordError, match=field):
        Game.from_record(_record(**{field: value}))

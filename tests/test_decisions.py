"""The step-by-step decisions (TurnInProgress) reach exactly the legal turns."""

from __future__ import annotations

import pytest
from support import tricky_positions

from logger_widget import IllegalTurnError, Position, TurnInProgress
from logger_widget.engine.decisions import DONE


def all_paths(t: TurnInProgress) -> list[TurnInProgress]:
    if t.stage == "done":
        return [t]
    out = []
    options = t.options(canonical=True)
    assert options, f"dead end at stage {t.stage} of {t.position.to_lpn()}"
    for option in options:
        out.extend(all_paths(t.choose(option)))
    return out


PLAYABLE = [c for c in tricky_positions() if not Position.from_lpn(c[1]).is_terminal]


@pytest.mark.parametrize("comment, lpn", PLAYABLE)
def test_decision_tree_reaches_exactly_the_legal_turns(comment: str, lpn: str) -> None:
    p = Position.from_lpn(lpn)
    done = all_paths(p.start_turn())
    turns = [t.turn for t in done]
    assert len(turns) == len(set(turns)), "canonical paths must not repeat a turn"
    assert set(turns) == set(p.legal_turns())
    assert {t.result for t in done} == p.successors()


def test_canonical_spawn_choices_never_dead_end() -> None:
    # Found by the MCTS author: with "only cells after the last one chosen", choosing b5
    # before c2 left nothing to choose. Canonical order now offers each set's lowest cell.
    p = Position.from_lpn("a4ms3/...../..s.a/...s./a1m2. 4 0,0,0,0 1,1,1,1")
    t = p.start_turn().choose("c4")
    assert t.options(canonical=True) == ("c2",)
    assert set(t.options()) == {"b5", "c2"}
    assert {x.result for x in all_paths(p.start_turn())} == p.successors()


def test_stages_of_a_turn_with_spawn_and_protest() -> None:
    p = Position.from_lpn("....2/.m.m./...../.m.m./1.... 1 0,0 2,2")
    t = p.start_turn()
    assert t.stage == "move" and t.seat == 1 and t.origin == "a1"
    t = t.choose("a1")
    assert t.stage == "action"
    assert t.options() == ("plant", "protest")
    t = t.choose("protest")
    assert set(t.options()) == {"b2", "d2", "b4", "d4"}
    t = t.choose("d4")
    assert DONE in t.options() and t.protest_chosen == ("d4",)
    t = t.choose("d4")  # un-choose
    assert t.protest_chosen == () and DONE not in t.options()
    t = t.choose("b2").choose("d4")
    assert set(t.options()) == {DONE}  # supply of 2 used up
    t = t.choose(DONE)
    assert t.stage == "done"
    assert t.turn.notation() == "a1 !b2,d4"
    assert t.result == p.play("a1 !b2,d4")


def test_back_returns_to_the_action_choice() -> None:
    t = Position.initial().start_turn().choose("a3").choose("plant")
    assert t.stage == "plant"
    assert t.back().stage == "action"
    with pytest.raises(IllegalTurnError):
        Position.initial().start_turn().back()


def test_spawn_choices_one_by_one_keep_the_set_maximal() -> None:
    p = Position.from_lpn("....2/...../...../m..s./1m.ms 1 0,0 2,2")
    t = p.start_turn().choose("a1")
    assert t.stage == "spawn" and t.spawns_needed == 3
    assert set(t.spawning_trees) == {"a2", "b1", "d1"}
    assert set(t.options()) == {"a3", "b2", "c1"}
    auto = t.auto()
    assert auto.stage in ("action", "done") and set(auto.spawned) == {"a3", "b2", "c1"}


def test_invalid_choice_is_refused_without_changing_anything() -> None:
    t = Position.initial().start_turn()
    with pytest.raises(IllegalTurnError) as info:
        t.choose("e5")
    assert info.value.rule == "not_an_option"
    with pytest.raises(IllegalTurnError):
        t.choose(7)  # type: ignore[arg-type]
    assert t.stage == "move"
    with pytest.raises(ValueError, match="not complete"):
        t.turn  # noqa: B018


def test_chop_preview_requires_a_choppable_tree() -> None:
    t = Position.from_lpn("....2/...../...../s..../1mpmp 1 0,0 1,1").start_turn().choose("a1")
    while t.stage == "spawn":
        t = t.choose(t.options()[0])
    preview = t.chop_preview("b1")
    assert preview.felled == ("b1", "c1", "d1", "e1")
    assert (preview.points, preview.protesters_gained) == (4, 2)
    with pytest.raises(IllegalTurnError):
        t.chop_preview("c1")


def test_starting_a_turn_after_the_end_is_refused() -> None:
    with pytest.raises(IllegalTurnError, match="game is over"):
        Position.from_lpn("m...2/...../..m../...../1.... 1 4,12 2,2").start_turn()

"""One test per rule and per project decision of docs/rules.md, each on a small hand-made position."""

from __future__ import annotations

import pytest

from logger_widget import Game, IllegalTurnError, Position, Turn
from logger_widget.engine.outcome import decide


def P(lpn: str) -> Position:
    return Position.from_lpn(lpn)


def destinations(lpn: str) -> set[str]:
    return set(P(lpn).start_turn().options())


def turns(lpn: str) -> set[str]:
    return {t.notation() for t in P(lpn).legal_turns()}


# --------------------------------------------------------------------------- movement


def test_movement_zero_one_or_two_orthogonal_steps() -> None:
    # Open centre: 1 (stay) + 4 one-step + 8 two-step cells, the diagonal ones by a turning path.
    assert destinations("....2/...../..1../...../..... 1 0,0 2,2") == {
        "c3", "b3", "d3", "c2", "c4", "a3", "e3", "c1", "c5", "b2", "b4", "d2", "d4",
    }  # fmt: skip


def test_movement_steps_enter_free_cells_only() -> None:
    # a1 logger, b1 sapling, a2 the other logger: walled in, only staying is possible.
    assert destinations("...../...../...../2..../1a... 1 0,0 2,2") == {"a1"}
    # the other logger on a2 blocks a1->a2->..., b2 is reached through b1.
    assert destinations("...../...../...../2..../1.... 1 0,0 2,2") == {"a1", "b1", "c1", "b2"}


def test_movement_cannot_jump_over_a_tree() -> None:
    game = P("...../...../..2../...../1s... 1 0,0 2,2")
    with pytest.raises(IllegalTurnError, match="c1 is not reachable in two steps") as info:
        game.play("a1-c1")
    assert info.value.rule == "destination_blocked"


def test_movement_error_names_the_turn_the_position_and_the_rule() -> None:
    p = P("....2/...../..s../...../1.... 1 0,0 2,2")
    with pytest.raises(IllegalTurnError) as info:
        p.play("a1-e4")
    message = str(info.value)
    assert "'a1-e4'" in message and p.to_lpn() in message and "more than two steps" in message
    assert isinstance(info.value, ValueError)


# --------------------------------------------------------------------------- growth


def test_growth_whole_row_and_column_through_other_pieces() -> None:
    # Logger 1 on a1 stays: c1 seedling -> sapling (past b1's logger 2), e1 sapling -> mature,
    # a4 seedling -> sapling; d3 (not in line) does not grow.
    p = P("...../s..../...s./...../12s.a 1 0,0 2,2")
    t = p.start_turn().choose("a1")
    after = t.board()
    assert after.trees == {"a4": "sapling", "d3": "seedling", "c1": "sapling", "e1": "mature"}
    assert set(t.grown_trees) == {"c1", "e1", "a4"}


def test_a_tree_that_matures_this_turn_does_not_spawn() -> None:
    # b1 sapling matures; nothing spawns, so the only choices are protest or chop of b1.
    assert turns("....2/...../...../s..../1a... 1 0,0 2,2") == {"a1 !b1", "a1 xb1"}


def test_spawned_seedlings_do_not_grow_this_turn() -> None:
    # b1 mature spawns into c1 (in the logger's row) — c1 stays a seedling.
    p = P("....2/...../...../s..../1m... 1 0,0 2,2")
    results = {q.to_lpn() for q in p.successors()}
    assert "....2/...../...../a..../1mp.. 2 0,0 2,2" not in results
    t = p.start_turn().choose("a1").choose("c1")
    assert t.board().trees["c1"] == "seedling"
    assert all(q.trees.get("c1") in (None, "seedling") for q in p.successors())


def test_mature_trees_spawn_compulsorily_and_protested_ones_too() -> None:
    # b1 protested mature, in the logger's row: spawns on c1 or b2 — no turn without a spawn.
    for notation in turns("....2/...../...../s..../1p... 1 0,1 1,2"):
        assert "+" in notation


def test_no_spawn_onto_the_movers_own_logger() -> None:
    # c1 mature; its only free neighbour is b1, where logger 1 stands (walled in).
    p = P("....2/...../...../.ss../a1ms. 1 0,0 2,2")
    for t in p.legal_turns():
        assert t.spawns == ()


def test_decision_the_mover_places_the_spawned_seedlings() -> None:
    # b1 mature (in row 1): the mover chooses b2 or c1 for its seedling.
    t = P("....2/...../...../s..../1m... 1 0,0 2,2").start_turn().choose("a1")
    assert t.stage == "spawn"
    assert set(t.options()) == {"b2", "c1"}


def test_decision_spawn_set_must_be_maximum_matching() -> None:
    # Walled a1: b1 spawns to {b2, c1}, a2 only to {b2}. Greedy b1->b2 would leave a2 without
    # a cell, so the only legal set is {b2, c1}.
    p = P("....2/...../s..../m..../1m... 1 0,0 2,2")
    assert {t.spawns for t in p.legal_turns()} == {("b2", "c1")}
    with pytest.raises(IllegalTurnError) as info:
        p.play(Turn("a1", "a1", ("b2",), None))
    assert info.value.rule == "spawn_count"
    t = p.start_turn().choose("a1")
    assert set(t.options()) == {"b2", "c1"}
    assert t.choose("c1").options() == ("b2",)


def test_decision_two_trees_competing_for_one_cell_spawn_one_seedling() -> None:
    p = P("....2/...../...../ss.s./1m.ma 1 0,0 2,2")
    assert {t.spawns for t in p.legal_turns()} == {("c1",)}


def test_decision_twenty_tree_cap_binds_on_spawns() -> None:
    # 19 trees; b1 and d1 could spawn on a1 / e1, but only one seedling fits.
    p = P("..ss2/sssss/sssss/sssss/.m1m. 1 0,0 2,2")
    assert {t.spawns for t in p.legal_turns()} == {("a1",), ("e1",)}
    with pytest.raises(IllegalTurnError):
        p.play(Turn("c1", "c1", ("a1", "e1"), None))


def test_decision_no_seedling_planted_at_twenty_trees() -> None:
    p = P(".sss2/sssss/sssss/sssss/.m1m. 1 0,0 2,2")
    assert p.tree_count == 20
    assert not any(t.action and t.action.kind == "plant" for t in p.legal_turns())
    with pytest.raises(IllegalTurnError, match="20 trees"):
        p.play("c1 *a1")


# --------------------------------------------------------------------------- actions


def test_plant_on_a_free_cell_next_to_the_logger() -> None:
    p = P("....2/...../..s../...../1.... 1 0,0 2,2")
    assert p.play("a1 *b1").trees == {"b1": "seedling", "c3": "seedling"}
    with pytest.raises(IllegalTurnError, match="c2 is not"):
        p.play("a1 *c2")


def test_protest_on_any_unprotested_mature_trees_up_to_the_supply() -> None:
    p = P("....2/.m.m./...../.m.m./1.... 1 0,0 2,2")
    protests = {
        t.action.cells for t in p.legal_turns() if t.destination == "a1" and t.action.kind == "protest"
    }
    assert len(protests) == 4 + 6  # every subset of size 1 or 2 of four trees
    after = p.play("a1 !b4,d2")
    assert after.protested == {"b4", "d2"} and after.supplies == (0, 2)
    with pytest.raises(IllegalTurnError, match="Not enough protesters"):
        p.play("a1 !b2,b4,d2")


def test_decision_one_protester_per_tree() -> None:
    p = P("....2/.m.p./...../...../1.... 1 0,0 1,2")
    with pytest.raises(IllegalTurnError, match="already has a protester"):
        p.play("a1 !d4")


def test_chop_rules_own_example_two_points() -> None:
    # After growth, row 1 is: logger, mature, mature, sapling, mature (docs/rules.md, "Chop", its example).
    p = P("....2/...../...../s..../1mmsm 1 0,0 2,2")
    t = p.start_turn().choose("a1").auto()
    assert t.board().to_lpn().split()[0].endswith("1mmam")
    preview = t.chop_preview("b1")
    assert preview.felled == ("b1", "c1") and preview.points == 2
    after = t.choose("chop").choose("b1").result
    assert after.scores == (2, 0)
    assert after.trees["d1"] == "sapling" and after.trees["e1"] == "mature"


def test_chop_chain_through_protested_trees_returns_their_protesters() -> None:
    p = P("....2/...../...../s..../1mpmp 1 0,0 1,1")
    after = p.play("a1 xb1")
    assert after.scores == (4, 0)
    assert after.supplies == (3, 1)
    assert after.mature_trees == set()


def test_protested_tree_cannot_be_chopped() -> None:
    p = P("....2/...../...../s..../1p... 1 0,1 1,2")
    with pytest.raises(IllegalTurnError, match="protected by a protester"):
        p.play("a1 +b2 xb1")


def test_chop_falls_away_from_the_logger_and_stops_at_non_mature_cells() -> None:
    # Walled logger on c3; north chain c4,c5 to the edge (2); south c2 then the logger on c1 (1);
    # west b3 then the seedling a3 (1); east d3 then the empty e3 (1).
    p = P("..m../..m../sm1m./..m../..2.. 1 0,0 2,2")
    t = p.start_turn().choose("c3")
    while t.stage == "spawn":
        t = t.choose(t.options()[0])
    assert t.chop_preview("c4").points == 2
    assert t.chop_preview("c2").points == 1
    assert t.chop_preview("b3").points == 1
    assert t.chop_preview("d3").points == 1


def test_action_is_compulsory_when_possible() -> None:
    p = P("....2/...../..s../...../1.... 1 0,0 2,2")
    with pytest.raises(IllegalTurnError) as info:
        p.play("a1")
    assert info.value.rule == "action_required"


def test_action_phase_skipped_when_nothing_is_possible() -> None:
    p = P("m.ss2/m.ssp/m.pss/pssss/1pmmm 1 0,0 0,0")
    assert turns(p.to_lpn()) == {"a1"}
    t = p.start_turn().auto()
    assert t.skipped and t.turn.action is None


# --------------------------------------------------------------------------- end of the game


def test_end_triggered_by_a_non_last_seat_completes_the_round() -> None:
    p = P("....2/...../...../s..../1m... 1 9,0 2,2").play("a1 +c1 xb1")
    assert p.scores == (10, 0) and p.end_triggered and not p.is_terminal
    assert p.to_move == 2 and p.successors()


def test_end_triggered_by_the_last_seat_ends_at_once() -> None:
    p = P("....1/...../...../s..../2m... 2 0,9 2,2").play("a1 +c1 xb1")
    assert p.to_move == 1 and p.is_terminal
    assert p.successors() == set() and list(p.legal_turns()) == []
    with pytest.raises(IllegalTurnError, match="game is over"):
        p.play("e5")


def test_three_player_round_completion() -> None:
    p = P("....3/...../...../....m/1...2 2 0,9,0 1,1,1")
    after = p.play("e1 +d2 xe2")
    assert after.scores == (0, 10, 0) and after.to_move == 3 and not after.is_terminal


@pytest.mark.parametrize(
    "scores, supplies, winners, tie_break",
    [
        ((11, 7), (0, 3), (1,), "score"),
        ((10, 10), (1, 2), (2,), "protesters"),
        ((10, 10, 4), (1, 1, 1), (1, 2), "shared"),
        ((10, 10, 10, 2), (0, 2, 2, 3), (2, 3), "shared"),
    ],
)
def test_winner_and_tie_breaks(scores, supplies, winners, tie_break) -> None:
    outcome = decide(scores, supplies, "target")
    assert outcome.winners == winners and outcome.tie_break == tie_break
    assert outcome.is_draw == (len(winners) > 1)


def test_decision_threefold_repetition_ends_the_game() -> None:
    # Stalled position: every turn is forced and changes nothing except the seat to move.
    stall = "mmmp2/m.mmp/mm.mm/p.mmm/1pmmm 1 0,0 0,0"
    game = Game(stall)
    seen = []
    while not game.is_over:
        game.play(next(game.legal_turns()))
        seen.append(game.position.to_lpn())
    assert game.end_reason == "repetition"
    assert game.repetitions() == 3
    assert game.outcome.reason == "repetition"
    assert len(game.turns) == 4  # start, +2, +4: the start position occurs a third time


def test_decision_repetition_rule_can_be_switched_off_and_turn_limit() -> None:
    stall = "mmmp2/m.mmp/mm.mm/p.mmm/1pmmm 1 0,0 0,0"
    game = Game(stall, repetition_rule=False, turn_limit=10)
    while not game.is_over:
        game.play(next(game.legal_turns()))
    assert len(game.turns) == 10
    assert game.end_reason == "turn_limit" and game.outcome.reason == "turn_limit"

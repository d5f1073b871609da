"""Self-checks of the naive reference model (tests/reference/naive.py).

Every expected number here was worked out by hand from the rules (docs/rules.md);
the comments show the working.  Cells are named like chess squares (a1 is
bottom-left); ``cell_index`` converts names to (row, col) of the model.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from . import naive
from .naive import cell_index, format_lpn, is_game_over, parse_lpn, successors

DATA = Path(__file__).resolve().parent.parent / "data" / "tricky_positions.txt"
START_2P = "....2/...../..s../...../1.... 1 0,0 2,2"


def cells(*names):
    return {cell_index(n) for n in names}


def spawn_sets(lpn, logger_cell):
    """Spawn choices when the mover's logger stands on logger_cell (named)."""
    state = parse_lpn(lpn)
    grown, spawners = naive.grow_stages(state["board"], cell_index(logger_cell))
    return {frozenset(s) for s in naive.spawn_choices(grown, spawners)}


def tricky_positions():
    """(comment, lpn) pairs of tests/data/tricky_positions.txt."""
    pairs = []
    comment = None
    for raw in DATA.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            comment = line
            continue
        pairs.append((comment, line))
        comment = None
    return pairs


# ---------------------------------------------------------------------------
# LPN
# ---------------------------------------------------------------------------


def test_parse_start_position():
    state = parse_lpn(START_2P)
    assert state["to_move"] == 1
    assert state["scores"] == [0, 0]
    assert state["supplies"] == [2, 2]
    assert state["board"][cell_index("a1")[0]][cell_index("a1")[1]] == "1"
    assert state["board"][cell_index("e5")[0]][cell_index("e5")[1]] == "2"
    assert state["board"][cell_index("c3")[0]][cell_index("c3")[1]] == "s"
    assert format_lpn(state) == START_2P


INVALID = [
    # (reason, lpn)
    ("three fields", "....2/...../..s../...../1.... 1 0,0"),
    ("five fields", "....2/...../..s../...../1.... 1 0,0 2,2 x"),
    ("double space", "....2/...../..s../...../1....  1 0,0 2,2"),
    ("trailing newline", START_2P + "\n"),
    ("leading space", " " + START_2P),
    ("four ranks", "....2/...../..s../1.... 1 0,0 2,2"),
    ("six ranks", "....2/...../..s../...../...../1.... 1 0,0 2,2"),
    ("rank too long", "....2/....../..s../...../1.... 1 0,0 2,2"),
    ("rank too short", "....2/..../..s../...../1.... 1 0,0 2,2"),
    ("unknown character x", "....2/...x./..s../...../1.... 1 0,0 2,2"),
    ("upper-case M", "....2/...M./..s../...../1.... 1 0,0 2,2"),
    ("digit 0 on board", "....2/...0./..s../...../1.... 1 0,0 2,2"),
    ("digit 5 on board", "....2/...5./..s../...../1.... 1 0,0 2,2"),
    ("missing logger 2", "...../...../..s../...../1.... 1 0,0 2,2"),
    ("missing logger 1", "....2/...../..s../...../..... 1 0,0 2,2"),
    ("duplicated logger 1", "....2/...../..s../...../1...1 1 0,0 2,2"),
    ("logger 3 in a 2-player game", "....2/...../..s../...../1...3 1 0,0 2,2"),
    ("logger 4 in a 3-player game", "4...3/...../..s../...../1...2 1 0,0,0 1,1,1"),
    ("negative score", "....2/...../..s../...../1.... 1 -1,0 2,2"),
    ("non-numeric score", "....2/...../..s../...../1.... 1 a,0 2,2"),
    ("empty score entry", "....2/...../..s../...../1.... 1 0, 2,2"),
    ("negative supply", "....2/...../..s../...../1.... 1 0,0 -1,5"),
    ("non-numeric supply", "....2/...../..s../...../1.... 1 0,0 x,2"),
    ("supplies entries != scores entries", "....2/...../..s../...../1.... 1 0,0 2,1,1"),
    ("scores entries != supplies entries", "....2/...../..s../...../1.... 1 0,0,0 2,2"),
    ("one player", "...../...../..s../...../1.... 1 0 4"),
    ("five players", "....2/...../..s../...../1.... 1 0,0,0,0,0 1,1,1,1,0"),
    ("seat to move 0", "....2/...../..s../...../1.... 0 0,0 2,2"),
    ("seat to move 3 of 2", "....2/...../..s../...../1.... 3 0,0 2,2"),
    ("seat to move 5 of 4", "4...3/...../..s../...../1...2 5 0,0,0,0 1,1,1,1"),
    ("seat to move not a number", "....2/...../..s../...../1.... x 0,0 2,2"),
    ("21 trees", "sssss/sssss/sssss/sssss/1s.2. 1 0,0 2,2"),
    ("protester total 3 with 2 players", "....2/...../..s../...../1.... 1 0,0 2,1"),
    ("protester total 5 with 2 players", "....2/...../..s../...../1.... 1 0,0 3,2"),
    ("protester total 5 counting the board", "....2/...../..p../...../1.... 1 0,0 2,2"),
    ("protester total 4 with 3 players", "....3/...../..s../...../1...2 1 0,0,0 1,1,2"),
    ("protester total 2 with 3 players", "....3/...../..s../...../1...2 1 0,0,0 1,1,0"),
    ("protester total 3 with 4 players", "4...3/...../..s../...../1...2 1 0,0,0,0 1,1,1,0"),
    ("protester total 6 with 4 players", "4...3/...../..p../..p../1...2 1 0,0,0,0 1,1,1,1"),
]


@pytest.mark.parametrize("reason,lpn", INVALID, ids=[r for r, _ in INVALID])
def test_invalid_lpn_rejected(reason, lpn):
    with pytest.raises(ValueError):
        parse_lpn(lpn)
    with pytest.raises(ValueError):
        successors(lpn)
    with pytest.raises(ValueError):
        is_game_over(lpn)


VALID = [
    START_2P,
    "....3/...../..s../...../1...2 1 0,0,0 1,1,1",
    "4...3/...../..s../...../1...2 4 0,0,0,0 1,1,1,1",
    # exactly 20 trees is fine
    "sssss/sssss/sssss/ssss./1s.2. 2 0,0 2,2",
    # all protesters on the board, big scores
    "pp..2/pp.../...../...../1.... 1 15,12 0,0",
    # 3 players: protesters 0 + 1 + 0 in supply and 2 on the board
    "p...3/...../..p../...../1...2 3 0,9,0 0,1,0",
]


@pytest.mark.parametrize("lpn", VALID)
def test_valid_lpn_round_trips(lpn):
    assert format_lpn(parse_lpn(lpn)) == lpn


# ---------------------------------------------------------------------------
# Movement
# ---------------------------------------------------------------------------


def test_movement_start_position():
    # a1 -> stay; a2, b1 (1 step); a3, b2 (via a2), b2, c1 (via b1), a1 (back).
    board = parse_lpn(START_2P)["board"]
    assert naive.movement_destinations(board, 1) == cells("a1", "a2", "b1", "a3", "b2", "c1")


def test_movement_open_centre_has_13_destinations():
    board = parse_lpn("....2/...../..1../...../..... 1 0,0 2,2")["board"]
    dests = naive.movement_destinations(board, 1)
    assert len(dests) == 13
    assert cells("b4", "d4", "b2", "d2") <= dests  # 2 steps that turn a corner


def test_movement_walled_in():
    # a2 holds logger 2, b1 a sapling: logger 1 cannot leave a1.
    board = parse_lpn("...../...../...../2..../1a... 1 0,0 2,2")["board"]
    assert naive.movement_destinations(board, 1) == cells("a1")


def test_movement_cannot_pass_other_logger_or_trees():
    board = parse_lpn("...../...../...../2..../1.... 1 0,0 2,2")["board"]
    assert naive.movement_destinations(board, 1) == cells("a1", "b1", "c1", "b2")
    board = parse_lpn("...../..s../..1../..s../2.... 1 0,0 2,2")["board"]
    assert naive.movement_destinations(board, 1) == cells(
        "c3", "b3", "a3", "d3", "e3", "b4", "b2", "d4", "d2"
    )


# ---------------------------------------------------------------------------
# Growth
# ---------------------------------------------------------------------------


def test_greedy_trap_has_single_maximum_spawn_set():
    # Logger a1 walled by a2 (m) and b1 (m).  a2 may spawn on b2 only (a3 is a
    # sapling after growth, a1 the logger); b1 on b2 or c1.  Greedy b1->b2
    # would leave a2 without a cell; the only maximum set is {b2, c1}.
    lpn = "....2/...../s..../m..../1m... 1 0,0 2,2"
    assert spawn_sets(lpn, "a1") == {frozenset(cells("b2", "c1"))}
    # ... and the 5 successors are 3 protests + 2 chops after that growth.
    assert len(successors(lpn)) == 5


def test_alternating_chain_matching():
    # a2 -> {a3, b2}, b1 -> {b2, c1}, d1 -> {c1} (d2 seedling, e1 sapling).
    lpn = "....2/...../...../m..s./1m.ms 1 0,0 2,2"
    assert spawn_sets(lpn, "a1") == {frozenset(cells("a3", "b2", "c1"))}


def test_two_trees_compete_for_one_cell():
    lpn = "....2/...../...../ss.s./1m.ma 1 0,0 2,2"
    assert spawn_sets(lpn, "a1") == {frozenset(cells("c1"))}
    # 3 mature trees after growth (b1, d1, e1): 3 + 3 protests, chop b1: 7.
    assert len(successors(lpn)) == 7


def test_tree_cap_binds_on_spawns():
    # 19 trees, b1 -> a1 and d1 -> e1 possible, but only 1 large pyramid left.
    lpn = "..ss2/sssss/sssss/sssss/.m1m. 1 0,0 2,2"
    assert spawn_sets(lpn, "c1") == {frozenset(cells("a1")), frozenset(cells("e1"))}
    # per spawn choice: 3 protests + 2 chops (no plant at 20 trees) -> 10
    assert len(successors(lpn)) == 10


def test_tree_cap_choose_two_of_three():
    # 18 trees: b1 -> a1, d1 -> e1, c4 -> b4, cap 2 -> 3 sets;
    # each: 6 protests (3 mature, supply 2) + 2 chops -> 24.
    lpn = "..ss2/s.mss/sssss/sssss/.m1m. 1 0,0 2,2"
    assert spawn_sets(lpn, "c1") == {
        frozenset(cells("a1", "e1")),
        frozenset(cells("a1", "b4")),
        frozenset(cells("e1", "b4")),
    }
    assert len(successors(lpn)) == 24


def test_exactly_20_trees_no_spawn_no_plant():
    lpn = ".sss2/sssss/sssss/sssss/.m1m. 1 0,0 2,2"
    assert spawn_sets(lpn, "c1") == {frozenset()}
    assert len(successors(lpn)) == 5  # 3 protests + 2 chops


def test_spawns_to_20_forbid_plant():
    # Stay on c1: spawns a1, e1 -> 20 trees, plant on c2 forbidden:
    # 3 protests + 2 chops = 5.  Move to c2: nothing spawns (b1, d1 not in
    # row 2 / column c), plant c1 + 3 protests = 4.  Total 9.
    assert len(successors("s..s2/sssss/sssss/ss.ss/.m1m. 1 0,0 2,2")) == 9


def test_sapling_maturing_does_not_spawn():
    # b1 sapling -> mature this turn, must not spawn: protest b1 or chop b1.
    lpn = "....2/...../...../s..../1a... 1 0,0 2,2"
    result = successors(lpn)
    assert result == {
        "....2/...../...../a..../1p... 2 0,0 1,2",
        "....2/...../...../a..../1.... 2 1,0 2,2",
    }


def test_spawned_seedling_does_not_grow_and_spawn_may_enter_the_row():
    # b1 already mature spawns on b2 or c1 (c1 is in the logger's row and
    # must stay a seedling).  Then protest b1 or chop b1 (c1 stops the chain).
    lpn = "....2/...../...../s..../1m... 1 0,0 2,2"
    assert successors(lpn) == {
        "....2/...../...../as.../1p... 2 0,0 1,2",
        "....2/...../...../as.../1.... 2 1,0 2,2",
        "....2/...../...../a..../1ps.. 2 0,0 1,2",
        "....2/...../...../a..../1.s.. 2 1,0 2,2",
    }


def test_spawn_blocked_by_own_logger():
    # c1's neighbours: b1 logger 1, d1 sapling, c2 seedling -> no spawn.
    lpn = "....2/...../...../.ss../a1ms. 1 0,0 2,2"
    assert spawn_sets(lpn, "b1") == {frozenset()}
    assert len(successors(lpn)) == 5  # 3 protests (a1, c1) + chop a1 + chop c1


def test_spawn_blocked_by_other_logger():
    lpn = "...../...../...../.s..s/2mss1 1 0,0 2,2"
    assert successors(lpn) == {"...../...../...../.s..a/2paa1 2 0,0 1,2"}


def test_cross_grows_once():
    lpn = "..s.2/..a../ss1aa/..s../..a.. 1 0,0 2,2"
    grown, spawners = naive.grow_stages(parse_lpn(lpn)["board"], cell_index("c3"))
    assert spawners == []
    assert format_lpn({"board": grown, "to_move": 1, "scores": [0, 0], "supplies": [2, 2]}) == (
        "..a.2/..m../aa1mm/..a../..m.. 1 0,0 2,2"
    )
    # 4 mature (c4, d3, e3, c1): 4 + 6 protests, chop c4 (1), chop d3 (2).
    assert len(successors(lpn)) == 12


def _independent_spawn_sets(board, spawners):
    """Second, differently written spawn model: subsets of cells + injective maps."""
    cap = naive.MAX_TREES - naive.count_trees(board)
    candidates = sorted({n for s in spawners for n in naive.neighbours(*s) if naive.is_free(board, *n)})

    def matchable(subset):
        for trees in itertools.permutations(spawners, len(subset)):
            pairs = zip(subset, trees, strict=True)
            if all(cell in naive.neighbours(*tree) for cell, tree in pairs):
                return True
        return False

    best = 0
    found = {0: {frozenset()}}
    for k in range(1, min(cap, len(spawners), len(candidates)) + 1):
        sets = {frozenset(c) for c in itertools.combinations(candidates, k) if matchable(c)}
        if sets:
            best = k
            found[k] = sets
    return found[best]


def _random_position(rng, n_players=2):
    board = [["." for _ in range(5)] for _ in range(5)]
    all_cells = [(r, c) for r in range(5) for c in range(5)]
    rng.shuffle(all_cells)
    for seat in range(1, n_players + 1):
        r, c = all_cells.pop()
        board[r][c] = str(seat)
    n_trees = rng.randint(0, 20)
    total_p = naive.PROTESTERS_IN_GAME[n_players]
    placed_p = 0
    for r, c in all_cells[:n_trees]:
        ch = rng.choice("saamm" + ("p" if placed_p < total_p else "m"))
        placed_p += ch == "p"
        board[r][c] = ch
    left = total_p - placed_p
    supplies = [0] * n_players
    for _ in range(left):
        supplies[rng.randrange(n_players)] += 1
    return {
        "board": board,
        "to_move": rng.randint(1, n_players),
        "scores": [rng.randint(0, 9) for _ in range(n_players)],
        "supplies": supplies,
    }


def test_spawn_choices_agree_with_independent_model():
    rng = random.Random(20080)
    checked = 0
    for _ in range(300):
        state = _random_position(rng, rng.randint(2, 4))
        parse_lpn(format_lpn(state))  # generator makes valid positions
        seat = state["to_move"]
        for dest in naive.movement_destinations(state["board"], seat):
            moved = naive.move_logger(state["board"], seat, dest)
            grown, spawners = naive.grow_stages(moved, dest)
            if len(spawners) > 6:
                continue
            expected = _independent_spawn_sets(grown, spawners)
            assert {frozenset(s) for s in naive.spawn_choices(grown, spawners)} == expected
            checked += 1
    assert checked > 500


# ---------------------------------------------------------------------------
# Action
# ---------------------------------------------------------------------------


def _state_from_rows(row5, row4, row3, row2, row1, scores=(0, 0), supplies=(2, 2), to_move=1):
    return parse_lpn(
        f"{row5}/{row4}/{row3}/{row2}/{row1} {to_move} "
        f"{','.join(map(str, scores))} {','.join(map(str, supplies))}"
    )


def test_rules_chop_example_scores_two():
    # Line: logger, mature, mature, sapling, mature.
    state = _state_from_rows("....2", ".....", ".....", ".....", "1mmam")
    after = naive.chop(state, 1, cell_index("a1"), cell_index("b1"))
    assert after["scores"] == [2, 0]
    assert format_lpn(after) == "....2/...../...../...../1..am 1 2,0 2,2"


def test_rules_chop_example_in_a_whole_turn():
    # Before growth the line is 1 m m s m; growth turns the seedling into the
    # sapling of the example; the three mature trees spawn on b2, c2, e2.
    lpn = "....2/...../...../s..../1mmsm 1 0,0 2,2"
    result = successors(lpn)
    assert len(result) == 7  # 6 protests + 1 chop
    chops = [p for p in result if parse_lpn(p)["scores"] != [0, 0]]
    assert chops == ["....2/...../...../ass.s/1..am 2 2,0 2,2"]


def test_chop_through_protested_trees_to_edge():
    state = _state_from_rows("....2", ".....", ".....", ".....", "1mpmp", supplies=(1, 1))
    after = naive.chop(state, 1, cell_index("a1"), cell_index("b1"))
    assert after["scores"] == [4, 0]
    assert after["supplies"] == [3, 1]
    assert format_lpn(after) == "....2/...../...../...../1.... 1 4,0 3,1"


@pytest.mark.parametrize(
    "row,points",
    [
        ("1mm2.", 2),  # stops at a logger
        ("1mms.", 2),  # stops at a seedling
        ("1ma.m", 1),  # stops at a sapling
        ("1m.mm", 1),  # stops at an empty cell
        ("1mmmm", 4),  # reaches the edge
        ("1pmmm", 0),  # protested tree adjacent: cannot be chopped
    ],
)
def test_chop_chain_stops(row, points):
    row5 = "....2" if "2" not in row else "....."
    supplies = (2 - row.count("p"), 2)  # 4 protesters in a 2-player game
    state = _state_from_rows(row5, ".....", ".....", ".....", row, supplies=supplies)
    chops = naive.chop_results(state, 1, cell_index("a1"))
    if points == 0:
        assert chops == []
    else:
        assert [c["scores"][0] for c in chops] == [points]


def test_chop_falls_away_from_logger():
    # m1mm.: chopping c1 fells c1, d1 (east); a1 behind the logger stays.
    state = _state_from_rows("....2", ".....", ".....", ".....", "m1mm.")
    results = {format_lpn(s) for s in naive.chop_results(state, 1, cell_index("b1"))}
    assert results == {
        "....2/...../...../...../.1mm. 1 1,0 2,2",
        "....2/...../...../...../m1... 1 2,0 2,2",
    }


def test_protest_subsets():
    # Four unprotested mature trees, supply 2: C(4,1) + C(4,2) = 10.
    state = _state_from_rows("....2", ".m.m.", ".....", ".m.m.", "1....")
    assert len(naive.protest_results(state, 1)) == 10
    # supply 3: 4 + 6 + 4 = 14
    state = _state_from_rows("p...2", ".m.m.", ".....", ".m.m.", "1....", supplies=(3, 0))
    assert len(naive.protest_results(state, 1)) == 14
    # supply 0: no protest at all
    state = _state_from_rows("p...2", ".m.m.", ".....", ".m.m.", "1....", supplies=(0, 3))
    assert naive.protest_results(state, 1) == []
    # protested trees are not targets
    state = _state_from_rows("pp..2", "pm...", ".....", ".....", "1....", supplies=(1, 0))
    assert len(naive.protest_results(state, 1)) == 1


def test_plant_needs_free_adjacent_cell_and_fewer_than_20_trees():
    state = _state_from_rows("....2", ".....", ".....", ".....", "1....")
    assert len(naive.plant_results(state, cell_index("a1"))) == 2
    state = parse_lpn("sssss/sssss/sssss/ssss./1s.2. 1 0,0 2,2")  # 20 trees
    assert naive.plant_results(state, cell_index("a1")) == []


def test_action_skipped_when_impossible_but_spawning_still_happens():
    # Supply 0, walled by protested a2/b1: no plant, protest or chop.
    # a2 -> {a3, b2}, b1 -> {b2, c1}: 3 maximum sets of size 2.
    lpn = "....2/...../...../p..../1p... 1 0,0 0,2"
    assert successors(lpn) == {
        "....2/...../s..../ps.../1p... 2 0,0 0,2",
        "....2/...../s..../p..../1ps.. 2 0,0 0,2",
        "....2/...../...../ps.../1ps.. 2 0,0 0,2",
    }


def test_stall_position_has_one_successor():
    lpn = "m.ss2/m.ssp/m.pss/pssss/1pmmm 1 0,0 0,0"
    assert successors(lpn) == {"m.ss2/m.ssp/m.pss/pssss/1pmmm 2 0,0 0,0"}


# ---------------------------------------------------------------------------
# Whole turns and the end of the game
# ---------------------------------------------------------------------------


def test_start_position_successor_count():
    # Destinations of logger 1 from a1 (see test_movement_start_position):
    # a1, a2, b1, a3, b2, c1.  The only tree is the c3 seedling; it becomes a
    # sapling when the logger ends on a3 (row 3) or c1 (column c), otherwise
    # nothing grows.  No mature tree exists, so no spawn, no protest, no chop:
    # the action is a plant on a free cell next to the logger:
    #   a1: a2, b1            -> 2
    #   a2: a1, a3, b2        -> 3
    #   b1: a1, c1, b2        -> 3
    #   a3: a2, a4, b3        -> 3
    #   b2: a2, c2, b1, b3    -> 4
    #   c1: b1, d1, c2        -> 3
    # Different destinations give different boards, so 2+3+3+3+4+3 = 18.
    result = successors(START_2P)
    assert len(result) == 18
    assert "....2/...../..s../.s.../.1... 2 0,0 2,2" in result  # b1, plant b2
    assert "....2/...../1.a../s..../..... 2 0,0 2,2" in result  # a3, plant a2
    assert all(parse_lpn(p)["to_move"] == 2 for p in result)


def test_game_over_detection():
    assert not is_game_over(START_2P)
    assert is_game_over("....2/...../...../s..../1m... 1 10,3 2,2")
    assert is_game_over("m...2/...../..m../...../1.... 1 4,12 2,2")
    assert not is_game_over("....2/...../...../s..../1m... 2 10,3 2,2")
    assert successors("....2/...../...../s..../1m... 1 10,3 2,2") == set()
    assert successors("m...2/...../..m../...../1.... 1 4,12 2,2") == set()


def test_end_triggered_by_first_seat_game_continues():
    result = successors("....2/...../...../s..../1m... 1 9,0 2,2")
    triggered = [p for p in result if parse_lpn(p)["scores"][0] >= 10]
    assert len(triggered) == 2  # chop b1 after either spawn choice
    assert all(not is_game_over(p) for p in result)
    assert all(successors(p) for p in triggered)  # seat 2 still plays


def test_last_seat_wraps_and_can_end_the_game():
    # 4 players, seat 4 (9 points) walled at a5 by b5, a4 (both mature).
    result = successors("4m..3/m..../...../...../1...2 4 0,0,0,9 1,1,1,1")
    assert len(result) == 12  # 3 spawn sets x (2 protests + 2 chops)
    assert all(parse_lpn(p)["to_move"] == 1 for p in result)
    assert sum(is_game_over(p) for p in result) == 6  # the chops


def test_three_players_wrap():
    result = successors("m...3/...../..m../...../1...2 3 0,0,0 1,1,1")
    assert result and all(parse_lpn(p)["to_move"] == 1 for p in result)


# ---------------------------------------------------------------------------
# The tricky positions file
# ---------------------------------------------------------------------------


def test_tricky_file_well_formed():
    pairs = tricky_positions()
    assert len(pairs) >= 30
    lpns = [lpn for _, lpn in pairs]
    assert len(set(lpns)) == len(lpns)
    for comment, lpn in pairs:
        assert comment, f"no comment before {lpn}"
        assert format_lpn(parse_lpn(lpn)) == lpn


@pytest.mark.parametrize("lpn", [lpn for _, lpn in tricky_positions()])
def test_successors_are_consistent(lpn):
    state = parse_lpn(lpn)
    n = len(state["scores"])
    total = naive.PROTESTERS_IN_GAME[n]
    for succ in successors(lpn):
        new = parse_lpn(succ)  # valid LPN (also checks the protester total)
        assert new["to_move"] == state["to_move"] % n + 1
        assert sum(new["supplies"]) + sum(row.count("p") for row in new["board"]) == total
        # only the mover's score and supply may change
        for seat in range(n):
            if seat != state["to_move"] - 1:
                assert new["scores"][seat] == state["scores"][seat]
                assert new["supplies"][seat] == state["supplies"][seat]
        assert new["scores"][state["to_move"] - 1] >= state["scores"][state["to_move"] - 1]

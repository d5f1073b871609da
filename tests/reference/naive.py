"""Naive reference model of Logger, used only by tests.

This module is a deliberately slow, straightforward re-implementation of the
rules in ``docs/rules.md`` (the project's rule specification).  It is
written without looking at the real engine (``logger_widget``) so that the two
can be cross-checked: for any position, ``successors(lpn)`` here must equal the
engine's set of successor positions.

Representation (private to this module): a *state* is a dict

    {"board": [[char] * 5] * 5,   # board[row][col]; row 0 = rank 5, col 0 = file a
     "to_move": int,              # 1-based seat to move
     "scores": [int, ...],        # one entry per seat
     "supplies": [int, ...]}      # protesters in each seat's supply

Board characters are those of LPN: ``.`` empty, ``s`` seedling, ``a`` sapling,
``m`` mature tree, ``p`` mature tree with a protester, ``1``-``4`` loggers.

Everything is done the long way on purpose: movement enumerates every path
step by step, spawning enumerates every assignment of spawning trees to cells
with ``itertools.product`` and keeps the maximum ones, actions enumerate every
cell / subset / chop.
"""

from __future__ import annotations

import copy
import itertools
import re

SIZE = 5
MAX_TREES = 20  # docs/rules.md, "Pieces and board": the pool holds 20 large pyramids
WINNING_SCORE = 10  # docs/rules.md, "End of the game"
TREE_CHARS = ("s", "a", "m", "p")
MATURE_CHARS = ("m", "p")
LOGGER_CHARS = ("1", "2", "3", "4")
BOARD_CHARS = (".",) + TREE_CHARS + LOGGER_CHARS
# docs/rules.md, "Setup": 2 protesters each with 2 players, 1 each with 3 or 4.
PROTESTERS_IN_GAME = {2: 4, 3: 3, 4: 4}
ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))  # no diagonals, ever

_NUMBER = re.compile(r"0|[1-9][0-9]*")  # used with fullmatch


# ---------------------------------------------------------------------------
# LPN
# ---------------------------------------------------------------------------


def _parse_count_list(field: str, name: str) -> list[int]:
    """Parse a comma separated list of non-negative decimal integers (LPN fields 3, 4)."""
    parts = field.split(",")
    values = []
    for part in parts:
        if not _NUMBER.fullmatch(part):
            raise ValueError(f"{name} field: {part!r} is not a non-negative integer")
        values.append(int(part))
    return values


def parse_lpn(text: str) -> dict:
    """Parse an LPN string (docs/rules.md, "LPN — Logger Position Notation") into a state dict.

    Raises ValueError, naming the offending field, when the string breaks any
    rule of docs/rules.md: wrong number of fields, wrong rank count or rank length,
    unknown characters, missing / duplicated loggers or a logger digit beyond
    the player count, counts that are not non-negative integers, a number of
    players outside 2..4, score / supply entry counts that differ, seat to
    move out of range, more than 20 trees, or a protester total (supplies plus
    protesters on the board) different from the game's protesters (4 with 2
    players, 3 with 3, 4 with 4).
    """
    if not isinstance(text, str):
        raise ValueError("LPN must be a string")
    fields = text.split(" ")
    if len(fields) != 4:
        raise ValueError(f"LPN needs 4 fields separated by single spaces, got {len(fields)}")
    board_field, move_field, scores_field, supplies_field = fields

    # Field 3 and 4: scores and supplies; their length is the number of players.
    scores = _parse_count_list(scores_field, "scores")
    supplies = _parse_count_list(supplies_field, "supplies")
    n_players = len(scores)
    if not 2 <= n_players <= 4:
        raise ValueError(f"scores field: {n_players} entries, players must be 2..4")
    if len(supplies) != n_players:
        raise ValueError(f"supplies field: {len(supplies)} entries but scores has {n_players}")

    # Field 2: seat to move.
    if not _NUMBER.fullmatch(move_field):
        raise ValueError(f"seat-to-move field: {move_field!r} is not a number")
    to_move = int(move_field)
    if not 1 <= to_move <= n_players:
        raise ValueError(f"seat-to-move field: {to_move} not in 1..{n_players}")

    # Field 1: board.
    ranks = board_field.split("/")
    if len(ranks) != SIZE:
        raise ValueError(f"board field: {len(ranks)} ranks, expected {SIZE}")
    board = []
    for rank in ranks:
        if len(rank) != SIZE:
            raise ValueError(f"board field: rank {rank!r} has {len(rank)} cells, expected {SIZE}")
        for ch in rank:
            if ch not in BOARD_CHARS:
                raise ValueError(f"board field: unknown character {ch!r}")
        board.append(list(rank))
    flat = [ch for row in board for ch in row]
    for seat in range(1, 5):
        count = flat.count(str(seat))
        if seat <= n_players and count != 1:
            raise ValueError(f"board field: logger {seat} appears {count} times, expected 1")
        if seat > n_players and count != 0:
            raise ValueError(f"board field: logger {seat} but only {n_players} players")
    trees = sum(flat.count(ch) for ch in TREE_CHARS)
    if trees > MAX_TREES:
        raise ValueError(f"board field: {trees} trees, at most {MAX_TREES} allowed")

    expected = PROTESTERS_IN_GAME[n_players]
    total = sum(supplies) + flat.count("p")
    if total != expected:
        raise ValueError(
            f"supplies field: protesters in supplies plus on board = {total}, "
            f"expected {expected} for {n_players} players"
        )

    return {"board": board, "to_move": to_move, "scores": scores, "supplies": supplies}


def format_lpn(state: dict) -> str:
    """Write a state dict as LPN (docs/rules.md, "LPN — Logger Position Notation"): ranks 5..1, seat, scores, supplies."""
    board = "/".join("".join(row) for row in state["board"])
    scores = ",".join(str(v) for v in state["scores"])
    supplies = ",".join(str(v) for v in state["supplies"])
    return f"{board} {state['to_move']} {scores} {supplies}"


# ---------------------------------------------------------------------------
# Board helpers
# ---------------------------------------------------------------------------


def on_board(r: int, c: int) -> bool:
    """True when (r, c) is one of the 25 cells."""
    return 0 <= r < SIZE and 0 <= c < SIZE


def neighbours(r: int, c: int) -> list[tuple[int, int]]:
    """Orthogonally adjacent cells on the board (docs/rules.md, "Movement": no diagonals)."""
    return [(r + dr, c + dc) for dr, dc in ORTHOGONAL if on_board(r + dr, c + dc)]


def is_free(board: list[list[str]], r: int, c: int) -> bool:
    """A free cell holds no tree and no logger (docs/rules.md, "Movement" / "Growth" / "Plant")."""
    return board[r][c] == "."


def count_trees(board: list[list[str]]) -> int:
    """Number of trees (any stage, protested or not) on the board."""
    return sum(1 for row in board for ch in row if ch in TREE_CHARS)


def find_logger(board: list[list[str]], seat: int) -> tuple[int, int]:
    """Cell of the given seat's logger."""
    for r in range(SIZE):
        for c in range(SIZE):
            if board[r][c] == str(seat):
                return (r, c)
    raise ValueError(f"no logger {seat}")


def cell_name(r: int, c: int) -> str:
    """Chess-like name of a cell: row 0 is rank 5, column 0 is file a."""
    return "abcde"[c] + str(SIZE - r)


def cell_index(name: str) -> tuple[int, int]:
    """Inverse of cell_name: 'a1' -> (4, 0)."""
    return (SIZE - int(name[1]), "abcde".index(name[0]))


# ---------------------------------------------------------------------------
# End of the game
# ---------------------------------------------------------------------------


def state_is_game_over(state: dict) -> bool:
    """docs/rules.md, "LPN — Logger Position Notation": over when some score >= 10 and seat 1 is to move."""
    return state["to_move"] == 1 and any(s >= WINNING_SCORE for s in state["scores"])


def is_game_over(lpn: str) -> bool:
    """Game over test on an LPN string (raises ValueError on invalid LPN)."""
    return state_is_game_over(parse_lpn(lpn))


# ---------------------------------------------------------------------------
# Phase 1: Movement
# ---------------------------------------------------------------------------


def movement_destinations(board: list[list[str]], seat: int) -> set[tuple[int, int]]:
    """docs/rules.md, "Movement": 0, 1 or 2 orthogonal steps, each into a free cell.

    Every path is walked step by step.  The logger is lifted off its start cell
    first, so that cell counts as free for a path that steps back onto it.
    """
    start = find_logger(board, seat)
    lifted = copy.deepcopy(board)
    lifted[start[0]][start[1]] = "."
    destinations = {start}  # 0 steps
    for first in neighbours(*start):
        if not is_free(lifted, *first):
            continue
        destinations.add(first)  # 1 step
        for second in neighbours(*first):
            if is_free(lifted, *second):
                destinations.add(second)  # 2 steps (may turn, may come back)
    return destinations


def move_logger(board: list[list[str]], seat: int, dest: tuple[int, int]) -> list[list[str]]:
    """Return a copy of the board with the seat's logger on dest."""
    new = copy.deepcopy(board)
    r, c = find_logger(new, seat)
    new[r][c] = "."
    new[dest[0]][dest[1]] = str(seat)
    return new


# ---------------------------------------------------------------------------
# Phase 2: Growth
# ---------------------------------------------------------------------------


def growth_cells(logger: tuple[int, int]) -> list[tuple[int, int]]:
    """Every cell of the logger's whole row and whole column, each listed once."""
    lr, lc = logger
    cells = {(lr, c) for c in range(SIZE)} | {(r, lc) for r in range(SIZE)}
    return sorted(cells)


def grow_stages(board: list[list[str]], logger: tuple[int, int]):
    """docs/rules.md, "Growth", the stage part, all at once.

    Seedling -> sapling and sapling -> mature for every tree in the logger's
    row and column (each tree once even if it were in both).  Returns the new
    board and the list of cells of trees that were ALREADY mature before this
    growth (protested or not): those are the ones that must spawn.  A sapling
    that matures now does not spawn.
    """
    new = copy.deepcopy(board)
    spawners = []
    for r, c in growth_cells(logger):
        ch = board[r][c]
        if ch == "s":
            new[r][c] = "a"
        elif ch == "a":
            new[r][c] = "m"
        elif ch in MATURE_CHARS:
            spawners.append((r, c))  # stays as it is ('m' or 'p') and spawns
    return new, spawners


def spawn_choices(board: list[list[str]], spawners: list[tuple[int, int]]) -> set[frozenset]:
    """docs/rules.md, "Growth", the spawning part, with the maximum-matching project decision.

    ``board`` is the board after the stage changes.  Every assignment of each
    spawning tree to one orthogonally adjacent free cell or to "no cell" is
    enumerated with itertools.product.  Assignments that use a cell twice are
    dropped (one seedling per cell), as are those spawning more seedlings than
    the pool allows (20 - trees on board).  Of the rest, only those spawning
    the largest possible number of seedlings are legal; the result is the set
    of distinct spawned-cell sets (the mover picks one).  Always non-empty
    (the empty set when nothing can spawn).
    """
    cap = MAX_TREES - count_trees(board)
    options = []
    for r, c in spawners:
        free = [cell for cell in neighbours(r, c) if is_free(board, *cell)]
        options.append([None] + free)
    candidate_sets = set()
    for assignment in itertools.product(*options):
        cells = [cell for cell in assignment if cell is not None]
        if len(cells) != len(set(cells)):
            continue  # two trees on one cell
        if len(cells) > cap:
            continue  # not enough large pyramids in the pool
        candidate_sets.add(frozenset(cells))
    best = max(len(s) for s in candidate_sets)
    return {s for s in candidate_sets if len(s) == best}


def growth_results(board: list[list[str]], logger: tuple[int, int]) -> list[list[list[str]]]:
    """All boards that the (compulsory) Growth phase can produce."""
    grown, spawners = grow_stages(board, logger)
    results = []
    for cells in spawn_choices(grown, spawners):
        new = copy.deepcopy(grown)
        for r, c in cells:
            new[r][c] = "s"
        results.append(new)
    return results


# ---------------------------------------------------------------------------
# Phase 3: Action
# ---------------------------------------------------------------------------


def plant_results(state: dict, logger: tuple[int, int]) -> list[dict]:
    """docs/rules.md, "Plant": a seedling on a free cell adjacent to the logger, if < 20 trees."""
    results = []
    if count_trees(state["board"]) >= MAX_TREES:
        return results
    for r, c in neighbours(*logger):
        if is_free(state["board"], r, c):
            new = copy.deepcopy(state)
            new["board"][r][c] = "s"
            results.append(new)
    return results


def protest_results(state: dict, seat: int) -> list[dict]:
    """docs/rules.md, "Protest": 1..supply protesters, each on a different unprotested mature tree.

    Every non-empty subset of the unprotested mature trees with at most
    ``supply`` members is one choice (no adjacency needed).
    """
    results = []
    supply = state["supplies"][seat - 1]
    targets = [(r, c) for r in range(SIZE) for c in range(SIZE) if state["board"][r][c] == "m"]
    for k in range(1, supply + 1):
        for subset in itertools.combinations(targets, k):
            new = copy.deepcopy(state)
            for r, c in subset:
                new["board"][r][c] = "p"
            new["supplies"][seat - 1] -= k
            results.append(new)
    return results


def chop(state: dict, seat: int, logger: tuple[int, int], tree: tuple[int, int]) -> dict:
    """docs/rules.md, "Chop" of the unprotested mature tree ``tree`` adjacent to ``logger``.

    The tree falls away from the logger and knocks down, in the same line,
    every further mature tree (protested or not) until the edge or a cell
    holding anything else (empty, seedling, sapling, logger).  One point per
    felled tree; protesters on felled trees go to the chopper's supply.
    """
    assert state["board"][tree[0]][tree[1]] == "m"
    assert tree in neighbours(*logger)
    dr, dc = tree[0] - logger[0], tree[1] - logger[1]
    new = copy.deepcopy(state)
    r, c = tree
    felled = 0
    while on_board(r, c) and new["board"][r][c] in MATURE_CHARS:
        if new["board"][r][c] == "p":
            new["supplies"][seat - 1] += 1
        new["board"][r][c] = "."
        felled += 1
        r, c = r + dr, c + dc
    new["scores"][seat - 1] += felled
    return new


def chop_results(state: dict, seat: int, logger: tuple[int, int]) -> list[dict]:
    """Every legal chop: one per unprotested mature tree adjacent to the logger."""
    return [chop(state, seat, logger, (r, c)) for r, c in neighbours(*logger) if state["board"][r][c] == "m"]


def action_results(state: dict, seat: int, logger: tuple[int, int]) -> list[dict]:
    """docs/rules.md, "Action": exactly one of plant / protest / chop; skipped only if none possible."""
    results = plant_results(state, logger) + protest_results(state, seat) + chop_results(state, seat, logger)
    if not results:
        return [copy.deepcopy(state)]  # no action possible: the phase is skipped
    return results


# ---------------------------------------------------------------------------
# A whole turn
# ---------------------------------------------------------------------------


def successor_states(state: dict) -> list[dict]:
    """docs/rules.md, "Successors": every result of one complete turn (with repeats).

    Movement, then Growth with every legal spawn choice, then every legal
    action; then the next seat (cyclically, n -> 1) is to move.  A finished
    game has no successors.
    """
    if state_is_game_over(state):
        return []
    seat = state["to_move"]
    n_players = len(state["scores"])
    results = []
    for dest in sorted(movement_destinations(state["board"], seat)):
        moved = move_logger(state["board"], seat, dest)
        for grown in growth_results(moved, dest):
            after_growth = copy.deepcopy(state)
            after_growth["board"] = grown
            for final in action_results(after_growth, seat, dest):
                final["to_move"] = seat % n_players + 1
                results.append(final)
    return results


def successors(lpn: str) -> set[str]:
    """The set of distinct successor positions (as LPN) of an LPN position."""
    return {format_lpn(s) for s in successor_states(parse_lpn(lpn))}

#!/usr/bin/env python3
"""Regenerate the reference games and baseline images of ``tests/test_charts.py``.

    python -m scripts.make_chart_baselines            # every baseline PNG, from the committed games
    python -m scripts.make_chart_baselines --only score_two_players
    python -m scripts.make_chart_baselines --games    # also re-play the reference games (rarely needed)

What is pinned, so that a fresh machine with the same matplotlib version from
PyPI renders the same pixels:

* the style: ``logger_widget.charts.reference_style()`` = matplotlib's
  ``"default"`` style + DejaVu Sans (shipped inside matplotlib, with
  Cyrillic) + ``text.hinting: default`` (what matplotlib's own image tests use),
  wrapped around building *and* saving each chart;
* the size: each case sets its figure size; PNGs are written at 100 dpi;
* the games: JSON records in ``tests/baseline/games/`` (turn notation, replayed
  and checked on load). ``--games`` re-creates them with a seeded policy
  (:func:`seeded_game`) that picks the biggest chop with probability 0.8,
  otherwise a uniformly random legal turn from ``Game.legal_turns()``;
* the versions: ``tests/baseline/charts/VERSIONS.json`` records matplotlib,
  its bundled FreeType and Babel; the image tests are skipped (with the
  reason) on other versions, where anti-aliasing and kerning may differ.

Ukrainian and Spanish baselines need the chart messages translated in the
catalogues; ``--locales DIR`` renders them from another copy of the
``locales`` folder.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from logger_widget import Game

ROOT = Path(__file__).resolve().parents[1]

BASELINE_DIR = ROOT / "tests" / "baseline" / "charts"
GAMES_DIR = ROOT / "tests" / "baseline" / "games"
VERSIONS_FILE = BASELINE_DIR / "VERSIONS.json"
DPI = 100

#: Reference games: name → (players, seed, what the game must show).
GAMES: dict[str, tuple[int, int, Callable[[Game], bool]]] = {
    "two_players": (2, 0, lambda g: g.outcome is not None and g.outcome.tie_break == "score"),
    "three_players": (3, 6, lambda g: g.outcome is not None and g.outcome.tie_break == "score"),
    "four_players": (4, 4, lambda g: g.outcome is not None and g.outcome.tie_break == "score"),
    "tie_protesters": (2, 1, lambda g: g.outcome is not None and g.outcome.tie_break == "protesters"),
    "shared_win": (4, 0, lambda g: g.outcome is not None and g.outcome.tie_break == "shared"),
}

POLICY = "biggest chop with probability 0.8, else a uniformly random legal turn (random.Random(seed))"


def seeded_game(players: int, seed: int, chop_bias: float = 0.8, turn_limit: int = 300) -> Game:
    """A deterministic game: the biggest chop with probability ``chop_bias``, else a random legal turn."""
    rng = random.Random(seed)
    game = Game.new(players, turn_limit=turn_limit)
    while not game.is_over:
        position = game.position
        turns = list(game.legal_turns())
        chops = [t for t in turns if t.action is not None and t.action.kind == "chop"]
        if chops and rng.random() < chop_bias:
            seat = position.to_move - 1
            gains = [position.play(t).scores[seat] for t in chops]
            best = max(gains)
            turn = rng.choice([t for t, g in zip(chops, gains) if g == best])
        else:
            turn = rng.choice(turns)
        game.play(turn)
    return game


def write_games() -> None:
    GAMES_DIR.mkdir(parents=True, exist_ok=True)
    for name, (players, seed, wanted) in GAMES.items():
        game = seeded_game(players, seed)
        if not wanted(game):
            raise SystemExit(f"game {name!r} (seed {seed}) no longer shows what it must: pick another seed")
        game.metadata = {
            "reference": name,
            "seed": seed,
            "policy": POLICY,
            "generator": "scripts/make_chart_baselines.py",
        }
        record = game.to_record()
        record["turn_limit"] = None
        game = Game.from_record(record)  # the committed record has no turn limit
        game.save(GAMES_DIR / f"{name}.json")
        print(
            f"games/{name}.json: {len(game.turns)} turns, {game.outcome.to_dict() if game.outcome else None}"
        )


def load_game(name: str, turns: int | None = None) -> Game:
    """A reference game, or its first ``turns`` turns (a game in progress)."""
    game = Game.load(GAMES_DIR / f"{name}.json")
    if turns is not None:
        record = game.to_record()
        record["turns"] = record["turns"][:turns]
        for key in ("final", "outcome"):
            record.pop(key)
        game = Game.from_record(record)
    return game


# --------------------------------------------------------------------------- tournament inputs

BOTS = ("random", "greedy", "mcts:easy", "minimax:2")
#: Row bot's win rate against the column bot over 20 games each
#: (made-up plain numbers, consistent: r[i][j] + r[j][i] = 1).
RATES = (
    (None, 0.20, 0.10, 0.15),
    (0.80, None, 0.40, 0.55),
    (0.90, 0.60, None, 0.50),
    (0.85, 0.45, 0.50, None),
)
GAMES_PER_PAIR = 20
RATINGS = (
    ("random", 1318.0, 1251.0, 1384.0),
    ("greedy", 1507.0, 1449.0, 1566.0),
    ("mcts:easy", 1583.0, 1522.0, 1644.0),
    ("minimax:2", 1592.0, 1529.0, 1657.0),
)
FIRST_PLAYER = (0.56, 0.511, 0.608)  # 2-player games, 400 of them
SEATS_4P = ((0.31, 0.25, 0.38), (0.26, 0.20, 0.32), (0.22, 0.17, 0.28), (0.21, 0.16, 0.27))


def win_rate_table() -> tuple[Any, ...]:
    from logger_widget.tournament.ratings import wilson_interval

    low = tuple(
        tuple(None if r is None else wilson_interval(r * GAMES_PER_PAIR, GAMES_PER_PAIR)[0] for r in row)
        for row in RATES
    )
    high = tuple(
        tuple(None if r is None else wilson_interval(r * GAMES_PER_PAIR, GAMES_PER_PAIR)[1] for r in row)
        for row in RATES
    )
    games = tuple(tuple(None if r is None else GAMES_PER_PAIR for r in row) for row in RATES)
    return (BOTS, RATES, low, high, games)


# --------------------------------------------------------------------------- the baseline cases


def _cases() -> dict[str, Callable[[], Figure]]:
    from logger_widget import charts

    return {
        "score_two_players": lambda: charts.score_progression(load_game("two_players"), locale="en"),
        "score_three_players_by_round": lambda: charts.score_progression(
            load_game("three_players"), locale="en", by="round"
        ),
        "score_four_players": lambda: charts.score_progression(load_game("four_players"), locale="en"),
        "score_tie_protesters": lambda: charts.score_progression(load_game("tie_protesters"), locale="en"),
        "score_tie_protesters_uk": lambda: charts.score_progression(load_game("tie_protesters"), locale="uk"),
        "score_shared_win_es": lambda: charts.score_progression(load_game("shared_win"), locale="es"),
        "score_in_progress": lambda: charts.live_chart(load_game("three_players", turns=20), "en"),
        "forest_four_players": lambda: charts.board_history(load_game("four_players"), locale="en"),
        "forest_small_three_players_uk": lambda: charts.board_history(
            load_game("three_players"), locale="uk", kind="small"
        ),
        "win_rate_matrix": lambda: charts.win_rate_matrix(win_rate_table(), locale="en"),
        "ratings": lambda: charts.rating_chart(RATINGS, locale="en"),
        "first_player_two_players": lambda: charts.first_player_chart(FIRST_PLAYER, games=400, locale="en"),
        "first_player_four_players_es": lambda: charts.first_player_chart(SEATS_4P, games=240, locale="es"),
    }


#: Names of the baseline cases (see :func:`render`).
CASES = tuple(_cases())


def render(name: str, path: Path) -> None:
    """Build case ``name`` and write it to ``path`` as PNG, all inside the reference style."""
    from logger_widget.charts import reference_style

    with reference_style():
        figure = _cases()[name]()
        figure.savefig(path, format="png", dpi=DPI)


def versions() -> dict[str, str]:
    import babel
    import matplotlib
    from matplotlib import ft2font

    return {
        "matplotlib": matplotlib.__version__,
        "freetype": ft2font.__freetype_version__,
        "babel": babel.__version__,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", action="store_true", help="re-play the reference games first")
    parser.add_argument("--only", action="append", choices=CASES, help="only this case (repeatable)")
    parser.add_argument("--locales", type=Path, help="read the catalogues from this locales folder")
    args = parser.parse_args(argv)
    if args.locales is not None:
        from logger_widget import i18n

        i18n.LOCALES_DIR_CANDIDATES = (args.locales.resolve(),)
    if args.games:
        write_games()
    BASELINE_DIR.mkdir(parents=True, exist_ok=True)
    for name in args.only or CASES:
        render(name, BASELINE_DIR / f"{name}.png")
        print(f"charts/{name}.png")
    VERSIONS_FILE.write_text(json.dumps(versions(), indent=2) + "\n", encoding="utf-8")
    print(f"versions: {versions()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Tests of the post-game review (logger_widget.review) and its chart (charts.evaluation).

Constructed games where the right answer is known:

* ``MISS``: Player 1's logger on a1 beside three mature trees in a row (b1, c1, d1);
  chopping b1 fells all three, and Player 2 (on e3) can fell them next turn from e1.
  Walking away (``a1-a3 *b3``) misses 3 points and hands them over: a blunder.
* the same position with the chop played: the best turn, loss 0.
* ``FORCED``: Player 1 is boxed in on a1 with no action possible: one legal turn, ``best`` without search.
"""

from __future__ import annotations

import re
import warnings

import pytest
from matplotlib.collections import PathCollection
from matplotlib.text import Text

from logger_widget import Game, Position
from logger_widget.bots import MCTSBot
from logger_widget.charts import description, evaluation, to_png
from logger_widget.review import LABELS, THRESHOLDS, Review, label_for, review, turn_facts
from logger_widget.tournament import play_game

MISS = "...../...../....2/...../1mmm. 1 0,0 2,2"
CHOP = "a1 +b2,c2,d2 xb1"
WALK_AWAY = "a1-a3 *b3"
FORCED = "...p2/....p/...../s..../1s... 1 0,0 0,2"


def game_of(start: str, *turns: str) -> Game:
    game = Game(start)
    for turn in turns:
        game.play(turn)
    return game


@pytest.fixture(scope="module")
def short_game() -> Game:
    return play_game(["greedy", "mcts:easy"], seed=3, turn_limit=12)


@pytest.fixture(scope="module")
def short_review(short_game) -> Review:
    return review(short_game, seconds=0.01, seed=1)


# --------------------------------------------------------------------------- labels on known games


def test_missing_a_three_tree_chop_is_a_blunder():
    result = review(game_of(MISS, WALK_AWAY), seconds=0.02, seed=0)
    (turn,) = result.turns
    assert turn.label == "blunder" and turn.loss >= THRESHOLDS["blunder"]
    assert turn.best.action is not None and turn.best.action.kind == "chop"
    # the facts behind the sentence come from the engine: the chop fells b1, c1 and d1 for 3 points
    assert turn.best_facts.felled == ("b1", "c1", "d1") and turn.best_facts.points == 3
    assert turn.played_facts.points == 0 and turn.played_facts.kind == "plant"
    assert turn.best_value > turn.played_value


def test_playing_the_best_turn_is_best_with_no_loss():
    result = review(game_of(MISS, CHOP), seconds=0.02, seed=0)
    (turn,) = result.turns
    assert (turn.label, turn.loss, turn.best) == ("best", 0.0, turn.played)
    assert turn.played_facts.felled == ("b1", "c1", "d1")


def test_a_forced_turn_is_best_without_a_search():
    class Refuses(MCTSBot):
        def analyse_with_values(self, position):  # pragma: no cover - must not be called
            if position.to_move == 1 and position.lpn == FORCED:
                raise AssertionError("the forced position was searched")
            return super().analyse_with_values(position)

    assert len(Position.from_lpn(FORCED).successors()) == 1
    result = review(game_of(FORCED, "a1"), bot=Refuses(iterations=50), seed=0)
    (turn,) = result.turns
    assert turn.forced and turn.label == "best" and turn.loss == 0.0
    assert result.values[0] == result.values[1]


@pytest.mark.parametrize(
    "loss, label",
    [
        (0.0, "best"),
        (0.01, "good"),
        (0.05, "inaccuracy"),
        (0.0999, "inaccuracy"),
        (0.1, "mistake"),
        (0.15, "blunder"),
        (0.9, "blunder"),
    ],
)
def test_label_thresholds(loss, label):
    assert label_for(loss) == label


def test_the_best_turn_found_is_best_whatever_the_noise():
    assert label_for(0.2, is_best=True) == "best"


# --------------------------------------------------------------------------- the whole review


def test_a_review_covers_every_turn(short_game, short_review):
    r = short_review
    assert len(r.turns) == len(short_game.turns) and len(r.values) == len(short_game.turns) + 1
    for i, t in enumerate(r.turns):
        assert t.ply == i + 1 and t.played == short_game.turns[i]
        assert t.seat == short_game.positions[i].to_move
        assert t.label in LABELS and t.loss >= 0
        assert t.best_value >= t.played_value and t.loss == pytest.approx(t.best_value - t.played_value)
        assert t.position.is_legal(t.best)
        # the played turn's value is the value of the game's next position for its mover
        assert t.played_value == r.values[i + 1][t.seat - 1]
    for row in r.values:
        assert len(row) == 2 and all(0.0 <= v <= 1.0 for v in row)


def test_same_seed_same_review(short_game, short_review):
    again = review(short_game, seconds=0.01, seed=1)
    assert again.turns == short_review.turns and again.values == short_review.values


def test_progress_is_reported_after_each_turn(short_game):
    calls = []
    review(short_game, seconds=0.001, seed=0, progress=lambda done, total: calls.append((done, total)))
    n = len(short_game.turns)
    assert calls == [(k, n) for k in range(1, n + 1)]


def test_a_review_does_not_touch_the_game(short_game):
    before = short_game.to_record()
    result = review(short_game, seconds=0.001)
    assert short_game.to_record() == before and result.game is not short_game


def test_turn_facts_of_a_protest():
    p = Position.from_lpn("....2/..m../...../...../1.... 1 0,0 2,2")
    facts = turn_facts(p, p.parse_turn("a1 !c4"))
    assert (facts.kind, facts.cells, facts.protesters_spent, facts.points) == ("protest", ("c4",), 1, 0)


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"game": "a1-a3"}, TypeError, "Game"),
        ({"game": Game.new()}, ValueError, "no"),
        ({"seconds": 0}, ValueError, "seconds"),
        ({"seconds": float("nan")}, ValueError, "seconds"),
        ({"seconds": "fast"}, TypeError, "seconds"),
        ({"seconds": True}, TypeError, "seconds"),
        ({"progress": 3}, TypeError, "progress"),
        ({"bot": "greedy"}, TypeError, "bot"),
        ({"bot": "nonsense"}, ValueError, "nonsense"),
    ],
)
def test_bad_input_is_refused_naming_it(kwargs, error, words):
    args = {"game": game_of(MISS, CHOP), **kwargs}
    with pytest.raises(error, match=words):
        review(**args)


def test_counts_refuses_a_seat_that_is_not_in_the_game(short_review):
    assert sum(short_review.counts(1).values()) + sum(short_review.counts(2).values()) == len(
        short_review.turns
    )
    with pytest.raises(ValueError, match="seat"):
        short_review.counts(3)


# --------------------------------------------------------------------------- the chart

LANGUAGES = ["en", "uk", "es"]
ENGLISH = re.compile(r"\b(Winning|chances|Turn|Player|Inaccuracy|Mistake|Blunder)\b")


@pytest.fixture(scope="module")
def reviews() -> dict[int, Review]:
    out = {}
    for players in (2, 3, 4):
        game = play_game(
            ["greedy", "random", "mcts:easy", "random"][:players], seed=5, turn_limit=4 * players
        )
        out[players] = review(game, seconds=0.002, seed=0)
    return out


def _texts(fig) -> list[str]:
    to_png(fig)
    return [t.get_text().strip() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluation_chart_in_every_language_without_warnings(reviews, players, language):
    r = reviews[players]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig = evaluation(r, locale=language)
        assert to_png(fig)[:4] == b"\x89PNG"
    ax = fig.axes[0]
    lines = [line for line in ax.get_lines() if (line.get_gid() or "").startswith("seat-")]
    assert len(lines) == players
    for seat, line in enumerate(lines, start=1):
        assert list(line.get_ydata()) == [row[seat - 1] for row in r.values]
    words = " ".join(_texts(fig))
    alt = description(fig)
    assert alt and str(len(r.turns)) in alt
    if language != "en":
        assert not ENGLISH.search(words), words
        assert not ENGLISH.search(alt), alt
    if language == "uk":
        assert re.search("[а-яіїєґ]", words)


def test_mistakes_are_marked_by_shape_and_colour():
    game = game_of(MISS, WALK_AWAY, "e3-e1 +b2,c2,d2 xd1")
    r = review(game, seconds=0.01, seed=0)
    assert r.turns[0].label == "blunder"
    fig = evaluation(r, locale="en")
    marks = [
        c for c in fig.axes[0].collections if isinstance(c, PathCollection) and c.get_gid() == "mark-blunder"
    ]
    assert len(marks) == 1 and list(marks[0].get_offsets()[0]) == [1, r.values[1][0]]
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert "Blunder (??)" in legend and "Mistake (?)" in legend and "Inaccuracy (?!)" in legend
    assert "1 blunder" in description(fig)


def test_evaluation_refuses_what_is_not_a_review(short_game):
    with pytest.raises(TypeError, match="Review"):
        evaluation(short_game)

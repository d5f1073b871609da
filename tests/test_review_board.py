"""The board's Review mode without a browser: the same intents the front end sends."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from support import Driver

from logger_widget import Game
from logger_widget.board.review_mode import review_sentence
from logger_widget.board.widget import Board
from logger_widget.bots import make_bot
from logger_widget.i18n import Translator
from logger_widget.i18n.texts.board import LABELS as BOARD_LABELS
from logger_widget.review import review

MISS = "...../...../....2/...../1mmm. 1 0,0 2,2"
WALK_AWAY = "a1-a3 *b3"
REPLY = "e3-e1 +b2,c2,d2 xd1"


def missed_game() -> Game:
    game = Game(MISS)
    game.play(WALK_AWAY)
    game.play(REPLY)
    return game


def board(locale: str = "en", mode: str = "sync", record: Any = None) -> Board:
    return Board(
        ["human", "human"],
        locale=locale,
        bot_mode=mode,
        record=record or missed_game(),
        autosave=False,
        seed=0,
    )


def test_review_button_steps_and_exit():
    b = board()
    d = Driver(b)
    assert d.view["review"]["available"] and not d.view["review"]["active"]
    assert d.send("review", op="open") == "ok"
    v = d.view["review"]
    assert v["active"] and not v["pending"] and not d.view["review"]["available"]
    step = v["step"]
    # the first mistake is shown first: Player 1 walked away from a 3-tree chop
    assert (step["ply"], step["label"], step["seat"]) == (1, "blunder", 1)
    assert "Chopping b1 would have felled 3 trees: +3 points." in step["sentence"]
    assert "The turn played scored no points." in step["sentence"]
    assert step["played"]["notation"] == WALK_AWAY and step["played"]["path"][0] == "a1"
    better = step["better"]
    assert better["kind"] == "chop" and better["targets"] == ["b1"] and better["felled"] == ["b1", "c1", "d1"]
    # the board shows the position before the reviewed turn, view only
    assert d.view["shown_lpn"] == b.game.positions[0].to_lpn() and not d.view["interactive"]
    assert d.view["status"]["text"] == "Game review: Turn 1 of 2"
    assert d.send("review", op="next") == "ok"
    step = d.view["review"]["step"]
    assert step["ply"] == 2 and step["last"] and d.view["shown_lpn"] == b.game.positions[1].to_lpn()
    assert d.send("review", op="next") == "ok" and d.view["review"]["step"]["ply"] == 2  # stays on the last
    assert d.send("review", op="prev") == "ok" and d.view["review"]["step"]["first"]
    assert d.send("review", op="goto", ply=2) == "ok" and d.view["review"]["step"]["ply"] == 2
    # a click on the board is refused while the review is shown; the game is untouched
    before = b.game.to_record()
    assert d.send("cell", cell="a3") == "rejected"
    assert "Exit review" in d.view["notice"]["text"]
    assert d.send("undo") == "rejected" and b.game.to_record() == before
    assert d.send("review", op="exit") == "ok"
    assert not d.view["review"]["active"] and d.view["shown_lpn"] == b.game.position.to_lpn()
    # opening again reuses the review (no new search)
    kept = b._review.review
    assert d.send("review", op="open") == "ok" and b._review.review is kept


@pytest.mark.parametrize("locale", ["uk", "es"])
def test_the_review_speaks_the_pupils_language(locale):
    b = board(locale)
    d = Driver(b)
    d.send("review", op="open")
    v = d.view["review"]
    words = " ".join([v["step"]["sentence"], v["step"]["label_text"], v["open"], *v["labels"].values()])
    words += " " + v["step"]["played"]["text"] + " " + v["step"]["better"]["text"]
    assert not re.search(r"\b(Turn|Chopping|would|felled|points|Exit|review|Blunder|Player)\b", words), words
    if locale == "uk":
        assert "Якби зрубати b1, упали б 3 дерева: +3 очки." in v["step"]["sentence"]
    else:
        assert "Cortar b1 habría derribado 3 árboles: +3 puntos." in v["step"]["sentence"]
    b.locale = "en"
    assert "Chopping b1" in b.view["review"]["step"]["sentence"]


def test_sentences_for_a_best_chop_and_a_forced_turn():
    tr = Translator("en")
    game = Game(MISS)
    game.play("a1 +b2,c2,d2 xb1")
    (turn,) = review(game, seconds=0.01).turns
    assert (
        review_sentence(tr, turn) == "Turn 1, Player 1: the best turn. Chopping b1 felled 3 trees: +3 points."
    )
    forced = Game("...p2/....p/...../s..../1s... 1 0,0 0,2")
    forced.play("a1")
    (turn,) = review(forced, seconds=0.01).turns
    assert review_sentence(tr, turn) == "Turn 1, Player 1: the only possible turn."


def test_a_game_without_turns_cannot_be_reviewed():
    b = Board(["human", "human"], locale="en", bot_mode="sync", autosave=False)
    d = Driver(b)
    assert not d.view["review"]["available"]
    assert d.send("review", op="open") == "rejected" and "no turn" in d.view["notice"]["text"]
    assert d.send("review", op="sideways") == "invalid"


def test_the_review_runs_in_the_background_with_progress():
    b = board(mode="thread")
    d = Driver(b)
    seen: list[tuple[int, int]] = []
    b.observe(lambda change: seen.append(_progress(change["new"])), "_view")
    assert d.send("review", op="open") == "ok"
    assert d.view["review"]["pending"] and d.view["review"]["progress"]["text"].startswith(
        "Looking for better turns"
    )
    deadline = time.monotonic() + 120
    while b._review.pending and time.monotonic() < deadline:
        b._bots.drain()
        time.sleep(0.02)
    b._bots.drain()
    with b._lock:  # the worker sets "pending" to False, then redraws under the lock: read the view after it
        assert not b._review.pending and d.view["review"]["step"], d.view["notice"]
    assert d.view["review"]["step"]["label"] == "blunder"
    assert (2, 2) in seen  # the progress reached the front end before the end


def _progress(view: dict[str, Any]) -> tuple[int, int]:
    p = (view.get("review") or {}).get("progress")
    return (p["done"], p["total"]) if p else (-1, -1)


def test_a_new_game_leaves_the_review():
    b = board()
    d = Driver(b)
    d.send("review", op="open")
    assert d.send("review", op="exit") == "ok"
    assert d.send("new_game") == "ok"
    assert b._review.review is None and not d.view["review"]["active"] and not d.view["review"]["available"]


def longer_game(turns: int = 7) -> Game:
    """A two-seat game of ``turns`` turns played by the greedy bot (for the sliders' texts)."""
    game = Game(MISS)
    bot = make_bot("greedy", seed=0)
    for _ in range(turns):
        game.play(bot.choose(game.position))
    return game


@pytest.mark.parametrize(
    ("locale", "expected"),
    [("en", "Turn {n} of 7"), ("uk", "Хід {n} з 7"), ("es", "Jugada {n} de 7")],
)
def test_the_bottom_replay_slider_names_the_reviewed_turn(locale, expected):
    """While reviewing, the game's replay slider tells the reviewed turn (it read "Start" on turn 1)."""
    b = board(locale, record=longer_game())
    d = Driver(b)
    assert d.send("review", op="open") == "ok"
    start = b.translator.translate(BOARD_LABELS["start"])
    for ply in (1, 2, 5, 7):
        assert d.send("review", op="goto", ply=ply) == "ok"
        replay = d.view["replay"]
        assert replay["text"] == expected.format(n=ply) != start, (ply, replay)
        assert (replay["value"], replay["min"], replay["max"], replay["active"]) == (ply, 1, 7, False)
        assert replay["text"] == d.view["review"]["step"]["text"]
        # the history panel marks the reviewed turn, not the one before it
        current = [it["ply"] for it in d.view["history"]["items"] if it["current"]]
        assert current == [ply]
    # the slider steps the review: the front end sends its value as a "replay" intent
    assert d.send("replay", ply=3) == "ok" and d.view["review"]["step"]["ply"] == 3
    assert d.view["shown_lpn"] == b.game.positions[2].to_lpn()
    assert d.send("replay", ply=0) == "ok" and d.view["review"]["step"]["ply"] == 1
    assert d.send("replay", ply="x") == "invalid"
    # outside the review the slider is the game's again
    assert d.send("review", op="exit") == "ok"
    assert d.view["replay"]["text"] == "7 / 7" and d.view["replay"]["min"] == 0

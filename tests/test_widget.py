"""The board widget without a browser: drive it with the messages the front end sends."""

from __future__ import annotations

import json
import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from support import Driver, english_words

from logger_widget import Game, Position, Turn
from logger_widget.board.view import BoardState, Seat, build_view, describe_turn, notation_in_text
from logger_widget.board.widget import Board
from logger_widget.bots import make_bot
from logger_widget.i18n import Translator
from logger_widget.i18n.texts.board import LANGUAGE_NAMES

STATIC = Path(__file__).resolve().parents[1] / "logger_widget" / "board" / "static"

#: Player 1 walled in by protested trees, supply 0: only "stay", a spawn choice, no action (skipped).
SKIP = "....2/...../...../p..../1p... 1 0,0 0,2"
#: Near the end, many mature trees: chops, spawns and protests are all possible.
NEAR_END = "m.m.2/.m.m./m.a.m/.m.s./1.m.. 1 7,6 2,2"
#: Protest: Player 1 has 2 protesters, mature trees around.
PROTEST = "m...2/...../..m../...../1.m.m 1 0,0 2,2"


def sync_board(players: Any = ("human", "random"), locale: str = "en", **kw: Any) -> Board:
    kw.setdefault("seed", 1)
    return Board(list(players), locale=locale, bot_mode="sync", **kw)


def strings(obj: Any, skip: frozenset[str] = frozenset()) -> list[str]:
    """Every string value in a view model, except under the keys in ``skip``."""
    out: list[str] = []
    if isinstance(obj, str):
        out.append(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k not in skip:
                out.extend(strings(v, skip))
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            out.extend(strings(v, skip))
    return out


# Keys whose values are identifiers or language-neutral (cells, notation, LPN, ids).
NEUTRAL_KEYS = frozenset(
    {
        "id",
        "lang",
        "piece",
        "mark",
        "kind",
        "stage",
        "notation",
        "lpn",
        "shown_lpn",
        "files",
        "ranks",
        "cell_names",
        "origin",
        "destination",
        "targets",
        "grew",
        "spawned",
        "felled",
        "reason",
        "tie_break",
        "state",
        "action",
        "languages",
        "bot_name",
        "bot_name_full",
        "palette",
        "pieces",  # SVG markup: no words
    }
)
# ---------------------------------------------------------------------------- static files


def test_static_files_and_scoped_css() -> None:
    assert (STATIC / "board.js").is_file() and (STATIC / "board.css").is_file()
    assert str(Board._esm) == (STATIC / "board.js").read_text(encoding="utf-8")
    assert str(Board._css) == (STATIC / "board.css").read_text(encoding="utf-8")
    css = (STATIC / "board.css").read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    # every rule's selectors start with .lw-board (keyframe steps excepted)
    for block in re.finditer(r"([^{}]+)\{", css):
        head = block.group(1).strip()
        if not head or head.startswith("@") or head in ("from", "to") or re.fullmatch(r"\d+%", head):
            continue
        for selector in head.split(","):
            assert selector.strip().startswith(".lw-board"), selector


def test_js_has_no_user_visible_text() -> None:
    js = (STATIC / "board.js").read_text(encoding="utf-8")
    assert "export default" in js and "render" in js
    # text nodes and attributes come from the view: no literal words are put on screen
    for literal in re.findall(r'h\(\s*"[a-z0-9]+"\s*,\s*\{[^}]*\}\s*,\s*"([^"]+)"', js):
        assert not re.search(r"[A-Za-z]{3,}", literal), literal
    for word in ("Plant", "Chop", "Protest", "Undo", "Player", "Thinking", "Hint"):
        assert f'"{word}' not in js and f"'{word}" not in js and f">{word}" not in js, word


def test_hooks_in_the_view() -> None:
    b = sync_board()
    v = b.view
    ids = [c["id"] for row in v["cells"] for c in row]
    assert ids[0] == "a5" and ids[-1] == "e1" and len(set(ids)) == 25
    assert [a["id"] for a in v["actions"]] == ["plant", "protest", "chop"]
    assert {p["seat"] for p in v["players"]} == {1, 2}
    assert v["players"][0]["first"] and not v["players"][1]["first"]
    assert {lang["id"] for lang in v["languages"]} == {"uk", "es", "es_419", "en"}
    js = (STATIC / "board.js").read_text(encoding="utf-8")
    for hook in (
        "lw-board",
        "data-cell",
        "action-${k}",
        "protest-done",
        '"undo"',
        '"redo"',
        '"hint"',
        '"new-game"',
        '"status"',
        "score-${p.seat}",
        '"locale"',
    ):
        assert hook in js, hook
    # the pieces come drawn from logger_widget.svg with the view's static part, with their hooks
    pieces = b._static["pieces"]
    assert 'data-piece="logger-2"' in pieces["logger"]["2"]
    assert 'data-piece="sapling"' in pieces["tree"]["sapling"]
    assert (
        'data-protested="true"' in pieces["protested"]["mature"]
        and "data-protested" not in pieces["tree"]["mature"]
    )


# ---------------------------------------------------------------------------- construction and API


def test_defaults_and_seats() -> None:
    b = Board(bot_mode="sync")
    assert b.locale == "uk"
    assert b.seats[0] == "human" and b.seats[1] == "mcts:easy"
    assert b.position == Position.initial(2)
    assert b.lpn == Position.initial(2).to_lpn()
    with pytest.raises(ValueError):
        Board(["human"])
    with pytest.raises(ValueError):
        Board(["human"] * 5)
    with pytest.raises(ValueError):
        Board(["human", "no-such-bot"])
    four = Board(["human", "random", "greedy", lambda p: next(iter(p.legal_turns()))], bot_mode="sync")
    assert len(four.view["players"]) == 4 and four.position.players == 4
    corners = Board(["human", "human"], corners=["e1", "a5"])
    assert corners.position.loggers == ("e1", "a5")


def test_locale_is_negotiated() -> None:
    b = Board(["human", "human"], locale="es-MX")
    assert b.locale == "es_419" and b.view["lang"] == "es_419"  # Latin-American Spanish
    b.locale = "es_ES"
    assert b.locale == "es" and b.view["lang"] == "es"
    b.locale = "en_GB"
    assert b.locale == "en" and b.view["lang"] == "en"


def test_python_api_play_undo_redo_load_and_observe() -> None:
    b = sync_board(("human", "human"))
    seen: list[str] = []
    b.observe(lambda change: seen.append(change["new"]), "lpn")
    calls: list[int] = []
    b.on_change(lambda board: calls.append(len(board.game.turns)))
    b.play("a1-a3 *b3")
    b.play("e5-e4 *d4")
    assert len(b.game.turns) == 2 and seen[-1] == b.position.to_lpn()
    assert calls == [1, 2]
    assert b.undo(1) == 1 and len(b.game.turns) == 1
    assert b.redo() == 1 and len(b.game.turns) == 2
    record = b.game.to_record()
    other = sync_board(("human", "human"))
    other.load(record)
    assert other.position == b.position and len(other.game.turns) == 2
    other.load(json.dumps(record))
    assert other.position == b.position
    other.load(NEAR_END)
    assert other.lpn == Position.from_lpn(NEAR_END).to_lpn()
    other.load(Game.from_record(record))
    assert other.position == b.position
    other.new_game()
    assert other.position == Position.initial(2) and not other.game.turns
    with pytest.raises(ValueError):
        other.undo()
    with pytest.raises(ValueError):
        b.play("a3-e3")  # illegal: nothing changes
    assert len(b.game.turns) == 2


def test_record_parameter_and_player_count_follow_the_game() -> None:
    b = Board(["human", "human"], record="4...3/...../..s../...../1...2 1 0,0,0,0 1,1,1,1")
    assert len(b.view["players"]) == 4 and b.seats == ("human",) * 4


# ---------------------------------------------------------------------------- a whole game


def test_full_game_human_vs_bot_by_messages() -> None:
    b = sync_board(("human", "greedy"), locale="uk", record=NEAR_END)
    d = Driver(b)
    planner = make_bot("random", seed=4)
    turns = 0
    while not b.game.is_over:
        assert b.view["interactive"] and b.view["to_move"] == 1
        d.play(planner.choose(b.position))
        turns += 1
        assert turns < 60
    v = b.view
    assert v["over"] and v["result"] is not None and v["stage"] == "over"
    assert v["status"]["kind"] == "over"
    assert not any(c["selectable"] for row in v["cells"] for c in row)
    assert not any(a["enabled"] for a in v["actions"])
    assert len(v["history"]["items"]) == len(b.game.turns)
    out = b.game.outcome
    assert out is not None and v["result"]["winners"] == list(out.winners)
    assert d.cell("a1") == "rejected"  # the game is over
    assert b.game.outcome == out


def test_full_game_from_the_start_with_the_real_bot_in_sync_mode() -> None:
    b = sync_board(("human", "mcts:easy"), record=None, seed=2)
    d = Driver(b)
    me = make_bot("greedy")
    for _ in range(200):
        if b.game.is_over:
            break
        d.play(me.choose(b.position))
    assert b.game.is_over
    assert b.view["result"]["headline"]


# ---------------------------------------------------------------------------- the steps of a turn


def test_move_highlights_come_from_turn_in_progress() -> None:
    b = sync_board(("human", "human"))
    tip = b.position.start_turn()
    marks = Driver(b).marks()
    assert set(marks) == set(tip.options())
    assert marks["a1"] == "stay" and all(m == "move" for c, m in marks.items() if c != "a1")
    assert all(c["selectable"] == (c["id"] in marks) for row in b.view["cells"] for c in row)


def test_forced_action_is_chosen_and_back_steps_back() -> None:
    b = sync_board(("human", "human"))
    d = Driver(b)
    assert d.cell("a3") == "ok"
    v = d.view
    assert v["stage"] == "plant"  # plant was the only action: chosen at once
    assert [a["pressed"] for a in v["actions"]] == [True, False, False]
    assert [a["enabled"] for a in v["actions"]] == [True, False, False]
    assert v["phases"][2]["state"] == "current" and v["phases"][0]["state"] == "done"
    assert v["back"]["enabled"]
    assert d.send("back") == "ok"
    assert d.view["stage"] == "move" and not d.view["back"]["enabled"]
    assert d.cell("a2") == "ok"
    assert d.cell("b2") == "ok"
    assert b.game.turns[-1].notation() == "a1-a2 *b2"


def test_spawn_choices_one_by_one_and_chop_preview() -> None:
    b = sync_board(("human", "human"), record=NEAR_END)
    d = Driver(b)
    assert d.cell("b1") == "ok"
    v = d.view
    assert v["stage"] == "spawn"
    tip = b.position.start_turn().choose("b1")
    assert set(d.marks()) == set(tip.options())
    assert {c["id"] for row in v["cells"] for c in row if c["spawner"]} == set(tip.spawning_trees)
    # choose spawn cells until the action phase
    while d.view["stage"] == "spawn":
        assert d.cell(next(c for c, m in d.marks().items() if m == "spawn")) == "ok"
    v = d.view
    assert v["stage"] == "action"
    assert any(c["new"] for row in v["cells"] for c in row)
    assert v["previews"], "chop previews are sent with the action choice"
    cell, preview = next(iter(v["previews"].items()))
    assert preview["points"] == len(preview["felled"]) >= 1 and preview["lines"]
    assert d.send("action", kind="chop") == "ok"
    assert d.view["stage"] == "chop" and set(d.marks()) == set(d.view["previews"])
    before = b.position.scores[0]
    assert d.cell(cell) == "ok"
    assert b.position.scores[0] == before + preview["points"]
    last = b.view["last"]
    assert last["felled"] == preview["felled"] and last["action"] == "chop"


def test_clicking_a_target_in_the_action_phase_when_unambiguous() -> None:
    b = sync_board(("human", "human"), record=NEAR_END)
    d = Driver(b)
    d.cell("a1")  # stay; spawns may need choosing
    while d.view["stage"] == "spawn":
        d.cell(next(c for c, m in d.marks().items() if m == "spawn"))
    assert d.view["stage"] == "action"
    # b1 is a free cell next to the logger: only planting can use it
    tip = b._controller.steps[-1]
    plant_cells = tip.choose("plant").options()
    assert plant_cells
    assert d.cell(plant_cells[0]) == "ok"
    assert b.game.turns[-1].action.kind == "plant"


def test_protest_multi_select_unchoose_and_done() -> None:
    b = sync_board(("human", "human"), record=PROTEST)
    d = Driver(b)
    assert d.cell("a1") == "ok"
    while d.view["stage"] == "spawn":
        d.cell(next(c for c, m in d.marks().items() if m == "spawn"))
    assert d.send("action", kind="protest") == "ok"
    v = d.view
    assert v["stage"] == "protest" and v["protest_done"]["visible"] and not v["protest_done"]["enabled"]
    targets = [c for c, m in d.marks().items() if m == "protest"]
    assert len(targets) >= 2
    assert d.cell(targets[0]) == "ok"
    assert d.marks()[targets[0]] == "chosen" and d.view["protest_done"]["enabled"]
    assert d.cell(targets[0]) == "ok"  # choose again: un-choose
    assert d.marks()[targets[0]] == "protest"
    assert d.cell(targets[1]) == "ok"
    assert d.send("done") == "ok"
    assert b.game.turns[-1].action.cells == (targets[1],)
    assert b.position.supplies[0] == 1
    # with the last protester placed, "done" is the only choice left: the turn ends by itself
    b2 = sync_board(("human", "human"), record=PROTEST)
    d2 = Driver(b2)
    d2.cell("a1")
    while d2.view["stage"] == "spawn":
        d2.cell(next(c for c, m in d2.marks().items() if m == "spawn"))
    d2.send("action", kind="protest")
    two = [c for c, m in d2.marks().items() if m == "protest"][:2]
    assert d2.cell(two[0]) == "ok" and d2.cell(two[1]) == "ok"
    assert b2.game.turns[-1].action.cells == tuple(sorted(two))
    assert b2.position.supplies[0] == 0


def test_switching_action_kind() -> None:
    b = sync_board(("human", "human"), record=PROTEST)
    d = Driver(b)
    d.cell("a1")
    while d.view["stage"] == "spawn":
        d.cell(next(c for c, m in d.marks().items() if m == "spawn"))
    assert d.send("action", kind="protest") == "ok"
    assert d.send("action", kind="plant") == "ok"
    assert d.view["stage"] == "plant"
    assert [a["pressed"] for a in d.view["actions"]] == [True, False, False]
    assert d.send("action", kind="chop") == "rejected"  # not possible here
    assert d.send("back") == "ok"
    assert d.view["stage"] == "action"


def test_skipped_action_is_announced() -> None:
    b = sync_board(("human", "human"), record=SKIP, locale="en")
    d = Driver(b)
    v = d.view
    # the only move (stay) was made for the player: growth is next
    assert v["stage"] == "spawn"
    while d.view["stage"] == "spawn":
        d.cell(next(c for c, m in d.marks().items() if m == "spawn"))
    assert b.game.turns[-1].action is None
    notice = b.view["notice"]
    assert notice and "skipped" in notice["text"] and "Player 1" in notice["text"]


# ---------------------------------------------------------------------------- robustness


def test_stale_duplicate_and_rapid_messages_do_not_corrupt_the_game() -> None:
    b = sync_board(("human", "human"))
    d = Driver(b)
    v0 = d.view["version"]
    assert d.send("cell", cell="a3", seq=10) == "ok"
    assert d.send("cell", cell="a3", seq=10) == "duplicate"
    assert d.send("cell", cell="b3", seq=9) == "duplicate"
    assert d.send("cell", cell="b3", seq=11, version=v0) == "stale"
    d.seq = 11
    assert b._controller.steps[-1].stage == "plant" and not b.game.turns
    # five rapid clicks based on the same view: only the first is taken
    v1 = d.view["version"]
    results = [d.send("cell", cell=c, version=v1) for c in ("b3", "a4", "a2", "b3", "a4")]
    assert results == ["ok", "stale", "stale", "stale", "stale"]
    assert [t.notation() for t in b.game.turns] == ["a1-a3 *b3"]
    # another view (client) has its own sequence numbers
    other = Driver(b, client="second-view")
    assert other.send("cell", cell="e4", seq=1) == "ok"
    # junk is ignored
    assert b.handle_message("nonsense") == "invalid"
    assert b.handle_message({"type": "intent", "action": 3}) == "invalid"
    assert d.send("no-such-action") == "invalid"
    assert d.send("cell", cell=None) == "invalid"
    assert d.send("action", kind="dance") == "invalid"
    assert d.send("replay", ply="x") == "invalid"
    assert b.game.turns[0].notation() == "a1-a3 *b3"


def test_illegal_intents_are_explained_in_the_players_language() -> None:
    b = sync_board(("human", "human"), locale="uk")
    d = Driver(b)
    assert d.cell("e3") == "rejected"  # not reachable
    notice = d.view["notice"]
    assert notice["kind"] == "info" and "e3" in notice["text"] and not english_words(notice["text"])
    assert not b.game.turns and b._controller.steps[-1].stage == "move"
    assert d.send("action", kind="chop") == "rejected"  # no action before moving
    assert d.send("done") == "rejected"
    # a typed turn: illegal → the rule, translated by the catalogue
    assert d.send("notation", text="a1-e3") == "rejected"
    text = d.view["notice"]["text"]
    assert "e3" in text and re.search("[а-яіїє]", text)
    assert d.send("notation", text="zz top") == "rejected"
    assert "zz top" in d.view["notice"]["text"]
    assert d.send("notation", text="   ") == "rejected"
    assert not b.game.turns
    assert d.send("notation", text="a1-a3 *b3") == "ok"
    assert b.game.turns[0].notation() == "a1-a3 *b3" and d.view["notice"] is None


def slow_bot() -> tuple[Any, threading.Event, threading.Event]:
    """A bot function that signals ``started`` and answers only once ``release`` is set."""
    release = threading.Event()
    started = threading.Event()

    def slow(position: Position) -> Turn:
        started.set()
        release.wait(10)
        return next(iter(position.legal_turns()))

    return slow, started, release


def test_out_of_turn_intents_while_a_bot_is_thinking() -> None:
    slow, started, release = slow_bot()
    b = Board(["human", slow], locale="en", bot_mode="thread", bot_delay=0)
    d = Driver(b)
    d.cell("a3")
    d.cell("b3")
    assert started.wait(5)
    v = d.view
    assert v["status"]["kind"] == "thinking" and v["players"][1]["thinking"] and not v["interactive"]
    assert d.cell("a1") == "rejected" and "bot" in d.view["notice"]["text"]
    release.set()
    assert b.wait(10)
    assert len(b.game.turns) == 2 and d.view["interactive"]


def test_undo_while_a_bot_thinks_drops_its_late_answer() -> None:
    slow, started, release = slow_bot()
    b = Board(["human", slow], locale="en", bot_mode="thread", bot_delay=0)
    d = Driver(b)
    d.cell("a3")
    d.cell("b3")
    assert started.wait(5)
    assert d.view["undo"]["enabled"]
    assert d.send("undo") == "ok"
    assert not b.game.turns and b.thinking is None and d.view["interactive"]
    release.set()
    b.wait(5)
    threading.Event().wait(0.2)
    assert not b.game.turns, "the late answer of the bot was dropped"


def test_bot_exception_pauses_the_seat_then_take_over_or_retry() -> None:
    calls = {"n": 0}

    def flaky(position: Position) -> Turn:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("my bot is broken")
        return next(iter(position.legal_turns()))

    b = sync_board(("human", flaky), locale="uk")
    d = Driver(b)
    d.cell("a3")
    d.cell("b3")
    v = d.view
    assert v["status"]["kind"] == "paused" and v["players"][1]["paused"]
    assert v["notice"]["kind"] == "error" and "my bot is broken" in v["notice"]["text"]
    assert len(b.game.turns) == 1
    assert d.cell("a4") == "rejected"  # not a person's turn
    assert d.send("retry") == "ok"
    assert len(b.game.turns) == 2 and not d.view["players"][1]["paused"]

    def broken(position: Position) -> Turn:
        raise ValueError("always broken")

    b2 = sync_board(("human", broken))
    d2 = Driver(b2)
    d2.cell("a3")
    d2.cell("b3")
    assert d2.view["status"]["kind"] == "paused"
    assert d2.send("take_over") == "ok"
    assert b2.seats[1] == "human" and d2.view["interactive"] and d2.view["to_move"] == 2
    d2.cell("e4")
    assert len(b2.game.turns) == 1 or b2.controller.steps[-1].stage != "move"


def test_bot_returning_an_illegal_turn_is_explained() -> None:
    b = sync_board(("human", lambda position: "e5-a1"), locale="en")
    d = Driver(b)
    d.cell("a3")
    d.cell("b3")
    v = d.view
    assert v["status"]["kind"] == "paused" and "not allowed" in v["notice"]["text"]
    assert len(b.game.turns) == 1


def test_bots_play_by_themselves_in_thread_mode() -> None:
    b = Board(["random", "greedy", "random"], bot_mode="thread", bot_delay=0, seed=3)
    assert b.wait(60)
    assert b.game.is_over
    assert b.view["result"] is not None


def test_bot_vs_bot_sync_and_bot_objects() -> None:
    bot = make_bot("greedy")
    b = sync_board((bot, "random"))
    assert b.game.is_over and b.seats[0] == "greedy"


# ---------------------------------------------------------------------------- history, replay, records, hint


def test_undo_redo_buttons_take_back_to_a_persons_turn() -> None:
    b = sync_board(("human", "random"))
    d = Driver(b)
    assert not d.view["undo"]["enabled"]
    assert d.send("undo") == "rejected"
    d.cell("a3")
    d.cell("b3")
    assert len(b.game.turns) == 2 and d.view["undo"]["enabled"]
    assert d.send("undo") == "ok"
    assert not b.game.turns and d.view["redo"]["enabled"] and d.view["interactive"]
    assert d.send("redo") == "ok"
    assert len(b.game.turns) == 2
    assert d.send("redo") == "rejected"


def test_replay_is_view_only() -> None:
    b = sync_board(("human", "random"))
    d = Driver(b)
    d.cell("a3")
    d.cell("b3")
    assert d.send("replay", ply=0) == "ok"
    v = d.view
    assert v["replay"]["active"] and v["stage"] == "replay" and not v["interactive"]
    assert v["shown_lpn"] == b.game.positions[0].to_lpn() and v["lpn"] == b.lpn
    assert d.cell("a1") == "rejected"
    assert d.send("replay", ply=1) == "ok" and d.view["last"]["notation"] == "a1-a3 *b3"
    assert d.send("replay", ply=None) == "ok"
    assert not d.view["replay"]["active"] and d.view["interactive"]
    # the slider is never refused as stale (a fast drag sends many)
    old = d.view["version"] - 5
    assert d.send("replay", ply=1, version=old) == "ok"


def test_export_and_import_records() -> None:
    b = sync_board(("human", "random"))
    d = Driver(b)
    sent: list[dict[str, Any]] = []
    b.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    d.cell("a3")
    d.cell("b3")
    assert d.send("export") == "ok"
    assert sent and sent[-1]["type"] == "download" and sent[-1]["filename"].endswith(".json")
    text = sent[-1]["text"]
    assert Game.from_json(text).position == b.position
    fresh = sync_board(("human", "random"))
    fd = Driver(fresh)
    assert fd.send("import", text="{not json") == "rejected"
    assert fd.view["notice"]["kind"] == "error" and not fresh.game.turns
    assert fd.send("import", text=text) == "ok"
    assert fresh.position == b.position and fresh.view["notice"]["kind"] == "info"  # not "✓ Correct"


def test_hint_shows_the_search_bots_suggestion() -> None:
    b = sync_board(("human", "random"), hint_bot="greedy", record=NEAR_END)
    d = Driver(b)
    assert d.view["hint"]["enabled"]
    assert d.send("hint") == "ok"
    v = d.view
    best = make_bot("greedy").analyse(b.position)[0].turn
    assert notation_in_text(best) in v["hint"]["text"], "the notation, never broken across lines"
    assert any(c["suggested"] for row in v["cells"] for c in row)
    assert d.cell(best.destination) == "ok"
    assert not any(c["suggested"] for row in d.view["cells"] for c in row)
    nohint = sync_board(("human", "random"), hint_bot=None)
    assert not nohint.view["hint"]["enabled"]


def test_new_game_intent() -> None:
    b = sync_board(("human", "random"))
    d = Driver(b)
    d.cell("a3")
    d.cell("b3")
    assert d.send("new_game") == "ok"
    assert not b.game.turns and d.view["notice"]["kind"] == "info"  # it judges nothing: not "✓ Correct"


# ---------------------------------------------------------------------------- languages


def _views_in_many_states(locale: str) -> list[dict[str, Any]]:
    """Views covering every kind of text: prompts, notices, previews, result, replay, paused bots."""
    views = []
    b = sync_board(("human", "greedy"), locale=locale, record=NEAR_END, hint_bot="greedy")
    d = Driver(b)
    views.append(b.view)
    d.send("hint")
    views.append(b.view)
    d.cell("e3")  # refused
    views.append(b.view)
    d.cell("b1")
    views.append(b.view)  # spawn
    while d.view["stage"] == "spawn":
        d.cell(next(c for c, m in d.marks().items() if m == "spawn"))
    views.append(b.view)  # action with previews
    d.send("action", kind="protest")
    views.append(b.view)
    d.send("notation", text="a1-e5")
    views.append(b.view)
    d.send("notation", text="123")
    views.append(b.view)
    while d.view["back"]["enabled"]:
        d.send("back")
    planner = make_bot("greedy")
    while not b.game.is_over:
        d.play(planner.choose(b.position))
        views.append(b.view)
    d.send("replay", ply=1)
    views.append(b.view)
    d.send("replay", ply=0)
    views.append(b.view)
    # a tie decided by protesters, and a shared win
    for lpn in ("p...2/...../...../...../1.... 1 10,10 2,1", "p...2/...../...../...../1...p 1 10,10 1,1"):
        views.append(sync_board(("human", "human"), locale=locale, record=lpn).view)
    # a skipped action, a paused bot and a bot that cheats
    s = sync_board(("human", "human"), locale=locale, record=SKIP)
    sd = Driver(s)
    while sd.view["stage"] == "spawn":
        sd.cell(next(c for c, m in sd.marks().items() if m == "spawn"))
    views.append(s.view)

    def crash(position: Position) -> Turn:
        raise RuntimeError("123")

    for bad in (crash, lambda p: "e5-a1"):
        p = sync_board(("human", bad), locale=locale)
        pd = Driver(p)
        pd.cell("a3")
        pd.cell("b3")
        views.append(p.view)
    e = sync_board(("human", "human"), locale=locale, record="....2/...../...../...../1.... 2 10,3 2,2")
    views.append(e.view)  # end game banner
    ed = Driver(e)
    ed.send("import", text='{"format": "nope"}')
    views.append(e.view)
    ed.send("undo")
    views.append(e.view)
    return views


#: Words that are the same in English and Spanish (glossary) or are names.
_SAME_IN_SPANISH = {"bot", "minimax", "Logger", "LPN", "JSON"}


@pytest.mark.parametrize("locale", ["uk", "es"])
def test_no_english_left_in_other_languages(locale: str) -> None:
    """Every visible text of many board states is translated (uk: no Latin words at all)."""
    english = _views_in_many_states("en")
    other = _views_in_many_states(locale)
    assert len(english) == len(other)
    untranslated: set[str] = set()
    for en_view, view in zip(english, other):
        assert view["lang"] == locale
        en_texts = strings(en_view, NEUTRAL_KEYS)
        texts = strings(view, NEUTRAL_KEYS)
        assert len(en_texts) == len(texts)
        for en_text, text in zip(en_texts, texts):
            if text in LANGUAGE_NAMES.values():
                continue
            if locale == "uk" and english_words(text):
                untranslated.add(text)
            elif text == en_text and set(english_words(text)) - _SAME_IN_SPANISH:
                untranslated.add(text)
    assert not untranslated, (
        f"{len(untranslated)} texts are not translated (the widget's messages must be in the "
        f"catalogues, see docs/board.md, 'Translations'): {sorted(untranslated)[:40]}"
    )


def test_locale_switch_changes_every_visible_string() -> None:
    b = sync_board(("human", "random"), locale="en", record=NEAR_END)
    d = Driver(b)
    d.cell("b1")
    en = b.view
    b.locale = "uk"
    uk = b.view
    assert uk["version"] > en["version"] and uk["lang"] == "uk"
    en_strings = strings(en, NEUTRAL_KEYS | {"version"})
    uk_strings = strings(uk, NEUTRAL_KEYS | {"version"})
    assert len(en_strings) == len(uk_strings)
    same = [a for a, b_ in zip(en_strings, uk_strings) if a == b_ and english_words(a)]
    assert not same, same
    # the front end switches the language with the same trait
    assert d.send("locale", locale="es") == "ok" and b.view["lang"] == "es"


def test_cell_labels_for_screen_readers() -> None:
    b = sync_board(("human", "random"), locale="en")
    labels = {c["id"]: c["label"] for row in b.view["cells"] for c in row}
    assert labels["c3"] == "c3, seedling"
    assert labels["a1"].startswith("a1, logger of Player 1") and "stay" in labels["a1"]
    assert labels["a3"] == "a3, empty: move here"
    b.locale = "uk"
    labels = {c["id"]: c["label"] for row in b.view["cells"] for c in row}
    assert labels["c3"] == "c3, саджанець"


def test_build_view_is_a_pure_function() -> None:
    game = Game.new(2)
    seats = [Seat(), Seat()]
    tr = Translator("es")
    tip = game.position.start_turn()
    a = build_view(BoardState(game, seats, version=3, tip=tip), tr)
    b = build_view(BoardState(game, seats, version=3, tip=tip), tr)
    assert a == b and a["version"] == 3
    json.dumps(a)  # JSON-ready
    assert describe_turn(tr, game.position, Turn.parse("a1-a3 *b3"))


def test_live_chart_follows_turns_and_language() -> None:
    b = sync_board(("human", "random"), locale="uk", live_chart=True)
    first = b.view["chart"]
    assert first["src"].startswith("data:image/png;base64,") and first["alt"] == "Очки протягом гри"
    b.play("a1-a3 *b3")  # the random bot replies at once (sync mode)
    assert len(b.game.turns) == 2
    after = b.view["chart"]["src"]
    assert after != first["src"]
    b.locale = "es"
    assert b.view["chart"]["alt"] == "Puntos a lo largo de la partida"
    assert b.view["chart"]["src"] != after
    plain = sync_board(("human", "random"))
    assert plain.view["chart"] is None


def test_misspelt_options_and_bad_delays_are_refused() -> None:
    with pytest.raises(TypeError, match="player"):
        Board(player=["human", "human"])  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="bot_delay"):
        Board(["human", "random"], bot_delay=float("inf"))
    with pytest.raises(ValueError, match='"human" for a person'):
        Board(["людина", "human"])


class _NotReentrant:
    """A bot that fails if two threads ask it at once (as a real search object would)."""

    name = "careful"

    def __init__(self) -> None:
        self.active = 0
        self.overlaps = 0
        self.calls = 0

    def choose(self, position):
        self.active += 1
        self.calls += 1
        try:
            if self.active > 1:
                self.overlaps += 1
            time.sleep(0.05)
            return next(position.legal_turns())
        finally:
            self.active -= 1


def test_undo_while_a_bot_thinks_never_runs_two_searches_at_once() -> None:
    bot = _NotReentrant()
    b = Board(["human", bot], locale="en", bot_delay=0)
    for _ in range(5):
        b.play("a1-a3 *b3")
        time.sleep(0.01)
        b.undo(1)
    b.play("a1-a3 *b3")
    assert b.wait(30)
    assert bot.overlaps == 0 and bot.calls >= 2
    assert len(b.game.turns) == 2 and not any(s.paused for s in b._seats)


# ---------------------------------------------------------------------------- palette: one source


def test_seat_colours_come_from_the_palette_only() -> None:
    """The view model carries palette.py's seat colours; board.js hard-codes none of them."""
    from logger_widget.palette import OKABE_ITO, SEAT_STYLES

    view = sync_board().view
    for seat, style in SEAT_STYLES.items():
        entry = view["palette"][str(seat)]
        assert entry["colour"] == style.colour and entry["text"] == style.text_colour
    js = (STATIC / "board.js").read_text(encoding="utf-8").lower()
    for seat, style in SEAT_STYLES.items():
        assert style.colour.lower() not in js, f"board.js hard-codes seat {seat}'s colour {style.colour}"
    assert "seat_colours" not in js and "seat_text" not in js
    # seat 2 (vermillion) carries black text: the contrast rule of palette.py, not white as board.js had
    assert view["palette"]["2"]["text"] == "#000000" and SEAT_STYLES[2].colour == OKABE_ITO["vermillion"]


# ---------------------------------------------------------------------------- issue 11: one flow for targets

#: Player 1 on a1 next to one mature tree (a2): one chop target, one protest target.
ONE_TARGET = "....2/...../...../m..../1.... 1 0,0 2,2"


def _to_action(d: Driver) -> None:
    assert d.cell("a1") == "ok"  # stay
    while d.view["stage"] == "spawn":
        assert d.cell(next(c for c, m in d.marks().items() if m == "spawn")) == "ok"
    assert d.view["stage"] == "action"


def test_a_single_chop_target_is_previewed_and_waits_for_the_click() -> None:
    b = sync_board(("human", "random"), record=ONE_TARGET)
    d = Driver(b)
    _to_action(d)
    assert d.send("action", kind="chop") == "ok"
    v = d.view
    assert v["stage"] == "chop" and not b.game.turns, "the only target is not chopped at once"
    assert d.marks() == {"a2": "chop"} and v["preview_default"] == "a2"
    assert v["previews"]["a2"]["felled"] == ["a2"] and v["interactive"]
    assert d.cell("a2") == "ok"
    assert b.game.turns[0].action.kind == "chop" and b.position.scores[0] == 1


def test_a_single_protest_target_waits_for_the_click() -> None:
    b = sync_board(("human", "human"), record=ONE_TARGET)
    d = Driver(b)
    _to_action(d)
    assert d.send("action", kind="protest") == "ok"
    assert d.view["stage"] == "protest" and not b.game.turns and d.marks() == {"a2": "protest"}
    assert d.cell("a2") == "ok"  # the click confirms; nothing else can be added, so the turn ends
    assert b.game.turns[0].action.cells == ("a2",)


def test_after_the_bots_reply_the_round_shows_both_turns() -> None:
    b = sync_board(("human", "greedy"))
    d = Driver(b)
    d.play(b.position.parse_turn("a1-a3 *b3"))
    last = d.view["last"]
    assert len(b.game.turns) == 2 and d.view["to_move"] == 1
    assert [t["seat"] for t in last["round"]] == [1, 2]
    assert "a3" in last["round"][0]["text"] and last["round"][1]["latest"]
    assert last["title"] == "Last turns"


def test_the_move_arrow_follows_an_orthogonal_path() -> None:
    from logger_widget.svg import move_path

    start = Position.from_lpn("....2/...../...../m..../1.... 1 0,0 2,2")
    # a1 → b2: a2 holds a tree, so the path goes through b1
    assert move_path(start, Turn.parse("a1-b2")) == ["a1", "b1", "b2"]
    assert move_path(start, Turn.parse("a1-c1")) == ["a1", "b1", "c1"]
    assert move_path(start, Turn.parse("a1-b1")) == ["a1", "b1"]
    assert move_path(start, Turn.parse("a1")) == ["a1"]
    b = sync_board(("human", "human"), record=start.to_lpn())
    d = Driver(b)
    assert d.cell("b2") == "ok"
    while d.view["stage"] != "move":
        stage = d.view["stage"]
        if stage == "action":
            d.send("action", kind="plant")
        else:
            d.cell(next(c for c, m in d.marks().items()))
    assert d.view["last"]["path"] == ["a1", "b1", "b2"]


def test_an_illegal_click_says_which_rule() -> None:
    b = sync_board(("human", "human"), locale="es")
    d = Driver(b)
    assert d.cell("e1") == "rejected"
    text = d.view["notice"]["text"]
    assert "e1" in text and "a1" in text, text
    assert text != Translator("es").format(
        __import__("logger_widget.i18n.texts.board", fromlist=["NOTICES"]).NOTICES["not_selectable"],
        cell="e1",
    )


#: A capital letter right after a colon: a whole sentence glued on with ":" (issue 11, «…elegir e3: La casilla…»).
_CAPITAL_AFTER_COLON = re.compile(r":\s+[A-ZА-ЯЄІЇҐÁÉÍÓÚÑ]")


@pytest.mark.parametrize("locale", ["uk", "es", "en"])
def test_refusals_put_the_rule_in_its_own_sentence(locale: str) -> None:
    """The rule is a whole sentence: after a full stop, never after a colon (a capital after ':')."""
    from logger_widget.engine.errors import IllegalTurnError
    from logger_widget.i18n.explain import explain_error

    tr = Translator(locale)
    d = Driver(sync_board(("human", "human"), locale=locale))
    assert d.cell("e3") == "rejected"  # a click
    clicked = d.view["notice"]["text"]
    d.send("notation", text="a1-a4")  # a typed turn
    typed = d.view["notice"]["text"]
    b = sync_board(("human", lambda position: "e5-a1"), locale=locale)  # a bot
    d2 = Driver(b)
    d2.cell("a3")
    d2.cell("b3")
    by_bot = d2.view["notice"]["text"]
    with pytest.raises(IllegalTurnError) as info:
        Game.new(2).position.play("a1-a4")
    reason = explain_error(tr, info.value)
    for text in (clicked, typed, by_bot):
        assert not _CAPITAL_AFTER_COLON.search(text), text
    assert typed.endswith(". " + reason), typed


def test_history_window_does_not_grow_with_the_game() -> None:
    from logger_widget.board.view import HISTORY_WINDOW

    b = sync_board(("random", "random"), seed=4, repetition_rule=False)
    while len(b.game.turns) < HISTORY_WINDOW + 30 and not b.game.is_over:
        b.play(next(iter(b.position.legal_turns())))
    h = b.view["history"]
    assert len(h["items"]) == min(HISTORY_WINDOW, len(b.game.turns)) and h["total"] == len(b.game.turns)
    assert h["items"][-1]["ply"] == len(b.game.turns) and h["items"][-1]["current"]


# ---------------------------------------------------------------------------- issue 11: lesson boards


def test_a_lesson_board_restarts_and_goes_on_instead_of_a_new_game() -> None:
    from logger_widget.classroom.tutorial import LESSONS, LessonBoard, lesson

    first = LESSONS[0]
    b = LessonBoard(first.key, "en", bot_mode="sync")
    d = Driver(b)
    v = d.view
    assert v["lesson"] == {"solved": False, "restart": "Restart lesson", "next": None, "intro": None}
    assert v["hint"]["enabled"], "hints are allowed on lesson boards"
    # a wrong try, then "New game" on a lesson board restarts the lesson (never a normal opening)
    d.cell(next(c for c, m in d.marks().items() if m == "move"))
    assert d.send("new_game") == "ok"
    assert b.game.start.to_lpn() == first.lpn and not b.game.turns
    d.play(first.position.parse_turn(first.solution))
    v = d.view
    assert v["lesson"]["solved"] and v["lesson"]["next"] == "Next lesson"
    assert v["status"]["kind"] == "solved" and "Lesson solved" in v["status"]["text"]
    assert not v["interactive"] and v["notice"]["kind"] == "success"
    assert not any(p["to_move"] or p["badge"] for p in v["players"]), "nobody is asked to move"
    assert d.cell("c3") == "rejected"  # a solved lesson does not ask player 2 to move
    assert d.send("next_lesson") == "ok"
    second = lesson(LESSONS[1].key)
    assert b.game.start.to_lpn() == second.lpn and not d.view["lesson"]["solved"]
    assert d.view["task"] == "Lesson 2 of 10 · Movement. " + Translator("en").translate(second.task)
    assert d.send("restart") == "ok" and b.game.start.to_lpn() == second.lpn


# ---------------------------------------------------------------------------- scripts/lab.sh


@pytest.mark.slow
def test_lab_sh_opens_an_ignored_working_copy_of_the_notebooks() -> None:
    """JupyterLab's autosave goes to .lab/notebooks (git-ignored), never into the shipped notebooks."""
    import subprocess

    repo = STATIC.parents[2]
    out = subprocess.run(
        ["bash", "scripts/lab.sh", "--version"], cwd=repo, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr
    shipped = sorted(p.name for p in (repo / "notebooks").glob("*.ipynb"))
    work = repo / ".lab" / "notebooks"
    assert shipped and all((work / name).is_file() for name in shipped)
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", str(work / shipped[0])], cwd=repo, capture_output=True, timeout=30
    )
    assert ignored.returncode == 0, ".lab/ must be ignored by git"
    # a notebook changed in the working copy is kept on the next start
    (work / shipped[0]).write_text((work / shipped[0]).read_text(encoding="utf-8") + " ", encoding="utf-8")
    subprocess.run(
        ["bash", "scripts/lab.sh", "--version"], cwd=repo, capture_output=True, timeout=300, check=True
    )
    assert (work / shipped[0]).read_text(encoding="utf-8").endswith(" ")


def test_spawn_candidates_name_their_parent_trees_and_the_prompt_lists_possible_actions() -> None:
    b = sync_board(("human", "human"), record=NEAR_END)
    d = Driver(b)
    assert d.cell("b1") == "ok" and d.view["stage"] == "spawn"
    tip = b._controller.steps[-1]
    spawners = set(tip.spawning_trees)
    for row in d.view["cells"]:
        for c in row:
            if c["mark"] == "spawn":
                assert c["parents"] and set(c["parents"]) <= spawners
                f, r = "abcde".index(c["id"][0]), int(c["id"][1])
                assert all(abs("abcde".index(p[0]) - f) + abs(int(p[1]) - r) == 1 for p in c["parents"])
            else:
                assert c["parents"] == []
    # the action prompt names only the actions that are possible (a disabled button is not listed)
    b2 = sync_board(("human", "human"), record=ONE_TARGET)
    d2 = Driver(b2)
    _to_action(d2)
    enabled = [a["label"] for a in d2.view["actions"] if a["enabled"]]
    text = d2.view["status"]["text"]
    assert all(label in text for label in enabled)
    b3 = sync_board(("human", "human"), record="....2/...../...../m..../1.... 1 0,0 0,4")
    d3 = Driver(b3)
    _to_action(d3)
    assert not next(a for a in d3.view["actions"] if a["id"] == "protest")["enabled"]
    assert "Protest" not in d3.view["status"]["text"], "no supply: Protest is not offered"


def test_corners_are_chosen_by_clicking_at_setup() -> None:
    b = sync_board(("human", "random", "human"), corners="choose")
    d = Driver(b)
    v = d.view
    assert v["stage"] == "setup" and v["to_move"] == 1 and v["interactive"]
    assert set(d.marks()) == {"a1", "e1", "e5", "a5"} and not b.game.turns
    assert d.cell("c3") == "rejected" and d.view["stage"] == "setup"
    assert d.send("action", kind="plant") == "rejected"  # nothing else before the corners
    assert d.cell("e5") == "ok"  # seat 1; then the bot (seat 2) takes its default corner e1
    v = d.view
    assert v["to_move"] == 3 and set(d.marks()) == {"a1", "a5"}
    assert {c["id"]: c["logger"] for row in v["cells"] for c in row if c["logger"]} == {"e5": 1, "e1": 2}
    assert d.cell("a5") == "ok"
    assert b.position.loggers == ("e5", "e1", "a5") and d.view["stage"] == "move"
    with pytest.raises(ValueError, match="choose"):
        Board(["human", "human"], corners="pick")
    # corners= as a list stays for scripts
    assert Board(["human", "human"], corners=["e1", "a5"], bot_mode="sync").position.loggers == ("e1", "a5")


def test_a_lesson_about_one_step_is_judged_when_that_step_is_done() -> None:
    from logger_widget.classroom.tutorial import LessonBoard, lesson

    spawning = lesson("spawning")
    b = LessonBoard("spawning", "en", bot_mode="sync")
    d = Driver(b)
    assert d.cell("b2") == "ok"
    while d.view["stage"] == "spawn" and not d.view["lesson"]["solved"]:
        assert d.cell("d2" if d.marks().get("d2") == "spawn" else next(iter(d.marks()))) == "ok"
    v = d.view
    assert v["lesson"]["solved"] and v["notice"]["kind"] == "success", "judged before any action"
    assert not b.game.turns and not v["interactive"]
    assert spawning.judged_after == "spawn"
    # a wrong movement in the growth lesson is explained at once and the turn starts again
    g = LessonBoard("growth", "en", bot_mode="sync")
    dg = Driver(g)
    assert dg.cell("a2") == "ok"
    assert dg.view["notice"]["kind"] == "error" and dg.view["stage"] == "move" and not g.game.turns
    assert dg.cell("c1") == "ok" and dg.view["lesson"]["solved"]


# ---------------------------------------------------------------------------- modes: faults of the mode changes


def _loggers_drawn(view: dict[str, Any]) -> dict[str, int]:
    return {c["id"]: c["logger"] for row in view["cells"] for c in row if c["logger"]}


def test_load_into_a_board_choosing_corners_leaves_the_setup() -> None:
    b = sync_board(("human", "human"), corners="choose")
    d = Driver(b)
    assert d.view["stage"] == "setup"
    game = Game.new(2)
    game.play("a1-a3 *b3")
    game.play("e5-e3 *d3")
    b.load(game)
    v = d.view
    assert v["stage"] == "move" and v["status"]["kind"] == "prompt"
    assert "corner" not in v["status"]["text"].lower()
    assert "corner" not in set(d.marks().values())
    assert _loggers_drawn(v) == {"a3": 1, "e3": 2}
    # the review draws the turns from where the loggers stood
    assert d.send("review", op="open") == "ok"
    assert d.send("review", op="goto", ply=2) == "ok"
    step = d.view["review"]["step"]
    assert step["played"]["path"][0] == "e5" and _loggers_drawn(d.view) == {"a3": 1, "e5": 2}


def test_a_lesson_judged_after_one_step_shows_the_result_of_the_step() -> None:
    from logger_widget.classroom.tutorial import LessonBoard

    growth = LessonBoard("growth", "en", bot_mode="sync")
    d = Driver(growth)
    assert d.cell("c1") == "ok" and d.view["lesson"]["solved"]
    cells = {c["id"]: c for row in d.view["cells"] for c in row}
    assert cells["c4"]["piece"] == "mature", "the sapling grew: the board shows it"
    assert cells["c4"]["grew"] and _loggers_drawn(d.view) == {"c1": 1, "e5": 2}
    spawning = LessonBoard("spawning", "en", bot_mode="sync")
    d = Driver(spawning)
    assert d.cell("b2") == "ok"
    while d.view["stage"] == "spawn" and not d.view["lesson"]["solved"]:
        assert d.cell("d2" if d.marks().get("d2") == "spawn" else next(iter(d.marks()))) == "ok"
    cells = {c["id"]: c for row in d.view["cells"] for c in row}
    assert d.view["lesson"]["solved"] and cells["d2"]["piece"] == "seedling" and cells["d2"]["new"]
    assert _loggers_drawn(d.view) == {"b2": 1, "e5": 2}


def test_undo_and_redo_are_off_on_a_solved_lesson() -> None:
    from logger_widget.classroom.tutorial import LessonBoard, lesson

    chop = lesson("chop")
    b = LessonBoard("chop", "en", bot_mode="sync")
    b.play(chop.solution)
    v = Driver(b).view
    assert v["lesson"]["solved"] and len(b.game.turns) == 1
    assert not v["undo"]["enabled"] and not v["redo"]["enabled"]
    assert Driver(b).send("undo") == "rejected" and len(b.game.turns) == 1


# ---------------------------------------------------------------------------- seeds decide games

_TOURNAMENT = """
import json, sys
from logger_widget.bots import make_bot
from logger_widget.tournament import round_robin
if sys.argv[1] == "board":
    from logger_widget import Board
    Board(["human", "mcts:easy"], autosave=False)  # a board's bots load the compiled search in the background
bots = [make_bot("mcts:easy", seed=1), make_bot("mcts:medium", seed=2)]
result = round_robin(bots, games_per_pair=2, seed=7, progress=False, turn_limit=12)
print(json.dumps([list(g.turns) for g in result.games]))
"""


def test_a_seeded_tournament_plays_the_same_games_with_a_board_in_the_process() -> None:
    """The board's "don't wait for the compiler" is an option of its own bots, not of the process (~6 s)."""
    import subprocess
    import sys

    def games(kind: str) -> list[list[str]]:
        out = subprocess.run(
            [sys.executable, "-c", _TOURNAMENT, kind], capture_output=True, text=True, timeout=120, check=True
        )
        return json.loads(out.stdout.strip().splitlines()[-1])

    alone, beside_a_board = games("alone"), games("board")
    assert alone and all(alone)
    assert beside_a_board == alone


def test_the_public_board_is_what_docs_board_md_documents() -> None:
    """Every public member of ``Board`` (not of anywidget) is in docs/board.md's Python API, and back."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "board.md").read_text(encoding="utf-8")
    api = doc.split("## Python API", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"\bboard\.(\w+)", api))
    public = {name for name in vars(Board) if not name.startswith("_")}
    assert public - documented == set(), "public but not documented: make it private or document it"
    b = Board(["human", "human"], autosave=False, bot_mode="sync")
    assert {n for n in documented if not hasattr(b, n)} == set(), "documented but missing"


def test_a_click_that_plays_a_turn_sends_one_view() -> None:
    """Only the board redraws, once per handled intent (the modes' changes are batched)."""
    b = sync_board(("human", "human"), record="mm.p2/mm.mp/mm.mm/pm.mm/1p.mm 1 0,0 0,0")
    sent: list[int] = []
    b.observe(lambda change: sent.append(change["new"]["version"]), "_view")
    d = Driver(b)
    assert d.cell("a1") == "ok" and len(b.game.turns) == 1
    assert len(sent) == 1, sent
    b.on_change(lambda board: None)  # a callback reads the new view: still one view per click
    assert d.cell("e5") == "ok" and len(b.game.turns) == 2 and len(sent) == 2, sent


def test_the_static_part_of_the_view_is_sent_once_per_language() -> None:
    """Labels, palette, languages and cell names are their own trait, not resent on every redraw."""
    b = sync_board(("human", "human"))
    sent: list[str] = []
    b.observe(lambda change: sent.append(change["new"]["labels"]["title"]), "_static")
    b.play("a1-a3 *b3")
    b.play("e5-e3 *d3")
    assert sent == [] and "labels" not in b._view and "palette" not in b._view
    assert b.view["labels"] and b.view["palette"]["1"]["colour"]  # the view drawn: both parts
    b.locale = "es"
    assert len(sent) == 1 and b.view["labels"]["title"] == sent[0]


def test_a_click_on_a_chop_target_at_the_action_step_chops_it() -> None:
    # b1 can be chopped (next to the logger) and could take a protester (supply 2): the click
    # chops, as the chop preview shown on hover says, like a click on a plant target plants
    board = sync_board(("human", "human"), record="....2/...../...../...../1m... 1 0,0 2,2")
    d = Driver(board)
    assert d.cell("a1") == "ok"
    while board.view["stage"] == "spawn":
        assert d.cell(next(c for c, m in d.marks().items() if m == "spawn")) == "ok"
    assert board.view["stage"] == "action" and "b1" in board.view["previews"]
    assert d.cell("b1") == "ok"
    assert board.game.turns[-1].action.kind == "chop" and board.game.turns[-1].action.cells == ("b1",)
    assert board.position.scores[0] == 1


def test_the_status_says_what_the_board_chose_for_the_player() -> None:
    # a walled-in logger: the stay is forced, the spawn is the player's
    board = sync_board(("human", "human"), record=SKIP)
    assert board.view["stage"] == "spawn"
    # movement comes before growth: what the board did is told first, then what is left to do
    assert board.view["status"]["text"].startswith(
        "Walled in, Player 1's logger stays on a1. Player 1: growth!"
    )
    # everything forced but the stay itself: the prompt says so instead of "move up to 2 steps"
    board = sync_board(("human", "human"), record="mmmp2/m.mmp/mm.mm/p.mmm/1pmmm 1 0,0 0,0")
    assert board.view["stage"] == "move"
    assert (
        board.view["status"]["text"]
        == "Player 1: your logger is walled in and can only stay on a1. Click it."
    )
    # one free cell for the new seedling: placed for the player, and said
    board = sync_board(("human", "human"), record=".s2m./....a/..m../..m1a/..ss. 1 0,0 2,2")
    assert Driver(board).cell("d4") == "ok" and board.view["stage"] == "action"
    assert board.view["status"]["text"].startswith(
        "The new seedling could only grow on e5, so it is there already."
    )
    # no mature tree anywhere: Plant is the only action, its step comes at once
    board = sync_board(("human", "human"), record="....2/...../..s../...../1.... 1 0,0 2,2")
    assert Driver(board).cell("a1") == "ok" and board.view["stage"] == "plant"
    assert board.view["status"]["text"] == (
        "Only one action is possible now: “Plant”. Player 1: plant a seedling on a marked cell next to your logger."
    )
    # a free choice says nothing more
    board = sync_board(("human", "human"), record=PROTEST)
    assert "walled in" not in board.view["status"]["text"] and "only" not in board.view["status"]["text"]


@pytest.mark.parametrize(
    ("locale", "prompt"),
    [
        ("en", "Player 1: choose your action (“Plant” or “Protest”)."),
        ("uk", "Гравець 1: вибери дію («Посадити» або «Протестувати»)."),
        ("es", "Jugador 1: elige tu acción («Plantar» o «Protestar»)."),
    ],
)
def test_the_action_prompt_quotes_each_action_and_has_one_colon(locale: str, prompt: str) -> None:
    """Before: «Jugador 1: elige tu acción: Plantar o Protestar.» — two colons, the names bare."""
    board = sync_board(("human", "human"), locale=locale, record=PROTEST)
    d = Driver(board)
    assert d.cell("a2") == "ok"
    while board.view["stage"] == "spawn":
        assert d.cell(next(c for c, m in d.marks().items() if m == "spawn")) == "ok"
    assert board.view["stage"] == "action" and board.view["status"]["text"] == prompt


# ---------------------------------------------------------------------------- clicks never lost


def _front_end(board: Board) -> list[dict[str, Any]]:
    """The board's custom messages to the front end (the answers to its intents), as they are sent."""
    sent: list[dict[str, Any]] = []
    board.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    return sent


def _click(board: Board, view: dict[str, Any], seq: int, cell: str, client: str = "page") -> None:
    """A click sent as board.js sends it, from the view the page drew (through the widget's message path)."""
    msg = {"type": "intent", "client": client, "seq": seq, "version": view["version"],
           "basis": view["basis"], "action": "cell", "cell": cell}  # fmt: skip
    board._on_custom_msg(board, msg)


def test_a_background_repaint_racing_a_click_never_makes_it_stale() -> None:
    """A repaint from another thread between the view the pupil sees and their click: the click is taken."""
    b = sync_board(("human", "human"))
    sent = _front_end(b)
    stop = threading.Event()
    painted = threading.Condition()

    def repaint() -> None:  # what a "thinking…" line, review progress or a classmate's presence does
        while not stop.is_set():
            b.notify("info", "a background line")
            with painted:
                painted.notify_all()

    painter = threading.Thread(target=repaint, daemon=True)
    painter.start()
    try:
        for seq, cell in enumerate(("a3", "b3", "e4", "d4"), 1):
            seen = dict(b.view)
            with painted:  # wait until the board was repainted since the page drew its view
                assert painted.wait_for(lambda v=seen["version"]: b.view["version"] > v, timeout=10)
            assert b.view["version"] > seen["version"] and b.view["basis"] == seen["basis"]
            _click(b, seen, seq, cell)
    finally:
        stop.set()
        painter.join(10)
    assert [t.notation() for t in b.game.turns] == ["a1-a3 *b3", "e5-e4 *d4"]
    assert [(m["seq"], m["result"]) for m in sent] == [(1, "ok"), (2, "ok"), (3, "ok"), (4, "ok")]


def test_a_click_on_a_board_that_changed_is_answered_stale_and_says_why() -> None:
    b = sync_board(("human", "human"))
    sent = _front_end(b)
    seen = dict(b.view)
    _click(b, b.view, 1, "a3", client="other-view")  # another view of the board moves first
    _click(b, seen, 1, "a2")  # this page's click refers to the position before it
    assert [(m["client"], m["seq"], m["result"]) for m in sent] == [
        ("other-view", 1, "ok"),
        ("page", 1, "stale"),
    ]
    assert b._controller.steps[-1].stage == "plant" and not b.game.turns  # the stale click changed nothing
    notice = b.view["notice"]
    assert notice is not None and "not taken" in notice["text"]
    # an intent naming only its view's version (older front ends) is mapped to that view's basis
    v = b.view["version"]
    b.notify("info", "a repaint")
    assert b.handle_message({"type": "intent", "action": "cell", "cell": "b3", "version": v}) == "ok"


def test_notices_that_judge_nothing_are_not_labelled_correct() -> None:
    """ "New game. Good luck!" and "Game loaded." are notes: board.js labels a "success" notice "✓ Correct"."""
    b = sync_board(("human", "human"))
    b.play(next(iter(b.position.legal_turns())))
    b.new_game()
    assert b.view["notice"]["text"] == "New game. Good luck!" and b.view["notice"]["kind"] == "info"
    b.load(Game.new(2))
    assert b.view["notice"]["text"] == "Game loaded." and b.view["notice"]["kind"] == "info"


def test_a_redraw_is_one_message_to_the_front_end() -> None:
    """The view and the position (LPN) of one redraw reach the front end in one comm message.

    Each message is relayed by the Jupyter server (and a class hub's proxy) and handled by the
    page's widget manager: a class game's turn reaches the classmate's board sooner with one.
    """
    board = sync_board(("human", "human"))
    sent: list[dict[str, Any]] = []
    board._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    turn = next(iter(board.game.position.legal_turns()))
    board.play(turn)
    assert len(sent) == 1, [sorted(m.get("state", {})) for m in sent]
    assert {"_view", "lpn"} <= set(sent[0]["state"])
    assert sent[0]["state"]["lpn"] == board.game.position.to_lpn()


def test_a_class_game_back_in_touch_with_the_service_says_so_as_a_note() -> None:
    """Before: "Connected to the class game again." came labelled "✓ Correct" (a "success" notice)."""
    from logger_widget.classplay.online_mode import OnlineMode
    from logger_widget.online.client import ServiceUnreachable

    class _Host:
        lock = threading.RLock()

        def changed(self) -> None:
            pass

    mode = OnlineMode(None, {"id": 7, "status": "active"})  # type: ignore[arg-type]
    mode._host = _Host()  # type: ignore[assignment]
    told: list[Any] = []
    mode.resync = told.append  # type: ignore[method-assign]
    mode._look = lambda: ()  # type: ignore[method-assign]
    mode._on_trouble(ServiceUnreachable("http://service/", "down"))
    mode._on_trouble(None)  # the service answers again: its game is read, and the board says so
    [notice] = told
    assert notice.kind == "info" and notice.message(Translator("en")) == "Connected to the class game again."

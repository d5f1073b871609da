"""Pupils' bots in worker processes: every misbehaving kind forfeits with its reason; the rest carry on."""

from __future__ import annotations

import os
import pickle
import time
from pathlib import Path

import pytest
from pupil_bots import BAD, BROKEN, MISBEHAVING, write_class

from logger_widget import Game, Position
from logger_widget.bots import BotError
from logger_widget.tournament import play_game, round_robin
from logger_widget.tournament.classbots import class_tournament, load_class_bots
from logger_widget.tournament.sandbox import SandboxedBot, SandboxLimits, bwrap_available

FAST = SandboxLimits(time_limit=1.0, memory_mb=384, load_timeout=3.0)


def _write(tmp_path: Path, stem: str, source: str) -> Path:
    path = tmp_path / f"{stem}.py"
    path.write_text(source, encoding="utf-8")
    return path


GOOD_SOURCE = "def choose(position):\n    return next(iter(position.legal_turns()))\n"


def test_a_good_pupil_bot_plays_a_whole_game_in_its_worker(tmp_path: Path) -> None:
    bot = SandboxedBot(str(_write(tmp_path, "anna", GOOD_SOURCE)), limits=FAST)
    game = play_game([bot, "random"], seed=3)
    assert game.is_over and game.metadata["names"][0] == "anna"
    # the same game with the function run in-process: isolation changes nothing
    namespace: dict = {}
    exec(GOOD_SOURCE, namespace)
    same = play_game([namespace["choose"], "random"], seed=3)
    assert [t.notation() for t in game.turns] == [t.notation() for t in same.turns]


def test_the_bot_code_runs_in_another_process_and_sees_a_copy(tmp_path: Path) -> None:
    # the bot answers its own process id as a "turn"; the error message carries it back
    spy = _write(tmp_path, "spy", "import os\ndef choose(position):\n    return 'pid%d' % os.getpid()\n")
    with pytest.raises(BotError) as caught:
        SandboxedBot(str(spy), limits=FAST).choose(Position.initial(2))
    assert caught.value.kind == "illegal"
    assert f"pid{os.getpid()}'" not in caught.value.what and "pid" in caught.value.what
    # a bot that mutates what it is given cannot touch the caller's game
    mutator = _write(
        tmp_path,
        "mutator",
        "def choose(position):\n    object.__setattr__(position, '_state', None)\n"
        "    raise RuntimeError('done')\n",
    )
    game = Game(Position.initial(2))
    with pytest.raises(BotError):
        SandboxedBot(str(mutator), limits=FAST).choose(game.position)
    assert game.position == Position.initial(2)


@pytest.mark.parametrize("stem", sorted(BAD))
def test_every_misbehaving_kind_forfeits_with_its_reason(tmp_path: Path, stem: str) -> None:
    source, kind = BAD[stem]
    bot = SandboxedBot(str(_write(tmp_path, stem, source)), limits=FAST)
    began = time.monotonic()
    with pytest.raises(BotError) as caught:
        play_game([bot, "random"], seed=5)
    elapsed = time.monotonic() - began
    err = caught.value
    expected = {kind, "crash"} if kind == "memory" else {kind}  # the allocator may kill instead of raise
    assert err.kind in expected, err
    assert err.seat == 1 and err.game is not None
    assert elapsed < FAST.load_timeout + 8 * FAST.time_limit + 3  # a hang is cut off, not waited for


@pytest.mark.parametrize("stem", sorted(BROKEN))
def test_a_broken_file_is_reported_not_fatal(tmp_path: Path, stem: str) -> None:
    _write(tmp_path, stem, BROKEN[stem])
    _write(tmp_path, "good", GOOD_SOURCE)
    loaded = load_class_bots(tmp_path, limits=FAST)
    assert [b.name for b in loaded.bots] == ["good"]
    assert list(loaded.problems) == [f"{stem}.py"] and loaded.problems[f"{stem}.py"]


def test_a_sandboxed_bot_pickles_without_its_process(tmp_path: Path) -> None:
    bot = SandboxedBot(str(_write(tmp_path, "anna", GOOD_SOURCE)), limits=FAST, seed=4)
    bot.choose(Position.initial(2))
    copy = pickle.loads(pickle.dumps(bot))
    assert (copy.path, copy.name, copy.limits, copy.seed) == (bot.path, bot.name, bot.limits, 4)
    assert copy.choose(Position.initial(2)) == bot.choose(Position.initial(2))
    bot.close()


def test_limits_are_checked() -> None:
    with pytest.raises(ValueError, match="time_limit"):
        SandboxLimits(time_limit=0)
    with pytest.raises(ValueError, match="memory_mb"):
        SandboxLimits(memory_mb=8)


@pytest.mark.slow
def test_a_class_tournament_accounts_for_every_game(tmp_path: Path) -> None:
    stems = write_class(tmp_path / "bots", n=len(BAD) + len(BROKEN) + 3)
    result = class_tournament(
        tmp_path / "bots", games_per_pair=1, seed=2, executor="serial", progress=False, limits=FAST
    )
    loaded = [s for s in stems if s not in BROKEN]
    assert sorted(result.problems) == sorted(f"{s}.py" for s in BROKEN)
    t = result.tournament
    n = len(loaded)
    assert len(t.games) == n * (n - 1) // 2
    forfeits = result.forfeits()
    bad = {stem for stem, kind in MISBEHAVING.items() if kind != "load"}
    for g in t.games:
        if bad & set(g.names):  # a game with a misbehaving bot ends by a misbehaving bot's forfeit
            assert g.reason == "forfeit" and g.names[g.forfeit_seat - 1] in bad, g
    # against the well-behaved bots, each misbehaving bot forfeits every game
    assert all(len(forfeits[stem]) >= n - len(bad) for stem in bad)
    good = [s for s in loaded if s not in MISBEHAVING]
    assert not any(name in forfeits for name in good)
    for g in t.games:
        assert g.reason in ("target", "repetition", "turn_limit", "forfeit")
        assert (g.forfeit_seat is None) == (g.error is None)


def test_misbehaving_and_trusted_bots_mix_in_a_round_robin(tmp_path: Path) -> None:
    hang = SandboxedBot(str(_write(tmp_path, "hangs", BAD["hangs"][0])), limits=SandboxLimits(time_limit=0.3))
    t = round_robin([hang, "random", "greedy"], games_per_pair=2, executor="serial", progress=False)
    assert len(t.games) == 6
    hang_games = [g for g in t.games if 0 in g.entrants]
    assert all(g.reason == "forfeit" and "0.3 s" in (g.error or "") for g in hang_games)
    assert all(g.reason != "forfeit" for g in t.games if 0 not in g.entrants)


@pytest.mark.skipif(not bwrap_available(), reason="bubblewrap (bwrap) is not installed")
def test_bubblewrap_blocks_writes_and_network(tmp_path: Path) -> None:
    target = tmp_path / "written.txt"
    writer = _write(
        tmp_path,
        "writer",
        f"def choose(position):\n    open({str(target)!r}, 'w').write('x')\n"
        "    return next(iter(position.legal_turns()))\n",
    )
    limits = SandboxLimits(time_limit=2.0, bwrap=True)
    with pytest.raises(BotError) as caught:
        SandboxedBot(str(writer), limits=limits).choose(Position.initial(2))
    assert "Read-only file system" in caught.value.what or "Permission" in caught.value.what
    assert not target.exists()
    net = _write(
        tmp_path,
        "net",
        "import socket\ndef choose(position):\n    socket.create_connection(('1.1.1.1', 80), timeout=1)\n",
    )
    with pytest.raises(BotError) as caught:
        SandboxedBot(str(net), limits=limits).choose(Position.initial(2))
    assert "unreachable" in caught.value.what.lower() or "OSError" in caught.value.what
    # without bubblewrap the same file can write: the documented difference
    SandboxedBot(str(writer), limits=FAST).choose(Position.initial(2))
    assert target.read_text() == "x"


def test_the_board_carries_on_when_a_pupils_bot_hangs(tmp_path: Path) -> None:
    from logger_widget import Board

    hang = SandboxedBot(str(_write(tmp_path, "hangs", BAD["hangs"][0])), limits=SandboxLimits(time_limit=0.5))
    board = Board(["human", hang], bot_mode="sync", autosave=False, locale="en")
    before = board.position
    board.play(next(iter(before.legal_turns())))  # the bot's turn: it hangs, is killed, its seat pauses
    assert board.seat(2).paused and len(board.game.turns) == 1
    assert "0.5 s" in board.view["notice"]["text"]
    board.set_player(2, "random")  # the teacher swaps in a trusted bot and the game goes on
    assert len(board.game.turns) == 2


def test_bubblewrap_binds_back_what_the_worker_needs_from_the_emptied_tmp() -> None:
    """/tmp is a fresh tmpfs in the sandbox: the interpreter's environment, the package's tree and
    the bot's folder are bound back (a clone under /tmp, e.g. ``mktemp -d``, could not start its worker)."""
    import sys

    import logger_widget
    from logger_widget.tournament.sandbox import _command

    if not bwrap_available():
        pytest.fail("bubblewrap (bwrap) is not installed: scripts/env.sh installs it")
    cmd = _command(SandboxLimits(bwrap=True), "/tmp/class/bots/amy.py")
    after = cmd[cmd.index("--tmpfs") + 2 :]  # mounts made after /tmp was emptied
    binds = {tuple(after[i : i + 3]) for i in range(len(after) - 2) if after[i] == "--ro-bind"}
    root = str(Path(logger_widget.__file__).resolve().parents[1])
    for folder in ("/tmp/class/bots", sys.prefix, sys.base_prefix, root):
        assert ("--ro-bind", folder, folder) in binds, (folder, cmd)

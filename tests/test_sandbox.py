"""Pupils' bots in worker processes: every misbehaving kind forfeits with its reason; the rest carry on."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from pupil_bots import BAD, BECAUSE, BROKEN, MISBEHAVING, write_class

from logger_widget import Game, Position
from logger_widget.bots import BotError
from logger_widget.tournament import play_game, round_robin
from logger_widget.tournament.classbots import class_tournament, load_class_bots
from logger_widget.tournament.sandbox import (
    SandboxedBot,
    SandboxLimits,
    SandboxUnavailable,
    UnisolatedWarning,
    check_isolation,
    safe_text,
    shutdown_workers,
)

# loads take about a second: room for a busy machine
FAST = SandboxLimits(time_limit=1.0, memory_mb=384, load_timeout=10.0)


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
    expected = {kind, "crash"} if stem == "memory_hog" else {kind}  # the allocator may kill instead of raise
    assert err.kind in expected, err
    assert BECAUSE.get(stem, "") in err.what, err
    assert err.seat == 1 and err.game is not None
    assert elapsed < FAST.load_timeout + 8 * FAST.time_limit + 3  # a hang is cut off, not waited for


@pytest.mark.parametrize("stem", sorted(BROKEN))
def test_a_broken_file_is_reported_not_fatal(tmp_path: Path, stem: str) -> None:
    _write(tmp_path, stem, BROKEN[stem])
    _write(tmp_path, "good", GOOD_SOURCE)
    loaded = load_class_bots(tmp_path, limits=FAST)
    assert [b.name for b in loaded.bots] == ["good"]
    assert list(loaded.problems) == [f"{stem}.py"] and loaded.problems[f"{stem}.py"]
    assert BECAUSE.get(stem, "") in loaded.problems[f"{stem}.py"]
    if stem == "imports_installed":
        import tornado  # noqa: F401 - installed here: only the sandbox hides it


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
    with pytest.raises(ValueError, match="isolation"):
        SandboxLimits(isolation="chroot")
    with pytest.raises(ValueError, match="processes"):
        SandboxLimits(processes=0)


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


def test_the_board_carries_on_when_a_pupils_bot_hangs(tmp_path: Path) -> None:
    from logger_widget import Board

    hang = SandboxedBot(str(_write(tmp_path, "hangs", BAD["hangs"][0])), limits=SandboxLimits(time_limit=0.5))
    board = Board(["human", hang], bot_mode="sync", autosave=False, locale="en")
    before = board.position
    board.play(next(iter(before.legal_turns())))  # the bot's turn: it hangs, is killed, its seat pauses
    assert board.view["players"][1]["paused"] and len(board.game.turns) == 1
    assert "0.5 s" in board.view["notice"]["text"]
    board.set_player(2, "random")  # the teacher swaps in a trusted bot and the game goes on
    assert len(board.game.turns) == 2


def _processes_marked(mark: str) -> list[str]:
    found = []
    for pid in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            if Path(f"/proc/{pid}/comm").read_text().strip() == mark:
                found.append(pid)
        except OSError:
            pass
    return found


def _wait_gone(mark: str, timeout: float = 5.0) -> list[str]:
    deadline = time.monotonic() + timeout
    while (left := _processes_marked(mark)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


MARKED = "import ctypes\nlibc = ctypes.CDLL(None)\nlibc.prctl(15, b'{mark}', 0, 0, 0)\n"


def test_a_whole_game_on_a_board_in_thread_mode_against_a_sandboxed_bot(tmp_path: Path) -> None:
    """Each bot turn runs in a new thread: the worker must not die with the first one."""
    from logger_widget import Board

    bot = SandboxedBot(str(_write(tmp_path, "anna", GOOD_SOURCE)), limits=FAST)
    board = Board([bot, "random"], bot_mode="thread", bot_delay=0, autosave=False, locale="en", seed=2)
    assert board.wait(60)
    assert board.game.is_over and not board.view["players"][0]["paused"]
    assert board.view["result"] is not None
    assert len(board.game.turns) > 4  # the pupil's bot played many turns, each from another thread


def test_children_that_leave_the_session_or_clear_their_death_signal_die_with_the_sandbox(
    tmp_path: Path,
) -> None:
    source = MARKED.format(mark="lwescapee") + (
        "import os, time\n"
        "FORKED = []\n"
        "def choose(position):\n"
        "    if not FORKED and not FORKED.append(1) and os.fork() == 0:\n"
        "        os.setsid()\n"
        "        libc.prctl(1, 0, 0, 0, 0)  # PR_SET_PDEATHSIG: none\n"
        "        if os.fork() == 0:\n"
        "            os.setsid()\n"
        "        time.sleep(3600)\n"
        "    return next(iter(position.legal_turns()))\n"
    )
    limits = SandboxLimits(time_limit=2.0, processes=8)
    play_game([SandboxedBot(str(_write(tmp_path, "escapee", source)), limits=limits), "random"], seed=1)
    deadline = time.monotonic() + 5
    while len(escaped := _processes_marked("lwescapee")) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)  # the children fork on their own time
    assert len(escaped) >= 3  # the worker and its two escaped children
    for pid in escaped:  # unprivileged outside too: as root, the sandbox runs as uid 65534
        uids = next(
            line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith("Uid")
        )
        assert uids.split()[1:] == [str(65534 if os.geteuid() == 0 else os.geteuid())] * 4, uids
    shutdown_workers()
    assert not _wait_gone("lwescapee")


def test_a_bot_that_closes_its_requests_and_keeps_a_thread_is_cut_off(tmp_path: Path) -> None:
    source = MARKED.format(mark="lwkeeper") + (
        "import os, threading, time\n"
        "def choose(position):\n"
        "    threading.Thread(target=time.sleep, args=(3600,)).start()\n"
        "    os.close(3)\n"
        "    return next(iter(position.legal_turns()))\n"
    )
    limits = SandboxLimits(time_limit=1.0, processes=4)
    began = time.monotonic()
    with pytest.raises(BotError) as caught:
        play_game([SandboxedBot(str(_write(tmp_path, "keeper", source)), limits=limits), "random"], seed=1)
    assert caught.value.kind in ("crash", "time"), caught.value
    assert time.monotonic() - began < 3 * limits.time_limit + 2
    assert not _wait_gone("lwkeeper")


def test_cpu_time_is_limited_over_a_workers_life(tmp_path: Path) -> None:
    source = "def choose(position):\n    while True:\n        pass\n"
    limits = SandboxLimits(time_limit=10.0, cpu_seconds=1)
    began = time.monotonic()
    with pytest.raises(BotError) as caught:
        SandboxedBot(str(_write(tmp_path, "burner", source)), limits=limits).choose(Position.initial(2))
    assert caught.value.kind == "time" and "CPU" in caught.value.what, caught.value
    assert time.monotonic() - began < 6


def test_a_worker_killed_from_outside_is_reported_as_killed(tmp_path: Path) -> None:
    import signal
    import threading

    source = MARKED.format(mark="lwvictim") + "import time\ndef choose(position):\n    time.sleep(3600)\n"
    bot = SandboxedBot(str(_write(tmp_path, "victim", source)), limits=SandboxLimits(time_limit=20.0))

    def kill_it() -> None:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            for pid in _processes_marked("lwvictim"):
                os.kill(int(pid), signal.SIGKILL)
                return
            time.sleep(0.05)

    killer = threading.Thread(target=kill_it)
    killer.start()
    with pytest.raises(BotError) as caught:
        bot.choose(Position.initial(2))
    killer.join(20)
    assert caught.value.kind == "killed" and "SIGKILL" in caught.value.what, caught.value
    assert "BrokenPipe" not in caught.value.what


def test_without_isolation_pupils_code_does_not_run_and_one_message_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """bubblewrap missing, or installed but unable to create namespaces here: one teacher-facing error."""
    from logger_widget.tournament import sandbox

    stems = write_class(tmp_path / "bots", n=4, bad=False, broken=False)
    fake = Path(tempfile.mkdtemp(prefix="lw-fake-bwrap-"))  # reachable by the sandbox's user
    request.addfinalizer(lambda: shutil.rmtree(fake, ignore_errors=True))
    fake.chmod(0o755)
    marker = tmp_path / "a_pupil_ran"
    (tmp_path / "bots" / "spy.py").write_text(
        f"open({str(marker)!r}, 'w').write('x')\ndef choose(position):\n    pass\n", encoding="utf-8"
    )
    monkeypatch.setattr(sandbox, "_CHECKED", set())
    monkeypatch.setenv("PATH", str(fake))  # no bwrap at all
    with pytest.raises(SandboxUnavailable, match="apt-get install bubblewrap"):
        class_tournament(tmp_path / "bots", 1, executor="serial", progress=False, limits=FAST)
    with pytest.raises(SandboxUnavailable):
        SandboxedBot(str(tmp_path / "bots" / f"{stems[0]}.py"), limits=FAST)
    # a bwrap that cannot create namespaces (its real message on such machines)
    (fake / "bwrap").write_text(
        "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace, likely because the kernel "
        "does not allow non-privileged user namespaces.' >&2\nexit 1\n"
    )
    (fake / "bwrap").chmod(0o755)
    (fake / "ldd").symlink_to("/usr/bin/ldd")
    monkeypatch.setenv("PATH", f"{fake}:/usr/bin:/bin")
    with pytest.raises(SandboxUnavailable, match="user.max_user_namespaces") as caught:
        class_tournament(tmp_path / "bots", 1, executor="serial", progress=False, limits=FAST)
    assert "No permissions to creating new namespace" in str(caught.value)
    assert not any(stem in str(caught.value) for stem in stems)  # no pupil is blamed
    assert not marker.exists()  # and no pupil's code ran
    # a bubblewrap too old for the sandbox's options
    (fake / "bwrap").write_text("#!/bin/sh\necho 'bwrap: Unknown option --disable-userns' >&2\nexit 1\n")
    with pytest.raises(SandboxUnavailable, match="0.8 or newer"):
        load_class_bots(tmp_path / "bots", limits=FAST)
    assert not marker.exists()


def test_trusted_code_can_opt_out_of_isolation_with_a_warning(tmp_path: Path) -> None:
    target = tmp_path / "written.txt"
    writer = _write(
        tmp_path,
        "writer",
        f"def choose(position):\n    open({str(target)!r}, 'w').write('x')\n"
        "    return next(iter(position.legal_turns()))\n",
    )
    with pytest.raises(BotError):  # isolated (the default): the host's files are not even in view
        SandboxedBot(str(writer), limits=FAST).choose(Position.initial(2))
    assert not target.exists()
    with pytest.warns(UnisolatedWarning, match="trust"):
        trusted = SandboxedBot(str(writer), limits=SandboxLimits(isolation="none"))
    trusted.choose(Position.initial(2))
    assert target.read_text() == "x"  # the documented difference
    trusted.close()


def test_trusted_files_can_be_imported_without_sandboxes_with_a_warning(tmp_path: Path) -> None:
    _write(tmp_path, "anna", GOOD_SOURCE)
    with pytest.warns(UnisolatedWarning, match=r"imported into this process \(sandbox=False\)"):
        loaded = load_class_bots(tmp_path, sandbox=False)
    assert [b.name for b in loaded.bots] == ["anna"] and not isinstance(loaded.bots[0], SandboxedBot)
    with pytest.warns(UnisolatedWarning, match="sandbox=False"):
        result = class_tournament(
            tmp_path, 1, executor="serial", progress=False, sandbox=False, extra_bots=["random"]
        )
    assert len(result.tournament.games) == 1


def test_without_libseccomp_pupils_code_does_not_run_and_the_message_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Neither Python binding importable, or pyseccomp there but not the C library it loads."""
    import ctypes.util

    from logger_widget.tournament import isolation, sandbox

    marker = tmp_path / "a_pupil_ran"
    (tmp_path / "bots").mkdir()
    spy = _write(tmp_path / "bots", "spy", f"open({str(marker)!r}, 'w').write('x')\n" + GOOD_SOURCE)
    find_library = ctypes.util.find_library
    # no binding at all (None in sys.modules: `import name` raises ImportError); or the real pyseccomp,
    # imported afresh where libseccomp2 is not installed
    cases = {
        "ModuleNotFoundError": {"seccomp": None, "pyseccomp": None},
        "Unable to find libseccomp": {"seccomp": None},
    }
    for why, missing in cases.items():
        monkeypatch.setattr(sandbox, "_CHECKED", set())
        isolation.seccomp_program.cache_clear()
        monkeypatch.delitem(sys.modules, "pyseccomp", raising=False)
        for name, module in missing.items():
            monkeypatch.setitem(sys.modules, name, module)
        if "pyseccomp" not in missing:
            monkeypatch.setattr(
                ctypes.util, "find_library", lambda n: None if n == "seccomp" else find_library(n)
            )
        with pytest.raises(SandboxUnavailable, match="libseccomp") as caught:
            load_class_bots(tmp_path / "bots", limits=FAST)
        assert why in str(caught.value) and "apt-get install libseccomp2" in str(caught.value), caught.value
        assert "pip install pyseccomp" in str(caught.value), caught.value
        with pytest.raises(SandboxUnavailable, match="libseccomp"):
            SandboxedBot(str(spy), limits=FAST)
        assert not marker.exists()
        monkeypatch.undo()
    isolation.seccomp_program.cache_clear()
    monkeypatch.setattr(sandbox, "_CHECKED", set())


def test_texts_from_a_bot_are_shown_safely() -> None:
    assert safe_text("ok") == "ok"
    shown = safe_text("a\ud800b\x1b[2J\u202ec\n", 300)
    assert shown == "a\\ud800b\\u001b[2J\\u202ec\\u000a"
    shown.encode("utf-8")
    assert len(safe_text("x" * 1000, 40)) == 40


def test_the_setup_check_runs_once_and_passes_here() -> None:
    check_isolation(FAST)  # bubblewrap and libseccomp are installed by scripts/env.sh


def test_a_bot_file_that_is_a_link_is_not_read(tmp_path: Path) -> None:
    """A link could point at a file only the teacher (root) may read: it is refused, not followed."""
    secret = tmp_path / "solutions.py"
    secret.write_text(GOOD_SOURCE, encoding="utf-8")
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "copycat.py").symlink_to(secret)
    _write(tmp_path / "bots", "good", GOOD_SOURCE)
    loaded = load_class_bots(tmp_path / "bots", limits=FAST)
    assert [b.name for b in loaded.bots] == ["good"]
    assert "symbolic link" in loaded.problems["copycat.py"]


@pytest.mark.slow
def test_no_sandbox_outlives_a_class_tournament_on_two_processes(tmp_path: Path) -> None:
    folder = tmp_path / "bots"
    folder.mkdir()
    for k in range(3):
        _write(folder, f"p{k}", MARKED.format(mark="lwpooled") + GOOD_SOURCE)
    result = class_tournament(folder, 1, seed=1, workers=2, progress=False, limits=FAST)
    assert len(result.tournament.games) == 3 and not result.forfeits()
    assert not _wait_gone("lwpooled")


PRIVATE_DRIVER = """
import json, subprocess, sys
from logger_widget.tournament import play_game
from logger_widget.tournament.sandbox import SandboxedBot, SandboxLimits

def reachable(path):  # by the sandbox's uid, without supplementary groups
    command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", "test", "-e", path]
    return subprocess.run(command, check=False).returncode == 0

bot, *paths = sys.argv[1:]
game = play_game([SandboxedBot(bot, limits=SandboxLimits(time_limit=2.0)), "random"], seed=3)
print(json.dumps({"reachable": [reachable(p) for p in paths], "turns": [t.notation() for t in game.turns]}))
"""


def _modes(paths: list[str]) -> dict[str, int]:
    """The mode of every folder on the way to ``paths``."""
    out = {}
    for path in paths:
        while path != "/":
            path = os.path.dirname(path)
            out[path] = os.stat(path).st_mode
    return out


@pytest.mark.skipif(os.geteuid() != 0, reason="the case of a teacher who is root (CI runs as root)")
def test_as_root_the_sandbox_starts_from_folders_its_user_cannot_enter(tmp_path: Path) -> None:
    """A pyenv Python under a 0700 /root, the repository in a private folder: nothing on the host is changed.

    The layout is simulated in a private mount namespace (a privileged bubblewrap, as root):
    the folders holding the interpreter's installation and the repository become empty 0700
    tmpfs with only those bound back, so uid 65534 cannot reach either there.
    """
    from logger_widget.tournament import isolation

    interpreter = isolation._interpreter()
    prefix = os.path.realpath(sys.base_prefix)
    repo = Path(__file__).resolve().parents[1]
    package = str(repo / "logger_widget")
    private = sorted({os.path.dirname(prefix), str(repo.parent)} - {"/"}, key=len)
    layout = ["bwrap", "--dev-bind", "/", "/"]
    for folder in private:
        layout += ["--tmpfs", folder, "--chmod", "0700", folder]
    layout += ["--bind", prefix, prefix, "--bind", str(repo), str(repo)]
    layout += ["--bind", str(tmp_path), str(tmp_path), "--die-with-parent", "--"]  # (a clone under /tmp)
    bot = _write(tmp_path, "anna", GOOD_SOURCE)
    (tmp_path / "driver.py").write_text(PRIVATE_DRIVER, encoding="utf-8")
    before = _modes([interpreter, package])
    run = subprocess.run(
        [*layout, sys.executable, "-I", str(tmp_path / "driver.py"), str(bot), interpreter, package],
        capture_output=True, text=True, timeout=120, cwd="/", check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(run.stdout.strip().splitlines()[-1])
    expected = [os.path.dirname(prefix) == "/", False]  # a system Python (/usr) is reachable anyway
    assert report["reachable"] == expected  # the sandbox's user really could not enter them
    namespace: dict = {}
    exec(GOOD_SOURCE, namespace)
    same = play_game([namespace["choose"], "random"], seed=3)
    assert report["turns"] == [t.notation() for t in same.turns]
    assert _modes([interpreter, package]) == before  # no folder got a permission bit


def test_a_label_dressed_as_another_files_mark_is_not_shown() -> None:
    from logger_widget.tournament.classbots import _names

    files = ["good_ben.py", "eve.py", "anna.py"]
    # brackets or ".py", another file's stem and more (case- and width-insensitively): the stem only
    for label in ("good_ben (good_ben.py)", "Good_Ben2", "ｇｏｏｄ＿ｂｅｎ 2", "x good_ben.py", "eve.py"):
        assert _names(files, ["", label, ""])[1] == "eve", label
    # a label of its own, or exactly a classmate's name (marked with its file), is shown
    assert _names(files, ["", "Eve the Great", "Anna's best"]) == [
        "good_ben",
        "Eve the Great (eve.py)",
        "Anna's best (anna.py)",
    ]
    assert _names(files, ["", "good_ben", ""])[1] == "good_ben (eve.py)"


def test_a_bot_file_that_returns_nothing_gets_the_exercises_hint(tmp_path: Path) -> None:
    # the worker reports a wrong return value (kind "exception", its words after "reported:")
    from logger_widget.classroom.exercises.own_bot import preflight

    for body in ("return None", "return ...", "return 1 / 0"):
        path = _write(tmp_path, "unfinished", f"def choose(position):\n    {body}\n")
        shutdown_workers()
        answer = preflight(str(path), "en")
        assert answer is not None and answer.kind == ("wrong" if "/" in body else "hint"), (body, answer)


def test_a_sandbox_refused_by_nesting_says_so_not_that_a_sysctl_is_off() -> None:
    """bubblewrap's words inside a namespace that forbids more (seen in a pupil's server on the hub)."""
    from logger_widget.tournament.sandbox import _explain

    said = "bwrap: Creating new namespace failed: nesting depth or /proc/sys/user/max_*_namespaces exceeded (ENOSPC)"
    text = _explain(said)
    assert "nesting depth" in text and "forbids new user namespaces" in text and "max_user_namespaces" in text
    assert "unprivileged_userns_clone" not in text  # the hint for a machine that turned them off
    assert "unprivileged_userns_clone" in _explain("bwrap: No permissions to creating new namespace")

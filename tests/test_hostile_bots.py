"""Hostile pupils' bots (tests/hostile_bots.py) in a class tournament: each is stopped, nothing escapes.

Runs as the current user (root in CI) and, from root, once more as the
unprivileged user ``lwsandbox`` (made for that test when missing, and then removed after it)
in a pytest subprocess.
About 17 s for the single games and 35 s for each tournament (marked slow) under a
load of 7 to 10 on 2 cores, and about 110 s for the unprivileged run (marked slow), which
also runs the grading sandbox's tests and the builder's.
"""

from __future__ import annotations

import hashlib
import os
import pwd
import shutil
import site
import socket
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hostile_bots import HOG, HOSTILE, MARK, PRELUDE, SPINNER, Targets, write_hostile
from machinekit import remove_account
from sandboxkit import PeakSampler, footprint, pid_of, sandboxes_of

from logger_widget import Position, Turn
from logger_widget.bots import BotError
from logger_widget.sandboxing import DEV_SIZE
from logger_widget.tournament import isolation, play_game
from logger_widget.tournament.classbots import class_tournament
from logger_widget.tournament.sandbox import SandboxedBot, SandboxLimits, shutdown_workers

# a bot's sandbox and file load take about a second; a loaded CI machine once took over 10 s
FAST = SandboxLimits(time_limit=1.0, memory_mb=256, load_timeout=30.0)
ROOT = Path(__file__).resolve().parents[1]
TEST_USER = "lwsandbox"
OTHER_UID = 12345  # owner of the "other user's" private home

# three deterministic honest pupils: their games against each other do not depend on seeds
HONEST = {
    "anna": "def choose(position):\n    return next(iter(position.legal_turns()))\n",
    "boris": "def choose(position):\n    return list(position.legal_turns())[-1]\n",
    "carla": "def choose(position):\n    t = list(position.legal_turns())\n    return t[len(t) // 2]\n",
}


def _leftovers() -> list[str]:
    """Processes of hostile bots (by their ``comm`` mark) or sandboxes of this process still alive."""
    found = []
    for pid in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            comm = Path(f"/proc/{pid}/comm").read_text().strip()
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            ppid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if comm == MARK or (ppid == os.getpid() and b"/sandbox/worker.py" in cmdline):
            found.append(f"{pid} {comm} {cmdline[:120]!r}")
    return found


def _workers_of_this_process() -> list[int]:
    """The real uids of the sandboxed workers (the bots' interpreters) started from this process, one per sandbox."""
    parent, uid, workers = {}, {}, []
    for pid in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            parent[pid] = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]
            uid[pid] = int(Path(f"/proc/{pid}/status").read_text().split("\nUid:")[1].split()[0])
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except (OSError, ValueError, IndexError):
            continue
        if b"/sandbox/worker.py" in argv and not argv[0].endswith((b"bwrap", b"setpriv")):
            workers.append(pid)
    mine = []
    for pid in workers:
        up, hops = parent.get(pid), 0
        while up not in (None, "0", "1") and up != str(os.getpid()) and hops < 10:
            up, hops = parent.get(up), hops + 1
        if up == str(os.getpid()):
            mine.append(uid[pid])
    return mine


def _no_leftovers(timeout: float = 5.0) -> list[str]:
    deadline = time.monotonic() + timeout
    while (left := _leftovers()) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


def _host_paths(tmp_path: Path) -> tuple[str, ...]:
    """Where things lie on this machine that a bot must not learn: the checkout, the interpreter's
    installation, the environment, the test's folders (not a system prefix such as ``/usr``, whose
    paths every machine has)."""
    found = {
        str(ROOT),
        os.path.realpath(sys.base_prefix),
        os.path.realpath(sys.prefix),
        sys.prefix,
        str(tmp_path),
    }
    return tuple(sorted(p for p in found if p != "/" and p != "/usr" and not p.startswith("/usr/")))


@pytest.fixture
def targets(tmp_path: Path):
    tcp = socket.socket()
    tcp.bind(("127.0.0.1", 0))
    tcp.listen()
    tcp.setblocking(False)
    abstract_name = f"lw-hostile-{os.getpid()}-{time.monotonic_ns()}"
    abstract = socket.socket(socket.AF_UNIX)
    abstract.bind("\0" + abstract_name)
    abstract.listen()
    abstract.setblocking(False)
    unix_path = str(tmp_path / "teacher.sock")
    unix = socket.socket(socket.AF_UNIX)
    unix.bind(unix_path)
    unix.listen()
    unix.setblocking(False)
    teacher = tmp_path / "teacher" / "notes.txt"
    teacher.parent.mkdir()
    teacher.write_text("the answers to the test\n")
    home = Path(os.environ.get("LW_PRIVATE_HOME", tmp_path / "home" / "other"))
    if "LW_PRIVATE_HOME" not in os.environ:
        home.mkdir(parents=True)
        (home / "secret.txt").write_text("private\n")
        home.chmod(0o700)
        if os.geteuid() == 0:
            os.chown(home / "secret.txt", OTHER_UID, OTHER_UID)
            os.chown(home, OTHER_UID, OTHER_UID)
    import tornado  # a package a bot could want, installed here

    base = sysconfig.get_paths(vars={"base": sys.base_prefix, "platbase": sys.base_prefix})["purelib"]
    folders = dict.fromkeys([*site.getsitepackages(), base])  # the venv's, the interpreter's own
    installed = tuple(p for p in folders if os.path.isdir(p) and os.listdir(p))
    assert os.path.dirname(os.path.dirname(tornado.__file__)) in installed, installed

    t = Targets(
        port=tcp.getsockname()[1],
        abstract=abstract_name,
        unix_path=unix_path,
        teacher_file=str(teacher),
        classmate=str(tmp_path / "bots" / "anna.py"),
        private_home=str(home / "secret.txt"),
        canary=str(tmp_path / "canary.txt"),
        site_packages=installed,
        host_paths=_host_paths(tmp_path),
        checkout=str(ROOT),
    )
    yield t, (tcp, abstract, unix)
    for s in (tcp, abstract, unix):
        s.close()


def _accepted(sockets) -> list[str]:
    got = []
    for s in sockets:
        try:
            conn, _ = s.accept()
            conn.close()
            got.append(repr(s))
        except BlockingIOError:
            pass
    return got


def _write_honest(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for stem, source in HONEST.items():
        (folder / f"{stem}.py").write_text(source, encoding="utf-8")


def _pairs(result) -> dict[tuple[str, ...], tuple]:
    return {g.names: (g.points, g.turns) for g in result.tournament.games}


def test_every_hostile_bot_is_stopped_with_the_right_kind(tmp_path: Path, targets) -> None:
    t, sockets = targets
    _write_honest(tmp_path / "bots")
    write_hostile(tmp_path / "hostile", t, "anna")
    wrong = {}
    began = time.monotonic()
    for stem, (_, kind) in HOSTILE.items():
        bot = SandboxedBot(str(tmp_path / "hostile" / f"{stem}.py"), limits=FAST)
        with pytest.raises(BotError) as caught:
            play_game([bot, "random"], seed=1)
        err = caught.value
        if err.kind != kind or "PWNED" in err.what or err.seat != 1:
            wrong[stem] = (err.kind, err.what[:200])
    elapsed = time.monotonic() - began
    shutdown_workers()
    assert not wrong, wrong
    # only the hang-like bots wait for their limit; the rest are refused at once
    waits = sum(1 for stem in HOSTILE if "sleeps" in stem or "reply" in stem)
    assert elapsed < waits * FAST.time_limit + len(HOSTILE) * 1.0 + 10, elapsed
    assert not _accepted(sockets)
    assert Path(t.teacher_file).read_text() == "the answers to the test\n"
    assert not Path(t.canary).exists()
    assert not list(Path("/dev/shm").glob("lwhostile-*")) and not Path("/tmp/lwhostile-big").exists()
    assert not _no_leftovers()


@pytest.mark.slow
def test_a_class_tournament_with_hostile_bots_keeps_the_honest_results(
    tmp_path: Path, targets, monkeypatch: pytest.MonkeyPatch
) -> None:
    t, sockets = targets
    _write_honest(tmp_path / "alone")
    alone = class_tournament(tmp_path / "alone", 1, seed=4, executor="serial", progress=False, limits=FAST)
    _write_honest(tmp_path / "bots")
    before = {p.name: p.read_bytes() for p in (tmp_path / "bots").iterdir()}
    stems = write_hostile(tmp_path / "bots", t, "anna")
    # the ones that wait out their time or break the protocol (a new sandbox each game) are judged
    # in single games above: here the escapes, leaks and impostors meet the honest bots
    waits = ("forged_failure",)  # its forged answer read, it sleeps out every later turn
    for stem in [s for s in stems if HOSTILE.get(s, ("", ""))[1] in ("time", "garbage") or s in waits]:
        (tmp_path / "bots" / f"{stem}.py").unlink()
        stems.remove(stem)
    before.update({f"{s}.py": (tmp_path / "bots" / f"{s}.py").read_bytes() for s in stems})
    # the sandboxes alive (their workers' real uids) each time the bot that forks or starts a thread plays
    alive: dict[str, list[list[int]]] = {"forks": [], "threads": []}
    choose = SandboxedBot.choose

    def counted(self: SandboxedBot, position):  # type: ignore[no-untyped-def]
        if self.name in alive:
            alive[self.name].append(_workers_of_this_process())
        return choose(self, position)

    monkeypatch.setattr(SandboxedBot, "choose", counted)
    began = time.monotonic()
    result = class_tournament(tmp_path / "bots", 1, seed=4, executor="serial", progress=False, limits=FAST)
    elapsed = time.monotonic() - began
    names = result.tournament.names
    # identity: a bot is its file; the impostor cannot take anna's name or points
    assert "anna" in names and "anna (impostor.py)" in names
    assert "impostor_mark" in names and not any("anna.py" in n for n in names), names
    assert not result.problems
    # refused by RLIMIT_NPROC in each sandbox, while more than 30 sandboxes of one uid were alive
    refused = {"forks": "BlockingIOError", "threads": "can't start new thread"}
    uid = isolation.SANDBOX_UID if os.geteuid() == 0 else os.geteuid()
    for stem, error in refused.items():
        assert alive[stem] and all(len(a) > 30 and set(a) == {uid} for a in alive[stem]), (stem, alive[stem])
        assert all(error in reason for reason in result.forfeits()[stem]), result.forfeits()[stem]
    honest = set(HONEST)
    mine = {k: v for k, v in _pairs(result).items() if set(k) <= honest}
    assert mine == _pairs(alone)  # the honest bots' games are the same as without the hostile ones
    hostile = set(HOSTILE) & set(stems)
    for g in result.tournament.games:
        if hostile & set(g.names):
            assert g.reason == "forfeit" and g.names[g.forfeit_seat - 1] in hostile, g
            assert "PWNED" not in (g.error or ""), g.error
        else:
            assert g.reason != "forfeit", g
    # the odd NAME is shortened and shown safely; the report prints any string
    odd = next(n for n in names if n.endswith("(odd_name.py)"))
    assert len(odd) <= 40 + len(" (odd_name.py)") and odd.isprintable()
    report = result.loaded.report() + "\n".join(g.error or "" for g in result.tournament.games)
    report.encode("utf-8")  # no lone surrogate left
    assert all(ch.isprintable() or ch == "\n" for ch in report)
    # nothing outside the sandboxes changed, nobody connected, nothing left running
    assert {p.name: p.read_bytes() for p in (tmp_path / "bots").iterdir()} == before
    assert Path(t.teacher_file).read_text() == "the answers to the test\n"
    assert not Path(t.canary).exists()
    assert not list(Path("/dev/shm").glob("lwhostile-*")) and not Path("/tmp/lwhostile-big").exists()
    assert not _accepted(sockets)
    assert not _no_leftovers()
    assert elapsed < 150, elapsed


#: A bot sandbox's writable in-memory folders (docs/bots.md), inside it.
BOT_FOLDERS = ("tmp", "dev/shm", "dev")


def _budget(limits: SandboxLimits) -> int:
    """The documented whole-sandbox budget in bytes (docs/bots.md): ``processes × (memory_mb + open_files ×
    file_mb) + 2 × tmp_mb`` MiB, plus ``/dev``'s size."""
    mib = 1 << 20
    per_process = limits.memory_mb + limits.open_files * limits.file_mb
    return limits.processes * per_process * mib + 2 * limits.tmp_mb * mib + DEV_SIZE


def test_a_sandbox_costs_at_most_its_budget_during_and_between_turns(tmp_path: Path) -> None:
    """A bot that forks all it may, fills every writable folder, hoards memfds and memory and spins."""
    limits = SandboxLimits(
        time_limit=8.0, memory_mb=64, processes=4, open_files=16, tmp_mb=4, load_timeout=20
    )
    mib = 1 << 20
    budget = _budget(limits)
    path = tmp_path / "hog.py"
    path.write_text(HOG, encoding="utf-8")
    bot = SandboxedBot(str(path), limits=limits)
    files = {hashlib.sha256(path.read_bytes()).hexdigest(): "hog"}
    with PeakSampler(BOT_FOLDERS, lambda pid1: _bot_of(pid1, files)) as sampler:  # during the turn
        position = Position.initial(2)
        turn = bot.choose(position)
    assert bot._worker is not None
    assert bot._worker.pid1 is not None
    pid1 = pid_of(bot._worker.pid1)
    (peak,) = sampler.by_label()["hog"]
    # it took something of everything it could: all its processes, the folders, memory
    assert peak["processes"] == limits.processes, peak
    assert peak["tmpfs"] >= limits.tmp_mb * mib, peak
    assert peak["bytes"] >= limits.processes * 32 * mib, peak
    assert peak["processes"] <= limits.processes and peak["bytes"] <= budget, (peak, budget)
    # between turns: every process stopped, no CPU used, however long the wait
    before = footprint(pid1, BOT_FOLDERS)
    time.sleep(1.0)  # a span to measure CPU over, not a wait for a condition
    after = footprint(pid1, BOT_FOLDERS)
    assert set(before["states"]) == set(after["states"]) == {"T"}, (before, after)
    assert after["cpu"] == before["cpu"], (before, after)
    assert after["processes"] == limits.processes and after["bytes"] <= budget, (after, budget)
    # and it plays on when asked again
    assert bot.choose(position.play(turn)) is not None
    bot.close()
    shutdown_workers()
    assert not _no_leftovers()
    print(f"sandbox peak: {peak}, between turns: {after}, budget {budget} bytes")


def _bot_of(pid1: int, files: dict[str, str]) -> str | None:
    """The stem of the bot file a sandbox holds (``files``: sha256 of a content → stem), or ``None``
    (none of them, or the sandbox is still being set up: its root is not yet its own)."""
    try:
        content = Path(f"/proc/{pid1}/root/sandbox/bot.py").read_bytes()
    except OSError:
        return None
    return files.get(hashlib.sha256(content).hexdigest())


@pytest.mark.slow
def test_a_class_tournament_of_hostile_bots_costs_at_most_the_budget_per_sandbox(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hog, a bot that forks spinners, three that go for their PID 1 and the greedy preset.

    A sampler finds every sandbox of the tournament in ``/proc`` while it runs and keeps the
    peak of each one's whole footprint (:func:`sandboxkit.footprint`), held against the documented budget.
    """
    limits = SandboxLimits(
        time_limit=5.0, memory_mb=64, processes=4, open_files=16, tmp_mb=4, load_timeout=20
    )
    mib = 1 << 20
    budget = _budget(limits)
    folder = tmp_path / "bots"
    folder.mkdir()
    attackers = ("writes_pid1_memory", "ptraces", "kills_everyone")  # /proc/N/mem, ptrace, signals
    sources = {"hog": HOG, "spinner": SPINNER}
    sources.update({stem: PRELUDE + HOSTILE[stem][0] for stem in attackers})
    files = {}
    for stem, source in sources.items():
        (folder / f"{stem}.py").write_text(source, encoding="utf-8")
        files[hashlib.sha256((folder / f"{stem}.py").read_bytes()).hexdigest()] = stem
    files[hashlib.sha256(b"def choose(position):\n    return None\n").hexdigest()] = "probe"
    kinds: dict[str, list[str]] = {}  # each sandboxed bot's failures, by kind
    choose = SandboxedBot.choose

    def recorded(self: SandboxedBot, position: Position) -> Turn:
        try:
            return choose(self, position)
        except BotError as err:
            kinds.setdefault(self.name, []).append(err.kind)
            raise

    monkeypatch.setattr(SandboxedBot, "choose", recorded)
    began = time.monotonic()
    with PeakSampler(BOT_FOLDERS, lambda pid1: _bot_of(pid1, files)) as sampler:
        result = class_tournament(
            folder, 1, seed=3, executor="serial", progress=False, limits=limits,
            extra_bots=["greedy"], turn_limit=30,
        )  # fmt: skip
    elapsed = time.monotonic() - began
    by_bot, peaks = sampler.by_label(), sampler.peaks
    shown = {
        bot: [f"{p['processes']} processes, {p['bytes'] / mib:.0f} MiB" for p in found]
        for bot, found in sorted(by_bot.items())
    }
    print(f"tournament of {len(result.tournament.games)} games in {elapsed:.1f} s, budget "
          f"{budget / mib:.0f} MiB per sandbox; peaks per sandbox: {shown}")  # fmt: skip
    # every sandbox, whatever its bot did, stayed within its budget in processes and bytes
    assert peaks and all(
        p["processes"] <= limits.processes and p["bytes"] <= budget for p in peaks.values()
    ), (shown, budget)
    assert set(by_bot) - {"probe"} == set(sources), shown  # each bot's sandbox was seen, and no other
    # the hostile ones took what they could: the hog all its processes, the folders, memory
    hog = max(by_bot["hog"], key=lambda p: p["bytes"])
    assert hog["processes"] == limits.processes, hog
    assert hog["tmpfs"] >= limits.tmp_mb * mib and hog["bytes"] >= limits.processes * 32 * mib, hog
    assert max(p["processes"] for p in by_bot["spinner"]) == limits.processes, by_bot["spinner"]
    # every game accounted: the attackers forfeit each game they move in, refused, with their kind
    names = {"hog", "spinner", "greedy", *attackers}
    assert set(result.tournament.names) == names and not result.problems, result.loaded.report()
    assert len(result.tournament.games) == len(names) * (len(names) - 1) // 2
    for g in result.tournament.games:
        if set(g.names) & set(attackers):
            assert g.forfeit_seat is not None and g.names[g.forfeit_seat - 1] in attackers, g
            assert "PWNED" not in (g.error or "") and "reported: raised OSError" in (g.error or ""), g.error
        else:
            assert g.reason != "forfeit" and len(g.turns) > 1, g
    forfeits = result.forfeits()
    assert set(forfeits) == set(kinds) == set(attackers), (forfeits, kinds)
    for stem in attackers:
        assert kinds[stem] == [HOSTILE[stem][1]] * len(forfeits[stem]), (stem, kinds[stem])
    # and nothing is left: no sandbox, no process of theirs, nothing in the host's /dev/shm
    deadline = time.monotonic() + 5
    while sandboxes_of() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not sandboxes_of()
    assert not _no_leftovers()
    assert not list(Path("/dev/shm").glob("lwh-*"))
    assert elapsed < 90, elapsed


KILLED_DRIVER = """
import sys, time
from logger_widget import Position, Turn
from logger_widget.tournament.sandbox import SandboxedBot, SandboxLimits
SandboxedBot(sys.argv[1], limits=SandboxLimits(time_limit=5.0)).choose(Position.initial(2))
print("played", flush=True)
time.sleep(3600)
"""


def _state(pid: str) -> str:
    """A process's state letter (``R``, ``S``, ``T``, ``Z``...), or ``""`` once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


def test_a_program_killed_between_turns_takes_its_sandbox_along_but_in_the_documented_case(
    tmp_path: Path,
) -> None:
    """Stopped between turns, a sandbox reads nothing: a SIGKILLed program must end it by its death signal.

    docs/bots.md names the one exception (root, the interpreter in a folder only root may enter):
    there the stopped processes stay, and this test checks that too, then kills them.
    """
    bot = tmp_path / "orphan.py"
    bot.write_text("import ctypes\nctypes.CDLL(None).prctl(15, b'lworphan', 0, 0, 0)\n"
                   "def choose(position):\n    return next(iter(position.legal_turns()))\n")  # fmt: skip
    program = subprocess.Popen(
        [sys.executable, "-c", KILLED_DRIVER, str(bot)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert program.stdout is not None and program.stdout.readline() == "played\n"
        marked = [p for p in os.listdir("/proc") if p.isdigit() and _comm(p) == "lworphan"]
        assert marked and all(_state(p) == "T" for p in marked), marked  # stopped between turns
    finally:
        program.kill()
        program.wait()
        if program.stdout is not None:
            program.stdout.close()
    deadline = time.monotonic() + 5
    while any(_state(p) not in ("", "Z", "X") for p in marked) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [p for p in marked if _state(p) not in ("", "Z", "X")]
    python = os.path.realpath(sys.base_prefix)
    documented = os.geteuid() == 0 and bool(isolation.hidden_folders([os.path.join(python, "bin")]))
    for pid in left:
        os.kill(int(pid), 9)
    assert bool(left) == documented, (left, documented)


def _comm(pid: str) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


@pytest.fixture
def sandbox_account() -> Iterator[pwd.struct_passwd]:
    """The unprivileged account ``lwsandbox``: made when missing (no home, no shell) and then
    removed with its group after the test; one that was there before stays."""
    try:
        existing = pwd.getpwnam(TEST_USER)
    except KeyError:
        pass
    else:
        yield existing
        return
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", TEST_USER],
        check=True,
        timeout=30,
    )
    try:
        yield pwd.getpwnam(TEST_USER)
    finally:
        remove_account(TEST_USER)


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0, reason="this run already is the unprivileged one")
def test_the_hostile_suite_also_holds_for_an_unprivileged_teacher(sandbox_account: pwd.struct_passwd) -> None:
    """This file's tests, the grading sandbox's and the builder's, run again as a user who is not root."""
    user = sandbox_account
    with tempfile.TemporaryDirectory(prefix="lwsandbox-") as tmp:  # pytest's own folders are private to root
        base = Path(tmp)
        base.chmod(0o755)
        work = base / "work"
        work.mkdir()
        home = base / "other"  # another user's private home, made by root
        home.mkdir()
        (home / "secret.txt").write_text("private\n")
        home.chmod(0o700)
        os.chown(home / "secret.txt", OTHER_UID, OTHER_UID)
        os.chown(home, OTHER_UID, OTHER_UID)
        shutil.chown(work, user.pw_uid, user.pw_gid)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(work),
            "LANG": "C.UTF-8",
            "LW_PRIVATE_HOME": str(home),
            "LW_MACHINE_CHECK": "0",  # this run checks the machine (tests/conftest.py), not the one inside
            "LW_MACHINE_LOCK": "0",  # and holds the machine lock: the run inside must not wait for it
        }
        # that user must reach this interpreter and repository: where they lie in folders it cannot
        # enter (pyenv under a 0700 /root), a private view passes just them (as for the sandboxes)
        prefix, sources = os.path.realpath(sys.base_prefix), [os.path.realpath(sys.base_prefix), str(ROOT)]
        hidden = isolation.hidden_folders([os.path.join(prefix, "bin"), str(ROOT / "tests")])
        bwrap = shutil.which("bwrap") or "bwrap"
        if hidden:
            start = isolation._private_view(bwrap, sources, hidden, uid=user.pw_uid)
        else:
            start = ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups", "--"]
        command = [
            *start, sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--basetemp", str(work / "t"),
            "-o", "addopts=", str(ROOT / "tests" / "test_hostile_bots.py"),
            str(ROOT / "tests" / "test_autograde_sandbox.py"), str(ROOT / "tests" / "test_sandboxing.py"),
            "-k", "not unprivileged_teacher",
        ]  # fmt: skip
        run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=400)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "20 passed" in run.stdout, run.stdout[-2000:]  # 5 here, the grading sandbox's 4, the builder's 11

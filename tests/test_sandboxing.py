"""The project's one bubblewrap builder: typed, no writable RAM without a size, used everywhere."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from logger_widget.sandboxing import (
    DEV_SIZE,
    Bubblewrap,
    SandboxUnavailable,
    hidden_folders,
    private_view,
    tmpfs_entries,
    unprivileged,
)

ROOT = Path(__file__).resolve().parents[1]


def _tmpfs_sizes(argv: list[str]) -> list[tuple[str, str | None]]:
    """Each ``--tmpfs`` with the ``--size`` right before it (or None)."""
    return [
        (argv[i + 1], argv[i - 1] if argv[i - 2] == "--size" else None)
        for i, a in enumerate(argv)
        if a == "--tmpfs"
    ]


def _python_in_sandbox(script: str, tmpfs: tuple[tuple[str, int], ...]) -> list[str]:
    """The command that runs ``script`` in an isolated interpreter in bubblewrap with ``tmpfs`` (path, bytes).

    Only the system's libraries and the interpreter are bound in, read-only; as root, behind a
    private view that hides what the sandbox's user may not enter.
    """
    python = str(Path(sys.base_prefix).resolve())
    binds = tuple((path, path) for path in ("/usr", "/lib", "/lib64", python, "/etc/ld.so.cache"))
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        pytest.fail("bubblewrap is installed where the tests run (scripts/env.sh)")
    argv = Bubblewrap(ro_binds=binds, tmpfs=tmpfs).argv(
        [os.path.realpath(sys.executable), "-I", "-S", "-c", script], bwrap
    )
    if os.geteuid() == 0:
        hidden = hidden_folders([os.path.join(python, ".")])
        argv = [*(private_view(bwrap, [python], hidden) if hidden else unprivileged()), *argv]
    return argv


def test_every_tmpfs_has_a_size_and_dev_is_never_bubblewraps_own() -> None:
    sandbox = Bubblewrap(
        ro_binds=(("/usr", "/usr"),), tmpfs=(("/tmp", 1 << 20), ("/dev/shm", 1 << 19)), hidden=("/usr/share",)
    )
    argv = sandbox.argv(["/usr/bin/true"], bwrap="bwrap")
    assert "--dev" not in argv and "--cap-drop" in argv and "--as-pid-1" in argv
    sizes = _tmpfs_sizes(argv)
    assert (
        ("/dev", str(DEV_SIZE)) in sizes
        and ("/tmp", str(1 << 20)) in sizes
        and all(size for _, size in sizes)
    )
    # /dev and / end read-only; the hidden folder too
    assert {"/dev", "/", "/usr/share"} <= {argv[i + 1] for i, a in enumerate(argv) if a == "--remount-ro"}
    assert argv[-2:] == ["--", "/usr/bin/true"]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("tmpfs", (("/tmp", 0),), "size of at least 1 byte"),
        ("tmpfs", (("tmp", 10),), "absolute path"),
        ("ro_binds", (("/usr", "usr"),), "absolute path"),
        ("devices", ("../sda",), "a name under /dev"),
        ("files", ((-1, "/sandbox/x.py"),), "a number ≥ 0"),
        ("view", "everything", "view must be"),
    ],
)
def test_bad_sandboxes_are_refused_naming_what(field: str, value: object, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        Bubblewrap(**{field: value})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="PID namespace"):
        Bubblewrap(unshare="user")  # as_pid_1 needs unshare="all"


def test_the_sandbox_holds_what_it_says(tmp_path: Path) -> None:
    """A real run: /dev read-only with five nodes, /tmp full at its size, the command is PID 1, no capability."""
    script = (
        "import os\n"
        "print(sorted(os.listdir('/dev')), os.getpid())\n"
        "print([l.split()[1] for l in open('/proc/self/status') if l.startswith('CapEff')][0])\n"
        "n = 0\n"
        "try:\n"
        "    for k in range(100):\n"
        "        open('/tmp/f%d' % k, 'wb').write(b'x' * 65536); n += 1\n"
        "except OSError:\n"
        "    pass\n"
        "print(n)\n"
        "try:\n    open('/dev/x', 'w')\nexcept OSError as e:\n    print(e.errno)\n"
    )
    argv = _python_in_sandbox(script, (("/tmp", 4 * 65536),))
    out = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    devices, caps, filled, refused = out.stdout.splitlines()
    assert devices == "['fd', 'full', 'null', 'random', 'stderr', 'stdin', 'stdout', 'urandom', 'zero'] 1"
    assert int(caps, 16) == 0 and int(filled) <= 4 and int(refused) == 30  # EROFS


def test_the_entries_of_a_sandboxs_sized_folders_are_counted_from_outside() -> None:
    """Files, folders and links in its own sized tmpfs only; 0 for the machine's folders or once it is gone."""
    from logger_widget.classroom.autograde import _first_process

    script = (
        "import os\n"
        "for name in ('a', 'b', 'c'):\n"
        "    open('/tmp/' + name, 'w').close()\n"
        "os.mkdir('/tmp/d'); os.symlink('/tmp/a', '/tmp/d/e'); open('/dev/shm/f', 'w').close()\n"
        "open('/run/g', 'w').close()\n"
        "print('ready', flush=True)\n"
        "import sys; sys.stdin.read()\n"
    )
    size = 1 << 20
    argv = _python_in_sandbox(script, (("/tmp", size), ("/dev/shm", size), ("/run", 2 * size)))
    with subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as run:
        assert run.stdout is not None and run.stdin is not None
        assert run.stdout.readline() == "ready\n"
        pid1 = _first_process(run.pid)
        assert pid1 is not None
        assert tmpfs_entries(pid1, ("tmp", "dev/shm"), size) == 6  # a, b, c, d, d/e; f
        assert tmpfs_entries(pid1, ("tmp", "run"), size) == 5  # /run (g) is of another size
        assert tmpfs_entries(pid1, ("nowhere", "tmp"), size) == 0  # stops at what it cannot look into
        assert tmpfs_entries(os.getpid(), ("tmp", "dev/shm"), size) == 0  # the machine's own root
        run.stdin.close()
        assert run.wait(timeout=30) == 0
    assert tmpfs_entries(pid1, ("tmp", "dev/shm"), size) == 0  # gone


def test_no_bubblewrap_command_is_built_outside_the_builder() -> None:
    """Every sandbox of the project (bots, autograding, the hub's private /tmp) goes through sandboxing.py."""
    found = []
    for path in [
        *(ROOT / "logger_widget").rglob("*.py"),
        *(ROOT / "deploy").rglob("*.py"),
        *(ROOT / "scripts").rglob("*.py"),
    ]:
        if path.name == "sandboxing.py":
            continue
        text = path.read_text(encoding="utf-8")
        if re.search(r'"--(tmpfs|ro-bind|dev-bind|dev|unshare-[a-z]+|bind)"|class SandboxUnavailable', text):
            found.append(str(path.relative_to(ROOT)))
    assert not found, found


def test_without_bubblewrap_the_one_error_names_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name, *a, **k: None)
    with pytest.raises(SandboxUnavailable, match="apt-get install bubblewrap"):
        Bubblewrap().argv(["/bin/true"])
    from logger_widget.classroom import autograde
    from logger_widget.tournament import isolation, sandbox

    assert (
        autograde.SandboxUnavailable
        is isolation.SandboxUnavailable
        is sandbox.SandboxUnavailable
        is SandboxUnavailable
    )

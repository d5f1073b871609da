"""Set up a class before its hub starts (run as root by scripts/classroom.sh; docs/classroom.md).

    python deploy/jupyterhub/classsetup.py --class CLASS.csv --state DIR --teacher NAME
        [--teacher-password PW] [--address URL] [--env DIR] [--exchange DIR] [--new-codes]

1. **The teacher's account**: their password, given (``--teacher-password`` or the environment's
   ``LW_TEACHER_PASSWORD``) or generated and printed once, is stored hashed before the hub
   starts; nobody can claim the teacher's name by logging in first.
2. **The pupils' one-time codes**: a code for every pupil who has neither a password nor an
   unused code (``--new-codes``: a new code for every pupil without a password), stored hashed
   in ``STATE/codes.json`` (mode 0600); the **class sheet** ``STATE/class-sheet.html`` (mode
   0600, prints on A4) shows the codes issued now.
3. **The pupils' environment**: a virtual environment (``--env``, default ``STATE/env``) with the
   package installed from a wheel built from this repository (not the repository itself), the
   same versions of its dependencies as the project's environment, Jupyter and nbgrader.
4. **Teacher material closed**: the teacher notebooks (``notebooks/*teacher*``), the nbgrader
   sources (with their solutions) and the repository's git history become readable by their
   owner (root) only; the hub copies the teacher's notebooks into the teacher's home.
5. **The interpreter reachable**: the folders on the path of the environment's base Python get
   the search bit for others (``o+x``: enter, not list; pyenv's Python is under ``/root``).
6. **nbgrader's exchange** (``--exchange``, default ``/srv/nbgrader/exchange``): the folder
   pupils submit to, mode 1777 as nbgrader wants, and ``nbgrader_config.py`` in the pupils'
   environment pointing at it.

Every step says what it did; run again, it keeps what is done (the codes already handed out,
the environment when the dependencies did not change) and refreshes the package's wheel.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import secrets
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from classcodes import CodeBook, PasswordBook, _write_private, class_sheet  # noqa: E402
from classlist import read_class, refuse_system_accounts  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
#: nbgrader's server extensions, switched off in the pupils' environment (7 s on every server start)
NBGRADER_EXTENSIONS = ("formgrader", "validate_assignment", "assignment_list", "course_list")
COURSE_ID = "logger_game_theory"


def say(*args: object) -> None:
    print("[class set-up]", *args, flush=True)


def set_up_credentials(state: Path, pupils: dict[str, str], teacher: str, teacher_password: str | None,
                       address: str, new_codes: bool = False) -> dict[str, str]:  # fmt: skip
    """Steps 1 and 2: the teacher's password, the pupils' codes, the class sheet; the codes issued now."""
    passwords = PasswordBook(state / "passwords.dbm")
    codes = CodeBook(state / "codes.json")
    if teacher_password is not None:
        passwords.set(teacher, teacher_password)
        say(f"the teacher {teacher!r} has the password given")
    elif not passwords.has(teacher):
        generated = secrets.token_urlsafe(12)
        passwords.set(teacher, generated)
        say(f"the teacher {teacher!r} has the password {generated}  (shown this once: write it down)")
    issued = {}
    for name in pupils:
        if passwords.has(name):
            continue  # chose their own password: the teacher's reset page issues a new code
        if new_codes or name not in codes.names():
            issued[name] = codes.issue(name)
    sheet = state / "class-sheet.html"
    _write_private(sheet, class_sheet(pupils, issued, address).encode())
    say(f"{len(issued)} new one-time code(s); the class sheet to print: {sheet}")
    return issued


def _run(*cmd: str | Path) -> None:
    done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, cmd))} failed:\n{done.stdout[-2000:]}{done.stderr[-3000:]}")


def build_environment(env: Path, exchange: Path) -> Path:
    """Step 3 (and the exchange's config): the pupils' environment at ``env``; its Python."""
    # the dependencies at the versions the project's environment has (constraints), so the pupils
    # run what the tests ran; a new environment only when they change
    frozen = subprocess.run([sys.executable, "-m", "pip", "freeze", "--exclude-editable"],
                            capture_output=True, text=True, check=True).stdout  # fmt: skip
    constraints = "".join(line + "\n" for line in frozen.splitlines() if not line.startswith("logger"))
    stamp = env / f".deps-{hashlib.sha256((sys.version + constraints).encode()).hexdigest()[:16]}"
    with tempfile.TemporaryDirectory(prefix="logger-wheel-") as tmp:
        say(f"building the package's wheel from {REPO}")
        _run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp, REPO)
        wheel = next(Path(tmp).glob("logger_widget-*.whl"))
        python = env / "bin" / "python"
        if not stamp.exists():
            say(f"creating the pupils' environment {env} (a few minutes the first time)")
            shutil.rmtree(env, ignore_errors=True)
            _run(sys.executable, "-m", "venv", env)
            (Path(tmp) / "constraints.txt").write_text(constraints)
            _run(python, "-m", "pip", "install", "-q", "-c", Path(tmp) / "constraints.txt",
                 f"{wheel}[fast]", "jupyterhub", "jupyterlab", "ipykernel", "nbgrader")  # fmt: skip
            for ext in NBGRADER_EXTENSIONS:
                subprocess.run([env / "bin" / "jupyter", "server", "extension", "disable", "--sys-prefix",
                                f"nbgrader.server_extensions.{ext}"], capture_output=True, check=False)  # fmt: skip
            subprocess.run([env / "bin" / "jupyter", "labextension", "disable", "--level=sys_prefix",
                            "@jupyter/nbgrader"], capture_output=True, check=False)  # fmt: skip
            stamp.touch()
        else:
            say(f"the pupils' environment {env}: the package from a new wheel")
            _run(python, "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", wheel)
    config = env / "etc" / "jupyter"
    config.mkdir(parents=True, exist_ok=True)
    (config / "nbgrader_config.py").write_text(
        "# The class's nbgrader exchange (written by deploy/jupyterhub/classsetup.py)\n"
        "c = get_config()  # noqa: F821\n"
        f"c.CourseDirectory.course_id = {COURSE_ID!r}\n"
        f"c.Exchange.root = {str(exchange)!r}\n"
    )
    return python


def close_teacher_material(repo: Path = REPO) -> list[Path]:
    """Step 4: the teacher notebooks, nbgrader's sources and ``.git`` readable by their owner only."""
    closed = sorted(repo.glob("notebooks/*teacher*"))
    closed += [p for p in (repo / "deploy" / "nbgrader" / "source", repo / ".git") if p.is_dir()]
    for path in closed:
        path.chmod(stat.S_IMODE(path.stat().st_mode) & 0o700)
    git = repo / ".git"
    if git.is_file():  # a worktree: its history lives in the main checkout's .git
        say(f"note: {git} is a worktree; close its main repository's .git yourself (chmod 700)")
    say(f"closed to pupils: {', '.join(str(p.relative_to(repo)) for p in closed)}")
    return closed


def open_interpreter_path(python: Path) -> None:
    """Step 5: the search bit (``o+x``) on every folder above the environment's real interpreter."""
    folder = Path(os.path.realpath(python)).parent
    for d in [folder, *folder.parents]:
        mode = stat.S_IMODE(d.stat().st_mode)
        if not mode & stat.S_IXOTH:
            say(f"chmod o+x {d} (the pupils' accounts run {os.path.realpath(python)})")
            d.chmod(mode | stat.S_IXOTH)


def make_exchange(exchange: Path) -> None:
    """Step 6: nbgrader's exchange folder, mode 1777 (everyone submits, nobody removes another's)."""
    exchange.mkdir(parents=True, exist_ok=True)
    exchange.chmod(0o1777)
    say(f"nbgrader's exchange: {exchange} (mode 1777)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--class", dest="class_list", type=Path, required=True)
    parser.add_argument("--state", type=Path, required=True)
    parser.add_argument("--teacher", default="teacher")
    parser.add_argument("--teacher-password", default=os.environ.get("LW_TEACHER_PASSWORD"))
    parser.add_argument(
        "--address", default="http://127.0.0.1:8000/", help="the hub's address, for the sheet"
    )
    parser.add_argument("--env", type=Path, help="the pupils' environment (default STATE/env)")
    parser.add_argument("--exchange", type=Path, default=Path("/srv/nbgrader/exchange"))
    parser.add_argument(
        "--new-codes", action="store_true", help="a new code for every pupil without a password"
    )
    args = parser.parse_args(argv)
    pupils = read_class(args.class_list)
    teacher = args.teacher.strip().lower()
    if teacher in pupils:
        raise SystemExit(f"the teacher's name {teacher!r} is also on the class list")
    if os.geteuid() == 0:
        refuse_system_accounts(set(pupils) | {teacher})
    os.umask(0o022)  # the environment readable by the pupils; the secrets are written 0600
    state = args.state.resolve()
    state.mkdir(parents=True, exist_ok=True)
    state.chmod(0o711)
    set_up_credentials(state, pupils, teacher, args.teacher_password, args.address, args.new_codes)
    exchange = args.exchange.resolve()
    python = build_environment((args.env or state / "env").resolve(), exchange)
    make_exchange(exchange)
    if os.geteuid() == 0:
        close_teacher_material()
        open_interpreter_path(python)


if __name__ == "__main__":
    main()

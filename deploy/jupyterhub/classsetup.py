"""Set up a class before its hub starts (run as root by scripts/classroom.sh; docs/classroom.md).

    python deploy/jupyterhub/classsetup.py --class CLASS.csv --state DIR --teacher NAME
        [--teacher-password PW] [--address URL] [--env DIR] [--exchange DIR] [--new-codes] [--port N]

0. **Every check first** (classchecks.py): the class list, the folders, the ports (``--port``:
   the hub's, when the hub starts after the set-up), the accounts, the machine; every problem
   said at once before anything is written, then what the set-up will do (:func:`plan`).

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
5. **The interpreter reachable** (as root): the environment is made from a copy of this
   interpreter in ``/opt/logger_widget`` (classpython.py), which every account can run whatever
   the mode of the folder the original is in (pyenv's is under ``/root``); no folder's mode is
   changed.
6. **nbgrader's exchange** (``--exchange``, default ``/srv/nbgrader/exchange``): the folder
   pupils submit to, mode 1777 as nbgrader wants, with the course's own folder in it made now
   (root's, mode 0755: no pupil can claim it first; the hub gives it to the teacher), and
   ``nbgrader_config.py`` in the pupils' environment pointing at it.
7. **nbgrader in JupyterLab, by role**: ``ENV/etc/jupyter-roles/pupil`` and ``.../teacher``, the
   Jupyter configuration the hub gives each server (``JUPYTER_CONFIG_PATH``): pupils get the
   Assignments list (fetch, submit, feedback) and nothing else of nbgrader; the teacher gets
   the formgrader and the assignment editor too, with the course in ``~/course`` and its
   autograding configuration (``deploy/nbgrader/nbgrader_config.py``, copied read-only).
8. **No news from outside in JupyterLab**: JupyterLab's question "Would you like to get notified
   about official Jupyter news?" does not come up; every server of the environment starts with
   the news and the update check set to Never (``deploy/jupyterlab/overrides.json``, JupyterLab's
   settings overrides) and has no news feed and no update check of its own, so nothing asks the
   internet even for a pupil who switches the setting on.

8. **The hub's services as accounts of their own, one pair per class** (as root):
   ``lw-classgame-<class>`` runs the class game service, ``lw-culler-<class>`` the idle culler
   (``<class>``: :func:`class_id` of the state folder, e.g. ``7b-3fa2c1``) (``useradd --system``, no shell, no password,
   not in any pupil's group). The game service's folder ``STATE/classgame`` (its database, its
   home) is its account's, mode 0700; a database left at ``STATE/classgame.sqlite`` by an
   older set-up is moved into it. The culler has no home (``/nonexistent``). Both run the
   class's environment's Python (step 5); the set-up checks that each account can start it and
   stops with the error if not.

Every step says what it did; run again, it keeps what is done (the codes already handed out,
the environment when the dependencies did not change) and refreshes the package's wheel.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pwd
import re
import secrets
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from classchecks import check_class  # noqa: E402
from classcodes import CodeBook, PasswordBook, _write_private, class_sheet  # noqa: E402
from classlist import UID_MIN, read_class, refuse_system_accounts  # noqa: E402
from classpython import class_python  # noqa: E402
from homedisk import HomeDisk, disk_limit_unsupported  # noqa: E402

from logger_widget.i18n import LANGUAGES  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
#: nbgrader's server extensions, switched off in the pupils' environment as a whole; each role's
#: configuration (:data:`ROLES`) switches on its own
NBGRADER_EXTENSIONS = ("formgrader", "validate_assignment", "assignment_list", "course_list")
#: nbgrader's JupyterLab plugins (``@jupyter/nbgrader:<name>``)
NBGRADER_PLUGINS = ("menu", "assignment-list", "course-list", "formgrader", "create-assignment",
                    "validate-assignment")  # fmt: skip
#: what each role gets of nbgrader in JupyterLab: (server extensions, JupyterLab plugins).
#: Pupils: the Assignments list (``Nbgrader → Assignment List``: fetch, submit, feedback) and its
#: Validate button (the notebook runs without an error; the answers are judged only after
#: submitting); no formgrader, no course list, no assignment editor. The teacher: the
#: formgrader and the assignment editor too.
ROLES = {
    "pupil": (("assignment_list", "validate_assignment"), ("menu", "assignment-list", "validate-assignment")),
    "teacher": (
        ("assignment_list", "validate_assignment", "formgrader"),
        ("menu", "assignment-list", "validate-assignment", "formgrader", "create-assignment"),
    ),
}
COURSE_ID = "logger_game_theory"
#: the package's extras in the pupils' environment: the compiled kernel, and the hub's services
#: (the class game service and the idle culler run this environment's Python, as root)
EXTRAS = "fast,classroom"
#: JupyterLab's language pack of each class language (PyPI's ``jupyterlab-language-pack-<locale>``)
#: and the locale its translation setting names; English is JupyterLab's own. There is no
#: Latin-American JupyterLab language pack: an ``es_419`` pupil's JupyterLab speaks the Spanish
#: of Spain (her notebooks, boards and checkers speak Latin-American Spanish)
LAB_LOCALES = {"uk": "uk_UA", "es": "es_ES", "es_419": "es_ES"}
#: what else the pupils' environment holds: JupyterLab, its Python kernel, the language packs
PACKAGES = (
    "jupyterlab",
    "ipykernel",
    *dict.fromkeys(f"jupyterlab-language-pack-{loc.replace('_', '-')}" for loc in LAB_LOCALES.values()),
)
#: what the pupils' environment leaves out of what its packages pull in: ``rfc3987-syntax`` (through
#: jupyter-events' ``jsonschema[format-nongpl]``) builds a parser when imported, a CPU second of every
#: pupil's server start (40 % of it), for a check of IRIs no server of the class makes
LEFT_OUT = ("rfc3987-syntax",)
#: JupyterLab's settings defaults for every server of the environment: news and update check Never
LAB_OVERRIDES = REPO / "deploy" / "jupyterlab" / "overrides.json"
#: JupyterLab's server options for every server of the environment: no news feed, no update check
LAB_SERVER = {"LabApp": {"news_url": None, "check_for_updates_class": "jupyterlab.NeverCheckForUpdate"}}
#: the course folder in the teacher's home (the formgrader wants it below the server's root)
TEACHER_COURSE = "course"


#: when this set-up started (each line it says gives the seconds since: where the minutes go)
_STARTED = time.monotonic()


def say(*args: object) -> None:
    print(f"[class set-up {time.monotonic() - _STARTED:6.1f} s]", *args, flush=True)


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


def build_environment(env: Path, exchange: Path, base: Path | None = None) -> Path:
    """Step 3 (and the exchange's config): the pupils' environment at ``env``, made from the
    interpreter ``base`` (default this one; as root the class's copy, classpython.py); its Python."""
    base = Path(base or sys.executable)
    # the dependencies at the versions the project's environment has (constraints), so the pupils
    # run what the tests ran; a new environment only when they change
    frozen = subprocess.run([sys.executable, "-m", "pip", "freeze", "--exclude-editable"],
                            capture_output=True, text=True, check=True).stdout  # fmt: skip
    constraints = "".join(line + "\n" for line in frozen.splitlines() if not line.startswith("logger"))
    wanted = f"{sys.version}{base}{EXTRAS}{PACKAGES}{constraints}"
    stamp = env / f".deps-{hashlib.sha256(wanted.encode()).hexdigest()[:16]}"
    with tempfile.TemporaryDirectory(prefix="logger-wheel-") as tmp:
        say(f"building the package's wheel from {REPO}")
        _run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp, REPO)
        wheel = next(Path(tmp).glob("logger_widget-*.whl"))
        python = env / "bin" / "python"
        # this environment's pip installs into the pupils' (``--python``): theirs needs none of its own
        pip = (sys.executable, "-m", "pip", "--python", python, "install", "-q")
        if not stamp.exists():
            say(f"creating the pupils' environment {env} (a few minutes the first time)")
            shutil.rmtree(env, ignore_errors=True)
            _run(base, "-m", "venv", "--without-pip", env)
            (Path(tmp) / "constraints.txt").write_text(constraints)
            # the bytecode compiled afterwards on every core, not file by file as pip does (on 2 cores
            # at load 7: 90 s for the install and the compile, 130 s with pip's own pip and compile)
            _run(*pip, "--no-compile", "-c", Path(tmp) / "constraints.txt", f"{wheel}[{EXTRAS}]", *PACKAGES)
            say("compiling the pupils' environment's Python files (every core)")
            # a file that does not compile (a package's template or test data) is left, as pip leaves it
            subprocess.run(
                [python, "-m", "compileall", "-q", "-j", "0", env / "lib"], capture_output=True, check=False
            )
            nbgrader_off(env)
            stamp.touch()
        else:
            say(f"the pupils' environment {env}: the package from a new wheel")
            _run(*pip, "--no-deps", "--force-reinstall", wheel)
        left = [
            n
            for n in LEFT_OUT
            if any(env.glob(f"lib/python*/site-packages/{n.replace('-', '_')}-*.dist-info"))
        ]
        if left:  # (also from an environment made before they were left out)
            _run(sys.executable, "-m", "pip", "--python", python, "uninstall", "-q", "-y", *left)
    config = env / "etc" / "jupyter"
    config.mkdir(parents=True, exist_ok=True)
    (config / "nbgrader_config.py").write_text(
        "# The class's nbgrader exchange (written by deploy/jupyterhub/classsetup.py)\n"
        "c = get_config()  # noqa: F821\n"
        f"c.CourseDirectory.course_id = {COURSE_ID!r}\n"
        f"c.Exchange.root = {str(exchange)!r}\n"
    )
    write_roles(env, exchange)
    quiet_jupyterlab(env)
    lab_languages(env)
    return python


def nbgrader_off(env: Path) -> None:
    """nbgrader's server extensions and JupyterLab plugins off in the environment as a whole (each
    role's configuration, :func:`write_roles`, switches on its own): the files ``jupyter server
    extension disable --sys-prefix`` and ``jupyter labextension disable --level=sys_prefix`` write,
    written directly (the five commands took 47 s of a set-up at load 8 on 2 cores)."""
    config = env / "etc" / "jupyter"
    (config / "jupyter_server_config.d").mkdir(parents=True, exist_ok=True)
    # one file each, read after nbgrader's own nbgrader.json (which enables all four)
    for ext in NBGRADER_EXTENSIONS:
        name = f"nbgrader.server_extensions.{ext}"
        off = {"ServerApp": {"jpserver_extensions": {name: False}}}
        (config / "jupyter_server_config.d" / f"{name}.json").write_text(json.dumps(off, indent=2) + "\n")
    page = config / "labconfig" / "page_config.json"
    page.parent.mkdir(parents=True, exist_ok=True)
    settings = json.loads(page.read_text()) if page.exists() else {}
    for key in ("disabledExtensions", "lockedExtensions"):
        settings.setdefault(key, {})["@jupyter/nbgrader"] = True
    page.write_text(json.dumps(settings, indent=2) + "\n")


def role_config(env: Path, role: str) -> Path:
    """The Jupyter configuration folder of ``role`` (``pupil`` or ``teacher``) in the environment ``env``."""
    return env / "etc" / "jupyter-roles" / role


def write_roles(env: Path, exchange: Path) -> None:
    """Step 7: each role's Jupyter configuration (:data:`ROLES`), written at every set-up.

    Every nbgrader server extension and JupyterLab plugin is named, on or off, so the result
    does not depend on what the environment enables by default. The plugins a role lacks are
    also locked (JupyterLab's plugin manager cannot switch them on). Readable by all, owned by
    root: nothing in it is secret, and no pupil or teacher can change it.
    """
    for role, (extensions, plugins) in ROLES.items():
        folder = role_config(env, role)
        (folder / "labconfig").mkdir(parents=True, exist_ok=True)
        server: dict[str, object] = {
            "jpserver_extensions": {
                f"nbgrader.server_extensions.{e}": e in extensions for e in NBGRADER_EXTENSIONS
            }
        }
        if role == "teacher":  # the formgrader is a frame in JupyterLab: the teacher's own pages may frame
            # each other (JupyterHub forbids every frame by default; pupils' servers keep that)
            server["tornado_settings"] = {"headers": {"Content-Security-Policy": "frame-ancestors 'self'"}}
        (folder / "jupyter_server_config.json").write_text(json.dumps({"ServerApp": server}, indent=1) + "\n")
        off = {f"@jupyter/nbgrader:{p}": True for p in NBGRADER_PLUGINS if p not in plugins}
        page = {"disabledExtensions": {"@jupyter/nbgrader": False, **off}, "lockedExtensions": off}
        (folder / "labconfig" / "page_config.json").write_text(json.dumps(page, indent=1) + "\n")
    teacher = role_config(env, "teacher")
    # the course's autograding (the judge, the owned collect): a copy the teacher cannot change,
    # for the course folder in the teacher's home
    shutil.copy(REPO / "deploy" / "nbgrader" / "nbgrader_config.py", teacher / "course_config.py")
    (teacher / "nbgrader_config.py").write_text(
        "# The teacher's nbgrader: the course in ~/course (written by deploy/jupyterhub/classsetup.py)\n"
        "import os\n"
        "c = get_config()  # noqa: F821\n"
        f"os.environ.setdefault('LW_COURSE_ROOT', os.path.join(os.path.expanduser('~'), {TEACHER_COURSE!r}))\n"
        f"os.environ.setdefault('LW_EXCHANGE', {str(exchange)!r})\n"
        "load_subconfig(os.path.join(os.path.dirname(__file__), 'course_config.py'))  # noqa: F821\n"
    )


def quiet_jupyterlab(env: Path) -> None:
    """Step 8: no Jupyter news and no update check in the JupyterLab of the environment ``env``.

    The settings overrides (``ENV/share/jupyter/lab/settings/overrides.json``, the defaults a
    user's own settings start from) answer JupyterLab's news question with Never; the server
    options (``ENV/etc/jupyter/jupyter_lab_config.json``) leave its news feed and update check
    empty. The announcements plugin stays on, as if every pupil had answered No: the notification
    centre and every other plugin work as before.
    """
    settings = env / "share" / "jupyter" / "lab" / "settings"
    settings.mkdir(parents=True, exist_ok=True)
    shutil.copy(LAB_OVERRIDES, settings / "overrides.json")
    config = env / "etc" / "jupyter"
    config.mkdir(parents=True, exist_ok=True)
    (config / "jupyter_lab_config.json").write_text(json.dumps(LAB_SERVER, indent=1) + "\n")
    say("JupyterLab: no news and no update check (nothing asks the internet)")


def lab_settings(env: Path, language: str) -> Path:
    """The JupyterLab settings folder (``LabApp.app_settings_dir``) of a server in ``language``."""
    return env / "share" / "jupyter" / f"lab-{language}" / "settings"


def lab_languages(env: Path) -> None:
    """Step 8b: JupyterLab's interface in each class language, one settings folder per language.

    ``ENV/share/jupyter/lab-<language>/settings/overrides.json`` holds the environment's overrides
    (step 8) and, for ``uk``, ``es`` and ``es_419``, the translation setting's locale (``uk_UA``,
    ``es_ES``, and ``es_ES`` again: JupyterLab has no Latin-American pack; the language packs
    installed in step 3); its ``static`` is the environment's JupyterLab's. The
    hub starts each server with ``--LabApp.app_settings_dir`` of its user's language, so menus,
    dialogs, the Assignment List and the formgrader speak it from the first page (a pupil may
    still choose another language in Settings → Language: their own settings win).
    """
    base = json.loads(LAB_OVERRIDES.read_text())
    lab = env / "share" / "jupyter" / "lab"
    for language in LANGUAGES:
        settings = lab_settings(env, language)
        settings.mkdir(parents=True, exist_ok=True)
        overrides = dict(base)
        if language in LAB_LOCALES:
            overrides["@jupyterlab/translation-extension:plugin"] = {"locale": LAB_LOCALES[language]}
        (settings / "overrides.json").write_text(json.dumps(overrides, indent=1) + "\n")
        static = settings.parent / "static"
        if not static.is_symlink():
            static.symlink_to(lab / "static")
    say(
        "JupyterLab: its interface in Ukrainian, Spanish (es_419 too: no Latin-American pack) and English"
        " (a settings folder each)"
    )


#: the notebooks a user's home is seeded with, in the user's language (``<stem>_<language>.ipynb``)
PUPIL_NOTEBOOKS = ("tutorial", "play_vs_bots", "puzzles", "class_play", "game_theory_exercises")


def home_notebooks(language: str, teacher: bool = False, repo: Path = REPO) -> list[Path]:
    """The notebooks a home is seeded with (once, by the hub's spawn): the pupil's language's
    (an ``es_419`` pupil's are ``tutorial_es_419.ipynb``…, Latin-American Spanish); the teacher gets
    every language's teacher version of the exercises too. A language with no notebooks is an error."""
    found = [repo / "notebooks" / f"{stem}_{language}.ipynb" for stem in PUPIL_NOTEBOOKS]
    missing = [p.name for p in found if not p.is_file()]
    if missing:
        raise FileNotFoundError(
            f"no notebooks in {language!r}: {', '.join(missing)} (scripts/make_notebooks.py)"
        )
    if teacher:  # the teacher's material: in the teacher's home only (mode 0700)
        found += [repo / "notebooks" / f"game_theory_exercises_teacher_{lang}.ipynb" for lang in LANGUAGES]
    return found


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


#: the exchange's disk image in the state folder (homedisk.HomeDisk), and its size per pupil
EXCHANGE_IMAGE = Path("disks") / "exchange.img"
EXCHANGE_PER_PUPIL = 32 * 2**20
EXCHANGE_MIN = 256 * 2**20


def exchange_disk(state: Path, exchange: Path, pupils: int) -> HomeDisk:
    """The exchange's own disk: ``STATE/disks/exchange.img`` mounted at ``exchange``, of
    :data:`EXCHANGE_PER_PUPIL` per pupil (at least :data:`EXCHANGE_MIN`; ``LW_EXCHANGE_SIZE``, e.g.
    ``2G``, overrides it). The image is sparse: it takes the disk space the submissions use."""
    size = max(EXCHANGE_MIN, EXCHANGE_PER_PUPIL * pupils)
    text = os.environ.get("LW_EXCHANGE_SIZE", "").strip()
    if text:
        from jupyterhub.traitlets import ByteSpecification

        try:
            size = int(ByteSpecification().validate(None, text))
        except Exception as e:  # noqa: BLE001 - traitlets' TraitError
            raise SystemExit(f"LW_EXCHANGE_SIZE={text!r} is not a size like 512M or 2G: {e}") from None
    return HomeDisk(state / EXCHANGE_IMAGE, exchange, size)


def make_exchange(exchange: Path, teacher: str, disk: HomeDisk | None = None) -> None:
    """Step 6: nbgrader's exchange folder, mode 1777, and the course's folder in it.

    nbgrader wants the exchange writable by all; the sticky bit keeps anyone from removing or
    renaming another's entry. The course's folder is made now, root's and mode 0755, so no pupil
    can make it first (and with it the ``outbound`` the class fetches from); the hub hands it
    to the teacher (:func:`jupyterhub_config.give_course_exchange`), whom nbgrader wants as
    its owner.

    ``disk`` (as root, where disk images work): the exchange is that disk, so what pupils write
    there (it is the one world-writable folder they reach on a disk) stops at its size instead
    of filling the machine's disk. An exchange folder that already holds files and is no disk of
    its own is left as it is, with a warning (mounting over it would hide the submissions).
    """
    exchange.mkdir(parents=True, exist_ok=True)
    if disk is not None and not disk.mounted():
        if any(exchange.iterdir()) and not disk.image.exists():
            say(f"WARNING: {exchange} holds files already: it stays on the machine's disk, with no size;"
                " move its contents away and set up again to give it a disk of its own")  # fmt: skip
        else:
            disk.mount(0, 0)
            say(f"nbgrader's exchange is a disk of its own: {disk.image} ({disk.size // 2**20} MiB)")
    exchange.chmod(0o1777)
    course = exchange / COURSE_ID
    if course.is_symlink() or (course.exists() and not course.is_dir()):
        raise SystemExit(f"{course} is not a folder: remove it (someone may have planted it)")
    course.mkdir(exist_ok=True)
    owner = course.stat().st_uid
    if owner not in (os.geteuid(), _uid(teacher)):
        raise SystemExit(f"{course} belongs to uid {owner}, not to the teacher: remove it and run again")
    course.chmod(0o755)
    say(f"nbgrader's exchange: {exchange} (mode 1777), the course's folder {course}")


#: The class game service's folder in the state folder (its home, its database).
SERVICE_FOLDER = "classgame"


def class_id(state: Path) -> str:
    """The class's own part of its services' accounts' names: the state folder's name (its letters
    and digits, at most 10) and 6 hex digits of its whole path, e.g. ``"7b-3fa2c1"``: one class per
    state folder, two classes never share an account."""
    state = Path(os.path.realpath(state))
    slug = re.sub(r"[^a-z0-9]", "", state.name.lower())[:10]
    digest = hashlib.sha256(str(state).encode()).hexdigest()[:6]
    return f"{slug}-{digest}" if slug else digest


def service_account(state: Path) -> str:
    """The class game service's account of the class in ``state``: ``lw-classgame-<class_id>`` (≤ 30 characters)."""
    return f"lw-classgame-{class_id(state)}"


def culler_account(state: Path) -> str:
    """The idle culler's account of the class in ``state`` (no home: it only calls the hub's API)."""
    return f"lw-culler-{class_id(state)}"


#: the files of the service's SQLite database (logger_widget.service.db.DEFAULT_FILE and its journals)
_DATABASE_FILES = (
    "classgame.sqlite",
    "classgame.sqlite-wal",
    "classgame.sqlite-shm",
    "classgame.sqlite-journal",
)


def system_account(name: str, home: Path | None) -> pwd.struct_passwd:
    """The system account ``name`` (made when missing: ``useradd --system``, its own group, no shell,
    home ``home`` not created, or ``/nonexistent``); an account of a person with that name is an error."""
    home_dir = str(home) if home is not None else "/nonexistent"
    try:
        account = pwd.getpwnam(name)
    except KeyError:
        _run("useradd", "--system", "--user-group", "--no-create-home", "--home-dir", home_dir,
             "--shell", "/usr/sbin/nologin", name)  # fmt: skip
        say(f"made the system account {name!r} (no shell, no password)")
        return pwd.getpwnam(name)
    if account.pw_uid >= UID_MIN or account.pw_uid == 0:
        raise SystemExit(
            f"the account {name!r} exists with uid {account.pw_uid}, not a system account: remove it"
        )
    if account.pw_dir != home_dir:  # an account left from another class's state folder
        _run("usermod", "--home", home_dir, name)
    return pwd.getpwnam(name)


def _chown_private(path: Path, account: pwd.struct_passwd, mode: int) -> None:
    """``path`` (no link followed) given to ``account`` with ``mode``."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | (os.O_DIRECTORY if mode & 0o100 else 0))
    try:
        os.fchown(fd, account.pw_uid, account.pw_gid)
        os.fchmod(fd, mode)
    finally:
        os.close(fd)


def service_folder(state: Path, account: pwd.struct_passwd | None) -> Path:
    """Step 8's folder: ``STATE/classgame`` (0700), its database files in it (0600); the service
    account's (``account``; ``None``: not root, the hub's user keeps them)."""
    folder = state / SERVICE_FOLDER
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise SystemExit(f"{folder} is not a folder: remove it (someone may have planted it)")
    folder.mkdir(mode=0o700, exist_ok=True)
    for name in _DATABASE_FILES:  # an older set-up's database (the service ran as root, beside the hub's)
        old = state / name
        if old.is_file() and not old.is_symlink() and not (folder / name).exists():
            old.rename(folder / name)
            say(f"moved {old} into {folder}")
    if account is None:
        folder.chmod(0o700)
        return folder
    _chown_private(folder, account, 0o700)
    for path in folder.iterdir():
        if path.name in _DATABASE_FILES and path.is_file() and not path.is_symlink():
            _chown_private(path, account, 0o600)
    return folder


def check_account_runs(account: pwd.struct_passwd, cwd: Path, module: str, python: Path) -> None:
    """``python`` imports ``module`` as ``account`` (in ``cwd``), or the set-up stops saying why."""
    done = subprocess.run(
        [str(python), "-c", f"import {module}"], user=account.pw_uid, group=account.pw_gid, extra_groups=[],
        cwd=cwd, env={"PATH": "/usr/bin:/bin", "HOME": account.pw_dir}, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(
            f"the account {account.pw_name!r} cannot run {python} -m {module} (every folder above the"
            f" class's environment needs o+x, its files o+r):\n{done.stderr[-2000:]}"
        )


def service_accounts(
    state: Path,
    python: Path,
    modules: tuple[str, str] = ("logger_widget.service.app", "jupyterhub_idle_culler"),
) -> tuple[pwd.struct_passwd, pwd.struct_passwd]:
    """Step 8: the class game service's and the idle culler's accounts (this class's own,
    :func:`service_account`), the service's folder; each checked to import its ``modules`` entry
    with ``python`` (the class's environment's). Returns the two accounts."""
    folder = state / SERVICE_FOLDER
    game = system_account(service_account(state), folder)
    folder = service_folder(state, game)
    check_account_runs(game, folder, modules[0], python)
    culler = system_account(culler_account(state), None)
    check_account_runs(culler, Path("/"), modules[1], python)
    say(f"the class game service runs as {game.pw_name!r} (its folder {folder}, mode 0700), "
        f"the idle culler as {culler.pw_name!r}")  # fmt: skip
    return game, culler


def _uid(name: str) -> int | None:
    try:
        return pwd.getpwnam(name).pw_uid
    except KeyError:
        return None


def plan(state: Path, env: Path, pupils: dict[str, str], teacher: str, new_codes: bool) -> list[str]:
    """What a set-up of ``state`` will do and keep, one line each (said before it starts)."""
    lines = []
    passwords = PasswordBook(state / "passwords.dbm") if any(state.glob("passwords.dbm*")) else None
    codes = CodeBook(state / "codes.json").names() if (state / "codes.json").exists() else set()
    chose = {n for n in pupils if passwords is not None and passwords.has(n)}
    if passwords is not None and passwords.has(teacher):
        lines.append(f"keep the teacher {teacher!r}'s password")
    fresh = [n for n in pupils if n not in chose and (new_codes or n not in codes)]
    lines.append(
        f"issue new one-time codes to {len(fresh)} pupil(s); keep {len(pupils) - len(fresh)} pupils' codes or passwords"
    )
    built = env.is_dir() and any(env.glob(".deps-*"))
    lines.append(
        f"refresh the package in the pupils' environment {env}" if built
        else f"build the pupils' environment {env} (minutes)"
    )  # fmt: skip
    return lines


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
    parser.add_argument("--port", type=int, help="the hub's port, checked free (none: only the set-up runs)")
    args = parser.parse_args(argv)
    # every check first (classchecks.py), before anything is written or built
    pupils = read_class(args.class_list)
    teacher = args.teacher.strip().lower()
    if teacher in pupils:
        raise SystemExit(f"the teacher's name {teacher!r} is also on the class list")
    root = os.geteuid() == 0
    if root:
        refuse_system_accounts(set(pupils) | {teacher})
    state, exchange = args.state.resolve(), args.exchange.resolve()
    env = (args.env or state / "env").resolve()
    accounts = (service_account(state), culler_account(state)) if root else ()
    people = tuple(sorted(pupils)) + (teacher,) if root else ()
    checked = check_class(state, env, exchange, args.port, accounts, copies_python=root, people=people)
    for warning in checked.warnings:
        say(f"WARNING: {warning}")
    if checked.problems:
        raise SystemExit("the class cannot be set up:\n" + "\n".join(f"- {p}" for p in checked.problems))
    say(f"checked: the class list ({len(pupils)} pupils), the folders, the ports, the accounts, the machine")
    for line in plan(state, env, pupils, teacher, args.new_codes):
        say(f"will: {line}")
    os.umask(0o022)  # the environment readable by the pupils; the secrets are written 0600
    state.mkdir(parents=True, exist_ok=True)
    state.chmod(0o711)
    set_up_credentials(state, pupils, teacher, args.teacher_password, args.address, args.new_codes)
    base = class_python(say=say) if root else None
    python = build_environment(env, exchange, base)
    no_disks = disk_limit_unsupported() if root else "not root"
    make_exchange(exchange, teacher, None if no_disks else exchange_disk(state, exchange, len(pupils)))
    if os.geteuid() == 0:
        close_teacher_material()
        service_accounts(state, python)
    else:
        service_folder(state, None)
    say("the class is set up")


if __name__ == "__main__":
    main()

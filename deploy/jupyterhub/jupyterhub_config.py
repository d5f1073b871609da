"""JupyterHub for a class on one machine (docs/classroom.md). Started by scripts/classroom.sh.

Why here and not in ``classroom/``: ``logger_widget/classroom/`` is the teaching package;
deployment files live under ``deploy/``.

The class is set up first (``classsetup.py``, run by scripts/classroom.sh): the teacher's
password, the pupils' one-time codes and class sheet, the pupils' environment. Settings come
from the environment (scripts/classroom.sh sets them):

* ``LW_CLASS`` — the class list (CSV ``name,language``; see class.example.csv). Only these
  names and the teacher may log in (``Authenticator.allowed_users``).
* ``LW_TEACHER`` — the teacher's name: the ``teacher`` role (sees the class, starts and stops
  servers, issues new codes at /hub/class/codes), not an admin.
* ``LW_ADMINS`` — comma-separated names made JupyterHub admins (default none: see the docs).
* ``LW_STATE`` — a folder for the hub's database, cookie secret, the passwords and codes, the homes.
* ``LW_CLASS_ENV`` — the pupils' environment made by the set-up (default ``LW_STATE/env``).
* ``LW_EXCHANGE`` — nbgrader's exchange made by the set-up (default ``/srv/nbgrader/exchange``).
* ``LW_PORT`` — the port on 127.0.0.1 (default 8000). Everything binds to 127.0.0.1 only.
* ``LW_PROXY`` — the configurable-http-proxy command (installed from npm by the script).
* ``LW_MEM_LIMIT`` — memory cap per pupil (default ``768M``), ``LW_CULL_TIMEOUT`` — seconds
  an idle server lives (default 1800), ``LW_DISK_LIMIT`` — each home's size (default ``1G``;
  ``0``: no limit), ``LW_TMP_SIZE`` / ``LW_SHM_SIZE`` — each server's private ``/tmp`` and
  ``/var/tmp`` (default ``256M``) and ``/dev/shm`` (default ``64M``), ``LW_PIDS_LIMIT`` — tasks
  (processes and threads) per pupil's server and kernels (default 512; ``0``: no limit).
* ``LW_CLASSGAME_DB`` — the class game service's database URL (default a SQLite file
  ``LW_STATE/classgame/classgame.sqlite``), ``LW_CLASSGAME_PORT`` — its port (default ``LW_PORT + 3``),
  ``LW_CLASSGAME_FORFEIT`` — seconds away before a pupil forfeits a game (default 600; the
  teacher changes it in the service), ``LW_CLASSGAME_LANGUAGE`` — the class's language for the
  teacher's dashboard (``uk``, ``es``, ``es_419``, ``en``), ``LW_CLASSGAME_GRADEBOOK`` — nbgrader's gradebook
  URL for the dashboard (docs/arena.md).

Run as root (``LW_SYSTEM_USERS`` unset or ``1``), every name on the list gets a Unix account
and its server runs as that account, in a home of mode 0700 on a disk image of its own
(homedisk.py), with private ``/tmp`` and ``/dev/shm`` (bubblewrap), a memory cgroup capped at
``LW_MEM_LIMIT`` and a pids cgroup capped at ``LW_PIDS_LIMIT`` (cgroupspawner.py). Not root: all servers run as the hub's user (no Unix
isolation), memory capped where the cgroup filesystem is writable. The hub's own services run
as system accounts of their own (root only; made by the set-up): the class game service as
``lw-classgame-<class>``, the idle culler as ``lw-culler-<class>`` (each class its own pair).

Logins: ``classauth.ClassCodeAuthenticator`` (jupyterhub-firstuseauthenticator whose first login
needs the pupil's one-time code; the pupil then chooses their own password).
"""

import asyncio
import errno
import os
import pwd
import shutil
import subprocess
import sys
import time
from pathlib import Path

from jupyterhub.traitlets import ByteSpecification

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - provided by JupyterHub

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
from classauth import RESET_SCOPE, ClassCodeAuthenticator, LocalClassCodeAuthenticator  # noqa: E402
from classchecks import folder_problem  # noqa: E402
from classcodes import class_language  # noqa: E402
from classlist import read_admins, read_class, refuse_system_accounts  # noqa: E402
from classsetup import (  # noqa: E402
    COURSE_ID,
    EXCHANGE_IMAGE,
    SERVICE_FOLDER,
    TEACHER_COURSE,
    culler_account,
    home_notebooks,
    lab_settings,
    role_config,
    service_account,
)
from homedisk import HomeDisk, disk_limit_unsupported, private_tmp_command  # noqa: E402

STATE = Path(os.environ.get("LW_STATE", REPO / "deploy" / "jupyterhub" / "state")).resolve()
HOMES = STATE / "homes"
#: root: one Unix account per pupil, servers run as those accounts (LW_SYSTEM_USERS=0 turns it off)
SYSTEM_USERS = os.geteuid() == 0 and os.environ.get("LW_SYSTEM_USERS", "1") != "0"
if SYSTEM_USERS:
    os.umask(0o077)  # the hub's database and logs, and the pupils' new files, readable by their owner only
HOMES.mkdir(parents=True, exist_ok=True)
if SYSTEM_USERS:
    for folder in (STATE, HOMES):  # pupils pass through to their own home, but cannot list these
        folder.chmod(0o711)
PORT = int(os.environ.get("LW_PORT", "8000"))
TEACHER = os.environ.get("LW_TEACHER", "teacher").strip().lower()
PUPILS = read_class(Path(os.environ.get("LW_CLASS", HERE / "class.example.csv")))
#: the pupils' environment (classsetup.py): the package from a wheel, not this repository
CLASS_ENV = Path(os.environ.get("LW_CLASS_ENV", STATE / "env")).resolve()
CLASS_PYTHON = CLASS_ENV / "bin" / "python"
#: nbgrader's exchange (classsetup.py made it, with the course's folder in it)
EXCHANGE = Path(os.environ.get("LW_EXCHANGE", "/srv/nbgrader/exchange")).resolve()
if SYSTEM_USERS and (STATE / EXCHANGE_IMAGE).exists() and not disk_limit_unsupported():
    # the exchange's own disk (classsetup.exchange_disk), mounted again after a restart of the machine
    _exchange = HomeDisk(STATE / EXCHANGE_IMAGE, EXCHANGE, 2**30)
    if not _exchange.mounted():
        _exchange.mount(0, 0)
if not CLASS_PYTHON.exists():
    raise SystemExit(
        f"no pupils' environment at {CLASS_ENV}: set the class up first "
        "(bash scripts/classroom.sh CLASS.csv does; or python deploy/jupyterhub/classsetup.py --help)"
    )


def _bytes(variable: str, default: str) -> int:
    """``LW_...`` size in bytes (``768M``, ``1G``; ``0`` is 0); a bad value is an error naming it."""
    text = os.environ.get(variable, default)
    try:
        return 0 if text.strip() == "0" else int(ByteSpecification().validate(None, text))
    except Exception as e:  # noqa: BLE001 - traitlets' TraitError
        raise SystemExit(f"{variable}={text!r} is not a size like 512M or 1G: {e}") from None


DISK_LIMIT = _bytes("LW_DISK_LIMIT", "1G")
TMP_SIZE, SHM_SIZE = _bytes("LW_TMP_SIZE", "256M"), _bytes("LW_SHM_SIZE", "64M")
#: why the homes have no disk limit here (None: they have one)
NO_DISK_LIMIT = "LW_DISK_LIMIT=0" if not DISK_LIMIT else (disk_limit_unsupported() if SYSTEM_USERS else
                                                         "the servers do not run as the pupils' accounts")  # fmt: skip
if NO_DISK_LIMIT:
    print(f"[logger_widget] WARNING: pupils' homes have NO disk limit: {NO_DISK_LIMIT}", file=sys.stderr)
#: private /tmp, /var/tmp and /dev/shm per server (bubblewrap), where the pupils have their accounts
PRIVATE_TMP = SYSTEM_USERS and shutil.which("bwrap") is not None
for _role, _path in (("the state folder", STATE), ("the pupils' environment", CLASS_ENV),
                     ("the exchange", EXCHANGE)):  # fmt: skip
    _problem = folder_problem(_role, _path, PRIVATE_TMP) if SYSTEM_USERS else None
    if _problem:
        raise SystemExit(_problem)
if SYSTEM_USERS and not PRIVATE_TMP:
    print("[logger_widget] WARNING: bwrap is not installed: pupils share /tmp and /dev/shm", file=sys.stderr)

c.JupyterHub.bind_url = f"http://127.0.0.1:{PORT}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("LW_HUB_PORT", PORT + 2))  # the hub's own API, behind the proxy
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
if os.environ.get("LW_PROXY"):
    c.ConfigurableHTTPProxy.command = [os.environ["LW_PROXY"]]
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{int(os.environ.get('LW_PROXY_API_PORT', PORT + 1))}"

# Logins: first-use passwords whose first use needs the pupil's one-time code (classauth.py);
# the teacher's password and the codes are written by the class set-up (classsetup.py)
c.JupyterHub.authenticator_class = LocalClassCodeAuthenticator if SYSTEM_USERS else ClassCodeAuthenticator
c.JupyterHub.template_paths = [str(HERE / "templates")]  # the login page's "New password" field
if SYSTEM_USERS:
    refuse_system_accounts(set(PUPILS) | {TEACHER})
    c.LocalAuthenticator.create_system_users = True
    # useradd (Debian's passwd package) appends the name; the home is made and seeded at spawn
    c.LocalAuthenticator.add_user_cmd = [
        "useradd", "--no-create-home", "--home-dir", str(HOMES / "USERNAME"), "--shell", "/usr/sbin/nologin",
    ]  # fmt: skip
c.ClassCodeAuthenticator.dbm_path = str(STATE / "passwords.dbm")
c.ClassCodeAuthenticator.codes_path = str(STATE / "codes.json")
c.ClassCodeAuthenticator.pupils = set(PUPILS)
c.ClassCodeAuthenticator.languages = dict(PUPILS)  # the new code's slip in the pupil's language
c.ClassCodeAuthenticator.create_users = False
c.ClassCodeAuthenticator.min_password_length = 8
c.Authenticator.allowed_users = set(PUPILS) | {TEACHER}
# No admin by default: an admin can open every pupil's server and files (JupyterHub 2+ ignores
# admin_access). A school that wants one: LW_ADMINS=name (docs/classroom.md), a name on the class
# list or the teacher (root or a stranger's name stops the hub; system accounts are refused above).
c.Authenticator.admin_users = read_admins(os.environ.get("LW_ADMINS", ""), set(PUPILS) | {TEACHER})

# The teacher's role (JupyterHub RBAC): the admin page and the class's users, servers and
# activity; start and stop servers; issue new codes. Not access:servers (opening a pupil's
# server), not tokens (a token for a pupil), not admin:users (adding or deleting users).
c.JupyterHub.custom_scopes = {
    RESET_SCOPE: {"description": "Issue a pupil a new one-time code (/hub/class/codes)."},
}
c.JupyterHub.load_roles = [
    {
        "name": "teacher",
        "description": "The class's teacher: sees the class, starts and stops servers, issues new codes.",
        "scopes": ["admin-ui", "list:users", "read:users", "read:servers", "servers", RESET_SCOPE],
        "users": [TEACHER],
    },
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    },
]

# Servers run as the pupils' Unix accounts (root) or all as the hub's user; each in a memory cgroup
# capped at Spawner.mem_limit (cgroupspawner.py; a warning in the log where cgroups are not writable).
c.JupyterHub.spawner_class = (
    "cgroupspawner.CgroupSpawner" if SYSTEM_USERS else "cgroupspawner.SimpleCgroupSpawner"
)
c.CgroupSpawner.home_dir_template = c.SimpleCgroupSpawner.home_dir_template = str(HOMES / "{username}")
c.CgroupSpawner.cgroup_group = c.SimpleCgroupSpawner.cgroup_group = f"logger-hub-{PORT}"  # one per hub
try:  # tasks (processes and threads) per pupil's server and kernels: a fork bomb stops there
    c.CgroupSpawner.pids_limit = c.SimpleCgroupSpawner.pids_limit = int(
        os.environ.get("LW_PIDS_LIMIT", "512")
    )
except ValueError:
    raise SystemExit(
        f"LW_PIDS_LIMIT must be a whole number of tasks (0: no limit), not {os.environ['LW_PIDS_LIMIT']!r}"
    ) from None
c.Spawner.ip = "127.0.0.1"


def server_command(teacher: bool) -> list[str]:
    """The single-user server's command: the class's Python, in a private /tmp (where bubblewrap is).

    Not the teacher's: its autograding starts a sandbox of its own for each pupil's notebook, and
    its collect must see the pupils' accounts as they are (inside bubblewrap's user namespace
    every other account shows as ``nobody``).
    """
    private = private_tmp_command(TMP_SIZE, SHM_SIZE) if PRIVATE_TMP and not teacher else []
    return [*private, str(CLASS_PYTHON), "-m", "jupyterhub.singleuser"]


c.Spawner.cmd = server_command(teacher=False)
#: every server's options (the spawn adds its user's JupyterLab language)
SERVER_ARGS = ["--ServerApp.terminals_enabled=False"] + (
    ["--allow-root"] if os.geteuid() == 0 and not SYSTEM_USERS else []
)
c.Spawner.args = SERVER_ARGS
c.Spawner.mem_limit = os.environ.get("LW_MEM_LIMIT", "768M")
# a class logging in at once waits, told so on its waiting page (spawnprogress.py), rather than
# failing: on a 2-core machine 30 spawns at once take minutes, not the 60 s JupyterHub allows
c.Spawner.start_timeout = 600
c.Spawner.http_timeout = 600
#: idle servers are stopped after this many seconds without activity (the culler, below)
try:
    CULL_TIMEOUT = int(os.environ.get("LW_CULL_TIMEOUT", "1800"))
except ValueError:
    raise SystemExit(
        f"LW_CULL_TIMEOUT must be a whole number of seconds, not {os.environ['LW_CULL_TIMEOUT']!r}"
    ) from None
#: How often each server tells the hub it was active, and the hub reads the proxy's traffic. A
#: pupil who only clicks the board runs no cell, but every click reaches their kernel: that is
#: activity. JupyterHub reports it every 300 s, so with a cull timeout near or below that the
#: culler stopped pupils who were playing: at least three reports per timeout.
ACTIVITY_INTERVAL = max(5, min(300, CULL_TIMEOUT // 3))
c.JupyterHub.last_activity_interval = ACTIVITY_INTERVAL
# Of the hub's own environment a server keeps only the language and JupyterHub's choice of app:
# JupyterHub also passes on PYTHONPATH, VIRTUAL_ENV, LD_LIBRARY_PATH and conda's by default, so a hub
# started with PYTHONPATH set (as the tests run it) gave every pupil the repository's package instead
# of the class's wheel, and each pupil's kernel compiled its own kernel (minutes of CPU per pupil at
# a lesson's start) instead of loading the class's compiled one.
c.Spawner.env_keep = ["LANG", "LC_ALL", "JUPYTERHUB_SINGLEUSER_APP"]
# the class environment's own PATH first (jupyter, python); nothing of this repository
c.Spawner.environment = {
    "PATH": f"{CLASS_ENV / 'bin'}:/usr/local/bin:/usr/bin:/bin",
    "LW_MEM_LIMIT": os.environ.get("LW_MEM_LIMIT", "768M"),
    "JUPYTERHUB_ACTIVITY_INTERVAL": str(ACTIVITY_INTERVAL),
}

#: The compiled kernel and search (Numba's disk cache), built once for the whole class here and
#: copied into each home at spawn. A pupil's kernel compiling on its own would take a minute of
#: CPU per pupil and ~350 MB beside the kernel: past the memory cap, the kernel is OOM-killed.
JIT_CACHE = STATE / "jit-cache"
#: each pupil's copy, in their home (counted in their disk limit), ``NUMBA_CACHE_DIR`` of their
#: kernels: Numba writes there if it must recompile
JIT_HOME = ".numba-cache"


def fill_jit_cache() -> None:
    """Compile the engine's kernel and the MCTS search of the pupils' environment into ``JIT_CACHE``.

    Minutes the first time (a child Python); loads in seconds when the cache is already filled;
    without Numba (or with ``LOGGER_WIDGET_NO_JIT=1``) there is nothing to compile and pupils use
    the Python engine.
    """
    t0 = time.monotonic()
    print(f"[logger_widget] preparing the compiled kernel for the class in {JIT_CACHE} ...", file=sys.stderr)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [str(CLASS_PYTHON), "-c", "import sys\nfrom logger_widget.bots import mcts\n"
         "sys.exit(0 if mcts.compiled_search(True) is not None else 3)"],
        env=dict(env, NUMBA_CACHE_DIR=str(JIT_CACHE)), cwd="/",
        stdin=subprocess.DEVNULL, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode == 3:
        print(
            "[logger_widget] no compiled kernel (Numba is not installed): pupils use the Python engine",
            file=sys.stderr,
        )
    elif done.returncode != 0:
        raise SystemExit(f"compiling the kernel for the class failed:\n{done.stderr[-4000:]}")
    else:
        print(f"[logger_widget] compiled kernel ready ({time.monotonic() - t0:.0f} s)", file=sys.stderr)


fill_jit_cache()

# the hub's watch on the pupils' Python (kernelwatch.py): checked now and every two minutes, as an
# account with a pupil's rights; a failure is a banner on the teacher's hub pages and in the log
from kernelwatch import NOBODY, check_pupil_python, keep_watching, watch_once  # noqa: E402

c.JupyterHub.template_vars = {}
watch_once(CLASS_PYTHON, c.JupyterHub.template_vars, class_language(PUPILS),
           lambda python: check_pupil_python(python, as_user=NOBODY if SYSTEM_USERS else None))  # fmt: skip


def _running_hub_vars():  # type: ignore[no-untyped-def]
    """The running hub's template variables (the dict its pages read), or None before it runs."""
    from jupyterhub.app import JupyterHub

    return JupyterHub.instance().template_vars if JupyterHub.initialized() else None


if SYSTEM_USERS:
    keep_watching(CLASS_PYTHON, _running_hub_vars, class_language(PUPILS))


def _replace_with_copy(source: Path, target: Path) -> None:
    """``target`` (a pupil's path: maybe their link, file or folder) replaced by a copy of ``source``.

    Nothing is followed: a link or file is removed, a folder removed fd-based (its links unlinked).
    """
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        target.unlink()
    elif target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, symlinks=True)


def _chown_tree(root: Path, uid: int, gid: int) -> None:
    """``root`` and everything below it given to ``uid``:``gid``, links not followed."""
    for path in [root, *root.rglob("*")]:
        os.chown(path, uid, gid, follow_symlinks=False)


def seed_course(home: Path, account: pwd.struct_passwd | None) -> None:
    """The teacher's course folder ``~/course`` (once): the nbgrader source and the class's languages.

    The formgrader finds it through the teacher's configuration (classsetup.py, ``ROLES``).
    Made by root in a fresh folder, then given to the teacher; never touched again (the
    teacher's to edit).
    """
    course = home / TEACHER_COURSE
    if os.path.lexists(course):
        return
    shutil.copytree(REPO / "deploy" / "nbgrader" / "source", course / "source", symlinks=True)
    for assignment in (course / "source").iterdir():
        (assignment / "languages.csv").write_text("".join(f"{n},{lang}\n" for n, lang in PUPILS.items()))
    if account is not None:
        _chown_tree(course, account.pw_uid, account.pw_gid)
    course.chmod(0o700)


def give_course_exchange(account: pwd.struct_passwd) -> None:
    """The course's folder in the exchange handed to the teacher, with nbgrader's three folders.

    classsetup.py made it (root's, 0755) so that no pupil could make it first. ``outbound``
    (0755: the class fetches), ``inbound`` (3733: everyone submits, nobody lists; the sticky bit
    keeps a pupil from removing or renaming another's submission), ``feedback`` (0711: each
    pupil fetches only the file named by their own submission's secret).
    """
    course = EXCHANGE / COURSE_ID
    if course.is_symlink() or not course.is_dir():
        raise RuntimeError(f"{course} is not the folder the class set-up made: run the set-up again")
    os.chown(course, account.pw_uid, account.pw_gid, follow_symlinks=False)
    for name, mode in (("outbound", 0o755), ("inbound", 0o3733), ("feedback", 0o711)):
        folder = course / name
        if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
            raise RuntimeError(f"{folder} is not a folder")
        folder.mkdir(exist_ok=True)
        if folder.stat().st_uid not in (0, account.pw_uid):
            raise RuntimeError(f"{folder} belongs to uid {folder.stat().st_uid}, not to the teacher")
        os.chown(folder, account.pw_uid, account.pw_gid, follow_symlinks=False)
        folder.chmod(mode)


async def seed_home(spawner):  # type: ignore[no-untyped-def]
    """:func:`prepare_home` in a thread: ``mkfs``, ``mount`` and the copies take seconds when a class
    logs in at once, and on the hub's event loop they held every other pupil's login and spawn."""
    await asyncio.to_thread(prepare_home, spawner)


def prepare_home(spawner):  # type: ignore[no-untyped-def]
    """Mount the pupil's home disk; copy the notebooks in the pupil's language into it (once) and the
    class's compiled kernel (every spawn); nbgrader in JupyterLab for the user's role (the teacher:
    the course folder and the exchange's course folder too); open the tutorial.

    Runs as root on paths a pupil can change, while none of their processes run (the last
    server's cgroup was emptied): nothing is written or chowned through a symbolic link a pupil
    made (``tutorial_uk.ipynb -> /etc/...`` stays a link, untouched).
    """
    name = spawner.user.name
    language = PUPILS.get(name, "en")
    spawner.lw_language, spawner.lw_phase = language, "home"  # what her waiting page says (spawnprogress.py)
    home = HOMES / name
    home.mkdir(parents=True, exist_ok=True)
    account = pwd.getpwnam(name) if SYSTEM_USERS else None
    if account is not None and account.pw_dir != str(home):  # an account left from another class
        subprocess.run(["usermod", "--home", str(home), name], check=True, capture_output=True)
    if account is not None and not NO_DISK_LIMIT:
        HomeDisk(STATE / "disks" / f"{name}.img", home, DISK_LIMIT).mount(account.pw_uid, account.pw_gid)
    sources = home_notebooks(language, teacher=name == TEACHER)
    copied = []
    try:  # a pupil whose home is full still gets their server (to delete files), without the copies
        for source in sources:
            if not os.path.lexists(home / source.name):  # a dangling link is not followed
                shutil.copy(source, home / source.name)
                copied.append(home / source.name)
        if JIT_CACHE.is_dir():  # the class's compiled kernel: the pupil's kernel loads it, never compiles
            jit = home / JIT_HOME
            _replace_with_copy(JIT_CACHE, jit)
            copied += [jit, *jit.rglob("*")]
            spawner.environment = {**spawner.environment, "NUMBA_CACHE_DIR": str(jit)}
    except OSError as e:
        if e.errno != errno.ENOSPC:
            raise
        if (home / JIT_HOME).is_dir() and not (home / JIT_HOME).is_symlink():
            shutil.rmtree(home / JIT_HOME)  # root's partial copy: not left taking the pupil's space
        spawner.log.warning("%s's home is full: notebooks or the compiled kernel not copied (%s)", name, e)
    if account is not None:  # the pupil's own: only they (and root) can enter it
        for path in [home, *copied]:
            os.chown(path, account.pw_uid, account.pw_gid, follow_symlinks=False)
        home.chmod(0o700)
    role = "teacher" if name == TEACHER else "pupil"
    spawner.environment = {**spawner.environment, "JUPYTER_CONFIG_PATH": str(role_config(CLASS_ENV, role))}
    spawner.cmd = server_command(teacher=role == "teacher")
    if role == "teacher":
        seed_course(home, account)
        if account is not None:
            give_course_exchange(account)
    spawner.notebook_dir = str(home)
    spawner.default_url = f"/lab/tree/tutorial_{language}.ipynb"
    # JupyterLab's menus and dialogs in the user's language (the teacher's: the class's)
    lab_language = class_language(PUPILS) if role == "teacher" else language
    spawner.args = [*SERVER_ARGS, f"--LabApp.app_settings_dir={lab_settings(CLASS_ENV, lab_language)}"]
    spawner.lw_phase = "server"


c.Spawner.pre_spawn_hook = seed_home


def service_user(account: str) -> dict[str, str]:
    """A managed service's ``user`` (as root: the hub starts it as that system account, made by the
    class set-up, with its ``HOME``; else nothing: it runs as the hub's user)."""
    if not SYSTEM_USERS:
        return {}
    try:
        pwd.getpwnam(account)
    except KeyError:
        raise SystemExit(
            f"no system account {account!r} for the hub's services: set the class up first "
            "(bash scripts/classroom.sh CLASS.csv does)"
        ) from None
    return {"user": account}


#: this class's own services' accounts (classsetup.py made them): two classes never share one
SERVICE_ACCOUNT, CULLER_ACCOUNT = service_account(STATE), culler_account(STATE)
#: the services' interpreter: as root the class's environment (its Python a copy every account can
#: run, classpython.py; the hub's own may be under /root), else the hub's
SERVICE_PYTHON = CLASS_PYTHON if SYSTEM_USERS else Path(sys.executable)

# idle servers are stopped (jupyterhub-idle-culler, a hub service with just the rights it needs),
# run as an account of its own: it needs nothing but its token and the hub's API
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            str(SERVICE_PYTHON),
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={CULL_TIMEOUT}",
        ],
        "cwd": "/",
        **service_user(CULLER_ACCOUNT),
    }
]
# The class game service (docs/classroom.md, "Playing each other"): live games between the pupils,
# a JupyterHub service started by the hub (python -m logger_widget.service, this environment's
# package; bot seats are the project's presets, a pupil's code never runs there). As root it runs
# as its own system account (lw-classgame-<class>, classsetup.py), never root; its folder STATE/classgame
# (mode 0700, its home) holds its database: LW_CLASSGAME_DB (any SQLAlchemy URL, e.g.
# PostgreSQL) or STATE/classgame/classgame.sqlite (mode 0600).
CLASSGAME = "classgame"
CLASSGAME_PORT = int(os.environ.get("LW_CLASSGAME_PORT", PORT + 3))
CLASSGAME_STATE = STATE / SERVICE_FOLDER
if not SYSTEM_USERS:  # the hub's user's, like the rest of the state folder
    CLASSGAME_STATE.mkdir(mode=0o700, exist_ok=True)
elif CLASSGAME_STATE.is_symlink() or not CLASSGAME_STATE.is_dir():
    raise SystemExit(f"no folder {CLASSGAME_STATE} for the class game service: set the class up first")
#: the environment the service gets from the hub's (LW_CLASSGAME_GRADEBOOK: see below)
CLASSGAME_ENV = {
    k: os.environ[k]
    for k in ("LW_CLASSGAME_DB", "LW_CLASSGAME_FORFEIT", "LW_CLASSGAME_LANGUAGE", "LW_CLASSGAME_GRADEBOOK")
    if os.environ.get(k)
}
# the dashboard's grades: the teacher's course gradebook (~/course, seed_course) unless another is named
CLASSGAME_ENV.setdefault(
    "LW_CLASSGAME_GRADEBOOK", f"sqlite:///{HOMES / TEACHER / TEACHER_COURSE / 'gradebook.db'}"
)
if SYSTEM_USERS and CLASSGAME_ENV.get("LW_CLASSGAME_GRADEBOOK", "").startswith("sqlite:///"):
    # the service's account cannot enter the teacher's home: the hub copies the gradebook for it,
    # reading it as the teacher (gradebookcopy.py); the service reads the copy in its folder
    from gradebookcopy import keep_gradebook_copied  # noqa: E402

    _GRADEBOOK_COPY = CLASSGAME_STATE / "gradebook.db"
    keep_gradebook_copied(
        Path(CLASSGAME_ENV["LW_CLASSGAME_GRADEBOOK"].removeprefix("sqlite:///")), _GRADEBOOK_COPY, TEACHER,
        SERVICE_ACCOUNT,
    )  # fmt: skip
    CLASSGAME_ENV["LW_CLASSGAME_GRADEBOOK"] = f"sqlite:///{_GRADEBOOK_COPY}"
c.JupyterHub.services.append(
    {
        "name": CLASSGAME,
        "command": [str(SERVICE_PYTHON), "-m", "logger_widget.service"],
        "url": f"http://127.0.0.1:{CLASSGAME_PORT}",
        "cwd": str(CLASSGAME_STATE),
        **service_user(SERVICE_ACCOUNT),
        "oauth_no_confirm": True,  # the teacher's dashboard opens without a "grant access?" page
        "environment": {
            "LW_CLASSGAME_STATE": str(CLASSGAME_STATE),
            "NUMBA_CACHE_DIR": str(CLASSGAME_STATE / "numba-cache"),  # the bot worker's compiled search
            "LW_CLASSGAME_TEACHER_ROLES": "teacher",
            **CLASSGAME_ENV,
        },
    }
)
c.JupyterHub.load_roles += [
    # every user of the hub (the pupils and the teacher) may use the class game service
    {"name": "user", "scopes": ["self", f"access:services!service={CLASSGAME}"]},
    # the service reads who the hub's users are and their roles (who is the teacher); nothing else
    {"name": CLASSGAME, "scopes": ["list:users", "read:users", "read:roles:users"], "services": [CLASSGAME]},
]
# a pupil's kernel reaches the service with its server's token (JUPYTERHUB_API_TOKEN), through the proxy
c.Spawner.server_token_scopes = [
    "users:activity!user",
    "access:servers!server",
    f"access:services!service={CLASSGAME}",
]
c.Spawner.environment["LW_CLASSGAME_URL"] = f"http://127.0.0.1:{PORT}/services/{CLASSGAME}/"

# LW_API_TOKEN: a token for the teacher's scripts and the tests, allowed to list users and
# start/stop servers and read their state (not to open them: no access:servers)
if os.environ.get("LW_API_TOKEN"):
    c.JupyterHub.services.append({"name": "classroom-admin", "api_token": os.environ["LW_API_TOKEN"]})
    c.JupyterHub.load_roles.append(
        {
            "name": "classroom-admin",
            "scopes": ["list:users", "read:users", "read:servers", "servers", "admin:server_state"],
            "services": ["classroom-admin"],
        }
    )

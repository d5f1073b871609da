"""JupyterHub for a class on one machine (docs/classroom.md). Started by scripts/classroom.sh.

Why here and not in ``classroom/``: ``logger_widget/classroom/`` is the teaching package;
deployment files live under ``deploy/``.

Settings come from the environment (scripts/classroom.sh sets them):

* ``LW_CLASS`` — the class list (CSV ``name,language``; see class.example.csv). Only these
  names and the teacher may log in (``Authenticator.allowed_users``).
* ``LW_TEACHER`` — the teacher's name (an admin: sees every pupil's server at /hub/admin).
* ``LW_STATE`` — a folder for the hub's database, cookie secret, the passwords (dbm) and the homes.
* ``LW_PORT`` — the port on 127.0.0.1 (default 8000). Everything binds to 127.0.0.1 only.
* ``LW_PROXY`` — the configurable-http-proxy command (installed from npm by the script).
* ``LW_MEM_LIMIT`` — memory cap per pupil (default ``768M``), ``LW_CULL_TIMEOUT`` — seconds
  an idle server lives (default 1800).

Run as root (``LW_SYSTEM_USERS`` unset or ``1``), every name on the list gets a Unix account
(created at the first login, ``useradd``) and its server runs as that account in a home of
mode 0700, so a pupil's kernel cannot read another pupil's files; each server is put in a
memory cgroup capped at ``LW_MEM_LIMIT`` (cgroupspawner.py). Not root: all servers run as the
hub's user (no Unix isolation), memory capped where the cgroup filesystem is writable.

Logins: jupyterhub-firstuseauthenticator — each pupil chooses a password at the first
login (as The Littlest JupyterHub recommends for workshops); a later login needs the
same password. Names not on the list are refused (``create_users = False``).
"""

import csv
import os
import pwd
import shutil
import subprocess
import sys
import time
from pathlib import Path

from firstuseauthenticator import FirstUseAuthenticator
from jupyterhub.auth import LocalAuthenticator

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - provided by JupyterHub

REPO = Path(__file__).resolve().parents[2]
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
sys.path.insert(0, str(Path(__file__).resolve().parent))
PORT = int(os.environ.get("LW_PORT", "8000"))
TEACHER = os.environ.get("LW_TEACHER", "teacher")


def read_class(path: Path) -> dict[str, str]:
    """``{pupil: language}`` from the class list; a bad line is an error naming the line."""
    pupils: dict[str, str] = {}
    with path.open(encoding="utf-8") as f:
        for number, row in enumerate(csv.reader(f), start=1):
            if not row or row[0].strip().startswith("#"):
                continue
            if len(row) != 2 or row[1].strip() not in ("uk", "es", "en"):
                raise SystemExit(f"{path}:{number}: expected 'name,language' with uk, es or en, got {row!r}")
            name = row[0].strip().lower()
            if not name.isidentifier():
                raise SystemExit(f"{path}:{number}: the name {name!r} must be letters, digits or _")
            pupils[name] = row[1].strip()
    return pupils


PUPILS = read_class(Path(os.environ.get("LW_CLASS", REPO / "deploy" / "jupyterhub" / "class.example.csv")))

#: lowest uid of a person's account (Debian's /etc/login.defs UID_MIN); below are system accounts
UID_MIN = 1000


def refuse_system_accounts(names: set[str]) -> None:
    """A class-list name that is an existing system account (``root``, ``daemon``...) is an error."""
    for name in sorted(names):
        try:
            uid = pwd.getpwnam(name).pw_uid
        except KeyError:
            continue
        if uid < UID_MIN:
            raise SystemExit(
                f"the class-list name {name!r} is the system account uid {uid}: rename the pupil"
            )


class LocalFirstUseAuthenticator(LocalAuthenticator, FirstUseAuthenticator):
    """First-use passwords, and a Unix account per user (LocalAuthenticator.create_system_users).

    LocalAuthenticator first in the MRO: its ``add_user`` creates the account, then calls
    FirstUseAuthenticator's (the same pattern as oauthenticator's ``LocalGitHubOAuthenticator``).
    """


c.JupyterHub.bind_url = f"http://127.0.0.1:{PORT}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
if os.environ.get("LW_PROXY"):
    c.ConfigurableHTTPProxy.command = [os.environ["LW_PROXY"]]
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{int(os.environ.get('LW_PROXY_API_PORT', PORT + 1))}"

c.JupyterHub.authenticator_class = LocalFirstUseAuthenticator if SYSTEM_USERS else FirstUseAuthenticator
if SYSTEM_USERS:
    refuse_system_accounts(set(PUPILS) | {TEACHER})
    c.LocalAuthenticator.create_system_users = True
    # useradd (Debian's passwd package) appends the name; the home is made and seeded at spawn
    c.LocalAuthenticator.add_user_cmd = [
        "useradd", "--no-create-home", "--home-dir", str(HOMES / "USERNAME"), "--shell", "/usr/sbin/nologin",
    ]  # fmt: skip
c.FirstUseAuthenticator.dbm_path = str(STATE / "passwords.dbm")
c.FirstUseAuthenticator.create_users = False
c.FirstUseAuthenticator.min_password_length = 4
c.Authenticator.allowed_users = set(PUPILS) | {TEACHER}
c.Authenticator.admin_users = {TEACHER}
c.JupyterHub.admin_access = False  # the teacher sees servers, but cannot open a pupil's notebooks

# Servers run as the pupils' Unix accounts (root) or all as the hub's user; each in a memory cgroup
# capped at Spawner.mem_limit (cgroupspawner.py; a warning in the log where cgroups are not writable).
c.JupyterHub.spawner_class = (
    "cgroupspawner.CgroupSpawner" if SYSTEM_USERS else "cgroupspawner.SimpleCgroupSpawner"
)
c.CgroupSpawner.home_dir_template = c.SimpleCgroupSpawner.home_dir_template = str(HOMES / "{username}")
c.CgroupSpawner.cgroup_group = c.SimpleCgroupSpawner.cgroup_group = f"logger-hub-{PORT}"  # one per hub
c.Spawner.ip = "127.0.0.1"
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.args = ["--ServerApp.terminals_enabled=False"] + (
    ["--allow-root"] if os.geteuid() == 0 and not SYSTEM_USERS else []
)
c.Spawner.mem_limit = os.environ.get("LW_MEM_LIMIT", "768M")
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
c.Spawner.environment = {"PYTHONPATH": str(REPO), "LW_MEM_LIMIT": os.environ.get("LW_MEM_LIMIT", "768M")}

#: The compiled kernel and search (Numba's disk cache), built once for the whole class here and
#: copied into each home at spawn. A pupil's kernel compiling on its own would take a minute of
#: CPU per pupil and ~350 MB beside the kernel: past the memory cap, the kernel is OOM-killed.
JIT_CACHE = STATE / "jit-cache"
#: each pupil's copy, ``JIT_HOMES/<pupil>`` (``NUMBA_CACHE_DIR`` of their kernels): owned by the
#: pupil (Numba writes there if it must recompile), in a folder of root's (mode 0711)
JIT_HOMES = STATE / "jit-homes"


def fill_jit_cache() -> None:
    """Compile the engine's kernel and the MCTS search into ``JIT_CACHE`` (a child Python; minutes).

    Loads in seconds when the cache is already filled; without Numba (or with
    ``LOGGER_WIDGET_NO_JIT=1``) there is nothing to compile and pupils use the Python engine.
    """
    t0 = time.monotonic()
    print(f"[logger_widget] preparing the compiled kernel for the class in {JIT_CACHE} ...", file=sys.stderr)
    done = subprocess.run(
        [sys.executable, "-c", "import sys\nfrom logger_widget.bots import mcts\n"
         "sys.exit(0 if mcts.compiled_search(True) is not None else 3)"],
        env=dict(os.environ, NUMBA_CACHE_DIR=str(JIT_CACHE), PYTHONPATH=str(REPO)),
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


def seed_home(spawner):  # type: ignore[no-untyped-def]
    """Copy the notebooks in the pupil's language into their home (once) and the class's compiled
    kernel beside it (every spawn); open the tutorial.

    Runs as root on paths a pupil can change: nothing is written or chowned through a symbolic
    link a pupil made (``tutorial_uk.ipynb -> /etc/...`` stays a link, untouched).
    """
    name = spawner.user.name
    language = PUPILS.get(name, "en")
    home = HOMES / name
    home.mkdir(parents=True, exist_ok=True)
    sources = [
        REPO / "notebooks" / f"{stem}_{language}.ipynb"
        for stem in ("tutorial", "play_vs_bots", "game_theory_exercises")
    ]
    if name == TEACHER:
        sources += sorted((REPO / "notebooks").glob("game_theory_exercises_teacher_*.ipynb"))
    copied = []
    for source in sources:
        if not os.path.lexists(home / source.name):  # a dangling link is not followed
            shutil.copy(source, home / source.name)
            copied.append(home / source.name)
    if JIT_CACHE.is_dir():  # the class's compiled kernel: the pupil's kernel loads it, never compiles
        # outside the home, in a folder only root can change: a pupil cannot aim it elsewhere
        jit = JIT_HOMES / name
        JIT_HOMES.mkdir(exist_ok=True)
        JIT_HOMES.chmod(0o711)  # pupils pass through to their own copy (the umask is 077)
        if os.path.lexists(jit):
            shutil.rmtree(jit)  # fd-based: removes the pupil's links, never follows them
        shutil.copytree(JIT_CACHE, jit)
        copied += [jit, *jit.rglob("*")]
        spawner.environment = {**spawner.environment, "NUMBA_CACHE_DIR": str(jit)}
    if SYSTEM_USERS:  # the pupil's own: only they (and root) can enter it
        account = pwd.getpwnam(name)
        for path in [home, *copied]:
            os.chown(path, account.pw_uid, account.pw_gid, follow_symlinks=False)
        home.chmod(0o700)
    spawner.notebook_dir = str(home)
    spawner.default_url = f"/lab/tree/tutorial_{language}.ipynb"


c.Spawner.pre_spawn_hook = seed_home

# idle servers are stopped (jupyterhub-idle-culler, a hub service with just the rights it needs)
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={os.environ.get('LW_CULL_TIMEOUT', '1800')}",
        ],
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
# LW_API_TOKEN: a token for the teacher's scripts and the tests, allowed to list users and
# start/stop servers (not to open them: no access:servers)
if os.environ.get("LW_API_TOKEN"):
    c.JupyterHub.services.append({"name": "classroom-admin", "api_token": os.environ["LW_API_TOKEN"]})
    c.JupyterHub.load_roles.append(
        {
            "name": "classroom-admin",
            "scopes": [
                "list:users",
                "read:users",
                "read:servers",
                "servers",
                "delete:servers",
                "admin:server_state",
            ],
            "services": ["classroom-admin"],
        }
    )

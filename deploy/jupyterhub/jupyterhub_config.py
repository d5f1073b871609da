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

Logins: jupyterhub-firstuseauthenticator — each pupil chooses a password at the first
login (as The Littlest JupyterHub recommends for workshops); a later login needs the
same password. Names not on the list are refused (``create_users = False``).
"""

import csv
import os
import shutil
import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - provided by JupyterHub

REPO = Path(__file__).resolve().parents[2]
STATE = Path(os.environ.get("LW_STATE", REPO / "deploy" / "jupyterhub" / "state")).resolve()
HOMES = STATE / "homes"
HOMES.mkdir(parents=True, exist_ok=True)
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

c.JupyterHub.bind_url = f"http://127.0.0.1:{PORT}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
if os.environ.get("LW_PROXY"):
    c.ConfigurableHTTPProxy.command = [os.environ["LW_PROXY"]]
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{int(os.environ.get('LW_PROXY_API_PORT', PORT + 1))}"

c.JupyterHub.authenticator_class = "firstuseauthenticator.FirstUseAuthenticator"
c.FirstUseAuthenticator.dbm_path = str(STATE / "passwords.dbm")
c.FirstUseAuthenticator.create_users = False
c.FirstUseAuthenticator.min_password_length = 4
c.Authenticator.allowed_users = set(PUPILS) | {TEACHER}
c.Authenticator.admin_users = {TEACHER}
c.JupyterHub.admin_access = False  # the teacher sees servers, but cannot open a pupil's notebooks

# All servers run as the hub's Unix user, each in its own home (the hub's auth keeps a pupil
# out of another's server; see docs/classroom.md for Unix-level isolation with system users).
c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")
c.Spawner.ip = "127.0.0.1"
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.args = ["--ServerApp.terminals_enabled=False"] + (["--allow-root"] if os.geteuid() == 0 else [])
c.Spawner.mem_limit = os.environ.get("LW_MEM_LIMIT", "768M")
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
c.Spawner.environment = {"PYTHONPATH": str(REPO), "LW_MEM_LIMIT": os.environ.get("LW_MEM_LIMIT", "768M")}


def seed_home(spawner):  # type: ignore[no-untyped-def]
    """Copy the notebooks in the pupil's language into their home (once); open the tutorial."""
    name = spawner.user.name
    language = PUPILS.get(name, "en")
    home = HOMES / name
    home.mkdir(parents=True, exist_ok=True)
    for stem in ("tutorial", "play_vs_bots", "game_theory_exercises"):
        source = REPO / "notebooks" / f"{stem}_{language}.ipynb"
        if not (home / source.name).exists():
            shutil.copy(source, home / source.name)
    if name == TEACHER:
        for source in (REPO / "notebooks").glob("game_theory_exercises_teacher_*.ipynb"):
            if not (home / source.name).exists():
                shutil.copy(source, home / source.name)
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

"""Real databases for the tests: a SQLite file and Debian's PostgreSQL server, started here.

``db_url`` is a pytest fixture parametrised over ``sqlite`` and ``postgresql``: each test gets
an empty database of its own (a new SQLite file in ``tmp_path``, or a new database on the one
PostgreSQL server of the test session) and its SQLAlchemy URL. Use it in every database test::

    from dbkit import db_url, postgres_server  # noqa: F401  (pytest finds the fixtures)

    def test_something(db_url):
        engine = sqlalchemy.create_engine(db_url)

``module_db_url`` is the same for a whole test module (e.g. one service process per backend).

The PostgreSQL server is Debian's ``postgresql`` package (``scripts/env.sh`` installs it):
``initdb`` and ``pg_ctl`` run as an unprivileged account (``nobody`` when the tests run as
root; PostgreSQL refuses to run as root) in a temporary folder, listening on 127.0.0.1 on a
free port and on a Unix socket in that folder only, with ``trust`` authentication for local
connections (the folder is the test run's own). It is stopped (``pg_ctl stop -m immediate``)
and its folder removed at the end of the session. Starting it takes about 2 s.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

try:
    from portkit import free_port
except ModuleNotFoundError:  # imported as tests.dbkit (python -m benchmarks...)
    from tests.portkit import free_port

__all__ = [
    "BACKENDS",
    "PostgresServer",
    "db_url",
    "find_pg_bin",
    "free_port",
    "module_db_url",
    "postgres_server",
]


def find_pg_bin() -> Path:
    """The folder of Debian's PostgreSQL server programs (the newest version installed).

    Raises:
        FileNotFoundError: no ``initdb`` (``apt-get install postgresql``; scripts/env.sh does).
    """
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[4]))
    if not found:
        raise FileNotFoundError(
            "PostgreSQL's initdb is not installed: apt-get install postgresql (bash scripts/env.sh does)"
        )
    return Path(found[-1]).parent


class PostgresServer:
    """A PostgreSQL server of its own in a temporary folder (see the module docstring).

    Args:
        folder: an empty folder for the cluster, its socket and its log.
    """

    def __init__(self, folder: Path) -> None:
        self.bin = find_pg_bin()
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()
        self._names = itertools.count(1)
        self._account: list[str] = []
        if os.geteuid() == 0:
            account = pwd.getpwnam("nobody")
            os.chown(folder, account.pw_uid, account.pw_gid)
            self._account = [
                "setpriv",
                f"--reuid={account.pw_uid}",
                f"--regid={account.pw_gid}",
                "--clear-groups",
            ]

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [*self._account, *args], cwd=self.folder, capture_output=True, text=True, timeout=120,
            env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"},
        )  # fmt: skip
        if done.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(
                f"{' '.join(args[:2])} failed ({done.returncode}):\n{done.stdout}{done.stderr}{tail}"
            )

    def start(self) -> None:
        """``initdb`` then ``pg_ctl start`` (waits until the server accepts connections)."""
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                  "--no-sync")  # fmt: skip
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "server.log"),
                  "-o", options, "-w", "-t", "60", "start")  # fmt: skip

    def stop(self) -> None:
        """Stop the server (at once: the test data is thrown away)."""
        if (self.data / "postmaster.pid").exists():
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL (psycopg 3) of ``database`` on this server."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """Create an empty database and return its URL."""
        import sqlalchemy as sa

        name = f"test_{next(self._names)}"
        engine = sa.create_engine(self.url(), isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        finally:
            engine.dispose()
        return self.url(name)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The test session's PostgreSQL server (started on first use, stopped at the end)."""
    folder = Path(tempfile.mkdtemp(prefix="lw-postgres-"))
    server = PostgresServer(folder)
    try:
        server.start()
        yield server
    finally:
        try:
            server.stop()
        finally:
            shutil.rmtree(folder, ignore_errors=True)


BACKENDS = ["sqlite", "postgresql"]


def _new_url(request: pytest.FixtureRequest, folder: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{folder / 'class.sqlite'}"
    return request.getfixturevalue("postgres_server").new_database()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of the test's own: a SQLite file, then a PostgreSQL database."""
    return _new_url(request, tmp_path)


@pytest.fixture(scope="module", params=BACKENDS)
def module_db_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """An empty database for a whole test module (a service started once per backend), as :func:`db_url`."""
    return _new_url(request, tmp_path_factory.mktemp("db"))

"""The classroom's credentials, class sheet, home disks and private /tmp, without a running hub.

deploy/jupyterhub/classcodes.py (codes kept hashed, spent once), classsetup.py (the teacher's
password set before the hub starts, the sheet, teacher material closed) and homedisk.py (a
loop-mounted home that refuses writes past its size; bubblewrap's private /dev/shm). The same
claims through a real hub and a pupil's kernel: tests/hosts/test_jupyterhub.py.
"""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("bcrypt")
from classcodes import ALPHABET, CodeBook, PasswordBook, class_sheet, normalize_code  # noqa: E402
from classlist import read_class, refuse_system_accounts  # noqa: E402
from classpython import STAMP, class_python  # noqa: E402
from classsetup import (  # noqa: E402
    COURSE_ID,
    SERVICE_FOLDER,
    class_id,
    close_teacher_material,
    culler_account,
    exchange_disk,
    home_notebooks,
    lab_languages,
    lab_settings,
    make_exchange,
    nbgrader_off,
    quiet_jupyterlab,
    role_config,
    service_account,
    service_accounts,
    set_up_credentials,
    system_account,
    write_roles,
)
from homedisk import HomeDisk, disk_limit_unsupported, private_tmp_command  # noqa: E402
from hubkit import TESTS_ROOT  # noqa: E402
from machinekit import account_exists, remove_account  # noqa: E402


def test_a_code_is_kept_hashed_checks_once_spent_and_is_the_pupils_alone(tmp_path: Path) -> None:
    book = CodeBook(tmp_path / "codes.json")
    olena, diego = book.issue("olena"), book.issue("diego")
    assert len(olena) == 14 and set(olena.replace("-", "")) <= set(ALPHABET)
    text = (tmp_path / "codes.json").read_text()
    assert normalize_code(olena) not in text and olena not in text
    assert (tmp_path / "codes.json").stat().st_mode & 0o777 == 0o600
    assert book.check("olena", olena) and book.check("olena", olena.lower().replace("-", " "))
    assert not book.check("olena", diego) and not book.check("olena", "") and not book.check("amy", olena)
    book.spend("olena")
    assert not book.check("olena", olena) and book.check("diego", diego)
    again = book.issue("diego")  # a reset: the older code no longer works
    assert not book.check("diego", diego) and book.check("diego", again)


def test_the_set_up_sets_the_teachers_password_and_issues_codes_once(tmp_path: Path) -> None:
    pupils = {"olena": "uk", "diego": "es"}
    issued = set_up_credentials(tmp_path, pupils, "teacher", "a-long-password", "https://hub.school/")
    assert set(issued) == set(pupils)
    passwords = PasswordBook(tmp_path / "passwords.dbm")
    assert passwords.has("teacher") and not passwords.has("olena")
    sheet = (tmp_path / "class-sheet.html").read_text()
    assert all(code in sheet for code in issued.values()) and sheet.count("https://hub.school/") == 2
    assert (tmp_path / "class-sheet.html").stat().st_mode & 0o777 == 0o600
    # run again: the codes handed out still work, none is shown again
    assert set_up_credentials(tmp_path, pupils, "teacher", None, "https://hub.school/") == {}
    assert CodeBook(tmp_path / "codes.json").check("olena", issued["olena"])
    # a generated teacher's password when none is given
    other = tmp_path / "other"
    other.mkdir()
    set_up_credentials(other, {}, "teacher", None, "x")
    assert PasswordBook(other / "passwords.dbm").has("teacher")


def test_the_class_sheets_slips_are_each_in_the_pupils_language() -> None:
    """A uk/es/en class: olena's slip in Ukrainian, diego's in Spanish, amy's in English; the sheet's
    heading in the class's language (most pupils': Ukrainian here). Before: English only."""
    import re

    from classcodes import slip

    sheet = class_sheet(
        {"olena": "uk", "diego": "es", "amy": "en", "taras": "uk"}, {"olena": "K7QM"}, "https://h/"
    )
    slips = dict(re.findall(r'<div class="slip" lang="\w+" data-pupil="(\w+)">(.*?)</div>', sheet, re.S))
    assert (
        "Відкрий сторінку за адресою" in slips["olena"]
        and 'Мова: <span class="language">українська' in slips["olena"]
    )
    assert '<span class="code">K7QM</span>' in slips["olena"] and "Код:" in slips["olena"]
    assert "Entra en la dirección" in slips["diego"] and "pide a tu docente un código nuevo" in slips["diego"]
    assert "Open the address" in slips["amy"] and 'Language: <span class="language">English' in slips["amy"]
    assert '<html lang="uk">' in sheet and "<h1>Logger (Лісоруб): перший вхід</h1>" in sheet
    assert "Address" not in slip("amy", "en", "CODE")  # the reset page's slip: no address known
    assert '<html lang="en">' in class_sheet({"olena": "uk", "diego": "es"}, {}, "x")  # a tie: English


def test_the_class_sheet_escapes_what_it_shows() -> None:
    sheet = class_sheet({"amy": "en"}, {"amy": "CODE-1"}, "https://x/?a=<b>")
    assert "https://x/?a=&lt;b&gt;" in sheet and '<b class="name">amy</b>' in sheet and "size: A4" in sheet


def test_teacher_material_is_closed_to_others(tmp_path: Path) -> None:
    (tmp_path / "notebooks").mkdir()
    for name in ("game_theory_exercises_teacher_en.ipynb", "tutorial_en.ipynb"):
        (tmp_path / "notebooks" / name).write_text("{}")
        (tmp_path / "notebooks" / name).chmod(0o644)
    source = tmp_path / "deploy" / "nbgrader" / "source"
    source.mkdir(parents=True)
    source.chmod(0o755)
    close_teacher_material(tmp_path)
    assert (tmp_path / "notebooks" / "game_theory_exercises_teacher_en.ipynb").stat().st_mode & 0o077 == 0
    assert source.stat().st_mode & 0o077 == 0
    assert (tmp_path / "notebooks" / "tutorial_en.ipynb").stat().st_mode & 0o777 == 0o644


#: an interpreter every account can run on this machine (the tests' own may be under /root, 0700)
STOCK_PYTHON = "/usr/bin/python3"


def _as_nobody(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *cmd],
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip


@pytest.mark.skipif(
    os.geteuid() != 0, reason="mounting a home disk needs root (CI and this machine run as root)"
)
def test_a_home_disk_refuses_writes_past_its_size(tmp_path: Path) -> None:
    assert disk_limit_unsupported() is None
    disk = HomeDisk(tmp_path / "disks" / "amy.img", tmp_path / "home", 20 * 2**20)
    disk.mount(65534, 65534)
    try:
        assert disk.mounted() and (tmp_path / "home").stat().st_uid == 65534
        assert not (tmp_path / "home" / "lost+found").exists()
        # root writes (no blocks are reserved for root: the limit is the same for the pupil)
        out = subprocess.run(["dd", "if=/dev/zero", f"of={tmp_path / 'home' / 'big'}", "bs=1M", "count=40"],
                             capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
        assert out.returncode != 0 and "No space left on device" in out.stderr, out
        assert (tmp_path / "home" / "big").stat().st_size < 20 * 2**20
    finally:
        disk.unmount()
    assert not disk.mounted()
    with pytest.raises(ValueError, match="16 MiB"):
        HomeDisk(tmp_path / "x.img", tmp_path / "x", 2**20)


@pytest.mark.skipif(shutil.which("bwrap") is None or os.geteuid() != 0, reason="needs bwrap and root")
def test_private_dev_shm_is_capped_unseen_outside_and_gone_after(tmp_path: Path) -> None:
    marker = f"lw-test-{os.getpid()}"
    script = (
        f"import errno, pathlib; pathlib.Path('/dev/shm/{marker}').write_bytes(b'1' * 2**19)\n"
        f"try:\n    pathlib.Path('/dev/shm/{marker}-big').write_bytes(b'1' * 2**21)\n"
        "except OSError as e:\n    print('full', e.errno == errno.ENOSPC)\n"
    )
    out = _as_nobody(*private_tmp_command(2**21, 2**20), STOCK_PYTHON, "-c", script)
    assert "full True" in out.stdout, out
    assert not Path(f"/dev/shm/{marker}").exists() and not Path(f"/dev/shm/{marker}-big").exists()
    with pytest.raises(ValueError, match="positive"):
        private_tmp_command(0, 1)
    # the bot sandbox's namespaces can be made inside (before: --disable-userns, and every pupil's
    # bots failed to start with "nesting depth or /proc/sys/user/max_*_namespaces exceeded")
    nested = ["bwrap", "--ro-bind", "/", "/", "--unshare-user", "--unshare-pid", "--disable-userns", "true"]
    out = _as_nobody(*private_tmp_command(2**21, 2**20), *nested)
    assert out.returncode == 0, out
    # no world-writable folder of the machine's disk is left to the pupil ("find -xdev" skips the
    # private tmpfs; the test hubs' exchanges and the developers' work trees are not stock folders)
    find = ["find", "/", "-xdev", "(", "-path", str(TESTS_ROOT), "-o", "-path", "/work", ")", "-prune", "-o",
            "-type", "d", "-perm", "-0002", "-writable", "-print"]  # fmt: skip
    outside = _as_nobody(*find)
    out = _as_nobody(*private_tmp_command(2**21, 2**20), *find)
    assert "/run/lock" in outside.stdout.split() and out.stdout.split() == [], (outside.stdout, out)


def test_each_role_gets_its_own_nbgrader_in_jupyterlab(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pupils: the Assignments list, no formgrader (server extension off, JupyterLab plugin off and
    locked) whatever the environment enables; the teacher: the formgrader, the course in ~/course."""
    from jupyterlab_server.config import get_static_page_config

    write_roles(tmp_path / "env", Path("/srv/nbgrader/exchange"))
    seen = {}
    for role in ("pupil", "teacher"):
        folder = role_config(tmp_path / "env", role)
        monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(folder))
        page = get_static_page_config(level="all")  # merged over every level, as JupyterLab does
        server = json.loads((folder / "jupyter_server_config.json").read_text())["ServerApp"]
        seen[role] = (page["disabledExtensions"], page["lockedExtensions"], server["jpserver_extensions"])
    disabled, locked, server = seen["pupil"]
    assert disabled["@jupyter/nbgrader"] is False  # the package on (the environment switches it off)
    for plugin in ("formgrader", "course-list", "create-assignment"):
        assert (
            disabled[f"@jupyter/nbgrader:{plugin}"] is True and locked[f"@jupyter/nbgrader:{plugin}"] is True
        )
    assert "@jupyter/nbgrader:assignment-list" not in disabled
    assert server == {
        "nbgrader.server_extensions.formgrader": False, "nbgrader.server_extensions.course_list": False,
        "nbgrader.server_extensions.assignment_list": True, "nbgrader.server_extensions.validate_assignment": True,
    }  # fmt: skip
    disabled, locked, server = seen["teacher"]
    assert "@jupyter/nbgrader:formgrader" not in disabled and server["nbgrader.server_extensions.formgrader"]
    frames = {  # the formgrader's frame: allowed within the teacher's server only
        role: json.loads((role_config(tmp_path / "env", role) / "jupyter_server_config.json").read_text())[
            "ServerApp"
        ].get("tornado_settings")
        for role in ("pupil", "teacher")
    }
    assert frames == {
        "pupil": None,
        "teacher": {"headers": {"Content-Security-Policy": "frame-ancestors 'self'"}},
    }
    teacher = role_config(tmp_path / "env", "teacher")
    assert "~" in (teacher / "nbgrader_config.py").read_text() and (teacher / "course_config.py").exists()


def test_nbgrader_is_off_in_the_environment_whatever_its_own_config_enables(tmp_path: Path) -> None:
    """classsetup.nbgrader_off: the files ``jupyter server extension disable --sys-prefix`` and
    ``jupyter labextension disable --level=sys_prefix`` would write, read after nbgrader's own
    (which enables its four server extensions), without the five commands' start-up time."""
    from classsetup import NBGRADER_EXTENSIONS
    from jupyter_server.extension.config import ExtensionConfigManager

    config = tmp_path / "env" / "etc" / "jupyter"
    names = [f"nbgrader.server_extensions.{ext}" for ext in NBGRADER_EXTENSIONS]
    (config / "jupyter_server_config.d").mkdir(parents=True)  # as nbgrader's wheel installs it
    (config / "jupyter_server_config.d" / "nbgrader.json").write_text(
        json.dumps({"ServerApp": {"jpserver_extensions": dict.fromkeys(names, True)}})
    )
    (config / "labconfig").mkdir()
    (config / "labconfig" / "page_config.json").write_text('{"disabledExtensions": {"other": true}}')
    nbgrader_off(tmp_path / "env")
    nbgrader_off(tmp_path / "env")  # a set-up run again: the same
    extensions = ExtensionConfigManager(read_config_path=[str(config)]).get_jpserver_extensions()
    assert extensions == dict.fromkeys(names, False), extensions
    page = json.loads((config / "labconfig" / "page_config.json").read_text())
    assert page == {"disabledExtensions": {"other": True, "@jupyter/nbgrader": True},
                    "lockedExtensions": {"@jupyter/nbgrader": True}}  # fmt: skip


def test_the_class_jupyterlab_asks_nothing_about_jupyter_news(tmp_path: Path) -> None:
    """Every server of the class's environment: JupyterLab's news question answered Never by the
    settings it starts from, and its server has no news feed and no update check (nothing asks
    the internet), read from where JupyterLab of that environment reads them."""
    from jupyter_core.paths import ENV_CONFIG_PATH
    from jupyterlab.handlers.announcements import NeverCheckForUpdate
    from jupyterlab.labapp import LabApp
    from jupyterlab_server.settings_utils import get_settings

    env = tmp_path / "env"
    quiet_jupyterlab(env)
    here = LabApp()  # this environment's JupyterLab: its folders below sys.prefix, as in the class's
    settings, _ = get_settings(
        str(env / Path(here.app_settings_dir).relative_to(sys.prefix)),
        here.schemas_dir,
        str(tmp_path / "user-settings"),  # a pupil who never changed a setting
        schema_name="@jupyterlab/apputils-extension:notification",
    )
    defaults = {key: value["default"] for key, value in settings["schema"]["properties"].items()}
    assert defaults == {"fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": False}
    config_dir = env / Path(ENV_CONFIG_PATH[0]).relative_to(sys.prefix)
    (config, _name), *more = LabApp._load_config_files("jupyter_lab_config", path=[str(config_dir)])
    server = LabApp(config=config)
    assert not more and server.news_url is None and server.check_for_updates_class is NeverCheckForUpdate


def test_each_pupils_jupyterlab_starts_in_her_language_and_keeps_the_class_settings(tmp_path: Path) -> None:
    """lab_languages: the settings folder a uk / es / en server starts with (``LabApp.app_settings_dir``)
    sets JupyterLab's translation locale (uk_UA, es_ES; English JupyterLab's own) and keeps the news
    answered Never. Before: every pupil's JupyterLab was English."""
    from jupyterlab.labapp import LabApp
    from jupyterlab_server.settings_utils import get_settings

    env = tmp_path / "env"
    (env / "share" / "jupyter" / "lab" / "static").mkdir(parents=True)
    lab_languages(env)
    schemas = LabApp().schemas_dir
    # es_419: JupyterLab has no Latin-American Spanish pack; the Spanish one is the closest
    for language, locale in (("uk", "uk_UA"), ("es", "es_ES"), ("es_419", "es_ES"), ("en", "default")):
        folder = lab_settings(env, language)
        settings, _ = get_settings(str(folder), schemas, str(tmp_path / "user-settings"),
                                   schema_name="@jupyterlab/translation-extension:plugin")  # fmt: skip
        assert settings["schema"]["properties"]["locale"]["default"] == locale, language
        news, _ = get_settings(str(folder), schemas, str(tmp_path / "user-settings"),
                               schema_name="@jupyterlab/apputils-extension:notification")  # fmt: skip
        assert news["schema"]["properties"]["fetchNews"]["default"] == "false", language
        assert (folder.parent / "static").resolve() == env / "share" / "jupyter" / "lab" / "static"


def test_the_exchange_has_the_course_folder_before_any_pupil(tmp_path: Path) -> None:
    """Made by the set-up (1777, the course's folder 0755 the set-up's); a course folder someone
    planted first — another account's, or a link — stops the set-up with the reason."""
    exchange = tmp_path / "exchange"
    make_exchange(exchange, "teacher")
    assert exchange.stat().st_mode & 0o7777 == 0o1777
    course = exchange / COURSE_ID
    assert course.is_dir() and course.stat().st_mode & 0o777 == 0o755 and course.stat().st_uid == os.geteuid()
    make_exchange(exchange, "teacher")  # run again: kept
    planted = tmp_path / "planted"
    (planted / COURSE_ID).mkdir(parents=True)
    if os.geteuid() == 0:
        os.chown(planted / COURSE_ID, 65534, 65534)  # nobody's, as a pupil's would be
        with pytest.raises(SystemExit, match="belongs to uid 65534, not to the teacher"):
            make_exchange(planted, "teacher")
    (tmp_path / "linked").mkdir()
    (tmp_path / "linked" / COURSE_ID).symlink_to(tmp_path)
    with pytest.raises(SystemExit, match="is not a folder"):
        make_exchange(tmp_path / "linked", "teacher")


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a disk image needs root (CI runs as root)")
def test_the_exchange_is_a_disk_of_its_own_a_pupil_cannot_fill_the_machines_disk_through_it(
    hub_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The exchange (mode 1777: the one world-writable folder a pupil reaches on a disk) is a disk
    image of its own: writing past its size fails with ENOSPC. Before: a pupil whose home was full
    parked 50 MiB there on the machine's disk, and more at will."""
    monkeypatch.setenv("LW_EXCHANGE_SIZE", "24M")
    state, exchange = hub_root / "state", hub_root / "exchange"
    disk = exchange_disk(state, exchange, pupils=3)
    assert (
        disk.size == 24 * 2**20
        and exchange_disk(state, exchange, 30).image == state / "disks" / "exchange.img"
    )
    try:
        make_exchange(exchange, "teacher", disk)
        assert (
            disk.mounted() and exchange.stat().st_mode & 0o7777 == 0o1777 and (exchange / COURSE_ID).is_dir()
        )
        out = _as_nobody("dd", "if=/dev/zero", f"of={exchange / 'parked'}", "bs=1M", "count=40")
        assert out.returncode != 0 and "No space left on device" in out.stderr, out
        make_exchange(exchange, "teacher", disk)  # run again: kept, still mounted once
        assert [line.split()[1] for line in Path("/proc/self/mounts").read_text().splitlines()].count(
            str(exchange)
        ) == 1
    finally:
        disk.unmount()
    monkeypatch.setenv("LW_EXCHANGE_SIZE", "lots")
    with pytest.raises(SystemExit, match="LW_EXCHANGE_SIZE='lots' is not a size like 512M or 2G"):
        exchange_disk(state, exchange, 3)
    # an exchange already holding submissions is not hidden under a new disk
    old = hub_root / "old-exchange"
    (old / COURSE_ID / "inbound").mkdir(parents=True)
    other = HomeDisk(hub_root / "old.img", old, 2**24)
    make_exchange(old, "teacher", other)
    assert not other.mounted() and (old / COURSE_ID / "inbound").is_dir()


def _authenticator(tmp_path: Path) -> Any:
    from classauth import ClassCodeAuthenticator

    return ClassCodeAuthenticator(
        codes_path=str(tmp_path / "codes.json"), dbm_path=str(tmp_path / "passwords.dbm"),
        allowed_users={"olena", "diego"}, pupils={"olena", "diego"}, min_password_length=8,
    )  # fmt: skip


class _Handler:
    custom_login_error = ""


@pytest.mark.usefixtures("no_running_loop")
def test_logins_hash_outside_the_hubs_event_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """scrypt (a code) and bcrypt (a password) take ~50 and ~250 ms of CPU: run on the hub's event
    loop, 30 pupils logging in at once held every other request for seconds. Before: on the loop."""
    import asyncio
    import hashlib
    import threading

    import bcrypt

    auth = _authenticator(tmp_path)
    code = CodeBook(tmp_path / "codes.json").issue("olena")
    where: list[str] = []
    for module, fn in ((hashlib, "scrypt"), (bcrypt, "hashpw"), (bcrypt, "checkpw")):
        real = getattr(module, fn)

        def spy(*args: Any, _real: Any = real, _fn: str = fn, **kwargs: Any) -> Any:
            where.append(f"{_fn} in {threading.current_thread().name}")
            return _real(*args, **kwargs)

        monkeypatch.setattr(module, fn, spy)

    async def logins() -> list[str | None]:
        first = await auth.authenticate(
            _Handler(), {"username": "olena", "password": code, "new_password": "olena-pw-1"}
        )
        again = await auth.authenticate(_Handler(), {"username": "olena", "password": "olena-pw-1"})
        wrong = await auth.authenticate(_Handler(), {"username": "olena", "password": code})
        return [first, again, wrong]

    assert asyncio.run(logins()) == ["olena", "olena", None]
    main = threading.main_thread().name  # the event loop's thread
    assert where and not [w for w in where if w.endswith(f" in {main}")], where
    assert {w.split()[0] for w in where} == {"scrypt", "hashpw", "checkpw"}


@pytest.mark.usefixtures("no_running_loop")
def test_a_code_logs_in_once_even_twice_at_the_same_moment(tmp_path: Path) -> None:
    """Two first logins with the same code at once (logins are checked in threads): one succeeds,
    and the password is the winner's; a short new password is refused with a message."""
    import asyncio

    auth = _authenticator(tmp_path)
    code = CodeBook(tmp_path / "codes.json").issue("diego")
    short = _Handler()

    async def race() -> list[str | None]:
        assert (
            await auth.authenticate(short, {"username": "diego", "password": code, "new_password": "x"})
            is None
        )
        tries = [{"username": "diego", "password": code, "new_password": f"diego-pw-{i}"} for i in range(4)]
        return await asyncio.gather(*(auth.authenticate(_Handler(), t) for t in tries))

    results = asyncio.run(race())
    assert "New password" in short.custom_login_error
    assert results.count("diego") == 1 and results.count(None) == 3, results
    winner = results.index("diego")
    passwords = PasswordBook(tmp_path / "passwords.dbm")
    assert [passwords.check("diego", f"diego-pw-{i}") for i in range(4)] == [i == winner for i in range(4)]
    assert not CodeBook(tmp_path / "codes.json").check("diego", code)


@pytest.mark.skipif(
    os.geteuid() != 0, reason="reading as another account needs root (CI and this machine run as root)"
)
def test_the_gradebook_is_copied_for_the_service_as_the_teacher_can_read_it() -> None:
    """gradebookcopy.py: the copy is the service account's (0600), read with the teacher's rights only."""
    import pwd
    import sqlite3
    import tempfile

    from gradebookcopy import copy_gradebook

    teacher, service = pwd.getpwnam("nobody"), pwd.getpwnam("daemon")  # stand-ins for the two accounts
    with tempfile.TemporaryDirectory(prefix="lw-gradebook-test-") as folder:
        root = Path(folder)
        root.chmod(0o711)
        home, own = root / "home", root / "service"
        for path, account in ((home, teacher), (own, service)):
            path.mkdir(mode=0o700)
            os.chown(path, account.pw_uid, account.pw_gid)
        book, copy = home / "gradebook.db", own / "gradebook.db"

        def write(path: Path, table: str, value: str) -> None:
            with contextlib.closing(sqlite3.connect(path)) as db, db:
                db.execute(f"create table if not exists {table} (id text)")
                db.execute(f"insert into {table} values (?)", (value,))

        def rows(path: Path, table: str) -> list[tuple[str]]:
            with contextlib.closing(sqlite3.connect(path)) as db:
                return db.execute(f"select id from {table}").fetchall()

        write(book, "student", "amy")
        os.chown(book, teacher.pw_uid, teacher.pw_gid)
        book.chmod(0o600)
        assert copy_gradebook(book, copy, teacher, service, STOCK_PYTHON)
        assert (copy.stat().st_uid, copy.stat().st_mode & 0o777) == (service.pw_uid, 0o600)
        assert rows(copy, "student") == [("amy",)]
        assert not copy_gradebook(book, copy, teacher, service, STOCK_PYTHON)  # unchanged: not written again
        # the teacher swaps the gradebook for a link to a database of root's: it is not read
        secret = root / "root-only.db"
        write(secret, "token", "root's secret")
        secret.chmod(0o600)
        book.unlink()
        book.symlink_to(secret)
        assert not copy_gradebook(book, copy, teacher, service, STOCK_PYTHON)
        assert rows(copy, "student") == [("amy",)]
        # a link planted in the service's folder is not written through
        book.unlink()
        write(book, "student", "ben")
        os.chown(book, teacher.pw_uid, teacher.pw_gid)
        (own / ".gradebook.db.new").symlink_to(root / "elsewhere")
        assert copy_gradebook(book, copy, teacher, service, STOCK_PYTHON)
        assert not (root / "elsewhere").exists() and rows(copy, "student") == [("ben",)]


# --- the hub's configuration, loaded as JupyterHub loads it (no hub started) ----------------------

CONFIG = Path(__file__).resolve().parents[1] / "deploy" / "jupyterhub" / "jupyterhub_config.py"
#: run in a child Python: the config file loaded the way JupyterHub does (traitlets'
#: PyFileConfigLoader), then what the tests check printed as one JSON line
_LOAD = r"""
import json, sys
from traitlets.config.loader import PyFileConfigLoader
c = PyFileConfigLoader(sys.argv[1]).load_config()
print("CONFIG " + json.dumps({
    "admin_users": sorted(c.Authenticator.admin_users),
    "roles": c.JupyterHub.load_roles,
    "services": [{"name": s["name"], "url": s.get("url"), "environment": s.get("environment", {})}
                 for s in c.JupyterHub.services],
    "bind_url": c.JupyterHub.bind_url, "hub_ip": c.JupyterHub.hub_ip, "spawner_ip": c.Spawner.ip,
    "proxy_api_url": c.ConfigurableHTTPProxy.api_url,
}, default=sorted))
"""


@pytest.fixture
def hub_root(tmp_path: Path) -> Iterator[Path]:
    """A folder for a config's state and pupils' environment, not below /tmp (as root the hub refuses that)."""
    if os.geteuid() != 0:
        yield tmp_path
        return
    TESTS_ROOT.mkdir(mode=0o711, parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix="config-", dir=TESTS_ROOT))
    root.chmod(0o711)  # as the folders above a class's state are: the pupils' accounts pass through
    try:
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _load_config(root: Path, path: str | None = None, **settings: str) -> tuple[int, dict[str, Any], str]:
    """Load the hub's config in a child Python for a class of two (olena, diego) and the teacher ``teacher``.

    ``root`` holds the class list, the state folder and a stand-in pupils' environment (its
    ``python`` says "no Numba": no kernel is compiled); ``path``: the child's ``PATH`` (default
    this one); ``settings``: more ``LW_...`` variables. Returns the exit status, the config's
    values (``_LOAD``; empty when it stopped) and its stderr.
    """
    root.mkdir(parents=True, exist_ok=True)
    (root / "class.csv").write_text("olena,uk\ndiego,es\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("LW_")}
    env.update(LW_CLASS=str(root / "class.csv"), LW_STATE=str(root / "state"), LW_CLASS_ENV=str(root / "env"),
               LW_TEACHER="teacher", LW_EXCHANGE=str(root / "exchange"), LW_PORT="8000")  # fmt: skip
    if path is not None:
        env["PATH"] = path
    env.update(settings)
    python = Path(env["LW_CLASS_ENV"]) / "bin" / "python"
    python.parent.mkdir(parents=True, exist_ok=True)
    python.write_text("#!/bin/sh\nexit 3\n")
    python.chmod(0o755)
    # what the set-up makes for the hub's services: their folder, and as root their accounts
    # (made only if missing: a class hub's accounts are left as they are)
    (Path(env["LW_STATE"]) / SERVICE_FOLDER).mkdir(mode=0o700, parents=True, exist_ok=True)
    made = []
    try:
        if os.geteuid() == 0:
            state = Path(env["LW_STATE"])
            for account in (service_account(state), culler_account(state)):
                with contextlib.suppress(KeyError):
                    pwd.getpwnam(account)
                    continue
                system_account(account, None)
                made.append(account)
        done = subprocess.run([sys.executable, "-c", _LOAD, str(CONFIG)], env=env, capture_output=True,
                              text=True, timeout=120, check=False)  # fmt: skip
    finally:  # this class's accounts go with it, with their groups (the machine as the test found it)
        for account in made:
            remove_account(account)
    lines = [line for line in done.stdout.splitlines() if line.startswith("CONFIG ")]
    return done.returncode, json.loads(lines[-1][7:]) if lines else {}, done.stderr


def test_the_hub_has_no_admin_unless_named_and_refuses_root_or_a_stranger(hub_root: Path) -> None:
    status, config, err = _load_config(hub_root)
    assert status == 0 and config["admin_users"] == [], err
    status, config, err = _load_config(hub_root, LW_ADMINS=" Olena , teacher")
    assert status == 0 and config["admin_users"] == ["olena", "teacher"], err
    for admins, stranger in (("root", "'root'"), ("olena,mallory", "'mallory'"), ("daemon", "'daemon'")):
        status, config, err = _load_config(hub_root, LW_ADMINS=admins)
        assert status != 0 and not config, (admins, err)
        assert f"LW_ADMINS={admins!r}: {stranger} neither on the class list nor the teacher" in err, err


def test_the_class_dashboard_reads_the_teachers_gradebook_without_a_setting(hub_root: Path) -> None:
    """No LW_CLASSGAME_GRADEBOOK: the service gets the teacher's course gradebook (as root: the hub's copy of it)."""
    status, config, err = _load_config(hub_root)
    assert status == 0, err
    (service,) = [s for s in config["services"] if s["name"] == "classgame"]
    course = hub_root / "state" / "homes" / "teacher" / "course" / "gradebook.db"
    copy = hub_root / "state" / SERVICE_FOLDER / "gradebook.db"
    expected = copy if os.geteuid() == 0 else course
    assert service["environment"]["LW_CLASSGAME_GRADEBOOK"] == f"sqlite:///{expected.resolve()}", service
    status, config, err = _load_config(hub_root, LW_CLASSGAME_GRADEBOOK="sqlite:////srv/other.db")
    (service,) = [s for s in config["services"] if s["name"] == "classgame"]
    assert status == 0 and service["environment"]["LW_CLASSGAME_GRADEBOOK"].endswith(
        "gradebook.db" if os.geteuid() == 0 else "other.db"
    )


def test_the_deployed_roles_give_the_services_only_what_they_need(hub_root: Path) -> None:
    """The class game service reads the users and their roles; the idle culler lists, reads activity, stops."""
    status, config, err = _load_config(hub_root)
    assert status == 0, err
    granted: dict[str, set[str]] = {}
    for role in config["roles"]:
        for service in role.get("services", []):
            granted.setdefault(service, set()).update(role["scopes"])
    assert granted["classgame"] == {"list:users", "read:users", "read:roles:users"}, granted
    assert granted["idle-culler"] == {"list:users", "read:users:activity", "read:servers", "delete:servers"}
    assert set(granted) == {"classgame", "idle-culler"}, granted  # no LW_API_TOKEN: no classroom-admin


def test_the_hub_the_proxy_and_the_servers_listen_on_127_0_0_1_only(hub_root: Path) -> None:
    status, config, err = _load_config(hub_root)
    assert status == 0, err
    assert config["bind_url"] == "http://127.0.0.1:8000" and config["hub_ip"] == "127.0.0.1"
    assert config["spawner_ip"] == "127.0.0.1" and config["proxy_api_url"].startswith("http://127.0.0.1:")
    assert [s["url"] for s in config["services"] if s["url"]] == ["http://127.0.0.1:8003"], config["services"]


@pytest.mark.skipif(
    os.geteuid() != 0, reason="the pupils' own accounts and private /tmp need root (CI runs as root)"
)
def test_the_hub_refuses_its_state_or_the_environment_below_tmp_and_warns_without_bwrap_or_disks(
    tmp_path: Path, hub_root: Path, request: pytest.FixtureRequest
) -> None:
    bwrap_only = tmp_path / "bin"
    bwrap_only.mkdir()
    (bwrap_only / "bwrap").symlink_to(shutil.which("bwrap") or "/usr/bin/bwrap")
    below_tmp = Path(tempfile.mkdtemp(prefix="lw-class-", dir="/tmp"))  # pytest's own folder is 0700
    below_tmp.chmod(0o711)
    request.addfinalizer(lambda: shutil.rmtree(below_tmp, ignore_errors=True))
    for settings, refused in (
        ({}, below_tmp / "state"),
        ({"LW_CLASS_ENV": str(hub_root / "env")}, below_tmp / "state"),
        ({"LW_STATE": str(hub_root / "state")}, below_tmp / "env"),
        (  # nbgrader's exchange too: the teacher's Release worked, no pupil saw it
            {
                "LW_STATE": str(hub_root / "state"),
                "LW_CLASS_ENV": str(hub_root / "env"),
                "LW_EXCHANGE": str(below_tmp / "exchange"),
            },
            below_tmp / "exchange",
        ),  # fmt: skip
    ):
        status, config, err = _load_config(below_tmp, path=str(bwrap_only), **settings)
        assert status != 0 and not config, (settings, err)
        assert (
            f"{refused} is below /tmp, which each pupil's server sees as an empty folder of its own" in err
        ), err
    # without bwrap (and so without mkfs.ext4, on an empty PATH) the state may be below /tmp: warnings
    status, config, err = _load_config(below_tmp, path=str(tmp_path / "empty"))
    assert status == 0 and config, err
    assert "WARNING: bwrap is not installed: pupils share /tmp and /dev/shm" in err, err
    assert "WARNING: pupils' homes have NO disk limit: mkfs.ext4 is not installed" in err, err
    status, config, err = _load_config(hub_root)  # everything there: neither warning
    assert status == 0 and "WARNING" not in err, err


def test_class_list_names_are_ascii_a_letter_first_and_no_system_account(tmp_path: Path) -> None:
    listed = tmp_path / "class.csv"
    listed.write_text("# a comment\nOlena,uk\n_amy2,en\n" + "d" * 32 + ",es\n")
    assert read_class(listed) == {"olena": "uk", "_amy2": "en", "d" * 32: "es"}
    for bad in ("2pac", "\u043elena", "ol\u00e9na", "amy-2", "../olena", "d" * 33, ""):
        listed.write_text(f"olena,uk\n{bad},en\n")
        with pytest.raises(
            SystemExit,
            match=r"class.csv:2: the name '.*' must be ASCII letters, digits or _, a letter or _ first",
        ):
            read_class(listed)
    refuse_system_accounts({"olena", "nobody-such-account"})  # not accounts here: nothing to refuse
    for system, uid in (("root", 0), ("daemon", 1)):
        with pytest.raises(
            SystemExit, match=f"the class-list name '{system}' is the system account uid {uid}"
        ):
            refuse_system_accounts({"olena", system})


@pytest.mark.skipif(os.geteuid() != 0, reason="running as another account needs root (CI runs as root)")
def test_the_class_python_runs_for_a_pupil_with_root_closed_and_no_folder_opened(hub_root: Path) -> None:
    """classpython.py: a copy of this interpreter that any account runs, ``/root`` at 0700 or not.

    Before: the set-up gave ``/root`` (and every folder above pyenv's Python) ``o+x``, and a
    ``chmod 700 /root`` mid-lesson broke every pupil's next import (``No module named 'difflib'``).
    """
    base = Path(sys.base_prefix)
    root_mode = Path("/root").stat().st_mode
    Path("/root").chmod(0o700)  # as a stock Debian has it
    hub_root.chmod(0o711)  # as /opt is
    try:
        before = {d: d.stat().st_mode for d in (base, *base.parents)}
        python = class_python(hub_root / "opt", base, say=lambda *a: None)
        code = "import difflib, fractions, ssl, sqlite3, ctypes, decimal, lzma, venv, sys; print(sys.prefix)"
        out = _as_nobody(str(python), "-c", code)
        assert out.returncode == 0 and out.stdout.strip() == str(python.parents[1]), out
        assert {d: d.stat().st_mode for d in (base, *base.parents)} == before  # no folder opened
        assert (python.parents[1] / STAMP).exists() and not (
            python.parents[1] / "lib" / python.name / "test"
        ).exists()
        # run again: the copy is kept as it is
        stamp = (python.parents[1] / STAMP).stat().st_mtime_ns
        assert class_python(hub_root / "opt", base, say=lambda *a: None) == python
        assert (python.parents[1] / STAMP).stat().st_mtime_ns == stamp
    finally:
        os.chmod("/root", root_mode)


def test_a_class_list_gives_a_pupil_latin_american_spanish(tmp_path: Path) -> None:
    """``es_419`` (``es-419``, any case) is Latin-American Spanish; a region's tag is refused with what
    to write instead (``es-MX``: ``es_419``), another language with the list of languages. Before:
    ``es_419`` was refused, and a class hub could not give a pupil Latin-American Spanish."""
    listed = tmp_path / "class.csv"
    listed.write_text(
        "nombre;idioma\nvalentina;es_419\nmateo;ES-419\nlucia;Es_419\ndiego;es\n", encoding="utf-8"
    )
    assert read_class(listed) == {"valentina": "es_419", "mateo": "es_419", "lucia": "es_419", "diego": "es"}
    for tag, hint in (("es-MX", " (for 'es-MX' write es_419)"), ("es_AR", " (for 'es_AR' write es_419)"),
                      ("es-ES", " (for 'es-ES' write es)"), ("pt", ""), ("es419", "")):  # fmt: skip
        listed.write_text(f"diego,es\nvalentina,{tag}\n", encoding="utf-8")
        with pytest.raises(SystemExit) as refused:
            read_class(listed)
        assert str(refused.value) == (
            f"{listed}:2: expected 'name,language' (or 'name;language') with uk, es, es_419 (or es-419) or en, "
            f"got ['valentina', '{tag}']{hint}"
        )


def test_an_es_419_pupils_home_gets_the_latin_american_notebooks(tmp_path: Path) -> None:
    """The hub seeds a home with :func:`home_notebooks` of the pupil's language: an ``es_419`` pupil's are
    the ``*_es_419`` notebooks, none of Spain's; the teacher's home has every language's teacher
    exercises; a language without notebooks is an error, not a home without them."""
    from classsetup import REPO

    names = [p.name for p in home_notebooks("es_419")]
    assert names == [f"{stem}_es_419.ipynb" for stem in
                     ("tutorial", "play_vs_bots", "puzzles", "class_play", "game_theory_exercises")]  # fmt: skip
    assert all((REPO / "notebooks" / name).is_file() for name in names)
    teacher = {p.name for p in home_notebooks("es", teacher=True)}
    assert {f"game_theory_exercises_teacher_{lang}.ipynb" for lang in ("uk", "es", "es_419", "en")} <= teacher
    assert not any("es_419" in p.name for p in home_notebooks("es"))
    with pytest.raises(FileNotFoundError, match="no notebooks in 'pt'"):
        home_notebooks("pt")


def test_an_es_419_pupils_slip_is_in_latin_american_spanish() -> None:
    """The slip's ``lang`` is BCP 47 (``es-419``), its language's own name says Latin America."""
    from classcodes import slip

    text = slip("valentina", "es_419", "K7QM")
    assert '<div class="slip" lang="es-419"' in text and "español (Latinoamérica)" in text
    assert '<html lang="es-419">' in class_sheet({"valentina": "es_419", "mateo": "es_419"}, {}, "x")


def test_spanish_and_latin_american_pupils_make_one_spanish_class() -> None:
    """The class's language (the sheet's heading, the teacher's JupyterLab and pages): ``es`` and
    ``es_419`` count together against other languages, then the variant most of them have wins."""
    from classcodes import class_language

    assert class_language({"a": "es", "b": "es_419", "c": "es_419", "d": "uk", "e": "uk"}) == "es_419"
    assert class_language({"a": "es", "b": "es_419", "c": "uk"}) == "es"  # a tie among the Spanish
    assert class_language({"a": "es", "b": "es_419", "c": "uk", "d": "uk"}) == "en"  # Spanish and uk tie
    assert class_language({"a": "uk", "b": "es", "c": "uk"}) == "uk" and class_language({}) == "en"


def test_a_class_list_as_a_spreadsheet_exports_it_is_read(tmp_path: Path) -> None:
    """A header line, ``;`` or tab separators, a byte-order mark, CRLF, empty columns, UK/Es in capitals."""
    listed = tmp_path / "class.csv"
    for text in (
        "\ufeffname;language\r\nOlena;UK\r\nDiego;es;;\r\n",
        "Name,Language\nolena,uk\ndiego,ES\n",
        "\ufeffім'я;мова\nolena;uk\ndiego;es\n",
        "nombre\tidioma\nolena\tuk\ndiego\tes\n",
        "# the 7-B class\nolena,uk\ndiego,es\n",
    ):
        listed.write_text(text, encoding="utf-8")
        assert read_class(listed) == {"olena": "uk", "diego": "es"}, text
    for text, why in (
        ("name;language\nolena;uk\nname;language\n", r"class.csv:3: expected 'name,language'"),
        (
            "olena;fr\n",
            r"class.csv:1: expected 'name,language' \(or 'name;language'\) with uk, es, es_419 \(or es-419\) or en, got \['olena', 'fr'\]$",
        ),
        ("olena,uk\nOlena,es\n", r"class.csv:2: the name 'olena' is listed twice"),
        ("olena\n", r"class.csv:1: expected 'name,language'"),
    ):
        listed.write_text(text, encoding="utf-8")
        with pytest.raises(SystemExit, match=why):
            read_class(listed)
    listed.write_bytes("olena,uk\nJos\u00e9,es\n".encode("cp1252"))
    with pytest.raises(SystemExit, match=r"class.csv: not UTF-8 text .*save the class list as 'CSV UTF-8'"):
        read_class(listed)


@pytest.mark.skipif(os.geteuid() != 0, reason="the checks of a root set-up (CI runs as root)")
def test_the_set_up_checks_everything_before_any_work_and_says_what_it_will_do(
    tmp_path: Path, hub_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """classsetup.main: a folder the pupils cannot see, a port in use, a running hub, a closed folder
    above: all said at once, before the first minute of work (nothing written, nothing built).

    Before: an exchange below /tmp was accepted (every pupil's Assignment List said it did not
    exist) and a state folder below /tmp was refused only after 7 minutes of set-up.
    """
    import socket

    from classsetup import main

    (hub_root / "class.csv").write_text("name;language\nolena;uk\ndiego;es\n")
    closed = hub_root / "closed"
    closed.mkdir(mode=0o700)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        args = ["--class", str(hub_root / "class.csv"), "--teacher", "teacher", "--port", str(port - 1)]
        with pytest.raises(SystemExit) as stopped:
            main([*args, "--state", str(hub_root / "state"), "--env", str(closed / "env"),
                  "--exchange", str(tmp_path / "exchange")])  # fmt: skip
    said = str(stopped.value)
    assert said.startswith("the class cannot be set up:"), said
    assert f"the exchange {tmp_path / 'exchange'} is below /tmp, which each pupil's server sees" in said
    assert (
        f"the pupils' environment {closed / 'env'} is below {closed} (mode 0700), which the pupils'" in said
    )
    assert f"port {port} (the proxy's API, --port {port - 1} + 1) is in use on 127.0.0.1" in said
    assert not (hub_root / "state").exists() and not (tmp_path / "exchange").exists()  # nothing made
    # a state folder below /tmp: refused at once too, with nothing made
    with pytest.raises(SystemExit) as stopped:
        main([*args, "--state", str(tmp_path / "state"), "--exchange", str(hub_root / "exchange")])
    assert str(stopped.value).startswith("the class cannot be set up:") and str(tmp_path / "state") in str(
        stopped.value
    ), stopped.value
    assert "/tmp" in str(stopped.value) and not (tmp_path / "state").exists(), stopped.value
    # a state folder whose hub runs: refused, not changed under it
    (hub_root / "state").mkdir(mode=0o711)
    (hub_root / "state" / "jupyterhub.pid").write_text(str(os.getpid()))
    with pytest.raises(SystemExit, match=rf"this class's hub is running \(pid {os.getpid()}\): stop it"):
        main([*args, "--state", str(hub_root / "state"), "--exchange", str(hub_root / "exchange")])
    assert sorted(p.name for p in (hub_root / "state").iterdir()) == ["jupyterhub.pid"]
    assert "will: build the pupils' environment" not in capsys.readouterr().out


def test_a_name_whose_account_is_another_classs_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An account is one per machine: class 7b's ``olena`` is refused while 7a (whose olena has the
    account) exists; this class's own account, a gone class's and a name with no account are fine."""
    import classchecks

    homes = {"olena": tmp_path / "7a" / "homes" / "olena", "diego": tmp_path / "7b" / "homes" / "diego",
             "ivan": tmp_path / "gone" / "homes" / "ivan", "teacher": tmp_path / "7a" / "homes" / "teacher"}  # fmt: skip
    for home in homes.values():
        if "gone" not in home.parts:
            home.mkdir(parents=True, exist_ok=True)

    def getpwnam(name: str) -> Any:
        if name not in homes:
            raise KeyError(name)
        return pwd.struct_passwd((name, "x", 1001, 1001, "", str(homes[name]), "/usr/sbin/nologin"))

    monkeypatch.setattr(classchecks.pwd, "getpwnam", getpwnam)
    state = tmp_path / "7b"
    why = classchecks.account_of_another_class("olena", state)
    assert why is not None and "'olena'" in why and str(homes["olena"]) in why and "olena-2" in why
    assert classchecks.account_of_another_class("diego", state) is None  # this class's own
    assert classchecks.account_of_another_class("ivan", state) is None  # its class is gone
    assert classchecks.account_of_another_class("nadia", state) is None  # no account yet
    checked = classchecks.check_class(state, state / "env", tmp_path / "7b-exchange", None,
                                      people=("diego", "olena", "teacher"))  # fmt: skip
    named = [p for p in checked.problems if "another class" in p]
    assert len(named) == 2 and "'olena'" in named[0] and "'teacher'" in named[1], checked.problems


@pytest.mark.skipif(os.geteuid() != 0, reason="system accounts are made by root (CI runs as root)")
def test_two_classes_have_service_accounts_of_their_own_and_neither_reads_the_others_database(
    hub_root: Path,
) -> None:
    """Each state folder (a class) gets its own lw-classgame-<class> and lw-culler-<class>; class 7a's
    service account cannot open 7b's database. Before: one lw-classgame for the machine, whose home
    a second class's set-up moved (the first class's next set-up then failed), and one uid owning
    both classes' databases."""
    states = [hub_root / "7a", hub_root / "7b"]
    made: list[str] = []
    try:
        accounts = []
        for state in states:
            state.mkdir(mode=0o711)
            (state / "classgame.sqlite").write_text(f"{state.name}'s games")  # an older set-up's place
            made += [n for n in (service_account(state), culler_account(state)) if not account_exists(n)]
            accounts.append(service_accounts(state, Path(STOCK_PYTHON), ("sqlite3", "sqlite3")))
        assert len({a.pw_name for pair in accounts for a in pair}) == 4, accounts
        assert len({a.pw_uid for pair in accounts for a in pair}) == 4, accounts
        assert class_id(states[0]).startswith("7a-") and len(service_account(states[0])) <= 32
        for (game, _), state in zip(accounts, states):
            database = state / SERVICE_FOLDER / "classgame.sqlite"
            assert (database.stat().st_uid, database.stat().st_mode & 0o777) == (game.pw_uid, 0o600)
        read = "import pathlib, sys; print(pathlib.Path(sys.argv[1]).read_text())"
        for (game, _), state, other in zip(accounts, states, reversed(states)):
            mine = subprocess.run([STOCK_PYTHON, "-c", read, str(state / SERVICE_FOLDER / "classgame.sqlite")],
                                  user=game.pw_uid, group=game.pw_gid, extra_groups=[], capture_output=True,
                                  text=True, check=False)  # fmt: skip
            assert mine.stdout.strip() == f"{state.name}'s games", mine
            theirs = subprocess.run([STOCK_PYTHON, "-c", read, str(other / SERVICE_FOLDER / "classgame.sqlite")],
                                    user=game.pw_uid, group=game.pw_gid, extra_groups=[], capture_output=True,
                                    text=True, check=False)  # fmt: skip
            assert theirs.returncode != 0 and "PermissionError" in theirs.stderr, theirs
        # a class set up again keeps its accounts, and the other class's are untouched
        again = service_accounts(states[0], Path(STOCK_PYTHON), ("sqlite3", "sqlite3"))
        assert [a.pw_uid for a in again] == [a.pw_uid for a in accounts[0]]
        assert pwd.getpwnam(accounts[1][0].pw_name).pw_dir == str(states[1] / SERVICE_FOLDER)
    finally:
        for name in made:
            remove_account(name)
    for name in made:
        with pytest.raises(KeyError):
            pwd.getpwnam(name)


@pytest.mark.skipif(os.geteuid() != 0, reason="checking as a pupil's account needs root (CI runs as root)")
def test_the_hub_notices_when_pupils_kernels_cannot_import_and_tells_the_teacher(hub_root: Path) -> None:
    """kernelwatch.py: the pupils' Python checked as ``nobody``; a failure becomes the hub's banner (in
    the class's language), removed when it is fixed. Before: with /root closed mid-lesson every
    pupil's next import failed and the hub noticed nothing."""
    from kernelwatch import KEY, MARK, check_pupil_python, watch_once

    assert check_pupil_python(Path(STOCK_PYTHON), ("difflib", "fractions")) is None
    # pyenv's interpreter below /root at 0700, as the class ran it before its copy in /opt
    root_mode = Path("/root").stat().st_mode
    Path("/root").chmod(0o700)
    try:
        problem = check_pupil_python(Path(sys.executable), ("difflib",))
    finally:
        os.chmod("/root", root_mode)
    assert problem is not None and "Permission denied" in problem, problem
    announcements: dict[str, str] = {}
    assert watch_once(Path("/x/python"), announcements, "uk", lambda p: "No module named 'difflib'")
    assert announcements[KEY].startswith(MARK + "Ядра учнів не запускаються: /x/python")
    assert "No module named &#x27;difflib&#x27;" in announcements[KEY]  # shown as HTML: escaped
    assert watch_once(Path("/x/python"), announcements, "uk", lambda p: None) is None
    assert KEY not in announcements  # fixed: the banner is gone
    teachers = {KEY: "Lesson moved to room 12"}  # a banner of the school's own is left alone
    watch_once(Path("/x/python"), teachers, "en", lambda p: None)
    assert teachers == {KEY: "Lesson moved to room 12"}


def test_a_set_up_run_again_says_what_it_will_do_and_keep(tmp_path: Path) -> None:
    """classsetup.plan: a first run builds everything; a run again keeps the codes handed out, the
    passwords chosen and the environment, and says so."""
    from classsetup import plan

    pupils = {"olena": "uk", "diego": "es", "amy": "en"}
    env = tmp_path / "env"
    assert plan(tmp_path, env, pupils, "teacher", False) == [
        "issue new one-time codes to 3 pupil(s); keep 0 pupils' codes or passwords",
        f"build the pupils' environment {env} (minutes)",
    ]
    set_up_credentials(tmp_path, {"olena": "uk", "diego": "es"}, "teacher", "a-long-password", "x")
    PasswordBook(tmp_path / "passwords.dbm").set("diego", "diegos-own")
    (env / ".deps-0123").mkdir(parents=True)
    assert plan(tmp_path, env, pupils, "teacher", False) == [
        "keep the teacher 'teacher''s password",
        "issue new one-time codes to 1 pupil(s); keep 2 pupils' codes or passwords",
        f"refresh the package in the pupils' environment {env}",
    ]
    assert plan(tmp_path, env, pupils, "teacher", True)[1].startswith(
        "issue new one-time codes to 2 pupil(s)"
    )

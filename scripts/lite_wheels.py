"""Which packages scripts/lite.sh bundles as wheels: what the package needs that Pyodide does not ship.

    python scripts/lite_wheels.py PIP_REPORT.json PYODIDE_LOCK.json
    python scripts/lite_wheels.py --notebooks SOURCE_FOLDER CONTENTS_FOLDER

PIP_REPORT.json is ``pip install --dry-run --report`` of the package's wheel (every package it
needs, resolved); PYODIDE_LOCK.json is the ``pyodide-lock.json`` of the Pyodide the JupyterLite
kernel loads (the packages it ships: numpy, matplotlib…). Prints ``name==version`` for each
package of the first that is not in the second, except the package itself and what JupyterLite's
kernel provides on its own (KERNEL_SHIMS). With ``--notebooks``: copies the notebooks of
SOURCE_FOLDER into CONTENTS_FOLDER with a first cell that installs the package (INSTALL_CELL).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

#: Packages that JupyterLite's Pyodide kernel brings itself (its own stand-ins, in the site).
KERNEL_SHIMS = {"widgetsnbextension", "ipykernel", "pyodide-kernel", "piplite"}


def normalise(name: str) -> str:
    """A package name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


#: Environment markers of Pyodide's Python (PEP 508), for the dependencies' conditions.
PYODIDE_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten", "python_version": "3.12",
                   "python_full_version": "3.12.7", "platform_machine": "wasm32", "os_name": "posix",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython"}  # fmt: skip


def to_bundle(report: dict, lock: dict) -> list[str]:
    """``name==version`` of the packages the package needs in Pyodide that neither Pyodide nor the kernel provides.

    Follows the dependencies from ``logger_widget`` (their markers evaluated for Pyodide) through
    the resolved packages of ``report``; a package Pyodide ships ends the walk (its own
    dependencies are Pyodide's).
    """
    from packaging.requirements import Requirement

    shipped = {normalise(p.get("name", key)) for key, p in lock["packages"].items()} | KERNEL_SHIMS
    resolved = {normalise(i["metadata"]["name"]): i["metadata"] for i in report["install"]}
    todo, seen, pins = ["logger-widget"], set(), []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        meta = resolved[name]
        if name != "logger-widget":
            if name in shipped:
                continue
            pins.append(f"{meta['name']}=={meta['version']}")
        for line in meta.get("requires_dist", []):
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate({**PYODIDE_MARKERS, "extra": ""}):
                todo.append(normalise(req.name))
    return sorted(pins, key=str.lower)


#: The first cell of every notebook in the site: piplite installs the package from the site's wheels.
#: Nothing after the package name: JupyterLite's ``%pip`` takes every word of the line (a comment too)
#: as its arguments.
INSTALL_CELL = {
    "cell_type": "code",
    "execution_count": None,
    "id": "lite-install",
    "metadata": {},
    "outputs": [],
    "source": ["%pip install -q logger_widget"],
}


def copy_notebooks(source: Path, contents: Path) -> None:
    """Each ``*.ipynb`` of ``source`` into ``contents``, INSTALL_CELL first."""
    contents.mkdir(parents=True, exist_ok=True)
    for path in sorted(source.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        nb["cells"].insert(0, INSTALL_CELL)
        (contents / path.name).write_text(
            json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )


def main() -> None:
    if sys.argv[1] == "--notebooks":
        copy_notebooks(Path(sys.argv[2]), Path(sys.argv[3]))
        return
    report, lock = (json.loads(Path(p).read_text(encoding="utf-8")) for p in sys.argv[1:3])
    print("\n".join(to_bundle(report, lock)))


if __name__ == "__main__":
    main()

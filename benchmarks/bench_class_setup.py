"""A class's first set-up, from nothing to a hub whose pupils can log in, and where its time goes.

Usage (as root, from the repository's root; it makes the class's Unix accounts like the hub tests,
so on a shared machine run it under the lock file those runs share, ``flock LOCKFILE ...``)::

    python -m benchmarks.bench_class_setup [--json] [--pupils 30]

Sets a class of ``--pupils`` up with a new pupils' environment in a folder of its own
(``deploy/jupyterhub/classsetup.py``: the teacher's password, the codes and sheet, the wheel,
the environment, the exchange, the services' accounts), starts its hub (which compiles the
class's kernel) and starts one pupil's server. pip's cache is used as it is: run it once to warm
it, then measure. The class's copy of the interpreter in ``/opt/logger_widget`` is kept between
runs (and by every class of the machine): when it is there, its ~6 s are not in the figures.

Prints the wall time of the set-up, of the hub's start (the kernel's compile) and of the first
server, each step of the set-up (the times the set-up prints) and the machine's 1-minute load
before and after. Everything is removed at the end: the accounts, the environment, the folder.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

LANGUAGES = ("uk", "es", "en")


def steps(log: str) -> list[tuple[float, str]]:
    """The set-up's own lines (``[class set-up   12.3 s] what``): the time each step took, with its line."""
    said = [(float(t), what) for t, what in re.findall(r"\[class set-up +([\d.]+) s\] (.*)", log)]
    return [(round(later[0] - t, 1), what) for (t, what), later in zip(said, [*said[1:], said[-1]])][:-1]


def run(pupils: int) -> dict[str, Any]:
    root = Path(tempfile.mkdtemp(prefix="logger_widget-setup-bench-", dir="/var/lib"))
    root.chmod(0o711)  # the pupils' accounts pass through to their homes and the environment
    os.environ["LW_TEST_HUB_ROOT"] = str(root)  # read when hubkit is imported: an environment of its own
    try:
        from tests.hosts.hubkit import running_hub

        class_list = {f"bench{i:02d}": LANGUAGES[i % len(LANGUAGES)] for i in range(pupils)}
        figures: dict[str, Any] = {
            "pupils": pupils,
            "cores": os.cpu_count(),
            "load_start": os.getloadavg()[0],
        }
        t0 = time.monotonic()
        with running_hub(class_list, "benchteacher", 768 * 2**20) as hub:
            ready = time.monotonic()
            log = hub.log.read_text(errors="replace")
            figures["setup_steps_s"] = steps(log)
            set_up = re.findall(r"\[class set-up +([\d.]+) s\] the class is set up", log)
            compiled = re.findall(r"compiled kernel ready \((\d+) s\)", log)
            figures["setup_s"] = float(set_up[0]) if set_up else None
            figures["kernel_compile_s"] = float(compiled[0]) if compiled else None
            figures["setup_and_hub_s"] = round(ready - t0, 1)
            hub.start(next(iter(class_list)))
            figures["first_server_s"] = round(time.monotonic() - ready, 1)
        figures["load_end"] = os.getloadavg()[0]
        return figures
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pupils", type=int, default=30, help="the class's size (default 30)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    args = parser.parse_args()
    if os.geteuid() != 0:
        parser.error("run as root: the class's pupils and services get Unix accounts")
    figures = run(args.pupils)
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))
    sys.exit(0)


if __name__ == "__main__":
    main()

"""Free TCP ports for the servers the tests start, that nothing else on the machine takes meanwhile.

A port found with ``bind(("127.0.0.1", 0))`` comes from the kernel's ephemeral range
(``/proc/sys/net/ipv4/ip_local_port_range``, 32768–60999 on Debian), the range every outgoing
connection of the machine also takes its local port from. A hub's test chooses its four ports and
binds them only after the class set-up, a minute or more later: meanwhile Chromium, a kernel or
PostgreSQL in another pytest-xdist worker may have been given the same port for a connection of its
own, and the hub's start fails or its service answers someone else's requests.

So the tests choose their servers' ports below the ephemeral range, in a block of their own for each
pytest-xdist worker (``PYTEST_XDIST_WORKER``: ``gw0``, ``gw1``…), and never hand out one port twice in
one process. Connections never take these ports, and two workers never choose the same one.
"""

from __future__ import annotations

import os
import random
import re
import socket

__all__ = ["PORTS_FROM", "free_port", "port_block"]

#: the first port the tests use; the block of each worker lies between it and the ephemeral range
PORTS_FROM = 20000
#: how many workers the space is divided for (more than any run uses: `LW_TEST_WORKERS`)
_BLOCKS = 8
_handed_out: set[int] = set()


def _ephemeral_low() -> int:
    """The lowest port of the kernel's ephemeral range (32768 when it cannot be read)."""
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range", encoding="ascii") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def port_block(worker: str | None = None) -> range:
    """The ports of ``worker`` (a pytest-xdist name such as ``gw1``; default: this process's, and
    ``gw0``'s when not under xdist), below the ephemeral range.

    Raises:
        RuntimeError: the ephemeral range starts so low that no block of at least 100 ports is left
            below it (the machine's ``ip_local_port_range`` was changed).
    """
    name = worker if worker is not None else os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    match = re.fullmatch(r"gw(\d+)", name)
    index = int(match.group(1)) % _BLOCKS if match else 0
    size = (_ephemeral_low() - PORTS_FROM) // _BLOCKS
    if size < 100:
        raise RuntimeError(
            f"the ephemeral port range starts at {_ephemeral_low()}: no room below it for the tests' "
            f"servers from {PORTS_FROM} (see /proc/sys/net/ipv4/ip_local_port_range)"
        )
    start = PORTS_FROM + index * size
    return range(start, start + size)


def free_port() -> int:
    """A TCP port of this worker's block (:func:`port_block`) that is free on 127.0.0.1 now and
    was not handed out before in this process.

    Raises:
        RuntimeError: every port of the block is taken.
    """
    block = port_block()
    offset = random.randrange(len(block))
    for i in range(len(block)):
        port = block[(offset + i) % len(block)]
        if port in _handed_out:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        _handed_out.add(port)
        return port
    raise RuntimeError(f"no free port in {block.start}–{block.stop - 1}")

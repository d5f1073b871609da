"""The tests' server ports (tests/portkit.py): below the ephemeral range, one block per xdist worker."""

from __future__ import annotations

import socket

import portkit
import pytest


def test_a_port_is_free_below_the_ephemeral_range_and_never_handed_out_twice() -> None:
    ports = [portkit.free_port() for _ in range(50)]
    assert len(set(ports)) == 50
    low = portkit._ephemeral_low()
    assert all(portkit.PORTS_FROM <= p < low for p in ports), (low, ports)
    assert all(p in portkit.port_block() for p in ports)
    with socket.socket() as s:  # free when handed out: a server can bind it
        s.bind(("127.0.0.1", ports[-1]))


def test_workers_have_blocks_that_do_not_overlap() -> None:
    blocks = [set(portkit.port_block(f"gw{i}")) for i in range(4)]
    assert all(len(b) >= 100 for b in blocks)
    for i in range(4):
        for j in range(i + 1, 4):
            assert not blocks[i] & blocks[j], (i, j)
    assert portkit.port_block("master") == portkit.port_block("gw0")


def test_a_taken_port_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    block = range(portkit.port_block().start, portkit.port_block().start + 2)
    monkeypatch.setattr(portkit, "port_block", lambda worker=None: block)
    monkeypatch.setattr(portkit, "_handed_out", set())
    with socket.socket() as busy:
        busy.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 0)
        busy.bind(("127.0.0.1", block[0]))
        busy.listen()
        assert portkit.free_port() == block[1]
        with pytest.raises(RuntimeError, match="no free port"):
            portkit.free_port()


def test_too_low_an_ephemeral_range_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(portkit, "_ephemeral_low", lambda: portkit.PORTS_FROM + 50)
    with pytest.raises(RuntimeError, match="ephemeral port range starts at"):
        portkit.port_block()

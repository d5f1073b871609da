"""The class play client keeps its connection to the service open (HTTP keep-alive).

A small HTTP/1.1 server of the standard library counts the connections it accepts; no hub needed
(tests/test_online.py plays through the real service). A second or so.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from logger_widget.online.client import ClassClient, Refused, ServiceUnreachable


class _Service(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.connections = 0
        self.requests: list[str] = []
        self.close_after_each = False

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/services/classgame/"


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive
    server: _Service

    def setup(self) -> None:
        super().setup()
        self.server.connections += 1

    def log_message(self, *args: Any) -> None:
        pass

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        self.server.requests.append(f"{self.command} {self.path} {self.headers.get('Authorization')}")
        if self.path.endswith("/moved"):  # not the service: a proxy's or the hub's page
            status, body = 302, {"location": "/hub/login"}
        elif self.path.endswith("/page"):
            status, body = 200, None
        elif self.path.endswith("/turns"):
            status, body = 409, {"error": {"code": "stale_ply", "message": "ply 3 was played"}}
        elif "/events" in self.path:  # one turn, then the game is over
            events = [{"seq": 1, "kind": "turn"}] if "after=0&" in self.path else []
            status, body = 200, {"events": events, "last_seq": 1, "status": "finished"}
        else:
            status, body = 200, {"name": "olena", "teacher": False, "rating": 1500}
        data = b"<html>the hub</html>" if body is None else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        if self.server.close_after_each:  # the proxy's idle time ran out: the server closes it
            self.close_connection = True

    do_GET = do_POST = _answer


@pytest.fixture
def service() -> Iterator[_Service]:
    server = _Service()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def test_the_client_sends_every_request_on_one_kept_connection(service: _Service) -> None:
    client = ClassClient(service.url, "secret-token")
    for _ in range(3):
        assert client.me()["name"] == "olena"
    with pytest.raises(Refused) as refused:  # an error answer leaves the connection usable
        client.play(7, 3, "c3")
    assert refused.value.code == "stale_ply"
    assert client.me()["name"] == "olena"
    assert len(service.requests) == 5
    assert all(r.endswith("token secret-token") for r in service.requests), service.requests
    assert service.connections == 1


def test_a_connection_the_server_closed_is_replaced_and_the_request_still_answered(service: _Service) -> None:
    service.close_after_each = True
    client = ClassClient(service.url, "secret-token")
    for _ in range(3):
        assert client.me()["name"] == "olena"
    assert len(service.requests) == 3  # each request sent once
    assert service.connections == 3


def test_the_long_polls_and_the_other_requests_share_the_kept_connection(service: _Service) -> None:
    client = ClassClient(service.url, "secret-token")
    answers = [
        client.events(7, 0, 0.1),
        client.events(7, 1, 0.1),
    ]  # the turn, then "finished" with nothing new
    assert client.me()["name"] == "olena"
    assert [len(a["events"]) for a in answers] == [1, 0]
    assert service.connections == 1  # the long poll's connection went back to the client's pool


def test_requests_run_on_one_loop_off_the_callers_thread_and_a_cancel_ends_one_at_once(
    service: _Service,
) -> None:
    client, other = ClassClient(service.url, "secret-token"), ClassClient(service.url, "other-token")
    assert client.loop is other.loop  # one loop per kernel
    threads: list[str] = []

    async def where() -> str:
        threads.append(threading.current_thread().name)
        return (await client.aio.me())["name"]

    assert client.run(where()) == "olena"
    assert threads == ["classgame-loop"] and threading.current_thread().name != "classgame-loop"
    hung = client.submit(asyncio.sleep(3600))  # a request that never ends, cancelled
    hung.cancel()
    with pytest.raises(concurrent.futures.CancelledError):
        hung.result(timeout=1)
    assert client.me()["name"] == "olena"  # the loop still serves


def test_an_answer_that_is_not_the_services_says_the_service_does_not_answer(service: _Service) -> None:
    client = ClassClient(service.url, "secret-token")
    for path in ("moved", "page"):
        with pytest.raises(ServiceUnreachable) as error:
            client.request("GET", path)
        assert service.url in str(error.value), error.value
    assert client.me()["name"] == "olena"  # and the connection still serves

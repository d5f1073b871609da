"""The class game service against a hostile or broken client, on SQLite and on PostgreSQL.

A pupil who sends a body past the service's limit (declared, chunked, or one that never comes),
holds hundreds of half-open connections, or sends JSON built to break a parser (deep nesting,
not UTF-8, numbers past every range, names with control characters): each gets a clear answer
(HTTP status and the service's JSON error naming the limit or the field) or, for a connection
that never finishes its request, a closed connection after the service's timeout; classmates
are served meanwhile, and no game or seek changes. The service runs with short timeouts (2 s
for a body, 3 s for headers). About 30 s for both backends, a hub and a service each.
"""

from __future__ import annotations

import http.client
import http.server
import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest
from classgamekit import PREFIX, Client, MiniHub, Service, mini_hub, running_service, snapshot, start_game
from dbkit import module_db_url, postgres_server  # noqa: F401  (fixtures)

from logger_widget.engine import Position
from logger_widget.online.client import ClassClient, Refused
from logger_widget.online.protocol import MAX_BODY_BYTES, turn_message

pytestmark = pytest.mark.slow

PUPILS = ["ann", "ben", "eve"]
BODY_TIMEOUT, IDLE_TIMEOUT = 2, 3  # s, the service's (LW_CLASSGAME_BODY_TIMEOUT, _IDLE_TIMEOUT)
#: half-open connections one pupil holds at once
HELD = 300


@pytest.fixture(scope="module")
def running(module_db_url: str) -> Iterator[tuple[MiniHub, Service]]:  # noqa: F811
    """A hub of this module's own and the service on this backend, with short timeouts."""
    timeouts = {
        "LW_CLASSGAME_BODY_TIMEOUT": str(BODY_TIMEOUT),
        "LW_CLASSGAME_IDLE_TIMEOUT": str(IDLE_TIMEOUT),
    }
    with mini_hub(PUPILS) as hub, running_service(hub, module_db_url, **timeouts) as service:
        yield hub, service


@pytest.fixture(scope="module")
def service(running: tuple[MiniHub, Service]) -> Service:
    return running[1]


@pytest.fixture(scope="module")
def people(running: tuple[MiniHub, Service]) -> dict[str, Client]:
    hub, service = running
    return {name: Client(service.url, hub.token(name), name) for name in [*PUPILS, "teacher"]}


def _address(service: Service) -> tuple[str, int]:
    url = urlparse(service.url)
    return url.hostname or "127.0.0.1", int(url.port or 80)


def _read_json(response: http.client.HTTPResponse) -> tuple[int, Any]:
    return response.status, json.loads(response.read().decode())


def _assert_too_large(status: int, reply: Any) -> None:
    assert status == 413, (status, reply)
    error = reply["error"]
    assert error["code"] == "too_large" and f"limit of {MAX_BODY_BYTES} bytes" in error["message"], error


def test_a_body_past_the_limit_gets_413_naming_the_limit_and_the_connection_serves_on(
    service: Service, people: dict[str, Client]
) -> None:
    ann = people["ann"]
    game = start_game(people, ["ann", "ben"])
    before = snapshot(ann, game)
    auth = {"Authorization": f"token {ann.token}", "Content-Type": "application/json"}
    path = PREFIX + f"api/games/{game}/turns"
    conn = http.client.HTTPConnection(*_address(service), timeout=30)
    # just past the limit, and past 64 KiB (where the server used to cut the connection)
    for size in (MAX_BODY_BYTES + 1, 100 * 1024):
        body = json.dumps({"protocol": 1, "ply": 0, "turn": "a" * size}).encode()
        conn.request("POST", path, body, headers=auth)
        _assert_too_large(*_read_json(conn.getresponse()))
    # a chunked body of 104 KiB (no Content-Length to refuse it by)
    conn.putrequest("POST", path)
    for key, value in {**auth, "Transfer-Encoding": "chunked"}.items():
        conn.putheader(key, value)
    conn.endheaders()
    for _ in range(13):
        conn.send(b"2000\r\n" + b" " * 0x2000 + b"\r\n")
    conn.send(b"0\r\n\r\n")
    _assert_too_large(*_read_json(conn.getresponse()))
    # the same connection still serves the pupil: every refused body was read to its end
    conn.request("GET", PREFIX + "api/me", headers=auth)
    status, me = _read_json(conn.getresponse())
    assert status == 200 and me["name"] == "ann", me
    conn.close()
    # 10 MiB announced with "Expect: 100-continue": refused at once, the body never sent
    with socket.create_connection(_address(service), timeout=30) as raw:
        raw.sendall(
            f"POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: token {ann.token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {10 * 2**20}\r\nExpect: 100-continue\r\n\r\n".encode()
        )
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
    head, _, body_text = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413"), answer[:300]
    _assert_too_large(413, json.loads(body_text))
    # the pupil's client says so before sending (no reset connection to puzzle over)
    with pytest.raises(Refused) as refused:
        ClassClient(service.url, ann.token).play(game, 0, "a" * 100_000)
    assert refused.value.status == 413 and refused.value.code == "too_large", refused.value
    assert f"limit of {MAX_BODY_BYTES} bytes" in refused.value.message
    assert snapshot(ann, game) == before


def test_a_proxys_413_without_json_is_too_large_for_the_client() -> None:
    """A 413 from something in front of the service (a proxy's page) is still ``too_large``."""

    class Proxy(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(413)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<html>Request Entity Too Large</html>")

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        client = ClassClient(f"http://127.0.0.1:{server.server_address[1]}/services/classgame/", "t")
        with pytest.raises(Refused) as refused:
            client.play(1, 0, "a1-a3")
        assert (refused.value.status, refused.value.code) == (413, "too_large"), refused.value
        assert "Too Large" in refused.value.message
    finally:
        server.shutdown()
        server.server_close()


def _closed_by_the_service(conn: socket.socket, within: float) -> bool:
    """True when the service closes ``conn`` (end of stream or reset) within ``within`` s."""
    conn.settimeout(within)
    try:
        while conn.recv(65536):
            pass
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False
    return True


def test_a_pupil_holding_hundreds_of_stalled_connections_holds_nobody_else(
    service: Service, people: dict[str, Client]
) -> None:
    eve = people["eve"]
    game = start_game(people, ["ann", "ben"])
    path = PREFIX + f"api/games/{game}/turns"
    address = _address(service)
    # headers and no body; half a request's headers, many times over
    stalled = socket.create_connection(address)
    stalled.sendall(
        f"POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: token {eve.token}\r\nContent-Length: 100\r\n\r\n".encode()
    )
    held = []
    for _ in range(HELD):
        conn = socket.create_connection(address)
        conn.sendall(f"GET {PREFIX}api/me HTTP/1.1\r\nHost: x\r\n".encode())
        held.append(conn)
    t0 = time.monotonic()
    try:
        # the class plays on meanwhile
        ann, ben = people["ann"], people["ben"]
        state = ann.ok("GET", f"games/{game}")
        turn = next(iter(Position.from_lpn(state["lpn"]).legal_turns()))
        ann.ok("POST", f"games/{game}/turns", turn_message(0, turn))
        assert ben.ok("GET", f"games/{game}")["ply"] == 1
        assert ben.ok("GET", "me")["name"] == "ben"
        served = time.monotonic() - t0
        # each stalled connection is closed by the service after its timeout
        assert _closed_by_the_service(stalled, BODY_TIMEOUT + 10), "a request without its body is held on"
        assert all(_closed_by_the_service(conn, IDLE_TIMEOUT + 10) for conn in held), "half headers held on"
        closed = time.monotonic() - t0
        print(
            f"{HELD} stalled connections: the class served in {served:.2f} s, all closed after {closed:.1f} s"
        )
        assert eve.ok("GET", "me")["name"] == "eve"  # and the pupil is served again as soon as she asks
        ann.ok("POST", f"games/{game}/resign")
    finally:
        for conn in [stalled, *held]:
            conn.close()


#: ``(address, raw body)`` that no parser should be broken by; each is ``malformed`` (400)
HOSTILE: list[tuple[str, bytes]] = [
    ("turns", b"[" * 8000 + b"]" * 8000),  # within the size limit, nested past the recursion limit
    ("turns", b'\xff\xfe{"protocol": 1, "ply": 0, "turn": "a1-a3"}'),  # not UTF-8
    ("turns", b'{"protocol": 1, "ply": ' + b"9" * 4000 + b', "turn": "a1-a3"}'),  # a 4000-digit ply
    ("turns", b'{"protocol": 1, "ply": 18446744073709551616, "turn": "a1-a3"}'),  # 2**64
    ("turns", b'{"protocol": 1, "ply": 1e999, "turn": "a1-a3"}'),  # past a float
    ("turns", b'{"protocol": 1, "ply": NaN, "turn": "a1-a3"}'),  # not JSON
    ("progress/me/attempts", b'{"deviation_after": ' + b"9" * 400 + b"}"),  # past a float, as an int
    ("progress/me/attempts", b'{"deviation_after": -1e400}'),
    ("settings", b'{"forfeit_after": ' + b"9" * 30 + b"}"),
]


def test_hostile_json_is_malformed_the_game_and_seeks_unchanged(
    service: Service, people: dict[str, Client]
) -> None:
    ann, ben = people["ann"], people["ben"]
    game = start_game(people, ["ann", "ben"])
    before, seeks = snapshot(ann, game), ben.ok("GET", "seeks")
    for where, raw in HOSTILE:
        address = f"games/{game}/turns" if where == "turns" else where
        who = people["teacher"] if where == "settings" else ann  # only the teacher's settings are read
        status, reply = who.call("PUT" if where == "settings" else "POST", address, raw=raw)
        assert (status, reply["error"]["code"]) == (400, "malformed"), (where, raw[:60], status, reply)
        assert 0 < len(reply["error"]["message"]) < 300, reply
    # names with control characters: not a user of the hub, said with the characters escaped
    for name in ("ben\x00", "b\x1b[31men", "ben\u202e", "\x7f"):
        status, reply = ann.call("POST", "seeks", {"protocol": 1, "players": 2, "invite": [name]})
        assert (status, reply["error"]["code"], reply["error"]["field"]) == (404, "not_found", "invite[0]"), (
            reply
        )
        assert reply["error"]["message"].isprintable(), reply
    assert snapshot(ann, game) == before and ben.ok("GET", "seeks") == seeks
    assert people["teacher"].ok("GET", "settings")["forfeit_after"] == 600
    ann.ok("POST", f"games/{game}/resign")

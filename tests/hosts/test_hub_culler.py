"""The hub's idle culler stops idle servers, never a pupil who is playing (deploy/jupyterhub).

A pupil who only clicks the board runs no cell, but each click is a message to their kernel, which
the server reports to the hub as activity. JupyterHub reports it every 300 s: with a cull timeout
near that, the culler stopped pupils in the middle of a game. One hub with a 40 s cull timeout,
two pupils: one clicks the board every few seconds for 2.5 timeouts, the other's server is idle.
Slow: about 3.5 minutes (the class set-up and the hub's start ~1 min, the clicks 100 s).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from hubkit import BoardSocket, Hub, HubError, Kernel, running_hub

pytestmark = pytest.mark.slow

CULL_TIMEOUT = 40  # s (LW_CULL_TIMEOUT); the culler checks every 20 s
PUPILS = {"player": "en", "idler": "es"}


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    pytest.importorskip("jupyterhub_idle_culler")
    try:
        with running_hub(PUPILS, "teacher", 768 * 2**20, LW_CULL_TIMEOUT=str(CULL_TIMEOUT)) as hub:
            yield hub
    except HubError as e:
        pytest.fail(str(e))


def _running(hub: Hub, name: str) -> bool:
    return "" in hub.api("GET", f"users/{name}")["servers"]


def test_a_pupil_who_only_clicks_the_board_is_not_culled(hub: Hub) -> None:
    tokens = {}
    for name in PUPILS:
        session = hub.session()
        assert session.login(name, hub.codes[name], new_password=f"{name}-pw-1") == 302
        tokens[name] = session.post_json(f"hub/api/users/{name}/tokens", {"note": "culler test"})["token"]
        hub.start(name)
    socket = BoardSocket(Kernel(hub, "player", tokens["player"]))
    try:
        board = socket.execute(
            "from logger_widget import Board\nboard = Board(['human', 'human'], locale='en')\n"
            "display(board)\nprint(board.model_id)"
        ).split()[-1]
        clicks, t0 = 0, time.monotonic()
        while time.monotonic() - t0 < 2.5 * CULL_TIMEOUT:
            # a click on an empty cell far from the logger: refused, with a message (a new view)
            view = socket.view(board)
            intent = {"type": "intent", "client": "culler-test", "seq": clicks, "version": view["version"],
                      "action": "cell", "cell": "c3"}  # fmt: skip
            socket.intent(board, intent)
            clicks += 1
            assert _running(hub, "player"), (
                f"the clicking pupil was culled after {time.monotonic() - t0:.0f} s"
            )
            time.sleep(4)
        assert not _running(hub, "idler"), "the idle pupil's server was not culled: the culler does not run"
        assert _running(hub, "player") and clicks >= 15
        assert (
            socket.execute("print(board.lpn)").strip() == socket.view(board)["lpn"]
        )  # the game is still there
    finally:
        socket.close()

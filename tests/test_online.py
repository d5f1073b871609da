"""Class play from the pupil's side: the kernel's client, the online board and the lobby, against a real
class game service (``python -m logger_widget.service`` on SQLite) behind a real JupyterHub that issues
the pupils' tokens (tests/classgamekit.py).

Two boards in one process (two pupils, two tokens) play one game: a turn clicked on one board reaches
the other; a third pupil watches. The attacks a pupil could try from their own kernel are refused.
"""

from __future__ import annotations

import contextlib
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from classgamekit import MiniHub, mini_hub, running_service
from pseudolocalekit import unbracketed, view_strings
from support import Driver

from logger_widget import Position, Turn
from logger_widget.classplay import Lobby, OnlineBoard
from logger_widget.classplay.online_mode import refusal_text
from logger_widget.i18n import Translator
from logger_widget.online.client import (
    ClassClient,
    NotOnHub,
    Refused,
    ServiceUnreachable,
    connect,
    service_url,
)

# a hub and a service start (about 8 s), then each test takes a second or two
pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("no_running_loop")]

PUPILS = ["olena", "diego", "amy"]
POLL = 2.0  # seconds a long poll waits here (the service's default is 30)


class Class:
    """The hub, the running service (restartable on the same database) and each pupil's client."""

    def __init__(self, hub: MiniHub, db_url: str) -> None:
        self.hub, self.db_url = hub, db_url
        self._stack = contextlib.ExitStack()
        self.service: Any = None
        self.start()
        self.clients = {name: ClassClient(self.service.url, hub.token(name)) for name in PUPILS}
        self.boards: list[OnlineBoard] = []

    def start(self, **settings: str) -> None:
        self.service = self._stack.enter_context(running_service(self.hub, self.db_url, **settings))

    def stop(self) -> None:
        self._stack.close()
        self._stack = contextlib.ExitStack()

    def client(self, name: str) -> ClassClient:
        """A new client of ``name``'s, with a new token: another kernel of the pupil's."""
        return ClassClient(self.service.url, self.hub.token(name))

    def game(self, first: str = "olena", second: str = "diego", **seek: Any) -> int:
        """A started 2-player game: ``first`` at seat 1, ``second`` at seat 2."""
        opened = self.clients[first].open_seek(2, **seek)
        return int(self.clients[second].accept(opened["id"])["game"])

    def board(
        self, game: int, name: str, locale: str = "en", client: ClassClient | None = None
    ) -> OnlineBoard:
        board = OnlineBoard(game, locale, client or self.clients[name], poll_wait=POLL)
        self.boards.append(board)
        return board


@pytest.fixture(scope="module")
def klass() -> Iterator[Class]:
    with mini_hub(PUPILS) as hub:
        k = Class(hub, f"sqlite:///{hub.state}/classgame.sqlite")
        try:
            yield k
        finally:
            for board in k.boards:
                board.close()
            k.stop()


def until(check: Callable[[], Any], timeout: float = 15.0, what: str = "") -> Any:
    """Wait until ``check()`` is true (the feed's thread delivers); its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what or check}"
        time.sleep(0.01)


_drivers: dict[int, Driver] = {}


def settle(*lobbies: Lobby) -> None:
    """Wait until each lobby's requests are answered (their answers applied: no loop runs here)."""
    for lobby in lobbies:
        assert lobby.wait(30), "a lobby's requests still unanswered after 30 s"


def drive(board: OnlineBoard) -> Driver:
    """The board's one view that clicks (its sequence numbers go on from call to call)."""
    return _drivers.setdefault(id(board), Driver(board, client=f"view-{id(board)}"))


def pick(position: Position) -> Turn:
    """A legal turn of ``position``, the same every run (the first in notation order)."""
    return min(position.legal_turns(), key=lambda t: t.notation())


def online(board: OnlineBoard) -> dict[str, Any]:
    return board.view["online"]


def notice(lobby: Lobby) -> str:
    """The text over the lobby's lists ("" for none)."""
    return (lobby.view["notice"] or {}).get("text", "")


def rows(lobby: Lobby, part: str) -> list[dict[str, Any]]:
    """The rows of a list of the lobby (``online``, ``seeks``, ``games``, ``watch``): text and buttons."""
    return next(lst["rows"] for lst in lobby.view["lists"] if lst["id"] == part)


def arena_buttons(lobby: Lobby) -> set[str]:
    """The classes of the arena's buttons shown (``lw-arena-join``, ``lw-arena-leave``, ``lw-arena-resume``)."""
    return {b["css"] for b in lobby.view["arena"]["buttons"]}


# ---------------------------------------------------------------------------- off the hub


def test_off_the_hub_the_client_and_the_lobby_say_that_class_play_needs_the_hub(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(NotOnHub, match="class play needs the class hub.*JUPYTERHUB_API_TOKEN"):
        connect({})
    with pytest.raises(NotOnHub, match="LW_CLASSGAME_URL"):
        connect({"JUPYTERHUB_API_TOKEN": "x"})
    assert service_url({"JUPYTERHUB_PUBLIC_HUB_URL": "https://hub.school.example/hub/"}) == (
        "https://hub.school.example/services/classgame/"
    )
    for key in ("JUPYTERHUB_API_TOKEN", "LW_CLASSGAME_URL", "JUPYTERHUB_PUBLIC_HUB_URL"):
        monkeypatch.delenv(key, raising=False)
    lobby = Lobby(locale="uk", refresh=0)
    assert isinstance(lobby.error, NotOnHub)
    assert "Гра з однокласниками" not in notice(lobby)
    assert "JupyterHub" in notice(lobby) and "класу" in notice(lobby), notice(lobby)
    assert not lobby.view["hub"] and lobby.buttons() == []
    with pytest.raises(NotOnHub):
        OnlineBoard(1)


def test_a_service_that_does_not_answer_is_said_so_with_its_address(klass: Class) -> None:
    from dbkit import free_port

    url = f"http://127.0.0.1:{free_port()}/services/classgame/"
    with pytest.raises(ServiceUnreachable, match="127.0.0.1.*does not answer"):
        ClassClient(url, "token").me()
    lobby = Lobby("es", ClassClient(url, "token"), refresh=0)
    settle(lobby)
    assert isinstance(lobby.error, ServiceUnreachable)
    assert "no responde" in notice(lobby), notice(lobby)


# ---------------------------------------------------------------------------- two boards, one game


def test_a_turn_clicked_on_one_board_reaches_the_other_and_a_classmate_watches(klass: Class) -> None:
    game = klass.game()
    olena, diego = klass.board(game, "olena"), klass.board(game, "diego", "uk")
    amy = klass.board(game, "amy", "es")
    assert online(olena)["state"] == "my_turn" and online(olena)["mine"] == [1]
    assert online(diego)["state"] == "thinking" and online(diego)["mine"] == [2]
    assert online(amy)["watching"] and online(amy)["mine"] == []
    assert diego.view["status"]["text"] == "Зараз думає olena…"
    assert not diego.view["interactive"] and not any(c["selectable"] for r in diego.view["cells"] for c in r)
    assert olena.view["task"] == f"Class game {game}. Your seat: Player 1."
    assert [p["bot_name"] for p in olena.view["players"]] == ["olena", "diego"]
    latencies = []
    expected = Position.initial(2)
    for i in range(6):
        mover, other = (olena, diego) if i % 2 == 0 else (diego, olena)
        turn = pick(expected)
        expected = expected.play(turn)
        t0 = time.perf_counter()
        drive(mover).play(turn)
        assert online(mover)["state"] in ("sending", "thinking")
        until(lambda o=other, n=i + 1: len(o.game.turns) == n, what=f"turn {i} on the other board")
        latencies.append(time.perf_counter() - t0)
        until(lambda n=i + 1: len(amy.game.turns) == n, what="the watcher's board")
        until(lambda m=mover: online(m)["state"] == "thinking", what="the turn confirmed")
        until(lambda o=other: online(o)["state"] == "my_turn", what="the other's turn")
    assert olena.position == diego.position == amy.position == expected
    assert klass.clients["amy"].game(game)["lpn"] == expected.to_lpn()
    print(f"\nturn relay in one process: median {1000 * statistics.median(latencies):.0f} ms, "
          f"max {1000 * max(latencies):.0f} ms")  # fmt: skip


def test_a_read_from_before_the_pupils_turn_reached_the_service_leaves_her_turn_on_the_board(
    klass: Class, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The service's game read while her turn is on its way (no event of it yet) must not take the turn
    back: the board would flicker to "your turn" and take a second turn for the same ply."""
    game = klass.game()
    olena = klass.board(game, "olena")
    before = klass.clients["olena"].game(
        game
    )  # the service's game without her turn, as a late read brings it
    mode = olena.mode
    monkeypatch.setattr(mode, "send", lambda ply, notation: setattr(mode, "pending", (ply, notation)))
    drive(olena).play(pick(Position.initial(2)))  # on its way: the request is held back
    assert online(olena)["state"] == "sending" and len(olena.game.turns) == 1
    try:
        mode._replace(before)
        assert online(olena)["state"] == "sending" and len(olena.game.turns) == 1
        assert not olena.view["interactive"]
    finally:
        klass.clients["diego"].resign(game)  # the class's players keep their seats for the next tests


def test_clicks_out_of_turn_and_for_a_watcher_are_refused_and_nothing_is_sent(klass: Class) -> None:
    game = klass.game()
    olena, diego, amy = klass.board(game, "olena"), klass.board(game, "diego", "uk"), klass.board(game, "amy")
    drive_ = drive(diego)
    assert drive_.cell("e4") == "rejected"
    assert diego.view["notice"]["text"] == "Зараз ходить olena, а не ти: зачекай, поки olena зробить хід."
    assert drive_.send("notation", text="e5-e4 *d4") == "rejected"
    assert drive(amy).cell("a2") == "rejected"
    assert "only its players" in amy.view["notice"]["text"]
    for action in ("undo", "new_game", "hint", "import", "take_over"):
        assert drive(olena).send(action, text="{}") == "rejected", action
    assert olena.view["controls"] == {"new_game": False, "language": False}  # neither is drawn
    assert klass.clients["olena"].game(game)["ply"] == 0
    # quiet long polls do not redraw: a redraw between the view and the click would make it stale
    version = olena.view["version"]
    time.sleep(2.5 * POLL)
    assert olena.view["version"] == version
    assert drive(olena).send("cell", cell="a3", version=version) == "ok"


def test_a_pupil_cannot_play_another_seat_replay_a_turn_or_forge_the_board(klass: Class) -> None:
    game = klass.game()
    olena = klass.board(game, "olena")
    diego = klass.board(game, "diego")
    client = klass.clients["olena"]
    with pytest.raises(Refused) as seat:  # seat 1 is to move: diego's kernel plays it
        klass.clients["diego"].play(game, 0, "e5-e4 *d4")
    assert seat.value.code == "not_your_seat" and seat.value.status == 403
    drive(olena).play(Turn.parse("a1-a3 *b3"))
    until(lambda: len(diego.game.turns) == 1)
    with pytest.raises(Refused) as seat:  # now seat 2: olena's kernel plays diego's turn
        client.play(game, 1, "e5-e4 *d4")
    assert seat.value.code == "not_your_seat"
    with pytest.raises(Refused) as bad:  # illegal: the rule comes back, said in the pupil's language
        klass.clients["diego"].play(game, 1, "e5-a1")
    assert bad.value.code == "illegal_turn" and bad.value.rule
    assert refusal_text(bad.value)(Translator("uk")) == (
        "Гра не прийняла цей хід. Клітинка a1 розташована далі ніж за два кроки від e5."
    )
    drive(diego).play(Turn.parse("e5-e4 *d4"))
    until(lambda: len(olena.game.turns) == 2)
    with pytest.raises(Refused) as stale:  # olena replays her first message
        client.play(game, 0, "a1-a3 *b3")
    assert stale.value.code in ("stale_ply", "not_your_seat")
    # olena's board in code: her turn goes to the service; diego's seat from her kernel is refused,
    # her board unchanged
    until(lambda: online(olena)["state"] == "my_turn")
    olena.play("a3-a2 *b2")
    with pytest.raises(ValueError, match="does not take a turn of seat 2"):
        olena.play("e4-e3 *d3")
    assert len(olena.game.turns) == 3
    # changed in code another way (a take-back): the service's game goes back on it
    until(lambda: online(olena)["state"] == "thinking")
    olena.game.undo()
    olena.refresh()
    until(lambda: len(olena.game.turns) == 3, what="the take-back undone")
    assert klass.clients["amy"].game(game)["ply"] == 3
    assert olena.position == until(lambda: diego.position if len(diego.game.turns) == 3 else None)


def test_a_read_older_than_the_turns_the_board_has_taken_never_takes_it_back(klass: Class) -> None:
    """A resync's read answered before a turn the feed delivered since (a turn in flight) is read again."""
    game = klass.game()
    olena = klass.board(game, "olena")
    before = klass.clients["olena"].game(game)  # the game with no turn yet
    drive(olena).play(Turn.parse("a1-a3 *b3"))
    until(lambda: olena.mode.seq > before["last_seq"] and len(olena.game.turns) == 1, what="the turn taken")
    olena.mode._replace(before, None)  # that old read arrives now
    assert len(olena.game.turns) == 1, "the board went back to an older game"
    time.sleep(0.5)  # the read again answers with the game as it is
    assert [t.notation() for t in olena.game.turns] == ["a1-a3 *b3"]
    assert until(lambda: online(olena)["state"] == "thinking")
    klass.clients["diego"].resign(game)  # the class's players keep their seats for the next tests


def test_a_stale_board_is_refused_by_the_service_and_shows_the_game_as_it_is(klass: Class) -> None:
    game = klass.game()
    olena = klass.board(game, "olena", "es")
    olena.mode.stop_following()  # this board hears nothing more...
    klass.client("olena").play(game, 0, "a1-a2 *b2")  # ...while olena's other kernel plays
    drive(olena).play(Turn.parse("a1-a3 *b3"))
    until(lambda: olena.view["notice"] and olena.view["notice"]["kind"] == "error", what="the refusal")
    assert "ya había avanzado" in olena.view["notice"]["text"], olena.view["notice"]
    until(lambda: len(olena.game.turns) == 1)
    assert olena.game.turns[0] == Turn.parse("a1-a2 *b2")
    until(lambda: online(olena)["state"] == "thinking")


# ---------------------------------------------------------------------------- coming back


def test_a_new_kernel_resumes_the_game_from_the_lobby_and_it_goes_on(klass: Class) -> None:
    game = klass.game("amy", "olena")
    amy = klass.board(game, "amy")
    drive(amy).play(Turn.parse("a1-a3 *b3"))
    until(lambda: klass.clients["olena"].game(game)["ply"] == 1)
    # olena's kernel restarted: a new client (new token), a new lobby; her game is listed with Resume
    lobby = Lobby("en", klass.client("olena"), refresh=0, poll_wait=POLL)
    settle(lobby)
    row = next(r for r in rows(lobby, "games") if r["text"].startswith(f"Game {game}:"))
    assert [b["label"] for b in row["buttons"]] == ["Resume"]
    assert lobby.press("lw-lobby-resume", f"Game {game}:") == "ok"
    settle(lobby)
    board = lobby.board
    assert board is not None and board.mode.game_id == game
    klass.boards.append(board)
    assert len(board.game.turns) == 1 and online(board)["state"] == "my_turn"
    drive(board).play(Turn.parse("e5-e4 *d4"))
    until(lambda: len(amy.game.turns) == 2, what="olena's turn after the restart on amy's board")
    lobby.close()


def test_a_classmate_watches_a_game_from_the_lobby(klass: Class) -> None:
    game = klass.game()
    amy = Lobby("en", klass.client("amy"), refresh=0, poll_wait=POLL)
    settle(amy)
    assert amy.press("lw-lobby-watch", f"Game {game}:") == "ok"
    settle(amy)
    assert amy.board is not None and amy.board.mode.game_id == game and amy.board.mode.watching
    assert (
        amy._output.outputs and "application/vnd.jupyter.widget-view+json" in amy._output.outputs[0]["data"]
    )
    klass.boards.append(amy.board)
    amy.close()
    klass.clients["diego"].resign(game)


def test_the_lobby_opens_a_seek_a_classmate_accepts_and_both_boards_come_up(klass: Class) -> None:
    olena = Lobby("uk", klass.clients["olena"], refresh=0, poll_wait=POLL)
    diego = Lobby("es", klass.clients["diego"], refresh=30, poll_wait=POLL)
    settle(olena, diego)
    olena.refresh()
    diego.refresh()
    assert "olena" in [row["text"] for row in rows(diego, "online")]
    olena.press("lw-lobby-open")  # Open an invitation: 2 seats
    assert "Звертаємося до сервісу ігор класу" in notice(olena)  # said at once, asked in the background
    settle(olena)
    assert "Чекаємо на гравців: 1 з 2" in rows(olena, "seeks")[0]["text"]
    diego.refresh()
    accept = next(r for r in rows(diego, "seeks") if "olena" in r["text"])
    assert accept["buttons"][0]["label"] == "Aceptar"
    diego.press("lw-lobby-accept", "olena")
    settle(diego)
    assert diego.board is not None
    olena.refresh()  # her seek has become a game: its board comes up by itself
    settle(olena)
    assert olena.board is not None and olena.board.mode.game_id == diego.board.mode.game_id
    klass.boards += [olena.board, diego.board]
    assert online(olena.board)["state"] == "my_turn" and online(diego.board)["state"] == "thinking"
    olena.close()
    diego.close()


class _HungService:
    """A service that takes connections and never answers (a hung one), until :meth:`stop`: then none."""

    def __init__(self) -> None:
        import socket
        import threading

        self._listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}/services/classgame/"
        self.waiting = 0  # requests received and still waited for by their client
        self._held: list[Any] = []
        self._stopped = False
        self._lock = threading.Lock()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        import threading

        while True:
            try:
                conn, _ = self._listener.accept()
            except OSError:  # stopped
                return
            with self._lock:
                if self._stopped:
                    conn.close()
                    return
                self._held.append(conn)
            threading.Thread(target=self._hold, args=(conn,), daemon=True).start()

    def _hold(self, conn: Any) -> None:
        with conn:
            try:
                if not conn.recv(65536):
                    return
            except OSError:  # cut by stop()
                return
            with self._lock:
                self.waiting += 1
            try:
                while conn.recv(65536):  # b"": the client gave up waiting
                    pass
            except OSError:
                pass
            with self._lock:
                self.waiting -= 1

    def stop(self) -> None:
        """Stop: the connections held are cut, a new one is refused."""
        import socket

        with self._lock:
            self._stopped = True
            self._listener.close()
            for conn in self._held:
                with contextlib.suppress(OSError):
                    conn.shutdown(socket.SHUT_RDWR)


def _press(click: Callable[[], Any]) -> float:
    """Seconds a button's click held the calling (the kernel's) thread."""
    start = time.perf_counter()
    click()
    return time.perf_counter() - start


def test_closing_a_lobby_or_a_board_ends_their_requests_to_a_hung_service_at_once(klass: Class) -> None:
    game = klass.game()
    client = klass.client("olena")
    lobby = Lobby("en", client, refresh=0.5, poll_wait=POLL)
    settle(lobby)
    board = klass.board(game, "olena", client=client)
    hung = _HungService()
    client.aio.url, client.aio.timeout = hung.url, 30.0
    try:
        lobby.press("lw-lobby-refresh")
        drive(board).play(Turn.parse("a1-a3 *b3"))  # its turn on the way, its long poll too
        until(lambda: hung.waiting >= 3, what="the lobby's and the board's requests waiting")
        board.close()
        lobby.close()
        # every request and loop ended (none left to refresh every 0.5 s or send the turn again)
        until(lambda: hung.waiting == 0, 1.0, "every request ended by close()")
        until(lambda: lobby._requests.running == board.mode.requests.running == 0, 1.0, "no loop left")
        assert online(board)["state"] == "sending"  # no answer applied after close
    finally:
        hung.stop()
    klass.clients["diego"].resign(game)


def test_with_the_service_hung_or_stopped_every_lobby_and_board_button_answers_off_the_kernels_thread(
    klass: Class,
) -> None:
    klass.clients["diego"].heartbeat()  # a classmate online: a Challenge button
    seek = klass.clients["amy"].open_seek(2)  # an open invitation: Accept
    game = klass.game()  # olena's game: Resume
    watched = klass.game("amy", "diego")  # the class's: Watch
    client = klass.client("olena")
    lobby = Lobby("en", client, refresh=0, poll_wait=POLL)
    settle(lobby)
    board = klass.board(game, "olena", client=client)
    buttons = lobby.buttons()
    names = sorted({b["label"] for b in buttons})
    assert {"Challenge", "Accept", "Resume", "Watch", "Open an invitation", "Refresh"} <= set(names), names
    hung = _HungService()
    client.aio.url, client.aio.timeout = hung.url, 30.0
    try:
        # a hung service: the press is answered at once; its request waits on the worker, not here
        lobby.handle_message({"type": "intent", **buttons[0]["intent"]})
        assert "Asking the class game service" in notice(lobby)
        until(lambda: hung.waiting >= 1, what="the request waiting on the class loop")
        drive(board).play(Turn.parse("a1-a3 *b3"))  # the board too: played, "Sending your turn…"
        assert online(board)["state"] == "sending"
    finally:
        hung.stop()  # a stopped service: every connection refused
    until(lambda: "does not answer" in notice(lobby), what="the hung request's error")
    # a stopped service: every button, one by one, returns at once (the kernel's thread is free) and
    # says within 1 s that the service does not answer
    for button in lobby.buttons():
        lobby.notice = None
        pressed = _press(lambda b=button: lobby.handle_message({"type": "intent", **b["intent"]}))
        until(lambda: "does not answer" in notice(lobby), 1.0, f"{button['label']}'s answer")
        assert lobby.board is None or lobby.board.mode.game_id in (game, watched)
        assert pressed < 0.2, f"{button['label']} held the kernel's thread {pressed:.2f} s"
    assert _press(lambda: drive(board).send("resign", op="ask")) < 0.2
    assert _press(lambda: drive(board).send("resign", op="yes")) < 0.2
    until(lambda: "does not answer" in (board.view["notice"] or {}).get("text", ""), 1.0, "Resign's answer")
    until(lambda: online(board)["state"] == "reconnecting", what="the board's turn waiting for the service")
    lobby.close()
    klass.clients["amy"].cancel(int(seek["id"]))
    for pupil, g in (("diego", game), ("amy", watched)):
        klass.clients[pupil].resign(g)


def test_a_lost_connection_shows_reconnecting_and_the_game_goes_on(klass: Class) -> None:
    game = klass.game()
    olena, diego = klass.board(game, "olena"), klass.board(game, "diego")
    klass.stop()
    try:
        until(lambda: online(diego)["state"] == "reconnecting", timeout=POLL + 15, what="reconnecting")
        assert "Reconnecting" in diego.view["status"]["text"]
        drive(olena).play(Turn.parse("a1-a3 *b3"))  # sent while the service is down: kept, retried
        until(lambda: online(olena)["state"] == "reconnecting", timeout=POLL + 15)
    finally:
        klass.start()
    until(lambda: len(diego.game.turns) == 1, timeout=30, what="the turn after the restart")
    until(lambda: online(olena)["state"] == "thinking" and online(diego)["state"] == "my_turn", timeout=30)


def test_a_classmate_who_goes_away_is_shown_then_loses_by_forfeit(klass: Class) -> None:
    klass.stop()
    klass.start(LW_CLASSGAME_FORFEIT="6", LW_CLASSGAME_ONLINE="2", LW_CLASSGAME_SWEEP="1")
    try:
        game = klass.game()
        olena, diego = klass.board(game, "olena", "es"), klass.board(game, "diego")
        drive(olena).play(pick(olena.position))
        until(lambda: len(diego.game.turns) == 1)
        diego.close()  # diego's tab and kernel are gone: nobody asks about the game for him
        until(lambda: online(olena)["state"] == "away", timeout=30, what="diego shown away")
        until(lambda: "minuto" in olena.view["status"]["text"], what="the minutes left")
        assert olena.view["status"]["text"] == (
            "diego está sin conexión. Si diego no vuelve en 1 minuto, pierde la partida."
        ), olena.view["status"]
        assert "sin conexión" in [p["badge"] for p in olena.view["players"]]
        until(lambda: online(olena)["state"] == "over", timeout=40, what="the forfeit")
        assert olena.view["over"] and not olena.view["interactive"]
        assert olena.view["status"]["text"] == (
            "La partida ha terminado: derrota de diego por no volver a tiempo."
        )
        assert online(olena)["result"]["reason"] == "forfeit"
        assert drive(olena).cell("a2") == "rejected"
    finally:
        klass.stop()
        klass.start()


def test_a_game_with_a_turn_limit_ends_on_both_boards_with_its_winner(klass: Class) -> None:
    game = klass.game(turn_limit=2)
    olena, diego = klass.board(game, "olena"), klass.board(game, "diego", "uk")
    drive(olena).play(Turn.parse("a1-a3 *b3"))
    until(lambda: online(diego)["state"] == "my_turn")
    drive(diego).play(Turn.parse("e5-e4 *d4"))
    until(lambda: online(olena)["state"] == "over" and online(diego)["state"] == "over", what="the end")
    assert olena.game.end_reason == "turn_limit" and olena.view["over"]
    result = klass.clients["olena"].game(game)["result"]
    assert result["reason"] == "turn_limit"
    # the board is over as soon as its own rules end the game; the server's verdict follows in its feed
    until(lambda: online(olena)["result"] == result, what="the server's verdict on olena's board")
    names = " і ".join(["olena", "diego"][w - 1] for w in result["winners"])
    assert diego.view["status"]["text"] == f"Гру закінчено. Перемога: {names}."
    assert drive(diego).cell("a2") == "rejected"


def test_every_text_of_an_online_board_comes_from_the_catalogues(klass: Class) -> None:
    game = klass.game()
    views = []
    for name in ("olena", "diego", "amy"):  # to move, waiting for a classmate, watching
        board = klass.board(game, name, "en-XA")
        views.append(board.view)
        assert drive(board).cell("e3") == "rejected" or name == "olena"
        views.append(board.view)
    strings = [
        (path, s)
        for view in views
        for path, s in view_strings({k: v for k, v in view.items() if k != "online"})
        if s not in PUPILS
    ]
    first = klass.boards[-3]  # olena's: she plays, so her board has Resign and its question
    assert drive(first).send("resign", op="ask") == "ok"
    assert first.view["resign"]["asking"]
    strings += view_strings({"resign": first.view["resign"]})
    lobby = Lobby("en-XA", klass.clients["amy"], refresh=0)
    settle(lobby)
    lobby.press("lw-lobby-open", limit="x")
    assert notice(lobby)  # the bad limit, said
    strings += [
        (f"lobby{path}", s)
        for path, s in view_strings(lobby.view)
        if not path.endswith(".css")
        and ".intent." not in path
        and s not in PUPILS  # a pupil's name is theirs
    ]
    lobby.close()
    bad = sorted({f"{path}: {s!r}" for path, s in strings if unbracketed(s)})
    assert not bad, "texts that bypass the catalogues:\n" + "\n".join(bad[:40])
    assert any("olena" in s for _path, s in strings)  # the names are in the texts


# ---------------------------------------------------------------------------- the arena, resigning, turn limits


def you(lobby: Lobby) -> str:
    """The lines of the lobby's arena about the pupil (their state, their place)."""
    return " ".join(lobby.view["arena"]["lines"])


def test_the_lobby_joins_the_arena_is_paired_and_the_game_opens_then_resign_and_leave(klass: Class) -> None:
    teacher = ClassClient(klass.service.url, klass.hub.token("teacher"))
    arena = int(teacher.request("POST", "arena", {"minutes": 20})["arena"]["id"])
    # olena's lobby reads only in the background (every 30 s, the arena every 2 s while she is in it)
    olena = Lobby("uk", klass.clients["olena"], refresh=30, poll_wait=POLL)
    diego = Lobby("es", klass.clients["diego"], refresh=30, poll_wait=POLL)
    settle(olena, diego)
    try:
        assert olena.view["arena"]["status"] == "Арена відкрита: до кінця ще 20 хвилин."
        assert arena_buttons(olena) == {"lw-arena-join"}
        assert olena.view["arena"]["buttons"][0]["label"] == "Приєднатися до арени"
        olena.press("lw-arena-join")
        settle(olena)
        assert "Ти на арені: чекаємо" in you(olena) and olena.in_arena()
        assert arena_buttons(olena) == {"lw-arena-leave"} and olena.board is None
        diego.press("lw-arena-join")  # two waiting: the service pairs them at the next poll of either
        settle(diego)
        # neither clicks anything more: their lobbies' arena polls open the game on their boards
        board = until(lambda: olena.board, timeout=10, what="olena's arena board by itself")
        klass.boards.append(board)
        other = until(lambda: diego.board, timeout=10, what="diego's arena board by itself")
        klass.boards.append(other)
        game = other.mode.game_id
        until(lambda: f"Estás jugando la partida {game} de la arena" in you(diego))
        assert board.mode.game_id == game and board.mode.mine and not board.mode.watching
        until(lambda: f"Ти граєш на арені: гра {game}," in you(olena), what="olena playing")
        table = olena.view["arena"]["table"]
        assert {"olena", "diego"} <= {row["cells"][1] for row in table["rows"]}
        assert table["place"] == "Місце" and "Рейтинг" in table["headings"]
        assert "Твоє місце:" in you(olena)
        diego.press("lw-arena-leave")  # no new games for diego; the game in progress goes on
        settle(diego)
        assert drive(other).send("resign", op="ask") == "ok"
        assert drive(other).send("resign", op="yes") == "ok"
        until(lambda: online(board)["state"] == "over", what="the resignation on olena's board")
        assert board.view["status"]["text"] == "Гру закінчено через визнання поразки: diego."
        assert klass.clients["olena"].game(game)["result"]["reason"] == "resign"
        diego.refresh()
        assert "Has salido de la arena" in you(diego) and arena_buttons(diego) == {"lw-arena-join"}
        assert klass.clients["diego"].arena_me(arena)["state"] == "left"
        time.sleep(2 * 2.0 + 1)  # olena waits alone: two arena polls pair nobody (diego left)
        assert olena.board is board and olena.in_arena()
        assert klass.clients["olena"].arena_me(arena)["state"] == "waiting"
    finally:
        olena.close()
        diego.close()
        teacher.request("POST", f"arena/{arena}/close", {"protocol": 1})
    olena.refresh()
    assert "Арену закрито" in olena.view["arena"]["status"] and not arena_buttons(olena)


def test_resign_asks_first_the_others_see_who_resigned_and_the_service_refuses_the_wrong_ones(
    klass: Class,
) -> None:
    game = klass.game()
    olena, diego, amy = klass.board(game, "olena"), klass.board(game, "diego"), klass.board(game, "amy")
    assert not amy.view["resign"]["shown"]  # a watcher cannot resign
    assert (
        drive(amy).send("resign", op="yes") == "rejected" and "only its players" in amy.view["notice"]["text"]
    )
    assert olena.view["resign"]["shown"] and not olena.view["resign"]["asking"]
    assert drive(olena).send("resign", op="ask") == "ok"  # the question, not yet the resignation
    resign = olena.view["resign"]
    assert resign["asking"] and "give up this game" in resign["question"] and resign["yes"] == "Yes, resign"
    assert drive(olena).send("resign", op="no") == "ok"
    assert olena.view["resign"]["shown"] and not olena.view["resign"]["asking"]
    assert klass.clients["amy"].game(game)["status"] == "active"
    assert drive(olena).send("resign", op="ask") == "ok"
    assert drive(olena).send("resign", op="yes") == "ok"
    until(lambda: online(diego)["state"] == "over", what="the result on diego's board")
    assert diego.view["status"]["text"] == "The game is over: olena resigned."
    until(lambda: online(amy)["state"] == "over", what="the result on the watcher's board")
    until(lambda: not olena.view["resign"]["shown"], what="no Resign once the game is over")
    assert not diego.view["resign"]["shown"] and drive(diego).cell("a2") == "rejected"
    with pytest.raises(Refused) as over:
        klass.clients["diego"].resign(game)
    assert over.value.code == "game_over" and "finished already" in over.value.message
    other = klass.game()
    with pytest.raises(Refused) as theirs:  # amy resigns olena's and diego's game
        klass.clients["amy"].resign(other)
    assert theirs.value.code == "not_your_seat" and f"do not play in game {other}" in theirs.value.message
    assert klass.clients["olena"].game(other)["status"] == "active"


def test_the_lobby_turn_limit_refuses_bad_values_by_name_and_a_limited_game_ends_by_it(klass: Class) -> None:
    olena = Lobby("en", klass.clients["olena"], refresh=0, poll_wait=POLL)
    diego = Lobby("uk", klass.clients["diego"], refresh=0, poll_wait=POLL)
    settle(olena, diego)
    try:
        before = {s["id"] for s in klass.clients["olena"].seeks()}
        for bad in ("abc", "0", "501", "2.5", "-3"):
            olena.press("lw-lobby-open", limit=bad)
            said = notice(olena)
            assert f'Turn limit "{bad}" is not a whole number of turns from 1 to 500' in said, said
        diego.press("lw-lobby-open", limit="десять")
        assert "Обмеження ходів «десять» не підходить: потрібне ціле число від 1 до 500" in notice(diego)
        assert {s["id"] for s in klass.clients["olena"].seeks()} == before  # nothing was opened
        olena.press("lw-lobby-open", limit=" 2 ")
        settle(olena)
        diego.refresh()
        row = next(r for r in rows(diego, "seeks") if "olena" in r["text"])
        assert "щонайбільше 2 ходи" in row["text"], row["text"]
        diego.press("lw-lobby-accept", "olena")
        settle(diego)
        assert diego.board is not None
        olena.refresh()
        settle(olena)
        assert olena.board is not None
        klass.boards += [olena.board, diego.board]
        first, second = olena.board, diego.board
        drive(first).play(Turn.parse("a1-a3 *b3"))
        until(lambda: online(second)["state"] == "my_turn")
        drive(second).play(Turn.parse("e5-e4 *d4"))
        until(lambda: online(first)["state"] == "over" and online(second)["state"] == "over", what="the end")
        assert klass.clients["olena"].game(first.mode.game_id)["result"]["reason"] == "turn_limit"
        assert not first.view["resign"]["shown"]
    finally:
        olena.close()
        diego.close()

"""Saved notebooks keep the game: headless runs show the board as it really is, and a board's
game survives a kernel restart (a real kernel, driven with nbclient / jupyter_client / nbconvert)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from logger_widget import Board, Game
from logger_widget.board.persistence import AutoSave, front_end_attached, headless_kernel

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

TWO_BOTS = (
    'from logger_widget import Board\nb = Board(["random", "random"], seed=7, bot_delay=0, locale="en")\nb'
)
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def _run(cells: list[str], folder: Path, store_widget_state: bool = True):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    client = nbclient.NotebookClient(
        nb,
        timeout=180,
        kernel_name="python3",
        store_widget_state=store_widget_state,
        resources={"metadata": {"path": str(folder)}},
    )
    client.execute()
    return nb


@contextmanager
def _kernel(
    folder: Path, env: dict[str, str] | None = None
) -> Iterator[tuple[Any, Any, Callable[[str], str]]]:
    """A real kernel in ``folder`` driven as an interactive client (``allow_stdin``, as JupyterLab is).

    Yields the kernel manager, its client and ``run(code) -> printed text`` (fails on an error).
    """
    from jupyter_client.manager import KernelManager

    km = KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(folder), env=dict(os.environ, **(env or {})))
    try:
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=120)

        def run(code: str) -> str:
            out: list[str] = []

            def keep(msg: dict) -> None:
                if msg["msg_type"] == "stream":
                    out.append(msg["content"]["text"])
                elif msg["msg_type"] == "error":
                    out.append("\n".join(msg["content"]["traceback"]))

            reply = kc.execute_interactive(code, timeout=120, output_hook=keep)
            assert reply["content"]["status"] == "ok", "".join(out)
            return "".join(out)

        yield km, kc, run
        kc.stop_channels()
    finally:
        km.shutdown_kernel(now=True)


def _board_states(nb) -> list[dict]:
    state = nb.metadata["widgets"][WIDGET_STATE]["state"]
    return [m["state"] for m in state.values() if "lpn" in m.get("state", {})]


def test_no_front_end_in_plain_python() -> None:
    assert not headless_kernel() and not front_end_attached()


@pytest.mark.slow
def test_saved_widget_state_holds_the_finished_bot_game(tmp_path: Path) -> None:
    """Before: the bots played in a thread after the cell ended; the saved state kept the start."""
    nb = _run([TWO_BOTS, "print(b.lpn)\nprint(b.game.is_over, len(b.game.turns))"], tmp_path)
    printed = nb.cells[1].outputs[0]["text"].splitlines()
    assert printed[1].startswith("True ")
    (board,) = _board_states(nb)
    assert board["lpn"] == printed[0]
    assert not any(p.get("thinking") for p in board["_view"]["players"])


#: A person against a bot, as a teacher's notebook has it; ``{front}`` notes a front end (a
#: notebook opened in JupyterLab once: the bots then think in their thread).
HUMAN_AND_BOT = (
    "{front}from logger_widget import Board\n"
    'b = Board(["human", "random"], seed=3, locale="en", bot_delay=0.4)\nb'
)
NOTE_FRONT_END = "from logger_widget.board.persistence import note_front_end\nnote_front_end()\n"


@pytest.mark.slow
@pytest.mark.parametrize("front", [NOTE_FRONT_END, ""], ids=["front-end-noted", "default"])
def test_the_saved_widget_state_is_the_kernels_final_board_and_hint(tmp_path: Path, front: str) -> None:
    """Before: a bot's answer applied after its cell ended, and the hint computed in a thread,
    reached the kernel but not the saved notebook (one update behind; "Looking for a good turn…")."""
    nb = _run(
        [
            HUMAN_AND_BOT.format(front=front),
            "b.play(next(iter(b.position.legal_turns())))",  # the bot answers in its thread…
            "import time\ntime.sleep(1.5)",  # …while this cell blocks the event loop
            "b.handle_message({'type': 'intent', 'action': 'hint', 'version': b.view['version']})",  # Hint
            "import json\nprint(json.dumps([b.lpn, b.view['hint'], b.bot_mode]))",
        ],
        tmp_path,
    )
    lpn, hint, mode = json.loads(nb.cells[-1].outputs[0]["text"])
    assert mode == "thread" and lpn.endswith(" 1 0,0 2,2")  # the bot has answered: seat 1 to move again
    (board,) = _board_states(nb)
    assert board["lpn"] == lpn
    assert board["_view"]["hint"] == hint and hint["text"].startswith("Hint: ")
    assert not any(p.get("thinking") for p in board["_view"]["players"])
    # the game is autosaved beside the notebook only where someone plays it (a front end)
    assert (tmp_path / ".logger_games").exists() == bool(front)


@pytest.mark.slow
def test_a_bots_answer_is_applied_on_the_kernels_event_loop_never_in_its_thread(tmp_path: Path) -> None:
    """Colab drops widget updates sent from other threads. Before: a board that had captured no
    event loop applied the bot's answer (and sent the update) in the bot's thread."""
    import time

    with _kernel(tmp_path) as (_, _, run):
        run(
            HUMAN_AND_BOT.format(front=NOTE_FRONT_END) + "\n"
            "import threading\nthreads = []\n"
            "b.on_change(lambda board: threads.append(threading.current_thread().name))\n"
            "b._bots._loop = None  # no loop captured (as in Colab)\n"
            "b.play(next(iter(b.position.legal_turns())))"
        )
        time.sleep(2)  # the kernel is idle: the answer arrives between cells
        printed = run("print(threads, b.thinking)")
    assert printed == "['MainThread', 'MainThread'] None\n", printed


#: A hint in a pupil's kernel, counting the processes it starts (``subprocess`` audit events).
HINT_COUNTING_CHILDREN = (
    "import sys\nspawned = []\n"
    "sys.addaudithook(lambda event, args: spawned.append(event) if event == 'subprocess.Popen' else None)\n"
    + HUMAN_AND_BOT.format(front=NOTE_FRONT_END)
    + "\nb.handle_message({'type': 'intent', 'action': 'hint', 'version': b.view['version']})"
)
#: Waits for the compiled search to be loaded (or built) and the hint to be given.
HINT_DONE = (
    "from logger_widget.bots import mcts\n"
    "print(mcts._compiled_ready.wait(600), b.wait(60), b._bots.hint is not None, len(spawned))"
)


@pytest.mark.slow
def test_a_hint_with_a_full_compiled_cache_starts_no_process(tmp_path: Path) -> None:
    """Before: the cache check looked for index files that inlined helpers never get, so every
    kernel's first hint started two Python processes (~160 MB each)."""
    pytest.importorskip("numba")
    with _kernel(tmp_path) as (_, _, run):
        run(HINT_COUNTING_CHILDREN)
        assert run(HINT_DONE) == "True True True 0\n"


@pytest.mark.slow
def test_a_compile_cut_short_by_the_kernels_end_still_fills_the_cache(tmp_path: Path) -> None:
    """Before: the compile child died with its kernel, so every kernel started its own compile and
    the cache never filled. Now the child outlives the kernel; the next kernel starts no process.
    (Slow: one whole compile of the kernel and the search into an empty cache, 1–4 min.)"""
    pytest.importorskip("numba")
    import time

    env = {"NUMBA_CACHE_DIR": str(tmp_path / "numba-cache")}
    with _kernel(tmp_path, env) as (_, _, run):
        run(HINT_COUNTING_CHILDREN)
        children = run(  # the compile child has started: its process id
            "import glob, time\nwhile not spawned:\n    time.sleep(0.05)\n"
            "print(' '.join(open(f).read() for f in glob.glob('/proc/self/task/*/children')))"
        ).split()
        assert children
    # the kernel is shut down (killed with its process group); the compile goes on to its end

    def running(pid: str) -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
        except (OSError, IndexError):
            return False

    end = time.monotonic() + 600
    while any(running(pid) for pid in children):
        assert time.monotonic() < end, "the compile did not finish in 10 min"
        time.sleep(0.5)
    with _kernel(tmp_path, env) as (_, _, run):
        run(HINT_COUNTING_CHILDREN)
        assert run(HINT_DONE) == "True True True 0\n"


@pytest.mark.slow
def test_a_notebook_with_three_boards_stores_the_module_and_stylesheet_once(tmp_path: Path) -> None:
    """Before: each board's model held its own copy of board.js and board.css (saved: 305 KB; now 150 KB)."""
    from logger_widget.board.assets import STATIC

    nb = _run(
        [
            "from logger_widget import Board\nb1 = Board(['human', 'random'], seed=1)\nb1",
            "b2 = Board(['human', 'greedy'], seed=2)\nb2",
            "b3 = Board(['human', 'human'], locale='es')\nb3",
        ],
        tmp_path,
    )
    assert len(_board_states(nb)) == 3
    saved = json.dumps(nb.metadata["widgets"])
    for name in ("board.js", "board.css"):
        text = json.dumps((STATIC / name).read_text(encoding="utf-8"))[1:-1]  # as it is written in JSON
        assert saved.count(text) == 1, name


@pytest.mark.slow
def test_nbconvert_execute_to_html_shows_the_finished_game(tmp_path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(TWO_BOTS), nbformat.v4.new_code_cell("print(b.lpn)")]
    path = tmp_path / "play_two_bots.ipynb"
    nbformat.write(nb, path)
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--execute", "--to", "html", str(path)],
        check=True,
        capture_output=True,
        timeout=300,
        cwd=tmp_path,
    )
    html = (tmp_path / "play_two_bots.html").read_text(encoding="utf-8")
    start = html.index(f'<script type="{WIDGET_STATE}">') + len(f'<script type="{WIDGET_STATE}">')
    state = json.loads(html[start : html.index("</script>", start)])["state"]
    (board,) = [m["state"] for m in state.values() if "lpn" in m.get("state", {})]
    assert f"{board['lpn']}\n" in html.replace("&#x27;", "'")  # the printed LPN is the saved one
    assert not any(p.get("thinking") for p in board["_view"]["players"])


@pytest.mark.slow
def test_a_game_survives_a_kernel_restart_and_resumes(tmp_path: Path) -> None:
    cell = (  # a pupil's kernel: the board's view is attached (it sends the clicks)
        NOTE_FRONT_END + 'from logger_widget import Board\nb = Board(["human", "human"], seed=3, locale="uk")'
    )
    play = (
        "import random\nrng = random.Random(5)\n"
        "for _ in range(5):\n    b.play(rng.choice(list(b.position.legal_turns())))\n"
        "before = (b.lpn, [t.notation() for t in b.game.turns])"
    )
    with _kernel(tmp_path) as (km, kc, run):
        run(cell)
        run(play)
        before = json.loads(run("import json; print(json.dumps(before))"))
        assert len(before[1]) == 5
        km.restart_kernel(now=True)
        kc.wait_for_ready(timeout=120)
        run(cell)  # re-run the cell: the board offers the saved game
        offered = json.loads(run("import json; print(json.dumps([b.lpn, b.view['notice']]))"))
        assert offered[0] != before[0] and "board.resume()" in json.dumps(offered[1], ensure_ascii=False)
        run("b.resume()")
        after = json.loads(run("print(json.dumps((b.lpn, [t.notation() for t in b.game.turns])))"))
        assert after == before
    saved = list((tmp_path / ".logger_games").glob("*.json"))
    assert len(saved) == 1 and len(Game.load(saved[0]).turns) == 5


def test_autosave_writes_atomically_and_keeps_each_game(tmp_path: Path) -> None:
    board = Board(["human", "human"], seed=1, autosave=tmp_path)
    assert board.autosave.saved() is None
    for turn in list(board.position.legal_turns())[:1]:
        board.play(turn)
    again = Board(["human", "human"], seed=1, autosave=tmp_path)
    assert again.resume().turns == board.game.turns
    other = Board(["human", "human"], seed=2, autosave=tmp_path)  # other settings: another file
    with pytest.raises(LookupError):
        other.resume()
    assert len(list((tmp_path / ".logger_games").glob("*.json"))) == 1
    assert AutoSave.for_board(False, ["human"], 1, None, 2).saved() is None
    with pytest.raises(TypeError, match="autosave"):
        Board(["human", "human"], autosave=3)


def _intent(board: Board, action: str, seq: int, **fields: Any) -> str:
    """Send an intent as the board's ES module does."""
    msg = {"type": "intent", "client": "test", "seq": seq, "version": board.view["version"], "action": action}
    return board.handle_message({**msg, **fields})


def test_the_resume_button_brings_back_the_saved_game(tmp_path: Path) -> None:
    """Re-running the cell offers "Resume the saved game (N turns)"; the button restores position and history."""
    settings = {"players": ["human", "greedy"], "seed": 4, "autosave": tmp_path, "bot_mode": "sync"}
    first = Board(locale="uk", **settings)
    assert first.view["resume"] is None  # nothing saved yet
    for _ in range(3):  # the person's turn, the bot's reply at once (sync)
        first.play(next(iter(first.position.legal_turns())))
    before = (first.lpn, [t.notation() for t in first.game.turns])
    assert len(before[1]) == 6

    again = Board(locale="uk", **settings)  # the cell re-run after a kernel restart
    view = again.view
    assert again.lpn != before[0] and view["resume"] == {"label": "Продовжити збережену гру (6 ходів)"}
    assert "«Продовжити збережену гру»" in view["notice"]["text"]
    assert (
        Board(locale="es", **settings).view["resume"]["label"] == "Continuar la partida guardada (6 jugadas)"
    )
    assert Board(locale="en", **settings).view["resume"]["label"] == "Resume the saved game (6 turns)"
    assert _intent(again, "resume", 1) == "ok"
    assert (again.lpn, [t.notation() for t in again.game.turns]) == before
    assert (
        again.view["resume"] is None and again.view["notice"]["kind"] == "info"
    )  # it judges nothing: not "✓ Correct"
    assert again.game.positions == first.game.positions  # the same history, not only the same position

    # the file went away after the offer was shown: the button says so, nothing changes
    late = Board(locale="en", **settings)
    for path in (tmp_path / ".logger_games").glob("*.json"):
        path.unlink()
    lpn = late.lpn
    assert _intent(late, "resume", 1) == "rejected" and late.lpn == lpn
    assert "any more" in late.view["notice"]["text"]


def _play(board: Board, turns: int, seed: int = 0) -> None:
    import random

    rng = random.Random(seed)
    for _ in range(turns):
        board.play(rng.choice(sorted(board.position.legal_turns(), key=str)))


def test_one_turn_before_resume_keeps_the_saved_game(tmp_path: Path) -> None:
    """Before: the offer went and the first turn of the new game overwrote the saved one (8 turns became 1)."""
    settings = {"players": ["human", "human"], "seed": 9, "autosave": tmp_path, "locale": "en"}
    first = Board(**settings)
    _play(first, 8)
    eight = [t.notation() for t in first.game.turns]
    again = Board(**settings)  # the cell run again
    assert again.view["resume"] == {"label": "Resume the saved game (8 turns)"}
    _play(again, 1, seed=1)  # a stray click plays a turn of a new game
    assert again.view["resume"] == {"label": "Resume the saved game (8 turns)"}  # the way back stays
    assert _intent(again, "resume", 1) == "ok"
    assert [t.notation() for t in again.game.turns] == eight
    assert again.view["resume"] is None
    records = [Game.load(p) for p in (tmp_path / ".logger_games").glob("*.json")]
    assert sorted(len(g.turns) for g in records) == [1, 8]  # the stray game is kept too
    _play(again, 1, seed=2)  # the resumed game goes on in its own file
    assert sorted(len(Game.load(p).turns) for p in (tmp_path / ".logger_games").glob("*.json")) == [1, 9]


def test_running_the_cell_again_after_a_finished_game_offers_it_back(tmp_path: Path) -> None:
    """Before: a finished game was not offered, and the new board's bots overwrote it: nothing to review."""
    settings = {"players": ["random", "random"], "seed": 5, "bot_mode": "sync", "autosave": tmp_path}
    first = Board(locale="en", **settings)
    assert first.game.is_over
    finished = [t.notation() for t in first.game.turns]
    again = Board(locale="en", **settings)  # a stray Shift+Enter: the bots play a new game at once
    n = len(finished)
    assert again.view["resume"] == {"label": f"Show the finished game ({n} turns)"}
    assert Board(locale="uk", **settings).view["resume"]["label"].startswith("Показати завершену гру")
    assert Board(locale="es", **settings).view["resume"]["label"].startswith("Ver la partida terminada")
    assert again.resume().is_over
    assert [t.notation() for t in again.game.turns] == finished  # the review cells below read board.game


def test_opening_another_game_withdraws_the_offer_of_the_saved_one(tmp_path: Path) -> None:
    """Before: after "Open game", "Show the finished game (36 turns)" stayed beside the game just opened."""
    settings = {"players": ["random", "random"], "seed": 5, "bot_mode": "sync", "autosave": tmp_path}
    Board(locale="en", **settings)
    again = Board(locale="en", **settings)
    assert again.view["resume"] is not None
    opened = Game.new(2)
    opened.play(next(iter(opened.position.legal_turns())))
    assert _intent(again, "import", 1, text=opened.to_json()) == "ok"
    assert again.view["resume"] is None and again.game.turns[0] == opened.turns[0]  # (the bots play on)


def _kill_during_save(folder: Path) -> None:
    """A kernel that saved one turn, then is killed with SIGKILL while writing the next save."""
    code = f"""
import os, sys, time
from logger_widget import Board
b = Board(["human", "human"], seed=2, autosave={str(folder)!r})
b.play(next(iter(sorted(b.position.legal_turns(), key=str))))
real = os.replace
def hang(src, dst):
    print("writing", flush=True)
    time.sleep(600)
os.replace = hang
b.play(next(iter(sorted(b.position.legal_turns(), key=str))))
"""
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "writing\n"
    finally:
        proc.kill()
        proc.wait(timeout=30)
        if proc.stdout is not None:
            proc.stdout.close()


def test_a_kill_during_a_save_leaves_the_game_whole_and_no_temporary_file(tmp_path: Path) -> None:
    """Before: the ``.tmp-*`` files of killed kernels stayed in ``.logger_games`` for ever."""
    _kill_during_save(tmp_path)
    folder = tmp_path / ".logger_games"
    assert len(list(folder.glob(".tmp-*"))) == 1  # what the kill left
    old = folder / ".tmp-q8x2k1"  # the name an older version gave, written an hour ago
    old.write_text("{", encoding="utf-8")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    board = Board(["human", "human"], seed=2, autosave=tmp_path)  # the cell run again
    assert list(folder.glob(".tmp-*")) == []
    assert len(board.resume().turns) == 1  # the last whole record


def test_a_lone_surrogate_in_the_metadata_neither_breaks_play_nor_the_record(tmp_path: Path) -> None:
    """Before: ``Board.play`` raised UnicodeEncodeError after the turn was played; ``lpn`` went stale."""
    board = Board(["human", "human"], seed=3, autosave=tmp_path)
    board.game.metadata["names"] = ["Ann\ud83d", "Bo"]  # half an emoji, pasted by a pupil
    _play(board, 2)
    assert board.lpn == board.game.position.to_lpn()
    (path,) = (tmp_path / ".logger_games").glob("*.json")
    saved = Game.load(path)
    assert saved.metadata == {"names": ["Ann\ud83d", "Bo"]} and saved.turns == board.game.turns


def test_saving_never_breaks_a_turn(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    board = Board(["human", "human"], seed=3, autosave=tmp_path / "file")
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    _play(board, 1)
    assert len(board.game.turns) == 1 and board.lpn == board.game.position.to_lpn()
    assert "could not be saved" in caplog.text


class _Kernel:
    """A real kernel in ``folder``, run as Jupyter front ends run cells (with or without a cell id)."""

    def __init__(self, folder: Path, session_name: str | None, **extra_env: str) -> None:
        from jupyter_client.manager import KernelManager

        env = {k: v for k, v in os.environ.items() if k != "JPY_SESSION_NAME"} | extra_env
        if session_name is not None:
            env["JPY_SESSION_NAME"] = str(folder / session_name)
        self.km = KernelManager(kernel_name="python3")
        self.km.start_kernel(cwd=str(folder), env=env)
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=120)

    def run(self, code: str, cell_id: str | None = None) -> str:
        """Run ``code`` as JupyterLab does when ``cell_id`` is given (the cell's id, input allowed),
        else as nbclient does (no id, no input: a client that records the outputs)."""
        msg = self.kc.session.msg(
            "execute_request",
            {
                "code": code,
                "silent": False,
                "store_history": True,
                "user_expressions": {},
                "allow_stdin": cell_id is not None,
            },
            metadata={"cellId": cell_id} if cell_id else {},
        )
        self.kc.shell_channel.send(msg)
        out: list[str] = []
        while True:
            reply = self.kc.get_iopub_msg(timeout=120)
            if reply["parent_header"].get("msg_id") != msg["header"]["msg_id"]:
                continue
            kind, content = reply["msg_type"], reply["content"]
            if kind == "stream":
                out.append(content["text"])
            elif kind == "error":
                raise AssertionError("\n".join(content["traceback"]))
            elif kind == "status" and content["execution_state"] == "idle":
                return "".join(out)

    def close(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)


BOARD_CELL = 'from logger_widget import Board\n{name} = Board(["human", "human"], seed=4, locale="en")'
PLAY_CELL = (
    "import random\nrng = random.Random({seed})\n"
    "for _ in range({turns}):\n    {name}.play(rng.choice(sorted({name}.position.legal_turns(), key=str)))\n"
)
OFFER = 'import json; print(json.dumps({name}.view["resume"]))'


@pytest.mark.slow
def test_two_boards_with_the_same_settings_in_one_notebook_keep_their_own_games(tmp_path: Path) -> None:
    """Before: both boards wrote one file; after a restart both offered the last one (a 6-turn game was lost).

    Also two boards made in one cell, and a cell whose front end sends no cell id (its code tells it apart).
    """
    kernel = _Kernel(tmp_path, "lesson.ipynb")
    try:
        kernel.run(BOARD_CELL.format(name="a"), cell_id="cell-a")
        kernel.run(BOARD_CELL.format(name="b"), cell_id="cell-b")
        kernel.run(BOARD_CELL.format(name="c") + "\n" + BOARD_CELL.format(name="d").splitlines()[1])
        for name, turns in (("a", 6), ("b", 2), ("c", 3), ("d", 4)):
            kernel.run(PLAY_CELL.format(seed=turns, turns=turns, name=name))
        kernel.km.restart_kernel(now=True)
        kernel.kc.wait_for_ready(timeout=120)
        kernel.run(BOARD_CELL.format(name="a"), cell_id="cell-a")
        kernel.run(BOARD_CELL.format(name="b"), cell_id="cell-b")
        kernel.run(BOARD_CELL.format(name="c") + "\n" + BOARD_CELL.format(name="d").splitlines()[1])
        offers = {n: json.loads(kernel.run(OFFER.format(name=n))) for n in "abcd"}
    finally:
        kernel.close()
    assert offers == {
        n: {"label": f"Resume the saved game ({t} turns)"} for n, t in zip("abcd", (6, 2, 3, 4))
    }


@pytest.mark.slow
def test_kernels_without_a_notebook_name_do_not_share_games(tmp_path: Path) -> None:
    """Before: the second of two kernels started without JPY_SESSION_NAME was offered the first's game.

    Voilà starts such a kernel per visitor (with ``VOILA_SERVER_URL`` in its environment): there the
    board saves nothing at all, since a visitor's kernel ends with the visit.
    """
    first = _Kernel(tmp_path, None)  # cells come with their ids, as a front end sends them: autosave is on
    try:
        first.run(BOARD_CELL.format(name="board"), cell_id="board-cell")
        first.run(PLAY_CELL.format(seed=1, turns=5, name="board"), cell_id="play-cell")
        second = _Kernel(tmp_path, None)
        try:
            second.run(BOARD_CELL.format(name="board"), cell_id="board-cell")
            offered = json.loads(second.run(OFFER.format(name="board")))
        finally:
            second.close()
        visitor = _Kernel(tmp_path, None, VOILA_SERVER_URL="http://localhost:8866/", VOILA_BASE_URL="/")
        try:
            visitor.run(BOARD_CELL.format(name="board"))
            visitor_offer = json.loads(visitor.run(OFFER.format(name="board")))
            visitor.run(PLAY_CELL.format(seed=2, turns=3, name="board"))
        finally:
            visitor.close()
    finally:
        first.close()
    assert offered is None and visitor_offer is None
    assert [len(Game.load(p).turns) for p in (tmp_path / ".logger_games").glob("*.json")] == [5]


@pytest.mark.slow
def test_a_bots_only_board_in_jupyterlab_plays_at_a_pace_one_can_follow(tmp_path: Path) -> None:
    """JupyterLab sends the cell's id; before, the kernel counted as headless until the view sent a message,
    so four bots played the whole game inside the cell (over 2.3 s after it started)."""
    kernel = _Kernel(tmp_path, "play.ipynb")
    cell = 'from logger_widget import Board\nb = Board(["random"] * 4, seed=1, bot_delay=0.3, locale="en")'
    try:
        kernel.run(cell, cell_id="board-cell")  # every cell as JupyterLab sends it
        at_once = json.loads(
            kernel.run("import json; print(json.dumps([len(b.game.turns), b.game.is_over]))", cell_id="c2")
        )
        kernel.run("import asyncio\nawait asyncio.sleep(2)", cell_id="c3")  # the loop runs: bot turns arrive
        later = json.loads(kernel.run("import json; print(json.dumps(len(b.game.turns)))", cell_id="c4"))
    finally:
        kernel.close()
    assert at_once[1] is False and at_once[0] <= 1
    assert (
        1 <= later <= 2 / 0.3 + 1
    )  # (nbclient sends no cell id: test_saved_widget_state_holds_… plays at once)


def test_a_folder_keeps_a_bounded_number_of_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each board keeps its last KEEP games, a folder its last FOLDER_KEEP (kernels without a notebook
    name each have their own key): a folder never fills up, and the game offered is never removed."""
    from logger_widget.board import persistence

    monkeypatch.setattr(persistence, "KEEP", 3)
    monkeypatch.setattr(persistence, "FOLDER_KEEP", 5)
    board = Board(["human", "human"], seed=1, autosave=tmp_path)
    for n in range(1, 6):  # five games of one board
        board.new_game()
        _play(board, n)
    folder = tmp_path / ".logger_games"
    assert sorted(len(Game.load(p).turns) for p in folder.glob("*.json")) == [3, 4, 5]
    again = Board(["human", "human"], seed=1, autosave=tmp_path)
    del board  # (its files are no longer written)
    offered = max(folder.glob("*.json"), key=lambda p: len(Game.load(p).turns))
    os.utime(offered, (time.time() - 3600, time.time() - 3600))  # the oldest file now
    for seed in range(2, 6):  # four other boards, one game each
        _play(Board(["human", "human"], seed=seed, autosave=tmp_path), 1)
    assert len(list(folder.glob("*.json"))) == 5
    assert len(again.resume().turns) == 5  # the offered game stayed

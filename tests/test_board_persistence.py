"""Saved notebooks keep the game: headless runs show the board as it really is, and a board's
game survives a kernel restart (a real kernel, driven with nbclient / jupyter_client / nbconvert)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
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


def test_autosave_writes_atomically_and_offers_only_unfinished_games(tmp_path: Path) -> None:
    board = Board(["human", "human"], seed=1, autosave=tmp_path)
    assert board.autosave.saved() is None
    for turn in list(board.position.legal_turns())[:1]:
        board.play(turn)
    assert board.autosave.saved() is not None
    again = Board(["human", "human"], seed=1, autosave=tmp_path)
    assert again.resume().turns == board.game.turns
    other = Board(["human", "human"], seed=2, autosave=tmp_path)  # other settings: another file
    with pytest.raises(LookupError):
        other.resume()
    assert len(list((tmp_path / ".logger_games").glob("*.json"))) == 1
    assert AutoSave.for_board(False, ["human"], 1, None, 2).saved() is None
    with pytest.raises(TypeError, match="autosave"):
        Board(["human", "human"], autosave=3)


def _intent(board: Board, action: str, seq: int) -> str:
    """Send an intent as the board's ES module does."""
    msg = {"type": "intent", "client": "test", "seq": seq, "version": board.view["version"], "action": action}
    return board.handle_message(msg)


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
    assert again.view["resume"] is None and again.view["notice"]["kind"] == "success"
    assert again.game.positions == first.game.positions  # the same history, not only the same position

    # a board whose person plays on instead: the offer goes (the new game is what is saved now)
    other = Board(locale="en", **settings)
    assert other.view["resume"] is not None
    other.play(next(iter(other.position.legal_turns())))
    assert other.view["resume"] is None
    # the file went away after the offer was shown: the button says so, nothing changes
    late = Board(locale="en", **settings)
    for path in (tmp_path / ".logger_games").glob("*.json"):
        path.unlink()
    lpn = late.lpn
    assert _intent(late, "resume", 1) == "rejected" and late.lpn == lpn
    assert "any more" in late.view["notice"]["text"]

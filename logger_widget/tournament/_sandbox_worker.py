"""The child side of :mod:`logger_widget.tournament.sandbox`: runs ONE pupil's bot file.

Started as ``python -s -m logger_widget.tournament._sandbox_worker MEMORY_BYTES``
(optionally inside bubblewrap). It talks JSON lines over its stdin/stdout,
which it first moves to private descriptors: the bot's own printing (Python or
C level) goes to ``/dev/null``, so a bot cannot flood or forge the protocol by
printing. Before loading the bot it lowers its own limits
(:func:`resource.setrlimit`): address space ``RLIMIT_AS`` = MEMORY_BYTES, no
core dumps, files it writes at most 1 MiB (``RLIMIT_FSIZE``); and it asks Linux
to kill it when the parent dies (``PR_SET_PDEATHSIG``).

Requests and replies (one JSON object per line):

* ``{"op": "load", "path": "/abs/bots/anna.py"}`` → ``{"ok": true, "name": "anna"}``
  or ``{"ok": false, "kind": "load", "what": "..."}``. The file must define
  ``choose(position)`` or a class ``Bot`` (instances with ``choose``); an
  optional module-level ``NAME`` string names the bot (default: the file stem).
* ``{"op": "new", "seed": 123}`` → ``{"ok": true}``: a new game; the global
  :mod:`random` is seeded and a ``Bot`` class is instantiated afresh
  (``Bot(seed=...)`` when it accepts ``seed``, else ``Bot()``).
* ``{"op": "choose", "lpn": "..."}`` → ``{"ok": true, "turn": "notation"}`` or
  ``{"ok": false, "kind": ..., "what": ...}`` with kind ``"exception"``,
  ``"memory"`` (MemoryError), ``"exit"`` (SystemExit) or ``"type"``.

This module imports only the engine; nothing of the parent is shared.
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import os
import random
import resource
import sys
from typing import Any

_MiB = 1024 * 1024


def _describe(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text:.300}" if text else type(exc).__name__


def _limit(memory: int) -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (_MiB, _MiB))
    if memory > 0:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:  # Linux: die with the parent (an endless bot must not outlive the teacher's kernel)
        import ctypes
        import signal

        ctypes.CDLL(None).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    except Exception:  # pragma: no cover - not Linux
        pass


class _Seat:
    def __init__(self) -> None:
        self.module: Any = None
        self.bot: Any = None

    def load(self, path: str) -> dict[str, Any]:
        name = os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location(f"pupil_bot_{name}", path)
        if spec is None or spec.loader is None:
            return {"ok": False, "kind": "load", "what": f"{path} is not a Python file"}
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        has_class = inspect.isclass(getattr(module, "Bot", None))
        if not has_class and not callable(getattr(module, "choose", None)):
            return {
                "ok": False,
                "kind": "load",
                "what": "defines neither a function choose(position) nor a class Bot",
            }
        self.module = module
        label = getattr(module, "NAME", None)
        return {"ok": True, "name": label if isinstance(label, str) and label.strip() else name}

    def new(self, seed: Any) -> dict[str, Any]:
        random.seed(seed)
        cls: Any = getattr(self.module, "Bot", None)
        if inspect.isclass(cls):
            try:
                accepts_seed = "seed" in inspect.signature(cls).parameters
            except (TypeError, ValueError):
                accepts_seed = False
            maker: Any = cls
            self.bot = maker(seed=seed) if accepts_seed else maker()
            if not callable(getattr(self.bot, "choose", None)):
                return {"ok": False, "kind": "type", "what": "its Bot has no choose(position) method"}
        else:
            self.bot = None
        return {"ok": True}

    def choose(self, lpn: str) -> dict[str, Any]:
        from logger_widget.engine.position import Position
        from logger_widget.engine.turn import Turn

        position = Position.from_lpn(lpn)
        choose = self.bot.choose if self.bot is not None else self.module.choose
        turn = choose(position)
        if isinstance(turn, Turn):
            return {"ok": True, "turn": turn.notation()}
        if isinstance(turn, str):
            return {"ok": True, "turn": turn[:1000]}
        return {
            "ok": False,
            "kind": "type",
            "what": f"returned {type(turn).__name__} {turn!r:.60}, not a Turn or turn notation",
        }


def _answer(seat: _Seat, request: dict[str, Any]) -> dict[str, Any]:
    op = request.get("op")
    try:
        if op == "load":
            return seat.load(str(request["path"]))
        if op == "new":
            return seat.new(request.get("seed"))
        if op == "choose":
            return seat.choose(str(request["lpn"]))
        return {"ok": False, "kind": "protocol", "what": f"unknown request {op!r}"}
    except MemoryError:
        return {"ok": False, "kind": "memory", "what": "ran out of memory (MemoryError)"}
    except SystemExit as exc:
        return {"ok": False, "kind": "exit", "what": f"called sys.exit({exc.code!r:.40})"}
    except BaseException as exc:  # noqa: BLE001 - a pupil's bot may raise anything
        kind = "load" if op == "load" else "exception"
        return {"ok": False, "kind": kind, "what": f"raised {_describe(exc)}"}


def main(argv: list[str]) -> None:
    """Serve requests until stdin closes (see the module docstring)."""
    memory = int(argv[1]) if len(argv) > 1 else 0
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    _limit(memory)
    seat = _Seat()
    for line in requests:
        try:
            request = json.loads(line)
        except ValueError:
            return
        reply = _answer(seat, request)
        try:
            text = json.dumps(reply)
        except (TypeError, ValueError):
            text = json.dumps({"ok": False, "kind": "type", "what": "returned something not JSON-able"})
        replies.write(text + "\n")
        replies.flush()


if __name__ == "__main__":
    main(sys.argv)

"""The child side of :mod:`logger_widget.tournament.sandbox`: runs ONE pupil's bot file.

Started as a script, ``python -I -S -B _sandbox_worker.py --lib DIR --bot FILE --memory BYTES
--cpu SECONDS --fsize BYTES --nofile N --nproc N`` (inside bubblewrap unless the
teacher chose ``isolation="none"``, see :mod:`logger_widget.tournament.isolation`).
``DIR`` is put on ``sys.path`` so that ``logger_widget.engine`` (and the pure-Python
``logger_widget.bots``) can be imported; nothing else of the teacher's environment is.

It talks JSON lines over its stdin/stdout, which it first moves to private
descriptors: the bot's own printing (Python or C level) goes to ``/dev/null``.
Before loading the bot it lowers its own limits (:func:`resource.setrlimit`,
soft = hard, so the bot cannot raise them; at the CPU limit Linux sends ``SIGKILL``): address space ``RLIMIT_AS``, CPU
seconds ``RLIMIT_CPU`` (of this process's whole life), size of a file it writes
``RLIMIT_FSIZE``, open files ``RLIMIT_NOFILE``, processes and threads of its
user ``RLIMIT_NPROC``, no core dumps; and it asks Linux to kill it when its
parent dies (``PR_SET_PDEATHSIG``).

Requests and replies (one JSON object per line):

* ``{"op": "load"}`` → ``{"ok": true, "name": "..."}`` (the file's ``NAME``
  string, or ``""``) or ``{"ok": false, "kind": "load", "what": "..."}``. The
  file must define ``choose(position)`` or a class ``Bot`` (instances with ``choose``).
* ``{"op": "new", "seed": 123}`` → ``{"ok": true}``: a new game; the global
  :mod:`random` is seeded and a ``Bot`` class is instantiated afresh
  (``Bot(seed=...)`` when it accepts ``seed``, else ``Bot()``).
* ``{"op": "choose", "lpn": "..."}`` → ``{"ok": true, "turn": "notation"}`` or
  ``{"ok": false, "kind": ..., "what": ...}`` with kind ``"exception"``,
  ``"memory"`` (MemoryError), ``"exit"`` (SystemExit) or ``"type"``.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import inspect
import json
import os
import random
import resource
import sys
from typing import Any


def _describe(exc: BaseException) -> str:
    try:
        text = str(exc)
    except BaseException:  # noqa: BLE001 - a pupil's exception may fail to print
        text = "?"
    return f"{type(exc).__name__}: {text:.300}" if text else type(exc).__name__


def _limit(args: argparse.Namespace) -> None:
    def cap(which: int, value: int) -> None:
        resource.setrlimit(which, (value, value))

    cap(resource.RLIMIT_CORE, 0)
    cap(resource.RLIMIT_FSIZE, args.fsize)
    cap(resource.RLIMIT_NOFILE, args.nofile)
    cap(resource.RLIMIT_CPU, args.cpu)  # SIGKILL at the limit (PID 1 of its namespace ignores SIGXCPU)
    if args.memory > 0:
        cap(resource.RLIMIT_AS, args.memory)
    if args.nproc > 0:
        cap(resource.RLIMIT_NPROC, args.nproc)
    try:  # Linux: die with the parent (an endless bot must not outlive the teacher's kernel)
        import ctypes
        import signal

        ctypes.CDLL(None).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    except Exception:  # pragma: no cover - not Linux  # noqa: BLE001
        pass


class _Seat:
    def __init__(self, path: str) -> None:
        self.path = path
        self.module: Any = None
        self.bot: Any = None

    def load(self) -> dict[str, Any]:
        loader = importlib.machinery.SourceFileLoader("pupil_bot", self.path)
        spec = importlib.util.spec_from_loader("pupil_bot", loader)
        assert spec is not None
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
        has_class = inspect.isclass(getattr(module, "Bot", None))
        if not has_class and not callable(getattr(module, "choose", None)):
            return {
                "ok": False,
                "kind": "load",
                "what": "defines neither a function choose(position) nor a class Bot",
            }
        self.module = module
        label = getattr(module, "NAME", None)
        return {"ok": True, "name": label[:200] if isinstance(label, str) else ""}

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
            return {"ok": True, "turn": str.__str__(turn)[:1000]}
        try:
            shown = repr(turn)[:60]
        except BaseException:  # noqa: BLE001 - a pupil's object may fail to print
            shown = "?"
        return {
            "ok": False,
            "kind": "type",
            "what": f"returned {type(turn).__name__} {shown}, not a Turn or turn notation",
        }


def _answer(seat: _Seat, request: dict[str, Any]) -> dict[str, Any]:
    op = request.get("op")
    try:
        if op == "load":
            return seat.load()
        if op == "new":
            return seat.new(request.get("seed"))
        if op == "choose":
            return seat.choose(str(request["lpn"]))
        return {"ok": False, "kind": "protocol", "what": f"unknown request {op!r}"}
    except MemoryError:
        return {"ok": False, "kind": "memory", "what": "ran out of memory (MemoryError)"}
    except SystemExit:
        return {"ok": False, "kind": "exit", "what": "called sys.exit()"}
    except BaseException as exc:  # noqa: BLE001 - a pupil's bot may raise anything
        kind = "load" if op == "load" else "exception"
        return {"ok": False, "kind": kind, "what": f"raised {_describe(exc)}"}


def _encode(reply: dict[str, Any]) -> str:
    try:  # surrogates and other odd characters travel escaped (ensure_ascii)
        return json.dumps(reply, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        return json.dumps({"ok": False, "kind": "type", "what": "returned something not JSON-able"})


def main(argv: list[str]) -> None:
    """Serve requests until stdin closes (see the module docstring)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--lib", required=True)
    parser.add_argument("--bot", required=True)
    for name in ("memory", "cpu", "fsize", "nofile", "nproc"):
        parser.add_argument(f"--{name}", type=int, default=0)
    args = parser.parse_args(argv[1:])
    sys.path.append(args.lib)
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    import logger_widget.engine.position  # noqa: F401 - imported before the limits, not by the bot's time

    _limit(args)
    seat = _Seat(args.bot)
    for line in requests:
        try:
            request = json.loads(line)
        except (ValueError, RecursionError):
            return
        replies.write(_encode(_answer(seat, request)) + "\n")
        replies.flush()


if __name__ == "__main__":
    main(sys.argv)

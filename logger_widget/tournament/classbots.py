"""A class's bots: load a pupils' folder and run it as one tournament, safely by default.

A pupils' folder holds one file per bot, ``bots/*.py``, each defining a
function ``choose(position)`` (returning a :class:`~logger_widget.Turn` or turn
notation) or a class ``Bot`` (built once per game, ``Bot(seed=...)`` when it
takes a ``seed``). Files starting with ``_`` are skipped.

**A bot is its file.** Its name in the tables is the file stem (``anna`` for
``anna.py``); an optional ``NAME = "..."`` in the file is only a label, shown as
``"label (anna.py)"`` (at most 40 characters, control characters escaped). No
file can take another's name or results: names that would still coincide are
replaced by the file names, and a label that imitates a file's mark (parentheses,
``.py``, or another file's stem followed by anything, compared case- and
width-insensitively) is not shown at all: ``NAME = "ben (ben.py)"`` in
``eve.py`` is shown as ``eve``.

:func:`load_class_bots` first checks that pupils' code can run isolated here
(:func:`~logger_widget.tournament.sandbox.check_isolation`: one
:class:`~logger_widget.tournament.sandbox.SandboxUnavailable` for the teacher,
before any pupil's file is loaded), then loads every file in its own sandbox
(:mod:`logger_widget.tournament.sandbox`): a file that does not load (syntax
error, missing import, no ``choose``/``Bot``, endless or crashing top-level
code) is reported in :attr:`ClassBots.problems`, never fatal.
:func:`class_tournament` does that and plays a round robin in one call, with
every game of a failing bot recorded as a forfeit with its reason, and ends
every sandbox it started when it returns.

``sandbox=False`` imports the files into this process instead (trusted code
only: no time, memory or crash protection; warns with
:class:`~logger_widget.tournament.sandbox.UnisolatedWarning`).
"""

from __future__ import annotations

import concurrent.futures as cf
import glob
import importlib.util
import inspect
import os
import unicodedata
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.base import BaseBot, BotError, FunctionBot
from .runner import Tournament, round_robin
from .sandbox import (
    MAX_LABEL,
    SandboxedBot,
    SandboxLimits,
    UnisolatedWarning,
    check_isolation,
    probe,
    safe_text,
    shutdown_workers,
)

__all__ = ["ClassBots", "ClassTournament", "class_tournament", "load_class_bots"]


@dataclass
class ClassBots:
    """The bots of a pupils' folder.

    Attributes:
        bots: the loadable bots, in file-name order (:class:`SandboxedBot`, or
            in-process bots with ``sandbox=False``); names are unique, made from
            the file (see the module docstring).
        files: the file of each bot, same order.
        problems: ``{file name: reason}`` for files that did not load.
    """

    bots: list[Any] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    problems: dict[str, str] = field(default_factory=dict)

    def report(self) -> str:
        """A plain-text list: the bots loaded and each problem file with its reason."""
        names = ", ".join(safe_text(b.name, 200) for b in self.bots) or "-"
        lines = [f"{len(self.bots)} bots loaded: {names}"]
        for file, reason in self.problems.items():
            lines.append(f"{safe_text(file, 200)}: not loaded: {safe_text(reason, 400)}")
        return "\n".join(lines)


class _TrustedClassBot(BaseBot):
    """A ``Bot`` class of a trusted file, rebuilt for each game (in-process path)."""

    def __init__(self, cls: type, seed: Any = None, name: str | None = None) -> None:
        super().__init__(seed, name)
        self.cls = cls
        try:
            accepts = "seed" in inspect.signature(cls).parameters
        except (TypeError, ValueError):
            accepts = False
        self.bot = cls(seed=seed) if accepts else cls()

    def with_seed(self, seed: Any) -> _TrustedClassBot:
        return _TrustedClassBot(self.cls, seed, self.name)

    def choose(self, position: Any) -> Any:
        return FunctionBot(self.bot.choose, self.name).choose(position)


def _load_trusted(path: str, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"class_bot_{name}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if inspect.isclass(getattr(module, "Bot", None)):
        return _TrustedClassBot(module.Bot, None, name)
    if callable(getattr(module, "choose", None)):
        return FunctionBot(module.choose, name)
    raise ImportError("defines neither a function choose(position) nor a class Bot")


def load_class_bots(
    folder: str | os.PathLike[str],
    *,
    sandbox: bool = True,
    limits: SandboxLimits | None = None,
    pattern: str = "*.py",
) -> ClassBots:
    """Load every bot file of ``folder`` (see the module docstring).

    Args:
        folder: the pupils' folder (e.g. ``"bots"``).
        sandbox: run each bot in its own worker process (default); ``False``
            imports the files here (trusted code only).
        limits: :class:`SandboxLimits` (time per turn, memory, isolation).
        pattern: file pattern inside the folder.

    Returns:
        :class:`ClassBots`: the bots and ``problems`` (file name → reason).

    Raises:
        FileNotFoundError: ``folder`` is not a directory.
        SandboxUnavailable: pupils' code cannot run isolated here (before any file is loaded).
    """
    folder = os.fspath(folder)
    if not os.path.isdir(folder):
        raise FileNotFoundError(f"bot folder {folder!r} is not a directory")
    limits = limits or SandboxLimits()
    if sandbox:
        check_isolation(limits)  # the teacher's setup first: no pupil is blamed for it
    else:
        warnings.warn(
            f"the bot files of {folder} are imported into this process (sandbox=False): "
            "only for code you trust",
            UnisolatedWarning,
            stacklevel=2,
        )
    out = ClassBots()
    labels: list[str] = []
    for path in sorted(glob.glob(os.path.join(folder, pattern))):
        file = os.path.basename(path)
        if file.startswith("_"):
            continue
        stem = os.path.splitext(file)[0]
        try:
            if sandbox:
                label = probe(path, limits)
                bot: Any = SandboxedBot(path, stem, limits)
            else:
                label = ""
                bot = _load_trusted(path, stem)
        except BotError as err:
            out.problems[file] = safe_text(err.what, 400)
            continue
        except Exception as exc:  # noqa: BLE001 - trusted files may fail in any way too
            out.problems[file] = safe_text(f"{type(exc).__name__}: {exc}", 400)
            continue
        out.bots.append(bot)
        out.files.append(file)
        labels.append(label)
    for bot, name in zip(out.bots, _names(out.files, labels)):
        bot.name = name
    return out


def _folded(text: str) -> str:
    """``text`` compared as a reader sees it: NFKC, case-folded, letters and digits only."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", text).casefold() if ch.isalnum())


def _imitates(label: str, stems: Sequence[str]) -> bool:
    """Whether a ``NAME`` label looks like a file's mark: parentheses, ``.py``, or one of ``stems`` (others' files) and more."""
    shown = unicodedata.normalize("NFKC", label).casefold()
    if any(ch in shown for ch in "()（）") or ".py" in shown:
        return True
    folded = _folded(label)
    return any(f and folded != f and folded.startswith(f) for f in map(_folded, stems))


def _names(files: Sequence[str], labels: Sequence[str]) -> list[str]:
    """Unique display names, one per file: the stem, or ``"label (file)"``; coinciding ones become the file name.

    A label that imitates a file's mark (:func:`_imitates`) is dropped: the stem is shown.
    """
    names = []
    stems = [os.path.splitext(file)[0] for file in files]
    for file, label in zip(files, labels):
        stem = safe_text(os.path.splitext(file)[0], 80)
        label = safe_text(label, MAX_LABEL).strip()
        if _imitates(label, [other for other in stems if other != os.path.splitext(file)[0]]):
            label = ""
        names.append(stem if not label or label == stem else f"{label} ({safe_text(file, 80)})")
    for round_ in range(3):
        seen: dict[str, int] = {}
        for name in names:
            seen[name] = seen.get(name, 0) + 1
        clashes = [i for i, name in enumerate(names) if seen[name] > 1]
        if not clashes:
            break
        for i in clashes:  # nobody keeps a contested name: each falls back to its own file
            names[i] = safe_text(files[i], 200) if round_ == 0 else f"{safe_text(files[i], 200)} #{i + 1}"
    return names


@dataclass
class ClassTournament:
    """The result of :func:`class_tournament`.

    Attributes:
        tournament: the :class:`~logger_widget.tournament.Tournament` (forfeits
            carry their reason in ``GameResult.error``).
        loaded: the :class:`ClassBots` (with the files that did not load).
    """

    tournament: Tournament
    loaded: ClassBots

    @property
    def problems(self) -> dict[str, str]:
        """Files that did not load → reason."""
        return self.loaded.problems

    def forfeits(self) -> dict[str, list[str]]:
        """Each bot's forfeit reasons, in game order (bots without forfeits left out)."""
        out: dict[str, list[str]] = {}
        for g in self.tournament.games:
            if g.forfeit_seat is not None:
                out.setdefault(g.names[g.forfeit_seat - 1], []).append(g.error or "")
        return out


def class_tournament(
    folder: str | os.PathLike[str],
    games_per_pair: int = 2,
    seed: int = 0,
    executor: cf.Executor | str | None = None,
    *,
    extra_bots: Sequence[Any] = (),
    sandbox: bool = True,
    limits: SandboxLimits | None = None,
    workers: int | None = None,
    progress: bool = True,
    desc: str | None = None,
    turn_limit: int | None = 400,
) -> ClassTournament:
    """Load a pupils' folder and play a round robin of its bots (plus ``extra_bots``) in one call.

    Args:
        folder: the pupils' folder (see :func:`load_class_bots`).
        games_per_pair: as in :func:`~logger_widget.tournament.round_robin`.
        seed: as in :func:`~logger_widget.tournament.round_robin`.
        executor: as in :func:`~logger_widget.tournament.round_robin`.
        workers: as in :func:`~logger_widget.tournament.round_robin`.
        progress: as in :func:`~logger_widget.tournament.round_robin`.
        desc: as in :func:`~logger_widget.tournament.round_robin`.
        turn_limit: as in :func:`~logger_widget.tournament.round_robin`; forfeits never stop the tournament.
        extra_bots: trusted bots to add (presets such as ``"greedy"`` or bot objects).
        sandbox: as in :func:`load_class_bots` (protections on by default).
        limits: as in :func:`load_class_bots`.

    Returns:
        :class:`ClassTournament`.

    Raises:
        FileNotFoundError: ``folder`` is not a directory.
        ValueError: fewer than 2 bots loaded (the message lists the problems).
        SandboxUnavailable: pupils' code cannot run isolated here (before any game).
    """
    try:
        loaded = load_class_bots(folder, sandbox=sandbox, limits=limits)
        bots = [*loaded.bots, *extra_bots]
        if len(bots) < 2:
            raise ValueError(f"a class tournament needs at least 2 bots; {loaded.report()}")
        tournament = round_robin(
            bots,
            games_per_pair,
            seed,
            executor,
            progress,
            desc,
            workers=workers,
            turn_limit=turn_limit,
            on_error="forfeit",
        )
    finally:
        shutdown_workers()  # no sandbox outlives the tournament
    return ClassTournament(tournament, loaded)

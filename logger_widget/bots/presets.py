"""Named bot presets for the board widget and tournaments, and :func:`make_bot`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .base import Bot, as_bot
from .greedy import GreedyBot
from .mcts import MCTSBot
from .minimax import MinimaxBot
from .random_bot import RandomBot

__all__ = ["MCTS_SETTINGS", "PRESETS", "Preset", "make_bot", "preset_names"]


@dataclass(frozen=True, slots=True)
class Preset:
    """A named bot setting.

    Its translated label, for menus and tables, is
    ``logger_widget.i18n.texts.board.BOT_LABELS[spec]`` (the i18n layer's, not the bots').

    Attributes:
        spec: the string accepted by :func:`make_bot` (``"mcts:hard"``), also the bot's name.
        factory: ``factory(seed) -> Bot``.
    """

    spec: str
    factory: Callable[[Any], Bot]

    def make(self, seed: Any = None) -> Bot:
        """A new bot of this preset with ``seed`` (named after the preset's spec)."""
        return self.factory(seed)


#: The MCTS presets' settings (keyword arguments of :class:`MCTSBot`), from the measured Elo
#: ladders (docs/bots.md, "How strong are the presets?"; ``benchmarks/bench_ladder.py`` measures
#: them again). Budgets are iteration counts by number of players, so a preset is reproducible
#: with a seed and does not depend on the machine's speed. More search buys much less with more
#: players (from ``greedy`` to ``hard`` is ~200 Elo in a 4-player table, ~900 with 2), so
#: ``easy`` and ``medium`` search far less at 3 and 4 players, and ``easy`` tries the turns in
#: random order (no best-first ordering: it can overlook a chop), to keep each step of the ladder
#: at least +150 Elo at every table size. ``hard`` thinks about 0.1–0.2 s a turn compiled, ~2 s
#: in Python.
MCTS_SETTINGS: MappingProxyType[str, MappingProxyType[str, Any]] = MappingProxyType(
    {
        "easy": MappingProxyType({"iterations": MappingProxyType({2: 50, 3: 15, 4: 8}), "ordering": False}),
        "medium": MappingProxyType({"iterations": MappingProxyType({2: 1000, 3: 100, 4: 8})}),
        "hard": MappingProxyType({"iterations": MappingProxyType({2: 20000, 3: 20000, 4: 20000})}),
    }
)


def _mcts(level: str) -> Preset:
    spec = f"mcts:{level}"
    return Preset(spec, lambda seed: MCTSBot(seed=seed, name=spec, **MCTS_SETTINGS[level]))


_LIST = (
    Preset("random", lambda seed: RandomBot(seed=seed, name="random")),
    Preset("greedy", lambda seed: GreedyBot(seed=seed, name="greedy")),
    _mcts("easy"),
    _mcts("medium"),
    _mcts("hard"),
    Preset("minimax:easy", lambda seed: MinimaxBot(depth=1, seed=seed, name="minimax:easy")),
    Preset(
        "minimax:medium",
        lambda seed: MinimaxBot(depth=2, width=12, seed=seed, name="minimax:medium"),
    ),
    Preset(
        "minimax:hard",
        lambda seed: MinimaxBot(depth=3, width=8, seed=seed, name="minimax:hard"),
    ),
)

#: Every preset by spec, in menu order. ``"easy"``, ``"medium"`` and ``"hard"``
#: alone are accepted by :func:`make_bot` as the MCTS presets.
PRESETS: MappingProxyType[str, Preset] = MappingProxyType({p.spec: p for p in _LIST})

_ALIASES = {
    "easy": "mcts:easy",
    "medium": "mcts:medium",
    "hard": "mcts:hard",
    "mcts": "mcts:medium",
    "minimax": "minimax:medium",
}


def preset_names() -> tuple[str, ...]:
    """Every string :func:`make_bot` accepts, presets first, then aliases."""
    return tuple(PRESETS) + tuple(_ALIASES)


def make_bot(spec: Any, seed: Any = None) -> Bot:
    """A bot from a spec: a bot object, a plain function, or a preset name.

    Args:
        spec: a :class:`~logger_widget.bots.Bot` (returned as it is, or
            reseeded with :meth:`~logger_widget.bots.BaseBot.with_seed` when
            ``seed`` is given and it has that method); a callable
            ``position -> Turn | str`` (wrapped by :func:`as_bot`); or one of
            the strings in :data:`PRESETS` (``"random"``, ``"greedy"``,
            ``"mcts:easy"``, ``"mcts:medium"``, ``"mcts:hard"``,
            ``"minimax:easy"``…) or an alias (``"easy"``, ``"medium"``,
            ``"hard"`` = the MCTS presets; ``"mcts"``, ``"minimax"`` = medium),
            case and surrounding spaces ignored.
        seed: seed for the bot's random numbers.

    Raises:
        ValueError: an unknown preset name (the message lists the valid ones).
        TypeError: ``spec`` is neither a bot, a callable nor a string.
    """
    if isinstance(spec, str):
        key = spec.strip().lower()
        key = _ALIASES.get(key, key)
        preset = PRESETS.get(key)
        if preset is None:
            raise ValueError(
                f"unknown bot {spec!r}: choose one of {', '.join(preset_names())}, a Bot or a function"
            )
        return preset.make(seed)
    if callable(getattr(spec, "choose", None)) and isinstance(getattr(spec, "name", None), str):
        if seed is not None and callable(getattr(spec, "with_seed", None)):
            return spec.with_seed(seed)
        return spec
    if callable(spec):
        return as_bot(spec)
    raise TypeError(f"a bot spec must be a Bot, a function or a preset name, not {type(spec).__name__}")

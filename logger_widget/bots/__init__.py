"""Bots for Logger: random, greedy, Monte Carlo tree search (UCT) and minimax.

Quick start::

    from logger_widget.bots import make_bot
    bot = make_bot("mcts:medium", seed=1)
    turn = bot.choose(position)
    for candidate in bot.analyse(position)[:3]:
        print(candidate)

See ``docs/bots.md``.
"""

from __future__ import annotations

from .base import BaseBot, Bot, BotError, Candidate, FunctionBot, as_bot
from .greedy import GreedyBot
from .mcts import MCTSBot
from .minimax import MinimaxBot, evaluate
from .presets import PRESETS, Preset, make_bot
from .random_bot import RandomBot

__all__ = [
    "BaseBot",
    "Bot",
    "BotError",
    "Candidate",
    "FunctionBot",
    "GreedyBot",
    "MCTSBot",
    "MinimaxBot",
    "PRESETS",
    "Preset",
    "RandomBot",
    "as_bot",
    "evaluate",
    "make_bot",
]

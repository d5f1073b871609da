"""Exercise 3, your own bot: try a student's bot, then play it against the greedy bot.

:func:`check_own_bot` first tries the bot on two positions (:func:`preflight`),
then plays a seeded round robin against :class:`~logger_widget.bots.GreedyBot`
(:func:`classroom_round_robin`, also used by exercise 4) and explains forfeits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...bots import GreedyBot, as_bot
from ...engine.position import Position
from ...engine.turn import Turn
from ...i18n import NP_, Translator, negotiate
from ...i18n.explain import RuleNote
from ...tournament import GameResult, Tournament, round_robin
from ..feedback import (
    ExerciseFeedback,
    Message,
    feedback,
    games,
    is_empty,
    note,
)
from .common import PROGRESS_GAMES, SEED, Ask, Exercise, Md, Section, read_turn

#: Games against the greedy bot: ``QUICK = True`` in the notebooks or not.
OWN_BOT_GAMES = {True: 20, False: 100}

_OB_EMPTY = NP_(
    "exercise:own_bot:empty",
    "Your bot is not written yet: make `my_bot(position)` return a turn instead of `...`.",
)
_OB_NOT_FUNCTION = NP_(
    "exercise:own_bot:not_function",
    "`my_bot` must be a function `my_bot(position)`, not an object of type {type}.",
)
_OB_RETURNS_NOTHING = NP_(
    "exercise:own_bot:returns_nothing",
    "Your function returns nothing yet. Return a turn, for example the first legal one: "
    "`return next(position.legal_turns())`, and then make it cleverer.",
)
_OB_RETURNS_TYPE = NP_(
    "exercise:own_bot:returns_type",
    "Your function returns an object of type {type}. It must return a turn: a `Turn` or its notation as text.",
)
_OB_RAISED = NP_("exercise:own_bot:raised", "Your bot stopped with an error: {error}")
_OB_IN_POSITION = NP_("exercise:own_bot:in_position", "(Position: `{lpn}`.)")
_OB_OK = NP_(
    "exercise:own_bot:ok",
    "Well done! Your bot scored {rate} of the points against the greedy bot "
    "(games: {games}; won {wins}, shared {draws}, lost {losses}), {level} interval [{low}, {high}].",
)
_OB_NOT_YET = NP_(
    "exercise:own_bot:not_yet",
    "Not yet: your bot scored {rate} of the points against the greedy bot "
    "(games: {games}; won {wins}, shared {draws}, lost {losses}), {level} interval [{low}, {high}]. "
    "It needs more than 0.5.",
)
_OB_CONVINCING = NP_(
    "exercise:own_bot:convincing",
    "The whole interval is above 0.5: your bot is really stronger in these games.",
)
_OB_LUCK = NP_(
    "exercise:own_bot:luck",
    "But the interval still contains 0.5, so it could be luck: play more games (`QUICK = False`) to be sure.",
)
_OB_DUPLICATES = NP_(
    "exercise:own_bot:duplicates",
    "Only {distinct} of the games were different: a bot that always plays the same turn in the same "
    "position repeats the same game, and a repeated game adds no information. "
    "The interval counts every game, so it looks more certain than it is.",
)
_OB_FORFEITS = NP_(
    "exercise:own_bot:forfeits",
    "Games your bot lost by an error: {forfeits}. The first one:",
)
_OB_HINT = NP_(
    "exercise:own_bot:hint",
    "Hint: the greedy bot looks only at this turn and at the next player's biggest chop. "
    "Try giving every legal turn a score with `evaluate(position.play(turn), position.to_move)` "
    "and play the best one.",
)


def preflight(bot: Any, locale: str | None) -> ExerciseFeedback | None:
    """Try a student's bot on two positions: the feedback when it is a placeholder or fails, else ``None``."""
    if is_empty(bot):
        return feedback("hint", _OB_EMPTY, locale)
    try:
        wrapped = as_bot(bot)
    except TypeError:
        return feedback("hint", _OB_NOT_FUNCTION, locale, {"type": type(bot).__name__})
    start = Position.initial(2)
    for position in (start, start.play(GreedyBot().choose(start))):
        problem = _try_bot(bot if not hasattr(bot, "choose") else wrapped.choose, position, locale)
        if problem is not None:
            return problem
    return None


def _try_bot(
    call: Callable[[Position], Any], position: Position, locale: str | None
) -> ExerciseFeedback | None:
    """Ask a student's bot for a turn in ``position``: ``None`` when it gives a legal one, else why not."""
    try:
        result = call(position)
    except Exception as exc:  # a student's bot may raise anything: explain it
        return feedback("wrong", _OB_RAISED, locale, {"error": f"{type(exc).__name__}: {exc}"[:200]})
    if result is None or result is Ellipsis:
        return feedback("hint", _OB_RETURNS_NOTHING, locale)
    if not isinstance(result, (str, Turn)):
        return feedback("wrong", _OB_RETURNS_TYPE, locale, {"type": type(result).__name__})
    turns = read_turn(position, result, locale, strict=True)
    if isinstance(turns, ExerciseFeedback):
        return replace(turns, notes=turns.notes + (note(_OB_IN_POSITION, lpn=position.to_lpn()),))
    return None


def _forfeit_notes(bot: Any, game: GameResult) -> list[tuple[Message, Mapping[str, Any]]]:
    """Why the student's bot lost ``game`` by an error, found by asking it again in that position."""
    position = Position.initial(game.players)
    try:
        for turn in game.turns:
            position = position.play(turn)
        problem = _try_bot(bot if not hasattr(bot, "choose") else as_bot(bot).choose, position, None)
    except Exception:  # the bot may have changed, or not be reproducible: fall back to the record
        problem = None
    if problem is None:
        return [note(_OB_RAISED, error=(game.error or "")[:300])]
    notes: list[tuple[Message, Mapping[str, Any]]] = [(problem.message, problem.params)]
    if problem.detail is not None:
        notes.append((RuleNote(problem.detail[0]), problem.detail[1]))
    return notes + list(problem.notes)


def classroom_round_robin(
    bots: Sequence[Any], games_per_pair: int, seed: int, progress: bool, tr: Translator
) -> Tournament:
    """A round robin (:func:`~logger_widget.tournament.round_robin`) in this process, labelled in ``tr``'s language.

    Every pair plays ``games_per_pair`` games, seats swapped, ordered round by
    round so that Elo sees the pairs mixed. In this process, because a
    student's bot is a function of the notebook, which a process pool cannot
    pickle.
    """
    return round_robin(
        bots, games_per_pair, seed, "serial", progress, tr.translate(PROGRESS_GAMES), order="rounds"
    )


def check_own_bot(
    bot: Any,
    quick: bool = True,
    *,
    games: int | None = None,
    seed: int = SEED,
    progress: bool = True,
    locale: str | None = None,
) -> ExerciseFeedback:
    """Play ``bot`` against :class:`~logger_widget.bots.GreedyBot`, seats swapped, and judge it.

    Accepted when the bot scores more than half of the points; the feedback
    gives the rate with its Wilson 95 % interval, says honestly whether the
    interval is above 0.5, and how many of the games were different.

    Args:
        bot: a function ``position -> Turn | str`` (or a bot object).
        quick: :data:`OWN_BOT_GAMES` ``[quick]`` games (20 or 100) unless ``games`` is given.
        games: number of games (rounded up to an even number).
        seed: the tournament seed.
        progress: show a progress bar.
        locale: language of the feedback and the progress bar.
    """
    problem = preflight(bot, locale)
    if problem is not None:
        return problem
    n = games if games is not None else OWN_BOT_GAMES[bool(quick)]
    n = max(2, n + n % 2)
    tournament = classroom_round_robin([bot, "greedy"], n, seed, progress, Translator(negotiate(locale)))
    mine, greedy = tournament.names
    pair = tournament.pair(mine, greedy)
    params = {
        "rate": pair.rate, "low": pair.low, "high": pair.high, "games": pair.games,
        "wins": pair.a_wins, "draws": pair.draws, "losses": pair.b_wins,
    }  # fmt: skip
    notes = []
    own_forfeits = [
        g for g in tournament.games if g.forfeit_seat is not None and g.entrants[g.forfeit_seat - 1] == 0
    ]
    if own_forfeits:
        notes.append(note(_OB_FORFEITS, forfeits=len(own_forfeits)))
        notes += _forfeit_notes(bot, own_forfeits[0])
    distinct = len({g.turns for g in tournament.games})
    if distinct < len(tournament.games):
        notes.append(note(_OB_DUPLICATES, distinct=distinct))
    if pair.rate > 0.5:
        verdict = _OB_CONVINCING if pair.low > 0.5 else _OB_LUCK
        return feedback("ok", _OB_OK, locale, params, [note(verdict), *notes])
    return feedback("wrong", _OB_NOT_YET, locale, params, [*notes, note(_OB_HINT)])


OWN_BOT = Exercise(
    key="own_bot",
    question=NP_(
        "exercise:own_bot:question",
        "Write `my_bot(position)` so that it beats the greedy bot: more than half of the points.",
    ),
    checker=check_own_bot,
    check_call="ex.check_own_bot(my_bot, QUICK, locale=LANGUAGE)",
    student_code="""\
def my_bot(position):
    # $write_here
    return ...""",
    solution_code='''\
def my_bot(position):
    """$bot_doc"""
    me = position.to_move
    best_turn, best_value = None, float("-inf")
    for turn in position.legal_turns():
        value = evaluate(position.play(turn), me)
        if value > best_value:
            best_turn, best_value = turn, value
    return best_turn''',
    solution=(
        NP_(
            "exercise:own_bot:solution",
            "One turn of look-ahead with a good evaluation is enough: `evaluate` counts points, "
            "protesters and the biggest chop each player could make next. The greedy bot only "
            "subtracts the next player's chop; this bot also sees its own next chop and the "
            "protesters. Both bots are deterministic, so the checker reports how few games were "
            "really different.",
        ),
    ),
    comments={
        "write_here": NP_("exercise:own_bot:code", "your code here: return a turn for the player to move"),
        "bot_doc": NP_("exercise:own_bot:code", "The turn after which evaluate() likes the position best."),
    },
)

SECTION = Section(
    "own_bot",
    NP_("exercise:own_bot:title", "Your own bot"),
    (
        Md(
            (
                NP_(
                    "exercise:own_bot:intro:1",
                    "A bot is just a function: it gets the position and returns a turn (a `Turn` or "
                    "its notation). Useful tools: `position.legal_turns()` (every legal turn), "
                    "`position.play(turn)` (the position after it; the original does not change), "
                    "`position.to_move`, `position.scores`, `position.supplies`, and "
                    "`evaluate(position, seat)`, a ready-made score of a position for a seat.",
                ),
                NP_(
                    "exercise:own_bot:intro:2",
                    "Your bot plays against the greedy bot, which takes the biggest gain right now "
                    "and watches out for the next player's biggest chop. The seats are swapped every "
                    "game. The checker runs the games ({games} with `QUICK = True`).",
                ),
            ),
            params={"games": games(OWN_BOT_GAMES[True])},
        ),
        Ask("own_bot"),
        Md(
            (
                NP_(
                    "exercise:own_bot:discuss",
                    "**To discuss.** Many bots are deterministic: in the same position they always "
                    "play the same turn. Then all games with the same seats are the same game. How "
                    "could the comparison be made fairer? (Ideas: start from different positions, "
                    "add a little randomness.)",
                ),
            )
        ),
    ),
)

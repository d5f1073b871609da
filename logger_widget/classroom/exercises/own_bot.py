"""Exercise 3, your own bot: try a pupil's bot file, then play it against the greedy bot.

The bot is a file in the class tournaments' format (``choose(position)`` or a class
``Bot``), played in its own process by :class:`~logger_widget.tournament.sandbox.SandboxedBot`
with a time limit per turn (:func:`pupil_bot`). :func:`check_own_bot` first tries it on two
positions (:func:`preflight`), then plays it against :class:`~logger_widget.bots.GreedyBot`
from seeded, varied openings (:func:`openings`), each opening twice with the seats swapped,
judges it on the *different* games and explains forfeits. :func:`classroom_round_robin` is
also used by exercise 4.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...bots import BotError, GreedyBot, as_bot
from ...bots.base import derive_seed
from ...engine.position import Position
from ...engine.turn import Turn
from ...i18n import NP_, Translator, negotiate
from ...i18n.explain import RuleNote
from ...tournament import GameResult, Tournament, play_game, round_robin
from ...tournament.ratings import wilson_interval
from ...tournament.sandbox import SandboxedBot, SandboxLimits
from ..feedback import (
    ExerciseFeedback,
    Interval,
    Message,
    Number,
    feedback,
    games,
    is_empty,
    note,
)
from .common import PROGRESS_GAMES, SEED, Ask, Exercise, Md, Section, progress_bar, read_turn

#: Games against the greedy bot: ``QUICK = True`` in the notebooks or not.
OWN_BOT_GAMES = {True: 20, False: 100}
#: Seconds a pupil's bot may think per turn (its process is killed after that: a forfeit).
OWN_BOT_TIME_LIMIT = 2.0
#: Random turns played from the standard start to make each opening (then the bots take over).
OPENING_TURNS = 2

_OB_EMPTY = NP_(
    "exercise:own_bot:empty",
    "Your bot is not written yet: make `choose(position)` return a turn instead of `...`.",
)
_OB_NO_FILE = NP_(
    "exercise:own_bot:no_file",
    "There is no bot file {path} yet: run the cell that starts with `%%writefile {path}` first.",
)
_OB_TIME = NP_(
    "exercise:own_bot:time",
    "Your bot took longer than {seconds}\u00a0s for one turn, so it was stopped. "
    "Look for a loop that never ends, or search less.",
)
_OB_NOT_FUNCTION = NP_(
    "exercise:own_bot:not_function",
    "The bot must be a function `choose(position)`, not an object of type {type}.",
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
# TRANSLATORS: {games}, {wins}, {draws} and {losses} are bare numbers ("20"), {rate} a points-per-game figure.
_OB_OK = NP_(
    "exercise:own_bot:ok",
    "Well done! Your bot scored {rate} of the points against the greedy bot, {level} interval {interval}. "
    "Games: {games} (won {wins}, shared {draws}, lost {losses}).",
)
# TRANSLATORS: {games}, {wins}, {draws} and {losses} are bare numbers ("20"), {rate} a points-per-game figure.
# One colon a sentence: where the interval follows a colon, the opening label ends with a full stop.
_OB_NOT_YET = NP_(
    "exercise:own_bot:not_yet",
    "Not yet. Your bot scored {rate} of the points against the greedy bot, {level} interval {interval}. "
    "Games: {games} (won {wins}, shared {draws}, lost {losses}). "
    "It needs more than {half}.",
)
_OB_CONVINCING = NP_(
    "exercise:own_bot:convincing",
    "The whole interval is above {half}: your bot is really stronger in these games.",
)
_OB_LUCK = NP_(
    "exercise:own_bot:luck",
    "But the interval still contains {half}, so it could be luck: play more games (`QUICK = False`) to be sure.",
)
_OB_DUPLICATES = NP_(
    "exercise:own_bot:duplicates",
    "Different games: only {distinct}. A bot that always plays the same turn in the same "
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


def pupil_bot(bot: Any, time_limit: float = OWN_BOT_TIME_LIMIT) -> Any:
    """A pupil's bot ready to play: a file as a sandboxed bot, anything else as it is.

    A path becomes a :class:`~logger_widget.tournament.sandbox.SandboxedBot` with
    ``time_limit`` seconds per turn; a function or a bot object is returned unchanged.
    """
    if isinstance(bot, (str, os.PathLike)):
        return SandboxedBot(os.fspath(bot), limits=SandboxLimits(time_limit=time_limit))
    return bot


def _sandbox_problem(error: BotError, locale: str | None, time_limit: float) -> ExerciseFeedback:
    """Why a sandboxed bot failed, in the words of the exercise."""
    if error.kind == "time":
        return feedback("wrong", _OB_TIME, locale, {"seconds": Number(time_limit)})
    # the sandbox reports a wrong return value as its worker's words: "reported: returned NoneType..."
    wrong_return = error.kind == "type" or error.what.startswith("reported: returned ")
    if wrong_return and ("Ellipsis" in str(error) or "None" in str(error)):
        return feedback("hint", _OB_RETURNS_NOTHING, locale)
    return feedback("wrong", _OB_RAISED, locale, {"error": str(error)[:300]})


def preflight(
    bot: Any, locale: str | None, time_limit: float = OWN_BOT_TIME_LIMIT
) -> ExerciseFeedback | None:
    """Try a pupil's bot on two positions: the feedback when it is a placeholder or fails, else ``None``.

    ``bot`` is a bot file's path (tried in the sandbox, ``time_limit`` seconds per turn), a
    function ``position -> Turn | str`` or a bot object.
    """
    if is_empty(bot):
        return feedback("hint", _OB_EMPTY, locale)
    start = Position.initial(2)
    if isinstance(bot, (str, os.PathLike)):
        if not os.path.isfile(bot):
            return feedback("hint", _OB_NO_FILE, locale, {"path": os.fspath(bot)})
        sandboxed = pupil_bot(bot, time_limit).with_seed(0)
        try:
            for position in (start, start.play(GreedyBot().choose(start))):
                sandboxed.choose(position)
        except BotError as error:
            return _sandbox_problem(error, locale, time_limit)
        finally:
            sandboxed.close()
        return None
    try:
        wrapped = as_bot(bot)
    except TypeError:
        return feedback("hint", _OB_NOT_FUNCTION, locale, {"type": type(bot).__name__})
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


def _forfeit_notes(
    bot: Any, game: GameResult, start: Position | None = None
) -> list[tuple[Message, Mapping[str, Any]]]:
    """Why the student's bot lost ``game`` (played from ``start``) by an error, found by asking it again there."""
    position = start if start is not None else Position.initial(game.players)
    if isinstance(bot, (str, os.PathLike)):  # a sandboxed file: the sandbox's own account of it
        return [note(_OB_RAISED, error=(game.error or "")[:300])]
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


def openings(count: int, seed: int = SEED, turns: int = OPENING_TURNS) -> list[Position]:
    """``count`` seeded openings: ``turns`` random legal turns from the standard 2-player start.

    Opening ``i`` depends only on ``seed`` and ``i`` (:func:`~logger_widget.bots.base.derive_seed`).
    """
    out = []
    for i in range(count):
        rng = random.Random(derive_seed(seed, "opening", i))
        position = Position.initial(2)
        for _ in range(turns):
            position = position.play(rng.choice(list(position.legal_turns())))
        out.append(position)
    return out


def _play(seats: list[Any], seed: int, start: Position, names: tuple[str, ...]) -> GameResult:
    """One game from ``start``; a bot's error is a forfeit (the other seat wins)."""
    try:
        game = play_game(seats, seed=seed, start=start)
    except BotError as error:
        seat = error.seat or 1
        turns = tuple(t.notation() for t in error.game.turns) if error.game is not None else ()
        other = 3 - seat
        points = (1.0, 0.0) if other == 1 else (0.0, 1.0)
        return GameResult(0, (0, 1), names, seed, (other,), points, start.scores, start.supplies,
                          "forfeit", turns, seat, str(error))  # fmt: skip
    outcome = game.outcome
    assert outcome is not None
    return GameResult(
        0, (0, 1), names, seed, outcome.winners, tuple(outcome.points(s) for s in (1, 2)),
        game.position.scores, game.position.supplies, outcome.reason, tuple(t.notation() for t in game.turns),
    )  # fmt: skip


def check_own_bot(
    bot: Any,
    quick: bool = True,
    *,
    games: int | None = None,
    seed: int = SEED,
    progress: bool = True,
    locale: str | None = None,
    time_limit: float = OWN_BOT_TIME_LIMIT,
) -> ExerciseFeedback:
    """Play ``bot`` against :class:`~logger_widget.bots.GreedyBot` from varied openings and judge it.

    Each seeded opening (:func:`openings`) is played twice, seats swapped. Accepted when
    the bot scores more than half of the points; the feedback gives the rate with its
    Wilson 95 % interval over every game, and the verdict (is the interval above 0.5?)
    counts each *different* game once: copies of a game add no information.

    Args:
        bot: the path of a bot file (``choose(position)`` or a class ``Bot``, as in class
            tournaments), played in the sandbox with ``time_limit`` seconds per turn; or a
            function ``position -> Turn | str`` or a bot object, played in this process
            (no time limit: for trusted code).
        quick: :data:`OWN_BOT_GAMES` ``[quick]`` games (20 or 100) unless ``games`` is given.
        games: number of games (rounded up to an even number).
        seed: the seed of the openings and the games.
        progress: show a progress bar.
        locale: language of the feedback and the progress bar.
        time_limit: seconds per turn for a bot file (> 0).
    """
    problem = preflight(bot, locale, time_limit)
    if problem is not None:
        return problem
    n = games if games is not None else OWN_BOT_GAMES[bool(quick)]
    n = max(2, n + n % 2)
    mine = pupil_bot(bot, time_limit)
    starts = openings(n // 2, seed)
    tr = Translator(negotiate(locale))
    bar = progress_bar(n, PROGRESS_GAMES, progress, tr)
    results: list[tuple[Position, GameResult, int]] = []  # (start, game, the pupil's seat)
    try:
        for k in range(n):
            seat = 1 + k % 2
            seats = [mine, "greedy"] if seat == 1 else ["greedy", mine]
            names = ("bot", "greedy") if seat == 1 else ("greedy", "bot")
            results.append(
                (starts[k // 2], _play(seats, derive_seed(seed, "own_bot", k), starts[k // 2], names), seat)
            )
            bar.update(1)
    finally:
        bar.close()
    points = [g.points[seat - 1] for _, g, seat in results]
    wins = sum(1 for _, g, seat in results if g.winners == (seat,))
    losses = sum(1 for _, g, seat in results if seat not in g.winners)
    rate = sum(points) / n
    low, high = wilson_interval(sum(points), n)
    params = {
        "rate": rate, "interval": Interval(low, high), "games": n,
        "wins": wins, "draws": n - wins - losses, "losses": losses,
    }  # fmt: skip
    notes = []
    own_forfeits = [(start, g) for start, g, seat in results if g.forfeit_seat == seat]
    if own_forfeits:
        notes.append(note(_OB_FORFEITS, forfeits=len(own_forfeits)))
        start, first = own_forfeits[0]
        if first.error and "no answer within" in first.error:
            notes.append(note(_OB_TIME, seconds=Number(time_limit)))
        else:
            notes += _forfeit_notes(bot, first, start)
    different: dict[tuple[Any, ...], float] = {}
    for (start, g, seat), p in zip(results, points):
        different.setdefault((start.to_lpn(), seat, g.turns), p)
    if len(different) < n:
        notes.append(note(_OB_DUPLICATES, distinct=len(different)))
    distinct_low, _ = wilson_interval(sum(different.values()), len(different))
    if rate > 0.5:
        verdict = _OB_CONVINCING if distinct_low > 0.5 else _OB_LUCK
        return feedback("ok", _OB_OK, locale, params, [note(verdict), *notes])
    return feedback("wrong", _OB_NOT_YET, locale, params, [*notes, note(_OB_HINT)])


OWN_BOT = Exercise(
    key="own_bot",
    question=NP_(
        "exercise:own_bot:file_question",
        "Write the bot file `my_bot.py` with a function `choose(position)` so that it beats the "
        "greedy bot: more than half of the points.",
    ),
    checker=check_own_bot,
    check_call='ex.check_own_bot("my_bot.py", QUICK, locale=LANGUAGE)',
    student_code="""\
%%writefile my_bot.py
# $write_here
from logger_widget.bots import evaluate


def choose(position):
    return ...""",
    solution_code='''\
%%writefile my_bot.py
from logger_widget.bots import evaluate


def choose(position):
    """$bot_doc"""
    me = position.to_move
    best_turn, best_value = None, float("-inf")
    for turn in position.legal_turns():
        after = position.play(turn)
        if after.is_terminal:
            value = evaluate(after, me)
        else:  # $worst_reply
            value = min(evaluate(reply, me) for reply in after.successors())
        if value > best_value:
            best_turn, best_value = turn, value
    return best_turn''',
    solution=(
        NP_(
            "exercise:own_bot:file_solution",
            "Two turns of look-ahead are enough: for each of its turns the bot looks at every "
            "reply of the greedy bot and keeps the turn whose worst reply still leaves the best "
            "position, scored by `evaluate` (points, protesters and the biggest chop each player "
            "could make next). One turn of look-ahead is not enough: from varied openings it "
            "scores less than half. Both bots are deterministic: from the same opening they "
            "always play the same game, which is why the checker starts from different openings "
            "and counts each different game once.",
        ),
    ),
    comments={
        "write_here": NP_("exercise:own_bot:code", "your code here: return a turn for the player to move"),
        "bot_doc": NP_("exercise:own_bot:code", "The turn whose worst reply leaves the best position."),
        "worst_reply": NP_("exercise:own_bot:code", "the greedy bot's reply that is worst for me"),
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
                NP_(
                    "exercise:own_bot:intro:file",
                    "In class tournaments a bot is a file that defines `choose(position)` (or a class "
                    "`Bot` with a method `choose`). The first line of the answer cell, "
                    "`%%writefile my_bot.py`, saves the cell as that file. The checker plays the file in "
                    "a separate process with {seconds}\u00a0s for each turn, from different openings "
                    "(two random turns each), every opening twice with the seats swapped.",
                ),
            ),
            params={"games": games(OWN_BOT_GAMES[True]), "seconds": Number(OWN_BOT_TIME_LIMIT)},
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

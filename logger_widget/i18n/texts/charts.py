"""Every text the charts show, as a message table.

Nothing is translated at import time: each entry is a marker
(:func:`~logger_widget.i18n.NP_` / :func:`~logger_widget.i18n.NNP_`) that
``scripts/i18n.py`` extracts into the catalogues; :mod:`logger_widget.charts`
translates them with the chart's :class:`~logger_widget.i18n.Translator`
when the chart is drawn. Every chart-specific message has the gettext context
``"chart"``. Glossary terms (``Player {seat}``, point counts, the three
actions, the Action phase) are *not* repeated here: they are the entries of
:mod:`logger_widget.i18n.texts.terms`, re-exported below, so the charts, the board and the
tutorial use exactly the same words.

Placeholders use ``str.format`` braces and are filled after translation:

* ``{n}`` — a count, already formatted for the locale (``tr.count``);
* ``{seat}`` — a seat number 1–4; ``{seats}`` — seat numbers as a localised
  list ("1 and 3", uk "1 і 3", es "1 y 3");
* ``{player}`` — an already translated "Player 2"; ``{players}`` — a
  localised list of those; ``{name}`` — a bot's or person's name (never
  translated);
* ``{points}`` — an already translated count of points ("12 points");
* ``{rate}``, ``{low}``, ``{high}``, ``{level}`` — percentages already
  formatted for the locale ("62 %", "95 %").
"""

from __future__ import annotations

from types import MappingProxyType

from .. import NNP_, NP_, PluralMessage, PMessage, PPluralMessage
from . import terms

__all__ = [
    "PLAYER",
    "POINTS",
    "ACTIONS",
    "ACTION_PHASE",
    "SCORES",
    "FOREST",
    "STAGES",
    "RESULT",
    "STATUS",
    "TOURNAMENT",
    "DESCRIBE",
    "EVALUATION",
    "COUNTS",
    "ALL_MESSAGES",
]

# --------------------------------------------------------------------------- glossary terms (from terms.py)

#: "Player {seat}" (glossary: seat).
PLAYER: str = terms.PLAYER
#: "{n} point(s)" (glossary: point).
POINTS: PluralMessage = terms.POINTS
#: The three actions: Plant, Protest, Chop (glossary).
ACTIONS = terms.ACTIONS
#: The Action phase (glossary), the label of the action strip.
ACTION_PHASE: PMessage = terms.PHASES["action"]

# TRANSLATORS: chart texts (context "chart"). Charts are projected in class
# for 12-year-olds and printed in worksheets: short labels, glossary terms
# exactly (docs/glossary.md), sentence case.

#: Score progression chart (``charts.score_progression``).
SCORES: MappingProxyType[str, PMessage | PPluralMessage] = MappingProxyType(
    {
        "title": NP_("chart", "Points over the game"),
        "turn": NP_("chart", "Turn"),
        "round": NP_("chart", "Round"),
        "points": NP_("chart", "Points"),
        # TRANSLATORS: legend entry of a seat's line: "Player 1: 12 points".
        "seat": NP_("chart", "{player}: {points}"),
        # TRANSLATORS: a seat with a name: "Player 1 (greedy)". {name} is not translated.
        "named_seat": NP_("chart", "{player} ({name})"),
        # TRANSLATORS: label of the horizontal line at 10 points. Reaching it starts no new round: the round
        # under way is played to its end, and then the game is over (docs/rules.md, "End of the game").
        "target": NNP_(
            "chart", "{n} point: this round becomes the last", "{n} points: this round becomes the last"
        ),
        # TRANSLATORS: legend entry of the marker where a seat reached 10 points.
        "triggered": NP_("chart", "End of the game triggered"),
        # TRANSLATORS: legend entry of the shaded turns between the trigger and the end.
        "last_round": NP_("chart", "Last round"),
        # TRANSLATORS: legend entry of the line where the game ended.
        "game_over": NP_("chart", "Game over"),
        # TRANSLATORS: legend entry of a chop marker; its size shows how many trees fell.
        "chop": NNP_("chart", "Chop: {n} tree felled", "Chop: {n} trees felled"),
    }
)

#: Board history chart (``charts.board_history``).
FOREST: MappingProxyType[str, PMessage | PPluralMessage] = MappingProxyType(
    {
        "title": NP_("chart", "The forest over the game"),
        "trees": NP_("chart", "Trees on the board"),
        # TRANSLATORS: the thin grey line in each small panel: every tree on the board, for comparison.
        "all_trees": NP_("chart", "All trees"),
        # TRANSLATORS: the 20-tree limit line (the game has 20 large pyramids).
        "limit": NNP_("chart", "Limit: {n} tree", "Limit: {n} trees"),
    }
)

#: The parts of the forest, stacked from the bottom (board history chart).
STAGES: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "seedling": NP_("chart", "Seedlings"),
        "sapling": NP_("chart", "Saplings"),
        "mature": NP_("chart", "Mature trees without a protester"),
        "protested": NP_("chart", "Mature trees with a protester"),
    }
)

#: How the game ended (score progression chart).
RESULT: MappingProxyType[str, PMessage | PPluralMessage] = MappingProxyType(
    {
        "wins": NNP_("chart", "Player {seat} wins with {n} point", "Player {seat} wins with {n} points"),
        "wins_on_protesters": NP_("chart", "Player {seat} wins on protesters in supply"),
        # TRANSLATORS: {players} is the list of the seats that share the win in their sentence form, "Player 1
        # and Player 3" (uk «гравець 1 і гравець 3», es «jugador 1 y jugador 3»), as the board's result says it.
        "share": NP_("chart", "{players} share the win"),
        # TRANSLATORS: second line under a tie: "Tied on 10 points; protesters in
        # supply: Player 1 has 0; Player 2 has 2". {supplies} is a list of "supply" items joined by "; ", one
        # for each player level on the most points (not always every player; uk «у гравця 1 — 0; у гравця 2
        # — 2», es «el jugador 1 tiene 0; el jugador 2 tiene 2»).
        "tied": NNP_(
            "chart",
            "Tied on {n} point; protesters in supply: {supplies}",
            "Tied on {n} points; protesters in supply: {supplies}",
        ),
        # TRANSLATORS: one item of {supplies} above, the protesters in one player's supply: "Player 1
        # has 2". No colon: the list already follows one. Keep {n} away from the next item's seat
        # number ("2 for Player 1 and 1 for Player 2" reads "Player 1 and 1"). {player} inside a
        # sentence, in the genitive (the owner: uk «гравця 1»: «у {player} — {n}»; es «jugador 1»:
        # «el {player} tiene {n}»).
        "supply": NP_("chart", "{player} has {n}"),
        "repetition": NP_("chart", "Ended by repetition: the same position for the third time"),
        "turn_limit": NP_("chart", "Stopped at the turn limit (not a normal end)"),
        # TRANSLATORS: after a game stopped by the turn limit nobody "wins": {players} were ahead.
        "ahead": NP_("chart", "Ahead when stopped: {players}"),
    }
)

#: A game still in progress (score progression chart, live chart).
STATUS: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "in_progress": NP_("chart", "Game in progress: Player {seat} to move"),
        "last_round": NP_("chart", "Last round: Player {seat} to move"),
    }
)

#: Tournament charts (``charts.win_rate_matrix``, ``rating_chart``, ``first_player_chart``).
TOURNAMENT: MappingProxyType[str, PMessage | PPluralMessage] = MappingProxyType(
    {
        "matrix_title": NP_("chart", "Win rate by pairing"),
        # TRANSLATORS: y axis of the win-rate matrix: the bot of each row.
        "bot": NP_("chart", "Bot"),
        # TRANSLATORS: x axis of the win-rate matrix: the bot of each column.
        "opponent": NP_("chart", "Opponent"),
        "win_rate": NP_("chart", "Win rate"),
        # TRANSLATORS: an interval of two percentages, "48 %–74 %".
        "interval": NP_("chart", "{low}–{high}"),
        "games": NNP_("chart", "{n} game", "{n} games"),
        "no_games": NP_("chart", "no games"),
        "matrix_note": NP_(
            "chart",
            "Each cell: how often the row bot beat the column bot, with its {level} confidence interval "
            "(Wilson).",
        ),
        "share_note": NP_("chart", "A shared win counts as a share of a win (½ between two players)."),
        "ratings_title": NP_("chart", "Ratings ({level} confidence interval)"),
        "elo": NP_("chart", "Elo rating"),
        "bradley_terry": NP_("chart", "Bradley–Terry rating (Elo scale)"),
        # TRANSLATORS: the vertical line at 1500, the average rating of the bots in the tournament.
        "average": NP_("chart", "Average of the field"),
        "first_title": NP_("chart", "First-player advantage"),
        "first_player": NP_("chart", "{player} (first player)"),
        # TRANSLATORS: the reference line where seats make no difference, e.g. "No advantage (50 %)".
        "no_advantage": NP_("chart", "No advantage ({rate})"),
        # TRANSLATORS: a rate with its interval, "56 % (51 %–61 %)".
        "rate_interval": NP_("chart", "{rate} ({low}–{high})"),
        "seats_note": NNP_(
            "chart",
            "{n} game; {level} confidence intervals (Wilson)",
            "{n} games; {level} confidence intervals (Wilson)",
        ),
    }
)

#: Descriptions of the charts: the alt text of the picture in a notebook or an exported page,
#: read aloud by screen readers. Names of bots and people are written in full.
DESCRIBE: MappingProxyType[str, PMessage | PPluralMessage] = MappingProxyType(
    {
        # TRANSLATORS: alt text of the score chart. {players} is a list of "score_item"s joined by "; ": "12
        # points for Player 1 (anna); 3 points for Player 2 (ben)"; {result} is the sentence(s) written under the title ("Player 2 wins with 11 points").
        "score": NNP_(
            "chart",
            "Line chart of each player's points over {n} turn: {players}. {result}",
            "Line chart of each player's points over {n} turns: {players}. {result}",
        ),
        # TRANSLATORS: one item of the score chart's alt text, a seat's final points: "12 points for
        # Player 1 (anna)". No colon: the list follows one. {player} inside a sentence, in the genitive
        # (the owner: uk «гравця 1»: «у {player} — {points}», the owner first, so that «у» never follows a
        # vowel; es «jugador 1»: «{points} del {player}»).
        "score_item": NP_("chart", "{points} for {player}"),
        # TRANSLATORS: alt text of the forest chart. {stages} is a list of "forest_…" items, "3 seedlings".
        "forest": NNP_(
            "chart",
            "Chart of the trees on the board over {n} turn; after the last one: {stages}.",
            "Chart of the trees on the board over {n} turns; after the last one: {stages}.",
        ),
        # TRANSLATORS: the items of {stages} in the forest chart's alt text, the trees after the last turn:
        # "3 seedlings, 2 saplings and 4 mature trees without a protester" (a stage with none is left out).
        "forest_seedling": NNP_("chart", "{n} seedling", "{n} seedlings"),
        "forest_sapling": NNP_("chart", "{n} sapling", "{n} saplings"),
        "forest_mature": NNP_(
            "chart", "{n} mature tree without a protester", "{n} mature trees without a protester"
        ),
        "forest_protested": NNP_(
            "chart", "{n} mature tree with a protester", "{n} mature trees with a protester"
        ),
        # TRANSLATORS: {stages} of the forest chart's alt text when the board has no tree at all.
        "forest_none": NP_("chart", "no trees"),
        # TRANSLATORS: alt text of the win-rate matrix; {names} lists the bots (full names).
        "matrix": NNP_(
            "chart",
            "Heat map of how often each of {n} bot beat each other bot: {names}.",
            "Heat map of how often each of {n} bots beat each other bot: {names}.",
        ),
        # TRANSLATORS: alt text of the rating chart; {ratings} lists "rating_item"s, "anna with 1 520
        # (1 480–1 560)", best first.
        "ratings": NP_("chart", "Ratings with their {level} confidence intervals, best first: {ratings}."),
        # TRANSLATORS: one item of the rating chart's alt text: "anna with 1 520 (1 480–1 560)". No colon:
        # the list follows one. {name} is a bot's or a person's name, not translated.
        "rating_item": NP_("chart", "{name} with {rating}"),
        # TRANSLATORS: alt text of the first-player chart; {seats} lists "first_item"s joined by "; ", "56 %
        # (51 %–61 %) for Player 1 (first player); 44 % (39 %–49 %) for Player 2".
        "first": NP_("chart", "Win rate of each seat with its {level} confidence interval: {seats}."),
        # TRANSLATORS: one item of the first-player chart's alt text: "56 % (51 %–61 %) for Player 1". No
        # colon: the list follows one. {player} inside a sentence, in the genitive (the owner: uk «гравця
        # 1»: «у {player} — {rate}», the owner first; es «jugador 1»: «{rate} del {player}»).
        "first_item": NP_("chart", "{rate} for {player}"),
    }
)

#: The evaluation chart of a reviewed game (``charts.evaluation``).
EVALUATION: MappingProxyType[str, PMessage | PPluralMessage] = MappingProxyType(
    {
        "title": NP_("chart", "Winning chances over the game"),
        # TRANSLATORS: y axis of the evaluation chart: the review's expected result of each player, 0–100 %.
        "value": NP_("chart", "Winning chances"),
        # TRANSLATORS: legend entry of a review mark: "Mistake (?)". {label} is translated, {glyph} is "?!", "?" or "??".
        "mark": NP_("chart", "{label} ({glyph})"),
        "count_inaccuracy": NNP_("chart", "{n} inaccuracy", "{n} inaccuracies"),
        "count_mistake": NNP_("chart", "{n} mistake", "{n} mistakes"),
        "count_blunder": NNP_("chart", "{n} blunder", "{n} blunders"),
        # TRANSLATORS: the marks of a player with none of them, in the evaluation chart's alt text: "no
        # inaccuracies, mistakes or blunders by Player 1" (a zero is said in words, never "0 mistakes").
        "count_none": NP_("chart", "no inaccuracies, mistakes or blunders"),
        # TRANSLATORS: one item of the evaluation chart's alt text: "1 inaccuracy and 2 blunders by Player
        # 1". No colon: the list follows one. {player} inside a sentence, in the genitive (the owner: uk
        # «гравця 1»: «у {player} — {marks}», the owner first, so that «у» never follows a vowel; es «jugador
        # 1»: «{marks} del {player}», the count before its owner, never beside the seat's number).
        "seat": NP_("chart", "{marks} by {player}"),
        # TRANSLATORS: alt text of the evaluation chart. {seats} lists "1 inaccuracy and 2 blunders by Player 1"
        # for each player, joined by "; " (the kinds a player has none of are left out).
        "describe": NNP_(
            "chart",
            "Line chart of each player's winning chances over {n} reviewed turn: {seats}.",
            "Line chart of each player's winning chances over {n} reviewed turns: {seats}.",
        ),
    }
)

#: Count messages of the charts, by key.
COUNTS: MappingProxyType[str, PluralMessage | PPluralMessage] = MappingProxyType(
    {
        "points": POINTS,
        "target": SCORES["target"],  # type: ignore[dict-item]
        "chop": SCORES["chop"],  # type: ignore[dict-item]
        "limit": FOREST["limit"],  # type: ignore[dict-item]
        "wins": RESULT["wins"],  # type: ignore[dict-item]
        "tied": RESULT["tied"],  # type: ignore[dict-item]
        "games": TOURNAMENT["games"],  # type: ignore[dict-item]
        "seats_note": TOURNAMENT["seats_note"],  # type: ignore[dict-item]
        "describe_score": DESCRIBE["score"],  # type: ignore[dict-item]
        "describe_forest": DESCRIBE["forest"],  # type: ignore[dict-item]
        "describe_matrix": DESCRIBE["matrix"],  # type: ignore[dict-item]
        "forest_seedling": DESCRIBE["forest_seedling"],  # type: ignore[dict-item]
        "forest_sapling": DESCRIBE["forest_sapling"],  # type: ignore[dict-item]
        "forest_mature": DESCRIBE["forest_mature"],  # type: ignore[dict-item]
        "forest_protested": DESCRIBE["forest_protested"],  # type: ignore[dict-item]
        "count_inaccuracy": EVALUATION["count_inaccuracy"],  # type: ignore[dict-item]
        "count_mistake": EVALUATION["count_mistake"],  # type: ignore[dict-item]
        "count_blunder": EVALUATION["count_blunder"],  # type: ignore[dict-item]
        "describe_evaluation": EVALUATION["describe"],  # type: ignore[dict-item]
    }
)


def _all() -> tuple[PMessage | PPluralMessage, ...]:
    seen: list[PMessage | PPluralMessage] = []
    for table in (SCORES, FOREST, STAGES, RESULT, STATUS, TOURNAMENT, DESCRIBE, EVALUATION):
        for message in table.values():
            if message not in seen:
                seen.append(message)
    return tuple(seen)


#: Every chart-specific message (context ``"chart"``), in table order; the
#: glossary terms above come from :mod:`logger_widget.i18n.texts.terms`.
ALL_MESSAGES: tuple[PMessage | PPluralMessage, ...] = _all()

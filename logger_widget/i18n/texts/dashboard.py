"""Texts of the class game service's pages: the teacher's dashboard, the arena, a pupil's progress.

The pages are read by the teacher (on a projector or a phone) and by pupils (their own progress
page); contexts ``dashboard``, ``dashboard:arena``, ``dashboard:progress``, ``dashboard:csv``.
"""

from __future__ import annotations

from types import MappingProxyType

from .. import NNP_, NP_, PMessage, PPluralMessage

__all__ = ["ARENA", "COLUMNS", "CSV", "PAGE", "PROGRESS", "UNREADABLE"]

# TRANSLATORS: the teacher's dashboard of the class game service (a web page). Instructions to the
# teacher are infinitives or impersonal (uk «Скопіювати…»); the pupil's own page says «ти» / «tú».

#: The page's frame and the games (context ``dashboard``).
PAGE: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "title": NP_("dashboard", "Class dashboard"),
        "live": NP_("dashboard", "Games in progress"),
        "no_live": NP_("dashboard", "No game in progress."),
        "finished": NP_("dashboard", "Finished games"),
        "no_finished": NP_("dashboard", "No finished game yet."),
        # TRANSLATORS: the heading of one game's card: "Game 12".
        "game": NP_("dashboard", "Game {game}"),
        # TRANSLATORS: whose turn it is; {player} is a pupil's or a bot's name.
        "to_move": NP_("dashboard", "{player} to play"),
        # TRANSLATORS: one seat on a game card: "Player 1: olena".
        "seat": NP_("dashboard", "Player {seat}: {name}"),
        # TRANSLATORS: a finished game's result; {players}: one or more names.
        "won": NP_("dashboard", "Won: {players}"),
        "shared": NP_("dashboard", "Shared win: {players}"),
        "no_winner": NP_("dashboard", "Nobody won (every player left)."),
        "forfeit": NP_("dashboard", "by forfeit"),
        "resign": NP_("dashboard", "by resignation"),
        "open_snippet": NP_("dashboard", "Open in a notebook"),
        "snippet_help": NP_(
            "dashboard",
            "Copy this into a notebook cell and run it: the board shows the game; press “Review the game”.",
        ),
        "copy": NP_("dashboard", "Copy"),
        "copied": NP_("dashboard", "Copied"),
        "language": NP_("dashboard", "Language"),
        "updated": NP_("dashboard", "Updated at {time}"),
        "offline": NP_("dashboard", "The service does not answer: trying again."),
        "forbidden_title": NP_("dashboard", "This page is for the teacher"),
        "forbidden": NP_("dashboard", "Only the class’s teacher sees this page. Your own progress is here:"),
        "my_progress": NP_("dashboard", "My progress"),
        "class_standings": NP_("dashboard", "Class arena"),
        "bot": NP_("dashboard", "bot {name}"),
    }
)

#: The arena's panel (context ``dashboard:arena``).
ARENA: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "heading": NP_("dashboard:arena", "Arena"),
        "none": NP_(
            "dashboard:arena",
            "No arena yet. When one is open, pupils who join play each other until the time is up.",
        ),
        "minutes": NP_("dashboard:arena", "Minutes"),
        "open": NP_("dashboard:arena", "Open an arena"),
        "close": NP_("dashboard:arena", "Close the arena"),
        # TRANSLATORS: {time} is a clock time, e.g. 14:20.
        "ends": NP_("dashboard:arena", "Open until {time}"),
        "ended": NP_("dashboard:arena", "The arena ended at {time}."),
        "waiting": NP_("dashboard:arena", "Waiting for an opponent: {names}"),
        "no_entrants": NP_("dashboard:arena", "Nobody has joined yet."),
        "how": NP_(
            "dashboard:arena",
            "A win gives 2 arena points, a shared win 1. Pupils are paired by rating as they finish.",
        ),
    }
)

#: Column headings of the standings (context ``dashboard:arena``).
COLUMNS: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "rank": NP_("dashboard:arena", "Place"),
        "name": NP_("dashboard:arena", "Pupil"),
        "points": NP_("dashboard:arena", "Points"),
        "games": NP_("dashboard:arena", "Games"),
        "wins": NP_("dashboard:arena", "Wins"),
        "draws": NP_("dashboard:arena", "Shared wins"),
        "losses": NP_("dashboard:arena", "Losses"),
        "rating": NP_("dashboard:arena", "Rating"),
        "change": NP_("dashboard:arena", "Change"),
    }
)

#: The progress view (context ``dashboard:progress``).
PROGRESS: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "heading": NP_("dashboard:progress", "Progress"),
        "none": NP_("dashboard:progress", "No progress saved yet."),
        "pupil": NP_("dashboard:progress", "Pupil"),
        "lessons": NP_("dashboard:progress", "Lessons done"),
        "puzzle_rating": NP_("dashboard:progress", "Puzzle rating"),
        # TRANSLATORS: puzzles solved of those tried, e.g. "3 of 5 solved".
        "tries": NP_("dashboard:progress", "{solved} of {played} solved"),
        "history": NP_("dashboard:progress", "Rating history"),
        "pending": NP_("dashboard:progress", "Own puzzles to solve"),
        "solved": NP_("dashboard:progress", "Own puzzles solved"),
        "grade": NP_("dashboard:progress", "Exercise score"),
        "not_graded": NP_("dashboard:progress", "not graded"),
        # TRANSLATORS: a score out of a maximum, e.g. "5 / 6".
        "score": NP_("dashboard:progress", "{score} / {max}"),
        "csv": NP_("dashboard:progress", "Download as CSV"),
        "unavailable": NP_("dashboard:progress", "Progress cannot be read now: {reason}"),
        "kernel_word": NP_(
            "dashboard:progress",
            "The service checks every puzzle try itself and rates only the first try at a puzzle. "
            "Lessons done, hints used and the reviews of games are as the pupil's notebook reported them.",
        ),
    }
)

#: A pupil's saved records the service cannot read (left out of their line), by count.
# TRANSLATORS: shown beside a pupil's name in the progress table.
UNREADABLE: PPluralMessage = NNP_(
    "dashboard:progress",
    "{n} saved record cannot be read and is left out",
    "{n} saved records cannot be read and are left out",
)

#: The CSV file's column headings, in order (context ``dashboard:csv``).
CSV: tuple[PMessage, ...] = (
    NP_("dashboard:csv", "pupil"),
    NP_("dashboard:csv", "lessons done"),
    NP_("dashboard:csv", "lessons"),
    NP_("dashboard:csv", "puzzle rating"),
    NP_("dashboard:csv", "puzzles played"),
    NP_("dashboard:csv", "puzzles solved"),
    NP_("dashboard:csv", "own puzzles to solve"),
    NP_("dashboard:csv", "own puzzles solved"),
    NP_("dashboard:csv", "exercise score"),
    NP_("dashboard:csv", "exercises maximum"),
    NP_("dashboard:csv", "arena rating"),
)

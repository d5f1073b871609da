"""Texts of the generated notebooks (``scripts/make_notebooks.py``), as translatable messages.

The notebooks are written once per language from these messages, the lesson
texts of :mod:`logger_widget.classroom.tutorial` and the rules of
:mod:`logger_widget.i18n.texts.rules`, so that a Ukrainian notebook is Ukrainian from
its first line to its last and the three languages never drift apart.
"""

from __future__ import annotations

from .. import NP_

__all__ = ["PLAY", "PUZZLES", "TUTORIAL"]

TUTORIAL = {
    "title": NP_("notebook:tutorial", "Logger: learn the rules by playing"),
    "intro": NP_(
        "notebook:tutorial",
        "Each lesson explains one rule and gives you a small task on a live board. "
        "Run a cell with **Shift + Enter**, then play on the board by clicking on it "
        "(or with the arrow keys and Enter). The board tells you at once whether you did it.",
    ),
    "setup": NP_("notebook:tutorial", "Run the cell below first: it loads the lessons."),
    "task": NP_("notebook:tutorial", "**Your task:** {task}"),
    "rules": NP_("notebook:tutorial", "From the rules"),
    "final_title": NP_("notebook:tutorial", "A whole game against an easy bot"),
    "final_text": NP_(
        "notebook:tutorial",
        "You know all the rules now. Play a whole game against the easy bot. Good luck!",
    ),
    "code_lesson": NP_("notebook:tutorial", "the board of this lesson"),
    "code_game": NP_("notebook:tutorial", "you are Player 1, the bot is Player 2"),
}

PLAY = {
    "title": NP_("notebook:play", "Logger: play against bots"),
    "intro": NP_(
        "notebook:play",
        'Choose how many players there are and who sits in each seat: a person (`"human"`) '
        'or a bot. Bots from weakest to strongest: `"random"`, `"greedy"`, `"mcts:easy"`, '
        '`"mcts:medium"`, `"mcts:hard"`. Then run the cells with **Shift + Enter**.',
    ),
    "settings": NP_("notebook:play", "settings: change them and run the cell again"),
    "players": NP_("notebook:play", "2 to 4 seats"),
    # TRANSLATORS: a comment after CORNERS = None in the settings cell; keep None, "choose" and the
    # cell names as they are (they are Python).
    "corners": NP_(
        "notebook:play",
        'starting corners: None for the usual ones, "choose" to click them on the board, or a list like ["a1", "e1"]',
    ),
    "board_title": NP_("notebook:play", "The game"),
    "chart_title": NP_("notebook:play", "Points over the game"),
    "chart_text": NP_(
        "notebook:play", "Run the cell below after the game (or during it) to see the score chart."
    ),
    "record_title": NP_("notebook:play", "The game record"),
    "record_text": NP_(
        "notebook:play",
        "Every turn in notation. Save the record to replay the game later with `board.load(...)`.",
    ),
    "review_title": NP_("notebook:play", "Review this game"),
    "review_text": NP_(
        "notebook:play",
        "After the game, a search bot looks for better turns. The chart shows each player's winning "
        "chances over the game; `?!` marks an inaccuracy, `?` a mistake and `??` a blunder. On the "
        "board, press **Review the game** to step through the turns and see the better turn drawn. "
        "The two cells below do nothing until a turn has been played, so **Run All** leaves the board "
        "ready to play at once.",
    ),
    # TRANSLATORS: a comment in the code cell of the review (after "# ").
    "review_code": NP_(
        "notebook:play",
        "run this cell after your game: the review takes a few seconds",
    ),
    # TRANSLATORS: printed by the review cell when it is run before any turn was played on the board.
    "review_later": NP_(
        "notebook:play",
        "No turn has been played on the board yet. Play your game, then run this cell again.",
    ),
    # TRANSLATORS: a comment in the code cell that lists the mistakes (after "# ").
    "review_list": NP_("notebook:play", "what the review says about each inaccuracy, mistake and blunder"),
}

PUZZLES = {
    "title": NP_("notebook:puzzles", "Logger: puzzles"),
    "intro": NP_(
        "notebook:puzzles",
        "Each puzzle is a position from the bots' games, or one turn off them, with one clearly best "
        "turn. Read the task above the board and play **one turn** by clicking. The board says whether "
        "it was right and why; after a wrong turn it shows the other player's best reply. "
        "**Hint** first gives the idea and where to start; press it again to see the solution. "
        "**Try again** puts the puzzle back, **Next puzzle** goes on. Your puzzle rating goes up when "
        "you solve a puzzle at the first try without a hint, stays the same when you solve it after "
        "the first hint, and goes down when you do not solve it or look at the solution.",
    ),
    "setup": NP_("notebook:puzzles", "the puzzles, easiest first"),
    "board_title": NP_("notebook:puzzles", "Solve puzzles"),
    "themes_title": NP_("notebook:puzzles", "Themes and difficulty"),
    "themes_text": NP_(
        "notebook:puzzles",
        "How many puzzles there are of each theme, and their difficulty (the bots tried every puzzle: "
        "a puzzle the easy bot solves is rated below 1500).",
    ),
    "theme_title": NP_("notebook:puzzles", "Only one theme"),
    "theme_text": NP_(
        "notebook:puzzles", "Change `THEME` to practise one kind of puzzle, then run the cell again."
    ),
    "rating_title": NP_("notebook:puzzles", "Your rating"),
    "rating_text": NP_(
        "notebook:puzzles", "Run the cell below to see your rating and the puzzles you tried."
    ),
    "mistakes_title": NP_("notebook:puzzles", "Puzzles from your own games"),
    "mistakes_text": NP_(
        "notebook:puzzles",
        "After a game on a board of the play notebook, press **Review the game**: each of your turns that "
        "the review marks as an inaccuracy, a mistake or a blunder becomes your own puzzle, and the board "
        "says how many. Run the cell below to solve them. A puzzle you solve comes back after some days, one "
        "you do not solve after 10 minutes.",
    ),
}

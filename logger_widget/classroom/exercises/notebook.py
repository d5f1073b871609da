"""The exercises notebooks: their frame (title, introduction, set-up cell) and every cell in order.

``scripts/make_notebooks.py`` writes ``notebooks/game_theory_exercises_<lang>.ipynb``
(and the teacher's ``..._teacher_<lang>.ipynb``) from :func:`notebook_cells`.
"""

from __future__ import annotations

from collections.abc import Mapping
from string import Template

from ...i18n import NP_, PMessage, Translator
from ..feedback import games, text
from .catalogue import SECTIONS, exercise
from .common import Ask, Md, resolve
from .first_player import FIRST_PLAYER_GAMES, SKILL_GAMES
from .nash import META_BOTS, META_OPENINGS
from .own_bot import OWN_BOT_GAMES
from .ranking import CLASS_BOTS, RANKING_GAMES_PER_PAIR


def _pairs(k: int) -> int:
    return k * (k - 1) // 2


#: The most games one simulation of the notebook plays with ``QUICK = True`` (exercise 1's second
#: simulation, 200): the text says "{quick_games} or fewer" with this number, so it cannot drift.
QUICK_MAX_GAMES = max(
    FIRST_PLAYER_GAMES[True],
    SKILL_GAMES[True],
    OWN_BOT_GAMES[True],
    _pairs(len(CLASS_BOTS) + 1) * RANKING_GAMES_PER_PAIR[True],  # the class bots and the pupil's
    _pairs(len(META_BOTS)) * 2 * META_OPENINGS[True],  # each opening from both seats
)

_YOUR_ANSWER = NP_("exercise:code", "your answer: replace ... and run the cell")
_CHECK = NP_("exercise:code", "check the answer")


NOTEBOOK: Mapping[str, PMessage] = {
    "title": NP_("exercise:notebook", "Logger: game theory exercises"),
    "teacher_title": NP_("exercise:notebook", "Logger: game theory exercises (teacher's version)"),
    "intro": NP_(
        "exercise:notebook:seven",
        "Seven exercises about strategy: the first-player advantage, backward induction, your own bot, "
        "ratings of bots, games of three players, the value of a protester and which bot to bring to a "
        "tournament (a Nash equilibrium). Run the cells in order with **Shift + Enter**. Where a cell "
        "says `answer = ...`, replace the three dots with your answer and run the cell below it: the "
        "checker tells you whether you are right, and gives a hint when you are not.",
    ),
    # TRANSLATORS: the same intro in the teacher's version, addressed to the teacher (uk «ви», es *usted*),
    # who runs the worked solutions; the pupils are told about in the third person.
    "teacher_seven": NP_(
        "exercise:notebook:teacher",
        "Seven exercises about strategy for your pupils: the first-player advantage, backward induction, "
        "a bot of their own, ratings of bots, games of three players, the value of a protester and which "
        "bot to bring to a tournament (a Nash equilibrium). Run the cells in order with **Shift + Enter**. "
        "In the students' version, where a cell says `answer = ...`, the pupils replace the three dots "
        "with their answer and run the cell below it: the checker tells them whether they are right, and "
        "gives a hint when they are not. The questions and notes below speak to the pupils, as in their "
        "version.",
    ),
    "teacher_intro": NP_(
        "exercise:notebook",
        "This version has a worked solution after every question; the students' version has an empty "
        "answer cell in its place. Every solution passes its checker.",
    ),
    # TRANSLATORS: {quick_games} and {full_games} carry their noun ("200 games", "10,000 games"); {quick_games}
    # is the most games any simulation plays with QUICK = True, {full_games} and {quick} (a bare number,
    # "100", so that the noun is not said twice in one bracket) are exercise 1's first simulation.
    "quick": NP_(
        "exercise:notebook",
        "`QUICK = True` keeps every simulation short ({quick_games} or fewer), so the whole notebook "
        "runs in under a minute. With `QUICK = False` the simulations play many more games ({full_games} "
        "instead of {quick} in exercise 1): the intervals get narrower, and it takes a few minutes.",
    ),
    "question": NP_("exercise:notebook", "**Question.** {question}"),
    "solution": NP_("exercise:notebook", "**Solution.** {text}"),
    "settings": NP_("exercise:code", "settings"),
    "quick_comment": NP_("exercise:code", "True: short simulations; False: many more games"),
    "end": NP_(
        "exercise:notebook",
        "That is all. Talk about your answers in class: where did the bots agree with you, "
        "and where did they not?",
    ),
    # TRANSLATORS: the last cell of the teacher's version, addressed to the teacher (uk «ви», es *usted*).
    "teacher_end": NP_(
        "exercise:notebook:teacher",
        "That is all. In class, the pupils can talk about their answers: where did the bots agree with "
        "them, and where did they not?",
    ),
}


_SETUP_CODE = """\
# $settings
LANGUAGE = "$language"
QUICK = True  # $quick_comment

from logger_widget import Board, Position
from logger_widget.bots import MCTSBot, MinimaxBot, evaluate
from logger_widget.classroom import exercises as ex
from logger_widget.tournament.ratings import wilson_interval"""


def _code(template: str, comments: Mapping[str, PMessage], tr: Translator) -> str:
    """A code cell: ``template`` with its ``$name`` comments translated and ``$language`` filled in."""
    values = {name: tr.translate(message) for name, message in comments.items()}
    values["language"] = tr.language
    return Template(template).substitute(values)


def notebook_cells(language: str, teacher: bool = False) -> list[tuple[str, str]]:
    """Every cell of an exercises notebook as ``(kind, source)``, kind ``"markdown"`` or ``"code"``.

    Args:
        language: ``"uk"``, ``"es"`` or ``"en"``.
        teacher: the teacher's version (a worked solution instead of every empty answer cell).
    """
    tr = Translator(language)
    audience = "teacher" if teacher else "student"
    title = NOTEBOOK["teacher_title" if teacher else "title"]
    intro = [tr.translate(NOTEBOOK["teacher_seven" if teacher else "intro"])]
    if teacher:
        intro.append(tr.translate(NOTEBOOK["teacher_intro"]))
    counts = {
        "quick_games": games(QUICK_MAX_GAMES),
        "full_games": games(FIRST_PLAYER_GAMES[False]),
        "quick": FIRST_PLAYER_GAMES[True],
    }
    intro.append(text(NOTEBOOK["quick"], tr, **counts))
    cells: list[tuple[str, str]] = [
        ("markdown", f"# {tr.translate(title)}\n\n" + "\n\n".join(intro)),
        ("code", _code(_SETUP_CODE, NOTEBOOK, tr)),
    ]
    for number, section in enumerate(SECTIONS, start=1):
        heading = f"## {number}. {tr.translate(section.title)}"
        for cell in section.cells:
            if isinstance(cell, Ask):
                ex = exercise(cell.key)
                params = resolve(ex.params)
                question = tr.format(NOTEBOOK["question"], question=text(ex.question, tr, **params))
                cells.append(("markdown", question))
                comments = {"your_answer": _YOUR_ANSWER, **ex.comments}
                if teacher:
                    body = "\n\n".join(text(p, tr, **params) for p in ex.solution)
                    cells.append(("markdown", tr.format(NOTEBOOK["solution"], text=body)))
                    cells.append(("code", _code(ex.solution_code, comments, tr)))
                else:
                    cells.append(("code", _code(ex.student_code, comments, tr)))
                cells.append(("code", f"# {tr.translate(_CHECK)}\n{ex.check_call}"))
                continue
            if cell.audience not in ("all", audience):
                continue
            if isinstance(cell, Md):
                params = resolve(cell.params)
                body = "\n\n".join(text(p, tr, **params) for p in cell.parts)
                if heading:
                    body = f"{heading}\n\n{body}"
                    heading = ""
                cells.append(("markdown", body))
            else:
                cells.append(("code", _code(cell.template, cell.comments, tr)))
    cells.append(("markdown", tr.translate(NOTEBOOK["teacher_end" if teacher else "end"])))
    return cells

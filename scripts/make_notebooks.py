"""Generate the notebooks in every language from the package's texts.

Usage: ``python -m scripts.make_notebooks [--out DIR]`` (default: ``notebooks/``).

Writes, for each language of :data:`logger_widget.i18n.LANGUAGES` (``uk``, ``es``, ``es_419``, ``en``;
``es_419`` is Latin-American Spanish: its Markdown is ``Translator("es_419")``'s, the ``es`` texts
with the Latin-American overrides, and its code cells pass ``"es_419"`` to every board and checker):

* ``tutorial_<lang>.ipynb`` — the interactive rules tutorial: one lesson per rule
  (:mod:`logger_widget.classroom.tutorial`) with its explanation, the matching rules text
  (:mod:`logger_widget.i18n.texts.rules`), a task and a live board; ends with a whole
  game against an easy bot;
* ``play_vs_bots_<lang>.ipynb`` — settings, the board, the score chart, the record, the review
  (of the board's game, once a turn is played: *Run All* runs no search, so the board answers at once);
* ``puzzles_<lang>.ipynb`` — the puzzle board (:class:`logger_widget.board.PuzzleBoard`),
  the themes and difficulty of the set, one theme, the pupil's rating;
* ``class_play_<lang>.ipynb`` — class play on the class hub: the lobby
  (:class:`logger_widget.classplay.Lobby`), a game against classmates live; off the hub the lobby
  says that class play needs the class hub;
* ``game_theory_exercises_<lang>.ipynb`` — classroom game-theory exercises with
  checkers (:mod:`logger_widget.classroom.exercises`), and
  ``game_theory_exercises_teacher_<lang>.ipynb``, the same with worked solutions;

and ``play_vs_bots.ipynb``, a language-neutral start page linking to them, and
``play_app.ipynb``, the Voilà page (one code cell: :func:`logger_widget.classroom.app.play_page`,
language from the address, ``?lang=uk|es|es-419|en``; ``bash scripts/voila.sh``).
Outputs are empty (the notebooks are committed cleared); ``tests/test_notebooks.py``
checks that the committed files equal what this script writes.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from logger_widget.classroom.exercises import NOTEBOOK as EXERCISES
from logger_widget.classroom.exercises import notebook_cells
from logger_widget.classroom.tutorial import LESSONS
from logger_widget.i18n import LANGUAGES, Translator
from logger_widget.i18n.texts.board import LANGUAGE_NAMES as NATIVE
from logger_widget.i18n.texts.notebooks import PLAY, PUZZLES, TUTORIAL
from logger_widget.i18n.texts.online import NOTEBOOK as CLASS_PLAY
from logger_widget.i18n.texts.rules import rules_paragraphs, section_title

ROOT = Path(__file__).resolve().parents[1]


def notebook(cells: list, language: str) -> nbformat.NotebookNode:
    nb = new_notebook(cells=cells)
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
        "logger_widget": {"language": language, "generated_by": "scripts/make_notebooks.py"},
    }
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{language}-{i:02d}"
    return nb


def tutorial(language: str) -> nbformat.NotebookNode:
    tr = Translator(language)
    t = {key: tr.translate(msg) for key, msg in TUTORIAL.items()}
    cells = [
        new_markdown_cell(f"# {t['title']}\n\n{t['intro']}\n\n{t['setup']}"),
        new_code_cell(
            "from logger_widget import Board\nfrom logger_widget.classroom.tutorial import LessonBoard"
        ),
    ]
    shown: set[str] = set()
    for number, les in enumerate(LESSONS, start=1):
        parts = [f"## {number}. {tr.translate(les.title)}"]
        parts += [tr.translate(p) for p in les.explanation]
        for section in les.rules_sections:
            if section in shown:
                continue
            shown.add(section)
            quoted = "\n>\n".join("> " + p.replace("\n", "\n> ") for p in rules_paragraphs(section, tr))
            parts.append(
                f"<details><summary>{t['rules']}: {section_title(section, tr)}</summary>\n\n{quoted}\n\n</details>"
            )
        parts.append(tr.format(TUTORIAL["task"], task=tr.translate(les.task)))
        cells.append(new_markdown_cell("\n\n".join(parts)))
        cells.append(new_code_cell(f'# {t["code_lesson"]}\nLessonBoard("{les.key}", "{language}")'))
    cells.append(new_markdown_cell(f"## {t['final_title']}\n\n{t['final_text']}"))
    cells.append(
        new_code_cell(f'# {t["code_game"]}\nBoard(players=["human", "mcts:easy"], locale="{language}")')
    )
    return notebook(cells, language)


#: The settings cell's note where a catalogue serves several countries: the board, the puzzles and the
#: review take the pupil's own tag and write numbers as her country does (docs/i18n.md).
REGION_NOTE = {"es_419": '  # o "es-AR", "es-CO"…: los números se escriben como en tu país'}


def play(language: str) -> nbformat.NotebookNode:
    tr = Translator(language)
    t = {key: tr.translate(msg) for key, msg in PLAY.items()}
    settings = (
        f'# {t["settings"]}\nLANGUAGE = "{language}"{REGION_NOTE.get(language, "")}\nPLAYERS = ["human", "mcts:easy"]  # {t["players"]}\n'
        f"CORNERS = None  # {t['corners']}\n"
    )
    cells = [
        new_markdown_cell(f"# {t['title']}\n\n{t['intro']}"),
        new_code_cell(settings),
        new_markdown_cell(f"## {t['board_title']}"),
        new_code_cell(
            "from logger_widget import Board\n\nboard = Board(players=PLAYERS, corners=CORNERS, locale=LANGUAGE)\nboard"
        ),
        new_markdown_cell(f"## {t['chart_title']}\n\n{t['chart_text']}"),
        new_code_cell("board.chart()"),
        new_markdown_cell(f"## {t['record_title']}\n\n{t['record_text']}"),
        new_code_cell("print(board.to_json())"),
        new_markdown_cell(f"## {t['review_title']}\n\n{t['review_text']}"),
        new_code_cell(
            f"# {t['review_code']}\n"
            "from ipywidgets import IntProgress\n"
            "from logger_widget.charts import evaluation\n"
            "from logger_widget.review import review\n\n"
            "result = None\n"
            "if board.game.turns:\n"
            "    bar = IntProgress(max=len(board.game.turns))\n"
            "    display(bar)\n"
            "    result = review(board.game, seconds=0.02, progress=lambda done, total: setattr(bar, 'value', done))\n"
            "    display(evaluation(result, locale=LANGUAGE))\n"
            "else:\n"
            f"    print({t['review_later']!r})"
        ),
        new_code_cell(
            f"# {t['review_list']}\n"
            "from logger_widget.board.coach import review_notes\n"
            "from logger_widget.i18n import Translator\n\n"
            "review_notes(Translator(LANGUAGE), result.mistakes()) if result is not None else None"
        ),
    ]
    return notebook(cells, language)


def puzzles(language: str) -> nbformat.NotebookNode:
    tr = Translator(language)
    t = {key: tr.translate(msg) for key, msg in PUZZLES.items()}
    setup = (
        f'LANGUAGE = "{language}"{REGION_NOTE.get(language, "")}\n\n'
        "from logger_widget.board import PuzzleBoard\n"
        "from logger_widget.puzzles import load_puzzles\n\n"
        f"puzzles = load_puzzles()  # {t['setup']}\n"
        "len(puzzles)"
    )
    themes = (
        "from collections import Counter\n"
        "from logger_widget.i18n import Translator\n"
        "from logger_widget.i18n.texts.puzzles import THEME_NAMES\n\n"
        "tr = Translator(LANGUAGE)\n"
        "for theme, n in Counter(p.theme for p in puzzles).most_common():\n"
        "    ratings = [p.rating for p in puzzles if p.theme == theme]\n"
        "    low, high = tr.format_number(round(min(ratings))), tr.format_number(round(max(ratings)))\n"
        '    print(f"{tr.translate(THEME_NAMES[theme])}: {tr.format_number(n)} ({low}–{high})")'
    )
    one = (
        'THEME = "domino_chop"\n\n'
        "practice = PuzzleBoard([p for p in puzzles if p.theme == THEME], locale=LANGUAGE)\n"
        "practice"
    )
    # numbers as the board writes them (uk «1 500», es «15 000»), ± and → between no-break spaces
    rating = (
        "from logger_widget.i18n import Translator\n\n"
        "tr = Translator(LANGUAGE)\n\n\n"
        "def number(x):\n"
        "    return tr.format_number(round(x))\n\n\n"
        'print(f"{number(board.rating.rating)}\\u00a0±\\u00a0{number(board.rating.deviation)}")\n'
        "for puzzle_id, solved, before, after in board.session.history:\n"
        '    print(puzzle_id, "✓" if solved else "✗", f"{number(before)}\\u00a0→\\u00a0{number(after)}")'
    )
    cells = [
        new_markdown_cell(f"# {t['title']}\n\n{t['intro']}"),
        new_code_cell(setup),
        new_markdown_cell(f"## {t['board_title']}"),
        new_code_cell("board = PuzzleBoard(puzzles, locale=LANGUAGE)\nboard"),
        new_markdown_cell(f"## {t['rating_title']}\n\n{t['rating_text']}"),
        new_code_cell(rating),
        new_markdown_cell(f"## {t['themes_title']}\n\n{t['themes_text']}"),
        new_code_cell(themes),
        new_markdown_cell(f"## {t['theme_title']}\n\n{t['theme_text']}"),
        new_code_cell(one),
        new_markdown_cell(f"## {t['mistakes_title']}\n\n{t['mistakes_text']}"),
        new_code_cell("from logger_widget.board import my_mistakes\n\nmine = my_mistakes(LANGUAGE)\nmine"),
    ]
    return notebook(cells, language)


def class_play(language: str) -> nbformat.NotebookNode:
    """Class play on the class hub: the lobby, how a game starts, coming back, the game's chart."""
    tr = Translator(language)
    t = {key: tr.translate(msg) for key, msg in CLASS_PLAY.items()}
    cells = [
        new_markdown_cell(f"# {t['title']}\n\n{t['intro']}"),
        new_code_cell(
            f"# {t['code_lobby']}\nfrom logger_widget.classplay import Lobby\n\n"
            f'lobby = Lobby(locale="{language}")\nlobby'
        ),
        new_markdown_cell(f"## {t['how_title']}\n\n{t['how_text']}"),
        new_markdown_cell(f"## {t['arena_title']}\n\n{t['arena_text']}"),
        new_markdown_cell(f"## {t['back_title']}\n\n{t['back_text']}"),
        new_markdown_cell(f"## {t['record_title']}\n\n{t['record_text']}"),
        new_code_cell(f"# {t['code_record']}\nlobby.board.chart() if lobby.board is not None else None"),
    ]
    return notebook(cells, language)


def exercises(language: str, teacher: bool = False) -> nbformat.NotebookNode:
    """The game-theory exercises (students' version, or the teacher's with worked solutions)."""
    cells = [
        new_markdown_cell(source) if kind == "markdown" else new_code_cell(source)
        for kind, source in notebook_cells(language, teacher)
    ]
    return notebook(cells, language)


def exercises_name(language: str, teacher: bool = False) -> str:
    return f"game_theory_exercises_{'teacher_' if teacher else ''}{language}.ipynb"


def play_app() -> nbformat.NotebookNode:
    """The Voilà page: no text cells (Voilà shows outputs only); the language comes from ``?lang=``."""
    code = "from logger_widget.classroom.app import play_page\n\nplay_page()"
    return notebook([new_code_cell(code)], "mul")


def start_page() -> nbformat.NotebookNode:
    rows = []
    for language in LANGUAGES:
        tr = Translator(language)
        rows.append(
            f"| {NATIVE[language]} | [{tr.translate(TUTORIAL['title'])}](tutorial_{language}.ipynb) "
            f"| [{tr.translate(PLAY['title'])}](play_vs_bots_{language}.ipynb) "
            f"| [{tr.translate(PUZZLES['title'])}](puzzles_{language}.ipynb) "
            f"| [{tr.translate(EXERCISES['title'])}]({exercises_name(language)}) "
            f"| [{tr.translate(EXERCISES['teacher_title'])}]({exercises_name(language, True)}) |"
        )
    table = "| | | | | | |\n|---|---|---|---|---|---|\n" + "\n".join(rows)
    voila = "Voilà: [play_app.ipynb](play_app.ipynb) " + " · ".join(
        f"`?lang={language.replace('_', '-')}`" for language in LANGUAGES
    )
    online = " · ".join(
        f"{NATIVE[language]}: [{Translator(language).translate(CLASS_PLAY['start_page'])}](class_play_{language}.ipynb)"
        for language in LANGUAGES
    )
    return notebook([new_markdown_cell(f"# Logger\n\n{table}\n\n{online}\n\n{voila}")], "mul")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "notebooks", help="output folder")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    books = {"play_vs_bots.ipynb": start_page(), "play_app.ipynb": play_app()}
    for language in LANGUAGES:
        books[f"tutorial_{language}.ipynb"] = tutorial(language)
        books[f"play_vs_bots_{language}.ipynb"] = play(language)
        books[f"puzzles_{language}.ipynb"] = puzzles(language)
        books[f"class_play_{language}.ipynb"] = class_play(language)
        books[exercises_name(language)] = exercises(language)
        books[exercises_name(language, True)] = exercises(language, teacher=True)
    for name, nb in books.items():
        nbformat.validate(nb)
        (args.out / name).write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
    print(f"wrote {len(books)} notebooks to {args.out}")


if __name__ == "__main__":
    main()

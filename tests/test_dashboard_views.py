"""The dashboard's pieces without a server: the SVG board, the notebook snippet, the language, the CSV."""

from __future__ import annotations

import csv
import hashlib
import io
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbgraderkit import make_gradebook

from logger_widget import Game
from logger_widget.engine.cells import CELL_NAMES
from logger_widget.i18n import Translator
from logger_widget.i18n.texts.board import CELL
from logger_widget.palette import SEAT_COLOURS
from logger_widget.service import dashboard
from logger_widget.service.dashboard import PupilProgress, csv_text, page_language, snippet
from logger_widget.svg import board_svg


def _playout(seed: int, plies: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(2)
    for _ in range(plies):
        if game.is_over:
            break
        game.play(rng.choice(list(game.legal_turns())))
    return game


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30), st.sampled_from(["uk", "es", "en"]))
def test_every_cell_of_the_svg_board_shows_what_the_position_holds(seed, plies, language):
    game = _playout(seed, plies)
    last = (game.positions[-2], game.turns[-1]) if game.turns else None
    svg = board_svg(game.position, Translator(language), label="Game 1", last=last)
    drawn = dict(re.findall(r'data-cell="(\w\d)" data-piece="([\w-]+)"', svg))
    assert drawn == {c: game.position.piece_at(c) or "empty" for c in CELL_NAMES}
    for seat, cell in enumerate(game.position.loggers, start=1):
        group = svg[svg.index(f'data-cell="{cell}"') :].split("</g>", 1)[0]
        assert SEAT_COLOURS[seat] in group  # the seat's colour from the palette
    assert svg.count("<title>") == 25


def test_the_svg_board_titles_are_in_the_readers_language():
    svg = board_svg(Game.new(2).position, Translator("uk"), label="Гра 1")
    assert "<title>a1, лісоруб гравця 1</title>" in svg
    empty = Translator("uk").translate(CELL["empty"])
    assert f"<title>b2, {empty}</title>" in svg and empty != "empty"


def test_the_snippet_opens_the_same_game_in_a_notebook():
    game = _playout(3, 12)
    game.metadata = {
        "names": ["olena", "taras'''\"\"\"x"],
        "game": 7,
    }  # quotes in a name cannot break the code
    code = snippet(game.to_record(), "es")
    namespace: dict = {}
    exec(compile(code, "<snippet>", "exec"), namespace)  # what the teacher's notebook cell runs
    shown = eval(code.splitlines()[-1], namespace)  # the cell's last line: the board itself
    assert [t.notation() for t in shown.game.turns] == [t.notation() for t in game.turns]
    assert shown.locale == "es"


@pytest.mark.parametrize(
    ("query", "accept", "default", "expected"),
    [
        ("es", "uk", "en", "es"),
        (None, "uk-UA,uk;q=0.9,en;q=0.8", "en", "uk"),
        (None, "fr-FR,es;q=0.5,uk;q=0.9", "en", "uk"),
        (None, "es-419", "uk", "es_419"),
        (None, "es-MX,es;q=0.9", "uk", "es_419"),
        (None, "es-ES,es-MX;q=0.5", "uk", "es"),
        ("es-419", "uk", "en", "es_419"),
        ("ES_419", None, "en", "es_419"),
        (None, None, "es_419", "es_419"),
        (None, "en-XA", "uk", "en"),
        (None, "fr, de;q=0.5", "uk", "uk"),
        (None, None, "es", "es"),
        ("zz", "garbage;;q=x,,", "en", "en"),
        (None, "en;q=0.1, es;q=0.2", "uk", "es"),
    ],
)
def test_the_page_language(query, accept, default, expected):
    assert page_language(query, accept, default) == expected


def test_the_csv_reads_back_and_never_runs_a_formula():
    rows = [
        PupilProgress(
            "olena", ("lesson-1", "lesson-2"), 1523.44, 5, 3, (1510.0, 1523.44), 1, 2, 5.0, 6.0, 1516.0
        ),
        PupilProgress("taras", ("=1+1", "@SUM(A1)"), 1500.0, 0, 0, (), 0, 0, None, None, 1500.0),
    ]
    text = csv_text(rows, Translator("es"))
    table = list(csv.reader(io.StringIO(text)))
    assert table[0][:3] == ["nombre", "lecciones superadas", "lecciones"]
    assert table[1] == [
        "olena",
        "2",
        "lesson-1; lesson-2",
        "1523.4",
        "5",
        "3",
        "1",
        "2",
        "5.0",
        "6.0",
        "1516.0",
    ]
    assert table[2][2] == "'=1+1; @SUM(A1)" and table[2][8] == "" and table[2][9] == ""
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in table for cell in row)


@pytest.mark.slow  # nbgrader's import and its alembic run: about 15 s
def test_the_grading_scores_come_from_nbgraders_gradebook_which_is_never_written(tmp_path, monkeypatch):
    book = tmp_path / "gradebook.db"
    make_gradebook(book)
    before = hashlib.sha256(book.read_bytes()).hexdigest()
    book.chmod(0o400)  # the teacher's file: the service reads it, never writes it
    monkeypatch.setenv(dashboard.GRADEBOOK_ENV, f"sqlite:///{book}")
    assert dashboard._grades() == {"olena": (5.0, 6.0), "taras": (0.0, 6.0)}
    assert hashlib.sha256(book.read_bytes()).hexdigest() == before
    missing = tmp_path / "none.db"
    monkeypatch.setenv(dashboard.GRADEBOOK_ENV, f"sqlite:///{missing}")
    assert dashboard._grades() == {} and not missing.exists()  # not graded; nothing created
    monkeypatch.setenv(dashboard.GRADEBOOK_ENV, "postgresql://x/y")
    with pytest.raises(ValueError, match="LW_CLASSGAME_GRADEBOOK"):
        dashboard._grades()


def _progress_html(rows: list[PupilProgress], tr: Translator) -> str:
    """The dashboard's progress panel for ``rows``, in ``tr``'s language (the names the pages give it)."""
    from tornado.template import Loader

    return (
        Loader(str(dashboard.TEMPLATES))
        .load("_progress.html")
        .generate(
            progress=rows,
            progress_error=None,
            tr=tr,
            T=dashboard.texts,
            number=tr.format_number,
            decimal=lambda x: tr.format_number(round(x)),
            sparkline=dashboard.sparkline,
            lesson_titles=dashboard.lesson_titles,
        )  # fmt: skip
        .decode()
    )


def test_the_progress_line_shows_the_rating_history_from_the_start_and_the_tries(tmp_path):
    """One rated try already draws a history (the start, then after it); the rating cell says how many were solved.

    Before: the history held only the ratings after each try, so a pupil with one try had no line
    ("—"), and the view showed no count of tries at all.
    """
    import sqlalchemy as sa

    from logger_widget.progress import Attempt, SQLProgressStore
    from logger_widget.progress.records import now
    from logger_widget.service.dashboard import class_progress

    engine = sa.create_engine(f"sqlite:///{tmp_path / 'class.sqlite'}")
    store = SQLProgressStore(engine, "olena")
    store.add_attempt(Attempt("p0001", True, 1500.0, 1583.2, 180.0, now(), False, "a1-b1"))
    store.add_attempt(
        Attempt("m-own", False, 1583.2, 1583.2, 180.0, now(), True, "a1-b2")
    )  # personal: not rated
    (row,) = class_progress(engine, [], {})
    assert row.history == (1500.0, 1583.2) and (row.played, row.solved) == (1, 1)
    tr = Translator("uk")
    html = _progress_html([row], tr)
    assert '<svg class="spark"' in html and f"{tr.format_number(1500)} → {tr.format_number(1583)}" in html
    assert '<small class="tries">розв’язано 1 з 1</small>' in html


@pytest.mark.parametrize(
    "language, titles",
    [
        ("uk", "Посадити, Рух"),
        ("es", "Plantar, Movimiento"),
        ("en", "Plant, Movement"),
    ],
)
def test_the_progress_view_and_csv_name_the_lessons_by_their_titles_in_the_teachers_language(
    language, titles
):
    """The teacher reads "Посадити, Рух", not the lessons' keys ``plant, movement``; a key no lesson has stays as it is."""
    row = PupilProgress("olena", ("plant", "movement"), 1500.0, 0, 0, (), 0, 0, None, None, 1500.0)
    tr = Translator(language)
    html = _progress_html([row], tr)
    assert re.search(r'<td class="c-lessons"[^>]*>.*?<small>(.*?)</small>', html, re.S).group(1) == titles
    table = list(csv.reader(io.StringIO(csv_text([row], tr))))
    assert table[1][2] == titles.replace(", ", "; ")
    assert dashboard.lesson_titles(("chop", "made-up"), tr)[1] == "made-up"

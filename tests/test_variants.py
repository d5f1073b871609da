"""Graded work without an oracle: each pupil's own variant, checkers that refuse in a graded kernel, course texts.

Quick tests (no nbgrader run); ``tests/test_nbgrader.py`` grades variants through real nbgrader.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import nbformat
import pytest

from logger_widget.classroom import feedback as fb
from logger_widget.classroom.course import form_check, pupil_variant, question
from logger_widget.classroom.exercises import exact_value, exercise
from logger_widget.classroom.judge import VARIANTS_LINE, JudgeAnswers, ShowVariants
from logger_widget.classroom.variants import (
    DEFAULT,
    Variant,
    draw,
    read_secret,
    transform_cells,
    transform_lpn,
)
from logger_widget.engine.position import Position

SECRET = b"a-teachers-secret-of-the-tests"
CLASS = [f"pupil{i}" for i in range(30)]


@pytest.fixture
def graded_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process as a graded notebook's kernel (its checkers refusing) for one test."""
    monkeypatch.setattr(fb, "_judging", True)
    pupil_variant({}, user="nobody")


def test_in_a_graded_kernel_no_checker_tells_right_from_wrong(graded_kernel: None) -> None:
    """The oracle of the issue: every answer of every question asked of the package's checkers."""
    variant = draw(SECRET, "olena")
    candidates = {
        "sample_size": list(range(900, 1300)),
        "game_value": [0, 0.5, 1],
        "kingmaker": list("ABCD"),
        "protester": list(variant.position("protester").legal_turns()),
    }
    for key, answers in candidates.items():
        for kwargs in ({}, variant.checker_kwargs(key)):
            verdicts = {exercise(key).check(a, **kwargs).text() for a in answers}
            assert verdicts == {exercise(key).check(answers[0], locale="en", **kwargs).text()}, key
            assert not any(exercise(key).check(a, **kwargs).ok for a in answers), key
    refused = exercise("game_value").check(1, locale="uk")
    assert refused.kind == "hint" and refused.message == fb.REFUSED and "відгуку" in refused.text()
    # the form is still checked: an empty or unreadable answer gets its hint, a readable one the same note
    assert (
        form_check("game_value", 1, "en", variant).text() == form_check("game_value", 0, "en", variant).text()
    )
    assert (
        form_check("game_value", ..., "en", variant).text()
        != form_check("game_value", 1, "en", variant).text()
    )


def test_the_judge_still_judges_each_pupils_own_variant() -> None:
    """In the teacher's process (no refusal) the judge grades the pupil's variant, not the notebooks' default."""
    assert fb._judging
    variant = draw(SECRET, "olena")
    n = JudgeAnswers.judge("sample_size", 1068, "en", variant)  # the formative notebook's answer
    assert not n.ok
    needed = exercise("sample_size").params["n"].n
    assert needed == 1068
    mine = Position.from_lpn(variant.lpn("protester"))
    winning = [t for t in mine.legal_turns() if mine.play(t).outcome().winners == (2,)]
    assert winning and all(JudgeAnswers.judge("protester", t.notation(), "en", variant).ok for t in winning)
    assert not JudgeAnswers.judge("protester", "e5-c5 +b4,c2 xc4", "en", variant).ok  # the default's turn


def test_variants_differ_between_pupils_and_never_are_the_default() -> None:
    variants = {name: draw(SECRET, name) for name in CLASS}
    assert draw(SECRET, "Pupil3 ") == variants["pupil3"]  # the account name, as the hub gives it
    assert DEFAULT not in variants.values()
    assert all(
        (v.half_width, v.rate) != (DEFAULT.half_width, DEFAULT.rate) and v.symmetry for v in variants.values()
    )
    assert len({(v.half_width, v.rate) for v in variants.values()}) >= 10  # spread over the pool
    assert len({v.symmetry for v in variants.values()}) == 7
    for v in set(variants.values()):  # the formative notebook's right answers are wrong in every variant
        for n in (1064, 1068, 1121, "1,068"):
            assert not JudgeAnswers.judge("sample_size", n, "en", v).ok, (v, n)
    assert (
        draw(b"another-secret-of-a-teacher", "pupil0") != variants["pupil0"]
        or draw(b"another-secret-of-a-teacher", "pupil1") != variants["pupil1"]
    )
    with pytest.raises(ValueError, match="empty"):
        draw(b"", "olena")


def test_each_pupil_has_her_own_kingmaker_question_and_is_judged_on_it() -> None:
    """Other numbers (points added to every score) and the statements under other letters: a
    classmate's letter, or the formative notebook's B, is wrong; each pupil's own letter is right."""
    from logger_widget.classroom.exercises.kingmaker import outcomes_by_turn
    from logger_widget.classroom.grading import score

    variants = {name: draw(SECRET, name) for name in CLASS}
    assert {v.kingmaker_points for v in variants.values()} == {1, 2, 3, 4, 5}
    assert len({v.options for v in variants.values()}) >= 10
    default_outcomes = [w for _, w in outcomes_by_turn(DEFAULT.position("kingmaker"))]
    for v in set(variants.values()):
        mine = v.position("kingmaker")
        assert [w for _, w in outcomes_by_turn(mine)] == default_outcomes  # the same game
        assert list(mine.scores) == [n + v.kingmaker_points for n in DEFAULT.position("kingmaker").scores]
        assert score("kingmaker", JudgeAnswers.judge("kingmaker", v.option("B"), "en", v)) == 1
        assert score("kingmaker", JudgeAnswers.judge("kingmaker", "B", "en", v)) == 0, v  # the notebooks' B
    # two pupils whose right letters differ: each one's scores for her, the other's does not
    olena = variants["pupil0"]
    diego = next(v for v in variants.values() if v.option("B") != olena.option("B"))
    for mine, other in ((olena, diego), (diego, olena)):
        assert JudgeAnswers.judge("kingmaker", mine.option("B"), "uk", mine).ok
        assert not JudgeAnswers.judge("kingmaker", other.option("B"), "uk", mine).ok
        for language in ("uk", "es", "en"):
            assert str(question("kingmaker", language, 3, mine)) != str(
                question("kingmaker", language, 3, other)
            )
    # the numbers in the question are the pupil's own: Player 1's points, and the wrong
    # statement A's feedback counts from them
    seven = next(v for v in variants.values() if v.kingmaker_points == 5)
    assert "15 points" in str(question("kingmaker", "en", 3, seven))
    assert "10 points," not in str(question("kingmaker", "en", 3, seven))
    said = JudgeAnswers.judge("kingmaker", seven.option("A"), "en", seven).text()
    assert "Player 2 has 9 points" in said and "Player 1 already has 15 points" in said, said


def test_the_kingmaker_statements_move_with_their_letters() -> None:
    """Letter A–D shows ``options[i]``'s sentence, in every language; a bad order is refused by name."""
    from logger_widget.classroom.exercises.kingmaker import order_options

    variant = Variant(options="DCAB")
    for language, statement_b in (
        ("en", "Player 2 cannot win, but its turn decides who wins."),
        ("uk", "Гравець 2 не може виграти, але його хід вирішує, хто переможе."),
        ("es", "El jugador 2 no puede ganar, pero su jugada decide quién gana."),
    ):
        shown = str(question("kingmaker", language, 3, variant))
        assert f"**D.** {statement_b}" in shown, shown
        assert f"**B.** {statement_b}" not in shown
        assert shown.count("**") == str(question("kingmaker", language, 3)).count("**")
        assert '`answer = "A"`' in shown  # the line of code stays last
    assert JudgeAnswers.judge("kingmaker", "D", "en", variant).ok
    assert not JudgeAnswers.judge("kingmaker", "B", "en", variant).ok
    for bad in ("ABCC", "ABC", "abcd"):
        with pytest.raises(ValueError, match="order of the letters A, B, C and D"):
            exercise("kingmaker").check("A", options=bad)
    with pytest.raises(ValueError, match="not four statements"):
        order_options("What? **A.** yes. **B.** no. `answer`", "ABCD")
    with pytest.raises(ValueError, match="statement must be one of"):
        variant.option("E")


@pytest.mark.parametrize("symmetry", range(8))
def test_a_symmetry_keeps_the_game(symmetry: int) -> None:
    """The board turned or mirrored: the same value, the same winning turns (their cells mapped)."""
    lpn = "....2/..m.m/p.p.m/...../1.... 2 10,8 1,1"
    base, turned = Position.from_lpn(lpn), Position.from_lpn(transform_lpn(lpn, symmetry))
    wins = {t.notation() for t in base.legal_turns() if base.play(t).outcome().winners == (2,)}
    mapped = {transform_cells(w, symmetry) for w in wins}
    for text in mapped:
        turn = turned.parse_turn(text)
        assert turned.play(turn).outcome().winners == (2,), text
    assert len(list(turned.legal_turns())) == len(list(base.legal_turns()))
    game = "mmmp2/m1mmp/mmamm/.m.mm/.ssmm 1 9,9 0,2"
    assert exact_value(Position.from_lpn(transform_lpn(game, symmetry))) == exact_value(
        Position.from_lpn(game)
    )
    with pytest.raises(ValueError, match="symmetry must be 0-7"):
        transform_lpn(lpn, 8)


def test_the_secret_is_the_teachers_alone(tmp_path: Path) -> None:
    path = tmp_path / "variants_secret"
    with pytest.raises(FileNotFoundError):
        read_secret(path)
    secret = read_secret(path, create=True)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600 and len(secret) == 64
    assert read_secret(path, create=True) == secret  # kept, never replaced
    path.write_text("short", encoding="ascii")
    with pytest.raises(ValueError, match="too short"):
        read_secret(path)


def test_generating_writes_the_class_variants_into_the_set_up_cell(tmp_path: Path) -> None:
    (tmp_path / "languages.csv").write_text("olena,uk\ndiego,es\n", encoding="utf-8")
    setup = nbformat.v4.new_code_cell(f"x = 1\n{VARIANTS_LINE}\ny = 2")
    setup.metadata["nbgrader"] = {"grade_id": "setup"}
    nb = nbformat.v4.new_notebook(cells=[setup])
    step = ShowVariants(class_list=str(tmp_path / "languages.csv"), secret_file=str(tmp_path / "s"))
    nb, _ = step.preprocess(nb, {"nbgrader": {"assignment": "game_theory"}})
    namespace: dict = {}
    exec(nb.cells[0].source, namespace)  # noqa: S102 - the cell the pupils get
    secret = read_secret(tmp_path / "s")
    assert {k: Variant(**v) for k, v in namespace["VARIANTS"].items()} == {
        "diego": draw(secret, "diego"),
        "olena": draw(secret, "olena"),
    }
    judge = JudgeAnswers(class_list=str(tmp_path / "languages.csv"), secret_file=str(tmp_path / "s"))
    assert judge.variant({"nbgrader": {"student": "olena"}}) == draw(secret, "olena")
    assert judge.variant({"nbgrader": {"student": "mallory"}}) == DEFAULT  # not on the list
    bad = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("VARIANTS = 3")])
    bad.cells[0].metadata["nbgrader"] = {"grade_id": "setup"}
    with pytest.raises(ValueError, match="VARIANTS = {}"):
        step.preprocess(bad, {"nbgrader": {}})


def test_the_course_texts_fit_the_course_notebook() -> None:
    """No board to undo, no table announced and missing, no name the pupil's kernel lacks."""
    variant = draw(SECRET, "olena")
    for language in ("en", "uk", "es"):
        shown = "".join(str(question(key, language)) for key in ("game_value", "kingmaker", "protester"))
        for absent in (
            "Undo",
            "Скасувати",
            "Deshacer",
            "think Player 2 should do:",
            "що, на думку",
            "Useful tools",
        ):
            assert absent not in shown, (language, absent)
    text = str(question("game_value", "en", 2, variant))
    assert 'position = VARIANT.position("game_value")' in text
    position = variant.position("game_value")  # what the text tells the pupil to write
    assert transform_lpn(position.to_lpn(), 0) in text.replace("\n", " ") or position.board_text() in text


def test_autograding_runs_the_notebook_as_the_pupil_and_the_feedback_hides_the_tests(tmp_path: Path) -> None:
    """AsThePupil names the pupil in the set-up cell; FeedbackView leaves the hidden tests out, in her language."""
    from logger_widget.classroom.judge import AsThePupil, FeedbackView

    setup = nbformat.v4.new_code_cell(
        "VARIANTS = {}\nLANGUAGE, VARIANT = pupil_language(), pupil_variant(VARIANTS)"
    )
    setup.metadata["nbgrader"] = {"grade_id": "setup"}
    test = nbformat.v4.new_code_cell(
        'form_check("kingmaker", answer_kingmaker, LANGUAGE, VARIANT)\n'
        '### BEGIN HIDDEN TESTS\nsubmit("kingmaker", answer_kingmaker)\n### END HIDDEN TESTS'
    )
    test.metadata["nbgrader"] = {"grade_id": "kingmaker_test", "grade": True, "points": 1, "score": 1.0}
    nb = nbformat.v4.new_notebook(cells=[setup, test])
    nb, _ = AsThePupil().preprocess(nb, {"nbgrader": {"student": "olena"}})
    assert "pupil_language(user='olena')" in nb.cells[0].source
    assert "pupil_variant(VARIANTS, user='olena')" in nb.cells[0].source
    (tmp_path / "languages.csv").write_text("olena,uk\n", encoding="utf-8")
    view = FeedbackView(class_list=str(tmp_path / "languages.csv"))
    nb, _ = view.preprocess(nb, {"nbgrader": {"student": "olena", "score": 1.0, "max_score": 6}})
    assert nb.cells[1].source == 'form_check("kingmaker", answer_kingmaker, LANGUAGE, VARIANT)'
    assert nb.cells[1].metadata["logger_widget"]["label"] == "Питання 3: 1 з 1"
    assert nb.metadata["logger_widget"]["feedback"]["total"] == "Твої бали: 1 з 6"


def test_the_feedback_keeps_rendered_markdown_and_drops_scripts() -> None:
    from nbconvert.filters import markdown2html

    from logger_widget.classroom.judge import clean_feedback_html

    html = markdown2html("## 1.\n\n**Question.** A *question*\n\n- one\n\n```text\n....2\n```")
    cleaned = clean_feedback_html(html + '<script>alert(1)</script><p onclick="x()">p</p>')
    assert "<h2" in cleaned and "<p><strong>Question.</strong>" in cleaned and "<li>one</li>" in cleaned
    assert "<script>" not in cleaned and "&lt;script&gt;" in cleaned and "onclick" not in cleaned


def test_the_oracle_pupil_scores_nothing(graded_kernel: None) -> None:
    """nbgraderkit.ORACLE run as in her graded kernel, judged as the teacher's judge does: 0 of 6 (6 of 6 before)."""
    from nbgraderkit import ORACLE

    from logger_widget.classroom.grading import score

    variant = draw(SECRET, "oscar")
    total = 0.0
    for key, code in ORACLE.items():
        namespace = {"VARIANT": variant}
        exec(code, namespace)  # noqa: S102 - the pupil's answer cell
        fb._judging = True  # the teacher's process judges
        total += score(key, JudgeAnswers.judge(key, namespace[f"answer_{key}"], "en", variant))
        fb._judging = False
    assert total == 0
    # the same cells where the checkers judge (a formative notebook's kernel): all the points
    from nbgraderkit import ASK_THE_CHECKERS, TOTAL

    fb._judging = True
    total = 0.0
    for key, code in ASK_THE_CHECKERS.items():
        namespace = {"VARIANT": variant}
        exec(code.replace("FALLBACK", "None"), namespace)  # noqa: S102 - the pupil's answer cell
        total += score(key, JudgeAnswers.judge(key, namespace[f"answer_{key}"], "en", variant))
    assert total == TOTAL


def test_the_feedback_page_speaks_the_pupils_language() -> None:
    """The course's feedback template, as nbgrader's generate_feedback renders it: no English heading of nbgrader's."""
    from logger_widget.classroom import judge
    from logger_widget.classroom.course import introduction

    answer = nbformat.v4.new_code_cell("answer_kingmaker = 'A'")
    answer.metadata["nbgrader"] = {"grade_id": "kingmaker_answer", "solution": True, "grade": False}
    test = nbformat.v4.new_code_cell("form_check('kingmaker', answer_kingmaker, LANGUAGE, VARIANT)")
    test.metadata["nbgrader"] = {"grade_id": "kingmaker_test", "grade": True, "solution": False, "points": 1,
                                 "score": 0.0}  # fmt: skip
    test.outputs = [judge._markdown(str(exercise("kingmaker").check("A", locale="es")))]
    setup = nbformat.v4.new_code_cell("introduction(LANGUAGE)")
    setup.metadata["nbgrader"] = {"grade_id": "setup", "locked": True}
    setup.outputs = [judge._markdown(str(introduction("es")))]
    title = nbformat.v4.new_markdown_cell("# Лісоруб · Leñador · Logger")
    title.metadata["nbgrader"] = {"grade_id": "title", "locked": True}
    nb = nbformat.v4.new_notebook(cells=[title, setup, answer, test])
    resources = {
        "nbgrader": {"student": "diego", "score": 0.0, "max_score": 6, "late_penalty": 0, "notebook": "nb"}
    }
    view = judge.FeedbackView()
    view.language = lambda resources: "es"  # type: ignore[method-assign]
    nb, _ = view.preprocess(nb, resources)
    html = _feedback_html(nb, resources)
    assert "Tus puntos: 0 de 6" in html and "Pregunta 3: 0 de 1" in html and "Tu respuesta" in html
    for english in ("Test cell", "Score:", "Student's answer", "(Top)", "Grade cell"):
        assert english not in html, english
    assert "<strong>" in html and "&lt;p&gt;" not in html  # the introduction's Markdown rendered
    assert "Лісоруб" not in html and "Leñador" in html  # the title in her language only


def _feedback_html(nb: nbformat.NotebookNode, resources: dict[str, Any]) -> str:
    """``nb`` as nbgrader's ``generate_feedback`` renders it with the course's configuration."""
    import nbgrader
    from nbconvert.exporters import HTMLExporter
    from traitlets.config import Config

    from logger_widget.classroom import judge

    c = Config()
    c.HTMLExporter.template_name = "feedback"  # as the formgrader forces it
    c.HTMLExporter.extra_template_basedirs = [  # as deploy/nbgrader/nbgrader_config.py
        os.path.join(os.path.dirname(judge.__file__), "templates"),
        os.path.join(os.path.dirname(nbgrader.__file__), "server_extensions", "formgrader", "templates"),
    ]
    static = ("server_extensions", "formgrader", "static", "node_modules", "bootstrap", "dist", "css")
    c.HTMLExporter.extra_template_paths = [os.path.join(os.path.dirname(nbgrader.__file__), *static)]
    c.HTMLExporter.sanitize_html = True
    c.HTMLExporter.filters = {"clean_html": "logger_widget.classroom.judge.clean_feedback_html"}
    html, _ = HTMLExporter(config=c).from_notebook_node(nb, resources=resources)
    return str(html)


FAKE_MARK = "Full marks: 10/10"
FEEDBACK_RESOURCES = {
    "nbgrader": {"student": "amy", "score": 0.0, "max_score": 6, "late_penalty": 0, "notebook": "nb"}
}


def _stream(text: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_output("stream", name="stdout", text=text)


def _graded_kingmaker() -> nbformat.NotebookNode:
    """An autograded notebook whose pupil printed and displayed her own marks in her cells and during the test."""
    from logger_widget.classroom import judge

    answer = nbformat.v4.new_code_cell("def form_check(*a):\n    print(FAKE)\nanswer_kingmaker = 'A'")
    answer.metadata["nbgrader"] = {"grade_id": "kingmaker_answer", "solution": True, "grade": False}
    answer.outputs = [
        _stream(f"{FAKE_MARK}\n"),
        nbformat.v4.new_output(
            "display_data",
            {
                "text/html": "<script>document.title = 'cheat'</script><h4>Your points: 6 of 6</h4>",
                "text/plain": "<HTML>",
            },
        ),  # fmt: skip
        nbformat.v4.new_output("error", ename="Exception", evalue=FAKE_MARK, traceback=[FAKE_MARK]),
    ]
    added = nbformat.v4.new_code_cell("print(LABEL)")  # a cell she added, no nbgrader metadata
    added.outputs = [_stream("Question 3: 1 of 1\n")]
    test = nbformat.v4.new_code_cell("form_check('kingmaker', answer_kingmaker, LANGUAGE, VARIANT)")
    test.metadata["nbgrader"] = {"grade_id": "kingmaker_test", "grade": True, "solution": False, "locked": True,
                                 "points": 1, "score": 0.0}  # fmt: skip
    verdict = exercise("kingmaker").check("A", locale="en")
    test.outputs = [
        _stream(f"{FAKE_MARK}\n"),  # her form_check, called by the test
        nbformat.v4.new_output("display_data", {"text/markdown": f"## {FAKE_MARK}", "text/plain": FAKE_MARK}),
        judge._markdown(str(verdict)),
        nbformat.v4.new_output("execute_result", {"text/plain": "0.0"}, execution_count=4),
    ]
    return nbformat.v4.new_notebook(cells=[answer, added, test])


def test_the_feedback_shows_none_of_the_pupils_outputs() -> None:
    """Her answer cell's print, HTML and error, a cell she added, her function's print during the test: all gone."""
    from logger_widget.classroom.judge import FeedbackView

    nb, _ = FeedbackView().preprocess(_graded_kingmaker(), FEEDBACK_RESOURCES)
    answer, added, test = nb.cells
    assert answer.outputs == [] and added.outputs == []
    assert answer.source.startswith("def form_check")  # her code is still shown, only not what it printed
    verdict = str(exercise("kingmaker").check("A", locale="en"))
    assert [o.output_type for o in test.outputs] == ["display_data"]
    assert test.outputs[0].data["text/markdown"] == verdict
    html = _feedback_html(nb, FEEDBACK_RESOURCES)
    assert FAKE_MARK not in html and "Question 3: 1 of 1" not in html and "Your points: 6 of 6" not in html
    assert "document.title" not in html and verdict.split(" ", 1)[1][:40] in html


def test_the_feedback_keeps_only_the_judges_outputs_of_the_teachers_cells() -> None:
    """A display in a judged cell without the judge's mark (the judge did not write it) is dropped."""
    from logger_widget.classroom.judge import FeedbackView

    nb = _graded_kingmaker()
    test = nb.cells[2]
    test.outputs = test.outputs[:2] + [nbformat.v4.new_output("display_data", {"text/markdown": "✓ Right!"})]
    nb, _ = FeedbackView().preprocess(nb, FEEDBACK_RESOURCES)
    assert nb.cells[2].outputs == []


def test_the_judge_quotes_a_pupils_text_as_plain_text() -> None:
    """A turn she wrote as a link, bold HTML and 300 more characters: quoted literally and cut, in one code span."""
    from logger_widget.classroom import judge
    from logger_widget.classroom.course import MARKER

    typed = "[Full marks: 10/10](https://example.org/x) <b>bold</b> $x$ " + "y" * 300
    test = nbformat.v4.new_code_cell("submit('protester', answer_protester)")
    test.metadata["nbgrader"] = {"grade_id": "protester_test", "grade": True, "solution": False, "locked": True,
                                 "points": 2, "score": 0.0}  # fmt: skip
    test.outputs = [_stream(f"{MARKER}protester {typed!r}\n")]
    nb = nbformat.v4.new_notebook(cells=[test])
    nb, _ = JudgeAnswers().preprocess(nb, {"nbgrader": {"student": "amy"}})
    shown = dict(nb.cells[0].outputs[0].data)
    nb, _ = judge.FeedbackView().preprocess(nb, FEEDBACK_RESOURCES)
    html = _feedback_html(nb, FEEDBACK_RESOURCES)
    assert '<a href="https://example.org' not in html and "<b>bold" not in html
    assert "<code>[Full marks: 10/10](https://example.org/x) &lt;b&gt;bold&lt;/b&gt; $x$ yyy" in html
    limit = judge.QUOTE_LIMIT
    assert f'"{typed[: limit - 1]}…" as a turn' in shown["text/plain"]  # cut, and no fence in plain text
    assert typed[:limit] not in shown["text/markdown"] and typed[:limit] not in shown["text/plain"]

"""Graded work without an oracle: each pupil's own variant, checkers that refuse in a graded kernel, course texts.

Quick tests (no nbgrader run); ``tests/test_nbgrader.py`` grades variants through real nbgrader.
"""

from __future__ import annotations

import ast
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import nbformat
import pytest

from logger_widget.classroom import feedback as fb
from logger_widget.classroom.course import form_check, pupil_variant, question
from logger_widget.classroom.exercises import exact_value, exercise
from logger_widget.classroom.grading import score
from logger_widget.classroom.judge import VARIANTS_LINE, JudgeAnswers, ShowVariants
from logger_widget.classroom.variants import (
    DEFAULT,
    Variant,
    draw,
    judging,
    read_secret,
    transform_cells,
    transform_lpn,
)
from logger_widget.engine.position import Position

SECRET = b"a-teachers-secret-of-the-tests"
CLASS = [f"pupil{i}" for i in range(30)]


def judged(key: str, answer: Any, locale: str, pupil: str) -> Any:
    """The teacher's judge's verdict on ``pupil``'s ``answer`` to ``key``, on her variant under :data:`SECRET`."""
    return JudgeAnswers.judge(key, answer, locale, SECRET, pupil)


def by_variant() -> dict[Variant, str]:
    """One pupil of :data:`CLASS` for each of their different variants."""
    return {draw(SECRET, name): name for name in reversed(CLASS)}


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
    n = judged("sample_size", 1068, "en", "olena")  # the formative notebook's answer
    assert not n.ok
    needed = exercise("sample_size").params["n"].n
    assert needed == 1068
    mine = Position.from_lpn(variant.lpn("protester"))
    winning = [t for t in mine.legal_turns() if mine.play(t).outcome().winners == (2,)]
    assert winning and all(judged("protester", t.notation(), "en", "olena").ok for t in winning)
    assert not judged("protester", "e5-c5 +b4,c2 xc4", "en", "olena").ok  # the default's turn


def test_variants_differ_between_pupils_and_never_are_the_default() -> None:
    variants = {name: draw(SECRET, name) for name in CLASS}
    assert draw(SECRET, "Pupil3 ") == variants["pupil3"]  # the account name, as the hub gives it
    assert DEFAULT not in variants.values()
    assert all(
        (v.half_width, v.rate) != (DEFAULT.half_width, DEFAULT.rate) and v.symmetry for v in variants.values()
    )
    assert len({(v.half_width, v.rate) for v in variants.values()}) >= 10  # spread over the pool
    assert len({v.symmetry for v in variants.values()}) == 7
    for v, name in by_variant().items():  # the formative notebook's right answers are wrong in every variant
        for n in (1064, 1068, 1121, "1,068"):
            assert judged("sample_size", n, "en", name).kind == "wrong", (v, n)
    assert (
        draw(b"another-secret-of-a-teacher", "pupil0") != variants["pupil0"]
        or draw(b"another-secret-of-a-teacher", "pupil1") != variants["pupil1"]
    )
    with pytest.raises(ValueError, match="empty"):
        draw(b"", "olena")


def test_each_pupil_has_her_own_game_value_question_and_is_judged_on_it() -> None:
    """The position's value differs between pupils (0 or ½) and is never the formative notebook's 1:
    the formative checker's answer, or a classmate's of the other value, scores nothing; her own
    value scores, with a verdict that says what it means (before: every variant was the formative
    position turned, whose value 1 every pupil shared)."""
    from logger_widget.classroom.variants import GAME_VALUE_LPNS

    assert exact_value(Position.from_lpn(GAME_VALUE_LPNS[0]))[0] == 1
    values = {}
    for v, name in by_variant().items():
        value = exact_value(v.position("game_value"))[0]
        values[name] = value
        assert value in (0, 0.5), (v, value)
        assert exercise("game_value").check(1).ok  # the formative notebook's answer ...
        assert score("game_value", judged("game_value", 1, "en", name)) == 0  # ... is wrong for her
        right = judged("game_value", value, "en", name)
        assert right.ok and score("game_value", right) == 1
        said = right.text()
        assert ("share the win" in said) if value == 0.5 else ("Player 2 wins" in said), said
        assert "Player 1 wins" not in said
        assert not judged("game_value", 0.5 - value, "en", name).ok
    assert set(values.values()) == {0, 0.5}  # a classmate's value is not hers
    assert len({draw(SECRET, n).game_value for n in CLASS}) == len(GAME_VALUE_LPNS) - 1
    for value in (0, 0.5):  # in the pupil's language
        name = next(n for n, v in values.items() if v == value)
        english = judged("game_value", value, "en", name).text()
        for language in ("uk", "es", "es_419"):
            assert judged("game_value", value, language, name).text() != english, language


def test_the_game_value_positions_tell_the_texts_story() -> None:
    """Each position of the question: Player 1 has 9 points and must chop (no other turn), every
    chop ends the game after Player 2's last turn, and the search reaches every end."""
    from logger_widget.classroom.variants import GAME_VALUE_LPNS

    for lpn in GAME_VALUE_LPNS:
        position = Position.from_lpn(lpn)
        assert position.to_move == 1 and position.scores[0] == 9 and position.supplies[0] == 0, lpn
        for turn in position.legal_turns():
            assert " x" in turn.notation() and turn.notation().startswith("b4 "), (lpn, turn)
            after = position.play(turn)
            assert after.end_triggered and not after.is_terminal, (lpn, turn)
            assert all(after.play(reply).is_terminal for reply in after.legal_turns()), (lpn, turn)
        assert len({exact_value(Position.from_lpn(transform_lpn(lpn, s))) for s in range(8)}) == 1


def test_each_pupil_has_her_own_kingmaker_question_and_is_judged_on_it() -> None:
    """Other numbers (points added to every score) and the statements under other letters: a
    classmate's letter, or the formative notebook's B, is wrong; each pupil's own letter is right."""
    from logger_widget.classroom.exercises.kingmaker import outcomes_by_turn
    from logger_widget.classroom.grading import score

    variants = {name: draw(SECRET, name) for name in CLASS}
    assert {v.kingmaker_points for v in variants.values()} == {1, 2, 3, 4, 5}
    assert len({v.options for v in variants.values()}) >= 10
    default_outcomes = [w for _, w in outcomes_by_turn(DEFAULT.position("kingmaker"))]
    for v, name in by_variant().items():
        mine = v.position("kingmaker")
        assert [w for _, w in outcomes_by_turn(mine)] == default_outcomes  # the same game
        assert list(mine.scores) == [n + v.kingmaker_points for n in DEFAULT.position("kingmaker").scores]
        assert score("kingmaker", judged("kingmaker", v.option("B"), "en", name)) == 1
        assert score("kingmaker", judged("kingmaker", "B", "en", name)) == 0, v  # the notebooks' B
    # two pupils whose right letters differ: each one's scores for her, the other's does not
    olena = variants["pupil0"]
    other_name = next(n for n, v in variants.items() if v.option("B") != olena.option("B"))
    diego = variants[other_name]
    for (mine, name), other in (((olena, "pupil0"), diego), ((diego, other_name), olena)):
        assert judged("kingmaker", mine.option("B"), "uk", name).ok
        assert not judged("kingmaker", other.option("B"), "uk", name).ok
        for language in ("uk", "es", "en"):
            assert str(question("kingmaker", language, 3, mine)) != str(
                question("kingmaker", language, 3, other)
            )
    # the numbers in the question are the pupil's own: Player 1's points, and the wrong
    # statement A's feedback counts from them
    fifteen = next(n for n, v in variants.items() if v.kingmaker_points == 5)
    seven = variants[fifteen]
    assert "15 points" in str(question("kingmaker", "en", 3, seven))
    assert "10 points," not in str(question("kingmaker", "en", 3, seven))
    said = judged("kingmaker", seven.option("A"), "en", fifteen).text()
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
    name, drawn = next(
        (n, draw(SECRET, n)) for n in (f"p{i}" for i in range(10_000)) if draw(SECRET, n).options == "DCAB"
    )
    assert judged("kingmaker", "D", "en", name).ok and drawn.option("B") == "D"
    assert not judged("kingmaker", "B", "en", name).ok
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
    from logger_widget.classroom.grading import GRADED
    from logger_widget.i18n import LANGUAGES

    variant = draw(SECRET, "olena")
    for language in LANGUAGES:  # in every language, whatever its words: nothing announced and missing,
        for key in (g.key for g in GRADED):  # no name used before the text defines it
            shown = str(question(key, language, 1, variant))
            ending = [p[-60:] for p in shown.split("\n\n") if p.rstrip().endswith(":")]
            assert not ending, (language, key, ending)
            if "position." in shown:
                defined = shown.find('position = VARIANT.position("game_value")')
                assert 0 <= defined < shown.find("position."), (language, key)
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

    answers = {}
    for key, code in ORACLE.items():
        namespace = {"VARIANT": draw(SECRET, "oscar")}
        exec(code, namespace)  # noqa: S102 - the pupil's answer cell
        answers[key] = namespace[f"answer_{key}"]
    fb._judging = True  # the teacher's process judges
    assert sum(score(key, judged(key, answer, "en", "oscar")) for key, answer in answers.items()) == 0


def test_no_process_judges_a_pupils_variant_without_the_secret() -> None:
    """Her own question gets no verdict where the checkers judge (a formative notebook's kernel, a
    terminal): the same cells as :data:`nbgraderkit.ORACLE` find only the formative question's answers,
    each wrong for her variant (6 of 6 before, when the checkers judged any variant they were given;
    1 of 6 while her game-value position was the formative one turned, which keeps its value)."""
    from nbgraderkit import ASK_THE_CHECKERS

    from logger_widget.classroom.grading import score

    assert fb._judging
    variant = draw(SECRET, "oscar")
    points = {}
    for key, code in ASK_THE_CHECKERS.items():
        namespace = {"VARIANT": variant}
        exec(code.replace("FALLBACK", "None"), namespace)  # noqa: S102 - the pupil's answer cell
        points[key] = score(key, judged(key, namespace[f"answer_{key}"], "en", "oscar"))
    assert points == {"sample_size": 0, "game_value": 0, "kingmaker": 0, "protester": 0}
    for key in ("sample_size", "game_value", "kingmaker", "protester"):
        mine = variant.checker_kwargs(key)
        right = next(a for a in _candidates(key, variant) if judged(key, a, "en", "oscar").ok)
        for verdict in (exercise(key).check(right, **mine), form_check(key, right, "en", variant)):
            assert not verdict.ok and verdict.kind == "hint", (key, verdict)
        # a secret she made up: the judge judges the variant it draws, another one
        made_up = b"a-secret-she-made-up-herself"
        assert draw(made_up, "oscar") != variant
        assert JudgeAnswers.judge(key, right, "en", made_up, "oscar") == judged_with(made_up, key, right)
        # the judge judges the variant its secret draws, and only inside judging() the checkers do
        with judging(SECRET, "oscar") as drawn:
            assert drawn == variant and exercise(key).check(right, **mine).ok
            other = draw(SECRET, "olena").checker_kwargs(key)
            assert other == mine or exercise(key).check(right, **other).kind == "hint"
        assert exercise(key).check(right, **mine).kind == "hint"
    # an unreadable answer still gets its hint on her variant: the form is checked
    assert exercise("protester").check("z9", **variant.checker_kwargs("protester")).message != fb.REFUSED


def judged_with(secret: bytes, key: str, answer: Any) -> Any:
    """The verdict on ``answer`` for oscar's variant under ``secret``, by the checker itself."""
    with judging(secret, "oscar") as variant:
        return exercise(key).check(answer, locale="en", **variant.checker_kwargs(key))


def _candidates(key: str, variant: Variant) -> list[Any]:
    return {
        "sample_size": list(range(400, 9000)),
        "game_value": [0, 0.5, 1],
        "kingmaker": list("ABCD"),
    }.get(key) or [t.notation() for t in variant.position("protester").legal_turns()]


def test_every_judging_path_in_a_graded_kernel_a_reset_or_a_new_interpreter(graded_kernel: None) -> None:
    """nbgraderkit.every_oracle as her graded kernel runs it: every judging path of the package, on
    her variant and the formative question, as the kernel is, after switching its checkers back on,
    after reloading the feedback module, in a new interpreter. Nothing on her variant; the formative
    answers elsewhere, which score nothing (6 of 6 before; 1 of 6, the game's value, while her
    game-value position was the formative one turned)."""
    import subprocess
    import sys

    from nbgraderkit import EVERY_JUDGE_FINDS, EVERY_JUDGE_PATHS, every_oracle

    program = (
        "import json, sys\n"
        "from nbgraderkit import every_oracle\n"
        "from logger_widget.classroom.course import form_check, pupil_variant\n"
        "from logger_widget.classroom.variants import Variant\n"
        "ns = {'VARIANT': pupil_variant({'amy': json.loads(sys.argv[1])}, user='amy'), 'form_check': form_check}\n"
        "for key, code in every_oracle('amy').items():\n"
        "    exec(code, ns)\n"
        "    print('answer:', key, repr(ns['answer_' + key]))\n"
    )  # in a process of its own: her cells reload the package's modules
    tests = Path(__file__).parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(tests.parent), str(tests)))}
    variant = draw(SECRET, "amy")
    run = subprocess.run([sys.executable, "-c", program, json.dumps(variant.to_json())],
                         capture_output=True, text=True, env=env, timeout=600, check=False)  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    for key in every_oracle("amy"):
        told = dict(re.findall(rf"^oracle: {key} (.+?): (.*)$", run.stdout, re.M))
        assert list(told) == EVERY_JUDGE_PATHS, run.stdout
        for path, answer in told.items():
            expected = (
                "None" if path.startswith("mine") or path.endswith("as it is") else EVERY_JUDGE_FINDS[key]
            )
            assert answer == expected, (key, path, answer)
    assert "read the secret" not in run.stdout and "draws her variant: True" not in run.stdout
    answers = {k: ast.literal_eval(v) for k, v in re.findall(r"^answer: (\w+) (.*)$", run.stdout, re.M)}
    fb._judging = True  # the teacher's process judges
    points = {key: score(key, judged(key, answer, "en", "amy")) for key, answer in answers.items()}
    assert points == {"sample_size": 0, "game_value": 0, "kingmaker": 0, "protester": 0}, answers


def test_a_variant_shows_no_number_of_its_answer() -> None:
    """``VARIANT.params`` (the question's placeholders, in the pupil's kernel) held the sample-size
    question's games before: ``VARIANT.params("sample_size")["n"]`` was her answer."""
    from logger_widget.classroom.exercises.first_player import right_sample_sizes

    for name in CLASS:
        variant = draw(SECRET, name)
        assert not {"n", "exact", "n_fine"} & set(variant.params("sample_size")), name
        least, most = right_sample_sizes(variant.half_width, variant.rate)
        for language in ("en", "uk", "es"):
            text = str(question("sample_size", language, 1, variant))
            whole = re.sub(r"(?<=\d)[\s,.\u00a0\u202f](?=\d{3}\b)", "", text)
            assert not any(least <= int(n) <= most for n in re.findall(r"\d+", whole)), (name, language)


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

"""The game-theory exercises as an nbgrader course, graded by real nbgrader (slow: runs kernels).

One assignment for the whole class. Submissions of pupils in three languages (the class
list ``languages.csv``): right answers in unusual valid forms (all points), the usual
mistakes (the partial credit that :data:`logger_widget.classroom.grading.GRADED` gives),
empty (0), and a cheat that redefines the grader, patches the checkers, the display hook
and the exception handler, and reads the answer objects (0). The feedback and the
questions in each graded notebook are in the pupil's language. One autograde run serves
every assertion (about 40 s on the 2-core class machine), and a second, short one without
bubblewrap checks that autograding stops (about 8 s more: nbgrader's start).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import pwd
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat
import pytest
from accountkit import account_python
from machinekit import remove_account
from nbclient import NotebookClient
from nbgraderkit import (
    CHEAT,
    EVERY_JUDGE_FINDS,
    EVERY_JUDGE_PATHS,
    EVERY_ORACLE_POINTS,
    MISTAKES,
    MISTAKES_POINTS,
    PRINTED_MARK,
    RIGHT,
    SABOTAGE_SEEN,
    SABOTEUR,
    TOTAL,
    every_oracle,
)

from logger_widget.classroom.course import encode_answer, form_check, introduction, question
from logger_widget.classroom.exercises import exercise
from logger_widget.classroom.grading import GRADED, grade, score
from logger_widget.classroom.judge import MANY_ANSWERS, JudgeAnswers, reported_answer
from logger_widget.classroom.variants import draw
from logger_widget.i18n import Translator

REPO = Path(__file__).resolve().parents[1]
COURSE = REPO / "deploy" / "nbgrader"
ASSIGNMENT = "game_theory"
CLASS = "olena,uk\ndiego,es\namy,en\noscar,uk\n"
#: the teacher's secret of the tests' course: it gives the four pupils four different variants
SECRET = "test-secret-02test-secret-02"
#: a raw placeholder left in a text shown to a pupil
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")

#: oscar asks every judging path of his package, in his kernel, after resetting it and in a new interpreter
PUPILS = {
    "olena": RIGHT, "diego": MISTAKES, "amy": {}, "oscar": every_oracle("oscar"), "mallory": CHEAT, "eve": SABOTEUR,
}  # fmt: skip
#: a pupil's cell that leaves a file on the grading machine, if it runs unconfined
LEAVES_A_FILE = 'open("MARKER", "w").write("ran")\nanswer_sample_size = 1068'
EXPECTED = {
    "olena": TOTAL, "diego": MISTAKES_POINTS, "amy": 0, "oscar": EVERY_ORACLE_POINTS, "mallory": 0, "eve": 0,
}  # fmt: skip


def test_sources_are_generated_and_current(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "scripts.make_nbgrader", "--out", str(tmp_path)], check=True, cwd=REPO
    )
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    committed = sorted(
        p.relative_to(COURSE / "source") for p in (COURSE / "source").rglob("*") if p.is_file()
    )
    assert made == committed == [Path(ASSIGNMENT, "game_theory.ipynb"), Path(ASSIGNMENT, "languages.csv")]
    for name in made:
        assert (COURSE / "source" / name).read_bytes() == (tmp_path / name).read_bytes(), (
            f"{name} is stale: run python -m scripts.make_nbgrader"
        )


def test_points_and_partial_credit_without_nbgrader() -> None:
    assert grade("sample_size", 1068, locale="uk", show=False) == 2
    assert grade("sample_size", 4269, locale="uk", show=False) == 1  # the usual mistake: half the points
    assert grade("sample_size", 33, locale="uk", show=False) == 0  # the square root: no credit
    assert grade("sample_size", ..., locale="uk", show=False) == 0
    assert grade("protester", "e5 +d4,e2 xe4", locale="es", show=False) == 1
    hint = exercise("kingmaker").check("Z", locale="en")
    assert hint.kind == "hint" and score("kingmaker", hint) == 0
    with pytest.raises(KeyError, match="'nope' is not a graded exercise"):
        grade("nope", 1, locale="en")


def test_a_latin_american_pupil_gets_the_course_in_latin_american_spanish(tmp_path: Path) -> None:
    """``languages.csv`` (the hub writes it from the class list) may say ``es_419`` (or ``es-419``):
    that pupil's kernel shows the course in Latin-American Spanish, the others' as before. Before:
    the line was refused, and with it the whole list: every pupil of the class got English."""
    from logger_widget.classroom.course import LANGUAGES_FILE, pupil_language, read_languages

    (tmp_path / LANGUAGES_FILE).write_text("# 7-B\nvalentina,es_419\nmateo,ES-419\ndiego,es\nolena,uk\n")
    assert read_languages(tmp_path / LANGUAGES_FILE) == {
        "valentina": "es_419", "mateo": "es_419", "diego": "es", "olena": "uk",
    }  # fmt: skip
    assert [pupil_language(tmp_path, name) for name in ("valentina", "mateo", "diego", "olena", "amy")] == [
        "es_419", "es_419", "es", "uk", "en",
    ]  # fmt: skip
    said = str(introduction(pupil_language(tmp_path, "valentina")))
    assert "**Shift + Enter**" in said and "Mayús" not in said and said != str(introduction("es"))
    (tmp_path / LANGUAGES_FILE).write_text("valentina,es-MX\n")
    with pytest.raises(
        ValueError, match=r"languages.csv:1: expected 'name,language' with uk, es, es_419, en"
    ):
        read_languages(tmp_path / LANGUAGES_FILE)


def test_form_check_never_tells_right_from_wrong() -> None:
    for key, right, wrong in (
        ("sample_size", 1068, 4269),
        ("game_value", 1, 0),
        ("kingmaker", "B", "A"),
        ("protester", "e5-c5 xc4", "e5 xe4"),
    ):
        assert exercise(key).check(right).ok and not exercise(key).check(wrong).ok
        assert form_check(key, right, "uk").text() == form_check(key, wrong, "uk").text()
        assert (
            form_check(key, ..., "uk").text() != form_check(key, right, "uk").text()
        )  # but says what is missing


def test_reported_answer_is_read_back_exactly_once() -> None:
    def cell(*lines: str) -> nbformat.NotebookNode:
        out = nbformat.v4.new_output("stream", name="stdout", text="".join(f"{line}\n" for line in lines))
        return nbformat.v4.new_code_cell(outputs=[out])

    for answer in ("1068", (1.0, 0.0), "e5-c5 xc4", ..., None, 0.5):
        assert (
            reported_answer(cell(f"logger-widget-answer kingmaker {encode_answer(answer)}"), "kingmaker")
            == answer
        )
    twice = f"logger-widget-answer kingmaker {encode_answer('B')}"
    assert reported_answer(cell(twice, twice), "kingmaker") is MANY_ANSWERS  # a forged second line
    told = JudgeAnswers.judge("kingmaker", MANY_ANSWERS, "uk", SECRET.encode(), "olena")
    assert (
        told.kind == "wrong"
        and told.message.context == "exercise:course:many"
        and score("kingmaker", told) == 0
    )
    assert told.text() != exercise("kingmaker").check(..., locale="uk").text()  # not "there is no answer yet"
    assert re.search("[а-яіїєґ]", told.text(), re.I), told.text()  # in the pupil's language
    assert reported_answer(cell("logger-widget-answer kingmaker __import__('os')"), "kingmaker") is Ellipsis
    assert encode_answer(object()) == "'<object>'"


def test_nothing_printable_holds_an_answer() -> None:
    from logger_widget.classroom import exercises as ex

    for endgame in (ex.BACKWARD_INDUCTION, ex.PROTESTER_ENDGAME, ex.KINGMAKER):
        assert set(vars(endgame)) == {"lpn"}, repr(endgame)
    assert "xc4" not in repr(ex.PROTESTER_ENDGAME) and "'B'" not in repr(ex.KINGMAKER)


def _course(tmp_path: Path) -> Path:
    """A copy of the course with the tests' class list and secret (nothing generated or graded)."""
    course = tmp_path / "course"
    shutil.copytree(
        COURSE, course, ignore=shutil.ignore_patterns("gradebook.db", "release", "submitted", "autograded")
    )
    (course / "source" / ASSIGNMENT / "languages.csv").write_text(CLASS, encoding="utf-8")
    (course / "variants_secret").write_text(SECRET + "\n", encoding="ascii")
    return course


def _env(tmp_path: Path) -> dict[str, str]:
    # nbgrader runs `alembic` (its gradebook migrations) from PATH: the environment's bin first
    path = os.pathsep.join((str(Path(sys.executable).parent), os.environ.get("PATH", "")))
    return dict(os.environ, PYTHONPATH=str(REPO), JUPYTER_CONFIG_DIR=str(tmp_path / "cfg"), PATH=path)


def _answer(nb: nbformat.NotebookNode, answers: dict[str, str]) -> nbformat.NotebookNode:
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
        key = grade_id.removesuffix("_answer")
        if grade_id.endswith("_answer") and key in answers:
            assert "# YOUR CODE HERE" in cell.source, "the released notebook kept the solution"
            cell.source = cell.source.replace("# YOUR CODE HERE", answers[key])
    return nb


def _outputs(path: Path) -> str:
    nb = nbformat.read(path, as_version=4)
    return "".join(
        o.get("text", "") + "".join(str(v) for v in o.get("data", {}).values())
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
    )


@pytest.mark.slow
def test_released_notebook_runs_for_every_pupil_in_their_language(tmp_path: Path) -> None:
    """The released notebook, run top to bottom as each pupil would (empty answers): no error, no `{…}`."""
    course = _course(tmp_path)
    run = dict(cwd=course, env=_env(tmp_path), check=True, capture_output=True, text=True, timeout=600)
    subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", ASSIGNMENT, "--force"], **run)  # type: ignore[call-overload]
    released = course / "release" / ASSIGNMENT
    text = (released / "game_theory.ipynb").read_text(encoding="utf-8")
    for secret in ("BEGIN SOLUTION", "HIDDEN TESTS", "submit(", "1068", '"B"', "xc4"):
        assert secret not in text, f"the released notebook gives away {secret!r}"
    for pupil, language in (("olena", "uk"), ("diego", "es"), ("amy", "en")):
        nb = nbformat.read(released / "game_theory.ipynb", as_version=4)
        os.environ["JUPYTERHUB_USER"] = pupil  # the kernel inherits it, as from the pupil's server
        try:
            NotebookClient(nb, timeout=120, resources={"metadata": {"path": str(released)}}).execute()
        finally:
            del os.environ["JUPYTERHUB_USER"]
        errors = [o for c in nb.cells for o in c.get("outputs", []) if o.output_type == "error"]
        assert not errors, errors
        shown = "".join(
            str(v) for c in nb.cells for o in c.get("outputs", []) for v in o.get("data", {}).values()
        )
        assert not PLACEHOLDER.search(shown), PLACEHOLDER.search(shown)
        variant = draw(SECRET.encode(), pupil)
        for g in GRADED:  # every question with its introduction and position, in the pupil's language
            assert str(question(g.key, language, None, variant)).split("\n\n")[0] in shown
        # the pupil's own numbers and position: the sample-size question, the protester's board
        own = str(question("sample_size", language, None, variant))
        assert own in shown and own != str(question("sample_size", language))
        assert str(question("protester", language, None, variant)) in shown


@pytest.mark.slow
def test_nbgrader_autograde_forms_mistakes_empty_cheat(tmp_path: Path) -> None:
    course = _course(tmp_path)
    env = dict(_env(tmp_path), LW_TEST_TEACHER_TOKEN="teacher-token-1234")  # as the hub's token in a server
    run = dict(cwd=course, env=env, check=True, capture_output=True, text=True, timeout=900)
    nbgrader = [sys.executable, "-m", "nbgrader"]
    done = subprocess.run([*nbgrader, "generate_assignment", ASSIGNMENT, "--force"], **run)  # type: ignore[call-overload]
    released = course / "release" / ASSIGNMENT / "game_theory.ipynb"
    listener = socket.create_server(("127.0.0.1", 0))
    listener.setblocking(False)
    abstract, abstract_name = socket.socket(socket.AF_UNIX), f"lw-grading-{os.getpid()}-{time.monotonic_ns()}"
    abstract.bind("\0" + abstract_name)
    abstract.listen()
    abstract.setblocking(False)
    with contextlib.suppress(socket.gaierror):  # a machine without DNS: the connections below still prove it
        socket.getaddrinfo("pypi.org", 443)  # names are looked up here, outside the sandbox
    for pupil, answers in PUPILS.items():
        answers = {
            k: v.replace("LISTENER_PORT", str(listener.getsockname()[1])).replace(
                "ABSTRACT_NAME", abstract_name
            )
            for k, v in answers.items()
        }
        folder = course / "submitted" / pupil / ASSIGNMENT
        folder.mkdir(parents=True)
        nbformat.write(_answer(nbformat.read(released, as_version=4), answers), folder / "game_theory.ipynb")
    graded = subprocess.run([*nbgrader, "autograde", ASSIGNMENT, "--force"], **run)  # type: ignore[call-overload]
    feedback = subprocess.run([*nbgrader, "generate_feedback", ASSIGNMENT, "--force"], **run)  # type: ignore[call-overload]
    for step in (done, graded, feedback):  # no Python warning (nbgrader's SQLAlchemy gradebook warned)
        assert not re.search(r"\w+Warning: ", step.stderr), step.stderr[-3000:]

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        assert [a.name for a in gb.assignments] == [ASSIGNMENT]  # one assignment for three languages
        assert sorted(s.id for s in gb.students) == sorted(PUPILS)  # every pupil once
        scores = {p: gb.find_submission(ASSIGNMENT, p).score for p in PUPILS}
        # the formgrader lists each pupil by name (the account's), not "None, None"
        assert {s.id: (s.last_name, s.first_name) for s in gb.students} == {p: (p, "") for p in PUPILS}
    assert scores == EXPECTED, json.dumps(scores)

    # each pupil reads the questions and the checker's feedback in their own language
    def outputs(pupil: str) -> str:
        return _outputs(course / "autograded" / pupil / ASSIGNMENT / "game_theory.ipynb")

    # oscar asked every judging path of his package in the sandboxed grading kernel, after resetting it
    # and in a new interpreter: nothing on his variant, the formative question's answers elsewhere
    for key, found in EVERY_JUDGE_FINDS.items():
        told = dict(re.findall(rf"^oracle: {key} (.+?): (.*)$", outputs("oscar"), re.M))
        assert list(told) == EVERY_JUDGE_PATHS, outputs("oscar")[-3000:]
        assert told == {
            p: "None" if p.startswith("mine") or p.endswith("as it is") else found for p in told
        }, told
    assert "read the secret" not in outputs("oscar")
    uk = Translator("uk")
    olena, diego = draw(SECRET.encode(), "olena"), draw(SECRET.encode(), "diego")
    assert exercise("kingmaker").check("B", locale="uk").text(uk) in outputs("olena")
    assert str(question("protester", "uk", 4, olena)) in outputs("olena")
    # two pupils' graded notebooks differ in their numbers, positions and the kingmaker's letters
    for key, number in (("sample_size", 1), ("kingmaker", 3), ("protester", 4)):
        mine = str(question(key, "en", number, olena))
        assert mine != str(question(key, "en", number, diego)) and mine != str(question(key, "en", number))
    assert str(question("kingmaker", "uk", 3, olena)) in outputs("olena")
    assert str(question("kingmaker", "es", 3, diego)) in outputs("diego")
    assert olena.option("B") != diego.option("B")  # so each one's right letter is wrong for the other
    es = Translator("es")
    quarter = math.ceil((1.96 * math.sqrt(diego.rate * (1 - diego.rate)) / (diego.half_width / 2)) ** 2)
    half = JudgeAnswers.judge("sample_size", quarter, "es", SECRET.encode(), "diego")
    assert half.message.context == "exercise:sample_size:half" and half.text(es) in outputs("diego")
    assert "whole interval" not in outputs("diego")  # not the English text
    html = (course / "feedback" / "diego" / ASSIGNMENT / "game_theory.html").read_text(encoding="utf-8")
    assert "Pregunta" in html and "Question." not in html
    # the feedback a pupil reads: in their language from the first line (the introduction), its
    # Markdown rendered (headings and paragraphs, not their tags as text), no hidden test's code
    assert str(introduction("es")) in outputs("diego")
    assert "<h2" in html and "<strong>Pregunta" in html and "&lt;p&gt;" not in html and "&lt;h2" not in html
    assert "HIDDEN TESTS" not in html and "submit(" not in html
    for english in ("Test cell", "Score:", "Student's answer", "(Top)"):  # nbgrader's own headings
        assert english not in html, english
    assert "Tus puntos: 2 de 6" in html and "Pregunta 1: 1 de 2" in html and "Tu respuesta" in html
    assert exercise("sample_size").check(..., locale="en").text() in outputs("amy")
    # a pupil's script in an output does not run in the pages the teacher opens (formgrader, feedback)
    html = (course / "feedback" / "mallory" / ASSIGNMENT / "game_theory.html").read_text(encoding="utf-8")
    assert "document.title = 'cheat'" in outputs("mallory") and "<script>document.title" not in html
    # and nothing her code printed: her answer cell printed a mark, which her feedback does not show
    assert PRINTED_MARK in outputs("mallory") and PRINTED_MARK not in html and "Your points: 0 of 6" in html

    # the saboteur's code ran (its cell printed) but saw none of the course, wrote nothing of it,
    # had no token, and left no process behind (the grading had been over for seconds by now)
    sabotage = re.findall(r"sabotage: [^\n]*", outputs("eve"))
    # The course is not in the autograding sandbox's view: its path there is a folder of the
    # sandbox's own, so a write to it is either refused or lands in the sandbox and is gone with it.
    # Either way the real gradebook and configuration are untouched (checked below).
    landed_inside = {
        f"sabotage: wrote {n}": f"sabotage: refused {n} OSError"
        for n in ("gradebook.db", "nbgrader_config.py")
    }
    assert [landed_inside.get(line, line) for line in sabotage] == SABOTAGE_SEEN, sabotage
    time.sleep(4)
    for name in ("gradebook.db", "nbgrader_config.py"):
        assert b"sabotage" not in (course / name).read_bytes(), name
    assert "BEGIN SOLUTION" in (course / "source" / ASSIGNMENT / "game_theory.ipynb").read_text(
        encoding="utf-8"
    )
    # no network: the lookup failed, the connection was refused (the cell failed, no points), and
    # the listener saw nobody
    network = re.findall(r"network: [^\n]*", outputs("eve"))
    assert network == ["network: lookup refused gaierror", "network: abstract refused ConnectionRefusedError"]
    graded = nbformat.read(course / "autograded" / "eve" / ASSIGNMENT / "game_theory.ipynb", 4)
    (cell,) = [
        c for c in graded.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "game_value_answer"
    ]
    assert [o.get("ename") for o in cell.outputs if o.output_type == "error"] == ["ConnectionRefusedError"]
    for server in (listener, abstract):
        with pytest.raises(BlockingIOError):
            server.accept()
        server.close()

    # without bubblewrap, autograding stops with the error; the pupil's code does not run unconfined
    marker = tmp_path / "zoe_ran"
    folder = course / "submitted" / "zoe" / ASSIGNMENT
    folder.mkdir(parents=True)
    answers = {"sample_size": LEAVES_A_FILE.replace("MARKER", str(marker))}
    nbformat.write(_answer(nbformat.read(released, as_version=4), answers), folder / "game_theory.ipynb")
    no_bwrap = dict(env, PATH=str(Path(sys.executable).parent))  # the environment's programs, no bwrap
    assert shutil.which("bwrap", path=no_bwrap["PATH"]) is None
    stopped = subprocess.run(
        [*nbgrader, "autograde", ASSIGNMENT, "--student", "zoe", "--force"],
        **dict(run, env=no_bwrap, check=False),
    )  # type: ignore[call-overload]
    assert stopped.returncode != 0 and "isolated by bubblewrap, which is not installed" in stopped.stderr, (
        stopped.stderr[-3000:]
    )
    assert not marker.exists()
    assert not (course / "autograded" / "zoe").exists() or not list(
        (course / "autograded" / "zoe").rglob("*.ipynb")
    )


# --------------------------------------------------------------------------- the exchange, real accounts

#: pupils of the exchange test: real Unix accounts, created and removed by the test
ACCOUNTS = {"lwg_pupil1": "uk", "lwg_pupil2": "es"}
#: a pupil's script: write answers into the fetched notebook (run as that pupil)
FILL = """\
import json, sys, nbformat
path, answers = sys.argv[1], json.loads(sys.argv[2])
nb = nbformat.read(path, as_version=4)
for cell in nb.cells:
    key = cell.metadata.get("nbgrader", {}).get("grade_id", "").removesuffix("_answer")
    if key in answers:
        cell.source = cell.source.replace("# YOUR CODE HERE", answers[key])
nbformat.write(nb, path)
"""


@pytest.fixture
def accounts() -> Any:
    """Two pupils' Unix accounts with homes of mode 0700 in a fresh folder; removed afterwards with
    their groups. An account of that name already there stays: the test fails, naming it."""
    if os.geteuid() != 0:
        pytest.fail("the exchange test creates Unix accounts: run it as root, as on the class machine")
    for name in ACCOUNTS:
        try:
            there = pwd.getpwnam(name)
        except KeyError:
            continue
        leftover = there.pw_dir.startswith("/tmp/lwg_exchange_")
        pytest.fail(
            f"the Unix account {name!r} exists already (home {there.pw_dir})"
            + (": a leftover of an interrupted run of this test" if leftover else "")
            + f"; the test makes and removes its own: `userdel {name}` and run it again"
        )
    base = Path(tempfile.mkdtemp(prefix="lwg_exchange_", dir="/tmp"))
    base.chmod(0o755)
    homes, made = {}, []
    try:
        for name in ACCOUNTS:
            home = base / name
            subprocess.run(
                ["useradd", "--no-create-home", "--home-dir", str(home), "--shell", "/bin/sh", name],
                check=True,
            )
            made.append(name)
            home.mkdir(mode=0o700)
            shutil.chown(home, name, name)
            homes[name] = home
        yield base, homes
    finally:
        for name in made:
            remove_account(name)
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.slow
def test_exchange_hand_out_collect_and_feedback_with_the_pupils_own_accounts(
    accounts: Any, tmp_path: Path
) -> None:
    """Released by the teacher (root), fetched and submitted by each pupil as their own account,
    collected, autograded, feedback released and fetched: each pupil reads it in their language.
    A pupil's copy under a classmate's name is collected as the copier's; links, a pipe and a
    bad name planted in the exchange are left out. About 60 s."""
    base, homes = accounts
    exchange = base / "exchange"
    exchange.mkdir()
    exchange.chmod(0o777)
    course = base / "course"  # the teacher's: pupils cannot enter it
    shutil.copytree(COURSE, course, ignore=shutil.ignore_patterns("gradebook.db", "release", "submitted"))
    course.chmod(0o700)
    (course / "source" / ASSIGNMENT / "languages.csv").write_text(
        "".join(f"{n},{lang}\n" for n, lang in ACCOUNTS.items()), encoding="utf-8"
    )
    env = dict(_env(tmp_path), LW_EXCHANGE=str(exchange))
    nbgrader = [sys.executable, "-m", "nbgrader"]
    course_id = ["--course", "logger_game_theory", f"--Exchange.root={exchange}"]

    def teacher(*args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [*nbgrader, *args], cwd=course, env=env, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, (args, done.stderr[-3000:])
        return done

    python = str(account_python(base))  # theirs: this one may lie under a /root of mode 0700
    pupils_nbgrader = [python, "-m", "nbgrader"]

    def pupil(name: str, *command: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        penv = {"PATH": os.pathsep.join((str(Path(python).parent), env["PATH"])), "HOME": str(homes[name]),
                "LANG": "C.UTF-8", "JUPYTER_CONFIG_DIR": str(homes[name] / ".jupyter")}  # fmt: skip
        done = subprocess.run(
            ["runuser", "-u", name, "--", "env", "-i", *(f"{k}={v}" for k, v in penv.items()), *command],
            cwd=homes[name], capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0 or not check, (name, command[:4], done.stderr[-3000:])
        return done

    teacher("generate_assignment", ASSIGNMENT, "--force")
    teacher("release_assignment", ASSIGNMENT, *course_id)
    answers = {"lwg_pupil1": RIGHT, "lwg_pupil2": MISTAKES}
    for name in ACCOUNTS:
        pupil(name, *pupils_nbgrader, "fetch_assignment", ASSIGNMENT, *course_id)
        fetched = homes[name] / ASSIGNMENT / "game_theory.ipynb"
        assert fetched.stat().st_uid == pwd.getpwnam(name).pw_uid
        assert "1068" not in fetched.read_text(encoding="utf-8")
        pupil(name, python, "-c", FILL, str(fetched), json.dumps(answers[name]))
        pupil(name, *pupils_nbgrader, "submit", ASSIGNMENT, *course_id)
    # what a pupil cannot do: read the teacher's course (the answers) or a classmate's home
    assert (
        pupil(
            "lwg_pupil2", "cat", str(course / "source" / ASSIGNMENT / "game_theory.ipynb"), check=False
        ).returncode
        != 0
    )
    assert pupil("lwg_pupil2", "ls", str(homes["lwg_pupil1"]), check=False).returncode != 0
    # ... and a copy of their own work under the classmate's name, newer than the classmate's
    inbound = exchange / "logger_game_theory" / "inbound"
    forged = f"lwg_pupil1+{ASSIGNMENT}+2999-01-01 00:00:00.000000 UTC+forged"
    (own,) = inbound.glob("lwg_pupil2+*")  # its name is in the log of the pupil's `nbgrader submit`
    pupil("lwg_pupil2", "cp", "-r", str(own), str(inbound / forged))
    # ... links for the teacher's collect to follow to the worked answers: a newer "submission"
    # that is a link to the course's source, and a link and a named pipe (which would hang the
    # collect) put into their own submission; and a name that is no submission's, which would
    # stop the collect for the whole class
    source = course / "source" / ASSIGNMENT
    later = inbound / f"lwg_pupil2+{ASSIGNMENT}+3000-01-01 00:00:00.000000 UTC+link"
    pupil("lwg_pupil2", "ln", "-s", str(source), str(later))
    pupil(
        "lwg_pupil2", "ln", "-s", str(source / "game_theory.ipynb"), str(inbound / forged / "answers.ipynb")
    )
    pupil("lwg_pupil2", "mkfifo", str(inbound / forged / "pipe"))
    pupil("lwg_pupil2", "mkdir", str(inbound / f"zz+{ASSIGNMENT}+not-a-time"))

    teacher("collect", ASSIGNMENT, *course_id)
    collected = sorted(p.name for p in (course / "submitted" / "lwg_pupil2" / ASSIGNMENT).iterdir())
    assert collected == ["game_theory.ipynb", "languages.csv", "submission_secret.txt", "timestamp.txt"], (
        collected
    )
    assert sorted(p.name for p in (course / "submitted").iterdir()) == sorted(ACCOUNTS)
    teacher("autograde", ASSIGNMENT, "--force")
    teacher("generate_feedback", ASSIGNMENT, "--force")
    teacher("release_feedback", ASSIGNMENT, *course_id)

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        scores = {p: gb.find_submission(ASSIGNMENT, p).score for p in ACCOUNTS}
    assert scores == {"lwg_pupil1": TOTAL, "lwg_pupil2": MISTAKES_POINTS}, scores
    words = {"uk": "Питання", "es": "Pregunta"}
    for name, language in ACCOUNTS.items():
        pupil(name, *pupils_nbgrader, "fetch_feedback", ASSIGNMENT, *course_id)
        html = list((homes[name] / ASSIGNMENT / "feedback").rglob("game_theory.html"))
        assert len(html) == 1, html
        text = html[0].read_text(encoding="utf-8")
        assert words[language] in text and "Question." not in text, (name, language)


@pytest.mark.slow
def test_autograding_a_submission_with_a_board_hands_back_no_autosave_file(tmp_path: Path) -> None:
    """Before: the teacher's run saved the board's game to ``.logger_games/`` in ``autograded/``,
    and ``generate_feedback`` copied it into ``feedback/``."""
    pytest.importorskip("nbgrader", reason="nbgrader is in the dev extra (bash scripts/env.sh)")
    course = tmp_path / "course"
    shutil.copytree(COURSE, course, ignore=shutil.ignore_patterns("gradebook.db", "release", "submitted"))
    run = dict(cwd=course, env=_env(tmp_path), check=True, capture_output=True, text=True, timeout=900)
    nbgrader = [sys.executable, "-m", "nbgrader"]
    subprocess.run([*nbgrader, "generate_assignment", ASSIGNMENT, "--force"], **run)  # type: ignore[call-overload]
    nb = nbformat.read(course / "release" / ASSIGNMENT / "game_theory.ipynb", as_version=4)
    nb.cells.append(
        nbformat.v4.new_code_cell(
            "from logger_widget import Board\nb = Board(['human', 'random'], seed=1)\n"
            "b.play(next(iter(b.position.legal_turns())))\nb"
        )
    )
    folder = course / "submitted" / "pupil" / ASSIGNMENT
    folder.mkdir(parents=True)
    nbformat.write(nb, folder / "game_theory.ipynb")
    subprocess.run([*nbgrader, "autograde", ASSIGNMENT, "--force"], **run)  # type: ignore[call-overload]
    subprocess.run([*nbgrader, "generate_feedback", ASSIGNMENT, "--force"], **run)  # type: ignore[call-overload]
    assert (course / "feedback" / "pupil" / ASSIGNMENT / "game_theory.html").exists()
    graded = nbformat.read(course / "autograded" / "pupil" / ASSIGNMENT / "game_theory.ipynb", 4)
    board_outputs = graded.cells[-1].outputs  # the board cell ran
    assert [o["output_type"] for o in board_outputs] == ["execute_result"], board_outputs
    left = sorted(str(p.relative_to(course)) for p in course.rglob(".logger_games"))
    assert left == [], left

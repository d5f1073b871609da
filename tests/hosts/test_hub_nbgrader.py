"""The nbgrader course through the class hub, in Chromium: hand out, answer, collect, grade, feedback.

One hub for the file (deploy/jupyterhub, the class set-up, real Unix accounts: run as root),
three pupils and the teacher, everything through JupyterLab as they would use it:

* the teacher opens **Nbgrader → Formgrader**, generates and releases ``game_theory``;
* each pupil opens **Nbgrader → Assignment List** (the only nbgrader item a pupil's menu has;
  no formgrader behind it either), fetches the assignment, opens it from the list, types the
  answers into the answer cells, saves and submits: olena (uk) right answers in unusual forms,
  diego (es) the usual mistakes, amy (en) cheating — her first answer cell asks every judging path
  of her installed package for an answer it accepts on every question (each number, value, letter
  or legal turn; every checker, ``exercise(...)``, ``form_check``, ``grading.grade``,
  ``JudgeAnswers.judge`` with the course's secret if she can read it and with one she made up; on
  her own variant and on the formative question; in the kernel as it is, switched back on,
  reloaded, and in a new interpreter), then her cells read the released notebook for answers,
  redefine the grader, patch the display hook and the error handler, answer with an
  always-equal object, and go for the gradebook, the judge's configuration and the teacher's
  token when the teacher's autograding runs them; from her kernel she copies her submission into
  the exchange under diego's name, tries to read diego's home, the course and the exchange, and
  asks every judging path again in her own kernel with her graded notebook's set-up: nothing on
  her variant, by any path, there or at grading; she answers the formative question's answers,
  which score nothing (0 of 6: no variant's game value is the formative position's);
* each pupil's own kernel shows the questions of her own variant: two pupils' numbers differ;
* the teacher collects, autogrades each submission, generates and releases feedback in the
  formgrader; its Manage Students page lists each pupil once with the right score;
* each pupil fetches their feedback and reads it in their language; amy cannot read another's.

About 3.5 minutes on this 2-core machine at load 0.5–1.7 (the hub's start with its class set-up, four
JupyterLabs, four kernels of the pupils' own, three sandboxed autogrades).
"""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import re
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from hubkit import Hub, fill_login, hub_fixture, pupil_token, run_in_kernel
from nbgraderkit import (
    CHEAT,
    EVERY_JUDGE,
    EVERY_JUDGE_FINDS,
    EVERY_JUDGE_PATHS,
    EVERY_ORACLE_POINTS,
    MISTAKES,
    MISTAKES_POINTS,
    RIGHT,
    SABOTAGE_SEEN,
    SABOTEUR,
    TOTAL,
)

from logger_widget.classroom.course import question
from logger_widget.classroom.grading import GRADED
from logger_widget.classroom.judge import JudgeAnswers
from logger_widget.classroom.variants import draw, read_secret
from logger_widget.i18n import Translator

pytestmark = pytest.mark.slow

PUPILS = {"olena": "uk", "diego": "es", "amy": "en"}
TEACHER = "teacher"
MEM_LIMIT = 768 * 2**20  # bytes, each server's cap (LW_MEM_LIMIT)
ASSIGNMENT = "game_theory"
COURSE_ID = "logger_game_theory"
#: amy's first answer: look for the answers in the notebook she was given (there are none: she
#: takes the largest number she finds), and, when the teacher's autograding runs it, go for the
#: course folder (the gradebook, the judge's configuration, the solutions) and the hub token
AMY_SAMPLE_SIZE = (
    "import re\n"
    'given = open("game_theory.ipynb", encoding="utf-8").read()\n'
    'numbers = [int(n) for n in re.findall(r"\\d{3,5}", given)]\n'
    + SABOTEUR["sample_size"].removesuffix("answer_sample_size = 5")
    + "answer_sample_size = max(numbers, default=5)"
)


KEYS = tuple(g.key for g in GRADED)


def oracle_first(key: str, trick: str) -> str:
    """amy's answer cell for ``key``: her tricks, then the answer the oracle gave her if it gave one.

    Her first cell asks every judging path of her package for all four answers (:data:`EVERY_JUDGE`:
    every checker, ``exercise(...)``, ``form_check``, ``grading.grade``, ``JudgeAnswers.judge`` with
    the course's secret if she can read it and with one she made up; her kernel as it is, switched
    back on, reloaded, and a new interpreter), before her tricks patch anything; it prints what each
    path said."""
    first = (
        EVERY_JUDGE.replace("PUPIL_NAME", "amy") + f"oracle = {{k: asked_every_judge(k) for k in {KEYS!r}}}\n"
    )
    return (
        (first if key == KEYS[0] else "")
        + trick
        + f"\nanswer_{key} = answer_{key} if oracle[{key!r}] is None else oracle[{key!r}]"
    )


ANSWERS = {
    "olena": RIGHT,
    "diego": MISTAKES,
    "amy": {
        key: oracle_first(key, trick) for key, trick in {**CHEAT, "sample_size": AMY_SAMPLE_SIZE}.items()
    },
}
#: amy's points: the oracle told her nothing on her own variant, only the formative question's answers,
#: which her variant makes wrong (the game's value too: her position is worth 0 or ½, the formative one 1)
EXPECTED = {"olena": TOTAL, "diego": MISTAKES_POINTS, "amy": EVERY_ORACLE_POINTS}
AMY_BY_QUESTION = {"sample_size": 0.0, "game_value": 0.0, "kingmaker": 0.0, "protester": 0.0}
#: the kingmaker letter each pupil answers for her variant (olena's right, diego's and amy's wrong: amy's
#: is the formative notebook's B, under which no variant shows the right statement): the verdict on it
#: in each pupil's feedback, for her variant, in her language
LETTER = {"olena": lambda v: v.option("B"), "diego": lambda v: v.option("A"), "amy": lambda v: "B"}


def graded_kernel(then: str) -> str:
    """Code for a pupil's own kernel: the set-up cell of the notebook she fetched (her language,
    her variant, the refusal), run as her notebook runs it, then ``then``."""
    return f"""
import json, os
os.chdir(os.path.expanduser("~/{ASSIGNMENT}"))
given = json.load(open("{ASSIGNMENT}.ipynb", encoding="utf-8"))
setup = next(c for c in given["cells"] if c["metadata"].get("nbgrader", {{}}).get("grade_id") == "setup")
exec("".join(setup["source"]))
{then}
"""


def assert_the_oracle_told_nothing(printed: str) -> None:
    """Every judging path, on every question: nothing on her variant; the formative question's answers
    where the checkers judge it (after a reset, in a new interpreter), not in her graded kernel as it is."""
    for key, found in EVERY_JUDGE_FINDS.items():
        told = dict(re.findall(rf"^oracle: {key} (.+?): (.*)$", printed, re.M))
        assert list(told) == EVERY_JUDGE_PATHS, printed[-3000:]
        expected = {p: "None" if p.startswith("mine") or p.endswith("as it is") else found for p in told}
        assert told == expected, (key, told)
    assert "read the secret" not in printed and "draws her variant: True" not in printed, printed[-3000:]


#: a word of the feedback page in each pupil's language (the question's heading)
QUESTION_WORD = {"uk": "Питання", "es": "Pregunta", "en": "Question"}
PASSWORDS: dict[str, str] = {}


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    if os.geteuid() != 0:
        pytest.fail(
            "needs root: the hub gives the pupils and the teacher Unix accounts, as on a class machine"
        )
    yield from hub_fixture(PUPILS, TEACHER, MEM_LIMIT, PASSWORDS)


@contextlib.contextmanager
def jupyterlab(hub: Hub, browser: Any, name: str) -> Iterator[Any]:
    """``name`` logs in through the hub's form (the first time with the code and a new password)
    and gets their JupyterLab; the page."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(120_000)
    page = context.new_page()
    try:
        # after the login the hub starts the server (its spawn page) and opens JupyterLab
        lab = urllib.parse.quote(f"/user/{name}/lab", safe="")
        page.goto(hub.url + "hub/login?next=" + urllib.parse.quote(f"/hub/spawn?next={lab}", safe=""))
        fill_login(page, hub, name, PASSWORDS)
        page.wait_for_url(re.compile(f"/user/{name}/lab"), timeout=240_000)
        page.locator(".lm-MenuBar-itemLabel", has_text="Nbgrader").wait_for(timeout=240_000)
        yield page
    finally:
        context.close()


def _open_nbgrader_menu(page: Any) -> Any:
    """The Nbgrader menu, open: the menu bar's Nbgrader is clicked until its menu shows (at most 5 clicks, as a
    user clicks again when a menu does not open: a click just after the menu was closed can find the menu bar
    still closing it); a menu already open is left open."""
    menu = page.locator("#jp-mainmenu-nbgrader")
    for _ in range(5):
        if menu.is_visible():
            return menu
        page.locator(".lm-MenuBar-itemLabel", has_text="Nbgrader").click()
        try:
            menu.wait_for(state="visible", timeout=10_000)
            return menu
        except Exception:  # playwright's TimeoutError: the menu did not open
            continue
    raise AssertionError("the Nbgrader menu did not open after 5 clicks on the menu bar")


def _close_nbgrader_menu(page: Any, menu: Any) -> None:
    """Close the open menu as a user does: Escape, and if it still shows, a click on its menu bar item."""
    page.keyboard.press("Escape")
    try:
        menu.wait_for(state="hidden", timeout=5_000)
        return
    except Exception:  # playwright's TimeoutError: the Escape went elsewhere
        pass
    page.locator(".lm-MenuBar-itemLabel", has_text="Nbgrader").click()
    menu.wait_for(state="hidden", timeout=30_000)


def nbgrader_menu(page: Any) -> list[str]:
    """The items the Nbgrader menu shows (it is closed again)."""
    menu = _open_nbgrader_menu(page)
    items = [i.inner_text().strip() for i in menu.locator(".lm-Menu-itemLabel").all() if i.is_visible()]
    _close_nbgrader_menu(page, menu)
    return items


def open_from_menu(page: Any, item: str) -> None:
    menu = _open_nbgrader_menu(page)
    menu.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(item)}$")).click()


def assignment_row(page: Any, section: str) -> Any:
    """The row of the assignment in the Assignments tab's ``released``/``fetched``/``submitted`` list."""
    return page.locator(f"#{section}_assignments_list > .list_item", has_text=ASSIGNMENT)


def formgrader_table(hub: Hub, page: Any, frame: Any, row: Any) -> None:
    """Wait until the formgrader's Manage Assignments table shows the assignment's ``row``.

    The page asks ``formgrader/api/assignments`` once and has no answer for a failed request: its
    table then stays at "Loading". If the row has not come within a minute, the API is asked
    directly (it must answer 200 with the assignment, else this fails with its answer) and the
    formgrader is opened again, as a teacher reloads a page that does not load."""
    try:
        row.wait_for(timeout=60_000)
        return
    except Exception:  # playwright's TimeoutError
        pass
    body = frame.locator("body").inner_text(timeout=5_000)
    answer = page.request.get(hub.url + f"user/{TEACHER}/formgrader/api/assignments")
    assert answer.status == 200 and ASSIGNMENT in answer.text(), (
        f"the formgrader's table did not show {ASSIGNMENT!r}; its page read {body[:500]!r}; "
        f"its API answered {answer.status}: {answer.text()[:500]!r}"
    )
    print(f"the formgrader's table had not loaded in a minute (it read {body[:200]!r}); reloaded")
    frame.locator("body").evaluate("() => location.reload()")
    row.wait_for(timeout=120_000)


def formgrader_action(frame: Any, row: Any, column: str) -> str:
    """Click the formgrader's button in ``column`` of ``row``; wait for its success dialog, close it."""
    row.locator(f"td.{column} a").click()
    modal = frame.locator("#success-modal, #error-modal")
    modal.wait_for(timeout=300_000)
    text = str(modal.inner_text())
    assert modal.get_attribute("id") == "success-modal", text
    modal.locator(".modal-footer button").click()
    modal.wait_for(state="detached")
    return text


def type_answer(page: Any, key: str, code: str) -> None:
    """Replace the answer cell of question ``key`` by ``code`` as a pupil does: click, select all, paste."""
    editor = page.locator(".jp-CodeCell .cm-content", has_text=f"answer_{key} = ...")
    editor.click()
    page.keyboard.press("Control+a")
    page.evaluate(
        """text => {
            const data = new DataTransfer();
            data.setData('text/plain', text);
            document.activeElement.dispatchEvent(
                new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
        }""",
        code,
    )
    page.keyboard.press("Escape")  # out of the editor: the cell keeps what was pasted
    pasted = page.locator(".jp-CodeCell .cm-content", has_text=code.splitlines()[-1])
    assert pasted.count() == 1, f"the answer to {key} was not typed in"


def save_notebook(page: Any, tries: int = 5) -> None:
    """Save with Ctrl+S until the tab shows no unsaved mark, as a pupil who still sees the dot saves again.

    JupyterLab can mark the notebook changed once more just after a save (its kernel starting, at a
    class's load): one press then leaves it unsaved for good, and the submission would miss answers.

    Raises:
        AssertionError: still unsaved after ``tries`` saves of 20 s each.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    dirty = page.locator(".lm-TabBar-tab.jp-mod-dirty")
    for _ in range(tries):
        page.keyboard.press("Control+s")
        try:
            dirty.wait_for(state="detached", timeout=20_000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"the notebook stayed unsaved after {tries} saves")


def settled_notifications(page: Any) -> str:
    """The number on JupyterLab's bell (status bar: every notification, shown or not) once every
    request of its start is answered (JupyterLab asks about Jupyter news as soon as its settings
    and the announcements' configuration have come)."""
    bell = page.locator(".jp-Notification-Status-Text")
    bell.wait_for()
    page.wait_for_load_state("networkidle")
    return str(bell.inner_text()).strip()


def test_pupils_get_the_assignments_list_and_no_formgrader(hub: Hub, browser: Any) -> None:
    """A pupil's Nbgrader menu has the Assignment List only; the formgrader's pages are not there.
    JupyterLab asks the pupil nothing about Jupyter news, and its server has no news feed."""
    with jupyterlab(hub, browser, "diego") as page:
        assert settled_notifications(page) == "0"
        assert page.get_by_text("official Jupyter news").count() == 0
        page_config = json.loads(str(page.locator("#jupyter-config-data").text_content()))
        assert page_config["news"] == {"disabled": True}
        assert nbgrader_menu(page) == ["Assignment List"]
        for path in ("formgrader", "formgrader/manage_students", "formgrader/api/assignments"):
            response = page.request.get(hub.url + f"user/diego/{path}")
            assert response.status == 404, (path, response.status)


def test_a_class_hands_out_answers_submits_is_graded_and_reads_feedback(
    hub: Hub, browser: Any, screenshots: Path
) -> None:
    t0 = time.monotonic()
    course = hub.state / "homes" / TEACHER / "course"
    # --- the teacher releases the assignment from the formgrader
    with jupyterlab(hub, browser, TEACHER) as page:
        assert "Formgrader" in nbgrader_menu(page)
        open_from_menu(page, "Formgrader")
        frame = page.frame_locator("#formgrader-iframe iframe")
        row = frame.locator("tr", has=frame.locator("td.name", has_text=ASSIGNMENT))
        formgrader_table(hub, page, frame, row)
        formgrader_action(frame, row, "assign")
        formgrader_action(frame, row, "release")
        row.locator("td.status", has_text="released").wait_for()
    assert not (course / "nbgrader_config.py").exists()  # the course's configuration is the set-up's
    # the exchange's course folder: the set-up's, handed to the teacher; nobody lists inbound/,
    # nobody removes another's submission from it (sticky)
    exchange = hub.state.parent / "exchange" / COURSE_ID
    teacher_uid = pwd.getpwnam(TEACHER).pw_uid
    folders = {name: (exchange / name).stat() for name in ("", "outbound", "inbound", "feedback")}
    assert {n: oct(st.st_mode & 0o7777) for n, st in folders.items()} == {
        "": "0o755",
        "outbound": "0o755",
        "inbound": "0o3733",
        "feedback": "0o711",
    }
    assert {st.st_uid for st in folders.values()} == {teacher_uid}

    # --- each pupil fetches, answers, saves and submits from the Assignments tab
    for name in PUPILS:
        with jupyterlab(hub, browser, name) as page:
            assert nbgrader_menu(page) == ["Assignment List"]
            open_from_menu(page, "Assignment List")
            assignment_row(page, "released").locator("button", has_text="Fetch").click()
            fetched = assignment_row(page, "fetched")
            fetched.locator(".assignment-notebooks-link").click()
            fetched.locator(".nested_list_item a", has_text=ASSIGNMENT).click()  # opens the notebook
            page.locator(".jp-NotebookPanel .jp-CodeCell .cm-content").first.wait_for()
            for key, code in ANSWERS[name].items():
                type_answer(page, key, code)
            save_notebook(page)
            page.locator(".lm-TabBar-tab", has_text="Assignments").click()
            assignment_row(page, "fetched").locator("button", has_text="Submit").click()
            assignment_row(page, "submitted").locator(".nested_list_item").first.wait_for()
            page.screenshot(path=str(screenshots / f"hosts-hub-nbgrader-{name}-submitted.png"))

    # --- amy, from her kernel: another's work, the course, the exchange
    amy = run_in_kernel(
        hub,
        "amy",
        pupil_token(hub, "amy", PASSWORDS["amy"]),
        f"""
import glob, os, shutil
for path in ({str(hub.state / "homes" / "diego")!r}, {str(course)!r}, {str(exchange / "inbound")!r},
             {str(exchange / "feedback")!r}):
    try:
        print("listed", path, os.listdir(path))
    except PermissionError:
        print("refused", path)
mine = glob.glob(os.path.expanduser("~/.local/share/jupyter/nbgrader_cache/{COURSE_ID}/amy+*"))
forged = {str(exchange / "inbound")!r} + "/diego+{ASSIGNMENT}+2999-01-01 00:00:00.000000 UTC+x"
shutil.copytree(mine[0], forged)
print("forged", len(mine))
""",
    )
    assert amy["error"] is None, amy
    assert amy["stdout"].count("refused") == 4 and "listed" not in amy["stdout"], amy["stdout"]
    assert "forged 1" in amy["stdout"], amy["stdout"]
    # amy, in her own kernel with her graded notebook's set-up: every judging path on every question
    asked = run_in_kernel(
        hub,
        "amy",
        pupil_token(hub, "amy", PASSWORDS["amy"]),
        graded_kernel(
            EVERY_JUDGE.replace("PUPIL_NAME", "amy") + f"for key in {KEYS!r}:\n    asked_every_judge(key)\n"
        ),
        timeout=600,
    )
    assert asked["error"] is None, asked
    assert_the_oracle_told_nothing(asked["stdout"])
    # each pupil's own kernel shows her questions: its set-up cell run, the four question cells
    asked_questions = {}
    for name in PUPILS:
        run = run_in_kernel(
            hub,
            name,
            pupil_token(hub, name, PASSWORDS[name]),
            graded_kernel(
                f"for n, key in enumerate({KEYS!r}, 1):\n"
                "    print(f'question {key}:', json.dumps(str(question(key, LANGUAGE, n, VARIANT))))"
            ),
        )
        assert run["error"] is None, run
        asked_questions[name] = {
            k: json.loads(v) for k, v in re.findall(r"^question (\w+): (.*)$", run["stdout"], re.M)
        }
        assert list(asked_questions[name]) == list(KEYS), run["stdout"]

    # --- the teacher collects, autogrades, generates and releases feedback; the gradebook
    with jupyterlab(hub, browser, TEACHER) as page:
        open_from_menu(page, "Formgrader")
        frame = page.frame_locator("#formgrader-iframe iframe")
        row = frame.locator("tr", has=frame.locator("td.name", has_text=ASSIGNMENT))
        formgrader_action(frame, row, "collect")
        row.locator(
            "td.num-submissions a", has_text="3"
        ).click()  # amy's copy (unreadable files): not diego's
        rows = frame.locator("tr", has=frame.locator("td.autograde a"))
        rows.first.wait_for()
        assert sorted(rows.locator("td.student-id").all_inner_texts()) == sorted(PUPILS)
        for pupil in PUPILS:
            formgrader_action(
                frame, frame.locator("tr", has=frame.locator("td.student-id", has_text=pupil)), "autograde"
            )
        frame.locator("li[role=presentation] a", has_text="Manage Assignments").click()
        row = frame.locator("tr", has=frame.locator("td.name", has_text=ASSIGNMENT))
        formgrader_action(frame, row, "generate-feedback")
        formgrader_action(frame, row, "release-feedback")
        frame.locator("li[role=presentation] a", has_text="Manage Students").click()
        students = frame.locator("tr", has=frame.locator("td.score"))
        students.first.wait_for()
        shown = {
            r.locator("td.id").inner_text().strip(): r.locator("td.score").inner_text().strip()
            for r in students.all()
        }
        page.screenshot(path=str(screenshots / "hosts-hub-nbgrader-teacher-students.png"))
    assert shown == {p: f"{EXPECTED[p]:g} / {TOTAL:g}" for p in PUPILS}, shown

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        assert [a.name for a in gb.assignments] == [ASSIGNMENT]
        assert sorted(s.id for s in gb.students) == sorted(PUPILS)  # each pupil once
        scores = {p: gb.find_submission(ASSIGNMENT, p).score for p in PUPILS}
        graded_amy = gb.find_submission_notebook("game_theory", ASSIGNMENT, "amy").grades
        amy_by_question = {g.name.removesuffix("_test"): g.score for g in graded_amy}
    assert scores == EXPECTED, scores
    print(f"\namy's points by question: {amy_by_question}")
    assert amy_by_question == AMY_BY_QUESTION, amy_by_question
    # amy's code ran at autograding and saw nothing of the course and no token
    graded = nbformat.read(course / "autograded" / "amy" / ASSIGNMENT / "game_theory.ipynb", as_version=4)
    printed = "".join(o.get("text", "") for c in graded.cells if c.cell_type == "code" for o in c.outputs)
    assert re.findall(r"sabotage: .*", printed) == SABOTAGE_SEEN, printed
    # she asked every judging path on every question, in the teacher's grading kernel too: nothing on
    # her variant; the formative question's answers after a reset or in a new interpreter
    assert_the_oracle_told_nothing(printed)
    secret = read_secret(course / "variants_secret")
    # each pupil's kernel showed the questions of her own variant (drawn from the secret), in her
    # language; two pupils' numbers differ (the sample size's half-width and rate, the kingmaker's
    # points, the boards' symmetry)
    variants = {name: draw(secret, name) for name in PUPILS}
    for name, language in PUPILS.items():
        assert asked_questions[name] == {
            k: str(question(k, language, n, variants[name])) for n, k in enumerate(KEYS, 1)
        }
    numbers = {(v.half_width, v.rate, v.kingmaker_points, v.lpn("game_value"), v.lpn("protester"))
               for v in variants.values()}  # fmt: skip
    assert len(numbers) > 1, variants
    time.sleep(4)  # the process amy's code left behind was to write the gradebook after 3 s
    assert b"sabotage" not in (course / "gradebook.db").read_bytes()

    # --- each pupil fetches their feedback and reads it in their language
    for name, language in PUPILS.items():
        with jupyterlab(hub, browser, name) as page:
            open_from_menu(page, "Assignment List")
            submitted = assignment_row(page, "submitted")
            submitted.locator("button", has_text="Fetch Feedback").click()
            submitted.locator("a", has_text="(view feedback)").first.click()  # the file browser goes there
            page.locator(".jp-DirListing-itemText", has_text="game_theory.html").dblclick()
            # the viewer's iframe is empty until the file has loaded: wait for the question's heading
            feedback = page.frame_locator(".jp-HTMLViewer iframe").locator(
                "body", has_text=QUESTION_WORD[language]
            )
            feedback.wait_for(timeout=60_000)
            text = feedback.inner_text()
            assert QUESTION_WORD[language] in text, (name, text[:500])
            verdict = JudgeAnswers.judge(
                "kingmaker", LETTER[name](draw(secret, name)), language, secret, name
            )
            assert verdict.text(Translator(language)) in text, (name, text[:2000])
            others = [w for lang, w in QUESTION_WORD.items() if lang != language and w != "Question"]
            assert not any(w in text for w in others), (name, text[:500])
            page.screenshot(path=str(screenshots / f"hosts-hub-nbgrader-{name}-feedback.png"))
            if name == "amy":  # another pupil's feedback, through the hub: refused
                response = page.request.get(hub.url + "user/olena/tree/game_theory/feedback")
                assert response.status in (403, 404), response.status
    print(f"\nnbgrader through the hub: {time.monotonic() - t0:.0f} s")

"""The nbgrader course's test material: pupils' answers of every kind, and a real gradebook.

The answer sets are ``{question key: the code of its answer cell}`` for the course's assignment
``game_theory`` (deploy/nbgrader): right in unusual forms, the usual mistakes, a cheat, a saboteur
of the teacher's autograding (its network cell names ``LISTENER_PORT`` and ``ABSTRACT_NAME``, which
a test replaces by its own listeners); :data:`TOTAL` is the assignment's points.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from logger_widget.classroom.grading import GRADED

#: the assignment's points: every graded question's
TOTAL = sum(g.points for g in GRADED)
#: the games a pupil's variant asks for, by the normal approximation, in the pupil's kernel
NEEDED = "math.ceil((1.96 * (VARIANT.rate * (1 - VARIANT.rate)) ** 0.5 / VARIANT.half_width) ** 2)"
#: right answers for the pupil's own variant (``VARIANT``, the set-up cell's) in forms a pupil may
#: well write: text for a number with a space between thousands, the tuple of the package's own
#: exact_value, the letter of the right statement in the pupil's order typed on a Ukrainian
#: keyboard (Cyrillic, in brackets), the logger's path with an en dash
RIGHT = {
    "sample_size": f'import math\nanswer_sample_size = f"{{{NEEDED}:,}}".replace(",", " ")',
    "game_value": "from logger_widget.classroom.exercises import exact_value\n"
    'answer_game_value = exact_value(VARIANT.position("game_value"))',
    "kingmaker": 'answer_kingmaker = "({})".format(dict(zip("ABCD", "АВСД"))[VARIANT.option("B")])',
    "protester": "from logger_widget.classroom.variants import transform_cells\n"
    'answer_protester = transform_cells("e5–d5-c5 xc4", VARIANT.symmetry)',
}
#: the usual mistakes, for the pupil's variant: whole width for half-width (partial), the formative
#: notebook's value copied, a wrong statement ("Player 2 can still win"), a shared win instead of the tie-break win (partial)
MISTAKES = {
    "sample_size": "import math\nanswer_sample_size = math.ceil("
    "(1.96 * (VARIANT.rate * (1 - VARIANT.rate)) ** 0.5 / (VARIANT.half_width / 2)) ** 2)",
    "game_value": "answer_game_value = 1",
    "kingmaker": 'answer_kingmaker = VARIANT.option("A")',
    "protester": "from logger_widget.classroom.variants import transform_cells\n"
    'answer_protester = transform_cells("e5 +d4,e2 xe4", VARIANT.symmetry)',
}
#: the oracle of a graded question: code that asks the package's checkers for an answer they
#: accept, on the pupil's own variant (``mine``) first, then on the formative notebooks' question,
#: and answers ``FALLBACK`` when none is accepted (were the checkers judging, the first would be right)
ASK_THE_CHECKERS = {
    "sample_size": "from logger_widget.classroom import exercises as ex\n"
    "mine = VARIANT.checker_kwargs('sample_size')\n"
    "answer_sample_size = next((n for kw in (mine, {}) for n in range(400, 9000)\n"
    "    if ex.check_sample_size(n, **kw).ok), FALLBACK)",
    "game_value": "from logger_widget.classroom.exercises import exercise\n"
    "mine = VARIANT.checker_kwargs('game_value')\n"
    "answer_game_value = next((v for kw in (mine, {}) for v in (0, 0.5, 1)\n"
    "    if exercise('game_value').check(v, **kw).ok), FALLBACK)",
    "kingmaker": "from logger_widget.classroom.exercises import exercise\n"
    "mine = VARIANT.checker_kwargs('kingmaker')\n"
    "answer_kingmaker = next((c for kw in (mine, {}) for c in 'ABCD'\n"
    "    if exercise('kingmaker').check(c, **kw).ok), FALLBACK)",
    "protester": "from logger_widget.classroom.exercises import PROTESTER_ENDGAME, exercise\n"
    "from logger_widget.classroom.variants import transform_cells\n"
    "mine = VARIANT.checker_kwargs('protester')\n"
    "boards = ((mine, mine['position']), ({}, PROTESTER_ENDGAME.position))\n"
    "answer_protester = next((t.notation() for kw, board in boards for t in board.legal_turns()\n"
    "    if exercise('protester').check(t, **kw).ok), FALLBACK)",
}
#: a pupil who asks the checkers in her kernel, on every question, for the answer that they accept:
#: they refuse to judge in a graded notebook, so she is left with her fallbacks, each wrong for her
#: variant (too few games, the formative question's value, "Player 2 can still win", a turn after which Player 1 wins)
ORACLE = {
    key: code.replace("FALLBACK", fallback)
    for (key, code), fallback in zip(
        ASK_THE_CHECKERS.items(),
        ("5", "1", "VARIANT.option('A')", "transform_cells('e5-d5 !e3', VARIANT.symmetry)"),
    )
}
MISTAKES_POINTS = 1.0 + 0 + 0 + 1.0
#: the oracle through every judging path of the pupil's installed package, as code an answer cell
#: starts with: ``asked_every_judge(key)`` asks, for every candidate answer of question ``key`` (each
#: number of games from 400 to 8999, each value, letter, legal turn), ``exercise(key).check``, the
#: module's ``check_<key>``, ``grading.grade`` and ``JudgeAnswers.judge`` (without a secret, with the
#: course's secret if she can read it, with one she made up), and ``form_check`` for a verdict that
#: tells one candidate from the others; each on her own variant (``mine``) and on the formative
#: notebooks' question (``formative``), in her kernel as it is, after switching its checkers back on
#: (``_judging``), after reloading the feedback module, and in a new interpreter of her own.
#: It prints ``oracle: <key> <path>: <answer or None>`` per path and returns the first answer
#: accepted on her variant, else the first accepted on the formative question, else ``None``.
EVERY_JUDGE = """\
def asked_every_judge(key):
    import glob, importlib, json, os, subprocess, sys
    from logger_widget.classroom import exercises as ex, feedback as fb, grading
    from logger_widget.classroom.course import form_check
    from logger_widget.classroom.judge import JudgeAnswers
    secrets_ = []
    for path in [os.path.join(os.path.dirname(os.path.expanduser("~")), "teacher", "course", "variants_secret"),
                 "../../../variants_secret", *glob.glob("/home/*/course/variants_secret")]:
        try:
            secrets_.append(open(path, "rb").read().strip())
            print("oracle: read the secret", path)
        except OSError:
            pass
    from logger_widget.classroom.variants import draw
    made_up = b"a-secret-amy-made-up-" + key.encode()  # the judge judges the variant it draws: not hers
    print("oracle: a made-up secret draws her variant:", draw(made_up, "PUPIL_NAME") == VARIANT)
    def candidates(kw):
        if key == "sample_size":
            return range(400, 9000)
        if key == "game_value":
            return (0, 0.5, 1)
        if key == "kingmaker":
            return "ABCD"
        return [t.notation() for t in kw.get("position", ex.PROTESTER_ENDGAME.position).legal_turns()]
    def accepted(kw):
        who = "PUPIL_NAME" if kw else ""
        checks = [lambda c: ex.exercise(key).check(c, **kw).ok, lambda c: getattr(ex, "check_" + key)(c, **kw).ok,
                  *[lambda c, s=s: JudgeAnswers.judge(key, c, "en", s, who).ok for s in secrets_]]
        if not kw:
            checks += [lambda c: grading.grade(key, c, locale="en", show=False) > 0,
                       lambda c: JudgeAnswers.judge(key, c, "en").ok]
        def says_right(check, c):
            try:
                return bool(check(c))
            except Exception:  # a reloaded module's verdict that the others do not know
                return False
        found = next((c for c in candidates(kw) if any(says_right(check, c) for check in checks)), None)
        if found is None and kw:  # a form check that says something else for one answer than for the rest
            told = {}
            for c in candidates(kw):
                try:
                    told.setdefault(form_check(key, c, "en", VARIANT).text(), []).append(c)
                except Exception:
                    pass
            found = next((cs[0] for cs in told.values() if len(cs) == 1 and len(told) > 1), None)
        return found
    mine, formative = VARIANT.checker_kwargs(key), {}
    found = {}
    for how in ("as it is", "switched on", "reloaded"):
        if how == "switched on":
            fb._judging = True
        if how == "reloaded":
            importlib.reload(fb)
        for name, kw in (("mine", mine), ("formative", formative)):
            found[f"{name} {how}"] = accepted(kw)
    program = (
        "import json, sys\\n"
        "from logger_widget.classroom.exercises import exercise, PROTESTER_ENDGAME\\n"
        "from logger_widget.classroom.variants import Variant\\n"
        "key, fields = sys.argv[1], json.loads(sys.argv[2])\\n"
        "out = {}\\n"
        "for name, kw in (('mine', Variant(**fields).checker_kwargs(key)), ('formative', {})):\\n"
        "    board = kw.get('position', PROTESTER_ENDGAME.position)\\n"
        "    cs = {'sample_size': range(400, 9000), 'game_value': (0, 0.5, 1), 'kingmaker': 'ABCD'}.get(key)\\n"
        "    cs = cs or [t.notation() for t in board.legal_turns()]\\n"
        "    out[name] = next((c for c in cs if exercise(key).check(c, **kw).ok), None)\\n"
        "print(json.dumps(out))\\n"
    )
    run = subprocess.run([sys.executable, "-c", program, key, json.dumps(VARIANT.to_json())],
                         capture_output=True, text=True, timeout=300)
    told = json.loads(run.stdout) if run.returncode == 0 else {"mine": "failed", "formative": "failed"}
    if run.returncode != 0:
        print("oracle: the new interpreter failed", run.stderr[-300:])
    found["mine new interpreter"], found["formative new interpreter"] = told["mine"], told["formative"]
    for path, answer in found.items():
        print(f"oracle: {key} {path}: {answer}")
    fb.refuse_judging()  # her kernel as the graded notebook set it up, for the next question
    return next((a for p, a in found.items() if p.startswith("mine") and a is not None),
                next((a for p, a in found.items() if a is not None), None))
"""
#: what :data:`EVERY_JUDGE` finds on each question: nothing on the pupil's own variant, by any path; the
#: formative question's first accepted answer wherever the checkers judge it (not in her graded kernel
#: as it is): after a reset or in a new interpreter
EVERY_JUDGE_FINDS = {
    "sample_size": "1064",
    "game_value": "1",
    "kingmaker": "B",
    "protester": "e5-c5 +b4,c2 xc4",
}
#: the paths :data:`EVERY_JUDGE` prints, in order
EVERY_JUDGE_PATHS = [
    f"{name} {how}" for how in ("as it is", "switched on", "reloaded") for name in ("mine", "formative")
] + ["mine new interpreter", "formative new interpreter"]


def every_oracle(pupil: str) -> dict[str, str]:
    """The answer cells of pupil ``pupil`` who asks every judging path of her package for her answers
    (:data:`EVERY_JUDGE`) and answers what she is told, else a wrong fallback: the formative question's
    answers, which her variant makes wrong (no variant's game value is the formative one's 1)."""
    fallbacks = ("5", "1", "VARIANT.option('A')", "transform_cells('e5-d5 !e3', VARIANT.symmetry)")
    cells = {
        key: (EVERY_JUDGE.replace("PUPIL_NAME", pupil) if n == 0 else "")
        + f"found = asked_every_judge({key!r})\nanswer_{key} = {fallback} if found is None else found"
        for n, (key, fallback) in enumerate(
            zip(("sample_size", "game_value", "kingmaker", "protester"), fallbacks)
        )
    }
    cells["protester"] = "from logger_widget.classroom.variants import transform_cells\n" + cells["protester"]
    return cells


#: her points: none (1 of 6 before, the game's value, when every variant's position had the formative one's value)
EVERY_ORACLE_POINTS = 0
#: what :data:`CHEAT` prints in her protester answer cell and when the test calls her ``form_check``
#: (her code spells it in pieces, so her code shown in the feedback does not hold it)
PRINTED_MARK = "Full marks: 6 of 6"
#: a pupil who wants the points without the answers
CHEAT = {
    "sample_size": "import logger_widget.classroom.grading as g\n"
    "g.grade = lambda *a, **k: 2.0\ng.score = lambda *a, **k: 2.0\n"
    "def grade(*a, **k):\n    return 2.0\n"
    "answer_sample_size = 5",
    "game_value": "import logger_widget.classroom.exercises as ex\n"
    "from logger_widget.classroom.exercises import backward_induction\n"
    "from logger_widget.classroom.feedback import feedback\n"
    'ok = lambda *a, **k: feedback("ok", backward_induction._GV_OK, "en")\n'
    "backward_induction.check_game_value = ok\nex.check_game_value = ok\n"
    "ex.exercise = lambda key: type('E', (), {'check': staticmethod(ok)})()\n"
    "get_ipython().set_custom_exc((Exception,), lambda *a, **k: None)\n"
    "answer_game_value = object()",
    "kingmaker": "from logger_widget.classroom.exercises import KINGMAKER\n"
    "class Yes(str):\n    def __eq__(self, other):\n        return True\n    __hash__ = str.__hash__\n"
    'answer_kingmaker = Yes(getattr(KINGMAKER, "answer", VARIANT.option("D")))',
    "protester": "from IPython.display import HTML, display\n"
    "display(HTML(\"<script>document.title = 'cheat'</script>\"))\n"  # for the teacher's formgrader page
    'print("Full", "marks:", "6", "of", "6")\n'  # PRINTED_MARK, in her feedback if it showed her prints
    "import sys\nsys.displayhook = lambda value: print(2)\n"
    'def form_check(*a, **k):\n    print("Full", "marks:", "6", "of", "6")\n'  # printed as the test calls it
    "def submit(*a, **k):\n    print(2)\n"
    'answer_protester = "e5 xe4"',
}
#: a pupil whose code, run by the teacher's autograding, goes for the course itself: the gradebook,
#: the judge's configuration, the solutions, classmates' submissions, the teacher's environment,
#: and a process left behind to write the gradebook after the grading
SABOTEUR = {
    "sample_size": """\
import glob, os, subprocess
course = os.path.abspath("../../..")
found = [p for pattern in ("gradebook.db", "nbgrader_config.py", "source/*/*.ipynb", "submitted/*/*/*.ipynb")
         for p in glob.glob(os.path.join(course, pattern))]
print("sabotage: found", found)
for name in ("gradebook.db", "nbgrader_config.py"):
    try:
        with open(os.path.join(course, name), "a") as f:
            f.write("sabotage")
        print("sabotage: wrote", name)
    except OSError as e:
        print("sabotage: refused", name, type(e).__name__)
print("sabotage: token", os.environ.get("JUPYTERHUB_API_TOKEN") or os.environ.get("LW_TEST_TEACHER_TOKEN"))
subprocess.Popen(["sh", "-c", f"sleep 3; echo sabotage >> {course}/gradebook.db"], start_new_session=True)
try:  # the graded notebook, which nbgrader writes afterwards, made a link to the course's source
    os.remove("game_theory.ipynb")
    os.symlink(os.path.join(course, "source", "game_theory", "game_theory.ipynb"), "game_theory.ipynb")
    print("sabotage: linked")
except OSError as e:
    print("sabotage: refused link", type(e).__name__)
answer_sample_size = 5""",
    # the network: a name lookup, the test's abstract Unix socket (as X11's), then a connection to a
    # listener of the test (LISTENER_PORT), which would earn the points of the right answer if it got through
    "game_value": """\
import socket
try:
    print("network: looked up", socket.getaddrinfo("pypi.org", 443)[0][4][0])
except OSError as e:
    print("network: lookup refused", type(e).__name__)
try:
    socket.socket(socket.AF_UNIX).connect("\\0ABSTRACT_NAME")
    print("network: abstract connected")
except OSError as e:
    print("network: abstract refused", type(e).__name__)
socket.create_connection(("127.0.0.1", LISTENER_PORT), timeout=5).close()
print("network: connected")
from logger_widget.classroom.exercises import BACKWARD_INDUCTION, exact_value
answer_game_value = exact_value(BACKWARD_INDUCTION.position)""",
}
#: what the saboteur's cell prints when it runs contained: an empty course folder, nothing written, no token
SABOTAGE_SEEN = [
    "sabotage: found []",
    "sabotage: refused gradebook.db OSError",
    "sabotage: refused nbgrader_config.py OSError",
    "sabotage: token None",
    "sabotage: refused link OSError",
]


def make_gradebook(path):
    """A real nbgrader gradebook: one assignment of 6 points; olena graded 5, taras not submitted."""
    from nbgrader.api import Gradebook

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PATH", f"{Path(sys.executable).parent}:{os.environ['PATH']}")  # nbgrader runs alembic
        _fill_gradebook(Gradebook, path)


def _fill_gradebook(Gradebook, path):  # noqa: N803 - nbgrader's class
    with Gradebook(f"sqlite:///{path}", course_id="logger_game_theory") as gb:  # as the course config
        gb.add_assignment("game_theory")
        gb.add_notebook("game_theory", "game_theory")
        gb.add_grade_cell("q1", "game_theory", "game_theory", max_score=4, cell_type="code")
        gb.add_grade_cell("q2", "game_theory", "game_theory", max_score=2, cell_type="code")
        for name in ("olena", "taras"):
            gb.add_student(name)
        with gb.db.no_autoflush:  # as deploy/nbgrader/nbgrader_config.py does (SQLAlchemy 2 warns otherwise)
            gb.add_submission("game_theory", "olena")
        gb.find_grade("q1", "game_theory", "game_theory", "olena").manual_score = 3
        gb.find_grade("q2", "game_theory", "game_theory", "olena").manual_score = 2
        gb.db.commit()

"""Progress on the class hub, in Chromium: two pupils' lessons and puzzle tries reach the teacher's
view, and neither pupil can read (or write) the other's.

One hub for the file (deploy/jupyterhub, the class set-up, real Unix accounts: run as root), two
pupils in two languages, everything as they would do it:

* olena (uk) and diego (es) log in through the hub's form with the code from the class sheet;
  JupyterLab opens their tutorial; they run it and solve a lesson by clicking the board's cells at
  their on-screen positions (olena "plant", diego "movement"); then they open the puzzles notebook
  and answer its first puzzle by clicks: olena with a solution, diego with a turn that is none;
* diego cheats: in his own browser session he opens the teacher's dashboard, its live part, the
  CSV and olena's progress; from a kernel of his, with his server's own token, the same and every
  pupil's progress, olena's home and the class database; he sends a lesson with olena's name in
  the body. Every read is refused with the service's error (none names olena), and the forged
  lesson lands in his own progress, not hers;
* the teacher logs in through the hub's form and opens the class dashboard: each pupil once, with
  their lessons, puzzle rating and tries; the CSV downloaded from the page has the same rows; the
  progress view is photographed at 360, 800 and 1400 px, light and dark, in uk, es and en
  (tests/e2e/screenshots/progress-hub-*.png), and nothing in it sticks out of its panel.

About 1.5 to 2.5 minutes on this 2-core machine (88 s and 147 s at loads of about 2 and 5: the hub's
start with the class set-up, two JupyterLabs, 24 screenshots).
Run it under the hub lock:
``flock /work/hub.lock timeout 900 .venv/bin/python -m pytest tests/hosts/test_progress_hub.py -q``.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from board_helpers import wrong_turn
from hostkit import REPO, ROOT, lpn, run_all_cells, version, wait_ready
from hubkit import Hub, fill_login, hub_fixture, pupil_token, run_in_kernel, token_json

from logger_widget import Turn
from logger_widget.classroom.tutorial import LESSONS, lesson
from logger_widget.i18n import Translator
from logger_widget.i18n.texts import dashboard as texts
from logger_widget.puzzles import PupilRating, load_puzzles, update_rating

pytestmark = pytest.mark.slow

PUPILS = {"olena": "uk", "diego": "es"}
TEACHER = "teacher"
MEM_LIMIT = 768 * 2**20  # bytes, each server's cap (LW_MEM_LIMIT)
#: the lesson each pupil solves in the tutorial, and whether they solve the first puzzle
LESSON = {"olena": "plant", "diego": "movement"}
SOLVES = {"olena": True, "diego": False}
#: the lesson diego sends from his kernel with olena's name in the body
FORGED = "end"
PASSWORDS: dict[str, str] = {}
DASHBOARD = "services/classgame/dashboard/"
PROGRESS = "section[aria-labelledby=h-progress]"


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    yield from hub_fixture(PUPILS, TEACHER, MEM_LIMIT, PASSWORDS, as_root=True)


@contextlib.contextmanager
def logged_in(browser: Any, hub: Hub, name: str, next_path: str = "") -> Iterator[Any]:
    """``name`` logs in through the hub's form (the first time: the class code and a new password); the page."""
    context = browser.new_context(
        viewport={"width": 1400, "height": 1100}, device_scale_factor=1, accept_downloads=True
    )
    context.set_default_timeout(120_000)
    page = context.new_page()
    try:
        page.goto(
            hub.url + "hub/login" + (f"?next={urllib.parse.quote(next_path, safe='')}" if next_path else "")
        )
        fill_login(page, hub, name, PASSWORDS)
        yield page
    finally:
        context.close()


def click_at(board: Any, selector: str) -> None:
    """A mouse click at the on-screen centre of ``selector`` in ``board``; wait for the board's next view."""
    before = version(board)
    target = board.locator(selector)
    box = None
    for _ in range(50):  # until the notebook stops moving (cells above render as they come into view)
        target.scroll_into_view_if_needed()
        board.page.wait_for_timeout(100)
        now = target.bounding_box()
        if now is not None and now == box:
            break
        box = now
    assert box is not None, f"{selector} is not on the screen"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    hit = target.evaluate("(el, [x, y]) => el.contains(document.elementFromPoint(x, y))", [x, y])
    assert hit, f"{selector} is covered at ({x:.0f}, {y:.0f})"
    board.page.mouse.click(x, y)
    board.page.wait_for_function(
        "([el, v]) => Number(el.dataset.version) > v", arg=[board.element_handle(), before], timeout=60_000
    )


def play_by_clicks(board: Any, turn: Turn) -> None:
    """Play ``turn`` on ``board`` by clicking its cells and buttons where they are on the screen."""
    board.page.wait_for_function(
        "el => el.dataset.interactive === 'true'", arg=board.element_handle(), timeout=60_000
    )
    start = lpn(board)
    spawns = list(turn.spawns)
    protest = list(turn.action.cells) if turn.action and turn.action.kind == "protest" else []
    for _ in range(20):
        if lpn(board) != start or board.get_attribute("data-interactive") != "true":
            return
        stage = board.get_attribute("data-stage")
        if stage == "move":
            click_at(board, f"[data-cell={turn.destination}]")
        elif stage == "spawn":
            cell = next(
                c for c in spawns if board.locator(f"[data-cell={c}]").get_attribute("data-mark") == "spawn"
            )
            spawns.remove(cell)
            click_at(board, f"[data-cell={cell}]")
        elif stage == "action":
            assert turn.action is not None, f"{turn}: the board asks for an action"
            click_at(board, f"[data-testid=action-{turn.action.kind}]")
        elif stage in ("plant", "chop"):
            assert turn.action is not None and turn.action.kind == stage, (turn, stage)
            click_at(board, f"[data-cell={turn.action.cells[0]}]")
        elif stage == "protest":
            click_at(board, f"[data-cell={protest.pop(0)}]" if protest else "[data-testid=protest-done]")
        else:
            return
    raise AssertionError(f"the turn {turn} did not finish by clicking")


def shut_down_kernels(hub: Hub, name: str) -> None:
    """The pupil's kernels are shut down (as Kernel → Shut Down All Kernels): one notebook's at a time in memory."""
    token = pupil_token(hub, name, PASSWORDS[name])
    for session in token_json(hub, token, "GET", f"user/{name}/api/sessions"):
        token_json(hub, token, "DELETE", f"user/{name}/api/sessions/{session['id']}")


def pupil_works(hub: Hub, page: Any, name: str, screenshots: Path) -> Any:
    """The tutorial opens after the login: solve :data:`LESSON` by clicks; then the first puzzle of the
    puzzles notebook. The page left open (the puzzles notebook's)."""
    language = PUPILS[name]
    page.wait_for_url(f"**/user/{name}/lab/tree/tutorial_{language}.ipynb*", timeout=240_000)
    run_all_cells(page)
    les = lesson(LESSON[name])
    board = page.locator(ROOT).nth([x.key for x in LESSONS].index(les.key))
    wait_ready(board)
    play_by_clicks(board, les.position.parse_turn(les.solution))
    board.locator("[data-testid=notice][data-kind=success]").wait_for(timeout=60_000)
    # the puzzles notebook, which the hub seeds in the pupil's home beside the tutorial
    notebook = f"puzzles_{language}.ipynb"
    token = pupil_token(hub, name, PASSWORDS[name])
    seeded = token_json(hub, token, "GET", f"user/{name}/api/contents/{notebook}")
    shipped = json.loads((REPO / "notebooks" / notebook).read_text(encoding="utf-8"))
    assert [c["id"] for c in seeded["content"]["cells"]] == [c["id"] for c in shipped["cells"]]
    context = page.context
    page.close()
    shut_down_kernels(hub, name)
    page = context.new_page()
    page.goto(hub.url + f"user/{name}/lab/tree/{notebook}?reset")  # only this notebook open
    run_all_cells(page)
    board = page.locator(ROOT).first
    wait_ready(board)
    puzzle = load_puzzles()[0]
    assert lpn(board) == puzzle.lpn
    turn = puzzle.position.parse_turn(sorted(puzzle.solutions)[0]) if SOLVES[name] else wrong_turn(puzzle)
    play_by_clicks(board, turn)
    page.wait_for_function("el => el.dataset.stage === 'solved'", arg=board.element_handle(), timeout=60_000)
    board.screenshot(path=str(screenshots / f"progress-hub-puzzle-{name}-{language}.png"))
    return page


#: What diego's kernel tries with his server's own token (``LW_CLASSGAME_URL``, ``JUPYTERHUB_API_TOKEN``).
CHEAT = """
import json, os, pathlib, urllib.error, urllib.request
base = os.environ["LW_CLASSGAME_URL"]
def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method, headers={
        "Authorization": "token " + os.environ["JUPYTERHUB_API_TOKEN"], "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return [r.status, r.read().decode()]
    except urllib.error.HTTPError as e:
        return [e.code, e.read().decode()]
out = {"reads": {p: call("GET", p) for p in READS}}
out["me"] = call("GET", "api/progress/me?pupil=olena&name=olena")
out["forged"] = call("POST", "api/progress/me/lessons", {"lesson": FORGED, "at": "2026-12-01T10:00:00+00:00", "pupil": "olena"})
out["files"] = {}
for path in FILES:
    try:
        try:
            os.listdir(path)
        except NotADirectoryError:
            pathlib.Path(path).read_bytes()
        out["files"][path] = "READ"
    except PermissionError:
        out["files"][path] = "denied"
    except FileNotFoundError:
        out["files"][path] = "missing"
print("CHEAT" + json.dumps(out))
"""
#: the class game service's paths diego tries to read (below ``LW_CLASSGAME_URL``)
READS = ["api/progress/pupils/olena", "api/progress/pupils", "api/progress/pupils/olena%2F..",
         "dashboard/", "dashboard/live", "dashboard/progress.csv", "dashboard/progress.csv?lang=uk"]  # fmt: skip


def diego_cheats(hub: Hub, page: Any) -> None:
    """diego, in his browser session and from a kernel of his: nothing of olena's, nothing of the teacher's."""
    context = page.context
    page.close()  # his JupyterLab (its notebook not saved: no "leave the page?" question)
    page = context.new_page()
    for path in ("dashboard/?lang=es", "dashboard/live", "dashboard/progress.csv", "api/progress/pupils/olena",
                 "api/progress/pupils"):  # fmt: skip
        response = page.goto(hub.url + "services/classgame/" + path)
        text = response.text()
        assert response.status == 403, (path, response.status, text[:300])
        assert "olena" not in text, (path, text[:300])
        if path.startswith("api/") or path.endswith("live") or path.endswith(".csv"):
            assert json.loads(text)["error"]["code"] == "forbidden", (path, text)
    page.goto(hub.url + DASHBOARD + "?lang=es")  # the refusal says where his own progress is, in his language
    assert "Solo tu docente" in page.locator("main").inner_text()
    assert page.locator("main a[href*='dashboard/me']").count() == 1
    page.goto(hub.url + DASHBOARD + "me?lang=es")
    rows = page.locator("table.progress tbody tr")
    assert [r.get_attribute("data-pupil") for r in rows.all()] == ["diego"]

    files = [
        hub.state / "homes" / "olena",
        hub.state / "homes" / "olena" / ".logger_progress.sqlite",
        hub.state / "classgame" / "classgame.sqlite",
    ]  # fmt: skip  (the service's folder, mode 0700)
    code = f"READS = {READS!r}\nFILES = {[str(f) for f in files]!r}\nFORGED = {FORGED!r}\n" + CHEAT
    shut_down_kernels(hub, "diego")
    out = run_in_kernel(hub, "diego", pupil_token(hub, "diego", PASSWORDS["diego"]), code)
    assert out["error"] is None, out
    found = json.loads(out["stdout"].split("CHEAT", 1)[1])
    for path, (status, text) in found["reads"].items():
        assert status == 403, (path, status, text[:300])
        assert "olena" not in text, (path, text[:300])
        if not path.startswith("dashboard/") or "csv" in path or "live" in path:
            error = json.loads(text)["error"]
            assert error["code"] == "forbidden" and error["message"], (path, error)
    status, text = found["me"]
    assert status == 200 and json.loads(text)["pupil"] == "diego", text
    status, text = found["forged"]
    assert status == 201, text  # accepted: as diego's own (no name in a request makes anyone another)
    assert files[2].exists(), f"the class database is not at {files[2]}"
    assert found["files"] == {str(f): "denied" for f in files}, found
    assert not files[1].exists(), "on the hub a pupil's progress is the service's, never a file in the home"


def expected_progress() -> dict[str, dict[str, Any]]:
    """What the teacher must see of each pupil: lessons, the puzzle rating (Glicko from the start), tries."""
    puzzle = load_puzzles()[0]
    out = {}
    for name in PUPILS:
        after = update_rating(PupilRating(), puzzle.rating, puzzle.deviation, SOLVES[name])
        lessons = {LESSON[name]} | ({FORGED} if name == "diego" else set())
        out[name] = {"lessons": lessons, "rating": after.rating, "played": 1, "solved": int(SOLVES[name])}
    return out


#: Parts of the progress panel that stick out of it (or make the page scroll sideways); [] when none.
OVERFLOW = """
sel => {
  const panel = document.querySelector(sel);
  const box = panel.getBoundingClientRect();
  const out = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) out.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
  const scroll = panel.querySelector('.scroll');
  if (scroll && scroll.scrollWidth > scroll.clientWidth + 1)
    out.push(`the table is ${scroll.scrollWidth - scroll.clientWidth} px wider than its panel`);
  for (const el of panel.querySelectorAll('h2, p, a, th, td, small, span, svg')) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > box.right + 0.5 || r.left < box.left - 0.5))
      out.push(`${el.tagName} «${el.textContent.trim().slice(0, 30)}» outside the panel`);
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow === 'hidden')
      out.push(`${el.tagName} «${el.textContent.trim().slice(0, 30)}» cut`);
  }
  return out;
}
"""


def teacher_sees(hub: Hub, page: Any, screenshots: Path) -> None:
    """The class dashboard's progress view and its CSV; the screenshots in every width, theme and language."""
    expected = expected_progress()
    page.wait_for_url(re.compile(f"/{DASHBOARD}(\\?|$)"), timeout=120_000)
    page.wait_for_selector("body[data-settled='true']")
    tr = Translator("uk")
    rows = page.locator(f"{PROGRESS} table.progress tbody tr")
    assert sorted(r.get_attribute("data-pupil") for r in rows.all()) == sorted(
        PUPILS
    )  # each once, no teacher
    for name, want in expected.items():
        row = page.locator(f"{PROGRESS} tr[data-pupil='{name}']")
        assert row.locator(".c-lessons .count").inner_text() == tr.format_number(len(want["lessons"]))
        titles = {tr.translate(lesson(k).title) for k in want["lessons"]}  # the titles, never the keys
        assert set(row.locator(".c-lessons small").inner_text().split(", ")) == titles
        assert row.locator(".c-puzzle .rating").inner_text() == tr.format_number(round(want["rating"]))
        tries = row.locator(".c-puzzle .tries").inner_text()
        assert re.sub(r"\D", " ", tries).split() == [str(want["solved"]), str(want["played"])], tries
    with page.expect_download() as download:
        page.click(f"{PROGRESS} [data-testid=csv]")
    table = list(csv.reader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8-sig"))))
    assert table[0] == [tr.translate(h) for h in texts.CSV]
    assert sorted(r[0] for r in table[1:]) == sorted(PUPILS)
    for row in table[1:]:
        want = expected[row[0]]
        assert row[1:6] == [str(len(want["lessons"])), row[2], str(round(want["rating"], 1)),
                            str(want["played"]), str(want["solved"])], row  # fmt: skip
        assert set(row[2].split("; ")) == {tr.translate(lesson(k).title) for k in want["lessons"]}, row
    problems = {}
    for language in ("uk", "es", "en"):
        page.goto(hub.url + DASHBOARD + f"?lang={language}")
        page.wait_for_selector("body[data-settled='true']")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            for width in (360, 800, 1100, 1400):
                page.set_viewport_size({"width": width, "height": 900})
                page.wait_for_function(f"document.documentElement.clientWidth === {width}")
                found = page.evaluate(OVERFLOW, PROGRESS)
                if found:
                    problems[f"{language}-{scheme}-{width}"] = found
                page.locator(PROGRESS).screenshot(
                    path=str(screenshots / f"progress-hub-{language}-{scheme}-{width}.png")
                )
    assert not problems, problems


def test_two_pupils_progress_reaches_the_teachers_view_and_neither_reads_the_others(
    hub: Hub, browser: Any, screenshots: Path
) -> None:
    t0 = time.perf_counter()
    for name in PUPILS:  # both servers start while the first pupil logs in
        hub.api("POST", f"users/{name}/server")
    with logged_in(browser, hub, "olena") as page:
        try:
            pupil_works(hub, page, "olena", screenshots)
        except Exception:
            for i, p in enumerate(page.context.pages):
                p.screenshot(path=str(screenshots / f"progress-hub-failed-olena-{i}.png"))
            raise
    shut_down_kernels(hub, "olena")
    with logged_in(browser, hub, "diego") as page:
        page = pupil_works(hub, page, "diego", screenshots)
        diego_cheats(hub, page)
    with logged_in(browser, hub, TEACHER, f"/{DASHBOARD}?lang=uk") as page:
        teacher_sees(hub, page, screenshots)
    print(f"\nprogress on the hub: {time.perf_counter() - t0:.0f} s after the hub's start")

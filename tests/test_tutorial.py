"""Tutorial lessons: each task accepts its intended solution and explains a wrong turn."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from support import Driver

from logger_widget.classroom.tutorial import LESSONS, lesson
from logger_widget.i18n import Translator
from logger_widget.i18n.texts.lessons import MORE_BELOW
from logger_widget.i18n.texts.rules import SECTIONS

ROOT = Path(__file__).resolve().parents[1]

CYRILLIC = re.compile("[А-Яа-яІіЇїЄєҐґ]")


def _advice(key: str) -> list[str]:
    """The English texts of a lesson's messages (its task, feedback and advice: context ``tutorial:KEY:…``)."""
    with (ROOT / "locales" / "logger_widget.pot").open("rb") as fh:
        template = read_po(fh)
    mine = [m for m in template if m.id and (m.context or "").startswith(f"tutorial:{key}:")]
    return [text for m in mine for text in ((m.id,) if isinstance(m.id, str) else m.id)]


def unreachable_advice(les, texts: list[str]) -> list[str]:
    """Where a lesson's advice sends the logger but no legal turn of the lesson's position goes: a
    row or column named ("Stand in row 4") with no reachable cell, a cell to stand on ("c1 is two steps
    to the right") that no turn reaches."""
    reach = {t.destination for t in les.position.legal_turns()}
    found = []
    for text in texts:
        for row in re.findall(r"\brow (\d)\b", text):
            if not any(cell[1] == row for cell in reach):
                found.append(f"row {row} in «{text}»")
        for column in re.findall(r"\bcolumn ([a-e])\b", text):
            if not any(cell[0] == column for cell in reach):
                found.append(f"column {column} in «{text}»")
        for cell in re.findall(r"\b([a-e][1-5]) is (?:one|two) steps?\b", text):
            if cell not in reach:
                found.append(f"{cell} in «{text}»")
    return found


def test_an_unreachable_suggestion_is_found() -> None:
    growth = lesson("growth")
    assert unreachable_advice(growth, ["Stand in column c or in row 4."])
    assert unreachable_advice(growth, ["Stand in its column: c2 is two steps up."])


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.key)
def test_a_lessons_advice_is_playable_from_its_position(les) -> None:
    """A lesson must be playable as it says: every row, column or cell its texts send the logger to is reached
    by a legal turn (docs/rules.md: a walk of at most two steps)."""
    assert unreachable_advice(les, _advice(les.key)) == []


def test_the_growth_lessons_advice_solves_it() -> None:
    growth = lesson("growth")
    assert any(t.destination == "c1" and growth.check(t).ok for t in growth.position.legal_turns())


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.key)
def test_solution_succeeds_and_mistake_gets_helpful_feedback(les) -> None:
    good = les.check(les.solution)
    bad = les.check(les.mistake)
    assert good.ok, good
    assert not bad.ok, bad
    en = Translator("en")
    assert good.text(en) != bad.text(en)
    assert les.task.message and les.title.message


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.key)
@pytest.mark.parametrize("language", ["uk", "es"])
def test_feedback_and_lesson_text_are_translated(les, language: str) -> None:
    tr = Translator(language)
    texts = [tr.translate(les.title), tr.translate(les.task)]
    texts += [tr.translate(p) for p in les.explanation]
    texts += [les.check(les.solution).text(tr), les.check(les.mistake).text(tr)]
    english = Translator("en")
    english_texts = [english.translate(les.title), english.translate(les.task)]
    for text, en_text in zip(texts, english_texts):
        assert text != en_text, f"untranslated in {language}: {text!r}"
    if language == "uk":
        assert all(CYRILLIC.search(t) for t in texts), texts


def test_lessons_cover_every_rule_in_order() -> None:
    keys = [les.key for les in LESSONS]
    assert keys == [
        "board", "movement", "growth", "spawning", "plant", "protest", "chop", "end", "tiebreak", "repetition",
    ]  # fmt: skip
    known = {section for section, _ in SECTIONS}
    for les in LESSONS:
        assert set(les.rules_sections) <= known


def test_pupil_input_never_raises() -> None:
    chop = lesson("chop")
    malformed = chop.check("chop everything!")
    assert not malformed.ok and malformed.detail is None
    illegal = chop.check("a1-e5")
    assert not illegal.ok and illegal.detail is not None
    assert "e5" in illegal.text(Translator("en"))


def test_unknown_lesson_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="board, movement"):
        lesson("flying")


def test_the_name_notebooks_copied_before_call_makes_the_same_lesson_board() -> None:
    """``lesson_board(...)``, in a pupil's notebook copied before ``LessonBoard``, is that class itself."""
    from logger_widget.classroom.tutorial import LessonBoard, lesson_board

    board = lesson_board("chop", "en", progress=False, bot_mode="sync", autosave=False)
    assert lesson_board is LessonBoard and isinstance(board, LessonBoard) and board.mode.lesson.key == "chop"


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.key)
def test_lesson_board_praises_the_solution_and_takes_back_a_mistake(les) -> None:
    from logger_widget.classroom.tutorial import LessonBoard

    board = LessonBoard(les.key, "uk", bot_mode="sync")
    assert board.position.to_lpn() == les.lpn
    assert board.view["task"].endswith(Translator("uk").translate(les.task))
    if les.position.is_legal(les.mistake):
        board.play(les.mistake)
        assert board.view["notice"]["kind"] == "error"
        assert "Спробуй ще раз" in board.view["notice"]["text"]
        assert board.game.turns == () and board.position.to_lpn() == les.lpn
        assert not board.game.can_redo, "Redo must not replay the mistake"
        assert board.view["task"].endswith(Translator("uk").translate(les.task)), "the task stays"
    _solve(board, les)
    assert board.view["notice"]["kind"] == "success"
    assert len(board.game.turns) == les.plays
    board.locale = "es"
    assert board.view["notice"]["text"] == les.check(les.solution).text(Translator("es"))
    assert board.view["task"].endswith(Translator("es").translate(les.task))


def _solve(board, les) -> None:
    """Play the lesson's solution; a lesson of several turns goes on with the only turn of each seat."""
    board.play(les.solution)
    while len(board.game.turns) < les.plays:
        (only,) = board.position.legal_turns()
        board.play(only)


@pytest.mark.parametrize("junk", [None, 5, b"a1-b2", ["a1-b2"]])
def test_check_never_raises_for_junk(junk) -> None:
    feedback = lesson("board").check(junk)
    assert not feedback.ok and feedback.detail is None


def test_lesson_board_does_not_judge_another_game() -> None:
    from logger_widget.classroom.tutorial import LessonBoard

    board = LessonBoard("movement", "uk", bot_mode="sync")
    board.new_game()
    board.play("a1-b1 *b2")  # legal in the standard start, not the lesson's position
    assert len(board.game.turns) == 1
    assert board.view["notice"] is None or board.view["notice"]["kind"] != "error"


def _marked(board) -> set[str]:
    """The cells the board's view marks as suggested (the hint's frames)."""
    return {c["id"] for row in board.view["cells"] for c in row if c["suggested"]}


def _turn_cells(turn) -> set[str]:
    return {turn.destination, *turn.spawns, *(turn.action.cells if turn.action is not None else ())}


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.key)
def test_lesson_hint_marks_part_of_an_accepted_turn_and_asks_no_bot(les) -> None:
    from logger_widget.classroom.tutorial import LessonBoard

    board = LessonBoard(les.key, "en", bot_mode="sync")
    assert board.view["hint"]["enabled"]
    assert Driver(board).send("hint") == "ok"
    assert board._bots.hint is None and not board._bots.hint_pending, "a lesson's hint starts no bot search"
    marked = _marked(board)
    assert marked, "the hint marks cells"
    accepted = [t for t in les.position.legal_turns() if les.check(t).ok and marked <= _turn_cells(t)]
    assert accepted, f"no turn the lesson accepts goes through {sorted(marked)}"
    en = Translator("en")
    text = board.view["hint"]["text"]
    # the task stands above the board: the hint names the steps, not the task again
    assert text and en.translate(les.task) not in text, "the hint repeats the lesson's task"
    assert all(cell in text for cell in marked)
    assert not board.view["hint"]["enabled"], "the hint is given once per try"
    _solve(board, les)  # the marked cells lead to the praise; then the hint is gone
    assert board.view["notice"]["kind"] == "success"
    assert _marked(board) == set() and board.view["hint"]["text"] is None


def test_the_two_step_walk_of_lesson_2_is_drawn_with_its_corner() -> None:
    """Before: the lesson praised the walk around the sapling but drew no path (the very point of the lesson)."""
    from logger_widget.classroom.tutorial import LessonBoard

    board = LessonBoard("movement", "en", bot_mode="sync")
    d = Driver(board)
    assert d.cell("b2") == "ok"
    view = board.view
    assert view["notice"]["kind"] == "success" and not board.game.turns  # judged after the move
    assert view["last"]["path"] == ["a1", "a2", "b2"] and view["last"]["round"][0]["path"] == [
        "a1",
        "a2",
        "b2",
    ]
    assert view["last"]["text"] == "Player 1: move a1\u00a0→\u00a0b2", (
        "no 'no action possible' for a turn in progress"
    )
    assert d.send("restart") == "ok" and board.view["last"] is None


@pytest.mark.parametrize(
    ("key", "says"),
    [
        (
            "chop",
            [
                "Your logger goes to c1.",
                "The new seedlings grow on b2, b3, and b4.",
                "Then chop the tree on c2.",
            ],
        ),
        ("end", ["The new seedling grows on c1.", "Then chop the tree on b1."]),
        ("protest", ["Put a protester on d5."]),
    ],
)
def test_the_lesson_hint_says_what_each_marked_cell_is_for(key: str, says: list[str]) -> None:
    """Before: "the marked cells show the way: c1, b2, b3, b4 and c2" — and a child walked to the spawn cell."""
    from logger_widget.classroom.tutorial import LessonBoard

    board = LessonBoard(key, "en", bot_mode="sync")
    assert Driver(board).send("hint") == "ok"
    text = board.view["hint"]["text"]
    assert text.endswith(" ".join(says)) and "show the way" not in text, text


@pytest.mark.parametrize("language", ["en", "uk", "es", "es_419"])
def test_no_lesson_hint_opens_its_steps_with_then(language: str) -> None:
    """Before: «Protégelo con un manifestante. Luego pon un manifestante en d5.» — «Luego» after nothing."""
    tr = Translator(language)
    then = {"en": "Then ", "uk": "Потім ", "es": "Luego ", "es_419": "Luego "}[language]
    for les in LESSONS:
        steps = les.hint_steps(tr)
        assert steps and not steps[0].startswith(then), (les.key, steps)


@pytest.mark.parametrize(
    ("language", "one", "three"),
    [
        ("en", "The new seedling grows on c1.", "The new seedlings grow on b2, b3, and b4."),
        ("uk", "Новий саджанець виростає на c1.", "Нові саджанці виростають на b2, b3 і b4."),
        ("es", "La plántula nueva brota en c1.", "Las plántulas nuevas brotan en b2, b3 y b4."),
    ],
)
def test_the_spawn_step_of_a_hint_agrees_with_the_number_of_cells(
    language: str, one: str, three: str
) -> None:
    """Before: «Las plántulas nuevas brotan en c1.» for one seedling."""
    tr = Translator(language)
    assert one in lesson("end").hint_steps(tr)
    assert three in lesson("chop").hint_steps(tr)


def test_spawning_hint_marks_b2_and_d2_not_the_bots_turn() -> None:
    from logger_widget.classroom.tutorial import LessonBoard

    board = LessonBoard("spawning", "uk", bot_mode="sync")
    d = Driver(board)
    assert d.send("hint") == "ok"
    marked = _marked(board)
    assert {"b2", "d2"} <= marked and "c1" not in marked
    assert "a1-c1" not in board.view["hint"]["text"] and "c1" not in board.view["hint"]["text"]
    assert "Підказка" in board.view["hint"]["text"]
    d.send("cell", cell="b2")  # the marks stay at the spawn step
    assert "d2" in _marked(board)
    assert d.send("restart") == "ok"
    assert _marked(board) == set() and board.view["hint"]["text"] is None, "a restart takes the hint back"


@pytest.mark.parametrize("language", ["en", "uk", "es"])
def test_a_lesson_board_names_its_lesson_after_next_lesson(language: str) -> None:
    from logger_widget.classroom.tutorial import LessonBoard

    tr = Translator(language)
    board = LessonBoard("board", language, bot_mode="sync")
    first = board.view["task"]
    assert tr.translate(lesson("board").title) in first
    board.play(lesson("board").solution)
    assert Driver(board).send("next_lesson") == "ok"
    task = board.view["task"]
    # the notebook's text around the board is still lesson 1's: the board says it shows lesson 2 now
    assert task.startswith({"en": "Lesson 2 of 10", "uk": "Урок 2 з 10", "es": "Lección 2 de 10"}[language])
    assert tr.translate(lesson("movement").title) in task and tr.translate(lesson("movement").task) in task
    assert tr.translate(lesson("board").title) not in task


@pytest.mark.parametrize("language", ["en", "uk", "es"])
def test_after_next_lesson_the_board_explains_the_new_lesson(language: str) -> None:
    """Before: the board switched to lesson 2 while the only explanation on screen was lesson 1's."""
    from logger_widget.classroom.tutorial import LessonBoard

    tr = Translator(language)
    board = LessonBoard("movement", language, bot_mode="sync")
    assert board.view["lesson"]["intro"] is None  # the notebook's text above explains this one
    board.play(lesson("movement").solution)
    d = Driver(board)
    assert d.send("next_lesson") == "ok"
    intro = board.view["lesson"]["intro"]
    growth = lesson("growth")
    assert intro["title"].startswith(
        {"en": "Lesson 3 of 10", "uk": "Урок 3 з 10", "es": "Lección 3 de 10"}[language]
    )
    assert tr.translate(growth.title) in intro["title"]
    assert intro["text"] == " ".join(tr.translate(p) for p in growth.explanation)
    assert intro["more"] and (language == "en" or intro["more"] != Translator("en").translate(MORE_BELOW))
    # a restart keeps it: the board still shows lesson 3
    assert d.send("restart") == "ok" and board.view["lesson"]["intro"] == intro


def test_the_repetition_lesson_shows_the_third_repetition() -> None:
    from logger_widget.classroom.tutorial import LessonBoard

    les = lesson("repetition")
    board = LessonBoard(les.key, "en", bot_mode="sync")
    seen = []
    for _ in range(les.plays):
        assert not board.view["lesson"]["solved"], "judged before the position came up three times"
        (only,) = board.position.legal_turns()
        board.play(only)
        seen.append(board.game.repetitions())
    assert seen == [1, 2, 2, 3]
    assert board.game.end_reason == "repetition" and board.view["over"]
    assert board.view["lesson"]["solved"] and board.view["notice"]["kind"] == "success"
    assert "third time" in board.view["notice"]["text"]


@pytest.mark.parametrize("language", ["en", "uk", "es", "es_419"])
def test_a_chop_lesson_turn_that_fells_nothing_says_so_in_words(language: str) -> None:
    """A turn of the chop lesson that fells no tree says it in words («No has derribado ningún árbol»),
    never «Árboles derribados: 0.» (eleventh reader): a zero is said in words."""
    from logger_widget.i18n import Translator

    chop = lesson("chop")
    tr = Translator(language)
    shown = {chop.check(t).text(tr) for t in chop.position.legal_turns() if not chop.check(t).ok}
    assert shown and not any(re.search(r":\s*0\b", s) for s in shown), shown


def test_the_plant_lessons_hint_follows_from_the_pupils_turn() -> None:
    """A wrong turn of the plant lesson is answered from what the engine says about it: a logger that already
    stood next to b2 (where planting on b2 was a legal turn) is not sent next to b2 again; the pupil learns
    that the cell planted on was the slip («a1-a2 *a3»). The cells a hint sends the logger to are the ones
    from which planting on b2 is legal."""
    plant = lesson("plant")
    en = Translator("en")
    spots = {
        t.destination
        for t in plant.position.legal_turns()
        if t.action is not None and t.action.kind == "plant" and t.action.cells == ("b2",)
    }
    wrong = [t for t in plant.position.legal_turns() if not plant.check(t).ok]
    assert wrong and any(t.destination in spots for t in wrong)
    for t in wrong:
        said = plant.check(t).text(en)
        if t.destination in spots:
            assert "stand next to it first" not in said and t.destination in said, (t, said)
            assert t.action is not None and t.action.cells[0] in said, (t, said)
        else:
            named = re.search(r"\(on ([a-e][1-5]) or ([a-e][1-5])\)", said)
            assert named and set(named.groups()) == spots, (t, said)
    assert "a3" in plant.check(plant.mistake).text(en)  # «a1-a2 *a3»: the seedling went to a3, not b2

"""Tutorial lessons: each task accepts its intended solution and explains a wrong turn."""

from __future__ import annotations

import re

import pytest

from logger_widget.classroom.tutorial import LESSONS, lesson
from logger_widget.i18n import Translator
from logger_widget.i18n.texts.rules import SECTIONS

CYRILLIC = re.compile("[А-Яа-яІіЇїЄєҐґ]")


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


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.key)
def test_lesson_board_praises_the_solution_and_takes_back_a_mistake(les) -> None:
    from logger_widget.classroom.tutorial import lesson_board

    board = lesson_board(les.key, "uk", bot_mode="sync")
    assert board.position.to_lpn() == les.lpn
    assert board.view["task"] == Translator("uk").translate(les.task)
    if les.position.is_legal(les.mistake):
        board.play(les.mistake)
        assert board.view["notice"]["kind"] == "error"
        assert "Спробуй ще раз" in board.view["notice"]["text"]
        assert board.game.turns == () and board.position.to_lpn() == les.lpn
        assert not board.game.can_redo, "Redo must not replay the mistake"
        assert board.view["task"] == Translator("uk").translate(les.task), "the task stays"
    board.play(les.solution)
    assert board.view["notice"]["kind"] == "success"
    assert len(board.game.turns) == 1
    board.locale = "es"
    assert board.view["notice"]["text"] == les.check(les.solution).text(Translator("es"))
    assert board.view["task"] == Translator("es").translate(les.task)


@pytest.mark.parametrize("junk", [None, 5, b"a1-b2", ["a1-b2"]])
def test_check_never_raises_for_junk(junk) -> None:
    feedback = lesson("board").check(junk)
    assert not feedback.ok and feedback.detail is None


def test_lesson_board_does_not_judge_another_game() -> None:
    from logger_widget.classroom.tutorial import lesson_board

    board = lesson_board("movement", "uk", bot_mode="sync")
    board.new_game()
    board.play("a1-b1 *b2")  # legal in the standard start, not the lesson's position
    assert len(board.game.turns) == 1
    assert board.view["notice"] is None or board.view["notice"]["kind"] != "error"

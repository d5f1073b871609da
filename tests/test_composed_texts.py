"""Composed texts read as a pupil reads them: no sentence opens as the one before it, none is said twice.

A composed text is built by the program from several messages and real values (a puzzle's verdict,
a review's note, the board's result, an exercise's feedback); ``scripts/text_samples.py``
(``python scripts/i18n.py samples``) renders every kind of them from seeded games and fixed
answers, in every language. Each message may read well alone and the whole still stumble:
«Тоді… Тоді…», "Your chop fells 3 trees. Your rating: …", "Player 2 wins with 10 points! Player 2
reached 10 points…". The checks below read everything the renderer gives.
"""

from __future__ import annotations

import re

import pytest

from logger_widget.i18n import Translator
from logger_widget.i18n.texts.progress import AGAIN
from scripts import text_samples

#: A sentence ends with . ! ? or … (perhaps inside a closing quote) before a space and a capital,
#: a digit or an opening quote, bracket or Spanish ¡ ¿ ("0.5", "e.g. a1" and "a1-b2." inside a
#: sentence do not split).
_SENTENCE_END = re.compile(r"(?<=[.!?…])[»”\"]?\s+(?=[«“\"¡¿(]?[A-ZА-ЯІЇЄҐÁÉÍÓÚÑ0-9])")
_WORD = re.compile(r"[^\W_]+(?:[’'-][^\W_]+)*")
#: Words that say little alone: the opening is the first two words then ("El jugador…", "The best…").
_ARTICLES = frozenset({"el", "la", "los", "las", "lo", "un", "una", "the", "a", "an"})
#: Forms of one word that a shared stem does not find: possessives, demonstratives, a comparative.
_SAME_WORD = {
    **dict.fromkeys(("твій", "твоя", "твоє", "твої", "твого", "твоєї", "твоїм", "твоїх"), "твій"),
    **dict.fromkeys(("цей", "ця", "це", "ці", "цього", "цієї", "цим", "цих", "цю"), "цей"),
    **dict.fromkeys(("tu", "tus"), "tu"),
    **dict.fromkeys(("este", "esta", "esto", "estos", "estas"), "este"),
    **dict.fromkeys(("краще", "кращий", "кращим", "кращого", "кращому", "кращі", "кращих"), "кращий"),
    **dict.fromkeys(("your", "yours"), "your"),
    **dict.fromkeys(("this", "these"), "this"),
}
#: Two first words of at least this many letters that begin alike are one word in two forms
#: («Відповіді… Відповідь…», "Player… Players…").
_STEM = 5


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, in order."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def opening(sentence: str) -> tuple[str, ...]:
    """The words a reader hears first: the first word, or an article and the word after it."""
    words = [_SAME_WORD.get(w, w) for w in _WORD.findall(sentence.lower())]
    return tuple(words[:2]) if words and words[0] in _ARTICLES else tuple(words[:1])


def _alike(first: tuple[str, ...], second: tuple[str, ...]) -> bool:
    if first == second:
        return bool(first)
    if len(first) != len(second) or first[:-1] != second[:-1]:
        return False
    a, b = first[-1], second[-1]
    return len(a) >= _STEM and len(b) >= _STEM and a[:_STEM] == b[:_STEM] and not a.isdigit()


def repetitions(text: str) -> list[str]:
    """What a reader stumbles on in ``text``: consecutive sentences that open alike, a sentence said twice."""
    found = []
    said = sentences(text)
    for before, after in zip(said, said[1:]):
        if _alike(opening(before), opening(after)):
            found.append(f"two sentences open with «{' '.join(opening(after))}»: «{before}» «{after}»")
    for i, sentence in enumerate(said):
        if sentence in said[:i]:
            found.append(f"said twice: «{sentence}»")
        elif _said(sentence) in {_said(s) for s in said[:i]}:
            found.append(f"said again as a step: «{sentence}»")
    return found


#: Words that only join a step to the one before it ("Then plant on b2." says "Plant on b2." again).
_LABEL = re.compile(r"^[^\W\d_]+:\s+")  # "Hint: Plant on b2." says "Plant on b2."
_STEP_LINK = re.compile(r"^(?:then|after that|потім|тоді|далі|luego|después|y luego)[,\s]+", re.IGNORECASE)


def _said(sentence: str) -> str:
    """What a sentence says, without a word that links it as a next step and without its full stop."""
    return _STEP_LINK.sub("", _LABEL.sub("", sentence.casefold())).rstrip(".!…")


# --------------------------------------------------------------------------- the checker itself

PLANTED = [
    "Не найкращий хід. Тоді гравець 2 ходить e5-d4. Тоді гравець 2 рубає й валить 3 дерева.",
    "No es la mejor jugada. Entonces el jugador 2 juega e5-d4. Entonces el jugador 2 corta 3 árboles.",
    "Not the best turn. Then Player 2 plays e5-d4. Then Player 2 chops and fells 3 trees.",
    "Right! Your chop fells 3 trees: +3 points. Your rating: 1,500 → 1,562.",
    "Player 2 wins with 10 points! Player 2 reached 10 points and the round was completed.",
    "Підказка. Посади саджанець на b2. Твій лісоруб іде на b1. Потім посади саджанець на b2.",
    "Pista: Planta en b2. Tu leñador va a b1. Luego planta en b2.",
    "Hint: Plant on b2. Your logger goes to b1. Then plant on b2.",
    "¡Correcto! Tu corte derriba 3 árboles. Tus puntos: 5.",
    "Правильно! Твоя рубка валить 3 дерева. Твій рейтинг: 1 500 → 1 562.",
    "Відповіді ще немає: заміни три крапки. Відповідь — одне число.",
    "El jugador 2 gana. El jugador 1 pierde.",
    "Hint: look at b2. Press “Solution”. Hint: look at b2.",
    "This turn ends the game or decides its last round. This puzzle comes back in 2 days.",
    "Цей хід закінчує гру або вирішує її останній раунд. Ця задача повернеться через 2 дні.",
    "Esta jugada termina la partida o decide su última ronda. Este problema volverá dentro de 2 días.",
    "Not the best turn. After this turn the game is over. After that reply you cannot win any more.",
    "Краще було посадити саджанець на e4. Кращим ходом гравець 2 підготував би собі рубку на 1 дерево.",
]

CLEAN = [
    # the same word inside, or after an article with another noun: no stumble
    "Not the best turn. Then Player 2 plays e5-d4 (shown on the board) and fells 3 trees. Trees felled: yours 0.",
    "El jugador 2 gana con 10 puntos. El desempate no hace falta.",
    "Responde con 0.5 o 1. Después, pulsa Intro.",
    "Тоді гравець 2 ходить. Так на наступний хід готується рубка. Кращим ходом гравець 2 зберігає протестувальника.",
    "The best turn wins the game. The biggest chop left is 0.",
]


@pytest.mark.parametrize("text", PLANTED)
def test_a_planted_repetition_is_found(text: str) -> None:
    assert repetitions(text), text


@pytest.mark.parametrize("text", CLEAN)
def test_a_text_that_varies_its_openings_passes(text: str) -> None:
    assert repetitions(text) == [], repetitions(text)


def test_sentences_split_at_sentence_ends_only() -> None:
    assert sentences("Right: 0.620 points, [0.522, 0.709]. The whole interval is above 0.5.") == [
        "Right: 0.620 points, [0.522, 0.709].",
        "The whole interval is above 0.5.",
    ]
    assert sentences("¡Correcto! ¿Y ahora? «Siguiente» sigue.") == [
        "¡Correcto!",
        "¿Y ahora?",
        "«Siguiente» sigue.",
    ]
    assert len(sentences("Then Player 2 plays e5-d4 xd3 (shown on the board). Trees felled: 1.")) == 2


# --------------------------------------------------------------------------- every rendered text


@pytest.fixture(scope="module")
def rendered() -> dict[str, list[text_samples.Sample]]:
    return {language: text_samples.render(language) for language in text_samples.LANGUAGES}


def test_the_renderer_shows_every_kind_in_every_language(rendered) -> None:
    counts = {language: len(samples) for language, samples in rendered.items()}
    assert len(set(counts.values())) == 1, counts  # the same texts, language by language
    for language, samples in rendered.items():
        assert {s.kind for s in samples} == set(text_samples.KINDS), language
        assert all(s.text.strip() and "{" not in s.text for s in samples), language
    # the composed cases the issue names are among them
    en = rendered["en"]
    wheres = " | ".join(s.where for s in en)
    for case in ("a wrong answer", "right at the first try", "the solution shown", "the first hint",
                 "a shared win", "4 players", "lesson chop: the hint", "own puzzle 1", "nash: right",
                 "a tie on points, won with more protesters: the score chart"):  # fmt: skip
        assert case in wheres, case
    assert any(s.text.startswith("Not the best turn. Then Player") and "fells" in s.text for s in en)


@pytest.mark.parametrize("language", text_samples.LANGUAGES)
def test_no_composed_text_repeats_an_opening_or_a_sentence(rendered, language: str) -> None:
    found = [
        f"[{s.kind}] {s.where}: {problem}" for s in rendered[language] for problem in repetitions(s.text)
    ]
    assert found == [], "\n".join(found)


#: A seat named in a text: "Player 2", «jugador 2», «гравець 2» / «гравця 2».
_SEAT = re.compile(r"\b(?:player|jugador|гравц\w*|гравець)\s+([1-4])\b", re.IGNORECASE)


def seats_named_twice(text: str) -> list[str]:
    """A board result's reason does not name again the very seats its headline named with their points.

    It may name others ("Player 3 wins… because Player 1 and Player 3 reached 10 points" says who else).
    """
    *before, reason = sentences(text) or [""]
    again = {m.group(1) for m in _SEAT.finditer(reason)}
    named = {m.group(1) for m in _SEAT.finditer(" ".join(before))}
    return [f"seats {', '.join(sorted(again))} named again: «{text}»"] if again and again == named else []


@pytest.mark.parametrize(
    "text",
    [
        "¡Gana el jugador 2 con 10 puntos! La partida ha terminado al acabar la ronda en la que el jugador 2 ha llegado"
        " a 10 puntos.",
        "Перемагає гравець 2 з 10 очками! Гра закінчилася, щойно завершився раунд, у якому гравець 2 набрав"
        " щонайменше 10 очок.",
        "Player 1 and Player 2 share the win. The game ended with the round in which Player 1 and Player 2 "
        "reached 10 points.",
    ],
)
def test_a_seat_named_twice_is_found(text: str) -> None:
    assert seats_named_twice(text)


@pytest.mark.parametrize("language", text_samples.LANGUAGES)
def test_no_board_result_names_a_seat_twice(rendered, language: str) -> None:
    found = [
        f"{s.where}: {problem}"
        for s in rendered[language]
        if s.where.endswith("result")
        for problem in seats_named_twice(s.text)
    ]
    assert found == [], "\n".join(found)


def _comes_back(language: str) -> re.Pattern[str]:
    """The sentences that say when a personal puzzle comes back, in ``language`` (any count)."""
    tr = Translator(language)
    forms = {tr.count(message, n) for message in AGAIN.values() for n in (1, 2, 5, 21)}
    # a count in any form: the digits, and whatever space the language writes after them
    return re.compile("|".join(re.sub(r"\d+(?:\\ |\s)", r"\\d+\\s", re.escape(f)) for f in forms))


def comes_back_not_last(language: str, text: str) -> list[str]:
    """A personal puzzle's verdict ends with when the puzzle comes back: nothing after it seems to belong
    to the next try."""
    said = sentences(text)
    pattern = _comes_back(language)
    return [f"«{s}» is not last: «{text}»" for s in said[:-1] if pattern.fullmatch(s)]


@pytest.mark.parametrize(
    ("language", "text"),
    [
        (
            "es",
            "Habría sido mejor quedarse en a2. Volverás a ver este problema dentro de 10 minutos. De tu partida. "
            "Jugada 3 (jugador 1): un error (−0,30).",
        ),
        ("en", "Not the best turn. You will see this puzzle again in 2 days. From your game. Turn 3 …"),
    ],
)
def test_a_comes_back_sentence_before_the_end_is_found(language: str, text: str) -> None:
    assert comes_back_not_last(language, text)


@pytest.mark.parametrize("language", text_samples.LANGUAGES)
def test_a_personal_verdict_ends_with_when_the_puzzle_comes_back(rendered, language: str) -> None:
    found = [f"{s.where}: {p}" for s in rendered[language] for p in comes_back_not_last(language, s.text)]
    assert found == [], "\n".join(found)
    assert any(_comes_back(language).search(s.text) for s in rendered[language])  # the samples show one


#: A zero with its noun, «0 помилок», "0 mistakes": not a zero that is a value ("between 0 and 1"; a zero
#: standing for a count is :func:`zero_values`).
_ZERO_COUNT = re.compile(
    r"(?<![\w.,−-])0[\s\u00a0]+(?!(?:and|or|to|after|y|o|a|tras|до|після|і|й|або|проти)\b)[^\W\d]\w*"
)


def zero_counts(text: str) -> list[str]:
    """A count of nothing said with its noun: a zero gets its own words («без помилок») or is left out."""
    return [f"«{m.group(0)}» in «{text}»" for m in _ZERO_COUNT.finditer(text)]


@pytest.mark.parametrize(
    "text",
    [
        "Лінійний графік шансів на перемогу за 9 ходів: гравець 1: 0 неточностей, 0 помилок і 0 грубих помилок.",
        "jugador 1: 0 imprecisiones, 0 errores y 0 errores graves",
        "Player 1: 1 inaccuracy, 0 mistakes and 2 blunders",
    ],
)
def test_a_zero_count_is_found(text: str) -> None:
    assert zero_counts(text)


@pytest.mark.parametrize("language", text_samples.LANGUAGES)
def test_no_composed_text_counts_nothing_with_its_noun(rendered, language: str) -> None:
    found = [f"{s.where}: {p}" for s in rendered[language] for p in zero_counts(s.text)]
    assert found == [], "\n".join(found)


#: A count of nothing shown as the digit where a count stands, in a list of counts («твоїм ходом — 0;», "with
#: yours, 0;", «0 після найкращого», "tú, 0;") or after "you have" («є 0, а вибрано 1»): the words say it
#: («жодного», "none", «ninguno»; «немає жодного протестувальника»). A zero that is a value ("between 0 and
#: 1", «містить 0:») is left alone.
_ZERO_VALUE = re.compile(
    r"(?:[—,:]\s+0(?=\s*[;.]|\s+(?:після|after|tras)\b)|\b(?:have|tienes|є)\s+0\b)(?![\d\u00a0]|[.,]\d)"
)


def zero_values(text: str) -> list[str]:
    """A count of nothing given as the digit 0 in a list of counts: zero is said in words."""
    return [f"«{m.group(0)}» in «{text}»" for m in _ZERO_VALUE.finditer(text)]


@pytest.mark.parametrize(
    "text",
    [
        "Не найкращий хід. Повалено дерев: твоїм ходом — 0; найкращим ходом — 4.",
        "Trees felled: with yours, 0; with the best turn, 3.",
        "Дерев у найбільшій рубці, що лишається іншим: 3 після твого ходу, 0 після найкращого.",
        "Puntos tras esa respuesta: tú, 0; el mejor de los demás jugadores, 2.",
        "У запасі замало протестувальників: є 0, а хід вибирає 1.",
        "Not enough protesters in your supply: you have 0, you chose 1.",
    ],
)
def test_a_zero_value_is_found(text: str) -> None:
    assert zero_values(text)


@pytest.mark.parametrize(
    "text",
    ["Відповідь — три числа від 0 до 1.", "Інтервал [−0,1; 0,3] містить 0: …", "Trees felled: 10; 0.5"],
)
def test_a_zero_that_is_a_value_is_left_alone(text: str) -> None:
    assert zero_values(text) == []


@pytest.mark.parametrize("language", text_samples.LANGUAGES)
def test_no_composed_text_shows_a_count_of_nothing_as_a_digit(rendered, language: str) -> None:
    found = [f"{s.where}: {p}" for s in rendered[language] for p in zero_values(s.text)]
    assert found == [], "\n".join(found)


def test_the_samples_command_writes_a_page_per_language(tmp_path, rendered) -> None:
    """``python scripts/i18n.py samples`` runs ``python -m scripts.text_samples``: its pages hold every text."""
    assert text_samples.main(["--out", str(tmp_path), "--language", "es_419"]) == 0
    page = (tmp_path / "es_419.md").read_text(encoding="utf-8")
    assert page.startswith("# ") and "\n## " in page and not (tmp_path / "es.md").exists()
    assert all(s.text.split("\n")[0] in page for s in rendered["es_419"])


# --------------------------------------------------------------------------- how values sit in a sentence

#: A number right after "players" reads as a seat («los del mejor de los demás jugadores 2»).
#: («Los jugadores 1 y 2 comparten la victoria» lists the seats: not that).
_SEAT_LIKE_NUMBER = re.compile(r"\b(players|jugadores|гравців)\s+\d+(?!\d|\s*(?:,|y|and|і|o)\s*\d)")
#: A chop of 0 trees named as a chop («Найбільша рубка … зменшується з 4 до 0», «може однією рубкою повалити лише 0»).
_CHOP_OF_NOTHING = re.compile(r"(from \d+ to 0|з \d+ до 0|лише 0, а не \d+|de \d+ a 0)\b")
#: A count of nothing told with its noun («0 trees», «0 дерев», «de 0 árboles», «0 points»): zero has a
#: sentence of its own («could not fell a single tree», «no ha sumado ningún punto»).
_ZERO_WITH_NOUN = re.compile(
    r"(?<![\d.,\u00a0])0\s+(trees?|points?|дерев\w*|очок|очк\w*|árbol(?:es)?|puntos?)\b"
)
#: A count compared with nothing («a chop of 2 trees, not 0», «no de 0», «con la jugada realizada, solo 0»,
#: «а не на 0», «а після зіграного — 0»): when the turn played has none, the sentence says so in words
#: («the turn played, none», «no tendría ninguno», «жодної»), a message of its own.
_COMPARED_WITH_NOTHING = re.compile(
    r"\b(?:not|instead of|but|no|no de|en lugar de|solo|realizada,|не|не на|замість|зіграного\s+—)"
    r"\s+0(?![\d\u00a0]|[.,]\d)"
)
#: A bot's name outside a code span.
_BARE_BOT = re.compile(r"(?<![`\w])(random|greedy|my_bot|nobody|minimax|mcts)(?![`\w:])")


def _mid_sentence_labels(tr, text: str) -> list[str]:
    """A seat's capitalised label («Гравець 2», «Jugador 2») inside a sentence, where the sentence form
    («гравець 2», «jugador 2») belongs: the label only opens a text, a line or a sentence."""
    from logger_widget.i18n.texts import terms

    label, inside = tr.format(terms.PLAYER, seat=9), tr.format(terms.PLAYER_IN_SENTENCE, seat=9)
    if label == inside:  # English: "Player 2" everywhere
        return []
    stem = re.escape(label[:-1])
    found = []
    for m in re.finditer(rf"{stem}\d", text):
        before = text[: m.start()]
        if not before.strip() or re.search(r"(?:[.!?…][»”\"]?|·|\n)\s*$", before):
            continue
        found.append(f"a seat's label inside a sentence: «{before[-30:]}{m.group(0)}»")
    return found


def misplaced_values(language: str, text: str, where: str = "") -> list[str]:
    """Values that read wrongly where they sit: a number beside "players", a chop of 0 trees, a bare
    bot name in the ranking's feedback, an action's name outside quotes (uk, es), a forced step of the
    board told after the prompt of the step that follows it."""
    from logger_widget.i18n import Translator
    from logger_widget.i18n.runtime import PPluralMessage
    from logger_widget.i18n.texts import terms
    from logger_widget.i18n.texts.board import FORCED

    tr = Translator(language)
    found = [f"a number beside “players”: «{m.group(0)}»" for m in _SEAT_LIKE_NUMBER.finditer(text)]
    found += [f"a chop of 0 trees: «{m.group(0)}»" for m in _CHOP_OF_NOTHING.finditer(text)]
    found += [f"a count of nothing with its noun: «{m.group(0)}»" for m in _ZERO_WITH_NOUN.finditer(text)]
    found += [f"a count compared with nothing: «{m.group(0)}»" for m in _COMPARED_WITH_NOTHING.finditer(text)]
    found += _mid_sentence_labels(tr, text)
    if where.startswith("ranking") and not where.endswith("unreadable"):  # its answer format is code
        found += [f"a bare bot name: «{m.group(0)}»" for m in _BARE_BOT.finditer(text)]
    if language != "en":  # English names the actions with their verbs ("Plant on b2.")
        names = "|".join(re.escape(tr.translate(terms.ACTIONS[k])) for k in ("plant", "protest", "chop"))
        # a lesson's title after "·" is a heading, not a sentence
        for m in re.finditer(rf"(?<![«“\"\w])(?<!· )(?<!^)({names})(?![»”\"\w])", text, re.MULTILINE):
            if text[: m.start()].rstrip()[-1:] not in ".!?":
                found.append(f"an action's name without quotes: «{m.group(0)}»")
    prompt = re.search(rf"(^|\s){re.escape(tr.format(terms.PLAYER, seat=1)[:-1])}\d: ", text)
    board_prompt = re.search(rf"(?:^|[.!?»]\s+){re.escape(tr.format(terms.PLAYER, seat=1)[:-1])}\d: ", text)
    if board_prompt is not None and prompt is not None:  # the steps told before the prompt name the seat
        before = re.search(
            r"(?<!\w)(?:твій|твоя|твоє|твої|tu|tus|your)(?!\w)", text[: prompt.start()], re.IGNORECASE
        )
        if before:
            found.append(f"«{before.group(0)}» before the seat is named: «{text[: prompt.end()]}»")
    for key, message in FORCED.items():
        if prompt is None or key == "stay_click":  # that one is the prompt itself
            continue
        values = {"cell": "c3", "cells": "c3", "action": "«»", "player": tr.format(terms.PLAYER_OF, seat=1)}
        said = (
            tr.count(message, 1, **values)
            if isinstance(message, PPluralMessage)
            else tr.format(message, **values)
        )
        start = " ".join(said.split()[:3])
        if start in text[prompt.end() :]:
            found.append(f"a forced step told after the prompt: «{start}…»")
    return found


MISPLACED = [
    ("es", "Puntos tras esa respuesta: los tuyos 0, los del mejor de los demás jugadores 2.", ""),
    ("uk", "Тепер гравець 1 може однією рубкою повалити лише 0, а не 4.", ""),
    ("es", "random no es el primero según Bradley–Terry.", "ranking: a wrong bot"),
    ("es", "No hay ningún bot nobody en la tabla. Los bots: `greedy`, `random`.", "ranking: an unknown bot"),
    ("es", "Ahora solo es posible una acción: Cortar. Jugador 1: corta un árbol maduro.", ""),
    ("es", "Jugador 1: elige tu acción: Plantar o Cortar.", ""),
    ("es", "Jugador 1: corta un árbol. El leñador del jugador 1 está encerrado, así que se queda en c2.", ""),
    ("uk", "Гравець 1: фаза «Ріст»! Вибери клітинку. Лісоруб гравця 1 замкнений і лишається на b2.", ""),
    (
        "en",
        "Turn 7, Player 1: a mistake. After it, the biggest chop Player 2 could make would be 0 trees, not 2.",
        "",
    ),
    ("uk", "Після кращого ходу найбільша рубка, яку зміг би зробити гравець 1, — 0 дерев, а не 1.", ""),
    ("es", "Después, el mayor corte que podría hacer el jugador 2 sería de 0 árboles, no de 2.", ""),
    ("es", "Cortar d4 habría derribado 1 árbol: +1 punto. La jugada realizada ha sumado 0 puntos.", ""),
    ("uk", "Твій лісоруб замкнений і лишається на c2. Гравець 1: зрубай позначене доросле дерево.", ""),
    ("es", "Tu leñador está encerrado, así que se queda en c2. Jugador 1: corta un árbol maduro.", ""),
    ("uk", "Рівність очок (10 очок); протестувальників у запасі: Гравець 1: 2 і Гравець 2: 1", ""),
    ("es", "Empate a 10 puntos; manifestantes en la reserva: Jugador 1: 2 y Jugador 2: 1", ""),
    # the round-6 readers' count compared with nothing, as the old texts wrote it
    (
        "es",
        "…le dejaría al jugador 1 un corte de 1 árbol listo para su próxima jugada, no de 0.",
        "",
    ),
    ("es", "Con esa otra jugada, el jugador 1 conservaría 3 manifestantes, no 0: los manifestantes…", ""),
    ("es", "…el jugador 2 sumaría 2 puntos en ellas; con la jugada realizada, solo 0.", ""),
    ("uk", "Кращим ходом гравець 1 підготував би собі на наступний хід рубку на 1 дерево, а не на 0.", ""),
    ("uk", "…після кращого ходу гравець 2 набрав би за ці раунди 2 очки, а після зіграного — 0.", ""),
    ("en", "That turn gets a chop of 2 trees ready for Player 1's next turn, not 0.", ""),
    ("en", "…Player 2 scores 2 points in them after it, but 0 after the turn played.", ""),
]


@pytest.mark.parametrize(("language", "text", "where"), MISPLACED)
def test_a_misplaced_value_is_found(language: str, text: str, where: str) -> None:
    assert misplaced_values(language, text, where), text


def test_well_placed_values_pass() -> None:
    assert (
        misplaced_values("es", "Puntos tras esa respuesta: tú, 0; el mejor de los demás jugadores, 2.") == []
    )
    assert misplaced_values("es", "Lección 7 de 10 · Cortar y el efecto dominó.") == []
    assert misplaced_values("es", "`random` no es el primero.", "ranking: a wrong bot") == []
    text = (
        "El leñador del jugador 1 está encerrado, así que se queda en c2. "
        "Ahora solo es posible una acción: «Cortar». Jugador 1: corta junto a tu leñador."
    )
    assert misplaced_values("es", text) == []
    assert misplaced_values("en", "Hint: Chop first, so that another player's big chop is gone.") == []
    assert (
        misplaced_values("uk", "Лісоруб гравця 1 замкнений і лишається на c2. Гравець 1: зрубай дерево.")
        == []
    )
    assert misplaced_values("uk", "Рівність очок (10 очок); у запасі: у гравця 1 — 2; у гравця 2 — 1") == []
    assert (
        misplaced_values("es", "Jugador 1: elige.\nJugador 2 · Lección 3. Jugador 3: corta 10 árboles.") == []
    )
    assert misplaced_values("es", "Gana con 10 puntos; 1 000 árboles; 0,5 puntos por partida.") == []
    assert misplaced_values("es", "Los jugadores 1 y 2 comparten la victoria.") == []
    assert misplaced_values("es", "…un corte de 1 árbol, no de 0,5; la jugada realizada, no 10.") == []
    assert misplaced_values("en", "Three numbers between 0 and 1, not 0\u00a0%, but 0.5 or 1.") == []
    assert (
        misplaced_values("en", "Right! Your chop fells 3 trees. From your game. Turn 3, Player 2: a mistake.")
        == []
    )


@pytest.mark.parametrize("language", text_samples.LANGUAGES)
def test_no_composed_text_misplaces_a_value(rendered, language: str) -> None:
    found = [
        f"[{s.kind}] {s.where}: {problem}"
        for s in rendered[language]
        for problem in misplaced_values(language, s.text, s.where)
    ]
    assert found == [], "\n".join(found)


# --------------------------------------------------------------------------- colons, and the solution's label

#: A colon after a label: not a time's («11:05», «1:0»).
_COLON = re.compile(r":(?!\d)")
#: What a sentence quotes rather than says: a code span, and a Python exception's name before its own
#: message ("ValueError: my bot is not finished", the text a bot's error carries in ``{error}``).
_QUOTED = re.compile(r"`[^`]*`|\b[A-Z]\w*(?:Error|Exception|Warning|Exit|Interrupt):")


def nested_colons(text: str) -> list[str]:
    """A sentence that holds two colons: a list after a label's colon whose items carry labels of their
    own («…en la reserva: jugador 1: 2 y jugador 2: 1»). The items say it without a colon («2 del jugador
    1 y 1 del jugador 2», «у гравця 1 — 10 очок», "chop c2 and score 4 points")."""
    found = []
    for line in text.split("\n"):
        for sentence in sentences(line):
            if len(_COLON.findall(_QUOTED.sub("", sentence))) > 1:
                found.append(f"two colons in one sentence: «{sentence}»")
    return found


NESTED = [
    "Empate a 10 puntos; manifestantes en la reserva: jugador 1: 2 y jugador 2: 1",
    "Рівність очок (10 очок); протестувальників у запасі: гравець 1: 2 і гравець 2: 2",
    "Лінійний графік очок кожного гравця за 2 ходи: гравець 1: 10 очок, гравець 2: 3 очки і гравець 3: 11 очок.",
    "…en 12 jugadas analizadas: jugador 1: ninguna imprecisión ni error; jugador 2: 1 imprecisión.",
    "Pista: d1-c1 +b5 xc2 (ir desde d1 hasta c1; cortar c2: 4 puntos). Viste la solución.",
    "Hint: The game is about to end: the most points wins.",
]


@pytest.mark.parametrize("text", NESTED)
def test_a_sentence_with_two_colons_is_found(text: str) -> None:
    assert nested_colons(text), text


def test_one_colon_a_sentence_passes() -> None:
    for text in (
        "Empate a 10 puntos; manifestantes en la reserva: el jugador 1 tiene 2 y el jugador 2 tiene 1",
        "Гравець 1: 10 очок\nГравець 2: 3 очки",  # legend lines, one label each
        "Solution: d1-c1 xc2 (move d1 → c1; chop c2 and score 4 points). Since you saw it: your rating…",
        "Player 2's bot failed: ValueError: my bot is not finished",  # the exception's own text
        "Оновлено: 11:05. Відповідь: `x: int`.",
    ):
        assert nested_colons(text) == [], text


@pytest.mark.parametrize("language", text_samples.LANGUAGES)
def test_no_composed_sentence_holds_two_colons(rendered, language: str) -> None:
    found = [
        f"[{s.kind}] {s.where}: {problem}" for s in rendered[language] for problem in nested_colons(s.text)
    ]
    assert found == [], "\n".join(found)


#: A Python value named as a label in a code comment ("True: short simulations; False: many more games").
_VALUE_LABEL = re.compile(r"\b(?:True|False|None):")


def catalogue_colons(language: str) -> list[str]:
    """:func:`nested_colons` over every message of a catalogue, not only the composed samples: a note
    rendered only when a table is undecided (``exercise:nash:unsure``) or a teacher's solution
    (``exercise:best_turn:solution``) is never among the samples, and a placeholder's value is not known,
    so it counts as a word (a list's own colons are :func:`nested_colons`' business on the samples)."""
    from catalogkit import read_entries

    found = []
    for entry in read_entries(language):
        for form in entry.forms or (entry.msgid,):
            prose = _VALUE_LABEL.sub("", re.sub(r"\{[^{}]*\}", "X", form or entry.msgid)).replace("*", "")
            found += [f"[{entry.context}] {p}" for p in nested_colons(prose)]
    return found


def test_a_catalogue_sentence_with_two_colons_is_found() -> None:
    # the eleventh readers: the Nash note and the teacher's solution, never rendered among the samples
    for planted in (
        "Pero la tabla es una estimación: con X por pareja no se pueden distinguir estos bots, porque cada"
        " intervalo contiene X: X.",
        "El jugador 2 sale y corta tres árboles en la columna d o e: también X, y el jugador 2 gana el"
        " desempate: tiene X; el jugador 1, X.",
    ):
        assert nested_colons(_VALUE_LABEL.sub("", planted)), planted
    assert nested_colons(_VALUE_LABEL.sub("", "True: short simulations; False: many more games")) == []


@pytest.mark.parametrize("language", ["en", "uk", "es", "es_419"])
def test_no_catalogue_sentence_holds_two_colons(language: str) -> None:
    found = catalogue_colons(language)
    assert found == [], "\n".join(found)


# --------------------------------------------------------------------------- a count beside a seat number

#: A bare count right after a seat's number and a list's "and" or comma, before its owner («2 del jugador 1
#: y 1 del jugador 2»: «jugador 1 y 1»): the reader takes the two numbers for two seats. So too a seat, a
#: comma and the next count with its noun («el jugador 2, 1 imprecisión; el jugador 3, 2 imprecisiones»,
#: the evaluation chart's description): «jugador 2, 1» reads as two seats; the count goes before its owner
#: («1 imprecisión del jugador 2»). (Spanish only: uk «як і в гравця 1, 10 очок» compares two owners.)
_COUNT_BESIDE_SEAT = re.compile(
    r"\b(?:jugador|jugadora|гравця|гравцю|гравець|Player)\s+\d+\s*(?:,|\by\b|\bі\b|\bй\b|\band\b)\s*\d+\s+"
    r"(?:del|de|у|в|for)\b"
    r"|\b(?:jugador|jugadora)\s+\d+\s*,\s*\d+\s+[^\W\d_]+",
    re.IGNORECASE,
)


def counts_beside_seats(text: str) -> list[str]:
    return [f"a count beside a seat number: «{m.group(0)}»" for m in _COUNT_BESIDE_SEAT.finditer(text)]


@pytest.mark.parametrize(
    "text",
    [
        "Empate con 10 puntos; manifestantes en la reserva: 2 del jugador 1 y 2 del jugador 2",
        "Рівність очок (10 очок); протестувальників у запасі: 1 у гравця 1 і 3 у гравця 2",
        "Tied on 10 points; protesters in supply: 1 for Player 1 and 3 for Player 2",
        # the evaluation chart's description as «el {player}, {marks}» composed it
        "…en 12 jugadas analizadas: el jugador 1, sin imprecisiones ni errores; el jugador 2, 1 imprecisión;"
        " el jugador 3, 2 imprecisiones, 1 error y 1 error grave.",
    ],
)
def test_a_count_beside_a_seat_number_is_found(text: str) -> None:
    assert counts_beside_seats(text), text


def test_a_count_with_its_noun_or_after_its_owner_passes() -> None:
    for text in (
        "Empate con 10 puntos; manifestantes en la reserva: el jugador 1 tiene 2 y el jugador 2 tiene 1",
        "за 2 ходи: у гравця 1 — 10 очок; у гравця 2 — 3 очки",
        "Tied on 10 points; protesters in supply: Player 1 has 1; Player 2 has 3",
        "…en 12 jugadas analizadas: ninguna imprecisión, ningún error ni ningún error grave del jugador 1;"
        " 1 imprecisión del jugador 2; 2 imprecisiones, 1 error y 1 error grave del jugador 3.",
    ):
        assert counts_beside_seats(text) == [], text


@pytest.mark.parametrize("language", text_samples.LANGUAGES)
def test_no_composed_count_stands_beside_a_seat_number(rendered, language: str) -> None:
    found = [f"[{s.kind}] {s.where}: {p}" for s in rendered[language] for p in counts_beside_seats(s.text)]
    assert found == [], "\n".join(found)


# --------------------------------------------------------------------------- Python names shown to a pupil

#: A Python class called in prose, outside a code span ("solve it with MistakesBoard()"): the notebooks
#: never show it; a text names the notebook and its section («Puzzles from your own games»).
_CLASS_CALL = re.compile(r"\b[A-Z][a-z]+[A-Z]\w*\(")


def class_calls(text: str) -> list[str]:
    return [
        f"a Python class named in prose: «{m.group(0)})»"
        for m in _CLASS_CALL.finditer(re.sub(r"`[^`]*`", "", text))
    ]


def test_a_class_call_in_prose_is_found() -> None:
    assert class_calls("Задачами стали 2 твої ходи. Розв’язуй їх у MistakesBoard().")
    assert class_calls("Solve them with `MistakesBoard()` in a cell.") == []


@pytest.mark.parametrize("language", ["en", "uk", "es", "es_419"])
def test_no_message_names_a_python_class_in_prose(language: str) -> None:
    from catalogkit import read_entries

    found = [
        f"[{e.context}] {p}"
        for e in read_entries(language)
        for form in (*e.forms, e.msgid)
        for p in class_calls(form)
    ]
    assert found == [], "\n".join(found)


# --------------------------------------------------------------------------- the Nash note's list of pairs


@pytest.mark.parametrize("language", ["en", "uk", "es", "es_419"])
def test_a_pair_of_bots_in_the_nash_list_holds_no_colon_nor_and(language: str) -> None:
    """The Nash notes list undecided pairs with the language's «and»: an item with its own «and» or colon
    runs the pairs together («greedy і random: [0,40; 0,75] і greedy і mcts:easy: …», eleventh reader)."""
    from logger_widget.classroom.exercises.nash import _NE_APART

    tr = Translator(language)
    item = tr.format(_NE_APART, a="A", b="B", interval="[0.4, 0.7]")
    both = tr.format_list(["P", "Q"])
    conjunction = both[1:-1].strip(" ,")
    assert ":" not in item.replace("[0.4, 0.7]", "") and f" {conjunction} " not in f" {item} ", item


def solution_as_hint(language: str, text: str) -> list[str]:
    """The solution shown after the pupil pressed "Solution" is labelled so («Solución: …»), not as the
    board's hint («Pista: …») that the first press gave."""
    from logger_widget.i18n.texts.board import NOTICES
    from logger_widget.i18n.texts.puzzles import HINT

    tr = Translator(language)
    hint = tr.format(NOTICES["hint"], turn="").strip()
    solution = tr.format(HINT["solution"], turn="").strip()
    if text.startswith(hint) or not text.startswith(solution):
        return [f"the solution not labelled «{solution}»: «{text[:60]}…»"]
    return []


@pytest.mark.parametrize(
    ("language", "text"),
    [
        (
            "es",
            "Pista: d1-c1 xc2 (ir desde d1 hasta c1; cortar c2 y sumar 4 puntos). Viste la solución, así que…",
        ),
        ("uk", "Підказка: d1-c1 xc2 (перейти d1 → c1; зрубати c2 і набрати 4 очки). Розв’язок показано…"),
        ("en", "Hint: d1-c1 xc2 (move d1 → c1; chop c2 and score 4 points)"),
    ],
)
def test_a_solution_labelled_as_a_hint_is_found(language: str, text: str) -> None:
    assert solution_as_hint(language, text)


def test_a_solution_labelled_so_passes() -> None:
    assert (
        solution_as_hint("es", "Solución: d1-c1 xc2 (ir desde d1 hasta c1; cortar c2 y sumar 4 puntos)") == []
    )
    assert solution_as_hint("uk", "Розв’язок: d1-c1 xc2 (перейти d1 → c1; зрубати c2 і набрати 4 очки)") == []


@pytest.mark.parametrize("language", text_samples.LANGUAGES)
def test_the_shown_solution_is_not_labelled_as_a_hint(rendered, language: str) -> None:
    shown = [s for s in rendered[language] if s.where.endswith("the solution shown")]
    assert shown  # every puzzle of the samples shows its solution
    found = [f"{s.where}: {p}" for s in shown for p in solution_as_hint(language, s.text)]
    assert found == [], "\n".join(found)

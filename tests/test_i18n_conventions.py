"""The writing conventions of docs/i18n.md as checks over the catalogues.

Each rule is a function of one translated form that says what is wrong with it;
:func:`convention_problems` runs every rule of a language over a catalogue and
names the message (context and English text) and the rule it breaks. The real
catalogues must have no problem; each rule is also shown to catch a planted
violation, so a rule that silently stops matching fails here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from catalogkit import (
    WORD,
    Entry,
    outside_code,
    read_entries,
    rule_problems,
    uk_plural_imperative,
)

from logger_widget.i18n import MINUS_SIGN, Translator
from logger_widget.i18n.texts import terms

ROOT = Path(__file__).resolve().parents[1]
NBSP = "\u00a0"


# --------------------------------------------------------------------------- the rules
# A rule: (name, what it asks for, check(entry, form) -> offending excerpt or None).

Rule = tuple[str, str, Callable[[Entry, str], str | None]]


def _search(pattern: str, flags: int = re.IGNORECASE, unless: str | None = None):
    compiled = re.compile(pattern, flags)
    allowed = re.compile(unless, flags) if unless else None

    def check(entry: Entry, form: str) -> str | None:
        text = outside_code(form)
        for m in compiled.finditer(text):
            around = text[max(0, m.start() - 30) : m.end() + 30]
            if allowed is None or not allowed.search(around):
                return m.group(0)
        return None

    return check


#: The marker of a message whose ``{player}`` is :data:`terms.PLAYER_IN_SENTENCE`.
IN_SENTENCE = "{player} inside a sentence"
#: Contexts whose every message has ``{player}`` inside a sentence (said in the comment of the first one).
IN_SENTENCE_CONTEXTS = {"puzzle:task"}


_PAST_AFTER_TI = re.compile(
    rf"(?<!{WORD})ти(?:\s+{WORD}+)?\s+{WORD}+(?:в|вся|ла|лася|лась|г|гся)(?!{WORD})", re.IGNORECASE
)
# an imperative (not an infinitive in -ти) next to a gendered word for the pupil: «знайди сам», «Рубай першим»
_GENDERED_NEXT_TO_IMPERATIVE = re.compile(
    rf"(?<!{WORD}){WORD}+(?<!т)[иій]\s+(?:сам|сама|першим|першою|готовий|готова)(?!{WORD})"
    rf"|(?<!{WORD})(?:сам|сама|першим|першою)\s+{WORD}+(?<!т)[иій](?!{WORD})",
    re.IGNORECASE,
)


def _uk_gendered_address(entry: Entry, form: str) -> str | None:
    text = outside_code(form)
    m = _PAST_AFTER_TI.search(text) or _GENDERED_NEXT_TO_IMPERATIVE.search(text)
    return m.group(0) if m else None


def _player_form(language: str) -> Callable[[Entry, str], str | None]:
    # «Jugada 7 (jugador 2)»: a seat in brackets after a game-wide turn number takes no article
    article = {"es": r"(?:el|El|del|al|como) \{player\}|\(\{player\}\)", "uk": None}[language]

    def check(entry: Entry, form: str) -> str | None:
        if "{player}" not in form:
            return None
        if IN_SENTENCE in entry.comments or entry.context in IN_SENTENCE_CONTEXTS:
            if form.startswith("{player}"):
                return "a sentence begins with the lower-case {player}"
            if article and len(re.findall(article, form)) != form.count("{player}"):
                return "{player} without «el/del/al»"
        elif article and re.search(r"\b(?:el|del|al) \{player\}", form, re.IGNORECASE):
            return "«el {player}» with the capitalised label («el Jugador 2»)"
        return None

    return check


def _seat_case(entry: Entry, form: str) -> str | None:
    """A capitalised seat («Jugador 2», «Гравець 2») only starts a sentence or a label."""
    text = outside_code(form)
    for m in re.finditer(r"\b(?:Гравц\w*|Гравець|Jugador(?:es)?)\s+(?:\d|\{seat\})", text):
        before = text[: m.start()].rstrip()
        if before and before[-1] not in ".!?:*—(«|;":
            return text[max(0, m.start() - 20) : m.end()]
    return None


_TURN_PLAYED = (
    r"\b(?:mejor|buen|otro|ningún|algún|único|primer)\s+turnos?\b"
    r"|\bturnos?\s+(?:jugados?|mejores?|analizados?|permitidos?|posibles?|tranquilos?|equivocados?|anterior|siguiente)\b"
    r"|\bnotación de turnos\b"
    r"|\b(?:juega|jugar|haz|hacer|escribe|escribir|devuelve|devolver|elige|elegir)\s+(?:un|el|ese|este|tu|su)\s+turno\b(?!\s+más)"
    r"|^Turno \{ply\}"
)
_ES_NOT_PRETERITE_2SG = r"(?:tr|ex|cons|ins|res|as|pers|subs|des|ch|alp|desp|emb)iste"  # nouns, present tense
_ES_JUST_HAPPENED = (
    "puzzle:verdict",
    "puzzle:hint",
    "puzzle:why",
    "board:notice",
    "review:board",
    "tutorial:",
)

#: A decimal number, or an interval's brackets and separators, written into a text: the number formatter
#: writes them for the reader's region (en and es-MX «0.5», «[0.41, 0.59]»; es, es-AR and uk «0,5»,
#: «[0,41; 0,59]»), so a text takes a placeholder, ``{half}`` or ``{interval}``. `code` keeps its point.
_DECIMAL_LITERAL = re.compile(
    r"(?<![\w.,])\d+[.,]\d+(?!\d)|\[(?:\{\w*\}|\d[\d.,]*)\s*[;,]\s*(?:\{\w*\}|\d[\d.,]*)\]"
)


def _decimal_literal(entry: Entry, form: str) -> str | None:
    m = _DECIMAL_LITERAL.search(outside_code(form))
    return m.group(0) if m else None


def _this_cell_in(pattern: str) -> Callable[[Entry, str], str | None]:
    """A notebook's Markdown cell sends the reader to "the cell below": "this cell" (``pattern`` in a
    language) is the text cell itself.

    A code cell's comment and what a code cell prints (their translator comments say so) mean their own cell.
    """

    def check(entry: Entry, form: str) -> str | None:
        if not f"{entry.context}".startswith("notebook:") or re.search(r"code cell|printed", entry.comments):
            return None
        m = re.search(pattern, outside_code(form), re.I)
        return m.group(0) if m else None

    return check


_this_cell = _this_cell_in(r"\bthis cell\b")


#: A grow verb: the English source's, the Spanish and the Ukrainian.
_GROWS = re.compile(
    r"\b(?:keeps\s+growing|grows?|growing)\b|\bsigue\s+creciendo\b|\bcrec(?:e|en|iendo)\b"
    r"|(?<![\w’])(?:росте|ростуть|рости|виросте)(?![\w’])",
    re.IGNORECASE,
)


def _protested_tree_grows(entry: Entry, form: str) -> str | None:
    """Only a mature tree takes a protester, and a mature tree no longer grows (`rules:growth:2`): in the Growth
    phase it spreads its seeds (docs/rules.md, Growth: "each mature tree (protested or not) … spawns")."""
    if not f"{entry.context}".startswith(("rules:protest", "tutorial:protest")):
        return None
    m = _GROWS.search(outside_code(form))
    return m.group(0) if m else None


RULES: dict[str, list[Rule]] = {
    "en": [
        ("en.cell_below", "a Markdown cell says “Run the cell below”, not “Run this cell”", _this_cell),
        (
            "en.count_agreement",
            "a count in a message that is not a plural one is a label's value (“Different games: only"
            " {distinct}.”), never the subject of a verb that agrees with it (“Only 1 of the games were”)",
            lambda e, f: (
                None
                if len(e.forms) > 1
                else _search(
                    r"\{(?:n|distinct|games|\w+_games|shared|wins|losses|draws|count)\}\s+"
                    r"(?:of\s+(?:the|these)\s+\w+\s+)?(?:were|are|have|was|is|has)\b",
                    flags=0,
                )(e, f)
            ),
        ),
    ],
    "uk": [
        (
            "uk.cell_below",
            "a Markdown cell says «клітинку нижче», not «цю клітинку»",
            _this_cell_in(r"\bц(?:ю|ій|я) клітин\w*"),
        ),
        ("uk.board", "the board is «поле», never «дошка»", _search(r"дош[кц]", unless=r"шахов\w*\s+дош[кц]")),
        (
            "uk.calque",
            "«зараховується»/«вважається», not the calque «рахується»",
            _search(r"\bраху(?:єть|ють)ся\b"),
        ),
        ("uk.search_bot", "a bot that searches, not «бот-пошуковик» (a web crawler)", _search(r"пошуковик")),
        (
            "uk.end_game",
            "the end game «почався»/«починається», as in the tutorial (not «запущено», «запускає»)",
            _search(r"\bзапу(?:щено|ска\w*|сти\w*|стя\w*)\s+кін(?:ець|ця)\b"),
        ),
        ("uk.register", "the pupil is *ти*: no -іть/-йте imperatives", uk_plural_imperative),
        ("uk.gender", "no gendered past or «сам/першим» addressed to the pupil", _uk_gendered_address),
        ("uk.player", "{player} inside a sentence never starts it", _player_form("uk")),
        ("uk.seat_case", "«гравець 2» in lower case inside a sentence", _seat_case),
    ],
    "es": [
        ("es.rating", "a rating is «valoración», never «puntuación»", _search(r"\bpuntuaci[oó]n")),
        (
            "es.tense_2sg",
            "what the pupil just did takes the pretérito perfecto («has visto»), not the indefinido",
            lambda e, f: (
                None
                if f"{e.context}".startswith("rules:")
                else _search(rf"\b(?!{_ES_NOT_PRETERITE_2SG}\b)\w+(?:aste|iste|asteis|isteis)\b")(e, f)
            ),
        ),
        (
            "es.tense_feedback",
            "feedback on what just happened takes the pretérito perfecto («ha contado»)",
            lambda e, f: (
                _search(r"\b(?:fue|fueron|contó|intentó|intentaron|usó|vio|jugó|eligió|hizo|pudo)\b")(e, f)
                if f"{e.context}".startswith(_ES_JUST_HAPPENED)
                else None
            ),
        ),
        ("es.jugada", "what is played is «jugada»; «turno» only for whose turn it is", _search(_TURN_PLAYED)),
        ("es.player", "{player} inside a sentence takes «el/del»: «el jugador 2»", _player_form("es")),
        ("es.seat_case", "«el jugador 2» in lower case inside a sentence", _seat_case),
    ],
    "all": [
        ("nbsp.times", "no-break spaces around × («5 × 5»)", _search(r"\S ×|× \S", flags=0)),
        (
            "nbsp.plusminus",
            "no-break space after ± and before it («{rating} ± {deviation}»)",
            _search(r"± | ±", flags=0),
        ),
        ("nbsp.percent", "no-break space before %", _search(r"[\d}] %", flags=0)),
        (
            "nbsp.arrow",
            "no-break spaces around → («a1\u00a0→\u00a0c1», «1500\u00a0→\u00a01520»): a turn or a change never breaks",
            _search(r"\S →|→ \S", flags=0),
        ),
        (
            "nbsp.unit",
            "no-break space between a number and a unit's symbol («{seconds}\u00a0s», «2\u00a0с»)",
            _search(r"[\d}] (?:s|с|ms|мс|min|хв)\b", flags=0),
        ),
        (
            "minus",
            f"a negative number takes the minus sign {MINUS_SIGN} (U+2212), not a hyphen",
            _search(r"(?<![\w\-])-\d", flags=0),
        ),
        (
            "decimal_literal",
            "no decimal number or interval written into a text: a placeholder ({half}, {interval}) the number"
            " formatter fills for the reader's region; `code` keeps its point",
            _decimal_literal,
        ),
        (
            "rules.chop_starts_the_end",
            "a chop that reaches 10 points starts the end of the game (the round is still finished,"
            " docs/rules.md): it never ends the game at once",
            _search(
                r"end the game with a chop|одразу закінчи\w*\s+гру|закінчити гру, поваливши"
                r"|terminar la partida con un corte"
            ),
        ),
        (
            "rules.round_completed_because",
            "a game whose end the last seat triggered ends at once: the result's reason says the game ended with"
            " the round in which someone reached 10 points, never that the round was completed because of it",
            _search(
                r"round was played to its end because|Раунд дограно до кінця, бо|"
                r"se ha completado la ronda porque|se completó la ronda porque"
            ),
        ),
        (
            "rules.supply_of_the_mover",
            "a refused turn's supply is the mover's, a bot's too («Player 2's bot chose a turn that is not"
            " allowed.» comes before it): «the supply», never «your supply»",
            lambda e, f: (
                _search(r"your supply|tu reserva|тво\w* запас\w*|no tienes")(e, f)
                if e.msgid.startswith(("Not enough protesters in", "There is no protester in"))
                else None
            ),
        ),
        (
            "unit_after_a_count",
            "a count in a message that is not a plural one takes the unit's symbol («{seconds} s»), never a"
            " plural noun that reads «1 seconds»",
            lambda e, f: (
                None
                if len(e.forms) > 1
                else _search(
                    r"\{\w+\}\s+(?:seconds|minutes|hours|segundos|minutos|horas|секунд\w*|хвилин\w*|годин\w*)\b"
                )(e, f)
            ),
        ),
        (
            "rules.protested_tree_grows",
            "a protested tree is mature and grows no more: in the Growth phase it spreads its seeds",
            _protested_tree_grows,
        ),
    ],
}


def rules_for(language: str) -> list[Rule]:
    return RULES.get(language, []) + RULES["all"]


def convention_problems(language: str, entries: Iterable[Entry]) -> list[str]:
    """Every broken convention: ``"[context] 'English text…': rule (what it asks) — «excerpt»"``."""
    return rule_problems(entries, rules_for(language))


# --------------------------------------------------------------------------- the catalogues


@pytest.mark.parametrize("language", ["uk", "es", "es_419", "en"])
def test_catalogues_follow_the_conventions(language):
    problems = convention_problems(language, read_entries(language))
    assert not problems, "\n".join(problems)


#: One planted violation per rule: (rule, language, context, English, translation, comments).
PLANTED = [
    (
        "rules.protested_tree_grows",
        "en",
        "rules:protest:2",
        "A tree with a protester cannot be chosen for chopping.",
        "But the domino effect can still knock it down (see Chop). It keeps growing and spreading its seeds.",
        "",
    ),
    (
        "rules.protested_tree_grows",
        "es",
        "rules:protest:2",
        "A tree with a protester cannot be chosen for chopping.",
        "Pero el efecto dominó sí puede derribarlo. Sigue creciendo y esparciendo semillas como siempre.",
        "",
    ),
    (
        "rules.protested_tree_grows",
        "uk",
        "rules:protest:2",
        "A tree with a protester cannot be chosen for chopping.",
        "Але ефект доміно все одно може його повалити. Воно й далі росте й розсіює насіння, як зазвичай.",
        "",
    ),
    ("uk.board", "uk", "board", "On the board", "На дошці", ""),
    ("uk.calque", "uk", "puzzle", "Counts", "Рахується лише перша спроба.", ""),
    ("uk.search_bot", "uk", "notebook:play", "A search bot", "Бот-пошуковик шукає.", ""),
    ("uk.end_game", "uk", "chart", "End game triggered", "Запущено кінець гри", ""),
    (
        "uk.end_game",
        "uk",
        "exercise:backward_induction:intro:2",
        "So any turn triggers the end of the game",
        "Тож будь-який хід запускає кінець гри, і гравець 2 робить останній хід.",
        "",
    ),
    (
        "rules.supply_of_the_mover",
        "uk",
        "",
        "Not enough protesters in the supply: it holds {supply}, and the turn chooses {count}.",
        "У твоєму запасі замало протестувальників: є {supply}, а вибрано {count}.",
        "",
    ),
    (
        "rules.chop_starts_the_end",
        "uk",
        "review",
        "but this turn let {next} end the game with a chop of {n} tree.",
        "…але після цього ходу {next} міг одразу закінчити гру, поваливши {n} дерево.",
        "",
    ),
    (
        "nbsp.unit",
        "es",
        "exercise:own_bot:time",
        "Your bot took longer than {seconds}\u00a0s",
        "Tu bot ha tardado más de {seconds} s en una jugada.",
        "",
    ),
    (
        "unit_after_a_count",
        "es",
        "exercise:own_bot:timeout",
        "Your bot took longer than {seconds} seconds for one turn",
        "Tu bot ha tardado más de {seconds} segundos en una jugada.",
        "",
    ),
    (
        "en.count_agreement",
        "en",
        "exercise:own_bot:duplicates",
        "Only {distinct} of the games were different",
        "Only {distinct} of the games were different: a bot that always plays…",
        "",
    ),
    ("uk.register", "uk", "review:board", "Press Exit", "Натисніть «Вийти».", ""),
    ("uk.register", "uk", "review:board", "Wait", "Зачекайте, будь ласка.", ""),
    ("uk.gender", "uk", "puzzle:verdict", "You saw it", "Ти побачив розв’язок.", ""),
    ("uk.gender", "uk", "puzzle:verdict", "You used it", "Ти скористався підказкою.", ""),
    (
        "uk.gender",
        "uk",
        "notebook:puzzles",
        "the puzzles you tried",
        "задачі, які ти пробував розв’язати",
        "",
    ),
    ("uk.gender", "uk", "puzzle:hint", "find it", "решту ходу знайди сам.", ""),
    ("uk.gender", "uk", "puzzle:idea", "Chop first", "Рубай першим.", ""),
    ("uk.player", "uk", "board:prompt", "{player} is thinking", "{player} думає…", IN_SENTENCE),
    ("es.rating", "es", "puzzle", "Your rating", "Tu puntuación", ""),
    ("es.tense_2sg", "es", "puzzle:verdict", "You saw it", "Viste la solución.", ""),
    ("es.tense_2sg", "es", "puzzle:verdict", "You used it", "Usaste la pista.", ""),
    ("es.tense_feedback", "es", "puzzle:verdict", "It counted", "Este problema contó como no resuelto.", ""),
    ("es.jugada", "es", "review:label", "Best turn", "Mejor turno", ""),
    ("es.jugada", "es", "board", "Type a turn", "Escribe un turno", ""),
    ("es.jugada", "es", "review", "Turn {ply}", "Turno {ply} del {player}", IN_SENTENCE),
    ("es.player", "es", "board:prompt", "{player}'s bot", "El bot de {player} se ha detenido.", IN_SENTENCE),
    ("es.player", "es", "board:prompt", "{player}: move", "Mueve, el {player}.", ""),
    ("uk.seat_case", "uk", "puzzle:why", "Then Player 3", "Тоді Гравець 3 ходить.", ""),
    ("es.seat_case", "es", "puzzle:why", "Then Player 3", "Entonces Jugador 3 juega.", ""),
    ("nbsp.times", "es", "board", "5 × 5", "Tablero de 5 × 5 casillas", ""),
    ("nbsp.plusminus", "uk", "puzzle", "± {deviation}", "{rating} ± {deviation}", ""),
    ("nbsp.percent", "uk", "chart", "{n} %", "{n} %", ""),
    (
        "rules.round_completed_because",
        "es",
        "board:result",
        "The round was played to its end because the winner reached 10 points.",
        "Se ha completado la ronda porque el ganador ha llegado a 10 puntos.",
        "",
    ),
    (
        "nbsp.arrow",
        "es",
        "board:turn",
        "move {origin} → {destination}",
        "moverse {origin} → {destination}",
        "",
    ),
    ("minus", "es", "puzzle:why", "difference -4.8", "la diferencia es -4,8", ""),
    (
        "decimal_literal",
        "en",
        "exercise:first_player:above",
        "above 0.5",
        "The whole interval is above 0.5.",
        "",
    ),
    (
        "decimal_literal",
        "uk",
        "exercise:first_player:above",
        "above 0.5",
        "Увесь інтервал лежить вище за 0,5.",
        "",
    ),
    ("decimal_literal", "es", "exercise:table", "[{low}; {high}]", "[{low}; {high}]", ""),
    ("decimal_literal", "en", "exercise:table", "[{low}, {high}]", "interval [{low}, {high}]", ""),
    (
        "en.cell_below",
        "en",
        "notebook:tutorial",
        "Run this cell first",
        "Run this cell first: it loads the lessons.",
        "",
    ),
    (
        "uk.cell_below",
        "uk",
        "notebook:tutorial",
        "Run the cell below first",
        "Спершу запусти цю клітинку: вона завантажує уроки.",
        "",
    ),
]


@pytest.mark.parametrize(("rule", "language", "context", "msgid", "form", "comments"), PLANTED)
def test_each_rule_catches_a_planted_violation(rule, language, context, msgid, form, comments):
    entry = Entry(context, msgid, (form,), comments)
    problems = convention_problems(language, [entry])
    assert any(f": {rule} (" in p and f"[{context}] {msgid[:60]!r}" in p for p in problems), problems


def test_every_rule_has_a_planted_violation():
    planted = {p[0] for p in PLANTED}
    assert {name for rules in RULES.values() for name, _a, _c in rules} == planted


@pytest.mark.parametrize(
    ("language", "form", "comments"),
    [
        ("uk", "Гравець 1 виграв сам.", ""),  # a third person, not the pupil
        ("uk", "той може сам зрубати ряд e2–e4", ""),  # an infinitive, not an imperative
        ("uk", "Обговоріть відповіді в класі.", ""),  # checked below with the class context
        ("uk", "Клітинки називають, як на шаховій дошці.", ""),  # a real chess board
        ("es", "Espera: es el turno del {player}.", IN_SENTENCE),  # whose turn it is
        ("es", "Jugada 5 del {player}: un error.", IN_SENTENCE),
        ("es", "Jugada 5 ({player}): un error.", IN_SENTENCE),  # the game's turn 5, played by that seat
        ("es", "{player}: mueve tu leñador.", ""),  # a label before a colon
        ("es", "Ejemplo: a1-b2 +c4 xb3; `x = -1`", ""),  # notation and code are not numbers
        ("en", 'Above {half}: {interval}; `answer = (0.45, 0.40, 0.50)`, a list like ["a1", "e1"]', ""),
        ("en", "run this cell after your game", "a comment in the code cell of the review"),
    ],
)
def test_rules_leave_correct_texts_alone(language, form, comments):
    context = "class sheet" if form.startswith("Обговоріть") else "board"
    assert convention_problems(language, [Entry(context, "x", (form,), comments)]) == []


# --------------------------------------------------------------------------- the code's side


def test_negative_numbers_take_a_true_minus_sign():
    for language in ("en", "uk", "es"):
        tr = Translator(language)
        assert tr.format_number(-5) == f"{MINUS_SIGN}5"
        assert tr.format_decimal(-4.8, format="#,##0.#").startswith(MINUS_SIGN)
        assert MINUS_SIGN in tr.format_percent(-0.12) and "-" not in tr.format_percent(-0.12)
        assert "-" not in tr.format_number(-1234) and tr.format_number(3) == "3"


@pytest.mark.parametrize(("language", "expected"), [("uk", "95\u00a0%"), ("es", "95\u00a0%"), ("en", "95%")])
def test_formatted_percentages_keep_the_no_break_space_of_the_catalogue(language: str, expected: str) -> None:
    """The catalogue writes «12 %» in uk and es; the formatter must too (CLDR's uk pattern has no space)."""
    assert Translator(language).format_percent(0.95) == expected


@pytest.mark.parametrize(
    ("language", "label", "inside"),
    [("en", "Player 2", "Player 2"), ("uk", "Гравець 2", "гравець 2"), ("es", "Jugador 2", "jugador 2")],
)
def test_a_player_has_a_label_and_a_sentence_form(language, label, inside):
    tr = Translator(language)
    assert tr.format(terms.PLAYER, seat=2) == label
    assert tr.format(terms.PLAYER_IN_SENTENCE, seat=2) == inside


# --------------------------------------------------------------------------- sentences the board builds

DOMINO = (
    "....2/...../...../m..../1mmma 1 0,0 2,2"  # Player 1 chops a1-a4 at once (tests/test_puzzle_board.py)
)
WRONG = "a1 +a3,b2,c2,d2 xa2"


def _puzzle_board(locale: str):
    from logger_widget import Position
    from logger_widget.board import PuzzleBoard
    from logger_widget.puzzles import Puzzle, Source, analyse_position

    analysis = analyse_position(Position.from_lpn(DOMINO))
    puzzle = Puzzle(
        "t1", DOMINO, 1, analysis.solutions, "domino_chop", 1500.0, 60.0, Source(1, ("greedy", "random"), 3)
    )
    return PuzzleBoard([puzzle], locale=locale, bot_mode="sync")


@pytest.mark.parametrize(
    ("locale", "task", "reply"),
    [
        ("es", "Juega el jugador 1: encuentra el corte", "El jugador 2 responde con e5"),
        ("uk", "Ходить гравець 1: знайди рубку", "Тоді гравець 2 робить хід e5"),
        ("en", "Player 1 to play: find the chop", "Then Player 2 plays e5"),
    ],
)
def test_the_puzzle_board_puts_the_sentence_form_of_a_player_in_its_sentences(locale, task, reply):
    from support import Driver

    board = _puzzle_board(locale)
    assert task in board.view["task"]
    Driver(board).play(board.position.parse_turn(WRONG))
    notice = board.view["notice"]["text"]
    assert reply in notice, notice


@pytest.mark.parametrize(
    ("locale", "expected"),
    [("es", "El jugador 2 (bot)"), ("uk", "гравець 2 (бот)"), ("en", "Player 2 (bot)")],
)
def test_the_status_names_a_thinking_bot_inside_a_sentence(locale, expected):
    from logger_widget.board.view import status_view

    class Seat:
        is_bot, paused = True, False

    class State:
        setup, lesson, thinking = None, None, 2

    class FrameStub:
        replay, over, to_move, tip, stage = None, False, 2, None, None
        seat, state = Seat(), State()

    text = status_view(FrameStub(), Translator(locale))["text"]
    assert expected in text and not text.startswith("el "), text


def test_a_turn_inside_a_sentence_never_breaks_and_reads_back():
    from logger_widget.board.view import notation_in_text
    from logger_widget.engine.turn import Turn

    for written in ("a1 +b2,c2,d2 xb1", "e5-d4 !b1", "a1-a3 *b3", "c3"):
        turn = Turn.parse(written)
        shown = notation_in_text(turn)
        assert " " not in shown and Turn.parse(shown) == turn, shown
    board = _puzzle_board("uk")
    from support import Driver

    Driver(board).play(board.position.parse_turn(WRONG))
    notice = board.view["notice"]["text"]
    reply = board.game.turns[1].notation()
    assert reply.replace(" ", NBSP) in notice and reply not in notice, notice

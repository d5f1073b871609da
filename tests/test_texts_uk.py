"""The Ukrainian catalogue, checked by kind of finding rather than message by message.

A reader who had never seen the texts found kinds of errors that recur (a seat in
brackets because it had only the nominative, two words for "notebook", «інтервал
95 %», …). Each kind is a checker of one translated form here: the real catalogue
must give no finding, and each checker is shown to catch a planted bad string, so a
checker that silently stops matching fails. The rules are in docs/i18n.md and the
terms in docs/glossary.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from catalogkit import Entry, read_entries
from catalogkit import outside_code as _outside_code
from catalogkit import uk_plural_imperative as _uk_plural_imperative

from logger_widget.i18n import Translator
from logger_widget.i18n.texts import terms

NBSP = "\u00a0"
#: A word of Ukrainian text (the apostrophe ’ is part of a word).
W = r"[\w’]"

Check = Callable[[Entry, str], "str | None"]


def _find(pattern: str, flags: int = re.IGNORECASE) -> Check:
    """A checker that reports the first match of ``pattern`` outside `code spans`."""
    compiled = re.compile(pattern, flags)

    def check(entry: Entry, form: str) -> str | None:
        m = compiled.search(_outside_code(form))
        return m.group(0) if m else None

    return check


# --------------------------------------------------------------------------- the kinds


def dash_for_a_verb(entry: Entry, form: str) -> str | None:
    """Kind 1: «{players} — 10 очок», «{name} — гру здано»: a dash standing in for the verb of a name."""
    return _find(r"\{(?:players|name)\}\s+—\s+\S+(?:\s+\S+)?|для\s+\{name\}\s+минув")(entry, form)


def seat_in_brackets(entry: Entry, form: str) -> str | None:
    """Kind 2: «Бот ({player})», «людина ({player})»: the seat put in brackets for want of its genitive."""
    return _find(rf"{W}+\s+\(\{{player\}}\)|\(\{{player\}}\)\s*{W}+")(entry, form)


def notebook_word(entry: Entry, form: str) -> str | None:
    """Kind 3: a notebook is «блокнот», never «зошит»."""
    return _find(rf"(?<!{W})зошит{W}*")(entry, form)


def bare_confidence_level(entry: Entry, form: str) -> str | None:
    """Kind 4: «інтервал {level}» reads as a width; «з рівнем довіри {level}» or «довірчий інтервал ({level}»."""
    text = _outside_code(form)
    for m in re.finditer(r"\{level\}", text):
        before = text[: m.start()]
        if not re.search(r"рів(?:ень|н\w*)\s+довіри\s+(?:не\s+)?$|довірч\w*\s+інтервал\w*\s+\($", before):
            return text[max(0, m.start() - 25) : m.end()]
    return None


_RATE_IN_ENGLISH = re.compile(r"\bwin rate\b|\bpoints per game\b", re.IGNORECASE)


def rate_name(entry: Entry, form: str) -> str | None:
    """Kind 5: the rate (points per game, a shared win ½) is «частка очок», never «частка перемог»."""
    found = _find(rf"(?<!{W})частк{W}*\s+перемог{W}*")(entry, form)
    if found:
        return found
    if _RATE_IN_ENGLISH.search(_outside_code(entry.msgid)) and not re.search(r"частк\w*\s+очок", form, re.I):
        return "the rate is not called «частка очок»"
    return None


_GAME_VALUE = re.compile(r"\bvalue (?:of (?:this|a|the) (?:position|game|meta-game)|for Player)\b|^value$")


def game_theory_terms(entry: Entry, form: str) -> str | None:
    """Kind 6: «ціна гри/позиції» (not «цінність»), «пошук у дереві методом Монте-Карло», no «роздільність» (a table's
    resolution is «з точністю, яку дає таблиця»: «крок» is the logger's, kind 48)."""
    if _GAME_VALUE.search(entry.msgid):
        found = _find(rf"(?<!{W})цінн{W}*")(entry, form)
        if found:
            return found
    return _find(r"Монте-Карло по дереву|роздільн\w*")(entry, form)


#: Kind 7: one word per concept; the left word is the one the catalogue uses.
ONE_WORD = {
    "подивися": r"(?<![\w’])подивись(?![\w’])|(?<![\w’])дивися(?![\w’])",
    "вибери": r"(?<![\w’])обери(?![\w’])",
    "гра/ігри": r"(?<![\w’])парті(?:я|ї|ій|ю|єю|ями|ях)(?![\w’])",
    "питання": r"(?<![\w’])запитан\w*",
    "сервіс": r"(?<![\w’])служб\w*",
    "графік": r"(?<![\w’])діаграм\w*",
    "картка (login slip)": r"(?<![\w’])смужк\w*",
    "стовпець": r"(?<![\w’])стовпчик\w*",
}


def one_word_per_concept(entry: Entry, form: str) -> str | None:
    for pattern in ONE_WORD.values():
        found = _find(pattern)(entry, form)
        if found:
            return found
    return None


def chop_line_word(entry: Entry, form: str) -> str | None:
    """Kind 8: a line of trees is «лінія» («ряд» sounds like the board's «рядок»)."""
    return _find(rf"(?<!{W})ряд(?:у|ом|и|ів|ах|і)?(?!{W})")(entry, form)


def number_typography(entry: Entry, form: str) -> str | None:
    """Kind 10: «{seconds} с» with a no-break space, «Оновлено: {time}» (not «о {time}»), «10:10»."""
    return _find(r"[\d}] (?:с|хв|год|мс)(?![\w’])|(?<![\w’])о\s+\{time\}|\d\s+:\s+\d", flags=0)(entry, form)


_MANY_NAMES = re.compile(r"one or more|or a list", re.IGNORECASE)


def names_without_a_verb(entry: Entry, form: str) -> str | None:
    """Kind 11: a ``{name}``/``{players}`` that may hold several names gets no verb: a label and colon.

    Unless the message is a plural one on the number of names ("the form follows how many they are"):
    then each form's verb agrees («…бо {players} набрав 10 очок.» / «…набрали…»).
    """
    if not _MANY_NAMES.search(entry.comments):
        return None
    if len(entry.forms) > 1 and "form follows how many they are" in " ".join(entry.comments.split()):
        return None
    text = _outside_code(form)
    for m in re.finditer(r"\{(?:name|names|players)\}", text):
        after_label = re.search(r":\s*$", text[: m.start()]) and re.match(r"\s*(?:[.,;)]|$)", text[m.end() :])
        if not (after_label or text[m.end() :].startswith(":")):
            return text[max(0, m.start() - 20) : m.end() + 20]
    return None


def seeds_as_subject(entry: Entry, form: str) -> str | None:
    """Kind 12: the trees scatter the seeds; «насіння» right before «розсіяти» reads as the subject."""
    return _find(rf"(?<!{W})насіння\s+(?:{W}+\s+)?розсі[яю]{W}*")(entry, form)


def rate_as_how_often_won(entry: Entry, form: str) -> str | None:
    """Kind 13: a chart of the rate says «частка очок», not how often a bot won."""
    if entry.context != "chart":
        return None
    return _find(rf"як\s+часто[^.:;]{{0,60}}?(?:перемаг|вигра){W}*")(entry, form)


def turn_for_movement(entry: Entry, form: str) -> str | None:
    """Kind 14: «хід» is a whole turn; the logger's movement is «переміщення» (glossary: Рух)."""
    return _find(rf"(?<!{W})ход{W}*\s+на\s+(?:два\s+крок|\{{destination\}}|[a-e][1-5](?!{W}))")(entry, form)


def forfeit_term(entry: Entry, form: str) -> str | None:
    """Kind 15: a forfeit is «технічна поразка» everywhere, never «неявка»."""
    found = _find(rf"(?<!{W})неявк{W}*")(entry, form)
    if found:
        return found
    if re.search(r"\bforfeit\b", entry.msgid) and not re.search(r"технічн\w*\s+поразк", form, re.I):
        return "the forfeit is not called «технічна поразка»"
    return None


def interval_of_the_difference(entry: Entry, form: str) -> str | None:
    """Kind 16: «інтервал цієї різниці з рівнем довіри {level}», not «з рівнем довіри {level} цієї/для різниці»."""
    return _find(r"рівнем\s+довіри\s+\{level\}\s+(?:цієї|для)\s+різниці")(entry, form)


def thousands(entry: Entry, form: str) -> str | None:
    """Kind 18: «1 500» with a no-break space from 1 000 up (years excepted), decimal comma, never «1.5»."""
    return _find(
        rf"(?<![\d.,{NBSP}])\d{{4,}}(?!\d|\s+рок)|\d{{1,3}} \d{{3}}(?!\d)|(?<![\w.])\d+\.\d+(?![\w.])", 0
    )(entry, form)


#: Kind 19: one-off slips the reader found; each wording must not come back.
SLIPS = (
    r"«зупинено обмеженням»",
    r"завершено повторенням",
    r"пошуки не погоджуються",
    r"ніхто не виграє, якщо змінить",
    r"ні неточностей, ні помилок:",
    r"^Ще запускається",
    r"\{full_games\}, а не \{quick_games\}",
    r"Зараз походить",
    r"фігури між ними",
    r"що наступний зробить",
    r"коли блокнот закриють",
    r"намальований кращий хід",
    r"Гру завершено\. Гру здано",
    r"запускають свої\.",
    r"^Скопіювати це",
    r"а не звичайний кінець гри",
    r"ми їх оцінюємо",
    r"Не друкуй такий рядок сам\.",
    r"задана зерном",
    r"в лідерів рівність очок",
    r"кращий хід, показаний на полі",
    r"Відкрий адресу(?!\w)",
    r"Частка очок і протилежна до неї",
    r"Найкращий хід виграє гру",
    # the eighth reading
    r"очки за гру в середньому",
    r"Нотація ходу:",
    r"«Наступний урок» або «Почати урок знову», щоб",
    r"^Ще$",
    r"так, щоб він переміг",
    r"імпортувати \(\{problem",
    r"знову запускатимуться",
    r"Випадковість ботів налаштовано",
    r"Щоб дослідити її в коді:",
    r"тягне\s+(?:всі|усі)\s+рейтинг",
    r"Арену завершено \(",
    r"(?<![\w’])ціл(?:а|у)\s+гр(?:а|у)(?![\w’])",
    r"^Напиши хід$",
    r"(?:Монте-Карло|мінімакс), складний",
    r"на відміну від садіння й рубання",
    r"Дерево росте в три стадії",
    r"до цього росту",
    r"був надрукований",
    r"Потім посади на",
    r"вибери власний пароль",
    r"^скільки ходів гравця",
    r"інтервал дробами",
    r": ріст!",
    r"А в Logger \(Лісоруб\)\?",
    r"добре \(раундів:",
    # the second fresh reader
    r"Очок порівну \(",
    r"кінгмейкер",
    r"початкового числа генератора",
    r"конкурсі ігор",
    r"посади або зачекай",
    r"стало дорослим деревом:",
    r"Поразка через здачу гри",
    r"^\+\{n\}\s+протестувальник\w*\s+перей",
    # the third fresh reading: counts after a colon like «ігор:», «порівну» protesters, a past ending «на цю
    # мить», «він» after «рубка», «і очок», a heading-like «Розбір твоєї гри.», a chop that «зменшується»
    r"(?:перемог|поразок)\s+\{\w+\}",
    r"однаково\s+протестувальник",
    r"на\s+цю\s+мить",
    r"і\s+він\s+обжене",
    r"порівну\s+і\s+очок",
    r"^Розбір твоєї гри\.",
    r"рубка,\s+яку\s+може\s+зробити\s+\{player\},\s+зменшується",
    # the fourth fresh reading: a threshold said as a score («набрав 10 очок» after «11 очок»), a bare count
    # after «повалити лише», «тож він… тож він» in the forced steps, «поразку визнано. Поразка», «очок… очок»
    r"набрал?и?\s+10\s+очок",
    r"повалити\s+лише\s+\{after\}",
    r"замкнений,\s+тож\s+він",
    r"поразку\s+визнано",
    r"^Очок порівну — у кожного",
    r"^Рівність очок: \{n\}",
    # the tenth reader: «хто грає за кожного гравця» (the same word twice), the greedy bot's «виграш» (the
    # payoff of exercise 7), «подивися на його стовпець» (his = {name}'s?), «учнів, так, як вони», a label
    # opening with a governed genitive («Дерев у найбільшій рубці…:»)
    r"за\s+кожного\s+гравця:",
    r"хапає\s+найбільший\s+виграш",
    r"подивися\s+на\s+його\s+стовпець",
    r"учнів,\s+так,\s+як",
    r"^Дерев\s+у\s+найбільшій",
)


def one_off_slips(entry: Entry, form: str) -> str | None:
    return _find("|".join(SLIPS))(entry, form)


def result_label_names_the_loser(entry: Entry, form: str) -> str | None:
    """Kind 20: the dashboard shows «Перемога: olena (…)»: the forfeit or resignation is the opponent's.

    A bare «технічна поразка» or «гру здано» beside the winner's name reads as the winner's; a Nash
    equilibrium is a change made unilaterally (not «самотужки», "without help"); the puzzle rating
    counts only the first try («оцінює» reads as "checks").
    """
    if entry.context == "dashboard" and entry.msgid in ("by forfeit", "by resignation"):
        if not re.search(r"суперник", form, re.IGNORECASE):
            return form
    return _find(rf"(?<!{W})самотужки(?!{W})|оцінює\s+лише\s+першу\s+спробу")(entry, form)


def value_word(entry: Entry, form: str) -> str | None:
    """Kind 21: a search's values are estimates of the «ціна» (the table's column), not «значення»."""
    if not re.search(r"\bvalues?\b", _outside_code(entry.msgid)):
        return None
    return _find(rf"(?<!{W})значенн{W}*")(entry, form)


#: the names of the phases, the actions and the rules' sections, as the buttons and titles show them
_NAMES = r"(?:Рух|Ріст|Дія|Посадити|Протестувати|Зрубати|Хто\s+перемагає)"


def unquoted_name(entry: Entry, form: str) -> str | None:
    """Kind 22: a phase, action or section named inside a sentence is in «» («вибери «Посадити»», «(див. «Рух»)»)."""
    return _find(
        rf"\({_NAMES}\)|(?<=[\w,:;(])\s+{_NAMES}(?![\w’»])|(?<!{W})[Фф]аз{W}*\s+(?:руху|росту|дії)(?!{W})",
        flags=0,
    )(entry, form)


def program_voice(entry: Entry, form: str) -> str | None:
    """Kind 23: the program speaks as «ми» («Шукаємо…», «Готуємо…»), never in the first person singular."""
    return _find(rf"(?<!{W})(?:Шукаю|Готую|Запускаю|Підключаюся|Звертаюся|Пробую)(?!{W})")(entry, form)


def click_verb(entry: Entry, form: str) -> str | None:
    """Kind 24: a button is «натисни»; a cell or a logger is «клацни (на)» («клацни на позначену клітинку»)."""
    return _find(
        rf"(?<!{W})натисн{W}*\s+(?:на\s+)?(?:{W}+\s+){{0,2}}?(?:клітинк{W}*|лісоруб{W}*|нього)(?!{W})"
        rf"|(?<!{W})клаца{W}*\s+по\s+пол{W}*"
    )(entry, form)


def move_verb(entry: Entry, form: str) -> str | None:
    """Kind 25: the pupil moves the logger with «пересунь (лісоруба)»; the review's, the hint's and the
    turn's infinitive is «перейти» («перейти сюди», «перейти a1 → c1»), the logger «переходить на»: never
    «куди йде лісоруб», «лісоруб пішов на» (the eighth readers)."""
    return _find(
        rf"(?<!{W})(?:переведи|піди|перейди|піти)(?!{W})|(?<!{W})[ій]де\s+на(?!{W})"
        rf"|(?<!{W})куди\s+[ій]де(?!{W})|(?<!{W})піш(?:ов|ла|ли)\s+на(?!{W})"
        rf"|лісоруб\w*\s+(?:\w+\s+)?піш(?:ов|ла|ли)(?!{W})"
    )(entry, form)


def heavy_phrasing(entry: Entry, form: str) -> str | None:
    """Kind 26: «ігор на пару ({games})» ({games} holds the noun), «не незалежні», «двоє ботів» (say «два боти»),
    «рахунок стає 10 очок» (a score does not become points: «тепер у нього 10 очок»)."""
    return _find(rf"\(\{{games\}}\)|(?<!{W})не\s+незалежн{W}*|(?<!{W})двоє\s+бот{W}*|рахунок\s+стає")(
        entry, form
    )


#: Placeholders whose value may be lower case: a classmate's hub name ("olena"), a bot's name ("greedy").
_LOWER_CASE_VALUES = r"\{(?:name|names|bot|first|second|creator)\}"


def name_starts_a_sentence(entry: Entry, form: str) -> str | None:
    """Kind 27: «olena думає…», «greedy перший за Ело»: a lower-case name must not open a sentence.

    It goes after the verb («Зараз думає {name}…») or after a label's colon («Не на зв’язку: {name}.»);
    a list line «{name} · {n} місця» is not a sentence, nor the rating chart's list item «{name} з рейтингом
    {rating}» (it follows the list's colon).
    """
    if entry.context == "chart" and entry.msgid == "{name} with {rating}":
        return None
    return _find(rf"(?:^|[.!?…]\s+)\**{_LOWER_CASE_VALUES}(?!\s*[:·(])\s*{W}+", flags=0)(entry, form)


def seat_as_place(entry: Entry, form: str) -> str | None:
    """Kind 28: a seat is «гравець 1…4» («Ти — {you}.», «від 2 до 4 гравців»); «місце» is a ranking place.

    The lobby's invitation keeps its free places («3 місця», «усі місця зайнято»). Swapped seats are
    said the glossary's way too («по черзі за гравця 1 і гравця 2», «міняються ролями»), not «міняються
    місцями».
    """
    if not re.search(r"\bseats?\b", entry.msgid) or entry.context == "online:lobby":
        return None
    text = _outside_code(form)
    m = re.search(rf"(?<!{W})місц{W}*|(?<!{W})місце(?!{W})", text, re.IGNORECASE)
    if m:
        return m.group(0)
    # a colon never cuts a preposition from its noun: «Ти — {you}.», not «Ти граєш за: {you}.»
    m = re.search(rf"(?<!{W})(?:за|про|на|для|від|до)\s*:", text, re.IGNORECASE)
    return m.group(0) if m else None


def ending_reason(entry: Entry, form: str) -> str | None:
    """Kind 29: the dashboard's "by forfeit" / "by resignation" fill one slot, so both are reasons («через …», «бо …»).

    And the status line says who resigned as a label («Поразка через здачу гри: {name}»), not the
    stiff «бо її здано».
    """
    if entry.context == "dashboard" and entry.msgid.startswith("by "):
        if not re.match(r"(?:через|бо)\s", form):
            return form
    return _find(r"бо\s+її\s+здано")(entry, form)


def bare_number_per_game(entry: Entry, form: str) -> str | None:
    """Kind 30: «набирає {value} очка за гру», not a bare «{value} за гру» (glossary: points per game)."""
    return _find(r"\{\w+\}\s+за\s+гру")(entry, form)


def v_before_a_cluster(entry: Entry, form: str) -> str | None:
    """Kind 31: euphony: «у» (not «в») before в, ф and the clusters тв, св, хв, льв, зв… («у твоєму рядку»)."""
    return _find(rf"(?<!{W})в\s+(?:в|ф|тв|св|хв|льв|зв|дв|гв|кв|цв|чв|шв){W}*")(entry, form)


def product_name(entry: Entry, form: str) -> str | None:
    """Kind 32: a title names the game «Logger (Лісоруб): …»; a protester is «вартий», never «цінність»."""
    return _find(rf"Logger:|(?<!{W})цінн{W}*", flags=0)(entry, form)


def fixed_plural_after_a_count(entry: Entry, form: str) -> str | None:
    """Kind 33: a count filled by the code ({rounds}, {games}…, not a plural message's {n}) takes no noun
    in one fixed form («ще {rounds} раунди» is right for 2–4 only): «(раундів: {rounds})»."""
    return _find(r"\{(?!n\})\w+\}\s+(?:раунди|раундів|ходи|ходів|очки|очок|боти|ботів|ігри|ігор)(?![\w’])")(
        entry, form
    )


#: Personal pronouns that stand for the counted noun after its numeral phrase.
_PLURAL_PRONOUN = rf"(?<!{W})(?:вони|їх|ними|їм|них)(?!{W})"
_SINGULAR_PRONOUN = rf"(?<!{W})(?:він|вона|воно|його|її|ним|нею|ньому|нього|неї)(?!{W})"
#: Plural messages whose form [0] may keep a singular pronoun, and why.
_SINGULAR_PRONOUN_OK = {
    "The new seedling could only grow on {cells}, so it is there already.": "at most 4 seedlings, never 21",
    "An unfinished game of this board was saved": "«її» is the game, not the counted turns",
    "This board's last game was finished and saved": "«її» is the game, not the counted turns",
}


def pronoun_in_form_zero(entry: Entry, form: str) -> str | None:
    """Kind 34: form [0] of a plural message serves 1, 21, 31…: «Розв’язуй їх» is wrong for 1, «вона не
    стала» for 21. It takes no plural pronoun, and no singular one unless the count stays below 21 or the
    pronoun stands for another noun (``_SINGULAR_PRONOUN_OK``): «тож задачею це не стало»."""
    if len(entry.forms) < 2 or form != entry.forms[0]:
        return None
    text = _outside_code(form)
    found = re.search(_PLURAL_PRONOUN, text, re.IGNORECASE)
    if not found and not any(entry.msgid.startswith(ok) for ok in _SINGULAR_PRONOUN_OK):
        found = re.search(_SINGULAR_PRONOUN, text, re.IGNORECASE)
    return found.group(0) if found else None


#: Words after which «{player}» must decline: the code passes ``terms.PLAYER_OF`` («гравця 2») there.
_GOVERNS_A_CASE = rf"(?<!{W})(?:за|бот|бота|боту|ботом|проти|для|від|до|біля|замість|у|в|з|із|зі)"


def case_after_a_seat(entry: Entry, form: str) -> str | None:
    """Kind 35: «За {player}», «Бот {player}» need «гравця 2»: only a message whose note says the code passes
    the genitive (``terms.PLAYER_OF``) may put ``{player}`` after a word that governs a case; with the
    nominative it would read «За гравець 2 тепер грає людина»."""
    if "in the genitive" in entry.comments:
        return None
    m = re.search(rf"{_GOVERNS_A_CASE}\s+\{{player\}}", _outside_code(form), re.IGNORECASE)
    return m.group(0) if m else None


#: Kind 36: calques of English: a bot is «виставлений» at a tournament, not «принесений»; «одразу», not
#: «просто зараз»; computed «за n іграми», not «на n іграх»; «хід за ходом»; each protester «на окреме
#: дерево» («на інше» reads as "another than this one").
CALQUES = (
    rf"(?<!{W})(?:прин[оеі]с|принест){W}*(?:\S*\s+\S+){{0,4}}?\s+бот{W}*",
    rf"(?<!{W})бот{W}*(?:\S*\s+\S+){{0,4}}?\s+(?:прин[оеі]с|принест){W}*",
    r"(?:просто|прямо)\s+зараз",
    rf"(?<!{W})(?:вимір|обчисл){W}*\s+на\s+\S+\s+(?:ігр|парті){W}*",
    r"хід\s+у\s+хід",
    r"на\s+інше\s+доросле\s+дерево",
    r"(?<!\w)за\s+деревами\s+й\s+очками",  # "in trees and points": «за кількістю дерев і очок»
    r"варт\w*\s+свого\s+результату",  # "is worth its result": «ціна … — її результат»
    r"(?<!\w)правильно\s+для(?!\w)",  # "right for the table": «правильно, якщо спиратися на…»
    r"розв’язати\s+з\s+кінцями",  # "solved with the ends": «розв’язати задачу, підставивши кінці…»
    rf"(?<!{W})спробува{W}*\s+(?:кожну\s+)?задач{W}*|задач\s+спробувано",  # a puzzle is tried «розв’язати»
    rf"потренувати\s+(?:один\s+)?(?:вид|тип){W}*",  # train oneself: «потренуватися на задачах…»
    r"через\s+`",  # "via `board.load`": «за допомогою `…`»
    r"(?<!\w)Що\s+правда(?!\w)",  # "What is true about…": «Яке твердження … правильне?»
)


def calque(entry: Entry, form: str) -> str | None:
    return _find("|".join(CALQUES))(entry, form)


def inconsistent_term(entry: Entry, form: str) -> str | None:
    """Kind 37: «крок» is the logger's step (Рух), not a turn («на кілька ходів уперед»); a result is handed
    «перевірці», not «у перевірку»; whose turn it is is «чия черга», not «чий хід» (a turn is «хід»)."""
    if not re.search(r"\bsteps?\b", entry.msgid):
        found = _find(rf"(?<!{W})крок{W}*")(entry, form)
        if found:
            return found
    found = _find(r"(?<!\w)[ув]\s+перевірку")(entry, form)
    if found:
        return found
    return _find(rf"(?<!{W})чий\s+хід(?!{W})")(entry, form)  # whose turn it is: «чия черга (ходити)»


#: Latin-alphabet words a Ukrainian text may show outside `code`: names, keys, programs, formats,
#: the notation (cells, «xb1»), formula letters and the answer letters A–D, code the pupil types.
LATIN_OK = frozenset(
    "Logger Erik Dresner Looney Pyramids Icehouse Enter Shift Esc Run All JupyterHub JupyterLab MCTS LPN "
    "JSON CSV Max^n max^n MistakesBoard Board board choose True False None pk xb".split()
)


def untranslated_english(entry: Entry, form: str) -> str | None:
    """Kind 38: no English word in Ukrainian prose («(rate, очки за гру)»): a variable goes in `code`."""
    text = re.sub(r"<[^>]+>|\{[^}]*\}|\]\([^)]*\)|https?://\S+", " ", _outside_code(form))
    for m in re.finditer(r"(?<![\w’.])[A-Za-z][A-Za-z’'^-]*", text):
        if len(m.group(0)) > 1 and m.group(0) not in LATIN_OK:
            return m.group(0)
    return None


#: Kind 39: sentences a 12-year-old misreads: «а на {cell} його немає» (the protester or the tree?),
#: «рубка e4 з e5» ("e4 together with e5"), bots that «займають гравців», the unexplained «хаб», a seedling
#: that «не може походити від» a tree.
UNCLEAR = (
    r"на\s+\{cell\}\s+його\s+немає",
    rf"(?<!{W})(?:рубк|зруба|руба){W}*\s+[a-e][1-5]\s+(?:з|із|зі)\s+[a-e][1-5]",
    rf"гравц{W}*[^.]{{0,40}}зайня{W}*\s+бот{W}*",
    rf"(?<!{W})хаб{W}*",
    r"походити\s+від",
    r"на\s+один\s+хід\s+від(?!\w)",  # a side line «відходить на один хід від» the game: say the verb
)


def unclear_for_a_child(entry: Entry, form: str) -> str | None:
    return _find("|".join(UNCLEAR))(entry, form)


def against_the_rules(entry: Entry, form: str) -> str | None:
    """Kind 40: what the rules (docs/rules.md) say: the pool holds 19 large pyramids at the start (the game
    has 20); a felled tree's protester goes to the chopper's supply («у твій запас»), not «back»; only a tree
    that was mature already spawns, not one that has just matured."""
    found = _find(r"резерв\w*\s+(?:є\s+)?20\s+великих|поверн\w*\s+[ув]\s+запас")(entry, form)
    if found:
        return found
    if entry.context == "tutorial:spawning:1" and not re.search(r"вже\s+було\s+дорослим", form):
        return "a tree that has just matured does not spawn: say «яке вже було дорослим»"
    return None


def reflexive_possessive(entry: Entry, form: str) -> str | None:
    """Kind 41: an imperative's own thing is «свій» («відкрий … свого класу»), not «твій»."""
    return _find(
        rf"(?<!{W})(?:відкрий|зайди|увійди|перейди)\s+[^.]{{0,60}}?(?<!{W})тво(?:го|єму|їм|єї|їй)\s+класу"
    )(entry, form)


def review_says_whose_turn(entry: Entry, form: str) -> str | None:
    """Kind 42: the review comments on every player's turns (bots' and classmates' too): «цей хід», not «твій хід»."""
    if entry.context != "review":
        return None
    return _find(rf"(?<!{W})твій\s+хід\s+теж")(entry, form)


# ---------------------------------------------------------------- the kinds of the eighth reading


def tree_limit(entry: Entry, form: str) -> str | None:
    """Kind 43: the 20-tree limit is «межа» («межа в 20 дерев», «Межа: {n} дерево»); «обмеження» is the turn
    limit only («Обмеження ходів»), so a pupil does not take them for two rules."""
    english = entry.msgid
    if re.search(r"\blimit\b", english, re.IGNORECASE) and not re.search(
        r"\bturns?\b|no limit", english, re.I
    ):
        found = _find(rf"(?<!{W})обмежен{W}*")(entry, form)
        if found:
            return found
    if re.search(r"\bturn limit\b", english, re.IGNORECASE):
        found = _find(rf"(?<!{W})меж[аіуею](?!{W})")(entry, form)
        if found:
            return found
    return _find(rf"(?<!{W})обмежен{W}*\s+(?:[ув]\s+)?\d+\s+дерев")(entry, form)


def felled_trees(entry: Entry, form: str) -> str | None:
    """Kind 44: only the first tree is chopped (a protested one cannot be); the trees a chop fells are
    «повалені» («протестувальники з повалених дерев»), never «зрубані»."""
    return _find(rf"(?<!{W})зрубан(?:их|і|ими)(?!{W})")(entry, form)


def felling_verb(entry: Entry, form: str) -> str | None:
    """Kind 45: one verb for trees that fall: «повалити / валить» («рубка повалить найбільше дерев», «те — наступне
    доросле дерево»); not «звалити», «збиває», nor a player who «зрубує три дерева» (one tree is chopped). A chop's
    count of trees is felled too: «Рубка: повалено {n} дерево» (the chart's legend), «Повалено дерев: …» (the
    puzzle's why, the tutorial), never «Зрубано {n} дерево» nor «Зрубано дерев» (one tree was chopped)."""
    return _find(
        rf"(?<!{W})звал[июя]{W}*|(?<!{W})зби(?:ва|ти|ть|в|л){W}*"
        rf"|(?<!{W})зруб{W}*\s+(?:\{{n\}}|\{{points\}}|\d+|дв[аі]|три|чотири|п’ять|[ув]сі|дерев)(?!{W})"
    )(entry, form)


def press_a_cell(entry: Entry, form: str) -> str | None:
    """Kind 46: a corner, a cell, a tree or a logger is clicked («кожен гравець клацає на свій кут»); «натискати»
    is for a button or a key."""
    return _find(
        rf"(?<!{W})натис{W}*\s+(?:на\s+)?(?:{W}+\s+){{0,2}}?(?:кут|клітинк|лісоруб|дерев|саджан){W}*"
    )(entry, form)


def search_bots(entry: Entry, form: str) -> str | None:
    """Kind 47: «пошуковий бот» is a web crawler (like the banned «бот-пошуковик»): «алгоритми пошуку»."""
    return _find(rf"(?<!{W})пошуков{W}*\s+бот{W}*")(entry, form)


def step_word(entry: Entry, form: str) -> str | None:
    """Kind 48: «крок» is the logger's step only; a table's resolution is «з точністю, яку дає таблиця».

    Kind 37 let «крок таблиці» through because the English names a ``{step}`` placeholder: here only the words
    of the English count, not its placeholders."""
    if re.search(r"\bsteps?\b", re.sub(r"\{[^}]*\}", " ", entry.msgid)):
        return None
    return _find(rf"(?<!{W})крок{W}*")(entry, form)


def first_word(entry: Entry, form: str) -> str | None:
    """Kind 49: "first" is «спершу» in every message («Спершу вибери дію…»), never «спочатку»."""
    return _find(rf"(?<!{W})спочатку(?!{W})")(entry, form)


def during_word(entry: Entry, form: str) -> str | None:
    """Kind 50: "over the game" is «протягом гри» in every chart title and text, never «впродовж»."""
    return _find(rf"(?<!{W})[ув]продовж(?!{W})")(entry, form)


def return_time(entry: Entry, form: str) -> str | None:
    """Kind 51: a puzzle «повернеться через 10 хвилин»; «за 10 хвилин» reads as "within 10 minutes" (which is
    right only where the English says "within": «Якщо {name} не повернеться за {n} хвилин»)."""
    if not re.search(r"\bcomes? back\b", entry.msgid) or re.search(r"\bwithin\b", entry.msgid):
        return None
    return _find(rf"(?<!{W})за\s+(?:\{{n\}}|\d+|кілька|декілька)\s+{W}+")(entry, form)


def stay_put(entry: Entry, form: str) -> str | None:
    """Kind 52: the logger that stays put «лишається» («лишитися на місці», «лишитися на {cell}»), as on the board,
    not «залишитися»."""
    return _find(rf"(?<!{W})залиши(?:ти)?ся\s+(?:на|тут)(?!{W})|(?<!{W})залишається\s+на\s+\{{cells?\}}")(
        entry, form
    )


_VOWEL = "аеєиіїоуюя"
_CONSONANT = "бвгґджзйклмнпрстфхцчшщ"
#: «у» stays before в, ф and the clusters of kind 31 («у твій запас», «у відгуку»)
_U_BEFORE = r"(?:в|ф|тв|св|хв|льв|зв|дв|гв|кв|цв|чв|шв)"


def u_or_v(entry: Entry, form: str) -> str | None:
    """Kind 53: «у/в» by the sounds around it: «упадуть» after a pause («Якщо зрубати c4, упадуть…»); «в» between
    a vowel and a consonant («межу в 20 дерев»: «двадцять»); «у» between consonants («на {half_width} у кожен бік»:
    a number read aloud, «нуль цілих три сотих», ends in one)."""
    return _find(
        rf"(?:^|[.,:;!?—]\s*)в(?:пад|пав|пал){W}*"
        rf"|[{_VOWEL}]\s+у\s+(?:[2-79]|1\d)"
        rf"|[{_VOWEL}]\s+у\s+(?!{_U_BEFORE})[{_CONSONANT}]"
        rf"|[{_CONSONANT}}}]\s+в\s+[{_CONSONANT}]"
    )(entry, form)


def stand_for_move(entry: Entry, form: str) -> str | None:
    """Kind 54: the pupil is not the logger: «Пересунь лісоруба в стовпець c», not «Стань у стовпець c» or «ступи»."""
    return _find(rf"(?<!{W})(?:стань|ступи|ступай)(?!{W})")(entry, form)


#: the exercises' placeholders that carry their noun in the nominative («100 ігор», «22 гри», «3 очки»)
_NOUN_COUNT = (
    r"\{(?:games|n|n_fine|quick_games|full_games|distinct|leader|points|reply_points|protesters|ours|mine|theirs"
    r"|supply|their_supply|p\d)\}"
)


def count_in_a_governed_case(entry: Entry, form: str) -> str | None:
    """Kind 55: an exercise's count with its noun in the nominative («22 гри») cannot follow a word that governs
    another case: «серед цих 22 гри», «близько 9 604 гри» need «ігор». Say it where the nominative is right:
    «У симуляції {n}; з них різних: {distinct}», «знадобиться приблизно {n_fine}»."""
    if len(entry.forms) > 1 or not (entry.context or "").startswith("exercise:"):
        return None
    return _find(
        rf"(?<!{W})(?:серед|близько|понад|замість|для|до|від|без|біля|щодо)\s+(?:(?:цих|тих|усіх|всіх)\s+)?{_NOUN_COUNT}"
    )(entry, form)


def bot_level(entry: Entry, form: str) -> str | None:
    """Kind 56: a bot's level is on one scale, «слабкий / середній / сильний» (not «легкий», which pairs with
    «складний»)."""
    return _find(
        rf"(?:Монте-Карло|мінімакс),\s+(?:легк|складн)\w*|(?<!{W})(?:легк|складн){W}*\s+(?:\S+\s+)?бот{W}*"
    )(entry, form)


def keyboard_help(entry: Entry, form: str) -> str | None:
    """Kind 57: the keyboard help says what each key does in one form, the infinitive («стрілки — перейти,
    Enter — вибрати, Esc — повернутися»), never a noun («перехід», «рух курсора», «назад»)."""
    return _find(r"(?:Стрілки|Enter|пробіл|Esc)\s+—\s+(?:перехід|рух|назад)\w*")(entry, form)


def chop_as_notation(entry: Entry, form: str) -> str | None:
    """Kind 58: «Рубка c3 повалила…» reads like notation: «Рубка на c3 повалила…», «Якби зрубати c3, упало б…»."""
    return _find(rf"(?<!{W})рубк{W}*\s+(?:\{{cell\}}|[a-e][1-5](?!{W}))")(entry, form)


def tree_twice_in_a_chop(entry: Entry, form: str) -> str | None:
    """Kind 89: «Рубка дерева на c3 повалила 1 дерево» says «дерево» twice in one short clause, in a note the
    review shows after every chop: «Рубка на c3 повалила 1 дерево»."""
    return _find(rf"(?<!{W})рубк{W}*\s+дерева\s+на\s+\S+\s+повал{W}*\s+\{{n\}}\s+дерев")(entry, form)


def turn_chooses(entry: Entry, form: str) -> str | None:
    """Kind 90: a turn chooses nothing («а хід вибирає {count}», a calque of "the turn chooses"): «а для цього
    ходу потрібно {count}»."""
    return _find(rf"(?<!{W})хід\s+вибира{W}*")(entry, form)


def label_after_a_preposition(entry: Entry, form: str) -> str | None:
    """Kind 91: a button's or a menu item's label in bold cannot take a preposition's case («після **Запустити
    всі клітинки**»): the sentence names the action («якщо вибрати в меню **Запустити всі клітинки**»)."""
    return _find(rf"(?<!{W})(?:після|до|перед|без|для)\s+\*\*")(entry, form)


def game_name_in_a_sentence(entry: Entry, form: str) -> str | None:
    """Kind 59: in a sentence the game is «у Logger» («А в Logger?»), never an inflected «у Лісорубі»; the
    Ukrainian name stands only in brackets in a title, «Logger (Лісоруб)»."""
    return _find(r"(?<![\w’])(?:[УуВв]|гр\w*)\s+«?Лісоруб\w*|(?<![\w’])Лісоруб(?:і|ові|ом)(?![\w’])", 0)(
        entry, form
    )


def player_fells(entry: Entry, form: str) -> str | None:
    """Kind 60: a player chops one tree; «валить / повалить» is what the chop or the domino does («рубка гравця 3
    валить три дерева»), not the player («гравець 3 валить три дерева»). `puzzle:why` is the other engineer's
    composed message and is left to them."""
    if entry.context == "puzzle:why":
        return None
    return _find(
        rf"(?:гравець\s+\d|\{{player\}})(?:\s+(?!рубк|доміно){W}+,?){{0,3}}?\s+(?:по)?вал(?:ить|ять|ив){W}*"
    )(entry, form)


# ---------------------------------------------------------------- the kinds of the third fresh reading


#: The review's English for the better (unplayed) turn: "That turn gets…", "After it, …", "With it, …", "the
#: better turn keeps…" ("this turn", the turn played, is not here).
_BETTER_TURN = re.compile(r"\bthat turn\b|\b(?:after|with) it\b|\bthe better turn keeps\b", re.IGNORECASE)


def better_turn_in_the_review(entry: Entry, form: str) -> str | None:
    """Kind 61: in `review` «цей хід / цим ходом / після цього ходу» is the turn played; the better turn, which
    was not played, is «такий / кращий хід», told in the conditional («підготував би», «мав би», «зберіг би»)."""
    if entry.context != "review" or not _BETTER_TURN.search(entry.msgid):
        return None
    found = _find(rf"(?<!{W})ц(?:ей|ього|им|ьому)\s+ход{W}*")(entry, form)
    if found:
        return found
    if not re.search(rf"(?<!{W})би?(?!{W})", form):
        return form
    return None


def count_in_brackets(entry: Entry, form: str) -> str | None:
    """Kind 62: «ще кілька раундів ({rounds})» dodges a plural form with a number in brackets; the count is a
    plural message of its own («ще 2 раунди», «ще 5 раундів»)."""
    return _find(rf"(?<!{W})кілька\s+{W}+\s+\(\{{\w+\}}\)")(entry, form)


#: Placeholders that are whole sentences (a task, a hint's idea, a question, a review's sentence).
_SENTENCE_SLOTS = r"task|steps|idea|question|sentence|reason|hint"


def sentence_after_a_colon(entry: Entry, form: str) -> str | None:
    """Kind 63: after a label with a colon a sentence goes on in lower case («Підказка: жадібний бот…»); a
    label before a whole sentence ({task}, {idea}, …, which start with a capital) ends with a full stop, as
    «**Питання.** {question}»: «Підказка. {steps}», «**Твоє завдання.** {task}»."""
    return _find(
        rf"(?:^|[.!?]\s+|\*\*)[А-ЯІЇЄҐ][\w’]*(?:\s[\w’]+)?:\**\s+(?:\{{(?:{_SENTENCE_SLOTS})\}}|[А-ЯІЇЄҐ])",
        0,
    )(entry, form)


def resigned(entry: Entry, form: str) -> str | None:
    """Kind 64: who resigned is told without a gender («{name} визнає поразку»), not «здався / здалася», nor the
    stiff noun «здача гри»."""
    return _find(rf"(?<!{W})(?:здав(?:ся|ш{W}*)|здал(?:а|и)с[яь]|здач{W}*\s+гри)(?!{W})")(entry, form)


def hint_label(entry: Entry, form: str) -> str | None:
    """Kind 65: one style for the label «Підказка»: before a sentence it ends with a full stop («Підказка.
    {task}», «Підказка. Жадібний бот…»); a colon only before a turn's notation («Підказка: {turn}»), so a
    pupil does not see «Підказка.» and «Підказка: жадібний…» as two styles of one label."""
    return _find(r"Підказка:\s+(?!\{turn\})\S+", 0)(entry, form)


#: The singular «ти» forms and imperatives a pupil's notebook uses, never the teacher's.
_TI = (
    rf"(?<!{W})(?:ти|тебе|тобі|тобою|твій|твоя|твоє|твої|твого|твоєї|твоїм|твоїх|твою)(?!{W})"
    rf"|(?:^|[.!?]\s+)(?:Запускай|Запусти|Заміни|Обговори|Натисни|Подивися|Вибери|Скопіюй|Спробуй)(?!{W})"
)


def teacher_as_vy(entry: Entry, form: str) -> str | None:
    """Kind 66: the teacher's version of a notebook speaks to the teacher as «ви» («Запускайте клітинки…»,
    «ваших учнів»), the pupils in the third person; never the pupil's «ти»."""
    if entry.context != "exercise:notebook:teacher":
        return None
    return _find(_TI, re.IGNORECASE)(entry, form)


#: A count, a rate or an answer the pupil gave: the placeholders that hold a figure (a name, a cell or a
#: sentence may open a sentence: «{name} думає…», «{reason}»).
_FIGURE_SLOT = r"\{(?:n|rate|games|given|count|points|score|total|low|high|half|chop|before|after)\}"


def opens_with_a_figure(entry: Entry, form: str) -> str | None:
    """Kind 67: a sentence does not open with a figure, in digits or a placeholder that holds one (the eighth
    readers: «2 твої ходи стали задачами», «0,380 — це частка…», «5 000 ігор — це…»): «Задачами стали {n} твої
    ходи», «Твоя відповідь {rate} — це…», «Уже 10 очок!». A label that is no sentence («{n} очок», «{n} гра;
    довірчі інтервали…», without a full stop) is left alone."""
    text = _outside_code(form)
    if not re.search(r"[.!?…](?:\s|$)", text):
        return None
    m = re.search(rf"(?:^|[.!?…]\s+)(?:\d|{_FIGURE_SLOT})", text)
    return m.group(0).strip() if m else None


def python_decimal(entry: Entry, form: str) -> str | None:
    """A question whose Python answer has a decimal says it is written with a point: Ukrainian writes
    «0,62», and `answer = (0,62, 0,52, 0,71)` is a tuple of six numbers («з крапкою: `0.45`»)."""
    asks = f"{entry.context}".endswith((":question", ":percent", ":format"))
    if asks and re.search(r"`[^`]*\d\.\d[^`]*`", form) and not re.search(r"крапк", form):
        return "a decimal answer in Python without «з крапкою»"
    return None


# ---------------------------------------------------------------- the kinds of the ninth reading


def elided_own(entry: Entry, form: str) -> str | None:
    """Kind 68: a clause with «свій» followed by one whose verb is left out («я роблю свій результат якомога
    більшим, ти — якомога меншим»): the gap is filled from the first clause, «свій» with it, and then points to
    the second subject (the opponent's own result, the opposite of minimax). Say the verb and «його»: «а ти
    робиш його якомога меншим»."""
    return _find(
        rf"(?<!{W})(?:свій|сво(?:я|є|ї|го|ю|єї|єму|їй|єю|їм|їх|ими))(?!{W})[^.;:]*?,\s*(?:а\s+)?(?:ти|він|вона|вони|я)\s+—"
    )(entry, form)


def total_after_a_chop(entry: Entry, form: str) -> str | None:
    """Kind 69: a running total right after what a chop fells («упадуть три дорослі дерева…: {points} і
    протестувальник», «рубка валить три дерева…: теж {reply_points}») reads as what those trees earn (1 point a
    tree): say whose score it becomes («у гравця 1 стане {points}»). «Повалено дерев: {points}» counts the
    trees."""
    return _find(
        r"(?:упадуть|упаде|падають|валить|валять|повалить)[^.;]*?:\s*(?:теж\s+|також\s+)?\{(?:points|reply_points|leader)\}"
    )(entry, form)


def notation_after_pislia(entry: Entry, form: str) -> str | None:
    """Kind 70: a turn's notation cannot take the genitive read aloud: «після ходу {turn}», never «після
    {turn}» or «після b4 xa4» (as «відповідає ходом {reply}» in the same messages)."""
    return _find(
        rf"(?<!{W})(?:після|до|перед)\s+(?:\{{(?:turn|reply|best|played)\}}|[a-e][1-5](?:[-+x\s][a-e]?\d?|$))"
    )(entry, form)


def lesson_done_word(entry: Entry, form: str) -> str | None:
    """Kind 71: a lesson done is «пройдено» («Урок пройдено!», «Цей урок уже пройдено», the dashboard's
    «Пройдені уроки»), never «виконано»."""
    return _find(rf"(?<!{W})урок{W}*\s+(?:уже\s+)?виконан{W}*|(?<!{W})виконан{W}*\s+урок{W}*")(entry, form)


def tie_without_po(entry: Entry, form: str) -> str | None:
    """Kind 72: a tie's points in brackets say «по» («Рівність очок (по 10 очок)»): «(10 очок)» reads as both
    players' total."""
    return _find(r"рівн\w*\s+очок\s*\((?!по\s)")(entry, form)


def zero_with_its_noun(entry: Entry, form: str) -> str | None:
    """Kind 73: a count of nothing is said in words, not as the digit 0 with its noun («за це питання 0
    балів», «в усіх 0 очок»): «балів не нараховано», «жодного очка» (docs/i18n.md). A zero that is a value
    («від 0 до 1», «містить 0») is left alone."""
    return _find(rf"(?<![\w,.\d−-])0\s+(?:бал|очк|очок|дерев|ход|протестувальник|помил|неточн){W}*")(
        entry, form
    )


#: Kind 74: the same word said again within one short text (the ninth reader): «Твоя власна задача … у твоїй
#: грі», «протестувальників у запасі більше: у тебе 2 протестувальники» and «його протестувальник», «Його
#: залишено як є: покажи його».
REPEATED = (
    r"Твоя\s+власна\s+задача[^·]*·[^·]*·[^·]*тво",
    r"протестувальників\s+у\s+запасі\s+більше:\s+у\s+тебе\s+\{mine\}",
    r"і\s+його\s+протестувальник\s+перейшов",
    r"Його\s+залишено\s+як\s+є:\s+покажи\s+його",
)


def repeated_word(entry: Entry, form: str) -> str | None:
    return _find("|".join(REPEATED))(entry, form)


#: Kind 75: a reference left without what it refers to: «у тому самому стовпці» (as what?), «хто грає за
#: кожного:» (each what?), «мусить рубати: лісоруб не може» (whose logger?).
INCOMPLETE = (
    r"у\s+тому\s+самому\s+стовпці\.",
    r"(?<![\w’])за\s+кожного:",
    r"мусить\s+рубати:\s+лісоруб",
)


def incomplete_reference(entry: Entry, form: str) -> str | None:
    return _find("|".join(INCOMPLETE))(entry, form)


#: Kind 76: clumsy phrasing and calques: «Зрівняй рахунок — 10 очок —», «збережи протестувальників у своєму
#: запасі», «пройти ходи», a puzzle «зіграти її знову» (a puzzle is solved), «шукає сили, які пояснюють»
#: (plural «сили» reads as forces), «позначить …, стає» (two tenses for one future).
CLUMSY = (
    r"Зрівняй\s+рахунок",
    r"збережи\s+протестувальників",
    r"(?<![\w’])пройти\s+ходи",
    r"(?:задач|її)\w*\s+[^.]{0,20}?зіграти\s+її",
    r"щоб\s+зіграти\s+її\s+знову",
    r"шукає\s+сили,",
    r"позначить\s+[^.]*?,\s+стає",
)


def clumsy_phrasing(entry: Entry, form: str) -> str | None:
    return _find("|".join(CLUMSY))(entry, form)


def last_round_begins(entry: Entry, form: str) -> str | None:
    """Kind 77: reaching 10 points starts no new round: the round under way is played to its end and becomes
    the last (docs/rules.md, "End of the game"): «10 очок: цей раунд стає останнім», never «починається
    останній раунд»."""
    return _find(rf"почина{W}*\s+останн{W}*\s+раунд|останн{W}*\s+раунд{W}*\s+почина")(entry, form)


def contrast_without_lyshe(entry: Entry, form: str) -> str | None:
    """Kind 79: «втрачено {loss} шансів…, але після цього ходу…» contrasts nothing until «лише» says the loss is
    small: «втрачено лише {loss} шансів на перемогу, але…» (tenth reader; es «solo se ha perdido»)."""
    return _find(r"(?<!лише\s)втрачено\s+\{loss\}[^.]*,\s+але\b")(entry, form)


def score_verb(entry: Entry, form: str) -> str | None:
    """Kind 80: one verb for scoring points, «набрати очки» («Набери 10 очок», «щоб набрати очко»), never
    also «заробити» or «здобути» (tenth reader: three verbs in one lesson)."""
    return _find(rf"(?<![\w’])(?:зароб|здоб)(?:и|ити|удь|уде|ув|ула|ули|уваєш|ляєш){W}*")(entry, form)


def protest_as_a_demonstration(entry: Entry, form: str) -> str | None:
    """Kind 81: «протестувати на d1» sounds like a demonstration held on a square: a turn puts a protester on a
    cell, «поставити протестувальника на d1» (plural «протестувальників на c2 і d2»), as the review and the
    hints say (tenth reader)."""
    return _find(rf"протест(?:увати|уй)\s+на\s+(?:\{{cells?\}}|[a-e][1-5](?!{W}))")(entry, form)


def sequence_of_tenses(entry: Entry, form: str) -> str | None:
    """Kind 78: a sentence about what will happen keeps the future to its end: «…стане твоєю власною задачею,
    і поле скаже, скільки їх вийшло», never the present «і поле каже» after «позначить», «стане» (tenth
    reader)."""
    return _find(
        rf"\b(?:стане|позначить|з’явиться|перетвориться|буде)\b[^.!?]*,\s+(?:і|й|а)\s+{W}+\s+"
        r"(?:каже|показує|пише|з’являється|стає|позначає)\b"
    )(entry, form)


def apposition_case(entry: Entry, form: str) -> str | None:
    """Kind 82: a bracket after a placeholder explains the seat in any case the seat is put in («41 % у гравця 1
    (ходить першим)»), so it holds no noun of its own in the nominative: «у гравця 1 (перший гравець)» puts a
    nominative beside a genitive (twelfth reader)."""
    return _find(rf"\{{\w+\}}\s+\([^)]*(?<!{W})(?:гравець|перший|другий)(?!{W})[^)]*\)")(entry, form)


def junction_of_conjunctions(entry: Entry, form: str) -> str | None:
    """Kind 83: where «тож», «але», «проте», «бо» meet «щоб», «якщо», «коли», a comma goes between them
    (Український правопис, the junction of conjunctions): «…, тож, щоб бути певними, …», or better no junction
    at all («тож потрібно більше ігор, щоб знати напевно»; twelfth reader)."""
    return _find(rf"(?<!{W})(?:тож|але|проте|однак|бо)\s+(?:щоб|якщо|коли|хоча|хоч)(?!{W})")(entry, form)


def umbrella_not_a_grade(entry: Entry, form: str) -> str | None:
    """Kind 84: the review's grades are «Неточність», «Помилка», «Груба помилка», and a «неточність» becomes a
    puzzle too: where the pupil's puzzles come from, the word for all three is «невдалі ходи», never «помилки»
    (the one grade). «помилка» is fine where the three grades are named together."""
    if not f"{entry.context}".startswith(("progress", "puzzle")) or re.search(r"неточн", form, re.I):
        return None
    return _find(rf"(?<!{W})помил{W}*")(entry, form)


def i_before_iotated(entry: Entry, form: str) -> str | None:
    """Kind 85: «і» or «та», never «й», before a word that begins with і, й, я, ю, є or ї (Правопис 2019,
    § 17): «турнір класу і як», «кожної теми і яка», «частку та інтервал»."""
    return _find(rf"(?<!{W})й\s+[іййяюєї]{W}*")(entry, form)


def pronoun_before_a_count(entry: Entry, form: str) -> str | None:
    """Kind 86: a plural pronoun before a count the message has in one form («у запасі їх {n}») reads
    «їх 1» when the count is 1: the count stands without it («у запасі {n}»)."""
    if len(entry.forms) > 1:
        return None
    return _find(rf"(?<!{W})(?:їх|них|вони)\s+\{{\w+\}}")(entry, form)


def dash_after_a_plain_space(entry: Entry, form: str) -> str | None:
    """Kind 88: a dash never starts a line (Ukrainian typesetting): the space before «—» is a no-break one
    («Ти\u00a0— гравець 2.»), so a narrow panel cannot put «— гравець 2.» on a line of its own."""
    return _find(r"\S \u2014", flags=0)(entry, form)


def nested_brackets(entry: Entry, form: str) -> str | None:
    """Kind 92: the rating chart's ``{rating}`` carries its own interval in brackets («1 520 (1 480–1 560)»), so
    «{name} ({rating})» reads «anna (1 520 (1 480–1 560))»: «{name} з рейтингом {rating}»."""
    return _find(r"\(\{rating\}\)", flags=0)(entry, form)


def name_after_u(entry: Entry, form: str) -> str | None:
    """Kind 87: a user's name does not decline («anna», «Олег»): «1 520 у anna» cannot take the genitive that
    «у» needs, so the name comes first, as the other items of a chart do: «{name} ({rating})»."""
    return _find(rf"(?<!{W})[ув]\s+\{{(?:name|names)\}}")(entry, form)


KINDS: dict[str, Check] = {
    "python decimal": python_decimal,
    "every other": _find(r"\bКожен інший\b"),
    "dash for a verb": dash_for_a_verb,
    "seat in brackets": seat_in_brackets,
    "notebook": notebook_word,
    "confidence level": bare_confidence_level,
    "rate": rate_name,
    "game-theory terms": game_theory_terms,
    "one word per concept": one_word_per_concept,
    "chop line": chop_line_word,
    "numbers and times": number_typography,
    "names without a verb": names_without_a_verb,
    "seeds as subject": seeds_as_subject,
    "rate as how often won": rate_as_how_often_won,
    "turn for movement": turn_for_movement,
    "forfeit": forfeit_term,
    "interval of the difference": interval_of_the_difference,
    "plural imperative": _uk_plural_imperative,
    "thousands": thousands,
    "one-off slips": one_off_slips,
    "result label names the loser": result_label_names_the_loser,
    "value word": value_word,
    "unquoted name": unquoted_name,
    "program voice": program_voice,
    "click verb": click_verb,
    "move verb": move_verb,
    "heavy phrasing": heavy_phrasing,
    "name starts a sentence": name_starts_a_sentence,
    "seat as place": seat_as_place,
    "ending reason": ending_reason,
    "bare number per game": bare_number_per_game,
    "в before a cluster": v_before_a_cluster,
    "product name": product_name,
    "fixed plural after a count": fixed_plural_after_a_count,
    "plural agreement": pronoun_in_form_zero,
    "case after a seat": case_after_a_seat,
    "calque": calque,
    "inconsistent term": inconsistent_term,
    "untranslated English": untranslated_english,
    "unclear for a child": unclear_for_a_child,
    "against the rules": against_the_rules,
    "reflexive possessive": reflexive_possessive,
    "review says whose turn": review_says_whose_turn,
    "tree limit": tree_limit,
    "felled trees": felled_trees,
    "felling verb": felling_verb,
    "press a cell": press_a_cell,
    "search bots": search_bots,
    "step word": step_word,
    "first word": first_word,
    "during word": during_word,
    "return time": return_time,
    "stay put": stay_put,
    "у or в": u_or_v,
    "stand for move": stand_for_move,
    "count in a governed case": count_in_a_governed_case,
    "bot level": bot_level,
    "keyboard help": keyboard_help,
    "chop as notation": chop_as_notation,
    "game name in a sentence": game_name_in_a_sentence,
    "player fells": player_fells,
    "better turn in the review": better_turn_in_the_review,
    "count in brackets": count_in_brackets,
    "sentence after a label's colon": sentence_after_a_colon,
    "resigned": resigned,
    "hint label": hint_label,
    "teacher as ви": teacher_as_vy,
    "opens with a figure": opens_with_a_figure,
    "elided «свій»": elided_own,
    "total after a chop": total_after_a_chop,
    "notation after «після»": notation_after_pislia,
    "lesson done": lesson_done_word,
    "tie without «по»": tie_without_po,
    "zero with its noun": zero_with_its_noun,
    "repeated word": repeated_word,
    "incomplete reference": incomplete_reference,
    "clumsy phrasing": clumsy_phrasing,
    "last round begins": last_round_begins,
    "sequence of tenses": sequence_of_tenses,
    "contrast without «лише»": contrast_without_lyshe,
    "score verb": score_verb,
    "protest as a demonstration": protest_as_a_demonstration,
    "apposition case": apposition_case,
    "junction of conjunctions": junction_of_conjunctions,
    "umbrella word for the grades": umbrella_not_a_grade,
    "і before an iotated vowel": i_before_iotated,
    "pronoun before a count": pronoun_before_a_count,
    "name after «у»": name_after_u,
    "dash after a plain space": dash_after_a_plain_space,
    "tree twice in a chop": tree_twice_in_a_chop,
    "turn chooses": turn_chooses,
    "label after a preposition": label_after_a_preposition,
    "nested brackets": nested_brackets,
}


def findings(check: Check, entries: list[Entry]) -> list[str]:
    out = []
    for entry in entries:
        for form in entry.forms:
            found = check(entry, form)
            if found:
                out.append(f"[{entry.context}] {entry.msgid[:70]!r}: «{found}»")
                break
    return out


# --------------------------------------------------------------------------- the catalogue has none


@pytest.fixture(scope="module")
def uk_entries() -> list[Entry]:
    return read_entries("uk")


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_ukrainian_catalogue_has_no_finding_of_this_kind(kind, uk_entries):
    problems = findings(KINDS[kind], uk_entries)
    assert not problems, f"{kind}:\n" + "\n".join(problems)


# --------------------------------------------------------------------------- each checker catches its kind

#: A planted message whose translator note says it may hold several names.
MANY_NAMES = "The game is over: {name} resigned."
MANY_NAMES_NOTE = "TRANSLATORS: {name} is one or more classmates' names."

#: (kind, context, English, the bad translation the reader found or one like it)
PLANTED = [
    (
        "plural agreement",
        "progress",
        "{n} of your turns became a puzzle for you: solve it with MistakesBoard().",
        "Задачі з твоїх ходів: {n}. Розв’язуй їх у MistakesBoard().",
    ),
    (
        "plural agreement",
        "progress:review",
        "The review found {n} error in your turns, … so it did not become a puzzle.",
        "Розбір знайшов {n} помилку у твоїх ходах, … тож задачею вона не стала.",
    ),
    (
        "plural agreement",
        "dashboard:progress",
        "{n} saved record cannot be read and is left out",
        "{n} збережений запис неможливо прочитати, його пропущено",
    ),
    (
        "case after a seat",
        "board:notice",
        "{player} is now played by a person.",
        "За {player} тепер грає людина.",
    ),
    ("case after a seat", "board:prompt", "{player}'s bot is thinking…", "Бот {player} думає…"),
    (
        "calque",
        "exercise:nash:title",
        "Which bot to bring: a Nash equilibrium",
        "Якого бота принести: рівновага Неша",
    ),
    (
        "calque",
        "exercise:nash:intro:1",
        "when someone else brings the bot",
        "коли хтось інший приносить бота",
    ),
    ("calque", "exercise:nash:solution", "a bot the others may bring", "бот, якого можуть принести інші"),
    (
        "calque",
        "exercise:own_bot:intro:2",
        "the biggest gain right now",
        "хапає найбільший виграш просто зараз",
    ),
    ("calque", "exercise:first_player:intro:3", "measured on n games", "Частка очок, виміряна на n іграх"),
    ("calque", "exercise:first_player:copies", "turn for turn", "ті самі ігри, хід у хід"),
    ("calque", "rules:protest:1", "each on a different mature tree", "постав кожного на інше доросле дерево"),
    (
        "calque",
        "review",
        "In trees and points both turns come to the same",
        "За деревами й очками обидва ходи",
    ),
    (
        "calque",
        "exercise:backward_induction",
        "a finished game is worth its result",
        "гра варта свого результату",
    ),
    ("calque", "exercise:nash:ok", "Right for the measured table", "Правильно для виміряної таблиці"),
    (
        "calque",
        "exercise:nash:unsure",
        "Solved with the ends of the intervals",
        "Якщо розв’язати з кінцями інтервалів",
    ),
    ("calque", "dashboard:csv", "puzzles played", "задач спробувано"),
    ("calque", "notebook:puzzles", "the bots tried every puzzle", "боти спробували кожну задачу"),
    ("calque", "notebook:puzzles", "to practise one kind of puzzle", "щоб потренувати один вид задач"),
    (
        "calque",
        "notebook:play",
        "replay the game with `board.load(...)`",
        "переглянути гру через `board.load(...)`",
    ),
    (
        "reflexive possessive",
        "notebook:online",
        "open this notebook on your class's JupyterHub",
        "відкрий цей блокнот на JupyterHub твого класу",
    ),
    ("review says whose turn", "review", "this turn was fine too", "тож твій хід теж був добрий."),
    ("inconsistent term", "rules:end:repetition", "the same player to move", "той самий гравець, чий хід"),
    (
        "seat as place",
        "exercise:own_bot:intro",
        "The seats are swapped every game.",
        "Боти міняються місцями.",
    ),
    ("unclear for a child", "puzzles", "side line: one turn off a bots' game", "на один хід від гри ботів"),
    ("heavy phrasing", "exercise:best_turn:wrong", "and reaches {points}", "і його рахунок стає {points}."),
    ("inconsistent term", "review", "over the next turns", "те саме на кілька кроків уперед"),
    (
        "inconsistent term",
        "exercise:ranking:no_table",
        "give its result to the checker",
        "передай її результат у перевірку",
    ),
    (
        "untranslated English",
        "exercise:first_player:question",
        "Player 1's rate (points per game)",
        "Яка частка очок гравця 1 (rate, очки за гру в середньому)",
    ),
    (
        "unclear for a child",
        None,
        "Protesters go on mature trees only, and {cell} is not one.",
        "Протестувальника можна поставити лише на доросле дерево, а на {cell} його немає.",
    ),
    (
        "unclear for a child",
        "exercise:protester:solution",
        "Chopping e4 from e5",
        "Рубка e4 з e5 дає {leader}",
    ),
    (
        "unclear for a child",
        "notebook:online",
        "(2 to 4 seats; bots may take some of them)",
        "(від 2 до 4 гравців; частину з них можуть зайняти боти)",
    ),
    (
        "unclear for a child",
        "notebook:online",
        "Your game is kept by the class hub",
        "Твою гру зберігає хаб класу",
    ),
    (
        "unclear for a child",
        None,
        "These spawned seedlings cannot all come from different mature trees",
        "Ці нові саджанці не можуть усі походити від різних дорослих дерев",
    ),
    (
        "against the rules",
        "rules:decisions:2",
        "The pool has 20 large pyramids",
        "У загальному резерві 20 великих пірамід, а кожному дереву потрібна одна.",
    ),
    (
        "against the rules",
        "board:count",
        "+{n} protester back to your supply",
        "+{n} протестувальник повернеться в запас",
    ),
    (
        "against the rules",
        "tutorial:spawning:1",
        "A mature tree in your row or column spawns a new seedling",
        "Доросле дерево у твоєму рядку чи стовпці розсіює насіння",
    ),
    (
        "plural imperative",
        "exercise:notebook",
        "Talk about your answers in class",
        "Це все. Обговоріть відповіді в класі: де боти погодилися з вами, а де ні?",
    ),
    ("fixed plural after a count", "review", "for {rounds} rounds", "гратимуть добре ще {rounds} раунди"),
    (
        "dash for a verb",
        "board:result",
        "The round was completed after {players} reached 10 points.",
        "{players} — 10 очок або більше, і раунд завершено.",
    ),
    (
        "dash for a verb",
        "online:status",
        "The game is over: {name} resigned.",
        "Гру завершено: {name} — гру здано.",
    ),
    (
        "dash for a verb",
        "online:status",
        "{name} lost by forfeit.",
        "Час на повернення для {name} минув — поразка.",
    ),
    ("seat in brackets", "board:prompt", "{player}'s bot has stopped.", "Бот ({player}) зупинився."),
    (
        "seat in brackets",
        "board:notice",
        "{player} is now played by a person.",
        "Тепер грає людина ({player}).",
    ),
    ("notebook", "class hub:waiting", "Preparing your notebooks…", "Готуємо твої зошити…"),
    ("notebook", "progress:personal", "on the board of the play notebook", "на полі зошита гри"),
    ("confidence level", "exercise:table", "{level} interval", "інтервал {level}"),
    (
        "confidence level",
        "chart",
        "Ratings ({level} confidence interval)",
        "Рейтинги (довірчий інтервал {level})",
    ),
    ("rate", "chart", "Win rate", "Частка перемог"),
    ("rate", "exercise:table", "Player 1's points per game", "очки гравця 1 за гру"),
    ("game-theory terms", "exercise:table", "value", "цінність"),
    (
        "game-theory terms",
        "exercise:game_value:question",
        "What is the value of this position for Player 1?",
        "Яка цінність цієї позиції для гравця 1?",
    ),
    (
        "game-theory terms",
        "exercise:backward_induction:bots",
        "Monte Carlo tree search (MCTS)",
        "Пошук Монте-Карло по дереву (MCTS)",
    ),
    ("one word per concept", "exercise:ranking:diff_apart", "Look again", "Подивись ще раз"),
    ("one word per concept", "board:notice", "Look and choose again.", "Подивися й обери ще раз."),
    ("one word per concept", "exercise:nash:unsure", "these games do not tell", "ці партії не кажуть"),
    ("one word per concept", "exercise:course:feedback", "Question {number}", "Запитання {number}"),
    (
        "chop line",
        "puzzle:idea",
        "One chop can fell a whole line of mature trees.",
        "Одна рубка може звалити цілий ряд дорослих дерев.",
    ),
    ("chop line", "tutorial:chop:wrong", "Stand at the end of the line", "Стань на краю ряду дорослих дерев"),
    ("numbers and times", "exercise:own_bot:time", "longer than {seconds} seconds", "довше за {seconds} с"),
    ("numbers and times", "dashboard", "Updated at {time}", "Оновлено о {time}"),
    ("numbers and times", "tutorial:tiebreak:ok", "10 to 10", "10 : 10 — очок порівну"),
    ("one word per concept", "exercise:ranking:elo", "look at its column", "дивися на цей стовпчик."),
    ("names without a verb", "online:status", MANY_NAMES, "Гру завершено: {name} здає гру."),
    (
        "names without a verb",
        "online:status",
        MANY_NAMES,
        "Гру завершено: час на повернення минув, і {name} отримує технічну поразку.",
    ),
    (
        "seeds as subject",
        "rules:growth:5",
        "as many mature trees as possible must spread their seeds",
        "насіння мусить розсіяти якомога більше дорослих дерев",
    ),
    (
        "seeds as subject",
        None,
        "as many trees as possible spread",
        "щоб насіння розсіяло якомога більше дерев",
    ),
    (
        "rate as how often won",
        "chart",
        "Each cell: how often the row bot beat the column bot",
        "У клітинці: як часто бот рядка перемагав бота стовпця",
    ),
    (
        "rate as how often won",
        "chart",
        "Heat map of how often each of {n} bot beat each other bot",
        "Теплова карта: як часто кожен із {n} бота перемагав кожного іншого бота",
    ),
    ("turn for movement", "rules:movement:1", "turn during a two-step move", "під час ходу на два кроки"),
    ("turn for movement", "review", "after moving to {destination}", "після ходу на {destination}"),
    ("forfeit", "dashboard", "by forfeit", "через неявку"),
    ("forfeit", "online:status", "{name} loses by forfeit.", "{name} програє."),
    (
        "interval of the difference",
        "exercise:ranking:diff_apart",
        "the {level} confidence interval of the difference",
        "інтервал з рівнем довіри {level} цієї різниці",
    ),
    (
        "interval of the difference",
        "exercise:ranking:ok_diff_apart",
        "the {level} confidence interval of the difference",
        "інтервал з рівнем довіри {level} для різниці",
    ),
    ("plural imperative", "rules:setup:2", "use these corners", "беріть такі кути"),
    ("thousands", "notebook:puzzles", "below 1500", "нижче 1500"),
    ("thousands", "exercise:sample_size", "1 068 games", "потрібно 1 068 ігор"),
    ("thousands", "chart", "0.5", "частка 0.5"),
    ("one-off slips", "chart", "Ended by repetition", "Гру завершено повторенням: та сама позиція втретє"),
    ("one-off slips", "progress:review", "do not agree", "але пошуки не погоджуються, який хід кращий"),
    ("result label names the loser", "dashboard", "by forfeit", "технічна поразка"),
    ("result label names the loser", "dashboard", "by resignation", "гру здано"),
    (
        "result label names the loser",
        "exercise:nash:intro:2",
        "nobody gains by changing their choice alone",
        "нікому не вигідно змінювати свій вибір самотужки.",
    ),
    (
        "result label names the loser",
        "dashboard:progress",
        "rates only the first try at a puzzle",
        "Сервіс сам перевіряє кожну спробу розв’язати задачу й оцінює лише першу спробу.",
    ),
    (
        "value word",
        "exercise:backward_induction:bots",
        "its values are estimates between 0 and 1",
        "його значення — оцінки від 0 до 1",
    ),
    ("value word", "exercise:kingmaker:solution", "the small MCTS values", "невеликі значення MCTS"),
    (
        "unquoted name",
        "board:notice",
        "First choose an action: Plant, Protest or Chop.",
        "Спочатку вибери дію: Посадити, Протестувати або Зрубати.",
    ),
    ("unquoted name", "rules:decisions:7", "a two-step move may turn (Movement)", "можна повертати (Рух)"),
    ("unquoted name", "board:notice", "the action phase was skipped", "Фазу дії пропущено"),
    ("program voice", "board:notice", "Looking for a good turn…", "Шукаю добрий хід…"),
    ("program voice", "review:board", "Looking for better turns… {done} / {total}", "Шукаю кращі ходи…"),
    ("click verb", "board:prompt", "Click a marked cell", "Натисни позначену клітинку"),
    ("click verb", "board:forced", "Click it.", "Натисни на нього."),
    ("click verb", "notebook:puzzles", "by clicking on the board", "зроби один хід, клацаючи по полю"),
    ("move verb", "tutorial:board:task", "Move your logger to b2", "Переведи лісоруба на b2"),
    ("move verb", "tutorial:growth:task", "Move so that", "Піди так, щоб"),
    ("move verb", "puzzle:idea", "move, plant or wait", "перейди, посади або зачекай"),
    ("move verb", "review", "Moving to {cell} was better.", "Краще було піти на {cell}."),
    (
        "heavy phrasing",
        "exercise:nash:unsure",
        "with {games} a pair",
        "ігор на пару ({games}) замало, щоб розрізнити {pairs}",
    ),
    ("heavy phrasing", "exercise:ranking:diff_solution", "are not independent", "не незалежні"),
    ("heavy phrasing", "exercise:first_player:code", "two random bots", "двоє ботів, що ходять навмання"),
    ("one-off slips", "board:prompt", "{player} (bot) is about to play.", "Зараз походить {player} (бот)."),
    (
        "one-off slips",
        "online:status",
        "The game is over: {name} resigned.",
        "Гру завершено. Гру здано: {name}.",
    ),
    (
        "one-off slips",
        "dashboard",
        "Copy this into a notebook cell and run it",
        "Скопіювати це в клітинку блокнота й запустити",
    ),
    ("name starts a sentence", "online:status", "{name} is thinking…", "{name} думає…"),
    (
        "name starts a sentence",
        "exercise:ranking:elo",
        "{name} is first by Elo",
        "Правильно. {name} перший за Ело, але питання про Бредлі — Террі.",
    ),
    ("seat as place", "online", "Class game {game}. Your seat: {you}.", "Гра {game}. Твоє місце: {you}."),
    ("seat as place", "notebook:online", "(2 to 4 seats; bots may take some)", "(від 2 до 4 місць; …)"),
    ("ending reason", "dashboard", "by resignation", "суперник здав гру"),
    (
        "ending reason",
        "online:status",
        "The game is over: {name} resigned.",
        "Гру завершено, бо її здано: {name}.",
    ),
    (
        "bare number per game",
        "exercise:nash:ok",
        "scores at least {value} per game",
        "набирає щонайменше {value} за гру",
    ),
    ("в before a cluster", "tutorial:growth:1", "every tree in your row", "кожне дерево в твоєму рядку"),
    ("в before a cluster", "progress:review", "in your turns", "помилку в твоїх ходах"),
    ("product name", "class sheet", "Logger class sheet", "Logger: аркуш класу"),
    ("product name", "exercise:notebook:seven", "the value of a protester", "цінність протестувальника"),
    (
        "one-off slips",
        "exercise:course:many",
        "Do not print that line yourself.",
        "Не друкуй такий рядок сам.",
    ),
]


PLANTED += [
    # the seventh fresh reading's instances
    ("move verb", "board:turn", "move {origin} → {destination}", "піти {origin} → {destination}"),
    ("move verb", "board:hint", "move here", "піти сюди"),
    ("move verb", "tutorial:hint-step", "Your logger goes to {cells}.", "Твій лісоруб іде на {cells}."),
    (
        "move verb",
        "exercise:turn:malformed",
        "Turn notation: where the logger goes",
        "Нотація ходів: куди йде лісоруб",
    ),
    ("move verb", "tutorial:board:wrong", "Your logger went to {cell}", "Твій лісоруб пішов на {cell}, тому"),
    ("calque", "exercise:kingmaker:question", "What is true about Player 2 here?", "Що правда про гравця 2?"),
    ("seat as place", "online", "Your seat: {you}.", "Гра {game} з однокласниками. Ти граєш за: {you}."),
]


PLANTED += [
    # the eighth reading: the reader's instances, one or more per kind
    ("tree limit", "rules:growth:7", "the limit of 20 trees still counts", "обмеження в 20 дерев діє й тут"),
    (
        "tree limit",
        "rules:decisions:2",
        "so we use this real limit",
        "тому ми застосовуємо це справжнє обмеження: поки на полі 20 дерев",
    ),
    ("tree limit", "online:lobby", "Turn limit", "Межа ходів"),
    (
        "felled trees",
        "rules:chop:3",
        "Protesters from the fallen trees",
        "Протестувальники зі зрубаних дерев",
    ),
    ("felled trees", "rules:decisions:7", "the pyramids of felled trees", "піраміди зрубаних дерев"),
    (
        "felling verb",
        "puzzle:task",
        "find the chop that fells the most trees",
        "знайди рубку, яка звалить найбільше дерев",
    ),
    ("felling verb", "rules:chop:2", "The falling tree knocks down", "Падаючи, дерево збиває доросле дерево"),
    (
        "felling verb",
        "exercise:kingmaker:solution",
        "Player 3 chops three trees",
        "гравець 3 зрубує три дерева",
    ),
    ("felling verb", "puzzle:why", "and fells {n} tree", "і зрубує {n} дерево"),
    (
        "press a cell",
        "notebook:play",
        '"choose" to click them on the board',
        '"choose" — кожен гравець натискає свій кут на полі',
    ),
    ("search bots", "progress:review", "the searches do not agree", "але пошукові боти не сходяться"),
    (
        "step word",
        "exercise:nash:ok",
        "up to the table's resolution of {step} per game",
        "з точністю до кроку таблиці ({step} очка за гру)",
    ),
    ("first word", "board:notice", "First choose an action", "Спочатку вибери дію"),
    ("during word", "chart", "Winning chances over the game", "Шанси на перемогу впродовж гри"),
    (
        "return time",
        "notebook:puzzles",
        "A puzzle you solve comes back after some days, one you do not solve after 10 minutes.",
        "Розв’язана задача повертається за кілька днів, нерозв’язана — за 10 хвилин.",
    ),
    ("stay put", "board:forced", "can only stay on {cell}", "може тільки залишитися на {cell}"),
    ("stay put", "rules:movement:1", "You may also stay where you are.", "Можна й залишитися на місці."),
    (
        "у or в",
        "exercise:best_turn:solution",
        "Chopping c4 fells three",
        "Якщо зрубати c4, впадуть три дерева",
    ),
    ("у or в", "rules:growth:5", "the limit of 20 trees", "через межу у 20 дерев"),
    ("у or в", "exercise:sample_size:question", "on each side", "на {half_width} в кожен бік"),
    ("stand for move", "tutorial:growth:wrong", "Stand in column c", "Стань у стовпець c або в рядок 4."),
    ("stand for move", "tutorial:movement:wrong", "Go up to a2 first", "Спершу ступи вгору на a2"),
    (
        "count in a governed case",
        "exercise:first_player:copies",
        "Different games among these {n}: {distinct}.",
        "Різних ігор серед цих {n}: {distinct}.",
    ),
    (
        "count in a governed case",
        "exercise:sample_size:solution",
        "it takes about {n_fine}",
        "знадобиться близько {n_fine}",
    ),
    (
        "one word per concept",
        "exercise:ranking:elo",
        "look at its column",
        "дивися на стовпець Бредлі — Террі.",
    ),
    (
        "one-off slips",
        "exercise:first_player:ok",
        "{rate} points per game",
        "{rate} (очки за гру в середньому)",
    ),
    ("one-off slips", "board", "More", "Ще"),
    ("one-off slips", "board", "Type a turn", "Напиши хід"),
    ("one-off slips", "board:bot", "Monte Carlo, hard", "Монте-Карло, складний"),
    ("one-off slips", "notebook:tutorial", "A whole game against an easy bot", "Ціла гра проти легкого бота"),
    (
        "one-off slips",
        "exercise:ranking:prior",
        "it pulls every rating",
        "це тягне всі рейтинги до {average}",
    ),
    ("one-off slips", "dashboard:arena", "The arena ended at {time}.", "Арену завершено ({time})."),
    (
        "one-off slips",
        "board:prompt",
        "{player}: growth!",
        "{player}: ріст! Вибери, де виросте новий саджанець",
    ),
    ("one-off slips", "tutorial:hint-step", "Then plant on {cells}.", "Потім посади на {cells}."),
    (
        "one-off slips",
        "board:notice",
        "Press “Next lesson”, or “Restart lesson” to play it again.",
        "Натисни «Наступний урок» або «Почати урок знову», щоб зіграти його ще раз.",
    ),
    # the second fresh reader's kinds, each with the string it found
    (
        "one-off slips",
        "board:result",
        "Tie on points ({points}).",
        "Очок порівну ({points}). Перемагає {player}.",
    ),
    (
        "one-off slips",
        "puzzle:idea",
        "No chop is best here: move, plant or wait.",
        "пересунь лісоруба, посади або зачекай.",
    ),
    (
        "one-off slips",
        "board:count",
        "+{n} protester to your supply",
        "+{n} протестувальник перейде у твій запас",
    ),
    ("bot level", "board:bot", "Monte Carlo, easy", "Монте-Карло, легкий"),
    ("bot level", "board:bot", "minimax, easy", "мінімакс, легкий"),
    (
        "keyboard help",
        "board",
        "Arrow keys move between cells, Enter or Space chooses, Esc goes back.",
        "Стрілки — перехід між клітинками, Enter або пробіл — вибрати, Esc — назад.",
    ),
    (
        "keyboard help",
        "board",
        "Keyboard: arrows move",
        "Клавіатура: стрілки — рух курсора, Enter — вибрати.",
    ),
    (
        "chop as notation",
        "review",
        "Chopping {cell} felled {n} tree: +{points}.",
        "Рубка {cell} повалила {n} дерево.",
    ),
    ("chop as notation", "review", "Chopping {cell} would have felled", "Рубка c3 повалила б 2 дерева."),
    (
        "game name in a sentence",
        "exercise:first_player:intro:1",
        "Is that so in Logger?",
        "А в Лісорубі? Точно",
    ),
    ("game name in a sentence", "rules", "in Logger", "У грі «Лісоруб» перший гравець"),
    (
        "player fells",
        "exercise:best_turn:solution",
        "Player 2 chops three trees",
        "Гравець 2 виходить і валить три дерева",
    ),
    ("player fells", "exercise:kingmaker:C", "Player 3 chops all three", "гравець 3 повалить усі три"),
    ("player fells", "exercise", "{player} chops", "Тоді {player} валить {n} дерево."),
    ("felling verb", "chart", "Chop: {n} tree felled", "Зрубано {n} дерево"),
    ("felling verb", "puzzle:why", "Trees felled: with yours, {mine}", "Зрубано дерев: твоїм ходом — {mine}"),
    ("felling verb", "tutorial:chop:wrong", "Trees felled: {points}.", "Зрубано {points}."),
    ("bot level", "notebook:tutorial", "against the easy bot", "Зіграй повну гру проти легкого бота."),
    (
        "better turn in the review",
        "review",
        "That turn gets a chop of {n} tree ready for {mover}'s next turn, not {played}.",
        "Цим ходом {mover} готує собі на наступний хід рубку на {n} дерево, а не на {played}.",
    ),
    (
        "better turn in the review",
        "review",
        "Whatever {player} answers, that turn keeps a chop of {n} tree ready",
        "Хоч би що відповів {player}, після цього ходу {mover} матиме готову рубку на {n} дерево",
    ),
    (
        "better turn in the review",
        "review",
        "With it, {player} keeps {n} protester, not {played}",
        "Кращим ходом {player} зберігає в запасі {n} протестувальника, а не {played}.",
    ),
    (
        "count in brackets",
        "review",
        "If everyone plays on well for {rounds}, …",
        "Якщо всі й далі гратимуть добре ще кілька раундів ({rounds}), …",
    ),
    ("sentence after a label's colon", "tutorial:hint", "Hint: {steps}", "Підказка: {steps}"),
    (
        "sentence after a label's colon",
        "notebook:tutorial",
        "**Your task:** {task}",
        "**Твоє завдання:** {task}",
    ),
    ("sentence after a label's colon", "exercise", "Hint: try it", "Підказка: Спробуй оцінити кожен хід."),
    ("resigned", "online:status", "{name} resigned.", "Гру завершено: гравець здався. Поразка: {name}."),
    ("resigned", "online:status", "{name} resigned.", "Гру завершено: здача гри. Поразка: {name}."),
    (
        "hint label",
        "exercise:own_bot:hint",
        "Hint: the greedy bot",
        "Підказка: жадібний бот дивиться лише на цей хід.",
    ),
    ("hint label", "tutorial:hint", "Hint: {steps}", "Підказка: {steps}"),
    # the round-6 reader's findings, as the old texts wrote them
    (
        "python decimal",
        "exercise:first_player:percent",
        "Write the rate and the interval as fractions between 0 and 1 (`0.45`, not `45`).",
        "Запиши частку й інтервал десятковими дробами від 0 до 1 (`0.45`, а не `45`).",
    ),
    (
        "every other",
        "puzzle:why",
        "Every other turn is clearly worse after the best reply.",
        "Кожен інший хід явно гірший після найкращої відповіді.",
    ),
    (
        "teacher as ви",
        "exercise:notebook:teacher",
        "Seven exercises… Run the cells",
        "Сім вправ. Запускай клітинки по черзі й заміни три крапки своєю відповіддю.",
    ),
    (
        "teacher as ви",
        "exercise:notebook:teacher",
        "That is all.",
        "Це все. Обговори свої відповіді в класі.",
    ),
    ("opens with a figure", "progress", "{n} of your turns became a puzzle", "{n} твої ходи стали задачами."),
    (
        "opens with a figure",
        "exercise:first_player:seat2",
        "Your rate {rate} is Player 2's.",
        "{rate} — це частка.",
    ),
    (
        "opens with a figure",
        "exercise:sample_size:many",
        "With {games} you have more than needed.",
        "Так. 5 000 ігор — це більше.",
    ),
    (
        "opens with a figure",
        "exercise:sample_size:square",
        "{given} is the square root",
        "{given} — це корінь: розв’яжи.",
    ),
    ("opens with a figure", "tutorial:end:ok", "10 points!", "10 очок! Почався кінець гри."),
]

#: The ninth reader's findings, as the catalogue wrote them.
PLANTED += [
    (
        "elided «свій»",
        "exercise:backward_induction:intro:1",
        "I make my result as big as possible, you make it as small as possible.",
        "Для двох гравців це правило мінімаксу: я роблю свій результат якомога більшим, ти — якомога меншим.",
    ),
    (
        "total after a chop",
        "exercise:best_turn:solution",
        "Chopping c4 fells three mature trees, one of them protested: {points} and a protester.",
        "Якщо зрубати c4, упадуть три дорослі дерева, одне з них із протестувальником: {points} і протестувальник.",
    ),
    (
        "total after a chop",
        "exercise:best_turn:solution",
        "Player 2 walks out and chops three trees in column d or e: {reply_points} as well",
        "Гравець 2 виходить, і його рубка валить три дерева в стовпці d або e: теж {reply_points}, а",
    ),
    (
        "notation after «після»",
        "exercise:best_turn:wrong",
        "After {turn} Player 2 answers",
        "Після {turn} гравець 2",
    ),
    ("notation after «після»", "exercise:best_turn:ok", "after b4 xa4", "після b4 xa4 рахунок гравця 1"),
    ("lesson done", "board:prompt", "Lesson solved!", "Урок виконано! Натисни «Наступний урок»."),
    ("lesson done", "board:notice", "This lesson is solved.", "Цей урок уже виконано."),
    ("tie without «по»", "board:result", "Tie on points ({points}).", "Рівність очок ({points}). Перемагає"),
    ("tie without «по»", "chart", "Tied on {n} points", "Рівність очок ({n} очок); у запасі"),
    ("zero with its noun", "exercise:course:many", "this question scores 0", "тож за це питання 0 балів."),
    (
        "zero with its noun",
        "rules:setup:3",
        "Everybody starts with 0 points.",
        "На початку гри в усіх 0 очок.",
    ),
    (
        "repeated word",
        "progress:personal",
        "Your own puzzle",
        "Твоя власна задача {n} з {total} · {theme} · {label} у твоїй грі",
    ),
    (
        "repeated word",
        "exercise:protester:ok",
        "but {mine} in your supply against {theirs}",
        "але протестувальників у запасі більше: у тебе {mine}, у гравця 1 — {theirs}.",
    ),
    ("repeated word", "progress:reason", "It is left as it is", "Його залишено як є: покажи його вчителю."),
    (
        "incomplete reference",
        "tutorial:growth:ok",
        "{cell} is in its column",
        "на {cell} стоїть у тому самому стовпці.",
    ),
    ("incomplete reference", "notebook:play", "who sits in each seat", "хто грає за кожного: людина чи бот"),
    (
        "incomplete reference",
        "exercise:backward_induction:intro:2",
        "the logger cannot move",
        "і він мусить рубати: лісоруб не може",
    ),
    (
        "clumsy phrasing",
        "tutorial:tiebreak:wrong",
        "Tie at 10 points",
        "Зрівняй рахунок — 10 очок — і збережи протестувальників.",
    ),
    ("clumsy phrasing", "notebook:play", "step through the turns", "щоб пройти ходи й побачити кращий хід."),
    ("clumsy phrasing", "puzzle", "to play it again", "Натисни «Спробувати ще раз», щоб зіграти її знову."),
    (
        "clumsy phrasing",
        "exercise:ranking:intro:1",
        "finds the strengths",
        "Бредлі — Террі шукає сили, які пояснюють",
    ),
    (
        "clumsy phrasing",
        "notebook:puzzles",
        "marks … becomes",
        "хід, який розбір позначить як помилку, стає задачею",
    ),
    (
        "last round begins",
        "chart",
        "{n} points: the last round begins",
        "{n} очок: починається останній раунд",
    ),
]

#: The twelfth reader's findings, as the catalogue wrote them.
PLANTED += [
    ("apposition case", "chart", "{player} (first player)", "{player} (перший гравець)"),
    (
        "junction of conjunctions",
        "exercise:ranking:ok_overlap",
        "so more games are needed to be sure",
        "{first} — перший, але його інтервал перетинається з інтервалом {second}, тож щоб бути певними, потрібно"
        " більше ігор.",
    ),
    (
        "umbrella word for the grades",
        "progress:personal",
        "They come from your errors",
        "Задач із твоїх ігор ще немає. Вони виникають із твоїх помилок: після гри…",
    ),
    (
        "umbrella word for the grades",
        "progress:review",
        "The review found {n} error in your turns",
        "Розбір знайшов {n} помилку у твоїх ходах, але алгоритми пошуку не сходяться щодо кращого ходу.",
    ),
]

#: The tenth reader's findings, as the catalogue wrote them.
PLANTED += [
    ("protest as a demonstration", "board:turn", "protest on {cells}", "протестувати на {cells}"),
    (
        "sequence of tenses",
        "notebook:puzzles",
        "After a game on a board of the play notebook, press **Review the game**",
        "кожен твій хід, який розбір позначить як помилку, стане твоєю власною задачею, і поле каже, скільки їх"
        " вийшло.",
    ),
    ("nested brackets", "chart", "{name} with {rating}", "{name} ({rating})"),
    (
        "tree twice in a chop",
        "review",
        "Chopping {cell} felled {n} tree",
        "Рубка дерева на {cell} повалила {n} дерево: +{points}.",
    ),
    (
        "turn chooses",
        "",
        "Not enough protesters in the supply: it holds {supply}, and the turn chooses {count}.",
        "У запасі замало протестувальників: є {supply}, а хід вибирає {count}.",
    ),
    (
        "label after a preposition",
        "notebook:play",
        "so **Run All** leaves the board ready to play",
        "тож після **Запустити всі клітинки** (англійською *Run All*) поле одразу готове до гри.",
    ),
    (
        "contrast without «лише»",
        "review",
        "Turn {ply}, {player}: {loss} of the winning chances lost, but this turn",
        "Хід {ply}, {player}: втрачено {loss} шансів на перемогу, але після цього ходу {next} міг",
    ),
    (
        "score verb",
        "tutorial:end:task",
        "Score one more",
        "У тебе 9 очок. Здобудь ще одне, щоб почався кінець гри.",
    ),
    (
        "score verb",
        "tutorial:end:wrong",
        "Chop a mature tree to score.",
        "Зрубай доросле дерево, щоб заробити очко.",
    ),
    ("one-off slips", "notebook:play", "who sits in each seat", "хто грає за кожного гравця: людина чи бот."),
    (
        "one-off slips",
        "exercise:own_bot:intro:2",
        "the biggest gain",
        "який одразу хапає найбільший виграш і",
    ),
    (
        "one-off slips",
        "exercise:ranking:elo",
        "look at its column",
        "Бредлі — Террі: подивися на його стовпець.",
    ),
    (
        "one-off slips",
        "exercise:notebook:teacher",
        "as they see them",
        "звернені до учнів, так, як вони їх бачать",
    ),
    (
        "one-off slips",
        "puzzle:why",
        "Trees in the biggest chop left to the others",
        "Дерев у найбільшій рубці, що лишається іншим: {mine} після твого ходу",
    ),
    (
        "і before an iotated vowel",
        "exercise:nash:discuss",
        "a class tournament and how a new bot",
        "виставиш на турнір класу й як новий бот когось із класу може змінити",
    ),
    ("name after «у»", "chart", "{name} with {rating}", "{rating} у {name}"),
    (
        "і before an iotated vowel",
        "exercise:first_player:percent",
        "Write the rate and the interval as decimals",
        "Запиши частку й інтервал десятковими дробами від 0 до 1",
    ),
    ("dash after a plain space", "board", "You are Player 2.", "Ти \u2014 гравець 2."),
    (
        "move verb",
        "rules:growth:3",
        "the cell your logger has just left is free",
        "клітинка, з якої твій лісоруб щойно пішов, вільна",
    ),
    (
        "pronoun before a count",
        "board:prompt",
        "{player}: choose mature trees for your protesters ({n} in your supply), then press Done.",
        "{player}: вибери дорослі дерева для своїх протестувальників (у запасі їх {n}), потім натисни «Готово».",
    ),
]


@pytest.mark.parametrize(("kind", "context", "msgid", "form"), PLANTED)
def test_each_checker_catches_a_planted_instance(kind, context, msgid, form):
    comments = MANY_NAMES_NOTE if msgid == MANY_NAMES else ""
    forms = (form, form, form) if kind == "plural agreement" else (form,)  # form [0] of a plural message
    assert findings(KINDS[kind], [Entry(context, msgid, forms, comments)]), (kind, form)


def test_every_kind_has_a_planted_instance():
    assert {p[0] for p in PLANTED} == set(KINDS)


@pytest.mark.parametrize(
    ("kind", "context", "msgid", "form"),
    [
        (
            "dash for a verb",
            "review",
            "the biggest chop {player} could make would be {n} tree",
            "найбільша рубка, яку зможе зробити {player}, — {n} дерево",
        ),
        ("seat in brackets", "chart", "{player} ({name})", "{player} ({name})"),
        ("notebook", "class hub:waiting", "Preparing your notebooks…", "Готуємо твої блокноти…"),
        (
            "confidence level",
            "chart",
            "Ratings ({level} confidence interval)",
            "Рейтинги й довірчі інтервали ({level})",
        ),
        (
            "confidence level",
            "exercise:first_player:level",
            "not a {level} one",
            "але рівень довіри не {level}",
        ),
        ("rate", "chart", "Win rate", "Частка очок"),
        (
            "game-theory terms",
            "exercise:notebook:seven",
            "the value of a protester",
            "цінність протестувальника",
        ),
        ("one word per concept", "exercise:notebook", "**Question.** {question}", "**Питання.** {question}"),
        ("chop line", "board", "the rows of the board", "рядок 3 і поряд нього"),
        ("numbers and times", "dashboard:arena", "Open until {time}", "Відкрита до {time}"),
        ("numbers and times", "exercise:own_bot:time", "{seconds} seconds", f"за {{seconds}}{NBSP}с"),
        (
            "names without a verb",
            "online:status",
            "The game is over. Won: {names}.",
            "Гру завершено. Перемога: {names}.",
        ),
        ("seeds as subject", "tutorial:spawning:ok", "spawned", "доросле дерево на c2 розсіяло насіння"),
        ("rate as how often won", "chart", "Win rate", "Частка очок у парах"),
        (
            "turn for movement",
            "review",
            "after moving to {destination}",
            "якщо спершу перейти на {destination}",
        ),
        ("forfeit", "dashboard", "by forfeit", "технічна поразка"),
        (
            "interval of the difference",
            "exercise:ranking:diff_apart",
            "the {level} interval of the difference",
            "інтервал цієї різниці з рівнем довіри {level}",
        ),
        ("plural imperative", "class sheet", "Cut the sheet along the lines", "Розріжте аркуш по лініях"),
        (
            "plural agreement",
            "progress",
            "{n} of your turns became a puzzle for you: solve it with MistakesBoard().",
            "{n} твій хід став задачею. Розв’язуй свої задачі в MistakesBoard().",
        ),
        (
            "plural agreement",
            "board:forced",
            "The new seedling could only grow on {cells}, so it is there already.",
            "Новий саджанець міг вирости лише на {cells}, тож він уже там.",
        ),
        (
            "case after a seat",
            "board:notice",
            "{player} is now played by a person.",
            "Тепер грає людина: {player}.",
        ),
        (
            "calque",
            "exercise:protester:shared",
            "a chop that also brings a protester",
            "рубка, яка принесе протестувальника",
        ),
        ("inconsistent term", "tutorial:movement:1", "0, 1 or 2 steps", "0, 1 або 2 кроки"),
        (
            "untranslated English",
            "tutorial:keys",
            "press Shift + Enter",
            "натисни Shift + Enter, клітинка c3, `rate`",
        ),
        ("unclear for a child", None, "and {cell} is not one.", "а на {cell} дорослого дерева немає."),
        (
            "against the rules",
            "rules:pieces:5",
            "so 19 large ones are in the pool",
            "у загальному резерві 19 великих",
        ),
        ("thousands", "rules:background:1", "in 2008", f"2008 року, 1{NBSP}500, 0,5, `1.5`"),
        ("one-off slips", "chart", "Ended by repetition", "Гру завершено через повторення позиції"),
        ("result label names the loser", "dashboard", "by forfeit", "через технічну поразку суперника"),
        ("value word", "exercise:table", "value", "ціна"),
        (
            "unquoted name",
            "rules:action:1",
            "**Plant**, **Protest** or **Chop**",
            "**Посадити**, «Зрубати». Рух",
        ),
        ("program voice", "class hub:waiting", "Preparing your notebooks…", "Готуємо твої блокноти…"),
        (
            "click verb",
            "board:prompt",
            "Click a marked cell",
            "Клацни на позначену клітинку; натисни **Підказка**",
        ),
        ("move verb", "review", "after moving to {destination}", "якщо спершу перейти на {destination}"),
        ("heavy phrasing", "exercise:nash:unsure", "{games} a pair", "{games} на пару замало; два боти"),
        ("name starts a sentence", "online:status", "{name} is thinking…", "Зараз думає {name}…"),
        ("name starts a sentence", "online:lobby", "{name} · {n} seat", "{name} · {n} місця"),
        ("name starts a sentence", "online:status", "{name} is not connected.", "Не на зв’язку: {name}."),
        ("seat as place", "online", "Your seat: {you}.", "Ти — {you}."),
        (
            "fixed plural after a count",
            "review",
            "for {rounds} rounds",
            "гратимуть добре (раундів: {rounds})",
        ),
        ("fixed plural after a count", "progress", "{n} turns", "ще {n} ходи"),
        (
            "seat as place",
            "exercise:ranking:code",
            "every pair plays, seats swapped",
            "пара грає по черзі за кожного гравця",
        ),
        (
            "seat as place",
            "online:lobby",
            "{joined} of {total} seats taken.",
            "{joined} з {total} місць зайнято.",
        ),
        ("ending reason", "dashboard", "by resignation", "бо суперник здав гру"),
        (
            "bare number per game",
            "exercise:nash:ok",
            "at least {value} per game",
            "щонайменше {value} очка за гру",
        ),
        ("в before a cluster", "tutorial:growth:1", "in your row", "дерево у твоєму рядку, в його стовпці"),
        ("product name", "class sheet", "Logger class sheet", "Logger (Лісоруб): аркуш класу"),
        ("tree limit", "chart", "Limit: {n} tree", "Межа: {n} дерево"),
        ("tree limit", "online:lobby", "Turn limit", "Обмеження ходів"),
        ("tree limit", "rules:protest:1", "the published rules set no distance", "відстані не обмежують"),
        (
            "felled trees",
            "tutorial:protest:1",
            "the domino effect of another chopped tree",
            "від іншого зрубаного дерева",
        ),
        (
            "felling verb",
            "chart",
            "Chop: {n} tree felled",
            "Рубка: повалено {n} дерево; рубка повалить; ефект доміно валить; зрубай перше з них",
        ),
        (
            "felling verb",
            "exercise:kingmaker:D",
            "chop the line e2–e4",
            "сам зрубати лінію e2–e4; зрубає лише e2",
        ),
        ("press a cell", "notebook:puzzles", "press it again", "натисни її ще раз; натисни «Готово»"),
        (
            "search bots",
            "notebook:play",
            "a search bot looks for better turns",
            "бот шукає кращі ходи; алгоритми пошуку",
        ),
        ("step word", "rules:movement:1", "0, 1 or 2 steps", "на 0, 1 або 2 кроки"),
        ("first word", "notebook:tutorial", "Run this cell first", "Спершу запусти цю клітинку"),
        ("during word", "board:notice", "To continue it", "Щоб продовжити її, протягом гри"),
        (
            "return time",
            "online:status",
            "If {name} is not back within {n} minute",
            "Якщо {name} не повернеться за {n} хвилину",
        ),
        (
            "return time",
            "progress:again",
            "This puzzle comes back in {n} minute.",
            "Ця задача повернеться через {n} хвилину.",
        ),
        (
            "stay put",
            "rules:chop:4",
            "stay where they are",
            "Молоде дерево й останнє доросле дерево залишаються на місці.",
        ),
        (
            "у or в",
            "board:count",
            "to your supply",
            "перейде у твій запас; у відгуку; межу в 20; c4, упадуть; дерево, що впало",
        ),
        (
            "game name in a sentence",
            "rules:background:1",
            "Logger",
            "Logger (Лісоруб) — настільна гра; Лісоруб робить 0, 1 або 2 кроки",
        ),
        (
            "player fells",
            "exercise:kingmaker:solution",
            "Player 3 chops",
            "рубка гравця 3 валить три дерева, і він виграє",
        ),
        (
            "player fells",
            "rules",
            "the domino effect fells",
            "гравець 3 рубає e2 (ефект доміно валить e2, e3 і e4)",
        ),
        (
            "chop as notation",
            "review",
            "Chopping {cell}",
            "Рубка на {cell} повалила 2 дерева. Якби зрубати c3, упали б 2 дерева.",
        ),
        ("bot level", "board:bot", "minimax, easy", "мінімакс, слабкий; Монте-Карло, сильний"),
        (
            "stand for move",
            "exercise:protester:solution",
            "Chopping e4 from e5",
            "Якщо зрубати e4, стоячи на e5",
        ),
        (
            "count in a governed case",
            "exercise:course:feedback",
            "{score} of {points}",
            "Твої бали: {score} з {points}",
        ),
        (
            "count in a governed case",
            "exercise:first_player:copies",
            "among these {n}",
            "У симуляції {n}; з них різних: {distinct}.",
        ),
        (
            "felling verb",
            "puzzle:why",
            "Trees felled: with yours, {mine}",
            "Повалено дерев: твоїм ходом — {mine}",
        ),
        ("bot level", "notebook:tutorial", "against the easy bot", "Зіграй повну гру проти слабкого бота."),
        (
            "better turn in the review",
            "review",
            "That turn gets a chop of {n} tree ready for {mover}'s next turn, not {played}.",
            "Кращим ходом {mover} підготував би собі на наступний хід рубку на {n} дерево, а не на {played}.",
        ),
        (
            "better turn in the review",
            "review",
            "Turn {ply}, {player}: {loss} of the winning chances lost, but this turn let {next} end the game",
            "Хід {ply}, {player}: втрачено {loss} шансів на перемогу, але після цього ходу {next} міг одразу "
            "закінчити гру",
        ),
        ("count in brackets", "review", "{n} round", "ще {rounds}; кілька раундів; (ігор: {games})"),
        (
            "sentence after a label's colon",
            "tutorial:hint",
            "Hint: {steps}",
            "Підказка. {steps}",
        ),
        ("sentence after a label's colon", "board:notice", "Hint: {turn}", "Підказка: {turn}"),
        (
            "sentence after a label's colon",
            "exercise",
            "Hint: the greedy bot",
            "Підказка: жадібний бот дивиться",
        ),
        ("sentence after a label's colon", "online:arena", "Your place", "Твоє місце: {rank} з {total}."),
        ("resigned", "online:status", "{name} resigned.", "Гру завершено через визнання поразки: {name}."),
        ("hint label", "board:notice", "Hint: {turn}", "Підказка: {turn}"),
        ("hint label", "puzzle:hint", "Hint: {idea}", "Підказка. {idea} {start} Натисни «Розв’язок»."),
        (
            "teacher as ви",
            "exercise:notebook:teacher",
            "Seven exercises… Run the cells",
            "Запускайте клітинки по черзі. Учні замінюють три крапки своєю відповіддю: перевірка каже їм, чи вона правильна.",
        ),
        ("teacher as ви", "exercise:notebook", "That is all.", "Це все. Обговори свої відповіді в класі."),
        (
            "opens with a figure",
            "progress",
            "{n} of your turns",
            "Задачами стали {n} твої ходи. Розв’язуй їх.",
        ),
        (
            "opens with a figure",
            "chart",
            "{n} game; {level} confidence",
            "{n} гра; довірчі інтервали ({level})",
        ),
        ("opens with a figure", "board:notice", "{reason}", "Такий хід не дозволено. {reason}"),
        (
            "elided «свій»",
            "exercise",
            "minimax",
            "я роблю свій результат якомога більшим, а ти робиш його якомога меншим.",
        ),
        (
            "elided «свій»",
            "rules",
            "their supply",
            "кладе протестувальників у свій запас: по 2 у грі на двох",
        ),
        (
            "total after a chop",
            "exercise:best_turn:solution",
            "{points}",
            "упадуть три дерева: у гравця 1 стане {points}",
        ),
        ("notation after «після»", "exercise:best_turn:ok", "after {turn}", "після ходу {turn} рахунок"),
        ("notation after «після»", "board:notice", "after {n} turns", "гру відновлено після {n} ходу."),
        ("lesson done", "board:prompt", "Lesson solved!", "Урок пройдено! Блокнот виконується за хвилину."),
        (
            "tie without «по»",
            "board:result",
            "Tie on points ({points}).",
            "Рівність очок (по {points}). Перемагає",
        ),
        (
            "last round begins",
            "chart",
            "{n} points: this round becomes the last",
            "{n} очок: цей раунд стає останнім",
        ),
        (
            "zero with its noun",
            "exercise:first_player:format",
            "between 0 and 1",
            "три числа від 0 до 1, містить 0: щоб",
        ),
    ],
)
def test_checkers_leave_correct_texts_alone(kind, context, msgid, form):
    assert findings(KINDS[kind], [Entry(context, msgid, (form,))]) == []


# --------------------------------------------------------------------------- the seat's genitive in the code


@pytest.mark.parametrize(
    ("language", "expected"), [("uk", "гравця 2"), ("es", "jugador 2"), ("en", "Player 2")]
)
def test_a_seat_has_a_genitive_form(language, expected):
    assert Translator(language).format(terms.PLAYER_OF, seat=2) == expected


def test_every_message_whose_seat_is_the_owner_says_so_and_takes_the_genitive():
    """The four bot notices get ``PLAYER_OF`` (uk «гравця 2»): their comment says "in the genitive"."""
    owners = [e for e in read_entries("uk") if "in the genitive" in e.comments]
    assert {e.msgid for e in owners} >= {
        "{player}'s bot has stopped. Try again, or play this seat yourself.",
        "{player}'s bot failed: {error}",
        "{player}'s bot chose a turn that is not allowed. {reason}",
        "{player} is now played by a person.",
    }
    for entry in owners:
        assert "({player})" not in entry.forms[0], entry


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("uk", "Бот гравця 2 зупинився."),
        ("es", "El bot del jugador 2 se ha detenido."),
        ("en", "Player 2's bot has stopped."),
    ],
)
def test_the_paused_prompt_names_the_seat_that_owns_the_bot(language, expected):
    from logger_widget.board.view import status_view

    class Seat:
        is_bot, paused = True, True

    class State:
        setup, lesson, thinking = None, None, None

    class FrameStub:
        replay, over, to_move, tip, stage = None, False, 2, None, None
        seat, state = Seat(), State()

    text = status_view(FrameStub(), Translator(language))["text"]
    assert text.startswith(expected), text


@pytest.mark.parametrize(
    ("language", "failed", "took_over"),
    [
        ("uk", "Помилка бота гравця 3: ", "За гравця 3 тепер грає людина."),
        ("es", "El bot del jugador 3 ha fallado: ", "Ahora una persona juega como jugador 3."),
        ("en", "Player 3's bot failed: ", "Player 3 is now played by a person."),
    ],
)
def test_the_bot_notices_name_the_seat_in_the_genitive(language, failed, took_over):
    from logger_widget.board.messages import player_of_text, text

    tr = Translator(language)
    assert text("bot_failed", player=player_of_text(3), error="ValueError: x")(tr).startswith(failed)
    assert text("took_over", player=player_of_text(3))(tr) == took_over


@pytest.mark.parametrize(
    ("language", "exact", "n"),
    [
        ("uk", f"1{NBSP}067,1", f"1{NBSP}068 ігор"),
        ("es", "1067,1", "1068 partidas"),
        ("en", "1,067.1", "1,068 games"),
    ],
)
def test_a_number_with_a_pattern_is_grouped_like_a_count_beside_it(language, exact, n):
    """«≈ 1 067,1, тобто потрібно 1 068 ігор»: the pattern's number gets the count's digit groups."""
    from logger_widget.classroom.exercises.first_player import sample_size_params
    from logger_widget.classroom.feedback import localise

    shown = localise(sample_size_params(), Translator(language))
    assert (shown["exact"], shown["n"]) == (exact, n)


@pytest.mark.parametrize(
    ("n", "expected"),
    [(1, "ще 1 раунд, то"), (2, "ще 2 раунди, то"), (5, "ще 5 раундів, то")],
)
def test_the_rounds_played_on_take_their_own_plural_form(n, expected):
    """Kind 62's fix: the review's "If everyone plays on well for {rounds}" gets {rounds} from its own plural
    message, so Ukrainian agrees with the number («ще 2 раунди», «ще 5 раундів»), with no «кілька … ({rounds})»."""
    from logger_widget.i18n.texts.review import COUNTS

    tr = Translator("uk")
    rounds = tr.count(COUNTS["rounds"], n)
    mine = tr.count(COUNTS["future_mine"], 3, player="гравець 1", rounds=rounds, played="2")
    others = tr.count(COUNTS["future_others"], 1, rounds=rounds, played="2")
    assert expected in mine and expected in others, (mine, others)
    assert mine == (
        f"Якби всі й далі грали добре {expected} після кращого ходу гравець 1 набрав би за ці раунди 3 очки, "
        "а після зіграного\u00a0— 2."
    )


@pytest.mark.parametrize(
    ("rule", "params", "expected"),
    [
        (
            "spawn_count",
            {"expected": 2, "given": 0},
            "Під час фази «Ріст» має з’явитися якомога більше нових саджанців: тут 2, а в цьому ході\u00a0— жодного.",
        ),
        ("spawn_count", {"expected": 2, "given": 1}, "…: тут 2, а не 1."),
        (
            "protest_no_supply",
            {"supply": 0, "count": 1},
            "У запасі немає жодного протестувальника, а для цього ходу потрібно 1.",
        ),
        ("protest_no_supply", {"supply": 1, "count": 2}, "…: є 1, а для цього ходу потрібно 2."),
    ],
)
def test_a_refused_turn_says_a_count_of_nothing_in_words(rule, params, expected):
    """Kind 73 in the engine's refusals: «а в цьому ході — жодного», «немає жодного протестувальника», never
    «а не 0» or «є 0» (``engine.errors.RULE_MESSAGES_NONE``)."""
    from logger_widget.i18n.explain import explain_rule

    text = explain_rule(Translator("uk"), rule, params)
    assert text.endswith(expected.lstrip("…")) if expected.startswith("…") else text == expected, text
    assert " 0" not in text


def test_a_puzzle_reason_says_a_count_of_nothing_in_words():
    """Kind 73 in the puzzle's reasons: «Повалено дерев: твоїм ходом — жодного; …», never «— 0»."""
    from logger_widget.i18n.texts.puzzles import WHY, WHY_NONE

    tr = Translator("uk")
    none_trees, none_points = tr.translate(WHY_NONE["trees"]), tr.translate(WHY_NONE["points"])
    assert tr.format(WHY["felled_both"], mine=none_trees, best="4") == (
        "Повалено дерев: твоїм ходом\u00a0— жодного; найкращим ходом\u00a0— 4."
    )
    assert tr.format(WHY["points_both"], mine=none_points, theirs="3").startswith(
        "Очки після цієї відповіді: у тебе\u00a0— жодного очка; "
    )


@pytest.mark.parametrize(
    ("lpn", "turn", "expected"),
    [
        (
            "...s./.43mm/...s./pam1a/pa.2. 1 5,2,7,3 1,0,1,0",
            "d2 +a3,c1 !b2",
            "поставити протестувальника на b2",
        ),
        (
            "as2../apa../...../....1/....a 2 1,8 0,3",
            "c5-d4 +b3 !a4,c4",
            "поставити протестувальників на a4 і c4",
        ),
    ],
)
def test_a_protest_in_a_turn_description_puts_protesters_on_cells(lpn, turn, expected):
    """Before: «протестувати на b2», a demonstration on a square; the form follows how many cells."""
    from logger_widget.board.view import describe_turn
    from logger_widget.engine.position import Position

    position = Position.from_lpn(lpn)
    assert describe_turn(Translator("uk"), position, position.parse_turn(turn)).endswith(expected)


# --------------------------------------------------------------------------- «у/в» in the composed chart texts

#: Kind 53 across the joins of a composed text: «у» after a vowel and before a consonant («3 очки у гравця 2»,
#: «2 і у гравця 2»), where Правопис 2019 §23 wants «в»; a template's «у {player}» meets whatever word the
#: count or the list puts before it, so the check reads the texts as composed.
_U_BETWEEN = re.compile(rf"[{_VOWEL}]\s+у\s+(?!{_U_BEFORE})[{_CONSONANT}]", re.IGNORECASE)


def u_after_a_vowel(text: str) -> list[str]:
    return [f"«{text[max(0, m.start() - 20) : m.end() + 10]}»" for m in _U_BETWEEN.finditer(text)]


def _chart_texts(language: str) -> list[str]:
    """Every chart text that puts a seat after a count or a list's «і»: the tie line's supplies, the score,
    evaluation and first-player charts' descriptions, for every count 0–20 and every number of seats."""
    from logger_widget.charts._common import text
    from logger_widget.charts.evaluation import MARKED, marks_list
    from logger_widget.charts.game import score_list, supply_list
    from logger_widget.charts.tournament import SeatRate, first_list
    from logger_widget.i18n.texts.charts import DESCRIBE, EVALUATION, RESULT

    tr = Translator(language)
    found = []
    for players in (2, 3, 4):
        seats = range(1, players + 1)
        for n in range(21):
            mixed = [(n + 3 * s) % 21 for s in seats]
            for supplies in ({s: n for s in seats}, dict(zip(seats, mixed))):
                found.append(text(tr, RESULT["tied"], n, supplies=supply_list(tr, supplies)))
            for points in ([n] * players, mixed):
                for names in (None, ["anna", "ben", "chris", "dana"][:players]):
                    players_text = score_list(tr, points, names)
                    found.append(text(tr, DESCRIBE["score"], n, players=players_text, result="."))
            for label in (*MARKED, None):
                counts = [{k: (n if label in (None, k) else 0) for k in MARKED} for _ in seats]
                found.append(text(tr, EVALUATION["describe"], n, seats=marks_list(tr, counts)))
        rate = 1 / players
        rows = [SeatRate(s, rate, rate - 0.04, rate + 0.04, rate) for s in seats]
        found.append(text(tr, DESCRIBE["first"], level="95 %", seats=first_list(tr, rows)))
    return found


def test_a_u_after_a_vowel_in_a_composed_text_is_found():
    for planted in (
        "Лінійний графік очок кожного гравця за 2 ходи: 10 очок у гравця 1 і 3 очки у гравця 2.",
        "Рівність очок (по 10 очок); протестувальників у запасі: у гравця 1 — 2 і у гравця 2 — 2",
        "…за 12 розібраних ходів: 2 неточності, 1 помилка у гравця 3.",
    ):
        assert u_after_a_vowel(planted), planted
    assert u_after_a_vowel("…: у гравця 1 — 10 очок; у гравця 2 — 3 очки; у твоєму запасі") == []


def test_no_chart_text_puts_u_after_a_vowel():
    """The charts' items name the owner first and are joined by «; » (uk «у гравця 1 — 10 очок; у гравця 2 —
    3 очки»), for every count and seat."""
    texts = _chart_texts("uk")
    found = [p for t in texts for p in u_after_a_vowel(t)]
    assert found == [], "\n".join(sorted(set(found))[:20])

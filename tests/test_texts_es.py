"""The Spanish texts, kind by kind: one check per kind of slip, over every message.

A fresh reader of the Spanish catalogue found slips that came back one message at
a time (the points-per-game quantity under four names, spawning under four verbs,
«jugador inicial» and «primer jugador», a «vosotros» among «tú» …). Each kind is
a rule here, run over every translated form of ``locales/es``; each rule is also shown to catch a planted instance, so a rule
that stops matching fails. docs/glossary.md lists the terms these rules keep.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from test_i18n_conventions import Entry, read_entries

from logger_widget.i18n import Translator
from logger_widget.i18n.texts import terms

ROOT = Path(__file__).resolve().parents[1]
Check = Callable[[Entry, str], str | None]


def _prose(text: str) -> str:
    """The text without `code spans` and {placeholders}: what a pupil reads as words."""
    return re.sub(r"\{[^{}]*\}", "{…}", re.sub(r"`[^`]*`", "`…`", text))


def _find(pattern: str, flags: int = re.IGNORECASE, contexts: tuple[str, ...] | None = None) -> Check:
    compiled = re.compile(pattern, flags)

    def check(entry: Entry, form: str) -> str | None:
        if contexts is not None and not f"{entry.context}".startswith(contexts):
            return None
        m = compiled.search(_prose(form))
        return m.group(0) if m else None

    return check


# --------------------------------------------------------------------------- the kinds

#: The English words of the points-per-game quantity (1 a won game, ½ a shared win, 0 a lost one).
_RATE_EN = re.compile(
    r"(?<!we )(?<!to )\b(?:win )?rate\b|\brates\b(?!\s+(?:only|them))|\bpoints per game\b", re.IGNORECASE
)


def _points_per_game(entry: Entry, form: str) -> str | None:
    text = _prose(form)
    m = re.search(r"\btasas?\b|\bporcentajes? de victorias\b", text, re.I)
    if m:
        return m.group(0)
    if _RATE_EN.search(_prose(entry.msgid)) and "puntos por partida" not in text.casefold():
        return "the quantity is not called «puntos por partida»"
    return None


#: Words that end like a vosotros imperative but are not one.
_NOT_VOSOTROS = {
    *("usted", "red", "pared", "sed", "césped", "huésped", "vid", "lid", "madrid", "ataúd"),
    *("mitad", "libertad", "voluntad", "amistad", "dificultad", "facultad", "lealtad", "majestad"),
}
#: Noun endings («probabilidad», «edad», «ciudad», «verdad», «bondad»); «comentad», «votad» stay imperatives.
_NOUN_ENDINGS = ("idad", "edad", "udad", "rdad", "ndad")


def _vosotros(entry: Entry, form: str) -> str | None:
    text = _prose(form)
    m = re.search(
        r"\bvosotr[oa]s\b|\bvuestr[oa]s?\b|\bos\b|\b\w+(?:áis|éis)\b|\b(?:veis|sois|vais|dais)\b", text, re.I
    )
    if m:
        return m.group(0)
    for m in re.finditer(r"\b\w{2,}[aei]d\b", text):  # an imperative: «comentad», «elegid», «haced»
        word = m.group(0).casefold()
        if not word.endswith(_NOUN_ENDINGS) and word not in _NOT_VOSOTROS:
            return m.group(0)
    return None


#: Spawning is «brotar»; «crecer» is the Growth phase itself, and «aparecer» is a third verb for it.
_SPAWN = (
    r"\b(?:crec|aparec)\w*\s+(?:\w+\s+){0,2}plántulas?\s+nuevas?"
    r"|\bplántulas?\s+nuevas?\s+(?:\w+\s+){0,3}(?:crec|aparec)\w*"
    r"|\bplántulas? que (?:ha|han) aparecido"
    r"|\baparec\w*\s+(?:una\s+)?plántula"
    r"|\bnuevas?\s+plántulas?"  # the order is «plántula nueva»
)

#: Paired labels that must not share a translation.
PAIRS = [
    (("review:label", "Best turn"), ("review", "Better turn: {turn}")),
    (("board", "Undo"), ("board", "Redo")),
]

KINDS: dict[str, tuple[str, Check]] = {
    "points_per_game": (
        "the average result a game (½ for a shared win) is «puntos por partida», never «tasa (de victorias)»",
        _points_per_game,
    ),
    "vosotros": ("the pupil is *tú* and a teacher *usted*: no vosotros form", _vosotros),
    "spawn": (
        "a seedling «brota» (not «crece», the Growth phase, nor «aparece»); «plántula nueva»",
        _find(_SPAWN),
    ),
    "first_player": (
        "«primer jugador», as the rule sheets say, never «jugador inicial»",
        _find(r"\bjugador(?:es)? inicial"),
    ),
    "half_width": (
        "an interval's «amplitud» and «semiamplitud», not «anchura»",
        _find(r"semianch\w*|\banchura\b"),
    ),
    "line": (
        "a chain of trees is a «línea»: «fila» is a rank of the board, «hilera» a second word",
        _find(r"\bhileras?\b|\bfilas? de árboles\b"),
    ),
    "turn_number": (
        "the game's turn number takes the seat in brackets («Jugada 7 (jugador 2)»), not «del» (his 7th turn)",
        _find(r"\bJugada \{…\} del\b", flags=0),
    ),
    "tense": (
        "the board, the review and the progress page say what just happened in the compuesto («ha encontrado»)",
        _find(
            r"\b(?:cambió|encontró|encontraron|tomó|convirtió|convirtieron|informó|detectó)\b",
            contexts=("review", "progress", "board"),
        ),
    ),
    "inclusive": (
        "«docente», «estudiante», «alumnado», «compañeros y compañeras»: no masculine generic",
        _find(r"\b(?:profesor(?:es)?|alumnos?)\b|\bcompañeros\b(?! y compañeras)"),
    ),
    "end_trigger": (
        "the end game «empieza» (not «se activa», «se desencadena»)",
        _find(r"\b(?:activa|activó|desencadena|desencadenó|dispara|disparó)\w*\s+el final"),
    ),
    "phase_name": (
        "a phase's name is capitalised: «la fase de Acción»",
        _find(r"\bfases? de (?:movimiento|crecimiento|acción)\b", flags=0),
    ),
    "dangling": (
        "no dangling participle «Resuelto con …, el equilibrio»: «Si se resuelve con …»",
        _find(r"\bresuelto con\b"),
    ),
    "play_a_turn": (
        "a turn is «hecha» (hacer una jugada), not «jugada» twice",
        _find(r"\bjugad[oa]s?\s+(?:una|ninguna|otra)\s+jugada|\bjuega\s+(?:la|una)\s+(?:única\s+)?jugada"),
    ),
    "forfeit": (
        "«por no volver a tiempo», «por ausencia», not the legal «incomparecencia»",
        _find(r"incomparecencia"),
    ),
    "stopped": (
        "«se ha detenido» («pararse» is to stand up in much of Latin America)",
        _find(r"\bse (?:ha )?par(?:ado|ó)\b"),
    ),
}


def kind_problems(entries: list[Entry], kinds: dict[str, tuple[str, Check]]) -> list[str]:
    problems = []
    for entry in entries:
        for name, (asks, check) in kinds.items():
            for form in entry.forms:
                found = check(entry, form)
                if found:
                    problems.append(f"[{entry.context}] {entry.msgid[:60]!r}: {name} ({asks}) — «{found}»")
                    break
    return problems


# --------------------------------------------------------------------------- the catalogues


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_spanish_catalogue_has_no_slip_of_this_kind(kind):
    problems = kind_problems(read_entries("es"), {kind: KINDS[kind]})
    assert not problems, "\n".join(problems)


#: One planted instance per kind: (kind, context, English, translation).
PLANTED = [
    ("points_per_game", "exercise:table", "points per game", "tasa de victorias"),
    ("points_per_game", "chart", "Win rate", "Porcentaje de victorias"),
    (
        "points_per_game",
        "exercise:first_player:rate",
        "The rate {rate} is wrong",
        "El resultado medio {rate} no es correcto.",
    ),
    ("vosotros", "exercise:notebook", "Talk about it", "Comentad las respuestas en clase."),
    ("vosotros", "exercise:notebook", "with you", "¿En qué han coincidido los bots con vosotros?"),
    ("vosotros", "board", "You see", "Ya veis el tablero."),
    ("spawn", "board:hint", "a new seedling can grow here", "aquí puede crecer una plántula nueva"),
    ("spawn", "engine", "cannot be spawned", "No puede aparecer una plántula en {cell}."),
    ("spawn", "tutorial:hint-step", "The new seedlings grow", "Las nuevas plántulas brotan en {cells}."),
    ("first_player", "chart", "{player} (first player)", "{player} (jugador inicial)"),
    ("half_width", "exercise:sample_size:half", "a half-width", "una semianchura de {half_width}"),
    ("half_width", "exercise:first_player:intro:4", "The width", "La anchura del intervalo"),
    ("line", "tutorial:chop:wrong", "the line of trees", "al final de la fila de árboles maduros"),
    ("line", "puzzle:idea", "a whole line", "toda una hilera de árboles maduros"),
    ("turn_number", "review", "Turn {ply}, {player}: {label}.", "Jugada {ply} del {player}: {label}."),
    ("tense", "progress:review", "The review found", "El análisis encontró {n} error."),
    ("tense", "board:notice", "The board changed", "El tablero cambió justo antes de tu clic."),
    ("inclusive", "exercise:course:feedback", "Your teacher's comment", "Comentario de tu profesor"),
    ("inclusive", "class codes", "give it to the pupil", "déselo al alumno."),
    ("inclusive", "class hub:waiting", "your classmates", "tus compañeros están iniciando"),
    ("end_trigger", "chart", "End of the game triggered", "Se activa el final de la partida"),
    ("end_trigger", "exercise", "triggers the end", "cualquier jugada desencadena el final de la partida"),
    ("phase_name", "board:notice", "the action phase", "se ha saltado la fase de acción."),
    (
        "dangling",
        "exercise:nash:unsure",
        "Solved with",
        "Resuelto con los extremos, el equilibrio es {mixes}.",
    ),
    ("play_a_turn", "notebook:play", "until a turn has been played", "hasta que se haya jugado una jugada"),
    (
        "play_a_turn",
        "tutorial:repetition:turns",
        "Play the only turn",
        "Juega la única jugada de cada jugador.",
    ),
    ("forfeit", "dashboard", "by forfeit", "por incomparecencia"),
    ("stopped", "tutorial:movement:wrong", "You stopped", "Tu leñador se ha parado en {cell}."),
]


@pytest.mark.parametrize(("kind", "context", "msgid", "form"), PLANTED)
def test_each_kind_catches_a_planted_instance(kind, context, msgid, form):
    problems = kind_problems([Entry(context, msgid, (form,))], KINDS)
    assert any(f": {kind} (" in p for p in problems), problems


def test_every_kind_has_a_planted_instance():
    assert {p[0] for p in PLANTED} == set(KINDS)


@pytest.mark.parametrize(
    ("context", "form"),
    [
        ("review", "Jugada 7 (jugador 2): la única jugada posible."),
        ("rules:growth:3", "Las plántulas que han brotado en este turno todavía no crecen."),
        ("rules:growth:1", "Mira toda la fila y toda la columna de tu leñador."),
        (
            "exercise:first_player:intro:1",
            "Con la probabilidad y la mitad de las partidas, la verdad es otra.",
        ),
        ("class codes", "Dé a cada estudiante su código; el alumnado y el profesorado lo ven."),
        ("notebook:online", "Juegas contra tus compañeros y compañeras."),
        (
            "exercise:first_player:format",
            "`answer = (rate, low, high)`: los puntos por partida y los extremos.",
        ),
        ("rules:end:1", "En cuanto alguien tiene 10 puntos, empieza el final de la partida."),
    ],
)
def test_the_kinds_leave_correct_texts_alone(context, form):
    assert kind_problems([Entry(context, "x", (form,))], KINDS) == []


@pytest.mark.parametrize("language", ["es"])
def test_paired_labels_are_translated_differently(language):
    tr = Translator(language)
    for first, second in PAIRS:
        a, b = (re.sub(r"[:\s]*\{\w+\}", "", tr.pgettext(*m)).strip().casefold() for m in (first, second))
        assert a != b, (first, second, a)


def test_the_first_player_term_is_the_rule_sheets():
    assert Translator("es").translate(terms.TERMS["first_player"]) == "primer jugador"

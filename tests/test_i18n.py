"""Tests of the internationalisation layer: runtime, catalogues, rules text, workflow."""

from __future__ import annotations

import builtins
import gettext
import importlib.util
import io
import os
import re
import shutil
import string
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.extract import extract
from babel.messages.pofile import read_po
from pseudolocalekit import unbracketed, view_strings

from logger_widget.i18n import (
    N_,
    NN_,
    NNP_,
    NP_,
    CatalogueError,
    LanguageFallbackWarning,
    Translator,
    negotiate,
)
from logger_widget.i18n import runtime as i18n
from logger_widget.i18n.texts import rules as rules_text
from logger_widget.i18n.texts import terms

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "locales"
POT = LOCALES / "logger_widget.pot"
LANGUAGES = ("en", "uk", "es")
NPLURALS = {"en": 2, "es": 2, "uk": 3}


def po_file(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / "logger_widget.po"


def read_catalog(path: Path):
    with path.open("rb") as fh:
        return read_po(fh)


def forms(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (tuple, list)) else [message.string]


def ids(message) -> list[str]:
    return list(message.id) if isinstance(message.id, (tuple, list)) else [message.id]


def placeholders(text: str) -> set[str]:
    return {field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field is not None}


def _load_script():
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------
# Catalogues
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_is_complete_and_clean(language):
    catalog = read_catalog(po_file(language))
    assert catalog.locale is not None and catalog.locale.language == language
    assert not catalog.fuzzy, "the header is marked fuzzy"
    assert not catalog.obsolete, f"obsolete entries: {list(catalog.obsolete)[:5]}"
    assert catalog.num_plurals == NPLURALS[language]
    problems = []
    count = 0
    for message in catalog:
        if not message.id:
            continue
        count += 1
        where = f"[{message.context}] {ids(message)[0][:50]!r}"
        if message.fuzzy:
            problems.append(f"fuzzy: {where}")
        strings = forms(message)
        if message.pluralizable:
            if len(strings) != catalog.num_plurals:
                problems.append(f"{len(strings)} plural forms, need {catalog.num_plurals}: {where}")
        if not all(s.strip() for s in strings):
            problems.append(f"empty msgstr: {where}")
    assert count > 50
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_and_markup_match(language):
    catalog = read_catalog(po_file(language))
    problems = []
    for message in catalog:
        if not message.id:
            continue
        msgids = ids(message)
        expected = placeholders(msgids[0])
        for msgid in msgids[1:]:
            assert placeholders(msgid) == expected, f"msgid/msgid_plural differ: {msgids}"
        for index, text in enumerate(forms(message)):
            try:
                found = placeholders(text)
            except ValueError as exc:  # unbalanced braces
                problems.append(f"{msgids[0][:40]!r} msgstr[{index}]: {exc}")
                continue
            if found != expected:
                problems.append(f"{msgids[0][:40]!r} msgstr[{index}]: {found} != {expected}")
            if text.count("**") != msgids[0].count("**"):
                problems.append(f"{msgids[0][:40]!r} msgstr[{index}]: bold markup differs")
    assert not problems, "\n".join(problems)


def test_catalogues_have_the_same_messages_as_the_template():
    def keys(path):
        return {(m.context, ids(m)[0], len(ids(m))) for m in read_catalog(path) if m.id}

    template = keys(POT)
    for language in LANGUAGES:
        assert keys(po_file(language)) == template, language


def test_english_catalogue_keeps_the_source_text():
    for message in read_catalog(po_file("en")):
        if message.id:
            assert forms(message) == ids(message), message.id


def test_uk_plural_forms_agree_with_cldr():
    catalog = read_catalog(po_file("uk"))
    rule = gettext.c2py(catalog.plural_expr)
    category_to_form = {"one": 0, "few": 1, "many": 2, "other": 2}
    plural_form = Locale("uk").plural_form
    for n in range(0, 250):
        assert rule(n) == category_to_form[plural_form(n)], n


@pytest.mark.parametrize("language", LANGUAGES)
def test_msgfmt_check_is_clean(language, tmp_path):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.fail("GNU gettext's msgfmt is not installed (apt-get install gettext)")
    result = subprocess.run(
        [msgfmt, "--check", "--statistics", "-o", str(tmp_path / "out.mo"), str(po_file(language))],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr.lower(), result.stderr
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr, result.stderr


def test_no_mo_files_in_the_source_tree():
    assert not list(LOCALES.rglob("*.mo")) or all(
        subprocess.run(["git", "check-ignore", "-q", str(p)], cwd=ROOT).returncode == 0
        for p in LOCALES.rglob("*.mo")
    )


# ---------------------------------------------------------------------------
# Workflow script
# ---------------------------------------------------------------------------


def test_pot_is_not_stale():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "i18n.py"), "check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_extractor_finds_method_calls_and_markers():
    script = _load_script()
    keywords = {}
    for spec in script.KEYWORDS:
        name, _, args = spec.partition(":")
        if not args:
            keywords[name] = None
        else:
            keywords[name] = tuple((int(a[:-1]), "c") if a.endswith("c") else int(a) for a in args.split(","))
    source = b"""
class Board:
    def label(self, n):
        a = tr.gettext("plain")
        b = self._tr.pgettext("ctx", "with context")
        c = self._tr.ngettext("{n} apple", "{n} apples", n)
        d = self._tr.npgettext("ctx2", "{n} pear", "{n} pears", n)
        e = _("underscore")
        return a, b, c, d, e

TABLE = {"x": N_("marked"), "y": NP_("ctx3", "marked with context")}
COUNT = NN_("{n} plum", "{n} plums")
PCOUNT = NNP_("ctx4", "{n} fig", "{n} figs")
"""
    found = {
        (context, message if isinstance(message, str) else tuple(message))
        for _line, message, _comments, context in extract("python", io.BytesIO(source), keywords=keywords)
    }
    assert found == {
        (None, "plain"),
        ("ctx", "with context"),
        (None, ("{n} apple", "{n} apples")),
        ("ctx2", ("{n} pear", "{n} pears")),
        (None, "underscore"),
        (None, "marked"),
        ("ctx3", "marked with context"),
        (None, ("{n} plum", "{n} plums")),
        ("ctx4", ("{n} fig", "{n} figs")),
    }


def test_markers_return_usable_values():
    assert N_("x") == "x"
    assert NP_("c", "x") == ("c", "x")
    assert NN_("a", "b") == ("a", "b")
    assert NNP_("c", "a", "b") == ("c", "a", "b")
    tr = Translator("uk")
    assert tr.ngettext(*terms.TREES, 5).format(n=5) == "5 дерев"


def test_rules_contexts_are_stable_keys():
    pattern = re.compile(r"rules:(title|[a-z]+:(title|[1-9][0-9]*))")
    contexts = [m.context for m in read_catalog(POT) if m.id and (m.context or "").startswith("rules:")]
    assert contexts and all(pattern.fullmatch(c) for c in contexts), contexts
    assert len(contexts) == len(set(contexts))
    for section, _title in rules_text.SECTIONS:
        numbers = sorted(
            int(c.rsplit(":", 1)[1]) for c in contexts if re.fullmatch(rf"rules:{section}:\d+", c)
        )
        assert numbers == list(range(1, len(numbers) + 1)) and numbers, section


# ---------------------------------------------------------------------------
# Negotiation
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("uk", "uk"),
        ("uk_UA", "uk"),
        ("uk-UA", "uk"),
        ("UK-ua", "uk"),
        ("uk_UA.UTF-8", "uk"),
        ("es", "es"),
        ("es_MX", "es_419"),
        ("es-419", "es_419"),
        ("es-AR", "es_419"),
        ("es_ES", "es"),
        ("ES-es", "es"),
        ("en", "en"),
        ("en-GB", "en"),
        ("en_US", "en"),
        (None, "en"),
    ],
)
def test_negotiate_supported_tags(tag, expected):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert negotiate(tag) == expected


@pytest.mark.parametrize("tag", ["fr", "zz-top", "", "   ", "de_DE", "x-klingon"])
def test_negotiate_unknown_tags_fall_back_with_warning(tag):
    with pytest.warns(LanguageFallbackWarning, match=re.escape(repr(tag))):
        assert negotiate(tag) == "en"


@pytest.mark.parametrize("tag", [42, b"uk", ["uk"], 3.5])
def test_negotiate_rejects_non_strings(tag):
    with pytest.raises(TypeError, match=re.escape(repr(tag))):
        negotiate(tag)


def test_translator_attributes_and_fallback():
    tr = Translator("uk-UA")
    assert tr.language == "uk"
    assert isinstance(tr.locale, Locale) and tr.locale.language == "uk"
    assert Translator("es-419").language == "es_419"
    assert Translator(Locale.parse("es_MX")).language == "es_419"
    assert Translator("es_ES").language == "es"
    with pytest.warns(LanguageFallbackWarning, match="'fr'"):
        tr_fr = Translator("fr")
    assert tr_fr.language == "en" and tr_fr.locale.language == "en"
    with pytest.raises(TypeError):
        Translator(7)


def test_the_list_of_languages_to_choose_from_has_latin_american_spanish_after_spanish():
    """``LANGUAGES``: every catalogue language, each followed by its regional variants; every one has a
    catalogue a Translator loads. ``language_choice`` names an entry exactly (case, ``-`` for ``_``)
    and guesses nothing: a region or another language is ``None``."""
    assert i18n.LANGUAGES == ("uk", "es", "es_419", "en")
    assert set(i18n.LANGUAGES) == set(i18n.SUPPORTED_LANGUAGES) | set(i18n.REGIONAL_VARIANTS)
    for language in i18n.LANGUAGES:
        assert Translator(language).language == language
        assert i18n.language_choice(language.upper().replace("_", "-")) == language
    assert i18n.language_choice(" es-419 ") == i18n.language_choice("Es_419") == "es_419"
    for text in ("es-MX", "es_ES", "en-GB", "en_XA", "fr", "ua", "", "es419", "es 419"):
        assert i18n.language_choice(text) is None, text


def test_translators_are_independent_and_nothing_is_installed():
    before = dict(vars(builtins))
    uk, es, en = Translator("uk"), Translator("es"), Translator("en")
    assert uk.pgettext("phase", "Growth") == "Ріст"
    assert es.pgettext("phase", "Growth") == "Crecimiento"
    assert en.pgettext("phase", "Growth") == "Growth"
    assert uk.pgettext("phase", "Growth") == "Ріст"
    assert dict(vars(builtins)).keys() == before.keys()
    with pytest.raises(AttributeError):
        uk.language_extra = 1  # __slots__: no per-instance dict to grow


# ---------------------------------------------------------------------------
# Catalogue loading errors
# ---------------------------------------------------------------------------


def test_missing_catalogue_raises(tmp_path, monkeypatch):
    (tmp_path / "en" / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(po_file("en"), tmp_path / "en" / "LC_MESSAGES" / "logger_widget.po")
    monkeypatch.setattr(i18n, "LOCALES_DIR_CANDIDATES", (tmp_path,))
    assert Translator("en").gettext("Player {seat}") == "Player {seat}"
    with pytest.raises(CatalogueError, match=r"uk[/\\]LC_MESSAGES[/\\]logger_widget\.po.*missing"):
        Translator("uk")


def test_missing_english_catalogue_is_not_silent(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "LOCALES_DIR_CANDIDATES", (tmp_path,))
    with pytest.warns(LanguageFallbackWarning):
        with pytest.raises(CatalogueError, match="en"):
            Translator("fr")


def test_no_locales_folder_raises(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "LOCALES_DIR_CANDIDATES", (tmp_path / "nope", tmp_path / "none"))
    with pytest.raises(CatalogueError, match="no locales folder"):
        Translator("es")


def test_package_folder_is_looked_at_first():
    assert i18n.LOCALES_DIR_CANDIDATES[0].parent.name == "logger_widget"
    assert i18n.LOCALES_DIR_CANDIDATES[1] == i18n.LOCALES_DIR_CANDIDATES[0].parent.parent / "locales"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "Plural-Forms"),
        (b"\x00\x01\x02garbage", "Plural-Forms"),
        ("<<GOOD>>\nthis is not po syntax\n", "misformatted"),
        (b'<<GOOD>>\nmsgid "x"\nmsgstr "\xff\xfe"\n', "decode"),
        ("<<LANG>>", "Language"),
    ],
)
def test_broken_catalogue_raises(tmp_path, monkeypatch, content, reason):
    good = po_file("uk").read_text(encoding="utf-8")
    if isinstance(content, str):
        # sentinels that no catalogue text contains, replaced one at a time
        content = content.replace("<<LANG>>", good.replace("Language: uk", "Language: es"))
        content = content.replace("<<GOOD>>", good).encode("utf-8")
    else:
        content = content.replace(b"<<GOOD>>", good.encode("utf-8"))
    target = tmp_path / "uk" / "LC_MESSAGES" / "logger_widget.po"
    target.parent.mkdir(parents=True)
    target.write_bytes(content)
    monkeypatch.setattr(i18n, "LOCALES_DIR_CANDIDATES", (tmp_path,))
    with pytest.raises(CatalogueError) as info:
        Translator("uk")
    assert str(target.resolve()) in str(info.value)
    assert reason in str(info.value)


def test_explicit_locales_dir(tmp_path):
    target = tmp_path / "es" / "LC_MESSAGES"
    target.mkdir(parents=True)
    text = po_file("es").read_text(encoding="utf-8")
    text = text.replace('msgstr "Jugador {seat}"', 'msgstr "Jugadora {seat}"')
    (target / "logger_widget.po").write_text(text, encoding="utf-8")
    assert Translator("es", locales_dir=tmp_path).format(terms.PLAYER, seat=3) == "Jugadora 3"
    assert Translator("es").format(terms.PLAYER, seat=3) == "Jugador 3"


# ---------------------------------------------------------------------------
# Counts and numbers
# ---------------------------------------------------------------------------

UK_POINTS = {
    0: "0 очок",
    1: "1 очко",
    2: "2 очки",
    4: "4 очки",
    5: "5 очок",
    11: "11 очок",
    12: "12 очок",
    21: "21 очко",
    22: "22 очки",
    25: "25 очок",
    101: "101 очко",
    111: "111 очок",
}
UK_TREES = {
    0: "0 дерев",
    1: "1 дерево",
    2: "2 дерева",
    4: "4 дерева",
    5: "5 дерев",
    11: "11 дерев",
    12: "12 дерев",
    21: "21 дерево",
    22: "22 дерева",
    25: "25 дерев",
    101: "101 дерево",
    111: "111 дерев",
}
UK_TURNS = {
    0: "0 ходів",
    1: "1 хід",
    2: "2 ходи",
    4: "4 ходи",
    5: "5 ходів",
    11: "11 ходів",
    12: "12 ходів",
    21: "21 хід",
    22: "22 ходи",
    25: "25 ходів",
    101: "101 хід",
    111: "111 ходів",
}
UK_PROTESTERS = {
    0: "0 протестувальників",
    1: "1 протестувальник",
    2: "2 протестувальники",
    4: "4 протестувальники",
    5: "5 протестувальників",
    11: "11 протестувальників",
    12: "12 протестувальників",
    21: "21 протестувальник",
    22: "22 протестувальники",
    25: "25 протестувальників",
    101: "101 протестувальник",
    111: "111 протестувальників",
}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (terms.POINTS, UK_POINTS),
        (terms.TREES, UK_TREES),
        (terms.TURNS, UK_TURNS),
        (terms.PROTESTERS, UK_PROTESTERS),
    ],
)
def test_uk_counts(message, expected):
    tr = Translator("uk")
    for n, text in expected.items():
        assert tr.count(message, n) == text
        assert tr.ngettext(*message, n).format(n=n) == text


def test_es_and_en_counts():
    es, en = Translator("es"), Translator("en")
    assert [es.count(terms.POINTS, n) for n in (0, 1, 2, 21)] == [
        "0 puntos",
        "1 punto",
        "2 puntos",
        "21 puntos",
    ]
    assert es.count(terms.TREES, 1) == "1 árbol" and es.count(terms.TREES, 3) == "3 árboles"
    assert es.count(terms.PROTESTERS, 1) == "1 manifestante"
    assert es.count(terms.TURNS, 2) == "2 jugadas"
    assert [en.count(terms.POINTS, n) for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]


def test_format_list_and_numbers():
    uk, es, en = Translator("uk"), Translator("es"), Translator("en")
    assert uk.format_list([1, 2, 3]) == "1, 2 і 3"
    assert es.format_list([1, 2, 3]) == "1, 2 y 3"
    assert en.format_list(["a1", "c3", "e5"]) == "a1, c3, and e5"
    assert uk.format_list([]) == ""

    def spaces(s):
        return s.replace("\u00a0", " ").replace("\u202f", " ")

    assert spaces(uk.format_number(1234567)) == "1 234 567"
    assert en.format_number(1234567) == "1,234,567"
    assert spaces(uk.format_decimal(1234.5)) == "1 234,5"
    assert en.format_decimal(1234.5678, format="#,##0.##") == "1,234.57"
    assert en.format_percent(0.25) == "25%"
    assert uk.format_percent(0.5) == "50\u00a0%"  # docs/i18n.md: a no-break space in uk and es
    assert Translator("es").format_percent(0.95) == "95\u00a0%"
    assert Translator("es_419").format_percent(0.95) == Translator("es-AR").format_percent(0.95) == "95%"
    assert spaces(uk.count(terms.POINTS, 1001)) == "1 001 очко"


# ---------------------------------------------------------------------------
# Glossary: an embedded copy of docs/glossary.md (concept, en, uk, es)
# ---------------------------------------------------------------------------

GLOSSARY = [
    ("the game", "Logger", "Logger (Лісоруб)", "Logger (Leñador)"),
    ("player's piece", "logger", "лісоруб", "leñador"),
    ("any tree", "tree", "дерево", "árbol"),
    ("stage 1", "seedling", "саджанець", "plántula"),
    ("stage 2", "sapling", "молоде дерево", "árbol joven"),
    ("stage 3", "mature tree", "доросле дерево", "árbol maduro"),
    ("protester", "protester", "протестувальник", "manifestante"),
    ("supply (of protesters)", "supply", "запас", "reserva"),
    ("common pool (of pyramids)", "pool", "загальний резерв", "reserva común"),
    ("phase 1", "Movement", "Рух", "Movimiento"),
    ("phase 2", "Growth", "Ріст", "Crecimiento"),
    ("phase 3", "Action", "Дія", "Acción"),
    ("action", "Plant", "Посадити", "Plantar"),
    ("action", "Protest", "Протестувати", "Protestar"),
    ("action", "Chop", "Зрубати", "Cortar"),
    ("chain of falling trees", "domino effect", "ефект доміно", "efecto dominó"),
    ("point", "point", "очко", "punto"),
    ("what a player plays", "turn", "хід", "jugada"),
    ("whose turn it is", "turn to play", "черга", "turno"),
    ("round", "round", "раунд", "ronda"),
    ("first player", "first player", "перший гравець", "primer jugador"),
    ("end game", "end game", "кінець гри", "final de la partida"),
    ("tie", "tie", "рівність очок", "empate"),
    ("bot", "bot", "бот", "bot"),
    ("seat", "Player 1", "гравець 1", "jugador 1"),
    ("the board", "board", "поле", "tablero"),
    ("a pupil's rating (puzzles, Elo)", "rating", "рейтинг", "valoración"),
    ("a square of the board", "cell", "клітинка", "casilla"),
    ("a result per game (1, ½ for a shared win, 0), averaged", "rate", "частка очок", "puntos por partida"),
    (
        "the statistical range around a rate or a rating",
        "confidence interval",
        "довірчий інтервал",
        "intervalo de confianza",
    ),
    ("what a position is worth with best play", "value", "ціна", "valor"),
    ("a Jupyter notebook", "notebook", "блокнот", "cuaderno"),
]
#: Words the glossary rules out (other sheets' wording).
FORBIDDEN = {
    "es": [r"\bplant[oó]n(es)?\b", r"\barbolitos?\b", r"\bprotestas?\b"],
    "uk": [],
}
#: How each glossary concept is shown by logger_widget.i18n.texts.terms (by concept and English term).
TERM_OBJECTS = {
    "Logger": terms.GAME_NAME,
    "logger": terms.PIECES["logger"],
    "tree": terms.PIECES["tree"],
    "seedling": terms.PIECES["seedling"],
    "sapling": terms.PIECES["sapling"],
    "mature tree": terms.PIECES["mature"],
    "protester": terms.PIECES["protester"],
    "supply": terms.TERMS["supply"],
    "pool": terms.TERMS["pool"],
    "Movement": terms.PHASES["movement"],
    "Growth": terms.PHASES["growth"],
    "Action": terms.PHASES["action"],
    "Plant": terms.ACTIONS["plant"],
    "Protest": terms.ACTIONS["protest"],
    "Chop": terms.ACTIONS["chop"],
    "domino effect": terms.TERMS["domino_effect"],
    "point": terms.TERMS["point"],
    "turn": terms.TERMS["turn"],
    "turn to play": terms.TERMS["turn_to_play"],
    "round": terms.TERMS["round"],
    "first player": terms.TERMS["first_player"],
    "end game": terms.TERMS["end_game"],
    "tie": terms.TERMS["tie"],
    "bot": terms.TERMS["bot"],
}
#: Glossary terms with no table of their own in terms.py, and a message that must use them.
TERM_USES = {
    "board": NP_("board", "Game board"),
    "rating": NP_("notebook:puzzles", "Your rating"),
    "cell": N_("A seedling cannot be spawned on {cell}: it is not a free cell."),
    "rate": NP_("exercise:table", "Player 1's points per game"),
    "confidence interval": NP_(
        "chart",
        "Each cell: how often the row bot beat the column bot, with its {level} confidence interval (Wilson).",
    ),
    "value": NP_("exercise:table", "value"),
    "notebook": NP_("class hub:waiting", "Preparing your folder and your notebooks…"),
}
#: Glossary terms the rules text has no reason to use (puzzle ratings; "whose turn it is" in English).
NOT_IN_RULES = {
    "rating": ("en", "uk", "es"),
    "turn to play": ("en",),
    # the exercises' and the class tools' terms
    **{term: ("en", "uk", "es") for term in ("rate", "confidence interval", "value", "notebook")},
}
GLOSSARY_FILE = ROOT / "docs" / "glossary.md"


def _contains(text: str, term: str) -> bool:
    # Capitalised glossary terms are names (phases, actions, the game): exact case.
    if term[:1].isupper():
        return term in text
    return term.casefold() in text.casefold()


def _glossary_rows() -> list[list[str]]:
    rows = []
    for line in GLOSSARY_FILE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("concept",) and not set(cells[0]) <= set("-: "):
            rows.append(cells)
    return rows


def test_embedded_glossary_matches_the_project_glossary():
    rows = _glossary_rows()
    assert rows, f"no glossary table in {GLOSSARY_FILE}"
    for concept, en, uk, es in GLOSSARY:
        matches = [r for r in rows if r[0] == concept and en.casefold() in r[1].casefold()]
        assert matches, f"glossary row for {concept!r}/{en!r} not found in docs/glossary.md"
        assert any(uk in r[2] for r in matches), (concept, uk, matches)
        assert any(es in r[3] for r in matches), (concept, es, matches)
    covered = {(c, e.casefold()) for c, e, _u, _s in GLOSSARY}
    for row in rows:
        assert any(c == row[0] and e in row[1].casefold() for c, e in covered), (
            f"glossary concept {row[0]!r} ({row[1]}) is missing from the embedded copy"
        )


def test_the_project_references_no_file_outside_the_repository():
    """The docs, the package and the scripts name the project's own glossary, never ``shared/GLOSSARY.md``."""
    offenders = []
    for folder in ("docs", "logger_widget", "scripts"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".md", ".py") and "shared/GLOSSARY" in path.read_text(encoding="utf-8"):
                offenders.append(str(path.relative_to(ROOT)))
    assert not offenders, offenders


@pytest.mark.parametrize("language", ["uk", "es"])
def test_terms_translate_to_the_glossary(language):
    tr = Translator(language)
    column = 2 if language == "uk" else 3
    for entry in GLOSSARY:
        en = entry[1]
        if en == "Player 1":
            assert tr.format(terms.PLAYER, seat=1).casefold() == entry[column].casefold()
            assert tr.format(terms.PLAYER_IN_SENTENCE, seat=1) == entry[column]
        elif en in TERM_USES:
            assert _contains(tr.translate(TERM_USES[en]), entry[column]), en
        else:
            assert tr.translate(TERM_OBJECTS[en]) == entry[column], en


@pytest.mark.parametrize("language", ["uk", "es"])
def test_rules_use_every_glossary_term(language):
    text = rules_text.rules_markdown(Translator(language))
    column = 2 if language == "uk" else 3
    missing = [
        entry[column]
        for entry in GLOSSARY
        if language not in NOT_IN_RULES.get(entry[1], ()) and not _contains(text, entry[column])
    ]
    assert not missing, f"glossary terms not used in the {language} rules: {missing}"
    if language == "uk":
        for word in ("очко", "очки", "очок"):
            assert re.search(rf"\b{word}\b", text), word
    for pattern in FORBIDDEN[language]:
        assert not re.search(pattern, text, re.IGNORECASE), pattern


def test_english_rules_use_the_glossary():
    text = rules_text.rules_markdown(Translator("en"))
    missing = [
        entry[1]
        for entry in GLOSSARY
        if "en" not in NOT_IN_RULES.get(entry[1], ()) and not _contains(text, entry[1])
    ]
    assert not missing


# ---------------------------------------------------------------------------
# Rules text
# ---------------------------------------------------------------------------

LATIN_ALLOWED_UK = {"Logger", "Erik", "Dresner", "Looney", "Pyramids", "Icehouse"}
CELL = re.compile(r"[a-e][1-5]|[a-e]")


def test_sections_are_the_expected_ones():
    assert [s for s, _t in rules_text.SECTIONS] == [
        "background",
        "pieces",
        "setup",
        "turn",
        "movement",
        "growth",
        "action",
        "plant",
        "protest",
        "chop",
        "end",
        "winner",
        "decisions",
    ]
    with pytest.raises(KeyError):
        rules_text.rules_paragraphs("nonsense", Translator("en"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_section_renders(language):
    tr = Translator(language)
    en = Translator("en")
    for section, _title in rules_text.SECTIONS:
        paragraphs = rules_text.rules_paragraphs(section, tr)
        assert paragraphs and all(p.strip() for p in paragraphs), section
        title = rules_text.section_title(section, tr)
        if language != "en":
            english = rules_text.rules_paragraphs(section, en)
            for ours, theirs in zip(paragraphs, english):
                assert ours != theirs, f"{section}: not translated: {ours[:60]!r}"
        if language == "uk":
            for text in [title, *paragraphs]:
                assert re.search("[а-яіїєґА-ЯІЇЄҐ]", text), text
                latin = [
                    w
                    for w in re.findall(r"[A-Za-z][A-Za-z0-9']*", text)
                    if w not in LATIN_ALLOWED_UK and not CELL.fullmatch(w)
                ]
                assert not latin, f"{section}: English words left in uk: {latin}"
        if language == "es":
            for text in [title, *paragraphs]:
                english_words = re.findall(r"\b(the|and|you|your|trees?|with|player)\b", text)
                assert not english_words, f"{section}: English words left in es: {english_words}"
    markdown = rules_text.rules_markdown(tr)
    assert markdown.startswith("# ")
    assert markdown.count("\n## ") == len(rules_text.SECTIONS)
    some = rules_text.rules_markdown(tr, sections=["chop"])
    assert some.count("\n## ") == 1 and rules_text.section_title("chop", tr) in some


def test_rules_content_follows_the_spec():
    text = rules_text.rules_markdown(Translator("en"))
    for needle in (
        "Erik Dresner",
        "2008",
        "Looney Pyramids",
        "5\u00a0×\u00a05",
        "a1",
        "c3",
        "e5",
        "20 trees",
        "a1 and e5",
        "a1, e1 and e5",
        "a1, e1, e5 and a5",
        "2 each",
        "1 each",
        "0, 1 or 2 steps",
        "twice",
        "compulsory",
        "domino effect",
        "2 points",
        "10 or more points",
        "same number of turns",
        "protesters left in their supply",
        "tie",
        "third time",
        "switched off for teaching",
        "limit on the number of turns",
        "Project decision",
        "not even your own logger",
    ):
        assert needle in text, needle
    uk = rules_text.rules_markdown(Translator("uk"))
    assert "2 очки" in uk and "1 очко" in uk and "10 очок" in uk
    es = rules_text.rules_markdown(Translator("es"))
    assert "2 puntos" in es and "1 punto" in es and "10 puntos" in es


@pytest.mark.parametrize("tag", ["ua", "UA", "ua-UA", "ua_UA"])
def test_ukraine_country_code_is_taken_for_ukrainian(tag):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert negotiate(tag) == "uk"


# ---------------------------------------------------------------------------
# One way of explaining an illegal turn (logger_widget.i18n.explain)
# ---------------------------------------------------------------------------


def _refusal(choice: str):
    from logger_widget import Position
    from logger_widget.engine.errors import IllegalTurnError

    t = Position.initial().start_turn()  # stage "move": no action can be chosen yet
    with pytest.raises(IllegalTurnError) as info:
        t.choose(choice)
    return info.value


@pytest.mark.parametrize("language", ["uk", "es"])
@pytest.mark.parametrize("option", ["plant", "protest", "chop", "done"])
def test_not_an_option_names_the_option_in_the_players_language(language, option):
    from logger_widget.i18n.explain import OPTION_LABELS, explain_error

    error = _refusal(option)
    tr = Translator(language)
    text = explain_error(tr, error)
    assert not re.search(rf"\b{option}\b", text, re.I), text  # no raw English option name
    assert tr.translate(OPTION_LABELS[option]) in text, text
    assert text != tr.gettext("{choice} is not one of the choices now.")  # filled in


def test_not_an_option_keeps_cell_names():
    from logger_widget.i18n.explain import explain_error

    assert "e5" in explain_error(Translator("uk"), _refusal("e5"))


def test_one_explanation_for_board_tutorial_and_exercises():
    from logger_widget import Position
    from logger_widget.board import view
    from logger_widget.classroom import tutorial
    from logger_widget.classroom.feedback import text
    from logger_widget.engine.errors import IllegalTurnError
    from logger_widget.i18n import explain

    assert view.explain_error is explain.explain_error
    tr = Translator("es")
    position = Position.initial()
    with pytest.raises(IllegalTurnError) as info:
        position.play("a1-a4")
    expected = explain.explain_error(tr, info.value)
    feedback = tutorial.Feedback(False, tutorial._ILLEGAL, detail=(info.value.rule, info.value.params))
    assert feedback.text(tr).endswith(expected)
    assert text(explain.RuleNote(info.value.rule), tr, **info.value.params) == expected


def test_explanations_format_numbers_with_the_translator():
    from logger_widget.i18n.explain import explain_rule

    text = explain_rule(Translator("es"), "protest_no_supply", {"supply": 15000, "count": 2})
    assert "15\u00a0000" in text
    text = explain_rule(Translator("uk"), "protest_no_supply", {"supply": 1500, "count": 2})
    assert "1\N{NO-BREAK SPACE}500" in text


# ---------------------------------------------------------------------------
# The rule positions behind the wording of the rules text and the tutorial
# ---------------------------------------------------------------------------


def test_rule_positions_spawn_competition():
    # rules:growth:5 / tutorial spawning: "as many trees as possible", not "every tree that can".
    from logger_widget import Position

    p = Position.from_lpn("....2/...../...../ss.s./1m.ma 1 0,0 2,2")
    t = p.start_turn().choose("a1")
    assert set(t.spawning_trees) == {"b1", "d1"}  # both spawn …
    assert t.spawns_needed == 1 and set(t.options()) == {"c1"}  # … but only one seedling fits
    assert {turn.spawns for turn in p.legal_turns() if turn.destination == "a1"} == {("c1",)}
    text = rules_text.rules_markdown(Translator("en"), ["growth"])
    assert "as many mature trees as possible" in text and "only when" not in text
    from logger_widget.classroom.tutorial import lesson

    spawning = " ".join(Translator("en").translate(m) for m in lesson("spawning").explanation)
    assert "as many trees as possible" in spawning and "every tree that can" not in spawning


def test_rule_positions_chop_chain_stops():
    # tutorial chop: the chain stops at the first cell without a mature tree.
    from logger_widget import Position

    before = Position.from_lpn("....2/...../...../...../1m.m. 1 0,0 2,2")
    after = before.play("a1 +b2,e1 xb1")
    assert after.scores[0] == 1
    assert after.trees.get("d1") == "mature" and "b1" not in after.trees
    assert after.pool == before.pool - 2 + 1  # two seedlings spawned, the felled tree's pyramids back
    from logger_widget.classroom.tutorial import lesson

    chop = " ".join(Translator("en").translate(m) for m in lesson("chop").explanation)
    assert "until the chain" in chop and "every mature tree behind it" not in chop


def test_rule_positions_forced_protest():
    # rules:action:2: protesting is an action, so it cannot be skipped when it is the only one.
    from logger_widget import Position
    from logger_widget.engine.errors import IllegalTurnError

    p = Position.from_lpn("m.ss2/m.ssm/m.pss/pssss/1pmmm 1 0,0 1,0")  # walled in, one protester left
    kinds = {turn.action.kind if turn.action else None for turn in p.legal_turns()}
    assert kinds == {"protest"}
    with pytest.raises(IllegalTurnError) as info:
        p.play("a1")
    assert info.value.rule == "action_required"
    text = rules_text.rules_markdown(Translator("en"), ["action"])
    assert "you must protest" in text and "Project decision" in text


#: Every project decision of docs/rules.md (the words right after its mark), the rules message that tells the
#: players, and words of its English text. The list is read off docs/rules.md, not written by hand: a decision
#: added there without a place in the players' rules fails here (a list kept by hand misses the new ones).
RULES_DECISIONS = {
    "the published materials list these counts": ("rules:decisions:2", "20 trees"),
    "The two-step path may turn": ("rules:movement:1", "may turn"),
    "The mover's start cell is free while moving": ("rules:movement:2", "go out and come back"),
    "Who places spawned seedlings": ("rules:growth:6", "decide where the new seedlings go"),
    "As many trees as possible spawn": ("rules:growth:7", "as many trees as possible"),
    '"Free" for spawning is judged after movement': ("rules:growth:3", "just left is free"),
    "Trees that mature this turn can be protested or chopped": ("rules:action:4", "protested or chopped"),
    "Any possible action may be chosen": ("rules:action:3", "any action that is possible"),
    "Forced protest": ("rules:action:2", "you must protest"),
    "Protest anywhere on the board": ("rules:protest:1", "anywhere on the board"),
    "One protester per tree": ("rules:protest:3", "only one protester"),
    "A chop chain stops at a logger": ("rules:chop:2", "a logger stops the chain"),
    "Chopped pyramids return to the pool": ("rules:chop:3", "back to the pool"),
    "Shared win": ("rules:winner:3", "share the win"),
    "A game can stall for ever": ("rules:decisions:4", "for the third time"),
    "Threefold repetition counts positions": ("rules:decisions:4", "the same player to move"),
}
#: Decisions about the notation, not about play: the rules text the players read has no LPN.
NOT_FOR_PLAYERS = {"LPN input"}
#: The tag of a decision in the players' rules, per language; the last section needs none (its title says it).
DECISION_TAG = {
    "en": "*(Project decision",
    "uk": "*(Рішення проєкту",
    "es": "*(Decisión del proyecto",
    "es_419": "*(Decisión del proyecto",
}


def docs_decisions() -> list[str]:
    """The words right after each **[project decision]** mark of docs/rules.md."""
    docs = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    docs = docs[docs.index("\n## ") :]  # the marks themselves, not the introduction that explains them
    marks = re.finditer(r"\*\*\[project decision[^\]]*\](?:\*\*)?\s*", docs)
    return [" ".join(docs[m.end() : m.end() + 120].replace("*", "").split()) for m in marks]


def test_the_decision_list_is_read_off_docs_rules():
    found = docs_decisions()
    assert len(found) >= 17
    for after in found:
        keys = [key for key in [*RULES_DECISIONS, *NOT_FOR_PLAYERS] if after.startswith(key)]
        assert keys, f"docs/rules.md has a project decision the players' rules do not place: {after!r}"


def _rules_message(context: str):
    return next(
        m for paragraphs in rules_text._PARAGRAPHS.values() for m in paragraphs if m.context == context
    )


@pytest.mark.parametrize("language", sorted(DECISION_TAG))
@pytest.mark.parametrize("decision", sorted(RULES_DECISIONS))
def test_every_project_decision_is_in_the_players_rules(decision, language):
    """Each decision of docs/rules.md is in the players' rules text, in every language, tagged where it
    applies («*(Project decision…)*») or said in the section of decisions."""
    context, needle = RULES_DECISIONS[decision]
    message = _rules_message(context)
    assert needle in message.message, (decision, context)
    tr = Translator(language)
    text = tr.translate(message)
    assert text in rules_text.rules_markdown(tr)
    if not context.startswith("rules:decisions:"):
        assert DECISION_TAG[language] in text, (decision, language, text)
    if language != "en":
        assert text != message.message, (decision, language, "not translated")
    docs = " ".join((ROOT / "docs" / "rules.md").read_text(encoding="utf-8").replace("*", "").split())
    assert decision in docs, decision


def test_pool_wording():
    text = rules_text.rules_markdown(Translator("en"), ["pieces"])
    assert "not on the board" in text and "19 large" in text


def test_nothing_cites_the_outside_rules_file():
    outside = "RULES" + ".md"  # the original spec outside the repository (spelled apart: not a citation)
    docs = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert outside not in docs
    for path in (ROOT / "logger_widget" / "i18n").rglob("*.py"):
        assert outside not in path.read_text(encoding="utf-8"), path


# ---------------------------------------------------------------------------
# Catalogues are checked message by message at load: never silent English
# ---------------------------------------------------------------------------

UK_POINTS_ENTRY = 'msgid "{n} point"\nmsgid_plural "{n} points"\nmsgstr[0] "{n} очко"\nmsgstr[1] "{n} очки"\nmsgstr[2] "{n} очок"\n'


def _uk_catalogue(tmp_path, old: str, new: str) -> Path:
    text = po_file("uk").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    target = tmp_path / "uk" / "LC_MESSAGES" / "logger_widget.po"
    target.parent.mkdir(parents=True)
    target.write_text(text.replace(old, new), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("new", "reason"),
    [
        (UK_POINTS_ENTRY.replace('msgstr[2] "{n} очок"', 'msgstr[2] ""'), "msgstr[2]"),
        (UK_POINTS_ENTRY.replace('msgstr[2] "{n} очок"\n', ""), "msgstr[2]"),
        (UK_POINTS_ENTRY.replace('msgstr[1] "{n} очки"', 'msgstr[1] "{n} очко {ї}"'), "{ї}"),
        (UK_POINTS_ENTRY.replace('msgstr[0] "{n} очко"', 'msgstr[0] "очко"'), "missing {n}"),
        (UK_POINTS_ENTRY.replace('msgstr[0] "{n} очко"', 'msgstr[0] "{n очко"'), "broken braces"),
    ],
)
def test_broken_plural_message_raises_at_load_naming_it(tmp_path, new, reason):
    folder = _uk_catalogue(tmp_path, UK_POINTS_ENTRY, new)
    with pytest.raises(CatalogueError) as info:
        Translator("uk", locales_dir=folder)
    assert "'{n} point'" in str(info.value) and reason in str(info.value)
    assert "logger_widget.po" in str(info.value)


def test_empty_message_raises_at_load(tmp_path):
    folder = _uk_catalogue(
        tmp_path, 'msgid "Player {seat}"\nmsgstr "Гравець {seat}"', 'msgid "Player {seat}"\nmsgstr ""'
    )
    with pytest.raises(CatalogueError, match=r"'Player \{seat\}': empty translation"):
        Translator("uk", locales_dir=folder)


def test_lenient_mode_falls_back_per_message_with_one_warning(tmp_path, monkeypatch):
    broken = UK_POINTS_ENTRY.replace('msgstr[2] "{n} очок"', 'msgstr[2] ""')
    folder = _uk_catalogue(tmp_path, UK_POINTS_ENTRY, broken)
    with pytest.warns(i18n.CatalogueWarning, match=r"'\{n\} point'") as record:
        tr = Translator("uk", locales_dir=folder, lenient=True)
    assert len([w for w in record if issubclass(w.category, i18n.CatalogueWarning)]) == 1
    assert tr.count(terms.POINTS, 5) == "5 points"  # this message only: in English, visibly
    assert tr.format(terms.PLAYER, seat=2) == "Гравець 2"  # the rest stays Ukrainian
    monkeypatch.setenv(i18n.LENIENT_ENV, "1")
    (folder / "uk" / "LC_MESSAGES" / "logger_widget.po").touch()  # a fresh load (new mtime)
    os.utime(folder / "uk" / "LC_MESSAGES" / "logger_widget.po", ns=(1, 1))
    with pytest.warns(i18n.CatalogueWarning):
        Translator("uk", locales_dir=folder)


def test_committed_catalogues_load_strictly():
    for language in LANGUAGES:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            i18n.load_catalogue(language, lenient=False)


def test_compile_reads_tool_output_as_utf8_with_replacement(tmp_path, monkeypatch, capsys):
    # msgfmt reports on a Cyrillic line; a stray byte must not crash the script.
    fake = tmp_path / "msgfmt"
    fake.write_bytes(b"#!/bin/sh\nprintf 'uk.po:12: \\320\\237\\320\\276\\377 bad\\n' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    script = _load_script()
    assert script.cmd_compile() is False
    out = capsys.readouterr().out
    assert "По\ufffd bad" in out and "FAILED" in out


@pytest.mark.parametrize(
    ("tag", "value", "expected"),
    [("es", 1500, "1500"), ("es", 15000, "15\u00a0000"), ("es", 2.5, "2,5"), ("en", 1500, "1,500"),
     ("uk", 1500, "1\N{NO-BREAK SPACE}500"), ("es", float("nan"), "NaN"),
     # Spain's minimum grouping (1500) is Spain's only: the es-* regions group from 1 000 (CLDR es_MX, es_AR)
     ("es-ES", 1068, "1068"), ("es_MX", 1500, "1,500"), ("es-AR", 1068, "1.068"),
     # bare es_419 names no country: a space, read alike in Mexico and Argentina («10 000», not «10,000»)
     ("es_419", 1068, "1\u00a0068"), ("es-419", 10000, "10\u00a0000"),
     ("es-CO", 2000, "2.000"), ("es-AR", 1067.1, "1.067,1")],
)  # fmt: skip
def test_one_number_formatter_for_texts_and_charts(tag, value, expected):
    from logger_widget.charts._common import format_number, number_formatter

    tr = Translator(tag)
    assert tr.format_number(value) == expected
    assert format_number(tr, value) == expected and number_formatter(tr)(value) == expected
    assert tr.count(terms.POINTS, 1500).startswith(tr.format_number(1500) + " ")


# ---------------------------------------------------------------------------
# The pseudo-locale en-XA: every visible text goes through the catalogues
# ---------------------------------------------------------------------------


def test_pseudo_text_keeps_placeholders_and_markup():
    script = _load_script()
    text = "**Your task:** {task} in `board.load(...)`, see [rules](https://x.org/a_b)."
    pseudo = script.pseudo_text(text)
    assert pseudo.startswith("⟦") and pseudo.endswith("⟧")
    assert (
        placeholders(pseudo) == {"task"} and "`board.load(...)`" in pseudo and "(https://x.org/a_b)" in pseudo
    )
    assert pseudo.count("**") == 2 and "Ýöûŕ ţášķ" in pseudo
    plain = "Choose where the new seedling grows."
    assert len(script.pseudo_text(plain)) >= 1.4 * len(plain)
    assert script.pseudo_text("# Title").startswith("# ⟦") and script.pseudo_text("- item").startswith("- ⟦")
    assert script.pseudo_text("Undo") == "⟦Ûñðö ·⟧"
    assert script.pseudo_text("") == ""


def test_pseudo_catalogue_is_generated_and_current():
    script = _load_script()
    assert set(script.PSEUDO) == set(i18n.PSEUDO_LANGUAGES) == {"en_XA"}
    assert script.pseudo_is_current("en_XA"), "run `python scripts/i18n.py update`"
    catalogue = read_catalog(po_file("en_XA"))
    template = {(m.context, ids(m)[0]) for m in read_catalog(POT) if m.id}
    assert {(m.context, ids(m)[0]) for m in catalogue if m.id} == template
    for message in catalogue:
        if message.id:
            for text in forms(message):
                assert text.startswith(("⟦", "# ⟦", "- ⟦")) and text.rstrip().endswith("⟧"), text
                assert placeholders(text) == placeholders(ids(message)[0])


@pytest.mark.parametrize("tag", ["en-XA", "en_XA", "EN-xa"])
def test_pseudo_locale_is_accepted_everywhere(tag):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tr = Translator(tag)
    assert tr.language == "en_XA" and tr.locale.language == "en" and negotiate(tag) == "en_XA"
    assert tr.count(terms.POINTS, 5).startswith("⟦5 ")
    assert tr.format_number(1500) == "1,500"


def _game_over_record():
    from logger_widget import Game

    game = Game("....1/...../...../s..../2m... 2 0,9 2,2")
    game.play("a1 +c1 xb1")
    return game


def test_board_view_shows_only_catalogue_texts_in_the_pseudo_locale():
    from logger_widget import Board

    board = Board(["human", "human"], locale="en-XA", hint_bot=None)
    views = [board.view]
    board.play("a1-b2 *b3")
    views.append(board.view)
    board.load(_game_over_record())
    views.append(board.view)
    strings = [(path, s) for view in views for path, s in view_strings(view)]
    assert len(strings) > 50
    bad = sorted({f"{path}: {s!r}" for path, s in strings if unbracketed(s)})
    assert not bad, "texts that bypass the catalogues:\n" + "\n".join(bad[:40])
    english = Board(["human", "human"], locale="en", hint_bot=None).view
    assert any(unbracketed(s) for _path, s in view_strings(english))  # the check can fail


def test_charts_show_only_catalogue_texts_in_the_pseudo_locale():
    from matplotlib.text import Text

    from logger_widget.charts import (
        board_history,
        first_player_chart,
        rating_chart,
        score_progression,
        to_png,
        win_rate_matrix,
    )

    spec = importlib.util.spec_from_file_location(
        "make_chart_baselines", ROOT / "scripts" / "make_chart_baselines.py"
    )
    baselines = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(baselines)
    tr = Translator("en-XA")
    figures = [
        score_progression(baselines.load_game("tie_protesters"), locale=tr),
        score_progression(baselines.load_game("shared_win"), locale=tr, by="round"),
        board_history(baselines.load_game("four_players"), locale=tr),
        win_rate_matrix(baselines.win_rate_table(), locale=tr),
        rating_chart(baselines.RATINGS, locale=tr, kind="bradley_terry"),
        first_player_chart(baselines.SEATS_4P, games=240, locale=tr),
    ]
    #: bot names and people's names are data, not texts
    names = re.compile(r"\b(random|greedy|mcts(:\w+)?|minimax|easy|medium|hard)\b")
    bad = []
    for fig in figures:
        to_png(fig)
        for t in fig.findobj(Text):
            s = t.get_text().strip()
            if s and t.get_visible() and unbracketed(names.sub("", s)):
                bad.append(s)
    assert not bad, f"chart texts that bypass the catalogues: {sorted(set(bad))[:40]}"


def test_notebooks_accept_the_pseudo_locale():
    spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "scripts" / "make_notebooks.py")
    make = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(make)
    for nb in (make.tutorial("en_XA"), make.play("en_XA")):
        markdown = [c.source for c in nb.cells if c.cell_type == "markdown"]
        assert markdown and all("⟦" in m for m in markdown)


def test_uk_nichia_only_for_a_shared_win():
    """«нічия» (a draw) is never used for equal points before the tie-break."""
    catalog = read_catalog(po_file("uk"))
    for message in catalog:
        for text in forms(message) if message.id else ():
            if re.search(r"нічи", text, re.I):
                assert re.search(r"ділять перемогу|спільн", text), text
    assert not [
        m for m in catalog if m.id and any("'" in t and re.search("[а-я]'[а-я]", t) for t in forms(m))
    ]


def test_uk_spawn_rule_keeps_all():
    # "cannot *all* come from different trees": without «усі» the sentence says the opposite.
    tr = Translator("uk")
    text = tr.gettext(
        "These spawned seedlings cannot all come from different mature trees: "
        "choose cells so that as many trees as possible spread their seeds."
    )
    assert "не можуть усі" in text


# ---------------------------------------------------------------------------- counted nouns

#: Nouns that are counted in the game's texts; a number before one of them needs plural forms.
_COUNTED = r"(?:points?|protesters?|games?|trees?|turns?|seedlings?|saplings?|rounds?|bots?|cells?)\b"
#: Placeholders that are never whole numbers (a rate: "0.553 points per game").
_NOT_COUNTS = {"rate"}


def test_no_single_form_message_puts_a_number_beside_a_noun():
    """ "{points} points" in a message without plural forms is wrong for 1 in English and for most
    numbers in Ukrainian («{points} очки»: 1 очко, 2 очки, 5 очок): such numbers are passed as
    counts (``feedback.Count``, ``Translator.count``) or the message gets plural forms (``NN_``)."""
    bad = []
    for message in read_catalog(POT):
        if not message.id or isinstance(message.id, (tuple, list)):
            continue
        for match in re.finditer(r"\{(\w+)\}\s+(?:more\s+)?" + _COUNTED, message.id):
            if match.group(1) not in _NOT_COUNTS:
                bad.append(f"[{message.context}] …{match.group(0)}…")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(
    "n, uk", [(1, "1 очко"), (2, "2 очки"), (5, "5 очок"), (21, "21 очко"), (11, "11 очок")]
)
def test_exercise_numbers_take_the_plural_form_of_their_noun(n, uk):
    """Exercise texts fill counted placeholders with the noun in the right form (uk one/few/many)."""
    from logger_widget.classroom.exercises.protester import _PR_SHORT
    from logger_widget.classroom.feedback import games, points, protesters, text

    out = text(_PR_SHORT, Translator("uk"), turn="e5-c5 xc4", points=points(n), leader=points(10))
    assert f"лише {uk}." in out and "Потрібно 10 очок" in out, out
    en = text(_PR_SHORT, Translator("en"), turn="-", points=points(n), leader=points(1))
    assert ("only 1 point." if n == 1 else f"only {n} points.") in en and "You need 1 point," in en, en
    forms = {1: "гра", 2: "гри", 5: "ігор", 21: "гра", 11: "ігор"}
    assert Translator("uk").count(games(n).message, n) == f"{n} {forms[n]}"
    es = Translator("es")
    assert es.count(protesters(n).message, n) == (f"{n} manifestante" if n == 1 else f"{n} manifestantes")

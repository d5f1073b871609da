"""Internationalisation runtime for logger_widget (gettext domain ``logger_widget``).

Every board, game or chart owns its own :class:`Translator`; nothing is ever
installed into ``builtins`` and the only module-level state is an immutable,
read-only cache of parsed catalogues.

Catalogues are the ``.po`` files of the source tree's top-level ``locales/``
folder (``locales/<lang>/LC_MESSAGES/logger_widget.po``).  They are parsed at
run time with :func:`babel.messages.pofile.read_po` and compiled in memory, so
no ``.mo`` file is needed (nor committed).  In an installed wheel the same tree
lives at ``logger_widget/locales/``; the package folder is looked at first,
then ``../locales`` next to the package.  A missing or unreadable catalogue of
a supported language raises :class:`CatalogueError`: the widget never falls
back silently to English text.

Usage::

    from logger_widget.i18n import Translator, N_, NP_, NN_
    tr = Translator("uk-UA")
    tr.gettext("Movement")
    tr.pgettext("phase", "Movement")                        # 'Рух'
    tr.ngettext("{n} point", "{n} points", 5).format(n=5)   # '5 очок'
    tr.count(terms.POINTS, 21)                              # '21 очко'
    tr.format_list([1, 2, 3])                               # '1, 2 і 3'

Message markers for module-level tables (extracted by ``scripts/i18n.py``):

* ``N_(msg)``                       -> ``msg`` (translate later with ``tr.gettext``)
* ``NP_(context, msg)``             -> :class:`PMessage` (``tr.translate`` / ``tr.pgettext``)
* ``NN_(singular, plural)``         -> :class:`PluralMessage`, a ``(singular, plural)``
  tuple usable as ``tr.ngettext(*msg, n)`` or ``tr.count(msg, n)``
* ``NNP_(context, singular, plural)`` -> :class:`PPluralMessage`

Messages use brace placeholders (``"{points}"``) filled with :meth:`str.format`
by the caller *after* translation.  See ``docs/i18n.md`` for the workflow.
"""

from __future__ import annotations

import functools
import gettext as _gettext
import io
import math
import os
import re
import string
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from babel import Locale, UnknownLocaleError
from babel import lists as _babel_lists
from babel import numbers as _babel_numbers
from babel.core import get_global, negotiate_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po

__all__ = [
    "DOMAIN",
    "SUPPORTED_LANGUAGES",
    "PSEUDO_LANGUAGES",
    "REGIONAL_VARIANTS",
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "LOCALES_DIR_CANDIDATES",
    "MIN_GROUPING_DIGITS",
    "min_grouping_digits",
    "GROUP_SEPARATORS",
    "MINUS_SIGN",
    "LanguageFallbackWarning",
    "CatalogueError",
    "CatalogueWarning",
    "LENIENT_ENV",
    "Catalogue",
    "PMessage",
    "PluralMessage",
    "PPluralMessage",
    "Translator",
    "negotiate",
    "base_language",
    "language_choice",
    "sentence_start",
    "find_locales_dir",
    "catalogue_path",
    "load_catalogue",
    "N_",
    "NP_",
    "NN_",
    "NNP_",
]

DOMAIN = "logger_widget"
#: Languages with a catalogue, in the order used for negotiation.
SUPPORTED_LANGUAGES: tuple[str, ...] = ("uk", "es", "en")
DEFAULT_LANGUAGE = "en"
#: Pseudo-locales, mapped to the real language whose numbers and plural rules they use.
#: ``en_XA`` (tag ``"en-XA"``) is generated from the template by ``scripts/i18n.py update``:
#: every message accented, about 40 % longer and wrapped in ``⟦ ⟧``, so that a text
#: that bypasses the catalogues, or a layout that cannot take longer texts, shows at once.
PSEUDO_LANGUAGES: Mapping[str, str] = MappingProxyType({"en_XA": "en"})
#: Regional variants, mapped to the language whose catalogue they fall back to message by message.
#: A variant's catalogue holds only the messages its region says differently: ``es_419``
#: (Latin-American Spanish) says «Shift + Enter», «Intenta…», «muy rápido» where ``es`` (Spain)
#: says «Mayús + Intro», «Prueba a…», «muy deprisa»; every other message is the ``es`` one.
#: A tag of a region whose CLDR parent is the variant (``es-MX``, ``es_AR``, ``es-US`` …) chooses it.
REGIONAL_VARIANTS: Mapping[str, str] = MappingProxyType({"es_419": "es"})
#: Every language a reader can be given, in the order a list to choose from shows them: each
#: catalogue language followed by its regional variants, ``("uk", "es", "es_419", "en")``. Every
#: place that offers a choice of language (the notebooks, the class list, the graded course, the
#: Voilà page, ``python -m logger_widget.notebooks``) takes this list; the pseudo-locale is not on it.
LANGUAGES: tuple[str, ...] = tuple(
    name
    for language in SUPPORTED_LANGUAGES
    for name in (language, *(v for v, base in REGIONAL_VARIANTS.items() if base == language))
)

_PACKAGE_DIR = Path(__file__).resolve().parent.parent  # logger_widget/
#: Where catalogues are looked for, first existing folder wins: the wheel's
#: ``logger_widget/locales`` first, then the source tree's top-level ``locales``.
LOCALES_DIR_CANDIDATES: tuple[Path, ...] = (
    _PACKAGE_DIR / "locales",
    _PACKAGE_DIR.parent / "locales",
)


#: CLDR ``minimumGroupingDigits`` of the languages where it is not 1 (Babel does
#: not apply it): Spanish writes 1500 but 15 000 (CLDR ``es.xml`` numbers, and
#: the RAE's *Ortografía* of 2010 writes four-digit numbers without a separator).
#: Spain's rule only: CLDR's ``es_419``/``es_MX``/``es_AR``… set ``minimumGroupingDigits`` 1
#: (es-MX «1,068», es-AR «1.068»), so a locale with a territory other than ES groups from 1 000 on.
MIN_GROUPING_DIGITS: dict[str, int] = {"es": 2}

#: The territories where :data:`MIN_GROUPING_DIGITS` applies (``None``: the bare language).
MIN_GROUPING_TERRITORIES: dict[str, frozenset[str | None]] = {"es": frozenset({None, "ES"})}


def min_grouping_digits(locale: Locale) -> int:
    """CLDR's ``minimumGroupingDigits`` of ``locale``: 2 for Spain's Spanish (``es``, ``es_ES``), else 1."""
    digits = MIN_GROUPING_DIGITS.get(locale.language, 1)
    territories = MIN_GROUPING_TERRITORIES.get(locale.language)
    if territories is not None and locale.territory not in territories:
        return 1
    return digits


#: Digit-group separators that replace CLDR's for a catalogue language: the RAE's
#: *Ortografía* (2010) separates the groups of a number of five digits or more with a
#: space, not a point («15 000», never «15.000», which reads as 15 with decimals in
#: much of the Spanish-speaking world). es_419 keeps the separators of the pupil's region
#: (CLDR: es-MX «15,000.5», es-AR «15.000,5»), as the region's schools write them.
GROUP_SEPARATORS: dict[str, str] = {"es": "\u00a0"}

#: The separator of a locale that names no country: bare ``es_419`` (the notebooks' and the hub's
#: ``LANGUAGE = "es_419"``) is read from Mexico to Argentina, where «10,000» is ten thousand in one
#: and ten in the other; a space («10 000», the RAE's and the SI's) is read the same everywhere.
#: ``es-MX``, ``es-AR``… keep their own separators (CLDR).
TERRITORY_GROUP_SEPARATORS: dict[tuple[str, str], str] = {("es", "419"): "\u00a0"}


class LanguageFallbackWarning(UserWarning):
    """A requested language is not supported; English is used instead."""


class CatalogueError(RuntimeError):
    """A catalogue of a supported language is missing, unreadable or has a broken message.

    Broken messages (checked at load): an empty ``msgstr``, an empty or missing
    plural form, a translation whose ``{placeholders}`` differ from the
    English text's or whose braces do not parse.  The error names each message.
    """


class CatalogueWarning(UserWarning):
    """Lenient mode only: some messages of a catalogue are broken and are shown in English."""


#: Environment variable that turns on lenient catalogue loading when set to ``1``
#: (see :func:`load_catalogue`); default is strict.
LENIENT_ENV = "LOGGER_WIDGET_LENIENT_CATALOGUES"


# --------------------------------------------------------------------------
# Markers for module-level message tables
# --------------------------------------------------------------------------


class PMessage(NamedTuple):
    """A message with a gettext context (made by :func:`NP_`)."""

    context: str
    message: str


class PluralMessage(NamedTuple):
    """A ``(singular, plural)`` pair (made by :func:`NN_`): ``tr.ngettext(*m, n)``."""

    singular: str
    plural: str


class PPluralMessage(NamedTuple):
    """A ``(context, singular, plural)`` triple (made by :func:`NNP_`)."""

    context: str
    singular: str
    plural: str


def N_(message: str) -> str:
    """Mark ``message`` for extraction; returns it unchanged."""
    return message


def NP_(context: str, message: str) -> PMessage:
    """Mark a message with a context for extraction; translate with ``tr.translate``."""
    return PMessage(context, message)


def NN_(singular: str, plural: str) -> PluralMessage:
    """Mark a count message for extraction; use as ``tr.ngettext(*msg, n)``."""
    return PluralMessage(singular, plural)


def NNP_(context: str, singular: str, plural: str) -> PPluralMessage:
    """Mark a count message with a context for extraction."""
    return PPluralMessage(context, singular, plural)


Translatable = str | PMessage
Countable = PluralMessage | PPluralMessage | tuple


# --------------------------------------------------------------------------
# Language negotiation
# --------------------------------------------------------------------------


#: Common slips accepted for a language subtag: "ua" is Ukraine's country code, not a language.
_LANGUAGE_SLIPS = {"ua": "uk"}


def _parse(tag: str) -> Locale | None:
    text = tag.strip()
    if not text:
        return None
    head, sep, rest = text.replace("_", "-").partition("-")
    if head.lower() in _LANGUAGE_SLIPS:
        text = _LANGUAGE_SLIPS[head.lower()] + (sep + rest if sep else "")
    try:
        # Babel parses both "uk_UA" and (with sep="-") BCP 47 style "uk-UA";
        # it also copes with POSIX forms such as "uk_UA.UTF-8".
        return Locale.parse(text, sep="-" if "-" in text and "_" not in text else "_")
    except (ValueError, TypeError, UnknownLocaleError):
        return None


_PSEUDO_TAGS = {name.casefold(): name for name in PSEUDO_LANGUAGES}


def base_language(language: str) -> str:
    """The real language of a negotiated ``language``: ``"es_419"`` -> ``"es"``, ``"en_XA"`` -> ``"en"``."""
    return PSEUDO_LANGUAGES.get(language) or REGIONAL_VARIANTS.get(language) or language


def language_choice(text: str) -> str | None:
    """The entry of :data:`LANGUAGES` that ``text`` names exactly, else ``None``.

    Case, surrounding spaces and ``-`` for ``_`` do not matter: ``"es_419"``, ``"ES-419"`` and
    ``" es-419 "`` give ``"es_419"``; ``"UK"`` gives ``"uk"``. Unlike :func:`negotiate` nothing is
    guessed: a region (``"es-MX"``, ``"en-GB"``), another language or an empty text gives ``None``,
    so a list that names each reader's language (a class list) can refuse a slip.
    """
    key = text.strip().replace("-", "_").casefold()
    return next((language for language in LANGUAGES if language.casefold() == key), None)


def sentence_start(text: str) -> str:
    """``text`` with its first letter capitalised, the rest as it is.

    For a composed text that starts with a placeholder's lower-case form («jugador 1 y jugador 3: 10
    puntos o más» → «Jugador 1 y …»); ``str.capitalize`` would also lower-case the rest.
    """
    return text[:1].upper() + text[1:]


def _variant(language: str, parsed: Locale) -> str:
    """The regional variant of ``language`` that ``parsed`` asks for (CLDR's parent locales), else ``language``."""
    if parsed.territory is None:
        return language
    own = f"{parsed.language}_{parsed.territory}"
    parent = get_global("parent_exceptions").get(own, own)
    for variant, base in REGIONAL_VARIANTS.items():
        if base == language and variant in (own, parent):
            return variant
    return language


def _negotiate(tag: str | None, stacklevel: int) -> tuple[str, Locale | None]:
    if tag is None:
        return DEFAULT_LANGUAGE, None
    if not isinstance(tag, str):
        raise TypeError(f"language tag must be a str or None, got {type(tag).__name__}: {tag!r}")
    pseudo = _PSEUDO_TAGS.get(tag.strip().replace("-", "_").casefold())
    if pseudo is not None:
        return pseudo, Locale.parse(PSEUDO_LANGUAGES[pseudo])
    parsed = _parse(tag)
    if parsed is not None:
        preferred = [str(parsed), parsed.language]
        match = negotiate_locale(preferred, SUPPORTED_LANGUAGES)
        if match is not None:
            return _variant(match.lower(), parsed), parsed
    warnings.warn(
        f"language tag {tag!r} is not supported (supported: "
        f"{', '.join(SUPPORTED_LANGUAGES)}); falling back to English",
        LanguageFallbackWarning,
        stacklevel=stacklevel + 1,
    )
    return DEFAULT_LANGUAGE, None


def negotiate(tag: str | None) -> str:
    """Return ``"uk"``, ``"es"``, ``"es_419"`` or ``"en"`` (or a pseudo-locale, ``"en_XA"``) for a language tag.

    ``uk``, ``uk_UA``, ``uk-UA``, ``UK-ua``, ``es_ES``, ``en-GB`` …
    are accepted case-insensitively. A Latin-American Spanish tag (``es-419``, ``es_MX``,
    ``es-AR``, ``es-US``: every region whose CLDR parent locale is ``es_419``) gives the
    variant ``"es_419"`` (see :data:`REGIONAL_VARIANTS`); ``"en-XA"``/``"en_XA"`` give the
    pseudo-locale ``"en_XA"`` (see :data:`PSEUDO_LANGUAGES`).  ``None`` means English.  Anything else
    (``"fr"``, ``"zz-top"``, ``""``) gives English with a
    :class:`LanguageFallbackWarning` naming the tag.  A non-string raises
    :class:`TypeError`.
    """
    return _negotiate(tag, stacklevel=2)[0]


# --------------------------------------------------------------------------
# Catalogues
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Catalogue:
    """One parsed ``.po`` catalogue (immutable; shared between translators)."""

    language: str
    path: Path
    num_plurals: int
    plural_expr: str
    message_count: int
    translations: _gettext.GNUTranslations = field(repr=False, compare=False)


def find_locales_dir(candidates: Iterable[Path] | None = None) -> Path:
    """The first existing folder of :data:`LOCALES_DIR_CANDIDATES` (or ``candidates``)."""
    tried = tuple(Path(p) for p in (LOCALES_DIR_CANDIDATES if candidates is None else candidates))
    for path in tried:
        if path.is_dir():
            return path
    raise CatalogueError("no locales folder found; looked in: " + ", ".join(str(p) for p in tried))


def catalogue_path(language: str, locales_dir: Path | str | None = None) -> Path:
    """Path of the ``.po`` file of ``language`` (not checked for existence)."""
    base = find_locales_dir() if locales_dir is None else Path(locales_dir)
    return base / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def _placeholders(text: str) -> set[str]:
    """The ``str.format`` field names of ``text``; raises ``ValueError`` for unbalanced braces."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def _describe(message: Any) -> str:
    msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
    short = msgid if len(msgid) <= 70 else msgid[:67] + "..."
    return f"[{message.context}] {short!r}" if message.context else repr(short)


def message_problems(message: Any, num_plurals: int) -> list[str]:
    """What is wrong with one parsed catalogue message (a :class:`babel.messages.catalog.Message`).

    Returns sentences naming the message: empty translation, empty or missing
    plural forms, placeholders that differ from the English text, unbalanced
    braces.  An empty list means the message is usable.
    """
    ids = list(message.id) if isinstance(message.id, (tuple, list)) else [message.id]
    strings = list(message.string) if isinstance(message.string, (tuple, list)) else [message.string]
    where = _describe(message)
    if message.pluralizable and len(strings) < num_plurals:
        strings += [""] * (num_plurals - len(strings))
    problems = []
    empty = [i for i, text in enumerate(strings) if not (text or "").strip()]
    if empty:
        if message.pluralizable:
            forms = ", ".join(f"msgstr[{i}]" for i in empty)
            problems.append(f"{where}: empty or missing plural form {forms}")
        else:
            problems.append(f"{where}: empty translation")
    try:
        expected = _placeholders(ids[0])
    except ValueError:  # an English text with a literal brace is not a format string
        return problems
    for i, text in enumerate(strings):
        if not (text or "").strip():
            continue
        label = f"msgstr[{i}]" if message.pluralizable else "msgstr"
        try:
            found = _placeholders(text)
        except ValueError as exc:
            problems.append(f"{where}: {label} has broken braces ({exc})")
            continue
        if found != expected:
            extra = ", ".join("{" + p + "}" for p in sorted(found - expected))
            lost = ", ".join("{" + p + "}" for p in sorted(expected - found))
            detail = "; ".join(
                part
                for part in (f"unknown {extra}" if extra else "", f"missing {lost}" if lost else "")
                if part
            )
            problems.append(f"{where}: {label} placeholders differ from the English text ({detail})")
    return problems


def _lenient_default() -> bool:
    return os.environ.get(LENIENT_ENV, "").strip() in ("1", "true", "yes")


def _compile(path: Path, language: str, lenient: bool) -> tuple[Any, _gettext.GNUTranslations]:
    """Read, check and compile one .po file: its Babel catalogue and its translations."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CatalogueError(f"cannot read catalogue {path}: {exc.strerror or exc}") from exc
    if b'"Plural-Forms:' not in data:
        raise CatalogueError(
            f"cannot read catalogue {path}: no header with Plural-Forms (empty or not a .po file)"
        )
    try:
        catalog = read_po(io.BytesIO(data), locale=language, domain=DOMAIN, abort_invalid=True)
    except (PoFileError, UnicodeDecodeError, ValueError, LookupError) as exc:
        raise CatalogueError(f"cannot read catalogue {path}: {exc}") from exc
    # A pseudo-locale is unknown to Babel: its identifier is what the header says.
    declared = str(catalog.locale) if catalog.locale is not None else catalog.locale_identifier
    if declared != language:
        raise CatalogueError(
            f"cannot read catalogue {path}: its Language header says {declared!r}, expected {language!r}"
        )
    problems: list[str] = []
    for message in list(catalog):
        if not message.id:
            continue
        found = message_problems(message, catalog.num_plurals)
        if found:
            problems += found
            if lenient:  # this message falls back to English; the others stay translated
                catalog.delete(message.id, context=message.context)
    if problems and not lenient:
        raise CatalogueError(
            f"catalogue {path} has {len(problems)} broken message(s) "
            f"(set {LENIENT_ENV}=1 or pass lenient=True to show them in English):\n  " + "\n  ".join(problems)
        )
    if problems:
        warnings.warn(
            f"catalogue {path}: {len(problems)} broken message(s) are shown in "
            f"{'the ' + REGIONAL_VARIANTS[language] + ' text' if language in REGIONAL_VARIANTS else 'English'}:\n  "
            + "\n  ".join(problems),
            CatalogueWarning,
            stacklevel=4,
        )
    buf = io.BytesIO()
    try:
        write_mo(buf, catalog)
        buf.seek(0)
        translations = _gettext.GNUTranslations(buf)
    except (ValueError, SyntaxError, OSError) as exc:
        raise CatalogueError(f"cannot compile catalogue {path}: {exc}") from exc
    return catalog, translations


def _catalogue(path: Path, language: str, catalog: Any, translations: _gettext.GNUTranslations) -> Catalogue:
    """The :class:`Catalogue` of a compiled .po file (``catalog`` is Babel's, ``translations`` gettext's)."""
    return Catalogue(
        language=language,
        path=path,
        num_plurals=catalog.num_plurals,
        plural_expr=catalog.plural_expr,
        message_count=len(catalog),
        translations=translations,
    )


@functools.lru_cache(maxsize=32)
def _load(path: Path, language: str, mtime_ns: int, size: int, lenient: bool = False) -> Catalogue:
    # mtime/size are part of the cache key so that an edited .po is re-read.
    catalog, translations = _compile(path, language, lenient)
    return _catalogue(path, language, catalog, translations)


@functools.lru_cache(maxsize=8)
def _load_variant(
    path: Path, language: str, mtime_ns: int, size: int, lenient: bool, base: tuple[Path, int, int]
) -> Catalogue:
    # the base catalogue's path, mtime and size are in the key too: an edited es.po is re-read
    base_path, base_mtime_ns, base_size = base
    fallback = _load(base_path, REGIONAL_VARIANTS[language], base_mtime_ns, base_size, lenient)
    catalog, translations = _compile(path, language, lenient)
    if (catalog.num_plurals, catalog.plural_expr) != (fallback.num_plurals, fallback.plural_expr):
        raise CatalogueError(
            f"cannot read catalogue {path}: its Plural-Forms ({catalog.num_plurals}, {catalog.plural_expr}) "
            f"differ from those of {base_path} ({fallback.num_plurals}, {fallback.plural_expr})"
        )
    translations.add_fallback(fallback.translations)  # message by message: what the variant lacks is es
    return _catalogue(path, language, catalog, translations)


def _stat(path: Path, language: str) -> os.stat_result:
    try:
        stat = path.stat()
    except FileNotFoundError as exc:
        raise CatalogueError(f"catalogue {path} is missing (language {language!r})") from exc
    except OSError as exc:
        raise CatalogueError(f"cannot read catalogue {path}: {exc.strerror or exc}") from exc
    if not path.is_file():
        raise CatalogueError(f"cannot read catalogue {path}: not a file")
    return stat


def load_catalogue(
    language: str, locales_dir: Path | str | None = None, *, lenient: bool | None = None
) -> Catalogue:
    """Load (or reuse from the cache) the catalogue of a supported language.

    Every message is checked at load (:func:`message_problems`): no empty
    translation, every plural form present and non-empty, the same
    ``{placeholders}`` as the English text, balanced braces.

    Args:
        language: one of :data:`SUPPORTED_LANGUAGES`, :data:`REGIONAL_VARIANTS` or
            :data:`PSEUDO_LANGUAGES`. A regional variant's catalogue holds only what differs;
            every other message comes from its base language's catalogue (loaded too).
        locales_dir: folder holding ``<lang>/LC_MESSAGES/logger_widget.po``
            (default: :func:`find_locales_dir`).
        lenient: ``False`` (strict): a broken message raises
            :class:`CatalogueError` naming it.  ``True``: each broken message is
            shown in English (the rest stays translated) and one
            :class:`CatalogueWarning` lists them.  ``None`` (default): strict,
            unless the environment variable :data:`LENIENT_ENV` is ``1``.

    Raises:
        CatalogueError: the file is missing or unreadable (naming the file and
            the reason), or (strict mode) a message is broken.
    """
    if lenient is None:
        lenient = _lenient_default()
    if language not in (*SUPPORTED_LANGUAGES, *PSEUDO_LANGUAGES, *REGIONAL_VARIANTS):
        raise ValueError(f"unsupported language {language!r}; use negotiate() first")
    path = catalogue_path(language, locales_dir).resolve()
    stat = _stat(path, language)
    if language in REGIONAL_VARIANTS:
        base = catalogue_path(REGIONAL_VARIANTS[language], locales_dir).resolve()
        base_stat = _stat(base, REGIONAL_VARIANTS[language])
        return _load_variant(
            path,
            language,
            stat.st_mtime_ns,
            stat.st_size,
            bool(lenient),
            (base, base_stat.st_mtime_ns, base_stat.st_size),
        )
    return _load(path, language, stat.st_mtime_ns, stat.st_size, bool(lenient))


# --------------------------------------------------------------------------
# Translator
# --------------------------------------------------------------------------


#: The minus sign of every formatted number: U+2212, not the hyphen-minus CLDR gives en, uk and es.
MINUS_SIGN = "\u2212"


def _true_minus(text: str) -> str:
    """``"-4,8"`` -> ``"−4,8"``: a negative number's leading hyphen-minus (after any bidi mark) as U+2212."""
    return re.sub(r"^([\u200e\u200f\u061c]*)-", rf"\g<1>{MINUS_SIGN}", text)


class Translator:
    """Translations and number formatting for one language.

    ``Translator(locale)`` accepts a tag (``"uk-UA"``, ``"es_MX"``, ``None`` …,
    see :func:`negotiate`) or a :class:`babel.Locale`.  ``language`` is
    ``"uk"``, ``"es"``, ``"es_419"`` or ``"en"``; ``locale`` is the :class:`babel.Locale`
    used for numbers and lists (the requested region is kept, e.g. ``uk_UA``, ``es_AR``). A Latin-American
    tag gives ``language == "es_419"``: its own messages where Latin-American Spanish differs,
    the ``es`` ones otherwise (:data:`REGIONAL_VARIANTS`); its numbers are the region's (``es_MX``
    writes ``0.5``, ``es_AR`` ``0,5``, as the pupil's school does).
    ``locales_dir`` and ``lenient`` are passed to :func:`load_catalogue`
    (``lenient=True`` shows broken messages in English with one
    :class:`CatalogueWarning` instead of raising :class:`CatalogueError`).
    """

    __slots__ = ("language", "locale", "_catalogue", "_t")

    language: str
    locale: Locale

    def __init__(
        self,
        locale: str | Locale | None = None,
        *,
        locales_dir: Path | str | None = None,
        lenient: bool | None = None,
    ) -> None:
        tag = str(locale) if isinstance(locale, Locale) else locale
        language, parsed = _negotiate(tag, stacklevel=2)
        self.language = language
        if parsed is not None and parsed.language == base_language(language):
            # The pupil's own region writes the numbers (es-MX «0.5», es-AR «0,5»): a regional
            # variant's catalogue is one for the words only, and its texts write no number
            # literally (a decimal is a placeholder: ``{half}``, ``{interval}``).
            self.locale = parsed
        else:
            self.locale = Locale.parse(base_language(language))
        self._catalogue = load_catalogue(language, locales_dir, lenient=lenient)
        self._t = self._catalogue.translations

    def __repr__(self) -> str:
        return f"Translator({str(self.locale)!r})"

    @property
    def catalogue(self) -> Catalogue:
        """The parsed catalogue of this translator's language."""
        return self._catalogue

    # -- gettext family --------------------------------------------------
    def gettext(self, message: str) -> str:
        """Translate ``message`` (:meth:`gettext.GNUTranslations.gettext`)."""
        return self._t.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Translate a message with plural forms for the count ``n``."""
        return self._t.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """Translate ``message`` in ``context`` (``msgctxt``)."""
        return self._t.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """Translate a message with a context and plural forms for the count ``n``."""
        return self._t.npgettext(context, singular, plural, n)

    # -- conveniences ----------------------------------------------------
    def translate(self, message: Translatable) -> str:
        """Translate a marked message: a ``str`` from :func:`N_` or a :class:`PMessage`."""
        if isinstance(message, PMessage):
            return self.pgettext(message.context, message.message)
        if isinstance(message, str):
            return self.gettext(message)
        raise TypeError(f"cannot translate {type(message).__name__}: {message!r}")

    def format(self, message: Translatable, /, **kwargs: object) -> str:
        """Translate ``message`` then fill its brace placeholders with ``kwargs``."""
        return self.translate(message).format(**kwargs)

    def count(self, message: Countable, n: int, /, **kwargs: object) -> str:
        """Translate a count message (``NN_``/``NNP_``) for ``n`` and fill ``{n}``.

        ``{n}`` is formatted with :meth:`format_number`; other placeholders come
        from ``kwargs``.
        """
        if isinstance(message, PPluralMessage):
            text = self.npgettext(message.context, message.singular, message.plural, n)
        elif isinstance(message, tuple) and len(message) == 2:
            text = self.ngettext(message[0], message[1], n)
        else:
            raise TypeError(f"not a count message: {message!r}")
        return text.format(n=self.format_number(n), **kwargs)

    # -- numbers and lists (Babel, with this translator's locale) ---------
    def format_number(self, n: int | float | Decimal) -> str:
        """``n`` for this locale: the one number formatter of the package (board, charts, texts).

        Babel's decimal format (decimal comma in uk/es, at most 3 decimals),
        with digit grouping only from CLDR's ``minimumGroupingDigits`` on, which
        Babel does not apply: es ``1500`` but ``15 000`` (a no-break space, :data:`GROUP_SEPARATORS`);
        uk ``1 500``; en ``1,500``.
        """
        whole = len(str(abs(int(n)))) if math.isfinite(n) else 0
        group = whole >= 3 + min_grouping_digits(self.locale)
        text = _babel_numbers.format_decimal(n, locale=self.locale, group_separator=group)
        return _true_minus(self._regroup(text))

    def format_decimal(self, x: int | float | Decimal | str, format: str | None = None, **kwargs: Any) -> str:
        """A decimal number in this locale (:func:`babel.numbers.format_decimal`), negatives with ``−``."""
        text = _babel_numbers.format_decimal(x, format=format, locale=self.locale, **kwargs)
        return _true_minus(self._regroup(text))

    def _regroup(self, text: str) -> str:
        """``text`` with this language's digit-group separator (:data:`GROUP_SEPARATORS`) for CLDR's."""
        separator = GROUP_SEPARATORS.get(self.language) or TERRITORY_GROUP_SEPARATORS.get(
            (self.locale.language, self.locale.territory or "")
        )
        if separator is None:
            return text
        return text.replace(_babel_numbers.get_group_symbol(self.locale), separator)

    def format_percent(self, x: int | float | Decimal | str, format: str | None = None, **kwargs: Any) -> str:
        """A percentage in this locale (:func:`babel.numbers.format_percent`), negatives with ``−``.

        Ukrainian gets a no-break space before the sign (``"95 %"``, as the catalogue's own texts
        write it, docs/i18n.md), where CLDR's Ukrainian pattern has none (``"95%"``); Spanish has
        it already.
        """
        text = _true_minus(_babel_numbers.format_percent(x, format=format, locale=self.locale, **kwargs))
        if self.language == "uk":
            text = re.sub(r"(\d)%", "\\1\u00a0%", text)
        return text

    def format_interval(self, low: float, high: float, format: str = "0.000") -> str:
        """An interval ``[low; high]`` as this locale writes it.

        The bounds are written with :meth:`format_decimal` and kept apart by ``;`` where the decimal mark is a comma (es ``[0,41; 0,59]``, es-AR, uk) and by
        ``,`` where it is a point (en, es-MX ``[0.41, 0.59]``). The catalogue's texts take it as a
        placeholder (``{interval}``) and never write an interval's brackets or separators themselves.
        """
        bounds = (self.format_decimal(x, format=format) for x in (low, high))
        return "[" + self.tuple_separator.join(bounds) + "]"

    @property
    def tuple_separator(self) -> str:
        """What keeps numbers apart in an interval or a tuple: ``"; "`` with a decimal comma, ``", "`` with a point."""
        return "; " if _babel_numbers.get_decimal_symbol(self.locale) == "," else ", "

    def format_list(self, items: Iterable[object], style: Any = "standard") -> str:
        """``[1, 2, 3]`` -> uk ``"1, 2 і 3"``, es ``"1, 2 y 3"``, en ``"1, 2, and 3"``."""
        texts = [
            self.format_number(x)
            if isinstance(x, (int, float, Decimal)) and not isinstance(x, bool)
            else str(x)
            for x in items
        ]
        return _babel_lists.format_list(texts, style=style, locale=self.locale)

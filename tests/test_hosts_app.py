"""The Voilà page's language from the address (logger_widget.classroom.app), without a browser."""

from __future__ import annotations

import pytest

from logger_widget.classroom.app import QUERY_ENV, language_from_query, play_page
from logger_widget.i18n import Translator
from logger_widget.i18n.texts.notebooks import PLAY


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("lang=es", "es"),
        ("?lang=uk", "uk"),
        ("x=1&lang=EN", "en"),
        ("lang=es-MX", "es_419"),
        ("lang=es_AR", "es_419"),
        ("lang=es-419", "es_419"),
        ("lang=es-ES", "es"),
        ("lang=es-ZZ", "es"),
        ("lang=", "uk"),
        ("", "uk"),
        ("voila-template=lab", "uk"),
    ],
)
def test_language_from_query(query: str, expected: str) -> None:
    assert language_from_query(query, default="uk") == expected


def test_language_from_query_reads_voilas_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(QUERY_ENV, "lang=es")
    assert language_from_query() == "es"
    monkeypatch.delenv(QUERY_ENV)
    assert language_from_query(default="uk") == "uk"  # outside Voilà: the notebook's default


@pytest.mark.parametrize("query", ["lang=fr", "lang=xx", "lang=<script>"])
def test_unknown_language_is_a_clear_error(query: str) -> None:
    with pytest.raises(
        ValueError, match=r"lang=.* is not a language of the game; use one of uk, es, es-419, en"
    ):
        language_from_query(query)


def test_bad_default_is_refused() -> None:
    with pytest.raises(ValueError, match="default='de' is not one of uk, es, es_419, en"):
        language_from_query("", default="de")
    assert language_from_query("", default="es_419") == "es_419"  # a Latin-American page's own default


def test_play_page_in_latin_american_spanish() -> None:
    page = play_page(query="lang=es-419", bot_mode="sync", seed=1)
    assert page.board.locale == "es_419"
    assert Translator("es_419").translate(PLAY["title"]) in page.children[0].value


def test_play_page_title_and_board_in_the_address_language() -> None:
    page = play_page(query="lang=es", bot_mode="sync", seed=1)
    assert page.board.locale == "es"
    assert Translator("es").translate(PLAY["title"]) in page.children[0].value
    assert page.children[1] is page.board

"""A "play Logger" web page for Voilà: the language comes from the page's address.

A teacher serves ``notebooks/play_app.ipynb`` with Voilà (``bash scripts/voila.sh``);
pupils open ``http://HOST:8866/?lang=es`` (or ``uk``, ``en``) and get a board in
that language with no code cells. Voilà starts one kernel per page load, so two
browser tabs are two independent games.

How the notebook learns the address: Voilà passes the request's query string to
the kernel in the ``QUERY_STRING`` environment variable (CGI style; Voilà's docs,
"Accessing the query string", https://voila.readthedocs.io/en/stable/customize.html).
:func:`language_from_query` reads it; outside Voilà the variable is unset and the
default language is used, so the same notebook runs in JupyterLab too. With
Voilà's pre-heated kernels (``--preheat_kernel=True``) the notebook runs before
any page is asked for, so there is no query yet: the kernel then waits for the
request and reads its query with ``voila.utils.get_query_string()`` (Voilà's docs,
"Preheating kernels").
"""

from __future__ import annotations

import html
import os
import warnings
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qs

from ..i18n import Translator
from ..i18n.runtime import LANGUAGES, SUPPORTED_LANGUAGES, LanguageFallbackWarning, base_language, negotiate
from ..i18n.texts.notebooks import PLAY

__all__ = ["language_from_query", "play_page"]

#: The environment variable in which Voilà hands the page's query string to the kernel.
QUERY_ENV = "QUERY_STRING"
#: Set to ``"True"`` by Voilà in a pre-heated kernel (started before its page was asked for).
PREHEAT_ENV = "VOILA_PREHEAT"


def _page_query() -> str:
    """The query string of the page this kernel serves (``""`` outside Voilà)."""
    if os.environ.get(PREHEAT_ENV) == "True":  # a pre-heated kernel: wait for the page's request
        from voila.utils import get_query_string  # type: ignore[import-untyped]

        return get_query_string() or ""
    return os.environ.get(QUERY_ENV, "")


def language_from_query(query: str | None = None, default: str = "en") -> str:
    """The language asked for by ``lang=`` in a URL query string.

    Args:
        query: the query string without ``?`` (e.g. ``"lang=es&x=1"``); ``None``
            reads ``os.environ["QUERY_STRING"]`` (set by Voilà; unset elsewhere), or in a
            pre-heated Voilà kernel waits for the page's request and reads its query.
        default: the language when the query has no ``lang`` (one of :data:`~logger_widget.i18n.LANGUAGES`:
            ``uk``, ``es``, ``es_419``, ``en``).

    Returns:
        ``"uk"``, ``"es"``, ``"es_419"`` or ``"en"`` (the tag is matched case-insensitively;
        a Latin-American region such as ``es-MX`` or ``es_AR`` gives Latin-American Spanish,
        ``es_419``, and any other region is dropped).

    Raises:
        ValueError: ``lang`` (or ``default``) names a language the game is not translated into;
            the message names the value and the supported languages.
    """
    if default not in LANGUAGES:
        raise ValueError(f"default={default!r} is not one of {', '.join(LANGUAGES)}")
    if query is None:
        query = _page_query()
    values = parse_qs(query.lstrip("?")).get("lang", [])
    if not values or not values[-1].strip():
        return default
    tag = values[-1].strip()
    language = tag.replace("_", "-").split("-")[0].lower()
    if language not in SUPPORTED_LANGUAGES:
        raise ValueError(
            f"lang={tag!r} in the page address is not a language of the game; use one of "
            f"{', '.join(lang.replace('_', '-') for lang in LANGUAGES)} (e.g. ?lang=es-419)"
        )
    with warnings.catch_warnings():  # a region Babel does not know is dropped, as before
        warnings.simplefilter("ignore", LanguageFallbackWarning)
        found = negotiate(tag)
    return found if base_language(found) == language else language


def play_page(
    players: Sequence[Any] = ("human", "mcts:easy"),
    query: str | None = None,
    default: str = "en",
    **board_options: Any,
) -> Any:
    """The page: a translated title over a :class:`~logger_widget.Board` in the address's language.

    Args:
        players: the seats, as for :class:`~logger_widget.Board`.
        query: the page address's query string, as for :func:`language_from_query`.
        default: the language when the query names none, as for :func:`language_from_query`.
        board_options: passed to :class:`~logger_widget.Board` (e.g. ``seed``).

    Returns:
        An ``ipywidgets.VBox`` (title, board); the board is its ``.board`` attribute.

    Raises:
        ValueError: from :func:`language_from_query` or :class:`~logger_widget.Board`.
    """
    import ipywidgets  # type: ignore[import-untyped]

    from ..board.widget import Board

    language = language_from_query(query, default)
    title = Translator(language).translate(PLAY["title"])
    board = Board(players=players, locale=language, **board_options)
    tag = language.replace("_", "-")  # BCP 47: es-419
    heading = ipywidgets.HTML(f"<h1 lang='{tag}' class='lw-app-title'>{html.escape(title)}</h1>")
    page = ipywidgets.VBox([heading, board])
    page.board = board
    return page

"""Translations: the gettext runtime (:mod:`.runtime`) and the message tables (:mod:`.texts`).

``from logger_widget.i18n import Translator, N_, NP_`` is the public entry; the
message tables of each part of the product (terms, rules text, board, charts,
notebooks) live in :mod:`logger_widget.i18n.texts`. This package imports
nothing else from ``logger_widget`` except the engine's rule messages.
"""

from .runtime import *  # noqa: F403
from .runtime import __all__ as __all__  # noqa: F401

"""Compatibility alias: ``logger_widget.ratings`` is :mod:`logger_widget.tournament.ratings`.

Kept so that notebooks saved with logger_widget 0.1 still run; new code
imports :mod:`logger_widget.tournament.ratings`.
"""

import importlib as _importlib
import sys as _sys

_sys.modules[__name__] = _importlib.import_module(".tournament.ratings", __package__)

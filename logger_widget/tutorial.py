"""Compatibility alias: ``logger_widget.tutorial`` is :mod:`logger_widget.classroom.tutorial`.

Kept so that notebooks saved with logger_widget 0.1 still run; new code
imports :mod:`logger_widget.classroom.tutorial`.
"""

import importlib as _importlib
import sys as _sys

_sys.modules[__name__] = _importlib.import_module(".classroom.tutorial", __package__)

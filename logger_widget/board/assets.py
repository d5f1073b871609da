"""Where the board's ES module and stylesheet are stored in the widget state.

anywidget stores a widget's ``_esm`` and ``_css`` in every model, so a notebook
with three boards saved three copies of ``static/board.js`` and
``static/board.css`` (~75 KB each). In a Jupyter kernel (JupyterLab, Notebook 7,
Voilà, VS Code, Colab: hosts that run anywidget's own front end, which resolves
widget references with ``host.getModel``, anywidget 0.11 and later) the module
and stylesheet are stored **once**, in one shared model per kernel
(:class:`SharedAssets`); each board's model carries only ``static/loader.js``
(under 2 KB) and the reference to it. Elsewhere (marimo, JupyterLite, scripts)
each board carries its own copy, as anywidget does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import ipywidgets  # type: ignore[import-untyped]
import traitlets

from .persistence import in_kernel

__all__ = ["SharedAssets", "asset_traits"]

STATIC = Path(__file__).resolve().parent / "static"

_shared: SharedAssets | None = None


class SharedAssets(ipywidgets.Widget):
    """The board's ES module (``esm``) and stylesheet (``css``), one model for every board of a kernel."""

    esm = traitlets.Unicode("").tag(sync=True)
    css = traitlets.Unicode("").tag(sync=True)


def _shared_host() -> bool:
    """The board runs in a Jupyter kernel with an anywidget front end that has ``host.getModel``."""
    version = tuple(int(p) for p in anywidget.__version__.split(".")[:2] if p.isdigit())
    return in_kernel() and version >= (0, 11)


def asset_traits() -> dict[str, Any]:
    """The ``_esm``/``_css``/``_assets`` values a new board gets (``{}``: anywidget's own copies)."""
    global _shared
    if not _shared_host():
        return {}
    if _shared is None or _shared.comm is None:  # first board, or the model was closed
        _shared = SharedAssets(
            esm=(STATIC / "board.js").read_text(encoding="utf-8"),
            css=(STATIC / "board.css").read_text(encoding="utf-8"),
        )
    loader = (STATIC / "loader.js").read_text(encoding="utf-8")
    return {"_esm": loader, "_css": "", "_assets": f"anywidget:{_shared.model_id}"}

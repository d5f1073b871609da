"""What a pupil's waiting page says while her server starts (docs/classroom.md).

When a class logs in at once, a pupil's server can take a minute or more to start on a small
machine. JupyterHub's waiting page shows the spawner's progress events (``Spawner.progress``);
:class:`ProgressMixin` gives it one per step of the class's spawn, in the pupil's language, and
every :attr:`ProgressMixin.progress_every` seconds one saying that it is still starting and
that the page keeps waiting (so nobody reloads it, which would start nothing faster). The steps
are set by the hub's spawn hook (jupyterhub_config.prepare_home) in ``lw_phase``:

* ``"home"``: her home disk mounted, the notebooks and the class's compiled kernel copied;
* ``"server"``: her JupyterLab starting (the server's process, then its first answer).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

from traitlets import Float, HasTraits

from logger_widget.i18n import Translator
from logger_widget.i18n.texts.classsheet import WAITING

#: each step's share of the progress bar, percent
PROGRESS = {"home": 30, "server": 60}


class ProgressMixin(HasTraits):
    """``progress()`` from ``lw_phase`` and ``lw_language`` (set by the spawn hook)."""

    progress_every = Float(15.0, config=True, help="Seconds between two 'still starting' messages.")
    progress_poll = Float(1.0, config=True, help="Seconds between two looks at the spawn's step.")

    #: the spawn's step (None: not begun), the pupil's language; set by the spawn hook
    lw_phase: str | None = None
    lw_language: str = "en"
    # provided by the Spawner this is mixed into
    _spawn_pending: bool

    async def progress(self) -> AsyncIterator[dict[str, Any]]:
        """Progress events while the spawn is pending: a step's message when it begins, then
        "still starting (N s)" every ``progress_every`` seconds; ends when the spawn is over."""
        tr = Translator(self.lw_language)
        started = last = time.monotonic()
        said: str | None = None
        while True:
            phase, now = self.lw_phase, time.monotonic()
            if phase is not None and phase != said:
                tr = Translator(self.lw_language)
                yield {"progress": PROGRESS.get(phase, 50), "message": tr.translate(WAITING[phase])}
                said, last = phase, now
            elif now - last >= self.progress_every:
                yield {"message": tr.format(WAITING["still"], seconds=tr.format_number(round(now - started)))}
                last = now
            if not self._spawn_pending:
                return
            await asyncio.sleep(self.progress_poll)

"""Texts of the class hub's own pages: the class sheet's slips and the teacher's new-code page.

deploy/jupyterhub/classcodes.py prints the class sheet (one slip per pupil, in the pupil's
language from the class list) and deploy/jupyterhub/classauth.py serves the teacher's page that
issues a pupil a new one-time code (the page in the class's language, the new code's slip in the
pupil's). Contexts ``class sheet`` (the slips and the sheet) and ``class codes`` (the page).

Placeholders: none in ``SHEET`` and ``CODES`` (names, codes and addresses are shown beside the
translated labels); ``HUB``'s ``{python}`` is a file's path, ``{problem}`` an interpreter's error
line (both untranslated); ``WAITING``'s ``{seconds}``, a number already formatted for the locale.
"""

from __future__ import annotations

from types import MappingProxyType

from .. import NP_, PMessage

__all__ = ["CODES", "HUB", "SHEET", "WAITING"]

# TRANSLATORS: the printed class sheet. A slip is a strip of paper cut from the sheet and given to
# one pupil; it speaks to the pupil («ти» / «tú»). The sheet's heading and its first line speak to
# the teacher (uk impersonal or «ви»).

#: The class sheet (context ``class sheet``): ``title``, ``heading``, ``cut`` for the teacher; the rest on each slip.
SHEET: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "title": NP_("class sheet", "Logger class sheet"),
        "heading": NP_("class sheet", "Logger: first login"),
        "cut": NP_("class sheet", "Cut along the dashed lines; give each pupil their own slip."),
        "how": NP_(
            "class sheet",
            "Open the address, type your name and the code as the password, then choose your own"
            " password. The code works once.",
        ),
        "name": NP_("class sheet", "Name"),
        "language": NP_("class sheet", "Language"),
        "code": NP_("class sheet", "Code"),
        "address": NP_("class sheet", "Address"),
        "earlier": NP_("class sheet", "(issued earlier: ask the teacher for a new code)"),
    }
)

#: The teacher's new-code page (context ``class codes``).
CODES: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "title": NP_("class codes", "Class codes"),
        "heading": NP_("class codes", "New one-time code"),
        "explain": NP_(
            "class codes",
            "A new code replaces the pupil's password and any earlier code; give it to the pupil.",
        ),
        "button": NP_("class codes", "New code"),
    }
)

#: The hub's banner for the teacher (context ``class hub``; kernelwatch.py).
HUB: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "kernels_fail": NP_(
            "class hub",
            "Pupils' kernels cannot start: {python} fails to import ({problem}). The hub keeps checking"
            " and removes this message when they start again.",
        ),
    }
)

#: The pupil's waiting page while her server starts (context ``class hub:waiting``; spawnprogress.py).
WAITING: MappingProxyType[str, PMessage] = MappingProxyType(
    {
        "home": NP_("class hub:waiting", "Preparing your folder and your notebooks…"),
        "server": NP_("class hub:waiting", "Starting your JupyterLab…"),
        # TRANSLATORS: {seconds}: the seconds waited, e.g. "45" ("s": seconds).
        "still": NP_(
            "class hub:waiting",
            "Still starting ({seconds}\u00a0s): your classmates are starting theirs at the same time. This page"
            " keeps waiting; there is no need to reload it.",
        ),
    }
)

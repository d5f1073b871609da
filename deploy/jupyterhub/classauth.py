"""Logins nobody can claim first (docs/classroom.md): jupyterhub-firstuseauthenticator with one-time codes.

:class:`ClassCodeAuthenticator` is ``FirstUseAuthenticator`` whose first login is not first-come:

* a name with a password (the teacher's, written by the class set-up; a pupil's, after their
  first login) logs in with that password, as with ``FirstUseAuthenticator``;
* a name without one logs in only with its one-time code (``classcodes.CodeBook``) in the
  password field and a new password of their own in ``new_password`` (the login page's extra
  field, ``templates/login.html``); the code is then spent;
* a name with neither (e.g. the teacher's, when the set-up was not run) cannot log in.

:class:`ClassCodesHandler` (``/hub/class/codes``) is the teacher's reset page: a new code for one
pupil (their password is removed, the old code no longer works, their hub sessions end). It needs the custom scope
:data:`RESET_SCOPE`, which the config gives the teacher's role, not the pupils'.
"""

from __future__ import annotations

import asyncio
import html
import json
import threading
from pathlib import Path
from typing import Any

from classcodes import CodeBook, PasswordBook, class_language, slip
from firstuseauthenticator import FirstUseAuthenticator
from firstuseauthenticator.firstuseauthenticator import CustomLoginHandler
from jupyterhub.auth import LocalAuthenticator
from jupyterhub.handlers import BaseHandler
from jupyterhub.utils import new_token
from tornado import web
from traitlets import Dict, Set, Unicode

from logger_widget.i18n import Translator
from logger_widget.i18n.texts.classsheet import CODES

#: the scope of the teacher's reset page (``JupyterHub.custom_scopes``)
RESET_SCOPE = "custom:class-codes:reset"


class ClassCodeAuthenticator(FirstUseAuthenticator):
    """First-use passwords, where the first use needs the pupil's one-time code."""

    codes_path = Unicode("codes.json", config=True, help="The hashed one-time codes (classcodes.CodeBook).")
    pupils = Set(Unicode(), config=True, help="The names that get one-time codes (the class list).")
    languages = Dict(
        value_trait=Unicode(),
        config=True,
        help="Each pupil's language (the class list): the new code's slip.",
    )

    @property
    def codes(self) -> CodeBook:
        return CodeBook(Path(self.codes_path))

    @property
    def passwords(self) -> PasswordBook:
        return PasswordBook(Path(self.dbm_path))

    #: one first login at a time: a code is checked, the password set and the code spent at once
    _first_use = threading.Lock()

    async def authenticate(self, handler: Any, data: dict[str, str]) -> str | None:
        """The name logging in, or ``None``. The hashing (scrypt for a code, bcrypt for a password:
        ~50 and ~250 ms of CPU) runs in a thread, so a class logging in at once does not hold the
        hub's event loop (every other pupil's requests, the spawns, the proxy) for seconds."""
        name = self.normalize_username(data.get("username", ""))
        if not name or name not in self.allowed_users:
            return None
        password, new_password = data.get("password", ""), data.get("new_password", "")
        ok, error = await asyncio.to_thread(self._check, name, password, new_password)
        if error:
            handler.custom_login_error = error
        return name if ok else None

    def _check(self, name: str, password: str, new_password: str) -> tuple[bool, str]:
        """Whether ``name`` may log in (a first login: the code spent, the password set); an error to show."""
        # the password they chose (the teacher's: set at class set-up)
        if self.passwords.check(name, password):
            return True, ""
        with self._first_use:
            if self.passwords.has(name):
                return False, ""  # a password, not this one
            if not self.codes.check(name, password):
                return False, ""  # no password yet, and not their code: nobody can claim the name first
            if not self._validate_password(new_password):
                return False, (
                    f"Right code. Now choose your own password (at least {self.min_password_length} "
                    "characters) in “New password”, and sign in again with the code."
                )
            self.passwords.set(name, new_password)
            self.codes.spend(name)
        self.log.info("%s used their one-time code and chose a password", name)
        return True, ""

    def reset(self, name: str) -> str:
        """A new one-time code for ``name`` (on the class list); their password no longer works."""
        if name not in self.pupils:
            raise KeyError(name)
        with self._first_use:  # not between a first login's check of the old code and its spending
            self.passwords.remove(name)
            code = self.codes.issue(name)
        self.log.info("a new one-time code was issued for %s", name)
        return code

    def get_handlers(self, app: Any) -> list[tuple[str, Any]]:
        return [(r"/login", CustomLoginHandler), (r"/class/codes", ClassCodesHandler)]


class LocalClassCodeAuthenticator(LocalAuthenticator, ClassCodeAuthenticator):
    """One-time codes, and a Unix account per user (``LocalAuthenticator.create_system_users``).

    LocalAuthenticator first in the MRO: its ``add_user`` creates the account, then calls the
    authenticator's (the pattern of oauthenticator's ``LocalGitHubOAuthenticator``).
    """


class ClassCodesHandler(BaseHandler):  # type: ignore[misc]
    """The teacher's page: ``GET`` lists the class, ``POST name=<pupil>`` issues them a new code.

    Answers JSON ``{"name": ..., "code": ...}`` when asked with ``Accept: application/json``
    (a script with the teacher's token), else an HTML page. 403 without :data:`RESET_SCOPE`.
    """

    def _authorize(self) -> ClassCodeAuthenticator:
        if RESET_SCOPE not in self.expanded_scopes:
            raise web.HTTPError(403, "only the teacher may issue new codes")
        return self.authenticator  # type: ignore[no-any-return]

    def _page(self, message: str = "") -> str:
        """The page in the class's language (:func:`classcodes.class_language`), ``message`` above the list."""
        auth = self._authorize()
        tr = Translator(class_language(dict(auth.languages)))
        xsrf, button = self.xsrf_token.decode(), html.escape(tr.translate(CODES["button"]))
        lang = tr.language.replace("_", "-")  # BCP 47: es-419
        rows = "".join(
            f'<li><form method="post"><input type="hidden" name="_xsrf" value="{xsrf}">'
            f'<input type="hidden" name="name" value="{n}"><b>{n}</b> '
            f'<button class="btn btn-sm btn-danger" type="submit">{button}</button></form></li>'
            for n in sorted(auth.pupils)
        )
        return (
            f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'>"
            f"<title>{html.escape(tr.translate(CODES['title']))}</title></head><body>"
            f"<h1>{html.escape(tr.translate(CODES['heading']))}</h1>{message}"
            f"<p>{html.escape(tr.translate(CODES['explain']))}</p><ul>{rows}</ul></body></html>"
        )

    @web.authenticated
    async def get(self) -> None:
        self.finish(self._page())

    @web.authenticated
    async def post(self) -> None:
        auth = self._authorize()
        name = self.get_body_argument("name", "").strip()
        try:
            code = auth.reset(name)
        except KeyError:
            raise web.HTTPError(404, f"{name!r} is not on the class list") from None
        user = self.find_user(name)
        if user is not None:  # logged out of the hub everywhere (whoever knew the password)
            user.orm_user.cookie_id = new_token()
            self.db.commit()
        if "application/json" in self.request.headers.get("Accept", ""):
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"name": name, "code": code}))
        else:
            # the slip to hand the pupil, in her language; the code also alone, for a script or a copy
            language = auth.languages.get(name, "en")
            self.finish(self._page(f'<p class="new-code">{name}: <code id="new-code">{code}</code></p>'
                                   f"{slip(name, language, code)}"))  # fmt: skip

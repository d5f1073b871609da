"""The class hub in its not-root mode (``LW_SYSTEM_USERS=0``): every server runs as the hub's own user
(``SimpleCgroupSpawner``, ``ClassCodeAuthenticator`` without Unix accounts), and the hub's
authentication alone keeps a pupil out of a classmate's server.

Run as root here, so "the hub's user" is root; a hub started by an unprivileged account is not
tested. Lean: two pupils, no compiled kernel (``LOGGER_WIDGET_NO_JIT``), one server started.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hubkit import Hub, hub_fixture, pupil_token, token_status

pytestmark = pytest.mark.slow

PUPILS = {"olena": "uk", "diego": "es"}
TEACHER = "teacher"
PASSWORDS: dict[str, str] = {}


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    pytest.importorskip("jupyterhub")
    yield from hub_fixture(
        PUPILS, TEACHER, 768 * 2**20, PASSWORDS, LW_SYSTEM_USERS="0", LOGGER_WIDGET_NO_JIT="1"
    )


def test_without_unix_accounts_a_pupil_still_cannot_open_a_classmates_server(hub: Hub) -> None:
    for name in PUPILS:  # the first login: the code from the sheet and a password of their own
        assert hub.session().login(name, hub.codes[name], new_password=f"{name}-secret") == 302
    hub.start("diego")
    home = hub.state / "homes" / "diego"
    assert (
        home / "tutorial_es.ipynb"
    ).stat().st_uid == hub.state.stat().st_uid  # the hub's user's, no account
    diego, olena = hub.session(), hub.session()
    assert diego.login("diego", "diego-secret") == 302 and olena.login("olena", "olena-secret") == 302
    assert diego.follow("user/diego/files/tutorial_es.ipynb") == 200
    status = olena.follow("user/diego/files/tutorial_es.ipynb")
    assert status in (403, 404), f"olena reached diego's server (HTTP {status})"
    token = pupil_token(hub, "olena", "olena-secret")
    for path in ("user/diego/api/contents", "user/diego/api/kernels", "hub/api/users/diego/tokens"):
        assert token_status(hub, token, "GET", path) in (403, 404), path
    assert (
        token_status(hub, token, "GET", "hub/api/users/olena") == 200
    )  # her token works: the refusals are about diego

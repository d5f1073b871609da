"""Two classes set up and running side by side on one machine (docs/classroom.md, "Several classes").

Class 7a (Ukrainian) and class 7b (Spanish) each get their own set-up, state folder, ports and hub,
both live at once. In each, a pupil logs in through Chromium, gets a server whose JupyterLab speaks
her language, and plays a board through the hub; the teacher's new-code page is in the class's
language. Then each class tries the other's files: its service accounts (the class game's, the
culler's) and its pupil's kernel may read none of the other class's database, homes or secrets.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from accountkit import account_folder, account_python, read_probe, run_as
from classsetup import culler_account, service_account
from hubkit import BoardSocket, Hub, HubError, Kernel, chosen_password, fill_login, pupil_token, running_hub

from logger_widget.i18n import Translator
from logger_widget.i18n.texts.classsheet import CODES

pytestmark = pytest.mark.slow

#: ``{class: (pupils {name: language}, teacher)}``: names are one per machine, so each class has its own
CLASSES = {"7a": ({"oksana": "uk"}, "vchytel"), "7b": ({"lucia": "es"}, "maestra")}
#: JupyterLab's menu bar with each language pack (jupyterlab-language-pack-uk-UA, -es-ES) and without
#: (nbgrader's menu is called Nbgrader in every language; the es-ES pack 4.5 has no Spanish for the
#: Run and Tabs menus), and its file browser's "Name" column
LAB_MENUS = {
    "uk": ["Файл", "Редагування", "Перегляд", "Виконати", "Ядро", "Nbgrader", "Вкладки", "Налаштування",
           "Довідка"],
    "es": ["Archivo", "Editar", "Ver", "Run", "Kernel", "Nbgrader", "Tabs", "Configuración", "Ayuda"],
    "en": ["File", "Edit", "View", "Run", "Kernel", "Nbgrader", "Tabs", "Settings", "Help"],
}  # fmt: skip
LAB_NAME_COLUMN = {"uk": "Ім’я", "es": "Nombre", "en": "Name"}


def _other_class_paths(hub: Hub, pupils: dict[str, str]) -> list[str]:
    """What no account of another class may read in ``hub``'s class (``pupils``): its game database and
    folder, its pupils' homes, the hub's database and cookie secret, the pupils' codes."""
    folder = hub.state / "classgame"
    return [str(folder), str(folder / "classgame.sqlite"), *(str(hub.state / "homes" / n) for n in pupils),
            str(hub.state / "jupyterhub.sqlite"), str(hub.state / "jupyterhub_cookie_secret"),
            str(hub.state / "codes.json")]  # fmt: skip


def _read(probed: str) -> set[str]:
    """The paths a :func:`accountkit.read_probe` could read (its ``READ`` lines)."""
    return {line.removeprefix("READ ") for line in probed.splitlines() if line.startswith("READ ")}


@contextlib.contextmanager
def _logged_in(hub: Hub, browser: Any, name: str, passwords: dict[str, str], then: str = "") -> Iterator[Any]:
    """A Chromium page of its own where ``name`` logged in on the hub's login page (then to ``then``;
    by default to the hub, which starts a pupil's server and opens her tutorial)."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(120_000)
    try:
        page = context.new_page()
        page.goto(hub.url + "hub/login" + ("?next=" + urllib.parse.quote(then, safe="") if then else ""))
        fill_login(page, hub, name, passwords)
        yield page
    finally:
        context.close()


def _pupil_in_jupyterlab(hub: Hub, browser: Any, screenshots: Path, name: str, language: str,
                         passwords: dict[str, str]) -> None:  # fmt: skip
    """``name`` logs in through Chromium; her server starts and JupyterLab's menus are in her language."""
    with _logged_in(hub, browser, name, passwords) as page:
        page.wait_for_url(f"**/user/{name}/lab/tree/tutorial_{language}.ipynb*", timeout=300_000)
        menus = page.locator("#jp-MainMenu .lm-MenuBar-itemLabel")
        menus.nth(len(LAB_MENUS[language]) - 1).wait_for()
        page.locator(".jp-Notebook .jp-RenderedMarkdown h1").first.wait_for()  # the tutorial is open
        page.screenshot(path=str(screenshots / f"hosts-two-classes-{name}-{language}-lab.png"))
        assert menus.all_inner_texts() == LAB_MENUS[language]
        column = page.locator(".jp-DirListing-headerItem.jp-id-name .jp-DirListing-headerItemText")
        assert column.inner_text() == LAB_NAME_COLUMN[language]


def _teachers_new_code_page(hub: Hub, browser: Any, screenshots: Path, teacher: str, pupil: str,
                            language: str, passwords: dict[str, str]) -> None:  # fmt: skip
    """The teacher issues ``pupil`` a new code on the class's page: the page in the class's language,
    the slip in the pupil's (here the same), none of it in English."""
    tr, en = Translator(language), Translator("en")
    with _logged_in(hub, browser, teacher, passwords, "/hub/class/codes") as page:
        page.wait_for_url("**/hub/class/codes")
        row = page.locator("li", has=page.locator("b", has_text=pupil))
        row.get_by_role("button", name=tr.translate(CODES["button"])).click()
        page.locator("#new-code").wait_for()
        page.screenshot(path=str(screenshots / f"hosts-two-classes-new-code-{pupil}-{language}.png"))
        assert page.locator("html").get_attribute("lang") == language
        assert page.title() == tr.translate(CODES["title"])
        assert page.locator("h1").inner_text() == tr.translate(CODES["heading"])
        slip = page.locator(f'.slip[lang="{language}"][data-pupil="{pupil}"]')
        assert page.locator("#new-code").inner_text() in slip.inner_text()
        text = page.locator("body").inner_text()
        english = [en.translate(m) for m in CODES.values() if en.translate(m) in text]
        assert not english, f"English on the {language} class's page: {english}"


@pytest.mark.skipif(os.geteuid() != 0, reason="the classes' accounts are made by root (CI runs as root)")
def test_two_classes_run_side_by_side_each_in_its_language_neither_reads_the_others_files(
    browser: Any, screenshots: Path
) -> None:
    """Both hubs live at once; in each, a pupil's JupyterLab in her language, a board she plays and the
    teacher's new-code page in the class's language. Each class's pupil and service accounts are
    denied the other class's database, homes and secrets (and read what is their own). Before: one
    ``lw-classgame`` account for the machine owned both classes' databases."""
    pytest.importorskip("jupyterhub")
    hubs: dict[str, Hub] = {}
    passwords: dict[str, dict[str, str]] = {}
    with contextlib.ExitStack() as stack:
        try:  # one set-up after the other: they share the tests' pupils' environment
            for name, (pupils, teacher) in CLASSES.items():
                hubs[name] = stack.enter_context(running_hub(pupils, teacher, 768 * 2**20))
                passwords[name] = {teacher: hubs[name].teacher_password}
        except HubError as e:
            pytest.fail(str(e))
        assert len({h.url for h in hubs.values()}) == 2
        assert len({service_account(h.state) for h in hubs.values()} | {culler_account(h.state) for h in
                   hubs.values()}) == 4  # fmt: skip
        sockets: dict[str, BoardSocket] = {}
        for name, hub in hubs.items():
            ((pupil, language),) = CLASSES[name][0].items()
            _pupil_in_jupyterlab(hub, browser, screenshots, pupil, language, passwords[name])
            token = pupil_token(hub, pupil, chosen_password(hub, pupil, passwords[name]))
            sockets[name] = stack.enter_context(contextlib.closing(BoardSocket(Kernel(hub, pupil, token))))
            board = (
                sockets[name]
                .execute(
                    f"from logger_widget import Board\nboard = Board(['human', 'human'], locale={language!r})\n"
                    "display(board)\nprint(board.model_id)"
                )
                .split()[-1]
            )
            # a click on an empty cell far from the logger: refused with a message, a new view
            version = sockets[name].view(board)["version"]
            sockets[name].intent(board, {"type": "intent", "client": "two-classes", "seq": 0, "version": version,
                                         "action": "cell", "cell": "c3"})  # fmt: skip
        for name, hub in hubs.items():  # both hubs and both pupils' servers at once
            assert hub.process.poll() is None, name
            assert all(hub.ready(pupil) for pupil in CLASSES[name][0]), name
        # neither class reads the other's files, as its pupil (her kernel) or its services' accounts
        base = account_folder("lw-account-python-")
        stack.callback(shutil.rmtree, base, ignore_errors=True)
        python = account_python(base)  # the services' accounts' Python, made once for the four probes
        for mine, theirs in (("7a", "7b"), ("7b", "7a")):
            state, pupils = hubs[mine].state, CLASSES[mine][0]
            closed = _other_class_paths(hubs[theirs], CLASSES[theirs][0])
            home = str(state / "homes" / next(iter(pupils)))
            read = _read(sockets[mine].execute(read_probe([home, *closed])))
            assert read == {home}, read  # her own home, nothing of the other class
            database = str(state / "classgame" / "classgame.sqlite")
            for account in (service_account(state), culler_account(state)):
                read = _read(run_as(pwd.getpwnam(account), read_probe([database, *closed]), python))
                assert read == ({database} if account == service_account(state) else set()), (account, read)
        # the teacher's new-code page, each in the class's language
        for name, hub in hubs.items():
            ((pupil, language),) = CLASSES[name][0].items()
            _teachers_new_code_page(hub, browser, screenshots, CLASSES[name][1], pupil, language,
                                    passwords[name])  # fmt: skip

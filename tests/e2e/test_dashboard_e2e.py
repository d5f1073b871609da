"""The teacher's dashboard in Chromium: live boards, the arena, at 1400 and 360 px, in Ukrainian and Spanish.

Each language is also looked at in the other width at the end. A real JupyterHub (tests/classgamekit.py) and the class game service on a SQLite file; the
browser sends the teacher's hub token (the hub's OAuth login is the hub's own page, tested with
the class hub). Pupils play through the API with their own tokens. Each check waits for a settled
page: the page's script has swapped in the fragment with the expected state (``data-ply``, the
standings' points), then the screenshot is taken (tests/e2e/screenshots/dashboard_*.png).

About 30 s on this machine.
"""

from __future__ import annotations

import time

import pytest
from classgamekit import Client, mini_hub, running_service

from logger_widget import Game

pytestmark = pytest.mark.slow


def _game(people: dict[str, Client], first: str, second: str) -> int:
    seek = people[first].ok("POST", "seeks", {"players": 2, "invite": [second]})
    seek = people[second].ok("POST", f"seeks/{seek['id']}/accept")
    return int(seek["game"])


@pytest.mark.parametrize(("language", "width"), [("uk", 1400), ("es", 360)])
def test_the_dashboard_shows_a_live_board_and_the_standings_after_a_result(
    browser, screenshots, tmp_path, language, width
):
    with mini_hub(["olena", "taras", "ivan", "maria"], teacher="teacher") as hub:
        with running_service(hub, f"sqlite:///{tmp_path / 'class.sqlite'}") as service:
            people = {
                n: Client(service.url, hub.token(n), n)
                for n in ("olena", "taras", "ivan", "maria", "teacher")
            }
            game_id = _game(people, "olena", "taras")
            context = browser.new_context(
                viewport={"width": width, "height": 900}, device_scale_factor=1,
                extra_http_headers={"Authorization": f"token {people['teacher'].token}"},
                color_scheme="dark" if width == 360 else "light",
            )  # fmt: skip
            context.set_default_timeout(30_000)
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            try:
                page.goto(f"{service.url}dashboard/?lang={language}")
                page.wait_for_selector("body[data-settled='true']")
                card = f"article.game[data-game='{game_id}']"
                assert page.locator(f"{card} [data-cell='a1']").get_attribute("data-piece") == "logger-1"

                # a turn played by olena reaches the teacher's board without a reload
                turn = next(iter(Game.new(2).legal_turns()))
                people["olena"].ok("POST", f"games/{game_id}/turns", {"ply": 0, "turn": turn.notation()})
                page.wait_for_selector(f"{card}[data-ply='1']")
                after = Game.new(2)
                after.play(turn)
                for cell in ("a1", turn.destination):
                    expected = after.position.piece_at(cell) or "empty"
                    assert (
                        page.locator(f"{card} [data-cell='{cell}']").get_attribute("data-piece") == expected
                    )
                assert page.locator(f"{card} polyline.last-turn").count() == (
                    1 if turn.destination != "a1" else 0
                )
                _no_horizontal_scroll(page)
                page.screenshot(
                    path=str(screenshots / f"dashboard_{language}_{width}_live.png"), full_page=True
                )

                # the teacher opens an arena on the page; two pupils join and are paired; one resigns
                page.fill("form[data-action='open'] input[name='minutes']", "15")
                page.click("form[data-action='open'] button[type='submit']")
                page.wait_for_selector("[data-part='arena'] .arena[data-status='open']")
                arena_id = people["teacher"].ok("GET", "arena")["arena"]["id"]
                for name in ("ivan", "maria"):
                    people[name].ok("POST", f"arena/{arena_id}/join")
                state = _wait_playing(people, arena_id, ["ivan", "maria"])
                arena_game = state["game"]
                seats = [s["player"] for s in people["ivan"].ok("GET", f"games/{arena_game}")["seats"]]
                people[seats[1]].ok("POST", f"games/{arena_game}/resign")
                winner = f"[data-part='arena'] tr[data-pupil='{seats[0]}'] .c-points"
                page.wait_for_function(
                    "sel => document.querySelector(sel) && document.querySelector(sel).textContent.trim() === '2'",
                    arg=winner,
                )
                loser = f"[data-part='arena'] tr[data-pupil='{seats[1]}'] .c-points"
                assert page.locator(loser).inner_text().strip() == "0"
                assert page.locator(f"[data-part='finished'] li[data-game='{arena_game}']").count() == 1
                heading = {"uk": "Арена", "es": "Arena"}[language]
                assert page.locator("#h-arena").inner_text().strip() == heading
                _no_horizontal_scroll(page)
                page.screenshot(
                    path=str(screenshots / f"dashboard_{language}_{width}_arena.png"), full_page=True
                )
                # the same page at the other width (the other language's width in the other test)
                other = 360 if width == 1400 else 1400
                page.set_viewport_size({"width": other, "height": 900})
                page.wait_for_function(f"document.documentElement.clientWidth === {other}")
                _no_horizontal_scroll(page)
                page.screenshot(
                    path=str(screenshots / f"dashboard_{language}_{other}_arena.png"), full_page=True
                )
                # the teacher closes the arena on the page
                page.click("[data-part='arena'] button[data-action='close']")
                page.wait_for_selector("[data-part='arena'] .arena[data-status='closed']")
                assert people["teacher"].ok("GET", "arena")["arena"]["status"] == "closed"
                assert not errors, errors
            finally:
                context.close()
            # a pupil's own page: their progress and the class's standings
            pupil = browser.new_context(
                viewport={"width": width, "height": 900}, device_scale_factor=1,
                extra_http_headers={"Authorization": f"token {people['ivan'].token}"},
            )  # fmt: skip
            try:
                mine = pupil.new_page()
                mine.goto(f"{service.url}dashboard/me?lang={language}")
                assert mine.locator("table.progress tbody tr").count() == 1
                assert mine.locator("table.progress tbody tr").get_attribute("data-pupil") == "ivan"
                assert mine.locator(".standings tr[data-pupil='ivan']").count() == 1
                assert mine.locator("form[data-action='open'], button[data-action='close']").count() == 0
                _no_horizontal_scroll(mine)
                mine.screenshot(
                    path=str(screenshots / f"dashboard_{language}_{width}_pupil.png"), full_page=True
                )
                mine.goto(f"{service.url}dashboard/?lang={language}")
                assert (
                    mine.locator("a[href*='dashboard/me']").count() == 1
                )  # 403 with the way to their own page
            finally:
                pupil.close()


def _wait_playing(people: dict[str, Client], arena_id: int, names: list[str], timeout: float = 30.0) -> dict:
    """Poll as the pupils' notebooks do until the first of ``names`` is paired; their state."""
    deadline = time.monotonic() + timeout
    while True:
        for name in names:
            state = people[name].ok("GET", f"arena/{arena_id}/me")
            if state["state"] == "playing":
                return state
        assert time.monotonic() < deadline, state
        time.sleep(0.3)


def _no_horizontal_scroll(page) -> None:
    """The page fits its width (tables scroll inside their own box)."""
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    if overflow > 0:  # name what sticks out, for the reader of the failure
        wide = page.evaluate(
            """() => [...document.body.querySelectorAll('*')]
                 .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
                 .slice(-3).map(e => `${e.tagName.toLowerCase()}.${e.className} «${(e.textContent || '').trim().slice(0, 60)}» `
                                     + `right ${Math.round(e.getBoundingClientRect().right)}`)"""
        )
        raise AssertionError(f"the page is {overflow} px wider than the window: {wide}")

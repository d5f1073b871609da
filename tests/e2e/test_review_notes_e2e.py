"""Printed review sentences in a narrow notebook: a cell name ("c5") or a turn ("a1-c1") never breaks across lines.

JupyterLab's output area shows printed text in a ``pre`` with ``word-break: break-all`` (its own CSS,
copied here), so a printed sentence breaks anywhere. The play notebooks show the sentences as
:class:`~logger_widget.board.coach.ReviewNotes` (HTML paragraphs) instead. Chromium only, no server.
"""

from __future__ import annotations

import html
import re
from typing import Any

from coachkit import QUIET_LEAVES, QUIET_PREPARES, SAME_CHOP_EQUAL, SAME_CHOP_MORE, turn_review

from logger_widget.board.coach import review_notes
from logger_widget.i18n import Translator

#: JupyterLab 4's rule for printed output (``.jp-OutputArea-output pre``).
JUPYTER_PRE = "white-space: pre-wrap; word-break: break-all; overflow-wrap: break-word;"

#: Tokens that hold a cell name, and on how many lines each is drawn (read in the page).
BROKEN_TOKENS = """
() => {
  const out = [];
  const walker = document.createTreeWalker(document.getElementById('out'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.textContent.matchAll(/\\S*[a-e][1-5]\\S*/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push(m[0]);
    }
  }
  return out;
}
"""


def _broken(page: Any, body: str) -> list[str]:
    page.set_content(f'<div id="out" style="width: 9em; font: 14px monospace">{body}</div>')
    return page.evaluate(BROKEN_TOKENS)


def test_review_notes_never_break_a_cell_name_where_printed_text_does(page: Any) -> None:
    broken_when_printed = []
    for language in ("en", "uk", "es"):
        notes = review_notes(
            Translator(language),
            [turn_review(c) for c in (QUIET_LEAVES, QUIET_PREPARES, SAME_CHOP_MORE, SAME_CHOP_EQUAL)],
        )
        printed = f'<pre style="{JUPYTER_PRE}">{html.escape(str(notes))}</pre>'
        broken_when_printed += _broken(page, printed)
        shown = notes._repr_html_()
        assert "<pre" not in shown and len(re.findall("<p>", shown)) == 4
        assert _broken(page, shown) == [], language
    assert broken_when_printed, "the check is real: printed text breaks cell names"


def test_the_coach_on_a_quiet_turn_in_the_board(page: Any, lab: Any, screenshots: Any) -> None:
    """The review of a quiet inaccuracy says what the better quiet turn gains (screenshot for a look)."""
    from board_helpers import click_at_and_wait, open_board

    code = (
        "from logger_widget import Board, Game\n"
        "game = Game('....2/...../..a../...../.s1.. 2 0,0 2,2')\n"
        "game.play('e5 *d5')\n"
        "board = Board(players=['human', 'human'], locale='uk', record=game, seed=0, autosave=False)\n"
        "board"
    )
    page.set_viewport_size({"width": 1400, "height": 900})
    open_board(page, lab, "coach_quiet.ipynb", code)
    page.wait_for_selector("[data-testid=review-open]:not([hidden])")
    click_at_and_wait(page, "[data-testid=review-open]")
    page.wait_for_selector("[data-testid=review-sentence]:not([hidden])", timeout=120_000)
    sentence = page.inner_text("[data-testid=review-sentence]")
    assert "Варто було посадити саджанець на c4." in sentence, sentence
    assert (
        "Кращим ходом гравець 2 підготував би собі на наступний хід рубку на 1 дерево, а зіграним\u00a0— жодної."
        in sentence
    ), sentence
    assert "приніс" not in sentence  # no "the turn played scored 0 points" next to a better turn scoring 0
    page.locator(".lw-board").screenshot(path=str(screenshots / "coach-quiet-turn-uk.png"))

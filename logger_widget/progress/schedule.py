"""When a personal puzzle comes back: spaced repetition with FSRS (the ``fsrs`` package, py-fsrs).

FSRS (Free Spaced Repetition Scheduler, open-spaced-repetition; Ye, Su & Cao 2022, "A
Stochastic Shortest Path Algorithm for Optimizing Spaced Repetition Scheduling") models how
well a pupil remembers each puzzle and shows it again when the chance of still finding the
answer has dropped to :data:`RETENTION`. Each answer is graded (:data:`GRADES`):

* **solved** on the first try, no hint → FSRS *Good*: it comes back later, and later
  each time it is solved again;
* **solved after the first hint** (the idea) → *Hard*: it comes back sooner than *Good*;
* **not solved** (a wrong turn, or the solution shown) → *Again*: it comes back after
  :data:`STEP` (the next lesson, the same day), and it has to be re-learnt.

The settings (:data:`SCHEDULER`): FSRS-6's default weights, :data:`RETENTION` 0.9, one
learning step and one relearning step of :data:`STEP`, no random "fuzz" (the same answers
give the same dates, so a teacher can tell a pupil when a puzzle is due). The intervals this
gives are listed in docs/progress.md ("The schedule") and checked by
``tests/test_progress.py``.

The card (FSRS's state of one puzzle) is kept as its JSON dict (``fsrs.Card.to_dict``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, cast

from fsrs import Card, Rating, Scheduler

from .records import as_utc, now

__all__ = ["GRADES", "RETENTION", "SCHEDULER", "STEP", "grade_of", "new_card", "review"]

#: The chance of still finding the answer at which a puzzle is due again.
RETENTION = 0.9
#: The learning and relearning step: a puzzle not solved comes back after this.
STEP = timedelta(minutes=10)

#: The scheduler of every personal puzzle (see the module docstring).
SCHEDULER = Scheduler(
    desired_retention=RETENTION,
    learning_steps=(STEP,),
    relearning_steps=(STEP,),
    enable_fuzzing=False,
)

#: The grade of each kind of answer.
GRADES = {"solved": Rating.Good, "hinted": Rating.Hard, "failed": Rating.Again}


def grade_of(solved: bool, hints: int) -> str:
    """The :data:`GRADES` key of an answer: solved with no hint, solved after the first hint, or failed.

    ``hints`` is 0, 1 (the idea) or 2 (the solution shown: failed whatever is played).
    """
    if not solved or hints >= 2:
        return "failed"
    return "hinted" if hints == 1 else "solved"


def new_card(when: datetime | None = None) -> tuple[dict[str, Any], datetime]:
    """A new puzzle's card and due time: due at once (``when``, default now)."""
    at = as_utc(when or now())
    card = Card(due=at)
    return cast(dict[str, Any], card.to_dict()), at


def review(card: dict[str, Any], grade: str, when: datetime | None = None) -> tuple[dict[str, Any], datetime]:
    """The card after an answer graded ``grade`` (a :data:`GRADES` key) at ``when`` (default now).

    Returns:
        ``(card, due)``: the new card (JSON dict) and when the puzzle is due again (UTC).

    Raises:
        ValueError: an unknown grade or a card that is not FSRS's.
    """
    if grade not in GRADES:
        raise ValueError(f"grade must be one of {', '.join(GRADES)}, not {grade!r}")
    try:
        state = Card.from_dict(cast(Any, card))
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"not an FSRS card: {error}") from None
    updated, _log = SCHEDULER.review_card(state, GRADES[grade], review_datetime=as_utc(when or now()))
    return cast(dict[str, Any], updated.to_dict()), as_utc(updated.due)

"""What the review says about a turn, in words a pupil of 12 understands, from the engine's facts only.

:func:`review_sentence` first gives the verdict ("Turn 5, Player 1: a mistake (12 % of the
winning chances lost)."), then, when a better turn was found, what that turn does
and *why* it is better: only the facts that differ between the two turns are
told (:class:`~logger_widget.review.TurnFacts`), so a pupil never reads "the turn
played scored 0 points" next to a better turn that scores 0 too:

* the points each turn scores (the trees it fells);
* for the same chop made from another cell, the trees each fells;
* the biggest chop the next player can make after each turn (what it leaves);
* the chop the mover keeps ready whatever the next player answers, else the biggest chop
  it gets ready for its next turn (the threat it makes);
* the biggest chop the next player can get ready with its answer;
* the protesters the mover keeps (they decide a tie on points).

When none of these differs, a turn that lost few chances (``good``) is told that both
turns come to the same in trees and points over the next turns; only an error
says that the search found the better turn keeps more winning chances for the turns after. Used by the board's Review mode and
the play notebooks (:func:`review_notes`: one paragraph per turn).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from ..i18n import Translator
from ..i18n.texts import terms
from ..i18n.texts.review import COUNTS, LABELS_LOWER, SENTENCES
from ..review import PLAY_ON_ROUNDS, TurnFacts, TurnReview, label_for
from .view import notation_in_text, player_in_sentence

__all__ = ["ReviewNotes", "review_notes", "review_sentence", "better_reasons"]


def _verdict(tr: Translator, turn: TurnReview) -> str:
    player = player_in_sentence(tr, turn.seat)
    ply = tr.format_number(turn.ply)
    if turn.forced:
        return tr.format(SENTENCES["forced"], ply=ply, player=player)
    label = tr.translate(LABELS_LOWER[turn.label])
    if turn.label == "best":
        return tr.format(SENTENCES["verdict_best"], ply=ply, player=player, label=label)
    loss = tr.format_percent(round(turn.loss, 2))
    ending = _lets_end(turn)
    if ending and label_for(turn.loss) in ("best", "good"):  # the chances lost say little here
        seat, trees = ending
        return tr.count(
            COUNTS["lets_end"], trees, ply=ply, player=player, loss=loss, next=player_in_sentence(tr, seat)
        )
    return tr.format(SENTENCES["verdict"], ply=ply, player=player, label=label, loss=loss)


def _lets_end(turn: TurnReview) -> tuple[int, int] | None:
    """``(next seat, trees)``: the turn played lets the next seat end the game with one chop, the better one not.

    ``None`` otherwise (or when the turn played is the better one); see :attr:`TurnFacts.hands_over`.
    """
    if turn.best == turn.played or not turn.played_facts.hands_over or turn.best_facts.hands_over:
        return None
    return turn.position.play(turn.played).to_move, turn.played_facts.hands_over


def _better_turn(tr: Translator, better: TurnFacts, played: TurnFacts) -> str:
    """What the better turn does (its action, or the cell it moves to when only that differs)."""
    if better.kind == "chop":
        cell = better.cells[0]
        if played.kind == "chop" and played.cells == better.cells:  # the same tree, from elsewhere
            n, m = len(better.felled), len(played.felled)
            if n != m:
                return tr.count(
                    COUNTS["same_chop_felled"],
                    n,
                    cell=cell,
                    destination=better.turn.destination,
                    played=tr.format_number(m),
                )
            moved = better.turn.destination not in (played.turn.destination, better.turn.origin)
            if moved:  # (a logger that stays is told by the notation: "moving to" its own cell would not do)
                return tr.format(SENTENCES["same_chop"], cell=cell, destination=better.turn.destination)
            return tr.format(SENTENCES["same_chop_other"], cell=cell, turn=notation_in_text(better.turn))
        points = tr.count(terms.POINTS, better.points)
        return tr.count(COUNTS["best_chop"], len(better.felled), cell=cell, points=points)
    if better.kind == "plant" and not (played.kind == "plant" and played.cells == better.cells):
        return tr.format(SENTENCES["best_plant"], cell=better.cells[0])
    if better.kind == "protest" and not (played.kind == "protest" and played.cells == better.cells):
        cells = list(better.cells)
        return tr.count(COUNTS["best_protest"], len(cells), cells=tr.format_list(cells))
    stays = better.turn.destination == better.turn.origin
    return tr.format(SENTENCES["best_stay" if stays else "best_move"], cell=better.turn.destination)


def _fewer(tr: Translator, key: str, n: int, played: int, **values: str) -> str:
    """The sentence ``key`` of :data:`COUNTS` for a count the better turn makes smaller.

    ``n`` is the count after the better turn, ``played`` after the turn played; when ``n`` is 0 the
    sentence is ``key_none`` (counted by ``played``), so that no pupil reads "a chop of 0 trees".
    """
    if n == 0:
        return tr.count(COUNTS[f"{key}_none"], played, **values)
    return tr.count(COUNTS[key], n, played=tr.format_number(played), **values)


def _more(tr: Translator, key: str, n: int, played: int, **values: str) -> str:
    """The sentence ``key`` of :data:`COUNTS` for a count the better turn makes bigger.

    When the turn played has none of it (``played`` is 0) the sentence is ``key_played_none``,
    so that no pupil reads "a chop of 2 trees, not 0".
    """
    if played == 0:
        return tr.count(COUNTS[f"{key}_played_none"], n, **values)
    return tr.count(COUNTS[key], n, played=tr.format_number(played), **values)


def better_reasons(tr: Translator, turn: TurnReview) -> list[str]:
    """Why the better turn of ``turn`` is better: one sentence per engine fact in its favour.

    Returns an empty list when the turn played was the best found. The facts, in this
    order, each told only when the better turn does better on it: points scored
    (unless the chop sentence already compares the trees felled), the biggest chop
    left to the next player (smaller), the biggest chop got ready for the mover's next
    turn (bigger) — as the chop kept ready whatever the next player answers when that
    differs —, the biggest chop the next player can get ready with its answer (smaller,
    when the chop left to it is the same), the protesters kept; when none is in its
    favour, one sentence: for a turn that lost few chances, that both come to the same in
    trees and points; for an error, that the search found the difference.
    """
    if turn.best == turn.played:
        return []
    better, played = turn.best_facts, turn.played_facts
    reasons: list[str] = []
    same_chop = better.kind == played.kind == "chop" and better.cells == played.cells
    if better.points > played.points and not same_chop:
        if played.points:
            reasons.append(
                tr.format(SENTENCES["played_points"], points=tr.count(terms.POINTS, played.points))
            )
        else:  # never "0 points"
            reasons.append(tr.translate(SENTENCES["played_no_points"]))
    next_seat = turn.position.play(turn.best).to_move
    if better.leaves < played.leaves and not played.ends_game:
        reasons.append(
            _fewer(tr, "leaves", better.leaves, played.leaves, player=player_in_sentence(tr, next_seat))
        )
    over = better.ends_game or played.ends_game
    deep = better.deep and played.deep and not over
    player = player_in_sentence(tr, next_seat)
    mover = player_in_sentence(tr, turn.position.to_move)
    if deep and better.secures > played.secures:
        reasons.append(_more(tr, "secures", better.secures, played.secures, player=player, mover=mover))
    elif better.prepares > played.prepares and not over:
        reasons.append(_more(tr, "prepares", better.prepares, played.prepares, mover=mover))
    if deep and better.answer < played.answer and better.leaves == played.leaves:
        reasons.append(_fewer(tr, "answer", better.answer, played.answer, player=player))
    if better.supply > played.supply and not over:
        reasons.append(
            _more(tr, "supply", better.supply, played.supply, player=player_in_sentence(tr, turn.seat))
        )
    told = same_chop and len(better.felled) != len(played.felled)
    if deep and not reasons and not told:  # nothing differs within a turn: a little further on
        (mine, others), (was_mine, was_others) = better.future, played.future
        rounds = tr.count(COUNTS["rounds"], PLAY_ON_ROUNDS)
        if mine > was_mine and mine - others > was_mine - was_others:
            mover = player_in_sentence(tr, turn.seat)
            reasons.append(_more(tr, "future_mine", mine, was_mine, player=mover, rounds=rounds))
        elif others < was_others and mine - others > was_mine - was_others:
            key = "future_other" if turn.position.players == 2 else "future_others"
            reasons.append(_fewer(tr, key, others, was_others, rounds=rounds))
    if not reasons and not told:
        fine = label_for(turn.loss) in ("best", "good") and not _lets_end(turn)
        reasons.append(tr.translate(SENTENCES["as_good" if fine else "search_only"]))
    return reasons


def review_sentence(tr: Translator, turn: TurnReview) -> str:
    """What the review says about ``turn``, in ``tr``'s language, from its facts only.

    The verdict ("Turn 5, Player 1: a mistake (12 % of the winning chances lost)."), then,
    when a better turn was found, what it does ("Planting a seedling on c5 was better.")
    and why (:func:`better_reasons`); for a best chop, what it felled.
    """
    parts = [_verdict(tr, turn)]
    if turn.best != turn.played:
        parts.append(_better_turn(tr, turn.best_facts, turn.played_facts))
        parts.extend(better_reasons(tr, turn))
    elif turn.played_facts.kind == "chop":
        facts = turn.played_facts
        points = tr.count(terms.POINTS, facts.points)
        parts.append(tr.count(COUNTS["played_chop"], len(facts.felled), cell=facts.cells[0], points=points))
    return " ".join(parts)


#: A word holding a cell name or a turn's notation ("c5", "a1-c1", "xb3", "(c5)."): never broken.
_CELL_WORD = re.compile(r"\S*[a-e][1-5]\S*")


class ReviewNotes:
    """What the review says about several turns, shown in a notebook as one paragraph per turn.

    Printed text in JupyterLab's output area may break anywhere (its ``pre`` has
    ``word-break: break-all``: "c" at the end of a line, "5" on the next), so the
    notes are shown as HTML paragraphs, where lines break between words only and a
    word holding a cell name or notation ("a1-c1") never breaks. ``str()`` gives
    one sentence per line.

    Attributes:
        sentences: one sentence per turn (:func:`review_sentence`), in order.
    """

    def __init__(self, sentences: Iterable[str]) -> None:
        self.sentences = tuple(sentences)

    def __str__(self) -> str:
        return "\n".join(self.sentences)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        def keep(match: re.Match[str]) -> str:
            return f'<span style="white-space: nowrap">{match.group(0)}</span>'

        return "".join(f"<p>{_CELL_WORD.sub(keep, html.escape(s, quote=False))}</p>" for s in self.sentences)


def review_notes(tr: Translator, turns: Iterable[TurnReview]) -> ReviewNotes:
    """:class:`ReviewNotes` of ``turns`` (e.g. ``review(game).mistakes()``) in ``tr``'s language."""
    return ReviewNotes(review_sentence(tr, turn) for turn in turns)

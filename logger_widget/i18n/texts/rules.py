"""The full rules of Logger, as the tutorial and the rules view show them.

The text follows the project's rule specification, ``docs/rules.md``.  It is split into paragraph-sized messages, each with a
stable gettext context ``rules:<section>:<n>`` so that a paragraph can be
reworded in English without losing its place in the catalogues.  Markdown
(``**bold**``, ``*italic*``) is allowed inside messages.

Public API: :data:`SECTIONS`, :func:`section_title`, :func:`rules_paragraphs`,
:func:`rules_markdown`.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from .. import NP_, PMessage, Translator

__all__ = ["SECTIONS", "RULES_TITLE", "section_title", "rules_paragraphs", "rules_markdown"]

#: Title of the whole rules document.
RULES_TITLE: PMessage = NP_("rules:title", "Logger: the rules")

#: Ordered ``(section id, title message)`` pairs.
SECTIONS: tuple[tuple[str, PMessage], ...] = (
    ("background", NP_("rules:background:title", "About the game")),
    ("pieces", NP_("rules:pieces:title", "Pieces and board")),
    ("setup", NP_("rules:setup:title", "Setting up")),
    ("turn", NP_("rules:turn:title", "Your turn")),
    ("movement", NP_("rules:movement:title", "Movement")),
    ("growth", NP_("rules:growth:title", "Growth")),
    ("action", NP_("rules:action:title", "Action")),
    ("plant", NP_("rules:plant:title", "Plant")),
    ("protest", NP_("rules:protest:title", "Protest")),
    ("chop", NP_("rules:chop:title", "Chop")),
    ("end", NP_("rules:end:title", "End of the game")),
    ("winner", NP_("rules:winner:title", "Who wins")),
    ("decisions", NP_("rules:decisions:title", "Decisions made by this project")),
)

# Translator notes: the rules are written for a 12-year-old; use the glossary
# terms (docs/glossary.md) exactly; keep the Markdown (**bold**, *italic*).
_PARAGRAPHS: MappingProxyType[str, tuple[PMessage, ...]] = MappingProxyType(
    {
        "background": (
            # TRANSLATORS: the rules are read by 12-year-olds: say it as a teacher
            # would, with the glossary terms (docs/glossary.md); keep the Markdown.
            NP_(
                "rules:background:1",
                "Logger is a board game for 2 to 4 players, invented by Erik Dresner in 2008. "
                "It is played with Looney Pyramids (also called Icehouse pieces), and in the "
                "summer of 2008 it won second place in the Icehouse game design competition.",
            ),
            NP_(
                "rules:background:2",
                "In Logger every player is a logger walking through a young forest. The trees "
                "keep growing and spreading, you cut down big trees to earn points, and "
                "protesters can save trees from the other loggers. There are no dice and no "
                "hidden cards: everything is on the board, so the better plan wins.",
            ),
            NP_(
                "rules:background:3",
                "As soon as someone has 10 points, the end game begins. Still, everyone "
                "plays the same number of turns, and the player with the most points wins.",
            ),
        ),
        "pieces": (
            NP_(
                "rules:pieces:1",
                "The board is a square of 5\u00a0×\u00a05 cells. The cells are named like on a chess "
                "board: the columns are the letters a to e from left to right, and the rows "
                "are the numbers 1 to 5 from bottom to top. So a1 is the bottom-left corner, "
                "e5 is the top-right corner and c3 is the centre.",
            ),
            NP_(
                "rules:pieces:2",
                "A tree grows in three stages. A **seedling** is one large pyramid. A "
                "**sapling** is a large pyramid with a medium one on top. A **mature tree** "
                "is a large, a medium and a small pyramid stacked together. The word "
                "“tree” means any of the three.",
            ),
            NP_(
                "rules:pieces:3",
                "A **protester** is a cap that is put on top of a mature tree to protect it. "
                "A tree can have at most one protester. Protesters that are not on the board "
                "yet wait in your **supply**.",
            ),
            NP_(
                "rules:pieces:4",
                "Every player has one **logger**, a pawn that stands on one cell. A cell can "
                "hold only one thing: a tree or a logger.",
            ),
            NP_(
                "rules:pieces:5",
                "The game has 20 large, 20 medium and 20 small pyramids. The **pool** is the "
                "pyramids that are not on the board: at the start the seedling on c3 uses one "
                "large pyramid, so 19 large ones are in the pool. Every tree needs exactly one "
                "large pyramid, so there can never be more than 20 trees on the board.",
            ),
            NP_(
                "rules:pieces:6",
                "Logger has no diagonals. “Next to” always means straight up, down, left or "
                "right, and loggers move the same way.",
            ),
        ),
        "setup": (
            NP_("rules:setup:1", "Put one seedling on c3, the centre of the board."),
            NP_(
                "rules:setup:2",
                "Player 1 is the **first player**. Taking turns in seat order, each player "
                "puts their logger on a free corner of the board. If nobody wants to choose, "
                "use these corners: with 2 players a1 and e5; with 3 players a1, e1 and e5; "
                "with 4 players a1, e1, e5 and a5 (Player 1 gets the first corner of the "
                "list, Player 2 the next one, and so on).",
            ),
            NP_(
                "rules:setup:3",
                "Each player puts protesters into their supply: 2 each in a game for 2 "
                "players, 1 each in a game for 3 or 4 players. Everybody starts with 0 points.",
            ),
        ),
        "turn": (
            NP_(
                "rules:turn:1",
                "Players take turns in seat order, starting with the first player. When every "
                "player has had one turn, the round is over and the next round begins.",
            ),
            NP_(
                "rules:turn:2",
                "Your turn always has three phases in this order: **Movement**, then "
                "**Growth**, then **Action**.",
            ),
        ),
        "movement": (
            NP_(
                "rules:movement:1",
                "Move your logger 0, 1 or 2 steps. Each step goes up, down, left or right "
                "into a free cell: a cell with no tree and no logger on it. You may turn "
                "between the two steps, so after two steps your logger can end up diagonally "
                "from where it started. You may also stay where you are. *(Project decision: "
                "the published rules do not say whether a two-step move may turn; each step "
                "is an ordinary step, so we allow it.)*",
            ),
            NP_(
                "rules:movement:2",
                "While you move, the cell your logger starts from counts as free, so a two-step move may go "
                "out and come back. It then ends where it started, which is the same as staying. *(Project "
                "decision: the published rules do not say whether a move may come back; staying is allowed "
                "anyway, so we allow it.)*",
            ),
        ),
        "growth": (
            NP_(
                "rules:growth:1",
                "Look at the whole row and the whole column of your logger. Every tree in "
                "them grows one stage, all at the same time. It does not matter how far away "
                "a tree is, and pieces in between do not block it.",
            ),
            NP_(
                "rules:growth:2",
                "A seedling becomes a sapling. A sapling becomes a mature tree. A mature tree "
                "that was already mature before this growth cannot get any bigger, so it "
                "spreads its seeds instead: one new seedling appears on a free cell next to "
                "it (up, down, left or right). Mature trees with a protester do this too.",
            ),
            NP_(
                "rules:growth:3",
                "A free cell for a new seedling has no tree and no logger on it, not even your own logger. "
                "Growth comes after Movement: the cell your logger has just left is free, and the cell it "
                "now stands on is not. *(Project decision: the published rules do not say whether “free” "
                "is judged before or after the move.)*",
            ),
            NP_(
                "rules:growth:4",
                "No tree grows twice in the same turn, and seedlings that appeared during this "
                "turn do not grow yet.",
            ),
            NP_(
                "rules:growth:5",
                "Growth is compulsory: you cannot leave a tree out, and as many mature trees "
                "as possible must spread their seeds. A mature tree gets no new seedling when "
                "it has no free cell next to it, when other spreading trees need the free cells "
                "next to it (see below), or when the limit of 20 trees leaves no room: for "
                "example, with 19 trees on the board only one new seedling can appear.",
            ),
            # TRANSLATORS: "Project decision" marks a rule this project settled where
            # the published rules are silent (see the last section).
            NP_(
                "rules:growth:6",
                "You, the player whose turn it is, decide where the new seedlings go. "
                "*(Project decision: the published rules do not say who places them.)*",
            ),
            NP_(
                "rules:growth:7",
                "Sometimes two mature trees want the same free cell. Then you must place the "
                "seedlings so that as many trees as possible get a new seedling. For example, "
                "tree A has only one free cell next to it, and tree B has that same cell and "
                "one more. If you put B's seedling on the shared cell, A has nowhere to put "
                "its own: that is not allowed. Put B's seedling on its other cell, and both "
                "trees get one. You may choose any placement, as long as no other placement "
                "gives more new seedlings. *(Project decision: growth happens all at once and "
                "every tree must spread its seeds if it can, so the largest possible number "
                "of seedlings must appear; the limit of 20 trees still counts.)*",
            ),
        ),
        "action": (
            NP_(
                "rules:action:1",
                "In the Action phase you do exactly one of three actions: **Plant**, "
                "**Protest** or **Chop**.",
            ),
            NP_(
                "rules:action:2",
                "You may not skip the action if any of them is possible. Even when protesting "
                "is the only action you can do, you must protest: put at least one protester "
                "on a tree. Only when none of the three can be done is the phase skipped, and "
                "then your turn ends. *(Project decision: the rules say that you must perform "
                "an action if you are able to, and protesting is one of the actions.)*",
            ),
            NP_(
                "rules:action:3",
                "You may choose any action that is possible: none of them has to come first. *(Project "
                "decision.)*",
            ),
            NP_(
                "rules:action:4",
                "A tree that has just become mature in the Growth phase of this turn can already be "
                "protested or chopped in the Action phase of the same turn. *(Project decision: the action "
                "sees the board as it is after growth.)*",
            ),
        ),
        "plant": (
            NP_(
                "rules:plant:1",
                "Take a seedling from the pool and put it on a free cell next to your logger.",
            ),
            NP_("rules:plant:2", "You cannot plant when there are already 20 trees on the board."),
        ),
        "protest": (
            NP_(
                "rules:protest:1",
                "Take one or more protesters from your supply and put each of them on a "
                "different mature tree that has no protester yet. The trees can be anywhere "
                "on the board; they do not have to be next to your logger. *(Project "
                "decision: unlike planting and chopping, the published rules set no distance "
                "for protesting.)*",
            ),
            NP_(
                "rules:protest:2",
                "A tree with a protester cannot be chosen for chopping. But the domino effect "
                "can still knock it down (see Chop). In the Growth phase it still spreads its "
                "seeds as usual.",
            ),
            NP_(
                "rules:protest:3",
                "A tree can have only one protester, because a protester is a cap on the top "
                "of the stack. *(Project decision.)*",
            ),
        ),
        "chop": (
            NP_(
                "rules:chop:1",
                "Choose a mature tree without a protester next to your logger. It falls away "
                "from your logger, in a straight line.",
            ),
            NP_(
                "rules:chop:2",
                "The falling tree knocks down the mature tree right behind it in the same "
                "line, that one knocks down the one right behind it, and so on. This is the "
                "**domino effect**. "
                "It knocks down mature trees with a protester too. The chain stops at the "
                "edge of the board or at the first cell that does not hold a mature tree: an "
                "empty cell, a seedling, a sapling or a logger. *(Project decision: a logger stops the "
                "chain, because it is not a mature tree.)*",
            ),
            NP_(
                "rules:chop:3",
                "You score 1 point for every tree that falls. Protesters from the fallen "
                "trees go into your supply, and the pyramids go back to the pool, so they can "
                "be used for new seedlings. *(Project decision: the published rules do not say "
                "where the pyramids of felled trees go.)*",
            ),
            NP_(
                "rules:chop:4",
                "Example from the rules: in one line there are your logger, a mature tree, a "
                "mature tree, a sapling and a mature tree. You chop the first tree: it knocks "
                "down the second one, and the sapling stops the chain. Two trees fall, so you "
                "score 2 points. The sapling and the last mature tree stay where they are.",
            ),
        ),
        "end": (
            NP_(
                "rules:end:1",
                "Logger is a game of equal turns: everybody plays the same number of turns.",
            ),
            NP_(
                "rules:end:2",
                "If at the end of a turn any player has 10 or more points, the end game begins. "
                "The round is played to the end: every player who comes after that "
                "player in seat order plays one more turn, and then the game is over. If the "
                "last player of the round reached 10 points, the game ends at once.",
            ),
        ),
        "winner": (
            NP_("rules:winner:1", "The player with the most points wins."),
            NP_(
                "rules:winner:2",
                "If several players share the most points, the one of them with more "
                "protesters left in their supply wins.",
            ),
            NP_(
                "rules:winner:3",
                "If they are still level, those players share the win: it is a tie between "
                "them. *(Project decision: the published rules do not say who wins then.)*",
            ),
        ),
        "decisions": (
            NP_(
                "rules:decisions:1",
                "The published rules leave a few questions open. This project answers them "
                "as follows, so that every game can be played to the end, by people and by "
                "programs alike.",
            ),
            NP_(
                "rules:decisions:2",
                "**At most 20 trees.** The game has 20 large pyramids and every tree needs "
                "one. The rules do not say what happens when they run out, so we use this "
                "real limit: while there are 20 trees on the board, nobody can plant a "
                "seedling and no new seedling appears from spreading seeds.",
            ),
            NP_(
                "rules:decisions:3",
                "**Spreading seeds.** The player whose turn it is places the new seedlings, "
                "and as many mature trees as possible must get one (see Growth). **One "
                "protester per tree** (see Protest).",
            ),
            NP_(
                "rules:decisions:4",
                "**Threefold repetition.** A game could go on for ever: for example, both "
                "loggers are walled in by trees with protesters, there are 20 trees on the "
                "board and nobody has protesters left, so every turn is forced and changes "
                "nothing. So when exactly the same position (the same pieces on the same "
                "cells, the same points and supplies, and the same player to move) appears "
                "for the third time, the game ends at once and is scored as usual.",
            ),
            NP_(
                "rules:decisions:5",
                "This repetition rule can be switched off for teaching.",
            ),
            NP_(
                "rules:decisions:6",
                "**Turn limit.** Simulations, for example a bot playing thousands of games "
                "against another bot, may also set a limit on the number of turns. A game "
                "stopped by that limit is reported as stopped by the limit, never as a normal "
                "end.",
            ),
            NP_(
                "rules:decisions:7",
                "**Smaller decisions**, each marked where it applies: a two-step move may turn, and it "
                "may go out and come back (Movement); a cell is free for a new seedling or not as it is "
                "after the move (Growth); you may choose any possible action, a tree that has just become "
                "mature can be protested or chopped in the same turn, and you must protest when it is the "
                "only possible action (Action); protesters may go on trees anywhere on the board (Protest); "
                "a logger stops the domino chain, and the pyramids of felled trees go back to the pool "
                "(Chop); players who are still level after comparing protesters share the win (Who wins).",
            ),
        ),
    }
)

_SECTION_IDS = tuple(section for section, _title in SECTIONS)
_TITLES = MappingProxyType(dict(SECTIONS))

if set(_SECTION_IDS) != set(_PARAGRAPHS):  # pragma: no cover - guards edits of this file
    raise RuntimeError("rules_text: SECTIONS and _PARAGRAPHS name different sections")


def _check_section(section: str) -> None:
    if section not in _TITLES:
        raise KeyError(f"unknown rules section {section!r}; known: {', '.join(_SECTION_IDS)}")


def section_title(section: str, translator: Translator) -> str:
    """The translated title of ``section``."""
    _check_section(section)
    return translator.translate(_TITLES[section])


def rules_paragraphs(section: str, translator: Translator) -> list[str]:
    """The translated paragraphs of ``section`` (Markdown inline syntax allowed)."""
    _check_section(section)
    return [translator.translate(message) for message in _PARAGRAPHS[section]]


def rules_markdown(translator: Translator, sections: Iterable[str] | None = None) -> str:
    """The rules as one Markdown document (all sections, or the ones given, in order)."""
    chosen = _SECTION_IDS if sections is None else tuple(sections)
    for section in chosen:
        _check_section(section)
    parts = [f"# {translator.translate(RULES_TITLE)}"]
    for section in chosen:
        parts.append(f"## {section_title(section, translator)}")
        parts.extend(rules_paragraphs(section, translator))
    return "\n\n".join(parts) + "\n"

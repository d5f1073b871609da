"""The end game's banner and result name the players who reached 10 points (not "someone")."""

from __future__ import annotations

import pytest

from logger_widget import Board

#: A position of a greedy-random game with Player 1 given 10 points; Player 2 plays the round's last turn.
ONE = "....2/...../..a../...../.s1.. 2 10,3 2,2"
#: Three seats, Players 1 and 3 have 10 points or more; Player 2 is to move.
TWO = "....2/...../..a../...../.s1.3 2 10,3,11 1,1,1"


def _board(lpn: str, language: str) -> Board:
    players = ["human"] * (lpn.split()[2].count(",") + 1)
    return Board(players, record=lpn, autosave=False, locale=language, bot_mode="sync")


@pytest.mark.parametrize(
    ("language", "banner", "result"),
    [
        (
            "en",
            "Player 1 reached 10 points: 1 more turn",
            "The round was completed after Player 1 reached 10 points.",
        ),
        (
            "uk",
            "Гравець 1: 10 очок або більше. У цьому раунді залишився 1 хід",
            "Раунд завершено. 10 очок або більше: Гравець 1.",
        ),
        (
            "es",
            "Jugador 1: 10 puntos o más. Queda 1 jugada",
            "Se ha completado la ronda. Con 10 puntos o más: Jugador 1.",
        ),
    ],
)
def test_the_end_game_names_the_player(language: str, banner: str, result: str) -> None:
    board = _board(ONE, language)
    assert board.view["banner"]["text"].startswith(banner)
    board.play(next(iter(board.position.legal_turns())))
    assert board.game.is_over and board.view["result"]["detail"] == result


def test_the_end_game_names_every_player_with_10_points() -> None:
    board = _board(TWO, "en")
    assert board.view["banner"]["text"].startswith("Player 1 and Player 3 reached 10 points: 2 more turns")

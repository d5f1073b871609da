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
            "The game ended with the round in which the winner reached 10 points.",
        ),
        (
            "uk",
            "Гравець 1: 10 очок або більше. У цьому раунді залишився 1 хід",
            "Гра закінчилася, щойно завершився раунд, у якому переможець набрав щонайменше 10 очок.",
        ),
        (
            "es",
            "Jugador 1: 10 puntos o más. Queda 1 jugada",
            "La partida ha terminado al acabar la ronda en la que el ganador ha llegado a 10 puntos.",
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


#: Players 1 and 3 tied on 11 points with one protester each: after Player 2's last turn they share the win.
SHARED = "....2/...../..a../...../.s1.3 2 11,3,11 1,1,1"


@pytest.mark.parametrize(
    ("language", "banner", "shared"),
    [
        ("en", "Player 1 and Player 3 reached 10 points", "Player 1 and Player 3 share the win"),
        (
            "es",
            "Jugador 1 y jugador 3: 10 puntos o más.",
            "Victoria compartida: jugador 1 y jugador 3, con 11 puntos cada uno",
        ),
        ("uk", "Гравець 1 і гравець 3: 10 очок або більше.", "Спільна перемога: гравець 1 і гравець 3."),
    ],
)
def test_a_list_of_seats_takes_the_sentence_form(language: str, banner: str, shared: str) -> None:
    """A list of seats is never a list of capitalised labels («Jugador 1 y Jugador 3»): each item takes the
    sentence form, and only a list that starts the text gets its first letter capitalised."""
    board = _board(SHARED, language)
    assert board.view["banner"]["text"].startswith(banner), board.view["banner"]["text"]
    while not board.game.is_over:  # Players 2 and 3 complete the round
        board.play(next(iter(board.position.legal_turns())))
    assert board.game.outcome.winners == (1, 3)
    assert board.view["result"]["headline"].startswith(shared), board.view["result"]["headline"]


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        (
            "uk",
            "Гра закінчилася, щойно завершився раунд, у якому переможець набрав щонайменше 10 очок.",
            "у якому переможці набрали щонайменше 10 очок.",
        ),
        (
            "es",
            "en la que el ganador ha llegado a 10 puntos.",
            "en la que los ganadores han llegado a 10 puntos.",
        ),
        (
            "es_419",
            "La partida terminó al acabar la ronda en la que el ganador llegó a 10 puntos.",
            "en la que los ganadores llegaron a 10 puntos.",
        ),
    ],
)
def test_the_round_played_to_its_end_is_a_sentence_agreeing_with_the_players(language, one, two) -> None:
    """Before: «Раунд завершено. 10 очок або більше: гравець 2.» — a bare label after the sentence.

    The headline just named the winners with their points, so the reason does not name them again
    («¡Gana el jugador 1 con 10 puntos! …porque el jugador 1 ha llegado a 10 puntos» said it twice)."""
    board = _board(ONE, language)
    board.play(next(iter(board.position.legal_turns())))
    assert board.view["result"]["detail"].endswith(one), board.view["result"]["detail"]
    board = _board(SHARED, language)
    while not board.game.is_over:
        board.play(next(iter(board.position.legal_turns())))
    assert board.view["result"]["detail"].endswith(two), board.view["result"]["detail"]


@pytest.mark.parametrize(
    ("language", "reason"),
    [
        ("en", "in which Player 1 and Player 3 reached 10 points."),
        ("uk", "у якому гравець 1 і гравець 3 набрали щонайменше 10 очок."),
        ("es", "en la que el jugador 1 y el jugador 3 han llegado a 10 puntos."),
        ("es_419", "en la que el jugador 1 y el jugador 3 llegaron a 10 puntos."),
    ],
)
def test_the_reason_names_the_players_when_they_are_not_just_the_winners(language, reason) -> None:
    """Player 3 wins with 11 points; Player 1 reached 10 too: the reason says who else ended the game."""
    board = _board(TWO, language)
    while not board.game.is_over:
        board.play(next(iter(board.position.legal_turns())))
    assert board.game.outcome.winners != (1, 3)
    assert board.view["result"]["detail"].endswith(reason), board.view["result"]["detail"]

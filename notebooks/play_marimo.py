# Play Logger in marimo: `marimo edit notebooks/play_marimo.py`, or as an app: `marimo run notebooks/play_marimo.py`
# (open http://127.0.0.1:2718/?lang=es for Spanish; uk, es, es-419, en). The board is the same anywidget as in Jupyter,
# wrapped by mo.ui.anywidget. The game changes in Python (clicks are messages to the kernel, bots play there), so
# the board tells marimo through a state (mo.state, set from Board.on_change); the cell below reads it and
# reruns after every turn. board.value (the synced traits) and board.widget (the Board) can be read anywhere.
import marimo

__generated_with = "0.9.0"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    from logger_widget import Board
    from logger_widget.classroom.app import language_from_query

    return Board, language_from_query, mo


@app.cell
def _(Board, language_from_query, mo):
    language = language_from_query(f"lang={mo.query_params().get('lang') or ''}", default="uk")
    get_lpn, set_lpn = mo.state("")
    widget = Board(players=["human", "mcts:easy"], locale=language)
    widget.on_change(lambda b: set_lpn(b.lpn))
    board = mo.ui.anywidget(widget)
    board
    return board, get_lpn, language


@app.cell
def _(board, get_lpn, mo):
    # another cell reads the board: the position (LPN) after every turn
    lpn = get_lpn() or board.value["lpn"]
    game = board.widget.game
    mo.md(f"<code data-testid='marimo-lpn'>{lpn}</code> · <span data-testid='marimo-plies'>{len(game.turns)}</span>")
    return game, lpn


if __name__ == "__main__":
    app.run()

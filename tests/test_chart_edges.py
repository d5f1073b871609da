"""Charts at the edges: 1–30 bots in every language under warnings-as-errors, long names,
alt text in notebooks and exported HTML, and the docs' ``ax=`` example showing once."""

from __future__ import annotations

import base64
import io
import re
import warnings
from pathlib import Path

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text
from PIL import Image

from logger_widget.charts import (
    board_history,
    first_player_chart,
    rating_chart,
    score_progression,
    to_png,
    win_rate_matrix,
)
from logger_widget.charts._common import description
from logger_widget.names import NAME_LIMIT, short_name
from logger_widget.tournament import play_game

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("uk", "es", "en")
LONG = "Олександра-Марія " * 18  # 306 characters with spaces
LONG_LATIN = "x" * 300


def _rates(n: int, names: list[str] | None = None) -> tuple:
    names = names or [f"pupil {k + 1:02d}" for k in range(n)]
    rate = [[None if i == j else (i + 1) / (i + j + 2) for j in range(n)] for i in range(n)]
    low = [[None if v is None else max(0.0, v - 0.2) for v in row] for row in rate]
    high = [[None if v is None else min(1.0, v + 0.2) for v in row] for row in rate]
    games = [[None if i == j else 4 for j in range(n)] for i in range(n)]
    return names, rate, low, high, games


def _ratings(n: int, names: list[str] | None = None) -> list[tuple[str, float, float, float]]:
    names = names or [f"pupil {k + 1:02d}" for k in range(n)]
    return [(name, 1500 + 20 * k, 1450 + 20 * k, 1560 + 20 * k) for k, name in enumerate(names)]


def _seats(n: int) -> list[tuple[float, float, float]]:
    return [(0.5, 0.4, 0.6)] if n == 1 else [(1 / n, 0.8 / n, 1.2 / n) for _ in range(n)]


def _drawn(fig: Figure) -> list[Text]:
    """Every visible, non-empty text of the figure, after a full draw."""
    FigureCanvasAgg(fig)
    fig.canvas.draw()
    return [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]


def _check_layout(fig: Figure, cells: int | None = None) -> None:
    """Everything drawn lies inside the figure; the heatmap's cells are at least 0.35 in on each side.

    Runs the layout engine (where the collapse warning comes from) and measures
    the artists with an Agg renderer, without rasterizing: fast enough for 30 bots.
    """
    FigureCanvasAgg(fig)
    renderer = fig.canvas.get_renderer()
    engine = fig.get_layout_engine()
    if engine is not None:
        engine.execute(fig)
    tight = fig.get_tightbbox(renderer)  # inches, artists in the layout
    width, height = fig.get_size_inches()
    slack = 0.03
    assert tight.x0 >= -slack and tight.y0 >= -slack, (tight, width, height)
    assert tight.x1 <= width + slack and tight.y1 <= height + slack, (tight, width, height)
    if cells:
        pos = fig.axes[0].get_position()
        assert pos.width * width / cells >= 0.35 and pos.height * height / cells >= 0.35, (cells, pos)


def _charts_for(n: int, language: str) -> list[tuple[Figure, int | None]]:
    out: list[tuple[Figure, int | None]] = [
        (win_rate_matrix(_rates(n), locale=language), n),
        (rating_chart(_ratings(n), locale=language), None),
    ]
    if n <= 4:
        out.append((first_player_chart(_seats(n), locale=language), None))
    if 2 <= n <= 4:
        game = play_game(["greedy"] * n, seed=n)
        out.append((score_progression(game, locale=language), None))
        out.append((board_history(game, locale=language), None))
        out.append((board_history(game, locale=language, kind="small"), None))
    return out


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("n", [2, 3])
def test_two_or_three_bots_do_not_collapse_the_matrix(language: str, n: int) -> None:
    """Before the fix: "constrained_layout not applied because axes sizes collapsed to zero"."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig = win_rate_matrix(_rates(n), locale=language)
        to_png(fig, dpi=30)
        _check_layout(fig, cells=n)


#: every table size from 1 to 30 bots in one language; the others at the sizes where the layout
#: changes (one to four players' charts, a small and a large matrix) with their own texts' lengths
COUNTS = {language: (1, 2, 3, 4, 5, 9, 17, 30) for language in LANGUAGES} | {"es": tuple(range(1, 31))}


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_chart_renders_for_1_to_30_bots(language: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for n in COUNTS[language]:
            for fig, cells in _charts_for(n, language):
                _check_layout(fig, cells)
                assert description(fig), (n, fig.get_gid())


def test_short_name() -> None:
    assert short_name("anna") == "anna"
    assert short_name("  two\n\twords ") == "two words"
    assert short_name(LONG_LATIN) == "x" * (NAME_LIMIT - 1) + "…"
    cut = short_name(LONG)
    assert len(cut) <= NAME_LIMIT and cut.endswith("…") and LONG.startswith(cut[:-1])
    accented = "e\u0301" * 40  # é as e + combining acute: never cut between them
    assert short_name(accented).count("\u0301") == NAME_LIMIT - 1
    with pytest.raises(ValueError, match="limit"):
        short_name("x", 1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_long_names_are_shortened_where_drawn_and_kept_in_the_alt_text(language: str) -> None:
    names = [LONG, LONG_LATIN, "bo"]
    game = play_game(["greedy", "random"], seed=1)
    game.metadata["names"] = names[:2]
    figures = [
        win_rate_matrix(_rates(3, names), locale=language),
        rating_chart(_ratings(3, names), locale=language),
        score_progression(game, locale=language),
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for fig in figures:
            drawn = [t.get_text() for t in _drawn(fig)]
            assert not any(LONG_LATIN in t or LONG.strip() in t for t in drawn)
            assert any(short_name(LONG_LATIN) in t for t in drawn)
            _check_layout(fig)
            alt = description(fig)
            assert LONG_LATIN in alt  # the full name is in the description


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_chart_has_a_localized_description_in_png_and_notebook_output(language: str) -> None:
    game = play_game(["greedy", "random"], seed=2)
    figures = {
        "logger-score-chart": score_progression(game, locale=language),
        "logger-forest-chart": board_history(game, locale=language),
        "logger-win-rate-matrix": win_rate_matrix(_rates(3), locale=language),
        "logger-rating-chart": rating_chart(_ratings(3), locale=language),
        "logger-first-player-chart": first_player_chart(_seats(2), locale=language),
    }
    english = {}
    for gid, fig in figures.items():
        assert fig.get_gid() == gid
        alt = description(fig)
        assert alt, gid
        if language == "uk":
            assert re.search("[а-яіїєґ]", alt), alt
        if language == "en":
            english[gid] = alt
        png = to_png(fig, dpi=20)
        assert Image.open(io.BytesIO(png)).text["Description"] == alt
        data, meta = fig._repr_mimebundle_()
        assert meta["image/png"]["alt"] == alt
        assert f'alt="{alt[:20]}' in data["text/html"].replace("&#x27;", "'")
        assert base64.b64decode(data["image/png"])[:4] == b"\x89PNG"
    if language == "en":
        assert english["logger-score-chart"].startswith("Line chart of each player's points over")
        assert f"{len(game.turns)} turns" in english["logger-forest-chart"]


@pytest.mark.slow
def test_exported_html_has_alt_text_and_the_ax_example_shows_once(tmp_path: Path) -> None:
    """Run the docs' example cells in a real kernel; export to HTML with nbconvert."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nbconvert = pytest.importorskip("nbconvert")
    game = play_game(["greedy", "random"], seed=4)
    game.save(tmp_path / "my_game.json")
    docs = (ROOT / "docs" / "charts.md").read_text(encoding="utf-8")
    example = re.search(r"```python\n(.*?)```", docs, re.S)
    assert example and "ax=" in example.group(1)
    # the example is two cells: the plain calls, then the teacher's own layout
    first, second = example.group(1).split("\n\nimport matplotlib", 1)
    second = "import matplotlib" + second
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("%matplotlib inline"),
        nbformat.v4.new_code_cell(first),
        nbformat.v4.new_code_cell(second),
    ]
    client = nbclient.NotebookClient(
        nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()

    def images(cell) -> int:
        return sum("image/png" in o.get("data", {}) for o in cell.outputs)

    assert images(nb.cells[1]) == 1
    assert images(nb.cells[2]) == 1, nb.cells[2].outputs  # shown once, not twice
    body, _ = nbconvert.HTMLExporter().from_notebook_node(nb)
    assert 'alt="Графік дерев на полі' in body or 'alt="Gráfico de los árboles' in body, "forest alt"


def test_the_board_draws_long_bot_names_short_with_the_full_name_as_tooltip() -> None:
    from logger_widget import Board
    from logger_widget.bots import FunctionBot

    def first(position):
        return next(iter(position.legal_turns()))

    board = Board(["human", FunctionBot(first, name=LONG)], autosave=False, bot_mode="sync")
    seat = board.view["players"][1]
    assert seat["bot_name"] == short_name(LONG) and len(seat["bot_name"]) <= NAME_LIMIT
    assert seat["bot_name_full"] == " ".join(LONG.split()) or seat["bot_name_full"] == LONG
    js = (ROOT / "logger_widget" / "board" / "static" / "board.js").read_text(encoding="utf-8")
    assert "title: p.bot_name_full" in js

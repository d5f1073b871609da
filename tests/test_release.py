"""The release check (scripts/release.py) and the notebooks a pip user copies out (logger_widget.notebooks)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from logger_widget.notebooks import copy_notebooks, notebook_files

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_release_check_passes(dist: tuple[Path, Path]) -> None:
    """sdist + wheel built, ``twine check`` clean, contents and metadata right, a fresh venv opens a board."""
    from scripts.release import check

    assert check(*dist) == []


def test_the_release_command_says_it_passed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m scripts.release`` prints its verdict and exits 0; with a problem, names it and exits 1."""
    from scripts import release

    dist = (tmp_path / "logger_widget-1.0.tar.gz", tmp_path / "logger_widget-1.0-py3-none-any.whl")

    monkeypatch.setattr(release, "build", lambda out: dist)
    monkeypatch.setattr(release, "check", lambda sdist, wheel: [])
    assert release.main(["--out", "unused"]) == 0
    assert f"release check passed: {dist[0].name}, {dist[1].name}" in capsys.readouterr().out
    monkeypatch.setattr(release, "check", lambda sdist, wheel: ["the wheel has no uk catalogue"])
    assert release.main(["--out", "unused"]) == 1
    assert capsys.readouterr().err == "the wheel has no uk catalogue\n"


def test_the_release_check_names_what_a_wheel_lacks(tmp_path: Path) -> None:
    """A wheel without the board's front end, with the test locale and a test extra, is refused for each."""
    import zipfile

    from scripts.release import wheel_problems

    bad = tmp_path / "logger_widget-0.0.0-py3-none-any.whl"
    with zipfile.ZipFile(bad, "w") as z:
        z.writestr("logger_widget/locales/en_XA/LC_MESSAGES/logger_widget.po", "")
        z.writestr("logger_widget-0.0.0.dist-info/METADATA",
                   "Metadata-Version: 2.4\nName: logger_widget\nVersion: 0.0.0\nLicense-Expression: MIT\n"
                   "Provides-Extra: dev\nRequires-Dist: matplotlib==3.11.2; extra == 'dev'\n"
                   "Project-URL: Documentation, docs/hosts.md\nProject-URL: Source, https://example.org/logger\n\n")  # fmt: skip
    problems = "\n".join(wheel_problems(bad))
    for expected in ("board.js", "uk catalogue", "en_XA", "uk notebook", "Voilà template", "LICENSE", "'Framework :: Jupyter'",
                     "test-only extra 'dev'", "exact pin", "project URL 'Documentation'"):  # fmt: skip
        assert expected in problems, problems
    assert "'Source'" not in problems  # an absolute address is fine


def test_the_notebooks_of_a_language_are_copied_out(tmp_path: Path) -> None:
    copies = copy_notebooks("uk", tmp_path / "lesson")
    names = {p.name for p in copies}
    assert {"tutorial_uk.ipynb", "play_vs_bots_uk.ipynb", "puzzles_uk.ipynb", "play_app.ipynb"} <= names
    assert not any(n.endswith(("_es.ipynb", "_en.ipynb")) for n in names)
    assert all((tmp_path / "lesson" / n).read_bytes() == (ROOT / "notebooks" / n).read_bytes() for n in names)


def test_latin_american_spanish_notebooks_are_copied_out_apart_from_spains(tmp_path: Path) -> None:
    """``python -m logger_widget.notebooks es_419 DIR`` (or ``es-419``): the ``*_es_419`` notebooks and
    those of no language; ``es`` and every other language get none of them. Before: ``es_419`` was
    refused, and ``tutorial_es_419.ipynb`` counted as a notebook of no language (copied for all)."""
    out = subprocess.run([sys.executable, "-m", "logger_widget.notebooks", "es-419", str(tmp_path / "mx")],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)  # fmt: skip
    assert out.returncode == 0, out.stderr
    names = {p.name for p in (tmp_path / "mx").iterdir()}
    stems = ("tutorial", "play_vs_bots", "puzzles", "class_play", "game_theory_exercises")
    assert {f"{stem}_es_419.ipynb" for stem in stems} | {"play_app.ipynb"} <= names
    assert not any(n.endswith(("_es.ipynb", "_uk.ipynb", "_en.ipynb")) for n in names), names
    for language in ("es", "uk", "en"):
        assert not any("es_419" in p.name for p in notebook_files(language)), language
    assert {p.name for p in notebook_files("es_419")} == names


def test_a_pupils_notebook_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "tutorial_es.ipynb").write_text("my work", encoding="utf-8")
    copy_notebooks("es", tmp_path)
    assert (tmp_path / "tutorial_es.ipynb").read_text(encoding="utf-8") == "my work"


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="'ua'"):
        notebook_files("ua")
    out = subprocess.run([sys.executable, "-m", "logger_widget.notebooks", "xx", "/nonexistent-dir"],
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert out.returncode == 2 and "'xx'" in out.stderr


def test_a_file_in_the_way_is_named(tmp_path: Path) -> None:
    (tmp_path / "lesson").write_text("", encoding="utf-8")
    with pytest.raises(NotADirectoryError, match="lesson"):
        copy_notebooks("en", tmp_path / "lesson")

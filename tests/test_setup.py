"""The README's first command installs what the notebooks need and nothing of the tests, hub or hosts."""

from __future__ import annotations

from pathlib import Path

import pytest
from fresh_checkout import LAB_NEEDS, NOT_IN_LAB, fresh_copy, installed, run_script


@pytest.mark.slow
def test_lab_sh_on_a_fresh_clone_installs_only_the_lab(tmp_path: Path) -> None:
    """``bash scripts/lab.sh`` on a fresh copy: the lab extra only, no Debian package, a working copy of the notebooks."""
    copy = fresh_copy(tmp_path / "clone")
    out = run_script(copy, "scripts/lab.sh", "--version")
    assert out.returncode == 0, out.stderr[-3000:]
    names = installed(copy / ".venv")
    assert LAB_NEEDS <= names, f"missing from the lab: {sorted(LAB_NEEDS - names)}"
    assert not names & NOT_IN_LAB, f"test/hub/host packages in the lab: {sorted(names & NOT_IN_LAB)}"
    assert "Debian packages" not in out.stdout
    assert (copy / ".lab" / "notebooks" / "play_vs_bots.ipynb").is_file()
    assert len(list((copy / ".venv").glob(".installed-*-lab"))) == 1

#!/usr/bin/env bash
# Open JupyterLab on the notebooks (tutorials, play against bots, exercises).
# Extra arguments go to `jupyter lab`, e.g. `bash scripts/lab.sh --port 8899`.
#
# JupyterLab autosaves outputs into the notebooks it runs, so it opens a working
# copy in .lab/notebooks/ (ignored by git), made from notebooks/ on first start:
# the shipped notebooks stay clean. New notebooks of a later version are copied
# in too; a notebook already in the working copy is never overwritten (your
# work stays). `bash scripts/lab.sh --fresh` starts again from notebooks/.
set -euo pipefail
# Installs only what the notebooks need (pyproject.toml's `lab` extra; scripts/env.sh).
LW_EXTRA=lab source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
WORK="$ROOT/.lab/notebooks"
if [ "${1:-}" = "--fresh" ]; then
  shift
  rm -rf "$WORK"
fi
mkdir -p "$WORK"
for nb in "$ROOT"/notebooks/*.ipynb; do
  [ -e "$WORK/$(basename "$nb")" ] || cp "$nb" "$WORK/"
done
# No "news" or update pop-ups in front of a class (JupyterLab settings overrides of this .venv,
# the same as the class hub's).
mkdir -p .venv/share/jupyter/lab/settings
cp "$ROOT/deploy/jupyterlab/overrides.json" .venv/share/jupyter/lab/settings/overrides.json
extra=()
[ "$(id -u)" = 0 ] && extra+=(--allow-root)  # containers and classroom VMs often run as root
exec .venv/bin/jupyter lab --notebook-dir="$WORK" "${extra[@]}" "$@"

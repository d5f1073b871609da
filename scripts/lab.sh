#!/usr/bin/env bash
# Open JupyterLab on the notebooks (tutorials, play against bots, exercises).
# Extra arguments go to `jupyter lab`, e.g. `bash scripts/lab.sh --port 8899`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
exec .venv/bin/jupyter lab --notebook-dir="$ROOT/notebooks" "$@"

#!/usr/bin/env bash
# Open JupyterLab on the notebooks (tutorials, play against bots, exercises).
# Extra arguments go to `jupyter lab`, e.g. `bash scripts/lab.sh --port 8899`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
# No "news" or update pop-ups in front of a class (JupyterLab settings overrides of this .venv).
mkdir -p .venv/share/jupyter/lab/settings
cat > .venv/share/jupyter/lab/settings/overrides.json <<'JSON'
{"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": false}}
JSON
extra=()
[ "$(id -u)" = 0 ] && extra+=(--allow-root)  # containers and classroom VMs often run as root
exec .venv/bin/jupyter lab --notebook-dir="$ROOT/notebooks" "${extra[@]}" "$@"

#!/usr/bin/env bash
# Serve "play Logger" as a web page with Voilà (no code cells): one game per browser tab.
# Pupils open http://127.0.0.1:8866/?lang=uk (or es, es-419, en). Extra arguments go to voila,
# e.g. `bash scripts/voila.sh --port 9000`, or `--preheat_kernel=True --pool_size=4` for
# pages that open at once (the language is still read from each page's address). Binds to
# 127.0.0.1 only; see docs/hosts.md.
#
# A closed or refreshed tab's kernel is shut down by the culler: a kernel with no page
# connected and idle for CULL_IDLE_TIMEOUT seconds (default 60), checked every CULL_INTERVAL
# seconds (default 10). A tab that stays open is never culled (CULL_CONNECTED=True culls open
# tabs idle that long too, e.g. left open overnight; a pupil's clicks count as activity). Voilà's own shutdown on closing a tab is refused by the
# server (the page sends no _xsrf cookie), so without the culler every tab leaked its kernel.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
port=(--port=8866)
for arg in "$@"; do
  case "$arg" in --port|--port=*|--Voila.port*) port=() ;; esac  # the caller's port instead
done
# the project's Voilà template "logger" (share/jupyter/voila/templates/logger: Voilà's lab template
# with nothing from a CDN, so the page works on a network without Internet); a pip install of the
# package puts it in the environment's share/jupyter
export JUPYTER_PATH="$ROOT/share/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
exec .venv/bin/voila notebooks/play_app.ipynb --no-browser --Voila.ip=127.0.0.1 "${port[@]}" --template=logger \
  --MappingKernelManager.cull_idle_timeout="${CULL_IDLE_TIMEOUT:-60}" \
  --MappingKernelManager.cull_interval="${CULL_INTERVAL:-10}" \
  --MappingKernelManager.cull_connected="${CULL_CONNECTED:-False}" "$@"

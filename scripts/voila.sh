#!/usr/bin/env bash
# Serve "play Logger" as a web page with Voilà (no code cells): one game per browser tab.
# Pupils open http://127.0.0.1:8866/?lang=uk (or es, en). Extra arguments go to voila,
# e.g. `bash scripts/voila.sh --port 9000`. Binds to 127.0.0.1 only; see docs/hosts.md.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
exec .venv/bin/voila notebooks/play_app.ipynb --no-browser --Voila.ip=127.0.0.1 --port 8866 "$@"

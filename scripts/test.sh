#!/usr/bin/env bash
# Run the whole test suite (engine, bots, i18n, charts, widget, notebooks and the
# browser end-to-end tests) in the project's own environment. Extra arguments go
# to pytest, e.g. `bash scripts/test.sh -k rules`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
exec .venv/bin/python -m pytest "$@"

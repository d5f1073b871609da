#!/usr/bin/env bash
# Run the whole test suite (engine, bots, i18n, charts, widget, notebooks and the
# browser end-to-end tests) in the project's own environment. Extra arguments go
# to pytest, e.g. `bash scripts/test.sh -k rules`.
#
# `bash scripts/test.sh --quick` is the edit loop's tier: the unit and headless tests, without
# the browser, hub and other slow tests and without the lint gates (about 2-3 minutes on 2 cores).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
if [ "${1:-}" = "--quick" ]; then
  shift
  set -- -m "not e2e and not slow and not lint" "$@"
fi
# nothing may be skipped: the set-up above installs what every test needs (tests/conftest.py)
export LW_NO_SKIPS=1
# one process by default; LW_TEST_WORKERS=3 spreads the tests over pytest-xdist workers, with the
# tests that share the machine's accounts or the checkout's builds in one serial group
# (SERIAL_GROUPS in tests/conftest.py). Not the default yet: on workers the hub tests still fail.
exec .venv/bin/python -m pytest --durations=30 -n "${LW_TEST_WORKERS:-0}" --dist loadgroup "$@"

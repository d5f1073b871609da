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
# spread over pytest-xdist workers: the browser, hub and build tests mostly wait, so three workers
# keep two cores busy; tests that share the machine's accounts or the checkout's build folders run
# in one group each (SERIAL_GROUPS in tests/conftest.py). LW_TEST_WORKERS=0 runs in one process.
exec .venv/bin/python -m pytest --durations=30 -n "${LW_TEST_WORKERS:-3}" --dist loadgroup "$@"

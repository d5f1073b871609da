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
# two pytest-xdist workers by default (one per core of the 2-core machines the project is tested on;
# LW_TEST_WORKERS=N for another number, 0 for one process), with the tests that share the machine's
# accounts or the checkout's builds in one serial group (SERIAL_GROUPS in tests/conftest.py), which
# xdist hands out first as the largest unit of work. Servers' ports come from a block of each
# worker's own below the ephemeral range (tests/portkit.py).
exec .venv/bin/python -m pytest --durations=30 -n "${LW_TEST_WORKERS:-2}" --dist loadgroup "$@"

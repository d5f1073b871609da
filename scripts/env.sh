#!/usr/bin/env bash
# Create (or update) the project's own environment in .venv with everything the
# notebooks and the tests need. Sourced by scripts/test.sh and scripts/lab.sh.
# System packages (Debian): chromium for the browser tests, gettext for
# `msgfmt --check`, fonts with Cyrillic glyphs for the screenshots, bubblewrap and
# libseccomp for the sandboxes of pupils' bots (tournament/isolation.py; pyseccomp, the
# Python side of libseccomp, comes from PyPI with the package).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v msgfmt >/dev/null 2>&1 || need+=(gettext)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
ldconfig -p 2>/dev/null | grep 'libseccomp\.so\.2' >/dev/null || need+=(libseccomp2)
command -v setpriv >/dev/null 2>&1 || need+=(util-linux)
if [ ${#need[@]} -gt 0 ]; then
  echo "== installing Debian packages: ${need[*]}"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv"
  "$PY" -m venv .venv
fi
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -e "$stamp" ]; then
  echo "== installing logger_widget[dev] into .venv"
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e '.[dev]'
  # nbgrader is used from the command line (deploy/nbgrader, docs/classroom.md): its Jupyter
  # extensions (formgrader, assignment list; 7 s to import) would slow every server start and
  # add menus to JupyterLab, so they are switched off in this environment.
  for ext in formgrader validate_assignment assignment_list course_list; do
    .venv/bin/jupyter server extension disable --sys-prefix "nbgrader.server_extensions.$ext" >/dev/null 2>&1 || true
  done
  .venv/bin/jupyter labextension disable --level=sys_prefix @jupyter/nbgrader >/dev/null 2>&1 || true
  rm -f .venv/.installed-*
  touch "$stamp"
fi

# As root, the JupyterHub classroom runs each pupil's server as the pupil's own Unix account
# (deploy/jupyterhub, docs/classroom.md), and the sandboxes of pupils' bots run as uid 65534:
# those accounts must reach the venv's interpreter and this package. A Python under a private
# home (pyenv's /root/.pyenv: /root is mode 0700) is not reachable, so the directories on their
# paths get the "search" bit for others (o+x: enter, not list).
if [ "$(id -u)" = 0 ]; then
  for d in "$(dirname "$(readlink -f .venv/bin/python)")" "$ROOT"; do
  while [ "$d" != / ]; do
    if [ "$(( 0$(stat -c %a "$d") & 01 ))" = 0 ]; then
      echo "== chmod o+x $d (pupils' accounts and bot sandboxes reach the venv and the package)"
      chmod o+x "$d"
    fi
    d="$(dirname "$d")"
  done
  done
fi

# Compile the optional kernel (logger_widget.engine.fast, MCTS's search) into Numba's disk cache
# once, so that no test, notebook or board process pays the compile (a few seconds when cached).
.venv/bin/python - <<'PY'
from logger_widget.bots import mcts
mcts.compiled_search(wait=True)
PY

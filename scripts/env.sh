#!/usr/bin/env bash
# Create (or update) the project's own environment in .venv. Sourced by scripts/lab.sh,
# scripts/test.sh and the other scripts.
#
# LW_EXTRA chooses what goes in (pyproject.toml's extras and its `dev` dependency group):
#   lab  what the notebooks need: the package, JupyterLab, ipykernel, Numba (scripts/lab.sh);
#        nothing from Debian, nothing of the tests, the hub or the other hosts.
#   dev  (default) everything the tests need: every extra (`lab` included) and the `dev` group of
#        test tools (a dependency group: pip's --group, not published with the package); from Debian: chromium for
#        the browser tests, gettext for `msgfmt --check`, fonts with Cyrillic glyphs for the
#        screenshots, bubblewrap, libseccomp and setpriv (util-linux) for the sandboxes of
#        pupils' bots (tournament/isolation.py; pyseccomp, the Python side of libseccomp,
#        comes from PyPI with the package), GNU time for benchmarks/bench_setup.py, PostgreSQL's
#        server for the class database's tests (tests/dbkit.py starts its own; none is left running),
#        npm for the tests' JavaScript tools; then, from npm, VS Code's widget manager and what its
#        harness needs (tests/e2e/vscode_harness/package.json, pinned).
# A .venv made for `dev` serves `lab` as it is; one made for `lab` is completed by a `dev` run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
EXTRA="${LW_EXTRA:-dev}"
case "$EXTRA" in
  lab | dev) ;;
  *) echo "LW_EXTRA must be lab or dev, not '$EXTRA'" >&2; exit 2 ;;
esac

need=()
if [ "$EXTRA" = dev ]; then
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  command -v msgfmt >/dev/null 2>&1 || need+=(gettext)
  [ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
  command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
  ldconfig -p 2>/dev/null | grep 'libseccomp\.so\.2' >/dev/null || need+=(libseccomp2)
  command -v setpriv >/dev/null 2>&1 || need+=(util-linux)
  [ -x /usr/bin/time ] || need+=(time)
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
  command -v npm >/dev/null 2>&1 || need+=(npm)
fi
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
pyproject_hash=$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -e ".venv/.installed-$pyproject_hash-dev" ] && [ ! -e ".venv/.installed-$pyproject_hash-$EXTRA" ]; then
  echo "== installing logger_widget ($EXTRA) into .venv"
  if [ "$EXTRA" = lab ]; then
    # The lab's modules are byte-compiled when first imported, not all at install: 40 % of the
    # install's time for ~3 s more on JupyterLab's first start (the venv's owner writes the cache).
    .venv/bin/python -m pip install -q --no-compile -e ".[$EXTRA]"
  else
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e ".[lab,dask,hosts,classroom,pandas]" --group dev
    # nbgrader is used from the command line (deploy/nbgrader, docs/classroom.md): its Jupyter
    # extensions (formgrader, assignment list; 7 s to import) would slow every server start and
    # add menus to JupyterLab, so they are switched off in this environment.
    for ext in formgrader validate_assignment assignment_list course_list; do
      .venv/bin/jupyter server extension disable --sys-prefix "nbgrader.server_extensions.$ext" >/dev/null 2>&1 || true
    done
    .venv/bin/jupyter labextension disable --level=sys_prefix @jupyter/nbgrader >/dev/null 2>&1 || true
  fi
  rm -f .venv/.installed-*
  touch ".venv/.installed-$pyproject_hash-$EXTRA"
fi

# Compile the optional kernel (logger_widget.engine.fast, MCTS's search) into Numba's disk cache
# once, so that no test, notebook or board process pays the compile (a few seconds when cached).
# The lab skips it: there the first board compiles it in the background (bots play the Python
# search meanwhile), and JupyterLab is ready a minute sooner.
if [ "$EXTRA" = dev ]; then
  .venv/bin/python - <<'PY'
from logger_widget.bots import mcts
mcts.compiled_search(wait=True)
PY
fi

# The VS Code harness's npm packages (tests/e2e/vscode_harness/install.py; a no-op once installed).
# Not fatal (scripts/voila.sh, scripts/classroom.sh also come here, offline too): its test installs
# them again, or fails saying why.
if [ "$EXTRA" = dev ]; then
  .venv/bin/python tests/e2e/vscode_harness/install.py || echo "== warning: the VS Code harness's npm packages are not installed" >&2
fi

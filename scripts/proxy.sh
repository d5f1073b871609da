#!/usr/bin/env bash
# Install configurable-http-proxy (JupyterHub's proxy) from the npm registry, once, into
# deploy/jupyterhub/node_modules; sets CHP to its command. Sourced by scripts/classroom.sh
# and used by the JupyterHub tests. Needs node and npm (Debian: apt-get install nodejs npm).
set -euo pipefail
_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if ! command -v npm >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi
CHP="$_ROOT/deploy/jupyterhub/node_modules/.bin/configurable-http-proxy"
if [ ! -x "$CHP" ]; then
  echo "== installing configurable-http-proxy from npm"
  npm install --silent --no-audit --no-fund --prefix "$_ROOT/deploy/jupyterhub" configurable-http-proxy@^5 >/dev/null
fi
export CHP

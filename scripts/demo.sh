#!/usr/bin/env bash
# The main job on the embedded default (SQLite under .errdex/): index real code
# that is on this machine, then explain real errors produced by running it.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build --silent
errdex() { node dist/bundle/main.js "$@"; }

PY=/usr/bin/python3
STDLIB=/usr/lib/python3.11
if [ -d "$STDLIB" ]; then
  errdex analyze "$STDLIB" --repo python/cpython
fi
errdex analyze node_modules/ignore

if [ -x "$PY" ]; then
  echo; echo "\$ python3 -c 'import fractions; fractions.Fraction(\"1/x\")' 2>&1 | errdex explain"
  "$PY" -c 'import fractions; fractions.Fraction("1/x")' 2>&1 | errdex explain || true
fi
echo; echo "\$ node -e 'require(\"ignore\")().ignores(1)' 2>&1 | errdex explain --limit 2"
node -e 'require("ignore")().ignores(1)' 2>&1 | errdex explain --limit 2 || true
echo; echo "\$ errdex explain 'unknown delta choice (must be 1 or 2): 3' --limit 2"
errdex explain 'unknown delta choice (must be 1 or 2): 3' --limit 2 || true
echo; errdex stats

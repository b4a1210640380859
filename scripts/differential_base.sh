#!/bin/sh
# One-off check (issue 16): the generated clusters of tests/scheduler_core/test_differential.py
# give the same event streams (SHA-256 per cluster, plus two clusters of hundreds of nodes) at this
# checkout as at commit BASE.
# Usage: scripts/differential_base.sh [BASE=591774a] [CLUSTERS=500]
set -eu
BASE=${1:-591774a}
N=${2:-500}
ROOT=$(pwd)
TMP=$(mktemp -d)
git worktree add --detach "$TMP/base" "$BASE" >/dev/null 2>&1
cp tests/scheduler_core/test_differential.py "$TMP/generator.py"
(cd "$TMP/base" && PYTHONPATH=. "$ROOT/.venv/bin/python" "$TMP/generator.py" --digests "$N") > "$TMP/base.txt"
PYTHONPATH=. .venv/bin/python tests/scheduler_core/test_differential.py --digests "$N" > "$TMP/head.txt"
git worktree remove --force "$TMP/base"
if diff "$TMP/base.txt" "$TMP/head.txt" >/dev/null; then
    echo "identical event streams for $N clusters + 2 big ones ($BASE vs $(git rev-parse --short HEAD) + working tree)"
else
    echo "DIFFERENT: $(diff "$TMP/base.txt" "$TMP/head.txt" | grep -c '^>') of $N clusters differ from $BASE"
    diff "$TMP/base.txt" "$TMP/head.txt" | head -20
    exit 1
fi

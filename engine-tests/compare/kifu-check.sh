#!/bin/sh
# KIF both ways against lishogi's rules library, shogiops (see kifu-check.mjs beside this script
# for what is compared).
#
#   engine-tests/compare/kifu-check.sh [KYODAI] [kifu-check.mjs options...]
#
# KYODAI defaults to target/release/kyodai. shogiops (GPL-3.0; never copied into this
# repository) is installed with npm into $SHOGIOPS_DIR (default: a folder under ${TMPDIR:-/tmp},
# the one the test `cargo test --test kifu` looks in) on the first run. Without node or npm the
# check is skipped with a message (exit status 0).
set -eu
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "kifu check skipped: needs node and npm (apt-get install nodejs npm)"
    exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
kyodai=${1:-target/release/kyodai}
[ $# -gt 0 ] && shift
if [ ! -x "$kyodai" ]; then
    echo "kifu check: no kyodai binary at '$kyodai' (cargo build --release)" >&2
    exit 2
fi
dir=${SHOGIOPS_DIR:-${TMPDIR:-/tmp}/kyodai-shogiops}
version=${SHOGIOPS_VERSION:-0.18.0}
if [ ! -f "$dir/node_modules/shogiops/package.json" ]; then
    mkdir -p "$dir"
    if ! (cd "$dir" && npm install --no-audit --no-fund --silent "shogiops@$version" >/dev/null 2>&1); then
        echo "kifu check skipped: 'npm install shogiops@$version' failed"
        exit 0
    fi
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/kyodai-kifu-check.XXXXXX")
exec node "$here/kifu-check.mjs" "$kyodai" --shogiops "$dir" --work "$work" "$@"

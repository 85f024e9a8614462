#!/bin/sh
# Chu Shogi under `--option rules=lishogi` against lishogi's rules library, shogiops (see
# lishogi-check.mjs beside this script for what is compared).
#
#   engine-tests/compare/lishogi-check.sh [KYODAI] [lishogi-check.mjs options...]
#
# KYODAI defaults to target/release/kyodai. shogiops (GPL-3.0; never copied into this
# repository) is installed with npm into $SHOGIOPS_DIR (default: a folder under ${TMPDIR:-/tmp})
# on the first run. Without node or npm the check is skipped with a message (exit status 0).
set -eu
check="lishogi check"
. "$(dirname "$0")/shogiops-setup.sh"
[ $# -gt 0 ] && shift
exec node "$here/lishogi-check.mjs" "$kyodai" --shogiops "$dir" "$@"

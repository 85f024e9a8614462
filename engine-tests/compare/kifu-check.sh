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
check="kifu check"
. "$(dirname "$0")/shogiops-setup.sh"
[ $# -gt 0 ] && shift
work=$(mktemp -d "${TMPDIR:-/tmp}/kyodai-kifu-check.XXXXXX")
exec node "$here/kifu-check.mjs" "$kyodai" --shogiops "$dir" --work "$work" "$@"

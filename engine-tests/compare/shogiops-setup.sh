# Sourced by the checks against lishogi's shogiops (lishogi-check.sh, kifu-check.sh), after they
# set `check` (their name in messages) and before they read their arguments: skips the check
# (exit 0) without node and npm, and installs shogiops into $SHOGIOPS_DIR on the first run.
# Sets `here` (this folder), `kyodai` (the binary: the first argument, shifted off by the caller)
# and `dir` (where shogiops is installed).
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "$check skipped: needs node and npm (apt-get install nodejs npm)"
    exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
kyodai=${1:-target/release/kyodai}
if [ ! -x "$kyodai" ]; then
    echo "$check: no kyodai binary at '$kyodai' (cargo build --release)" >&2
    exit 2
fi
dir=${SHOGIOPS_DIR:-${TMPDIR:-/tmp}/kyodai-shogiops}
version=${SHOGIOPS_VERSION:-0.18.0}
if [ ! -f "$dir/node_modules/shogiops/package.json" ]; then
    mkdir -p "$dir"
    if ! (cd "$dir" && npm install --no-audit --no-fund --silent "shogiops@$version" >/dev/null 2>&1); then
        echo "$check skipped: 'npm install shogiops@$version' failed"
        exit 0
    fi
fi

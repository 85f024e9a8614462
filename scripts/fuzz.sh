#!/usr/bin/env bash
# Runs every fuzz target (src/fuzz.rs) at volume: INPUTS inputs each (default 1000000), from
# SEED (default 1). Each input is generated from (seed, number) alone, so a failure replays by
# itself. Reports inputs, property failures, panics and hangs per target; exits non-zero on
# any. A watchdog inside the runner ends a target whose input runs over 60 s (a hang); an
# abort (the process killed by a signal) is reported here.
#   scripts/fuzz.sh [INPUTS] [SEED] [TARGET ...]
set -uo pipefail
cd "$(dirname "$0")/.."
inputs=${1:-1000000}
seed=${2:-1}
shift $(( $# > 2 ? 2 : $# ))
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fen moves protocol gamefile)
cargo build --release --example fuzz || exit 1
status=0
for t in "${targets[@]}"; do
    ./target/release/examples/fuzz "$t" "$inputs" "$seed"
    rc=$?
    case $rc in
        0) ;;
        1) echo "fuzz $t: failures or panics (listed above)"; status=1 ;;
        3) echo "fuzz $t: HANG"; status=1 ;;
        *) echo "fuzz $t: ABORT (exit status $rc)"; status=1 ;;
    esac
done
exit $status

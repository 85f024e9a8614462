#!/usr/bin/env bash
# Time to depth: searches each position of a file to DEPTH with THREADS threads and prints the
# milliseconds each took (from the engine's last `info depth DEPTH` line) and their total. Run it
# for 1 and 2 threads to see what Lazy SMP's second thread buys (not part of cargo test).
#
# Usage: engine-tests/compare/time-to-depth.sh [DEPTH=10] [THREADS=2] [FILE] [VARIANT=chu]
#   FILE: one position per line, as the moves from the start (default: positions/chu-midgame.txt,
#   8 positions from plies 20 and 50 of Kyodai's games against HaChu).
#   KYODAI=path runs another binary (default: this tree's release build).
set -euo pipefail
cd "$(dirname "$0")/../.."
DEPTH=${1:-10}
THREADS=${2:-2}
FILE=${3:-engine-tests/compare/positions/chu-midgame.txt}
VARIANT=${4:-chu}
if [ -z "${KYODAI:-}" ]; then
    cargo build --release --quiet
    KYODAI=./target/release/kyodai
fi
total=0
while read -r line; do
    [ -z "$line" ] && continue
    # shellcheck disable=SC2086  # the moves are separate words
    ms=$("$KYODAI" analyze --variant "$VARIANT" --no-book --depth "$DEPTH" --threads "$THREADS" --hash 64 --moves $line \
        | grep "^info depth $DEPTH " | tail -1 | sed -E 's/.* time ([0-9]+).*/\1/')
    printf '%s ' "${ms:-?}"
    total=$((total + ${ms:-0}))
done < "$FILE"
echo "total ${total} ms (depth $DEPTH, $THREADS threads)"

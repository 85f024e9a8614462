#!/usr/bin/env bash
# Lazy SMP in games: one Kyodai build with 2 threads against itself with 1, equal time, colours
# alternating over pairs of games (not part of cargo test). Scirocco and Typhoon start from random
# arrays, the other games from `openings/<game>.txt`; books are off.
#
# Usage: engine-tests/compare/threads.sh [GAME=chu] [PAIRS=50] [TC=5+0.05] [SEED=1]
#   KYODAI=path plays another binary (default: this tree's release build).
#   The PGN goes to target/threads/<game>-<tc>-s<seed>.pgn; `kyodai pgn stats` merges runs.
# Run it on an otherwise idle machine with at least 2 cores: the 2-thread side needs both.
set -euo pipefail
cd "$(dirname "$0")/../.."
GAME=${1:-chu}
PAIRS=${2:-50}
TC=${3:-5+0.05}
SEED=${4:-1}
if [ -z "${KYODAI:-}" ]; then
    cargo build --release --quiet
    KYODAI=./target/release/kyodai
fi
case "$GAME" in
    scirocco|typhoon) setup=(--setup random) ;;
    *) setup=(--openings "file=engine-tests/compare/openings/$GAME.txt" order=random) ;;
esac
mkdir -p target/threads
exec "$KYODAI" match --variant "$GAME" "${setup[@]}" \
    --engine name=threads2 cmd="$KYODAI" option.Threads=2 \
    --engine name=threads1 cmd="$KYODAI" option.Threads=1 \
    --each proto=uci tc="$TC" option.Hash=64 option.OwnBook=false \
    --games 2 --repeat --rounds "$PAIRS" --concurrency 1 --maxmoves 400 --seed "$SEED" \
    --pgnout "target/threads/$GAME-$TC-s$SEED.pgn"

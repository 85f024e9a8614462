#!/usr/bin/env bash
# Kyodai vs Kyodai with two different settings in the games XBoard cannot show (Tai Shogi and
# Typhoon), through 'kyodai match' over UCI: 'deep' searches 4x the nodes of 'shallow'. Node
# limits make the result independent of the machine's load. Typhoon games start from random
# 1999 arrays (--setup random), each played with both colours (--repeat). Tai games are
# adjudicated when both engines agree for 5 moves that one side is 20 pawns ahead
# (--resign ... twosided=true): at these node counts the stronger side needs far more than 400
# moves to capture every royal of a 25x25 army, and such games would all end at --maxmoves.
# Not part of cargo test.
#
# Usage: engine-tests/compare/match-settings.sh [GAMES=20] [DEEP_NODES=40000] [SHALLOW_NODES=10000] [CONCURRENCY=2] [GAMES_LIST="typhoon tai"]
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMES=${1:-20}
DEEP=${2:-40000}
SHALLOW=${3:-10000}
CONC=${4:-2}
cargo build --release --quiet
mkdir -p target/match
K=./target/release/kyodai
for game in ${5:-typhoon tai}; do
    extra=()
    [ "$game" = typhoon ] && extra=(--setup random)
    [ "$game" = tai ] && extra=(--resign movecount=5 score=2000 twosided=true)
    rm -f "target/match/settings-$game.pgn"
    echo "== $game: deep (nodes=$DEEP) vs shallow (nodes=$SHALLOW), $GAMES games"
    $K match --variant "$game" "${extra[@]}" \
        --engine name=deep cmd=$K nodes="$DEEP" \
        --engine name=shallow cmd=$K nodes="$SHALLOW" \
        --each proto=uci option.Hash=64 --games 2 --repeat --rounds $((GAMES / 2)) --concurrency "$CONC" \
        --maxmoves 400 --seed 1 --pgnout "target/match/settings-$game.pgn" | tee "target/match/settings-$game.txt" \
        | grep -v '^Started'
done

#!/usr/bin/env bash
# Kyodai vs a random mover: 20 games per game type at 100 ms per move, colours alternating.
# Verdict: PASS when Kyodai wins every game. Not part of `cargo test` (it takes a few minutes).
# Usage: engine-tests/compare/vs-random.sh [GAMES] [MOVETIME_MS]
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-20}
ms=${2:-100}
cargo build --release --quiet
bin=./target/release/kyodai
fail=0
for v in $($bin variants | awk 'NR>1 {print $1}'); do
    out=$($bin selfplay --variant "$v" --white engine --black random --games "$games" --movetime "$ms" --max-plies 600 2>/dev/null)
    # Odd games: engine is White; even games: engine is Black.
    won=$(echo "$out" | awk '/^game [0-9]+:/ {g=$2+0} /^result:/ {r=$2; if ((g%2==1 && r=="1-0") || (g%2==0 && r=="0-1")) w++} END {print w+0}')
    echo "$v: Kyodai won $won of $games"
    [ "$won" -eq "$games" ] || fail=1
done
if [ $fail -eq 0 ]; then echo "vs random: PASS"; else echo "vs random: FAIL"; exit 1; fi

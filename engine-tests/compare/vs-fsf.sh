#!/usr/bin/env bash
# Kyodai vs Fairy-Stockfish in Heavy Shako (or Patchanka) through 'kyodai match': equal time, one
# thread and 64 MB of hash each, colours alternating (each opening of engine-tests/compare/openings/<game>.txt
# played twice, once with each colour), concurrency 1, under 'nice -n 5'. Fairy-Stockfish is the
# npm package fairy-stockfish-nnue.wasm (a WebAssembly build) run under Node by fsf-uci.mjs, which
# loads our variant definitions (cazaux-variants.ini) into it. Kyodai plays without its own
# opening book (OwnBook=false): Fairy-Stockfish has none. Not part of cargo test.
#
# Usage: engine-tests/compare/vs-fsf.sh [PAIRS=30] [LIMIT=st=0.25] [GAME=heavy-shako]
#   PAIRS  game pairs (each opening with both colours; the openings file is cycled)
#   LIMIT  the same limit for both, as 'kyodai match' takes it: st=0.25 (0.25 s a move, the
#          default) or tc=10+0.1 (10 s + 0.1 s a move). At 10 s + 0.1 s Fairy-Stockfish plans
#          for a shorter game: it plays most of a Heavy Shako game on the increment with 0.1 to
#          0.3 s left, and loses on time to the first stall of a loaded machine (15 of 60 games
#          here, see the README); st= compares the searches without the clocks.
#   GAME   heavy-shako, or patchanka (its move text is translated: fsf-uci.mjs --translate)
# Environment: FSF_CACHE (default ~/.cache/kyodai-fsf) holds the npm package; CHECK=0 skips the
# short rules check (fsf-rules-check.py) played before the match; MARGIN_MS (default 1000) is the
# overrun of st or the clock allowed before a time loss (stalls of 0.4 s were seen at load 7).
#
# Installs the npm package into FSF_CACHE when it is missing; skips (exit 0) with a message when
# node or npm is missing (Debian: apt-get install nodejs npm). Output and PGN: target/fsf-match/.
set -euo pipefail
cd "$(dirname "$0")/../.."
PAIRS=${1:-30}
LIMIT=${2:-st=0.25}
GAME=${3:-heavy-shako}
VERSION=1.1.12
CACHE=${FSF_CACHE:-$HOME/.cache/kyodai-fsf}
PKG=$CACHE/node_modules/fairy-stockfish-nnue.wasm

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "SKIP: node and npm are needed to run Fairy-Stockfish (apt-get install nodejs npm)"
    exit 0
fi
if [ ! -f "$PKG/stockfish.wasm" ]; then
    echo "== installing fairy-stockfish-nnue.wasm@$VERSION into $CACHE"
    mkdir -p "$CACHE"
    npm install --silent --no-save --prefix "$CACHE" "fairy-stockfish-nnue.wasm@$VERSION"
fi
cargo build --release --quiet
mkdir -p target/fsf-match
out=target/fsf-match/vs-fsf-$GAME-${LIMIT//[^a-z0-9.+]/}
if [ "${CHECK:-1}" != 0 ]; then
    echo "== rules check: Kyodai's and Fairy-Stockfish's legal moves in random games"
    python3 engine-tests/compare/fsf-rules-check.py "$PKG" "$GAME" 4 1 > "$out-rules.txt" ||
        { cat "$out-rules.txt"; echo "the engines disagree on the rules: no match"; exit 1; }
    grep 'positions compared' "$out-rules.txt"
fi
translate=()
[ "$GAME" = patchanka ] && translate=(arg=--translate)
rm -f "$out.pgn"
echo "== $GAME: Kyodai vs Fairy-Stockfish, $LIMIT, $PAIRS pairs; load: $(uptime)"
nice -n 5 ./target/release/kyodai match --variant "$GAME" \
    --engine name=kyodai cmd=./target/release/kyodai arg=uci option.OwnBook=false \
    --engine name=fairy-stockfish cmd=node arg=engine-tests/compare/fsf-uci.mjs arg=--package arg="$PKG" "${translate[@]}" \
    --each proto=uci "$LIMIT" option.Hash=64 option.Threads=1 --timemargin "${MARGIN_MS:-1000}" \
    --openings file="engine-tests/compare/openings/$GAME.txt" order=sequential \
    --games 2 --repeat --rounds "$PAIRS" --concurrency 1 --maxmoves 300 \
    --event "Kyodai vs Fairy-Stockfish" --pgnout "$out.pgn" | tee "$out.txt"
echo "== load after the match: $(uptime)"
echo "terminations:"
grep -h '^\[Termination' "$out.pgn" | sort | uniq -c
grep -ho '{[^}]*\(wins\|Draw\)[^}]*}' "$out.pgn" | sort | uniq -c

#!/usr/bin/env bash
# Kyodai vs Fairy-Stockfish in Heavy Shako (or Patchanka) through 'kyodai match': equal time, one
# thread and 64 MB of hash each, colours alternating (each opening of engine-tests/compare/openings/<game>.txt
# played twice, once with each colour), concurrency 1, under 'nice -n 5'. Fairy-Stockfish is run
# by fsf-uci.mjs under Node, which loads our variant definitions (cazaux-variants.ini) into it and
# translates Patchanka's move text: a native build when FSF or FSF_SRC is set (below), else the
# npm package fairy-stockfish-nnue.wasm (a WebAssembly build, about 2-3x slower, for machines
# without a compiler). Kyodai plays without its own opening book (OwnBook=false):
# Fairy-Stockfish has none. Not part of cargo test.
#
# A native Fairy-Stockfish, the strong opponent:
#   FSF=/path/to/stockfish             an executable built with largeboards=yes (and nnue=no)
#   FSF_SRC=/path/to/Fairy-Stockfish   a source snapshot of github.com/fairy-stockfish/Fairy-Stockfish:
#                                      built here (make -C src build ARCH=$FSF_ARCH largeboards=yes
#                                      nnue=no; FSF_ARCH defaults to x86-64-modern) unless
#                                      src/stockfish is already there; Kyodai ships none of its code
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

if [ -n "${FSF_SRC:-}" ] && [ -z "${FSF:-}" ]; then
    [ -f "$FSF_SRC/src/Makefile" ] || { echo "FSF_SRC=$FSF_SRC has no src/Makefile: not a Fairy-Stockfish source tree" >&2; exit 2; }
    if [ ! -x "$FSF_SRC/src/stockfish" ]; then
        echo "== building Fairy-Stockfish in $FSF_SRC/src (largeboards, no NNUE)"
        make -C "$FSF_SRC/src" -j"$(nproc)" build ARCH="${FSF_ARCH:-x86-64-modern}" largeboards=yes nnue=no >/dev/null
    fi
    FSF=$FSF_SRC/src/stockfish
fi
if [ -n "${FSF:-}" ] && [ ! -x "$FSF" ]; then
    echo "FSF=$FSF is not an executable file" >&2
    exit 2
fi
if ! command -v node >/dev/null; then
    echo "SKIP: node is needed to run Fairy-Stockfish through fsf-uci.mjs (apt-get install nodejs npm)"
    exit 0
fi
if [ -n "${FSF:-}" ]; then
    FSF=$(cd "$(dirname "$FSF")" && pwd)/$(basename "$FSF")
    ENGINE=(--native "$FSF")
    FLAVOUR=native
elif ! command -v npm >/dev/null; then
    echo "SKIP: npm is needed to install the WebAssembly Fairy-Stockfish (or give FSF=native binary)"
    exit 0
else
    ENGINE=(--package "$PKG")
    FLAVOUR=wasm
fi
if [ "$FLAVOUR" = wasm ] && [ ! -f "$PKG/stockfish.wasm" ]; then
    echo "== installing fairy-stockfish-nnue.wasm@$VERSION into $CACHE"
    mkdir -p "$CACHE"
    npm install --silent --no-save --prefix "$CACHE" "fairy-stockfish-nnue.wasm@$VERSION"
fi
cargo build --release --quiet
mkdir -p target/fsf-match
out=target/fsf-match/vs-fsf-$FLAVOUR-$GAME-${LIMIT//[^a-z0-9.+]/}
if [ "${CHECK:-1}" != 0 ]; then
    echo "== rules check: Kyodai's and Fairy-Stockfish's legal moves in random games"
    python3 engine-tests/compare/fsf-rules-check.py "${FSF:-$PKG}" "$GAME" 4 1 > "$out-rules.txt" ||
        { cat "$out-rules.txt"; echo "the engines disagree on the rules: no match"; exit 1; }
    grep 'positions compared' "$out-rules.txt"
fi
engine_args=()
for a in "${ENGINE[@]}"; do engine_args+=(arg="$a"); done
[ "$GAME" = patchanka ] && engine_args+=(arg=--translate)
rm -f "$out.pgn"
echo "== $GAME: Kyodai vs Fairy-Stockfish ($FLAVOUR), $LIMIT, $PAIRS pairs; load: $(uptime)"
nice -n 5 ./target/release/kyodai match --variant "$GAME" \
    --engine name=kyodai cmd=./target/release/kyodai arg=uci option.OwnBook=false \
    --engine name=fairy-stockfish cmd=node arg=engine-tests/compare/fsf-uci.mjs "${engine_args[@]}" \
    --each proto=uci "$LIMIT" option.Hash=64 option.Threads=1 --timemargin "${MARGIN_MS:-1000}" \
    --openings file="engine-tests/compare/openings/$GAME.txt" order=sequential \
    --games 2 --repeat --rounds "$PAIRS" --concurrency 1 --maxmoves 300 \
    --event "Kyodai vs Fairy-Stockfish" --pgnout "$out.pgn" | tee "$out.txt"
echo "== load after the match: $(uptime)"
echo "terminations:"
grep -h '^\[Termination' "$out.pgn" | sort | uniq -c
grep -ho '{[^}]*\(wins\|Draw\)[^}]*}' "$out.pgn" | sort | uniq -c

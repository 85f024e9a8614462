#!/usr/bin/env bash
# Kyodai vs HaChu 0.21 through 'kyodai match' (both over XBoard), cutechess-style:
# colours alternate, every game is refereed by Kyodai's rules, the PGN and the full output are
# kept in target/match/. Not part of cargo test.
#
# Usage: engine-tests/compare/match-vs-hachu.sh [GAMES=20] [TC=15+0.15] [CONCURRENCY=2] [MARGIN_MS=100] [HACHU_TC=TC]
#   HACHU_TC gives HaChu another clock (time odds), e.g. 15+0.15 for Kyodai and 60+0.6 for HaChu.
#   KYODAI=path plays another Kyodai binary (default: this tree's release build).
#   VARIANT=chu|dai names the game (default chu); HaChu plays its own variant of that name.
#   Kyodai speaks XBoard in Chu and USI in Dai (XBoard's piece table cannot hold all of Dai's
#   types, docs/protocols.md); KYODAI_PROTO=uci|usi|xboard chooses. HaChu cannot play Tenjiku
#   (docs/rules/tenjiku.md section 12).
#   EXTRA="..." adds arguments to 'kyodai match'.
#   PGN=path names the PGN file (default target/match/vs-hachu.pgn; it is replaced).
# Installs HaChu with apt-get when it is missing (Debian package 'hachu', /usr/games/hachu).
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMES=${1:-20}
TC=${2:-15+0.15}
CONC=${3:-2}
MARGIN=${4:-100}
HACHU_TC=${5:-$TC}
HACHU=/usr/games/hachu
if [ ! -x "$HACHU" ]; then
    apt-get update -qq && apt-get install -y -qq hachu
fi
if [ -z "${KYODAI:-}" ]; then
    cargo build --release --quiet
    KYODAI=./target/release/kyodai
fi
VARIANT=${VARIANT:-chu}
if [ "$VARIANT" = chu ]; then KPROTO=${KYODAI_PROTO:-xboard}; else KPROTO=${KYODAI_PROTO:-usi}; fi
mkdir -p target/match
PGN=${PGN:-target/match/vs-hachu.pgn}
rm -f "$PGN"
# HaChu announces feature memory=1 and crashes if it searches before 'memory N': the XBoard
# client sends 'memory 64' (option.memory=N changes it).
"$KYODAI" match --variant "$VARIANT" ${EXTRA:-} \
    --engine name=kyodai cmd="$KYODAI" proto="$KPROTO" tc="$TC" \
    --engine name=hachu cmd=$HACHU proto=xboard tc="$HACHU_TC" \
    --games "$GAMES" --concurrency "$CONC" --timemargin "$MARGIN" \
    --event "Kyodai vs HaChu" --pgnout "$PGN" | tee "${PGN%.pgn}.txt"
echo "terminations:"
grep -h '^\[Termination' "$PGN" | sort | uniq -c

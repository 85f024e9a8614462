#!/usr/bin/env bash
# Is a search or evaluation change an improvement? Builds the engine of a reference commit and
# plays the working tree's release build against it with 'kyodai match', stopping as soon as the
# SPRT decides (or after the given number of games when --sprt is not wanted).
# Not part of cargo test.
#
# Usage: engine-tests/compare/sprt.sh REF VARIANT [LIMIT] [ROUNDS] [EXTRA MATCH ARGS...]
#   REF      a commit (e.g. main, HEAD~1, a sha); its binary is built once into target/ref/<sha>
#   VARIANT  a game name (or a *.toml game file)
#   LIMIT    engine limit for both sides, e.g. tc=10+0.1 (default), nodes=20000, st=0.2
#   ROUNDS   number of game pairs at most (default 500); each opening is played with both colours
#   EXTRA    more 'kyodai match' arguments, e.g. --sprt elo0=0 elo1=10 (the default when none
#            are given and SPRT=off is not set), --resign movecount=5 score=1500
#
# Openings: Scirocco and Typhoon start from random arrays; the other games from the lines of
# engine-tests/compare/openings/<variant>.txt (make-openings.py), each line played with both colours.
# Settings from the environment: CONCURRENCY=N (default 2), the games played at once (use 1 on a
# shared machine for timed limits); MAXMOVES=N (default 400), a game still going after N full
# moves is drawn; SEED=N (default 1) chooses the openings' order (or the arrays dealt), so runs
# with different seeds can be merged (a second seed deals some Scirocco or Typhoon arrays again);
# SPRT=off plays all ROUNDS pairs. Both engines play without their opening books (OwnBook=false):
# the openings file, not the book, gives the variety.
#
# Example: engine-tests/compare/sprt.sh main chu tc=10+0.1 400 --sprt elo0=0 elo1=10
# The PGN goes to target/sprt/<variant>-<new>-vs-<ref>-<seed>.pgn; 'kyodai pgn stats' recomputes
# the result from it, and several runs (on several machines, with --shard) can be merged that way.
set -euo pipefail
cd "$(dirname "$0")/../.."
REF=${1:?usage: sprt.sh REF VARIANT [LIMIT] [ROUNDS] [EXTRA...]}
VARIANT=${2:?usage: sprt.sh REF VARIANT [LIMIT] [ROUNDS] [EXTRA...]}
LIMIT=${3:-tc=10+0.1}
ROUNDS=${4:-500}
shift $(( $# < 4 ? $# : 4 ))
EXTRA=("$@")
SEED=${SEED:-1}
if [ "${SPRT:-on}" != off ] && [ ${#EXTRA[@]} -eq 0 ]; then
    EXTRA=(--sprt elo0=0 elo1=10 alpha=0.05 beta=0.05)
fi

sha=$(git rev-parse --short=12 "$REF")
ref_dir="target/ref/$sha"
if [ ! -x "$ref_dir/kyodai" ]; then
    echo "== building the reference engine at $REF ($sha)"
    src=$(mktemp -d)
    git worktree add --detach --quiet "$src" "$sha"
    (cd "$src" && CARGO_TARGET_DIR="$PWD/target" cargo build --release --quiet --locked)
    mkdir -p "$ref_dir"
    cp "$src/target/release/kyodai" "$ref_dir/kyodai"
    git worktree remove --force "$src"
fi
cargo build --release --quiet
mkdir -p target/sprt
new="$ref_dir/../new-$(git rev-parse --short=12 HEAD)$(git diff --quiet || echo -dirty)"
cp target/release/kyodai "$new"
extra_setup=()
openings="engine-tests/compare/openings/${VARIANT##*/}.txt"
case "$VARIANT" in
    scirocco | typhoon) extra_setup=(--setup random) ;;
    *) [ -f "$openings" ] && extra_setup=(--openings file="$openings" order=random) ;;
esac
pgn="target/sprt/${VARIANT##*/}-$(basename "$new")-vs-$sha-$SEED.pgn"
echo "== $VARIANT: $(basename "$new") vs $sha, $LIMIT, at most $ROUNDS pairs; PGN $pgn"
exec ./target/release/kyodai match --variant "$VARIANT" "${extra_setup[@]}" \
    --engine name=new cmd="$new" --engine name=ref cmd="$ref_dir/kyodai" \
    --each proto=uci "$LIMIT" option.Hash=32 option.Threads=1 option.OwnBook=false \
    --games 2 --repeat --rounds "$ROUNDS" --concurrency "${CONCURRENCY:-2}" \
    --maxmoves "${MAXMOVES:-400}" \
    --seed "$SEED" --pgnout "$pgn" "${EXTRA[@]}"

#!/usr/bin/env bash
# check-bench-trailer.sh KYODAI: the bench signature in the history agrees with the build.
#
# CONTRIBUTING.md asks every commit that changes what the search visits to quote the bench
# signature as a `Bench: N` trailer. This checks, on the commits reachable from HEAD:
#   1. the newest `Bench:` trailer names the total that `KYODAI bench` prints now, and
#   2. no commit changed benches/signature.txt after it (the change that set the signature, or
#      a later commit of the same landing, announced the number).
# So a change of the signature cannot land unannounced, and a trailer cannot name a number the
# build does not search. (That benches/signature.txt itself matches `kyodai bench` game by game
# is a unit test: src/bench/mod.rs.) A shallow clone or a checkout without git is skipped with a
# message, since the history is what is checked.
set -euo pipefail
cd "$(dirname "$0")/.."

kyodai=${1:?usage: scripts/check-bench-trailer.sh path/to/kyodai}

if ! git rev-parse --git-dir >/dev/null 2>&1; then
    echo "bench trailer check skipped: not a git checkout"
    exit 0
fi
if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
    echo "bench trailer check skipped: a shallow clone lacks the history the trailers live in"
    exit 0
fi

# The leading number of a commit's Bench trailer ("2639125 (why...)" -> 2639125), or nothing.
trailer() {
    git log -1 --format='%(trailers:key=Bench,valueonly,separator=%x0A)' "$1" | head -n 1 \
        | grep -oE '^[[:space:]]*[0-9]+' | tr -d '[:space:]' || true
}

latest=""
for c in $(git log --format=%H --grep='^Bench:' HEAD); do
    latest=$(trailer "$c")
    [ -n "$latest" ] && { latest_commit=$c; break; }
done
if [ -z "$latest" ]; then
    echo "bench trailer check FAILED: no commit carries a 'Bench: N' trailer" >&2
    exit 1
fi

total=$("$kyodai" bench 2>/dev/null | sed -n 's/^Total nodes: \([0-9]*\)$/\1/p')
if [ -z "$total" ]; then
    echo "bench trailer check FAILED: '$kyodai bench' printed no 'Total nodes:' line" >&2
    exit 1
fi
if [ "$total" != "$latest" ]; then
    echo "bench trailer check FAILED: '$kyodai bench' searches $total nodes, but the newest" >&2
    echo "trailer says Bench: $latest (commit $(git log -1 --format='%h "%s"' "$latest_commit"))." >&2
    echo "Commit the change of signature with its 'Bench: $total' trailer (CONTRIBUTING.md)." >&2
    exit 1
fi
changed=$(git log -1 --format=%H -- benches/signature.txt)
if [ -n "$changed" ] && ! git merge-base --is-ancestor "$changed" "$latest_commit"; then
    echo "bench trailer check FAILED: commit $(git log -1 --format='%h "%s"' "$changed")" >&2
    echo "changed benches/signature.txt after the newest 'Bench: N' trailer (CONTRIBUTING.md)" >&2
    exit 1
fi
echo "bench trailer check: Bench: $total, as commit $(git log -1 --format=%h "$latest_commit") says"

#!/usr/bin/env bash
# Regenerates the SVG diagrams in docs/img/ listed in docs/img/diagrams.txt (kyodai svg).
# The test `svg_diagrams_in_docs_are_current` (engine-tests/cli.rs) fails when they are stale.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
exe="${CARGO_TARGET_DIR:-target}/release/kyodai"
grep -v '^#' docs/img/diagrams.txt | while read -r file args; do
    [ -n "$file" ] || continue
    # shellcheck disable=SC2086
    "$exe" svg $args --output "docs/img/$file"
    echo "docs/img/$file"
done

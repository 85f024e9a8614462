#!/usr/bin/env bash
# Regenerates the piece tables of the rules pages, docs/rules/*.md, from the game data files
# (kyodai pieces). The tables live there and nowhere else; the test
# `rules_page_piece_tables_match_the_data` (cargo test --test docs) fails when one is out of date.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
python3 - <<'PY'
import glob, os, re, subprocess
def table(game):
    exe = os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "release", "kyodai")
    return subprocess.run([exe, "pieces", "--variant", game],
                          check=True, capture_output=True, text=True).stdout
def repl(m):
    return f"<!-- pieces:{m.group(1)} -->\n{table(m.group(1))}<!-- /pieces -->"
for path in sorted(glob.glob("docs/rules/*.md")):
    text = open(path).read()
    new = re.sub(r"<!-- pieces:([\w-]+) -->\n.*?<!-- /pieces -->", repl, text, flags=re.S)
    if new != text:
        open(path, "w").write(new)
PY

#!/usr/bin/env bash
# Regenerates the piece tables in README.md from the game data files (kyodai pieces).
# The test `readme_piece_tables_match_the_data` fails when they are out of date.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
python3 - <<'PY'
import os, re, subprocess
readme = open("README.md").read()
def table(game):
    exe = os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "release", "kyodai")
    return subprocess.run([exe, "pieces", "--variant", game],
                          check=True, capture_output=True, text=True).stdout
def repl(m):
    return f"<!-- pieces:{m.group(1)} -->\n{table(m.group(1))}<!-- /pieces -->"
readme = re.sub(r"<!-- pieces:(\w+) -->\n.*?<!-- /pieces -->", repl, readme, flags=re.S)
open("README.md", "w").write(readme)
PY

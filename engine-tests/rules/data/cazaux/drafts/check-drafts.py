#!/usr/bin/env python3
"""Loads each draft with today's binary (`kyodai show --variant FILE`), as written and with its
'# PHASE 2' parts replaced by today's nearest keys ('; today: ...') or removed, and prints what
today's format refuses. For the Timurids, whose PHASE 2 parts (succession, the Prince's optional
promotion, castling off by default) cannot matter within four plies of the start, it also
compares the engine's perft of the replaced draft with the reference's counts in ../perft.txt.
Usage: python3 check-drafts.py [path/to/kyodai] [depth, default 3]"""

import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "../../../../../target/release/kyodai")
DEPTH = int(sys.argv[2]) if len(sys.argv) > 2 else 3
REFERENCE = {}
for row in open(os.path.join(HERE, "..", "perft.txt")):
    if row.strip() and not row.startswith("#"):
        g, d, n, _ = row.split()
        REFERENCE[(g, int(d))] = int(n)


def today(text):
    out, skip = [], False
    for line in text.splitlines():
        if line.strip() == "# PHASE 2 begin":
            skip = True
        elif line.strip() == "# PHASE 2 end":
            skip = False
        elif skip or line.startswith("#"):
            continue
        elif "# PHASE 2; today: " in line:
            out.append(line.split("# PHASE 2; today: ", 1)[1])
        elif line.rstrip().endswith("# PHASE 2"):
            continue
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def load(path):
    r = subprocess.run([BIN, "show", "--variant", path], capture_output=True, text=True)
    return r.returncode, (r.stderr or r.stdout).strip().splitlines()


for path in sorted(glob.glob(os.path.join(HERE, "*.toml"))):
    name = os.path.basename(path)
    code, lines = load(path)
    print(f"{name}: as drafted: {'loads' if code == 0 else 'refused: ' + lines[-1]}")
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write(today(open(path).read()))
    code, lines = load(f.name)
    state = next((l for l in lines if l.startswith("state:")), "")
    print(f"{name}: PHASE 2 parts replaced: {'loads, ' + state if code == 0 else 'refused: ' + lines[-1]}")
    game = name[:-5]
    if code == 0 and game.startswith("timurid"):
        for d in range(1, DEPTH + 1):
            r = subprocess.run([BIN, "perft", "--variant", f.name, "--depth", str(d)], capture_output=True, text=True)
            n = int(r.stdout.split()[-1])
            ref = REFERENCE.get((game, d))
            print(f"  perft({d}) engine {n}, reference {ref}: {'same' if n == ref else 'DIFFERENT'}")
    os.unlink(f.name)

#!/usr/bin/env python3
"""Writes a small openings file (format=lines) for `kyodai match --openings`: random lines of a
few plies from the start, each kept only if a short search finds it roughly balanced, so that
self-play matches between two deterministic engines do not repeat one game.
Not part of cargo test.

Usage: make-openings.py VARIANT COUNT [PLIES] [SEED] [BINARY] > engine-tests/compare/openings/V.txt
  PLIES   random plies per line (default 6)
  SEED    random seed (default 1); the same seed and binary give the same file
  BINARY  the kyodai to ask (default target/release/kyodai)
  PICK=move (environment): draw each ply uniformly among the legal moves, as every file made
          before 2026-11-26 was (all but tai.txt). The default draws a square with a piece that
          can move, then one of its moves: in Tai Shogi the Emperor, which may jump to almost any
          square, holds most of the legal moves, and uniform draws gave lines of Emperor walks
          that mostly came back home, so that different lines led to the same games.
A line is kept when `kyodai analyze --depth 6` scores it within 80 centipawns of equality.
"""
import os
import random
import re
import subprocess
import sys

MAX_CP = 80
DEPTH = 6


def run(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True, check=True).stdout


def score(binary, variant, moves):
    out = run(binary, "analyze", "--variant", variant, "--depth", str(DEPTH), "--moves", *moves)
    infos = [l for l in out.splitlines() if l.startswith("info depth")]
    if not infos:  # the line ended the game (a royal captured or burnt): no search, not an opening
        return 100000
    last = infos[-1].split()
    i = last.index("score")
    return int(last[i + 2]) if last[i + 1] == "cp" else 100000


def draw(rng, legal, by_square):
    """One random move of `legal`: uniformly, or by a uniformly drawn origin square first."""
    if not by_square:
        return rng.choice(legal)
    by_origin = {}
    for m in legal:
        by_origin.setdefault(re.match(r"[a-z]+[0-9]+", m).group(0), []).append(m)
    origin = rng.choice(sorted(by_origin))
    return rng.choice(by_origin[origin])


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    variant, count = sys.argv[1], int(sys.argv[2])
    plies = int(sys.argv[3]) if len(sys.argv) > 3 else 6
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    rng = random.Random(seed)
    binary = sys.argv[5] if len(sys.argv) > 5 else "target/release/kyodai"
    by_square = os.environ.get("PICK", "square") != "move"
    seen, tries = set(), 0
    how = "" if by_square else ", PICK=move"
    print(f"# {variant}: {count} random {plies}-ply lines within {MAX_CP} cp at depth {DEPTH} "
          f"(engine-tests/compare/make-openings.py, seed {seed}{how}: each ply a random "
          f"{'square, then one of its moves' if by_square else 'legal move'})")
    while len(seen) < count and tries < count * 20:
        tries += 1
        moves = []
        for _ in range(plies):
            legal = run(binary, "moves", "--variant", variant, "--moves", *moves).split() if moves else \
                run(binary, "moves", "--variant", variant).split()
            if not legal:
                break
            moves.append(draw(rng, legal, by_square))
        line = " ".join(moves)
        if len(moves) < plies or line in seen or abs(score(binary, variant, moves)) > MAX_CP:
            continue
        seen.add(line)
        print(line, flush=True)
        print(f"{len(seen)}/{count}", file=sys.stderr)


if __name__ == "__main__":
    main()

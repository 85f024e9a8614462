#!/usr/bin/env python3
"""Measure a game's length for the time plan (`[search] game_length` in its data file).

The search plans the moves still to come as `game_length` times the share of the start
position's non-royal pieces still on the board (src/search/time.rs). This script replays the
games of PGN files with Kyodai, samples every STEP plies how many moves each side still played
to the end and the share of pieces left, and fits `game_length` as the least-squares slope
through the origin of moves-left against share. It prints the fit, the mean game length and a
small table to judge the fit by eye.

    engine-tests/compare/game-length.py [--kyodai target/release/kyodai] [--step 10]
        [--min-plies 40] FILE.pgn ...

Games shorter than --min-plies plies (early resignations, crashes) and unfinished games are
left out. Each file's games must carry a [Variant] tag.
"""

import argparse
import re
import subprocess
import sys

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
ROYAL = {"K", "+E", "CP"}


def games(path):
    """(tags, moves) of each game of a PGN file."""
    tags, body = {}, []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        m = TAG.match(line)
        if m:
            if body:
                yield tags, moves_of(" ".join(body))
                tags, body = {}, []
            tags[m.group(1)] = m.group(2)
        elif line:
            body.append(line)
    if body:
        yield tags, moves_of(" ".join(body))


def moves_of(text):
    text = re.sub(r"\{[^}]*\}", " ", text)
    out = []
    for tok in text.split():
        if re.fullmatch(r"\d+\.+", tok) or tok in ("1-0", "0-1", "1/2-1/2", "*"):
            continue
        out.append(tok)
    return out


def non_royal(exe, variant, moves):
    """Non-royal pieces on the board after `moves`."""
    args = [exe, "show", "--variant", variant] + (["--moves", *moves] if moves else [])
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    board = next(line[5:] for line in out.splitlines() if line.startswith("fen: ")).split()[0]
    tokens = re.findall(r"\+?\([^)]*\)|\+?[A-Za-z]", board)
    return sum(1 for t in tokens if t.upper() not in ROYAL)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--kyodai", default="target/release/kyodai")
    ap.add_argument("--step", type=int, default=10)
    ap.add_argument("--min-plies", type=int, default=40)
    a = ap.parse_args()
    samples, lengths, variant = [], [], None
    for path in a.files:
        for tags, moves in games(path):
            if tags.get("Result", "*") == "*" or len(moves) < a.min_plies:
                continue
            variant = tags["Variant"]
            start = non_royal(a.kyodai, variant, [])
            lengths.append(len(moves) / 2)
            for ply in range(0, len(moves), a.step):
                share = non_royal(a.kyodai, variant, moves[:ply]) / start
                samples.append((share, (len(moves) - ply) / 2))
    if not samples:
        print("no finished games long enough to measure", file=sys.stderr)
        return 1
    fit = sum(s * m for s, m in samples) / sum(s * s for s, _ in samples)
    print(f"{variant}: {len(lengths)} games, mean length {sum(lengths) / len(lengths):.0f} moves a side "
          f"(shortest {min(lengths):.0f}, longest {max(lengths):.0f})")
    print(f"game_length fit (moves left = L x share of pieces left): L = {fit:.0f}")
    print("share of pieces left | samples | mean moves left | L x share")
    for lo in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2):
        band = [m for s, m in samples if lo - 0.1 < s <= lo]
        if band:
            print(f"{lo - 0.1:.1f}-{lo:.1f} | {len(band)} | {sum(band) / len(band):.0f} | {fit * (lo - 0.05):.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""What Fairy-Stockfish's classical evaluation thinks each piece of a game is worth.

For every piece type of the first player's start array, takes one piece of that type off the
start position and reads the 'Material' row of Fairy-Stockfish's `eval` table (material plus
piece-square values, middlegame and endgame): the drop is what the piece adds there. Prints the
two numbers, their average, and the average scaled so that a reference piece (`--scale R=500`)
has the value Kyodai's data file gives it, ready to compare with the file's `value` keys.

    engine-tests/compare/fsf-piece-values.py FSF_BINARY GAME [--scale ID=VALUE]

FSF_BINARY  a native Fairy-Stockfish built with largeboards=yes (see vs-fsf.sh)
GAME        heavy-shako or patchanka (the sections of cazaux-variants.ini)

Only piece types standing on the start array are measured (a type reached by promotion only,
such as Patchanka's Marshal, is not); the first piece of each type from the first player's
first rank up is the one taken away. Fairy-Stockfish's values are its own heuristics (from the
piece's moves), not results of games: a starting point for `value` keys, to be kept only with
a match (docs/strength/log.csv).
"""
import argparse
import os
import re
import sys

from fsf_native import HERE, INI, SECTIONS, ask, check_executable
MATERIAL = re.compile(r"Material \|\s+----\s+----\s+\|\s+----\s+----\s+\|\s*(-?[\d.]+)\s+(-?[\d.]+)")


def expand(rank):
    return re.sub(r"\d+", lambda m: "." * int(m.group()), rank)


def compress(rank):
    return re.sub(r"\.+", lambda m: str(len(m.group())), rank)


def start_fen(section, game):
    ini = open(INI).read()
    body = ini.split(f"[{section}]", 1)[1].split("\n[", 1)[0]
    m = re.search(r"^startFen\s*=\s*(.+)$", body, re.M)
    if m:
        return m.group(1).strip()
    # A section without startFen takes the array from Kyodai's own data file.
    toml = open(os.path.join(HERE, "../../core/src/variant/defs", f"{game}.toml")).read()
    return re.search(r'^start = "(.+)"', toml, re.M).group(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("fsf", help="native Fairy-Stockfish executable (largeboards=yes)")
    ap.add_argument("game", choices=sorted(SECTIONS))
    ap.add_argument("--scale", default="R=500", help="ID=VALUE: the piece whose scaled value is VALUE (default R=500)")
    args = ap.parse_args()
    check_executable(args.fsf)
    ref, _, ref_value = args.scale.partition("=")
    if not ref_value.isdigit():
        sys.exit(f"--scale {args.scale}: expected ID=VALUE, e.g. R=500")
    section = SECTIONS[args.game]
    fen = start_fen(section, args.game)
    board, rest = fen.split(" ", 1)
    grid = [list(expand(r)) for r in board.split("/")]
    kinds = []
    for row in range(len(grid) - 1, -1, -1):  # the first player's ranks first
        for col, ch in enumerate(grid[row]):
            if ch.isupper() and ch != "K" and ch not in [k for k, _ in kinds]:
                kinds.append((ch, (row, col)))
    commands = []
    for _, (row, col) in kinds:
        g = [r[:] for r in grid]
        g[row][col] = "."
        # No castling or e.p. rights: the array without the piece may not allow them.
        commands += [f"position fen {'/'.join(compress(''.join(r)) for r in g)} w - - 0 1", "eval"]
    out = ask(args.fsf, args.game, commands)
    rows = MATERIAL.findall(out)
    if len(rows) != len(kinds):
        sys.exit(f"expected {len(kinds)} evaluation tables from {args.fsf}, read {len(rows)} (no classical eval?)")
    drops = {k: (-float(mg), -float(eg)) for (k, _), (mg, eg) in zip(kinds, rows)}
    if ref not in drops:
        sys.exit(f"--scale: {ref} is not on the start array (pieces: {' '.join(drops)})")
    scale = int(ref_value) / (sum(drops[ref]) / 2)
    print(f"{args.game}: Fairy-Stockfish's material drop with one piece taken away (pawns), scaled to {ref}={ref_value}")
    print(f"{'piece':<6}{'mg':>7}{'eg':>7}{'avg':>7}{'scaled':>8}")
    for k, (mg, eg) in drops.items():
        print(f"{k:<6}{mg:>7.2f}{eg:>7.2f}{(mg + eg) / 2:>7.2f}{round(scale * (mg + eg) / 2):>8}")


if __name__ == "__main__":
    main()

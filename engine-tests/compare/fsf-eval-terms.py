#!/usr/bin/env python3
"""Where Fairy-Stockfish sees its advantage in games it played against Kyodai.

Replays each game of a PGN written by `vs-fsf.sh` (or `kyodai match`) to the given plies, asks
Fairy-Stockfish's classical evaluation for its table of terms there (`eval`: material,
mobility, king safety, threats, space, ...), and prints the mean of each term, middlegame and
endgame averaged, from Fairy-Stockfish's side: which knowledge of its evaluation Kyodai's lacks,
and from when in the game.

    engine-tests/compare/fsf-eval-terms.py FSF_BINARY PGN [--game heavy-shako] [--plies 16,30,50]
                                           [--kyodai target/release/kyodai]

FSF_BINARY  a native Fairy-Stockfish built with largeboards=yes (see vs-fsf.sh)
PGN         games of Kyodai against Fairy-Stockfish (the engine whose name starts with 'fairy'
            is Fairy-Stockfish)

Kyodai replays the moves (`kyodai show -m`) and writes the FEN; games shorter than a ply are
left out of that ply's means. Units are Fairy-Stockfish's pawns.
"""
import argparse
import collections
import os
import re
import subprocess
import sys

from fsf_native import HERE, SECTIONS, ask, check_executable

TERM = re.compile(r"^\|\s*([A-Za-z ]+?)\s*\|.*\|\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\|$")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def games(text):
    """(headers, moves) of each game of a PGN text (comments and move numbers dropped)."""
    for chunk in re.split(r"(?m)^(?=\[Event )", text):
        if not chunk.strip():
            continue
        headers = dict(re.findall(r'\[(\w+) "([^"]*)"\]', chunk))
        body = re.sub(r"\{[^}]*\}", " ", chunk.split("\n\n", 1)[1] if "\n\n" in chunk else "")
        moves = [t for t in body.split() if not re.match(r"^\d+\.+$", t) and t not in RESULTS]
        yield headers, moves


def fen_after(kyodai, game, moves):
    out = subprocess.run([kyodai, "show", "-v", game, "-m", *moves], capture_output=True, text=True)
    m = re.search(r"^fen: (.*)$", out.stdout, re.M)
    if not m:
        sys.exit(f"kyodai could not replay a game ({out.stderr.strip() or out.stdout[-200:]})")
    return m.group(1)


def terms(fsf, game, fen):
    out = ask(fsf, game, [f"position fen {fen}", "eval"])
    found = {}
    for line in out.splitlines():
        m = TERM.match(line)
        if m and m.group(1) != "Term":
            found[m.group(1)] = (float(m.group(2)) + float(m.group(3))) / 2
    if "Total" not in found:
        if "in check" in out:
            return None  # no static evaluation of a side in check
        sys.exit(f"{fsf} printed no evaluation table (a build with NNUE only?)")
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("fsf", help="native Fairy-Stockfish executable (largeboards=yes)")
    ap.add_argument("pgn", help="games of Kyodai against Fairy-Stockfish")
    ap.add_argument("--game", default="heavy-shako", choices=sorted(SECTIONS))
    ap.add_argument("--plies", default="16,30,50", help="comma-separated plies from the start (default 16,30,50)")
    ap.add_argument("--kyodai", default=os.path.join(HERE, "../../target/release/kyodai"))
    args = ap.parse_args()
    for path in (args.fsf, args.kyodai):
        check_executable(path)
    try:
        plies = [int(p) for p in args.plies.split(",")]
    except ValueError:
        sys.exit(f"--plies {args.plies}: expected numbers separated by commas, e.g. 16,30,50")
    try:
        played = list(games(open(args.pgn, encoding="utf-8").read()))
    except OSError as e:
        sys.exit(f"{args.pgn}: {e.strerror}")
    if not played:
        sys.exit(f"{args.pgn}: no games")
    for ply in plies:
        sums, n, checks = collections.defaultdict(float), 0, 0
        for headers, moves in played:
            if len(moves) < ply:
                continue
            fsf_white = headers.get("White", "").lower().startswith("fairy")
            sign = 1 if fsf_white else -1  # the table is from White's side
            found = terms(args.fsf, args.game, fen_after(args.kyodai, args.game, moves[:ply]))
            if found is None:
                checks += 1
                continue
            for term, v in found.items():
                sums[term] += sign * v
            n += 1
        skipped = f" ({checks} left out: a side in check)" if checks else ""
        print(f"after ply {ply}: {n} games{skipped}, mean of each term for Fairy-Stockfish's side (pawns)")
        for term, total in sums.items():
            print(f"  {term:<12}{total / max(n, 1):+7.2f}")


if __name__ == "__main__":
    main()

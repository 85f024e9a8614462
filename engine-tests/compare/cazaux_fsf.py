#!/usr/bin/env python3
"""Second counting method for Cazaux's 10x10 book games: Fairy-Stockfish through pyffish.

Writes, for Patchanka and Heavy Shako (the games Fairy-Stockfish can describe; see the comments
in cazaux-variants.ini for Timurid and for Patchanka's one difference):

  engine-tests/rules/data/cazaux/fsf-<game>.txt   positions of random games and Fairy-Stockfish's
                                                  sorted legal moves for each, in our notation
  engine-tests/rules/data/cazaux/perft-fsf.txt    Fairy-Stockfish's perft from the start positions

The Rust test target `cazaux_reference` compares the reference generator with these files, so
`cargo test` needs no Python. pyffish answers one call in 2-15 ms (more on a busy machine), so
perft is slow: depth 3 of both games and the positions take 1-5 minutes; depth 4 (--depth 4
--perft-only, spread over --jobs processes) about 8 minutes of CPU, mostly Patchanka's 93,000
positions (44 minutes on this shared 2-core machine while other builds ran).

    pip install pyffish
    python3 engine-tests/compare/cazaux_fsf.py [--depth 3] [--positions 320] [--seed 16]
    python3 engine-tests/compare/cazaux_fsf.py --depth 4 --perft-only --jobs 2
"""

import argparse
import multiprocessing
import os
import random
import sys

import pyffish as sf

from fsf_native import HERE, INI
from fsf_native import SECTIONS as GAMES

DATA = os.path.join(HERE, "..", "rules", "data", "cazaux")


def source_line():
    return (f"# Source: {sf.info()} via pyffish {'.'.join(map(str, sf.version()))}, variants.ini in "
            "engine-tests/compare/cazaux-variants.ini, made by engine-tests/compare/cazaux_fsf.py")


def square(name):
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def split_move(m):
    """'c9c10q' -> ('c9', 'c10', 'q'); FSF's '+' (piece promotion) is a suffix too."""
    i = 1
    while m[i].isdigit():
        i += 1
    j = i + 1
    while j < len(m) and m[j].isdigit():
        j += 1
    return m[:i], m[i:j], m[j:]


def ours(game, m):
    """Fairy-Stockfish's move text in our notation."""
    frm, to, suffix = split_move(m)
    if game == "patchanka":
        return frm + to  # forced promotions carry no suffix (1.3)
    return frm + to + suffix  # Heavy Shako: the required suffix, lower case (2.4)


def board(fen):
    """{(file, rank): piece letter} of a FEN placement (single letters, '+' prefix kept)."""
    rows = fen.split()[0].split("/")
    out = {}
    for i, row in enumerate(rows):
        y = len(rows) - 1 - i
        x, k = 0, 0
        while k < len(row):
            c = row[k]
            if c.isdigit():
                j = k
                while j < len(row) and row[j].isdigit():
                    j += 1
                x += int(row[k:j])
                k = j
                continue
            if c == "+":
                out[(x, y)] = row[k:k + 2]
                k += 2
            else:
                out[(x, y)] = c
                k += 1
            x += 1
    return out


def our_fen(game, fsf_fen, ep):
    """A Fairy-Stockfish FEN in our form: Badger/Ram for promoted Kirin/Phoenix, our e.p. field."""
    f = fsf_fen.split()
    placement = f[0]
    if game == "patchanka":
        for a, b in (("+I", "B"), ("+i", "b"), ("+H", "R"), ("+h", "r")):
            placement = placement.replace(a, b)
    rights = f[2]
    return f"{placement} {f[1]} {rights} {ep or '-'} {f[4]} {f[5]}"


def after(game, fen, m):
    """The position after m as (Fairy-Stockfish FEN to continue from, our FEN), with the e.p.
    square our rules give: after every non-promoting double step of a Pawn (or Soldier)."""
    variant = GAMES[game]
    nxt = sf.get_fen(variant, fen, [m])
    frm, to, suffix = split_move(m)
    (fx, fy), (tx, ty) = square(frm), square(to)
    piece = board(fen).get((fx, fy), "")
    ep = None
    rapid = ("p", "s") if game == "patchanka" else ("p",)  # Heavy Shako's 's' is a Squirrel
    if piece.lower() in rapid and fx == tx and abs(ty - fy) == 2 and not suffix:
        ep = f"{frm[0]}{(fy + ty) // 2 + 1}"
    if ep:
        f = nxt.split()
        f[3] = ep  # Fairy-Stockfish omits it after a Soldier's double step (see the .ini)
        nxt = " ".join(f)
    return nxt, our_fen(game, nxt, ep)


def legal(game, fen):
    return sf.legal_moves(GAMES[game], fen, [])


def perft(game, fen, depth):
    moves = legal(game, fen)
    if depth == 1:
        return len(moves)
    return sum(perft(game, after(game, fen, m)[0], depth - 1) for m in moves)


def load():
    """Loads the .ini once per process (a forked worker already has it)."""
    if not all(v in sf.variants() for v in GAMES.values()):
        sf.load_variant_config(open(INI).read())


def subtree(job):
    game, fen, depth = job
    load()
    return perft(game, fen, depth)


def parallel_perft(game, depth, jobs):
    """perft(depth) from the start, the root moves' subtrees shared among `jobs` processes."""
    start = sf.start_fen(GAMES[game])
    if depth <= 2 or jobs <= 1:
        return perft(game, start, depth)
    work = [(game, after(game, start, m)[0], depth - 1) for m in legal(game, start)]
    with multiprocessing.Pool(jobs, initializer=load) as pool:
        return sum(pool.map(subtree, work))


def weight(game, fen, m):
    """Biased games: promotions, castling, Pawn (Soldier) moves and captures are chosen more
    often, so the samples hold more of the special moves."""
    frm, to, suffix = split_move(m)
    squares = board(fen)
    piece = squares.get(square(frm), "")
    if suffix:
        return 40
    if piece.lower() == "k" and abs(square(to)[0] - square(frm)[0]) == 2:
        return 40
    if square(to) in squares:
        return 4
    return 6 if piece.lower() in ("p", "s") else 1


def random_positions(game, count, rng, biased=False):
    """Positions of random games from the start, sampled along the way (in biased games, also
    every position where a promotion or a castling is legal)."""
    out = []
    while len(out) < count:
        fen = sf.start_fen(GAMES[game])
        ours_fen = our_fen(game, fen, None)
        for _ply in range(rng.randint(40, 260)):
            moves = legal(game, fen)
            special = biased and any(weight(game, fen, m) == 40 for m in moves)
            if rng.random() < 0.25 or not moves or special:
                out.append((ours_fen, sorted(ours(game, m) for m in moves)))
            if not moves or len(out) >= count:
                break
            ordered = sorted(moves)
            if biased:
                pick = rng.choices(ordered, weights=[weight(game, fen, m) for m in ordered])[0]
            else:
                pick = rng.choice(ordered)
            fen, ours_fen = after(game, fen, pick)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--depth", type=int, default=4, help="perft depth from the start positions (default 4)")
    ap.add_argument("--positions", type=int, default=320, help="random-game positions per game (default 320)")
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--jobs", type=int, default=1, help="processes for perft (default 1)")
    ap.add_argument("--perft-only", action="store_true", help="write perft-fsf.txt only")
    args = ap.parse_args()
    load()
    for v in GAMES.values():
        if v not in sf.variants():
            sys.exit(f"variant {v} did not load from {INI}")
    # The limit that keeps Timurid out (see the .ini): a 12-rank variant is refused.
    probe_loaded = "timurid-herat-probe" in sf.variants()
    print(f"{sf.info()}: 12x12 probe variant loaded: {probe_loaded}", file=sys.stderr)

    rows = []
    for game in GAMES:
        for d in range(1, args.depth + 1):
            n = parallel_perft(game, d, args.jobs)
            print(f"{game} perft({d}) = {n}", file=sys.stderr)
            rows.append(f"{game} {d} {n} fsf")
    with open(os.path.join(DATA, "perft-fsf.txt"), "w") as f:
        f.write("# Start-position perft counted by Fairy-Stockfish (a second method): game depth count fsf\n")
        f.write(source_line() + f", --depth {args.depth}.\n")
        f.write("# Patchanka: the script adds the e.p. square after a Soldier's double step (see the .ini).\n")
        f.write("\n".join(rows) + "\n")
    if args.perft_only:
        return

    rng = random.Random(args.seed)
    for game in GAMES:
        positions = random_positions(game, args.positions, rng)
        positions += random_positions(game, args.positions // 2, rng, biased=True)
        with open(os.path.join(DATA, f"fsf-{game}.txt"), "w") as f:
            f.write(f"# {game}: Fairy-Stockfish's legal moves, sorted, in our notation, for positions of\n")
            f.write(f"# random games from the start (seed {args.seed}; the last third from games that favour\n")
            f.write("# promotions, castling, Pawn moves and captures); 'fen' is our FEN of the position.\n")
            f.write(source_line() + ".\n")
            for fen, moves in positions:
                f.write(f"fen {fen}\nmoves {' '.join(moves)}\n")
        print(f"{game}: {len(positions)} positions", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Compare each piece's legal targets with HaChu 0.21, square by square (Dai Shogi).

HaChu answers XBoard's `lift SQUARE` with `highlight BOARD`, a FEN-like board whose letters
mark the squares the lifted piece may go to. For positions of random games from the start
(moves chosen by this script among Kyodai's single-leg legal moves, played in both engines),
every piece of the side to move is lifted in HaChu and compared with the squares Kyodai's legal
moves of that piece visit (every leg's squares except the origin). Disagreements are printed;
the exit status is 1 if there were any. docs/rules/dai.md section 14 explains what is found.

    engine-tests/compare/hachu-highlights.py [--games 4] [--plies 60] [--seed 1]
        [--kyodai target/release/kyodai] [--hachu /usr/games/hachu] [--variant dai]

Needs `hachu` (Debian package `hachu`, 0.21). It starts one HaChu per game and stops it by its
own process handle.
"""

import argparse
import random
import re
import subprocess
import sys

SQUARE = re.compile(r"([a-z])(\d+)")


def kyodai(args, exe, variant):
    out = subprocess.run([exe, *args[:1], "--variant", variant, *args[1:]], capture_output=True, text=True, check=True)
    return out.stdout


def position(exe, variant, moves):
    """The FEN board and side to move after `moves`, and Kyodai's legal moves there."""
    extra = ["--moves", *moves] if moves else []
    show = kyodai(["show", *extra], exe, variant)
    fen = next(line[5:] for line in show.splitlines() if line.startswith("fen: "))
    legal = kyodai(["moves", *extra], exe, variant).split()
    return fen, legal


def board_squares(board):
    """{square: token} of a FEN board (ranks from the top, files from a)."""
    rows = board.split("/")
    n = len(rows)
    out = {}
    for i, row in enumerate(rows):
        rank = n - i
        f = 0
        for tok in re.findall(r"\d+|\+?\([^)]*\)|\+?[A-Za-z!']", row):
            if tok.isdigit():
                f += int(tok)
                continue
            out[f"{chr(ord('a') + f)}{rank}"] = tok
            f += 1
    return out


def owner_is_first(token):
    t = token.lstrip("+").lstrip("(")
    return t[0].isupper()


def kyodai_targets(legal, origin):
    """Every square a legal move of the piece on `origin` visits; the origin itself only for the
    pass (`h3h3`), which XBoard makes with one click on the origin. A capture without moving
    (`h3h4,h4h3`) is two clicks, and lifting shows only the first."""
    out = set()
    back = False
    for m in legal:
        legs = m.rstrip("+").split(",")
        if SQUARE.match(legs[0]).group(0) != origin:
            continue
        squares = [f + r for leg in legs for f, r in SQUARE.findall(leg)]
        out.update(squares[1:])
        back |= squares == [origin, origin]
    if not back:
        out.discard(origin)
    return out


class HaChu:
    def __init__(self, exe, variant):
        self.p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.ping = 0
        for line in ["xboard", "protover 2", "memory 32", "new", f"variant {variant}", "force"]:
            self.send(line)
        self.sync()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def sync(self):
        """Reads up to the answer of a new ping; returns the lines before it."""
        self.ping += 1
        self.send(f"ping {self.ping}")
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("HaChu exited")
            if line.strip() == f"pong {self.ping}":
                return lines
            lines.append(line.strip())

    def targets(self, square):
        self.send(f"lift {square}")
        lines = self.sync()
        marks = set()
        for line in lines:
            if line.startswith("highlight "):
                marks |= set(board_squares(line.split()[1]))
        return marks

    def play(self, move):
        self.send(f"usermove {move}")
        for line in self.sync():
            if line.startswith("Illegal"):
                raise RuntimeError(f"HaChu refuses {move}: {line}")

    def close(self):
        self.send("quit")
        try:
            self.p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.p.kill()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kyodai", default="target/release/kyodai")
    ap.add_argument("--hachu", default="/usr/games/hachu")
    ap.add_argument("--variant", default="dai")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    lifted = 0
    differ = []
    for game in range(a.games):
        h = HaChu(a.hachu, a.variant)
        moves = []
        try:
            for _ in range(a.plies):
                fen, legal = position(a.kyodai, a.variant, moves)
                board, side = fen.split()[:2]
                for sq, tok in sorted(board_squares(board).items()):
                    if owner_is_first(tok) != (side == "w"):
                        continue
                    ours, theirs = kyodai_targets(legal, sq), h.targets(sq)
                    lifted += 1
                    if ours != theirs:
                        differ.append((game, " ".join(moves), sq, tok, sorted(ours - theirs), sorted(theirs - ours)))
                simple = [m for m in legal if "," not in m]
                if not simple:
                    break
                m = rng.choice(simple)
                h.play(m)
                moves.append(m)
        finally:
            h.close()
    for game, line, sq, tok, only_k, only_h in differ:
        print(f"game {game} after [{line}]: {tok} on {sq}: only Kyodai {only_k}, only HaChu {only_h}")
    print(f"{lifted} pieces lifted, {len(differ)} disagreements")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

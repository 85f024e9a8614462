#!/usr/bin/env python3
"""Do Kyodai and Fairy-Stockfish (the npm wasm build, through fsf-uci.mjs) agree on the rules of a
game? Plays random games move by move and, in every position, compares Kyodai's legal moves
(`kyodai moves`) with Fairy-Stockfish's (`go perft 1`) and Kyodai's FEN (placement, side to move,
castling rights) with Fairy-Stockfish's (`d`). Both engines get the game as `position startpos
moves ...`, the way `kyodai match` sends it, so the move text is checked in both directions.
The random mover prefers promotions, castling, e.p. captures, Pawn moves and captures, so the
special moves come up often. Prints the count of positions and special moves seen and every
difference; exits 1 on a difference. Not part of cargo test.

Patchanka: Fairy-Stockfish's promotion suffixes are dropped and its promoted Kirin and Phoenix
('+I', '+H') read as our Badger and Ram before comparing, our moves reach it through
fsf-uci.mjs --translate, and its missing e.p. capture after a Soldier's double step is counted as
a known difference (see cazaux-variants.ini), not a failure.

Usage: fsf-rules-check.py PACKAGE_DIR|FSF_BIN [VARIANT=heavy-shako] [GAMES=6] [SEED=1] [KYODAI]
  PACKAGE_DIR  node_modules/fairy-stockfish-nnue.wasm (vs-fsf.sh installs it)
  FSF_BIN      or a native Fairy-Stockfish executable built with largeboards=yes
  VARIANT      heavy-shako or patchanka
"""
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def engine_args(package):
    """fsf-uci.mjs's arguments for a package folder (wasm) or a native executable."""
    if os.path.isfile(package) and os.access(package, os.X_OK):
        return ["--native", package]
    return ["--package", package]


class Fsf:
    """One Fairy-Stockfish process spoken to line by line."""

    def __init__(self, package, variant):
        # Patchanka's move text needs the wrapper's translation (see fsf-uci.mjs).
        translate = ["--translate"] if variant == "patchanka" else []
        self.p = subprocess.Popen(
            ["node", os.path.join(HERE, "fsf-uci.mjs"), *engine_args(package),
             "--alias", "heavy-shako=heavyshako", *translate],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send(f"setoption name UCI_Variant value {variant}")
        self.sync()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, stop):
        lines = []
        for line in self.p.stdout:
            line = line.rstrip("\n")
            if stop(line):
                return lines
            lines.append(line)
        raise RuntimeError("Fairy-Stockfish ended")

    def sync(self):
        self.send("isready")
        return self.until(lambda l: l == "readyok")

    def moves(self, played, ours):
        """Fairy-Stockfish's legal moves after `played`, in our text (`ours` maps its text)."""
        self.send("position startpos" + (" moves " + " ".join(played) if played else ""))
        self.send("go perft 1")
        lines = self.until(lambda l: l.startswith("Nodes searched"))
        return sorted(ours(l.split(":")[0]) for l in lines if l.endswith(": 1"))

    def fen(self):
        self.send("d")
        lines = self.sync()
        return next(l.split(": ", 1)[1] for l in lines if l.startswith("Fen: "))

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def patchanka_text(move):
    """Fairy-Stockfish's Patchanka move in our text: no promotion suffix ('m' or '+')."""
    return move[:-1] if move[-1] in "m+" else move


def patchanka_fen(fen):
    """Fairy-Stockfish's Patchanka FEN with our Badger and Ram for its promoted Kirin, Phoenix."""
    for a, b in (("+I", "B"), ("+i", "b"), ("+H", "R"), ("+h", "r")):
        fen = fen.replace(a, b)
    return fen


def soldier_ep(only_ours, played, fen_before_last):
    """Are all of `only_ours` e.p. captures after a Soldier's double step? Fairy-Stockfish sets no
    e.p. square then (see cazaux-variants.ini): a known difference, not a failure."""
    if not only_ours or not played:
        return False
    frm, to, _ = squares(played[-1])
    if board(fen_before_last).get(frm, "").lower() != "s" or frm[0] != to[0] or abs(int(to[1:]) - int(frm[1:])) != 2:
        return False
    passed = f"{frm[0]}{(int(frm[1:]) + int(to[1:])) // 2}"
    return all(squares(m)[1] == passed for m in only_ours)


def kyodai(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True, check=True).stdout


def kyodai_state(binary, variant, played):
    extra = ["--moves", *played] if played else []
    moves = sorted(kyodai(binary, "moves", "--variant", variant, *extra).split())
    show = kyodai(binary, "show", "--variant", variant, *extra)
    fen = next(l.split(": ", 1)[1] for l in show.splitlines() if l.startswith("fen: "))
    return moves, fen


def squares(move):
    """'c9c10q' -> ('c9', 'c10', 'q')."""
    return re.fullmatch(r"([a-z]\d+)([a-z]\d+)(.*)", move).groups()


def board(fen):
    """{square name: piece letter} of a FEN placement ('+' kept with its letter)."""
    out, rows = {}, fen.split()[0].split("/")
    for i, row in enumerate(rows):
        f = 0
        for token in re.findall(r"\d+|\+?[A-Za-z]", row):
            if token.isdigit():
                f += int(token)
            else:
                out[f"{chr(97 + f)}{len(rows) - i}"] = token
                f += 1
    return out


def special(move, fen, pawns):
    """'promotion', 'castling', 'e.p.', 'double step', 'capture' or None. `pawns`: the letters of
    the pieces that double-step and promote (Patchanka's Soldier 's' too)."""
    frm, to, suffix = squares(move)
    b = board(fen)
    piece = b.get(frm, "").lower()
    df, dr = ord(to[0]) - ord(frm[0]), int(to[1:]) - int(frm[1:])
    if suffix or (piece in pawns and to[1:] in ("1", "10")):
        return "promotion"
    if piece == "k" and abs(df) == 2 and dr == 0:
        return "castling"
    if piece in pawns and df != 0 and dr != 0 and to not in b:
        return "e.p."
    if piece in pawns and abs(dr) == 2:
        return "double step"
    if piece in pawns:
        return "pawn step"
    if to in b:
        return "capture"
    return None


WEIGHTS = {"promotion": 40, "castling": 40, "e.p.": 40, "double step": 6, "pawn step": 6, "capture": 4, None: 1}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    package = sys.argv[1]
    variant = sys.argv[2] if len(sys.argv) > 2 else "heavy-shako"
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 6
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    binary = sys.argv[5] if len(sys.argv) > 5 else os.path.join(HERE, "../../target/release/kyodai")
    pawns = ("p", "s") if variant == "patchanka" else ("p",)  # Heavy Shako's 's' is a Squirrel
    text, fen_of = (patchanka_text, patchanka_fen) if variant == "patchanka" else (str, str)
    fsf = Fsf(package, variant)
    positions, seen, differences = 0, {}, 0
    for game in range(games):
        played, last_fen = [], None
        for _ply in range(rng.randint(60, 240)):
            ours, our_fen = kyodai_state(binary, variant, played)
            theirs, their_fen = fsf.moves(played, text), fen_of(fsf.fen())
            positions += 1
            only_ours = sorted(set(ours) - set(theirs))
            if set(theirs) <= set(ours) and soldier_ep(only_ours, played, last_fen):
                seen["known: e.p. after a Soldier's double step"] = seen.get("known: e.p. after a Soldier's double step", 0) + 1
                theirs = ours
            last_fen = our_fen
            if ours != theirs or our_fen.split()[:3] != their_fen.split()[:3]:
                differences += 1
                print(f"DIFFERENCE game {game + 1} after: {' '.join(played) or '(start)'}")
                print(f"  kyodai: {our_fen}\n  fsf:    {their_fen}")
                print(f"  only kyodai: {only_ours}")
                print(f"  only fsf:    {sorted(set(theirs) - set(ours))}")
                break
            if not ours:
                seen["game ends (no legal move, both agree)"] = seen.get("game ends (no legal move, both agree)", 0) + 1
                break
            kinds = [special(m, our_fen, pawns) for m in ours]
            for k in set(kinds) - {None}:
                seen[f"positions with a legal {k}"] = seen.get(f"positions with a legal {k}", 0) + 1
            pick = rng.choices(ours, weights=[WEIGHTS[k] for k in kinds])[0]
            k = special(pick, our_fen, pawns)
            if k:
                seen[f"{k} played"] = seen.get(f"{k} played", 0) + 1
            played.append(pick)
        print(f"game {game + 1}: {len(played)} plies", flush=True)
    fsf.quit()
    print(f"{variant}: {positions} positions compared, {differences} differences")
    for k in sorted(seen):
        print(f"  {k}: {seen[k]}")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()

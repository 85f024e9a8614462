#!/usr/bin/env python3
"""Does XBoard 4.9 follow Heavy Shako's castling and Timurid's succession? Plays one game under
the real XBoard (as xboard_match.py does) between two copies of Kyodai, each behind a small
proxy that can start the game from another position (it rewrites the FEN of Kyodai's `setup`
line) and play its side's first moves from a script. Prints the result and a verdict.

Usage:
  engine-tests/compare/xboard_scripted.py castling     Heavy Shako from the start: White plays
                                                       h2g4 h3h4 g2h3 f2h2 (castling) g2f2 (the
                                                       Rook's next move, from g2), Black a8a7 ...
                                                       PASS if XBoard accepts them all and the
                                                       game ends by the engines' claim.
  engine-tests/compare/xboard_scripted.py succession   Timurid Mirza from the book game's position
                                                       before 82. l12i10: White plays it, Black's
                                                       only move is the succession i11g3. XBoard
                                                       4.9.1 does not accept it (no notation for
                                                       an exchange of two pieces; it forfeits the
                                                       move or ignores it until a flag falls): the
                                                       expected verdict is KNOWN-LIMITATION.

Moves are in XBoard's squares: on a 10-rank board XBoard counts ranks from 0 (our f2 is its f1).
"""
import os
import re
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import xboard_match as xm  # noqa: E402


def proxy():
    """The engine side: `xboard_scripted.py proxy KYODAI [FEN] [MOVES...]`."""
    kyodai, fen, script = sys.argv[2], sys.argv[3], sys.argv[4:]
    k = subprocess.Popen([kyodai, "xboard"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    scripted = [bool(script)]
    lock = threading.Lock()

    def out(s):
        with lock:
            sys.stdout.write(s + "\n")
            sys.stdout.flush()

    def pump():
        for line in k.stdout:
            line = line.rstrip("\n")
            if line.startswith("setup ") and fen != "-":
                line = re.sub(r"(\+0_\w+) .*$", lambda m: m.group(1) + " " + fen, line)
            if line.startswith("move ") and scripted[0]:
                continue
            out(line)

    threading.Thread(target=pump, daemon=True).start()
    i, pending = 0, True
    for line in sys.stdin:
        line = line.rstrip("\n")
        word = line.split(" ")[0]
        if scripted[0] and word in ("go", "usermove"):
            if word == "usermove":
                k.stdin.write(line + "\n")
                pending = True
            if not pending:
                continue
            pending = False
            if i < len(script):
                k.stdin.write("usermove " + script[i] + "\n")
                out("move " + script[i])
                i += 1
            else:
                scripted[0] = False
                k.stdin.write("go\n")
            continue
        k.stdin.write(line + "\n")
        if word == "new" and scripted[0]:
            k.stdin.write("force\n")
        if word == "quit":
            break


CASES = {
    "castling": ("heavy-shako", "-", "h1g3 h2h3 g1h2 f1h1 g1f1", "a7a6 a6a5 b7b6 b6b5 c7c6"),
    "succession": (
        "timurid-mirza",
        # The Mirza game before 82. l12i10, in XBoard's letters (Ship S, Snake A, Prince D).
        "3R4b2U/5cc1k3/G7n3/p4C6/1p6S2p/2p3p2p2/2P2p3P2/1PE1pM4P1/9N1P/PB4d1B3/4K7/11R w - - 1 82",
        "l12i10",
        "",
    ),
}


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "proxy":
        return proxy()
    if len(sys.argv) != 2 or sys.argv[1] not in CASES:
        print(__doc__)
        sys.exit(2)
    case = sys.argv[1]
    game, fen, white, black = CASES[case]
    xm.ensure_tools(False)
    me = os.path.abspath(__file__)
    engine = lambda moves: f"{sys.executable} {me} proxy {xm.KYODAI} '{fen}' {moves}"  # noqa: E731
    res, timed_out, pgn, log = xm.play(f"scripted-{case}", game, engine(white), engine(black), 1, "0:20", 0.2, 900)
    result, comment = (res[0][0], res[0][1]) if res else ("*", "no result")
    print(f"{case}: {result} {{{comment}}} -> game file {pgn}, log {log}")
    forfeit = xm.gui_verdict(comment)
    if case == "succession":
        # XBoard either forfeits the move as invalid or ignores it until a flag falls.
        refused = forfeit or "on time" in comment or result == "*"
        verdict = "KNOWN-LIMITATION" if refused else "CHANGED (XBoard played on: look at the log)"
    else:
        verdict = "PASS" if result in ("1-0", "0-1", "1/2-1/2") and not forfeit and not timed_out else "FAIL"
    print("VERDICT:", verdict)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A misbehaving UCI engine for the match runner's tests (engine-tests/match/main.rs).

Usage: fake_engine.py MODE [PIDFILE]. It answers the handshake properly (after some junk
lines a robust GUI must ignore), then misbehaves on its first 'go' according to MODE:

  illegal   bestmove a1a5           (well-formed, illegal in Chu Shogi's start position)
  garbage   prints junk (invalid UTF-8 too), then 'bestmove %%garbage%%'
  crash     exits with status 3 without answering
  hang      never answers (and ignores 'stop' and 'quit')
  slow      answers a legal-looking move after 3 seconds (beyond a 1-second clock)
  resign-then-hang   resigns in its first game, hangs in the second
  refuse    (speaks XBoard) answers 'Illegal move' to the first move it is sent, as HaChu 0.21
            does to a promotion it does not know; as White it opens with f4f5
  falsewin  (speaks USI) claims a win ('bestmove win') at its first 'go'

With PIDFILE it appends its process id there, one line per start, so the test can check
that the match ended it.
"""
import os
import sys
import time

mode = sys.argv[1]
if len(sys.argv) > 2:
    with open(sys.argv[2], "a") as f:
        f.write(f"{os.getpid()}\n")

out = sys.stdout
games = 0


def say(line):
    out.write(line + "\n")
    out.flush()


def hang():
    while True:
        time.sleep(3600)


def xboard(cmd):
    """One XBoard command of the 'refuse' mode."""
    global received
    if cmd[0] == "protover":
        say('feature myname="Fake refuse" usermove=1 ping=1 setboard=1 variants="chu" done=1')
    elif cmd[0] == "ping":
        say("pong " + cmd[1])
    elif cmd[0] == "usermove":
        received = cmd[1]
        say("Illegal move: " + cmd[1])
    elif cmd[0] == "go" and received is None:
        say("move f4f5")
    elif cmd[0] == "quit":
        sys.exit(0)


received = None
for line in sys.stdin:
    cmd = line.split()
    if not cmd:
        continue
    if mode == "refuse":
        xboard(cmd)
    elif cmd[0] == "usi":
        say("id name Fake " + mode)
        say("option name USI_Variant type combo default chu var chu")
        say("usiok")
    elif cmd[0] == "uci":
        say("some banner the GUI must ignore")
        say("id name Fake " + mode)
        say("option name UCI_Variant type combo default chu var chu")
        say("uciok")
    elif cmd[0] == "isready":
        say("readyok")
    elif cmd[0] in ("ucinewgame", "usinewgame"):
        games += 1
    elif cmd[0] == "go":
        if mode == "illegal":
            say("info depth 1 score cp 0 pv a1a5")
            say("bestmove a1a5")
        elif mode == "garbage":
            say("\x01\x02 ~~~ not a command ~~~")
            sys.stdout.buffer.write(b"\xff\xfe\xfd invalid utf-8\n")
            sys.stdout.buffer.flush()
            say("bestmove %%garbage%%")
        elif mode == "crash":
            sys.exit(3)
        elif mode == "hang":
            hang()
        elif mode == "slow":
            time.sleep(3)
            say("bestmove f4f5")
        elif mode == "falsewin":
            say("bestmove win")
        elif mode == "resign-then-hang":
            if games <= 1:
                say("bestmove resign")
            else:
                hang()
    elif cmd[0] == "quit":
        if mode in ("hang", "resign-then-hang"):
            hang()
        sys.exit(0)

#!/usr/bin/env python3
"""Plays games under the real XBoard 4.9 (in a private Xvfb display) and prints a verdict.

Usage:
  engine-tests/compare/xboard_match.py selfplay [GAME ...]     Kyodai vs Kyodai, one game per GAME
                                                               (default: every game XBoard can show)
                                                               at 0:20+0.2, or $TC (e.g. TC=1:00+1
                                                               on a busy machine, where process
                                                               delays can flag a short clock)
  engine-tests/compare/xboard_match.py hachu [GAMES] [TC]      Kyodai vs HaChu, Chu Shogi, GAMES games
                                                               (default 2) at time control TC
                                                               (default 0:30+0.2), colours alternating

Installs what it needs (`apt-get install -y xboard xvfb hachu`) and builds the release binary.
Each game's PGN and XBoard's protocol log are kept in the output folder (default
target/xboard-match, or $OUT). XBoard runs with the options of docs/protocols.md (XBoard / WinBoard)
so that the engines' own result claims decide games; a game that does not end in time is
stopped, and only the processes this script started are ended (by PID).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
KYODAI = os.path.join(ROOT, "target", "release", "kyodai")
XBOARD = "/usr/games/xboard"
HACHU = shutil.which("hachu") or "/usr/games/hachu"
OUT = os.environ.get("OUT", os.path.join(ROOT, "target", "xboard-match"))


def ensure_tools(need_hachu):
    missing = not os.path.exists(XBOARD) or not shutil.which("Xvfb") or (need_hachu and not os.path.exists(HACHU))
    if missing:
        print("installing xboard, xvfb, hachu ...", file=sys.stderr)
        subprocess.run(["apt-get", "update"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run(
            ["apt-get", "install", "-y", "xboard", "xvfb", "hachu"],
            stdout=subprocess.DEVNULL,
            env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"),
        )
    if not os.path.exists(XBOARD) or not shutil.which("Xvfb"):
        print("SKIP: xboard/Xvfb not installed and could not be installed")
        sys.exit(0)
    if need_hachu and not os.path.exists(HACHU):
        print("SKIP: hachu not installed and could not be installed")
        sys.exit(0)
    if not os.path.exists(KYODAI):
        subprocess.run(["cargo", "build", "--release"], cwd=ROOT, check=True)


def start_xvfb():
    r, w = os.pipe()
    p = subprocess.Popen(
        ["Xvfb", "-displayfd", str(w), "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
        pass_fds=(w,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(w)
    num = b""
    while not num.endswith(b"\n"):
        c = os.read(r, 1)
        if not c:
            break
        num += c
    os.close(r)
    return p, ":" + num.decode().strip()


def games_xboard_shows():
    """The games Kyodai offers XBoard (its feature variants=...)."""
    p = subprocess.run([KYODAI, "xboard"], input="xboard\nprotover 2\nquit\n", capture_output=True, text=True, timeout=30)
    m = re.search(r'variants="([^"]*)"', p.stdout)
    return m.group(1).split(",") if m else []


def play(name, game, first, second, ngames, tc, inc, limit_s):
    """Runs one XBoard match; returns the list of (result, comment) per game."""
    os.makedirs(OUT, exist_ok=True)
    pgn = os.path.join(OUT, f"{name}.pgn")
    log = os.path.join(OUT, f"{name}.debug")
    for f in (pgn, log):
        if os.path.exists(f):
            os.remove(f)
    home = tempfile.mkdtemp(prefix="xboard-home-")
    xvfb, display = start_xvfb()
    args = [
        XBOARD,
        "-fcp", first, "-scp", second,
        "-variant", game,
        "-matchMode", "true", "-matchGames", str(ngames),
        "-tc", tc, "-inc", str(inc),
        "-testLegality", "false", "-testClaims", "false", "-checkMates", "false",
        "-materialDraws", "false", "-trivialDraws", "false",
        "-repeatsToDraw", "0", "-ruleMoves", "0",
        "-adjudicateDrawMoves", "0", "-adjudicateLossThreshold", "0",
        "-autoCallFlag", "true", "-popupExitMessage", "false", "-popupMoveErrors", "false",
        "-saveGameFile", pgn, "-saveSettingsOnExit", "false", "-soundProgram", "",
        "-debugMode", "true", "-nameOfDebugFile", log, "-engineDebugOutput", "1",
    ]
    env = dict(os.environ, HOME=home, DISPLAY=display)
    xb = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    start = time.time()
    timed_out = False
    while xb.poll() is None:
        if time.time() - start > limit_s:
            timed_out = True
            xb.terminate()
            try:
                xb.wait(timeout=10)
            except subprocess.TimeoutExpired:
                xb.kill()
            break
        time.sleep(1)
    xvfb.terminate()
    try:
        xvfb.wait(timeout=10)
    except subprocess.TimeoutExpired:
        xvfb.kill()
    shutil.rmtree(home, ignore_errors=True)
    results = []
    if os.path.exists(pgn):
        text = open(pgn, encoding="latin-1").read()
        for g in re.split(r"\n(?=\[Event )", text):
            r = re.search(r'\[Result "([^"]*)"\]', g)
            w = re.search(r'\[White "([^"]*)"\]', g)
            c = re.findall(r"\{([^{}]*)\}\s*(?:1-0|0-1|1/2-1/2|\*)\s*$", g.strip())
            body = re.sub(r"\{[^{}]*\}", " ", g.split("\n\n", 1)[-1])
            numbers = [int(n) for n in re.findall(r"(?:^|\s)(\d+)\.", body)]
            plies = max(numbers) if numbers else 0
            if r:
                results.append((r.group(1), c[-1] if c else "", w.group(1) if w else "?", plies))
    return results, timed_out, pgn, log


def gui_verdict(comment):
    """Whether XBoard itself ended the game (a forfeit for a move it could not accept, a flag)
    rather than an engine's claim or resignation."""
    return "Forfeit" in comment or "invalid" in comment or "Xboard" in comment


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("selfplay", "hachu"):
        print(__doc__)
        sys.exit(2)
    mode = sys.argv[1]
    ensure_tools(mode == "hachu")
    kyodai_cmd = f"{KYODAI} xboard"
    ok = True
    if mode == "selfplay":
        games = sys.argv[2:] or games_xboard_shows()
        base, _, inc = os.environ.get("TC", "0:20+0.2").partition("+")
        for game in games:
            res, timed_out, pgn, log = play(f"selfplay-{game}", game, kyodai_cmd, kyodai_cmd, 1, base, float(inc or 0), 1800)
            if res and res[0][0] in ("1-0", "0-1", "1/2-1/2") and not timed_out and not gui_verdict(res[0][1]):
                r, comment, _, moves = res[0]
                print(f"{game}: {r} {{{comment}}} after {moves} moves -> game file {pgn}")
            else:
                ok = False
                print(f"{game}: FAILED (no result{' , timed out' if timed_out else ''}); see {log}")
    else:
        ngames = int(sys.argv[2]) if len(sys.argv) > 2 else 2
        tc = sys.argv[3] if len(sys.argv) > 3 else "0:30+0.2"
        base, _, inc = tc.partition("+")
        res, timed_out, pgn, log = play(
            "kyodai-vs-hachu", "chu", kyodai_cmd, HACHU, ngames, base, float(inc or 0), 600 * ngames
        )
        score = {"Kyodai": 0.0, "HaChu": 0.0}
        for r, comment, white, moves in res:
            k_white = white.lower().startswith("kyodai")
            if r == "1/2-1/2":
                score["Kyodai"] += 0.5
                score["HaChu"] += 0.5
            elif r in ("1-0", "0-1"):
                kyodai_won = (r == "1-0") == k_white
                score["Kyodai" if kyodai_won else "HaChu"] += 1
            print(f"  {white} (first player): {r} {{{comment}}} after {moves} moves")
        done = sum(1 for r in res if r[0] in ("1-0", "0-1", "1/2-1/2") and not gui_verdict(r[1]))
        print(f"Kyodai {score['Kyodai']} - HaChu {score['HaChu']} in {done} of {ngames} games at {tc}; game file {pgn}")
        ok = done == ngames and not timed_out
        if not ok:
            print(f"FAILED: {ngames - done} game(s) without a result; see {log}")
    print("VERDICT:", "PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()

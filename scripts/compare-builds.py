#!/usr/bin/env python3
"""Compare the speed of two Kyodai builds side by side.

Runs the two binaries in turn (A B A B ...) on the same command, so that a drift of the
machine's speed hits both alike, and prints B's speed over A's as a ratio per run pair: the
median, and the lowest and highest pair, per figure.

  scripts/compare-builds.py OLD NEW                  # `kyodai bench`: nps per game and in all
  scripts/compare-builds.py OLD NEW --speed          # `kyodai bench --speed`: every measure
  scripts/compare-builds.py OLD NEW --speed -- --variant chu
  scripts/compare-builds.py OLD NEW -- perft --variant chu --depth 5   # any command: wall time
  scripts/compare-builds.py OLD NEW --callgrind -- bench --variant chu # instruction counts

A ratio above 1 means NEW is faster. With `bench` the node counts of both builds are compared
too: speed-only changes must search the same trees (the same signature), and a ratio of nodes
per second between different trees measures something else (the script says so).

--callgrind runs each build once under `valgrind --tool=callgrind` and compares the
instructions executed: the same for the same binary and input whatever else the machine does,
so it is the figure to use when the machine is busy (it ignores cache and branch effects).

Run it before and after any change meant to make the engine faster, and quote its output in
the commit (see CONTRIBUTING.md).
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time


def run(binary, args):
    """Runs `binary args`; returns (wall seconds, stdout + stderr)."""
    t0 = time.perf_counter()
    p = subprocess.run([binary] + args, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"{binary} {' '.join(args)} failed ({p.returncode}):\n{p.stderr.strip()}")
    return wall, p.stdout + p.stderr


def bench_figures(out):
    """From `kyodai bench` output: {game: (nodes, nps)} and the total."""
    figs = {}
    for m in re.finditer(r"^(\S+)\s+depth\s+\d+\s+nodes\s+(\d+)\s+time\s+[\d.]+ s\s+nps\s+(\d+)", out, re.M):
        figs[m.group(1)] = (int(m.group(2)), float(m.group(3)))
    m = re.search(r"^Nodes per second: (\d+)", out, re.M)
    total_nodes = sum(n for n, _ in figs.values())
    if m:
        figs["(all)"] = (total_nodes, float(m.group(1)))
    return figs


def speed_figures(out):
    """From `kyodai bench --speed --tsv` output: {(game, position, measure): units per second}."""
    figs = {}
    for line in out.splitlines()[1:]:
        f = line.split("\t")
        if len(f) == 5:
            figs[(f[0], f[1], f[2])] = int(f[3]) / max(float(f[4]), 1e-9)
    return figs


def summary(ratios):
    r = sorted(ratios)
    return f"{statistics.median(r):6.3f}  ({r[0]:.3f} to {r[-1]:.3f})"


def compare_times(a, b, args, runs, kind):
    ratios = {}
    nodes = {}
    print(f"A = {a}\nB = {b}\ncommand: {' '.join(args)}; {runs} run pairs, A B A B ...")
    for i in range(runs):
        wa, oa = run(a, args)
        wb, ob = run(b, args)
        ratios.setdefault("wall time (A/B)", []).append(wa / wb)
        if kind == "bench":
            fa, fb = bench_figures(oa), bench_figures(ob)
            for k in fa:
                if k in fb:
                    ratios.setdefault(f"nps {k}", []).append(fb[k][1] / fa[k][1])
                    nodes[k] = (fa[k][0], fb[k][0])
        elif kind == "other":
            # The last `nps N` printed (an analysis's last info line), and perft's rate.
            na = re.findall(r"\bnps (\d+)|(\d+) nodes per second", oa)
            nb = re.findall(r"\bnps (\d+)|(\d+) nodes per second", ob)
            if na and nb:
                va, vb = (float(x[0] or x[1]) for x in (na[-1], nb[-1]))
                ratios.setdefault("nodes per second (last reported)", []).append(vb / va)
        elif kind == "speed":
            fa, fb = speed_figures(oa), speed_figures(ob)
            for k in fa:
                if k in fb:
                    ratios.setdefault("/".join(k), []).append(fb[k] / fa[k])
        print(f"  pair {i + 1}: A {wa:.2f} s, B {wb:.2f} s", flush=True)
    print("figure                                  B/A: median (lowest to highest pair)")
    for k, r in ratios.items():
        note = ""
        if k.startswith("nps ") and k[4:] in nodes and nodes[k[4:]][0] != nodes[k[4:]][1]:
            na, nb = nodes[k[4:]]
            note = f"  different trees: nodes {na} vs {nb}"
        print(f"{k:<38} {summary(r)}{note}")


def instructions(binary, args):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "callgrind.out")
        p = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary] + args,
            capture_output=True,
            text=True,
        )
        if p.returncode != 0:
            sys.exit(f"valgrind failed:\n{p.stderr[-2000:]}")
        with open(out) as f:
            for line in f:
                if line.startswith("summary:") or line.startswith("totals:"):
                    return int(line.split()[1])
    sys.exit("no instruction total in callgrind's output")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", help="the first build (the baseline), a kyodai binary")
    ap.add_argument("b", help="the second build, a kyodai binary")
    ap.add_argument("--runs", type=int, default=5, help="run pairs (default 5)")
    ap.add_argument("--speed", action="store_true", help="compare `bench --speed` (both builds must have it)")
    ap.add_argument("--callgrind", action="store_true", help="compare instruction counts (one run each)")
    ap.epilog = "Words after `--` are the kyodai command to run (default: bench)."
    argv = sys.argv[1:]
    command = argv[argv.index("--") + 1 :] if "--" in argv else []
    o = ap.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    o.command = command
    for x in (o.a, o.b):
        if not os.access(x, os.X_OK):
            sys.exit(f"{x}: not an executable file")
    if o.runs < 1:
        sys.exit("--runs must be at least 1")
    args = o.command or ["bench"]
    if o.speed:
        # Extra words narrow the suite, e.g. `--speed -- --variant chu`.
        args = ["bench", "--speed", "--tsv"] + o.command
    if o.callgrind:
        ia, ib = instructions(o.a, args), instructions(o.b, args)
        print(f"A = {o.a}\nB = {o.b}\ncommand: {' '.join(args)}")
        print(f"instructions: A {ia:,}  B {ib:,}  B/A {ib / ia:.4f}  (speed ratio about {ia / ib:.3f})")
        return
    kind = "speed" if o.speed else ("bench" if args[0] == "bench" else "other")
    compare_times(o.a, o.b, args, o.runs, kind)


if __name__ == "__main__":
    main()

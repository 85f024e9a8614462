#!/usr/bin/env python3
"""Kyodai vs HaChu on the Chu Shogi start position: both search for the same fixed time; prints
each engine's depth reached and nodes per second side by side, and a verdict against the target
(Kyodai's nps at least 3x HaChu's, and its depth at least HaChu's).

Usage: engine-tests/compare/vs-hachu-speed.py [SECONDS] [KYODAI_BINARY] [ROUNDS]
Installs HaChu (Debian package `hachu`) when it is missing. HaChu crashes if asked to search
before `memory`, ignores `st`, and plans from `time`, so it gets a long clock and is stopped with
`?` after SECONDS; its last finished iteration within that time counts.

Nodes per second are given twice: per wall-clock second (what each engine reports) and per
second of CPU time the engine process used (read from /proc when each line of thinking output
arrives). The verdict uses CPU time, so a busy machine does not favour either engine.
"""
import os, re, shutil, subprocess, sys, threading, time

secs = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
kyodai = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "../../target/release/kyodai")

hachu = shutil.which("hachu") or "/usr/games/hachu"
if not os.path.exists(hachu):
    print("installing hachu ...", file=sys.stderr)
    subprocess.run(["apt-get", "install", "-y", "hachu"], check=False, stdout=subprocess.DEVNULL)
    if not os.path.exists(hachu):
        print("SKIP: HaChu is not installed and could not be installed (apt-get install hachu)")
        sys.exit(0)
if not os.path.exists(kyodai):
    subprocess.run(["cargo", "build", "--release"], check=True)

TICK = os.sysconf("SC_CLK_TCK")

def cpu_seconds(pid):
    """User + system CPU time of process `pid` so far (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK
    except OSError:
        return None

def run_hachu():
    p = subprocess.Popen([hachu], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    lines = []
    def reader():
        for line in p.stdout:
            lines.append((time.time(), cpu_seconds(p.pid), line.strip()))
    t = threading.Thread(target=reader, daemon=True)
    t.start()
    send = lambda s: (p.stdin.write(s + "\n"), p.stdin.flush())
    for c in ["xboard", "protover 2", "new", "variant chu", "memory 64", "post", "level 0 60 0", "time 360000", "otim 360000"]:
        send(c)
    time.sleep(0.5)
    cpu0 = cpu_seconds(p.pid)
    start = time.time()
    send("go")
    time.sleep(secs)
    send("?")
    time.sleep(1.0)
    send("quit")
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
    best = None
    for ts, cpu, line in lines:
        m = re.match(r"^(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\s", line)
        if m and ts - start <= secs + 0.05:
            depth, cs, nodes = int(m.group(1)), int(m.group(3)), int(m.group(4))
            best = (depth, nodes, max(cs, 1) / 100.0, max(cpu - cpu0, 0.01))
    return best

def run_kyodai():
    p = subprocess.Popen([kyodai, "analyze", "--variant", "chu", "--movetime", str(int(secs * 1000))],
                         stdout=subprocess.PIPE, text=True, bufsize=1)
    # Kyodai sets up its tables before searching; count CPU time from its first output line.
    cpu0, best = None, None
    for line in p.stdout:
        cpu = cpu_seconds(p.pid)
        if cpu0 is None:
            cpu0 = cpu
        m = re.search(r"info depth (\d+) .*nodes (\d+) nps (\d+) .*time (\d+)", line)
        if m:
            best = (int(m.group(1)), int(m.group(2)), int(m.group(4)) / 1000.0, max(cpu - cpu0, 0.01))
    p.wait()
    return best

# A shared or virtual machine slows a run now and then (the same search can take 1.7x as long), so
# each engine runs ROUNDS times, alternating, and its fastest run counts (noise only slows).
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
runs = []
for r in range(rounds):
    h, k = run_hachu(), run_kyodai()
    if h is None or k is None:
        print("FAIL: no thinking output from", "HaChu" if h is None else "Kyodai")
        sys.exit(1)
    runs.append((h, k))

def row(name, x):
    return (f"{name:<8} {x[0]:>5} {x[1]:>10} {x[2]:>7.2f} {x[1] / max(x[2], 1e-3):>10.0f} {x[3]:>7.2f} "
            f"{x[1] / x[3]:>10.0f}")

print(f"{'engine':<8} {'depth':>5} {'nodes':>10} {'time s':>7} {'nps':>10} {'cpu s':>7} {'nps/cpu':>10}")
for h, k in runs:
    print(row("HaChu", h))
    print(row("Kyodai", k))
h = max((h for h, _ in runs), key=lambda x: x[1] / x[3])
k = max((k for _, k in runs), key=lambda x: x[1] / x[3])
hc, kc = h[1] / h[3], k[1] / k[3]
hd, kd = max(h[0] for h, _ in runs), min(k[0] for _, k in runs)
ok = kc >= 3 * hc and kd >= hd
print(f"best of {rounds}: HaChu {hc:.0f} nodes per CPU second, Kyodai {kc:.0f}: ratio {kc / hc:.2f} (target >= 3); "
      f"depth {kd} (Kyodai's lowest) vs {hd} (HaChu's highest) (target >=): {'PASS' if ok else 'BELOW TARGET'}")

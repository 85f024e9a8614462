#!/usr/bin/env bash
# Sharded `kyodai match` on a real Slurm scheduler, on this one machine (docs/slurm.md).
#
# Starts a private single-node Slurm (munged, slurmctld and slurmd on localhost; key, config,
# state, spool and logs in one temporary directory; nothing of the system's is touched), then:
#  1. plays a match as an array job of SHARDS shards (sbatch --array, `--shard K/N`), merges the
#     shards' PGN files with `kyodai pgn stats`, and checks that the merged standings and every
#     game (tags, moves, scores, depths) equal one unsharded run of the same seed;
#  2. plays a long match as an array job watched by sprt-monitor.sh, which merges the shards' PGN
#     files as they grow and cancels the array once the SPRT of all shards together decides; it
#     checks the array stopped early, and that no game was left unfinished or scored as a
#     forfeit because the cancel killed an engine.
# All daemons and jobs are stopped on exit, whatever happens.
#
# Needs root (the daemons) and Debian's slurm-wlm and munge packages, installed with apt-get
# when missing. Where they cannot be installed or started it prints SKIPPED and exits 0
# (KYODAI_SLURM_REQUIRED=1 turns that into a failure). Not part of `cargo test`: it needs root
# and takes a few minutes.
#
# Usage: engine-tests/slurm/run.sh [--keep]
#   --keep            keep the temporary directory (configs, logs, PGN files) for a look
#   KYODAI=PATH       the binary to test (default: cargo build --release, then that binary)
#   SHARDS=N          shards of the first match, 1 to 24 (its repeat pairs; default 4)
#   SLURM_PORTS=P     slurmctld listens on P, slurmd on P+1 (default 16817: apart from a real
#                     Slurm's 6817/6818 on the same machine)
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SHARDS=${SHARDS:-4}
PORT=${SLURM_PORTS:-16817}
KEEP=0
case ${1:-} in
    --keep) KEEP=1 ;;
    '') ;;
    *)
        echo "usage: engine-tests/slurm/run.sh [--keep]   (see the comment at its top)" >&2
        exit 2
        ;;
esac
[[ $SHARDS =~ ^[0-9]+$ && $SHARDS -ge 1 && $SHARDS -le 24 ]] || {
    echo "SHARDS=$SHARDS: give 1 to 24 (the first match has 24 repeat pairs)" >&2
    exit 2
}

say() { printf '[slurm-test] %s\n' "$*"; }
fail() {
    say "FAILED: $*"
    exit 1
}
# Slurm is unavailable here: not a failure of Kyodai, unless the caller requires Slurm.
skip() {
    say "SKIPPED: $*"
    [[ ${KYODAI_SLURM_REQUIRED:-0} == 1 ]] && exit 1
    exit 0
}

# ---------------------------------------------------------------- install and start Slurm

install_slurm() {
    local need=(munged slurmctld slurmd sbatch squeue scontrol scancel sinfo)
    local missing=0 c
    for c in "${need[@]}"; do command -v "$c" > /dev/null || missing=1; done
    ((missing)) || return 0
    [[ $EUID -eq 0 ]] || skip "Slurm is not installed and installing it needs root"
    command -v apt-get > /dev/null || skip "Slurm is not installed and there is no apt-get"
    say "installing slurm-wlm and munge with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    # The package lists may be missing or stale on a fresh machine: update once if needed.
    if ! apt-get install -y -q slurm-wlm munge > "$W/apt.log" 2>&1; then
        apt-get update -q >> "$W/apt.log" 2>&1 || true
        apt-get install -y -q slurm-wlm munge >> "$W/apt.log" 2>&1 ||
            skip "apt-get install slurm-wlm munge failed (last lines: $(tail -3 "$W/apt.log" | tr '\n' ' '))"
    fi
    for c in "${need[@]}"; do command -v "$c" > /dev/null || skip "'$c' is still missing after apt-get"; done
}

# A minimal slurm.conf for one node: this machine, all its CPUs, no cgroups (containers often
# have none): processes are tracked through /proc and tasks are not bound.
write_config() {
    local host=$1 cpus=$2
    cat > "$W/slurm.conf" << EOF
ClusterName=kyodai-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$W/munge/munge.socket
StateSaveLocation=$W/state
SlurmdSpoolDir=$W/spool
SlurmctldPidFile=$W/run/slurmctld.pid
SlurmdPidFile=$W/run/slurmd.pid
SlurmctldLogFile=$W/log/slurmctld.log
SlurmdLogFile=$W/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
MinJobAge=600
SlurmctldTimeout=30
SlurmdTimeout=30
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=kyodai Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
}

start_munge() {
    mkdir -p "$W/munge"
    chmod 700 "$W/munge"
    # 1 KiB of randomness is a munge key, as mungekey(8) would make one.
    dd if=/dev/urandom of="$W/munge/munge.key" bs=1024 count=1 status=none
    chmod 400 "$W/munge/munge.key"
    munged --foreground --force --key-file="$W/munge/munge.key" --socket="$W/munge/munge.socket" \
        --pid-file="$W/run/munged.pid" --log-file="$W/log/munged.log" --seed-file="$W/munge/seed" \
        > "$W/log/munged.out" 2>&1 &
    PIDS+=($!)
    local i
    for i in $(seq 50); do
        [[ -S $W/munge/munge.socket ]] && return 0
        kill -0 "${PIDS[-1]}" 2> /dev/null || break
        sleep 0.2
    done
    skip "munged did not start: $(tail -3 "$W/log/munged.out" "$W/log/munged.log" 2> /dev/null | tr '\n' ' ')"
}

start_slurm() {
    local host cpus i state
    host=$(hostname -s)
    cpus=$(nproc)
    mkdir -p "$W/state" "$W/spool" "$W/run" "$W/log"
    write_config "$host" "$cpus"
    export SLURM_CONF=$W/slurm.conf
    start_munge
    slurmctld -D -i -f "$SLURM_CONF" > "$W/log/slurmctld.out" 2>&1 &
    PIDS+=($!)
    slurmd -D -f "$SLURM_CONF" > "$W/log/slurmd.out" 2>&1 &
    PIDS+=($!)
    for i in $(seq 60); do
        state=$(sinfo -h -n "$host" -o %T 2> /dev/null || true)
        if [[ $state == idle ]]; then
            say "Slurm is up: node $host, $cpus CPUs, partition kyodai ($(sinfo --version))"
            return 0
        fi
        sleep 1
    done
    tail -5 "$W/log/slurmctld.log" "$W/log/slurmd.log" 2> /dev/null || true
    skip "slurmctld and slurmd did not bring node $host to idle within 60 s (node state '${state:-none}')"
}

cleanup() {
    local status=$?
    if [[ -n ${SLURM_CONF:-} ]]; then
        scancel --quiet --partition=kyodai 2> /dev/null || true
    fi
    local p
    # Daemons in reverse order of start: slurmd, slurmctld, munged.
    for ((p = ${#PIDS[@]} - 1; p >= 0; p--)); do
        kill "${PIDS[p]}" 2> /dev/null || true
        wait "${PIDS[p]}" 2> /dev/null || true
    done
    if ((KEEP)); then
        say "kept $W"
    else
        rm -rf "$W"
    fi
    exit "$status"
}

# ---------------------------------------------------------------- jobs

# Writes a job script that runs `kyodai match ARGS --shard K/N -o partK.pgn` for array task K.
# ARGS are quoted with printf %q, so engine settings with spaces survive.
shard_script() {
    local file=$1
    shift
    {
        echo '#!/bin/bash'
        echo '#SBATCH --job-name=kyodai-shard'
        echo '#SBATCH --cpus-per-task=1'
        echo '#SBATCH --output=shard-%a.out'
        printf 'exec %q match' "$KYODAI"
        printf ' %q' "$@"
        echo ' --shard ${SLURM_ARRAY_TASK_ID}/${SLURM_ARRAY_TASK_COUNT} -o part${SLURM_ARRAY_TASK_ID}.pgn'
    } > "$file"
    chmod +x "$file"
}

# Waits until job $1 has no task left in the queue (at most $2 seconds).
wait_for_job() {
    local job=$1 limit=$2 i
    for ((i = 0; i < limit; i++)); do
        [[ -z $(squeue -h -j "$job" -o %i 2> /dev/null || true) ]] && return 0
        sleep 1
    done
    fail "job $job still queued or running after $limit s"
}

# The final state of every task of array job $1, one `TASK STATE EXITCODE` line each (the raw
# records are kept in $2).
task_states() {
    scontrol -o show job "$1" > "$2"
    sed -nE 's/.*ArrayTaskId=([0-9-]+).* JobState=([A-Z_]+).* ExitCode=([0-9:]+).*/\1 \2 \3/p' "$2" | sort -n
}

# The games of PGN files, one line each, in game-number order: tags but Date (the day it was
# played) and the move text with the engines' thinking times removed (`{+0.35/4 0.012s}` becomes
# `{+0.35/4}`): everything else, scores and depths included, must be the same wherever a game
# was played.
normalized_games() {
    cat "$@" | awk '
        function flush() { if (game != "") print round "\t" game; game = "" }
        /^\[Event / { flush() }
        /^\[Date / { next }
        /^\[Round / { round = $2; gsub(/[^0-9]/, "", round) }
        NF { game = game " " $0 }
        END { flush() }' | sed -E 's/ ?[0-9]+\.[0-9]+s\}/}/g' | sort -n -k1,1
}

# `kyodai pgn stats` without the count of files (the only line that differs by design).
stats() {
    "$KYODAI" pgn stats "$@" | sed -E 's/, from [0-9]+ file\(s\)$//'
}

# ---------------------------------------------------------------- the checks

build_kyodai() {
    if [[ -z ${KYODAI:-} ]]; then
        command -v cargo > /dev/null || fail "no cargo to build kyodai: give the binary as KYODAI=PATH"
        say "building kyodai: cargo build --release --locked"
        (cd "$ROOT" && cargo build --release --locked --quiet) || fail "cargo build failed"
        local target=${CARGO_TARGET_DIR:-target}
        [[ $target == /* ]] || target=$ROOT/$target
        KYODAI=$target/release/kyodai
    fi
    [[ -x $KYODAI ]] || fail "$KYODAI is not an executable"
    KYODAI=$(realpath "$KYODAI")
    say "testing $KYODAI ($("$KYODAI" --version))"
}

# Check 1: a sharded match under Slurm plays exactly the games of one unsharded run. A
# round-robin of three engines in Scirocco from random start arrays (dealt from the seed), each
# array played twice with colours reversed: shards must agree on game numbers, colours, arrays
# and the random mover's moves. The engines are limited by nodes and play without their book
# (OwnBook draws its moves from a new seed in every process), so every game is reproducible.
shards_equal_one_run() {
    local dir=$W/match1 job bad
    mkdir -p "$dir"
    local args=(--variant scirocco --setup random --seed 42 --games 2 --repeat --rounds 8 --maxmoves 60
        --engine name=deep "cmd=$KYODAI" arg=uci nodes=400 --engine name=shallow "cmd=$KYODAI" arg=uci nodes=100
        --engine name=random cmd=builtin:random --each option.OwnBook=false)
    say "check 1: a 48-game Scirocco round-robin, unsharded (the reference), then as $SHARDS shards on Slurm"
    (cd "$dir" && "$KYODAI" match "${args[@]}" -o whole.pgn > whole.out) || fail "the unsharded match failed"
    shard_script "$dir/shard.sh" "${args[@]}"
    job=$(sbatch --parsable --array=1-"$SHARDS" --chdir="$dir" "$dir/shard.sh") || fail "sbatch refused the array"
    say "array job $job submitted: sbatch --array=1-$SHARDS shard.sh"
    wait_for_job "$job" 900
    task_states "$job" "$dir/scontrol.txt" > "$dir/states"
    sed 's/^/[slurm-test]   task /' "$dir/states"
    bad=$(grep -vc ' COMPLETED 0:0$' "$dir/states" || true)
    [[ $(wc -l < "$dir/states") -eq $SHARDS && $bad -eq 0 ]] || fail "not every shard completed (see $dir/shard-*.out)"
    normalized_games "$dir/whole.pgn" > "$dir/whole.games"
    normalized_games "$dir"/part*.pgn > "$dir/merged.games"
    [[ $(wc -l < "$dir/whole.games") -eq 48 ]] || fail "the unsharded run has $(wc -l < "$dir/whole.games") games, not 48"
    cmp -s "$dir/whole.games" "$dir/merged.games" ||
        fail "the shards' games differ from the unsharded run's: diff $dir/whole.games $dir/merged.games"
    stats "$dir"/part*.pgn > "$dir/merged.stats"
    stats "$dir/whole.pgn" > "$dir/whole.stats"
    cmp -s "$dir/whole.stats" "$dir/merged.stats" || fail "pgn stats differ: diff $dir/whole.stats $dir/merged.stats"
    say "merged: kyodai pgn stats part*.pgn"
    sed 's/^/[slurm-test]   /' "$dir/merged.stats"
    say "check 1 passed: the $SHARDS shards' 48 games equal the unsharded run's game by game, and so do the standings"
}

# Check 2: a long SPRT-style match (500 games of Kyodai against the random mover, which it beats
# every time; 25,000 nodes a move, about a second a game, so the monitor sees the games come in)
# as 4 shards, stopped by sprt-monitor.sh once the merged games decide. The running
# shards must keep every game they finished and drop the ones under way: none may be scored
# as a forfeit because scancel signalled the engines too.
sprt_stops_the_array() {
    local dir=$W/match2 job rc=0 games
    mkdir -p "$dir"
    local args=(--variant chu --seed 7 --games 2 --repeat --rounds 250 --maxmoves 100
        --engine name=kyodai "cmd=$KYODAI" arg=uci nodes=25000 option.OwnBook=false --engine name=random cmd=builtin:random)
    say "check 2: a 500-game match as 4 shards, watched by sprt-monitor.sh (SPRT elo0=0 elo1=100)"
    shard_script "$dir/shard.sh" "${args[@]}"
    job=$(sbatch --parsable --array=1-4 --chdir="$dir" "$dir/shard.sh") || fail "sbatch refused the array"
    say "array job $job submitted"
    "$HERE/sprt-monitor.sh" --every 3 --kyodai "$KYODAI" "$job" "elo0=0 elo1=100" "$dir/part*.pgn" 2>&1 |
        sed 's/^/[slurm-test]   /' || rc=$?
    ((rc == 0)) || fail "sprt-monitor.sh exited with $rc"
    wait_for_job "$job" 120
    task_states "$job" "$dir/scontrol.txt" > "$dir/states"
    sed 's/^/[slurm-test]   task /' "$dir/states"
    [[ -s $dir/states ]] && ! grep -v ' CANCELLED ' "$dir/states" || fail "not every shard was cancelled"
    stats "$dir"/part*.pgn > "$dir/final.stats"
    grep -q '^SPRT: H1 was accepted' <(stats "$dir"/part*.pgn --sprt elo0=0 elo1=100) || fail "the final merge does not accept H1"
    grep -q ' 0 unfinished' "$dir/final.stats" || fail "a cancelled shard left an unfinished game: $(head -1 "$dir/final.stats")"
    # Kyodai never crashes against the random mover: an abandoned game is an engine killed by
    # scancel and scored as a forfeit instead of being dropped with the stopped match.
    ! grep -l 'Termination "abandoned"' "$dir"/part*.pgn || fail "scancel made an engine forfeit a game"
    local out
    for out in "$dir"/shard-*.out; do
        grep -q '^Interrupted: ' "$out" || fail "$out does not report the match's interruption"
    done
    games=$(sed -nE 's/^Games: ([0-9]+) finished.*/\1/p' "$dir/final.stats")
    ((games < 500)) || fail "all 500 games were played: the array was not stopped early"
    say "check 2 passed: the SPRT decided on the merged shards and the array was cancelled after $games of 500 games"
}

main() {
    W=$(mktemp -d /tmp/kyodai-slurm.XXXXXX)
    PIDS=()
    trap cleanup EXIT
    trap 'exit 130' INT TERM
    [[ $EUID -eq 0 ]] || skip "starting munged, slurmctld and slurmd needs root (run with sudo)"
    install_slurm
    build_kyodai
    start_slurm
    local started=$SECONDS
    shards_equal_one_run
    sprt_stops_the_array
    say "PASSED in $((SECONDS - started)) s: sharded matches on Slurm equal the unsharded run, and the SPRT monitor stops an array early"
}

main

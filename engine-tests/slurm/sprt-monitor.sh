#!/usr/bin/env bash
# Stops a sharded `kyodai match` (a Slurm array job) as soon as the SPRT of all its shards
# together decides (docs/slurm.md).
#
# Usage: sprt-monitor.sh [--every SECONDS] [--kyodai PATH] JOBID 'elo0=E0 elo1=E1 [alpha=A] [beta=B]' 'PGN-GLOB'
#
# Every SECONDS (default 60) it merges the shards' PGN files (PGN-GLOB, quoted: it is expanded
# anew each time, as shards start) with `kyodai pgn stats --sprt ...` and prints the merged
# score and LLR. Once the SPRT accepts H0 or H1 it cancels the array (`scancel JOBID`: running
# shards get SIGTERM and keep every game they finished; pending shards never start), waits for
# the shards to end, prints the final merged standings and exits 0. Exits 1 when the array
# ends without a decision, 2 on bad usage.
#
# Run it where `squeue` and `scancel` work and the PGN files can be read: the login node (in
# tmux, or with nohup), or as a small job of its own.
set -euo pipefail

usage() {
    echo "usage: sprt-monitor.sh [--every SECONDS] [--kyodai PATH] JOBID 'elo0=E0 elo1=E1 [alpha=A] [beta=B]' 'PGN-GLOB'" >&2
    exit 2
}

every=60
kyodai=kyodai
while [[ ${1:-} == --* ]]; do
    case $1 in
        --every) every=${2:?--every needs SECONDS}; shift 2 ;;
        --kyodai) kyodai=${2:?--kyodai needs a PATH}; shift 2 ;;
        *) usage ;;
    esac
done
(($# == 3)) || usage
job=$1 sprt=$2 glob=$3
[[ $job =~ ^[0-9]+$ ]] || { echo "sprt-monitor: JOBID '$job' is not a Slurm job id" >&2; exit 2; }
[[ $every =~ ^[0-9]+$ && $every -gt 0 ]] || { echo "sprt-monitor: --every '$every' is not a number of seconds" >&2; exit 2; }
# Bad SPRT bounds are found now, not after the first shard's games.
"$kyodai" pgn stats /dev/null --sprt $sprt > /dev/null || exit 2

log() { printf 'sprt-monitor %s: %s\n' "$(date +%T)" "$*"; }

# True while some task of the array is pending or running.
queued() { [[ -n $(squeue -h -j "$job" -o %i 2> /dev/null || true) ]]; }

# Merges the shards' files into $merged; false when there is none yet or one cannot be read
# (a shard may be writing its last game just then: the next round reads it whole).
merge() {
    local files
    shopt -s nullglob
    # shellcheck disable=SC2206 # the glob is meant to be expanded here
    files=($glob)
    shopt -u nullglob
    ((${#files[@]})) || return 1
    merged=$("$kyodai" pgn stats "${files[@]}" --sprt $sprt 2>&1) || return 1
}

merged=
log "watching array job $job: SPRT $sprt over $glob, every $every s"
while :; do
    running=0
    queued && running=1
    if merge; then
        log "$(grep -E '^(Games|Score|LLR|SPRT)' <<< "$merged" | tr '\n' ' ')"
        verdict=$(grep -oE '^SPRT: H[01] was accepted' <<< "$merged" || true)
        if [[ -n $verdict ]]; then
            log "${verdict#SPRT: }: cancelling array job $job"
            scancel "$job"
            while queued; do sleep 1; done
            merge || true
            log "array job $job has ended; the merged standings:"
            printf '%s\n' "$merged"
            exit 0
        fi
    fi
    if ((!running)); then
        log "array job $job ended without an SPRT decision"
        [[ -n $merged ]] && printf '%s\n' "$merged"
        exit 1
    fi
    sleep "$every"
done

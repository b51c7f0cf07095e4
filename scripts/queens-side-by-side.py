#!/usr/bin/env python3
"""Times grundy and a queens-nimbers binary side by side on the Queens game.

Each case runs the two programs in turns (A B A B ...), each run alone, and reports for each
program the median wall time, the median CPU time (user + system) and the largest peak
resident memory, then grundy's ratio to the peer. The peer is any build of
tavisrudd/queens-nimbers (Rudd 2026), given by its path; this script does not build it.

    scripts/queens-side-by-side.py --peer /path/to/queens --runs 3 --cases 12,14,16,15v

Cases: `N` is the outcome of the empty N x N board (`grundy outcome queens NxN` against
`queens solve N SOLVER`); `Nv` is its nim-value (`grundy value queens NxN` against
`queens nimber N`). Both programs get the same number of threads (`--threads`, rayon's
RAYON_NUM_THREADS for the peer). The figures go in docs/PERFORMANCE.md with the machine.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time


def measure(command, env):
    """Runs `command` and returns (wall seconds, CPU seconds, peak RSS in MiB, its output)."""
    started = time.monotonic()
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({process.returncode}):\n{output}")
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_maxrss / 1024, output


def commands(case, args):
    """The grundy command and the peer's command for one case."""
    value = case.endswith("v")
    n = int(case.rstrip("v"))
    board = f"{n}x{n}"
    common = ["--threads", str(args.threads), "--memory", args.memory]
    if value:
        ours = [args.grundy, "value", "queens", board] + common
        theirs = [args.peer, "nimber", str(n)]
    else:
        ours = [args.grundy, "outcome", "queens", board] + common
        theirs = [args.peer, "solve", str(n), args.peer_solver]
    return ours, theirs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", required=True, help="the queens-nimbers binary (`queens`)")
    parser.add_argument("--grundy", default="target/release/grundy", help="the grundy binary")
    parser.add_argument("--cases", default="12,14,16,15v", help="comma-separated cases")
    parser.add_argument("--runs", type=int, default=3, help="runs of each program per case")
    parser.add_argument("--threads", type=int, default=2, help="threads for both programs")
    parser.add_argument("--memory", default="8G", help="grundy's --memory")
    parser.add_argument(
        "--peer-solver", default="iso-window", help="the peer's `solve` engine (iso-window, iso-dense, ...)"
    )
    args = parser.parse_args()
    env = dict(os.environ, RAYON_NUM_THREADS=str(args.threads))
    print(f"# {os.uname().nodename}, {os.cpu_count()} cores, {args.threads} threads each, {args.runs} runs each, A B A B")
    print("| case | program | wall s (median) | CPU s (median) | peak MiB |")
    print("|---|---|---|---|---|")
    ratios = []
    for case in args.cases.split(","):
        ours, theirs = commands(case.strip(), args)
        results = {"grundy": [], "peer": []}
        for _ in range(args.runs):
            for name, command in (("grundy", ours), ("peer", theirs)):
                results[name].append(measure(command, env))
        summary = {}
        for name, runs in results.items():
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            peak = max(r[2] for r in runs)
            summary[name] = (wall, cpu, peak)
            print(f"| {case} | {name} | {wall:.2f} | {cpu:.2f} | {peak:.0f} |")
        ratios.append((case, [summary["grundy"][i] / summary["peer"][i] for i in range(3)]))
    print()
    print("| case | grundy / peer: wall | CPU | peak memory |")
    print("|---|---|---|---|")
    for case, (wall, cpu, peak) in ratios:
        print(f"| {case} | {wall:.3g} | {cpu:.3g} | {peak:.3g} |")


if __name__ == "__main__":
    main()

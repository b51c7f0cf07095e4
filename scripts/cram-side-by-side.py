#!/usr/bin/env python3
"""Times grundy and Beling's igsolve side by side on Cram.

Each board runs the two programs in turns (A B A B ...), each run alone, and reports for each
program the median wall time, the median CPU time (user + system) and the largest peak
resident memory, the nim-value each printed, then grundy's ratio to the peer. The peer is any
build of beling/impartial-games' `igsolve`, given by its path; this script does not build it.

    scripts/cram-side-by-side.py --peer /path/to/igsolve --runs 3 --boards 4x9,5x7,4x11

A board `RxC` is the nim-value of the empty board of R rows and C columns
(`grundy value cram RxC` against `igsolve cram R C`, igsolve's default method and table).
The figures go in docs/PERFORMANCE.md with the machine.
"""

import argparse
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import time


def measure(command, timeout):
    """Runs `command` and returns (wall seconds, CPU seconds, peak RSS in MiB, its output), or
    None when it ran longer than `timeout` seconds (it is then stopped, with its children).

    The peak is `/usr/bin/time`'s when it is there: the rusage of a child forked from Python
    counts the Python process's pages before `exec` (about 15 MiB)."""
    timed = os.path.exists("/usr/bin/time")
    if timed:
        command = ["/usr/bin/time", "-f", "peak-kib %M"] + command
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    # A session of its own, so that a run stopped at the timeout takes the program timed
    # by /usr/bin/time with it.
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return None
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    output = stdout + stderr
    if process.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({process.returncode}):\n{output}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    found = re.findall(r"peak-kib (\d+)", stderr) if timed else []
    peak = int(found[-1]) / 1024 if found else after.ru_maxrss / 1024
    return wall, cpu, peak, output


def nim_value(name, output):
    """The nim-value a program printed, as an integer."""
    if name == "grundy":
        found = re.search(r"nim-value\s+(\*?\d*)", output)
        if found is None:
            return None
        text = found.group(1)
        return 1 if text == "*" else int(text.lstrip("*"))
    found = re.search(r"Nimber of initial position:\s*(\d+)", output)
    return None if found is None else int(found.group(1))


def commands(board, args):
    """The grundy command and the peer's command for one board."""
    rows, cols = board.lower().split("x")
    ours = [args.grundy, "value", "cram", f"{rows}x{cols}", "--memory", args.memory]
    theirs = [args.peer, "cram", rows, cols]
    return ours, theirs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", required=True, help="the igsolve binary")
    parser.add_argument("--grundy", default="target/release/grundy", help="the grundy binary")
    parser.add_argument("--boards", default="4x9,5x7,4x11,5x9", help="comma-separated boards RxC")
    parser.add_argument("--runs", type=int, default=3, help="runs of each program per board")
    parser.add_argument("--memory", default="1G", help="grundy's --memory")
    parser.add_argument(
        "--timeout", type=float, default=600, help="seconds after which a run is stopped"
    )
    args = parser.parse_args()
    print(f"# {os.uname().nodename}, {os.cpu_count()} cores, {args.runs} runs each, A B A B")
    print("| board | program | value | wall s (median) | CPU s (median) | peak MiB |")
    print("|---|---|---|---|---|---|")
    ratios = []
    for board in args.boards.split(","):
        ours, theirs = commands(board.strip(), args)
        results = {"grundy": [], "igsolve": []}
        stopped = set()
        for _ in range(args.runs):
            for name, command in (("grundy", ours), ("igsolve", theirs)):
                if name in stopped:
                    continue
                run = measure(command, args.timeout)
                if run is None:
                    # One run past the limit is enough to say so; the next would be too.
                    stopped.add(name)
                else:
                    results[name].append(run)
        summary = {}
        values = {}
        for name in ("grundy", "igsolve"):
            if name not in stopped:
                continue
            print(f"| {board} | {name} | stopped | over {args.timeout:.0f} | | |")
        for name, runs in results.items():
            if name in stopped:
                continue
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            peak = max(r[2] for r in runs)
            summary[name] = (wall, cpu, peak)
            values[name] = {nim_value(name, r[3]) for r in runs}
            shown = ",".join(str(value) for value in sorted(values[name], key=str))
            print(f"| {board} | {name} | {shown} | {wall:.2f} | {cpu:.2f} | {peak:.0f} |")
        if stopped:
            continue
        if values["grundy"] != values["igsolve"]:
            sys.exit(f"{board}: the programs disagree: {values}")
        ratios.append((board, [summary["grundy"][i] / max(summary["igsolve"][i], 1e-3) for i in range(3)]))
    print()
    print("| board | grundy / igsolve: wall | CPU | peak memory |")
    print("|---|---|---|---|")
    for board, (wall, cpu, peak) in ratios:
        print(f"| {board} | {wall:.3g} | {cpu:.3g} | {peak:.3g} |")


if __name__ == "__main__":
    main()

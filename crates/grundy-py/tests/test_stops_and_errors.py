"""Long searches stop cleanly (Ctrl-C, seconds=, a progress callback that raises), progress
arrives, and bad input raises with the command line's message."""

from __future__ import annotations

import doctest
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import grundy

#: A search that takes minutes: the nim-value of the empty 9x9 knights board is unpublished.
LONG = "knights 9x9"


def test_bad_input_raises_a_value_error_with_the_command_lines_message(cli):
    for text in ["knights 0x5", "kayles -1", "0.9x 5", "wizards 5x5", "knights 5x5 + "]:
        with pytest.raises(grundy.InputError) as raised:
            grundy.game(text).value()
        assert isinstance(raised.value, ValueError)
        report = subprocess_error(cli, [text])
        assert raised.value.message in report, (text, raised.value.message, report)


def subprocess_error(cli, words):
    """The command line's error message for `value WORDS` (it exits 2)."""
    from conftest import REPOSITORY

    binary = os.environ.get("GRUNDY_CLI", str(REPOSITORY / "target" / "release" / "grundy"))
    done = subprocess.run([binary, "value", *words], capture_output=True, text=True)
    assert done.returncode == 2, done
    return done.stderr


@pytest.mark.parametrize(
    "call, needle",
    [
        (lambda: grundy.game("knights 5x5").value(memory="1Q"), "1Q"),
        (lambda: grundy.game("knights 5x5").value(memory=10**30), "give at most"),
        (lambda: grundy.game("knights 5x5").value(threads=0), "1 to 1024"),
        (lambda: grundy.game("knights 5x5").value(threads=5000), "1 to 1024"),
        (lambda: grundy.game("knights 5x5").value(seconds=-1), "seconds=-1"),
        (lambda: grundy.game("knights 5x5").reply(opponent="clever"), "clever"),
        (lambda: grundy.game("kayles 5").reply(), "placement"),
        (lambda: grundy.table("queens", rows="1-x"), "1-x"),
        (lambda: grundy.table("queens", rows=range(1, 40), cols=range(1, 40)), "512"),
        (lambda: grundy.sequence("0.9", to=-3), "-3"),
        (lambda: grundy.tour("0x8"), "0x8"),
        (lambda: grundy.game(5), "expected text"),
        (lambda: grundy.game("graph pentagon"), "graph"),
        (lambda: grundy.game("graph g", graph="a b\nb c d"), "line 2"),
        (lambda: grundy.run({"question": "bench"}), "bench"),
        (lambda: grundy.run({"question": "value", "game": "*1", "colour": "red"}), "colour"),
        (lambda: grundy.game("knights 5x5").value(threads=-1), "threads=-1"),
        (lambda: grundy.game("knights 5x5").value(threads=2**70), "1 to 1024"),
        (lambda: grundy.game("knights 5x5").value(threads=True), "threads=True"),
        (lambda: grundy.game("knights 5x5").value(seconds="1"), "seconds='1'"),
        (lambda: grundy.game("knights 5x5").value(seconds=True), "seconds=True"),
        (lambda: grundy.game("knights 5x5").value(seconds=10**400), "seconds="),
        (lambda: grundy.game("knights 5x5").value(seconds=float("nan")), "seconds=nan"),
        (lambda: grundy.game("knights 5x5").moves(all="False"), "all='False'"),
        (lambda: grundy.game("knights 5x5").reply(seed=-1), "seed=-1"),
        (lambda: grundy.game("knights 5x5").moves(think=-1), "think=-1"),
        (lambda: grundy.game("knights 5x5").reply(think="2"), "think='2'"),
        (lambda: grundy.game("kayles 5").moves(think=1), "moves within a time"),
        (lambda: grundy.game("graph g", graph="a b\n").reply(), "no file is read here"),
        (lambda: grundy.table("queens", rows=[-1]), "-1"),
        (lambda: grundy.table("queens", rows=[1.5, 2]), "rows=[1.5, 2]"),
        (lambda: grundy.table("queens", rows=b"\x01\x02"), "rows=b"),
        (lambda: grundy.table("queens", rows=[True]), "rows=[True]"),
        (lambda: grundy.table("queens", rows=range(10**12)), "at most 10000"),
        (lambda: grundy.sequence("kayles", to="5"), "to='5'"),
        (lambda: grundy.tour("8x8", closed="yes"), "closed='yes'"),
        (lambda: grundy.tour("4000x4000"), "more than the 128.0 MiB an answer may take here"),
    ],
)
def test_bad_keywords_raise_naming_the_value(call, needle):
    with pytest.raises(grundy.InputError) as raised:
        call()
    assert needle in str(raised.value)


def test_seconds_stops_a_search_and_keeps_what_it_finished():
    started = time.monotonic()
    with pytest.raises(grundy.Stopped) as raised:
        grundy.game(LONG).value(seconds=0.5, progress=False)
    assert time.monotonic() - started < 2.0
    assert "seconds=0.5" in str(raised.value)
    assert raised.value.partial is None

    with pytest.raises(grundy.Stopped) as raised:
        grundy.table("knights", rows=[1, 2, 9], cols=[9], seconds=1, progress=False)
    partial = raised.value.partial
    assert isinstance(partial, grundy.Table)
    assert partial.interrupted
    assert partial[1, 9] == 1 and partial[2, 9] == 0
    assert partial[9, 9] is None
    assert partial.finished_cells == 2


@pytest.mark.parametrize(
    "call",
    [
        lambda: grundy.game(LONG).moves(seconds=0.5, progress=False),
        lambda: grundy.game(LONG).moves(all=True, seconds=0.5, progress=False),
        lambda: grundy.game(LONG + " + *1").value(seconds=0.5, progress=False),
        lambda: grundy.game("queens 16x16").outcome(seconds=0.5, progress=False),
        lambda: grundy.graph("knights 14x14", seconds=0.5, progress=False),
        # Positions of a large torus are slow: the stop is read at each one, not at each
        # report of progress (every 65536 positions, a minute here).
        lambda: grundy.game("kings 16x32 torus").moves(all=True, seconds=0.5, progress=False),
        lambda: grundy.sequence("0.6", to=50_000_000, seconds=0.5, progress=False),
    ],
)
def test_every_long_question_stops_soon_after_its_deadline(call):
    started = time.monotonic()
    with pytest.raises(grundy.Stopped):
        call()
    # Each question runs for minutes if it misses its deadline; the margin past the half
    # second is wide because a loaded machine (CI beside other jobs) stretches wall time.
    assert time.monotonic() - started < 10


def test_progress_arrives_as_dicts_and_a_raising_callback_stops_the_search():
    events = []
    with pytest.raises(grundy.Stopped):
        grundy.game(LONG).value(seconds=1.2, progress=events.append)
    assert events, "a search of a second tells its progress"
    assert {event["kind"] for event in events} <= {"first_moves", "searched"}
    assert all(event["seconds"] >= 0 for event in events)
    assert any(event.get("total", 0) > 0 for event in events)
    # A first-move search names the groups its threads are on, by their first move.
    busy = [group for event in events for group in event.get("searching", [])]
    assert busy, "a search of a second shows its threads at work"
    assert all(
        set(group) == {"first_move", "asked", "seconds"} and group["seconds"] >= 0
        for group in busy
    )

    class Enough(Exception):
        pass

    def impatient(event):
        raise Enough()

    started = time.monotonic()
    with pytest.raises(Enough):
        grundy.game(LONG).value(progress=impatient)
    assert time.monotonic() - started < 2.0


def test_other_python_threads_run_while_a_search_does():
    import threading

    counted = [0]
    searching = threading.Event()

    def count():
        while not searching.is_set():
            pass
        while searching.is_set():
            counted[0] += 1

    counter = threading.Thread(target=count)
    counter.start()
    searching.set()
    try:
        with pytest.raises(grundy.Stopped):
            grundy.game(LONG).value(seconds=1, progress=False)
    finally:
        searching.clear()
        counter.join()
    # A thread that held the GIL for the whole search would leave the counter near 0; with
    # it released the counter runs for the whole second (millions of steps).
    assert counted[0] > 100_000, counted[0]


def test_ctrl_c_stops_the_search_within_a_second_and_leaves_nothing_running():
    script = textwrap.dedent(
        f"""
        import resource, sys, threading, time
        import grundy
        print("started", flush=True)
        try:
            grundy.game({LONG!r}).value(progress=False)
            print("finished", flush=True)
        except KeyboardInterrupt:
            stopped = time.monotonic()
            before = resource.getrusage(resource.RUSAGE_SELF)
            time.sleep(0.5)
            after = resource.getrusage(resource.RUSAGE_SELF)
            busy = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
            import os
            named = [open(f"/proc/self/task/{{task}}/comm").read().strip()
                     for task in os.listdir("/proc/self/task")]
            print("interrupted", stopped, busy, named.count("grundy"), flush=True)
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.0)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline().split()
        assert line and line[0] == "interrupted", (line, child.stderr.read())
        stopped, busy, searching = float(line[1]), float(line[2]), int(line[3])
        assert stopped - sent < 1.0, f"control came back {stopped - sent:.2f} s after Ctrl-C"
        assert busy < 0.1, f"the process used {busy:.2f} s of CPU after the stop"
        assert searching == 0, "the search's thread (named grundy) is still there"
        assert child.wait(timeout=10) == 0
    finally:
        child.kill()


def test_the_docstrings_examples_hold():
    failures, tried = doctest.testmod(grundy, extraglobs={"grundy": grundy})
    assert tried > 10
    assert failures == 0


def test_a_keyboard_interrupt_keeps_what_was_finished():
    """Ctrl-C (here a progress callback raising KeyboardInterrupt, as the signal does between
    polls) keeps the finished cells of a table on the exception, as the command line prints
    them and as ``seconds=`` keeps them in ``Stopped.partial``."""

    def interrupt_once_a_cell_is_finished(event):
        if event["kind"] == "steps" and event["done"] >= 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as caught:
        # 12x13 takes half a minute or more; the other cells a moment.
        grundy.table("queens", rows=[1, 2, 12], cols=[1, 2, 13],
                     progress=interrupt_once_a_cell_is_finished)
    partial = caught.value.partial
    assert isinstance(partial, grundy.Table)
    assert partial.interrupted
    assert any(value is not None for row in partial.nimbers for value in row)
    assert partial.nimbers[2][2] is None

"""Long searches stop cleanly (Ctrl-C, seconds=, a progress callback that raises), progress
arrives, and bad input raises with the command line's message.

No test here measures how long something took: a test waits for what it tests to happen (the
search raises, a progress event arrives, another thread counts), and a hang net turns a wait
that what is tested would have ended long before into a failure instead of a run of hours."""

from __future__ import annotations

import contextlib
import doctest
import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Iterator

import pytest

import grundy

#: A search that takes minutes: the nim-value of the empty 9x9 knights board is unpublished.
LONG = "knights 9x9"

#: How long a test waits for an event before calling the wait a hang. What each one waits for
#: comes within a second when the code works (a deadline of half a second, the next poll of
#: the stop flag) and never or after minutes when it does not, so a slow or busy machine that
#: works does not come near it.
HANG_SECONDS = 30


class Hung(Exception):
    """What a test waited for did not happen within HANG_SECONDS."""


@contextlib.contextmanager
def hang_net(seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Raises Hung in the block after `seconds`. A search hands Python's signals to their
    handlers between its polls, so the alarm stops a search that its own stop missed (its
    thread is stopped and joined as on Ctrl-C) and the test fails with Hung."""

    def ring(signum, frame):
        raise Hung(f"nothing happened within {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


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
        (lambda: grundy.game("kayles 5").reply(opponent="symmetry"), "symmetry strategies"),
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
        (lambda: grundy.game("kayles 5").reply(think=1), "thinking time"),
        (lambda: grundy.table("queens", rows=[-1]), "-1"),
        (lambda: grundy.table("queens", rows=[1.5, 2]), "rows=[1.5, 2]"),
        (lambda: grundy.table("queens", rows=b"\x01\x02"), "rows=b"),
        (lambda: grundy.table("queens", rows=[True]), "rows=[True]"),
        (lambda: grundy.table("queens", rows=range(10**12)), "at most 10000"),
        (lambda: grundy.sequence("kayles", to="5"), "to='5'"),
        (lambda: grundy.sequence("0.6", to=10**6, window=-1), "window=-1"),
        (lambda: grundy.sequence("0.6", to=10**6, window=2**20, memory="1M"), "needs about"),
        (lambda: grundy.sequence("0.6", to=10**6, window=2**16, misere=True), "misère"),
        (lambda: grundy.sequence("nim", to=10**6, window=2**16), "sparse-space"),
        (lambda: grundy.graph("knights 4x4", states=2**64 - 1), "could take"),
        (lambda: grundy.conjecture("knights", "3x3..4x4", states=2**64 - 1), "could take"),
        (lambda: grundy.tour("8x8", closed="yes"), "closed='yes'"),
        (lambda: grundy.tour("4000x4000"), "more than the 128.0 MiB an answer may take here"),
        (lambda: grundy.run({"question": "value", "game": range(3)}), "not JSON"),
        (lambda: grundy.game("kayles \ud800"), "not UTF-8 text (surrogates not allowed"),
        (lambda: grundy.game("graph g", graph="a \udc80"), "graph='a \\udc80': not UTF-8"),
        (lambda: grundy.game("kayles 3").value(memory="1\ud800"), "memory='1\\ud800'"),
        (lambda: grundy.table("queens\ud800"), r'"game": "queens\ud800"'),
        (lambda: grundy.game("graph g", graph=Path("/no/such/graph.txt")),
         "cannot read graph file `/no/such/graph.txt`: No such file or directory"),
        (lambda: grundy.game("graph g", graph=Path("/")), "cannot read graph file `/`"),
        (lambda: grundy.game("graph g", graph=Path("a\0b")), "'a\\x00b': embedded null byte"),
    ],
)
def test_bad_keywords_raise_naming_the_value(call, needle):
    with pytest.raises(grundy.InputError) as raised:
        call()
    assert needle in str(raised.value)


def test_seconds_stops_a_search_and_keeps_what_it_finished():
    with hang_net(), pytest.raises(grundy.Stopped) as raised:
        grundy.game(LONG).value(seconds=0.5, progress=False)
    assert "seconds=0.5" in str(raised.value)
    assert raised.value.partial is None

    # The cells 1x9 and 2x9 take a moment, 9x9 hours. A table takes its largest board first,
    # so the small ones need a second thread, which threads=2 gives on a machine of one core
    # too; and the deadline is doubled until they finish within it, so that a slow machine
    # takes a little longer instead of failing.
    for seconds in (0.5, 1, 2, 4, 8):
        with hang_net(), pytest.raises(grundy.Stopped) as raised:
            grundy.table("knights", rows=[1, 2, 9], cols=[9], threads=2, seconds=seconds,
                         progress=False)
        partial = raised.value.partial
        if partial.finished_cells == 2:
            break
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
        lambda: grundy.sequence("0.6", to=10**11, window=2**16, seconds=0.5, progress=False),
    ],
)
def test_every_long_question_stops_at_its_deadline(call):
    # Each question runs for minutes or more when it misses its deadline of half a second.
    with hang_net(), pytest.raises(grundy.Stopped):
        call()


def test_progress_arrives_as_dicts_and_a_raising_callback_stops_the_search():
    class Seen(Exception):
        pass

    events = []

    def until_threads_are_shown_at_work(event):
        events.append(event)
        if event.get("searching") and event.get("total", 0) > 0:
            raise Seen()

    # The search is stopped by the callback once progress shows what is tested.
    with hang_net(), pytest.raises(Seen):
        grundy.game(LONG).value(progress=until_threads_are_shown_at_work)
    assert {event["kind"] for event in events} <= {"first_moves", "searched"}
    assert all(event["seconds"] >= 0 for event in events)
    # A first-move search names the groups its threads are on, by their first move.
    busy = events[-1]["searching"]
    assert all(
        set(group) == {"first_move", "asked", "seconds"} and group["seconds"] >= 0
        for group in busy
    )

    class Enough(Exception):
        pass

    def impatient(event):
        raise Enough()

    with hang_net(), pytest.raises(Enough):
        grundy.game(LONG).value(progress=impatient)


def test_other_python_threads_run_while_a_search_does():
    """Another thread counts to 100,000 while a search of hours runs, then stops it with a
    signal. A search that held the GIL would leave the counter waiting, and the hang net would
    end the test."""

    class Counted(Exception):
        pass

    def counted(signum, frame):
        raise Counted()

    searching = threading.Event()

    def count():
        searching.wait()
        steps = 0
        while steps < 100_000:
            steps += 1
        os.kill(os.getpid(), signal.SIGUSR1)

    previous = signal.signal(signal.SIGUSR1, counted)
    counter = threading.Thread(target=count)
    counter.start()
    try:
        with hang_net(), pytest.raises(Counted):
            searching.set()
            grundy.game(LONG).value(progress=False)
    finally:
        searching.set()
        counter.join()
        signal.signal(signal.SIGUSR1, previous)


def test_ctrl_c_stops_the_search_and_leaves_nothing_running():
    # The child says when its search is under way (its first progress event), and after
    # Ctrl-C how much CPU it used in the half second after the stop: a window to measure
    # in, not a wait for something to happen, since a stopped search uses none however slow
    # the machine, and one left running uses a core.
    script = textwrap.dedent(
        f"""
        import os, resource, time
        import grundy
        started = False
        def under_way(event):
            global started
            if not started:
                started = True
                print("searching", flush=True)
        try:
            grundy.game({LONG!r}).value(progress=under_way)
            print("finished", flush=True)
        except KeyboardInterrupt:
            before = resource.getrusage(resource.RUSAGE_SELF)
            time.sleep(0.5)
            after = resource.getrusage(resource.RUSAGE_SELF)
            busy = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
            named = [open(f"/proc/self/task/{{task}}/comm").read().strip()
                     for task in os.listdir("/proc/self/task")]
            print("interrupted", busy, named.count("grundy"), flush=True)
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        with hang_net():
            assert child.stdout.readline().strip() == "searching", child.stderr.read()
            child.send_signal(signal.SIGINT)
            line = child.stdout.readline().split()
        assert line and line[0] == "interrupted", (line, child.stderr.read())
        busy, searching = float(line[1]), int(line[2])
        assert busy < 0.1, f"the process used {busy:.2f} s of CPU after the stop"
        assert searching == 0, "the search's thread (named grundy) is still there"
        assert child.wait(timeout=HANG_SECONDS) == 0
    finally:
        child.kill()


def test_the_docstrings_examples_hold():
    failures, tried = doctest.testmod(grundy, extraglobs={"grundy": grundy})
    assert tried > 10
    assert failures == 0


@pytest.mark.parametrize(
    "stop",
    [KeyboardInterrupt, lambda: grundy.Error("enough")],
    ids=["ctrl-c", "a grundy.Error"],
)
def test_a_keyboard_interrupt_keeps_what_was_finished(stop):
    """Ctrl-C (here a progress callback raising KeyboardInterrupt, as the signal does between
    polls) keeps the finished cells of a table on the exception, as the command line prints
    them and as ``seconds=`` keeps them in ``Stopped.partial``; so does a callback raising a
    :class:`grundy.Error`, whose ``partial`` is read-only."""

    def interrupt_once_a_cell_is_finished(event):
        if event["kind"] == "steps" and event["done"] >= 1:
            raise stop()

    with hang_net(), pytest.raises((KeyboardInterrupt, grundy.Error)) as caught:
        # 12x13 takes half a minute or more; the other cells a moment. The table starts with
        # its largest board, so the others need a second thread: threads=2 gives one on a
        # machine of one core too (with one, the table ran to its end before a callback).
        grundy.table("queens", rows=[1, 2, 12], cols=[1, 2, 13], threads=2,
                     progress=interrupt_once_a_cell_is_finished)
    partial = caught.value.partial
    assert isinstance(partial, grundy.Table)
    assert partial.interrupted
    assert any(value is not None for row in partial.nimbers for value in row)
    assert partial.nimbers[2][2] is None


def test_a_keyboard_interrupt_of_work_that_keeps_nothing_has_partial_none():
    """``partial`` is there on every KeyboardInterrupt, None where the work keeps nothing (a
    value's search), as on ``grundy.Stopped``: a handler reading it needs no ``getattr``."""

    def interrupt(event):
        raise KeyboardInterrupt

    with hang_net(), pytest.raises(KeyboardInterrupt) as caught:
        grundy.game(LONG).value(progress=interrupt)
    assert caught.value.partial is None

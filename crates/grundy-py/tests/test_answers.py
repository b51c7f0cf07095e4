"""The typed answers: attributes for the report's keys, moves as objects, tables and
sequences indexed as people index them, sums with +, and pictures where there is a board."""

from __future__ import annotations

import json

import pytest

import grundy


def test_a_value_has_its_keys_as_attributes_and_its_json_as_a_dict():
    value = grundy.game("knights 5x5").value()
    assert isinstance(value, grundy.Value)
    assert (value.nimber, value.outcome, value.winner, value.to_move) == (1, "N", "first", "first")
    assert value["board"] == "5x5" and value.board == "5x5"
    assert json.loads(value.to_json()) == value.to_dict()
    assert value.get("settled_by") is None
    with pytest.raises(AttributeError, match="settled_by"):
        value.settled_by
    with pytest.raises(AttributeError):
        value.nimber = 3
    assert repr(value).startswith("Value(game='knights'")


def test_moves_are_objects_with_their_familys_details():
    moves = grundy.game("kayles 3 2 1 5").moves(all=True)
    assert isinstance(moves, grundy.Moves)
    assert len(moves) == moves.legal_moves == len(list(moves))
    assert moves[0] == next(iter(moves)) and moves[-1] == list(moves)[-1]
    assert str(grundy.game("knights 5x5").reply()).startswith("Play(")
    assert "move=Move(move='c3'" in repr(grundy.game("knights 5x5").reply())
    winning = [move for move in moves if move.winning]
    assert len(winning) == moves.winning_moves
    first = winning[0]
    assert (str(first), first.nimber, first.heap, first.from_, first.to) == (
        "5 -> 2 + 2",
        0,
        4,
        5,
        [2, 2],
    )
    queens = grundy.game("queens 4x4").moves()
    assert len(queens) == queens.winning_moves > 0
    assert all(
        move.piece == "queens" and move.square == "abcd"[move.col - 1] + str(move.row)
        for move in queens
    )


def test_moves_within_a_time_say_what_they_settled():
    # Knights 8x8 after a1 and b1: no move's value is found in a tenth of a second.
    hard = grundy.game("knights 8x8 at NN....../......../......../......../......../......../......../........")
    moves = hard.moves(all=True, think=0.1, progress=False)
    assert len(moves) == moves.legal_moves == 57
    unvalued = [move for move in moves if move.get("nimber") is None]
    assert moves.moves_unsettled == len(unvalued) > 0
    assert all(move.get("winning") is not True for move in unvalued)
    # Given time enough, the answer is the whole one.
    small = grundy.game("knights 5x5")
    assert small.moves(all=True, think=60).to_dict()["moves"] == small.moves(all=True).to_dict()["moves"]
    reply = hard.reply(think=0.1, progress=False)
    assert "out of time" in reply.played_by


def test_a_reply_out_of_time_names_its_move_and_shows_in_a_notebook():
    # No time at all: the computer plays without having valued the position it leaves, and
    # the report has no `moves` (a repr that read it raised KeyError in a notebook).
    hard = grundy.game("knights 8x8 at NN....../......../......../......../......../......../......../........")
    reply = hard.reply(think=0, progress=False)
    assert "moves" not in reply and "nimber" not in reply
    assert reply.move is None and reply.played
    assert repr(reply).startswith("Play(game='knights'") and "played_by=" in repr(reply)
    assert reply.svg().startswith("<svg")
    given_time = grundy.game("knights 5x5").reply()
    assert str(given_time.move) == given_time.played == "c3"


def test_a_sum_is_made_with_plus():
    kayles = grundy.game("kayles 3 4 5")
    assert kayles + grundy.game("*2") == grundy.game("kayles 3 4 5 + *2")
    assert kayles + 2 == grundy.game("kayles 3 4 5 + *2")
    assert "*2" + kayles == grundy.game("*2 + kayles 3 4 5")
    total = (kayles + "knights 4x4").value()
    assert total.nimber == 6 ^ grundy.game("knights 4x4").value().nimber
    assert [summand.nimber for summand in total.summands] == [6, total.nimber ^ 6]
    with pytest.raises(grundy.InputError, match="one graph"):
        grundy.game("graph a", graph="a b\n") + grundy.game("graph b", graph="x y\n")


def test_a_position_in_parts_lists_each_part_with_its_value():
    bishops = grundy.game("bishops 3x3").value()
    assert [(part.position, part.nimber) for part in bishops.parts] == [
        ("a1 c1 b2 a3 c3", 2),
        ("b1 a2 c2 b3", 0),
    ]
    assert bishops.parts[0].nimber ^ bishops.parts[1].nimber == bishops.nimber
    assert grundy.game("knights 3x4").value().parts is None
    assert grundy.game("kayles 3 4").value().parts is None


def test_tables_and_sequences_are_indexed_as_people_index_them():
    table = grundy.table("knights", rows=[1, 3], cols=range(3, 6))
    assert table.rows == [1, 3] and table.cols == [3, 4, 5]
    assert table[3, 5] == 4 and table[1, 4] == 0
    with pytest.raises(KeyError):
        table[2, 2]
    sequence = grundy.sequence("kayles", to=20)
    assert len(sequence) == 21
    assert sequence[5] == 4 and sequence[-1] == sequence.values[20]
    assert list(sequence)[:6] == [0, 1, 2, 3, 1, 4]
    assert (sequence.period, sequence.preperiod) == (12, 71)


def test_a_windowed_sequence_counts_what_the_whole_sequence_lists():
    whole = grundy.sequence("0.167", to=30_000).values
    windowed = grundy.sequence("0.167", to=30_000, window=4096)
    assert windowed.finished == 30_001 and not windowed.interrupted
    for counted in windowed.counts:
        counts = [0] * len(counted["counts"])
        for value in whole[1 : counted["up_to"] + 1]:
            counts[value] += 1
        assert counts == counted["counts"], counted["up_to"]
    assert windowed.histogram() == dict(enumerate(windowed.counts[-1]["counts"]))
    assert sum(windowed.histogram().values()) == 30_000
    assert windowed.last_values == whole[windowed.last_values_from :]
    assert windowed.get("stopped_by") is None


def test_pandas_where_it_is_installed():
    table = grundy.table("rooks", rows=range(1, 4), cols=range(1, 5))
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pip install pandas"):
            table.to_pandas()
        return
    frame = table.to_pandas()
    assert frame.shape == (3, 4)
    assert frame.loc[2, 3] == table[2, 3]
    series = grundy.sequence("0.137", to=30).to_pandas()
    assert series.loc[30] == grundy.sequence("0.137", to=30)[30]


def test_answers_with_a_board_draw_it_and_others_have_no_picture():
    moves = grundy.game("queens 4x4").moves(all=True)
    picture = moves._repr_svg_()
    assert picture.startswith("<svg") and picture.count('stroke="#111111"') == moves.winning_moves
    assert grundy.game("knights 5x5").value().svg().startswith("<svg")
    assert grundy.table("corner-knight", rows=range(4), cols=range(4)).svg().count("<rect") >= 16
    assert "<svg" in grundy.sequence("0.137", to=100).svg()
    assert "<svg" in grundy.tour("6x6", closed=True).svg()
    assert grundy.game("kayles 3 4 5").value().svg() is None
    assert grundy.tour_count("5x5").svg() is None


def test_a_tour_counts_and_verifies():
    count = grundy.tour_count("6x6", closed=True)
    assert count.count == 9862 and count.complete
    tour = grundy.tour("7x7", start="d4")
    assert tour.exists and len(tour.path) == 49 and tour.path[0] == [4, 4]
    assert grundy.verify_tour(tour.to_json()).valid
    assert not grundy.tour("4x4").exists
    assert "4x4" in grundy.tour("4x4").reason


def test_a_table_is_array_like_and_misere_answers_say_so():
    table = grundy.table("knights", rows=range(1, 4), cols=range(1, 5))
    assert len(table) == 3
    assert table[0] == table.nimbers[0] == list(table)[0]
    assert table[2, 4] == table.nimbers[1][3]
    numpy = pytest.importorskip("numpy")
    assert numpy.asarray(table).shape == (3, 4)
    assert numpy.asarray(table).tolist() == table.nimbers
    misere = grundy.sequence("kayles", to=20, misere=True)
    assert repr(misere).startswith("Sequence(convention='misere', ")
    assert "period" not in repr(misere)
    assert "convention='misere'" in repr(grundy.game("kayles 3 4").value(misere=True))
    assert "convention" not in repr(grundy.game("kayles 3 4").value())
    with pytest.raises(grundy.InputError, match="progress='yes'"):
        grundy.game("knights 5x5").value(progress="yes")


def test_a_placement_game_shows_its_board_in_a_notebook():
    game = grundy.game("knights 5x5 at N..../...../...../...../.....")
    picture = game._repr_svg_()
    assert picture == game.svg() and picture.startswith("<svg")
    assert ">knights on 5x5</text>" in picture
    # One knight, on a1 (drawn at the top left), and the two squares it attacks, b3 and c2.
    assert picture.count("<circle") == 1 and 'cx="50" cy="70"' in picture
    assert picture.count("#f2b8b5") + picture.count("#e39a96") == 2
    assert picture.count('width="40" height="40"') == 25
    # The board its value answer draws, whose title adds the value.
    value = game.value().svg()
    assert value.splitlines()[3:] == picture.splitlines()[3:]
    assert grundy.game("kayles 3 4").svg() is None
    assert (grundy.game("knights 3x3") + 1)._repr_svg_() is None


def test_the_computer_plays_every_family_and_says_where_its_move_leads():
    # A graph: the move leaves the rest of the graph, sent back as the next game's graph.
    path = grundy.game("graph g", graph="a b\nb c\n")
    played = path.reply()
    assert played.played == "b" and played.move is not None
    assert played.move.after == "graph g"
    assert played.move.after_graph == "# edge list\n"
    # A sum: the game after the move is the next game, and the computer won from there.
    reply = grundy.game("*3 + kayles 2").reply()
    assert reply.move is not None and reply.outcome == "P"
    after = grundy.game(reply.move.after)
    assert after.value().nimber == 0


def test_the_lessons_are_the_registrys_positions_each_a_game_with_its_moves():
    lessons = grundy.lessons()
    assert len(lessons) >= 10
    assert ("kayles 3 4 5 2 5", "Combinatorial Game Theory IV, lesson 4") in [
        (lesson.game, lesson.source) for lesson in lessons]
    for lesson in lessons:
        assert isinstance(lesson, grundy.Lesson) and lesson.title and lesson.source
        position = lesson.position()
        assert str(position) == str(grundy.game(lesson.game))
        assert position.moves(all=True).legal_moves > 0, lesson.game
    # The same list as `grundy games` prints, in the same order.
    printed = [line.split('"')[1] for line in grundy_games().splitlines()
               if line.startswith('  grundy moves "')]
    assert printed == [lesson.game for lesson in lessons]


def grundy_games() -> str:
    """What `grundy games` prints (GRUNDY_CLI, or the release build of this checkout)."""
    import os
    import subprocess

    from conftest import REPOSITORY

    binary = os.environ.get("GRUNDY_CLI", str(REPOSITORY / "target" / "release" / "grundy"))
    return subprocess.run([binary, "games"], capture_output=True, text=True, check=True).stdout

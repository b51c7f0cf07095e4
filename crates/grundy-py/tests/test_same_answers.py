"""The package answers as the command line does: the same JSON on a spread of games of every
family, and the published values the repository keeps (crates/grundy/tests/oracles)."""

from __future__ import annotations

import csv

import pytest

import grundy
from conftest import ORACLES, steady


@pytest.mark.parametrize(
    "text, words",
    [
        ("knights 5x5", ["knights", "5x5"]),
        ("queens 4x5 torus", ["queens", "4x5", "--board", "torus"]),
        ("bishops+knights 3x4", ["bishops+knights", "3x4"]),
        ("kings 4x4 at K.../..../..../....", ["kings", "4x4", "--position", "K.../..../..../...."]),
        ("leaper:1,3 5x5", ["leaper:1,3", "5x5"]),
        ("kayles 3 4 5", ["kayles", "3", "4", "5"]),
        ("0.137 10 11", ["0.137", "10", "11"]),
        ("grundys-game 12", ["grundys-game", "12"]),
        ("kayles-2d 2x3 3x3", ["kayles-2d", "2x3", "3x3"]),
        ("corner-knight 7 9", ["corner-knight", "7", "9"]),
        ("*3", ["*3"]),
        ("knights 4x4 + kayles 7 + *3", ["knights 4x4 + kayles 7 + *3"]),
    ],
)
def test_value_and_moves_are_the_command_lines(cli, text, words):
    game = grundy.game(text)
    assert steady(game.value().to_dict()) == steady(cli("value", *words))
    assert steady(game.moves(all=True).to_dict()) == steady(cli("moves", *words, "--all"))
    assert steady(game.moves().to_dict()) == steady(cli("moves", *words))


def test_a_graph_is_read_from_its_text_or_its_file(cli, tmp_path):
    edges = "a b\nb c\nc d\nd e\ne a\n"
    path = tmp_path / "pentagon.txt"
    path.write_text(edges)
    by_text = grundy.game("graph pentagon", graph=edges).moves(all=True)
    by_file = grundy.game(f"graph {path}", graph=path).moves(all=True)
    from_cli = cli("moves", "graph", str(path), "--all")
    assert steady(by_file.to_dict()) == steady(from_cli)
    assert by_text.nimber == from_cli["nimber"]
    assert [move.vertex for move in by_text] == [move["vertex"] for move in from_cli["moves"]]


def test_outcome_table_sequence_tours_and_graph_are_the_command_lines(cli):
    assert steady(grundy.game("queens 6x6").outcome().to_dict()) == steady(
        cli("outcome", "queens", "6x6")
    )
    assert steady(grundy.table("kings", rows="1-4", cols=range(1, 6)).to_dict()) == steady(
        cli("table", "kings", "--rows", "1-4", "--cols", "1-5")
    )
    assert steady(grundy.table("corner-knight", rows=range(8), cols=range(8)).to_dict()) == steady(
        cli("table", "corner-knight", "--rows", "0-7", "--cols", "0-7")
    )
    assert steady(grundy.sequence("0.376", to=500).to_dict()) == steady(
        cli("sequence", "0.376", "--to", "500")
    )
    windowed = grundy.sequence("0.161", to=100_000, window=8192)
    assert isinstance(windowed, grundy.WindowedSequence)
    assert steady(windowed.to_dict()) == steady(
        cli("sequence", "0.161", "--to", "100000", "--window", "8192")
    )
    assert steady(grundy.tour("8x8", closed=True, start="c3").to_dict()) == steady(
        cli("tour", "8x8", "--closed", "--start", "c3")
    )
    assert steady(grundy.tour_exists("3x5").to_dict()) == steady(cli("tour", "exists", "3x5"))
    assert steady(grundy.tour_count("5x5").to_dict()) == steady(cli("tour", "count", "5x5"))
    assert steady(grundy.graph("knights 6x6").to_dict()) == steady(cli("graph", "knights", "6x6"))
    drawn = grundy.graph("knights 3x3", drawing=True)
    assert steady(drawn.to_dict()) == steady(cli("graph", "knights", "3x3", "--drawing"))
    assert len(drawn.drawing["edges"]) == drawn.edges == 8
    assert steady(grundy.game("knights 5x5").reply().to_dict()) == steady(
        cli("play", "knights", "5x5", "--reply")
    )


def test_published_placement_values():
    with open(ORACLES / "placement-nimbers.tsv", newline="") as file:
        rows = [row for row in csv.DictReader(file, delimiter="\t")]
    assert len(rows) > 300
    by_game = {}
    for row in rows:
        # Boone's two-piece tables follow no one rule for lines through occupied squares
        # (crates/grundy/tests/oracles/README.md): the library's own tests read them.
        if "+" in row["game"]:
            continue
        by_game.setdefault(row["game"], {})[(int(row["rows"]), int(row["cols"]))] = int(row["nimber"])
    for piece, published in by_game.items():
        sides_m = sorted({m for m, _ in published})
        sides_n = sorted({n for _, n in published})
        table = grundy.table(piece, rows=sides_m, cols=sides_n, progress=False)
        for (m, n), nimber in published.items():
            assert table[m, n] == nimber, f"{piece} {m}x{n}: Boone (2016)"
    assert sorted(by_game) == ["bishops", "kings", "knights", "queens", "rooks"]


def test_published_kayles_and_corner_the_knight_values():
    with open(ORACLES / "kayles.tsv", newline="") as file:
        kayles = [row for row in csv.DictReader(file, delimiter="\t")]
    values = grundy.sequence("kayles", to=max(int(row["heap"]) for row in kayles)).values
    for row in kayles:
        assert values[int(row["heap"])] == int(row["nimber"]), row["source"]
    with open(ORACLES / "corner-the-knight.tsv", newline="") as file:
        corner = [row for row in csv.DictReader(file, delimiter="\t")]
    table = grundy.table(
        "corner-knight",
        rows=range(max(int(row["m"]) for row in corner) + 1),
        cols=range(max(int(row["n"]) for row in corner) + 1),
    )
    for row in corner:
        assert table[int(row["m"]), int(row["n"])] == int(row["grundy"]), row["source"]


def test_published_queens_outcomes():
    with open(ORACLES / "queens-game-outcomes.tsv", newline="") as file:
        rows = [row for row in csv.DictReader(file, delimiter="\t")]
    for row in rows:
        n = int(row["n"])
        if n > 10:
            continue  # larger boards take minutes: the library's own tests cover them
        assert grundy.game(f"queens {n}x{n}").outcome().winner == row["winner"], row["source"]


def test_every_question_has_a_function_and_quotient_is_the_command_lines(cli):
    functions = {
        "value": grundy.Game.value,
        "moves": grundy.Game.moves,
        "outcome": grundy.Game.outcome,
        "play": grundy.Game.reply,
        "table": grundy.table,
        "sequence": grundy.sequence,
        "quotient": grundy.quotient,
        "tour": grundy.tour,
        "tour_exists": grundy.tour_exists,
        "tour_count": grundy.tour_count,
        "tour_verify": grundy.verify_tour,
        "graph": grundy.graph,
        "conjecture": grundy.conjecture,
        "check": grundy.check,
    }
    assert sorted(functions) == sorted(grundy._native.QUESTIONS)
    assert steady(grundy.conjecture("knights", "1x1..4x4").to_dict()) == steady(
        cli("conjecture", "parity", "knights", "1x1..4x4")
    )
    assert steady(grundy.check("corner-knight", to=60).to_dict()) == steady(
        cli("check", "corner-knight", "--to", "60")
    )
    quotient = grundy.quotient("kayles", heaps=30)
    assert isinstance(quotient, grundy.Quotient)
    assert steady(quotient.to_dict()) == steady(cli("quotient", "kayles", "--heaps", "30"))

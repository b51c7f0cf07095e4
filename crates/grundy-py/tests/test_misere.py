"""Misère play from Python (``misere=True``): the same answers as the command line's
``--misere``, Bouton's rule for misère Nim, and CGSuite's genera of Kayles heaps."""

from __future__ import annotations

import csv

import pytest

import grundy
from conftest import ORACLES, steady


@pytest.mark.parametrize(
    "text, words",
    [
        ("knights 5x5", ["knights", "5x5"]),
        ("kayles 3 4 5", ["kayles", "3", "4", "5"]),
        ("knights 3x3 + kayles 4 + *2", ["knights 3x3 + kayles 4 + *2"]),
        ("corner-queen 3 5", ["corner-queen", "3", "5"]),
    ],
)
def test_misere_answers_are_the_command_lines(cli, text, words):
    game = grundy.game(text)
    assert steady(game.value(misere=True).to_dict()) == steady(cli("value", *words, "--misere"))
    moves = game.moves(all=True, misere=True).to_dict()
    assert steady(moves) == steady(cli("moves", *words, "--all", "--misere"))
    assert steady(game.outcome(misere=True).to_dict()) == steady(
        cli("outcome", *words, "--misere")
    )
    assert moves["convention"] == "misere" and "nimber" not in moves


def test_misere_nim_follows_boutons_rule():
    for heaps in [(1,), (1, 1), (1, 1, 1), (2, 2), (2, 3), (1, 2, 3), (1, 1, 4), (3, 4, 7)]:
        game = grundy.game(" + ".join(f"*{h}" for h in heaps))
        larger = any(h > 1 for h in heaps)
        nim_sum = 0
        for h in heaps:
            nim_sum ^= h
        loses = nim_sum == 0 if larger else len(heaps) % 2 == 1
        assert game.outcome(misere=True).outcome == ("P" if loses else "N"), heaps


def test_kayles_genera_are_cgsuites():
    with open(ORACLES / "misere-genus.tsv", newline="") as table:
        rows = [line for line in table if not line.startswith("#")]
    kayles = [row for row in csv.DictReader(rows, delimiter="\t") if row["game"] == "kayles"]
    answer = grundy.sequence("kayles", to=25, misere=True, progress=False)
    for row in kayles:
        genus = answer.genera[int(row["heap"])]
        assert genus["normal"] == int(row["nimber"])
        assert genus["misere"] == [int(digit) for digit in row["terms"]]


def test_the_computer_plays_misere(cli):
    reply = grundy.game("knights 4x4").reply(misere=True)
    assert steady(reply.to_dict()) == steady(cli("play", "knights", "4x4", "--reply", "--misere"))
    assert reply.convention == "misere"
    with pytest.raises(grundy.InputError, match="no symmetry strategy under misère play"):
        grundy.game("knights 4x4").reply("symmetry", misere=True)


def test_a_misere_table_says_who_wins_and_draws_no_nim_values():
    table = grundy.table("knights", rows=[1, 2], cols=[1, 2], misere=True, progress=False)
    assert table.get("outcomes") == [["P", "N"], ["N", "N"]]
    assert table.nimbers == [[None, None], [None, None]]
    assert table._repr_svg_() is None

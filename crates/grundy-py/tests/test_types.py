"""The answers are typed: each class declares the keys of its report in docs/JSON.md with their
types, so that a type checker takes the documented keys and refuses a mistyped one."""

from __future__ import annotations

import re
import textwrap
import typing
from typing import Any, Dict, List, Tuple

import pytest

import grundy
from grundy import _answers
from conftest import REPOSITORY

#: Which class answers each report of docs/JSON.md, and which class or TypedDict each object is.
#: An outcome of a game other than one placement game is its value's report with another
#: command, so an Outcome has the keys of both.
REPORTS: Dict[type, Tuple[str, ...]] = {
    grundy.Value: ("report `value`",),
    grundy.Outcome: ("report `value`", "report `outcome`"),
    grundy.Moves: ("report `moves`",),
    grundy.Play: ("report `play`",),
    grundy.Table: ("report `table`",),
    grundy.Sequence: ("report `sequence`",),
    grundy.WindowedSequence: ("report `sequence --window`",),
    grundy.Quotient: ("report `quotient`",),
    grundy.Tour: ("report `tour`",),
    grundy.TourExists: ("report `tour exists`",),
    grundy.TourVerify: ("report `tour verify`",),
    grundy.TourCount: ("report `tour count`",),
    grundy.GraphFacts: ("report `graph`",),
    grundy.Move: ("object `move`",),
    grundy.Summand: ("object `summand`",),
    grundy.Part: ("object `part`",),
    _answers.Genus: ("object `genus`",),
    _answers.GraphDrawing: ("object `graph-drawing`",),
    _answers.RareValues: ("object `rare-values`",),
    _answers.ValueCounts: ("object `value-counts`",),
    _answers.QuotientGenerator: ("object `generator`",),
    _answers.Degree: ("object `degree`",),
    _answers.GraphBounds: ("object `graph-bounds`",),
    _answers.Bounds: ("object `bounds`",),
    _answers.TerminalCount: ("object `terminal-count`",),
    _answers.TerminalSize: ("object `terminal-size`",),
}

#: The JSON.md name of each object type, as its tables write it in the type column.
OBJECTS = {
    heading.split("`")[1]: cls
    for cls, headings in REPORTS.items()
    for heading in headings
    if heading.startswith("object")
}

#: Attributes that are not keys of the report: conveniences over one.
CONVENIENCES = {(grundy.Play, "move")}

#: Keys whose attribute converts the JSON value on purpose, with the type it gives.
CONVERTED = {
    # A count past 64 bits is decimal text in JSON, an int of any size in Python.
    (grundy.TourCount, "count"): int,
}

SCALARS = {"integer": int, "string": str, "boolean": bool, "number": float, "null": type(None)}


def documented_keys() -> Dict[str, Dict[str, Tuple[str, bool]]]:
    """Each report's and object's table in docs/JSON.md: key -> (type, required)."""
    tables: Dict[str, Dict[str, Tuple[str, bool]]] = {}
    heading = None
    for line in (REPOSITORY / "docs" / "JSON.md").read_text().splitlines():
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
            continue
        row = re.match(r"\| `([^`]+)` \| ([^|]+?) \| (yes|no) \|", line)
        if row and heading is not None:
            tables.setdefault(heading, {})[row[1]] = (row[2], row[3] == "yes")
    return tables


def expected(text: str) -> Any:
    """A type as docs/JSON.md writes it ('array of integer or null'), in the form that
    `declared` gives for a Python type."""
    if text.startswith("array of "):
        return ("list", expected(text[len("array of "):]))
    if text.startswith("map of "):
        return ("map", expected(text[len("map of "):]))
    choices = text.split(" or ")
    if len(choices) > 1:
        return frozenset(expected(choice) for choice in choices)
    return SCALARS.get(text) or OBJECTS[text]


def declared(kind: Any) -> Any:
    """A Python type in a form comparable with `expected`: a Literal of strings is a string,
    a union is the set of its members, a list or a dict of string keys names its items."""
    origin, arguments = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Literal:
        return type(arguments[0])
    if origin is typing.Union:
        return frozenset(declared(argument) for argument in arguments)
    if origin is list:
        return ("list", declared(arguments[0]))
    if origin is dict:
        assert arguments[0] is str, kind
        return ("map", declared(arguments[1]))
    return kind


def attributes(cls: type) -> Dict[str, Any]:
    """The keys a class declares, by their JSON names, with their types: its annotations and
    its properties' results, less the record's own bookkeeping."""
    found = {
        name: kind
        for name, kind in typing.get_type_hints(cls).items()
        if not name.startswith("_")
    }
    for klass in cls.__mro__:
        for name, member in vars(klass).items():
            if isinstance(member, property) and (cls, name) not in CONVENIENCES:
                found.setdefault(name, typing.get_type_hints(member.fget)["return"])
    renamed = getattr(cls, "_renamed", {})
    return {renamed.get(name, name): kind for name, kind in found.items()}


@pytest.mark.parametrize("cls", list(REPORTS), ids=lambda cls: cls.__name__)
def test_each_answer_declares_the_keys_of_its_report_with_their_types(cls):
    tables = documented_keys()
    keys: Dict[str, Tuple[str, bool]] = {}
    for heading in REPORTS[cls]:
        assert heading in tables, f"docs/JSON.md has no table '{heading}'"
        keys.update(tables[heading])
    have = attributes(cls)
    assert sorted(have) == sorted(keys), f"{cls.__name__}: declared keys differ from JSON.md"
    for key, (text, required) in keys.items():
        want, got = expected(text), declared(have[key])
        if (cls, key) in CONVERTED:
            want = CONVERTED[cls, key]
        # An attribute that gives None for a key left out (a sum's summands) says so.
        optional = frozenset({want, type(None)})
        assert got == want or (not required and got == optional), (
            f"{cls.__name__}.{key}: JSON.md says {text}, declared {have[key]}"
        )


def test_a_type_checker_refuses_a_mistyped_key_and_takes_the_documented_ones(tmp_path):
    """mypy on a user's script: the lines marked as typos are the errors it reports, and the
    others, which read documented keys (nested ones too), pass."""
    api = pytest.importorskip("mypy.api")
    script = textwrap.dedent(
        """
        import grundy

        value = grundy.game("knights 5x5").value()
        value.nimbr  # typo
        doubled: int = value.nimber * 2
        winner: str = value.winner
        moves = grundy.game("kayles 3 4 5").moves(all=True)
        first: int = moves.moves[0].from_
        moves.moves[0].form_  # typo
        table = grundy.table("queens", rows=range(1, 3), cols=range(1, 3))
        cells: int = sum(value or 0 for row in table.nimbers for value in row)
        table.nimber  # typo
        genus: str = grundy.game("kayles 3").value(misere=True).genus["text"]
        grundy.sequence("kayles", to=5, misere=True).genera[0]["txt"]  # typo
        size: int = grundy.tour("5x5").path[0][0]
        grundy.tour("5x5").paht  # typo
        lower: int = grundy.graph("queens 4x4").bounds["independence_number"]["lower"]
        count: int = grundy.tour_count("5x5").count
        played: str = grundy.game("knights 5x5").reply().played
        won: bool = grundy.verify_tour("").valid
        """
    )
    path = tmp_path / "notebook_user.py"
    path.write_text(script)
    typos = [number for number, line in enumerate(script.splitlines(), 1) if "# typo" in line]
    report, errors, status = api.run(
        [str(path), "--cache-dir", str(tmp_path / "cache"), "--no-error-summary"]
    )
    flagged = sorted({int(line.split(":")[1]) for line in report.splitlines() if ": error:" in line})
    assert flagged == typos, report + errors
    assert status == 1

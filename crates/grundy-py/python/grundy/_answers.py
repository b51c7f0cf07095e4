"""Typed answers. Each wraps the JSON object the library answered (the keys of the command
line's ``--json``, docs/JSON.md): every key is an attribute, ``to_dict()`` gives the object
itself, and a notebook shows the answer's picture where it has one (``_repr_svg_``)."""

from __future__ import annotations

import copy
import json
from typing import Any, Dict, Iterator, List, Optional, Tuple


def _pandas(method: str) -> Any:
    """The pandas module, which `method` needs; an ImportError saying how to get it."""
    try:
        import pandas  # type: ignore  # no type hints shipped
    except ImportError as missing:
        raise ImportError(f"{method} needs pandas: pip install pandas") from missing
    return pandas


class Record:
    """A JSON object of grundy's with its keys as attributes: ``record.nimber`` is
    ``record["nimber"]``. An optional key that does not apply is absent (an AttributeError, a
    KeyError); ``record.get("settled_by")`` gives None for it."""

    #: The keys a repr shows, in order.
    _shown: Tuple[str, ...] = ()
    #: Keys of normal play alone, which the repr of a misère answer leaves out.
    _normal_only: Tuple[str, ...] = ()
    #: Keys that Python spells otherwise (``from`` is a keyword).
    _renamed: Dict[str, str] = {}

    def __init__(self, data: Dict[str, Any]) -> None:
        object.__setattr__(self, "_data", data)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        key = self._renamed.get(name, name)
        if key in self._data:
            return self._data[key]
        raise AttributeError(
            f"{type(self).__name__} has no key {key!r} here (its keys: {', '.join(self._data)})"
        )

    def get(self, key: str, default: Any = None) -> Any:
        """The value of `key`, or `default` when the object does not have it."""
        return self._data.get(key, default)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def keys(self) -> List[str]:
        """The keys this object has."""
        return list(self._data)

    def to_dict(self) -> Dict[str, Any]:
        """The object as a dict: the same keys and values as the command line's ``--json``."""
        return copy.deepcopy(self._data)

    def to_json(self) -> str:
        """The object as one line of JSON, as the command line's ``--json`` prints it."""
        return json.dumps(self._data, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return type(self) is type(other) and self._data == other._data

    def __hash__(self) -> int:
        return hash(self.to_json())

    def __repr__(self) -> str:
        shown = []
        # An answer under misère play says so first; the keys that are normal play's alone
        # (a sequence's period) are left out of its repr.
        misere = self._data.get("convention") == "misere"
        names = [name for name in self._shown if not (misere and name in self._normal_only)]
        if misere:
            shown.append("convention='misere'")
        for name in names:
            value = getattr(self, name, None)
            if value is not None:
                shown.append(f"{name}={value!r}")
        if len(shown) < sum(1 for value in self._data.values() if value is not None):
            shown.append("...")
        return f"{type(self).__name__}({', '.join(shown)})"


class Move(Record):
    """A move, in every game family: ``move`` (as written, ``c3`` or ``5 -> 2 + 2``),
    ``nimber`` (the value of the whole position after it), ``winning``, and the family's
    details (``square``, ``row``, ``col``, ``piece``; ``heap``, ``from_``, ``to``;
    ``corner``; ``vertex``; ``summand``, ``summand_nimber``)."""

    _shown: Tuple[str, ...] = ("move", "nimber", "winning")
    _renamed = {"from_": "from"}

    def __str__(self) -> str:
        return str(self._data["move"])


class Summand(Record):
    """One game of a sum: ``game``, ``position``, ``nimber``."""

    _shown: Tuple[str, ...] = ("game", "position", "nimber")


class Answer(Record):
    """An answer of grundy's library (the base of every answer type)."""

    def __init__(self, native: Any, data: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(json.loads(native.json()) if data is None else data)
        object.__setattr__(self, "_native", native)

    def svg(self) -> Optional[str]:
        """The answer's picture as SVG text (as the command line's ``--svg`` draws it), or
        None when it has none: a heap game's value has no board, a tour of more than 250,000
        squares or a table of more than 200 x 200 cells is too big to draw."""
        return self._native.svg()

    def _repr_svg_(self) -> Optional[str]:
        return self.svg()


class Value(Answer):
    """The nim-value and outcome of a game (``grundy value``): ``nimber``, ``outcome``
    (``'N'``: the player to move wins; ``'P'``: the player to move loses), ``winner``,
    ``to_move``; for a sum, ``summands``."""

    _shown: Tuple[str, ...] = ("game", "position", "nimber", "outcome", "winner")

    @property
    def summands(self) -> Optional[List[Summand]]:
        """Each game of a sum with its nim-value, or None for a single game."""
        found = self._data.get("summands")
        return None if found is None else [Summand(item) for item in found]


class Moves(Value):
    """The winning moves of a game, or every move with the value it leads to
    (``grundy moves``): ``moves`` is a list of :class:`Move`."""

    _shown: Tuple[str, ...] = ("game", "position", "nimber", "outcome", "winning_moves", "legal_moves")

    @property
    def moves(self) -> List[Move]:
        """The moves listed: the winning ones, or with ``all=True`` every one."""
        return [Move(item) for item in self._data["moves"]]

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self._data["moves"])

    def __getitem__(self, key: Any) -> Any:
        """``moves[i]``: the i-th move listed (slices too); ``moves["key"]``: a report key."""
        if isinstance(key, int):
            return Move(self._data["moves"][key])
        if isinstance(key, slice):
            return [Move(item) for item in self._data["moves"][key]]
        return super().__getitem__(key)


class Outcome(Answer):
    """Who wins a placement game, and a winning first move (``grundy outcome``)."""

    _shown: Tuple[str, ...] = ("game", "board", "outcome", "winner", "winning_move")

    @property
    def winning_move(self) -> Optional[Move]:
        """A winning first move, when the player to move wins."""
        found = self._data.get("winning_move")
        return None if found is None else Move(found)


class Play(Answer):
    """The computer's move (``grundy play --reply``): ``move``, the ``position`` it leaves,
    and who wins from there."""

    _shown: Tuple[str, ...] = ("game", "position", "move", "played_by", "nimber", "winner")

    @property
    def move(self) -> Move:
        """The computer's move, with the nim-value it leads to."""
        return Move(self._data["moves"][0])


class Table(Answer):
    """A table of nim-values (``grundy table``): ``nimbers[i][j]`` is the value at
    ``rows[i]``, ``cols[j]`` (None for a cell a stopped search did not finish)."""

    _shown: Tuple[str, ...] = ("game", "rows", "cols", "finished_cells", "interrupted")

    def __len__(self) -> int:
        """The number of rows, as for a list of rows."""
        return len(self._data["nimbers"])

    def __iter__(self) -> Iterator[List[Optional[int]]]:
        """The rows of values, top to bottom (as ``nimbers``)."""
        return iter(self._data["nimbers"])

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        """``numpy.asarray(table)``: the values, rows by columns (an object array when a
        stopped table has unfinished cells, which are None)."""
        import numpy  # type: ignore  # only when numpy itself asks

        return numpy.asarray(self._data["nimbers"], dtype=dtype)

    def __getitem__(self, key: Any) -> Any:
        """``table[m, n]``: the value of the cell of row label m and column label n;
        ``table[i]``: the i-th row of values, as a list of rows is indexed."""
        if isinstance(key, int) and not isinstance(key, bool):
            return self._data["nimbers"][key]
        if isinstance(key, tuple):
            row, col = key
            try:
                return self._data["nimbers"][self._data["rows"].index(row)][
                    self._data["cols"].index(col)
                ]
            except ValueError:
                raise KeyError(key) from None
        return super().__getitem__(key)

    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame, rows and columns labelled (pandas is needed)."""
        pandas = _pandas("Table.to_pandas()")
        return pandas.DataFrame(
            self._data["nimbers"],
            index=pandas.Index(self._data["rows"], name="rows"),
            columns=pandas.Index(self._data["cols"], name="cols"),
        )


class Sequence(Answer):
    """The nim-sequence of a heap game (``grundy sequence``): ``values[n]`` is the value of a
    heap of n; ``period`` and ``preperiod`` when a period is proved; ``largest`` and
    ``largest_at``, its first heap; ``rare``, the rare values of the sparse-space method (a dict:
    ``mask``, ``heaps``, ``last``, ...) once it took over."""

    _shown: Tuple[str, ...] = ("game", "code", "to", "period", "preperiod", "largest")
    _normal_only: Tuple[str, ...] = ("period", "preperiod", "largest")

    def __len__(self) -> int:
        return len(self._data["values"])

    def __iter__(self) -> Iterator[int]:
        return iter(self._data["values"])

    def __getitem__(self, key: Any) -> Any:
        """``sequence[n]``: the value of a heap of n (slices too)."""
        if isinstance(key, (int, slice)):
            return self._data["values"][key]
        return super().__getitem__(key)

    def to_pandas(self) -> Any:
        """The values as a pandas Series indexed by heap size (pandas is needed)."""
        pandas = _pandas("Sequence.to_pandas()")
        return pandas.Series(self._data["values"], name=self._data["game"]).rename_axis("heap")


class Quotient(Answer):
    """The misère quotient of a heap game's sums of heaps up to ``heaps`` (``grundy
    quotient``): ``order``, ``generators``, ``relations``, ``p_portion``, ``heap_words``;
    ``stopped_by`` says why it holds fewer heaps than asked, when it does."""

    _shown: Tuple[str, ...] = ("game", "code", "heaps", "order", "relations", "p_portion")


class Tour(Answer):
    """A knight's tour, or why there is none (``grundy tour``): ``exists``, ``path`` (the
    squares in order, ``[row, col]`` from 1), ``closed``, ``method``; ``reason`` when none."""

    _shown: Tuple[str, ...] = ("board", "exists", "closed", "start", "method", "reason")


class TourExists(Answer):
    """Whether a knight's tour exists (``grundy tour exists``): ``exists`` (None when a
    bounded search could not decide) and ``reason``."""

    _shown: Tuple[str, ...] = ("board", "closed", "start", "exists", "reason")


class TourCount(Answer):
    """How many knight's tours a board has (``grundy tour count``): ``count`` (an int of
    any size), ``complete`` (False: a lower bound)."""

    _shown: Tuple[str, ...] = ("board", "closed", "directed", "start", "count", "complete")

    @property
    def count(self) -> int:
        """The count as an int (JSON gives counts past 64 bits as decimal text)."""
        return int(self._data["count"])


class TourVerify(Answer):
    """Whether a text holds a knight's tour (``grundy tour verify``): ``valid``, ``closed``,
    ``fault``."""

    _shown: Tuple[str, ...] = ("board", "valid", "closed", "fault")


class GraphFacts(Answer):
    """The facts of an attack graph (``grundy graph``): independence and domination numbers,
    terminal positions."""

    _shown: Tuple[str, ...] = ("game", "board", "vertices", "edges")


_BY_COMMAND = {
    "value": Value,
    "moves": Moves,
    "outcome": Outcome,
    "play": Play,
    "table": Table,
    "sequence": Sequence,
    "quotient": Quotient,
    "tour": Tour,
    "tour exists": TourExists,
    "tour count": TourCount,
    "tour verify": TourVerify,
    "graph": GraphFacts,
}


def answer_of(native: Any) -> Answer:
    """The typed answer for a native answer, chosen by the command its report names."""
    data = json.loads(native.json())
    return _BY_COMMAND.get(data.get("command"), Answer)(native, data)

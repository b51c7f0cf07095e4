"""Typed answers. Each wraps the JSON object the library answered (the keys of the command
line's ``--json``, docs/JSON.md): every key is an attribute, ``to_dict()`` gives the object
itself, and a notebook shows the answer's picture where it has one (``_repr_svg_``).

Each class declares the keys of its report, with their types, as the tables of docs/JSON.md
list them (a test holds the two together), so that a type checker knows ``value.nimber`` is an
int and refuses ``value.nimbr``. A key marked optional there is declared with the type it has
when present, as a ``TypedDict``'s optional key is: reading it where the answer leaves it out
raises AttributeError (``answer.get(key)`` gives None instead). Objects inside a report (a
genus, a graph's bounds) are plain dicts, typed as ``TypedDict``s."""

from __future__ import annotations

import copy
import json
from typing import (
    TYPE_CHECKING,
    Any,
    Dict,
    Iterator,
    List,
    Literal,
    Optional,
    Tuple,
    TypedDict,
    Union,
)

#: Who wins: ``"N"``, the player to move; ``"P"``, the other.
OutcomeLetter = Literal["N", "P"]
#: A player, by the order of play from the position as given.
Player = Literal["first", "second"]
#: The play convention when it is not normal play (the key is left out under normal play).
Convention = Literal["misere"]


class Genus(TypedDict):
    """Conway's genus (docs/JSON.md, object ``genus``): ``text`` as Winning Ways writes it
    (``1^031``), the ``normal`` nim-value, the ``misere`` nim-values γ₀, γ₁, …"""

    text: str
    normal: int
    misere: List[int]


class GraphDrawing(TypedDict):
    """A graph game's graph as data (object ``graph-drawing``): its ``vertices`` by name, in
    order, and its ``edges``, each once, as the names of their two ends."""

    vertices: List[str]
    edges: List[List[str]]


class RareValues(TypedDict):
    """The rare values of a nim-sequence's sparse-space method (object ``rare-values``)."""

    mask: int
    domain: bool
    odd: bool
    heaps: int
    last: Optional[int]
    used: bool


class ValueCounts(TypedDict):
    """The count of each value over heaps 1 to ``up_to`` (object ``value-counts``, Rogalski's
    form): ``counts[v]`` heaps have value v."""

    up_to: int
    counts: List[int]


class QuotientGenerator(TypedDict):
    """A generator of a misère quotient: its ``name`` (``a``) and the ``heap`` it is."""

    name: str
    heap: int


class Degree(TypedDict):
    """A graph's degrees: the smallest, the largest, and how many vertices have each (keyed
    by the degree written as text)."""

    min: Optional[int]
    max: Optional[int]
    counts: Dict[str, int]


class Bounds(TypedDict):
    """A search's proven bounds on a graph number and the best set it found."""

    lower: int
    upper: int
    witness: List[str]
    search_nodes: int


class GraphBounds(TypedDict):
    """The bounds of each of the three graph numbers."""

    independence_number: Bounds
    domination_number: Bounds
    independent_domination_number: Bounds


class TerminalSize(TypedDict):
    """Terminal positions of one size: how many (a decimal string past 64 bits), and one."""

    size: int
    count: Union[int, str]
    example: List[str]


class TerminalCount(TypedDict):
    """Terminal positions counted by size."""

    total: Union[int, str, None]
    sizes: List[TerminalSize]
    frontier_width: int
    peak_states: int


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
    _data: Dict[str, Any]

    def __init__(self, data: Dict[str, Any]) -> None:
        object.__setattr__(self, "_data", data)

    if not TYPE_CHECKING:
        # Every key is read here; the classes declare the keys their reports have, and a
        # type checker that saw this method would take any name, a typo too, for a key.
        def __getattr__(self, name: str) -> Any:
            if name.startswith("_"):
                raise AttributeError(name)
            return self._key(self._renamed.get(name, name))

    def _key(self, key: str) -> Any:
        """The value of `key`; an AttributeError naming the keys there are when it is absent."""
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
    ``from_board``, ``to_boards``; ``corner``; ``vertex``; Cram's ``squares``, ``rows``,
    ``cols``; ``summand``, ``summand_nimber``), and the game it leaves (``after``, with
    ``after_graph`` for a graph): what to ask about next."""

    _shown: Tuple[str, ...] = ("move", "nimber", "winning")
    _renamed = {"from_": "from"}

    move: str
    nimber: int
    winning: bool
    square: str
    piece: str
    row: int
    col: int
    heap: int
    from_: int
    to: List[int]
    from_board: str
    to_boards: List[str]
    corner: List[int]
    vertex: str
    squares: List[str]
    rows: List[int]
    cols: List[int]
    summand: int
    summand_nimber: int
    after: str
    after_graph: str

    def __str__(self) -> str:
        return str(self._data["move"])


class Summand(Record):
    """One game of a sum: ``game``, ``position``, ``nimber``, ``settled_by``."""

    _shown: Tuple[str, ...] = ("game", "position", "nimber")

    game: str
    position: str
    nimber: int
    settled_by: str


class Part(Record):
    """One of the independent parts a position splits into: ``position`` (its squares or
    vertices, separated by spaces) and ``nimber``; the position's value is their nim-sum."""

    _shown: Tuple[str, ...] = ("position", "nimber")

    position: str
    nimber: int


def _moves(items: List[Dict[str, Any]]) -> List[Move]:
    return [Move(item) for item in items]


class Answer(Record):
    """An answer of grundy's library (the base of every answer type). :func:`grundy.run`
    answers with one whose type depends on the question: ``isinstance(answer, grundy.Value)``
    tells a type checker which (``answer["key"]`` reads any key untyped)."""

    _native: Any

    schema: int
    command: str

    def __init__(self, native: Any, data: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(json.loads(native.json()) if data is None else data)
        object.__setattr__(self, "_native", native)

    def svg(self) -> Optional[str]:
        """The answer's picture as SVG text (as the command line's ``--svg`` draws it), or
        None when it has none: a heap game's value has no board, a tour of more than 250,000
        squares or a table of more than 200 x 200 cells is too big to draw."""
        picture: Optional[str] = self._native.svg()
        return picture

    def _repr_svg_(self) -> Optional[str]:
        return self.svg()


class _GameAnswer(Answer):
    """The keys that every answer about a game's position has: value, moves, outcome, play."""

    game: str
    position: str
    board: str
    surface: str
    rays: str
    convention: Convention
    nimber: int
    outcome: OutcomeLetter
    to_move: Player
    winner: Player
    positions_searched: int
    seconds: float


class Value(_GameAnswer):
    """The nim-value and outcome of a game (``grundy value``): ``nimber``, ``outcome``
    (``'N'``: the player to move wins; ``'P'``: the player to move loses), ``winner``,
    ``to_move``; for a sum, ``summands``; for a position in independent parts, ``parts``;
    under misère play, ``genus``."""

    _shown: Tuple[str, ...] = ("game", "position", "nimber", "outcome", "winner")

    code: str
    vertices: int
    edges: int
    graph: GraphDrawing
    genus: Genus
    heap_nimbers: List[int]
    settled_by: str
    first_moves_up_to_symmetry: int
    resumed_from_checkpoint: int
    table_hits: int
    endgame_positions: int
    threads: int
    ranks: int
    units_settled: int

    @property
    def summands(self) -> Optional[List[Summand]]:
        """Each game of a sum with its nim-value, or None for a single game."""
        found = self._data.get("summands")
        return None if found is None else [Summand(item) for item in found]

    @property
    def parts(self) -> Optional[List[Part]]:
        """The independent parts of a placement game's, Cram's or a graph's position with
        their nim-values, or None for a position of one part (and for heap games, whose
        parts are ``heap_nimbers``)."""
        found = self._data.get("parts")
        return None if found is None else [Part(item) for item in found]


class Moves(_GameAnswer):
    """The winning moves of a game, or every move with the value it leads to
    (``grundy moves``): ``moves`` is a list of :class:`Move`."""

    _shown: Tuple[str, ...] = ("game", "position", "nimber", "outcome", "winning_moves", "legal_moves")

    code: str
    vertices: int
    edges: int
    graph: GraphDrawing
    settled_by: str
    legal_moves: int
    winning_moves: int
    moves_not_listed: int
    moves_unsettled: int
    winning_cells: List[int]
    table_hits: int
    endgame_positions: int
    threads: int

    @property
    def moves(self) -> List[Move]:
        """The moves listed: the winning ones, or with ``all=True`` every one."""
        return _moves(self._data["moves"])

    @property
    def summands(self) -> Optional[List[Summand]]:
        """Each game of a sum with its nim-value, or None for a single game."""
        found = self._data.get("summands")
        return None if found is None else [Summand(item) for item in found]

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


class Outcome(Value):
    """Who wins, and a winning first move when the player to move wins (``grundy outcome``).
    A placement game is answered without its nim-value; any other game or sum by its
    nim-value, with the keys of a :class:`Value`."""

    _shown: Tuple[str, ...] = ("game", "board", "outcome", "winner", "winning_move")

    first_moves: int
    first_moves_settled: int

    @property
    def winning_move(self) -> Optional[Move]:
        """A winning first move, when the player to move wins."""
        found = self._data.get("winning_move")
        return None if found is None else Move(found)

    @property
    def symmetric_winning_moves(self) -> Optional[List[Move]]:
        """The images of ``winning_move`` under the board's symmetries (they win too), when
        there is a winning move."""
        found = self._data.get("symmetric_winning_moves")
        return None if found is None else _moves(found)


class Play(_GameAnswer):
    """The computer's move (``grundy play --reply``): ``move``, the ``position`` it leaves,
    and who wins from there; asked with ``side="second"``, no move: ``played_by`` names how
    the computer will play from ``position``."""

    _shown: Tuple[str, ...] = ("game", "position", "move", "played_by", "nimber", "winner")

    code: str
    vertices: int
    edges: int
    graph: GraphDrawing
    legal_moves: int
    settled_by: str
    played: str
    played_by: str

    @property
    def moves(self) -> List[Move]:
        """The computer's move, with the nim-value it leads to (absent with ``nimber``)."""
        return _moves(self._key("moves"))

    @property
    def move(self) -> Optional[Move]:
        """The computer's move, with the nim-value it leads to; None when a thinking time
        (``think=``) ran out before that value was found (``played`` names the move), and
        with ``side="second"``, which plays none."""
        found = self._data.get("moves")
        return None if found is None else Move(found[0])


class Table(Answer):
    """A table of nim-values (``grundy table``): ``nimbers[i][j]`` is the value at
    ``rows[i]``, ``cols[j]`` (None for a cell a stopped search did not finish)."""

    _shown: Tuple[str, ...] = ("game", "rows", "cols", "finished_cells", "interrupted")

    game: str
    surface: str
    rays: str
    rows: List[int]
    cols: List[int]
    nimbers: List[List[Optional[int]]]
    convention: Convention
    outcomes: List[List[Optional[OutcomeLetter]]]
    settled_by: List[List[Optional[str]]]
    positions_searched: int
    interrupted: bool
    finished_cells: int
    seconds: float

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

    game: str
    code: str
    to: int
    values: List[int]
    period: Optional[int]
    preperiod: Optional[int]
    computed: int
    largest: int
    largest_at: int
    rare: RareValues
    interrupted: bool
    convention: Convention
    genera: List[Genus]
    seconds: float

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


class WindowedSequence(Answer):
    """A nim-sequence computed in a window (``grundy sequence --window``): the heaps
    ``finished``, the ``largest`` value and ``largest_at``, its first heap, the ``rare`` values,
    ``counts`` (the count of each value over heaps 1 to every power of two reached, then to the
    last heap), and the ``last_values`` from heap ``last_values_from``; ``stopped_by`` says why
    it holds fewer heaps than asked, when a heap needed values outside the window."""

    _shown: Tuple[str, ...] = ("game", "code", "finished", "window", "largest", "largest_at")

    game: str
    code: str
    to: int
    finished: int
    window: int
    memory_bytes: int
    largest: int
    largest_at: int
    rare: RareValues
    deepest_scan: int
    counts: List[ValueCounts]
    last_values_from: int
    last_values: List[int]
    interrupted: bool
    stopped_by: str
    seconds: float

    def histogram(self) -> Dict[int, int]:
        """The count of each value over all heaps answered but heap 0 (the last ``counts``)."""
        return dict(enumerate(self._data["counts"][-1]["counts"]))


class Quotient(Answer):
    """The misère quotient of a heap game's sums of heaps up to ``heaps`` (``grundy
    quotient``): ``order``, ``generators``, ``relations``, ``p_portion``, ``heap_words``;
    ``stopped_by`` says why it holds fewer heaps than asked, when it does."""

    _shown: Tuple[str, ...] = ("game", "code", "heaps", "order", "relations", "p_portion")

    game: str
    code: str
    heaps_asked: int
    heaps: int
    order: int
    p_portion: List[str]
    generators: List[QuotientGenerator]
    relations: List[str]
    heap_words: List[str]
    orders: List[int]
    stable_from: int
    period: int
    preperiod: int
    stopped_by: str
    seconds: float


class Tour(Answer):
    """A knight's tour, or why there is none (``grundy tour``): ``exists``, ``path`` (the
    squares in order, ``[row, col]`` from 1), ``closed``, ``method``; ``reason`` when none."""

    _shown: Tuple[str, ...] = ("board", "exists", "closed", "start", "method", "reason")

    board: str
    closed: bool
    start: Optional[str]
    exists: bool
    rows: int
    cols: int
    method: str
    path: List[List[int]]
    reason: str
    seconds: float


class TourExists(Answer):
    """Whether a knight's tour exists (``grundy tour exists``): ``exists`` (None when a
    bounded search could not decide) and ``reason``."""

    _shown: Tuple[str, ...] = ("board", "closed", "start", "exists", "reason")

    board: str
    closed: bool
    start: Optional[str]
    exists: Optional[bool]
    reason: str


class TourCount(Answer):
    """How many knight's tours a board has (``grundy tour count``): ``count`` (an int of
    any size), ``complete`` (False: a lower bound)."""

    _shown: Tuple[str, ...] = ("board", "closed", "directed", "start", "count", "complete")

    board: str
    closed: bool
    directed: bool
    start: Optional[str]
    complete: bool
    method: str
    reason: str
    search_nodes: int
    peak_states: int
    seconds: float

    @property
    def count(self) -> int:
        """The count as an int (JSON gives counts past 64 bits as decimal text)."""
        return int(self._data["count"])


class TourVerify(Answer):
    """Whether a text holds a knight's tour (``grundy tour verify``): ``valid``, ``closed``,
    ``fault``."""

    _shown: Tuple[str, ...] = ("board", "valid", "closed", "fault")

    board: str
    valid: bool
    closed: bool
    fault: str


class GraphFacts(Answer):
    """The facts of an attack graph (``grundy graph``): independence and domination numbers,
    terminal positions."""

    _shown: Tuple[str, ...] = ("game", "board", "vertices", "edges")

    game: str
    board: str
    position: str
    vertices: int
    edges: int
    degree: Degree
    components: int
    component_sizes: List[int]
    bipartite: bool
    independence_number: Optional[int]
    domination_number: Optional[int]
    independent_domination_number: Optional[int]
    bounds: GraphBounds
    terminal_positions: Optional[TerminalCount]
    terminal_error: Optional[str]
    search_seconds: float
    count_seconds: float
    drawing: GraphDrawing


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
    """The typed answer for a native answer, chosen by the command its report names (a
    sequence's by whether it has a window)."""
    data = json.loads(native.json())
    if data.get("command") == "sequence" and "window" in data:
        return WindowedSequence(native, data)
    return _BY_COMMAND.get(data.get("command"), Answer)(native, data)

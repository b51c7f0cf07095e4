"""grundy: nim-values, outcomes, winning moves, tables, nim-sequences and knight's tours of
impartial games, above all the games played by placing chess pieces on grids.

>>> import grundy
>>> g = grundy.game("knights 5x5")
>>> g.value().nimber
1
>>> [str(move) for move in grundy.game("kayles 3 4 5").moves()]
['5 -> 1 + 3']
>>> (grundy.game("kayles 3 4 5") + grundy.game("*2")).value().nimber
4
>>> grundy.table("queens", rows=range(1, 4), cols=range(1, 4)).nimbers
[[1, 1, 1], [1, 1, 2], [1, 2, 2]]

The answers are the library's, the same as the command line's ``--json`` (``to_dict()``);
a notebook draws a placement game's board, and the boards, tables, sequences and tours of
the answers (``_repr_svg_``). The searches take ``memory=`` (bytes, or text such as
``"2G"``) and ``threads=`` where they use them, ``seconds=`` (stop after that
long, raising :class:`Stopped` with what was finished) and ``progress=`` (True, the default:
a bar after a second; False; or a function called with a dict). Ctrl-C stops a search and
raises KeyboardInterrupt. Bad input raises :class:`InputError`, a ``ValueError``.
"""

from __future__ import annotations

import itertools
import json
import os
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Union, overload

from . import _native
from ._answers import (
    Answer,
    GraphFacts,
    Move,
    Moves,
    Outcome,
    Part,
    Play,
    Quotient,
    Record,
    Sequence,
    Summand,
    Table,
    Tour,
    TourCount,
    TourExists,
    TourVerify,
    Value,
    WindowedSequence,
    answer_of,
)
from ._errors import Error, InputError, OutOfMemory, SearchFailed, Stopped
from ._progress import chosen

__all__ = [
    "Answer",
    "Error",
    "Game",
    "GraphFacts",
    "InputError",
    "Lesson",
    "Move",
    "Moves",
    "OutOfMemory",
    "Outcome",
    "Part",
    "Play",
    "Quotient",
    "Record",
    "SearchFailed",
    "Sequence",
    "Stopped",
    "Summand",
    "Table",
    "Tour",
    "TourCount",
    "TourExists",
    "TourVerify",
    "Value",
    "WindowedSequence",
    "check",
    "conjecture",
    "game",
    "graph",
    "lessons",
    "quotient",
    "run",
    "sequence",
    "table",
    "tour",
    "tour_count",
    "tour_exists",
    "verify_tour",
]

#: The most bytes of a graph file `game(..., graph=Path(...))` reads: the library's bound on a
#: graph's text, which the command line's files share.
MAX_GRAPH_FILE_BYTES: int = _native.MAX_GRAPH_TEXT_BYTES

#: The most row or column labels a table takes (a corner game's coordinates go to 5000).
MAX_LABELS = 10_000

Memory = Union[int, str, None]


def _whole(name: str, value: Any, least: int, most: int) -> int:
    """`value` when it is an int from `least` to `most`; InputError naming it otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise InputError(f"{name}={value!r}: expected a whole number from {least} to {most}")
    return value


def _count(name: str, value: Any) -> Optional[int]:
    """None (the library's default), or a whole number the library's 64 bits hold."""
    return None if value is None else _whole(name, value, 0, 2**64 - 1)


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise InputError(f"{name}={value!r}: expected True or False")
    return value


def _seconds(seconds: Any, name: str = "seconds") -> Optional[float]:
    if seconds is None:
        return None
    # Comparisons are exact for ints of any size and false for NaN.
    number = isinstance(seconds, (int, float)) and not isinstance(seconds, bool)
    if not number or not 0 <= seconds <= 1e9:
        raise InputError(f"{name}={seconds!r}: expected a number of seconds from 0 to 1e9")
    return float(seconds)


def _thinking_time(think: Any) -> Dict[str, Any]:
    """The request's ``seconds``: how long the search may go on before it answers with what it
    knows (``think=``, unlike ``seconds=``, which stops the work and raises)."""
    think = _seconds(think, "think")
    return {} if think is None else {"seconds": think}


def _limits(memory: Memory, threads: Optional[int]) -> Dict[str, Any]:
    limits: Dict[str, Any] = {}
    if memory is not None:
        if isinstance(memory, bool) or not isinstance(memory, (int, str)):
            raise InputError(f"memory={memory!r}: expected bytes (an int) or text such as '2G'")
        limits["memory"] = _native.memory_size(_utf8("memory=", str(memory)))
    if threads is not None:
        limits["threads"] = _whole("threads", threads, 1, _native.MAX_THREADS)
    return limits


def run(
    request: Dict[str, Any],
    *,
    seconds: Optional[float] = None,
    progress: Any = True,
) -> Answer:
    """Answers a request in the library's typed form (docs/JSON.md#requests), the same that
    ``grundy worker`` and the web server take:

    >>> grundy.run({"question": "value", "game": "knights 5x5"}).nimber
    1
    """
    return _run(request, seconds, progress)


def _run(request: Dict[str, Any], seconds: Any, progress: Any) -> Any:
    """Runs `request`: the answer's type depends on its question, so it is typed Any here and
    each function says its own."""
    seconds = _seconds(seconds)
    try:
        text = json.dumps(request, ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise InputError(f"the request is not JSON: {error}") from None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        near = text[max(error.start - 30, 0) : error.end + 10]
        raise InputError(f"the request holds text that is not UTF-8 ({error.reason}): {near!r}") from None
    callback, display = chosen(progress)
    try:
        native = _native.run(text, callback, seconds)
    finally:
        if display is not None:
            display.close()
    return answer_of(native)


def _ask(question: str, fields: Dict[str, Any], memory: Memory, threads: Optional[int],
         seconds: Optional[float], progress: Any) -> Any:
    request = {"question": question, **fields}
    limits = _limits(memory, threads)
    if limits:
        request["limits"] = limits
    return _run(request, seconds, progress)


def _utf8(label: str, text: str) -> str:
    """`text` if it can be sent to the library as UTF-8 (a lone surrogate cannot), else an
    InputError naming it after `label` (``"game "``, ``"memory="``)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise InputError(
            f"{label}{text!r}: not UTF-8 text ({error.reason} at character {error.start})"
        ) from None
    return text


def _read_graph(graph: Union[str, "os.PathLike[str]", None]) -> Optional[str]:
    if graph is None:
        return None
    if isinstance(graph, str):
        return _utf8("graph=", graph)
    if isinstance(graph, os.PathLike):
        try:
            with open(graph, "rb") as file:
                data = file.read(MAX_GRAPH_FILE_BYTES + 1)
        except OSError as error:
            raise InputError(
                f"cannot read graph file `{os.fspath(graph)}`: {error.strerror}"
                f" (os error {error.errno})"
            ) from None
        except ValueError as error:  # a NUL in the path: open() refuses it before the system
            raise InputError(f"cannot read graph file {os.fspath(graph)!r}: {error}") from None
        if len(data) > MAX_GRAPH_FILE_BYTES:
            raise InputError(
                f"{os.fspath(graph)}: a graph file may take at most {MAX_GRAPH_FILE_BYTES} bytes"
            )
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InputError(f"{os.fspath(graph)}: not UTF-8 text ({error})") from None
    raise InputError(f"graph={graph!r}: expected the graph's text or a path (pathlib.Path)")


class Game:
    """A game or a sum of games in a position, as the command line writes it:
    ``knights 5x5``, ``queens 8x8 torus``, ``bishops+knights 5x5 at B..../...../...../...../.....``,
    ``kayles 3 4 5``, ``0.137 10``, ``corner-knight 7 9``, ``*3``, ``graph NAME`` (with the
    graph's text or file as ``graph=``), and sums ``knights 5x5 + kayles 7 + *3``.

    >>> grundy.game("queens 4x4").value()
    Value(game='queens', position='..../..../..../....', nimber=1, outcome='N', winner='first', ...)
    """

    def __init__(self, text: str, *, graph: Union[str, "os.PathLike[str]", None] = None) -> None:
        if not isinstance(text, str):
            raise InputError(f"game {text!r}: expected text such as 'knights 5x5'")
        self._graph = _read_graph(graph)
        self._text = _native.parse_game(_utf8("game ", text), self._graph)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"grundy.game({self._text!r})"

    def svg(self) -> Optional[str]:
        """The board as SVG text, for one placement game: its pieces and the squares they
        attack, drawn as the answers about it draw it; None for a game without a board (heap,
        corner and graph games, sums)."""
        return _native.game_svg(self._text, self._graph)

    def _repr_svg_(self) -> Optional[str]:
        return self.svg()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self._text, self._graph) == (other._text, other._graph)

    def __hash__(self) -> int:
        return hash((self._text, self._graph))

    def __add__(self, other: Union["Game", str, int]) -> "Game":
        """The sum of two games (``+`` as CGSuite writes it); an int n stands for ``*n``."""
        if isinstance(other, bool):
            return NotImplemented
        if isinstance(other, int):
            other = Game(f"*{other}")
        elif isinstance(other, str):
            other = Game(other)
        elif not isinstance(other, Game):
            return NotImplemented
        graphs = {text for text in (self._graph, other._graph) if text is not None}
        if len(graphs) > 1:
            raise InputError("a sum may play on one graph: both games bring a different one")
        return Game(f"{self} + {other}", graph=graphs.pop() if graphs else None)

    def __radd__(self, other: Union[str, int]) -> "Game":
        if isinstance(other, bool) or not isinstance(other, (int, str)):
            return NotImplemented
        return (Game(f"*{other}") if isinstance(other, int) else Game(other)) + self

    def _fields(self) -> Dict[str, Any]:
        fields: Dict[str, Any] = {"game": self._text}
        if self._graph is not None:
            fields["graph"] = self._graph
        return fields

    def _convention(self, misere: bool) -> Dict[str, Any]:
        return {"convention": "misere"} if _flag("misere", misere) else {}

    def value(self, *, misere: bool = False, memory: Memory = None,
              threads: Optional[int] = None, seconds: Optional[float] = None,
              progress: Any = True) -> Value:
        """The nim-value and outcome (``grundy value``); with ``misere=True`` the outcome
        when the last player to move loses, and Conway's genus when the position is small
        (``genus.text``, ``genus.misere``; no ``nimber``).

        >>> grundy.game("kayles 3 4 5").value().nimber
        6
        >>> grundy.game("0.312 4").value(misere=True).genus["text"]
        '2^1420'
        """
        return _ask("value", {**self._fields(), **self._convention(misere)}, memory, threads,
                    seconds, progress)

    def moves(self, all: bool = False, *, misere: bool = False,  # noqa: A002 (the CLI's --all)
              think: Optional[float] = None, memory: Memory = None,
              threads: Optional[int] = None, seconds: Optional[float] = None,
              progress: Any = True) -> Moves:
        """The winning moves, or with ``all=True`` every move with the value it leads to
        (``grundy moves``); with ``misere=True`` the moves that win when the last player to
        move loses (each move's ``winning``, no ``nimber``). With ``think=S`` (one placement
        game; any game with ``misere=True``) the search answers after S seconds with what it
        settled (``grundy moves --seconds S``): a move not valued has no ``nimber``, and no
        ``winning`` unless that was found; ``moves_unsettled`` counts them.

        >>> [(str(m), m.nimber) for m in grundy.game("kayles 3").moves(all=True)]
        [('3 -> 2', 2), ('3 -> 1 + 1', 0), ('3 -> 1', 1)]
        >>> [str(m) for m in grundy.game("kayles 3").moves(misere=True)]
        ['3 -> 1']
        """
        fields = {**self._fields(), "all": _flag("all", all), **self._convention(misere),
                  **_thinking_time(think)}
        return _ask("moves", fields, memory, threads, seconds, progress)

    def outcome(self, *, misere: bool = False, memory: Memory = None,
                threads: Optional[int] = None, seconds: Optional[float] = None,
                progress: Any = True) -> Outcome:
        """Who wins, and a winning first move when the player to move wins (``grundy
        outcome``): a placement game without the nim-value, faster than ``value()`` on large
        boards; any other game or sum by its nim-value. With ``misere=True``, who wins any
        game or sum when the last player to move loses.

        >>> grundy.game("queens 8x8").outcome().winner
        'first'
        >>> grundy.game("knights 5x5").outcome(misere=True).winner
        'second'
        """
        fields = {**self._fields(), **self._convention(misere)}
        return _ask("outcome", fields, memory, threads, seconds, progress)

    def reply(self, opponent: str = "perfect", *, seed: int = 1, misere: bool = False,
              think: Optional[float] = None, side: Optional[str] = None,
              memory: Memory = None, threads: Optional[int] = None,
              seconds: Optional[float] = None, progress: Any = True) -> Play:
        """The computer's move in the game's position (``grundy play --reply``), any game or
        sum: ``opponent`` is ``perfect``, ``symmetry`` (one placement game or one game of Cram) or ``random``
        (with ``seed``); with ``misere=True`` it plays to make the opponent move last (no
        symmetry opponent). With ``think=S`` (one placement game) it plays after S seconds
        the best move it found, and says so in ``played_by`` (``grundy play --reply
        --seconds S``); ``played`` names the move, and ``move`` is None when the value it
        leaves was not found in the time. ``move.after`` is the game it leaves, to go on from.
        With ``side`` (``'first'``, the player to move, or ``'second'``), asked before a game,
        the opponent is first checked for the side the computer will play (the symmetry
        opponent raises InputError where its strategies do not win for it); for
        ``'second'`` nothing is played: ``played_by`` names how it will play, ``move`` is None
        and the answer has no ``played`` (``get("played")`` gives None).

        >>> grundy.game("knights 5x5").reply().move.square
        'c3'
        >>> grundy.game("knights 4x4").reply("symmetry", side="second").played_by
        'mirror play (reflection in the horizontal middle line)'
        >>> grundy.game("knights 4x4").reply(misere=True).outcome
        'P'
        >>> grundy.game("kayles 3 5").reply().move.after
        'kayles 3 3'
        """
        fields = {**self._fields(), "opponent": opponent,
                  "seed": _whole("seed", seed, 0, 2**64 - 1), **self._convention(misere),
                  **_thinking_time(think)}
        if side is not None:
            fields["side"] = side
        return _ask("play", fields, memory, threads, seconds, progress)


def game(text: str, *, graph: Union[str, "os.PathLike[str]", None] = None) -> Game:
    """Reads a game as the command line writes it, quoted whole:

    - a placement game: a piece (knights, bishops, rooks, queens, kings, camels, zebras,
      giraffes, ``leaper:A,B``, or up to five joined by ``+`` such as ``bishops+knights``)
      and a board ``ROWSxCOLS`` of at most 512 squares, then optionally its surface
      (``torus``, ``cylinder``, ``mobius``), ``blocked`` rays, and ``at POSITION`` (rows
      separated by ``/``, row 1 first, ``.`` empty, the piece letter N B R Q K or L):
      ``"queens 8x8"``, ``"knights 5x5 at N..../...../...../...../....."``;
    - a heap game: an octal or hexadecimal code (``0.137``, ``4.7``) or a name (nim, kayles,
      dawsons-kayles, grundys-game, laskers-nim, ``sub:1,3,4``, treblecross, dawsons-chess,
      kayles-2d) and its heaps: ``"kayles 3 4 5"``, ``"kayles-2d 2x3 3x3"``;
    - a corner game and its piece's square: ``"corner-knight 7 9"``, ``"corner-queen 3 5"``;
    - a nimber: ``"*3"``;
    - Node Kayles on a graph: ``"graph NAME"``, with ``graph=`` the graph's text (an edge
      list, ``u v`` a line, or DIMACS) or a :class:`pathlib.Path` to its file;
    - a sum of these joined by ``" + "``.

    A mistake raises :class:`InputError` (a ``ValueError``) naming the bad word.

    >>> grundy.game("knights 5x5 + kayles 7 + *3")
    grundy.game('knights 5x5 + kayles 7 + *3')
    """
    return Game(text, graph=graph)


class Lesson(NamedTuple):
    """A lesson position of the references (Boone's figures and theorems, the take-and-break
    lesson's exercises, Corner the Knight): the page's Lesson menu, ``grundy games``'s list."""

    #: The game, as :func:`game` reads it: ``"knights 3x3"``, ``"kayles 3 4 5 2 5"``.
    game: str
    #: What it shows.
    title: str
    #: The reference, as docs/REFERENCES.md names it.
    source: str

    def position(self) -> Game:
        """The lesson's game, ready for its questions."""
        return Game(self.game)


def lessons() -> List[Lesson]:
    """The lesson positions of the references, from the library's registry.

    >>> lesson = grundy.lessons()[0]
    >>> lesson.game, lesson.source
    ('knights 3x3', 'Boone (2016), Figure 3.2.1')
    >>> [str(move) for move in lesson.position().moves()]
    ['b2']
    """
    return [Lesson(*entry) for entry in _native.lessons()]


def _labels(name: str, labels: Union[Iterable[int], str, None]) -> Optional[str]:
    """Labels as the library reads them: text such as '1-6' or '2,4,8' (the command line's
    form, so a bad label gets the command line's message)."""
    if labels is None or isinstance(labels, str):
        return labels
    expected = f"{name}={labels!r}: expected whole numbers (a list or range) or text such as '1-6'"
    if isinstance(labels, (bytes, bytearray)):
        raise InputError(expected)
    try:
        taken = list(itertools.islice(iter(labels), MAX_LABELS + 1))
    except TypeError:
        raise InputError(expected) from None
    if len(taken) > MAX_LABELS:
        raise InputError(f"{name}: more than {MAX_LABELS} labels (at most {MAX_LABELS})")
    if any(isinstance(label, bool) or not isinstance(label, int) for label in taken):
        raise InputError(expected)
    return ",".join(str(label) for label in taken)


def table(game: str, rows: Union[Iterable[int], str, None] = None,
          cols: Union[Iterable[int], str, None] = None, *, misere: bool = False,
          memory: Memory = None, threads: Optional[int] = None,
          seconds: Optional[float] = None, progress: Any = True) -> Table:
    """A table of nim-values (``grundy table``): of boards ``rows`` x ``cols`` for a piece
    (default 1 to 6), or of a corner game's squares (default 0-15 x 0-11). ``game`` is
    named without a board, with its surface and ray rule if any: ``"queens"``,
    ``"rooks torus"``, ``"corner-knight"``. With ``misere=True`` (placement games) the table
    says who wins each empty board when the last player to move loses: ``outcomes``
    (``'N'`` or ``'P'``), with no nim-values and no picture (``grundy table --misere``).

    >>> grundy.table("knights", rows=[1, 2], cols=[1, 2]).nimbers
    [[1, 0], [0, 0]]
    >>> grundy.table("knights", rows=[1, 2], cols=[1, 2], misere=True).get("outcomes")
    [['P', 'N'], ['N', 'N']]
    """
    fields = {"game": game, "rows": _labels("rows", rows), "cols": _labels("cols", cols)}
    if _flag("misere", misere):
        fields["convention"] = "misere"
    return _ask("table", fields, memory, threads, seconds, progress)


@overload
def sequence(game: str, to: int = 100, *, misere: bool = False, window: None = None,
             memory: Memory = None, threads: Optional[int] = None,
             seconds: Optional[float] = None, progress: Any = True) -> Sequence: ...


@overload
def sequence(game: str, to: int = 100, *, misere: bool = False, window: int,
             memory: Memory = None, threads: Optional[int] = None,
             seconds: Optional[float] = None, progress: Any = True) -> WindowedSequence: ...


@overload
def sequence(game: str, to: int = 100, *, misere: bool = False,
             window: Optional[int] = None, memory: Memory = None,
             threads: Optional[int] = None, seconds: Optional[float] = None,
             progress: Any = True) -> Union[Sequence, WindowedSequence]: ...


def sequence(game: str, to: int = 100, *, misere: bool = False, window: Optional[int] = None,
             memory: Memory = None, threads: Optional[int] = None,
             seconds: Optional[float] = None,
             progress: Any = True) -> Union[Sequence, WindowedSequence]:
    """The nim-sequence of a heap game up to heap ``to``, with its period when one is proved
    (``grundy sequence``); with ``misere=True`` also each heap's genus (``genera``), as far
    as a search of 5 million positions reaches.

    With ``window=W`` (``grundy sequence --window W``) only the first and the last W values
    are kept, in about 12 bytes a heap of the window and up to 3.2 MiB whatever ``to``, for
    games whose rare values all lie in the first W heaps (0.6, 0.161, 0.167): the answer is a
    :class:`WindowedSequence`, with the count of each value at every power of two, the rare
    values and the last values, not every value. It runs on ``threads`` (default one per
    core; two are used, a second thread marking the pairs of the rare heaps ahead); the whole
    sequence runs on one.

    >>> s = grundy.sequence("kayles", to=10)
    >>> s.values, s.period, s.preperiod
    ([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2], 12, 71)
    >>> [g["text"] for g in grundy.sequence("kayles", to=5, misere=True).genera]
    ['0^120', '1^031', '2^20', '3^31', '1^031', '4^146']
    >>> w = grundy.sequence("0.6", to=300_000, window=65536)
    >>> w.largest, w.largest_at, w.rare["heaps"], w.rare["last"]
    (291, 133032, 1584, 20627)
    """
    fields: Dict[str, Any] = {"game": game, "to": _whole("to", to, 0, 2**63 - 1)}
    if _flag("misere", misere):
        fields["convention"] = "misere"
    if window is not None:
        fields["window"] = _whole("window", window, 0, 2**63 - 1)
    answer: Union[Sequence, WindowedSequence] = _ask(
        "sequence", fields, memory, threads, seconds, progress
    )
    return answer


def quotient(game: str, heaps: int = 40, *, seconds: Optional[float] = None,
             progress: Any = True) -> Quotient:
    """The misère quotient of a heap game's sums of heaps 1 to ``heaps`` (``grundy
    quotient``; at most 100,000): its elements, generators, relations and P-portion.

    >>> q = grundy.quotient("0.3...", heaps=3)
    >>> q.order, q.relations, q.p_portion
    (6, ['a² = 1', 'b³ = b'], ['a', 'b²'])
    """
    fields = {"game": game, "heaps": _whole("heaps", heaps, 1, 2**63 - 1)}
    return _run({"question": "quotient", **fields}, seconds, progress)


def tour(board: str, *, closed: bool = False, start: Optional[str] = None,
         method: Optional[str] = None, tie_break: Optional[str] = None,
         limit: Optional[int] = None, restarts: Optional[int] = None, seed: Optional[int] = None,
         memory: Memory = None, seconds: Optional[float] = None,
         progress: Any = True) -> Tour:
    """A knight's tour of ``board`` (``"8x8"``), or why there is none (``grundy tour``):
    ``closed``, from ``start`` (``"c3"``), by ``method`` (``backtrack``, ``warnsdorff``,
    ``neural``, ``divide``); ``memory=`` bounds the tour and its answer (``grundy tour
    --memory``).

    >>> t = grundy.tour("5x5", start="a1")
    >>> t.exists, len(t.path), t.path[0]
    (True, 25, [1, 1])
    """
    fields = {"board": board, "closed": _flag("closed", closed), "start": start,
              "method": method, "tie_break": tie_break, "limit": _count("limit", limit),
              "restarts": _count("restarts", restarts), "seed": _count("seed", seed)}
    return _ask("tour", _given(fields), memory, None, seconds, progress)


def tour_exists(board: str, *, closed: bool = False, start: Optional[str] = None,
                limit: Optional[int] = None, seconds: Optional[float] = None,
                progress: Any = True) -> TourExists:
    """Whether ``board`` has a knight's tour, with the theorem or search that says so.

    >>> grundy.tour_exists("4x4").exists
    False
    """
    fields = {"board": board, "closed": _flag("closed", closed), "start": start,
              "limit": _count("limit", limit)}
    return _run({"question": "tour_exists", **_given(fields)}, seconds, progress)


def tour_count(board: str, *, closed: bool = False, start: Optional[str] = None,
               undirected: bool = False, memory: Memory = None,
               threads: Optional[int] = None, seconds: Optional[float] = None,
               progress: Any = True) -> TourCount:
    """How many knight's tours ``board`` has (directed: a tour and its reverse count twice,
    unless ``undirected``). An open count (a search) stopped by ``seconds`` answers the tours
    found so far, a lower bound (``complete`` is False); a closed count (the frontier method)
    stopped by ``seconds`` raises :class:`Stopped`; Ctrl-C raises KeyboardInterrupt. An open
    count runs on ``threads`` (default one per core).

    >>> grundy.tour_count("5x5").count
    1728
    """
    fields = {"board": board, "closed": _flag("closed", closed), "start": start,
              "undirected": _flag("undirected", undirected)}
    return _ask("tour_count", _given(fields), memory, threads, seconds, progress)


def verify_tour(text: str, *, closed: bool = False) -> TourVerify:
    """Whether ``text`` holds a knight's tour: a tour as ``grundy tour`` prints it (text or
    JSON), or rows of move numbers.

    >>> grundy.verify_tour(grundy.tour("5x5").to_json()).valid
    True
    """
    return _run({"question": "tour_verify", "text": text, "closed": _flag("closed", closed)},
                None, False)


def graph(game: str, *, graph: Union[str, "os.PathLike[str]", None] = None,
          limit: Optional[int] = None, states: Optional[int] = None, drawing: bool = False,
          seconds: Optional[float] = None, progress: Any = True) -> GraphFacts:
    """The facts of a piece's attack graph on a board, or of a graph (``graph NAME`` with
    ``graph=`` its text or file): independence, domination and independent domination
    numbers, and the count of terminal positions (``grundy graph``). With ``drawing=True``
    the answer's ``drawing`` holds the graph's vertices and edges by name (up to 144
    vertices).

    >>> grundy.graph("queens 8x8").independence_number
    8
    """
    fields = {"game": game, "graph": _read_graph(graph), "limit": _count("limit", limit),
              "states": _count("states", states), "drawing": _flag("drawing", drawing)}
    return _run({"question": "graph", **_given(fields)}, seconds, progress)


def conjecture(game: str, boards: str, *, states: Optional[int] = None,
               seconds: Optional[float] = None, progress: Any = True) -> Answer:
    """Boone's (2016) parity conjecture tested for the piece ``game`` on every board of
    ``boards`` (``"3x3..8x8"``, or one board): every terminal position on an m x n board has
    a number of pieces with the parity of m*n (``grundy conjecture parity``). ``holds``, and
    the first ``counterexample`` found.

    >>> found = grundy.conjecture("knights", "3x3..5x5")
    >>> found["holds"], found["counterexample"]["board"]
    (False, '3x3')
    """
    fields = {"game": game, "boards": boards, "states": _count("states", states)}
    return _run({"question": "conjecture", **_given(fields)}, seconds, progress)


def check(game: str, to: int = 200, *, seconds: Optional[float] = None,
          progress: Any = True) -> Answer:
    """The theorems about the corner game ``game`` (``corner-knight``, ``corner-queen``)
    checked on every position (m, n) with m, n below ``to`` (``grundy check``): ``holds``,
    each statement ``checked`` with its cases, and the ``failures``.

    >>> grundy.check("corner-queen", to=100)["holds"]
    True
    """
    fields = {"game": game, "to": _whole("to", to, 1, 2**63 - 1)}
    return _run({"question": "check", **fields}, seconds, progress)


def _given(fields: Dict[str, Any]) -> Dict[str, Any]:
    """The fields that were given: None leaves the library's default."""
    return {key: value for key, value in fields.items() if value is not None}

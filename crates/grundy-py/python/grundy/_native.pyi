"""The native half of grundy (Rust, PyO3): requests in, answers out. Use the package's
functions rather than these."""

from typing import Any, Callable, Dict, List, Optional, Tuple

#: The most worker threads a request may ask for.
MAX_THREADS: int

#: The most bytes of a graph's text (an edge list or DIMACS) the library reads.
MAX_GRAPH_TEXT_BYTES: int

#: The questions a request may ask (the library's list).
QUESTIONS: List[str]

class NativeAnswer:
    def json(self) -> str:
        """The answer as one JSON object: the keys `grundy ... --json` prints."""
    def svg(self) -> Optional[str]:
        """The answer's picture as SVG, or None when it has none."""

def parse_game(text: str, graph: Optional[str] = None) -> str:
    """Reads a game (every `graph NAME` standing for the graph text `graph`); returns it as
    the library writes it. Raises grundy.InputError."""

def game_svg(text: str, graph: Optional[str] = None) -> Optional[str]:
    """The game's board as SVG (a placement game's pieces and attacked squares), or None for
    a game without one. Raises grundy.InputError."""

def lessons() -> List[Tuple[str, str, str]]:
    """The lesson positions of the references: (game, title, source) each."""

def memory_size(text: str) -> int:
    """Reads a memory size such as '512M' or '2G'. Raises grundy.InputError."""

def run(
    request: str,
    progress: Optional[Callable[[Dict[str, Any]], Any]] = None,
    seconds: Optional[float] = None,
) -> NativeAnswer:
    """Answers a request (its JSON). Raises grundy.Error subclasses, or KeyboardInterrupt."""

"""Progress of a long search: a tqdm bar when tqdm is installed (its widget in a notebook
that has ipywidgets, its text bar elsewhere), else one line rewritten on a terminal's stderr,
else nothing. Nothing is shown for work that ends within a second."""

from __future__ import annotations

import importlib.util
import sys
from typing import Any, Callable, Dict, Optional

#: Work shorter than this shows no progress at all.
QUIET_SECONDS = 1.0

Event = Dict[str, Any]


def describe(event: Event) -> str:
    """What an event is counting, for people."""
    kind = event.get("kind")
    if kind == "first_moves":
        value = event.get("value")
        asked = "outcome" if value is None else f"leaves *{value}?"
        return f"first moves ({asked})"
    if kind == "steps":
        return str(event.get("task", "steps"))
    if kind == "tour_count":
        return "tour count: shares"
    if kind == "frontier":
        return "frontier: squares"
    if kind == "restarts":
        return "neural network: restarts"
    return "searching"


def _tqdm_bar() -> Any:
    """tqdm's bar class, or None without tqdm. ``tqdm.auto`` picks the widget in a notebook,
    but in a notebook without ipywidgets it warns ("IProgress not found. Please update jupyter
    and ipywidgets") on the cell's output before falling back on the text bar: that bar is
    taken directly there."""
    try:
        widgets = importlib.util.find_spec("ipywidgets") is not None
    except (ImportError, ValueError):  # a broken or half-imported ipywidgets
        widgets = False
    try:
        if widgets:
            from tqdm.auto import tqdm  # type: ignore  # no type hints shipped
        else:
            from tqdm import tqdm  # type: ignore  # no type hints shipped
    except ImportError:
        return None
    return tqdm


class Display:
    """The default progress display; call it with each event, then ``close()``."""

    def __init__(self) -> None:
        self._bar: Any = None
        self._what: Optional[str] = None
        self._line = 0
        self._tqdm = _tqdm_bar()
        self._terminal = hasattr(sys.stderr, "isatty") and sys.stderr.isatty()

    def __call__(self, event: Event) -> None:
        if event.get("seconds", 0.0) < QUIET_SECONDS:
            return
        what = describe(event)
        total = event.get("total")
        done = event.get("done", 0)
        positions = event.get("positions")
        if self._tqdm is not None:
            if self._bar is None or what != self._what:
                self.close()
                self._bar = self._tqdm(total=total, desc=what, leave=False)
                self._what = what
            if total is not None:
                self._bar.total = total
                self._bar.n = done
            if positions is not None:
                self._bar.set_postfix_str(f"{positions:,} positions", refresh=False)
            self._bar.refresh()
        elif self._terminal:
            counted = f" {done}/{total}" if total is not None else ""
            searched = f", {positions:,} positions" if positions is not None else ""
            text = f"{what}{counted}{searched} ({event['seconds']:.0f} s)"
            sys.stderr.write("\r" + text.ljust(self._line))
            sys.stderr.flush()
            self._line = len(text)

    def close(self) -> None:
        """Takes the bar or line away."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        if self._line:
            sys.stderr.write("\r" + " " * self._line + "\r")
            sys.stderr.flush()
            self._line = 0


def chosen(progress: Any) -> "tuple[Optional[Callable[[Event], Any]], Optional[Display]]":
    """The callback for ``progress=``: None or True, the default display; False, none; a
    callable, itself."""
    if progress is False:
        return None, None
    if progress is None or progress is True:
        display = Display()
        return display, display
    if callable(progress):
        return progress, None
    # A bad keyword is bad input, as every other keyword's is (a ValueError, not a TypeError).
    from ._errors import InputError

    raise InputError(f"progress={progress!r}: expected True, False or a callable taking a dict")

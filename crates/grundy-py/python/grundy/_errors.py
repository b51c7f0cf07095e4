"""The exceptions grundy raises. Every one is a :class:`grundy.Error`; bad input is a
:class:`ValueError` too, so ``except ValueError`` catches a mistyped game."""

from __future__ import annotations

from typing import Any, Optional


class Error(Exception):
    """Something grundy could not answer. ``message`` says why; ``partial`` is what a stopped
    search finished (a table's finished cells, a sequence's values) or None."""

    def __init__(self, message: str, partial: Optional[Any] = None) -> None:
        super().__init__(message)
        self.message = message
        self._native_partial = partial

    @property
    def partial(self) -> Optional[Any]:
        """What the work finished before it stopped, as an answer (a Table or Sequence), or
        None when it keeps nothing."""
        if self._native_partial is None:
            return None
        from ._answers import answer_of

        return answer_of(self._native_partial)


class InputError(Error, ValueError):
    """The game or a keyword is not something grundy reads: the message names the bad value
    and what was expected (the command line's message, word for word)."""


class Stopped(Error):
    """The search was stopped (``seconds=`` ran out) before the answer; ``partial`` holds what
    it finished, where it keeps anything."""


class OutOfMemory(Error, MemoryError):
    """The memory the request allows (``memory=``) ran out before the answer; ``partial``
    holds what was finished."""


class SearchFailed(Error):
    """The work found no answer within bounds of its own: a search's node budget, a method
    that does not apply to the board, a count past what its numbers hold."""

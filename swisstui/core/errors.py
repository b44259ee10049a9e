"""Errors a director can act on.  Every one carries a single line of text; the CLI prints it
to stderr and exits 1, the TUI shows it in a message.  Never a traceback for user input."""

from __future__ import annotations


class SwissError(Exception):
    """Base class: bad input or an illegal request.  ``str(err)`` is the one-line message."""


class EventFileError(SwissError):
    """A file of the event folder is unreadable or invalid.  Message: ``file:line: what``."""

    def __init__(self, path: str, line: int | None, message: str):
        self.path, self.line, self.message = str(path), line, message
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {message}")


class ResultError(SwissError):
    """A result that the game's grammar refuses, or that cannot happen."""


class PairingError(SwissError):
    """No legal pairing exists; the message names the blocked players, the rule and the
    smallest relaxation that would work."""


class ConflictError(SwissError):
    """A write would silently undo another change (e.g. replacing a different result)."""

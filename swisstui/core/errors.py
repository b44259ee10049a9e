"""Errors a director can act on.  Every one carries a single line of text; the CLI prints it
to stderr and exits 1, the TUI shows it in a message.  Never a traceback for user input.

Besides the line, an error carries structured fields that a front end can act on without
reading the text (the TUI offers the relaxation of a refused pairing; a JSON client gets the
players): ``kind`` (what sort of refusal), ``players`` (the player ids concerned), ``relaxation``
(the smallest change of the request that would succeed, e.g. ``"allow_rematch"``) and ``field``
(the setting, option or form field at fault).
"""

from __future__ import annotations

from os import PathLike
from typing import Any
from collections.abc import Iterable


class SwissError(Exception):
    """Base class: bad input or an illegal request.  ``str(err)`` is the one-line message."""

    kind = "refused"

    def __init__(self, message: str = "", *, kind: str | None = None,
                 players: Iterable[int] = (), relaxation: str | None = None,
                 field: str | None = None):
        super().__init__(message)
        if kind is not None:
            self.kind = kind
        self.players: tuple[int, ...] = tuple(players)
        self.relaxation = relaxation
        self.field = field

    def as_dict(self) -> dict[str, Any]:
        """The structured fields and the message, for JSON output."""
        return {"kind": self.kind, "message": str(self), "players": list(self.players),
                "relaxation": self.relaxation, "field": self.field}


class EventFileError(SwissError):
    """A file of the event folder is unreadable or invalid.  Message: ``file:line: what``."""

    kind = "file"

    def __init__(self, path: str | PathLike[str], line: int | None, message: str, **fields: Any):
        self.path, self.line, self.message = str(path), line, message
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {message}", **fields)


class ResultError(SwissError):
    """A result that the game's grammar refuses, or that cannot happen."""

    kind = "result"


class PairingError(SwissError):
    """No legal pairing exists; the message names the blocked players, the rule and the
    smallest relaxation that would work (also in ``players`` and ``relaxation``)."""

    kind = "pairing"


class ConflictError(SwissError):
    """A write would silently undo another change (e.g. replacing a different result).
    ``fact`` is the message without the command line's way out (``; use --force …``), for
    a front end that offers its own (the TUI asks y / n)."""

    kind = "conflict"

    def __init__(self, message: str = "", *, fact: str = "", **fields: Any):
        super().__init__(message, **fields)
        self.fact = fact or message

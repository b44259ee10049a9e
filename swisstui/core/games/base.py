"""What a game profile is.  One module per game (chess.py, go.py, othello.py, magic.py,
renju.py) defines one :class:`GameProfile` instance named ``PROFILE``; :mod:`.registry`
collects them.  A profile bundles (DESIGN.md §4): point values, the result grammar and its
validation, what a bye scores, colours, the default pairing system and tie-break order, and the
game's own option keys (``[options]`` table of event.toml) with their defaults and legal values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..model import Result, Scoring, Settings


@dataclass(frozen=True)
class Option:
    """One game option: its default, legal values (None = any of ``type``), and help text."""

    default: Any
    type: type | tuple[type, ...]
    choices: tuple[Any, ...] | None = None
    help: str = ""


@dataclass(frozen=True)
class GameProfile:
    name: str
    scoring: Scoring
    system: str  # default pairing system
    style: str  # default in-group style
    round1: str  # default round-1 method
    colours: str  # "fide" | "balance" | "none" | "recorded" (renju: actual Black recorded)
    tiebreaks: tuple[str, ...]
    options: Mapping[str, Option] = field(default_factory=dict, hash=False)
    examples: tuple[str, ...] = ()  # accepted result notations, for help texts
    # parse(text, settings, extra) -> Result; extra = CLI/TUI extras such as {"black": 12}
    # or the detail keys read back from a round file.  Raises ResultError with a message in
    # the game's own terms.
    parse: Callable[[str, Settings, Mapping[str, Any]], Result] | None = None
    # bye_detail(settings) -> detail a bye carries for game-specific tie-breaks
    # (Othello bye discs, Magic 2-0 game wins).
    bye_detail: Callable[[Settings], Mapping[str, Any]] | None = None
    # Keys (besides ``result``) a board table in a round file may carry for this game.
    detail_keys: tuple[str, ...] = ()

    def option(self, settings: Settings, key: str) -> Any:
        return settings.options.get(key, self.options[key].default)

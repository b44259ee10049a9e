"""The colour vocabulary, named once.

*Colour letters*: a board's two seats are recorded as ``"w"`` (White) and ``"b"`` (Black) —
in the derived history (``RoundRecord.colour``, :func:`swisstui.core.history.board_colours`),
the pairing's colour preferences and allocation (``swisstui.core.pairing.colours``), the game
profiles (``Seats.first_colour``, ``Seats.list_marks``) and the options that name a colour
(chess ``initial_colour``).

*Colour policies*: how the pairing treats colours (event.toml ``[pairing] colours``, a game
profile's ``Seats.policy``; docs/RULES.md §2.4 and docs/PAIRING.md): ``fide`` (FIDE C.04.3
colour rules: preferences, no three in a row, difference at most 2), ``balance`` (Blacks and
Whites kept even, the game's ``Seats.colour_gap``), ``recorded`` (the actual Black is
recorded with the result, Renju; the first-listed player is only the tentative Black),
``none`` (the game has no colours, Magic); ``auto`` in the settings means the game's policy.

*Colour words*: ``WORDS`` names each letter's colour for a reader (marked for translation;
shown through the reader's gettext): the pairing's explanations, the lists and slips, the
projector, the TUI's pairings.

Plain strings, so the files and the JSON read and write as they always have; this module
imports only the i18n marker, so every layer of the core may use it.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from .i18n import N_

WHITE: Final = "w"
BLACK: Final = "b"
#: the colour letters, White first
COLOURS: Final = (WHITE, BLACK)
#: each letter's colour word, marked with N_ (translate where shown)
WORDS: Final = MappingProxyType({WHITE: N_("White"), BLACK: N_("Black")})


def opposite(colour: str) -> str:
    """The other colour letter: ``"b"`` for ``"w"`` and ``"w"`` for anything else."""
    return BLACK if colour == WHITE else WHITE


FIDE: Final = "fide"
BALANCE: Final = "balance"
NONE: Final = "none"
RECORDED: Final = "recorded"
#: the settings' value that stands for the game's own policy
AUTO: Final = "auto"
#: the colour policies a game profile may have, in the settings' order
POLICIES: Final = (FIDE, BALANCE, NONE, RECORDED)

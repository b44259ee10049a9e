"""Game profiles, one module per game.  ``profile("chess")`` returns that game's
:class:`~swisstui.core.games.base.GameProfile`."""

from __future__ import annotations

import importlib

from ..errors import SwissError
from ..model import GAMES
from .base import GameProfile, Option

__all__ = ["GameProfile", "Option", "profile", "validate_options", "GAMES"]


def profile(game: str) -> GameProfile:
    if game not in GAMES:
        raise SwissError(f"unknown game {game!r}; valid: {', '.join(GAMES)}")
    module = importlib.import_module(f"{__name__}.{game}")
    return module.PROFILE


def validate_options(game: str, options: dict) -> dict:
    """The game's ``[options]`` table, normalised; SwissError naming an unknown key (with the
    valid keys) or a bad value (with the valid choices).  Defaults are not filled in."""
    return profile(game).validate_options(options)

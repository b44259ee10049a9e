"""Game profiles, one module per game.  ``profile("chess")`` returns that game's
:class:`~swisstui.core.games.base.GameProfile`.

The five games are built in (one module each, named after the game, holding ``PROFILE``).
:func:`register` adds a profile defined elsewhere — the toy game of
tests/core/test_game_profile_recipe.py — under its ``name``; from then on the game is
accepted everywhere a game name is (settings, event.toml, the CLI's ``--game`` choices
built afterwards) until :func:`unregister` removes it.  CONTRIBUTING.md ("Adding a game")
gives the recipe for a new built-in game.
"""

from __future__ import annotations

from ..i18n import _

import importlib
from collections.abc import Callable

from ..errors import SwissError
from ..model import GAMES
from .base import (BoardSetup, Entry, GameProfile, Option, PairingRules, Printing, Seats,
                   Simulation, StandingsRules)

__all__ = ["BoardSetup", "Entry", "GameProfile", "Option", "PairingRules", "Printing", "Seats",
           "Simulation", "StandingsRules", "profile", "game_title", "validate_options", "register",
           "unregister", "GAMES"]

_BUILT_IN = tuple(GAMES)
_PROFILES: dict[str, GameProfile] = {}


def profile(game: str) -> GameProfile:
    prof = _PROFILES.get(game)
    if prof is not None:
        return prof
    if game not in GAMES:
        raise SwissError(_("unknown game {game!r}; valid: {items}").format(game=game, items=', '.join(GAMES)))
    prof = importlib.import_module(f"{__name__}.{game}").PROFILE
    _PROFILES[game] = prof
    return prof


def game_title(game: str, gettext: Callable[[str], str] | None = None) -> str:
    """The game's name as a reader reads it (``囲碁`` for ``go`` in Japanese): the profile's
    ``title`` through ``gettext`` (default: the director's language); an unknown game or one
    without a title: its name as it is."""
    prof = _PROFILES.get(game)
    if prof is None:
        try:
            prof = profile(game)
        except SwissError:
            return game
    if not prof.title:
        return game
    return (gettext or _)(prof.title)


def register(prof: GameProfile) -> GameProfile:
    """Make ``prof`` a game of swisstui under ``prof.name``; ValueError if that name is
    taken.  Returns ``prof``."""
    if not isinstance(prof, GameProfile):
        raise TypeError(f"register() takes a GameProfile, not {type(prof).__name__}")
    if prof.name in GAMES:
        raise ValueError(f"game {prof.name!r} already exists")
    if prof.entry.parse is None:
        raise ValueError(f"game {prof.name!r} has no result grammar (entry.parse)")
    _PROFILES[prof.name] = prof
    GAMES._add(prof.name)
    return prof


def unregister(name: str) -> None:
    """Remove a game added by :func:`register` (the built-in games stay)."""
    if name in _BUILT_IN:
        raise ValueError(f"{name!r} is a built-in game")
    if name in GAMES:
        GAMES._remove(name)
    _PROFILES.pop(name, None)


def validate_options(game: str, options: dict) -> dict:
    """The game's ``[options]`` table, normalised; SwissError naming an unknown key (with the
    valid keys) or a bad value (with the valid choices).  Defaults are not filled in."""
    return profile(game).validate_options(options)

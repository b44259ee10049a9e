"""Shared test helpers (owner: spine).  Keep these stable — every area's tests use them.

* ``make_event(tmp_path, game="chess", n_players=8, rounds=5, **overrides) -> Path`` creates an
  event folder through the real store (:func:`swisstui.core.store.create`) with the game's
  profile defaults (``overrides`` go to :func:`swisstui.core.settings.make_settings`) and
  ``n_players`` players (ids 1..n, ratings descending from 2400 in steps of 20 — slower after
  110 players, never below 0 —, Go/Renju ranks
  from 6d down, clubs and countries cycling through 3 values).  Returns the folder.
* ``sample_players(game, n)`` — the same players as a tuple of :class:`Player`.
* fixture ``event_factory`` — ``make_event`` bound to ``tmp_path``.

Import from a test module with ``from conftest import make_event``.
"""

from __future__ import annotations

import gettext
from pathlib import Path
from typing import Any

import pytest

# Benchmarks are scripts, never collected.  Ignoring the folder here also keeps pytest from
# importing tests/bench/conftest.py, which would otherwise replace this module as
# ``conftest`` in sys.modules and break ``from conftest import make_event``.
collect_ignore = ["bench"]

from swisstui.core import store
from swisstui.core.model import Player
from swisstui.core.settings import make_settings

_FIRST = ("Anna", "Boris", "Chen", "Dara", "Emil", "Fumiko", "Goran", "Hana", "Ivan", "Jana",
          "Kenji", "Lena", "Minho", "Nadia", "Oskar", "Petra", "Quentin", "Rosa", "Sven",
          "Tomoko")
_LAST = ("Ahn", "Berg", "Costa", "Dvorak", "Eriksen", "Fischer", "Gomez", "Hansen", "Ito",
         "Jensen")
_CLUBS = ("Riverside", "Old Town", "Harbour")
_COUNTRIES = ("DE", "FR", "NL")


def _rank(i: int) -> str:
    # 6d, 5d, ..., 1d, 1k, 2k, ...
    return f"{6 - i}d" if i < 6 else f"{i - 5}k"


def sample_players(game: str = "chess", n: int = 8) -> tuple[Player, ...]:
    players = []
    for i in range(n):
        name = f"{_FIRST[i % len(_FIRST)]} {_LAST[(i // len(_FIRST)) % len(_LAST)]}"
        if i >= len(_FIRST) * len(_LAST):
            name += f" {i}"
        rank = _rank(i) if game in ("go", "renju") else None
        # 2400, 2380, ... (then slowly down to 0 for big fields: ratings are 0..9999)
        rating = 2400 - 20 * i if i < 110 else max(0, 200 - (i - 110) // 20)
        players.append(Player(id=i + 1, name=name, rating=rating, rank=rank,
                              club=_CLUBS[i % 3], country=_COUNTRIES[(i // 3) % 3]))
    return tuple(players)


def make_event(tmp_path: Path, game: str = "chess", n_players: int = 8, rounds: int = 5,
               name: str | None = None, folder: str = "event", **overrides: Any) -> Path:
    settings = make_settings(game, name or f"Test {game} event", rounds, **overrides)
    path = Path(tmp_path) / folder
    k = 1
    while path.exists():
        k += 1
        path = Path(tmp_path) / f"{folder}{k}"
    store.create(path, settings, sample_players(game, n_players))
    return path


@pytest.fixture
def event_factory(tmp_path):
    def factory(game: str = "chess", n_players: int = 8, rounds: int = 5, **kw: Any) -> Path:
        return make_event(tmp_path, game, n_players, rounds, **kw)
    return factory


def core_test_module(name: str):
    """A module of tests/core (its hand-built events), for tests in the other folders:
    ``core_test_module("test_interop_h9").EVENT``."""
    import importlib.util
    import sys
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).parent / "core" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """Every test reads English (the strings the tests assert on), whatever the language of
    the machine; a test that chooses another (``--lang ko``) does not leak it to the next."""
    import argparse
    import gettext

    from swisstui.core import i18n
    monkeypatch.setenv("LANGUAGE", "en")
    i18n.use("en")
    yield
    i18n.use("en")
    argparse._ = gettext.gettext  # type: ignore[attr-defined]
    argparse.ngettext = gettext.ngettext  # type: ignore[attr-defined]


class PseudoCatalogue(gettext.NullTranslations):
    """A catalogue that brackets every translated string (``⟦Board⟧``): a test of a page or
    list in it sees at once which words did not go through the catalogue."""

    def gettext(self, message):
        return f"⟦{message}⟧"

    def ngettext(self, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context, message):
        return f"⟦{message}⟧"


@pytest.fixture
def pseudo(monkeypatch):
    """The language code of the bracketing pseudo-catalogue (``xx``)."""
    from swisstui.core import i18n
    monkeypatch.setitem(i18n._cache, "xx", PseudoCatalogue())
    return "xx"

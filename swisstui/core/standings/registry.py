"""The tie-break registry: every tie-break is defined once, in the module of its family, with
its code, aliases, name, rule reference (docs/RULES.md section), the games it applies to and its
compute function.

* :class:`TieBreak` — one definition.  ``games`` says which games it serves: ``"*"`` (every
  game), a tuple of game names (a game's own tie-breaks: Go's SOS, Magic's OMW, …), or a
  test on the game profile (``lambda prof: prof.has_colours`` for BPG) for tie-breaks that
  serve every game with some property.  ``compute(ctx) -> {player id: value}`` for tie-breaks
  that have a value for every player; ``group=True`` tie-breaks (direct encounter, DC, SDC)
  are computed with ``compute(ctx, ids)`` only among the players still tied on everything
  before them in the chain (FIDE C.07 Art. 6, docs/RULES.md §5.2; OpenGotha DC, docs/RULES.md §1.4).
* ``REGISTRY`` — a read-only mapping ``code -> TieBreak``; ``REGISTRY.get(name)`` also
  accepts aliases, lower case and spellings without ``-``/``%`` (``bhc1``, ``OMW%``).

Values are always computed from :func:`swisstui.core.model.history`, never stored.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Iterator

from ..errors import SwissError

ANY = "*"

# modules that define tie-breaks (imported on first use of the registry)
FAMILIES = ("buchholz", "berger", "encounter", "counts", "ratings", "othello",
            "magic", "go", "misc")


@dataclass(frozen=True)
class TieBreak:
    code: str
    name: str
    rule_ref: str
    games: tuple[str, ...] | str | Callable[[Any], bool]
    compute: Callable[..., dict[int, float]]
    aliases: tuple[str, ...] = ()
    percent: bool = False  # shown as a percent in text, a fraction in JSON
    group: bool = False  # computed among the tied players only
    higher_better: bool = True  # False: lower value ranks higher (lot number)
    integer: bool = False  # shown without decimals (ratings)
    doc: str = field(default="", compare=False)
    primary: bool = False  # a main score: first in a chain it replaces the event score

    def applies_to(self, game: str) -> bool:
        if self.games == ANY:
            return True
        if callable(self.games):
            from ..games import profile
            try:
                return bool(self.games(profile(game)))
            except SwissError:  # not a game at all
                return False
        return game in self.games


def _norm(name: str) -> str:
    return "".join(ch for ch in str(name).upper() if ch not in "-_%. ")


class Registry(Mapping):
    """``code -> TieBreak`` with alias-aware :meth:`get` / :meth:`resolve`."""

    def __init__(self) -> None:
        self._by_code: dict[str, TieBreak] = {}
        self._by_name: dict[str, str] = {}
        self._loaded = False

    # -- definition ------------------------------------------------------------------------
    def add(self, tb: TieBreak) -> TieBreak:
        if tb.code in self._by_code:
            raise RuntimeError(f"tie-break {tb.code} defined twice")
        self._by_code[tb.code] = tb
        for name in (tb.code, *tb.aliases):
            key = _norm(name)
            if self._by_name.get(key, tb.code) != tb.code:
                raise RuntimeError(f"alias {name} of {tb.code} already names "
                                   f"{self._by_name[key]}")
            self._by_name[key] = tb.code
        return tb

    def _load(self) -> None:
        if not self._loaded:
            self._loaded = True
            for mod in FAMILIES:
                importlib.import_module(f"{__package__}.{mod}")

    # -- Mapping ----------------------------------------------------------------------------
    def __getitem__(self, code: str) -> TieBreak:
        self._load()
        return self._by_code[code]

    def __iter__(self) -> Iterator[str]:
        self._load()
        return iter(self._by_code)

    def __len__(self) -> int:
        self._load()
        return len(self._by_code)

    def get(self, name: str, default: Any = None) -> TieBreak | None:
        self._load()
        code = self._by_name.get(_norm(name))
        return self._by_code[code] if code else default

    def resolve(self, name: str, game: str | None = None) -> TieBreak:
        """The tie-break called ``name`` (code or alias); SwissError if unknown or not a
        tie-break of ``game``."""
        tb = self.get(name)
        if tb is None:
            known = ", ".join(self.codes(game))
            raise SwissError(f"unknown tie-break {name!r}; known: {known}")
        if game is not None and not tb.applies_to(game):
            raise SwissError(f"tie-break {tb.code} ({tb.name}) does not apply to {game}; "
                             f"known for {game}: {', '.join(self.codes(game))}")
        return tb

    def codes(self, game: str | None = None) -> list[str]:
        self._load()
        return [c for c, tb in self._by_code.items() if game is None or tb.applies_to(game)]


REGISTRY = Registry()


def description(code: str, lang: str | None = None) -> str:
    """What tie-break ``code`` is called, for people, in ``lang`` (None: the director's
    language): ``BH`` → ``Buchholz``.  The code itself is never translated (issue 17); an
    unknown code is returned as it is."""
    from .. import i18n
    from ..readers import gettext_for
    tb = REGISTRY.get(code)
    if tb is None:
        return code
    return gettext_for(lang)(tb.name) if lang else i18n._(tb.name)


def tiebreak(code: str, name: str, rule_ref: str,
             games: tuple[str, ...] | str | Callable[[Any], bool] = ANY, *,
             aliases: tuple[str, ...] = (), percent: bool = False, group: bool = False,
             higher_better: bool = True, integer: bool = False, primary: bool = False):
    """Decorator: register ``fn`` as the compute function of tie-break ``code``."""

    def deco(fn: Callable[..., dict[int, float]]) -> Callable[..., dict[int, float]]:
        doc = (fn.__doc__ or "").strip()
        if rule_ref not in doc:  # every compute function's docstring cites its rule
            fn.__doc__ = f"{doc}\n\n{code} ({name}): {rule_ref}."
        REGISTRY.add(TieBreak(code, name, rule_ref, games, fn, aliases, percent, group,
                              higher_better, integer, doc, primary))
        return fn

    return deco

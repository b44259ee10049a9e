"""The tie-break registry: every tie-break is defined once, in the module of its family, with
its code, aliases, name, rule reference (docs/RULES.md section), the games it applies to and its
compute function.

* :class:`TieBreak` — one definition.  ``games`` says which games it serves: ``"*"`` (every
  game), a tuple of game names (a game's own tie-breaks: Go's SOS, Magic's OMW, …), or a
  test on the game profile (``lambda prof: prof.seats.has_colours`` for BPG) for tie-breaks that
  serve every game with some property.  ``compute(ctx) -> {player id: value}`` for tie-breaks
  that have a value for every player; ``group=True`` tie-breaks (direct encounter, DC, SDC)
  are computed with ``compute(ctx, ids)`` only among the players still tied on everything
  before them in the chain (FIDE C.07 Art. 6, docs/RULES.md §5.2; OpenGotha DC, docs/RULES.md §1.4).
* ``REGISTRY`` — a read-only mapping ``code -> TieBreak``; ``REGISTRY.get(name)`` also
  accepts aliases, lower case and spellings without ``-``/``%`` (``bhc1``, ``OMW%``).
* Modifier ``/P`` (FIDE C.07 Art. 14, docs/RULES.md §5.2 "Modifiers": forfeits count as games
  played against the scheduled opponent): ``BH-C1/P``, ``SB/P``, … for the tie-breaks that
  declare ``modifiers=("P",)``; ``REGISTRY.get("bh/p")`` builds that variant once (code
  ``BH/P``) and computes the base tie-break on
  :meth:`.context.Context.with_forfeits_played`.  Variants are not listed by iteration.

Values are always computed from :func:`swisstui.core.history.history`, never stored.
"""

from __future__ import annotations

from ..i18n import _

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
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
    modifiers: tuple[str, ...] = ()  # modifiers accepted after "/" ("P")
    #: what a player's value depends on, when ``compute(ctx, only=ids)`` computes it for
    #: some players only: ``"own"`` (their own records), ``"opponents"`` (also the
    #: opponents' scores: sums of contributions); "" (anything: computed whole).  A context
    #: reuses the other players' values of an earlier one (:meth:`.context.Context.reuse`)
    scope: str = ""

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
        self._variants: dict[str, TieBreak] = {}
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
        if code in self._by_code:
            return self._by_code[code]
        tb = self.get(code) if "/" in code else None
        if tb is None:
            raise KeyError(code)
        return tb

    def __iter__(self) -> Iterator[str]:
        self._load()
        return iter(self._by_code)

    def __len__(self) -> int:
        self._load()
        return len(self._by_code)

    def get(self, name: str, default: Any = None) -> TieBreak | None:
        self._load()
        base, _, mods = str(name).partition("/")
        code = self._by_name.get(_norm(base))
        if not code:
            return default
        if not mods:
            return self._by_code[code]
        return self._variant(self._by_code[code], mods) or default

    def _variant(self, base: TieBreak, mods: str) -> TieBreak | None:
        """``base`` with the modifier ``mods`` (only ``P``), or None if it takes none."""
        mod = _norm(mods)
        if mod != "P" or mod not in base.modifiers:
            return None
        code = f"{base.code}/{mod}"
        if code not in self._variants:
            compute = base.compute

            def played(ctx: Any, *args: Any) -> dict[int, float]:
                return compute(ctx.with_forfeits_played(), *args)

            self._variants[code] = replace(
                base, code=code, name=f"{base.name} (forfeits as played)",
                rule_ref=f"{base.rule_ref}; C.07 Art. 14 (modifier P)", compute=played,
                aliases=(), modifiers=(), scope="")
        return self._variants[code]

    def resolve(self, name: str, game: str | None = None) -> TieBreak:
        """The tie-break called ``name`` (code or alias); SwissError if unknown or not a
        tie-break of ``game``."""
        tb = self.get(name)
        if tb is None:
            known = ", ".join(self.codes(game))
            raise SwissError(_("unknown tie-break {name!r}; known: {known}").format(name=name, known=known))
        if game is not None and not tb.applies_to(game):
            raise SwissError(_("tie-break {code} ({name}) does not apply to {game}; known for {game}: {items}").format(code=tb.code, name=tb.name, game=game, items=', '.join(self.codes(game))))
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
             higher_better: bool = True, integer: bool = False, primary: bool = False,
             modifiers: tuple[str, ...] = (), scope: str = ""):
    """Decorator: register ``fn`` as the compute function of tie-break ``code``."""

    def deco(fn: Callable[..., dict[int, float]]) -> Callable[..., dict[int, float]]:
        doc = (fn.__doc__ or "").strip()
        if rule_ref not in doc:  # every compute function's docstring cites its rule
            fn.__doc__ = f"{doc}\n\n{code} ({name}): {rule_ref}."
        REGISTRY.add(TieBreak(code, name, rule_ref, games, fn, aliases, percent, group,
                              higher_better, integer, doc, primary, modifiers, scope))
        return fn

    return deco

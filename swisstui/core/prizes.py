"""Prizes (issue 35 items 7–9, docs/FORMAT.md "prizes.toml"): the event folder's prizes file
read and checked, and the allocation over the final standings, explained line by line.

The file holds prize **groups**; a group holds **categories** (Open, U1600, best woman…),
each with its eligibility criteria and its **places** (money, a non-monetary item, or both,
and a value to compare them).  The rules:

* A player wins at most one prize per group (they may win in several groups).  Prizes are
  given most valuable first — ties by the category's ``priority``, then its name, then the
  place — each to the best-placed eligible player without a prize in the group; the prize a
  player leaves (they took a more valuable one) passes to the next eligible player.  This
  is the rule of Sharly-Chess's prize lists ("players are awarded the most valuable prize
  they qualify for within each group; if two prizes have the same value, the category
  order decides", https://sharly-chess.com/prize-list) and of US Chess's Official Rules,
  rule 32B ("each player is entitled to one cash prize, the largest").  It is
  deterministic: the same standings and the same file (whatever the order of its groups,
  and of its categories where their priorities are written) give the same allocation.
* **Sharing** of a category's money among the players tied with a winner (``shared_by``:
  equal points, the default, as money is usually shared in chess opens while trophies go by
  tie-break; or the same standings place, equal on the whole tie-break chain):

  - ``none`` — by place (tie-breaks decide);
  - ``average`` — the money of the places the tied players occupy is pooled and divided
    equally (US Chess rule 32B: "prizes are pooled and divided equally among the tied
    players"; with 2nd–4th tied on 1000, 500 and 300: 600 each);
  - ``hort`` — the Hort system (Vlastimil Hort; German Wikipedia "Hort-System"): each tied
    player keeps half the money of their own place, the other half of every tied place goes
    into a pot divided equally among them (100 and 80 tied: 50 + 45 = 95 and 40 + 45 = 85).

  Shares are rounded to the group's ``rounding`` unit (half up).  When a share would be below
  ``minimum_share`` the tied players' prizes are not shared: they go by place.  Items
  (trophies, books) are never shared: they go by place.  Players tied with a winner beyond
  the category's places share in ``average``/``hort`` (they occupy those places too).
* ``mode = "record"`` (Magic's prizes by record, e.g. every X-1 player): one prize given to
  every eligible player with at least ``min_score`` points (and at most ``max_losses``
  games lost), one per player like any other prize of the group.
* Withdrawn players: the group's ``withdrawn`` setting, ``excluded`` (default) or
  ``eligible``.

Pure: an Event, its standings and a :class:`PrizeFile` in, an :class:`Allocation` out; the
explanations are :class:`~swisstui.core.readers.Message` lines, translated by their reader.
"""

from __future__ import annotations

from .i18n import N_, _

import datetime as _dt
import os
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from pathlib import Path
from typing import Any
from collections.abc import Iterable, Mapping, Sequence

from .errors import EventFileError, SwissError
from .fees import currency_problem, minor_unit
from .model import Event, GameKind, Player
from .readers import Message, number_text

PRIZES_FILE = "prizes.toml"
#: A prizes file larger than this is refused before it is parsed (a prize list is a few KB)
MAX_BYTES = 1 << 20
SHARING = ("none", "average", "hort")
SHARED_BY = ("points", "place")
WITHDRAWN = ("excluded", "eligible")
MODES = ("place", "record", "performance")
UNRATED = ("include", "exclude", "only")
FILE_KEYS = ("currency", "base_date", "group")
GROUP_KEYS = ("name", "sharing", "shared_by", "rounding", "minimum_share", "withdrawn",
              "category")
CRITERIA = ("rating_min", "rating_max", "unrated", "rank_min", "rank_max", "age_min",
            "age_max", "sex", "club", "country", "section", "min_score", "max_losses")
CATEGORY_KEYS = ("name", "priority", "mode", "money", "items", "values") + CRITERIA


# ---- the file ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Place:
    """One prize: its place in the category (1-based), money, item and comparison value."""

    number: int
    money: Decimal
    item: str
    value: Decimal


@dataclass(frozen=True)
class Category:
    name: str
    priority: int
    places: tuple[Place, ...]
    mode: str = "place"
    criteria: Mapping[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Group:
    name: str
    categories: tuple[Category, ...]
    sharing: str = "none"
    shared_by: str = "points"
    rounding: Decimal = Decimal("0.01")
    minimum_share: Decimal = Decimal(0)
    withdrawn: str = "excluded"


@dataclass(frozen=True)
class PrizeFile:
    groups: tuple[Group, ...]
    currency: str = ""
    base_date: str | None = None


def _date(text: str) -> _dt.date | None:
    try:
        return _dt.date.fromisoformat(text)
    except ValueError:
        return None


def read_prizes(path: str | os.PathLike[str], *, sections: Sequence[str] = (),
                base_date: str | None = None, currency: str = "",
                game: str | None = None) -> PrizeFile:
    """``prizes.toml`` read with the store's hardened reader (a regular file, UTF-8, TOML,
    finite numbers, limited nesting) and checked: one ``file:line: message`` for the first
    problem.  ``sections``: the event's section names (a ``section`` criterion must name one);
    ``base_date``: the event's first day, the ages' default base date; ``currency``: the
    desk's (desk.toml), used when the file names none; ``game``: the event's game (a
    category ranked by performance needs the TPR tie-break to serve it).

    Money (``money``, ``values``, ``rounding``, ``minimum_share``) is read as desk.toml's
    is (:func:`swisstui.core.fees.money`): a :class:`~decimal.Decimal` from a text
    (``"12.50"``) or a whole number, never a TOML float, not negative, at most 2 decimals —
    none in a currency without a minor unit (JPY, KRW)."""
    from .store.reading import _Reader, _read_toml
    path = Path(path)
    try:
        size = os.stat(path).st_size
    except OSError:
        size = 0
    if size > MAX_BYTES:
        raise EventFileError(path, None, _("is {size} bytes; a prizes file may have at most "
                                           "{limit}").format(size=size, limit=MAX_BYTES))
    text, data = _read_toml(path)
    import datetime as _dt
    if isinstance(data.get("base_date"), _dt.date) and \
            not isinstance(data.get("base_date"), _dt.datetime):
        data["base_date"] = data["base_date"].isoformat()  # a TOML date: as its text
    top = _Reader(path, text, data, label=PRIZES_FILE)
    top.only(FILE_KEYS)
    own = top.get("currency", "str", "")
    problem = currency_problem(own) if own else None
    if problem:
        raise top.err("currency", problem)
    currency = own or currency
    base = top.get("base_date", "str", None)
    if base is not None and _date(base) is None:
        raise top.err("base_date", _("'base_date' must be a date YYYY-MM-DD, not {value!r}")
                      .format(value=base))
    raw_groups = data.get("group", [])
    if not isinstance(raw_groups, list) or not raw_groups or \
            not all(isinstance(g, dict) for g in raw_groups):
        raise top.err("group", _("a prizes file needs at least one [[group]] with its "
                                 "[[group.category]] tables"))
    groups: list[Group] = []
    cat_index = 0
    for gi, g in enumerate(raw_groups):
        r = _Reader(path, text, g, table="group", index=gi)
        r.only(GROUP_KEYS)
        name = r.get("name", "str", required=True)
        if any(x.name == name for x in groups):  # the totals and the view are by name
            raise r.err("name", _("a second prize group named {name!r}: give each group "
                                  "its own name").format(name=name))
        sharing = _choice(r, "sharing", SHARING, "none")
        shared_by = _choice(r, "shared_by", SHARED_BY, "points")
        withdrawn = _choice(r, "withdrawn", WITHDRAWN, "excluded")
        # the smallest coin by default: 0.01, or 1 in a currency without decimals
        rounding = (_amount(r, "rounding", g["rounding"], currency) if "rounding" in g
                    else Decimal(1).scaleb(-minor_unit(currency)))
        if rounding <= 0:
            raise r.err("rounding", _("'rounding' must be more than 0, not {value}")
                        .format(value=rounding))
        minimum = _amount(r, "minimum_share", g.get("minimum_share", 0), currency)
        cats_raw = g.get("category", [])
        if not isinstance(cats_raw, list) or not cats_raw or \
                not all(isinstance(c, dict) for c in cats_raw):
            raise r.err(None, _("group {name!r} has no [[group.category]] with places")
                        .format(name=name))
        cats = []
        for ci, c in enumerate(cats_raw):
            cr = _Reader(path, text, c, table="group.category", index=cat_index + ci)
            cats.append(_category(cr, ci + 1, sections, base or base_date, currency, game))
        cat_index += len(cats_raw)
        groups.append(Group(name, tuple(cats), sharing, shared_by, rounding, minimum,
                            withdrawn))
    return PrizeFile(tuple(groups), currency, base)


def _choice(r: Any, key: str, choices: Sequence[str], default: str) -> str:
    value = r.get(key, "str", default)
    if value not in choices:
        raise r.err(key, _("{key!r} must be one of {choices}, not {value!r}").format(
            key=key, choices=", ".join(choices), value=value))
    return str(value)


def _amount(r: Any, key: str, value: Any, currency: str) -> Decimal:
    """One amount of the file, as desk.toml's (:func:`swisstui.core.fees.money`); its
    refusal on the key's line."""
    from .fees import money
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        raise r.err(key, _("{key!r}: a prize cannot be negative ({value})")
                    .format(key=key, value=value))
    try:
        return money(value, repr(key), currency)
    except SwissError as exc:
        raise r.err(key, str(exc)) from None


#: the tie-break a category ``mode = "performance"`` ranks by
PERFORMANCE = "TPR"


def performance_serves(game: str) -> bool:
    """Whether the tournament performance rating (the :data:`PERFORMANCE` tie-break, FIDE
    C.07 Art. 10.2) serves ``game``: its declaration in the standings registry says so."""
    from .standings.registry import REGISTRY
    return REGISTRY[PERFORMANCE].applies_to(game)


def _category(r: Any, order: int, sections: Sequence[str], base_date: str | None,
              currency: str = "", game: str | None = None) -> Category:
    from .ranks import RankError, rank_value
    r.only(CATEGORY_KEYS)
    name = r.get("name", "str", required=True)
    priority = r.get("priority", "int", order)
    mode = _choice(r, "mode", MODES, "place")
    if mode == "performance" and game is not None and not performance_serves(game):
        raise r.err("mode", _("category {name!r} ranks by performance, but {game} has no "
                              "tournament performance rating (TPR)").format(name=name,
                                                                             game=game))
    money_raw = r.data.get("money", [])
    items = r.get("items", "strlist", ())
    values_raw = r.data.get("values", [])
    amounts: dict[str, list[Decimal]] = {}
    for key, raw in (("money", money_raw), ("values", values_raw)):
        if not isinstance(raw, list):
            raise r.err(key, _("{key!r} must be a list of numbers, one per place")
                        .format(key=key))
        amounts[key] = [_amount(r, key, v, currency) for v in raw]
    n = max(len(money_raw), len(items), len(values_raw))
    if n == 0:
        raise r.err(None, _("category {name!r} has no places: give 'money' or 'items', one "
                            "per place").format(name=name))
    if mode == "record" and n != 1:
        raise r.err("money", _("category {name!r} is a prize by record: one prize, given "
                               "to every player with the record").format(name=name))
    places = []
    for i in range(n):
        money = amounts["money"][i] if i < len(money_raw) else Decimal(0)
        item = items[i] if i < len(items) else ""
        value = amounts["values"][i] if i < len(values_raw) else money
        places.append(Place(i + 1, money, item, value))
    for a, b in zip(places, places[1:]):
        if b.value > a.value:
            raise r.err("values" if values_raw else "money", _(
                "category {name!r}: place {place} is worth more than place {before}; a "
                "place's value may not be above the one before").format(
                    name=name, place=b.number, before=a.number))
    criteria: dict[str, Any] = {}
    for key in ("rating_min", "rating_max", "age_min", "age_max", "max_losses"):
        if key in r.data:
            criteria[key] = r.positive(key, minimum=0)
    if "min_score" in r.data:
        criteria["min_score"] = r.get("min_score", "float")
    for key in ("rating", "age"):
        lo, hi = criteria.get(key + "_min"), criteria.get(key + "_max")
        if lo is not None and hi is not None and lo > hi:
            raise r.err(key + "_max", _("{key!r} is below {low!r}: the category matches "
                                        "nobody").format(key=key + "_max", low=key + "_min"))
    if "unrated" in r.data:
        criteria["unrated"] = _choice(r, "unrated", UNRATED, "include")
    for key in ("rank_min", "rank_max"):
        if key in r.data:
            try:
                criteria[key] = rank_value(r.get(key, "str"))
            except RankError as exc:
                raise r.err(key, str(exc)) from None
    if "sex" in r.data:
        criteria["sex"] = _choice(r, "sex", ("f", "m"), "f")
    for key in ("club", "country"):
        if key in r.data:
            v = r.data[key]
            got = (v,) if isinstance(v, str) else r.get(key, "strlist")
            if not got:
                raise r.err(key, _("{key!r} is empty: the category matches nobody")
                            .format(key=key))
            criteria[key] = frozenset(s.casefold() for s in got)
    if "section" in r.data:
        sec = r.get("section", "str")
        if sections and sec not in sections:
            raise r.err("section", _("no section {name!r} in this event (sections: {names})")
                        .format(name=sec, names=", ".join(sections)))
        criteria["section"] = sec
    if ("age_min" in criteria or "age_max" in criteria) and base_date is None:
        raise r.err("age_min" if "age_min" in criteria else "age_max", _(
            "an age needs a base date: set 'base_date' at the top of the file (or the "
            "event's date_start)"))
    if ("age_min" in criteria or "age_max" in criteria):
        criteria["base_date"] = _date(base_date or "")
        if criteria["base_date"] is None:
            raise r.err("age_min", _("the event's date_start {value!r} is not a date "
                                     "YYYY-MM-DD: set 'base_date'").format(value=base_date))
    if mode == "record" and "min_score" not in criteria and "max_losses" not in criteria:
        raise r.err("mode", _("category {name!r} is a prize by record: give 'min_score' or "
                              "'max_losses'").format(name=name))
    return Category(name, priority, tuple(places), mode, criteria)


# ---- eligibility -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Standing:
    """What the allocation knows of a player: standings order, points, shared place."""

    player: Player
    position: int  # 1..n, unique (tie-breaks decide)
    points: float
    place: str  # "3-5" when equal on the whole chain
    losses: int = 0
    section: str = ""
    # the tournament performance rating (the TPR tie-break, FIDE C.07 Art. 10.2) when a
    # category ranks by it; None: not computed, or no rated game
    performance: float | None = None


def age_at(birth: str | None, base: _dt.date) -> int | None:
    """Completed years at ``base``; a birth year alone counts from 1 January."""
    if not birth:
        return None
    born = _date(birth) if len(birth) > 4 else None
    if born is None:
        try:
            born = _dt.date(int(birth[:4]), 1, 1)
        except ValueError:
            return None
    return base.year - born.year - ((base.month, base.day) < (born.month, born.day))


def eligible(cat: Category, s: Standing) -> bool:
    """Whether the player meets every criterion of the category."""
    c, p = cat.criteria, s.player
    if not c:
        return True
    banded = "rating_min" in c or "rating_max" in c
    unrated = c.get("unrated", "exclude" if banded else "include")
    if p.rating is None:
        if unrated == "exclude":
            return False
    else:
        if unrated == "only":
            return False
        if "rating_min" in c and p.rating < c["rating_min"]:
            return False
        if "rating_max" in c and p.rating > c["rating_max"]:
            return False
    if "rank_min" in c or "rank_max" in c:
        from .ranks import RankError, rank_value
        try:
            rv = rank_value(p.rank) if p.rank else None
        except RankError:
            rv = None
        if rv is None or rv < c.get("rank_min", rv) or rv > c.get("rank_max", rv):
            return False
    if "base_date" in c:
        age = age_at(p.birth, c["base_date"])
        if age is None or age < c.get("age_min", age) or age > c.get("age_max", age):
            return False
    if "sex" in c and (p.sex or "").lower() != c["sex"]:
        return False
    if "club" in c and (p.club or "").casefold() not in c["club"]:
        return False
    if "country" in c and (p.country or "").casefold() not in c["country"]:
        return False
    if "section" in c and s.section != c["section"]:
        return False
    if "min_score" in c and s.points < c["min_score"]:
        return False
    return not ("max_losses" in c and s.losses > c["max_losses"])


# ---- the allocation -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Award:
    """One player's prize in a group: the category and place, the money after sharing
    (``money``; ``nominal`` before), the item, and the players it was shared with."""

    group: str
    category: str
    place: int
    player: int
    name: str
    points: float
    money: Decimal
    nominal: Decimal
    item: str
    value: Decimal
    shared_with: tuple[int, ...] = ()
    label: Any = None  # the prize as the reader reads it ("U1600 1.", "X-1 (record)"): a Message


@dataclass(frozen=True)
class GroupResult:
    name: str
    awards: tuple[Award, ...]
    explanation: tuple[str, ...]
    # per category: players tied with its last winner who got nothing in it (the ceremony
    # list names them)
    tied_with_last: Mapping[str, tuple[int, ...]] = field(default_factory=dict, hash=False)
    unawarded: tuple[tuple[str, int], ...] = ()  # (category, place) nobody could take


@dataclass(frozen=True)
class Allocation:
    groups: tuple[GroupResult, ...]
    currency: str = ""
    after_round: int = 0
    warnings: tuple[str, ...] = ()

    def awards(self) -> list[Award]:
        return [a for g in self.groups for a in g.awards]

    def totals(self) -> dict[str, Decimal]:
        """Money paid per group, and ``""`` for all groups."""
        out: dict[str, Decimal] = {}
        for g in self.groups:
            out[g.name] = sum((a.money for a in g.awards), Decimal(0))
        out[""] = sum(out.values(), Decimal(0))
        return out


def money_text(value: Decimal) -> str:
    """An amount as written in files and JSON: no trailing zeros (``95``, ``12.5``)."""
    q = value.normalize()
    text = format(q, "f")
    return text


def _round(value: Decimal, unit: Decimal) -> Decimal:
    try:
        return (value / unit).quantize(Decimal(1), rounding=ROUND_HALF_UP) * unit
    except InvalidOperation:  # pragma: no cover - finite inputs only
        return value


def line_text(line: str, gettext: Any, lang: str | None = None) -> str:
    """An explanation line for its reader: a :class:`Message` translated with ``gettext``,
    its fields too (a prize's label, a reason), numbers in the reader's form."""
    if not isinstance(line, Message):
        return str(line)
    fields = {k: (line_text(v, gettext, lang) if isinstance(v, Message) else
                  number_text(v, lang) if isinstance(v, float) else v)
              for k, v in line.fields.items()}
    return gettext(line.msgid).format(**fields) if fields else gettext(line.msgid)


def _label(cat: Category, place: Place) -> Message:
    if cat.mode == "record":
        return Message(N_("{category} (record)"), category=cat.name)
    return Message(N_("{category} {place}."), category=cat.name, place=place.number)


def allocate(standing: Sequence[Standing], prizes: PrizeFile, *, after_round: int = 0,
             warnings: Iterable[str] = ()) -> Allocation:
    """The prizes of every group given the standings (``standing`` in standings order)."""
    order = sorted(standing, key=lambda s: s.position)
    cache: dict[Any, list[Standing]] = {}  # eligible players by criteria, shared by groups
    return Allocation(tuple(_group(order, g, cache) for g in prizes.groups),
                      prizes.currency, after_round, tuple(warnings))


def _eligible_list(order: Sequence[Standing], g: Group, cat: Category,
                   cache: dict[Any, list[Standing]]) -> list[Standing]:
    by_tpr = cat.mode == "performance"
    key = (g.withdrawn, by_tpr, tuple(sorted(cat.criteria.items(), key=lambda kv: kv[0])))
    got = cache.get(key)
    if got is None:
        keep = g.withdrawn == "eligible"
        got = [s for s in order
               if (keep or s.player.withdrawn_from is None) and eligible(cat, s)
               and (not by_tpr or s.performance)]  # no rated game: no performance
        if by_tpr:  # best performance first, equal ones in standings order
            got.sort(key=lambda s: _rank_key(cat, s))
        cache[key] = got
    return got


def _rank_key(cat: Category, s: Standing) -> tuple[float, int]:
    """A category's order: the standings, or (``mode = "performance"``) the tournament
    performance rating, best first, equal ones by the standings."""
    if cat.mode == "performance":
        return (-(s.performance or 0.0), s.position)
    return (0.0, s.position)


def _group(order: Sequence[Standing], g: Group,
           cache: dict[Any, list[Standing]] | None = None) -> GroupResult:
    cats = sorted(g.categories, key=lambda c: (c.priority, c.name))
    rank_of = {id(c): i for i, c in enumerate(cats)}
    by_name: dict[str, int] = {}
    for i, c in enumerate(cats):
        by_name.setdefault(c.name, i)
    cache = {} if cache is None else cache
    lists = {id(c): _eligible_list(order, g, c, cache) for c in cats}
    pointer = {id(c): 0 for c in cats}
    prizes = sorted(((p.value, c, p) for c in cats for p in c.places),
                    key=lambda t: (-t[0], rank_of[id(t[1])], t[2].number))
    won: dict[int, tuple[Category, Place]] = {}
    lines: list[str] = []
    nominal: dict[int, list[tuple[Place, Standing]]] = {id(c): [] for c in cats}
    unawarded: list[tuple[str, int]] = []
    for _value, cat, place in prizes:
        lst, i = lists[id(cat)], pointer[id(cat)]
        label = _label(cat, place)
        if cat.mode == "record":
            for s in lst:
                pid = s.player.id
                if pid in won:
                    continue
                won[pid] = (cat, place)
                nominal[id(cat)].append((place, s))
            continue
        passed = []
        while i < len(lst) and lst[i].player.id in won:
            other = won[lst[i].player.id]
            if other[0] is not cat:
                passed.append((lst[i], other))
            i += 1
        if i < len(lst):
            taker = lst[i]
            won[taker.player.id] = (cat, place)
            nominal[id(cat)].append((place, taker))
            pointer[id(cat)] = i + 1
        else:
            taker = None
            pointer[id(cat)] = i
            unawarded.append((cat.name, place.number))
        for s, (ocat, oplace) in passed:
            why = (N_("higher value") if oplace.value > place.value else
                   N_("same value, {category} comes first"))
            lines.append(Message(N_("{player} gets {prize}, not {other}: {reason}"),
                                 player=s.player.name, prize=_label(ocat, oplace),
                                 other=label, reason=Message(why, category=ocat.name)))
        if passed and taker is not None:
            lines.append(Message(N_("{prize} passes to {player}"), prize=label,
                                 player=taker.player.name))
        elif taker is None:
            lines.append(Message(N_("{prize}: nobody eligible is left; not awarded"),
                                 prize=label))
    awards: list[Award] = []
    tied_last: dict[str, tuple[int, ...]] = {}
    # sharing, most valuable category first: a player tied with a category's last winner
    # shares its money only if they have nothing yet in the group
    extra: set[int] = set()
    for cat in sorted(cats, key=lambda c: (-c.places[0].value, rank_of[id(c)])):
        got = nominal[id(cat)]
        if cat.mode == "record":
            for place, s in got:
                awards.append(_award(g, cat, place, s, place.money))
                lines.append(Message(N_("{player} gets {prize}: score {points}"),
                                     player=s.player.name, prize=_label(cat, place),
                                     points=s.points))
            continue
        # the category's standings as far as the players tied with its last winner
        upto: list[Standing] = []
        k = len(got)
        for s in lists[id(cat)]:
            pid = s.player.id
            if pid in extra or (pid in won and won[pid][0] is not cat):
                continue
            if k and len(upto) >= k and _tie_key(g, s, cat) != _tie_key(g, upto[k - 1], cat):
                break
            upto.append(s)
        a, t, more = _share(g, cat, got, upto)
        if cat.mode == "performance":
            by_id = {s.player.id: s for s in upto}
            lines += [Message(N_("{player} gets {prize}: performance rating {rating}"),
                              player=x.name, prize=x.label,
                              rating=int(by_id[x.player].performance or 0))
                      for x in a if x.player in by_id]
        extra.update(x.player for x in a if x.player not in won)
        awards += a
        lines += more
        if t:
            tied_last[cat.name] = t
    for cat in cats:  # withdrawn players placed ahead of a winner
        if g.withdrawn != "excluded":
            break
        got = nominal[id(cat)]
        if not got or cat.mode != "place":
            continue
        last = max(s.position for _p, s in got)
        for s in order:
            if s.position > last:
                break
            if s.player.withdrawn_from is not None and eligible(cat, s):
                lines.append(Message(N_("{player} withdrew: no prize in {group} (the "
                                        "group's rule)"), player=s.player.name,
                                     group=g.name))
    awards.sort(key=lambda a: (by_name[a.category], a.place, a.player))
    return GroupResult(g.name, tuple(awards), tuple(lines), tied_last, tuple(unawarded))


def _award(g: Group, cat: Category, place: Place, s: Standing, money: Decimal,
           shared: tuple[int, ...] = ()) -> Award:
    return Award(g.name, cat.name, place.number, s.player.id, s.player.name, s.points,
                 money, place.money, place.item, place.value, shared, _label(cat, place))


def _tie_key(g: Group, s: Standing, cat: Category | None = None) -> Any:
    """What players tied with a winner share on: points or the standings place, and in a
    category ranked by performance the performance rating."""
    if cat is not None and cat.mode == "performance":
        return s.performance
    return s.points if g.shared_by == "points" else s.place


def _share(g: Group, cat: Category, got: list[tuple[Place, Standing]],
           lst: list[Standing]) -> tuple[list[Award], tuple[int, ...], list[str]]:
    """The category's awards after sharing, the players tied with its last winner left
    without a prize, and the lines that explain the sharing."""
    got = sorted(got, key=lambda t: _rank_key(cat, t[1]))
    lines: list[str] = []
    awards: list[Award] = []
    k = len(got)
    if not k:
        return awards, (), lines
    places = [p for p, _s in got]
    keys = [_tie_key(g, s, cat) for s in lst]
    i = 0
    tied_last: tuple[int, ...] = ()
    while i < k:
        j = i
        while j + 1 < len(lst) and keys[j + 1] == keys[i]:
            j += 1
        tied = lst[i:j + 1]
        mine = places[i:min(j + 1, k)]
        if j >= k and g.sharing == "none":
            tied_last = tuple(s.player.id for s in lst[k:j + 1])
        if len(tied) == 1 or g.sharing == "none" or not any(p.money for p in mine):
            for n in range(i, min(j + 1, k)):
                awards.append(_award(g, cat, places[n], lst[n], places[n].money))
            i = j + 1
            continue
        ids = tuple(s.player.id for s in tied)
        total = sum((p.money for p in mine), Decimal(0))
        n = len(tied)
        if g.sharing == "average":
            shares = [_round(total / n, g.rounding)] * n
            pot = total
        else:  # hort: half kept by place, half pooled
            pot = total / 2
            each = _round(pot / n, g.rounding)
            kept = [(places[i + m].money / 2 if i + m < k else Decimal(0)) for m in range(n)]
            shares = [_round(x, g.rounding) + each for x in kept]
        pooled_share = _round(pot / n, g.rounding)
        label = Message(N_("{category} {first}–{last}"), category=cat.name,
                        first=i + 1, last=j + 1)
        if pooled_share < g.minimum_share:
            lines.append(Message(N_("{prize}: a share of {share} would be below the "
                                    "minimum {minimum}; not shared, by place"),
                                 prize=label, share=money_text(pooled_share),
                                 minimum=money_text(g.minimum_share)))
            for n2 in range(i, min(j + 1, k)):
                awards.append(_award(g, cat, places[n2], lst[n2], places[n2].money))
            if j >= k:
                tied_last = tuple(s.player.id for s in lst[k:j + 1])
            i = j + 1
            continue
        names = ", ".join(s.player.name for s in tied)
        if g.sharing == "average":
            lines.append(Message(N_("{prize} shared by {players} (score {points}): "
                                    "{total} / {count} = {share} each"),
                                 prize=label, players=names, points=tied[0].points,
                                 total=money_text(total), count=n,
                                 share=money_text(shares[0])))
        else:
            lines.append(Message(N_("{prize} shared by {players} (score {points}), Hort "
                                    "system: each keeps half of their own place's money, "
                                    "the other half ({pot}) is divided: {share} each"),
                                 prize=label, players=names, points=tied[0].points,
                                 pot=money_text(pot), share=money_text(pooled_share)))
        for m, s in enumerate(tied):
            if i + m < k:
                place = places[i + m]
            else:  # tied beyond the places: shares the money, no item, no place of its own
                place = Place(k + 1 + (m - (k - i)), Decimal(0), "", Decimal(0))
            awards.append(_award(g, cat, place, s, shares[m],
                                 tuple(x for x in ids if x != s.player.id)))
            if place.item and n > 1:
                lines.append(Message(N_("{item} is not shared: {player} takes it by "
                                        "place"), item=place.item, player=s.player.name))
        i = j + 1
    return awards, tied_last, lines


# ---- from an event ---------------------------------------------------------------------------

def standing_of(event: Event, section: str = "", performance: bool = False
                ) -> tuple[list[Standing], int, list[str]]:
    """The final standings as the allocation reads them (after the playoff, its final
    places), the round they are after, and warnings (standings not final).  With
    ``performance`` (a category ranks by it) each player's tournament performance rating
    as the standings compute the TPR tie-break, after the same round."""
    from .history import history
    from .standings import standings
    table = standings(event)
    rows = {r.player.id: r for r in table.rows}
    order = [r.player.id for r in table.rows]
    if any(r.playoff for r in event.rounds):
        from .standings.playoff import final_places
        order = [fp.player for fp in final_places(event)]
    hist = history(event, table.after_round)
    tpr: dict[int, float] = {}
    if performance:
        t = standings(event, upto=table.after_round, chain=(PERFORMANCE,))
        tpr = {r.player.id: float(r.values[PERFORMANCE]) for r in t.rows}
    out = []
    for n, pid in enumerate(order, 1):
        r = rows[pid]
        losses = sum(1 for rec in hist.get(pid, ())
                     if rec.kind is GameKind.FORFEIT_LOSS
                     or (rec.kind is GameKind.GAME and rec.outcome == 0))
        out.append(Standing(r.player, n, r.score, r.place, losses, section,
                            tpr.get(pid) or None))
    warnings = list(table.warnings)
    if table.after_round < event.settings.rounds:
        warnings.append(Message(N_("standings after round {after} of {rounds}: these "
                                   "prizes are provisional"), after=table.after_round,
                                rounds=event.settings.rounds))
    return out, table.after_round, warnings


__all__ = ["PRIZES_FILE", "Place", "Category", "Group", "PrizeFile", "Standing", "Award",
           "GroupResult", "Allocation", "read_prizes", "allocate", "eligible", "age_at",
           "standing_of", "money_text", "line_text", "performance_serves", "PERFORMANCE"]

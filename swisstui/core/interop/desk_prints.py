"""The desk's prints (issue 35 items 6 and 8) as plain tables (:class:`.tables.Table`), for the
export table's ``treasurer``, ``ceremony`` and ``payout`` (:mod:`.formats`): HTML pages for
paper (:mod:`.print_pages`), aligned text and CSV.

* **treasurer** — the treasurer's sheet (:func:`swisstui.core.fees.sheet`): one line per
  player with a fee or a payment (due, discount and its reason, paid, owed), the totals by
  payment method with the totals due, paid and owed, and the owed list;
* **ceremony** — the ceremony list: every prize of the allocation
  (:func:`swisstui.core.prizes.allocate`) in the order it is read out, the reverse of the
  allocation's (groups from the last, in a group the least valuable prize first, so the
  first prize of the first group comes last), each with its winner, points, money and item,
  and on the row of each category's last winner the players tied with that winner who get
  nothing in it (:attr:`~swisstui.core.prizes.GroupResult.tied_with_last`);
* **payout** — the payout sheet: one line per award, the money and the item, a blank
  column to sign, then the totals by type (money; items, counted and named).

Texts for people speak the readers' language (``lang``, the event's players'); the CSV tables
(``machine=True``) keep English headers, amounts as exact decimals with a dot and the
currency in a column of its own, whatever the language.  Pure: an event and the desk or the
allocation in, tables out."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ..fees import METHOD_WORDS, method_word
from ..i18n import SOURCE
from ..model import Event
from ..readers import gettext_for
from .tables import Table, money_text

__all__ = ["treasurer_tables", "ceremony_table", "payout_tables", "METHOD_WORDS"]



def _amount(value: Decimal, currency: str, lang: str, machine: bool) -> str:
    """An amount for the CSV (exact, as kept) or for people: with the currency's decimals
    (``30.00 EUR``, ``3000 JPY``: :func:`swisstui.core.fees.minor_unit`), so a column's
    amounts line up, the readers' decimal mark and the currency code."""
    if machine:
        return str(value)
    from ..fees import minor_unit
    return money_text(value.quantize(Decimal(1).scaleb(-minor_unit(currency))), currency,
                      lang)


def treasurer_tables(event: Event, desk: Any, *, lang: str = SOURCE,
                     machine: bool = False) -> list[Table]:
    """The treasurer's sheet of ``desk`` (a :class:`swisstui.core.fees.Desk`; None: no desk
    file): the per-player lines, then (not in CSV, ``machine``) the totals and the owed
    list.  The CSV's columns are ``swisstui fees --csv``'s: id, name, due, discount, reason,
    paid, owed, currency."""
    from ..fees import Desk, sheet
    _ = gettext_for(lang)
    sh = sheet(event, desk if desk is not None else Desk())
    cur = sh.currency
    if machine:
        rows = tuple((str(ln.player.id), ln.player.name, str(ln.entry.due),
                      str(ln.entry.discount), ln.entry.reason, str(ln.entry.paid),
                      str(ln.entry.owed), cur) for ln in sh.lines)
        return [Table("Treasurer's sheet", ("id", "name", "due", "discount", "reason", "paid",
                                            "owed", "currency"), rows,
                      (True, False, True, True, False, True, True, False))]

    def m(v: Decimal) -> str:
        return _amount(v, cur, lang, machine)

    lines = Table(
        _("Treasurer's sheet"),
        (_("No."), _("Name"), _("Due"), _("Discount"), _("Reason"), _("Paid"), _("Methods"),
         _("Owed")),
        tuple((str(ln.player.id), ln.player.name, m(ln.entry.due), m(ln.entry.discount)
               if ln.entry.discount else "", ln.entry.reason, m(ln.entry.paid),
               ", ".join(dict.fromkeys(method_word(p.method, _)
                                       for p in ln.entry.payments)),
               m(ln.entry.owed)) for ln in sh.lines),
        (True, False, True, True, False, True, False, True),
        notes=() if sh.lines else (_("No fees or payments recorded."),))
    totals = Table(
        _("Totals"), (_("Total"), _("Amount")),
        tuple((_("paid by {method}").format(method=method_word(k, _)), m(v))
              for k, v in sh.by_method)
        + ((_("Due (after discounts)"), m(sh.due)), (_("Discounts"), m(sh.discounts)),
           (_("Paid"), m(sh.paid)), (_("Owed"), m(sh.owed)))
        + (((_("To refund"), m(sh.refund)),) if sh.refund else ()),
        (False, True))
    owing = Table(
        _("Owed"), (_("No."), _("Name"), _("Owed")),
        tuple((str(ln.player.id), ln.player.name, m(ln.entry.owed)) for ln in sh.owing),
        (True, False, True), notes=() if sh.owing else (_("Nobody owes anything."),))
    refunds = [Table(  # only when someone paid above the fee
        _("To refund"), (_("No."), _("Name"), _("To refund")),
        tuple((str(ln.player.id), ln.player.name, m(ln.entry.refund)) for ln in sh.refunding),
        (True, False, True))] if sh.refunding else []
    return [lines, totals, owing, *refunds]


def _label(award: Any, lang: str) -> str:
    from ..prizes import line_text
    return line_text(award.label, gettext_for(lang), lang) if award.label is not None \
        else f"{award.category} {award.place}"


def _notes(alloc: Any, lang: str) -> tuple[str, ...]:
    from ..prizes import line_text
    return tuple(line_text(w, gettext_for(lang), lang) for w in alloc.warnings)


def _no_prizes(title: str, lang: str) -> Table:
    _ = gettext_for(lang)
    return Table(title, (_("Prize"), _("Name")), (), (False, False),
                 notes=(_("No prizes: the event folder has no prizes file (prizes.toml)."),))


def _names(event: Event, ids: tuple[int, ...]) -> str:
    by_id = event.by_id()
    return ", ".join(f"{by_id[i].name} ({i})" if i in by_id else str(i) for i in ids)


def ceremony_table(event: Event, alloc: Any, *, lang: str = SOURCE,
                   machine: bool = False) -> Table:
    """The ceremony list of ``alloc`` (a :class:`swisstui.core.prizes.Allocation`; None: no
    prizes file), read from the last prize to the first (module docstring)."""
    from ..readers import number_text
    _ = gettext_for(lang if not machine else SOURCE)
    title = "Ceremony list" if machine else _("Ceremony list")
    if alloc is None:
        return _no_prizes(title, SOURCE if machine else lang)
    cur = alloc.currency
    rows = []
    for g in reversed(alloc.groups):
        # the allocation's order in the group: most valuable first (ties: category, place)
        order = sorted(g.awards, key=lambda a: (-a.value, a.category, a.place, a.player))
        last_of: dict[str, Any] = {}  # category -> its last winner (the tied are tied with)
        for won in g.awards:
            if won.category in g.tied_with_last:
                last_of[won.category] = won
        for a in reversed(order):
            is_last = last_of.get(a.category) is a
            tied = g.tied_with_last.get(a.category, ()) if is_last else ()
            note = [_("shared with {players}").format(players=_names(event, a.shared_with))
                    ] if a.shared_with else []
            if tied:
                note.append(_("tied with {players}").format(players=_names(event, tied)))
            rows.append((g.name, _label(a, SOURCE if machine else lang), a.name,
                         number_text(a.points, SOURCE if machine else lang),
                         _amount(a.money, cur, lang, machine) if a.money else "", a.item,
                         "; ".join(note)))
    numbered = tuple((str(i),) + r for i, r in enumerate(rows, 1))
    if machine:
        headers = ("no", "group", "prize", "name", "points", "money", "item", "note")
    else:
        headers = (_("No."), _("Group"), _("Prize"), _("Name"), _("Points"), _("Money"),
                   _("Item"), _("Note"))
    return Table(title, headers, numbered,
                 (True, False, False, False, True, True, False, False),
                 notes=_notes(alloc, lang) if not machine else ())


def payout_tables(event: Event, alloc: Any, *, lang: str = SOURCE, machine: bool = False,
                  paper: bool = False) -> list[Table]:
    """The payout sheet of ``alloc``: one line per award (group, prize, player, money, item
    and, on ``paper``, a blank column to sign), then (not in CSV) the totals by type —
    money, and items counted with their names."""
    _ = gettext_for(lang if not machine else SOURCE)
    title = "Payout sheet" if machine else _("Payout sheet")
    if alloc is None:
        return [_no_prizes(title, SOURCE if machine else lang)]
    cur = alloc.currency
    awards = [a for g in alloc.groups for a in g.awards]
    if machine:
        return [Table(title, ("group", "prize", "id", "name", "money", "currency", "item"),
                      tuple((a.group, _label(a, SOURCE), str(a.player), a.name, str(a.money),
                             cur, a.item) for a in awards),
                      (False, False, True, False, True, False, False))]
    headers: tuple[str, ...] = (_("Group"), _("Prize"), _("No."), _("Name"), _("Money"),
                                _("Item"))
    numeric: tuple[bool, ...] = (False, False, True, False, True, False)
    if paper:
        headers += (_("Signature"),)  # a blank column, signed by the player paid
        numeric += (False,)
    rows = tuple((a.group, _label(a, lang), str(a.player), a.name,
                  _amount(a.money, cur, lang, False) if a.money else "", a.item)
                 + (("",) if paper else ()) for a in awards)
    items = [a.item for a in awards if a.item]
    total = sum((a.money for a in awards), Decimal(0))
    totals = Table(_("Totals by type"), (_("Type"), _("Total")),
                   ((_("Money"), _amount(total, cur, lang, False)),
                    (_("Items"), str(len(items)) + (f" ({', '.join(items)})" if items else ""))),
                   (False, False))
    return [Table(title, headers, rows, numeric, notes=_notes(alloc, lang)), totals]

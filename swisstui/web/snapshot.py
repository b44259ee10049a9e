"""What the players' page shows, as one JSON document built from the event: the current
round's boards (seat or colour, opponent, result), the alphabetical "find your board" list,
the standings, each player's own games, and the round clock.  Built once per change of the
event (the server keeps the bytes) and sent as is to every phone.

The words in it (colours, seats, bye kinds, the page's own texts) are in the players'
language (``lang``, the event's ``language``; issue 17); names, codes and result notations
are as they are."""

from __future__ import annotations

import json
import time
from typing import Any

from ..core import services
from ..core.clock import ClockState
from ..core.collation import name_key, search_text
from ..core.errors import SwissError
from ..core.games import profile
from ..core.i18n import SOURCE, N_
from ..core.interop.tables import BYE_TEXT, COLOUR_WORD
from ..core.readers import (Gettext, event_dates, gettext_for, number_text, players_lang,
                            translations)
from ..core.model import Event, GameKind, history, round_records
from .pages import page_text

_KIND_TEXT = {
    GameKind.PAIRING_BYE: N_("bye"), GameKind.FULL_BYE: N_("full-point bye"),
    GameKind.HALF_BYE: N_("half-point bye"), GameKind.ZERO_BYE: N_("zero-point bye"),
    GameKind.ABSENT: N_("absent"), GameKind.WITHDRAWN: N_("withdrawn"),
    GameKind.NOT_REGISTERED: N_("not yet registered"),
}


def _seat_word(event: Event, colour: str | None, first: bool, _: Gettext) -> str:
    if colour is not None:
        return _(COLOUR_WORD[colour])
    prof = profile(event.game)
    return _(prof.seat_names[0 if first else 1]) if prof.first_colour is not None else \
        (_("first") if first else _("second"))


def current_round(event: Event, lang: str = SOURCE) -> dict[str, Any] | None:
    """The current round: boards and the alphabetical list of who plays where, in the
    order of ``lang``'s readers (:func:`swisstui.core.collation.name_key`, by a player's
    reading when given); ``find`` is what the search box matches (name and reading)."""
    _ = gettext_for(lang)
    rnd = event.round(event.current_round)
    if rnd is None:
        return None
    names = {p.id: p.name for p in event.players}
    readings = {p.id: p.reading for p in event.players}
    recs = round_records(event, rnd)
    boards = []
    for b in sorted(rnd.boards, key=lambda x: x.number):
        p, q = b.players
        boards.append({"board": b.number,
                       "a": {"id": p, "name": names.get(p, f"#{p}"),
                             "seat": _seat_word(event, recs[p].colour, True, _)},
                       "b": {"id": q, "name": names.get(q, f"#{q}"),
                             "seat": _seat_word(event, recs[q].colour, False, _)},
                       "result": b.result.text if b.result else ""})
    players = []
    for pid, rec in recs.items():
        if rec.kind in (GameKind.NOT_REGISTERED, GameKind.WITHDRAWN):
            continue
        name = names.get(pid, f"#{pid}")
        entry: dict[str, Any] = {"id": pid, "name": name,
                                 "find": search_text(name, readings.get(pid))}
        if rec.board is not None and rec.opponent is not None:
            entry.update(board=rec.board, seat=_seat_word(event, rec.colour, rec.first, _),
                         opponent=names.get(rec.opponent, f"#{rec.opponent}"),
                         opponent_id=rec.opponent)
        else:
            entry["note"] = _(_KIND_TEXT[rec.kind]) if rec.kind in _KIND_TEXT else ""
        players.append(entry)
    players.sort(key=lambda e: (name_key(e["name"], readings.get(e["id"]), lang), e["id"]))
    byes = [{"id": b.player, "name": names.get(b.player, f"#{b.player}"),
             "kind": _(BYE_TEXT[b.kind])} for b in rnd.byes]
    return {"number": rnd.number, "playoff": rnd.playoff, "boards": boards, "byes": byes,
            "players": players, "missing": rnd.missing_results()}


def standings(event: Event, lang: str = SOURCE) -> dict[str, Any] | None:
    """The official standings (complete rounds): the cells of the text and HTML standings
    (:func:`swisstui.core.standings.render.standings_rows`), numbers in ``lang``'s form
    (``57,14%`` in pt_BR); tie-break codes as they are."""
    from ..core.standings import standings as compute
    from ..core.standings.render import standings_rows
    if not event.rounds:
        return None
    try:
        st = compute(event)
    except SwissError:
        return None
    _head, rows = standings_rows(st, lang=lang)
    return {"after_round": st.after_round, "tiebreaks": list(st.tiebreaks), "rows": rows}


def games(event: Event, lang: str = SOURCE) -> dict[str, list[list[Any]]]:
    """Each player's rounds: ``[round, board, seat, opponent, result, points]``."""
    _ = gettext_for(lang)
    names = {p.id: p.name for p in event.players}
    out: dict[str, list[list[Any]]] = {}
    for pid, recs in history(event, include_playoff=True).items():
        rows = []
        for r in recs:
            if r.opponent is not None:
                res = r.result.text if r.result else ""
                rows.append([r.round, r.board, _seat_word(event, r.colour, r.first, _),
                             names.get(r.opponent, f"#{r.opponent}"), res,
                             number_text(r.points, lang) if r.result else ""])
            elif r.kind is not GameKind.NOT_REGISTERED:
                rows.append([r.round, None, "",
                             _(_KIND_TEXT[r.kind]) if r.kind in _KIND_TEXT else "", "",
                             number_text(r.points, lang)])
        out[str(pid)] = rows
    return out


def snapshot(event: Event, clock: ClockState | None = None, lang: str | None = None
             ) -> dict[str, Any]:
    """The whole document the players' page renders, in ``lang`` (None: the players'
    language of the event); ``rounds_text`` is the count of rounds as a sentence (its
    plural form is the language's)."""
    prof = profile(event.game)
    lang = lang or players_lang(event)
    rounds = event.settings.rounds
    ngettext = translations(lang).ngettext
    return {"event": event.settings.name, "game": event.game, "lang": lang,
            "round": event.current_round, "rounds": rounds,
            "rounds_text": ngettext("{n} round", "{n} rounds", rounds).format(n=rounds),
            "text": page_text(lang), "has_colours": prof.has_colours,
            "dates": event_dates(event, lang),
            "current": current_round(event, lang), "standings": standings(event, lang),
            "games": games(event, lang),
            "clock": {**clock.as_json(), "at": time.time()} if clock else None}


def snapshot_bytes(folder) -> bytes:
    """The document of the event in ``folder`` now, as UTF-8 JSON (a load error is shown
    on the page as ``{"error": ...}`` and the phones keep their last picture)."""
    try:
        event = services.load(folder)
        clock = services.clock_state(folder)
        doc = snapshot(event, clock)
    except SwissError as exc:
        doc = {"error": str(exc)}
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def snapshot_lang(data: bytes, default: str) -> str:
    """The language of a document from :func:`snapshot_bytes` (``default`` for an error)."""
    try:
        lang = json.loads(data).get("lang")
    except (ValueError, AttributeError):
        return default
    return lang if isinstance(lang, str) else default

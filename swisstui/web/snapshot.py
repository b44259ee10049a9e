"""What the players' page shows, as one JSON document built from the event: the current
round's boards (seat or colour, opponent, result), the alphabetical "find your board" list,
the standings, each player's own games, and the round clock.  Built once per change of the
event (the server keeps the bytes) and sent as is to every phone.

The words in it (colours, seats, bye kinds, the page's own texts) are in the players'
language (``lang``, the event's ``language``; issue 17); names, codes and result notations
are as they are.

An event of several sections (issue 33; docs/FORMAT.md "Sections") is one document: its
top level is the first section's (the event folder's own) as for an event of one section,
and ``sections`` lists every section, the first too, by name with its ``first_board``; the
others carry their own round, boards, standings, cards, crosstable and clock (the first's
are the top level's, not repeated).  Board numbers are the hall's everywhere
(:func:`swisstui.core.services.sections.hall_board`): a section whose board 1 is the hall's
101 shows 101, 102 ...; an event of one section is exactly as before (no ``sections``)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Mapping

from ..core import services
from ..core.publishing import as_published
from ..core.services import desk as desk_service
from ..core.services import sections as sections_service
from ..core.fees import DESK_FILE, state_of
from ..core.registration import CHECKED_IN
from ..core.clock import ClockState
from ..core.collation import name_key, search_text
from ..core.errors import SwissError
from ..core.games import profile
from ..core.i18n import SOURCE, N_
from ..core.interop.tables import BYE_TEXT, seat_word
from ..core.readers import (Gettext, event_dates, gettext_for, number_text, players_lang,
                            translations)
from ..core.model import Event, GameKind
from ..core.history import round_records
from ..core.player_card import CardGame, PlayerCard, player_cards
from ..core.standings import Standings, format_value
from .pages import page_text

_KIND_TEXT = {
    GameKind.PAIRING_BYE: N_("bye"), GameKind.FULL_BYE: N_("full-point bye"),
    GameKind.HALF_BYE: N_("half-point bye"), GameKind.ZERO_BYE: N_("zero-point bye"),
    GameKind.ABSENT: N_("absent"), GameKind.WITHDRAWN: N_("withdrawn"),
    GameKind.NOT_REGISTERED: N_("not yet registered"),
}


def _hall(number: int, first: int) -> int:
    """The hall's number of a section's board ``number`` when its board 1 is the hall's
    ``first`` (:func:`swisstui.core.services.sections.hall_board`, its ``first_board`` read
    once per document rather than once per board)."""
    return number + first - 1


def current_round(event: Event, lang: str = SOURCE, first: int = 1,
                  changed: Mapping[int, str] | None = None) -> dict[str, Any] | None:
    """The current round: boards and the alphabetical list of who plays where, in the
    order of ``lang``'s readers (:func:`swisstui.core.collation.name_key`, by a player's
    reading when given); ``find`` is what the search box matches (name and reading).
    Boards by the hall's numbers (``first``: the hall's number of board 1); a board changed
    after the round was published carries ``changed`` (``"10:42"``, issue 34 item 8)."""
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
        boards.append({"board": _hall(b.number, first),
                       "a": {"id": p, "name": names.get(p, f"#{p}"),
                             "seat": seat_word(event, recs[p].colour, True, _)},
                       "b": {"id": q, "name": names.get(q, f"#{q}"),
                             "seat": seat_word(event, recs[q].colour, False, _)},
                       "result": b.result.text if b.result else ""})
        if changed and b.number in changed:
            boards[-1]["changed"] = changed[b.number]
    players = []
    for pid, rec in recs.items():
        if rec.kind in (GameKind.NOT_REGISTERED, GameKind.WITHDRAWN):
            continue
        name = names.get(pid, f"#{pid}")
        entry: dict[str, Any] = {"id": pid, "name": name,
                                 "find": search_text(name, readings.get(pid))}
        if rec.board is not None and rec.opponent is not None:
            entry.update(board=_hall(rec.board, first),
                         seat=seat_word(event, rec.colour, rec.first, _),
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


def _official(event: Event) -> Standings | None:
    from ..core.standings import standings as compute
    if not event.rounds:
        return None
    try:
        return compute(event)
    except SwissError:
        return None


def standings(event: Event, lang: str = SOURCE, st: Standings | None = None
              ) -> dict[str, Any] | None:
    """The official standings (complete rounds): the cells of the text and HTML standings
    (:func:`swisstui.core.standings.render.standings_rows`), numbers in ``lang``'s form
    (``57,14%`` in pt_BR); tie-break codes as they are."""
    from ..core.standings.render import standings_rows
    st = st if st is not None else _official(event)
    if st is None:
        return None
    _head, rows = standings_rows(st, lang=lang)
    return {"after_round": st.after_round, "tiebreaks": list(st.tiebreaks), "rows": rows}


def _game_row(event: Event, g: CardGame, lang: str, _: Gettext, first: int = 1) -> list[Any]:
    """One round of a player's event as the page shows it: ``[round, board, seat,
    opponent, result, points]`` (no board and the kind of round for a round without one;
    the board by the hall's number)."""
    if g.opponent is not None:
        board = _hall(g.board, first) if g.board is not None else None
        return [g.round, board, seat_word(event, g.colour, g.first, _), g.opponent.name,
                g.result, number_text(g.points, lang) if g.points is not None else ""]
    return [g.round, None, "", _(_KIND_TEXT[g.kind]) if g.kind in _KIND_TEXT else "", "",
            number_text(g.points or 0.0, lang)]


def games(event: Event, lang: str = SOURCE,
          cards: dict[int, PlayerCard] | None = None, first: int = 1
          ) -> dict[str, list[list[Any]]]:
    """Each player's rounds: ``[round, board, seat, opponent, result, points]`` (from the
    players' cards, :func:`swisstui.core.player_card.player_cards`)."""
    _ = gettext_for(lang)
    cards = cards if cards is not None else player_cards(event)
    return {str(pid): [_game_row(event, g, lang, _, first) for g in card.games]
            for pid, card in cards.items()}


def cards(event: Event, lang: str = SOURCE, built: dict[int, PlayerCard] | None = None,
          first: int = 1) -> list[dict[str, Any]]:
    """Each player's own card (:mod:`swisstui.core.player_card`) in ``lang``, in the order
    of ``lang``'s readers (the search list's): place, points and tie-break values as text,
    this round's board, seat or colour, opponent (rating, rank, club), result, what the
    board is played with (Go: handicap stones and komi, labels translated), or the kind of
    round for a player without a board.  Earlier rounds are in ``games``."""
    _ = gettext_for(lang)
    built = built if built is not None else player_cards(event)
    readings = {p.id: p.reading for p in event.players}
    out = []
    for card in built.values():
        entry: dict[str, Any] = {"id": card.id, "name": card.name,
                                 "find": search_text(card.name, readings.get(card.id)),
                                 "club": card.club or "",
                                 "strength": " · ".join(filter(None, (card.rank, str(card.rating)
                                                                      if card.rating else "")))}
        if card.place is not None:
            entry.update(place=card.place, after_round=card.after_round,
                         points=format_value(None, card.points, lang),
                         tb=[[code, format_value(code, value, lang)]
                             for code, value in card.tiebreaks])
        g = card.current
        if g is not None and g.opponent is not None:
            opp = g.opponent
            entry.update(board=_hall(g.board, first) if g.board is not None else None,
                         seat=seat_word(event, g.colour, g.first, _),
                         opponent=opp.name, opponent_id=opp.id,
                         opponent_info=" · ".join(filter(None, (
                             opp.rank, "" if opp.rating is None else str(opp.rating),
                             opp.club))),  # rank and rating both, a rating 0 too
                         result=g.result,
                         setup=[[_(label), number_text(value, lang)]
                                for label, value in card.setup])
        elif g is not None:
            entry["note"] = _(_KIND_TEXT[g.kind]) if g.kind in _KIND_TEXT else ""
        out.append(entry)
    out.sort(key=lambda e: (name_key(e["name"], readings.get(e["id"]), lang), e["id"]))
    return out


def crosstable(event: Event, lang: str = SOURCE) -> dict[str, Any] | None:
    """The crosstable after the last complete round: its header and cells as the text
    crosstable has them (:func:`swisstui.core.standings.render.crosstable_rows`)."""
    from ..core.standings import crosstable as compute
    from ..core.standings.render import crosstable_rows
    if not event.swiss_rounds():
        return None
    try:
        ct = compute(event)
    except SwissError:
        return None
    if ct.after_round == 0:
        return None
    head, rows = crosstable_rows(ct, lang=lang)
    return {"after_round": ct.after_round, "head": head, "rows": rows}


def _clock_json(clock: ClockState | None) -> dict[str, Any] | None:
    return {**clock.as_json(), "at": time.time()} if clock else None


def section_fields(event: Event, clock: ClockState | None, lang: str, first: int = 1,
                   changed: Mapping[int, str] | None = None,
                   checked_in: tuple[int, ...] | None = None) -> dict[str, Any]:
    """What one section shows, in ``lang``: its round, rounds planned, boards, standings,
    cards, games, crosstable and clock (``first``: the hall's number of its board 1); while
    self check-in is open (``checked_in``: the ids checked in, not None), ``self_checkin``
    with them, so the player's own card offers "Check in" or says "Checked in"."""
    prof = profile(event.game)
    rounds = event.settings.rounds
    ngettext = translations(lang).ngettext
    st = _official(event)
    built = player_cards(event, st=st)
    return {"game": event.game, "round": event.current_round, "rounds": rounds,
            "rounds_text": ngettext("{n} round", "{n} rounds", rounds).format(n=rounds),
            "has_colours": prof.seats.has_colours, "dates": event_dates(event, lang),
            "current": current_round(event, lang, first, changed),
            "standings": standings(event, lang, st),
            "games": games(event, lang, built, first), "cards": cards(event, lang, built, first),
            "crosstable": crosstable(event, lang), "clock": _clock_json(clock),
            **({} if checked_in is None else {"self_checkin": {"in": list(checked_in)}})}


@dataclass(frozen=True)
class Part:
    """One section of an event of several, as read for one document: its name, event,
    clock (its own, else the hall's) and the hall's number of its board 1."""

    name: str
    event: Event
    clock: ClockState | None
    first_board: int = 1
    # boards of its published round changed since (board -> "HH:MM"), from the history
    changed: Mapping[int, str] = field(default_factory=dict)
    # self check-in open on the players' page: the ids checked in; None when closed
    checked_in: tuple[int, ...] | None = None
    folder: Path | None = None  # the section's folder (where a check-in is written)


def snapshot(event: Event, clock: ClockState | None = None, lang: str | None = None,
             parts: tuple[Part, ...] = ()) -> dict[str, Any]:
    """The whole document the players' page renders, in ``lang`` (None: the players'
    language of the event); ``rounds_text`` is the count of rounds as a sentence (its
    plural form is the language's).  ``parts``: every section of an event of several, the
    first (``event``'s own) first; the top level is then the first's, and ``sections``
    names each with its ``first_board`` and, but for the first, its fields
    (:func:`section_fields`)."""
    lang = lang or players_lang(event)
    first = parts[0].first_board if parts else 1  # an event of one section: 1 unless set
    own = section_fields(event, clock, lang, first, parts[0].changed if parts else None,
                         parts[0].checked_in if parts else None)
    doc = {"event": event.settings.name, "game": own["game"], "lang": lang,
           "event_lang": players_lang(event),
           "round": own["round"], "rounds": own["rounds"], "rounds_text": own["rounds_text"],
           "text": page_text(lang), "has_colours": own["has_colours"], "dates": own["dates"],
           "current": own["current"], "standings": own["standings"],
           "games": own["games"], "cards": own["cards"],
           "crosstable": own["crosstable"], "clock": own["clock"]}
    if "self_checkin" in own:
        doc["self_checkin"] = own["self_checkin"]
    if len(parts) > 1:
        doc["sections"] = [{"name": parts[0].name, "first_board": parts[0].first_board}] + [
            {"name": p.name, "first_board": p.first_board,
             **section_fields(p.event, p.clock, lang, p.first_board, p.changed,
                              p.checked_in)}
            for p in parts[1:]]
    return doc


Source = tuple[Event, ClockState | None, tuple[Part, ...]] | SwissError


def event_folders(folder: str | Path) -> list[tuple[str, Path]]:
    """(name, folder) of every section of the event ``folder`` is (its folder or a
    section's), the event's own first; one for an event of one section."""
    return sections_service.targets(sections_service.root_of(folder))


def fingerprint(folder: str | Path) -> object:
    """Changes whenever a file of any section of the event ``folder`` is in changes, a
    section's clock or the hall's included, or a section comes or goes (what the server
    polls: :func:`swisstui.core.services.fingerprint` of each section's folder)."""
    try:
        every = event_folders(folder)
    except SwissError as exc:
        return ("error", str(exc), services.fingerprint(sections_service.root_of(folder)))
    return tuple((name, services.fingerprint(path), _stat(path / DESK_FILE))
                 for name, path in every)


def _stat(path: Path) -> tuple[int, int, int] | None:
    """(mtime, size, inode) of a side file the page shows (the desk's self check-in)."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size, st.st_ino


def _part(name: str, path: Path) -> Part:
    event = services.load(path)
    from ..core.services.history import changed_boards
    return Part(name, as_published(event), services.clock_state(path),
                sections_service.first_board(path), changed_boards(path, event),
                _checked_in(path, event), Path(path))


def _checked_in(path: Path, event: Event) -> tuple[int, ...] | None:
    """While the section's self check-in is open, the ids checked in at its desk; None when
    closed, without a desk file, or with a desk file that cannot be read (the page then
    offers no check-in; the desk sees the file's own line)."""
    if not (path / DESK_FILE).exists():
        return None
    try:
        desk = desk_service.load_desk(path, event)
    except SwissError:
        return None
    if not (desk.self_checkin and desk.checkin_open):
        return None
    return tuple(p.id for p in event.players if state_of(desk, p) == CHECKED_IN)


def load_source(folder) -> Source:
    """What the documents of the event in ``folder`` are built from now: the event and its
    clock (the event's folder's, for an event of several sections, given any of its
    folders) with every section's, or the error that keeps it from loading."""
    try:
        # the players see each section as published: a draft round is left out
        parts = tuple(_part(name, path) for name, path in event_folders(folder))
        return parts[0].event, parts[0].clock, parts
    except SwissError as exc:
        return exc


def source_bytes(source: Source, lang: str | None = None) -> bytes:
    """The document of ``source`` in ``lang`` (None: the event's language) as UTF-8 JSON; a
    load error is shown on the page as ``{"error": ...}`` and the phones keep their last
    picture."""
    doc: dict[str, Any]
    if isinstance(source, SwissError):
        doc = {"error": str(source)}
    else:
        try:
            doc = snapshot(source[0], source[1], lang, source[2])
        except SwissError as exc:
            doc = {"error": str(exc)}
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def snapshot_bytes(folder, lang: str | None = None) -> bytes:
    """The document of the event in ``folder`` now, as UTF-8 JSON (:func:`source_bytes`)."""
    return source_bytes(load_source(folder), lang)


def snapshot_lang(data: bytes, default: str) -> str:
    """The language of a document from :func:`snapshot_bytes` (``default`` for an error)."""
    try:
        lang = json.loads(data).get("lang")
    except (ValueError, AttributeError):
        return default
    return lang if isinstance(lang, str) else default

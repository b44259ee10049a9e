"""Our h9 read by an independent reader (issue 36 item 6: the EGD's own parser is not
reachable, so a test reads our file with a reader of its own).

The reader below is written from the EGF's description of the tournament table format (the
EGD rating maintainers' "Comments on submitting tournament results", section "Tournament table
format"; docs/RULES.md §1.6), not from swisstui's writer or reader: one player per line;
empty lines and everything after ``;`` ignored; the line's entries separated by blanks, the
player's place first, the results last, the same number of results on every line, each
``<opponent's place><symbol>[/<colour>[<h>]]`` with ``+`` a win, ``-`` a loss, ``=`` jigo,
``b``/``w`` the colour and ``h`` the handicap stones (``23+/w`` = ``23+/w0``); ``0+`` a free
win, ``0-`` a free round, ``0=`` a free round worth half a point.  Between the place and the
results: the name, the grade (``3d``, ``12k``) and country and club after it, then the
placement criteria.  The header's ``; XX[value]`` lines are the EGD's tournament fields.
``|PIN`` after the results is the EGD's player number (its downloads write it so)."""

from __future__ import annotations

import re

from swisstui.core.interop.charset import fold_to
from swisstui.core.interop.h9 import ENCODING, egd_name, read_h9, write_h9
from swisstui.core.model import GameKind
from swisstui.core.history import history

from test_interop_h9 import EVENT, INFO, PLAYERS

# ---- the independent reader -----------------------------------------------------------------

RESULT = re.compile(r"(\d+)([-+=])(?:/([bw])(\d)?)?")
GRADE = re.compile(r"\d{1,2}[kdp]", re.IGNORECASE)


def egf_read(data: bytes) -> tuple[dict[str, str], list[dict]]:
    text = data.decode(ENCODING)
    header: dict[str, str] = {}
    lines: list[dict] = []
    for raw in text.split("\n"):
        body, semi, comment = raw.partition(";")
        if semi:
            m = re.fullmatch(r"\s*([A-Z]{2})\[(.*)\]\s*", comment)
            if m:
                header[m.group(1)] = m.group(2)
        pin = None
        if "|" in body:
            body, _bar, pin = body.partition("|")
            pin = pin.strip()
        entries = body.split()
        if not entries:
            continue
        results = []
        while entries and RESULT.fullmatch(entries[-1]):
            results.insert(0, entries.pop())
        grade_at = next(i for i in range(len(entries) - 1, 0, -1)
                        if GRADE.fullmatch(entries[i]))
        rounds = []
        for r in results:
            opp, sym, colour, hcp = RESULT.fullmatch(r).groups()
            rounds.append((int(opp), sym, colour, int(hcp or 0) if colour else None))
        lines.append({"place": int(entries[0]), "name": " ".join(entries[1:grade_at]),
                      "grade": entries[grade_at].lower(), "country": entries[grade_at + 1],
                      "club": entries[grade_at + 2], "criteria": entries[grade_at + 3:],
                      "rounds": rounds, "pin": pin})
    assert len({len(x["rounds"]) for x in lines}) == 1, "every line has as many results"
    return header, lines


# ---- the comparison -------------------------------------------------------------------------

def test_our_h9_read_by_an_independent_reader_says_what_the_event_says():
    pins = {1: "12345678", 3: "10998877"}
    from dataclasses import replace
    event = replace(EVENT, players=tuple(replace(p, federation_id=pins.get(p.id))
                                         for p in PLAYERS))
    data = write_h9(event, info=INFO)
    header, lines = egf_read(data)
    assert header["CL"] == "A" and header["EV"] == "Paris Go Open"
    assert header["DT"] == "2026-03-07,2026-03-08"
    # names as ISO 8859-15 holds them (Łukasz → Lukasz: docs/INTEROP.md)
    by_name = {fold_to(egd_name(p.name), ENCODING): p for p in event.players}
    place_of = {by_name[x["name"]].id: x["place"] for x in lines}
    assert sorted(place_of) == [p.id for p in event.players]  # each player once
    hist = history(event)
    for x in lines:
        p = by_name[x["name"]]
        assert x["grade"] == p.rank and x["pin"] == pins.get(p.id)
        for rec, (opp, sym, colour, hcp) in zip(hist[p.id], x["rounds"], strict=True):
            if rec.kind is GameKind.GAME:
                assert opp == place_of[rec.opponent]
                assert sym == {1: "+", 0: "-", 0.5: "="}[rec.outcome]
                assert colour == rec.colour and hcp == 0
            else:  # byes, absences, forfeits: a free round, its points in the symbol
                assert (opp, colour) == (0, None)
                assert sym == ("+" if rec.points >= 1 else "=" if rec.points else "-")
    # and swisstui's own reader agrees with it, line for line
    ours = read_h9(data)
    assert [(p.place, p.name, p.rank.lower(), p.pin) for p in ours.players] == \
        [(x["place"], x["name"], x["grade"], x["pin"]) for x in lines]
    assert [[(r.opponent, r.mark, r.colour, r.handicap) for r in p.results]
            for p in ours.players] == [x["rounds"] for x in lines]

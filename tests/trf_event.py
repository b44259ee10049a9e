"""The hand-built chess event shared by the TRF, tables and export tests (golden files in
tests/golden/ were typed by hand for it)."""

from __future__ import annotations

from pathlib import Path

from swisstui.core.games import profile
from swisstui.core.model import Board, Bye, ByeKind, Event, Player, Round, Settings

GOLDEN = Path(__file__).resolve().parent / "golden"
CHESS = profile("chess")


def R(text: str):
    return CHESS.entry.parse(text, None, {})


SETTINGS = Settings(name="Test Open 2026", game="chess", rounds=5, scoring=CHESS.scoring,
                    city="Lyon", arbiter="Arbiter, Anna", date_start="2026-05-01",
                    date_end="2026-05-03", tiebreaks=CHESS.standings.tiebreaks,
                    options={"initial_colour": "w", "tiebreak_rules": "2023"})
PLAYERS = (
    Player(1, "Carlsen, Magnus", 2830, sex="m", title="GM", country="NOR",
           federation_id="1503014", birth="1990-11-30"),
    Player(2, "Ju, Wenjun", 2560, sex="f", title="GM", country="CHN", federation_id="8603006",
           birth="1991"),
    Player(3, "Gukesh, D", 2780, sex="m", title="GM", country="IND", federation_id="46616543",
           byes=((2, ByeKind.HALF),)),
    Player(4, "Polgar, Judit", 2675, sex="f", title="GM", country="HUN",
           federation_id="700070", birth="1976-07-23"),
    Player(5, "Smith, John", 1850, sex="m", country="ENG", withdrawn_from=3),
    Player(6, "Doe, Jane", None, sex="f"),
    Player(7, "Late, Larry", 1500, joined_round=2),
)
# R1: forfeit (6 did not come), 7 not registered yet; R2: 3 half-point bye; R3: 5 withdrawn,
# 6 absent, 7 pairing-allocated bye.
ROUNDS = (
    Round(1, (Board(1, (1, 4), R("1-0")), Board(2, (2, 5), R("=")), Board(3, (3, 6), R("+-")))),
    Round(2, (Board(1, (4, 2), R("0-1")), Board(2, (5, 1), R("0-1")),
              Board(3, (6, 7), R("1-0"))), (Bye(3, ByeKind.HALF),)),
    Round(3, (Board(1, (1, 2), R("=")), Board(2, (4, 3), R("0-1"))),
          (Bye(7, ByeKind.PAIRING),)),
)
EVENT = Event(SETTINGS, PLAYERS, ROUNDS)
RANKS = {1: 1, 3: 2, 2: 3, 6: 4, 7: 5, 5: 6, 4: 7}



"""The recipe for adding a game (CONTRIBUTING.md, "Adding a game") proved on a toy game.

"Squares" is a sixth game defined and registered only here (``swisstui.core.games.register``,
removed again after each test): two seats called Left and Right, no colours, 3/1/0 points, and
its own result grammar — ``L`` / ``R`` (that seat wins, optionally with the margin: ``L5``),
``T`` (a tie), ``L+`` / ``R+`` (a win by forfeit).  Nothing outside this file knows the game,
yet the CLI creates its event, registers players, pairs rounds, takes results in its grammar
(stored with their margin detail and read back from the round files) and shows standings; the
TUI's seat names, entry example and a simulated event come from the profile too.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any
from collections.abc import Mapping

import pytest

from swisstui.cli import main
from swisstui.core import games, store
from swisstui.core.errors import ResultError, SwissError
from swisstui.core import colours_vocab as vocab
from swisstui.core.games import (Entry, GameProfile, Option, PairingRules, Seats, Simulation,
                                 StandingsRules)
from swisstui.core.model import GAMES, Result, Scoring, Settings

NAME = "squares"
_RESULT = re.compile(r"^([LRT])(\+|\d{1,2})?$")


def parse(text: str, settings: Settings, extra: Mapping[str, Any] | None = None) -> Result:
    """``L``/``R`` win (``L5``: by 5), ``T`` tie, ``L+``/``R+`` forfeit win; case ignored."""
    m = _RESULT.match(text.strip().upper().replace(" ", "")) if isinstance(text, str) else None
    if m is None or (m.group(1) == "T" and m.group(2)):
        raise ResultError(f"squares result {text!r} not understood; use L, R, T, L5, L+ or R+")
    side, tail = m.group(1), m.group(2) or ""
    outcome = {"L": (1.0, 0.0), "R": (0.0, 1.0), "T": (0.5, 0.5)}[side]
    margin = int(tail) if tail.isdigit() else None
    if margin is not None and margin > settings.options.get("max_margin", 20):
        raise ResultError(f"squares margin {margin} is more than the board allows")
    given = (extra or {}).get("margin")
    if given is not None and given != margin:
        raise ResultError(f"squares margin {given} does not match the result {side}{tail}")
    return Result(side + tail, outcome, tail == "+", {"margin": margin})


def simulate_result(rng: random.Random, outcome: tuple[float, float], first: int,
                    second: int, forfeit: bool) -> tuple[str, dict]:
    side = "T" if outcome[0] == 0.5 else "L" if outcome[0] == 1 else "R"
    if forfeit and side != "T":
        return side + "+", {}
    return side + (str(rng.randrange(1, 10)) if side != "T" else ""), {}


TOY = GameProfile(
    name=NAME,
    scoring=Scoring(win=3.0, draw=1.0, loss=0.0, bye=3.0),
    pairing=PairingRules(system="swiss", style="slide", round1="rating"),
    seats=Seats(policy=vocab.NONE, names=("Left", "Right")),
    standings=StandingsRules(tiebreaks=("BH", "WON")),
    options={"max_margin": Option(20, int, None, "largest margin a board allows")},
    entry=Entry(examples=("L", "R", "T", "L5", "L+", "R+"),
                parse=parse,
                detail_keys=("margin",),
                notations=(("L  R", "Left / Right wins"), ("T", "tie"), ("L5", "Left wins by 5"),
                           ("L+  R+", "win by forfeit (not played)")),
                example="board result:  3 L   4 R5   2 T   (or just the result)"),
    simulation=Simulation(draw_rate=0.2, result=simulate_result),
)


# round 2 as paired, and the standings after it computed by hand: round 1 gave 3, 1, 0, 0,
# 1, 3 points; in round 2 Ada, Bo and Ed win
PAIRS_2 = [(1, 6), (2, 3), (5, 4)]
SCORES = {1: 6, 2: 4, 3: 0, 4: 0, 5: 4, 6: 3}
# Buchholz: the final scores of the opponents met, a forfeit's scheduled opponent included
BH = {1: 0 + 3, 2: 4 + 0, 3: 3 + 4, 4: 6 + 4, 5: 4 + 0, 6: 0 + 6}
WON = {1: 2, 2: 1, 3: 0, 4: 0, 5: 1, 6: 0}  # over the board: Flo's forfeit win is not one
ORDER = [1, 2, 5, 6, 4, 3]  # Bo and Ed equal on everything: id order, shared place


@pytest.fixture
def toy():
    games.register(TOY)
    try:
        yield TOY
    finally:
        games.unregister(NAME)


def cli(capsys, *argv) -> str:
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert rc == 0, (argv, out, err)
    return out


def test_the_toy_game_is_a_game_only_while_registered(toy):
    assert NAME in GAMES and games.profile(NAME) is TOY
    with pytest.raises(ValueError):
        games.register(TOY)  # a name is taken once
    with pytest.raises(ValueError):
        games.unregister("chess")  # built-in games stay
    games.unregister(NAME)
    assert NAME not in GAMES
    with pytest.raises(SwissError, match="unknown game 'squares'"):
        games.profile(NAME)
    games.register(TOY)  # for the fixture's clean-up


def test_pair_enter_results_and_standings_through_the_cli(toy, tmp_path, capsys):
    ev = tmp_path / "toy"
    cli(capsys, "new", ev, "--game", NAME, "--rounds", 3, "--name", "Toy Open")
    for i, (name, rating) in enumerate((("Ada", 2000), ("Bo", 1900), ("Cy", 1800),
                                        ("Di", 1700), ("Ed", 1600), ("Flo", 1500)), start=1):
        cli(capsys, "players", "add", ev, name, "--rating", rating)
    settings = store.load(ev).settings
    assert (settings.game, settings.tiebreaks, settings.scoring.win) == (NAME, ("BH", "WON"), 3)
    assert settings.options == {"max_margin": 20}

    # round 1: by rating, top half against bottom half; no colours, so no marks
    out = cli(capsys, "pair", ev)
    rnd = store.load(ev).round(1)
    assert [b.players for b in rnd.boards] == [(1, 4), (2, 5), (3, 6)]
    assert "(w)" not in out and "(b)" not in out

    cli(capsys, "result", ev, 1, 1, "l3")  # Ada beats Di by 3
    cli(capsys, "result", ev, 1, 2, "T")  # Bo and Ed tie
    cli(capsys, "result", ev, 1, 3, "R+")  # Flo wins by forfeit against Cy
    rc = main(["result", str(ev), "1", "3", "1-0", "--force"])  # chess notation is refused
    assert rc == 1 and "squares result '1-0' not understood" in capsys.readouterr().err
    text = (ev / "rounds" / "01.toml").read_text(encoding="utf-8")
    assert 'result = "L3"' in text and "margin = 3" in text

    rnd = store.load(ev).round(1)  # read back through the toy grammar
    assert [(b.result.text, b.result.outcome, b.result.forfeit, b.result.detail["margin"])
            for b in rnd.boards] == [("L3", (1.0, 0.0), False, 3), ("T", (0.5, 0.5), False, None),
                                     ("R+", (0.0, 1.0), True, None)]

    # round 2: Ada and Flo (3 points) meet; Bo and Ed (1) already met, so each meets one
    # of Cy and Di (0); with no colours the higher-placed player is listed first
    cli(capsys, "pair", ev)
    rnd = store.load(ev).round(2)
    assert [b.players for b in rnd.boards] == PAIRS_2
    for b in rnd.boards:  # the first-listed player wins every board
        cli(capsys, "result", ev, 2, b.number, "L")

    data = json.loads(cli(capsys, "standings", ev, "--format", "json"))
    rows = {r["player"]: r for r in data["rows"]}
    assert {pid: r["score"] for pid, r in rows.items()} == SCORES
    assert {pid: r["tiebreaks"]["BH"] for pid, r in rows.items()} == BH
    assert {pid: r["tiebreaks"]["WON"] for pid, r in rows.items()} == WON
    assert [r["player"] for r in data["rows"]] == ORDER
    assert rows[2]["place"] == rows[5]["place"] == "2-3"

    out = cli(capsys, "standings", ev)
    assert "BH" in out and "WON" in out and "Ada" in out


def test_screens_and_simulation_follow_the_profile(toy):
    from swisstui.core.pairing.simulate import simulate
    from swisstui.core.standings import standings
    from swisstui.tui.backend import entry_example
    from swisstui.tui.screens.base import game_sides
    from swisstui.tui.screens.results import result_cell

    event = simulate(NAME, 9, 4, seed=3)
    assert len(event.rounds) == 4 and all(len(r.boards) == 4 and len(r.byes) == 1
                                          for r in event.rounds)
    texts = {b.result.text for r in event.rounds for b in r.boards}
    assert texts and all(_RESULT.match(t) for t in texts)
    points = {(1.0, 0.0): 3, (0.0, 1.0): 3, (0.5, 0.5): 2}  # points a board hands out
    boards = sum(points[b.result.outcome] for r in event.rounds for b in r.boards)
    assert sum(row.score for row in standings(event).rows) == boards + 3 * 4  # 4 byes of 3
    assert game_sides(NAME) == ("Left", "Right")
    assert entry_example(event) == TOY.entry.example
    assert result_cell(NAME, event.rounds[0].boards[0]) == event.rounds[0].boards[0].result.text

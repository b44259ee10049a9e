"""``swisstui report ratings`` (issue 36 items 4-5) through the real CLI: the FIDE report of a
small chess event stored on disk (values worked in tests/core/test_rating_report.py), its
JSON, the director's K, and refusals in one line with nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swisstui.cli import main
from swisstui.core import store
from swisstui.core.model import Board, Player, Result, Round, Settings


def run(capsys, *argv):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def _r(text: str) -> Result:
    return {"1-0": Result("1-0", (1.0, 0.0)), "0-1": Result("0-1", (0.0, 1.0)),
            "=": Result("1/2-1/2", (0.5, 0.5))}[text]


@pytest.fixture
def ev(tmp_path: Path) -> Path:
    folder = tmp_path / "open"
    players = [Player(1, "A", rating=2000), Player(2, "B", rating=1800),
               Player(3, "C", rating=1600), Player(4, "D", rating=1400, birth="2010")]
    pairs = [[(1, 4, "1-0"), (2, 3, "=")], [(1, 3, "="), (4, 2, "0-1")],
             [(1, 2, "="), (3, 4, "1-0")]]
    rounds = [Round(n, tuple(Board(i, (a, b), _r(t)) for i, (a, b, t) in enumerate(bs, 1)))
              for n, bs in enumerate(pairs, 1)]
    store.create(folder, Settings(name="Open", game="chess", rounds=3,
                                  date_start="2026-03-01"), players, rounds)
    return folder


def test_report_ratings_text_and_json(ev, capsys):
    rc, out, err = run(capsys, "report", "ratings", ev)
    assert rc == 0, err
    assert "rating report after round 3" in out
    assert "change K 20, -12.00 → -12, new rating 1988" in out
    assert "change K 40, -16.00 → -16, new rating 1384" in out
    rc, out, err = run(capsys, "report", "ratings", ev, "--json")
    assert rc == 0, err
    doc = json.loads(out)
    assert doc["system"] == "fide" and doc["after_round"] == 3
    assert [(p["id"], p["change_rounded"], p["performance"]) for p in doc["players"]] == [
        (1, -12, 1725), (2, 2, 1792), (3, 18, 1858), (4, -16, 1000)]
    assert doc["players"][0]["games_rated"][0] == {
        "round": 1, "opponent": 4, "opponent_rating": 1400, "score": 1.0, "expected": 0.92,
        "change": 1.6, "difference_counted": 400, "handicap": 0}


def test_report_one_player_with_every_game_and_a_given_k(ev, capsys):
    rc, out, err = run(capsys, "report", "ratings", ev, "--player", 2, "--k", "2=40")
    assert rc == 0, err
    # B with K 40: 40 × (2 − 1.92) = +3.20 -> +3
    assert "change K 40, +3.20 → +3, new rating 1803" in out
    assert "K 40: given by the director" in out
    assert "round 2: against 4 (1400), scored 1, expected 0.92, change +3.20" in out
    assert "   1 A" not in out


@pytest.mark.parametrize("argv, match", [
    (("--k", "7=40"), "--k: no player 7 in this event"),
    (("--k", "2=x"), "--k '2=x': expected ID=K with K from 1 to 40"),
    (("--k", "2=41"), "--k '2=41': expected ID=K"),
    # digits that int() refuses (a superscript two): the same line, not a ValueError
    (("--k", "2=\u00b2"), "--k '2=\u00b2': expected ID=K"),
    (("--round", "5"), "the event has Swiss rounds 1..3"),
    (("--player", "9"), "--player: no player 9 in this event"),
])
def test_report_refusals_are_one_line(ev, capsys, argv, match):
    before = {p: p.read_bytes() for p in sorted(ev.rglob("*.toml"))}
    rc, out, err = run(capsys, "report", "ratings", ev, *argv)
    assert rc == 1, (out, err)
    assert err.startswith("swisstui: ") and err.count("\n") == 1, err
    assert match in err
    assert {p: p.read_bytes() for p in sorted(ev.rglob("*.toml"))} == before


def test_report_runs_once_per_section(tmp_path, capsys):
    import shutil
    folder = tmp_path / "open"
    shutil.copytree(Path(__file__).resolve().parents[2] / "swisstui" / "sample_events" / "chess",
                    folder)
    assert run(capsys, "sections", "add", folder, "U1600", "--rounds", 3)[0] == 0
    assert run(capsys, "players", "add", folder, "Ana", "--rating", 1500,
               "--section", "U1600")[0] == 0
    rc, out, err = run(capsys, "report", "ratings", folder)
    assert rc == 0, err
    assert out.index("== section main ==") < out.index("== section U1600 ==")
    rc, out, err = run(capsys, "report", "ratings", folder, "--section", "U1600", "--json")
    assert rc == 0, err
    assert [p["name"] for p in json.loads(out)["players"]] == ["Ana"]


def test_rank_certificates_listed_promotions_first():
    from swisstui.cli.report_cmds import lines
    from swisstui.core.model import Event
    from swisstui.core.rating_report import rating_report

    win = Result("B+R", (1.0, 0.0))
    # 3 (2k) wins four games; 1 (5k) wins three after losing to 3
    pairs = [[(3, 1), (4, 5)], [(3, 4), (1, 5)], [(3, 5), (1, 6)], [(3, 6), (1, 4)]]
    rounds = tuple(Round(n, tuple(Board(i, ab, win) for i, ab in enumerate(bs, 1)))
                   for n, bs in enumerate(pairs, 1))
    players = tuple(Player(i, f"P{i}", rank=r)
                    for i, r in enumerate(("5k", "4k", "2k", "3k", "3k", "3k"), 1))
    ev = Event(Settings(name="Go", game="go", rounds=4), players, rounds)
    rep = rating_report(ev)
    out = lines(rep, list(rep.players))
    at = out.index("rank certificates:")
    assert out[at + 1:] == ["     3 P3: 4-0: promotion from 2k to 1k",
                            "     1 P1: 3 wins: 5k confirmed"]


def test_a_draft_round_is_not_reported(tmp_path, capsys):
    """report ratings --round 1 reported a draft round's results, where standings and every
    print leave a draft out until it is published."""
    from conftest import make_event
    from swisstui.core import services
    folder = make_event(tmp_path, "chess", 4, rounds=3)
    services.change_settings(folder, publish="manual")
    services.pair_next(folder)
    for b in store.load(folder).round(1).boards:
        services.record_result(folder, 1, b.number, "1-0")
    rc, out, err = run(capsys, "report", "ratings", folder, "--round", "1")
    assert rc == 1 and "round 1 is a draft: publish it first" in err
    services.publish_round(folder)
    rc, out, err = run(capsys, "report", "ratings", folder, "--round", "1")
    assert rc == 0 and "after round 1" in out

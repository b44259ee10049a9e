"""The standings commands end to end through the real store: standings, crosstable (every
format), playoff (create, enter results with `swisstui result`, next round, --show), rounds."""

import json

import pytest

from conftest import make_event
from swisstui.cli import main
from swisstui.core import store
from swisstui.core.games import profile
from swisstui.core.model import Board, Bye, ByeKind, Round


def play(folder, game, rounds):
    """Save rounds of ``(a, b, result text)`` boards and ``("bye", id)`` entries."""
    prof = profile(game)

    def change(ev):
        for n, entries in enumerate(rounds, ev.current_round + 1):
            boards, byes = [], []
            for e in entries:
                if e[0] == "bye":
                    byes.append(Bye(e[1], ByeKind.PAIRING))
                else:
                    res = prof.entry.parse(e[2], ev.settings, {}) if e[2] else None
                    boards.append(Board(len(boards) + 1, (e[0], e[1]), res))
            ev = ev.with_round(Round(n, tuple(boards), tuple(byes)))
        return ev

    return store.update(folder, change)


@pytest.fixture
def chess_event(tmp_path):
    folder = make_event(tmp_path, "chess", n_players=5, rounds=3, name="Club Open")
    play(folder, "chess", [[(1, 2, "1-0"), (3, 4, "="), ("bye", 5)],
                           [(5, 1, "0-1"), (2, 3, "+-"), ("bye", 4)]])
    return folder


def run(capsys, *argv):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def test_standings_text(chess_event, capsys):
    rc, out, err = run(capsys, "standings", chess_event)
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Club Open — standings after round 2"
    assert lines[2].split() == ["Pl", "No", "Name", "Pts", "BH-C1", "BH", "SB", "DE", "WIN"]
    assert lines[3].split()[:2] == ["1", "1"]  # player 1 first on 2 points
    # 2 and 5 share places 3-4 (equal on every criterion)
    assert sum(1 for line in lines if line.strip().startswith("3-4")) == 2


def test_standings_json_shape(chess_event, capsys):
    rc, out, _ = run(capsys, "standings", chess_event, "--format", "json", "--round", "1")
    data = json.loads(out)
    assert data["after_round"] == 1
    assert data["tiebreaks"] == ["BH-C1", "BH", "SB", "DE", "WIN"]
    row = data["rows"][0]
    assert set(row) >= {"rank", "player", "name", "score", "tiebreaks"}
    assert row["player"] in (1, 5) and row["score"] == 1
    assert set(row["tiebreaks"]) == set(data["tiebreaks"])


def test_standings_other_formats_and_chain(chess_event, capsys):
    rc, out, _ = run(capsys, "standings", chess_event, "--format", "csv", "--tiebreaks",
                     "bhc1,sb")
    assert out.splitlines()[0] == "Pl,No,Name,Rating,Club,Country,Pts,BH-C1,SB"
    rc, out, _ = run(capsys, "standings", chess_event, "--format", "html")
    assert "<table>" in out and "Club Open" in out


def test_crosstable_formats(chess_event, capsys):
    rc, out, _ = run(capsys, "crosstable", chess_event)
    assert rc == 0 and "R1" in out and "R2" in out and "B+" in out
    rc, out, _ = run(capsys, "crosstable", chess_event, "--format", "json")
    data = json.loads(out)
    assert data["rounds"] == [1, 2]
    first = data["rows"][0]
    assert first["player"] == 1 and first["rounds"][0].endswith("w+")
    rc, out, _ = run(capsys, "crosstable", chess_event, "--format", "csv")
    assert out.splitlines()[0] == "#,Pl,No,Name,R1,R2,Pts,BH-C1,BH,SB,DE,WIN"


@pytest.mark.parametrize("argv, message", [
    (["--round", "9"], "after round 9: the event has Swiss rounds 1..2"),
    (["--round", "-1"], "after round -1: the event has Swiss rounds 1..2"),
    (["--tiebreaks", "XYZ"], "unknown tie-break 'XYZ'"),
    (["--tiebreaks", "OMW"], "does not apply to chess"),
])
def test_refusals_are_one_line(chess_event, capsys, argv, message):
    rc, out, err = run(capsys, "standings", chess_event, *argv)
    assert rc == 1 and out == ""
    assert err.startswith("swisstui: ") and message in err and err.count("\n") == 1


@pytest.mark.parametrize("argv", [
    ["export", "{ev}", "--format", "csv", "--round", "-2"],
    ["export", "{ev}", "--format", "html", "--what", "crosstable", "--round", "7"],
    ["crosstable", "{ev}", "--round", "3"],
])
def test_a_round_out_of_the_event_is_refused_everywhere(chess_event, capsys, argv):
    """Standings/crosstable after a round that does not exist were clamped silently by the
    exports (after round 0 for -2): one check in core (standings.check_after_round)."""
    rc, out, err = run(capsys, *[a.format(ev=chess_event) for a in argv])
    assert rc == 1 and out == "" and "the event has Swiss rounds 1..2" in err
    rc, out, _ = run(capsys, "export", chess_event, "--format", "csv", "--round", "0")
    assert rc == 0 and out.splitlines()[1].startswith("1-")  # before round 1: all tied


def test_missing_folder_is_refused(tmp_path, capsys):
    rc, _, err = run(capsys, "standings", tmp_path / "nope")
    assert rc == 1 and err.startswith("swisstui: ")


def test_playoff_flow(tmp_path, capsys):
    folder = make_event(tmp_path, "magic", n_players=8, rounds=1)
    play(folder, "magic", [[(1, 2, "2-0"), (3, 4, "2-1"), (5, 6, "2-0"), (7, 8, "1-2")]])
    rc, out, err = run(capsys, "playoff", folder, "--top", "4")
    assert rc == 0, err
    ev = store.load(folder)
    po = ev.round(2)
    assert po.playoff and len(po.boards) == 2
    # the Swiss standings are unchanged by the playoff round
    rc, out, _ = run(capsys, "standings", folder, "--format", "json")
    assert json.loads(out)["after_round"] == 1
    # the semi-finals are not finished yet
    rc, _, err = run(capsys, "playoff", folder)
    assert rc == 1 and "missing" in err
    for b in po.boards:
        assert run(capsys, "result", folder, 2, b.number, "2-0")[0] == 0
    rc, out, err = run(capsys, "playoff", folder)
    assert rc == 0, err
    final = store.load(folder).round(3)
    assert final.playoff and final.boards[0].players == tuple(b.players[0] for b in po.boards)
    assert run(capsys, "result", folder, 3, 1, "0-2")[0] == 0
    rc, out, _ = run(capsys, "playoff", folder, "--show")
    assert "Semi-finals (round 2)" in out and "Final (round 3)" in out
    assert "Champion" in out
    rc, _, err = run(capsys, "playoff", folder)
    assert rc == 1 and "playoff is over" in err


def test_rounds_command(capsys):
    assert run(capsys, "rounds", "--players", "12")[1].startswith("4 rounds")
    assert run(capsys, "rounds", "--players", "12", "--game", "magic")[1].startswith("5 rounds")
    assert run(capsys, "rounds", "--players", "300", "--game", "magic", "--quiet")[1] == "9\n"
    rc, _, err = run(capsys, "rounds", "--players", "0")
    assert rc == 1 and "at least 1" in err


def test_standings_warns_about_too_few_rounds(tmp_path, capsys):
    folder = make_event(tmp_path, "magic", n_players=12, rounds=3)
    rc, out, _ = run(capsys, "standings", folder)
    assert "warning: 3 rounds for 12 players" in out


GAME_RESULTS = {
    "chess": ["1-0", "=", "+-"],
    "go": ["B+R", "W+3.5", "B+F"],
    "othello": ["40-24", "32-32", "20-44"],
    "magic": ["2-1", "0-0-3", "0-2"],
    "renju": ["1-0", "=", "0-1"],
}


@pytest.mark.parametrize("game", sorted(GAME_RESULTS))
def test_every_game_through_its_grammar(tmp_path, capsys, game):
    """Results parsed by each game's grammar, saved and re-read by the store, then ranked
    with the game's default chain in every format."""
    folder = make_event(tmp_path, game, n_players=7, rounds=2)
    r = GAME_RESULTS[game]
    prof = profile(game)

    def change(ev):
        def res(text, black):
            return prof.entry.parse(text, ev.settings, {"black": black} if game == "renju" else {})
        r1 = Round(1, (Board(1, (1, 2), res(r[0], 1)), Board(2, (3, 4), res(r[1], 3)),
                       Board(3, (5, 6), res(r[2], 6))), (Bye(7, ByeKind.PAIRING),))
        r2 = Round(2, (Board(1, (7, 1), res(r[0], 1)), Board(2, (2, 3), res(r[1], 3)),
                       Board(3, (4, 5), res(r[2], 4))), (Bye(6, ByeKind.PAIRING),))
        return ev.with_round(r1).with_round(r2)

    store.update(folder, change)
    rc, out, err = run(capsys, "standings", folder, "--format", "json")
    assert rc == 0, err
    data = json.loads(out)
    assert data["after_round"] == 2 and len(data["rows"]) == 7
    assert data["tiebreaks"] == list(prof.tiebreaks_for(store.load(folder).settings.system))
    for fmt in ("text", "csv", "html"):
        assert run(capsys, "standings", folder, "--format", fmt)[0] == 0
        assert run(capsys, "crosstable", folder, "--format", fmt)[0] == 0
    rc, out, _ = run(capsys, "crosstable", folder, "--format", "json")
    cells = {row["player"]: row["rounds"] for row in json.loads(out)["rows"]}
    assert cells[7][0] == "B+" and cells[6][1] == "B+"


@pytest.mark.parametrize("fmt", ["text", "json", "csv", "html"])
@pytest.mark.parametrize("what", ["standings", "crosstable"])
@pytest.mark.parametrize("extra", [[], ["--round", "1"], ["--tiebreaks", "SB,BH"]])
def test_every_entry_point_writes_the_same_bytes(chess_event, capfdbinary, fmt, what, extra):
    """One export pipeline (issue 10): `standings`/`crosstable --format F`, `export --format F
    --what W` (stdout and -o FILE) and the core service give byte-identical output."""
    from swisstui.core import services
    from swisstui.core.interop.formats import ExportRequest
    assert main([what, str(chess_event), "--format", fmt, *extra]) == 0
    direct = capfdbinary.readouterr().out
    assert main(["export", str(chess_event), "--format", fmt, "--what", what, *extra]) == 0
    assert capfdbinary.readouterr().out == direct
    out = chess_event.parent / f"out.{fmt}"
    assert main(["export", str(chess_event), "--format", fmt, "--what", what, *extra,
                 "-o", str(out)]) == 0
    assert out.read_bytes() == direct
    rnd = int(extra[1]) if extra[:1] == ["--round"] else None
    chain = extra[1] if extra[:1] == ["--tiebreaks"] else None
    req = ExportRequest(fmt, what, rnd, chain)
    assert services.export(services.load(chess_event), req) == direct
    assert len(direct) > 100

"""The pairing CLI: pair (--json, --explain, --fixed, --forbid, --undo, --allow-rematch),
pairings swap, explain, simulate — exit codes, one-line refusals, nothing written on refusal."""

from __future__ import annotations

import json

from conftest import make_event

from swisstui.cli import main
from swisstui.core import store
from swisstui.core.results import record_result


def run(capsys, *argv):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def refused(capsys, folder, *argv, match=""):
    texts = {p: p.read_bytes() for p in folder.rglob("*.toml")}
    rc, out, err = run(capsys, *argv)
    assert rc == 1, (out, err)
    assert err.startswith("swisstui: ") and err.count("\n") == 1, err
    assert match in err, err
    assert {p: p.read_bytes() for p in folder.rglob("*.toml")} == texts
    return err


def finish_round(folder, text="1-0"):
    def change(ev):
        rnd = ev.round(ev.current_round)
        for b in rnd.boards:
            if b.result is None:
                ev = record_result(ev, rnd.number, b.number, text)
        return ev
    return store.update(folder, change)


def test_pair_json_shape_and_saved_round(tmp_path, capsys):
    folder = make_event(tmp_path, "chess", 7)
    rc, out, _ = run(capsys, "pair", folder, "--json")
    assert rc == 0
    data = json.loads(out)
    assert data["round"] == 1 and len(data["boards"]) == 3
    first = data["boards"][0]
    assert first["board"] == 1 and first["players"][0] == 1 and first["colours"] == ["w", "b"]
    assert data["byes"] == [{"player": 7, "kind": "pairing"}]
    ev = store.load(folder)
    assert [b.players for b in ev.round(1).boards] == [tuple(b["players"])
                                                       for b in data["boards"]]


def test_pair_text_and_explain(tmp_path, capsys):
    folder = make_event(tmp_path, "go", 6)
    rc, out, _ = run(capsys, "pair", folder, "--explain")
    assert rc == 0
    assert out.startswith("Round 1") and "board 1:" in out and "colour:" in out


def test_pair_refuses_while_results_are_missing(tmp_path, capsys):
    folder = make_event(tmp_path, "chess", 4)
    run(capsys, "pair", folder)
    refused(capsys, folder, "pair", folder, match="without a result")


def test_undo_and_force(tmp_path, capsys):
    folder = make_event(tmp_path, "chess", 4)
    run(capsys, "pair", folder)
    rc, out, _ = run(capsys, "pair", folder, "--undo")
    assert rc == 0 and store.load(folder).rounds == ()
    run(capsys, "pair", folder)
    finish_round(folder)
    refused(capsys, folder, "pair", folder, "--undo", match="--force")
    rc, _, _ = run(capsys, "pair", folder, "--undo", "--force")
    assert rc == 0 and store.load(folder).rounds == ()


def test_fixed_and_forbid_are_applied_and_forbid_is_stored(tmp_path, capsys):
    folder = make_event(tmp_path, "chess", 6)
    rc, out, _ = run(capsys, "pair", folder, "--fixed", "1:2", "--forbid", "3:6", "--json")
    assert rc == 0
    boards = {frozenset(b["players"]) for b in json.loads(out)["boards"]}
    assert frozenset((1, 2)) in boards and frozenset((3, 6)) not in boards
    assert (3, 6) in store.load(folder).settings.forbidden
    finish_round(folder)
    refused(capsys, folder, "pair", folder, "--fixed", "1:99", match="player 99")


def test_infeasible_round_exits_1_and_writes_nothing(tmp_path, capsys):
    folder = make_event(tmp_path, "go", 4, rounds=5)
    for _ in range(3):
        assert run(capsys, "pair", folder)[0] == 0
        finish_round(folder, "B+R")
    err = refused(capsys, folder, "pair", folder, match="no legal pairing for round 4")
    assert "--allow-rematch" in err
    rc, out, _ = run(capsys, "pair", folder, "--allow-rematch")
    assert rc == 0 and "rematch" in out


def test_swap_prints_broken_rules(tmp_path, capsys):
    folder = make_event(tmp_path, "chess", 4)
    run(capsys, "pair", folder)
    finish_round(folder)
    run(capsys, "pair", folder)
    ev = store.load(folder)
    r1 = {frozenset(b.players) for b in ev.round(1).boards}
    a, b = ev.round(2).boards[0].players
    c, d = ev.round(2).boards[1].players
    # swapping b and c re-creates pairs; list what breaks (maybe a rematch)
    rc, out, _ = run(capsys, "pairings", "swap", folder, 2, b, c)
    assert rc == 0
    new = {frozenset(x.players) for x in store.load(folder).round(2).boards}
    assert new == {frozenset((a, c)), frozenset((b, d))}
    if new & r1:
        assert "already met" in out
    else:
        assert "this edit costs" in out and "no pairing rule is broken" in out


def test_explain_command_matches_the_engine(tmp_path, capsys):
    folder = make_event(tmp_path, "chess", 6, system="swiss")  # the matching engine's notes
    run(capsys, "pair", folder)
    rc, out, _ = run(capsys, "explain", folder, 1, 1)
    assert rc == 0 and out.startswith("board 1: 1 ") and "why:" in out
    refused(capsys, folder, "explain", folder, 1, 9, match="no board 9")


def test_simulate_prints_the_pyramid_and_writes_an_event(tmp_path, capsys):
    out_dir = tmp_path / "sim"
    rc, out, _ = run(capsys, "simulate", "--game", "magic", "--players", "16", "--rounds",
                     "4", "--seed", "2", "--out", out_dir)
    assert rc == 0
    assert "final records" in out and "4-0" in out
    ev = store.load(out_dir)
    assert ev.current_round == 4 and all(r.missing_results() == 0 for r in ev.rounds)
    rc, out2, _ = run(capsys, "simulate", "--game", "magic", "--players", "16", "--rounds",
                      "4", "--seed", "2", "--json")
    data = json.loads(out2)
    assert sum(data["distribution"].values()) == 16


def test_pair_date_is_saved_and_a_bad_date_refused(tmp_path, capsys):
    folder = make_event(tmp_path, "chess", 6)
    refused(capsys, folder, "pair", folder, "--date", "28/11/2026",
            match="--date '28/11/2026' is not a date like 2026-11-28")
    rc, _out, _err = run(capsys, "pair", folder, "--date", "2026-11-28")
    assert rc == 0 and store.load(folder).round(1).date == "2026-11-28"
    assert 'date = "2026-11-28"' in (folder / "rounds" / "01.toml").read_text()


def test_hand_edits_from_the_command_line(tmp_path, capsys):
    """``pairings latecomer|board|remove|repair`` (issue 34 item 9): --dry-run prints the
    round and what it would cost, writing nothing; a refusal is one line."""
    from swisstui.core import services
    folder = make_event(tmp_path, "chess", 5)
    run(capsys, "pair", folder)
    bye = store.load(folder).round(1).byes[0].player
    services.add_player(folder, "Lena Late", rating=1500)
    before = store.load(folder)
    rc, out, _ = run(capsys, "pairings", "latecomer", folder, 1, 6, "--dry-run")
    assert rc == 0 and store.load(folder) == before
    assert "this edit would cost:" in out and "  board 3: " in out
    rc, out, _ = run(capsys, "pairings", "latecomer", folder, 1, 6)
    assert set(store.load(folder).round(1).board(3).players) == {bye, 6}
    rc, out, _ = run(capsys, "pairings", "remove", folder, 1, 3, "--result", "zero")
    assert "board 3 removed: " in out and "each get a zero-point bye" in out
    assert store.load(folder).round(1).board(3) is None
    refused(capsys, folder, "pairings", "board", folder, 1, 1, 2,
            match="already plays on board 1 of round 1")
    rc, out, _ = run(capsys, "pairings", "repair", folder, 1, "--keep", "1")
    rnd = store.load(folder).round(1)
    assert rnd.board(1) == before.round(1).board(1) and len(rnd.boards) == 3

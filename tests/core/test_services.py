"""swisstui.core.services: every director action over an event folder (issue 10).  The CLI
and the TUI tests drive them through their shells; these check what each action reports and
that a preview writes nothing."""

from __future__ import annotations

import pytest

from conftest import make_event
from manual_round import make_round
from swisstui.core import pairing, services, store
from swisstui.core.errors import PairingError, SwissError
from swisstui.core.model import ByeKind


def snapshot(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*.toml"))}


# ---- event and settings ---------------------------------------------------------------------

def test_create_event_with_settings_and_options(tmp_path):
    ev = services.create_event(tmp_path / "go", "go", "Cup", 4, system="mcmahon",
                               options={"komi": 6.5, "mcmahon_bar": "3d"})
    assert (ev.settings.system, ev.settings.options["komi"]) == ("mcmahon", 6.5)
    assert ev.settings.tiebreaks == ("MMS", "SOSM", "SOSOSM")
    assert services.load(tmp_path / "go") == ev
    with pytest.raises(SwissError, match="already an event folder"):
        services.create_event(tmp_path / "go", "go", "Cup", 4)


def test_change_settings_merges_options_and_refuses_what_cannot_change(tmp_path):
    folder = make_event(tmp_path, "go", 6, rounds=4)
    ev, change = services.change_settings(folder, rounds=5, options={"komi": 0.5})
    assert ev.settings.rounds == 5 and ev.settings.options["komi"] == 0.5
    assert set(change.changed) == {"rounds", "options"}
    assert services.load(folder).settings == ev.settings
    ev, _ = services.change_settings(folder, options={"komi": None})  # back to the default
    assert ev.settings.options.get("komi", 6.5) == 6.5
    before = snapshot(folder)
    with pytest.raises(SwissError) as err:
        services.change_settings(folder, game="chess")
    assert err.value.field == "game"
    with pytest.raises(SwissError, match="komi"):
        services.change_settings(folder, options={"komi": "lots"})
    with pytest.raises(SwissError, match="rounds must be") as err:
        services.change_settings(folder, rounds=0)
    assert err.value.field == "rounds"
    assert snapshot(folder) == before


def test_preview_settings_says_which_places_change_and_writes_nothing(tmp_path):
    from swisstui.core.results import record_result
    folder = make_event(tmp_path, "chess", 6, rounds=3)
    store.update(folder, lambda e: make_round(e, [(1, 2), (3, 4), (5, 6)]))
    for board, res in ((1, "1-0"), (2, "0-1"), (3, "1/2-1/2")):
        ev = store.update(folder, lambda e, b=board, r=res: record_result(e, 1, b, r))
    before = snapshot(folder)
    same = services.preview_settings(ev, venue="Hall B")
    assert same.changed == ("venue",) and same.effects == ("standings: no place changes",)
    # a draw worth nothing: the drawn players 5 and 6 fall back among the losers 2 and 3
    moved = services.preview_settings(ev, draw=0)
    assert moved.changed == ("scoring",)
    assert moved.effects[0].startswith("standings: 4 place(s) change: ")
    assert snapshot(folder) == before


def test_settings_rounds_below_the_paired_rounds_is_refused(tmp_path):
    folder = make_event(tmp_path, "chess", 4, rounds=3)
    ev = store.update(folder, lambda e: make_round(e, [(1, 2), (3, 4)]))
    ev = store.update(folder, lambda e: make_round(e, [(1, 3), (2, 4)]))
    with pytest.raises(SwissError, match="2 Swiss rounds are already paired") as err:
        services.preview_settings(ev, rounds=1)
    assert err.value.field == "rounds"


# ---- registration -----------------------------------------------------------------------------

def test_add_player_reports_the_player_this_call_added(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    out = services.add_player(folder, "Zoë Low", id=2000, rating=1500)
    assert (out.player.id, out.player.name) == (2000, "Zoë Low")
    # another director adds a player meanwhile: this call still names its own
    services.add_player(folder, "Other Director's Entry")
    out = services.add_player(folder, "Mine", id=7)
    assert (out.player.id, out.player.name) == (7, "Mine")
    assert out.event.player(2001).name == "Other Director's Entry"


def test_check_in_marks_absent_and_present_for_the_next_round(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    out = services.check_in(folder, 3, present=False)
    assert out.player.byes == ((1, ByeKind.ABSENT),)
    services.request_bye(folder, 4, 1, "half")
    assert services.check_in(folder, 4, present=True).player.byes == ((1, ByeKind.HALF),)
    assert services.check_in(folder, 3, present=True).player.byes == ()
    with pytest.raises(SwissError, match="no player with id 99"):
        services.check_in(folder, 99, present=False)


def test_import_preview_equals_what_the_import_adds(tmp_path):
    folder = make_event(tmp_path, "chess", 2)
    csv = tmp_path / "p.csv"
    csv.write_text("name,rating,country\nAnn Lee,1800,KOR\nBo Kim,1700,KOR\n", encoding="utf-8")
    before = snapshot(folder)
    preview = services.read_player_list(services.load(folder), csv)
    assert snapshot(folder) == before
    assert [(p.id, p.name) for p in preview] == [(3, "Ann Lee"), (4, "Bo Kim")]
    out = services.import_players(folder, csv)
    assert out.added == tuple(p for p in out.event.players if p.id in (3, 4))
    assert [(p.id, p.name, p.rating) for p in out.added] == [(3, "Ann Lee", 1800),
                                                             (4, "Bo Kim", 1700)]
    with pytest.raises(SwissError, match="unknown player-list format"):
        services.import_players(folder, csv, "xls")


def test_likely_duplicates_by_folded_name_or_federation_id(tmp_path):
    folder = make_event(tmp_path, "chess", 2)
    services.add_player(folder, "José  Álvarez", federation_id="123456")
    ev = services.load(folder)
    assert [p.name for p in services.likely_duplicates(ev, "jose alvarez")] == ["José  Álvarez"]
    assert [p.id for p in services.likely_duplicates(ev, "Someone", "123456")] == [3]
    assert services.likely_duplicates(ev, "José Álvarez", but=3) == ()
    assert services.likely_duplicates(ev, "Josef Alvarez") == ()


# ---- pairing ----------------------------------------------------------------------------------

def test_pair_next_saves_the_previewed_pairing_without_pairing_again(tmp_path, monkeypatch):
    folder = make_event(tmp_path, "chess", 8)
    basis = services.load(folder)
    preview = services.preview_pairing(basis)

    def fail(*a, **kw):
        raise AssertionError("paired again")

    monkeypatch.setattr(pairing, "pair_round", fail)
    out = services.pair_next(folder, preview=preview, basis=basis)
    assert out.pairing is preview and out.event.round(1) == preview.round


def test_pair_next_pairs_again_when_the_event_changed_since_the_preview(tmp_path):
    folder = make_event(tmp_path, "chess", 8)
    basis = services.load(folder)
    preview = services.preview_pairing(basis)
    services.add_player(folder, "Late Comer", rating=2500)  # another window, meanwhile
    out = services.pair_next(folder, preview=preview, basis=basis)
    assert 9 in out.event.round(1).paired_ids()
    assert out.event.round(1) != preview.round


def test_pair_next_keeps_forbidden_pairs_for_later_rounds(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    out = services.pair_next(folder, forbid=[(1, 3)])
    assert (1, 3) in out.event.settings.forbidden
    assert all(set(b.players) != {1, 3} for b in out.event.round(1).boards)


def test_preview_swap_writes_nothing_and_lists_what_it_breaks(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    ev = services.pair_next(folder).event
    a, b = ev.round(1).boards[0].players[0], ev.round(1).boards[1].players[0]
    before = snapshot(folder)
    out = services.preview_swap(ev, 1, a, b)
    assert snapshot(folder) == before
    assert {tuple(sorted(x.players)) for x in out.round.boards} != \
        {tuple(sorted(x.players)) for x in ev.round(1).boards}
    saved = services.swap(folder, 1, a, b)
    assert saved.round == out.round and saved.broken == out.broken


def test_pairing_refusal_carries_players_and_relaxation(tmp_path):
    folder = make_event(tmp_path, "chess", 2, rounds=3)
    ev = services.pair_next(folder).event
    services.record_result(folder, 1, 1, "1-0")
    before = snapshot(folder)
    with pytest.raises(PairingError) as err:
        services.pair_next(folder)
    assert snapshot(folder) == before
    assert err.value.relaxation == "allow_rematch" and set(err.value.players) == {1, 2}
    assert services.load(folder).current_round == ev.current_round


def test_explain_board_and_byes(tmp_path):
    folder = make_event(tmp_path, "chess", 5, system="swiss")  # the matching engine's notes
    out = services.pair_next(folder)
    ev = out.event
    assert services.explain(ev, 1, 1)[0].startswith("board 1:")
    assert services.explain(ev, 1, 0) == services.explain(ev, 1, 0, out.pairing)
    with pytest.raises(SwissError, match="has no board 9"):
        services.explain(ev, 1, 9)


# ---- results ----------------------------------------------------------------------------------

def test_record_result_reports_the_board_the_previous_result_and_later_rounds(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    services.pair_next(folder)
    out = services.record_result(folder, 1, 1, "1-0")
    assert (out.board.result.text, out.previous, out.note) == ("1-0", None, None)
    services.record_result(folder, 1, 2, "=")
    services.pair_next(folder)
    with pytest.raises(SwissError, match="already has 1-0"):
        services.record_result(folder, 1, 1, "0-1")
    out = services.record_result(folder, 1, 1, "0-1", force=True)
    assert out.previous.text == "1-0" and out.board.result.text == "0-1"
    assert out.note == "note: round 2 was paired before this change and keeps its pairings"
    out = services.clear_result(folder, 1, 1)
    assert out.board.result is None and out.previous.text == "0-1" and out.note


def test_magic_drop_is_reported(tmp_path):
    folder = make_event(tmp_path, "magic", 4)
    ev = services.pair_next(folder).event
    a, b = ev.round(1).boards[0].players
    out = services.record_result(folder, 1, 1, "2-0", {"drop": [b]})
    assert out.dropped == (b,) and out.event.player(b).withdrawn_from == 2


def test_next_empty_board_wraps(tmp_path):
    folder = make_event(tmp_path, "chess", 6)
    services.pair_next(folder)
    ev = services.record_result(folder, 1, 2, "1-0").event
    assert services.next_empty_board(ev, 1) == 1
    assert services.next_empty_board(ev, 1, 1) == 3
    assert services.next_empty_board(ev, 1, 3) == 1
    assert services.next_empty_board(ev, 9) is None


# ---- exports ----------------------------------------------------------------------------------

def test_export_to_file_refuses_the_events_own_files(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    ev = services.load(folder)
    before = snapshot(folder)
    with pytest.raises(SwissError, match="players.toml"):
        services.export_to_file(ev, services.ExportRequest("csv", "standings"),
                                folder / "players.toml")
    assert snapshot(folder) == before
    data = services.export_to_file(ev, services.ExportRequest("json"), tmp_path / "e.json")
    assert (tmp_path / "e.json").read_bytes() == data and b'"schema": 1' in data


def test_an_export_the_table_cannot_serve_names_what_it_can(tmp_path):
    ev = services.load(make_event(tmp_path, "chess", 4))
    with pytest.raises(SwissError) as err:
        services.export(ev, services.ExportRequest("trf", "standings"))
    assert err.value.field == "what" and "it holds event" in str(err.value)
    with pytest.raises(SwissError, match="unknown format 'pdf'"):
        services.export(ev, services.ExportRequest("pdf"))

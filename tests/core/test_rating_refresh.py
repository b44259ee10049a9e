"""``swisstui ratings refresh`` (issue 36 item 3): the registered players refreshed from the
installed lists by their federation id — rating, title, federation — shown first, applied
in one write, frozen once round 1 is paired unless forced, with reminders about the lists'
dates; the core rule is swisstui/core/rating_refresh.py."""

from __future__ import annotations

import pytest

from conftest import core_test_module, make_event
from swisstui.cli import main
from swisstui.core import rating_index, rating_refresh, services, store
from swisstui.core.errors import SwissError
from swisstui.core.services import ratings

T = core_test_module("test_rating_index")


@pytest.fixture
def lists(tmp_path, monkeypatch):
    monkeypatch.setenv("SWISSTUI_RATINGS", str(tmp_path / "ratings.sqlite3"))
    path = tmp_path / "players_list_foa.txt"
    path.write_text(T.fide_txt(("1503014", "Carlsen, Magnus", "NOR", "2833"),
                               ("8603006", "Ju, Wenjun", "CHN", "2560"),
                               ("2300303", "Ólafsson, Helgi", "ISL", "2500")),
                    encoding="utf-8")
    rating_index.import_list(path, "fide", list_date="2026-11-01")


def _event(tmp_path):
    folder = make_event(tmp_path, "chess", 4, date_start="2026-11-28",
                        date_end="2026-12-02")
    services.edit_player(folder, 1, federation_id="1503014", rating=2830, country="NOR")
    services.edit_player(folder, 2, federation_id="8603006", rating=2560, country="FRA")
    services.edit_player(folder, 3, federation_id="9999999", rating=2000)  # not in the list
    return folder


def snapshot(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*.toml"))}


def test_a_refresh_shows_every_change_then_applies_it_in_one_write(tmp_path, lists):
    folder = _event(tmp_path)
    before = snapshot(folder)
    plan = ratings.preview_refresh(store.load(folder))
    assert snapshot(folder) == before
    assert [(c.player, c.field, c.old, c.new) for c in plan.changes] == [
        (1, "rating", 2830, 2833), (2, "country", "FRA", "CHN")]
    assert not plan.frozen
    # the FIDE list of 1 December falls due during the event (28 Nov - 2 Dec)
    assert plan.reminders == ("a new FIDE list is due on 2026-12-01, during the event: the "
                              "ratings stay those of the start",)
    out = ratings.refresh(folder)
    assert out.written and out.changes == plan.changes
    ev = store.load(folder)
    assert (ev.player(1).rating, ev.player(2).country, ev.player(3).rating) == \
        (2833, "CHN", 2000)
    assert ratings.preview_refresh(ev).changes == ()  # nothing left to change


def test_frozen_after_round_one_unless_forced(tmp_path, lists):
    folder = _event(tmp_path)
    services.pair_next(folder)
    before = snapshot(folder)
    with pytest.raises(SwissError, match="frozen once round 1 is paired") as err:
        ratings.refresh(folder)
    assert err.value.field == "force" and snapshot(folder) == before
    assert ratings.preview_refresh(store.load(folder)).frozen
    ratings.refresh(folder, force=True)
    assert store.load(folder).player(1).rating == 2833


def test_a_rank_the_list_writes_otherwise_is_left_alone():
    """A rank swisstui cannot read (an EGD grade like "20k?") is no change, not a traceback."""
    assert rating_refresh._rank("not a rank") is None
    assert rating_refresh._rank("3 dan") == "3d"


def test_a_list_newer_than_the_start_is_named():
    class L:
        source, list_date = "fide", "2026-12-01"
    ev = type("E", (), {})()
    ev.settings = type("S", (), {"date_start": "2026-11-28", "date_end": "2026-11-29"})()
    assert rating_refresh.reminders(ev, [L()]) == [
        "the FIDE list is dated 2026-12-01, after the event's start (2026-11-28): an event "
        "is rated with the list in force when it began"]


def test_cli_refresh_dry_run_then_apply(tmp_path, lists, capsys):
    folder = _event(tmp_path)
    assert main(["ratings", "refresh", str(folder), "--dry-run"]) == 0
    out = capsys.readouterr().out
    name = store.load(folder).player(1).name
    assert f"1 {name}: rating 2830 → 2833 (FIDE)" in out
    assert "2 changes would be made (nothing written)" in out
    assert store.load(folder).player(1).rating == 2830
    assert main(["ratings", "refresh", str(folder)]) == 0
    assert "2 changes made" in capsys.readouterr().out
    assert store.load(folder).player(1).rating == 2833

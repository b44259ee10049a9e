"""Moving a player between sections (issue 33 item 4): free before the first pairing, else
only into a section whose next round is unpaired, the old record kept (withdrawn, noted);
the preview names the places that change; refusals in one line, nothing written; a move
interrupted between its two writes is reported by check and finished by running it again;
moving never loses or duplicates a player or a result."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from swisstui.core import services, store
from swisstui.core.errors import SwissError
from swisstui.core.services import sections
from swisstui.core.store import sections as layout

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.toml"))}


def make(tmp_path: Path, name: str = "ev", players: int = 6) -> tuple[Path, Path]:
    """An empty chess event (the sample's settings) with a second section U1600, players
    1..n in the root (main) and n+1..2n in U1600."""
    folder = tmp_path / name
    shutil.copytree(SAMPLES / "chess", folder)
    for f in (folder / "rounds").glob("*.toml"):
        f.unlink()
    (folder / "players.toml").write_text("")
    u = sections.add_section(folder, "U1600").folder
    for i in range(players):
        services.add_player(folder, f"Open {i}", rating=2000 - 10 * i)
    for i in range(players):
        services.add_player(u, f"Under {i}", rating=1500 - 10 * i)
    return folder, u


def play_round(folder: Path) -> None:
    # a section that moves changed can be too small to pair without a rematch: allowed here,
    # the properties are about the pool, not the pairing
    out = services.pair_next(folder, allow_rematch=True)
    r = out.event.rounds[-1]
    for b in r.boards:
        services.record_result(folder, r.number, b.number, "1-0")


def pool(folder: Path) -> tuple[dict[int, int], set]:
    """How many sections hold each id as active, and every result in the event."""
    active: dict[int, int] = {}
    results = set()
    for name, f in sections.folders(folder):
        ev = store.load(f)
        for p in ev.players:
            if p.withdrawn_from is None:
                active[p.id] = active.get(p.id, 0) + 1
        for r in ev.rounds:
            for b in r.boards:
                results.add((name, r.number, b.players, b.result and b.result.text))
    return active, results


def test_free_move_before_the_first_pairing(tmp_path):
    root, u = make(tmp_path)
    m = sections.move_player(root, 2, "U1600")
    assert (m.source, m.target, m.after_round, m.joined_round, m.written) == \
        ("main", "U1600", 0, 1, True)
    assert store.load(root).player(2) is None  # left players.toml: never paired there
    p = store.load(u).player(2)
    assert (p.name, p.rating, p.joined_round, p.withdrawn_from) == ("Open 1", 1990, 1, None)
    assert store.check(root) == [] and store.check(u) == []


def test_move_after_round_two_keeps_the_record(tmp_path):
    root, u = make(tmp_path)
    for _ in range(2):
        play_round(root)
        play_round(u)
    before_results = pool(root)[1]
    preview = sections.move_player(root, 3, "U1600", dry_run=True)
    assert not preview.written and preview.after_round == 2 and preview.joined_round == 3
    assert any(c.section == "U1600" and c.player == 3 and c.before is None and c.after
               for c in preview.changes)  # he appears in U1600's standings
    assert store.load(u).player(3) is None  # a preview writes nothing
    m = sections.move_player(root, 3, "U1600")
    assert m.changes == preview.changes
    old = store.load(root).player(3)
    assert old.withdrawn_from == 3 and old.notes == "moved to U1600 after round 2"
    new = store.load(u).player(3)
    assert (new.joined_round, new.withdrawn_from, new.notes) == (3, None, None)
    assert pool(root)[1] == before_results  # no result lost
    play_round(u)  # the late entrant is paired in U1600's round 3
    assert 3 in store.load(u).rounds[-1].paired_ids()
    assert 3 not in (services.pair_next(root).event.rounds[-1].paired_ids())
    assert store.check(root) == [] and store.check(u) == []


def refused(root: Path, *args, match: str, **kw) -> None:
    before = snapshot(root)
    with pytest.raises(SwissError) as exc:
        sections.move_player(root, *args, **kw)
    assert "\n" not in str(exc.value) and match in str(exc.value), str(exc.value)
    assert snapshot(root) == before


def test_refusals_write_nothing(tmp_path):
    root, u = make(tmp_path)
    refused(root, 1, "Nope", match="no section Nope")
    refused(root, 1, "../x", match="not a section name")
    refused(root, 99, "U1600", match="no player 99")
    refused(root, 1, "main", match="already entered in section main")
    play_round(root)
    play_round(u)
    play_round(u)  # U1600 has paired round 2: a player leaving main after round 1 misses it
    refused(root, 1, "U1600", match="already paired round 2")
    out = services.pair_next(root)  # main's round 2, no results yet
    pid = out.event.rounds[-1].boards[0].players[0]
    refused(root, pid, "U1600", match="without a result")


def test_no_return_to_a_section_left(tmp_path):
    """Found by the property test: moving back into the section a player left (his
    withdrawn record there) took the old record for an interrupted move and withdrew him
    from both sections."""
    root, u = make(tmp_path)
    play_round(root)
    play_round(u)
    sections.move_player(root, 1, "U1600")
    refused(root, 1, "main", match="does not go back")
    assert store.load(u).player(1).withdrawn_from is None


def test_interrupted_move_is_reported_and_finished(tmp_path):
    root, u = make(tmp_path)
    play_round(root)
    play_round(u)
    # the first of the move's two writes (the target) done, the crash before the second
    p = store.load(root).player(4)
    with layout.moving(4):
        store.update(u, lambda ev: sections._target_change(ev, p, 1, "U1600"))
    problems = layout.pool_problems(root)
    assert len(problems) == 1 and "player 4" in problems[0] and "main and U1600" in \
        problems[0].replace("sections ", "")
    assert store.check(root) == problems  # the event's check reports it
    m = sections.move_player(root, 4, "U1600")  # run again: finishes
    assert m.written and layout.pool_problems(root) == []
    assert store.load(root).player(4).withdrawn_from == 2
    assert pool(root)[0][4] == 1



def test_a_move_whose_second_write_would_be_refused_writes_nothing(tmp_path):
    """U1600's players.toml a link to a file outside the event: moving a player out of
    U1600 wrote main's players.toml (the target, first), then the source's write was
    refused and main's file was written back: refused, but main's players.toml and its
    cache rewritten.  Now the move asks both folders before its first write; the same for
    distribute.  Found by the sections' folder fuzzer."""
    root, u = make(tmp_path, players=4)
    outside = tmp_path / "elsewhere.toml"
    shutil.move(u / "players.toml", outside)
    (u / "players.toml").symlink_to(outside)
    services.edit_player(root, 2, rating=1000)  # main -> U1600 by rating

    def state():
        return {str(f.relative_to(root)): (os.lstat(f).st_ino, os.lstat(f).st_mtime_ns)
                for f in sorted(root.rglob("*")) if f.name != ".swisstui.lock"}
    before, text = state(), outside.read_bytes()
    for attempt in (lambda: sections.move_player(root, 5, "main"),
                    lambda: sections.distribute(root, "rating", "main:1600-,U1600:-1599")):
        with pytest.raises(SwissError, match="outside the event folder"):
            attempt()
        assert state() == before and outside.read_bytes() == text

@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=st.lists(st.tuples(st.integers(1, 8), st.booleans(), st.booleans()),
                      min_size=1, max_size=4))
def test_moves_never_lose_or_duplicate(tmp_path_factory, moves):
    root, u = make(tmp_path_factory.mktemp("p"), players=4)
    ids = set(pool(root)[0])
    for pid, to_u, play in moves:
        if play and len(store.load(root).rounds) < 2:  # 4 players: 2 rounds without rematches
            play_round(root)
            play_round(u)
        results = pool(root)[1]
        try:
            sections.move_player(root, pid, "U1600" if to_u else "main")
        except SwissError:
            pass
        active, after = pool(root)
        assert set(active) == ids and set(active.values()) == {1}  # each once, none lost
        assert after == results  # no result lost or added
    assert layout.pool_problems(root) == []


# ---- distribute (issue 33 item 5) -----------------------------------------------------------

def test_distribute_by_rating_with_preview_and_plays_up(tmp_path):
    root, u = make(tmp_path)  # main: 2000..1950, U1600: 1500..1450
    services.edit_player(root, 6, rating=1400)   # 1400 in main: goes to U1600
    services.edit_player(u, 7, rating=1900)      # 1900 in U1600: goes to main
    services.edit_player(root, 5, rating=1300)   # ... but plays up
    before = snapshot(root)
    d = sections.distribute(root, "rating", "main:1600-,U1600:-1599", plays_up=(5,),
                            dry_run=True)
    assert [(m.player, m.source, m.target) for m in d.moves] == \
        [(6, "main", "U1600"), (7, "U1600", "main")]
    assert d.kept == (5,) and not d.written and snapshot(root) == before
    d = sections.distribute(root, "rating", "main:1600-,U1600:-1599", plays_up=(5,))
    assert {p.id for p in store.load(root).players} == {1, 2, 3, 4, 5, 7}
    assert {p.id for p in store.load(u).players} == {6, 8, 9, 10, 11, 12}
    assert layout.pool_problems(root) == []


def test_a_distribute_a_source_refuses_leaves_no_one_in_two_sections(tmp_path, monkeypatch):
    """The targets are written first; when a source then refused (paired meanwhile), its
    players stayed entered in their targets too.  They are taken back out now."""
    root, u = make(tmp_path)
    services.edit_player(root, 6, rating=1400)   # main -> U1600
    services.edit_player(u, 7, rating=1900)      # U1600 -> main

    def refusing(ids):
        def change(ev):
            raise SwissError("paired meanwhile")
        return change
    monkeypatch.setattr(sections, "partial_leave", refusing)
    with pytest.raises(SwissError, match="paired meanwhile"):
        sections.distribute(root, "rating", "main:1600-,U1600:-1599")
    active, _results = pool(root)
    assert all(n == 1 for n in active.values()) and len(active) == 12
    assert {p.id for p in store.load(root).players} == {1, 2, 3, 4, 5, 6}
    assert layout.pool_problems(root) == []


def test_distribute_by_class_and_age_and_paired_players_stay(tmp_path):
    root, u = make(tmp_path, players=2)
    sections.add_section(root, "kyu")
    services.edit_player(root, 1, rank="3d", birth="2010-05-01")
    services.edit_player(root, 2, rank="2k", birth="1990")
    d = sections.distribute(root, "class", "C:main,B:main,A:main,S:main,D:kyu,E:kyu,F:kyu",
                            dry_run=True)
    assert [(m.player, m.target) for m in d.moves] == [(2, "kyu")]
    d = sections.distribute(root, "age", "U1600:-17,main:18-", base_date="2026-11-28",
                            dry_run=True)  # 1 is 16, 2 is 36
    assert [(m.player, m.target) for m in d.moves] == [(1, "U1600")]
    assert set(d.unplaced) == {3, 4}  # no birth
    play_round(u)
    d = sections.distribute(root, "rating", "main:-", dry_run=True)
    assert set(d.paired) == {3, 4} and {m.player for m in d.moves} == set()



def test_distribute_never_sends_a_player_back_to_a_section_he_left(tmp_path):
    """A player moved out of U1600 after round 1 (his record kept there, withdrawn) and not
    yet paired in main was sent back by distribute: the target already held him (withdrawn),
    so he was not entered, and the source removed him: in no section at all, and check
    reported a move to main never done.  He played in the event, so he is paired already
    and stays (the rule "only players paired in no round move" is the event's, not the
    section's).  Found by the sections' folder fuzzer."""
    root, u = make(tmp_path, players=4)
    play_round(root)
    play_round(u)
    sections.move_player(root, 5, "main")  # U1600 -> main after round 1
    d = sections.distribute(root, "rating", "main:1600-,U1600:-1599")
    assert 5 in d.paired and 5 not in {m.player for m in d.moves}
    assert store.load(root).player(5).withdrawn_from is None
    assert store.load(u).player(5).withdrawn_from == 2
    assert pool(root)[0][5] == 1 and layout.pool_problems(root) == []

def test_distribute_refusals(tmp_path):
    root, _u = make(tmp_path, players=2)
    before = snapshot(root)
    for by, bands, match in (("rating", "Nope:1-", "no section Nope"),
                             ("rating", "main1800", "not NAME:LOW-HIGH"),
                             ("rating", "main:x-", "not a whole number"),
                             ("colour", "main:1-", "--by must be one of"),
                             ("rating", None, "give the bands")):
        with pytest.raises(SwissError) as exc:
            sections.distribute(root, by, bands)
        assert match in str(exc.value) and "\n" not in str(exc.value)
    assert snapshot(root) == before


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ratings=st.lists(st.integers(1000, 2400), min_size=8, max_size=8),
       cut=st.integers(1000, 2400), pinned=st.sets(st.integers(1, 8), max_size=3))
def test_distribute_never_loses_or_duplicates(tmp_path_factory, ratings, cut, pinned):
    root, u = make(tmp_path_factory.mktemp("d"), players=4)
    for pid, r in zip(range(1, 9), ratings):
        services.edit_player(root if pid <= 4 else u, pid, rating=r)
    ids = set(pool(root)[0])
    d = sections.distribute(root, "rating", f"main:{cut}-,U1600:-{cut - 1}",
                            plays_up=tuple(pinned))
    active, _r = pool(root)
    assert set(active) == ids and set(active.values()) == {1}
    where = {p.id: "main" for p in store.load(root).players}
    where.update({p.id: "U1600" for p in store.load(u).players})
    for pid, r in zip(range(1, 9), ratings):
        if pid not in pinned:
            assert where[pid] == ("main" if r >= cut else "U1600")
    assert set(d.kept) <= pinned

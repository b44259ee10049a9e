"""Sections of one event (issue 33, docs/FORMAT.md "Sections"): the root folder is the event
and its first section; sections/NAME/ holds only what differs; ids unique in the event;
refusals in one line with nothing written; a hostile folder; two sections paired at once."""

from __future__ import annotations

import os
from dataclasses import replace
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from swisstui.core import services, store
from swisstui.core.errors import SwissError
from swisstui.core.model import GAMES
from swisstui.core.services import sections

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file's bytes (the event's files, not its lock, cache or history)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and ".swisstui-cache" not in p.parts and ".git" not in p.parts
            and p.name != ".swisstui.lock"}


@pytest.fixture
def chess(tmp_path):
    folder = tmp_path / "chess"
    shutil.copytree(SAMPLES / "chess", folder)
    return folder


@pytest.mark.parametrize("game", GAMES)
def test_old_folders_read_and_write_unchanged(tmp_path, game):
    """A sample (today's layout) is a one-section event: its list names one section, a
    write that changes nothing writes nothing, and a settings change and back gives the
    same bytes: no schema 2, no section key."""
    folder = tmp_path / game
    shutil.copytree(SAMPLES / game, folder)
    before = snapshot(folder)
    rows = sections.list_sections(folder)
    assert [r.name for r in rows] == ["main"] and rows[0].folder == folder
    assert sections.resolve(folder) == folder
    assert sections.resolve(folder, "main") == folder
    ev = store.load(folder)
    store.update(folder, lambda e: e)
    rounds = ev.settings.rounds
    for n in (rounds + 1, rounds):
        store.update(folder, lambda e, n=n: replace(e, settings=replace(e.settings, rounds=n)))
        assert f"\nrounds = {n}\n" in (folder / "event.toml").read_text()  # written
    assert snapshot(folder) == before
    assert not (folder / "sections").exists()


def test_two_sections_paired_and_standings(chess):
    u = sections.add_section(chess, "U1600", rounds=4, tiebreaks=["BH", "SB"])
    assert u.folder == chess / "sections" / "U1600"
    text = (u.folder / "event.toml").read_text()
    assert "rounds = 4" in text and 'tiebreaks = ["BH", "SB"]' in text
    assert "name =" not in text and "game =" not in text and "schema" not in text
    assert (chess / "event.toml").read_text().splitlines()[1] == "schema = 2"
    for i, name in enumerate(["Ana", "Bea", "Caio", "Duda"]):
        services.add_player(u.folder, name, rating=1500 - 10 * i)
    added = store.load(u.folder).players
    root_ids = {p.id for p in store.load(chess).players}
    assert not root_ids & {p.id for p in added}  # ids go on from the whole event
    assert [p.id for p in added] == [max(root_ids) + i for i in range(1, 5)]
    out = services.pair_next(u.folder)
    boards = out.event.rounds[-1].boards
    assert len(boards) == 2
    for b in boards:
        services.record_result(u.folder, 1, b.number, "1-0")
    root_rounds = len(store.load(chess).rounds)
    # the root section pairs on as before, its rounds untouched by the section's
    assert len(store.load(chess).rounds) == root_rounds
    rows = {r.name: r for r in sections.list_sections(chess)}
    assert rows["U1600"].paired == 1 and rows["U1600"].players == 4
    assert rows["main"].paired == root_rounds
    ev = store.load(u.folder)
    assert ev.settings.tiebreaks == ("BH", "SB") and ev.settings.rounds == 4


def test_settings_inheritance(chess):
    u = sections.add_section(chess, "U1600", rounds=4, tiebreaks=["BH", "SB"]).folder
    root = store.load(chess).settings
    sec = store.load(u).settings
    assert (sec.rounds, sec.tiebreaks) == (4, ("BH", "SB"))
    assert (sec.name, sec.game, sec.system, sec.venue, sec.seed, dict(sec.options)) == \
        (root.name, root.game, root.system, root.venue, root.seed, dict(root.options))
    # a root setting the section does not override reaches it; one it overrides does not
    services.change_settings(chess, venue="Hall B", rounds=9, seed=11)
    sec = store.load(u).settings
    assert (sec.venue, sec.seed, sec.rounds) == ("Hall B", 11, 4)
    # the section's own change is written as a difference only
    services.change_settings(u, seed=5)
    text = (u / "event.toml").read_text()
    assert "seed = 5" in text and "venue" not in text
    assert store.load(u).settings.seed == 5


def test_a_section_of_another_game_takes_its_defaults(chess):
    kyu = sections.add_section(chess, "kyu", game="go", rounds=3).folder
    s = store.load(kyu).settings
    from swisstui.core.settings import game_defaults
    assert s.game == "go" and s.rounds == 3
    assert s.tiebreaks == game_defaults("go", s.system, s.style)["tiebreaks"]
    assert "tiebreak_rules" not in s.options  # chess's options are not inherited
    assert (kyu / "event.toml").read_text().splitlines()[1] == 'game = "go"'


def test_id_clash_refused_and_nothing_written(chess):
    u = sections.add_section(chess, "U1600").folder
    taken = store.load(chess).players[0]
    before = snapshot(chess)
    with pytest.raises(SwissError) as exc:
        services.add_player(u, "Someone Else", id=taken.id)
    msg = str(exc.value)
    assert "\n" not in msg and f"player id {taken.id}" in msg and "section main" in msg
    assert snapshot(chess) == before
    # the same person in two sections: only where the root allows it, same name
    with pytest.raises(SwissError):
        services.add_player(u, taken.name, id=taken.id)
    text = (chess / "event.toml").read_text().replace("schema = 2\n",
                                                       "schema = 2\nmulti_entry = true\n")
    (chess / "event.toml").write_text(text)
    services.add_player(u, taken.name, id=taken.id)
    assert store.load(u).player(taken.id).name == taken.name
    with pytest.raises(SwissError, match="section U1600"):  # now two people: refused
        services.edit_player(chess, taken.id, name="Renamed")


@pytest.mark.parametrize("name", ["../x", "a/b", ".hidden", "", "two words", "é", "-x",
                                  "x" * 41])
def test_section_name_not_a_plain_word(chess, name):
    before = snapshot(chess)
    with pytest.raises(SwissError, match="not a section name"):
        sections.add_section(chess, name)
    with pytest.raises(SwissError):
        sections.resolve(chess, name)
    assert snapshot(chess) == before


def test_refusals(chess):
    sections.add_section(chess, "U1600")
    before = snapshot(chess)
    for call, match in [
            (lambda: sections.add_section(chess, "u1600"), "already a section"),
            (lambda: sections.add_section(chess, "MAIN"), "already a section"),
            (lambda: sections.resolve(chess), "--section"),
            (lambda: sections.resolve(chess, "U1800"), "no section U1800"),
            (lambda: sections.remove_section(chess, "main"), "never removed"),
            (lambda: sections.remove_section(chess, "Kyu"), "no section Kyu"),
            (lambda: sections.add_section(chess, "Bad", rounds=0), "rounds")]:
        with pytest.raises(SwissError, match=match) as exc:
            call()
        assert "\n" not in str(exc.value)
        assert snapshot(chess) == before


def test_remove_a_section_only_without_rounds(chess):
    u = sections.add_section(chess, "U1600").folder
    services.add_player(u, "Ana", rating=1500)
    services.add_player(u, "Bea", rating=1400)
    services.pair_next(u)
    before = snapshot(chess)
    with pytest.raises(SwissError, match="a section with rounds is never removed"):
        sections.remove_section(chess, "U1600")
    assert snapshot(chess) == before
    services.undo_round(u)
    for p in store.load(u).players:
        services.remove_player(u, p.id)
    sections.remove_section(chess, "U1600")
    assert not u.exists()
    # the last section gone: the root is schema 1 again, byte for byte the sample's
    assert (chess / "event.toml").read_bytes() == (SAMPLES / "chess" / "event.toml").read_bytes()


def test_hostile_section_folders(chess, tmp_path):
    sections.add_section(chess, "U1600")
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(chess / "sections" / "U1600", elsewhere)
    (elsewhere / ".swisstui.lock").unlink()
    os.symlink(elsewhere, chess / "sections" / "Link")
    before = snapshot(elsewhere)
    with pytest.raises(SwissError, match="symbolic link"):
        sections.list_sections(chess)
    with pytest.raises(SwissError, match="symbolic link"):
        store.load(chess / "sections" / "Link")
    with pytest.raises(SwissError, match="symbolic link"):
        services.add_player(chess / "sections" / "Link", "Eve")
    assert snapshot(elsewhere) == before
    assert not (elsewhere / ".swisstui.lock").exists()
    os.unlink(chess / "sections" / "Link")
    # a section name climbing out of the event is not a name
    with pytest.raises(SwissError, match="not a section name"):
        sections.resolve(chess, "../x")
    # the root's own keys in a section's file are unknown keys there
    f = chess / "sections" / "U1600" / "event.toml"
    f.write_text(f.read_text() + 'multi_entry = true\n')
    with pytest.raises(SwissError, match="unknown key 'multi_entry'"):
        store.load(chess / "sections" / "U1600")
    # a section key that is not a plain word in the root
    text = (chess / "event.toml").read_text()
    (chess / "event.toml").write_text(text.replace("schema = 2\n", 'schema = 2\nsection = "../x"\n'))
    with pytest.raises(SwissError, match=r"event.toml:\d+: '../x' is not a section name"):
        store.load(chess)



def test_sections_a_file_refused_in_one_line(chess):
    """``sections`` a file in the event folder (not a folder): adding a section gave a
    FileExistsError traceback.  Now one line naming it, nothing written.  Found by the
    sections' folder fuzzer."""
    (chess / "sections").write_text("U1600\n")
    before = snapshot(chess)
    with pytest.raises(SwissError) as exc:
        sections.add_section(chess, "U1600")
    assert "sections: is not a folder" in str(exc.value) and "\n" not in str(exc.value)
    assert snapshot(chess) == before


def test_a_section_folder_name_with_a_newline_is_refused_in_one_line(chess):
    """A folder ``sections/u<newline>1600`` holding an event.toml: the refusal printed the
    folder's path as it is, the newline in it, so the one-line message was two lines.  Now
    it names the sections folder and the name quoted.  Found by the sections' folder
    fuzzer."""
    sections.add_section(chess, "U1600")
    shutil.copytree(chess / "sections" / "U1600", chess / "sections" / "u\n1600")
    with pytest.raises(SwissError) as exc:
        sections.list_sections(chess)
    assert "'u\\n1600' is not a section name" in str(exc.value)
    assert "\n" not in str(exc.value)


@pytest.mark.parametrize("what", ["file", "fifo"])
def test_a_file_in_the_new_sections_place_refused_in_one_line(chess, what):
    """``sections/Junior`` a file or a named pipe, then ``sections add EVENT Junior``: a
    NotADirectoryError traceback.  Now the refusal of a place that is not an empty folder,
    nothing written.  Found by probing the sections' folder fuzzer's cases."""
    sections.add_section(chess, "U1600")
    place = chess / "sections" / "Junior"
    place.write_text("notes\n") if what == "file" else os.mkfifo(place)
    before = snapshot(chess)
    with pytest.raises(SwissError, match="exists and is not an empty folder"):
        sections.add_section(chess, "Junior")
    assert snapshot(chess) == before

_PAIR = """
import sys, time
from swisstui.core import services
start = float(sys.argv[2])
while time.time() < start:
    time.sleep(0.001)
services.pair_next(sys.argv[1])
print("ok")
"""


def test_two_sections_paired_at_once(chess):
    """Two processes pair two sections at the same instant: both succeed, each section's
    round is its own (each section has its own lock)."""
    folders = []
    for name in ("A", "B"):
        f = sections.add_section(chess, name).folder
        for i in range(40):
            services.add_player(f, f"{name}{i}", rating=2000 - i)
        folders.append(f)
    import time
    start = time.time() + 1.5
    procs = [subprocess.Popen([sys.executable, "-c", _PAIR, str(f), str(start)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for f in folders]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    for f in folders:
        ev = store.load(f)
        assert len(ev.rounds) == 1 and len(ev.rounds[0].boards) == 20
        assert ev.rounds[0].paired_ids() == {p.id for p in ev.players}

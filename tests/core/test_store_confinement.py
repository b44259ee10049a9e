"""A folder never reaches outside itself (issue 31, items 8 and 9): a planted
``.swisstui.journal`` naming files outside the event, a symbolic link in place of an event
file or of ``rounds/`` pointing elsewhere, and the privacy of ``.swisstui-cache/``.

Each hostile case has a canary outside the event folder; after the readers (``check``,
``standings``, the venue server's reading path) and a writer, the canary is unchanged, the
planted thing is left in place and the refusal is one line naming it."""

from __future__ import annotations

import io
import json
import os
import stat
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from conftest import make_event
from manual_round import make_round
from swisstui.cli import main
from swisstui.core import store
from swisstui.core.errors import SwissError
from swisstui.core.model import Player
from swisstui.core.store import diskcache


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = main(list(argv))
    return rc, out.getvalue(), err.getvalue()


def _tree(path: Path) -> dict[str, tuple]:
    """Every entry under ``path`` (links not followed): kind, mode, bytes or target."""
    out: dict[str, tuple] = {}
    for p in sorted([path, *path.rglob("*")]):
        st = os.lstat(p)
        rel = str(p.relative_to(path))
        if stat.S_ISLNK(st.st_mode):
            out[rel] = ("link", os.readlink(p))
        elif stat.S_ISREG(st.st_mode):
            out[rel] = ("file", stat.S_IMODE(st.st_mode), p.read_bytes())
        else:
            out[rel] = ("other", st.st_mode)
    return out


def _event(tmp_path: Path) -> tuple[Path, Path]:
    """An event with round 1 paired, and a sandbox beside it holding canaries."""
    folder = make_event(tmp_path, "chess", 4)
    store.update(folder, lambda e: make_round(e, [(1, 2), (3, 4)]))
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "canary.toml").write_text("canary = 1\n")
    (outside / ".canary.toml.0badc0de.swisstui-tmp").write_text("planted = 1\n")
    (outside / "players.toml").write_text("# a file someone else owns\n")
    return folder, outside


def _journals(folder: Path, outside: Path) -> dict[str, list[list[str]]]:
    rel = os.path.relpath(outside, folder)
    return {
        "delete ../": [["delete", f"{rel}/canary.toml"]],
        "delete absolute": [["delete", str(outside / "canary.toml")]],
        "delete through rounds/..": [["delete", f"rounds/../{rel}/canary.toml"]],
        "replace ../": [["replace", f"{rel}/.canary.toml.0badc0de.swisstui-tmp",
                         f"{rel}/canary.toml"]],
        "replace absolute": [["replace", str(outside / ".canary.toml.0badc0de.swisstui-tmp"),
                              str(outside / "canary.toml")]],
        # a good first step must not be done either: the journal is refused as a whole
        "own step then outside": [["delete", "rounds/01.toml"],
                                  ["delete", str(outside / "canary.toml")]],
        "not an event file": [["delete", ".swisstui.lock"]],
    }


@pytest.mark.parametrize("case", ["delete ../", "delete absolute", "delete through rounds/..",
                                  "replace ../", "replace absolute", "own step then outside",
                                  "not an event file"])
def test_a_planted_journal_never_reaches_outside_the_folder(tmp_path, case):
    from swisstui.web.snapshot import snapshot_bytes  # what `serve` reads, each poll
    folder, outside = _event(tmp_path)
    steps = _journals(folder, outside)[case]
    journal = folder / store.JOURNAL_FILE
    journal.write_text(json.dumps({"swisstui_journal": 1, "steps": steps}))
    before_out, before_in = _tree(outside), _tree(folder)
    for argv in (["check", str(folder)], ["standings", str(folder)],
                 ["players", "add", str(folder), "Late Entry"]):
        rc, out, err = _run(argv)
        assert rc == 1, (argv, out, err)
        line = (out + err).strip()
        assert "\n" not in line and "Traceback" not in line, line
        assert str(journal) in line and "outside the event's own files" in line, line
        assert json.dumps(steps[-1]) in line, line  # the bad step, as written
        assert _tree(outside) == before_out, argv
        assert _tree(folder) == before_in, argv  # the journal stays, nothing done
    doc = json.loads(snapshot_bytes(folder))
    assert "outside the event's own files" in doc["error"]
    assert _tree(outside) == before_out and _tree(folder) == before_in
    with pytest.raises(SwissError):
        store.load(folder)
    assert _tree(outside) == before_out and _tree(folder) == before_in


def test_a_journal_that_is_a_link_is_refused_and_left(tmp_path):
    folder, outside = _event(tmp_path)
    (outside / "journal").write_text(json.dumps(
        {"swisstui_journal": 1, "steps": [["delete", "rounds/01.toml"]]}))
    (folder / store.JOURNAL_FILE).symlink_to(outside / "journal")
    before_out, before_in = _tree(outside), _tree(folder)
    rc, out, err = _run(["check", str(folder)])
    assert rc == 1 and "symbolic link" in out + err, (out, err)
    assert _tree(outside) == before_out and _tree(folder) == before_in


def test_a_journal_of_our_own_is_still_finished(tmp_path):
    """The confinement refuses only what swisstui never writes: a journal of the event's own
    files (a writer killed after its commit point) is rolled forward as before."""
    from swisstui.core.store import atomic, serialise
    folder, _outside = _event(tmp_path)
    old = store.load(folder)
    new = old.with_player(Player(5, "Journalled")).without_round(1)
    data = serialise._dump(serialise._players_doc(new.players),
                           serialise._HEADERS["players.toml"])
    tmp = atomic._stage(folder / "players.toml", data)
    entries = [(None, folder / "rounds" / "01.toml"), (tmp, folder / "players.toml")]
    (folder / store.JOURNAL_FILE).write_bytes(atomic._journal_bytes(folder, entries))
    assert json.loads((folder / store.JOURNAL_FILE).read_text())["steps"] == [
        ["delete", "rounds/01.toml"], ["replace", tmp.name, "players.toml"]]
    assert store.load(folder) == new
    assert not (folder / store.JOURNAL_FILE).exists()


# ---- symbolic links: read through, never written through to outside ---------------------

@pytest.mark.parametrize("name", ["players.toml", "event.toml", "rounds/01.toml"])
def test_a_link_to_a_file_outside_is_read_but_never_written(tmp_path, name):
    folder, outside = _event(tmp_path)
    target = outside / f"linked-{name.replace('/', '-')}"
    os.replace(folder / name, target)
    (folder / name).symlink_to(target)
    event = store.load(folder)  # reading through the link stays
    assert len(event.players) == 4
    before_out, before_in = _tree(outside), _tree(folder)
    rc, out, err = _run(["result", str(folder), "1", "1", "1-0"]) if name.startswith("rounds") \
        else _run(["players", "add", str(folder), "Late Entry"]) if name == "players.toml" \
        else _run(["settings", str(folder), "--rounds", "6"])
    assert rc == 1, (out, err)
    assert err.count("\n") == 1 and "outside the event folder" in err, err
    assert str(folder / name) in err, err
    assert _tree(outside) == before_out and _tree(folder) == before_in


def test_a_link_inside_the_folder_is_still_written_through(tmp_path):
    folder, _outside = _event(tmp_path)
    keep = folder / "kept"
    keep.mkdir()
    os.replace(folder / "players.toml", keep / "players.toml")
    (folder / "players.toml").symlink_to(Path("kept") / "players.toml")
    store.update(folder, lambda e: e.with_player(Player(5, "Late Entry")))
    assert (folder / "players.toml").is_symlink()
    assert "Late Entry" in (keep / "players.toml").read_text()
    assert store.check(folder) == []


def test_rounds_as_a_link_outside_is_never_written_or_cleaned(tmp_path):
    folder, outside = _event(tmp_path)
    elsewhere = outside / "rounds"
    os.replace(folder / "rounds", elsewhere)
    (folder / "rounds").symlink_to(elsewhere)
    (elsewhere / ".02.toml.1234abcd.swisstui-tmp").write_text("not ours\n")
    assert store.load(folder).rounds[0].number == 1  # read through
    before_out, before_in = _tree(outside), _tree(folder)
    for argv in (["result", str(folder), "1", "1", "1-0"], ["pair", str(folder), "--undo"]):
        rc, out, err = _run(argv)
        assert rc == 1 and err.count("\n") == 1 and "outside the event folder" in err, err
        assert _tree(outside) == before_out and _tree(folder) == before_in


def test_the_side_file_is_confined_too(tmp_path):
    from swisstui.core.services import clock_start
    folder, outside = _event(tmp_path)
    (outside / "clock.toml").write_text("round = 1\nminutes = 30.0\n"
                                        "started = 2026-05-01T10:00:00Z\n")
    (folder / "clock.toml").symlink_to(outside / "clock.toml")
    before = _tree(outside)
    with pytest.raises(SwissError, match="outside the event folder"):
        clock_start(folder, 30)
    assert _tree(outside) == before


def test_a_cache_folder_that_is_a_link_is_left_alone(tmp_path):
    folder, outside = _event(tmp_path)
    diskcache_dir = folder / diskcache.CACHE_DIR
    for p in diskcache_dir.iterdir():
        p.unlink()
    diskcache_dir.rmdir()
    (outside / "cache").mkdir()
    (outside / "cache" / "stray").write_text("x\n")
    diskcache_dir.symlink_to(outside / "cache")
    before = _tree(outside)
    store.update(folder, lambda e: e.with_player(Player(5, "Late Entry")))
    assert store.load(folder).player(5).name == "Late Entry"
    assert _tree(outside) == before


# ---- item 9: the cache holds the data's privacy -----------------------------------------

def test_cache_files_are_no_more_readable_than_their_data(tmp_path):
    old = os.umask(0o022)
    try:
        folder, _outside = _event(tmp_path)
        os.chmod(folder / "players.toml", 0o600)
        rc, out, err = _run(["players", "add", str(folder), "Late Entry"])
        assert rc == 0, err
        cache = folder / diskcache.CACHE_DIR
        modes = {p.name: stat.S_IMODE(os.stat(p).st_mode) for p in cache.iterdir()}
        assert modes["players.toml.pickle"] == 0o600, modes
        assert modes["event.toml.pickle"] == 0o644, modes  # event.toml is 0644
        assert stat.S_IMODE(os.stat(cache).st_mode) == 0o700  # names, births, notes inside
        # the round files hold results, not names: they keep their own mode
        assert modes["rounds-01.toml.pickle"] == 0o644, modes
    finally:
        os.umask(old)


def test_an_existing_loose_cache_is_tightened_by_the_next_writer(tmp_path):
    old = os.umask(0o022)
    try:
        folder, _outside = _event(tmp_path)
        cache = folder / diskcache.CACHE_DIR
        entry = cache / "players.toml.pickle"
        assert stat.S_IMODE(os.stat(entry).st_mode) == 0o644  # players.toml is 0644
        os.chmod(folder / "players.toml", 0o640)
        os.chmod(folder / "event.toml", 0o640)
        os.chmod(folder / "rounds" / "01.toml", 0o640)
        store.update(folder, lambda e: e.with_player(Player(5, "Late Entry")))
        modes = {p.name: stat.S_IMODE(os.stat(p).st_mode) for p in cache.iterdir()}
        assert set(modes.values()) == {0o640}, modes
        assert stat.S_IMODE(os.stat(cache).st_mode) == 0o750
    finally:
        os.umask(old)


def test_a_print_written_in_the_event_folder_is_no_more_readable_than_the_players(tmp_path):
    """Issue 31 item 9: the TUI's prints (``prints/`` in the event folder) and an export
    named inside the folder hold the players' names: a new one gets no access that
    players.toml does not give; an export elsewhere keeps the umask's mode, and a file
    that exists keeps its own."""
    from swisstui.core import services
    from swisstui.tui.print_prompt import write_print
    folder = make_event(tmp_path, n_players=4)
    services.pair_next(folder)
    os.chmod(folder / "players.toml", 0o600)
    old = os.umask(0o022)
    try:
        page = write_print(folder, "alphabetical a4")
        assert stat.S_IMODE(os.stat(page).st_mode) == 0o600
        inside = folder / "list.csv"
        services.export_to_file(services.load(folder),
                                services.ExportRequest("csv", "standings"), inside)
        assert stat.S_IMODE(os.stat(inside).st_mode) == 0o600
        elsewhere = tmp_path / "list.csv"
        services.export_to_file(services.load(folder),
                                services.ExportRequest("csv", "standings"), elsewhere)
        assert stat.S_IMODE(os.stat(elsewhere).st_mode) == 0o644
        os.chmod(inside, 0o640)
        services.export_to_file(services.load(folder),
                                services.ExportRequest("csv", "standings"), inside)
        assert stat.S_IMODE(os.stat(inside).st_mode) == 0o640
    finally:
        os.umask(old)

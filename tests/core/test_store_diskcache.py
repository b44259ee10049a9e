"""The folder's on-disk cache of the parsed event (swisstui/core/store/diskcache.py, issue 14
item 3): written by writers only, never by a reader; used only when it vouches for the
files as they are; a stale, corrupt or foreign entry is ignored (the TOML is parsed)."""

from __future__ import annotations

import json
import os
import pickle
import shutil
from pathlib import Path

import pytest

import swisstui.core.store as store_pkg
from conftest import make_event
from swisstui.core import store
from swisstui.core.model import Board, Round
from swisstui.core.results import record_result
from swisstui.core.store import cache, diskcache

CACHE = diskcache.CACHE_DIR


def _state(folder: Path) -> dict[str, tuple]:
    """Every file and folder under ``folder`` with its bytes and stamps."""
    out = {}
    for p in sorted(folder.rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(folder))] = (p.read_bytes() if p.is_file() else None,
                                           st.st_ino, st.st_mtime_ns, st.st_size)
    return out


def _event(tmp_path) -> Path:
    folder = make_event(tmp_path, "chess", 10, rounds=3)
    boards = tuple(Board(b, (2 * b - 1, 2 * b)) for b in range(1, 6))
    store.update(folder, lambda e: e.with_round(Round(1, boards)))
    store.update(folder, lambda e: record_result(e, 1, 1, "1-0"))  # players parsed: cached
    store.update(folder, lambda e: record_result(e, 1, 2, "0-1"))
    return folder


def _new_process() -> None:
    cache._CACHE.clear()  # what a new process has in memory


@pytest.fixture
def no_parse(monkeypatch):
    """``no_parse()``: from now on parsing any file fails, so a load that succeeds took
    every file from the cache."""
    def forbid() -> None:
        for name in ("_load_settings", "_load_players", "_load_round"):
            monkeypatch.setattr(store_pkg, name, lambda *a, **kw: pytest.fail("parsed"))
    return forbid


def test_writers_keep_the_cache_and_a_new_reader_uses_it(tmp_path, no_parse):
    folder = _event(tmp_path)
    names = sorted(os.listdir(folder / CACHE))
    assert names == ["event.toml.pickle", "players.toml.pickle", "rounds-01.toml.pickle"]
    expected = store.load(folder)
    _new_process()
    no_parse()
    assert store.load(folder) == expected
    assert store.load(folder).round(1).board(2).result.text == "0-1"


def test_a_reader_never_writes_into_the_folder(tmp_path):
    folder = make_event(tmp_path, "chess", 6, rounds=3)
    before = _state(folder)
    _new_process()
    store.load(folder)
    assert store.check(folder) == []
    assert _state(folder) == before and not (folder / CACHE).exists()
    folder = _event(tmp_path)
    pl = folder / "players.toml"
    pl.write_text(pl.read_text() + "\n# a hand edit\n")  # the players' entry is stale now
    before = _state(folder)
    _new_process()
    store.load(folder)
    store.check(folder)
    assert _state(folder) == before


def test_the_next_write_refreshes_a_stale_entry(tmp_path, no_parse):
    folder = _event(tmp_path)
    pl = folder / "players.toml"
    pl.write_text(pl.read_text().replace('"Anna', '"Anne', 1))
    _new_process()
    assert store.load(folder).players[0].name.startswith("Anne")  # parsed, not the entry
    store.update(folder, lambda e: record_result(e, 1, 3, "1-0"))
    _new_process()
    no_parse()
    assert store.load(folder).players[0].name.startswith("Anne")


def _rewrite_head(entry: Path, **changes) -> None:
    raw = entry.read_bytes()
    end = raw.index(b"\n", len(diskcache.MAGIC))
    head = json.loads(raw[len(diskcache.MAGIC):end])
    head.update(changes)
    entry.write_bytes(diskcache.MAGIC + json.dumps(head).encode() + raw[end:])


def test_an_edit_the_stamp_does_not_show_is_seen_by_the_digest(tmp_path):
    folder = _event(tmp_path)
    pl = folder / "players.toml"
    text = pl.read_text()
    assert '"Anna' in text
    pl.write_text(text.replace('"Anna', '"Anne', 1))  # same size
    st = os.stat(pl)
    # the entry claims the file's new stamp (an edit within the same clock tick)
    _rewrite_head(folder / CACHE / "players.toml.pickle",
                  stamp=[st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns])
    _new_process()
    assert store.load(folder).players[0].name.startswith("Anne")


def test_round_entries_follow_the_settings_file(tmp_path):
    folder = _event(tmp_path)
    ev = folder / "event.toml"
    ev.write_text(ev.read_text() + "# a comment\n")
    reader = diskcache.Reader(folder)
    path = folder / "rounds" / "01.toml"
    assert reader.get(path, "rounds/01.toml", 1) is None  # parsed under other settings
    assert diskcache.Reader(folder).get(folder / "players.toml", "players.toml") is not None


@pytest.mark.parametrize("damage", ["truncated", "garbage", "payload", "foreign", "type",
                                    "number", "code"])
def test_a_corrupt_or_foreign_entry_is_ignored(tmp_path, damage):
    folder = _event(tmp_path)
    expected = store.load(folder)
    entry = folder / CACHE / "rounds-01.toml.pickle"
    raw = entry.read_bytes()
    end = raw.index(b"\n", len(diskcache.MAGIC))
    head = json.loads(raw[len(diskcache.MAGIC):end])
    marker = tmp_path / "ran"

    class Evil:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))

    payload = {"foreign": pickle.dumps(Evil()),
               "type": pickle.dumps(expected.players, protocol=5),
               "number": pickle.dumps(Round(2, expected.round(1).boards), protocol=5)}
    if damage == "truncated":
        entry.write_bytes(raw[:len(raw) // 2])
    elif damage == "garbage":
        entry.write_bytes(os.urandom(len(raw)))
    elif damage == "payload":
        entry.write_bytes(raw[:-10] + b"0123456789")
    elif damage == "code":
        _rewrite_head(entry, code="another swisstui")
    else:
        head["payload"] = diskcache._digest(payload[damage])
        entry.write_bytes(diskcache.MAGIC + json.dumps(head).encode() + b"\n"
                          + payload[damage])
    _new_process()
    assert diskcache.Reader(folder).get(folder / "rounds" / "01.toml", "rounds/01.toml",
                                        1) is None
    assert store.load(folder) == expected
    assert not marker.exists()


def test_a_copied_folder_does_not_trust_the_copied_entries(tmp_path):
    folder = _event(tmp_path)
    copy = tmp_path / "copy"
    shutil.copytree(folder, copy)
    reader = diskcache.Reader(copy)
    assert reader.get(copy / "players.toml", "players.toml") is None  # other inodes
    before = _state(copy)
    _new_process()
    assert store.load(copy) == store.load(folder)
    assert _state(copy) == before


def test_a_cache_path_that_is_not_a_folder_is_left_alone(tmp_path):
    folder = make_event(tmp_path, "chess", 6, rounds=3)
    (folder / CACHE).write_text("mine")
    store.load(folder)
    store.update(folder, lambda e: e.with_round(Round(1, (Board(1, (1, 2)),))))
    store.update(folder, lambda e: record_result(e, 1, 1, "1-0"))
    assert (folder / CACHE).read_text() == "mine"
    assert store.load(folder).round(1).board(1).result.text == "1-0"


@pytest.mark.parametrize("game,texts", [("chess", ("1-0", "1/2-1/2")), ("go", ("B+R", "W+R")),
                                        ("othello", ("40-24", "32-32")),
                                        ("magic", ("2-1", "1-1")), ("renju", ("1-0", "0-1"))])
def test_every_game_is_read_back_from_the_cache(tmp_path, no_parse, game, texts):
    folder = make_event(tmp_path, game, 8, rounds=3)
    boards = tuple(Board(b, (2 * b - 1, 2 * b)) for b in range(1, 5))
    store.update(folder, lambda e: e.with_round(Round(1, boards)))
    for b, text in ((1, texts[0]), (2, texts[1])):
        store.update(folder, lambda e, b=b, text=text: record_result(e, 1, b, text))
    expected = store.load(folder)
    _new_process()
    no_parse()
    got = store.load(folder)
    assert got == expected and got.settings.options == expected.settings.options
    assert [b.result for b in got.round(1).boards] == [b.result for b in
                                                         expected.round(1).boards]


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_an_entry_that_is_not_a_file_never_blocks_or_spoils_the_writer(tmp_path, kind):
    """A named pipe in place of an entry blocked every writer in the cache's header read
    (open without O_NONBLOCK; found by the folder fuzzer, issue 31); a folder there stopped
    the other entries from being written.  The writer runs in a thread so the test fails
    rather than hangs."""
    import threading
    folder = _event(tmp_path)
    shutil.rmtree(folder / CACHE)
    (folder / CACHE).mkdir()
    entry = folder / CACHE / "event.toml.pickle"
    os.mkfifo(entry) if kind == "fifo" else entry.mkdir()
    done = threading.Event()

    def write() -> None:
        store.update(folder, lambda e: record_result(e, 1, 3, "1-0"))
        done.set()
    threading.Thread(target=write, daemon=True).start()
    assert done.wait(60), "the writer hung on the cache entry"
    assert sorted(p.name for p in (folder / CACHE).iterdir()) == [
        "event.toml.pickle", "players.toml.pickle", "rounds-01.toml.pickle"]
    assert (folder / CACHE / "players.toml.pickle").is_file()
    assert (folder / CACHE / "rounds-01.toml.pickle").is_file()

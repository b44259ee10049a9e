"""The store against a hostile folder (QA issue 16, items 6-11; issue 12, item 5): every
problem is one ``file:line`` line, a refused command changes nothing, written files keep
their mode, links are written through (files inside the folder) or refused (the lock, files
outside the folder), a change of several files is all or nothing."""

from __future__ import annotations

import json
import os
import shutil
import stat
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import make_event
from swisstui.core import store
from swisstui.core.errors import EventFileError, SwissError
from manual_round import make_round
from swisstui.core.model import Player
from swisstui.core.results import record_result


def _paired(tmp_path, n=4, **kw):
    folder = make_event(tmp_path, "chess", n, **kw)
    store.update(folder, lambda e: make_round(e, [(1, 2), (3, 4)]))
    return folder


def _one_line(exc_or_text) -> str:
    text = str(exc_or_text)
    assert "\n" not in text and "Traceback" not in text
    return text


# ---- item 6: deep nesting, rounds as a file ---------------------------------------------------

@pytest.mark.parametrize("depth", [40, 400, 5000])
@pytest.mark.parametrize("name", ["event.toml", "players.toml", "rounds/01.toml"])
def test_a_deeply_nested_array_is_one_line_with_its_line(tmp_path, name, depth):
    folder = _paired(tmp_path)
    path = folder / name
    lines = path.read_text().splitlines()
    at = 2  # after the header comment: a top-level key
    lines.insert(at, "deep = " + "[" * depth + "]" * depth)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(EventFileError) as err:
        store.load(folder)
    assert _one_line(err.value).startswith(f"{path}:{at + 1}: ")
    assert "nested more than 32 deep" in str(err.value)
    assert any(f"{path}:{at + 1}:" in p for p in store.check(folder))


def test_rounds_as_a_file_is_refused_by_check_load_and_writers(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    shutil.rmtree(folder / "rounds")
    (folder / "rounds").write_text("not a folder\n")
    msg = f"{folder / 'rounds'}: is not a folder"
    assert any(p.startswith(msg) for p in store.check(folder))
    with pytest.raises(EventFileError, match="is not a folder"):
        store.load(folder)
    with pytest.raises(EventFileError, match="is not a folder"):
        store.update(folder, lambda e: make_round(e, [(1, 2), (3, 4)]))
    assert (folder / "rounds").read_text() == "not a folder\n"


# ---- item 9: special files, round names, end-of-file errors ---------------------------------

@pytest.mark.parametrize("name", ["event.toml", "players.toml", "rounds/01.toml"])
def test_a_named_pipe_is_refused_without_blocking(tmp_path, name):
    folder = _paired(tmp_path)
    (folder / name).unlink()
    os.mkfifo(folder / name)
    with pytest.raises(EventFileError, match="is a named pipe, not a regular file"):
        store.load(folder)
    assert any("named pipe" in p for p in store.check(folder))
    with pytest.raises(EventFileError, match="named pipe"):
        store.update(folder, lambda e: e)


def test_a_folder_in_place_of_a_file_is_refused(tmp_path):
    folder = _paired(tmp_path)
    (folder / "players.toml").unlink()
    (folder / "players.toml").mkdir()
    with pytest.raises(EventFileError, match="players.toml: is a folder, not a regular file"):
        store.load(folder)


def test_a_round_file_needs_its_canonical_name(tmp_path):
    folder = _paired(tmp_path)
    shutil.copy(folder / "rounds" / "01.toml", folder / "rounds" / "1.toml")
    message = f"{folder / 'rounds' / '1.toml'}: round files are named with two digits: " \
              f"rename it to rounds/01.toml"
    with pytest.raises(EventFileError) as err:
        store.load(folder)
    assert str(err.value) == message
    assert message in store.check(folder)
    (folder / "rounds" / "01.toml").unlink()  # alone, the stray name is still refused
    with pytest.raises(EventFileError, match="rename it to rounds/01.toml"):
        store.load(folder)


def test_a_toml_error_at_the_end_of_a_file_names_its_last_line(tmp_path):
    folder = _paired(tmp_path)
    path = folder / "players.toml"
    text = path.read_text()
    path.write_text(text + "notes = [1,\n2,\n")
    last = len((text + "notes = [1,\n2,\n").splitlines())
    with pytest.raises(EventFileError) as err:
        store.load(folder)
    assert str(err.value).startswith(f"{path}:{last}: invalid TOML")


# ---- item 8 and issue 12 item 5: modes, owners, links ---------------------------------------

def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def test_new_files_follow_the_umask_and_writes_keep_the_mode(tmp_path):
    old = os.umask(0o022)
    try:
        folder = make_event(tmp_path, "chess", 4)
        for name in ("event.toml", "players.toml", store.LOCK_FILE):
            assert _mode(folder / name) == 0o644, name
        os.umask(0o077)  # a later write under a stricter umask keeps what is there
        store.update(folder, lambda e: make_round(e, [(1, 2), (3, 4)]))
        assert _mode(folder / "rounds" / "01.toml") == 0o600  # new: the umask
        os.chmod(folder / "rounds" / "01.toml", 0o640)
        os.chmod(folder / "players.toml", 0o664)
        store.update(folder, lambda e: record_result(e, 1, 1, "1-0"))
        store.update(folder, lambda e: e.with_player(replace(e.player(1), notes="x")))
        assert _mode(folder / "rounds" / "01.toml") == 0o640
        assert _mode(folder / "players.toml") == 0o664
        assert _mode(folder / "event.toml") == 0o644
    finally:
        os.umask(old)


def _as_user(user, fn) -> str:
    """``fn()`` in a forked child switched to ``user`` (in-process: the interpreter's own
    files may not be readable by that user); its text result, or 'ERROR ...'."""
    from swisstui.core.store import cache
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            os.close(r)
            os.setgroups([])
            os.setgid(user.pw_gid)
            os.setuid(user.pw_uid)
            cache._CACHE.clear()  # read the files, as that user
            text = str(fn())
        except BaseException as exc:
            text = f"ERROR {type(exc).__name__}: {exc}"
        os.write(w, text.encode())
        os._exit(0)
    os.close(w)
    chunks = []
    while chunk := os.read(r, 65536):
        chunks.append(chunk)
    os.close(r)
    os.waitpid(pid, 0)
    return b"".join(chunks).decode()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="needs root to write as one user and read as another")
def test_a_second_unix_user_reads_the_event_after_writes(tmp_path):
    """A projector or a second director under another account: root writes (umask 022),
    a child process switched to user 'nobody' reads the event."""
    import pwd
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("no user 'nobody' on this system")
    import tempfile
    base = Path(tempfile.mkdtemp(prefix="swisstui-second-user-"))  # pytest's tmp is 0700
    old = os.umask(0o022)
    try:
        os.chmod(base, 0o755)
        folder = make_event(base, "chess", 4)
        store.update(folder, lambda e: make_round(e, [(1, 2), (3, 4)]))
        store.update(folder, lambda e: record_result(e, 1, 1, "1-0"))
        store.update(folder, lambda e: e.with_player(Player(5, "Late")))  # journalled
        for p in [base, *base.parents]:  # the path must be traversable
            if not os.stat(p).st_mode & stat.S_IXOTH:
                pytest.skip(f"{p} is not searchable by other users")
        store.load(folder)  # every module the child needs is imported now (as root)
        out = _as_user(nobody, lambda: (
            lambda ev: f"{ev.round(1).boards[0].result.text} {ev.player(5).name} "
                       f"{len(store.check(folder))}")(store.load(folder)))
        assert out == "1-0 Late 0"
        # a change interrupted after its commit point: that user cannot finish it, and says
        from swisstui.core.store import atomic
        tmp = atomic._stage(folder / "players.toml", (folder / "players.toml").read_bytes())
        (folder / store.JOURNAL_FILE).write_bytes(atomic._journal_bytes(
            folder, [(tmp, folder / "players.toml"), (None, folder / "rounds" / "01.toml")]))
        out = _as_user(nobody, lambda: store.load(folder))
        assert out.startswith(f"ERROR SwissError: {folder / store.JOURNAL_FILE}: a change was "
                              f"interrupted and must be finished by a user who may write "
                              f"this event"), out
        assert store.load(folder).rounds == ()  # the owner's next command finishes it
    finally:
        os.umask(old)
        shutil.rmtree(base, ignore_errors=True)


def test_root_writing_keeps_the_owner_of_a_file(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("only root can give a file to another user")
    folder = _paired(tmp_path)
    os.chown(folder / "rounds" / "01.toml", 65534, 65534)
    store.update(folder, lambda e: record_result(e, 1, 1, "1-0"))
    st = os.stat(folder / "rounds" / "01.toml")
    assert (st.st_uid, st.st_gid) == (65534, 65534)


def test_an_event_file_that_is_a_symlink_is_written_through(tmp_path):
    """Through a link to a file inside the event folder; one leading outside is read but
    refused for writing (issue 31, item 8: tests/core/test_store_confinement.py)."""
    folder = _paired(tmp_path)
    shared = folder / "shared"
    shared.mkdir()
    target = shared / "players.toml"
    shutil.move(folder / "players.toml", target)
    os.chmod(target, 0o644)
    (folder / "players.toml").symlink_to(target)
    store.update(folder, lambda e: e.with_player(Player(5, "Late Entry")))
    assert (folder / "players.toml").is_symlink()
    assert "Late Entry" in target.read_text()
    assert _mode(target) == 0o644
    assert store.load(folder).player(5).name == "Late Entry"
    assert store.check(folder) == []
    outside = tmp_path / "players.toml"
    shutil.move(target, outside)
    (folder / "players.toml").unlink()
    (folder / "players.toml").symlink_to(outside)
    assert store.load(folder).player(5).name == "Late Entry"
    before = outside.read_bytes()
    with pytest.raises(SwissError, match="outside the event folder"):
        store.update(folder, lambda e: e.with_player(Player(6, "Later")))
    assert outside.read_bytes() == before


def test_a_dangling_symlink_event_file_is_refused(tmp_path):
    folder = _paired(tmp_path)
    (folder / "players.toml").unlink()
    (folder / "players.toml").symlink_to(tmp_path / "gone.toml")
    with pytest.raises(EventFileError, match="symbolic link to a missing file"):
        store.load(folder)
    assert not (tmp_path / "gone.toml").exists()


def test_the_lock_never_follows_a_link(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    lock = folder / store.LOCK_FILE
    lock.unlink()
    lock.symlink_to(tmp_path / "elsewhere")
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(SwissError) as err:
        store.update(folder, lambda e: e.with_player(Player(5, "X")))
    assert _one_line(err.value) == f"{lock}: is a symbolic link; the lock is never followed " \
                                   f"through a link (remove it)"
    with pytest.raises(SwissError, match="symbolic link"):
        store.load(folder)
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing created
    lock.unlink()
    os.mkfifo(lock)
    with pytest.raises(SwissError, match="not a regular file"):
        store.update(folder, lambda e: e.with_player(Player(5, "X")))
    with pytest.raises(SwissError, match="not a regular file"):
        store.load(folder)


# ---- item 11: several files as one change -----------------------------------------------------

def test_a_committed_journal_is_finished_by_the_next_reader(tmp_path):
    """Stage by hand what a writer killed right after its commit point leaves: the journal
    and the temp files.  The next load finishes the change; a later writer sees it."""
    from swisstui.core.store import atomic, serialise
    folder = _paired(tmp_path)
    old = store.load(folder)
    new = old.with_player(Player(5, "Journalled")).without_round(1)
    players = serialise._dump(serialise._players_doc(new.players),
                              serialise._HEADERS["players.toml"])
    tmp = atomic._stage(folder / "players.toml", players)
    entries = [(None, folder / "rounds" / "01.toml"), (tmp, folder / "players.toml")]
    (folder / store.JOURNAL_FILE).write_bytes(atomic._journal_bytes(folder, entries))
    assert store.load(folder) == new
    assert not (folder / store.JOURNAL_FILE).exists() and not tmp.exists()
    assert store.check(folder) == []


def test_a_journal_that_is_not_ours_is_refused(tmp_path):
    folder = _paired(tmp_path)
    (folder / store.JOURNAL_FILE).write_text(json.dumps(
        {"swisstui_journal": 1, "steps": [["replace", "/etc/passwd", "players.toml"]]}))
    with pytest.raises(EventFileError, match="names a file outside the event's own files"):
        store.load(folder)
    assert any("outside the event's own files" in p for p in store.check(folder))
    (folder / store.JOURNAL_FILE).write_text(json.dumps({"swisstui_journal": 1, "steps": 3}))
    with pytest.raises(EventFileError, match="not a journal written by swisstui"):
        store.load(folder)


def test_temp_files_without_a_journal_are_rolled_back(tmp_path):
    from swisstui.core.store import atomic
    folder = _paired(tmp_path)
    before = store.load(folder)
    tmp = atomic._stage(folder / "players.toml", b"garbage = 1\n")
    store.update(folder, lambda e: e)  # a writer takes the lock: the stray stage goes
    assert not tmp.exists() and store.load(folder) == before


def test_a_refused_change_writes_nothing_not_even_a_journal(tmp_path):
    folder = _paired(tmp_path)
    snap = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}

    with pytest.raises(SwissError):
        store.update(folder, lambda e: e.with_player(Player(0, "id zero")))
    with pytest.raises(SwissError):
        store.update(folder, lambda e: (_ for _ in ()).throw(SwissError("no")))
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == snap

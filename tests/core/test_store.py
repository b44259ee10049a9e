"""The event folder store: round-trip, validation with file:line, update, fingerprint."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import make_event
from swisstui.core import store
from swisstui.core.errors import EventFileError, SwissError
from swisstui.core.games import profile
from swisstui.core.model import (Board, Bye, ByeKind, Event, Player, Round, Scoring,
                                 Settings)


def _chess_result(ev, text):
    return profile("chess").result(text, ev.settings)


def _full_event() -> Event:
    settings = Settings(
        name="Riverside Open 2026", game="chess", rounds=7, system="swiss", style="slide",
        round1="lot", colours="fide", tiebreaks=("BH", "SB"), pairing_order=("BH",),
        seed=42, scoring=Scoring(win=3, draw=1, loss=0, bye=2, absent=0.5, forfeit_win=2.5,
                                 double_forfeit=-1),
        forbidden=((1, 2), (3, 4)), club_weight=0, country_weight=3,
        date_start="2026-05-01", date_end="2026-05-03", venue="Town Hall", city="Köln",
        arbiter="Jane Roe", options={"tiebreak_rules": "pre2023", "initial_colour": "b"})
    players = (
        Player(1, "Anna Ahn", rating=2400, rank="3d", club="Riverside", country="DE", lot=7,
               federation_id="4611111", sex="f", title="WGM", birth="1990-02-03",
               joined_round=1, withdrawn_from=6, byes=((2, ByeKind.HALF), (4, ByeKind.ZERO)),
               smms_correction=-1, notes='said "hello"\nsecond line'),
        Player(2, "이세돌"), Player(3, "井山 裕太", rating=1500),
        Player(4, "Zoë Ünal", joined_round=2, byes=((3, ByeKind.FULL), (5, ByeKind.ABSENT))),
        Player(5, "Bob"),
    )
    ev = Event(settings, players)
    r1 = Round(1, (Board(1, (1, 2), _chess_result(ev, "1-0")),
                   Board(2, (3, 5), _chess_result(ev, "+-"))), (Bye(4, ByeKind.ABSENT),))
    r2 = Round(2, (Board(1, (2, 3), _chess_result(ev, "=")), Board(2, (5, 4), None)),
               (Bye(1, ByeKind.HALF),), playoff=True)
    return replace(ev, rounds=(r1, r2))


def _write(path: Path, ev: Event) -> None:
    store.create(path, ev.settings, ev.players)
    for rnd in ev.rounds:
        store.update(path, lambda e, rnd=rnd: e.with_round(rnd))


def test_every_field_round_trips(tmp_path):
    ev = _full_event()
    _write(tmp_path / "ev", ev)
    assert store.load(tmp_path / "ev") == ev
    text = (tmp_path / "ev" / "rounds" / "02.toml").read_text()
    assert "playoff = true" in text and "players = [2, 3]" in text
    assert 'result = "1/2-1/2"' in text  # canonical notation
    assert 'byes = [{ round = 2, kind = "half" }, { round = 4, kind = "zero" }]' in \
        (tmp_path / "ev" / "players.toml").read_text()


def test_defaults_are_omitted(tmp_path):
    folder = make_event(tmp_path, "chess", 2)
    text = (folder / "players.toml").read_text()
    assert "joined_round" not in text and "smms_correction" not in text
    assert "byes" not in text and "withdrawn_from" not in text


def test_create_refuses_existing_event(tmp_path):
    folder = make_event(tmp_path, "chess", 2)
    with pytest.raises(SwissError, match="already an event"):
        store.create(folder, store.load(folder).settings)


def test_update_writes_only_changed_files(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    ev = store.update(folder, lambda e: e.with_round(
        Round(1, (Board(1, (1, 2)), Board(2, (3, 4))))))
    before = {p.name: p.stat().st_ino for p in [folder / "event.toml", folder / "players.toml"]}
    ev2 = store.update(folder, lambda e: e.with_round(replace(
        e.round(1), boards=(Board(1, (1, 2), _chess_result(e, "0-1")), e.round(1).boards[1]))))
    after = {p.name: p.stat().st_ino for p in [folder / "event.toml", folder / "players.toml"]}
    assert before == after  # untouched (an atomic replace changes the inode)
    assert store.load(folder) == ev2 != ev
    # undoing the round deletes its file
    store.update(folder, lambda e: e.without_round(1))
    assert not (folder / "rounds" / "01.toml").exists()
    assert store.load(folder).rounds == ()


def test_refused_change_writes_nothing(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    fp = store.fingerprint(folder)

    def refuse(e):
        raise SwissError("no")

    with pytest.raises(SwissError):
        store.update(folder, refuse)
    # a change producing an invalid event is refused too
    with pytest.raises(SwissError, match="appears twice"):
        store.update(folder, lambda e: e.with_round(Round(1, (Board(1, (1, 2)),
                                                              Board(2, (2, 3))))))
    with pytest.raises(SwissError, match="no player"):
        store.update(folder, lambda e: e.with_round(Round(1, (Board(1, (1, 99)),))))
    assert store.fingerprint(folder) == fp


def test_fingerprint_changes_on_write(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    fp = store.fingerprint(folder)
    assert fp == store.fingerprint(folder)
    store.update(folder, lambda e: e.with_player(Player(5, "New")))
    assert store.fingerprint(folder) != fp


def test_stale_temp_files_are_ignored_and_cleaned(tmp_path):
    folder = make_event(tmp_path, "chess", 2)
    junk = folder / "rounds" / ".01.toml.abc.swisstui-tmp"
    junk.write_text("[[board]\nbroken")
    store.load(folder)
    store.update(folder, lambda e: e.with_player(Player(3, "C")))
    assert not junk.exists()


# ---- validation: file:line messages -------------------------------------------------------

def _err(folder) -> EventFileError:
    with pytest.raises(EventFileError) as info:
        store.load(folder)
    return info.value


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, (old, text)
    path.write_text(text.replace(old, new, 1))


def _line_of(path: Path, needle: str) -> int:
    for no, line in enumerate(path.read_text().splitlines(), 1):
        if needle in line:
            return no
    raise AssertionError(needle)


@pytest.fixture
def paired(tmp_path):
    folder = make_event(tmp_path, "chess", 6)
    store.update(folder, lambda e: e.with_round(Round(
        1, (Board(1, (1, 2), _chess_result(e, "1-0")), Board(2, (3, 4)), Board(3, (5, 6))))))
    return folder


def test_unknown_key_in_players(paired):
    p = paired / "players.toml"
    _edit(p, 'name = "Chen Ahn"', 'name = "Chen Ahn"\nratnig = 2000')
    err = _err(paired)
    assert err.path == str(p) and err.line == _line_of(p, "ratnig")
    assert "unknown key 'ratnig'" in str(err) and "rating" in str(err)


def test_wrong_type(paired):
    p = paired / "players.toml"
    _edit(p, "rating = 2400", 'rating = "2400"')
    err = _err(paired)
    assert err.line == _line_of(p, 'rating = "2400"') and "must be an integer" in str(err)


def test_duplicate_id(paired):
    p = paired / "players.toml"
    _edit(p, "id = 2\n", "id = 1\n")
    err = _err(paired)
    assert "duplicate player id 1" in str(err)
    lines = p.read_text().splitlines()
    second = [no for no, line in enumerate(lines, 1) if line == "id = 1"][1]
    assert err.line == second


def test_board_names_unknown_player(paired):
    r = paired / "rounds" / "01.toml"
    _edit(r, "players = [5, 6]", "players = [5, 60]")
    err = _err(paired)
    assert err.path == str(r) and err.line == _line_of(r, "[5, 60]")
    assert "no player with id 60" in str(err)


def test_player_twice_in_round(paired):
    r = paired / "rounds" / "01.toml"
    _edit(r, "players = [5, 6]", "players = [5, 1]")
    err = _err(paired)
    assert err.line == _line_of(r, "[5, 1]") and "player 1 appears twice" in str(err)


def test_result_the_game_refuses(paired):
    r = paired / "rounds" / "01.toml"
    _edit(r, 'result = "1-0"', 'result = "2-0"')
    err = _err(paired)
    assert err.line == _line_of(r, '"2-0"') and "board 1" in str(err)


def test_round_number_must_match_file_name(paired):
    r = paired / "rounds" / "01.toml"
    _edit(r, "round = 1", "round = 2")
    err = _err(paired)
    assert err.line == _line_of(r, "round = 2") and "file name" in str(err)


def test_bad_round_file_name(paired):
    (paired / "rounds" / "first.toml").write_text("")
    assert "named by the round number" in str(_err(paired))


def test_toml_syntax_error_has_line(paired):
    r = paired / "rounds" / "01.toml"
    _edit(r, "[[board]]\nboard = 2", "[[board]]\nboard = = 2")
    err = _err(paired)
    assert err.line == _line_of(r, "board = = 2") and "invalid TOML" in str(err)


def test_schema_version_and_unknown_game(paired):
    e = paired / "event.toml"
    _edit(e, "schema = 1", "schema = 9")
    assert "schema version 9" in str(_err(paired))
    _edit(e, "schema = 9", "schema = 1")
    _edit(e, 'game = "chess"', 'game = "draughts"')
    err = _err(paired)
    assert err.line == _line_of(e, "draughts") and "valid: chess, go" in str(err)


def test_bad_setting_values(paired):
    e = paired / "event.toml"
    _edit(e, 'style = "slide"', 'style = "zigzag"')
    err = _err(paired)
    assert err.line == _line_of(e, "zigzag") and "fold" in str(err)
    _edit(e, 'style = "zigzag"', 'style = "slide"')
    _edit(e, "[scoring]\n", "[scoring]\ntie = 3\n")
    err = _err(paired)
    assert err.line == _line_of(e, "tie = 3") and "unknown key 'tie'" in str(err)


def test_unknown_option(paired):
    e = paired / "event.toml"
    _edit(e, "[options]\n", "[options]\nkomi = 6.5\n")
    err = _err(paired)
    assert err.line == _line_of(e, "komi") and "komi" in str(err)


def test_missing_folder_and_event_file(tmp_path):
    assert "no such event folder" in str(_err(tmp_path / "nope"))
    (tmp_path / "empty").mkdir()
    assert "event.toml" in str(_err(tmp_path / "empty"))


def test_non_utf8_is_an_error_not_a_traceback(paired):
    (paired / "players.toml").write_bytes(b'[[player]]\nid = 1\nname = "\xff"\n')
    err = _err(paired)
    assert err.line == 3 and "UTF-8" in str(err)


def test_check_reports_every_problem(paired):
    _edit(paired / "players.toml", "rating = 2400", "ratnig = 2400")
    _edit(paired / "rounds" / "01.toml", 'result = "1-0"', 'result = "9-9"')
    problems = store.check(paired)
    assert len(problems) == 2
    assert problems[0].startswith(str(paired / "players.toml") + ":")
    assert problems[1].startswith(str(paired / "rounds" / "01.toml") + ":")


def test_hand_edit_that_is_valid_is_accepted(paired):
    r = paired / "rounds" / "01.toml"
    _edit(r, 'result = "1-0"', "result = '1/2'   # agreed draw")
    ev = store.load(paired)
    assert ev.round(1).board(1).result.text == "1/2-1/2"
    assert store.check(paired) == []


def test_settings_change_that_invalidates_a_result_is_refused(tmp_path):
    folder = make_event(tmp_path, "magic", 4, options={"best_of": 5})
    store.update(folder, lambda e: e.with_round(Round(1, (
        Board(1, (1, 2), profile("magic").result("3-1", e.settings)),))))
    fp = store.fingerprint(folder)
    with pytest.raises(SwissError, match="round 1 board 1: 3-1 would not be valid"):
        store.update(folder, lambda e: replace(e, settings=replace(
            e.settings, options={**e.settings.options, "best_of": 3})))
    assert store.fingerprint(folder) == fp
    store.load(folder)


def test_hand_edit_after_a_cached_load_is_seen(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    store.update(folder, lambda e: e.with_round(Round(1, (Board(1, (1, 2)),))))
    assert store.load(folder).round(1).board(1).result is None
    r = folder / "rounds" / "01.toml"
    r.write_text(r.read_text() + 'result = "0-1"\n')  # in place, same inode
    assert store.load(folder).round(1).board(1).result.text == "0-1"
    p = folder / "players.toml"
    p.write_text(p.read_text().replace('name = "Anna Ahn"', 'name = "Anna Berg"'))
    assert store.load(folder).player(1).name == "Anna Berg"


def test_change_may_load_the_folder_inside_update(tmp_path):
    folder = make_event(tmp_path, "chess", 2)

    def change(e):
        assert store.load(folder) == e  # no self-deadlock on the lock
        assert store.check(folder) == []
        return e.with_player(Player(3, "C"))

    assert store.update(folder, change).player(3).name == "C"


def test_reader_waits_for_a_writer(tmp_path):
    import fcntl
    import threading
    folder = make_event(tmp_path, "chess", 2)
    fd = os.open(folder / store.LOCK_FILE, os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)  # a writer in another process, mid-update
    done = threading.Event()
    t = threading.Thread(target=lambda: (store.load(folder), done.set()))
    t.start()
    assert not done.wait(0.3)
    fcntl.flock(fd, fcntl.LOCK_UN)
    os.close(fd)
    assert done.wait(5)
    t.join()


def test_check_lists_every_problem_of_a_file(paired):
    p = paired / "players.toml"
    _edit(p, "rating = 2400", "ratnig = 2400")
    _edit(p, "rating = 2380", 'rating = "high"')
    r = paired / "rounds" / "01.toml"
    _edit(r, 'result = "1-0"', 'result = "9-9"')
    _edit(r, "players = [5, 6]", "players = [5, 60]")
    problems = store.check(paired)
    assert [pr.split(":")[1] for pr in problems] == [
        str(_line_of(p, "ratnig")), str(_line_of(p, '"high"')),
        str(_line_of(r, '"9-9"')), str(_line_of(r, "[5, 60]"))]
    assert "no player with id 60" in problems[3]
    with pytest.raises(EventFileError, match="ratnig"):  # load stops at the first
        store.load(paired)


def test_check_lists_every_bad_setting(paired):
    e = paired / "event.toml"
    _edit(e, 'style = "slide"', 'style = "zigzag"\ncolour = "w"')
    _edit(e, "[scoring]\n", "[scoring]\ntie = 3\n")
    _edit(e, "[options]\n", "[options]\nkomi = 6.5\n")
    problems = store.check(paired)
    assert sorted(int(p.split(":")[1]) for p in problems) == sorted(
        _line_of(e, needle) for needle in ("zigzag", 'colour = "w"', "tie = 3", "komi"))


def test_check_reads_rounds_despite_a_typo_in_event_toml(paired):
    _edit(paired / "event.toml", 'style = "slide"', 'style = "slide"\ncolour = "w"')
    _edit(paired / "rounds" / "01.toml", 'result = "1-0"', 'result = "9-9"')
    problems = store.check(paired)
    assert len(problems) == 2 and "colour" in problems[0] and "9-9" in problems[1]


def test_a_missing_round_file_is_an_error(tmp_path):
    from manual_round import make_round
    folder = make_event(tmp_path, "chess", 4)
    for _ in range(3):
        store.update(folder, lambda e: make_round(e, [(1, 2), (3, 4)]))
    (folder / "rounds" / "02.toml").unlink()
    err = _err(folder)
    assert err.path == str(folder / "rounds" / "03.toml")
    assert "round 2 is missing (rounds/02.toml)" in str(err)
    assert len(store.check(folder)) == 1
    (folder / "rounds" / "03.toml").rename(folder / "rounds" / "02.toml")
    _edit(folder / "rounds" / "02.toml", "round = 3", "round = 2")
    with pytest.raises(SwissError, match="round 1 is missing"):
        store.update(folder, lambda e: e.without_round(1))


def test_rounds_setting_below_the_round_files(tmp_path):
    """QA bug 17: a hand edit of ``rounds`` below the last Swiss round file is refused with
    event.toml's line (load and check); playoff rounds may go past it."""
    from manual_round import make_round
    folder = make_event(tmp_path, "chess", 4, rounds=3)
    for _ in range(3):
        store.update(folder, lambda e: make_round(e, [(1, 2), (3, 4)]))
    _edit(folder / "event.toml", "rounds = 3", "rounds = 2")
    err = _err(folder)
    assert err.path == str(folder / "event.toml")
    assert err.line == _line_of(folder / "event.toml", "rounds = 2")
    assert "rounds = 2 but rounds/03.toml exists" in str(err)
    assert len(store.check(folder)) == 1
    _edit(folder / "event.toml", "rounds = 2", "rounds = 3")
    store.update(folder, lambda e: e.with_round(Round(4, (Board(1, (1, 2)),), (),
                                                      playoff=True)))
    assert store.check(folder) == [] and store.load(folder).current_round == 4


def test_joined_round_contradicting_the_round_files(tmp_path):
    """QA bug 18, hand-edited: players.toml's joined_round after a round the player played
    (or withdrawn_from at or before one) is refused with its line; update never writes it."""
    from manual_round import make_round
    folder = make_event(tmp_path, "chess", 4, rounds=3)
    for _ in range(2):
        store.update(folder, lambda e: make_round(e, [(1, 2), (3, 4)]))
    text = (folder / "players.toml").read_text()
    at = text.index("id = 3")
    (folder / "players.toml").write_text(text[:at] + "joined_round = 2\n" + text[at:])
    err = _err(folder)
    assert err.path == str(folder / "players.toml")
    assert err.line == _line_of(folder / "players.toml", "joined_round = 2")
    assert "plays in round 1; joined_round must be at most 1, not 2" in str(err)
    assert len(store.check(folder)) == 1
    (folder / "players.toml").write_text(text)
    with pytest.raises(SwissError, match="withdrawn_from must be at least 3"):
        store.update(folder, lambda e: e.with_player(replace(e.player(1), withdrawn_from=2)))
    assert store.check(folder) == []


def test_infinite_numbers_are_refused_with_their_line(tmp_path):
    folder = make_event(tmp_path, "go", 4, options={"komi": 6.5})
    e = folder / "event.toml"
    _edit(e, "komi = 6.5", "komi = 1e400")
    err = _err(folder)
    assert err.line == _line_of(e, "1e400") and "finite" in str(err)
    _edit(e, "komi = 1e400", "komi = 6.5")
    store.update(folder, lambda ev: ev.with_round(Round(1, (Board(1, (1, 2)),))))
    r = folder / "rounds" / "01.toml"
    r.write_text(r.read_text() + 'result = "B+R"\nkomi = inf\n')
    err = _err(folder)
    assert err.line == _line_of(r, "komi = inf") and "finite" in str(err)
    with pytest.raises(SwissError, match="finite"):
        from swisstui.core.settings import make_settings
        make_settings("go", "G", 5, options={"komi": float("inf")})


def test_export_writer_never_replaces_a_device_or_fifo(tmp_path):
    """`export -o /dev/stdout` or a named pipe must be written in place: an atomic replace
    would swap the device node for a plain file (this once turned /dev/null into a file)."""
    import os
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(Path(fifo).read_bytes()))
    reader.start()
    store.write_file(fifo, b"standings\n")
    reader.join(5)
    assert got == [b"standings\n"]
    assert fifo.is_fifo()
    target = tmp_path / "out.txt"
    store.write_file(target, b"x")
    assert target.read_bytes() == b"x"
    with pytest.raises(SwissError, match="does not exist"):
        store.write_file(tmp_path / "nope" / "x.txt", b"x")


def _hold_lock_while_writing(folder, release_after):
    """Hold the event's lock, start a writer in a thread, let go after ``release_after``
    seconds; return once the write is done."""
    import fcntl
    import threading
    import time
    fd = os.open(folder / store.LOCK_FILE, os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    done = threading.Event()
    t = threading.Thread(target=lambda: (
        store.update(folder, lambda e: e.with_player(Player(3, "C"))), done.set()))
    t.start()
    time.sleep(release_after)
    assert not done.is_set()  # it waited for us
    fcntl.flock(fd, fcntl.LOCK_UN)
    os.close(fd)
    assert done.wait(10)
    t.join()
    assert store.load(folder).player(3).name == "C"


def test_writer_says_it_waits_for_a_lock_held_long(tmp_path, monkeypatch):
    """A writer kept waiting past locking.NOTICE_AFTER calls store.lock_wait_notice once
    (the CLI prints 'waiting for …'), then writes as soon as the other process lets go."""
    from swisstui.core.store import locking
    folder = make_event(tmp_path, "chess", 2)
    told: list[Path] = []
    monkeypatch.setattr(store, "lock_wait_notice", told.append)
    monkeypatch.setattr(locking, "NOTICE_AFTER", 0.05)
    _hold_lock_while_writing(folder, 1.0)
    assert told == [folder / store.LOCK_FILE]


def test_writer_says_nothing_for_a_short_wait(tmp_path, monkeypatch):
    """A wait shorter than NOTICE_AFTER (0.5 s) goes unmentioned: a script that reads stderr
    must not take a successful write for a failure (QA issue 16, item 10)."""
    from swisstui.core.store import locking
    assert locking.NOTICE_AFTER == 0.5
    folder = make_event(tmp_path, "chess", 2)
    told: list[Path] = []
    monkeypatch.setattr(store, "lock_wait_notice", told.append)
    monkeypatch.setattr(locking, "NOTICE_AFTER", 60)
    _hold_lock_while_writing(folder, 0.2)
    assert told == []
